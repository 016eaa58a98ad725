#!/usr/bin/env bash
# Installs what is missing, builds, indexes corpus/ (once per change of
# corpus or indexer) and searches it: scripts/run.sh "optical circuit switch"
# Any paperdex-search option may be given too: scripts/run.sh --json 'year:2026'
# The exit status is paperdex-search's: 1 when the search found nothing.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

if [ $# -eq 0 ]; then
  echo "usage: scripts/run.sh [paperdex-search options] QUERY" >&2
  echo "example: scripts/run.sh \"optical circuit switch\"" >&2
  exit 2
fi

# What building and running need; scripts/test.sh adds what the tests need.
ensure_packages "${PAPERDEX_BUILD_PACKAGES[@]}"
build_paperdex Release -DBUILD_TESTING=OFF

INDEX="$BUILD_DIR/index"
STAMP="$BUILD_DIR/index.stamp"
# The index is current when neither the corpus nor the indexer changed. The
# indexer is the command and the shared library doing its work (which holds
# the analyzer and the schema): the command alone rarely changes.
stamp=$( (cd "$PAPERDEX_ROOT" && find corpus -type f -print0 | sort -z | xargs -0 sha1sum
          find "$BUILD_DIR/indexer" -maxdepth 1 -type f \
            \( -name paperdex-index -o -name 'libpaperdex-indexer.so*' \) -print0 |
            sort -z | xargs -0 sha1sum | cut -d' ' -f1) | sha1sum | cut -d' ' -f1)
if [ ! -d "$INDEX" ] || [ "$(cat "$STAMP" 2>/dev/null)" != "$stamp" ]; then
  log "indexing corpus/ into $INDEX"
  rm -rf "$INDEX.new"
  status=0
  "$BUILD_DIR/bin/paperdex-index" --db "$INDEX.new" "$PAPERDEX_ROOT/corpus" >&2 || status=$?
  if [ "$status" -ge 2 ]; then
    log "indexing failed (exit $status)"
    exit "$status"
  fi
  # Swap the fresh index in whole, so a failed run never leaves half an index.
  rm -rf "$INDEX.old"
  [ -d "$INDEX" ] && mv "$INDEX" "$INDEX.old"
  mv "$INDEX.new" "$INDEX"
  rm -rf "$INDEX.old"
  echo "$stamp" >"$STAMP"
fi

exec "$BUILD_DIR/bin/paperdex-search" --db "$INDEX" "$@"
