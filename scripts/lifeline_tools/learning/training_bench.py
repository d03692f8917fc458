"""How fast the network trains on this machine's processor, alone and beside busy processes,
with OpenMP's waiting threads spinning a while (OMP_WAIT_POLICY unset) or sleeping (passive): the
measurement behind the learning tools' passive default (docs/network.md, "Training and
evaluation").

PyTorch's threads meet at the end of every parallel operation. A thread that arrives first
spins while it waits; where another busy process shares the cores, the thread it waits for may
be off its core, and the spinning only takes time from it. Each measurement runs in a process
of its own, since libgomp reads OMP_WAIT_POLICY once, when PyTorch loads it. The work is a
training step of the shipped network's size (4 blocks of 32 channels, pooling, the auxiliary
heads, the rules planes) on a batch of random base-7 positions: the arithmetic of a real step,
not its data.
"""

import json
import os
import statistics
import subprocess
import sys
import time

# "default": OMP_WAIT_POLICY unset, libgomp's own (a while spinning, then asleep).
POLICIES = ("default", "passive")
# A busy process that takes a core whenever it can, as a game of self-play or a build does.
BUSY = "while True: pass"


def steps_per_second(seconds, threads, batch=256, base=7):
    """Training steps a second of the network over `seconds`, in this process."""
    import torch

    from . import network_data, network_model

    torch.set_num_threads(threads)
    torch.set_flush_denormal(True)
    torch.manual_seed(1)
    net = network_model.LifelineNet(4, 32, pool_every=2, aux_heads=True, inputs="rules")
    size = network_data.grid_size(base)
    planes = torch.bernoulli(torch.full((batch, network_data.NUM_PLANES, size, size), 0.5))
    planes[:, network_model.MASK_PLANE] = 1.0
    optimiser = torch.optim.Adam(net.parameters(), lr=0.0005)
    net.train()

    def step():
        optimiser.zero_grad()
        actions, value, territory, heads = net(planes, aux=True)
        outputs = [actions.clamp(min=-10), value, territory, *heads.values()]
        sum(output.square().mean() for output in outputs).backward()
        optimiser.step()

    step()  # the first step allocates
    started, steps = time.monotonic(), 0
    while time.monotonic() - started < seconds:
        step()
        steps += 1
    return steps / (time.monotonic() - started)


def measure(policy, busy, seconds, threads):
    """Steps a second in a new process with `policy`, beside `busy` busy processes."""
    # The child imports this package from wherever this process found it.
    package_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    path = os.pathsep.join(filter(None, [package_root, os.environ.get("PYTHONPATH")]))
    environment = {key: value for key, value in os.environ.items() if key != "OMP_WAIT_POLICY"}
    environment["PYTHONPATH"] = path
    if policy != "default":
        environment["OMP_WAIT_POLICY"] = policy
    competitors = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(busy)]
    try:
        answer = subprocess.run(
            [sys.executable, "-m", "lifeline_tools.learning.training_bench", "--child",
             str(seconds), str(threads)],
            env=environment, capture_output=True, text=True, check=True, timeout=seconds + 300)
    finally:
        for competitor in competitors:
            competitor.kill()
            competitor.wait()
    return json.loads(answer.stdout)["steps_per_second"]


def run(seconds, threads, busy_counts, rounds, say=print):
    """{(policy, busy): [steps a second, a round each]}, the policies alternating within each
    round so that a machine's drift touches both alike."""
    rates = {}
    for number in range(1, rounds + 1):
        for busy in busy_counts:
            for policy in POLICIES:
                rate = measure(policy, busy, seconds, threads)
                rates.setdefault((policy, busy), []).append(rate)
                say(f"round {number}: {policy}, {busy} busy: {rate:.2f} steps/s")
    return rates


def table(rates, threads):
    """The median of each setting, and passive's ratio over the default beside the same
    load."""
    lines = [f"training steps a second, PyTorch threads: {threads} (median of the rounds)",
             "busy processes  default  passive  passive / default"]
    for busy in sorted({busy for _, busy in rates}):
        default = statistics.median(rates[("default", busy)])
        passive = statistics.median(rates[("passive", busy)])
        lines.append(f"{busy:>14}  {default:>7.2f}  {passive:>7.2f}  {passive / default:>17.2f}")
    return "\n".join(lines)


if __name__ == "__main__" and sys.argv[1:2] == ["--child"]:
    print(json.dumps({"steps_per_second": steps_per_second(float(sys.argv[2]),
                                                           int(sys.argv[3]))}))
