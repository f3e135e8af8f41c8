# roamlib.sh: host A's address moves between the two paths of sctp-topo,
# for roam.sh and roambulk.sh (sourced after sshlib.sh).  roam_setup FAM
# sets A1, A2, B1, B2 (the hosts' addresses on paths 1 and 2 in family
# FAM, 4 or 6), plen, net1 (B's path-1 network), other (the other
# family) and dad (ip's "nodad" in IPv6, so that an address is usable at
# once).
roam_setup() {
	A1=$("$TOPO" addr a 1 "$1") A2=$("$TOPO" addr a 2 "$1")
	B1=$("$TOPO" addr b 1 "$1") B2=$("$TOPO" addr b 2 "$1")
	if [ "$1" = 6 ]; then
		other=4 plen=64 net1=${B1%::*}::/64 dad=nodad
	else
		other=6 plen=24 net1=${B1%.*}.0/24 dad=
	fi
}

# roam_home: A on path 1 only (its path-2 addresses and those of the
# other family gone, and the route of earlier moves to path 1's network
# through path 2: IPv6 keeps it when the address goes, and then sends to
# B1 into path 2, to a next hop that B no longer has after a server's
# move, at times: a session could not start), both paths up.
roam_home() {
	"$TOPO" restore 1
	"$TOPO" restore 2
	while ip -n sctp-a route del "$net1" metric 100 2>/dev/null; do :; done
	ip -n sctp-a -4 addr flush dev path2
	ip -n sctp-a -6 addr flush dev path2 scope global
	ip -n sctp-a -"$other" addr flush dev path1 scope global
	ip -n sctp-a addr replace "$A1/$plen" dev path1 $dad
	ip -n sctp-a route get "$B1" | grep -q " dev path1 " ||
	    { ip -n sctp-a route; fatal "home: host A does not reach $B1 over path 1"; }
}

# roam_kernel_view: what sshd said and both kernels' view of the
# association, for a failure.
roam_kernel_view() {
	echo "sshd:"; grep -i "sctp\|roam" "$W/sshd.log" | tail -15
	for h in a b; do
		echo "host $h:"
		"$TOPO" exec "$h" cat /proc/net/sctp/assocs /proc/net/sctp/remaddr
		"$TOPO" exec "$h" grep -E "OutNoRoutes" /proc/net/snmp6
		"$TOPO" exec "$h" ip -6 route
	done
}

# roam_break: A's path-1 address goes and path 1 is cut.
roam_break() {
	ip -n sctp-a addr del "$A1/$plen" dev path1
	nice -n -20 "$TOPO" cut 1
}

# roam_make: A's second address comes on path 2, B's path-1 network
# reached through it.
roam_make() {
	ip -n sctp-a addr add "$A2/$plen" dev path2 $dad
	ip -n sctp-a route replace "$net1" via "$B2" dev path2 metric 100
}

# roam_lose_second NAME: A's second address goes; returns once sshd has
# seen every path fail (the path to A1 failed in the first move).
roam_lose_second() {
	local n0 t
	n0=$(wc -l <"$W/sshd.log")
	ip -n sctp-a addr del "$A2/$plen" dev path2
	t=$(uptime_s)
	until tail -n +"$((n0 + 1))" "$W/sshd.log" |
	    grep -q "SCTP path to $A2 failed"; do
		within "$t" 120 ||
		    { tail -n +"$((n0 + 1))" "$W/sshd.log" | tail -20; roam_kernel_view; fatal "$1: sshd did not see the path to $A2 fail within 120 s"; }
		sleep 0.5
	done
	note "$1: sshd saw every path fail $(since "$t") s after the address went"
}

# roam_first_back: path 1 and A's first address are back.
roam_first_back() {
	"$TOPO" restore 1
	ip -n sctp-a addr add "$A1/$plen" dev path1 $dad
}
