"""lifeline-network, scripts/network.py: training data for the engine's network (self-play
games that keep what the search saw), training, evaluation and the learning loop.

    scripts/network.py generate --out DIR [--base 7 --games 200 --visits 1000 --seed 1]
    scripts/network.py summary DIR...
    scripts/network.py train --weights FILE DIR... [--blocks 4 --channels 32 --epochs 12]
    scripts/network.py evaluate --weights FILE DIR...
    scripts/network.py export --weights FILE --out NETWORK_FILE
    scripts/network.py territory --network NETWORK_FILE DIR... [--visits 400 --every 6]
    scripts/network.py loop --out RUN [--rounds N --concurrency 2 --base 7 --games 200 ...]
    scripts/network.py summary RUN
    scripts/network.py plot RUN --out FILE.png
    scripts/network.py archive RUN --to DIR
    scripts/network.py restore DIR --out RUN
    scripts/network.py bench-training [--seconds 20 --busy 0 1 --rounds 3]

generate plays games of the engine against itself at a fixed number of visits a move and
appends one line a game to DIR/games.jsonl: every turn's move, the root's visit counts and the
move's win rate, the winner and the final stones (lifeline_tools/learning/selfplay.py; the format
is in docs/network.md). Run it again with the same --out (and settings) to resume or to add games;
each game is reproducible from its number. Run it at low priority (nice): it keeps
--concurrency cores busy. summary prints how many games, turns and candidates a folder holds
and how the games ended.

train fits the network (lifeline_tools/learning/network_model.py) to the games of the folders
that are not held out (every tenth game by number is) and writes its weights with a note of how they
were made; evaluate prints the held-out figures: the played move's rank under the network and
under the engine's move model, the value's log-loss and the territory's accuracy (by base and by
balancing rule too where the folders mix them). train and
evaluate need PyTorch and numpy (the package's extra `network`, or Debian's python3-torch and
python3-numpy). export writes the weights in the
engine's format (src/network/network_weights.h). territory says how right the territory
players see is, the network's and the playouts', against who holds each cell at the end of the
folders' held-out games (lifeline_tools/learning/territory_check.py).

loop runs the learning loop (lifeline_tools/learning/learning_loop.py, docs/network.md
"The learning loop"): rounds of self-play with the current network, training a candidate on
the latest rounds' games, a gating match against the current network at a fixed number of visits, and
promotion when the candidate wins it, until --rounds rounds are complete or it is stopped.
Its settings are stored in RUN at the first start, from a recipe file (--recipe; by default the
one given by scripts/network.py, the shipped network's) under the flags given; run it again
with the same --out to go on (with another --window, --epochs, --batch, --rate or --games if need be, for the rounds
not trained yet, and another --gate-games or --gate-score for the gates not begun). summary
RUN prints the settings, the rounds as a table and the current network; plot draws the
rounds' held-out figures and gate Elo (needs matplotlib: the extra `network`, or Debian's
python3-matplotlib).

archive packs what a run folder needs to go on into DIR as .tar.xz pieces whose bytes follow
from their contents, so that a repository can carry a run from one machine to the next and
store each unchanged piece once; run it again after each phase: it writes only the pieces
that changed (lifeline_tools/learning/run_archive.py). restore unpacks DIR into a new run folder,
where loop goes on.

bench-training times training steps of the shipped network's size with PyTorch's waiting
threads spinning and sleeping (OMP_WAIT_POLICY), alone and beside --busy busy processes: the
measurement behind this command's default, passive
(lifeline_tools/learning/training_bench.py).
"""

import argparse
import collections
import json
import os
import sys
import time

# PyTorch's threads spin a while as they wait for one another; beside another busy process (a
# game of self-play, a build) the spinning keeps the awaited thread off its core. Waiting
# threads sleep instead: 14% slower alone, 27% faster beside one busy process (docs/network.md,
# "Training and evaluation", S23), and the loop here seldom has its cores alone. Set before
# PyTorch loads its OpenMP library, which reads it once.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

from .. import vocabulary
from ..engine import gtp
from ..learning import learning_loop, loop_settings, run_archive, selfplay
from ..play import match
from ..workers.pool import LocalPool, PoolError, open_pool
from .options import add_base


def generate(options):
    if not 0 < options.full_share <= 1 or options.fast_visits < 1:
        print(f"{options.name}: --full-share must be above 0 and at most 1, --fast-visits at "
              "least 1", file=sys.stderr)
        return 2
    pool = LocalPool(options.concurrency)
    settings = selfplay.SelfPlaySettings(
        engine=options.engine, base=options.base, rules=options.rules, komi=options.komi,
        visits=options.visits, sample_turns=options.sample_turns, seed=options.seed,
        engine_version=pool.check_engine(options.engine), full_share=options.full_share,
        fast_visits=options.fast_visits)
    try:
        lock = selfplay.lock_folder(options.out)
        selfplay.claim_folder(options.out, settings)
    except selfplay.SettingsMismatch as error:
        print(f"{options.name}: {error}", file=sys.stderr)
        return 2
    done = len(set(selfplay.finished_games(options.out)) & set(range(options.games)))
    print(f"{done} games in {options.out}, {options.games - done} to play", flush=True)

    def report(record, count):
        print(f"game {record['number']}: {len(record['turns'])} turns, {record['winner']} won "
              f"({count}/{options.games})", flush=True)

    failures = selfplay.play_games(options.out, settings, options.games, pool, report)
    pool.close()
    lock.close()
    for failure in failures:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


def summary(options):
    for path in options.folders:
        run = learning_loop.RunFolder(path)
        if os.path.exists(run.settings):
            print(learning_loop.summary_text(run))
            continue
        games = selfplay.read_games(path)
        turns = [turn for game in games for turn in game["turns"]]
        wins = collections.Counter(game["winner"] for game in games)
        bases = sorted({game["base"] for game in games})
        print(f"{path}: {len(games)} games on base {', '.join(map(str, bases))}, "
              f"{len(turns)} turns ({len(turns) / max(1, len(games)):.1f} a game), "
              f"{sum(len(t['candidates']) for t in turns)} candidates; "
              f"black won {wins['black']}, white {wins['white']}")
    return 0


def log(text):
    print(time.strftime("%H:%M:%S"), text, flush=True)


def folder_settings(folder):
    with open(os.path.join(folder, selfplay.SETTINGS_FILE), encoding="utf-8") as stream:
        return json.load(stream)


def train(options):
    # Only training and evaluation need PyTorch; generate runs without it.
    import torch

    from ..learning import network_model, network_training

    torch.set_num_threads(options.threads)
    # Weights and gradients that decay towards zero become denormal floats, on which the CPU
    # is slow: without this, epochs of 42 s grew to 208 s by the seventh (docs/network.md).
    torch.set_flush_denormal(True)
    started = time.monotonic()
    training_games = network_training.load_games(options.folders, held_out=False)
    held_out_games = network_training.load_games(options.folders, held_out=True)
    log(f"{len(training_games)} games to train on, {len(held_out_games)} held out")
    training, held_out = (network_training.examples_by_base(
        options.engine, games, log, options.territory, options.workers, options.komi_counting)
        for games in (training_games, held_out_games))
    log("examples: " + ", ".join(f"base {b}: {len(a['value'])}" for b, a in training.items()))
    torch.manual_seed(options.seed)  # the first weights too come from the seed
    net = network_model.LifelineNet(options.blocks, options.channels, options.pool_every,
                                    options.aux_heads, options.inputs, options.short_value)
    network_training.train(net, training, held_out, options.epochs, options.batch,
                           options.rate, options.seed, log, surprise=options.surprise_weight)
    network_model.save(net, options.weights, {"command": "unfinished: evaluation under way"})
    figures, groups = network_training.evaluate(net, options.engine, held_out_games, log)
    note = {"command": " ".join([options.name] + options.argv),
            "folders": {folder: folder_settings(folder) for folder in options.folders},
            "training_games": len(training_games), "held_out_games": len(held_out_games),
            "examples": {b: len(a["value"]) for b, a in training.items()},
            "epochs": options.epochs, "batch": options.batch, "rate": options.rate,
            "territory": options.territory, "surprise_weight": options.surprise_weight,
            "komi_counting": options.komi_counting,
            "seed": options.seed, "minutes": round((time.monotonic() - started) / 60, 1),
            "held_out": figures, "made": time.strftime("%Y-%m-%d"),
            **{f"held_out_by_{key}": by for key, by in groups.items() if len(by) > 1}}
    network_model.save(net, options.weights, note)
    log(f"weights written to {options.weights}")
    return 0


def evaluate(options):
    import torch

    from ..learning import network_model, network_training

    torch.set_num_threads(options.threads)
    net, note = network_model.load(options.weights)
    log(f"{options.weights}: made {note.get('made')} by {note.get('command')}")
    games = network_training.load_games(options.folders, held_out=True)
    network_training.evaluate(net, options.engine, games, log)
    return 0


def export(options):
    from ..learning import network_export, network_model

    net, _ = network_model.load(options.weights)
    count = network_export.write_weights(net, options.out)
    log(f"{options.out}: {count} parameters, {net.config['blocks']} blocks of "
        f"{net.config['channels']} channels")
    return 0


def territory(options):
    from ..learning import territory_check

    figures = territory_check.check(f"{options.engine} --network {options.network}",
                                    options.folders, options.visits, options.every,
                                    options.games, log)
    print(f"{figures['positions']} positions of {figures['games']} held-out games, "
          f"playouts of {options.visits} visits")
    for name in ("network", "playouts"):
        shown = ", ".join(f"{key} {value:.3f}" for key, value in figures[name].items())
        print(f"{name}: {shown}")
    return 0


def plot(options):
    run = learning_loop.RunFolder(options.run)
    if not os.path.exists(run.settings):
        print(f"{options.name}: {options.run} holds no learning loop", file=sys.stderr)
        return 2
    learning_loop.plot(run, options.out)
    log(f"{options.out}: {len(run.rounds())} rounds")
    return 0


def _archive_step(options, step, done):
    """Runs `step` (a function of the log), then says `done` (of its count); a refusal is an
    error line and exit status 2."""
    try:
        count = step(log)
    except run_archive.ArchiveError as error:
        print(f"{options.name}: {error}", file=sys.stderr)
        return 2
    log(done(count))
    return 0


def archive(options):
    return _archive_step(
        options, lambda report: run_archive.pack(options.run, options.to, report),
        lambda count: f"{options.to}: {count} pieces written, the others unchanged")


def restore(options):
    return _archive_step(
        options, lambda report: run_archive.restore(options.archives, options.out, report),
        lambda count: f"{options.out}: {count} files; go on with: loop --out {options.out}")


def loop_settings_given(options, run):
    """The loop's settings the command gives (a dict of LoopSettings fields): its recipe's,
    then its flags'. At a run's first start the recipe is --recipe or by default the shipped
    network's; a run that goes on takes a recipe only when --recipe names one (its stored
    settings are the rest)."""
    recipe = options.recipe
    if recipe is None and not os.path.exists(run.settings):
        recipe = options.default_recipe
    given = loop_settings.read_recipe(recipe) if recipe and recipe != "none" else {}
    return given | {name: getattr(options, name) for name in LOOP_SETTINGS
                    if getattr(options, name) is not None}


def loop(options):
    run = learning_loop.RunFolder(options.out)
    pool = None
    try:
        given = loop_settings_given(options, run)
        holder = learning_loop.lock(run)
        settings = learning_loop.claim(run, given, options.start)
        pool = open_pool(options.dask, options.concurrency)
        driver = learning_loop.Loop(run, settings, options.engine, pool, options.threads,
                                    worker_engine=options.worker_engine)
        driver.run_rounds(options.rounds)
    except (learning_loop.LoopError, match.MatchError, PoolError) as error:
        print(f"{options.name}: {error}", file=sys.stderr)
        return 2
    finally:
        if pool is not None:
            pool.close()
    holder.close()
    print(learning_loop.summary_text(run))
    return 0


def switch(text):
    """A yes-or-no setting's value from the command line."""
    words = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}
    if text.lower() not in words:
        raise argparse.ArgumentTypeError(f"{text!r}: say yes or no")
    return words[text.lower()]


# The loop's settings that the command line may give at the first start (and repeat later).
LOOP_SETTINGS = {"base": int, "rules": str, "komi": int, "games": int, "visits": int,
                 "sample_turns": int, "window": int, "blocks": int, "channels": int,
                 "epochs": int, "batch": int, "rate": float, "gate_games": int,
                 "gate_visits": int, "gate_seconds": float, "gate_score": float,
                 "switch_score": float, "seed": int,
                 "pool_every": int, "aux_heads": switch, "short_value": switch,
                 "surprise_weight": switch, "komi_counting": switch, "territory": str,
                 "full_share": float, "fast_visits": int, "bases": str, "rules_mix": str,
                 "fair_komi": str, "komi_spread": int, "inputs": str}


def parse_arguments(argv, name, default_engine, default_start, default_recipe=None):
    parser = argparse.ArgumentParser(prog=name, description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("generate", help="play self-play games into --out")
    play.add_argument("--out", required=True, help="folder of the games file")
    play.add_argument("--engine", default=default_engine, metavar="CMD")
    add_base(play)
    play.add_argument("--rules", choices=vocabulary.RULES, default=vocabulary.DEFAULT_RULES)
    play.add_argument("--komi", type=int, default=0)
    play.add_argument("--games", type=int, default=200, help="games the folder should hold")
    play.add_argument("--visits", type=int, default=1000, help="search visits a move")
    play.add_argument("--sample-turns", type=int, default=8,
                      help="first turns whose move is drawn in proportion to visits")
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--full-share", type=float, default=1.0,
                      help="the playout cap: the share of moves searched with --visits, the "
                           "rest with --fast-visits (default 1: every move)")
    play.add_argument("--fast-visits", type=int, default=100)
    play.add_argument("--concurrency", type=int, default=1, help="games at the same time")
    show = commands.add_parser("summary", help="what games folders hold")
    show.add_argument("folders", nargs="+")
    for name, text in (("train", "train the network on games folders"),
                       ("evaluate", "the network's figures on the folders' held-out games")):
        command = commands.add_parser(name, help=text)
        command.add_argument("--weights", required=True, help="the network's weights file")
        command.add_argument("--engine", default=default_engine, metavar="CMD")
        command.add_argument("--threads", type=int, default=2)
        command.add_argument("folders", nargs="+")
        if name == "train":
            command.add_argument("--blocks", type=int, default=4)
            command.add_argument("--channels", type=int, default=32)
            command.add_argument("--epochs", type=int, default=12)
            command.add_argument("--workers", type=int, default=1,
                                 help="processes that replay the games into examples")
            command.add_argument("--batch", type=int, default=256)
            command.add_argument("--rate", type=float, default=2e-3)
            command.add_argument("--seed", type=int, default=1)
            command.add_argument("--pool-every", type=int, default=0,
                                 help="global pooling in every K-th block (0: none)")
            command.add_argument("--aux-heads", type=switch, default=False,
                                 help="train the auxiliary policy heads too (yes or no)")
            command.add_argument("--short-value", type=switch, default=False,
                                 help="train a head of the short-term value too, the "
                                      "search's win rates over the next turns (yes or no)")
            command.add_argument("--surprise-weight", action="store_true",
                                 help="weigh each example by how much its policy target "
                                      "surprises the network training starts from")
            command.add_argument("--komi-counting", type=switch, default=False,
                                 help="also train the value on each komi-pie and weak-pie "
                                      "game's positions under other komis, as the count of "
                                      "its settled board decides them (yes or no)")
            command.add_argument("--territory", choices=selfplay.TERRITORY_TARGETS,
                                 default="settled", help="the territory target")
            command.add_argument("--inputs", choices=("basic", "rules"), default="rules",
                                 help="rules: the network sees the balancing rule and the "
                                      "komi and may spend it (file format 3); basic: the 8 "
                                      "planes of versions 6 and 7, blind to both")
    command = commands.add_parser("loop", help="run the learning loop in --out")
    command.add_argument("--out", required=True, help="the run folder")
    command.add_argument("--engine", default=default_engine, metavar="CMD")
    command.add_argument("--rounds", type=int, help="stop once this many rounds are complete")
    command.add_argument("--concurrency", type=int, default=2, help="games at the same time")
    command.add_argument("--threads", type=int, default=2, help="training's threads")
    command.add_argument("--dask", metavar="ADDRESS",
                         help="play the games on a Dask cluster: a scheduler's address "
                              "(tcp://HOST:8786) or local:N for N local workers")
    command.add_argument("--worker-engine", metavar="CMD",
                         help="the engine's command on the workers (default: --engine)")
    command.add_argument("--start", default=default_start or "none",
                         help="weights (.pt) the loop starts from, at the first start; "
                              "'none' for the engine without a network (default "
                              f"{default_start or 'none'})")
    command.add_argument("--recipe", metavar="FILE",
                         help="a JSON file of the loop's settings (the keys of RUN/loop.json), "
                              "which the flags below override; 'none' for their defaults "
                              f"alone (default {default_recipe or 'none'}, at a run's first "
                              "start)")
    for name, kind in LOOP_SETTINGS.items():
        changes = ("; may change when the run goes on"
                   if name in learning_loop.CHANGEABLE else "")
        command.add_argument("--" + name.replace("_", "-"), type=kind, dest=name,
                             help=f"stored in RUN at the first start{changes} (default: the "
                                  "recipe's, else "
                                  f"{getattr(learning_loop.LoopSettings(), name)!r})")
    command = commands.add_parser("plot", help="the loop's figures across rounds, as an image")
    command.add_argument("run", help="the loop's run folder")
    command.add_argument("--out", required=True, help="the image to write (.png)")
    command = commands.add_parser("archive", help="pack a run folder into archives to commit")
    command.add_argument("run", help="the loop's run folder")
    command.add_argument("--to", required=True, help="the archives' folder")
    command = commands.add_parser("restore", help="unpack a run's archives into a new folder")
    command.add_argument("archives", help="the archives' folder")
    command.add_argument("--out", required=True, help="the run folder to write")
    command = commands.add_parser("territory", help="how right the network's and the "
                                  "playouts' territories are on held-out games")
    command.add_argument("--network", required=True, help="the engine's network file")
    command.add_argument("--engine", default=default_engine, metavar="CMD")
    command.add_argument("--visits", type=int, default=400, help="the playouts' search")
    command.add_argument("--every", type=int, default=6, help="every Nth turn of a game")
    command.add_argument("--games", type=int, default=20, help="held-out games at most")
    command.add_argument("folders", nargs="+")
    command = commands.add_parser("bench-training", help="training's speed, alone and beside "
                                  "busy processes, as PyTorch's threads spin or sleep")
    command.add_argument("--seconds", type=float, default=20, help="a measurement's length")
    command.add_argument("--threads", type=int, default=2)
    command.add_argument("--busy", type=int, nargs="+", default=[0, 1],
                         help="the busy processes beside each measurement")
    command.add_argument("--rounds", type=int, default=3)
    command = commands.add_parser("export", help="the weights in the engine's format")
    command.add_argument("--weights", required=True, help="weights written by train")
    command.add_argument("--out", required=True, help="the engine's network file to write")
    options = parser.parse_args(argv)
    options.name = name
    options.default_recipe = default_recipe
    options.argv = list(sys.argv[1:] if argv is None else argv)
    if options.command == "loop" and options.start == "none":
        options.start = None
    if options.command == "generate" and (options.games < 0 or options.visits < 1
                                          or options.concurrency < 1 or options.sample_turns < 0):
        parser.error("--games >= 0, --visits >= 1, --concurrency >= 1, --sample-turns >= 0")
    return options


def bench_training(options):
    from ..learning import training_bench

    rates = training_bench.run(options.seconds, options.threads, options.busy, options.rounds,
                               say=log)
    print(training_bench.table(rates, options.threads))
    return 0


def main(argv=None, name="lifeline-network", default_engine="lifeline", default_start=None,
         default_recipe=None):
    """name: the command as a trained network's note records it; default_engine,
    default_start and default_recipe: the engine's command, the loop's first network and the
    recipe of its settings where the command line gives none (scripts/network.py gives its
    checkout's build, the engine's own network and the recipe that made it)."""
    options = parse_arguments(argv, name, default_engine, default_start, default_recipe)
    gtp.install_cleanup()
    commands = {"generate": generate, "summary": summary, "train": train, "evaluate": evaluate,
                "export": export, "loop": loop, "plot": plot, "territory": territory,
                "archive": archive, "restore": restore, "bench-training": bench_training}
    return commands[options.command](options)
