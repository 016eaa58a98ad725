#!/usr/bin/env bash
# Known-item search: does the paper a person has in mind come first? Draws a
# seeded sample of papers from CORPUS and, for each, the queries of
# bench/known_item.py's SHAPES (pasted title, short title, first four words,
# three words, author + word, id, versioned id, abs link, DOI) with the paper
# as the answer (bench/gen_known_items.py); builds paperdex (Release,
# scripts/lib.sh), indexes CORPUS and runs every query through paperdex-search
# --batch --format json; then, unless --no-peers, the title shapes (the ones
# the peers answer) through ../shared/peers/run.sh with Lucene, plain Xapian
# and FTS5 (one round, nice'd). Prints success@1, success@10 and MRR@10 per
# shape and overall, one row per engine, paperdex first and Lucene beside it.
#
# usage: bench/known-item.sh [options] CORPUS.jsonl
#   CORPUS        arXiv snapshot JSONL (../shared/peers/oai2snapshot.py makes one)
#   --papers N    papers in the sample [400]
#   --seed S      the sample's seed [gen_known_items.py's default]
#   --no-peers    paperdex alone (no Lucene, Xapian or FTS5)
#   --db INDEX    an existing paperdex index of CORPUS instead of a fresh build
#   --keep DIR    keep the queries, answers, results and tables in DIR (it
#                 must not exist or be empty) [a temporary directory, removed]
# env: PEERS ["lucene xapian fts5"] (run.sh's names; paperdex runs apart),
#   PAPERDEX_BUILD_DIR [REPO/build], PEERS_DIR [REPO/../shared/peers].
# Time on 2 shared cores, 102k corpus: gen ~8 s, paperdex's index 1-3 min (none
# with --db), its 2,800 queries ~5 s; the peers ~3.5 min more (plain Xapian's
# indexing ~2 of them).
# A peer whose Debian packages are missing is skipped by run.sh with the
# apt-get line it needs; without ../shared/peers, --no-peers is implied.
set -euo pipefail

usage() {
  sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PEERS_DIR=${PEERS_DIR:-$(realpath -m "$ROOT/../shared/peers")}
GEN_ARGS=()
WITH_PEERS=1
DB=
KEEP=
while [ $# -gt 0 ]; do
  case $1 in
  --papers | --seed) GEN_ARGS+=("$1" "${2:?$1 needs a value}"); shift 2 ;;
  --no-peers) WITH_PEERS=0; shift ;;
  --db) DB=$(realpath "${2:?--db needs an index}"); shift 2 ;;
  --keep) KEEP=${2:?--keep needs a directory}; shift 2 ;;
  -h | --help | -*) usage ;;
  *) break ;;
  esac
done
[ $# -eq 1 ] || usage
[ -f "$1" ] || { echo "known-item: no corpus file $1" >&2; exit 2; }
CORPUS=$(realpath "$1")
[ -z "$DB" ] || [ -d "$DB" ] || { echo "known-item: no index at $DB" >&2; exit 2; }
if [ "$WITH_PEERS" = 1 ] && [ ! -x "$PEERS_DIR/run.sh" ]; then
  echo "known-item: no $PEERS_DIR/run.sh (set PEERS_DIR): paperdex alone" >&2
  WITH_PEERS=0
fi
if [ -n "$KEEP" ]; then
  [ ! -e "$KEEP" ] || [ -z "$(ls -A "$KEEP")" ] || { echo "known-item: $KEEP is not empty" >&2; exit 2; }
  mkdir -p "$KEEP"
  WORK=$(realpath "$KEEP")
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-known-item.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
fi
# shellcheck source=../scripts/lib.sh
source "$ROOT/scripts/lib.sh"
ensure_packages
build_paperdex Release

python3 "$ROOT/bench/gen_known_items.py" "$CORPUS" -o "$WORK" "${GEN_ARGS[@]}"
if [ -z "$DB" ]; then
  DB=$WORK/paperdex-index
  log "indexing $CORPUS into $DB"
  # Exit 1 (some records skipped) leaves a usable index: the log says which.
  nice -n 10 "$BUILD_DIR/bin/paperdex-index" --db "$DB" "$CORPUS" >"$WORK/paperdex-index.log" 2>&1 ||
    [ $? -eq 1 ] || { tail -5 "$WORK/paperdex-index.log" >&2; exit 1; }
fi
log "paperdex: $(wc -l <"$WORK/queries.txt") queries on $DB"
# Exit 2 with per-query errors still answers every query (an error object):
# the scoring counts such a query as not found.
"$BUILD_DIR/bin/paperdex-search" --db "$DB" --batch "$WORK/queries.txt" --format json \
  >"$WORK/paperdex.jsonl" 2>"$WORK/paperdex.err" || [ $? -eq 2 ]
SCORE_ARGS=(--paperdex "$WORK/paperdex.jsonl")

if [ "$WITH_PEERS" = 1 ]; then
  PEERS=${PEERS:-"lucene xapian fts5"}
  log "peers ($PEERS): $(wc -l <"$WORK/peers.txt") title-shape queries"
  # One round is enough: only the top 10 is read, not the latency.
  PEERS=$PEERS ROUNDS=1 WARMUP=0 \
    nice -n 10 "$PEERS_DIR/run.sh" "$CORPUS" "$WORK/peers.txt" "$WORK/peers" >"$WORK/peers.log" 2>&1 ||
    { tail -20 "$WORK/peers.log" >&2; exit 1; }
  grep -E 'skipped|apt-get' "$WORK/peers.log" >&2 || true
  for peer in $PEERS; do
    [ ! -f "$WORK/peers/$peer/q/results.tsv" ] || SCORE_ARGS+=(--peer "$peer=$WORK/peers/$peer/q/results.tsv")
  done
fi

python3 "$ROOT/bench/known_item.py" "$WORK/answers.tsv" "${SCORE_ARGS[@]}" | tee "$WORK/table.md"
[ -z "$KEEP" ] || log "queries, answers, results and table.md kept in $WORK"
