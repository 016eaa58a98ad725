#!/usr/bin/env bash
# Indexing benchmark: builds a fresh paperdex index of CORPUS ROUNDS times with
# paperdex-index (under GNU time -v) and prints records/s, MB/s (corpus bytes),
# peak RSS, index size and bytes/record per round and their medians; then the
# floor (paperdex-tokenize-floor: read + analyze the same corpus without
# indexing, one core) and how far indexing is from it.
#
# usage: bench/index_bench.sh [-r ROUNDS] [-b BUILD_DIR] [-w WORKDIR] [-x "ARGS"]
#                              [--no-floor] CORPUS...
#   CORPUS     what paperdex-index reads (snapshot JSONL, OAI pages, a directory)
#   -r ROUNDS  fresh builds to run [3]; the median is reported
#   -b DIR     a Release build tree [$PAPERDEX_BUILD_DIR or REPO/build]
#   -w DIR     work directory [${TMPDIR:-/tmp}/paperdex-bench/index]; the last
#              round's index stays in DIR/index (bench/query_bench.sh can use it)
#   -x "ARGS"  more paperdex-index options, split at spaces: -x "-j 1", -x --incremental
#   --no-floor skip the floor
# Build first: cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j2
# Needs GNU time (apt-get install time). Run nothing else heavy meanwhile.
set -euo pipefail

usage() {
  sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/bench/bench_lib.sh"
WORK=${TMPDIR:-/tmp}/paperdex-bench/index
FLOOR=1
EXTRA=()
while [ $# -gt 0 ]; do
  case $1 in
  -r) ROUNDS=${2:?}; shift 2 ;;
  -b) BUILD=${2:?}; shift 2 ;;
  -w) WORK=${2:?}; shift 2 ;;
  -x) read -ra EXTRA <<<"${2:?}"; shift 2 ;;
  --no-floor) FLOOR=0; shift ;;
  -h | --help) usage ;;
  --) shift; break ;;
  -*) usage ;;
  *) break ;;
  esac
done
[ $# -ge 1 ] || usage
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || usage
INDEXER=$BUILD/bin/paperdex-index
FLOOR_BIN=$BUILD/bench/perf/paperdex-tokenize-floor
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "index_bench: needs GNU time: apt-get install -y time" >&2; exit 1; }
[ -x "$INDEXER" ] || { echo "index_bench: no $INDEXER; build first (see --help)" >&2; exit 1; }
CORPUS=()
for c in "$@"; do
  [ -e "$c" ] || { echo "index_bench: no such input: $c" >&2; exit 2; }
  CORPUS+=("$(realpath "$c")")
done
mkdir -p "$WORK"
WORK=$(realpath "$WORK")
CORPUS_BYTES=$(du -sbL "${CORPUS[@]}" | awk '{s += $1} END {print s}')

log() { echo "[index_bench $(date +%H:%M:%S)] $*" >&2; }
# GNU time -v "Elapsed (wall clock) time (h:mm:ss or m:ss): 1:02.03" -> seconds
wall_seconds() { awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s}' "$1"; }
time_field() { awk -F': ' -v k="$2" 'index($0, k) {print $2}' "$1"; }

log "corpus: ${CORPUS[*]} ($(awk -v b="$CORPUS_BYTES" 'BEGIN {printf "%.1f MB", b / 1e6}'))"
log "indexer: $INDEXER ${EXTRA[*]} ($(date -r "$INDEXER" -Is)); $ROUNDS round(s); work dir $WORK"
ROWS=$WORK/rounds.tsv
printf 'round\trecords\twall_s\tcpu_s\trec_per_s\tMB_per_s\tpeak_rss_MB\tindex_MB\tbytes_per_rec\tcpu_rec_per_s\n' >"$ROWS"
for r in $(seq 1 "$ROUNDS"); do
  rm -rf "$WORK/index"
  sync
  log "round $r/$ROUNDS: paperdex-index --db $WORK/index"
  status=0
  # Not --quiet, which leaves out the summary this reads the record count from;
  # progress goes to the .err file as a line every ten seconds.
  "$TIME" -v -o "$WORK/index.$r.time" "$INDEXER" "${EXTRA[@]}" --db "$WORK/index" "${CORPUS[@]}" \
    >"$WORK/index.$r.out" 2>"$WORK/index.$r.err" || status=$?
  if [ "$status" -ge 2 ]; then
    log "paperdex-index failed (exit $status):"
    tail -5 "$WORK/index.$r.err" >&2
    exit 1
  fi
  [ "$status" = 0 ] || log "some records were skipped (exit 1): see $WORK/index.$r.err"
  records=$(awk '/^records read/ {gsub(",", "", $3); print $3}' "$WORK/index.$r.out")
  wall=$(wall_seconds "$WORK/index.$r.time")
  cpu=$(awk -v u="$(time_field "$WORK/index.$r.time" "User time")" \
    -v s="$(time_field "$WORK/index.$r.time" "System time")" 'BEGIN {print u + s}')
  rss_kb=$(time_field "$WORK/index.$r.time" "Maximum resident set size")
  size=$(du -sb "$WORK/index" | cut -f1)
  awk -v r="$r" -v n="$records" -v w="$wall" -v c="$cpu" -v rss="$rss_kb" -v sz="$size" \
    -v b="$CORPUS_BYTES" 'BEGIN {printf "%d\t%d\t%.2f\t%.2f\t%.0f\t%.2f\t%.0f\t%.1f\t%.0f\t%.0f\n",
      r, n, w, c, n / w, b / 1e6 / w, rss / 1024, sz / 1e6, sz / n, n / c}' >>"$ROWS"
  tail -1 "$ROWS" | awk -F'\t' '{printf "  %s records in %s s (cpu %s s): %s rec/s, %s MB/s, peak RSS %s MB, index %s MB\n", $2, $3, $4, $5, $6, $7, $8}' >&2
done

col() { awk -F'\t' -v c="$1" 'NR > 1 {print $c}' "$ROWS" | bench_median; }
REC_S=$(col 5)
echo "== paperdex-index: $(basename "${CORPUS[0]}")$([ ${#CORPUS[@]} -gt 1 ] && echo " +$((${#CORPUS[@]} - 1))"), $(col 2) records, $(awk -v b="$CORPUS_BYTES" 'BEGIN {printf "%.1f", b / 1e6}') MB; median of $ROUNDS round(s)"
column -t -s $'\t' "$ROWS"
CPU_REC_S=$(col 10)
printf 'median records/s        %.0f   (per CPU second %.0f)\n' "$REC_S" "$CPU_REC_S"
printf 'median MB/s             %.2f\n' "$(col 6)"
printf 'median wall s           %.2f   (cpu %.2f s)\n' "$(col 3)" "$(col 4)"
printf 'median peak RSS MB      %.0f\n' "$(col 7)"
printf 'median index MB         %.1f\n' "$(col 8)"
printf 'median bytes/record     %.0f\n' "$(col 9)"

if [ "$FLOOR" = 1 ]; then
  if [ ! -x "$FLOOR_BIN" ]; then
    log "no $FLOOR_BIN: floor skipped (build the bench targets)"
    exit 0
  fi
  log "floor: paperdex-tokenize-floor --repeat $ROUNDS"
  "$FLOOR_BIN" --repeat "$ROUNDS" "${CORPUS[@]}" | tee "$WORK/floor.txt"
  # wall-clock rates, then the same per CPU second (steadier on a shared machine)
  awk -v i="$REC_S" -v ic="$CPU_REC_S" '
    $1 == "tokenize" {f = $6; fc = $11}
    $1 == "build" {b = $6; bc = $11}
    END {
      printf "floor (read + tokenize)  %.0f records/s (per CPU second %.0f)\n", f, fc
      printf "indexing / floor         %.1f%% wall, %.1f%% CPU (the floor is %.1fx / %.1fx faster)\n", 100 * i / f, 100 * ic / fc, f / i, fc / ic
      printf "read + build documents   %.0f records/s (per CPU second %.0f): the rest of indexing, Xapian writing and merging, is %.0f%% of its CPU time\n", b, bc, 100 * (1 / ic - 1 / bc) * ic
    }' "$WORK/floor.txt"
fi
