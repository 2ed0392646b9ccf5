"""连营 (陆逊): when he loses his last hand card, he may draw a card. 底蕴 (王晓平, classmates)
runs this code.

It answers the loss of the last hand card (skills.csv ``on_loss`` = hand); ``draw_on_loss`` asks
him.
"""
from ....fast.jit import njit
from ..draw_on_loss import run_draw
from ..ids import SK_LIANYING


@njit(cache=True, inline="always")
def run(s, o):
    run_draw(s, o, SK_LIANYING, 1)
