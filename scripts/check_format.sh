#!/usr/bin/env bash
# Fails when a C++ file of the repository differs from .clang-format; with --fix it formats
# them in place instead. Installs Debian's clang-format when it is missing.
#
#   scripts/check_format.sh [--fix]
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v clang-format >/dev/null; then
  sudo_prefix=()
  [ "$(id -u)" -eq 0 ] || sudo_prefix=(sudo)
  "${sudo_prefix[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_prefix[@]}" apt-get install -y -qq clang-format >&2
fi
mapfile -t files < <(git ls-files '*.cc' '*.h')
if [ "${1:-}" = --fix ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if ! clang-format --dry-run --Werror "${files[@]}"; then
  echo "these files differ from .clang-format; scripts/check_format.sh --fix formats them" >&2
  exit 1
fi
echo "format: ${#files[@]} files match .clang-format"
