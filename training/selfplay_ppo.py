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

In the code: ``_train`` is the outline of a sitting; ``Trainer`` holds the run's state, with one
method per piece (setup, the imitation, the rollout, the opponents, the PPO update, evaluations
and checkpoints, the training state).
"""
from __future__ import annotations

import copy
import os
import pickle
import sys
import time
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING

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

if TYPE_CHECKING:                       # torch is imported where it is used (--help stays quick)
    import torch

    from heroes_env.agents.torch_policy import SparseObservations


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
TIMING = ("forward", "prior", "opponents", "engine", "update")   # where the time goes (Trainer)
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


@dataclass
class Rollout:
    """A rollout's trajectory-complete decisions as tensors, for the PPO minibatches: ``rows``
    index the store (the observations stay there: ``sparse`` holds their non-zero cells,
    ``shown`` the roles each viewer sees, None without a role head); the rest are per decision."""
    rows: torch.Tensor
    sparse: SparseObservations
    shown: torch.Tensor | None
    mask: torch.Tensor
    act: torch.Tensor
    logp: torch.Tensor
    adv: torch.Tensor
    ret: torch.Tensor
    val: torch.Tensor
    roles: torch.Tensor
    teach: torch.Tensor
    table: torch.Tensor
    prior: torch.Tensor | None      # the heuristic's suggestions (--features prior)


@dataclass
class UpdateStats:
    """What a PPO update reports to the log: the losses of its last minibatch, the clip
    fractions of all, the extra terms' (cross-entropy, accuracy) pairs per minibatch."""
    kick_coef: float
    policy_loss: float = float("nan")
    value_loss: float = float("nan")
    entropy: float = float("nan")
    approx_kl: float = 0.0
    clipfracs: list = field(default_factory=list)
    early_stop: bool = False
    explained_variance: float = float("nan")
    kick: list = field(default_factory=list)       # (kick_ce, kick_agree)
    aux: list = field(default_factory=list)        # (role_ce, role_hidden_accuracy)
    table: list = field(default_factory=list)      # (table_ce, table_accuracy)
    seconds: float = 0.0                           # the run's PPO seconds after the update


class Trainer:
    """One sitting of a self-play PPO run: what the run holds (the policy and its training-only
    heads, the optimiser, the rollout store, the games in progress, the heuristic, the opponents'
    tables and pool, the counters and clocks), with a method per piece of a run, in this order:

    - setup: ``__init__`` (the policy, the heads, the env, the heuristic; a saved run's),
      ``make_optimizer``, ``value`` (what the value losses train), ``targets`` (the roles);
    - the imitation warm start: ``imitate`` (``_imitation_step``, ``_imitation_update``);
    - PPO: ``start_ppo``, ``next_update``; the rollout: ``collect_rollout``
      (``_learner_actions``, ``_end_games``); the opponents: ``_opponent_actions`` (``Tables``
      draws who sits where), ``add_to_pool``; the update: ``ppo_update`` (``_rollout``,
      ``_ppo_loss``), ``log_update``;
    - evaluations and checkpoints: ``checkpoint``, ``evaluate``, ``finish``;
    - the training state: ``save_state``, and what reads it back (``_new_phase``,
      ``_load_opponents``, ``_restore_games``).

    ``_train`` is the outline of a run over these."""

    def __init__(self, args, saved, state_path, sitting_t0, limit_s, out_of_time):
        """Set up a run, or the saved training state ``saved``'s (None: a fresh run)."""
        import torch

        from heroes_env.agents.heuristic import HeuristicAgent
        from heroes_env.vector import VectorEnv

        self.args, self.saved, self.state_path = args, saved, state_path
        self.sitting_t0, self.limit_s, self.out_of_time = sitting_t0, limit_s, out_of_time
        torch.set_num_threads(args.torch_threads)
        torch.manual_seed(args.seed)
        self.rng = np.random.default_rng(args.seed)
        # the seconds of the earlier sittings: wall time, imitation, PPO
        self.past = saved["seconds"] if saved else {"wall": 0.0, "bc": 0.0, "ppo": 0.0}
        self.run = saved["run"] if saved else run_name(f"sanguosha_{args.pack}{args.num_players}",
                                                       args.exp_name, args.seed)
        self.logger = Logger(os.path.join(args.run_dir, self.run), args, args.tensorboard,
                             time_offset=self.past["wall"])
        print(f"run {self.run}: logging to {self.logger.run_dir} ({self.logger.backend})"
              + (f"; resumed from {args.resume} ({saved['phase']}, "
                 f"{saved['counters']['global_step']} PPO steps, "
                 f"{format_seconds(self.past['wall'])} so far)" if saved else ""), flush=True)
        if args.save_path:
            os.makedirs(os.path.dirname(os.path.abspath(args.save_path)), exist_ok=True)

        self.net = self._policy_net()
        # residual learning (--features prior): the heuristic's choice at each of the net's
        # decisions
        self.suggests = "prior" in self.net.features
        self.net.train()
        self._training_heads()
        self.B, self.n = args.num_envs, args.num_players
        self.kick_roles = np.array([r in args.kick_roles for r in ROLE_NAMES])
        self.venv = VectorEnv(self.B, config=game_config(args), num_threads=args.engine_threads,
                              obs_dtype=args.obs_dtype)
        self.heuristic = HeuristicAgent(seed=args.seed, num_threads=args.engine_threads)
        self.meta = saved["meta"] if saved else {"args": _plain(args), "run": self.run}
        self.meta["args"] = _plain(args)
        self.counters = dict(saved["counters"]) if saved else {
            "bc_done": 0, "bc_updates": 0, "global_step": 0, "decisions": 0, "update": 0}
        self.sittings = list(saved["sittings"]) if saved else []
        self.last_state_save = time.time()
        self.warned = False                # the heuristic could not be pickled (said once)
        # where the wall time goes (seconds, counted on across sittings; logged as time/<key>):
        # the learner's forward and sampling, the heuristic asked for its prior or kickstarting,
        # the opponents' choices, the engine, the PPO update (the rest: glue and evaluations)
        self.timing = dict.fromkeys(TIMING, 0.0)
        if saved:
            self.timing.update((k, v) for k, v in saved["timing"].items() if k in self.timing)
        self.phase = saved["phase"] if saved else ("bc" if args.bc_steps > 0 else "ppo")
        self.bc_t0 = time.time() - self.past["bc"]
        self.bc_total = self.past["bc"]    # imitation seconds once the warm start is over
        self.ppo_t0 = None                 # set when PPO starts (evaluations are left out)
        self.cap = args.rollout_steps + self.B * self.n + self.B
        # the phase's optimiser, rollout store and progress bar; the games' pending decisions
        self.optimizer = self.store = self.bar = self.pending = None
        self.pool: list = []               # past snapshots (nets in eval mode)
        self.tables = Tables(args, self.B, self.n, self.rng)
        self.wins = WinStats()
        self.eval_results: dict = {}       # opponent kind -> its last evaluation

    # --------------------------------------------------------------------------------- setup
    def _policy_net(self):
        """The policy: the saved run's, an --init-checkpoint's (with the features asked for
        added), or a fresh one."""
        from heroes_env.agents.torch_policy import (
            build_net,
            card_kinds,
            extend_net,
            load_checkpoint,
            net_from_arch,
            set_prior_gains,
        )
        args, saved = self.args, self.saved
        if saved:
            net = net_from_arch(saved["net"]["arch"])
            net.load_state_dict(saved["net"]["state_dict"])
        elif args.init_checkpoint:
            net, _ = load_checkpoint(args.init_checkpoint)
            if set(args.features) - set(net.features):
                net = extend_net(net, args.features, card_kinds(game_config(args).deck))
            if args.prior_gain:            # a new feature's gains, or the checkpoint's replaced
                set_prior_gains(net, args.prior_gain)
        else:
            net = build_net(args.hidden, features=args.features,
                            card_kinds=card_kinds(game_config(args).deck),
                            prior_gain=args.prior_gain or None)
        return net

    def _training_heads(self):
        """The heads trained beside the policy and used in training only (each None unless
        asked for; a saved run's weights loaded), and the optimiser's parameter groups."""
        import torch

        from heroes_env.engine import constants as C
        args, saved, net = self.args, self.saved, self.net
        if C.MAX_SEATS != MAX_SEATS:      # pragma: no cover - the constant above is stale
            raise RuntimeError(f"MAX_SEATS here {MAX_SEATS}, engine {C.MAX_SEATS}")
        width = net.arch["hidden"][-1] if net.arch["hidden"] else C.OBS_SIZE
        self.role_head = None              # auxiliary: the other seats' roles
        if args.aux_coef > 0:
            self.role_head = torch.nn.Linear(width, MAX_SEATS * ROLE_CLASSES)
            if saved:
                self.role_head.load_state_dict(saved["role_head"])
        self.critic = None                 # centralised critic: trunk + true roles
        if args.critic == "roles":
            self.critic = build_critic(width, args.critic_table)
        self.table_head = None             # auxiliary: the kind of table
        if args.table_coef > 0:
            self.table_head = torch.nn.Linear(width, TABLE_KINDS)
            if saved and saved.get("table_head") is not None:
                self.table_head.load_state_dict(saved["table_head"])
        # --prior-lr: the per-role gains are a group of their own with their own rate (it is
        # fixed for a run: a resumed run keeps the saved groups)
        self.gain_params = [net.prior_gain] if args.prior_lr > 0 else []
        self.params = [p for p in net.parameters()
                       if not any(p is g for g in self.gain_params)]
        for extra in (self.role_head, self.critic):
            if extra is not None:
                self.params += list(extra.parameters())
        # the table head is the optimiser's last group, so that a run resumed with it added can
        # load the saved optimiser's other groups unchanged
        self.table_params = [] if self.table_head is None else list(self.table_head.parameters())
        self.table_saved = bool(saved and saved.get("table_head") is not None)
        if self.critic is not None and saved:
            load_critic(self.critic, saved["critic"])
        self.all_params = self.params + self.gain_params + self.table_params

    def make_optimizer(self, lr):
        """Adam over the groups; each remembers its base rate ("base_lr", the one annealed)."""
        import torch
        groups = [{"params": self.params, "base_lr": lr}]
        if self.gain_params:
            groups.append({"params": self.gain_params, "base_lr": self.args.prior_lr,
                           "lr": self.args.prior_lr})
        if self.table_params:
            groups.append({"params": self.table_params, "base_lr": lr})
        return torch.optim.Adam(groups, lr=lr, eps=1e-5)

    def load_optimizer(self, optimizer, saved):
        """The saved optimiser's state into optimizer (a head or critic inputs added on resume start
        with empty or zero moments)."""
        if self.table_params and not self.table_saved:
            table_group = optimizer.param_groups.pop()
            optimizer.load_state_dict(saved)
            optimizer.add_param_group(table_group)
        else:
            optimizer.load_state_dict(saved)
        if self.critic is not None:
            pad_inputs(self.critic, optimizer.state.get(self.critic[0].weight, {}))

    def _new_phase(self, lr):
        """A phase's optimiser (Adam at rate lr) and rollout store: fresh, or the saved run's."""
        from heroes_env.engine import constants as C
        self.optimizer = self.make_optimizer(lr)
        self.store = Store(self.cap, C.OBS_SIZE, C.NUM_ACTIONS, self.venv.obs_dtype)
        if self.saved:
            self.load_optimizer(self.optimizer, self.saved["opt"])
            self.store.load_state(self.saved["store"])

    def dealt_roles(self):
        """Every game's roles by seat, as dealt (the state rows; the learner's seats are drawn
        from them)."""
        from heroes_env.engine import constants as C
        return self.venv.core.S[:, C.P_ROLE:C.P_ROLE + self.n]

    def targets(self, rows, seats):
        """role_targets of the decisions of seats at the games in rows, for the role head and
        the centralised critic (None without either)."""
        from heroes_env.engine import constants as C
        if self.role_head is None and self.critic is None:
            return None
        return role_targets(self.venv.core.S[rows], seats, self.n, C)

    def kick_weight(self, step):
        """The kickstarting loss's weight at a PPO step (linear to 0 at kick_steps)."""
        args = self.args
        if args.kick_coef <= 0 or args.kick_steps <= 0:
            return args.kick_coef
        return args.kick_coef * max(0.0, 1.0 - step / args.kick_steps)

    def value(self, v, h, roles, tables=None):
        """The value PPO and the imitation train: the net's head, or the centralised critic's."""
        import torch
        if self.critic is None:
            return v
        if not self.args.critic_table:
            tables = None
        elif tables is None:               # the warm start: no table kinds
            tables = torch.full((h.shape[0],), -1, dtype=torch.int8)
        return critic_value(self.critic, h, roles, tables)

    def _time_left(self):
        """Seconds left of this sitting's --max-minutes (0: no limit)."""
        if self.limit_s <= 0:
            return 0.0
        return self.limit_s - (time.time() - self.sitting_t0)

    # ------------------------------------------------------------------ imitation warm start
    def imitate(self) -> bool:
        """The warm start: the heuristic plays every seat; every ``rollout_steps`` of its
        decisions, the policy learns to imitate them and the value the games' outcomes. False
        when the sitting ended in it (time limit or signal; a training state written)."""
        args, counters = self.args, self.counters
        self._new_phase(args.bc_learning_rate)
        if self.saved:
            self._restore_games()
        else:
            self.pending = self.venv.reset(seed=args.seed + 10_000_019)
        self.bar = Progress(args.bc_steps, counters["bc_done"], "imitation", "decision",
                            args.progress, self._time_left())
        while counters["bc_done"] < args.bc_steps:
            self._imitation_step()
            if self.store.k < args.rollout_steps:
                continue
            self._imitation_update()
            self.store.carry()                # the running trajectories: outcome not known yet
            self.logger.flush()
            if counters["bc_done"] < args.bc_steps and (self.out_of_time() or self.state_due()):
                self.save_state()
                if self.out_of_time():
                    self.bar.close()
                    self.logger.close()
                    print(f"stopped (time limit or signal) in the warm start "
                          f"({counters['bc_done']}/{args.bc_steps} decisions); continue with "
                          f"--resume {self.state_path}", flush=True)
                    return False
        self.bar.close()
        self.heuristic.reset()
        self.bc_total = time.time() - self.bc_t0
        self.phase = "ppo"
        self.meta["bc_steps"] = counters["bc_done"]
        self.meta["bc_seconds"] = round(self.bc_total, 1)
        self.save({"ppo_steps": 0})
        self.saved = None                  # what follows starts fresh (not from a BC state)
        return True

    def _imitation_step(self):
        """The heuristic decides in every game; its decisions are stored, the games step, the
        seats of the games that end get their rewards."""
        from heroes_env.engine import constants as C
        B, store, heuristic = self.B, self.store, self.heuristic
        pending = self.pending
        seats = np.asarray(pending.seat)
        rows = np.arange(B)
        obs, mask = np.array(pending.obs), np.asarray(pending.mask) != 0
        act = heuristic.act_batch(obs, mask, slots=rows * C.MAX_SEATS + seats)
        store.add(rows, seats, obs, mask, act, np.zeros(B), np.zeros(B), self.targets(rows, seats))
        self.pending = pending = self.venv.step(act)
        ended = np.flatnonzero(np.asarray(pending.terminated) | np.asarray(pending.truncated))
        for i in ended.tolist():
            for s in range(self.n):
                store.end(i, s, float(pending.rewards[i, s]))
            heuristic.reset(slots=[i * C.MAX_SEATS + s for s in range(self.n)])

    def _imitation_update(self):
        """``bc_epochs`` passes over the stored decisions whose trajectories are complete:
        cross-entropy on the heuristic's actions, the value on the outcomes of the games that
        have ended, the role head's loss; logged."""
        import torch

        from heroes_env.engine import constants as C
        args, store, optimizer, net = self.args, self.store, self.optimizer, self.net
        counters, k = self.counters, self.store.k
        valid = store.valid()
        # value target: the game's outcome discounted along the trajectory
        _, ret = gae(store.val[:k], store.rew[:k], store.done[:k], store.nxt[:k], valid,
                     args.gamma, 1.0)
        idx = np.flatnonzero(valid)
        fin = torch.as_tensor(finished(store.done[:k], store.nxt[:k])[idx])
        ob = torch.as_tensor(store.obs[idx])
        mk = torch.as_tensor(store.mask[idx])
        ac = torch.as_tensor(store.act[idx])
        rt = torch.as_tensor(ret[idx])
        rl = torch.as_tensor(store.roles[idx])
        frac = min(1.0, counters["bc_done"] / args.bc_steps)
        for g in optimizer.param_groups:
            g["lr"] = args.bc_learning_rate * (1.0 - 0.9 * frac)
        stats, aux_stats = [], []
        for _ in range(args.bc_epochs):
            perm = torch.randperm(len(idx))
            for a in range(0, len(idx), args.minibatch_size):
                mb = perm[a:a + args.minibatch_size]
                logits, v, h = net(ob[mb], mk[mb], features=True)
                v = self.value(v, h, rl[mb])
                ce = torch.nn.functional.cross_entropy(logits, ac[mb])
                fm = fin[mb].float()      # outcome known: the game has ended
                vl = 0.5 * (((v - rt[mb]) ** 2) * fm).sum() / fm.sum().clamp(min=1.0)
                loss = ce + args.vf_coef * vl
                if self.role_head is not None:
                    rce, racc = role_loss(self.role_head, h, rl[mb], roles_shown(ob[mb], C))
                    loss = loss + args.aux_coef * rce
                    aux_stats.append((rce.item(), racc.item()))
                optimizer.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.all_params, args.max_grad_norm)
                optimizer.step()
                with torch.no_grad():
                    accm = (logits.argmax(1) == ac[mb]).float().mean()
                stats.append((ce.item(), vl.item(), accm.item()))
        counters["bc_done"] += len(idx)
        counters["bc_updates"] += 1
        self._log_imitation(stats, aux_stats)

    def _log_imitation(self, stats, aux_stats):
        """An imitation update's scalars and log line."""
        logger, bc_done = self.logger, self.counters["bc_done"]
        ce_, vl_, acc_ = np.mean(stats, axis=0)
        sps = bc_done / max(self.bc_seconds(), 1e-9)
        logger.scalar("bc/cross_entropy", ce_, bc_done)
        logger.scalar("bc/value_loss", vl_, bc_done)
        logger.scalar("bc/accuracy", acc_, bc_done)
        logger.scalar("bc/sps", sps, bc_done)
        if aux_stats:
            rce_, racc_ = np.mean(aux_stats, axis=0)
            logger.scalar("aux/role_ce", rce_, bc_done)
            logger.scalar("aux/role_hidden_accuracy", racc_, bc_done)
        self.bar.update(bc_done, ce=f"{ce_:.3f}", acc=f"{acc_:.3f}")
        self.bar.write(f"bc {bc_done}/{self.args.bc_steps}: ce {ce_:.3f} acc {acc_:.3f} value "
                       f"{vl_:.3f} ({sps:.0f} decisions/s; {self.bar.eta_text()})")

    # ----------------------------------------------------------------------------------- PPO
    def start_ppo(self) -> bool:
        """The PPO phase's optimiser, store, opponents and games: the saved run's, or fresh
        (new games, their tables drawn). False when the saved run has nothing left to do
        (--total-steps or --stop-at reached; said so)."""
        args, counters, saved = self.args, self.counters, self.saved
        self._new_phase(args.learning_rate)
        if saved:                          # resumed in the PPO phase
            self._load_opponents()
            self._restore_games()
        else:
            self.pending = self.venv.reset(seed=args.seed)
            self.tables.draw(np.arange(self.B), 0, self.dealt_roles())
            self.heuristic.reset()
        self.ppo_t0 = time.time() - (self.past["ppo"] if saved else 0.0)
        if saved is not None and counters["global_step"] >= args.total_steps:
            print(f"the saved run has reached --total-steps {args.total_steps} "
                  f"({counters['global_step']} steps): give a larger --total-steps to continue",
                  flush=True)
        self.bar = Progress(args.total_steps, counters["global_step"], "PPO", "step", args.progress,
                            self._time_left())
        if counters["global_step"] >= args.total_steps:
            return False
        if self.stop_at_reached():
            print(f"the saved run is at {counters['global_step']} PPO steps, past --stop-at "
                  f"{args.stop_at}: nothing to do (give a later --stop-at, or 0)", flush=True)
            return False
        return True

    def next_update(self) -> int:
        """Count a PPO update and set its learning rates (annealed linearly over
        total_steps, to 5% at the least); returns its number."""
        args, counters = self.args, self.counters
        counters["update"] += 1
        if args.anneal_lr:
            frac = 1.0 - counters["global_step"] / args.total_steps
            for g in self.optimizer.param_groups:
                g["lr"] = g.get("base_lr", args.learning_rate) * max(frac, 0.05)
        return counters["update"]

    def reached_total(self) -> bool:
        return self.counters["global_step"] >= self.args.total_steps

    def stop_at_reached(self) -> bool:
        return 0 < self.args.stop_at <= self.counters["global_step"]

    # ------------------------------------------------------------------------------- rollout
    def collect_rollout(self):
        """Play until the store holds ``rollout_steps`` learner decisions: in each game the
        seat to decide is the learner's (sampled from the policy and stored) or an opponent's;
        the games step; the games that end close their trajectories and draw new tables."""
        B, counters, timing = self.B, self.counters, self.timing
        self.net.eval()
        while self.store.k < self.args.rollout_steps:
            pending = self.pending
            seats = np.asarray(pending.seat).astype(np.int64)
            ctrl = self.tables.ctrl[np.arange(B), seats]
            actions = np.zeros(B, np.int64)
            learner = np.flatnonzero(ctrl == LEARNER)
            if learner.size:
                actions[learner] = self._learner_actions(learner, seats, pending.obs, pending.mask)
            tb = time.time()
            self._opponent_actions(ctrl, seats, pending.obs, pending.mask, actions)
            tc = time.time()
            timing["opponents"] += tc - tb
            self.pending = self.venv.step(actions)
            timing["engine"] += time.time() - tc
            counters["global_step"] += learner.size
            counters["decisions"] += B
            self._end_games()

    def _learner_actions(self, rows, seats, obs, mask):
        """The current policy's actions in the games ``rows`` (sampled), stored with their
        log-probabilities, values and what the extra terms need (the roles, the kickstarting
        teacher's choice, the kind of table, the heuristic's suggestion)."""
        import torch

        from heroes_env.agents.torch_policy import SparseObservations
        from heroes_env.engine import constants as C
        net, timing = self.net, self.timing
        ta = time.time()
        seat = seats[rows]
        ob, mk = np.array(obs[rows]), np.asarray(mask[rows]) != 0
        tg = self.targets(rows, seat)
        kinds = self.tables.kind[rows].astype(np.int8)
        kicking = self.kick_weight(self.counters["global_step"]) > 0
        asked = None                       # the heuristic's choice (prior, kickstarting)
        if self.suggests or kicking:
            tk = time.time()
            asked = self.heuristic.act_batch(ob, mk, slots=rows * C.MAX_SEATS + seat)
            timing["prior"] += time.time() - tk
            ta += time.time() - tk
        with torch.no_grad():
            ob_t = torch.as_tensor(ob)
            logits, v, h = net(ob_t, torch.as_tensor(mk), features=True,
                               prior=torch.as_tensor(asked) if self.suggests else None,
                               sparse=SparseObservations(
                                   ob_t, net, torch.as_tensor(asked) if self.suggests
                                   else None).all())
            v = self.value(v, h, None if tg is None else torch.as_tensor(tg),
                           torch.as_tensor(kinds))
            a, lp = sample_actions(logits)
        timing["forward"] += time.time() - ta
        roles = ob[:, C.OBS_ROLE:C.OBS_ROLE + 4].argmax(1)
        teach = np.where(self.kick_roles[roles], asked, -1) if kicking else None
        self.store.add(rows, seat, ob, mk, a.numpy(), lp.numpy(), v.numpy(), tg, teach, kinds,
                       asked if self.suggests else None)
        self.tables.role[rows, seat] = roles
        return a.numpy()

    def _end_games(self):
        """The games that have just ended: the learner's trajectories get their rewards (and
        the win statistics), the heuristic forgets the games it knew, new tables are drawn."""
        from heroes_env.engine import constants as C
        pending, tables = self.pending, self.tables
        ended = np.flatnonzero(np.asarray(pending.terminated) | np.asarray(pending.truncated))
        for i in ended.tolist():
            for s in np.flatnonzero(tables.ctrl[i] == LEARNER).tolist():
                rew = float(pending.rewards[i, s])
                self.store.end(i, s, rew)
                self.wins.add(int(tables.kind[i]), int(tables.role[i, s]), rew)
            if tables.kind[i] == 0 or self.args.kick_coef > 0 or self.suggests:  # it knew it
                self.heuristic.reset(slots=[i * C.MAX_SEATS + s for s in range(self.n)])
        if ended.size:
            tables.draw(ended, len(self.pool), self.dealt_roles())

    # ----------------------------------------------------------------------------- opponents
    def _opponent_actions(self, ctrl, seats, obs, mask, actions):
        """The opponents' actions, into ``actions`` by game: each pool snapshot's (sampled),
        the random seats' (uniform legal actions), the heuristic's (one batched call)."""
        import torch

        from heroes_env.agents.torch_policy import SparseObservations
        from heroes_env.engine import constants as C
        heuristic = self.heuristic
        for code in np.unique(ctrl[ctrl >= 1]).tolist():
            rows = np.flatnonzero(ctrl == code)
            past = self.pool[code - 1]
            suggested = None
            if "prior" in past.features:
                suggested = torch.as_tensor(heuristic.act_batch(
                    np.asarray(obs[rows]), np.asarray(mask[rows]),
                    slots=rows * C.MAX_SEATS + seats[rows]))
            with torch.no_grad():
                past_obs = torch.as_tensor(np.array(obs[rows]))
                logits, _ = past(past_obs, torch.as_tensor(np.asarray(mask[rows]) != 0),
                                 prior=suggested,
                                 sparse=SparseObservations(past_obs, past, suggested).all())
                actions[rows] = sample_actions(logits)[0].numpy()
        rows = np.flatnonzero(ctrl == RANDOM)
        if rows.size:
            actions[rows] = random_actions(np.asarray(mask[rows]) != 0, self.rng)
        rows = np.flatnonzero(ctrl == HEURISTIC)
        if rows.size:
            actions[rows] = heuristic.act_batch(np.asarray(obs[rows]), np.asarray(mask[rows]),
                                                slots=rows * C.MAX_SEATS + seats[rows])

    def add_to_pool(self, update):
        """Every ``pool_every`` updates a snapshot of the policy joins the pool (the oldest
        leaves beyond ``pool_size``)."""
        args = self.args
        if args.pool_every and update % args.pool_every == 0:
            self.pool.append(copy.deepcopy(self.net).eval())
            if len(self.pool) > args.pool_size:
                self.pool.pop(0)

    # ---------------------------------------------------------------------------- PPO update
    def ppo_update(self, update) -> UpdateStats:
        """PPO over the rollout: ``update_epochs`` passes of minibatches (stopped early past
        ``target_kl``); the still-running trajectories are carried to the next rollout. The
        first ``critic_warmup`` updates train only the value (and the heads)."""
        import torch
        args, optimizer = self.args, self.optimizer
        td = time.time()
        batch = self._rollout()
        stats = UpdateStats(kick_coef=self.kick_weight(self.counters["global_step"]))
        warming = update <= args.critic_warmup
        self.net.train()
        n = len(batch.rows)
        for _epoch in range(args.update_epochs):
            perm = torch.randperm(n)
            for a in range(0, n, args.minibatch_size):
                mb = perm[a:a + args.minibatch_size]
                if len(mb) < 2:            # a last minibatch of one: its advantage cannot be
                    continue               # normalised (std of one value is NaN)
                loss = self._ppo_loss(batch, mb, warming, stats)
                optimizer.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.all_params, args.max_grad_norm)
                optimizer.step()
            if args.target_kl and stats.approx_kl > args.target_kl:
                stats.early_stop = True
                break
        self.timing["update"] += time.time() - td
        self.store.carry()
        stats.seconds = self.ppo_seconds()
        y_var = batch.ret.var().item()
        stats.explained_variance = (1 - (batch.ret - batch.val).var().item() / y_var
                                    if y_var > 0 else float("nan"))
        return stats

    def _rollout(self) -> Rollout:
        """The store's decisions whose trajectories are complete, with their GAE advantages
        and returns, as tensors."""
        import torch

        from heroes_env.agents.torch_policy import SparseObservations
        from heroes_env.engine import constants as C
        args, store = self.args, self.store
        k = store.k
        valid = store.valid()
        adv, ret = gae(store.val[:k], store.rew[:k], store.done[:k], store.nxt[:k], valid,
                       args.gamma, args.gae_lambda)
        idx = np.flatnonzero(valid)
        # the observations stay in the store: each minibatch gathers its rows (a copy of all
        # of them first would move the whole rollout once more, 210 MB of float32 at 16k rows)
        obs_rows = torch.as_tensor(store.obs[:k])
        # their non-zero cells (with the features' cells: the whole input), for the first
        # layer (SparseObservations: the same sums); no minibatch reads the dense rows
        sparse = SparseObservations(
            obs_rows, self.net, torch.as_tensor(store.prior[:k]) if self.suggests else None)
        return Rollout(
            rows=torch.as_tensor(idx), sparse=sparse,
            shown=roles_shown(obs_rows, C) if self.role_head is not None else None,
            mask=torch.as_tensor(store.mask[idx]), act=torch.as_tensor(store.act[idx]),
            logp=torch.as_tensor(store.logp[idx]), adv=torch.as_tensor(adv[idx]),
            ret=torch.as_tensor(ret[idx]), val=torch.as_tensor(store.val[idx]),
            roles=torch.as_tensor(store.roles[idx]), teach=torch.as_tensor(store.teach[idx]),
            table=torch.as_tensor(store.table[idx]),
            prior=torch.as_tensor(store.prior[idx]) if self.suggests else None)

    def _ppo_loss(self, batch: Rollout, mb, warming, stats: UpdateStats):
        """The loss of minibatch mb (positions in batch): the clipped policy loss, the value loss
        and the entropy bonus (only the value loss while warming), the kickstarting
        cross-entropy, the role and table heads' losses; their statistics into ``stats``."""
        import torch
        args, net = self.args, self.net
        logits, v, h = net(None, batch.mask[mb], features=True,
                           prior=None if batch.prior is None else batch.prior[mb],
                           sparse=batch.sparse.take(batch.rows[mb]))
        if warming:                        # the value learns, the trunk and policy stay
            h = h.detach()
            v = net.v(h).squeeze(-1)
        v = self.value(v, h, batch.roles[mb], batch.table[mb])
        logp_all = torch.log_softmax(logits, -1)
        newlogp = logp_all.gather(1, batch.act[mb, None]).squeeze(1)
        p = logp_all.exp()
        entropy = -(p * logp_all.masked_fill(~batch.mask[mb], 0.0)).sum(-1)
        logratio = newlogp - batch.logp[mb]
        ratio = logratio.exp()
        with torch.no_grad():
            stats.approx_kl = ((ratio - 1) - logratio).mean().item()
            stats.clipfracs.append(((ratio - 1.0).abs() > args.clip_coef).float().mean().item())
        mb_adv = batch.adv[mb]
        mb_adv = (mb_adv - mb_adv.mean()) / (mb_adv.std() + 1e-8)
        pg_loss = torch.max(-mb_adv * ratio,
                            -mb_adv * ratio.clamp(1 - args.clip_coef, 1 + args.clip_coef)).mean()
        v_loss = 0.5 * ((v - batch.ret[mb]) ** 2).mean()
        ent = entropy.mean()
        loss = pg_loss - args.ent_coef * ent + args.vf_coef * v_loss
        if warming:
            loss = args.vf_coef * v_loss
        stats.policy_loss, stats.value_loss, stats.entropy = (
            pg_loss.item(), v_loss.item(), ent.item())
        kw = stats.kick_coef
        t = batch.teach[mb]
        taught = t >= 0
        if kw > 0 and not warming and bool(taught.any()):
            kce = torch.nn.functional.cross_entropy(logits[taught], t[taught])
            loss = loss + kw * kce
            with torch.no_grad():
                agree = (logits[taught].argmax(1) == t[taught]).float().mean()
            stats.kick.append((kce.item(), agree.item()))
        if self.role_head is not None:
            rce, racc = role_loss(self.role_head, h, batch.roles[mb], batch.shown[batch.rows[mb]])
            loss = loss + args.aux_coef * rce
            stats.aux.append((rce.item(), racc.item()))
        if self.table_head is not None:
            tce, tacc = table_loss(self.table_head, h, batch.table[mb])
            loss = loss + args.table_coef * tce
            stats.table.append((tce.item(), tacc.item()))
        return loss

    def log_update(self, update, stats: UpdateStats):
        """A PPO update's scalars (rates, losses, extra terms, time, win rates) and log line."""
        logger, counters, bar = self.logger, self.counters, self.bar
        global_step, decisions = counters["global_step"], counters["decisions"]
        elapsed = stats.seconds
        logger.scalar("charts/learning_rate", self.optimizer.param_groups[0]["lr"], global_step)
        logger.scalar("charts/sps", global_step / elapsed, global_step)
        logger.scalar("charts/decisions_per_s", decisions / elapsed, global_step)
        logger.scalar("charts/pool_size", len(self.pool), global_step)
        if self.suggests:                  # the heuristic's logit bonus per role, as learned
            for k, name in enumerate(ROLE_NAMES):
                logger.scalar(f"charts/prior_gain_{name}", self.net.prior_gain[k].item(),
                              global_step)
        logger.scalar("losses/policy_loss", stats.policy_loss, global_step)
        logger.scalar("losses/value_loss", stats.value_loss, global_step)
        logger.scalar("losses/entropy", stats.entropy, global_step)
        logger.scalar("losses/approx_kl", stats.approx_kl, global_step)
        logger.scalar("losses/clipfrac", float(np.mean(stats.clipfracs)), global_step)
        logger.scalar("losses/explained_variance", stats.explained_variance, global_step)
        logger.scalar("losses/early_stop", float(stats.early_stop), global_step)
        logger.scalar("losses/kick_coef", stats.kick_coef, global_step)
        for terms, names in ((stats.kick, ("losses/kick_ce", "losses/kick_agree")),
                             (stats.aux, ("aux/role_ce", "aux/role_hidden_accuracy")),
                             (stats.table, ("aux/table_ce", "aux/table_accuracy"))):
            if terms:
                for name, mean in zip(names, np.mean(terms, axis=0), strict=True):
                    logger.scalar(name, mean, global_step)
        for key, val in self.timing.items():
            logger.scalar(f"time/{key}", val, global_step)
        wins, wins_msg, post = self.wins, "", {}
        if wins.g[0].sum():
            wr = wins.w[0].sum() / wins.g[0].sum()
            wins_msg = f" win vs heuristic {wr:.3f} ({int(wins.g[0].sum())})"
            post["win_h"] = f"{wr:.3f}"
        wins.log(logger, global_step)
        bar.update(global_step, **post)
        bar.write(f"update {update}: step {global_step} ({global_step / elapsed:.0f} sps, "
                  f"{decisions / elapsed:.0f} decisions/s) kl {stats.approx_kl:.4f} "
                  f"ent {stats.entropy:.3f} vloss {stats.value_loss:.3f}{wins_msg}; "
                  f"{bar.eta_text()}")

    # ----------------------------------------- evaluation, checkpoints, the end of a sitting
    def checkpoint(self, update, stats: UpdateStats, stop: bool):
        """After a PPO update: at an evaluation (every ``eval_every`` updates, and the last
        update of the sitting) the checkpoint, the training state (the last one: ``finish``
        writes it) and the evaluations; the training state too when ``save_minutes`` have
        passed."""
        args, counters = self.args, self.counters
        evaluating = bool(args.eval_every and update % args.eval_every == 0) or stop
        if evaluating:
            self.save({"ppo_steps": counters["global_step"], "ppo_seconds": round(stats.seconds, 1),
                       "decisions": counters["decisions"], "updates": update})
        if (evaluating and not stop) or self.state_due():
            # before the evaluation: it changes nothing that training uses
            self.save_state()
        if evaluating and args.eval_every and args.eval_games > 0 and args.save_path:
            self.evaluate(update)
        self.logger.flush()

    def evaluate(self, update):
        """The saved checkpoint in one seat against each of ``eval_opponents`` (tournaments of
        ``eval_games``); its win rates logged. Their time is not training time."""
        args, global_step = self.args, self.counters["global_step"]
        for kind in args.eval_opponents:
            te = time.time()
            res = quick_eval(args.save_path, kind, args.eval_games, self.n, args.pack,
                             seed=args.seed + update)
            self.eval_results[kind] = res
            for key, val in res.items():
                if key != "games" and val is not None:
                    self.logger.scalar(eval_tag(kind) + key, val, global_step)
            self.bar.write(f"  eval vs {kind} ({args.eval_games} games, "
                           f"{time.time() - te:.0f} s): "
                           + ", ".join(f"{k} {v}" for k, v in res.items()))
            self.ppo_t0 += time.time() - te
            self.bar.pause(time.time() - te)

    def finish(self):
        """The end of the sitting: the checkpoint (with the last evaluations and the time
        spent), the training state, and what comes next."""
        args, counters = self.args, self.counters
        self.bar.close()
        for kind, res in {"heuristic": {}, **self.eval_results}.items():
            self.meta[f"eval_vs_{kind}"] = res
        sec = self.seconds()
        self.save({"ppo_steps": counters["global_step"], "total_seconds": round(sec["wall"], 1),
                   "sittings": len(self.sittings) + 1})
        self.save_state()
        self.logger.close()
        if self.reached_total():
            print(f"done: {counters['global_step']} PPO steps, {counters['bc_done']} imitation "
                  f"steps, {format_seconds(sec['wall'])} in {len(self.sittings) + 1} sitting(s); "
                  f"checkpoint {args.save_path}, state {self.state_path}", flush=True)
        else:
            print(f"stopped (time limit, --stop-at or signal) at {counters['global_step']}/"
                  f"{args.total_steps} PPO steps; checkpoint {args.save_path}; continue with "
                  f"--resume {self.state_path}", flush=True)

    # -------------------------------------------------------------------------------- clocks
    def bc_seconds(self):
        return time.time() - self.bc_t0 if self.phase == "bc" else self.bc_total

    def ppo_seconds(self):
        return time.time() - self.ppo_t0 if self.ppo_t0 is not None else self.past["ppo"]

    def seconds(self):
        """The run's seconds so far: wall time, imitation, PPO."""
        return {"wall": self.past["wall"] + time.time() - self.sitting_t0,
                "bc": self.bc_seconds(), "ppo": self.ppo_seconds()}

    # ---------------------------------------------------- training state: written, read back
    def save(self, extra):
        """The policy's checkpoint, its record updated with ``extra``."""
        from heroes_env.agents.torch_policy import save_checkpoint
        if self.args.save_path:
            self.meta.update(extra)
            atomic_save(self.args.save_path, lambda p: save_checkpoint(p, self.net, self.meta))

    def state_due(self):
        return (self.args.save_minutes > 0
                and time.time() - self.last_state_save >= 60 * self.args.save_minutes)

    def save_state(self):
        """The whole training state of the current phase (see the module docstring), written
        atomically."""
        import torch
        if not self.state_path:
            return
        try:
            heuristic_bytes = pickle.dumps(self.heuristic)
        except Exception as e:  # noqa: BLE001 - a heuristic without pickling: a fresh memory
            heuristic_bytes = None
            if not self.warned:
                self.warned = True
                print(f"warning: the heuristic cannot be pickled ({e}); a resumed run gives it "
                      f"a fresh memory of the games in progress, so it is not exactly the same "
                      f"as an uninterrupted one", file=sys.stderr, flush=True)
        sec = self.seconds()
        counters, optimizer, store = self.counters, self.optimizer, self.store
        state = {"format": STATE_FORMAT, "phase": self.phase, "run": self.run,
                 "args": _plain(self.args),
                 "net": {"arch": dict(self.net.arch), "state_dict": _copied(self.net)},
                 "opt": optimizer.state_dict() if optimizer is not None else None,
                 "store": store.state() if store is not None else None,
                 "counters": dict(counters), "seconds": sec, "timing": dict(self.timing),
                 "meta": dict(self.meta),
                 "sittings": self.sittings + [{"seconds": round(time.time() - self.sitting_t0, 1),
                                               "global_step": counters["global_step"],
                                               "bc_done": counters["bc_done"],
                                               "mix": curriculum_of(self.args)}],
                 "venv": env_state(self.venv), "heuristic": heuristic_bytes,
                 "role_head": _copied(self.role_head), "critic": _copied(self.critic),
                 "table_head": _copied(self.table_head),
                 "rng": self.rng.bit_generator.state, "torch_rng": torch.get_rng_state()}
        if self.phase == "ppo":
            state.update(self._ppo_state())
        atomic_save(self.state_path, lambda p: torch.save(state, p))
        self.last_state_save = time.time()

    def _ppo_state(self) -> dict:
        """What the PPO phase adds to the training state: the pool, the tables, the win
        statistics, the last evaluations."""
        return {"pool": [_copied(p) for p in self.pool],
                "tables": {k: getattr(self.tables, k).copy() for k in ("ctrl", "kind", "role")},
                "wins": (self.wins.w.copy(), self.wins.g.copy()),
                "eval_results": self.eval_results}

    def _load_opponents(self):
        """The saved run's pool, tables, win statistics and last evaluations."""
        from heroes_env.agents.torch_policy import net_from_arch
        saved = self.saved
        for sd in saved["pool"]:
            past = net_from_arch(saved["net"]["arch"])
            past.load_state_dict(sd)
            self.pool.append(past.eval())
        for k in ("ctrl", "kind", "role"):
            getattr(self.tables, k)[...] = saved["tables"][k]
        self.wins.load(saved["wins"])
        self.eval_results = saved.get("eval_results",
                                      {"heuristic": saved.get("eval_result", {})})

    def _restore_games(self):
        """The saved run's games in progress, the heuristic's memory of them and the random
        generators (last: building nets draws from torch)."""
        import torch
        saved = self.saved
        self.pending = load_env_state(self.venv, saved["venv"])
        if saved["heuristic"] is not None:
            self.heuristic = pickle.loads(saved["heuristic"])
            self.heuristic.num_threads = self.args.engine_threads
        self.rng.bit_generator.state = saved["rng"]
        torch.set_rng_state(saved["torch_rng"])


def _plain(args) -> dict:
    """The arguments as the training state and the checkpoint record them (tuples as lists)."""
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in vars(args).items()}


def _copied(module) -> dict | None:
    """A module's weights, detached copies (None: no module)."""
    if module is None:
        return None
    return {k: v.detach().clone() for k, v in module.state_dict().items()}


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
        return _train(args, state, state_path, sitting_t0, limit_s, out_of_time)
    finally:
        for sig, h in old_handlers.items():
            signal.signal(sig, h)


def _train(args, state, state_path, sitting_t0, limit_s, out_of_time):
    """A sitting of a run, as its outline: set up (or resume) the trainer; the imitation warm
    start while the run is in it; then PPO updates (a rollout, the update, its log, maybe a
    snapshot into the pool, a checkpoint with evaluations and the training state) until
    --total-steps, --stop-at, the time limit or a signal; the last checkpoint and training
    state. Returns the policy."""
    trainer = Trainer(args, state, state_path, sitting_t0, limit_s, out_of_time)
    if trainer.phase == "bc" and not trainer.imitate():
        return trainer.net                 # the sitting ended in the warm start
    stop = not trainer.start_ppo()
    while not stop:
        update = trainer.next_update()
        trainer.collect_rollout()
        stats = trainer.ppo_update(update)
        trainer.log_update(update, stats)
        trainer.add_to_pool(update)
        stop = trainer.reached_total() or out_of_time() or trainer.stop_at_reached()
        trainer.checkpoint(update, stats, stop)
    trainer.finish()
    return trainer.net


if __name__ == "__main__":
    main()
