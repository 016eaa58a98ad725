# Shared by run.sh and test.sh: install what is missing, configure and build.
# Sourced, not run.

PAPERDEX_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${PAPERDEX_BUILD_DIR:-$PAPERDEX_ROOT/build}

# Debian packages the build, the tests and the tools need, none of which a
# minimal Debian 12 (debootstrap --variant=minbase) has. scripts/fresh-check.sh
# checks the list on such a root.
#   file         cpack -G DEB (the packaging test) finds the shared libraries
#                to write the package's shlibs file with it
#   xapian-tools xapian-tcpsrv for the remote-shards test
#   man-db       the packaging test renders the man pages with man --warnings
#                (and skips that check without it)
# Such a root also lacks, without harm: dpkg-dev (CMakeLists.txt writes the
# .deb's Depends rather than running dpkg-shlibdeps), python3 (only bench/'s
# scripts), ca-certificates and xz-utils (nothing here fetches over https or
# reads .xz).
PAPERDEX_PACKAGES=(
  g++ cmake make pkg-config time file man-db
  libxapian-dev xapian-tools
  libicu-dev
  libboost-program-options-dev
  catch2
  nlohmann-json3-dev libsimdjson-dev libexpat1-dev zlib1g-dev
  pybind11-dev python3-dev python3-pytest
)

log() { printf '[paperdex] %s\n' "$*" >&2; }

ensure_packages() {
  local missing=() pkg
  for pkg in "${PAPERDEX_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
      missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || {
      log "missing packages: ${missing[*]}; run as root or install sudo"
      return 1
    }
    sudo=(sudo)
  fi
  log "installing missing packages: ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
}

build_paperdex() {
  local type=${1:-Release}
  log "building ($type) in $BUILD_DIR"
  cmake -S "$PAPERDEX_ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE="$type" >/dev/null
  if ! cmake --build "$BUILD_DIR" -j "$(nproc)" >"$BUILD_DIR/build.log" 2>&1; then
    grep -E 'error|Error' "$BUILD_DIR/build.log" | head -40 >&2
    log "build failed; the full log is $BUILD_DIR/build.log"
    return 1
  fi
}
