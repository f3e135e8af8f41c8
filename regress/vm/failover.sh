# failover: a transfer through SSH over SCTP on two paths survives the cut
# of the path it runs on, on the same association, with the data intact;
# ssh -v reports the path change.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
"$TOPO" set 1 delay 5 rate 20mbit
"$TOPO" set 2 delay 10 rate 20mbit
. "$(dirname "$0")/sshlib.sh"
trap 'stop_sshd' EXIT
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2)
start_sshd "Transport sctp" "ListenMultipleAddresses $B1,$B2"
head -c "${FAILOVER_BYTES:-6000000}" /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -c1-64)
on_a "$SSH" -F "$CFG" -z -v -o "SCTPPeerAddresses=$B2" "$B1" "cat > $W/out" <"$W/data" 2>"$W/v.log" &
pid=$!
# Cut path 1 once the transfer runs on it.
for _ in $(seq 300); do
	[ -s "$W/out" ] && [ "$(stat -c %s "$W/out")" -gt 500000 ] && break
	sleep 0.1
done
before=$(stat -c %s "$W/out" 2>/dev/null || echo 0)
"$TOPO" cut 1
note "path 1 cut after $before bytes"
wait $pid || { tail -20 "$W/v.log"; fatal "ssh failed after the cut"; }
[ "$(sha256sum <"$W/out" | cut -c1-64)" = "$sum" ] || fatal "data differs after failover"
note "transfer completed intact on the same association"
grep "SCTP path" "$W/v.log" | head -5
grep -q "SCTP path to $B1 \(potentially failed\|failed\)" "$W/v.log" || { grep -i sctp "$W/v.log" | tail; fatal "ssh -v did not report the path failure"; }
grep -c "Connection established (SCTP)" "$W/v.log" | grep -qx 1 || fatal "reconnected"
