"""鬼才 (司马懿, 安同乐; the standard pack and the classmates pack): scenario tests. The skill:
"Before any character's judgement card takes effect, you may replace it with one of your hand
cards; the replaced card is discarded."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import CHITU as ANCHOR2
from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import (
    damage,
    discard_names,
    event_args,
    expect,
    expect_confirm,
    expect_skill,
    hand_names,
    judged,
    names,
)
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_guicai_replaces_an_indulgence_judgement(invariants):
    """鬼才: after any player's judgement card is revealed, 司马懿 may play a hand card to replace
    it; the new card decides (♥ → 乐不思蜀 fails) and the old one is discarded."""
    g = table({}, {"judge": ["indulgence ♠6"], "hand": [ANCHOR]},
              {"hero": "simayi", "hand": ["peach ♥3", "slash ♣2"]}, current=1, phase="start",
              deck_top=["slash ♠7", "jink ♦2", "jink ♦3"])
    expect_skill(g, 2, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3", "Slash ♣2"])
    assert g.describe_decision() == "player_2 decides: Demonic Talent — choose a card"
    g.play("Peach ♥3")
    expect(g, 1, C.DK_PLAY)                  # the play phase is not skipped
    assert event_args(g, C.EV_SKIP) == []
    assert judged(g) == ["Slash ♠7", "Peach ♥3"]
    assert skill_events(g, "guicai") == [(2, SK["guicai"], 1)]
    assert hand_names(g, 2) == ["Slash ♣2"]
    assert discard_names(g) == ["Indulgence ♠6", "Peach ♥3", "Slash ♠7"]
    invariants(g)


def test_guicai_is_optional(invariants):
    """鬼才 may be declined: the revealed card stands."""
    g = table({}, {"judge": ["indulgence ♠6"]},
              {"hero": "simayi", "hand": ["peach ♥3"]}, current=1, phase="start",
              deck_top=["slash ♠7", "jink ♦2", "jink ♦3", ANCHOR, "jink ♦4"])
    expect_skill(g, 2, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3"])
    g.play("pass")
    expect(g, 2, C.DK_PLAY)                  # player_1's play phase was skipped: 司马懿's turn
    assert (1, C.PH_PLAY, 0) in event_args(g, C.EV_SKIP)
    assert judged(g) == ["Slash ♠7"]
    assert hand_names(g, 2) == sorted(["Peach ♥3", ANCHOR_LABEL, "Jink ♦4"])
    assert discard_names(g) == ["Indulgence ♠6", "Slash ♠7"]
    assert skill_events(g) == []
    invariants(g)


def test_guicai_not_asked_without_hand_cards(invariants):
    """鬼才 needs a hand card (original text: from the hand); equipment does not count."""
    g = table({"hand": [ANCHOR]}, {"judge": ["indulgence ♠6"]},
              {"hero": "simayi", "equip": ["eight_diagram ♠2"]}, {"hand": [ANCHOR2]},
              current=1, phase="start", deck_top=["slash ♠7", "jink ♦2", "jink ♦3", "jink ♦4"],
              autoplay=False)
    # with autoplay off every decision shows: the first one is the judged player's next turn step
    assert not (g.decider == 2 and g.decision_kind == C.DK_SKILL_CARD)
    while not (g.decision_kind == C.DK_PLAY):
        assert g.decision_kind != C.DK_SKILL_CARD, g.describe_decision()
        g.play(g.legal_labels()[0])
    assert (1, C.PH_PLAY, 0) in event_args(g, C.EV_SKIP)
    assert skill_events(g) == []
    invariants(g)


def test_guicai_turns_eight_diagram_red_so_the_jink_succeeds(invariants):
    """鬼才 on an 八卦阵 judgement: a black card replaced with a red one gives the 闪."""
    g = table(["slash ♠7", ANCHOR], {"equip": ["eight_diagram ♠2"]},
              {"hero": "simayi", "hand": ["peach ♥3"]}, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    g.play("Eight Diagram ♠2")
    expect_skill(g, 2, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3"])
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 4 and damage(g) == []
    assert judged(g) == ["Slash ♣2", "Peach ♥3"]
    assert discard_names(g) == ["Peach ♥3", "Slash ♠7", "Slash ♣2"]
    invariants(g)


def test_guicai_turns_eight_diagram_black_so_the_jink_fails(invariants):
    """鬼才 by the attacker himself: a red 八卦阵 judgement replaced with a black card fails."""
    g = table({"hero": "simayi", "hand": ["slash ♠7", "slash ♣2", ANCHOR]},
              {"equip": ["eight_diagram ♠2"]}, deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Eight Diagram ♠2")
    # retrial holders from the current player: 司马懿 (player_0) is asked
    expect_skill(g, 0, C.DK_SKILL_CARD, "guicai", ["pass", ANCHOR_LABEL, "Slash ♣2"])
    g.play("Slash ♣2")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 1, 1)]
    assert judged(g) == ["Peach ♥3", "Slash ♣2"]
    invariants(g)


def test_guicai_saves_himself_from_lightning(invariants):
    """鬼才 on his own 闪电 judgement: ♠7 replaced with a ♥ card → no damage; the 闪电 moves on."""
    g = table({}, {"hero": "simayi", "judge": ["lightning ♠A"], "hand": ["peach ♥3"]},
              current=1, phase="start", deck_top=["slash ♠7", ANCHOR, "jink ♦2"])
    expect_skill(g, 1, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3"])
    g.play("Peach ♥3")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [] and g.hp(1) == 3
    assert g.judgement_zone(1) == []
    assert names(g, g.judgement_zone(2)) == ["Lightning ♠A"]
    assert discard_names(g) == ["Peach ♥3", "Slash ♠7"]
    invariants(g)


def test_guicai_makes_lightning_strike(invariants):
    """鬼才 the other way: a harmless 闪电 judgement replaced with ♠2-9 deals 3 damage."""
    g = table({}, {"judge": ["lightning ♠A"], "hand": [ANCHOR]},
              {"hero": "simayi", "hand": ["slash ♠8"]}, current=1, phase="start",
              deck_top=["peach ♥3", "jink ♦2", "jink ♦3"])
    expect_skill(g, 2, C.DK_SKILL_CARD, "guicai", ["pass", "Slash ♠8"])
    g.play("Slash ♠8")
    assert damage(g) == [(-1, 1, 3)] and g.hp(1) == 1
    assert g.judgement_zone(1) == [] and g.judgement_zone(2) == []
    assert discard_names(g) == ["Lightning ♠A", "Peach ♥3", "Slash ♠8"]
    invariants(g)


def test_guicai_ends_luoshen(invariants):
    """鬼才 on 甄姬's 洛神 judgement: black replaced with red → she gets nothing and stops."""
    g = table({"hero": "zhenji"}, {"hero": "simayi", "hand": ["peach ♥3"]}, current=0,
              phase="start", deck_top=["slash ♠7", "jink ♦2", ANCHOR])
    expect_confirm(g, 0, "luoshen")
    g.play("confirm")
    expect_skill(g, 1, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3"])
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)                   # no second 洛神: she draws and plays
    assert hand_names(g, 0) == ["Jink ♦2", ANCHOR_LABEL]
    assert discard_names(g) == ["Peach ♥3", "Slash ♠7"]
    invariants(g)


def test_guicai_turns_luoshen_black_so_she_keeps_the_card(invariants):
    """鬼才 on 洛神: a red judgement replaced with a black card → she keeps that card and may go
    on."""
    g = table({"hero": "zhenji"}, {"hero": "simayi", "hand": ["slash ♣2"]}, current=0,
              phase="start", deck_top=["peach ♥3", "jink ♦2", ANCHOR])
    g.play("confirm")
    expect_skill(g, 1, C.DK_SKILL_CARD, "guicai", ["pass", "Slash ♣2"])
    g.play("Slash ♣2")
    expect_confirm(g, 0, "luoshen")
    assert hand_names(g, 0) == ["Slash ♣2"]
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Slash ♣2", "Jink ♦2", ANCHOR_LABEL])
    assert discard_names(g) == ["Peach ♥3"]
    invariants(g)


def test_guicai_on_his_own_ganglie_judgement(invariants):
    """鬼才 on a 刚烈 judgement: 司马懿, the source, turns the black card red and escapes."""
    g = table({"hero": "simayi", "hand": ["slash ♠7", "peach ♥3", ANCHOR, "jink ♦2"]},
              {"hero": "xiahoudun"}, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "ganglie")
    g.play("confirm")
    expect_skill(g, 0, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3", ANCHOR_LABEL, "Jink ♦2"])
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(0) == 3 and event_args(g, C.EV_LOSE_HP) == []
    assert hand_names(g, 0) == sorted(["Jink ♦2", ANCHOR_LABEL])
    invariants(g)
