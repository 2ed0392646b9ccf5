"""Older observation layouts (``heroes_env/obs_layouts.py``) and the nets trained on them.

``tests/data/obs_layout2_nets.npz`` was recorded with the code of layout 2 (3,200 cells, hero
room 96), before the hero room widened: 24 decisions of heuristic games at four tables (packs
none, standard and herokill at 5 players, standard at 8; draft decisions among them), each as
its state row, deciding seat, observation (bytes), mask and the heuristic's suggestion, with
the action probabilities every shipped policy checkpoint gave there and the belief model's role
distributions. Today's code must give the same from today's observation of the same states.
The record names each checkpoint where it lay then; ``HOMES`` says where it lies now (the zoo,
``agents/``, or the tests' data), or that it left the repository (the git history keeps it).
"""
import pathlib

import numpy as np
import pytest

from heroes_env import Config, Game, obs_layouts
from heroes_env.engine import constants as C
from heroes_env.obs import obs_to_float32
from heroes_env.obs_layouts import (
    HERO_ROOM_BEFORE,
    LAYOUT_SIZES,
    SEAT_OBS_OF,
    columns,
    layout_of_size,
    old_view,
    widen_obs,
)

ROOT = pathlib.Path(__file__).resolve().parents[1]
RECORD = ROOT / "tests" / "data" / "obs_layout2_nets.npz"
HOMES = {
    "heroes_env/checkpoints/selfplay_none5_prior.pt": "agents/none5/selfplay_none5_prior.pt",
    "heroes_env/checkpoints/selfplay_standard5_prior.pt":
        "agents/standard5/selfplay_standard5_prior.pt",
    # trained on since at today's layout: the recorded layout-2 checkpoint is in git history only
    "training/checkpoints/selfplay_herokill5_wip.pt": None,
    "training/checkpoints/selfplay_standard8_wip.pt": "agents/standard8/selfplay_standard8_wip.pt",
    "training/checkpoints/selfplay_none5_kf_rw.pt": "agents/none5/start/selfplay_none5_kf_rw.pt",
    "training/checkpoints/selfplay_standard5_wip.pt":
        "agents/standard5/start/selfplay_standard5_wip.pt",
    "training/checkpoints/selfplay_none5.pt": "tests/data/selfplay_none5.pt",     # layout 1
    "training/checkpoints/selfplay_none5_hist.pt": None,
    "training/checkpoints/selfplay_none5_kf.pt": None,
    "training/checkpoints/selfplay_none5_kf_r.pt": None,
}


@pytest.fixture(scope="module")
def record():
    data = dict(np.load(RECORD))
    tables = [t.split(":") for t in data["tables"]]
    games = [Game.from_bytes(Config(num_players=int(tables[t][1]), pack=tables[t][0]),
                             s.tobytes()) for t, s in zip(data["table"], data["states"],
                                                          strict=True)]
    data["today"] = np.array([g.observe(int(seat), np.uint8)
                              for g, seat in zip(games, data["seat"], strict=True)])
    return data


def test_the_layouts_sizes():
    assert LAYOUT_SIZES == {1: 2348, 2: 3200, C.OBS_LAYOUT: C.OBS_SIZE}
    assert SEAT_OBS_OF == {1: 151, 2: 151, C.OBS_LAYOUT: C.SEAT_OBS}
    assert layout_of_size(C.OBS_SIZE) == C.OBS_LAYOUT and layout_of_size(1000) is None
    assert HERO_ROOM_BEFORE < C.OBS_HERO_ROOM
    # layout 1 is layout 2 without the history at its end
    assert (columns(1) == columns(2)[:LAYOUT_SIZES[1]]).all()
    for v, n in LAYOUT_SIZES.items():
        assert f"{n:,}" in obs_layouts.__doc__, v


def test_todays_observation_less_the_inserted_cells_is_the_old_one(record):
    """Deleting the cells inserted since layout 2 from today's observation gives, bit for bit,
    what the layout-2 code observed; those cells are zero, so widening gives today's back."""
    today, old = record["today"], record["obs"]
    assert today.shape[1] == C.OBS_SIZE and old.shape[1] == LAYOUT_SIZES[2]
    assert (old_view(today, 2) == old).all()
    assert (widen_obs(old, 2) == today).all()
    assert (old_view(today, 1) == old[:, :LAYOUT_SIZES[1]]).all()
    # the draft's offers and the heroes shown are among the recorded decisions
    assert today[:, C.OBS_OFFER:C.OBS_OFFER + C.OBS_HERO_ROOM].any()


def _probs(net, obs, masks, prior):
    import torch
    with torch.no_grad():
        lg, _ = net(torch.from_numpy(obs_to_float32(obs)), torch.from_numpy(masks != 0),
                    prior=torch.from_numpy(prior) if "prior" in net.features else None)
    return torch.softmax(lg, -1).numpy()


def test_shipped_policies_play_the_same_on_todays_layout(record):
    """Every policy checkpoint in the repository saved at an older layout (1 or 2) is migrated
    when loaded: its action probabilities on today's observations equal those its layout's code
    gave on the old ones, and it picks the same actions. (A zoo agent saved at today's layout
    needs no migration.)"""
    torch = pytest.importorskip("torch")
    from heroes_env.agents.torch_policy import load_checkpoint
    from heroes_env.agents.trained import shipped_checkpoints
    names = [str(n) for n in record["checkpoints"]]
    assert set(names) == set(HOMES)
    here = {h for h in HOMES.values() if h}
    older = {f"agents/{e['file']}" for e in shipped_checkpoints().values()
             if torch.load(ROOT / "agents" / e["file"], map_location="cpu",
                           weights_only=True)["arch"].get("obs_layout", 1) < C.OBS_LAYOUT}
    assert older <= here
    assert all((ROOT / h).is_file() for h in here)
    for name, want in zip(names, record["probs"], strict=True):
        if HOMES[name] is None:
            continue
        net, _ = load_checkpoint(str(ROOT / HOMES[name]))
        assert net.arch["obs_size"] == C.OBS_SIZE and net.arch["obs_layout"] == C.OBS_LAYOUT
        got = _probs(net, record["today"], record["masks"], record["prior"])
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-6, err_msg=name)
        assert (got.argmax(1) == want.argmax(1)).all(), name


def test_shipped_belief_model_reads_the_same_on_todays_layout(record):
    torch = pytest.importorskip("torch")
    from heroes_env.agents.belief import load_belief
    reader = load_belief(str(ROOT / "heroes_env" / "data" / "belief.pt"))
    assert reader.net.l1.in_features == reader.net.arch["seat_inputs"]
    with torch.no_grad():
        got = torch.softmax(reader.net(torch.from_numpy(record["today"])), -1).numpy()
    np.testing.assert_allclose(got, record["belief"], rtol=0, atol=1e-6)


def test_a_migrated_policy_is_saved_in_todays_layout(tmp_path):
    pytest.importorskip("torch")
    from heroes_env.agents.torch_policy import load_checkpoint, save_checkpoint
    net, meta = load_checkpoint(str(ROOT / "tests" / "data" / "selfplay_none5.pt"))
    save_checkpoint(str(tmp_path / "m.pt"), net, meta)
    again, _ = load_checkpoint(str(tmp_path / "m.pt"))
    assert again.arch == net.arch
    for k, v in net.state_dict().items():
        assert (again.state_dict()[k] == v).all(), k


def test_a_training_state_of_layout_2_resumes_migrated():
    """A selfplay_ppo.py training state saved for layout 2: its net and pool migrate as the
    checkpoint does, its first layer's Adam moments and its stored observations widen."""
    torch = pytest.importorskip("torch")
    from heroes_env.agents.torch_policy import migrate_policy
    from training.selfplay_ppo import migrate_state
    saved = torch.load(ROOT / "agents" / "none5" / "start" / "selfplay_none5_kf_rw.pt",
                       weights_only=True)
    arch, sd = saved["arch"], saved["state_dict"]
    first = sd["trunk.0.weight"]
    obs = np.arange(3 * LAYOUT_SIZES[2], dtype=np.float32).reshape(3, -1)
    state = {"net": {"arch": dict(arch), "state_dict": dict(sd)}, "pool": [dict(sd)],
             "opt": {"state": {0: {"step": torch.tensor(5.0), "exp_avg": first.clone(),
                                   "exp_avg_sq": first.abs()}}},
             "store": {"k": 3, "obs": obs}, "venv": {"obs": obs[:2].copy()}}
    out = migrate_state(state, "s.state")
    want_arch, want = migrate_policy(arch, sd)
    assert out["net"]["arch"] == want_arch
    wide = want["trunk.0.weight"]
    assert (out["net"]["state_dict"]["trunk.0.weight"] == wide).all()
    assert (out["pool"][0]["trunk.0.weight"] == wide).all()
    assert (out["opt"]["state"][0]["exp_avg"] == wide).all()
    assert (out["opt"]["state"][0]["exp_avg_sq"] == wide.abs()).all()
    assert (out["store"]["obs"] == widen_obs(obs, 2)).all()
    assert out["venv"]["obs"].shape == (2, C.OBS_SIZE)
    assert migrate_state(out, "s.state") is out          # today's layout: as it is
