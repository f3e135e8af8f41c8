# schedulers: each of the kernel's five SCTP stream schedulers (fcfs, prio,
# rr, fc, wfq) can be chosen for an association, which then moves data.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
w=$(mktemp -d)
for s in 0 1 2 3 4; do
	"$TOPO" exec b sctp-xfer -l -p $((9100 + s)) -B "$("$TOPO" addr b 1)" >"$w/rx$s" 2>&1 &
	rx=$!
	wait_for "$w/rx$s" listening 20 || fatal "receiver $s did not start"
	"$TOPO" exec a sctp-xfer -C "$("$TOPO" addr b 1)" -p $((9100 + s)) -n 200000 \
	    -O sched=$s >"$w/tx$s" 2>&1 || { cat "$w/tx$s"; fatal "scheduler $s: sender failed"; }
	wait $rx || { cat "$w/rx$s"; fatal "scheduler $s: receiver failed"; }
	grep -q "tx scheduler $s\$" "$w/tx$s" || fatal "scheduler $s not in use"
	grep -q "pattern ok" "$w/rx$s" || fatal "scheduler $s: data damaged"
	note "scheduler $s: selected and moved 200000 bytes"
done
rm -rf "$w"
