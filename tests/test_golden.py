"""The golden corpus: seeded random games whose every decision and final state must not change.

For a few seeds per mode × hero pack × player count, with autoplay on and off, a seeded random
policy plays one game through ``heroes_env.Game``; three hashes are compared with the committed
``tests/data/golden.json``:

* ``decisions``: every decision in order: the deciding seat, its legal actions and the action taken;
* ``final``: the final state in a layout-independent form (result, rewards, round, decision and
  event counts, each seat's HP / max HP / alive / role / hero / hand / equipment / judgement zone /
  hero pile, the draw pile and discard pile), never the raw state row, whose layout may change;
* ``obs``: the float32 observation of the deciding seat at every decision and the final
  ``state_vector``: this one changes when the observation *encoding* changes on purpose.

A refactoring of the engine must leave all three unchanged: that is its test of "no behaviour
change". Regenerate the file only when behaviour (or, for ``obs`` alone, the observation
encoding) changes on purpose and that change is reviewed, never to make a failure go away:

    python -m tests.test_golden --regen          # all three hashes
    python -m tests.test_golden --regen-obs      # only the obs hashes (an encoding change)
"""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import pytest

from heroes_env import Config, Game
from heroes_env.engine import constants as C

DATA = Path(__file__).resolve().parent / "data" / "golden.json"
SEEDS = (0, 1, 2, 3, 4)
PACKS = ("none", "standard", "herokill", "classmates")
# (mode, num_players)
TABLES = (("identity", 5), ("identity", 8), ("3v3", 6))


def cases():
    for mode, n in TABLES:
        for pack in PACKS:
            for autoplay in (True, False):
                for seed in SEEDS:
                    yield f"{mode}-{n}-{pack}-{'auto' if autoplay else 'noauto'}-{seed}", \
                        Config(mode=mode, num_players=n, pack=pack, autoplay=autoplay), seed


def _zone(g, zone):
    return sorted(g.zone_cards(zone))


def final_summary(g: Game) -> dict:
    """The end of a game in a form that does not depend on the state row's layout."""
    seats = []
    for seat in range(g.num_players):
        h = g.hero(seat)
        seats.append(dict(hp=g.hp(seat), max_hp=g.max_hp(seat), alive=g.alive(seat),
                          role=g.role(seat), hero=h.key if h is not None else None,
                          hand=g.hand(seat), equipment=g.equipment(seat),
                          judge=g.judgement_zone(seat), pile=g.hero_pile(seat)))
    return dict(result=g.result, rewards=g.rewards().tolist(), round=g.round,
                decisions=int(g.s[C.H_NDEC]), auto=int(g.s[C.H_NAUTO]), events=int(g.s[C.H_NEV]),
                draw_pile=g.draw_pile(), discard=_zone(g, C.Z_DISCARD), seats=seats)


def play(config: Config, seed: int, log: bool = False) -> dict:
    """One seeded random game; its hashes and its decision count. log: play it with the full
    event log (forced decisions then auto-played by ``Game``, not in the engine) and hash it."""
    g = Game.new(config, seed=seed, log=log)
    rng = np.random.default_rng([seed, config.num_players, 7])
    dec = hashlib.sha256()
    obs = hashlib.sha256()
    n = 0
    while not g.done:
        seat = g.decider
        legal = g.legal_actions()
        a = legal[int(rng.integers(len(legal)))]
        dec.update(np.array([seat, a, len(legal)] + legal, np.int32).tobytes())
        obs.update(g.observe(seat).tobytes())
        g.step(a)
        n += 1
    obs.update(g.state_vector().tobytes())
    final = json.dumps(final_summary(g), sort_keys=True).encode()
    out = dict(decisions=dec.hexdigest()[:16], final=hashlib.sha256(final).hexdigest()[:16],
               obs=obs.hexdigest()[:16], n=n)
    if log:
        assert g.events_lost == 0
        out["log"] = _hash(json.dumps([g.event_log, sorted(g.public_gains)]).encode())
    return out


def _hash(b: bytes) -> str:
    return hashlib.sha256(b).hexdigest()[:16]


def _load():
    if not DATA.exists():
        pytest.fail(f"{DATA} is missing: generate it with `python -m tests.test_golden --regen`")
    return json.loads(DATA.read_text())


CASES = list(cases())


def _compare(name, got, want, what=""):
    assert got["n"] == want["n"] and got["decisions"] == want["decisions"], \
        f"{name}{what}: the decision sequence changed ({want['n']} -> {got['n']} decisions)"
    assert got["final"] == want["final"], f"{name}{what}: the final state changed"
    assert got["obs"] == want["obs"], \
        f"{name}{what}: the observations changed (decisions and final state did not)"


@pytest.mark.parametrize("name,config,seed", CASES, ids=[c[0] for c in CASES])
def test_golden(name, config, seed):
    _compare(name, play(config, seed), _load()[name])


@pytest.mark.parametrize("name,config,seed", CASES[::3], ids=[c[0] for c in CASES[::3]])
def test_golden_with_event_log(name, config, seed):
    """The same game with the full event log (``Game(log=True)``: forced decisions auto-played
    one at a time by ``Game``, the events kept): the same decisions, and the same events."""
    want = _load()[name]
    got = play(config, seed, log=True)
    _compare(name, got, want, " (log=True)")
    assert got["log"] == want["log"], f"{name}: the event log changed"


def test_corpus_covers_every_case():
    assert sorted(_load()) == sorted(c[0] for c in CASES)


def regenerate(only_obs: bool = False) -> None:
    old = json.loads(DATA.read_text()) if DATA.exists() else {}
    out = {}
    for name, config, seed in CASES:
        got = play(config, seed)
        if only_obs:
            if name not in old:
                raise SystemExit(f"{name} is not in {DATA}: use --regen")
            for key in ("n", "decisions", "final"):
                if got[key] != old[name][key]:
                    raise SystemExit(f"{name}: {key} changed, not only the observations")
            got = {**old[name], "obs": got["obs"]}
        else:
            got["log"] = play(config, seed, log=True)["log"]
        out[name] = got
    DATA.parent.mkdir(parents=True, exist_ok=True)
    DATA.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(out)} cases to {DATA}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--regen"]:
        regenerate()
    elif sys.argv[1:] == ["--regen-obs"]:
        regenerate(only_obs=True)
    else:
        raise SystemExit("usage: python -m tests.test_golden --regen | --regen-obs")
