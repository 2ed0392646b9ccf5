"""The heuristic's skill modules (heroes_env.agents.heuristic_skills): the generated dispatch and
traits are current, every module names known base skills once, the memory cells the modules
take do not overlap, and the compile cache follows the modules."""
import pathlib

import pytest

from heroes_env.agents import heuristic_common as HC
from heroes_env.agents import heuristic_kernels as HK
from heroes_env.agents.heuristic_skills import generate
from heroes_env.fast import jit


def test_generated_files_are_current():
    for path, text in generate.outputs().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is stale: run python -m heroes_env.agents.heuristic_skills.generate")


def test_every_skill_has_one_module():
    seen = {}
    for name, _mod, sks in generate.skill_modules():
        for sk in sks:
            assert sk not in seen, (sk, name, seen.get(sk))
            seen[sk] = name
    assert len(seen) >= 30


def test_memory_cells_do_not_overlap():
    cells = {}
    mods = [HC] + [mod for _n, mod, _s in generate.skill_modules()]
    sizes = {"M_CTX": HC.NUM_CTX, "M_LOYAL": HC.NS, "M_PREV_HP": HC.NS, "M_PREV_ALIVE": HC.NS}
    for mod in mods:
        for name, at in vars(mod).items():
            if name.startswith("M_") and type(at) is int and (mod is HC or name not in vars(HC)):
                for i in range(sizes.get(name, 1)):
                    assert at + i not in cells, (name, cells.get(at + i))
                    cells[at + i] = name
    assert sorted(cells) == list(range(HK.MF_SIZE))


def test_compile_cache_follows_the_modules():
    files = {p.name for p in jit.compiled_files()}
    for p in pathlib.Path(generate.HERE).glob("*.py"):
        assert p.name in files


@pytest.mark.parametrize("source, message", [
    ('SKILLS = ("no_such_skill",)\n', "unknown skill 'no_such_skill'"),
    ('SKILLS = ("kongcheng",)\nIMMUNE_EMPTY = (1,)\n', "IMMUNE_EMPTY is neither a trait"),
    ('SKILLS = "kongcheng"\n', "SKILLS must be a non-empty tuple"),
])
def test_a_bad_module_is_refused(tmp_path, monkeypatch, source, message):
    pkg = tmp_path / f"probe_{tmp_path.name}"      # a fresh package name: no cached import
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "bad.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(generate, "HERE", pkg)
    monkeypatch.setattr(generate, "PACKAGE", pkg.name)
    with pytest.raises(generate.GenerateError, match=message):
        generate.skill_modules()
