#!/usr/bin/env bash
# Relevance across collections (bench/README.md, "Relevance evaluation"):
#   bench/eval-suite.sh [EVAL_ROOT]
# Runs bench/eval.sh on every BEIR directory under EVAL_ROOT (default
# ../shared/eval beside the repository; a directory counts when it has
# corpus.jsonl and queries.jsonl) and prints one table: each collection's
# nDCG@10, R@100, MAP and failed queries, its main metric as a ratio to plain
# Xapian's defaults, and the geometric mean of those ratios as the last line.
#
# A collection's main metric and plain Xapian's figure come from its BASELINE
# file (one number) and the table in EVAL_ROOT/README.md (the "main metric"
# and "plain Xapian" columns); a collection named in neither is measured but
# left out of the mean. EVAL_SUITE_LOG=DIR keeps each collection's eval.sh
# output there.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ] || [ $# -gt 1 ]; then
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
EVAL_ROOT=${1:-$ROOT/../shared/eval}
[ -d "$EVAL_ROOT" ] || { echo "eval-suite: no directory $EVAL_ROOT" >&2; exit 2; }
EVAL_ROOT=$(cd "$EVAL_ROOT" && pwd)
LOGS=${EVAL_SUITE_LOG:-$(mktemp -d "${TMPDIR:-/tmp}/paperdex-eval-suite.XXXXXX")}
mkdir -p "$LOGS"

# README table rows: | `name/` | what | docs | queries | qrels | metric | baseline |
readme_field() {  # COLLECTION COLUMN(1-based among the cells)
  [ -f "$EVAL_ROOT/README.md" ] || return 0
  awk -F'|' -v name="\`$1/\`" -v col="$2" '
    { gsub(/^ +| +$/, "", $2) }
    $2 == name { v = $(col + 1); gsub(/^ +| +$/, "", v); print v; exit }' "$EVAL_ROOT/README.md"
}

main_metric() {  # COLLECTION -> ndcg10 or map
  local metric
  metric=$(readme_field "$1" 6)
  case "$metric" in
  nDCG*) echo ndcg10 ;;
  MAP*) echo map ;;
  *) echo "" ;;
  esac
}

baseline() {  # COLLECTION -> plain Xapian's figure of the main metric
  local dir=$EVAL_ROOT/$1
  if [ -f "$dir/BASELINE" ]; then
    tr -d '[:space:]' <"$dir/BASELINE"
  else
    readme_field "$1" 7 | tr -d '*'
  fi
}

rows=()
status=0
for dir in "$EVAL_ROOT"/*/; do
  name=$(basename "$dir")
  [ -f "$dir/corpus.jsonl" ] && [ -f "$dir/queries.jsonl" ] || continue
  log="$LOGS/$name.log"
  echo "[eval-suite] $name" >&2
  # eval.sh exits 1 when queries failed; the table reports them.
  rc=0
  "$ROOT/bench/eval.sh" "$dir" >"$log" 2>&1 || rc=$?
  if [ "$rc" -ge 2 ]; then
    echo "[eval-suite] $name: eval.sh failed (exit $rc); see $log" >&2
    tail -5 "$log" >&2
    status=2
    continue
  fi
  figures=$(grep -E '^nDCG@10 ' "$log" | tail -1)
  failed=$(sed -n 's/.* run, \([0-9]*\) failed.*/\1/p' "$log" | tail -1)
  rows+=("$name $figures failed ${failed:-?} metric $(main_metric "$name") baseline $(baseline "$name")")
done

printf '%s\n' "${rows[@]}" | awk '
  BEGIN {
    printf "%-16s %8s %8s %8s %7s %-8s %9s %7s\n", "collection", "nDCG@10", "R@100", "MAP",
           "failed", "main", "plain", "ratio"
    n = 0; logsum = 0
  }
  {
    name = $1; ndcg = $3; recall = $5; map = $7; failed = $9; metric = $11; base = $13
    value = metric == "ndcg10" ? ndcg : metric == "map" ? map : ""
    if (value != "" && base + 0 > 0) {
      ratio = value / base; n++; logsum += log(ratio)
      printf "%-16s %8.4f %8.4f %8.4f %7s %-8s %9.4f %6.3fx\n", name, ndcg, recall, map, failed,
             metric == "ndcg10" ? "nDCG@10" : "MAP", base, ratio
    } else {
      printf "%-16s %8.4f %8.4f %8.4f %7s %-8s %9s %7s\n", name, ndcg, recall, map, failed,
             "-", "-", "-"
    }
  }
  END {
    if (n > 0) printf "geometric mean of %d ratios to plain Xapian: %.3fx\n", n, exp(logsum / n)
    else print "geometric mean: no collection with a baseline"
  }'
exit "$status"
