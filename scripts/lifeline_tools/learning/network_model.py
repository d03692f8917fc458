"""The network, in PyTorch: a residual tower of hexagonal convolutions over the board's grid
(network_data.py), with three heads the engine reads:

- policy: one logit per cell, one for the swap and, in a network of rules inputs, one for
  spending a komi point, over the legal actions (a double turn's target spreads a pair's
  share over its two cells);
- value: the side to move's chance to win;
- territory: for each cell, +1 when the side to move will hold it, -1 when the opponent will
  (network_data.py says from when: once the board settles, or over the rest of the game).

Four additions (docs/network.md, "The model"), each a key of the network's config, absent
from the config of a network without it so that older networks load and compare as they were:

- inputs "rules": the network reads all of network_data.PLANES (the balancing rule, the komi
  each side has left, whether the side to move may spend) and has the spend logit; a network
  of basic inputs reads the first network_data.BASIC_PLANES and knows nothing of komi;
- pool_every K: every K-th block of the tower pools its first convolution's channels over the
  board (mean, mean scaled by the board's size, maximum) and adds a bias to each channel from
  them, and the heads pool the same three figures;
- aux_heads: two heads that only training reads, never exported: a soft policy (the search's
  visits as they are, where the policy learns them sharpened) and the policy of the turn after
  this one (the opponent's reply, or the same player's next stone), whose targets make the
  tower learn more from each position;
- short_value: a head that only training reads either, never exported: the side to move's
  short-term value, an average of the search's win rates over the next turns weighted
  towards the nearest (network_data.short_value_targets; KataGo's short-term value targets).

A hexagonal convolution is a 3x3 one whose two corners that are no neighbours in the engine's
coordinates, (x+1, y-1) and (x-1, y+1), are held at zero. Every layer's output is multiplied
by the board's mask, so the grid's cells off the board stay zero and one network serves every
base. No batch normalisation: the residual branches start small instead.
"""

import torch
from torch import nn
from torch.nn import functional

from .network_data import BASIC_PLANES, NUM_PLANES, SPEND_PLANE

MASK_PLANE, SWAP_PLANE, LEGAL_PLANE = 2, 6, 7
BASIC_INPUTS, RULES_INPUTS = "basic", "rules"
ILLEGAL_LOGIT = -1e9


class HexConv(nn.Conv2d):
    def __init__(self, inputs, outputs):
        super().__init__(inputs, outputs, kernel_size=3, padding=1)
        corners = torch.ones(3, 3)
        corners[2, 0] = corners[0, 2] = 0.0  # row offset +1 with column -1, and the reverse
        self.register_buffer("corners", corners)

    def forward(self, x):
        return functional.conv2d(x, self.weight * self.corners, self.bias, padding=1)


# The scaled mean is the mean times (sqrt(cells) - SIZE_CENTRE) / SIZE_SPREAD: near zero on
# base 7 (127 cells), about -0.5 on base 4 and +0.9 on base 12, so that the figures can tell
# the board's size (KataGo scales its pooled means by the board's width the same way).
SIZE_CENTRE, SIZE_SPREAD = 11.0, 10.0


def pool(x, mask, scaled):
    """Each channel's mean and maximum over the board's cells, [batch, 2 * channels], with the
    scaled mean between them when `scaled` ([batch, 3 * channels])."""
    cells = mask.sum(dim=(2, 3))
    mean = x.sum(dim=(2, 3)) / cells
    peak = (x - (1.0 - mask) * 1e4).amax(dim=(2, 3))
    if not scaled:
        return torch.cat([mean, peak], dim=1)
    return torch.cat([mean, mean * (cells.sqrt() - SIZE_CENTRE) / SIZE_SPREAD, peak], dim=1)


class ResidualBlock(nn.Module):
    """Two hexagonal convolutions and a skip; with `pooling`, the first convolution's output
    (after its ReLU) pooled over the board gives each of its channels a bias before the
    second ReLU-and-mask, so that every cell sees the whole board."""

    def __init__(self, channels, pooling=False):
        super().__init__()
        self.first = HexConv(channels, channels)
        self.second = HexConv(channels, channels)
        self.pooling = nn.Linear(3 * channels, channels) if pooling else None
        with torch.no_grad():
            self.second.weight.mul_(0.1)
            if pooling:
                self.pooling.weight.mul_(0.1)

    def forward(self, x, mask):
        y = self.first(x)
        if self.pooling is not None:
            pooled = pool(functional.relu(y) * mask, mask, scaled=True)
            y = y + self.pooling(pooled)[:, :, None, None]
        y = functional.relu(y) * mask
        return functional.relu(x + self.second(y)) * mask


def _allowed(logits, allowed):
    return torch.where(allowed > 0, logits, torch.full_like(logits, ILLEGAL_LOGIT))


def action_logits(cell_layer, dense_layers, x, pooled, cell_allowed, dense_allowed):
    """[batch, cells + len(dense_layers)]: a 1x1 convolution's logit for each cell, then a
    dense layer's over the pooled tower for each other action (the swap; spending a komi
    point), ILLEGAL_LOGIT where not allowed ([batch, cells] and one [batch] each)."""
    logits = [_allowed(cell_layer(x).flatten(1), cell_allowed)]
    logits += [_allowed(layer(pooled)[:, 0], allowed)[:, None]
               for layer, allowed in zip(dense_layers, dense_allowed)]
    return torch.cat(logits, dim=1)


class ActionHead(nn.Module):
    """An auxiliary head with the policy's shape (action_logits)."""

    def __init__(self, channels, pooled, spend):
        super().__init__()
        self.cells = nn.Conv2d(channels, 1, kernel_size=1)
        self.swap = nn.Linear(pooled, 1)
        self.spend = nn.Linear(pooled, 1) if spend else None

    def forward(self, x, pooled, cell_allowed, dense_allowed):
        dense = [self.swap] + ([self.spend] if self.spend is not None else [])
        return action_logits(self.cells, dense, x, pooled, cell_allowed, dense_allowed)


def config_of(blocks, channels, pool_every=0, aux_heads=False, inputs=BASIC_INPUTS,
              short_value=False):
    """A network's config: its size, and the additions it has (none for version 6's kind)."""
    config = {"blocks": blocks, "channels": channels}
    if pool_every:
        config["pool_every"] = pool_every
    if aux_heads:
        config["aux_heads"] = True
    if inputs != BASIC_INPUTS:
        config["inputs"] = inputs
    if short_value:
        config["short_value"] = True
    return config


# The config's keys of heads that only training reads.
TRAINING_HEADS = ("aux_heads", "short_value")


def engine_side(config):
    """What of a config the engine evaluates (the training heads are training's alone): two
    networks equal in it cost the search the same."""
    return {key: value for key, value in config.items() if key not in TRAINING_HEADS}


class LifelineNet(nn.Module):
    def __init__(self, blocks=4, channels=32, pool_every=0, aux_heads=False,
                 inputs=BASIC_INPUTS, short_value=False):
        super().__init__()
        if inputs not in (BASIC_INPUTS, RULES_INPUTS):
            raise ValueError(f"inputs {inputs!r}: {BASIC_INPUTS} or {RULES_INPUTS}")
        self.config = config_of(blocks, channels, pool_every, aux_heads, inputs, short_value)
        self.pool_every = pool_every
        self.rules_inputs = inputs == RULES_INPUTS
        self.planes = NUM_PLANES if self.rules_inputs else BASIC_PLANES
        pooled = (3 if pool_every else 2) * channels
        self.stem = HexConv(self.planes, channels)
        self.tower = nn.ModuleList(
            ResidualBlock(channels, pooling=self.block_pools(b)) for b in range(blocks))
        self.policy = nn.Conv2d(channels, 1, kernel_size=1)
        self.territory = nn.Conv2d(channels, 1, kernel_size=1)
        self.swap = nn.Linear(pooled, 1)
        self.spend = nn.Linear(pooled, 1) if self.rules_inputs else None
        self.value_hidden = nn.Linear(pooled, channels)
        self.value = nn.Linear(channels, 1)
        self.soft_policy = ActionHead(channels, pooled, self.rules_inputs) if aux_heads else None
        self.next_policy = ActionHead(channels, pooled, self.rules_inputs) if aux_heads else None
        # On the value's hidden layer, as KataGo's short-term values share its value head:
        # what the head learns shapes the value's features, not only the tower's.
        self.short_value = nn.Linear(channels, 1) if short_value else None

    def block_pools(self, block):
        """Whether tower block `block` (from 0) pools: every pool_every-th one."""
        return self.pool_every > 0 and (block + 1) % self.pool_every == 0

    def forward(self, planes, aux=False):
        """planes: [batch, planes, size, size], the network's planes or more (a network of
        basic inputs reads the first BASIC_PLANES of examples that hold all NUM_PLANES).
        Returns (action logits [batch, cells + 1], or + 2 with rules inputs: the swap, then
        spending; illegal actions at ILLEGAL_LOGIT; value logit [batch]; territory in [-1, 1],
        [batch, cells]); with `aux`, also {name: output} of the training heads the network has
        (LOSS_WEIGHTS' names): with aux_heads the soft policy's logits and the next turn's
        (over every cell of the board, the swap and spending), with short_value its logit
        [batch]."""
        mask = planes[:, MASK_PLANE:MASK_PLANE + 1]
        # Whatever lies off the board, the network never sees it.
        planes = planes[:, :self.planes] * mask
        x = functional.relu(self.stem(planes)) * mask
        for block in self.tower:
            x = block(x, mask)
        pooled = pool(x, mask, scaled=self.pool_every > 0)
        legal = planes[:, LEGAL_PLANE].flatten(1)
        allowed = [planes[:, SWAP_PLANE].amax(dim=(1, 2))]
        dense = [self.swap]
        if self.rules_inputs:
            allowed.append(planes[:, SPEND_PLANE].amax(dim=(1, 2)))
            dense.append(self.spend)
        actions = action_logits(self.policy, dense, x, pooled, legal, allowed)
        hidden = functional.relu(self.value_hidden(pooled))
        value = self.value(hidden)[:, 0]
        territory = torch.tanh(self.territory(x)).flatten(1) * mask.flatten(1)
        if not aux:
            return actions, value, territory
        heads = {}
        if self.soft_policy is not None:
            heads["soft_policy"] = self.soft_policy(x, pooled, legal, allowed)
            # The next turn's legal moves are not in the planes: every cell of the board, the
            # swap and spending (the target is zero wherever that turn could not play).
            heads["next_policy"] = self.next_policy(x, pooled, mask.flatten(1),
                                                    [torch.ones_like(a) for a in allowed])
        if self.short_value is not None:
            heads["short_value"] = self.short_value(hidden)[:, 0]
        return actions, value, territory, heads


# How much each loss counts in training. The auxiliary policies weigh less than the policy the
# engine reads: they shape the tower, not the moves (KataGo weighs its opponent's-reply head
# 0.15 against its policy's 1); the short-term value less than the value, as KataGo's do.
LOSS_WEIGHTS = {"policy": 1.0, "value": 1.0, "territory": 0.5, "soft_policy": 0.5,
                "next_policy": 0.15, "short_value": 0.5}


def _cross_entropy(logits, target):
    """Each row's cross-entropy of a target distribution against logits (terms where the
    target is zero left out: their logits may be ILLEGAL_LOGIT)."""
    log_p = functional.log_softmax(logits, dim=1)
    return -(target * torch.where(target > 0, log_p, torch.zeros_like(log_p))).sum(1)


def _weighted_mean(values, rows, weight):
    """The mean of `values` over the rows whose `rows` is 1, each counted `weight` times (zero
    when there are none)."""
    return (values * rows * weight).sum() / rows.sum().clamp(min=1.0)


def _policy_target(net, batch, prefix, weight):
    """(target, weights) of a policy head: the (cells, swap, spend) shares of the examples'
    `prefix` arrays for a network of rules inputs. A network of basic inputs has no spend
    logit: its target is the cells' and the swap's shares renormalised, and a turn that only
    spent teaches it nothing."""
    cells, swap, spend = (batch[prefix + name] for name in ("policy", "swap", "spend"))
    if net.rules_inputs:
        return torch.cat([cells, swap[:, None], spend[:, None]], dim=1), weight
    placed = torch.where(spend > 0, 1.0 - spend, torch.ones_like(spend))
    target = torch.cat([cells, swap[:, None]], dim=1) / placed.clamp(min=1e-12)[:, None]
    return target, weight * (placed > 0)


def _grid_planes(batch):
    """The batch's planes [batch, NUM_PLANES, grid cells] as [batch, NUM_PLANES, size, size]."""
    size = int(round(batch["planes"].shape[-1] ** 0.5))
    return batch["planes"].view(*batch["planes"].shape[:2], size, size)


def losses(net, batch):
    """The losses of a batch (a dict of tensors as network_data.game_examples makes, planes as
    [batch, NUM_PLANES, grid cells]), by name (LOSS_WEIGHTS); the training heads' only for a
    network that has them. Policy losses count the rows whose policy_weight is 1 (searches of
    the full budget), the next turn's those whose next_weight is. With a "weight" [batch]
    (surprise_weights), every loss counts each row that many times; without, once."""
    planes = _grid_planes(batch)
    actions, value, territory, heads = net(planes, aux=True)
    weight = batch.get("weight", torch.ones_like(batch["value"]))
    mask = planes[:, MASK_PLANE].flatten(1)
    full = batch["policy_weight"]
    target, rows = _policy_target(net, batch, "", full)
    result = {
        "policy": _weighted_mean(_cross_entropy(actions, target), rows, weight),
        "value": (functional.binary_cross_entropy_with_logits(
            value, batch["value"], reduction="none") * weight).mean(),
        "territory": (((territory - batch["territory"]) ** 2 * mask).sum(1)
                      / mask.sum(1) * weight).mean()}
    for name, prefix, taught in (("soft_policy", "soft_", full),
                                 ("next_policy", "next_", batch.get("next_weight"))):
        if name in heads:
            target, rows = _policy_target(net, batch, prefix, taught)
            result[name] = _weighted_mean(_cross_entropy(heads[name], target), rows, weight)
    if "short_value" in heads:
        result["short_value"] = (functional.binary_cross_entropy_with_logits(
            heads["short_value"], batch["short_value"], reduction="none") * weight).mean()
    return result


def policy_surprise(net, batch):
    """(each row's surprise, whether the row teaches the policy), both [batch]: the
    Kullback-Leibler divergence of the net's policy from the row's policy target over the
    legal actions, in nats, where the row teaches the policy (as losses() counts it), else 0."""
    with torch.no_grad():
        actions = net(_grid_planes(batch))[0]
        target, rows = _policy_target(net, batch, "", batch["policy_weight"])
        log_target = torch.where(target > 0, target, torch.ones_like(target)).log()
        divergence = _cross_entropy(actions, target) + (target * log_target).sum(1)
    return divergence.clamp(min=0.0) * rows, rows


def training_loss(parts):
    """The loss training minimises: the weighted sum of losses()'s parts."""
    return sum(LOSS_WEIGHTS[name] * value for name, value in parts.items())


def warm_start(net, previous):
    """Copies into `net` each of `previous`'s tensors that has a name and shape in `net` (all
    of them when the configs are equal; the shared tower when one has heads or pooling the
    other lacks). A network of rules inputs started from one of basic inputs takes the stem's
    weights of the basic planes and zero weights for the others, so that it computes what
    the other did, but for its new heads (spending). Returns (tensors copied, tensors of
    `net`)."""
    state = net.state_dict()
    kept = {name: tensor for name, tensor in previous.state_dict().items()
            if name in state and state[name].shape == tensor.shape}
    stem, old_stem = state["stem.weight"], previous.stem.weight.detach()
    if "stem.weight" not in kept and stem.shape[0] == old_stem.shape[0] \
            and stem.shape[1] > old_stem.shape[1]:
        kept["stem.weight"] = torch.zeros_like(stem)
        kept["stem.weight"][:, :old_stem.shape[1]] = old_stem
    state.update(kept)
    net.load_state_dict(state)
    return len(kept), len(state)


def save(net, path, note):
    torch.save({"config": net.config, "state": net.state_dict(), "note": note}, path)


def load(path):
    saved = torch.load(path, map_location="cpu")
    net = LifelineNet(**saved["config"])
    net.load_state_dict(saved["state"])
    net.eval()
    return net, saved["note"]
