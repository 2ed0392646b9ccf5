"""Locked skills that change a rule rather than act: asked by ``rules.py`` and the frames.

飞将 (no 杀 limit), 马术 (distance both ways), 空城 (no 杀/决斗 target with an empty hand), 谦逊 (no
顺手牵羊/乐不思蜀 target), 奇才 (tricks ignore distance), 无双 (two 闪), 裸衣 (2 damage), 克己 (no
discard), 集智 (draw after a trick; 极致: non-delayed tricks only); the marks 侠胆 leaves for the rest of the turn (range, 杀 count
and targets, or no 杀).

英雄杀 (seed 003): 控局 (hand limit = max HP; no 探囊取物/釜底抽薪 target while his hand is below his max
HP, no 画地为牢 target while above), 隐忍 = 克己 counting only 杀 he used, 霸王 = 无双 whose 决斗
opponents need two 杀 (parameter 2), 图强 (draw after a 闪 outside his turn), 狂禅 (no lord HP bonus),
蝶魂 (skipped by a trick with several targets, draws one instead). 骑射 (= 马术 with param 1: only the -1
horse, no horse limit), 红妆 (李师师's ♠ counts as ♥ in her judgements and for 曼舞's card). Pack classmates: 朦胧 (an
八卦阵 while no armour is worn), 你懂的 (♣ hand cards have no effect while 寒冰剑 is worn), 凤舞九天
(recover after dealing damage within distance 1), 卓茂 (distance by HP). 女权 (决斗 with males: two 杀 each
time; a male's 决斗 on her is void).
"""
from ..jit import njit

from ..constants import (COLOR_BLACK, COLOR_RED, GENDER_MALE, H_CUR, H_HEROES, H_PHASE,
                         K_AMAZING_GRACE, K_ARCHERY, K_DISMANTLE, K_DUEL, K_GOD_SALVATION,
                         K_ICE_SWORD, K_INDULGENCE, K_LIGHTNING, K_SAVAGE, K_SLASH, K_SNATCH,
                         MK_XIADAN_LOST, MK_XIADAN_WON, MK_ZUIJIU, PH_PLAY, P_ALIVE, P_ARMOR,
                         P_GENDER, P_HANDN, P_HP, P_MARK, P_MAXHP, P_TFLAGS, P_WEAPON, SUIT_CLUB,
                         SUIT_DIAMOND, SUIT_HEART, SUIT_SPADE, TF_SLASHED, TF_SLASH_USED,
                         UF_FROM_HAND)
from ..state import card_kind, card_suit, draw_cards, has_skill, skill_param
from .common import skill_log
from .ids import (SK_FEIJIANG, SK_MASHU, SK_KONGCHENG, SK_QIANXUN, SK_QICAI, SK_WUSHUANG,
                  SK_LUOYI, SK_KEJI, SK_JIZHI, SK_KONGJU, SK_TUQIANG, SK_KUANGCHAN, SK_DIEHUN,
                  SK_HONGZHUANG, SK_MENGLONG, SK_NIDONGDE, SK_FENGWU, SK_ZHUOMAO, SK_NVQUAN)

SKILLS = (SK_FEIJIANG, SK_MASHU, SK_KONGCHENG, SK_QIANXUN, SK_QICAI, SK_WUSHUANG, SK_LUOYI,
          SK_KEJI, SK_JIZHI, SK_KONGJU, SK_TUQIANG, SK_KUANGCHAN, SK_DIEHUN, SK_HONGZHUANG,
          SK_MENGLONG, SK_NIDONGDE, SK_FENGWU, SK_ZHUOMAO, SK_NVQUAN)
TIMINGS = ()


@njit(cache=True)
def slash_unlimited(s, seat):
    """飞将: any number of 杀 in the play phase."""
    return has_skill(s, seat, SK_FEIJIANG)


@njit(cache=True)
def distance_modifier(s, a, b):
    """马术: a's distance to others -1; others' distance to a +1 (both horses, always).
    骑射 (马术 with param 1): only the -1 (a counts as riding a -1 horse).
    卓茂: with more than 2 HP his distance to others -1; with 2 HP or less others' distance to
    him +1 (DECISIONS-style choice: "小於2或者更低" read as "2 or lower", the complement)."""
    if s[H_HEROES] == 0:
        return 0
    d = 0
    if has_skill(s, a, SK_MASHU):
        d -= 1
    if has_skill(s, b, SK_MASHU) and skill_param(s, b, SK_MASHU) == 0:
        d += 1
    if has_skill(s, a, SK_ZHUOMAO) and s[P_HP + a] > 2:
        d -= 1
    if has_skill(s, b, SK_ZHUOMAO) and s[P_HP + b] <= 2:
        d += 1
    return d


@njit(cache=True)
def horse_limit_one(s, seat):
    """马术: he may equip only one horse (a new horse replaces the one he has); not 骑射."""
    return has_skill(s, seat, SK_MASHU) and skill_param(s, seat, SK_MASHU) == 0


@njit(cache=True)
def untargetable(s, t, kind):
    """空城 (杀, 决斗 with no hand cards), 谦逊 (顺手牵羊, 乐不思蜀) and 控局 (顺手牵羊/过河拆桥, 乐不思蜀 by
    hand size): t cannot be chosen."""
    if s[H_HEROES] == 0:
        return False
    if (kind == K_SLASH or kind == K_DUEL) and s[P_HANDN + t] == 0 and has_skill(s, t, SK_KONGCHENG):
        return True
    if (kind == K_SNATCH or kind == K_INDULGENCE) and has_skill(s, t, SK_QIANXUN):
        return True
    if (kind == K_SNATCH or kind == K_DISMANTLE or kind == K_INDULGENCE) \
            and has_skill(s, t, SK_KONGJU):
        # 控局: hand below max HP → no 探囊取物/釜底抽薪; hand above max HP → no 画地为牢
        if kind == K_INDULGENCE:
            return s[P_HANDN + t] > s[P_MAXHP + t]
        return s[P_HANDN + t] < s[P_MAXHP + t]
    return False


@njit(cache=True)
def trick_no_distance(s, seat):
    """奇才: tricks have no distance limit."""
    return has_skill(s, seat, SK_QICAI)


@njit(cache=True)
def wushuang_count(s, seat):
    """无双's parameter (skills.csv): how many 闪 a 杀 of his needs and how many 杀 his 决斗
    opponent plays each time; 1 without 无双 or any skill running its code (霸王, 威武)."""
    if not has_skill(s, seat, SK_WUSHUANG):
        return 1
    return max(1, skill_param(s, seat, SK_WUSHUANG))


@njit(cache=True)
def jinks_needed(s, user):
    """无双 (and 霸王, 威武): a 杀 of his needs two 闪 (the skill's parameter)."""
    return wushuang_count(s, user)


@njit(cache=True)
def duel_slashes_needed(s, user, responder, opponent):
    """杀 a 决斗 responder must play each time (asked one after the other, like 无双's 闪): two
    against 无双 (吕布; 霸王 and 威武 run its code), in a 决斗 he used or one used on him
    (TRUSTED_ENGINES §2.7: the seeds are silent, D §0.2), and two for a male answering 女权's
    决斗. Against both, still two."""
    if s[H_HEROES] == 0:
        return 1
    n = wushuang_count(s, opponent)
    if responder != user and s[P_GENDER + responder] == GENDER_MALE \
            and has_skill(s, user, SK_NVQUAN):
        n = max(n, 2)
    return n


@njit(cache=True)
def drunk(s, seat):
    """醉酒 is active: he drew only one card in this turn's draw phase (mark MK_ZUIJIU)."""
    return (s[P_MARK + seat] & MK_ZUIJIU) != 0 and s[H_CUR] == seat


@njit(cache=True)
def duel_void(s, user, t):
    """女权: a 决斗 a male uses on her has no effect on her (it may target her; after its 无懈可击
    window it resolves to nothing)."""
    return s[H_HEROES] != 0 and s[P_GENDER + user] == GENDER_MALE and has_skill(s, t, SK_NVQUAN)


@njit(cache=True)
def slash_damage(s, user):
    """裸衣: while he has no weapon, a 杀 he uses in his play phase deals 2 damage. 醉酒: his 杀
    deal 2 damage in the turn he drew only one card."""
    if has_skill(s, user, SK_LUOYI) and s[P_WEAPON + user] < 0 and s[H_CUR] == user \
            and s[H_PHASE] == PH_PLAY:
        return 2
    if drunk(s, user):
        return 2
    return 1


@njit(cache=True)
def duel_damage(s, user, winner):
    """醉酒: a 决斗 he used deals 2 damage when he wins it in his drunk turn."""
    if winner == user and drunk(s, user):
        return 2
    return 1


@njit(cache=True)
def skips_discard(s, seat):
    """克己: no 杀 used or played in this turn's play phase: the discard phase is skipped. 隐忍
    (克己 with parameter 1): only a 杀 he used counts (not one played in a 决斗)."""
    if not has_skill(s, seat, SK_KEJI):
        return False
    flag = TF_SLASH_USED if skill_param(s, seat, SK_KEJI) == 1 else TF_SLASHED
    return (s[P_TFLAGS + seat] & flag) == 0


@njit(cache=True)
def hand_limit(s, seat):
    """Cards he may keep in the discard phase: his HP (at least 0); 控局: his max HP."""
    if has_skill(s, seat, SK_KONGJU):
        return s[P_MAXHP + seat]
    hp = s[P_HP + seat]
    return hp if hp > 0 else 0


@njit(cache=True)
def after_jink(s, seat):
    """图强: outside his turn, each 闪 he uses or plays (八卦阵's included) draws him a card."""
    if has_skill(s, seat, SK_TUQIANG) and s[H_CUR] != seat and s[P_ALIVE + seat] == 1:
        skill_log(s, seat, SK_TUQIANG, -1)
        draw_cards(s, seat, 1)


@njit(cache=True)
def lord_hp_bonus(s, seat):
    """The lord's +1 max HP (five or more players); 狂禅: none."""
    return 0 if has_skill(s, seat, SK_KUANGCHAN) else 1


@njit(cache=True)
def trick_skips(s, t, k, ntargets):
    """蝶魂: a trick with several targets (烽火狼烟, 万箭齐发, 休养生息, 五谷丰登 with two or more
    living targets) skips her."""
    return ntargets >= 2 and (k == K_SAVAGE or k == K_ARCHERY or k == K_GOD_SALVATION
                              or k == K_AMAZING_GRACE) and has_skill(s, t, SK_DIEHUN)


@njit(cache=True)
def trick_skipped(s, t):
    """蝶魂: she is skipped by the trick and draws one card instead."""
    skill_log(s, t, SK_DIEHUN, -1)
    draw_cards(s, t, 1)


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


@njit(cache=True)
def xiadan_won(s, seat):
    """侠胆 won in this turn: attack range unlimited, two 杀, each 杀 up to two targets."""
    return (s[P_MARK + seat] & MK_XIADAN_WON) != 0


@njit(cache=True)
def slash_blocked(s, seat):
    """侠胆 not won in this turn: he cannot use 杀."""
    return (s[P_MARK + seat] & MK_XIADAN_LOST) != 0


@njit(cache=True)
def slash_limit(s, seat):
    """杀 he may use as play actions in this play phase (without 诸葛连弩 / 飞将)."""
    return 2 if xiadan_won(s, seat) else 1


@njit(cache=True)
def judge_suit(s, seat, c):
    """Suit of judgement card c when seat judges: 红妆 turns ♠ into ♥ (her judgements only)."""
    k = card_suit(s, c)
    if k == SUIT_SPADE and s[H_HEROES] != 0 and has_skill(s, seat, SK_HONGZHUANG):
        return SUIT_HEART
    return k


@njit(cache=True)
def judge_color(s, seat, c):
    """Colour of judgement card c when seat judges (红妆: ♠ counts as ♥, so red)."""
    k = judge_suit(s, seat, c)
    return COLOR_RED if (k == SUIT_HEART or k == SUIT_DIAMOND) else COLOR_BLACK


@njit(cache=True)
def own_suit(s, seat, c):
    """Suit of seat's own card c for its skills (红妆: ♠ counts as ♥)."""
    return judge_suit(s, seat, c)
