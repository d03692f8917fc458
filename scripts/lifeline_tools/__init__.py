"""The Lifeline command-line tools as a package, by purpose:

    engine/    the engine client every tool uses (gtp, state) and the engine in a browser
    play/      games under a referee, matches, their records and results, regression files
    learning/  self-play, the network, the learning loop, the move model
    openings/  the opening maps: computed, resumed, refined, drawn
    solving/   the exact solver over a whole board
    workers/   the worker pool, on this machine or on a Dask cluster, that matches, self-play
               and opening runs share
    cli/       the command lines that scripts/*.py and the installed lifeline-* commands run

At the top, what all of them share: the game's words (vocabulary), the board's symmetries
(symmetry), file arguments (paths), and the HTTP request body as the page's server and the
Abstract Play bot read it (http_body).

The core runs on Python 3's standard library, wherever the engine builds. The network, the
learning loop and the move model's fit also need numpy, PyTorch and matplotlib (the extra
`network`), the WebAssembly engine in a browser Selenium (`browser`), and a match or the loop
on a Dask cluster Python's distributed (`dask`).
"""
