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
# would queue, drop and count as one (a 300 KB TCP send, counted by
# path 1's qdisc on A).
"$TOPO" set 1 rate 100mbit
"$TOPO" exec b timeout 30 "$TREE/regress/netcat" -l 7777 >/dev/null &
npid=$!
sleep 0.5
head -c 300000 /dev/zero | "$TOPO" exec a timeout 30 "$TREE/regress/netcat" -N \
    "$("$TOPO" addr b 1)" 7777 || fatal "TCP send over path 1 failed"
wait "$npid"
set -- $("$TOPO" exec a tc -s qdisc show dev path1 | sed -n 's/.*Sent \([0-9]*\) bytes \([0-9]*\) pkt.*/\1 \2/p')
[ "${2:-0}" -gt 0 ] && [ $(($1 / $2)) -le 1514 ] ||
    fatal "path 1 queued $1 bytes in ${2:-0} packets: segmentation offload merges packets"
note "path 1 queued $1 bytes in $2 packets of at most a 1500-byte MTU"
# Bad input is refused.
! "$TOPO" set 9 delay 1 2>/dev/null || fatal "accepted a path that does not exist"
! "$TOPO" set 1 delay abc 2>/dev/null || fatal "accepted a bad delay"
"$TOPO" down
! ip netns list | grep -q sctp- || fatal "namespaces left after down"
note "down removes everything"
