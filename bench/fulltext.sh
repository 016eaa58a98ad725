#!/usr/bin/env bash
# Full text (#50): finding a paper by what a reader remembers of its body,
# the speed of reading PDFs, and what bodies cost metadata searches; beside
# Recoll (Debian recollcmd, its default settings) and pdftotext in the same
# run.
#
# usage: bench/fulltext.sh [options] [CORPUS.jsonl]
#   CORPUS          metadata indexed beside the full texts [the cs harvest,
#                   ../shared/data/arxiv-oai-cs-2016 made a snapshot by
#                   ../shared/peers/oai2snapshot.py]
#   --pdf DIR       the PDFs [../shared/data/fulltext/pdf]
#   --per-paper N   sentences drawn a paper [5] (gen_fulltext_queries.py)
#   --rounds R      rounds of the timed runs; medians are printed [3]
#   --no-recoll     paperdex alone
#   --keep DIR      keep the work (indexes, queries, results) in DIR (empty
#                   or new) [a temporary directory, removed]
# env: PAPERDEX_BUILD_DIR [REPO/build], SHARED [REPO/../shared].
# Prints:
#   1. a reader's memory: queries made from sentences past page 1 of each PDF
#      (six consecutive words, unquoted; four content words in order), with
#      CORPUS, the PDFs and the shared LaTeX sources in one paperdex index
#      and the PDFs alone in Recoll's: success@1, success@10, MRR@10 per
#      kind, and the share of first hits whose passage is on the page the
#      phrase is on (pdftotext's pages)
#   2. reading speed: paperdex-index on the PDF folder (a new index), Recoll's
#      recollindex (a new index), and pdftotext over each PDF one after the
#      other; medians of R rounds and the ratios
#   3. metadata searches with bodies: title queries (1,000, from CORPUS's
#      titles) on CORPUS's index with and without the full texts, p50 and p99
#      (paperdex-query-bench through the library, each query on both indexes
#      in turn)
# Time on 2 shared cores with the cs harvest: ~6 min.
set -euo pipefail

usage() {
  sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHARED=${SHARED:-$(realpath -m "$ROOT/../shared")}
PDF_DIR=$SHARED/data/fulltext/pdf
PER_PAPER=5
ROUNDS=3
WITH_RECOLL=1
KEEP=
while [ $# -gt 0 ]; do
  case $1 in
  --pdf) PDF_DIR=${2:?--pdf needs a folder}; shift 2 ;;
  --per-paper) PER_PAPER=${2:?--per-paper needs a number}; shift 2 ;;
  --rounds) ROUNDS=${2:?--rounds needs a number}; shift 2 ;;
  --no-recoll) WITH_RECOLL=0; shift ;;
  --keep) KEEP=${2:?--keep needs a directory}; shift 2 ;;
  -h | --help | -*) usage ;;
  *) break ;;
  esac
done
[ $# -le 1 ] || usage
[ -d "$PDF_DIR" ] || { echo "fulltext: no PDF folder $PDF_DIR (--pdf, SHARED)" >&2; exit 2; }
PDF_DIR=$(realpath "$PDF_DIR")
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || usage
if [ -n "$KEEP" ]; then
  [ ! -e "$KEEP" ] || [ -z "$(ls -A "$KEEP")" ] || { echo "fulltext: $KEEP is not empty" >&2; exit 2; }
  mkdir -p "$KEEP"
  WORK=$(realpath "$KEEP")
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-fulltext.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
fi
# shellcheck source=../scripts/lib.sh
source "$ROOT/scripts/lib.sh"
ensure_packages
[ "$WITH_RECOLL" = 0 ] || ensure_packages "${PAPERDEX_BENCH_PACKAGES[@]}"
build_paperdex Release
BIN=$BUILD_DIR/bin

if [ $# -eq 1 ]; then
  CORPUS=$(realpath "$1")
else
  CORPUS=$WORK/cs.jsonl
  log "making the cs harvest a snapshot: $CORPUS"
  python3 "$SHARED/peers/oai2snapshot.py" -o "$CORPUS" "$SHARED/data/arxiv-oai-cs-2016"
fi
LATEX_DIR=$SHARED/data/fulltext/latex
FULLTEXT=("$PDF_DIR")
[ ! -d "$LATEX_DIR" ] || FULLTEXT+=("$LATEX_DIR")

median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
# seconds COMMAND...: the wall time of one run, in seconds.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null 2>&1
  end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN {print e - s}'
}
index() {  # index DB INPUT...: a paperdex index; exit 1 (some records skipped) is usable
  nice -n 10 "$BIN/paperdex-index" --db "$@" >"$WORK/index.log" 2>&1 || [ $? -eq 1 ] ||
    { tail -5 "$WORK/index.log" >&2; exit 1; }
}
recoll_index() {  # recoll_index CONFDIR: a new Recoll index of PDF_DIR
  rm -rf "$1"
  mkdir -p "$1"
  echo "topdirs = $PDF_DIR" >"$1/recoll.conf"
  recollindex -c "$1" >"$1/index.log" 2>&1
}

# 1. A reader's memory.
python3 "$ROOT/bench/gen_fulltext_queries.py" "$PDF_DIR" -o "$WORK" --per-paper "$PER_PAPER"
log "indexing $CORPUS and ${FULLTEXT[*]}"
index "$WORK/with-fulltext" "$CORPUS" "${FULLTEXT[@]}"
"$BIN/paperdex-search" --db "$WORK/with-fulltext" --batch "$WORK/queries.txt" --format json \
  >"$WORK/paperdex.jsonl" 2>"$WORK/paperdex.err" || [ $? -eq 2 ]
SCORE_ARGS=(--paperdex "$WORK/paperdex.jsonl")
if [ "$WITH_RECOLL" = 1 ]; then
  recoll_index "$WORK/recoll"
  qno=0
  while IFS= read -r query; do
    recollq -c "$WORK/recoll" -b -n 10 "$query" 2>/dev/null |
      python3 -c '
import sys
sys.path.insert(0, sys.argv[2])
from gen_fulltext_queries import arxiv_id
for rank, url in enumerate((l.strip() for l in sys.stdin if l.startswith("file://")), 1):
    print(f"{sys.argv[1]}\t{rank}\t{arxiv_id(url)}")' "$qno" "$ROOT/bench"
    qno=$((qno + 1))
  done <"$WORK/queries.txt" >"$WORK/recoll.tsv"
  SCORE_ARGS+=(--recoll "$WORK/recoll.tsv")
fi
echo
echo "## A reader's memory: $(wc -l <"$WORK/queries.txt") queries from $(ls "$PDF_DIR" | grep -ci '\.pdf$') PDFs"
echo "paperdex: $(basename "$CORPUS") and the full texts in one index; Recoll: the PDFs alone"
echo
python3 "$ROOT/bench/fulltext_score.py" "$WORK/answers.tsv" "${SCORE_ARGS[@]}"

# 2. Reading speed.
declare -A RUNS=()
for _ in $(seq "$ROUNDS"); do
  rm -rf "$WORK/pdf-only"
  RUNS[paperdex]+="$(seconds "$BIN/paperdex-index" --db "$WORK/pdf-only" "$PDF_DIR") "
  RUNS[pdftotext]+="$(seconds bash -c 'for f in "$1"/*.pdf; do pdftotext -q "$f" - >/dev/null; done' _ "$PDF_DIR") "
  [ "$WITH_RECOLL" = 0 ] || RUNS[recoll]+="$(seconds recoll_index "$WORK/recoll-timed") "
done
echo
echo "## Reading speed: $(ls "$PDF_DIR" | grep -ci '\.pdf$') PDFs, $(du -sh "$PDF_DIR" | cut -f1), median of $ROUNDS rounds"
echo
echo "| reader | seconds | paperdex's time over it |"
echo "|---|---:|---:|"
PAPERDEX_S=$(tr ' ' '\n' <<<"${RUNS[paperdex]}" | grep . | median)
for reader in paperdex pdftotext recoll; do
  [ -n "${RUNS[$reader]:-}" ] || continue
  s=$(tr ' ' '\n' <<<"${RUNS[$reader]}" | grep . | median)
  awk -v r="$reader" -v s="$s" -v p="$PAPERDEX_S" 'BEGIN {printf "| %s | %.2f | %.2f |\n", r, s, p / s}'
done

# 3. Metadata searches with bodies.
log "indexing $CORPUS alone"
index "$WORK/metadata-only" "$CORPUS"
python3 "$SHARED/peers/title_queries.py" "$CORPUS" 1000 -o "$WORK/title-queries.txt"
echo
echo "## Title queries (1,000) with and without the full texts (paperdex-query-bench, median of $ROUNDS rounds)"
echo
echo "Each query runs on both indexes in turn, so that both meet the same moment's load."
echo
echo "| index | p50 ms | p99 ms |"
echo "|---|---:|---:|"
"$BUILD_DIR/bench/perf/paperdex-query-bench" --db "$WORK/metadata-only" --db "$WORK/with-fulltext" \
  --queries "$WORK/title-queries.txt" --rounds "$ROUNDS" --warmup 1 >"$WORK/query-bench.txt" 2>&1
awk '$1 == 1 && NF >= 10 {n = split($10, path, "/"); p50[path[n]] = $2; p99[path[n]] = $4}
  END {
    print "| metadata-only | " p50["metadata-only"] " | " p99["metadata-only"] " |"
    print "| with-fulltext | " p50["with-fulltext"] " | " p99["with-fulltext"] " |"
    if (p50["metadata-only"] > 0)
      printf "\nWith the full texts: p50 %.2fx, p99 %.2fx.\n",
        p50["with-fulltext"] / p50["metadata-only"], p99["with-fulltext"] / p99["metadata-only"]
  }' "$WORK/query-bench.txt"
[ -z "$KEEP" ] || log "work kept in $WORK"
