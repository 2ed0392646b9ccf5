"""Hero packs as a whole: the draft, random and fixed line-ups, what observations show of heroes,
and random play with all 25 standard heroes (invariants, exact masks, hidden information).

Skill-by-skill scenarios are in tests/skills/test_<key>.py (one file per skill).
"""
import numpy as np
import pytest
from conftest import check_invariants
from helpers import checked_games as _checked
from helpers import pettingzoo_api_test
from test_hidden_info import play_checking_hidden_info
from test_random_play import play_fully_checked

import heroes_env
from heroes_env import Config, Game
from heroes_env.engine import constants as C
from heroes_env.engine import content

STANDARD = [h.key for h in content.pack_heroes("standard")]
LORD_HEROES = {"caocao", "liubei", "sunquan"}


def hero_keys(g):
    return [g.hero(i).key for i in range(g.num_players)]


def offers(g, seat):
    return [content.HEROES_BY_ID[int(h)].key
            for h in g.s[C.OFFER_BASE + seat * C.MAX_OFFER:][:C.MAX_OFFER] if h >= 0]


def seat_block(obs, r):
    return obs[C.OBS_SEATS + r * C.SEAT_OBS:][:C.SEAT_OBS]


# ---------------------------------------------------------------- content
def test_standard_pack_is_the_rule_text():
    """25 heroes (魏 7, 蜀 7, 吴 8, 群 3; 5 female), HP and skills as in the 三国杀 standard rules
    (docs/rules.md, Heroes (pack `standard`))."""
    heroes = content.pack_heroes("standard")
    assert len(heroes) == 25
    kd = [h.kingdom for h in heroes]
    assert [kd.count(k) for k in (C.KD_WEI, C.KD_SHU, C.KD_WU, C.KD_QUN)] == [7, 7, 8, 3]
    assert sum(h.gender == C.GENDER_FEMALE for h in heroes) == 5
    assert {h.key for h in heroes if h.lord_offer} == LORD_HEROES
    by = content.HEROES_BY_KEY
    assert (by["simayi"].hp, by["zhugeliang"].hp, by["lvbu"].hp) == (3, 3, 4)
    assert [content.SKILLS_BY_ID[s].key for s in by["machao"].skills] == ["mashu"]
    assert [content.SKILLS_BY_ID[s].key for s in by["zhangfei"].skills] == ["feijiang"]
    assert len({s for h in heroes for s in h.skills}) == 39


def test_every_skill_has_code_and_a_family():
    """Its code is in its family's module (where the family still has one) or in a module of its
    own (``dispatch.OWN``)."""
    from heroes_env.engine.skills import dispatch, registry
    for sk in content.SKILLS.values():
        mod = registry._MODULES.get(content.FAMILIES.index(sk.family))
        base = content.SKILL_BASE[sk.id]
        assert (mod is not None and base in mod.SKILLS) != (base in dispatch.OWN), sk.key
        assert (content.SKILL_BASE[sk.id] == sk.id) == (sk.base == ""), sk.key


def test_alias_skills_run_their_base_code_under_their_own_name():
    """集权 (嬴政) runs 奸雄's code: the engine asks by base id, names and logs say 集权; a
    parameter (占卜 5 vs 观星 3; 护主's helpers 民) is read from the seat's own skill."""
    from heroes_env.engine import state
    from heroes_env.engine.skills import ids
    from heroes_env.scenario import build
    g = build([{"hero": "yingzheng", "role": "lord"}, {"hero": "liubowen", "role": "rebel"},
               {"hero": "zhugeliang", "role": "loyalist"}, {"role": "renegade"}])
    assert g.skills(0) == ["jiquan", "jijiang_hk"] and g.skills(1) == ["zhanbu", "guiyin"]
    assert state.has_skill(g.s, 0, ids.SK_JIANXIONG) and not state.has_skill(g.s, 0, ids.SK_JIQUAN)
    assert state.skill_slot(g.s, 1, ids.SK_GUANXING) == 0
    assert state.skill_param(g.s, 1, ids.SK_GUANXING) == 5
    assert state.skill_param(g.s, 2, ids.SK_GUANXING) == 3
    assert state.skill_param(g.s, 0, ids.SK_JIJIANG) == C.KD_CHEN
    assert content.SKILLS["huzhu"].param == C.KD_MIN


def test_alias_errors_fail_at_import(monkeypatch):
    original = content._rows
    rows = original("skills.csv")
    for change, msg in [(dict(base="nosuch"), "must be a skill with its own code"),
                        (dict(family="active"), "its family must be 'damage'"),
                        (dict(param="x"), "param must be an integer or a kingdom")]:
        bad = [dict(r, **change) if r["key"] == "jiquan" else r for r in rows]
        monkeypatch.setattr(content, "_rows", lambda name, bad=bad: bad if name == "skills.csv"
                            else original(name))
        with pytest.raises(ImportError, match=msg):
            content._load_skills()


def test_content_errors_fail_at_import(monkeypatch):
    """A hero naming an unknown skill, or a skill without code, fails when the data is loaded."""
    original = content._rows
    rows = original("heroes.csv")
    bad = [dict(rows[0], skills="jianxiong teleport")] + rows[1:]
    monkeypatch.setattr(content, "_rows",
                        lambda name: bad if name == "heroes.csv" else original(name))
    with pytest.raises(ImportError, match=r"names unknown skills \['teleport'\]"):
        content._load_heroes()
    monkeypatch.undo()
    from heroes_env.engine.skills import dispatch, registry
    monkeypatch.setattr(dispatch, "OWN", tuple(sk for sk in dispatch.OWN if sk != 12))
    with pytest.raises(ImportError, match=r"skills without code: \['rende'"):
        registry._registry()


def test_hero_ids_live_in_the_observations_room(monkeypatch):
    """A hero id up to OBS_HERO_ROOM - 1 loads and changes no size of the observation (its
    sizes are constants, none counts the heroes); one outside the room fails at import, naming
    the room and the policy (docs/adding-a-hero.md)."""
    assert max(h.id for h in content.HEROES) < C.OBS_HERO_ROOM
    assert C.OBS_OFFER + C.OBS_HERO_ROOM == C.OBS_HIST_GAME
    assert C.SEAT_OBS == C.OS_HERO + C.OBS_HERO_ROOM
    original = content._rows
    rows = original("heroes.csv")
    for hero_id, fails in ((C.OBS_HERO_ROOM - 1, False), (C.OBS_HERO_ROOM, True), (-1, True)):
        added = rows + [dict(rows[-1], id=str(hero_id), key="newcomer")]
        monkeypatch.setattr(content, "_rows",
                            lambda name, a=added: a if name == "heroes.csv" else original(name))
        if fails:
            with pytest.raises(ImportError, match=rf"id {hero_id} is outside the observation's "
                               rf"hero room, ids 0 to {C.OBS_HERO_ROOM - 1} .*adding-a-hero"):
                content._load_heroes()
        else:
            assert content._load_heroes()[-1].id == hero_id


# ---------------------------------------------------------------- the draft
def test_draft_lord_chooses_from_five_with_the_three_lords():
    g = Game.new(Config(num_players=5, pack="standard"), seed=3)
    assert (g.decider, g.decision_kind) == (0, C.DK_HERO)
    five = offers(g, 0)
    assert len(five) == 5 and len(set(five)) == 5 and LORD_HEROES <= set(five)
    assert g.legal_labels() == [f"hero {content.HEROES_BY_KEY[k].name_en}" for k in five]
    assert all(not g.hand(i) for i in range(5)), "cards are dealt after the draft"
    # the lord sees his offer in his observation; the others do not
    o = g.observe(0)
    assert sorted(np.flatnonzero(o[C.OBS_OFFER:C.OBS_OFFER + C.OBS_HERO_ROOM]).tolist()) == \
        sorted(content.HEROES_BY_KEY[k].id for k in five)
    assert not g.observe(1)[C.OBS_OFFER:C.OBS_OFFER + C.OBS_HERO_ROOM].any()


def test_draft_then_others_choose_from_three_hidden_until_all_chose():
    g = Game.new(Config(num_players=5, pack="standard"), seed=4)
    g.play("hero Sun Quan")
    assert g.hero(0).key == "sunquan" and g.max_hp(0) == 5      # lord +1 with 5 players
    assert g.skills(0) == ["zhiheng", "jiuyuan"]
    offered = set()
    for seat in range(1, 5):
        assert (g.decider, g.decision_kind) == (seat, C.DK_HERO)
        three = offers(g, seat)
        assert len(three) == 3 and "sunquan" not in three
        assert not offered & set(three), "offers are distinct"
        offered |= set(three)
        # everyone sees the lord's hero; nobody else's pick is visible yet
        for viewer in range(5):
            o = g.observe(viewer)
            lord_hero = seat_block(o, (0 - viewer) % 5)[C.OS_HERO:C.OS_HERO + C.OBS_HERO_ROOM]
            assert lord_hero[content.HEROES_BY_KEY["sunquan"].id] == 1
            for other in range(1, seat):
                blk = seat_block(o, (other - viewer) % 5)[C.OS_HERO:C.OS_HERO + C.OBS_HERO_ROOM]
                assert blk.any() == (viewer == other), (viewer, other)
        g.play(f"hero {three[1]}")
    assert not g.s[C.H_DRAFT] and g.decision_kind == C.DK_PLAY
    assert [len(g.hand(i)) for i in range(5)] == [6, 4, 4, 4, 4]   # dealt 4 each; the lord drew 2
    keys = hero_keys(g)
    assert len(set(keys)) == 5
    for viewer in range(5):       # now everyone sees every hero
        o = g.observe(viewer)
        for r in range(5):
            assert seat_block(o, r)[C.OS_HERO:C.OS_HERO + C.OBS_HERO_ROOM].sum() == 1
    check_invariants(g)


def test_draft_with_ten_players_offers_two():
    g = Game.new(Config(num_players=10, pack="standard"), seed=5)
    g.step(int(g.legal_actions()[0]))
    assert len(offers(g, 1)) == 2 and g.legal_labels()[0].startswith("hero ")
    while g.decision_kind == C.DK_HERO:
        g.step(int(g.legal_actions()[-1]))
    assert len(set(hero_keys(g))) == 10


def test_lord_skills_only_for_the_lord_and_hp_bonus_only_with_five():
    g = Game.new(Config(num_players=4, pack="standard",
                        hero_selection=["lvbu", "caocao", "liubei", "sunquan"]), seed=1)
    assert hero_keys(g) == ["lvbu", "caocao", "liubei", "sunquan"]
    assert g.max_hp(0) == 4                     # no lord bonus with four players
    assert g.skills(1) == ["jianxiong"] and g.skills(2) == ["rende"] and g.skills(3) == ["zhiheng"]
    g = Game.new(Config(num_players=5, pack="standard",
                        hero_selection=["caocao", "simayi", "liubei", "sunquan", "lvbu"]), seed=1)
    assert g.skills(0) == ["jianxiong", "hujia"] and g.max_hp(0) == 5 and g.max_hp(1) == 3


def test_random_selection_has_no_draft_decisions():
    for seed in range(6):
        g = Game.new(Config(num_players=8, pack="standard", hero_selection="random"), seed=seed)
        assert g.decision_kind != C.DK_HERO and not g.s[C.H_DRAFT]
        keys = hero_keys(g)
        assert len(set(keys)) == 8 and set(keys) <= set(STANDARD)
        assert all(len(g.hand(i)) == 4 for i in range(1, 8))


def test_draft_is_reproducible_and_seed_dependent():
    a = Game.new(Config(num_players=6, pack="standard"), seed=9)
    b = Game.new(Config(num_players=6, pack="standard"), seed=9)
    assert a.to_bytes() == b.to_bytes()
    picks = {tuple(offers(Game.new(Config(num_players=6, pack="standard"), seed=s), 0))
             for s in range(8)}
    assert len(picks) > 1


def test_no_skill_game_has_no_heroes():
    g = Game.new(Config(num_players=5), seed=1)
    assert not g.s[C.H_HEROES] and all(g.hero(i) is None for i in range(5))
    assert not g.observe(0)[C.OBS_SEATS:C.OBS_DISCARD].reshape(10, -1)[:, C.OS_HERO:].any()


# ---------------------------------------------------------------- random play with heroes
@pytest.mark.parametrize("n, selection, seed", [(5, "draft", 1), (5, "random", 2), (8, "draft", 3),
                                                (8, "random", 4), (4, "random", 5),
                                                (10, "draft", 6)])
def test_full_checks_with_heroes(n, selection, seed):
    cfg = Config(num_players=n, pack="standard", hero_selection=selection)
    assert play_fully_checked(cfg, 7000 + seed, all_illegal_every=12) > 10


def test_full_checks_with_heroes_without_autoplay():
    cfg = Config(num_players=5, pack="standard", hero_selection="random", autoplay=False)
    play_fully_checked(cfg, 7100, all_illegal_every=25)


@pytest.mark.parametrize("n, games", [(5, 3000), (8, 2000)])
@pytest.mark.slow
def test_compiled_invariants_with_all_heroes(n, games):
    """Random legal play with every step checked in compiled code: every hero plays often."""
    out = _checked(Config(num_players=n, pack="standard", hero_selection="random"), games, n)
    results = np.bincount(out[:, 0], minlength=6)
    assert results[C.RES_LORD] > 0 and results[C.RES_REBEL] > 0
    _checked(Config(num_players=n, pack="standard"), games // 4, 100 + n)       # with the draft


@pytest.mark.parametrize("n", [4, 6, 7, 9, 10])
def test_compiled_invariants_with_heroes_other_counts(n):
    _checked(Config(num_players=n, pack="standard"), 300, 200 + n)


@pytest.mark.parametrize("n, seed, every", [(5, 1, 1), (8, 2, 3), (4, 3, 2)])
def test_hidden_information_with_heroes(n, seed, every):
    assert play_checking_hidden_info(Config(num_players=n, pack="standard"), seed, every) > 0


def test_random_play_reaches_every_skill_decision_kind():
    kinds = set()
    rng = np.random.default_rng(0)
    for seed in range(20):
        g = Game.new(Config(num_players=8, pack="standard", hero_selection="random"), seed=seed)
        while not g.done:
            kinds.add(g.decision_kind)
            g.step(int(rng.choice(g.legal_actions())))
    assert {C.DK_SKILL_CARD, C.DK_SKILL_TARGET, C.DK_SKILL_OPTION, C.DK_CONFIRM} <= kinds


# ---------------------------------------------------------------- env
@pytest.mark.parametrize("kw", [dict(num_players=5, pack="standard"),
                                dict(num_players=8, pack="standard", hero_selection="random")])
def test_pettingzoo_api_test_with_heroes(kw):
    pettingzoo_api_test(heroes_env.env(**kw), num_cycles=300)


def test_env_draft_decisions_are_the_agents():
    env = heroes_env.env(num_players=5, pack="standard")
    env.reset(seed=1)
    assert env.agent_selection == "player_0"
    obs, *_ = env.last()
    assert obs["action_mask"][C.A_HERO:C.A_HERO + 5].tolist() == [1] * 5
    env.step(C.A_HERO + 2)
    assert env.agent_selection == "player_1"
    assert env.action_to_str(C.A_HERO).startswith("hero ")


# ---------------------------------------------------------------- vector API
@pytest.mark.parametrize("n, B, kw", [(5, 3, dict(pack="standard")),
                                      (8, 2, dict(pack="standard", hero_selection="random"))])
def test_vector_env_plays_the_aec_hero_games(n, B, kw):
    """VectorEnv with heroes (draft decisions included) plays exactly the AEC env's games."""
    from test_vector import play_against_aec
    play_against_aec(n, B, 500, seed=300 + n, min_games=1, num_threads=1, **kw)


def test_learner_env_with_heroes():
    """The single-learner wrapper plays hero games (the learner's draft pick included)."""
    from heroes_env.wrappers import LearnerEnv
    env = LearnerEnv(seat=2, num_players=5, pack="standard", hero_selection="draft")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    kinds, done, steps = set(), False, 0
    while not done:
        mask = env.action_masks()
        kinds.add(int(np.argmax(obs[C.OBS_DKIND:C.OBS_DKIND + C.NUM_DECISION_KINDS])))
        obs, r, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        done = term or trunc
        steps += 1
    assert C.DK_HERO in kinds and steps > 5 and r in (-1.0, 0.0, 1.0)
