#!/usr/bin/env bash
# A bulk build swapped in under a live server, over and over: what made
# paperdex-serve answer every search with 0 hits. A bulk build killed early
# leaves an empty index; a server is started on it and searched without a
# pause; the same bulk build is then run to the end, which swaps the new
# database directory into place (indexer/src/bulk_builder.cc). Xapian's
# reopen followed the new version file but kept the old tables' files open,
# so the server showed the new document count and none of its terms. Each
# round checks, after the build, that the server's total for a query is the
# one paperdex-search finds in a fresh process, and that /stats counts terms.
# Prints a line per round and, last, "N passed, N failed"; exits 1 when any
# round failed.
#
# usage: bench/bulk_swap_stress.sh [-b BUILD_DIR] [-r ROUNDS] [-n PAPERS]
#   -b BUILD_DIR  a build tree [$PAPERDEX_BUILD_DIR or REPO/build]
#   -r ROUNDS     rounds [20]
#   -n PAPERS     papers the bulk build indexes [10000]
# Time: ~4 s a round of 10,000 papers on 2 cores (ctest runs 3 rounds of 3,000).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$ROOT/bench/bench_lib.sh"
ROUNDS=20
PAPERS=10000
while [ $# -gt 0 ]; do
  case $1 in
  -b) BUILD=${2:?}; shift 2 ;;
  -r) ROUNDS=${2:?}; shift 2 ;;
  -n) PAPERS=${2:?}; shift 2 ;;
  *) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ && "$PAPERS" =~ ^[1-9][0-9]*$ ]] ||
  { echo "bulk_swap_stress: -r and -n take counts" >&2; exit 2; }
INDEX=$BUILD/bin/paperdex-index
SEARCH=$BUILD/bin/paperdex-search
SERVE=$BUILD/bin/paperdex-serve
for program in "$INDEX" "$SEARCH" "$SERVE"; do
  [ -x "$program" ] || { echo "bulk_swap_stress: no $program; build first" >&2; exit 2; }
done
WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-bulk-swap.XXXXXX")
SERVER=
LOAD=
cleanup() {
  stop_round
  rm -rf "$WORK"
}
trap cleanup EXIT

# PAPERS papers of the snapshot format, a third of them about networks.
python3 - "$PAPERS" >"$WORK/papers.jsonl" <<'EOF'
import json, random, sys
words = ["graph", "learning", "optical", "switch", "quantum", "kernel", "sparse", "proof"]
rng = random.Random(7)
for i in range(int(sys.argv[1])):
    text = " ".join(rng.choice(words) for _ in range(60))
    if i % 3 == 0:
        text += " network"
    print(json.dumps({"id": "1501.%05d" % (i + 1), "title": " ".join(rng.choice(words) for _ in range(6)),
                      "authors": "A. Author", "categories": "cs.NI", "abstract": text,
                      "versions": [{"version": "v1", "created": "Mon, 5 Jan 2015 10:00:00 GMT"}],
                      "update_date": "2015-01-06"}))
EOF

# The "total" of a JSON answer on standard input.
json_total() { python3 -c 'import json, sys; print(json.load(sys.stdin)["total"])'; }

http_get() { curl -s --max-time 10 "http://127.0.0.1:$PORT$1"; }

# Stops the server and its searches, if running.
stop_round() {
  [ -n "$LOAD" ] && { kill "$LOAD" 2>/dev/null; wait "$LOAD" 2>/dev/null || true; }
  [ -n "$SERVER" ] && { kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null || true; }
  LOAD= SERVER=
}

# One round; prints its line, and fails when the server's view was wrong.
round() {
  local db=$WORK/swap.idx
  rm -rf "$db"
  # A bulk build killed as soon as its empty index opens (paperdex-search
  # exits 2 while there is no index).
  "$INDEX" --quiet --db "$db" --jobs 2 "$WORK/papers.jsonl" >/dev/null 2>&1 &
  local builder=$! opened
  for _ in $(seq 500); do
    opened=0
    "$SEARCH" --db "$db" --limit 0 network >/dev/null 2>&1 || opened=$?
    [ "$opened" -ne 2 ] && break
    sleep 0.01
  done
  kill -9 "$builder" 2>/dev/null || true
  wait "$builder" 2>/dev/null || true
  bench_start_server "$WORK/server" "$SERVE" --db "$db" --listen 127.0.0.1:0 ||
    { echo "the server did not start"; return 1; }
  (while true; do http_get '/search?q=network' >/dev/null || true; done) >/dev/null 2>&1 &
  LOAD=$!
  if ! "$INDEX" --quiet --db "$db" --jobs 2 "$WORK/papers.jsonl" >"$WORK/build.log" 2>&1; then
    echo "the bulk build failed: $(tail -2 "$WORK/build.log")"
    return 1
  fi
  kill "$LOAD"; wait "$LOAD" 2>/dev/null || true
  LOAD=
  local served expected terms
  served=$(http_get '/search?q=network' | json_total)
  expected=$("$SEARCH" --db "$db" --json network | json_total)
  terms=$(http_get '/stats' | python3 -c 'import json, sys; print(json.load(sys.stdin)["unique_terms"])')
  if [ "$served" != "$expected" ] || [ "$expected" = 0 ] || [ "$terms" = 0 ]; then
    echo "the server found $served, paperdex-search $expected; /stats unique_terms $terms"
    return 1
  fi
  echo "$served hits, as paperdex-search"
}

passed=0 failed=0
for r in $(seq "$ROUNDS"); do
  printf 'round %s: ' "$r"
  if round; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
  stop_round
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
