"""The 3v3 mode (docs/rules.md, 3v3 mode; the classmates pack rules "3V3競技模式";
``heroes_env/engine/mode3v3.py``).

Seats 0-2 are team 0 (commander seat 1), seats 3-5 team 1 (commander seat 4). Covered: config,
roles and HP, the draft (pool of 12, rolls, pick order 1-2-2-2-2-2-1, assignment, exact masks,
hidden assignments), the act-first choice, the block turn order (commander alone / the guards in
a row, dead guards, the first block), a commander dying mid-block, kill reward 2, no lord skills,
team rewards, random play (compiled invariants per pack, fully checked games, hidden info),
VectorEnv == AEC, the PettingZoo API test, LearnerEnv, agents and the tournament.
"""

import numpy as np
import pytest
from conftest import check_invariants
from helpers import events, expect, pettingzoo_api_test

import heroes_env
from heroes_env import Config, Game, labels
from heroes_env.engine import constants as C
from heroes_env.engine import content, invariants
from heroes_env.engine.mode3v3 import POOL_BASE, POOL_OWNER, POOL_SIZE
from heroes_env.scenario import ScenarioError, build

TEAM = (0, 0, 0, 1, 1, 1)
COMMANDERS = (1, 4)


def seat_block(obs, r):
    return obs[C.OBS_SEATS + r * C.SEAT_OBS:][:C.SEAT_OBS]


def legal(g):
    return g.legal_actions()


def turns(g, start=0):
    """Seats whose turns started (EV_TURN), in order."""
    return [e[1] for e in events(g, C.EV_TURN, start)]


def end_turns_until_choice(g):
    """Play every pending decision with PASS (or the first legal action: a discard) until the
    next DK_WHO_ACTS / DK_ORDER decision or the end of the game."""
    while not g.done and g.decision_kind not in (C.DK_WHO_ACTS, C.DK_ORDER):
        acts = legal(g)
        g.step(C.A_PASS if C.A_PASS in acts else acts[0])


def table(seats, **kw):
    """build() a 3v3 table: seats are dicts or hand lists (six)."""
    seats = [({"hand": d} if isinstance(d, list) else dict(d)) for d in seats]
    seats += [{} for _ in range(6 - len(seats))]
    return build(seats, mode="3v3", **kw)


# ---------------------------------------------------------------- config, seats, roles
def test_config_defaults_to_six_players_and_refuses_others():
    assert Config(mode="3v3").num_players == 6
    assert Config().num_players == 5
    with pytest.raises(ValueError, match="exactly 6 players"):
        Config(mode="3v3", num_players=5)
    with pytest.raises(ValueError, match="mode must be one of"):
        Config(mode="2v2")
    with pytest.raises(ValueError, match="hero_selection needs a hero pack"):
        Config(mode="3v3", hero_selection="draft")
    assert Config(mode="3v3", pack="standard").hero_selection == "draft"
    with pytest.raises(ValueError, match="one hero per seat: 6"):
        Config(mode="3v3", pack="standard", hero_selection=["caocao"] * 5)


def test_roles_hp_and_public_teams():
    g = Game.new(Config(mode="3v3", autoplay=False), seed=3)
    assert [g.role(i) for i in range(6)] == [C.ROLE_GUARD, C.ROLE_COMMANDER, C.ROLE_GUARD] * 2
    assert [g.max_hp(i) for i in range(6)] == [4, 5, 4, 4, 5, 4]      # no-skill characters
    for viewer in range(6):
        o = g.observe(viewer)
        assert o[C.OBS_ROLE + g.role(viewer)] == 1
        for r in range(6):
            seat = (viewer + r) % 6
            b = seat_block(o, r)
            assert (b[C.OS_ROLE:C.OS_ROLE + C.NUM_ROLES].tolist()
                    == np.eye(C.NUM_ROLES)[g.role(seat)].tolist())
            assert b[C.OS_ALLY] == (TEAM[seat] == TEAM[viewer])
            assert b[C.OS_ACTED] == 0
    # identity games never mark allies
    g5 = Game.new(Config(num_players=5), seed=1)
    assert not any(seat_block(g5.observe(0), r)[C.OS_ALLY] for r in range(5))


def test_commander_gets_one_hp_and_no_lord_skills():
    """Fixed line-up: 曹操 as commander has 5 HP and no 护驾 (lord skills are off in 3v3)."""
    g = Game.new(Config(mode="3v3", pack="standard",
                        hero_selection=["simayi", "caocao", "zhenji",
                                        "guanyu", "liubei", "zhangfei"]),
                 seed=0)
    assert g.max_hp(1) == 5 and g.hp(1) == 5 and g.max_hp(4) == 5
    assert g.max_hp(0) == 3 and g.max_hp(3) == 4
    assert g.skills(1) == ["jianxiong"]
    assert g.skills(4) == ["rende"]
    # the scenario builder gives the same
    t = table([{"hero": "caocao"}, {"hero": "liubei"}], current=4, phase="play")
    assert t.skills(1) == ["rende"] and t.max_hp(1) == 5
    assert t.skills(0) == ["jianxiong"] and t.max_hp(0) == 4


# ---------------------------------------------------------------- the draft
def _pool(g):
    return [int(h) for h in g.s[POOL_BASE:POOL_BASE + POOL_SIZE] if h >= 0]


def test_draft_pool_rolls_pick_order_masks_and_assignment():
    g = Game.new(Config(mode="3v3", pack="standard", autoplay=False), seed=11, log=True)
    pool = _pool(g)
    assert len(pool) == 12 == len(set(pool)) and pool == sorted(pool)
    assert all(content.HEROES_BY_ID[h].pack == "standard" for h in pool)
    rolls = events(g, C.EV_ROLL)
    assert [e[1] for e in rolls] == [1, 4]
    (a, b) = (rolls[0][2], rolls[1][2])
    assert a != b and 1 <= a <= 6 and 1 <= b <= 6
    winner = 1 if a > b else 4
    # the higher roll chooses to pick first or second
    expect(g, winner, C.DK_ORDER)
    assert g.s[C.DX_PURPOSE] == C.PUR_PICK_ORDER
    assert legal(g) == [C.A_OPTION + C.OPT_FIRST, C.A_OPTION + C.OPT_SECOND]
    for viewer in range(6):              # the pool is public before the pick order is chosen
        o = g.observe(viewer)
        assert np.flatnonzero(o[C.OBS_OFFER:C.OBS_OFFER + C.OBS_HERO_ROOM]).tolist() == pool
    assert g.legal_labels() == ["first", "second"] and g.legal_labels("zh") == ["先手", "后手"]
    g.play("second")
    first = 4 if winner == 1 else 1
    other = 5 - first
    want_order = [first, other, other, first, first, other,
                  other, first, first, other, other, first]
    picked = {1: [], 4: []}
    for k, who in enumerate(want_order):
        expect(g, who, C.DK_HERO)
        free = [h for h in pool if not any(h in p for p in picked.values())]
        assert legal(g) == [C.A_HERO + j for j in range(len(free))]
        for viewer in range(6):          # the free pool is public while the commanders pick
            o = g.observe(viewer)
            assert np.flatnonzero(o[C.OBS_OFFER:C.OBS_OFFER + C.OBS_HERO_ROOM]).tolist() == free
        assert g.legal_labels() == [f"hero {content.HEROES_BY_ID[h].name_en}" for h in free]
        j = (k * 5) % len(free)
        g.step(C.A_HERO + j)
        picked[who].append(free[j])
    assert [e[1] for e in events(g, C.EV_PICK)] == want_order
    owners = g.s[POOL_OWNER:POOL_OWNER + 12]
    held = {t: sorted(int(g.s[POOL_BASE + i]) for i in range(12) if owners[i] == t) for t in (0, 1)}
    assert len(held[0]) == len(held[1]) == 6
    # assignment: the first picker first, himself then his lower and higher guard
    assigned = {}
    for team in (TEAM[first], 1 - TEAM[first]):
        cmd = COMMANDERS[team]
        for seat in (cmd, cmd - 1, cmd + 1):
            expect(g, cmd, C.DK_HERO)
            assert g.s[C.H_DTGT] == seat
            mine = [h for h in held[team] if h not in assigned.values()]
            assert legal(g) == [C.A_HERO + j for j in range(len(mine))]
            for viewer in range(6):
                o = g.observe(viewer)
                offer = np.flatnonzero(o[C.OBS_OFFER:C.OBS_OFFER + C.OBS_HERO_ROOM]).tolist()
                assert offer == (mine if TEAM[viewer] == team else [])
                # assigned heroes: seen by the own team only
                for r in range(6):
                    s2 = (viewer + r) % 6
                    hero_bits = seat_block(o, r)[C.OS_HERO:C.OS_HERO + C.OBS_HERO_ROOM]
                    shown = np.flatnonzero(hero_bits).tolist()
                    if s2 in assigned and TEAM[s2] == TEAM[viewer]:
                        assert shown == [assigned[s2]]
                    else:
                        assert shown == [], (viewer, s2)
            j = len(mine) - 1
            g.step(C.A_HERO + j)
            assigned[seat] = mine[j]
    # revealed together, commanders +1 HP, cards dealt
    assert [g.hero(i).id for i in range(6)] == [assigned[i] for i in range(6)]
    for i in range(6):
        h = content.HEROES_BY_ID[assigned[i]]
        assert g.max_hp(i) == h.hp + (1 if i in COMMANDERS else 0)
        assert len(g.hand(i)) == 4
        assert all(content.SKILLS[k].kind != "lord" for k in g.skills(i))
    assert set(assigned[s] for s in (0, 1, 2)) < set(held[0])
    assert set(assigned[s] for s in (3, 4, 5)) < set(held[1])
    assert (g.s[C.OFFER_BASE:C.OFFER_BASE + C.MAX_SEATS * C.MAX_OFFER] == -1).all()
    # the side that picked second chooses to act first or second
    expect(g, other, C.DK_ORDER)
    assert g.s[C.DX_PURPOSE] == C.PUR_ACT_ORDER
    check_invariants(g)


@pytest.mark.parametrize("pack", ["herokill", "classmates"])
def test_pool_is_twelve_heroes_of_the_pack(pack):
    g = Game.new(Config(mode="3v3", pack=pack), seed=2)
    pool = _pool(g)
    assert len(pool) == 12 and {content.HEROES_BY_ID[h].pack for h in pool} == {pack}


def test_random_hero_selection_gives_six_distinct_heroes():
    for seed in range(5):
        g = Game.new(Config(mode="3v3", pack="standard", hero_selection="random"), seed=seed,
                     log=True)
        hs = [g.hero(i).id for i in range(6)]
        assert len(set(hs)) == 6
        assert g.decision_kind == C.DK_ORDER and g.decider in COMMANDERS
        # no draft: the higher roll chooses to act first or second
        r = events(g, C.EV_ROLL)
        assert g.decider == (1 if r[0][2] > r[1][2] else 4)


# ---------------------------------------------------------------- turn order
def test_act_first_choice_and_the_first_block_is_the_commander():
    g = Game.new(Config(mode="3v3", autoplay=False), seed=5, log=True)
    chooser = g.decider
    expect(g, chooser, C.DK_ORDER)
    g.play("second")
    other = 5 - chooser
    # the first block: only the commander himself may act
    expect(g, other, C.DK_WHO_ACTS)
    assert legal(g) == [C.A_TARGET]
    assert g.legal_labels() == [f"act: player_{other}"]
    g.play(f"act: player_{other}")
    assert turns(g) == [other]
    # with autoplay the forced choice is not asked
    h = Game.new(Config(mode="3v3"), seed=5, log=True)
    h.play("first")
    assert turns(h) == [h.current] == [h.decider] and h.current == chooser
    assert events(h, C.EV_ORDER) == [(C.EV_ORDER, chooser, C.PUR_ACT_ORDER, 1)]


def test_blocks_alternate_guards_act_in_a_row_and_rounds_reset():
    g = Game.new(Config(mode="3v3"), seed=8, log=True)
    a = g.decider                       # the chooser acts first
    b = 5 - a
    g.play("first")
    assert turns(g) == [a]
    end_turns_until_choice(g)
    expect(g, b, C.DK_WHO_ACTS)
    ga, gb = b - 1, b + 1
    assert legal(g) == sorted(C.A_TARGET + (s - b) % 6 for s in (b, ga, gb))
    g.play(f"act: player_{gb}")         # a guard: both guards in a row, the higher one first
    end_turns_until_choice(g)
    assert turns(g) == [a, gb, ga]
    # a: the commander has acted, his guards remain
    expect(g, a, C.DK_WHO_ACTS)
    assert legal(g) == sorted(C.A_TARGET + (s - a) % 6 for s in (a - 1, a + 1))
    o = g.observe(a)
    assert seat_block(o, 0)[C.OS_ACTED] == 1 and seat_block(o, (gb - a) % 6)[C.OS_ACTED] == 1
    assert seat_block(o, (b - a) % 6)[C.OS_ACTED] == 0
    g.play(f"act: player_{a - 1}")
    # then b's commander alone is left: auto-played; then the round ends
    end_turns_until_choice(g)
    assert turns(g) == [a, gb, ga, a - 1, a + 1, b]
    assert all(e[2] == 1 for e in events(g, C.EV_TURN))
    # round 2: the side that did not act last (a) starts; every member may act again
    expect(g, a, C.DK_WHO_ACTS)
    assert g.round == 2
    assert legal(g) == sorted(C.A_TARGET + (s - a) % 6 for s in (a - 1, a, a + 1))
    assert not any(seat_block(g.observe(0), r)[C.OS_ACTED] for r in range(6))
    g.play(f"act: player_{a}")
    end_turns_until_choice(g)
    expect(g, b, C.DK_WHO_ACTS)
    assert turns(g)[-1] == a and events(g, C.EV_TURN)[-1][2] == 2


def test_dead_guard_is_skipped_and_a_kill_draws_two():
    """Guard 3 (team 1) kills his teammate 5 with 决斗 in a guards' block: 3 draws 2 (any kill);
    the block ends (5 is dead); team 0 moves; 5 is never offered."""
    g = table([[], [], [], ["duel", "jink"], [], {"hp": 1}],
              deck_top=["slash", "jink", "peach", "peach"], current=3, phase="play", acted=[4])
    g.play("duel")
    g.play("target player_5")
    assert not g.alive(5)
    assert events(g, C.EV_DEATH) == [(C.EV_DEATH, 5, 3, C.ROLE_GUARD)]
    assert len(g.hand(3)) == 3            # jink + 2 drawn for the kill
    assert sorted(g.card_name(c).split()[0] for c in g.hand(3)) == ["Jink", "Jink", "Slash"]
    end_turns_until_choice(g)
    expect(g, 1, C.DK_WHO_ACTS)           # team 1 has nobody left: team 0
    g.play("act: player_1")
    end_turns_until_choice(g)
    # team 1: everyone living has acted -> team 0 again, the guards
    expect(g, 1, C.DK_WHO_ACTS)
    assert legal(g) == [C.A_TARGET + 1, C.A_TARGET + 5]      # seats 2 and 0
    g.play("act: player_0")
    end_turns_until_choice(g)
    assert turns(g) == [1, 0, 2]
    # round 2: team 1 (did not act last): 5 is dead and never offered
    expect(g, 4, C.DK_WHO_ACTS)
    assert legal(g) == [C.A_TARGET, C.A_TARGET + 5]          # himself, seat 3
    assert g.round == 2


def test_guard_dying_in_his_own_turn_the_other_guard_still_follows():
    g = table([[], ["slash"], [], ["duel"], [], []], current=3, phase="play", acted=[4],
              deck_top=["jink", "jink", "jink", "jink"])
    g.s[C.P_HP + 3] = 1
    g.play("duel")
    g.play("target player_1")
    g.play("slash")                       # commander 1 answers; 3 has no 杀: 3 dies
    assert not g.alive(3) and events(g, C.EV_DEATH) == [(C.EV_DEATH, 3, 1, C.ROLE_GUARD)]
    assert len(g.hand(1)) == 2            # 1 drew 2 for the kill
    assert not g.done
    end_turns_until_choice(g)
    assert turns(g) == [5]                # the other guard of the block
    expect(g, 1, C.DK_WHO_ACTS)


def test_commander_dying_mid_block_ends_the_game_at_once():
    g = table([[], {"hp": 1}, [], ["duel"], [], []], current=3, phase="play", acted=[4])
    g.play("duel")
    g.play("target player_1")
    assert g.done and g.result == C.RES_TEAM1
    assert g.rewards().tolist() == [-1, -1, -1, 1, 1, 1]
    assert len(g.hand(3)) == 0            # no kill reward when the game ends
    assert turns(g) == []                 # guard 5 never plays
    assert labels.RESULT_NAMES["en"][g.result] == "team 1 (seats 3-5) wins"
    assert any("team 1" in line for line in g.log_lines())


def test_truncation_gives_zero_rewards():
    g = Game.new(Config(mode="3v3", max_rounds=1), seed=4, log=True)
    while not g.done:
        acts = legal(g)
        g.step(C.A_PASS if C.A_PASS in acts else acts[0])
    assert g.result == C.RES_TRUNCATED and not g.rewards().any()
    assert len(events(g, C.EV_TURN)) == 6


def test_scenario_refuses_wrong_3v3_tables():
    with pytest.raises(ScenarioError, match="exactly 6 players"):
        build([{}] * 5, mode="3v3")
    with pytest.raises(ScenarioError, match="this seat is a guard"):
        build([{"role": "commander"}] + [{}] * 5, mode="3v3")
    with pytest.raises(ScenarioError, match="cannot start dead"):
        build([{}, {"alive": False}] + [{}] * 4, mode="3v3")


# ---------------------------------------------------------------- labels
def test_labels_and_events():
    g = Game.new(Config(mode="3v3", pack="standard", autoplay=False), seed=1, log=True)
    lines = g.log_lines()
    assert sum("rolls" in x for x in lines) == 2
    assert labels.DECISION_NAMES["en"][C.DK_ORDER] == "first or second?"
    assert labels.ROLE_NAMES["zh"][C.ROLE_COMMANDER] == "主将"
    g.play("先手")
    assert any("chooses to pick heroes first" in x for x in g.log_lines())
    lab = g.legal_labels()[0]
    g.play(lab)
    assert any("picks" in x for x in g.log_lines())


# ---------------------------------------------------------------- random play
RESULTS_3V3 = {C.RES_TEAM0, C.RES_TEAM1, C.RES_DRAW, C.RES_TRUNCATED}


@pytest.mark.parametrize("pack, games", [("none", 400), ("standard", 300), ("herokill", 300),
                                         ("classmates", 300)])
def test_compiled_random_play_invariants(pack, games):
    seeds = (np.arange(games, dtype=np.int64) * 7919 + 31).astype(np.int32)
    out = np.zeros((games, 4), np.int64)
    spec = Config(mode="3v3", pack=pack, max_rounds=60).spec()
    invariants.play_checked(seeds, spec, 77, out)
    bad = np.flatnonzero(out[:, 3])
    assert bad.size == 0, [f"seed {seeds[i]}: invariant {out[i, 3]} "
                           f"({invariants.VIOLATIONS.get(int(out[i, 3]))}) at decision {out[i, 2]}"
                           for i in bad[:5]]
    res = set(np.unique(out[:, 0]).tolist())
    assert res <= RESULTS_3V3
    assert {C.RES_TEAM0, C.RES_TEAM1} <= res


def test_compiled_random_play_without_autoplay():
    seeds = np.arange(100, dtype=np.int32)
    out = np.zeros((100, 4), np.int64)
    spec = Config(mode="3v3", pack="standard", autoplay=False).spec()
    invariants.play_checked(seeds, spec, 5, out)
    assert not out[:, 3].any()


@pytest.mark.parametrize("pack, seed", [("none", 0), ("standard", 1), ("herokill", 2),
                                        ("classmates", 5)])
def test_fully_checked_games(pack, seed):
    from test_random_play import play_fully_checked
    play_fully_checked(Config(mode="3v3", pack=pack, max_rounds=12), seed)


@pytest.mark.parametrize("pack, seed", [("standard", 3), ("none", 4)])
def test_hidden_information(pack, seed):
    from test_hidden_info import play_checking_hidden_info
    assert play_checking_hidden_info(Config(mode="3v3", pack=pack, max_rounds=15), seed, 3) > 0


def test_the_3v3_invariants_catch_broken_states():
    g = Game.new(Config(mode="3v3"), seed=0)
    g.play("first")
    assert invariants.violation(g.s) == invariants.OK
    bad = g.s.copy()
    bad[C.P_ALIVE + 4] = 0
    assert invariants._violation_3v3(bad) == invariants.V_3V3_COMMANDER_DEAD
    bad = g.s.copy()
    bad[C.H_ACTED] = 0
    assert invariants.violation(bad) == invariants.V_3V3_ACTED
    bad = g.s.copy()
    bad[C.H_DONE], bad[C.H_RESULT] = 1, C.RES_TEAM0           # team 0 wins, commander 4 alive
    assert invariants.violation(bad) == invariants.V_3V3_RESULT


# ---------------------------------------------------------------- APIs
def test_pettingzoo_api_test():
    pettingzoo_api_test(heroes_env.env(mode="3v3", pack="standard"), num_cycles=600)
    pettingzoo_api_test(heroes_env.env(mode="3v3"), num_cycles=600)


@pytest.mark.parametrize("kw", [dict(pack="standard"), dict(pack="herokill", max_rounds=3),
                                dict(autoplay=False)])
def test_vector_env_plays_the_aec_games(kw):
    from test_vector import play_against_aec
    v = play_against_aec(6, 3, 400, seed=600, min_games=1, mode="3v3", **kw)
    assert v.config.mode == "3v3"


def test_aec_team_rewards_and_state():
    from heroes_env.engine.observe import STATE_OBS_SIZE
    e = heroes_env.env(mode="3v3", pack="standard")
    e.reset(seed=9)
    assert e.unwrapped.state().shape == (STATE_OBS_SIZE,)
    rng = np.random.default_rng(0)
    got = {}
    for ag in e.agent_iter():
        obs, r, term, trunc, _ = e.last()
        if term or trunc:
            got[ag] = r
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    g = e.unwrapped.game
    rw = [got[a] for a in e.unwrapped.possible_agents]
    if g.result in (C.RES_TEAM0, C.RES_TEAM1):
        win = g.result - C.RES_TEAM0
        assert rw == [1 if TEAM[i] == win else -1 for i in range(6)]


def test_learner_env_gets_the_team_reward():
    from heroes_env.wrappers import LearnerEnv
    env = LearnerEnv(seat=2, mode="3v3", pack="standard", opponents="random")
    rng = np.random.default_rng(1)
    seen = set()
    env.reset(seed=0)
    for _ep in range(4):
        done = False
        total = 0.0
        while not done:
            a = int(rng.choice(np.flatnonzero(env.action_masks())))
            obs, r, term, trunc, info = env.step(a)
            total += r
            done = term or trunc
        res = info["result"]
        seen.add(res)
        assert info["seat"] == 2
        if res in (C.RES_TEAM0, C.RES_TEAM1):
            assert total == (1.0 if res == C.RES_TEAM0 else -1.0)      # seat 2 is team 0
            assert info["rewards"].tolist()[:6] == [total] * 3 + [-total] * 3
        else:
            assert total == 0.0
    assert seen & {C.RES_TEAM0, C.RES_TEAM1}


def test_learner_vector_env_runs_3v3():
    from heroes_env.agents import make_agent
    from heroes_env.wrappers import LearnerVectorEnv
    v = LearnerVectorEnv(2, seat=4, mode="3v3", opponents=make_agent("heuristic"))
    obs, info = v.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(200):
        m = v.action_masks()
        acts = np.array([rng.choice(np.flatnonzero(row)) for row in m])
        obs, r, term, trunc, info = v.step(acts)
        assert set(np.unique(r).tolist()) <= {-1.0, 0.0, 1.0}


# ---------------------------------------------------------------- agents and tournament
def test_heuristic_treats_the_other_team_as_enemies():
    from heroes_env.agents.heuristic import HeuristicAgent
    from heroes_env.agents.view import View
    g = Game.new(Config(mode="3v3", pack="standard", hero_selection="random"), seed=3)
    g.play("first")
    seat = g.decider
    obs, mask = g.observe_with_mask(seat)
    ag = HeuristicAgent()
    v = View(obs)
    assert v.team_mode
    h = ag.hostility(obs)
    for r in range(1, 6):
        s2 = (seat + r) % 6
        assert (h[r] < 0) == (TEAM[s2] == TEAM[seat]), (seat, s2, h)


@pytest.mark.parametrize("pack", ["none", "standard", "herokill", "classmates"])
def test_agents_play_3v3(pack):
    from heroes_env.agents.heuristic import HeuristicAgent
    from heroes_env.agents.random_agent import RandomAgent
    wins = {0: 0, 1: 0}
    for seed in range(6):
        g = Game.new(Config(mode="3v3", pack=pack), seed=seed)
        team_agents = [HeuristicAgent(seed=seed), RandomAgent(seed=seed)]
        if seed % 2:
            team_agents.reverse()
        for a in team_agents:
            a.reset()
        while not g.done:
            s = g.decider
            obs, mask = g.observe_with_mask(s)
            g.step(team_agents[TEAM[s]].act(obs, mask, slot=s), s)
        if g.result in (C.RES_TEAM0, C.RES_TEAM1):
            heur = 0 if seed % 2 == 0 else 1
            wins[int(g.result - C.RES_TEAM0 == heur)] += 1
    assert wins[1] >= wins[0]            # the heuristic team is not worse than random


def test_tournament_reports_commander_and_guard():
    from heroes_env.agents.tournament import TournamentConfig, format_table, run_tournament
    cfg = TournamentConfig(agents=("heuristic", "random"), games=6, mode="3v3", pack="standard",
                           seed=1)
    assert cfg.players == 6
    summary = run_tournament(cfg, workers=1, progress=False)
    st = summary["agents"]["heuristic"]
    assert set(st["roles"]) == {"commander", "guard"}
    assert sum(r["games"] for r in st["roles"].values()) == st["seat_games"]
    assert set(summary["results"]) == {"team0", "team1", "draw", "truncated"}
    text = format_table(summary)
    assert "commander" in text and "guard" in text and "3v3" in text


def test_demo_plays_3v3():
    from heroes_env import demo
    lines = []
    summary = demo.play(seed=2, lang="zh", out=lines.append, mode="3v3", max_rounds=20)
    assert any("掷出" in x for x in lines) and any("主将" in x for x in lines)
    assert summary["result"] in labels.RESULT_NAMES["en"]
