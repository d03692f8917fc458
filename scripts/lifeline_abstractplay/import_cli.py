"""lifeline-abstractplay-import, scripts/abstractplay_import.py: a game played on Abstract Play
as the engine's game record, to study it in the page or load it into the engine.

    lifeline-abstractplay-import lifeline.json --list
    lifeline-abstractplay-import lifeline.json --game 3 --out game.txt

FILE is one of Abstract Play's records exports (a list of game records, such as
meta/lifeline.json or player/ID.json from records.abstractplay.com) or a single record. The
chosen game is replayed in the engine, which must accept every move and end the game as the
export says, before its record is written. docs/records.md, "Abstract Play's exports", says
what is read and what is refused.
"""

import argparse
import sys

from lifeline_tools.engine import gtp

from . import records


def parse_arguments(argv, default_engine):
    parser = argparse.ArgumentParser(
        description="Convert a game from an Abstract Play records export into a game record.")
    add = parser.add_argument
    add("file", metavar="FILE", help="an Abstract Play records export (JSON): a list of game "
                                     "records or one record")
    add("--list", action="store_true", help="list the export's Lifeline games and stop")
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--game", type=int, metavar="N",
                        help="the game numbered N in the list (from 1)")
    choice.add_argument("--id", metavar="ID",
                        help="the game whose Abstract Play id is ID (with or without 'lifeline#')")
    add("--out", metavar="RECORD", help="write the record to this file (default: print it)")
    add("--engine", default=default_engine, metavar="CMD",
        help=f"the engine that replays the game (default {default_engine})")
    return parser.parse_args(argv)


def read_file(path):
    """The export's text; a file that is not UTF-8 is refused as not JSON."""
    with open(path, "rb") as stream:
        data = stream.read()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise records.ExportError("not JSON: the file is not UTF-8 text") from None


def listing(entries, others):
    lines = [entry.describe() + (f"  [{entry.gameid}]" if entry.gameid else "")
             for entry in entries]
    if others:
        lines.append(f"({others} record{'s' if others != 1 else ''} of other games left out)")
    return lines


def convert(game, engine_command):
    """The game's record, after the engine has replayed it."""
    engine = gtp.GtpEngine(engine_command)
    try:
        records.replay(game, engine)
    finally:
        engine.close()
    return game.record_text()


def main(argv=None, default_engine="lifeline"):
    options = parse_arguments(argv, default_engine)
    try:
        entries, others = records.read_export(read_file(options.file))
        if options.list:
            print("\n".join(listing(entries, others)))
            return 0
        game = records.choose(entries, options.game, options.id)
        text = convert(game, options.engine)
    except records.ExportError as error:
        print(f"abstractplay_import: {options.file}: {error}", file=sys.stderr)
        return 1
    except (OSError, gtp.EngineError) as error:
        print(f"abstractplay_import: {error}", file=sys.stderr)
        return 1
    if options.out:
        with open(options.out, "w", encoding="utf-8") as stream:
            stream.write(text)
        print(f"{options.out}: {game.describe()}")
    else:
        sys.stdout.write(text)
    return 0
