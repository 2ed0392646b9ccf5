"""沉鱼 (西施; the 英雄杀 pack): scenario tests. The skill: "When you become the target of a
Slash, you may discard a card to pass the Slash on to another character in your attack range,
other than its user." It runs the code of 流离 (``liuli``, skills.csv ``base``).

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

from helpers import HK_HEART_HORSE as ANCHOR
from helpers import asked, damage, skill_events
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_chenyu_passes_a_strike_to_someone_in_her_range_not_its_user():
    """沉鱼 (= 流离): targeted by a 杀 she may discard a card to pass it to a character in her
    attack range other than its user."""
    g = table({"hand": ["Strike ♠7", ANCHOR]},
              {"hero": "xishi", "hand": ["Medicine ♥3"], "equip": ["Tiger Tally ♣A"]}, {}, {},
              autoplay=False)
    g.play("Strike ♠7")
    g.play("target player_1")
    asked(g, 1, C.DK_SKILL_CARD, SK.SK_LIULI)
    assert labels(g) == ["Medicine ♥3", "Tiger Tally ♣A", "pass"]
    g.play("Tiger Tally ♣A")
    asked(g, 1, C.DK_SKILL_TARGET, SK.SK_LIULI)
    assert labels(g) == ["target player_2"]            # player_0 is the user, player_3 too far
    g.play("target player_2")
    assert damage(g) == [(0, 2, 1)] and g.hp(1) == 3
    assert skill_events(g, SK.SK_CHENYU) == [(1, SK.SK_CHENYU, 2)]
