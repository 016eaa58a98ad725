#!/usr/bin/env bash
# Ctrl-C (SIGINT) during paperdex-index runs: the run stops at the next record,
# says what it kept, exits 130, and the index holds what it says.
#   - a new index built in bulk: nothing committed, the index as it was;
#   - an existing index updated in batches: the batches committed stay, the
#     open one is dropped.
# Records come through a pipe the test holds open, so the signal always falls
# while the run is reading, whatever the machine's speed. (They are large:
# the readers take their input in chunks of 256 KiB.)
#
# usage: tests/interrupt/interrupted_runs_test.sh PAPERDEX_INDEX PAPERDEX_SEARCH
set -euo pipefail
INDEX=${1:?usage: $0 PAPERDEX_INDEX PAPERDEX_SEARCH}
SEARCH=${2:?usage: $0 PAPERDEX_INDEX PAPERDEX_SEARCH}
work=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-interrupt.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=0
fail() { echo "FAILED: $*"; failed=$((failed + 1)); }

python3 - >"$work/papers.jsonl" <<'PY'
import json
for i in range(1200):
    print(json.dumps({"id": "1501.%05d" % (i + 1), "title": "paper number %d about graphs" % i,
                      "authors": "A. Author", "categories": "cs.DS",
                      "abstract": "graphs and more graphs %d " % i + "words " * 500,
                      "versions": [{"version": "v1", "created": "Mon, 5 Jan 2015 10:00:00 GMT"}],
                      "update_date": "2015-01-06"}))
PY

# papers DB: how many papers the index at DB holds.
papers() { "$SEARCH" --db "$1" --json --limit 0 graphs | python3 -c 'import json, sys; print(json.load(sys.stdin)["total"])'; }

# interrupted DB ARGS...: feeds 1,000 records on standard input, sends SIGINT,
# then 10 more records; sets STATUS and leaves standard error in $work/err.
interrupted() {
  local db=$1
  shift
  coproc INDEXER { exec "$INDEX" --db "$db" "$@" - 2>"$work/err" >/dev/null; }
  local pid=$INDEXER_PID input=${INDEXER[1]}
  head -n 1000 "$work/papers.jsonl" >&"$input"
  sleep 1
  kill -INT "$pid"
  sleep 0.3
  sed -n 1001,1010p "$work/papers.jsonl" >&"$input" 2>/dev/null || true
  eval "exec $input>&-"
  STATUS=0
  wait "$pid" || STATUS=$?
}

# A bulk build of a new index.
interrupted "$work/bulk.idx" --jobs 2
[ "$STATUS" -eq 130 ] || fail "bulk build: exit $STATUS, not 130"
grep -q 'interrupted: [1-9][0-9,]* records read, nothing committed; the index is as it was' "$work/err" ||
  fail "bulk build: said: $(cat "$work/err")"
[ "$(papers "$work/bulk.idx")" = 0 ] || fail "bulk build: the index holds $(papers "$work/bulk.idx") papers"

# Batches of 300 into an index holding 10 papers.
sed -n 1101,1110p "$work/papers.jsonl" >"$work/first.jsonl"
"$INDEX" --quiet --db "$work/batched.idx" "$work/first.jsonl"
interrupted "$work/batched.idx" --batch 300
[ "$STATUS" -eq 130 ] || fail "batched run: exit $STATUS, not 130"
kept=$(sed -n 's/.*the batches committed before it stay (\([0-9,]*\) papers in the index).*/\1/p' "$work/err" | tr -d ,)
held=$(papers "$work/batched.idx")
[ -n "$kept" ] && [ "$kept" = "$held" ] || fail "batched run: said: $(cat "$work/err"); the index holds $held papers"
[ $(((held - 10) % 300)) -eq 0 ] && [ "$held" -ge 910 ] || fail "batched run: $held papers is not 10 and whole batches"

# Run again, it completes.
"$INDEX" --quiet --db "$work/batched.idx" "$work/papers.jsonl" || fail "the run after: exit $?"
[ "$(papers "$work/batched.idx")" = 1200 ] || fail "the run after: $(papers "$work/batched.idx") papers, not 1200"

[ "$failed" -eq 0 ] && echo "interrupted runs: every check passed"
[ "$failed" -eq 0 ]
