# cutlib.sh: an upload through ssh with path 1 cut in the middle, measured
# from what host B receives on each path (sourced after sshlib.sh; used by
# the failover test and contrib/bench-ssh-sctp).
#
# upload_cut TRANSPORT OUTAGE PORT FILE [SSH-OPTIONS...]
#   uploads FILE from A to B's address on path 1 ("ssh ... sha256sum"),
#   TRANSPORT sctp (offering B's path 2 address too) or tcp.  With OUTAGE
#   > 0, path 1 is cut CUT_AT (default 2) seconds after data starts to flow
#   and restored OUTAGE seconds later.  Both transports use the same
#   keep-alive (ServerAliveInterval 5, ServerAliveCountMax 3: a session that
#   hears nothing from the server for 15 s gives up).  Prints one line:
#     TRANSPORT OUTAGE RESULT TOTAL_S GAP_S FULL_S CONNECTIONS XFER_S
#   RESULT    ok (exit 0, SHA-256 matches), corrupt, or failed(ssh N)
#   TOTAL_S   from starting ssh to its exit
#   GAP_S     from the moment path 1 stopped delivering (seen at B) to the
#             first data delivered after it (on path 2 for SCTP, on path 1
#             for TCP, which has no other); "never" if none came
#   FULL_S    from the same moment until the delivery rate is back to half
#             the rate before the cut
#   CONNECTIONS  how many times ssh -v said "Connection established"
#   XFER_S    from the first to the last 50 ms in which data arrived: the
#             transfer without ssh's start-up and login
# Leaves the monitor log in $W/mon, ssh's in $W/v.log and the time of
# the cut (seconds since boot) in $W/cut_at.
#   CUT_DIR=down  a download instead ("ssh ... cat FILE" from B to A),
#                 measured from what A receives on each path
#   CUT_FROM=start  the cut comes CUT_AT seconds after ssh starts (with
#                 CUT_AT below a second, before the association is up or
#                 during the login) instead of after data starts to flow;
#   CUT_FROM=kex  CUT_AT seconds after ssh -v says it sent its first
#                 KEXINIT (the association is up, the key exchange runs)
#   CUT_SHAM=S    with OUTAGE 0, what a cut and a restore S seconds later
#                 run, on interfaces that carry nothing ("sctp-topo sham"):
#                 a reference that costs the machine what a cut does
CUT_AT=${CUT_AT:-2}
CUT_DIR=${CUT_DIR:-up}
CUT_FROM=${CUT_FROM:-data}
CUT_SHAM=${CUT_SHAM:-}
XFER=${XFER:-$TOP/build/tools/sctp-xfer}

# mon_path_bytes PATHNAME: bytes B received on that path so far.
mon_path_bytes() {
	awk -v p="$1=" '$2 == "rx" && $3 ~ /^[0-9]+$/ {
		for (i = 6; i <= NF; i++) if (index($i, p) == 1) s += substr($i, length(p) + 1) }
		END { print s + 0 }' "$W/mon"
}

upload_cut() {
	local tr=$1 outage=$2 port=$3 file=$4 sum opts mon pid rc t0 t1 c0 restorer res conns
	shift 4
	sum=$(sha256sum <"$file" | cut -c1-64)
	opts="-p $port -o ServerAliveInterval=5 -o ServerAliveCountMax=3"
	[ "$tr" = sctp ] && opts="$opts -z -o SCTPPeerAddresses=$("$TOPO" addr b 2)"
	local rcv=b
	[ "$CUT_DIR" = down ] && rcv=a
	: >"$W/v.log"	# CUT_FROM=kex must not find the last run's line
	: >"$W/mon"
	"$TOPO" exec $rcv nice -n -10 "$XFER" -M -i 50 -I path1,path2 >"$W/mon" 2>&1 &
	mon=$!
	t0=$(uptime_s)
	# shellcheck disable=SC2086
	if [ "$CUT_DIR" = down ]; then
		(
			"$TOPO" exec a "$SSH" -F "$CFG" -v $opts "$@" \
			    "$("$TOPO" addr b 1)" cat "$file" </dev/null \
			    2>"$W/v.log" | sha256sum >"$W/remote"
			exit "${PIPESTATUS[0]}"
		) &
	else
		"$TOPO" exec a "$SSH" -F "$CFG" -v $opts "$@" "$("$TOPO" addr b 1)" \
		    sha256sum <"$file" >"$W/remote" 2>"$W/v.log" &
	fi
	pid=$!
	c0="" restorer=""
	# Data flows once the session is up; the cut comes CUT_AT seconds
	# later (or after ssh starts).  The polling runs without a cut too, so
	# that such a run is a fair reference on a loaded machine (it once
	# ran only with a cut).
	for _ in $(seq 600); do
		[ "$CUT_FROM" = start ] && break
		[ "$CUT_FROM" = kex ] &&
		    grep -q "SSH2_MSG_KEXINIT sent" "$W/v.log" && break
		[ "$(mon_path_bytes path1)" -gt 200000 ] && break
		kill -0 $pid 2>/dev/null || break
		sleep 0.1
	done
	if [ "$outage" -gt 0 ]; then
		sleep "$CUT_AT"
		c0=$(uptime_s)
		echo "$c0" >"$W/cut_at"
		nice -n -20 "$TOPO" cut 1
		( sleep "$outage"; nice -n -20 "$TOPO" restore 1 ) &
		restorer=$!
	elif [ -n "$CUT_SHAM" ]; then
		# The same commands on interfaces that carry nothing.
		sleep "$CUT_AT"
		nice -n -20 "$TOPO" sham 1 cut
		( sleep "$CUT_SHAM"; nice -n -20 "$TOPO" sham 1 restore ) &
		restorer=$!
	fi
	rc=0
	wait $pid || rc=$?
	t1=$(uptime_s)
	if [ -n "$restorer" ]; then
		# A session that gave up need not wait for the path to return.
		kill $restorer 2>/dev/null || true
		wait $restorer 2>/dev/null || true	# 143: killed
		if [ "$outage" -gt 0 ]; then "$TOPO" restore 1; fi
	fi
	kill $mon 2>/dev/null || true
	wait $mon 2>/dev/null || true
	res=ok
	if [ "$rc" != 0 ]; then
		res="failed(ssh $rc)"
	elif [ "$(cut -c1-64 "$W/remote")" != "$sum" ]; then
		res=corrupt
	fi
	conns=$(grep -c "Connection established" "$W/v.log")
	awk -v tr="$tr" -v outage="$outage" -v res="$res" -v c0="${c0:-0}" \
	    -v total="$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')" \
	    -v conns="$conns" -v path="$([ "$tr" = sctp ] && echo path2 || echo path1)" '
	$2 != "rx" || $3 !~ /^[0-9]+$/ { next }
	{
		n++; t[n] = substr($1, 3) + 0; p1[n] = p2[n] = 0
		for (i = 6; i <= NF; i++) {
			split($i, a, "=")
			if (a[1] == "path1") p1[n] = a[2]; else if (a[1] == "path2") p2[n] = a[2]
		}
		after[n] = path == "path2" ? p2[n] : p1[n]
		if (p1[n] + p2[n] > 3000) { if (first == "") first = t[n]; last = t[n] }
	}
	END {
		# Rate before the cut: the second before it.
		for (i = 1; i <= n; i++)
			if (c0 > 0 && t[i] > c0 - 1 && t[i] <= c0) { pre += p1[i] + p2[i]; npre++ }
		# Path 1 dead: the start of the longest run, after the cut command
		# started, of intervals with no more than heartbeats (about 100
		# bytes) on it.  The longest, not the first: on a loaded machine a
		# sender can pause for an interval or two before the cut.
		best = 0; run = 0; dead = 0
		for (i = 1; i <= n; i++) {
			if (c0 > 0 && t[i] > c0 && p1[i] < 1500) {
				if (run == 0) start = i
				run++
				if (run > best) { best = run; dead = start }
			} else
				run = 0
		}
		for (i = dead + 1; dead > 0 && i <= n; i++) {
			if (gap == "" && after[i] > 3000) gap = t[i] - t[dead]
			if (full == "" && npre > 0 && after[i] >= pre / npre / 2) full = t[i] - t[dead]
		}
		if (c0 == 0) { gap = full = "-" }
		else {
			if (gap == "") gap = "never"; else gap = sprintf("%.2f", gap)
			if (full == "") full = "never"; else full = sprintf("%.2f", full)
		}
		xfer = first == "" ? "-" : sprintf("%.2f", last - first)
		printf "%-5s %7s %-15s %8s %7s %7s %5s %7s\n", tr, outage, res, total, gap, full, conns, xfer
	}' "$W/mon"
}

upload_cut_header() {
	printf '%-5s %7s %-15s %8s %7s %7s %5s %7s\n' proto outage result total_s gap_s full_s conns xfer_s
}
