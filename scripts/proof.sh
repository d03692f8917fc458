#!/usr/bin/env bash
# A version's proof: the engine of one commit against the engine of an older one, each built
# from its own commit with that commit's network and book, in the matches of a plan played one
# after the other at equal time. Every match resumes from its folder, so the same command goes
# on where a stopped proof left off (OUT may be moved or copied to another machine: the
# engines are built again there where they are missing).
#
#   scripts/proof.sh OLD_COMMIT OUT [NEW_COMMIT [PLAN]]
#
# NEW_COMMIT defaults to HEAD; PLAN is a file of lines "name base seconds games [rules [komi]]"
# (# starts a comment; rules strong-pie by default; komi pie's komi a whole number, or "fair":
# the fair komi of the new engine's book), by default the proof of docs/referee.md ("Proving a
# version"). OUT holds the two builds (OUT/engines/COMMIT), one referee folder a match
# (OUT/NAME) and proof.txt, the table of the matches so far. Environment:
# LIFELINE_PROOF_CONCURRENCY (games at a time, default 2), LIFELINE_PROOF_ONLY (the names of
# the matches to play now, default all of them), LIFELINE_PROOF_CARRY (a folder that carries
# the results from machine to machine, for instance results/proofs/NEW in the repository,
# committed as the proof plays: a match with no results in OUT starts from CARRY/NAME.json.gz,
# and its results are packed there every LIFELINE_PROOF_CARRY_SECONDS, default 3600, while it
# plays and once more when it stops, so that its progress is committed at most once an hour).
set -euo pipefail

if (($# < 2 || $# > 4)); then
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
out=$(realpath -m "$2")
plan=${4:+$(realpath "$4")}
cd "$(dirname "$0")/.."
old=$(git rev-parse --short=12 "$1^{commit}")
new=$(git rev-parse --short=12 "${3:-HEAD}^{commit}")
if [ "$old" = "$new" ]; then
  echo "proof.sh: $old against itself proves nothing: name an older commit" >&2
  exit 2
fi
concurrency=${LIFELINE_PROOF_CONCURRENCY:-2}
carry=${LIFELINE_PROOF_CARRY:+$(realpath -m "$LIFELINE_PROOF_CARRY")}
carry_seconds=${LIFELINE_PROOF_CARRY_SECONDS:-3600}
python=python3

default_plan() {
  cat <<'EOF'
# name    base seconds games rules      komi
b7-0.5s   7    0.5     400   strong-pie
b7-weak   7    0.5     200   weak-pie
b7-komi   7    0.5     200   komi-pie   fair
b7-2s     7    2       100   strong-pie
b5-1s     5    1       200
b9-1s     9    1       200
b12-1s    12   1       200
EOF
}

# The fair komi of `base` by the book of `engine` (lifeline-book's fair-komi line, protocol
# 4.9), or an error where the book knows none.
fair_komi() {
  local engine=$1 base=$2 komi
  komi=$(printf 'boardsize %s\nlifeline-rules komi-pie\nlifeline-book\nquit\n' "$base" |
    "$engine" 2>/dev/null | awk '$1 == "fair-komi" { print $2 }')
  if ! [[ $komi =~ ^[0-9]+$ ]]; then
    echo "proof.sh: the book of $engine gives base $base no fair komi (${komi:-no answer})" >&2
    return 1
  fi
  echo "$komi"
}

# Builds the engine of `commit` in OUT/engines/COMMIT from a clone of this repository (once):
# only the program, its network beside it and the book's maps where the commit has them.
build_engine() {
  local commit=$1 folder=$out/engines/$1
  if [ -x "$folder/build/lifeline" ]; then
    return
  fi
  echo "building $commit in $folder" >&2
  rm -rf "$folder"
  mkdir -p "$out/engines"
  git clone --quiet --no-checkout . "$folder/source"
  git -C "$folder/source" checkout --quiet --detach "$commit"
  cmake -S "$folder/source" -B "$folder/build.partial" -DCMAKE_BUILD_TYPE=Release >&2
  cmake --build "$folder/build.partial" --target lifeline -j"$(nproc)" >&2
  local targets
  targets=$(cmake --build "$folder/build.partial" --target help)
  if grep -q lifeline_book_maps <<<"$targets"; then
    cmake --build "$folder/build.partial" --target lifeline_book_maps >&2
  fi
  mv "$folder/build.partial" "$folder/build"
}

# Packs the results of match `name` into the carry folder; gzip without a name or time
# stamp, so that the same results always pack to the same bytes. The referee replaces
# results.json at once, so it is never read half written.
pack_results() {
  local name=$1
  if [ -f "$out/$name/results.json" ]; then
    mkdir -p "$carry"
    gzip -n -9 -c "$out/$name/results.json" >"$carry/$name.json.gz.partial"
    mv "$carry/$name.json.gz.partial" "$carry/$name.json.gz"
  fi
}

# Gives match `name` the carried results where OUT has none yet, so that it resumes there.
unpack_results() {
  local name=$1
  if [ ! -f "$out/$name/results.json" ] && [ -f "$carry/$name.json.gz" ]; then
    mkdir -p "$out/$name"
    gzip -d -c "$carry/$name.json.gz" >"$out/$name/results.json"
  fi
}

# The match being played with a carry folder, and the process that packs its results.
playing=
packer=
# Stops the packer and packs the match's results once more: after the match, and also when
# the proof stops half way (an error, an interrupt).
finish_carrying() {
  if [ -n "$packer" ]; then
    kill "$packer" 2>/dev/null || true
    wait "$packer" 2>/dev/null || true
    packer=
  fi
  if [ -n "$playing" ]; then
    pack_results "$playing"
    playing=
  fi
}
trap finish_carrying EXIT
trap 'finish_carrying; exit 130' INT TERM

build_engine "$old"
build_engine "$new"
# The matches run inside OUT with the engines named from there, so that their commands, which
# a resumed match must repeat, do not depend on where OUT lies.
repository=$PWD
engine_new=engines/$new/build/lifeline
engine_old=engines/$old/build/lifeline

matches=$( (if [ -n "$plan" ]; then cat "$plan"; else default_plan; fi) | sed 's/#.*//' |
  awk 'NF')
if [ -n "$carry" ]; then
  while read -r name _; do
    unpack_results "$name"
  done <<<"$matches"
fi
while read -r name base seconds games rules komi; do
  if [ -n "${LIFELINE_PROOF_ONLY:-}" ] && ! [[ " $LIFELINE_PROOF_ONLY " == *" $name "* ]]; then
    continue
  fi
  rules=${rules:-strong-pie}
  rule_flags=(--rules "$rules")
  if [ "$rules" = komi-pie ]; then
    if [ "${komi:-fair}" = fair ]; then
      komi=$(fair_komi "$out/$engine_new" "$base")
    fi
    rule_flags+=(--komi "$komi")
  fi
  echo "match $name: base $base, $rules${komi:+ at komi $komi}, $seconds s a move, $games games" >&2
  if [ -n "$carry" ]; then
    playing=$name
    # The packer's output goes nowhere: its sleep must not hold this script's pipes open. Its
    # sleep is waited for, so that stopping the packer stops the sleep too instead of leaving
    # it behind for up to an hour.
    (trap 'kill "$sleeper" 2>/dev/null; exit 0' TERM
     while sleep "$carry_seconds" & sleeper=$!; wait "$sleeper"; do
       pack_results "$name"
     done) >/dev/null 2>&1 &
    packer=$!
  fi
  (cd "$out" && nice -n 10 "$python" "$repository/scripts/referee.py" \
    --engine1 "$engine_new" --engine2 "$engine_old" --name1 "$new" --name2 "$old" \
    --referee-engine "$engine_new --player random" \
    --base "$base" "${rule_flags[@]}" --time-per-move "$seconds" --games "$games" \
    --concurrency "$concurrency" --out "$name" --event "proof $new against $old" \
    </dev/null >&2)
  finish_carrying
done <<<"$matches"

# The table of every match of the plan with results so far.
{
  echo "proof: $new against $old, $concurrency games at a time"
  while read -r name base seconds games rules komi; do
    if [ -f "$out/$name/results.json" ]; then
      if [ "${rules:-}" = komi-pie ] && [ "${komi:-fair}" = fair ]; then
        komi=$(fair_komi "$out/$engine_new" "$base")
      fi
      echo
      echo "$name (base $base, ${rules:-strong-pie}${komi:+ komi $komi}, $seconds s a move," \
        "$games games planned)"
      "$python" scripts/match_summary.py "$out/$name"
    fi
  done <<<"$matches"
} >"$out/proof.txt"
cat "$out/proof.txt"
