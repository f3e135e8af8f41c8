# relay: an attacker in the middle of the path (issue 18), who relays
# every frame between the hosts and can drop, delay, reorder and rewrite
# SCTP packets in flight (regress/vm/sctp-relay.py in a third namespace,
# sctp-m, bridging path 1 in user space; A and B keep their addresses).
#   pass        a session and a 2 MB download through the relay
#   reorder     a 2 MB download whose packets cross two by two swapped,
#               byte-exact (the seeds' T1 by a path that reorders)
#   drop        the server's packets with DATA dropped for 2 s: the
#               session carries on
#   delay       a 2 MB download whose packets with DATA are held 400 ms
#               each for 10 s (above the sender's 200 ms minimum
#               retransmission timeout): byte-exact
#   sid, ubit   one genuine packet of the server's moved to another
#               stream or made unordered in place (not a copy): with
#               SCTP-AUTH keyed by SSH the kernel drops it and the server
#               retransmits; without keys the session ends, and the
#               rewritten line never reaches the terminal
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
A1=$("$TOPO" addr a 1)
RELAY="$(dirname "$0")/sctp-relay.py"
M=sctp-m

# Path 1 becomes A - M - B: two veth pairs, the same addresses.
ip -n sctp-a link del path1
ip netns add "$M"
trap 'stop_sshd; pkill -f sctp-relay.py || true; ip netns del "$M" 2>/dev/null || true' EXIT
ip link add path1 netns sctp-a type veth peer name m1 netns "$M"
ip link add path1 netns sctp-b type veth peer name m2 netns "$M"
for h in a b; do
	[ $h = a ] && addr=$A1 || addr=$B1
	ip -n "sctp-$h" addr add "$addr/24" dev path1
	# One packet a packet, and SCTP's CRC32c computed by the sender's
	# kernel: the relay sends what it read, and the receiver checks it.
	ip -n "sctp-$h" link set path1 gso_max_size 1500 gso_max_segs 1 up
	ip netns exec "sctp-$h" ethtool -K path1 tx off >/dev/null 2>&1 ||
	    fatal "ethtool -K path1 tx off failed on host $h"
done
ip -n "$M" link set lo up
for i in m1 m2; do
	ip -n "$M" link set "$i" up
	ip netns exec "$M" ethtool -K "$i" gro off tx off >/dev/null 2>&1 || true
done
"$TOPO" set 1 delay 5

start_sshd "Transport sctp"

# stop_relay: the relay ended; affected: what it did to packets.
stop_relay() {
	local f
	affected=0
	pkill -f sctp-relay.py || return 0
	for _ in $(seq 50); do pgrep -f sctp-relay.py >/dev/null || break; sleep 0.1; done
	f=$(ls -t "$W"/relay-*.log 2>/dev/null | head -1)
	affected=$(awk '/^affected/ { print $2 }' "$f")
	: "${affected:=0}"
}

# relay RULE: the relay in the middle, the rule armed by $W/go-RULE.
relay() {
	stop_relay
	rm -f "$W/go-$1"
	ip netns exec "$M" /usr/bin/python3 "$RELAY" m1 m2 "$1" "$W/go-$1" \
	    >"$W/relay-$1.log" 2>&1 &
	wait_for "$W/relay-$1.log" relaying 60 || fatal "$1: the relay did not start"
}

# download NAME: 2 MB of random data from sshd through the relay,
# compared with what sshd sent.
download() {
	head -c 2000000 /dev/urandom >"$W/data"
	sum=$(sha256sum <"$W/data" | cut -d' ' -f1)
	got=$(on_a timeout 300 "$SSH" -F "$CFG" -z "$B1" cat "$W/data" | sha256sum | cut -d' ' -f1)
	[ "$got" = "$sum" ] || fatal "$1: the download through the relay was not byte-exact"
}

relay pass
echo_session pass
echo two >&4
wait_for "$W/pass.out" "got two" 60 || fatal "pass: no echo through the relay"
exec 4>&-
wait "$pid" || fatal "pass: ssh failed"
download pass
note "pass: a session and a 2 MB download through the relay"

relay reorder
touch "$W/go-reorder"
download reorder
stop_relay
[ "$affected" -ge 100 ] || fatal "reorder: the relay swapped only $affected packets"
note "reorder: a 2 MB download, $affected of the server's packets swapped two by two: byte-exact"

relay drop
echo_session drop
touch "$W/go-drop"
echo lost >&4
wait_for "$W/drop.out" "got lost" 60 || fatal "drop: the line sent during the drop never came back"
echo two >&4
wait_for "$W/drop.out" "got two" 60 || fatal "drop: the session did not carry on"
exec 4>&-
wait "$pid" || fatal "drop: ssh failed"
stop_relay
[ "$affected" -ge 1 ] || fatal "drop: the relay dropped nothing"
note "drop: $affected of the server's packets with DATA dropped in 2 s; the line came back, the session carried on"

relay delay
rtx0=$("$TOPO" exec b awk '$1 == "SctpT3RtxExpireds" { print $2 }' /proc/net/sctp/snmp)
touch "$W/go-delay"
t0=$(uptime_s)
download delay
t1=$(uptime_s)
stop_relay
rtx1=$("$TOPO" exec b awk '$1 == "SctpT3RtxExpireds" { print $2 }' /proc/net/sctp/snmp)
[ "$affected" -ge 20 ] || fatal "delay: the relay held only $affected packets"
note "delay: a 2 MB download, $affected of the server's packets held 400 ms each: byte-exact in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s (B's retransmission timeouts: $((rtx1 - rtx0)))"

# rewrite RULE KEYED(yes|no): the next line's echo rewritten in flight.
rewrite() {
	local rule=$1 keyed=$2 name=$1-$2
	relay "$rule"
	if [ "$keyed" = yes ]; then
		echo_session "$name"
		wait_for "$W/$name.log" "SCTP-AUTH: key 0 deleted" 120 ||
		    { tail "$W/$name.log"; fatal "$name: ssh never deleted the set-up's key"; }
	else
		echo_session "$name" -o SCTPAuthKey=no
	fi
	sleep 1
	"$TOPO" exec a cat /proc/net/sctp/snmp >"$W/snmp0"
	touch "$W/go-$rule"
	echo target >&4
	if [ "$keyed" = yes ]; then
		wait_for "$W/$name.out" "got target" 60 ||
		    { tail "$W/$name.log"; fatal "$name: the line never came back"; }
		echo after >&4
		wait_for "$W/$name.out" "got after" 60 || fatal "$name: the session did not carry on"
		[ "$(grep -c "got target" "$W/$name.out")" = 1 ] ||
		    fatal "$name: the line came back more than once"
		exec 4>&-
		wait "$pid" || fatal "$name: ssh failed"
		discards=$("$TOPO" exec a cat /proc/net/sctp/snmp |
		    awk 'NR == FNR { a[$1] = $2; next } $1 == "SctpInPktDiscards" { print $2 - a[$1] }' "$W/snmp0" -)
		stop_relay
		[ "$affected" = 1 ] || fatal "$name: the relay rewrote $affected packets"
		[ "$discards" -ge 1 ] || fatal "$name: A's kernel discarded nothing"
		note "$name: the server's packet rewritten in flight was dropped by A's kernel (SctpInPktDiscards +$discards) and sent again; the line came back once"
	else
		for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
		if kill -0 "$pid" 2>/dev/null; then
			kill "$pid"
			fatal "$name: the session outlived the rewritten packet"
		fi
		{ exec 4>&-; } 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		stop_relay
		[ "$affected" = 1 ] || fatal "$name: the relay rewrote $affected packets"
		grep -q "got target" "$W/$name.out" && fatal "$name: the rewritten line reached the terminal"
		note "$name: the session ended ($(grep -v -e '^debug' -e '^Warning' -e '^Authenticated' "$W/$name.log" | head -2 | tr '\n' ' ')); the line never reached the terminal"
	fi
}
rewrite sid yes
rewrite ubit yes
rewrite sid no
rewrite ubit no
