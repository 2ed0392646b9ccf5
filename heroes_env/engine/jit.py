"""How the engine is compiled: one decorator for every engine function, and the cache location.

``njit`` is Numba's with ``cache=True``, one compiled version per function, and a cache that
cannot go stale.

**One version per function.** Numba compiles a callee once per distinct argument type seen at
its call sites, and a constant argument has its own literal type (``Literal[int](15)``): a helper
such as ``log_event`` called with thirty different constants was compiled thirty times, most of
the engine's cold compile. The engine's dispatchers widen every integer argument type to
``int64`` (and drop literal types) before compiling, so each helper compiles once and callers'
constants and ``int32`` values convert to it. (Engine functions therefore take signed integer
scalars only.)

**A cache that cannot go stale.** Numba's on-disk cache is
keyed per source file, so a cached function is not recompiled when an njit function it calls from
*another* module changes. The engine's cache directory is therefore keyed by a hash of every engine
source file, the data files, the compiled agents (``COMPILED_AGENTS``) and the Numba version: any
change to the engine starts a fresh cache. It is
``$NUMBA_CACHE_DIR/heroes_env-<hash>`` if ``NUMBA_CACHE_DIR`` is set, else
``~/.cache/heroes_env/numba-<hash>`` (``$XDG_CACHE_HOME`` respected). Only the engine's functions
use it: ``numba.config.CACHE_DIR`` is set while they are created and restored afterwards.

**A cold cache says so.** The first time a function compiles for want of a cached version (a
first start after installing or changing the engine), one line goes to stderr (``COMPILE_NOTICE``)
so that a user waiting a minute or two knows why; a warm start prints nothing.

**A callee's own machine code is made quickly** (``callee_code``): an engine function that
only other engine functions call gets its machine code at ``-O0`` (its callers optimise its IR
themselves); functions that Python code calls are marked ``entry=True``.

**Rows without reference counts.** A batch kernel hands each game's state row, mask,
observation and per-row records (rewards, flags, opponents) to the engine as ``borrow_row(A, i)``:
``A[i]`` without a reference of its own, so that neither taking the row nor the engine's calls
that LLVM does not inline increment and decrement the batch array's reference count (an atomic
operation) for every array they take.

**A cold compile uses the machine's cores.** When one of the engine's large functions is the
one to compile, ``compile_plan`` first builds them on worker processes side by side (Numba itself
compiles one function at a time); ``HEROES_ENV_COMPILE_JOBS=1`` turns that off.
"""
import hashlib
import os
import pathlib
import platform
import sys

import numba
import numpy as np
from numba import prange  # noqa: F401  (re-exported for the engine modules)
from numba.core import types

from . import callee_code, compile_plan

_X86 = platform.machine().lower() in ("x86_64", "amd64", "i386", "i686", "x86")

# compiled modules outside the engine that share its cache (paths from the project root)
COMPILED_AGENTS = ("heroes_env/agents/heuristic_kernels.py", "heroes_env/agents/heuristic_loop.py")


def _engine_hash() -> str:
    h = hashlib.sha1()
    here = pathlib.Path(__file__).resolve().parent
    data = here.parent / "data"          # content (heroes, skills) is frozen into compiled code
    # the compiled agents beside the package call engine functions (and each other) too
    agents = [here.parent.parent / f for f in COMPILED_AGENTS]
    for p in sorted(here.rglob("*.py")) + sorted(data.glob("*.csv")) + sorted(data.glob("*.json")) \
            + [a for a in agents if a.exists()]:
        h.update(str(p.relative_to(here.parent.parent)).encode())
        h.update(p.read_bytes())
    h.update(f"numba {numba.__version__}".encode())
    return h.hexdigest()[:12]


def _cache_dir() -> str:
    tag = _engine_hash()
    base = os.environ.get("NUMBA_CACHE_DIR")
    if base:
        return os.path.join(base, f"heroes_env-{tag}")
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(xdg, "heroes_env", f"numba-{tag}")


CACHE_DIR = _cache_dir()
QUICK_CALLEES = callee_code.install()
COMPILE_NOTICE = ("heroes_env: compiling the game engine with Numba; this happens once (after "
                  "installing or updating heroes_env) and takes a minute or two; later starts "
                  "load it from {cache}")
_noticed = False


def _notice_cold(disp):
    """One stderr line, once per process, when disp has nothing in the cache (it compiles); for
    a root of the compile plan, the plan (``compile_plan``, once per process)."""
    global _noticed
    try:
        cached = os.path.exists(disp._cache._cache_file._index_path)
    except AttributeError:           # another Numba's internals: say nothing
        return
    if cached:
        return
    if not _noticed and not os.environ.get(compile_plan.ENV_WORKER):
        _noticed = True
        print(COMPILE_NOTICE.format(cache=CACHE_DIR), file=sys.stderr, flush=True)
    # one of the engine's large roots: the plan builds its roots on worker processes first
    compile_plan.maybe_run(f"{disp.py_func.__module__}.{disp.py_func.__name__}", CACHE_DIR)


def _widen(t):
    t = types.unliteral(t)
    if isinstance(t, types.Integer):
        return types.int64
    return t


def njit(*args, entry=False, **kwargs):
    """``numba.njit(cache=True, ...)``: integer arguments widened to int64, cached in the
    engine's own directory. ``entry=True`` marks a function that Python code calls: it is
    compiled in full even where another engine function calls it (``callee_code``)."""
    kwargs.setdefault("cache", True)

    def wrap(func):
        # the cache locator reads numba.config.CACHE_DIR when the dispatcher is created
        old_dir = numba.config.CACHE_DIR
        numba.config.CACHE_DIR = CACHE_DIR
        try:
            disp = numba.njit(**kwargs)(func)
        finally:
            numba.config.CACHE_DIR = old_dir
        if not hasattr(disp, "compile"):      # NUMBA_DISABLE_JIT=1: a plain function
            return disp
        compile_exact = disp.compile

        def compile_widened(sig):
            _notice_cold(disp)
            if isinstance(sig, tuple):
                sig = tuple(_widen(a) for a in sig)
            with callee_code.compiling(entry):
                return compile_exact(sig)

        disp.compile = compile_widened
        disp.heroes_entry = entry
        return disp

    if args and callable(args[0]):
        return wrap(args[0])
    return wrap


def _prefetch_row_py(arr, i):
    """Without JIT: nothing to do."""


def _atomic_load_py(arr, i):
    """Without JIT: arr[i] (the engine runs on one thread at a time under the GIL)."""
    return int(arr[i])


def _atomic_store_py(arr, i, v):
    """Without JIT: arr[i] = v."""
    arr[i] = v


def _cpu_pause_py():
    """Without JIT: nothing to do."""


def _stream_row_py(dst, i, src):
    """Without JIT: dst[i] = src."""
    dst[i] = src


def _store_fence_py():
    """Without JIT: nothing to do."""


def _borrow_row_py(arr, i):
    """Without JIT: the row's view."""
    return arr[i]


def _load_u64_py(arr, i):
    """Without JIT: the 8 bytes at byte i of arr's data as a little-endian integer."""
    return int.from_bytes(arr.view(np.uint8)[i:i + 8].tobytes(), "little")


def _store_u64_py(arr, i, v):
    """Without JIT: the 8 bytes of v, little-endian, at byte i of arr's data."""
    arr.view(np.uint8)[i:i + 8] = np.frombuffer((int(v) & (2**64 - 1)).to_bytes(8, "little"),
                                                np.uint8)


try:
    from llvmlite import ir as _ir
    from numba.core import cgutils as _cg
    from numba.extending import intrinsic as _intrinsic

    def _itemsize(context, aryty):
        """The bytes of one item of array type aryty (a constant; booleans too)."""
        return context.get_constant(
            types.intp, context.get_abi_sizeof(context.get_data_type(aryty.dtype)))

    def _row_start(context, builder, signature, args):
        """(pointer to the first item of row args[1], the row's length) of the 2-d C-contiguous
        array args[0] (an intrinsic's codegen arguments)."""
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        zero = context.get_constant(types.intp, 0)
        row = builder.sext(args[1], _ir.IntType(64)) if args[1].type.width < 64 else args[1]
        ptr = _cg.get_item_pointer(context, builder, aryty, ary, [row, zero])
        return ptr, _cg.unpack_tuple(builder, ary.shape, 2)[1]

    def _prefetch_row_codegen(rw):
        """Codegen of a prefetch of every cache line of row args[1] of the 2-d C-contiguous array
        args[0] into the L2 cache: llvm.prefetch(address, rw (0 read, 1 write), locality 2
        (prefetcht1 / prefetchw: L2), data cache)."""
        def codegen(context, builder, signature, args):
            aryty = signature.args[0]
            ptr, ncol = _row_start(context, builder, signature, args)
            zero = context.get_constant(types.intp, 0)
            i8p = _ir.IntType(8).as_pointer()
            i32 = _ir.IntType(32)
            fnty = _ir.FunctionType(_ir.VoidType(), [i8p] + [i32] * 3)
            fn = _cg.get_or_insert_function(builder.module, fnty, "llvm.prefetch.p0")
            base = builder.bitcast(ptr, i8p)
            nbytes = builder.mul(ncol, _itemsize(context, aryty))
            with _cg.for_range_slice(builder, zero, nbytes, context.get_constant(types.intp, 64),
                                     inc=True) as (off, _):
                builder.call(fn, [builder.gep(base, [off]), _ir.Constant(i32, rw),
                                  _ir.Constant(i32, 2), _ir.Constant(i32, 1)])
            return context.get_dummy_value()
        return codegen

    @_intrinsic
    def prefetch_row(typingctx, arr, i):
        """A hint, no effect on results: start loading every cache line of row i of the 2-d
        C-contiguous array arr into the L2 cache (the next game of a batch while this one is
        stepped; into L2, not L1: the 121 lines of a game's state at once, read into L1, held up
        the step's own loads, issue 17)."""
        return types.void(arr, i), _prefetch_row_codegen(0)

    @_intrinsic
    def prefetch_row_for_write(typingctx, arr, i):
        """``prefetch_row`` of a row that is about to be written (a game's observation and mask,
        fetched while its engine step runs)."""
        return types.void(arr, i), _prefetch_row_codegen(1)

    def _call_x86(builder, name):
        """A call of the no-argument LLVM intrinsic ``llvm.x86.<name>``."""
        fnty = _ir.FunctionType(_ir.VoidType(), [])
        builder.call(_cg.get_or_insert_function(builder.module, fnty, f"llvm.x86.{name}"), [])

    def _item_pointer(context, builder, signature, args):
        """A pointer to item args[1] of the 1-d array args[0] (an intrinsic's codegen
        arguments)."""
        aryty = signature.args[0]
        ary = context.make_array(aryty)(context, builder, args[0])
        idx = context.cast(builder, args[1], signature.args[1], types.intp)
        return _cg.get_item_pointer(context, builder, aryty, ary, [idx])

    def _is_flat_int64(arr):
        return isinstance(arr, types.Array) and arr.ndim == 1 and arr.dtype == types.int64

    @_intrinsic
    def atomic_load(typingctx, arr, i):
        """arr[i] of a 1-d int64 array, read as one sequentially consistent atomic load: a flag
        that another thread writes (``rows``' crew)."""
        if not _is_flat_int64(arr):
            return None

        def codegen(context, builder, signature, args):
            return builder.load_atomic(_item_pointer(context, builder, signature, args),
                                       "seq_cst", 8)
        return types.int64(arr, i), codegen

    @_intrinsic
    def atomic_store(typingctx, arr, i, v):
        """arr[i] = v of a 1-d int64 array as one sequentially consistent atomic store."""
        if not _is_flat_int64(arr):
            return None

        def codegen(context, builder, signature, args):
            val = context.cast(builder, args[2], signature.args[2], types.int64)
            builder.store_atomic(val, _item_pointer(context, builder, signature, args),
                                 "seq_cst", 8)
            return context.get_dummy_value()
        return types.void(arr, i, v), codegen

    @_intrinsic
    def cpu_pause(typingctx):
        """A spin-wait hint to the core (x86 ``pause``; nothing elsewhere)."""
        def codegen(context, builder, signature, args):
            if _X86:
                _call_x86(builder, "sse2.pause")
            return context.get_dummy_value()
        return types.void(), codegen

    @_intrinsic
    def stream_row(typingctx, dst, i, src):
        """Row i of the 2-d C-contiguous array dst = the 1-d C-contiguous array src (same dtype
        and length), written with non-temporal stores: straight to memory, without first reading
        the row's cache lines in (a batch's observation rows, issue 17). 16 bytes at a time when
        the row starts on a 16-byte boundary and its length is a multiple of 16, else plain
        stores. The stores are weakly ordered: ``store_fence`` before another thread may read
        the row."""
        if not (isinstance(dst, types.Array) and dst.ndim == 2 and dst.layout == "C"
                and isinstance(src, types.Array) and src.ndim == 1 and src.layout == "C"
                and src.dtype == dst.dtype):
            return None

        def codegen(context, builder, signature, args):
            dptr, ncol = _row_start(context, builder, signature, args)
            sary = context.make_array(signature.args[2])(context, builder, args[2])
            i8p = _ir.IntType(8).as_pointer()
            i64 = _ir.IntType(64)
            vty = _ir.VectorType(i64, 2)
            d8 = builder.bitcast(dptr, i8p)
            s8 = builder.bitcast(sary.data, i8p)
            nbytes = builder.mul(ncol, _itemsize(context, signature.args[0]))
            zero = context.get_constant(types.intp, 0)
            fifteen = context.get_constant(types.intp, 15)
            aligned = builder.icmp_unsigned(
                "==", builder.and_(builder.or_(builder.ptrtoint(d8, i64), nbytes), fifteen), zero)
            nt = builder.module.add_metadata([_ir.Constant(_ir.IntType(32), 1)])
            with builder.if_else(aligned) as (then, otherwise):
                with then:
                    with _cg.for_range_slice(builder, zero, nbytes,
                                             context.get_constant(types.intp, 16),
                                             inc=True) as (off, _):
                        v = builder.load(builder.bitcast(builder.gep(s8, [off]),
                                                         vty.as_pointer()), align=1)
                        st = builder.store(v, builder.bitcast(builder.gep(d8, [off]),
                                                              vty.as_pointer()), align=16)
                        st.set_metadata("nontemporal", nt)
                with otherwise:
                    _cg.memcpy(builder, d8, s8, nbytes)
            return context.get_dummy_value()
        return types.void(dst, i, src), codegen

    @_intrinsic
    def store_fence(typingctx):
        """Every store before this one (``stream_row``'s too) is visible to other threads before
        any store after it (x86 ``sfence``; a full fence elsewhere)."""
        def codegen(context, builder, signature, args):
            if _X86:
                _call_x86(builder, "sse.sfence")
            else:
                builder.fence("seq_cst")
            return context.get_dummy_value()
        return types.void(), codegen

    def _byte_pointer(context, builder, signature, args):
        """A pointer to byte args[1] of the data of the 1-d array args[0], as a pointer to an
        int64 (an intrinsic's codegen arguments)."""
        ary = context.make_array(signature.args[0])(context, builder, args[0])
        off = context.cast(builder, args[1], signature.args[1], types.intp)
        ptr = builder.gep(builder.bitcast(ary.data, _ir.IntType(8).as_pointer()), [off])
        return builder.bitcast(ptr, _ir.IntType(64).as_pointer())

    def _is_flat(arr):
        return isinstance(arr, types.Array) and arr.ndim == 1 and arr.layout == "C"

    @_intrinsic
    def load_u64(typingctx, arr, i):
        """The 8 bytes at byte i of the 1-d C-contiguous array arr's data (arr[i:i + 8] of a
        uint8 array) as one little-endian int64: one unaligned load; i + 8 <= arr.nbytes is the
        caller's to ensure."""
        if not _is_flat(arr):
            return None

        def codegen(context, builder, signature, args):
            return builder.load(_byte_pointer(context, builder, signature, args), align=1)
        return types.int64(arr, i), codegen

    @_intrinsic
    def store_u64(typingctx, arr, i, v):
        """The 8 bytes of v, little-endian, at byte i of the 1-d C-contiguous array arr's data
        (arr[i:i + 8] of a uint8 array): one unaligned store; i + 8 <= arr.nbytes is the
        caller's to ensure."""
        if not _is_flat(arr):
            return None

        def codegen(context, builder, signature, args):
            val = context.cast(builder, args[2], signature.args[2], types.int64)
            builder.store(val, _byte_pointer(context, builder, signature, args), align=1)
            return context.get_dummy_value()
        return types.void(arr, i, v), codegen

    @_intrinsic
    def borrow_row(typingctx, arr, i):
        """Row i of the 2-d C-contiguous array arr as a 1-d array that holds no reference
        (``arr[i]`` without a meminfo): passing it on costs none of the atomic reference counts
        that a view of arr pays at every call that is not inlined. Only while the caller holds
        arr (inside one kernel call)."""
        if not (isinstance(arr, types.Array) and arr.ndim == 2 and arr.layout == "C"):
            return None
        rowty = arr.copy(ndim=1, layout="C")
        sig = rowty(arr, i)

        def codegen(context, builder, signature, args):
            aryty = signature.args[0]
            ptr, ncol = _row_start(context, builder, signature, args)
            out = context.make_array(rowty)(context, builder)
            itemsize = _itemsize(context, aryty)
            context.populate_array(out, data=ptr, shape=[ncol], strides=[itemsize],
                                   itemsize=itemsize, meminfo=None)
            return out._getvalue()
        return sig, codegen
    _COMPILED = True
except ImportError:            # pragma: no cover
    _COMPILED = False
if not _COMPILED or numba.config.DISABLE_JIT:   # the engine runs as Python
    # (tests/test_jit_equivalence.py): each intrinsic's Python version
    prefetch_row = prefetch_row_for_write = _prefetch_row_py
    borrow_row = _borrow_row_py
    load_u64, store_u64 = _load_u64_py, _store_u64_py
    atomic_load, atomic_store, cpu_pause = _atomic_load_py, _atomic_store_py, _cpu_pause_py
    stream_row, store_fence = _stream_row_py, _store_fence_py
