# rekeywait: a key exchange waits in an outage (PROTOCOL.sctp 2.12, "Key
# exchanges in an outage"; roam.sh's backrekey case shows the wait), but
# not while the association makes progress on a path that Linux keeps
# potentially failed.  An attacker on the path who drops the client's
# HEARTBEAT ACK chunks, after one retransmission timeout, keeps the
# client's only path potentially failed while data flows (a potentially
# failed path becomes active again only by a heartbeat's answer): were
# that taken for an outage, the attacker could put off rekeying at will.
# An upload of about 1.6 Mbit/s, ssh with RekeyLimit "default 3s", one
# path of 8 Mbit/s and 10 ms each way: host A drops all that path 1
# brings it for a second or two, timed by the kernel (a retransmission
# timeout: potentially failed), and HEARTBEAT ACKs from then on.  Key
# exchanges must go on while the path stays potentially failed (which
# ssh -v logs; if Linux finds it active again, or the cut made no
# retransmission timeout, the try proves nothing: three tries, then the
# test fails so).  Then the
# same at sshd (RekeyLimit in its configuration, a download, HEARTBEAT
# ACKs dropped at host B): the wait is the same code at both ends, but
# each main loop calls it on its own.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
"$TOPO" set 1 delay 10 rate 8mbit
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
start_sshd "Transport sctp"
trap 'stop_sshd; for h in a b; do "$TOPO" exec $h nft delete table inet rekeywait 2>/dev/null || true; done' EXIT

# The source of about 20 KB every 0.1 s, for 120 s at most (the test ends
# it sooner).
# shellcheck disable=SC2016
src='i=0; while [ $i -lt 1200 ]; do head -c 20000 /dev/urandom || exit 0; sleep 0.1; i=$((i + 1)); done'
nk() { grep -c "SSH2_MSG_NEWKEYS received" "$W/$name.log" || true; }
pfs() { grep -c "SCTP path to .* potentially failed" "$pflog" || true; }
avs() { grep -c "SCTP path to .* available again" "$pflog" || true; }

# futile WHY WHY3: a try of pf_case that proves nothing, for WHY; the
# test fails if it was the third (WHY3 in three tries).  The drops end.
futile() {
	grep -i "sctp path\|rto\|progress" "$pflog" | tail -6
	note "$name: try $try: $1: the try proves nothing"
	[ "$try" = 3 ] && fatal "$name: $2 in three tries: the case proves nothing"
	"$TOPO" exec "$h" nft flush chain inet rekeywait in
	sleep 3
}

# pf_case NAME HOST PFLOG WHO: session NAME (its ssh -v log $W/NAME.log,
# $pid) runs; HOST sends the bulk and drops the HEARTBEAT ACKs it gets;
# PFLOG is the log of WHO (ssh or sshd), which has the RekeyLimit.
pf_case() {
	local h=$2 who=$4 t k el hb pf0 av0 try cut c
	name=$1 pflog=$3
	"$TOPO" exec "$h" nft -f - <<-EON || fatal "nft: the table on host $h"
	table inet rekeywait {
		counter hback { }
		counter cut { }
		chain in {
			type filter hook input priority 0;
		}
	}
	EON
	t=$(uptime_s)
	until [ "$(nk)" -ge 2 ]; do
		within "$t" 60 || { tail -20 "$W/$name.log"; fatal "$name: no key exchange after the first within 60 s"; }
		sleep 0.2
	done
	grep -q "SCTP channels on streams in use" "$W/$name.log" ||
	    fatal "$name: the session did not use channels on streams"
	# Up to three tries: on a loaded host the cut may last long enough
	# for Linux to find the path failed, not only potentially failed;
	# a failed path comes back at the next SACK of its data, and the
	# try proves nothing.
	for try in 1 2 3; do
		# A path already potentially failed (a late heartbeat answer
		# on a loaded host) would not report the cut: wait for its
		# answer first (nothing is dropped yet).
		t=$(uptime_s)
		while grep "SCTP path to " "$pflog" | tail -1 | grep -q "potentially failed"; do
			within "$t" 30 || fatal "$name: $who's path stayed potentially failed for 30 s with nothing dropped"
			sleep 0.2
		done
		pf0=$(pfs) av0=$(avs)
		# The note counts this try's drops only.
		for c in cut hback; do "$TOPO" exec "$h" nft reset counter inet rekeywait "$c" >/dev/null; done
		# The cut: HOST drops all that path 1 brings it (the SACKs of
		# its data: a retransmission timeout) until 1 + TRY seconds
		# from now by the kernel's clock ("meta time"), in the same
		# transaction as the drop of HEARTBEAT ACKs, so that a loaded
		# host's slow tools cannot lengthen it (the cut ended by a
		# second command lasted 9 s on a busy host: the path failed).
		# shellcheck disable=SC2016
		"$TOPO" exec "$h" bash -c 'nft -f - <<-EON
		add rule inet rekeywait in sctp chunk heartbeat-ack exists counter name hback drop
		add rule inet rekeywait in iifname path1 meta time < $((EPOCHSECONDS + 1 + $1)) counter name cut drop
		EON' rekeywait "$try" ||
		    fatal "nft: cannot match SCTP chunks or the time (nftables or the kernel lacks it)"
		t=$(uptime_s)
		note "$name: try $try: path 1 cut at host $h for up to $((1 + try)) s"
		# (WHO logs the kernel's event when it gets to it: a loaded host.)
		until [ "$(pfs)" -gt "$pf0" ] || ! within "$t" 15; do
			sleep 0.2
		done
		if [ "$(pfs)" -le "$pf0" ]; then
			futile "the cut did not make $who's path potentially failed within 15 s" \
			    "no cut made $who's path potentially failed"
			continue
		fi
		k=$(nk)
		# With RekeyLimit 3 s two take some 7 s; 40 s for a loaded host.
		until [ "$(nk)" -ge $((k + 2)) ]; do
			within "$t" 40 ||
			    { grep -i "sctp\|newkeys\|kex" "$pflog" | tail -20; fatal "$name: key exchanges stopped while $who's potentially failed path carried the data ($(($(nk) - k)) in 40 s)"; }
			sleep 0.2
		done
		el=$(since "$t")
		[ "$(avs)" -gt "$av0" ] || break
		futile "Linux found $who's path active again (failed, then a SACK)" \
		    "Linux found $who's path active again"
	done
	hb=$("$TOPO" exec "$h" nft list counter inet rekeywait hback | awk '/packets/ { print $2; exit }')
	cut=$("$TOPO" exec "$h" nft list counter inet rekeywait cut | awk '/packets/ { print $2; exit }')
	note "$name: two key exchanges ($who's RekeyLimit) within $el s of the cut ($cut packets dropped in it) while $who's path stayed potentially failed ($hb heartbeat acknowledgements dropped); $who: $(grep -o "SCTP: the association made progress.*" "$pflog" | head -1)"
	# the drop ends with the case (the next one's host A would keep it)
	"$TOPO" exec "$h" nft flush chain inet rekeywait in
	# The source ends, and so does ssh ($pid may be the subshell that
	# runs it: a signal to it would leave ssh reading).
	pkill -f 'i -lt 1200' || true
	for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
	wait "$pid" 2>/dev/null || true
}

# --- ssh's RekeyLimit, an upload: ssh's path potentially failed.
on_a sh -c "$src" |
    on_a "$SSH" -v -F "$CFG" -z -o "RekeyLimit=default 3s" \
    -o SCTPPotentiallyFailedThreshold=0 "$B1" 'cat >/dev/null' \
    2>"$W/up.log" &
pid=$!
pf_case up a "$W/up.log" ssh

# --- sshd's RekeyLimit, a download: sshd's path potentially failed.
start_sshd_extra srv 2223 "RekeyLimit default 3s" \
    "SCTPPotentiallyFailedThreshold 0"
on_a "$SSH" -v -F "$CFG" -z -p 2223 "$B1" "$src" >/dev/null 2>"$W/down.log" &
pid=$!
pf_case down b "$W/srv.log" sshd
