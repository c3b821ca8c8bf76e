#!/usr/bin/env bash
# Measures `labrun check NN` (default 02) after an edit to the student's files, with a warm
# build cache, against a bare `go build` of a tiny program that links lab and
# go-cmp after a similar edit. Prints both medians and their ratio (the target
# is a ratio of at most 1.0: compiling the student's package, linking and
# running every check take no longer than the go command takes to build and
# link the tiny program). labrun check builds the way grading does, with the
# compiler and the linker called directly against compiled packages it keeps
# in the user's cache folder; the first, warming run fills that cache. In a
# lesson whose checks are judged (11) it also builds the judge, once per
# version of the kit, so an edit costs the player's build and run and the
# judge's run.
#
#   bash cmd/labrun/bench/check-speed.sh [RUNS] [LESSON]
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-7}
lesson=${2:-02}
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go build -o "$work/labrun" ./cmd/labrun
mkdir -p "$work/student"
cp "$(go run ./cmd/labrun/bench/solution "$lesson")"/*.go "$work/student/"
edited=$(ls "$work"/student/*.go | tail -1)

# The tiny program is edited through an overlay, so nothing in the kit changes.
tiny="$root/cmd/labrun/bench/tiny/main.go"
cp "$tiny" "$work/tiny.go"
printf '{"Replace":{"%s":"%s"}}' "$tiny" "$work/tiny.go" > "$work/overlay.json"

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Warm both caches once.
go build -overlay "$work/overlay.json" -o "$work/tiny" ./cmd/labrun/bench/tiny >/dev/null
"$work/labrun" check "$lesson" "$work/student" >/dev/null

: > "$work/check.ns"; : > "$work/build.ns"
for i in $(seq 1 "$runs"); do
  echo "const edit$i = $i // a real edit: the package must be compiled and linked again" >> "$edited"
  t0=$(now); "$work/labrun" check "$lesson" "$work/student" >/dev/null; t1=$(now)
  echo $((t1 - t0)) >> "$work/check.ns"
  sed -i "s/, [0-9]*)/, $i)/" "$work/tiny.go"
  t0=$(now); go build -overlay "$work/overlay.json" -o "$work/tiny" ./cmd/labrun/bench/tiny; t1=$(now)
  echo $((t1 - t0)) >> "$work/build.ns"
done

check=$(median < "$work/check.ns")
build=$(median < "$work/build.ns")
awk -v c="$check" -v b="$build" -v n="$runs" -v l="$lesson" 'BEGIN {
  printf "labrun check %s after an edit (median of %d): %.3f s\n", l, n, c / 1e9
  printf "go build of a tiny lab+go-cmp program after an edit: %.3f s\n", b / 1e9
  printf "ratio: %.2f (target: at most 1.0)\n", c / b
}'
