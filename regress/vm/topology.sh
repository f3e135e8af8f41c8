# topology: contrib/sctp-topo builds independent paths that can be shaped,
# cut and restored, over IPv4 and IPv6.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 3
"$TOPO" show
for p in 1 2 3; do
	for f in 4 6; do
		"$TOPO" exec a ping -$f -c 1 -W 2 "$("$TOPO" addr b $p $f)" >/dev/null ||
		    fatal "path $p IPv$f: no answer"
		note "path $p IPv$f answers"
	done
done
# Paths are independent: each address is reachable only over its own path.
"$TOPO" exec a ip route get "$("$TOPO" addr b 2 4)" | grep -q "dev path2" ||
    fatal "path 2's subnet is not routed over path2"
# Delay: 100 ms each way on path 2 gives an RTT of at least 200 ms.
"$TOPO" set 2 delay 100
rtt=$("$TOPO" exec a ping -c 1 -W 3 "$("$TOPO" addr b 2)" | sed -n 's/.*time=\([0-9.]*\).*/\1/p')
note "path 2 RTT with 100 ms each way: $rtt ms"
awk -v r="$rtt" 'BEGIN { exit !(r >= 199) }' || fatal "delay not applied (RTT $rtt ms)"
rtt=$("$TOPO" exec a ping -c 1 -W 3 "$("$TOPO" addr b 1)" | sed -n 's/.*time=\([0-9.]*\).*/\1/p')
awk -v r="$rtt" 'BEGIN { exit !(r < 100) }' || fatal "path 1 delayed too (RTT $rtt ms)"
note "path 1 unaffected: RTT $rtt ms"
# Cut and restore path 3, both families; the others keep working.
"$TOPO" cut 3
for f in 4 6; do
	! "$TOPO" exec a ping -$f -c 2 -W 1 "$("$TOPO" addr b 3 $f)" >/dev/null ||
	    fatal "path 3 IPv$f still answers after cut"
done
"$TOPO" exec a ping -c 1 -W 2 "$("$TOPO" addr b 1)" >/dev/null || fatal "path 1 died with path 3"
note "path 3 cut, path 1 fine"
"$TOPO" restore 3
"$TOPO" exec a ping -c 1 -W 2 "$("$TOPO" addr b 3)" >/dev/null || fatal "path 3 not restored"
note "path 3 restored"
# Loss: 100 % loss as a setting drops everything; 0 % brings it back.
"$TOPO" set 1 loss 100
! "$TOPO" exec a ping -c 2 -W 1 "$("$TOPO" addr b 1)" >/dev/null || fatal "loss 100 not applied"
"$TOPO" set 1 loss 0 rate 1mbit
"$TOPO" exec a ping -c 1 -W 2 "$("$TOPO" addr b 1)" >/dev/null || fatal "path 1 not back"
note "loss and rate settings applied"
# One packet a packet: no offload merges segments into one that netem
# would queue, drop and count as one.  A 2 MB TCP send through path 1 at
# 2 Mbit/s; what path 1's queue on A holds, sampled while it is full,
# is in packets of at most a 1500-byte MTU (with TSO: up to 64 KB each).
# (The qdisc's "Sent" counters count segments, so they cannot tell.)
# (At 10 Mbit/s a guest of one vCPU beside another VM and make check's
# upstream group did not fill the queue: two samples, both empty.)
"$TOPO" set 1 rate 2mbit
"$TOPO" exec b timeout 90 "$TREE/regress/netcat" -l 7777 >/dev/null &
npid=$!
for _ in $(seq 100); do
	"$TOPO" exec b ss -Hltn 'sport = :7777' | grep -q . && break
	sleep 0.2
done
head -c 2000000 /dev/zero | "$TOPO" exec a timeout 90 "$TREE/regress/netcat" -N \
    "$("$TOPO" addr b 1)" 7777 &
spid=$!
samples=""
for _ in $(seq 60); do
	kill -0 "$npid" 2>/dev/null || break
	sleep 0.2
	samples="$samples $("$TOPO" exec a tc -s qdisc show dev path1 |
	    sed -n 's/.*backlog \([0-9]*\)b \([0-9]*\)p.*/\1:\2/p')"
done
wait "$spid" || fatal "TCP send over path 1 failed"
wait "$npid" || true
largest=0 seen=0
for x in $samples; do
	b=${x%:*} n=${x#*:}
	[ "$n" -gt 0 ] || continue
	seen=$((seen + 1))
	[ $((b / n)) -gt "$largest" ] && largest=$((b / n))
done
[ "$seen" -gt 0 ] || fatal "path 1's queue was never seen holding packets ($samples)"
[ "$largest" -le 1514 ] ||
    fatal "path 1 queued packets of $largest bytes on average: segmentation offload merges packets ($samples)"
note "path 1's queue held packets of at most $largest bytes on average ($samples)"
# Bad input is refused.
! "$TOPO" set 9 delay 1 2>/dev/null || fatal "accepted a path that does not exist"
! "$TOPO" set 1 delay abc 2>/dev/null || fatal "accepted a bad delay"
"$TOPO" down
! ip netns list | grep -q sctp- || fatal "namespaces left after down"
note "down removes everything"
