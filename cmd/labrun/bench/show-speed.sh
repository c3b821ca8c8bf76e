#!/usr/bin/env bash
# Measures `labrun show NN` for every lesson, piped as a script reads it:
# the lesson comes from its README, where the cells' output is recorded, so
# nothing is built or run. Prints each lesson's median and the slowest (the
# target is under 0.5 s for every lesson).
#
#   bash cmd/labrun/bench/show-speed.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/labrun" ./cmd/labrun

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

worst=0
for dir in lessons/[0-9][0-9]-*/; do
  n=$(basename "$dir"); n=${n%%-*}
  : > "$work/show.ns"
  for _ in $(seq 1 "$runs"); do
    t0=$(now); "$work/labrun" show "$n" > /dev/null; t1=$(now)
    echo $((t1 - t0)) >> "$work/show.ns"
  done
  ms=$(( $(median < "$work/show.ns") / 1000000 ))
  printf 'labrun show %s: %d ms (median of %d)\n' "$n" "$ms" "$runs"
  (( ms > worst )) && worst=$ms
done
printf 'slowest lesson: %d ms (target: under 500 ms)\n' "$worst"
