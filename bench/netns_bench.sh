#!/usr/bin/env bash
# Shards on other hosts, timed (#34): p50/p99 of one index against its two
# shards served by xapian-tcpsrv from two network namespaces (tests/netns/
# netns_lib.sh: veth pairs on a private subnet), searched from this one, with
# 0 ms and 1 ms added each way: netem where the kernel has it; without netem,
# "relay-simulated": each shard searched through a relay in its namespace
# (tests/netns/delay_relay.py) that passes each chunk on after the delay, and
# a +0 ms row through the relays too, for the relays' own cost. The shards
# are built as docs/deployment.md builds them (--records-in-slot: a page
# brings its hits' records); each row is run on shards built without it too
# ("documents fetched": a hit's document an exchange of its own).
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
    -h | --help | -*) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
INDEX=$BUILD/bin/paperdex-index
SEARCH=$BUILD/bin/paperdex-search
command -v xapian-tcpsrv >/dev/null || { echo "netns_bench: needs xapian-tcpsrv" >&2; exit 1; }
# shellcheck source=../tests/netns/netns_lib.sh
source "$ROOT/tests/netns/netns_lib.sh"
netns_require
netns_init
WORK=$NETNS_WORK
log() { echo "[netns_bench $(date +%H:%M:%S)] $*" >&2; }

log "indexing $* (one index, then two shards with their records in a slot, then without)"
"$INDEX" --quiet --jobs 2 --db "$WORK/single" "$@" || [ $? -eq 1 ]
"$INDEX" --quiet --jobs 2 --shards --records-in-slot --db "$WORK/sharded" "$@" || [ $? -eq 1 ]
"$INDEX" --quiet --jobs 2 --shards --db "$WORK/fetched" "$@" || [ $? -eq 1 ]

declare -A shard_of=([a]=shard-0 [b]=shard-1)
for host in a b; do
  netns_create "$host"
  netns_veth "$host"
  netns_serve "$host" 7000 "$WORK/sharded/${shard_of[$host]}"
  netns_serve "$host" 7100 "$WORK/fetched/${shard_of[$host]}"
  # Without netem, port +1 is a relay in front of the server (its delay: netns_delay).
  if [ "$NETNS_DELAY_KIND" = relay ]; then
    netns_relay "$host" 7001 7000
    netns_relay "$host" 7101 7100
  fi
done

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
printf '%-66s %9s %9s %8s %8s %s\n' layout p50_ms p99_ms p50_x p99_x pages
row() {
  local name=$1 p50 p99 same
  shift
  read -r p50 p99 < <(timed "$@")
  same=$(cmp -s "$WORK/single.pages" <(pages) && echo identical || echo DIFFER)
  awk -v n="$name" -v a="$p50" -v b="$p99" -v c="$base50" -v d="$base99" -v s="$same" \
    'BEGIN { printf "%-66s %9.2f %9.2f %7.2fx %7.2fx %s\n", n, a, b, a / c, b / d, s }'
}
printf '%-66s %9.2f %9.2f %7.2fx %7.2fx %s\n' "one index" "$base50" "$base99" 1 1 reference
row "local shards (stub)" --db "$WORK/sharded"
across() { # PORT: the two shards' --db
  echo --db "tcp://${NETNS_ADDR[a]}:$1" --db "tcp://${NETNS_ADDR[b]}:$1"
}
# across_rows NAME PORT: the row of the shards with their records at PORT,
# then of those without at PORT + 100.
across_rows() {
  # shellcheck disable=SC2046
  row "$1" $(across "$2")
  # shellcheck disable=SC2046
  row "$1, documents fetched" $(across $(($2 + 100)))
}
across_rows "2 shards across namespaces, +0 ms" 7000
case $NETNS_DELAY_KIND in
  netem)
    netns_delay a 1
    netns_delay b 1
    across_rows "2 shards across namespaces, +1 ms (netem)" 7000
    ;;
  relay)
    across_rows "2 shards across namespaces, +0 ms relay-simulated" 7001
    netns_delay a 1
    netns_delay b 1
    across_rows "2 shards across namespaces, +1 ms relay-simulated" 7001
    ;;
  *) printf '%-66s %s\n' "2 shards across namespaces, +1 ms" "n/a: neither netem nor python3" ;;
esac
