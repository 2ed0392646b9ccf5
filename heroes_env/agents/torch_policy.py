"""Trained policies as agents: the ``.pt`` checkpoints of ``training/selfplay_ppo.py`` and the
``.zip`` models of ``training/maskable_ppo.py`` (sb3-contrib ``MaskablePPO``).

    import heroes_env.agents.torch_policy                      # registers the .pt and .zip loaders
    agent = make_agent("agents/none5/selfplay_none5_prior.pt")   # or "trained:none5"
    python -m heroes_env.agents.tournament \
        --agents agents/none5/selfplay_none5_prior.pt heuristic ...

A ``.pt`` checkpoint is a ``torch.save`` dict: ``format`` (``CHECKPOINT_FORMAT``), ``arch``
(``obs_size``, ``num_actions``, ``hidden``: the widths of the shared trunk), ``state_dict`` of
``PolicyNet`` and ``meta`` (the training arguments, steps, time). The policy reads only the
observation and the mask: illegal actions get a logit of -1e9, so it never picks one.

Observation layouts: ``arch`` records the layout a net reads (``obs_size``, ``obs_layout``). A
net saved for an older layout (``heroes_env/obs_layouts.py``; recognised by its width, one of
``COMPATIBLE_OBS_SIZES``) is migrated when it is loaded (``migrate_policy``): zero weight columns
at the cells inserted since, so that it computes on today's observation exactly what it computed
on its own, and trains on from there. Any other width is refused with an error naming the
layouts. An sb3 ``.zip`` model of an older layout is fed its own layout's view of the
observation (``obs_layouts.old_view``).

Optional features (``arch["features"]``, ``build_net(..., features=...)``), fixed structure
that lets a net share what it learns across card ids and seats (each is off in older
checkpoints, which load as they are):

- ``"kinds"``: cards by kind. The hand and the actions name physical card ids (one 桃 is not
  another), so a plain MLP must learn every rule once per copy of a card. With ``"kinds"`` the
  net also reads the hand as counts per card kind (``NUM_KINDS`` cells) and adds to each card
  action's logit a logit of that card's kind. ``arch["card_kinds"]`` holds the kind of every
  card id of the training deck (-1: no card); the 英雄杀 deck's cards take the kinds of their
  standard counterparts, so the table means the same in both decks.
- ``"focus"``: the seats the decision is about. The seat blocks of the decision's source and
  target (``OBS_DSRC`` / ``OBS_DTGT``: who attacks you, who is dying) are gathered and read
  again as ``2 * SEAT_OBS`` more inputs, so "the dying seat is the lord" is one input cell
  instead of a match between two one-hots.
- ``"prior"``: the heuristic's suggestion (residual policy learning: Silver et al. 2018,
  "Residual Policy Learning"; Johannink et al. 2019). At every decision the scripted heuristic
  (``heroes_env.agents.heuristic.HeuristicAgent``, which reads the same observation and mask and
  remembers the seat's game) is asked what it would play; the net reads that action as
  ``NUM_ACTIONS`` one-hot inputs and adds ``prior_gain[role]`` (one learned number per role of the
  observer's role one-hot) to its logit. With a large gain the policy plays the heuristic's choice
  unless its own logits disagree by more than the gain; training learns where to leave it. Such a
  net needs ``prior=`` (the suggested action per row, -1: none) in ``forward``; its agent
  (``TorchPolicyAgent``) holds a heuristic of its own, per slot like any agent with memory, and
  reads nothing else than the observation and the mask.

``extend_net(net, features, card_kinds, prior_gain=...)`` turns a net into one with more features
and the same outputs (the new weights start at zero; ``prior_gain``, default 0, sets the gains of
a new ``"prior"`` feature, which then changes the outputs by design): a checkpoint can be trained
on with them.

Keywords of the loaders (``make_agent(path, seed=..., deterministic=...)``): ``deterministic``
(default True) plays the most likely legal action, False samples from the masked distribution
with the agent's seeded generator. torch is imported when a checkpoint is loaded, not when this
module is imported, and runs with ``torch_threads`` threads (default ``TORCH_THREADS``, one:
more spin-wait for each other when the cores are busy, and tournaments run one game per worker
process).
"""
from __future__ import annotations

import copy
import io
import json
import os
import warnings
from collections.abc import Hashable, Iterable

import numpy as np

from heroes_env.cli import install_hint
from heroes_env.engine.constants import (
    A_CARD,
    MAX_CARDS,
    MAX_SEATS,
    NUM_ACTIONS,
    NUM_KINDS,
    NUM_ROLES,
    OBS_DSRC,
    OBS_DTGT,
    OBS_HAND,
    OBS_LAYOUT,
    OBS_ROLE,
    OBS_SEATS,
    OBS_SIZE,
    SEAT_OBS,
)
from heroes_env.obs import OBS_DIVISOR, OBS_SIGNED, obs_to_float32
from heroes_env.obs_layouts import (
    LAYOUT_SIZES,
    columns,
    layout_of_size,
    old_view,
    seat_columns,
    widen_columns,
)

from .base import (
    TORCH_THREADS,
    Agent,
    AgentSpecError,
    check_batch,
    make_agent,
    register_checkpoint_loader,
)

# PolicyNet is exported lazily by the module __getattr__ (torch is imported on first use)
__all__ = ["CHECKPOINT_FORMAT", "COMPATIBLE_OBS_SIZES", "FEATURES", "PolicyNet",  # noqa: F822
           "TorchPolicyAgent", "SB3PolicyAgent", "SparseObservations", "build_net", "card_kinds",
           "extend_net", "input_columns", "load_net", "migrate_policy", "net_from_arch",
           "prior_gains", "set_prior_gains", "save_checkpoint", "load_checkpoint"]

CHECKPOINT_FORMAT = "heroes_env.torch_policy/1"
MASKED_LOGIT = -1e9
# observation sizes a saved net may have been trained on: today's layout and the older ones (each
# migrated when it is loaded)
COMPATIBLE_OBS_SIZES = tuple(LAYOUT_SIZES.values())

# optional features of PolicyNet (module docstring), in the order their inputs are appended
FEATURES = ("kinds", "focus", "prior")
# the trunk input cells each feature appends
FEATURE_CELLS = {"kinds": NUM_KINDS, "focus": 2 * SEAT_OBS, "prior": NUM_ACTIONS}

_NET_CLASS = None

# What a model file may declare, checked before anything it declares is allocated (a model file
# is small on disk, but its entries may be deflated and its arch may name any widths):
MAX_MODEL_BYTES = 256 << 20    # a .pt checkpoint's or .zip model's entries (and its
                               # policy.pth's), unpacked, in all
MAX_MODEL_META_BYTES = 8 << 20  # the part of a model file read as objects (a .pt's data.pkl,
                                # a .zip's data JSON): settings and meta, unpacked
MAX_HIDDEN_LAYERS = 8          # hidden layers of a net (trunk, or each sb3 net_arch branch)
MAX_HIDDEN_WIDTH = 4096        # units of one hidden layer
MAX_PARAMETERS = 16_000_000    # weights and biases of the net an arch builds (64 MB float32)
MAX_TORCH_THREADS = 1024       # torch_threads: 1 .. this, or None (torch's default)


def whole(value, field: str, what: str, lo: int, hi: int) -> int:
    """value as an int in lo..hi (an int, not a bool or float); AgentSpecError naming field."""
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise AgentSpecError(f"{what}: {field} = {_short(value)} is not a whole number in "
                             f"{lo}..{hi}")
    return value


def _short(value) -> str:
    text = repr(value) if not isinstance(value, (list, dict, tuple)) else \
        f"a {type(value).__name__} of {len(value)}"
    return text if len(text) <= 60 else text[:57] + "..."


def set_torch_threads(torch, threads, what: str = "torch_threads") -> None:
    """torch.set_num_threads(threads) for threads in 1..MAX_TORCH_THREADS; None keeps torch's
    setting; anything else is an AgentSpecError naming torch_threads."""
    if threads is None:
        return
    whole(threads, "torch_threads", what, 1, MAX_TORCH_THREADS)
    if torch.get_num_threads() != threads:
        torch.set_num_threads(threads)


def check_archive(source, what: str) -> None:
    """AgentSpecError unless source (a path or a file object) is a zip archive whose entries,
    unpacked, hold at most MAX_MODEL_BYTES in all: what torch.save writes (a .pt, the
    policy.pth of a .zip) and sb3's .zip. Their sizes are read from the archive's directory,
    before any entry is unpacked (torch allocates an entry's recorded size, then refuses an
    entry whose data does not fill it)."""
    import zipfile
    try:
        with zipfile.ZipFile(source) as z:
            entries = z.infolist()
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as e:
        raise AgentSpecError(f"cannot read {what}: it is not a zip archive (torch.save and "
                             f"sb3 write one): {e}") from e
    for e in entries:
        if (e.filename.endswith(".pkl") or e.filename == "data") \
                and e.file_size > MAX_MODEL_META_BYTES:
            raise AgentSpecError(f"{what}: its entry {e.filename!r} unpacks to "
                                 f"{e.file_size:,} bytes; a model file's settings and meta may "
                                 f"hold at most MAX_MODEL_META_BYTES = {MAX_MODEL_META_BYTES:,}")
    total = sum(max(0, e.file_size) for e in entries)
    if total > MAX_MODEL_BYTES:
        big = max(entries, key=lambda entry: entry.file_size)
        raise AgentSpecError(f"{what}: its entries unpack to {total:,} bytes (the largest, "
                             f"{big.filename!r}, to {big.file_size:,}); a model file may hold "
                             f"at most MAX_MODEL_BYTES = {MAX_MODEL_BYTES:,}")


def check_hidden(hidden, field: str, what: str) -> tuple[int, ...]:
    """The widths of hidden layers: a list of at most MAX_HIDDEN_LAYERS whole numbers in
    1..MAX_HIDDEN_WIDTH; AgentSpecError naming field otherwise."""
    if not isinstance(hidden, (list, tuple)) or len(hidden) > MAX_HIDDEN_LAYERS:
        raise AgentSpecError(f"{what}: {field} = {_short(hidden)} is not a list of at most "
                             f"MAX_HIDDEN_LAYERS = {MAX_HIDDEN_LAYERS} layer widths")
    return tuple(whole(h, f"{field}[{i}]", what, 1, MAX_HIDDEN_WIDTH)
                 for i, h in enumerate(hidden))


def mlp_parameters(inputs: int, hidden, outputs) -> int:
    """Weights and biases of an MLP: inputs, the hidden widths, then heads of these widths."""
    n, width = 0, inputs
    for h in hidden:
        n += width * h + h
        width = h
    return n + sum(width * o + o for o in outputs)


def check_parameters(n: int, what: str) -> None:
    if n > MAX_PARAMETERS:
        raise AgentSpecError(f"{what}: its arch builds a net of {n:,} parameters; at most "
                             f"MAX_PARAMETERS = {MAX_PARAMETERS:,}")


def card_kinds(deck: str = "standard") -> list[int]:
    """The kind of every card id of a deck, MAX_CARDS entries (-1 past its last card): the
    ``card_kinds`` of a net with the ``"kinds"`` feature."""
    from heroes_env.cards import deck as deck_cards
    out = [-1] * MAX_CARDS
    for c in deck_cards(deck):
        out[c.id] = c.kind
    return out


def check_features(features, card_kinds_) -> tuple[str, ...]:
    if not isinstance(features, (list, tuple, type(None))) \
            or not all(isinstance(f, str) for f in features or ()):
        raise AgentSpecError(f"features {_short(features)}: a list of names from "
                             f"{list(FEATURES)}")
    features = tuple(features or ())
    bad = [f for f in features if f not in FEATURES]
    if bad or len(set(features)) != len(features):
        raise AgentSpecError(f"features {list(features)}: each at most once, from {list(FEATURES)}")
    if "kinds" in features:
        if not isinstance(card_kinds_, (list, tuple)) or len(card_kinds_) != MAX_CARDS:
            raise AgentSpecError(f"the 'kinds' feature needs card_kinds: the kind of each of the "
                                 f"{MAX_CARDS} card ids "
                                 f"(heroes_env.agents.torch_policy.card_kinds(deck)), got "
                                 f"{_short(card_kinds_)}")
        for i, k in enumerate(card_kinds_):
            whole(k, f"card_kinds[{i}]", "the 'kinds' feature", -1, NUM_KINDS - 1)
    return tuple(f for f in FEATURES if f in features)


def check_arch(arch, what: str = "this net") -> None:
    """AgentSpecError naming the field unless a saved arch builds a PolicyNet within the limits
    (``MAX_HIDDEN_LAYERS``, ``MAX_HIDDEN_WIDTH``, ``MAX_PARAMETERS``): its observation width is a
    layout's, its hidden widths whole numbers, its features known, its card_kinds card kinds.
    Checked before the net is built."""
    if not isinstance(arch, dict):
        raise AgentSpecError(f"{what}: its arch is not a mapping")
    check_obs_size(arch.get("obs_size"), what, arch.get("obs_layout"))
    hidden = check_hidden(arch.get("hidden", (256, 256)), "arch hidden", what)
    try:
        features = check_features(arch.get("features"), arch.get("card_kinds"))
    except AgentSpecError as e:
        raise AgentSpecError(f"{what}: arch {e}") from None
    inputs = OBS_SIZE + sum(FEATURE_CELLS[f] for f in features)
    heads = (NUM_ACTIONS, 1) + ((NUM_KINDS,) if "kinds" in features else ())
    check_parameters(mlp_parameters(inputs, hidden, heads), what)


def _torch():
    try:
        import torch
    except ImportError as e:       # pragma: no cover - the train extra is missing
        raise AgentSpecError(f"trained policies need torch: {install_hint('train')}") from e
    return torch


def _net_class():
    """PolicyNet, defined on first use so that importing this module does not import torch."""
    global _NET_CLASS
    if _NET_CLASS is not None:
        return _NET_CLASS
    torch = _torch()
    nn = torch.nn

    class _PolicyNet(nn.Module):
        """Shared MLP trunk, a policy head (NUM_ACTIONS logits) and a value head (1)."""

        def __init__(self, obs_size: int = OBS_SIZE, num_actions: int = NUM_ACTIONS,
                     hidden=(256, 256), features=(), card_kinds=None):
            super().__init__()
            self.obs_size = int(obs_size)
            self.features = check_features(features, card_kinds)
            self._input_rows, self._input_rows_key = None, None    # input_rows' copy
            self._kind_of = None                                   # kind_of's table
            # not in the state_dict: checkpoints stay as they are
            self.register_buffer("obs_divisor", torch.from_numpy(OBS_DIVISOR.copy()),
                                 persistent=False)
            self.register_buffer("obs_signed", torch.from_numpy(OBS_SIGNED.copy()),
                                 persistent=False)
            extra = sum(FEATURE_CELLS[f] for f in self.features)
            if "kinds" in self.features:
                table = torch.zeros(MAX_CARDS, NUM_KINDS)
                for cid, kind in enumerate(card_kinds):
                    if kind >= 0:
                        table[cid, kind] = 1.0
                self.register_buffer("kind_table", table, persistent=False)
            if "prior" in self.features:       # the heuristic's logit bonus, per observer role
                self.prior_gain = nn.Parameter(torch.zeros(NUM_ROLES))
            layers, width = [], obs_size + extra
            for h in hidden:
                layers += [nn.Linear(width, h), nn.ReLU()]
                width = h
            self.trunk = nn.Sequential(*layers)
            self.pi = nn.Linear(width, num_actions)
            self.v = nn.Linear(width, 1)
            self.arch = {"obs_size": obs_size, "obs_layout": OBS_LAYOUT,
                         "num_actions": num_actions, "hidden": list(hidden)}
            if self.features:
                self.arch["features"] = list(self.features)
            if "kinds" in self.features:
                self.arch["card_kinds"] = [int(k) for k in card_kinds]
                self.kind_pi = nn.Linear(width, NUM_KINDS)
            for m in self.trunk:
                if isinstance(m, nn.Linear):
                    nn.init.orthogonal_(m.weight, 2 ** 0.5)
                    nn.init.zeros_(m.bias)
            nn.init.orthogonal_(self.pi.weight, 0.01)
            nn.init.zeros_(self.pi.bias)
            nn.init.orthogonal_(self.v.weight, 1.0)
            nn.init.zeros_(self.v.bias)
            if "kinds" in self.features:
                nn.init.orthogonal_(self.kind_pi.weight, 0.01)
                nn.init.zeros_(self.kind_pi.bias)

        def inputs(self, obs, prior_hot=None):
            """The trunk's input: the observation, then the features' cells (FEATURES order);
            prior_hot: the "prior" feature's one-hot suggestions (prior_onehot)."""
            parts = [obs] + self.feature_inputs(obs, prior_hot)
            return parts[0] if len(parts) == 1 else torch.cat(parts, -1)

        def feature_inputs(self, obs, prior_hot=None) -> list:
            """The features' input cells after the observation's (FEATURES order)."""
            parts = []
            if "kinds" in self.features:
                parts.append(obs[..., OBS_HAND:OBS_HAND + MAX_CARDS] @ self.kind_table)
            if "focus" in self.features:
                seats = obs[..., OBS_SEATS:OBS_SEATS + MAX_SEATS * SEAT_OBS]
                seats = seats.reshape(*obs.shape[:-1], MAX_SEATS, SEAT_OBS)
                for at in (OBS_DSRC, OBS_DTGT):
                    parts.append((obs[..., at:at + MAX_SEATS].unsqueeze(-1) * seats).sum(-2))
            if "prior" in self.features:
                parts.append(prior_hot)
            return parts

        def trunk_features(self, obs, prior_hot=None, sparse=None):
            """The trunk's output. sparse: the non-zero cells of the observation or of the whole
            input (``SparseObservations``) to compute the first layer from instead of the dense
            product: the same sums over inputs that are mostly zeros, several times fewer
            operations."""
            if sparse is None or not self.trunk:
                return self.trunk(self.inputs(obs, prior_hot))
            first = self.trunk[0]
            h = torch.nn.functional.embedding_bag(
                sparse.cols, self.input_rows(sparse.whole), sparse.offsets, mode="sum",
                per_sample_weights=sparse.vals) + first.bias
            extra = [] if sparse.whole else self.feature_inputs(obs, prior_hot)
            if extra:                            # the features' cells: mostly zeros too
                cells = extra[0] if len(extra) == 1 else torch.cat(extra, -1)
                rows, cols = cells.nonzero(as_tuple=True)
                counts = torch.bincount(rows, minlength=cells.shape[0])
                h = h + torch.nn.functional.embedding_bag(
                    cols, first.weight[:, self.obs_size:].t().contiguous(),
                    torch.cumsum(counts, 0) - counts, mode="sum",
                    per_sample_weights=cells[rows, cols])
            return self.trunk[1:](h)

        def input_rows(self, whole: bool = False):
            """The first layer's weights, one row per input cell ([cells, width], contiguous:
            what embedding_bag reads): the observation's cells, or the whole input's. Without
            gradients (a rollout, play) the copy is kept until the weights change."""
            weight = self.trunk[0].weight
            cells = weight.shape[1] if whole else self.obs_size
            if torch.is_grad_enabled():
                return weight[:, :cells].t().contiguous()
            key = (weight.data_ptr(), weight._version, cells)
            if self._input_rows_key != key:
                self._input_rows = weight[:, :cells].t().contiguous()
                self._input_rows_key = key
            return self._input_rows

        def kind_of(self):
            """The "kinds" feature's kind of each card id (int64 [MAX_CARDS], -1: none), as
            ``input_cells`` reads it."""
            if self._kind_of is None:
                table = self.kind_table.numpy()
                self._kind_of = np.where(table.any(1), table.argmax(1), -1).astype(np.int64)
            return self._kind_of

        def prior_cells(self, prior):
            """The "prior" feature's input cells: [B, NUM_ACTIONS] one-hots of the suggested
            actions (none where it is -1)."""
            return prior_onehot(prior, torch.float32)

        def decode(self, obs):
            """float32 observations: the uint8 of obs_dtype="uint8" decoded as heroes_env.obs
            does."""
            if obs.dtype == torch.uint8:         # obs_dtype="uint8": the exact float32 values
                k = obs.to(torch.int16)
                k = k - (self.obs_signed & (k > 127)).to(torch.int16) * 256
                obs = k.float() / self.obs_divisor
            return obs

        def forward(self, obs, mask, features: bool = False, prior=None, sparse=None):
            """(masked logits [B, A], value [B]); mask: bool or 0/1 [B, A]. features=True adds
            the trunk's output [B, width] (for auxiliary heads trained next to the policy). obs:
            float32, or the uint8 of obs_dtype="uint8" (decoded here, as heroes_env.obs does).
            prior: with the "prior" feature, the heuristic's action per row (int [B], -1: none),
            required; without it, None. sparse: the same observations' non-zero cells
            (``SparseObservations``), to compute the first layer from (``trunk_features``); with
            it, a net without features may take obs=None (nothing else reads the observation)."""
            if ("prior" in self.features) != (prior is not None):
                raise ValueError("a net with the 'prior' feature needs prior= (the heuristic's "
                                 "action per row, -1: none); a net without it takes no prior"
                                 if prior is None else "this net has no 'prior' feature: it "
                                 "takes no prior=")
            if obs is None:                      # the cells alone: nothing reads more
                if sparse is None or (self.features and not sparse.whole):
                    raise ValueError("obs=None needs sparse= with the net's whole input "
                                     "(SparseObservations of this net)")
            else:
                obs = self.decode(obs)
            hot = None if prior is None else prior_onehot(prior, torch.float32)
            h = self.trunk_features(obs, hot, sparse)
            logits = self.pi(h)
            if hot is not None:                # the suggested action's bonus, by own role
                own = (sparse.roles if sparse is not None and sparse.roles is not None
                       else obs[..., OBS_ROLE:OBS_ROLE + NUM_ROLES])
                gain = own @ self.prior_gain
                logits = logits + gain.unsqueeze(-1) * hot
            if "kinds" in self.features:         # each card action also gets its kind's logit
                by_kind = self.kind_pi(h) @ self.kind_table.T
                logits = torch.cat([logits[..., :A_CARD], logits[..., A_CARD:A_CARD + MAX_CARDS]
                                    + by_kind, logits[..., A_CARD + MAX_CARDS:]], -1)
            logits = logits.masked_fill(mask == 0, MASKED_LOGIT)
            if features:
                return logits, self.v(h).squeeze(-1), h
            return logits, self.v(h).squeeze(-1)

    def prior_onehot(prior, dtype):
        """[B, NUM_ACTIONS] of dtype: 1 at each row's suggested action (none where it is -1)."""
        prior = torch.as_tensor(prior, dtype=torch.int64)
        hot = torch.zeros(*prior.shape, NUM_ACTIONS, dtype=dtype)
        has = prior >= 0
        hot[has, prior[has]] = 1.0
        return hot

    _NET_CLASS = _PolicyNet
    return _NET_CLASS


def build_net(hidden=(256, 256), obs_size: int = OBS_SIZE, features=(), card_kinds=None,
              prior_gain=None):
    """A fresh ``PolicyNet`` with the given trunk widths (for today's ``OBS_SIZE`` observation
    cells: a net of an older layout is made by ``migrate_policy``) and optional ``features``
    (``FEATURES``; ``"kinds"`` needs ``card_kinds``; ``prior_gain`` as in ``extend_net``, for the
    ``"prior"`` feature)."""
    if obs_size != OBS_SIZE:
        raise AgentSpecError(f"build_net makes nets for today's observation of {OBS_SIZE} "
                             f"cells, not {obs_size} cells: a saved net of an older layout is "
                             f"migrated when it is loaded (load_net, migrate_policy)")
    net = _net_class()(obs_size, NUM_ACTIONS, tuple(hidden), features, card_kinds)
    if "prior" in net.features:
        set_prior_gains(net, prior_gain)
    return net


def set_prior_gains(net, gains=None, what: str = "this net") -> None:
    """Set a "prior" net's per-role gains in place (``prior_gains``'s forms); AgentSpecError
    naming ``what`` if the net has no such feature."""
    if "prior" not in net.features:
        raise AgentSpecError(f"prior_gain {list(gains or [])!r}: {what} has no prior feature "
                             f"(its features: {', '.join(net.features) or 'none'})")
    with _torch().no_grad():
        net.prior_gain.copy_(prior_gains(gains))


def net_from_arch(arch: dict):
    """A fresh ``PolicyNet`` of a saved ``arch`` of today's layout (``migrate_policy`` makes one
    of an older arch)."""
    return build_net(arch.get("hidden", (256, 256)), arch.get("obs_size", OBS_SIZE),
                     arch.get("features", ()), arch.get("card_kinds"))


def input_columns(arch: dict, what: str = "this net"):
    """Where the inputs of a saved net's first layer go in today's: ``None`` if its arch is of
    today's layout, else (columns, width): its input j is today's input ``columns[j]`` of
    ``width`` (the observation's cells by ``obs_layouts.columns``, then the features' cells,
    the ``"focus"`` seat blocks by ``obs_layouts.seat_columns``). AgentSpecError if its width is
    no layout's."""
    version = check_obs_size(arch.get("obs_size"), what, arch.get("obs_layout"))
    if version == OBS_LAYOUT:
        return None
    cols, width = [columns(version)], OBS_SIZE
    for f in check_features(arch.get("features"), arch.get("card_kinds")):
        if f == "focus":
            seat = seat_columns(version)
            cols += [width + seat, width + SEAT_OBS + seat]
        else:
            cols.append(width + np.arange(FEATURE_CELLS[f]))
        width += FEATURE_CELLS[f]
    return np.concatenate(cols), width


def first_layers(arch: dict) -> tuple[str, ...]:
    """The weights that read a PolicyNet's inputs: the trunk's first layer, or without a hidden
    layer its heads."""
    return ("trunk.0.weight",) if arch.get("hidden") else ("pi.weight", "v.weight",
                                                           "kind_pi.weight")


def migrate_policy(arch: dict, weights: dict, what: str = "this net") -> tuple[dict, dict]:
    """(arch, weights) of a saved PolicyNet, made today's layout's. A net of an older layout
    (``heroes_env/obs_layouts.py``, recognised by ``arch["obs_size"]``) gets zero weight
    columns at the inputs inserted since (``input_columns``): on today's observation it computes
    exactly what it computed on its own layout's. Today's come back as they are."""
    found = input_columns(arch, what)
    if found is None:
        return arch, weights
    cols, width = found
    weights = dict(weights)
    for k in first_layers(arch):
        w = weights.get(k)
        if k not in weights and k.startswith("kind_pi."):
            continue
        if getattr(w, "ndim", 0) != 2 or w.shape[1] != len(cols):
            raise AgentSpecError(f"{what}: weight {k} does not read the {len(cols)} inputs of a "
                                 f"net of observation layout {layout_of_size(arch['obs_size'])}")
        weights[k] = widen_columns(w, cols, width)
    return dict(arch, obs_size=OBS_SIZE, obs_layout=OBS_LAYOUT), weights


def load_net(arch: dict, weights: dict, what: str = "this net"):
    """A PolicyNet of a saved arch holding its weights (checked: ``load_weights``), migrated to
    today's observation layout if it was made for an older one (``migrate_policy``)."""
    check_arch(arch, what)
    arch, weights = migrate_policy(arch, weights, what)
    try:
        net = net_from_arch(arch)
    except (TypeError, ValueError, KeyError, RuntimeError) as e:
        raise AgentSpecError(f"{what}: its arch {arch} builds no net: {e}") from e
    load_weights(net, weights, what)
    return net


def extend_net(net, features=(), card_kinds=None, prior_gain=None):
    """A copy of net with these features added to its own: the same outputs for every input
    (the new input weights and the kind logits start at zero), ready to train on. prior_gain:
    the starting gains of a new "prior" feature (NUM_ROLES numbers, or 4 for the identity
    roles lord, loyalist, rebel, renegade, the 3v3 roles then 0; default all 0)."""
    torch = _torch()
    if not net.arch["hidden"]:
        raise AgentSpecError("extend_net needs a net with a hidden layer")
    have = tuple(net.features)
    want = check_features(tuple(have) + tuple(f for f in features if f not in have),
                          card_kinds if card_kinds is not None else net.arch.get("card_kinds"))
    new = build_net(net.arch["hidden"], net.obs_size, want,
                    card_kinds if card_kinds is not None else net.arch.get("card_kinds"))
    old_sd, sd = net.state_dict(), new.state_dict()
    with torch.no_grad():
        for k, v in sd.items():
            if k == "trunk.0.weight":
                v.zero_()
                # the old inputs keep their columns; each old feature's cells move to its place
                v[:, :net.obs_size] = old_sd[k][:, :net.obs_size]
                col_old, col_new = net.obs_size, net.obs_size
                for f in want:
                    size = FEATURE_CELLS[f]
                    if f in have:
                        v[:, col_new:col_new + size] = old_sd[k][:, col_old:col_old + size]
                        col_old += size
                    col_new += size
            elif k in old_sd:
                v.copy_(old_sd[k])
            elif k.startswith("kind_pi."):
                v.zero_()
            elif k == "prior_gain":
                v.copy_(prior_gains(prior_gain))
    new.load_state_dict(sd)
    return new


def prior_gains(gains=None):
    """The ``prior_gain`` tensor (NUM_ROLES) from None (zeros), NUM_ROLES numbers, or 4 (the
    identity roles; the 3v3 roles then 0)."""
    torch = _torch()
    g = [] if gains is None else [float(x) for x in gains]
    if len(g) not in (0, 4, NUM_ROLES):
        raise AgentSpecError(f"prior_gain: 4 numbers (lord, loyalist, rebel, renegade) or "
                             f"{NUM_ROLES} (one per role), got {len(g)}")
    return torch.tensor(g + [0.0] * (NUM_ROLES - len(g)), dtype=torch.float32)


def check_obs_size(obs_size, what: str, version=None) -> int:
    """The observation layout of a saved net's width (and its recorded version, if any);
    AgentSpecError if no layout has that width or the version disagrees."""
    ok = isinstance(obs_size, int) and not isinstance(obs_size, bool)
    found = layout_of_size(obs_size) if ok else None
    if found is None or version not in (None, found):
        sizes = ", ".join(f"{n} (layout {v})" for v, n in LAYOUT_SIZES.items())
        raise AgentSpecError(
            f"{what} was made for observations of {obs_size} cells (layout {version}); this "
            f"env's are {OBS_SIZE} (layout {OBS_LAYOUT}), and nets of the older layouts are "
            f"migrated: only {sizes} can be used (heroes_env/obs_layouts.py)")
    return found


def __getattr__(name):
    if name == "PolicyNet":
        return _net_class()
    raise AttributeError(name)


def save_checkpoint(path: str, net, meta: dict | None = None) -> None:
    """Write net (a ``PolicyNet``) and meta as a ``.pt`` checkpoint (float32 weights)."""
    torch = _torch()
    state = {k: v.detach().to("cpu", torch.float32).clone() for k, v in net.state_dict().items()}
    torch.save({"format": CHECKPOINT_FORMAT, "arch": dict(net.arch), "state_dict": state,
                "meta": dict(meta or {})}, path)


def load_checkpoint(path: str):
    """(PolicyNet in eval mode, meta) from a ``.pt`` checkpoint (read with ``weights_only``: no
    code in the file runs); AgentSpecError naming what is wrong if it is not one (no such file,
    not a checkpoint, keys or shapes that do not fit, weights not finite)."""
    torch = _torch()
    _exists(path, "checkpoint")
    check_archive(path, f"checkpoint {path!r}")
    try:
        data = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as e:  # noqa: BLE001 - any unreadable file is a bad spec
        raise AgentSpecError(f"cannot read checkpoint {path!r}: {e}") from e
    if not isinstance(data, dict) or data.get("format") != CHECKPOINT_FORMAT:
        raise AgentSpecError(f"{path!r} is not a {CHECKPOINT_FORMAT} checkpoint (written by "
                             f"training/selfplay_ppo.py)")
    arch, meta = data.get("arch"), data.get("meta", {})
    if not isinstance(arch, dict) or not isinstance(meta, dict) or "state_dict" not in data:
        raise AgentSpecError(f"checkpoint {path!r} lacks its arch, meta or state_dict")
    if arch.get("num_actions") != NUM_ACTIONS:
        raise AgentSpecError(f"checkpoint {path!r} was trained for {arch.get('num_actions')} "
                             f"actions; this env has {NUM_ACTIONS}")
    net = load_net(arch, data["state_dict"], f"checkpoint {path!r}")
    net.eval()
    return net, meta


def trained_table(meta: dict) -> dict:
    """The table a checkpoint was trained at, as far as its ``meta`` says (the training
    arguments ``num_players``, ``pack``, ``mode``): {} if it says nothing."""
    args = meta.get("args") if isinstance(meta, dict) else None
    if not isinstance(args, dict):
        return {}
    return {k: args[k] for k in ("num_players", "pack", "mode") if k in args}


def table_text(table: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in table.items())


class SparseObservations:
    """The non-zero cells of a batch of inputs, row by row (compressed rows), for
    ``PolicyNet``'s first layer (``forward(..., sparse=...)``). An observation is mostly zeros
    (about 1 to 5% of its cells are not), and so are the features' cells (one-hots, counts, two
    seat blocks), so the first layer's product over the non-zero cells alone is the same sum at
    a fraction of the work, forward and backward.

    obs: a [N, cells] tensor as the net takes it (float32, or the uint8 of obs_dtype="uint8");
    net: the ``PolicyNet`` that reads them; prior: with the net's "prior" feature, the
    heuristic's action per row (as ``forward`` takes it). For a net with features the cells are
    those of its whole input (the observation's, then the features'), computed here once, so a
    minibatch needs no dense observation at all. Build it once for a rollout; ``take(rows)``
    gives a minibatch's cells, ``all()`` every row's.
    """

    def __init__(self, obs, net, prior=None):
        torch = _torch()
        from .input_cells import input_cells
        self.whole = bool(net.features)
        rows = np.ascontiguousarray(obs.detach().numpy() if torch.is_tensor(obs) else obs)
        if rows.dtype not in (np.float32, np.uint8) or rows.shape[1:] != (net.obs_size,):
            raise ValueError(f"observations of shape [rows, {net.obs_size}], float32 or uint8, "
                             f"not {rows.dtype} of shape {list(rows.shape)}")
        kinds = "kinds" in net.features
        suggests = "prior" in net.features
        if suggests:
            if prior is None or len(prior) != len(rows):
                raise ValueError("a net with the 'prior' feature needs prior= (the heuristic's "
                                 "action per row, -1: none), one per row")
            prior = np.ascontiguousarray(torch.as_tensor(prior).numpy(), dtype=np.int64)
        else:
            prior = np.zeros(0, np.int64)
        cols, vals, counts, roles = input_cells(
            rows, int(rows.dtype == np.uint8), OBS_DIVISOR, OBS_SIGNED,
            net.kind_of() if kinds else np.zeros(0, np.int64), NUM_KINDS if kinds else 0,
            int("focus" in net.features), prior, NUM_ACTIONS if suggests else 0)
        self.cols, self.vals = torch.from_numpy(cols), torch.from_numpy(vals)
        self.counts = torch.from_numpy(counts)
        # the own-role cells, for the prior's per-role gain
        self.roles = torch.from_numpy(roles) if suggests else None
        self.starts = torch.cumsum(self.counts, 0) - self.counts

    def all(self):
        """Every row's cells, in order."""
        return _Sparse(self.cols, self.vals, self.starts, self.whole, self.roles)

    def take(self, rows):
        """The cells of the given rows (an index tensor), in that order."""
        torch = _torch()
        counts = self.counts[rows]
        offsets = torch.cumsum(counts, 0) - counts
        pos = torch.arange(int(counts.sum())) - torch.repeat_interleave(
            offsets - self.starts[rows], counts)
        return _Sparse(self.cols[pos], self.vals[pos], offsets, self.whole,
                       None if self.roles is None else self.roles[rows])


class _Sparse:
    """One batch's non-zero cells: column, value and each row's first position (what
    ``embedding_bag`` reads); whole: the cells are the trunk's whole input, not only the
    observation's; roles: the rows' own-role cells (the prior's gain), or None."""

    __slots__ = ("cols", "vals", "offsets", "whole", "roles")

    def __init__(self, cols, vals, offsets, whole=False, roles=None):
        self.cols, self.vals, self.offsets = cols, vals, offsets
        self.whole, self.roles = whole, roles


def _pick(logits: np.ndarray, deterministic: bool, rng) -> np.ndarray:
    if deterministic:
        return logits.argmax(axis=1).astype(np.int64)
    # sample from softmax(logits): Gumbel-max with the agent's generator
    g = -np.log(-np.log(rng.random(logits.shape) + 1e-20) + 1e-20)
    return (logits + g).argmax(axis=1).astype(np.int64)


def _prior_agent(spec, seed):
    """The heuristic that suggests a "prior" net's actions: ``make_agent(spec)`` (default
    ``"heuristic"``), which must be a ``HeuristicAgent``: the net learnt from its suggestions,
    and it remembers each slot's game as the net's agent needs."""
    from .heuristic import HeuristicAgent
    agent = make_agent("heuristic" if spec is None else spec, seed=seed)
    if not isinstance(agent, HeuristicAgent):
        raise AgentSpecError(f"prior_agent {spec!r} gave {type(agent).__name__}; the suggestions "
                             f"of a prior net come from a HeuristicAgent or a subclass of it")
    return agent


class TorchPolicyAgent(Agent):
    """A ``PolicyNet`` checkpoint as an agent. Stateless, except for a net with the ``"prior"``
    feature: its heuristic (``self.prior``, seeded from seed) remembers each slot's game, so
    such an agent takes slots and ``reset(slots=...)`` like the heuristic does. ``prior_gain``
    (4 numbers, lord loyalist rebel renegade) plays such a net with other gains than the saved
    ones (a given ``net`` is copied first), e.g. from an agent file
    ``{"agent": "x.pt", "kwargs": {"prior_gain": [1, 3, 1, 3]}}``. ``prior_agent`` (an agent
    spec, default ``"heuristic"``) names the heuristic that makes such a net's suggestions: a
    ``HeuristicAgent`` or a subclass, such as the heuristic reading roles with a belief model
    (``"training.train_belief:BeliefHeuristicAgent"``)."""

    name = "torch_policy"

    def __init__(self, path: str | None = None, seed: int | None = None, name: str | None = None,
                 deterministic: bool = True, torch_threads: int | None = TORCH_THREADS,
                 net=None, prior_gain=None, prior_agent: str | None = None):
        super().__init__(seed, name)
        self.torch = _torch()
        set_torch_threads(self.torch, torch_threads, path or "TorchPolicyAgent")
        self.path, self._warned = path, False
        if net is None:
            if path is None:
                raise AgentSpecError("TorchPolicyAgent needs a checkpoint path or a net")
            net, self.meta = load_checkpoint(path)
        else:
            self.meta = {}
            if prior_gain is not None:
                net = copy.deepcopy(net)
        if prior_gain is not None:
            set_prior_gains(net, prior_gain, path or "this net")
        self.net = net
        self.deterministic = bool(deterministic)
        self.prior = None
        if "prior" in net.features:
            self.prior = _prior_agent(prior_agent, seed)
        elif prior_agent is not None:
            raise AgentSpecError(f"prior_agent {prior_agent!r}: {path or 'this net'} has no "
                                 f"prior feature (features {list(net.features)})")

    def reset(self, seed: int | None = None, slots: Iterable[Hashable] | None = None) -> None:
        super().reset(seed, slots)
        if self.prior is not None:
            self.prior.reset(seed, slots)

    def check_table(self, config) -> None:
        """Warn (once per agent) if config is not the table the checkpoint's meta says it was
        trained at (players, pack, mode): it plays, but was not trained for this."""
        trained = trained_table(self.meta)
        here = {k: getattr(config, k) for k in trained}
        if trained and here != trained and not self._warned:
            self._warned = True
            warnings.warn(f"{self.path or 'this net'} was trained at {table_text(trained)}; it "
                          f"plays at {table_text(here)}", stacklevel=2)

    def logits(self, obs: np.ndarray, masks: np.ndarray,
               slots: Iterable[Hashable] | None = None) -> np.ndarray:
        """Masked logits [B, NUM_ACTIONS]; a net with the "prior" feature first asks its
        heuristic (which remembers the slots' games: slots as in ``act_batch``)."""
        torch = self.torch
        prior = None
        if self.prior is not None:
            prior = torch.from_numpy(self.prior.act_batch(obs, masks, slots))
        obs = np.asarray(obs)
        if obs.dtype not in (np.float32, np.uint8):
            obs = obs_to_float32(obs)
        # the first layer from the non-zero cells (SparseObservations): the same sums
        cells = SparseObservations(obs, self.net, prior)
        with torch.no_grad():
            lg, _ = self.net(None, torch.as_tensor(np.asarray(masks) != 0), prior=prior,
                             sparse=cells.all())
        return lg.numpy()

    def act(self, obs: np.ndarray, mask: np.ndarray, slot: Hashable = 0) -> int:
        mask = np.asarray(mask)
        if not mask.any():
            raise ValueError("the mask allows no action: is the game over, or is this mask "
                             "another seat's?")
        return int(_pick(self.logits(np.asarray(obs)[None], mask[None], [slot]),
                         self.deterministic, self.rng)[0])

    def act_batch(self, obs: np.ndarray, masks: np.ndarray,
                  slots: Iterable[Hashable] | None = None) -> np.ndarray:
        obs, masks = check_batch(obs, masks)
        if not (masks != 0).any(axis=1).all():
            raise ValueError("a mask allows no action")
        return _pick(self.logits(obs, masks, slots), self.deterministic, self.rng)


SB3_POLICY = ("sb3_contrib.common.maskable.policies", "MaskableActorCriticPolicy")
SB3_SETTINGS = ("net_arch",)        # the policy_kwargs a model's weights can be rebuilt with


def _sb3_entry(data: dict, key: str, path: str) -> dict:
    entry = data.get(key)
    if not isinstance(entry, dict):
        raise AgentSpecError(f"model {path!r}: its data lacks {key!r}")
    return entry


def read_sb3_zip(path: str):
    """(policy settings, weights) of a MaskablePPO ``.zip`` read without running code from it:
    the ``data`` entry as JSON (its pickled ``:serialized:`` parts are skipped: only their
    readable fields are used) and ``policy.pth`` with ``torch.load(weights_only=True)``.
    AgentSpecError if the zip holds anything that the weights alone cannot rebuild (another
    policy class, policy settings beyond ``SB3_SETTINGS``): load such a model with
    ``trust=True``, if you trust the file."""
    import zipfile
    torch = _torch()
    check_archive(path, f"MaskablePPO model {path!r}")
    try:
        with zipfile.ZipFile(path) as z:
            data = json.loads(z.read("data"))
            pth = io.BytesIO(z.read("policy.pth"))
        check_archive(pth, f"model {path!r}: its policy.pth")
        pth.seek(0)
        weights = torch.load(pth, map_location="cpu", weights_only=True)
    except RecursionError as e:
        raise AgentSpecError(f"cannot read MaskablePPO model {path!r}: its data nests too "
                             f"deeply") from e
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, RuntimeError, EOFError) as e:
        raise AgentSpecError(f"cannot read MaskablePPO model {path!r}: {e}") from e
    if not isinstance(data, dict):
        raise AgentSpecError(f"model {path!r}: its data is not a JSON object")
    policy = _sb3_entry(data, "policy_class", path)
    name = str(policy.get(":type:", ""))
    if policy.get("__module__") != SB3_POLICY[0] \
            or f"{SB3_POLICY[1]}.__init__" not in str(policy.get("__init__")):
        raise AgentSpecError(f"model {path!r} uses policy {name or policy!r}, not "
                             f"{'.'.join(SB3_POLICY)}; only a trusted file may be unpickled "
                             f"(trust=True, --trust-pickles)")
    kwargs = data.get("policy_kwargs") or {}
    if not isinstance(kwargs, dict) or ":serialized:" in kwargs or set(kwargs) - set(SB3_SETTINGS):
        raise AgentSpecError(f"model {path!r} has policy settings {sorted(kwargs)} that only "
                             f"unpickling restores (rebuilt from weights: {list(SB3_SETTINGS)}); "
                             f"load it with trust=True (--trust-pickles) if you trust the file")
    what = f"model {path!r}"
    shape = _sb3_entry(data, "observation_space", path).get("_shape")
    try:
        shape = json.loads(shape) if isinstance(shape, str) else shape
    except (ValueError, RecursionError):
        pass
    if not isinstance(shape, list) or not shape:
        raise AgentSpecError(f"{what}: observation_space _shape = {_short(shape)} is not a "
                             f"list of whole numbers")
    obs_size = whole(shape[-1], f"observation_space _shape[{len(shape) - 1}]", what, 1,
                     OBS_SIZE)
    n = _sb3_entry(data, "action_space", path).get("n")
    num_actions = whole(int(n) if isinstance(n, str) and n.isdigit() and len(n) < 10 else n,
                        "action_space n", what, 1, NUM_ACTIONS)
    if "net_arch" in kwargs:
        kwargs = dict(kwargs, net_arch=check_net_arch(kwargs["net_arch"], obs_size, what))
    return {"obs_size": obs_size, "num_actions": num_actions, **kwargs}, weights


def check_net_arch(net_arch, obs_size: int, what: str):
    """An sb3 policy's ``net_arch`` (None, a list of widths, or {"pi": [...], "vf": [...]})
    within the limits of a saved arch; AgentSpecError naming net_arch otherwise."""
    if net_arch is None:
        return None
    if isinstance(net_arch, dict):
        if set(net_arch) - {"pi", "vf"}:
            raise AgentSpecError(f"{what}: net_arch has keys {sorted(map(str, net_arch))}; "
                                 f"legal: a list of widths, or 'pi' and 'vf' lists of widths")
        pi = check_hidden(net_arch.get("pi", []), "net_arch pi", what)
        vf = check_hidden(net_arch.get("vf", []), "net_arch vf", what)
        out = {"pi": list(pi), "vf": list(vf)}
    else:
        pi = vf = check_hidden(net_arch, "net_arch", what)
        out = list(pi)
    check_parameters(mlp_parameters(obs_size, pi, (NUM_ACTIONS,))
                     + mlp_parameters(obs_size, vf, (1,)), what)
    return out


def _sb3_policy(settings: dict, weights, path: str):
    """A MaskableActorCriticPolicy built from settings, holding weights (checked)."""
    import gymnasium as gym
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    if settings["num_actions"] != NUM_ACTIONS:
        raise AgentSpecError(f"model {path!r} was trained for {settings['num_actions']} actions; "
                             f"this env has {NUM_ACTIONS}")
    check_obs_size(settings["obs_size"], f"model {path!r}")
    space = gym.spaces.Box(-np.inf, np.inf, (settings["obs_size"],), np.float32)
    try:
        policy = MaskableActorCriticPolicy(space, gym.spaces.Discrete(NUM_ACTIONS),
                                           lambda _: 0.0, net_arch=settings.get("net_arch"))
    except (TypeError, ValueError) as e:
        raise AgentSpecError(f"model {path!r}: policy settings {settings}: {e}") from e
    load_weights(policy, weights, f"model {path!r}")
    policy.set_training_mode(False)
    return policy


def load_weights(net, weights, what: str) -> None:
    """net.load_state_dict(weights), with every defect an AgentSpecError naming it: not a
    mapping of tensors, keys missing or extra, shapes that differ, values not finite."""
    torch = _torch()
    if not isinstance(weights, dict) or not all(isinstance(v, torch.Tensor)
                                                for v in weights.values()):
        raise AgentSpecError(f"{what}: its weights are not a mapping of tensors")
    want = net.state_dict()
    missing = sorted(set(want) - set(weights))
    extra = sorted(set(weights) - set(want))
    if missing or extra:
        raise AgentSpecError(f"{what}: weights missing {missing[:5]}, unexpected {extra[:5]}")
    for k, v in weights.items():
        if tuple(v.shape) != tuple(want[k].shape):
            raise AgentSpecError(f"{what}: weight {k} has shape {tuple(v.shape)}, the net "
                                 f"needs {tuple(want[k].shape)}")
        if v.is_floating_point() and not bool(torch.isfinite(v).all()):
            raise AgentSpecError(f"{what}: weight {k} holds NaN or infinite values")
    net.load_state_dict(weights)


class SB3PolicyAgent(Agent):
    """An sb3-contrib ``MaskablePPO`` model (``.zip``) as an agent.

    The zip is read without unpickling anything (``read_sb3_zip``): its policy is rebuilt from
    the saved settings and its weights. trust=True (``--trust-pickles`` on the command lines)
    loads it with ``MaskablePPO.load`` instead, which runs code the file carries: only for files
    you trust (a model with custom policy settings needs it)."""

    name = "maskable_ppo"

    def __init__(self, path: str, seed: int | None = None, name: str | None = None,
                 deterministic: bool = True, torch_threads: int | None = TORCH_THREADS,
                 trust: bool = False):
        super().__init__(seed, name)
        set_torch_threads(_torch(), torch_threads, path)
        _exists(path, "model")
        if trust is True:
            try:
                from sb3_contrib import MaskablePPO
                self.policy = MaskablePPO.load(path, device="cpu").policy
            except Exception as e:  # noqa: BLE001
                raise AgentSpecError(f"cannot load MaskablePPO model {path!r}: {e}") from e
        else:
            self.policy = _sb3_policy(*read_sb3_zip(path), path)
        self.obs_size = int(self.policy.observation_space.shape[-1])
        self.layout = check_obs_size(self.obs_size, f"model {path!r}")
        self.deterministic = bool(deterministic)

    def act(self, obs, mask, slot: Hashable = 0) -> int:
        return int(self.act_batch(np.asarray(obs)[None], np.asarray(mask)[None])[0])

    def act_batch(self, obs, masks, slots=None) -> np.ndarray:
        obs, masks = check_batch(obs, masks)
        a, _ = self.policy.predict(old_view(obs_to_float32(obs), self.layout),
                                   action_masks=masks != 0,
                                   deterministic=self.deterministic)
        return np.asarray(a, np.int64).reshape(-1)


def _exists(path: str, what: str) -> None:
    if not isinstance(path, str) or not os.path.isfile(path):
        raise AgentSpecError(f"no such file: {what} {path!r}")


def _load_pt(path: str, seed: int | None = None, **kwargs) -> Agent:
    return TorchPolicyAgent(path, seed=seed, **kwargs)


def _load_zip(path: str, seed: int | None = None, **kwargs) -> Agent:
    return SB3PolicyAgent(path, seed=seed, **kwargs)


register_checkpoint_loader(".pt", _load_pt)
register_checkpoint_loader(".zip", _load_zip)
