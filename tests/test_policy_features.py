"""PolicyNet's optional features (heroes_env.agents.torch_policy.FEATURES): cards by kind, the
decision's seats; extend_net keeps a net's outputs; checkpoints keep the features."""
import numpy as np
import pytest

torch = pytest.importorskip("torch")

from heroes_env.agents import make_agent  # noqa: E402
from heroes_env.agents.base import AgentSpecError  # noqa: E402
from heroes_env.agents.torch_policy import (  # noqa: E402
    build_net,
    card_kinds,
    extend_net,
    load_checkpoint,
    save_checkpoint,
)
from heroes_env.engine import constants as C  # noqa: E402
from heroes_env.vector import VectorEnv  # noqa: E402


@pytest.fixture(scope="module")
def decisions():
    """Observations and masks of real decisions (5 players, random play)."""
    venv = VectorEnv(16, num_players=5, num_threads=1)
    r = venv.reset(seed=4)
    obs, masks = [], []
    rng = np.random.default_rng(0)
    for _ in range(40):
        obs.append(np.array(r.obs))
        masks.append(np.asarray(r.mask) != 0)
        legal = [np.flatnonzero(m) for m in r.mask]
        r = venv.step(np.array([rng.choice(a) for a in legal]))
    return torch.as_tensor(np.concatenate(obs)), torch.as_tensor(np.concatenate(masks))


def test_card_kinds_table():
    kinds = card_kinds("standard")
    assert len(kinds) == C.MAX_CARDS and kinds[108:] == [-1] * (C.MAX_CARDS - 108)
    from heroes_env.cards import deck, kind_id
    peaches = [c.id for c in deck("standard") if c.kind == kind_id("peach")]
    assert len(peaches) >= 8 and {kinds[i] for i in peaches} == {kind_id("peach")}
    # the 英雄杀 deck's cards take their standard counterparts' kinds
    hk = card_kinds("herokill")
    assert set(hk) - {-1} <= set(kinds) - {-1}


def test_extend_net_keeps_the_outputs(decisions):
    obs, mask = decisions
    torch.manual_seed(0)
    net = build_net((32, 16))
    big = extend_net(net, ("focus", "kinds"), card_kinds())
    assert big.features == ("kinds", "focus")          # FEATURES order, whatever was asked
    with torch.no_grad():
        la, va = net(obs, mask)
        lb, vb = big(obs, mask)
    assert torch.allclose(la, lb, atol=1e-5) and torch.allclose(va, vb, atol=1e-6)
    # and a net that has one feature gets the other with its first one's weights kept
    one = extend_net(net, ("kinds",), card_kinds())
    with torch.no_grad():
        one.trunk[0].weight[:, C.OBS_SIZE:] = torch.randn(32, C.NUM_KINDS)
        one.kind_pi.weight.normal_()
        both = extend_net(one, ("focus",))
        assert torch.allclose(one(obs, mask)[0], both(obs, mask)[0], atol=1e-4)


def test_kinds_share_a_logit_between_copies_of_a_card(decisions):
    obs, mask = decisions
    torch.manual_seed(1)
    net = build_net((16,), features=("kinds",), card_kinds=card_kinds())
    with torch.no_grad():
        net.pi.weight.zero_()
        net.pi.bias.zero_()
        net.kind_pi.weight.normal_()
        logits, _ = net(obs[:4], torch.ones(4, C.NUM_ACTIONS, dtype=torch.bool))
        h = net.trunk(net.inputs(obs[:4]))
    kinds = card_kinds()
    from heroes_env.cards import kind_id
    peach, slash = kind_id("peach"), kind_id("slash")
    pid = [i for i, k in enumerate(kinds) if k == peach]
    sid = [i for i, k in enumerate(kinds) if k == slash]
    card = logits[:, C.A_CARD:C.A_CARD + C.MAX_CARDS]
    assert torch.allclose(card[:, pid], card[:, pid[:1]].expand(-1, len(pid)))
    assert not torch.allclose(card[:, pid[0]], card[:, sid[0]])
    assert torch.allclose(card[:, pid[0]], net.kind_pi(h)[:, peach], atol=1e-6)
    # the hand read by kind: counts of each kind held
    extra = net.inputs(obs[:4])[:, C.OBS_SIZE:]
    hand = obs[:4, C.OBS_HAND:C.OBS_HAND + C.MAX_CARDS]
    for j in range(4):
        held = [kinds[i] for i in np.flatnonzero(hand[j].numpy())]
        want = np.bincount(held, minlength=C.NUM_KINDS)
        assert np.array_equal(extra[j].numpy(), want)


def test_focus_reads_the_decision_seats(decisions):
    obs, _ = decisions
    net = build_net((8,), features=("focus",))
    extra = net.inputs(obs)[:, C.OBS_SIZE:]
    seats = obs[:, C.OBS_SEATS:C.OBS_SEATS + C.MAX_SEATS * C.SEAT_OBS].view(-1, C.MAX_SEATS,
                                                                            C.SEAT_OBS)
    seen = 0
    for j in range(len(obs)):
        for k, at in enumerate((C.OBS_DSRC, C.OBS_DTGT)):
            part = extra[j, k * C.SEAT_OBS:(k + 1) * C.SEAT_OBS]
            hot = np.flatnonzero(obs[j, at:at + C.MAX_SEATS].numpy())
            if len(hot):
                assert torch.equal(part, seats[j, hot[0]])
                seen += 1
            else:
                assert not part.any()
    assert seen > 20                                   # the decisions had sources and targets


def test_checkpoint_keeps_the_features(decisions, tmp_path):
    obs, mask = decisions
    net = build_net((16,), features=("kinds", "focus"), card_kinds=card_kinds())
    path = str(tmp_path / "f.pt")
    save_checkpoint(path, net)
    back, _ = load_checkpoint(path)
    assert back.features == ("kinds", "focus")
    with torch.no_grad():
        assert torch.equal(net(obs, mask)[0], back(obs, mask)[0])
    agent = make_agent(path)
    a = agent.act_batch(obs[:8].numpy(), mask[:8].numpy())
    assert mask[np.arange(8), a].all()


def test_bad_features_are_refused():
    with pytest.raises(AgentSpecError, match="from \\['kinds', 'focus', 'prior'\\]"):
        build_net((8,), features=("shape",))
    with pytest.raises(AgentSpecError, match="needs card_kinds"):
        build_net((8,), features=("kinds",))
    from training import selfplay_ppo
    with pytest.raises(SystemExit, match="--features focus focus"):
        selfplay_ppo.main(["--features", "focus", "focus"])


def test_prior_gain_adds_the_heuristics_action(decisions):
    """The "prior" feature: the suggested action's logit gets prior_gain[own role]; a row
    without a suggestion (-1) and a role with gain 0 keep the net's logits; the net refuses a
    missing prior, and a net without the feature refuses one."""
    obs, mask = decisions
    torch.manual_seed(2)
    net = build_net((16,), features=("prior",), prior_gain=[0, 7, 0, 3])
    assert net.prior_gain.tolist() == [0, 7, 0, 3, 0, 0]
    rng = np.random.default_rng(0)
    prior = torch.as_tensor([rng.choice(np.flatnonzero(m)) for m in mask.numpy()])
    with torch.no_grad():
        with_p, _ = net(obs, mask, prior=prior)
        net.prior_gain.zero_()
        no_gain, _ = net(obs, mask, prior=prior)
    role = obs[:, C.OBS_ROLE:C.OBS_ROLE + 4].argmax(1)
    diff = with_p - no_gain
    rows = torch.arange(len(obs))
    want = torch.tensor([0.0, 7.0, 0.0, 3.0])[role]
    assert torch.allclose(diff[rows, prior], want)
    diff[rows, prior] = 0
    assert not diff.any()                               # no other action moves
    assert {0, 1, 2} <= set(role.tolist())              # the rows hold several roles
    with pytest.raises(ValueError, match="needs prior="):
        net(obs, mask)
    with pytest.raises(ValueError, match="no 'prior' feature"):
        build_net((16,))(obs, mask, prior=prior)
    with pytest.raises(AgentSpecError, match="prior_gain: 4 numbers"):
        build_net((16,), features=("prior",), prior_gain=[1, 2])


def test_extend_net_with_prior_keeps_the_outputs_at_gain_zero(decisions):
    obs, mask = decisions
    torch.manual_seed(3)
    net = build_net((32,), features=("kinds",), card_kinds=card_kinds())
    big = extend_net(net, ("prior",))
    assert big.features == ("kinds", "prior")
    prior = torch.full((len(obs),), -1)
    prior[::2] = torch.as_tensor([np.flatnonzero(m)[0] for m in mask.numpy()[::2]])
    with torch.no_grad():
        la, va = net(obs, mask)
        lb, vb = big(obs, mask, prior=prior)
    assert torch.allclose(la, lb, atol=1e-5) and torch.allclose(va, vb, atol=1e-6)


def test_prior_agent_with_a_large_gain_is_the_heuristic(decisions, tmp_path):
    """A checkpoint with the prior feature and a large gain in every role plays the heuristic's
    choices: its own heuristic, seeded like the agent, remembers each slot's game."""
    from heroes_env.agents.heuristic import HeuristicAgent
    obs, mask = decisions
    net = build_net((16,), features=("prior",), prior_gain=[1e4] * C.NUM_ROLES)
    path = str(tmp_path / "p.pt")
    save_checkpoint(path, net)
    back, _ = load_checkpoint(path)
    assert back.features == ("prior",) and torch.equal(back.prior_gain, net.prior_gain)
    agent, heur = make_agent(path, seed=9), HeuristicAgent(seed=9)
    agent.reset(seed=9)
    rows = 16                                          # the fixture's batch: one step per chunk
    for t in range(0, len(obs), rows):
        o, m = obs[t:t + rows].numpy(), mask[t:t + rows].numpy().astype(np.int8)
        slots = list(range(rows))
        assert np.array_equal(agent.act_batch(o, m, slots), heur.act_batch(o, m, slots))
    assert agent.prior.remembers(0)
    agent.reset(slots=[0])
    assert not agent.prior.remembers(0) and agent.prior.remembers(1)
    # with gain 0 the net's own choice, which here differs from the heuristic's somewhere
    with torch.no_grad():
        agent.net.prior_gain.zero_()
    agent.reset(seed=9)
    heur.reset(seed=9)
    o, m = obs.numpy(), mask.numpy().astype(np.int8)
    assert not np.array_equal(agent.act_batch(o[:rows], m[:rows]),
                              heur.act_batch(o[:rows], m[:rows]))


def _lowest_heuristic(seed=None, **kwargs):
    """A heuristic that suggests the lowest legal action (for prior_agent)."""
    from heroes_env.agents.heuristic import HeuristicAgent

    class Lowest(HeuristicAgent):
        def act_batch(self, obs, masks, slots=None):
            return np.asarray(masks).argmax(axis=1).astype(np.int64)
    return Lowest(seed=seed, **kwargs)


def test_prior_agent_names_the_heuristic_that_suggests(decisions, tmp_path):
    """prior_agent swaps the heuristic behind a prior net's suggestions: with a large gain the net
    plays that agent's choices; an agent that is not a heuristic, or a net without the prior
    feature, is refused with the reason."""
    obs, mask = decisions
    net = build_net((16,), features=("prior",), prior_gain=[1e4] * C.NUM_ROLES)
    path = str(tmp_path / "p.pt")
    save_checkpoint(path, net)
    spec = f"{__name__}:_lowest_heuristic"
    agent = make_agent(path, seed=3, prior_agent=spec)
    o, m = obs[:16].numpy(), mask[:16].numpy().astype(np.int8)
    assert np.array_equal(agent.act_batch(o, m, list(range(16))), m.argmax(axis=1))
    plain = make_agent(path, seed=3)
    assert not np.array_equal(plain.act_batch(o, m, list(range(16))), m.argmax(axis=1))
    with pytest.raises(AgentSpecError, match="HeuristicAgent"):
        make_agent(path, prior_agent="random")
    bare = str(tmp_path / "bare.pt")
    save_checkpoint(bare, build_net((16,)))
    with pytest.raises(AgentSpecError, match="no prior feature"):
        make_agent(bare, prior_agent="heuristic")
