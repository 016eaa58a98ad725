#!/usr/bin/env bash
# Recommendations (#52), measured by the residual-collection test:
#   bench/recommend.sh BEIR_DIR TAGS.tsv
#       indexes BEIR_DIR as bench/eval.sh does (cached the same way), stores
#       each tag of TAGS.tsv ("tag<TAB>doc_id" lines) in the index and writes
#       the top 100 papers paperdex-search --recommend TAG gives (the library
#       call it makes) as a TREC run: to standard output, or to REC_RUN=FILE.
#   bench/recommend.sh [EVAL_ROOT]
#       the suite: for every collection under EVAL_ROOT (default
#       ../shared/eval) with queries of 6 or more judged-relevant documents,
#       a tag per such query and seed of half of them (drawn with each of
#       REC_SEEDS, default 1,2,3,4,5, pooled: one draw's luck moves a
#       collection's ratio by 15 %), ranked by paperdex and by
#       arxiv-sanity-lite's ranker (Debian's
#       python3-sklearn, bench/recommend_eval.py), the tag's papers left out;
#       MAP@100 scored on the other half. Prints a table: each collection's
#       MAP for both (and for Rocchio's centroid in arxiv-sanity-lite's
#       features, a plain baseline), their ratio (target: paperdex >= 1.10 x
#       the better of arxiv-sanity-lite's two feature settings) and the
#       median time of one
#       recommendation. REC_LOG=DIR keeps the tags, runs and logs there.
#   bench/recommend.sh --speed SNAPSHOT.jsonl [INDEX]
#       speed over an arXiv snapshot (the cs harvest: /tmp/cs.jsonl,
#       bench/README.md): 20 tags, each the papers of one author with 8 to 40
#       papers there (drawn with REC_SEEDS' first), recommended by paperdex
#       (100 hits each, with why) over INDEX (built with paperdex-index when absent; default
#       /tmp/cs-db), and by arxiv-sanity-lite (its SVM's training and scoring,
#       its tf-idf matrix made first, untimed); the median of each and their
#       ratio.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
usage() { sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ] && usage
[ "${1:-}" != "--speed" ] && [ $# -gt 2 ] && usage
# Debian's interpreter: its python3-sklearn is not on another python3 of the PATH.
PYTHON=/usr/bin/python3
SEEDS=${REC_SEEDS:-1,2,3,4,5}

if [ "${1:-}" = "--speed" ]; then
  [ $# -ge 2 ] && [ -f "$2" ] || usage
  source "$ROOT/scripts/lib.sh"
  ensure_packages python3-sklearn
  build_paperdex Release >/dev/null
  index=${3:-/tmp/cs-db}
  [ -d "$index" ] || "$BUILD_DIR/bin/paperdex-index" --db "$index" "$2" >&2
  work=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-recommend-speed.XXXXXX")
  "$PYTHON" "$ROOT/bench/recommend_eval.py" author-tags "$2" "${SEEDS%%,*}" 20 "$work/tags.tsv"
  # Each run's log says why it failed (an index of another schema version).
  "$BUILD_DIR/bench/eval/paperdex-recommend-run" "$index" "$work/tags.tsv" >/dev/null \
    2>"$work/paperdex.log" || { cat "$work/paperdex.log" >&2; exit 1; }
  "$PYTHON" "$ROOT/bench/recommend_eval.py" peer-speed "$2" "$work/tags.tsv" 2>"$work/asl.log" \
    || { cat "$work/asl.log" >&2; exit 1; }
  ours=$(grep -o 'median [0-9.]* ms' "$work/paperdex.log" | awk '{print $2}')
  theirs=$(grep -o 'median [0-9.]* ms' "$work/asl.log" | awk '{print $2}')
  printf 'paperdex %s ms  arxiv-sanity-lite %s ms  (median of 20 tags; ratio %s)\n' "$ours" \
    "$theirs" "$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.3f", a / b }')"
  exit 0
fi

if [ $# -eq 2 ]; then
  [ -f "$2" ] || { echo "recommend.sh: no tags file $2" >&2; exit 2; }
  EVAL_RECOMMEND=$(realpath "$2") EVAL_RUN=${REC_RUN:-} exec "$ROOT/bench/eval.sh" "$1"
fi

source "$ROOT/scripts/lib.sh"
ensure_packages python3-sklearn
EVAL_ROOT=${1:-$ROOT/../shared/eval}
[ -d "$EVAL_ROOT" ] || { echo "recommend.sh: no directory $EVAL_ROOT" >&2; exit 2; }
LOGS=${REC_LOG:-$(mktemp -d "${TMPDIR:-/tmp}/paperdex-recommend.XXXXXX")}
mkdir -p "$LOGS"

map_of() { "$PYTHON" "$ROOT/bench/recommend_eval.py" score "$1" "$2" | awk '{print $2}'; }
median_ms() { grep -o 'median [0-9.]* ms' "$1" | awk '{print $2}'; }

printf '%-16s %5s %9s %9s %9s %9s %7s %9s %9s\n' collection tags paperdex asl asl-older \
  centroid ratio 'pd ms' 'asl ms'
for dir in "$EVAL_ROOT"/*/; do
  name=$(basename "$dir")
  [ -f "$dir/corpus.jsonl" ] && [ -d "$dir/qrels" ] || continue
  tags=$LOGS/$name.tags held=$LOGS/$name.held
  "$PYTHON" "$ROOT/bench/recommend_eval.py" tags "$dir" "$SEEDS" "$tags" "$held"
  [ -s "$tags" ] || continue  # no query with 6 judged-relevant documents
  REC_RUN=$LOGS/$name.paperdex.run "$0" "$dir" "$tags" >"$LOGS/$name.paperdex.log" 2>&1 || {
    cat "$LOGS/$name.paperdex.log" >&2
    exit 1
  }
  "$PYTHON" "$ROOT/bench/recommend_eval.py" peer "$dir" "$tags" "$LOGS/$name.asl.run" current \
    2>"$LOGS/$name.asl.log"
  "$PYTHON" "$ROOT/bench/recommend_eval.py" peer "$dir" "$tags" "$LOGS/$name.asl-older.run" \
    older 2>"$LOGS/$name.asl-older.log"
  "$PYTHON" "$ROOT/bench/recommend_eval.py" peer "$dir" "$tags" "$LOGS/$name.centroid.run" \
    current centroid 2>"$LOGS/$name.centroid.log"
  ours=$(map_of "$held" "$LOGS/$name.paperdex.run")
  centroid=$(map_of "$held" "$LOGS/$name.centroid.run")
  asl=$(map_of "$held" "$LOGS/$name.asl.run")
  older=$(map_of "$held" "$LOGS/$name.asl-older.run")
  ratio=$(awk -v a="$ours" -v b="$asl" -v c="$older" 'BEGIN { m = b > c ? b : c; printf "%.3f", a / m }')
  printf '%-16s %5s %9s %9s %9s %9s %7s %9s %9s\n' "$name" "$(cut -f1 "$tags" | sort -u | wc -l)" \
    "$ours" "$asl" "$older" "$centroid" "$ratio" "$(median_ms "$LOGS/$name.paperdex.log")" \
    "$(median_ms "$LOGS/$name.asl.log")"
done
echo "(MAP@100 on the held-out half; ratio: paperdex / the better arxiv-sanity-lite; logs in $LOGS)"
