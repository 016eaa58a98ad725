# shellcheck shell=bash
# Network namespaces for tests of paperdex across hosts (issue 34): each
# "host" is a namespace of this run, joined to the default namespace by a veth
# pair on a private /30 of a 10.x.y.0/24 the run picks (one no interface or
# route of this machine uses yet). Traffic stays between the default namespace
# and the namespaces the run made: nothing is routed anywhere else.
#
# Use (the test needs root and `ip`, Debian iproute2):
#   source tests/netns/netns_lib.sh
#   netns_require            # exits 77 (ctest: skipped) without root or ip
#   netns_init               # picks the subnet, makes $NETNS_WORK (a temporary
#                            # directory), finds how to delay a host
#                            # ($NETNS_DELAY_KIND); cleans up on EXIT, INT, TERM
#   netns_create a           # namespace pdx-$$-a, loopback up
#   netns_veth a             # links it; sets NETNS_ADDR[a] (its address) and
#                            # NETNS_PEER[a] (the default namespace's end)
#   netns_serve a 7000 DB... # xapian-tcpsrv for DB... on NETNS_ADDR[a]:7000,
#                            # once it accepts connections
#   netns_relay a 7001 7000  # a delaying relay (delay_relay.py) on port 7001
#                            # in front of port 7000, where there is no netem
#   netns_start a CMD...     # runs a command in it, in the background, in a
#                            # process group of its own; sets NETNS_PID
#   netns_wait_port "${NETNS_ADDR[a]}" 7000   # until it accepts connections
#   netns_link a down        # the host drops off the network (and back: up)
#   netns_stop_processes a   # kills every process of the namespace
#   netns_delay a 1          # adds 1 ms each way: netem, or else a's relays
#                            # (returns 3 when neither can)
#   netns_exec a CMD...      # runs CMD in it, in the foreground
#   fail MESSAGE...          # a test's failure, counted; netns_finish MESSAGE
#                            # ends the test: exit 1 after failures, else
#                            # prints MESSAGE
# Names are unique per run (pdx-PID-NAME, veths pPID-N[hn]), so parallel runs
# never collide; netns_cleanup (also run on exit) kills the namespaces'
# processes and deletes their veths, the namespaces and $NETNS_WORK, and
# netns_init deletes what runs killed outright (SIGKILL) left behind. Every
# background command stops by itself within 10 minutes.

NETNS_RUN="pdx-$$"
NETNS_SUBNET=""            # "10.x.y": the run's /24
NETNS_NAMES=()             # the namespaces made, in order
declare -gA NETNS_ADDR=()  # namespace -> its address
declare -gA NETNS_PEER=()  # namespace -> the default namespace's address on its link
declare -gA NETNS_HOST_DEV=() # namespace -> the default namespace's veth
declare -gA NETNS_DEV=()   # namespace -> its own veth
NETNS_PIDS=()              # background commands (netns_start)
declare -gA NETNS_PIDS_OF=() # namespace -> its background commands
NETNS_PID=""
NETNS_WORK=""              # the run's temporary directory
NETNS_LIB_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# How netns_delay slows a host: "netem" (tc qdisc netem on both ends of its
# link), "relay" (this kernel has no netem: the host's relays, netns_relay,
# hold each chunk back) or "none". PAPERDEX_NETNS_DELAY=relay forces relays.
NETNS_DELAY_KIND=""
declare -gA NETNS_RELAY_FILE=() # namespace -> its relays' delay file (ms)
NETNS_BACKGROUND_SECONDS=600    # the longest a background command runs
failures=0

# Exits 77 with a SKIP line when the test cannot make namespaces here.
netns_require() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "SKIP: network namespaces need root; not tested"
    exit 77
  fi
  if ! command -v ip >/dev/null; then
    echo "SKIP: ip (Debian iproute2) not found; not tested"
    exit 77
  fi
  if ! ip netns add "$NETNS_RUN-probe" 2>/dev/null; then
    echo "SKIP: 'ip netns add' is not permitted here; not tested"
    exit 77
  fi
  ip netns del "$NETNS_RUN-probe"
}

# The namespaces of runs that no longer exist (killed with SIGKILL), and their veths.
NETNS_STATE_DIR=""  # the lock, and a PID.run file per run: its route and work directory
netns_remove_stale() {
  local ns pid
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E '^pdx-[0-9]+-' || true); do
    pid=${ns#pdx-}
    pid=${pid%%-*}
    kill -0 "$pid" 2>/dev/null && continue
    netns_kill_namespace "$ns"
  done
  for dev in $(ip -o link show 2>/dev/null | awk -F': ' '{print $2}' | sed 's/@.*//' |
    grep -E '^p[0-9]+-[0-9]+h$' || true); do
    pid=${dev#p}
    pid=${pid%%-*}
    kill -0 "$pid" 2>/dev/null || ip link del "$dev" 2>/dev/null || true
  done
  # Their subnet's route and work directory, as their PID.run files say.
  local file route work
  for file in "$NETNS_STATE_DIR"/*.run; do
    [ -e "$file" ] || continue
    pid=$(basename "$file" .run)
    kill -0 "$pid" 2>/dev/null && continue
    route="" work=""
    { read -r route && read -r work; } <"$file" || true
    if [ -n "$route" ]; then ip route del unreachable "$route" metric 4000 2>/dev/null || true; fi
    case $work in */paperdex-netns.??????) rm -rf -- "$work" ;; esac
    rm -f "$file"
  done
}

# Picks a 10.x.y.0/24 that no address or route of the default namespace
# touches (under a lock: two runs starting together take different ones),
# routes it nowhere but to this run's links, and sets the cleanup traps.
netns_init() {
  trap netns_cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  NETNS_WORK=$(mktemp -d "${TMPDIR:-/tmp}/paperdex-netns.XXXXXX")
  NETNS_STATE_DIR=/run/lock/paperdex-netns.d
  if ! mkdir -p "$NETNS_STATE_DIR" 2>/dev/null || [ ! -w "$NETNS_STATE_DIR" ]; then
    NETNS_STATE_DIR=/tmp/paperdex-netns.d
    mkdir -p "$NETNS_STATE_DIR"
  fi
  exec {NETNS_LOCK_FD}>"$NETNS_STATE_DIR/lock"
  flock "$NETNS_LOCK_FD"
  netns_remove_stale
  local used x y
  used=$( (ip -4 -o addr show; ip -4 route show table all) 2>/dev/null)
  for _ in $(seq 1 200); do
    x=$((200 + RANDOM % 50))
    y=$((RANDOM % 256))
    if ! grep -q "10\.$x\.$y\." <<<"$used"; then
      NETNS_SUBNET="10.$x.$y"
      break
    fi
  done
  if [ -z "$NETNS_SUBNET" ]; then
    exec {NETNS_LOCK_FD}>&-
    echo "no free 10.200-249.x.0/24 subnet for the test namespaces" >&2
    exit 1
  fi
  # Whatever of the subnet no link of this run routes is unreachable: its
  # packets never take the default route off this machine (a link taken
  # down loses its route). The route also claims the subnet for other runs.
  ip route add unreachable "$NETNS_SUBNET.0/24" metric 4000
  NETNS_ROUTE="$NETNS_SUBNET.0/24"
  # What to remove should this run be killed outright (netns_remove_stale).
  printf '%s\n%s\n' "$NETNS_ROUTE" "$NETNS_WORK" >"$NETNS_STATE_DIR/$$.run"
  flock -u "$NETNS_LOCK_FD"
  exec {NETNS_LOCK_FD}>&-  # not left open in the commands the test runs
  if [ "${PAPERDEX_NETNS_DELAY:-}" != relay ] && netns_has_netem; then
    NETNS_DELAY_KIND=netem
  elif command -v python3 >/dev/null; then
    NETNS_DELAY_KIND=relay
  else
    NETNS_DELAY_KIND=none
  fi
}

# Counts a failure of the test and says what failed.
fail() {
  printf 'FAIL: %s\n' "$*" >&2
  failures=$((failures + 1))
}

# Ends the test: exit 1 when something failed, else prints MESSAGE.
netns_finish() {
  if [ "$failures" -gt 0 ]; then
    echo "$failures failure(s)" >&2
    exit 1
  fi
  echo "$*"
}

# Kills every process of namespace NS (its full name) and deletes it.
netns_kill_namespace() {
  local ns=$1 pids
  pids=$(ip netns pids "$ns" 2>/dev/null || true)
  if [ -n "$pids" ]; then
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null || true
  fi
  ip netns del "$ns" 2>/dev/null || true
}

# Creates namespace NAME of this run (pdx-PID-NAME), with its loopback up.
netns_create() {
  local name=$1 ns="$NETNS_RUN-$1"
  ip netns add "$ns"
  NETNS_NAMES+=("$name")
  ip -n "$ns" link set lo up
}

# The full name of namespace NAME.
netns_name() { printf '%s-%s\n' "$NETNS_RUN" "$1"; }

# Joins namespace NAME to the default namespace: a veth pair on the next /30
# of the run's subnet (.1/.2 for the first, .5/.6 for the second, ...). Sets
# NETNS_ADDR[NAME] (the namespace's end) and NETNS_PEER[NAME] (ours).
netns_veth() {
  local name=$1 ns="$NETNS_RUN-$1" index host dev base
  index=${#NETNS_ADDR[@]}
  host="p$$-${index}h"
  dev="p$$-${index}n"
  base=$((index * 4))
  ip link add "$host" type veth peer name "$dev"
  ip link set "$dev" netns "$ns"
  ip addr add "$NETNS_SUBNET.$((base + 1))/30" dev "$host"
  ip link set "$host" up
  ip -n "$ns" addr add "$NETNS_SUBNET.$((base + 2))/30" dev "$dev"
  ip -n "$ns" link set "$dev" up
  NETNS_HOST_DEV[$name]=$host
  NETNS_DEV[$name]=$dev
  NETNS_ADDR[$name]="$NETNS_SUBNET.$((base + 2))"
  NETNS_PEER[$name]="$NETNS_SUBNET.$((base + 1))"
}

# Runs CMD... in namespace NAME, in the foreground.
netns_exec() {
  local ns="$NETNS_RUN-$1"
  shift
  ip netns exec "$ns" "$@"
}

# Runs CMD... in namespace NAME in the background, in a process group of its
# own (xapian-tcpsrv, sent SIGTERM, kills its whole process group), and gone
# within 10 minutes even if the test is killed outright. Sets NETNS_PID.
netns_start() {
  local name=$1 ns="$NETNS_RUN-$1"
  shift
  set -m
  timeout "$NETNS_BACKGROUND_SECONDS" ip netns exec "$ns" "$@" &
  NETNS_PID=$!
  set +m
  NETNS_PIDS+=("$NETNS_PID")
  NETNS_PIDS_OF[$name]="${NETNS_PIDS_OF[$name]:-} $NETNS_PID"
}

# Waits (up to 10 s) until HOST:PORT accepts a TCP connection.
netns_wait_port() {
  local host=$1 port=$2
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then return 0; fi
    sleep 0.1
  done
  echo "nothing accepts connections on $host:$port after 10 s" >&2
  return 1
}

# Serves DB... from namespace NAME with xapian-tcpsrv on its address and
# PORT (its log: $NETNS_WORK/tcpsrv-NAME-PORT.log); returns once it accepts
# connections.
netns_serve() {
  local name=$1 port=$2
  shift 2
  netns_start "$name" xapian-tcpsrv --interface "${NETNS_ADDR[$name]}" --port "$port" "$@" \
    >"$NETNS_WORK/tcpsrv-$name-$port.log" 2>&1
  netns_wait_port "${NETNS_ADDR[$name]}" "$port"
}

# A relay in namespace NAME on its address and PORT, in front of its server on
# TARGET (delay_relay.py: each chunk passed on after the delay netns_delay
# sets, 0 at first); where the kernel has no netem, connect to PORT to be
# slowed down by netns_delay. Returns once it accepts connections.
netns_relay() {
  local name=$1 port=$2 target=$3 file="$NETNS_WORK/delay-$1.ms"
  [ -e "$file" ] || echo 0 >"$file"
  NETNS_RELAY_FILE[$name]=$file
  netns_start "$name" python3 "$NETNS_LIB_DIR/delay_relay.py" \
    --listen "${NETNS_ADDR[$name]}:$port" --target "${NETNS_ADDR[$name]}:$target" \
    --delay-file "$file" --lifetime "$NETNS_BACKGROUND_SECONDS" \
    >>"$NETNS_WORK/relay-$name.log" 2>&1
  netns_wait_port "${NETNS_ADDR[$name]}" "$port"
}

# Takes namespace NAME's link down or up (its own end, as a host dropping off
# the network: what is sent to it is lost, its connections go silent).
netns_link() {
  ip -n "$NETNS_RUN-$1" link set "${NETNS_DEV[$1]}" "$2"
}

# Kills every process running in namespace NAME (its servers).
netns_stop_processes() {
  local pids
  pids=$(ip netns pids "$NETNS_RUN-$1" 2>/dev/null || true)
  if [ -n "$pids" ]; then
    # shellcheck disable=SC2086
    kill -KILL $pids 2>/dev/null || true
  fi
  # Its background commands (netns_start) end with them: collected quietly,
  # not reported as "Killed" jobs (and never a bare wait: it waits for all).
  if [ -n "${NETNS_PIDS_OF[$1]:-}" ]; then
    # shellcheck disable=SC2086
    { wait ${NETNS_PIDS_OF[$1]}; } 2>/dev/null || true
  fi
  NETNS_PIDS_OF[$1]=""
}

# Whether this kernel has netem (tc qdisc ... netem): some have not.
netns_has_netem() {
  local ns="$NETNS_RUN-netem-probe" found=1
  ip netns add "$ns" 2>/dev/null || return 1
  ip -n "$ns" link set lo up
  ip netns exec "$ns" tc qdisc add dev lo root netem delay 1ms 2>/dev/null && found=0
  ip netns del "$ns"
  return "$found"
}

# Delays what namespace NAME sends and receives by MS milliseconds each way; 0
# removes the delay. With netem: every packet of its link (both ends). Without
# (NETNS_DELAY_KIND relay): what passes through its relays (netns_relay; a
# connection straight to its server is not slowed). Returns 3 when it cannot.
netns_delay() {
  local name=$1 ms=$2 ns="$NETNS_RUN-$1" file
  case $NETNS_DELAY_KIND in
    netem)
      ip netns exec "$ns" tc qdisc del dev "${NETNS_DEV[$name]}" root 2>/dev/null || true
      tc qdisc del dev "${NETNS_HOST_DEV[$name]}" root 2>/dev/null || true
      [ "$ms" = 0 ] && return 0
      tc qdisc add dev "${NETNS_HOST_DEV[$name]}" root netem delay "${ms}ms" 2>/dev/null || return 3
      ip netns exec "$ns" tc qdisc add dev "${NETNS_DEV[$name]}" root netem delay "${ms}ms"
      ;;
    relay)
      file=${NETNS_RELAY_FILE[$name]:-}
      [ -n "$file" ] || return 3
      echo "$ms" >"$file.new"
      mv "$file.new" "$file" # whole: the relay reads it when it changes
      ;;
    *) return 3 ;;
  esac
}

# How netns_delay delays a host, for a report: "netem" or "relay-simulated".
netns_delay_label() {
  case $NETNS_DELAY_KIND in
    netem) echo netem ;;
    relay) echo relay-simulated ;;
    *) echo "no delay (neither netem nor python3)" ;;
  esac
}

# Whether any of the processes PID... still runs.
netns_any_alive() {
  local pid
  for pid in "$@"; do
    kill -0 "$pid" 2>/dev/null && return 0
  done
  return 1
}

# Stops the background commands, kills what else runs in the namespaces,
# deletes the veths and the namespaces. Runs on exit; safe to run twice.
netns_cleanup() {
  local status=$? pid name
  for pid in "${NETNS_PIDS[@]}"; do
    kill -- "-$pid" 2>/dev/null || true
  done
  # A moment (0.5 s at most) to stop on SIGTERM before what is left is killed.
  for _ in $(seq 1 10); do
    netns_any_alive "${NETNS_PIDS[@]}" || break
    sleep 0.05
  done
  for name in "${NETNS_NAMES[@]}"; do
    if [ -n "${NETNS_HOST_DEV[$name]:-}" ]; then ip link del "${NETNS_HOST_DEV[$name]}" 2>/dev/null || true; fi
    netns_kill_namespace "$NETNS_RUN-$name"
  done
  for pid in "${NETNS_PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  NETNS_PIDS=()
  NETNS_NAMES=()
  if [ -n "${NETNS_ROUTE:-}" ]; then ip route del unreachable "$NETNS_ROUTE" metric 4000 2>/dev/null || true; fi
  NETNS_ROUTE=""
  if [ -n "$NETNS_STATE_DIR" ]; then rm -f "$NETNS_STATE_DIR/$$.run"; fi
  if [ -n "$NETNS_WORK" ]; then rm -rf "$NETNS_WORK"; fi
  NETNS_WORK=""
  return "$status"
}
