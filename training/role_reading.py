"""Role reading: how well belief sources name the hidden roles of the other seats, from play.

    python training/role_reading.py --pack standard --players 8 --games 200 --seed 1000 \\
        --out training/results/role_reading_standard8.json \\
        --plot training/results/role_reading_standard8.png

It plays ``--games`` identity games per table (each ``--pack`` at each ``--players``) with
``--agents`` (one spec for every seat, or one per seat; default the heuristic everywhere). At
every decision the deciding seat is the *viewer*: each belief source is given the viewer's
observation (and mask) and returns a distribution over lord, loyalist, rebel, renegade for every
other seat that is alive and whose role the viewer cannot see. The truth is read from the game's
full state and never shown to a source. Scores, per source: the accuracy of the most likely role
and the log-loss (natural log, probabilities clipped at ``1e-6``), over every (decision, hidden
seat) pair, broken down by round (1, 2, 3, 4, 5+), by the viewer's role and by table. A seat is
counted once per decision of every viewer that cannot see its role: later rounds hold fewer
seats (the dead are revealed) and more decisions.

Sources (``--sources``):

- ``prior``: uniform over the roles not yet revealed, respecting the role counts: an unknown
  seat is role k with probability (seats of role k not yet seen) / (unknown seats). At 5 players
  (lord, loyalist, 2 rebels, renegade) a rebel sees the lord and himself: each of the three
  others is loyalist, rebel or renegade with probability 1/3.
- ``heuristic``: the scripted heuristic's evidence memory as a distribution
  (``HeuristicAgent.role_probs``). A shadow heuristic per seat reads every observation of that
  seat's decisions (as it would when playing), whoever plays the seat.
- ``belief``: the belief model of ``training/train_belief.py`` (``--belief``, default the
  shipped ``heroes_env/data/belief.pt``; ``heroes_env.agents.belief``).
- any other name is a checkpoint file with a role head: a belief checkpoint of
  ``train_belief.py``, or a ``training/selfplay_ppo.py`` training state trained with
  ``--aux-coef`` > 0 (its trunk and auxiliary role head); the source is named by the file.

Output: a printed table per table, JSON (``--out``)::

    {"sources": {NAME: {"by_round": {"1": {"accuracy": a, "log_loss": l, "n": n}, ..., "5+": ...},
                        "all": {...}, "by_viewer_role": {"lord": {...}, ...},
                        "by_table": {"standard8": {"by_round": {...}, "all": {...}}}}},
     "tables": [...], "games": G, "seed": S, "agents": [...], "decisions": D, "seconds": t}

and a plot (``--plot``): accuracy against round, one line per source, one panel per table.
Game g of a table is dealt with seed ``seed + g``, so two runs with the same arguments play the
same games (the default heuristic players are seeded too).
"""
from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from heroes_env.agents.base import AgentSpecError  # noqa: E402
from heroes_env.agents.belief import (  # noqa: E402
    BELIEF_FORMAT,
    default_path,
    hidden_mask,
    read_model_file,
    reader_from_checkpoint,
    remaining_roles,
    role_counts,  # noqa: F401 - the deal's role counts, for the script's readers
    seat_view,  # noqa: F401 - what a viewer sees, for the script's readers
)
from training.common import PACK_HELP, ROLE_NAMES, arg, parse_args  # noqa: E402

ROUND_BUCKETS = ("1", "2", "3", "4", "5+")
NUM_CLASSES = len(ROLE_NAMES)           # lord, loyalist, rebel, renegade (the identity roles)
EPS = 1e-6                              # probabilities are clipped here for the log-loss
DEFAULT_BELIEF = default_path()          # the shipped belief model: heroes_env/data/belief.pt
BUILT_IN = ("prior", "heuristic", "belief")


@dataclass
class Args:
    """Role-inference benchmark: belief sources scored against the hidden roles."""
    pack: tuple[str, ...] = arg(("none",), PACK_HELP + "; several: one table each")
    players: tuple[int, ...] = arg((5,), "player counts (identity mode, 4-10); several: one "
                                         "table each")
    games: int = arg(20, "games per table")
    seed: int = arg(0, "game g of a table is dealt with seed + g")
    agents: tuple[str, ...] = arg(("heuristic",), "who plays: one agent spec for every seat, or "
                                                  "one per seat")
    sources: tuple[str, ...] = arg(("prior", "heuristic", "belief"),
                                   "belief sources: prior, heuristic, belief, or checkpoint files "
                                   "with a role head")
    belief: str = arg(DEFAULT_BELIEF, "the belief model's checkpoint (source 'belief')")
    max_rounds: int = arg(100, "games are truncated after this many rounds")
    out: str = arg("", "JSON file of the scores (none: print only)")
    plot: str = arg("", "PNG: accuracy against round, one line per source")
    torch_threads: int = arg(1, "torch threads of the belief models")


# ---------------------------------------------------------------- what a viewer can see
# seat_view, hidden_mask, role_counts and remaining_roles are the belief model's
# (heroes_env.agents.belief), imported above
def hidden_seats(obs: np.ndarray) -> np.ndarray:
    """The relative seats that one observation hides (``hidden_mask``), in order."""
    return np.flatnonzero(hidden_mask(obs))


def prior_probs(obs: np.ndarray) -> np.ndarray:
    """The ``prior`` source: [B, MAX_SEATS, 4] (or [MAX_SEATS, 4] for one observation), each
    hidden seat uniform over the roles not yet revealed in their counts (other rows: zeros)."""
    one = obs.ndim == 1
    obs = np.atleast_2d(obs)
    left = remaining_roles(obs)
    share = left / np.maximum(left.sum(1, keepdims=True), 1e-9)
    P = hidden_mask(obs)[:, :, None] * share[:, None, :]
    return P[0] if one else P


def true_roles(state: np.ndarray, viewer: int, n: int) -> np.ndarray:
    """The role of the seat r places after viewer at the table, r = 0..MAX_SEATS-1 (-1 beyond n),
    from the game's full state row (the truth: never given to a source)."""
    from heroes_env.engine import constants as C
    from training.selfplay_ppo import role_targets
    out = role_targets(state[None], np.array([viewer]), n, C)[0].astype(np.int64)
    out[0] = state[C.P_ROLE + viewer]
    return out


# ---------------------------------------------------------------- checkpoints with a role head
def load_role_reader(path: str):
    """A RoleReader (``heroes_env.agents.belief``) from a belief checkpoint, or from a
    ``selfplay_ppo.py`` training state with an auxiliary role head (its trunk and head); both
    read with ``weights_only=True`` after the archive's sizes are checked. SystemExit naming
    what was found otherwise."""
    if not os.path.isfile(path):
        raise SystemExit(f"no checkpoint {path!r} (train one with training/train_belief.py)")
    try:
        data = read_model_file(path, "checkpoint")
    except AgentSpecError as e:
        raise SystemExit(f"cannot read {path!r} as a checkpoint with a role head: {e}") from e
    if isinstance(data, dict) and data.get("format") == BELIEF_FORMAT:
        try:
            return reader_from_checkpoint(data, repr(path))
        except AgentSpecError as e:
            raise SystemExit(str(e)) from e
    if isinstance(data, dict) and isinstance(data.get("net"), dict) and data.get("role_head"):
        return _role_head_reader(path, data)
    what = data.get("format") if isinstance(data, dict) else type(data).__name__
    raise SystemExit(f"{path!r} has no role head ({what}): give a belief checkpoint "
                     f"({BELIEF_FORMAT}) or a selfplay_ppo.py training state trained with "
                     f"--aux-coef > 0")


def _role_head_reader(path, data):
    import torch

    from heroes_env.agents.belief import RoleReader
    from heroes_env.agents.torch_policy import load_net
    from heroes_env.engine.constants import MAX_SEATS
    try:
        net = load_net(data["net"]["arch"], data["net"]["state_dict"], f"training state {path!r}")
    except AgentSpecError as e:
        raise SystemExit(str(e)) from e
    except (KeyError, TypeError) as e:
        raise SystemExit(f"{path!r}: its trunk lacks its arch or state_dict: {e}") from e
    width = net.pi.in_features
    head = torch.nn.Linear(width, MAX_SEATS * NUM_CLASSES)
    try:
        head.load_state_dict(data["role_head"])
    except (RuntimeError, KeyError, TypeError, AttributeError) as e:
        raise SystemExit(f"{path!r}: its role head does not fit its trunk: {e}") from e
    if "prior" in net.features:
        raise SystemExit(f"{path!r}: a net with the 'prior' feature needs the heuristic's "
                         "suggestion at every decision; its role head is not read alone")
    net.eval()
    head.eval()

    def logits_of(obs):
        from heroes_env.engine.constants import NUM_ACTIONS
        mask = torch.ones(obs.shape[0], NUM_ACTIONS)
        _, _, h = net(obs if obs.dtype == torch.uint8 else obs.float(), mask, features=True)
        return head(h).view(-1, MAX_SEATS, NUM_CLASSES)
    return RoleReader(net, False, logits_of)


# ---------------------------------------------------------------- sources
# A source reads one game's decisions in order, after the game: read_game(obs [T, OBS_SIZE]
# float32, masks [T, NUM_ACTIONS], viewers [T]) -> P [T, MAX_SEATS, 4], the distribution of
# every hidden seat (other rows: anything). What it is given is what the viewers saw.
class PriorSource:
    name = "prior"

    def read_game(self, obs, masks, viewers):
        return prior_probs(obs)


class HeuristicSource:
    """The heuristic's evidence memory: a shadow HeuristicAgent acts on every decision of every
    seat, in the game's order (the action is thrown away), so that its memory follows the game
    as when it plays; then it is asked."""
    name = "heuristic"

    def __init__(self, seed: int = 0):
        from heroes_env.agents.heuristic import HeuristicAgent
        self.agent = HeuristicAgent(seed=seed)

    def read_game(self, obs, masks, viewers):
        from heroes_env.engine.constants import MAX_SEATS
        self.agent.reset()
        P = np.zeros((len(obs), MAX_SEATS, NUM_CLASSES))
        for t, (o, m, v) in enumerate(zip(obs, masks, viewers, strict=True)):
            self.agent.act(o, m, slot=int(v))
            p = self.agent.role_probs(o, slot=int(v))[:, :NUM_CLASSES]
            P[t, :len(p)] = p
        return P


class ModelSource:
    """A network's distribution (a belief model, a training state's role head)."""

    def __init__(self, path: str, name: str | None = None):
        self.reader = load_role_reader(path)
        self.name = name or os.path.basename(path)

    def read_game(self, obs, masks, viewers):
        return self.reader.probs(obs)


def make_source(name: str, args: Args):
    if name == "prior":
        return PriorSource()
    if name == "heuristic":
        return HeuristicSource(seed=args.seed)
    if name == "belief":
        return ModelSource(args.belief, "belief")
    if os.path.isfile(name):
        return ModelSource(name)
    raise SystemExit(f"--sources {name!r}: give one of {', '.join(BUILT_IN)} or the path of a "
                     f"checkpoint with a role head (no file {name!r})")


# ---------------------------------------------------------------- playing and scoring
def round_bucket(rnd: int) -> str:
    return ROUND_BUCKETS[min(max(int(rnd), 1), len(ROUND_BUCKETS)) - 1]


def decisions(config, agents, games: int, seed: int):
    """Play games (game g dealt with seed + g); yield one record per decision, before it is
    played: (game, viewer seat, float32 observation, mask, true roles by relative seat, round).
    agents: one Agent per seat (reset before every game; each seat's agent remembers its seat as
    slot ``seat``)."""
    from heroes_env.game import Game
    for g in range(games):
        game = Game.new(config, seed=seed + g)
        n = game.num_players
        for a in agents:
            a.reset()
        while not game.done:
            viewer = game.decider
            obs, mask = game.observe_with_mask(viewer)
            yield g, viewer, obs, mask, true_roles(game.s, viewer, n), game.round
            game.step(int(agents[viewer].act(obs, mask, slot=viewer)))


def games(config, agents, count: int, seed: int):
    """``decisions`` gathered per game: (obs [T, OBS_SIZE], masks [T, A], viewers [T], true
    roles [T, MAX_SEATS], rounds [T])."""
    rec = []
    last = 0
    for g, viewer, obs, mask, truth, rnd in decisions(config, agents, count, seed):
        if g != last and rec:
            yield _stack(rec)
            rec = []
        last = g
        rec.append((obs, mask, viewer, truth, rnd))
    if rec:
        yield _stack(rec)


def _stack(rec):
    obs, masks, viewers, truth, rounds = zip(*rec, strict=True)
    return (np.stack(obs), np.stack(masks), np.array(viewers), np.stack(truth),
            np.array(rounds))


class Scores:
    """Sums of hits, log-losses and counts by (source, table, round bucket, viewer role)."""

    def __init__(self, names, tables):
        shape = (len(names), len(tables), len(ROUND_BUCKETS), NUM_CLASSES)
        self.names, self.tables = list(names), list(tables)
        self.hits = np.zeros(shape)
        self.loss = np.zeros(shape)
        self.n = np.zeros(shape, np.int64)

    def add(self, s, t, rnd, viewer_role, P, truth):
        """Score distributions P [k, 4] against truths [k] (source s, table t; rnd and
        viewer_role: one each, or one per row)."""
        if len(truth) == 0:
            return
        b = np.array([ROUND_BUCKETS.index(round_bucket(x)) for x in np.atleast_1d(rnd)])
        b = np.broadcast_to(b, truth.shape)
        v = np.broadcast_to(np.atleast_1d(viewer_role), truth.shape)
        p_true = np.clip(P[np.arange(len(truth)), truth], EPS, 1.0)
        np.add.at(self.hits[s, t], (b, v), (P.argmax(1) == truth).astype(np.float64))
        np.add.at(self.loss[s, t], (b, v), -np.log(p_true))
        np.add.at(self.n[s, t], (b, v), 1)

    @staticmethod
    def cell(hits, loss, n):
        n = int(n)
        return {"accuracy": round(float(hits) / n, 4) if n else None,
                "log_loss": round(float(loss) / n, 4) if n else None, "n": n}

    @classmethod
    def block(cls, h, lo, n) -> dict:
        """{"by_round", "all", "by_viewer_role"} of sums laid out [round bucket, viewer role]."""
        return {"by_round": {b: cls.cell(h[i].sum(), lo[i].sum(), n[i].sum())
                             for i, b in enumerate(ROUND_BUCKETS)},
                "all": cls.cell(h.sum(), lo.sum(), n.sum()),
                "by_viewer_role": {r: cls.cell(h[:, i].sum(), lo[:, i].sum(), n[:, i].sum())
                                   for i, r in enumerate(ROLE_NAMES)}}

    def to_json(self) -> dict:
        out = {}
        for s, name in enumerate(self.names):
            h, lo, n = self.hits[s], self.loss[s], self.n[s]     # [table, round, viewer role]
            out[name] = self.block(h.sum(0), lo.sum(0), n.sum(0))
            out[name]["by_table"] = {table: self.block(h[t], lo[t], n[t])
                                     for t, table in enumerate(self.tables)}
        return out


def table_name(pack: str, players: int) -> str:
    return f"{pack}{players}"


def make_players(specs, n: int, seed: int):
    import heroes_env.agents.torch_policy  # noqa: F401  (registers the .pt / .zip loaders)
    from heroes_env.agents import make_agent
    from heroes_env.agents.base import AgentSpecError
    if len(specs) not in (1, n):
        raise SystemExit(f"--agents: give one spec for every seat or {n} (one per seat), got "
                         f"{len(specs)}")
    specs = list(specs) * n if len(specs) == 1 else list(specs)
    try:
        return [make_agent(spec, seed=seed * 1000 + seat) for seat, spec in enumerate(specs)]
    except AgentSpecError as e:
        raise SystemExit(f"--agents: {e}") from e


def run(args: Args) -> dict:
    from heroes_env.config import Config
    try:
        import torch
        torch.set_num_threads(args.torch_threads)
    except ImportError:
        pass
    if args.games < 1:
        raise SystemExit(f"--games {args.games}: give 1 or more")
    if len(set(args.sources)) != len(args.sources):
        raise SystemExit(f"--sources names a source twice: {' '.join(args.sources)}")
    sources = [make_source(name, args) for name in args.sources]
    names = [s.name for s in sources]
    if len(set(names)) != len(names):
        raise SystemExit(f"--sources: two sources share the name of one file: {names}")
    tables = [(pack, n) for pack in args.pack for n in args.players]
    scores = Scores(names, [table_name(p, n) for p, n in tables])
    t0 = time.time()
    count = 0
    for t, (pack, n) in enumerate(tables):
        try:
            config = Config(num_players=n, pack=pack, max_rounds=args.max_rounds)
        except ValueError as e:
            raise SystemExit(f"table {pack} at {n} players: {e}") from e
        if config.mode != "identity":
            raise SystemExit("role reading is measured in the identity mode")
        players = make_players(args.agents, n, args.seed)
        before = count
        for obs, masks, viewers, truth, rounds in games(config, players, args.games, args.seed):
            count += len(obs)
            hidden = hidden_mask(obs)                          # [T, S]
            rows, seats = np.nonzero(hidden)
            for i, src in enumerate(sources):
                P = src.read_game(obs, masks, viewers)
                scores.add(i, t, rounds[rows], truth[rows, 0], P[rows, seats],
                           truth[rows, seats])
        print(f"{table_name(pack, n)}: {args.games} games, {count - before} decisions "
              f"({time.time() - t0:.0f} s so far)", flush=True)
    result = {"sources": scores.to_json(), "tables": scores.tables, "games": args.games,
              "seed": args.seed, "agents": list(args.agents), "decisions": count,
              "seconds": round(time.time() - t0, 1)}
    return result


def print_table(result: dict) -> None:
    for table in result["tables"]:
        print(f"\n{table}: accuracy / log-loss by round (n: scored seat-decisions)")
        print("| source | " + " | ".join(f"round {b}" for b in ROUND_BUCKETS) + " | all |")
        print("|---" * (len(ROUND_BUCKETS) + 2) + "|")
        for name, src in result["sources"].items():
            t = src["by_table"][table]
            cells = [t["by_round"][b] for b in ROUND_BUCKETS] + [t["all"]]
            print(f"| {name} | " + " | ".join(_fmt(c) for c in cells) + " |")
        ns = [result["sources"][next(iter(result["sources"]))]["by_table"][table]["by_round"][b]
              ["n"] for b in ROUND_BUCKETS]
        print("n: " + ", ".join(f"round {b} {k}" for b, k in zip(ROUND_BUCKETS, ns, strict=True)))


def _fmt(c) -> str:
    if not c["n"]:
        return "-"
    return f"{100 * c['accuracy']:.1f}% / {c['log_loss']:.3f}"


def plot(result: dict, path: str, title: str = "") -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    tables = result["tables"]
    fig, axes = plt.subplots(1, len(tables), figsize=(4.6 * len(tables), 3.8), squeeze=False,
                             sharey=True)
    xs = np.arange(len(ROUND_BUCKETS))
    for ax, table in zip(axes[0], tables, strict=True):
        for name, src in result["sources"].items():
            rows = src["by_table"][table]["by_round"]
            ys = [100 * rows[b]["accuracy"] if rows[b]["n"] else np.nan for b in ROUND_BUCKETS]
            ax.plot(xs, ys, marker="o", ms=4, label=name)
        ax.set_xticks(xs, ROUND_BUCKETS)
        ax.set_xlabel("round")
        ax.set_title(table, fontsize=10)
        ax.grid(alpha=0.3)
    axes[0][0].set_ylabel("accuracy of the most likely role (%)")
    axes[0][-1].legend(loc="best", fontsize=8)
    fig.suptitle((title + ": " if title else "") + "reading the hidden roles of the other seats "
                 f"({result['games']} games per table, seed {result['seed']})", fontsize=10)
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv=None) -> dict:
    args = parse_args(Args, argv)
    result = run(args)
    print_table(result)
    print(f"\n{result['decisions']} decisions in {result['seconds']} s")
    if args.out:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1)
        print(f"scores: {args.out}")
    if args.plot:
        plot(result, args.plot)
        print(f"plot: {args.plot}")
    return result


if __name__ == "__main__":
    main()
