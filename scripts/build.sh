#!/usr/bin/env bash
# Sets up a Debian machine for lifeline and builds it: installs the packages that are missing
# (as root, or through sudo), then configures and builds the Release engine (build/lifeline)
# and the tests.
#
#   scripts/build.sh [extra cmake configure arguments...]
#
# Environment: LIFELINE_BUILD_DIR (default build), LIFELINE_BUILD_TYPE (default Release),
# LIFELINE_WERROR=ON to fail on warnings, LIFELINE_BUILD_TARGETS (space-separated) to build
# only those targets.
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=${LIFELINE_BUILD_DIR:-build}

# Debian packages, one group per line with what needs them.
packages=(cmake g++ make libabsl-dev libgtest-dev python3)  # the engine and its tests
packages+=(chromium chromium-driver python3-selenium)  # browser front end tests
packages+=(nodejs)  # the page's game session under Node (tests/web/session.test.mjs)
packages+=(python3-distributed)  # matches on a Dask cluster (scripts/referee.py --dask)
packages+=(python3-numpy)  # the move model's training (scripts/patterns.py)
packages+=(python3-torch)  # the network's training (scripts/network.py)
packages+=(python3-matplotlib)  # the learning loop's plot (scripts/network.py plot)
packages+=(python3-cryptography)  # Ed25519 signatures of the Abstract Play bot (scripts/abstractplay_bot.py)
packages+=(python3-pip python3-setuptools python3-wheel)  # the tools' package test (pyproject.toml)
packages+=(git dpkg-dev file clang-format)  # the version's commit, the Debian package, the format check

missing=()
have_package() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
for package in "${packages[@]}"; do
  have_package "$package" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  sudo_prefix=()
  [ "$(id -u)" -eq 0 ] || sudo_prefix=(sudo)
  "${sudo_prefix[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_prefix[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >&2
fi

cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE="${LIFELINE_BUILD_TYPE:-Release}" \
  -DLIFELINE_WERROR="${LIFELINE_WERROR:-OFF}" "$@" >&2
targets=()
for target in ${LIFELINE_BUILD_TARGETS:-}; do
  targets+=(--target "$target")
done
cmake --build "$build_dir" -j"$(nproc)" "${targets[@]}" >&2
