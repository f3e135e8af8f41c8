# encap: SSH over SCTP inside UDP (SCTPUDPEncapsulation, RFC 6951)
# through a NAT.  Host C (the client, 10.77.0.2, its own namespace) sits
# behind host A, which routes and masquerades it out of path 1 (nftables);
# host B runs sshd.  Cases:
#   nosysctl  ssh with the option on a host whose net.sctp.udp_port is 0:
#             a clear error at once, not a hang;
#   sshdsysctl  sshd with the option and B's sysctl at 0: refuses to
#             start, saying why;
#   plain     plain SCTP through the NAT (Linux's SCTP NAT): a session
#             with a 2 MB upload, checksum compared (whatever happens is
#             noted; PASS needs encapsulation only);
#   udp       encapsulated through the NAT: login, a 2 MB upload with
#             checksum, B sees only UDP from A's address; ssh -O conninfo
#             shows it;
#   multihome B has a second address: what C and B make of it through
#             the NAT (noted);
#   rebind    the NAT's mapping changes mid-transfer (conntrack flushed,
#             the next source port another): the transfer completes;
#   forward   through the NAT inside UDP: ssh over a TCP forward (2 MB,
#             checksum), a UDP and an SCTP forward, with RekeyLimit 256K
#             (three key exchanges or more);
#   idle      the NAT forgets C's mapping in a quiet session, then sshd
#             writes: the output reaches C within 60 s (C's heartbeat);
#   renumber  C's private address changes behind the same NAT (make and
#             break before make): the session answers;
#   newnat    C's public address changes (another uplink of the NAT): the
#             session does not follow (noted), and ssh ends by its
#             ServerAlive within 80 s rather than hang;
#   firewall  A drops SCTP: plain ssh -z fails within ConnectTimeout with
#             a clear error, the encapsulated session still works.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
"$TOPO" set 1 delay 5
. "$(dirname "$0")/sshlib.sh"
A1=$("$TOPO" addr a 1) B1=$("$TOPO" addr b 1)
NSC=sctp-c
cleanup() {
	pkill -f "$SSH -F $CFG" 2>/dev/null || true
	pkill -f "$TOOLS/fwd-probe" 2>/dev/null || true
	stop_sshd
	ip netns del "$NSC" 2>/dev/null || true
	ip netns exec sctp-a nft delete table ip encapnat 2>/dev/null || true
}
trap cleanup EXIT
ip netns add "$NSC"
ip link add cpriv netns "$NSC" type veth peer name cpriv netns sctp-a
ip -n "$NSC" link set lo up
ip -n "$NSC" link set cpriv up
ip -n sctp-a link set cpriv up
ip -n "$NSC" addr add 10.77.0.2/24 dev cpriv
ip -n sctp-a addr add 10.77.0.1/24 dev cpriv
ip -n "$NSC" route add default via 10.77.0.1
ip netns exec sctp-a sysctl -qw net.ipv4.ip_forward=1
ip netns exec sctp-a nft -f - <<EON || fatal "nft: the NAT table"
table ip encapnat {
	chain post {
		type nat hook postrouting priority srcnat;
		oifname "path1" ip saddr 10.77.0.0/24 masquerade random
	}
	chain filterfwd {
		type filter hook forward priority filter;
	}
}
EON
on_c() { ip netns exec "$NSC" "$@"; }
for ns in "$NSC" sctp-b; do ip netns exec "$ns" sysctl -qw net.sctp.udp_port=0; done

# --- nosysctl
t=$(uptime_s)
on_c timeout 60 "$SSH" -F "$CFG" -z -o SCTPUDPEncapsulation=9899 "$B1" true \
    >"$W/nosysctl.out" 2>&1 && fatal "nosysctl: ssh succeeded without net.sctp.udp_port"
grep -q "net.sctp.udp_port is 0" "$W/nosysctl.out" ||
    { cat "$W/nosysctl.out"; fatal "nosysctl: ssh did not say what to set"; }
note "nosysctl: $(head -1 "$W/nosysctl.out")"

# --- sshdsysctl
# start_sshd waits 10 s for the pid file, then fails: not a failure here.
( fatal() { :; }; start_sshd "Transport sctp" "SCTPUDPEncapsulation 9899" ) >/dev/null 2>&1
[ -s "$W/sshd.pid" ] && fatal "sshdsysctl: sshd started without net.sctp.udp_port"
grep -q "net.sctp.udp_port is 0" "$W/sshd.log" ||
    { cat "$W/sshd.log"; fatal "sshdsysctl: sshd did not say why it stopped"; }
note "sshdsysctl: $(grep -m1 "net.sctp.udp_port" "$W/sshd.log" | sed 's/^.*sshd[^:]*: //')"

ip netns exec sctp-b sysctl -qw net.sctp.udp_port=9899
on_c sysctl -qw net.sctp.udp_port=4444
start_sshd "Transport all" "SCTPUDPEncapsulation 9899" \
    "AllowSCTPForwarding yes" "AllowUDPForwarding yes"
head -c 2000000 /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -c1-64)

# upload NAME OPTS...: a 2 MB upload from C; prints the remote checksum.
upload() {
	local name=$1
	shift
	# shellcheck disable=SC2016
	on_c timeout 300 "$SSH" -F "$CFG" -z "$@" "$B1" 'sha256sum | cut -c1-64' \
	    <"$W/data" >"$W/$name.sum" 2>"$W/$name.err"
}
command -v tcpdump >/dev/null || fatal "tcpdump is not installed (contrib/install-deps)"
capture() {
	"$TOPO" exec b tcpdump -n -i path1 -w "$W/$1.pcap" >/dev/null 2>"$W/$1.tcpdump" &
	cap=$!
	wait_for "$W/$1.tcpdump" listening 30 || fatal "$1: tcpdump did not start"
}
uncapture() { sleep 1; kill "$cap"; wait "$cap" 2>/dev/null; }

# --- plain
capture plain
if upload plain -o SCTPUDPEncapsulation=no && [ "$(cat "$W/plain.sum")" = "$sum" ]; then
	r="intact"
else
	r="failed: $(tail -1 "$W/plain.err")"
fi
uncapture
note "plain: SCTP through the NAT without encapsulation: $r; B saw $(tcpdump -n -r "$W/plain.pcap" 2>/dev/null | grep -c "$A1.* > $B1.2222: sctp") SCTP packets from $A1"

# --- udp
capture udp
upload udp -v -o SCTPUDPEncapsulation=9899 || { cat "$W/udp.err"; fatal "udp: the upload failed"; }
uncapture
[ "$(cat "$W/udp.sum")" = "$sum" ] || fatal "udp: checksum mismatch"
grep -q "SCTP inside UDP: to the peer's UDP port 9899" "$W/udp.err" ||
    fatal "udp: ssh -v did not say it encapsulates"
nudp=$(tcpdump -n -r "$W/udp.pcap" "src $A1 and udp dst port 9899" 2>/dev/null | wc -l)
nsctp=$(tcpdump -n -r "$W/udp.pcap" "src $A1 and sctp" 2>/dev/null | wc -l)
[ "$nudp" -gt 100 ] || fatal "udp: B saw $nudp UDP packets to port 9899"
[ "$nsctp" -eq 0 ] || fatal "udp: B saw $nsctp plain SCTP packets"
note "udp: 2 MB intact; B saw $nudp UDP packets from $A1 to port 9899, no plain SCTP"
# The path view says so.
on_c "$SSH" -F "$CFG" -z -o SCTPUDPEncapsulation=9899 -o ControlMaster=yes \
    -o "ControlPath=$W/mux" -o ControlPersist=60 -f -N "$B1" || fatal "udp: control master failed"
on_c "$SSH" -F "$CFG" -S "$W/mux" -O conninfo x >"$W/conninfo" 2>&1
on_c "$SSH" -F "$CFG" -S "$W/mux" -O exit x 2>/dev/null
grep -q "path to $B1: .*inside UDP to port 9899" "$W/conninfo" ||
    { cat "$W/conninfo"; fatal "udp: the path view does not show the encapsulation"; }
note "udp: conninfo: $(grep -o "path to $B1: .*" "$W/conninfo" | tr -d '\r')"

# pub2_up: a second link between A and B (198.18.9.1 and .2), which A
# masquerades C out of too: a second address for B, another uplink for A.
pub2_up() {
	ip link add pub2 netns sctp-a type veth peer name pub2 netns sctp-b
	ip -n sctp-a addr add 198.18.9.1/24 dev pub2
	ip -n sctp-b addr add 198.18.9.2/24 dev pub2
	ip -n sctp-a link set pub2 up
	ip -n sctp-b link set pub2 up
	ip netns exec sctp-a nft add rule ip encapnat post oifname pub2 \
	    ip saddr 10.77.0.0/24 masquerade
}

# --- multihome: B has a second address.  C learns both; its packets to
# the second leave A from A's other address, which the association does
# not know.  What each side makes of it is noted, not asserted.
pub2_up
for mode in no 9899; do
	on_c "$SSH" -F "$CFG" -z -o SCTPUDPEncapsulation=$mode -o ControlMaster=yes \
	    -o "ControlPath=$W/mh" -o ControlPersist=60 -f -N "$B1" ||
	    fatal "multihome $mode: control master failed"
	"$TOPO" exec b tcpdump -n -i pub2 -w "$W/mh-$mode.pcap" >/dev/null 2>&1 &
	cap=$!
	sleep 5
	kill "$cap"; wait "$cap" 2>/dev/null
	on_c "$SSH" -F "$CFG" -S "$W/mh" -O conninfo x >"$W/mh-$mode.info" 2>&1
	on_c "$SSH" -F "$CFG" -S "$W/mh" -O exit x 2>/dev/null
	grep -q "path to 198.18.9.2" "$W/mh-$mode.info" ||
	    { cat "$W/mh-$mode.info"; fatal "multihome $mode: C does not list B's second address"; }
	note "multihome, encapsulation $mode: C's $(grep -o "path to 198.18.9.2: [a-z ]*" "$W/mh-$mode.info"); B's second address got in 5 s $(tcpdump -n -r "$W/mh-$mode.pcap" "src 10.77.0.2" 2>/dev/null | wc -l) packets from C's private address, $(tcpdump -n -r "$W/mh-$mode.pcap" "src 198.18.9.1" 2>/dev/null | wc -l) from A's other one"
done
note "multihome: sshd: $(grep "SCTP association from .*: local addresses" "$W/sshd.log" | tail -1 | sed 's/^.*sshd-session[^:]*: //')"
ip -n sctp-a link del pub2

# --- rebind: twice mid-transfer the NAT maps C to other ports (a new
# masquerading port range, the old mappings flushed).
# natport: C's public UDP port towards B's 9899 (the reply tuple's
# destination port of C's own mapping; B's packets to an old port make
# entries of their own, which do not count).
natport() {
	ip netns exec sctp-a conntrack -L -p udp 2>/dev/null |
	    awk '$0 ~ /src=10\.77\.0\.2 / && $0 ~ /dport=9899/ {
		n = 0
		for (i = 1; i <= NF; i++)
			if ($i ~ /^dport=/ && ++n == 2) p = $i
	    } END { print p }'
}
# 2 MB at 1 Mbit/s: about 16 s, time for both rebindings on a busy host.
"$TOPO" set 1 delay 5 rate 1mbit
upload rebind -o SCTPUDPEncapsulation=9899 &
up=$!
sleep 2
ports=$(natport)
for range in 20000-20999 30000-30999; do
	ip netns exec sctp-a nft flush chain ip encapnat post
	ip netns exec sctp-a nft add rule ip encapnat post oifname path1 \
	    ip saddr 10.77.0.0/24 meta l4proto udp masquerade to :$range
	ip netns exec sctp-a nft add rule ip encapnat post oifname path1 \
	    ip saddr 10.77.0.0/24 masquerade
	t=$(uptime_s)
	ip netns exec sctp-a conntrack -D -p udp >/dev/null 2>&1 || true
	# until C's next packet makes its new mapping (at most 10 s)
	for _ in $(seq 100); do
		p=$(natport)
		case $p in dport=${range%%0000-*}????) break ;; esac
		sleep 0.1
	done
	ports="$ports $p"
	gaps="${gaps:-}$(awk -v a="$t" -v b="$(uptime_s)" 'BEGIN { printf " %.1f", b - a }')"
done
wait "$up" || { cat "$W/rebind.err"; fatal "rebind: the upload failed"; }
[ "$(cat "$W/rebind.sum")" = "$sum" ] || fatal "rebind: checksum mismatch"
case $ports in
*dport=2[0-9][0-9][0-9][0-9]*dport=3[0-9][0-9][0-9][0-9]*) ;;
*) fatal "rebind: the NAT's mappings did not change as planned:$ports" ;;
esac
note "rebind: 2 MB intact across two NAT rebindings (C's public ports: $ports; new mapping seen after:$gaps s)"
"$TOPO" set 1 delay 5 rate 10gbit

# --- forward: TCP, UDP and SCTP forwards and rekeying, through the NAT.
PROBE=$TOOLS/fwd-probe
"$TOPO" exec b "$PROBE" udp-echo 5301 >"$W/uecho.log" 2>&1 &
"$TOPO" exec b "$PROBE" sctp-echo 127.0.0.1 7001 >"$W/secho.log" 2>&1 &
wait_for "$W/uecho.log" listening 20 || fatal "forward: UDP echo did not start"
wait_for "$W/secho.log" listening 20 || fatal "forward: SCTP echo did not start"
on_c "$SSH" -F "$CFG" -z -v -o SCTPUDPEncapsulation=9899 -o RekeyLimit=256K \
    -N -E "$W/fwd.log" -L 7100:127.0.0.1:2222 -L 7101/udp:127.0.0.1:5301 \
    -L 7102/sctp:127.0.0.1:7001 "$B1" &
fwd=$!
wait_for "$W/fwd.log" "Entering interactive session" 60 ||
    { cat "$W/fwd.log"; fatal "forward: ssh did not start"; }
sleep 0.5
# TCP: ssh over TCP inside the forward, 2 MB up to B's sshd.
# shellcheck disable=SC2016
on_c "$SSH" -F "$CFG" -p 7100 127.0.0.1 'sha256sum | cut -c1-64' \
    <"$W/data" >"$W/tcpfwd.sum" 2>"$W/tcpfwd.err" ||
    { cat "$W/tcpfwd.err"; fatal "forward: ssh through the TCP forward failed"; }
[ "$(cat "$W/tcpfwd.sum")" = "$sum" ] || fatal "forward: TCP: checksum mismatch"
out=$(on_c "$PROBE" udp-ask 127.0.0.1 7101 20) ||
    { echo "$out"; fatal "forward: UDP requests not answered"; }
note "forward: UDP: $out"
out=$(on_c "$PROBE" sctp-check 127.0.0.1 7102 60) ||
    { echo "$out"; fatal "forward: SCTP messages did not come back intact"; }
note "forward: SCTP: $out"
nkex=$(grep -c "SSH2_MSG_KEXINIT sent" "$W/fwd.log" || true)
[ "$nkex" -ge 3 ] || { cat "$W/fwd.log"; fatal "forward: $nkex key exchanges with RekeyLimit 256K"; }
kill "$fwd"
wait "$fwd" 2>/dev/null || true
note "forward: TCP (2 MB, checksum compared), UDP and SCTP forwards worked inside UDP through the NAT; $nkex key exchanges"

# --- idle: the NAT forgets C's mapping (as one does after its UDP
# timeout) while the session is quiet; then sshd's side writes.  Its
# packets meet no mapping until C sends again: C's heartbeat on the
# primary, every 25 s under encapsulation (100 s otherwise, where it
# would not come within the limit below).
rm -f "$W/in"; mkfifo "$W/in"
# shellcheck disable=SC2016
on_c "$SSH" -F "$CFG" -z -v -o SCTPUDPEncapsulation=9899 "$B1" \
    'read -r x; echo ready; sleep 10; echo late; read -r x' <"$W/in" \
    >"$W/idle.out" 2>"$W/idle.log" &
pid=$!
exec 4>"$W/in"
echo go >&4
wait_for "$W/idle.out" ready 120 || { cat "$W/idle.log"; fatal "idle: the session did not start"; }
sleep 2
t=$(uptime_s)
ip netns exec sctp-a conntrack -D -p udp >/dev/null 2>&1 || true
wait_for "$W/idle.out" late 90 ||
    { tail "$W/idle.log"; fatal "idle: sshd's output did not come within 90 s of the NAT forgetting C"; }
el=$(awk -v a="$t" -v b="$(uptime_s)" 'BEGIN { printf "%.1f", b - a }')
awk -v e="$el" 'BEGIN { exit !(e <= 60) }' ||
    fatal "idle: sshd's output came $el s after the NAT forgot C (limit 60 s)"
echo end >&4
exec 4>&-
for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
kill -0 "$pid" 2>/dev/null && fatal "idle: ssh did not exit"
wait "$pid" || fatal "idle: ssh exited with status $?"
note "idle: the NAT forgot C's mapping; sshd's output written 8 s later reached C $el s after it forgot"

# c_session NAME: echo_session from C, inside UDP (extra options in $copts).
c_session() {
	# shellcheck disable=SC2086
	ECHO_ON=on_c echo_session "$1" -o SCTPUDPEncapsulation=9899 ${copts:-}
}

# --- renumber: C's private address changes behind the same NAT (a new
# DHCP lease): its public address stays, the NAT gives it a new port.
# The server learns the port from C's next packet; the ADD-IP names the
# private address, which the server adds but cannot reach.
on_c sysctl -qw net.ipv4.conf.cpriv.promote_secondaries=1
for how in mbb bbm; do
	c_session "renum-$how"
	if [ $how = mbb ]; then
		ip -n "$NSC" addr add 10.77.0.3/24 dev cpriv
		sleep 3
		ip -n "$NSC" addr del 10.77.0.2/24 dev cpriv
	else
		ip -n "$NSC" addr del 10.77.0.2/24 dev cpriv
		sleep 5
		ip -n "$NSC" addr add 10.77.0.3/24 dev cpriv
	fi
	ip -n "$NSC" route replace default via 10.77.0.1
	t=$(uptime_s)
	echo two >&4
	wait_for "$W/renum-$how.out" "got two" 120 ||
	    { tail "$W/renum-$how.log"; fatal "renumber $how: no answer within 120 s"; }
	note "renumber $how: 10.77.0.2 to 10.77.0.3 behind the same NAT: answered $(awk -v a="$t" -v b="$(uptime_s)" 'BEGIN { printf "%.1f", b - a }') s after"
	end_session "renumber $how"
	ip -n "$NSC" addr flush dev cpriv
	ip -n "$NSC" addr add 10.77.0.2/24 dev cpriv
	ip -n "$NSC" route replace default via 10.77.0.1
done
grep -q "SCTP path to 10.77.0.3 was added" "$W/sshd.log" &&
    note "renumber: sshd: $(grep -m1 "SCTP path to 10.77.0.3 was added" "$W/sshd.log" | sed 's/^.*sshd-session[^:]*: //')"

# --- newnat: C's public address changes (its traffic now leaves A by
# another uplink, 198.18.9.1).  The server finds an association by the
# addresses it knows, so C's packets from the new address are out of the
# blue to it: the session does not follow, and ssh's ServerAlive ends it
# (README.sctp says so).  Whatever happens, ssh must not hang.
pub2_up
copts="-o ServerAliveInterval=5 -o ServerAliveCountMax=3" c_session newnat
ip -n sctp-a rule add from 10.77.0.0/24 table 100
ip -n sctp-a route add table 100 "$B1" via 198.18.9.2 dev pub2
ip netns exec sctp-a conntrack -D -s 10.77.0.2 >/dev/null 2>&1 || true
t=$(uptime_s)
echo two >&4
# until it answers or ssh ends (uptime, not a count of polls: each poll
# is slow in a busy VM)
r=
while [ -z "$r" ]; do
	el=$(awk -v a="$t" -v b="$(uptime_s)" 'BEGIN { printf "%.1f", b - a }')
	if grep -q "got two" "$W/newnat.out"; then
		r=answered
	elif ! kill -0 "$pid" 2>/dev/null; then
		r=ended
	elif awk -v e="$el" 'BEGIN { exit !(e > 80) }'; then
		tail "$W/newnat.log"
		fatal "newnat: ssh neither followed nor ended within 80 s (ServerAliveInterval 5, CountMax 3)"
	fi
	sleep 0.2
done
if [ $r = answered ]; then
	note "newnat: answered $el s after the NAT's address changed"
	end_session newnat
else
	wait "$pid" 2>/dev/null || true
	exec 4>&-
	note "newnat: not followed; ssh ended $el s after: $(grep -v "^debug" "$W/newnat.log" | tail -1)"
fi
ip -n sctp-a rule del from 10.77.0.0/24 table 100
ip -n sctp-a route flush table 100
ip netns exec sctp-a conntrack -D -s 10.77.0.2 >/dev/null 2>&1 || true

# --- firewall: A drops SCTP.
ip netns exec sctp-a nft add rule ip encapnat filterfwd ip protocol sctp drop
t=$(uptime_s)
on_c timeout 120 "$SSH" -F "$CFG" -z -o ConnectTimeout=10 -o SCTPUDPEncapsulation=no "$B1" true \
    >"$W/fw.out" 2>&1 && fatal "firewall: plain SCTP passed a firewall that drops it"
el=$(awk -v a="$t" -v b="$(uptime_s)" 'BEGIN { printf "%.1f", b - a }')
note "firewall: plain ssh -z gave up after $el s: $(grep -v 'ssh: no answer' "$W/fw.out" | tail -1)"
grep -q "ssh: no answer over SCTP: a firewall or NAT on the way may drop SCTP" "$W/fw.out" ||
    { cat "$W/fw.out"; fatal "firewall: ssh gave no hint of what to check"; }
upload fw -o SCTPUDPEncapsulation=9899 || { cat "$W/fw.err"; fatal "firewall: the encapsulated upload failed"; }
[ "$(cat "$W/fw.sum")" = "$sum" ] || fatal "firewall: checksum mismatch"
note "firewall: the encapsulated session passed it"
echo "encap: ok"
