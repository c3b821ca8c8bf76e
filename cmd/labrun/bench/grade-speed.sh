#!/usr/bin/env bash
# Grading throughput and memory, printed as figures and ratios:
#  1. the time per submission when grading 24 submissions of lesson 02 with
#     --jobs 2, against one serial `labrun check 02` of one submission
#     (target: at most 0.75);
#  2. labrun's own peak memory while grading N submissions (default 300;
#     target: under 200 MiB).
#
#   bash cmd/labrun/bench/grade-speed.sh [N]
set -euo pipefail
cd "$(dirname "$0")/../../.."
many=${1:-300}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/labrun" ./cmd/labrun

# A class: copies of the solution and of the known-wrong variants, mixed.
make_class() { # DIR COUNT
  mkdir -p "$1"
  local sources=(solutions/02-model-can-only-talk testdata/variants/02/wrong_*)
  for i in $(seq 1 "$2"); do
    local src=${sources[$((i % ${#sources[@]}))]}
    mkdir -p "$1/student$(printf %04d "$i")"
    cp "$src/harness.go" "$1/student$(printf %04d "$i")/"
    echo "const student$i = $i // every student's code differs" >> "$1/student$(printf %04d "$i")/harness.go"
  done
}
now() { date +%s%N; }

make_class "$work/class24" 24
mkdir -p "$work/one" && cp solutions/02-model-can-only-talk/harness.go "$work/one/"
"$work/labrun" check 02 "$work/one" >/dev/null   # warm the build cache

serial=()
for i in 1 2 3; do
  echo "const run$i = $i" >> "$work/one/harness.go"
  t0=$(now); "$work/labrun" check 02 "$work/one" >/dev/null; t1=$(now)
  serial+=($((t1 - t0)))
done
one=$(printf '%s\n' "${serial[@]}" | sort -n | sed -n 2p)

t0=$(now); "$work/labrun" grade 02 "$work/class24" --jobs 2 --out "$work/out24" >/dev/null; t1=$(now)
per=$(( (t1 - t0) / 24 ))

make_class "$work/class$many" "$many"
peak=$(LABRUN_STATS=1 "$work/labrun" grade 02 "$work/class$many" --jobs 2 --out "$work/out$many" 2>&1 >/dev/null | sed -n 's/^labrun: peak memory //p')

awk -v one="$one" -v per="$per" -v peak="$peak" -v n="$many" 'BEGIN {
  printf "serial labrun check 02 of one submission (median of 3): %.3f s\n", one / 1e9
  printf "grading 24 submissions with --jobs 2: %.3f s per submission\n", per / 1e9
  printf "ratio: %.2f (target: at most 0.75)\n", per / one
  printf "labrun peak memory grading %d submissions: %s (target: under 200 MiB)\n", n, peak
}'
