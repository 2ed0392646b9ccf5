"""The observation's older layouts, and how a network trained on one reads today's.

The layout changes only on purpose, each time as a new version (``OBS_LAYOUT``, recorded in
the ``arch`` of every network saved since version 3). A network saved before that is recognised
by its width:

=======  =========  ============================================================================
version  cells      what changed
=======  =========  ============================================================================
1        2,348      (the first) hero one-hots of ``HERO_ROOM_BEFORE`` = 96 ids
2        3,200      the public history pieces appended (``OBS_HIST_GAME`` onwards)
3        3,552      the hero room widened to ``OBS_HERO_ROOM`` = 128 ids (``OS_HERO`` in every seat
                    block, ``OBS_OFFER``): adding a hero within it changes nothing
=======  =========  ============================================================================

Every hero id of layouts 1 and 2 is below ``HERO_ROOM_BEFORE`` and the widened one-hots keep
those ids at the same place, so an older layout is today's with the inserted cells deleted:
``old_view(obs, version)`` builds it, and ``columns(version)`` says where each of its cells is
in today's observation. A network's first layer migrates by zero weight columns at exactly the
inserted cells (``widen_columns``): it computes the same outputs on today's observation as it
did on the old one. ``heroes_env.agents.torch_policy`` migrates policies when they are loaded,
``training/train_belief.py`` the belief model, ``training/selfplay_ppo.py`` a training state.
"""
from __future__ import annotations

import numpy as np

from .engine.constants import (
    MAX_SEATS,
    OBS_HERO_ROOM,
    OBS_HIST_GAME,
    OBS_LAYOUT,
    OBS_OFFER,
    OBS_SEATS,
    OBS_SIZE,
    OS_HERO,
    SEAT_OBS,
)

__all__ = ["HERO_ROOM_BEFORE", "LAYOUT_SIZES", "LAYOUT_VERSIONS", "SEAT_OBS_OF", "columns",
           "layout_of_size", "old_view", "seat_columns", "widen_columns", "widen_obs"]

HERO_ROOM_BEFORE = 96        # hero ids of layouts 1 and 2 (OS_HERO and OBS_OFFER cells)
# the layouts before today's: those whose seat blocks held HERO_ROOM_BEFORE hero cells, and
# layout 1 ends where the history begins
NARROW_HEROES = (1, 2)
BEFORE_HISTORY = (1,)


def _inserted_in_seat_block(version: int) -> np.ndarray:
    """Today's seat-block cells that a seat block of that layout lacks."""
    if version not in NARROW_HEROES:
        return np.zeros(0, np.int64)
    return np.arange(OS_HERO + HERO_ROOM_BEFORE, OS_HERO + OBS_HERO_ROOM)


def seat_columns(version: int) -> np.ndarray:
    """Where each cell of that layout's seat block is in today's seat block (``SEAT_OBS``)."""
    return np.delete(np.arange(SEAT_OBS), _inserted_in_seat_block(version))


def columns(version: int) -> np.ndarray:
    """Where each cell of that layout's observation is in today's (int64, one per old cell)."""
    if version == OBS_LAYOUT:
        return np.arange(OBS_SIZE)
    if version not in LAYOUT_VERSIONS:
        raise ValueError(f"no observation layout {version}: the layouts are "
                         f"{list(LAYOUT_VERSIONS)}")
    seat = _inserted_in_seat_block(version)
    inserted = [OBS_SEATS + r * SEAT_OBS + seat for r in range(MAX_SEATS)]
    if version in NARROW_HEROES:
        inserted.append(np.arange(OBS_OFFER + HERO_ROOM_BEFORE, OBS_OFFER + OBS_HERO_ROOM))
    if version in BEFORE_HISTORY:
        inserted.append(np.arange(OBS_HIST_GAME, OBS_SIZE))
    return np.delete(np.arange(OBS_SIZE), np.concatenate(inserted))


LAYOUT_VERSIONS = tuple(range(1, OBS_LAYOUT + 1))
# cells of each layout's observation, and of its seat block
LAYOUT_SIZES = {v: len(columns(v)) for v in LAYOUT_VERSIONS}
SEAT_OBS_OF = {v: len(seat_columns(v)) for v in LAYOUT_VERSIONS}


def layout_of_size(size) -> int | None:
    """The layout whose observation has that many cells (None: no layout has)."""
    return next((v for v, n in LAYOUT_SIZES.items() if n == size), None)


def old_view(obs: np.ndarray, version: int) -> np.ndarray:
    """Today's observations (``[..., OBS_SIZE]``) as that layout showed them: the cells inserted
    since deleted."""
    return np.asarray(obs)[..., columns(version)]


def widen_obs(obs: np.ndarray, version: int) -> np.ndarray:
    """Observations of that layout (``[..., its cells]``) in today's: zero at the cells inserted
    since (where every hero id of the older layouts left them; layout 1's history reads as
    empty)."""
    obs = np.asarray(obs)
    out = np.zeros(obs.shape[:-1] + (OBS_SIZE,), obs.dtype)
    out[..., columns(version)] = obs
    return out


def widen_columns(weight, cols, width: int):
    """A first layer's weight (a torch tensor ``[out, n]``) for a wider input: ``[out, width]``
    with column j at ``cols[j]`` and zeros in every other column."""
    import torch
    out = weight.new_zeros((weight.shape[0], width))
    out[:, torch.as_tensor(np.asarray(cols, np.int64))] = weight
    return out
