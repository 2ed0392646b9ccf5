"""The skills' generated code, made from the data: ``python -m heroes_env.engine.skills.generate``
writes it, ``... generate --check`` says whether it is current (``tests/test_generated.py``).

- ``ids.py``: ``SK_<KEY> = <id>`` for every row of ``heroes_env/data/skills.csv``
  (``SK_JIANXIONG = 1`` for the row ``1,jianxiong,奸雄,...``) and ``NUM_SKILL_IDS``, as plain
  constants that an editor and a grep find. Adding a skill is a row in the CSV and a run of this
  command.
"""
from __future__ import annotations

import pathlib
import sys

from ..datafiles import rows

HERE = pathlib.Path(__file__).resolve().parent
COMMAND = "python -m heroes_env.engine.skills.generate"

IDS_HEADER = f'''"""Skill ids: ``SK_<KEY>`` for every row of ``heroes_env/data/skills.csv``.

Generated from the CSV, their one home, by
``{COMMAND}``:
edit the CSV and run it, not this file (``tests/test_generated.py`` checks that it is current,
``content.py`` that it agrees with the CSV at import). Compiled code compares against these
constants: Numba folds module globals into the code it compiles, and ``heroes_env.fast.jit``
keys the compile cache by this file and the data files, so a changed id recompiles.
``NUM_SKILL_IDS`` is one more than the largest id.
"""
'''


def skill_ids() -> list[tuple[str, int, str]]:
    """(constant name, id, Chinese name) of every row of skills.csv, in the CSV's order; a key
    that makes no constant name, an id that is not an integer, or a repeat fails, naming it."""
    out: list[tuple[str, int, str]] = []
    seen: dict[int, str] = {}
    names: set[str] = set()
    for r in rows("skills.csv"):
        key = r["key"]
        name = "SK_" + key.upper()
        if not name.isidentifier() or key != key.lower():
            raise ValueError(f"skills.csv: key {key!r} must be lower-case letters, digits and _")
        try:
            sid = int(r["id"])
        except ValueError:
            raise ValueError(f"skills.csv: {key}: id {r['id']!r} is not an integer") from None
        if name in names or sid in seen:
            raise ValueError(f"skills.csv: {key} ({sid}) repeats "
                             f"{'a key' if name in names else 'the id of ' + seen[sid]}")
        names.add(name)
        seen[sid] = key
        out.append((name, sid, r["name_zh"]))
    return out


def ids_source() -> str:
    """The text of ``ids.py``."""
    ids = skill_ids()
    width = max(len(f"{name} = {sid}") for name, sid, _ in ids) + 2
    lines = [f"{f'{name} = {sid}':<{width}}# {zh}" for name, sid, zh in ids]
    return (IDS_HEADER + "\n" + "\n".join(lines) + "\n\n"
            + f"NUM_SKILL_IDS = {max(sid for _, sid, _ in ids) + 1}\n")


# the generated files: path -> the function that makes its text
GENERATED = {HERE / "ids.py": ids_source}


def stale() -> list[pathlib.Path]:
    """The generated files whose text is not what the data makes now."""
    return [p for p, make in GENERATED.items()
            if not p.exists() or p.read_text(encoding="utf-8") != make()]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv not in ([], ["--check"]):
        print(f"usage: {COMMAND} [--check]", file=sys.stderr)
        return 2
    old = stale()
    if argv == ["--check"]:
        for p in old:
            print(f"{p} is stale: run {COMMAND}", file=sys.stderr)
        return 1 if old else 0
    for p in old:
        p.write_text(GENERATED[p](), encoding="utf-8")
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
