#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test through ctest.
# Exits non-zero on any failure. Extra arguments go to ctest (e.g. -R analyzer).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

ensure_packages
build_paperdex "${PAPERDEX_BUILD_TYPE:-Release}"
cd "$BUILD_DIR"
ctest --output-on-failure -j "$(nproc)" "$@"
