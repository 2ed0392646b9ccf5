"""The tools of long training runs: resumable self-play states, progress, learning curves, the
paired evaluation and its verdict, the league table. Needs the ``train`` extra."""
import json
import math
import os
import sys

import pytest

pytest.importorskip("torch")

# tiny training runs, resumed and stopped: the full run's
pytestmark = pytest.mark.slow

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from training import evaluate, plot  # noqa: E402
from training.common import Progress, atomic_save, format_seconds  # noqa: E402

TINY = ["--total-steps", "600", "--rollout-steps", "200", "--bc-steps", "400", "--num-envs", "8",
        "--minibatch-size", "64", "--hidden", "32", "--pool-every", "1", "--p-heuristic", "0.4",
        "--p-pool", "0.3", "--eval-every", "2", "--eval-games", "2", "--torch-threads", "1",
        "--seed", "3", "--no-tensorboard", "--aux-coef", "0.5", "--critic", "roles",
        "--features", "kinds", "focus"]


def _scalars(run_dir):
    (run,) = os.listdir(run_dir)
    with open(os.path.join(run_dir, run, "scalars.jsonl")) as f:
        return [json.loads(line) for line in f]


def _resume_shipped(resumed_runs, tmp_path, *extra):
    """The uninterrupted tiny run's state (a copy) resumed with extra arguments (threads kept)."""
    import shutil

    import torch

    from training import selfplay_ppo
    shutil.copy(resumed_runs[0] / "a.pt.state", tmp_path / "a.state")
    threads = torch.get_num_threads()
    try:
        selfplay_ppo.main(["--resume", str(tmp_path / "a.state"), "--eval-every", "0",
                           "--run-dir", str(tmp_path / "runs"), *extra])
    finally:
        torch.set_num_threads(threads)


@pytest.fixture(scope="module")
def resumed_runs(tmp_path_factory):
    """One tiny run without a break, and the same run stopped after every update by a time limit
    (imitation and PPO) and resumed until it is done."""
    import torch

    from training import selfplay_ppo
    d = tmp_path_factory.mktemp("resume")
    threads = torch.get_num_threads()
    try:
        net_a = selfplay_ppo.main(TINY + ["--save-path", str(d / "a.pt"),
                                          "--run-dir", str(d / "ra")])
        net_b = selfplay_ppo.main(TINY + ["--save-path", str(d / "b.pt"),
                                          "--run-dir", str(d / "rb"), "--max-minutes", "1e-6"])
        phases = []
        for _ in range(12):
            st = torch.load(d / "b.pt.state", weights_only=False)
            phases.append((st["phase"], dict(st["counters"])))
            if st["counters"]["global_step"] >= 600:
                break
            net_b = selfplay_ppo.main(["--resume", str(d / "b.pt.state"),
                                       "--max-minutes", "1e-6"])
    finally:
        torch.set_num_threads(threads)
    return d, net_a, net_b, phases


def test_resumed_run_equals_uninterrupted(resumed_runs):
    d, net_a, net_b, phases = resumed_runs
    # it stopped inside the warm start and between PPO updates, and every sitting went on
    kinds = [p for p, _ in phases]
    assert kinds.count("bc") >= 2 and kinds.count("ppo") >= 3
    bc = [c["bc_done"] for _, c in phases]
    steps = [c["global_step"] for _, c in phases]
    updates = [c["update"] for _, c in phases]
    assert bc == sorted(bc) and steps == sorted(steps) and updates == sorted(updates)
    assert len(set(steps[kinds.index("ppo"):])) == kinds.count("ppo")   # one update a sitting
    # the same updates: every logged loss below is equal, and the weights are equal up to float
    # rounding (a reloaded rollout store sits elsewhere in memory, and the matrix kernels may
    # then sum in another order: differences of a few 1e-9 were seen; a wrong resume is far off)
    import torch
    sa, sb = net_a.state_dict(), net_b.state_dict()
    assert all(torch.allclose(sa[k], sb[k], rtol=0, atol=1e-6) for k in sa)
    # the scalars that do not depend on time are the same, and time counts on
    keep = ("losses/", "bc/cross_entropy", "bc/accuracy", "charts/win_vs")
    a = {(r["tag"], r["step"]): r["value"] for r in _scalars(d / "ra") if r["tag"].startswith(keep)}
    rb = _scalars(d / "rb")
    b = {(r["tag"], r["step"]): r["value"] for r in rb if r["tag"].startswith(keep)}
    assert a == b and len(a) > 10
    t = [r["time"] for r in rb if r["tag"] == "losses/policy_loss"]
    assert t == sorted(t)
    import heroes_env.agents.torch_policy
    _, meta = heroes_env.agents.torch_policy.load_checkpoint(str(d / "b.pt"))
    assert meta["ppo_steps"] == steps[-1] and meta["sittings"] == len(phases)
    # the role head trained next to the policy (its state is in the training state), and the
    # checkpoint holds only the policy, which plays from the observation
    assert {"aux/role_ce", "aux/role_hidden_accuracy"} <= {r["tag"] for r in rb}
    assert set(sa) == {f"{m}.{w}" for m in ("trunk.0", "pi", "v", "kind_pi")
                       for w in ("weight", "bias")}
    saved = torch.load(d / "b.pt.state", weights_only=False)
    assert saved["role_head"]["weight"].shape == (40, 32)
    # the centralised critic (--critic roles) too: trunk features plus 40 role cells in
    assert saved["critic"]["0.weight"].shape == (256, 32 + 40)
    # the policy's features (--features kinds focus) are in its arch, and resume rebuilt them
    assert net_b.arch["features"] == ["kinds", "focus"] and len(net_b.arch["card_kinds"]) == 128


def test_stop_at_a_step_and_resume(resumed_runs, tmp_path):
    """--stop-at N ends the sitting after the PPO update reaching N steps (a time-limited sitting
    replayed to its step); resumed without it (a stop holds for one sitting), the run ends as the
    uninterrupted one."""
    import torch

    from training import selfplay_ppo
    net_a = resumed_runs[1]
    threads = torch.get_num_threads()
    try:
        selfplay_ppo.main(TINY + ["--save-path", str(tmp_path / "s.pt"), "--stop-at", "250",
                                  "--run-dir", str(tmp_path / "r1")])
        st = torch.load(tmp_path / "s.pt.state", weights_only=False)["counters"]
        assert 250 <= st["global_step"] < 450 and st["update"] == 2
        with pytest.raises(SystemExit, match="--stop-at -1: give a number of PPO steps"):
            selfplay_ppo.main(["--resume", str(tmp_path / "s.pt.state"), "--stop-at", "-1"])
        net_s = selfplay_ppo.main(["--resume", str(tmp_path / "s.pt.state")])
        st = torch.load(tmp_path / "s.pt.state", weights_only=False)
        assert st["counters"]["global_step"] >= 600 and st["args"]["stop_at"] == 0
    finally:
        torch.set_num_threads(threads)
    sa, ss = net_a.state_dict(), net_s.state_dict()
    assert all(torch.allclose(sa[k], ss[k], rtol=0, atol=1e-6) for k in sa)


def test_resume_refuses_other_arguments(resumed_runs):
    from training import selfplay_ppo
    d = resumed_runs[0]
    with pytest.raises(SystemExit, match="--hidden"):
        selfplay_ppo.main(["--resume", str(d / "b.pt.state"), "--hidden", "64"])
    (d / "junk.state").write_bytes(b"no")
    with pytest.raises(SystemExit, match="cannot read"):
        selfplay_ppo.main(["--resume", str(d / "junk.state")])
    assert selfplay_ppo.given_fields(["--total-steps", "5", "--no-anneal-lr", "--seed=2",
                                      "x"]) == {"total_steps", "anneal_lr", "seed"}


def test_resume_extends_a_finished_run(resumed_runs, tmp_path):
    import shutil

    import torch

    from training import selfplay_ppo
    d = resumed_runs[0]
    shutil.copy(d / "a.pt.state", tmp_path / "a.state")
    threads = torch.get_num_threads()
    try:
        selfplay_ppo.main(["--resume", str(tmp_path / "a.state"), "--total-steps", "900",
                           "--eval-every", "0", "--save-path", str(tmp_path / "c.pt"),
                           "--run-dir", str(tmp_path / "runs")])
    finally:
        torch.set_num_threads(threads)
    st = torch.load(tmp_path / "c.pt.state", weights_only=False)
    before = torch.load(d / "a.pt.state", weights_only=False)["counters"]
    assert st["counters"]["global_step"] >= 900
    assert st["counters"]["update"] > before["update"]
    assert st["counters"]["bc_done"] == before["bc_done"]
    assert st["args"]["total_steps"] == 900 and st["args"]["hidden"] == [32]


def test_random_opponents_and_a_new_mix_on_resume(resumed_runs, tmp_path):
    import numpy as np
    import torch

    from training import selfplay_ppo
    # random_actions: always legal, and uniform over the legal ones
    rng = np.random.default_rng(0)
    mask = np.zeros((4000, 7), bool)
    mask[:, [1, 4, 6]] = True
    mask[::2, 0] = True
    a = selfplay_ppo.random_actions(mask, rng)
    assert mask[np.arange(len(a)), a].all()
    odd = np.bincount(a[1::2], minlength=7)[[1, 4, 6]] / 2000    # three legal: 1/3 each
    assert np.abs(odd - 1 / 3).max() < 0.04
    # a shipped run resumed with random opponents in its mix: games against them are played,
    # logged, and the sitting's mix is recorded
    _resume_shipped(resumed_runs, tmp_path, "--total-steps", "2000", "--p-heuristic", "0.2",
                    "--p-random", "0.5", "--role-weights", "0", "1", "0", "0",
                    "--save-path", str(tmp_path / "c.pt"))
    st = torch.load(tmp_path / "c.pt.state", weights_only=False)
    assert st["args"]["p_random"] == 0.5 and st["wins"][1].shape == (4, 4)
    assert st["sittings"][-1]["mix"] == {"p_heuristic": 0.2, "p_pool": 0.3, "p_random": 0.5,
                                         "role_weights": [0.0, 1.0, 0.0, 0.0]}
    assert (st["tables"]["ctrl"] == selfplay_ppo.RANDOM).any()
    tags = {r["tag"] for r in _scalars(tmp_path / "runs")}
    assert "charts/win_vs_random" in tags
    # a mix that is not a probability is refused before anything runs
    with pytest.raises(SystemExit, match=r"at most 1 \(now 1.2"):
        selfplay_ppo.main(["--resume", str(tmp_path / "c.pt.state"), "--p-heuristic", "0.4"])
    with pytest.raises(SystemExit, match="--p-random -0.1"):
        selfplay_ppo.main(TINY + ["--p-random", "-0.1"])
    with pytest.raises(SystemExit, match="--role-weights 1 2 1: give 4 weights"):
        selfplay_ppo.main(TINY + ["--role-weights", "1", "2", "1"])
    with pytest.raises(SystemExit, match="--role-weights 0 0 0 0"):
        selfplay_ppo.main(TINY + ["--role-weights", "0", "0", "0", "0"])


def test_evaluations_against_each_opponent_kind(resumed_runs, tmp_path):
    """--eval-opponents heuristic random (allowed on --resume): each evaluation plays both kinds,
    logged as eval/win_<role> and eval/win_vs_random_<role>, the last ones in the checkpoint."""
    import torch

    from training import selfplay_ppo
    _resume_shipped(resumed_runs, tmp_path, "--total-steps", "1000", "--eval-every", "1",
                    "--eval-games", "4", "--eval-opponents", "heuristic", "random",
                    "--save-path", str(tmp_path / "c.pt"))
    tags = {r["tag"] for r in _scalars(tmp_path / "runs")}
    assert {"eval/win_all", "eval/win_vs_random_all"} <= tags
    meta = torch.load(tmp_path / "c.pt", weights_only=False)["meta"]
    assert meta["eval_vs_random"]["games"] == 4 and meta["eval_vs_heuristic"]["games"] == 4
    st = torch.load(tmp_path / "c.pt.state", weights_only=False)
    assert set(st["eval_results"]) == {"heuristic", "random"}
    with pytest.raises(SystemExit, match="--eval-opponents pool: give one or more of heuristic"):
        selfplay_ppo.main(TINY + ["--eval-opponents", "pool"])


def test_role_weights_draw_the_learner_seats(tmp_path):
    import numpy as np
    import torch

    from heroes_env.engine import constants as C
    from training import selfplay_ppo
    # a run with --role-weights 0 1 0 0 and no self-play: the learner sits only in the
    # loyalist's seat, in the games it finished and in those still going at its end
    argv = TINY + ["--bc-steps", "0", "--total-steps", "400", "--eval-every", "0",
                   "--p-heuristic", "0.5", "--p-pool", "0", "--p-random", "0.5",
                   "--role-weights", "0", "1", "0", "0", "--save-path", str(tmp_path / "w.pt"),
                   "--run-dir", str(tmp_path / "runs")]
    threads = torch.get_num_threads()
    try:
        selfplay_ppo.main(argv)
    finally:
        torch.set_num_threads(threads)
    roles = {t.rsplit("_", 1)[1] for t in (r["tag"] for r in _scalars(tmp_path / "runs"))
             if t.startswith(("charts/win_vs_heuristic_", "charts/win_vs_random_"))}
    assert roles == {"loyalist"}
    st = torch.load(tmp_path / "w.pt.state", weights_only=False)
    rows, seats = np.nonzero(st["tables"]["ctrl"] == selfplay_ppo.LEARNER)
    assert len(rows) == 8 and (st["venv"]["S"][rows, C.P_ROLE + seats] == 1).all()
    # the draw itself: seats in proportion to their roles' weights
    args = selfplay_ppo.Args(role_weights=(1.0, 3.0, 1.0, 0.0))
    t = selfplay_ppo.Tables(args, 1, 5, np.random.default_rng(1))
    roles = np.array([0, 3, 2, 1, 2])            # lord, renegade, rebel, loyalist, rebel
    seats = np.array([t.learner_seats(roles)[0] for _ in range(6000)])
    share = np.bincount(seats, minlength=5) / len(seats)
    assert share[1] == 0                          # the renegade's weight is 0
    assert share == pytest.approx([1 / 6, 0, 1 / 6, 1 / 2, 1 / 6], abs=0.025)
    # two learner seats, only one weighted seat: uniform rather than an impossible draw
    args.learner_seats, args.role_weights = 2, (0.0, 1.0, 0.0, 0.0)
    assert len(set(t.learner_seats(roles).tolist())) == 2


def test_progress_and_atomic_save(tmp_path, capsys):
    p = Progress(100, 20, enabled=True)          # stderr is not a terminal under pytest
    assert p.bar is None and p.eta() is None
    p.t0 -= 10.0
    p.update(60)
    assert p.eta() == pytest.approx(10.0, rel=0.05)     # 40 done in 10 s, 40 to go
    assert "60%, eta" in p.eta_text()
    p.limit_s = 12.0
    assert p.eta() == pytest.approx(2.0, abs=0.1)
    p.write("hello")
    assert "hello" in capsys.readouterr().out
    assert format_seconds(5) == "5 s" and format_seconds(185) == "3m05s"
    assert format_seconds(7620) == "2h07m"
    path = tmp_path / "f.txt"
    path.write_text("old")

    def bad(tmp):
        open(tmp, "w").write("half")
        raise RuntimeError("interrupted")
    with pytest.raises(RuntimeError):
        atomic_save(str(path), bad)
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["f.txt"]
    atomic_save(str(path), lambda tmp: open(tmp, "w").write("new"))
    assert path.read_text() == "new"


def test_progress_bar_on_a_terminal(monkeypatch, capsys):
    import io
    pytest.importorskip("tqdm")

    class Tty(io.StringIO):
        def isatty(self):
            return True
    err = Tty()
    monkeypatch.setattr(sys, "stderr", err)
    p = Progress(1000, 0, "PPO", "step", enabled=True)
    assert p.bar is not None
    p.update(500, win="0.400")
    p.write("update 1")
    p.close()
    text = err.getvalue()
    assert "PPO" in text and "500/1.00k" in text and "win=0.400" in text
    assert "update 1" in capsys.readouterr().out
    assert Progress(10, 0, enabled=False).bar is None


# ---------------------------------------------------------------- curves
def test_plot_synthetic(tmp_path):
    f = tmp_path / "scalars.jsonl"
    with open(f, "w") as out:
        for i in range(1, 6):
            for role in plot.ROLES:
                out.write(json.dumps({"tag": f"eval/win_{role}", "value": 0.1 * i, "step": 100 * i,
                                      "time": 60.0 * i}) + "\n")
            out.write(json.dumps({"tag": "losses/entropy", "value": 1.0, "step": 100 * i,
                                  "time": 1.0}) + "\n")
        out.write('{"tag": "eval/win_lord", "val')         # a torn last line
    prefix, data = plot.curves(plot.read_scalars(str(tmp_path)))
    assert prefix == "eval/win_" and set(data) == set(plot.ROLES)
    assert data["lord"][-1] == (500, 300.0, 0.5)
    assert plot.smooth([1, 2, 3, 4], 2) == [1, 1.5, 2.5, 3.5]
    png = tmp_path / "c.png"
    assert plot.main([str(f), "--out", str(png), "--smooth", "2"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    with pytest.raises(SystemExit, match="no scalars charts/nothing_"):
        plot.curves(plot.read_scalars(str(f)), "charts/nothing_")
    with pytest.raises(SystemExit, match="no scalars file"):
        plot.read_scalars(str(tmp_path / "missing"))


def test_plot_split_table(tmp_path, capsys):
    """--split N: the mean of each training win rate (and the entropy) over its first N points
    and over the rest, in step order."""
    f = tmp_path / "scalars.jsonl"
    with open(f, "w") as out:
        for i in (5, 1, 2, 3, 4):                  # out of step order on purpose
            out.write(json.dumps({"tag": "charts/win_vs_random_loyalist", "value": 0.1 * i,
                                  "step": 10 * i}) + "\n")
            out.write(json.dumps({"tag": "losses/entropy", "value": float(i), "step": 10 * i})
                      + "\n")
            out.write(json.dumps({"tag": "eval/win_all", "value": 0.5, "step": 10 * i}) + "\n")
    rows = {t: (n, a, b) for t, n, a, b in plot.split_means(plot.read_scalars(str(f)), 2)}
    assert set(rows) == {"charts/win_vs_random_loyalist", "losses/entropy"}
    assert rows["losses/entropy"] == (5, pytest.approx(1.5), pytest.approx(4.0))
    assert plot.main([str(f), "--split", "2"]) == 0
    assert "| charts/win_vs_random_loyalist | 5 | 0.150 | 0.400 |" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="--split 0"):
        plot.main([str(f), "--split", "0"])


def test_plot_real_run(resumed_runs):
    d = resumed_runs[0]
    (run,) = os.listdir(d / "rb")
    records = plot.read_scalars(str(d / "rb" / run))
    prefix, data = plot.curves(records)
    assert prefix == "eval/win_" and "all" in data
    _, train = plot.curves(records, "charts/win_vs_heuristic_")
    assert "all" in train
    out = d / "curves.png"
    assert plot.plot(records, str(out), baselines={"heuristic": {"all": 0.37, "lord": 0.55}}) \
        == ["eval/win_"]
    assert out.stat().st_size > 10_000


def test_plot_a_row_per_opponent_kind(tmp_path, capsys):
    """--opponents heuristic random: a row per kind, each from its own scalars (evaluations
    first, else the training games), its baseline from the evaluate.py JSON's comparison."""
    f = tmp_path / "scalars.jsonl"
    with open(f, "w") as out:
        for i in range(1, 4):
            for role in plot.ROLES:
                for tag in (f"eval/win_{role}", f"charts/win_vs_random_{role}"):
                    out.write(json.dumps({"tag": tag, "value": 0.2 * i, "step": 10 * i,
                                          "time": 5.0 * i}) + "\n")
    recs = plot.read_scalars(str(f))
    assert plot.curves(recs, kind="random")[0] == "charts/win_vs_random_"
    recs.append({"tag": "eval/win_vs_random_all", "value": 0.9, "step": 40, "time": 20.0})
    pre, data = plot.curves(recs, kind="random")
    assert pre == "eval/win_vs_random_" and data == {"all": [(40, 20.0, 0.9)]}
    base = {"comparisons": {k: {"table": {r: {"baseline": {"win_rate": 0.5}} for r in plot.ROLES}}
                            for k in ("heuristic", "random")}}
    bj = tmp_path / "eval.json"
    bj.write_text(json.dumps(base))
    png = tmp_path / "two.png"
    assert plot.main([str(f), "--out", str(png), "--opponents", "heuristic", "random",
                      "--baseline", str(bj)]) == 0
    assert "eval/win_<role>, charts/win_vs_random_<role>" in capsys.readouterr().out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(SystemExit, match="no win-rate scalars vs pool opponents"):
        plot.main([str(f), "--out", str(png), "--opponents", "pool"])
    with pytest.raises(SystemExit, match="give one opponent kind"):
        plot.main([str(f), "--out", str(png), "--opponents", "heuristic", "random",
                   "--prefix", "eval/win_"])


# ---------------------------------------------------------------- paired evaluation
def test_paired_difference_numbers():
    p = evaluate.paired_difference([1, 1, 0, 0, 1], [1, 0, 0, 0, 1])
    assert p["n"] == 5 and p["diff"] == 0.2
    # d = (0, 1, 0, 0, 0): sd = sqrt(0.2), se = sd / sqrt(5) = 0.2
    assert p["se"] == pytest.approx(0.2, abs=1e-4)
    assert p["ci95"] == pytest.approx([0.2 - 1.96 * 0.2, 0.2 + 1.96 * 0.2], abs=1e-3)
    assert p["corr"] == pytest.approx(2 / 3, abs=1e-3)
    assert evaluate.paired_difference([], [])["diff"] is None
    assert evaluate.paired_difference([1, 0], [0, 1])["corr"] == pytest.approx(-1.0)
    with pytest.raises(ValueError, match="equal lengths"):
        evaluate.paired_difference([1], [1, 0])


def _rec(game, seats, roles, rewards):
    return {"game": game, "seats": seats, "roles": roles, "rewards": rewards}


def test_paired_needs_the_same_seats():
    roles = ["lord", "rebel", "rebel", "loyalist", "renegade"]
    a = [_rec(0, ["x", "o", "o2", "o3", "o4"], roles, [1, -1, -1, 1, -1]),
         _rec(1, ["o", "x", "o2", "o3", "o4"], roles, [1, -1, -1, 1, -1])]
    b = [_rec(0, ["h", "o", "o2", "o3", "o4"], roles, [-1, 1, 1, -1, -1]),
         _rec(1, ["o", "h", "o2", "o3", "o4"], roles, [-1, 1, 1, -1, -1])]
    res = evaluate.paired(a, "x", b, "h")
    assert res["lord"]["diff"] == 1.0 and res["rebel"]["diff"] == -1.0
    assert res["all"]["n"] == 2 and res["all"]["diff"] == 0.0 and res["loyalist"]["n"] == 0
    b[1]["seats"] = ["h", "o", "o2", "o3", "o4"]
    with pytest.raises(ValueError, match="game 1: the agent sat in seat 1 as rebel"):
        evaluate.paired(a, "x", b, "h")
    with pytest.raises(ValueError, match="different games"):
        evaluate.paired(a, "x", b[:1], "h")


def _fake_result(diffs_by_opp):
    comps = {}
    for opp, diffs in diffs_by_opp.items():
        comps[opp] = {"paired": {g: {"diff": d, "ci95": [d - 0.02, d + 0.02]}
                                 for g, d in diffs.items()}}
    return {"args": {"margin": 0.03}, "comparisons": comps}


def test_verdict():
    good = {"lord": 0.05, "loyalist": 0.01, "rebel": 0.04, "renegade": 0.02, "all": 0.035}
    v = evaluate.verdict(_fake_result({"heuristic": good, "random": good}))
    assert v["pass"] and v["opponents"]["heuristic"]["significant"] == ["lord", "rebel", "all"]
    short = dict(good, renegade=-0.01, all=0.02)
    v = evaluate.verdict(_fake_result({"heuristic": short, "random": good}))
    assert not v["pass"] and v["opponents"]["random"]["pass"]
    assert v["opponents"]["heuristic"]["short"] == ["renegade -1.0", "all +2.0 < +3.0"]
    assert not evaluate.verdict(_fake_result({"heuristic": dict(good, lord=0.0)}))["pass"]


def test_evaluate_heuristic_against_itself(tmp_path):
    """The heuristic evaluated against itself: the same games, so every paired difference is
    exactly 0 and the verdict fails; the random agent's base rates come along."""
    res = evaluate.main(["--agent", "heuristic", "--games", "10", "--workers", "1", "--quiet",
                         "--opponents", "heuristic", "--out", str(tmp_path / "e.json"),
                         "--games-dir", str(tmp_path / "games")])
    comp = res["comparisons"]["heuristic"]
    for g in evaluate.GROUPS:
        assert comp["paired"][g]["diff"] in (0.0, None)
        assert comp["table"][g]["agent"] == comp["table"][g]["baseline"]
    assert comp["paired"]["all"]["n"] == 10 and comp["paired"]["all"]["se"] == 0.0
    assert comp["table"]["all"]["random"]["games"] == 10
    assert not res["verdict"]["pass"]
    text = json.loads((tmp_path / "e.json").read_text())["text"]
    assert "verdict (ahead of" in text and "FAIL" in text and "+0.0" in text
    assert sorted(os.listdir(tmp_path / "games")) == [
        "agent_vs_heuristic.games.jsonl", "baseline_vs_heuristic.games.jsonl",
        "random_vs_heuristic.games.jsonl"]
    # kept games files are resumed: a second run plays nothing and agrees
    again = evaluate.main(["--agent", "heuristic", "--games", "10", "--workers", "1", "--quiet",
                           "--opponents", "heuristic", "--out", "", "--games-dir",
                           str(tmp_path / "games")])
    assert again["comparisons"]["heuristic"]["paired"] == comp["paired"]
    assert all(s["run"]["played_now"] == 0
               for s in again["comparisons"]["heuristic"]["summaries"].values())
    assert math.isfinite(comp["table"]["all"]["random"]["win_rate"])


def test_evaluate_seeds_pooled(tmp_path):
    """--seeds: each seed's evaluation is the single-seed one; the pooled table sums wins and
    seat-games, the pooled paired difference is over all the games (the n-weighted mean of the
    seeds'), the verdict is the pooled table's; kept games go under seed<k>/; a seed twice is
    refused."""
    common = ["--agent", "random", "--games", "8", "--workers", "1", "--quiet", "--opponents",
              "heuristic", "--no-base-rates"]
    one = {sd: evaluate.main(common + ["--seed", str(sd), "--out", ""]) for sd in (3, 4)}
    res = evaluate.main(common + ["--seeds", "3", "4", "--out", str(tmp_path / "p.json"),
                                  "--games-dir", str(tmp_path / "g")])
    for sd in (3, 4):
        assert res["seeds"][str(sd)]["comparisons"]["heuristic"]["paired"] == \
            one[sd]["comparisons"]["heuristic"]["paired"]
        assert res["seeds"][str(sd)]["verdict"] == one[sd]["verdict"]
    pooled = res["comparisons"]["heuristic"]
    for g in evaluate.GROUPS:
        cells = [one[sd]["comparisons"]["heuristic"]["table"][g]["agent"] for sd in (3, 4)]
        assert pooled["table"][g]["agent"]["wins"] == sum(c["wins"] for c in cells)
        assert pooled["table"][g]["agent"]["games"] == sum(c["games"] for c in cells)
        ps = [one[sd]["comparisons"]["heuristic"]["paired"][g] for sd in (3, 4)]
        n = sum(p["n"] for p in ps)
        assert pooled["paired"][g]["n"] == n
        if n:
            want = sum(p["n"] * p["diff"] for p in ps if p["n"]) / n
            assert pooled["paired"][g]["diff"] == pytest.approx(want, abs=1e-4)
    assert pooled["paired"]["all"]["n"] == 16
    assert res["verdict"] == evaluate.verdict(res)
    text = json.loads((tmp_path / "p.json").read_text())["text"]
    assert "seeds 3 4 pooled" in text and "\nseed 3: vs heuristic" in text
    assert "\nseed 4: vs heuristic" in text
    assert "verdict (pooled)" in text
    assert sorted(os.listdir(tmp_path / "g")) == ["seed3", "seed4"]
    with pytest.raises(SystemExit, match="--seeds 3 3: each seed once"):
        evaluate.main(common + ["--seeds", "3", "3", "--out", ""])


def test_evaluate_summarize_tables_the_evaluations(tmp_path, capsys):
    """--summarize: one markdown row per evaluation JSON with its overall paired differences
    (the JSON's own numbers) and verdict; a file that is not an evaluation is named."""
    out = tmp_path / "e.json"
    res = evaluate.main(["--agent", "random", "--games", "8", "--workers", "1", "--quiet",
                         "--opponents", "heuristic", "--no-base-rates", "--out", str(out)])
    capsys.readouterr()
    shipped = "agents/none5/eval_selfplay_none5_prior.json"
    text = evaluate.main(["--summarize", str(out), shipped])
    lines = text.splitlines()
    assert lines[0] == ("| evaluation | agent (as evaluated) | pack | seeds | vs heuristic "
                        "opponents | vs random opponents | verdict |") and len(lines) == 4

    def cell(p):
        return f"{100 * p['diff']:+.1f} ({100 * p['ci95'][0]:+.1f} to {100 * p['ci95'][1]:+.1f})"

    p = res["comparisons"]["heuristic"]["paired"]["all"]
    assert lines[2] == f"| `e.json` | `random` | none | 0 | {cell(p)} | - | FAIL |"
    with open(os.path.join(ROOT, shipped)) as f:
        ship = json.load(f)
    h, r = (ship["comparisons"][k]["paired"]["all"] for k in ("heuristic", "random"))
    verdict = "PASS" if ship["verdict"]["pass"] else "FAIL"
    assert lines[3] == (f"| `eval_selfplay_none5_prior.json` | `selfplay_none5_prior.pt` | none "
                        f"| 0 | {cell(h)} | {cell(r)} | {verdict} |")
    (tmp_path / "junk.json").write_text("{}")
    with pytest.raises(SystemExit, match="junk.json: not an evaluation"):
        evaluate.main(["--summarize", str(tmp_path / "junk.json")])


def test_evaluate_prior_checkpoint_with_a_large_gain_is_the_heuristic(tmp_path):
    """A "prior" checkpoint whose gain overrules its net in every role plays the heuristic's
    games exactly in the protocol (its heuristic seeded like the baseline's in each seat), so
    every paired difference is 0; with gain 0 it plays its own (untrained) net, and the games'
    outcomes differ."""
    torch = pytest.importorskip("torch")
    from heroes_env.agents.torch_policy import build_net, save_checkpoint
    from heroes_env.engine import constants as C
    torch.manual_seed(0)
    net = build_net((16,), features=("prior",), prior_gain=[1e4] * C.NUM_ROLES)
    save_checkpoint(str(tmp_path / "big.pt"), net)
    with torch.no_grad():
        net.prior_gain.zero_()
    save_checkpoint(str(tmp_path / "zero.pt"), net)
    diffs = {}
    for name in ("big", "zero"):
        res = evaluate.main(["--agent", str(tmp_path / f"{name}.pt"), "--games", "10",
                             "--workers", "1", "--quiet", "--opponents", "heuristic",
                             "--no-base-rates", "--out", ""])
        diffs[name] = res["comparisons"]["heuristic"]["paired"]
    assert all(diffs["big"][g]["diff"] in (0.0, None) for g in evaluate.GROUPS)
    assert diffs["zero"]["all"]["sd"] > 0
    # --prior-gain plays a checkpoint at other gains: each file at the other's gains
    for name, gains, same in (("zero", "10000", "big"), ("big", "0", "zero")):
        res = evaluate.main(["--agent", str(tmp_path / f"{name}.pt"), "--games", "10",
                             "--workers", "1", "--quiet", "--opponents", "heuristic",
                             "--no-base-rates", "--out", "", "--prior-gain", *[gains] * 4])
        assert res["comparisons"]["heuristic"]["paired"] == diffs[same]
        assert f"prior gains {' '.join([str(float(gains))] * 4)};" in evaluate.format_result(res)
    # kept games resume (the agent file has a fixed name there): nothing played again
    keep = ["--agent", str(tmp_path / "zero.pt"), "--games", "4", "--workers", "1", "--quiet",
            "--opponents", "heuristic", "--no-base-rates", "--out", "", "--prior-gain",
            "1", "2", "3", "4", "--games-dir", str(tmp_path / "kept")]
    first = evaluate.main(keep)
    again = evaluate.main(keep)
    assert (again["comparisons"]["heuristic"]["paired"]
            == first["comparisons"]["heuristic"]["paired"])
    assert all(s["run"]["played_now"] == 0
               for s in again["comparisons"]["heuristic"]["summaries"].values())
    plain = os.path.join(ROOT, "tests", "data", "selfplay_none5.pt")
    with pytest.raises(SystemExit, match="--prior-gain: prior_gain .*has no prior feature"):
        evaluate.main(["--agent", plain, "--prior-gain", "1", "1", "1", "1", "--out", ""])
    with pytest.raises(SystemExit, match="--prior-gain needs a .pt checkpoint"):
        evaluate.main(["--agent", "heuristic", "--prior-gain", "1", "1", "1", "1", "--out", ""])
    with pytest.raises(SystemExit, match="prior_gain: 4 numbers"):
        evaluate.main(["--agent", str(tmp_path / "big.pt"), "--prior-gain", "1", "1",
                       "--out", ""])
    # --prior-agent names the heuristic behind the suggestions: the heuristic itself changes
    # nothing; an agent that is not a heuristic, or a net without the prior, is refused
    res = evaluate.main(["--agent", str(tmp_path / "big.pt"), "--games", "10", "--workers", "1",
                         "--quiet", "--opponents", "heuristic", "--no-base-rates", "--out", "",
                         "--prior-agent", "heuristic"])
    assert res["comparisons"]["heuristic"]["paired"] == diffs["big"]
    assert "prior agent heuristic;" in evaluate.format_result(res)
    with pytest.raises(SystemExit, match="--prior-agent: prior_agent 'random' gave RandomAgent"):
        evaluate.main(["--agent", str(tmp_path / "big.pt"), "--prior-agent", "random",
                       "--out", ""])
    with pytest.raises(SystemExit, match="--prior-agent: prior_agent .*has no prior feature"):
        evaluate.main(["--agent", plain, "--prior-agent", "heuristic", "--out", ""])
    # a games folder kept from an evaluation at other gains is refused with the reason
    other = keep[:keep.index("--prior-gain")] + ["--prior-gain", "4", "3", "2", "1",
                                                  "--games-dir", str(tmp_path / "kept")]
    with pytest.raises(SystemExit, match="evaluate: cannot resume from .*another tournament"):
        evaluate.main(other)


# ---------------------------------------------------------------- league table
def test_league_table(tmp_path):
    from training import league
    ckpt = os.path.join(ROOT, "tests", "data", "selfplay_none5.pt")
    stem = str(tmp_path / "lg")
    assert league.main(["--agents", ckpt, "heuristic", "random", "--games", "6", "--workers", "1",
                        "--quiet", "--out", stem, "--rating", "elo"]) == 0
    md = open(stem + ".md").read().splitlines()
    assert md[0].startswith("6 games, 5 players, pack none") and "training/league.py" in md[0]
    assert md[2] == ("| agent | rating | all | lord | loyalist | rebel | renegade | "
                     "seat-games |")
    rows = [line.split(" | ") for line in md[4:]]
    assert sorted(r[0].lstrip("| ") for r in rows) == ["heuristic", "random", "selfplay_none5.pt"]
    ratings = [float(r[1]) for r in rows]
    assert ratings == sorted(ratings, reverse=True)          # best first
    assert sum(int(r[-1].rstrip(" |")) for r in rows) == 30   # 6 games x 5 seats
    summary = json.load(open(stem + ".json"))
    assert summary["games"] == 6 and summary["rating_system"].startswith("elo")
    assert os.path.getsize(stem + ".png") > 5_000
    # the games file is kept: --resume plays nothing new and writes the same table
    assert league.main(["--agents", ckpt, "heuristic", "random", "--games", "6", "--workers",
                        "1", "--quiet", "--out", stem, "--rating", "elo", "--resume"]) == 0
    assert open(stem + ".md").read().splitlines() == md
    with pytest.raises(SystemExit):
        league.main(["--agents", "nobody", "--games", "2", "--out", stem + "x", "--quiet"])


def _league(pack, players, **wins):
    """A league summary with one entry per agent: name=(wins, seat_games)."""
    return {"config": {"pack": pack, "players": players, "seed": 0},
            "agents": {name: {"wins": w, "seat_games": n} for name, (w, n) in wins.items()}}


def test_league_cross_table(tmp_path):
    """The cross-table figure: each agent's lead over the heuristic per table (the difference
    of two proportions with its normal interval) and its mean over the tables it plays."""
    from training import league
    none5 = _league("none", 5, heuristic=(400, 1000), a=(500, 1000), b=(300, 1000))
    std8 = _league("standard", 8, heuristic=(450, 1000), a=(470, 1000))
    cross = league.cross_table([none5, std8])
    assert cross["tables"] == ["none 5p", "standard 8p"]
    lead, low, high = cross["agents"]["a"]["leads"]["none 5p"]
    half = 196 * (0.5 * 0.5 / 1000 + 0.4 * 0.6 / 1000) ** 0.5
    assert lead == 10.0 and low == pytest.approx(10 - half, abs=0.01) \
        and high == pytest.approx(10 + half, abs=0.01)
    assert cross["agents"]["a"]["mean"] == 6.0               # (+10 + +2) / 2
    assert list(cross["agents"]["b"]["leads"]) == ["none 5p"]  # it plays one table
    assert cross["agents"]["b"]["mean"] == -10.0
    assert list(cross["agents"]) == ["a", "b"]               # best mean first
    files = []
    for k, summary in enumerate((none5, std8)):
        files.append(str(tmp_path / f"l{k}.json"))
        json.dump(summary, open(files[-1], "w"))
    stem = str(tmp_path / "cross")
    assert league.main(["--cross", *files, "--out", stem]) == 0
    md = open(stem + ".md").read().splitlines()
    assert md[2] == "| agent | mean | none 5p | standard 8p |"
    assert md[4].startswith("| a | +6.0 | +10.0 (")
    assert md[5] == "| b | -10.0 | -10.0 (-14.2 to -5.8) | - |"
    assert json.load(open(stem + ".json"))["agents"]["a"]["mean"] == 6.0
    # leagues that cannot be compared are refused, naming why
    with pytest.raises(SystemExit, match="no 'heuristic' agent"):
        league.cross_table([_league("none", 5, a=(1, 2))])
    with pytest.raises(SystemExit, match="two leagues of the table none 5p"):
        league.cross_table([none5, none5])
    json.dump({"games": 3}, open(tmp_path / "bad.json", "w"))
    with pytest.raises(SystemExit, match="not a league's summary"):
        league.main(["--cross", str(tmp_path / "bad.json"), "--out", stem])


def test_league_zoo_all_is_every_zoo_agent():
    from heroes_env.agents.trained import shipped_checkpoints
    from training import league
    every = league.expand_agents(["zoo:all", "heuristic"], "none", 5)
    assert every == [f"trained:{n}" for n in sorted(shipped_checkpoints())] + ["heuristic"]
    assert league.expand_agents(["zoo"], "none", 5) == ["trained:none5"]


def test_maskable_ppo_resume(tmp_path):
    """MaskablePPO (SB3): a sitting ended by --max-minutes saves the model and its state file;
    --resume trains on to --total-steps from the saved step counter."""
    pytest.importorskip("sb3_contrib")
    import torch

    from training import maskable_ppo
    path = str(tmp_path / "m.zip")
    common = ["--total-steps", "256", "--num-envs", "2", "--n-steps", "64", "--batch-size", "64",
              "--n-epochs", "1", "--hidden", "16", "--torch-threads", "1", "--no-tensorboard"]
    threads = torch.get_num_threads()
    try:
        m1 = maskable_ppo.main(common + ["--save-path", path, "--run-dir", str(tmp_path / "runs"),
                                         "--max-minutes", "1e-6"])
        st1 = json.load(open(path + ".state.json"))
        assert 128 <= m1.num_timesteps < 256 and st1["num_timesteps"] == m1.num_timesteps
        m2 = maskable_ppo.main(["--resume", path, "--max-minutes", "0"])
    finally:
        torch.set_num_threads(threads)
    st2 = json.load(open(path + ".state.json"))
    assert m2.num_timesteps >= 256 and st2["num_timesteps"] == m2.num_timesteps
    assert len(st2["sittings"]) == 2 and st2["args"]["hidden"] == [16]
    assert st2["run"] == st1["run"]              # the same run directory, scalars appended
    (run,) = os.listdir(tmp_path / "runs")
    steps = [r["step"] for r in _scalars(tmp_path / "runs") if r["tag"] == "charts/sps"]
    assert steps == sorted(steps) and steps[0] < m1.num_timesteps < steps[-1]
    with pytest.raises(SystemExit, match="state file"):
        maskable_ppo.main(["--resume", str(tmp_path / "none.zip")])



# ---------------------------------------------------------------- auxiliary role head
def _role_data(num_players, B=16, steps=150, seed=0):
    import numpy as np

    from heroes_env.engine import constants as C
    from heroes_env.vector import VectorEnv
    from training.selfplay_ppo import role_targets
    venv = VectorEnv(B, num_players=num_players, num_threads=1)
    r = venv.reset(seed=seed)
    obs, tg, seats, states = [], [], [], []
    for _ in range(steps):
        s = np.asarray(r.seat).astype(np.int64)
        obs.append(np.array(r.obs))
        tg.append(role_targets(venv.core.S, s, num_players, C))
        seats.append(s)
        states.append(np.array(venv.core.S))
        r = venv.step(venv.random_actions())
    return np.concatenate(obs), np.concatenate(tg), np.concatenate(seats), np.concatenate(states)


@pytest.mark.parametrize("n", [5, 8])
def test_role_targets_follow_the_observation(n):
    """Target r is the role of the seat r places after the decider: where the observation shows
    a role (the lord's, the dead's), it is that role; r = 0 and absent seats are ignored."""
    import numpy as np

    from heroes_env.engine import constants as C
    obs, tg, seats, S = _role_data(n, steps=60)
    assert (tg[:, 0] == -1).all() and (tg[:, n:] == -1).all()
    assert set(np.unique(tg[:, 1:n]).tolist()) <= {0, 1, 2, 3}
    for j in range(0, len(tg), 7):
        for r in range(1, n):
            assert tg[j, r] == S[j, C.P_ROLE + (seats[j] + r) % n]     # no 迁都 here
            cell = C.OBS_SEATS + r * C.SEAT_OBS + C.OS_ROLE
            shown = obs[j, cell:cell + C.NUM_ROLES]
            if shown.any():
                assert shown.argmax() == tg[j, r]
    # every role but the lord's is hidden from some decider, which the head must guess
    lords = (tg == 0).sum(1)
    assert (lords <= 1).all()


def test_role_head_trains():
    """The auxiliary head learns the other seats' roles from the trunk: its cross-entropy falls
    well below its start and it guesses hidden roles better than chance (1/3 for three roles)."""
    import torch

    from heroes_env.agents.torch_policy import build_net
    from heroes_env.engine import constants as C
    from training.selfplay_ppo import MAX_SEATS, ROLE_CLASSES, role_loss, roles_shown
    obs, tg, _, _ = _role_data(5, steps=120)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)           # small matrices: one thread, no waiting for a busy core
    torch.manual_seed(0)
    net = build_net((64,))
    head = torch.nn.Linear(64, MAX_SEATS * ROLE_CLASSES)
    opt = torch.optim.Adam(list(net.parameters()) + list(head.parameters()), lr=3e-3)
    ob, t = torch.as_tensor(obs), torch.as_tensor(tg)
    mask = torch.ones(len(ob), C.NUM_ACTIONS, dtype=torch.bool)
    g = torch.Generator().manual_seed(0)

    def full():
        with torch.no_grad():
            _, _, h = net(ob, mask, features=True)
            return [x.item() for x in role_loss(head, h, t, roles_shown(ob, C))]
    ce0, _ = full()
    for _ in range(120):
        mb = torch.randint(len(ob), (256,), generator=g)
        _, _, h = net(ob[mb], mask[mb], features=True)
        ce, _ = role_loss(head, h, t[mb], roles_shown(ob[mb], C))
        opt.zero_grad()
        ce.backward()
        opt.step()
    ce1, acc1 = full()
    torch.set_num_threads(threads)
    assert ce1 < 0.75 * ce0
    assert acc1 > 0.4


def test_critic_reads_the_roles():
    """The centralised critic's value depends on the other seats' true roles and on nothing in
    the cells that are not roles (-1: the viewer itself, empty seats); a bad --critic is refused."""
    import torch

    from training import selfplay_ppo
    from training.selfplay_ppo import MAX_SEATS, build_critic, critic_value
    torch.manual_seed(0)
    critic = build_critic(8)
    h = torch.randn(2, 8)
    roles = torch.full((2, MAX_SEATS), -1, dtype=torch.int8)
    roles[:, 1:5] = torch.tensor([2, 2, 1, 3], dtype=torch.int8)
    base = critic_value(critic, h, roles)
    other = roles.clone()
    other[:, 1], other[:, 3] = 1, 2                 # the loyalist and a rebel swap seats
    assert not torch.allclose(base, critic_value(critic, h, other))
    # its input: the features, then 4 cells per relative seat, all 0 where there is no role
    cells = torch.zeros(2, MAX_SEATS * 4)
    for r, role in zip(range(1, 5), (2, 2, 1, 3), strict=True):
        cells[:, 4 * r + role] = 1
    assert torch.allclose(base, critic(torch.cat([h, cells], 1)).squeeze(-1))
    lord = roles.clone()
    lord[:, 7] = 0                                  # an empty seat is not a lord
    assert not torch.allclose(base, critic_value(critic, h, lord))
    with pytest.raises(SystemExit, match="--critic 'state': choose one of obs, roles"):
        selfplay_ppo.main(["--critic", "state"])


def test_critic_warmup_leaves_the_policy(tmp_path):
    """A run started from a checkpoint with --critic-warmup 2: its first two PPO updates move the
    critic and the role head only; the trunk and the policy head are the checkpoint's; after the
    warm-up the policy trains again. A negative warm-up is refused."""
    import torch

    from heroes_env.agents.torch_policy import load_checkpoint
    from training import selfplay_ppo
    small = ["--rollout-steps", "200", "--num-envs", "8", "--minibatch-size", "64",
             "--hidden", "32", "--eval-every", "0", "--torch-threads", "1", "--seed", "4",
             "--no-tensorboard", "--aux-coef", "0.5", "--critic", "roles", "--p-pool", "0",
             "--run-dir", str(tmp_path / "runs")]
    threads = torch.get_num_threads()
    try:
        selfplay_ppo.main(small + ["--total-steps", "200", "--save-path", str(tmp_path / "a.pt")])
        base, _ = load_checkpoint(str(tmp_path / "a.pt"))
        warm = selfplay_ppo.main(small + ["--total-steps", "350", "--critic-warmup", "2",
                                          "--init-checkpoint", str(tmp_path / "a.pt"),
                                          "--save-path", str(tmp_path / "w.pt")])
        st = torch.load(str(tmp_path / "w.pt.state"), weights_only=False)
        assert st["counters"]["update"] == 2
        for k, v in base.state_dict().items():
            assert torch.equal(v, warm.state_dict()[k]), k
        on = selfplay_ppo.main(small + ["--total-steps", "600", "--critic-warmup", "2",
                                        "--init-checkpoint", str(tmp_path / "a.pt"),
                                        "--save-path", str(tmp_path / "x.pt")])
        assert any(not torch.equal(v, on.state_dict()[k]) for k, v in base.state_dict().items()
                   if not k.startswith("v."))
    finally:
        torch.set_num_threads(threads)
    with pytest.raises(SystemExit, match="--critic-warmup -1"):
        selfplay_ppo.main(["--critic-warmup", "-1"])


def test_kickstarting_pulls_toward_the_heuristic(tmp_path):
    """--kick-coef: the heuristic's choice is stored at the learner's decisions of the roles in
    --kick-roles only, always a legal action; its cross-entropy term moves the policy toward the
    heuristic (the run agrees with it more than the same run without the term), with a weight
    falling linearly to 0 at --kick-steps; bad values are refused."""
    import numpy as np
    import torch

    from heroes_env.agents.torch_policy import load_checkpoint
    from heroes_env.engine import constants as C
    from training import selfplay_ppo
    argv = ["--rollout-steps", "256", "--num-envs", "8", "--minibatch-size", "64",
            "--hidden", "32", "--eval-every", "0", "--torch-threads", "1", "--seed", "5",
            "--no-tensorboard", "--p-heuristic", "1", "--p-pool", "0", "--update-epochs", "4",
            "--target-kl", "0", "--learning-rate", "3e-3", "--no-anneal-lr",
            "--total-steps", "4096", "--kick-steps", "16384", "--kick-roles", "lord", "rebel"]
    threads = torch.get_num_threads()
    try:
        for name, coef in (("k", "10"), ("p", "0")):
            selfplay_ppo.main(argv + ["--kick-coef", coef,
                                      "--save-path", str(tmp_path / f"{name}.pt"),
                                      "--run-dir", str(tmp_path / f"runs_{name}")])
    finally:
        torch.set_num_threads(threads)
    sc = _scalars(tmp_path / "runs_k")
    coef = [(r["step"], r["value"]) for r in sc if r["tag"] == "losses/kick_coef"]
    assert len(coef) >= 4 and len([r for r in sc if r["tag"] == "losses/kick_agree"]) == len(coef)
    for step, w in coef:
        assert w == pytest.approx(10 * (1 - step / 16384))
    assert not [r for r in _scalars(tmp_path / "runs_p") if r["tag"] == "losses/kick_ce"]
    st = torch.load(tmp_path / "k.pt.state", weights_only=False)["store"]
    roles = np.asarray(st["obs"][:, C.OBS_ROLE:C.OBS_ROLE + 4]).argmax(1)
    taught = st["teach"] >= 0
    assert taught.any() and (taught == np.isin(roles, [0, 2])).all()
    assert st["mask"][taught, st["teach"][taught]].all()
    # held-out decisions: the heuristic playing every seat of fresh games, at lords and rebels
    from heroes_env.agents.heuristic import HeuristicAgent
    from heroes_env.vector import VectorEnv
    venv, heur = VectorEnv(8), HeuristicAgent(seed=9)
    r = venv.reset(seed=99)
    obs, mask, teach = [], [], []
    for _ in range(150):
        ob, mk = np.array(r.obs), np.asarray(r.mask) != 0
        act = heur.act_batch(ob, mk, slots=np.arange(8) * C.MAX_SEATS + np.asarray(r.seat))
        keep = np.isin(ob[:, C.OBS_ROLE:C.OBS_ROLE + 4].argmax(1), [0, 2]) & (mk.sum(1) > 1)
        obs.append(ob[keep]), mask.append(mk[keep]), teach.append(act[keep])
        r = venv.step(act)
        for i in np.flatnonzero(np.asarray(r.terminated) | np.asarray(r.truncated)).tolist():
            heur.reset(slots=[i * C.MAX_SEATS + s for s in range(C.MAX_SEATS)])
    obs, mask, teach = (torch.as_tensor(np.concatenate(x)) for x in (obs, mask, teach))
    assert len(teach) > 200
    agree = {}
    for name in ("k", "p"):
        net, _ = load_checkpoint(str(tmp_path / f"{name}.pt"))
        with torch.no_grad():
            agree[name] = (net(obs, mask)[0].argmax(1) == teach).float().mean().item()
    assert agree["k"] > agree["p"] + 0.04, agree
    with pytest.raises(SystemExit, match="--kick-roles"):
        selfplay_ppo.main(["--kick-roles", "spy"])
    with pytest.raises(SystemExit, match="--kick-coef -1"):
        selfplay_ppo.main(["--kick-coef", "-1"])


def test_prior_feature_run(tmp_path):
    """--features prior: the heuristic is asked at every learner decision (stored, always legal)
    and pool snapshots ask it too; with a large --prior-gain the rollout plays its choice (the
    rebel's gain 0: tests/test_policy_features.py); the gains are learned; the run resumes;
    bad combinations are refused."""
    import numpy as np
    import torch

    from heroes_env.agents.torch_policy import load_checkpoint
    from heroes_env.engine import constants as C
    from training import selfplay_ppo
    argv = ["--rollout-steps", "256", "--num-envs", "8", "--minibatch-size", "64",
            "--hidden", "32", "--eval-every", "0", "--torch-threads", "1", "--seed", "6",
            "--no-tensorboard", "--p-heuristic", "0.4", "--p-pool", "0.4", "--pool-every", "1",
            "--features", "prior", "kinds", "--prior-gain", "30", "30", "0", "30",
            "--learning-rate", "3e-3", "--run-dir", str(tmp_path / "runs"),
            "--save-path", str(tmp_path / "p.pt")]
    threads = torch.get_num_threads()
    try:
        selfplay_ppo.main(argv + ["--total-steps", "1000"])
        saved = torch.load(tmp_path / "p.pt.state", weights_only=False)
        assert len(saved["pool"]) >= 2                      # pool games were played
        st = saved["store"]
        k = st["k"]
        assert k > 0 and (st["prior"][:k] >= 0).all()
        assert st["mask"][np.arange(k), st["prior"][:k]].all()
        roles = np.asarray(st["obs"][:k, C.OBS_ROLE:C.OBS_ROLE + 4]).argmax(1)
        follow = st["act"][:k] == st["prior"][:k]
        other = roles != 2
        assert other.any() and follow[other].all()           # gain 30: the heuristic's choice
        net, _ = load_checkpoint(str(tmp_path / "p.pt"))
        gain = net.prior_gain.detach().numpy()
        assert not np.allclose(gain[:4], [30, 30, 0, 30])    # learned
        logged = [r for r in _scalars(tmp_path / "runs") if r["tag"] == "charts/prior_gain_rebel"]
        assert logged and logged[-1]["value"] == pytest.approx(gain[2], abs=1e-5)
        again = selfplay_ppo.main(["--resume", str(tmp_path / "p.pt.state"),
                                   "--total-steps", "1500"])
        assert "prior" in again.features
    finally:
        torch.set_num_threads(threads)
    with pytest.raises(SystemExit, match="--prior-gain 1.0 2.0: give 4 numbers"):
        selfplay_ppo.main(["--features", "prior", "--prior-gain", "1", "2"])
    with pytest.raises(SystemExit, match="with --features ... prior"):
        selfplay_ppo.main(["--prior-gain", "1", "2", "3", "4"])
    with pytest.raises(SystemExit, match="--features prior with --bc-steps"):
        selfplay_ppo.main(["--features", "prior", "--bc-steps", "100"])


def test_prior_lr_gives_the_gains_their_own_rate(tmp_path):
    """--prior-lr: the per-role gains are an Adam group of their own, annealed from their own
    rate; at a net rate of 1e-6 they move by what their rate allows and the net hardly at all,
    without it they move no more than the net; a resumed run keeps the groups; bad values
    are refused."""
    import numpy as np
    import torch

    from heroes_env.agents.torch_policy import load_checkpoint
    from training import selfplay_ppo
    argv = ["--rollout-steps", "256", "--num-envs", "8", "--minibatch-size", "64",
            "--hidden", "32", "--eval-every", "0", "--torch-threads", "1", "--seed", "7",
            "--no-tensorboard", "--p-heuristic", "0.8", "--p-pool", "0.0",
            "--features", "prior", "--prior-gain", "1", "1", "1", "1",
            "--learning-rate", "1e-6", "--total-steps", "800", "--anneal-lr",
            "--run-dir", str(tmp_path / "runs")]
    threads = torch.get_num_threads()
    moved = {}
    try:
        for name, extra in (("own", ["--prior-lr", "0.05"]), ("shared", [])):
            path = tmp_path / f"{name}.pt"
            selfplay_ppo.main(argv + extra + ["--save-path", str(path)])
            net, _ = load_checkpoint(str(path))
            moved[name] = np.abs(net.prior_gain.detach().numpy()[:4] - 1.0).max()
            groups = torch.load(str(path) + ".state", weights_only=False)["opt"]["param_groups"]
            if name == "own":
                assert [len(g["params"]) for g in groups][1] == 1      # the gains alone
                assert groups[1]["base_lr"] == 0.05 and groups[0]["base_lr"] == 1e-6
                assert groups[1]["lr"] / groups[0]["lr"] == pytest.approx(0.05 / 1e-6)
            else:
                assert len(groups) == 1
        assert moved["own"] > 0.05 and moved["shared"] < 1e-3
        again = selfplay_ppo.main(["--resume", str(tmp_path / "own.pt.state"),
                                   "--total-steps", "1100"])
        assert again.prior_gain.requires_grad
        groups = torch.load(tmp_path / "own.pt.state", weights_only=False)["opt"]["param_groups"]
        assert len(groups) == 2 and groups[1]["base_lr"] == 0.05
        # --prior-gain with an --init-checkpoint that has the feature: its gains replaced
        net = selfplay_ppo.main(["--init-checkpoint", str(tmp_path / "own.pt"), "--features",
                                 "prior", "--prior-gain", "2", "3", "4", "5", "--total-steps",
                                 "0", "--save-path", str(tmp_path / "set.pt"),
                                 "--run-dir", str(tmp_path / "runs"), "--no-tensorboard"])
        saved, _ = load_checkpoint(str(tmp_path / "set.pt"))
        assert saved.prior_gain.detach().numpy()[:4].tolist() == [2, 3, 4, 5]
        before, _ = load_checkpoint(str(tmp_path / "own.pt"))
        for (name, a), b in zip(before.named_parameters(), saved.parameters(), strict=True):
            assert name == "prior_gain" or torch.equal(a, b)
    finally:
        torch.set_num_threads(threads)
    with pytest.raises(SystemExit, match="--prior-lr 0.01: .*with --features ... prior"):
        selfplay_ppo.main(["--prior-lr", "0.01"])
    with pytest.raises(SystemExit, match="--prior-lr -1.0: give a learning rate"):
        selfplay_ppo.main(["--features", "prior", "--prior-lr", "-1"])


def test_sigterm_ends_a_sitting_with_a_state(tmp_path):
    """SIGTERM (kill <pid>) while training: the run finishes its update, writes the training
    state and exits 0; --resume would continue from there."""
    import signal
    import subprocess

    import torch
    args = TINY[:TINY.index("--aux-coef")]
    args[args.index("--total-steps") + 1] = "100000000"
    cmd = [sys.executable, os.path.join(ROOT, "training", "selfplay_ppo.py"), *args,
           "--bc-steps", "0", "--eval-every", "0", "--save-path", str(tmp_path / "s.pt"),
           "--run-dir", str(tmp_path / "runs")]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            cwd=ROOT)
    lines = []
    try:
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("update 1:"):
                proc.send_signal(signal.SIGTERM)
                break
        rest, _ = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
    out = "".join(lines) + rest
    assert proc.returncode == 0, out
    assert "stopped (time limit, --stop-at or signal)" in out and "--resume" in out
    st = torch.load(tmp_path / "s.pt.state", weights_only=False)
    assert st["phase"] == "ppo" and 1 <= st["counters"]["update"] <= 3


def test_behaviour_same_deals(capsys):
    """training/behaviour.py plays the same deals for the agent and the heuristic: the heuristic
    against itself gives the same counts on both sides; an unknown role is refused."""
    from training import behaviour
    res = behaviour.main(["--agent", "heuristic", "--role", "lord", "--games", "3"])
    assert res["agent"] == res["heuristic"] and sum(res["agent"].values()) > 0
    assert any(k.startswith("aim at") for k in res["agent"])
    assert "games won" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="choose one of lord, loyalist, rebel, renegade"):
        behaviour.main(["--role", "king"])


def test_behaviour_among_random_opponents():
    """--opponents random: the same deals for both sides (the heuristic against itself counts
    alike), a 桃 played on itself is counted by the HP lost, every game is won or lost once, and
    an unknown opponent kind is refused."""
    from training import behaviour
    res = behaviour.main(["--agent", "heuristic", "--role", "loyalist", "--games", "12",
                          "--opponents", "random"])
    a = res["agent"]
    assert a == res["heuristic"]
    lost = sum(v for k, v in a.items() if k.startswith("lost: "))
    assert a["games won"] + lost == 12
    assert any(k.startswith("peach on itself: ") for k in a)
    with pytest.raises(SystemExit, match="--opponents 'nobody': choose one of heuristic, random"):
        behaviour.main(["--opponents", "nobody"])


def test_table_head_and_table_critic_added_on_resume(resumed_runs, tmp_path):
    """--table-coef and --critic-table may be switched on when a run is resumed: the critic's new
    inputs start at zero weight (its values and its Adam moments are the saved ones), the table
    head trains on the kinds of table the store records, and both go into the next state."""
    import torch

    from training import selfplay_ppo
    from training.selfplay_ppo import (
        MAX_SEATS,
        TABLE_KINDS,
        build_critic,
        critic_value,
        load_critic,
        table_loss,
    )
    torch.manual_seed(0)
    old, new = build_critic(8), build_critic(8, table=True)
    opt = torch.optim.Adam(old.parameters())
    old(torch.randn(3, 8 + MAX_SEATS * 4)).sum().backward()
    opt.step()
    moments = dict(opt.state[old[0].weight])
    load_critic(new, old.state_dict(), moments)
    assert moments["exp_avg"].shape == new[0].weight.shape
    assert torch.equal(moments["exp_avg"][:, :-TABLE_KINDS], opt.state[old[0].weight]["exp_avg"])
    assert not moments["exp_avg"][:, -TABLE_KINDS:].any()
    h = torch.randn(4, 8)
    roles = torch.full((4, MAX_SEATS), -1, dtype=torch.int8)
    roles[:, 1:5] = torch.tensor([2, 2, 1, 3], dtype=torch.int8)
    kinds = torch.tensor([0, 1, 3, -1], dtype=torch.int8)
    assert torch.allclose(critic_value(old, h, roles), critic_value(new, h, roles, kinds))
    with pytest.raises(SystemExit, match="the saved critic reads"):
        load_critic(build_critic(9), old.state_dict())
    # the head's loss skips unknown tables and learns the known ones
    head = torch.nn.Linear(8, TABLE_KINDS)
    ce, acc = table_loss(head, h, kinds)
    assert ce.item() > 0 and 0 <= acc.item() <= 1
    ce0, _ = table_loss(head, h, torch.full((4,), -1, dtype=torch.int8))
    assert ce0.item() == 0
    # a run resumed with both: random tables recorded, head and wider critic saved, logged
    _resume_shipped(resumed_runs, tmp_path, "--total-steps", "1000", "--p-random", "0.3",
                    "--table-coef", "0.5", "--critic-table", "--save-path", str(tmp_path / "t.pt"))
    threads = torch.get_num_threads()
    try:
        st = torch.load(tmp_path / "t.pt.state", weights_only=False)
        assert st["table_head"]["weight"].shape == (TABLE_KINDS, 32)
        assert st["critic"]["0.weight"].shape == (256, 32 + 40 + TABLE_KINDS)
        assert len(st["opt"]["param_groups"]) == 2
        assert set(st["store"]["table"].tolist()) <= {0, 1, 2, 3}
        tags = {r["tag"] for r in _scalars(tmp_path / "runs")}
        assert {"aux/table_ce", "aux/table_accuracy"} <= tags
        # and that state resumes again with both in place
        selfplay_ppo.main(["--resume", str(tmp_path / "t.pt.state"), "--total-steps", "1200",
                           "--eval-every", "0"])
    finally:
        torch.set_num_threads(threads)
    with pytest.raises(SystemExit, match="--critic-table needs the centralised critic"):
        selfplay_ppo.main(["--critic-table"])
    with pytest.raises(SystemExit, match="--table-coef -1"):
        selfplay_ppo.main(["--table-coef", "-1"])


def test_reproduce_recipes_parse_and_dry_run(capsys):
    """training/reproduce.py: every recipe step is a valid selfplay_ppo.py command line whose
    starting checkpoint is in the repository (or made by an earlier step), and --dry-run prints
    the steps, their --stop-at among them, without running them."""
    from heroes_env.agents.trained import shipped_checkpoints
    from training import reproduce, selfplay_ppo
    from training.common import parse_args
    zoo_files = {os.path.basename(e["file"]) for e in shipped_checkpoints().values()}
    assert {n + ".pt" for n in reproduce.RECIPES} == zoo_files
    for name, recipe in reproduce.RECIPES.items():
        made = set()
        for argv in reproduce.step_argvs(name, "D"):
            args = parse_args(selfplay_ppo.Args, argv)
            start = args.init_checkpoint or args.resume
            assert start in made or os.path.isfile(os.path.join(ROOT, start)), (name, start)
            made |= {args.save_path, args.save_path + ".state"} if args.save_path else set()
        assert recipe["result"].format(dir="D") in made
        assert name + ".pt" in zoo_files     # the agent it remakes is in the zoo
        assert reproduce.main([name, "--dir", "D", "--dry-run"]) == 0
        out = capsys.readouterr().out
        assert out.count("step ") == len(recipe["steps"])
        assert ("--stop-at" in out) == any("--stop-at" in s for s in recipe["steps"])
        assert f"--agent D/{name}.pt --pack {recipe['pack']}" in out
    with pytest.raises(SystemExit, match="no recipe 'nope'"):
        reproduce.main(["nope", "--dry-run"])
    with pytest.raises(SystemExit, match="--from-step 9"):
        reproduce.main(["selfplay_none5_prior", "--from-step", "9", "--dry-run"])
