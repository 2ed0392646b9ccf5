"""LLVM intrinsics that compiled engine code calls, each with a plain-Python twin.

What they buy is measured in this package's README. Under ``NUMBA_DISABLE_JIT=1`` (or without
llvmlite) every name here is its Python version, so the engine runs the same as Python
(``tests/test_jit_equivalence.py``).

- ``prefetch_row`` / ``prefetch_row_for_write``: start loading a row of a 2-d array into L2.
- ``borrow_row``: a row of a 2-d array as a 1-d array without a reference count. A batch
  kernel hands each game's state row, mask, observation and per-row records to the engine as
  ``borrow_row(A, i)``, so that neither taking the row nor the engine's calls that LLVM does not
  inline increment and decrement the batch array's reference count (an atomic operation).
- ``borrow``: an array, or a tuple of arrays (``batch.Rows``), whose arrays hold no reference. A
  kernel borrows its named tuples once, so that reading an array from one (``rows.R``), which
  takes a reference, costs no atomic operation in its loops.
- ``load_u64`` / ``store_u64``: one unaligned 8-byte load / store at a byte offset.
- ``atomic_load`` / ``atomic_store`` / ``cpu_pause``: the crew's flags (``crew.py``).
- ``stream_row`` / ``store_fence``: a row written with non-temporal stores, and the fence
  after them.
"""
import platform

import numba
import numpy as np
from numba.core import types

_X86 = platform.machine().lower() in ("x86_64", "amd64", "i386", "i686", "x86")


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


def _borrow_py(value):
    """Without JIT: value itself."""
    return value


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
        stepped; into L2, not L1: a game's state is over a hundred cache lines, and read into L1
        at once they held up the step's own loads)."""
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
        the row's cache lines in (a batch's observation rows). 16 bytes at a time when
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
    def _borrowed(context, builder, ty, value):
        """value of type ty with its arrays' meminfo null (a tuple: each member so; a member of
        another type taken as it is, with the reference a returned value holds)."""
        if isinstance(ty, types.Array):
            src = context.make_array(ty)(context, builder, value)
            out = context.make_array(ty)(context, builder)
            context.populate_array(out, data=src.data, shape=src.shape, strides=src.strides,
                                   itemsize=src.itemsize, meminfo=None)
            return out._getvalue()
        if isinstance(ty, types.BaseTuple):
            members = [_borrowed(context, builder, t, builder.extract_value(value, k))
                       for k, t in enumerate(ty)]
            return context.make_tuple(builder, ty, members)
        if context.enable_nrt:
            context.nrt.incref(builder, ty, value)
        return value

    @_intrinsic
    def borrow(typingctx, value):
        """value (an array, or a tuple or named tuple of arrays and numbers) whose arrays hold no
        reference: reading one from the tuple, or passing it to a call that is not inlined,
        costs no atomic reference count. Only while the caller holds value (inside one kernel
        call)."""
        if not isinstance(value, (types.Array, types.BaseTuple)):
            return None

        def codegen(context, builder, signature, args):
            return _borrowed(context, builder, signature.args[0], args[0])
        return value(value), codegen
    _COMPILED = True
except ImportError:            # pragma: no cover
    _COMPILED = False
if not _COMPILED or numba.config.DISABLE_JIT:   # the engine runs as Python
    # (tests/test_jit_equivalence.py): each intrinsic's Python version
    prefetch_row = prefetch_row_for_write = _prefetch_row_py
    borrow_row = _borrow_row_py
    borrow = _borrow_py
    load_u64, store_u64 = _load_u64_py, _store_u64_py
    atomic_load, atomic_store, cpu_pause = _atomic_load_py, _atomic_store_py, _cpu_pause_py
    stream_row, store_fence = _stream_row_py, _store_fence_py
