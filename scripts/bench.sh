#!/usr/bin/env bash
# Random-playout benchmark: the engine's board against the slow reference rules of the tests,
# measured in the same run on one thread with a fixed seed, so that the ratio means something
# on a shared, noisy machine.
#
#   scripts/bench.sh [seconds per measurement, default 5]
#
# Prints one line per base: "base 7 playouts/s 41234 reference 3100 ratio 13.3".
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-5}

scripts/build.sh >/dev/null 2>&1 || scripts/build.sh
engine=build/lifeline
reference=build/tests/core/reference_bench

rate() { "$@" | awk '/^playouts\/s/ { print $2 }'; }

for base in 5 7 9 12; do
  fast=$(rate "$engine" --bench-playouts "$base" "$seconds")
  slow=$(rate "$reference" "$base" "$seconds")
  awk -v b="$base" -v f="$fast" -v s="$slow" \
    'BEGIN { printf "base %d playouts/s %.0f reference %s ratio %.1f\n", b, f, s, f / s }'
done
