"""飞将 (张飞; the standard pack): scenario tests. The skill: "Locked. In your play phase you
may use any number of Slashes."

Tables: ``table`` is ``helpers.table4`` (four seats, roles by position).
"""

from helpers import DILU as ANCHOR
from helpers import DILU_LABEL as A
from helpers import damage, expect
from helpers import table4 as table

from heroes_env.engine import constants as C


def test_feijiang_three_slashes_in_one_play_phase():
    """飞将 (=咆哮): any number of 杀 in the play phase."""
    g = table({"hero": "zhangfei", "hand": ["slash ♠7", "slash ♠8", "slash ♠9", ANCHOR]},
              {}, {}, {})
    for card in ("Slash ♠7", "Slash ♠8", "Slash ♠9"):
        expect(g, 0, C.DK_PLAY)
        assert card in g.legal_labels()
        g.play(card)
        g.play("target player_1")
    assert damage(g) == [(0, 1, 1)] * 3
    assert g.hp(1) == 1
    assert int(g.s[C.P_SLASHES + 0]) == 3
    expect(g, 0, C.DK_PLAY)


def test_without_feijiang_second_slash_not_offered():
    """Control: another 蜀 hero without 飞将 (赵云) gets one 杀 per play phase."""
    g = table({"hero": "zhaoyun", "hand": ["slash ♠7", "slash ♠8", ANCHOR]}, {}, {}, {})
    g.play("Slash ♠7")
    g.play("target player_1")
    assert g.legal_labels() == ["pass", A]
