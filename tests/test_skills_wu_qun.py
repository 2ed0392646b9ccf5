"""Scenario tests for the skills of the 吴 and 群 heroes of pack ``standard`` (the 三国杀 standard
rules).

Every test rigs a table with the scenario builder, scripts each decision by its label and checks
one rule; the docstring names it. Rule sources: the hero texts at the end of
the 三国杀 standard rules (binding where explicit), rules/DECISIONS.md §4.1
(the seed's first-edition choices) and rules/TRUSTED_ENGINES.md (cited as TE; "[§5.N]" marks the
awkward case N of TE section 5).

Seats of a 4-player table: 0 lord, 1 rebel, 2 loyalist, 3 renegade unless a test says otherwise.
Without horses or weapons seats 1 and 3 are at distance 1 from seat 0, seat 2 at distance 2. With
four players the lord gets no extra HP.
"""
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
    names,
    skill_events,
)
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.skills import ids as SK

# equipment that is always usable in the play phase and does nothing in hand: it keeps its owner's
# play decision open after the action under test (♥K: red, not ♦, not black)
ANCHOR = "zhuahuangfeidian"
ANCHOR_LABEL = "Zhuahuang Feidian ♥K"
# a usable card for the seat whose turn comes next, so the game stops at its play decision
STOP = "dilu"


# heroes without a skill that could act in these scenarios, for seats the test leaves bare
FILL = ("xuchu", "zhangfei", "huangyueying", "xuchu")


def everyone_a_hero(*seats):
    """Seat dicts (or hand lists) with a neutral hero on every seat that names none (the state
    invariants of a hero game want a hero on every seat)."""
    out = []
    for i, d in enumerate(list(seats) + [{}] * (4 - len(seats))):
        d = {"hand": d} if isinstance(d, list) else dict(d)
        d.setdefault("hero", FILL[i])
        out.append(d)
    return out




def index_of(g, pred):
    """Index in the event log of the first event matching pred."""
    for i, e in enumerate(g.event_log):
        if pred(e):
            return i
    raise AssertionError("no such event")


# ================================================================ 孙权 制衡
def test_zhiheng_discards_hand_and_equipment_then_draws_as_many(invariants):
    """制衡: once per play phase, discard any number (≥1) of own cards, hand or equipment, then draw
    that many (the 三国杀 standard rules, TE §3)."""
    g = table(*everyone_a_hero(
        {"hero": "sunquan", "hand": ["slash ♠7", "jink ♦2", ANCHOR], "equip": ["halberd"]}),
        deck_top=["peach ♥3", "peach ♥4"])
    assert "skill Balance of Power" in g.legal_labels()
    g.play("skill Balance of Power")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_ZHIHENG)
    # at least one card: no "confirm" before the first
    assert g.legal_labels() == ["Slash ♠7", ANCHOR_LABEL, "Jink ♦2", "Sky Halberd ♦Q"]
    g.play("Sky Halberd ♦Q")
    assert g.legal_labels() == ["confirm", "Slash ♠7", ANCHOR_LABEL, "Jink ♦2"]
    g.play("Slash ♠7")
    assert g.legal_labels() == ["confirm", ANCHOR_LABEL, "Jink ♦2"]
    g.play("confirm")
    assert discard_names(g) == ["Sky Halberd ♦Q", "Slash ♠7"]
    assert equip_names(g, 0) == []
    assert hand_names(g, 0) == sorted(["Jink ♦2", ANCHOR_LABEL, "Peach ♥3", "Peach ♥4"])
    assert skill_events(g, SK.SK_ZHIHENG) == [(0, SK.SK_ZHIHENG, -1)]
    # the two discards come before the two draws
    kinds = [e[0] for e in g.event_log if e[0] in (C.EV_DISCARD, C.EV_DRAW)]
    assert kinds == [C.EV_DISCARD, C.EV_DISCARD, C.EV_DRAW, C.EV_DRAW]
    # once per play phase: not offered again
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]
    invariants(g)


def test_zhiheng_last_card_discarded_draws_at_once():
    """制衡: once every own card is discarded the choice ends and he draws as many at once."""
    g = table({"hero": "sunquan", "hand": ["slash ♠7"]}, deck_top=[STOP, "jink ♦2"])
    g.play("skill Balance of Power")           # the only card (autoplayed)
    expect(g, 0, C.DK_PLAY)
    assert discard_names(g) == ["Slash ♠7"]
    assert hand_names(g, 0) == ["Dilu ♣5"]
    assert g.legal_labels() == ["pass", "Dilu ♣5"]


def test_zhiheng_not_offered_without_own_cards():
    """制衡 needs at least one card in hand or equipment (judgement-zone cards are not his to
    discard)."""
    g = table({"hero": "sunquan", "judge": ["lightning"]}, autoplay=False)
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass"]


# ================================================================ 孙权 救援 (lord)
def test_jiuyuan_wu_character_may_peach_wounded_lord_sunquan_in_own_turn():
    """救援: in his own turn another 吴 character's 桃 may target the wounded lord 孙权 instead of
    himself (DECISIONS §4.1)."""
    g = table({"hero": "sunquan", "hp": 2},
              {"hero": "ganning", "hp": 3, "hand": ["peach ♥3", STOP]}, current=1)
    expect(g, 1, C.DK_PLAY)
    g.play("Peach ♥3")
    expect(g, 1, C.DK_TARGET)
    assert sorted(g.legal_labels()) == ["target player_0", "target player_1"]
    g.play("target player_0")
    assert (g.hp(0), g.hp(1)) == (3, 3)
    assert event_args(g, C.EV_HEAL) == [(0, 1, 1)]
    expect(g, 1, C.DK_PLAY)


def test_jiuyuan_full_hp_wu_character_can_only_target_sunquan():
    """救援: a 吴 character at full HP may still use 桃, on the wounded 孙权 only."""
    g = table({"hero": "sunquan", "hp": 3},
              {"hero": "lvmeng", "hand": ["peach ♥3"]}, current=1, autoplay=False)
    assert g.legal_labels() == ["pass", "Peach ♥3"]
    g.play("Peach ♥3")
    expect(g, 1, C.DK_TARGET)
    assert g.legal_labels() == ["target player_0"]
    g.play("target player_0")
    assert (g.hp(0), g.hp(1)) == (4, 4)


def test_jiuyuan_not_for_a_character_of_another_kingdom():
    """救援 is for 吴 characters only: a 魏 character's 桃 heals only himself, and is not usable at
    full HP."""
    g = table({"hero": "sunquan", "hp": 2},
              {"hero": "xiahoudun", "hp": 3, "hand": ["peach ♥3", STOP]}, current=1)
    g.play("Peach ♥3")
    expect(g, 1, C.DK_PLAY)          # no target choice: it healed him
    assert (g.hp(0), g.hp(1)) == (2, 4)
    g2 = table({"hero": "sunquan", "hp": 2},
               {"hero": "xiahoudun", "hand": ["peach ♥3", STOP]}, current=1)
    assert g2.legal_labels() == ["pass", "Dilu ♣5"]


def test_jiuyuan_only_when_sunquan_is_the_lord():
    """救援 is a lord skill: 孙权 as a rebel cannot receive another 吴 character's 桃 (TE §2.1,
    §5.17)."""
    g = table({"hero": "ganning", "hand": ["peach ♥3", STOP]},
              {"hero": "sunquan", "hp": 2})
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", "Dilu ♣5"]


def test_jiuyuan_not_offered_on_unwounded_sunquan():
    """救援: a wounded 吴 character's 桃 needs no target choice while 孙权 is at full HP."""
    g = table({"hero": "sunquan"},
              {"hero": "ganning", "hp": 3, "hand": ["peach ♥3", STOP]}, current=1)
    g.play("Peach ♥3")
    expect(g, 1, C.DK_PLAY)
    assert (g.hp(0), g.hp(1)) == (4, 4)


# ================================================================ 甘宁 奇袭
def test_qixi_black_hand_or_equipment_card_as_dismantlement(invariants):
    """奇袭: any black card, hand or equipment, is used as 过河拆桥 (the 三国杀 standard rules, TE
    §3)."""
    g = table(*everyone_a_hero(
        {"hero": "ganning", "hand": ["slash ♠7", "jink ♦2"], "equip": ["eight_diagram ♠2"]},
        ["peach ♥3"], [], {"equip": ["chitu"]}))
    g.play("skill Surprise Raid")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_QIXI)
    assert g.legal_labels() == ["Eight Diagram ♠2", "Slash ♠7"]      # black only, armour included
    g.play("Eight Diagram ♠2")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_3"]  # seat 2 has no card
    g.play("target player_3")
    # only the 赤兔 can be picked (autoplayed)
    assert equip_names(g, 3) == [] and equip_names(g, 0) == []
    assert discard_names(g) == ["Chitu ♥5", "Eight Diagram ♠2"]
    assert event_args(g, C.EV_USE) == [(0, 3, 3)]        # card 3 = 八卦阵 ♠2, used on seat 3
    assert skill_events(g, SK.SK_QIXI) == [(0, SK.SK_QIXI, -1)]
    # no use limit: the black 杀 can still be used as 过河拆桥
    expect(g, 0, C.DK_PLAY)
    assert "skill Surprise Raid" in g.legal_labels()
    invariants(g)


def test_qixi_not_offered_without_black_card_or_target():
    """奇袭 is offered only with a black card and someone whose card can be dismantled."""
    g = table({"hero": "ganning", "hand": ["jink ♦2", ANCHOR], "equip": ["chitu"]}, ["peach ♥3"])
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]
    g2 = table({"hero": "ganning", "hand": ["slash ♣2", ANCHOR]}, [], [], [])
    assert "skill Surprise Raid" not in g2.legal_labels()


# ================================================================ 吕蒙 克己
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
    standard rules "包括决斗中使用的杀", TE §5.15)."""
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
    """克己: a play phase skipped by 乐不思蜀 uses no 杀, so the discard phase is skipped too (TE
    §3)."""
    g = table({"hero": "lvmeng", "hp": 2, "hand": JINKS5[:4], "judge": ["indulgence ♠6"]}, [STOP],
              phase="judge", deck_top=["slash ♠8", "jink ♦7", "jink ♦8"])
    expect(g, 1, C.DK_PLAY)
    skips = event_args(g, C.EV_SKIP)
    assert (0, C.PH_PLAY, 0) in skips and (0, C.PH_DISCARD, 0) in skips
    assert len(g.hand(0)) == 6


# ================================================================ 黄盖 苦肉
def test_kurou_loses_hp_without_source_then_draws_two_unlimited(invariants):
    """苦肉: lose 1 HP (not damage, no source), then draw 2; usable any number of times (the 三国杀
    standard rules)."""
    g = table(*everyone_a_hero({"hero": "huanggai", "hand": [ANCHOR]}),
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    g.play("skill Self Injury")
    assert g.hp(0) == 3
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"])
    assert event_args(g, C.EV_LOSE_HP) == [(0, 1, 0)]
    assert damage(g) == []
    expect(g, 0, C.DK_PLAY)
    g.play("skill Self Injury")
    assert g.hp(0) == 2 and len(g.hand(0)) == 5
    assert skill_events(g, SK.SK_KUROU) == [(0, SK.SK_KUROU, -1)] * 2
    invariants(g)


def test_kurou_into_dying_rescued_then_still_draws():
    """苦肉 at 1 HP: the dying procedure runs first (others may 桃 him); rescued, he still draws 2
    [§5.22]."""
    g = table({"hero": "huanggai", "hp": 1, "hand": [ANCHOR]}, ["peach ♥3"],
              deck_top=["jink ♦2", "jink ♦3"])
    g.play("skill Self Injury")
    expect(g, 1, C.DK_PEACH)
    assert len(g.hand(0)) == 1                  # nothing drawn yet
    g.play("Peach ♥3")
    assert g.hp(0) == 1
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"])
    heal = index_of(g, lambda e: e[0] == C.EV_HEAL)
    first_draw = index_of(g, lambda e: e[0] == C.EV_DRAW)
    assert index_of(g, lambda e: e[0] == C.EV_DYING) < heal < first_draw
    expect(g, 0, C.DK_PLAY)


def test_kurou_into_death_no_draw_no_killer_game_goes_on():
    """苦肉 killing himself: no draw, no killer (no reward for anyone), the game goes on if
    undecided (TE §5.5)."""
    g = table({}, {"hero": "huanggai", "hp": 1, "hand": [ANCHOR]}, [STOP], ["peach ♥3"],
              current=1, deck_top=["jink ♦2", "jink ♦3"])
    g.play("skill Self Injury")
    expect(g, 3, C.DK_PEACH)
    g.play("pass")
    assert not g.alive(1) and not g.done
    assert event_args(g, C.EV_DEATH) == [(1, -1, C.ROLE_REBEL)]
    # the two top cards were not drawn by 黄盖: seat 2 draws them in its own turn
    expect(g, 2, C.DK_PLAY)
    assert hand_names(g, 2) == sorted(["Dilu ♣5", "Jink ♦2", "Jink ♦3"])
    assert [e for e in g.event_log if e[0] == C.EV_DRAW and e[1] == 1] == []


def test_kurou_lord_dies_rebels_win():
    """苦肉 killing the lord ends the game at once: rebels win (the 三国杀 standard rules §7)."""
    g = table({"hero": "huanggai", "hp": 1, "hand": [ANCHOR]})
    g.play("skill Self Injury")
    assert g.done and g.result == C.RES_REBEL
    assert [e for e in g.event_log if e[0] == C.EV_DRAW] == []


# ================================================================ 周瑜 英姿 / 反间
def test_yingzi_draws_three():
    """英姿: in his draw phase he may draw 3 instead of 2 (the 三国杀 standard rules)."""
    g = table({"hero": "zhouyu"}, [STOP], phase="draw",
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    asked(g, 0, C.DK_CONFIRM, SK.SK_YINGZI)
    assert g.legal_labels() == ["pass", "confirm"]
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == ["Jink ♦2", "Jink ♦3", "Jink ♦4"]
    assert skill_events(g, SK.SK_YINGZI) == [(0, SK.SK_YINGZI, -1)]


def test_yingzi_declined_draws_two():
    """英姿 is optional: declined, he draws the usual 2."""
    g = table({"hero": "zhouyu"}, [STOP], phase="draw",
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == ["Jink ♦2", "Jink ♦3"]
    assert skill_events(g, SK.SK_YINGZI) == []


@pytest.mark.parametrize("card,named,hit", [
    ("slash ♠7", "red", True), ("slash ♠7", "black", False),
    ("peach ♥3", "black", True), ("peach ♥3", "red", False)])
def test_fanjian_target_names_colour_takes_card_damaged_if_wrong(card, named, hit):
    """反间: the target names a colour and takes a random hand card of 周瑜 (shown); wrong colour:
    1 damage from 周瑜, no card (DECISIONS §4.1)."""
    g = table({"hero": "zhouyu", "hand": [card]}, [STOP])
    c = g.hand(0)[0]
    g.play("skill Sow Dissension")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_FANJIAN)
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    asked(g, 2, C.DK_SKILL_OPTION, SK.SK_FANJIAN)      # the target decides
    assert g.legal_labels() == ["red", "black"]
    g.play(named)
    assert g.hand(2) == [c] and g.hand(0) == []
    assert event_args(g, C.EV_REVEAL) == [(0, c, 0)]
    assert damage(g) == ([(0, 2, 1)] if hit else [])
    assert g.hp(2) == (3 if hit else 4)
    assert skill_events(g, SK.SK_FANJIAN) == [(0, SK.SK_FANJIAN, 2)]


def test_fanjian_once_per_play_phase():
    """反间: once per play phase."""
    g = table({"hero": "zhouyu", "hand": ["slash ♠7", "slash ♠8"]})
    g.play("skill Sow Dissension")
    g.play("target player_1")
    g.play("black")
    expect(g, 0, C.DK_PLAY)
    assert len(g.hand(0)) == 1 and damage(g) == []
    assert "skill Sow Dissension" not in g.legal_labels()
    assert len(g.legal_labels()) == 2           # pass, the remaining 杀


def test_fanjian_needs_a_hand_card():
    """反间 needs a hand card of 周瑜 (equipment does not count)."""
    g = table({"hero": "zhouyu", "equip": ["dilu"]}, autoplay=False)
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass"]


# ================================================================ 大乔 国色 / 流离
def test_guose_diamond_hand_or_equipment_card_as_indulgence(invariants):
    """国色: any ♦ card, hand or equipment, is used as 乐不思蜀; 陆逊 (谦逊) and a player who
    already has one are not targets."""
    g = table(*everyone_a_hero(
        {"hero": "daqiao", "hand": ["jink ♦2", "slash ♠7", "peach ♥3"], "equip": ["zixing"]},
        {"hero": "luxun"}, [], {"judge": ["indulgence ♠6"]}), autoplay=False)
    g.play("skill National Beauty")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_GUOSE)
    assert g.legal_labels() == ["Jink ♦2", "Zixing ♦K"]
    g.play("Zixing ♦K")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_2"]
    g.play("target player_2")
    zixing = [c for c in g.judgement_zone(2)]
    assert names(g, zixing) == ["Zixing ♦K"]
    assert int(g.s[C.C_AS + zixing[0]]) == C.K_INDULGENCE
    assert equip_names(g, 0) == []
    assert event_args(g, C.EV_USE) == [(0, zixing[0], 2)]
    invariants(g)


def test_guose_card_is_judged_as_indulgence():
    """国色's card acts as 乐不思蜀: judged in the target's judge phase, not ♥ → play phase
    skipped; then discarded."""
    g = table({"hero": "daqiao", "hand": ["jink ♦2"]}, [], [STOP], [],
              deck_top=["slash ♠8", "jink ♦7", "jink ♦8"])
    g.play("skill National Beauty")             # the only ♦ card (autoplayed)
    g.play("target player_1")
    expect(g, 2, C.DK_PLAY)         # seat 0 had nothing left; seat 1's play phase was skipped
    assert (1, C.PH_PLAY, 0) in event_args(g, C.EV_SKIP)
    assert g.judgement_zone(1) == []
    assert "Jink ♦2" in discard_names(g)


def test_guose_not_offered_when_only_luxun_or_indulged_players_remain():
    """国色 is not offered without a legal 乐不思蜀 target (陆逊's 谦逊, an 乐不思蜀 already in
    place)."""
    g = table({"hero": "daqiao", "hand": ["jink ♦2", "indulgence ♥6", ANCHOR]},
              {"hero": "luxun"}, {"judge": ["indulgence ♠6"]}, {"judge": ["indulgence ♣6"]})
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]


def liuli_table(s1, s2=None, s3=None, **kw):
    """Seat 0 slashes 大乔 (seat 1)."""
    return table({"hand": ["slash ♠7"]}, dict({"hero": "daqiao"}, **s1), s2 or {}, s3 or {}, **kw)


def test_liuli_passes_slash_to_player_in_her_range():
    """流离: 大乔 discards a card (hand or equipment) and passes the 杀 to someone in HER attack
    range other than its user; the user's own range does not matter (the 三国杀 standard rules, TE
    §3)."""
    g = liuli_table({"hand": ["jink ♦2"], "equip": ["qinggang_sword"]}, {"hp": 3})
    g.play("Slash ♠7")
    g.play("target player_1")
    asked(g, 1, C.DK_SKILL_CARD, SK.SK_LIULI)
    assert g.legal_labels() == ["pass", "Qinggang Sword ♠6", "Jink ♦2"]
    g.play("Jink ♦2")
    asked(g, 1, C.DK_SKILL_TARGET, SK.SK_LIULI)
    assert g.legal_labels() == ["target player_2", "target player_3"]     # not the user
    g.play("target player_2")            # distance 2 from the user, whose range is 1
    assert damage(g) == [(0, 2, 1)]
    assert (g.hp(1), g.hp(2)) == (3, 2)
    assert discard_names(g) == ["Jink ♦2", "Slash ♠7"]
    assert skill_events(g, SK.SK_LIULI) == [(1, SK.SK_LIULI, 2)]


def test_liuli_range_is_counted_after_the_discard():
    """流离: discarding her weapon shrinks her range before the new target is chosen (TE §5.10)."""
    g = liuli_table({"hand": ["jink ♦2"], "equip": ["qinggang_sword"]}, autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Qinggang Sword ♠6")
    asked(g, 1, C.DK_SKILL_TARGET, SK.SK_LIULI)
    assert g.legal_labels() == ["target player_2"]


def test_liuli_minus_horse_discarded_is_not_counted():
    """流离: a discarded −1 horse no longer shortens her distances."""
    g = liuli_table({"hand": ["jink ♦2"], "equip": ["dayuan"]}, autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    assert g.legal_labels() == ["target player_2", "target player_3"]
    g2 = liuli_table({"hand": ["jink ♦2"], "equip": ["dayuan"]}, autoplay=False)
    g2.play("Slash ♠7")
    g2.play("target player_1")
    g2.play("Dayuan ♠K")
    assert g2.legal_labels() == ["target player_2"]


def test_liuli_declined_she_must_answer_herself():
    """流离 is optional: "pass" and the 杀 stays on her."""
    g = liuli_table({"hand": ["jink ♦2"], "equip": ["qinggang_sword"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("pass")
    expect(g, 1, C.DK_JINK)
    g.play("pass")
    assert damage(g) == [(0, 1, 1)]
    assert skill_events(g, SK.SK_LIULI) == []


def test_liuli_not_to_kongcheng_zhugeliang_without_hand():
    """流离: 诸葛亮 with no hand card cannot become the 杀's target (空城); a card whose discard
    leaves nobody else is not offered."""
    g = liuli_table({"hand": ["jink ♦2"], "equip": ["qinggang_sword"]}, {"hero": "zhugeliang"},
                    autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    asked(g, 1, C.DK_SKILL_CARD, SK.SK_LIULI)
    # without the sword only 诸葛亮 would be in range: the sword cannot pay for 流离
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    assert g.legal_labels() == ["target player_3"]


def test_liuli_not_asked_when_only_kongcheng_is_in_range():
    """流离 is not offered when nobody can receive the 杀: she answers it herself."""
    g = liuli_table({"hand": ["jink ♦2"]}, {"hero": "zhugeliang"})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert skill_events(g, SK.SK_LIULI) == []


def test_liuli_to_kongcheng_zhugeliang_with_a_hand_card():
    """流离: 诸葛亮 holding a hand card is a legal new target; he must answer the 杀."""
    g = liuli_table({"hand": ["jink ♦2"]}, {"hero": "zhugeliang", "hand": ["jink ♦3"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")                 # the only target left (autoplayed): 诸葛亮
    expect(g, 2, C.DK_JINK)
    g.play("Jink ♦3")
    assert damage(g) == [] and g.hand(2) == []
    assert skill_events(g, SK.SK_LIULI) == [(1, SK.SK_LIULI, 2)]


def test_liuli_passed_slash_of_lvbu_still_needs_two_jinks():
    """流离 + 无双: the passed 杀 is still 吕布's, so its new target needs two 闪."""
    g = table({"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]},
              {"hero": "daqiao", "hand": ["jink ♦2"]},
              ["jink ♦3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")                 # the only other seat in her range: seat 2 (autoplayed)
    expect(g, 2, C.DK_JINK)
    g.play("Jink ♦3")
    assert damage(g) == [(0, 2, 1)]


def test_liuli_not_for_a_duel():
    """流离 answers only 杀, not 决斗 (the 三国杀 standard rules "不包括决斗时")."""
    g = table({"hand": ["duel ♠A"]}, {"hero": "daqiao", "hand": ["jink ♦2", "slash ♠8"]})
    g.play("Duel ♠A")
    g.play("target player_1")
    expect(g, 1, C.DK_SLASH)
    assert skill_events(g, SK.SK_LIULI) == []


# ================================================================ 陆逊 谦逊 / 连营
@pytest.mark.parametrize("card,targets", [
    ("snatch ♠3", ["target player_3"]),
    ("indulgence ♠6", ["target player_2", "target player_3"]),
    ("dismantlement ♠4", ["target player_1", "target player_2", "target player_3"])])
def test_qianxun_not_target_of_snatch_or_indulgence(card, targets):
    """谦逊: 陆逊 cannot be chosen as target of 顺手牵羊 or 乐不思蜀 (other tricks still reach
    him)."""
    g = table({"hand": [card]}, {"hero": "luxun", "hand": ["jink ♦2"]}, ["jink ♦3"], ["jink ♦4"],
              autoplay=False)
    g.play(card.split()[0])
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == targets


def test_qianxun_lightning_still_moves_on_to_luxun():
    """谦逊 protects only from being chosen for 顺手牵羊/乐不思蜀: a passing 闪电 still moves on to
    陆逊 (TE §3)."""
    g = table({"hand": [ANCHOR], "judge": ["lightning ♠A"]}, {"hero": "luxun"}, phase="judge",
              deck_top=["peach ♥3", "jink ♦2", "jink ♦3"])
    expect(g, 0, C.DK_PLAY)
    assert names(g, g.judgement_zone(1)) == ["Lightning ♠A"]
    assert event_args(g, C.EV_MOVE_DELAYED) == [(1, 1, 0)]


def lianying_dismantle(answer):
    g = table({"hand": ["dismantlement ♠3", ANCHOR]}, {"hero": "luxun", "hand": ["jink ♦2"]},
              deck_top=["peach ♥3"])
    g.play("Dismantlement ♠3")         # only target, "a hand card" only pick (autoplayed)
    assert g.hand(1) == []
    asked(g, 1, C.DK_CONFIRM, SK.SK_LIANYING)
    assert g.legal_labels() == ["pass", "confirm"]
    g.play(answer)
    return g


def test_lianying_last_hand_card_dismantled_draws_one():
    """连营: whenever his last hand card leaves his hand (here: 过河拆桥) he may draw 1 [§5.11]."""
    g = lianying_dismantle("confirm")
    assert hand_names(g, 1) == ["Peach ♥3"]
    assert skill_events(g, SK.SK_LIANYING) == [(1, SK.SK_LIANYING, -1)]
    expect(g, 0, C.DK_PLAY)


def test_lianying_declined():
    """连营 is optional."""
    g = lianying_dismantle("pass")
    assert g.hand(1) == []
    assert g.card_name(g.draw_pile()[0]) == "Peach ♥3"
    expect(g, 0, C.DK_PLAY)


def test_lianying_not_while_cards_remain():
    """连营 needs the hand to be empty: losing one of two cards asks nothing."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]},
              {"hero": "luxun", "hand": ["jink ♦2", "jink ♦3"]})
    g.play("Dismantlement ♠3")         # only target, "a hand card" only pick (autoplayed)
    expect(g, 0, C.DK_PLAY)
    assert len(g.hand(1)) == 1


def test_lianying_last_jink_used_against_slash():
    """连营: using his last card in a response (闪 against 杀, out of his turn) also lets him
    draw."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "luxun", "hand": ["jink ♦2"]},
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    asked(g, 1, C.DK_CONFIRM, SK.SK_LIANYING)
    g.play("confirm")
    assert damage(g) == [] and hand_names(g, 1) == ["Peach ♥3"]
    expect(g, 0, C.DK_PLAY)


def test_lianying_last_card_used_draws_before_its_effect():
    """连营: using his last card (无中生有) he draws at once, before the card takes effect."""
    g = table({"hero": "luxun", "hand": ["ex_nihilo ♥7"]},
              deck_top=["peach ♥3", "jink ♦2", "jink ♦3"], autoplay=False)
    g.play("Ex Nihilo ♥7")
    asked(g, 0, C.DK_CONFIRM, SK.SK_LIANYING)
    g.play("confirm")
    draws = [g.card_name(e[2]) for e in events(g, C.EV_DRAW)]
    assert draws == ["Peach ♥3", "Jink ♦2", "Jink ♦3"]


def test_lianying_last_slash_asked_after_target_choice_before_response():
    """连营 on using his last card as 杀: the target is chosen, then 连营, then the target answers
    (TE §2.3)."""
    g = table({"hero": "luxun", "hand": ["slash ♠7"]}, {"hand": ["jink ♦2"]},
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    expect(g, 0, C.DK_TARGET)
    g.play("target player_1")
    asked(g, 0, C.DK_CONFIRM, SK.SK_LIANYING)
    g.play("confirm")
    expect(g, 1, C.DK_JINK)
    assert hand_names(g, 0) == ["Peach ♥3"]


def test_lianying_last_slash_with_halberd_still_gets_extra_targets():
    """方天画戟 + 连营: a 杀 that is his last hand card may take extra targets; 连营 comes only
    after (TE §2.6, §2.3)."""
    g = table({"hero": "luxun", "hand": ["slash ♠7"], "equip": ["halberd"]}, [], [], [],
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    expect(g, 0, C.DK_TARGET)
    g.play("target player_1")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["confirm", "target player_2", "target player_3"]


# ================================================================ 孙尚香 结姻 / 枭姬
def test_jieyin_heals_her_and_a_wounded_male(invariants):
    """结姻: once per play phase, choose a wounded male other character, discard exactly 2 hand
    cards: both recover 1 (the 三国杀 standard rules)."""
    g = table({"hero": "sunshangxiang", "hp": 2,
               "hand": ["slash ♠7", "jink ♦2", "jink ♦3", ANCHOR], "equip": ["dilu"]},
              {"hero": "ganning", "hp": 3}, {"hero": "diaochan", "hp": 2},
              {"hero": "xiahoudun", "hp": 3})
    g.play("skill Marriage")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_JIEYIN)
    assert g.legal_labels() == ["target player_1", "target player_3"]   # not the wounded woman
    g.play("target player_1")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIEYIN)
    # hand cards only, exactly two: no confirm/pass
    assert g.legal_labels() == ["Slash ♠7", ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"]
    g.play("Jink ♦2")
    assert g.legal_labels() == ["Slash ♠7", ANCHOR_LABEL, "Jink ♦3"]
    g.play("Slash ♠7")
    assert (g.hp(0), g.hp(1), g.hp(2), g.hp(3)) == (3, 4, 2, 3)
    assert discard_names(g) == ["Jink ♦2", "Slash ♠7"]
    assert sorted(e[:2] for e in event_args(g, C.EV_HEAL)) == [(0, 1), (1, 1)]
    assert skill_events(g, SK.SK_JIEYIN) == [(0, SK.SK_JIEYIN, 1)]
    # once per play phase (a wounded male and two hand cards remain)
    expect(g, 0, C.DK_PLAY)
    assert "skill Marriage" not in g.legal_labels()
    invariants(g)


def test_jieyin_at_full_hp_only_he_recovers():
    """结姻: 孙尚香 at full HP may still use it; only he recovers."""
    g = table({"hero": "sunshangxiang", "hand": ["jink ♦2", "jink ♦3", ANCHOR]},
              {"hero": "ganning", "hp": 2})
    g.play("skill Marriage")             # the only target (autoplayed)
    g.play("Jink ♦2")
    g.play("Jink ♦3")
    assert (g.hp(0), g.hp(1)) == (3, 3)
    assert [e[:2] for e in event_args(g, C.EV_HEAL)] == [(1, 1)]


def test_jieyin_not_offered_without_wounded_male_or_two_hand_cards():
    """结姻 needs a wounded male other character and two hand cards (equipment does not count)."""
    g = table({"hero": "sunshangxiang", "hp": 2, "hand": ["jink ♦2", "jink ♦3", ANCHOR]},
              {"hero": "ganning"}, {"hero": "daqiao", "hp": 2}, {"hero": "lvmeng"})
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]
    g2 = table({"hero": "sunshangxiang", "hand": [ANCHOR], "equip": ["dilu"]},
               {"hero": "ganning", "hp": 2})
    assert g2.legal_labels() == ["pass", ANCHOR_LABEL]


def test_xiaoji_replaced_weapon_draws_two(invariants):
    """枭姬: equipping a new weapon over the old one makes the old one leave her equipment: she may
    draw 2 [§5.11]."""
    g = table(*everyone_a_hero(
        {"hero": "sunshangxiang", "hand": ["halberd", ANCHOR], "equip": ["qinggang_sword"]}),
        deck_top=["jink ♦2", "jink ♦3"])
    g.play("Sky Halberd ♦Q")
    asked(g, 0, C.DK_CONFIRM, SK.SK_XIAOJI)
    assert g.legal_labels() == ["pass", "confirm"]
    g.play("confirm")
    assert equip_names(g, 0) == ["Sky Halberd ♦Q"]
    assert discard_names(g) == ["Qinggang Sword ♠6"]
    assert hand_names(g, 0) == sorted([ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"])
    assert skill_events(g, SK.SK_XIAOJI) == [(0, SK.SK_XIAOJI, -1)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_xiaoji_declined():
    """枭姬 is optional."""
    g = table({"hero": "sunshangxiang", "hand": ["halberd", ANCHOR], "equip": ["qinggang_sword"]})
    g.play("Sky Halberd ♦Q")
    g.play("pass")
    assert hand_names(g, 0) == [ANCHOR_LABEL]
    expect(g, 0, C.DK_PLAY)


def test_xiaoji_equipment_dismantled_by_another():
    """枭姬: an equipped card dismantled by someone else (out of her turn) also lets her draw 2."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]},
              {"hero": "sunshangxiang", "equip": ["eight_diagram ♠2"]},
              deck_top=["jink ♦2", "jink ♦3"])
    g.play("Dismantlement ♠3")         # only target, only the armour to pick (autoplayed)
    asked(g, 1, C.DK_CONFIRM, SK.SK_XIAOJI)
    g.play("confirm")
    assert equip_names(g, 1) == []
    assert hand_names(g, 1) == ["Jink ♦2", "Jink ♦3"]
    expect(g, 0, C.DK_PLAY)


def test_xiaoji_once_per_equipped_card_lost():
    """枭姬: once per card: the lord who kills a loyalist discards two equipped cards and may draw
    2 twice (TE §3)."""
    g = table({"hero": "sunshangxiang", "hand": ["slash ♠7"],
               "equip": ["qinggang_sword", "eight_diagram ♠2"]},
              [STOP], {"hp": 1}, [], deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    g.play("Slash ♠7")
    g.play("target player_2")          # range 2 with the sword; no 闪, no 桃: the loyalist dies
    assert event_args(g, C.EV_DEATH) == [(2, 0, C.ROLE_LOYALIST)]
    assert equip_names(g, 0) == []
    asked(g, 0, C.DK_CONFIRM, SK.SK_XIAOJI)
    g.play("confirm")
    asked(g, 0, C.DK_CONFIRM, SK.SK_XIAOJI)
    g.play("confirm")
    assert hand_names(g, 0) == ["Jink ♦2", "Jink ♦3", "Jink ♦4", "Jink ♦5"]
    assert len(skill_events(g, SK.SK_XIAOJI)) == 2


# ================================================================ 华佗 急救 / 青囊
def test_jijiu_prevents_all_damage_of_a_slash():
    """急救: before damage to anyone, 华佗 may discard a red card (hand or equipment) per point to
    prevent it: no damage, no dying (the 三国杀 standard rules)."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hp": 1},
              {"hero": "huatuo", "hand": ["jink ♦2", "slash ♠8"], "equip": ["chitu"]})
    g.play("Slash ♠7")
    g.play("target player_1")          # seat 1 has no 闪: not asked
    asked(g, 2, C.DK_SKILL_CARD, SK.SK_JIJIU)
    assert g.legal_labels() == ["pass", "Chitu ♥5", "Jink ♦2"]         # red cards only
    g.play("Chitu ♥5")
    expect(g, 0, C.DK_PLAY)            # nothing left to prevent: not asked again
    assert damage(g) == [] and events(g, C.EV_DYING) == []
    assert g.hp(1) == 1
    assert equip_names(g, 2) == [] and "Chitu ♥5" in discard_names(g)
    assert skill_events(g, SK.SK_JIJIU) == [(2, SK.SK_JIJIU, 1)]


def test_jijiu_prevention_is_not_logged_as_ice_sword():
    """The readable log names 急救's prevention correctly (it is not a 寒冰剑)."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {}, {"hero": "huatuo", "hand": ["jink ♦2"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    lines = g.log_lines()
    assert any("player_2 uses First Aid" in line for line in lines)
    assert not any("Ice Sword" in line for line in lines), lines


def test_jijiu_partial_prevention_asked_again_while_damage_remains():
    """急救: one point per red card, asked again while damage remains; here 1 of 闪电's 3 points on
    himself, in his own turn."""
    g = table({"hero": "huatuo", "hand": ["jink ♦2", "peach ♥3", "slash ♠7"],
               "judge": ["lightning ♠A"]},
              phase="judge", deck_top=["slash ♠8", "jink ♦3", "jink ♦4"])
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIJIU)
    assert g.legal_labels() == ["pass", "Peach ♥3", "Jink ♦2"]
    g.play("Jink ♦2")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_JIJIU)
    assert g.legal_labels() == ["pass", "Peach ♥3"]
    g.play("pass")
    assert damage(g) == [(-1, 0, 2)]
    assert g.hp(0) == 1
    expect(g, 0, C.DK_PLAY)


def test_jijiu_not_asked_without_a_red_card():
    """急救 needs a red card: with only black cards 华佗 is not asked."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {},
              {"hero": "huatuo", "hand": ["slash ♠8"], "equip": ["dilu"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 1, 1)]


def test_jijiu_does_not_prevent_hp_loss():
    """急救 prevents damage only: 苦肉's HP loss is not damage and 华佗 is not asked."""
    g = table({"hero": "huanggai", "hand": [ANCHOR]}, {},
              {"hero": "huatuo", "hand": ["jink ♦2"]})
    g.play("skill Self Injury")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(0) == 3 and len(g.hand(2)) == 1


def test_qingnang_discard_any_own_card_to_recover_unlimited(invariants):
    """青囊 (the 三国杀 standard rules): in the play phase discard a hand or equipment card to
    recover 1; any number of times while wounded."""
    g = table(*everyone_a_hero(
        {"hero": "huatuo", "hp": 1, "hand": ["slash ♠7", ANCHOR], "equip": ["chitu"]}))
    g.play("skill Green Satchel")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_QINGNANG)
    assert g.legal_labels() == ["Slash ♠7", "Chitu ♥5", ANCHOR_LABEL]
    g.play("Chitu ♥5")
    assert g.hp(0) == 2
    expect(g, 0, C.DK_PLAY)
    g.play("skill Green Satchel")
    g.play("Slash ♠7")
    assert g.hp(0) == 3
    # at full HP it is no longer offered
    assert g.legal_labels() == ["pass", ANCHOR_LABEL]
    assert discard_names(g) == ["Chitu ♥5", "Slash ♠7"]
    invariants(g)


# ================================================================ 吕布 无双
def test_wushuang_needs_two_jinks():
    """无双: his 杀 needs two 闪, asked one after the other (the 三国杀 standard rules, TE §2.7)."""
    g = table({"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]}, ["jink ♦2", "jink ♦3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2", "Jink ♦3"]
    g.play("Jink ♦2")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦3"]
    g.play("Jink ♦3")
    assert damage(g) == [] and g.hand(1) == []
    expect(g, 0, C.DK_PLAY)


def test_wushuang_one_jink_is_not_enough():
    """无双: a single 闪 does not dodge his 杀."""
    g = table({"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]}, ["jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    assert damage(g) == [(0, 1, 1)]
    assert "Jink ♦2" in discard_names(g)


def test_wushuang_eight_diagram_then_hand_jink():
    """无双 vs 八卦阵: the armour may be tried for each 闪; a red judgement plus a hand 闪 dodge
    (TE §5.14)."""
    g = table({"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]},
              {"hand": ["jink ♦2"], "equip": ["eight_diagram ♠2"]}, deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "Jink ♦2"]
    g.play("Eight Diagram ♠2")           # judges ♥3: red, one 闪
    expect(g, 1, C.DK_JINK)
    # tried again for the second
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "Jink ♦2"]
    g.play("Jink ♦2")
    assert damage(g) == []
    assert [e[1] for e in events(g, C.EV_RESPOND)] == [1, 1]
    expect(g, 0, C.DK_PLAY)


def test_wushuang_eight_diagram_red_then_nothing_is_a_hit():
    """无双 vs 八卦阵: one red judgement is one 闪; a black second judgement and no 闪 in hand:
    hit."""
    g = table({"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]},
              {"equip": ["eight_diagram ♠2"]}, deck_top=["peach ♥3", "slash ♠8"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Eight Diagram ♠2")          # ♥3: red
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2"]
    g.play("Eight Diagram ♠2")          # ♠8: black, and no 闪 to fall back on
    assert [g.card_name(e[2]) for e in events(g, C.EV_JUDGE)] == ["Peach ♥3", "Slash ♠8"]
    assert damage(g) == [(0, 1, 1)]
    expect(g, 0, C.DK_PLAY)


# ================================================================ 貂蝉 离间 / 闭月
def test_lijian_duel_between_two_males_cannot_be_nullified(invariants):
    """离间: discard a card (hand or equipment), choose the male who uses a 决斗 and the male it is
    used on; nobody may answer it with 无懈可击 (DECISIONS §4.1, TE §5.7)."""
    g = table({"hero": "diaochan", "hand": ["slash ♠7", ANCHOR], "equip": ["dilu"]},
              {"hero": "ganning", "hand": ["nullification ♠J"]},
              {"hero": "lvmeng", "hand": ["slash ♠9", "nullification ♣Q"]},
              {"hero": "zhenji", "hand": ["nullification ♣K"]})
    g.play("skill Seed of Animosity")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_LIJIAN)
    assert g.legal_labels() == ["Slash ♠7", ANCHOR_LABEL, "Dilu ♣5"]
    g.play("Dilu ♣5")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_LIJIAN)
    assert g.legal_labels() == ["target player_1", "target player_2"]   # males only
    g.play("target player_1")            # 甘宁 uses the 决斗 on the other male (autoplayed)
    assert event_args(g, C.EV_USE) == [(1, -1, 2)]
    expect(g, 2, C.DK_SLASH)             # no 无懈可击 window: the target plays first
    g.play("Slash ♠9")
    assert damage(g) == [(2, 1, 1)]      # 甘宁 has no 杀: the winner deals the damage
    assert [e for e in g.event_log if e[0] == C.EV_NULLIFIED] == []
    assert len(g.hand(1)) == 1 and len(g.hand(3)) == 1
    # once per play phase
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", "Slash ♠7", ANCHOR_LABEL]
    invariants(g)


def test_lijian_kongcheng_may_use_the_duel_but_not_receive_it():
    """离间: 诸葛亮 with no hand card cannot be the 决斗's target (空城), but may be the one who
    uses it (TE §5.20)."""
    kw = dict(autoplay=False)
    seats = ({"hero": "diaochan", "hand": ["slash ♠7"]}, {"hero": "zhugeliang"},
             {"hero": "ganning"}, {"hero": "lvmeng"})
    g = table(*seats, **kw)
    g.play("skill Seed of Animosity")
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_3"]
    g.play("target player_2")
    assert g.legal_labels() == ["target player_3"]
    g2 = table(*seats, **kw)
    g2.play("skill Seed of Animosity")
    g2.play("Slash ♠7")
    g2.play("target player_1")
    assert g2.legal_labels() == ["target player_2", "target player_3"]


def test_lijian_not_offered_without_two_other_males_or_a_card():
    """离间 needs two male characters other than 貂蝉 (and a card to discard)."""
    g = table({"hero": "diaochan", "hand": ["slash ♠7", ANCHOR]},
              {"hero": "ganning"}, {"hero": "daqiao"}, {"hero": "zhenji"})
    assert "skill Seed of Animosity" not in g.legal_labels()
    g2 = table({"hero": "diaochan"}, {"hero": "ganning"}, {"hero": "lvmeng"}, {}, autoplay=False)
    assert g2.legal_labels() == ["pass"]


def test_biyue_draws_one_after_discard_phase():
    """闭月: after her discard phase she may draw 1 (the 三国杀 standard rules:
    "弃牌阶段结束后")."""
    g = table({"hero": "diaochan", "hp": 1, "hand": ["jink ♦2", "jink ♦3"]}, [STOP],
              phase="discard", deck_top=["peach ♥3"])
    expect(g, 0, C.DK_DISCARD)
    g.play("Jink ♦2")
    asked(g, 0, C.DK_CONFIRM, SK.SK_BIYUE)
    assert g.legal_labels() == ["pass", "confirm"]
    g.play("confirm")
    assert hand_names(g, 0) == ["Jink ♦3", "Peach ♥3"]
    assert index_of(g, lambda e: e[0] == C.EV_DISCARD) < index_of(g, lambda e: e[0] == C.EV_DRAW)
    expect(g, 1, C.DK_PLAY)


def test_biyue_asked_even_with_nothing_to_discard_and_declinable():
    """闭月 comes after every discard phase, even one without discards; it is optional."""
    g = table({"hero": "diaochan", "hand": ["jink ♦2"]}, [STOP], phase="discard",
              deck_top=["peach ♥3"])
    asked(g, 0, C.DK_CONFIRM, SK.SK_BIYUE)
    g.play("pass")
    assert hand_names(g, 0) == ["Jink ♦2"]
    expect(g, 1, C.DK_PLAY)
