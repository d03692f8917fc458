"""The learning loop: rounds of self-play with the current network, training a candidate on the
games of the latest rounds, a gating match of the candidate against the current network, and
promotion when the candidate wins it.

Everything lives in one run folder, which the driver alone writes:

    RUN/loop.json                 the settings, written at the first start (LoopSettings)
    RUN/start.pt, RUN/start.net   the network the loop starts from, in both formats
    RUN/rounds/0001/engine.json   the fingerprint of the engine's play that began the round
                                  (engine_check.py), which the rest of the round must share
    RUN/rounds/0001/games/        the round's self-play games (selfplay.py's folder); with
                                  several bases, one such folder a base: games/base7/
                                  (LoopSettings.bases); each games folder keeps its
                                  replayed examples (example_cache.py), which later
                                  rounds read instead of replaying its games again
    RUN/rounds/0001/training.ckpt the training's state after its last finished epoch
    RUN/rounds/0001/candidate.pt  the candidate's weights with their note (held-out figures)
    RUN/rounds/0001/candidate.net the same in the engine's format
    RUN/rounds/0001/gate/         the gating match (match.py's folder: results.json, records);
                                  with several bases, one match a base: gate/base7/; with
                                  a rules mix, one a rules and komi in it: gate/base7/
                                  weak-pie/, gate/base7/komi-pie-3/
    RUN/rounds/0001/seconds.json  the seconds each phase took, added up over the starts
    RUN/rounds/0001/gate.json     the gate's verdict: score, score needed, Elo, promoted, hours

Each step is done once: the games file keeps every finished game, the checkpoint every
finished epoch, the match every finished game, and a round's files appear (written whole,
then renamed) only when their step is complete, so a driver killed at any moment, or RUN
copied to another machine, goes on where it stopped. The current network of a round is the
candidate of the last earlier round that was promoted, else the start network: it follows from
the files, with no state of its own to get out of step.
"""

import dataclasses
import json
import math
import os
import shutil
import sys
import time

from .. import vocabulary
from ..play.clock import TimeControl
from ..play.match import MatchSettings, play_match
from ..play.results import read_results, results_path, write_results
from ..play.stats import elo_with_error
from ..workers.pool import LocalPool
from . import engine_check, selfplay
from .loop_settings import LoopError, LoopSettings

SETTINGS_FILE = "loop.json"


def _write_json(path, value):
    with open(path + ".new", "w", encoding="utf-8") as stream:
        json.dump(value, stream, indent=1)
        stream.write("\n")
    os.replace(path + ".new", path)


def _read_json(path):
    with open(path, encoding="utf-8") as stream:
        return json.load(stream)


class RunFolder:
    """The paths of a run folder (the layout in this module's text)."""

    def __init__(self, path):
        self.path = path

    @property
    def settings(self):
        return os.path.join(self.path, SETTINGS_FILE)

    def start(self, extension):
        return os.path.join(self.path, f"start.{extension}")

    def round(self, number, name=""):
        return os.path.join(self.path, "rounds", f"{number:04d}", name)

    def rounds(self):
        """The numbers of the rounds begun, in order."""
        folder = os.path.join(self.path, "rounds")
        if not os.path.isdir(folder):
            return []
        return sorted(int(name) for name in os.listdir(folder) if name.isdigit())

    def verdict(self, number):
        path = self.round(number, "gate.json")
        return _read_json(path) if os.path.exists(path) else None

    def by_base(self, settings, number, phase, games):
        """[(base, folder, games)] of a phase ("games" or "gate") of round `number`: its games
        shared among the run's bases (LoopSettings.spread), each base's in a folder of its own
        where there are several, else in the phase's folder itself as before bases were a
        setting."""
        if not settings.bases:
            return [(settings.base, self.round(number, phase), games)]
        return [(base, os.path.join(self.round(number, phase), f"base{base}"), count)
                for base, count in settings.spread(games)]

    def game_folders(self, settings, number):
        return [folder for _, folder, _ in self.by_base(settings, number, "games",
                                                         settings.games)]


def lock(run):
    """An exclusive lock on the run for this driver (the open file holding it)."""
    try:
        return selfplay.lock_folder(run.path)
    except selfplay.SettingsMismatch:
        raise LoopError(f"another driver is running the loop in {run.path}") from None


# Settings a run that goes on may change, for every round whose training has not begun: how a
# candidate is trained, and how many games a round plays (a round plays its games before its
# training, never after). Each candidate's note keeps the settings it was trained with.
TRAINING_CHANGEABLE = ("window", "epochs", "batch", "rate", "games", "short_value",
                       "surprise_weight", "komi_counting")
# And for every round whose gate has not begun: how many games the gate plays and the share
# that promotes, so that a run whose gates are too noisy to tell its candidates apart may ask
# for more. Each gate.json keeps the games and the share it was decided by. Neither how a game
# is played, the networks' size nor the gate's limits may change: the rounds' games and gates
# stay comparable.
GATE_CHANGEABLE = ("gate_games", "gate_score")
# And for every round not begun: the komis drawn under komi pie, so that a fair komi measured
# by play (docs/openings.md) replaces an estimate between two rounds; a round keeps those it
# began with for its self-play and its gate.
ROUND_CHANGEABLE = ("fair_komi", "komi_spread")
CHANGEABLE = TRAINING_CHANGEABLE + GATE_CHANGEABLE + ROUND_CHANGEABLE


def claim(run, given, start_weights, log=sys.stdout):
    """The run's settings: those stored in RUN, which the settings `given` (a dict of
    LoopSettings fields) must match but for CHANGEABLE's, whose change is stored and told to
    `log`; or at the first start the defaults with `given`, stored with the start network
    (`start_weights`, a .pt file; None for no network)."""
    if os.path.exists(run.settings):
        stored = stored_settings(run)
        changed = {key: value for key, value in given.items() if getattr(stored, key) != value}
        fixed = {key: value for key, value in changed.items() if key not in CHANGEABLE}
        if fixed:
            raise LoopError(f"{run.path} holds a loop with other settings ({run.settings}); "
                            f"given otherwise: {fixed} (only {', '.join(CHANGEABLE)} may "
                            "change when a run goes on)")
        if not changed:
            return stored
        for number in run.rounds():
            if (set(changed) & set(TRAINING_CHANGEABLE)
                    and os.path.exists(run.round(number, "training.ckpt"))
                    and not os.path.exists(run.round(number, "candidate.pt"))):
                raise LoopError(f"round {number}'s training is under way with the stored "
                                "settings: let it finish before changing them (or remove "
                                f"{run.round(number, 'training.ckpt')} to train it anew)")
            if (set(changed) & set(GATE_CHANGEABLE)
                    and os.path.exists(run.round(number, "gate"))
                    and run.verdict(number) is None):
                raise LoopError(f"round {number}'s gate is under way with the stored "
                                "settings: let it finish before changing them")
            if set(changed) & set(ROUND_CHANGEABLE) and run.verdict(number) is None:
                raise LoopError(f"round {number} is under way with the stored komis: let it "
                                "finish before changing them")
        settings = dataclasses.replace(stored, **changed)
        settings.check()
        _write_json(run.settings, dataclasses.asdict(settings))
        for keys, rounds in ((TRAINING_CHANGEABLE, "the rounds not trained yet"),
                             (GATE_CHANGEABLE, "the gates not begun yet"),
                             (ROUND_CHANGEABLE, "the rounds not begun yet")):
            told = ", ".join(f"{key} {getattr(stored, key)} -> {value}"
                             for key, value in changed.items() if key in keys)
            if told:
                print(f"{run.path}: for {rounds}, {told}", file=log, flush=True)
        return settings
    settings = LoopSettings(**given)
    settings.check()
    os.makedirs(run.path, exist_ok=True)
    if start_weights:
        _install_start(run, start_weights)
    _write_json(run.settings, dataclasses.asdict(settings))
    return settings


def stored_settings(run):
    """The settings in RUN/loop.json (a setting added since it was written takes its default,
    which is what the loop did before the setting existed; but for `switch_score`, which came
    while the one run it changes, version 7's, awaited its first verdict)."""
    return LoopSettings(**_read_json(run.settings))


def _install_start(run, weights):
    from . import network_export, network_model

    net, _ = network_model.load(weights)
    shutil.copyfile(weights, run.start("pt"))
    network_export.write_weights(net, run.start("net") + ".new")
    os.replace(run.start("net") + ".new", run.start("net"))


def current_network(run, number):
    """(label, .pt path or None, .net path or None) of the network round `number` plays with:
    the last promoted candidate before it, else the start network (none: the engine's search
    without a network)."""
    for earlier in reversed([r for r in run.rounds() if r < number]):
        verdict = run.verdict(earlier)
        if verdict and verdict["promoted"]:
            return (f"round {earlier}", run.round(earlier, "candidate.pt"),
                    run.round(earlier, "candidate.net"))
    if os.path.exists(run.start("net")):
        return "start", run.start("pt"), run.start("net")
    return "none", None, None


def adopt_gate(folder, players, referee):
    """Lets a gate begun elsewhere go on here: the engines' commands in its results file (where
    the engine and the networks were on that machine, or on the cluster) become this run's,
    so that match.py, which resumes only the same match, takes it for what it is."""
    path = results_path(folder)
    if not os.path.exists(path):
        return
    _, results = read_results(path)
    for entry, command in zip(results["players"], players):
        entry["command"] = command
    results["referee_engine"] = referee
    write_results(folder, results)


class Loop:
    """Runs rounds of the loop in `run` with `settings` and the engine command `engine`,
    playing the games on `pool` (workers/pool.py; by default one thread here), where a
    cluster's workers run `worker_engine` (by default `engine`); writes what it does to `log`.
    Training runs here."""

    def __init__(self, run, settings, engine, pool=None, threads=2, log=sys.stdout,
                 worker_engine=None):
        self.run = run
        self.settings = settings
        self.engine = engine
        self.pool = pool if pool is not None else LocalPool(1)
        self.worker_engine = worker_engine or engine
        self.threads = threads
        self.log = log
        self.checked_round = None  # the round whose engine.json this start has checked
        self.check_engine()

    def check_engine(self):
        """Reads the engine's version again, and checks the workers answer it too: the
        engine may be rebuilt under a driver that runs for days, and a round's games must
        all come from the version its folders are claimed with."""
        self.version = self.pool.check_engine(self.engine, self.worker_engine)

    def check_play(self, number, network):
        """Checks that the engine plays as the one that began round `number` did (its
        fingerprint with the round's network, `network`), once a start; the first start of a
        round writes it. A newer build whose play for the loop is unchanged goes on with the
        round; the workers of a cluster are checked by their version (check_engine)."""
        if self.checked_round == number:
            return
        self.say(f"round {number}: the engine's fingerprint")
        bases = [base for base, _ in self.settings.base_weights()]
        found = {"fingerprint": engine_check.fingerprint(self.engine, network, bases),
                 "version": self.version}
        path = self.run.round(number, "engine.json")
        if os.path.exists(path):
            began = _read_json(path)
            if began["fingerprint"] != found["fingerprint"]:
                raise LoopError(
                    f"round {number} began with an engine that plays otherwise: {path} holds "
                    f"fingerprint {began['fingerprint']} (version {began['version']!r}), this "
                    f"engine ({self.version!r}) plays {found['fingerprint']}; finish the round "
                    "with the engine that began it (--engine), or remove "
                    f"{self.run.round(number)} to play the round anew with this one")
        else:
            _write_json(path, found)
        self.checked_round = number

    def networks_for_games(self, paths):
        """(the engine's --network argument for each network file in `paths`, the files to
        send along), as the pool's workers name them (None stands for no network)."""
        return self.pool.file_arguments(paths)

    def games_engine(self):
        """The engine's command where the games are played."""
        return self.worker_engine if self.pool.remote else self.engine

    def say(self, text):
        print(time.strftime("%H:%M:%S"), text, file=self.log, flush=True)

    def run_rounds(self, last_round):
        """Plays rounds until round `last_round` is complete (None: without end)."""
        number = 1
        while last_round is None or number <= last_round:
            if not os.path.exists(self.run.round(number, "gate.json")):
                self.play_round(number)
            number += 1

    def play_round(self, number):
        label, weights, network = current_network(self.run, number)
        self.check_engine()
        os.makedirs(self.run.round(number), exist_ok=True)
        if not self.training_begun(number):
            self.say(f"round {number}: self-play with the network of {label}")
            self.timed(number, "self_play", lambda: self.self_play(number, network))
        if not os.path.exists(self.run.round(number, "candidate.net")):
            self.timed(number, "training", lambda: self.train(number, weights))
        verdict = self.timed(number, "gate", lambda: self.gate(number, network, weights))
        verdict["hours"] = round(sum(self.phase_seconds(number).values()) / 3600, 3)
        verdict["network"] = label
        _write_json(self.run.round(number, "gate.json"), verdict)
        self.say(f"round {number}: candidate {verdict['wins']}-{verdict['losses']} "
                 f"({elo_text(verdict)} Elo), "
                 f"{'promoted' if verdict['promoted'] else 'not promoted'}")

    def training_begun(self, number):
        """Whether round `number`'s training has begun: its games are then those it trains on,
        whatever `games` says since."""
        return any(os.path.exists(self.run.round(number, name))
                   for name in ("training.ckpt", "candidate.pt", "candidate.net"))

    def phase_seconds(self, number):
        """The seconds each phase of round `number` took so far ({phase: seconds})."""
        path = self.run.round(number, "seconds.json")
        return _read_json(path) if os.path.exists(path) else {}

    def timed(self, number, phase, work):
        """Runs work() and adds its seconds to the phase's in the round's seconds.json (a
        phase killed halfway loses the seconds of that start); returns what work returns."""
        started = time.monotonic()
        result = work()
        seconds = self.phase_seconds(number)
        seconds[phase] = round(seconds.get(phase, 0) + time.monotonic() - started, 1)
        _write_json(self.run.round(number, "seconds.json"), seconds)
        return result

    def self_play(self, number, network):
        s = self.settings
        self.check_play(number, network)
        [argument], files = self.networks_for_games([network])
        drawn = s.draws_komi()
        for base, folder, games in self.run.by_base(s, number, "games", s.games):
            seed = s.seed * 10_000 + number
            play = selfplay.SelfPlaySettings(
                engine=f"{self.games_engine()} --network {argument}", base=base, rules=s.rules,
                komi=s.komi, visits=s.visits, sample_turns=s.sample_turns,
                seed=seed * 100 + base if s.bases else seed, engine_version=self.version,
                full_share=s.full_share, fast_visits=s.fast_visits, rules_mix=s.rules_mix,
                fair_komi=s.base_fair_komi(base) if drawn else 0,
                komi_spread=s.komi_spread if drawn else 0,
                engine_play=self.play_fingerprint(number))
            self.self_play_base(number, folder, play, games, files)

    def play_fingerprint(self, number):
        return _read_json(self.run.round(number, "engine.json"))["fingerprint"]

    def self_play_base(self, number, folder, play, games, files):
        """Plays the games of one base of round `number` that `folder` lacks."""
        try:
            selfplay.claim_folder(folder, play)
        except selfplay.SettingsMismatch as error:
            raise LoopError(f"round {number}: {error} (another engine version?)") from error
        done = len(selfplay.finished_games(folder))
        if done >= games:
            return
        phase = f"self-play, base {play.base}" if self.settings.bases else "self-play"
        progress = Progress(number, phase, games, self.say)
        report = lambda record, count: progress.game_done(count)  # noqa: E731
        failures = selfplay.play_games(folder, play, games, self.pool, report,
                                       self.pool.share(files))
        if failures:
            raise LoopError(f"round {number}: self-play failed: {'; '.join(failures)}")

    def window(self, number):
        """The rounds whose games train round `number`'s candidate."""
        return list(range(max(1, number - self.settings.window + 1), number + 1))

    def train(self, number, start_weights):
        import torch

        from . import example_cache, network_export, network_model, network_training

        s = self.settings
        torch.set_num_threads(self.threads)
        torch.set_flush_denormal(True)  # docs/network.md: denormals slow the CPU down
        started = time.monotonic()
        rounds = self.window(number)
        folders = [folder for r in rounds for folder in self.run.game_folders(s, r)]
        self.say(f"round {number}: training on the games of rounds {rounds[0]} to {number}")
        # The replay takes one process a training thread: nothing else runs meanwhile.
        training_games, training = example_cache.window_examples(
            self.engine, self.version, folders, False, s.territory, self.threads, self.say,
            s.komi_counting)
        held_out_games, held_out = example_cache.window_examples(
            self.engine, self.version, folders, True, s.territory, self.threads, self.say,
            s.komi_counting)
        torch.manual_seed(s.seed * 10_000 + number)  # the first weights too come from the seed
        net = network_model.LifelineNet(**s.network_arguments())
        if start_weights:
            previous, _ = network_model.load(start_weights)
            kept, total = network_model.warm_start(net, previous)
            if kept < total:
                self.say(f"round {number}: {kept} of {total} tensors from {start_weights}, "
                         "the rest new")
        network_training.train(net, training, held_out, s.epochs, s.batch, s.rate,
                               s.seed * 10_000 + number, self.say,
                               checkpoint=self.run.round(number, "training.ckpt"),
                               surprise=s.surprise_weight)
        figures, groups = (network_training.evaluate(net, self.engine, held_out_games, self.say)
                           if held_out_games else ({}, {"base": {}, "rules": {}}))
        by_base, by_rules = groups["base"], groups["rules"]
        note = {"command": f"the learning loop in {self.run.path}, round {number}",
                "settings": dataclasses.asdict(s), "window": rounds,
                "training_games": len(training_games), "held_out_games": len(held_out_games),
                "examples": {base: len(a["value"]) for base, a in training.items()},
                "continued_from": start_weights, "held_out": figures,
                **({"held_out_by_base": by_base} if s.bases else {}),
                **({"held_out_by_rules": by_rules} if s.rules_mix and by_rules else {}),
                "minutes": round((time.monotonic() - started) / 60, 1),
                "made": time.strftime("%Y-%m-%d")}
        candidate = self.run.round(number, "candidate")
        network_model.save(net, candidate + ".pt.new", note)
        os.replace(candidate + ".pt.new", candidate + ".pt")
        network_export.write_weights(net, candidate + ".net.new")
        os.replace(candidate + ".net.new", candidate + ".net")

    def same_size(self, weights):
        """Whether the current network (its .pt file; None for none) has the loop's size, so
        that a fixed number of visits is a fair gate: else the gate gives both equal time."""
        if weights is None:
            return False
        from . import network_model

        current, _ = network_model.load(weights)
        return _evaluation_cost(current.config) == \
            _evaluation_cost(self.settings.network_config())

    def gate(self, number, network, weights):
        s = self.settings
        self.check_play(number, network)
        same_size = self.same_size(weights)
        if same_size:
            limit, control = f"--visits {s.gate_visits} --time 0", None
            rule = f"{s.gate_visits} visits a move"
        else:
            limit, control = "", TimeControl.per_move(s.gate_seconds)
            rule = f"{s.gate_seconds:g} s a move"
        engine = self.games_engine()
        arguments, files = self.networks_for_games(
            [self.run.round(number, "candidate.net"), network])
        players = [f"{engine} --network {argument} {limit}".rstrip() for argument in arguments]
        referee = f"{engine} --player random --network none"
        self.say(f"round {number}: gate, {s.gate_games} games at {rule}")
        progress = Progress(number, "gate", s.gate_games, self.say)
        totals = [0, 0, 0]  # wins, losses, aborted of the matches finished
        by_rules = {}  # the same for each rules
        for base, rules, komi, folder, games in self.gate_matches(number):
            adopt_gate(folder, players, referee)
            match = MatchSettings(
                engine1=players[0], engine2=players[1], name1="candidate", name2="current",
                referee_engine=referee, games=games,
                size=base, rules=rules, komi=komi, control=control, out=folder,
                event=f"gate of round {number}" + (f", base {base}" if s.bases else "")
                + (f", {rules}" + (f" komi {komi}" if rules == vocabulary.KOMI_PIE else "")
                   if s.rules_mix else ""))

            def on_result(tally):
                wins, losses = tally.record()
                progress.game_done(sum(totals) + tally.counted + tally.aborted,
                                   f"candidate {totals[0] + wins}-{totals[1] + losses}")

            tally = play_match(match, self.pool, self.log, files=self.pool.share(files),
                               on_result=on_result)
            result = [*tally.record(), tally.aborted]
            totals = [total + part for total, part in zip(totals, result)]
            by_rules[rules] = [total + part for total, part in
                               zip(by_rules.get(rules, [0, 0, 0]), result)]
        wins, losses, aborted = totals
        elo, margin = elo_with_error(wins, losses)
        score = wins / max(1, wins + losses)
        needed = s.promotion_score(same_size)
        # A gate won or lost whole has an Elo and an interval without bound: written as null.
        return {"wins": wins, "losses": losses, "aborted": aborted, "limit": rule,
                "score": score,
                "elo": elo if math.isfinite(elo) else None,
                "margin": margin if math.isfinite(margin) else None,
                "needed": needed,
                "promoted": score >= needed,
                **({"by_rules": {rules: dict(zip(("wins", "losses", "aborted"), result))
                                 for rules, result in by_rules.items()}}
                   if s.rules_mix else {})}

    def gate_matches(self, number):
        """[(base, rules, komi, folder, games)] of round `number`'s gate: each base's games
        (RunFolder.by_base) and, under a rules mix, apart by rules and komi, which follow
        from each pair of games' number (games 2k and 2k+1 play one rules and komi with the
        colours exchanged), in folders of their own."""
        s = self.settings
        matches = []
        for base, folder, games in self.run.by_base(s, number, "gate", s.gate_games):
            if not s.rules_mix:
                matches.append((base, s.rules, s.komi, folder, games))
                continue
            counts = {}
            for index in range(games):
                pair = index // 2
                key = s.game_rules(base, pair, f"{s.seed * 10_000 + number} {base} {pair}")
                counts[key] = counts.get(key, 0) + 1
            matches += [(base, rules, komi, os.path.join(
                folder, rules if rules != vocabulary.KOMI_PIE else f"{rules}-{komi}"), count)
                for (rules, komi), count in counts.items()]
        return matches


def _evaluation_cost(config):
    """What of a network's config sets what an evaluation costs the search: its engine side
    but the inputs, whose five planes of the rules only widen the stem (a few percent of a
    tower's work: docs/network.md), so that the first candidate that reads the rules meets
    the network it continues at equal visits."""
    from . import network_model

    return {key: value for key, value in network_model.engine_side(config).items()
            if key != "inputs"}


class Progress:
    """The progress line of a phase: round, phase, games done of planned, games an hour, and
    the time left at that rate."""

    def __init__(self, number, phase, planned, say):
        self.number, self.phase, self.planned, self.say = number, phase, planned, say
        self.started = time.monotonic()
        self.played = 0

    def game_done(self, done, detail=""):
        """After a game: `done` games of the phase are finished; `detail` ends the line."""
        self.played += 1
        hours = (time.monotonic() - self.started) / 3600
        rate = self.played / hours if hours > 0 else 0.0
        left = (self.planned - done) / rate * 60 if rate else 0.0
        self.say(f"round {self.number}, {self.phase}: {done}/{self.planned} games, "
                 f"{rate:.0f} games an hour, {left:.0f} min left" +
                 (f", {detail}" if detail else ""))


def elo_text(verdict):
    """The gate's Elo and interval as the summary shows them: "+70 +/- 71", "-inf +/- inf"."""
    elo, margin = verdict["elo"], verdict["margin"]
    if elo is None or not math.isfinite(elo):
        shown = "+inf" if verdict["wins"] > verdict["losses"] else "-inf"
    else:
        shown = f"{round(elo) + 0:+d}"  # + 0: an even score reads +0, not -0
    bound = margin is not None and math.isfinite(margin)
    return f"{shown} +/- {f'{margin:.0f}' if bound else 'inf'}"


def summary_rows(run):
    """The table of the rounds: one row a round begun."""
    rows = [("round", "network", "games", "examples", "value loss", "top-1", "gate",
             "Elo", "promoted", "hours")]
    settings = stored_settings(run)
    for number in run.rounds():
        games = sum(len(selfplay.finished_games(folder))
                    for folder in run.game_folders(settings, number))
        examples = held = "-"
        note_path = run.round(number, "candidate.pt")
        if os.path.exists(note_path):
            from . import network_model

            _, note = network_model.load(note_path)
            examples = str(sum(note["examples"].values()))
            held = note["held_out"]
        verdict = run.verdict(number)
        rows.append((
            str(number), verdict["network"] if verdict else "-", str(games), examples,
            f"{held['value_log_loss']:.3f}" if held != "-" else "-",
            f"{held['network_top1']:.3f}" if held != "-" else "-",
            f"{verdict['wins']}-{verdict['losses']}" if verdict else "-",
            elo_text(verdict) if verdict else "-",
            ("yes" if verdict["promoted"] else "no") if verdict else "-",
            f"{verdict['hours']:.2f}" if verdict else "-"))
    return rows


def summary_text(run):
    settings = _read_json(run.settings)
    rows = summary_rows(run)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [f"{run.path}: " + ", ".join(f"{key} {value}" for key, value in settings.items())]
    lines += ["  ".join(cell.rjust(width) for cell, width in zip(row, widths)) for row in rows]
    # The network the next round plays with: what a run continued elsewhere starts from
    # (`loop --start`) when this folder cannot come along.
    label, weights, _ = current_network(run, max(run.rounds(), default=0) + 1)
    lines.append(f"current network: {label}" + (f" ({weights})" if weights else ""))
    return "\n".join(lines)


def plot(run, path):
    """Draws the rounds' held-out figures and gate Elo (with its interval) into the image
    `path` (PNG); needs Debian's python3-matplotlib."""
    import matplotlib
    import matplotlib.ticker

    matplotlib.use("Agg")  # no display: files only
    from matplotlib import pyplot

    from . import network_model

    rounds, losses, top1 = [], [], []
    # Each gate's round, Elo and interval, apart for the promoted candidates and the others.
    gates = {True: ([], [], []), False: ([], [], [])}
    for number in run.rounds():
        candidate = run.round(number, "candidate.pt")
        if os.path.exists(candidate):
            held = network_model.load(candidate)[1]["held_out"]
            rounds.append(number)
            losses.append(held["value_log_loss"])
            top1.append(held["network_top1"])
        verdict = run.verdict(number)
        # A gate won or lost whole has no finite Elo to draw.
        if verdict and verdict["elo"] is not None and math.isfinite(verdict["elo"]):
            gated, elos, margins = gates[bool(verdict["promoted"])]
            gated.append(number)
            elos.append(verdict["elo"])
            # A gate won or lost whole has an interval without bound: no bar is drawn.
            margin = verdict["margin"]
            margins.append(margin if margin is not None and math.isfinite(margin) else 0.0)
    figure, (held_axes, gate_axes) = pyplot.subplots(2, 1, figsize=(7, 6), sharex=True)
    held_axes.plot(rounds, losses, "o-", label="value log-loss")
    held_axes.plot(rounds, top1, "s-", label="policy top-1")
    held_axes.set_ylabel("held-out games")
    held_axes.legend()
    for promoted, style, label in ((True, "o", "promoted"), (False, "x", "not promoted")):
        gated, elos, margins = gates[promoted]
        if gated:
            gate_axes.errorbar(gated, elos, yerr=margins, fmt=style, capsize=3, label=label)
    gate_axes.legend()
    gate_axes.axhline(0, color="grey", linewidth=0.8)
    gate_axes.set_ylabel("gate: candidate's Elo")
    gate_axes.set_xlabel("round")
    gate_axes.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    figure.suptitle(os.path.basename(os.path.normpath(run.path)))
    figure.tight_layout()
    figure.savefig(path)
    pyplot.close(figure)
