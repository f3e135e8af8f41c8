# failover: a bulk upload through SSH over SCTP on two paths, the path it
# runs on cut two seconds in for 1, 5, 30 and 90 s: each transfer completes
# intact on the same association, and ssh -v reports the path failure.  The
# reference, SSH over TCP on path 1 with the same keep-alive (15 s), stalls
# through the short outages and dies in the long ones.  Sizes and outages:
# FAILOVER_MB (default 20, about 20 s at 8 Mbit/s: longer than the 1 and
# 5 s cuts, so path 1 comes back mid-transfer; the 30 and 90 s cuts outlast
# it, so it ends on path 2), FAILOVER_OUTAGES, FAILOVER_TCP_OUTAGES.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
"$TOPO" set 1 delay 10 rate 8mbit
"$TOPO" set 2 delay 20 rate 8mbit
. "$(dirname "$0")/sshlib.sh"
. "$(dirname "$0")/cutlib.sh"
trap 'stop_sshd' EXIT
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2)
start_sshd "Transport all" "ListenAddress $B1" "ListenMultipleAddresses $B1,$B2;2223"
head -c "$(( ${FAILOVER_MB:-20} * 1000000 ))" /dev/urandom >"$W/data"
upload_cut_header
for o in ${FAILOVER_OUTAGES:-1 5 30 90}; do
	line=$(upload_cut sctp "$o" 2223 "$W/data")
	echo "$line"
	set -- $line
	[ "$3" = ok ] || { tail -20 "$W/v.log"; fatal "SCTP, outage $o s: $3"; }
	[ "$7" = 1 ] || fatal "SCTP, outage $o s: $7 connections, not one association"
	# An outage shorter than two SCTPRTOMax (1 s) may end before a
	# retransmission timeout moves the data (a busy host stretches the
	# RTO towards its maximum): then path 1 carries on, which is no fault.
	if [ "$5" = never ]; then
		[ "$o" -lt 2 ] || fatal "SCTP, outage $o s: nothing came on path 2"
		note "SCTP, outage $o s: path 1 came back before the data moved"
		continue
	fi
	grep -q "SCTP path to $B1 \(potentially failed\|failed\)" "$W/v.log" ||
	    { grep -i sctp "$W/v.log" | tail; fatal "ssh -v did not report the path failure"; }
done
for o in ${FAILOVER_TCP_OUTAGES:-5 30}; do
	line=$(upload_cut tcp "$o" 2222 "$W/data")
	echo "$line"
	set -- $line
	if [ "$o" -lt 15 ]; then
		[ "$3" = ok ] || fatal "TCP, outage $o s: $3 (should stall, then go on)"
		[ "$5" != never ] && awk -v g="$5" -v o="$o" 'BEGIN { exit !(g >= o) }' ||
		    fatal "TCP, outage $o s: gap $5 s, shorter than the outage"
	else
		case $3 in failed*) ;; *) fatal "TCP, outage $o s: $3 (the keep-alive should end it)" ;; esac
		grep -q "Timeout, server .* not responding" "$W/v.log" ||
		    { tail -5 "$W/v.log"; fatal "TCP, outage $o s: not ended by the keep-alive"; }
	fi
done
note "SCTP kept every transfer on one association; TCP stalled, then gave up"
