#!/usr/bin/env bash
# Shards on other hosts, timed (#34): p50/p99 of one index against its two
# shards served by xapian-tcpsrv from two network namespaces (tests/netns/
# netns_lib.sh: veth pairs on a private subnet), searched from this one, with
# 0 ms and 1 ms added each way (netem; a kernel without netem gets "n/a").
#
# usage: bench/netns_bench.sh [-b BUILD_DIR] [-n QUERIES] INPUT...
#   INPUT       what paperdex-index reads (corpus/, the cs harvest's pages)
#   -n QUERIES  title queries: 2-3 words of every k-th title, k spreading them
#               over the index [1000]
#   -b DIR      a Release build tree [$PAPERDEX_BUILD_DIR or REPO/build]
# Each layout runs the queries once to warm up, then once measured
# (paperdex-search --batch --timings --json, the CLI's defaults: top 10,
# snippets, exact facets); the pages of every layout are checked against the
# single index's (spelling suggestions aside: remote shards have none).
# Needs root, ip (iproute2) and xapian-tcpsrv.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${PAPERDEX_BUILD_DIR:-$ROOT/build}
QUERIES=1000
while [ $# -gt 0 ]; do
  case $1 in
    -b) BUILD=${2:?}; shift 2 ;;
    -n) QUERIES=${2:?}; shift 2 ;;
    -h | --help | -*) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
INDEX=$BUILD/indexer/paperdex-index
SEARCH=$BUILD/searcher/paperdex-search
command -v xapian-tcpsrv >/dev/null || { echo "netns_bench: needs xapian-tcpsrv" >&2; exit 1; }
# shellcheck source=../tests/netns/netns_lib.sh
source "$ROOT/tests/netns/netns_lib.sh"
netns_require
WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-netns-bench.XXXXXX")
netns_on_exit() { rm -rf "$WORK"; }
netns_init
log() { echo "[netns_bench $(date +%H:%M:%S)] $*" >&2; }

log "indexing $* (one index, then two shards)"
"$INDEX" --quiet --jobs 2 --db "$WORK/single" "$@" || [ $? -eq 1 ]
"$INDEX" --quiet --jobs 2 --shards --db "$WORK/sharded" "$@" || [ $? -eq 1 ]

for host in a b; do
  netns_create "$host"
  netns_veth "$host"
done
netns_start a xapian-tcpsrv --interface "${NETNS_ADDR[a]}" --port 7000 "$WORK/sharded/shard-0" \
  >"$WORK/server-a.log" 2>&1
netns_start b xapian-tcpsrv --interface "${NETNS_ADDR[b]}" --port 7000 "$WORK/sharded/shard-1" \
  >"$WORK/server-b.log" 2>&1
netns_wait_port "${NETNS_ADDR[a]}" 7000
netns_wait_port "${NETNS_ADDR[b]}" 7000

# Title queries: 2-3 words (of four letters or more) of every k-th title.
papers=$("$SEARCH" --db "$WORK/single" --stats --json | grep -o '"documents":[0-9]*' | cut -d: -f2)
"$SEARCH" --db "$WORK/single" --json --limit 10000 --facets 0 --sort oldest 'year:1900..2100' |
  grep -o '"title":"[^"]*"' | sed 's/^"title":"//; s/"$//' | tr -c 'A-Za-z\n' ' ' |
  awk -v want="$QUERIES" -v papers="$papers" '
    BEGIN { step = int((papers < 10000 ? papers : 10000) / want); if (step < 1) step = 1 }
    NR % step == 0 && count < want {
      n = 0; query = ""
      for (i = 1; i <= NF && n < 2 + NR % 2; ++i) if (length($i) > 3) { query = query " " tolower($i); ++n }
      if (n == 0) next
      ++count
      print substr(query, 2)
    }' >"$WORK/queries.txt"
log "$(wc -l <"$WORK/queries.txt") title queries over $papers papers"

# Runs the queries through --db $@: warm-up, then measured; prints "p50 p99" (ms).
timed() {
  "$SEARCH" "$@" --json --batch "$WORK/queries.txt" >/dev/null
  "$SEARCH" "$@" --json --batch "$WORK/queries.txt" --timings "$WORK/timings" >"$WORK/out.json"
  cut -f2 "$WORK/timings" | sort -g | awk '{ v[NR] = $1 } END {
    p50 = v[int((NR - 1) * 0.50) + 1]; p99 = v[int((NR - 1) * 0.99) + 1]
    printf "%.2f %.2f\n", p50, p99 }'
}
pages() {
  awk -f "$ROOT/tests/remote/canonical_results.awk" "$WORK/out.json" | grep -v '^meta "suggestion"'
}

read -r base50 base99 < <(timed --db "$WORK/single")
pages >"$WORK/single.pages"
printf '%-38s %9s %9s %8s %8s %s\n' layout p50_ms p99_ms p50_x p99_x pages
row() {
  local name=$1 p50 p99 same
  shift
  read -r p50 p99 < <(timed "$@")
  same=$(cmp -s "$WORK/single.pages" <(pages) && echo identical || echo DIFFER)
  awk -v n="$name" -v a="$p50" -v b="$p99" -v c="$base50" -v d="$base99" -v s="$same" \
    'BEGIN { printf "%-38s %9.2f %9.2f %7.2fx %7.2fx %s\n", n, a, b, a / c, b / d, s }'
}
printf '%-38s %9.2f %9.2f %7.2fx %7.2fx %s\n' "one index" "$base50" "$base99" 1 1 reference
row "local shards (stub)" --db "$WORK/sharded"
row "2 shards across namespaces, +0 ms" --db "tcp://${NETNS_ADDR[a]}:7000" --db "tcp://${NETNS_ADDR[b]}:7000"
if netns_delay a 1 && netns_delay b 1; then
  row "2 shards across namespaces, +1 ms" --db "tcp://${NETNS_ADDR[a]}:7000" \
    --db "tcp://${NETNS_ADDR[b]}:7000"
else
  printf '%-38s %s\n' "2 shards across namespaces, +1 ms" "n/a: this kernel has no netem"
fi
