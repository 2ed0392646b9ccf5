"""Do two builds of the engine compile to the same machine code? (A refactoring check.)

    python benchmarks/same_code.py CACHE_A CACHE_B [function ...]

CACHE_A, CACHE_B: two of the engine's Numba cache directories (``heroes_env.fast.jit.CACHE_DIR``
of each checkout, e.g. ``~/.cache/heroes_env/numba-<hash>``), each holding the compiled
functions named (run the code that compiles them first, e.g. the golden corpus and one
``batch_random_play``). For each function (default: the engine's entry point and the batch, mask
and observation kernels) the object code cached for its first signature is disassembled with
``objdump`` and its instructions compared, operands included, symbol names left out. Identical
instructions mean the change (renamed constants, imports, comments) costs nothing at run time:
a firmer answer than timing on a busy machine. Exit status 1 if any function differs or is missing.

A cache directory is shared by every checkout with the same engine sources (one subdirectory per
checkout path) and the first copy found is compared; two processes compiling the same sources may
produce different code, so compare builds made the same way (``benchmarks/README.md``).

This reads Numba's cache files (a pickle holding an ELF object), an internal format: it is a
developer's tool, tested with Numba 0.68.
"""
from __future__ import annotations

import glob
import hashlib
import os
import pickle
import re
import subprocess
import sys
import tempfile

DEFAULT = ["core.engine", "batch.batch_random_play_rows", "batch.vec_advance_rows",
           "mask.legal_mask", "observe.observe"]


def _elf(path: str) -> bytes:
    found = []

    def walk(x):
        if isinstance(x, (bytes, bytearray)) and bytes(x[:4]) == b"\x7fELF":
            found.append(bytes(x))
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)

    with open(path, "rb") as f:
        walk(pickle.loads(f.read()))
    if not found:
        raise ValueError(f"{path}: no object code in this cache file")
    return found[0]


def instructions(cache_dir: str, func: str) -> list[str] | None:
    """The instructions of func's first cached signature (None if it is not in cache_dir)."""
    files = sorted(glob.glob(os.path.join(cache_dir, "*", f"{func}-*.1.nbc")))
    if not files:
        return None
    with tempfile.NamedTemporaryFile(suffix=".o", delete=False) as t:
        t.write(_elf(files[0]))
    try:
        dis = subprocess.run(["objdump", "-d", "--no-show-raw-insn", t.name],
                             capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(t.name)
    return [re.sub(r"<[^>]*>", "", m.group(1)).strip() for line in dis.splitlines()
            if (m := re.match(r"\s+[0-9a-f]+:\s+(.*)", line))]


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) < 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    a, b, funcs = argv[0], argv[1], argv[2:] or DEFAULT
    ok = True
    for fn in funcs:
        ia, ib = instructions(a, fn), instructions(b, fn)
        if ia is None or ib is None:
            ok = False
            print(f"{fn:<26} missing in {'the first' if ia is None else 'the second'} cache")
            continue
        same = ia == ib
        ok &= same
        h = lambda x: hashlib.sha1("\n".join(x).encode()).hexdigest()[:12]  # noqa: E731
        print(f"{fn:<26} {len(ia):>7} / {len(ib):>7} instructions  {h(ia)} / {h(ib)}  "
              f"{'identical' if same else 'DIFFERENT'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
