"""迷离 (孙婷婷; the classmates pack): scenario tests. The skill: "When you become the target of
a Slash, you may discard a card to pass the Slash on to another character in your attack range,
other than its user." It runs the code of 流离 (``liuli``, skills.csv ``base``).

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import ZHUAHUANG as ANCHOR
from helpers import asked, damage, hit, skill_events
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def test_mili_cm_passes_the_slash_on(invariants):
    """迷离 (= 流离): targeted by a 杀, she discards a card and passes it to another in her
    range."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "suntingting", "hand": ["jink ♦2"]},
              autoplay=False)
    hit(g)
    asked(g, 1, C.DK_SKILL_CARD, SK.SK_LIULI)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    asked(g, 1, C.DK_SKILL_TARGET, SK.SK_LIULI)
    assert g.legal_labels() == ["target player_2"]          # not the user
    g.play("target player_2")
    assert damage(g) == [(0, 2, 1)]
    assert skill_events(g, SK.SK_MILI_CM) == [(1, SK.SK_MILI_CM, 2)]
    invariants(g)
