"""Golden games of the batched path (the corpus of single games, through ``Game``, is
``tests/test_golden.py``): seeded random play through ``VectorEnv`` hashed (actions, float32
observations, masks, rewards, ends, results) for every mode x pack x a few player counts. The
expected hashes were recorded before the hot-path work (compact observations, a leaner step): any
change of behaviour (a game played differently, one observation cell different by one bit) shows
here. Regenerate only for an intended rule or layout change: ``python -m
tests.test_golden_vector``."""
import hashlib

import numpy as np
import pytest

from heroes_env.vector import VectorEnv

STEPS = 500
B = 4
CASES = [(mode, n, pack) for mode, n in (("identity", 5), ("identity", 8), ("3v3", 6))
         for pack in ("none", "standard", "herokill", "classmates")]
EXPECTED = {
    "identity-5-none": "4fcde724616cdffc",
    "identity-5-standard": "103517ea10d6223b",
    "identity-5-herokill": "3931d60f709be10e",
    "identity-5-classmates": "9e33f3904016e23e",
    "identity-8-none": "85d455da6d047577",
    "identity-8-standard": "e910806676b70637",
    "identity-8-herokill": "41ef2343e1bd43a8",
    "identity-8-classmates": "0a1728f82279fc9d",
    "3v3-6-none": "b3c188f7b3ab4c64",
    "3v3-6-standard": "8a4beaad3bc38db6",
    "3v3-6-herokill": "6f1f89aac37f8bae",
    "3v3-6-classmates": "40f6c19016d00b13",
}


def play_hash(mode, n, pack, seed=7):
    """The hash of STEPS seeded random steps of B games (the agents' stream of reset(seed))."""
    v = VectorEnv(B, num_players=n, mode=mode, pack=pack, num_threads=1)
    h = hashlib.sha256()
    ends = [0]
    st = v.reset(seed=seed)
    for _ in range(STEPS):
        a = v.random_actions()
        for x in (st.seat, st.obs, st.mask, a):
            h.update(np.ascontiguousarray(x).tobytes())
        st = v.step(a)
        ends[0] += int(st.terminated.sum() + st.truncated.sum())
        for x in (st.rewards, st.terminated, st.truncated, st.info["result"], st.info["length"]):
            h.update(np.ascontiguousarray(x).tobytes())
    h.update(np.ascontiguousarray(st.obs).tobytes())
    assert ends[0] >= 2, "the golden run should see games end"
    return h.hexdigest()[:16]


@pytest.mark.parametrize("mode,n,pack", CASES)
def test_golden_games(mode, n, pack):
    assert play_hash(mode, n, pack) == EXPECTED[f"{mode}-{n}-{pack}"]


if __name__ == "__main__":
    for mode, n, pack in CASES:
        print(f'    "{mode}-{n}-{pack}": "{play_hash(mode, n, pack)}",')
