# floods: handshake floods against sshd's SCTP port (the seeds' T5).
# Host A sends forged INIT, LONG-INIT (an INIT with 160 parameters the
# receiver must report back) and COOKIE ECHO chunks to sshd's port from
# random hosts of 198.18.77.0/24 (regress/sctp-flood.c), FLOOD_PPS a
# second (default 1000), one kind after another.  B answers them over
# the path, where A drops them.  During each flood:
#   - the kernel keeps no state for them: no association is made from a
#     forged source, sshd sees no connection from one;
#   - an INIT ACK is at most 8 times the bytes of the INIT that drew it
#     (measured 4.1 to 4.5, LONG-INIT 2.3 to 3: README.sctp); a forged
#     COOKIE ECHO draws nothing;
#   - a session set up before the flood answers a line, and a new login
#     succeeds (generous limits: a loaded machine is slow, not wrong);
#   - sshd lives on.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
A1=$("$TOPO" addr a 1)
FLOOD=$TOOLS/sctp-flood
[ -x "$FLOOD" ] || fatal "no $FLOOD (make tools)"
pps=${FLOOD_PPS:-1000}
ip -n sctp-b route add 198.18.77.0/24 via "$A1"
start_sshd "Transport sctp"
trap 'stop_sshd; pkill -x sctp-flood || true' EXIT

# counters: B's path1 "rx_bytes tx_bytes rx_packets tx_packets".
counters() {
	"$TOPO" exec b sh -c 'd=/sys/class/net/path1/statistics
	    echo $(cat $d/rx_bytes $d/tx_bytes $d/rx_packets $d/tx_packets)'
}
# estabs: associations B's kernel accepted (SctpPassiveEstabs).
estabs() {
	"$TOPO" exec b awk '$1 == "SctpPassiveEstabs" { print $2 }' /proc/net/sctp/snmp
}

echo_session s
n=1
for kind in init long-init cookie; do
	e0=$(estabs)
	"$TOPO" exec a "$FLOOD" "$kind" 198.18.77.0/24 "$B1" 2222 "$pps" 600 \
	    >"$W/flood-$kind.out" 2>&1 &
	fpid=$!
	sleep 2
	kill -0 "$fpid" 2>/dev/null ||
	    { cat "$W/flood-$kind.out"; fatal "$kind: the flood did not start"; }
	read -r rb0 tb0 rp0 tp0 <<<"$(counters)"
	sleep 5
	read -r rb1 tb1 rp1 tp1 <<<"$(counters)"
	rb=$((rb1 - rb0)) tb=$((tb1 - tb0)) rp=$((rp1 - rp0)) tp=$((tp1 - tp0))
	[ "$rp" -ge 500 ] || fatal "$kind: B received only $rp packets in 5 s of flood"
	amp=$(awk -v r="$rb" -v t="$tb" 'BEGIN { printf "%.2f", t / r }')
	case $kind in
	cookie)
		# The session is idle: B sends next to nothing of its own.
		[ "$tp" -le 20 ] ||
		    fatal "cookie: B sent $tp packets for $rp forged COOKIE ECHOs"
		;;
	*)
		awk -v a="$amp" 'BEGIN { exit !(a <= 8) }' ||
		    fatal "$kind: B sent $tb bytes for $rb received ($amp times)"
		;;
	esac
	# The session set up before the flood answers.
	n=$((n + 1))
	t0=$(uptime_s)
	echo "line$n" >&4
	wait_for "$W/s.out" "got line$n" 120 ||
	    fatal "$kind: the session did not answer during the flood"
	t1=$(uptime_s)
	# A new login gets in.
	l0=$(uptime_s)
	on_a "$SSH" -F "$CFG" -z -o ConnectTimeout=120 "$B1" true 2>"$W/login-$kind.log" ||
	    { cat "$W/login-$kind.log"; fatal "$kind: a login failed during the flood"; }
	l1=$(uptime_s)
	kill "$fpid" 2>/dev/null
	wait "$fpid" 2>/dev/null || true
	e1=$(estabs)
	# The new login is the only association B's kernel accepted.
	[ $((e1 - e0)) -eq 1 ] ||
	    fatal "$kind: B's kernel accepted $((e1 - e0)) associations during the flood, 1 login"
	[ -s "$W/sshd.pid" ] && kill -0 "$(cat "$W/sshd.pid")" ||
	    fatal "$kind: sshd died"
	note "$kind at $pps/s: B received $rp packets ($rb bytes) in 5 s, sent $tp ($tb bytes, $amp times); echo $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s, login $(awk -v a="$l0" -v b="$l1" 'BEGIN { printf "%.2f", b - a }') s; 1 association accepted"
done
grep -q "Connection from 198\.18\.77\." "$W/sshd.log" &&
    fatal "sshd saw a connection from a forged source"
end_session s
note "no connection from a forged source in sshd's log; the session ended cleanly"
