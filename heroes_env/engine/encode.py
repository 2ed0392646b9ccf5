"""The two encodings of an observation cell, for ``observe`` and ``observe_history``.

An observation array is float32 (the values of ``docs/observation.md``) or uint8 (each cell the
small integer count k behind its value; a negative count, such as the HP of a seat that died with
HP below zero, as its two's complement byte). Every value is a count k or k / divisor (a
distance / 10, a history counter / 10, the round / 100 ...): ``put_count`` writes those. Numba
compiles each encoder once per output dtype; ``byte_obs`` is a constant in each version.
"""
from numba.extending import overload

from .jit import njit


def byte_obs(out):
    """True when out takes the byte encoding (counts), False for float32 values (a constant per
    compiled version: the overload below)."""
    return out.dtype.itemsize == 1


@overload(byte_obs)
def _byte_obs(out):
    if out.dtype.bitwidth == 8:
        return lambda out: True
    return lambda out: False


@njit(cache=True)
def put_count(out, i, k, div):
    """Cell i holds the count k observed as k / div: k itself in a byte observation."""
    if byte_obs(out):
        out[i] = k
    else:
        out[i] = k / div
