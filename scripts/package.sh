#!/usr/bin/env bash
# Builds the Debian package of the engine with CPack, then checks it as a user would get it:
# unpacks it (dpkg -x) into a temporary folder and runs a short session with the unpacked
# binary, and checks that the manual page, the documentation and the conformance transcripts
# are in it. `cmake --install` under a temporary prefix is checked the same way. Prints the
# package's path on success.
#
#   scripts/package.sh            (after scripts/build.sh; builds what is missing)
#
# With --install it also installs the package on this machine with apt-get, which resolves
# its dependencies, runs the installed engine and removes the package again (needs root).
# Environment: LIFELINE_BUILD_DIR (default build).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${LIFELINE_BUILD_DIR:-build}
install_too=false
[ "${1:-}" = --install ] && install_too=true

scripts/build.sh >/dev/null
(cd "$build_dir" && cpack -G DEB >/dev/null)
package=$(ls -t "$build_dir"/lifeline_*.deb | head -1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A short session with ENGINE, and the files that come with it under SHARE.
check_install() {
  local engine=$1 share=$2 answers
  answers=$(printf 'version\nboardsize 4\nplay b A1,D4\ngenmove w\nlifeline-state\nquit\n' |
    "$engine" --seed 1 --visits 200)
  grep -q '^= [0-9]*\.[0-9]*\.[0-9]* (commit ' <<<"$answers" || fail "bad version: $answers"
  grep -q '"to_move":"black"' <<<"$answers" || fail "bad session: $answers"
  "$engine" --version | grep -q '^lifeline ' || fail "no --version"
  for file in man/man6/lifeline.6 doc/lifeline/lifeline-gtp.md lifeline/conformance/standard.tst; do
    [ -f "$share/$file" ] || fail "missing $share/$file"
  done
}
fail() {
  echo "package check: $*" >&2
  exit 1
}

dpkg-deb -x "$package" "$work/unpacked"
check_install "$work/unpacked/usr/bin/lifeline" "$work/unpacked/usr/share"
dpkg-deb -f "$package" Depends | grep -q libabsl || fail "no abseil dependency"

cmake --install "$build_dir" --prefix "$work/prefix" >/dev/null
check_install "$work/prefix/bin/lifeline" "$work/prefix/share"

if $install_too; then
  sudo_prefix=()
  [ "$(id -u)" -eq 0 ] || sudo_prefix=(sudo)
  DEBIAN_FRONTEND=noninteractive "${sudo_prefix[@]}" apt-get install -y -qq "./$package" >&2
  check_install /usr/bin/lifeline /usr/share
  DEBIAN_FRONTEND=noninteractive "${sudo_prefix[@]}" apt-get remove -y -qq lifeline >&2
fi
echo "$package"
