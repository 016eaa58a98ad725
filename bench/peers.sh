#!/usr/bin/env bash
# paperdex beside SQLite FTS5, plain Xapian and Lucene 8 in one run: builds
# paperdex (Release, scripts/lib.sh), makes the real cs-2016 corpus and the
# reference query set if they are not given, and runs ../shared/peers/run.sh
# with PAPERDEX_BIN pointing at the build. The table it prints (and leaves in
# WORKDIR/table.md) has the ratios vs the first peer (Lucene by default).
#
# usage: bench/peers.sh [CORPUS.jsonl QUERIES.txt [WORKDIR]]
#   CORPUS   arXiv snapshot JSONL [the 102,538 records of
#            ../shared/data/arxiv-oai-cs-2016, converted once into
#            ${TMPDIR:-/tmp}/paperdex-bench/cs.jsonl]
#   QUERIES  plain keyword queries, no filters (the peers do not know them)
#            [title_queries.py's reference set: 1000 queries, default seed,
#            with its .classes file for the per-class table]
#   WORKDIR  run.sh's work directory [its default]
# env: PEERS ["lucene paperdex xapian fts5"], ROUNDS [3], WARMUP [1],
#   INDEX_REPEAT [1], KEEP_INDEX [0] ... (run.sh without arguments lists them),
#   PAPERDEX_BUILD_DIR [REPO/build], PEERS_DIR [REPO/../shared/peers].
# Time on 2 cores, 102k corpus: Lucene ~20 s, FTS5 ~10 s, plain Xapian ~2.5 min
# (scriptindex), 4 query rounds each ~1 min together, plus paperdex's own
# indexing (about 102538 / its records/s) and 4 x its query rounds: measured
# ~5 min for all four peers after the build (which lib.sh skips when current).
# The peers' Debian packages are not installed here: run.sh skips a peer whose
# packages are missing and prints the apt-get line (see ../shared/peers/README.md).
set -euo pipefail

if [ $# -eq 1 ] || [ $# -gt 3 ] || [[ "${1:-}" == -* ]]; then
  sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PEERS_DIR=${PEERS_DIR:-$(realpath -m "$ROOT/../shared/peers")}
[ -x "$PEERS_DIR/run.sh" ] || { echo "peers.sh: no $PEERS_DIR/run.sh (set PEERS_DIR)" >&2; exit 1; }
# shellcheck source=../scripts/lib.sh
source "$ROOT/scripts/lib.sh"
ensure_packages
build_paperdex Release

DATA=${TMPDIR:-/tmp}/paperdex-bench
mkdir -p "$DATA"
if [ $# -ge 2 ]; then
  CORPUS=$(realpath "$1")
  QUERIES=$(realpath "$2")
else
  CORPUS=$DATA/cs.jsonl
  QUERIES=$DATA/cs-q1k.txt
  if [ ! -s "$CORPUS" ]; then
    log "converting ../shared/data/arxiv-oai-cs-2016 into $CORPUS"
    python3 "$PEERS_DIR/oai2snapshot.py" "$ROOT/../shared/data/arxiv-oai-cs-2016" >"$CORPUS.tmp"
    mv "$CORPUS.tmp" "$CORPUS"
  fi
  if [ ! -s "$QUERIES" ]; then
    python3 "$PEERS_DIR/title_queries.py" "$CORPUS" 1000 -o "$QUERIES" \
      --classes "${QUERIES%.txt}.classes"
  fi
fi

BIN=$DATA/bin
mkdir -p "$BIN"
ln -sf "$BUILD_DIR/bin/paperdex-index" "$BUILD_DIR/bin/paperdex-search" "$BIN/"
log "corpus $CORPUS, queries $QUERIES, paperdex from $BUILD_DIR"
PAPERDEX_BIN=$BIN exec "$PEERS_DIR/run.sh" "$CORPUS" "$QUERIES" ${3:+"$3"}
