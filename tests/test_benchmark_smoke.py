"""Smoke test of benchmarks/bench_engine.py: a tiny budget, every figure present and positive."""
import importlib.util
import json
import pathlib

import pytest

# the benchmarks end to end, on tiny budgets: the full run's
pytestmark = pytest.mark.slow

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _load_script(name):
    """benchmarks/<name>.py as a module (the benchmarks are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_benchmark_smoke(tmp_path, capsys):
    bench = _load_script("bench_engine")
    out_path = tmp_path / "bench.json"
    bench.main(["--seconds", "0.05", "--repeats", "1", "--players", "5", "--batch", "8",
                "--no-compile-timing", "--quiet", "--json", str(out_path)])
    table = capsys.readouterr().out
    assert "5 players" in table and "aims" in table

    data = json.loads(out_path.read_text())
    m = data["machine"]
    assert m["cpu_count"] >= 1 and m["numba_threads"] >= 1 and m["numba"]
    res = data["results"]["5"]
    expected = {"env", "raw_env", "engine_py", "kernel_b1", "kernel_b1_obs", "kernel_b8_obs",
                "per_game"}
    assert expected <= set(res), sorted(res)
    for key, fig in res.items():
        if key == "per_game":
            continue
        for name in ("decisions_per_s", "engine_decisions_per_s", "games_per_s"):
            s = fig[name]
            assert s["median"] > 0 and s["min"] > 0 and s["max"] >= s["median"] >= s["min"], \
                (key, name, s)
        assert fig["threads"] >= 1 and fig["cpu_use"]["median"] > 0
        # engine decisions include the auto-played ones
        assert fig["engine_decisions_per_s"]["median"] >= fig["decisions_per_s"]["median"]
        if not key.startswith("kernel"):
            assert fig["games"] >= 1 and fig["decisions_per_game"] > 0
            assert fig["engine_decisions_per_game"] >= fig["decisions_per_game"]
            assert 0 <= fig["truncated_share"] <= 1
    pg = res["per_game"]
    assert pg["games"] >= 3 and pg["agent_decisions_per_game"] > 0
    assert pg["engine_decisions_per_game"] >= pg["agent_decisions_per_game"]
    assert 0 <= pg["autoplay_share"] < 1 and 0 <= pg["truncated_share"] <= 1
    assert "compile" not in data


def test_benchmark_rejects_bad_budget():
    bench = _load_script("bench_engine")
    with pytest.raises(SystemExit):
        bench.parse_args(["--seconds", "0"])


def test_start_timing_cached_only(tmp_path, capsys):
    """benchmarks/start_timing.py --cached-only: the cached start on this interpreter's cache,
    with whether SciPy is installed; a missing interpreter is refused."""
    mod = _load_script("start_timing")
    out = tmp_path / "start.json"
    res = mod.main(["--cached-only", "--cached-runs", "1", "--json", str(out)])
    assert res["cold_wall_s"] is None and res["cached_wall_s"] > 0 and res["cached_cpu_s"] > 0
    assert json.loads(out.read_text())["scipy_installed"] in (True, False)
    assert "cached start (median of 1" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        mod.main(["--cached-only", "--python", str(tmp_path / "no-python")])
    assert "--python" in capsys.readouterr().err


def test_state_width_blocks_and_table(tmp_path, capsys):
    """benchmarks/state_width.py: its blocks tile the whole row in order, and a tiny run reports
    every block with a width that holds the values it saw."""
    from heroes_env.engine import constants as C
    mod = _load_script("state_width")
    blocks = mod.row_blocks()
    assert blocks[0][:2] == ("H_NP", 0) and ("HIST_EV", C.HIST_EV, C.HIST_WINDOW) in blocks
    assert all(at + n == nxt for (_, at, n), (_, nxt, _) in zip(blocks, blocks[1:], strict=False))
    assert blocks[-1][1] + blocks[-1][2] == C.STATE_SIZE
    assert [mod.width(*r) for r in ((-128, 127), (-129, 0), (0, 32767), (0, 1 << 15))] \
        == [8, 16, 16, 32]
    out = tmp_path / "w.json"
    assert mod.main(["--games", "4", "--steps", "20", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["cells"] == C.STATE_SIZE and len(data["blocks"]) == len(blocks)
    for r in data["blocks"]:
        assert -(1 << (r["bits"] - 1)) <= r["min"] <= r["max"] < (1 << (r["bits"] - 1)), r
    assert data["block_width_bytes"] < data["int32_bytes"]
    assert "H_SEED" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="--games 0"):
        mod.main(["--games", "0"])


def test_ab_vector_alternates_codes(tmp_path, capsys):
    """benchmarks/ab_vector.py: every code in every configuration and round, fresh processes;
    the summary holds each code's median and the table the ratio to the first code."""
    ab = _load_script("ab_vector")
    out = tmp_path / "ab.json"
    summary = ab.main(["--code", f"one={ROOT}", "--code", f"two={ROOT}", "--config", "5,8,1,uint8",
                       "--rounds", "2", "--seconds", "0.1", "--json", str(out)])
    table = capsys.readouterr().out
    assert "5 players, B = 8, 1 thread(s), uint8: one " in table and "x)" in table
    data = json.loads(out.read_text())
    assert len(data["runs"]) == 4 and {r["code"] for r in data["runs"]} == {"one", "two"}
    (row,) = summary
    for name in ("one", "two"):
        assert len(row[name]["runs"]) == 2 and row[name]["median"] > 0


@pytest.mark.parametrize("args, message", [
    (["--code", "x=/nonexistent"], "NAME=PATH"),
    (["--code", f"x={ROOT}", "--config", "8,64,uint8"], "players,batch,threads,dtype"),
    (["--code", f"x={ROOT}", "--config", "8,64,1,int16"], "float32 or uint8"),
])
def test_ab_vector_rejects_bad_input(args, message, capsys):
    ab = _load_script("ab_vector")
    with pytest.raises(SystemExit):
        ab.main(args)
    assert message in capsys.readouterr().err


def test_compile_profile_charges_each_compile_its_own_time():
    """benchmarks/compile_profile.py: a compile nested in another's is charged to itself, not to
    its caller, and the LLVM lock to the compile that holds it."""
    mod = _load_script("compile_profile")
    events = [(0.0, "start", "m.outer"), (1.0, "start", "m.inner"), (1.5, "start", None),
              (2.0, "end", None), (3.0, "end", "m.inner"), (4.0, "start", "n.leaf"),
              (4.5, "end", "n.leaf"), (6.0, "end", "m.outer")]
    per = mod.exclusive(events)
    assert per == {"m.outer": [1, 3.5, 0.0], "m.inner": [1, 2.0, 0.5], "n.leaf": [1, 0.5, 0.0]}
    res = mod.summary(6.0, per, top=2)
    assert res["functions"] == 3 and res["compiles"] == 3 and res["llvm_s"] == 0.5
    assert res["modules"] == {"m": {"functions": 2, "cpu_s": 5.5},
                              "n": {"functions": 1, "cpu_s": 0.5}}
    assert [t["function"] for t in res["top"]] == ["m.outer", "m.inner"]
    assert mod.module_of("a.b.f.<locals>.g") == "a.b"
    assert "3 functions in 3 compiles, LLVM 0.5 s" in mod.report(res, 2)


def test_bench_policy_times_both_paths(tmp_path, capsys):
    """bench_policy.py: the dense and the sparse forward of a zoo agent, every figure present."""
    pytest.importorskip("torch")
    bench = _load_script("bench_policy")
    out = tmp_path / "policy.json"
    assert bench.main(["--agent", "trained:none5", "--rows", "1", "8", "--repeats", "1",
                       "--seconds", "0.01", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert [r["rows"] for r in data["results"]] == [1, 8]
    assert data["table"] == {"pack": "none", "num_players": 5}
    for r in data["results"]:
        assert all(r[f"{k}_ms"] > 0 for k in ("dense", "cells", "sparse"))
    assert "8 rows: dense" in capsys.readouterr().out
