"""The skills' generated code (``heroes_env/engine/skills/generate.py``) is what the data makes
now: after an edit of ``heroes_env/data/skills.csv`` or a skill module, run
``python heroes_env/engine/skills/generate.py``."""
import re

import pytest

from heroes_env.engine import content
from heroes_env.engine.skills import generate, ids


def test_generated_files_are_current():
    assert generate.stale() == [], (f"stale generated files: run {generate.COMMAND}")


def test_ids_are_plain_constants_of_every_skill():
    text = (generate.HERE / "ids.py").read_text(encoding="utf-8")
    assert "globals()" not in text and "\nimport " not in text and "\nfrom " not in text
    for sk in content.SKILLS.values():
        name = "SK_" + sk.key.upper()
        assert f"\n{name} = {sk.id} " in text and getattr(ids, name) == sk.id, sk.key
    assert ids.NUM_SKILL_IDS == max(sk.id for sk in content.SKILLS.values()) + 1


def test_bad_rows_are_named(monkeypatch):
    good = [{"id": "1", "key": "jianxiong", "name_zh": "奸雄"}]
    for bad, match in (([{"id": "1", "key": "Jian-xiong", "name_zh": "x"}], "lower-case"),
                       ([{"id": "one", "key": "jianxiong", "name_zh": "x"}], "not an integer"),
                       (good + [{"id": "1", "key": "fankui", "name_zh": "x"}], "the id of jian"),
                       (good + [{"id": "2", "key": "jianxiong", "name_zh": "x"}], "a key")):
        monkeypatch.setattr(generate, "rows", lambda name, bad=bad: bad)
        with pytest.raises(ValueError, match=match):
            generate.skill_ids()


def test_check_and_write(tmp_path, monkeypatch, capsys):
    target = tmp_path / "ids.py"
    monkeypatch.setattr(generate, "GENERATED", {target: generate.ids_source})
    assert generate.main(["--check"]) == 1 and "stale" in capsys.readouterr().err
    assert generate.main([]) == 0 and target.read_text(encoding="utf-8") == generate.ids_source()
    assert generate.main(["--check"]) == 0
    assert generate.main(["--bad"]) == 2


def test_a_skill_module_is_dispatched_and_no_family_names_it():
    """A skill with a module of its own (反间: skills/handlers/fanjian.py) is reached through the
    generated dispatch only: no family's switch compares against its id."""
    import pathlib

    from heroes_env.engine.skills import dispatch, registry
    mods = generate.skill_modules()
    assert mods["fanjian"] == ["active_ok", "mask", "run"]
    assert set(dispatch.OWN) == {getattr(ids, "SK_" + k.upper()) for k in mods}
    assert all(registry.OWN_MODULE[sk] for sk in dispatch.OWN)
    here = pathlib.Path(generate.HERE)
    for key in mods:
        name = "SK_" + key.upper()
        for p in here.rglob("*.py"):
            if p.stem not in (key, "dispatch", "answer_dispatch", "ids"):
                text = p.read_text(encoding="utf-8")      # (SK_JIANXIONG_HK is another skill)
                assert not re.search(rf"sk == {name}\b", text), (p.name, name)


def _module(root, path, text):
    """A skill module written at root/path (its folder made)."""
    (root / path).parent.mkdir(parents=True, exist_ok=True)
    (root / path).write_text(text, encoding="utf-8")


def test_a_handler_with_other_parameters_is_named(tmp_path, monkeypatch):
    _module(tmp_path, "handlers/fanjian.py", "def run(s, o, sk):\n    pass\n")
    monkeypatch.setattr(generate, "HERE", tmp_path)
    with pytest.raises(ValueError, match=r"fanjian.py: run\(s, o, sk\) must take \(s, o\)"):
        generate.skill_modules()


def test_a_handler_compiled_on_its_own_is_named(tmp_path, monkeypatch):
    """A handler is compiled into the dispatch (inline="always"): one declared plain would add a
    compiled function of its own to every cold compile."""
    _module(tmp_path, "handlers/fanjian.py", "@njit(cache=True)\ndef run(s, o):\n    pass\n")
    monkeypatch.setattr(generate, "HERE", tmp_path)
    with pytest.raises(ValueError, match=r'fanjian.py: run is a handler: declare it '
                                         r'@njit\(cache=True, inline="always"\)'):
        generate.skill_modules()
    _module(tmp_path, "handlers/fanjian.py",
            '@njit(cache=True, inline="always")\ndef run(s, o):\n    pass\n')
    assert generate.skill_modules()["fanjian"] == ["run"]


ANSWERS = ('QUERIES = (1,)\n\n\n@njit(cache=True, inline="always")\n'
           'def answer(s, q, prm, seat, value, a, b):\n    return value\n')
FRAMES = '@njit(cache=True, inline="always")\ndef run(s, o):\n    pass\n'


def test_each_skill_module_is_in_the_folder_of_its_layer():
    """A module that answers query points is in answers/ (below rules), even with frame handlers
    besides (国色: an answer and a play-phase conversion); one that does not, in handlers/."""
    mods = generate.skill_modules()
    assert generate.layer(mods["mashu"]) == "answers" and mods["mashu"] == ["answer"]
    assert generate.layer(mods["guose"]) == "answers" and "play_kind" in mods["guose"]
    assert generate.layer(mods["fanjian"]) == "handlers"
    for key, handlers in mods.items():
        assert (generate.HERE / generate.layer(handlers) / f"{key}.py").is_file(), key


@pytest.mark.parametrize("path, text, message", [
    ("fanjian.py", FRAMES, r"skills/fanjian.py: a skill module lives in the folder of its "
                           r"layer: move it to skills/handlers/fanjian.py"),
    ("mashu.py", ANSWERS, r"move it to skills/answers/mashu.py"),
    ("handlers/mashu.py", ANSWERS, r"handlers/mashu.py: it answers query points \(answer, "
                                   r"react\), which rules asks: it sits below rules; move it to "
                                   r"skills/answers/mashu.py"),
    ("answers/fanjian.py", FRAMES, r"answers/fanjian.py: it answers no query point: its frame "
                                   r"handlers sit above rules; move it to "
                                   r"skills/handlers/fanjian.py"),
])
def test_a_skill_module_in_another_folder_is_refused(tmp_path, monkeypatch, path, text, message):
    _module(tmp_path, path, text)
    monkeypatch.setattr(generate, "HERE", tmp_path)
    with pytest.raises(ValueError, match=message):
        generate.skill_modules()


def test_the_dispatch_imports_each_module_from_its_folder(tmp_path, monkeypatch):
    _module(tmp_path, "answers/mashu.py", ANSWERS)
    _module(tmp_path, "handlers/fanjian.py", FRAMES)
    monkeypatch.setattr(generate, "HERE", tmp_path)
    text = generate.dispatch_source()
    assert "from .answers import mashu\n" in text and "from .handlers import fanjian\n" in text
    text = generate.answer_dispatch_source()
    assert "from .answers import mashu\n" in text and "fanjian" not in text
