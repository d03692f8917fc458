#!/usr/bin/env bash
# Builds lifeline if needed (installing what is missing) and runs the whole test suite.
#
#   scripts/test.sh [extra ctest arguments...]
#
# Environment: as scripts/build.sh (LIFELINE_BUILD_DIR picks the build to test).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
ctest --test-dir "${LIFELINE_BUILD_DIR:-build}" --output-on-failure -j"$(nproc)" "$@"
