"""The random agent: uniform over the legal actions, from its own seeded generator."""
from __future__ import annotations

from collections.abc import Hashable, Iterable

import numpy as np

from .base import Agent, check_batch, register_agent


def _no_legal(mask) -> ValueError:
    return ValueError(f"the mask allows no action (sum {int(np.asarray(mask).sum())}): is the "
                      "game over, or is this mask another seat's?")


class RandomAgent(Agent):
    """Uniformly random legal actions. Same seed, same observations -> same actions."""

    name = "random"

    def act(self, obs: np.ndarray, mask: np.ndarray, slot: Hashable = 0) -> int:
        """A legal action drawn uniformly from the agent's generator.

        Raises:
            ValueError: A mask that allows no action.
        """
        legal = np.flatnonzero(mask)
        if legal.size == 0:
            raise _no_legal(mask)
        return int(legal[self.rng.integers(legal.size)])

    def act_batch(self, obs: np.ndarray, masks: np.ndarray,
                  slots: Iterable[Hashable] | None = None) -> np.ndarray:
        obs, masks = check_batch(obs, masks)
        legal = masks != 0
        if not legal.any(axis=1).all():
            raise _no_legal(masks[~legal.any(axis=1)][0])
        # uniform among the legal actions: the largest of independent uniforms
        u = self.rng.random(masks.shape)
        u[~legal] = -1.0
        return u.argmax(axis=1).astype(np.int64)


register_agent("random", RandomAgent)
