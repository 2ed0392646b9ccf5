"""The belief model: the hidden roles of the other seats, read from one observation (CleanRL-style
single file: a dataclass of arguments, the data recipe, the network, the training loop).

    # the shipped heroes_env/data/belief.pt: 1,000 games of the heuristic per table, packs
    # none and standard at 5 and 8 players (about 12 + 5 minutes on a shared 2-core machine)
    nice python training/train_belief.py --games 1000 --val-games 100 --keep 0.25 \\
        --data-dir runs/belief_data --epochs 12 --patience 2 --save-path runs/belief/belief.pt

    # the belief model inside the heuristic, against the plain heuristic (docs/role-reading.md)
    python training/evaluate.py --agent training.train_belief:BeliefHeuristicAgent --games 1000 \\
        --opponents heuristic --no-base-rates

**Data recipe.** For each table (``--packs`` x ``--players``, identity mode) ``--games`` games
are dealt with seeds ``seed + g`` (g = 0, 1, ...; the benchmark's held-out games use other
seeds: ``docs/role-reading.md``) and played by ``--agents`` (default the heuristic in every seat).
At every decision the deciding seat's observation (bytes, ``obs_dtype="uint8"``) is kept with
probability ``--keep`` (a generator seeded per game), with its label: the true role of every
other seat that is alive and hidden from the viewer (``role_reading.true_roles``, from the full
state: never an input), -1 for the others. Games are written in shards of ``--shard-games``
(``<data-dir>/<table>_<first game>.npz``); shards already there are not played again, so a cut
data run resumes where it stopped. The last ``--val-games`` games of each table are held out
to choose the epoch (and whether to fit the role counts, below) and are not trained on.

**Network and reading**: ``heroes_env.agents.belief`` (``BeliefNet``, about 50,000 weights, the
same small MLP for every relative seat; ``RoleReader.probs``, with ``fit_counts`` the hidden
seats' probabilities fitted to the role counts not yet seen). Training chooses ``fit_counts`` on
the held-out games.

Checkpoint (``--save-path``): ``torch.save`` of {"format": ``BELIEF_FORMAT``, "arch",
"state_dict", "fit_counts", "meta"} (float32 weights), read by
``heroes_env.agents.belief.load_belief`` (the shipped one is ``heroes_env/data/belief.pt``).
``load_role_reader(path)`` (``training/role_reading.py``) also reads the auxiliary role head of
a ``selfplay_ppo.py`` training state (``--aux-coef`` > 0).
"""
from __future__ import annotations

import glob
import os
import sys
import time
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

# the network, its reader and the checkpoint loader are the package's (heroes_env.agents.belief);
# load_role_reader also reads a training state's role head
from heroes_env.agents.belief import (  # noqa: E402
    BELIEF_FORMAT,
    NUM_CLASSES,  # noqa: F401 - the role classes, for the script's readers
    RoleReader,
    build_net,
)
from training.common import arg, atomic_save, parse_args  # noqa: E402
from training.role_reading import load_role_reader  # noqa: E402


@dataclass
class Args:
    """Train the belief model (observation -> the other seats' hidden roles)."""
    packs: tuple[str, ...] = arg(("none", "standard"), "hero packs of the data's tables")
    players: tuple[int, ...] = arg((5, 8), "player counts of the data's tables")
    games: int = arg(1000, "games per table (the last --val-games held out)")
    val_games: int = arg(100, "games per table held out to choose the epoch and the count fit")
    keep: float = arg(0.25, "share of the decisions kept (each one drawn independently)")
    seed: int = arg(0, "game g of a table is dealt with seed + g")
    agents: tuple[str, ...] = arg(("heuristic",), "who plays the data's games (one spec, or one "
                                                  "per seat)")
    max_rounds: int = arg(100, "games are truncated after this many rounds")
    shard_games: int = arg(25, "games per data shard (a cut data run resumes by shard)")
    data_dir: str = arg("runs/belief_data", "where the data shards are written and read")
    data_only: bool = arg(False, "write the data, do not train")
    hidden: tuple[int, ...] = arg((96, 64), "widths of the per-seat layers")
    epochs: int = arg(12, "passes over the training decisions")
    patience: int = arg(2, "stop after this many epochs without a better held-out log-loss "
                           "(0: never)")
    batch_size: int = arg(256, "decisions per minibatch")
    learning_rate: float = arg(2e-3, "Adam learning rate (cosine to 0 over the run)")
    weight_decay: float = arg(1e-4, "AdamW weight decay")
    torch_threads: int = arg(1, "torch threads")
    save_path: str = arg("runs/belief/belief.pt", "the checkpoint (the best epoch on the held-out "
                                                  "games)")


# ---------------------------------------------------------------- checkpoints
def save_belief(path: str, net, fit_counts: bool, meta: dict) -> None:
    import torch
    state = {k: v.detach().to("cpu", torch.float32).clone() for k, v in net.state_dict().items()}
    atomic_save(path, lambda p: torch.save({"format": BELIEF_FORMAT, "arch": dict(net.arch),
                                            "state_dict": state, "fit_counts": bool(fit_counts),
                                            "meta": dict(meta)}, p))


# ---------------------------------------------------------------- the belief in play
def evidence_of(P: np.ndarray, left: np.ndarray) -> np.ndarray:
    """The heuristic's evidence value per seat that makes its role table tilt towards loyalist
    versus rebel as P [S, 4] does: the heuristic weighs loyalist by exp(e) and rebel by exp(-e)
    over the roles left, so e = log((P_loyalist / left_loyalist) / (P_rebel / left_rebel)) / 2
    (0 where either is impossible), clipped to its range [-5, 5]."""
    with np.errstate(divide="ignore", invalid="ignore"):
        a = P[:, 1] / left[1] if left[1] > 0 else np.zeros(len(P))
        b = P[:, 2] / left[2] if left[2] > 0 else np.zeros(len(P))
        e = 0.5 * np.log(np.clip(a, 1e-4, None) / np.clip(b, 1e-4, None))
    e[(a <= 0) | (b <= 0)] = 0.0
    return np.clip(e, -5.0, 5.0)


def _heuristic():
    from heroes_env.agents import heuristic_kernels as HK
    from heroes_env.agents.heuristic import HeuristicAgent

    class BeliefHeuristicAgent(HeuristicAgent):
        """The heuristic with the belief model in place of its evidence memory: before each
        decision the evidence of every hidden seat is set from the belief model's loyalist
        versus rebel odds (``evidence_of``); the rules then play as usual (the decision's own
        evidence update still applies on top). belief: the checkpoint; torch_threads: torch's
        threads (one: tournaments run a game per worker process)."""

        name = "belief_heuristic"

        def __init__(self, seed=None, name=None, belief: str = "", torch_threads: int = 1,
                     **kwargs):
            super().__init__(seed=seed, name=name, **kwargs)
            import torch

            from heroes_env.agents.base import AgentSpecError
            from heroes_env.agents.torch_policy import set_torch_threads
            from training.role_reading import DEFAULT_BELIEF
            set_torch_threads(torch, torch_threads, "belief_heuristic")
            try:
                self.reader = load_role_reader(belief or DEFAULT_BELIEF)
            except SystemExit as e:         # an agent spec's error, not the program's end
                raise AgentSpecError(f"belief: {e}") from None

        def act(self, obs, mask, slot=0):
            return int(self.act_batch(np.asarray(obs)[None], np.asarray(mask)[None], [slot])[0])

        def act_batch(self, obs, masks, slots=None):
            from heroes_env.obs import obs_to_float32
            from training.role_reading import hidden_mask, remaining_roles
            obs = np.asarray(obs)
            keys = list(range(len(obs))) if slots is None else list(slots)
            rows, pool = self._rows(keys)
            pool.grow(int(rows.max()) + 1 if len(rows) else 0)
            P = self.reader.probs(obs)
            f32 = obs_to_float32(obs)
            hidden, left = hidden_mask(f32), remaining_roles(f32)
            for i, row in enumerate(rows):
                if hidden[i].any():
                    e = evidence_of(P[i], left[i])
                    pool.MF[row, HK.M_LOYAL:HK.M_LOYAL + len(e)][hidden[i]] = e[hidden[i]]
            return super().act_batch(obs, masks, keys)

    return BeliefHeuristicAgent


def BeliefHeuristicAgent(seed=None, **kwargs):
    """``make_agent("training.train_belief:BeliefHeuristicAgent")``: the heuristic reading the
    hidden roles with the belief model (see ``_heuristic``)."""
    return _heuristic()(seed=seed, **kwargs)


# ---------------------------------------------------------------- data
def write_shard(path, config, players, first: int, count: int, seed: int, keep: float):
    """Play games first..first+count-1 (seeds seed + g) and save the kept decisions."""
    from training.role_reading import decisions, hidden_seats
    obs_l, lab_l, game_l = [], [], []
    rng = None
    last = -1
    for g, _viewer, obs, _mask, truth, _rnd in decisions(config, players, count, seed + first):
        if g != last:
            rng = np.random.default_rng([seed + first + g, 7])
            last = g
        if rng.random() >= keep:
            continue
        hidden = hidden_seats(obs)
        if len(hidden) == 0:
            continue
        from heroes_env.obs import OBS_DIVISOR
        label = np.full(truth.shape, -1, np.int8)
        label[hidden] = truth[hidden]
        obs_l.append(np.round(obs * OBS_DIVISOR).astype(np.int16).astype(np.uint8))
        lab_l.append(label)
        game_l.append(first + g)
    np.savez_compressed(path + ".tmp.npz", obs=np.array(obs_l, np.uint8).reshape(-1, obs.size),
                        labels=np.array(lab_l, np.int8).reshape(-1, truth.size),
                        games=np.array(game_l, np.int64))
    os.replace(path + ".tmp.npz", path)


def make_data(args: Args) -> None:
    from heroes_env.config import Config
    from training.role_reading import make_players, table_name
    os.makedirs(args.data_dir, exist_ok=True)
    for pack in args.packs:
        for n in args.players:
            config = Config(num_players=n, pack=pack, max_rounds=args.max_rounds)
            players = make_players(args.agents, n, args.seed)
            for first in range(0, args.games, args.shard_games):
                path = os.path.join(args.data_dir,
                                    f"{table_name(pack, n)}_seed{args.seed}_{first:06d}.npz")
                if os.path.isfile(path):
                    continue
                t0 = time.time()
                count = min(args.shard_games, args.games - first)
                write_shard(path, config, players, first, count, args.seed, args.keep)
                print(f"{path}: {count} games in {time.time() - t0:.0f} s", flush=True)


def load_data(args: Args):
    """(obs uint8 [N, OBS_SIZE], labels int8 [N, S], held out bool [N])."""
    from training.role_reading import table_name
    obs, labels, val = [], [], []
    for pack in args.packs:
        for n in args.players:
            files = sorted(glob.glob(os.path.join(
                args.data_dir, f"{table_name(pack, n)}_seed{args.seed}_*.npz")))
            for f in files:
                d = np.load(f)
                obs.append(d["obs"])
                labels.append(d["labels"])
                val.append(d["games"] >= args.games - args.val_games)
    if not obs:
        raise SystemExit(f"no data in {args.data_dir!r}: run without --data-only first")
    return np.concatenate(obs), np.concatenate(labels), np.concatenate(val)


# ---------------------------------------------------------------- training
def evaluate(net, obs, labels, batch=1024):
    """(log-loss with and without the count fit, accuracy) over the labelled seats."""
    totals = {True: [0.0, 0.0], False: [0.0, 0.0]}
    count = 0
    for fit in (False, True):
        reader = RoleReader(net, fit)
        for i in range(0, len(obs), batch):
            P = reader.probs(obs[i:i + batch])
            lab = labels[i:i + batch].astype(np.int64)
            m = lab >= 0
            p = P[m, lab[m]]
            totals[fit][0] += float(-np.log(np.clip(p, 1e-6, 1)).sum())
            totals[fit][1] += float((P[m].argmax(1) == lab[m]).sum())
            if fit:
                count += int(m.sum())
    return {fit: (t[0] / max(count, 1), t[1] / max(count, 1)) for fit, t in totals.items()}


def train(args: Args) -> dict:
    import torch
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.torch_threads)
    obs, labels, val = load_data(args)
    tr_obs, tr_lab = obs[~val], labels[~val]
    va_obs, va_lab = obs[val], labels[val]
    print(f"{len(tr_obs)} training decisions, {len(va_obs)} held out "
          f"({int((tr_lab >= 0).sum())} / {int((va_lab >= 0).sum())} hidden seats)", flush=True)
    net = build_net(args.hidden)
    opt = torch.optim.AdamW(net.parameters(), lr=args.learning_rate,
                            weight_decay=args.weight_decay)
    steps = args.epochs * ((len(tr_obs) + args.batch_size - 1) // args.batch_size)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, max(1, steps))
    rng = np.random.default_rng(args.seed)
    best = None
    t0 = time.time()
    for epoch in range(args.epochs):
        net.train()
        order = rng.permutation(len(tr_obs))
        tot, cnt = 0.0, 0
        for i in range(0, len(order), args.batch_size):
            idx = order[i:i + args.batch_size]
            x = torch.from_numpy(tr_obs[idx])
            y = torch.from_numpy(tr_lab[idx].astype(np.int64))
            logits = net(x)
            m = y >= 0
            loss = torch.nn.functional.cross_entropy(logits[m], y[m])
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item() * int(m.sum())
            cnt += int(m.sum())
        net.eval()
        ev = evaluate(net, va_obs, va_lab)
        fit = ev[True][0] < ev[False][0]
        ll, acc = ev[fit]
        print(f"epoch {epoch + 1}: train log-loss {tot / max(cnt, 1):.4f}; held out: log-loss "
              f"{ev[False][0]:.4f} (count fit {ev[True][0]:.4f}), accuracy {ev[False][1]:.4f} "
              f"(count fit {ev[True][1]:.4f}); {time.time() - t0:.0f} s", flush=True)
        if best is None or ll < best["log_loss"]:
            best = {"epoch": epoch + 1, "log_loss": round(ll, 4), "accuracy": round(acc, 4),
                    "fit_counts": bool(fit)}
            meta = {"args": {k: (list(v) if isinstance(v, tuple) else v)
                             for k, v in vars(args).items()},
                    "held_out": best, "train_decisions": len(tr_obs),
                    "seconds": round(time.time() - t0, 1)}
            os.makedirs(os.path.dirname(os.path.abspath(args.save_path)), exist_ok=True)
            save_belief(args.save_path, net, fit, meta)
        if args.patience and epoch + 1 - best["epoch"] >= args.patience:
            print(f"no better held-out log-loss in {args.patience} epochs: stopped", flush=True)
            break
    print(f"best epoch {best['epoch']}: held-out log-loss {best['log_loss']}, accuracy "
          f"{best['accuracy']}, count fit {best['fit_counts']}; saved {args.save_path}",
          flush=True)
    return best


def main(argv=None):
    args = parse_args(Args, argv)
    if not 0 < args.keep <= 1:
        raise SystemExit(f"--keep {args.keep}: give a share in (0, 1]")
    if not 0 <= args.val_games < args.games:
        raise SystemExit(f"--val-games {args.val_games}: give 0 to {args.games - 1}")
    make_data(args)
    if args.data_only:
        return None
    return train(args)


if __name__ == "__main__":
    main()
