# dccp: a DCCP connection between the two hosts, one datagram each way.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
w=$(mktemp -d)
"$TOPO" exec b dccp-ping -l 5001 >"$w/srv" 2>&1 &
srv=$!
wait_for "$w/srv" listening 20 || fatal "DCCP listener did not start"
"$TOPO" exec a dccp-ping "$("$TOPO" addr b 1)" 5001 || fatal "DCCP round trip failed"
wait $srv || { cat "$w/srv"; fatal "DCCP server failed"; }
cat "$w/srv"
rm -rf "$w"
