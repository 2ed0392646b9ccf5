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
    "identity-5-none": "ab85daf0a6280e47",
    "identity-5-standard": "8744566eb2ddae2e",
    "identity-5-herokill": "a4cdd81fb6bfbcf2",
    "identity-5-classmates": "8ba8e36756adc21b",
    "identity-8-none": "96b4a136c82c54bf",
    "identity-8-standard": "1ce9ea9776ffcf3e",
    "identity-8-herokill": "13991c80ede4327c",
    "identity-8-classmates": "ebf9e3571cb80053",
    "3v3-6-none": "fd04f30d8ea0dc11",
    "3v3-6-standard": "615d3940b682c0dd",
    "3v3-6-herokill": "9b3ddea96d610a81",
    "3v3-6-classmates": "ea21c47b4f938dff",
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
