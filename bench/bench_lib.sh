# shellcheck shell=bash
# What the benchmarks timing rounds of paperdex-search --batch share
# (bench/query_bench.sh, bench/remote_bench.sh):
#   ROOT=...; source "$ROOT/bench/bench_lib.sh"
#       ROUNDS=3, WARMUP=1, BUILD=$PAPERDEX_BUILD_DIR or ROOT/build
#   bench_rounds_options 25 "k:KEEP" "$@"
#       reads -r ROUNDS, -w WARMUP, -b BUILD and the script's own options (here
#       -k, into KEEP; "LETTER:VARIABLE ..."), then two operands: the
#       script's input (BENCH_INPUT) and the query file (QUERIES, its full
#       path; exit 2 when there is none); anything else (-h too) prints the
#       script's header, lines 2 to 25 here, and exits 2
#   bench_query_lines QUERIES OUT
#       the query file as the peers harness reads it: CRs and blank lines
#       dropped, so that line N is query N-1
#   bench_median
#       the median of the numbers on standard input, one a line (the mean of
#       the two middle ones for an even count)
# and what the HTTP benchmarks share (bench/serve_bench.sh, bench/serve_rounds.sh):
#   bench_start_server FILES PROGRAM ARGS...
#       starts a server that prints "listening on http://127.0.0.1:PORT/"
#       (paperdex-serve, paperdex-http-floor) in the background, its output
#       in FILES.out and FILES.err; sets SERVER (its pid) and PORT once it
#       listens; prints FILES.err and fails when it ends first or does not
#       listen within 10 s

ROUNDS=3
WARMUP=1
BUILD=${PAPERDEX_BUILD_DIR:-$ROOT/build}

bench_rounds_options() {
  local header_end=$1 own=$2 variable
  shift 2
  usage() {
    sed -n "2,${header_end}p" "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
  }
  while [ $# -gt 0 ]; do
    case $1 in
    -r) ROUNDS=${2:?}; shift 2 ;;
    -w) WARMUP=${2:?}; shift 2 ;;
    -b) BUILD=${2:?}; shift 2 ;;
    -[a-z])
      variable=$(bench_own_option "$own" "$1") || usage
      printf -v "$variable" '%s' "${2:?}"
      shift 2
      ;;
    -*) usage ;;
    *) break ;;
    esac
  done
  [ $# -eq 2 ] || usage
  [[ "$ROUNDS" =~ ^[1-9][0-9]*$ && "$WARMUP" =~ ^[0-9]+$ ]] || usage
  BENCH_INPUT=$1
  QUERIES=$(realpath "$2")
  [ -f "$QUERIES" ] || { echo "$(basename "$0" .sh): no query file $2" >&2; exit 2; }
}

# The variable of option OPTION (-k) in OWN ("k:KEEP t:THREADS"); fails when none.
bench_own_option() {
  local pair
  for pair in $1; do
    if [ "-${pair%%:*}" = "$2" ]; then
      echo "${pair#*:}"
      return 0
    fi
  done
  return 1
}

bench_query_lines() {
  sed -e 's/\r$//' "$1" | grep -v '^[[:space:]]*$' >"$2" || true
}

bench_median() {
  sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

bench_start_server() {
  local files=$1
  shift
  "$@" >"$files.out" 2>"$files.err" &
  SERVER=$!
  PORT=
  for _ in $(seq 50); do
    PORT=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$files.out")
    [ -n "$PORT" ] && return 0
    kill -0 "$SERVER" 2>/dev/null || break # it has ended
    sleep 0.2
  done
  cat "$files.err" >&2
  return 1
}
