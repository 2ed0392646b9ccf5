"""Quick machine code for the engine's callees: what a cold compile spends no time on.

Numba compiles every function into a library of its own and links into it the code of every
function it calls; each library is then optimised and turned into machine code as a whole. An
engine function that only other engine functions call thus has its whole call tree optimised and
compiled to machine code once for itself and again inside each caller. In a cold compile of an
8-player game in one process (2026-12-03) LLVM's module passes took 36 s and its code
generation 36 s of 150 s, over 320 libraries that held 3,636 functions between them, for 320
distinct ones. Yet the machine code of such a *callee* is never run: its callers link its LLVM
IR, not its machine code, and optimise it themselves.

So a library compiled **inside the compile of another engine function** (a callee) skips LLVM's
module passes and gets its machine code from LLVM at ``-O0`` (fast instruction selection, no
optimisation), handed to Numba's JIT through Numba's object cache hook in place of its own
``-O3`` code generation. The functions called from Python (``entry=True`` in ``jit.njit``; the
test ``tests/test_callee_code.py`` checks that every engine function named in Python code is
one) and every library compiled outside another engine compile (the roots: ``engine``,
``advance``, the batch kernels, ...) are compiled as before, and they link their callees' IR
and optimise it in full, so the code that runs is optimised as before (the golden games and the
benchmarks compare it). A callee's quick code still runs, correctly, if something does call it
from Python directly, only slower. (Skipping the callees' module passes alone, with their -O3
code generation kept, saves little: unoptimised modules take longer to generate code for.)

It touches Numba internals (``CPUCodeLibrary``'s final-module optimisation and finalisation);
where they differ (another Numba), or with ``HEROES_ENV_QUICK_CALLEES=0``, nothing changes.
"""
import os
import threading

ENV_SWITCH = "HEROES_ENV_QUICK_CALLEES"

_local = threading.local()       # the engine compiles in progress in this thread (a stack)
_target_machine = []             # LLVM's -O0 target machine, made on first use


def _stack():
    s = getattr(_local, "stack", None)
    if s is None:
        s = _local.stack = []
    return s


class compiling:
    """Context of one engine function's compile: ``with compiling(entry): compile(sig)``."""

    def __init__(self, entry: bool):
        self.entry = entry

    def __enter__(self):
        s = _stack()
        # a callee: inside another engine function's compile, and not called from Python
        s.append(bool(s) and not self.entry)
        return self

    def __exit__(self, *exc):
        _stack().pop()


def _quick() -> bool:
    """Whether the library being finalised now is an engine callee's."""
    s = _stack()
    return bool(s) and s[-1]


def _o0_machine(codegen):
    if not _target_machine:
        import llvmlite.binding as ll
        opts = {"opt": 0}
        codegen._customize_tm_options(opts)          # Numba's CPU, features, reloc, code model
        _target_machine.append(ll.Target.from_triple(ll.get_process_triple())
                               .create_target_machine(**opts))
    return _target_machine[0]


def install():
    """Patch Numba's CPU code library (once); False where its internals are not the expected."""
    if os.environ.get(ENV_SWITCH, "1") == "0":
        return False
    try:
        from numba.core import codegen as cg
        lib = cg.CPUCodeLibrary
        optimise, finalise = lib._optimize_final_module, lib._finalize_final_module
        cg.JITCPUCodegen._customize_tm_options   # noqa: B018 - must exist
    except (ImportError, AttributeError):
        return False
    if getattr(optimise, "_heroes_env", False):
        return True

    def optimize_final_module(self):
        if not _quick():
            return optimise(self)
        try:
            obj = _o0_machine(self._codegen).emit_object(self._final_module)
        except Exception:     # noqa: BLE001 - any LLVM refusal: Numba's own way
            return optimise(self)
        self._heroes_quick_object = obj
        self._compiled_object = obj      # Numba's object cache hook hands it to the JIT

    def finalize_final_module(self):
        finalise(self)
        obj = getattr(self, "_heroes_quick_object", None)
        if obj is not None:
            # the hook consumed it; keep it for the on-disk cache, as Numba's own code would be
            self._compiled_object, self._compiled = obj, True

    optimize_final_module._heroes_env = True
    lib._optimize_final_module = optimize_final_module
    lib._finalize_final_module = finalize_final_module
    return True
