"""Loading a model file runs no code from it. A MaskablePPO ``.zip`` is read as JSON plus
``policy.pth`` with ``weights_only`` and its policy rebuilt (the pickled parts of its ``data`` are
never unpickled), unless the caller trusts the file (``trust=True``, ``--trust-pickles``); a
``.pt`` checkpoint is read with ``weights_only``. Defects of a checkpoint are AgentSpecErrors
naming them; a checkpoint used at a table other than the one its meta names warns once."""
import base64
import json
import pickle
import warnings
import zipfile

import numpy as np
import pytest
from helpers import sb3_model

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

import torch  # noqa: E402

from heroes_env import Config, Game  # noqa: E402
from heroes_env.agents import AgentSpecError, make_agent  # noqa: E402
from heroes_env.agents.torch_policy import SB3PolicyAgent, build_net, save_checkpoint  # noqa: E402


class _Writes:
    """Unpickling this creates the file it names: the proof that code from a model ran."""

    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return (open, (self.path, "w"))


def _model(path, policy_kwargs=None):
    return sb3_model(path, policy_kwargs)


def _rewrite(src, dst, edit):
    """Copy zip src to dst with its data JSON changed by edit(data)."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            body = zin.read(item.filename)
            if item.filename == "data":
                data = json.loads(body)
                edit(data)
                body = json.dumps(data).encode()
            zout.writestr(item, body)
    return dst


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    return _model(str(tmp_path_factory.mktemp("m") / "m.zip"))


def test_a_zip_with_a_payload_runs_nothing(model, tmp_path):
    proof = tmp_path / "ran"
    payload = base64.b64encode(pickle.dumps(_Writes(str(proof)))).decode()

    def plant(data):
        for key in ("clip_range", "lr_schedule", "observation_space", "policy_class"):
            data[key][":serialized:"] = payload
    bad = _rewrite(model, str(tmp_path / "bad.zip"), plant)
    agent = make_agent(bad)
    assert not proof.exists(), "loading the zip ran code from it"
    g = Game.new(Config(num_players=5), seed=1)
    obs, mask = g.observe_with_mask(g.decider)
    assert mask[agent.act(obs, mask)]
    assert not proof.exists()


def test_the_rebuilt_policy_plays_as_the_unpickled_one(model):
    safe = SB3PolicyAgent(model)
    trusted = SB3PolicyAgent(model, trust=True)
    g = Game.new(Config(num_players=5), seed=2)
    rng = np.random.default_rng(0)
    for _ in range(40):
        if g.done:
            break
        obs, mask = g.observe_with_mask(g.decider)
        a = safe.act(obs, mask)
        assert a == trusted.act(obs, mask) and mask[a]
        la = g.legal_actions()
        g.step(la[rng.integers(len(la))])


def test_a_zip_only_unpickling_could_rebuild_is_refused_unless_trusted(tmp_path):
    path = _model(str(tmp_path / "relu.zip"),
                  {"net_arch": [16], "activation_fn": torch.nn.ReLU})
    with pytest.raises(AgentSpecError, match=r"only unpickling restores .*--trust-pickles"):
        make_agent(path)
    assert isinstance(make_agent(path, trust=True), SB3PolicyAgent)


def test_an_agent_file_cannot_grant_trust(model, tmp_path):
    spec = tmp_path / "agent.json"
    spec.write_text(json.dumps({"agent": model, "kwargs": {"trust": True}}))
    with pytest.raises(AgentSpecError, match=r"cannot grant itself trust"):
        make_agent(str(spec))


def test_zips_that_are_not_models(tmp_path, model):
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"PK\x03\x04 not a zip")
    with pytest.raises(AgentSpecError, match=r"cannot read MaskablePPO model"):
        make_agent(str(junk))
    other = _rewrite(model, str(tmp_path / "other.zip"),
                     lambda d: d["policy_class"].update({"__module__": "evil"}))
    with pytest.raises(AgentSpecError, match=r"not sb3_contrib.common.maskable.policies"):
        make_agent(other)


# ---------------------------------------------------------------- .pt checkpoints
def _pt(tmp_path, name="c.pt", meta=None, edit=None):
    torch.manual_seed(0)
    net = build_net((16,))
    path = str(tmp_path / name)
    save_checkpoint(path, net, meta)
    if edit is not None:
        data = torch.load(path, weights_only=True)
        edit(data)
        torch.save(data, path)
    return path


def test_a_missing_checkpoint_says_no_such_file(tmp_path):
    for spec in (str(tmp_path / "nope.pt"), str(tmp_path / "nope.zip")):
        with pytest.raises(AgentSpecError, match=r"no such file"):
            make_agent(spec)


@pytest.mark.parametrize("edit, pattern", [
    (lambda d: d["state_dict"].pop(next(iter(d["state_dict"]))), r"weights missing \["),
    (lambda d: d["state_dict"].update(extra=torch.zeros(1)), r"unexpected \['extra'\]"),
    (lambda d: d["arch"].update(hidden=[8]), r"has shape .*, the net needs"),
    (lambda d: d.pop("arch"), r"lacks its arch"),
    (lambda d: next(iter(d["state_dict"].values())).fill_(float("nan")),
     r"holds NaN or infinite values"),
    (lambda d: d.update(state_dict=[1, 2]), r"not a mapping of tensors"),
])
def test_checkpoint_defects_are_agent_spec_errors(tmp_path, edit, pattern):
    with pytest.raises(AgentSpecError, match=pattern):
        make_agent(_pt(tmp_path, edit=edit))


def test_a_checkpoint_at_another_table_warns_once(tmp_path):
    path = _pt(tmp_path, meta={"args": {"num_players": 5, "pack": "standard"}})
    agent = make_agent(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        agent.check_table(Config(num_players=5, pack="standard"))
        assert not caught
        agent.check_table(Config(num_players=8))
        agent.check_table(Config(num_players=8))
    assert len(caught) == 1
    text = str(caught[0].message)
    assert "num_players=5, pack=standard" in text and "num_players=8, pack=none" in text


def test_play_warns_for_a_checkpoint_at_another_table(tmp_path):
    from heroes_env.play import Session
    path = _pt(tmp_path, meta={"args": {"num_players": 5, "pack": "standard"}})
    with pytest.warns(UserWarning, match=r"trained at num_players=5, pack=standard; it plays "
                                         r"at num_players=4, pack=none"):
        Session(Config(num_players=4), 0, [path], seed=1)
