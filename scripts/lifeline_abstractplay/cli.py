"""lifeline-abstractplay-bot, scripts/abstractplay_bot.py: the engine as a bot on Abstract Play.

    lifeline-abstractplay-bot [--host 127.0.0.1] [--port 8080] [--engine build/lifeline]

Configuration of the Abstract Play stage comes from the environment, named as in Abstract
Play's guide: BOT_TOKEN_URL, BOT_OAUTH_SCOPE, BOT_QUERY_URL, BOT_CLIENT_ID, and the secret in
BOT_CLIENT_SECRET or in a file named by BOT_CLIENT_SECRET_FILE (outside the repository);
AP_BOT_PUBLIC_KEY (or a file named by AP_BOT_PUBLIC_KEY_FILE) replaces Abstract Play's
published key. docs/abstractplay.md says how to register and run the bot.
"""

import argparse
import logging
import os
import shlex
import signal
import threading

from lifeline_tools.engine import gtp

from . import engine_move, move_jobs, oauth, server, signature, time_budget

REQUIRED = ("BOT_TOKEN_URL", "BOT_OAUTH_SCOPE", "BOT_QUERY_URL", "BOT_CLIENT_ID")
# The checkout this package runs from, if it runs from one (not when installed).
_CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
REPOSITORY = _CHECKOUT if os.path.isdir(os.path.join(_CHECKOUT, ".git")) else None


class ConfigError(Exception):
    pass


def parse_arguments(argv, default_engine):
    parser = argparse.ArgumentParser(
        description="Serve the Lifeline engine as a bot for Abstract Play.",
        epilog="Configuration comes from the environment: see docs/abstractplay.md.")
    add = parser.add_argument
    add("--host", default="127.0.0.1",
        help="address to listen on (default 127.0.0.1, behind a TLS reverse proxy)")
    add("--port", type=int, default=8080, help="port (default 8080; 0 picks a free one)")
    add("--engine", default=default_engine, metavar="CMD",
        help=f"engine command, one process per move being chosen (default {default_engine})")
    add("--max-engines", type=int, default=2, metavar="N",
        help="moves chosen at the same time, one engine process each (default 2)")
    add("--max-queued", type=int, default=200, metavar="N",
        help="moves waiting for an engine at most; more are refused with 503 (default 200)")
    add("--move-cap", type=float, default=30.0, metavar="S",
        help="seconds of thought per move at most, whatever the clock (default 30)")
    add("--move-floor", type=float, default=2.0, metavar="S",
        help="seconds of thought per move at least (default 2)")
    add("--max-body", type=int, default=server.DEFAULT_MAX_BODY, metavar="BYTES",
        help=f"largest request body accepted (default {server.DEFAULT_MAX_BODY})")
    add("--max-connections", type=int, default=server.DEFAULT_MAX_CONNECTIONS, metavar="N",
        help="connections served at once; more are closed at once "
             f"(default {server.DEFAULT_MAX_CONNECTIONS})")
    add("--drain-seconds", type=float, default=600.0, metavar="S",
        help="on SIGTERM, time given to the moves already asked for before exiting "
             "(default 600)")
    add("--verbose", action="store_true", help="log every HTTP request")
    options = parser.parse_args(argv)
    if min(options.max_engines, options.max_queued, options.max_connections) < 1 \
            or options.max_body < 1024 or options.drain_seconds < 0:
        parser.error("--max-engines, --max-queued and --max-connections must be at least 1, "
                     "--max-body 1024, --drain-seconds 0")
    if not 0 < options.move_floor <= options.move_cap:
        parser.error("need 0 < --move-floor <= --move-cap")
    return parser, options


def _inside_repository(path):
    if REPOSITORY is None:
        return False
    real = os.path.realpath(path)
    return os.path.commonpath([real, REPOSITORY]) == REPOSITORY


def _read_secret_file(variable, environ):
    path = environ[variable]
    if _inside_repository(path):
        raise ConfigError(f"{variable} names a file inside the repository; keep secrets "
                          "outside it")
    try:
        with open(path, encoding="utf-8") as stream:
            return stream.read().strip()
    except OSError as error:
        raise ConfigError(f"cannot read the file named by {variable}: {error.strerror}") from None


def _value(name, environ):
    """A setting from NAME, or from the file named by NAME_FILE."""
    if environ.get(name, "").strip():
        return environ[name].strip()
    if environ.get(name + "_FILE", "").strip():
        return _read_secret_file(name + "_FILE", environ)
    return ""


def configuration(environ):
    """(Credentials, public key) from the environment; ConfigError names what is missing,
    never a value."""
    missing = [name for name in REQUIRED + ("BOT_CLIENT_SECRET",) if not _value(name, environ)]
    if missing:
        raise ConfigError("set " + ", ".join(missing) + " (docs/abstractplay.md)")
    for name in ("BOT_TOKEN_URL", "BOT_QUERY_URL"):
        try:
            oauth.check_url(_value(name, environ))
        except ValueError as error:
            raise ConfigError(f"{name}: {error}") from None
    credentials = oauth.Credentials(
        token_url=_value("BOT_TOKEN_URL", environ), scope=_value("BOT_OAUTH_SCOPE", environ),
        client_id=_value("BOT_CLIENT_ID", environ),
        client_secret=_value("BOT_CLIENT_SECRET", environ),
        query_url=_value("BOT_QUERY_URL", environ))
    key_text = _value("AP_BOT_PUBLIC_KEY", environ) or signature.ABSTRACT_PLAY_PUBLIC_KEY
    try:
        public_key = signature.load_public_key(key_text)
    except ValueError as error:
        raise ConfigError(f"AP_BOT_PUBLIC_KEY: {error}") from None
    return credentials, public_key


def main(argv=None, default_engine="lifeline", environ=None):
    """Serves until Ctrl-C or SIGTERM. default_engine: the engine when --engine is not given;
    scripts/abstractplay_bot.py passes its checkout's build/lifeline, the installed command
    takes the installed engine, lifeline on the PATH."""
    parser, options = parse_arguments(argv, default_engine)
    logging.basicConfig(level=logging.DEBUG if options.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        credentials, public_key = configuration(os.environ if environ is None else environ)
    except ConfigError as error:
        parser.exit(2, f"{parser.prog}: {error}\n")
    program = shlex.split(options.engine)[0] if options.engine.strip() else ""
    if os.sep in program and not os.access(program, os.X_OK):
        parser.exit(2, f"{parser.prog}: cannot run the engine '{program}': build it with "
                       "scripts/build.sh or name another with --engine\n")
    policy = time_budget.TimePolicy(cap_seconds=options.move_cap,
                                    floor_seconds=options.move_floor)
    jobs = move_jobs.MoveJobs(
        choose=lambda request, waited: engine_move.choose_move(options.engine, request, policy,
                                                               waited),
        submitter=oauth.MoveSubmitter(credentials), workers=options.max_engines,
        max_queued=options.max_queued)
    gtp.install_cleanup()
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        bot = server.BotServer((options.host, options.port), signature.RequestVerifier(public_key),
                               jobs, max_body=options.max_body,
                               max_connections=options.max_connections)
    except OSError as error:
        parser.exit(2, f"{parser.prog}: cannot listen on {options.host} port {options.port}: "
                       f"{error.strerror or error}\n")
    stopping = threading.Event()

    def stop_gently(_signum, _frame):
        # serve_forever runs in this thread: it can only be stopped from another one.
        if not stopping.is_set():
            stopping.set()
            threading.Thread(target=bot.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop_gently)
    signal.signal(signal.SIGHUP, stop_gently)
    print(f"Lifeline bot for Abstract Play listening on {bot.url}", flush=True)
    try:
        bot.serve_forever(poll_interval=0.25)
    except KeyboardInterrupt:
        pass
    finally:
        bot.server_close()
    if stopping.is_set():
        logging.getLogger("lifeline.abstractplay").info(
            "stopping: finishing the moves asked for (at most %g s)", options.drain_seconds)
        if not jobs.wait_idle(options.drain_seconds):
            logging.getLogger("lifeline.abstractplay").error(
                "stopped with moves still unposted")
    return 0
