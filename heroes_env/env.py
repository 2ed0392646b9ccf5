"""PettingZoo AEC environment ``sanguosha_v0``.

=====================  ========================================================================
Import                 ``from heroes_env import env, raw_env``
Agents                 ``player_0`` .. ``player_{n-1}``; seat 0 is the lord and moves first
                       (``mode="3v3"``: six seats, teams 0-2 and 3-5, commanders 1 and 4)
Actions                ``Discrete(NUM_ACTIONS)``, the same for every mode and player count
Observations           ``Dict(observation=Box(float32, (OBS_SIZE,)), action_mask=Box(int8))``;
                       ``obs_dtype="uint8"``: ``Box(uint8)``, one byte a cell (``heroes_env.obs``)
Selected agent         whoever must decide now, in or out of turn (闪, 桃, 无懈可击, picks ...)
Rewards                at the end only: +1 each seat of the winning side (3v3: team), -1 the
                       others, 0 draw
Termination            every agent at once when the game ends; truncation at ``max_rounds``
Infos                  every agent's, always the same two ints (as in ``VectorEnv`` and the
                       learner wrappers): ``decision``, the ``DK_*`` kind of the agent's pending
                       decision (``DK_NONE`` = 0 unless it is selected), and ``result``, the
                       ``RES_*`` code (``RES_NONE`` = 0 until the end). Their names:
                       ``heroes_env.labels.DECISION_NAMES[lang][k]``, ``RESULT_NAMES``
=====================  ========================================================================

Infos hold numbers only, the same keys for every agent from ``reset`` on, so that tensor
libraries can read them: TorchRL's ``PettingZooWrapper(env(), use_mask=True)`` does
(``docs/torchrl.md``).

Dead seats stay in ``agents`` until the game ends (they are never selected) so a dead rebel
still receives the rebels' win. ``observe(agent)`` is that seat's partial view; its
``action_mask`` is all zeros unless the agent is the one selected. ``state()`` gives full
information for a centralised critic. An action is an int, a numpy integer or a 0-d / size-1
integer array (what SB3's ``predict`` returns); an illegal one raises ``IllegalActionError`` (a
``ValueError``) listing the legal ones and changes nothing.
"""
from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .config import Config, make_config
from .engine import constants as C
from .game import Game, IllegalActionError
from .obs import check_obs_dtype, obs_box

__all__ = ["env", "raw_env", "IllegalActionError"]


def env(**kwargs: Any) -> OrderEnforcing:
    """The AEC env ``sanguosha_v0``: a ``raw_env`` behind PettingZoo's order checks (reset
    before use, no step after the end).

    The keywords are ``raw_env``'s: its own four and ``Config``'s; a keyword not given keeps its
    default. PettingZoo's usual ``AssertOutOfBoundsWrapper`` is not applied: ``raw_env.step``
    already refuses any action outside the mask, with an ``IllegalActionError`` that lists the
    legal ones.

    Other Parameters:
        render_mode (str | None): ``"ansi"`` (``render()`` returns text), ``"human"`` (it
            prints it) or None (the default: no rendering).
        lang (str): The language of labels and renders: ``"en"`` (the default) or ``"zh"``.
        config (Config | None): A ready ``Config``, instead of its keywords below.
        obs_dtype (str): ``"float32"`` (the default) or ``"uint8"`` for observations and
            ``state()``: one byte a cell, ``obs_to_float32`` decodes it exactly.
        num_players (int | None): 4 to 10 players (6 in 3v3); default 5 (6 in 3v3).
        mode (str): ``"identity"`` (the default) or ``"3v3"``.
        pack (str): ``"none"`` (the default: no heroes), ``"standard"``, ``"herokill"`` or
            ``"classmates"``.
        deck (str | None): ``"standard"``, ``"standard_no_ex"`` or ``"herokill"``; default:
            the pack's own.
        max_rounds (int): Rounds before the game is truncated, 1 to 10,000; default 100.
        autoplay (bool): The engine answers decisions with one legal action (default True).
        hero_selection (str | tuple | None): ``"draft"`` (the default with a hero pack),
            ``"random"`` or one hero per seat; None with pack ``"none"``.

    Returns:
        The env, to ``reset`` before use.

    Raises:
        TypeError: An unknown keyword (the message lists Config's keywords), or ``config``
            together with Config's keywords.
        ValueError: A keyword's value that ``Config`` or ``raw_env`` refuses, named with what
            is legal.

    Examples:
        ```python
        import heroes_env

        env = heroes_env.env(num_players=5, pack="standard")
        env.reset(seed=0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                action = None
            else:
                action = int(obs["action_mask"].nonzero()[0][0])   # the first legal action
            env.step(action)
        ```
    """
    return OrderEnforcing(raw_env(**kwargs))


def _forward(name):
    def get(self):
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)
    return property(get, doc=f"{name} of the wrapped env (after reset)")


class OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper with the attributes read on every step forwarded by
    properties: its generic ``__getattr__`` forwarding costs about 2 µs a read, several reads a
    step, which made the wrapped env four times slower than the raw one."""

    agent_selection = _forward("agent_selection")
    agents = _forward("agents")
    rewards = _forward("rewards")
    terminations = _forward("terminations")
    truncations = _forward("truncations")
    infos = _forward("infos")
    _cumulative_rewards = _forward("_cumulative_rewards")
    possible_agents = property(lambda self: self.env.possible_agents)

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("last() cannot be called before reset")
        return self.env.last(observe)


def _info(decision: int, result: int) -> dict[str, int]:
    """An agent's info: its pending decision's ``DK_*`` kind and the game's ``RES_*`` result."""
    return {"decision": decision, "result": result}


# metadata["render_fps"], which Gymnasium and PettingZoo ask of an env that renders: text
# renders ("ansi", "human"), a frame a decision, paced by nobody; 1 for a person reading along
RENDER_FPS = 1


class raw_env(AECEnv):
    """The AEC env ``sanguosha_v0`` without PettingZoo's order checks (``env`` adds them).

    Agents ``player_0`` .. ``player_{n-1}``; seat 0 is the lord and moves first. The selected
    agent is whoever must decide now, in or out of turn. Rewards come at the end only; dead seats
    stay in ``agents`` until the game ends. The guide: docs/aec.md.

    Args:
        render_mode: ``"ansi"`` (``render()`` returns text), ``"human"`` (it prints it) or None.
        lang: The language of ``render`` and ``action_to_str``: ``"en"`` or ``"zh"``.
        config: A ready ``Config``; give it or Config's keywords, not both.
        obs_dtype: ``"float32"`` or ``"uint8"`` for observations and ``state()`` (one byte a
            cell; ``heroes_env.obs_to_float32`` turns them into the float32 values exactly).
        **config_kw: ``Config``'s keywords (``num_players``, ``mode``, ``pack``, ``deck``,
            ``max_rounds``, ``autoplay``, ``hero_selection``); one not given keeps Config's
            default. With ``autoplay`` (the default) decisions with exactly one legal action are
            taken by the engine without selecting the agent; with it off, every decision is
            asked.

    Attributes:
        config: The game's ``Config``.
        possible_agents: ``player_0`` .. ``player_{n-1}``.
        game: The ``Game`` under way (None before ``reset``).
        state_space: The space of ``state()``.

    Raises:
        TypeError: An unknown keyword, or ``config`` with Config's keywords.
        ValueError: A value ``Config`` refuses, or another ``render_mode``, ``lang`` or
            ``obs_dtype``.
    """

    metadata = {"render_modes": ["ansi", "human"], "render_fps": RENDER_FPS,
                "name": "sanguosha_v0", "is_parallelizable": False}

    def __init__(self, *, render_mode: str | None = None, lang: str = "en",
                 config: Config | None = None, obs_dtype: npt.DTypeLike = "float32",
                 **config_kw: Any):
        super().__init__()
        self.config: Config = make_config(config, "raw_env", **config_kw)
        self.obs_dtype = check_obs_dtype(obs_dtype, self.config)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}")
        if lang not in ("en", "zh"):
            raise ValueError(f"lang must be 'en' or 'zh', got {lang!r}")
        self.render_mode = render_mode
        self.lang = lang
        n = self.config.num_players
        assert n is not None   # Config.__post_init__ sets it
        self.possible_agents: list[str] = [f"player_{i}" for i in range(n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict({
            "observation": obs_box(self.obs_dtype, self.config.max_rounds),
            "action_mask": spaces.Box(0, 1, (C.NUM_ACTIONS,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces: dict[str, spaces.Space] = {
            a: spaces.Discrete(C.NUM_ACTIONS) for a in self.possible_agents}
        self.state_space: spaces.Box = obs_box(self.obs_dtype, self.config.max_rounds, state=True)
        self.game: Game | None = None
        self._selected = self.possible_agents[0]     # the agent whose info names a decision
        self._log_start = 0

    def observation_space(self, agent: str) -> spaces.Space:
        """``Dict(observation=Box((OBS_SIZE,)), action_mask=Box(int8, (NUM_ACTIONS,)))``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        """``Discrete(NUM_ACTIONS)``, the same for every agent, mode and player count."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new game.

        Args:
            seed: Any int: the same seed deals the same game; None draws fresh entropy.
            options: Unused (PettingZoo's signature).
        """
        self.game = Game.new(self.config, seed, log=self.render_mode is not None)
        self._log_start = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: _info(C.DK_NONE, C.RES_NONE) for a in self.agents}
        self._selected = self.agents[0]
        self._sync()

    def _sync(self):
        g = self.game
        s = g.s
        if s[C.H_DONE]:
            r = g.rewards()
            trunc = g.truncated
            result = int(g.result)
            for i, a in enumerate(self.agents):
                self.rewards[a] = float(r[i])
                self.terminations[a] = not trunc
                self.truncations[a] = trunc
                self.infos[a] = _info(C.DK_NONE, result)
            self._accumulate_rewards()
            # every agent now takes one dead step (None), as PettingZoo expects
            self.agent_selection = self.agents[0]
        else:
            # rewards are 0 until the end, so nothing else changes while the game runs
            agent = self.possible_agents[s[C.H_DECIDER]]
            self.agent_selection = agent
            # decision: the DK_* kind (an int, as in VectorEnv and the learner wrappers); the
            # agent that decided last no longer has one
            if self._selected != agent:
                self.infos[self._selected] = _info(C.DK_NONE, C.RES_NONE)
                self._selected = agent
            self.infos[agent] = _info(int(s[C.H_DKIND]), C.RES_NONE)
        if self.render_mode == "human":
            self.render()

    def step(self, action: int | np.integer | np.ndarray | None) -> None:
        """Answer the selected agent's decision (None: the dead step every agent takes after
        the end).

        Args:
            action: An int, a numpy integer or a 0-d / size-1 integer array (what SB3's
                ``predict`` returns), legal for the pending decision.

        Raises:
            IllegalActionError: An action outside the mask (a ``ValueError`` listing the legal
                ones); nothing changes.
            RuntimeError: Before ``reset``.
        """
        if self.game is None:
            self._live()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        # None for a live agent is no action: Game.step refuses it as illegal
        self._live().step(action)  # type: ignore[arg-type]
        self._sync()

    def step_as(self, agent: str, action: int | np.integer | np.ndarray) -> None:
        """``step(action)`` after checking that agent is the one selected.

        Raises:
            IllegalActionError: An unknown agent, or one that is not selected now.
        """
        if agent not in self._index:
            raise IllegalActionError(f"unknown agent {agent!r}; agents: {self.possible_agents}")
        if agent != self.agent_selection:
            raise IllegalActionError(f"{agent} cannot act now: {self.agent_selection} must decide")
        self.step(action)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's partial view and its action mask (all zeros unless it is selected).

        Returns:
            ``{"observation": (OBS_SIZE,) float32 or uint8, "action_mask": (NUM_ACTIONS,) int8}``.
        """
        obs, mask = self._live().observe_with_mask(self._index[agent], self.obs_dtype)
        return {"observation": obs, "action_mask": mask}

    def state(self) -> np.ndarray:
        """Full information (every hand, role and the deck) for a centralised critic:
        ``(STATE_OBS_SIZE,)`` in ``obs_dtype``."""
        return self._live().state_vector(self.obs_dtype)

    def _live(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() first: the env has no game yet")
        return self.game

    # ------------------------------------------------------------ helpers
    def action_to_str(self, action: int, lang: str | None = None) -> str:
        """The label of an action for the pending decision, in ``lang`` (None: the env's)."""
        return self._live().action_to_str(action, lang or self.lang)

    def render(self) -> str | None:
        """The events since the last render and the table: returned (``"ansi"``), printed
        (``"human"``, returns None) or nothing (no ``render_mode``)."""
        if self.render_mode is None:
            return None
        g = self._live()
        new = g.log_lines(self.lang, self._log_start)
        self._log_start = len(g.event_log)
        text = "\n".join(new + [g.render_text(self.lang)])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""
