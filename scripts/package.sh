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
# With --fresh-debian DIR it installs it on a fresh Debian: a minimal bookworm that debootstrap
# makes in DIR (once; a few minutes), where nothing of the build is installed (needs root).
# Environment: LIFELINE_BUILD_DIR (default build).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${LIFELINE_BUILD_DIR:-build}
install_too=false
fresh_root=
case "${1:-}" in
  "") ;;
  --install) install_too=true ;;
  --fresh-debian) fresh_root=${2:?--fresh-debian takes a folder} ;;
  *)
    echo "usage: scripts/package.sh [--install | --fresh-debian DIR]" >&2
    exit 2
    ;;
esac
sudo_prefix=()
[ "$(id -u)" -eq 0 ] || sudo_prefix=(sudo)

scripts/build.sh >/dev/null
(cd "$build_dir" && cpack -G DEB >/dev/null)
package=$(realpath "$(ls -t "$build_dir"/lifeline_*.deb | head -1)")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A short session with ENGINE, and the files that come with it under SHARE.
check_install() {
  local engine=$1 share=$2 answers
  answers=$(printf 'version\nboardsize 4\nplay b A1,D4\ngenmove w\nlifeline-state\nquit\n' |
    "$engine" --seed 1 --visits 200) || fail "$engine failed"
  grep -q '^= [0-9]*\.[0-9]*\.[0-9]* (commit ' <<<"$answers" || fail "bad version: $answers"
  # Two turns played whatever White chose (a pair or the swap).
  grep -q '"move_number":3' <<<"$answers" || fail "bad session: $answers"
  "$engine" --version | grep -q '^lifeline ' || fail "no --version"
  for file in man/man6/lifeline.6 doc/lifeline/lifeline-gtp.md doc/lifeline/copyright \
      lifeline/conformance/standard.tst; do
    [ -f "$share/$file" ] || fail "missing $share/$file"
  done
  # The trained network comes along, and the engine finds it by itself (network auto).
  if [ -f src/network/weights/lifeline.net ]; then
    [ -f "$share/lifeline/lifeline.net" ] || fail "missing $share/lifeline/lifeline.net"
    answers=$(printf 'lifeline-network\nquit\n' | "$engine") || fail "$engine failed"
    grep -q '^= value ' <<<"$answers" || fail "the installed engine has no network: $answers"
  fi
  # The opening maps come along, and the engine finds them by itself (book auto).
  [ -f "$share/lifeline/book/base3-strong-pie.map" ] || fail "missing the opening maps"
  answers=$(printf 'boardsize 3
lifeline-book
quit
' | "$engine") || fail "$engine failed"
  grep -q '^= stage first-turn' <<<"$answers" || fail "the installed engine has no book: $answers"
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
  remove_package() {
    DEBIAN_FRONTEND=noninteractive "${sudo_prefix[@]}" apt-get remove -y -qq lifeline >&2
    rm -rf "$work"
  }
  trap remove_package EXIT
  DEBIAN_FRONTEND=noninteractive "${sudo_prefix[@]}" apt-get install -y -qq "$package" >&2
  check_install /usr/bin/lifeline /usr/share
fi
if [ -n "$fresh_root" ]; then
  if [ ! -x "$fresh_root/usr/bin/apt-get" ]; then
    if ! command -v debootstrap >/dev/null; then
      "${sudo_prefix[@]}" apt-get update -qq
      DEBIAN_FRONTEND=noninteractive "${sudo_prefix[@]}" apt-get install -y -qq debootstrap >&2
    fi
    "${sudo_prefix[@]}" debootstrap --variant=minbase bookworm "$fresh_root" >&2
  fi
  "${sudo_prefix[@]}" cp /etc/resolv.conf "$fresh_root/etc/resolv.conf"
  "${sudo_prefix[@]}" cp "$package" "$fresh_root/tmp/lifeline.deb"
  "${sudo_prefix[@]}" chroot "$fresh_root" /bin/bash -c 'apt-get update -qq &&
    { apt-get remove -y -qq lifeline >/dev/null 2>&1 || true; } &&
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq /tmp/lifeline.deb' >&2
  # The same checks, run inside the fresh system.
  "${sudo_prefix[@]}" chroot "$fresh_root" /bin/bash -c "$(declare -f check_install fail)
    check_install /usr/bin/lifeline /usr/share"
fi
echo "$package"
