"""The compiled engine, the rules only: ``constants`` (state layout, ids), ``state`` (zones,
randomness, frames), ``rules`` (distance, legality), ``flow`` (the frames), ``skills``, ``mask``,
``observe``, ``core`` (entry points), ``batch`` (batch kernels). How it is compiled, cached and
run in parallel is ``heroes_env.fast``'s."""
from ..fast.jit import CACHE_DIR  # noqa: F401
