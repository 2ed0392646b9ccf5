"""``docs/adding-a-hero.md`` works as written: its blocks titled with a file are written into a
copy of the package (``heroes_env/`` only), the generator is run there, then the page's test file
and its script, in subprocesses with ``NUMBA_DISABLE_JIT=1`` (the engine runs as plain Python:
no compile of the changed engine); the script must print the output the page shows. Adding the
hero must write only new files and data rows: no ``.py`` file of the package changes but the
generated ones.
"""
import csv
import hashlib
import io
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "adding-a-hero.md"
DATA = ROOT / "heroes_env" / "data"
GENERATED = {"heroes_env/engine/skills/ids.py", "heroes_env/engine/skills/dispatch.py",
             "heroes_env/engine/skills/answer_dispatch.py",
             "heroes_env/agents/heuristic_skills/dispatch.py",
             "heroes_env/agents/heuristic_skills/traits.py"}
# the generators the page runs, in its order: the engine's ids and dispatch, the heuristic's
GENERATORS = (["heroes_env/engine/skills/generate.py"],
              ["-m", "heroes_env.agents.heuristic_skills.generate"])
# a fenced block whose title names where it goes: ```python title="heroes_env/engine/skills/x.py"
BLOCK = re.compile(r'^```[\w-]*\s+title="(?P<title>[^"]+)"\s*\n(?P<body>.*?)^```\s*$',
                   re.M | re.S)


def blocks() -> dict[str, str]:
    """Title -> text of every titled block of the page (a title used twice fails)."""
    out: dict[str, str] = {}
    for m in BLOCK.finditer(PAGE.read_text(encoding="utf-8")):
        assert m["title"] not in out, f"{PAGE.name}: two blocks titled {m['title']!r}"
        out[m["title"]] = m["body"]
    return out


def csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.reader(io.StringIO(text)))


def tree_digest(root: pathlib.Path) -> dict[str, str]:
    """Relative path -> sha1 of every file under root/heroes_env."""
    return {p.relative_to(root).as_posix(): hashlib.sha1(p.read_bytes()).hexdigest()
            for p in (root / "heroes_env").rglob("*") if p.is_file()}


def run(cmd: list[str], cwd: pathlib.Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(NUMBA_DISABLE_JIT="1", PYTHONPATH=str(cwd), NUMBA_CACHE_DIR=str(cwd / "cache"))
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def test_the_page_names_its_files_and_its_ids_are_free():
    b = blocks()
    data = {t for t in b if t.startswith("heroes_env/data/")}
    assert data == {"heroes_env/data/heroes.csv", "heroes_env/data/skills.csv",
                    "heroes_env/data/skill_text.csv"}
    assert {t for t in b if t.endswith(".py")} >= {
        "tests/skills/test_qinxue.py", "play_qinxue.py",
        "heroes_env/agents/heuristic_skills/qinxue.py"}
    assert "output" in b
    for name, key_col, id_col in (("heroes.csv", 1, 0), ("skills.csv", 1, 0),
                                  ("skill_text.csv", 0, None)):
        real = csv_rows((DATA / name).read_text(encoding="utf-8"))
        for row in csv_rows(b[f"heroes_env/data/{name}"]):
            assert len(row) == len(real[0]), f"{name}: {row} has not the columns {real[0]}"
            for col in (key_col, id_col):
                if col is not None:
                    taken = {r[col] for r in real[1:]}
                    assert row[col] not in taken, f"{name}: {real[0][col]} {row[col]} is taken"


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """The package copied, the page's files written, the generator run: (root, digest before)."""
    root = tmp_path_factory.mktemp("adding_a_hero")
    shutil.copytree(ROOT / "heroes_env", root / "heroes_env",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc", "*.pyc"))
    before = tree_digest(root)
    for title, text in blocks().items():
        if title == "output":
            continue
        path = root / title
        if title.startswith("heroes_env/data/"):
            old = path.read_text(encoding="utf-8")
            assert old.endswith("\n")
            path.write_text(old + text, encoding="utf-8")
        else:
            assert not path.exists(), f"{title} exists: the page must write only new files"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    for generator in GENERATORS:
        done = run([sys.executable, *generator], root)
        assert done.returncode == 0, done.stderr
    return root, before


def test_only_new_files_data_rows_and_the_generated_files_change(copy):
    root, before = copy
    after = tree_digest(root)
    changed = {p for p in before if after[p] != before[p]}
    new = set(after) - set(before)
    page = blocks()
    assert new == {t for t in page if t.startswith("heroes_env/") and t.endswith(".py")}
    assert changed == {t for t in page if t.startswith("heroes_env/data/")} | {
        "heroes_env/engine/skills/ids.py", "heroes_env/engine/skills/dispatch.py",
        "heroes_env/agents/heuristic_skills/traits.py"}
    assert changed - {t for t in page if t.startswith("heroes_env/data/")} <= GENERATED
    done = run([sys.executable, "heroes_env/engine/skills/generate.py", "--check"], root)
    assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_the_pages_tests_pass_in_the_copy(copy):
    root, _ = copy
    done = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p",
                "no:xdist", "-p", "no:randomly", "tests/skills/test_qinxue.py"], root)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    passed = re.search(r"\b(\d+) passed\b", done.stdout)
    assert passed and int(passed[1]) >= 1, done.stdout[-2000:]


def test_the_pages_script_prints_the_pages_output(copy):
    root, _ = copy
    script = (f"import heroes_env, runpy; assert heroes_env.__file__.startswith({str(root)!r}), "
              f"heroes_env.__file__; runpy.run_path('play_qinxue.py', run_name='__main__')")
    done = run([sys.executable, "-c", script], root)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout == blocks()["output"]


def test_the_new_hero_leaves_the_observation_as_it_was(copy):
    """The page's hero takes a free id in the observation's hero room: the copy's observation
    has the sizes of this one's, with one hero more."""
    from heroes_env.engine import constants as C
    from heroes_env.engine import content
    root, _ = copy
    script = ("from heroes_env.engine import constants as C, content; "
              "print(C.OBS_SIZE, C.SEAT_OBS, C.OBS_LAYOUT, len(content.HEROES))")
    done = run([sys.executable, "-c", script], root)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == [str(n) for n in (C.OBS_SIZE, C.SEAT_OBS, C.OBS_LAYOUT,
                                                    len(content.HEROES) + 1)]


def test_the_heuristic_always_uses_the_new_skill(copy):
    """The page's heuristic module reaches the heuristic: 勤学 is always used."""
    root, _ = copy
    script = ("from heroes_env.agents.heuristic_skills import traits; "
              "from heroes_env.engine.skills import ids; "
              "print(bool(traits.ALWAYS_CONFIRM[ids.SK_QINXUE]))")
    done = run([sys.executable, "-c", script], root)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["True"]
