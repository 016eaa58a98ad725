#!/usr/bin/env bash
# A search whose time limit has run out, two at a time, over and over: what
# made Xapian 1.4's own time limit corrupt the stack (its timer's thread writes
# into the matcher's stack frame after the frame is gone; matcher.h
# count_every_match). The search of the integration test "a query of many
# wildcards is bounded in words and in time": 676 wildcards, --facet author,
# --time-limit 0.000001. Prints each run that did not exit 0 or 1 (its status and
# the sanitizer's or the shell's line on it) and, last, "crashed N of M". A crash
# shows best in the sanitized build (scripts/test.sh --sanitize builds it).
#
# usage: bench/time_limit_stress.sh [-b BUILD_DIR] [-r ROUNDS] [INDEX]
#   -b BUILD_DIR  a build tree [$PAPERDEX_BUILD_DIR or REPO/build]; the
#                 sanitized one: build-sanitize
#   -r ROUNDS     rounds of two searches at once [300]
#   INDEX         an index to search [one of corpus/, built in a temporary
#                 directory]
# Time: ~45 s for 300 rounds of the sanitized build on 2 cores.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${PAPERDEX_BUILD_DIR:-$ROOT/build}
ROUNDS=300
while [ $# -gt 0 ]; do
  case $1 in
  -b) BUILD=${2:?}; shift 2 ;;
  -r) ROUNDS=${2:?}; shift 2 ;;
  -*) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  *) break ;;
  esac
done
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "time_limit_stress: -r takes a count" >&2; exit 2; }
SEARCH=$BUILD/bin/paperdex-search
[ -x "$SEARCH" ] || { echo "time_limit_stress: no $SEARCH; build first" >&2; exit 2; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-time-limit.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
DB=${1:-}
if [ -z "$DB" ]; then
  DB=$WORK/index
  "$BUILD/bin/paperdex-index" --quiet --db "$DB" "$ROOT/corpus" >"$WORK/index.log" 2>&1 ||
    [ $? -le 1 ] || { tail -5 "$WORK/index.log" >&2; exit 1; }
fi

wildcards=
for first in {a..z}; do for second in {a..z}; do wildcards+="$first$second* "; done; done
search() { "$SEARCH" --db "$DB" --json --time-limit 0.000001 --facet author "$wildcards"; }
crashed=0
for round in $(seq "$ROUNDS"); do
  search >/dev/null 2>"$WORK/a.err" &
  a=$!
  search >/dev/null 2>"$WORK/b.err" &
  b=$!
  for run in a b; do
    status=0
    wait "${!run}" || status=$?
    # 1: the time limit came before any paper was found, as exit 1 says.
    if [ "$status" -gt 1 ]; then
      crashed=$((crashed + 1))
      echo "round $round: exit $status: $(grep -m1 -E 'ERROR|Illegal|Segmentation|Abort' \
        "$WORK/$run.err" || grep -m1 . "$WORK/$run.err" || true)"
    fi
  done
done
echo "crashed $crashed of $((2 * ROUNDS))"
