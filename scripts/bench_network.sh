#!/usr/bin/env bash
# The network's speed: evaluations per second of a network file on bases 5, 7, 9 and 12,
# beside the engine's random playouts measured in the same run on one thread, and the ratio
# (how many playouts one evaluation costs), so that it means something on a shared machine.
#
#   scripts/bench_network.sh NETWORK_FILE [seconds per measurement, default 3]
#
# Prints one line per base: "base 7 evaluations/s 1200 playouts/s 44000 playouts_per_evaluation 36".
# Make a network file with scripts/network.py train and export.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
  echo "usage: $0 NETWORK_FILE [SECONDS]" >&2
  exit 2
fi
network=$1
seconds=${2:-3}

scripts/build.sh >/dev/null 2>&1 || scripts/build.sh
for base in 5 7 9 12; do
  build/tests/network/network_bench "$network" "$base" "$seconds"
done
