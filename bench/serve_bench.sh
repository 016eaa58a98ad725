#!/usr/bin/env bash
# paperdex-serve under load, beside the library in-process. On the cs harvest
# (../shared/data/arxiv-oai-cs-2016, made a snapshot by
# ../shared/peers/oai2snapshot.py and indexed), the cs title queries
# (../shared/peers/title_queries.py, its default seed): the queries through
# paperdex::Searcher with 1, 2 and 8 threads (paperdex-query-bench), then
# through the API's handler in-process (Api::handle, no sockets: what the
# API adds), then through paperdex-serve --threads 2 on 127.0.0.1 with 1, 8
# and 64 kept-alive connections (paperdex-serve-load: GET /search?q=, one
# pass each after a warm-up pass), 8 connections while SLOW slowloris
# clients (500) drip header lines, reconnecting when the server drops them,
# and 8 connections to --threads 8 (the library's 8 threads' concurrency);
# then paperdex-http-floor (bench/http_floor.cc), the least an exchange of
# the same size costs over loopback: a fixed answer of the mean /search
# size, a blocking thread per connection, nothing parsed or searched.
# Prints queries/s, p50/p99 latency, failed requests (any answer but 200;
# must be 0), the slow clients dropped, the server's peak RSS; the CPU time
# a request costs the server (its I/O thread and its workers apart) and the
# client at 8 connections, beside the library's a query (2 cores / its
# queries/s with 2 threads) and the API handler's in-process (the CPU clock
# of its thread), for paperdex-serve and for the floor; then the targets: HTTP's p50 at 8 connections within 10 %
# of the in-process p50 at 8 threads, and its queries/s with 2 server
# threads at least 90 % of 2 threads' in-process (one pass; the median of
# many rounds: bench/serve_rounds.sh).
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
  sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/bench/bench_lib.sh"
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
for program in bin/paperdex-index bin/paperdex-serve bench/paperdex-serve-load \
  bench/perf/paperdex-query-bench bench/paperdex-http-floor bin/paperdex-search; do
  [ -x "$BUILD/$program" ] || {
    echo "serve_bench: no $BUILD/$program: cmake --build $BUILD --target $(basename "$program")" >&2
    exit 2
  }
done
[ -x /usr/bin/time ] || { echo "serve_bench: needs GNU time: apt-get install -y time" >&2; exit 2; }
[ -d "$SHARED/data/arxiv-oai-cs-2016" ] || { echo "serve_bench: no $SHARED/data (set SHARED)" >&2; exit 2; }
mkdir -p "$WORK"
if [ ! -s "$WORK/cs.jsonl" ]; then
  python3 "$SHARED/peers/oai2snapshot.py" "$SHARED/data/arxiv-oai-cs-2016" >"$WORK/cs.jsonl"
fi
if [ -z "$DB" ]; then
  DB=$WORK/index
  [ -d "$DB" ] || nice -n 5 "$BUILD/bin/paperdex-index" --quiet --db "$DB" "$WORK/cs.jsonl"
fi
python3 "$SHARED/peers/title_queries.py" "$WORK/cs.jsonl" "$QUERIES" -o "$WORK/queries.txt"

# The library: p50, p99 and queries/s by thread count.
"$BUILD/bench/perf/paperdex-query-bench" --db "$DB" --queries "$WORK/queries.txt" \
  --threads 1,2,8 --rounds 1 --warmup 1 | tee "$WORK/library.txt" >&2
library() { awk -v t="$1" -v col="$2" '$1 == t { print $col }' "$WORK/library.txt"; }

# The API's handler in-process, no sockets: what the API adds to the library.
for threads in 1 2 8; do
  "$BUILD/bench/paperdex-serve-load" --api "$DB" --queries "$WORK/queries.txt" \
    --connections "$threads" >"$WORK/api-$threads.txt"
done

# start_server THREADS [OPTIONS...]: paperdex-serve on an ephemeral port; sets SERVER and PORT.
start_server() {
  local threads=$1
  shift
  start "$BUILD/bin/paperdex-serve" --db "$DB" --listen 127.0.0.1:0 --threads "$threads" "$@"
}
# start PROGRAM ARGS...: a server that says "listening on http://127.0.0.1:PORT/".
start() {
  bench_start_server "$WORK/serve" "$@" || { echo "serve_bench: the server did not start" >&2; exit 1; }
  load --connections 2 >/dev/null # warm-up
}
stop_server() {
  kill -TERM "$SERVER"
  wait "$SERVER" && STATUS=0 || STATUS=$?
}
trap '[ -z "${SERVER:-}" ] || kill "$SERVER" 2>/dev/null || true' EXIT
load() { "$BUILD/bench/paperdex-serve-load" --port "$PORT" --queries "$WORK/queries.txt" "$@"; }
# cpu_seconds PID [TID]: CPU seconds (user + system) a process, or one of
# its threads, has used.
cpu_seconds() {
  awk -v tick="$(getconf CLK_TCK)" '{ printf "%.3f", ($14 + $15) / tick }' \
    "/proc/$1/${2:+task/$2/}stat"
}
# timed_load FILE ARGS...: load ARGS into FILE; FILE.cpu gets the CPU ms a
# request cost the server, the client and the server's first thread
# (paperdex-serve's I/O thread: run() serves on the thread that calls it).
timed_load() {
  local file=$1 before first_before
  shift
  before=$(cpu_seconds "$SERVER")
  first_before=$(cpu_seconds "$SERVER" "$SERVER")
  /usr/bin/time -f '%U %S' -o "$file.client" "$BUILD/bench/paperdex-serve-load" --port "$PORT" \
    --queries "$WORK/queries.txt" "$@" >"$file"
  awk -v before="$before" -v after="$(cpu_seconds "$SERVER")" -v first_before="$first_before" \
    -v first_after="$(cpu_seconds "$SERVER" "$SERVER")" -v n="$(cut -f2 "$file")" \
    '{ printf "%.3f %.3f %.3f\n", (after - before) * 1000 / n, ($1 + $2) * 1000 / n,
       (first_after - first_before) * 1000 / n }' "$file.client" >"$file.cpu"
}
row() { printf '%-34s %9s %8s %8s %7s %8s\n' "$@"; }
# http_row LABEL FILE: a row of paperdex-serve-load's line.
http_row() {
  local _c _n failed _s qps p50 p99 dropped _cpu
  read -r _c _n failed _s qps p50 p99 dropped _cpu <"$2"
  row "$1" "$qps" "$p50" "$p99" "$failed" "$dropped"
}

row run queries/s p50_ms p99_ms failed dropped
for threads in 1 2 8; do
  row "library, $threads threads" "$(library "$threads" 7)" "$(library "$threads" 2)" \
    "$(library "$threads" 4)" - -
done
for threads in 1 2 8; do http_row "API in-process, $threads threads" "$WORK/api-$threads.txt"; done

start_server 2 --max-connections $((SLOW + 256))
for connections in 1 8 64; do
  timed_load "$WORK/http-$connections.txt" --connections "$connections"
  http_row "HTTP, $connections conn., 2 threads" "$WORK/http-$connections.txt"
done
load --connections 8 --slow "$SLOW" --drip-ms 1000 >"$WORK/http-slow.txt"
http_row "HTTP, 8 conn. + $SLOW slow, 2 thr." "$WORK/http-slow.txt"
rss=$(awk '/^VmHWM/ { print $2 }' "/proc/$SERVER/status")
stop_server
echo "server peak RSS (2 threads, after the slow clients): $((rss / 1024)) MiB; exit after SIGTERM: $STATUS"

# The same concurrency as the library's 8 threads: 8 connections, 8 workers.
start_server 8
load --connections 8 >"$WORK/http-8-8.txt"
http_row "HTTP, 8 conn., 8 threads" "$WORK/http-8-8.txt"
stop_server

# The floor: the CLI's JSON answer of the mean size (the API's, byte for
# byte), served as it is.
"$BUILD/bin/paperdex-search" --db "$DB" --batch "$WORK/queries.txt" --json 2>/dev/null |
  awk '{ size[NR] = length($0); line[NR] = $0; sum += length($0) }
       END { mean = sum / NR; best = 1
             for (i = 1; i <= NR; ++i) if ((size[i] - mean)^2 < (size[best] - mean)^2) best = i
             print line[best] }' >"$WORK/floor-answer.json"
start "$BUILD/bench/paperdex-http-floor" "$WORK/floor-answer.json"
timed_load "$WORK/floor-8.txt" --connections 8
http_row "floor, 8 conn. ($(wc -c <"$WORK/floor-answer.json") bytes)" "$WORK/floor-8.txt"
kill -TERM "$SERVER"
wait "$SERVER" || true

field() { awk -v col="$2" '{ print $col }' "$1"; }
awk -v http="$(field "$WORK/http-8-8.txt" 6)" -v api="$(field "$WORK/api-8.txt" 6)" \
  -v lib="$(library 8 2)" -v h2="$(field "$WORK/http-8.txt" 5)" -v h64="$(field "$WORK/http-64.txt" 5)" \
  -v http2="$(field "$WORK/http-8.txt" 6)" \
  -v a2="$(field "$WORK/api-2.txt" 5)" -v l2="$(library 2 7)" 'BEGIN {
  printf "p50 at 8 connections (8 threads): HTTP %+.1f %% of the API in-process, %+.1f %% of the library (target <= 10 %%)\n",
    (http - api) / api * 100, (http - lib) / lib * 100
  printf "p50 at 8 connections to the default --threads (one per core, 2): HTTP %+.1f %% of the library with 8 threads\n",
    (http2 - lib) / lib * 100
  best = h2 > h64 ? h2 : h64
  printf "queries/s, 2 server threads (best of 8 and 64 connections): %.1f %% of the API in-process, %.1f %% of the library with 2 threads (target >= 90 %%)\n",
    best / a2 * 100, best / l2 * 100 }'
read -r serve_ms client_ms io_ms <"$WORK/http-8.txt.cpu"
read -r floor_ms floor_client_ms _ <"$WORK/floor-8.txt.cpu"
awk -v lib="$(library 2 7)" -v s="$serve_ms" -v io="$io_ms" -v c="$client_ms" -v fs="$floor_ms" -v fc="$floor_client_ms" \
  -v handler="$(field "$WORK/api-2.txt" 9)" 'BEGIN {
  lib_ms = 2000 / lib
  printf "CPU ms a request at 8 connections: library %.3f (2 cores / its queries/s, 2 threads); API handler in-process %.3f (its thread'"'"'s clock, 2 threads); paperdex-serve %.3f (I/O thread %.3f, workers %.3f) + client %.3f (%+.1f %%); floor %.3f + client %.3f\n",
    lib_ms, handler, s, io, s - io, c, (s + c - lib_ms) / lib_ms * 100, fs, fc
  printf "the transport alone costs %.1f %% of a library query: over loopback on these cores no server exceeds %.1f %% of the library'"'"'s queries/s\n",
    (fs + fc) / lib_ms * 100, lib_ms / (lib_ms + fs + fc) * 100 }'
