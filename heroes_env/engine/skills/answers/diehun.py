"""蝶魂 (慕容, herokill): a trick with several targets skips her, and she draws one card instead.
西域 (古丽, classmates) runs this code.

The tricks with several targets: 烽火狼烟, 万箭齐发, 休养生息 and 五谷丰登, with two or more living
targets.
"""
from ....fast.jit import njit
from ...constants import (
    K_AMAZING_GRACE,
    K_ARCHERY,
    K_GOD_SALVATION,
    K_SAVAGE,
    Q_TRICK_SKIPPED,
    Q_TRICK_SKIPS,
)
from ...state import draw_cards
from ..common import skill_log
from ..ids import SK_DIEHUN

QUERIES = (Q_TRICK_SKIPS, Q_TRICK_SKIPPED)


@njit(cache=True, inline="always")
def answer(s, q, prm, seat, value, a, b):
    """A trick of kind a with b targets skips her."""
    return 1 if b >= 2 and (a == K_SAVAGE or a == K_ARCHERY or a == K_GOD_SALVATION
                            or a == K_AMAZING_GRACE) else value


@njit(cache=True, inline="always")
def react(s, q, prm, seat, a, b):
    """Skipped by a trick: she draws one card instead."""
    skill_log(s, seat, SK_DIEHUN, -1)
    draw_cards(s, seat, 1)
