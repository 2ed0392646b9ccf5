"""红颜 (陈圆圆; the 英雄杀 pack): scenario tests. The skill: "Once per play phase, you may
discard a card and choose two male characters: the second uses a Duel on the first, and it
cannot be cancelled by Nullification." It runs the code of 离间 (``lijian``, skills.csv
``base``) with parameter 1.

Tables: ``table`` is ``helpers.herokill_table4`` (four seats on the herokill deck, whose cards
have its names).
"""

import pytest
from helpers import HK_HEART_HORSE as ANCHOR
from helpers import asked, damage, expect, skill_events
from helpers import herokill_table4 as table
from helpers import sorted_labels as labels

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK


def _duel_table(hero):
    return table({"hero": hero, "hand": ["Strike ♠7", ANCHOR]},
                 {"gender": "male", "hand": ["Strike ♠8"]},
                 {"gender": "male", "hand": ["Cancel ♣Q"]},
                 {"gender": "male", "hand": ["Strike ♠9"]}, autoplay=False)


@pytest.mark.parametrize("hero, first_asked, dealt", [("chenyuanyuan", 3, (3, 1, 1)),
                                                      ("diaochan", 1, (1, 3, 1))])
def test_hongyan_first_chosen_male_plays_strike_first(hero, first_asked, dealt, invariants):
    """红颜 (= 离间 with parameter 1): discard a hand or equipped card, choose two males; the first
    chosen plays 杀 first (he is the 决斗's target, the second its user). 离间 (the 三国杀 standard
    rules, coded
    with the user chosen first) for contrast. No 无懈可击 window; once per play phase."""
    g = _duel_table(hero)
    own = SK.SK_HONGYAN if hero == "chenyuanyuan" else SK.SK_LIJIAN
    g.play("skill " + ("hongyan" if own == SK.SK_HONGYAN else "lijian"))
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_LIJIAN)
    assert labels(g) == sorted(["Strike ♠7", ANCHOR])
    g.play("Strike ♠7")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_LIJIAN)
    assert labels(g) == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_3")
    assert labels(g) == ["target player_1", "target player_2"]
    g.play("target player_1")
    expect(g, first_asked, C.DK_SLASH)                 # no 无懈可击 asked of player_2 first
    g.play("Strike ♠9" if first_asked == 3 else "Strike ♠8")
    expect(g, 4 - first_asked, C.DK_SLASH)
    g.play("pass")
    assert damage(g) == [dealt]
    assert skill_events(g, own) == [(0, own, -1)]
    expect(g, 0, C.DK_PLAY)
    assert labels(g) == sorted(["pass", ANCHOR])         # once per play phase
    invariants(g)


@pytest.mark.parametrize("hero", ["chenyuanyuan", "diaochan"])
def test_hongyan_guiyin_male_without_hand_cannot_be_the_first_choice(hero):
    """归隐 (= 空城): with no hand cards 刘伯温 cannot be a 决斗's target. Under 红颜 the target is
    the first male chosen, so he may only be the second; under 离间 only the first."""
    g = table({"hero": hero, "hand": ["Strike ♠7"]},
              {"gender": "male"}, {"gender": "male"}, {"hero": "liubowen"}, autoplay=False)
    g.play("skill " + ("hongyan" if hero == "chenyuanyuan" else "lijian"))
    g.play("Strike ♠7")
    first = ["target player_1", "target player_2"]
    first += ["target player_3"] if hero == "diaochan" else []
    assert labels(g) == first
    g.play("target player_1")
    second = ["target player_2"] + (["target player_3"] if hero == "chenyuanyuan" else [])
    assert labels(g) == second


def test_hongyan_needs_two_males_other_than_herself():
    """红颜 is not offered when fewer than two males could duel (陈圆圆 and 西施 are female)."""
    g = table({"hero": "chenyuanyuan", "hand": ["Strike ♠7", ANCHOR]},
              {"gender": "male"}, {"hero": "xishi"}, {"gender": "female"}, autoplay=False)
    assert labels(g) == sorted(["pass", "Strike ♠7", ANCHOR])
