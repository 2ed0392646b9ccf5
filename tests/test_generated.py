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
    """A skill with a module of its own (反间: skills/fanjian.py) is reached through the generated
    dispatch only: no family's switch compares against its id."""
    import pathlib

    from heroes_env.engine.skills import dispatch, registry
    mods = generate.skill_modules()
    assert mods["fanjian"] == ["active_ok", "mask", "run"]
    assert set(dispatch.OWN) == {getattr(ids, "SK_" + k.upper()) for k in mods}
    assert all(registry.OWN_MODULE[sk] for sk in dispatch.OWN)
    here = pathlib.Path(generate.HERE)
    for key in mods:
        name = "SK_" + key.upper()
        for p in here.glob("*.py"):
            if p.stem not in (key, "dispatch", "answer_dispatch", "ids"):
                text = p.read_text(encoding="utf-8")      # (SK_JIANXIONG_HK is another skill)
                assert not re.search(rf"sk == {name}\b", text), (p.name, name)


def test_a_handler_with_other_parameters_is_named(tmp_path, monkeypatch):
    (tmp_path / "fanjian.py").write_text("def run(s, o, sk):\n    pass\n", encoding="utf-8")
    monkeypatch.setattr(generate, "HERE", tmp_path)
    with pytest.raises(ValueError, match=r"fanjian.py: run\(s, o, sk\) must take \(s, o\)"):
        generate.skill_modules()


def test_a_handler_compiled_on_its_own_is_named(tmp_path, monkeypatch):
    """A handler is compiled into the dispatch (inline="always"): one declared plain would add a
    compiled function of its own to every cold compile."""
    (tmp_path / "fanjian.py").write_text("@njit(cache=True)\ndef run(s, o):\n    pass\n",
                                         encoding="utf-8")
    monkeypatch.setattr(generate, "HERE", tmp_path)
    with pytest.raises(ValueError, match=r'fanjian.py: run is a handler: declare it '
                                         r'@njit\(cache=True, inline="always"\)'):
        generate.skill_modules()
    (tmp_path / "fanjian.py").write_text(
        '@njit(cache=True, inline="always")\ndef run(s, o):\n    pass\n', encoding="utf-8")
    assert generate.skill_modules()["fanjian"] == ["run"]
