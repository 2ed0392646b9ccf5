"""Rough edges of the training tools a new user meets first: a one-point learning curve, a
progress count past its total, where MaskablePPO saves its model by default."""
import io
import json
import os
import sys

import pytest

pytest.importorskip("torch")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from training import plot  # noqa: E402
from training.common import Progress, parse_args  # noqa: E402


def _drawn_lines(monkeypatch, records, tmp_path):
    """plot.plot's figure, kept open: the lines of its step axis."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    kept = []
    monkeypatch.setattr(plt, "close", lambda fig=None: kept.append(fig))
    plot.plot(records, str(tmp_path / "c.png"))
    (fig,) = kept
    return fig.axes[0].get_lines()


def test_plot_marks_a_lone_evaluation(tmp_path, monkeypatch):
    one = [{"tag": f"eval/win_{role}", "value": 0.4, "step": 100, "time": 60.0}
           for role in plot.ROLES]
    lines = _drawn_lines(monkeypatch, one, tmp_path)
    assert len(lines) == len(plot.ROLES)
    assert all(line.get_marker() == "o" for line in lines)
    two = one + [dict(r, step=200, time=120.0) for r in one]
    lines = _drawn_lines(monkeypatch, two, tmp_path)
    assert all(line.get_marker() in (None, "None", "") for line in lines)


def test_progress_stops_at_its_total(monkeypatch):
    p = Progress(100, 0, enabled=True)
    p.t0 -= 10.0
    p.update(123)                       # the last rollout ran past the total
    assert p.fraction() == 1.0 and p.eta_text() == "100%, eta 0 s"
    pytest.importorskip("tqdm")
    err = io.StringIO()
    err.isatty = lambda: True                   # a terminal: the tqdm bar is drawn
    monkeypatch.setattr(sys, "stderr", err)
    bar = Progress(1000, 990, "PPO", "step", enabled=True)
    bar.update(1230)
    assert bar.bar.n == 1000
    bar.close()
    assert "123%" not in err.getvalue() and "100%" in err.getvalue()
    assert Progress(10, 12, enabled=False).eta_text().startswith("100%")


def test_maskable_ppo_saves_beside_its_run_by_default(tmp_path, monkeypatch):
    pytest.importorskip("sb3_contrib")
    from training import maskable_ppo
    args = parse_args(maskable_ppo.Args, ["--run-dir", str(tmp_path / "runs")])
    assert args.save_path == ""
    path = maskable_ppo.save_path_of(args, "sanguosha_none5__x__1__2", resumed=False)
    assert path == os.path.join(str(tmp_path / "runs"), "sanguosha_none5__x__1__2", "model.zip")
    assert "checkpoints" not in path
    resumed = parse_args(maskable_ppo.Args, ["--resume", "old/model.zip"])
    assert maskable_ppo.save_path_of(resumed, "r", resumed=True) == "old/model.zip"
    given = parse_args(maskable_ppo.Args, ["--save-path", "x.zip"])
    assert maskable_ppo.save_path_of(given, "r", resumed=False) == "x.zip"
    # a tiny run with no --save-path writes runs/<run>/model.zip, nothing in the current folder
    monkeypatch.chdir(tmp_path)
    maskable_ppo.main(["--total-steps", "64", "--num-envs", "2", "--n-steps", "32",
                       "--batch-size", "32", "--n-epochs", "1", "--hidden", "8",
                       "--torch-threads", "1", "--no-tensorboard", "--no-progress"])
    (run,) = os.listdir(tmp_path / "runs")
    assert os.path.isfile(tmp_path / "runs" / run / "model.zip")
    state = json.loads((tmp_path / "runs" / run / "model.zip.state.json").read_text())
    assert state["args"]["save_path"] == os.path.join("runs", run, "model.zip")
    assert sorted(os.listdir(tmp_path)) == ["runs"]
    help_text = io.StringIO()
    monkeypatch.setattr(sys, "stdout", help_text)
    with pytest.raises(SystemExit):
        maskable_ppo.main(["--help"])
    assert "<run_dir>/<run>/model.zip" in help_text.getvalue()
