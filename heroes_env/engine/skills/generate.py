"""The skills' generated code, made from the data and the skill modules:
``python heroes_env/engine/skills/generate.py`` writes it, ``... --check`` says whether it is
current (``tests/test_generated.py``). A script that imports nothing of the package, so that it
runs while the package cannot be imported (a new skill module not dispatched yet).

- ``ids.py``: ``SK_<KEY> = <id>`` for every row of ``heroes_env/data/skills.csv``
  (``SK_JIANXIONG = 1`` for the row ``1,jianxiong,奸雄,...``) and ``NUM_SKILL_IDS``, as plain
  constants that an editor and a grep find. Adding a skill is a row in the CSV and a run of this
  command.
- ``dispatch.py``: for every skill with a module of its own (``skills/<key>.py``, ``key`` a row of
  skills.csv), plain ``if sk == SK_<KEY>:`` branches that call its handlers (``HANDLERS``: the
  play-phase check, the masks of its decisions, its frame's steps), so that Numba compiles and
  inlines them as hand-written ones; ``registry`` asks it before the families.
"""
from __future__ import annotations

import ast
import csv
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
COMMAND = "python heroes_env/engine/skills/generate.py"
DATA = HERE.parent.parent / "data"


def rows(name: str) -> list[dict[str, str]]:
    """The rows of ``heroes_env/data/<name>`` (as ``datafiles.rows`` reads them)."""
    with open(DATA / name, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))

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


# a skill module's handlers: name -> (its parameters after the state, the dispatcher's
# parameters, the dispatcher's result when no skill module answers)
HANDLERS = {
    "active_ok": ("d", "s, d, sk", "False"),
    "mask": ("out, d, stage", "s, out, d, sk, stage", "0"),
    "run": ("o", "s, o, sk", None),
}
HANDLER_DOCS = {
    "active_ok": "May d use skill sk (a base id) as a play-phase action now?",
    "mask": "The legal actions of skill sk's decision at stage (their count).",
    "run": "The next step of skill sk's FR_SKILL frame at o.",
}


def skill_modules() -> dict[str, list[str]]:
    """Skill key -> the handlers its module ``skills/<key>.py`` defines, for every module named
    by a skill of skills.csv; a handler with other parameters than ``HANDLERS`` says fails."""
    keys = {r["key"] for r in rows("skills.csv") if not r.get("base")}
    out = {}
    for p in sorted(HERE.glob("*.py")):
        if p.stem not in keys:
            continue
        found = []
        for node in ast.parse(p.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name in HANDLERS:
                params = ", ".join(a.arg for a in node.args.args)
                want = "s, " + HANDLERS[node.name][0]
                if params != want:
                    raise ValueError(f"{p.name}: {node.name}({params}) must take ({want})")
                found.append(node.name)
        out[p.stem] = [h for h in HANDLERS if h in found]
    return out


DISPATCH_HEADER = f'''"""The skills with a module of their own, and the dispatch from a skill id to
their handlers.

Generated from the modules ``skills/<key>.py`` by
``{COMMAND}``:
do not edit. ``registry`` calls these for the skills in ``OWN`` before the families.
"""
'''


def dispatch_source() -> str:
    """The text of ``dispatch.py``."""
    mods = skill_modules()
    lines = [DISPATCH_HEADER, "from ...fast.jit import njit"]
    if mods:
        lines.append(f"from . import {', '.join(sorted(mods))}")
        lines.append(f"from .ids import {', '.join('SK_' + k.upper() for k in sorted(mods))}")
    lines.append("")
    own = ", ".join(f"SK_{k.upper()}" for k in sorted(mods)) + ("," if len(mods) == 1 else "")
    lines.append(f"OWN = ({own})      # the skills with a module of their own")
    for name, (params, outer, default) in HANDLERS.items():
        lines += ["", "", "@njit(cache=True)", f"def {name}({outer}):",
                  f'    """{HANDLER_DOCS[name]}"""']
        call_args = "s, " + params
        first = True
        for key in sorted(mods):
            if name not in mods[key]:
                continue
            lines.append(f"    {'if' if first else 'elif'} sk == SK_{key.upper()}:")
            lines.append(f"        {'return ' if default is not None else ''}"
                         f"{key}.{name}({call_args})")
            first = False
        if default is not None:
            lines.append(f"    return {default}")
        elif first:
            lines.append("    return")
    return "\n".join(lines) + "\n"


# the generated files: path -> the function that makes its text
GENERATED = {HERE / "ids.py": ids_source, HERE / "dispatch.py": dispatch_source}


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
