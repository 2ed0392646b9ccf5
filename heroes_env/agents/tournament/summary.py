"""The summary of a tournament's finished games (per agent, role and hero: games, wins, win rates
with Wilson 95% intervals; ratings from ``heroes_env.agents.ratings``) and its printed table."""
from __future__ import annotations

from heroes_env.engine import constants as C

from ..ratings import make_ratings, rating_key, wilson
from .config import FORMAT, MODE_RESULTS, MODE_ROLE_NAMES, TournamentConfig


def summarize(cfg: TournamentConfig, records: list[dict], rating: str = "auto") -> dict:
    """The summary of finished games (records in game order). Fields:

    format, config (the TournamentConfig), games (played), results (games per outcome: lord,
    rebel, renegade, draw, truncated), rating_system, agents: per agent label {spec, seat_games,
    wins, win_rate, ci95 [lo, hi], rating {...}, roles: per role {games, wins, win_rate, ci95},
    heroes: per hero key {games, wins} (hero packs), usage: the agent's counters summed over
    the games (``Agent.usage``: a language model's requests, replies, bad replies, fallbacks,
    tokens, seconds; only for agents that count)}, mean_rounds, mean_decisions.
    """
    labels = list(cfg.labels)
    stats = {a: {"spec": s, "seat_games": 0, "wins": 0,
                 "roles": {r: {"games": 0, "wins": 0} for r in MODE_ROLE_NAMES[cfg.mode]},
                 "heroes": {}}
             for a, s in zip(labels, cfg.agents, strict=True)}
    results = {k: 0 for k in MODE_RESULTS[cfg.mode] + ("draw", "truncated")}
    ratings = make_ratings(labels, rating)
    rounds = decisions = 0
    for rec in records:
        results[rec["result"]] = results.get(rec["result"], 0) + 1
        rounds += rec["rounds"]
        decisions += rec["decisions"]
        for seat, a in enumerate(rec["seats"]):
            won = rec["rewards"][seat] > 0
            st = stats[a]
            st["seat_games"] += 1
            st["wins"] += won
            role = st["roles"][rec["roles"][seat]]
            role["games"] += 1
            role["wins"] += won
            hero = rec["heroes"][seat]
            if hero is not None:
                hs = st["heroes"].setdefault(hero, {"games": 0, "wins": 0})
                hs["games"] += 1
                hs["wins"] += won
        for a, u in rec.get("usage", {}).items():
            total = stats[a].setdefault("usage", {})
            for k, v in u.items():
                total[k] = round(total.get(k, 0) + v, 6)
        teams, ranks = _sides(rec)
        if teams is not None:
            ratings.rate(teams, ranks)
    table = ratings.table()
    for a, st in stats.items():
        _rate(st)
        for r in st["roles"].values():
            _rate(r)
        st["heroes"] = dict(sorted(st["heroes"].items()))
        st["rating"] = table[a]
    n = len(records)
    return {"format": FORMAT, "config": cfg.header(), "games": n, "results": results,
            "rating_system": ratings.name, "agents": stats,
            "mean_rounds": round(rounds / n, 2) if n else 0.0,
            "mean_decisions": round(decisions / n, 2) if n else 0.0}


def _rate(tally: dict) -> None:
    n, w = tally.get("games", tally.get("seat_games", 0)), tally["wins"]
    tally["win_rate"] = round(w / n, 4) if n else None
    lo, hi = wilson(w, n)
    tally["ci95"] = [round(lo, 4), round(hi, 4)]


def _sides(rec: dict):
    """The game's sides as lists of agent labels (lord + loyalists, rebels, each renegade; in 3v3
    the two teams) and their ranks (1 = won); (None, None) for a drawn or truncated game."""
    if rec["result"] in ("team0", "team1"):
        teams = [[a for seat, a in enumerate(rec["seats"]) if seat // C.TEAM_SIZE == t]
                 for t in (0, 1)]
        return teams, [1 if rec["result"] == f"team{t}" else 2 for t in (0, 1)]
    if rec["result"] not in ("lord", "rebel", "renegade"):
        return None, None
    lord_side, rebels, teams = [], [], []
    winners = []
    for seat, role in enumerate(rec["roles"]):
        a = rec["seats"][seat]
        if role in ("lord", "loyalist"):
            lord_side.append(a)
        elif role == "rebel":
            rebels.append(a)
        else:
            teams.append([a])
            winners.append(rec["rewards"][seat] > 0)
    sides = [lord_side, rebels] + teams
    won = [rec["result"] == "lord", rec["result"] == "rebel"] + winners
    keep = [(t, w) for t, w in zip(sides, won, strict=True) if t]
    return [t for t, _ in keep], [1 if w else 2 for _, w in keep]


def format_table(summary: dict) -> str:
    """The printed report: per agent overall and per role, with intervals and ratings."""
    lines = []
    cfg = summary["config"]
    lines.append(f"{summary['games']} games, {cfg['players']} players, "
                 f"{'3v3, ' if cfg.get('mode') == '3v3' else ''}pack {cfg['pack']}, "
                 f"seating {cfg['seating']}, seed {cfg['seed']}; results: "
                 + ", ".join(f"{k} {v}" for k, v in summary["results"].items() if v))
    lines.append(f"win rate (Wilson 95% interval) [seat-games]; rating: {summary['rating_system']}")

    def cell(tally):
        if not tally.get("games", tally.get("seat_games")):
            return "-"
        lo, hi = tally["ci95"]
        return (f"{100 * tally['win_rate']:5.1f} ({100 * lo:4.1f}-{100 * hi:4.1f}) "
                f"[{tally.get('games', tally.get('seat_games'))}]")

    width = max(8, *(len(a) for a in summary["agents"]))
    col = 26
    roles = MODE_ROLE_NAMES[cfg.get("mode", "identity")]
    head = f"{'agent':<{width}}  {'all':<{col}}" + "".join(f"{r:<{col}}" for r in roles) \
        + "rating"
    lines.append(head)
    agents = sorted(summary["agents"].items(), key=lambda item: -rating_key(item[1]["rating"]))
    for a, st in agents:
        rating = ", ".join(f"{k} {v}" for k, v in st["rating"].items())
        lines.append(f"{a:<{width}}  {cell(st):<{col}}"
                     + "".join(f"{cell(st['roles'][r]):<{col}}" for r in roles) + rating)
    for a, st in agents:
        if st.get("usage"):
            lines.append(f"{a} usage: " + ", ".join(f"{k} {v}" for k, v in st["usage"].items()))
    return "\n".join(lines)
