"""The compiled engine: ``constants`` (state layout, ids), ``state`` (zones, randomness, frames),
``rules`` (distance, legality), ``flow`` (the frames), ``mask``, ``observe``, ``core`` (entry
points and batch kernels). ``jit`` says how it is compiled and cached."""
from .jit import CACHE_DIR  # noqa: F401
