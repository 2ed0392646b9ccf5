"""The 英雄杀 pack as a whole (the 英雄杀 rules; DECISIONS §2, §3, §4.2): its 33 heroes as data, the
faction lord skills, its deck by default, the draft from five random heroes, and random play with
every step checked at 5 and 8 players. Each hero's skills have scenario tests in
``tests/test_skills_herokill_*.py``."""
import numpy as np
import pytest
from test_heroes import _checked, offers, play_checking_hidden_info, play_fully_checked

import heroes_env
from heroes_env import Config
from heroes_env.engine import constants as C
from heroes_env.engine import content
from heroes_env.game import Game
from heroes_env.scenario import build

# hero: (HP, gender, faction) of herokill_heroes_sources.csv (DECISIONS §4.2)
HEROES = {
    "yingzheng": (4, "M", "jun"), "chengjisihan": (4, "M", "jun"), "liubang": (4, "M", "jun"),
    "zhaokuangyin": (4, "M", "jun"), "goujian": (3, "M", "jun"), "xiangyu": (4, "M", "jun"),
    "lishimin": (4, "M", "jun"), "wuzetian": (4, "F", "jun"), "murong": (4, "F", "jun"),
    "caocao_hk": (4, "M", "jun"), "chensheng": (4, "M", "jun"),
    "shangyang": (3, "M", "chen"), "yuji": (3, "F", "chen"), "liubowen": (3, "M", "chen"),
    "yuefei": (4, "M", "chen"), "hanxin": (3, "M", "chen"), "baosi": (3, "F", "chen"),
    "huamulan": (3, "F", "chen"), "guanyu_hk": (4, "M", "chen"), "yangyanzhao": (4, "M", "chen"),
    "tantaiming": (4, "M", "chen"), "qinqiong": (4, "M", "chen"), "zhaofeiyan": (3, "F", "chen"),
    "wusong": (4, "M", "min"), "songjiang": (4, "M", "min"), "xishi": (3, "F", "min"),
    "bianque": (3, "M", "min"), "chenyuanyuan": (3, "F", "min"), "lishishi": (3, "F", "min"),
    "renhuanzhi": (4, "M", "min"), "shiqian": (3, "M", "min"), "luzhishen": (4, "M", "min"),
    "likui": (4, "M", "min"),
}
LORD_SKILL = {"jun": "jijiang_hk", "chen": "huzhu", "min": "jiuyuan_hk"}
GENDER = {"M": C.GENDER_MALE, "F": C.GENDER_FEMALE}


def test_pack_is_the_rule_text():
    """33 heroes (君 11, 臣 12, 民 10), HP/gender/faction as in the sources table, and every hero
    carries its faction's lord skill (激将 / 护主 / 救援), given only to a lord."""
    heroes = {h.key: h for h in content.pack_heroes("herokill")}
    assert set(heroes) == set(HEROES)
    for key, (hp, gender, faction) in HEROES.items():
        h = heroes[key]
        assert (h.hp, h.gender, h.kingdom) == (hp, GENDER[gender], content.KINGDOMS[faction]), key
        keys = [content.SKILLS_BY_ID[s].key for s in h.skills]
        assert keys[-1] == LORD_SKILL[faction], key
        assert sum(content.SKILLS_BY_ID[s].kind == "lord" for s in h.skills) == 1, key
        assert not h.lord_offer, key
    assert sorted({h.id for h in heroes.values()}) == list(range(25, 58))
    assert (content.SKILLS["jijiang_hk"].name_zh, content.SKILLS["huzhu"].name_zh,
            content.SKILLS["jiuyuan_hk"].name_zh) == ("激将", "护主", "救援")


def test_pack_uses_its_own_deck_unless_told():
    assert Config(pack="herokill").deck == "herokill"
    assert Config(pack="herokill", deck="standard").deck == "standard"
    assert Config(pack="standard").deck == "standard"
    g = Game.new(Config(pack="herokill", hero_selection="random"), seed=0)
    assert int(g.s[C.H_NCARDS]) == 106


def test_lord_skill_only_for_the_lord_and_luzhishen_gets_no_bonus():
    """A 君 lord has 激将 from 臣 helpers; the same hero elsewhere has none. 鲁智深 狂禅: no +1 HP
    as the lord of a 5-player game, while another lord gets it."""
    g = build([{"hero": "yingzheng", "role": "lord"}, {"hero": "chensheng", "role": "rebel"},
               {"role": "loyalist"}, {"role": "renegade"}, {"role": "rebel"}])
    assert g.skills(0)[-1] == "jijiang_hk" and "jijiang_hk" not in g.skills(1)
    assert g.max_hp(0) == 5
    g = build([{"hero": "luzhishen", "role": "lord"}, {"role": "rebel"}, {"role": "loyalist"},
               {"role": "renegade"}, {"role": "rebel"}])
    assert g.max_hp(0) == 4 and g.skills(0)[-1] == "jiuyuan_hk"


def test_draft_lord_chooses_from_five_random_heroes_of_the_pack():
    seen = set()
    for seed in range(12):
        g = Game.new(Config(num_players=5, pack="herokill"), seed=seed)
        assert g.decider == 0 and g.decision_kind == C.DK_HERO
        five = offers(g, 0)
        assert len(five) == 5 and set(five) <= set(HEROES)
        seen.update(five)
    assert len(seen) > 20          # random, not a fixed list of lord heroes


@pytest.mark.parametrize("n, selection, seed", [(5, "draft", 1), (5, "random", 2), (8, "draft", 3),
                                                (8, "random", 4)])
def test_full_checks_with_the_pack(n, selection, seed):
    """Every masked-in action is accepted and masked-out ones refused, step by step."""
    cfg = Config(num_players=n, pack="herokill", hero_selection=selection)
    assert play_fully_checked(cfg, 9000 + seed, all_illegal_every=12) > 10


@pytest.mark.parametrize("n, games", [(5, 3000), (8, 2000)])
def test_compiled_invariants_with_all_33_heroes(n, games):
    """Random legal play with every step checked in compiled code, on the 英雄杀 deck and on the
    standard deck (packs and decks are independent)."""
    out = _checked(Config(num_players=n, pack="herokill", hero_selection="random"), games, 40 + n)
    results = np.bincount(out[:, 0], minlength=6)
    assert results[C.RES_LORD] > 0 and results[C.RES_REBEL] > 0
    _checked(Config(num_players=n, pack="herokill"), games // 4, 140 + n)          # the draft
    _checked(Config(num_players=n, pack="herokill", deck="standard", hero_selection="random"),
             games // 4, 240 + n)


@pytest.mark.parametrize("n", [4, 10])
def test_compiled_invariants_other_counts(n):
    _checked(Config(num_players=n, pack="herokill"), 300, 340 + n)


@pytest.mark.parametrize("n, seed, every", [(5, 11, 1), (8, 12, 3)])
def test_hidden_information_with_the_pack(n, seed, every):
    assert play_checking_hidden_info(Config(num_players=n, pack="herokill"), seed, every) > 0


def test_pettingzoo_api_test_with_the_pack():
    from pettingzoo.test import api_test
    api_test(heroes_env.env(num_players=5, pack="herokill"), num_cycles=300)


def test_vector_env_plays_the_aec_games_with_the_pack():
    from test_vector import play_against_aec
    play_against_aec(5, 3, 500, seed=401, min_games=1, num_threads=1, pack="herokill")
