#!/usr/bin/env bash
# Hostile-input benchmark (issue #19): peak RSS and wall time of paperdex-index
# and paperdex-search on the worst inputs the limits are for, each under GNU
# time -v, with a PASS/FAIL against the targets: index < 1 GiB, search < 256 MiB.
#
#   endless-line     an endless JSON line on stdin (2 GiB of one line, no '\n')
#   gz-200MB-line    a .gz holding one 200 MB JSON line, then a good record
#   huge-abstract    a record with a 12 MB abstract (under the line limit, over
#                    the field limit), indexed cut
#   delete-from-zero paperdex-index --delete-from /dev/zero
#   batch-zero       paperdex-search --batch /dev/zero
#   batch-endless    paperdex-search --batch on an endless query line (2 GiB)
#
# usage: bench/hostile_bench.sh [-b BUILD_DIR] [-w WORKDIR]
# Build first (scripts/test.sh or cmake --build build). Needs GNU time, gzip.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${PAPERDEX_BUILD_DIR:-$ROOT/build}
WORK=${TMPDIR:-/tmp}/paperdex-bench/hostile
while [ $# -gt 0 ]; do
  case $1 in
  -b) BUILD=${2:?}; shift 2 ;;
  -w) WORK=${2:?}; shift 2 ;;
  *) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
INDEX=$BUILD/bin/paperdex-index
SEARCH=$BUILD/bin/paperdex-search
[ -x "$INDEX" ] && [ -x "$SEARCH" ] || { echo "build first: $INDEX, $SEARCH" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs GNU time: apt-get install time" >&2; exit 2; }
rm -rf "$WORK" && mkdir -p "$WORK"

record() { # id title abstract-generator...
  printf '{"id":"%s","title":"%s","authors":"A. Writer","categories":"cs.DS","abstract":"' "$1" "$2"
}
good='{"id":"1501.00002","title":"After","authors":"B. Writer","categories":"cs.DS","abstract":"fine"}'

# 200 MB on one line, compressed (about 200 KB on disk).
{ record 1501.00001 Huge; head -c 200000000 /dev/zero | tr '\0' 'x'; printf '"}\n%s\n' "$good"; } |
  gzip -1 >"$WORK/line-200MB.jsonl.gz"
{ record 1501.00003 Abstract; head -c 12000000 /dev/zero | tr '\0' 'y' | sed 's/yyyyyyyyy/lattice  /g'
  printf '"}\n%s\n' "$good"; } >"$WORK/huge-abstract.jsonl"
printf 'lattice\n' >"$WORK/seed.txt"
"$INDEX" -q --db "$WORK/seed.idx" "$WORK/huge-abstract.jsonl" >/dev/null 2>&1 || true

limit_index=$((1024 * 1024))  # KiB
limit_search=$((256 * 1024))
failures=0
printf '%-18s %-15s %12s %8s %6s  %s\n' case program "peak RSS" wall exit verdict
measure() { # name program limit-KiB command...
  local name=$1 program=$2 limit=$3
  shift 3
  local log=$WORK/$name.time
  /usr/bin/time -v -o "$log" "$@" >"$WORK/$name.out" 2>"$WORK/$name.err" || true
  local rss wall status verdict=PASS
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$log")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$log")
  status=$(awk -F': ' '/Exit status/ {print $2}' "$log")
  if [ "$rss" -ge "$limit" ]; then verdict=FAIL; failures=$((failures + 1)); fi
  printf '%-18s %-15s %9d MiB %8s %6s  %s\n' "$name" "$program" $((rss / 1024)) "$wall" "$status" "$verdict"
}
endless() { { record 1501.00009 Endless; head -c 2147483648 /dev/zero | tr '\0' 'z'; }; }

measure endless-line paperdex-index $limit_index \
  bash -c "$(declare -f record endless); endless | '$INDEX' -q --db '$WORK/a.idx' -"
measure gz-200MB-line paperdex-index $limit_index "$INDEX" -q --db "$WORK/b.idx" "$WORK/line-200MB.jsonl.gz"
measure huge-abstract paperdex-index $limit_index "$INDEX" -q --db "$WORK/c.idx" "$WORK/huge-abstract.jsonl"
measure delete-from-zero paperdex-index $limit_index "$INDEX" -q --db "$WORK/seed.idx" --delete-from /dev/zero
measure batch-zero paperdex-search $limit_search "$SEARCH" --db "$WORK/seed.idx" --batch /dev/zero
measure batch-endless paperdex-search $limit_search \
  bash -c "head -c 2147483648 /dev/zero | tr '\\0' q | '$SEARCH' --db '$WORK/seed.idx' --batch /dev/stdin"
echo "targets: paperdex-index < 1 GiB, paperdex-search < 256 MiB; messages in $WORK/*.err"
exit $((failures > 0))
