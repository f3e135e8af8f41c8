# forge: an attacker on the path forges packets into a session it watches
# (regress/vm/sctp-forge.py and tcp-forge.py, scapy, on host B's side of
# the path, sending to host A as host B): the seeds' T1 (a genuine DATA
# chunk moved to another stream or made unordered), T2 (FORWARD-TSN), T3
# (DATA), T4 (ABORT, SHUTDOWN), a forged SACK, a replayed packet and T14
# (ICMP).
#   keyed     SSH over SCTP with SCTP-AUTH keyed by SSH (the default):
#             every forged chunk, alone and with an AUTH chunk of key 0,
#             an ABORT and a DATA chunk under a key identifier no end uses
#             (as the random key of ssh's restart, PROTOCOL.sctp 2.12),
#             the replay, the two T1 rewrites (their genuine AUTH chunk
#             kept), a flood of DATA with bad HMACs under the current key
#             (T19; its rate and what the kernel counted are noted) and
#             the two ICMP errors; the kernel drops the chunks, the
#             session answers, a 3000-byte line comes back whole (whether
#             the ICMP error lowered the path MTU is not checked)
#   unkeyed-KIND  SCTPAuthKey no: the same chunk alone ends the session,
#             or for FORWARD-TSN stalls it (the limitation of SCTP without
#             keys, and a check that the forgeries are right); a T1
#             rewrite (reorder, ubit) ends it too, never reaching the
#             terminal: what SSH's own checks catch without the kernel's
#   keyed-rate  the T19 flood at a high rate from a C tool (below)
#   tcp-rst, tcp-data  SSH over TCP: one forged segment ends the session
# Each ending says how long the session took to end after the packet
# (from the forger's clock, within the 0.2 s of the polling).
# FORGE_CASES (an extended regex) runs only the cases it matches;
# FORGE_PCAP, a directory, gets a capture of each on host A (forge in
# sshlib.sh).
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
"$TOPO" set 1 delay 5
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
start_sshd "Transport all"
trap 'stop_sshd' EXIT
trap '' PIPE
SF="$(dirname "$0")/sctp-forge.py"
TF="$(dirname "$0")/tcp-forge.py"

# ended NAME: the session of forge ends within 60 s of the forgery.
ended() {
	local name=$1 t
	for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
	t=$(uptime_s)
	if kill -0 "$pid" 2>/dev/null; then
		kill "$pid"
		[ -z "${FORGE_PCAP:-}" ] || { pkill tcpdump; cp "$W/$name.log" "$FORGE_PCAP/"; }
		cat "$W/forge-$name.log"
		fatal "$name: the session outlived the forged packet"
	fi
	{ exec 4>&-; } 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	[ -z "${FORGE_PCAP:-}" ] || pkill tcpdump || true
	note "$name: $(grep '^sent' "$W/forge-$name.log" | tail -1 | sed 's/ at [0-9.]*$//') ended the session within $(awk -v a="$t" -v b="$sent" 'BEGIN { printf "%.1f", a - b }') s: $(grep -v '^debug' "$W/$name.log" | tail -1)"
}

want() { [[ $1 =~ ${FORGE_CASES:-.} ]]; }

# --- keyed: nothing forged gets through, the session lives.
if want keyed; then
	modes=""
	for k in data abort shutdown fwdtsn sack; do modes="$modes $k $k-auth0"; done
	# As ssh's restart sends them under its random key (PROTOCOL.sctp
	# 2.12): the ABORT, and a DATA chunk (its SACK, in the restart).
	modes="$modes abort-authx data-authx"
	"$TOPO" exec a cat /proc/net/sctp/snmp >"$W/snmp0"
	FORGE_FLOOD=1000 forge keyed "$SF" 2222 "$modes replay reorder ubit flood icmp-mtu icmp-unreach"
	cat "$W/forge-keyed.log"
	# T19: what the kernel counted for the flood of bad HMACs
	counted=$("$TOPO" exec a cat /proc/net/sctp/snmp |
	    awk 'NR == FNR { a[$1] = $2; next } $2 - a[$1] >= 1000 { printf "%s%s +%d", s, $1, $2 - a[$1]; s = "," }' "$W/snmp0" -)
	echo two >&4 || fatal "keyed: the session died after the forged packets"
	wait_for "$W/keyed.out" "got two" 60 ||
	    { tail "$W/keyed.log"; fatal "keyed: the session did not survive the forged packets"; }
	long=$(head -c 3000 /dev/zero | tr '\0' x)
	echo "$long" >&4 || fatal "keyed: the session died"
	wait_for "$W/keyed.out" "got $long" 60 ||
	    { tail "$W/keyed.log"; fatal "keyed: a 3000-byte line did not come back after the forged packets"; }
	grep -q INJECTED "$W/keyed.out" && fatal "keyed: the forged DATA reached the session"
	[ "$(grep -c "got go" "$W/keyed.out")" = 1 ] ||
	    fatal "keyed: a replayed or rewritten packet reached the terminal"
	exec 4>&-
	wait "$pid" || fatal "keyed: ssh exited with status $?"
	[ -z "${FORGE_PCAP:-}" ] || pkill tcpdump || true
	note "keyed: $(grep -c '^sent' "$W/forge-keyed.log") forgeries (each chunk alone and with key 0's AUTH, an ABORT and a DATA chunk under a key identifier not in use, a replay, two T1 rewrites, a T19 $(grep -m1 '^flood' "$W/forge-keyed.log"), two ICMP errors) dropped or harmless; the session answered, a 3000-byte line came back; A's kernel counted: ${counted:-nothing of 1000 or more}"
fi

# --- keyed-rate: T19 at a rate scapy cannot reach.  The forger only
# reads the association off the path ("tags"); regress/sctp-flood.c
# auth-data then sends the same packets as flood's (AUTH of the current
# key with a random HMAC, then DATA) at FORGE_RATE (default 20000) a
# second for 10 s.  Reported: the rate reached, what A's kernel counted,
# the VM's processors' busy share during the flood against 10 s before,
# and the session's echo before and during; it must answer throughout.
# busy: the share of the VM's processor time not idle since the sample $1.
busy() {
	head -1 /proc/stat | awk -v s="$1" 'BEGIN { split(s, a) }
	    { for (i = 2; i <= NF; i++) { t += $i - a[i]; if (i == 5 || i == 6) id += $i - a[i] } }
	    END { printf "%.0f", (t > 0 ? 100 * (t - id) / t : 0) }'
}
if want keyed-rate; then
	rate=${FORGE_RATE:-20000}
	forge keyed-rate "$SF" 2222 tags
	read -r _ src dst sport dport tag kid hid tsn \
	    < <(grep -m1 '^tags ' "$W/forge-keyed-rate.log") ||
	    fatal "keyed-rate: the forger printed no tags"
	# rtt LINE: the echo's round trip in s (the session must answer).
	rtt() {
		local t0
		t0=$(uptime_s)
		echo "$1" >&4 || fatal "keyed-rate: the session died ($1)"
		wait_for "$W/keyed-rate.out" "got $1" 60 ||
		    { tail "$W/keyed-rate.log"; fatal "keyed-rate: no echo of $1 within 60 s"; }
		echo "$(uptime_s) - $t0" | bc
	}
	before=$(rtt before)
	s0=$(head -1 /proc/stat)
	sleep 10
	idle=$(busy "$s0")
	"$TOPO" exec a cat /proc/net/sctp/snmp >"$W/snmp-rate0"
	s0=$(head -1 /proc/stat)
	"$TOPO" exec b env FLOOD_SPORT="$sport" FLOOD_TAG="$tag" FLOOD_KEYID="$kid" \
	    FLOOD_HMAC="$hid" FLOOD_TSN="$tsn" "$TOOLS/sctp-flood" auth-data "$src" "$dst" \
	    "$dport" "$rate" 10 >"$W/cflood.log" 2>&1 &
	fl=$!
	sleep 2
	worst=0
	for i in 1 2 3 4 5; do
		d=$(rtt "during$i")
		[ "$(echo "$d > $worst" | bc)" = 1 ] && worst=$d
		sleep 1
	done
	wait "$fl" || { cat "$W/cflood.log"; fatal "keyed-rate: sctp-flood failed"; }
	flooding=$(busy "$s0")
	counted=$("$TOPO" exec a cat /proc/net/sctp/snmp |
	    awk 'NR == FNR { a[$1] = $2; next } $1 == "SctpInPktDiscards" { print $2 - a[$1] }' "$W/snmp-rate0" -)
	after=$(rtt after)
	sent_n=$(awk '/^sent/ { print $2 }' "$W/cflood.log")
	exec 4>&-
	wait "$pid" || fatal "keyed-rate: ssh exited with status $?"
	note "keyed-rate: sctp-flood sent $sent_n packets in 10 s (asked $rate a second), A's kernel counted SctpInPktDiscards +$counted; VM busy $flooding % during the flood, $idle % in 10 s before; echo $before s before, at most $worst s during (5 lines), $after s after"
fi

# --- unkeyed: each chunk alone ends a session without SCTP-AUTH keys,
# or stalls it (FORWARD-TSN: the server's next DATA is taken for
# duplicates, and its stream waits for the message skipped; the session
# ending would also show the forgery taken).
for k in abort shutdown fwdtsn sack reorder ubit; do
	want "unkeyed-$k" || continue
	forge "unkeyed-$k" "$SF" 2222 "$k" -- -o SCTPAuthKey=no
	echo two >&4 2>/dev/null || true
	if [ $k = fwdtsn ]; then
		wait_for "$W/unkeyed-$k.out" "got two" 20 &&
		    { cat "$W/forge-unkeyed-$k.log"; fatal "unkeyed-$k: the session answered after the forged FORWARD-TSN"; }
		# Taken either way: the session stalls (what Linux 6.12 did
		# here) or ends.
		if kill -0 "$pid" 2>/dev/null; then
			how="stalled the session: no answer in 20 s, no error"
		else
			how="ended the session: $(grep -v '^debug' "$W/unkeyed-$k.log" | tail -1)"
		fi
		note "unkeyed-$k: $(grep '^sent' "$W/forge-unkeyed-$k.log" | tail -1 | sed 's/ at [0-9.]*$//') $how"
		kill "$pid" 2>/dev/null || true
		{ exec 4>&-; } 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		[ -z "${FORGE_PCAP:-}" ] || pkill tcpdump || true
		continue
	fi
	ended "unkeyed-$k"
	[ "$(grep -c "got go" "$W/unkeyed-$k.out")" -le 1 ] ||
	    fatal "unkeyed-$k: a rewritten packet reached the terminal"
done

# --- SSH over TCP: one forged segment ends the session.
for m in rst data; do
	want "tcp-$m" || continue
	ECHO_Z= forge "tcp-$m" "$TF" 2222 "$m"
	echo two >&4 2>/dev/null || true
	ended "tcp-$m"
done
