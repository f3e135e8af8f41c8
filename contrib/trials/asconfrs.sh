# asconfrs: a measurement, not a test (doc/design.md, "ASCONF after a
# restart"): whether Linux takes ASCONF once an association has
# restarted (PROTOCOL.sctp 1.3 and 2.12).  No SSH: an SCTP client and
# server of our own over the kernel's API (asconfrs.py), ADD-IP and
# SCTP-AUTH on (net.sctp.addip_enable, auth_enable), IPv4, two paths.
# The client, bound to A1 and a fixed port, adds and then removes A2
# (two ASCONF); both paths are cut, the client aborts (the ABORT is
# lost, so the server keeps the association), they return and a new socket
# associates again from the same address and port (a restart at the
# server); then it adds A2 again.  tcpdump on host B from the start;
# tshark prints the INIT, INIT ACK, ASCONF and ASCONF-ACK chunks with
# their initial TSNs and serial numbers, and host B's peer addresses
# after each step.
#   VM_TEST_DIR=contrib/trials regress/vm/run RESULTS LOGDIR asconfrs
. "$TOP/regress/vm/lib.sh"
"$TOPO" up 2
PY="python3 $TOP/contrib/trials/asconfrs.py"
W=$(mktemp -d /tmp/asconfrs.XXXXXX)
A1=$("$TOPO" addr a 1) A2=$("$TOPO" addr a 2) B1=$("$TOPO" addr b 1)
for h in a b; do
	"$TOPO" exec "$h" sysctl -qw net.sctp.addip_enable=1 net.sctp.auth_enable=1
done
ip -n sctp-a -4 addr flush dev path2
trap 'pkill -f asconfrs.py || true; pkill tcpdump || true; rm -rf "$W"' EXIT
"$TOPO" exec b tcpdump -i any -nn -s 0 -U -w "$W/b.pcap" sctp 2>/dev/null &
"$TOPO" exec b $PY server 5000 >"$W/server.log" 2>&1 &
sleep 2
ip -n sctp-a addr add "$A2/24" dev path2
"$TOPO" exec a $PY client "$A1" "$B1" 5000 40000 sleep:1 add:"$A2" \
    sleep:10 rem:"$A2" wait:"$W/go1" abort wait:"$W/go2" again \
    sleep:3 add:"$A2" >"$W/client.log" 2>&1 &
peers() { "$TOPO" exec b cat /proc/net/sctp/remaddr | awk 'NR > 1 { printf "%s ", $1 }'; }
count() { grep -c -- "$1" "$W/client.log" 2>/dev/null || true; }
until_count() {
	local i
	for i in $(seq 600); do
		[ "$(count "$1")" -ge "$2" ] && return 0
		sleep 0.1
	done
	cat "$W/client.log"
	fatal "the client did not say \"$1\" $2 times within 60 s"
}
until_count "add ok" 1
sleep 8
note "first association, 8 s after the addition: host B's peer addresses: $(peers)"
until_count "rem ok" 1
sleep 2
note "first association, 2 s after the removal: host B's peer addresses: $(peers)"
# the ABORT lost on the cut paths: the server keeps the association
"$TOPO" cut 1
"$TOPO" cut 2
touch "$W/go1"
until_count "aborted" 1
sleep 2
"$TOPO" restore 1
"$TOPO" restore 2
touch "$W/go2"
until_count "add ok" 2
sleep 15
note "after the restart, 15 s after the addition: host B's peer addresses: $(peers)"
sed 's/^/  client: /' "$W/client.log"
sed 's/^/  server: /' "$W/server.log"
pkill tcpdump || true
sleep 1
echo "  time, source, destination, chunk types, INIT TSN, INIT ACK TSN, ASCONF serial, ASCONF-ACK serial, addresses"
tshark -r "$W/b.pcap" -Y "sctp.chunk_type == 1 || sctp.chunk_type == 2 || sctp.chunk_type == 193 || sctp.chunk_type == 128" \
    -T fields -e frame.time_relative -e ip.src -e ip.dst -e sctp.chunk_type \
    -e sctp.init_initial_tsn -e sctp.initack_initial_tsn \
    -e sctp.asconf_seq_nr_number -e sctp.asconf_ack_seq_nr_number \
    -e sctp.parameter_ipv4_address 2>/dev/null | uniq -c -f 1 | sed 's/^/  /'
note "ASCONF seen $(tshark -r "$W/b.pcap" -Y "sctp.chunk_type == 193" 2>/dev/null | wc -l) times, ASCONF-ACK $(tshark -r "$W/b.pcap" -Y "sctp.chunk_type == 128" 2>/dev/null | wc -l)"
echo "asconfrs: done"
