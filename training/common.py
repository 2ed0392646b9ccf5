"""What the training scripts share: arguments from a dataclass, a scalar logger, a quick
evaluation through the tournament tool.

- ``arg(default, help)`` declares a field of an argument dataclass with its help text;
  ``parse_args(Args)`` builds an argparse parser from the fields (``--total-steps`` for
  ``total_steps``; booleans take ``--flag`` / ``--no-flag``; tuples take several values).
- ``Logger``: TensorBoard (``torch.utils.tensorboard``) when the ``tensorboard`` package is
  installed, else one JSON line per scalar in ``<run_dir>/scalars.jsonl``; either way every scalar
  is also kept in ``<run_dir>/scalars.jsonl`` so runs can be compared without TensorBoard.
- ``quick_eval``: a short tournament of a checkpoint against an opponent (win rate per role);
  it leaves the caller's torch threads and random state as they were. ``OPPONENTS``: the kinds
  of opponents the scripts play and evaluate against; ``eval_tag(kind)``: the scalar prefix of
  an evaluation's win rates against that kind (read back by ``training/plot.py``).
- ``Progress``: a tqdm bar with ETA on a terminal, plain ``eta`` text in the log lines
  otherwise; ``atomic_save``: write a file through a temporary name and a rename.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
import typing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:            # run as `python training/<script>.py` from a checkout
    sys.path.insert(0, ROOT)

from heroes_env.config import DEFAULTS as _CONFIG_DEFAULTS  # noqa: E402
from heroes_env.config import PACKS, Config  # noqa: E402

# the game's defaults come from their one home, heroes_env.Config (num_players as Config resolves
# it for the default mode)
GAME_DEFAULTS = dict(_CONFIG_DEFAULTS, num_players=Config().num_players)
PACK_HELP = f"hero pack: one of {list(PACKS)}"


def game_config(args) -> Config:
    """The game a training script plays: its --num-players, --pack, --max-rounds; Config's
    defaults for everything else (the pack's own deck)."""
    return Config(num_players=args.num_players, pack=args.pack, max_rounds=args.max_rounds)

ROLE_NAMES = ("lord", "loyalist", "rebel", "renegade")


def arg(default, help: str):
    """A dataclass field with a help text (mutable defaults are copied per instance)."""
    if isinstance(default, (list, dict)):
        return dataclasses.field(default_factory=lambda: type(default)(default),
                                 metadata={"help": help})
    return dataclasses.field(default=default, metadata={"help": help})


def _str2bool(s: str) -> bool:
    if s.lower() in ("1", "true", "yes", "on"):
        return True
    if s.lower() in ("0", "false", "no", "off"):
        return False
    raise argparse.ArgumentTypeError(f"expected a boolean, got {s!r}")


def parse_args(cls, argv=None):
    """An instance of the dataclass cls from the command line (``--field-name value``)."""
    p = argparse.ArgumentParser(description=(cls.__doc__ or "").strip(),
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        name = "--" + f.name.replace("_", "-")
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
        help_ = f.metadata.get("help", "")
        t = hints[f.name]
        origin = typing.get_origin(t)
        if t is bool:
            p.add_argument(name, type=_str2bool, nargs="?", const=True, default=default,
                           help=help_)
            p.add_argument("--no-" + f.name.replace("_", "-"), dest=f.name,
                           action="store_false", help=argparse.SUPPRESS)
        elif origin in (tuple, list):
            inner = typing.get_args(t)[0]
            p.add_argument(name, type=inner, nargs="+", default=default, help=help_)
        else:
            if origin is typing.Union:          # Optional[X]
                t = next(a for a in typing.get_args(t) if a is not type(None))
            p.add_argument(name, type=t, default=default, help=help_)
    ns = p.parse_args(argv)
    values = {f.name: getattr(ns, f.name) for f in dataclasses.fields(cls)}
    for f in dataclasses.fields(cls):
        if typing.get_origin(hints[f.name]) is tuple:
            values[f.name] = tuple(values[f.name])
    return cls(**values)


def run_name(env_id: str, exp: str, seed: int) -> str:
    """CleanRL's run name: env__exp__seed__time."""
    return f"{env_id}__{exp}__{seed}__{int(time.time())}"


def tensorboard_available() -> bool:
    try:
        import tensorboard  # noqa: F401
        from torch.utils.tensorboard import SummaryWriter  # noqa: F401
    except ImportError:
        return False
    return True


class Logger:
    """Scalars to TensorBoard (if installed) and always to ``scalars.jsonl`` in run_dir."""

    def __init__(self, run_dir: str, args=None, tensorboard: bool = True,
                 time_offset: float = 0.0):
        """time_offset: seconds already spent by this run in earlier sittings (a resumed run
        goes on counting the ``time`` field of scalars.jsonl from there)."""
        os.makedirs(run_dir, exist_ok=True)
        self.run_dir = run_dir
        self.writer = None
        if tensorboard and tensorboard_available():
            from torch.utils.tensorboard import SummaryWriter
            self.writer = SummaryWriter(run_dir)
        self.backend = "tensorboard+jsonl" if self.writer is not None else "jsonl"
        self.file = open(os.path.join(run_dir, "scalars.jsonl"), "a", encoding="utf-8")
        if args is not None:
            d = dataclasses.asdict(args)
            with open(os.path.join(run_dir, "args.json"), "w", encoding="utf-8") as f:
                json.dump(d, f, indent=1)
            if self.writer is not None:
                table = "|param|value|\n|-|-|\n" + "\n".join(f"|{k}|{v}|" for k, v in d.items())
                self.writer.add_text("hyperparameters", table)
        self.t0 = time.time() - time_offset

    def scalar(self, tag: str, value, step: int):
        value = float(value)
        if self.writer is not None:
            self.writer.add_scalar(tag, value, step)
        self.file.write(json.dumps({"tag": tag, "value": round(value, 6), "step": int(step),
                                    "time": round(time.time() - self.t0, 2)}) + "\n")

    def flush(self):
        self.file.flush()
        if self.writer is not None:
            self.writer.flush()

    def close(self):
        self.flush()
        self.file.close()
        if self.writer is not None:
            self.writer.close()


OPPONENTS = ("heuristic", "random")     # opponent kinds of training tables and evaluations


def eval_tag(kind: str) -> str:
    """The scalar prefix of evaluation win rates against `kind` (``<prefix><role>``):
    ``eval/win_`` against the heuristic (the first, kept for older runs), else
    ``eval/win_vs_<kind>_``."""
    return "eval/win_" if kind == "heuristic" else f"eval/win_vs_{kind}_"


def quick_eval(checkpoint: str, opponent: str, games: int, players: int, pack: str,
               seed: int = 12345, workers: int = 1) -> dict:
    """A tournament of the checkpoint in one seat against `opponent` in the others (seats
    rotated so it takes every role); returns {"all": win rate, role: win rate, ...}."""
    import torch

    import heroes_env.agents.torch_policy  # noqa: F401 - registers the .pt / .zip loaders
    from heroes_env.agents.tournament import TournamentConfig, run_tournament

    specs = (checkpoint,) + (opponent,) * (players - 1)
    cfg = TournamentConfig(agents=specs, games=games, players=players, pack=pack, seed=seed)
    threads = torch.get_num_threads()
    # loading a checkpoint builds a net (its init draws from torch's generator) and sets the
    # agent's thread count: neither may change the training that called this
    with torch.random.fork_rng(devices=[]):
        try:
            summary = run_tournament(cfg, workers=workers, rating="elo")
        finally:
            torch.set_num_threads(threads)
    return agent_rates(summary, cfg.labels[0])


def agent_rates(summary: dict, label: str) -> dict:
    """Win rate overall and per role of one agent of a tournament summary."""
    a = summary["agents"][label]
    out = {"all": a["win_rate"], "games": a["seat_games"]}
    for r in ROLE_NAMES:
        out[r] = a["roles"][r]["win_rate"]
    return out


def atomic_save(path: str, write) -> None:
    """write(tmp_path) then rename it to path: a reader never sees a half-written file, and an
    interrupted save leaves the previous one in place."""
    d = os.path.dirname(os.path.abspath(path))
    os.makedirs(d, exist_ok=True)
    tmp = os.path.join(d, f".{os.path.basename(path)}.{os.getpid()}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def format_seconds(s: float) -> str:
    """7 s, 3m05s, 2h07m."""
    s = max(0, int(round(s)))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{(s % 3600) // 60:02d}m"


class Progress:
    """Progress of a count towards a total, with an ETA from this sitting's rate.

    On a terminal (stderr is a TTY) and with tqdm installed: a tqdm bar (``update``; messages go
    through ``write`` so they do not break the bar). Otherwise nothing is drawn and ``eta_text``
    is meant for the caller's log lines. ``limit_s``: a time limit of this sitting (the ETA is
    the sooner of the two ends)."""

    def __init__(self, total: int, initial: int = 0, desc: str = "", unit: str = "step",
                 enabled: bool = True, limit_s: float = 0.0):
        self.total, self.n, self.n0 = int(total), int(initial), int(initial)
        self.limit_s = float(limit_s)
        self.t0 = time.time()
        self.paused = 0.0
        self.bar = None
        if enabled and sys.stderr.isatty():
            try:
                from tqdm import tqdm
                self.bar = tqdm(total=self.total, initial=min(self.n, self.total), desc=desc,
                                unit=unit, unit_scale=True, dynamic_ncols=True,
                                file=sys.stderr)
            except ImportError:
                self.bar = None

    def elapsed(self) -> float:
        return time.time() - self.t0 - self.paused

    def pause(self, seconds: float) -> None:
        """Time spent on something else (evaluation): not part of the rate."""
        self.paused += seconds

    def update(self, n: int, **postfix) -> None:
        """The count is now n (absolute). A run may pass its total (a whole rollout or batch
        past it): the bar and the text stop at 100%, the rate counts every step."""
        if self.bar is not None:
            self.bar.update(max(0, min(n, self.total) - min(self.n, self.total)))
            if postfix:
                self.bar.set_postfix(postfix, refresh=False)
        self.n = n

    def fraction(self) -> float:
        """The share of the total done, at most 1."""
        return min(1.0, self.n / max(1, self.total))

    def eta(self) -> float | None:
        """Seconds until the total (or the time limit) is reached; None before any progress."""
        done, el = self.n - self.n0, self.elapsed()
        if done <= 0 or el <= 0:
            return None
        left = max(0, self.total - self.n) * el / done
        if self.limit_s > 0:
            left = min(left, max(0.0, self.limit_s - el))
        return left

    def eta_text(self) -> str:
        e = self.eta()
        return f"{100 * self.fraction():.0f}%, eta " + ("?" if e is None
                                                       else format_seconds(e))

    def write(self, msg: str) -> None:
        if self.bar is not None:
            self.bar.write(msg, file=sys.stdout)
            sys.stdout.flush()
        else:
            print(msg, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
