#!/usr/bin/env bash
# paperdex-serve under load, beside the library in-process. On the cs harvest
# (../shared/data/arxiv-oai-cs-2016, made a snapshot by
# ../shared/peers/oai2snapshot.py and indexed), the cs title queries
# (../shared/peers/title_queries.py, its default seed): the queries through
# paperdex::Searcher with 1, 2 and 8 threads (paperdex-query-bench), then
# through paperdex-serve --threads 2 on 127.0.0.1 with 1, 8 and 64 kept-alive
# connections (paperdex-serve-load: GET /search?q=, one pass each after a
# warm-up pass), then 8 connections while SLOW slowloris clients (500) drip
# header lines, reconnecting when the server drops them. Prints queries/s,
# p50/p99 latency, failed requests (any answer but 200; must be 0), the slow
# clients dropped and the server's peak RSS; then the targets: HTTP's p50 at 8
# connections within 10 % of the library's with 8 threads, and its queries/s
# with 2 server threads at least 90 % of the library's with 2.
#
# usage: bench/serve_bench.sh [-n QUERIES] [-s SLOW] [-w DIR] [--db INDEX]
#   -n QUERIES  title queries drawn [1000]
#   -s SLOW     slowloris clients, loopback only, at most 2000 [500]
#   -w DIR      work directory, kept: snapshot, index, queries [/tmp/paperdex-serve-bench]
#   --db INDEX  an existing index of the cs harvest instead of one built in DIR
# env: PAPERDEX_BUILD_DIR [REPO/build], SHARED [REPO/../shared].
# Time on 2 shared cores: snapshot ~30 s and index 1-3 min once (kept in DIR),
# then ~2 min of queries.
set -euo pipefail

usage() {
  sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${PAPERDEX_BUILD_DIR:-$ROOT/build}
SHARED=${SHARED:-$(realpath -m "$ROOT/../shared")}
QUERIES=1000
SLOW=500
WORK=/tmp/paperdex-serve-bench
DB=
while [ $# -gt 0 ]; do
  case $1 in
  -n) QUERIES=${2:?}; shift 2 ;;
  -s) SLOW=${2:?}; shift 2 ;;
  -w) WORK=${2:?}; shift 2 ;;
  --db) DB=$(realpath "${2:?}"); shift 2 ;;
  *) usage ;;
  esac
done
for program in indexer/paperdex-index serve/server/paperdex-serve bench/paperdex-serve-load \
  bench/perf/paperdex-query-bench; do
  [ -x "$BUILD/$program" ] || {
    echo "serve_bench: no $BUILD/$program: cmake --build $BUILD --target $(basename "$program")" >&2
    exit 2
  }
done
[ -d "$SHARED/data/arxiv-oai-cs-2016" ] || { echo "serve_bench: no $SHARED/data (set SHARED)" >&2; exit 2; }
mkdir -p "$WORK"
if [ ! -s "$WORK/cs.jsonl" ]; then
  python3 "$SHARED/peers/oai2snapshot.py" "$SHARED/data/arxiv-oai-cs-2016" >"$WORK/cs.jsonl"
fi
if [ -z "$DB" ]; then
  DB=$WORK/index
  [ -d "$DB" ] || nice -n 5 "$BUILD/indexer/paperdex-index" --quiet --db "$DB" "$WORK/cs.jsonl"
fi
python3 "$SHARED/peers/title_queries.py" "$WORK/cs.jsonl" "$QUERIES" -o "$WORK/queries.txt"

# The library: p50, p99 and queries/s by thread count.
"$BUILD/bench/perf/paperdex-query-bench" --db "$DB" --queries "$WORK/queries.txt" \
  --threads 1,2,8 --rounds 1 --warmup 1 | tee "$WORK/library.txt" >&2
library() { awk -v t="$1" -v col="$2" '$1 == t { print $col }' "$WORK/library.txt"; }

"$BUILD/serve/server/paperdex-serve" --db "$DB" --listen 127.0.0.1:0 --threads 2 \
  --max-connections $((SLOW + 256)) >"$WORK/serve.out" 2>"$WORK/serve.err" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
PORT=
for _ in $(seq 50); do
  PORT=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$WORK/serve.out")
  [ -n "$PORT" ] && break
  sleep 0.2
done
[ -n "$PORT" ] || { cat "$WORK/serve.err" >&2; echo "serve_bench: the server did not start" >&2; exit 1; }
load() { "$BUILD/bench/paperdex-serve-load" --port "$PORT" --queries "$WORK/queries.txt" "$@"; }
load --connections 2 >/dev/null  # warm-up

printf '%-28s %9s %8s %8s %7s %8s\n' run queries/s p50_ms p99_ms failed dropped
for threads in 1 2 8; do
  printf '%-28s %9s %8s %8s %7s %8s\n' "library, $threads threads" "$(library "$threads" 7)" \
    "$(library "$threads" 2)" "$(library "$threads" 4)" - -
done
for connections in 1 8 64; do
  load --connections "$connections" >"$WORK/http-$connections.txt"
  read -r _ _ failed _ qps p50 p99 dropped <"$WORK/http-$connections.txt"
  printf '%-28s %9s %8s %8s %7s %8s\n' "HTTP, $connections connections" "$qps" "$p50" "$p99" \
    "$failed" -
done
load --connections 8 --slow "$SLOW" --drip-ms 1000 >"$WORK/http-slow.txt"
read -r _ _ failed _ qps p50 p99 dropped <"$WORK/http-slow.txt"
printf '%-28s %9s %8s %8s %7s %8s\n' "HTTP, 8 + $SLOW slow" "$qps" "$p50" "$p99" "$failed" "$dropped"
rss=$(awk '/^VmHWM/ { print $2 }' "/proc/$SERVER/status")
kill -TERM "$SERVER"
wait "$SERVER" && status=0 || status=$?
echo "server peak RSS: $((rss / 1024)) MiB; exit after SIGTERM: $status"

read -r _ _ _ _ qps2 p50_8 _ _ <"$WORK/http-8.txt"
awk -v http="$p50_8" -v lib="$(library 8 2)" -v hq="$qps2" -v lq="$(library 2 7)" 'BEGIN {
  printf "HTTP overhead at 8 connections: p50 %+.1f %% of the library'\''s with 8 threads (target <= 10 %%)\n",
    (http - lib) / lib * 100
  printf "throughput, 2 server threads: %.1f %% of the library'\''s with 2 threads (target >= 90 %%)\n",
    hq / lq * 100 }'
