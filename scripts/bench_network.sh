#!/usr/bin/env bash
# The network's speed: evaluations per second of a network file on bases 5, 7, 9 and 12,
# beside the engine's random playouts measured in the same run on one thread, and the ratio
# (how many playouts one evaluation costs), so that it means something on a shared machine.
#
#   scripts/bench_network.sh NETWORK_FILE [seconds per measurement, default 3]
#   scripts/bench_network.sh --sizes [seconds per measurement, default 3]
#
# Prints one line per base: "base 7 evaluations/s 1200 playouts/s 44000 playouts_per_evaluation 36".
# Make a network file with scripts/network.py train and export. With --sizes, the same for
# networks of 4 x 32, 6 x 48 and 8 x 64 (blocks x channels), each without and with global
# pooling in every second block, made with random weights (what they cost does not depend on
# what they learnt; needs PyTorch), each line led by "size BxC pool-every K".
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
  echo "usage: $0 NETWORK_FILE [SECONDS]" >&2
  exit 2
fi
network=$1
seconds=${2:-3}

scripts/build.sh >/dev/null 2>&1 || scripts/build.sh
if [ "$network" != --sizes ]; then
  for base in 5 7 9 12; do
    build/tests/network/network_bench "$network" "$base" "$seconds"
  done
  exit 0
fi
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
for size in 4x32 6x48 8x64; do
  for pool_every in 0 2; do
    file="$folder/$size-$pool_every.net"
    PYTHONPATH=scripts /usr/bin/python3 -c "
import sys
from lifeline_tools.learning import network_export, network_model
blocks, channels = map(int, sys.argv[1].split('x'))
network_export.write_weights(network_model.LifelineNet(blocks, channels, int(sys.argv[2])),
                             sys.argv[3])" "$size" "$pool_every" "$file"
    for base in 5 7 9 12; do
      measured=$(build/tests/network/network_bench "$file" "$base" "$seconds")
      echo "size $size pool-every $pool_every $measured"
    done
  done
done
