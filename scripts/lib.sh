# Shared by run.sh and test.sh: install what is missing, configure and build.
# Sourced, not run.

PAPERDEX_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${PAPERDEX_BUILD_DIR:-$PAPERDEX_ROOT/build}
# The sanitized build (ASan+UBSan, and the libFuzzer targets): test.sh
# --sanitize and fuzz.sh share it.
SANITIZE_BUILD_DIR=${PAPERDEX_SANITIZE_BUILD_DIR:-$PAPERDEX_ROOT/build-sanitize}

# Debian packages, none of which a minimal Debian 12 (debootstrap
# --variant=minbase) has, in two lists: what building and running paperdex
# need (scripts/run.sh installs these), and what the tests add
# (scripts/test.sh installs both). scripts/fresh-check.sh checks the lists on
# such a root, and that run.sh installs none of the second.
#   xapian-tools xapian-replicate and xapian-replicate-server for read replicas
#                (scripts/paperdex-replica); xapian-tcpsrv for remote shards
#   libboost-dev Boost's headers, Beast and Asio among them: paperdex-serve's
#                HTTP transport (header-only)
#   pybind11-dev python3-dev
#                the Python module (built when both are there)
#   libpoppler-cpp-dev libarchive-dev
#                full text (#50): paperdex-pdftext reads PDFs with poppler's
#                C++ library; arXiv source packages are unpacked with libarchive
#   libbtparse-dev
#                BibTeX (btparse, the C library of Text::BibTeX), linked by the
#                paperdex-bibtex helper alone: it reads a source package's .bib
#                files (#51) and paperdex-search --tag NAME --import's export
# Such a root also lacks, without harm: dpkg-dev (CMakeLists.txt writes the
# .deb's Depends rather than running dpkg-shlibdeps), ca-certificates and
# xz-utils (nothing here fetches over https or reads .xz).
PAPERDEX_BUILD_PACKAGES=(
  g++ cmake make pkg-config
  libxapian-dev xapian-tools
  libicu-dev
  libboost-program-options-dev libboost-dev
  nlohmann-json3-dev libsimdjson-dev libexpat1-dev zlib1g-dev libzstd-dev
  libcurl4-openssl-dev
  pybind11-dev python3-dev
  libpoppler-cpp-dev libarchive-dev
  libbtparse-dev
)
#   catch2       the C++ tests
#   python3-pytest
#                the Python module's tests (python3, which they and the
#                corruption and stub tests run under, comes with python3-dev)
#   time         the benchmarks in bench/ time with /usr/bin/time
#   file         cpack -G DEB (the packaging test) finds the shared libraries
#                to write the package's shlibs file with it
#   iproute2     ip and tc: the shards-on-other-hosts test makes network
#                namespaces (tests/netns; skipped without root or ip)
#   man-db       the packaging test renders the man pages with man --warnings
#                (and skips that check without it)
#   curl         bench/bulk_swap_stress.sh (ctest's bulk_swap_under_server)
#                searches a live paperdex-serve with it
#   zsh          the completion test checks the zsh scripts' syntax (zsh -n;
#                skipped with a warning without it)
#   texlive-base biber python3-citeproc citation-style-language-styles
#   python3-feedparser
#                the citation formats' acceptance test reads paperdex-search's
#                BibTeX with bibtex (texlive-binaries, plain.bst) and biber, its
#                CSL-JSON with citeproc-py and a CSL style, its Atom feed with
#                feedparser (each check skipped with a message without them)
#   chromium chromium-driver python3-selenium
#                the search page's browser test (tests/serve/browser_test.py)
#                drives headless Chromium through Selenium (skipped without them)
#   qpdf poppler-utils
#                the full-text tests make encrypted and 3,000-page PDFs with
#                qpdf and check read_pdf against pdfinfo and pdftotext
PAPERDEX_TEST_PACKAGES=(
  catch2 python3-pytest time file iproute2 man-db curl zsh
  texlive-base biber python3-citeproc citation-style-language-styles python3-feedparser
  chromium chromium-driver python3-selenium
  qpdf poppler-utils
)
PAPERDEX_PACKAGES=("${PAPERDEX_BUILD_PACKAGES[@]}" "${PAPERDEX_TEST_PACKAGES[@]}")
# And for the benchmarks' peers that are Debian packages (bench/*.sh install
# them when they run):
#   recollcmd    Recoll, the desktop full-text search on Xapian, without its
#                GUI: bench/fulltext.sh's peer for reading a folder of PDFs
#   liblucene8-java default-jdk-headless
#                Lucene 8 and the JDK that ../shared/peers/run.sh compiles
#                its Lucene peer with (bench/fulltext_peers.sh)
PAPERDEX_BENCH_PACKAGES=(recollcmd liblucene8-java default-jdk-headless)
# And for the sanitized build: clang with its sanitizer and libFuzzer runtimes.
PAPERDEX_SANITIZE_PACKAGES=(clang-14 libclang-rt-14-dev)

log() { printf '[paperdex] %s\n' "$*" >&2; }

# ensure_packages [PACKAGE...]: the given packages, or PAPERDEX_PACKAGES (all).
ensure_packages() {
  local missing=() pkg wanted=("$@")
  [ ${#wanted[@]} -gt 0 ] || wanted=("${PAPERDEX_PACKAGES[@]}")
  for pkg in "${wanted[@]}"; do
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
  "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
  # Another apt run may hold the lock (a shared machine): wait for it.
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
    --no-install-recommends \
    "${missing[@]}" >/dev/null
}

# build_paperdex [TYPE [CMAKE-ARGUMENT...]]: configure and build in BUILD_DIR.
build_paperdex() {
  local type=${1:-Release}
  shift || true
  log "building ($type${1:+ $*}) in $BUILD_DIR"
  cmake -S "$PAPERDEX_ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE="$type" "$@" >/dev/null
  if ! cmake --build "$BUILD_DIR" -j "$(nproc)" >"$BUILD_DIR/build.log" 2>&1; then
    grep -E 'error|Error' "$BUILD_DIR/build.log" | head -40 >&2
    log "build failed; the full log is $BUILD_DIR/build.log"
    return 1
  fi
}

# The sanitized build in SANITIZE_BUILD_DIR: clang 14, AddressSanitizer (with
# LeakSanitizer) and UndefinedBehaviorSanitizer on every target, and the
# libFuzzer targets of fuzz/ (PAPERDEX_FUZZ, which implies the sanitizers and
# adds libFuzzer's coverage instrumentation). -O1: what the sanitizers'
# documentation recommends, several times faster than -O0, still exact
# reports; Debug keeps assertions on. -gline-tables-only: the reports' file
# and line, without the full debug information that made the build and its
# links much slower.
build_paperdex_sanitized() {
  ensure_packages "${PAPERDEX_SANITIZE_PACKAGES[@]}"
  BUILD_DIR=$SANITIZE_BUILD_DIR build_paperdex Debug \
    -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" -DPAPERDEX_FUZZ=ON \
    -DPAPERDEX_PYTHON=OFF "$@"
}
