#!/usr/bin/env bash
# Checks that README's two commands do all their set-up on a fresh Debian 12:
# CI and the developers' machines come with tools a new Debian 12 lacks, so a
# green CI can hide a missing install step. Not run by CI (it takes minutes
# and needs a Debian mirror). scripts/fresh-check.sh --help says how.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/fresh-check.sh [--keep DIR] [--mirror URL] [--query QUERY]

Builds a minimal Debian 12 root (debootstrap --variant=minbase bookworm),
copies into it this repository's committed tree (git archive HEAD, so
uncommitted changes are left out) as /root/paperdex and the shared/ folder
beside the repository as /root/shared (read-only, as CI lays it out), and runs
inside it, as root with chroot and a bare environment:
  scripts/run.sh QUERY
  scripts/test.sh
and checks that run.sh installed none of the packages only the tests need.
It prints both exit codes and the time taken, and exits 1 if either failed.
The mounts it makes in the root (proc, sys, dev, dev/pts) are undone on exit,
also when interrupted, and processes left running inside the root are ended.

Runs as root (re-runs itself with sudo otherwise). Needs network to a Debian
mirror and about 3 GB of disk; installs debootstrap with apt-get if missing.
Takes a few minutes: run it with nice on a shared machine.

  --keep DIR     keep the debootstrapped root in DIR/base and the .deb files
                 apt downloaded in DIR/apt-archives, and reuse both next time,
                 so a re-run skips debootstrap and the downloads. Each run still
                 starts from a fresh copy of DIR/base, in DIR/root, which is
                 left there afterwards for inspection (chroot DIR/root bash).
                 Without --keep everything is in a temporary directory, removed
                 on exit.
  --mirror URL   the Debian mirror for debootstrap and for apt in the root
                 (default: the one /etc/apt/sources.list* uses, else
                 http://deb.debian.org/debian)
  --query QUERY  the query for scripts/run.sh (default: optical circuit switch)
  -h, --help     this text
EOF
}

log() { printf '[fresh-check] %s\n' "$*" >&2; }
die() {
  log "$*"
  exit 2
}

keep=
mirror=
query="optical circuit switch"
while [ $# -gt 0 ]; do
  case $1 in
    --keep) keep=${2:?--keep needs a directory}; shift 2 ;;
    --mirror) mirror=${2:?--mirror needs a URL}; shift 2 ;;
    --query) query=${2:?--query needs a query}; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) log "unknown option: $1 (--help lists them)"; exit 2 ;;
  esac
done

if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || die "debootstrap, mount and chroot need root: run as root"
  exec sudo -- "$0" "$@"
fi

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
shared=$(cd "$repo/.." && pwd)/shared

# The mirror this machine's apt uses for Debian itself (not -security, not a
# third-party repository), from one-line or deb822 sources; comments skipped.
host_mirror() {
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources \
    2>/dev/null | sed 's/#.*//' |
    grep -oE 'https?://[^[:space:]]+' | grep -E '/debian/?$' | sed 's:/*$::' | head -1 || true
}
[ -n "$mirror" ] || mirror=$(host_mirror)
[ -n "$mirror" ] || mirror=http://deb.debian.org/debian

if ! command -v debootstrap >/dev/null; then
  log "installing debootstrap"
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
    --no-install-recommends debootstrap debian-archive-keyring >/dev/null
fi

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  work=$(realpath "$keep")
  scratch=
else
  work=$(realpath "$(mktemp -d "${TMPDIR:-/var/tmp}/paperdex-fresh.XXXXXX")")
  scratch=$work
fi
root=$work/root
mounts=()

# The mount points under DIR that are still mounted (deepest first).
mounts_under() {
  awk -v dir="$1" '$2 == dir || index($2, dir "/") == 1 { print $2 }' /proc/self/mounts | sort -r
}

# Processes whose root directory is $root: what the checked commands started
# and left running (a test's server, a build interrupted mid-way).
processes_in_root() {
  local proc
  for proc in /proc/[0-9]*; do
    [ "$(readlink "$proc/root" 2>/dev/null)" = "$root" ] && echo "${proc#/proc/}"
  done
  return 0
}

cleanup() {
  local status=$? pid pids signal i
  trap '' INT TERM
  set +e
  if [ ${#mounts[@]} -gt 0 ]; then  # this run entered the root
    for signal in TERM KILL; do
      pids=$(processes_in_root)
      [ -n "$pids" ] || break
      for pid in $pids; do kill -s "$signal" "$pid" 2>/dev/null; done
      sleep 2
    done
    # Also after an interrupted run: what apt fetched by then is not fetched again.
    if [ -n "$keep" ]; then
      mkdir -p "$work/apt-archives"
      cp -a "$root"/var/cache/apt/archives/*.deb "$work/apt-archives/" 2>/dev/null
    fi
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
      umount "${mounts[i]}" 2>/dev/null || umount -l "${mounts[i]}" ||
        log "could not unmount ${mounts[i]}"
    done
  fi
  if [ -n "$scratch" ]; then
    # Never delete through a mount that is still there (the host's /dev).
    if [ -n "$(mounts_under "$scratch")" ]; then
      log "left $scratch in place: still mounted: $(mounts_under "$scratch" | tr '\n' ' ')"
    else
      rm -rf --one-file-system "$scratch"
    fi
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mount_in_root() {
  local target=$root/$1
  shift
  mount "$@" "$target"
  mounts+=("$target")
}

started=$SECONDS

# --- the base root ----------------------------------------------------------
base=$work/base
if [ -n "$keep" ] && [ -e "$base/.paperdex-fresh-base" ]; then
  log "reusing the Debian 12 minbase root in $base"
else
  log "debootstrap --variant=minbase bookworm from $mirror (a few minutes)"
  [ -z "$(mounts_under "$base.partial")" ] || die "$base.partial has mounts: $(mounts_under "$base.partial")"
  rm -rf --one-file-system "$base.partial"
  # Into .partial first: an interrupted debootstrap is never taken for a base.
  if ! debootstrap --variant=minbase bookworm "$base.partial" "$mirror" >"$work/debootstrap.log" 2>&1; then
    tail -20 "$work/debootstrap.log" >&2
    die "debootstrap failed; its log is $work/debootstrap.log"
  fi
  rm -f "$base.partial"/var/cache/apt/archives/*.deb
  touch "$base.partial/.paperdex-fresh-base"
  rm -rf --one-file-system "$base"
  mv "$base.partial" "$base"
  log "debootstrap took $((SECONDS - started)) s"
fi

# --- this run's root: a fresh copy of the base --------------------------------
[ -z "$(mounts_under "$root")" ] || die "$root has mounts left from another run: $(mounts_under "$root")"
rm -rf --one-file-system "$root"
cp -a "$base" "$root"
rm "$root/.paperdex-fresh-base"
# The root's own resolver settings may point at nothing (or be absent): use
# this machine's, so apt inside reaches the mirror.
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
if [ -n "$keep" ] && [ -d "$work/apt-archives" ]; then
  cp -a "$work/apt-archives/." "$root/var/cache/apt/archives/"
fi

mkdir -p "$root/root/paperdex"
git -C "$repo" archive --format=tar HEAD | tar -x -C "$root/root/paperdex"
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
  log "note: uncommitted changes are not part of the check (it copies HEAD)"
fi
if [ -d "$shared" ]; then
  cp -a "$shared" "$root/root/shared"
  chmod -R a-w "$root/root/shared"
else
  log "note: no $shared: the tests that read it will be skipped"
fi

mount_in_root proc -t proc proc
mount_in_root sys -t sysfs -o ro sysfs
mount_in_root dev --bind /dev
# Nothing mounted under the root's /dev may show up in this machine's /dev.
mount --make-private "$root/dev"
# apt logs its dpkg runs through a pseudo-terminal.
mount_in_root dev/pts --bind /dev/pts

# Runs a command in the root as a login would: root's home, a plain PATH, no
# variable of this shell. In the background, so that a signal reaches the
# traps at once instead of after the command.
run_in_root() {
  local pid status=0
  chroot "$root" /usr/bin/env -i HOME=/root USER=root LOGNAME=root SHELL=/bin/bash \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    /bin/bash -c 'cd /root/paperdex && exec "$@"' bash "$@" &
  pid=$!
  wait "$pid" || status=$?
  return "$status"
}

log "in the root: scripts/run.sh \"$query\""
run_started=$SECONDS
run_status=0
run_in_root scripts/run.sh "$query" || run_status=$?
run_seconds=$((SECONDS - run_started))

# run.sh installs what building and running need, none of what only the
# tests need (scripts/lib.sh's two lists).
read -ra test_packages < <(bash -c 'source "$1/scripts/lib.sh"; echo "${PAPERDEX_TEST_PACKAGES[*]}"' _ "$repo")
extra=$(chroot "$root" dpkg-query -W -f='${Package} ${Status}\n' "${test_packages[@]}" 2>/dev/null |
  awk '/install ok installed/ { printf "%s ", $1 }')
if [ -n "$extra" ]; then
  log "scripts/run.sh installed packages only the tests need: $extra"
  [ "$run_status" -ne 0 ] || run_status=1
fi

log "in the root: scripts/test.sh"
test_started=$SECONDS
test_status=0
run_in_root scripts/test.sh || test_status=$?
test_seconds=$((SECONDS - test_started))

echo
echo "fresh Debian 12 (minbase) check of $(git -C "$repo" rev-parse --short HEAD):"
echo "  scripts/run.sh \"$query\": exit $run_status ($run_seconds s)"
echo "  scripts/test.sh: exit $test_status ($test_seconds s)"
echo "  total: $((SECONDS - started)) s"
[ -z "$keep" ] || echo "  the root is kept in $root"
[ "$run_status" -eq 0 ] && [ "$test_status" -eq 0 ]
