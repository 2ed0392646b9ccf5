"""The README's, the documentation's and the docstrings' Python examples run as written."""
import pathlib
import re
import textwrap

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]
# the package's modules: their docstrings' Examples sections (the API reference shows them)
SOURCES = sorted((ROOT / "heroes_env").rglob("*.py"))


def python_blocks(path):
    """The ```python blocks of a page, or of a module's docstrings (indented there: dedented)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return [textwrap.dedent(block) for _, block
                in re.findall(r"^( *)```python\n(.*?)^\1```", text, re.M | re.S)]
    return re.findall(r"```python\n(.*?)```", text, re.S)


# an example that trains (``.learn(``) takes half a minute: the full run's
EXAMPLES = [pytest.param(p, i, block, id=f"{p.relative_to(ROOT)}:{i}",
                         marks=[pytest.mark.slow] if ".learn(" in block else [])
            for p in PAGES + SOURCES for i, block in enumerate(python_blocks(p))]


def test_the_public_docstrings_have_examples():
    with_examples = {p.relative_to(ROOT).as_posix() for p in SOURCES if python_blocks(p)}
    assert {"heroes_env/__init__.py", "heroes_env/config.py", "heroes_env/env.py",
            "heroes_env/game.py", "heroes_env/vector.py", "heroes_env/wrappers.py"} \
        <= with_examples


def test_readme_has_examples():
    """The AEC game, the VectorEnv loop and the train-in-10-lines example."""
    blocks = python_blocks(README)
    assert len(blocks) >= 3
    assert any("heroes_env.env(" in b and "agent_iter" in b for b in blocks)
    assert any("VectorEnv(" in b for b in blocks)
    assert any("MaskablePPO" in b and "LearnerEnv" in b and "action_masks" in b for b in blocks)


def test_readme_is_a_short_product_page():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250, len(lines)


@pytest.mark.parametrize("path,index,block", EXAMPLES)
def test_examples_run(path, index, block, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)              # whatever an example writes stays out of the tree
    exec(compile(block, f"{path.relative_to(ROOT)} example {index}", "exec"), {})
    if path.name == "README.md":             # a quick-start example shows what it did
        assert capsys.readouterr().out.strip(), f"README example {index} prints nothing"


FULL_RUN = "python -m pytest -q"
QUICK_RUN = 'python -m pytest -q -m "not slow"'


@pytest.mark.parametrize("page", [README, ROOT / "docs" / "contributing.md"],
                         ids=["README.md", "docs/contributing.md"])
def test_the_full_and_the_quick_test_commands_are_given(page):
    """The full run (what CI runs) and the quick one, each with its measured time."""
    text = " ".join(page.read_text(encoding="utf-8").split())
    assert FULL_RUN in text and QUICK_RUN in text
    assert len(re.findall(r"\d+ min \d+ s", text)) >= 4, "the two runs' times, alone and loaded"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f"\n{FULL_RUN}\n" in ci
