"""侠胆 (任桓之; the 英雄杀 pack): scenario tests. The skill: "Once per play phase, you may
compare points with another character. If you win, this turn your attack range is unlimited, you
may use two Slashes and each may name one extra target; otherwise you cannot use a Slash this
turn."

Tables: ``hk`` is ``helpers.table4_neutral`` (four seats; a neutral hero on every seat that
names none).
"""

import numpy as np
import pytest
from helpers import DILU as STOP
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked, damage, discard_names, events, expect, mark, seen_marks, skill_events
from helpers import table4_neutral as hk

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def card_id(g, label):
    return [c for c in range(int(g.s[C.H_NCARDS])) if g.card_name(c) == label][0]


def xiadan_table(mine, theirs, **kw):
    """任桓之 (seat 0) with two 杀 and a card to compare; seat 2 (distance 2) holds theirs, seat 1
    a 桃 (not a 闪)."""
    return hk({"hero": "renhuanzhi", "hand": ["slash ♠7", "slash ♠8", mine, ANCHOR]},
              {"hand": ["peach ♥4"]}, {"hand": theirs}, {}, **kw)


def test_xiadan_won_unlimited_range_two_slashes_two_targets_each(invariants):
    """侠胆 won (higher rank): this turn his range is unlimited, he may use two 杀 and each 杀 may
    name up to two targets."""
    g = xiadan_table("jink ♥K", ["peach ♥6", "peach ♥3"])
    assert "skill Gallant Daring" in g.legal_labels()
    # before: seat 2 is out of range
    g.play("skill Gallant Daring")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_XIADAN)
    assert g.legal_labels() == ["target player_1", "target player_2"]   # seat 3 has no hand card
    g.play("target player_2")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_XIADAN)              # his card first, face down
    assert sorted(g.legal_labels()) == sorted(["Slash ♠7", "Slash ♠8", ANCHOR_LABEL, "Jink ♥K"])
    g.play("Jink ♥K")
    asked(g, 2, C.DK_SKILL_CARD, SK.SK_XIADAN)              # the target chooses its own card
    assert sorted(g.legal_labels()) == ["Peach ♥3", "Peach ♥6"]
    g.play("Peach ♥3")
    jk, pe = card_id(g, "Jink ♥K"), card_id(g, "Peach ♥3")
    assert sorted(e[1:3] for e in events(g, C.EV_REVEAL)) == sorted([(0, jk), (2, pe)])
    assert discard_names(g) == ["Jink ♥K", "Peach ♥3"]
    assert mark(g, 0) == C.MK_XIADAN_WON
    assert seen_marks(g, 1, 0)[2] == 1.0 and seen_marks(g, 1, 0)[3] == 0.0
    assert skill_events(g, SK.SK_XIADAN) == [(0, SK.SK_XIADAN, 2)]
    # once per play phase
    expect(g, 0, C.DK_PLAY)
    assert "skill Gallant Daring" not in g.legal_labels()
    # first 杀: seat 2 (distance 2) is in range; a second target may be added
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    assert g.legal_labels() == ["confirm", "target player_1", "target player_3"]
    g.play("target player_3")
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]              # no third target: two at most
    # second 杀 allowed, one target only this time
    expect(g, 0, C.DK_PLAY)
    g.play("Slash ♠8")
    g.play("target player_1")
    assert g.legal_labels() == ["confirm", "target player_2", "target player_3"]
    g.play("confirm")
    assert damage(g)[-1] == (0, 1, 1)
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]       # no third 杀 (none in hand anyway)
    invariants(g)


def test_xiadan_won_allows_exactly_two_slashes():
    """侠胆 won: the 杀 limit of the play phase is two (a third 杀 in hand is not offered)."""
    g = hk({"hero": "renhuanzhi", "hand": ["slash ♠7", "slash ♠8", "slash ♠9", "jink ♥K", ANCHOR]},
           {}, {"hand": ["jink ♦2"]})
    g.play("skill Gallant Daring")                # seat 2 is the only possible target
    g.play("Jink ♥K")
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    g.play("Slash ♠8")
    g.play("target player_1")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]


@pytest.mark.parametrize("mine, label", [("jink ♦2", "Jink ♦2"), ("duel ♠A", "Duel ♠A")])
def test_xiadan_not_won_no_slash_this_turn(mine, label):
    """侠胆: a tie is not a win; not won, he cannot use 杀 this turn (mark public), and the marks
    end with the turn."""
    g = hk({"hero": "renhuanzhi", "hand": ["slash ♠8", mine, ANCHOR]},
           {"hand": ["jink ♥2"]}, {}, {"hand": [STOP]})
    g.play("skill Gallant Daring")
    assert g.legal_labels() == ["target player_1", "target player_3"]
    g.play("target player_1")
    g.play(label)
    # seat 1's only card is answered automatically
    assert mark(g, 0) == C.MK_XIADAN_LOST
    assert seen_marks(g, 2, 0)[3] == 1.0
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]       # the 杀 is not usable
    g.play("pass")
    # discard phase (2 cards, 4 HP: none), then the next turns: the mark is gone
    assert mark(g, 0) == 0


def test_xiadan_after_a_slash_won_gives_one_more_lost_blocks_even_crossbow():
    """侠胆 may follow a 杀: won, the 杀 already used counts towards the two; not won, even 诸葛连弩
    does not allow another 杀."""
    g = hk({"hero": "renhuanzhi", "hand": ["slash ♠7", "slash ♠8", "slash ♠9", "jink ♥K", ANCHOR]},
           {}, {"hand": ["jink ♦2"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    assert "Slash ♠8" not in g.legal_labels()
    g.play("skill Gallant Daring")
    g.play("Jink ♥K")
    g.play("Slash ♠8")
    g.play("target player_1")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]
    g = hk({"hero": "renhuanzhi", "hand": ["slash ♠7", "jink ♦3", ANCHOR], "equip": ["crossbow"]},
           {}, {"hand": ["jink ♥K"]})
    g.play("skill Gallant Daring")
    g.play("Jink ♦3")
    assert mark(g, 0) == C.MK_XIADAN_LOST
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]


def test_xiadan_target_needs_hand_cards_and_not_offered_without_one():
    """拼点 needs a hand card on both sides: characters without hand cards cannot be chosen; with
    nobody to choose 侠胆 is not offered."""
    g = hk({"hero": "renhuanzhi", "hand": ["slash ♠7", ANCHOR]}, {"equip": ["dilu"]}, {}, {},
           autoplay=False)
    expect(g, 0, C.DK_PLAY)
    assert "skill Gallant Daring" not in g.legal_labels()


def test_pindian_choices_are_hidden_from_each_other():
    """拼点: the target's observation while it chooses does not depend on the card the owner chose
    (both are shown only afterwards)."""
    obs = []
    for mine in ("Jink ♥K", "Slash ♠7"):
        g = xiadan_table("jink ♥K", ["jink ♦2", "peach ♥3"])
        g.play("skill Gallant Daring")
        g.play("target player_2")
        g.play(mine)
        asked(g, 2, C.DK_SKILL_CARD, SK.SK_XIADAN)
        assert len(g.hand(0)) == 4                          # still in his hand, face down
        assert events(g, C.EV_REVEAL) == []
        obs.append(g.observe(2))
    assert np.array_equal(obs[0], obs[1])


@pytest.mark.parametrize("hero", ["liubowen", "zhugeliang"])
def test_xiadan_second_target_not_guiyin_or_kongcheng_without_hand(hero):
    """侠胆 two targets: a 归隐/空城 character without hand cards cannot be the second target
    either."""
    g = hk({"hero": "renhuanzhi", "hand": ["slash ♠7", "jink ♥K", ANCHOR]},
           {"hand": ["jink ♦2"]}, {}, {"hero": hero})
    g.play("skill Gallant Daring")
    g.play("Jink ♥K")                     # the only target (seat 1) is chosen automatically
    assert mark(g, 0) == C.MK_XIADAN_WON
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_1", "target player_2"]
    g.play("target player_2")
    assert g.legal_labels() == ["confirm", "target player_1"]
