"""The network's weights as the engine reads them (src/network/network_weights.h), and the
network's outputs on fixed positions written as the engine's test compares its own with.

The weights file: the line "lifeline-network 1 planes 8 blocks B channels C" (format 2, a
network with global pooling, adds "pool-every K" and says 2; format 3, a network of rules
inputs, says "lifeline-network 3 planes 13 blocks B channels C pool-every K" with K 0 where it
has no pooling), the parameters as little-endian float32 (stem, each block's two convolutions
with its pooling layer between them where it has one, the policy and territory 1x1
convolutions, the swap layer, in format 3 the spend layer, the value's hidden and output
layers; each weight before its bias, each 3x3 kernel whole), then the line "end N" with the
number of floats. The heads that only training reads (network_model.TRAINING_HEADS) are left
out.
"""

import numpy as np
import torch

from . import network_data
from .. import vocabulary

PLAIN_FORMAT, POOLING_FORMAT, RULES_FORMAT = 1, 2, 3


def _parameters(net):
    layers = [net.stem]
    for block in net.tower:
        layers += [block.first] + ([block.pooling] if block.pooling is not None else []) \
            + [block.second]
    layers += [net.policy, net.territory, net.swap] + ([net.spend] if net.rules_inputs else []) \
        + [net.value_hidden, net.value]
    for layer in layers:
        weight = layer.weight.detach()
        if hasattr(layer, "corners"):
            weight = weight * layer.corners
        yield weight
        yield layer.bias.detach()


def _without_subnormals(values):
    """The values with every subnormal float made zero: training on a GPU leaves them (PyTorch
    flushes them on the CPU alone), and the engine's arithmetic on them is many times slower."""
    values = values.copy()
    values[(values != 0) & (np.abs(values) < np.finfo(np.float32).tiny)] = 0.0
    return values


def write_weights(net, path):
    arrays = [_without_subnormals(p.numpy().astype("<f4").ravel()) for p in _parameters(net)]
    count = sum(len(a) for a in arrays)
    header = header_line(net)
    with open(path, "wb") as stream:
        stream.write(header.encode())
        for array in arrays:
            stream.write(array.tobytes())
        stream.write(f"end {count}\n".encode())
    return count


def header_line(net):
    """The file's first line: format 3 for a network of rules inputs, else 2 for one with
    global pooling, else 1."""
    pool_every = net.config.get("pool_every", 0)
    if net.rules_inputs:
        kind, pooling = RULES_FORMAT, f" pool-every {pool_every}"
    else:
        kind = POOLING_FORMAT if pool_every else PLAIN_FORMAT
        pooling = f" pool-every {pool_every}" if pool_every else ""
    return (f"lifeline-network {kind} planes {net.planes} "
            f"blocks {net.config['blocks']} channels {net.config['channels']}{pooling}\n")


def outputs(net, base, state):
    """(policy over cells by name, swap share, spend share (0 for a network of basic inputs,
    which has no spend output), value, territory by cell name) of a position given as the
    engine's lifeline-state."""
    planes = torch.from_numpy(network_data.encode_position(base, state))
    size = network_data.grid_size(base)
    with torch.no_grad():
        actions, value, territory = net(planes.view(1, network_data.NUM_PLANES, size, size))
    shares = torch.softmax(actions[0], dim=0).numpy()
    cells = vocabulary.cells(base)
    index = {cell: network_data.cell_index(base, cell) for cell in cells}
    swap, spend = shares[size * size], (shares[-1] if net.rules_inputs else 0.0)
    return ({cell: float(shares[index[cell]]) for cell in cells}, float(swap), float(spend),
            float(torch.sigmoid(value[0])), {cell: float(territory[0, index[cell]])
                                             for cell in cells})


def reference_text(net, engine, cases):
    """The engine test's expectations: for each case (base, rules, moves) or (base, rules,
    moves, komi), a line "case BASE RULES MOVE...", "komi K" where the komi is above zero,
    then "value V", "swap S", "spend S" for a network of rules inputs, and one "cell CELL
    POLICY TERRITORY" line a cell of the board."""
    lines = []
    for base, rules, moves, *rest in cases:
        komi = rest[0] if rest else 0
        engine.start_game(base, rules, komi)
        state = _play(engine, moves)
        policy, swap, spend, value, territory = outputs(net, base, state)
        lines.append(" ".join(["case", str(base), rules, *moves]))
        if komi > 0:
            lines.append(f"komi {komi}")
        lines.append(f"value {value:.7g}")
        lines.append(f"swap {swap:.7g}")
        if net.rules_inputs:
            lines.append(f"spend {spend:.7g}")
        lines += [f"cell {cell} {policy[cell]:.7g} {territory[cell]:.7g}"
                  for cell in vocabulary.cells(base)]
    return "\n".join(lines) + "\n"


def _play(engine, moves):
    """Plays moves for whoever is to move; returns the lifeline-state after them."""
    for move in moves:
        engine.play(engine.state()["to_move"], move)
    return engine.state()


def random_like(net, seed):
    """Fills a network with random weights of a trained network's scale, for tests."""
    generator = torch.Generator().manual_seed(seed)
    with torch.no_grad():
        for parameter in net.parameters():
            parameter.copy_(torch.randn(parameter.shape, generator=generator) * 0.3)
    return net
