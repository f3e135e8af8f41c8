# multipath-ipv4, multipath-ipv6: a kernel SCTP association between the two
# hosts over two paths moves data on path 1 until path 1 is cut, then on
# path 2, and completes intact.
. "$(dirname "$0")/lib.sh"
fam=${1:-ipv4}; fam=${fam#ipv}
"$TOPO" up 2
"$TOPO" set 1 delay 5 rate 8mbit
"$TOPO" set 2 delay 10 rate 8mbit
w=$(mktemp -d)
peers=$("$TOPO" addr b 1 $fam),$("$TOPO" addr b 2 $fam)
locals=$("$TOPO" addr a 1 $fam),$("$TOPO" addr a 2 $fam)
"$TOPO" exec b sctp-xfer -l -p 9000 -B "$peers" -i 100 -I path1,path2 >"$w/rx" 2>&1 &
rx=$!
wait_for "$w/rx" "listening" 20 || fatal "receiver did not start"
# Quick failover: RTO 100..1000 ms, potentially-failed after 0 timeouts.
"$TOPO" exec a sctp-xfer -B "$locals" -C "$peers" -p 9000 -n 10000000 -i 500 \
    -O rto_initial=200 -O rto_min=100 -O rto_max=1000 -O pf=0 \
    -O hbinterval=500 -O pathmaxrxt=4 -O maxrxt=40 >"$w/tx" 2>&1 &
tx=$!
# sum_path FILE PATH FROM TO: bytes received on PATH in (FROM, TO].
sum_path() {
	awk -v p="$2" -v a="$3" -v b="$4" '$2 == "rx" && $3 ~ /^[0-9]+$/ {
		t = substr($1, 3) + 0
		if (t > a && t <= b) for (i = 6; i <= NF; i++) if (index($i, p "=") == 1) {
			split($i, v, "="); s += v[2] } } END { print s + 0 }' "$1"
}
# Cut path 1 once it has carried half a megabyte.
for _ in $(seq 300); do
	[ "$(sum_path "$w/rx" path1 0 1e9)" -gt 500000 ] && break
	sleep 0.1
done
# Under load the cut's commands can take seconds to return: path 2's share
# counts from their start, path 1's silence from their end.
cut0=$(uptime_s)
nice -n -20 "$TOPO" cut 1
cut=$(uptime_s)
echo "t=$cut0..$cut CUT path1"
wait $tx || { cat "$w/tx" "$w/rx"; fatal "sender failed"; }
wait $rx || { cat "$w/tx" "$w/rx"; fatal "receiver failed"; }
cat "$w/tx" "$w/rx"
grep -q "rx done 10000000 bytes .* pattern ok" "$w/rx" || fatal "data incomplete or damaged"
before=$(sum_path "$w/rx" path1 0 "$cut0")
# (Packets already past the cut point still arrive within the interval.)
settled=$(awk -v c="$cut" 'BEGIN { print c + 0.3 }')
p1after=$(sum_path "$w/rx" path1 "$settled" 1e9)
p2before=$(sum_path "$w/rx" path2 0 "$cut0")
p2after=$(sum_path "$w/rx" path2 "$cut0" 1e9)
note "path 1 carried $before bytes before the cut and $p1after after it; path 2 $p2before before it and $p2after after it (the cut took $(awk -v a="$cut0" -v b="$cut" 'BEGIN { printf "%.2f", b - a }') s)"
[ "$before" -gt 400000 ] || fatal "path 1 carried no data before the cut"
[ "$p1after" -eq 0 ] || fatal "path 1 still carried data after the cut"
[ "$p2after" -gt 200000 ] || fatal "path 2 did not take over"
first=$(awk -v c="$cut0" '$2 == "rx" && $3 ~ /^[0-9]+$/ { t = substr($1, 3) + 0;
	for (i = 6; i <= NF; i++) if ($i ~ /^path2=/) { split($i, a, "="); p2 = a[2] }
	if (t > c && p2 > 10000) { print t - c; exit } }' "$w/rx")
note "data on path 2 within ${first:-never} s of the cut (100 ms intervals)"
rm -rf "$w"
