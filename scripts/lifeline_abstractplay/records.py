"""Abstract Play's records exports: the games they hold, and one of them as the engine's game
record (docs/records.md, "Abstract Play's exports").

Abstract Play publishes its finished games as JSON at records.abstractplay.com (backend-crons,
docs/s3-outputs.md): ALL.json, meta/lifeline.json, player/ID.json and event/ID.json are each a
list of game records, one record per game, in recranks' APGameRecord format as gameslib's
genRecord writes it. This module reads such a list, or a single record, and stops at the first
thing that does not fit, with the reason. A record of another game in a list is left out; a
Lifeline record that does not fit is listed with its reason and converts to nothing.

Where a record's fields come from (gameslib _base.ts genRecord, backend-crons records.ts):
header.game.variants holds the board's display name ("Size 6 board"); header.players the two
seats in the order they had at the end, so a taken pie (header.pied), which reverses the
seats, leaves the first player second; each player's result is 1 for the winner, 0 for the
loser, null for a game not over; moves is one list per round, one move per seat, the last
move "resign", "timeout", "draw" or "abandoned" when the game ended so (in the seat of the
turn it came in, not always the one of the player who made it).

The engine's record: the stones of seat 1 are Black's; a taken pie is White's swap after the
first move, so the player who moved first is `black` and the winning colour is the winning
seat's. Whether the moves are legal is the engine's to say: replay() plays them and checks
that the game ends as the export says. This module and static/abstractplay_records.js in the
page are two implementations of one behaviour: tests run both over the same files.
"""

import json
import re
from dataclasses import dataclass

from lifeline_tools.play import record

from . import notation

GAME_NAME = "Lifeline"
RULES = "strong-pie"

# The names genRecord gives the board variants (gameslib's English locale), and each one's
# variant code; "Size 8 board" is the default board, which Abstract Play's code plays on base 7.
VARIANT_NAMES = {"Size 6 board": "size-6", "Size 7 board": "size-7",
                 "Size 8 board": notation.DEFAULT_VARIANT, "Size 10 board": "size-10",
                 "Size 12 board": "size-12"}

# The moves that end a game other than by a placement, and the record's reason for each.
ENDINGS = {"resign": "resign", "timeout": "time", "draw": "draw", "abandoned": "aborted"}
_OUTCOME_WORDS = {"resign": "by resignation", "timeout": "on time"}

_DATE = re.compile(r"([0-9]{4}-[0-9]{2}-[0-9]{2})T([0-9]{2}:[0-9]{2})")


class ExportError(ValueError):
    """A file, record or move that is not what Abstract Play publishes; the text says why."""


@dataclass(frozen=True)
class Turn:
    """One line of the engine's record: its colour and move, and the Abstract Play move it
    stands for (its number in the game from 1 and its text; none for the pie's swap)."""

    color: str
    move: str
    number: int = 0
    text: str = ""

    def label(self):
        return f"move {self.number} ('{self.text}')" if self.number else "the pie"


@dataclass(frozen=True)
class Game:
    """One Lifeline game of an export, checked and converted. `names` are the seats' players
    at the end of the game, as the export lists them; `winner` is the winning seat (1, 2 or
    None); `ending` is "placement" or one of ENDINGS."""

    number: int
    gameid: str
    date: str
    ended: str
    event: str
    round: str
    variant: str
    base: int
    pied: bool
    names: tuple
    winner: object
    ending: str
    turns: tuple
    placements: int

    @property
    def black(self):
        """The player who moved first, who started with Black."""
        return self.names[1] if self.pied else self.names[0]

    @property
    def white(self):
        return self.names[0] if self.pied else self.names[1]

    @property
    def result(self):
        return {1: "B+", 2: "W+"}.get(self.winner, "none")

    @property
    def reason(self):
        return ENDINGS.get(self.ending, "no legal move")

    def outcome(self):
        """The end of the game in words: "Aoife won by resignation", "drawn by agreement"."""
        if self.ending == "draw":
            return "drawn by agreement"
        if self.ending == "abandoned":
            return "abandoned"
        words = _OUTCOME_WORDS.get(self.ending)
        return f"{self.names[self.winner - 1]} won" + (f" {words}" if words else "")

    def summary(self):
        """What a list of the export's games shows of this one."""
        return {"number": self.number, "id": self.gameid, "date": self.date[:10],
                "black": self.black, "white": self.white, "base": self.base,
                "variant": self.variant, "pie": self.pied, "moves": self.placements,
                "result": self.result, "outcome": self.outcome()}

    def describe(self):
        """The summary as one line."""
        pie = ", pie taken" if self.pied else ""
        return (f"{self.number}. {self.date[:10]} {self.black} (Black) v {self.white} (White), "
                f"base {self.base}{pie}, {self.placements} moves: {self.outcome()}")

    def record_text(self):
        """The engine's game record of this game."""
        event = "Abstract Play"
        if self.event:
            event += f", {self.event}" + (f", round {self.round}" if self.round else "")
        headers = {"event": event, "black": self.black, "white": self.white,
                   "result": self.result}
        if self.winner:
            headers["winner"] = self.names[self.winner - 1]
        headers.update({"reason": self.reason, "date": self.date, "ended": self.ended,
                        "site": "Abstract Play", "gameid": self.gameid,
                        "variant": self.variant})
        setup = [f"boardsize {self.base}", f"lifeline-rules {RULES}", "komi 0"]
        return record.format_record(headers, setup,
                                    [(turn.color, turn.move) for turn in self.turns])


@dataclass(frozen=True)
class Refused:
    """A Lifeline record of an export that does not convert, and why."""

    number: int
    gameid: str
    reason: str

    def describe(self):
        return f"{self.number}. refused: {self.reason}"


def read_export(text):
    """The Lifeline games of an export's text: (entries, others), entries a Game or a Refused
    per Lifeline record in the file's order, numbered from 1, and others the number of records
    of other games left out. Raises ExportError when the text is not an export at all, or is
    a single record of another game."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except ValueError as error:
        raise ExportError(f"not JSON: {error}") from None
    except RecursionError:
        raise ExportError("not JSON: nested too deeply") from None
    single = isinstance(data, dict)
    if not single and not isinstance(data, list):
        raise ExportError("not an Abstract Play records export: expected a game record "
                          "(a JSON object) or a list of them")
    items = [data] if single else data
    entries, others = [], 0
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            raise ExportError(f"not an Abstract Play records export: item {index + 1} of the "
                              "list is not a game record")
        name = _get(item, "header", "game", "name")
        if name != GAME_NAME:
            if single:
                raise ExportError(f"not a Lifeline game: the record is a game of {name}"
                                  if isinstance(name, str) else
                                  "not an Abstract Play game record: it has no header.game.name")
            others += 1
            continue
        entries.append(_entry(len(entries) + 1, item))
    if not entries:
        raise ExportError(f"no Lifeline game in the export ({others} records of other games)")
    return entries, others


def choose(entries, number=None, gameid=None):
    """The entry the number (from 1) or the game id names (its site id, with or without the
    "lifeline#" that Abstract Play puts before it); with neither, the only one. Raises
    ExportError when none is named, or when the one named was refused."""
    if number is not None:
        if not 1 <= number <= len(entries):
            raise ExportError(f"no game {number}: the export holds {len(entries)} Lifeline "
                              f"game{'s' if len(entries) != 1 else ''}")
        entry = entries[number - 1]
    elif gameid is not None:
        found = [entry for entry in entries if entry.gameid in (gameid, f"lifeline#{gameid}")]
        if not found:
            raise ExportError(f"no Lifeline game with the id {gameid} in the export")
        entry = found[0]
    elif len(entries) == 1:
        entry = entries[0]
    else:
        raise ExportError(f"the export holds {len(entries)} Lifeline games: choose one by its "
                          "number or its id")
    if isinstance(entry, Refused):
        raise ExportError(f"game {entry.number}: {entry.reason}")
    return entry


def ending_problem(game, black_stones, white_stones):
    """Why the position after the game's last move (the number of stones of each colour) does
    not end the game as the export says, or None. A game that ended by a placement ended
    where Abstract Play's rule ends it: after the first turns, as soon as a player has no
    stone, the player to move first losing when both have none (gameslib's checkEOG)."""
    if game.ending != "placement":
        return None
    claim = "the export says the game ended with its last move, but"
    if game.placements < 3:
        return f"{claim} no game ends in its first turns"
    mover = 2 - game.placements % 2
    other = 3 - mover
    stones = {1: black_stones, 2: white_stones}
    ender = mover if stones[other] == 0 else other if stones[mover] == 0 else None
    if ender is None:
        return f"{claim} after it both players have stones"
    if ender != game.winner:
        return (f"the export names {game.names[game.winner - 1]} the winner, but after the "
                f"last move {game.names[ender - 1]} wins")
    return None


def refusal(game, index, answer):
    """The reason for the engine's refusing the game's turn `index` (from 0) with `answer`."""
    turn = game.turns[index]
    return f"{turn.label()}: the engine refuses {turn.move}: {answer}"


def replay(game, engine, timeout=30):
    """Replays the game in an engine (a lifeline_tools.engine.gtp.GtpEngine) and returns its
    lifeline-state after the last move. Raises ExportError for a move the engine refuses or
    an end that its position does not give."""
    engine.start_game(game.base, RULES, timeout=timeout)
    for index, turn in enumerate(game.turns):
        answer = engine.send(f"play {turn.color} {turn.move}", timeout=timeout)
        if not answer.ok:
            raise ExportError(refusal(game, index, answer.text))
    state = engine.state(timeout=timeout)
    problem = ending_problem(game, len(state["black"]), len(state["white"]))
    if problem:
        raise ExportError(problem)
    return state


# --- one record --------------------------------------------------------------------------------


def _entry(number, item):
    gameid = _get(item, "header", "site", "gameid")
    if isinstance(gameid, float) and gameid.is_integer():
        gameid = int(gameid)
    gameid = str(gameid) if isinstance(gameid, (str, int)) and not isinstance(gameid, bool) else ""
    try:
        return _game(number, gameid, item)
    except ExportError as error:
        return Refused(number, gameid, str(error))


def _game(number, gameid, item):
    header = item.get("header")
    variant, base = _board(header["game"].get("variants", []))
    names, results = _players(header.get("players"))
    date, ended = _date(header, "date-start"), _date(header, "date-end")
    event = _text(header, "event")
    round_name = _text(header, "round") if event else ""
    pied = _flag(header, "pied") or _flag(header, "pie-invoked")
    moves = _moves(item.get("moves"))
    ending, turns = "placement", []
    for index, text in enumerate(moves):
        word = text.strip().lower()
        if word in ENDINGS:
            if index != len(moves) - 1:
                raise ExportError(f"move {index + 1} is '{word}' before the end of the game")
            ending = word
            continue
        token = _placement(base, index + 1, text, len(turns))
        turns.append(Turn("w" if len(turns) % 2 else "b", token, index + 1, text))
    placements = len(turns)
    if pied:
        if not placements:
            raise ExportError("the pie was taken before the first move")
        turns.insert(1, Turn("w", "swap"))
    return Game(number=number, gameid=gameid, date=date, ended=ended, event=event,
                round=round_name, variant=variant, base=base, pied=pied, names=names,
                winner=_winner(results, ending), ending=ending, turns=tuple(turns),
                placements=placements)


def _board(variants):
    if not isinstance(variants, list) or not all(isinstance(name, str) for name in variants):
        raise ExportError("header.game.variants is not a list of names")
    for name in variants:
        if name not in VARIANT_NAMES:
            raise ExportError(f"unknown board variant '{name}' (Abstract Play's Lifeline boards: "
                              f"{', '.join(VARIANT_NAMES)})")
    if len(variants) > 1:
        raise ExportError("more than one board size")
    base = notation.base_of_variants([VARIANT_NAMES[name] for name in variants])
    return (variants[0] if variants else "Size 8 board"), base


def _players(players):
    if not isinstance(players, list) or len(players) != 2:
        count = len(players) if isinstance(players, list) else "no"
        raise ExportError(f"the game has {count} players, not two")
    names, results = [], []
    for seat, player in enumerate(players, 1):
        name = player.get("name") if isinstance(player, dict) else None
        name = " ".join(name.split()) if isinstance(name, str) else ""
        if not name:
            raise ExportError(f"player {seat} has no name")
        result = player.get("result")
        if result is None:
            raise ExportError(f"the export marks the game as unfinished (player {seat} has "
                              "no result)")
        if (not isinstance(result, (int, float)) or isinstance(result, bool)
                or (isinstance(result, float) and not result.is_integer())):
            raise ExportError(f"player {seat}'s result is not a whole number")
        names.append(name)
        results.append(int(result))
    return tuple(names), tuple(results)


def _moves(rounds):
    """The game's moves in order, as text, after the checks of the rounds' shape."""
    if isinstance(rounds, list):
        for number, seats in enumerate(rounds, 1):
            if isinstance(seats, list) and None in seats:
                raise ExportError(f"round {number} has an empty seat")
        # A move may also be written as {"move": text, ...}, which the format allows.
        rounds = [[_move_text(seat) for seat in seats] if isinstance(seats, list) else seats
                  for seats in rounds]
    try:
        return notation.flat_moves(rounds)
    except notation.NotationError as error:
        raise ExportError(str(error)) from None


def _move_text(seat):
    return seat.get("move") if isinstance(seat, dict) else seat


def _placement(base, number, text, placed):
    """The engine's token for a placement; the first two turns place two stones, the others
    one."""
    try:
        token = notation.engine_move(base, text)
    except notation.NotationError as error:
        raise ExportError(f"move {number} ('{text}'): {error}") from None
    if placed < 2 and "," not in token:
        raise ExportError(f"move {number} ('{text}'): a first turn places two stones")
    if placed >= 2 and "," in token:
        raise ExportError(f"move {number} ('{text}'): only a first turn places two stones")
    return token


def _winner(results, ending):
    first, second = results
    winner = 1 if first > second else 2 if second > first else None
    if ending in ("draw", "abandoned"):
        if winner is not None:
            raise ExportError(f"the results name a winner of a game that ended by '{ending}'")
    elif winner is None:
        raise ExportError("the results name no winner, which only a drawn or an abandoned "
                          "game has")
    return winner


def _flag(header, key):
    value = header.get(key, False)
    if not isinstance(value, bool):
        raise ExportError(f"header.{key} is not true or false")
    return value


def _text(header, key):
    value = header.get(key, "")
    if not isinstance(value, str):
        raise ExportError(f"header.{key} is not text")
    return " ".join(value.split())


def _date(header, key):
    """"2025-01-10 18:00" of an ISO date and time ("2025-01-10T18:00:00.000Z")."""
    value = header.get(key)
    match = _DATE.match(value) if isinstance(value, str) else None
    if match is None:
        raise ExportError(f"header.{key} is not a date")
    return f"{match.group(1)} {match.group(2)}"


def _get(item, *keys):
    for key in keys:
        if not isinstance(item, dict):
            return None
        item = item.get(key)
    return item


def _no_constant(name):
    raise ValueError(f"{name} is not a JSON number")
