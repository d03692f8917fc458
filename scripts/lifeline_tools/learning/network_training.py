"""Training and evaluating the network (network_model.py) on self-play folders (selfplay.py).

A fixed share of each folder's games is held out by game number and never trained on.
Training draws one of the board's twelve symmetries for every batch. Evaluation on the
held-out games reports, for the turns after the opening where a single stone was played, how
often the played move is the network's first choice and among its first ten, beside the same
figures for the engine's learned move model (lifeline-move_features); the value's log-loss
against the games' outcomes; and how often the territory's sign is right: over all the games,
and by base and by balancing rule. The games may mix bases, rules and komis: each example
carries them in its planes (network_data.PLANES).

With `surprise`, training weighs each example by how much its policy target surprised the
network it starts from (KataGo's policy surprise weighting; surprise_weights).
"""

import concurrent.futures
import math
import multiprocessing
import os
import time

import numpy as np
import torch

from . import network_data, network_model, selfplay
from ..engine import gtp

HELD_OUT_EVERY = selfplay.HELD_OUT_EVERY


def is_held_out(game):
    return selfplay.is_held_out(game["number"])


def load_games(folders, held_out):
    return [game for folder in folders for game in selfplay.read_games(folder)
            if is_held_out(game) == held_out]


def examples_by_base(engine_command, games, log, territory="settled", workers=1,
                     komi_counting_on=False):
    """{base: dict of stacked arrays} for the games, replayed in one engine, with the
    territory target `territory` (selfplay.TERRITORY_TARGETS) and, with `komi_counting_on`,
    the examples of komi by counting (network_data.game_examples). With `workers` above one the
    games are replayed in that many processes, each with an engine of its own, and the arrays
    are the same, row for row."""
    if workers > 1 and len(games) > 1:
        return _examples_in_processes(engine_command, games, log, territory, workers,
                                      komi_counting_on)
    engine = gtp.GtpEngine(engine_command)
    parts = {}
    try:
        for number, game in enumerate(games):
            parts.setdefault(game["base"], []).append(
                network_data.game_examples(engine, game, territory, komi_counting_on))
            if number % 50 == 49:
                log(f"replayed {number + 1}/{len(games)} games")
    finally:
        engine.close()
    return stacked(parts)


def stacked(parts):
    """{base: [dict of arrays, ...]} -> {base: dict of the arrays stacked in order}."""
    return {base: {name: np.concatenate([p[name] for p in chunks]) for name in chunks[0]}
            for base, chunks in parts.items()}


def _replay_share(job):
    """A process's task: the examples of a share of the games (examples_by_base)."""
    engine_command, games, territory, komi_counting_on = job
    return examples_by_base(engine_command, games, lambda text: None, territory,
                            komi_counting_on=komi_counting_on)


def _examples_in_processes(engine_command, games, log, territory, workers, komi_counting_on):
    # Replaying is mostly Python's work (turning each position into arrays), not the engine's,
    # so threads would wait on each other: processes do it. Three shares a process even out
    # the games' lengths; the shares come back in order, so the rows are the serial ones.
    # Spawned, not forked: the process training on a GPU may already hold it.
    size = math.ceil(len(games) / (workers * 3))
    jobs = [(engine_command, games[first:first + size], territory, komi_counting_on)
            for first in range(0, len(games), size)]
    parts = {}
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        for number, share in enumerate(pool.map(_replay_share, jobs), 1):
            for base, arrays in share.items():
                parts.setdefault(base, []).append(arrays)
            if number % workers == 0 or number == len(jobs):
                log(f"replayed {min(number * size, len(games))}/{len(games)} games "
                    f"in {workers} processes")
    return stacked(parts)


def training_device():
    """Where training runs: the first GPU that PyTorch sees, else the CPU."""
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


# The example arrays that lie over the grid's cells, which a symmetry moves.
_OVER_CELLS = ("policy", "soft_policy", "next_policy", "territory")


def _batch(arrays, rows, table, device):
    """Tensors of the chosen rows on `device`, seen through one symmetry `table` (an index
    array)."""
    tensors = {}
    for name in network_data.EXAMPLE_ARRAYS:
        if name == "turn":
            continue
        chosen = arrays[name][rows]
        if name == "planes":
            chosen = np.ascontiguousarray(chosen[:, :, table])
        elif name in _OVER_CELLS:
            chosen = np.ascontiguousarray(chosen[:, table])
        tensors[name] = torch.from_numpy(chosen)
    return {name: tensor.to(device) for name, tensor in tensors.items()}


def _losses_text(losses):
    return " ".join(f"{name} {value:.3f}" for name, value in losses.items())


def _identity(arrays):
    """The symmetry table that leaves the arrays' grid as it is."""
    return np.arange(arrays["planes"].shape[-1])


def _row_batches(arrays, batch_size):
    """The rows of the arrays in order, as index arrays of at most `batch_size`."""
    count = len(arrays["value"])
    return [np.arange(start, min(start + batch_size, count))
            for start in range(0, count, batch_size)]


def surprise_weights(net, training, batch_size):
    """{base: weights [examples]}, 1 on average over all the examples: an example that teaches
    the policy weighs 0.5 + 0.5 * surprise / the mean surprise of those examples, where its
    surprise is the divergence of `net`'s policy from its target (network_model.
    policy_surprise), and one that teaches no policy (a fast search's, a spending's for a
    basic network) weighs 1: its value and territory are as worth learning as ever, and the
    surprise of a policy the search did not fully make says little."""
    device = next(net.parameters()).device
    net.eval()
    surprises, taught = {}, {}
    for base, arrays in training.items():
        parts = [network_model.policy_surprise(
            net, _batch(arrays, rows, _identity(arrays), device))
            for rows in _row_batches(arrays, batch_size)]
        surprises[base] = np.concatenate([p[0].cpu().numpy() for p in parts])
        taught[base] = np.concatenate([p[1].cpu().numpy() for p in parts]) > 0
    count = sum(t.sum() for t in taught.values())
    mean = sum(s.sum() for s in surprises.values()) / max(count, 1)
    if mean <= 0:
        return {base: np.ones_like(s) for base, s in surprises.items()}
    return {base: np.where(taught[base], 0.5 + 0.5 * s / mean, 1.0).astype(np.float32)
            for base, s in surprises.items()}


def train(net, training, held_out, epochs, batch_size, rate, seed, log, checkpoint=None,
          surprise=False):
    """Trains `net` in place on {base: arrays}; logs each epoch's losses. With `checkpoint` (a
    file path) the state of the training is saved there after every epoch, and a training
    that finds one goes on after its last finished epoch, as if it had never stopped. With
    `surprise`, each training example's losses count surprise_weights() times, computed once
    from `net` as it is given (the network that played the games, for the loop's candidate),
    before any checkpoint is read; the held-out losses stay unweighted. Runs on
    training_device(); `net` is back on the CPU when it returns."""
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    device = training_device()
    net.to(device)
    if device.type != "cpu":
        log(f"training on {torch.cuda.get_device_name(device)}")
    # Weights, not a draw in proportion to them: each example is still seen once an epoch,
    # so the epochs, the schedule and a resumed training's draws stay what they are, and a
    # batch's loss is on average the one such a draw would give (the weights' mean is 1).
    weights = surprise_weights(net, training, batch_size) if surprise else None
    if weights:
        every = np.concatenate(list(weights.values()))
        log(f"surprise weights from {every.min():.2f} to {every.max():.2f}")
    optimiser = torch.optim.Adam(net.parameters(), lr=rate, weight_decay=1e-4)
    tables = {base: network_data.symmetries(base) for base in training}
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(
        optimiser, T_max=epochs * sum(math.ceil(len(a["value"]) / batch_size)
                                      for a in training.values()))
    first = 1
    if checkpoint and os.path.exists(checkpoint):
        first = _restore(checkpoint, net, optimiser, schedule, rng) + 1
        log(f"training goes on after epoch {first - 1} (from {checkpoint})")
    for epoch in range(first, epochs + 1):
        started = time.monotonic()
        batches = [(base, rows) for base, arrays in training.items()
                   for rows in np.array_split(rng.permutation(len(arrays["value"])),
                                              math.ceil(len(arrays["value"]) / batch_size))]
        rng.shuffle(batches)
        net.train()
        totals = {}
        for base, rows in batches:
            table = tables[base][rng.integers(12)]
            batch = _batch(training[base], rows, table, device)
            if weights:
                batch["weight"] = torch.from_numpy(weights[base][rows]).to(device)
            parts = network_model.losses(net, batch)
            loss = network_model.training_loss(parts)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            for name, value in parts.items():
                totals[name] = totals.get(name, 0.0) + value.item() / len(batches)
        check = held_out_losses(net, held_out, batch_size)
        log(f"epoch {epoch}: train {_losses_text(totals)}; held out {_losses_text(check)} "
            f"({time.monotonic() - started:.0f} s)")
        if checkpoint:
            _save_checkpoint(checkpoint, epoch, net, optimiser, schedule, rng)
    net.to("cpu")


def _save_checkpoint(path, epoch, net, optimiser, schedule, rng):
    """Everything the next epoch depends on, written whole (a new file, then renamed), so
    that a training killed at any moment finds the last finished epoch."""
    state = {"epoch": epoch, "net": net.state_dict(), "optimiser": optimiser.state_dict(),
             "schedule": schedule.state_dict(), "rng": rng.bit_generator.state,
             "torch_rng": torch.get_rng_state()}
    torch.save(state, path + ".new")
    os.replace(path + ".new", path)


def _restore(path, net, optimiser, schedule, rng):
    """Loads a checkpoint into the training's objects; returns its epoch."""
    state = torch.load(path, map_location="cpu")
    net.load_state_dict(state["net"])
    optimiser.load_state_dict(state["optimiser"])
    schedule.load_state_dict(state["schedule"])
    rng.bit_generator.state = state["rng"]
    torch.set_rng_state(state["torch_rng"])
    return state["epoch"]


def held_out_losses(net, held_out, batch_size):
    """The mean of each loss over the held-out examples, by name (network_model.losses); the
    policy losses are means over the batches' examples that teach them."""
    device = next(net.parameters()).device
    net.eval()
    totals, count = {}, 0
    with torch.no_grad():
        for base, arrays in held_out.items():
            for rows in _row_batches(arrays, batch_size):
                parts = network_model.losses(net, _batch(arrays, rows, _identity(arrays),
                                                         device))
                for name, value in parts.items():
                    totals[name] = totals.get(name, 0.0) + value.item() * len(rows)
                count += len(rows)
    return {name: total / max(count, 1) for name, total in totals.items()}


def _model_ranking(engine, base):
    """The move model's legal cells, most probable first (lifeline-move_features)."""
    lines = engine.ask("lifeline-move_features", network_data.COMMAND_TIMEOUT).splitlines()
    scored = [(float(line.split()[1]), line.split()[0]) for line in lines if line.strip()]
    return [network_data.cell_index(base, cell) for _, cell in sorted(scored, reverse=True)]


# What evaluate() adds up over the games, from which each group's figures follow.
_COUNTS = ("games", "decisions", "positions", "value_loss", "territory_right",
           "territory_cells", "network_top1", "network_top10", "model_top1", "model_top10")


def _game_counts(net, engine, game):
    """What one held-out game adds to the figures (evaluate): sums and counts."""
    base = game["base"]
    states = network_data.replay(engine, game)
    examples = network_data.game_examples(engine, game)  # one row a turn
    size = network_data.grid_size(base)
    with torch.no_grad():
        planes = torch.from_numpy(examples["planes"]).view(-1, network_data.NUM_PLANES,
                                                          size, size)
        actions, value, territory = net(planes)
    outcome = torch.from_numpy(examples["value"])
    target = torch.from_numpy(examples["territory"])
    on_board = target != 0
    counts = dict.fromkeys(_COUNTS, 0)
    counts.update(games=1, positions=len(outcome),
                  value_loss=torch.nn.functional.binary_cross_entropy_with_logits(
                      value, outcome, reduction="sum").item(),
                  territory_right=((torch.sign(territory) == target) & on_board).sum().item(),
                  territory_cells=on_board.sum().item())
    # Single stones after the opening, where the move model has its say: replayed again from
    # the empty board, asking the model before each.
    network_data.start(engine, game)
    for number, (state, turn) in enumerate(zip(states, game["turns"])):
        if state["phase"] == "play" and "," not in turn["move"] \
                and turn["move"] not in ("swap", "pass"):
            played = network_data.cell_index(base, turn["move"])
            ranked = torch.argsort(actions[number], descending=True).tolist()
            for name, order in (("network", ranked), ("model", _model_ranking(engine, base))):
                rank = order.index(played) if played in order else len(order)
                counts[f"{name}_top1"] += rank == 0
                counts[f"{name}_top10"] += rank < 10
            counts["decisions"] += 1
        engine.play(turn["color"], turn["move"], network_data.COMMAND_TIMEOUT)
    return counts


def _figures(counts):
    """The figures of the games whose counts (_game_counts) are given."""
    totals = {key: sum(c[key] for c in counts) for key in _COUNTS}
    result = {key: totals[key] for key in ("games", "decisions", "positions")}
    result["value_log_loss"] = totals["value_loss"] / max(totals["positions"], 1)
    result["territory_accuracy"] = totals["territory_right"] / max(totals["territory_cells"], 1)
    for name in ("network_top1", "network_top10", "model_top1", "model_top10"):
        result[name] = totals[name] / max(totals["decisions"], 1)
    return result


def _figures_text(figures):
    return ", ".join(f"{key} {value:.4f}" if isinstance(value, float) else f"{key} {value}"
                     for key, value in figures.items())


# The games' keys that evaluate() gives figures by, beside those of all the games, and the
# word for several of their values.
GROUPS = {"base": "bases", "rules": "rules"}


def evaluate(net, engine_command, games, log):
    """(the held-out figures over all the games, {key: {value: the figures of the games of
    that value}} for each key of GROUPS: by base and by balancing rule). Each group's line is
    logged where the games have more than one, then the whole's."""
    engine = gtp.GtpEngine(engine_command)
    net.eval()
    try:
        counts = [_game_counts(net, engine, game) for game in games]
    finally:
        engine.close()
    groups, mixed = {}, []
    for key, several in GROUPS.items():
        values = sorted({game[key] for game in games})
        groups[key] = {value: _figures([c for c, game in zip(counts, games)
                                        if game[key] == value]) for value in values}
        if len(values) > 1:
            mixed.append(several)
            for value, figures in groups[key].items():
                log(f"{key} {value}: {_figures_text(figures)}")
    whole = _figures(counts)
    log((f"all {' and '.join(mixed)}: " if mixed else "") + _figures_text(whole))
    return whole, groups


def evaluate_by_base(net, engine_command, games, log):
    """(the held-out figures over all the games, {base: the figures of its games})."""
    if not games:
        return {}, {}
    whole, groups = evaluate(net, engine_command, games, log)
    return whole, groups["base"]
