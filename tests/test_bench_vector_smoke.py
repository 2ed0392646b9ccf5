"""Smoke test of benchmarks/bench_vector.py (tiny budget): table, JSON, aims and peers mode (a
peer that is not installed must be reported as unavailable with its reason)."""
import importlib.util
import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _load():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location("bench_vector",
                                                  ROOT / "benchmarks" / "bench_vector.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_bench_vector_smoke(tmp_path, capsys):
    bench = _load()
    out = tmp_path / "bv.json"
    bench.main(["--seconds", "0.03", "--repeats", "2", "--players", "5", "--batch", "1", "8",
                "--threads", "1", "2", "--peers", "--quiet", "--json", str(out), "--plot", "",
                "--learner-batch", "4"])
    text = capsys.readouterr().out
    assert "env steps/s" in text and "aims" in text and "peers" in text
    data = json.loads(out.read_text())
    rows = data["vector"]
    assert [(r["B"], r["threads"]) for r in rows] == [(1, 1), (1, 2), (8, 1), (8, 2)]
    for r in rows:
        s = r["steps_per_s"]
        assert s["median"] > 0 and s["max"] >= s["median"] >= s["min"] > 0
        assert r["games_per_s"]["median"] >= 0
        assert r["bytes_per_game"]["state"] <= r["bytes_per_game"]["total"]
    assert rows[0]["kernel"] == "serial"
    assert data["aims"]["state_bytes"]["measured"] > 0
    assert data["learner"]["learner_steps_per_s"]["median"] > 0 and "LearnerVectorEnv" in text
    names = {p["name"] for p in data["peers"]}
    assert "heroes_env AEC 8p (ours)" in names and "OpenSpiel hearts" in names
    for p in data["peers"]:
        if p["available"]:
            assert p["decisions_per_s"] > 0 and p["games_per_s"] > 0
        else:
            assert p["reason"]
            assert f"{p['name']:<28} unavailable: " in text


def test_bench_vector_rejects_bad_arguments():
    bench = _load()
    with pytest.raises(SystemExit):
        bench.parse_args(["--seconds", "0"])
    with pytest.raises(SystemExit):
        bench.parse_args(["--batch", "0"])


def test_bench_vector_dtype_axis(tmp_path, capsys):
    bench = _load()
    out = tmp_path / "bvd.json"
    bench.main(["--seconds", "0.02", "--repeats", "2", "--players", "5", "--batch", "4",
                "--threads", "1", "--dtype", "float32", "uint8", "--quiet", "--json", str(out),
                "--plot", "", "--learner-batch", "0"])
    text = capsys.readouterr().out
    data = json.loads(out.read_text())
    assert [r["dtype"] for r in data["vector"]] == ["float32", "uint8"]
    assert "uint8 / float32" in text and data["dtype_ratios"][0]["ratio"]["median"] > 0
