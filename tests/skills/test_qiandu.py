"""迁都 (武则天; the 英雄杀 pack): scenario tests. The skill: "In your play phase, any number of
times, you may discard two black hand cards and swap places at the table with another
character."

Tables: ``table`` is ``helpers.wuzetian_table`` (five seats, 武则天 the lord unless a test says
otherwise).
"""

import numpy as np
import pytest
from conftest import check_invariants
from helpers import ZHUAHUANG as ANCHOR
from helpers import ZHUAHUANG_LABEL as ANCHOR_LABEL
from helpers import checked_games as _checked
from helpers import damage, discard_names, events, expect, hand_names, qiandu, skill_events
from helpers import wuzetian_table as table
from test_hidden_info import play_checking_hidden_info
from test_random_play import play_fully_checked

import heroes_env
from heroes_env import Config, Game
from heroes_env.engine import constants as C
from heroes_env.engine.rules import attack_range, seat_distance
from heroes_env.engine.skills import ids as SK


def positions(g):
    n = g.num_players
    return [int(x) for x in g.s[C.P_POS:C.P_POS + n]]


def seating(g):
    """Seats in table order from position 0."""
    n = g.num_players
    return [int(x) for x in g.s[C.P_AT:C.P_AT + n]]


def turns(g):
    """Seats whose turns started, in order, with the round number."""
    return [(e[1], e[2]) for e in events(g, C.EV_TURN)]


def run_turns(g, k, limit=500):
    """Everyone passes (discarding the first legal card when asked) until k turns have started."""
    for _ in range(limit):
        if g.done or len(turns(g)) >= k:
            return
        legal = g.legal_actions()
        g.step(C.A_PASS if C.A_PASS in legal else legal[0])
    raise AssertionError("too many decisions")


def pass_until(g, seat, kind=C.DK_PLAY, limit=200):
    """Everyone passes (plays nothing, discards the first legal card) until seat must decide
    kind."""
    for _ in range(limit):
        if g.done or (g.decider == seat and g.decision_kind == kind):
            return
        legal = g.legal_actions()
        g.step(C.A_PASS if C.A_PASS in legal else legal[0])
    raise AssertionError(f"player_{seat} was never asked {kind}: {g.describe_decision()}")


def seat_block(obs, r):
    return obs[C.OBS_SEATS + r * C.SEAT_OBS:][:C.SEAT_OBS]


LINEUPS = [
    ["wuzetian", "xuchu", "lvbu", "diaochan", "zhangfei"],
    ["caocao", "wuzetian", "guanyu", "sunshangxiang", "lvmeng"],
    ["liubei", "zhaoyun", "machao", "huatuo", "wuzetian", "zhouyu", "daqiao", "yingzheng"],
    ["yingzheng", "luxun", "wuzetian", "yuji", "liubowen", "yuefei"],
]


def test_qiandu_needs_two_black_hand_cards():
    """迁都 is offered only with two black hand cards: red cards and black equipment do not
    count."""
    g = table({"hand": ["slash ♠7", "jink ♦2", ANCHOR], "equip": ["qinggang_sword"]})
    assert "skill Moving the Capital" not in g.legal_labels()
    g = table({"hand": ["jink ♦2", "peach ♥3", "jink ♦3", ANCHOR]})
    assert "skill Moving the Capital" not in g.legal_labels()
    g = table({"hand": ["slash ♠7", "slash ♣8", "jink ♦2", ANCHOR]})
    assert "skill Moving the Capital" in g.legal_labels()


def test_qiandu_card_choices_then_any_living_other(invariants):
    """迁都: the two cards are chosen one by one among the black hand cards only; then any living
    other character, whatever the distance (a dead seat is not offered)."""
    g = table({"hand": ["slash ♠7", "slash ♣8", "dismantlement ♠3", "jink ♦2", ANCHOR]},
              {}, {}, {"alive": False, "hp": 0}, {})
    g.play("skill Moving the Capital")
    expect(g, 0, C.DK_SKILL_CARD)
    assert int(g.s[C.H_DSKILL]) == SK.SK_QIANDU
    assert sorted(g.legal_labels()) == ["Dismantlement ♠3", "Slash ♠7", "Slash ♣8"]
    g.play("Slash ♣8")
    assert sorted(g.legal_labels()) == ["Dismantlement ♠3", "Slash ♠7"]
    g.play("Dismantlement ♠3")
    expect(g, 0, C.DK_SKILL_TARGET)
    assert g.legal_labels() == ["target player_1", "target player_2", "target player_4"]
    g.play("target player_2")
    assert discard_names(g) == ["Dismantlement ♠3", "Slash ♣8"]
    assert hand_names(g, 0) == sorted(["Slash ♠7", "Jink ♦2", ANCHOR_LABEL])
    assert skill_events(g, SK.SK_QIANDU) == [(0, SK.SK_QIANDU, 2)]
    assert positions(g) == [2, 1, 0, 3, 4] and seating(g) == [2, 1, 0, 3, 4]
    expect(g, 0, C.DK_PLAY)       # the turn goes on; no use limit (but only one black card left)
    assert "skill Moving the Capital" not in g.legal_labels()
    invariants(g)


def test_qiandu_has_no_use_limit():
    """迁都 has no once-per-turn limit: with four black cards she may swap twice."""
    g = table({"hand": ["slash ♠7", "slash ♣8", "slash ♠8", "slash ♣9", ANCHOR]})
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 2)
    assert "skill Moving the Capital" in g.legal_labels()
    qiandu(g, ["Slash ♠8"], 4)             # the last black card is forced (autoplay)
    # 0<->2 then 0 (at position 2) <-> 4: 4 sits at 2, 0 at 4, 2 at 0
    assert seating(g) == [2, 1, 4, 3, 0]
    assert positions(g) == [4, 1, 0, 3, 2]


def test_swap_keeps_every_player_and_moves_only_the_seating():
    """After 迁都 each seat keeps its role, hero, hand and HP; the observation's relative seats and
    the target actions follow the new seating."""
    g = table({"hand": ["slash ♠7", "slash ♣8", "slash ♠9", ANCHOR]},
              {"hp": 3}, {"hp": 2}, {"hp": 1}, {})
    before = [(int(g.s[C.P_ROLE + i]), g.hero(i).key, sorted(g.hand(i)), g.hp(i)) for i in range(5)]
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 2)
    after = [(int(g.s[C.P_ROLE + i]), g.hero(i).key, sorted(g.hand(i)), g.hp(i)) for i in range(5)]
    before[0] = (before[0][0], before[0][1], sorted(g.hand(0)), before[0][3])
    assert after == before
    # seat 0 now sits at position 2: next in turn order are seats 3, 4, 2, 1
    obs = g.observe(0)
    order = [3, 4, 2, 1]
    for r, seat in enumerate(order, start=1):
        assert seat_block(obs, r)[C.OS_HP] == g.hp(seat)
    assert seat_block(obs, 0)[C.OS_CURRENT] == 1.0
    # seat 2's view: 0 = itself at position 0, then 1 (pos 1), 0 (pos 2), 3, 4
    obs2 = g.observe(2)
    for r, seat in enumerate([2, 1, 0, 3, 4]):
        assert seat_block(obs2, r)[C.OS_HP] == g.hp(seat)
    assert seat_block(obs2, 2)[C.OS_CURRENT] == 1.0
    # a 杀's targets: A_TARGET + r names the seat r places after her at the table
    g.play("Slash ♠9")
    expect(g, 0, C.DK_TARGET)
    legal = [a - C.A_TARGET for a in g.legal_actions()]
    assert legal == [1, 4]                       # seats 3 and 1, her neighbours now
    assert g.legal_labels() == ["target player_3", "target player_1"]


def test_distance_and_attack_range_after_the_swap():
    """Distance counts round the table by positions: after 0<->2 her neighbours are 1 and 3."""
    g = table({"hand": ["slash ♠7", "slash ♣8", ANCHOR]})
    s = g.s
    assert [seat_distance(s, 0, t) for t in range(5)] == [0, 1, 2, 2, 1]
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 2)
    assert [seat_distance(s, 0, t) for t in range(5)] == [0, 1, 2, 1, 2]
    assert [seat_distance(s, 2, t) for t in range(5)] == [2, 1, 0, 2, 1]
    assert [seat_distance(s, t, 4) for t in range(5)] == [2, 2, 1, 1, 0]
    assert attack_range(s, 0) == 1
    obs = g.observe(0)
    # relative order 0, 3, 4, 2, 1: distances 0, 1, 2, 2, 1; in range: 3 and 1
    assert [round(float(seat_block(obs, r)[C.OS_DIST]) * 10) for r in range(5)] == [0, 1, 2, 2, 1]
    assert [int(seat_block(obs, r)[C.OS_IN_RANGE]) for r in range(5)] == [0, 1, 0, 0, 1]


def test_distance_skips_the_dead_round_the_new_seating():
    """A dead seat is skipped in the new seating too."""
    g = table({"hand": ["slash ♠7", "slash ♣8", ANCHOR]}, {}, {}, {"alive": False, "hp": 0}, {})
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 2)
    # table: 2, 1, 0, (3 dead), 4: seat 0's neighbours are 1 and 4
    assert [seat_distance(g.s, 0, t) for t in (1, 2, 4)] == [1, 2, 1]


def test_turn_order_follows_the_new_seating():
    """The turn goes on after the swap; the next turn goes to whoever sits after her now (seat 3),
    then 4, then 2 (position 0: a new round), 1, and her again."""
    g = table({"hand": ["slash ♠7", "slash ♣8", ANCHOR]})
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 2)
    expect(g, 0, C.DK_PLAY)
    assert g.s[C.H_CUR] == 0
    run_turns(g, 6)
    assert turns(g)[:6] == [(3, 1), (4, 1), (2, 2), (1, 2), (0, 2), (3, 2)]


def test_swap_with_the_next_player_skips_his_turn_this_round():
    """Swapping with the player who would move next: she now sits where he sat, so the turn goes
    to the seat after that position; he (now at position 0) comes in the next round."""
    g = table({"hand": ["slash ♠7", "slash ♣8", ANCHOR]})
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 1)
    assert seating(g) == [1, 0, 2, 3, 4]
    run_turns(g, 6)
    assert turns(g)[:6] == [(2, 1), (3, 1), (4, 1), (1, 2), (0, 2), (2, 2)]


def test_swap_with_the_previous_player_gives_her_turn_order_again():
    """Swapping with seat 4 (the one before her): she now sits last and seat 4 at position 0, so
    seat 4 plays right after her, in a new round (the round counter moves on when the turn passes
    position 0)."""
    g = table({"hand": ["slash ♠7", "slash ♣8", ANCHOR]})
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 4)
    assert seating(g) == [4, 1, 2, 3, 0]
    run_turns(g, 6)
    assert turns(g)[:6] == [(4, 2), (1, 2), (2, 2), (3, 2), (0, 2), (4, 3)]


def test_lightning_moves_to_the_next_position():
    """闪电 that misses moves on to the next living seat at the table: after 0<->2 the seat after
    seat 4 (position 4) is seat 2 (position 0), not seat 0."""
    g = table({"hand": ["slash ♠7", "slash ♣8", ANCHOR]}, {}, {}, {},
              {"judge": ["lightning"], "hand": ["dilu"]},
              deck_top=["jink ♦2", "jink ♦3", "peach ♥3"])      # seat 3 draws two; 4 judges ♥
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 2)
    pass_until(g, 4, C.DK_PLAY)
    lightning = [c for c in g.judgement_zone(2)]
    assert len(lightning) == 1 and g.card_name(lightning[0]).startswith("Lightning")
    assert g.judgement_zone(0) == [] and g.judgement_zone(4) == []


def test_aoe_responses_in_the_new_table_order():
    """南蛮入侵 after the swap asks the others in table order from her: seats 3, 4, 2, 1."""
    g = table({"hand": ["slash ♠7", "slash ♣8", "savage_assault ♠K", ANCHOR]},
              ["slash ♠9"], ["slash ♠10"], ["slash ♣2"], ["slash ♣3"])
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 2)
    g.play("savage_assault")
    asked = []
    for _ in range(4):
        expect(g, g.decider, C.DK_SLASH)
        asked.append(g.decider)
        g.play("pass")
    assert asked == [3, 4, 2, 1]
    assert [t for _, t, _ in damage(g)] == [3, 4, 2, 1]


def test_nullification_offers_in_the_new_table_order():
    """无懈可击 is offered in table order from the current player: seat 3 before seat 1 now."""
    g = table({"hand": ["slash ♠7", "slash ♣8", "ex_nihilo", ANCHOR]},
              ["nullification"], {}, ["nullification"], {})
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 2)
    g.play("ex_nihilo")
    expect(g, 3, C.DK_NULLIFY)
    g.play("pass")
    expect(g, 1, C.DK_NULLIFY)


def test_dying_peach_requests_in_the_new_table_order():
    """The dying procedure asks for 桃 in table order from the current player."""
    g = table({"hand": ["slash ♠7", "slash ♣8", "slash ♠9", ANCHOR]},
              {"hp": 1, "hand": ["peach"]}, ["peach"], ["peach"], {})
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 2)       # table 2, 1, 0, 3, 4
    g.play("Slash ♠9")
    g.play("target player_1")
    asked = []
    for _ in range(3):
        expect(g, g.decider, C.DK_PEACH)
        asked.append(g.decider)
        g.play("pass")
    assert asked == [3, 2, 1]              # from her (no peach): 3, 4 (none), 2, 1


@pytest.mark.parametrize("k", range(len(LINEUPS)))
def test_compiled_invariants_with_wuzetian(k):
    """Random legal play, invariants (table positions a permutation included) after every step."""
    lineup = LINEUPS[k]
    out = _checked(Config(num_players=len(lineup), pack="herokill", hero_selection=lineup), 150,
                   600 + k)
    assert (out[:, 0] != C.RES_TRUNCATED).sum() > 100


def test_random_games_swap_and_are_fully_checked():
    """Game-level random play with every check (masks exact, clones, refusals): swaps happen."""
    swaps = 0
    for seed, lineup in enumerate(LINEUPS[:2]):
        cfg = Config(num_players=len(lineup), pack="herokill", hero_selection=lineup)
        play_fully_checked(cfg, 9100 + seed, all_illegal_every=30, sample=3)
    for seed in range(30):
        lineup = LINEUPS[seed % len(LINEUPS)]
        g = Game.new(Config(num_players=len(lineup), pack="herokill", hero_selection=lineup),
                     seed=seed)
        rng = np.random.default_rng(seed)
        while not g.done:
            before = seating(g)
            g.step(int(rng.choice(g.legal_actions())))
            check_invariants(g)
            swaps += seating(g) != before
    assert swaps > 5


def test_hidden_information_with_swaps():
    """No hidden information leaks in games where seats swap places."""
    cfg = Config(num_players=5, pack="herokill", hero_selection=LINEUPS[0])
    assert play_checking_hidden_info(cfg, 11, 3) > 0


def test_vector_env_plays_the_aec_games_with_swaps():
    """VectorEnv == AEC env on games with 武则天 (observations, masks, seats, rewards)."""
    from test_vector import play_against_aec
    play_against_aec(5, 2, 600, seed=77, min_games=1, num_threads=1, pack="herokill",
                     hero_selection=LINEUPS[0])


def test_aec_agents_keep_their_seat_after_swaps():
    """In the PettingZoo env player_k stays seat k: its observation shows its own role and hand
    after any swap, and the agent asked is the seat the engine asks."""
    env = heroes_env.env(num_players=5, pack="herokill", hero_selection=LINEUPS[0])
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    swapped = False
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        g = env.unwrapped.game
        k = int(agent.split("_")[1])
        assert k == g.decider
        o = obs["observation"]
        assert np.flatnonzero(o[C.OBS_HAND:C.OBS_HAND + C.MAX_CARDS]).tolist() == sorted(g.hand(k))
        assert o[C.OBS_ROLE + int(g.s[C.P_ROLE + k])] == 1.0
        swapped |= positions(g) != list(range(5))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert swapped
