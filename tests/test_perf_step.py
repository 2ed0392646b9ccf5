"""benchmarks/perf_step.py: Numba's mangled names shortened for its table (the perf run itself
needs Linux perf and is a benchmark, not a test)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "benchmarks"))

import perf_step  # noqa: E402


def test_short_name_reads_the_nested_name():
    sym = ("_ZN10heroes_env6engine7observe7observeB4v153B38c8tJTIeFIjxB2IKSgI4CrvQClQZ6FczSBAA"
           "_3dE5ArrayIiLi1E1C7mutable7alignedEx5ArrayIhLi1E1C7mutable7alignedEb")
    assert perf_step.short_name(sym) == "heroes_env.engine.observe.observe"
    assert perf_step.short_name("_ZN8__main__4baseB2v1E") == "__main__.base"
    assert perf_step.short_name("NRT_decref") == "NRT_decref"
    assert perf_step.short_name("_PyEval_EvalFrameDefault") == "_PyEval_EvalFrameDefault"
