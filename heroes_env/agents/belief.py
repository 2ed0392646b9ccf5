"""The belief model: the hidden roles of the other seats, read from one observation.

    from heroes_env.agents.belief import load_belief
    reader = load_belief()                # the shipped model (heroes_env/data/belief.pt)
    P = reader.probs(obs)                 # [MAX_SEATS, 4]: lord, loyalist, rebel, renegade

A seat's row is filled where the observation hides that seat's role (``hidden_mask``: alive,
not the viewer, not the lord, not revealed); the other rows are zeros. Rows are relative seats,
as in the observation (row r: the seat r places after the viewer). The search agent draws its
worlds' hidden roles from it (``search:roles=belief``, ``heroes_env.agents.search``);
``training/train_belief.py`` trains it and ``training/role_reading.py`` scores it
(``docs/role-reading.md``).

**Network** (``BeliefNet``, about 50,000 weights): the same small MLP for every relative seat
(DeepSets style, so 5 and 8 players share what they learn). A seat's inputs, gathered from the
observation in the network's ``forward``: its seat block; its public history with every other
seat as actor and receiver (game and current round); that history summed by the *known* role of
the other party (what it did to the lord, to the viewer when his role is the viewer's own, to the
dead rebels...; own role, lord and the dead are the roles a viewer knows); the prior of the
roles not yet seen; its relative position; the viewer's role, the phase, the round and the
player count. A first layer per seat, the mean over the present seats appended, a second layer,
4 logits (lord, loyalist, rebel, renegade).

**Reading** (``RoleReader.probs``): softmax per seat, roles of which none is left set to 0, and
with ``fit_counts`` (chosen on held-out games when it was trained) the hidden seats'
probabilities fitted so that each role's add up to the number of that role not yet seen
(alternating scaling, as the heuristic does). Only hidden seats get a distribution.

**Files**: a belief checkpoint is a ``torch.save`` dict {"format": ``BELIEF_FORMAT``, "arch",
"state_dict", "fit_counts", "meta"} with float32 weights. ``load_belief`` reads it as every
model file of the package is read (``heroes_env.agents.torch_policy``): the archive's sizes
checked before anything is unpacked, ``torch.load(..., weights_only=True)`` (no code in the file
runs), the arch within the limits before the net is built, the weights' keys, shapes and values
checked; anything else is an ``AgentSpecError`` naming what is wrong. A checkpoint saved for an
older observation layout is migrated (``migrate_belief``). The shipped model is package data, so
an installed wheel reads it too (``default_path``).

torch is imported when a model is built or loaded, never when this module is imported; without
it those raise ``AgentSpecError`` with the command that installs it.
"""
from __future__ import annotations

import os
from importlib import resources

import numpy as np

from heroes_env.engine import constants as C

from .base import TORCH_THREADS, AgentSpecError

__all__ = ["BELIEF_FORMAT", "NUM_CLASSES", "RoleReader", "build_net", "default_path",
           "fit_to_counts", "hidden_mask", "load_belief", "remaining_roles", "role_counts",
           "seat_view"]

BELIEF_FORMAT = "heroes_env.belief/1"
NUM_CLASSES = 4                   # lord, loyalist, rebel, renegade (the identity roles)
SHIPPED = "belief.pt"             # in the package's data folder


def default_path() -> str:
    """The shipped belief model: ``belief.pt`` of the package's data folder (an installed
    package's, or the checkout's ``heroes_env/data/``)."""
    return str(resources.files("heroes_env").joinpath("data", SHIPPED))


def _torch():
    try:
        import torch
    except ImportError as e:       # pragma: no cover - the train extra is missing
        from heroes_env.cli import install_hint
        raise AgentSpecError(f"the belief model needs torch: {install_hint('train')}") from e
    return torch


# ---------------------------------------------------------------- what a viewer can see
def seat_view(obs: np.ndarray):
    """(players [B], known role per relative seat [B, S] (-1: hidden), alive [B, S]) read from
    float32 observations [B, OBS_SIZE] (or one, [OBS_SIZE]: then without the B axis): only
    what they show."""
    obs = np.asarray(obs)
    one = obs.ndim == 1
    obs = obs[None] if one else obs
    blocks = obs[:, C.OBS_SEATS:C.OBS_SEATS + C.MAX_SEATS * C.SEAT_OBS].reshape(
        len(obs), C.MAX_SEATS, C.SEAT_OBS)
    n = (blocks[:, :, C.OS_PRESENT] > 0).sum(1)
    roles = blocks[:, :, C.OS_ROLE:C.OS_ROLE + C.NUM_ROLES]
    known = np.where(roles.max(2) > 0, roles.argmax(2), -1)
    alive = blocks[:, :, C.OS_ALIVE] > 0
    return (n[0], known[0], alive[0]) if one else (n, known, alive)


def hidden_mask(obs: np.ndarray) -> np.ndarray:
    """[B, MAX_SEATS] (or [MAX_SEATS] for one observation): the relative seats 1..n-1 that are
    alive and whose role the observation hides."""
    _, known, alive = seat_view(obs)
    out = alive & (known < 0)
    out[..., 0] = False
    return out


def role_counts(n: int) -> np.ndarray:
    """How many seats of each identity role an n-player game deals."""
    from heroes_env import cards
    pool = cards.role_pool(n)
    return np.bincount(pool, minlength=NUM_CLASSES)[:NUM_CLASSES].astype(np.float64)


_COUNTS: dict[int, np.ndarray] = {}


def remaining_roles(obs: np.ndarray) -> np.ndarray:
    """The roles not yet seen, counts per identity role ([B, 4], or [4] for one observation):
    the deal's counts less the roles the observation shows (one's own, the lord's, the dead's)."""
    n, known, _ = seat_view(obs)
    one = np.ndim(n) == 0
    n, known = np.atleast_1d(n), np.atleast_2d(known)
    for k in set(n.tolist()) - set(_COUNTS):
        _COUNTS[k] = role_counts(k)
    left = np.stack([_COUNTS[k] for k in n.tolist()])
    for c in range(NUM_CLASSES):
        left[:, c] -= (known == c).sum(1)
    left = np.maximum(left, 0.0)
    return left[0] if one else left


# ---------------------------------------------------------------- the network
_NET = None


def _net_class():
    """BeliefNet, defined on first use (torch is imported then)."""
    global _NET
    if _NET is not None:
        return _NET
    torch = _torch()
    from torch import nn

    from heroes_env.obs import OBS_DIVISOR, OBS_SIGNED

    S, K = C.MAX_SEATS, NUM_CLASSES
    GLOBAL = C.NUM_ROLES + C.NUM_PHASES + 3 + (S + 1)
    SEAT_IN = (C.SEAT_OBS + 2 * S * C.NUM_HK + 2 * S * C.NUM_HC + 2 * K * C.NUM_HK
               + 2 * K * C.NUM_HC + K + S + GLOBAL)

    def by_role(counters, known):
        """counters [B, S(seat r), S(other seat a), kinds], known [B, S(a), 4] -> [B, S,
        kinds * 4]: seat r's counters with the other seats summed by their known role."""
        B = counters.shape[0]
        return (counters.transpose(2, 3) @ known[:, None]).reshape(B, S, -1)

    class BeliefNet(nn.Module):
        """Per-seat MLP over features gathered from the observation: logits [B, MAX_SEATS, 4]."""

        def __init__(self, hidden=(96, 64)):
            super().__init__()
            h1, h2 = hidden
            self.arch = {"hidden": [int(h1), int(h2)], "seat_inputs": SEAT_IN,
                         "obs_layout": C.OBS_LAYOUT}
            self.l1 = nn.Linear(SEAT_IN, h1)
            self.l2 = nn.Linear(2 * h1, h2)
            self.out = nn.Linear(h2, K)
            counts = torch.zeros(S + 1, K)
            for n in range(4, S + 1):
                counts[n] = torch.from_numpy(role_counts(n)).float()
            self.register_buffer("counts", counts, persistent=False)
            self.register_buffer("obs_divisor", torch.from_numpy(OBS_DIVISOR.copy()),
                                 persistent=False)
            self.register_buffer("obs_signed", torch.from_numpy(OBS_SIGNED.copy()),
                                 persistent=False)

        def decode(self, obs):
            if obs.dtype == torch.uint8:         # obs_dtype="uint8": the exact float32 values
                k = obs.to(torch.int16)
                k = k - (self.obs_signed & (k > 127)).to(torch.int16) * 256
                return k.float() / self.obs_divisor
            return obs.float()

        def features(self, obs):
            """(per-seat inputs [B, S, SEAT_IN], present [B, S], roles not yet seen [B, 4])."""
            B = obs.shape[0]
            seats = obs[:, C.OBS_SEATS:C.OBS_SEATS + S * C.SEAT_OBS].reshape(B, S, C.SEAT_OBS)
            hg = obs[:, C.OBS_HIST_GAME:C.OBS_HIST_GAME + S * S * C.NUM_HK].reshape(
                B, S, S, C.NUM_HK)
            hr = obs[:, C.OBS_HIST_ROUND:C.OBS_HIST_ROUND + S * S * C.NUM_HC].reshape(
                B, S, S, C.NUM_HC)
            known = seats[:, :, C.OS_ROLE:C.OS_ROLE + K]            # [B, S, 4] shown roles
            present = seats[:, :, C.OS_PRESENT]
            n = present.sum(1).round().long().clamp(0, S)
            left = (self.counts[n] - known.sum(1)).clamp(min=0)
            prior = left / left.sum(1, keepdim=True).clamp(min=1)
            glob = torch.cat([obs[:, C.OBS_ROLE:C.OBS_ROLE + C.NUM_ROLES],
                              obs[:, C.OBS_PHASE:C.OBS_PHASE + C.NUM_PHASES],
                              obs[:, C.OBS_MISC:C.OBS_MISC + 3],
                              nn.functional.one_hot(n, S + 1).float()], 1)
            parts = [seats,
                     hg.reshape(B, S, -1), hg.transpose(1, 2).reshape(B, S, -1),
                     hr.reshape(B, S, -1), hr.transpose(1, 2).reshape(B, S, -1),
                     by_role(hg, known), by_role(hg.transpose(1, 2), known),
                     by_role(hr, known), by_role(hr.transpose(1, 2), known),
                     prior[:, None, :].expand(B, S, K),
                     torch.eye(S, dtype=obs.dtype).expand(B, S, S),
                     glob[:, None, :].expand(B, S, GLOBAL)]
            return torch.cat(parts, -1), present, left

        def forward(self, obs):
            """Logits [B, MAX_SEATS, 4] (every relative seat; read only the hidden ones)."""
            x, present, _ = self.features(self.decode(obs))
            h = torch.relu(self.l1(x))
            w = present.unsqueeze(-1)
            pooled = (h * w).sum(1, keepdim=True) / w.sum(1, keepdim=True).clamp(min=1)
            h = torch.relu(self.l2(torch.cat([h, pooled.expand_as(h)], -1)))
            return self.out(h)

    BeliefNet.SEAT_IN = SEAT_IN
    _NET = BeliefNet
    return _NET


def build_net(hidden=(96, 64)):
    """A new ``BeliefNet`` with these two hidden widths (weights at torch's initialisation)."""
    return _net_class()(tuple(hidden))


def check_belief_arch(arch, what: str) -> tuple[int, int]:
    """The two hidden widths of a saved belief arch, within the limits of a saved net
    (``torch_policy.MAX_HIDDEN_WIDTH``, ``MAX_PARAMETERS``), checked before the net is built;
    AgentSpecError naming the field otherwise."""
    from .torch_policy import check_hidden, check_parameters
    if not isinstance(arch, dict):
        raise AgentSpecError(f"{what}: its arch is not a mapping")
    hidden = check_hidden(arch.get("hidden"), "arch hidden", what)
    if len(hidden) != 2:
        raise AgentSpecError(f"{what}: arch hidden = {list(hidden)}: a belief net has two "
                             f"hidden layers")
    h1, h2 = hidden
    seat_inputs = arch.get("seat_inputs")
    if not isinstance(seat_inputs, int) or isinstance(seat_inputs, bool):
        raise AgentSpecError(f"{what}: arch seat_inputs = {seat_inputs!r} is not a whole number")
    # l1 reads today's seat inputs (an older layout's are widened to them); l2 reads 2 * h1
    today = _net_class().SEAT_IN
    check_parameters(today * h1 + h1 + 2 * h1 * h2 + h2 + h2 * NUM_CLASSES + NUM_CLASSES, what)
    return h1, h2


# ---------------------------------------------------------------- reading
def fit_to_counts(probs: np.ndarray, hidden: np.ndarray, left: np.ndarray, iters: int = 20):
    """Scale the hidden seats' rows of probs [B, S, 4] so that each role's column adds up to the
    number of that role left [B, 4] (rows kept at 1), where the hidden seats and the roles left
    agree in number; roles none of which is left are 0 everywhere."""
    probs = probs * (left[:, None, :] > 0) * hidden[:, :, None]
    rows = probs.sum(2, keepdims=True)
    probs = np.where(rows > 0, probs / np.where(rows > 0, rows, 1), probs)
    ok = np.abs(left.sum(1) - hidden.sum(1)) < 0.5
    if ok.any():
        Q = probs[ok]
        L = left[ok]
        for _ in range(iters):
            cols = Q.sum(1, keepdims=True)
            Q = Q * np.where(cols > 0, L[:, None, :] / np.where(cols > 0, cols, 1), 0.0)
            rows = Q.sum(2, keepdims=True)
            Q = np.where(rows > 0, Q / np.where(rows > 0, rows, 1), Q)
        probs[ok] = Q
    return probs


class RoleReader:
    """A network's role distributions for observations (see the module docstring).

    Args:
        net: A ``BeliefNet`` (or any module giving logits [B, MAX_SEATS, 4]); put in eval mode.
        fit_counts: Fit the hidden seats' probabilities to the role counts not yet seen.
        logits_of: What maps a batch of observations (a torch tensor) to logits (default:
            net itself).
    """

    def __init__(self, net, fit_counts: bool, logits_of=None):
        self.net = net.eval()
        self.fit_counts = bool(fit_counts)
        self.logits_of = logits_of or net

    def probs(self, obs) -> np.ndarray:
        """The distribution of every hidden seat's role: [B, MAX_SEATS, 4] for observations
        [B, OBS_SIZE] (float32, or the uint8 of ``obs_dtype="uint8"``), [MAX_SEATS, 4] for one;
        the rows of the seats the observation does not hide are zeros."""
        torch = _torch()
        from heroes_env.obs import obs_to_float32
        obs = np.asarray(obs)
        one = obs.ndim == 1
        obs = obs[None] if one else obs
        f32 = obs_to_float32(obs)
        with torch.no_grad():
            logits = self.logits_of(torch.from_numpy(np.ascontiguousarray(obs)))
            P = torch.softmax(logits.float(), -1).numpy().astype(np.float64)
        left = remaining_roles(f32)
        hidden = hidden_mask(f32)
        if self.fit_counts:
            P = fit_to_counts(P, hidden, left)
        else:
            P = P * (left[:, None, :] > 0) * hidden[:, :, None]
            rows = P.sum(2, keepdims=True)
            P = np.where(rows > 0, P / np.where(rows > 0, rows, 1), P)
        return P[0] if one else P


# ---------------------------------------------------------------- files
def read_model_file(path: str, what: str = "belief model"):
    """The objects of a torch model file, read safely: AgentSpecError if there is no such file,
    if it is not an archive of sizes within ``torch_policy.MAX_MODEL_BYTES`` (read from its
    directory before anything is unpacked) or if ``torch.load(weights_only=True)`` refuses it
    (so no code in it runs)."""
    from .torch_policy import check_archive
    torch = _torch()
    if not isinstance(path, str | os.PathLike) or not os.path.isfile(path):
        raise AgentSpecError(f"no such file: {what} {path!r}")
    path = os.fspath(path)
    check_archive(path, f"{what} {path!r}")
    try:
        return torch.load(path, map_location="cpu", weights_only=True)
    except Exception as e:  # noqa: BLE001 - any unreadable file is a bad source
        raise AgentSpecError(f"cannot read {what} {path!r} (loaded with weights_only=True): "
                             f"{e}") from e


def reader_from_checkpoint(data, what: str) -> RoleReader:
    """A RoleReader from the objects of a belief checkpoint (``BELIEF_FORMAT``); AgentSpecError
    naming what is wrong: not that format, an arch past the limits, weights that do not fit it,
    values not finite."""
    from .torch_policy import load_weights
    if not isinstance(data, dict) or data.get("format") != BELIEF_FORMAT:
        found = data.get("format") if isinstance(data, dict) else type(data).__name__
        raise AgentSpecError(f"{what} is not a belief checkpoint ({BELIEF_FORMAT}, written by "
                             f"training/train_belief.py); it holds {found!r}")
    arch, weights = data.get("arch"), data.get("state_dict")
    fit = data.get("fit_counts", False)
    if not isinstance(fit, bool):
        raise AgentSpecError(f"{what}: fit_counts = {fit!r} is not true or false")
    net = build_net(check_belief_arch(arch, what))
    torch = _torch()
    if not isinstance(weights, dict) or not all(isinstance(v, torch.Tensor)
                                                for v in weights.values()):
        raise AgentSpecError(f"{what}: its weights are not a mapping of tensors")
    try:
        weights = migrate_belief(arch, weights, net, what)
    except (KeyError, IndexError, RuntimeError) as e:
        raise AgentSpecError(f"{what}: its weights do not fit its arch {arch}: {e}") from e
    load_weights(net, weights, what)
    return RoleReader(net, fit)


def migrate_belief(arch: dict, weights: dict, net, what: str) -> dict:
    """A belief checkpoint's weights for net (today's observation layout): one saved for an
    older layout (heroes_env/obs_layouts.py), whose seat block lacked cells, gets zero weight
    columns at those cells of each seat's inputs (the seat block comes first), so that it gives
    the same role distributions; AgentSpecError if its seat inputs fit no layout."""
    from heroes_env.obs_layouts import SEAT_OBS_OF, seat_columns, widen_columns
    want = net.arch["seat_inputs"]
    rest = want - C.SEAT_OBS                         # the inputs after the seat block
    old = {n + rest: v for v, n in SEAT_OBS_OF.items()}.get(arch.get("seat_inputs"))
    if old is None:
        raise AgentSpecError(f"{what}: a belief model of {arch.get('seat_inputs')} inputs per "
                             f"seat fits no observation layout (today's: {want})")
    if arch["seat_inputs"] == want:
        return weights
    cols = np.concatenate([seat_columns(old), C.SEAT_OBS + np.arange(rest)])
    return dict(weights, **{"l1.weight": widen_columns(weights["l1.weight"], cols, want)})


def load_belief(path: str | None = None, torch_threads: int | None = TORCH_THREADS) -> RoleReader:
    """A RoleReader from a belief checkpoint, read safely (the module docstring).

    Args:
        path: The checkpoint (None: the shipped model, ``default_path()``).
        torch_threads: torch's threads (default one, as for every torch agent; None keeps
            torch's setting).

    Raises:
        AgentSpecError: No such file, not a belief checkpoint, an arch past the limits,
            weights that do not fit, torch missing; naming which.
    """
    from .torch_policy import set_torch_threads
    path = default_path() if path is None else path
    what = f"belief model {path!r}"
    set_torch_threads(_torch(), torch_threads, what)
    return reader_from_checkpoint(read_model_file(path), what)
