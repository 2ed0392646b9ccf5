"""The games file: a header line (the tournament's ``TournamentConfig.header``), then one JSON line
per finished game, appended as each game ends. ``read_games`` reads back the games of an earlier
run of the same tournament (to resume it) and refuses any other file; ``write_games`` starts the
file anew with the games kept."""
from __future__ import annotations

import json
import os

from heroes_env.cli import one_line

from .config import FORMAT, MODE_ROLE_NAMES, TournamentConfig, TournamentError


def read_games(path: str, cfg: TournamentConfig) -> dict[int, dict]:
    """Finished games of an earlier run of the same tournament (a torn last line is dropped)."""
    records: dict[int, dict] = {}
    header = None
    lines = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            try:
                obj = json.loads(line)
            except (ValueError, RecursionError):
                continue                   # a torn line
            if isinstance(obj, dict) and isinstance(obj.get("header"), dict):
                header = obj["header"]
            else:
                lines.append((n, line, obj))
    want = cfg.header()
    if header is None:
        raise TournamentError(f"{path} has no tournament header line; cannot resume from it")
    old = {"mode": "identity"}              # files written before the mode field existed
    diff = {field: (header.get(field, old.get(field)), now) for field, now in want.items()
            if field != "games" and header.get(field, old.get(field)) != now}
    if diff:
        shown = ", ".join(f"{field}: file {was!r} vs now {now!r}"
                          for field, (was, now) in diff.items())
        raise TournamentError(f"cannot resume from {path}: it holds another tournament ({shown})")
    for n, line, obj in lines:
        if not (isinstance(obj, dict) and _is_game_line(obj, cfg)):
            raise TournamentError(f"cannot resume from {path}: line {n} is neither its header "
                                  f"nor a game of this tournament: {one_line(line, 120)}")
        records[obj["game"]] = obj
    return {game: record for game, record in records.items() if game < cfg.games}


def _is_game_line(obj: dict, cfg: TournamentConfig) -> bool:
    """Whether a games-file line holds what ``summarize`` reads of a game, with the types and
    names it needs."""
    def ints(value):
        return isinstance(value, int) and not isinstance(value, bool)

    def number(value):
        return isinstance(value, (int, float)) and not isinstance(value, bool)

    seats = obj.get("seats")
    if not (ints(obj.get("game")) and isinstance(obj.get("result"), str)
            and ints(obj.get("rounds")) and ints(obj.get("decisions"))
            and isinstance(seats, list) and seats and all(label in cfg.labels for label in seats)):
        return False
    n = len(seats)
    roles = MODE_ROLE_NAMES[cfg.mode]
    rewards, who, heroes = obj.get("rewards"), obj.get("roles"), obj.get("heroes")
    if not (isinstance(rewards, list) and len(rewards) == n and all(map(number, rewards))
            and isinstance(who, list) and len(who) == n
            and all(isinstance(role, str) and role in roles for role in who)
            and isinstance(heroes, list) and len(heroes) == n
            and all(h is None or isinstance(h, str) for h in heroes)):
        return False
    usage = obj.get("usage", {})
    return isinstance(usage, dict) and all(
        label in cfg.labels and isinstance(spent, dict) and all(map(number, spent.values()))
        for label, spent in usage.items())


def write_games(path: str, cfg: TournamentConfig, records: dict[int, dict]) -> None:
    """The games file anew: its header line, then the given games in order (written whole to a
    temporary file that then replaces it)."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(json.dumps({"header": cfg.header(), "format": FORMAT}) + "\n")
        for i in sorted(records):
            f.write(json.dumps(records[i]) + "\n")
    os.replace(tmp, path)
