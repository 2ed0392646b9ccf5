"""The chart of a summary's win rates (``--plot``; needs matplotlib)."""
from __future__ import annotations

from .config import MODE_ROLE_NAMES


def plot(summary: dict, path: str) -> bool:
    """Bar chart of win rates per role and agent with 95% intervals. False if no matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    agents = list(summary["agents"])
    roles = MODE_ROLE_NAMES[summary["config"].get("mode", "identity")]
    groups = ["all"] + list(roles)
    fig, ax = plt.subplots(figsize=(8, 4))
    w = 0.8 / max(1, len(agents))
    for k, a in enumerate(agents):
        st = summary["agents"][a]
        ds = [st] + [st["roles"][r] for r in roles]
        ys = [d["win_rate"] or 0.0 for d in ds]
        err = [[y - d["ci95"][0] for y, d in zip(ys, ds, strict=True)],
               [d["ci95"][1] - y for y, d in zip(ys, ds, strict=True)]]
        xs = [i + (k - (len(agents) - 1) / 2) * w for i in range(len(groups))]
        ax.bar(xs, ys, w, yerr=err, capsize=3, label=a)
    ax.set_xticks(range(len(groups)), groups)
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    cfg = summary["config"]
    ax.set_title(f"{summary['games']} games, {cfg['players']} players, pack {cfg['pack']}")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True
