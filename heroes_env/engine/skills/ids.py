"""Skill ids: ``SK_<KEY>`` for every row of ``heroes_env/data/skills.csv`` (``SK_JIANXIONG`` = 1
for the row ``1,jianxiong,奸雄,...``), made here at import so that the CSV is their one home:
adding a skill is a row there, not a constant here too.

Compiled code compares against these constants: Numba reads module globals when it compiles, so
they fold like hand-written ones, and ``heroes_env.fast.jit`` keys the compile cache by the data files, so a
changed id recompiles. ``NUM_SKILL_IDS`` is one more than the largest id.
"""
from ..datafiles import rows


def _ids() -> dict[str, int]:
    out: dict[str, int] = {}
    seen: dict[int, str] = {}
    for r in rows("skills.csv"):
        key = r["key"]
        name = "SK_" + key.upper()
        if not name.isidentifier() or key != key.lower():
            raise ImportError(f"skills.csv: key {key!r} must be lower-case letters, digits and _")
        try:
            sid = int(r["id"])
        except ValueError:
            raise ImportError(f"skills.csv: {key}: id {r['id']!r} is not an integer") from None
        if name in out or sid in seen:
            raise ImportError(f"skills.csv: {key} ({sid}) repeats "
                              f"{'a key' if name in out else 'the id of ' + seen[sid]}")
        out[name], seen[sid] = sid, key
    return out


IDS = _ids()
globals().update(IDS)
NUM_SKILL_IDS = max(IDS.values()) + 1
