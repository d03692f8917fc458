#!/usr/bin/env bash
# Checks the search's threads with ThreadSanitizer: builds the search tests and the engine in
# build-tsan, runs the tests that search on two threads, then drives the engine through a
# two-thread game (tree reuse between moves) and the analysis commands (the input watcher's
# thread). Any report fails the run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/build-tsan"

# Only what runs below: the search's tests and the engine, at -O1 with line tables only as the
# sanitizer build in .ci/run: GCC compiles it in some 60% of RelWithDebInfo's -O2 -g
# (docs/development.md), and the reports keep their file:line.
LIFELINE_BUILD_DIR="$build" LIFELINE_BUILD_TYPE=RelWithDebInfo \
  LIFELINE_BUILD_TARGETS="search_tests lifeline" "$root/scripts/build.sh" \
  -DLIFELINE_TSAN=ON -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG"
export TSAN_OPTIONS="halt_on_error=1 exitcode=66"

"$build/tests/search/search_tests" --gtest_filter='*Thread*'

{
  echo "boardsize 5"
  echo "lifeline-set threads 2"
  echo "lifeline-set memory 4"
  echo "lifeline-set time 0.05"
  for _ in $(seq 20); do
    echo "genmove b"
    echo "genmove w"
  done
} | "$build/lifeline" --seed 5 >/dev/null

# The analysis commands stop when the next line arrives, so the lines come with pauses.
{
  echo "boardsize 5"
  echo "lifeline-set threads 2"
  echo "lifeline-analyze 10"
  sleep 0.5
  echo "lifeline-genmove_analyze b 10"
  sleep 0.5
  echo "lifeline-set time 0.2"
  echo "lifeline-genmove_analyze w 10"
  echo "quit"
} | "$build/lifeline" --seed 6 >/dev/null

# GoGui's dialect: genmove and the gfx searches stop at the next line, live drawings go to
# standard error.
{
  echo "gogui-rules_game_id"
  echo "boardsize 9"
  echo "lifeline-set threads 2"
  echo "lifeline-gfx_analyze 5"
  sleep 0.5
  echo "genmove b"
  sleep 0.3
  echo "# interrupt"
  echo "lifeline-gfx_variation 1"
  echo "quit"
} | "$build/lifeline" --seed 7 >/dev/null 2>"$build/gogui-stderr.txt" || {
  cat "$build/gogui-stderr.txt" >&2
  exit 1
}
echo "ThreadSanitizer: no reports"
