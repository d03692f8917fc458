"""The Lifeline command-line tools as a package: the engine client (gtp, with its reader of
lifeline-state in state), matches (match), regression files (regression), results files
(results), the exact solver over a whole board (solving), self-play and the network's data and
training (selfplay, network_*, learning_loop), the move model's fit (move_data, move_model),
the board's symmetries (symmetry) and the game's words (vocabulary); cli holds their command
lines, which scripts/*.py and the installed lifeline-* commands run.

The core runs on Python 3's standard library, wherever the engine builds. The network, the
learning loop and the move model's fit also need numpy, PyTorch and matplotlib (the extra
`network`), the WebAssembly engine in a browser Selenium (`browser`), and a match or the loop
on a Dask cluster Python's distributed (`dask`).
"""
