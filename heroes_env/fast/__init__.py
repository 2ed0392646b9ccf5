"""The machinery that makes the engine compile and run fast (``README.md`` here says what each
piece buys): ``jit`` (the decorator and the cache), ``compile_plan`` (a cold compile over worker
processes), ``callee_code`` (quick machine code for callees), ``crew`` (range kernels on worker
threads), ``intrinsics`` (LLVM intrinsics). It knows nothing of the game."""
