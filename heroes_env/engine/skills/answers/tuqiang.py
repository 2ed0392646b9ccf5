"""图强 (勾践, herokill): outside his turn, each 闪 he uses or plays (八卦阵's included) draws him
a card. 交流 (米强, classmates) runs this code.
"""
from ....fast.jit import njit
from ...constants import H_CUR, P_ALIVE, Q_JINK_USED
from ...state import draw_cards
from ..common import skill_log
from ..ids import SK_TUQIANG

QUERIES = (Q_JINK_USED,)


@njit(cache=True, inline="always")
def react(s, q, prm, seat, a, b):
    """He used or played a 闪: outside his turn, alive, he draws a card."""
    if s[H_CUR] != seat and s[P_ALIVE + seat] == 1:
        skill_log(s, seat, SK_TUQIANG, -1)
        draw_cards(s, seat, 1)
