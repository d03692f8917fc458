#!/usr/bin/env bash
# Builds the engine as WebAssembly and assembles its package in build-wasm/package (docs/wasm.md):
# run after scripts/build.sh. Two builds from the same sources: the threaded one first (in
# build-wasm-threads; its files go into the package's folder threads/), then the
# single-threaded one, which assembles the package. Installs Debian's emscripten when it is
# missing, and compiles abseil from Debian's own source package of the version that
# libabsl-dev has here (fetched with apt-get source through a private apt configuration in the
# build folder, which leaves the machine's sources alone).
#
#   scripts/build_wasm.sh [--single] [extra cmake configure arguments...]
#
# --single builds the single-threaded module alone: a package without threads/, whose pages
# and runner use one thread everywhere.
# Environment: LIFELINE_WASM_DIR (default build-wasm; the threaded build goes to the same name
# with -threads), LIFELINE_WERROR=ON to fail on warnings.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
threads=1
if [ "${1:-}" = --single ]; then
  threads=0
  shift
fi
out=${LIFELINE_WASM_DIR:-build-wasm}
mkdir -p "$out"
out=$(cd "$out" && pwd)

sudo_prefix=()
[ "$(id -u)" -eq 0 ] || sudo_prefix=(sudo)
have_package() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
missing=()
for package in emscripten dpkg-dev libabsl-dev; do
  have_package "$package" || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  "${sudo_prefix[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_prefix[@]}" apt-get install -y -qq \
    --no-install-recommends "${missing[@]}" >&2
fi

# emcc's JavaScript optimiser needs Debian's node-acorn, which a Node.js from elsewhere does not
# look for in Debian's module folder.
if ! node -e 'require("acorn")' 2>/dev/null && [ -d /usr/share/nodejs/acorn ]; then
  export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
fi
# The system libraries that emcc builds on first use go to its own cache when that is writable
# (it is for root), else beside the build.
if [ ! -w "$(em-config CACHE 2>/dev/null || echo /nonexistent)" ]; then
  export EM_CACHE=$out/emscripten-cache
fi

# abseil: the source of the very version installed for the native build.
absl_version=$(dpkg-query -W -f='${Version}' libabsl-dev)
absl_upstream=${absl_version%-*}
absl_source=$out/abseil/abseil-$absl_upstream
if [ ! -f "$out/abseil/.complete-$absl_version" ]; then
  rm -rf "$out/abseil" "$out/apt"
  mkdir -p "$out/abseil" "$out/apt/lists/partial" "$out/apt/cache"
  components=$(. /etc/os-release && echo "$VERSION_CODENAME")
  {
    echo "deb-src http://deb.debian.org/debian $components main"
    echo "deb-src http://deb.debian.org/debian $components-updates main"
    echo "deb-src http://deb.debian.org/debian-security $components-security main"
  } >"$out/apt/sources.list"
  apt_options=(-o "Dir::Etc::SourceList=$out/apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
               -o "Dir::State::Lists=$out/apt/lists" -o "Dir::Cache=$out/apt/cache"
               -o APT::Sandbox::User=root)
  echo "fetching abseil $absl_version from Debian's source packages" >&2
  apt-get "${apt_options[@]}" -qq update >&2
  (cd "$out/abseil" && apt-get "${apt_options[@]}" -qq source "abseil=$absl_version" >&2)
  [ -d "$absl_source" ] || { echo "no $absl_source after apt-get source" >&2; exit 1; }
  # Debian's patch that links libatomic (for armel) passes GNU ld options that WebAssembly's
  # linker does not know; WebAssembly needs no libatomic.
  patch -d "$absl_source" -R -p1 -s <"$absl_source/debian/patches/latomic.diff"
  touch "$out/abseil/.complete-$absl_version"
fi

# Configures and builds one of the two: abseil's libraries first (the ones the engine links pull
# in the rest), so that each part's build time shows.
build() {
  local folder=$1 target=$2
  shift 2
  emcmake cmake -S "$root" -B "$folder" -DCMAKE_BUILD_TYPE=Release -DLIFELINE_TESTS=OFF \
    -DLIFELINE_ABSL_SOURCE_DIR="$absl_source" -DLIFELINE_WERROR="${LIFELINE_WERROR:-OFF}" \
    "$@" >&2
  local start middle
  start=$(date +%s)
  cmake --build "$folder" --target absl_statusor absl_str_format_internal absl_raw_hash_set \
    absl_hash -j"$(nproc)" >&2
  middle=$(date +%s)
  cmake --build "$folder" --target "$target" -j"$(nproc)" >&2
  echo "$(basename "$folder"): abseil $((middle - start)) s, engine $(($(date +%s) - middle)) s" >&2
}

if ((threads)); then
  build "$out-threads" lifeline_wasm "$@" -DLIFELINE_WASM_THREADS=ON
  build "$out" lifeline_wasm_package "$@" -DLIFELINE_WASM_THREADS=OFF \
    -DLIFELINE_WASM_THREADS_DIR="$out-threads"
else
  rm -rf "$out-threads"
  build "$out" lifeline_wasm_package "$@" -DLIFELINE_WASM_THREADS=OFF -DLIFELINE_WASM_THREADS_DIR=
fi
echo "package: $out/package ($( ((threads)) && echo "both builds" || echo "single-threaded only"))" >&2
