#!/usr/bin/env bash
# The build tree is a package too (docs/api.md "Using the build tree"):
#
#   build_tree_package_test.sh BUILD_DIR SOURCE_DIR
#
# builds and runs examples/embed with -DCMAKE_PREFIX_PATH=BUILD_DIR
# (find_package(Paperdex): BUILD_DIR/PaperdexConfig.cmake and
# PaperdexTargets.cmake), and examples/pkgconfig with plain g++ and
# PKG_CONFIG_PATH=BUILD_DIR/pkgconfig, without installing anything. It uses
# the libraries as built: build first (ctest does not). Writes only under a
# temporary directory.
set -euo pipefail

build=$(cd "${1:?usage: build_tree_package_test.sh BUILD_DIR SOURCE_DIR}" && pwd)
source_dir=$(cd "${2:?usage: build_tree_package_test.sh BUILD_DIR SOURCE_DIR}" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-build-tree.XXXXXX")
trap 'rm -rf "$work"' EXIT
unset CMAKE_PREFIX_PATH PKG_CONFIG_PATH LD_LIBRARY_PATH Paperdex_DIR || true
failures=0
fail() {
  printf 'FAIL: %s\n' "$*" >&2
  failures=$((failures + 1))
}
# Runs a command, showing its output only when it fails.
quiet() {
  if ! "$@" >"$work/last.log" 2>&1; then
    cat "$work/last.log" >&2
    fail "command failed: $*"
    return 1
  fi
}

echo "== find_package(Paperdex) from the build tree: examples/embed"
if quiet cmake -S "$source_dir/examples/embed" -B "$work/embed" -DCMAKE_PREFIX_PATH="$build" &&
  quiet cmake --build "$work/embed"; then
  quiet "$work/embed/paperdex-embed" "$work/embed-index" || true
fi

echo "== pkg-config from the build tree: examples/pkgconfig"
export PKG_CONFIG_PATH=$build/pkgconfig
if flags=$(pkg-config --cflags --libs paperdex-searcher paperdex-indexer); then
  for dir in $(pkg-config --cflags-only-I paperdex-searcher paperdex-indexer); do
    [ -d "${dir#-I}" ] || fail "pkg-config names a missing include directory: ${dir#-I}"
  done
  # shellcheck disable=SC2086 # the flags are words
  if quiet g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror \
    "$source_dir/examples/pkgconfig/main.cc" $flags -o "$work/pkgconfig-consumer"; then
    quiet "$work/pkgconfig-consumer" "$work/pkgconfig-index" || true
  fi
else
  fail "pkg-config finds no paperdex-searcher in $build/pkgconfig"
fi

echo "$((2 - (failures > 2 ? 2 : failures))) passed, $((failures > 2 ? 2 : failures)) failed"
[ "$failures" -eq 0 ]
