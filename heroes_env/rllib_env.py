"""The game as an RLlib ``MultiAgentEnv`` (new API stack): every seat an agent, turn by turn, with
the action mask in the observation; league opponents inside the env when asked.

    from heroes_env.rllib_env import HeroesMultiAgentEnv
    env = HeroesMultiAgentEnv({"num_players": 5, "pack": "none"})
    obs, infos = env.reset(seed=0)                 # {"player_3": {"observation", "action_mask"}}
    obs, rewards, terminateds, truncateds, infos = env.step({"player_3": action})

Needs ray (``pip install -e ".[ray]"``). RLlib's own ``PettingZooEnv(heroes_env.env())`` also
runs; this adapter steps ``heroes_env.Game`` directly and adds what training needs:

=====================  ========================================================================
Agents                 ``player_<seat>`` for the seats that decide in a game; ``learner`` for the
                       one learning seat of a game against in-env opponents (see below), so a
                       policy mapping can send it to the trained policy
Observation            ``Dict(observation=Box(float32, (OBS_SIZE,)), action_mask=Box(int8,
                       (NUM_ACTIONS,)))``, as the AEC env; only the agent that decides next gets
                       one (and, when the game ends, every agent that decided in it)
Action                 ``Discrete(NUM_ACTIONS)``; an illegal action raises ``IllegalActionError``
Reward                 +1 / -1 / 0 for each agent when the game ends, else 0 (given with each
                       next observation of an agent that decided before, as RLlib asks)
Episode                one game; a game in which no agent decided (possible only against in-env
                       opponents) is skipped and the next one dealt
In-env opponents       ``opponents``: agent specs of ``heroes_env.agents.make_agent``
                       ("heuristic", a ``.pt`` checkpoint, ...); with probability ``p_opponents``
                       a game has one learning seat (drawn per game, agent id ``learner``) and one
                       opponent spec, drawn per game, plays all the other seats inside ``step``.
                       Stateful agents such as the heuristic (it remembers each game per seat) play
                       here, where they see whole games; RLlib modules see only batches of
                       observations
Seeds                  ``reset(seed=s)`` seeds the stream of game seeds, seat and opponent draws;
                       a reset without a seed continues it
=====================  ========================================================================

env_config keys: those of ``heroes_env.Config`` (num_players, mode, pack, deck, max_rounds,
hero_selection, autoplay) plus ``opponents`` (list of specs, default none) and ``p_opponents``
(default 0.5 when opponents are given).
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv

from .config import Config
from .engine import constants as C
from .game import Game
from .obs import obs_box

LEARNER = "learner"
_ENV_KEYS = ("opponents", "p_opponents")


def seat_agent(seat: int) -> str:
    return f"player_{seat}"


class HeroesMultiAgentEnv(MultiAgentEnv):
    """One game at a time, every deciding seat an RLlib agent (see the module docstring)."""

    def __init__(self, config: dict | None = None):
        super().__init__()
        config = dict(config or {})
        opponents = list(config.pop("opponents", None) or [])
        p = float(config.pop("p_opponents", 0.5 if opponents else 0.0))
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p_opponents must be in [0, 1], got {p!r}")
        if p > 0 and not opponents:
            raise ValueError(f"p_opponents is {p} but no opponents are given (e.g. "
                             f"opponents=['heuristic'])")
        try:
            self.config = Config(**config)
        except TypeError as e:
            raise ValueError(f"env_config: {e}; legal keys: the keywords of heroes_env.Config "
                             f"and {list(_ENV_KEYS)}") from None
        self.p_opponents = p
        self.opponent_specs = opponents
        self._opponents = None                       # built on first use (agents imports)
        n = self.config.num_players
        self.num_players = n
        self.possible_agents = [seat_agent(s) for s in range(n)] + [LEARNER]
        self.agents = []
        obs_space = spaces.Dict({
            "observation": obs_box(np.dtype(np.float32), self.config.max_rounds),
            "action_mask": spaces.Box(0, 1, (C.NUM_ACTIONS,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(C.NUM_ACTIONS) for a in self.possible_agents}
        self.observation_space = obs_space
        self.action_space = spaces.Discrete(C.NUM_ACTIONS)
        self._rng = np.random.default_rng()
        self.game: Game | None = None
        self.learner_seat = -1            # the learning seat of a game with in-env opponents
        self.opponent = None              # that game's opponent agent
        self.skipped = 0

    # ------------------------------------------------------------ helpers
    def agent_of(self, seat: int) -> str:
        return LEARNER if seat == self.learner_seat else seat_agent(seat)

    def _scripted(self, seat: int) -> bool:
        return self.opponent is not None and seat != self.learner_seat

    def _obs(self, seat: int) -> dict:
        obs, mask = self.game.observe_with_mask(seat)
        return {"observation": obs, "action_mask": mask}

    def _opponent_agents(self):
        if self._opponents is None:
            import heroes_env.agents.torch_policy  # noqa: F401 - the .pt / .zip loaders
            from heroes_env.agents import make_agent
            self._opponents = [make_agent(s) for s in self.opponent_specs]
        return self._opponents

    def _new_game(self) -> None:
        self.game = Game.new(self.config, seed=int(self._rng.integers(2 ** 62)))
        self.acted: set[int] = set()
        self.opponent, self.learner_seat = None, -1
        if self.p_opponents > 0 and self._rng.random() < self.p_opponents:
            pool = self._opponent_agents()
            self.opponent = pool[int(self._rng.integers(len(pool)))]
            self.opponent.reset(seed=int(self._rng.integers(2 ** 62)))
            self.learner_seat = int(self._rng.integers(self.num_players))

    def _play_opponents(self) -> None:
        g = self.game
        while not g.done and self._scripted(g.decider):
            seat = g.decider
            obs, mask = g.observe_with_mask(seat)
            g.step(int(self.opponent.act(obs, mask, slot=seat)), seat)

    # ------------------------------------------------------------ MultiAgentEnv
    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        while True:
            self._new_game()
            self._play_opponents()
            if not self.game.done:
                break
            self.skipped += 1                  # nobody of ours decided in that game
        seat = self.game.decider
        self.agents = [self.agent_of(s) for s in range(self.num_players)
                       if not self._scripted(s)]
        return {self.agent_of(seat): self._obs(seat)}, {}

    def step(self, action_dict):
        g = self.game
        if g is None:
            raise RuntimeError("call reset() first: the env has no game yet")
        if not isinstance(action_dict, dict):
            raise ValueError(f"step wants a dict {{agent: action}}, got {action_dict!r}")
        seat = g.decider
        agent = self.agent_of(seat)
        if set(action_dict) != {agent}:
            raise ValueError(f"step wants the action of {agent!r} (seat {seat}), the one agent "
                             f"that decides now; got actions for {sorted(action_dict)}")
        g.step(action_dict[agent], seat)     # an int (numpy ints too): "0" or 0.7 is refused
        self.acted.add(seat)
        self._play_opponents()
        if not g.done:
            nxt = g.decider
            who = self.agent_of(nxt)
            # RLlib wants a reward with each next observation of an agent that acted before
            rew = {who: 0.0} if nxt in self.acted else {}
            return ({who: self._obs(nxt)}, rew, {"__all__": False}, {"__all__": False}, {})
        rewards = g.rewards()
        truncated = bool(g.truncated)
        obs, rew, term, trunc = {}, {}, {"__all__": not truncated}, {"__all__": truncated}
        for s in sorted(self.acted):
            a = self.agent_of(s)
            obs[a] = self._obs(s)
            rew[a] = float(rewards[s])
            term[a], trunc[a] = not truncated, truncated
        self.agents = []
        return obs, rew, term, trunc, {}
