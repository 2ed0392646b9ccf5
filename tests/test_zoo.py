"""The agent zoo (``agents/``): one folder per agent, listed by ``agents/index.json``; each model
card's evaluation tables are its evaluation JSONs' figures, line for line, and its training
record is its checkpoint's; ``docs/training.md``'s table of the zoo is the index's and the
JSONs'. After re-evaluating an agent, ``python -m tests.test_zoo`` prints the tables to paste.
"""
import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
ZOO = ROOT / "agents"
sys.path.insert(0, str(ROOT))

from training import evaluate  # noqa: E402
from training.reproduce import RECIPES  # noqa: E402

INDEX = json.loads((ZOO / "index.json").read_text(encoding="utf-8"))
KEYS = {"file", "pack", "num_players", "status", "about", "card", "evaluations"}


def _json(rel: str) -> dict:
    return json.loads((ZOO / rel).read_text(encoding="utf-8"))


def zoo_table() -> str:
    """docs/training.md: each agent of the zoo with its first evaluation's overall figures."""
    lines = ["| agent | players, pack | status | evaluation | seeds | vs heuristic opponents "
             "| vs random opponents | verdict |", "|---|---|---|---|---|---|---|---|"]
    for name, e in INDEX.items():
        res = _json(e["evaluations"][0])
        a = res["args"]
        seeds = " ".join(map(str, a.get("seeds") or [a["seed"]]))
        diffs = [evaluate._diff_cell(res["comparisons"][k]["paired"]["all"], 0)
                 for k in ("heuristic", "random")]
        lines.append(f"| `trained:{name}` | {e['num_players']}, {e['pack']} | {e['status']} | "
                     f"`agents/{e['evaluations'][0]}` | {seeds} | {diffs[0]} | {diffs[1]} | "
                     f"{'PASS' if res['verdict']['pass'] else 'FAIL'} |")
    return "\n".join(lines)


def test_index_lists_one_folder_per_agent_and_its_files():
    assert set(INDEX) == {p.name for p in ZOO.iterdir() if p.is_dir() and p.name != "__pycache__"}
    for name, e in INDEX.items():
        assert set(e) == KEYS, name
        files = [e["file"], e["card"], *e["evaluations"]]
        assert all(f.split("/")[0] == name and (ZOO / f).is_file() for f in files), name
        assert e["card"] == f"{name}/README.md" and e["file"].endswith(".pt")
        assert e["status"] in ("shipped", "in training")
        for ev in e["evaluations"]:
            a = _json(ev)["args"]
            assert (a["pack"], a["players"]) == (e["pack"], e["num_players"]), ev
    # each agent has its recipe, and every recipe remakes an agent of the zoo
    stems = {pathlib.Path(e["file"]).stem for e in INDEX.values()}
    assert stems == set(RECIPES)


@pytest.mark.parametrize("name", list(INDEX))
def test_card_shows_its_evaluations_line_for_line(name):
    e = INDEX[name]
    card = (ZOO / e["card"]).read_text(encoding="utf-8")
    for ev in e["evaluations"]:
        table = evaluate.role_table(_json(ev))
        assert table in card, f"{e['card']} differs from {ev}:\n{table}"
    stem = pathlib.Path(e["file"]).stem
    assert f"python training/reproduce.py {stem}" in card
    assert f'make_agent("trained:{name}")' in card
    # an agent whose first (pooled) evaluation fails says so at the top of its card
    verdict = _json(e["evaluations"][0])["verdict"]["pass"]
    top = card.split("\n## ")[0]
    if e["status"] == "in training":
        assert not verdict and "**In training, below the bar.**" in top
    if not verdict:
        assert "the pooled verdict is FAIL" in top


@pytest.mark.parametrize("name", list(INDEX))
def test_card_gives_the_checkpoints_own_record(name):
    torch = pytest.importorskip("torch")
    from training.common import format_seconds
    e = INDEX[name]
    card = (ZOO / e["card"]).read_text(encoding="utf-8")
    meta = torch.load(ZOO / e["file"], weights_only=False, map_location="cpu")["meta"]
    assert f"| PPO steps | {meta['ppo_steps']:,} " in card
    assert (f"| wall time | {format_seconds(meta['total_seconds'])} in {meta['sittings']} "
            f"sittings ({meta['total_seconds']:,.0f} s; PPO {meta['ppo_seconds']:,.0f} s) |"
            in card)
    assert f"| seed, torch threads, engine threads | {meta['args']['seed']}," in card


def test_training_page_tables_the_zoo():
    text = (ROOT / "docs" / "training.md").read_text(encoding="utf-8")
    assert zoo_table() in text, f"docs/training.md: the zoo's table differs:\n{zoo_table()}"


if __name__ == "__main__":
    print(zoo_table())
    for e in INDEX.values():
        for ev in e["evaluations"]:
            print(f"\n--- agents/{e['card']}: {ev}\n{evaluate.role_table(_json(ev))}")
