"""The fair komi of a base measured by play (docs/openings.md, "The fair komi by play"): games
of the engine against itself under komi pie at a few komi around the estimate, and what they
say (komi_fit.py).

The komi and the colours are fixed before each game: no pie decision, Black is Black, the same
engine on both sides at a fixed number of visits a move, with the opening book off (it would
pick Black's first stone from the very estimates being checked). The games are self-play
games (learning/selfplay.py): a measurement's folder holds one self-play folder a komi,
DIR/komi-K, whose game N is seeded by (seed * KOMI_SEEDS + K) * 1000003 + N (SelfPlaySettings)
and draws its first `sample_turns` moves in proportion to the search's visits, so games differ
from one another, every komi's from every other's, and each is reproducible from its seed.
The records keep no candidates, only the moves, their win rates and the winner.

DIR/settings.json keeps what the measurement's games are played with (a run with other
settings is refused; other komi and more games are welcome), and DIR/network-witness.json the
network's value at the empty board at each komi, a second witness that only a network that
reads the komi can give (version 7's gives the same at every komi). report() reads a folder
into the report that DIR/fair-komi.json keeps; record() writes a decided fair komi into the
base's komi-pie map, where the engine's book gives it.
"""

import json
import os
import re
from dataclasses import dataclass

from ..engine import gtp
from ..learning import selfplay
from ..play import stats
from ..vocabulary import KOMI_PIE
from . import komi_fit, maps

KOMI_SEEDS = 1000  # a komi folder's seed is seed * KOMI_SEEDS + komi: komi stays below
KOMI_FOLDER = "komi-"
WITNESS_FILE = "network-witness.json"
REPORT_FILE = "fair-komi.json"
PLAYED_KEY = "fair-komi-by-play"  # the komi-pie map's header line that lifeline-book gives
COMMAND_TIMEOUT = 60
_VALUE = re.compile(r"^value\s+([0-9.eE+-]+)")
METHOD = ("logistic regression of Black's win on the komi by maximum likelihood; the crossing's "
          "95% interval by the profile likelihood")


class FairKomiError(Exception):
    """A measurement that cannot go on or be read; the message is for the user."""


@dataclass(frozen=True)
class FairKomiSettings:
    engine: str  # the engine's command
    base: int
    visits: int = 300
    sample_turns: int = 4  # komi pie's setup: two stones a side
    seed: int = 1
    engine_version: str = ""
    network: str = "auto"  # runs.network_digest of the network file, "auto": the engine's own

    def identity(self):
        """What every komi's games share (selfplay.claim_folder keeps it in DIR): the engine by
        its version."""
        return {"engine": self.engine_version, "network": self.network, "base": self.base,
                "rules": KOMI_PIE, "visits": self.visits, "sample_turns": self.sample_turns,
                "seed": self.seed}

    def identities(self):
        """The identities a folder of these games may hold (selfplay.claim_folder)."""
        return [self.identity()]

    def games_settings(self, komi):
        """The self-play settings of the games at `komi`."""
        return selfplay.SelfPlaySettings(
            engine=self.engine, base=self.base, rules=KOMI_PIE, komi=komi, visits=self.visits,
            sample_turns=self.sample_turns, seed=self.seed * KOMI_SEEDS + komi,
            engine_version=self.engine_version, candidates=0)


def parse_komis(text):
    """The komi of a text such as "2-7", "3,5,8" or "0-2,6": whole numbers from 0, below
    KOMI_SEEDS, in order, each once; ValueError otherwise."""
    komis = set()
    for part in text.split(","):
        first, dash, last = part.strip().partition("-")
        last = last if dash else first
        if not (first.isdigit() and last.isdigit() and int(first) <= int(last)):
            raise ValueError(f"not a komi or a range of komi from low to high: {part!r}")
        komis.update(range(int(first), int(last) + 1))
    if not komis or max(komis) >= KOMI_SEEDS:
        raise ValueError(f"komi from 0 to {KOMI_SEEDS - 1}: {text!r}")
    return sorted(komis)


def komi_folder(out, komi):
    return os.path.join(out, f"{KOMI_FOLDER}{komi}")


def play(out, settings, komis, games, pool, report):
    """Plays the games of `komis` that `out` lacks up to `games` each, game number by game
    number across the komi, on `pool`, after the network's value at each komi new to `out`;
    report(komi, record, games at that komi) after each game. Returns the failures, as
    selfplay.play_folders. Raises FairKomiError where `out` holds another measurement or
    another run is writing it."""
    try:
        lock = selfplay.lock_folder(out)
    except selfplay.SettingsMismatch as error:
        raise FairKomiError(str(error)) from None
    try:
        selfplay.claim_folder(out, settings)
        folders = [selfplay.Folder(komi_folder(out, komi), settings.games_settings(komi), games)
                   for komi in komis]
        for folder in folders:
            selfplay.claim_folder(folder.out, folder.settings)
        record_witness(out, settings, komis)
        return selfplay.play_folders(
            folders, pool,
            lambda folder, record, count: report(folder.settings.komi, record, count))
    except selfplay.SettingsMismatch as error:
        raise FairKomiError(str(error)) from None
    finally:
        lock.close()


def network_value(text):
    """The value in a lifeline-network answer (its first line `value V swap S ...`), or None
    where there is none."""
    lines = text.splitlines()
    found = _VALUE.match(lines[0].strip()) if lines else None
    return float(found.group(1)) if found else None


def network_values(command, base, komis):
    """{komi: the value of the network of the engine `command` at base's empty board under
    komi pie (Black to move: Black's chance)}, None where the engine has no network."""
    values = {}
    engine = gtp.GtpEngine(command)
    try:
        for komi in komis:
            engine.start_game(base, KOMI_PIE, komi, COMMAND_TIMEOUT)
            try:
                values[komi] = network_value(engine.ask("lifeline-network", COMMAND_TIMEOUT))
            except gtp.CommandRefused:
                values[komi] = None
    finally:
        engine.close()
    return values


def record_witness(out, settings, komis):
    """Adds the value of the games' network at the empty board at each of `komis` that out's
    witness file lacks."""
    witness = read_witness(out)
    missing = [komi for komi in komis if str(komi) not in witness]
    if not missing:
        return
    witness |= {str(komi): value for komi, value in
                network_values(settings.engine, settings.base, missing).items()}
    with open(os.path.join(out, WITNESS_FILE), "w", encoding="utf-8") as stream:
        json.dump(dict(sorted(witness.items(), key=lambda item: int(item[0]))), stream)
        stream.write("\n")


def read_witness(out):
    path = os.path.join(out, WITNESS_FILE)
    if not os.path.exists(path):
        return {}
    with open(path, encoding="utf-8") as stream:
        return json.load(stream)


def played_komis(out):
    """The komi that `out` holds games of, in order."""
    if not os.path.isdir(out):
        return []
    return sorted(int(name[len(KOMI_FOLDER):]) for name in os.listdir(out)
                  if name.startswith(KOMI_FOLDER) and name[len(KOMI_FOLDER):].isdigit()
                  and os.path.exists(os.path.join(out, name, selfplay.GAMES_FILE)))


def report(out, second_witness=None):
    """The report of `out` as a dict (the contents of DIR/fair-komi.json): the settings, a
    row a komi, the fit, the fair komi and a sentence saying what the games tell.
    `second_witness`: (a network's digest, the command of an engine with it), whose value at each komi is a
    second witness in each row (for a network that reads the komi, unlike the games')."""
    path = os.path.join(out, selfplay.SETTINGS_FILE)
    if not os.path.exists(path):
        raise FairKomiError(f"{out} holds no fair-komi measurement ({path} is missing)")
    with open(path, encoding="utf-8") as stream:
        settings = json.load(stream)
    witness = read_witness(out)
    rows = []
    for komi in played_komis(out):
        games = selfplay.read_games(komi_folder(out, komi))
        wins = sum(game["winner"] == "black" for game in games)
        low, high = stats.wilson_interval(wins, len(games))
        rows.append({"komi": komi, "games": len(games), "black_wins": wins,
                     "rate": round(wins / len(games), 4) if games else None,
                     "low": round(low, 4), "high": round(high, 4),
                     "turns": round(sum(len(g["turns"]) for g in games) / max(1, len(games)), 1),
                     "network": witness.get(str(komi))})
    data = summary(settings, rows)
    if second_witness is not None:
        digest, command = second_witness
        values = network_values(command, settings["base"], [row["komi"] for row in rows])
        data["witness"] = digest
        for row in data["rows"]:
            row["witness"] = values.get(row["komi"])
    return data


def summary(settings, rows):
    """The report of games `rows` (a dict a komi: komi, games, black_wins and what else the
    report keeps) played with `settings`: the rows with their fitted chances, the fit, the fair
    komi and the verdict."""
    fit = komi_fit.fit([komi_fit.Row(row["komi"], row["games"], row["black_wins"])
                        for row in rows])
    for row in rows:
        row["fitted"] = fit.chances.get(row["komi"])
    bracket = komi_fit.bracket([komi_fit.Row(row["komi"], row["games"], row["black_wins"])
                                for row in rows], stats.wilson_interval)
    return {"settings": settings, "method": METHOD, "rows": rows, "fit": fit_fields(fit),
            "fair_komi": fit.fair,
            "fair_komi_range": [fit.fair_low, fit.fair_high] if fit.fair is not None else None,
            "bracket": None if bracket is None else list(bracket),
            "verdict": verdict(fit, [row["komi"] for row in rows])}


def _rounded(value, digits=3):
    return None if value is None else round(value, digits)


def fit_fields(fit):
    """The fit as the report's JSON keeps it; `falls_per_komi`: how much Black's chance falls
    a komi point where it crosses one half (a quarter of the logistic slope)."""
    return {"status": fit.status, "crossing": _rounded(fit.crossing),
            "low": _rounded(fit.low), "high": _rounded(fit.high),
            "slope": _rounded(fit.slope, 4),
            "falls_per_komi": None if fit.slope is None else round(-fit.slope / 4, 4),
            "deviance": fit.deviance, "p_value": float(f"{fit.p_value:.3g}")}


def _bound(value):
    return "unbounded" if value is None else f"{value:.2f}"


def verdict(fit, komis):
    """What the games tell, in a sentence."""
    played = f"komi {komis[0]} to {komis[-1]}" if komis else "no komi"
    if fit.status == komi_fit.TOO_FEW:
        return f"the games cannot tell: games at fewer than two komi ({played})"
    if fit.status == komi_fit.FLAT:
        return (f"the games cannot tell: Black's chance does not change measurably with the komi "
                f"over {played} (likelihood-ratio p = {fit.p_value:.2g}); no fair komi")
    if fit.status == komi_fit.RISING:
        return (f"the games cannot tell: Black's fitted chance rises with the komi over "
                f"{played}; no fair komi")
    interval = f"{_bound(fit.low)} to {_bound(fit.high)}"
    if fit.status == komi_fit.WIDE:
        return (f"the games cannot tell: the crossing's 95% interval ({interval}) is wider "
                f"than the komi played ({played}); no fair komi")
    said = (f"fair komi {fit.fair} (Black's chance crosses one half at komi {fit.crossing:.2f}, "
            f"95% interval {interval}: the fair komi lies in {fit.fair_low} to {fit.fair_high})")
    if fit.status == komi_fit.OUTSIDE:
        side = "above" if fit.high > komis[-1] else "below"
        said += f"; the interval leaves the komi played ({played}): play komi {side} them"
    return said


def recorded_range(data):
    """(fair komi, low, high) that a map records from a report, or None: the narrower of the
    two ranges, the curve's (where its status is decided) and the bracket's (where bounded),
    each a 95% statement under its own assumption; the fair komi the curve's, kept within the
    range, or else the smallest komi of the range where Black won less than half the games."""
    ranges = []
    if data["fit"]["status"] == komi_fit.DECIDED:
        ranges.append(tuple(data["fair_komi_range"]))
    bracket = data.get("bracket")
    if bracket and bracket[1] is not None:
        ranges.append(tuple(bracket))
    if not ranges:
        return None
    low, high = min(ranges, key=lambda pair: pair[1] - pair[0])
    if data["fair_komi"] is not None:
        return min(max(data["fair_komi"], low), high), low, high
    below = [row["komi"] for row in data["rows"]
             if low <= row["komi"] <= high and row["black_wins"] < row["games"] / 2]
    return (min(below) if below else high), low, high


def played_line(data):
    """The value of a komi-pie map's `fair-komi-by-play` header line (src/book/opening_map.h)
    from a report: the fair komi, the whole komi it may be (recorded_range), the curve's
    crossing, the games and their visits. Only where the games decide it."""
    decided = recorded_range(data)
    if decided is None or data["fit"]["crossing"] is None:
        raise FairKomiError(f"nothing to record: {data['verdict']}")
    fair, low, high = decided
    games = sum(row["games"] for row in data["rows"])
    return (f"{fair} range {low} {high} crossing {data['fit']['crossing']:.2f} "
            f"games {games} visits {data['settings']['visits']}")


def record(data, path):
    """Writes the report's fair komi into the komi-pie map at `path` of the same base, where
    lifeline-book gives it (replacing an earlier measurement); returns the line."""
    header, entries = maps.read_map(path)
    base = data["settings"]["base"]
    if header.get("rules") != KOMI_PIE or header.get("base") != str(base):
        raise FairKomiError(f"{path} is no komi-pie map of base {base}")
    value = played_line(data)
    header[PLAYED_KEY] = value
    maps.write_map(path, header, entries)
    return f"{PLAYED_KEY} {value}"


def write_report(out, data):
    path = os.path.join(out, REPORT_FILE)
    with open(path, "w", encoding="utf-8") as stream:
        json.dump(data, stream, indent=1)
        stream.write("\n")
    return path


def report_text(data):
    """The report as lines for a terminal."""
    s = data["settings"]
    lines = [f"base {s['base']} under komi pie, colours fixed, {s['visits']} visits a move, "
             f"{s['sample_turns']} sampled turns, seed {s['seed']}; engine {s['engine']}, "
             f"network {s['network']}",
             "komi  games  Black won  rate   95% interval  fitted  turns  network"
             + ("  witness" if "witness" in data else "")]

    def figure(value, digits):
        return "-" if value is None else f"{value:.{digits}f}"

    for row in data["rows"]:
        witness = f"  {figure(row['witness'], 4):>7}" if "witness" in row else ""
        lines.append(f"{row['komi']:>4}  {row['games']:>5}  {row['black_wins']:>9}  "
                     f"{figure(row['rate'], 3):>5}  {row['low']:.3f}-{row['high']:.3f}  "
                     f"{figure(row['fitted'], 3):>6}  {row['turns']:>5}  "
                     f"{figure(row['network'], 4):>7}{witness}")
    if "witness" in data:
        lines.append(f"witness: the value of network {data['witness']} at the empty board")
    fit = data["fit"]
    if fit["crossing"] is not None and fit["status"] != komi_fit.FLAT:
        falls = (f"falls {fit['falls_per_komi']} a komi point there"
                 if abs(fit["slope"]) < komi_fit.MAX_SLOPE else "falls in one step there")
        lines.append(f"fit ({data['method']}): crossing at komi {fit['crossing']}, 95% "
                     f"interval {_bound(fit['low'])} to {_bound(fit['high'])}; Black's "
                     f"chance {falls}; slope likelihood-ratio p = {fit['p_value']}")
    values = {row["network"] for row in data["rows"] if row["network"] is not None}
    if len(values) == 1 and len(data["rows"]) > 1:
        lines.append("the network's value is the same at every komi: it does not read the komi")
    bracket = data.get("bracket")
    if bracket is None:
        lines.append("komi by komi: the games contradict a chance that falls with the komi")
    else:
        high = "unbounded" if bracket[1] is None else bracket[1]
        lines.append(f"komi by komi (each komi's 95% interval against one half, no curve): "
                     f"the fair komi lies in {bracket[0]} to {high}")
    lines.append(data["verdict"])
    return "\n".join(lines)

