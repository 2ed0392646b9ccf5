"""The tables of figures in the README and the docs are the results files' numbers.

Each table is made here from its results file; the test asserts that the page holds it line for
line. After re-running a benchmark or an evaluation, ``python -m tests.test_figures`` prints the
tables to paste.
"""
import json
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks" / "results"


def _load(name):
    return json.loads((BENCH / name).read_text(encoding="utf-8"))


def rate(x: float) -> str:
    """A rate as the pages write it: 4.8k, 145.8k, 1.27M."""
    return f"{x / 1e6:.2f}M" if x >= 1e6 else f"{x / 1e3:.1f}k"


def _vector_row(data, players, batch, threads, dtype):
    (row,) = [v for v in data["vector"] if (v["players"], v["B"], v["threads"], v["dtype"])
              == (players, batch, threads, dtype)]
    return row["steps_per_s"]["median"]


def peers_table() -> str:
    """README and performance page: decisions/s of one game against other libraries' games."""
    data = _load("bench_vector.json")
    peers = {p["name"]: p for p in data["peers"] if p["available"]}
    names = [("PettingZoo texas_holdem_v4", "PettingZoo `texas_holdem_v4`"),
             ("PettingZoo leduc_holdem_v4", "PettingZoo `leduc_holdem_v4`"),
             ("RLCard doudizhu", "RLCard `doudizhu`"),
             ("OpenSpiel hearts", "OpenSpiel `hearts` (`information_state_tensor`)"),
             ("OpenSpiel dou_dizhu", "OpenSpiel `dou_dizhu` (C++, `observation_tensor`)"),
             ("heroes_env AEC 8p (ours)", "heroes_env AEC env, 8 players")]
    lines = ["| environment | decisions/s |", "|---|---|"]
    lines += [f"| {label} | {rate(peers[name]['decisions_per_s'])} |" for name, label in names]
    vec = _vector_row(data, 8, 1024, 2, "uint8")
    lines.append(f"| heroes_env `VectorEnv`, 8 players, B = 1024, 2 threads, uint8 | {rate(vec)} |")
    return "\n".join(lines)


def vector_table() -> str:
    """Performance page: VectorEnv env steps/s, float32 / uint8."""
    data = _load("bench_vector.json")
    cols = [(5, 1), (5, 2), (8, 1), (8, 2)]
    lines = ["| env steps/s, float32 / uint8 | 5 players, 1 thread | 5 players, 2 threads "
             "| 8 players, 1 thread | 8 players, 2 threads |", "|---|---|---|---|---|"]
    for b in data["args"]["batch"]:
        cells = [f"{rate(_vector_row(data, n, b, t, 'float32'))} / "
                 f"{rate(_vector_row(data, n, b, t, 'uint8'))}" for n, t in cols]
        lines.append(f"| B = {b} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


ENGINE_ROWS = [("env", "`heroes_env.env()` AEC loop"), ("raw_env", "`raw_env` AEC loop"),
               ("engine_py", "engine driven from Python (`core.step` + mask)"),
               ("kernel_b1", "compiled batch kernel, 1 game, 1 thread"),
               ("kernel_b1_obs", "compiled batch kernel with observations, 1 game, 1 thread"),
               ("kernel_b1024_obs", "compiled batch kernel with observations, B = 1024, "
                                    "2 threads")]


def engine_table() -> str:
    """Performance page: agent decisions/s of every layer of the engine."""
    res = _load("bench_engine.json")["results"]
    lines = ["| agent decisions/s | 5 players | 8 players |", "|---|---|---|"]
    for key, label in ENGINE_ROWS:
        lines.append(f"| {label} | " + " | ".join(
            rate(res[n][key]["decisions_per_s"]["median"]) for n in ("5", "8")) + " |")
    per = [res[n]["per_game"] for n in ("5", "8")]
    lines.append("| decisions per game (agent / including auto-played) | " + " | ".join(
        f"{p['agent_decisions_per_game']:.0f} / {p['engine_decisions_per_game']:.0f}"
        for p in per) + " |")
    return "\n".join(lines)


def heroes_table() -> str:
    """Performance page: the compiled kernel on one game with each hero pack."""
    res = _load("bench_heroes.json")["results"]
    configs = list(dict.fromkeys(r["config"] for r in res))
    lines = ["| configuration | 5 players | 8 players |", "|---|---|---|"]
    for c in configs:
        cells = []
        for n in (5, 8):
            (r,) = [r for r in res if r["players"] == n and r["config"] == c]
            cells.append(f"{rate(r['decisions_per_s'])} ({r['ratio_to_none']:.2f})")
        lines.append(f"| {c} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def heuristic_table() -> str:
    """Performance page: the compiled heuristic and the learner wrapper with it."""
    d = _load("bench_heuristic.json")
    lr = {t: d["learner"][t]["median"] for t in ("1", "2")}
    tour = d["tournament"]["median"]
    return "\n".join([
        "| what | 1 thread | 2 threads |", "|---|---|---|",
        "| `HeuristicAgent.act_batch`, B = 4,096, decisions/s | "
        f"{rate(d['decisions_per_s']['1'])} | {rate(d['decisions_per_s']['2'])} |",
        "| `LearnerVectorEnv(256)`, heuristic opponents, learner steps/s | "
        f"{rate(lr['1']['heuristic'])} | {rate(lr['2']['heuristic'])} |",
        "| `LearnerVectorEnv(256)`, random opponents, learner steps/s | "
        f"{rate(lr['1']['random'])} | {rate(lr['2']['random'])} |",
        "| tournament, heuristic vs random, games/s (game engine: "
        f"{tour['game']:.0f}) | {tour['batched_1']:,.0f} | {tour['batched_2']:,.0f} |"])


def tournament_table() -> str:
    """Agents page: heuristic against random, win rate % per role (Wilson 95%)."""
    roles = ("lord", "loyalist", "rebel", "renegade")
    lines = ["| pack | agent | lord | loyalist | rebel | renegade | all |",
             "|---|---|---|---|---|---|---|"]

    def cell(x):
        lo, hi = x["ci95"]
        return f"{100 * x['win_rate']:.1f} ({100 * lo:.1f}–{100 * hi:.1f})"
    for pack in ("none", "standard"):
        agents = _load(f"tournament_heuristic_random_{pack}.json")["agents"]
        for name in ("heuristic", "random"):
            a = agents[name]
            lines.append(f"| {pack} | {name} | " + " | ".join(
                cell(a["roles"][r]) for r in roles) + f" | {cell(a)} |")
    return "\n".join(lines)


def training_table(name: str = "bench_training.json") -> str:
    """Performance page: PPO training speed, the code before the trainer's changes and after."""
    d = _load(name)
    parts = list(d["summary"][0]["share"])
    lines = ["| trainings at once | code | PPO steps/s (min–max) | ratio | PPO steps per CPU-s | "
             + " | ".join(parts) + " |", "|---|---|---|---|---|" + "---|" * len(parts)]
    for row in d["summary"]:
        lines.append(f"| {row['concurrent']} | {row['code']} | {row['sps']:,.0f} "
                     f"({row['sps_min']:,.0f}–{row['sps_max']:,.0f}) | {row['ratio']:.2f} | "
                     f"{row['steps_per_cpu_s']:,.0f} | "
                     + " | ".join(f"{100 * row['share'][p]:.0f}%" for p in parts) + " |")
    return "\n".join(lines)


def training_quiet_table() -> str:
    """Performance page: the same, one training alone on an otherwise idle machine."""
    return training_table("bench_training_quiet.json")


SEARCH_ROWS = [f"eval_search_{name}.json" for name in (
    "uniform_seed0", "belief_roles_seed0", "cheat_roles_seed0", "belief_vs_uniform_seed0",
    "belief_vs_cheat_roles_seed0", "uniform_seed1", "belief_roles_seed1", "cheat_roles_seed1",
    "belief_vs_uniform_seed1", "belief_vs_cheat_roles_seed1", "margin1_vs_none5",
    "margin1_standard8", "margin1_vs_standard5", "margin1_vs_standard8")]


def search_table() -> str:
    """Search page: the search agent against the heuristic or a trained agent in the same seats
    and deals (training/evaluate.py), paired differences in points with their 95% interval, and
    the time the search spent per searched decision (searching and reading the roles)."""
    def pts(x):
        return f"{100 * x:+.1f}"
    lines = ["| agent | table, seed | baseline | games | search wins % | baseline wins % | lord | "
             "loyalist | rebel | renegade | all | ms per searched decision | playouts per "
             "searched decision |", "|---" * 13 + "|"]
    for name in SEARCH_ROWS:
        d = json.loads((ROOT / "training" / "results" / name).read_text(encoding="utf-8"))
        a = d["args"]
        (c,) = d["comparisons"].values()
        t, p = c["table"], c["paired"]
        u = c["summaries"]["agent"]["agents"][a["agent"]]["usage"]
        ms = 1000 * (u["search_s"] + u.get("roles_s", 0.0)) / u["searched"]
        label = f"`{a['agent']}`" + (" (cheating)" if "cheat=" in a["agent"] else "")
        base = a["baseline"] if a["baseline"] == "heuristic" else f"`{a['baseline']}`" \
            + (" (cheating)" if "cheat=" in a["baseline"] else "")
        diffs = [f"{pts(p[r]['diff'])} ({pts(p[r]['ci95'][0])} to {pts(p[r]['ci95'][1])})"
                 for r in ("lord", "loyalist", "rebel", "renegade", "all")]
        lines.append(f"| {label} | {a['players']}, {a['pack']}, seed {a['seed']} | {base} | "
                     f"{a['games']} | {100 * t['all']['agent']['win_rate']:.1f} | "
                     f"{100 * t['all']['baseline']['win_rate']:.1f} | " + " | ".join(diffs)
                     + f" | {ms:.0f} | {u['playouts'] / u['searched']:.0f} |")
    return "\n".join(lines)


def start_line() -> str:
    d = _load("start_timing.json")
    return (f"cold start {d['cold_wall_s']:.1f} s ({d['cold_cpu_s']:.1f} CPU s); cached start "
            f"{d['cached_wall_s']:.2f} s")


PAGES = {"README.md": [peers_table],
         "docs/performance.md": [peers_table, engine_table, vector_table, heroes_table,
                                 heuristic_table, training_table, training_quiet_table,
                                 start_line],
         "docs/agents.md": [tournament_table],
         "docs/search.md": [search_table]}


@pytest.mark.parametrize("page,make", [(p, m) for p, ms in PAGES.items() for m in ms],
                         ids=lambda x: getattr(x, "__name__", x))
def test_page_shows_the_results_files_figures(page, make):
    text = (ROOT / page).read_text(encoding="utf-8")
    assert make() in text, f"{page}: {make.__name__} differs from its results file:\n{make()}"


def test_shipped_evaluations_table_is_the_evaluation_files():
    """docs/training.md's table of evaluations is what ``evaluate.py --summarize`` makes of the
    files it names (in an agent's folder of the zoo, else in training/results), and every file
    it names exists, in one of those places only."""
    from training import evaluate
    text = (ROOT / "docs" / "training.md").read_text(encoding="utf-8")
    start = text.index("| evaluation | agent (as evaluated) |")
    table = text[start:text.index("\n\n", start)].splitlines()
    files = [row.split("`")[1] for row in table[2:]]
    paths = []
    for f in files:
        (path,) = [*(ROOT / "agents").glob(f"*/{f}"), *(ROOT / "training" / "results").glob(f)]
        paths.append(str(path))
    assert evaluate.main(["--summarize", *paths]).splitlines() == table


def test_league_tables_are_the_league_files():
    """docs/training.md's league tables are what ``league.py`` makes of each league JSON."""
    from training import league
    text = (ROOT / "docs" / "training.md").read_text(encoding="utf-8")
    files = sorted((ROOT / "training" / "results").glob("league_*.json"))   # one per table
    assert files
    for f in files:
        table = league.markdown(json.loads(f.read_text(encoding="utf-8"))).split("\n", 2)[2]
        assert table.strip() in text, f"docs/training.md lacks {f.name}'s table:\n{table}"


def test_cross_table_figure_is_its_file():
    """docs/training.md's cross-table figure is what ``league.py --cross`` makes of its JSON,
    and that JSON is what the league files give."""
    from training import league
    text = (ROOT / "docs" / "training.md").read_text(encoding="utf-8")
    results = ROOT / "training" / "results"
    cross = json.loads((results / "leagues_cross.json").read_text(encoding="utf-8"))
    assert league.cross_markdown(cross).split("\n", 2)[2].strip() in text
    summaries = [json.loads((results / f"league_{t}.json").read_text(encoding="utf-8"))
                 for t in ("none5", "standard5", "herokill5", "classmates5", "standard8")]
    assert league.cross_table(summaries) == cross


if __name__ == "__main__":
    for page, makers in PAGES.items():
        for make in makers:
            print(f"--- {page}: {make.__name__}\n{make()}\n")
