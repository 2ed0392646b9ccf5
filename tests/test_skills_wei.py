"""Scenario tests for the 魏 heroes of the standard pack: 曹操 (奸雄, 护驾), 司马懿 (反馈, 鬼才),
夏侯惇 (刚烈), 张辽 (突袭), 许褚 (裸衣), 郭嘉 (天妒, 遗计), 甄姬 (倾国, 洛神).

Rule sources: the 三国杀 standard rules (the hero texts at its end), /work/shared/rules/DECISIONS.md
§4.1 (binding
where the seed differs from later versions: 反馈 takes a random *hand* card, 刚烈 is judged by the
source and only *black* hurts it, with "lose 1 HP" or "discard two hand cards", 裸衣 is locked and
needs no weapon), TRUSTED_ENGINES.md §2.7, §2.8, §2.16, §2.17, §3 (魏) and §5.1/5.6/5.19.

Every test rigs a table with ``heroes_env.scenario.build`` (through ``table`` below: living seats
a test leaves without a hero get 吕蒙), scripts every decision by its label and checks one rule.
Seats: 0 lord, 1 rebel, 2 loyalist, 3 renegade; without horses or weapons seats 1 and 3 are at
distance 1 from seat 0 and seat 2 at distance 2. Judgement cards and draws come from ``deck_top``
(top card first). The lord of a 4-player table gets no +1 HP. Autoplay is on: a decision with a
single legal action is taken unasked.
"""
import pytest
from helpers import damage, discard_names, event_args, expect, hand_names, names, seats4

from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.scenario import build

SK = {s.key: s.id for s in content.SKILLS.values()}
# equipment in hand: always usable in the play phase, so its holder keeps a DK_PLAY decision
ANCHOR = "zhuahuangfeidian"          # Zhuahuang Feidian ♥K (+1 horse), card 53
ANCHOR2 = "chitu"                    # Chitu ♥5 (-1 horse), card 35
ANCHOR_LABEL = "Zhuahuang Feidian ♥K"
# the hero of every living seat a test leaves without one (a hero game wants a hero on every
# seat): 吕蒙 (吴, 4 HP, male), whose only skill 克己 acts in a discard phase with more hand cards
# than HP, which no test here reaches
FILL = "lvmeng"


def table(*hands_or_seats, **kw):
    """A four-seat table (lord, rebel, loyalist, renegade) from seat dicts or hand lists; living
    seats without a hero get FILL."""
    seats = seats4(hands_or_seats)
    for d in seats:
        if d.get("alive", True):
            d.setdefault("hero", FILL)
    return build(seats, distinct_heroes=False, **kw)


def skill_events(g, skill=None):
    """(seat, skill id, target) of every EV_SKILL (of one skill if named)."""
    evs = event_args(g, C.EV_SKILL)
    return [e for e in evs if skill is None or e[1] == SK[skill]]


def judged(g):
    """Labels of every judgement card revealed so far (EV_JUDGE), in order."""
    return [g.card_name(e[1]) for e in event_args(g, C.EV_JUDGE)]


def expect_confirm(g, seat, skill):
    """seat is asked whether to use its optional skill: exactly pass / confirm."""
    expect(g, seat, C.DK_CONFIRM)
    assert int(g.s[C.H_DSKILL]) == SK[skill], g.describe_decision()
    assert g.describe_decision() == f"player_{seat}: {content.SKILLS[skill].name_en}: confirm?"
    assert g.legal_labels() == ["pass", "confirm"]


def expect_skill(g, seat, kind, skill, labels):
    """seat makes a DK_SKILL_* choice for skill with exactly these legal labels."""
    expect(g, seat, kind)
    assert int(g.s[C.H_DSKILL]) == SK[skill], g.describe_decision()
    assert g.legal_labels() == labels


def no_skill_asked(g, skill):
    assert skill_events(g, skill) == []
    assert not (g.decision_kind == C.DK_CONFIRM and int(g.s[C.H_DSKILL]) == SK[skill])


# ====================================================================== hero data
def test_wei_heroes_hp_and_skills(invariants):
    """HP and skills of the seven 魏 heroes (TRUSTED_ENGINES §3); lord skills only for the lord."""
    g = table({"hero": "caocao"}, {"hero": "simayi"}, {"hero": "guojia"}, {"hero": "zhenji"})
    assert [g.hp(i) for i in range(4)] == [4, 3, 3, 3]
    assert g.skills(0) == ["jianxiong", "hujia"]
    assert g.skills(1) == ["fankui", "guicai"]
    assert g.skills(2) == ["tiandu", "yiji"]
    assert g.skills(3) == ["qingguo", "luoshen"]
    g = table({"hero": "xuchu"}, {"hero": "caocao"}, {"hero": "xiahoudun"}, {"hero": "zhangliao"})
    assert [g.hp(i) for i in range(4)] == [4, 4, 4, 4]        # 4 players: no lord bonus
    assert g.skills(1) == ["jianxiong"]                       # a non-lord 曹操 has no 护驾
    assert g.skills(0) == ["luoyi"] and g.skills(2) == ["ganglie"] and g.skills(3) == ["tuxi"]
    invariants(g)


# ====================================================================== 曹操 奸雄
def test_jianxiong_takes_the_slash_that_hit(invariants):
    """奸雄: after taking damage 曹操 may take the 杀 that dealt it."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR], current=1)
    g.play("Slash ♠7")
    g.play("target player_0")               # no 闪 and no 魏 helper: the 杀 hits unasked
    expect_confirm(g, 0, "jianxiong")
    assert g.hp(0) == 3
    g.play("confirm")
    assert hand_names(g, 0) == ["Slash ♠7"]
    assert skill_events(g, "jianxiong") == [(0, SK["jianxiong"], -1)]
    assert event_args(g, C.EV_GAIN) == [(0, 14, -1)]
    assert discard_names(g) == []
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_jianxiong_is_optional(invariants):
    """奸雄 may be declined: the 杀 goes to the discard pile as usual."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR], current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    expect_confirm(g, 0, "jianxiong")
    g.play("pass")
    assert g.hand(0) == []
    assert discard_names(g) == ["Slash ♠7"]
    assert skill_events(g) == []
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_jianxiong_takes_savage_assault_while_it_still_resolves(invariants):
    """奸雄 takes a 南蛮入侵 from the table in the middle of the AOE; the AOE goes on for the
    players after him, and the card stays in his hand afterwards."""
    g = table({}, ["savage_assault ♠7", ANCHOR], {"hero": "caocao"}, ["slash ♣2"], current=1)
    g.play("Savage Assault ♠7")
    # targets from the user on: player_2 (曹操, no 杀) is hit first
    expect_confirm(g, 2, "jianxiong")
    g.play("confirm")
    assert hand_names(g, 2) == ["Savage Assault ♠7"]
    expect(g, 3, C.DK_SLASH)                 # the AOE continues
    assert g.legal_labels() == ["pass", "Slash ♣2"]
    g.play("pass")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [(1, 2, 1), (1, 3, 1), (1, 0, 1)]
    assert hand_names(g, 2) == ["Savage Assault ♠7"]
    assert "Savage Assault ♠7" not in discard_names(g)
    invariants(g)


def test_jianxiong_takes_the_duel_not_the_slashes_played_in_it(invariants):
    """奸雄 after losing a 决斗: he takes the 决斗, not the 杀 played during it (the 三国杀 standard
    rules)."""
    g = table({"hero": "caocao", "hand": ["slash ♣2"]}, ["duel ♠A", "slash ♣3", ANCHOR], current=1)
    g.play("Duel ♠A")
    g.play("target player_0")
    expect(g, 0, C.DK_SLASH)
    g.play("Slash ♣2")
    expect(g, 1, C.DK_SLASH)
    g.play("Slash ♣3")                     # 曹操 has no 杀 left: he loses
    expect_confirm(g, 0, "jianxiong")
    assert damage(g) == [(1, 0, 1)]
    g.play("confirm")
    assert hand_names(g, 0) == ["Duel ♠A"]
    assert discard_names(g) == ["Slash ♣2", "Slash ♣3"]
    expect(g, 1, C.DK_PLAY)
    invariants(g)


def test_jianxiong_takes_the_lightning_card(invariants):
    """奸雄 works on 闪电 damage (no source, but a card): 曹操 takes the 闪电 itself (§5.6)."""
    g = table({"hero": "caocao", "judge": ["lightning ♠A"]}, current=0, phase="start",
              deck_top=["slash ♠7", "jink ♦2", "jink ♦3"])
    expect_confirm(g, 0, "jianxiong")
    assert damage(g) == [(-1, 0, 3)] and g.hp(0) == 1
    g.play("confirm")
    assert event_args(g, C.EV_GAIN) == [(0, 1, -1)]
    assert discard_names(g) == ["Slash ♠7"]          # the judgement card
    expect(g, 0, C.DK_PLAY)                          # then he draws as usual
    assert hand_names(g, 0) == ["Jink ♦2", "Jink ♦3", "Lightning ♠A"]
    invariants(g)


def test_jianxiong_not_offered_for_damage_without_a_card(invariants):
    """奸雄 needs a card that dealt the damage: 反间's damage has none, so nothing is asked."""
    g = table({"hero": "caocao"}, {"hero": "zhouyu", "hand": [ANCHOR, ANCHOR2]}, current=1)
    g.play("skill Sow Dissension")
    g.play("target player_0")
    expect(g, 0, C.DK_SKILL_OPTION)
    g.play("black")                          # both of 周瑜's cards are red: 1 damage
    assert damage(g) == [(1, 0, 1)]
    expect(g, 1, C.DK_PLAY)
    no_skill_asked(g, "jianxiong")
    assert len(g.hand(0)) == 1               # only the card 反间 gave him
    invariants(g)


def test_jianxiong_takes_both_cards_of_a_spear_slash(invariants):
    """奸雄 takes the cards that stood in for the 杀 (the 三国杀 standard rules: "代替这些牌的牌"):
    both hand cards
    of a 丈八蛇矛 杀."""
    g = table({"hero": "caocao"}, {"hand": ["jink ♦2", "peach ♥3", ANCHOR], "equip": ["spear"]},
              current=1)
    g.play("Serpent Spear ♠Q")
    g.play("Jink ♦2")
    g.play("Peach ♥3")
    g.play("target player_0")
    expect_confirm(g, 0, "jianxiong")
    g.play("confirm")
    assert hand_names(g, 0) == ["Jink ♦2", "Peach ♥3"]
    assert discard_names(g) == []
    expect(g, 1, C.DK_PLAY)
    invariants(g)


# ====================================================================== 曹操 护驾
def test_hujia_wei_helper_plays_the_jink(invariants):
    """护驾: 曹操 (lord) asked for a 闪 may call on the 魏; the helper's 闪 counts as his."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR], {"hero": "zhangliao", "hand": ["jink ♦2"]},
              current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Escort"]
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    expect(g, 1, C.DK_PLAY)
    assert g.hp(0) == 4 and damage(g) == []
    assert skill_events(g, "hujia") == [(0, SK["hujia"], -1)]
    assert g.hand(2) == []
    assert discard_names(g) == ["Jink ♦2", "Slash ♠7"]
    invariants(g)


def test_hujia_asks_helpers_in_seat_order_from_the_current_player(invariants):
    """护驾: the 魏 characters are asked one by one in seat order from the current player; the
    first who gives a 闪 ends it."""
    g = table({"hero": "caocao"}, {"hero": "zhenji", "hand": ["jink ♦3"]},
              {"hand": ["slash ♠7", ANCHOR], "equip": ["chitu"]},
              {"hero": "zhangliao", "hand": ["jink ♦2"]}, current=2)
    g.play("Slash ♠7")
    g.play("target player_0")
    g.play("skill Escort")
    expect(g, 3, C.DK_JINK)                  # from player_2 on: player_3 first
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("pass")
    expect(g, 1, C.DK_JINK)                  # then player_1 (甄姬 may also use 倾国; she has 闪)
    assert g.legal_labels() == ["pass", "Jink ♦3"]
    g.play("Jink ♦3")
    expect(g, 2, C.DK_PLAY)
    assert g.hp(0) == 4
    assert hand_names(g, 3) == ["Jink ♦2"]
    invariants(g)


def test_hujia_nobody_helps_then_lord_asked_again_without_hujia(invariants):
    """护驾: if no 魏 character gives a 闪, 曹操 is asked again, without 护驾, and may still use
    his own 闪 (or be hit)."""
    g = table({"hero": "caocao", "hand": ["jink ♦4"]}, ["slash ♠7", ANCHOR],
              {"hero": "zhangliao", "hand": ["jink ♦2"]}, current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦4", "skill Escort"]
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    g.play("pass")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦4"]
    g.play("pass")
    assert damage(g) == [(1, 0, 1)]
    expect_confirm(g, 0, "jianxiong")
    assert hand_names(g, 2) == ["Jink ♦2"] and hand_names(g, 0) == ["Jink ♦4"]
    invariants(g)


@pytest.mark.parametrize("seat2, seat3", [
    ({"hero": "liubei", "hand": ["jink ♦2"]}, {"hero": "sunquan", "hand": ["jink ♦3"]}),
    ({"hero": "zhangliao", "alive": False}, {}),
], ids=["no_wei", "wei_dead"])
def test_hujia_not_offered_without_a_living_wei_helper(seat2, seat3, invariants):
    """护驾 is not offered when no other living 魏 character exists."""
    g = table({"hero": "caocao", "hand": ["jink ♦4"]}, ["slash ♠7", ANCHOR], seat2, seat3,
              current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦4"]
    invariants(g)


def test_hujia_not_for_a_non_lord_caocao(invariants):
    """护驾 is a lord skill: a 曹操 who is not the lord does not have it."""
    g = table(["slash ♠7", ANCHOR], {"hero": "caocao", "hand": ["jink ♦4"]},
              {"hero": "zhangliao", "hand": ["jink ♦2"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦4"]
    invariants(g)


def test_hujia_helper_uses_eight_diagram(invariants):
    """护驾: a helper may give the 闪 with its 八卦阵 (red judgement)."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR],
              {"hero": "zhangliao", "equip": ["eight_diagram ♠2"]}, current=1,
              deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_0")
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2"]
    g.play("Eight Diagram ♠2")
    expect(g, 1, C.DK_PLAY)
    assert judged(g) == ["Peach ♥3"]
    assert event_args(g, C.EV_JUDGE)[0][0] == 2      # the helper judges
    assert g.hp(0) == 4 and damage(g) == []
    invariants(g)


def test_hujia_still_offered_after_his_own_eight_diagram_fails(invariants):
    """曹操 with 八卦阵: a black judgement leaves 护驾 available for the same 闪."""
    g = table({"hero": "caocao", "equip": ["eight_diagram ♠2"]}, ["slash ♠7", ANCHOR],
              {"hero": "zhangliao", "hand": ["jink ♦2"]}, current=1, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_0")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "skill Escort"]
    g.play("Eight Diagram ♠2")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Escort"]
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    g.play("Jink ♦2")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == []
    invariants(g)


def test_hujia_against_archery_attack(invariants):
    """护驾 also answers 万箭齐发 (a 闪 to play); the helper may first have defended himself."""
    g = table({"hero": "caocao"}, ["archery_attack", ANCHOR], {},
              {"hero": "zhangliao", "hand": ["jink ♦2", "jink ♦3"]}, current=1)
    g.play("Archery Attack ♥A")
    expect(g, 3, C.DK_JINK)                  # player_2 had nothing and was hit
    g.play("Jink ♦2")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Escort"]
    g.play("skill Escort")
    expect(g, 3, C.DK_JINK)
    g.play("Jink ♦3")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [(1, 2, 1)]
    invariants(g)


def test_hujia_twice_against_wushuang(invariants):
    """护驾 against 吕布's 杀 (two 闪 needed): each 闪 request may call on the 魏 again."""
    g = table({"hero": "caocao"}, {"hero": "lvbu", "hand": ["slash ♠7", ANCHOR]},
              {"hero": "zhangliao", "hand": ["jink ♦2", "jink ♦3"]}, current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    for jink in ("Jink ♦2", "Jink ♦3"):
        expect(g, 0, C.DK_JINK)
        assert g.legal_labels() == ["pass", "skill Escort"]
        g.play("skill Escort")
        expect(g, 2, C.DK_JINK)
        g.play(jink)
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [] and g.hand(2) == []
    invariants(g)


def test_hujia_helper_may_use_qingguo(invariants):
    """护驾: 甄姬 may give the 闪 with 倾国 (a black hand card)."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR], {"hero": "zhenji", "hand": ["slash ♣2"]},
              current=1)
    g.play("Slash ♠7")
    g.play("target player_0")
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Slash ♣2"]
    g.play("Slash ♣2")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [] and g.hand(2) == []
    invariants(g)


def test_hujia_helper_eight_diagram_fails_then_hand_jink(invariants):
    """护驾: a helper whose 八卦阵 judges black may still give a 闪 from his hand."""
    g = table({"hero": "caocao"}, ["slash ♠7", ANCHOR],
              {"hero": "zhangliao", "hand": ["jink ♦2"], "equip": ["eight_diagram ♠2"]},
              current=1, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_0")
    g.play("skill Escort")
    expect(g, 2, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Eight Diagram ♠2", "Jink ♦2"]
    g.play("Eight Diagram ♠2")
    expect(g, 2, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("Jink ♦2")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == []
    invariants(g)


# ====================================================================== 司马懿 反馈
def test_fankui_takes_a_random_hand_card_of_the_source(invariants):
    """反馈: after damage 司马懿 may take one random hand card of the source."""
    g = table(["slash ♠7", ANCHOR, ANCHOR2], {"hero": "simayi"})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "fankui")
    assert g.hp(1) == 2
    g.play("confirm")
    assert len(g.hand(1)) == 1 and len(g.hand(0)) == 1
    assert names(g, g.hand(0) + g.hand(1)) == ["Chitu ♥5", ANCHOR_LABEL]
    assert skill_events(g, "fankui") == [(1, SK["fankui"], 0)]
    assert event_args(g, C.EV_GAIN) == [(1, g.hand(1)[0], 0)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_fankui_is_optional(invariants):
    """反馈 may be declined: nothing changes hands."""
    g = table(["slash ♠7", ANCHOR, ANCHOR2], {"hero": "simayi"})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "fankui")
    g.play("pass")
    assert g.hand(1) == [] and len(g.hand(0)) == 2
    assert skill_events(g) == []
    invariants(g)


def test_fankui_not_offered_when_the_source_has_no_hand_card(invariants):
    """反馈 takes a hand card only (DECISIONS §4.1): a source with only equipment gives nothing."""
    g = table({"hand": ["slash ♠7"], "equip": ["chitu"]}, {"hero": "simayi"},
              deck_top=[ANCHOR, "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    # 反馈 is not asked; player_0 has nothing left to do, so player_1's turn comes
    expect(g, 1, C.DK_PLAY)
    no_skill_asked(g, "fankui")
    assert damage(g) == [(0, 1, 1)]
    assert hand_names(g, 1) == ["Jink ♦2", ANCHOR_LABEL]
    assert names(g, g.equipment(0)) == ["Chitu ♥5"]
    invariants(g)


def test_fankui_once_per_damage_event(invariants):
    """反馈 (original): once per damage, even for 2 points (许褚's 裸衣 杀)."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR, ANCHOR2, "jink ♦2"]},
              {"hero": "simayi"})
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 2)]
    expect_confirm(g, 1, "fankui")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert len(g.hand(1)) == 1 and len(g.hand(0)) == 2
    invariants(g)


# ====================================================================== 司马懿 鬼才
def test_guicai_replaces_an_indulgence_judgement(invariants):
    """鬼才: after any player's judgement card is revealed, 司马懿 may play a hand card to replace
    it; the new card decides (♥ → 乐不思蜀 fails) and the old one is discarded."""
    g = table({}, {"judge": ["indulgence ♠6"], "hand": [ANCHOR]},
              {"hero": "simayi", "hand": ["peach ♥3", "slash ♣2"]}, current=1, phase="start",
              deck_top=["slash ♠7", "jink ♦2", "jink ♦3"])
    expect_skill(g, 2, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3", "Slash ♣2"])
    assert g.describe_decision() == "player_2: Demonic Talent: skill: choose a card"
    g.play("Peach ♥3")
    expect(g, 1, C.DK_PLAY)                  # the play phase is not skipped
    assert event_args(g, C.EV_SKIP) == []
    assert judged(g) == ["Slash ♠7", "Peach ♥3"]
    assert skill_events(g, "guicai") == [(2, SK["guicai"], 1)]
    assert hand_names(g, 2) == ["Slash ♣2"]
    assert discard_names(g) == ["Indulgence ♠6", "Peach ♥3", "Slash ♠7"]
    invariants(g)


def test_guicai_is_optional(invariants):
    """鬼才 may be declined: the revealed card stands."""
    g = table({}, {"judge": ["indulgence ♠6"]},
              {"hero": "simayi", "hand": ["peach ♥3"]}, current=1, phase="start",
              deck_top=["slash ♠7", "jink ♦2", "jink ♦3", ANCHOR, "jink ♦4"])
    expect_skill(g, 2, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3"])
    g.play("pass")
    expect(g, 2, C.DK_PLAY)                  # player_1's play phase was skipped: 司马懿's turn
    assert (1, C.PH_PLAY, 0) in event_args(g, C.EV_SKIP)
    assert judged(g) == ["Slash ♠7"]
    assert hand_names(g, 2) == sorted(["Peach ♥3", ANCHOR_LABEL, "Jink ♦4"])
    assert discard_names(g) == ["Indulgence ♠6", "Slash ♠7"]
    assert skill_events(g) == []
    invariants(g)


def test_guicai_not_asked_without_hand_cards(invariants):
    """鬼才 needs a hand card (original text: from the hand); equipment does not count."""
    g = table({"hand": [ANCHOR]}, {"judge": ["indulgence ♠6"]},
              {"hero": "simayi", "equip": ["eight_diagram ♠2"]}, {"hand": [ANCHOR2]},
              current=1, phase="start", deck_top=["slash ♠7", "jink ♦2", "jink ♦3", "jink ♦4"],
              autoplay=False)
    # with autoplay off every decision shows: the first one is the judged player's next turn step
    assert not (g.decider == 2 and g.decision_kind == C.DK_SKILL_CARD)
    while not (g.decision_kind == C.DK_PLAY):
        assert g.decision_kind != C.DK_SKILL_CARD, g.describe_decision()
        g.play(g.legal_labels()[0])
    assert (1, C.PH_PLAY, 0) in event_args(g, C.EV_SKIP)
    assert skill_events(g) == []
    invariants(g)


def test_guicai_turns_eight_diagram_red_so_the_jink_succeeds(invariants):
    """鬼才 on an 八卦阵 judgement: a black card replaced with a red one gives the 闪."""
    g = table(["slash ♠7", ANCHOR], {"equip": ["eight_diagram ♠2"]},
              {"hero": "simayi", "hand": ["peach ♥3"]}, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    g.play("Eight Diagram ♠2")
    expect_skill(g, 2, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3"])
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 4 and damage(g) == []
    assert judged(g) == ["Slash ♣2", "Peach ♥3"]
    assert discard_names(g) == ["Peach ♥3", "Slash ♠7", "Slash ♣2"]
    invariants(g)


def test_guicai_turns_eight_diagram_black_so_the_jink_fails(invariants):
    """鬼才 by the attacker himself: a red 八卦阵 judgement replaced with a black card fails."""
    g = table({"hero": "simayi", "hand": ["slash ♠7", "slash ♣2", ANCHOR]},
              {"equip": ["eight_diagram ♠2"]}, deck_top=["peach ♥3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("Eight Diagram ♠2")
    # retrial holders from the current player: 司马懿 (player_0) is asked
    expect_skill(g, 0, C.DK_SKILL_CARD, "guicai", ["pass", ANCHOR_LABEL, "Slash ♣2"])
    g.play("Slash ♣2")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 1, 1)]
    assert judged(g) == ["Peach ♥3", "Slash ♣2"]
    invariants(g)


def test_guicai_saves_himself_from_lightning(invariants):
    """鬼才 on his own 闪电 judgement: ♠7 replaced with a ♥ card → no damage; the 闪电 moves on."""
    g = table({}, {"hero": "simayi", "judge": ["lightning ♠A"], "hand": ["peach ♥3"]},
              current=1, phase="start", deck_top=["slash ♠7", ANCHOR, "jink ♦2"])
    expect_skill(g, 1, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3"])
    g.play("Peach ♥3")
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [] and g.hp(1) == 3
    assert g.judgement_zone(1) == []
    assert names(g, g.judgement_zone(2)) == ["Lightning ♠A"]
    assert discard_names(g) == ["Peach ♥3", "Slash ♠7"]
    invariants(g)


def test_guicai_makes_lightning_strike(invariants):
    """鬼才 the other way: a harmless 闪电 judgement replaced with ♠2-9 deals 3 damage."""
    g = table({}, {"judge": ["lightning ♠A"], "hand": [ANCHOR]},
              {"hero": "simayi", "hand": ["slash ♠8"]}, current=1, phase="start",
              deck_top=["peach ♥3", "jink ♦2", "jink ♦3"])
    expect_skill(g, 2, C.DK_SKILL_CARD, "guicai", ["pass", "Slash ♠8"])
    g.play("Slash ♠8")
    assert damage(g) == [(-1, 1, 3)] and g.hp(1) == 1
    assert g.judgement_zone(1) == [] and g.judgement_zone(2) == []
    assert discard_names(g) == ["Lightning ♠A", "Peach ♥3", "Slash ♠8"]
    invariants(g)


def test_guicai_ends_luoshen(invariants):
    """鬼才 on 甄姬's 洛神 judgement: black replaced with red → she gets nothing and stops."""
    g = table({"hero": "zhenji"}, {"hero": "simayi", "hand": ["peach ♥3"]}, current=0,
              phase="start", deck_top=["slash ♠7", "jink ♦2", ANCHOR])
    expect_confirm(g, 0, "luoshen")
    g.play("confirm")
    expect_skill(g, 1, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3"])
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)                   # no second 洛神: she draws and plays
    assert hand_names(g, 0) == ["Jink ♦2", ANCHOR_LABEL]
    assert discard_names(g) == ["Peach ♥3", "Slash ♠7"]
    invariants(g)


def test_guicai_turns_luoshen_black_so_she_keeps_the_card(invariants):
    """鬼才 on 洛神: a red judgement replaced with a black card → she keeps that card and may go
    on."""
    g = table({"hero": "zhenji"}, {"hero": "simayi", "hand": ["slash ♣2"]}, current=0,
              phase="start", deck_top=["peach ♥3", "jink ♦2", ANCHOR])
    g.play("confirm")
    expect_skill(g, 1, C.DK_SKILL_CARD, "guicai", ["pass", "Slash ♣2"])
    g.play("Slash ♣2")
    expect_confirm(g, 0, "luoshen")
    assert hand_names(g, 0) == ["Slash ♣2"]
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Slash ♣2", "Jink ♦2", ANCHOR_LABEL])
    assert discard_names(g) == ["Peach ♥3"]
    invariants(g)


def test_guicai_on_his_own_ganglie_judgement(invariants):
    """鬼才 on a 刚烈 judgement: 司马懿, the source, turns the black card red and escapes."""
    g = table({"hero": "simayi", "hand": ["slash ♠7", "peach ♥3", ANCHOR, "jink ♦2"]},
              {"hero": "xiahoudun"}, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "ganglie")
    g.play("confirm")
    expect_skill(g, 0, C.DK_SKILL_CARD, "guicai", ["pass", "Peach ♥3", ANCHOR_LABEL, "Jink ♦2"])
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(0) == 3 and event_args(g, C.EV_LOSE_HP) == []
    assert hand_names(g, 0) == sorted(["Jink ♦2", ANCHOR_LABEL])
    invariants(g)


# ====================================================================== 夏侯惇 刚烈
def ganglie_table(attacker_hand, deck_top):
    return table({"hand": attacker_hand}, {"hero": "xiahoudun"}, deck_top=deck_top)


def test_ganglie_black_source_chooses_to_lose_hp(invariants):
    """刚烈: the source judges; black → it chooses; "lose 1 HP" is HP loss, not damage."""
    g = ganglie_table(["slash ♠7", ANCHOR, "jink ♦2", "jink ♦3"], ["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "ganglie")
    g.play("confirm")
    assert event_args(g, C.EV_JUDGE)[0][:2] == (0, 58)     # the source judges ♣2
    expect_skill(g, 0, C.DK_SKILL_OPTION, "ganglie", ["lose 1 HP", "discard two hand cards"])
    g.play("lose 1 HP")
    assert g.hp(0) == 3
    assert event_args(g, C.EV_LOSE_HP) == [(0, 1, 0)]
    assert damage(g) == [(0, 1, 1)]                 # no damage to the source
    assert len(g.hand(0)) == 3
    assert skill_events(g, "ganglie") == [(1, SK["ganglie"], 0)]
    expect(g, 0, C.DK_PLAY)
    invariants(g)


def test_ganglie_black_source_discards_two_hand_cards(invariants):
    """刚烈: the source may instead discard two hand cards (not equipment), one at a time."""
    g = table({"hand": ["slash ♠7", ANCHOR, "jink ♦2", "jink ♦3"], "equip": ["dayuan"]},
              {"hero": "xiahoudun"}, deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    g.play("discard two hand cards")
    expect(g, 0, C.DK_SELECT)
    assert g.legal_labels() == [ANCHOR_LABEL, "Jink ♦2", "Jink ♦3"]
    g.play("Jink ♦2")
    expect(g, 0, C.DK_SELECT)
    assert g.legal_labels() == [ANCHOR_LABEL, "Jink ♦3"]
    g.play("Jink ♦3")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(0) == 4
    assert hand_names(g, 0) == [ANCHOR_LABEL]
    assert discard_names(g) == ["Jink ♦2", "Jink ♦3", "Slash ♠7", "Slash ♣2"]
    invariants(g)


@pytest.mark.parametrize("judge", ["peach ♥3", "jink ♦2"])
def test_ganglie_red_does_nothing(judge, invariants):
    """刚烈 (the 三国杀 standard rules): only black hurts the source; ♥ and ♦ do nothing."""
    g = ganglie_table(["slash ♠7", ANCHOR, "jink ♦3", "jink ♦4"], [judge])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(0) == 4 and len(g.hand(0)) == 3
    assert event_args(g, C.EV_LOSE_HP) == []
    invariants(g)


def test_ganglie_source_with_fewer_than_two_hand_cards_loses_hp(invariants):
    """刚烈: a source with fewer than two hand cards has no choice: it loses 1 HP."""
    g = ganglie_table(["slash ♠7", ANCHOR], ["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)                  # no option was asked
    assert g.hp(0) == 3
    assert event_args(g, C.EV_LOSE_HP) == [(0, 1, 0)]
    assert hand_names(g, 0) == [ANCHOR_LABEL]
    invariants(g)


def test_ganglie_is_optional(invariants):
    """刚烈 may be declined: no judgement."""
    g = ganglie_table(["slash ♠7", ANCHOR, "jink ♦2", "jink ♦3"], ["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "ganglie")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert judged(g) == [] and g.hp(0) == 4
    invariants(g)


def test_ganglie_once_per_damage_event(invariants):
    """刚烈 (original): one judgement per damage, even for 2 points (裸衣)."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR, "jink ♦2", "jink ♦3"]},
              {"hero": "xiahoudun"}, deck_top=["slash ♣2", "slash ♣3"])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 2)]
    expect_confirm(g, 1, "ganglie")
    g.play("confirm")
    g.play("lose 1 HP")
    expect(g, 0, C.DK_PLAY)
    assert judged(g) == ["Slash ♣2"] and g.hp(0) == 3
    invariants(g)


def test_ganglie_judgement_of_guojia_source_can_be_taken_by_tiandu(invariants):
    """刚烈 is judged by the source: a 郭嘉 source may take that judgement card with 天妒, and
    then still has to choose (the card now in his hand counts for the discard)."""
    g = table({"hero": "guojia", "hand": ["slash ♠7", ANCHOR, "jink ♦2"]}, {"hero": "xiahoudun"},
              deck_top=["slash ♣2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")                        # 刚烈
    expect_confirm(g, 0, "tiandu")
    g.play("confirm")
    expect_skill(g, 0, C.DK_SKILL_OPTION, "ganglie", ["lose 1 HP", "discard two hand cards"])
    g.play("discard two hand cards")
    assert g.legal_labels() == [ANCHOR_LABEL, "Slash ♣2", "Jink ♦2"]
    g.play("Slash ♣2")
    g.play("Jink ♦2")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == [ANCHOR_LABEL] and g.hp(0) == 3
    invariants(g)


def test_ganglie_not_offered_for_lightning(invariants):
    """刚烈 needs a source: 闪电's damage has none."""
    g = table({}, {"hero": "xiahoudun", "judge": ["lightning ♠A"]}, current=1, phase="start",
              deck_top=["slash ♠7", ANCHOR, "jink ♦2"])
    expect(g, 1, C.DK_PLAY)
    assert damage(g) == [(-1, 1, 3)] and g.hp(1) == 1
    assert skill_events(g) == []
    invariants(g)


def test_ganglie_against_savage_assault(invariants):
    """刚烈 works against AOE damage (the 三国杀 standard rules names 南蛮入侵); the AOE then goes
    on."""
    g = table(["savage_assault ♠7", ANCHOR, "jink ♦2", "jink ♦3"], {"hero": "xiahoudun"},
              {}, ["slash ♣3"], deck_top=["slash ♣2"])
    g.play("Savage Assault ♠7")
    expect_confirm(g, 1, "ganglie")
    g.play("confirm")
    g.play("lose 1 HP")
    expect(g, 3, C.DK_SLASH)
    g.play("Slash ♣3")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 1, 1), (0, 2, 1)]
    assert g.hp(0) == 3
    invariants(g)


def test_ganglie_hp_loss_kill_pays_no_reward(invariants):
    """刚烈's HP loss has no source: a rebel who dies of it pays no 3-card reward to 夏侯惇."""
    g = table({}, {"hp": 1, "hand": ["slash ♠7"]}, {"hero": "xiahoudun"}, {}, current=1,
              deck_top=["slash ♣2", ANCHOR, "jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    g.play("Slash ♠7")
    g.play("target player_2")
    expect_confirm(g, 2, "ganglie")
    g.play("confirm")          # ♣2: the rebel has no hand card left: loses 1 HP and dies
    assert event_args(g, C.EV_DEATH) == [(1, -1, C.ROLE_REBEL)]
    expect(g, 2, C.DK_PLAY)                  # 夏侯惇's own turn: he drew 2, no reward before
    assert hand_names(g, 2) == sorted([ANCHOR_LABEL, "Jink ♦2"])
    invariants(g)


# ====================================================================== 张辽 突袭
def tuxi_table(h1, h2, h3, **kw):
    return table({"hero": "zhangliao", "hand": [ANCHOR]}, h1, h2, h3, current=0, phase="draw",
                 deck_top=["peach ♥3", "peach ♥4"], **kw)


def test_tuxi_takes_one_card_from_each_of_two_players_instead_of_drawing(invariants):
    """突袭: instead of drawing, take one random hand card from each of one or two others."""
    g = tuxi_table(["jink ♦2"], ["jink ♦3"], ["jink ♦4"])
    expect_skill(g, 0, C.DK_SKILL_TARGET, "tuxi",
                 ["pass", "target player_1", "target player_2", "target player_3"])
    g.play("target player_3")
    expect_skill(g, 0, C.DK_SKILL_TARGET, "tuxi",
                 ["confirm", "target player_1", "target player_2"])
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Jink ♦2", "Jink ♦4", ANCHOR_LABEL])
    assert g.hand(1) == [] and g.hand(3) == [] and hand_names(g, 2) == ["Jink ♦3"]
    assert names(g, g.draw_pile()[:2]) == ["Peach ♥3", "Peach ♥4"]     # nothing drawn
    assert event_args(g, C.EV_DRAW) == []
    assert skill_events(g, "tuxi") == [(0, SK["tuxi"], 3)]
    invariants(g)


def test_tuxi_one_player_then_confirm(invariants):
    """突袭 may stop after one player: one card taken, still nothing drawn."""
    g = tuxi_table(["jink ♦2"], ["jink ♦3"], ["jink ♦4"])
    g.play("target player_2")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Jink ♦3", ANCHOR_LABEL])
    assert event_args(g, C.EV_DRAW) == []
    invariants(g)


def test_tuxi_is_optional(invariants):
    """突袭 declined: the normal draw of two."""
    g = tuxi_table(["jink ♦2"], ["jink ♦3"], ["jink ♦4"])
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Peach ♥3", "Peach ♥4", ANCHOR_LABEL])
    assert skill_events(g) == []
    invariants(g)


def test_tuxi_only_one_other_player_with_cards(invariants):
    """突袭 with one other player holding cards: he is the only choice and no second is asked."""
    g = tuxi_table([], {"equip": ["dilu"]}, ["jink ♦4"])
    expect_skill(g, 0, C.DK_SKILL_TARGET, "tuxi", ["pass", "target player_3"])
    g.play("target player_3")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Jink ♦4", ANCHOR_LABEL])
    assert event_args(g, C.EV_DRAW) == []
    invariants(g)


def test_tuxi_not_offered_when_nobody_has_hand_cards(invariants):
    """突袭 needs another player with hand cards: otherwise he simply draws two."""
    g = tuxi_table([], {"equip": ["dilu"]}, [])
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Peach ♥3", "Peach ♥4", ANCHOR_LABEL])
    assert skill_events(g) == []
    invariants(g)


# ====================================================================== 许褚 裸衣
def test_luoyi_slash_deals_two_without_a_weapon(invariants):
    """裸衣: without a weapon, 许褚's 杀 in his play phase deals 2 damage."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR]})
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 2)] and g.hp(1) == 2
    invariants(g)


def test_luoyi_is_locked_and_costs_no_draw(invariants):
    """裸衣 (the 三国杀 standard rules, DECISIONS §4.1) is locked: nothing is asked in the draw
    phase and 许褚 draws
    his two cards."""
    g = table({"hero": "xuchu"}, current=0, phase="draw",
              deck_top=["slash ♠7", ANCHOR, "jink ♦2"])
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Slash ♠7", ANCHOR_LABEL])
    assert skill_events(g) == []
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 2)]
    invariants(g)


def test_luoyi_not_with_a_weapon(invariants):
    """裸衣: with a weapon equipped his 杀 deals the normal 1."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR], "equip": ["qinggang_sword"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)] and g.hp(1) == 3
    invariants(g)


def test_luoyi_not_for_duel(invariants):
    """裸衣 does not raise 决斗 damage (the 三国杀 standard rules: "不包括決鬥")."""
    g = table({"hero": "xuchu", "hand": ["duel ♠A", ANCHOR]})
    g.play("Duel ♠A")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)] and g.hp(1) == 3
    invariants(g)


# ====================================================================== 郭嘉 天妒
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


# ====================================================================== 郭嘉 遗计
def test_yiji_looks_at_two_cards_and_gives_each(invariants):
    """遗计: for a point of damage, look at the top two cards and give each to any living player,
    himself included."""
    g = table(["slash ♠7", ANCHOR], {"hero": "guojia"}, deck_top=["peach ♥3", "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "yiji")
    g.play("confirm")
    everyone = ["target player_1", "target player_2", "target player_3", "target player_0"]
    expect_skill(g, 1, C.DK_SKILL_TARGET, "yiji", everyone)
    assert int(g.s[C.H_DCARD]) == 32         # Peach ♥3 is given first
    # he looks at the two cards privately
    assert sorted(g.zone_cards(C.Z_LOOK)) == [32, 83]
    assert g.observe(1)[C.OBS_LOOK + 32] == 1 and g.observe(1)[C.OBS_LOOK + 83] == 1
    assert g.observe(2)[C.OBS_LOOK + 32] == 0 and g.observe(0)[C.OBS_LOOK + 83] == 0
    g.play("target player_2")
    expect_skill(g, 1, C.DK_SKILL_TARGET, "yiji", everyone)
    assert int(g.s[C.H_DCARD]) == 83
    g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 2) == ["Peach ♥3"] and hand_names(g, 1) == ["Jink ♦2"]
    assert event_args(g, C.EV_GIVE) == [(1, 32, 2), (1, 83, 1)]
    assert skill_events(g, "yiji") == [(1, SK["yiji"], -1)]
    assert g.zone_cards(C.Z_LOOK) == []
    invariants(g)


def test_yiji_both_cards_to_one_player(invariants):
    """遗计: both cards may go to the same player."""
    g = table(["slash ♠7", ANCHOR], {"hero": "guojia"}, deck_top=["peach ♥3", "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    g.play("target player_3")
    g.play("target player_3")
    assert hand_names(g, 3) == ["Jink ♦2", "Peach ♥3"]
    assert g.hand(1) == []
    invariants(g)


def test_yiji_is_optional(invariants):
    """遗计 declined: the draw pile is untouched."""
    g = table(["slash ♠7", ANCHOR], {"hero": "guojia"}, deck_top=["peach ♥3", "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    expect_confirm(g, 1, "yiji")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert [g.card_name(c) for c in g.draw_pile()[:2]] == ["Peach ♥3", "Jink ♦2"]
    assert g.hand(1) == []
    invariants(g)


def test_yiji_once_per_point_of_damage(invariants):
    """遗计 fires once per point: 2 damage (裸衣) → two rounds of two cards."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR]}, {"hero": "guojia"},
              deck_top=["peach ♥3", "jink ♦2", "jink ♦3", "jink ♦4"])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 2)] and g.hp(1) == 1
    for _ in range(2):
        expect_confirm(g, 1, "yiji")
        g.play("confirm")
        g.play("target player_1")
        g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 1) == ["Jink ♦2", "Jink ♦3", "Jink ♦4", "Peach ♥3"]
    assert len(skill_events(g, "yiji")) == 2
    invariants(g)


def test_yiji_after_being_saved_from_dying_fires_for_every_point(invariants):
    """遗计 after dying: 郭嘉 at 1 HP takes 2 damage, is saved with two 桃, then 遗计 fires twice
    (dying is resolved inside the damage, before the after-damage skills: §5.1)."""
    g = table({"hero": "xuchu", "hand": ["slash ♠7", ANCHOR]}, {"hero": "guojia", "hp": 1},
              ["peach ♥4", "peach ♥6"],
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4", "jink ♦5"])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert g.hp(1) == -1
    expect(g, 2, C.DK_PEACH)
    g.play("Peach ♥4")
    expect(g, 2, C.DK_PEACH)
    g.play("Peach ♥6")
    assert g.hp(1) == 1
    for _ in range(2):
        expect_confirm(g, 1, "yiji")
        g.play("confirm")
        g.play("target player_2")
        g.play("target player_1")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 1) == ["Jink ♦3", "Jink ♦5"]
    assert hand_names(g, 2) == ["Jink ♦2", "Jink ♦4"]
    invariants(g)


def test_yiji_gives_only_to_living_players(invariants):
    """遗计: a dead player cannot be given a card."""
    g = table(["slash ♠7", ANCHOR], {"hero": "guojia"}, {}, {"alive": False},
              deck_top=["peach ♥3", "jink ♦2"])
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("confirm")
    expect_skill(g, 1, C.DK_SKILL_TARGET, "yiji",
                 ["target player_1", "target player_2", "target player_0"])
    invariants(g)


def test_yiji_not_when_he_dies(invariants):
    """遗计 needs 郭嘉 to survive: unsaved, he dies and nothing is asked."""
    g = table(["slash ♠7", ANCHOR], {"hero": "guojia", "hp": 1},
              deck_top=["jink ♦2", "jink ♦3", "jink ♦4"])
    g.play("Slash ♠7")
    g.play("target player_1")
    assert event_args(g, C.EV_DEATH) == [(1, 0, C.ROLE_REBEL)]
    expect(g, 0, C.DK_PLAY)
    assert skill_events(g) == []
    # the killer's 3-card reward comes off the top: 遗计 looked at nothing
    assert hand_names(g, 0) == sorted(["Jink ♦2", "Jink ♦3", "Jink ♦4", ANCHOR_LABEL])
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


# ====================================================================== 甄姬 倾国
def test_qingguo_black_hand_card_as_jink(invariants):
    """倾国: any black hand card can be used as 闪; red non-闪 cards cannot."""
    g = table(["slash ♠7", ANCHOR],
              {"hero": "zhenji", "hand": ["slash ♣2", "peach ♥3", "jink ♦2", "crossbow ♣A"]})
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Crossbow ♣A", "Slash ♣2", "Jink ♦2"]
    g.play("Slash ♣2")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 3 and damage(g) == []
    assert discard_names(g) == ["Slash ♠7", "Slash ♣2"]
    assert hand_names(g, 1) == ["Crossbow ♣A", "Jink ♦2", "Peach ♥3"]
    invariants(g)


def test_qingguo_not_with_equipment(invariants):
    """倾国 takes hand cards only: a black equipped card is no 闪."""
    g = table(["slash ♠7", ANCHOR],
              {"hero": "zhenji", "hand": ["peach ♥3"], "equip": ["crossbow ♣A", "dayuan ♠K"]},
              autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    # she cannot answer at all, so (even with autoplay off) no 闪 is asked: the 杀 hits
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 1, 1)]
    assert names(g, g.equipment(1)) == ["Crossbow ♣A", "Dayuan ♠K"]
    invariants(g)


def test_qingguo_against_archery_attack(invariants):
    """倾国 also gives the 闪 played against 万箭齐发."""
    g = table(["archery_attack", ANCHOR], {"hero": "zhenji", "hand": ["slash ♣2"]}, {}, {})
    g.play("Archery Attack ♥A")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Slash ♣2"]
    g.play("Slash ♣2")
    assert g.hp(1) == 3
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 2, 1), (0, 3, 1)]
    invariants(g)


def test_qingguo_is_not_a_play_phase_action(invariants):
    """倾国 only answers a request for 闪: in her play phase it offers nothing."""
    g = table({"hero": "zhenji", "hand": ["jink ♦2", "slash ♣2", ANCHOR]})
    expect(g, 0, C.DK_PLAY)
    assert g.legal_labels() == ["pass", ANCHOR_LABEL, "Slash ♣2"]
    invariants(g)


# ====================================================================== 甄姬 洛神
def test_luoshen_two_blacks_then_a_red(invariants):
    """洛神: judge; black → the card goes to her hand and she may judge again; red ends it and
    is discarded. Then she draws as usual."""
    g = table({"hero": "zhenji"}, current=0, phase="start",
              deck_top=["slash ♠7", "slash ♣2", "peach ♥3", "jink ♦2", ANCHOR])
    expect_confirm(g, 0, "luoshen")
    g.play("confirm")
    assert hand_names(g, 0) == ["Slash ♠7"]
    expect_confirm(g, 0, "luoshen")
    g.play("confirm")
    assert hand_names(g, 0) == ["Slash ♠7", "Slash ♣2"]
    expect_confirm(g, 0, "luoshen")
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert judged(g) == ["Slash ♠7", "Slash ♣2", "Peach ♥3"]
    assert discard_names(g) == ["Peach ♥3"]
    assert hand_names(g, 0) == sorted(["Slash ♠7", "Slash ♣2", "Jink ♦2", ANCHOR_LABEL])
    assert len(skill_events(g, "luoshen")) == 3
    invariants(g)


def test_luoshen_is_optional(invariants):
    """洛神 declined: no judgement, the normal draw."""
    g = table({"hero": "zhenji"}, current=0, phase="start", deck_top=["slash ♠7", ANCHOR])
    expect_confirm(g, 0, "luoshen")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert judged(g) == []
    assert hand_names(g, 0) == sorted(["Slash ♠7", ANCHOR_LABEL])
    invariants(g)


def test_luoshen_may_stop_after_a_black(invariants):
    """洛神: after a black she may stop; the next card is drawn normally."""
    g = table({"hero": "zhenji"}, current=0, phase="start",
              deck_top=["slash ♠7", "slash ♣2", ANCHOR])
    g.play("confirm")
    expect_confirm(g, 0, "luoshen")
    g.play("pass")
    expect(g, 0, C.DK_PLAY)
    assert judged(g) == ["Slash ♠7"]
    assert hand_names(g, 0) == sorted(["Slash ♠7", "Slash ♣2", ANCHOR_LABEL])
    invariants(g)
