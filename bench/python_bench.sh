#!/usr/bin/env bash
# Python against C++: queries/s of the paperdex Python module
# (bench/python_bench.py) and of paperdex-query-bench (the library from C++),
# on the same index and queries, one and two threads, alternating runs so
# both see the same machine load. Target: Python within 10 % of C++.
#
# usage: bench/python_bench.sh [-r ROUNDS] [-w WARMUP] [-t THREADS] [-n RUNS] [-b BUILD_DIR]
#                              [DB QUERIES]
#   DB QUERIES  an index and a query file (one a line); without them, corpus/
#               is indexed into a temporary directory and 300 queries are drawn
#               from its arXiv snapshot with bench/gen_queries.py
#   -r ROUNDS   timed passes per run [5]     -w WARMUP  untimed passes [1]
#   -t THREADS  thread counts [1,2]          -n RUNS    runs of each program [3]
#   -b DIR      a Release build tree with the module [$PAPERDEX_BUILD_DIR or REPO/build]
# Prints each run's table, then per thread count the median queries/s of
# each side and Python's share of C++'s.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${PAPERDEX_BUILD_DIR:-$ROOT/build}
ROUNDS=5 WARMUP=1 THREADS=1,2 RUNS=3
usage() {
  sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
  -r) ROUNDS=${2:?}; shift 2 ;;
  -w) WARMUP=${2:?}; shift 2 ;;
  -t) THREADS=${2:?}; shift 2 ;;
  -n) RUNS=${2:?}; shift 2 ;;
  -b) BUILD=${2:?}; shift 2 ;;
  -h | --help | -*) usage ;;
  *) break ;;
  esac
done
[ $# -eq 0 ] || [ $# -eq 2 ] || usage
PYTHON=/usr/bin/python3
[ -x "$PYTHON" ] || PYTHON=python3
DRIVER=$BUILD/bench/perf/paperdex-query-bench
MODULE_DIR=$BUILD/python
[ -x "$DRIVER" ] || { echo "python_bench: no $DRIVER; build first" >&2; exit 1; }
ls "$MODULE_DIR"/paperdex.*.so >/dev/null 2>&1 ||
  { echo "python_bench: no paperdex module in $MODULE_DIR (needs pybind11-dev); build first" >&2; exit 1; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-python-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
log() { echo "[python_bench $(date +%H:%M:%S)] $*" >&2; }

if [ $# -eq 2 ]; then
  DB=$(realpath "$1") QUERIES=$(realpath "$2")
else
  DB=$WORK/index QUERIES=$WORK/queries.txt
  log "indexing corpus/ into $DB"
  "$BUILD/bin/paperdex-index" --db "$DB" --quiet "$ROOT/corpus" >/dev/null || [ $? -eq 1 ]
  cat "$ROOT"/corpus/arxiv-snapshot/*.jsonl >"$WORK/snapshot.jsonl"
  "$PYTHON" "$ROOT/bench/gen_queries.py" "$WORK/snapshot.jsonl" 300 -o "$QUERIES" >&2
fi
log "index $DB, $(grep -c . "$QUERIES") queries, $RUNS runs of each, threads $THREADS"

for run in $(seq 1 "$RUNS"); do
  "$DRIVER" --db "$DB" --queries "$QUERIES" --threads "$THREADS" --rounds "$ROUNDS" \
    --warmup "$WARMUP" | tee "$WORK/cpp.$run" | sed 's/^/C++    /'
  PYTHONPATH=$MODULE_DIR "$PYTHON" "$ROOT/bench/python_bench.py" --db "$DB" --queries "$QUERIES" \
    --threads "$THREADS" --rounds "$ROUNDS" --warmup "$WARMUP" | tee "$WORK/py.$run" |
    sed 's/^/Python /'
done

"$PYTHON" - "$WORK" "$RUNS" <<'PY'
import statistics, sys
work, runs = sys.argv[1], int(sys.argv[2])
def table(path):  # threads -> queries/s
    rows = [l.split() for l in open(path) if l[0].isdigit()]
    return {int(r[0]): float(r[6]) for r in rows}
cpp = [table("%s/cpp.%d" % (work, n)) for n in range(1, runs + 1)]
py = [table("%s/py.%d" % (work, n)) for n in range(1, runs + 1)]
print("\nthreads  C++ q/s  Python q/s  Python/C++  (medians over %d runs)" % runs)
for threads in sorted(cpp[0]):
    c = statistics.median(t[threads] for t in cpp)
    p = statistics.median(t[threads] for t in py)
    print("%-7d %8.1f %11.1f %10.1f %%" % (threads, c, p, 100 * p / c))
PY
