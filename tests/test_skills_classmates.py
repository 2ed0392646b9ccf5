"""Scenario tests for the heroes of pack ``classmates`` (the classmates pack rules' four hero
tables) and the
mechanics built for them.

Every test rigs a table with the scenario builder, scripts each decision by its label and checks
one rule; the docstring names it. Rule sources: the hero tables of
the classmates pack rules (table 1 蜀, 2 吴, 3 魏, 4 群), rules/DECISIONS.md §4.3
(genders, lord candidates) and the choices written in docs/rules.md ("Classmates heroes").

Seats of a 4-player table: 0 lord, 1 rebel, 2 loyalist, 3 renegade unless a test says otherwise.
Without horses or weapons seats 1 and 3 are at distance 1 from seat 0, seat 2 at distance 2.

Skills whose heroes wait for mechanics other helpers build (柔情 陈满意, 放逐 张云杰, 甘露 崔晗,
大米 米强) are tested through a *stand-in*: a rigged seat whose skill slot is set to that skill.
"""
import numpy as np
import pytest
from helpers import (
    asked,
    damage,
    discard_names,
    event_args,
    events,
    expect,
    hand_names,
    names,
    skill_events,
)
from helpers import table4 as table

from heroes_env import Config, Game
from heroes_env.engine import constants as C
from heroes_env.engine import content, invariants
from heroes_env.engine.skills import ids as SK
from heroes_env.scenario import ScenarioError

ANCHOR = "zhuahuangfeidian"          # equipment usable in the play phase, inert in hand
ANCHOR_LABEL = "Zhuahuang Feidian ♥K"
STOP = "dilu"                        # usable by the next seat: the game stops at its play decision

CLASSMATES = [h.key for h in content.pack_heroes("classmates")]




def stand_in(g, seat, skill, slot=0):
    """Give a rigged seat a skill in one slot (for skills whose hero is not in the data yet)."""
    g.s[C.P_SK0 + slot * C.MAX_SEATS + seat] = skill
    g.s[C.H_HEROES] = 1
    g.invalidate()


# ================================================================ the pack as data
def test_classmates_heroes_are_the_rule_text():
    """Hero data: table = kingdom, HP from the tables, genders from DECISIONS §4.3, ids fixed."""
    by = content.HEROES_BY_KEY
    want = {  # key: (id, kingdom, hp, gender, skills)
        "gaoyinghai": (61, C.KD_SHU, 3, 1, ["aoshi", "nibudong"]),
        "lixiaoliang": (64, C.KD_SHU, 3, 1, ["jizhi_cm", "hongzhuang_cm"]),
        "zhongyucen": (65, C.KD_SHU, 3, 2, ["menglong", "diaozhuo"]),
        "taizeqi": (68, C.KD_WU, 4, 1, ["hongyanjie", "nidongde"]),
        "zhaojiaqi": (69, C.KD_WU, 4, 2, ["fengwu"]),
        "suntingting": (70, C.KD_WU, 3, 2, ["tianlai", "mili_cm"]),
        "wangxiaoping": (71, C.KD_WU, 3, 1, ["huameinan", "diyun"]),
        "liaochenyu": (74, C.KD_WEI, 4, 1, ["haochi", "sidashu"]),
        "yangxiaoyi": (76, C.KD_WEI, 3, 2, ["angle", "linglong"]),
        "wangyujie": (79, C.KD_WEI, 3, 2, ["tiandu", "plume"]),
        "fuyaqin": (80, C.KD_WEI, 3, 2, ["luoli", "manwu_cm"]),
        "tukai": (85, C.KD_QUN, 3, 1, ["zhengtai", "shenzhizuoshou"]),
        "shaoshuai": (86, C.KD_QUN, 4, 1, ["zhuomao", "fuxiao"]),
        # heroes whose skills run 英雄杀 mechanics
        "zhongbaolin": (58, C.KD_SHU, 4, 1, ["shenban", "haohan"]),
        "lvlongsheng": (59, C.KD_SHU, 4, 1, ["dabiaoge"]),
        "luminfeng": (60, C.KD_SHU, 3, 1, ["kuangre", "yidong"]),
        "zhuyan": (62, C.KD_SHU, 4, 2, ["lingxian"]),
        "chenmanyi": (63, C.KD_SHU, 4, 1, ["xiagu", "rouqing"]),
        "miqiang": (66, C.KD_WU, 3, 1, ["qianligu", "jiaoliu", "dami"]),
        "xuwen": (67, C.KD_WU, 4, 1, ["weiwu"]),
        "yandandan": (72, C.KD_WU, 3, 2, ["gudianmei", "fengqing"]),
        "heyifei": (73, C.KD_WU, 3, 2, ["jueban", "tianxiang"]),
        "antongle": (75, C.KD_WEI, 3, 1, ["shenbian", "guicai"]),
        "zhangpeipei": (81, C.KD_WEI, 4, 2, ["huizhi"]),
        "zhangruiming": (82, C.KD_QUN, 3, 1, ["liankong", "foxin"]),
        "zhangyunjie": (83, C.KD_QUN, 3, 2, ["fangzhu", "fangzhejielai"]),
        "guli": (84, C.KD_QUN, 4, 2, ["xiyu"]),
        "wanglijun": (77, C.KD_WEI, 4, 2, ["lanman", "juejiang"]),
        "cuihan": (78, C.KD_WEI, 3, 2, ["ganlu", "zhixin"]),
    }
    assert sorted(CLASSMATES) == sorted(want)
    for key, (hid, kd, hp, gender, skills) in want.items():
        h = by[key]
        assert (h.id, h.kingdom, h.hp, h.gender, h.pack) == (hid, kd, hp, gender, "classmates"), key
        assert [content.SKILLS_BY_ID[s].key for s in h.skills] == skills, key
    assert [h.key for h in content.pack_heroes("classmates") if h.lord_offer] == \
        ["zhongbaolin", "miqiang", "liaochenyu"]
    assert [h.key for h in content.pack_heroes("classmates") if h.never_lord] == ["lvlongsheng"]
    # aliases run standard code with their parameter
    S = content.SKILLS
    assert (S["aoshi"].base, S["aoshi"].param) == ("guanxing", 0)
    assert (S["jizhi_cm"].base, S["jizhi_cm"].param) == ("jizhi", 1)
    assert (S["zhengtai"].base, S["zhengtai"].param) == ("lijian", C.GENDER_FEMALE)
    assert (S["sidashu"].base, S["sidashu"].param) == ("hujia", C.KD_WEI)
    assert S["dami"].param == C.KD_WU and S["dami"].kind == "lord"
    assert all(110 <= S[k].id <= 139 for k in ("aoshi", "dami", "rouqing", "fangzhu", "ganlu"))


def test_pack_classmates_is_a_config_pack_with_the_standard_deck():
    from heroes_env.config import PACKS
    assert "classmates" in PACKS
    cfg = Config(num_players=5, pack="classmates", hero_selection="random")
    assert cfg.deck == "standard"
    g = Game.new(cfg, seed=3)
    assert {g.hero(i).key for i in range(5)} <= set(CLASSMATES)


def test_classmates_lord_offer_has_its_lord_candidates_first():
    """DECISIONS §3: the lord's five are the pack's lord candidates, then random ones."""
    for seed in range(6):
        g = Game.new(Config(num_players=5, pack="classmates"), seed=seed)
        offer = [int(h) for h in g.s[C.OFFER_BASE:C.OFFER_BASE + C.MAX_OFFER] if h >= 0]
        assert len(offer) == 5 and content.HEROES_BY_KEY["liaochenyu"].id in offer


def test_too_small_a_pack_for_the_draft_is_a_clear_error(monkeypatch):
    """The draft needs 1 + 3 (n-1) heroes (1 + 2*9 with ten players): an error, not a broken game.
    Every pack is big enough for ten players; a pack cut to 12 heroes is not for five."""
    for pack in ("standard", "herokill", "classmates"):
        Config(num_players=10, pack=pack, hero_selection="random")
    few = content.pack_heroes("classmates")[:12]
    monkeypatch.setattr(content, "pack_heroes", lambda pack: few)
    with pytest.raises(ValueError, match="needs 13 heroes in pack 'classmates', which has 12"):
        Config(num_players=5, pack="classmates", hero_selection="random")


# ================================================================ never the lord (吕龙生)
def test_never_lord_hero_cannot_head_a_fixed_line_up():
    """吕龙生: "且不可做主公" (DECISIONS §4.3): lord_offer -1 in the data."""
    with pytest.raises(ValueError, match="lvlongsheng can never be the lord"):
        Config(num_players=4, pack="classmates",
               hero_selection=["lvlongsheng", "tukai", "shaoshuai", "fuyaqin"])
    Config(num_players=4, pack="classmates",
           hero_selection=["tukai", "lvlongsheng", "shaoshuai", "fuyaqin"])
    with pytest.raises(ScenarioError, match="can never be the lord"):
        table({"hero": "lvlongsheng"})


def test_never_lord_hero_is_never_offered_to_the_lord():
    """The lord's offer (draft and random selection) never holds 吕龙生; other seats may get him."""
    lv = content.HEROES_BY_KEY["lvlongsheng"].id
    seen, later = set(), False
    for seed in range(60):
        g = Game.new(Config(num_players=5, pack="classmates"), seed=seed)
        offer = [int(h) for h in g.s[C.OFFER_BASE:C.OFFER_BASE + C.MAX_OFFER]]
        assert lv not in offer and -1 not in offer
        seen |= set(offer)
        g2 = Game.new(Config(num_players=8, pack="classmates", hero_selection="random"), seed=seed)
        assert g2.hero(0).key != "lvlongsheng"
        later |= any(g2.hero(i).key == "lvlongsheng" for i in range(1, 8))
    assert len(seen) == len(CLASSMATES) - 1 and later


def test_lord_offer_column_is_checked_at_import(monkeypatch):
    original = content._rows
    rows = original("heroes.csv")
    bad = [dict(r, lord_offer="2") if r["key"] == "tukai" else r for r in rows]
    monkeypatch.setattr(content, "_rows",
                        lambda name: bad if name == "heroes.csv" else original(name))
    with pytest.raises(ImportError, match="lord_offer must be 1"):
        content._load_heroes()


# ========================================================== 高映海 傲世 (观星 with X = living, ≤ 5)
TOP7 = ["slash ♠7", "jink ♦2", "peach ♥3", "duel ♠A", "ex_nihilo ♥7", "chitu", "dismantlement ♠3"]


def test_aoshi_looks_at_as_many_cards_as_living_players(invariants):
    """傲世: X = living characters (4 here); one dead seat makes it 3."""
    g = table({"hero": "gaoyinghai"}, [], [], [], phase="start", deck_top=list(TOP7))
    asked(g, 0, C.DK_CONFIRM, SK.SK_GUANXING)
    g.play("confirm")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_GUANXING)
    assert names(g, g.zone_cards(C.Z_LOOK)) == sorted(["Slash ♠7", "Jink ♦2", "Peach ♥3",
                                                       "Duel ♠A"])
    assert skill_events(g, SK.SK_AOSHI) == [(0, SK.SK_AOSHI, -1)]
    invariants(g)
    g2 = table({"hero": "gaoyinghai"}, [], {"alive": False, "hp": 0, "role": "loyalist"}, [],
               phase="start", deck_top=list(TOP7))
    g2.play("confirm")
    assert len(g2.zone_cards(C.Z_LOOK)) == 3


def test_aoshi_at_most_five(invariants):
    """傲世: with 7 living characters he still looks at 5 only; he may put them back in any
    order."""
    seats = [{"hero": "gaoyinghai", "role": "lord"}] + [{"role": r} for r in
             ("rebel", "rebel", "rebel", "loyalist", "loyalist", "renegade")]
    from heroes_env.scenario import build
    g = build(seats, phase="start", deck_top=list(TOP7))
    g.play("confirm")
    looked = g.zone_cards(C.Z_LOOK)
    assert len(looked) == 5
    invariants(g)
    g.play("Ex Nihilo ♥7")                # to the bottom
    g.play("confirm")                     # the rest on top, in this order:
    for lab in ("Duel ♠A", "Peach ♥3", "Slash ♠7"):
        g.play(lab)                       # (the last one, 闪 ♦2, goes by itself)
    # the draw phase draws the first two chosen
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == ["Duel ♠A", "Peach ♥3"]
    assert [g.card_name(c) for c in g.draw_pile()[:3]] == ["Slash ♠7", "Jink ♦2", "Chitu ♥5"]
    assert g.card_name(g.draw_pile()[-1]) == "Ex Nihilo ♥7"
    invariants(g)


# ================================================================ 高映海 你不懂 (空城)
def test_nibudong_empty_hand_no_slash_or_duel_target():
    """你不懂: with no hand cards he cannot be chosen for 杀 or 决斗; with one he can."""
    g = table({"hand": ["slash ♠7", "duel", ANCHOR]}, {"hero": "gaoyinghai"}, [], [],
              autoplay=False)
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_3"]
    g2 = table({"hand": ["slash ♠7", "duel"]}, {"hero": "gaoyinghai", "hand": ["jink ♦2"]},
               autoplay=False)
    g2.play("Duel ♠A")
    assert "target player_1" in g2.legal_labels()


# ============================================================== 钟雨岑 朦胧 (八卦阵 without armour)
def test_menglong_counts_as_eight_diagram_red_dodges(invariants):
    """朦胧: with no armour, when asked for 闪 she may judge as with 八卦阵; red: a 闪."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "zhongyucen", "hand": ["jink ♦2"]},
              deck_top=["peach ♥3"], autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2", "skill Haze"]
    g.play("skill Haze")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [] and hand_names(g, 1) == ["Jink ♦2"]
    assert skill_events(g, SK.SK_MENGLONG) == [(1, SK.SK_MENGLONG, -1)]
    assert [e[2] for e in events(g, C.EV_JUDGE)] == [32]          # 桃 ♥3 judged
    invariants(g)


def test_menglong_black_judgement_then_hand_jink_still_allowed():
    """朦胧: black: she may still use a 闪 from her hand (not judge again)."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "zhongyucen", "hand": ["jink ♦2"]},
              deck_top=["slash ♠8"], autoplay=False)
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("skill Haze")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g.play("pass")
    assert damage(g) == [(0, 1, 1)]


def test_menglong_not_with_armour_or_against_qinggang():
    """朦胧: not while she wears armour (her real armour answers), nor when 青釭剑 ignores
    armour."""
    g = table({"hand": ["slash ♥10", ANCHOR]},
              {"hero": "zhongyucen", "hand": ["jink ♦2"], "equip": ["nioh_shield"]}, autoplay=False)
    g.play("Slash ♥10")
    g.play("target player_1")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Jink ♦2"]
    g2 = table({"hand": ["slash ♠7", ANCHOR], "equip": ["qinggang_sword"]},
               {"hero": "zhongyucen", "hand": ["jink ♦2"]}, autoplay=False)
    g2.play("Slash ♠7")
    g2.play("target player_1")
    assert g2.legal_labels() == ["pass", "Jink ♦2"]


def test_menglong_answers_archery_with_an_empty_hand():
    """朦胧 also answers a 闪 to be played (万箭齐发), even with no card in hand."""
    g = table({"hand": ["archery_attack", ANCHOR]}, {"hero": "zhongyucen"},
              deck_top=["jink ♥2"], autoplay=False)
    g.play("Archery Attack ♥A")
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Haze"]
    g.play("skill Haze")
    assert (1, 1, 1) not in damage(g) and g.hp(1) == 3


# ========================================================= 钟雨岑 雕琢 (black hand card → 无懈可击)
def test_diaozhuo_black_hand_card_as_nullification(invariants):
    """雕琢: any black hand card may be used as 无懈可击; the trick is cancelled for its target."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]},
              {"hero": "zhongyucen", "hand": ["slash ♣2", "peach ♥3"]}, autoplay=False)
    g.play("Dismantlement ♠3")
    g.play("target player_1")
    expect(g, 1, C.DK_NULLIFY)
    assert g.legal_labels() == ["pass", "Slash ♣2"]          # red 桃 not offered
    g.play("Slash ♣2")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 1) == ["Peach ♥3"]
    assert discard_names(g) == ["Dismantlement ♠3", "Slash ♣2"]
    assert event_args(g, C.EV_NULLIFIED) == [(1, 5, 0)]
    assert skill_events(g, SK.SK_DIAOZHUO) == [(1, SK.SK_DIAOZHUO, -1)]
    invariants(g)


def test_diaozhuo_offered_to_her_for_anyone_and_only_with_black_hand_cards():
    """雕琢: she may nullify a trick on someone else too; red cards or equipment do not count."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]}, ["jink ♦2"],
              {"hero": "zhongyucen", "hand": ["slash ♣2"]}, autoplay=False)
    g.play("Dismantlement ♠3")
    g.play("target player_1")
    expect(g, 2, C.DK_NULLIFY)
    g2 = table({"hand": ["dismantlement ♠3", ANCHOR]}, ["jink ♦2"],
               {"hero": "zhongyucen", "hand": ["peach ♥3"], "equip": ["eight_diagram ♠2"]},
               autoplay=False)
    g2.play("Dismantlement ♠3")
    g2.play("target player_1")
    expect(g2, 0, C.DK_PICK)          # nobody could nullify: straight to the pick


# ================================================================ 邰泽启 红颜劫 (不屈)
def buqu_table(hp=1, pile_top=("jink ♦2",), **kw):
    return table({"hand": ["slash ♠7", "slash ♠8", ANCHOR], "equip": ["crossbow ♣A"]},
                 {"hero": "taizeqi", "hp": hp}, deck_top=list(pile_top), autoplay=False, **kw)


def hit(g, card="Slash ♠7", target="target player_1"):
    g.play(card)
    g.play(target)


def test_hongyanjie_at_zero_hp_a_card_on_the_hero_keeps_him_alive(invariants):
    """红颜劫: HP 1 → 0: the top card is turned face up onto his hero; a new rank: he lives at 0
    HP, nobody is asked for 桃. The pile is public (OBS_PUBLIC) and cards stay conserved."""
    g = buqu_table(pile_top=["jink ♦2"])
    hit(g)
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 0 and g.s[C.P_ALIVE + 1] == 1
    assert names(g, g.hero_pile(1)) == ["Jink ♦2"]
    assert event_args(g, C.EV_DYING) == [(1, 0, 0)]
    assert (1, 83, 0) in event_args(g, C.EV_REVEAL)
    assert skill_events(g, SK.SK_HONGYANJIE) == [(1, SK.SK_HONGYANJIE, -1)]
    for viewer in range(4):
        assert g.observe(viewer)[C.OBS_PUBLIC + 83] == 1
    invariants(g)
    assert invariants_ok(g)


def invariants_ok(g):
    return invariants.violation(g.s) == 0


def test_hongyanjie_each_point_below_zero_adds_a_card_same_rank_means_dying(invariants):
    """红颜劫: at 0 HP, 1 more damage: a second card; same rank as one on the hero: he is dying;
    nobody saves him: he dies and the cards on his hero go to the discard pile."""
    g = buqu_table(pile_top=["jink ♦2", "jink ♥2"])
    hit(g)
    hit(g, "Slash ♠8")
    assert names(g, g.hero_pile(1)) == []
    assert g.s[C.P_ALIVE + 1] == 0
    assert "Jink ♦2" in discard_names(g) and "Jink ♥2" in discard_names(g)
    invariants(g)


def test_hongyanjie_two_points_below_one_two_cards_of_different_ranks(invariants):
    """红颜劫: -1 HP = two cards on the hero; both ranks differ: he lives, no 桃 asked of anyone."""
    g = table({"hand": ["slash ♠7", "slash ♠8", ANCHOR], "equip": ["crossbow ♣A"]},
              {"hero": "taizeqi", "hp": 1}, ["peach ♥3"],
              deck_top=["jink ♦2", "slash ♥J"], autoplay=False)
    hit(g)                                   # 0 HP: ♦2
    hit(g, "Slash ♠8")                       # -1 HP: ♥J (a new rank)
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == -1 and names(g, g.hero_pile(1)) == ["Jink ♦2", "Slash ♥J"]
    assert hand_names(g, 2) == ["Peach ♥3"]
    invariants(g)
    assert invariants_ok(g)


def test_hongyanjie_peach_while_dying(invariants):
    """红颜劫: dying (a rank repeats): a 桃 takes the repeated card off and he lives; the 桃 asks
    stop."""
    g = buqu_table(hp=1, pile_top=["jink ♦2", "jink ♥2"])
    g.s[C.P_HP + 1] = 1
    hit(g)
    # give seat 2 a 桃 now (rigged) and deal the second blow
    from heroes_env.engine.state import move_card
    peach = 32
    move_card(g.s, peach, C.Z_HAND + 2)
    g.invalidate()
    hit(g, "Slash ♠8")
    expect(g, 2, C.DK_PEACH)
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)
    assert g.hp(1) == 0 and g.s[C.P_ALIVE + 1] == 1
    assert names(g, g.hero_pile(1)) == ["Jink ♦2"]
    assert "Jink ♥2" in discard_names(g)
    invariants(g)
    assert invariants_ok(g)


def test_hongyanjie_recovering_to_one_hp_takes_the_last_card_off(invariants):
    """红颜劫: each HP recovered takes a card off; at 1 HP none is left (his own 桃 in his turn)."""
    g = table({"hero": "taizeqi", "hp": 1, "hand": ["peach ♥3", "peach ♥4", ANCHOR]},
              {"hand": ["duel ♣A"]}, [], [], deck_top=["jink ♦2", "slash ♥J"], autoplay=False)
    # he is hit twice by rigging: lose 2 HP through two duels is long; set the state directly
    from heroes_env.engine.state import move_card, top_card
    for _ in range(2):
        c = top_card(g.s)
        move_card(g.s, c, C.Z_PILE + 0)
    g.s[C.P_HP + 0] = -1
    g.invalidate()
    assert invariants_ok(g)
    g.play("Peach ♥3")
    assert g.hp(0) == 0 and names(g, g.hero_pile(0)) == ["Jink ♦2"]      # the latest went
    g.play("Peach ♥4")
    assert g.hp(0) == 1 and g.hero_pile(0) == []
    assert discard_names(g) == sorted(["Jink ♦2", "Slash ♥J", "Peach ♥3", "Peach ♥4"])
    invariants(g)


# ================================================================ 邰泽启 你懂的
def test_nidongde_club_hand_cards_have_no_effect_with_ice_sword(invariants):
    """你懂的: wearing 寒冰剑, a ♣ 杀 from a hand has no effect on him (no 闪 asked, no damage);
    a ♠ 杀 does."""
    g = table({"hand": ["slash ♣2", "slash ♠7", ANCHOR], "equip": ["crossbow ♣A"]},
              {"hero": "taizeqi", "equip": ["ice_sword"]}, autoplay=False)
    hit(g, "Slash ♣2")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [] and g.hp(1) == 4
    assert skill_events(g, SK.SK_NIDONGDE) == [(1, SK.SK_NIDONGDE, 0)]
    hit(g, "Slash ♠7")
    assert damage(g) == [(0, 1, 1)]
    invariants(g)


def test_nidongde_needs_the_ice_sword_and_covers_tricks():
    """你懂的: without 寒冰剑 a ♣ 杀 hits; with it a ♣ 南蛮入侵 skips him, not the others."""
    g = table({"hand": ["slash ♣2", ANCHOR]}, {"hero": "taizeqi", "equip": ["double_swords"]},
              autoplay=False)
    hit(g, "Slash ♣2")
    assert damage(g) == [(0, 1, 1)]
    g2 = table({"hand": ["savage_assault ♣7", ANCHOR]}, {"hero": "taizeqi", "equip": ["ice_sword"]},
               autoplay=False)
    g2.play("Savage Assault ♣7")
    expect(g2, 0, C.DK_PLAY)
    assert sorted(d[1] for d in damage(g2)) == [2, 3]


def test_nidongde_club_indulgence_does_not_resolve_on_him():
    """你懂的: a ♣ 乐不思蜀 in his judgement zone has no effect while he wears 寒冰剑: discarded
    without a judgement, his play phase is not skipped."""
    g = table({"hero": "taizeqi", "equip": ["ice_sword"], "judge": ["indulgence ♣6"]},
              [STOP], phase="judge", deck_top=["slash ♠7", "jink ♦2", "jink ♦3"], autoplay=False)
    expect(g, 0, C.DK_PLAY)
    assert events(g, C.EV_JUDGE) == [] and "Indulgence ♣6" in discard_names(g)


# ================================================================ 赵嘉琪 凤舞九天
def test_fengwu_damage_within_distance_one_heals_her(invariants):
    """凤舞九天: she deals 1 damage to a character at distance 1: she recovers 1."""
    g = table({"hero": "zhaojiaqi", "hp": 2, "hand": ["slash ♠7", ANCHOR]}, autoplay=False)
    hit(g)
    assert damage(g) == [(0, 1, 1)] and g.hp(0) == 3
    assert skill_events(g, SK.SK_FENGWU) == [(0, SK.SK_FENGWU, 1)]
    invariants(g)


def test_fengwu_not_beyond_distance_one_nor_at_full_hp():
    """凤舞九天: a target at distance 2 (her weapon reaches) gives nothing; at full HP nothing to
    recover."""
    g = table({"hero": "zhaojiaqi", "hp": 2, "hand": ["slash ♠7", ANCHOR],
               "equip": ["qinggang_sword"]},
              autoplay=False)
    hit(g, target="target player_2")
    assert damage(g) == [(0, 2, 1)] and g.hp(0) == 2
    g2 = table({"hero": "zhaojiaqi", "hand": ["slash ♠7", ANCHOR]}, autoplay=False)
    hit(g2)
    assert g2.hp(0) == 4 and event_args(g2, C.EV_HEAL) == []
    assert skill_events(g2, SK.SK_FENGWU) == []


def test_fengwu_two_damage_in_a_duel_heals_per_point():
    """凤舞九天: the damage of a 决斗 she wins counts too (any damage she deals), 1 HP per point."""
    g = table({"hero": "zhaojiaqi", "hp": 1, "hand": ["duel", ANCHOR]}, autoplay=False)
    g.play("Duel ♠A")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)] and g.hp(0) == 2


# ================================================================ 孙婷婷 天籁 (国色) / 迷离 (流离)
def test_tianlai_diamond_card_as_indulgence(invariants):
    """天籁: in her play phase any ♦ card (hand or equipment) is used as 乐不思蜀."""
    g = table({"hero": "suntingting", "hand": ["jink ♦2", "slash ♠7", ANCHOR], "equip": ["zixing"]},
              autoplay=False)
    g.play("skill Heavenly Sound")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_GUOSE)
    assert g.legal_labels() == ["Jink ♦2", "Zixing ♦K"]
    g.play("Jink ♦2")
    g.play("target player_2")
    assert g.judgement_zone(2) == [83] and g.s[C.C_AS + 83] == C.K_INDULGENCE
    assert skill_events(g, SK.SK_TIANLAI) == [(0, SK.SK_TIANLAI, -1)]
    invariants(g)


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


# =============================================================== 王晓平 花美男 (谦逊) / 底蕴 (连营)
def test_huameinan_no_snatch_or_indulgence_target():
    """花美男: he cannot be chosen for 顺手牵羊 or 乐不思蜀 (but for 过河拆桥)."""
    g = table({"hand": ["snatch ♠3", "indulgence ♠6", "dismantlement ♠4", ANCHOR]},
              {"hero": "wangxiaoping", "hand": ["jink ♦2"]}, [], ["peach ♥3"], autoplay=False)
    g.play("Snatch ♠3")
    assert g.legal_labels() == ["target player_3"]
    g2 = table({"hand": ["indulgence ♠6", ANCHOR]}, {"hero": "wangxiaoping"}, autoplay=False)
    g2.play("Indulgence ♠6")
    assert "target player_1" not in g2.legal_labels()
    g3 = table({"hand": ["dismantlement ♠4", ANCHOR]},
               {"hero": "wangxiaoping", "hand": ["jink ♦2"]},
               autoplay=False)
    g3.play("Dismantlement ♠4")
    assert g3.legal_labels() == ["target player_1"]


def test_diyun_last_hand_card_lost_draws_one(invariants):
    """底蕴: when his last hand card leaves his hand he may draw 1."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "wangxiaoping", "hand": ["jink ♦2"]},
              deck_top=["peach ♥3"], autoplay=False)
    hit(g)
    g.play("Jink ♦2")
    asked(g, 1, C.DK_CONFIRM, SK.SK_LIANYING)
    g.play("confirm")
    assert hand_names(g, 1) == ["Peach ♥3"] and damage(g) == []
    assert skill_events(g, SK.SK_DIYUN) == [(1, SK.SK_DIYUN, -1)]
    invariants(g)


# =========================================================== 廖晨昱 好吃为王 (奸雄) / 斯达舒 (护驾)
def test_haochi_takes_the_card_that_hurt_him(invariants):
    """好吃为王: he may take the card that dealt him damage."""
    g = table({"hero": "liaochenyu"}, ["slash ♠7", STOP], current=1, autoplay=False)
    hit(g, target="target player_0")
    asked(g, 0, C.DK_CONFIRM, SK.SK_JIANXIONG)
    g.play("confirm")
    assert hand_names(g, 0) == ["Slash ♠7"]
    assert skill_events(g, SK.SK_HAOCHI) == [(0, SK.SK_HAOCHI, -1)]
    invariants(g)


def test_sidashu_lord_calls_wei_helpers_for_a_jink(invariants):
    """斯达舒 (lord): asked for a 闪 he may call on the 魏 characters (杨晓怡 here) in turn."""
    g = table({"hero": "liaochenyu"}, ["slash ♠7", STOP],
              {"hero": "yangxiaoyi", "hand": ["jink ♦2"]},
              {"hero": "tukai", "hand": ["jink ♦3"]}, current=1)
    hit(g, target="target player_0")
    expect(g, 0, C.DK_JINK)
    assert g.legal_labels() == ["pass", "skill Stomach Relief"]
    g.play("skill Stomach Relief")
    expect(g, 2, C.DK_JINK)                  # 涂凯 (群) is never asked
    g.play("Jink ♦2")
    assert damage(g) == [] and g.hand(3) == [85]
    assert skill_events(g, SK.SK_SIDASHU) == [(0, SK.SK_SIDASHU, -1)]
    invariants(g)


def test_sidashu_only_for_the_lord():
    g = table({"hero": "yangxiaoyi"}, {"hero": "liaochenyu"}, {"hero": "wangyujie"})
    assert g.skills(1) == ["haochi"]


# ================================================================ 王玉洁 天妒 / Plume (遗计)
def test_wangyujie_tiandu_takes_her_judgement_card(invariants):
    """天妒: once a judgement of hers took effect she may take the card (here her 乐不思蜀's)."""
    g = table({"hero": "wangyujie", "judge": ["indulgence ♠6"]}, [STOP], phase="judge",
              deck_top=["slash ♠7", "jink ♦2", "jink ♦3"], autoplay=False)
    asked(g, 0, C.DK_CONFIRM, SK.SK_TIANDU)
    g.play("confirm")
    assert "Slash ♠7" in hand_names(g, 0)
    invariants(g)


def test_plume_per_point_draws_two_and_gives_each(invariants):
    """Plume (= 遗计): per point of damage, look at two cards and give each to anyone."""
    g = table(["slash ♠7", ANCHOR], {"hero": "wangyujie"}, deck_top=["peach ♥3", "jink ♦2"],
              autoplay=False)
    hit(g)
    asked(g, 1, C.DK_CONFIRM, SK.SK_YIJI)
    g.play("confirm")
    asked(g, 1, C.DK_SKILL_TARGET, SK.SK_YIJI)
    g.play("target player_3")
    g.play("target player_1")
    assert hand_names(g, 3) == ["Peach ♥3"] and hand_names(g, 1) == ["Jink ♦2"]
    assert skill_events(g, SK.SK_PLUME) == [(1, SK.SK_PLUME, -1)]
    invariants(g)


# ================================================================ 付亚琴 萝莉 (倾国) / 曼舞 (洛神)
def test_luoli_black_hand_card_as_jink(invariants):
    """萝莉: a black hand card is used (or played) as 闪."""
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": "fuyaqin", "hand": ["slash ♣2", "peach ♥3"]},
              autoplay=False)
    hit(g)
    expect(g, 1, C.DK_JINK)
    assert g.legal_labels() == ["pass", "Slash ♣2"]
    g.play("Slash ♣2")
    assert damage(g) == [] and hand_names(g, 1) == ["Peach ♥3"]
    invariants(g)


def test_manwu_cm_judges_keeps_blacks_until_red(invariants):
    """曼舞 (= 洛神): at her start, judge; a black card goes to her hand and she may go on."""
    g = table({"hero": "fuyaqin"}, phase="start",
              deck_top=["slash ♠7", "peach ♥3", "jink ♦2", ANCHOR])
    asked(g, 0, C.DK_CONFIRM, SK.SK_LUOSHEN)
    g.play("confirm")
    asked(g, 0, C.DK_CONFIRM, SK.SK_LUOSHEN)
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 0) == sorted(["Slash ♠7", "Jink ♦2", ANCHOR_LABEL])
    assert discard_names(g) == ["Peach ♥3"]
    assert skill_events(g, SK.SK_MANWU_CM) == [(0, SK.SK_MANWU_CM, -1)] * 2
    invariants(g)


# ==================================================== 涂凯 正太 (离间, two women) / 神之左手 (闭月)
def test_zhengtai_two_women_duel(invariants):
    """正太: discard a card, choose two female characters; the first uses a 决斗 on the second,
    and it cannot be nullified. Men are not offered."""
    g = table({"hero": "tukai", "hand": ["jink ♦2", ANCHOR]},
              {"hero": "fuyaqin", "hand": ["nullification ♠J"]},
              {"hero": "liaochenyu"}, {"hero": "zhaojiaqi"}, autoplay=False)
    g.play("skill Shota")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_LIJIAN)
    g.play("Jink ♦2")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_LIJIAN)
    assert g.legal_labels() == ["target player_1", "target player_3"]
    g.play("target player_3")
    assert g.legal_labels() == ["target player_1"]
    g.play("target player_1")
    # 付亚琴 has no 杀 (her 萝莉 makes 闪 only): she takes the damage; no 无懈可击 asked
    assert damage(g) == [(3, 1, 1)]
    assert hand_names(g, 1) == ["Nullification ♠J"]
    assert skill_events(g, SK.SK_ZHENGTAI) == [(0, SK.SK_ZHENGTAI, -1)]
    invariants(g)


def test_zhengtai_needs_two_women_and_lijian_still_men():
    g = table({"hero": "tukai", "hand": ["jink ♦2", ANCHOR]}, {"hero": "fuyaqin"},
              {"hero": "liaochenyu"}, {"hero": "shaoshuai"}, autoplay=False)
    assert "skill Shota" not in g.legal_labels()
    g2 = table({"hero": "diaochan", "hand": ["jink ♦2", ANCHOR]}, {"hero": "fuyaqin"},
               {"hero": "liaochenyu"}, {"hero": "shaoshuai"}, autoplay=False)
    g2.play("skill Seed of Animosity")
    g2.play("Jink ♦2")
    assert g2.legal_labels() == ["target player_2", "target player_3"]


def test_shenzhizuoshou_draws_one_at_the_end_of_his_turn(invariants):
    """神之左手 (= 闭月): after his discard phase he may draw 1."""
    g = table({"hero": "tukai"}, [STOP], phase="discard", deck_top=["peach ♥3"])
    asked(g, 0, C.DK_CONFIRM, SK.SK_BIYUE)
    g.play("confirm")
    assert hand_names(g, 0) == ["Peach ♥3"]
    assert skill_events(g, SK.SK_SHENZHIZUOSHOU) == [(0, SK.SK_SHENZHIZUOSHOU, -1)]
    invariants(g)


# ================================================================ 邵帅 卓茂 / 拂晓
def test_zhuomao_distance_by_hp():
    """卓茂: with more than 2 HP his distance to others is -1; with 2 or less, others' distance
    to him is +1 (never both)."""
    from heroes_env.engine.rules import seat_distance
    g = table({"hero": "shaoshuai"}, [], [], [], autoplay=False)          # 4 HP
    assert [seat_distance(g.s, 0, t) for t in (1, 2, 3)] == [1, 1, 1]
    assert [seat_distance(g.s, t, 0) for t in (1, 2, 3)] == [1, 2, 1]
    for hp in (2, 1):
        g = table({"hero": "shaoshuai", "hp": hp}, [], [], [], autoplay=False)
        assert [seat_distance(g.s, 0, t) for t in (1, 2, 3)] == [1, 2, 1]
        assert [seat_distance(g.s, t, 0) for t in (1, 2, 3)] == [2, 3, 2]
    g = table({"hero": "shaoshuai", "hp": 3}, [], [], [], autoplay=False)
    assert seat_distance(g.s, 0, 2) == 1 and seat_distance(g.s, 1, 0) == 1


def test_zhuomao_at_two_hp_out_of_slash_range():
    """卓茂: at 2 HP a neighbour without a weapon cannot 杀 him."""
    g = table({"hero": "shaoshuai", "hp": 2}, ["slash ♠7", ANCHOR], current=1, autoplay=False)
    g.play("Slash ♠7")
    assert g.legal_labels() == ["target player_2"]


def test_fuxiao_heart_hand_card_as_amazing_grace(invariants):
    """拂晓: in his play phase a ♥ hand card is used as 五谷丰登 (one revealed card per living
    character, each takes one in seat order)."""
    g = table({"hero": "shaoshuai", "hand": ["peach ♥3", "jink ♦2", ANCHOR]},
              deck_top=["slash ♠7", "jink ♦3", "duel", "chitu"], autoplay=False)
    g.play("skill Daybreak")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_FUXIAO)
    assert g.legal_labels() == ["Peach ♥3", ANCHOR_LABEL]        # ♥ hand cards only
    g.play("Peach ♥3")
    for seat, lab in ((0, "Duel ♠A"), (1, "Slash ♠7"), (2, "Jink ♦3"), (3, "Chitu ♥5")):
        expect(g, seat, C.DK_AG)
        g.play(lab)
    expect(g, 0, C.DK_PLAY)
    assert hand_names(g, 3) == ["Chitu ♥5"]
    assert event_args(g, C.EV_USE)[0] == (0, 32, -1)
    assert skill_events(g, SK.SK_FUXIAO) == [(0, SK.SK_FUXIAO, -1)]
    invariants(g)


# ================================================================ 李小亮 极致 / 红妆 (奇才)
def test_jizhi_cm_draws_on_a_non_delayed_trick_before_it_resolves(invariants):
    """极致: using a non-delayed trick he draws 1 at once, before it resolves."""
    g = table({"hero": "lixiaoliang", "hand": ["ex_nihilo ♥7", ANCHOR]},
              deck_top=["peach ♥3", "jink ♦2", "jink ♦3"], autoplay=False)
    g.play("Ex Nihilo ♥7")
    draws = [g.card_name(e[2]) for e in events(g, C.EV_DRAW)]
    assert draws == ["Peach ♥3", "Jink ♦2", "Jink ♦3"]
    invariants(g)


def test_jizhi_cm_not_for_delayed_tricks_nor_basic_cards():
    """极致: 乐不思蜀 / 闪电 (delayed) and basic cards draw nothing (集智 would for the delayed)."""
    g = table({"hero": "lixiaoliang", "hand": ["indulgence ♠6", "lightning ♠A", ANCHOR]},
              deck_top=["peach ♥3"], autoplay=False)
    g.play("Indulgence ♠6")
    g.play("target player_1")
    g.play("Lightning ♠A")
    assert events(g, C.EV_DRAW) == []
    g2 = table({"hero": "huangyueying", "hand": ["lightning ♠A", ANCHOR]}, deck_top=["peach ♥3"],
               autoplay=False)
    g2.play("Lightning ♠A")
    assert len(events(g2, C.EV_DRAW)) == 1


def test_jizhi_cm_draws_for_a_nullification():
    """极致: 无懈可击 is a non-delayed trick: he draws for it."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]},
              {"hero": "lixiaoliang", "hand": ["nullification ♠J", "jink ♦2"]},
              deck_top=["peach ♥3"], autoplay=False)
    g.play("Dismantlement ♠3")
    g.play("target player_1")
    g.play("Nullification ♠J")
    assert hand_names(g, 1) == ["Jink ♦2", "Peach ♥3"]


def test_hongzhuang_cm_snatch_at_any_distance():
    """红妆 (= 奇才): his tricks have no distance limit (顺手牵羊 on seat 2, at distance 2)."""
    g = table({"hero": "lixiaoliang", "hand": ["snatch ♠3", ANCHOR]}, [], ["jink ♦2"], [],
              autoplay=False)
    g.play("Snatch ♠3")
    assert g.legal_labels() == ["target player_2"]


# ================================================================ 杨晓怡 Angle (结姻) / 玲珑 (枭姬)
def test_angle_two_hand_cards_heal_her_and_a_wounded_man(invariants):
    """Angle: discard two hand cards, choose a wounded male: both recover 1 (she need not be
    hurt)."""
    g = table({"hero": "yangxiaoyi", "hp": 2, "hand": ["jink ♦2", "jink ♦3", ANCHOR]},
              {"hero": "tukai", "hp": 1}, {"hero": "fuyaqin", "hp": 1}, autoplay=False)
    g.play("skill Angel")
    asked(g, 0, C.DK_SKILL_TARGET, SK.SK_JIEYIN)
    assert g.legal_labels() == ["target player_1"]                  # the wounded woman is not
    g.play("target player_1")
    g.play("Jink ♦2")
    g.play("Jink ♦3")
    assert (g.hp(0), g.hp(1)) == (3, 2)
    assert skill_events(g, SK.SK_ANGLE) == [(0, SK.SK_ANGLE, 1)]
    invariants(g)


def test_linglong_losing_equipment_draws_two(invariants):
    """玲珑: an equipped card of hers leaves: she may draw 2."""
    g = table({"hand": ["dismantlement ♠3", ANCHOR]}, {"hero": "yangxiaoyi", "equip": ["chitu"]},
              deck_top=["peach ♥3", "jink ♦2"], autoplay=False)
    g.play("Dismantlement ♠3")
    g.play("target player_1")
    g.play("Chitu ♥5")
    asked(g, 1, C.DK_CONFIRM, SK.SK_XIAOJI)
    g.play("confirm")
    assert hand_names(g, 1) == ["Jink ♦2", "Peach ♥3"]
    assert skill_events(g, SK.SK_LINGLONG) == [(1, SK.SK_LINGLONG, -1)]
    invariants(g)


# ================================================================ 柔情 (陈满意; stand-in seat)
def rouqing_table(*more, deck_top=("peach ♥3",), **kw):
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hand": ["jink ♦2"]}, *more,
              deck_top=list(deck_top), autoplay=False, **kw)
    stand_in(g, 0, SK.SK_ROUQING)
    return g


def test_rouqing_red_judgement_the_slash_cannot_be_dodged(invariants):
    """柔情: once his 杀 has its target he may judge; red: the target is not asked for a 闪."""
    g = rouqing_table()
    hit(g)
    asked(g, 0, C.DK_CONFIRM, SK.SK_ROUQING)
    assert g.legal_labels() == ["pass", "confirm"]
    g.play("confirm")
    expect(g, 0, C.DK_PLAY)
    assert damage(g) == [(0, 1, 1)] and hand_names(g, 1) == ["Jink ♦2"]
    assert skill_events(g, SK.SK_ROUQING) == [(0, SK.SK_ROUQING, 1)]
    assert [e[2] for e in events(g, C.EV_JUDGE)] == [32]
    invariants(g)


def test_rouqing_black_judgement_or_declined_the_target_may_dodge():
    g = rouqing_table(deck_top=["slash ♠8"])
    hit(g)
    g.play("confirm")
    expect(g, 1, C.DK_JINK)
    g.play("Jink ♦2")
    assert damage(g) == []
    g2 = rouqing_table()
    hit(g2)
    g2.play("pass")
    expect(g2, 1, C.DK_JINK)
    assert events(g2, C.EV_JUDGE) == []


def test_rouqing_is_judged_per_target_of_a_halberd_slash():
    """柔情 with 方天画戟: each target is judged on its own; only the red ones cannot dodge."""
    g = table({"hand": ["slash ♠7"], "equip": ["halberd"]}, {"hand": ["jink ♦2"]}, [],
              {"hand": ["jink ♦3"]}, deck_top=["peach ♥3", "slash ♠8"], autoplay=False)
    stand_in(g, 0, SK.SK_ROUQING)
    g.play("Slash ♠7")
    g.play("target player_1")
    g.play("target player_3")
    g.play("confirm")
    asked(g, 0, C.DK_CONFIRM, SK.SK_ROUQING)
    g.play("confirm")                 # target 1: ♥3 red
    asked(g, 0, C.DK_CONFIRM, SK.SK_ROUQING)
    g.play("confirm")                 # target 3: ♠8 black
    expect(g, 3, C.DK_JINK)           # seat 1 was never asked
    g.play("Jink ♦3")
    assert damage(g) == [(0, 1, 1)]
    assert hand_names(g, 1) == ["Jink ♦2"]


def test_rouqing_comes_after_the_target_passed_it_on():
    """柔情 is judged for the final target: after 迷离/流离 moved the 杀."""
    g = rouqing_table({"hand": ["jink ♦3"]}, deck_top=["peach ♥3"])
    g.s[C.P_SK0 + 1] = SK.SK_MILI_CM
    g.invalidate()
    hit(g)
    asked(g, 1, C.DK_SKILL_CARD, SK.SK_LIULI)
    g.play("Jink ♦2")
    g.play("target player_2")
    asked(g, 0, C.DK_CONFIRM, SK.SK_ROUQING)
    assert int(g.s[C.H_DTGT]) == 2
    g.play("confirm")
    assert damage(g) == [(0, 2, 1)] and hand_names(g, 2) == ["Jink ♦3"]


# ================================================================ 放逐 (张云杰; stand-in seat)
def test_fangzhu_black_hand_card_as_collateral(invariants):
    """放逐: a black hand card is used as 借刀杀人; refused, the weapon goes to the user."""
    g = table({"hand": ["slash ♣2", "peach ♥3", ANCHOR]}, {"equip": ["crossbow ♣A"]}, [], [],
              autoplay=False)
    stand_in(g, 0, SK.SK_FANGZHU)
    assert "skill Exile" in g.legal_labels()
    g.play("skill Exile")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_FANGZHU)
    assert g.legal_labels() == ["Slash ♣2"]
    g.play("Slash ♣2")
    expect(g, 0, C.DK_TARGET)
    assert g.legal_labels() == ["target player_1"]
    g.play("target player_1")
    assert g.legal_labels() == ["target player_0", "target player_2"]
    g.play("target player_2")
    expect(g, 0, C.DK_PLAY)                  # seat 1 had no 杀 (asked nothing): weapon taken
    assert hand_names(g, 0) == sorted(["Crossbow ♣A", "Peach ♥3", ANCHOR_LABEL])
    assert event_args(g, C.EV_USE)[0] == (0, 58, 1)
    invariants(g)


def test_fangzhu_not_without_a_weapon_on_the_table():
    g = table({"hand": ["slash ♣2", ANCHOR]}, [], [], [], autoplay=False)
    stand_in(g, 0, SK.SK_FANGZHU)
    assert "skill Exile" not in g.legal_labels()


# ================================================================ 甘露 (崔晗; stand-in seat)
def test_ganlu_peach_as_god_salvation(invariants):
    """甘露: her 桃 may be used as 桃园结义: every wounded character recovers 1."""
    g = table({"hp": 3, "hand": ["peach ♥3", ANCHOR]}, {"hp": 2}, [], {"hp": 1}, autoplay=False)
    stand_in(g, 0, SK.SK_GANLU)
    g.play("skill Sweet Dew")
    asked(g, 0, C.DK_SKILL_CARD, SK.SK_GANLU)
    assert g.legal_labels() == ["Peach ♥3"]
    g.play("Peach ♥3")
    expect(g, 0, C.DK_PLAY)
    assert [g.hp(i) for i in range(4)] == [4, 3, 4, 2]
    assert discard_names(g) == ["Peach ♥3"]
    invariants(g)


def test_ganlu_peach_still_a_peach():
    g = table({"hp": 3, "hand": ["peach ♥3", ANCHOR]}, autoplay=False)
    stand_in(g, 0, SK.SK_GANLU)
    g.play("Peach ♥3")
    assert g.hp(0) == 4 and events(g, C.EV_SKILL) == []


# =============================================================== 大米 (米强's lord skill; stand-in)
def dami_table(hero1):
    g = table({"hand": ["slash ♠7", ANCHOR]}, {"hero": hero1, "hp": 1, "hand": ["peach ♥3"]},
              {"hand": ["peach ♥4"]}, autoplay=False)
    stand_in(g, 0, SK.SK_DAMI)
    return g


def test_dami_wu_character_dying_uses_a_peach_recovers_two(invariants):
    """大米 (lord, locked): another 吴 character who, dying, uses a 桃 recovers 1 extra."""
    g = dami_table("zhaojiaqi")
    hit(g)
    expect(g, 1, C.DK_PEACH)
    g.play("Peach ♥3")
    assert g.hp(1) == 2
    assert event_args(g, C.EV_HEAL) == [(1, 2, 1)]
    invariants(g)


def test_dami_not_for_other_kingdoms_or_someone_elses_peach():
    g = dami_table("tukai")                  # 群
    hit(g)
    g.play("Peach ♥3")
    assert g.hp(1) == 1
    g2 = dami_table("zhaojiaqi")
    hit(g2)
    g2.play("pass")                          # she does not use hers: seat 2's 桃 heals 1
    expect(g2, 2, C.DK_PEACH)
    g2.play("Peach ♥4")
    assert g2.hp(1) == 1


# ================================================================ random play with the pack
def _checked(cfg, games, base):
    seeds = (np.arange(games, dtype=np.int64) * 7919 + base).astype(np.int32)
    out = np.zeros((games, 4), np.int64)
    invariants.play_checked(seeds, cfg.spec(), base, out)
    bad = np.flatnonzero(out[:, 3])
    assert bad.size == 0, [f"seed {seeds[i]}: {invariants.VIOLATIONS.get(int(out[i, 3]))} at "
                           f"decision {out[i, 2]}" for i in bad[:5]]
    return out


@pytest.mark.parametrize("n, selection, games", [(5, "random", 200), (4, "random", 150),
                                                 (5, "draft", 60), (4, "draft", 60)])
def test_compiled_invariants_with_classmates(n, selection, games):
    """Random legal play, every step checked in compiled code (card conservation with the 不屈
    pile, exact masks, HP bounds ...), with the classmates heroes."""
    out = _checked(Config(num_players=n, pack="classmates", hero_selection=selection), games,
                   900 + n)
    results = np.bincount(out[:, 0], minlength=6)
    assert results[C.RES_LORD] + results[C.RES_REBEL] + results[C.RES_RENEGADE] > 0


@pytest.mark.parametrize("n, seed", [(5, 1), (4, 2)])
def test_full_checks_with_classmates(n, seed):
    from test_random_play import play_fully_checked
    cfg = Config(num_players=n, pack="classmates", hero_selection="random")
    assert play_fully_checked(cfg, 7300 + seed, all_illegal_every=12) > 10


def test_hidden_information_with_classmates():
    from test_hidden_info import play_checking_hidden_info
    assert play_checking_hidden_info(Config(num_players=5, pack="classmates"), 11, 2) > 0


def test_random_classmates_games_use_the_new_mechanics():
    """Random play reaches 不屈 piles, 朦胧's judgement and 雕琢 (the mechanics are exercised)."""
    rng = np.random.default_rng(0)
    seen = set()
    for seed in range(60):
        g = Game.new(Config(num_players=5, pack="classmates", hero_selection=[
            "taizeqi", "zhongyucen", "zhaojiaqi", "shaoshuai", "lixiaoliang"]), seed=seed, log=True)
        while not g.done:
            if any(g.hero_pile(i) for i in range(5)):
                seen.add("pile")
            g.step(int(rng.choice(g.legal_actions())))
        for e in events(g, C.EV_SKILL):
            seen.add(int(e[2]))
    want = {"pile", SK.SK_MENGLONG, SK.SK_DIAOZHUO, SK.SK_FENGWU, SK.SK_FUXIAO, SK.SK_NIDONGDE}
    assert want <= seen, want - seen


def test_hongyanjie_three_points_at_once_and_the_peach_removes_the_repeated_rank(invariants):
    """红颜劫: 闪电 (3 damage) at 1 HP: three cards at once; ♦2 ♥2 ♥J repeat the rank 2: dying.
    A 桃 takes off the repeated ♥2 (not the latest card): ♦2 ♥J differ, he lives at -1 HP."""
    g = table({"hero": "taizeqi", "hp": 1, "judge": ["lightning ♠A"]}, ["peach ♥3"], [STOP],
              phase="judge", deck_top=["slash ♠8", "jink ♦2", "jink ♥2", "slash ♥J"],
              autoplay=False)
    expect(g, 1, C.DK_PEACH)
    assert names(g, g.hero_pile(0)) == ["Jink ♥2", "Jink ♦2", "Slash ♥J"]
    assert invariants_ok(g)
    g.play("Peach ♥3")
    assert g.hp(0) == -1 and g.s[C.P_ALIVE + 0] == 1
    assert [g.card_name(c) for c in g.hero_pile(0)] == ["Jink ♦2", "Slash ♥J"]
    assert "Jink ♥2" in discard_names(g)
    invariants(g)
    assert invariants_ok(g)
