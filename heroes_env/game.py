"""``Game``: one game as a Python object over one engine state row.

The engine is a set of compiled functions over an ``int32`` row; ``Game`` holds the row and gives
it a readable face: who decides, the legal actions and their labels, stepping with clear errors,
observations, rewards, cloning and serialisation, and the event log. The AEC env, the scenario
builder and the demo all use it.
"""
from __future__ import annotations

import hashlib
import operator

import numpy as np
import numpy.typing as npt

from . import cards, labels
from .config import Config
from .engine import constants as C
from .engine import content, core
from .engine.invariants import OK, check_row, fault_if_broken
from .engine.mask import legal_mask
from .engine.observe import STATE_OBS_SIZE, observe, observe_state
from .engine.resample import check_request, draw_worlds


class IllegalActionError(ValueError):
    """An action that the pending decision does not allow (the game is left unchanged)."""


def engine_seed(seed) -> int:
    """The engine's 32-bit game seed for a user seed: any int, all its bits count (a hash);
    None draws fresh entropy. ``Game.new(seed=s)`` plays the game of ``engine_seed(s)``."""
    if seed is None:
        seed = np.random.SeedSequence().entropy
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be an int or None, got {seed!r}")
    return hash_seed(int(seed))


def hash_seed(seed: int) -> int:
    """``engine_seed`` of a Python int, without the checks (for callers that made the int
    themselves: a batch refreshing its rows' next seeds)."""
    h = int.from_bytes(hashlib.blake2b(str(seed).encode(), digest_size=4).digest(), "little")
    return h - (1 << 32) if h >= (1 << 31) else h


_engine_seed = engine_seed      # (Game.new has a parameter of that name)



def as_action(action) -> int | None:
    """action as a Python int, or None if it is no integer: what ``operator.index`` accepts
    (int, numpy integers) and 0-d or size-1 integer arrays (a policy's ``predict`` output);
    bools and floats are refused. The range is not checked."""
    if type(action) is int:          # the common case first (a bool's type is bool)
        return action
    if isinstance(action, (bool, np.bool_)):
        return None
    if isinstance(action, np.ndarray):
        if action.size != 1 or action.dtype.kind not in "iu":
            return None
        return int(action.reshape(-1)[0])
    try:
        return operator.index(action)
    except TypeError:
        return None

def as_generator(rng) -> np.random.Generator:
    """rng as a numpy Generator: a Generator itself, an int seed, or None (fresh entropy)."""
    if isinstance(rng, np.random.Generator):
        return rng
    if rng is None or (isinstance(rng, (int, np.integer))
                       and not isinstance(rng, (bool, np.bool_))):
        return np.random.default_rng(rng)
    raise ValueError(f"rng must be a numpy Generator, an int seed or None, got {rng!r}")


def check_state(config: Config, state) -> None:
    """Raise ValueError unless state is a game row the engine may run under config: an int32
    array of ``STATE_SIZE`` cells whose header matches config (players, mode, pack, deck), every
    field within the range its layout declares (``engine/constants.py``) and every structural
    invariant holding (``engine/invariants.py``). The message names the field, its value and its
    range (or the invariant)."""
    if not isinstance(config, Config):
        raise ValueError(f"config must be a heroes_env.Config, got {config!r}")
    if not isinstance(state, np.ndarray) or state.shape != (C.STATE_SIZE,) \
            or state.dtype != np.int32:
        raise ValueError(f"state must be an int32 array of shape ({C.STATE_SIZE},), got "
                         f"{getattr(state, 'dtype', type(state).__name__)} "
                         f"{getattr(state, 'shape', '')}")
    if not state.flags.c_contiguous or not state.flags.writeable:
        raise ValueError("state must be a writeable, contiguous array (the game plays in it): "
                         f"got a {'read-only' if not state.flags.writeable else 'strided'} "
                         "one; pass a copy (state.copy())")
    spec = config.spec()
    header = ((C.H_NP, spec[C.G_NP], "num_players"), (C.H_MODE, spec[C.G_MODE], "mode"),
              (C.H_PACK, spec[C.G_PACK], "pack"), (C.H_DECK, spec[C.G_DECKID], "deck"),
              (C.H_NCARDS, spec[C.G_NCARDS], "deck size"))
    check_row(state, header, spec[C.G_DECK:C.G_DECK + spec[C.G_NCARDS]])


class Game:
    """One game over one engine state row: who decides, the legal actions and their labels,
    stepping with clear errors, observations, rewards, cloning, serialisation and the event log.

    ``Game.new(config, seed)`` deals a fresh game; ``heroes_env.scenario`` rigs one. The
    constructor takes a state row from elsewhere (``to_bytes``, a file, another ``Game``): the
    row is checked before any compiled code touches it (``check_state``), and is used, not
    copied. Every step of such a game is checked too: one that breaks an invariant ends the game
    truncated, with ``H_ERR`` = ``FAULT_BROKEN_INVARIANT``. Decisions with one legal action are
    answered by the engine when ``Config.autoplay`` is on. A method that takes a seat raises
    ``ValueError`` for a seat that is not an int from 0 to ``num_players - 1``.

    Args:
        config: The game's ``Config``; the row's header must match it.
        state: The ``(STATE_SIZE,)`` int32 row, writeable and contiguous (the game plays in it).
        log: Keep every event in ``event_log`` (the engine's ring holds only the last
            ``EV_RING``), drained after every step.

    Attributes:
        config: The game's ``Config``.
        s: The engine state row.
        event_log: The events so far, with ``log=True``: ``(kind, a, b, c)`` tuples
            (``log_lines`` turns them into text).

    Raises:
        ValueError: A row that is not a game of config, a field out of its range or a broken
            invariant, named with its value.

    Examples:
        ```python
        from heroes_env import Config, Game

        g = Game.new(Config(num_players=5), seed=7)
        while not g.done:
            g.step(g.legal_actions()[0])
        print(g.describe_decision(), g.rewards())
        ```
    """

    config: Config
    s: np.ndarray
    event_log: list[tuple[int, int, int, int]]

    def __init__(self, config: Config, state: np.ndarray, log: bool = False):
        check_state(config, state)
        self._adopt(config, state, log)
        # a row from outside is checked after every step too (invariants.fault_if_broken):
        # one that breaks an invariant ends truncated with H_ERR = FAULT_BROKEN_INVARIANT
        self._outside = True

    @classmethod
    def _trusted(cls, config: Config, state: np.ndarray, log: bool = False) -> Game:
        """A game over a row the engine made itself for this config (no check)."""
        g = cls.__new__(cls)
        g._adopt(config, state, log)
        return g

    def _adopt(self, config: Config, state: np.ndarray, log: bool) -> None:
        self.config = config
        self.s = state
        self.deck = cards.deck(config.deck)
        self._buf = np.zeros(C.NUM_ACTIONS, np.int8)
        self._buf_stamp = -1      # _buf is the current mask iff this equals s[H_NDEC]
        self.log_enabled = log
        self.event_log = []
        # indices of EV_GAIN events from another seat whose card was in a public zone (equipment,
        # judgement zone, table) before the step: everyone saw that card move (log_lines(seat=))
        self.public_gains: set[int] = set()
        self._ev_seen = 0
        self.events_lost = 0
        self._outside = False

    # ------------------------------------------------------------ construction
    @classmethod
    def new(cls, config: Config | None = None, seed: int | None = None, log: bool = False,
            engine_seed: int | None = None) -> Game:
        """Deal a new game and run it to its first decision.

        Args:
            config: The kind of game (None: ``Config()``).
            seed: Any int, all its bits count: the same seed deals the same game (that of
                ``heroes_env.env().reset(seed=seed)``); None draws fresh entropy.
            log: Keep every event in ``event_log``.
            engine_seed: The engine's own 32-bit seed instead of ``seed`` (as the batch kernels
                use), to replay a game they played.

        Raises:
            ValueError: A seed that is not an int or None, an ``engine_seed`` outside int32.
        """
        config = config or Config()
        s = np.zeros(C.STATE_SIZE, np.int32)
        if engine_seed is None:
            engine_seed = _engine_seed(seed)
        elif not -(1 << 31) <= int(engine_seed) < (1 << 31):
            raise ValueError(f"engine_seed must fit in int32, got {engine_seed!r}")
        core.setup_game(s, config.spec(), int(engine_seed))
        g = cls._trusted(config, s, log)
        g._deal_and_start()
        return g

    def _deal_and_start(self):
        core.deal_and_start(self.s, self._buf)
        self._drain_events()

    def _start(self):
        core.start(self.s, self._buf)
        self._drain_events()

    def clone(self) -> Game:
        """An independent copy: the state row, the event log and the random generator's state
        (the copy plays the same future for the same actions)."""
        g = Game._trusted(self.config, self.s.copy(), self.log_enabled)
        g.event_log = list(self.event_log)
        g.public_gains = set(self.public_gains)
        g._ev_seen = self._ev_seen
        g._outside = self._outside
        return g

    def resample(self, seat: int, rng: np.random.Generator | int | None = None,
                 roles: np.ndarray | None = None) -> Game:
        """A full game that seat cannot tell from this one, the hidden rest drawn afresh.

        seat's observation of the new game equals its observation of this one bit for bit, and
        so does its legal mask when it decides. Kept: seat's own hand, role, hero and draft
        offer, the cards it is looking at, every public zone and fact (HP, heroes, equipment,
        judgement zones, the discard pile and the table, revealed roles, the public history,
        the seating) and the frame stack with the pending decision (the cards it names as in
        play included). Redrawn: the other seats' hands from the cards seat cannot place (each
        hand's size kept), the draw pile's order, the cards another seat is looking at, the
        hidden roles, the hidden parts of the hero draft and the game's random generator. See
        ``heroes_env.engine.resample`` and the API reference's "Resampling".

        Args:
            seat: The seat whose knowledge the new game keeps (0 .. num_players - 1; a dead
                seat too).
            rng: Where the redrawn parts come from (an int seeds a new Generator; None: fresh
                entropy).
            roles: None draws the hidden roles uniformly over the assignments consistent with
                the roles seat sees and the role counts. Else a probability per seat (absolute
                seat order) and role, shape (num_players, NUM_ROLES) or (num_players, 4) in
                identity mode (lord, loyalist, rebel, renegade), e.g. a belief model's output:
                an assignment is drawn with probability proportional to the product of its
                seats' probabilities.

        Returns:
            The new game (this one is unchanged), its event log empty.

        Raises:
            ValueError: Seat out of range, the game over, rng of another type, roles of the
                wrong shape, not finite probabilities >= 0, giving 0 to a role seat sees, or to
                every consistent assignment. Nothing is changed.
        """
        checked = check_request(self.s, seat, roles)
        row = draw_worlds(self.s, int(seat), as_generator(rng), 1, checked)[0]
        g = Game._trusted(self.config, row, self.log_enabled)
        g._ev_seen = int(row[C.H_NEV])
        g._outside = self._outside
        return g

    def to_bytes(self) -> bytes:
        """The state row as bytes (``STATE_SIZE`` int32 cells): ``from_bytes`` reads it back."""
        return self.s.tobytes()

    @classmethod
    def from_bytes(cls, config: Config, data: bytes) -> Game:
        """The game of ``to_bytes`` under config, checked as ``Game(config, state)`` is.

        Raises:
            ValueError: data that is not bytes of one state row, or a row ``Game`` refuses.
        """
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise ValueError(f"data must be bytes, got {type(data).__name__}")
        size = data.nbytes if isinstance(data, memoryview) else len(data)
        if size != C.STATE_SIZE * 4:
            raise ValueError(f"state must be an int32 array of shape ({C.STATE_SIZE},): "
                             f"{C.STATE_SIZE * 4} bytes, got {size}")
        if isinstance(data, memoryview):
            data = data.tobytes()        # any view (strided, of any item format): its bytes
        return cls(config, np.frombuffer(data, np.int32).copy())

    # ------------------------------------------------------------ status
    @property
    def num_players(self) -> int:
        """Seats at the table, dead ones included."""
        return int(self.s[C.H_NP])

    @property
    def decider(self) -> int:
        """Seat that must decide now (-1 when the game is over)."""
        return int(self.s[C.H_DECIDER]) if not self.done else -1

    @property
    def done(self) -> bool:
        """The game is over (won, drawn or truncated)."""
        return bool(self.s[C.H_DONE])

    @property
    def result(self) -> int:
        """The ``RES_*`` code (``RES_NONE`` = 0 while the game runs); its name:
        ``heroes_env.labels.RESULT_NAMES[lang][result]``."""
        return int(self.s[C.H_RESULT])

    @property
    def truncated(self) -> bool:
        """The game ended truncated, all rewards 0: at its round cap (``Config.max_rounds``), or
        at a broken invariant of a game over an outside row."""
        return self.done and self.result == C.RES_TRUNCATED

    @property
    def decision_kind(self) -> int:
        """The ``DK_*`` kind of the pending decision; its name:
        ``heroes_env.labels.DECISION_NAMES[lang][kind]``."""
        return int(self.s[C.H_DKIND])

    @property
    def current(self) -> int:
        """The seat whose turn it is."""
        return int(self.s[C.H_CUR])

    @property
    def phase(self) -> int:
        """The ``PH_*`` phase of the current turn."""
        return int(self.s[C.H_PHASE])

    @property
    def round(self) -> int:
        """The round under way, from 1."""
        return int(self.s[C.H_ROUND])

    @property
    def rounds_played(self) -> int:
        """Rounds begun (the round a game ends in counts; a truncated game played its cap,
        although its round counter has passed it)."""
        return min(self.round, int(self.s[C.H_MAX_ROUNDS]))

    def hp(self, seat: int) -> int:
        """The seat's HP."""
        return int(self.s[C.P_HP + self._check_seat(seat)])

    def max_hp(self, seat: int) -> int:
        """The seat's maximum HP."""
        return int(self.s[C.P_MAXHP + self._check_seat(seat)])

    def alive(self, seat: int) -> bool:
        """Whether the seat is alive."""
        return bool(self.s[C.P_ALIVE + self._check_seat(seat)])

    def role(self, seat: int) -> int:
        """The seat's ``ROLE_*`` (hidden roles included: this is the whole game)."""
        return int(self.s[C.P_ROLE + self._check_seat(seat)])

    def zone_cards(self, zone: int) -> list[int]:
        """The ids of the cards in a ``Z_*`` zone (a seat's zone: ``Z_HAND + seat`` ...)."""
        n = int(self.s[C.H_NCARDS])
        return np.flatnonzero(self.s[C.C_LOC:C.C_LOC + n] == zone).tolist()

    def hand(self, seat: int) -> list[int]:
        """The card ids in the seat's hand."""
        return self.zone_cards(C.Z_HAND + self._check_seat(seat))

    def equipment(self, seat: int) -> list[int]:
        """The seat's equipment: weapon, armour, +1 horse, -1 horse, those it has."""
        seat = self._check_seat(seat)
        return [int(self.s[f + seat]) for f in (C.P_WEAPON, C.P_ARMOR, C.P_PLUS, C.P_MINUS)
                if self.s[f + seat] >= 0]

    def judgement_zone(self, seat: int) -> list[int]:
        """Delayed tricks in placement order (the last one resolves first)."""
        cs = self.zone_cards(C.Z_JUDGE + self._check_seat(seat))
        return sorted(cs, key=lambda c: int(self.s[C.C_ORD + c]))

    def hero_pile(self, seat: int) -> list[int]:
        """Cards set aside face up on seat's hero (不屈 / 红颜劫), in placement order."""
        cs = self.zone_cards(C.Z_PILE + self._check_seat(seat))
        return sorted(cs, key=lambda c: int(self.s[C.C_ORD + c]))

    def draw_pile(self) -> list[int]:
        """Draw pile, top card first."""
        n = int(self.s[C.H_NDECK])
        return [int(self.s[C.D_ORDER + i]) for i in range(n - 1, -1, -1)]

    def card_name(self, c: int, lang: str = "en") -> str:
        """Card c's label in ``lang`` (``"en"`` or ``"zh"``): its name, suit and rank."""
        return labels.card_label(self.deck, c, lang)

    # ------------------------------------------------------------ actions
    def mask(self) -> np.ndarray:
        """The exact legal-action mask (int8) of the pending decision (zeros when over)."""
        m = np.zeros(C.NUM_ACTIONS, np.int8)
        legal_mask(self.s, m)
        return m

    def invalidate(self) -> None:
        """Call after editing ``self.s`` by hand: forget the cached mask."""
        self._buf_stamp = -1

    def _current_mask(self) -> np.ndarray:
        """The internal buffer, made current if needed (do not hand it out: copy it)."""
        if self._buf_stamp != self.s[C.H_NDEC]:
            legal_mask(self.s, self._buf)
            self._buf_stamp = int(self.s[C.H_NDEC])
        return self._buf

    def observe_with_mask(self, seat: int, dtype: npt.DTypeLike = np.float32
                          ) -> tuple[np.ndarray, np.ndarray]:
        """The seat's observation and its action mask in one call.

        Args:
            seat: The observing seat.
            dtype: ``np.float32`` or ``np.uint8`` (one byte a cell: ``heroes_env.obs``).

        Returns:
            The observation ``(OBS_SIZE,)`` and the int8 mask ``(NUM_ACTIONS,)``, zeros unless
            the seat decides now.
        """
        seat = self._check_seat(seat)
        obs = np.empty(C.OBS_SIZE, dtype)
        observe(self.s, seat, obs, False)
        if seat == self.s[C.H_DECIDER] and not self.s[C.H_DONE]:
            return obs, self._current_mask().copy()
        return obs, np.zeros(C.NUM_ACTIONS, np.int8)

    def legal_actions(self) -> list[int]:
        """The legal actions of the pending decision, ascending (empty when over)."""
        return [int(a) for a in np.flatnonzero(self._current_mask())]

    def action_to_str(self, action: int, lang: str = "en") -> str:
        """The label of an action for the pending decision, in ``"en"`` or ``"zh"``."""
        d = self.decider if self.decider >= 0 else 0
        return labels.action_to_str(action, self.deck, d, self.num_players, lang, self.s)

    def legal_labels(self, lang: str = "en") -> list[str]:
        """The labels of the legal actions, in ``legal_actions`` order."""
        return [self.action_to_str(a, lang) for a in self.legal_actions()]

    def describe_decision(self, lang: str = "en") -> str:
        """The pending decision as a sentence: "player_0 decides: Benevolence — choose a target"
        (the result once the game is over)."""
        if self.done:
            return labels.RESULT_NAMES[lang][self.result]
        return labels.decision_sentence(self.decider, self._decision_what(lang), lang)

    def _decision_what(self, lang: str = "en") -> str:
        """What the pending decision asks ("Benevolence — choose a target")."""
        sk = int(self.s[C.H_DSKILL])
        if sk:
            sk = labels.seat_skill(self.s, int(self.s[C.H_DSKOWNER]), sk)
        return labels.decision_what(self.decision_kind, sk, lang)

    def step(self, action: int | np.integer | np.ndarray, seat: int | None = None) -> None:
        """Answer the pending decision.

        Args:
            action: An int, anything ``operator.index`` accepts (numpy integers), or a 0-d /
                size-1 integer array (what a policy's ``predict`` returns); not a float or a
                bool.
            seat: The seat that means to act: refused unless it is the deciding one.

        Raises:
            IllegalActionError: The game is over, seat is not the deciding seat, or the action
                is not legal; the message lists the legal actions, the game is unchanged.
        """
        if seat is not None and seat != self.decider:
            raise self._illegal(action, seat)
        a = as_action(action)
        if a is not None and 0 <= a < C.NUM_ACTIONS:
            # the compiled step checks the mask itself and changes nothing if it refuses
            s = self.s
            current = self._buf_stamp == s[C.H_NDEC]
            locs = self._locs() if self.log_enabled else None
            if core.step_trusting(s, a, self._buf, current) == core.ENGINE_OK:
                if self._outside and fault_if_broken(s) != OK:
                    self._buf_stamp = -1
                    if self.log_enabled:
                        self._drain_events(locs)
                    return
                # with autoplay in the engine, _buf now holds the new decision's mask
                self._buf_stamp = (int(s[C.H_NDEC])
                                   if s[C.H_FLAGS] & C.FLAG_AUTOPLAY and not s[C.H_DONE]
                                   else -1)
                if self.log_enabled:
                    self._drain_events(locs)
                return
            if not current:      # a refused step may or may not have refreshed _buf
                self._buf_stamp = -1
        raise self._illegal(action, seat)

    def _illegal(self, action, seat) -> IllegalActionError:
        if self.done:
            return IllegalActionError("the game is over "
                                      f"({labels.RESULT_NAMES['en'][self.result]});"
                                      " no action is legal")
        if seat is not None and seat != self.decider:
            return IllegalActionError(f"player_{seat} cannot act now: player_{self.decider} must "
                                      f"decide ({self._decision_what()})")
        legal = self.legal_actions()
        shown = ", ".join(f"{x} ({self.action_to_str(x)})" for x in legal)
        a = as_action(action)
        if a is None:
            return IllegalActionError(f"an action is an int in 0..{C.NUM_ACTIONS - 1}, got "
                                      f"{action!r}; legal: {shown}")
        label = self.action_to_str(a) if 0 <= a < C.NUM_ACTIONS else "outside the action space"
        return IllegalActionError(f"action {a} ({label}) is not legal now "
                                  f"({self.describe_decision()}); legal: {shown}")

    def play(self, label: str, seat: int | None = None) -> int:
        """Step the legal action a label names.

        Args:
            label: An exact label (en or zh, any case), a card kind's name alone (the
                lowest-id legal card of that kind), or a skill's or offered hero's key or name
                (``labels.match_action``).
            seat: As in ``step``.

        Returns:
            The action stepped.

        Raises:
            IllegalActionError: The game is over, or what ``step`` refuses.
            ValueError: No legal action has that label.
        """
        if self.done:
            raise IllegalActionError("the game is over; no action is legal")
        a = labels.match_action(label, self.legal_actions(), self.deck, self.decider,
                                self.num_players, self.s)
        self.step(a, seat)
        return a

    def _locs(self) -> np.ndarray:
        """Every card's zone now (to tell, after a step, which moves everyone could see)."""
        return self.s[C.C_LOC:C.C_LOC + int(self.s[C.H_NCARDS])].copy()

    def _drain_events(self, locs=None):
        total = int(self.s[C.H_NEV])
        new = total - self._ev_seen
        if new > C.EV_RING:
            self.events_lost += new - C.EV_RING
            self._ev_seen = total - C.EV_RING
        for i in range(self._ev_seen, total):
            o = C.EV_BASE + (i % C.EV_RING) * C.EV_SIZE
            ev = tuple(int(x) for x in self.s[o:o + C.EV_SIZE])
            if self.log_enabled:
                if (ev[0] == C.EV_GAIN and labels.ev_unpack(ev[3])[0] >= 0 and locs is not None
                        and 0 <= ev[2] < len(locs) and labels.public_zone(int(locs[ev[2]]))):
                    self.public_gains.add(len(self.event_log))
                self.event_log.append(ev)
        self._ev_seen = total

    def log_lines(self, lang: str = "en", start: int = 0, seat: int | None = None) -> list[str]:
        """The event log as text lines (needs ``log=True``).

        Args:
            lang: ``"en"`` or ``"zh"``.
            start: The first event index.
            seat: Only what that seat may see (the cards other seats draw, are given or take
                from a hand are shown as "a card"); None: everything.
        """
        out = []
        for i in range(start, len(self.event_log)):
            ev = self.event_log[i]
            line = labels.event_to_str(ev, self.deck, lang, seat, i in self.public_gains)
            if line is not None:
                out.append(line)
        return out

    # ------------------------------------------------------------ observations and results
    def _check_seat(self, seat) -> int:
        if type(seat) is int and 0 <= seat < self.s[C.H_NP]:     # the common case first
            return seat
        if isinstance(seat, (bool, np.bool_)) or not isinstance(seat, (int, np.integer)) \
                or not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be an int from 0 to {self.num_players - 1}, got {seat!r}")
        return int(seat)

    def observe(self, seat: int, dtype: npt.DTypeLike = np.float32) -> np.ndarray:
        """The seat's observation ``(OBS_SIZE,)`` (docs/observation.md), in ``np.float32`` or
        ``np.uint8`` (one byte a cell: ``heroes_env.obs``)."""
        seat = self._check_seat(seat)
        out = np.zeros(C.OBS_SIZE, dtype)
        observe(self.s, seat, out, False)
        return out

    def state_vector(self, dtype: npt.DTypeLike = np.float32) -> np.ndarray:
        """Full information ``(STATE_OBS_SIZE,)`` for a centralised critic (``env.state()``)."""
        out = np.zeros(STATE_OBS_SIZE, dtype)
        observe_state(self.s, out)
        return out

    def rewards(self) -> np.ndarray:
        """Every seat's reward, float32 ``(num_players,)``: +1 for the winning side (3v3: team),
        -1 for the others, 0 for a draw, a truncated game and while it runs."""
        out = np.zeros(self.num_players, np.float32)
        core.rewards(self.s, out)
        return out

    def hero(self, seat: int) -> content.Hero | None:
        """The seat's hero (``content.Hero``), or None for a no-skill character."""
        h = int(self.s[C.P_HERO + self._check_seat(seat)])
        return content.HEROES_BY_ID.get(h) if h >= 0 else None

    def skills(self, seat: int) -> list[str]:
        """Keys of the seat's skills (lord skills only for the lord)."""
        seat = self._check_seat(seat)
        return [content.SKILLS_BY_ID[int(self.s[C.P_SK0 + i * C.MAX_SEATS + seat])].key
                for i in range(C.MAX_SKILL_SLOTS) if self.s[C.P_SK0 + i * C.MAX_SEATS + seat]]

    def render_text(self, lang: str = "en") -> str:
        """A readable snapshot: every seat's public state (plus hands: this is for humans)."""
        zh = lang == "zh"
        lines = [f"{'轮' if zh else 'round'} {self.round}  "
                 f"{labels.PHASE_NAMES[lang][self.phase]}  "
                 f"{'牌堆' if zh else 'deck'} {int(self.s[C.H_NDECK])}"]
        for seat in range(self.num_players):
            role = labels.ROLE_NAMES[lang][self.role(seat)]
            h = self.hero(seat)
            if h is not None:
                role += " " + h.name(lang)
            mark = "*" if seat == self.current else " "
            if not self.alive(seat):
                lines.append(f"{mark}{labels.seat_name(seat, lang)} [{role}] "
                             f"{'阵亡' if zh else 'dead'}")
                continue
            eq = ", ".join(self.card_name(c, lang) for c in self.equipment(seat)) or "-"
            jz = ", ".join(self.card_name(c, lang) for c in self.judgement_zone(seat)) or "-"
            hand = ", ".join(self.card_name(c, lang) for c in self.hand(seat))
            words = ("体力", "装备", "判定区", "手牌") if zh else ("HP", "equip", "judge", "hand")
            lines.append(f"{mark}{labels.seat_name(seat, lang)} [{role}] "
                         f"{words[0]} {self.hp(seat)}/"
                         f"{self.max_hp(seat)} | {words[1]}: {eq} | {words[2]}: {jz} | "
                         f"{words[3]}: {hand}")
        if self.done:
            lines.append(("结果：" if zh else "result: ") + labels.RESULT_NAMES[lang][self.result])
        else:
            lines.append(self.describe_decision(lang))
        return "\n".join(lines)
