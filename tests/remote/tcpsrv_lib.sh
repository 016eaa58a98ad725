# shellcheck shell=bash
# Shard servers (xapian-tcpsrv) on 127.0.0.1 for the tests and benchmarks of
# remote shards (tests/remote/remote_shards_test.sh, bench/remote_bench.sh):
#   source tests/remote/tcpsrv_lib.sh
#   tcpsrv_start LOG_DIR SECONDS DB...  # serves DB... on a free loopback port,
#                                       # gone after SECONDS even if the caller
#                                       # is killed outright; sets TCPSRV_PORT
#   tcpsrv_stop_all                     # stops them all (call it on exit)
# Each server runs in a process group of its own: on SIGTERM xapian-tcpsrv
# kills its whole process group (its forks), which would otherwise be the
# caller's (and ctest's).

TCPSRV_PIDS=()
TCPSRV_PORT=""

# Starts xapian-tcpsrv for DB... on a random free port of 127.0.0.1 (another
# one when that port is taken), its log in LOG_DIR/server-PORT.log; returns
# once it listens (10 s at most per try), or exits 1 naming what failed.
tcpsrv_start() {
  local log_dir=$1 seconds=$2 log pid
  shift 2
  for _ in $(seq 1 20); do
    TCPSRV_PORT=$((20000 + (RANDOM * 32768 + RANDOM) % 40000))
    log="$log_dir/server-$TCPSRV_PORT.log"
    set -m
    timeout "$seconds" xapian-tcpsrv --interface 127.0.0.1 --port "$TCPSRV_PORT" "$@" >"$log" 2>&1 &
    pid=$!
    set +m
    for _ in $(seq 1 100); do
      if grep -q '^Listening' "$log"; then
        TCPSRV_PIDS+=("$pid")
        return 0
      fi
      kill -0 "$pid" 2>/dev/null || break # exited: the port was taken, try another
      sleep 0.1
    done
    kill -- "-$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  cat "$log" >&2
  echo "could not start xapian-tcpsrv for $* on a free loopback port" >&2
  exit 1
}

# Stops every server tcpsrv_start started, with its forks.
tcpsrv_stop_all() {
  local pid
  for pid in "${TCPSRV_PIDS[@]}"; do
    kill -- "-$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  TCPSRV_PIDS=()
}
