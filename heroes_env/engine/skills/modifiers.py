"""Locked skills that change a rule rather than act: asked by ``rules.py`` and the frames.

飞将 (no 杀 limit), 马术 (distance both ways), 空城 (no 杀/决斗 target with an empty hand), 谦逊 (no
顺手牵羊/乐不思蜀 target), 奇才 (tricks ignore distance), 无双 (two 闪), 裸衣 (2 damage), 克己 (no
discard), 集智 (draw after a trick), 女权 (决斗 with males: two 杀 each time; a male's 决斗 on her
is void).
"""
from ..jit import njit

from ..constants import *  # noqa: F401,F403
from ..state import has_skill
from .ids import (SK_FEIJIANG, SK_MASHU, SK_KONGCHENG, SK_QIANXUN, SK_QICAI, SK_WUSHUANG,
                  SK_LUOYI, SK_KEJI, SK_JIZHI, SK_NVQUAN)

SKILLS = (SK_FEIJIANG, SK_MASHU, SK_KONGCHENG, SK_QIANXUN, SK_QICAI, SK_WUSHUANG, SK_LUOYI,
          SK_KEJI, SK_JIZHI, SK_NVQUAN)
TIMINGS = ()


@njit(cache=True)
def slash_unlimited(s, seat):
    """飞将: any number of 杀 in the play phase."""
    return has_skill(s, seat, SK_FEIJIANG)


@njit(cache=True)
def distance_modifier(s, a, b):
    """马术: a's distance to others -1; others' distance to a +1 (both horses, always)."""
    if s[H_HEROES] == 0:
        return 0
    d = 0
    if has_skill(s, a, SK_MASHU):
        d -= 1
    if has_skill(s, b, SK_MASHU):
        d += 1
    return d


@njit(cache=True)
def horse_limit_one(s, seat):
    """马术: he may equip only one horse (a new horse replaces the one he has)."""
    return has_skill(s, seat, SK_MASHU)


@njit(cache=True)
def untargetable(s, t, kind):
    """空城 (杀, 决斗 with no hand cards) and 谦逊 (顺手牵羊, 乐不思蜀): t cannot be chosen."""
    if s[H_HEROES] == 0:
        return False
    if (kind == K_SLASH or kind == K_DUEL) and s[P_HANDN + t] == 0 and has_skill(s, t, SK_KONGCHENG):
        return True
    if (kind == K_SNATCH or kind == K_INDULGENCE) and has_skill(s, t, SK_QIANXUN):
        return True
    return False


@njit(cache=True)
def trick_no_distance(s, seat):
    """奇才: tricks have no distance limit."""
    return has_skill(s, seat, SK_QICAI)


@njit(cache=True)
def jinks_needed(s, user):
    """无双: a 杀 of his needs two 闪."""
    return 2 if has_skill(s, user, SK_WUSHUANG) else 1


@njit(cache=True)
def duel_slashes_needed(s, user, responder):
    """女权: a male answering her 决斗 must play two 杀 each time (counted like 无双's 闪: the
    responses still needed, asked one after the other)."""
    if s[H_HEROES] != 0 and responder != user and s[P_GENDER + responder] == GENDER_MALE \
            and has_skill(s, user, SK_NVQUAN):
        return 2
    return 1


@njit(cache=True)
def duel_void(s, user, t):
    """女权: a 决斗 a male uses on her has no effect on her (it may target her; after its 无懈可击
    window it resolves to nothing)."""
    return s[H_HEROES] != 0 and s[P_GENDER + user] == GENDER_MALE and has_skill(s, t, SK_NVQUAN)


@njit(cache=True)
def slash_damage(s, user):
    """裸衣: while he has no weapon, a 杀 he uses in his play phase deals 2 damage."""
    if has_skill(s, user, SK_LUOYI) and s[P_WEAPON + user] < 0 and s[H_CUR] == user \
            and s[H_PHASE] == PH_PLAY:
        return 2
    return 1


@njit(cache=True)
def skips_discard(s, seat):
    """克己: no 杀 used or played in this turn's play phase: the discard phase is skipped."""
    return has_skill(s, seat, SK_KEJI) and (s[P_TFLAGS + seat] & TF_SLASHED) == 0


@njit(cache=True)
def draws_after_trick(s, seat):
    """集智: draw one card after using any trick."""
    return has_skill(s, seat, SK_JIZHI)
