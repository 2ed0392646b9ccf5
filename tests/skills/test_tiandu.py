"""天妒 (郭嘉, 王玉洁; the standard pack and the classmates pack): scenario tests. The skill:
"After your judgement card takes effect, you may take it into your hand."

Tables: ``table`` is ``helpers.table4_filled`` (four seats; living seats without a hero get
吕蒙); ``table4`` is ``helpers.table4`` (four seats, roles by position). 王玉洁's test (the
classmates pack) rigs its table with ``table4``.
"""

from helpers import DILU as STOP
from helpers import SKILL_IDS as SK
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import (
    asked,
    damage,
    discard_names,
    event_args,
    expect,
    expect_confirm,
    hand_names,
    table4,
)
from helpers import skill_events_by_key as skill_events
from helpers import table4_filled as table

from heroes_env.engine import constants as C


def test_tiandu_takes_his_indulgence_judgement_card(invariants):
    """天妒: after his own judgement 郭嘉 may take the judgement card."""
    g = table({}, {"hero": "guojia", "judge": ["indulgence ♠6"]}, {"hand": [ANCHOR]},
              current=1, phase="start", deck_top=["slash ♠7", "jink ♦2", "jink ♦3"])
    expect_confirm(g, 1, "tiandu")
    g.play("confirm")
    expect(g, 2, C.DK_PLAY)                  # his play phase was skipped (♠)
    assert (1, C.PH_PLAY, 0) in event_args(g, C.EV_SKIP)
    assert hand_names(g, 1) == ["Jink ♦2", "Jink ♦3", "Slash ♠7"]
    assert discard_names(g) == ["Indulgence ♠6"]
    assert skill_events(g, "tiandu") == [(1, SK["tiandu"], -1)]
    invariants(g)


def test_tiandu_is_optional(invariants):
    """天妒 declined: the judgement card is discarded."""
    g = table({}, {"hero": "guojia", "judge": ["indulgence ♠6"]}, {"hand": [ANCHOR]},
              current=1, phase="start", deck_top=["slash ♠7", "jink ♦2", "jink ♦3"])
    expect_confirm(g, 1, "tiandu")
    g.play("pass")
    expect(g, 2, C.DK_PLAY)
    assert hand_names(g, 1) == ["Jink ♦2", "Jink ♦3"]
    assert discard_names(g) == ["Indulgence ♠6", "Slash ♠7"]
    invariants(g)


def test_tiandu_takes_eight_diagram_card_and_the_jink_still_counts(invariants):
    """天妒 on an 八卦阵 judgement: the red card gives the 闪 and then goes to his hand."""
    g = table(["slash ♠7", ANCHOR], {"hero": "guojia", "equip": ["eight_diagram ♠2"]},
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Eight Diagram ♠2")
    expect_confirm(g, 1, "tiandu")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3 and damage(g) == []
    assert hand_names(g, 1) == ["Peach ♥3"]
    invariants(g)


def test_tiandu_takes_the_card_guicai_put_in(invariants):
    """天妒 takes the final judgement card, also one 司马懿's 鬼才 put in (the 三国杀 standard
    rules)."""
    g = table({}, {"hero": "guojia", "judge": ["indulgence ♠6"], "hand": [ANCHOR]},
              {"hero": "simayi", "hand": ["peach ♥3"]}, current=1, phase="start",
              deck_top=["slash ♠7", "jink ♦2", "jink ♦3"])
    g.play("Peach ♥3")                       # 鬼才
    expect_confirm(g, 1, "tiandu")
    g.play("confirm")
    expect(g, 1, C.DK_PLAY)                  # ♥: his play phase is not skipped
    assert hand_names(g, 1) == sorted(["Jink ♦2", "Jink ♦3", "Peach ♥3", ANCHOR_LABEL])
    assert discard_names(g) == ["Indulgence ♠6", "Slash ♠7"]
    invariants(g)


def test_tiandu_not_for_another_players_judgement(invariants):
    """天妒 is about 郭嘉's own judgements only."""
    g = table({}, {"judge": ["indulgence ♠6"]}, {"hero": "guojia", "hand": [ANCHOR]},
              current=1, phase="start", deck_top=["slash ♠7", "jink ♦2", "jink ♦3", "jink ♦4",
                                                   "jink ♦5"])
    expect(g, 2, C.DK_PLAY)
    assert skill_events(g) == []
    assert "Slash ♠7" in discard_names(g)
    invariants(g)


def test_tiandu_then_lightning_dying_then_yiji_three_times(invariants):
    """闪电 on 郭嘉 (3 HP): 天妒 takes the ♠ judgement card, 3 damage, dying, one 桃 saves him,
    then 遗计 for each of the 3 points."""
    g = table({}, {"hero": "guojia", "judge": ["lightning ♠A"]}, ["peach ♥3"], current=1,
              phase="start",
              deck_top=["slash ♠7", "jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5", "jink ♦6",
                        "jink ♦7", "slash ♦6", "slash ♦7"])
    expect_confirm(g, 1, "tiandu")
    g.play("confirm")
    assert hand_names(g, 1) == ["Slash ♠7"]
    assert damage(g) == [(-1, 1, 3)]
    expect(g, 2, C.DK_PEACH)
    g.play("Peach ♥3")
    assert g.hp(1) == 1
    for _ in range(3):
        expect_confirm(g, 1, "yiji")
        g.play("confirm")
        g.play("target player_1")
        g.play("target player_1")
    assert len(skill_events(g, "yiji")) == 3
    expect(g, 1, C.DK_PLAY)                  # then his draw phase (the next two) and play phase
    assert hand_names(g, 1) == sorted(["Slash ♠7", "Jink ♦2", "Jink ♦3", "Jink ♦4", "Jink ♦5",
                                       "Jink ♦6", "Jink ♦7", "Slash ♦6", "Slash ♦7"])
    invariants(g)


def test_wangyujie_tiandu_takes_her_judgement_card(invariants):
    """天妒: once a judgement of hers took effect she may take the card (here her 乐不思蜀's)."""
    g = table4({"hero": "wangyujie", "judge": ["indulgence ♠6"]}, [STOP], phase="judge",
              deck_top=["slash ♠7", "jink ♦2", "jink ♦3"], autoplay=False)
    asked(g, 0, C.DK_CONFIRM, SK["tiandu"])
    g.play("confirm")
    assert "Slash ♠7" in hand_names(g, 0)
    invariants(g)
