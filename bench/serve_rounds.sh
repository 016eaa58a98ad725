#!/usr/bin/env bash
# paperdex-serve's queries/s against the library's, in alternated rounds: on
# two shared cores one pass of serve_bench.sh moves by ten points with the
# machine, so the throughput target is judged on the median of many rounds.
# Each round runs the library (paperdex-query-bench, THREADS threads, PASSES
# rounds after a warm-up) and then each SERVER in turn (--threads THREADS on
# an ephemeral port of 127.0.0.1, a warm-up pass at 2 connections, then
# PASSES passes at CONNECTIONS kept-alive connections of paperdex-serve-load);
# prints per round the library's queries/s and each server's with its share
# of the library's, and each server's p50 against the library's with as many
# threads as connections (the issue's latency target: within 10 %); then
# each server's medians. Several SERVERs (other builds of paperdex-serve)
# compare designs under the same moments' load.
#
# usage: bench/serve_rounds.sh [-r ROUNDS] [-p PASSES] [-c CONNECTIONS] [-t THREADS]
#                              --db INDEX --queries FILE [SERVER...]
#   -r ROUNDS       rounds [8]
#   -p PASSES       passes over the queries, each side, a round [4]
#   -c CONNECTIONS  the load client's connections [8]
#   -t THREADS      library threads (for queries/s) and server --threads [2]
#   --db INDEX      the index (serve_bench.sh's /tmp/paperdex-serve-bench/index, say)
#   --queries FILE  one query a line (serve_bench.sh's /tmp/paperdex-serve-bench/queries.txt)
#   SERVER          paperdex-serve binaries [BUILD/bin/paperdex-serve]
# env: PAPERDEX_BUILD_DIR [REPO/build]. ~6 s a round and server on the cs harvest.
set -euo pipefail

usage() {
  sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/bench/bench_lib.sh"
ROUNDS=8 PASSES=4 CONNECTIONS=8 THREADS=2 DB= QUERIES=
SERVERS=()
while [ $# -gt 0 ]; do
  case $1 in
  -r) ROUNDS=${2:?}; shift 2 ;;
  -p) PASSES=${2:?}; shift 2 ;;
  -c) CONNECTIONS=${2:?}; shift 2 ;;
  -t) THREADS=${2:?}; shift 2 ;;
  --db) DB=${2:?}; shift 2 ;;
  --queries) QUERIES=${2:?}; shift 2 ;;
  -*) usage ;;
  *) SERVERS+=("$1"); shift ;;
  esac
done
[ -n "$DB" ] && [ -n "$QUERIES" ] || usage
for number in "$ROUNDS" "$PASSES" "$CONNECTIONS" "$THREADS"; do
  [[ "$number" =~ ^[1-9][0-9]*$ ]] || usage
done
[ ${#SERVERS[@]} -gt 0 ] || SERVERS=("$BUILD/bin/paperdex-serve")
for program in "${SERVERS[@]}" "$BUILD/bench/paperdex-serve-load" "$BUILD/bench/perf/paperdex-query-bench"; do
  [ -x "$program" ] || { echo "serve_rounds: no $program (build it first)" >&2; exit 2; }
done
WORK=$(mktemp -d)
SERVER=
trap '[ -z "$SERVER" ] || kill "$SERVER" 2>/dev/null || true; rm -rf "$WORK"' EXIT

load() { "$BUILD/bench/paperdex-serve-load" --port "$PORT" --queries "$QUERIES" "$@"; }
# serve BINARY: its queries/s and p50 over PASSES passes (columns 5 and 6 of
# paperdex-serve-load's line) into $WORK/served.
serve() {
  bench_start_server "$WORK/server" "$1" --db "$DB" --listen 127.0.0.1:0 --threads "$THREADS" ||
    { echo "serve_rounds: $1 did not start" >&2; exit 1; }
  load --connections 2 >/dev/null
  load --connections "$CONNECTIONS" --passes "$PASSES" | cut -f5,6 >"$WORK/served"
  kill -TERM "$SERVER"
  wait "$SERVER" || true
  SERVER=
}

echo "# $ROUNDS rounds: library $THREADS and $CONNECTIONS threads, then each server --threads $THREADS at $CONNECTIONS connections, $PASSES passes each"
thread_counts=$THREADS
[ "$CONNECTIONS" = "$THREADS" ] || thread_counts=$THREADS,$CONNECTIONS
for round in $(seq "$ROUNDS"); do
  "$BUILD/bench/perf/paperdex-query-bench" --db "$DB" --queries "$QUERIES" \
    --threads "$thread_counts" --rounds "$PASSES" --warmup 1 >"$WORK/library"
  library=$(awk -v t="$THREADS" '$1 == t { print $7 }' "$WORK/library")
  library_p50=$(awk -v t="$CONNECTIONS" '$1 == t { print $2 }' "$WORK/library")
  line="round $round  library $library q/s, p50 $library_p50 ms"
  for index in "${!SERVERS[@]}"; do
    serve "${SERVERS[$index]}"
    read -r qps p50 <"$WORK/served"
    read -r share p50_over < <(awk -v a="$qps" -v b="$library" -v p="$p50" -v l="$library_p50" \
      'BEGIN { printf "%.1f %+.1f\n", a / b * 100, (p - l) / l * 100 }')
    echo "$share" >>"$WORK/shares-$index"
    echo "$p50_over" >>"$WORK/p50-$index"
    line="$line | $(basename "${SERVERS[$index]}") $qps q/s $share %, p50 $p50 ms $p50_over %"
  done
  echo "$line"
done
# median FILE: the median and range of FILE's numbers.
median() {
  printf '%.1f (range %s to %s)' "$(bench_median <"$1")" "$(sort -g "$1" | head -1)" "$(sort -g "$1" | tail -1)"
}
for index in "${!SERVERS[@]}"; do
  echo "median: ${SERVERS[$index]}: queries/s $(median "$WORK/shares-$index") % of the library's with $THREADS threads (target >= 90 %);" \
    "p50 $(median "$WORK/p50-$index") % over the library's with $CONNECTIONS threads (target <= 10 %)"
done
