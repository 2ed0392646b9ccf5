"""The README's Python examples run as written."""
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"


def python_blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_examples():
    assert len(python_blocks()) >= 2


def test_readme_examples_run():
    for block in python_blocks():
        exec(compile(block, str(README), "exec"), {})
