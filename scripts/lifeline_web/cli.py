"""lifeline-web, scripts/web.py: serves the Lifeline page, to play and study the game against
the engine in a browser.

    lifeline-web [--host 127.0.0.1] [--port 8080] [--engine build/lifeline]
    lifeline-web --static DIR [--package build-wasm/package] [--serve [--host H] [--port P]]

then open the address it prints. The page holds the game and drives an engine process of the
server's through its relay, one process per game. With --static, it writes the page with the
WebAssembly engine into DIR instead, for any static file server (lifeline_web.static_site);
with --serve as well, it serves DIR itself, cross-origin isolated (the threaded build runs).
Both servers send the headers that isolate the page (server.ISOLATION_HEADERS).
Python 3 standard library only; see docs/user-guide.md.
"""

import argparse
import os
import shlex
import signal
import sys
import webbrowser

from lifeline_tools.engine import gtp

from .relay import Relay, RelayLimits
from .server import WebServer, url_of
from .static_site import StaticSiteError, static_server, write_static_site


def parse_arguments(argv, default_engine, default_package):
    parser = argparse.ArgumentParser(description="Play Lifeline against the engine in a browser.")
    add = parser.add_argument
    pings = RelayLimits()
    add("--host", default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only)")
    add("--port", type=int, default=8080, help="port (default 8080; 0 picks a free one)")
    add("--engine", default=default_engine, metavar="CMD",
        help="engine command, one process per game (default build/lifeline)")
    add("--max-games", type=int, default=4, help="games at the same time (default 4)")
    add("--idle", type=float, default=120.0, metavar="S",
        help="end a game's engine when its page has been silent for S seconds (default 120; "
             f"sooner when a page that pings every {pings.ping_seconds:g} s misses "
             f"{pings.missed_pings} pings)")
    add("--max-seconds", type=float, default=60.0, metavar="S",
        help="the most seconds per move a page may give the engine (default 60)")
    add("--open", action="store_true", help="open the page in the default browser")
    add("--verbose", action="store_true", help="log every HTTP request on stderr")
    add("--static", metavar="DIR",
        help="write the page with the WebAssembly engine into DIR for a static file server, "
             "and exit")
    add("--package", default=default_package, metavar="DIR",
        help="the WebAssembly package that --static puts in (default build-wasm/package)")
    add("--serve", action="store_true",
        help="with --static: then serve DIR on --host and --port, with the headers that let "
             "the page run the threaded engine")
    options = parser.parse_args(argv)
    if options.serve and not options.static:
        parser.error("--serve goes with --static DIR")
    if options.max_games < 1:
        parser.error("--max-games must be at least 1")
    if options.idle <= 0 or options.max_seconds < 1:
        parser.error("--idle must be above 0 and --max-seconds at least 1")
    return parser.prog, options


def main(argv=None, default_engine="build/lifeline", default_package="build-wasm/package"):
    """Serves until Ctrl-C or SIGTERM. default_engine, default_package: the engine and the
    WebAssembly package when --engine or --package is not given; scripts/web.py passes its
    checkout's, the installed command takes those below the current folder."""
    prog, options = parse_arguments(argv, default_engine, default_package)
    if options.static:
        try:
            written = write_static_site(options.static, options.package)
        except (StaticSiteError, OSError) as error:
            sys.exit(f"{prog}: {error}")
        if not options.serve:
            print(f"Lifeline: wrote {len(written)} files to {options.static}; serve it with any "
                  "static file server, e.g. python3 -m http.server -d "
                  f"{shlex.quote(options.static)} (one thread: it sends no isolation headers; "
                  "see docs/wasm.md)", flush=True)
            return
        serve(prog, options, lambda: static_server(options.static, options.host, options.port),
              f"(the page of {options.static}, cross-origin isolated; Ctrl-C stops the server)")
        return
    program = shlex.split(options.engine)[0] if options.engine.strip() else ""
    if os.sep in program and not os.access(program, os.X_OK):
        sys.exit(f"{prog}: cannot run the engine '{program}': build it with scripts/build.sh "
                 "or name another with --engine")
    relay = Relay(options.engine, RelayLimits(max_engines=options.max_games,
                                              idle_seconds=options.idle,
                                              max_seconds=options.max_seconds))
    serve(prog, options, lambda: WebServer((options.host, options.port), relay,
                                           verbose=options.verbose),
          "(Ctrl-C stops the server)")


def serve(prog, options, make_server, what):
    """Runs the server that make_server() opens on --host and --port until Ctrl-C or SIGTERM,
    after one line that gives its address and `what` it serves."""
    gtp.install_cleanup()
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        server = make_server()
    except OSError as error:
        sys.exit(f"{prog}: cannot listen on {options.host} port {options.port}: "
                 f"{error.strerror or error} (pick another with --port or --host)")
    url = url_of(server.server_address)
    print(f"Lifeline: open {url} in a browser {what}", flush=True)
    if options.open:
        webbrowser.open(url)
    try:
        server.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
