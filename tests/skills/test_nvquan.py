"""女权 (武则天; the 英雄杀 pack): scenario tests. The skill: "Locked. A male in a Duel you used
must play two Slashes each time; a Duel a male uses on you has no effect on you."

Tables: ``table`` is ``helpers.wuzetian_table`` (five seats, 武则天 the lord unless a test says
otherwise).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import damage, events, expect, hand_names
from helpers import wuzetian_table as table

from heroes_env.engine import constants as C


def test_nvquan_male_must_play_two_slashes_each_time(invariants):
    """女权: her 决斗 on a male: he plays two 杀 each time, she one; he runs out and takes 1."""
    g = table({"hand": ["duel", "slash ♠7", ANCHOR]},
              ["slash ♠8", "slash ♠9", "slash ♠10"])
    g.play("duel")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    g.play("Slash ♠8")
    expect(g, 1, C.DK_SLASH)          # the second 杀 of the same answer
    g.play("Slash ♠9")
    expect(g, 0, C.DK_SLASH)
    g.play("Slash ♠7")
    expect(g, 1, C.DK_SLASH)
    g.play("Slash ♠10")               # one 杀 and none left: he loses
    assert damage(g) == [(0, 1, 1)]
    assert hand_names(g, 1) == []
    invariants(g)


def test_nvquan_one_slash_is_not_enough():
    """女权: a male with one 杀 plays it and still loses the 决斗."""
    g = table({"hand": ["duel", ANCHOR]}, ["slash ♠8"])
    g.play("duel")
    g.play("target player_1")
    g.play("Slash ♠8")
    assert damage(g) == [(0, 1, 1)]


def test_nvquan_female_target_plays_one_slash():
    """女权 concerns men only: a woman answers her 决斗 with one 杀 each time."""
    g = table({"hand": ["duel", ANCHOR]}, {"hero": "huangyueying", "hand": ["slash ♠8"]})
    g.play("duel")
    g.play("target player_1")
    g.play("Slash ♠8")
    assert damage(g) == [(1, 0, 1)]        # she had no 杀 to answer: she takes it


def test_nvquan_male_duel_on_her_has_no_effect(invariants):
    """女权: a male may choose her as his 决斗's target, but it has no effect on her: after the
    trick's 无懈可击 window (as for any trick) she is not asked, nobody takes damage."""
    g = table({"hand": ["jink"]}, {"hand": ["duel", "nullification", ANCHOR]},
              {"hand": ["nullification"]}, current=1)
    g.play("duel")
    assert "target player_0" in g.legal_labels()
    g.play("target player_0")
    expect(g, 1, C.DK_NULLIFY)         # the window of the trick, from the current player
    g.play("pass")
    expect(g, 2, C.DK_NULLIFY)
    g.play("pass")
    expect(g, 1, C.DK_PLAY)            # no 杀 asked of anyone
    assert damage(g) == []
    assert [g.card_name(c) for c in g.zone_cards(C.Z_DISCARD)] == ["Duel ♠A"]
    assert [e[1] for e in events(g, C.EV_NULLIFIED)] == [0]
    invariants(g)


def test_nvquan_female_duel_on_her_resolves():
    """A woman's 决斗 on 武则天 is an ordinary 决斗."""
    g = table({"hand": ["jink"]}, {"hero": "huangyueying", "hand": ["duel", ANCHOR]}, current=1)
    g.play("duel")
    g.play("target player_0")
    assert damage(g) == [(1, 0, 1)]
