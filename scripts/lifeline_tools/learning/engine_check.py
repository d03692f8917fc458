"""The fingerprint of the engine's play for the learning loop: the hash of short self-play
games at fixed seeds and visits on two small bases under every balancing rule, played as the
loop plays (selfplay.play_game: its search options, the playout cap, the sampled opening
turns) with the round's network, and of what the engine's book plays on the run's bases (its
proofs, not its estimates nor how it words them). Two builds with one fingerprint play the
loop's games alike, so a round begun by one may go on with the other (a rebuilt engine, a
change elsewhere in the program); another fingerprint is refused. Bench-like, as Stockfish's
node count: it tells that the play changed, not how. Some seconds on one core."""

import hashlib
import json

from . import selfplay
from .. import vocabulary
from ..engine import gtp

BASES = (4, 6)
VISITS = 200  # enough for the network to judge nodes (the engine's network-visits)
FAST_VISITS = 50
KOMI = 2  # komi pie's, for the games under it


def fingerprint(engine, network, bases):
    """The fingerprint (16 hex digits) of `engine` (a command) with `network` (an engine
    network file, or None for none) and its book on `bases` (the run's)."""
    games = []
    for base in BASES:
        for rules in vocabulary.RULES:
            settings = selfplay.SelfPlaySettings(
                engine=f"{engine} --network {network or 'none'}", base=base, rules=rules,
                komi=KOMI if rules == vocabulary.KOMI_PIE else 0, visits=VISITS,
                sample_turns=2, seed=1, full_share=0.5, fast_visits=FAST_VISITS)
            record = selfplay.play_game(settings, 0)
            games.append([record["turns"], record["winner"]])
    text = json.dumps({"games": games, "book": book(engine, bases)}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def played(answer):
    """The lines of a `lifeline-book` answer that the engine plays from: proven choices and
    proven replies (protocol 4.9; the engine plays no estimate). Estimates, the fair komi and
    the wording around them may change without changing a game."""
    return [line for line in answer.splitlines()
            if (line.startswith("choice ") and line.endswith(" exact"))
            or line.startswith("replies ")]


def book(engine, bases):
    """{"base rules": what the engine's book plays at the empty board (played())} on `bases`
    under every rule: the gate's players open from the book (the self-play turns it off)."""
    process = gtp.GtpEngine(engine)
    answers = {}
    try:
        for base in bases:
            for rules in vocabulary.RULES:
                process.start_game(base, rules, 0, selfplay.COMMAND_TIMEOUT)
                try:
                    answers[f"{base} {rules}"] = played(process.ask(
                        "lifeline-book", selfplay.COMMAND_TIMEOUT))
                except gtp.CommandRefused:
                    answers[f"{base} {rules}"] = None  # an engine older than the book
    finally:
        process.close()
    return answers
