#!/usr/bin/env bash
# Relevance evaluation on a BEIR-format directory (see bench/README.md):
#   bench/eval.sh BEIR_DIR [SPLIT]
# Builds paperdex-eval, indexes BEIR_DIR/corpus.jsonl (cached until the corpus
# or the indexer changes), runs the queries judged in qrels/SPLIT.tsv (default:
# test if present, else train) and prints "nDCG@10 X  R@100 Y  MAP Z" last.
# EVAL_RUN=FILE writes the TREC run there; EVAL_PER_QUERY=FILE each query's
# figures (TSV). EVAL_RECOMMEND=TAGS.tsv runs recommendations for its tags
# instead of the queries (bench/recommend.sh), on the same cached index.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  echo "usage: bench/eval.sh BEIR_DIR [SPLIT]" >&2
  echo "example: EVAL_RUN=/tmp/run.trec bench/eval.sh ../shared/eval/scifact-train" >&2
  exit 2
fi
beir_dir=$1
split=${2:-}
if [ ! -f "$beir_dir/corpus.jsonl" ] || [ ! -f "$beir_dir/queries.jsonl" ]; then
  echo "eval.sh: $beir_dir has no corpus.jsonl and queries.jsonl; give a BEIR directory" >&2
  exit 2
fi

source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
ensure_packages

# Only the harness and what it links: the rest of the tree (tests, CLIs) is
# not needed to evaluate, and should not stop an evaluation when it is broken.
log "building paperdex-eval (Release) in $BUILD_DIR"
mkdir -p "$BUILD_DIR"
cmake -S "$PAPERDEX_ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
if ! cmake --build "$BUILD_DIR" -j "$(nproc)" --target paperdex-eval \
  >"$BUILD_DIR/eval-build.log" 2>&1; then
  grep -E 'error|Error' "$BUILD_DIR/eval-build.log" | head -40 >&2
  log "build failed; the full log is $BUILD_DIR/eval-build.log"
  exit 2
fi
eval_bin="$BUILD_DIR/bench/eval/paperdex-eval"

# The index is cached per corpus and rebuilt when the corpus file (path, size,
# modification time) or the code that builds it changes: the indexer library,
# common's internal archive (the Analyzer, which the harness links too; the
# error types in libpaperdex-common.so do not change an index) and the
# harness's own corpus code. Searcher
# changes keep it: they do not change the index.
corpus=$(realpath "$beir_dir/corpus.jsonl")
key=$( (stat -c '%n %s %Y' "$corpus"
        find "$BUILD_DIR/indexer" "$BUILD_DIR/common" -maxdepth 1 -type f \
          \( -name 'libpaperdex-indexer.so*' -o -name 'libpaperdex_common_internal.a' \) -print0 |
          sort -z | xargs -0 sha1sum | cut -d' ' -f1
        sha1sum "$PAPERDEX_ROOT"/bench/eval/{corpus_index,beir_reader}.cc | cut -d' ' -f1) |
       sha1sum | cut -d' ' -f1)
index_dir="$BUILD_DIR/eval-index/$(printf '%s' "$corpus" | sha1sum | cut -d' ' -f1)"
mkdir -p "$BUILD_DIR/eval-index"

args=(--index "$index_dir" --index-key "$key")
[ -n "$split" ] && args+=(--split "$split")
[ -n "${EVAL_RUN:-}" ] && args+=(--run "$EVAL_RUN")
[ -n "${EVAL_PER_QUERY:-}" ] && args+=(--per-query "$EVAL_PER_QUERY")
[ -n "${EVAL_RECOMMEND:-}" ] && args+=(--recommend "$EVAL_RECOMMEND")

exec "$eval_bin" "${args[@]}" "$beir_dir"
