"""谦逊 (陆逊; the standard pack): scenario tests. The skill: "Locked. You cannot be the target
of a Snatch or an Indulgence."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

import pytest
from helpers import ZHUAHUANG as ANCHOR
from helpers import event_args, expect, names
from helpers import table4 as table

from heroes_env.engine import constants as C


@pytest.mark.parametrize("card,targets", [
    ("snatch ♠3", ["target player_3"]),
    ("indulgence ♠6", ["target player_2", "target player_3"]),
    ("dismantlement ♠4", ["target player_1", "target player_2", "target player_3"])])
def test_qianxun_not_target_of_snatch_or_indulgence(card, targets):
    """谦逊: 陆逊 cannot be chosen as target of 顺手牵羊 or 乐不思蜀 (other tricks still reach
    him)."""
    g = table({"hand": [card]}, {"hero": "luxun", "hand": ["jink ♦2"]}, ["jink ♦3"], ["jink ♦4"],
              autoplay=False)
    g.play(card.split()[0])
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == targets


def test_qianxun_lightning_still_moves_on_to_luxun():
    """谦逊 protects only from being chosen for 顺手牵羊/乐不思蜀: a passing 闪电 still moves on to
    陆逊 (as in the established engines)."""
    g = table({"hand": [ANCHOR], "judge": ["lightning ♠A"]}, {"hero": "luxun"}, phase="judge",
              deck_top=["peach ♥3", "jink ♦2", "jink ♦3"])
    expect(g, 0, C.DK_PLAY)
    assert names(g, g.judgement_zone(1)) == ["Lightning ♠A"]
    assert event_args(g, C.EV_MOVE_DELAYED) == [(1, 1, 0)]
