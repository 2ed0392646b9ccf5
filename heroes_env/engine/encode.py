"""The two encodings of an observation cell, for ``observe`` and ``observe_history``.

An observation array is float32 (the values of ``docs/observation.md``) or uint8 (each cell the
small integer count k behind its value; a negative count, such as the HP of a seat that died with
HP below zero, as its two's complement byte). Every value is a count k or k / divisor (a
distance / 10, a history counter / 10, the round / 100 ...): ``put_count`` writes those, and
``put_value`` the same from a table of the float32 values (``count_values``: a lookup instead of a
division, for the hottest loops). Numba compiles each encoder once per output dtype; ``byte_obs``
is a constant in each version.
"""
import numpy as np
from numba.extending import overload

from ..fast.jit import njit


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
def put_count(out, i, count, div):
    """Cell i holds count observed as count / div: count itself in a byte observation."""
    if byte_obs(out):
        out[i] = count
    else:
        out[i] = count / div


def count_values(div, kmax):
    """The float32 values count / div of the counts 0..kmax (the table of ``put_value``)."""
    return np.array([count / div for count in range(kmax + 1)], np.float32)


@njit(cache=True)
def put_value(out, i, count, values):
    """put_count(out, i, count, div) for 0 <= count < len(values), values = count_values(div,
    ...): the same cell, the division looked up."""
    if byte_obs(out):
        out[i] = count
    else:
        out[i] = values[count]
