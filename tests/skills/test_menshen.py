"""门神 (秦琼; the 英雄杀 pack): scenario tests. The skill: "At the end of your turn you may
choose another character: until the start of your next turn, every Slash and Duel aimed at that
character is aimed at you instead."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙).
"""

from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import asked_by, damage, event_args, expect, seen_marks
from helpers import mark as marks
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C
from heroes_env.engine.rules import seat_distance


def _guard_table(**kw):
    """秦琼 (seat 0) at the end of his turn: guards someone."""
    return table({"hero": "qinqiong", "hand": ["jink ♦2"]}, ["slash ♠7", "duel ♠A", ANCHOR],
                 ["slash ♠8"], {}, current=0, phase="discard", **kw)


def test_menshen_guard_is_chosen_in_the_end_phase_and_is_public(invariants):
    g = _guard_table()
    asked_by(g, 0, C.DK_SKILL_TARGET, "menshen")
    assert g.legal_labels() == ["pass", "target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    assert marks(g, 2) == C.MK_MENSHEN and marks(g, 0) == C.MK_MENSHEN_ON
    assert marks(g, 1) == 0 and marks(g, 3) == 0
    assert seen_marks(g, 3, 2)[:2] == [1.0, 0.0] and seen_marks(g, 1, 0)[:2] == [0.0, 1.0]
    assert skill_events(g, "menshen") == [(0, SK["menshen"], 2)]
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_menshen_may_be_declined(invariants):
    g = _guard_table()
    g.play("pass")
    assert [marks(g, i) for i in range(4)] == [0, 0, 0, 0]
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_menshen_slash_goes_to_qinqiong_even_out_of_range(invariants):
    """A 杀 aimed at the guarded seat 3 is aimed at 秦琼 (seat 0) instead; he is two seats from
    seat 2 (out of its range) and still takes it: "视为对你打出" is no new choice of target."""
    g = _guard_table()
    g.play("target player_3")
    g.play(ANCHOR_LABEL)                       # seat 1 equips the +1 horse: out of seat 2's range
    g.play("pass")                             # seat 1 ends its play phase
    expect(g, 2, C.DK_PLAY)
    assert seat_distance(g.s, 2, 0) == 2
    g.play("Slash ♠8")                         # the only target in range, seat 3, is taken unasked
    expect(g, 0, C.DK_JINK)                    # 秦琼 is now the target
    assert event_args(g, C.EV_USE)[-1] == (2, 15, 0)
    g.play("pass")
    assert damage(g) == [(2, 0, 1)]
    assert skill_events(g, "menshen")[-1] == (0, SK["menshen"], 3)
    invariants(g)


def test_menshen_duel_goes_to_qinqiong(invariants):
    g = _guard_table()
    g.play("target player_2")
    g.play("Duel ♠A")
    g.play("target player_2")
    assert damage(g) == [(1, 0, 1)]            # 秦琼 has no 杀: he loses the 决斗
    assert g.hp(2) == 4
    invariants(g)


def test_menshen_lijian_duel_goes_to_qinqiong(invariants):
    """离间's 决斗 (no FR_USE) aimed at the guarded seat 2 goes to 秦琼 too."""
    g = table({"hero": "qinqiong"}, {"hero": "diaochan", "hand": ["slash ♠7", ANCHOR]}, {}, {},
              current=1)
    g.s[C.P_MARK + 2] |= C.MK_MENSHEN
    g.s[C.P_MARK + 0] |= C.MK_MENSHEN_ON
    g.play("skill Seed of Animosity")
    g.play("Slash ♠7")
    g.play("target player_3")                  # seat 3 uses the 决斗 ...
    g.play("target player_2")                  # ... on seat 2, so on 秦琼
    assert event_args(g, C.EV_USE) == [(3, -1, 0)]
    assert damage(g) == [(3, 0, 1)]
    assert skill_events(g, "menshen") == [(0, SK["menshen"], 2)]
    invariants(g)


def test_menshen_not_for_qinqiong_own_slash():
    """秦琼's own 杀 on the guarded seat stays on it."""
    g = table({"hero": "qinqiong", "hand": ["slash ♠7", ANCHOR]}, {}, {}, {}, current=0)
    g.s[C.P_MARK + 1] |= C.MK_MENSHEN
    g.s[C.P_MARK + 0] |= C.MK_MENSHEN_ON
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)]


def test_menshen_ends_at_his_next_turn_start(invariants):
    g = table({"hero": "qinqiong"}, {}, {}, {"hand": ["slash ♠7", ANCHOR]}, current=3,
              deck_top=["jink ♦2", "chitu"])
    g.s[C.P_MARK + 2] |= C.MK_MENSHEN
    g.s[C.P_MARK + 0] |= C.MK_MENSHEN_ON
    g.play("pass")                             # seat 3 ends its turn; 秦琼's starts
    expect(g, 0, C.DK_PLAY)
    assert [marks(g, i) for i in range(4)] == [0, 0, 0, 0]
    invariants(g)


def test_menshen_ends_when_qinqiong_dies(invariants):
    """秦琼 dies: the guard ends, the marks go, and 杀 at the formerly guarded seat hit it."""
    g = table({"role": "rebel", "hero": "qinqiong", "hp": 1}, {"role": "lord", "hand":
              ["slash ♠7", "slash ♠8"], "equip": ["crossbow"]}, {"role": "loyalist"},
              {"role": "renegade"}, current=1)
    g.s[C.P_MARK + 2] |= C.MK_MENSHEN
    g.s[C.P_MARK + 0] |= C.MK_MENSHEN_ON
    g.play("Slash ♠7")
    g.play("target player_0")
    assert not g.s[C.P_ALIVE + 0]
    assert [marks(g, i) for i in range(4)] == [0, 0, 0, 0]
    expect(g, 1, C.DK_PLAY)
    g.play("Slash ♠8")
    g.play("target player_2")
    assert damage(g)[-1] == (1, 2, 1)
    invariants(g)
