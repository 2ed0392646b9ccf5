"""Self-play PPO in torch over the batched engine (CleanRL style: one file, a dataclass of
arguments, steps/s and win rates logged).

    python training/selfplay_ppo.py --total-steps 2000000 --bc-steps 500000 \\
        --save-path training/checkpoints/selfplay_none5.pt

One role-conditioned policy (the role one-hot is part of the observation) plays every seat it
is given. ``num_envs`` games run in one ``heroes_env.vector.VectorEnv`` that returns every
decision to Python; when a game starts, its table is drawn:

- with probability ``p_heuristic``: ``learner_seats`` random seats are the current policy, the
  others the heuristic agent (``agents.heuristic``, compiled: one batched call per step);
- with probability ``p_pool`` (once the pool holds a checkpoint): the same with one past
  checkpoint of the policy (sampled actions) in the other seats; a snapshot joins the pool
  every ``pool_every`` updates (the oldest leaves beyond ``pool_size``);
- otherwise: the current policy in every seat (pure self-play).

Every seat of the current policy is its own trajectory (rewards only at the end: +1 / -1 / 0).
PPO needs each decision's successor in the same trajectory: a rollout collects
``rollout_steps`` learner decisions; the last decision of a trajectory still running is carried
into the next rollout. Advantages: GAE(gamma, gae_lambda) along each trajectory.

Optional warm start (``bc_steps`` > 0): before PPO the policy imitates the heuristic playing all
seats (cross-entropy on its actions) and the value head learns the games' outcomes.

Every ``eval_every`` updates the current policy is saved to ``save_path`` and plays
``eval_games`` games of the tournament tool (``agents.tournament``) in one seat against the
heuristic in the others; its win rate per role is logged.

Logged scalars (TensorBoard if ``tensorboard`` is installed, always ``<run>/scalars.jsonl``):
``charts/sps`` (learner decisions per second), ``charts/decisions_per_s`` (all seats),
``charts/win_vs_<heuristic|pool|self>[_<role>]``, ``losses/*``, ``eval/win_<role>``.
"""
from __future__ import annotations

import copy
import os
import sys
import time
from dataclasses import dataclass

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import numpy as np  # noqa: E402

from training.common import ROLE_NAMES, Logger, arg, parse_args, quick_eval, run_name  # noqa: E402


@dataclass
class Args:
    """Self-play PPO over heroes_env.vector.VectorEnv."""
    exp_name: str = arg("selfplay_ppo", "name of this experiment (run name prefix)")
    seed: int = arg(1, "seed of the games, the tables and torch")
    total_steps: int = arg(1_000_000, "PPO learner decisions (transitions) to train on")
    max_minutes: float = arg(0.0, "stop PPO after this many minutes (0: no limit)")
    bc_steps: int = arg(0, "warm start: heuristic decisions to imitate before PPO (0: none)")
    bc_epochs: int = arg(2, "warm start: passes over each chunk of imitation data")
    num_envs: int = arg(128, "games played at once in the VectorEnv")
    num_players: int = arg(5, "players per game")
    pack: str = arg("none", "hero pack: none or standard")
    max_rounds: int = arg(100, "round cap of a game")
    engine_threads: int = arg(1, "threads of the compiled engine")
    torch_threads: int = arg(2, "torch threads")
    hidden: tuple[int, ...] = arg((256, 256), "widths of the policy's shared MLP trunk")
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
    target_kl: float = arg(0.03, "stop an update's epochs when the approx. KL exceeds this (0: never)")
    p_heuristic: float = arg(0.6, "share of games against the heuristic")
    p_pool: float = arg(0.2, "share of games against a past checkpoint of the pool")
    learner_seats: int = arg(1, "seats of the current policy in heuristic / pool games")
    pool_every: int = arg(10, "updates between snapshots added to the pool")
    pool_size: int = arg(5, "past checkpoints kept in the pool")
    eval_every: int = arg(10, "updates between evaluations with the tournament tool (0: never)")
    eval_games: int = arg(100, "games per evaluation (policy in one seat, heuristic in the rest)")
    save_path: str = arg("training/checkpoints/selfplay.pt", "checkpoint written at every eval and at the end")
    init_checkpoint: str = arg("", "start from this .pt checkpoint instead of a fresh policy")
    run_dir: str = arg("runs", "directory of the run logs")
    tensorboard: bool = arg(True, "log to TensorBoard too when it is installed")


LEARNER, HEURISTIC = -1, 0          # ctrl codes; k >= 1: pool member k - 1


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

    def __init__(self, cap, obs_size, num_actions):
        self.obs = np.zeros((cap, obs_size), np.float32)
        self.mask = np.zeros((cap, num_actions), np.bool_)
        self.act = np.zeros(cap, np.int64)
        self.logp = np.zeros(cap, np.float32)
        self.val = np.zeros(cap, np.float32)
        self.rew = np.zeros(cap, np.float32)
        self.done = np.zeros(cap, np.bool_)
        self.nxt = np.full(cap, -1, np.int64)
        self.k = 0
        self.open: dict[tuple[int, int], int] = {}     # (row, seat) -> its last decision

    def add(self, rows, seats, obs, mask, act, logp, val):
        m = len(rows)
        a, b = self.k, self.k + m
        self.obs[a:b], self.mask[a:b], self.act[a:b] = obs, mask, act
        self.logp[a:b], self.val[a:b] = logp, val
        self.rew[a:b], self.done[a:b], self.nxt[a:b] = 0.0, False, -1
        for j, (i, s) in enumerate(zip(rows.tolist(), seats.tolist())):
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

    def carry(self):
        """Move the still-running trajectories' last decisions to the front; drop the rest."""
        keys = list(self.open)
        idx = np.array([self.open[k] for k in keys], np.int64)
        m = len(idx)
        for arr in (self.obs, self.mask, self.act, self.logp, self.val):
            arr[:m] = arr[idx]
        self.rew[:m], self.done[:m], self.nxt[:m] = 0.0, False, -1
        self.open = {k: j for j, k in enumerate(keys)}
        self.k = m


class Tables:
    """Who controls each seat of each game (ctrl codes), drawn when a game starts."""

    def __init__(self, args, B, n, rng):
        self.args, self.B, self.n, self.rng = args, B, n, rng
        self.ctrl = np.full((B, n), LEARNER, np.int64)
        self.kind = np.zeros(B, np.int64)        # 0 heuristic, 1 pool, 2 self
        self.role = np.full((B, n), -1, np.int64)

    def draw(self, rows, pool_len):
        a = self.args
        for i in np.asarray(rows).tolist():
            u = self.rng.random()
            self.role[i] = -1
            if u < a.p_heuristic:
                kind, code = 0, HEURISTIC
            elif u < a.p_heuristic + a.p_pool and pool_len:
                kind, code = 1, 1 + int(self.rng.integers(pool_len))
            else:
                self.kind[i] = 2
                self.ctrl[i] = LEARNER
                continue
            self.kind[i] = kind
            self.ctrl[i] = code
            seats = self.rng.choice(self.n, size=min(a.learner_seats, self.n), replace=False)
            self.ctrl[i, seats] = LEARNER


class WinStats:
    """Learner results per opponent kind and role since the last log."""
    KINDS = ("heuristic", "pool", "self")

    def __init__(self):
        self.clear()

    def clear(self):
        self.w = np.zeros((3, 4))
        self.g = np.zeros((3, 4))

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


def main(argv=None):
    args = parse_args(Args, argv)
    import torch

    from agents.heuristic import HeuristicAgent
    from agents.torch_policy import build_net, load_checkpoint, save_checkpoint
    from heroes_env.engine import constants as C
    from heroes_env.vector import VectorEnv

    torch.set_num_threads(args.torch_threads)
    torch.manual_seed(args.seed)
    rng = np.random.default_rng(args.seed)
    run = run_name(f"sanguosha_{args.pack}{args.num_players}", args.exp_name, args.seed)
    logger = Logger(os.path.join(args.run_dir, run), args, args.tensorboard)
    print(f"run {run}: logging to {logger.run_dir} ({logger.backend})", flush=True)
    if args.save_path:
        os.makedirs(os.path.dirname(os.path.abspath(args.save_path)), exist_ok=True)

    if args.init_checkpoint:
        net, _ = load_checkpoint(args.init_checkpoint)
        net.train()
    else:
        net = build_net(args.hidden)
    B, n = args.num_envs, args.num_players
    venv = VectorEnv(B, num_players=n, pack=args.pack, max_rounds=args.max_rounds,
                     num_threads=args.engine_threads)
    heur = HeuristicAgent(seed=args.seed)
    t_start = time.time()
    meta = {"args": {k: (list(v) if isinstance(v, tuple) else v)
                     for k, v in vars(args).items()}, "run": run}

    def save(extra):
        if args.save_path:
            meta.update(extra)
            save_checkpoint(args.save_path, net, meta)

    # ---------------------------------------------------------------- warm start (imitation)
    bc_done = 0
    if args.bc_steps > 0:
        opt = torch.optim.Adam(net.parameters(), lr=args.bc_learning_rate, eps=1e-5)
        cap = args.rollout_steps + B * n + B
        st = Store(cap, C.OBS_SIZE, C.NUM_ACTIONS)
        r = venv.reset(seed=args.seed + 10_000_019)
        t0 = time.time()
        n_updates = 0
        while bc_done < args.bc_steps:
            seats = np.asarray(r.seat)
            rows = np.arange(B)
            obs, mask = np.array(r.obs), np.asarray(r.mask) != 0
            act = heur.act_batch(obs, mask, slots=rows * C.MAX_SEATS + seats)
            st.add(rows, seats, obs, mask, act, np.zeros(B), np.zeros(B))
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
                frac = min(1.0, bc_done / args.bc_steps)
                for g in opt.param_groups:
                    g["lr"] = args.bc_learning_rate * (1.0 - 0.9 * frac)
                stats = []
                for _ in range(args.bc_epochs):
                    perm = torch.randperm(len(idx))
                    for a in range(0, len(idx), args.minibatch_size):
                        mb = perm[a:a + args.minibatch_size]
                        logits, v = net(ob[mb], mk[mb])
                        ce = torch.nn.functional.cross_entropy(logits, ac[mb])
                        fm = fin[mb].float()      # outcome known: the game has ended
                        vl = 0.5 * (((v - rt[mb]) ** 2) * fm).sum() / fm.sum().clamp(min=1.0)
                        loss = ce + args.vf_coef * vl
                        opt.zero_grad()
                        loss.backward()
                        torch.nn.utils.clip_grad_norm_(net.parameters(), args.max_grad_norm)
                        opt.step()
                        with torch.no_grad():
                            accm = (logits.argmax(1) == ac[mb]).float().mean()
                        stats.append((ce.item(), vl.item(), accm.item()))
                bc_done += len(idx)
                n_updates += 1
                ce_, vl_, acc_ = np.mean(stats, axis=0)
                logger.scalar("bc/cross_entropy", ce_, bc_done)
                logger.scalar("bc/value_loss", vl_, bc_done)
                logger.scalar("bc/accuracy", acc_, bc_done)
                logger.scalar("bc/sps", bc_done / (time.time() - t0), bc_done)
                print(f"bc {bc_done}/{args.bc_steps}: ce {ce_:.3f} acc {acc_:.3f} value "
                      f"{vl_:.3f} ({bc_done / (time.time() - t0):.0f} decisions/s)", flush=True)
                # keep the running trajectories (their outcome is not known yet)
                st.carry()
        heur.reset()
        meta["bc_steps"] = bc_done
        meta["bc_seconds"] = round(time.time() - t0, 1)
        save({"ppo_steps": 0})

    # ---------------------------------------------------------------- PPO
    opt = torch.optim.Adam(net.parameters(), lr=args.learning_rate, eps=1e-5)
    cap = args.rollout_steps + B * n + B
    st = Store(cap, C.OBS_SIZE, C.NUM_ACTIONS)
    pool: list = []                      # past snapshots (nets in eval mode)
    tables = Tables(args, B, n, rng)
    wins = WinStats()
    r = venv.reset(seed=args.seed)
    tables.draw(np.arange(B), 0)
    heur.reset()
    global_step = 0
    decisions = 0
    update = 0
    t0 = time.time()
    num_updates_planned = max(1, args.total_steps // args.rollout_steps)
    timing = {"heuristic": 0.0, "policy": 0.0, "engine": 0.0, "train": 0.0}
    eval_result = {}
    stop = False
    while not stop:
        update += 1
        if args.anneal_lr:
            frac = 1.0 - (update - 1) / num_updates_planned
            if args.max_minutes > 0:
                frac = min(frac, 1.0 - (time.time() - t0) / (60 * args.max_minutes))
            for g in opt.param_groups:
                g["lr"] = args.learning_rate * max(frac, 0.05)
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
                with torch.no_grad():
                    logits, v = net(torch.as_tensor(ob), torch.as_tensor(mk))
                    dist = torch.distributions.Categorical(logits=logits)
                    a = dist.sample()
                    lp = dist.log_prob(a)
                actions[L] = a.numpy()
                st.add(L, seats[L], ob, mk, a.numpy(), lp.numpy(), v.numpy())
                roles = ob[:, C.OBS_ROLE:C.OBS_ROLE + 4].argmax(1)
                tables.role[L, seats[L]] = roles
            for code in np.unique(c[c >= 1]).tolist():
                P = np.flatnonzero(c == code)
                with torch.no_grad():
                    logits, _ = pool[code - 1](torch.as_tensor(np.array(obs[P])),
                                               torch.as_tensor(np.asarray(mask[P]) != 0))
                    actions[P] = torch.distributions.Categorical(logits=logits).sample().numpy()
            tb = time.time()
            timing["policy"] += tb - ta
            H = np.flatnonzero(c == HEURISTIC)
            if H.size:
                actions[H] = heur.act_batch(np.asarray(obs[H]), np.asarray(mask[H]),
                                            slots=H * C.MAX_SEATS + seats[H])
            tc = time.time()
            timing["heuristic"] += tc - tb
            r = venv.step(actions)
            timing["engine"] += time.time() - tc
            global_step += L.size
            decisions += B
            ended = np.flatnonzero(np.asarray(r.terminated) | np.asarray(r.truncated))
            for i in ended.tolist():
                for s in np.flatnonzero(tables.ctrl[i] == LEARNER).tolist():
                    rew = float(r.rewards[i, s])
                    st.end(i, s, rew)
                    wins.add(int(tables.kind[i]), int(tables.role[i, s]), rew)
                if tables.kind[i] == 0:
                    heur.reset(slots=[i * C.MAX_SEATS + s for s in range(n)])
            if ended.size:
                tables.draw(ended, len(pool))

        # ------------------------------------------------------------ advantages
        td = time.time()
        k = st.k
        valid = st.valid()
        adv, ret = gae(st.val[:k], st.rew[:k], st.done[:k], st.nxt[:k], valid, args.gamma,
                       args.gae_lambda)
        idx = np.flatnonzero(valid)
        b_obs = torch.as_tensor(st.obs[idx])
        b_mask = torch.as_tensor(st.mask[idx])
        b_act = torch.as_tensor(st.act[idx])
        b_logp = torch.as_tensor(st.logp[idx])
        b_adv = torch.as_tensor(adv[idx])
        b_ret = torch.as_tensor(ret[idx])
        b_val = torch.as_tensor(st.val[idx])
        # ------------------------------------------------------------ PPO update
        net.train()
        clipfracs, approx_kl = [], 0.0
        stopped_early = False
        for epoch in range(args.update_epochs):
            perm = torch.randperm(len(idx))
            for a in range(0, len(idx), args.minibatch_size):
                mb = perm[a:a + args.minibatch_size]
                logits, v = net(b_obs[mb], b_mask[mb])
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
                opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(net.parameters(), args.max_grad_norm)
                opt.step()
            if args.target_kl and approx_kl > args.target_kl:
                stopped_early = True
                break
        timing["train"] += time.time() - td
        st.carry()
        # ------------------------------------------------------------ logging
        elapsed = time.time() - t0
        y_var = b_ret.var().item()
        explained = 1 - (b_ret - b_val).var().item() / y_var if y_var > 0 else float("nan")
        logger.scalar("charts/learning_rate", opt.param_groups[0]["lr"], global_step)
        logger.scalar("charts/sps", global_step / elapsed, global_step)
        logger.scalar("charts/decisions_per_s", decisions / elapsed, global_step)
        logger.scalar("charts/pool_size", len(pool), global_step)
        logger.scalar("losses/policy_loss", pg_loss.item(), global_step)
        logger.scalar("losses/value_loss", v_loss.item(), global_step)
        logger.scalar("losses/entropy", ent.item(), global_step)
        logger.scalar("losses/approx_kl", approx_kl, global_step)
        logger.scalar("losses/clipfrac", float(np.mean(clipfracs)), global_step)
        logger.scalar("losses/explained_variance", explained, global_step)
        logger.scalar("losses/early_stop", float(stopped_early), global_step)
        for key, val in timing.items():
            logger.scalar(f"time/{key}", val, global_step)
        wins_msg = ""
        if wins.g[0].sum():
            wins_msg = f" win vs heuristic {wins.w[0].sum() / wins.g[0].sum():.3f} " \
                       f"({int(wins.g[0].sum())})"
        wins.log(logger, global_step)
        print(f"update {update}: step {global_step} ({global_step / elapsed:.0f} sps, "
              f"{decisions / elapsed:.0f} decisions/s) kl {approx_kl:.4f} ent {ent.item():.3f} "
              f"vloss {v_loss.item():.3f}{wins_msg}", flush=True)
        if args.pool_every and update % args.pool_every == 0:
            snap = copy.deepcopy(net).eval()
            pool.append(snap)
            if len(pool) > args.pool_size:
                pool.pop(0)
        stop = global_step >= args.total_steps or (
            args.max_minutes > 0 and elapsed >= 60 * args.max_minutes)
        if (args.eval_every and update % args.eval_every == 0) or stop:
            info = {"ppo_steps": global_step, "ppo_seconds": round(elapsed, 1),
                    "decisions": decisions, "updates": update}
            save(info)
            if args.eval_every and args.eval_games > 0 and args.save_path:
                te = time.time()
                eval_result = quick_eval(args.save_path, "heuristic", args.eval_games, n,
                                         args.pack, seed=args.seed + update)
                for key, val in eval_result.items():
                    if key != "games" and val is not None:
                        logger.scalar(f"eval/win_{key}", val, global_step)
                print(f"  eval vs heuristic ({args.eval_games} games, {time.time() - te:.0f} s): "
                      + ", ".join(f"{k} {v}" for k, v in eval_result.items()), flush=True)
                t0 += time.time() - te       # evaluation time is not training time
        logger.flush()
    meta["eval_vs_heuristic"] = eval_result
    save({"ppo_steps": global_step, "total_seconds": round(time.time() - t_start, 1)})
    logger.close()
    print(f"done: {global_step} PPO steps, {bc_done} imitation steps, "
          f"{time.time() - t_start:.0f} s; checkpoint {args.save_path}", flush=True)
    return net


if __name__ == "__main__":
    main()
