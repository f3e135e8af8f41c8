# authkey: SCTP-AUTH keyed by SSH (PROTOCOL.sctp 1.4).  With SCTPAuthKey
# on both sides (the default): both log the agreement, key 1 installed
# and active, key 0 retired and deleted; a 4 MB transfer with a key
# exchange every 1 MB arrives intact and each new key replaces the last;
# the same with SCTPChannelStreams no (single-stream mode); tcpdump on
# the path shows an AUTH chunk in every packet with DATA or SACK.  With
# SCTPAuthKey no at ssh, or at sshd: not agreed, the session works.
# SCTPAuthKey control (1.4's control set) at ssh, or at sshd: agreed,
# keyed and renewed as with yes, the transfer intact, and the other end
# finds DATA missing from its peer's list; on the wire, DATA to the side
# with control goes without an AUTH chunk.  Then DATA injected from the
# path (below): dropped by ssh with yes; taken, ending the session,
# without keys and with control at ssh, where forged control chunks
# sent before it are dropped.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
"$TOPO" set 1 delay 5
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
start_sshd "Transport sctp"
trap 'stop_sshd' EXIT
trap '' PIPE
head -c 4000000 /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -c1-64)

# run NAME [ssh options]: the transfer; with CAPTURE=1, captured on host
# A's side of the path (tcpdump, $W/NAME.pcap).
run() {
	local name=$1 cap=
	shift
	: >"$W/sshd.log"
	if [ -n "${CAPTURE:-}" ]; then
		"$TOPO" exec a tcpdump -i path1 -n -s 128 -U -w "$W/$name.pcap" \
		    sctp 2>/dev/null &
		cap=$!
		sleep 1
	fi
	on_a timeout 300 "$SSH" -F "$CFG" -z -v "$@" "$B1" sha256sum \
	    <"$W/data" >"$W/$name.out" 2>"$W/$name.log" ||
	    { tail -20 "$W/$name.log"; tail -20 "$W/sshd.log"; fatal "$name: ssh failed"; }
	[ "$(cut -c1-64 "$W/$name.out")" = "$sum" ] ||
	    fatal "$name: the data did not arrive intact"
	sleep 1
	[ -z "$cap" ] || { kill "$cap"; wait "$cap" 2>/dev/null; }
}
# wire NAME DIR: in run's capture (sctp-authcount.py), SACK in both
# directions and DATA in DIR always carried an AUTH chunk (DIR both:
# each way), and DATA the other way at least once went without one.
wire() {
	local name=$1 dir=$2 bad
	/usr/bin/python3 "$(dirname "$0")/sctp-authcount.py" "$W/$name.pcap" \
	    "$("$TOPO" addr a 1)" >"$W/$name.auth" || fatal "$name: no capture"
	bad=$(awk -v d="$dir" '$3 == "noauth" && ($2 == "SACK" ||
	    ($2 ~ /DATA/ && (d == "both" || $1 == d)))' "$W/$name.auth")
	[ -z "$bad" ] || { cat "$W/$name.auth"; fatal "$name: unauthenticated on the wire: $bad"; }
	grep -q "SACK auth" "$W/$name.auth" || { cat "$W/$name.auth"; fatal "$name: no SACK captured"; }
	[ "$dir" = both ] ||
	    grep -q "DATA noauth" "$W/$name.auth" ||
	    { cat "$W/$name.auth"; fatal "$name: every DATA packet authenticated"; }
	note "$name on the wire: $(tr '\n' ',' <"$W/$name.auth")"
}
keyed() {
	local name=$1 f
	for f in "$W/$name.log" "$W/sshd.log"; do
		grep -q "SCTP-AUTH keyed by SSH: agreed" "$f" ||
		    { grep SCTP-AUTH "$f"; fatal "$name: not agreed ($f)"; }
		grep -q "SCTP-AUTH: key 1 installed" "$f" ||
		    fatal "$name: key 1 not installed ($f)"
		grep -q "SCTP-AUTH: key 1 active, key 0 retired" "$f" ||
		    fatal "$name: key 1 not active ($f)"
		grep -q "SCTP-AUTH: key 0 deleted" "$f" ||
		    fatal "$name: key 0 not deleted ($f)"
		grep -q "SCTP-AUTH: key [3-9] active, key [2-8] retired" "$f" ||
		    { grep SCTP-AUTH "$f"; fatal "$name: rekeying did not renew the key ($f)"; }
		grep -q "SCTP-AUTH: key [2-8] deleted" "$f" ||
		    fatal "$name: an old key not deleted ($f)"
	done
	note "$name: $(grep -c "SCTP-AUTH: key [0-9]* deleted" "$W/$name.log") keys retired at ssh, $(grep -c "SCTP-AUTH: key [0-9]* deleted" "$W/sshd.log") at sshd"
}

CAPTURE=1 run streams -o RekeyLimit=1M
keyed streams
wire streams both
grep -q "SCTP channels on streams in use" "$W/streams.log" ||
    fatal "streams: not in multi-stream mode"
run single -o RekeyLimit=1M -o SCTPChannelStreams=no
keyed single
CAPTURE=1 run ctl -o RekeyLimit=1M -o SCTPAuthKey=control
keyed ctl
# ssh has the control set: sshd's DATA to it may go unauthenticated
wire ctl "a>b"
grep -q "SCTPAuthKey control: DATA accepted unauthenticated" "$W/ctl.log" ||
    fatal "ctl: ssh did not take SCTPAuthKey control"
# What each end read from the association: sshd's peer lacks DATA.
grep -q "SCTP-AUTH: the peer accepts DATA unauthenticated" "$W/sshd.log" ||
    fatal "ctl: sshd did not find DATA missing from ssh's list"
grep -q "the peer accepts DATA unauthenticated" "$W/streams.log" "$W/ctl.log" &&
    fatal "ctl: DATA missing from a list of SCTPAuthKey yes"
run off -o SCTPAuthKey=no
grep -q "SCTP-AUTH keyed by SSH: agreed" "$W/off.log" &&
    fatal "off: agreed with SCTPAuthKey no"
grep -q "SCTP-AUTH: key" "$W/off.log" "$W/sshd.log" &&
    fatal "off: keys installed with SCTPAuthKey no"
note "off: SCTPAuthKey no: not agreed, the transfer intact"
# A server without it (as an earlier build): ssh offers, sshd does not.
start_sshd_extra sshd3 2224 "SCTPAuthKey no"
run oldserver -p 2224
grep -q "SCTP-AUTH keyed by SSH: not offered by the peer" "$W/oldserver.log" ||
    { grep SCTP-AUTH "$W/oldserver.log"; fatal "oldserver: ssh did not see that sshd does not offer it"; }
note "oldserver: sshd with SCTPAuthKey no: not agreed, the transfer intact"
# sshd with the control set, ssh with every type: each end checks its
# own list and the control set in its peer's.
start_sshd_extra sshd4 2225 "SCTPAuthKey control"
CAPTURE=1 run ctlserver -p 2225 -o RekeyLimit=1M
wire ctlserver "b>a"
grep -q "SCTP-AUTH: key [3-9] active, key [2-8] retired" "$W/ctlserver.log" ||
    { grep SCTP-AUTH "$W/ctlserver.log"; fatal "ctlserver: ssh's keys were not renewed"; }
grep -q "SCTPAuthKey control: DATA accepted unauthenticated" "$W/sshd4.log" ||
    { grep SCTP-AUTH "$W/sshd4.log"; fatal "ctlserver: sshd did not take SCTPAuthKey control"; }
grep -q "SCTP-AUTH: key [3-9] active" "$W/sshd4.log" ||
    fatal "ctlserver: sshd's keys were not renewed"
grep -q "SCTP-AUTH: the peer accepts DATA unauthenticated" "$W/ctlserver.log" ||
    fatal "ctlserver: ssh did not find DATA missing from sshd's list"
note "ctl, ctlserver: SCTPAuthKey control at ssh, then at sshd: agreed, keys renewed, the transfer intact"

# --- Injection (the seeds' T3): regress/vm/sctp-forge.py, on host B's
# side of the path, sends the client DATA from the server's address.
F="$(dirname "$0")/sctp-forge.py"
# control: two sockets (Python, the kernel's API) with SCTP-AUTH and DATA
# to be authenticated, keys never changed; the server sends, then idles:
# the DATA forged with key 0 is taken: the forgery is right.
pair='
import socket, struct, sys, time
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_SCTP)
s.setsockopt(132, 129, struct.pack("II", 0, 1))	# SCTP_AUTH_SUPPORTED
s.setsockopt(132, 22, struct.pack("IHH", 2, 3, 1))	# SCTP_HMAC_IDENT
s.setsockopt(132, 21, bytes([0]))		# SCTP_AUTH_CHUNK: DATA
if sys.argv[1] == "server":
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("0.0.0.0", 5001)); s.listen(1); s.settimeout(60)
    c, _ = s.accept()
    for i in range(10):
        c.send(b"x"); time.sleep(0.1)
    time.sleep(10)	# idle: the forger takes the next TSN
    c.send(b"y")
    time.sleep(1)
else:
    s.connect((sys.argv[2], 5001)); s.settimeout(30)
    while True:
        d = s.recv(1000)
        if not d: break
        sys.stdout.write(d.decode(errors="replace")); sys.stdout.flush()
'
# The server only once the forger listens: scapy may take longer to
# start on a loaded machine than the server waits for its client.
FORGE_DELAY=2 "$TOPO" exec b /usr/bin/python3 "$F" path1 5001 auth0 >"$W/forge-c.log" 2>&1 &
fpid=$!
wait_for "$W/forge-c.log" sniffing 120 || fatal "control: the forger did not start"
"$TOPO" exec b /usr/bin/python3 -c "$pair" server >"$W/pair-s.log" 2>&1 &
spid=$!
for _ in $(seq 100); do ip netns exec sctp-b grep -q " 5001 " /proc/net/sctp/eps && break; sleep 0.2; done
"$TOPO" exec a /usr/bin/python3 -c "$pair" client "$B1" >"$W/pair-c.log" 2>&1 &
cpid=$!
wait "$fpid" || { cat "$W/forge-c.log"; fatal "control: the forger saw no association"; }
wait "$cpid" "$spid" || true
cat "$W/forge-c.log"
grep -q INJECTED "$W/pair-c.log" ||
    { cat "$W/pair-c.log"; fatal "control: the DATA forged with key 0 was not taken: the forgery is wrong"; }
note "control: without keys from SSH, the DATA forged with key 0 was taken"

# inject NAME [ssh options]: the forger (forge, sshlib.sh; its modes
# INJECT_MODES, default DATA with key 0's AUTH and without), then an
# echoing session on fd 4.
inject() {
	local name=$1
	shift
	forge "$name" "$F" 2222 "${INJECT_MODES:-auth0 plain}" -- "$@"
	cat "$W/forge-$name.log"
	echo two >&4 2>/dev/null || true
}
inject keyed
wait_for "$W/keyed.out" "got two" 60 ||
    { tail "$W/keyed.log"; fatal "keyed: the session did not survive the injection"; }
exec 4>&-
wait "$pid" || fatal "keyed: ssh exited with status $?"
note "keyed: DATA injected without AUTH and with key 0 dropped; the session carried on"

inject unkeyed -o SCTPAuthKey=no
for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
kill -0 "$pid" 2>/dev/null && { kill "$pid"; fatal "unkeyed: the session outlived injected DATA without SCTP-AUTH keys"; }
{ exec 4>&-; } 2>/dev/null || true
wait "$pid" 2>/dev/null || true
note "unkeyed: SCTPAuthKey no: the injected DATA ended the session; ssh's last words:"
grep -v "^debug[23]" "$W/unkeyed.log" | tail -3

# The control set (1.4), ssh with SCTPAuthKey control, after key 0's
# retirement: first a forged ABORT, SHUTDOWN, FORWARD-TSN and SACK, each
# alone and with key 0's AUTH, all of which the kernel must drop, then
# DATA, which it takes: it reaches SSH and ends the session.  Had one
# of the first been taken, the session would have ended before the
# DATA (ABORT, SHUTDOWN; SACK of TSNs never sent: Linux aborts) or not
# taken it (FORWARD-TSN: it would be a duplicate), so SSH's refusal of
# the DATA shows that they were dropped.
modes=""
for k in abort shutdown fwdtsn sack; do modes="$modes $k $k-auth0"; done
INJECT_MODES="$modes plain" inject control -o SCTPAuthKey=control
for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
kill -0 "$pid" 2>/dev/null && { kill "$pid"; fatal "control: the session outlived injected DATA with SCTPAuthKey control"; }
{ exec 4>&-; } 2>/dev/null || true
wait "$pid" 2>/dev/null || true
grep -q "SCTP-AUTH: key 0 deleted" "$W/control.log" ||
    fatal "control: the forgeries came before key 0 was retired"
grep -q "SCTPAuthKey control: DATA accepted unauthenticated" "$W/control.log" ||
    fatal "control: ssh did not take SCTPAuthKey control"
grep -q "refused: invalid format" "$W/control.log" ||
    { tail "$W/control.log"; fatal "control: the session did not end on the injected DATA"; }
note "control: SCTPAuthKey control: $(grep -c '^sent' "$W/forge-control.log") forgeries; the ABORT, SHUTDOWN, FORWARD-TSN and SACK (alone and with key 0's AUTH) dropped, the injected DATA ended the session; ssh's last words:"
grep -v "^debug[23]" "$W/control.log" | tail -3
