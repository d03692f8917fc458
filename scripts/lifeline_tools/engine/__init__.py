"""How the tools reach the engine: the GTP client that every tool uses (gtp, one class, one
exception family; state reads its lifeline-state answer) and the WebAssembly engine run in
headless Chromium (browser_engine, headless_chromium) for the benchmarks and the browser tests.
"""
