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
#   netns_init               # picks the subnet; cleans up on EXIT, INT, TERM
#   netns_create a           # namespace pdx-$$-a, loopback up
#   netns_veth a             # links it; sets NETNS_ADDR[a] (its address) and
#                            # NETNS_PEER[a] (the default namespace's end)
#   netns_start a xapian-tcpsrv --interface "${NETNS_ADDR[a]}" --port 7000 DB
#                            # runs a command in it, in the background, in a
#                            # process group of its own; sets NETNS_PID
#   netns_wait_port "${NETNS_ADDR[a]}" 7000   # until it accepts connections
#   netns_link a down        # the host drops off the network (and back: up)
#   netns_stop_processes a   # kills every process of the namespace
#   netns_delay a 1          # adds 1 ms each way (netem); returns 3 when this
#                            # kernel has no netem (netns_has_netem says so)
#   netns_exec a CMD...      # runs CMD in it, in the foreground
# Names are unique per run (pdx-PID-NAME, veths pPID-N[hn]), so parallel runs
# never collide; netns_cleanup (also run on exit) kills the namespaces'
# processes and deletes their veths and the namespaces, and netns_init deletes
# what runs killed outright (SIGKILL) left behind.

NETNS_RUN="pdx-$$"
NETNS_SUBNET=""            # "10.x.y": the run's /24
NETNS_NAMES=()             # the namespaces made, in order
declare -gA NETNS_ADDR=()  # namespace -> its address
declare -gA NETNS_PEER=()  # namespace -> the default namespace's address on its link
declare -gA NETNS_HOST_DEV=() # namespace -> the default namespace's veth
declare -gA NETNS_DEV=()   # namespace -> its own veth
NETNS_PIDS=()              # background commands (netns_start)
NETNS_PID=""

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
}

# Picks a 10.x.y.0/24 that no address or route of the default namespace
# touches (under a lock: two runs starting together take different ones),
# routes it nowhere but to this run's links, and sets the cleanup traps.
netns_init() {
  trap netns_cleanup EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  exec {NETNS_LOCK_FD}>/run/lock/paperdex-netns.lock || exec {NETNS_LOCK_FD}>/tmp/paperdex-netns.lock
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
  flock -u "$NETNS_LOCK_FD"
  exec {NETNS_LOCK_FD}>&-  # not left open in the commands the test runs
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
  local ns="$NETNS_RUN-$1"
  shift
  set -m
  timeout 600 ip netns exec "$ns" "$@" &
  NETNS_PID=$!
  set +m
  NETNS_PIDS+=("$NETNS_PID")
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

# Delays every packet on namespace NAME's link by MS milliseconds each way
# (netem on both ends); 0 removes the delay. Returns 3 when this kernel has no
# netem.
netns_delay() {
  local name=$1 ms=$2 ns="$NETNS_RUN-$1"
  ip netns exec "$ns" tc qdisc del dev "${NETNS_DEV[$name]}" root 2>/dev/null || true
  tc qdisc del dev "${NETNS_HOST_DEV[$name]}" root 2>/dev/null || true
  [ "$ms" = 0 ] && return 0
  tc qdisc add dev "${NETNS_HOST_DEV[$name]}" root netem delay "${ms}ms" 2>/dev/null || return 3
  ip netns exec "$ns" tc qdisc add dev "${NETNS_DEV[$name]}" root netem delay "${ms}ms"
}

# Stops the background commands, kills what else runs in the namespaces,
# deletes the veths and the namespaces. Runs on exit; safe to run twice.
netns_cleanup() {
  local status=$? pid name
  for pid in "${NETNS_PIDS[@]}"; do
    kill -- "-$pid" 2>/dev/null || true
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
  if declare -F netns_on_exit >/dev/null; then netns_on_exit; fi
  return "$status"
}
