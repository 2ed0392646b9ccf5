"""Peers for ``bench_vector.py --peers``: other card-game environments, timed in the same run.

Each peer plays whole games with uniformly random legal actions (numpy Generator) and builds,
at every decision, the observation its API hands an agent, as our envs do:

=========================  ==================================================================
PettingZoo texas_holdem    ``texas_holdem_v4.env()`` AEC loop: ``last()`` (observation + mask)
PettingZoo leduc_holdem    ``leduc_holdem_v4.env()``, the same loop
RLCard doudizhu            ``rlcard.make("doudizhu")``: ``step`` returns the next state
                           (encoded ``obs`` + legal actions)
OpenSpiel dou_dizhu        ``pyspiel`` state loop: ``observation_tensor(player)`` + legal
                           actions before each decision; chance nodes (the deal) sampled
OpenSpiel hearts           the same; hearts has no observation tensor, so
                           ``information_state_tensor(player)`` (5,088 floats)
heroes_env AEC (ours)      ``heroes_env.env(num_players=n)`` loop, one game at a time
=========================  ==================================================================

A **decision** is one action chosen by a player (PettingZoo: a ``step`` with an action, not the
dead steps after the end; OpenSpiel: an action at a non-chance node; RLCard: a ``step``). Chance
steps and resets are timed but not counted. Every peer runs one game at a time in one Python
thread; our VectorEnv runs B games per call over 1-2 threads, so its ratio says what batching
buys, and the AEC ratio is the like-for-like one.
"""
from __future__ import annotations

import statistics
import time

import numpy as np


def _timed(play_game, seconds, repeats):
    """play_game() -> decisions of one whole game; returns median decisions/s and games/s."""
    play_game()                                   # warm-up
    dps, gps = [], []
    for _ in range(repeats):
        dec = games = 0
        t0 = time.perf_counter()
        t_end = t0 + seconds
        while time.perf_counter() < t_end:
            dec += play_game()
            games += 1
        dt = time.perf_counter() - t0
        dps.append(dec / dt)
        gps.append(games / dt)
    return {"decisions_per_s": statistics.median(dps), "games_per_s": statistics.median(gps),
            "runs": dps, "decisions_per_game": sum(dps) / max(sum(gps), 1e-9)}


def _pettingzoo(module_name, seed):
    import importlib
    import warnings
    with warnings.catch_warnings():     # the versioned modules warn about PettingZoo's old API
        warnings.simplefilter("ignore", DeprecationWarning)
        mod = importlib.import_module(f"pettingzoo.classic.{module_name}")
    return _aec_game(mod.env(), seed), "observation + action_mask (last())"


def _aec_game(env, seed):
    """One random game of a PettingZoo AEC env with action masks per call; returns decisions."""
    rng = np.random.default_rng(seed)
    counter = [seed]

    def game():
        counter[0] += 1
        env.reset(seed=counter[0])
        n = 0
        for _agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            n += 1
        return n
    return game


def _rlcard_doudizhu(seed):
    import rlcard
    env = rlcard.make("doudizhu", config={"seed": seed})
    rng = np.random.default_rng(seed)

    def game():
        state, _ = env.reset()
        n = 0
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, _ = env.step(legal[rng.integers(len(legal))])
            n += 1
        return n
    return game, "state['obs'] (790) + legal actions"


def _openspiel(name, seed):
    import pyspiel
    g = pyspiel.load_game(name)
    use_obs = g.get_type().provides_observation_tensor
    rng = np.random.default_rng(seed)

    def game():
        s = g.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(outcomes[rng.integers(len(outcomes))][0])
                continue
            p = s.current_player()
            if use_obs:
                s.observation_tensor(p)
            else:
                s.information_state_tensor(p)
            legal = s.legal_actions()
            s.apply_action(legal[rng.integers(len(legal))])
            n += 1
        return n
    size = g.observation_tensor_size() if use_obs else g.information_state_tensor_size()
    what = ("observation_tensor" if use_obs else
            "information_state_tensor (no observation tensor)") + f" ({size}) + legal actions"
    return game, what


def _ours_aec(n, seed):
    import heroes_env
    from heroes_env.engine import constants as C
    return (_aec_game(heroes_env.env(num_players=n), seed),
            f"observation ({C.OBS_SIZE}) + action_mask ({C.NUM_ACTIONS}), last()")


PEERS = [
    ("PettingZoo texas_holdem_v4", lambda s: _pettingzoo("texas_holdem_v4", s)),
    ("PettingZoo leduc_holdem_v4", lambda s: _pettingzoo("leduc_holdem_v4", s)),
    ("RLCard doudizhu", _rlcard_doudizhu),
    ("OpenSpiel dou_dizhu", lambda s: _openspiel("dou_dizhu", s)),
    ("OpenSpiel hearts", lambda s: _openspiel("hearts", s)),
    ("heroes_env AEC 5p (ours)", lambda s: _ours_aec(5, s)),
    ("heroes_env AEC 8p (ours)", lambda s: _ours_aec(8, s)),
]


def run(seconds, repeats, seed, log=lambda m: None):
    out = []
    for name, make in PEERS:
        log(f"peer: {name} ...")
        rec = {"name": name}
        try:
            game, what = make(seed)
        except Exception as e:          # not installed, or fails to start on this machine
            rec.update(available=False, reason=f"{type(e).__name__}: {e}".splitlines()[0][:200])
            out.append(rec)
            continue
        rec.update(available=True, observation=what)
        rec.update(_timed(game, seconds, repeats))
        out.append(rec)
    return out


def _fmt(x):
    return f"{x / 1e6:.2f}M" if x >= 1e6 else f"{x / 1e3:.1f}k" if x >= 1e3 else f"{x:.0f}"


def print_table(peers, vector_rows, out):
    ours_aec = {p["name"]: p for p in peers if "(ours)" in p["name"] and p.get("available")}
    aec8 = ours_aec.get("heroes_env AEC 8p (ours)")
    best = max((r for r in vector_rows if r["players"] == 8), default=None,
               key=lambda r: r["steps_per_s"]["median"])
    out("peers (same machine, same run; decisions = a player's chosen actions; chance steps and")
    out("resets timed but not counted; every peer: one game at a time, one Python thread)")
    hdr = f"{'environment':<28} {'decisions/s':>11} {'games/s':>9} {'dec/game':>8}"
    if aec8:
        hdr += f" {'AEC 8p / it':>11}"
    if best:
        hdr += f" {'Vector 8p / it':>14}"
    out(hdr)
    for p in peers:
        if not p.get("available"):
            out(f"{p['name']:<28} unavailable: {p['reason']}")
            continue
        line = (f"{p['name']:<28} {_fmt(p['decisions_per_s']):>11} {_fmt(p['games_per_s']):>9} "
                f"{p['decisions_per_game']:>8.1f}")
        if aec8:
            line += f" {aec8['decisions_per_s'] / p['decisions_per_s']:>10.2f}x"
        if best:
            line += f" {best['steps_per_s']['median'] / p['decisions_per_s']:>13.1f}x"
        out(line)
        p["ratio_ours_aec8"] = aec8["decisions_per_s"] / p["decisions_per_s"] if aec8 else None
        p["ratio_ours_vector8"] = (best["steps_per_s"]["median"] / p["decisions_per_s"]
                                   if best else None)
    if best:
        out(f"(Vector 8p = VectorEnv, 8 players, B={best['B']}, {best['threads']} thread(s), "
            f"{_fmt(best['steps_per_s']['median'])} env steps/s: its best row above)")
    for p in peers:
        if p.get("available"):
            out(f"  {p['name']}: {p['observation']}")
