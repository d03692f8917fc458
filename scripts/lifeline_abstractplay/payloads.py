"""The two requests Abstract Play sends a bot, read from their JSON and checked field by field
(docs/bots/protocol.md of AbstractPlay/node-backend): a challenge, to accept or refuse at once,
and "your move", with the game's whole history and the bot's clock.

Anything malformed raises PayloadError with a message fit for the HTTP answer; a game other
than Lifeline, or a variant the engine does not play, raises Unsupported.
"""

import json
import math
from dataclasses import dataclass

from . import notation

# A Lifeline game on base 12 lasts some 450 placements; this bounds the history generously.
MAX_MOVES = 2000
MAX_ID_LENGTH = 200


class PayloadError(ValueError):
    """A request body that is not what Abstract Play sends."""


class Unsupported(PayloadError):
    """A well-formed request for a game or variant this bot does not play."""


@dataclass(frozen=True)
class Challenge:
    meta_game: str
    variants: tuple
    base: int


@dataclass(frozen=True)
class MoveRequest:
    meta_game: str
    variants: tuple
    base: int
    gameid: str
    clock_hours: float  # the bot's remaining time, rounded to whole hours by Abstract Play
    moves: tuple  # Abstract Play's move strings, in the order they were played


def parse_json(raw_body):
    try:
        payload = json.loads(raw_body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise PayloadError("the body is not JSON") from None
    if not isinstance(payload, dict):
        raise PayloadError("the body is not a JSON object")
    return payload


def _string(payload, name, required=True):
    value = payload.get(name)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value or len(value) > MAX_ID_LENGTH:
        raise PayloadError(f"field {name!r} must be a non-empty string")
    return value


def _game(payload):
    """The checked metaGame and variants, and the base they mean."""
    meta_game = _string(payload, "metaGame")
    if meta_game != notation.GAME_ID:
        raise Unsupported(f"this bot plays only {notation.GAME_ID}, not {meta_game!r}")
    variants = payload.get("variants", [])
    try:
        base = notation.base_of_variants(variants)
    except notation.NotationError as error:
        raise Unsupported(str(error)) from None
    return meta_game, tuple(variants), base


def _hours(payload, name):
    """A number of hours; below 0 counts as 0 (a clock Abstract Play rounds from a negative
    time left must still get a move)."""
    value = payload.get(name, 0)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise PayloadError(f"field {name!r} must be a number of hours")
    return max(0.0, float(value))


def challenge(payload):
    """A Challenge from a payload whose verb is "challenge"."""
    meta_game, variants, base = _game(payload)
    for name in ("clockStart", "clockInc", "clockMax"):
        _hours(payload, name)
    # The players other than the bot: one, in a game for two.
    challengers = payload.get("challengers", [])
    if not isinstance(challengers, list) or len(challengers) > 1:
        raise Unsupported("Lifeline is a game for two players")
    return Challenge(meta_game=meta_game, variants=variants, base=base)


def move_request(payload):
    """A MoveRequest from a payload whose verb is "move"."""
    meta_game, variants, base = _game(payload)
    gameid = _string(payload, "gameid")
    if payload.get("numPlayers", 2) != 2:
        raise Unsupported("Lifeline is a game for two players")
    try:
        moves = notation.flat_moves(payload.get("moves", []))
    except notation.NotationError as error:
        raise PayloadError(str(error)) from None
    if len(moves) > MAX_MOVES:
        raise PayloadError(f"more than {MAX_MOVES} moves")
    for number, move in enumerate(moves):  # their legality is the engine's to judge
        try:
            notation.engine_move(base, move)
        except notation.NotationError as error:
            raise PayloadError(f"move {number + 1}: {error}") from None
    return MoveRequest(meta_game=meta_game, variants=variants, base=base, gameid=gameid,
                       clock_hours=_hours(payload, "clockCurr"), moves=tuple(moves))
