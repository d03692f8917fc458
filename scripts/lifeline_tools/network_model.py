"""The network, in PyTorch: a residual tower of hexagonal convolutions over the board's grid
(network_data.py), with three heads:

- policy: one logit per cell, and one for the swap, over the legal actions (a double turn's
  target spreads a pair's share over its two cells);
- value: the side to move's chance to win;
- territory: for each cell, +1 when the side to move will hold it once the board settles, -1
  when the opponent will.

A hexagonal convolution is a 3x3 one whose two corners that are no neighbours in the engine's
coordinates, (x+1, y-1) and (x-1, y+1), are held at zero. Every layer's output is multiplied
by the board's mask, so the grid's cells off the board stay zero and one network serves every
base. No batch normalisation: the residual branches start small instead.
"""

import torch
from torch import nn
from torch.nn import functional

from .network_data import NUM_PLANES

MASK_PLANE, SWAP_PLANE, LEGAL_PLANE = 2, 6, 7
ILLEGAL_LOGIT = -1e9


class HexConv(nn.Conv2d):
    def __init__(self, inputs, outputs):
        super().__init__(inputs, outputs, kernel_size=3, padding=1)
        corners = torch.ones(3, 3)
        corners[2, 0] = corners[0, 2] = 0.0  # row offset +1 with column -1, and the reverse
        self.register_buffer("corners", corners)

    def forward(self, x):
        return functional.conv2d(x, self.weight * self.corners, self.bias, padding=1)


class ResidualBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.first = HexConv(channels, channels)
        self.second = HexConv(channels, channels)
        with torch.no_grad():
            self.second.weight.mul_(0.1)

    def forward(self, x, mask):
        y = functional.relu(self.first(x)) * mask
        return functional.relu(x + self.second(y)) * mask


class LifelineNet(nn.Module):
    def __init__(self, blocks=4, channels=32):
        super().__init__()
        self.config = {"blocks": blocks, "channels": channels}
        self.stem = HexConv(NUM_PLANES, channels)
        self.tower = nn.ModuleList(ResidualBlock(channels) for _ in range(blocks))
        self.policy = nn.Conv2d(channels, 1, kernel_size=1)
        self.territory = nn.Conv2d(channels, 1, kernel_size=1)
        self.swap = nn.Linear(2 * channels, 1)
        self.value_hidden = nn.Linear(2 * channels, channels)
        self.value = nn.Linear(channels, 1)

    def forward(self, planes):
        """planes: [batch, NUM_PLANES, size, size]. Returns (action logits [batch, cells+1],
        the swap last, illegal actions at ILLEGAL_LOGIT; value logit [batch]; territory in
        [-1, 1], [batch, cells])."""
        mask = planes[:, MASK_PLANE:MASK_PLANE + 1]
        planes = planes * mask  # whatever lies off the board, the network never sees it
        x = functional.relu(self.stem(planes)) * mask
        for block in self.tower:
            x = block(x, mask)
        cells = mask.sum(dim=(2, 3))
        mean = x.sum(dim=(2, 3)) / cells
        peak = (x - (1.0 - mask) * 1e4).amax(dim=(2, 3))
        pooled = torch.cat([mean, peak], dim=1)
        legal = planes[:, LEGAL_PLANE].flatten(1)
        cell_logits = self.policy(x).flatten(1)
        cell_logits = torch.where(legal > 0, cell_logits, torch.full_like(cell_logits,
                                                                          ILLEGAL_LOGIT))
        swap_allowed = planes[:, SWAP_PLANE].amax(dim=(1, 2))
        swap_logit = self.swap(pooled)[:, 0]
        swap_logit = torch.where(swap_allowed > 0, swap_logit,
                                 torch.full_like(swap_logit, ILLEGAL_LOGIT))
        actions = torch.cat([cell_logits, swap_logit[:, None]], dim=1)
        value = self.value(functional.relu(self.value_hidden(pooled)))[:, 0]
        territory = torch.tanh(self.territory(x)).flatten(1) * mask.flatten(1)
        return actions, value, territory


def losses(net, batch):
    """The three losses of a batch (a dict of tensors as network_data.game_examples makes,
    planes as [batch, NUM_PLANES, grid cells])."""
    size = int(round(batch["planes"].shape[-1] ** 0.5))
    planes = batch["planes"].view(-1, NUM_PLANES, size, size)
    actions, value, territory = net(planes)
    target = torch.cat([batch["policy"], batch["swap"][:, None]], dim=1)
    log_p = functional.log_softmax(actions, dim=1)
    policy_loss = -(target * torch.where(target > 0, log_p, torch.zeros_like(log_p))).sum(1)
    value_loss = functional.binary_cross_entropy_with_logits(value, batch["value"],
                                                             reduction="none")
    mask = planes[:, MASK_PLANE].flatten(1)
    territory_loss = ((territory - batch["territory"]) ** 2 * mask).sum(1) / mask.sum(1)
    return policy_loss.mean(), value_loss.mean(), territory_loss.mean()


def save(net, path, note):
    torch.save({"config": net.config, "state": net.state_dict(), "note": note}, path)


def load(path):
    saved = torch.load(path, map_location="cpu")
    net = LifelineNet(**saved["config"])
    net.load_state_dict(saved["state"])
    net.eval()
    return net, saved["note"]
