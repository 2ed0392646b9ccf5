"""Self-play PPO in torch over the batched engine (CleanRL style: one file, a dataclass of
arguments, steps/s and win rates logged).

    python training/selfplay_ppo.py --total-steps 2000000 --bc-steps 500000 \\
        --save-path runs/selfplay_none5.pt

One role-conditioned policy (the role one-hot is part of the observation) plays every seat it
is given. ``num_envs`` games run in one ``heroes_env.vector.VectorEnv`` that returns every
decision to Python; when a game starts, its table is drawn:

- with probability ``p_heuristic``: ``learner_seats`` random seats are the current policy, the
  others the heuristic agent (``heroes_env.agents.heuristic``, compiled: one batched call per step);
- with probability ``p_pool`` (once the pool holds a checkpoint): the same with one past
  checkpoint of the policy (sampled actions) in the other seats; a snapshot joins the pool
  every ``pool_every`` updates (the oldest leaves beyond ``pool_size``);
- with probability ``p_random``: the same with uniformly random legal actions in the other seats
  (what ``agents.random`` plays: the agent is judged against random opponents too, and a policy
  that only ever met the heuristic and itself can misread random play);
- otherwise: the current policy in every seat (pure self-play).

In the first three, ``role_weights`` (lord, loyalist, rebel, renegade) weight the seats by their
dealt roles when the learner's seats are drawn: ``1 2 1 1`` puts it in the loyalist's seat twice
as often as in the lord's (all equal, the default: uniform seats, so 2 of 5 games as a rebel).

The opponent mix (``p_heuristic``, ``p_pool``, ``p_random``) and the role weights may change
when a run is resumed, as a league's curriculum does; each sitting's values are recorded in the
training state (``sittings``). Such a run is then no longer the same as an uninterrupted one.

Every seat of the current policy is its own trajectory (rewards only at the end: +1 / -1 / 0).
PPO needs each decision's successor in the same trajectory: a rollout collects
``rollout_steps`` learner decisions; the last decision of a trajectory still running is carried
into the next rollout. Advantages: GAE(gamma, gae_lambda) along each trajectory.

Optional warm start (``bc_steps`` > 0): before PPO the policy imitates the heuristic playing all
seats (cross-entropy on its actions) and the value head learns the games' outcomes.

Kickstarting (``kick_coef`` > 0; Schmitt et al. 2018, "Kickstarting Deep Reinforcement
Learning"): at every learner decision of a role in ``kick_roles`` the compiled heuristic is asked
what it would play there (its memory of that seat built from the seat's own observations, as when
it plays the seat), and the cross-entropy between the policy and that choice is added to the PPO
loss with a weight falling linearly from ``kick_coef`` to 0 at the run's PPO step
``kick_steps``. The teacher's choice only pulls; the policy keeps learning from its own returns
and may leave the teacher behind. Logged as ``losses/kick_ce``, ``losses/kick_agree`` (the
share of the policy's most likely actions that are the teacher's) and ``losses/kick_coef``.

Every ``eval_every`` updates the current policy is saved to ``save_path`` and plays
``eval_games`` games of the tournament tool (``heroes_env.agents.tournament``) in one seat against
each kind of ``eval_opponents`` in the others (default: the heuristic); its win rate per role is
logged as ``eval/win_<role>`` against the heuristic and ``eval/win_vs_<kind>_<role>`` against
another kind (``random``: the verdict's second condition), which ``training/plot.py --opponents``
draws.

Auxiliary role head (``aux_coef`` > 0; centralised training, decentralised play): a linear head
on the policy's trunk predicts the role of every other seat (relative seats, as in the
observation) from the observation; its targets come from the full state (``role_targets``), its
cross-entropy is added to the imitation and PPO losses with weight ``aux_coef``. It shapes the
trunk only: the ``.pt`` checkpoint holds the policy and value heads, and plays from the
observation alone (the head's weights are in the training state). Logged as ``aux/role_ce`` and
``aux/role_hidden_accuracy`` (on the roles the viewer cannot see).

Auxiliary table head (``table_coef`` > 0): a second linear head on the trunk predicts what kind of
table the decision's game is played at (``WinStats.KINDS``: heuristic, pool, self, random
opponents), the way opponent-modelling auxiliary tasks make a policy's features tell opponents
apart (He et al. 2016, "Opponent Modeling in Deep Reinforcement Learning"). The policy is judged
among heuristic players and among random ones, and what pays differs between them (a random lord
needs the loyalist's 桃 and suffers its area attacks); one network that does not tell the tables
apart plays their average. Training only, like the role head. Logged as ``aux/table_ce`` and
``aux/table_accuracy``.

Centralised critic (``critic="roles"``): the value that PPO's advantages and the imitation's
value loss use is read by a small MLP from the trunk's features *and the true role of every other
seat* (``role_targets``, from the full state), as MAPPO's critic reads the global state: most of
a hidden-role game's uncertainty about its outcome is who is on which side, and a critic that
knows it gives lower-variance advantages. Training only: the checkpoint's policy still plays
from the observation (its ``v`` head is not trained in such a run; the critic's weights are in
the training state). ``critic="obs"`` (default): the value head on the observation, as before.
With ``critic_table`` the centralised critic reads the kind of table too (a one-hot of
``WinStats.KINDS``): a loyalist's game among random players is won about twice as often as among
heuristic ones, and a critic that must guess which it is gives noisier advantages. Both may be
switched on when a run is resumed: the new head starts fresh, and the critic's new inputs start
with zero weights, so its values are the saved critic's until it learns.

Runs longer than one sitting: the training state (weights, both optimisers, the pool, every
random generator, the games in progress with the heuristic's memory of them, the trajectories
carried to the next rollout, the counters and the time spent) is written to ``state_path``
(default ``<save_path>.state``) at every evaluation, every ``save_minutes`` and at the end, each
time through a temporary file and a rename. ``--max-minutes`` ends a sitting cleanly after the
update (imitation or PPO) during which the time ran out, ``--stop-at N`` after the PPO update that
reaches N PPO steps (so a sitting that a time limit ended can be replayed to the same step: the
step is in its last log line); ``--resume <state>`` continues it with
the saved arguments (only those in ``RESUME_OVERRIDES`` may be given again, e.g. a larger
``--total-steps``). A resumed run makes the same updates as one that was never interrupted
(same torch threads; ``tests/test_training.py`` checks it); only times and steps/s differ.
The learning rate anneals over ``total_steps`` (not over a sitting's time).

While training: a progress bar with ETA on a terminal (tqdm), else ETA in the log lines.

Logged scalars (TensorBoard if ``tensorboard`` is installed, always ``<run>/scalars.jsonl``;
its ``time`` field counts on across sittings): ``charts/sps`` (learner decisions per second),
``charts/decisions_per_s`` (all seats), ``charts/win_vs_<heuristic|pool|self|random>[_<role>]``,
``losses/*``, ``eval/win_<role>`` (``training/plot.py`` draws the curves).
"""
from __future__ import annotations

import copy
import os
import pickle
import sys
import time
from dataclasses import dataclass, fields

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from heroes_env.agents.base import TORCH_THREADS  # noqa: E402
from training.common import (  # noqa: E402
    GAME_DEFAULTS,
    OPPONENTS,
    PACK_HELP,
    ROLE_NAMES,
    Logger,
    Progress,
    arg,
    atomic_save,
    eval_tag,
    format_seconds,
    game_config,
    parse_args,
    quick_eval,
    run_name,
)


@dataclass
class Args:
    """Self-play PPO over heroes_env.vector.VectorEnv."""
    exp_name: str = arg("selfplay_ppo", "name of this experiment (run name prefix)")
    seed: int = arg(1, "seed of the games, the tables and torch")
    total_steps: int = arg(1_000_000, "PPO learner decisions (transitions) to train on")
    max_minutes: float = arg(0.0, "end this sitting after this many minutes of wall time, "
                                  "with a resumable state (0: no limit)")
    stop_at: int = arg(0, "end this sitting after the PPO update that reaches this many PPO "
                          "steps, with a resumable state (0: no such stop): replays a sitting "
                          "that a time limit ended, at the same step; not kept by --resume")
    bc_steps: int = arg(0, "warm start: heuristic decisions to imitate before PPO (0: none)")
    bc_epochs: int = arg(2, "warm start: passes over each chunk of imitation data")
    num_envs: int = arg(128, "games played at once in the VectorEnv")
    num_players: int = arg(GAME_DEFAULTS["num_players"], "players per game")
    pack: str = arg(GAME_DEFAULTS["pack"], PACK_HELP)
    max_rounds: int = arg(GAME_DEFAULTS["max_rounds"], "round cap of a game")
    engine_threads: int = arg(1, "threads of the compiled engine and of the heuristic's batch "
                                 "calls")
    obs_dtype: str = arg("float32", "observation dtype of the env and the rollout store: "
                                    "float32 or uint8 (a quarter of the memory; same values)")
    torch_threads: int = arg(TORCH_THREADS, "torch threads (more than one spin-wait for each "
                                            "other when the cores are busy)")
    hidden: tuple[int, ...] = arg((256, 256), "widths of the policy's shared MLP trunk")
    features: tuple[str, ...] = arg((), "optional features of the policy "
                                        "(heroes_env.agents.torch_policy."
                                        "FEATURES): kinds (cards by kind), focus (the decision's "
                                        "seats), prior (the heuristic's suggestion, asked at "
                                        "every decision: residual learning); added to an "
                                        "--init-checkpoint's net too")
    prior_gain: tuple[float, ...] = arg((), "with --features prior: the starting logit bonus of "
                                            "the heuristic's suggestion for each role (lord "
                                            "loyalist rebel renegade) of a fresh net, of an "
                                            "--init-checkpoint's net the feature is added to, "
                                            "or instead of the gains of one that has it; "
                                            "learned from there (default: 0 for a new "
                                            "feature, else the checkpoint's)")
    prior_lr: float = arg(0.0, "with --features prior: the Adam learning rate of the per-role "
                               "gains, a parameter group of their own (annealed like the "
                               "rest), so that a run learns how far to trust the heuristic "
                               "in each role (0: the gains share --learning-rate)")
    learning_rate: float = arg(2.5e-4, "Adam learning rate (PPO)")
    bc_learning_rate: float = arg(1e-3, "Adam learning rate (warm start)")
    anneal_lr: bool = arg(True, "anneal the PPO learning rate linearly to 0")
    rollout_steps: int = arg(16384, "learner decisions per PPO update")
    minibatch_size: int = arg(1024, "PPO minibatch size")
    update_epochs: int = arg(3, "PPO epochs per update")
    gamma: float = arg(0.999, "discount per learner decision")
    gae_lambda: float = arg(0.95, "GAE lambda")
    clip_coef: float = arg(0.2, "PPO clip range")
    ent_coef: float = arg(0.003, "entropy bonus")
    vf_coef: float = arg(0.5, "value loss weight")
    max_grad_norm: float = arg(0.5, "gradient clipping norm")
    target_kl: float = arg(0.03, "stop an update's epochs when the approx. KL exceeds this "
                                 "(0: never)")
    p_heuristic: float = arg(0.6, "share of games against the heuristic")
    p_pool: float = arg(0.2, "share of games against a past checkpoint of the pool")
    p_random: float = arg(0.0, "share of games against uniformly random legal actions")
    learner_seats: int = arg(1, "seats of the current policy in heuristic / pool games")
    role_weights: tuple[float, ...] = arg((1.0, 1.0, 1.0, 1.0),
                                          "weight of a seat's role (lord loyalist rebel renegade) "
                                          "when the learner's seats of a heuristic / pool / random "
                                          "game are drawn (all equal: uniform seats)")
    pool_every: int = arg(10, "updates between snapshots added to the pool")
    pool_size: int = arg(5, "past checkpoints kept in the pool")
    eval_every: int = arg(10, "updates between evaluations with the tournament tool (0: never)")
    eval_games: int = arg(100, "games per evaluation and opponent kind (policy in one seat)")
    eval_opponents: tuple[str, ...] = arg(("heuristic",), "opponent kinds of the evaluations: "
                                          + ", ".join(OPPONENTS))
    save_path: str = arg("runs/selfplay.pt",
                         "checkpoint written at every eval and at the end")
    init_checkpoint: str = arg("", "start from this .pt checkpoint instead of a fresh policy")
    run_dir: str = arg("runs", "directory of the run logs")
    tensorboard: bool = arg(True, "log to TensorBoard too when it is installed")
    resume: str = arg("", "continue the run saved in this training state file")
    state_path: str = arg("", "training state written for --resume ('': <save_path>.state)")
    save_minutes: float = arg(10.0, "minutes between training states (also at every eval and "
                                    "at the end)")
    progress: bool = arg(True, "progress bar with ETA on a terminal (else ETA in the log)")
    aux_coef: float = arg(0.0, "weight of the auxiliary loss predicting the other seats' roles "
                               "(from state(); training only, 0: no role head)")
    critic: str = arg("obs", "what the value reads: obs (the value head on the observation) or "
                             "roles (the trunk's features plus the other seats' true roles from "
                             "state(): a centralised critic, training only)")
    critic_warmup: int = arg(0, "first PPO updates that train only the value (and the role "
                                "head) on detached trunk features, the policy unchanged: for "
                                "a run started from --init-checkpoint, whose critic is new")
    table_coef: float = arg(0.0, "weight of the auxiliary loss predicting the kind of table "
                                 "(heuristic / pool / self / random opponents) of the decision's "
                                 "game; training only, 0: no table head")
    critic_table: bool = arg(False, "the centralised critic (--critic roles) reads the kind of "
                                    "table too (training only)")
    kick_coef: float = arg(0.0, "kickstarting: weight of the cross-entropy between the policy "
                                "and the compiled heuristic's choice at the learner's own "
                                "decisions, added to the PPO loss (0: off)")
    kick_steps: int = arg(0, "kickstarting: the run's PPO step at which that weight has fallen "
                             "linearly to 0 (0: it stays constant)")
    kick_roles: tuple[str, ...] = arg(ROLE_NAMES, "kickstarting: the roles whose decisions get "
                                                  "the term")


STATE_FORMAT = "heroes_env.selfplay_state/1"
MIX = ("p_heuristic", "p_pool", "p_random")   # the opponent mix (may change on --resume)
CURRICULUM = MIX + ("role_weights",)          # what a league's curriculum may change on --resume
# what may differ from the saved arguments when a run is resumed (the rest must not)
RESUME_OVERRIDES = ("total_steps", "max_minutes", "stop_at", "eval_every", "eval_games",
                    "eval_opponents", "save_path",
                    "state_path", "save_minutes", "run_dir", "tensorboard", "engine_threads",
                    "torch_threads", "progress", "resume", "kick_coef", "kick_steps",
                    "kick_roles", "table_coef", "critic_table") + CURRICULUM


LEARNER, HEURISTIC, RANDOM = -1, 0, -2   # ctrl codes; k >= 1: pool member k - 1
MAX_SEATS = 10                      # heroes_env.engine.constants.MAX_SEATS (checked in main)
ROLE_CLASSES = 4                    # lord, loyalist, rebel, renegade (identity mode)
CRITICS = ("obs", "roles")          # --critic
CRITIC_HIDDEN = 256                 # width of the centralised critic's hidden layer
TIMING = ("forward", "prior", "opponents", "engine", "update")   # where the time goes (_train)
TABLE_KINDS = 4                     # WinStats.KINDS: heuristic, pool, self, random (-1: unknown)


def curriculum_of(args) -> dict:
    """This sitting's opponent mix and role weights (a list), as the training state records them."""
    return {k: list(v) if isinstance(v := getattr(args, k), tuple) else v for k in CURRICULUM}


def check_mix(args):
    """The opponent shares are probabilities whose sum is at most 1 (the rest: self-play); the
    role weights are one per role, not negative, not all 0."""
    w = args.role_weights
    if len(w) != ROLE_CLASSES or min(w) < 0 or max(w) <= 0:
        raise SystemExit(f"--role-weights {' '.join(f'{x:g}' for x in w)}: give {ROLE_CLASSES} "
                         f"weights (lord loyalist rebel renegade), none negative and not all 0, "
                         f"e.g. --role-weights 1 2 1 1")
    vals = {k: getattr(args, k) for k in MIX}
    bad = [f"--{k.replace('_', '-')} {v}" for k, v in vals.items() if not 0.0 <= v <= 1.0]
    if bad or sum(vals.values()) > 1.0 + 1e-9:
        raise SystemExit(f"opponent mix {', '.join(bad) or vals}: each share must lie in [0, 1] "
                         f"and {' + '.join('--' + k.replace('_', '-') for k in MIX)} at most 1 "
                         f"(now {sum(vals.values()):g}; the rest is pure self-play)")


def sample_actions(logits):
    """One action per row drawn from the softmax of the (masked) logits, and its
    log-probability: the Gumbel-max draw (the argmax of the logits plus Gumbel noise), without a
    distribution object per call."""
    import torch

    noise = -torch.log(-torch.log(torch.rand_like(logits)))
    actions = (logits + noise).argmax(-1)
    logp = torch.log_softmax(logits, -1).gather(1, actions[:, None]).squeeze(1)
    return actions, logp


def random_actions(mask, rng):
    """One uniformly random legal action per row of a boolean mask [m, A] (agents.random's
    policy), drawn from the run's generator."""
    counts = mask.sum(1)
    k = np.minimum((rng.random(len(mask)) * counts).astype(np.int64), counts - 1)
    return (np.cumsum(mask, 1) > k[:, None]).argmax(1)


def role_targets(S, seats, n, C):
    """The auxiliary head's targets: for each decision (state row S[j], deciding seat seats[j]),
    the role of the seat r places after it at the table, r = 1..n-1 (relative seats as in the
    observation, 迁都's seating included); -1 (ignored) for r = 0 and r >= n."""
    S = np.asarray(S)
    m = len(seats)
    out = np.full((m, MAX_SEATS), -1, np.int8)
    if m == 0:
        return out
    rows = np.arange(m)
    pos = S[rows, C.P_POS + np.asarray(seats)]
    for r in range(1, n):
        seat = S[rows, C.P_AT + (pos + r) % n]
        out[:, r] = S[rows, C.P_ROLE + seat]
    return out


def roles_shown(obs, C):
    """[B, MAX_SEATS] bool: the relative seats whose role the viewer sees (observations [B, *],
    float32 or uint8: only zero or not is read)."""
    import torch
    cells = [C.OBS_SEATS + r * C.SEAT_OBS + C.OS_ROLE for r in range(MAX_SEATS)]
    return torch.stack([(obs[:, c:c + C.NUM_ROLES] != 0).any(1) for c in cells], 1)


def role_loss(head, h, targets, shown):
    """(cross-entropy of the role head over the other seats, accuracy on the roles the viewer
    cannot see) for trunk features h [B, W], role_targets [B, MAX_SEATS] and the seats whose
    role the viewer sees (roles_shown)."""
    import torch
    logits = head(h).view(-1, MAX_SEATS, ROLE_CLASSES)
    t = targets.long()
    known = t >= 0
    ce = torch.nn.functional.cross_entropy(logits[known], t[known])
    with torch.no_grad():
        hidden = known & ~shown
        hit = (logits.argmax(-1) == t) & hidden
        acc = hit.sum().float() / hidden.sum().clamp(min=1).float()
    return ce, acc


def build_critic(width: int, table: bool = False):
    """The centralised critic (``--critic roles``): trunk features [B, width] and the other
    seats' roles one-hot [B, MAX_SEATS * ROLE_CLASSES] (with ``table``: then the kind of table
    one-hot [B, TABLE_KINDS]) in, the value [B, 1] out."""
    import torch
    nn = torch.nn
    inputs = width + MAX_SEATS * ROLE_CLASSES + (TABLE_KINDS if table else 0)
    net = nn.Sequential(nn.Linear(inputs, CRITIC_HIDDEN), nn.ReLU(),
                        nn.Linear(CRITIC_HIDDEN, 1))
    nn.init.orthogonal_(net[0].weight, 2 ** 0.5)
    nn.init.zeros_(net[0].bias)
    nn.init.orthogonal_(net[2].weight, 1.0)
    nn.init.zeros_(net[2].bias)
    return net


def _onehot(t, classes):
    """One-hot [..., classes] of integer codes; -1 (unknown): all zeros."""
    import torch
    t = t.long()
    return torch.nn.functional.one_hot(t.clamp(min=0), classes).float() \
        * (t >= 0).unsqueeze(-1).float()


def critic_value(critic, h, roles, tables=None):
    """The centralised critic's value [B] from trunk features h [B, W] and role_targets
    [B, MAX_SEATS] (a role per relative seat; -1, the viewer itself and empty seats: no input),
    plus the kind of table [B] (``tables``; -1: unknown) for a critic built with ``table``."""
    import torch
    parts = [h, _onehot(roles, ROLE_CLASSES).flatten(1)]
    if tables is not None:
        parts.append(_onehot(tables, TABLE_KINDS))
    return critic(torch.cat(parts, 1)).squeeze(-1)


def pad_inputs(critic, opt_state: dict) -> None:
    """Widen, in place, the Adam moments of the critic's first layer saved before its table
    inputs existed (--critic-table added on resume) with zero columns for those inputs."""
    import torch
    w = critic[0].weight
    for k, v in opt_state.items():
        if torch.is_tensor(v) and v.dim() == 2 and v.shape[1] < w.shape[1]:
            opt_state[k] = torch.cat([v, v.new_zeros(v.shape[0], w.shape[1] - v.shape[1])], 1)


def load_critic(critic, saved: dict, opt_state: dict | None = None):
    """Load a saved critic's weights into ``critic``; one saved without the table inputs (the
    run resumed with --critic-table) gets zero weights for them, so it gives the same values.
    ``opt_state`` (that param's Adam state, if any) is padded with zeros the same way."""
    w = saved["0.weight"]
    extra = critic[0].weight.shape[1] - w.shape[1]
    if extra not in (0, TABLE_KINDS):
        raise SystemExit(f"the saved critic reads {w.shape[1]} inputs, this one "
                         f"{critic[0].weight.shape[1]}: not the same network")
    if extra:
        saved = dict(saved, **{"0.weight": w.new_zeros(critic[0].weight.shape)})
        saved["0.weight"][:, :w.shape[1]] = w
        pad_inputs(critic, opt_state or {})
    critic.load_state_dict(saved)


def table_loss(head, h, kinds):
    """(cross-entropy, accuracy) of the table head over decisions whose table is known."""
    import torch
    t = kinds.long()
    known = t >= 0
    if not bool(known.any()):
        z = h.sum() * 0.0
        return z, z.detach()
    logits = head(h[known])
    ce = torch.nn.functional.cross_entropy(logits, t[known])
    with torch.no_grad():
        acc = (logits.argmax(-1) == t[known]).float().mean()
    return ce, acc


def gae(val, rew, done, nxt, valid, gamma, lam):
    """Advantages and returns along each trajectory (indices increase with time; nxt[j] is the
    trajectory's next decision, -1 at its end (done) or where it is still running)."""
    n = len(val)
    adv = np.zeros(n, np.float32)
    for j in range(n - 1, -1, -1):
        if not valid[j]:
            continue
        if done[j]:
            adv[j] = rew[j] - val[j]
        else:
            k = nxt[j]
            adv[j] = gamma * val[k] - val[j] + gamma * lam * adv[k]
    return adv, adv + val


def finished(done, nxt):
    """Whether each decision's trajectory has reached its end within the store."""
    fin = done.copy()
    for j in range(len(done) - 1, -1, -1):
        if nxt[j] >= 0:
            fin[j] = fin[nxt[j]]
    return fin


try:                                    # the loops over a rollout, compiled when numba is there
    from numba import njit
    gae = njit(cache=False)(gae)
    finished = njit(cache=False)(finished)
except ImportError:                     # pragma: no cover
    pass


class Store:
    """Learner decisions of one rollout (plus those carried over from the last one)."""

    def __init__(self, cap, obs_size, num_actions, obs_dtype=np.float32):
        self.obs = np.zeros((cap, obs_size), obs_dtype)   # uint8: PolicyNet decodes it
        self.mask = np.zeros((cap, num_actions), np.bool_)
        self.act = np.zeros(cap, np.int64)
        self.logp = np.zeros(cap, np.float32)
        self.val = np.zeros(cap, np.float32)
        self.rew = np.zeros(cap, np.float32)
        self.done = np.zeros(cap, np.bool_)
        self.nxt = np.full(cap, -1, np.int64)
        self.roles = np.full((cap, MAX_SEATS), -1, np.int8)   # role_targets (aux head)
        self.teach = np.full(cap, -1, np.int64)     # the kickstarting teacher's action (-1: none)
        self.prior = np.full(cap, -1, np.int64)     # the heuristic's suggestion (--features prior)
        self.table = np.full(cap, -1, np.int8)      # the kind of table (WinStats.KINDS; -1: none)
        self.k = 0
        self.open: dict[tuple[int, int], int] = {}     # (row, seat) -> its last decision

    def add(self, rows, seats, obs, mask, act, logp, val, roles=None, teach=None, table=None,
            prior=None):
        m = len(rows)
        a, b = self.k, self.k + m
        self.obs[a:b], self.mask[a:b], self.act[a:b] = obs, mask, act
        self.roles[a:b] = -1 if roles is None else roles
        self.teach[a:b] = -1 if teach is None else teach
        self.table[a:b] = -1 if table is None else table
        self.prior[a:b] = -1 if prior is None else prior
        self.logp[a:b], self.val[a:b] = logp, val
        self.rew[a:b], self.done[a:b], self.nxt[a:b] = 0.0, False, -1
        for j, (i, s) in enumerate(zip(rows.tolist(), seats.tolist(), strict=True)):
            last = self.open.get((i, s))
            if last is not None:
                self.nxt[last] = a + j
            self.open[(i, s)] = a + j
        self.k = b

    def end(self, row, seat, reward):
        j = self.open.pop((row, seat), None)
        if j is not None:
            self.done[j] = True
            self.rew[j] = reward

    def valid(self):
        v = np.ones(self.k, np.bool_)
        v[list(self.open.values())] = False
        return v

    ARRAYS = ("obs", "mask", "act", "logp", "val", "rew", "done", "nxt", "roles", "teach",
              "table", "prior")

    def state(self) -> dict:
        """The filled part (between updates: the carried decisions) and the open trajectories."""
        return {"k": self.k, "open": dict(self.open),
                **{a: getattr(self, a)[:self.k].copy() for a in self.ARRAYS}}

    def load_state(self, d: dict) -> None:
        k = d["k"]
        for a in self.ARRAYS:
            # a state written before kickstarting (the table kinds, the prior) existed: -1
            getattr(self, a)[:k] = d[a] if a in d else -1
        self.k, self.open = k, dict(d["open"])

    def carry(self):
        """Move the still-running trajectories' last decisions to the front; drop the rest."""
        keys = list(self.open)
        idx = np.array([self.open[k] for k in keys], np.int64)
        m = len(idx)
        for arr in (self.obs, self.mask, self.act, self.logp, self.val, self.roles, self.teach,
                    self.table, self.prior):
            arr[:m] = arr[idx]
        self.rew[:m], self.done[:m], self.nxt[:m] = 0.0, False, -1
        self.open = {k: j for j, k in enumerate(keys)}
        self.k = m


class Tables:
    """Who controls each seat of each game (ctrl codes), drawn when a game starts."""

    def __init__(self, args, B, n, rng):
        self.args, self.B, self.n, self.rng = args, B, n, rng
        self.ctrl = np.full((B, n), LEARNER, np.int64)
        self.kind = np.zeros(B, np.int64)        # WinStats.KINDS: 0 heuristic, 1 pool, 2 self,
        #                                          3 random
        self.role = np.full((B, n), -1, np.int64)

    def draw(self, rows, pool_len, roles):
        """New controllers for the games in rows; roles[i]: game i's roles by seat."""
        a = self.args
        for i in np.asarray(rows).tolist():
            u = self.rng.random()
            self.role[i] = -1
            if u < a.p_heuristic:
                kind, code = 0, HEURISTIC
            elif u < a.p_heuristic + a.p_pool and pool_len:
                kind, code = 1, 1 + int(self.rng.integers(pool_len))
            elif a.p_heuristic + a.p_pool <= u < a.p_heuristic + a.p_pool + a.p_random:
                kind, code = 3, RANDOM
            else:
                self.kind[i] = 2
                self.ctrl[i] = LEARNER
                continue
            self.kind[i] = kind
            self.ctrl[i] = code
            self.ctrl[i, self.learner_seats(roles[i])] = LEARNER

    def learner_seats(self, roles):
        """The learner's seats of one game: uniform, or by the weights of the seats' roles
        (``role_weights``; the roles of a game that has just been dealt, by seat)."""
        a, k = self.args, min(self.args.learner_seats, self.n)
        if len(set(a.role_weights)) == 1:
            return self.rng.choice(self.n, size=k, replace=False)
        w = np.array([a.role_weights[r] if 0 <= r < len(a.role_weights) else 0.0
                      for r in np.asarray(roles[:self.n]).tolist()])
        if np.count_nonzero(w) < k:                 # too few weighted seats: uniform
            return self.rng.choice(self.n, size=k, replace=False)
        return self.rng.choice(self.n, size=k, replace=False, p=w / w.sum())


class WinStats:
    """Learner results per opponent kind and role since the last log."""
    KINDS = ("heuristic", "pool", "self", "random")

    def __init__(self):
        self.clear()

    def clear(self):
        self.w = np.zeros((len(self.KINDS), 4))
        self.g = np.zeros((len(self.KINDS), 4))

    def load(self, saved):
        """Counts from a training state (one written before the random kind has fewer rows)."""
        w, g = saved
        self.clear()
        self.w[:len(w)], self.g[:len(g)] = w, g

    def add(self, kind, role, reward):
        if role >= 0:
            self.g[kind, role] += 1
            self.w[kind, role] += reward > 0

    def log(self, logger, step):
        for k, name in enumerate(self.KINDS):
            if self.g[k].sum():
                logger.scalar(f"charts/win_vs_{name}", self.w[k].sum() / self.g[k].sum(), step)
                for r, role in enumerate(ROLE_NAMES):
                    if self.g[k, r]:
                        logger.scalar(f"charts/win_vs_{name}_{role}", self.w[k, r] / self.g[k, r],
                                      step)
        self.clear()


def env_state(venv) -> dict:
    """The games in progress of a VectorEnv: every array of its batch core (state rows, frames,
    seeds, buffers) and its seed scalars."""
    core = venv.core
    d = {k: v.copy() for k, v in vars(core).items() if isinstance(v, np.ndarray)}
    d.update({k: getattr(core, k) for k in ("base", "agent_seed", "want_random", "started")})
    return d


def load_env_state(venv, d: dict):
    """Put the games of env_state(...) back into a VectorEnv of the same shape; returns the
    current VectorStep (the decisions pending when the state was taken)."""
    core = venv.core
    for k, v in d.items():
        cur = getattr(core, k, None)
        if isinstance(cur, np.ndarray):
            if cur.shape != v.shape or cur.dtype != v.dtype:
                raise ValueError(f"saved games do not fit this VectorEnv: {k} is {v.shape} "
                                 f"{v.dtype}, the env's {cur.shape} {cur.dtype}")
            cur[...] = v                        # in place: the env's views stay valid
        else:
            setattr(core, k, v)
    return venv._result()


def given_fields(argv) -> set[str]:
    """The Args fields named on a command line (--total-steps 5 -> total_steps)."""
    names = {f.name for f in fields(Args)}
    out = set()
    for tok in argv:
        if not tok.startswith("--"):
            continue
        name = tok[2:].split("=", 1)[0].replace("-", "_")
        if name not in names and name.startswith("no_") and name[3:] in names:
            name = name[3:]
        if name in names:
            out.add(name)
    return out


def resumed_args(saved: dict, args: Args, argv) -> Args:
    """The saved run's arguments with the overrides given now (RESUME_OVERRIDES only)."""
    given = given_fields(argv)
    values = dict(saved)
    bad = []
    for name in sorted(given):
        new = getattr(args, name)
        old = values.get(name)
        if isinstance(old, list):
            old = tuple(old)
        if name in RESUME_OVERRIDES:
            values[name] = new
        elif new != old:
            bad.append(f"--{name.replace('_', '-')} {new!r} (saved: {old!r})")
    if bad:
        raise SystemExit(f"--resume continues a run with its own arguments; these cannot "
                         f"change: {', '.join(bad)}. Those that can: "
                         + ", ".join("--" + k.replace("_", "-") for k in RESUME_OVERRIDES))
    values["resume"] = args.resume
    values["stop_at"] = args.stop_at   # a stop holds for its own sitting only
    known = {f.name for f in fields(Args)}
    out = Args(**{k: (tuple(v) if isinstance(v, list) else v) for k, v in values.items()
                  if k in known})
    return out


def load_state(path: str) -> dict:
    import torch
    try:
        state = torch.load(path, map_location="cpu", weights_only=False)
    except Exception as e:  # noqa: BLE001 - any unreadable file is a bad --resume
        raise SystemExit(f"cannot read training state {path!r}: {e}") from e
    if not isinstance(state, dict) or state.get("format") != STATE_FORMAT:
        raise SystemExit(f"{path!r} is not a {STATE_FORMAT} training state (written by "
                         f"training/selfplay_ppo.py next to its checkpoint, <save_path>.state)")
    return migrate_state(state, path)


def migrate_state(state: dict, what: str) -> dict:
    """A training state saved for an older observation layout (heroes_env/obs_layouts.py),
    made today's in place: the net and the pool's snapshots migrated as checkpoints are (zero
    weight columns at the inserted cells), the Adam moments of the net's first layers widened
    the same way, and the observations stored or pending widened with zeros at those cells."""
    import torch

    from heroes_env.agents.base import AgentSpecError
    from heroes_env.agents.torch_policy import first_layers, input_columns, migrate_policy
    from heroes_env.obs_layouts import LAYOUT_SIZES, layout_of_size, widen_columns, widen_obs
    arch = state["net"]["arch"]
    try:
        found = input_columns(arch, f"training state {what!r}")
        if found is None:
            return state
        version = layout_of_size(arch["obs_size"])
        cols, width = found
        old = {tuple(state["net"]["state_dict"][k].shape) for k in first_layers(arch)
               if k in state["net"]["state_dict"]}
        if state.get("pool"):
            state["pool"] = [migrate_policy(arch, sd, what)[1] for sd in state["pool"]]
        arch, state["net"]["state_dict"] = migrate_policy(arch, state["net"]["state_dict"], what)
    except AgentSpecError as e:
        raise SystemExit(str(e)) from e
    state["net"]["arch"] = arch
    for moments in (state.get("opt") or {}).get("state", {}).values():
        for k, v in moments.items():
            if torch.is_tensor(v) and v.dim() == 2 and tuple(v.shape) in old:
                moments[k] = widen_columns(v, cols, width)
    for part in ("store", "venv"):
        arrays = state.get(part) or {}
        for k, v in arrays.items():
            if isinstance(v, np.ndarray) and v.ndim == 2 and v.shape[1] == LAYOUT_SIZES[version]:
                arrays[k] = widen_obs(v, version)
    return state


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parse_args(Args, argv)
    if args.critic not in CRITICS:
        raise SystemExit(f"--critic {args.critic!r}: choose one of {', '.join(CRITICS)}")
    from heroes_env.agents.torch_policy import FEATURES
    if set(args.features) - set(FEATURES) or len(set(args.features)) != len(args.features):
        raise SystemExit(f"--features {' '.join(args.features)}: each at most once, from "
                         f"{', '.join(FEATURES)}")
    if args.prior_gain and (len(args.prior_gain) != 4 or "prior" not in args.features):
        raise SystemExit(f"--prior-gain {' '.join(map(str, args.prior_gain))}: give 4 numbers "
                         f"(lord loyalist rebel renegade), with --features ... prior")
    if args.prior_lr < 0 or (args.prior_lr > 0 and "prior" not in args.features):
        raise SystemExit(f"--prior-lr {args.prior_lr}: give a learning rate, 0 or more, with "
                         f"--features ... prior (0: the gains share --learning-rate)")
    if "prior" in args.features and args.bc_steps > 0:
        raise SystemExit("--features prior with --bc-steps: imitating the heuristic while the "
                         "net reads its choice teaches nothing but the gain; start from "
                         "--init-checkpoint (or a fresh net) without --bc-steps")
    state = None
    if args.resume:
        # only trust state files you wrote: they are pickles (games, generators, optimisers)
        state = load_state(args.resume)
        args = resumed_args(state["args"], args, argv)
    check_mix(args)
    if (not args.eval_opponents or set(args.eval_opponents) - set(OPPONENTS)
            or len(set(args.eval_opponents)) != len(args.eval_opponents)):
        raise SystemExit(f"--eval-opponents {' '.join(args.eval_opponents)}: give one or more "
                         f"of {', '.join(OPPONENTS)}, each once")
    if not args.kick_roles or set(args.kick_roles) - set(ROLE_NAMES):
        raise SystemExit(f"--kick-roles {' '.join(args.kick_roles)}: give one or more of "
                         f"{', '.join(ROLE_NAMES)}")
    if args.kick_coef < 0 or args.kick_steps < 0:
        raise SystemExit(f"--kick-coef {args.kick_coef} --kick-steps {args.kick_steps}: give "
                         f"numbers 0 or more (--kick-coef 0: no kickstarting; --kick-steps 0: "
                         f"the weight stays --kick-coef)")
    if args.table_coef < 0:
        raise SystemExit(f"--table-coef {args.table_coef}: give a weight, 0 or more (0: no table "
                         f"head)")
    if args.critic_table and args.critic != "roles":
        raise SystemExit(f"--critic-table needs the centralised critic (--critic roles); this run "
                         f"has --critic {args.critic}")
    if args.stop_at < 0:
        raise SystemExit(f"--stop-at {args.stop_at}: give a number of PPO steps, 0 or more "
                         f"(0: no such stop)")
    if args.critic_warmup < 0:
        raise SystemExit(f"--critic-warmup {args.critic_warmup}: give a number of PPO updates, "
                         f"0 or more (0: none)")
    state_path = args.state_path or (args.save_path + ".state" if args.save_path else "")
    sitting_t0 = time.time()
    limit_s = 60 * args.max_minutes

    stop_asked = []                        # SIGINT / SIGTERM: stop at the end of the update

    def ask_stop(signum, frame):
        if stop_asked:                     # the second time: stop now, without a state
            raise KeyboardInterrupt
        stop_asked.append(signum)
        print(f"\nsignal {signum}: stopping after this update with a training state "
              f"(again to stop at once)", file=sys.stderr, flush=True)

    def out_of_time():
        return bool(stop_asked) or (limit_s > 0 and time.time() - sitting_t0 >= limit_s)

    import signal
    import threading
    if threading.current_thread() is threading.main_thread():
        old_handlers = {sig: signal.signal(sig, ask_stop) for sig in (signal.SIGINT,
                                                                    signal.SIGTERM)}
    else:                                  # pragma: no cover - signals need the main thread
        old_handlers = {}
    try:
        return _train(args, argv, state, state_path, sitting_t0, limit_s, out_of_time)
    finally:
        for sig, h in old_handlers.items():
            signal.signal(sig, h)


def _train(args, argv, state, state_path, sitting_t0, limit_s, out_of_time):
    import torch

    from heroes_env.agents.heuristic import HeuristicAgent
    from heroes_env.agents.torch_policy import (
        SparseObservations,
        build_net,
        card_kinds,
        extend_net,
        load_checkpoint,
        net_from_arch,
        save_checkpoint,
        set_prior_gains,
    )
    from heroes_env.engine import constants as C
    from heroes_env.vector import VectorEnv

    torch.set_num_threads(args.torch_threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    prior = state["seconds"] if state else {"wall": 0.0, "bc": 0.0, "ppo": 0.0}
    run = state["run"] if state else run_name(f"sanguosha_{args.pack}{args.num_players}",
                                              args.exp_name, args.seed)
    logger = Logger(os.path.join(args.run_dir, run), args, args.tensorboard,
                    time_offset=prior["wall"])
    print(f"run {run}: logging to {logger.run_dir} ({logger.backend})"
          + (f"; resumed from {args.resume} ({state['phase']}, "
             f"{state['counters']['global_step']} PPO steps, "
             f"{format_seconds(prior['wall'])} so far)" if state else ""), flush=True)
    if args.save_path:
        os.makedirs(os.path.dirname(os.path.abspath(args.save_path)), exist_ok=True)

    if state:
        net = net_from_arch(state["net"]["arch"])
        net.load_state_dict(state["net"]["state_dict"])
    elif args.init_checkpoint:
        net, _ = load_checkpoint(args.init_checkpoint)
        if set(args.features) - set(net.features):
            net = extend_net(net, args.features, card_kinds(game_config(args).deck))
        if args.prior_gain:                # a new feature's gains, or the checkpoint's replaced
            set_prior_gains(net, args.prior_gain)
    else:
        net = build_net(args.hidden, features=args.features,
                        card_kinds=card_kinds(game_config(args).deck),
                        prior_gain=args.prior_gain or None)
    # residual learning (--features prior): the heuristic's choice at each of the net's decisions
    suggests = "prior" in net.features
    net.train()
    if C.MAX_SEATS != MAX_SEATS:          # pragma: no cover - the constant above is stale
        raise RuntimeError(f"MAX_SEATS here {MAX_SEATS}, engine {C.MAX_SEATS}")
    width = net.arch["hidden"][-1] if net.arch["hidden"] else C.OBS_SIZE
    role_head = None                       # auxiliary: the other seats' roles (training only)
    if args.aux_coef > 0:
        role_head = torch.nn.Linear(width, MAX_SEATS * ROLE_CLASSES)
        if state:
            role_head.load_state_dict(state["role_head"])
    critic = None                          # centralised critic: trunk + true roles (training only)
    if args.critic == "roles":
        critic = build_critic(width, args.critic_table)
    table_head = None                      # auxiliary: the kind of table (training only)
    if args.table_coef > 0:
        table_head = torch.nn.Linear(width, TABLE_KINDS)
        if state and state.get("table_head") is not None:
            table_head.load_state_dict(state["table_head"])
    # --prior-lr: the per-role gains are a group of their own with their own rate (it is
    # fixed for a run: a resumed run keeps the saved groups)
    gain_params = [net.prior_gain] if args.prior_lr > 0 else []
    params = [p for p in net.parameters() if not any(p is g for g in gain_params)]
    for extra in (role_head, critic):
        if extra is not None:
            params += list(extra.parameters())
    # the table head is the optimiser's last group, so that a run resumed with it added can
    # load the saved optimiser's other groups unchanged
    table_params = [] if table_head is None else list(table_head.parameters())
    table_saved = bool(state and state.get("table_head") is not None)

    def make_optimizer(lr):
        """Adam over the groups; each remembers its base rate ("base_lr", the one annealed)."""
        groups = [{"params": params, "base_lr": lr}]
        if gain_params:
            groups.append({"params": gain_params, "base_lr": args.prior_lr,
                           "lr": args.prior_lr})
        if table_params:
            groups.append({"params": table_params, "base_lr": lr})
        return torch.optim.Adam(groups, lr=lr, eps=1e-5)

    def load_optimizer(opt, saved):
        """The saved optimiser's state into opt (a head or critic inputs added on resume start
        with empty or zero moments)."""
        if table_params and not table_saved:
            table_group = opt.param_groups.pop()
            opt.load_state_dict(saved)
            opt.add_param_group(table_group)
        else:
            opt.load_state_dict(saved)
        if critic is not None:
            pad_inputs(critic, opt.state.get(critic[0].weight, {}))

    if critic is not None and state:
        load_critic(critic, state["critic"])
    all_params = params + gain_params + table_params
    B, n = args.num_envs, args.num_players

    def dealt_roles():
        """Every game's roles by seat, as dealt (the state rows; the learner's seats are drawn
        from them)."""
        return venv.core.S[:, C.P_ROLE:C.P_ROLE + n]

    def targets(rows, seats):
        if role_head is None and critic is None:
            return None
        return role_targets(venv.core.S[rows], seats, n, C)

    kick_roles = np.array([r in args.kick_roles for r in ROLE_NAMES])

    def kick_weight(step):
        """The kickstarting loss's weight at a PPO step (linear to 0 at kick_steps)."""
        if args.kick_coef <= 0 or args.kick_steps <= 0:
            return args.kick_coef
        return args.kick_coef * max(0.0, 1.0 - step / args.kick_steps)

    def value(v, h, roles, tables=None):
        """The value PPO and the imitation train: the net's head, or the centralised critic's."""
        if critic is None:
            return v
        if not args.critic_table:
            tables = None
        elif tables is None:               # the warm start: no table kinds
            tables = torch.full((h.shape[0],), -1, dtype=torch.int8)
        return critic_value(critic, h, roles, tables)

    venv = VectorEnv(B, config=game_config(args), num_threads=args.engine_threads,
                     obs_dtype=args.obs_dtype)
    heur = HeuristicAgent(seed=args.seed, num_threads=args.engine_threads)
    meta = state["meta"] if state else {
        "args": {k: (list(v) if isinstance(v, tuple) else v) for k, v in vars(args).items()},
        "run": run}
    meta["args"] = {k: (list(v) if isinstance(v, tuple) else v) for k, v in vars(args).items()}
    ctr = dict(state["counters"]) if state else {"bc_done": 0, "bc_updates": 0, "global_step": 0,
                                                 "decisions": 0, "update": 0}
    sittings = list(state["sittings"]) if state else []

    def seconds():
        return {"wall": prior["wall"] + time.time() - sitting_t0, "bc": bc_seconds(),
                "ppo": ppo_seconds()}

    def save(extra):
        if args.save_path:
            meta.update(extra)
            atomic_save(args.save_path, lambda p: save_checkpoint(p, net, meta))

    def save_state(phase, opt, st, extra=None):
        """The whole training state (see the module docstring), written atomically."""
        if not state_path:
            return
        try:
            heur_bytes = pickle.dumps(heur)
        except Exception as e:  # noqa: BLE001 - a heuristic without pickling: a fresh memory
            heur_bytes = None
            if not warned:
                warned.append(True)
                print(f"warning: the heuristic cannot be pickled ({e}); a resumed run gives it "
                      f"a fresh memory of the games in progress, so it is not exactly the same "
                      f"as an uninterrupted one", file=sys.stderr, flush=True)
        sec = seconds()
        d = {"format": STATE_FORMAT, "phase": phase, "run": run,
             "args": {k: (list(v) if isinstance(v, tuple) else v) for k, v in vars(args).items()},
             "net": {"arch": dict(net.arch),
                     "state_dict": {k: v.detach().clone() for k, v in net.state_dict().items()}},
             "opt": opt.state_dict() if opt is not None else None,
             "store": st.state() if st is not None else None,
             "counters": dict(ctr), "seconds": sec, "timing": dict(timing), "meta": dict(meta),
             "sittings": sittings + [{"seconds": round(time.time() - sitting_t0, 1),
                                      "global_step": ctr["global_step"],
                                      "bc_done": ctr["bc_done"],
                                      "mix": curriculum_of(args)}],
             "venv": env_state(venv), "heuristic": heur_bytes,
             "role_head": None if role_head is None else {
                 k: v.detach().clone() for k, v in role_head.state_dict().items()},
             "critic": None if critic is None else {
                 k: v.detach().clone() for k, v in critic.state_dict().items()},
             "table_head": None if table_head is None else {
                 k: v.detach().clone() for k, v in table_head.state_dict().items()},
             "rng": rng.bit_generator.state, "torch_rng": torch.get_rng_state()}
        d.update(extra or {})
        atomic_save(state_path, lambda p: torch.save(d, p))
        nonlocal last_state_save
        last_state_save = time.time()

    last_state_save = time.time()
    warned = []

    def state_due():
        return args.save_minutes > 0 and time.time() - last_state_save >= 60 * args.save_minutes

    # where the wall time goes (seconds, counted on across sittings; logged as time/<key>):
    # the learner's forward and sampling, the heuristic asked for its prior or kickstarting,
    # the opponents' choices, the engine, the PPO update (the rest: glue and evaluations)
    timing = dict.fromkeys(TIMING, 0.0)
    if state:
        timing.update((key, val) for key, val in state["timing"].items() if key in timing)
    phase = state["phase"] if state else ("bc" if args.bc_steps > 0 else "ppo")
    bc_t0 = time.time() - prior["bc"]
    ppo_t0 = [None]                        # set when PPO starts (evaluations are left out)

    bc_total = [prior["bc"]]               # imitation seconds once the warm start is over

    def bc_seconds():
        return time.time() - bc_t0 if phase == "bc" else bc_total[0]

    def ppo_seconds():
        return time.time() - ppo_t0[0] if ppo_t0[0] is not None else prior["ppo"]

    cap = args.rollout_steps + B * n + B

    # ---------------------------------------------------------------- warm start (imitation)
    if phase == "bc":
        opt = make_optimizer(args.bc_learning_rate)
        st = Store(cap, C.OBS_SIZE, C.NUM_ACTIONS, venv.obs_dtype)
        if state:
            load_optimizer(opt, state["opt"])
            st.load_state(state["store"])
            r = load_env_state(venv, state["venv"])
            if state["heuristic"] is not None:
                heur = pickle.loads(state["heuristic"])
                heur.num_threads = args.engine_threads
            rng.bit_generator.state = state["rng"]
            torch.set_rng_state(state["torch_rng"])
        else:
            r = venv.reset(seed=args.seed + 10_000_019)
        bar = Progress(args.bc_steps, ctr["bc_done"], "imitation", "decision", args.progress,
                       limit_s - (time.time() - sitting_t0) if limit_s > 0 else 0.0)
        stopped = False
        while ctr["bc_done"] < args.bc_steps:
            seats = np.asarray(r.seat)
            rows = np.arange(B)
            obs, mask = np.array(r.obs), np.asarray(r.mask) != 0
            act = heur.act_batch(obs, mask, slots=rows * C.MAX_SEATS + seats)
            st.add(rows, seats, obs, mask, act, np.zeros(B), np.zeros(B), targets(rows, seats))
            r = venv.step(act)
            ended = np.flatnonzero(np.asarray(r.terminated) | np.asarray(r.truncated))
            for i in ended.tolist():
                for s in range(n):
                    st.end(i, s, float(r.rewards[i, s]))
                heur.reset(slots=[i * C.MAX_SEATS + s for s in range(n)])
            if st.k >= args.rollout_steps:
                valid = st.valid()
                # value target: the game's outcome discounted along the trajectory
                _, ret = gae(st.val[:st.k], st.rew[:st.k], st.done[:st.k], st.nxt[:st.k], valid,
                             args.gamma, 1.0)
                idx = np.flatnonzero(valid)
                fin = torch.as_tensor(finished(st.done[:st.k], st.nxt[:st.k])[idx])
                ob = torch.as_tensor(st.obs[idx])
                mk = torch.as_tensor(st.mask[idx])
                ac = torch.as_tensor(st.act[idx])
                rt = torch.as_tensor(ret[idx])
                rl = torch.as_tensor(st.roles[idx])
                frac = min(1.0, ctr["bc_done"] / args.bc_steps)
                for g in opt.param_groups:
                    g["lr"] = args.bc_learning_rate * (1.0 - 0.9 * frac)
                stats, aux_stats = [], []
                for _ in range(args.bc_epochs):
                    perm = torch.randperm(len(idx))
                    for a in range(0, len(idx), args.minibatch_size):
                        mb = perm[a:a + args.minibatch_size]
                        logits, v, h = net(ob[mb], mk[mb], features=True)
                        v = value(v, h, rl[mb])
                        ce = torch.nn.functional.cross_entropy(logits, ac[mb])
                        fm = fin[mb].float()      # outcome known: the game has ended
                        vl = 0.5 * (((v - rt[mb]) ** 2) * fm).sum() / fm.sum().clamp(min=1.0)
                        loss = ce + args.vf_coef * vl
                        if role_head is not None:
                            rce, racc = role_loss(role_head, h, rl[mb], roles_shown(ob[mb], C))
                            loss = loss + args.aux_coef * rce
                            aux_stats.append((rce.item(), racc.item()))
                        opt.zero_grad()
                        loss.backward()
                        torch.nn.utils.clip_grad_norm_(all_params, args.max_grad_norm)
                        opt.step()
                        with torch.no_grad():
                            accm = (logits.argmax(1) == ac[mb]).float().mean()
                        stats.append((ce.item(), vl.item(), accm.item()))
                ctr["bc_done"] += len(idx)
                ctr["bc_updates"] += 1
                bc_done = ctr["bc_done"]
                ce_, vl_, acc_ = np.mean(stats, axis=0)
                sps = bc_done / max(bc_seconds(), 1e-9)
                logger.scalar("bc/cross_entropy", ce_, bc_done)
                logger.scalar("bc/value_loss", vl_, bc_done)
                logger.scalar("bc/accuracy", acc_, bc_done)
                logger.scalar("bc/sps", sps, bc_done)
                if aux_stats:
                    rce_, racc_ = np.mean(aux_stats, axis=0)
                    logger.scalar("aux/role_ce", rce_, bc_done)
                    logger.scalar("aux/role_hidden_accuracy", racc_, bc_done)
                bar.update(bc_done, ce=f"{ce_:.3f}", acc=f"{acc_:.3f}")
                bar.write(f"bc {bc_done}/{args.bc_steps}: ce {ce_:.3f} acc {acc_:.3f} value "
                          f"{vl_:.3f} ({sps:.0f} decisions/s; {bar.eta_text()})")
                # keep the running trajectories (their outcome is not known yet)
                st.carry()
                logger.flush()
                if ctr["bc_done"] < args.bc_steps and (out_of_time() or state_due()):
                    save_state("bc", opt, st)
                    if out_of_time():
                        stopped = True
                        break
        bar.close()
        if stopped:
            logger.close()
            print(f"stopped (time limit or signal) in the warm start "
                  f"({ctr['bc_done']}/{args.bc_steps} decisions); continue with "
                  f"--resume {state_path}", flush=True)
            return net
        heur.reset()
        bc_total[0] = time.time() - bc_t0
        phase = "ppo"
        meta["bc_steps"] = ctr["bc_done"]
        meta["bc_seconds"] = round(bc_total[0], 1)
        save({"ppo_steps": 0})
        state = None                       # what follows starts fresh (not from a BC state)

    # ---------------------------------------------------------------- PPO
    opt = make_optimizer(args.learning_rate)
    st = Store(cap, C.OBS_SIZE, C.NUM_ACTIONS, venv.obs_dtype)
    pool: list = []                      # past snapshots (nets in eval mode)
    tables = Tables(args, B, n, rng)
    wins = WinStats()
    eval_results: dict = {}                # opponent kind -> its last evaluation
    if state:                              # resumed in the PPO phase
        load_optimizer(opt, state["opt"])
        st.load_state(state["store"])
        for sd in state["pool"]:
            p = net_from_arch(state["net"]["arch"])
            p.load_state_dict(sd)
            pool.append(p.eval())
        for k in ("ctrl", "kind", "role"):
            getattr(tables, k)[...] = state["tables"][k]
        wins.load(state["wins"])
        eval_results = state.get("eval_results", {"heuristic": state.get("eval_result", {})})
        r = load_env_state(venv, state["venv"])
        if state["heuristic"] is not None:
            heur = pickle.loads(state["heuristic"])
            heur.num_threads = args.engine_threads
        rng.bit_generator.state = state["rng"]       # last: building nets draws from torch
        torch.set_rng_state(state["torch_rng"])
    else:
        r = venv.reset(seed=args.seed)
        tables.draw(np.arange(B), 0, dealt_roles())
        heur.reset()
    ppo_t0[0] = time.time() - (prior["ppo"] if state else 0.0)
    if state is not None and ctr["global_step"] >= args.total_steps:
        print(f"the saved run has reached --total-steps {args.total_steps} "
              f"({ctr['global_step']} steps): give a larger --total-steps to continue",
              flush=True)

    def ppo_state_extra():
        return {"pool": [{k: v.detach().clone() for k, v in p.state_dict().items()}
                         for p in pool],
                "tables": {k: getattr(tables, k).copy() for k in ("ctrl", "kind", "role")},
                "wins": (wins.w.copy(), wins.g.copy()), "eval_results": eval_results}

    bar = Progress(args.total_steps, ctr["global_step"], "PPO", "step", args.progress,
                   limit_s - (time.time() - sitting_t0) if limit_s > 0 else 0.0)
    def stop_at_reached(step):
        return 0 < args.stop_at <= step

    stop = ctr["global_step"] >= args.total_steps
    finished_run = stop
    if not stop and stop_at_reached(ctr["global_step"]):
        print(f"the saved run is at {ctr['global_step']} PPO steps, past --stop-at "
              f"{args.stop_at}: nothing to do (give a later --stop-at, or 0)", flush=True)
        stop = True
    while not stop:
        ctr["update"] += 1
        update = ctr["update"]
        if args.anneal_lr:
            frac = 1.0 - ctr["global_step"] / args.total_steps
            for g in opt.param_groups:
                g["lr"] = g.get("base_lr", args.learning_rate) * max(frac, 0.05)
        net.eval()
        while st.k < args.rollout_steps:
            seats = np.asarray(r.seat).astype(np.int64)
            obs, mask = r.obs, r.mask
            rows = np.arange(B)
            c = tables.ctrl[rows, seats]
            actions = np.zeros(B, np.int64)
            ta = time.time()
            L = np.flatnonzero(c == LEARNER)
            if L.size:
                ob, mk = np.array(obs[L]), np.asarray(mask[L]) != 0
                tg = targets(L, seats[L])
                kinds = tables.kind[L].astype(np.int8)
                asked = None                   # the heuristic's choice (prior, kickstarting)
                if suggests or kick_weight(ctr["global_step"]) > 0:
                    tk = time.time()
                    asked = heur.act_batch(ob, mk, slots=L * C.MAX_SEATS + seats[L])
                    timing["prior"] += time.time() - tk
                    ta += time.time() - tk
                with torch.no_grad():
                    ob_t = torch.as_tensor(ob)
                    logits, v, h = net(ob_t, torch.as_tensor(mk), features=True,
                                       prior=torch.as_tensor(asked) if suggests else None,
                                       sparse=SparseObservations(
                                           ob_t, net, torch.as_tensor(asked) if suggests
                                           else None).all())
                    v = value(v, h, None if tg is None else torch.as_tensor(tg),
                              torch.as_tensor(kinds))
                    a, lp = sample_actions(logits)
                timing["forward"] += time.time() - ta
                actions[L] = a.numpy()
                roles = ob[:, C.OBS_ROLE:C.OBS_ROLE + 4].argmax(1)
                teach = None
                if kick_weight(ctr["global_step"]) > 0:
                    teach = np.where(kick_roles[roles], asked, -1)
                st.add(L, seats[L], ob, mk, a.numpy(), lp.numpy(), v.numpy(), tg, teach, kinds,
                       asked if suggests else None)
                tables.role[L, seats[L]] = roles
            tb = time.time()
            for code in np.unique(c[c >= 1]).tolist():
                P = np.flatnonzero(c == code)
                past = pool[code - 1]
                pp = None
                if "prior" in past.features:
                    pp = torch.as_tensor(heur.act_batch(np.asarray(obs[P]), np.asarray(mask[P]),
                                                        slots=P * C.MAX_SEATS + seats[P]))
                with torch.no_grad():
                    past_obs = torch.as_tensor(np.array(obs[P]))
                    logits, _ = past(past_obs, torch.as_tensor(np.asarray(mask[P]) != 0),
                                     prior=pp,
                                     sparse=SparseObservations(past_obs, past, pp).all())
                    actions[P] = sample_actions(logits)[0].numpy()
            Rn = np.flatnonzero(c == RANDOM)
            if Rn.size:
                actions[Rn] = random_actions(np.asarray(mask[Rn]) != 0, rng)
            H = np.flatnonzero(c == HEURISTIC)
            if H.size:
                actions[H] = heur.act_batch(np.asarray(obs[H]), np.asarray(mask[H]),
                                            slots=H * C.MAX_SEATS + seats[H])
            tc = time.time()
            timing["opponents"] += tc - tb
            r = venv.step(actions)
            timing["engine"] += time.time() - tc
            ctr["global_step"] += L.size
            ctr["decisions"] += B
            ended = np.flatnonzero(np.asarray(r.terminated) | np.asarray(r.truncated))
            for i in ended.tolist():
                for s in np.flatnonzero(tables.ctrl[i] == LEARNER).tolist():
                    rew = float(r.rewards[i, s])
                    st.end(i, s, rew)
                    wins.add(int(tables.kind[i]), int(tables.role[i, s]), rew)
                if tables.kind[i] == 0 or args.kick_coef > 0 or suggests:   # the heuristic knew it
                    heur.reset(slots=[i * C.MAX_SEATS + s for s in range(n)])
            if ended.size:
                tables.draw(ended, len(pool), dealt_roles())
        global_step, decisions = ctr["global_step"], ctr["decisions"]

        # ------------------------------------------------------------ advantages
        td = time.time()
        k = st.k
        valid = st.valid()
        adv, ret = gae(st.val[:k], st.rew[:k], st.done[:k], st.nxt[:k], valid, args.gamma,
                       args.gae_lambda)
        idx = np.flatnonzero(valid)
        # the observations stay in the store: each minibatch gathers its rows (a copy of all
        # of them first would move the whole rollout once more, 210 MB of float32 at 16k rows)
        obs_rows = torch.as_tensor(st.obs[:k])
        # their non-zero cells (with the features' cells: the whole input), for the first
        # layer (SparseObservations: the same sums); no minibatch reads the dense rows
        sparse_rows = SparseObservations(
            obs_rows, net, torch.as_tensor(st.prior[:k]) if suggests else None)
        shown_rows = roles_shown(obs_rows, C) if role_head is not None else None
        b_idx = torch.as_tensor(idx)
        b_mask = torch.as_tensor(st.mask[idx])
        b_act = torch.as_tensor(st.act[idx])
        b_logp = torch.as_tensor(st.logp[idx])
        b_adv = torch.as_tensor(adv[idx])
        b_ret = torch.as_tensor(ret[idx])
        b_val = torch.as_tensor(st.val[idx])
        b_roles = torch.as_tensor(st.roles[idx])
        b_teach = torch.as_tensor(st.teach[idx])
        b_table = torch.as_tensor(st.table[idx])
        b_prior = torch.as_tensor(st.prior[idx]) if suggests else None
        kw = kick_weight(global_step)
        aux_stats, kick_stats, table_stats = [], [], []
        # ------------------------------------------------------------ PPO update
        net.train()
        clipfracs, approx_kl = [], 0.0
        stopped_early = False
        warming = update <= args.critic_warmup
        for _epoch in range(args.update_epochs):
            perm = torch.randperm(len(idx))
            for a in range(0, len(idx), args.minibatch_size):
                mb = perm[a:a + args.minibatch_size]
                if len(mb) < 2:            # a last minibatch of one: its advantage cannot be
                    continue               # normalised (std of one value is NaN)
                logits, v, h = net(None, b_mask[mb], features=True,
                                   prior=None if b_prior is None else b_prior[mb],
                                   sparse=sparse_rows.take(b_idx[mb]))
                if warming:                # the value learns, the trunk and policy stay
                    h = h.detach()
                    v = net.v(h).squeeze(-1)
                v = value(v, h, b_roles[mb], b_table[mb])
                logp_all = torch.log_softmax(logits, -1)
                newlogp = logp_all.gather(1, b_act[mb, None]).squeeze(1)
                p = logp_all.exp()
                entropy = -(p * logp_all.masked_fill(~b_mask[mb], 0.0)).sum(-1)
                logratio = newlogp - b_logp[mb]
                ratio = logratio.exp()
                with torch.no_grad():
                    approx_kl = ((ratio - 1) - logratio).mean().item()
                    clipfracs.append(((ratio - 1.0).abs() > args.clip_coef).float().mean().item())
                mb_adv = b_adv[mb]
                mb_adv = (mb_adv - mb_adv.mean()) / (mb_adv.std() + 1e-8)
                pg_loss = torch.max(-mb_adv * ratio,
                                    -mb_adv * ratio.clamp(1 - args.clip_coef,
                                                          1 + args.clip_coef)).mean()
                v_loss = 0.5 * ((v - b_ret[mb]) ** 2).mean()
                ent = entropy.mean()
                loss = pg_loss - args.ent_coef * ent + args.vf_coef * v_loss
                if warming:
                    loss = args.vf_coef * v_loss
                t = b_teach[mb]
                taught = t >= 0
                if kw > 0 and not warming and bool(taught.any()):
                    kce = torch.nn.functional.cross_entropy(logits[taught], t[taught])
                    loss = loss + kw * kce
                    with torch.no_grad():
                        agree = (logits[taught].argmax(1) == t[taught]).float().mean()
                    kick_stats.append((kce.item(), agree.item()))
                if role_head is not None:
                    rce, racc = role_loss(role_head, h, b_roles[mb], shown_rows[b_idx[mb]])
                    loss = loss + args.aux_coef * rce
                    aux_stats.append((rce.item(), racc.item()))
                if table_head is not None:
                    tce, tacc = table_loss(table_head, h, b_table[mb])
                    loss = loss + args.table_coef * tce
                    table_stats.append((tce.item(), tacc.item()))
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(all_params, args.max_grad_norm)
                opt.step()
            if args.target_kl and approx_kl > args.target_kl:
                stopped_early = True
                break
        timing["update"] += time.time() - td
        st.carry()
        # ------------------------------------------------------------ logging
        elapsed = ppo_seconds()
        y_var = b_ret.var().item()
        explained = 1 - (b_ret - b_val).var().item() / y_var if y_var > 0 else float("nan")
        logger.scalar("charts/learning_rate", opt.param_groups[0]["lr"], global_step)
        logger.scalar("charts/sps", global_step / elapsed, global_step)
        logger.scalar("charts/decisions_per_s", decisions / elapsed, global_step)
        logger.scalar("charts/pool_size", len(pool), global_step)
        if suggests:                       # the heuristic's logit bonus per role, as learned
            for k, name in enumerate(ROLE_NAMES):
                logger.scalar(f"charts/prior_gain_{name}", net.prior_gain[k].item(), global_step)
        logger.scalar("losses/policy_loss", pg_loss.item(), global_step)
        logger.scalar("losses/value_loss", v_loss.item(), global_step)
        logger.scalar("losses/entropy", ent.item(), global_step)
        logger.scalar("losses/approx_kl", approx_kl, global_step)
        logger.scalar("losses/clipfrac", float(np.mean(clipfracs)), global_step)
        logger.scalar("losses/explained_variance", explained, global_step)
        logger.scalar("losses/early_stop", float(stopped_early), global_step)
        logger.scalar("losses/kick_coef", kw, global_step)
        if kick_stats:
            kce_, agree_ = np.mean(kick_stats, axis=0)
            logger.scalar("losses/kick_ce", kce_, global_step)
            logger.scalar("losses/kick_agree", agree_, global_step)
        if aux_stats:
            rce_, racc_ = np.mean(aux_stats, axis=0)
            logger.scalar("aux/role_ce", rce_, global_step)
            logger.scalar("aux/role_hidden_accuracy", racc_, global_step)
        if table_stats:
            tce_, tacc_ = np.mean(table_stats, axis=0)
            logger.scalar("aux/table_ce", tce_, global_step)
            logger.scalar("aux/table_accuracy", tacc_, global_step)
        for key, val in timing.items():
            logger.scalar(f"time/{key}", val, global_step)
        wins_msg = ""
        post = {}
        if wins.g[0].sum():
            wr = wins.w[0].sum() / wins.g[0].sum()
            wins_msg = f" win vs heuristic {wr:.3f} ({int(wins.g[0].sum())})"
            post["win_h"] = f"{wr:.3f}"
        wins.log(logger, global_step)
        bar.update(global_step, **post)
        bar.write(f"update {update}: step {global_step} ({global_step / elapsed:.0f} sps, "
                  f"{decisions / elapsed:.0f} decisions/s) kl {approx_kl:.4f} "
                  f"ent {ent.item():.3f} vloss {v_loss.item():.3f}{wins_msg}; {bar.eta_text()}")
        if args.pool_every and update % args.pool_every == 0:
            snap = copy.deepcopy(net).eval()
            pool.append(snap)
            if len(pool) > args.pool_size:
                pool.pop(0)
        finished_run = global_step >= args.total_steps
        stop = finished_run or out_of_time() or stop_at_reached(global_step)
        evaluating = bool(args.eval_every and update % args.eval_every == 0) or stop
        if evaluating:
            info = {"ppo_steps": global_step, "ppo_seconds": round(elapsed, 1),
                    "decisions": decisions, "updates": update}
            save(info)
        if (evaluating and not stop) or state_due():
            # before the evaluation: it changes nothing that training uses
            save_state("ppo", opt, st, ppo_state_extra())
        if evaluating and args.eval_every and args.eval_games > 0 and args.save_path:
            for kind in args.eval_opponents:
                te = time.time()
                res = quick_eval(args.save_path, kind, args.eval_games, n, args.pack,
                                 seed=args.seed + update)
                eval_results[kind] = res
                for key, val in res.items():
                    if key != "games" and val is not None:
                        logger.scalar(eval_tag(kind) + key, val, global_step)
                bar.write(f"  eval vs {kind} ({args.eval_games} games, {time.time() - te:.0f} "
                          f"s): " + ", ".join(f"{k} {v}" for k, v in res.items()))
                ppo_t0[0] += time.time() - te   # evaluation time is not training time
                bar.pause(time.time() - te)
        logger.flush()
    bar.close()
    for kind, res in {"heuristic": {}, **eval_results}.items():
        meta[f"eval_vs_{kind}"] = res
    sec = seconds()
    save({"ppo_steps": ctr["global_step"], "total_seconds": round(sec["wall"], 1),
          "sittings": len(sittings) + 1})
    save_state("ppo", opt, st, ppo_state_extra())
    logger.close()
    if finished_run:
        print(f"done: {ctr['global_step']} PPO steps, {ctr['bc_done']} imitation steps, "
              f"{format_seconds(sec['wall'])} in {len(sittings) + 1} sitting(s); checkpoint "
              f"{args.save_path}, state {state_path}", flush=True)
    else:
        print(f"stopped (time limit, --stop-at or signal) at {ctr['global_step']}/"
              f"{args.total_steps} PPO steps; checkpoint {args.save_path}; continue with "
              f"--resume {state_path}", flush=True)
    return net


if __name__ == "__main__":
    main()
