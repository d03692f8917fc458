#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer, UndefinedBehaviorSanitizer) in
# build-fuzz and runs each for SECONDS (default 60):
#   session_fuzzer  arbitrary bytes as the standard input of a whole GTP session
#   move_fuzzer     arbitrary bytes as a move token and as a game record
# New interesting inputs go to build-fuzz/corpus; the kept inputs in tests/fuzz/corpus are
# read, never written. A crash leaves its input in build-fuzz/artifacts: fix the bug, then
# copy the input into tests/fuzz/corpus/<target>/ so that gtp_tests replays it from then on.
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build-fuzz"

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ -DLIFELINE_FUZZ=ON -DLIFELINE_SANITIZE=ON \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" >/dev/null
cmake --build "$build" -j2 --target session_fuzzer move_fuzzer

status=0
for target in session move; do
  mkdir -p "$build/corpus/$target" "$build/artifacts"
  echo "== ${target}_fuzzer for ${seconds}s"
  if ! "$build/tests/fuzz/${target}_fuzzer" \
      -max_total_time="$seconds" -max_len=4096 -timeout=20 -print_final_stats=1 \
      -dict="$root/tests/fuzz/${target}.dict" \
      -artifact_prefix="$build/artifacts/${target}-" \
      "$build/corpus/$target" "$root/tests/fuzz/corpus/$target"; then
    echo "${target}_fuzzer found a failure: see $build/artifacts" >&2
    status=1
  fi
done
exit "$status"
