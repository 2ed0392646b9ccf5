"""烽火 (褒姒; the 英雄杀 pack): scenario tests. The skill: "In your play phase you may use an
equipped card as a Beacon Fire (Savage Assault)."

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

from helpers import HK_HEART_HORSE as ANCHOR
from helpers import asked, damage, discard_names, equip_names, event_args, expect, skill_events
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_fenghuo_last_equipped_card_as_beacon_fire(invariants):
    """烽火: in her play phase an equipped card (not a hand card) may be used as 烽火狼烟 (=
    南蛮入侵): every other character in turn plays a 杀 or takes 1 damage. With her last equipped
    card gone the skill is no longer offered."""
    g = table({"hero": "baosi", "hand": ["Strike ♠7", "Attack Horse ♥5"], "equip": [ANCHOR]},
              {"hand": ["Strike ♠8"]}, {}, {"hand": ["Dodge ♦2"]}, autoplay=False)
    assert labels(g) == sorted(["pass", "Strike ♠7", "Attack Horse ♥5", "skill Beacon Fires"])
    g.play("skill Beacon Fires")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_FENGHUO)
    assert labels(g) == [ANCHOR]                       # the horse in hand is no equipped card
    g.play(ANCHOR)
    expect(g, 1, C.DK_SLASH)
    assert labels(g) == ["Strike ♠8", "pass"]
    g.play("Strike ♠8")
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]         # player_3's 闪 does not answer it
    assert equip_names(g, 0) == [] and ANCHOR in discard_names(g)
    use = [e for e in event_args(g, C.EV_USE) if e[0] == 0]
    assert len(use) == 1 and g.card_name(use[0][1]) == ANCHOR
    assert skill_events(g, SK.SK_FENGHUO) == [(0, SK.SK_FENGHUO, C.EV_SKILL_SILENT)]
    expect(g, 0, C.DK_PLAY)
    assert labels(g) == sorted(["pass", "Strike ♠7", "Attack Horse ♥5"])
    invariants(g)


def test_fenghuo_beacon_fire_may_be_cancelled_per_target():
    """烽火 makes a real 烽火狼烟: 无懈可击 may cancel it for one target."""
    g = table({"hero": "baosi", "equip": ["Tiger Tally ♣A", ANCHOR]},
              {}, {"hand": ["Cancel ♣Q"]}, {}, autoplay=False)
    g.play("skill Beacon Fires")
    assert labels(g) == sorted(["Tiger Tally ♣A", ANCHOR])
    g.play("Tiger Tally ♣A")
    expect(g, 2, C.DK_NULLIFY)                         # for player_1
    g.play("pass")
    expect(g, 2, C.DK_NULLIFY)                         # for player_2 himself
    g.play("Cancel ♣Q")
    assert damage(g) == [(0, 1, 1), (0, 3, 1)]
    expect(g, 0, C.DK_PLAY)
    assert labels(g) == sorted(["pass", "skill Beacon Fires"])
