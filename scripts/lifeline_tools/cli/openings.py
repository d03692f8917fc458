"""lifeline-openings, scripts/openings.py: the opening maps (docs/openings.md).

    scripts/openings.py map --base 4 5 6 --rules strong-pie weak-pie komi-pie --out DIR
    scripts/openings.py refine DIR/base12-strong-pie.map --visits 16000 --count 100
    scripts/openings.py spread DIR/base7-strong-pie.map --sample 40 --seed 2
    scripts/openings.py show DIR/base7-strong-pie.map
    scripts/openings.py plot DIR --out docs/openings
    scripts/openings.py table DIR
    scripts/openings.py fair-komi --base 9 --komis 2-7 --games 400 --visits 300 --out DIR
    scripts/openings.py fair-komi-report DIR

map computes the map of each base and rule into DIR/baseN-RULES.map: under strong and weak pie
each class of first turns with the chance of the side that holds it (the second player swaps
above one half), under komi pie Black's chance at each komi up to two past the fair komi. An
entry is exact where the solver proves it within --exact seconds, else the engine's estimate
by a search of --visits visits (by default a few seconds of one core per entry up to base 8,
a fraction of a second beyond, where refine follows). Stopped at any moment, the same command
goes on where it stopped; run it at low priority (nice): it keeps --concurrency cores busy, or
the workers of --dask.

refine computes again, with --visits visits, the --count estimates of a finished map that lie
closest to one half (where the swap decision flips and the book draws its first turns), until
the --count closest all carry that budget; stopped, it resumes the same way.

spread tells how sure a map's estimates are: it computes a sample of them again with another
seed (and, with --visits, another budget) and prints how far the two fall apart and how often
the swap decision changes. show prints a map's summary: the most balanced first turns, how
many turns the second player should swap, the fair komi. plot draws each base's maps and the
komi curves as PNG files (lifeline_tools/openings/plots.py; needs matplotlib: the extra
`network`, or Debian's python3-matplotlib); table prints a Markdown table of a folder's maps
(docs/openings.md).

fair-komi measures a base's fair komi by play: --games games of the engine against itself
under komi pie at each komi of --komis (a range 2-7 or a list 3,5,8), the komi and the colours
fixed before the game, --visits visits a move, the first --sample-turns moves drawn in
proportion to the search's visits and the opening book off, into DIR/komi-K, then the report
(lifeline_tools/openings/fair_komi.py). Stopped at any moment, the same command goes on where
it stopped; with more --games or other --komis it adds games. fair-komi-report prints what a
folder's games say and writes it to DIR/fair-komi.json: per komi the games, Black's wins and
rate with its 95% Wilson interval, and the network's value at the empty board; a logistic
regression of Black's win on the komi, the komi where Black's fitted chance crosses one half
with its 95% profile-likelihood interval, and the fair komi, the smallest whole komi whose
fitted chance is below one half, or a sentence saying that the games cannot tell. With
--record MAP it writes a fair komi the games decide into the base's komi-pie map (a header line
fair-komi-by-play), which the engine's book then gives before the map's own; --witness NETWORK
adds that network's value at each komi, a second witness where the network reads the komi.
"""

import argparse
import os
import random
import sys
import time

from ..engine import gtp
from ..openings import compute, fair_komi, maps, refine, runs
from ..workers.pool import PoolError, open_pool
from ..vocabulary import KOMI_PIE, MAX_BASE, MIN_BASE, RULES


def _pool(options):
    """(the pool, the engine's version): the version of the driver's engine, which every
    worker's must answer."""
    pool = runs.MapPool(open_pool(options.dask, options.concurrency), options.network)
    try:
        version = pool.pool.check_engine(
            compute.engine_command(options.engine, options.network), options.engine)
    except BaseException:
        pool.close()
        raise
    return pool, version


def _engine_on_workers(options, pool):
    return compute.engine_command(options.engine, pool.network)


def compute_maps(options):
    pool, version = _pool(options)
    try:
        for base in options.base:
            for rules in options.rules:
                settings = compute.MapSettings(
                    engine=_engine_on_workers(options, pool), base=base, rules=rules,
                    visits=options.visits or compute.default_visits(base, rules), seed=options.seed,
                    exact_seconds=options.exact, engine_version=version)
                started = time.monotonic()

                def report(entry, done, planned, settings=settings, started=started):
                    label = entry.line() if isinstance(entry, maps.Entry) else (
                        f"{entry}: not a legal first turn")
                    of = f"/{planned}" if planned else ""
                    print(f"base {settings.base} {settings.rules} {done}{of} "
                          f"({time.monotonic() - started:.0f} s): {label}", flush=True)

                map_file = runs.run_map(options.out, settings, pool, options.network,
                                        report=report)
                print(f"{map_file.path}: {len(map_file.entries)} entries", flush=True)
    except runs.RunError as error:
        print(f"{options.name}: {error}", file=sys.stderr)
        return 2
    finally:
        pool.close()
    return 0


def refine_maps(options):
    pool, version = _pool(options)
    started = time.monotonic()

    def report(entry, done):
        print(f"{options.map} refined {done} ({time.monotonic() - started:.0f} s): "
              f"{entry.line()}", flush=True)

    try:
        entries = refine.refine_map(options.map, _engine_on_workers(options, pool),
                                    options.visits, options.count, pool,
                                    options.network, version, report)
    except (runs.RunError, maps.MapError) as error:
        print(f"{options.name}: {error}", file=sys.stderr)
        return 2
    finally:
        pool.close()
    print(f"{options.map}: the {options.count} estimates closest to one half carry "
          f"{options.visits} visits ({len(entries)} entries)", flush=True)
    return 0


def spread(options):
    header, entries = maps.read_map(options.map)
    if not entries:
        print(f"{options.name}: {options.map} holds no entries", file=sys.stderr)
        return 2
    estimated = [entry for entry in entries if not entry.exact]
    sample = random.Random(options.seed).sample(estimated, min(options.sample, len(estimated)))
    settings = compute.MapSettings(
        engine=compute.engine_command(options.engine, options.network),
        base=int(header["base"]), rules=header["rules"],
        visits=options.visits or int(header["visits"]), seed=options.seed)
    engine = gtp.GtpEngine(settings.engine)
    differences, flips = [], 0
    try:
        for entry in sample:
            again = compute.evaluate(engine, settings, entry.kind, entry.label)
            difference = again.chance - entry.chance
            differences.append(abs(difference))
            flips += maps.swapped(again.chance) != maps.swapped(entry.chance)
            print(f"{entry.kind} {entry.label}: {entry.chance:.4f} ({entry.visits} visits), "
                  f"again {again.chance:.4f} ({again.visits} visits)", flush=True)
    finally:
        engine.close()
    differences.sort()
    count = len(differences)
    close = sum(abs(entry.chance - 0.5) < differences[count // 2] for entry in estimated)
    print(f"{count} estimates computed again: mean difference {sum(differences) / count:.4f}, "
          f"median {differences[count // 2]:.4f}, largest {differences[-1]:.4f}; "
          f"the side to take changed in {flips} of {count}; {close} of the map's "
          f"{len(estimated)} estimates lie closer to one half than the median difference")
    return 0


def show(options):
    header, entries = maps.read_map(options.map)
    print(" ".join(f"{key} {value}" for key, value in header.items()))
    if header.get("rules") == KOMI_PIE:
        for entry in sorted(entries, key=maps.entry_key):
            print(entry.line())
        print(f"fair komi: {maps.fair_komi(entries)}")
        if fair_komi.PLAYED_KEY in header:
            print(f"fair komi by play: {header[fair_komi.PLAYED_KEY]}")
        return 0
    turns = sorted(entries, key=lambda entry: -maps.balance(entry.chance))
    swaps = sum(maps.swapped(entry.chance) for entry in turns)
    print(f"{len(turns)} classes of first turns; the second player swaps after {swaps}")
    for entry in turns[:options.top]:
        print(f"{entry.line()}  (first player {maps.balance(entry.chance):.4f})")
    return 0


def plot(options):
    from ..openings import plots

    os.makedirs(options.out, exist_ok=True)
    for base in options.base:
        path = plots.plot_base(options.folder, base, options.out)
        if path:
            print(path)
    print(plots.plot_komi(options.folder, options.base, options.out))
    return 0


def _played_text(value):
    """A map's fair-komi-by-play line in words."""
    words = value.split()
    within = "" if words[2] == words[3] else f", within {words[2]} to {words[3]}"
    return f"**fair komi {words[0]} by play** ({words[7]} games at {words[9]} visits{within})"


def _map_row(base, rules, header, entries):
    knowledge = "exact" if all(entry.exact for entry in entries) else (
        f"estimated, {header.get('visits')} visits")
    if refine.COUNT_KEY in header:
        swaps = " and every swap" if header.get(refine.SWAPS_KEY) == "yes" else ""
        knowledge += (f"; the {header[refine.COUNT_KEY]} nearest one half{swaps} "
                      f"{header[refine.VISITS_KEY]}")
    if rules == KOMI_PIE:
        fair = maps.fair_komi(entries)
        komi = sorted(entries, key=maps.entry_key)
        told = ", ".join(f"{entry.label}: {entry.chance:.2f}" for entry in komi)
        said = f"fair komi {'above ' + komi[-1].label if fair is None else fair} ({told})"
        if fair_komi.PLAYED_KEY in header:
            said = f"{_played_text(header[fair_komi.PLAYED_KEY])}; the map's searches: {said}"
        return f"| {base} | {rules} | {len(entries)} komi | {knowledge} | {said} |"
    swaps = sum(maps.swapped(entry.chance) for entry in entries)
    said = f"the second player swaps after {swaps} of {len(entries)}"
    if knowledge == "exact":
        said += "; the first player loses whatever it plays"
    else:
        best = max(entries, key=lambda entry: maps.balance(entry.chance))
        said += f"; most balanced {best.label} ({best.chance:.3f} to its holder)"
    return f"| {base} | {rules} | {len(entries)} classes | {knowledge} | {said} |"


def table(options):
    print("| base | rules | entries | knowledge | what the map says |")
    print("|---|---|---|---|---|")
    for base in range(2, 14):
        for rules in RULES:
            header, entries = maps.read_map(
                os.path.join(options.folder, maps.file_name(base, rules)))
            if entries:
                print(_map_row(base, rules, header, entries))
    return 0


def measure_fair_komi(options):
    try:
        komis = fair_komi.parse_komis(options.komis)
    except ValueError as error:
        print(f"{options.name}: --komis: {error}", file=sys.stderr)
        return 2
    command = compute.engine_command(options.engine, options.network)
    pool = open_pool(None, options.concurrency)
    try:
        settings = fair_komi.FairKomiSettings(
            engine=command, base=options.base, visits=options.visits,
            sample_turns=options.sample_turns, seed=options.seed,
            engine_version=pool.check_engine(command),
            network=runs.network_digest(options.network) if options.network else "auto")
        started = time.monotonic()

        def report(komi, record, count):
            print(f"komi {komi} game {record['number']}: {len(record['turns'])} turns, "
                  f"{record['winner']} won ({count}/{options.games}, "
                  f"{time.monotonic() - started:.0f} s)", flush=True)

        failures = fair_komi.play(options.out, settings, komis, options.games, pool, report)
    except fair_komi.FairKomiError as error:
        print(f"{options.name}: {error}", file=sys.stderr)
        return 2
    finally:
        pool.close()
    for failure in failures:
        print(failure, file=sys.stderr)
    status = fair_komi_report(options)
    return 1 if failures else status


def fair_komi_report(options):
    witness = None
    if getattr(options, "witness", None):
        witness = (runs.network_digest(options.witness),
                   compute.engine_command(options.engine, options.witness))
    try:
        data = fair_komi.report(options.out, witness)
    except fair_komi.FairKomiError as error:
        print(f"{options.name}: {error}", file=sys.stderr)
        return 2
    print(fair_komi.report_text(data))
    print(fair_komi.write_report(options.out, data))
    if getattr(options, "record", None):
        try:
            print(f"{options.record}: {fair_komi.record(data, options.record)}")
        except fair_komi.FairKomiError as error:
            print(f"{options.name}: {error}", file=sys.stderr)
            return 1
    return 0


def parse_arguments(argv, name, default_engine, default_network):
    parser = argparse.ArgumentParser(prog=name, description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)

    def engine_options(command):
        command.add_argument("--engine", default=default_engine, help="the engine's command")
        command.add_argument("--network", default=default_network,
                             help="the network file the engine uses (default: its own)")

    def workers(command):
        command.add_argument("--concurrency", type=int, default=2,
                             help="engines on this machine")
        command.add_argument("--dask", help="a Dask scheduler's address, or local:N")

    map_command = commands.add_parser("map", help="compute maps")
    map_command.add_argument("--base", type=int, nargs="+", required=True, metavar="N",
                             choices=range(MIN_BASE, MAX_BASE + 1),
                             help=f"board bases, {MIN_BASE} to {MAX_BASE}")
    map_command.add_argument("--rules", nargs="+", choices=RULES, default=list(RULES))
    map_command.add_argument("--out", required=True, help="the maps' folder")
    map_command.add_argument("--visits", type=int, default=0,
                             help="visits per estimated entry (default: by base under strong "
                                  "pie, " + ", ".join(f"{b}: {v}" for b, v in
                                                      compute.DEFAULT_VISITS.items())
                                  + f"; {compute.FEW_ENTRIES_FACTOR} times as many under weak "
                                  f"and komi pie, at least {compute.FEW_ENTRIES_VISITS})")
    map_command.add_argument("--exact", type=float, default=0,
                             help="seconds of the exact solver per entry before estimating")
    map_command.add_argument("--seed", type=int, default=1)
    workers(map_command)
    engine_options(map_command)
    better = commands.add_parser("refine", help="more visits for the estimates near one half")
    better.add_argument("map")
    better.add_argument("--visits", type=int, default=compute.REFINE_VISITS,
                        help="visits per refined entry, more than the map's (default "
                             f"{compute.REFINE_VISITS})")
    better.add_argument("--count", type=int, default=compute.REFINE_COUNT,
                        help="how many of the estimates closest to one half (default "
                             f"{compute.REFINE_COUNT})")
    workers(better)
    engine_options(better)
    again = commands.add_parser("spread", help="how sure a map's estimates are")
    again.add_argument("map")
    again.add_argument("--sample", type=int, default=40)
    again.add_argument("--seed", type=int, default=2)
    again.add_argument("--visits", type=int, default=0, help="default: the map's")
    engine_options(again)
    summary = commands.add_parser("show", help="a map's summary")
    summary.add_argument("map")
    summary.add_argument("--top", type=int, default=10)
    rows = commands.add_parser("table", help="a Markdown table of the maps of a folder")
    rows.add_argument("folder")
    pictures = commands.add_parser("plot", help="pictures of the maps of a folder")
    pictures.add_argument("folder")
    pictures.add_argument("--out", required=True, help="the pictures' folder")
    pictures.add_argument("--base", type=int, nargs="+", default=list(range(2, 13)),
                          metavar="N", help="the bases to draw (default 2 to 12)")
    measure = commands.add_parser("fair-komi", help="measure a base's fair komi by play")
    measure.add_argument("--base", type=int, required=True, metavar="N",
                         choices=range(MIN_BASE, MAX_BASE + 1),
                         help=f"the board's base, {MIN_BASE} to {MAX_BASE}")
    measure.add_argument("--komis", required=True,
                         help="the komi to play: a range (2-7), a list (3,5,8) or both (0-2,6)")
    measure.add_argument("--games", type=int, required=True,
                         help="games each komi's folder should hold")
    measure.add_argument("--visits", type=int, default=300, help="search visits a move")
    measure.add_argument("--sample-turns", type=int, default=4,
                         help="first turns whose move is drawn in proportion to visits "
                              "(default 4: komi pie's setup)")
    measure.add_argument("--seed", type=int, default=1)
    measure.add_argument("--out", required=True, help="the measurement's folder")
    measure.add_argument("--concurrency", type=int, default=2, help="games at the same time")
    engine_options(measure)
    told = commands.add_parser("fair-komi-report",
                               help="what a fair-komi folder's games say; writes its JSON")
    told.add_argument("out", metavar="DIR", help="the measurement's folder")
    told.add_argument("--witness", metavar="NETWORK",
                      help="a network file whose value at the empty board at each komi the "
                           "report adds: a second witness from a network that reads the komi")
    told.add_argument("--engine", default=default_engine,
                      help="the engine that evaluates --witness")
    told.add_argument("--record", metavar="MAP",
                      help="write the fair komi, where the games decide it, into this komi-pie "
                           "map (src/book/maps/baseN-komi-pie.map), where lifeline-book gives it")
    options = parser.parse_args(argv)
    options.name = name
    if options.command == "fair-komi" and (options.games < 0 or options.visits < 1
                                           or options.sample_turns < 0 or options.seed < 0
                                           or options.concurrency < 1):
        parser.error("--games >= 0, --visits >= 1, --sample-turns >= 0, --seed >= 0, "
                     "--concurrency >= 1")
    return options


def main(argv=None, name="lifeline-openings", default_engine="lifeline", default_network=""):
    options = parse_arguments(argv, name, default_engine, default_network)
    gtp.install_cleanup()
    run = {"map": compute_maps, "refine": refine_maps, "spread": spread, "show": show,
           "plot": plot, "table": table, "fair-komi": measure_fair_komi,
           "fair-komi-report": fair_komi_report}[options.command]
    try:
        return run(options)
    except PoolError as error:  # a cluster that refused or could not start, a worker refused
        print(f"{options.name}: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
