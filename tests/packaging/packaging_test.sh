#!/usr/bin/env bash
# Packaging cannot rot: install the build into a temporary prefix and use it
# the way an embedder and a packager would.
#
#   packaging_test.sh BUILD_DIR SOURCE_DIR
#
# 1. cmake --install into a temporary prefix; check the layout: public headers
#    self-contained and free of Xapian/ICU/Boost, internal headers absent,
#    SONAMEs, only the public API exported, relocatable CLIs that use the .so,
#    their shell completion (the CLIs' own, and completing).
# 2. Build and run examples/embed with find_package(Paperdex) from that prefix,
#    and check that an incompatible version request is refused.
# 3. Build and run examples/pkgconfig with plain g++ and pkg-config, also
#    from a copy of the installed tree moved elsewhere (relocatable .pc files).
# 4. cpack -G DEB: check the package's files and Depends (against the NEEDED
#    entries of its binaries), then install it with dpkg into a scratch root
#    (checked against this system's package database), run it, remove it.
# Needs cmake, g++, pkg-config, dpkg and file (cpack's DEB generator finds the
# shared libraries with it); writes only under a temporary directory.
set -euo pipefail

build=$(cd "${1:?usage: packaging_test.sh BUILD_DIR SOURCE_DIR}" && pwd)
source_dir=$(cd "${2:?usage: packaging_test.sh BUILD_DIR SOURCE_DIR}" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-packaging.XXXXXX")
finish() {
  local status=$?
  rm -rf "$work"
  [ "$status" -eq 0 ] || echo "packaging test failed after $((SECONDS - started)) s" >&2
}
trap finish EXIT
prefix=$work/prefix
failures=0
started=$SECONDS

step() { printf '\n== %s (%ds)\n' "$*" $((SECONDS - started)); }
fail() {
  printf 'FAIL: %s\n' "$*" >&2
  failures=$((failures + 1))
}
need_file() { [ -e "$1" ] || fail "missing: ${1#"$work"/}"; }
# Runs a command quietly, showing its output only when it fails. A failure is
# fatal (set -e) unless the caller adds "|| true" to go on with other checks.
quiet() {
  local log=$work/last-command.log
  if ! "$@" >"$log" 2>&1; then
    cat "$log" >&2
    fail "command failed: $*"
    return 1
  fi
}

# Make sure nothing from the environment points at another paperdex.
unset CMAKE_PREFIX_PATH PKG_CONFIG_PATH LD_LIBRARY_PATH Paperdex_DIR || true
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
abi=${version%.*} # SONAME version: major.minor

step "install into a temporary prefix"
quiet cmake --install "$build" --prefix "$prefix"
libdir=$prefix/lib
[ -d "$libdir" ] || libdir=$(dirname "$(find "$prefix" -name "libpaperdex-searcher.so" | head -1)")
for f in include/paperdex/searcher.h include/paperdex/errors.h include/paperdex/export.h \
  include/paperdex/common/record.h include/paperdex/indexer/index_writer.h \
  include/paperdex/indexer/index_run.h include/paperdex/indexer/harvest.h \
  include/paperdex/indexer/readers.h \
  include/paperdex/indexer/record_sink.h bin/paperdex-search bin/paperdex-index \
  share/man/man1/paperdex-search.1 share/man/man1/paperdex-index.1 share/doc/paperdex/api.md \
  share/bash-completion/completions/paperdex-search share/bash-completion/completions/paperdex-index \
  share/zsh/vendor-completions/_paperdex-search share/zsh/vendor-completions/_paperdex-index \
  bin/paperdex-serve share/man/man1/paperdex-serve.1 share/doc/paperdex/serve.md \
  share/doc/paperdex/http-api.md lib/systemd/system/paperdex-serve.service \
  share/bash-completion/completions/paperdex-serve share/zsh/vendor-completions/_paperdex-serve; do
  need_file "$prefix/$f"
done
for lib in common searcher indexer; do
  need_file "$libdir/libpaperdex-$lib.so"
  need_file "$libdir/libpaperdex-$lib.so.$abi"
  need_file "$libdir/libpaperdex-$lib.so.$version"
  need_file "$libdir/pkgconfig/paperdex-$lib.pc"
  soname=$(readelf -d "$libdir/libpaperdex-$lib.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  [ "$soname" = "libpaperdex-$lib.so.$abi" ] || fail "libpaperdex-$lib SONAME is '$soname'"
done
need_file "$libdir/cmake/Paperdex/PaperdexConfig.cmake"
need_file "$libdir/cmake/Paperdex/PaperdexConfigVersion.cmake"

# Only record.h of common/ is public; schema.h includes <xapian.h>.
extra=$(find "$prefix/include/paperdex/common" -mindepth 1 ! -name record.h -printf '%f ')
[ -z "$extra" ] || fail "internal headers installed: $extra"
if grep -rnE '#include *[<"](xapian|unicode/|boost/|nlohmann/|simdjson|expat|zlib)' \
  "$prefix/include"; then
  fail "a public header includes a dependency's header"
fi
# Each public header compiles on its own, as C++17, warning-free.
while IFS= read -r header; do
  rel=${header#"$prefix/include/"}
  printf '#include <%s>\n' "$rel" |
    g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -x c++ - -I"$prefix/include" ||
    fail "$rel does not compile on its own"
done < <(find "$prefix/include" -name '*.h' | sort)

step "exported symbols"
# -fvisibility=hidden: only PAPERDEX_API symbols (namespace paperdex, never
# detail:: internals, the Analyzer or the schema) leave the shared libraries.
for lib in common searcher indexer; do
  exported=$(nm -DC --defined-only "$libdir/libpaperdex-$lib.so.$version" |
    awk '$2 ~ /^[TWVDBRiu]$/ { $1 = ""; $2 = ""; print substr($0, 3) }')
  count=$(grep -c . <<<"$exported" || true)
  echo "libpaperdex-$lib exports $count symbols"
  leaked=$(grep -vE '^(typeinfo (name )?for |vtable for )?paperdex::' <<<"$exported" |
    grep -vE '^_(init|fini)$' || true)
  [ -z "$leaked" ] || fail "libpaperdex-$lib exports non-paperdex symbols:"$'\n'"$leaked"
  internal=$(grep -E 'paperdex::(detail|schema|Analyzer|DocumentBuilder|decode_|encode_)' \
    <<<"$exported" || true)
  [ -z "$internal" ] || fail "libpaperdex-$lib exports internals:"$'\n'"$internal"
done
exported=$(nm -DC --defined-only "$libdir/libpaperdex-searcher.so.$version")
grep -q 'paperdex::Searcher::search' <<<"$exported" || fail "Searcher::search is not exported"
# The error types are defined once, in libpaperdex-common, which both libraries
# load: a program linking both holds one vtable and type_info per error type
# (two would be an ODR violation, which AddressSanitizer reports at start-up).
exported=$(nm -DC --defined-only "$libdir/libpaperdex-common.so.$version")
grep -q 'typeinfo for paperdex::QuerySyntaxError' <<<"$exported" ||
  fail "the error types' typeinfo is not exported (catch would not work across the .so)"
for lib in searcher indexer; do
  copies=$(nm -DC --defined-only "$libdir/libpaperdex-$lib.so.$version" |
    grep -E '(vtable|typeinfo) for paperdex::[A-Za-z]*Error$' || true)
  [ -z "$copies" ] || fail "libpaperdex-$lib defines the error types itself:"$'\n'"$copies"
  readelf -d "$libdir/libpaperdex-$lib.so.$version" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
    grep -qxF "libpaperdex-common.so.$abi" ||
    fail "libpaperdex-$lib does not load libpaperdex-common.so.$abi"
done

step "installed CLIs"
# RUNPATH $ORIGIN/../lib: they run from the prefix with no LD_LIBRARY_PATH, on
# the prefix's libraries, and call into the .so rather than a copy of it.
for cli in paperdex-search paperdex-index; do
  quiet "$prefix/bin/$cli" --help || true
  loaded=$(ldd "$prefix/bin/$cli" | awk '/libpaperdex-/ { print $3 }')
  [ -n "$loaded" ] || fail "$cli loads no paperdex library"
  for lib in $loaded; do
    [ "$(dirname "$(realpath "$lib")")" = "$(realpath "$libdir")" ] ||
      fail "$cli does not load the prefix's libraries: $(ldd "$prefix/bin/$cli" | grep paperdex)"
  done
  own=$(nm -C --defined-only "$prefix/bin/$cli")
  if grep -qE ' T paperdex::(Searcher::search|IndexWriter::add|run_index)' <<<"$own"; then
    fail "$cli carries its own copy of the library"
  fi
done
quiet "$prefix/bin/paperdex-index" --db "$work/cli-index" --quiet "$source_dir/corpus/author-pages" ||
  true
# Exit 1 is a search that found nothing: it ran all the same.
cli_status=0
"$prefix/bin/paperdex-search" --db "$work/cli-index" --json --limit 1 optical >"$work/cli.json" ||
  cli_status=$?
[ "$cli_status" -le 1 ] || fail "installed paperdex-search failed (exit $cli_status)"
grep -q '"total":' "$work/cli.json" || fail "installed paperdex-search printed no JSON result"
# The man pages document exactly the options --help lists.
for cli in paperdex-search paperdex-index paperdex-serve; do
  help_options=$("$prefix/bin/$cli" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u)
  man_options=$(sed 's/\\-/-/g' "$prefix/share/man/man1/$cli.1" | grep -oE -- '--[a-z][a-z-]*' |
    sort -u)
  missing=$(comm -23 <(echo "$help_options") <(echo "$man_options"))
  stale=$(comm -13 <(echo "$help_options") <(echo "$man_options"))
  [ -z "$missing" ] || fail "man $cli lacks options --help lists: ${missing//$'\n'/ }"
  [ -z "$stale" ] || fail "man $cli documents options --help does not list: ${stale//$'\n'/ }"
done
if command -v man >/dev/null; then
  for page in paperdex-search paperdex-index paperdex-serve; do
    warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l \
      "$prefix/share/man/man1/$page.1" 2>&1 >/dev/null || true)
    [ -z "$warnings" ] || fail "man $page: $warnings"
  done
fi

# The installed bash completion is the CLI's own and completes with it.
for cli in paperdex-search paperdex-index; do
  cmp -s "$prefix/share/bash-completion/completions/$cli" <("$prefix/bin/$cli" --completion bash) ||
    fail "the installed bash completion of $cli is not what $cli --completion bash prints"
done
completed=$(bash -c 'source "$1"; COMP_WORDS=(paperdex-search --lim); COMP_CWORD=1
  _paperdex_search; echo "${COMPREPLY[*]}"' _ "$prefix/share/bash-completion/completions/paperdex-search")
[ "$completed" = --limit ] || fail "the installed bash completion completes --lim to '$completed'"

step "CMake consumer: examples/embed"
quiet cmake -S "$source_dir/examples/embed" -B "$work/embed" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release
grep -q "^Paperdex_DIR:PATH=$libdir/cmake/Paperdex$" "$work/embed/CMakeCache.txt" ||
  fail "examples/embed found Paperdex elsewhere: $(grep Paperdex_DIR "$work/embed/CMakeCache.txt")"
quiet cmake --build "$work/embed"
if "$work/embed/paperdex-embed" "$work/embed-index" >"$work/embed.out" 2>&1; then
  cat "$work/embed.out"
  for expected in '^2 papers in ' '^2 matching papers$' '^2401\.00001 \(2024\) \*Optical\* ' \
    '^2401\.00002 ' '\[optical\] \[switches\]' '^subjects: cs\.NI=2$' '^years: 2024=1 2023=1$'; do
    grep -qE "$expected" "$work/embed.out" || fail "examples/embed output lacks /$expected/"
  done
  ! grep -q 2401.00003 "$work/embed.out" || fail "examples/embed still finds the deleted paper"
else
  cat "$work/embed.out" >&2
  fail "examples/embed failed"
fi
# A query error reaches the embedder as QuerySyntaxError (exit 2 in the example).
status=0
"$work/embed/paperdex-embed" "$work/embed-index" 'year:20x4' >/dev/null 2>&1 || status=$?
[ "$status" = 2 ] || fail "examples/embed with a bad query exited $status, not 2"

# The version file refuses another minor version (the SONAME changes with it),
# and the components and lower-case aliases resolve.
mkdir -p "$work/versioned"
cat >"$work/versioned/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.18)
project(versioned LANGUAGES CXX)
find_package(Paperdex \${WANT} REQUIRED COMPONENTS common searcher indexer)
foreach(t Paperdex::common Paperdex::searcher Paperdex::indexer paperdex::searcher paperdex::indexer)
  if(NOT TARGET \${t})
    message(FATAL_ERROR "no target \${t}")
  endif()
endforeach()
EOF
quiet cmake -S "$work/versioned" -B "$work/versioned/ok" -DCMAKE_PREFIX_PATH="$prefix" \
  -DWANT="$abi" || true
next_minor="${abi%.*}.$((${abi#*.} + 1))"
if cmake -S "$work/versioned" -B "$work/versioned/next" -DCMAKE_PREFIX_PATH="$prefix" \
  -DWANT="$next_minor" >/dev/null 2>&1; then
  fail "find_package(Paperdex $next_minor) accepted version $version"
fi

step "pkg-config consumer: examples/pkgconfig"
export PKG_CONFIG_PATH=$libdir/pkgconfig
[ "$(pkg-config --modversion paperdex-searcher)" = "$version" ] ||
  fail "pkg-config paperdex-searcher version is not $version"
flags=$(pkg-config --cflags --libs paperdex-searcher paperdex-indexer)
echo "pkg-config: $flags"
# The .pc files find the prefix from where they lie (${pcfiledir}/../..).
include_dir=$(pkg-config --variable=includedir paperdex-searcher)
[ "$(realpath "$include_dir")" = "$(realpath "$prefix/include")" ] ||
  fail "pkg-config includedir $include_dir is not the prefix's include"
grep -q -- "-lpaperdex-common" <<<"$(pkg-config --libs paperdex-searcher)" ||
  fail "pkg-config paperdex-searcher does not bring -lpaperdex-common (the error types)"
# shellcheck disable=SC2086 # the flags are words, as in any Makefile
quiet g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror "$source_dir/examples/pkgconfig/main.cc" \
  $flags -o "$work/pkgconfig-consumer"
if LD_LIBRARY_PATH=$libdir "$work/pkgconfig-consumer" "$work/pkgconfig-index" \
  >"$work/pkgconfig.out" 2>&1; then
  cat "$work/pkgconfig.out"
  [ "$(tail -1 "$work/pkgconfig.out")" = ok ] || fail "examples/pkgconfig did not print ok"
else
  cat "$work/pkgconfig.out" >&2
  fail "examples/pkgconfig failed"
fi
unset PKG_CONFIG_PATH

step "pkg-config after moving the installed tree (relocatable)"
moved=$work/moved/elsewhere
mkdir -p "$(dirname "$moved")"
cp -a "$prefix" "$moved"
moved_libdir=$moved/${libdir#"$prefix"/}
export PKG_CONFIG_PATH=$moved_libdir/pkgconfig
moved_flags=$(pkg-config --cflags --libs paperdex-searcher paperdex-indexer)
echo "pkg-config: $moved_flags"
[ "$(realpath "$(pkg-config --variable=libdir paperdex-searcher)")" = "$(realpath "$moved_libdir")" ] ||
  fail "a moved tree's pkg-config libdir does not follow it"
# shellcheck disable=SC2086 # the flags are words, as in any Makefile
quiet g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror "$source_dir/examples/pkgconfig/main.cc" \
  $moved_flags -o "$work/moved-consumer" || true
if ! LD_LIBRARY_PATH=$moved_libdir "$work/moved-consumer" "$work/moved-index" \
  >"$work/moved.out" 2>&1 || [ "$(tail -1 "$work/moved.out")" != ok ]; then
  cat "$work/moved.out" >&2
  fail "examples/pkgconfig built against a moved tree failed"
fi
unset PKG_CONFIG_PATH

step "Debian package"
# cpack first brings the build tree up to date (its "preinstall" step): a no-op
# after the build this test runs after, but it fails if any target, tests
# included, does not compile.
quiet cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/deb"
debs=("$work"/deb/*.deb)
if [ ${#debs[@]} -ne 1 ] || [ ! -f "${debs[0]}" ]; then
  fail "cpack made ${#debs[@]} .deb files"
else
  deb=${debs[0]}
  echo "built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
  # "perms owner size date time path[ -> target]": keep the path.
  dpkg-deb -c "$deb" | sed -E 's/^([^ ]+ +){5}//; s/ -> .*$//' >"$work/deb-files"
  outside=$(grep -vE '^\./(usr/?.*)?$' "$work/deb-files" || true)
  [ -z "$outside" ] || fail ".deb installs outside /usr: $outside"
  for f in usr/bin/paperdex-search usr/bin/paperdex-index usr/include/paperdex/searcher.h \
    usr/include/paperdex/indexer/index_writer.h usr/share/man/man1/paperdex-search.1 \
    usr/share/bash-completion/completions/paperdex-search \
    usr/share/bash-completion/completions/paperdex-index \
    usr/share/zsh/vendor-completions/_paperdex-search \
    usr/share/zsh/vendor-completions/_paperdex-index; do
    grep -qx "\./$f" "$work/deb-files" || fail ".deb lacks /$f"
  done
  for pattern in "libpaperdex-searcher\.so\.$version" "libpaperdex-indexer\.so\.$version" \
    "libpaperdex-common\.so\.$version" 'pkgconfig/paperdex-common\.pc' \
    'cmake/Paperdex/PaperdexConfig\.cmake' 'pkgconfig/paperdex-searcher\.pc'; do
    grep -qE "^\./usr/lib/(.*/)?$pattern$" "$work/deb-files" || fail ".deb lacks $pattern"
  done
  ! grep -q 'schema\.h' "$work/deb-files" || fail ".deb ships schema.h"
  # With the Python module built, it and its stub go where Debian's python3 imports from.
  if ls "$build"/python/paperdex.*.so >/dev/null 2>&1; then
    for pattern in 'paperdex\.cpython-[^/]*\.so' 'paperdex\.pyi'; do
      grep -qE "^\./usr/lib/python3/dist-packages/$pattern$" "$work/deb-files" ||
        fail ".deb lacks /usr/lib/python3/dist-packages/$pattern"
    done
  fi

  depends=$(dpkg-deb -f "$deb" Depends)
  echo "Depends: $depends"
  root=$work/deb-root
  dpkg-deb -x "$deb" "$root"
  packaged_pc=$(find "$root/usr/lib" -name paperdex-searcher.pc | head -1)
  [ -n "$packaged_pc" ] && [ "$(PKG_CONFIG_PATH=$(dirname "$packaged_pc") \
    pkg-config --variable=prefix paperdex-searcher | xargs realpath)" = "$(realpath "$root/usr")" ] ||
    fail "the packaged .pc file does not find its prefix (/usr) from where it lies"
  # Every library the packaged binaries load must come from a package in Depends.
  # A package named twice (python3 (>= 3.11~), python3 (<< 3.12)) is one package.
  depends_names=$(tr ',' '\n' <<<"$depends" | awk '{ print $1 }' | sort -u)
  elves=$(find "$root/usr/bin" "$root/usr/lib" -type f \( -perm -u+x -o -name '*.so.*' \))
  packaged_libs=$(dirname "$(find "$root/usr/lib" -name "libpaperdex-searcher.so.$version")")
  while read -r needed path; do
    case $needed in
    libpaperdex-*)
      [ "$(dirname "$path")" = "$packaged_libs" ] || fail "$needed is not in the .deb ($path)"
      continue
      ;;
    esac
    owner=$(dpkg -S "$path" 2>/dev/null || dpkg -S "$(realpath "$path")" 2>/dev/null || true)
    owner=${owner%%:*}
    if [ -z "$owner" ]; then
      fail "no installed package provides $needed ($path)"
    elif ! grep -qxF "$owner" <<<"$depends_names"; then
      fail "$needed comes from $owner, which Depends does not list"
    fi
  done < <(for elf in $elves; do
    # The binary's own NEEDED entries (not their dependencies), resolved by ldd.
    LD_LIBRARY_PATH=$packaged_libs ldd "$elf" | awk -v needed="$(readelf -d "$elf" |
      sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')" '
      BEGIN { split(needed, names, " "); for (i in names) direct[names[i]] = 1 }
      $2 == "=>" && ($1 in direct) { print $1, $3 }'
  done | sort -u)

  # Install for real with dpkg, into a scratch root whose package database is
  # a copy of this system's (so Depends are checked against what is installed).
  dpkg_cmd=()
  if [ "$(id -u)" -eq 0 ]; then
    dpkg_cmd=(dpkg)
  elif command -v fakeroot >/dev/null; then
    dpkg_cmd=(fakeroot dpkg)
  fi
  if [ ${#dpkg_cmd[@]} -eq 0 ]; then
    echo "skipping dpkg -i: needs root or fakeroot (dpkg sets file ownership)"
  else
    sysroot=$work/dpkg-root
    admin=$sysroot/var/lib/dpkg
    mkdir -p "$admin/info" "$admin/updates" "$admin/triggers"
    touch "$admin/status" "$admin/available"
    # The scratch system has exactly the packages Depends names, as installed
    # here: dpkg -i fails if one is missing or misspelt.
    while IFS= read -r package; do
      dpkg-query -s "$package" >>"$admin/status" 2>/dev/null || fail "Depends names $package, which is not installed"
      echo >>"$admin/status"
      touch "$admin/info/$(dpkg-query -W -f='${binary:Package}' "$package").list"
    done <<<"$depends_names"
    # The maintainer scripts run outside the scratch root (chrootless, so no
    # root needed for a chroot); a stub ldconfig records their calls instead of
    # rebuilding this system's cache.
    mkdir -p "$work/stub-bin"
    printf '#!/bin/sh\necho "ldconfig $*" >>"%s"\n' "$work/ldconfig.log" >"$work/stub-bin/ldconfig"
    chmod +x "$work/stub-bin/ldconfig"
    dpkg_root=(env PATH="$work/stub-bin:$PATH" "${dpkg_cmd[@]}" --root="$sysroot"
      --admindir="$admin" --log=/dev/null --force-not-root --force-script-chrootless)
    if quiet "${dpkg_root[@]}" -i "$deb"; then
      status_text=$("${dpkg_root[@]}" -s paperdex)
      grep -qx 'Status: install ok installed' <<<"$status_text" ||
        fail "dpkg does not report paperdex installed"
      installed_lib=$(dirname "$(find "$sysroot/usr/lib" -name "libpaperdex-searcher.so.$abi")")
      quiet env LD_LIBRARY_PATH="$installed_lib" "$sysroot/usr/bin/paperdex-search" \
        --db "$work/cli-index" --limit 1 optical || true
      if [ -d "$sysroot/usr/lib/python3/dist-packages" ]; then
        quiet env LD_LIBRARY_PATH="$installed_lib" PYTHONPATH="$sysroot/usr/lib/python3/dist-packages" \
          /usr/bin/python3 -c 'import sys, paperdex; print(paperdex.Searcher(sys.argv[1]).search("optical").total)' \
          "$work/cli-index" || true
      fi
      quiet "${dpkg_root[@]}" -r paperdex || true
      left=$(find "$sysroot/usr" -type f 2>/dev/null || true)
      [ -z "$left" ] || fail "dpkg -r left files behind: $left"
      [ "$(grep -c . "$work/ldconfig.log" 2>/dev/null)" = 2 ] ||
        fail "postinst and postrm did not each run ldconfig"
    fi
  fi
fi

step "done"
if [ "$failures" -gt 0 ]; then
  echo "$failures packaging check(s) failed" >&2
  exit 1
fi
echo "packaging checks passed in $((SECONDS - started)) s"
