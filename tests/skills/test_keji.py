"""克己 (吕蒙; the standard pack): scenario tests. The skill: "Locked. If you neither used nor
played a Slash in your play phase, you skip your discard phase."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as STOP
from helpers import damage, event_args, expect, hand_names
from helpers import table4 as table

from heroes_env.engine import constants as C

JINKS5 = ["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5", "jink ♦6"]


def test_keji_no_slash_in_play_phase_skips_discard_phase():
    """克己: no 杀 used or played in his play phase: his discard phase is skipped (the 三国杀
    standard rules)."""
    g = table({"hero": "lvmeng", "hp": 2, "hand": list(JINKS5)}, [STOP])
    expect(g, 1, C.DK_PLAY)                 # his turn ended without a discard decision
    assert len(g.hand(0)) == 5
    assert (0, C.PH_DISCARD, 0) in event_args(g, C.EV_SKIP)
    assert [e for e in g.event_log if e[0] == C.EV_DISCARD] == []


def test_keji_used_slash_means_normal_discard():
    """克己: after using a 杀 in his play phase he discards down to his HP as usual."""
    g = table({"hero": "lvmeng", "hp": 2, "hand": ["slash ♠7"] + JINKS5[:4]}, [])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_DISCARD)
    assert len(g.hand(0)) == 4
    g.play("Jink ♦2")
    g.play("Jink ♦3")
    assert hand_names(g, 0) == ["Jink ♦4", "Jink ♦5"]


def test_keji_slash_played_in_a_duel_counts():
    """克己: a 杀 played (打出) in a 决斗 during his play phase counts: he must discard (the 三国杀
    standard rules "包括决斗中使用的杀")."""
    g = table({"hero": "lvmeng", "hand": ["duel", "slash ♠7"] + JINKS5}, ["slash ♠8"])
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    g.play("Slash ♠8")
    expect(g, 0, C.DK_SLASH)
    g.play("Slash ♠7")
    assert damage(g) == [(0, 1, 1)]
    # the play phase ends by itself (only 闪 left); 5 cards, 4 HP: one discard
    expect(g, 0, C.DK_DISCARD)
    assert C.PH_DISCARD not in [e[1] for e in event_args(g, C.EV_SKIP)]


def test_keji_duel_without_playing_slash_still_skips_discard():
    """克己: using a 决斗 is not using a 杀; if he never had to play one, the discard phase is
    skipped."""
    g = table({"hero": "lvmeng", "hand": ["duel", "slash ♠7"] + JINKS5}, [STOP])
    g.play("Duel ♠A")
    g.play("target player_1")           # seat 1 has no 杀: it loses at once
    assert damage(g) == [(0, 1, 1)]
    g.play("pass")                      # end the play phase with 6 cards at 4 HP
    expect(g, 1, C.DK_PLAY)
    assert len(g.hand(0)) == 6
    assert (0, C.PH_DISCARD, 0) in event_args(g, C.EV_SKIP)


def test_keji_slash_played_in_another_players_turn_does_not_count():
    """克己 looks only at his own play phase: a 杀 played against 南蛮入侵 in the previous turn
    does not count."""
    g = table({"hero": "lvmeng", "hp": 2, "hand": ["slash ♠7"] + JINKS5[:4]},
              {"hand": ["jueying"]}, [], {"hand": ["savage_assault ♠7", STOP]},
              current=3, deck_top=["jink ♦7", "jink ♦8"])
    g.play("Savage Assault ♠7")
    expect(g, 0, C.DK_SLASH)
    g.play("Slash ♠7")
    expect(g, 3, C.DK_PLAY)
    g.play("pass")
    # lvmeng's turn: draws two 闪, nothing to use, 6 cards at 2 HP: no discard
    expect(g, 1, C.DK_PLAY)
    assert len(g.hand(0)) == 6
    assert (0, C.PH_DISCARD, 0) in event_args(g, C.EV_SKIP)


def test_keji_when_play_phase_skipped_by_indulgence():
    """克己: a play phase skipped by 乐不思蜀 uses no 杀, so the discard phase is skipped too
    (as in the established engines)."""
    g = table({"hero": "lvmeng", "hp": 2, "hand": JINKS5[:4], "judge": ["indulgence ♠6"]}, [STOP],
              phase="judge", deck_top=["slash ♠8", "jink ♦7", "jink ♦8"])
    expect(g, 1, C.DK_PLAY)
    skips = event_args(g, C.EV_SKIP)
    assert (0, C.PH_PLAY, 0) in skips and (0, C.PH_DISCARD, 0) in skips
    assert len(g.hand(0)) == 6
