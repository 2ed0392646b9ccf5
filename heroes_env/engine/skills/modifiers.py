"""Locked skills that change a rule rather than act: asked by ``rules.py`` and the frames.

飞将 (no 杀 limit), 马术 (distance both ways), 空城 (no 杀/决斗 target with an empty hand), 谦逊 (no
顺手牵羊/乐不思蜀 target), 奇才 (tricks ignore distance), 无双 (two 闪), 裸衣 (2 damage), 克己 (no
discard), 集智 (draw after a trick; 极致: non-delayed tricks only). Pack classmates: 朦胧 (an
八卦阵 while no armour is worn), 你懂的 (♣ hand cards have no effect while 寒冰剑 is worn), 凤舞九天
(recover after dealing damage within distance 1), 卓茂 (distance by HP).
"""
from ..jit import njit

from ..constants import *  # noqa: F401,F403
from ..state import card_kind, card_suit, has_skill, skill_param
from .ids import (SK_FEIJIANG, SK_MASHU, SK_KONGCHENG, SK_QIANXUN, SK_QICAI, SK_WUSHUANG,
                  SK_LUOYI, SK_KEJI, SK_JIZHI, SK_MENGLONG, SK_NIDONGDE, SK_FENGWU, SK_ZHUOMAO)

SKILLS = (SK_FEIJIANG, SK_MASHU, SK_KONGCHENG, SK_QIANXUN, SK_QICAI, SK_WUSHUANG, SK_LUOYI,
          SK_KEJI, SK_JIZHI, SK_MENGLONG, SK_NIDONGDE, SK_FENGWU, SK_ZHUOMAO)
TIMINGS = ()


@njit(cache=True)
def slash_unlimited(s, seat):
    """飞将: any number of 杀 in the play phase."""
    return has_skill(s, seat, SK_FEIJIANG)


@njit(cache=True)
def distance_modifier(s, a, b):
    """马术: a's distance to others -1; others' distance to a +1 (both horses, always).
    卓茂: with more than 2 HP his distance to others -1; with 2 HP or less others' distance to
    him +1 (DECISIONS-style choice: "小於2或者更低" read as "2 or lower", the complement)."""
    if s[H_HEROES] == 0:
        return 0
    d = 0
    if has_skill(s, a, SK_MASHU):
        d -= 1
    if has_skill(s, b, SK_MASHU):
        d += 1
    if has_skill(s, a, SK_ZHUOMAO) and s[P_HP + a] > 2:
        d -= 1
    if has_skill(s, b, SK_ZHUOMAO) and s[P_HP + b] <= 2:
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
def draws_after_trick(s, seat, kind):
    """集智: draw one card on using any trick (before it resolves). 极致 (parameter 1): only a
    non-delayed trick (not 乐不思蜀 / 闪电)."""
    if not has_skill(s, seat, SK_JIZHI):
        return False
    return skill_param(s, seat, SK_JIZHI) == 0 or (kind != K_INDULGENCE and kind != K_LIGHTNING)


@njit(cache=True)
def virtual_diagram(s, seat):
    """朦胧: with no armour equipped he counts as wearing 八卦阵."""
    return s[P_ARMOR + seat] < 0 and has_skill(s, seat, SK_MENGLONG)


@njit(cache=True)
def club_immune(s, t, c, flags):
    """你懂的: while he has 寒冰剑 equipped, a ♣ card used from a hand (a single physical card:
    UF_FROM_HAND) has no effect on him."""
    if c < 0 or (flags & UF_FROM_HAND) == 0 or card_suit(s, c) != SUIT_CLUB:
        return False
    w = s[P_WEAPON + t]
    return w >= 0 and card_kind(s, w) == K_ICE_SWORD and has_skill(s, t, SK_NIDONGDE)


@njit(cache=True)
def fengwu_heal(s, src, t, dist):
    """凤舞九天 (locked): does src recover 1 HP per point of damage he deals to t, another
    character at distance dist (measured as the damage is dealt) of at most 1?"""
    return src >= 0 and src != t and dist <= 1 and has_skill(s, src, SK_FENGWU)
