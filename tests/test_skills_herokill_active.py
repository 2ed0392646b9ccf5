"""Scenario tests for 英雄杀 heroes with active skills: 任桓之 (侠胆, 拼点), 曹操 (奸雄 of 英雄杀),
花木兰 (迷离, 易装), 韩信 (攻心, 兵仙), 刘邦 (驭人); and random play of pack ``herokill``.

Rule sources: the hero texts near the end of the 英雄杀 rules (binding
where explicit), HP/gender/faction from rules/herokill_heroes_sources.csv; the choices where the
text is silent are listed in docs/rules.md ("Hero Kill heroes") and named in the docstrings.

Seats of a 4-player table: 0 lord, 1 rebel, 2 loyalist, 3 renegade unless a test says otherwise.
Without horses or weapons seats 1 and 3 are at distance 1 from seat 0, seat 2 at distance 2.
"""
import numpy as np
import pytest
from helpers import (
    asked,
    damage,
    discard_names,
    equip_names,
    event_args,
    events,
    expect,
    hand_names,
    skill_events,
)
from helpers import table4 as table

from heroes_env import Config
from heroes_env.engine import constants as C
from heroes_env.engine import invariants as inv
from heroes_env.engine.skills import ids as SK

# equipment that is always usable in the play phase: keeps the owner's play decision open
ANCHOR = "zhuahuangfeidian"
ANCHOR_LABEL = "Zhuahuang Feidian ♥K"
# a usable card for the seat whose turn comes next, so the game stops at its play decision
STOP = "dilu"
# heroes without a skill that could act in these scenarios, for seats the test leaves bare
FILL = ("xuchu", "zhangfei", "huangyueying", "xuchu")


def everyone_a_hero(*seats):
    out = []
    for i, d in enumerate(list(seats) + [{}] * (4 - len(seats))):
        d = {"hand": d} if isinstance(d, list) else dict(d)
        d.setdefault("hero", FILL[i])
        out.append(d)
    return out


def hk(*seats, **kw):
    return table(*everyone_a_hero(*seats), **kw)




def card_id(g, label):
    return [c for c in range(int(g.s[C.H_NCARDS])) if g.card_name(c) == label][0]


def mark(g, seat):
    return int(g.s[C.P_MARK + seat])


def seen_marks(g, viewer, seat):
    """The OS_MARK cells of seat in viewer's observation."""
    r = (seat - viewer) % g.num_players
    o = g.observe(viewer)
    return o[C.OBS_SEATS + r * C.SEAT_OBS + C.OS_MARK:][:C.NUM_MARKS].tolist()


# ================================================================ 任桓之 侠胆 (拼点)
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


# ================================================================ 曹操 奸雄 (英雄杀)
def test_jianxiong_hk_not_offered_before_any_card_used():
    """奸雄 (英雄杀): with no previous card used in this turn there is nothing to copy."""
    g = hk({"hero": "caocao_hk", "hand": ["jink ♦2", ANCHOR]}, autoplay=False)
    assert g.skills(0) == ["jianxiong_hk", "jijiang_hk"]
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]


def test_jianxiong_hk_equipment_card_as_previous_ex_nihilo(invariants):
    """奸雄: once per turn, a hand or equipment card is used as the previous card he used
    (无中生有)."""
    g = hk({"hero": "caocao_hk", "hand": ["ex_nihilo", "jink ♦2"], "equip": ["dilu"]},
           deck_top=["peach ♥3", "peach ♥4", "slash ♠7", "slash ♠8"])
    assert "skill Treacherous Hero" not in g.legal_labels()
    g.play("Ex Nihilo ♥7")
    assert int(g.s[C.H_LASTKIND]) == C.K_EX_NIHILO
    assert "skill Treacherous Hero" in g.legal_labels()
    g.play("skill Treacherous Hero")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIANXIONG_HK)
    assert sorted(g.legal_labels()) == sorted(["Jink ♦2", "Peach ♥3", "Peach ♥4", "Dilu ♣5"])
    g.play("Dilu ♣5")
    assert equip_names(g, 0) == []
    assert hand_names(g, 0) == sorted(["Jink ♦2", "Peach ♥3", "Peach ♥4", "Slash ♠7", "Slash ♠8"])
    assert skill_events(g, SK.SK_JIANXIONG_HK) == [(0, SK.SK_JIANXIONG_HK, -1)]
    expect(g, 0, C.DK_PLAY)
    assert "skill Treacherous Hero" not in g.legal_labels()      # once per turn
    invariants(g)


def test_jianxiong_hk_copies_a_duel_with_target_choice():
    """奸雄: a copied 决斗 is used like one (targets chosen, 无懈 window, damage)."""
    g = hk({"hero": "caocao_hk", "hand": ["duel ♠A", "jink ♦2", ANCHOR]}, {}, {}, {})
    g.play("Duel ♠A")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)]
    g.play("skill Treacherous Hero")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    assert damage(g) == [(0, 1, 1), (0, 2, 1)]


def test_jianxiong_hk_previous_slash_not_when_slash_limit_reached():
    """奸雄: copying a 杀 counts as a 杀 used: not offered once the play phase's 杀 is used (offered
    with 诸葛连弩)."""
    g = hk({"hero": "caocao_hk", "hand": ["slash ♠7", "jink ♦2", ANCHOR]})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert int(g.s[C.H_LASTKIND]) == C.K_SLASH
    assert "skill Treacherous Hero" not in g.legal_labels()
    g = hk({"hero": "caocao_hk", "hand": ["slash ♠7", "jink ♦2"], "equip": ["crossbow"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("skill Treacherous Hero")
    # the crossbow itself would leave: as a 杀 it is then over the limit, so only the jink
    expect(g, 0, C.DK_TARGET)
    assert damage(g) == [(0, 1, 1)]
    assert discard_names(g) == ["Slash ♠7"] and g.hand(0) == []


def test_jianxiong_hk_equipped_horse_not_offered_when_its_leaving_breaks_the_use():
    """奸雄: a card is offered only if its use as the copied kind has a target once it has left: a
    -1 horse copied as 顺手牵羊 no longer shortens the distance."""
    g = hk({"hero": "caocao_hk", "hand": ["snatch ♠3", "jink ♦2", ANCHOR], "equip": ["chitu"]},
           {"hand": ["peach ♥3"]}, {"hand": ["peach ♥4"]})
    g.play("Snatch ♠3")
    g.play("target player_1")         # seat 2 is at distance 1 with the horse
    expect(g, 0, C.DK_PLAY)
    g.play("skill Treacherous Hero")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIANXIONG_HK)
    assert sorted(g.legal_labels()) == sorted(["Jink ♦2", ANCHOR_LABEL, "Peach ♥3"])
    g.play("Jink ♦2")                  # the only target (seat 2) and its only card: automatic
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Peach ♥3", "Peach ♥4"])


def test_jianxiong_hk_copied_peach_only_when_wounded():
    """奸雄: a copied 桃 is offered only while he is wounded."""
    g = hk({"hero": "caocao_hk", "hp": 2, "hand": ["peach ♥3", "jink ♦2", ANCHOR]})
    g.play("Peach ♥3")
    assert g.hp(0) == 3
    g.play("skill Treacherous Hero")
    g.play("Jink ♦2")
    assert g.hp(0) == 4
    g = hk({"hero": "caocao_hk", "hp": 3, "hand": ["peach ♥3", "jink ♦2", ANCHOR]})
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)
    assert "skill Treacherous Hero" not in g.legal_labels()


@pytest.mark.parametrize("first, label", [("dilu", "Dilu ♣5"), ("indulgence ♠6", "Indulgence ♠6")])
def test_jianxiong_hk_not_after_equipment_or_delayed_trick(first, label):
    """奸雄: an equipment card or a delayed trick as the previous card cannot be copied."""
    g = hk({"hero": "caocao_hk", "hand": [first, "jink ♦2", ANCHOR]})
    g.play(label)
    if g.decision_kind == C.DK_TARGET:
        g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert "skill Treacherous Hero" not in g.legal_labels()


def test_jianxiong_hk_previous_card_forgotten_next_turn():
    """奸雄: only cards used in this turn count (H_LASTKIND is cleared when a turn ends)."""
    g = hk({"hero": "caocao_hk", "hand": ["ex_nihilo", "jink ♦2"]}, {"hand": [STOP]},
           deck_top=["slash ♠7", "slash ♠8"])
    g.play("Ex Nihilo ♥7")
    g.play("pass")
    # discard phase: 3 cards, 4 HP: none; seat 1's turn
    expect(g, 1, C.DK_PLAY)
    assert int(g.s[C.H_LASTKIND]) == C.K_NONE


# ================================================================ 花木兰 迷离 / 易装
def test_mili_lost_equipment_draws_two():
    """迷离 (= 枭姬): when a card leaves her equipment she may draw two."""
    g = hk({"hero": "huamulan", "hand": ["halberd", ANCHOR], "equip": ["qinggang_sword"]},
           current=0, deck_top=["jink ♦2", "jink ♦3"])
    g.play("Sky Halberd ♦Q")
    asked(g, 0, C.DK_CONFIRM, SK.SK_XIAOJI)
    g.play("confirm")
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"])
    assert skill_events(g, SK.SK_MILI) == [(0, SK.SK_MILI, -1)]


def test_yizhuang_not_offered_without_dead_male_hero():
    """易装 needs a dead male hero of this game (a dead female does not count) and two hand
    cards."""
    g = hk({"hero": "zhangfei", "role": "lord"}, {},
           {"hero": "huamulan", "hand": ["jink ♦2", ANCHOR]},
           {"hero": "diaochan", "alive": False}, current=2, autoplay=False)
    expect(g, 2, C.DK_PLAY)
    assert "skill Disguise" not in g.legal_labels()
    g = hk({}, {}, {"hero": "huamulan", "hand": [ANCHOR]}, {"hero": "zhouyu", "alive": False},
           current=2, autoplay=False)
    assert "skill Disguise" not in g.legal_labels()          # one hand card only


def test_yizhuang_takes_dead_male_skills_and_max_hp(invariants):
    """易装: discard two hand cards, choose a dead male hero: she loses all her skills (迷离, 易装,
    护主) and gets his; max HP his; his once-per-phase skills usable at once."""
    g = hk({}, {},
           {"hero": "huamulan", "hp": 2, "hand": ["jink ♦2", "slash ♠7", ANCHOR, "peach ♥3"]},
           {"hero": "lvbu", "alive": False}, current=2, autoplay=False)
    assert g.skills(2) == ["mili", "yizhuang"]
    g.play("skill Disguise")
    asked(g, 2, C.DK_SKILL_CARD, SK.SK_YIZHUANG)
    assert len(g.legal_labels()) == 4
    g.play("Jink ♦2")
    g.play("Slash ♠7")
    asked(g, 2, C.DK_SKILL_TARGET, SK.SK_YIZHUANG)
    assert g.legal_labels() == ["target player_3"]
    g.play("target player_3")
    assert discard_names(g) == ["Jink ♦2", "Slash ♠7"]
    assert g.skills(2) == ["wushuang"]
    assert (g.hp(2), g.max_hp(2)) == (2, 4)
    assert mark(g, 2) == C.MK_YIZHUANG
    assert seen_marks(g, 0, 2)[4] == 1.0
    assert g.hero(2).key == "huamulan"
    assert skill_events(g, SK.SK_YIZHUANG) == [(2, SK.SK_YIZHUANG, 3)]
    expect(g, 2, C.DK_PLAY)
    assert "skill Disguise" not in g.legal_labels()
    invariants(g)


def test_yizhuang_hp_above_new_max_is_cut_and_new_skill_usable_same_phase():
    """易装: HP above the new max is cut to it; a taken once-per-phase skill (反间) counts as unused
    in this phase."""
    g = hk({}, {}, {"hero": "huamulan", "max_hp": 5, "hp": 5,
                    "hand": ["jink ♦2", "slash ♠7", "peach ♥3"]},
           {"hero": "zhouyu", "alive": False}, current=2)
    g.play("skill Disguise")
    g.play("Jink ♦2")
    g.play("Slash ♠7")                        # the dead 周瑜 is chosen automatically
    assert g.skills(2) == ["yingzi", "fanjian"]
    assert (g.hp(2), g.max_hp(2)) == (3, 3)
    assert "skill Sow Dissension" in g.legal_labels()
    g.play("skill Sow Dissension")
    asked(g, 2, C.DK_SKILL_TARGET, SK.SK_FANJIAN)


@pytest.mark.parametrize("lord", [True, False])
def test_yizhuang_lord_skills_only_as_lord(lord):
    """易装: his lord skills only if she is the lord (then her max HP is his +1 with five or more
    players)."""
    seats = [{"hero": "zhangfei"}, {"hero": "zhangfei"}, {"hero": "xuchu"},
             {"hero": "xuchu"}, {"hero": "caocao", "alive": False, "role": "rebel"}]
    me = 0 if lord else 2
    roles = ["lord", "rebel", "loyalist", "renegade", "rebel"]
    for i, d in enumerate(seats):
        d["role"] = roles[i]
    seats[me] = {"hero": "huamulan", "role": roles[me], "hand": ["jink ♦2", "slash ♠7", ANCHOR]}
    from heroes_env.scenario import build
    g = build(seats, current=me, distinct_heroes=False)
    assert g.max_hp(me) == (4 if lord else 3)
    g.play("skill Disguise")
    g.play("Jink ♦2")
    g.play("Slash ♠7")
    assert g.skills(me) == (["jianxiong", "hujia"] if lord else ["jianxiong"])
    assert g.max_hp(me) == (5 if lord else 4)


# ================================================================ 韩信 攻心 / 兵仙
@pytest.mark.parametrize("card, named, hit", [
    ("slash ♠7", "spade", False), ("slash ♠7", "club", True),
    ("peach ♥3", "heart", False), ("peach ♥3", "diamond", True)])
def test_gongxin_target_names_suit_takes_card_damaged_if_wrong(card, named, hit):
    """攻心 (= 反间 with a suit): the target names a suit, turns up one of his hand cards at random,
    takes it; another suit: 1 damage from 韩信."""
    g = hk({"hero": "hanxin", "hand": [card]}, [STOP])
    c = g.hand(0)[0]
    g.play("skill Heart Attack")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_FANJIAN)
    g.play("target player_2")
    asked(g, 2, C.DK_SKILL_OPTION, SK.SK_FANJIAN)
    assert g.legal_labels() == ["spade", "heart", "club", "diamond"]
    g.play(named)
    assert g.hand(2) == [c] and g.hand(0) == []
    assert event_args(g, C.EV_REVEAL) == [(0, c, 0)]
    assert damage(g) == ([(0, 2, 1)] if hit else [])
    assert skill_events(g, SK.SK_GONGXIN) == [(0, SK.SK_GONGXIN, 2)]


def test_gongxin_once_per_play_phase_and_fanjian_keeps_colours():
    """攻心: once per play phase (like 反间); 周瑜's 反间 still names a colour."""
    g = hk({"hero": "hanxin", "hand": ["slash ♠7", "slash ♠8"]})
    g.play("skill Heart Attack")
    g.play("target player_1")
    g.play("spade")
    expect(g, 0, C.DK_PLAY)
    assert "skill Heart Attack" not in g.legal_labels()
    g = hk({"hero": "zhouyu", "hand": ["slash ♠7"]})
    g.play("skill Sow Dissension")
    g.play("target player_1")
    assert g.legal_labels() == ["red", "black"]


def test_bingxian_draws_three():
    """兵仙 (= 英姿): in his draw phase he may draw three."""
    g = hk({"hero": "hanxin"}, [STOP], phase="draw",
           deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    asked(g, 0, C.DK_CONFIRM, SK.SK_YINGZI)
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == ["Jink ♦2", "Jink ♦3", "Jink ♦4"]
    assert skill_events(g, SK.SK_BINGXIAN) == [(0, SK.SK_BINGXIAN, -1)]


# ================================================================ 刘邦 驭人
def test_yuren_discards_hand_and_equipment_then_draws_once_per_turn(invariants):
    """驭人 (= 制衡): discard any number of hand and equipment cards, draw as many; once per
    turn."""
    g = hk({"hero": "liubang", "hand": ["slash ♠7", ANCHOR], "equip": ["halberd"]},
           deck_top=["peach ♥3", "peach ♥4"])
    g.play("skill Managing Men")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_ZHIHENG)
    assert sorted(g.legal_labels()) == sorted(["Slash ♠7", ANCHOR_LABEL, "Sky Halberd ♦Q"])
    g.play("Sky Halberd ♦Q")
    g.play("Slash ♠7")
    g.play("confirm")
    assert discard_names(g) == ["Sky Halberd ♦Q", "Slash ♠7"]
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Peach ♥3", "Peach ♥4"])
    assert skill_events(g, SK.SK_YUREN) == [(0, SK.SK_YUREN, -1)]
    expect(g, 0, C.DK_PLAY)
    assert "skill Managing Men" not in g.legal_labels()
    invariants(g)


# ================================================================ the pack in random play
def test_herokill_heroes_exist_with_their_data():
    from heroes_env.engine import content
    by = content.HEROES_BY_KEY
    rows = {k: (by[k].id, by[k].hp, by[k].gender, by[k].kingdom) for k in
            ("renhuanzhi", "caocao_hk", "huamulan", "hanxin", "liubang")}
    assert rows == {"renhuanzhi": (54, 4, C.GENDER_MALE, C.KD_MIN),
                    "caocao_hk": (34, 4, C.GENDER_MALE, C.KD_JUN),
                    "huamulan": (42, 3, C.GENDER_FEMALE, C.KD_CHEN),
                    "hanxin": (40, 3, C.GENDER_MALE, C.KD_CHEN),
                    "liubang": (27, 4, C.GENDER_MALE, C.KD_JUN)}


@pytest.mark.parametrize("n", [4, 5])
def test_compiled_invariants_with_herokill_heroes(n):
    """Random legal play of pack herokill, every step checked in compiled code. (Five players at
    most while the pack has 12 heroes: the line-up offers three heroes to each seat.)"""
    cfg = Config(num_players=n, pack="herokill", hero_selection="random")
    seeds = (np.arange(200, dtype=np.int64) * 7919 + 900 + n).astype(np.int32)
    out = np.zeros((200, 4), np.int64)
    inv.play_checked(seeds, cfg.spec(), 900 + n, out)
    bad = np.flatnonzero(out[:, 3])
    assert bad.size == 0, [f"seed {seeds[i]}: {inv.VIOLATIONS.get(int(out[i, 3]))} at decision "
                           f"{out[i, 2]}" for i in bad[:5]]


@pytest.mark.parametrize("seed", [7300, 7301, 7302])
def test_full_python_checks_with_herokill_heroes(seed):
    """Mask == accepted actions, clones, serialisation, played with pack herokill."""
    from test_random_play import play_fully_checked
    play_fully_checked(Config(num_players=5, pack="herokill", hero_selection="random"), seed,
                       all_illegal_every=25)


@pytest.mark.parametrize("n, seed", [(5, 11), (4, 12)])
def test_hidden_information_with_herokill_heroes(n, seed):
    from test_hidden_info import play_checking_hidden_info
    cfg = Config(num_players=n, pack="herokill", hero_selection="random")
    assert play_checking_hidden_info(cfg, seed, 2) > 0
