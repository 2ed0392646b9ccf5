"""A model file cannot exhaust memory or time, and its defects are AgentSpecErrors naming the
field. The sizes a file declares (its zip entries unpacked, the widths, depth and parameters of
its arch) are checked against named limits before anything is allocated; each crafted file is
loaded in a child process under a time limit and an address-space cap, and its peak memory is
read back."""
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import textwrap
import zipfile

import helpers
import pytest

pytest.importorskip("torch")
pytest.importorskip("sb3_contrib")

import torch  # noqa: E402

from heroes_env.agents import AgentSpecError, make_agent  # noqa: E402
from heroes_env.agents import torch_policy as tp  # noqa: E402
from heroes_env.engine import constants as C  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CAP = 3 << 30                   # the child's address space (torch alone maps about 1 GB)
TIMEOUT = 120
OVER = tp.MAX_MODEL_BYTES + (64 << 20)      # an entry that unpacks past the limit

CHILD = textwrap.dedent("""
    import json, resource, sys
    import torch  # noqa: F401 - the loaders' own baseline, before any model file is read
    import heroes_env.agents.torch_policy  # noqa: F401
    from heroes_env.agents import make_agent
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    out = []
    for spec in sys.argv[1:]:
        try:
            make_agent(spec)
            out.append(["loaded", ""])
        except Exception as e:  # noqa: BLE001
            out.append([type(e).__name__, str(e)])
    print(json.dumps({"results": out,
                      "grown_mb": (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
                                   - base) // 1024}))
""")


def _capped():
    resource.setrlimit(resource.RLIMIT_AS, (CAP, CAP))


def load_in_child(*specs):
    """make_agent(spec) for each spec in a child under CAP and TIMEOUT: ([(error type,
    message), ...], how far its peak resident memory grew past what torch and the loaders take
    before any file is read, in MB: the machine's baseline left out)."""
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    p = subprocess.run([sys.executable, "-c", CHILD, *specs], env=env, capture_output=True,
                       text=True, timeout=TIMEOUT, preexec_fn=_capped)
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    return [tuple(r) for r in out["results"]], out["grown_mb"]


def refused_in_child(paths, patterns):
    """Each of the files, loaded in a capped child, is an AgentSpecError matching its pattern,
    and the child's memory stayed near its baseline."""
    results, grown = load_in_child(*paths)
    for (kind, message), pattern in zip(results, patterns, strict=True):
        assert kind == "AgentSpecError", message
        assert re.search(pattern, message), message
    assert grown < 500           # the crafted files declare 2 GB and more


def _write_zeros(z, name, size, chunk=8 << 20):
    """A deflated entry of size zero bytes (a few hundred KB on disk)."""
    info = zipfile.ZipInfo(name)
    info.compress_type = zipfile.ZIP_DEFLATED
    block = bytes(chunk)
    with z.open(info, "w", force_zip64=True) as f:
        for _ in range(size // chunk):
            f.write(block)


def _pt(tmp_path, name="c.pt", edit=None, hidden=(16,)):
    torch.manual_seed(0)
    path = str(tmp_path / name)
    tp.save_checkpoint(path, tp.build_net(hidden))
    if edit is not None:
        data = torch.load(path, weights_only=True)
        edit(data)
        torch.save(data, path)
    return path


def _sb3(tmp_path, name="m.zip", net_arch=(8,)):
    return helpers.sb3_model(str(tmp_path / name), {"net_arch": list(net_arch)})


def _rewrite(src, dst, data_edit=None, extra=None):
    """Copy zip src to dst, its "data" JSON changed by data_edit(data) (or replaced by the bytes
    it returns), and extra(zout) adding entries."""
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout:
        for item in zin.infolist():
            body = zin.read(item.filename)
            if item.filename == "data" and data_edit is not None:
                data = json.loads(body)
                new = data_edit(data)
                body = new if isinstance(new, bytes) else json.dumps(data).encode()
            zout.writestr(item, body)
        if extra is not None:
            extra(zout)
    return str(dst)


@pytest.fixture(scope="module")
def sb3_model(tmp_path_factory):
    return _sb3(tmp_path_factory.mktemp("m"))


# ---------------------------------------------------------------- memory and time
@pytest.mark.slow
def test_a_deflated_giant_tensor_is_refused_before_it_is_unpacked(tmp_path):
    path = _pt(tmp_path)
    big = str(tmp_path / "big.pt")
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(big, "w") as zout:
        for item in zin.infolist():
            body = zin.read(item.filename)
            if "/data/" in item.filename and not item.filename.endswith(".pkl"):
                _write_zeros(zout, item.filename, OVER)
            else:
                zout.writestr(item, body)
    assert os.path.getsize(big) < 2 << 20
    [(kind, message)], peak = load_in_child(big)
    assert kind == "AgentSpecError" and "MAX_MODEL_BYTES" in message
    assert peak < 500            # the crafted files declare 2 GB and more


@pytest.mark.slow
def test_a_zip_model_with_a_deflated_giant_entry_is_refused(tmp_path, sb3_model):
    big_data = _rewrite(sb3_model, tmp_path / "data.zip",
                        data_edit=lambda d: b"[" + b" " * OVER + b"]")
    big_pth = _rewrite(sb3_model, tmp_path / "extra.zip",
                       extra=lambda z: _write_zeros(z, "padding", OVER))
    results, peak = load_in_child(big_data, big_pth)
    assert results[0][0] == "AgentSpecError" and "MAX_MODEL_META_BYTES" in results[0][1]
    assert results[1][0] == "AgentSpecError" and "MAX_MODEL_BYTES" in results[1][1]
    assert peak < 500            # the crafted files declare 2 GB and more


ARCHES = [
    ([20000] * 2, r"arch hidden\[0\] = 20000 is not a whole number in 1\.\.4096"),
    ([12000] * 3, r"arch hidden\[0\] = 12000"),
    ([4096] * 4, r"builds a net of [\d,]+ parameters; at most MAX_PARAMETERS = 16,000,000"),
    ([64] * 9, r"arch hidden = a list of 9 is not a list of at most MAX_HIDDEN_LAYERS = 8"),
]


def test_an_arch_past_the_limits_is_refused_before_the_net_is_built(tmp_path):
    """[20000] * 2 took 3.7 GB, [12000] * 3 ran for minutes."""
    paths = [_pt(tmp_path, f"{i}.pt", edit=lambda d, h=hidden: d["arch"].update(hidden=h))
             for i, (hidden, _) in enumerate(ARCHES)]
    refused_in_child(paths, [pattern for _, pattern in ARCHES])


def test_a_zip_arch_past_the_limits_is_refused_before_the_policy_is_built(tmp_path, sb3_model):
    cases = [([20000] * 3, r"net_arch\[0\] = 20000 is not a whole number in 1\.\.4096"),
             ([4096, 4096], r"MAX_PARAMETERS = 16,000,000"),
             ({"pi": [64] * 9}, r"net_arch pi = a list of 9")]
    paths = [_rewrite(sb3_model, tmp_path / f"{i}.zip",
                      data_edit=lambda d, a=arch: d.update(policy_kwargs={"net_arch": a}))
             for i, (arch, _) in enumerate(cases)]
    refused_in_child(paths, [pattern for _, pattern in cases])


def test_the_zoo_checkpoints_are_within_the_limits():
    """Every checkpoint of the zoo (its agents and the checkpoints they started from) loads."""
    found = 0
    for folder, _, names in os.walk(os.path.join(ROOT, "agents")):
        for name in names:
            if name.endswith(".pt"):
                make_agent(os.path.join(folder, name))
                found += 1
    assert found >= 4


# ---------------------------------------------------------------- defects name the field
@pytest.mark.parametrize("edit, pattern", [
    (lambda a: a.update(features=["kinds"], card_kinds=[99] * C.MAX_CARDS),
     r"card_kinds\[0\] = 99 is not a whole number in -1\.\."),
    (lambda a: a.update(features=["kinds"], card_kinds=["x"] * C.MAX_CARDS),
     r"card_kinds\[0\] = 'x'"),
    (lambda a: a.update(features=["kinds"], card_kinds=[0.5] * C.MAX_CARDS),
     r"card_kinds\[0\] = 0\.5"),
    (lambda a: a.update(features=["kinds"], card_kinds=7), r"needs card_kinds"),
    (lambda a: a.update(features=7), r"features 7: a list of names"),
    (lambda a: a.update(hidden=[-3]), r"arch hidden\[0\] = -3"),
    (lambda a: a.update(hidden=[1e400]), r"arch hidden\[0\] = inf"),
    (lambda a: a.update(hidden="16"), r"arch hidden = '16'"),
    (lambda a: a.update(obs_size=[1]), r"observations of \[1\] cells"),
])
def test_arch_defects_are_agent_spec_errors_naming_the_field(tmp_path, edit, pattern):
    path = _pt(tmp_path, edit=lambda d: edit(d["arch"]))
    with pytest.raises(AgentSpecError, match=pattern):
        make_agent(path)


def _space(key, field, value):
    def edit(data):
        data[key][field] = value
    return edit


@pytest.mark.parametrize("edit, pattern", [
    (_space("observation_space", "_shape", "[1e400]"), r"_shape\[0\] = inf"),
    (_space("observation_space", "_shape", "[]"), r"_shape = a list of 0 is not a list of whole"),
    (_space("observation_space", "_shape", 5), r"_shape = 5 is not a list"),
    (_space("observation_space", "_shape", ["x"]), r"_shape\[0\] = 'x'"),
    (_space("action_space", "n", 1e400), r"action_space n = inf"),
    (_space("action_space", "n", "x"), r"action_space n = 'x'"),
    (_space("action_space", "n", [C.NUM_ACTIONS]), r"action_space n = a list of 1"),
    (lambda d: d.update(policy_kwargs={"net_arch": [-1]}), r"net_arch\[0\] = -1"),
    (lambda d: d.update(policy_kwargs={"net_arch": {"pi": "x"}}), r"net_arch pi = 'x'"),
    (lambda d: d.update(policy_kwargs={"net_arch": {"pi": [8], "q": [8]}}),
     r"net_arch has keys \['pi', 'q'\]"),
    (lambda d: b"[" * 100000 + b"]" * 100000, r"nests too deeply"),
])
def test_zip_defects_are_agent_spec_errors_naming_the_field(tmp_path, sb3_model, edit, pattern):
    path = _rewrite(sb3_model, tmp_path / "bad.zip", data_edit=edit)
    with pytest.raises(AgentSpecError, match=pattern):
        make_agent(path)


def test_agent_files_naming_each_other_or_nesting_deeply_are_refused(tmp_path, sb3_model):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps({"agent": str(b)}))
    b.write_text(json.dumps({"agent": str(a)}))
    with pytest.raises(AgentSpecError, match=r"leads back to it"):
        make_agent(str(a))
    chain = [tmp_path / f"c{i}.json" for i in range(12)]
    for i, f in enumerate(chain):
        f.write_text(json.dumps({"agent": str(chain[i + 1]) if i + 1 < len(chain)
                                 else "random"}))
    with pytest.raises(AgentSpecError, match=r"MAX_AGENT_FILE_DEPTH = 8"):
        make_agent(str(chain[0]))
    make_agent(str(chain[-3]))          # a short chain is fine
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000 + "]" * 100000)
    with pytest.raises(AgentSpecError, match=r"deep.json.*nests too deeply"):
        make_agent(str(deep))


@pytest.mark.parametrize("threads", [-3, 0, 1.5, True, "2", 10 ** 9])
def test_bad_torch_threads_are_agent_spec_errors(tmp_path, sb3_model, threads):
    pt = _pt(tmp_path)
    zip_here = tmp_path / "model.zip"          # an untrusted agent file names files beside it
    shutil.copy(sb3_model, zip_here)
    for spec in (pt, str(zip_here)):
        f = tmp_path / "agent.json"
        f.write_text(json.dumps({"agent": spec, "kwargs": {"torch_threads": threads}}))
        with pytest.raises(AgentSpecError, match=r"torch_threads = .* is not a whole number "
                                                 r"in 1\.\.1024"):
            make_agent(str(f))


def test_a_belief_model_past_the_limits_is_refused(tmp_path):
    from training import train_belief as tb
    net = tb.build_net((8, 8))
    path = str(tmp_path / "belief.pt")
    tb.save_belief(path, net, False, {})
    data = torch.load(path, weights_only=True)
    data["arch"]["hidden"] = [20000, 20000]
    torch.save(data, path)
    with pytest.raises(SystemExit, match=r"arch hidden\[0\] = 20000"):
        tb.load_role_reader(path)
    data["arch"]["hidden"] = [8]
    torch.save(data, path)
    with pytest.raises(SystemExit, match=r"a belief net has two hidden layers"):
        tb.load_role_reader(path)
    with pytest.raises(AgentSpecError, match=r"belief: .*arch hidden = \[8\]"):
        make_agent("training.train_belief:BeliefHeuristicAgent", belief=path)
    with pytest.raises(AgentSpecError, match=r"torch_threads = -3"):
        make_agent("training.train_belief:BeliefHeuristicAgent", belief=path, torch_threads=-3)
