"""护驾 (曹操): lord skill: when he needs a 闪, he may ask the other 魏 characters, in seat order,
to provide one for him; the first 闪 given counts as his. 护主 (英雄杀; helpers 民)
and 斯达舒 (廖晨昱, classmates; helpers 魏) run this code: the parameter is the helpers'
kingdom.

The asking is ``lord_ask``'s.
"""
from ....fast.jit import njit
from ...constants import DK_JINK
from ...state import pop_frame
from ..ids import SK_HUJIA
from ..lord_ask import HELPED, NOBODY, answer_with_help, ask_helpers, may_call


@njit(cache=True, inline="always")
def response_ok(s, d, dk, purpose, tried):
    """Asked for a 闪, with a helper to ask."""
    return dk == DK_JINK and may_call(s, d, SK_HUJIA, purpose, tried)


@njit(cache=True, inline="always")
def run(s, o):
    r = ask_helpers(s, o, SK_HUJIA)
    if r == HELPED:
        answer_with_help(s, o)
    elif r == NOBODY:
        pop_frame(s, 0)
