#!/usr/bin/env bash
# Measures `labrun serve`: for every lesson, the first page a fresh server
# draws for it (the cells' outputs and transcripts are read from the files
# that record them, so nothing is built or run; the target is under 1 s),
# then "Check my work" on lesson 02 against `labrun check 02` on the same
# folder (the target: no more than the check plus drawing). Each figure is a
# median. Both checks record their result in .labrun/, as they always do.
#
#   bash cmd/labrun/bench/serve-speed.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/../../.."
runs=${1:-3}
work=$(mktemp -d)
server=
cleanup() {
  [[ -n $server ]] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/labrun" ./cmd/labrun

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# start_server starts labrun serve on a free port and sets url once it
# answers.
start_server() {
  "$work/labrun" serve > "$work/serve.out" 2> "$work/serve.err" &
  server=$!
  url=
  for _ in $(seq 1 100); do
    url=$(sed -n 's/^Serving the course at \(http[^ ]*\)$/\1/p' "$work/serve.out")
    [[ -n $url ]] && curl -fs -o /dev/null "$url" && return
    sleep 0.05
  done
  echo "labrun serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1
}
stop_server() { kill "$server"; wait "$server" 2>/dev/null || true; server=; }

worst=0
for dir in lessons/[0-9][0-9]-*/; do
  n=$(basename "$dir"); n=${n%%-*}
  : > "$work/page.ns"
  for _ in $(seq 1 "$runs"); do
    start_server
    t0=$(now); curl -fs -o /dev/null "${url}lesson-$n.html"; t1=$(now)
    echo $((t1 - t0)) >> "$work/page.ns"
    stop_server
  done
  ms=$(( $(median < "$work/page.ns") / 1000000 ))
  printf 'first page of lesson %s: %d ms (median of %d fresh servers)\n' "$n" "$ms" "$runs"
  (( ms > worst )) && worst=$ms
done
printf 'slowest first lesson page: %d ms (target: under 1000 ms)\n' "$worst"

# Check my work against labrun check, both on lesson 02's own folder, after
# one warming check each.
start_server
: > "$work/check.ns"; : > "$work/web.ns"
"$work/labrun" check 02 > /dev/null || true
curl -fs -o /dev/null -X POST "${url}check-02.html"
for _ in $(seq 1 "$runs"); do
  t0=$(now); "$work/labrun" check 02 > /dev/null || true; t1=$(now)
  echo $((t1 - t0)) >> "$work/check.ns"
  t0=$(now); curl -fs -o /dev/null -X POST "${url}check-02.html"; t1=$(now)
  echo $((t1 - t0)) >> "$work/web.ns"
done
stop_server
printf 'labrun check 02: %d ms; Check my work on lesson 02: %d ms (medians of %d)\n' \
  $(( $(median < "$work/check.ns") / 1000000 )) $(( $(median < "$work/web.ns") / 1000000 )) "$runs"
