"""The skills' generated code, made from the data and the skill modules:
``python heroes_env/engine/skills/generate.py`` writes it, ``... --check`` says whether it is
current (``tests/test_generated.py``). A script that imports nothing of the package, so that it
runs while the package cannot be imported (a new skill module not dispatched yet).

- ``ids.py``: ``SK_<KEY> = <id>`` for every row of ``heroes_env/data/skills.csv``
  (``SK_JIANXIONG = 1`` for the row ``1,jianxiong,奸雄,...``) and ``NUM_SKILL_IDS``, as plain
  constants that an editor and a grep find. Adding a skill is a row in the CSV and a run of this
  command.
- ``dispatch.py``: for every skill with a module of its own (``skills/answers/<key>.py`` or
  ``skills/handlers/<key>.py``, ``key`` a row of skills.csv), plain ``if sk == SK_<KEY>:``
  branches that call its handlers (``HANDLERS``: the play-phase check, the masks of its
  decisions, its frame's steps, ...), and ``MODULES`` (skill id -> module), from which
  ``registry`` reads each module's ``TIMINGS``;
- ``answer_dispatch.py``: the same for the modules that answer query points (``ANSWER_HANDLERS``:
  ``answer``, ``react``; their ``QUERIES``), which ``queries`` asks. ``rules`` asks the query
  points, so these modules read the state only and do not import ``rules``.

A skill module's folder is its layer, and follows from its handlers: one that answers query
points (any of ``ANSWER_HANDLERS``) lives in ``answers/``, below ``rules``, whatever frame
handlers it has besides; one that does not lives in ``handlers/``, above ``rules``. The command
refuses a module in the other folder, or in ``skills/`` itself, naming the folder it belongs in
(``tests/test_import_graph.py`` checks the imports that the layers allow).

A handler is declared ``@njit(cache=True, inline="always")`` (``HANDLER_DECORATOR``; the
command refuses a module whose handler is not): Numba compiles it into the branch of the
dispatch that calls it, as if it were written there, so a skill module adds no compiled function
of its own to the engine's cold compile.
"""
from __future__ import annotations

import ast
import csv
import pathlib
import sys
import textwrap

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


# a skill module's handlers, in the module that dispatches them: name -> (its parameters after
# the state, the dispatcher's parameters, the dispatcher's result when no skill module answers).
# ``dispatch.py`` holds the frames' handlers; ``answer_dispatch.py`` the query points' answers,
# which ``rules`` asks, so that a module answering query points must not import ``rules``.
HANDLERS = {
    "active_ok": ("d", "s, d, sk", "False"),
    "mask": ("out, d, stage", "s, out, d, sk, stage", "0"),
    "run": ("o", "s, o, sk", None),
    "listens_at": ("seat, tp", "s, seat, sk, tp", "True"),
    "judge_keeps": ("seat, c", "s, seat, sk, c", "False"),
    "dying_starts": ("victim", "s, victim, sk", "False"),
    "response_ok": ("d, dk, purpose, tried", "s, d, sk, dk, purpose, tried", "False"),
    "play_kind": ("seat", "s, seat, sk", "0"),        # 0: K_NONE (constants.py), no kind
    "ignores_distance": ("seat", "s, seat, sk", "0"),
}
ANSWER_HANDLERS = {
    "answer": ("q, prm, seat, value, a, b", "s, q, sk, prm, seat, value, a, b", "value"),
    "react": ("q, prm, seat, a, b", "s, q, sk, prm, seat, a, b", None),
}
HANDLER_DOCS = {
    "active_ok": "May d use skill sk (a base id) as a play-phase action now?",
    "mask": "The legal actions of skill sk's decision at stage (their count).",
    "run": "The next step of skill sk's FR_SKILL frame at o.",
    "listens_at": "Does seat's skill sk answer timing point tp, one of its ``TIMINGS``? (A "
                  "parameter may pick among them: 洛神 at the start of the turn, 玉步 before the "
                  "draw phase.)",
    "judge_keeps": "Does seat keep judgement card c that skill sk asked for, once it took effect?",
    "dying_starts": "As victim's dying procedure starts, does skill sk of his hold it off (True: "
                    "he does not die)?",
    "response_ok": "May d call on skill sk when asked for a card of decision kind dk (tried: he "
                   "already did for this request)?",
    "play_kind": "The kind of card conversion skill sk makes in seat's play phase (K_NONE: "
                 "none).",
    "ignores_distance": "1 if the card conversion skill sk makes for seat ignores distance.",
    "answer": "Seat's skill sk (prm: its parameter) answers query point q: the value it leaves.",
    "react": "Seat's skill sk acts on event point q.",
}
# module-level names a skill module may declare: the timing points it listens to, the query
# points it answers
DECLARED = ("TIMINGS", "QUERIES")


# how a handler is declared: Numba compiles it into the dispatch that calls it (its IR inlined),
# so a skill adds no compiled function of its own; every compiled function has a fixed cost in a
# cold compile, and the callers of one compiled on its own would carry its code a second time
HANDLER_DECORATOR = '@njit(cache=True, inline="always")'


def _inlined(node: ast.FunctionDef) -> bool:
    """Whether node is decorated ``njit(..., inline="always")``."""
    for dec in node.decorator_list:
        if isinstance(dec, ast.Call) and getattr(dec.func, "id", None) == "njit":
            for kw in dec.keywords:
                if kw.arg == "inline" and isinstance(kw.value, ast.Constant):
                    return kw.value.value == "always"
    return False


def module_parts(path: pathlib.Path) -> tuple[list[str], list[str]]:
    """(the handlers, the declared names) of skill module ``path``; a handler with other
    parameters than its table says, or not declared ``HANDLER_DECORATOR``, fails, naming it."""
    table = {**HANDLERS, **ANSWER_HANDLERS}
    found, declared = [], []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name in table:
            params = ", ".join(a.arg for a in node.args.args)
            want = "s, " + table[node.name][0]
            if params != want:
                raise ValueError(f"{path.name}: {node.name}({params}) must take ({want})")
            if not _inlined(node):
                raise ValueError(f"{path.name}: {node.name} is a handler: declare it "
                                 f"{HANDLER_DECORATOR} (the dispatch compiles it in)")
            found.append(node.name)
        elif isinstance(node, ast.Assign):
            declared += [t.id for t in node.targets
                         if isinstance(t, ast.Name) and t.id in DECLARED]
    return [h for h in table if h in found], declared


# the folders of the skill modules, by layer: a module that answers query points (below
# ``rules``, which asks them: it must not import ``rules``), and one with frame handlers only
# (above ``rules``); each a package of its own
ANSWERS, HANDLERS_ONLY = "answers", "handlers"
LAYERS = (ANSWERS, HANDLERS_ONLY)


def layer(handlers: list[str]) -> str:
    """The folder of a skill module that defines these handlers: ``answers`` if it answers
    query points (whatever else it defines), else ``handlers``."""
    return ANSWERS if any(h in ANSWER_HANDLERS for h in handlers) else HANDLERS_ONLY


def skill_modules() -> dict[str, list[str]]:
    """Skill key -> the handlers its module ``skills/<layer>/<key>.py`` defines, for every module
    named by a skill of skills.csv with code of its own; a module that answers query points
    declares them (``QUERIES``) and one that listens at timing points declares those
    (``TIMINGS``). A module outside the folder of its layer (``layer``) fails, naming it."""
    keys = {r["key"] for r in rows("skills.csv") if not r.get("base")}
    out: dict[str, list[str]] = {}
    for p in sorted(HERE.glob("*.py")):
        if p.stem in keys:
            want = layer(module_parts(p)[0])
            raise ValueError(f"skills/{p.name}: a skill module lives in the folder of its "
                             f"layer: move it to skills/{want}/{p.name}")
    for folder in LAYERS:
        for p in sorted((HERE / folder).glob("*.py")):
            if p.stem not in keys:
                continue
            name = f"{folder}/{p.name}"
            handlers, declared = module_parts(p)
            answers = any(h in ANSWER_HANDLERS for h in handlers)
            if answers != ("QUERIES" in declared):
                raise ValueError(f"{name}: a module that answers query points (answer, react) "
                                 f"declares QUERIES, and only such a module")
            if "listens_at" in handlers and "TIMINGS" not in declared:
                raise ValueError(f"{name}: listens_at picks among the module's TIMINGS: "
                                 f"declare them")
            want = layer(handlers)
            if folder != want:
                why = ("it answers query points (answer, react), which rules asks: it sits "
                       "below rules" if answers else
                       "it answers no query point: its frame handlers sit above rules")
                raise ValueError(f"{name}: {why}; move it to skills/{want}/{p.name}")
            if p.stem in out:
                raise ValueError(f"{name}: skill {p.stem} has a module in both "
                                 f"{' and '.join(LAYERS)}")
            out[p.stem] = handlers
    return out


def _header(what: str) -> str:
    return f'''"""{what}

Generated from the modules ``skills/answers/<key>.py`` and ``skills/handlers/<key>.py`` by
``{COMMAND}``:
do not edit.
"""
'''


DISPATCH_HEADER = _header(
    "The skills with a module of their own, and the dispatch from a skill id to their\n"
    "handlers (``registry`` calls these).")
ANSWER_HEADER = _header(
    "The skills that answer query points, and the dispatch from a skill id to their\n"
    "answers (``queries`` calls these; the modules, all in ``answers/``, import no ``rules``).")


def _switch(name: str, spec: tuple[str, str, str | None], mods: dict[str, list[str]]) -> list[str]:
    params, outer, default = spec
    doc = textwrap.wrap(f'"""{HANDLER_DOCS[name]}"""', 96, initial_indent="    ",
                        subsequent_indent="    ")
    lines = ["", "", "@njit(cache=True)", f"def {name}({outer}):"] + doc
    first = True
    for key in sorted(mods):
        if name not in mods[key]:
            continue
        lines.append(f"    {'if' if first else 'elif'} sk == SK_{key.upper()}:")
        lines.append(f"        {'return ' if default is not None else ''}{key}.{name}(s, {params})")
        first = False
    if default is not None:
        lines.append(f"    return {default}")
    elif first:
        lines.append("    return")
    return lines


def _import(source: str, names: list[str]) -> list[str]:
    """``from <source> import <names>``, on one line if it fits in 100 characters (ruff's
    line length), else one name a line."""
    line = f"from {source} import {', '.join(names)}"
    if len(line) <= 100:
        return [line]
    return [f"from {source} import ("] + [f"    {n}," for n in names] + [")"]


def _imports(mods: dict[str, list[str]]) -> list[str]:
    lines = ["from ...fast.jit import njit"]
    for folder in LAYERS:
        mine = sorted(k for k in mods if layer(mods[k]) == folder)
        if mine:
            lines += _import(f".{folder}", mine)
    if mods:
        lines += _import(".ids", [f"SK_{k.upper()}" for k in sorted(mods)])
    return lines


def _table(name: str, mods: dict[str, list[str]], value: str, comment: str) -> list[str]:
    items = [f"    SK_{k.upper()}: {value.format(k=k)}," for k in sorted(mods)]
    if not items:
        return ["", f"# {comment}", f"{name} = {{}}"]
    return ["", f"# {comment}", f"{name} = {{"] + items + ["}"]


def dispatch_source() -> str:
    """The text of ``dispatch.py``."""
    mods = skill_modules()
    lines = [DISPATCH_HEADER] + _imports(mods)
    lines += _table("MODULES", mods, "{k}", "skill id -> its module, for every skill with one")
    lines += ["OWN = tuple(MODULES)"]
    for name, spec in HANDLERS.items():
        lines += _switch(name, spec, mods)
    return "\n".join(lines) + "\n"


def answer_dispatch_source() -> str:
    """The text of ``answer_dispatch.py``."""
    mods = {k: h for k, h in skill_modules().items() if any(x in ANSWER_HANDLERS for x in h)}
    lines = [ANSWER_HEADER] + _imports(mods)
    lines += _table("QUERIES", mods, "{k}.QUERIES", "skill id -> the query points it answers")
    for name, spec in ANSWER_HANDLERS.items():
        lines += _switch(name, spec, mods)
    return "\n".join(lines) + "\n"


# the generated files: path -> the function that makes its text
GENERATED = {HERE / "ids.py": ids_source, HERE / "dispatch.py": dispatch_source,
             HERE / "answer_dispatch.py": answer_dispatch_source}


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
