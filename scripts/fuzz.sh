#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, in the sanitized build) and runs each
# for SECONDS (default 60), one after the other:
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     e.g. scripts/fuzz.sh 300 query-parser
#
# Each run starts from the committed seeds and regression inputs
# (fuzz/corpus/<target>/, fuzz/regressions/<target>/, read only) plus what
# earlier runs found (build-sanitize/fuzz/corpus/<target>/, kept between runs).
# A crash, leak, timeout or out-of-memory input is saved under
# build-sanitize/fuzz/artifacts/; the script goes on with the other targets,
# then fails naming them. Make each one a regression: copy it into
# fuzz/regressions/<target>/ (ctest replays it) and fix the bug.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

seconds=${1:-60}
[[ $seconds =~ ^[0-9]+$ ]] || {
  echo "usage: scripts/fuzz.sh [SECONDS] [TARGET...]" >&2
  exit 2
}
shift || true
all_targets=(query-parser analyzer reader-jsonl reader-oai reader-atom reader-author-page
  latex-reader source-archive dataset-line references bibliography)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

# Longest input per target: a query is short; a reader's input holds a few
# records (the seeds are at most a few KB). Longer inputs only slow the search.
declare -A max_len=([query-parser]=1024 [analyzer]=4096)
# Dictionaries of each input's syntax (fuzz/dict/).
declare -A dict=([query-parser]=query-parser [analyzer]=analyzer [reader-jsonl]=jsonl
  [reader-oai]=xml [reader-atom]=xml [reader-author-page]= [latex-reader]=latex
  [source-archive]= [dataset-line]=dataset [bibliography]=)

ensure_packages
build_paperdex_sanitized
fuzz_source=$PAPERDEX_ROOT/fuzz
out=$SANITIZE_BUILD_DIR/fuzz
mkdir -p "$out/artifacts" "$out/logs"

failed=()
printf '%-20s %10s %8s %8s %9s  %s\n' target executions cov ft corpus result
for target in "${targets[@]}"; do
  binary=$SANITIZE_BUILD_DIR/fuzz/fuzz-$target
  [ -x "$binary" ] || {
    log "no fuzz target '$target' (known: ${all_targets[*]})"
    exit 2
  }
  mkdir -p "$out/corpus/$target"
  rm -f "$out/artifacts/$target-"*
  inputs=("$out/corpus/$target" "$fuzz_source/corpus/$target")
  [ -d "$fuzz_source/regressions/$target" ] && inputs+=("$fuzz_source/regressions/$target")
  options=(-max_total_time="$seconds" -max_len="${max_len[$target]:-16384}"
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
    -artifact_prefix="$out/artifacts/$target-")
  [ -n "${dict[$target]:-}" ] && options+=(-dict="$fuzz_source/dict/${dict[$target]}.dict")
  fuzz_log=$out/logs/$target.log
  status=0
  # The first directory is where libFuzzer adds what it finds; the committed
  # ones are only read.
  "$binary" "${options[@]}" "${inputs[@]}" >"$fuzz_log" 2>&1 || status=$?
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$fuzz_log" | tail -1)
  last=$(grep -E '^#[0-9]+.*cov: ' "$fuzz_log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corpus=$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<<"$last")
  result=ok
  if [ "$status" -ne 0 ]; then
    result="FAILED (exit $status; log $fuzz_log)"
    failed+=("$target")
  fi
  printf '%-20s %10s %8s %8s %9s  %s\n' "$target" "${executions:-?}" "${cov:-?}" "${ft:-?}" \
    "${corpus:-?}" "$result"
done

# What each failure was, and its input, printed here too: a CI run keeps its
# output but not its build directory, and an input found once may take hours
# to find again.
report_failure() {
  local target=$1 artifact
  echo "== $target: the report (from $out/logs/$target.log)"
  sed -n '/ERROR\|runtime error\|deadly signal\|paperdex fuzz\|terminate called/,/^MS: /p' \
    "$out/logs/$target.log" | head -60
  for artifact in "$out/artifacts/$target-"*; do
    [ -f "$artifact" ] || continue
    if [ "$(stat -c %s "$artifact")" -le 16384 ]; then
      echo "== $target: the input $(basename "$artifact"), base64 (base64 -d >input):"
      base64 -w 100 "$artifact"
    else
      echo "== $target: the input $(basename "$artifact") is $(stat -c %s "$artifact") bytes"
    fi
  done
}

if [ ${#failed[@]} -gt 0 ]; then
  for target in "${failed[@]}"; do report_failure "$target"; done
  log "fuzzing found problems in: ${failed[*]}"
  log "inputs: $(ls "$out/artifacts" | tr '\n' ' ')"
  exit 1
fi
