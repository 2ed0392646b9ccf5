"""The skill mechanism: timing points, the FR_TRIGGER / FR_SKILL / FR_PENDING frames, and the
dispatch from a skill id to the code that implements it.

Every skill has a module of its own holding its handlers, in the folder of its layer:
``skills/answers/<key>.py`` if it answers query points (below ``rules``, which asks them; 马术:
``answers/mashu.py``), else ``skills/handlers/<key>.py`` (反间: ``handlers/fanjian.py``);
``dispatch.py`` (its timing points, frames, decisions and masks) and ``answer_dispatch.py`` (its
answers at query points), both generated from those modules by ``generate.py``, call them.
One mechanic that many skills share keeps a module of its own too: ``conversions.py`` (a card of
one's own used as another kind), reached through its family id ``FAM_CONVERSIONS``; the other
family ids only name the grouping of ``data/skills.csv``. A module's ``response_ok`` (a lord
skill called on in a response: ``response_ok`` here), ``dying_starts`` (it holds off its
owner's dying: ``dying_held_off`` here) and ``judge_keeps`` (its judgement card kept) are asked
through the registry, so that the frames never name a skill. Every skill of ``data/skills.csv``
must be implemented: checked here, at import.

The engine fires a timing point with ``fire``: if some skill listens, an FR_TRIGGER frame asks each
listening skill in turn (the owner's, or every living seat's from the current player for
TP_PREVENT / TP_RETRIAL / TP_DAMAGE_DONE), each as its own FR_SKILL frame. A rule that a
locked skill changes is asked as a query point instead (``queries.query``, no frame), answered
through ``answer_dispatch``.
"""
import numpy as np

from ...fast.jit import njit
from .. import content
from ..constants import (
    A_CONFIRM,
    A_PASS,
    COLOR_NONE,
    DX_SKILL_FLAGS,
    DX_SKILL_STAGE,
    F_AS,
    F_CARD,
    F_SUB2,
    F_TGT,
    F_USER,
    FAULT_SKILL_FAMILY,
    H_CUR,
    H_DA,
    H_DB,
    H_DC,
    H_DCARD,
    H_DECIDER,
    H_DKIND,
    H_DSKILL,
    H_DSKOWNER,
    H_DSRC,
    H_DTGT,
    H_ERR,
    H_HEROES,
    H_NP,
    H_PEND,
    H_RET,
    LOSS_EQUIP,
    LOSS_HAND,
    MAX_SKILL_SLOTS,
    MAX_SKILLS,
    P_ALIVE,
    P_PEND,
    SKD_CONFIRM,
    SKD_PASS,
    TP_DAMAGE_DONE,
    TP_PREVENT,
    TP_RETRIAL,
)
from ..frames import (
    F_PEND_DA,
    F_PEND_DB,
    F_PEND_DC,
    F_PEND_DSKILL,
    F_PEND_DSKOWNER,
    F_PEND_RET,
    F_SKILL_ORG,
    F_TRIG_EXTRA,
    F_TRIG_ORG,
    F_TRIG_SEAT,
    F_TRIG_SLOT,
    SKILL_NO_TP,
    push_pending,
    push_skill,
    push_trigger,
)
from ..state import pop_frame, post_decision, seat_after, slot_skill
from . import (
    conversions,
    dispatch,
)
from .common import JR_SKILL, PD_STAGE, mark_cards

# the one family with a module of its own (its id: the index of its name in content.FAMILIES,
# the CSV's ``family`` column); the other families' skills all have modules of their own, and
# their names only group data/skills.csv and the docs
FAM_CONVERSIONS = content.FAMILIES.index(conversions.__name__.rsplit(".", 1)[1])
_MODULES = {FAM_CONVERSIONS: conversions}     # family id -> its module


def _registry():
    tp = np.zeros(MAX_SKILLS, np.int32)
    for fam, mod in _MODULES.items():
        for sk in getattr(mod, "SKILLS", ()):
            if content.SKILL_FAMILY[sk] != fam:
                raise ImportError(f"skill {content.SKILLS_BY_ID[sk].key} is implemented in "
                                  f"{mod.__name__} but skills.csv names family "
                                  f"{content.FAMILIES[content.SKILL_FAMILY[sk]]}")
        for sk, point in getattr(mod, "TIMINGS", ()):
            tp[sk] |= 1 << point
    for sk, mod in dispatch.MODULES.items():      # a module of its own: TIMINGS = points
        for point in getattr(mod, "TIMINGS", ()):
            tp[sk] |= 1 << point
    in_families = {sk for mod in _MODULES.values() for sk in getattr(mod, "SKILLS", ())}
    twice = in_families & set(dispatch.OWN)
    if twice:
        raise ImportError(f"skills both in a family's SKILLS and in a module of their own: "
                          f"{sorted(content.SKILLS_BY_ID[sk].key for sk in twice)}")
    done = in_families | set(dispatch.OWN)
    # a skill running another's code (skills.csv ``base``) needs that skill's code
    missing = [sk.key for sk in content.SKILLS.values()
               if content.SKILL_BASE[sk.id] not in done]
    if missing:
        raise ImportError(f"skills without code: {missing}")
    return tp


def skill_table() -> str:
    """Where each skill's code lives, as a markdown table made from the code and the data: a row
    per skill module (``skills/answers/<key>.py``, ``skills/handlers/<key>.py``: named by its
    folder and key) and per family module still holding skills, with the
    module's first docstring sentence, the timing points it listens to (``TIMINGS``), the query
    points it answers (``QUERIES``), the skills of ``skills.csv`` with their code there and those
    that run it (``base``, with their parameter). ``docs/skills.md`` holds it
    (``tests/test_docs.py`` checks that it is current)."""
    import ast
    import inspect
    import re

    from .. import constants as C
    from . import answer_dispatch
    from . import queries as Q
    tp_names = {v: k for k, v in vars(C).items() if k.startswith("TP_") and isinstance(v, int)}
    q_names = {v: k for k, v in vars(C).items() if k.startswith("Q_") and isinstance(v, int)}
    zh = [sk.name_zh for sk in content.SKILLS.values()]

    def name(sk):                  # a Chinese name two skills share gets its key beside it
        return sk.name_zh if zh.count(sk.name_zh) == 1 else f"{sk.name_zh} `{sk.key}`"

    def what(mod, ends=".:"):       # a skill module's first sentence may hold a colon
        doc = ast.get_docstring(ast.parse(inspect.getsource(mod))) or ""
        para = " ".join(doc.split("\n\n", 1)[0].split())
        return re.split(rf"(?<=[{ends}])\s", para, maxsplit=1)[0].rstrip(".:").replace("``", "`")

    def runs_of(mine, kingdom):
        out = []
        for sk in mine:
            for other in content.SKILLS.values():
                if other.base == sk.key:
                    param = other.param
                    if param and kingdom:
                        param = content.KINGDOM_NAMES["zh"][param]
                    out.append(f"{name(other)} = {name(sk)}" + (f" ({param})" if param else ""))
        return ", ".join(out)

    def row(mod, points, queries, mine, kingdom=False, ends=".:"):
        tps = " ".join(f"`{tp_names[p]}`" for p in sorted(points)) or "none"
        qs = " ".join(f"`{q_names[q]}`" for q in sorted(queries)) or "none"
        where = mod.__name__.split(".skills.", 1)[1].replace(".", "/")   # handlers/fanjian
        return (f"| `{where}` | {what(mod, ends)} | {tps} | {qs} | "
                f"{' '.join(name(sk) for sk in mine)} | {runs_of(mine, kingdom)} |")

    lines = ["| module | what | timing points (`TIMINGS`) | query points (`QUERIES`) | "
             "skills with their code there | skills that run its code (parameter) |",
             "|---|---|---|---|---|---|"]
    for sk_id, mod in sorted(dispatch.MODULES.items(), key=lambda item: item[1].__name__):
        sk = content.SKILLS_BY_ID[sk_id]
        lines.append(row(mod, getattr(mod, "TIMINGS", ()), answer_dispatch.QUERIES.get(sk_id, ()),
                         [sk], kingdom=bool(getattr(mod, "response_ok", None)), ends="."))
    for mod in _MODULES.values():
        mine = sorted((content.SKILLS_BY_ID[sk] for sk in getattr(mod, "SKILLS", ())),
                      key=lambda sk: sk.id)
        if not mine:
            continue
        points = {p for _, p in getattr(mod, "TIMINGS", ())}
        queries = {q for sk in mine for q in range(C.NUM_QUERIES)
                   if (Q.SKILL_QUERIES[sk.id] >> q) & 1}
        lines.append(row(mod, points, queries, mine))
    return "\n".join(lines) + "\n"


def _loss_skill(loss):
    """The skill with its own code that answers card loss ``loss`` (skills.csv ``on_loss``; 0 if
    none): ``run_pending`` runs it. ``P_PEND`` keeps one count per loss, not which skill raised
    it, so a second such skill fails here (the skills running its code share it)."""
    own = [sk.id for sk in content.SKILLS.values()
           if content.SKILL_ON_LOSS[sk.on_loss] == loss and not sk.base]
    if len(own) > 1:
        raise ImportError(f"skills.csv: {[content.SKILLS_BY_ID[sk].key for sk in own]} all "
                          f"answer card loss {loss} (on_loss): one skill per loss")
    return own[0] if own else 0


SKILL_TP = _registry()            # per skill id: bit per timing point it listens to
LOSS_HAND_SKILL = _loss_skill(LOSS_HAND)      # 连营
LOSS_EQUIP_SKILL = _loss_skill(LOSS_EQUIP)    # 枭姬
SKILL_FAMILY = content.SKILL_FAMILY
OWN_MODULE = np.zeros(MAX_SKILLS, np.bool_)   # per base skill id: a module of its own (dispatch.py)
OWN_MODULE[list(dispatch.OWN)] = True


def _has(handler):
    """Per base skill id: does its module of its own define handler (else its family's code,
    or the default)?"""
    out = np.zeros(MAX_SKILLS, np.bool_)
    for sk, mod in dispatch.MODULES.items():
        out[sk] = hasattr(mod, handler)
    return out


OWN_RUN, OWN_MASK, OWN_ACTIVE, OWN_LISTENS, OWN_KEEPS, OWN_DYING, OWN_RESPONSE = (
    _has(h) for h in ("run", "mask", "active_ok", "listens_at", "judge_keeps", "dying_starts",
                      "response_ok"))
ANY_SEAT = (1 << TP_PREVENT) | (1 << TP_RETRIAL) | (1 << TP_DAMAGE_DONE)


@njit(cache=True)
def answers(s, seat, sk, tp):
    """Does seat's skill sk (a base id) answer timing point tp? Its family declares the points;
    a parameter may pick among them (洛神 at the start of the turn, 玉步 before the draw phase)."""
    if sk == 0 or ((SKILL_TP[sk] >> tp) & 1) == 0:
        return False
    if OWN_LISTENS[sk]:
        return dispatch.listens_at(s, seat, sk, tp)
    return True


@njit(cache=True)
def listens(s, seat, tp):
    if s[P_ALIVE + seat] == 0:
        return False
    for i in range(MAX_SKILL_SLOTS):
        if answers(s, seat, slot_skill(s, seat, i), tp):
            return True
    return False


@njit(cache=True)
def fire(s, tp, owner, tgt, card, amount, extra, org):
    """Timing point tp: push an FR_TRIGGER if a skill listens. owner = the seat concerned (-1 for
    the any-seat points). Returns True if a frame was pushed (call it last in a handler step)."""
    if s[H_HEROES] == 0:
        return False
    if (ANY_SEAT >> tp) & 1:
        found = False
        for t in range(s[H_NP]):
            if listens(s, t, tp):
                found = True
                break
        if not found:
            return False
    elif owner < 0 or not listens(s, owner, tp):
        return False
    o = push_trigger(s, owner, tgt, card, tp, amount)
    s[o + F_TRIG_EXTRA] = extra
    s[o + F_TRIG_ORG] = org
    return True


@njit(cache=True)
def run_trigger(s, o):
    """Ask each listening skill in turn: F_TRIG_SEAT = seat offset (any-seat points),
    F_TRIG_SLOT = skill slot."""
    tp = s[o + F_AS]
    n = s[H_NP]
    any_seat = (ANY_SEAT >> tp) & 1
    while True:
        if any_seat:
            if s[o + F_TRIG_SEAT] >= n:
                break
            seat = seat_after(s, s[H_CUR], s[o + F_TRIG_SEAT])
        else:
            if s[o + F_TRIG_SEAT] >= 1:
                break
            seat = s[o + F_USER]
        i = s[o + F_TRIG_SLOT]
        if i >= MAX_SKILL_SLOTS:
            s[o + F_TRIG_SEAT] += 1
            s[o + F_TRIG_SLOT] = 0
            continue
        s[o + F_TRIG_SLOT] = i + 1
        sk = slot_skill(s, seat, i)
        if s[P_ALIVE + seat] == 0 or not answers(s, seat, sk, tp):
            continue
        f = push_skill(s, seat, s[o + F_TGT], s[o + F_CARD], sk, s[o + F_SUB2], tp, s[o +
                       F_TRIG_EXTRA])
        s[f + F_SKILL_ORG] = s[o + F_TRIG_ORG]
        return
    pop_frame(s, 0)


@njit(cache=True)
def run_skill(s, o):
    sk = s[o + F_AS]
    fam = SKILL_FAMILY[sk]
    if OWN_RUN[sk]:
        dispatch.run(s, o, sk)
    elif fam == FAM_CONVERSIONS:
        conversions.run(s, o, sk)
    else:
        s[H_ERR] = FAULT_SKILL_FAMILY
        pop_frame(s, 0)


@njit(cache=True)
def active_ok(s, d, sk, out):
    """May d use skill sk as a play-phase action now? (out: the mask being built)"""
    fam = SKILL_FAMILY[sk]
    if OWN_ACTIVE[sk]:
        return dispatch.active_ok(s, d, sk)
    if fam == FAM_CONVERSIONS:
        return conversions.active_ok(s, d, sk, out)
    return False


@njit(cache=True)
def response_ok(s, d, sk, dk, purpose, tried):
    """May d call on his skill sk when asked for a card of decision kind dk (a lord skill: 护驾,
    激将)? tried: he already did for this request."""
    if OWN_RESPONSE[sk]:
        return dispatch.response_ok(s, d, sk, dk, purpose, tried)
    return False


@njit(cache=True)
def judge_keeps(s, seat, reason, c):
    """Does the judging seat keep judgement card c once it took effect? The skill that asked for
    the judgement (reason ``JR_SKILL`` + its id) says (洛神: a black card)."""
    if reason < JR_SKILL or reason >= JR_SKILL + MAX_SKILLS:
        return False
    sk = reason - JR_SKILL
    if OWN_KEEPS[sk]:
        return dispatch.judge_keeps(s, seat, sk, c)
    return False


@njit(cache=True)
def dying_held_off(s, victim):
    """As victim's dying procedure starts, a skill of his may act and hold it off (红颜劫: cards set
    aside on his hero): True if he does not die."""
    if s[H_HEROES] == 0:
        return False
    for i in range(MAX_SKILL_SLOTS):
        sk = slot_skill(s, victim, i)
        if sk == 0:
            continue
        if OWN_DYING[sk] and dispatch.dying_starts(s, victim, sk):
            return True
    return False


@njit(cache=True)
def skill_mask(s, out, d):
    """Legal actions of a DK_SKILL_CARD / DK_SKILL_TARGET / DK_SKILL_OPTION decision."""
    sk = s[H_DSKILL]
    stage = s[DX_SKILL_STAGE]
    flags = s[DX_SKILL_FLAGS]
    n = 0
    if flags & SKD_PASS:
        out[A_PASS] = 1
        n += 1
    if flags & SKD_CONFIRM:
        out[A_CONFIRM] = 1
        n += 1
    if stage == PD_STAGE:          # 拼点: any own hand card
        return n + mark_cards(s, out, d, False, COLOR_NONE)
    fam = SKILL_FAMILY[sk]
    if OWN_MASK[sk]:
        n += dispatch.mask(s, out, d, sk, stage)
    elif fam == FAM_CONVERSIONS:
        n += conversions.mask(s, out, d, sk, stage)
    return n


# ---------------------------------------------------------------- card-loss triggers (FR_PENDING)
@njit(cache=True)
def suspend_for_pending(s):
    """Card-loss triggers (``state._leave``: 连营, 枭姬) were raised: run them now. If a decision
    was just posted, it is saved in an FR_PENDING frame and posted again once they are done."""
    s[H_PEND] = 0
    o = push_pending(s, s[H_DECIDER], s[H_DTGT], s[H_DCARD], s[H_DKIND], s[H_DSRC], s[H_DA],
                     s[H_DB])
    s[o + F_PEND_DC] = s[H_DC]
    if s[H_DECIDER] >= 0:
        s[o + F_PEND_DSKILL] = s[H_DSKILL]
        s[o + F_PEND_DSKOWNER] = s[H_DSKOWNER]
    else:
        s[o + F_PEND_RET] = s[H_RET]       # no decision: keep the return value a child left
    s[H_DECIDER] = -1


@njit(cache=True)
def run_pending(s, o):
    n = s[H_NP]
    for i in range(n):
        seat = seat_after(s, s[H_CUR], i)
        p = s[P_PEND + seat]
        if p == 0:
            continue
        if s[P_ALIVE + seat] == 0:
            s[P_PEND + seat] = 0
            continue
        if p & LOSS_HAND:
            s[P_PEND + seat] = p & ~LOSS_HAND
            push_skill(s, seat, tgt=-1, card=-1, sk=LOSS_HAND_SKILL, sub2=-1, tp=SKILL_NO_TP,
                       extra=0)
        else:
            s[P_PEND + seat] = p - LOSS_EQUIP
            push_skill(s, seat, tgt=-1, card=-1, sk=LOSS_EQUIP_SKILL, sub2=-1, tp=SKILL_NO_TP,
                       extra=0)
        return
    d = s[o + F_USER]
    if d >= 0:
        pop_frame(s, s[H_RET])
        post_decision(s, d, s[o + F_AS], s[o + F_CARD], s[o + F_SUB2], s[o + F_TGT],
                      s[o + F_PEND_DA], s[o + F_PEND_DB], s[o + F_PEND_DC])
        s[H_DSKILL] = s[o + F_PEND_DSKILL]
        s[H_DSKOWNER] = s[o + F_PEND_DSKOWNER]
    else:
        pop_frame(s, s[o + F_PEND_RET])
