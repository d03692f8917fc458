#!/usr/bin/env bash
# The WebAssembly build's tests (docs/wasm.md): builds both builds (scripts/build_wasm.sh), runs
# the protocol's conformance transcripts and the regression suite against its Node runner on
# each build, as against the native engine, the page's game session on both engines, then
# tests/wasm: both builds under Node (tests/wasm/test_threads_node.py) and in headless Chromium
# (the package's page API, and the page that scripts/web.py --static writes, served with and
# without the isolation headers), and makes and installs the npm package's tarball. Run after
# scripts/build.sh, which installs Chromium, Selenium and the rest.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

scripts/build_wasm.sh
package=$(cd "${LIFELINE_WASM_DIR:-build-wasm}/package" && pwd)

for build in threads single; do
  echo "transcripts on the $build build" >&2
  python3 scripts/regress.py --engine "env LIFELINE_WASM_BUILD=$build node $package/cli.mjs" \
    protocol/conformance tests/regression
done

# The page's game session against the WebAssembly engine and the native one, and the two
# compared state by state over the same games.
LIFELINE_WASM_PACKAGE=$package LIFELINE_ENGINE="$root/${LIFELINE_BUILD_DIR:-build}/lifeline" \
  node --test tests/web/session.test.mjs

# Debian's Python, where python3-selenium is installed; the native engine referees the page's
# games (tests/wasm/test_static_page.py).
LIFELINE_WASM_PACKAGE=$package LIFELINE_ENGINE="$root/${LIFELINE_BUILD_DIR:-build}/lifeline" \
  PYTHONPATH="$root/scripts:$root/tests/web:$root/tests/scripts" \
  /usr/bin/python3 -m unittest discover -s tests/wasm -p 'test_*.py' -v

# The tarball that `npm install` takes, installed into an empty project: its command answers.
tarball=$(cd "$package" && npm pack --silent --pack-destination "$package/..")
project=$(mktemp -d)
trap 'rm -rf "$project"' EXIT
(cd "$project" && npm install --silent --offline --no-audit --no-fund "$package/../$tarball")
answer=$(printf 'name\nquit\n' | "$project/node_modules/.bin/lifeline-wasm")
if [ "$(echo "$answer" | head -n1)" != "= lifeline" ]; then
  echo "the installed package answered: $answer" >&2
  exit 1
fi
echo "npm package: ${LIFELINE_WASM_DIR:-build-wasm}/$tarball, installs and answers"
