"""A role-aware scripted agent that uses only its observation.

The rules run as Numba kernels (``heroes_env.agents.heuristic_kernels``): ``act_batch`` is one
compiled call over all its rows (in parallel), ``act`` the same call for one row. Every rule reads
the seat's own observation and mask, and a per-slot memory built from this seat's own earlier
observations; never the game state. How it plays:

* **Sides.** Each other seat gets a hostility in [-1.5, 1.5] (> 0 enemy, < 0 friend) from its
  role when known (the lord's always, the dead's) or, when unknown, from the role table of the
  player count and the evidence gathered so far. Evidence: who lost HP during whose turn (the
  seat whose turn it is gets the blame, split between the victims of one turn) and who healed
  another seat in its turn; the 杀 and 决斗 aimed at this seat; the harmful tricks it saw being
  used (无懈可击 windows show their user and target); who brought a dying seat down (the 桃
  window shows the damage source). Harming the lord or his side counts as rebel evidence,
  harming known rebels as loyal, helping the other way round. HP lost before this seat's first
  observation in a turn blames nobody (it was lost in earlier turns, mostly by others: the
  stale blame misled a loyalist, asked rarely out of its turn, most), and the role probabilities
  are fitted so that each role's probabilities over the unknown seats add up to the number of
  that role left (two seats that both look like the one renegade cannot both be him). The
  evidence is updated in one place, ``heuristic_kernels.update_evidence``.
* **3v3.** The other team are enemies, the own team friends (teams are public); the commander
  picks heroes and acts first, leads his blocks himself while he has 3+ HP, else sends the
  healthier guard; he keeps the strongest hero of his six for himself.
* **Draft.** The strongest offered hero by a strength table (a lord also values HP). The
  observation marks the offered heroes but, so far, not which offer index is which: the lord
  knows his lord heroes come first; another seat takes its first offer.
* **Roles.** The lord and the loyalists fight rebels and suspects, never each other; a loyalist
  never hurts the lord and saves him with 桃. Rebels go for the lord first, then loyalists. The
  renegade sides with whichever camp is losing, never lets the lord die while anyone else is
  alive (attacks him only when his HP is high, saves him with 桃), and turns on the lord when
  everyone else is dead.
* **Cards.** Equipment and 无中生有 first; 乐不思蜀, 顺手牵羊, 过河拆桥 (on enemies, or to lift a
  friend's delayed trick), 借刀杀人, 决斗 and 杀 on the most valuable enemy target (low HP, no
  armour, in range); AOE tricks only when they hurt the enemies more than the friends; 桃 on
  oneself when wounded enough, and on dying friends; 闪 always; 无懈可击 when a trick's outcome
  is bad enough for this seat's side; discards and costs pay with the least useful cards (a
  value per card: 桃 > 闪 > 无懈可击 > ...; duplicates are worth less).
* **Skills.** Optional skills confirmed when they help (not 反馈 / 刚烈 against a friend);
  active skills (仁德, 制衡, 反间, 结姻, 青囊, 离间, 苦肉, conversions, 激将) used when a rule says
  they are worth it, with targets chosen by side; 观星, 遗计, 鬼才, 流离, 突袭, 急救 each have
  their own rule.

In the wrappers (``opponents="heuristic"``) and the tournament's batched engine the same rules
run inside the engine's compiled call (``heroes_env.agents.heuristic_loop``, through
``compiled_loop``): no Python between an opponent's decisions.

One agent object can play several seats and games at once: memory is kept per slot (see
``heroes_env.agents.base``). Integer slots (the wrappers' ``row * MAX_SEATS + seat``,
``act_batch``'s default row index) index the memory arrays directly; any other hashable key is
given a row of its own. The rows of one batch must name distinct slots. Call ``reset()`` (or
``reset(slots=[...])``) when a game starts; a new game is also detected when the round counter goes
back. The tie-break noise comes from a generator per slot, seeded from the agent's seed and the
slot, so the same seed gives the same choices whatever else the agent plays.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING

import numpy as np

from heroes_env.engine import constants as C
from heroes_env.obs import obs_to_float32

from . import heuristic_kernels as HK
from .base import Agent, check_batch, register_agent
from .heuristic_kernels import HERO_SCORE, hero_score  # noqa: F401  (the draft table)

if TYPE_CHECKING:
    from .heuristic_loop import HeuristicLoop

__all__ = ["HeuristicAgent", "hero_score", "HERO_SCORE"]

_TABLES = None
SERIAL_BELOW = 8            # batches smaller than this run on the calling thread


def _tables():
    global _TABLES
    if _TABLES is None:
        _TABLES = HK.tables()
    return _TABLES


class _Pool:
    """Memory rows of one kind of slot key: MF (evidence, float64) and MI (generator) per row."""

    def __init__(self):
        self.MF = np.zeros((0, HK.MF_SIZE))
        self.MI = np.zeros((0, HK.MI_SIZE), np.int64)

    def grow(self, rows: int) -> None:
        if rows > self.MF.shape[0]:
            size = max(rows, 2 * self.MF.shape[0], 16)
            mf = np.zeros((size, HK.MF_SIZE))
            mi = np.zeros((size, HK.MI_SIZE), np.int64)
            mf[:self.MF.shape[0]] = self.MF
            mi[:self.MI.shape[0]] = self.MI
            self.MF, self.MI = mf, mi


class HeuristicAgent(Agent):
    """Role-aware rules over the observation, run as compiled kernels (the module
    ``heroes_env.agents.heuristic`` says how it plays; docs/agents.md).

    Every rule reads the seat's own observation and mask and a per-slot memory built from this
    seat's earlier observations; never the game state.

    Args:
        seed: Seeds the tie-break noise (reproducible; each slot draws from its own generator
            derived from it).
        name: A label for tables and logs.
        deck: The deck name to assume when the observation does not tell (it normally does:
            the number of cards).
        evidence: Keep the evidence about the other seats' sides between decisions (False:
            every decision starts from the role table alone; an int: the rule bits
            ``heuristic_kernels.EV_*``, for measurements).
        num_threads: The threads of a batch call (None: every core Numba has; 1: the calling
            thread alone, best beside other busy work, as in training).

    Raises:
        ValueError: An unknown deck, or num_threads below 1.
    """

    name = "heuristic"
    MAX_DIRECT_SLOT = 1 << 22      # integer slots below this index the memory rows directly

    def __init__(self, seed: int | None = None, name: str | None = None, deck: str = "standard",
                 evidence: bool | int = True, num_threads: int | None = None):
        super().__init__(seed, name)
        if num_threads is not None and (not isinstance(num_threads, int) or num_threads < 1):
            raise ValueError(f"num_threads must be None or an int >= 1, got {num_threads!r}")
        self.num_threads = num_threads
        self._tables, names = _tables()
        if deck not in names:
            raise ValueError(f"deck must be one of {names}, got {deck!r}")
        self.default_deck = deck
        self._default_deck = names.index(deck)
        self.evidence = HK.EV_DEFAULT if evidence is True else int(evidence)
        self._direct = _Pool()                  # integer slots
        self._named = _Pool()                   # any other key, by self._names
        self._names: dict[Hashable, int] = {}
        self._seed(seed)
        self._dec_counts = np.zeros((C.NUM_DECISION_KINDS, C.MAX_SKILLS), np.int64)
        self._fb_counts = np.zeros((C.NUM_DECISION_KINDS, C.MAX_SKILLS), np.int64)

    def __getstate__(self):
        """What a pickle (a training state) keeps: the settings, the generators and the memory
        rows; the content tables are the code's, made again when it is loaded."""
        state = self.__dict__.copy()
        state.pop("_tables", None)
        return state

    def __setstate__(self, state):
        for old in ("_decks", "_deck_size", "_hero_sk", "_hscore", "_counts"):
            state.pop(old, None)        # the tables as loose arrays (pickled by older versions)
        state.setdefault("num_threads", None)
        self.__dict__.update(state)
        self._tables = _tables()[0]
        for pool in (self._direct, self._named):
            if pool.MF.shape[1] != HK.MF_SIZE or pool.MI.shape[1] != HK.MI_SIZE:
                pool.__init__()         # memory of another layout: its slots start afresh

    def _seed(self, seed):
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.base_seed = int(seed) % HK.RNG_MOD

    # ------------------------------------------------------------ decision statistics
    @property
    def decisions(self) -> Counter:
        """Decisions taken: (DK_*, asking skill id) -> count."""
        return _counter(self._dec_counts)

    @property
    def fallbacks(self) -> Counter:
        """Decisions no rule covered (the fallback decided): (DK_*, skill id) -> count."""
        return _counter(self._fb_counts)

    # ------------------------------------------------------------ Agent API
    def reset(self, seed: int | None = None, slots: Iterable[Hashable] | None = None) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
            self._seed(seed)
        if slots is None or seed is not None:
            # a new seed restarts every slot's generator; no slots forgets every game
            self._direct.MF[:] = 0.0
            self._named.MF[:] = 0.0
            if seed is not None:
                self._direct.MI[:] = 0
                self._named.MI[:] = 0
            if slots is None:
                return
        direct, named = self._split(slots)
        direct = direct[direct < self._direct.MF.shape[0]]
        self._direct.MF[direct] = 0.0
        for k in named:
            if k in self._names:
                self._named.MF[self._names[k]] = 0.0

    def act(self, obs: np.ndarray, mask: np.ndarray, slot: Hashable = 0) -> int:
        """The action for one decision, as ``Agent.act`` (one row of ``act_batch``).

        Raises:
            ValueError: An observation or mask of the wrong shape.
        """
        obs = np.asarray(obs)
        mask = np.asarray(mask)
        if obs.shape != (C.OBS_SIZE,):
            raise ValueError(f"an observation has shape ({C.OBS_SIZE},), got {obs.shape}")
        if mask.shape != (C.NUM_ACTIONS,):
            raise ValueError(f"a mask has shape ({C.NUM_ACTIONS},), got {mask.shape}")
        if type(slot) is int and 0 <= slot < self.MAX_DIRECT_SLOT:
            rows, pool = np.array([slot], np.int64), self._direct
        else:
            rows, pool = self._rows([slot])
        return int(self._call(obs[None], mask[None], rows, pool)[0])

    def act_batch(self, obs: np.ndarray, masks: np.ndarray,
                  slots: Iterable[Hashable] | None = None) -> np.ndarray:
        """Actions for a batch in one compiled call.

        Args:
            obs: ``(B, OBS_SIZE)`` observations, float32 or uint8.
            masks: ``(B, NUM_ACTIONS)`` masks.
            slots: Row i is slot ``slots[i]`` (None: slot i); the slots of one batch must
                differ.

        Returns:
            ``(B,)`` int64 actions.
        """
        obs, masks = check_batch(obs, masks)
        B = obs.shape[0]
        if slots is None:
            rows, pool = np.arange(B, dtype=np.int64), self._direct
        else:
            keys = slots if isinstance(slots, np.ndarray) else list(slots)
            if len(keys) != B:
                raise ValueError(f"slots names {len(keys)} rows, the batch has {B}")
            rows, pool = self._rows(keys)
        return self._call(obs, masks, rows, pool)

    def _call(self, obs, masks, rows, pool):
        B = obs.shape[0]
        out = np.empty(B, np.int64)
        if B == 0:
            return out
        obs = obs_to_float32(obs)          # a uint8 observation: its exact float32 values
        if masks.dtype != np.int8 or not masks.flags.c_contiguous:
            masks = np.ascontiguousarray(masks, dtype=np.int8)
        pool.grow(int(rows.max()) + 1)
        seedkeys = rows if pool is self._direct else rows + (1 << 30)
        bad = HK.act_rows(obs, masks, rows, seedkeys, pool.MF, pool.MI, self.player(), out,
                          self._dec_counts, self._fb_counts,
                          num_threads=1 if B < SERIAL_BELOW else self.num_threads)
        if bad >= 0:
            raise ValueError(f"the mask of row {bad} allows no action: is the game over, or is "
                             "this mask another seat's?")
        return out

    # ------------------------------------------------------------ compiled callers
    def direct_memory(self, count: int) -> tuple[np.ndarray, np.ndarray]:
        """The memory rows of the integer slots 0..count-1, grown to hold them first: (MF, MI),
        the arrays that compiled callers (``heuristic_loop``, the search's playouts) hand to the
        kernels, which read and write them in place. A later call may grow them into new
        arrays: take them again after it.

        Args:
            count: How many slots the caller uses.

        Returns:
            tuple[numpy.ndarray, numpy.ndarray]: The evidence rows (float) and the generator
            rows (int) of every integer slot held so far.
        """
        self._direct.grow(int(count))
        return self._direct.MF, self._direct.MI

    def evidence_of(self, slot: Hashable) -> np.ndarray:
        """A copy of the slot's evidence row (what ``direct_memory``'s MF rows hold), zeros for
        a slot that has not acted."""
        rows, pool = self._rows([slot])
        return pool.MF[rows[0]].copy()

    def count_decisions(self, decisions: np.ndarray, fallbacks: np.ndarray) -> None:
        """Add decisions taken in compiled code to ``decisions`` and ``fallbacks``: arrays of
        shape (NUM_DECISION_KINDS, MAX_SKILLS), counts by decision kind and asking skill."""
        self._dec_counts += decisions
        self._fb_counts += fallbacks

    def player(self) -> HK.Player:
        """This agent as the kernels see it (``heuristic_common.Player``)."""
        return HK.Player(int(self.base_seed), int(self.evidence), int(self._default_deck),
                         self._tables)

    def compiled_loop(self, num_envs: int) -> HeuristicLoop:
        """A ``heroes_env`` batch's in-loop player (``heroes_env.agents.heuristic_loop``): the
        wrappers let this agent decide its seats inside the engine's compiled call, in the memory
        rows of slots ``row * MAX_SEATS + seat`` (the same choices as ``act_batch`` with those
        slots)."""
        from .heuristic_loop import HeuristicLoop
        return HeuristicLoop(self, num_envs)

    def remembers(self, slot: Hashable) -> bool:
        """Whether the slot holds memory of a game (it has acted since its last reset)."""
        if type(slot) is int and 0 <= slot < self.MAX_DIRECT_SLOT:
            pool, row = self._direct, slot
        elif slot in self._names:
            pool, row = self._named, self._names[slot]
        else:
            return False
        return row < pool.MF.shape[0] and bool(pool.MF[row, HK.M_INIT] > 0)

    def hostility(self, obs: np.ndarray, slot: Hashable = 0) -> np.ndarray:
        """The hostility per relative seat (> 0 enemy, < 0 friend; [0] is oneself) this agent
        reads from obs with the slot's current evidence (for inspection and tests)."""
        obs = obs_to_float32(obs)
        rows, pool = self._rows([slot])
        pool.grow(int(rows[0]) + 1)
        return HK.hostility_of(obs, np.ones(C.NUM_ACTIONS, np.int8), pool.MF[rows[0]],
                               self._tables, self._default_deck, self.evidence)

    def role_probs(self, obs: np.ndarray, slot: Hashable = 0) -> np.ndarray:
        """The evidence memory as a distribution: P[r, role] for each relative seat r < n (the
        player count) and role (``C.ROLE_*``, lord to renegade), as this agent reads obs with
        the slot's evidence so far: a known role (one's own, the lord's, the dead's) is certain;
        an unknown seat has the remaining role counts tilted by the evidence (and, with the
        default rules, fitted so that each role's probabilities over the unknown seats add up
        to the number of that role left). The same numbers the hostility is made from; the
        memory is not changed (it grows when the agent acts on the slot's observations). For
        the identity mode's roles: a 3v3 observation gives the known roles only."""
        obs = obs_to_float32(np.asarray(obs))
        if obs.shape != (C.OBS_SIZE,):
            raise ValueError(f"an observation has shape ({C.OBS_SIZE},), got {obs.shape}")
        rows, pool = self._rows([slot])
        pool.grow(int(rows[0]) + 1)
        V = np.zeros(HK.V_SIZE, np.int64)
        EQ = np.zeros((HK.NS, HK.NEQ), np.int64)
        SKS = np.zeros((HK.NS, C.MAX_SKILL_SLOTS), np.int64)
        HK.read_view(obs, np.ones(C.NUM_ACTIONS, np.int8), V, EQ, SKS, self._tables,
                     self._default_deck, -1)
        ev = self.evidence
        if ev & HK.EV_LOYALIST_ONLY and V[HK.V_ROLE] != C.ROLE_LOYALIST:
            ev &= ~(HK.EV_NO_STALE | HK.EV_COUNTS)
        P = np.zeros((HK.NS, C.NUM_ROLES))
        HK.role_probs(V, pool.MF[rows[0]], self._tables.counts, P, ev)
        return P[:V[HK.V_N]].copy()

    # ------------------------------------------------------------ slots -> memory rows
    def _split(self, slots):
        arr = np.asarray(list(slots) if not isinstance(slots, np.ndarray) else slots)
        if arr.dtype.kind in "iu" and (arr.size == 0 or (arr.min() >= 0
                                                          and arr.max() < self.MAX_DIRECT_SLOT)):
            return arr.astype(np.int64).ravel(), []
        direct = []
        named = []
        for k in (slots.tolist() if isinstance(slots, np.ndarray) else slots):
            if isinstance(k, (int, np.integer)) and not isinstance(k, bool) \
                    and 0 <= k < self.MAX_DIRECT_SLOT:
                direct.append(int(k))
            else:
                named.append(k)
        return np.array(direct, np.int64), named

    def _rows(self, keys):
        arr = keys if isinstance(keys, np.ndarray) else None
        if arr is None:
            try:
                arr = np.asarray(keys)
            except (ValueError, TypeError):
                arr = None
        if arr is not None and arr.ndim == 1 and arr.dtype.kind in "iu" and (
                arr.size == 0 or (arr.min() >= 0 and arr.max() < self.MAX_DIRECT_SLOT)):
            return arr.astype(np.int64), self._direct
        rows = np.empty(len(keys), np.int64)
        for i, k in enumerate(keys.tolist() if isinstance(keys, np.ndarray) else keys):
            if k not in self._names:
                self._names[k] = len(self._names)
            rows[i] = self._names[k]
        return rows, self._named


def _counter(a: np.ndarray) -> Counter:
    dk, sk = np.nonzero(a)
    return Counter({(int(d), int(s)): int(a[d, s]) for d, s in zip(dk, sk, strict=True)})


register_agent("heuristic", HeuristicAgent)
