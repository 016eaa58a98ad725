#!/usr/bin/env bash
# Remote shards against one index: paperdex-search --batch QUERIES --timings
# --json (the CLI's defaults: top 10, snippets, exact facets, suggestions) on
# three layouts of the same records:
#   single  one index (the reference)
#   local   its --jobs 2 --shards --records-in-slot build (docs/deployment.md):
#           a stub of two local shards
#   remote  the same two shards, each served by xapian-tcpsrv on 127.0.0.1
# and prints p50/p99 of each (in-process per query, as --timings measures it;
# a query's latency is its median over the rounds), their ratios to one
# index, and how many of the pages are identical to one index's (the whole
# JSON line, scores to 10 significant digits: a sum over shards may differ in
# the last bit; the spelling suggestion apart, counted on a line of its own:
# remote shards carry none). Targets (issue 34): remote p50 <= x2, p99 <= x3.
#
# usage: bench/remote_bench.sh [-r ROUNDS] [-w WARMUP] [-k DIR] [-p PASSES] [-b BUILD_DIR] CORPUS QUERIES
#   CORPUS      arXiv snapshot JSONL (bench/README.md: the cs harvest, /tmp/cs.jsonl)
#   QUERIES     one query a line (../shared/peers/title_queries.py: cs-q1k.txt)
#   -r ROUNDS   measured rounds per layout [3], the layouts taken in turn
#   -w WARMUP   warm-up rounds per layout, discarded [1]
#   -k DIR      keep the two indexes in DIR and reuse them on the next run
#               (rebuilt when CORPUS is newer or their options differ);
#               default: a temporary directory
#   -s ARGS     the shards' paperdex-index options besides --jobs 2 --shards
#               [--records-in-slot]; none: no others (each hit's document an
#               exchange of its own)
#   -p PASSES   each --batch runs the queries PASSES times over and the last
#               pass is measured [1]; with 2, the searcher knows every word's
#               frequency before it reads a query (no exchange to learn them)
#   -b DIR      a Release build tree [$PAPERDEX_BUILD_DIR or REPO/build]
# Needs xapian-tcpsrv (Debian xapian-tools) and python3. Loopback only; the
# shard servers are stopped on exit. On 2 cores, the cs harvest (102k papers):
# ~2 min to index both layouts, then ~1 min per round of the three layouts.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=bench_lib.sh
source "$ROOT/bench/bench_lib.sh"
KEEP=
SHARD_ARGS=--records-in-slot
PASSES=1
bench_rounds_options 33 "k:KEEP s:SHARD_ARGS p:PASSES" "$@"
[[ "$PASSES" =~ ^[1-9]$ ]] || { echo "remote_bench: -p takes 1 to 9" >&2; exit 2; }
[ "$SHARD_ARGS" != none ] || SHARD_ARGS=""
CORPUS=$(realpath "$BENCH_INPUT")
[ -f "$CORPUS" ] || { echo "remote_bench: no corpus $BENCH_INPUT" >&2; exit 2; }
INDEX=$BUILD/bin/paperdex-index
SEARCH=$BUILD/bin/paperdex-search
for bin in "$INDEX" "$SEARCH"; do
  [ -x "$bin" ] || { echo "remote_bench: no $bin; build first" >&2; exit 1; }
done
command -v xapian-tcpsrv >/dev/null ||
  { echo "remote_bench: needs xapian-tcpsrv: apt-get install -y xapian-tools" >&2; exit 1; }

WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-remote-bench.XXXXXX")
# shellcheck source=../tests/remote/tcpsrv_lib.sh
source "$ROOT/tests/remote/tcpsrv_lib.sh"
finish() {
  tcpsrv_stop_all
  rm -rf "$WORK"
}
trap finish EXIT
trap 'exit 130' INT TERM
log() { echo "[remote_bench $(date +%H:%M:%S)] $*" >&2; }

# --- the two indexes -------------------------------------------------------------
DATA=${KEEP:-$WORK}
mkdir -p "$DATA"
build() { # DIR ARGS...: exit 1 (some records skipped) is fine
  local dir=$1 status=0
  shift
  if [ -f "$dir.built" ] && [ "$dir.built" -nt "$CORPUS" ] &&
    [ "$(cat "$dir.built")" = "$*" ]; then return; fi
  rm -rf "$dir" "$dir.built"
  log "indexing $CORPUS into $dir ($*)"
  nice -n 5 "$INDEX" --quiet "$@" --db "$dir" "$CORPUS" >"$WORK/index.log" 2>&1 || status=$?
  [ "$status" -le 1 ] || { tail -5 "$WORK/index.log" >&2; exit 1; }
  echo "$*" >"$dir.built"
}
build "$DATA/single"
# shellcheck disable=SC2086 # the options are words
build "$DATA/sharded" --jobs 2 --shards $SHARD_ARGS

# --- the shard servers (tests/remote/tcpsrv_lib.sh, as remote_shards_test.sh) -----
tcpsrv_start "$WORK" 3600 "$DATA/sharded/shard-0"
port0=$TCPSRV_PORT
tcpsrv_start "$WORK" 3600 "$DATA/sharded/shard-1"
port1=$TCPSRV_PORT
mkdir "$WORK/remote"
printf 'remote 127.0.0.1:%s\nremote 127.0.0.1:%s\n' "$port0" "$port1" >"$WORK/remote/XAPIANDB"

# --- the rounds ------------------------------------------------------------------
bench_query_lines "$QUERIES" "$WORK/queries.txt"
for _ in $(seq "$PASSES"); do cat "$WORK/queries.txt"; done >"$WORK/batch.txt"
layouts=(single local remote)
declare -A db_of=([single]="$DATA/single" [local]="$DATA/sharded" [remote]="$WORK/remote")
log "$(wc -l <"$WORK/queries.txt") queries, $WARMUP warm-up + $ROUNDS rounds per layout"
for r in $(seq $((-WARMUP)) $((ROUNDS - 1))); do
  for layout in "${layouts[@]}"; do
    tag=$layout-$([ "$r" -lt 0 ] && echo "w$((r + WARMUP))" || echo "r$r")
    "$SEARCH" --db "${db_of[$layout]}" --batch "$WORK/batch.txt" --timings "$WORK/$tag.tsv" \
      --json >"$WORK/$tag.jsonl" 2>"$WORK/$tag.err" ||
      grep -q . "$WORK/$tag.tsv" || { tail -5 "$WORK/$tag.err" >&2; exit 1; }
    log "$tag: $(awk -F'\t' '{s += $2} END {printf "%.0f", s}' "$WORK/$tag.tsv") ms in-process"
  done
done

python3 - "$WORK" "$ROUNDS" "$(wc -l <"$WORK/queries.txt")" "${layouts[@]}" <<'EOF'
import json, math, statistics, sys
work, rounds, queries, layouts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]

def pct(values, p):  # nearest rank
    s = sorted(values)
    return s[min(max(1, math.ceil(p / 100 * len(s))), len(s)) - 1]

def latencies(layout):
    per_round = []
    for r in range(rounds):
        per_round.append({int(q): float(ms) for q, ms in
                          (line.split("\t") for line in open("%s/%s-r%d.tsv" % (work, layout, r)))})
    last_pass = sorted(per_round[0])[-queries:]  # -p: the pass measured
    return [statistics.median(rnd[q] for rnd in per_round) for q in last_pass]

def rounded(value):  # scores: a sum over shards may differ in the last bit
    if isinstance(value, float):
        return float("%.10g" % value)
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rounded(v) for v in value]
    return value

def pages(layout):  # (the page without its suggestion, the suggestion)
    out = []
    for line in open("%s/%s-r0.jsonl" % (work, layout)).readlines()[-queries:]:
        page = rounded(json.loads(line))
        out.append((page, page.pop("suggestion", None)))
    return out

reference = pages(layouts[0])
base = latencies(layouts[0])
notes = []
print("| layout | p50 ms | p99 ms | p50 ratio | p99 ratio | pages identical |")
print("|---|---|---|---|---|---|")
for layout in layouts:
    lat = latencies(layout)
    got = pages(layout) if len(pages(layout)) == len(reference) else [(None, None)] * len(reference)
    same = sum(1 for a, b in zip(reference, got) if a[0] == b[0])
    other_suggestion = sum(1 for a, b in zip(reference, got) if a[1] != b[1])
    if other_suggestion:
        notes.append("%s: %d suggestions differ (Xapian 1.4's remote protocol carries no "
                     "spelling table: docs/deployment.md)" % (layout, other_suggestion))
    print("| %s | %.2f | %.2f | x%.2f | x%.2f | %d of %d |" % (
        layout, pct(lat, 50), pct(lat, 99), pct(lat, 50) / pct(base, 50),
        pct(lat, 99) / pct(base, 99), same, len(reference)))
for note in notes:
    print(note)
EOF
