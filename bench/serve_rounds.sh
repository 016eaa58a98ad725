#!/usr/bin/env bash
# paperdex-serve's queries/s against the library's, in alternated rounds: on
# two shared cores one pass of serve_bench.sh moves by ten points with the
# machine, so the throughput target is judged on the median of many rounds.
# Each round runs the library (paperdex-query-bench, THREADS threads, PASSES
# rounds after a warm-up) and then each SERVER in turn (--threads THREADS on
# an ephemeral port of 127.0.0.1, a warm-up pass at 2 connections, then
# PASSES passes at CONNECTIONS kept-alive connections of paperdex-serve-load);
# prints per round the library's queries/s and each server's with its share
# of the library's, then each server's median share. Several SERVERs (other
# builds of paperdex-serve) compare designs under the same moments' load.
#
# usage: bench/serve_rounds.sh [-r ROUNDS] [-p PASSES] [-c CONNECTIONS] [-t THREADS]
#                              --db INDEX --queries FILE [SERVER...]
#   -r ROUNDS       rounds [8]
#   -p PASSES       passes over the queries, each side, a round [4]
#   -c CONNECTIONS  the load client's connections [8]
#   -t THREADS      library threads and server --threads [2]
#   --db INDEX      the index (serve_bench.sh's /tmp/paperdex-serve-bench/index, say)
#   --queries FILE  one query a line (serve_bench.sh's /tmp/paperdex-serve-bench/queries.txt)
#   SERVER          paperdex-serve binaries [BUILD/serve/server/paperdex-serve]
# env: PAPERDEX_BUILD_DIR [REPO/build]. ~4 s a round and server on the cs harvest.
set -euo pipefail

usage() {
  sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${PAPERDEX_BUILD_DIR:-$ROOT/build}
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
[ ${#SERVERS[@]} -gt 0 ] || SERVERS=("$BUILD/serve/server/paperdex-serve")
for program in "${SERVERS[@]}" "$BUILD/bench/paperdex-serve-load" "$BUILD/bench/perf/paperdex-query-bench"; do
  [ -x "$program" ] || { echo "serve_rounds: no $program (build it first)" >&2; exit 2; }
done
WORK=$(mktemp -d)
SERVER=
trap '[ -z "$SERVER" ] || kill "$SERVER" 2>/dev/null || true; rm -rf "$WORK"' EXIT

load() { "$BUILD/bench/paperdex-serve-load" --port "$PORT" --queries "$QUERIES" "$@"; }
# serve BINARY: its queries/s over PASSES passes (column 5 of paperdex-serve-load's line).
serve() {
  "$1" --db "$DB" --listen 127.0.0.1:0 --threads "$THREADS" >"$WORK/out" 2>"$WORK/err" &
  SERVER=$!
  PORT=
  for _ in $(seq 50); do
    PORT=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$WORK/out")
    [ -n "$PORT" ] && break
    sleep 0.2
  done
  [ -n "$PORT" ] || { cat "$WORK/err" >&2; echo "serve_rounds: $1 did not start" >&2; exit 1; }
  load --connections 2 >/dev/null
  load --connections "$CONNECTIONS" --passes "$PASSES" | cut -f5
  kill -TERM "$SERVER"
  wait "$SERVER" || true
  SERVER=
}

echo "# $ROUNDS rounds: library $THREADS threads, then each server --threads $THREADS at $CONNECTIONS connections, $PASSES passes each"
for round in $(seq "$ROUNDS"); do
  library=$("$BUILD/bench/perf/paperdex-query-bench" --db "$DB" --queries "$QUERIES" \
    --threads "$THREADS" --rounds "$PASSES" --warmup 1 | awk -v t="$THREADS" '$1 == t { print $7 }')
  line="round $round  library $library"
  for index in "${!SERVERS[@]}"; do
    qps=$(serve "${SERVERS[$index]}")
    share=$(awk -v a="$qps" -v b="$library" 'BEGIN { printf "%.1f", a / b * 100 }')
    echo "$share" >>"$WORK/shares-$index"
    line="$line | $(basename "${SERVERS[$index]}") $qps $share %"
  done
  echo "$line"
done
for index in "${!SERVERS[@]}"; do
  sort -n "$WORK/shares-$index" | awk -v name="${SERVERS[$index]}" '{ v[NR] = $1 }
    END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
          printf "median: %s %.1f %% of the library'"'"'s queries/s (range %.1f-%.1f; target >= 90 %%)\n", name, m, v[1], v[NR] }'
done
