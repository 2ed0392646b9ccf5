"""The game log says who did what and how: scenario tests of its lines (en and zh).

Each case rigs a four-seat table (0 lord and current player in its play phase, 1 rebel,
2 loyalist, 3 renegade), scripts the decisions by their labels and reads the line the move made,
in the all-seeing log and in every seat's own (``Game.log_lines(seat=...)``): a card taken from a
hand is named to the taker and its owner only, the others read "a card".

The kinds of move: a seat discards another's card (过河拆桥, 寒冰剑, 麒麟弓); a seat discards
its own card for another's card or skill (雌雄双股剑, 刚烈) or for its own weapon (贯石斧); a
seat takes another's card into its hand, from the hand (顺手牵羊, 反馈, 突袭, 反间) or from
equipment (顺手牵羊, 借刀杀人, 强掠); a card used or played as another kind (龙胆, 武圣 with an
equipped card, 丈八蛇矛, the 英雄杀 deck's 神偷, 雕琢's 无懈可击).
"""
from dataclasses import dataclass, field

import pytest
from helpers import ZHUAHUANG as ANCHOR
from helpers import table4 as table
from helpers import table4_filled as hero_table

SEATS = range(4)


@dataclass(frozen=True)
class Case:
    """A move and its line. seen: the seats the card is named to (None: everyone); the others
    read en_hidden / zh_hidden."""
    build: object
    script: tuple
    en: str
    zh: str
    seen: frozenset | None = None
    en_hidden: str = ""
    zh_hidden: str = ""
    not_logged: tuple = field(default=())


def _halberd_holder(hand=("jink ♦2",)):
    return {"hand": list(hand), "equip": ["halberd"]}


CASES = {
    # ---------------------------------------------------------------- another seat's card discarded
    "dismantlement, equipment": Case(
        lambda: table(["dismantlement", ANCHOR], _halberd_holder()),
        ("Dismantlement ♠3", "Sky Halberd ♦Q"),
        "player_0 dismantles player_1's Sky Halberd ♦Q", "0号位 拆掉 1号位 的 方天画戟 ♦Q"),
    "dismantlement, hand": Case(
        lambda: table(["dismantlement", ANCHOR], ["jink ♦2"]),
        ("Dismantlement ♠3",),
        "player_0 dismantles player_1's Jink ♦2", "0号位 拆掉 1号位 的 闪 ♦2"),
    "ice sword": Case(
        lambda: table({"hand": ["slash ♠7", ANCHOR], "equip": ["ice_sword"]}, ["peach ♥3"]),
        ("Slash ♠7", "target player_1", "confirm"),
        "player_0 discards player_1's Peach ♥3 (Ice Sword)",
        "0号位 弃置 1号位 的 桃 ♥3（寒冰剑）"),
    "kylin bow": Case(
        lambda: table({"hand": ["slash ♠7", ANCHOR], "equip": ["kylin_bow"]},
                      {"equip": ["dilu"]}),
        ("Slash ♠7", "target player_1", "Dilu ♣5"),
        "player_0 discards player_1's Dilu ♣5 (Kylin Bow)",
        "0号位 弃置 1号位 的 的卢 ♣5（麒麟弓）"),
    # ---------------------------------------------------------------- one's own card, for another
    "double swords": Case(
        lambda: table({"hand": ["slash ♠7", ANCHOR], "equip": ["double_swords"],
                       "gender": "male"}, {"hand": ["duel ♠A"], "gender": "female"}),
        ("Slash ♠7", "target player_1", "confirm", "Duel ♠A"),
        "player_1 discards Duel ♠A (player_0's Double Swords)",
        "1号位 弃置 决斗 ♠A（0号位的雌雄双股剑）"),
    "ganglie": Case(
        lambda: hero_table({"hand": ["slash ♠7", ANCHOR, "jink ♦2", "jink ♦3"]},
                           {"hero": "xiahoudun"}, deck_top=["slash ♣2"]),
        ("Slash ♠7", "target player_1", "confirm", "discard two hand cards", "Jink ♦2"),
        "player_0 discards Jink ♦2 (player_1's Unyielding)",
        "0号位 弃置 闪 ♦2（1号位的刚烈）"),
    "axe": Case(
        lambda: table({"hand": ["slash ♠7", "jink ♦3", ANCHOR], "equip": ["axe", "chitu"]},
                      ["jink ♦2"]),
        ("Slash ♠7", "target player_1", "Jink ♦2", "confirm", "Jink ♦3"),
        "player_0 discards Jink ♦3 (Stone Axe)", "0号位 弃置 闪 ♦3（贯石斧）"),
    # ---------------------------------------------------------------- another seat's card taken
    "snatch, hand": Case(
        lambda: table(["snatch", ANCHOR], ["jink ♦2"]),
        ("Snatch ♠3",),
        "player_0 takes Jink ♦2 from player_1's hand (Snatch)",
        "0号位 获得 1号位 的手牌 闪 ♦2（顺手牵羊）", frozenset({0, 1}),
        "player_0 takes a card from player_1's hand (Snatch)",
        "0号位 获得 1号位 的一张手牌（顺手牵羊）"),
    "snatch, equipment": Case(
        lambda: table(["snatch", ANCHOR], _halberd_holder()),
        ("Snatch ♠3", "Sky Halberd ♦Q"),
        "player_0 takes player_1's Sky Halberd ♦Q (Snatch)",
        "0号位 获得 1号位 的 方天画戟 ♦Q（顺手牵羊）"),
    "collateral": Case(
        lambda: table(["collateral", ANCHOR], _halberd_holder(()), ["jink ♦4"]),
        ("Collateral ♣Q", "target player_2"),
        "player_0 takes player_1's Sky Halberd ♦Q (Collateral)",
        "0号位 获得 1号位 的 方天画戟 ♦Q（借刀杀人）"),
    "fankui": Case(
        lambda: hero_table(["slash ♠7", "jink ♦2"], {"hero": "simayi"}),
        ("Slash ♠7", "target player_1", "confirm"),
        "player_1 takes Jink ♦2 from player_0's hand (Feedback)",
        "1号位 获得 0号位 的手牌 闪 ♦2（反馈）", frozenset({0, 1}),
        "player_1 takes a card from player_0's hand (Feedback)",
        "1号位 获得 0号位 的一张手牌（反馈）"),
    "tuxi": Case(
        lambda: hero_table({"hero": "zhangliao", "hand": [ANCHOR]}, ["jink ♦2"], [], [],
                           current=0, phase="draw"),
        ("target player_1",),
        "player_0 takes Jink ♦2 from player_1's hand (Sudden Strike)",
        "0号位 获得 1号位 的手牌 闪 ♦2（突袭）", frozenset({0, 1}),
        "player_0 takes a card from player_1's hand (Sudden Strike)",
        "0号位 获得 1号位 的一张手牌（突袭）"),
    "fanjian": Case(
        lambda: hero_table({"hero": "zhouyu", "hand": ["peach ♥3"]}),
        ("skill Sow Dissension", "target player_1", "red"),
        "player_1 takes Peach ♥3 from player_0's hand (Sow Dissension)",
        "1号位 获得 0号位 的手牌 桃 ♥3（反间）", frozenset({0, 1}),
        "player_1 takes a card from player_0's hand (Sow Dissension)",
        "1号位 获得 0号位 的一张手牌（反间）"),
    "qianglue, equipment": Case(
        lambda: hero_table({"hero": "chengjisihan", "hand": ["slash ♠7", ANCHOR]},
                           {"hand": ["jink ♦2", "peach ♥3"], "equip": ["crossbow ♣A"]},
                           deck_top=["slash ♣2"]),
        ("Slash ♠7", "target player_1", "Jink ♦2", "confirm", "Crossbow ♣A"),
        "player_0 takes player_1's Crossbow ♣A (Plunder)",
        "0号位 获得 1号位 的 诸葛连弩 ♣A（强掠）"),
    # ---------------------------------------------------------------- a card used as another
    "longdan, used": Case(
        lambda: hero_table({"hero": "zhaoyun", "hand": ["jink ♦2", ANCHOR]}),
        ("skill Dragon Heart", "target player_1"),
        "player_0 uses Jink ♦2 as Slash on player_1 (Dragon Heart)",
        "0号位 将 闪 ♦2 当 杀 对 1号位 使用（龙胆）",
        not_logged=("player_0 uses Dragon Heart", "0号位 发动龙胆")),
    "longdan, played": Case(
        lambda: hero_table(["slash ♠7", ANCHOR], {"hero": "zhaoyun", "hand": ["slash ♠9"]}),
        ("Slash ♠7", "target player_1", "Slash ♠9"),
        "player_1 responds with Slash ♠9 as Jink (Dragon Heart)",
        "1号位 将 杀 ♠9 当 闪 打出（龙胆）"),
    "wusheng, an equipped card": Case(
        lambda: hero_table({"hero": "guanyu", "hand": [ANCHOR], "equip": ["chitu"]}),
        ("skill Warrior Saint", "Chitu ♥5", "target player_1"),
        "player_0 uses Chitu ♥5 as Slash on player_1 (Warrior Saint)",
        "0号位 将 赤兔 ♥5 当 杀 对 1号位 使用（武圣）"),
    "spear": Case(
        lambda: table({"hand": ["jink ♦2", "peach ♥3", ANCHOR], "equip": ["spear"]}),
        ("Serpent Spear ♠Q", "Jink ♦2", "Peach ♥3", "target player_1"),
        "player_0 uses Jink ♦2 + Peach ♥3 as Slash on player_1 (Serpent Spear)",
        "0号位 将 闪 ♦2 + 桃 ♥3 当 杀 对 1号位 使用（丈八蛇矛）"),
    "shentou, the 英雄杀 deck": Case(
        lambda: hero_table({"hero": "shiqian", "hand": ["Strike ♣2", "Dodge ♦2"]},
                           ["Medicine ♥3"], deck="herokill"),
        ("skill Master Thief",),
        "player_0 uses Strike ♣2 as Pickpocket on player_1 (Master Thief)",
        "0号位 将 杀 ♣2 当 探囊取物 对 1号位 使用（神偷）",
        not_logged=("player_0 uses Master Thief",)),
    "diaozhuo, a nullification": Case(
        lambda: hero_table(["dismantlement", ANCHOR],
                           {"hero": "zhongyucen", "hand": ["slash ♠7", "jink ♦2"]}),
        ("Dismantlement ♠3", "Slash ♠7"),
        "player_1 uses Slash ♠7 as Nullification (Carving)",
        "1号位 将 杀 ♠7 当 无懈可击 使用（雕琢）",
        not_logged=("player_1 uses Carving",)),
}


def _played(case: Case):
    """The case's game, its script played (a decision with one legal action plays itself: the
    only target, a pick from a hand alone)."""
    g = case.build()
    for label in case.script:
        g.play(label)
    return g


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_log_names_who_moved_the_card_and_how(name, lang):
    case = CASES[name]
    g = _played(case)
    line = case.en if lang == "en" else case.zh
    hidden = case.en_hidden if lang == "en" else case.zh_hidden
    assert line in g.log_lines(lang), g.log_lines(lang)
    for seat in SEATS:
        seen = g.log_lines(lang, seat=seat)
        if case.seen is None or seat in case.seen:
            assert line in seen, (seat, seen)
        else:
            assert hidden in seen and line not in seen, (seat, seen)
    for gone in case.not_logged:
        assert gone not in g.log_lines(lang)


def test_a_taken_hand_card_is_named_to_no_third_seat():
    """The card 顺手牵羊 takes from a hand appears in no line a third seat reads."""
    g = _played(CASES["snatch, hand"])
    for lang in ("en", "zh"):
        card = g.card_name(g.hand(0)[-1], lang)
        for seat in (2, 3):
            assert not any(card in line for line in g.log_lines(lang, seat=seat))
        assert any(card in line for line in g.log_lines(lang, seat=1))


def test_a_cards_own_kind_is_not_a_conversion():
    """A 杀 that 龙胆 could have made is logged as the 杀 it is, with no "as"."""
    g = hero_table({"hero": "zhaoyun", "hand": ["slash ♠7", ANCHOR]})
    g.play("Slash ♠7")
    g.play("target player_1")
    assert "player_0 uses Slash ♠7 on player_1" in g.log_lines()
