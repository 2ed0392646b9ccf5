"""易装 (花木兰, 英雄杀): in her play phase she discards two hand cards and chooses a dead male hero
of this game: she loses all her skills and gets his, and her max HP becomes his hero's HP.

His lord skills only if she is the lord, who also keeps the lord's bonus HP with five or more
players; HP above the new max is cut to it (not an HP loss), a higher max does not heal, and the
new skills count as not yet used in this play phase. Her hero, gender and faction stay hers; the
public mark ``MK_YIZHUANG`` (constants: ``text.py`` reads it too) says her skills are another's.
"""
from ....fast.jit import njit
from ... import draft
from ...constants import (
    A_TARGET,
    COLOR_NONE,
    F_PC,
    F_USER,
    H_ANSWER,
    H_NP,
    HR_HP,
    MK_YIZHUANG,
    P_ALIVE,
    P_HANDN,
    P_HERO,
    P_HP,
    P_MARK,
    P_MAXHP,
    P_ROLE,
    P_USED,
    Q_LORD_HP_BONUS,
    ROLE_LORD,
)
from ...content import HERO_TAB
from ...state import pop_frame, seat_after
from ..common import male, mark_cards, skill_log
from ..ids import SK_YIZHUANG
from ..queries import query
from ..two_cards import two_cards_then_target


@njit(cache=True)
def source_ok(s, d, t):
    """Is t a dead male hero of this game (his seat keeps its hero and gender)?"""
    return t != d and s[P_ALIVE + t] == 0 and s[P_HERO + t] >= 0 and male(s, t)


@njit(cache=True, inline="always")
def active_ok(s, d):
    """Two hand cards and a dead male hero."""
    if s[P_HANDN + d] < 2:
        return False
    for t in range(s[H_NP]):
        if source_ok(s, d, t):
            return True
    return False


@njit(cache=True, inline="always")
def mask(s, out, d, stage):
    """Stages 0 and 1: a hand card; stage 2: a dead male hero."""
    if stage < 2:
        return mark_cards(s, out, d, False, COLOR_NONE)
    n = 0
    for r in range(1, s[H_NP]):
        if source_ok(s, d, seat_after(s, d, r)):
            out[A_TARGET + r] = 1
            n += 1
    return n


@njit(cache=True)
def take_hero(s, u, t):
    """u loses all her skills and gets dead t's hero's (lord skills only if u is the lord); her
    max HP becomes his hero's HP (+1 if she is the lord with five or more players), her HP is cut
    to it if above; the new skills count as not yet used in this play phase."""
    h = s[P_HERO + t]
    draft.set_hero_skills(s, u, h)
    mx = HERO_TAB[h, HR_HP]
    if s[P_ROLE + u] == ROLE_LORD and s[H_NP] >= 5:
        mx += query(s, Q_LORD_HP_BONUS, u, value=1, a=0, b=0)    # (狂禅 among his skills: none)
    s[P_MAXHP + u] = mx
    if s[P_HP + u] > mx:
        s[P_HP + u] = mx
    s[P_USED + u] = 0
    s[P_MARK + u] |= MK_YIZHUANG


@njit(cache=True, inline="always")
def run(s, o):
    u = s[o + F_USER]
    t = two_cards_then_target(s, o, u, s[o + F_PC], s[H_ANSWER])
    if t >= 0:
        skill_log(s, u, SK_YIZHUANG, t)
        take_hero(s, u, t)
        pop_frame(s, 0)
