"""Card conversions: a card of one's own used or played as another kind.

武圣 (red card, hand or equipment → 杀), 龙胆 (闪 ↔ 杀, hand), 倾国 (black hand card → 闪), 奇袭
(black card → 过河拆桥), 国色 (♦ card → 乐不思蜀); 英雄杀: 回春 (outside one's own turn, a red card,
hand or equipment → 药 = 桃), 烽火 (an equipped card → 烽火狼烟 = 南蛮入侵), 神偷 (♣ hand card →
探囊取物 = 顺手牵羊), 奸雄 of 英雄杀 (once per play phase, any own card → the kind of the previous
card he used in this turn, ``H_LASTKIND``: a basic card or a non-delayed trick). Pack classmates:
雕琢 (black hand card → 无懈可击), 拂晓 (♥ hand card → 五谷丰登), 放逐 (black hand card → 借刀杀人),
甘露 (桃 → 桃园结义). In a response (闪/杀/无懈可击 asked, 桃 for the dying) the card is chosen
directly; in the play phase the skill is chosen first (``A_SKILL``), then the card, then the
targets.

A response asks two query points (``answers.conversion_answer``): ``Q_MAKES_KIND`` (does a skill of
the seat make cards of that kind at all: the cheap test) and ``Q_CONVERTS`` (which skill turns this
card into it); ``rules.can_convert_to``, ``rules.converting_skill`` and ``marks.mark_converted`` ask
them, so the frames name no conversion. What a skill converts (``converts``, ``makes``) reads the
state only and lives in ``answers.py``, which ``rules`` asks through ``queries``; this module uses
``rules`` (``rules.usable_in_play``).
"""
from ...fast.jit import njit
from .. import rules
from ..constants import (
    A_CARD,
    C_LOC,
    DK_SKILL_CARD,
    F_PC,
    F_USER,
    FR_USE,
    H_ANSWER,
    H_NCARDS,
    H_NODIST,
    K_AMAZING_GRACE,
    K_COLLATERAL,
    K_DISMANTLE,
    K_GOD_SALVATION,
    K_INDULGENCE,
    K_NONE,
    K_SAVAGE,
    K_SLASH,
    K_SNATCH,
    P_HANDN,
    UF_PLAY,
    Z_EQUIP,
    Z_HAND,
)
from ..frames import PC_START
from ..state import become_frame, card_kind, equip_slot_field, skill_param
from .answers import CONVERSIONS_QUERIES as QUERIES  # noqa: F401
from .answers import converts, makes, repeat_kind  # noqa: F401  (makes: the family's, with converts)
from .common import ask, mark_used, skill_log, used
from .ids import (
    SK_DIAOZHUO,
    SK_FANGZHU,
    SK_FENGHUO,
    SK_FUXIAO,
    SK_GANLU,
    SK_GUOSE,
    SK_HUICHUN,
    SK_JIANXIONG_HK,
    SK_LONGDAN,
    SK_QINGGUO,
    SK_QIXI,
    SK_SHENTOU,
    SK_WUSHENG,
)

SKILLS = (SK_WUSHENG, SK_LONGDAN, SK_QINGGUO, SK_QIXI, SK_GUOSE, SK_HUICHUN, SK_FENGHUO,
          SK_SHENTOU, SK_JIANXIONG_HK, SK_DIAOZHUO, SK_FUXIAO, SK_FANGZHU, SK_GANLU)
TIMINGS = ()


@njit(cache=True)
def any_distance(s, seat, sk):
    """1 if the card sk makes ignores the distance limit: 知心 (神偷 with parameter 1)."""
    return 1 if sk == SK_SHENTOU and skill_param(s, seat, SK_SHENTOU) == 1 else 0


@njit(cache=True)
def play_kind(s, seat, sk):
    """The kind a conversion skill makes in the play phase (K_NONE: none, e.g. 倾国, or 回春, which
    works only outside its owner's turn)."""
    if sk == SK_JIANXIONG_HK:
        return repeat_kind(s, seat)
    if sk == SK_WUSHENG or sk == SK_LONGDAN:
        return K_SLASH
    if sk == SK_QIXI:
        return K_DISMANTLE
    if sk == SK_GUOSE:
        return K_INDULGENCE
    if sk == SK_FENGHUO:
        return K_SAVAGE
    if sk == SK_SHENTOU:
        return K_SNATCH
    if sk == SK_FUXIAO:
        return K_AMAZING_GRACE
    if sk == SK_FANGZHU:
        return K_COLLATERAL
    if sk == SK_GANLU:
        return K_GOD_SALVATION
    return K_NONE


@njit(cache=True)
def usable_as(s, seat, c, kind):
    """Could seat use its card c as kind now (a legal target, the 杀 limit)? Judged as once the
    card has left its place (an equipped weapon or horse no longer counts; one hand card fewer),
    which is when the targets are chosen; the state is restored at once."""
    if s[C_LOC + c] == Z_HAND + seat:
        s[P_HANDN + seat] -= 1
        ok = rules.usable_in_play(s, seat, kind)
        s[P_HANDN + seat] += 1
        return ok
    f = equip_slot_field(card_kind(s, c))
    s[f + seat] = -1
    ok = rules.usable_in_play(s, seat, kind)
    s[f + seat] = c
    return ok


@njit(cache=True)
def _mark_usable(s, out, d, sk, first_only):
    """Mark d's cards that sk converts to a usable play-phase card (stop at the first one if
    first_only). A hand card's use does not depend on which hand card it is: computed once."""
    kind = play_kind(s, d, sk)
    if kind == K_NONE or (sk == SK_JIANXIONG_HK and used(s, d, sk)):
        return 0
    n = 0
    hand_ok = -1
    for c in range(s[H_NCARDS]):
        z = s[C_LOC + c]
        if z != Z_HAND + d and z != Z_EQUIP + d:
            continue
        if not converts(s, sk, d, c, kind):
            continue
        if z == Z_HAND + d:
            if hand_ok < 0:
                s[H_NODIST] = any_distance(s, d, sk)
                hand_ok = 1 if usable_as(s, d, c, kind) else 0
                s[H_NODIST] = 0
            ok = hand_ok == 1
        else:
            ok = usable_as(s, d, c, kind)
        if ok:
            n += 1
            if first_only:
                return n
            out[A_CARD + c] = 1
    return n


@njit(cache=True)
def active_ok(s, d, sk, out):
    """(out: the mask buffer, only passed along: nothing is written to it)"""
    return _mark_usable(s, out, d, sk, True) > 0


@njit(cache=True)
def mask(s, out, d, sk, stage):
    return _mark_usable(s, out, d, sk, False)


# the steps of a conversion's FR_SKILL frame in the play phase (its F_PC): the card asked; chosen
CONVERT_ASK, CONVERT_CARD = PC_START, 1


@njit(cache=True)
def run(s, o, sk):
    """Play phase: choose the card, then it is used as the converted kind (FR_USE)."""
    u = s[o + F_USER]
    if s[o + F_PC] == CONVERT_ASK:
        ask(s, o, u, DK_SKILL_CARD, 0, 0, 0, CONVERT_CARD)
        return
    c = s[H_ANSWER] - A_CARD
    skill_log(s, u, sk, -1)
    if sk == SK_JIANXIONG_HK:
        mark_used(s, u, sk)
    s[H_NODIST] = any_distance(s, u, sk)     # 知心: cleared once the targets are chosen
    become_frame(s, o, FR_USE, u, -1, c, play_kind(s, u, sk), -1, UF_PLAY, -1)
