"""What the families whose other code uses the rules answer at the query points: each answer
reads the state only, so that ``rules.py`` asks them (``queries.query``) without importing the
code that uses the rules. (``modifiers``, which uses no rule, keeps its answers itself.)

- ``conversions``: ``Q_MAKES_KIND`` and ``Q_CONVERTS`` (which skill turns which card into which
  kind: ``converts``, ``makes``), which ``rules.can_convert_to`` and ``rules.converting_skill`` ask;

Each family lists its pairs here (``<FAMILY>_QUERIES``, (skill, query point)) and names them as
its ``QUERIES``.
"""
from ...fast.jit import njit
from ..constants import (
    C_LOC,
    COLOR_BLACK,
    COLOR_RED,
    H_CUR,
    H_LASTKIND,
    K_AMAZING_GRACE,
    K_COLLATERAL,
    K_DISMANTLE,
    K_DUEL,
    K_GOD_SALVATION,
    K_INDULGENCE,
    K_JINK,
    K_NONE,
    K_NULLIFICATION,
    K_PEACH,
    K_SAVAGE,
    K_SLASH,
    K_SNATCH,
    Q_CONVERTS,
    Q_MAKES_KIND,
    SUIT_CLUB,
    SUIT_DIAMOND,
    SUIT_HEART,
    Z_EQUIP,
)
from ..state import card_color, card_kind, card_suit
from .common import own_card
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

# ---------------------------------------------------------------- conversions
CONVERTING = (SK_WUSHENG, SK_LONGDAN, SK_QINGGUO, SK_QIXI, SK_GUOSE, SK_HUICHUN, SK_FENGHUO,
              SK_SHENTOU, SK_DIAOZHUO)           # the skills ``makes`` names
CONVERSIONS_QUERIES = tuple((sk, q) for sk in CONVERTING for q in (Q_MAKES_KIND, Q_CONVERTS))


@njit(cache=True)
def converts(s, sk, seat, c, kind):
    """Can skill sk turn seat's card c into a card of kind?"""
    if sk == SK_WUSHENG:
        return kind == K_SLASH and own_card(s, seat, c, True) and card_color(s, c) == COLOR_RED
    if sk == SK_LONGDAN:
        if not own_card(s, seat, c, False):
            return False
        return (kind == K_SLASH and card_kind(s, c) == K_JINK) or \
            (kind == K_JINK and card_kind(s, c) == K_SLASH)
    if sk == SK_QINGGUO:
        return kind == K_JINK and own_card(s, seat, c, False) and card_color(s, c) == COLOR_BLACK
    if sk == SK_QIXI:
        return (kind == K_DISMANTLE and own_card(s, seat, c, True)
                and card_color(s, c) == COLOR_BLACK)
    if sk == SK_GUOSE:
        return (kind == K_INDULGENCE and own_card(s, seat, c, True)
                and card_suit(s, c) == SUIT_DIAMOND)
    if sk == SK_HUICHUN:
        return kind == K_PEACH and s[H_CUR] != seat and own_card(s, seat, c, True) \
            and card_color(s, c) == COLOR_RED
    if sk == SK_FENGHUO:
        return kind == K_SAVAGE and s[C_LOC + c] == Z_EQUIP + seat
    if sk == SK_SHENTOU:
        return kind == K_SNATCH and own_card(s, seat, c, False) and card_suit(s, c) == SUIT_CLUB
    if sk == SK_JIANXIONG_HK:
        return kind != K_NONE and kind == repeat_kind(s, seat) and own_card(s, seat, c, True)
    if sk == SK_DIAOZHUO:
        return kind == K_NULLIFICATION and own_card(s, seat, c, False) \
            and card_color(s, c) == COLOR_BLACK
    if sk == SK_FUXIAO:
        return kind == K_AMAZING_GRACE and own_card(s, seat, c, False) \
            and card_suit(s, c) == SUIT_HEART
    if sk == SK_FANGZHU:
        return kind == K_COLLATERAL and own_card(s, seat, c, False) \
            and card_color(s, c) == COLOR_BLACK
    if sk == SK_GANLU:
        return kind == K_GOD_SALVATION and own_card(s, seat, c, False) \
            and card_kind(s, c) == K_PEACH
    return False


@njit(cache=True)
def repeat_kind(s, seat):
    """奸雄 (英雄杀): the kind seat's card may be used as: that of the previous card he used in this
    turn, if it is a basic card or a non-delayed trick (K_NONE otherwise: no card yet, equipment,
    a delayed trick)."""
    if s[H_CUR] != seat:
        return K_NONE
    k = s[H_LASTKIND]
    if k == K_SLASH or k == K_PEACH or (k >= K_DUEL and k <= K_COLLATERAL):
        return k
    return K_NONE


@njit(cache=True)
def makes(sk, kind):
    """Does conversion skill sk make cards of kind at all?"""
    if kind == K_SLASH:
        return sk == SK_WUSHENG or sk == SK_LONGDAN
    if kind == K_JINK:
        return sk == SK_LONGDAN or sk == SK_QINGGUO
    if kind == K_DISMANTLE:
        return sk == SK_QIXI
    if kind == K_INDULGENCE:
        return sk == SK_GUOSE
    if kind == K_PEACH:
        return sk == SK_HUICHUN
    if kind == K_SAVAGE:
        return sk == SK_FENGHUO
    if kind == K_SNATCH:
        return sk == SK_SHENTOU
    if kind == K_NULLIFICATION:
        return sk == SK_DIAOZHUO
    return False


@njit(cache=True)
def conversion_answer(s, q, sk, prm, seat, value, a, b):
    """Q_MAKES_KIND: does sk make cards of kind a at all (the cheap test before scanning cards)?
    Q_CONVERTS: sk, if no skill before it in seat's slots did (value 0) and it turns seat's card a
    into kind b. Changes nothing."""
    if q == Q_MAKES_KIND:
        return 1 if makes(sk, a) else value
    if value == 0 and makes(sk, b) and converts(s, sk, seat, a, b):
        return sk
    return value


