#!/usr/bin/env bash
# A sharded index, local or served by remote shard servers, must search exactly
# like one index of the same records.
#
#   remote_shards_test.sh PAPERDEX_INDEX PAPERDEX_SEARCH CORPUS_DIR
#
# Indexes CORPUS_DIR twice: into one index, and into two shards
# (--jobs 2 --shards). Serves each shard with its own xapian-tcpsrv bound to
# 127.0.0.1 and runs every query below (paperdex-search --json --limit 20)
# against four layouts:
#   single  the one index: the reference
#   local   the --shards directory itself (a stub of two local shards)
#   remote  a stub of two remote shards ("remote 127.0.0.1:PORT" lines)
#   mixed   a stub of one local shard and one remote shard
#   records the shards of a third build, --jobs 2 --shards --records-in-slot,
#           served the same way: each page brings its hits' records
#           (docs/deployment.md), no document is fetched
# and compares, with the reference: the totals (total, total_exact, match_set,
# all_words_total), every facet count (subject, year; author for one query),
# and the hits in order: id, year, score (to 10 significant digits), whether it
# matched all words, and the rest of the hit (title, authors, snippet). Ties
# too: papers with equal scores or dates come in the order of their date slot
# (date and id, schema::dated_id), never of Xapian's docids, which differ
# between layouts; so every page holds the same papers in the same order, and
# the tie-heavy queries below (one common word, filters alone, offsets)
# check it. It also checks the
# document counts (--stats) and that paperdex-index refuses to add to a
# sharded index.
#
# Exits 77 (ctest: skipped) when xapian-tcpsrv (Debian xapian-tools) is not
# installed. Uses loopback only; the servers are always stopped on exit.
set -euo pipefail

index_bin=${1:?usage: remote_shards_test.sh PAPERDEX_INDEX PAPERDEX_SEARCH CORPUS_DIR}
search_bin=${2:?usage: remote_shards_test.sh PAPERDEX_INDEX PAPERDEX_SEARCH CORPUS_DIR}
corpus=${3:?usage: remote_shards_test.sh PAPERDEX_INDEX PAPERDEX_SEARCH CORPUS_DIR}

if ! command -v xapian-tcpsrv >/dev/null; then
  echo "SKIP: xapian-tcpsrv not found (Debian package xapian-tools); remote shards not tested"
  exit 77
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-remote.XXXXXX")
# shellcheck source=tcpsrv_lib.sh
source "$(dirname "$0")/tcpsrv_lib.sh"
finish() {
  local status=$?
  tcpsrv_stop_all
  rm -rf "$work"
  exit "$status"
}
trap finish EXIT
trap 'exit 130' INT TERM

failures=0
fail() {
  printf 'FAIL: %s\n' "$*" >&2
  failures=$((failures + 1))
}

# --- build both indexes ------------------------------------------------------
# Exit 1 means some records were skipped (the corpus holds a deliberate API
# error response); both builds must skip the same ones.
build() {
  local status=0
  "$index_bin" "$@" "$corpus" >"$work/build.log" 2>&1 || status=$?
  if [ "$status" -gt 1 ]; then
    cat "$work/build.log" >&2
    echo "paperdex-index $* failed (exit $status)" >&2
    exit 1
  fi
  grep -E '^(records read|documents|skipped)' "$work/build.log"
}
build --db "$work/single" >"$work/single.summary"
build --jobs 2 --shards --db "$work/sharded" >"$work/sharded.summary"
build --jobs 2 --shards --records-in-slot --db "$work/records" >"$work/records.summary"
if ! diff -u "$work/single.summary" "$work/sharded.summary" >&2; then
  fail "the single and the sharded build indexed different records"
fi
# Values of slot 7 (schema.h kStoredRecordSlot) that are not empty, in SHARD.
records_in_slot() { xapian-delve -1 -V7 "$1" | grep -c '^[0-9]*:.' || true; }
for shard in shard-0 shard-1; do
  [ -e "$work/sharded/$shard/iamglass" ] || fail "--shards wrote no $shard"
  # --records-in-slot: every paper's record there; without it, none.
  papers=$(xapian-delve "$work/records/$shard" | awk '/^number of documents/ { print $NF }')
  with_record=$(records_in_slot "$work/records/$shard")
  [ "$with_record" = "$papers" ] && [ "$papers" -gt 0 ] ||
    fail "--records-in-slot: $with_record of $papers papers of $shard have their record in slot 7"
  [ "$(records_in_slot "$work/sharded/$shard")" = 0 ] ||
    fail "a build without --records-in-slot wrote records in slot 7 of $shard"
done
grep -qx 'auto shard-0' "$work/sharded/XAPIANDB" || fail "--shards wrote no stub entry for shard-0"

# The incremental writer must refuse a sharded index, and leave it as it was.
status=0
"$index_bin" --quiet --db "$work/sharded" "$corpus" >/dev/null 2>"$work/refused.err" || status=$?
if [ "$status" -ne 2 ] || ! grep -q 'is a sharded index (2 shards)' "$work/refused.err"; then
  cat "$work/refused.err" >&2
  fail "paperdex-index into a sharded index: want exit 2 and 'is a sharded index (2 shards)', got exit $status"
fi
[ ! -e "$work/sharded/iamglass" ] || fail "paperdex-index created a database beside the shard stub"

# --- serve the shards ----------------------------------------------------------
# Each shard by its own xapian-tcpsrv on a free loopback port (tcpsrv_lib.sh),
# gone in 10 minutes even if this script is killed outright.
tcpsrv_start "$work" 600 "$work/sharded/shard-0"
port0=$TCPSRV_PORT
tcpsrv_start "$work" 600 "$work/sharded/shard-1"
port1=$TCPSRV_PORT
tcpsrv_start "$work" 600 "$work/records/shard-0"
records0=$TCPSRV_PORT
tcpsrv_start "$work" 600 "$work/records/shard-1"
records1=$TCPSRV_PORT
mkdir "$work/remote" "$work/mixed" "$work/remote-records"
printf 'remote 127.0.0.1:%s\nremote 127.0.0.1:%s\n' "$port0" "$port1" >"$work/remote/XAPIANDB"
printf 'auto %s\nremote 127.0.0.1:%s\n' "$work/sharded/shard-0" "$port1" >"$work/mixed/XAPIANDB"
printf 'remote 127.0.0.1:%s\nremote 127.0.0.1:%s\n' "$records0" "$records1" \
  >"$work/remote-records/XAPIANDB"
layouts=(local remote mixed records)
declare -A db_of=([single]="$work/single" [local]="$work/sharded" [remote]="$work/remote"
  [mixed]="$work/mixed" [records]="$work/remote-records")

# --- compare -----------------------------------------------------------------------
limit=20
# One paperdex-search --json line -> lines a diff can compare
# (canonical_results.awk says how).
canonical() {
  awk -f "$(dirname "$0")/canonical_results.awk"
}

queries=(
  'optical circuit switch'
  '"circuit switch"'
  'network optimization'
  'title:scheduling'
  'quantum error correction year:2000..'
  '+llm -vision training'
  'author:zhao'
  # Plain words that are names: a name weighs by the share of the word's
  # papers that have it as one, frequencies a remote search learns first.
  'zhao network'
  'chen learning'
  '--any|photonic routing testbed'
  '--sort|newest|quantum'
  '--sort|oldest|graph coloring'
  '--subject|cs.NI|--sort|newest|network'
  '--subject|cs|--year|2013'
  '--offset|7|learning'
  # Ties: one common word (runs of equal scores) across a page boundary,
  # and filters alone (runs of equal dates) in each date order.
  'network'
  '--offset|20|network'
  'year:2013'
  '--offset|40|year:2013'
  '--sort|oldest|subject:cs.IT'
  '--sort|updated|--offset|20|subject:cs'
  '--facet|author|quantum computing'
  '--like|1308.4280'
  'zzzz-no-such-word'
)
# One searcher, its words' frequencies known from the queries before: over
# remote shards a short query is then ranked as if some paper had every word,
# and searched again as any word when its count finds none (photonic banana).
primed="$work/primed-queries.txt"
printf '%s\n' photonic banana 'photonic banana' optical switch 'optical switch' >"$primed"
queries+=("--batch|$primed")
# Wildcards and spelling suggestions read the index's spelling data (the
# words it holds), which Xapian 1.4's remote protocol does not carry, and
# which a --shards build keeps whole in shard-0: with shard-0 local (the local
# and mixed layouts) they must match the single index; over remote shards only
# wildcards still work, against the shards' stems (docs/deployment.md).
local_only=('optim* network' 'quantum compting')
# Exit 1 is a search that found nothing (zzzz-no-such-word), its JSON printed.
run_query() {
  local layout=$1 spec=$2 out=$3 args
  IFS='|' read -r -a args <<<"$spec"
  "$search_bin" --db "${db_of[$layout]}" --json --limit "$limit" "${args[@]}" >"$out" 2>"$out.err" ||
    [ $? -eq 1 ]
}
compared=0
queries+=("${local_only[@]}")
for number in "${!queries[@]}"; do
  spec=${queries[$number]}
  spec_layouts=("${layouts[@]}")
  [ "$number" -lt $((${#queries[@]} - ${#local_only[@]})) ] || spec_layouts=(local mixed)
  ref="$work/q$number-single"
  if ! run_query single "$spec" "$ref.json"; then
    cat "$ref.json.err" >&2
    fail "query '$spec' failed on the single index"
    continue
  fi
  canonical <"$ref.json" >"$ref.canon"
  grep -q '^hit ' "$ref.canon" || [ "$spec" = zzzz-no-such-word ] ||
    fail "query '$spec' finds nothing on the single index: a test that cannot fail"
  for layout in "${spec_layouts[@]}"; do
    out="$work/q$number-$layout"
    if ! run_query "$layout" "$spec" "$out.json"; then
      cat "$out.json.err" >&2
      fail "query '$spec' failed on the $layout layout"
      continue
    fi
    canonical <"$out.json" >"$out.canon"
    if ! diff -u --label "single: $spec" --label "$layout: $spec" "$ref.canon" "$out.canon" >&2; then
      fail "query '$spec': the $layout layout differs from the single index"
    fi
    compared=$((compared + 1))
  done
done

# Document counts through each layout (get_doccount over the wire).
documents() {
  "$search_bin" --db "${db_of[$1]}" --stats --json | grep -o '"documents":[0-9]*'
}
want=$(documents single)
for layout in "${layouts[@]}"; do
  got=$(documents "$layout") || got="(failed)"
  [ "$got" = "$want" ] || fail "--stats on the $layout layout: $got, want $want"
done

echo "compared ${#queries[@]} queries on up to ${#layouts[@]} sharded layouts ($compared comparisons;" \
  "shard servers on 127.0.0.1:$port0 and 127.0.0.1:$port1)"
if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "remote shards: all layouts search like the single index"
