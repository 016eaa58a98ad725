#!/usr/bin/env bash
# Query benchmark: paperdex-search --batch QUERIES --timings --json (the CLI's
# defaults: top 10, snippets, exact facets), one process per round like the
# peers harness, then the same queries through the library with 1 and N
# threads (paperdex-query-bench, one Searcher per thread, one process).
#
# usage: bench/query_bench.sh [-r ROUNDS] [-w WARMUP] [-t THREADS] [-b BUILD_DIR] DB QUERIES
#   DB          a paperdex index (bench/index_bench.sh leaves one in its work dir)
#   QUERIES     one query a line (bench/gen_queries.py); if QUERIES is X.txt and
#               X.classes exists, p50 per query class is printed too
#   -r ROUNDS   measured rounds [3]; a query's latency is its median over them
#   -w WARMUP   warm-up rounds, discarded [1]
#   -t THREADS  thread counts for the library run, comma-separated [1,$(nproc)]
#   -b DIR      a Release build tree [$PAPERDEX_BUILD_DIR or REPO/build]
# Prints p50/p95/p99/mean (ms, in-process per query as --timings measures it:
# parse + match + top 10 + snippets + facets), queries/s (queries / summed
# latency; and / process wall time, which adds start-up, opening and JSON
# output), peak RSS. Needs GNU time and python3.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=bench_lib.sh
source "$ROOT/bench/bench_lib.sh"
THREADS="1,$(nproc)"
bench_rounds_options 18 "t:THREADS" "$@"
DB=$(realpath "$BENCH_INPUT")
[ -d "$DB" ] || { echo "query_bench: no index at $BENCH_INPUT" >&2; exit 2; }
SEARCH=$BUILD/bin/paperdex-search
DRIVER=$BUILD/bench/perf/paperdex-query-bench
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "query_bench: needs GNU time: apt-get install -y time" >&2; exit 1; }
[ -x "$SEARCH" ] || { echo "query_bench: no $SEARCH; build first" >&2; exit 1; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-query-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
log() { echo "[query_bench $(date +%H:%M:%S)] $*" >&2; }

# The harness' way: blank lines and CRs dropped, so line N is query N-1.
bench_query_lines "$QUERIES" "$WORK/queries.txt"
NQ=$(wc -l <"$WORK/queries.txt")
CLASSES="${QUERIES%.txt}.classes"
if [ -f "$CLASSES" ] && [ "$(grep -c . "$CLASSES")" != "$NQ" ]; then
  log "$CLASSES has not one line per query: no per-class table"
  CLASSES=
fi
[ -f "${CLASSES:-/nonexistent}" ] || CLASSES=

log "index $DB, $NQ queries, $WARMUP warm-up + $ROUNDS rounds, paperdex-search $(date -r "$SEARCH" -Is)"
for r in $(seq $((-WARMUP)) $((ROUNDS - 1))); do
  tag=$([ "$r" -lt 0 ] && echo "w$((r + WARMUP))" || echo "r$r")
  "$TIME" -v -o "$WORK/$tag.time" "$SEARCH" --db "$DB" --batch "$WORK/queries.txt" \
    --timings "$WORK/$tag.lat.tsv" --json >"$WORK/$tag.jsonl" 2>"$WORK/$tag.err" || {
    # exit 2 with per-query errors still runs every query: count them below
    grep -q . "$WORK/$tag.lat.tsv" 2>/dev/null || { tail -5 "$WORK/$tag.err" >&2; exit 1; }
  }
  log "$tag: $(awk -F'\t' '{s += $2} END {printf "%.0f", s}' "$WORK/$tag.lat.tsv") ms in-process"
done

python3 - "$WORK" "$ROUNDS" "$NQ" "$CLASSES" <<'EOF'
import json, math, statistics, sys
work, rounds, nq, classes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]

def pct(sorted_values, p):  # nearest rank
    k = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[min(k, len(sorted_values)) - 1]

def wall(path):
    for line in open(path):
        if "Elapsed (wall clock)" in line:
            s = 0.0
            for part in line.rsplit(": ", 1)[1].strip().split(":"):
                s = s * 60 + float(part)
            return s
def rss_mb(path):
    for line in open(path):
        if "Maximum resident set size" in line:
            return int(line.rsplit(": ", 1)[1]) / 1024

lat = [[None] * nq for _ in range(rounds)]
for r in range(rounds):
    for line in open("%s/r%d.lat.tsv" % (work, r)):
        q, ms = line.split("\t")
        lat[r][int(q)] = float(ms)
per_query = [statistics.median(lat[r][q] for r in range(rounds)) for q in range(nq)]
s = sorted(per_query)
inproc_qps = statistics.median(nq / (sum(lat[r]) / 1000) for r in range(rounds))
wall_qps = statistics.median(nq / wall("%s/r%d.time" % (work, r)) for r in range(rounds))
rss = max(rss_mb("%s/r%d.time" % (work, r)) for r in range(rounds))
zero = errors = 0
total = []
for line in open("%s/r%d.jsonl" % (work, rounds - 1)):
    o = json.loads(line)
    if "error" in o:
        errors += 1
    elif o.get("total", 0) == 0:
        zero += 1
    total.append(o.get("total", 0))
print("== paperdex-search --batch (1 thread, one process per round)")
print("queries %d, rounds %d; per-query median latency over the rounds" % (nq, rounds))
print("p50 ms        %.2f" % pct(s, 50))
print("p95 ms        %.2f" % pct(s, 95))
print("p99 ms        %.2f" % pct(s, 99))
print("mean ms       %.2f" % statistics.fmean(s))
print("max ms        %.2f" % s[-1])
print("queries/s     %.1f in-process (queries / summed latency), %.1f per process wall time" % (inproc_qps, wall_qps))
print("peak RSS MB   %.0f" % rss)
print("zero-hit %d, errors %d, mean total %.0f" % (zero, errors, statistics.fmean(total) if total else 0))
if classes:
    names = open(classes).read().split()
    print("\nclass           queries  p50_ms  p95_ms  mean_ms")
    for c in sorted(set(names), key=names.index):
        v = sorted(per_query[i] for i in range(nq) if names[i] == c)
        print("%-15s %7d %7.2f %7.2f %8.2f" % (c, len(v), pct(v, 50), pct(v, 95), statistics.fmean(v)))
EOF

if [ -x "$DRIVER" ]; then
  echo
  echo "== paperdex-query-bench (library, one Searcher per thread, one process)"
  "$DRIVER" --db "$DB" --queries "$WORK/queries.txt" --threads "$THREADS" \
    --rounds "$ROUNDS" --warmup "$WARMUP"
else
  log "no $DRIVER: multi-thread run skipped (build the bench targets)"
fi
