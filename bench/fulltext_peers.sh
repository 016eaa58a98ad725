#!/usr/bin/env bash
# Searching with bodies, against Lucene (#50): a full-text corpus made from
# the cs harvest and the shared full texts (bench/gen_fulltext_corpus.py:
# 20,000 papers of 6,000+ words of body, snapshot lines with "body"),
# indexed and queried by ../shared/peers/run.sh with PEERS_BODY=1 and
# PEERS="lucene paperdex": 1,000 title queries and 1,000 body phrases in one
# query file. Prints run.sh's table (index time, size, peak RSS, latency)
# and p50/p99 per query set with paperdex's ratio to Lucene's.
#
# usage: bench/fulltext_peers.sh [options] [CORPUS.jsonl]
#   CORPUS         the metadata [the cs harvest, made from
#                  ../shared/data/arxiv-oai-cs-2016 by oai2snapshot.py]
#   --papers N     papers of the corpus [20000]
#   --words W      least words of body a paper [6000]
#   --keep DIR     keep the corpus, indexes and results in DIR (empty or new)
#                  [a temporary directory, removed]
# env: ROUNDS [3], WARMUP [1] (run.sh's), PAPERDEX_BUILD_DIR [REPO/build],
#   SHARED [REPO/../shared].
# Time on 2 shared cores at 20,000 papers: ~40 min (each engine's indexing
# of 900 MB of text most of it).
set -euo pipefail

usage() {
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHARED=${SHARED:-$(realpath -m "$ROOT/../shared")}
PAPERS=20000
WORDS=6000
KEEP=
while [ $# -gt 0 ]; do
  case $1 in
  --papers) PAPERS=${2:?--papers needs a number}; shift 2 ;;
  --words) WORDS=${2:?--words needs a number}; shift 2 ;;
  --keep) KEEP=${2:?--keep needs a directory}; shift 2 ;;
  -h | --help | -*) usage ;;
  *) break ;;
  esac
done
[ $# -le 1 ] || usage
[ -x "$SHARED/peers/run.sh" ] || { echo "fulltext_peers: no $SHARED/peers/run.sh (SHARED)" >&2; exit 2; }
if [ -n "$KEEP" ]; then
  [ ! -e "$KEEP" ] || [ -z "$(ls -A "$KEEP")" ] || { echo "fulltext_peers: $KEEP is not empty" >&2; exit 2; }
  mkdir -p "$KEEP"
  WORK=$(realpath "$KEEP")
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-fulltext-peers.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
fi
# shellcheck source=../scripts/lib.sh
source "$ROOT/scripts/lib.sh"
ensure_packages
ensure_packages "${PAPERDEX_BENCH_PACKAGES[@]}"
build_paperdex Release

if [ $# -eq 1 ]; then
  METADATA=$(realpath "$1")
else
  METADATA=$WORK/cs.jsonl
  log "making the cs harvest a snapshot: $METADATA"
  python3 "$SHARED/peers/oai2snapshot.py" -o "$METADATA" "$SHARED/data/arxiv-oai-cs-2016"
fi
python3 "$ROOT/bench/gen_fulltext_corpus.py" "$METADATA" "$SHARED/data/fulltext" -o "$WORK" \
  --papers "$PAPERS" --words "$WORDS"
cat "$WORK/title-queries.txt" "$WORK/body-queries.txt" >"$WORK/queries.txt"
{
  sed 's/.*/title/' "$WORK/title-queries.txt"
  sed 's/.*/body-phrase/' "$WORK/body-queries.txt"
} >"$WORK/queries.classes"

log "peers: lucene and paperdex on $PAPERS papers with bodies ($(du -h "$WORK/corpus.jsonl" | cut -f1))"
PEERS_BODY=1 PEERS="lucene paperdex" PAPERDEX_BIN=$BUILD_DIR/bin \
  nice -n 10 "$SHARED/peers/run.sh" "$WORK/corpus.jsonl" "$WORK/queries.txt" "$WORK/peers" \
  >"$WORK/peers.log" 2>&1 || { tail -20 "$WORK/peers.log" >&2; exit 1; }
grep -E 'skipped|apt-get' "$WORK/peers.log" >&2 || true
echo
cat "$WORK/peers/table.md"
echo
python3 - "$WORK/queries.classes" "$WORK/peers" <<'EOF'
import math, os, statistics, sys
classes = open(sys.argv[1]).read().split()
def pct(values, p):
    values = sorted(values)
    return values[min(len(values), max(1, math.ceil(p / 100 * len(values)))) - 1]
latency = {}
for peer in ("lucene", "paperdex"):
    path = os.path.join(sys.argv[2], peer, "q", "lat.tsv")
    if not os.path.exists(path):
        sys.exit(f"fulltext_peers: no latencies of {peer} ({path})")
    rounds = {}  # run.sh's lat.tsv: round, qid, total_ms, ...: a query's median over the rounds
    for line in open(path):
        parts = line.split("\t")
        if len(parts) >= 3 and parts[0].strip().isdigit():
            rounds.setdefault(int(parts[1]), []).append(float(parts[2]))
    latency[peer] = {q: statistics.median(v) for q, v in rounds.items()}
print("| query set | queries | Lucene p50 ms | paperdex p50 ms | ratio | Lucene p99 ms | paperdex p99 ms | ratio |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for name in dict.fromkeys(classes):
    qnos = [i for i, c in enumerate(classes) if c == name]
    row = [name, str(len(qnos))]
    for p in (50, 99):
        lucene = pct([latency["lucene"][q] for q in qnos if q in latency["lucene"]], p)
        paperdex = pct([latency["paperdex"][q] for q in qnos if q in latency["paperdex"]], p)
        row += [f"{lucene:.2f}", f"{paperdex:.2f}", f"x{paperdex / lucene:.2f}"]
    print("| " + " | ".join(row) + " |")
EOF
[ -z "$KEEP" ] || log "work kept in $WORK"
