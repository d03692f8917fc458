#!/usr/bin/env bash
# Runs GoGui's own gogui-regress on the protocol's conformance transcripts and the rules
# regressions, as an outside user would: every file must pass with exit status 0.
#
#   scripts/gogui_regress.sh GOGUI_HOME [ENGINE_COMMAND]
#
# GOGUI_HOME holds bin/gogui-regress (GoGui 1.6, built from its source; it is not packaged
# for Debian). ENGINE_COMMAND defaults to the built engine without flags.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
gogui_home=${1:?usage: scripts/gogui_regress.sh GOGUI_HOME [ENGINE_COMMAND]}
engine=${2:-$root/build/lifeline}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
for dir in protocol/conformance tests/regression; do
  # gogui-regress starts the engine in its own working directory, where relative paths of
  # the transcripts (records/...) must resolve.
  (cd "$root/$dir" && "$gogui_home/bin/gogui-regress" -output "$out/$(basename "$dir")" \
    "$engine" ./*.tst) || status=1
  echo "$dir: $(tail -1 "$out/$(basename "$dir")/summary.dat" | cut -f1-6 | tr '\t' ' ')" \
    "(tests, unexpected failures, expected failures, unexpected passes, passes, errors)"
done
exit $status
