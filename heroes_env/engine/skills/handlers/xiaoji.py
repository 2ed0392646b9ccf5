"""枭姬 (孙尚香): each time she loses an equipped card, she may draw two cards. 迷离 (花木兰,
英雄杀) and 玲珑 (杨晓怡, classmates) run this code.

It answers the loss of an equipped card, once per card (skills.csv ``on_loss`` = equip);
``draw_on_loss`` asks her.
"""
from ....fast.jit import njit
from ..draw_on_loss import run_draw
from ..ids import SK_XIAOJI


@njit(cache=True, inline="always")
def run(s, o):
    run_draw(s, o, SK_XIAOJI, 2)
