"""The public history pieces of the observation (engine/history.py, docs/observation.md).

Scenario tests rig a table with ``heroes_env.scenario.build``, drive it by labels and check that
each kind of event lands on the right ordered pair (actor -> receiver), in the state (absolute
seats) and in every viewer's observation (relative seats, 迁都 included); then saturation, the
round reset and the window of recent events.

Seats in a 4-player table: 0 lord, 1 rebel, 2 loyalist, 3 renegade unless a test says otherwise.
"""
import numpy as np
import pytest
from helpers import damage, expect
from helpers import table4 as table

from heroes_env.engine import constants as C
from heroes_env.engine.history import hist_add, hist_counter

ANCHOR = "zhuahuangfeidian"      # usable equipment that keeps the play decision open
NOTHING = {k: 0 for k in range(C.NUM_HK)}


def counts(g, scope=C.HIST_GAME):
    """{(kind, actor, receiver): count} of every non-zero counter over the game (absolute seats);
    scope HIST_RND: {(class, actor, receiver): count} of the round's."""
    n = g.num_players
    width = C.NUM_HK if scope == C.HIST_GAME else C.NUM_HC
    return {(k, a, b): int(hist_counter(g.s, scope, k, a, b))
            for k in range(width) for a in range(n) for b in range(n)
            if hist_counter(g.s, scope, k, a, b)}


def cell(obs, ra, rb, kind, piece=C.OBS_HIST_GAME):
    return obs[piece + (ra * C.MAX_SEATS + rb) * C.NUM_HK + kind]


def o_round(obs, ra, rb, cls):
    return obs[C.OBS_HIST_ROUND + (ra * C.MAX_SEATS + rb) * C.NUM_HC + cls]


def bits(x):
    return int(sum(int(v) << i for i, v in enumerate(x)))


def window(obs):
    """The observed events, newest first: (kind, actor rel, receiver rel, card kind, amount)."""
    out = []
    for j in range(C.HIST_WINDOW):
        e = obs[C.OBS_HIST_EVENTS + j * C.HIST_EVENT_OBS:][:C.HIST_EVENT_OBS]
        if not e[C.OE_KIND:C.OE_KIND + C.NUM_HK].any():
            assert not e.any()
            continue
        out.append((int(np.argmax(e[C.OE_KIND:C.OE_KIND + C.NUM_HK])),
                    bits(e[C.OE_ACTOR:C.OE_ACTOR + 4]), bits(e[C.OE_RECV:C.OE_RECV + 4]),
                    bits(e[C.OE_CARD:C.OE_CARD + 5]), round(float(e[C.OE_AMOUNT]) * 10)))
    return out


HC_OF = {C.HK_DAMAGE: C.HC_HOSTILE, C.HK_AIM: C.HC_HOSTILE, C.HK_HEAL: C.HC_FRIENDLY,
         C.HK_GIVE: C.HC_FRIENDLY, C.HK_PROTECT: C.HC_FRIENDLY}


def as_classes(kinds):
    """{(kind, actor, receiver): count} summed by class: {(class, actor, receiver): count}."""
    out = {}
    for (k, a, b), x in kinds.items():
        out[HC_OF[k], a, b] = out.get((HC_OF[k], a, b), 0) + x
    return out


def round_classes(g):
    """{(class, actor, receiver): count} of this round (absolute seats), as observed."""
    return counts(g, C.HIST_RND) if g.s[C.HIST_RNDNO] == g.s[C.H_ROUND] else {}


def check_every_viewer(g):
    """Every viewer sees each absolute counter at its relative pair, and nothing else."""
    n = g.num_players
    got = counts(g)
    rnd = round_classes(g)
    P = C.MAX_SEATS * C.MAX_SEATS
    for v in range(n):
        o = g.observe(v)
        hist = np.zeros(P * (C.NUM_HK + C.NUM_HC), np.float32)
        for table_, off, width in ((got, 0, C.NUM_HK), (rnd, P * C.NUM_HK, C.NUM_HC)):
            for (k, a, b), x in table_.items():
                ra, rb = g.rel(v, a), g.rel(v, b)
                hist[off + (ra * C.MAX_SEATS + rb) * width + k] = np.float32(x * C.HIST_SCALE)
        np.testing.assert_array_equal(o[C.OBS_HIST_GAME:C.OBS_HIST_EVENTS], hist)


@pytest.fixture(autouse=True)
def _rel(monkeypatch):
    """g.rel(viewer, seat): the relative seat the engine uses (table order, 迁都 included)."""
    from heroes_env.engine.state import rel_seat
    from heroes_env.game import Game
    monkeypatch.setattr(Game, "rel", lambda g, v, seat: int(rel_seat(g.s, v, seat)), raising=False)


# ================================================================ layout
def test_layout_is_appended_and_within_budget():
    """The history pieces come after OBS_OFFER, the end of the pieces before them, and stay in
    budget."""
    assert C.OBS_HIST_GAME == C.OBS_OFFER + C.OBS_HERO_ROOM
    assert C.OBS_SIZE - C.OBS_HIST_GAME <= C.OBS_HIST_GAME // 2
    assert (C.STATE_SIZE - C.STATE_SIZE_BEFORE_HISTORY) * 4 <= 1536
    assert C.HIST_GAME == C.P_AT + C.MAX_SEATS


# ================================================================ cards aimed, damage, healing
def test_slash_aims_and_damages_actor_to_receiver():
    g = table(["slash ♠7", ANCHOR])
    g.play("slash ♠7")
    g.play("target player_1")
    assert damage(g) == [(0, 1, 1)]
    assert counts(g) == {(C.HK_AIM, 0, 1): 1, (C.HK_DAMAGE, 0, 1): 1}
    assert counts(g, C.HIST_RND) == as_classes(counts(g))
    assert round_classes(g) == {(C.HC_HOSTILE, 0, 1): 2}
    assert o_round(g.observe(1), 3, 0, C.HC_HOSTILE) == np.float32(0.2)
    check_every_viewer(g)
    # the viewer's own row is 0; the rebel sees the lord 3 places after him (4 seats)
    assert cell(g.observe(0), 0, 1, C.HK_DAMAGE) == np.float32(0.1)
    assert cell(g.observe(1), 3, 0, C.HK_AIM) == np.float32(0.1)
    # newest first: the damage (card kind 杀, 1 HP), then the aim
    assert window(g.observe(2)) == [(C.HK_DAMAGE, 2, 3, C.K_SLASH, 1),
                                    (C.HK_AIM, 2, 3, C.K_SLASH, 1)]


def test_dodged_slash_is_still_aimed():
    g = table(["slash ♠7", ANCHOR], ["jink ♦2"])
    g.play("slash ♠7")
    g.play("target player_1")
    g.play("Jink ♦2")
    assert counts(g) == {(C.HK_AIM, 0, 1): 1}


def test_duel_winner_deals_the_damage():
    g = table(["duel", ANCHOR], ["slash ♠8"])
    g.play("duel")
    g.play("target player_1")
    g.play("Slash ♠8")              # the lord has no 杀: the rebel wins the duel
    assert counts(g) == {(C.HK_AIM, 0, 1): 1, (C.HK_DAMAGE, 1, 0): 1}
    check_every_viewer(g)


@pytest.mark.parametrize("card,kind", [("dismantlement", C.K_DISMANTLE), ("snatch", C.K_SNATCH),
                                       ("indulgence", C.K_INDULGENCE)])
def test_tricks_aimed(card, kind):
    g = table([card, ANCHOR], ["jink ♦2"], ["jink ♦3"], ["jink ♦4"])
    g.play(card)
    g.play("target player_1")
    if g.decider == 0 and g.decision_kind == C.DK_PICK:
        g.play("a hand card")
    assert counts(g) == {(C.HK_AIM, 0, 1): 1}
    assert window(g.observe(0))[-1] == (C.HK_AIM, 0, 1, kind, 1)


def test_collateral_aims_at_wielder_and_victim_and_the_slash_at_the_victim():
    g = table(["collateral", ANCHOR], {"hand": ["slash ♠8"], "equip": ["halberd"]}, [],
              {"equip": ["blade"]})
    g.play("collateral")
    g.play("target player_1")
    g.play("target player_3")
    g.play("Slash ♠8")
    assert counts(g) == {(C.HK_AIM, 0, 1): 1, (C.HK_AIM, 0, 3): 1, (C.HK_AIM, 1, 3): 1,
                         (C.HK_DAMAGE, 1, 3): 1}
    check_every_viewer(g)


def test_area_tricks_are_not_aimed_but_their_damage_counts():
    g = table(["savage_assault", ANCHOR])
    g.play("savage_assault")
    while not (g.decider == 0 and g.decision_kind == C.DK_PLAY):
        g.play("pass")
    assert counts(g) == {(C.HK_DAMAGE, 0, 1): 1, (C.HK_DAMAGE, 0, 2): 1, (C.HK_DAMAGE, 0, 3): 1}


def test_peach_in_anothers_dying_heals_actor_to_receiver():
    g = table(["slash ♠7", ANCHOR], {"hp": 1}, ["peach ♥3"])
    g.play("slash ♠7")
    g.play("target player_1")
    expect(g, 2, C.DK_PEACH)
    g.play("Peach ♥3")
    assert g.hp(1) == 1
    assert counts(g) == {(C.HK_AIM, 0, 1): 1, (C.HK_DAMAGE, 0, 1): 1, (C.HK_HEAL, 2, 1): 1}
    assert window(g.observe(1))[0] == (C.HK_HEAL, 1, 0, C.K_PEACH, 1)
    assert o_round(g.observe(0), 2, 1, C.HC_FRIENDLY) == np.float32(0.1)
    check_every_viewer(g)


def test_own_peach_is_self_heal_and_god_salvation_is_not_recorded():
    g = table({"hp": 2, "hand": ["peach ♥3", "god_salvation", ANCHOR]}, {"hp": 2})
    g.play("Peach ♥3")
    assert counts(g) == {(C.HK_HEAL, 0, 0): 1}
    g.play("god_salvation")
    while not (g.decider == 0 and g.decision_kind == C.DK_PLAY):
        g.play("pass")
    assert g.hp(1) == 3
    assert counts(g) == {(C.HK_HEAL, 0, 0): 1}           # 桃园结义 heals everyone: no read


# ================================================================ 无懈可击
def test_nullification_protects_the_target_and_a_counter_hurts_it():
    """A 无懈可击 cancelling a harmful trick aimed at a seat protects it; one restoring the trick
    hurts it."""
    g = table(["dismantlement", ANCHOR], ["jink ♦2"], ["nullification ♠J"],
              ["nullification ♣Q"])
    g.play("dismantlement")
    g.play("target player_1")
    expect(g, 2, C.DK_NULLIFY)
    g.play("Nullification ♠J")             # the loyalist protects the rebel (!)
    expect(g, 3, C.DK_NULLIFY)
    g.play("Nullification ♣Q")             # the renegade restores the trick (the rebel's one
                                           # card is then taken: no choice, autoplayed)
    assert counts(g) == {(C.HK_AIM, 0, 1): 1, (C.HK_PROTECT, 2, 1): 1, (C.HK_AIM, 3, 1): 1}
    assert window(g.observe(0))[:2] == [(C.HK_AIM, 3, 1, C.K_NULLIFICATION, 1),
                                        (C.HK_PROTECT, 2, 1, C.K_NULLIFICATION, 1)]
    check_every_viewer(g)


def test_nullifying_a_helpful_trick_hurts_its_user():
    """无中生有 on oneself cancelled: hostile to the seat that used it."""
    g = table(["ex_nihilo", ANCHOR], [], [], ["nullification ♣Q"])
    g.play("ex_nihilo")
    expect(g, 3, C.DK_NULLIFY)
    g.play("Nullification ♣Q")
    assert counts(g) == {(C.HK_AIM, 3, 0): 1}


# ================================================================ skills
def test_rende_gives_count_only():
    g = table({"hero": "liubei", "hand": ["jink ♦2", "slash ♠7", ANCHOR]},
              {"hero": "xuchu"}, {"hero": "zhangfei"}, {"hero": "xuchu"})
    g.play("skill Benevolence")
    g.play("target player_2")
    g.play("Jink ♦2")
    g.play("Slash ♠7")
    g.play("confirm")
    assert counts(g) == {(C.HK_GIVE, 0, 2): 2}     # (full HP: the second card heals nothing)
    assert window(g.observe(2))[-1] == (C.HK_GIVE, 2, 0, C.K_NONE, 1)


def test_fanjian_is_a_harmful_skill_aimed():
    g = table({"hero": "zhouyu", "hand": ["slash ♠7"]}, {"hero": "xuchu"},
              {"hero": "zhangfei", "hand": [ANCHOR]}, {"hero": "xuchu"})
    g.play("skill Sow Dissension")
    g.play("target player_2")
    g.play("red")                            # wrong: 1 damage from 周瑜
    assert counts(g) == {(C.HK_AIM, 0, 2): 1, (C.HK_DAMAGE, 0, 2): 1}
    assert window(g.observe(0))[-1] == (C.HK_AIM, 0, 2, C.K_NONE, 1)


def test_lijian_aims_at_the_duel_victim():
    g = table({"hero": "diaochan", "hand": ["slash ♠7", ANCHOR]},
              {"hero": "ganning"}, {"hero": "lvmeng", "hand": ["slash ♠9"]},
              {"hero": "zhenji"})
    g.play("skill Seed of Animosity")
    g.play("Slash ♠7")
    g.play("target player_1")          # 甘宁 uses the 决斗 on the only other male, 吕蒙
    g.play("Slash ♠9")
    assert damage(g) == [(2, 1, 1)]
    assert counts(g) == {(C.HK_AIM, 0, 2): 1, (C.HK_DAMAGE, 2, 1): 1}


# ================================================================ 迁都, saturation, round, window
def test_relative_order_follows_qiandu():
    from helpers import qiandu
    from helpers import wuzetian_table as hk_table
    g = hk_table({"hand": ["slash ♠7", "slash ♣8", "slash ♠9", ANCHOR]})
    qiandu(g, ["Slash ♠7", "Slash ♣8"], 2)
    assert g.s[C.H_MOVED] == 1
    g.play("Slash ♠9")
    legal = [x for x in g.legal_labels() if x.startswith("target")]
    g.play(legal[0])
    t = int(g.s[C.H_DTGT]) if g.decision_kind == C.DK_JINK else None
    got = counts(g)
    aimed = [b for (k, a, b) in got if k == C.HK_AIM and a == 0]
    assert len(aimed) == 1 and (t is None or t == aimed[0])
    check_every_viewer(g)
    # after the swap seat 0 sits where seat 2 sat: seat 1's view of seat 0 is 1 place after him
    assert g.rel(1, 0) == 1 and g.rel(0, 2) == 3


def test_counters_saturate_without_touching_neighbours():
    g = table([ANCHOR])
    s = g.s
    for _ in range(200):
        hist_add(s, C.HK_DAMAGE, 1, 2, C.K_SLASH, 3)
    assert hist_counter(s, C.HIST_GAME, C.HK_DAMAGE, 1, 2) == C.HIST_MAX
    assert hist_counter(s, C.HIST_RND, C.HC_HOSTILE, 1, 2) == C.HIST_MAX
    assert counts(g) == {(C.HK_DAMAGE, 1, 2): C.HIST_MAX}
    assert C.HIST_MAX == 63
    # the last counter of a pair too: no spill into the next pair or the other kinds
    hist_add(s, C.HK_PROTECT, 3, 3, 0, 500)
    hist_add(s, C.HK_PROTECT, 3, 2, 0, 1)
    assert [hist_counter(s, C.HIST_GAME, k, 3, 3) for k in range(C.NUM_HK)] == [0, 0, 0, 0, 63]
    assert counts(g) == {(C.HK_DAMAGE, 1, 2): C.HIST_MAX, (C.HK_PROTECT, 3, 3): C.HIST_MAX,
                         (C.HK_PROTECT, 3, 2): 1}
    assert (s[C.HIST_GAME:C.HIST_RNDNO] >= 0).all()
    o = g.observe(0)
    assert cell(o, 1, 2, C.HK_DAMAGE) == np.float32(C.HIST_MAX * C.HIST_SCALE)
    assert window(o)[1][4] == C.HE_AMOUNT_MAX        # the event amount saturates at 15


def test_a_round_class_saturates_as_one_counter():
    """The round counts a class in one counter: damage and aims together stop at HIST_MAX (the
    game's counters, one per kind, each stop there), and the observation shows that."""
    g = table([ANCHOR])
    s = g.s
    for _ in range(40):
        hist_add(s, C.HK_DAMAGE, 1, 2, C.K_SLASH, 1)
        hist_add(s, C.HK_AIM, 1, 2, C.K_SLASH, 1)
    assert counts(g) == {(C.HK_DAMAGE, 1, 2): 40, (C.HK_AIM, 1, 2): 40}
    assert counts(g, C.HIST_RND) == {(C.HC_HOSTILE, 1, 2): C.HIST_MAX}
    assert o_round(g.observe(1), 0, 1, C.HC_HOSTILE) == np.float32(C.HIST_MAX * C.HIST_SCALE)
    check_every_viewer(g)


def test_round_counters_reset_at_a_new_round():
    g = table(["slash ♠7", ANCHOR])
    g.play("slash ♠7")
    g.play("target player_1")
    r = g.round
    game = counts(g)
    assert counts(g, C.HIST_RND) == as_classes(game) and g.s[C.HIST_RNDNO] == r
    while g.round == r and not g.done:
        legal = g.legal_actions()
        g.step(C.A_PASS if C.A_PASS in legal else legal[0])
    assert g.round == r + 1
    o = g.observe(0)
    assert not o[C.OBS_HIST_ROUND:C.OBS_HIST_EVENTS].any()        # stale: not this round's
    assert counts(g) == game and cell(o, 0, 1, C.HK_AIM) == np.float32(0.1)
    hist_add(g.s, C.HK_GIVE, 2, 3, 0, 1)                          # the first event of the round
    assert counts(g, C.HIST_RND) == {(C.HC_FRIENDLY, 2, 3): 1}
    check_every_viewer(g)


def test_window_keeps_the_last_events_newest_first():
    g = table([ANCHOR])
    for i in range(C.HIST_WINDOW + 3):
        hist_add(g.s, C.HK_GIVE, 0, 1 + i % 3, 0, 1 + i)
    w = window(g.observe(0))
    assert len(w) == C.HIST_WINDOW
    assert [e[4] for e in w] == [min(C.HIST_WINDOW + 3 - j, 15) for j in range(C.HIST_WINDOW)]
    assert [e[2] for e in w] == [1 + (C.HIST_WINDOW + 2 - j) % 3 for j in range(C.HIST_WINDOW)]


def test_state_vector_has_the_history_too():
    g = table(["slash ♠7", ANCHOR])
    g.play("slash ♠7")
    g.play("target player_1")
    st = g.state_vector()
    np.testing.assert_array_equal(st[C.OBS_HIST_GAME:C.OBS_SIZE],
                                  g.observe(0)[C.OBS_HIST_GAME:C.OBS_SIZE])
    assert st[C.OBS_HIST_GAME:C.OBS_SIZE].any()


def test_random_games_record_every_damage():
    """Over random games the damage counters add up to the damage dealt by a seat."""
    from heroes_env import Config, Game
    for pack, mode in (("none", "identity"), ("standard", "identity"), ("herokill", "3v3")):
        cfg = Config(num_players=6 if mode == "3v3" else 5, pack=pack, mode=mode)
        g = Game.new(cfg, seed=11, log=True)
        rng = np.random.default_rng(5)
        while not g.done:
            g.step(int(rng.choice(g.legal_actions())))
        dealt = sum(e[3] for e in g.event_log if e[0] == C.EV_DAMAGE and e[1] >= 0)
        got = sum(x for (k, a, b), x in counts(g).items() if k == C.HK_DAMAGE)
        assert got == dealt, pack
        check_every_viewer(g)


def test_observe_writes_only_its_own_cells():
    """The history's runs of counter bytes move 8 at a time: every viewer's observation of random
    games (迁都 tables and 3v3 too) leaves the bytes around its array untouched, in both
    encodings."""
    from heroes_env.engine.observe import observe
    from heroes_env.vector import VectorEnv
    for cfg in (dict(num_players=8), dict(num_players=7, pack="classmates"), dict(mode="3v3")):
        v = VectorEnv(16, num_threads=1, **cfg)
        v.reset(seed=11)
        a = v.random_actions()
        seen = 0
        for t in range(150):
            v.step(a)
            a = v.random_actions()
            if t % 10:
                continue
            for s in v.core.S:
                for viewer in range(s[C.H_NP]):
                    for dtype in (np.uint8, np.float32):
                        g = np.full(C.OBS_SIZE + 128, 77, dtype)
                        observe(s, viewer, g[64:64 + C.OBS_SIZE], False)
                        assert (g[:64] == 77).all() and (g[64 + C.OBS_SIZE:] == 77).all()
                    seen += s[C.HIST_CNT] > 0
        assert seen > 0
