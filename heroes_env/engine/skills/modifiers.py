"""Locked skills that change a rule rather than act: they answer the query points (``queries.py``)
that ``rules.py`` and the frames ask.

飞将 (no 杀 limit), 马术 (distance both ways), 空城 (no 杀/决斗 target with an empty hand), 谦逊 (no
顺手牵羊/乐不思蜀 target), 奇才 (tricks ignore distance), 无双 (two 闪), 裸衣 (2 damage), 克己 (no
discard), 集智 (draw after a trick; 极致: non-delayed tricks only). The marks 侠胆 and 醉酒 leave
for the rest of the turn are rules (``rules.py``), not skills of the seat.

英雄杀: 控局 (hand limit = max HP; no 探囊取物/釜底抽薪 target while his hand is below
his max HP, no 画地为牢 target while above), 隐忍 = 克己 counting only 杀 he used, 霸王 = 无双 whose
决斗 opponents need two 杀 (parameter 2), 图强 (draw after a 闪 outside his turn), 狂禅 (no lord HP
bonus), 蝶魂 (skipped by a trick with several targets, draws one instead). 骑射 (= 马术 with param
1: only the -1 horse, no horse limit), 红妆 (李师师's ♠ counts as ♥ in her judgements and for 曼舞's
card). Pack classmates: 朦胧 (an 八卦阵 while no armour is worn), 你懂的 (♣ hand cards have no
effect while 寒冰剑 is worn), 凤舞九天 (recover after dealing damage within distance 1), 卓茂
(distance by HP). 女权 (决斗 with males: two 杀 each time; a male's 决斗 on her is void).

Three lord skills only change a rule of the 桃: 救援 (孙权: another 吴 character may use one on him
in its own turn while he is wounded), 救援 of the 英雄杀 民 lord (a 药 a 君 character uses on him
while he is dying heals 1 more) and 大米 (pack classmates: another 吴 character's own 桃 while it
is dying heals 1 more).
"""
from ...fast.jit import njit
from ..constants import (
    GENDER_MALE,
    H_CUR,
    H_PHASE,
    K_AMAZING_GRACE,
    K_ARCHERY,
    K_DISMANTLE,
    K_DUEL,
    K_GOD_SALVATION,
    K_ICE_SWORD,
    K_INDULGENCE,
    K_LIGHTNING,
    K_SAVAGE,
    K_SLASH,
    K_SNATCH,
    P_ALIVE,
    P_ARMOR,
    P_GENDER,
    P_HANDN,
    P_HP,
    P_KINGDOM,
    P_MAXHP,
    P_TFLAGS,
    P_WEAPON,
    PH_PLAY,
    Q_ANSWERS_NEEDED,
    Q_CARD_IMMUNE,
    Q_DISTANCE_FROM,
    Q_DISTANCE_TO,
    Q_DRAW_ON_TRICK,
    Q_DUEL_ANSWERS,
    Q_DUEL_VOID,
    Q_HAND_LIMIT,
    Q_HEAL_ON_DAMAGE,
    Q_JINK_USED,
    Q_JUDGE_SUIT,
    Q_LORD_HP_BONUS,
    Q_ONE_HORSE,
    Q_OWN_PEACH_BONUS,
    Q_PEACH_TARGET,
    Q_RESCUE_BONUS,
    Q_SKIP_DISCARD,
    Q_SLASH_DAMAGE,
    Q_SLASH_UNLIMITED,
    Q_TRICK_NO_DISTANCE,
    Q_TRICK_SKIPPED,
    Q_TRICK_SKIPS,
    Q_UNTARGETABLE,
    Q_VIRTUAL_DIAGRAM,
    SUIT_CLUB,
    SUIT_HEART,
    SUIT_SPADE,
    TF_SLASH_USED,
    TF_SLASHED,
    UF_FROM_HAND,
)
from ..state import card_kind, card_suit, draw_cards
from .common import skill_log
from .ids import (
    SK_DAMI,
    SK_DIEHUN,
    SK_FEIJIANG,
    SK_FENGWU,
    SK_HONGZHUANG,
    SK_JIUYUAN,
    SK_JIUYUAN_HK,
    SK_JIZHI,
    SK_KEJI,
    SK_KONGCHENG,
    SK_KONGJU,
    SK_KUANGCHAN,
    SK_LUOYI,
    SK_MASHU,
    SK_MENGLONG,
    SK_NIDONGDE,
    SK_NVQUAN,
    SK_QIANXUN,
    SK_QICAI,
    SK_TUQIANG,
    SK_WUSHUANG,
    SK_ZHUOMAO,
)

SKILLS = (SK_FEIJIANG, SK_MASHU, SK_KONGCHENG, SK_QIANXUN, SK_QICAI, SK_WUSHUANG, SK_LUOYI,
          SK_KEJI, SK_JIZHI, SK_KONGJU, SK_TUQIANG, SK_KUANGCHAN, SK_DIEHUN, SK_HONGZHUANG,
          SK_MENGLONG, SK_NIDONGDE, SK_FENGWU, SK_ZHUOMAO, SK_NVQUAN, SK_JIUYUAN, SK_JIUYUAN_HK,
          SK_DAMI)
TIMINGS = ()
QUERIES = ((SK_FEIJIANG, Q_SLASH_UNLIMITED),
           (SK_MASHU, Q_DISTANCE_FROM), (SK_MASHU, Q_DISTANCE_TO), (SK_MASHU, Q_ONE_HORSE),
           (SK_ZHUOMAO, Q_DISTANCE_FROM), (SK_ZHUOMAO, Q_DISTANCE_TO),
           (SK_KONGCHENG, Q_UNTARGETABLE), (SK_QIANXUN, Q_UNTARGETABLE),
           (SK_KONGJU, Q_UNTARGETABLE), (SK_KONGJU, Q_HAND_LIMIT),
           (SK_QICAI, Q_TRICK_NO_DISTANCE), (SK_WUSHUANG, Q_ANSWERS_NEEDED),
           (SK_NVQUAN, Q_DUEL_ANSWERS), (SK_NVQUAN, Q_DUEL_VOID), (SK_LUOYI, Q_SLASH_DAMAGE),
           (SK_KEJI, Q_SKIP_DISCARD), (SK_JIZHI, Q_DRAW_ON_TRICK), (SK_TUQIANG, Q_JINK_USED),
           (SK_KUANGCHAN, Q_LORD_HP_BONUS), (SK_DIEHUN, Q_TRICK_SKIPS),
           (SK_DIEHUN, Q_TRICK_SKIPPED), (SK_HONGZHUANG, Q_JUDGE_SUIT),
           (SK_MENGLONG, Q_VIRTUAL_DIAGRAM), (SK_NIDONGDE, Q_CARD_IMMUNE),
           (SK_FENGWU, Q_HEAL_ON_DAMAGE), (SK_JIUYUAN, Q_PEACH_TARGET),
           (SK_JIUYUAN_HK, Q_RESCUE_BONUS), (SK_DAMI, Q_OWN_PEACH_BONUS))


@njit(cache=True)
def react(s, q, sk, prm, seat, a, b):
    """Seat's skill sk acts on event point q (``queries.notify``; the skills that change the
    state, kept apart from ``answer`` so that the rules that only ask do not compile them)."""
    if sk == SK_TUQIANG:
        # 图强: outside his turn, each 闪 he uses or plays (八卦阵's included) draws him a card
        if s[H_CUR] != seat and s[P_ALIVE + seat] == 1:
            skill_log(s, seat, SK_TUQIANG, -1)
            draw_cards(s, seat, 1)
    elif sk == SK_DIEHUN:                 # 蝶魂: skipped by a trick, she draws one card instead
        skill_log(s, seat, SK_DIEHUN, -1)
        draw_cards(s, seat, 1)


@njit(cache=True)
def answer(s, q, sk, prm, seat, value, a, b):
    """Seat's skill sk (base id; prm: its parameter) answers query point q: the value it leaves
    (``queries.query`` asks only the points its QUERIES pair with sk). It changes nothing."""
    if sk == SK_FEIJIANG:                 # 飞将: any number of 杀 in the play phase
        return 1
    if sk == SK_MASHU:
        # 马术: his distance to others -1, others' to him +1, one horse only (a new one replaces
        # the other). 骑射 (parameter 1): only the -1 (he counts as riding a -1 horse)
        if q == Q_DISTANCE_FROM:
            return value - 1
        if prm != 0:
            return value
        return value + 1 if q == Q_DISTANCE_TO else 1
    if sk == SK_ZHUOMAO:
        # 卓茂: with more than 2 HP his distance to others -1; with 2 HP or less others' distance
        # to him +1 (DECISIONS-style choice: "小於2或者更低" read as "2 or lower", the complement)
        if q == Q_DISTANCE_FROM:
            return value - 1 if s[P_HP + seat] > 2 else value
        return value + 1 if s[P_HP + seat] <= 2 else value
    if sk == SK_KONGCHENG:                # 空城: no 杀 / 决斗 target while his hand is empty
        return 1 if (a == K_SLASH or a == K_DUEL) and s[P_HANDN + seat] == 0 else value
    if sk == SK_QIANXUN:                  # 谦逊: no 顺手牵羊 / 乐不思蜀 target
        return 1 if a == K_SNATCH or a == K_INDULGENCE else value
    if sk == SK_KONGJU:
        # 控局: hand limit = max HP; no 顺手牵羊 / 过河拆桥 (探囊取物 / 釜底抽薪) target while his
        # hand is below his max HP, no 乐不思蜀 (画地为牢) target while it is above
        if q == Q_HAND_LIMIT:
            return s[P_MAXHP + seat]
        if a == K_INDULGENCE:
            return 1 if s[P_HANDN + seat] > s[P_MAXHP + seat] else value
        if a == K_SNATCH or a == K_DISMANTLE:
            return 1 if s[P_HANDN + seat] < s[P_MAXHP + seat] else value
        return value
    if sk == SK_QICAI:                    # 奇才: tricks have no distance limit
        return 1
    if sk == SK_WUSHUANG:
        # 无双 (霸王, 威武 run its code): its parameter (skills.csv), at least 1, is how many 闪 a
        # 杀 of his needs and how many 杀 his 决斗 opponent plays each time
        return max(value, max(1, prm))
    if sk == SK_NVQUAN:
        # 女权: a male answering her 决斗 plays two 杀 each time; a male's 决斗 on her is void
        # (it may target her; after its 无懈可击 window it resolves to nothing)
        if q == Q_DUEL_ANSWERS:
            return max(value, 2) if a != seat and s[P_GENDER + a] == GENDER_MALE else value
        return 1 if s[P_GENDER + a] == GENDER_MALE else value
    if sk == SK_LUOYI:                    # 裸衣: 2 damage per 杀 he uses in his play phase unarmed
        if s[P_WEAPON + seat] < 0 and s[H_CUR] == seat and s[H_PHASE] == PH_PLAY:
            return max(value, 2)
        return value
    if sk == SK_KEJI:
        # 克己: no 杀 used or played in this turn's play phase skips the discard phase. 隐忍
        # (parameter 1): only a 杀 he used counts (not one played in a 决斗)
        flag = TF_SLASH_USED if prm == 1 else TF_SLASHED
        return 1 if (s[P_TFLAGS + seat] & flag) == 0 else value
    if sk == SK_JIZHI:
        # 集智: draw one card on using any trick (before it resolves). 极致 (parameter 1): only a
        # non-delayed trick (not 乐不思蜀 / 闪电)
        return 1 if prm == 0 or (a != K_INDULGENCE and a != K_LIGHTNING) else value
    if sk == SK_KUANGCHAN:                # 狂禅: no lord HP bonus
        return 0
    if sk == SK_DIEHUN:
        # 蝶魂: a trick with several targets (烽火狼烟, 万箭齐发, 休养生息, 五谷丰登 with two or
        # more living targets) skips her (and she draws one card instead: react)
        return 1 if b >= 2 and (a == K_SAVAGE or a == K_ARCHERY or a == K_GOD_SALVATION
                                or a == K_AMAZING_GRACE) else value
    if sk == SK_HONGZHUANG:               # 红妆: ♠ counts as ♥ in her judgements and her skills
        return SUIT_HEART if value == SUIT_SPADE else value
    if sk == SK_MENGLONG:                 # 朦胧: with no armour equipped he counts as wearing
                                          # 八卦阵
        return sk if s[P_ARMOR + seat] < 0 else value
    if sk == SK_NIDONGDE:
        # 你懂的: while he has 寒冰剑 equipped, a ♣ card used from a hand (a single physical card:
        # UF_FROM_HAND) has no effect on him
        if a < 0 or (b & UF_FROM_HAND) == 0 or card_suit(s, a) != SUIT_CLUB:
            return value
        w = s[P_WEAPON + seat]
        return sk if w >= 0 and card_kind(s, w) == K_ICE_SWORD else value
    if sk == SK_FENGWU:
        # 凤舞九天 (locked): he recovers 1 HP per point of damage he deals to another character
        # at distance (measured as the damage is dealt) of at most 1
        return sk if a != seat and b <= 1 else value
    if sk == SK_JIUYUAN:
        # 救援 (the 三国杀 standard rules, lord): another character of its kingdom (its
        # parameter: 吴) may use a 桃 on him (wounded) in its turn
        if s[P_KINGDOM + a] == prm and s[P_HP + seat] < s[P_MAXHP + seat] and s[H_CUR] == a:
            return 1
        return value
    if sk == SK_JIUYUAN_HK:
        # 救援 (英雄杀 民 lord): while he is dying, a 药 used on him by a character of the skill's
        # faction (its parameter: 君) heals 1 more
        return sk if a != seat and s[P_KINGDOM + a] == prm else value
    if sk == SK_DAMI:
        # 大米 (米强's lord skill, locked): another character of its kingdom (its parameter: 吴)
        # who, while dying, uses a 桃 on himself recovers 1 extra HP
        return 1 if a != seat and s[P_KINGDOM + a] == prm else value
    return value
