"""Self-play games of the engine that keep what its search saw: for every turn the move played,
the root's visit counts over the candidate moves and the chosen move's win rate; the territory
of the first settled position (every empty region touching one colour); the winner and the
final stones. These are the training targets of a network for moves (visits), value (winner)
and territory: docs/network.md.

Each game is played by one engine process against itself at a fixed number of visits per
move, seeded by the game's number, so a game is reproducible from its number alone. For the
first turns the move is drawn in proportion to the root's visits instead of taken as the most
visited, so that games differ from the start; later moves are the engine's own choice.

Games are appended to a JSON-lines file, one line a game, written whole: a run stopped at any
moment resumes after its last complete game (a torn last line is cut off). The folder's
settings file keeps the settings its games were played with; a run with other settings is
refused, so one folder never mixes two kinds of games; the engine counts by its version
(release and commit: a build with uncommitted changes is marked "modified" but not told apart
from another such build), or where the caller gives one by the fingerprint of its play
(engine_check.py), which a newer build that plays alike shares. A folder of a rules mix holds
games of several rules, each game's rules and komi following from its number and seed.
"""

import fcntl
import json
import os
import random
import re
from dataclasses import dataclass, replace

from . import rules_mix
from .. import vocabulary
from ..engine import gtp
from ..workers.pool import PoolError, on_this_worker

GAMES_FILE = "games.jsonl"
SETTINGS_FILE = "settings.json"
LOCK_FILE = ".lock"
_CANDIDATE = re.compile(r"info move (\S+) visits (\d+) winrate ([0-9.]+)")
# Candidates kept per turn, most visited first: the rest carry too few visits to teach anything.
KEEP_CANDIDATES = 64
MOVE_TIMEOUT_SECONDS = 600
# Games a task plays on a cluster, where a task costs a round trip; here a thread plays one at
# a time.
GAMES_PER_TASK = 2
COMMAND_TIMEOUT = 60  # seconds for any command but a move


# Games whose number is a multiple of this are held out of training (network_training.py).
HELD_OUT_EVERY = 10


def is_held_out(number):
    return number % HELD_OUT_EVERY == 0

@dataclass(frozen=True)
class SelfPlaySettings:
    engine: str
    base: int = vocabulary.DEFAULT_BASE
    rules: str = vocabulary.DEFAULT_RULES
    komi: int = 0
    visits: int = 1000
    sample_turns: int = 8  # turns whose move is drawn in proportion to visits
    seed: int = 1
    engine_version: str = ""  # the engine's answer to `version`: release and commit
    # The playout cap: after the sampled turns, a move gets the full `visits` with this
    # chance and `fast_visits` otherwise; only full searches teach the policy. 1: every move
    # full (the cap off).
    full_share: float = 1.0
    fast_visits: int = 100
    # Several rules: "R:W,..." (rules_mix.py) in place of `rules` and `komi`; a komi-pie game
    # draws its komi from fair_komi -/+ komi_spread.
    rules_mix: str = ""
    fair_komi: int = 0
    komi_spread: int = 0
    engine_play: str = ""  # the fingerprint of the engine's play (engine_check.py), or ""
    # Candidates a turn's record keeps (KEEP_CANDIDATES for training; a tool that needs only
    # the moves and the winner keeps fewer, and its games files stay small).
    candidates: int = KEEP_CANDIDATES

    def game_seed(self, number):
        """The seed of game `number` (from 0): its engine's and its draws'."""
        return self.seed * 1_000_003 + number

    def game_rules(self, number):
        """(rules, komi) of game `number`: `rules` and `komi`, or under a rules mix those
        that follow from its number and seed. The held-out games and the others each go
        through the mix's cycle on their own: one cycle over every number would give the
        held-out ones (0, 10, 20, ...) only the rules at even places of a cycle of four."""
        if not self.rules_mix:
            return self.rules, self.komi
        index = number // HELD_OUT_EVERY if is_held_out(number) \
            else number - number // HELD_OUT_EVERY - 1
        return rules_mix.game_rules(self.rules_mix, self.fair_komi, self.komi_spread, index,
                                    self.game_seed(number))

    def identities(self):
        """The identities a folder of these games may hold (claim_folder): today's, and that
        of a folder claimed by the engine's version before its play had a fingerprint."""
        return [self.identity(), self.identity(by_version=True)]

    def identity(self, by_version=False):
        """What makes two runs' games the same kind: the engine by the fingerprint of its play
        where there is one (but `by_version`), else by its version (its command may move),
        and the settings."""
        engine = ({"engine_play": self.engine_play} if self.engine_play and not by_version
                  else {"engine": self.engine_version})
        rules = ({"rules_mix": self.rules_mix, "fair_komi": self.fair_komi,
                  "komi_spread": self.komi_spread} if self.rules_mix
                 else {"rules": self.rules, "komi": self.komi})
        identity = engine | {"base": self.base} | rules | {
            "visits": self.visits, "sample_turns": self.sample_turns, "seed": self.seed}
        if self.capped():  # folders made before the cap keep their identity
            identity |= {"full_share": self.full_share, "fast_visits": self.fast_visits}
        if self.candidates != KEEP_CANDIDATES:  # and those made before this setting
            identity["candidates"] = self.candidates
        return identity

    def capped(self):
        """Whether some moves get the fast search (the playout cap is on)."""
        return self.full_share < 1.0


class SettingsMismatch(Exception):
    pass


def lock_folder(out):
    """An exclusive lock on the folder for this run (the open file holding it), so that two
    runs never write one games file; SettingsMismatch when another run holds it."""
    os.makedirs(out, exist_ok=True)
    stream = open(os.path.join(out, LOCK_FILE), "w", encoding="utf-8")
    try:
        fcntl.flock(stream, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        stream.close()
        raise SettingsMismatch(f"another run is writing games into {out}") from None
    return stream


def claim_folder(out, settings):
    """Makes `out` the folder of games of these settings, or checks that it is (a folder
    claimed by the engine's version before its play had a fingerprint goes on with that
    version)."""
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, SETTINGS_FILE)
    if os.path.exists(path):
        with open(path, encoding="utf-8") as stream:
            stored = json.load(stream)
        if stored not in settings.identities():
            raise SettingsMismatch(f"{out} holds games played with {stored}, not "
                                   f"{settings.identity()}")
        return
    with open(path, "w", encoding="utf-8") as stream:
        json.dump(settings.identity(), stream)
        stream.write("\n")


def search_every_move(engine):
    """Turns the engine's opening book off, where it has one: self-play learns from what the
    search sees, and its first turns must differ from game to game."""
    try:
        engine.ask("lifeline-set book none", COMMAND_TIMEOUT)
    except gtp.CommandRefused:
        pass  # an engine older than the book


def root_candidates(lines):
    """(move, visits, win rate) of the root's candidates in the last report of a
    lifeline-genmove_analyze answer, most visited first. The tree holds a double turn's two
    orders as two children, which the report names alike: they count as one candidate, with
    their visits added and the win rate of the more visited."""
    reports = [line for line in lines if line.startswith("info ")]
    merged = {}
    for move, visits, rate in _CANDIDATE.findall(reports[-1] if reports else ""):
        seen = merged.get(move)
        merged[move] = (int(visits) + (seen[0] if seen else 0),
                        seen[1] if seen else float(rate))
    ranked = sorted(merged.items(), key=lambda item: -item[1][0])
    return [(move, visits, rate) for move, (visits, rate) in ranked]


# The territory targets a network may learn from these records (network_data.py;
# docs/network.md, "The model"): the settled board's holders, or each cell's share of the
# rest of the game.
TERRITORY_TARGETS = ("settled", "share")


def holders(base, black, white):
    """Who holds each cell, as a dict: "b" or "w" for a stone, and for an empty cell whose
    region touches only that colour; "" for one whose region touches both colours or
    neither."""
    stones = dict.fromkeys(black, "b") | dict.fromkeys(white, "w")
    owner = dict(stones)
    for start in vocabulary.cells(base):
        if start in owner:
            continue
        region, touching, frontier = [start], set(), [start]
        owner[start] = ""
        while frontier:
            for cell in vocabulary.neighbours(base, frontier.pop()):
                if cell in stones:
                    touching.add(stones[cell])
                elif cell not in owner:
                    owner[cell] = ""
                    region.append(cell)
                    frontier.append(cell)
        colour = touching.pop() if len(touching) == 1 else ""
        for cell in region:
            owner[cell] = colour
    return owner


def territory(base, black, white):
    """Who holds each cell of a settled board, as a string in vocabulary.cells order (holders):
    None when some empty region touches both colours (the board is not settled yet) or
    neither."""
    owner = holders(base, black, white)
    if not all(owner.values()):
        return None
    return "".join(owner[cell] for cell in vocabulary.cells(base))


def play_game(settings, number):
    """Plays game `number`; returns its record (a dict, see docs/network.md)."""
    seed = settings.game_seed(number)
    draws = random.Random(seed)
    rules, komi = settings.game_rules(number)
    engine = gtp.GtpEngine(f"{settings.engine} --seed {seed}")
    try:
        engine.start_game(settings.base, rules, komi, COMMAND_TIMEOUT)
        for command in (f"lifeline-set visits {settings.visits}", "lifeline-set time 0"):
            engine.ask(command, COMMAND_TIMEOUT)
        search_every_move(engine)
        version = engine.ask("version", COMMAND_TIMEOUT)
        budget = VisitBudget(engine, settings, draws)
        turns = []
        settled = None
        while True:
            state = engine.state(COMMAND_TIMEOUT)
            if settled is None and state["phase"] != "opening":
                owners = territory(settings.base, state["black"], state["white"])
                if owners is not None:
                    settled = {"turn": len(turns), "territory": owners}
            if state["over"]:
                break
            sample = len(turns) < settings.sample_turns
            full = budget.next_move(sample)
            turn = _play_turn(engine, state, draws, sample, settings.candidates)
            if settings.capped():
                turn["full"] = full
            turns.append(turn)
        if settled is None:  # the last turn emptied the board: every cell is the winner's
            settled = {"turn": len(turns),
                       "territory": state["winner"][0] * len(vocabulary.cells(settings.base))}
        return {"number": number, "seed": seed, "engine": version, "base": settings.base,
                "rules": rules, "komi": komi, "visits": settings.visits,
                "turns": turns, "settled": settled,
                "winner": state["winner"], "black": state["black"], "white": state["white"]}
    finally:
        engine.close()


class VisitBudget:
    """The playout cap of a game (SelfPlaySettings.full_share): draws whether each move gets
    the full search and sets the engine's visits when they change. Without the cap it draws
    nothing, so a game plays as it did before the cap existed."""

    def __init__(self, engine, settings, draws):
        self.engine = engine
        self.settings = settings
        self.draws = draws
        self.visits = settings.visits  # what the engine is set to

    def next_move(self, sample):
        """Sets the engine for the next move; returns whether it is a full search (the sampled
        opening turns always are)."""
        s = self.settings
        full = sample or not s.capped() or self.draws.random() < s.full_share
        visits = s.visits if full else s.fast_visits
        if visits != self.visits:
            self.engine.ask(f"lifeline-set visits {visits}", COMMAND_TIMEOUT)
            self.visits = visits
        return full


def _play_turn(engine, state, draws, sample, keep):
    color = state["to_move"]
    text = engine.ask(f"lifeline-genmove_analyze {color} 360000", MOVE_TIMEOUT_SECONDS)
    lines = text.splitlines()
    if not lines or not lines[-1].startswith("play "):
        raise gtp.ProtocolError(f"lifeline-genmove_analyze answered {text[:200]!r}", [])
    played = lines[-1].split()[1]
    candidates = root_candidates(lines)
    if sample and sum(c[1] for c in candidates) > 0:
        drawn = draws.choices([c[0] for c in candidates], [c[1] for c in candidates])[0]
        if drawn != played:
            engine.ask("undo", COMMAND_TIMEOUT)
            engine.play(color, drawn, COMMAND_TIMEOUT)
            played = drawn
    rate = next((c[2] for c in candidates if c[0] == played), None)
    return {"color": color, "move": played, "sampled": sample, "winrate": rate,
            "candidates": [[move, visits] for move, visits, _ in candidates[:keep]]}


def play_batch(settings, numbers):
    """A task: the records of the games `numbers`, played where the task runs, each by a fresh
    engine process seeded by the game's number (so that a game is the same wherever and
    however often it is played)."""
    here = replace(settings, engine=on_this_worker(settings.engine))
    return [play_game(here, number) for number in numbers]


def play_games(out, settings, games, pool, report, files=None):
    """Plays the games numbered below `games` that `out` lacks on `pool` (workers/pool.py;
    `files` as pool.share made them) and appends each to out's games file once, as its task
    ends, calling report(record, games in the file). The caller holds the folder
    (lock_folder, claim_folder). Returns the failures, as play_folders."""
    return play_folders([Folder(out, settings, games)], pool,
                        lambda folder, record, count: report(record, count), files)


@dataclass(frozen=True)
class Folder:
    """A games folder of one run, its settings, and the games it should hold (those numbered
    below `games`)."""
    out: str
    settings: SelfPlaySettings
    games: int


def play_folders(folders, pool, report, files=None):
    """Plays the games that each of `folders` (Folder) lacks on `pool`, game number by game
    number across the folders (a run stopped early leaves them about as full), and appends
    each to its folder's games file once, as its task ends, calling report(folder, record,
    games in its file): the driver alone writes the folders, and a game that a cluster played
    twice (its worker was lost) is written once. Every folder's settings name the same engine.
    The caller holds the folders (lock_folder, claim_folder). Returns the failures, one text a
    task; after the first, no new task starts (what was played stays: the run resumes).
    Raises PoolError when a worker's engine is not the settings' engine_version."""
    if not folders:
        return []
    done = [set(finished_games(folder.out)) for folder in folders]
    size = GAMES_PER_TASK if pool.remote else 1
    batches = []
    for index, folder in enumerate(folders):
        missing = [n for n in range(folder.games) if n not in done[index]]
        batches += [(missing[start], index, missing[start:start + size])
                    for start in range(0, len(missing), size)]
    batches.sort()
    calls = [(folders[index].settings, numbers) for _, index, numbers in batches]
    # The pool hands each call back as it was given: its identity names its folder.
    owners = {id(call): index for call, (_, index, _) in zip(calls, batches)}
    first = folders[0].settings
    failures = []
    for call, future in pool.map_calls(
            play_batch, calls, check=(first.engine, first.engine_version), files=files,
            stop=lambda: bool(failures)):
        numbers = call[1]
        index = owners[id(call)]
        which = f"game{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}"
        if len(folders) > 1:
            which = f"{folders[index].out} {which}"
        try:
            records = future.result()
        except PoolError:
            raise
        except pool.lost_worker_errors as error:
            failures.append(f"{which}: every worker that played them was lost ({error})")
            continue
        except Exception as error:  # noqa: BLE001 (reported; the run stops, resumable)
            failures.append(f"{which}: {error}")
            continue
        for record in records:
            if record["number"] not in done[index]:
                append_game(folders[index].out, record)
                done[index].add(record["number"])
                report(folders[index], record, len(done[index]))
    return failures


def finished_games(out):
    """The numbers of the complete games in out's games file, after cutting off a torn last
    line."""
    path = os.path.join(out, GAMES_FILE)
    if not os.path.exists(path):
        return []
    with open(path, "rb+") as stream:
        data = stream.read()
        end = data.rfind(b"\n") + 1
        if end != len(data):
            stream.truncate(end)
    return [json.loads(line)["number"] for line in data[:end].splitlines() if line.strip()]


def append_game(out, record):
    with open(os.path.join(out, GAMES_FILE), "a", encoding="utf-8") as stream:
        stream.write(json.dumps(record, separators=(",", ":")) + "\n")
        stream.flush()
        os.fsync(stream.fileno())


def read_games(path):
    """The records of a games file, or of the games file in a folder."""
    if os.path.isdir(path):
        path = os.path.join(path, GAMES_FILE)
    with open(path, encoding="utf-8") as stream:
        return [json.loads(line) for line in stream if line.strip()]
