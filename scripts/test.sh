#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest.
# Exits non-zero on any failure. Extra arguments go to ctest (e.g. -R analyzer).
#
#   scripts/test.sh [--sanitize] [CTEST-ARGUMENT...]
#
# --sanitize: the same suite built with clang 14, AddressSanitizer and
# UndefinedBehaviorSanitizer (in build-sanitize/, with the fuzz targets, whose
# seeds and regression inputs ctest replays), run with the sanitizers' default
# options: any report stops the program and fails its test. Two tests are
# left to the normal run:
# - packaging: it builds consumers with plain g++, which cannot link
#   instrumented libraries, and packages a .deb nobody would ship;
# - the 2016 cs harvest (all 102,538 records): about 4x slower instrumented
#   (638 s against 151 s measured in one .ci/run), so alone it would make the
#   sanitized run twice as long, and its code (readers, builder, writer) runs
#   instrumented anyway on real pages in "unit: oai: real harvests", the other
#   integration tests and the fuzzers. PAPERDEX_SANITIZE_ALL=1 runs it too.
# The Python module is not built there: Debian's python3 cannot load
# instrumented libraries without the sanitizer runtimes preloaded.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

sanitize=false
if [ "${1:-}" = --sanitize ]; then
  sanitize=true
  shift
fi

ensure_packages
if $sanitize; then
  build_paperdex_sanitized
  BUILD_DIR=$SANITIZE_BUILD_DIR
  excluded='the 2016 cs harvest'
  [ "${PAPERDEX_SANITIZE_ALL:-0}" = 1 ] && excluded='^$'
  set -- -LE packaging -E "$excluded" "$@"
else
  # On: scripts/run.sh leaves the tests out of the same build tree.
  build_paperdex "${PAPERDEX_BUILD_TYPE:-Release}" -DBUILD_TESTING=ON
fi
cd "$BUILD_DIR"
ctest --output-on-failure -j "$(nproc)" "$@"
