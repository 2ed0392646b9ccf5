"""The policy's first layer from the observation's non-zero cells (SparseObservations) gives the
dense product's outputs and gradients, and the trainer's sampling draws from the softmax."""
import numpy as np
import pytest

torch = pytest.importorskip("torch")

from heroes_env.agents.torch_policy import SparseObservations, build_net, card_kinds  # noqa: E402
from heroes_env.vector import VectorEnv  # noqa: E402
from training.selfplay_ppo import sample_actions  # noqa: E402


@pytest.fixture(scope="module")
def batches():
    """Observations and masks of random play, in both observation dtypes (the same games)."""
    out = {}
    for dtype in ("float32", "uint8"):
        venv = VectorEnv(16, num_players=5, pack="standard", obs_dtype=dtype)
        step = venv.reset(seed=3)
        rng = np.random.default_rng(0)
        obs, masks = [], []
        for _ in range(12):
            obs.append(np.array(step.obs))
            masks.append(np.asarray(step.mask) != 0)
            step = venv.step(np.array([rng.choice(np.flatnonzero(m)) for m in masks[-1]]))
        out[dtype] = torch.as_tensor(np.concatenate(obs)), torch.as_tensor(np.concatenate(masks))
    return out


def _prior(net, mask):
    """A legal action per row as the heuristic's suggestion, for a net with the prior feature."""
    if "prior" not in net.features:
        return None
    return mask.float().argmax(1)


def _outputs(net, obs, mask, sparse=None):
    net.zero_grad()
    logits, value = net(obs, mask, sparse=sparse, prior=_prior(net, mask))
    loss = torch.log_softmax(logits, -1).clamp(min=-30).sum() + value.square().sum()
    loss.backward()
    return logits.detach(), value.detach(), [p.grad.clone() for p in net.parameters()]


@pytest.mark.parametrize("features", [(), ("kinds", "focus", "prior")])
@pytest.mark.parametrize("dtype", ["float32", "uint8"])
def test_sparse_first_layer_is_the_dense_one(batches, features, dtype):
    torch.manual_seed(0)
    net = build_net((64, 32), features=features, card_kinds=card_kinds("standard"))
    obs, mask = batches[dtype]
    cells = SparseObservations(obs, net, _prior(net, mask))
    rows = torch.randperm(len(obs))[:100]
    dense = _outputs(net, obs[rows], mask[rows])
    sparse = _outputs(net, obs[rows], mask[rows], cells.take(rows))
    assert torch.allclose(dense[0], sparse[0], rtol=1e-5, atol=1e-4)
    assert torch.allclose(dense[1], sparse[1], rtol=1e-5, atol=1e-5)
    for g_dense, g_sparse in zip(dense[2], sparse[2], strict=True):
        assert torch.allclose(g_dense, g_sparse, rtol=1e-4, atol=1e-4 * g_dense.abs().max())
    with torch.no_grad():                  # every row, in order
        prior = _prior(net, mask)
        assert torch.allclose(net(obs, mask, prior=prior)[0],
                              net(obs, mask, sparse=cells.all(), prior=prior)[0],
                              rtol=1e-5, atol=1e-4)
    with torch.no_grad():                  # the cells alone, no dense rows
        got = net(None, mask[rows], sparse=cells.take(rows), prior=_prior(net, mask[rows]))[0]
        assert torch.allclose(got, dense[0], rtol=1e-5, atol=1e-4)
    if features:                           # the observation's cells alone are not enough
        obs_only = SparseObservations(obs, build_net((64, 32)))
        with pytest.raises(ValueError, match="obs=None"):
            net(None, mask[rows], sparse=obs_only.take(rows), prior=_prior(net, mask[rows]))
        # ... but with the dense rows they are: the features' cells come from those
        got = net(obs[rows], mask[rows], sparse=obs_only.take(rows),
                  prior=_prior(net, mask[rows]))[0]
        assert torch.allclose(got.detach(), dense[0], rtol=1e-5, atol=1e-4)


def test_the_kept_weights_follow_an_update(batches):
    """Without gradients the first layer's transposed weights are kept between calls; an
    optimiser step must not leave them stale."""
    torch.manual_seed(1)
    net = build_net((32,))
    obs, mask = batches["float32"]
    opt = torch.optim.Adam(net.parameters(), lr=0.1)
    for _ in range(2):
        with torch.no_grad():
            got = net(obs, mask, sparse=SparseObservations(obs, net).all())[0]
            assert torch.allclose(got, net(obs, mask)[0], rtol=1e-5, atol=1e-4)
        opt.zero_grad()
        net(obs, mask)[1].sum().backward()
        opt.step()


def test_sampling_draws_from_the_softmax():
    torch.manual_seed(2)
    logits = torch.tensor([[0.0, 1.0, -1e9, 2.0]]).repeat(40_000, 1)
    actions, logp = sample_actions(logits)
    assert not (actions == 2).any()                  # a masked action is never drawn
    expected = torch.softmax(logits[0], -1)
    counts = torch.bincount(actions, minlength=4).double()
    # chi-square over the three legal actions (2 degrees of freedom: 13.8 is p = 0.001)
    legal = expected > 0
    chi2 = (((counts[legal] - 40_000 * expected[legal]) ** 2) / (40_000 * expected[legal])).sum()
    assert chi2 < 13.8
    assert torch.allclose(logp, torch.log_softmax(logits, -1).gather(1, actions[:, None])[:, 0])
