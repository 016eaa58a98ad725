#!/usr/bin/env bash
# Shards on other hosts (issue 34), each host a network namespace of this run
# (netns_lib.sh): a sharded index's two shards served by xapian-tcpsrv in
# namespaces a and b, searched from the default namespace.
#
#   remote_hosts_test.sh PAPERDEX_INDEX PAPERDEX_SEARCH CORPUS_DIR
#
# 1. Identical pages: 200 queries from the index's own titles (2-3 title
#    words each; a tenth with a filter), --json --limit 10, through a stub of
#    the two remote shards and through two --db tcp://HOST:PORT, compared
#    with one index of the same records (canonical_results.awk), spelling
#    suggestions aside: remote shards have none (docs/deployment.md).
# 2. Failures, each named and bounded by --time-limit (2 s): host a's shard
#    is taken away between two queries of one --batch run (its query file a
#    FIFO), by
#      killed  its server killed
#      down    its link down (packets lost, its connection silent)
#      slow    its packets delayed 3 s each way (netem; on a kernel without
#              netem, "relay-simulated": host a is then searched through a
#              delaying relay in its namespace, tests/netns/delay_relay.py)
#    and at open (link down before the run). Without --allow-partial the run
#    fails naming tcp://HOST:PORT and the stub line, within the time limit and
#    a second (the remote timeout) and a margin; with it, the query is answered
#    by shard b alone, exactly as --db shard-1 answers it, marked "partial" with
#    the missing shard named, within the time limit and the margin.
#
# Exits 77 (ctest: skipped) without root, ip (iproute2) or xapian-tcpsrv.
# Sends nothing outside the namespaces it makes; cleans them up on exit.
set -euo pipefail

index_bin=${1:?usage: remote_hosts_test.sh PAPERDEX_INDEX PAPERDEX_SEARCH CORPUS_DIR}
search_bin=${2:?usage: remote_hosts_test.sh PAPERDEX_INDEX PAPERDEX_SEARCH CORPUS_DIR}
corpus=${3:?usage: remote_hosts_test.sh PAPERDEX_INDEX PAPERDEX_SEARCH CORPUS_DIR}
here=$(cd "$(dirname "$0")" && pwd)

if ! command -v xapian-tcpsrv >/dev/null; then
  echo "SKIP: xapian-tcpsrv not found (Debian package xapian-tools); not tested"
  exit 77
fi
# shellcheck source=netns_lib.sh
source "$here/netns_lib.sh"
netns_require

netns_init
work=$NETNS_WORK
canonical() { awk -f "$here/../remote/canonical_results.awk"; }
now() { date +%s.%N; }
# Whether $2 - $1 seconds is at most $3.
within() { awk -v from="$1" -v to="$2" -v most="$3" 'BEGIN { exit !(to - from <= most) }'; }
seconds() { awk -v from="$1" -v to="$2" 'BEGIN { printf "%.2f", to - from }'; }

# --- the indexes ------------------------------------------------------------------
build() {
  local status=0
  "$index_bin" --quiet "$@" "$corpus" >"$work/build.log" 2>&1 || status=$?
  if [ "$status" -gt 1 ]; then  # 1: the corpus's deliberate bad records skipped
    cat "$work/build.log" >&2
    echo "paperdex-index $* failed (exit $status)" >&2
    exit 1
  fi
}
build --db "$work/single"
build --jobs 2 --shards --db "$work/sharded"

# --- the hosts --------------------------------------------------------------------
# Host a is searched at a_port: its server's port, or, where a slow host needs
# a relay (no netem), the relay's in front of it.
port=7000
a_port=$port
[ "$NETNS_DELAY_KIND" = relay ] && a_port=$((port + 1))
hosts=(a b)
declare -A server_of=([a]="$work/sharded/shard-0" [b]="$work/sharded/shard-1")
start_server() {
  netns_serve "$1" "$port" "${server_of[$1]}"
  if [ "$1" = a ] && [ "$a_port" != "$port" ]; then netns_relay a "$a_port" "$port"; fi
}
for host in "${hosts[@]}"; do
  netns_create "$host"
  netns_veth "$host"
  start_server "$host"
done
a="${NETNS_ADDR[a]}:$a_port"
b="${NETNS_ADDR[b]}:$port"
printf '# two shards on two hosts\nremote %s\nremote %s\n' "$a" "$b" >"$work/stub"

# --- identical pages ------------------------------------------------------------
# Two or three words of a title, from every 16th paper by date; every tenth
# query with a subject or year filter too.
"$search_bin" --db "$work/single" --json --limit 10000 --facets 0 --sort oldest 'year:1900..2100' |
  grep -o '"title":"[^"]*"' | sed 's/^"title":"//; s/"$//' | tr -c 'A-Za-z\n' ' ' |
  awk 'NR % 16 == 1 && count < 200 {
         n = 0; query = ""
         for (i = 1; i <= NF && n < 2 + NR % 2; ++i) if (length($i) > 3) { query = query " " tolower($i); ++n }
         if (n == 0) next
         ++count
         if (count % 20 == 0) query = query " subject:cs"
         else if (count % 20 == 10) query = query " year:2010.."
         print substr(query, 2)
       }' >"$work/queries"
queries=$(wc -l <"$work/queries")
[ "$queries" -eq 200 ] || fail "want 200 reference queries from the index's titles, got $queries"
# Spelling suggestions aside: Xapian 1.4 does not serve spelling data over the
# remote protocol, so remote shards offer none (docs/deployment.md).
run_batch() {
  "$search_bin" "$@" --json --limit 10 --batch "$work/queries" >"$work/out.json" 2>"$work/out.err" ||
    { cat "$work/out.err" >&2; return 1; }
  canonical <"$work/out.json" | grep -v '^meta "suggestion"'
}
run_batch --db "$work/single" >"$work/single.canon" || fail "the 200 queries failed on the single index"
hits=$(grep -c '^hit ' "$work/single.canon")
[ "$hits" -gt 400 ] || fail "the reference queries find $hits hits in all: a test that can hardly fail"
for layout in stub tcp; do
  case $layout in
    stub) args=(--db "$work/stub") ;;
    tcp) args=(--db "tcp://$a" --db "tcp://$b") ;;
  esac
  if ! run_batch "${args[@]}" >"$work/$layout.canon"; then
    fail "the 200 queries failed through the $layout layout"
  elif ! cmp -s "$work/single.canon" "$work/$layout.canon"; then
    diff -u --label single --label "$layout" "$work/single.canon" "$work/$layout.canon" |
      head -40 >&2 || true
    fail "the $layout layout's pages differ from the single index's"
  fi
done
echo "identical pages: $queries queries ($hits hits), one index = stub of two hosts = --db tcp:// x2"

# --- failures --------------------------------------------------------------------
limit=2
margin=1.5
query='network'
# A result without what marks it partial.
unmarked() { canonical | grep -v '^meta "\(partial\|missing_shards\|notes\)'; }
# The answer of shard b alone: what a partial result must be.
"$search_bin" --db "$work/sharded/shard-1" --json --limit 10 "$query" | unmarked >"$work/shard-b.canon"

# Takes host a's shard away as failure $1 says; restore_a undoes it.
break_a() {
  case $1 in
    killed) netns_stop_processes a ;;
    down) netns_link a down ;;
    slow) netns_delay a 3000 ;;
  esac
}
restore_a() {
  netns_link a up
  netns_delay a 0
  netns_stop_processes a
  start_server a
}

# One --batch run through the stub (and $extra options): a first query, then
# host a's shard taken away ($1), then $query; or, for "open", $query alone
# with a's link down from the start. Sets $status and $took (seconds from
# the taking away to the run's end); the run's output is in $work/run.json
# and $work/run.err.
run_failure() {
  local failure=$1 queries="$work/fifo" started pid feed
  rm -f "$queries"
  if [ "$failure" = open ]; then
    queries="$work/one-query"
    echo "$query" >"$queries"
    break_a down
  else
    mkfifo "$queries"
  fi
  started=$(now)
  # Bounded: a search that hangs past its time limit ends here (exit 124).
  timeout 30 "$search_bin" --db "$work/stub" --json --limit 10 --time-limit "$limit" \
    "${extra[@]}" --batch "$queries" >"$work/run.json" 2>"$work/run.err" &
  pid=$!
  if [ "$failure" != open ]; then
    # Read and write: opening never waits for the reader, and the queries
    # wait in the FIFO for it (it opens the file twice: a check, then the run).
    exec {feed}<>"$queries"
    echo 'quantum' >&"$feed"
    sleep 1.5  # the first query is answered meanwhile (milliseconds)
    break_a "$failure"
    started=$(now)
    echo "$query" >&"$feed"
    exec {feed}>&-
  fi
  status=0
  wait "$pid" || status=$?
  [ "$status" -ne 124 ] || echo "$failure: the search hung past its time limit; stopped after 30 s" >&2
  took=$(seconds "$started" "$(now)")
  if [ "$failure" = open ]; then netns_link a up; else restore_a; fi
}

failure_kinds=${PAPERDEX_NETNS_FAILURES:-killed down slow open}
if [ "$NETNS_DELAY_KIND" = none ]; then
  echo "no slow host: this kernel has no netem, and there is no python3 for a relay"
  failure_kinds=${failure_kinds//slow/}
fi
for failure in $failure_kinds; do
  extra=()
  run_failure "$failure"
  bound=$(awk -v l="$limit" -v m="$margin" 'BEGIN { print l + 1 + m }')
  if [ "$status" -ne 2 ]; then
    cat "$work/run.err" >&2
    fail "$failure: want exit 2 without --allow-partial, got $status"
  elif ! grep -qF "tcp://$a ($work/stub:2)" "$work/run.err"; then
    cat "$work/run.err" >&2
    fail "$failure: the error does not name tcp://$a and its stub line"
  fi
  within 0 "$took" "$bound" || fail "$failure: the error took ${took} s, over ${bound} s"
  echo "$failure: error in $took s: $(tail -1 "$work/run.err" | cut -c1-160)..."

  extra=(--allow-partial)
  run_failure "$failure"
  bound=$(awk -v l="$limit" -v m="$margin" 'BEGIN { print l + m }')
  tail -1 "$work/run.json" >"$work/partial.json"
  if [ "$status" -ne 0 ]; then
    cat "$work/run.err" >&2
    fail "$failure: want exit 0 with --allow-partial, got $status"
  elif ! grep -qF "\"partial\":true,\"missing_shards\":[\"tcp://$a\"]" "$work/partial.json"; then
    fail "$failure: the result is not marked partial with tcp://$a missing: $(cut -c1-300 "$work/partial.json")"
  elif ! unmarked <"$work/partial.json" | cmp -s "$work/shard-b.canon" -; then
    unmarked <"$work/partial.json" | diff -u --label "shard-1 alone" --label partial \
      "$work/shard-b.canon" - | head -20 >&2 || true
    fail "$failure: the partial result is not shard b's own"
  fi
  within 0 "$took" "$bound" || fail "$failure: the partial result took ${took} s, over ${bound} s"
  echo "$failure: partial result in $took s"
done
echo "failures: $failure_kinds (slow: 3 s each way, $(netns_delay_label)); time limit $limit s"
netns_finish "remote hosts: identical pages across namespaces; failures named, or partial, in time"
