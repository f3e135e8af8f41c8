# failover-load: uploads with path 1 cut, on a loaded VM, with the kernel's
# tracepoint sctp:sctp_probe_path on, to see where a long gap goes.  Not
# part of make check (doc/benchmarks.md, "Failover under load"):
#   VM_TEST_TIMEOUT=1500 regress/vm/run RESULTS LOGDIR failover-load
# LOAD_HOGS busy loops in the VM (default 2); both paths at LOAD_RATE
# (40mbit), path 1 with LOAD_DELAY1 ms and path 2 with LOAD_DELAY2 ms
# (0); LOAD_MB per upload (20); LOAD_RUNS, a list of SCTPRTOMAX:OUTAGE
# (default "1000:10 1000:10 1000:0 1000:10 1000:10 1000:0"; outage 0 is
# the reference without a cut); LOAD_SSH_OPTS, more ssh options (e.g.
# "-o RekeyLimit=2M": a key exchange every 2 MB, so that cuts meet them);
# cutlib.sh's CUT_DIR (down: a download) and CUT_FROM/CUT_AT (start 0.3:
# the cut during the first key exchange).  Prints upload_cut's line, the
# T3 timeouts the client counted, the key exchanges ssh -v reported, and
# for each cut the client's reports of both paths (every 0.5 s and at
# each state change: P marks the primary); at the end, each cut's cost:
# its total time less the mean of the runs without a cut.  LOAD_KEEP=DIR
# keeps each run's receive monitor and ssh -v log there;
# LOAD_TRACE_SERVER=1 prints the server's association's paths too (S).
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
"$TOPO" set 1 delay "${LOAD_DELAY1:-0}" rate "${LOAD_RATE:-40mbit}"
"$TOPO" set 2 delay "${LOAD_DELAY2:-0}" rate "${LOAD_RATE:-40mbit}"
. "$(dirname "$0")/sshlib.sh"
. "$(dirname "$0")/cutlib.sh"
# The runs without a cut run what a cut and its restore run (CUT_SHAM),
# on interfaces that carry nothing: on a loaded VM those commands take
# about half a second each.
CUT_SHAM=${CUT_SHAM:-10}
hogs=()
trap 'stop_sshd; [ ${#hogs[@]} = 0 ] || kill "${hogs[@]}"' EXIT
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2)
start_sshd "Transport sctp" "ListenMultipleAddresses $B1,$B2;2223"
head -c "$(( ${LOAD_MB:-20} * 1000000 ))" /dev/urandom >"$W/data"
T=/sys/kernel/tracing
mountpoint -q $T || mount -t tracefs nodev $T || fatal "tracefs not available"
echo 20000 >$T/buffer_size_kb
for _ in $(seq "${LOAD_HOGS:-2}"); do
	( while :; do :; done ) &
	hogs+=($!)
done
t3() { "$TOPO" exec a awk '$1 == "SctpT3Retransmits" { print $2 }' /proc/net/sctp/snmp; }
upload_cut_header
for run in ${LOAD_RUNS:-1000:10 1000:10 1000:0 1000:10 1000:10 1000:0}; do
	rto=${run%:*} outage=${run#*:}
	echo 1 >$T/events/sctp/sctp_probe_path/enable
	: >$T/trace
	a=$(t3)
	# shellcheck disable=SC2086
	line=$(upload_cut sctp "$outage" 2223 "$W/data" -o "SCTPRTOMax=$rto" \
	    ${LOAD_SSH_OPTS:-})
	echo 0 >$T/events/sctp/sctp_probe_path/enable
	echo "$line  SCTPRTOMax $rto, T3 timeouts $(( $(t3) - a )), key exchanges $(grep -c "SSH2_MSG_NEWKEYS received" "$W/v.log")"
	echo "$line" >>"$W/lines"
	# LOAD_KEEP=DIR: each run's receive monitor (cutlib.sh) and ssh -v
	[ -n "${LOAD_KEEP:-}" ] && mkdir -p "$LOAD_KEEP" &&
	    cp "$W/mon" "$LOAD_KEEP/mon-$(wc -l <"$W/lines")" &&
	    cp "$W/v.log" "$LOAD_KEEP/v-$(wc -l <"$W/lines")"
	[ "$outage" = 0 ] && continue
	# The client's association: the one whose peer is port 2223.
	# LOAD_TRACE_SERVER=1: the server's association too (marked S).
	peer=":2223"
	[ -n "${LOAD_TRACE_SERVER:-}" ] && peer=":[0-9]*"
	grep -o "[0-9.]*: sctp_probe_path: asoc=[0-9a-fx]*\(([*])\)\? ipaddr=[0-9.]*$peer .*" $T/trace |
	    awk '{ t = $1 + 0; p = $3 ~ /[*]/ ? "P" : "-"; ip = $4; st = $5
		if (ip !~ /:2223$/) p = "S" p
		if (st != last[ip] || t - when[ip] >= 0.5) {
			printf "    %.3f %s %s %s %s %s %s\n", t, p, ip, st, $6, $7, $8
			last[ip] = st; when[ip] = t
		} }'
	grep "SCTP path" "$W/v.log" | sed 's/^debug1: /    ssh -v: /'
	echo "    path 1 cut at $(cat "$W/cut_at")"
done
# Each cut's cost against the runs without one: total time (column 4) and
# transfer time at the receiver (column 8, without ssh's start-up).
awk '$2 == 0 && $3 == "ok" { ref += $4; rx += $8; nref++ }
    { line[NR] = $0; o[NR] = $2; t[NR] = $4; x[NR] = $8; r[NR] = $3 }
    END { if (nref == 0) exit
	printf "reference (no cut): total %.2f s, transfer %.2f s, %d runs\n", ref / nref, rx / nref, nref
	for (i = 1; i <= NR; i++) if (o[i] > 0)
		if (r[i] == "ok") printf "cut %d: ok, cost %.2f s total, %.2f s transfer\n", i, t[i] - ref / nref, x[i] - rx / nref
		else printf "cut %d: %s\n", i, line[i] }' "$W/lines"
