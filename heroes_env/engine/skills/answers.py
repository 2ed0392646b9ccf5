"""What the families whose other code uses the rules answer at the query points: each answer
reads the state only, so that ``rules.py`` asks them (``queries.query``) without importing the
code that uses the rules. (``modifiers``, which uses no rule, keeps its answers itself.)

- ``targeting``: 门神 (``MK_MENSHEN`` on the guarded seat, ``MK_MENSHEN_ON`` on 秦琼) at
  ``Q_TAKES_AIM``, and the event ``Q_SEAT_DIED`` that ends the guard;
- ``phases``: 醉酒 (``MK_ZUIJIU``) at ``Q_SLASH_DAMAGE`` and ``Q_DUEL_DAMAGE``;
- ``active``: 侠胆 (``MK_XIADAN_WON`` / ``MK_XIADAN_LOST``) at the 杀 points.

Each family lists its pairs here (``<FAMILY>_QUERIES``, (skill, query point)) and names them as
its ``QUERIES``.
"""
from ...fast.jit import njit
from ..constants import (
    H_CUR,
    H_NP,
    MAX_SEATS,
    MK_MENSHEN,
    MK_MENSHEN_ON,
    MK_XIADAN_LOST,
    MK_XIADAN_WON,
    MK_ZUIJIU,
    P_MARK,
    Q_ATTACK_RANGE,
    Q_DUEL_DAMAGE,
    Q_SEAT_DIED,
    Q_SLASH_BLOCKED,
    Q_SLASH_DAMAGE,
    Q_SLASH_LIMIT,
    Q_SLASH_TARGETS,
    Q_TAKES_AIM,
)
from .ids import (
    SK_MENSHEN,
    SK_XIADAN,
    SK_ZUIJIU,
)

# ---------------------------------------------------------------- targeting: 门神
TARGETING_QUERIES = ((SK_MENSHEN, Q_TAKES_AIM), (SK_MENSHEN, Q_SEAT_DIED))


@njit(cache=True)
def menshen_answer(s, q, sk, prm, seat, value, a, b):
    """门神 (Q_TAKES_AIM): seat guards seat a, so a 杀/决斗 aimed at a aims at him. Changes
    nothing."""
    if (s[P_MARK + a] & MK_MENSHEN) != 0 and (s[P_MARK + seat] & MK_MENSHEN_ON) != 0:
        return sk
    return value


@njit(cache=True)
def menshen_react(s, q, sk, prm, seat, a, b):
    """门神 (Q_SEAT_DIED): seat a died; if it is the guarding 秦琼 (seat) or the one he guards, the
    guard ends."""
    if (s[P_MARK + seat] & MK_MENSHEN_ON) != 0 and (a == seat or (s[P_MARK + a] & MK_MENSHEN) != 0):
        guard_ends(s)


@njit(cache=True)
def guard_ends(s):
    """门神: the guard ends (no seat guarded, no 秦琼 guarding)."""
    for p in range(s[H_NP]):
        s[P_MARK + p] &= ~(MK_MENSHEN | MK_MENSHEN_ON)


# ---------------------------------------------------------------- phases: 醉酒
PHASES_QUERIES = ((SK_ZUIJIU, Q_SLASH_DAMAGE), (SK_ZUIJIU, Q_DUEL_DAMAGE))


@njit(cache=True)
def zuijiu_answer(s, q, sk, prm, seat, value, a, b):
    """醉酒: in his turn, once he has drawn only one card (mark
    MK_ZUIJIU), a 杀 he uses deals 2 damage, and so does a 决斗 he used when he wins it
    (``Q_DUEL_DAMAGE`` asks the winner; a: the 决斗's user)."""
    if (s[P_MARK + seat] & MK_ZUIJIU) == 0 or s[H_CUR] != seat or (q == Q_DUEL_DAMAGE
                                                                   and a != seat):
        return value
    return max(value, 2)


# ---------------------------------------------------------------- active: 侠胆
ACTIVE_QUERIES = ((SK_XIADAN, Q_SLASH_BLOCKED), (SK_XIADAN, Q_SLASH_LIMIT),
                  (SK_XIADAN, Q_ATTACK_RANGE), (SK_XIADAN, Q_SLASH_TARGETS))


@njit(cache=True)
def xiadan_answer(s, q, sk, prm, seat, value, a, b):
    """侠胆, for the rest of the turn of its 拼点: won (mark
    MK_XIADAN_WON), his attack range is unlimited and he may use two 杀 in the play phase, each
    with up to two targets; not won (MK_XIADAN_LOST), he may use no 杀."""
    m = s[P_MARK + seat]
    if q == Q_SLASH_BLOCKED:
        return 1 if (m & MK_XIADAN_LOST) != 0 else value
    if (m & MK_XIADAN_WON) == 0:
        return value
    if q == Q_ATTACK_RANGE:
        return max(value, 2 * MAX_SEATS)
    return max(value, 2)                  # Q_SLASH_LIMIT, Q_SLASH_TARGETS
