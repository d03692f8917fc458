"""One move for an Abstract Play game, chosen by a fresh engine process: the game is rebuilt
from Abstract Play's history on every request, so the bot keeps no state between moves and a
restart loses nothing.

Abstract Play plays strong pie (each player's first turn places two stones), but its pie is a
change of seats that only a person can ask for: a bot's botQuery move cannot be a swap. So on
White's first turn, where the engine might prefer the swap, the bot analyses the position and
plays the best double turn instead of asking the engine for its move.
"""

import re
import time

from lifeline_tools import vocabulary
from lifeline_tools.engine import gtp

from . import notation

RULES = vocabulary.STRONG_PIE
# How long past its budget a search may run before the engine counts as hung.
GRACE_SECONDS = 30.0
COMMAND_TIMEOUT_SECONDS = 30.0
# The most a first turn's analysis may take when the search reports nothing at first.
MAX_ANALYSIS_SECONDS = 60.0
_CANDIDATE = re.compile(r"info move (\S+) visits (\d+)")


class MoveError(Exception):
    """No move can be chosen for this request: the history is not a game the engine accepts,
    the game is over, or the engine failed. `engine_failed` tells a retry might help."""

    def __init__(self, message, engine_failed=False):
        super().__init__(message)
        self.engine_failed = engine_failed


def _best_placement(lines):
    """The most visited candidate other than the swap in lifeline-analyze's last report."""
    reports = [line for line in lines if line.startswith("info ")]
    if not reports:
        return None
    for move, _visits in _CANDIDATE.findall(reports[-1]):
        if move != "swap":
            return move
    return None


def _analysis(engine, seconds):
    """The lines lifeline-analyze writes in `seconds` (its tree is kept for the next one)."""
    interval = max(1, min(100, int(seconds * 100)))
    command = f"lifeline-analyze {interval}"
    first = engine.open_stream(command, timeout=COMMAND_TIMEOUT_SECONDS)
    if not first.ok:
        raise gtp.CommandRefused(command, first)
    lines = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(min(0.05, max(0.0, deadline - time.monotonic())))
        lines += engine.stream_lines()
    return lines + engine.close_stream(timeout=GRACE_SECONDS)


def _analyse_without_swap(engine, seconds):
    """The best double turn after `seconds` of analysis; a search that has nothing to report
    yet (a slow machine, a short budget) gets twice the time again, up to a bound."""
    spent = 0.0
    while True:
        move = _best_placement(_analysis(engine, seconds))
        spent += seconds
        if move is not None:
            return move
        if spent >= MAX_ANALYSIS_SECONDS:
            raise MoveError(f"the analysis found no double turn in {spent:.1f} s")
        seconds *= 2


def replay(engine, base, moves):
    """Sets the engine to Abstract Play's game; returns its lifeline-state."""
    engine.start_game(base, RULES, timeout=COMMAND_TIMEOUT_SECONDS)
    for number, move in enumerate(moves):
        color = "b" if number % 2 == 0 else "w"
        try:
            engine.play(color, notation.engine_move(base, move), COMMAND_TIMEOUT_SECONDS)
        except notation.NotationError as error:
            raise MoveError(f"move {number + 1} {move!r}: {error}") from None
        except gtp.CommandRefused as error:
            raise MoveError(f"move {number + 1} {move!r} is not legal here: "
                            f"{error.answer}") from None
    return engine.state(COMMAND_TIMEOUT_SECONDS)


def choose_move(engine_command, request, policy, waited_seconds=0.0):
    """Abstract Play's move string for the side to move in `request` (a MoveRequest), thinking
    for the time `policy` (a TimePolicy) gives what is left of its clock after the request
    waited `waited_seconds` in the queue. Raises MoveError."""
    try:
        engine = gtp.GtpEngine(engine_command)
    except gtp.EngineError as error:
        raise MoveError(str(error), engine_failed=True) from None
    try:
        state = replay(engine, request.base, request.moves)
        if state["over"]:
            raise MoveError("the game is over: the side to move has no legal move")
        empty = (vocabulary.cell_count(request.base) - len(state["black"])
                 - len(state["white"]))
        seconds = policy.seconds_for_move(request.clock_hours * 3600.0 - waited_seconds, empty)
        if state["can_swap"]:
            token = _analyse_without_swap(engine, seconds)
        else:
            engine.ask(f"lifeline-set time {seconds:.3f}", COMMAND_TIMEOUT_SECONDS)
            token = engine.ask(f"genmove {state['to_move']}", seconds + GRACE_SECONDS)
        if token == "resign":  # only with the engine's resign option, given by --engine
            return "resign"
        try:
            return notation.ap_move(request.base, token)
        except notation.NotationError:
            raise MoveError(f"the engine answered {token!r}, which is no placement") from None
    except gtp.CommandRefused as error:
        raise MoveError(f"engine: {error}") from None
    except gtp.EngineError as error:
        raise MoveError(f"the engine failed: {error}", engine_failed=True) from None
    finally:
        engine.close()
