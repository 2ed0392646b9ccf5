"""仁德 (刘备; the standard pack): scenario tests. The skill: "In your play phase you may give
any number of hand cards to other characters; for every second card given in that phase you
recover 1 HP."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import event_args, expect, hand_names
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills.ids import SK_RENDE


def test_rende_gives_chosen_cards_to_one_living_player():
    """仁德: choose another living player, then give hand cards one by one; "confirm" only after
    the first card; the cards land in the receiver's hand."""
    g = table({"hero": "liubei", "hand": ["jink ♦2", "slash ♠7", "peach ♥3"],
               "equip": ["zhuahuangfeidian"]}, {}, {}, {"alive": False})
    assert "skill Benevolence" in g.legal_labels()
    g.play("skill Benevolence")
    expect(g, 0, C.DK_SKILL_TARGET)
    assert g.s[C.H_DSKILL] == SK_RENDE
    assert g.legal_labels() == ["target player_1", "target player_2"]   # not himself, not the dead
    g.play("target player_2")
    expect(g, 0, C.DK_SKILL_CARD)
    # hand cards only (not the equipped horse); no "confirm" before the first card
    assert g.legal_labels() == ["Slash ♠7", "Peach ♥3", "Jink ♦2"]
    g.play("Jink ♦2")
    assert g.legal_labels() == ["confirm", "Slash ♠7", "Peach ♥3"]
    g.play("Slash ♠7")
    g.play("confirm")
    assert hand_names(g, 2) == ["Jink ♦2", "Slash ♠7"]
    assert hand_names(g, 0) == ["Peach ♥3"]
    assert event_args(g, C.EV_GIVE) == [(0, 83, 2), (0, 14, 2)]
    assert (0, SK_RENDE, 2) in event_args(g, C.EV_SKILL)
    expect(g, 0, C.DK_PLAY)


def test_rende_heals_on_second_and_fourth_card_across_activations():
    """仁德: every second card given in one play phase (2nd, 4th, ...) heals 刘备 1, counted across
    several activations and receivers."""
    g = table({"hero": "liubei", "hp": 1,
               "hand": ["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5", "jink ♦6"]})
    g.play("skill Benevolence")
    g.play("target player_1")
    g.play("Jink ♦2")                      # 1st
    g.play("confirm")
    assert g.hp(0) == 1
    g.play("skill Benevolence")
    g.play("target player_2")
    g.play("Jink ♦3")                      # 2nd: heal
    assert g.hp(0) == 2
    g.play("Jink ♦4")                      # 3rd
    assert g.hp(0) == 2
    g.play("confirm")
    g.play("skill Benevolence")
    g.play("target player_3")
    g.play("Jink ♦5")                      # 4th: heal
    assert g.hp(0) == 3
    g.play("confirm")
    assert event_args(g, C.EV_HEAL) == [(0, 1, 0), (0, 1, 0)]
    assert [len(g.hand(i)) for i in range(4)] == [1, 1, 2, 1]
    expect(g, 0, C.DK_PLAY)


def test_rende_heal_never_above_max_hp():
    """仁德 heals only a wounded 刘备, never above max HP: the 2nd card heals him to full, the 4th
    heals nothing."""
    g = table({"hero": "liubei", "hp": 3,
               "hand": ["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5", ANCHOR]})
    g.play("skill Benevolence")
    g.play("target player_1")
    for c in ("Jink ♦2", "Jink ♦3", "Jink ♦4", "Jink ♦5"):
        g.play(c)
    g.play("confirm")
    assert g.hp(0) == 4 and g.max_hp(0) == 4
    assert event_args(g, C.EV_HEAL) == [(0, 1, 0)]          # only the 2nd card healed


def test_rende_ends_by_itself_with_the_last_card():
    """仁德 with the last hand card given ends without "confirm"; with no hand card it is not
    offered."""
    g = table({"hero": "liubei", "hand": ["jink ♦2"]}, autoplay=False)
    assert g.legal_labels() == ["pass", "skill Benevolence"]
    g.play("skill Benevolence")
    g.play("target player_3")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass"]
    assert hand_names(g, 3) == ["Jink ♦2"]


def test_rende_count_starts_again_in_the_next_play_phase():
    """仁德 (docs/rules.md, Heroes (pack `standard`)): the cards are counted per play phase; one
    card in each of two turns heals nothing."""
    g = table({"hero": "liubei", "hp": 2, "hand": ["jink ♦2", "jink ♦3"]}, {"hp": 4}, {}, {},
              deck_top=["dilu", "jueying", "zhuahuangfeidian", "chitu",
                        "zixing", "dayuan", "eight_diagram ♠2", "eight_diagram ♣2",
                        "nioh_shield", "crossbow ♣A"])
    g.play("skill Benevolence")
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("confirm")
    g.play("pass")                         # end of 刘备's play phase
    # the others' turns: they draw two equipment cards each and end their play phase
    while not (g.current == 0 and g.phase == C.PH_PLAY):
        assert g.decision_kind == C.DK_PLAY, g.describe_decision()
        g.play("pass")
    assert g.hp(0) == 2
    g.play("skill Benevolence")
    g.play("target player_1")
    g.play("Jink ♦3")
    assert g.hp(0) == 2
    assert event_args(g, C.EV_HEAL) == []
