#!/usr/bin/env bash
# Builds lifeline if needed (installing what is missing) and runs the whole test suite.
#
#   scripts/test.sh [--quick] [extra ctest arguments...]
#
# --quick leaves out the tests labelled slow (ctest -LE slow) and the WebAssembly build's, for
# the edit-compile-test loop; extra ctest arguments run only the ctest selection they make. CI
# and the README's command run everything: ctest, then scripts/test_wasm.sh.
#
# Environment: as scripts/build.sh (LIFELINE_BUILD_DIR picks the build to test).
set -euo pipefail
cd "$(dirname "$0")/.."
selection=()
if [ "${1:-}" = --quick ]; then
  shift
  selection=(-LE slow)
fi
scripts/build.sh
ctest --test-dir "${LIFELINE_BUILD_DIR:-build}" --output-on-failure -j"$(nproc)" "${selection[@]}" "$@"
if [ ${#selection[@]} -eq 0 ] && [ $# -eq 0 ]; then
  scripts/test_wasm.sh
fi
