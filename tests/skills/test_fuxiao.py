"""拂晓 (邵帅; the classmates pack): scenario tests. The skill: "In your play phase you may use
a heart hand card as an Amazing Grace."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked, event_args, expect, hand_names, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_fuxiao_heart_hand_card_as_amazing_grace(invariants):
    """拂晓: in his play phase a ♥ hand card is used as 五谷丰登 (one revealed card per living
    character, each takes one in seat order)."""
    g = table({"hero": "shaoshuai", "hand": ["peach ♥3", "jink ♦2", ANCHOR]},
              deck_top=["slash ♠7", "jink ♦3", "duel", "chitu"], autoplay=False)
    g.play("skill Daybreak")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_FUXIAO)
    assert g.legal_labels() == ["Peach ♥3", ANCHOR_LABEL]        # ♥ hand cards only
    g.play("Peach ♥3")
    for seat, lab in ((0, "Duel ♠A"), (1, "Slash ♠7"), (2, "Jink ♦3"), (3, "Chitu ♥5")):
        expect(g, seat, C.DK_AG)
        g.play(lab)
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 3) == ["Chitu ♥5"]
    assert event_args(g, C.EV_USE)[0] == (0, 32, -1)
    assert skill_events(g, SK.SK_FUXIAO) == [(0, SK.SK_FUXIAO, C.EV_SKILL_SILENT)]
    invariants(g)
