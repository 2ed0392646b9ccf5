"""克己 (吕蒙): if he used or played no 杀 in this turn's play phase, he skips his discard phase.
隐忍 (勾践, herokill) runs this code with parameter 1: only a 杀 he used counts (not one played
in a 决斗); 潜力股 (米强, classmates) runs it as it is.
"""
from ....fast.jit import njit
from ...constants import P_TFLAGS, Q_SKIP_DISCARD, TF_SLASH_USED, TF_SLASHED

QUERIES = (Q_SKIP_DISCARD,)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """No 杀 this turn (used only, with parameter 1): skip the discard phase."""
    flag = TF_SLASH_USED if prm == 1 else TF_SLASHED
    return 1 if (s[P_TFLAGS + seat] & flag) == 0 else value
