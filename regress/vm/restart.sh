# restart: the client's host restarts under a session and an SCTP
# endpoint there opens an association from the session's address and
# port to sshd.  For sshd's kernel that is a restart of the association
# (RFC 9260 5.2.4), what a forged INIT and COOKIE ECHO from the path can
# also cause (the seeds' T4).  The SSH state is gone with it: sshd must
# end the session at once and say why (PROTOCOL.sctp 1.4: an SCTP_RESTART
# ends the connection), not carry on with a peer that never saw its
# keys; and ssh, whose association a forged restart would take, likewise
# (the same code, sctp-net.c).
#
# First, the restart forged from the path under a live session (T4): an
# attacker that saw the set-up sends the client's INIT again, with a new
# tag, and the COOKIE ECHO of the INIT ACK it sees.  Nothing changes in
# the association's capabilities, so sshd waits for the client's resume
# (PROTOCOL.sctp 2.12), which only the holder of the session's keys can
# make: it must log the restart at once, resume nothing, and end the
# connection when the 60 s wait ends, saying so.
#
# The "restart": host A's network stack is replaced (its namespace
# deleted and made again) while the wire stays: path 1's interface is
# moved out of the namespace first, so that host B keeps its address and
# routes, as a server does when a client reboots.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
A1=$("$TOPO" addr a 1)
start_sshd "Transport sctp"
trap 'stop_sshd' EXIT

# sessions: this sshd's session processes (its children; others may be
# left by earlier tests).
sessions() { pgrep -P "$(cat "$W/sshd.pid")" || true; }

# --- forged: the restart from the path, under a live session.
n0=$(wc -l <"$W/sshd.log")
# (From the client's path: it sends as the client, and sees the answers.)
FORGE_HOST=a forge keyed-restart "$(dirname "$0")/sctp-forge.py" 2222 restart
grep -q "restart answered" "$W/forge-keyed-restart.log" ||
    { cat "$W/forge-keyed-restart.log"; fatal "forged: the server did not answer the forged INIT"; }
wait_for "$W/sshd.log" "SCTP association restarted (connection from" 60 ||
    { tail -n +"$((n0 + 1))" "$W/sshd.log"; fatal "forged: sshd did not log the restart"; }
t=$(uptime_s)
note "forged: sshd: $(grep -o "SCTP association restarted (connection from.*" "$W/sshd.log" | tail -1)"
# The wait is 60 s by sshd's clock; a loaded machine gets 120 s more.
wait_for "$W/sshd.log" "no resume from the peer" 180 ||
    { tail -n +"$((n0 + 1))" "$W/sshd.log"; fatal "forged: sshd did not end the connection when its wait for a resume ended"; }
waited=$(since "$t")
note "forged: sshd ended the connection $waited s after the restart: $(grep -o "SCTP association restarted: no resume.*" "$W/sshd.log" | tail -1)"
# (the wait is 60 s by sshd's clock: the log line came before $t)
awk -v w="$waited" 'BEGIN { exit !(w >= 50) }' ||
    fatal "forged: sshd ended the connection after $waited s, before its 60 s wait for a resume was over"
! tail -n +"$((n0 + 1))" "$W/sshd.log" | grep -q "the connection resumes" ||
    fatal "forged: sshd resumed a connection that the path restarted"
for _ in $(seq 300); do [ -z "$(sessions)" ] && break; sleep 0.2; done
[ -z "$(sessions)" ] || fatal "forged: sshd's session processes outlived the connection"
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
{ exec 4>&-; } 2>/dev/null || true
# What sshd logs from here on is the next case's (sshd appends to it).
cp "$W/sshd.log" "$W/sshd-forged.log"
: >"$W/sshd.log"

# reborn HOST: HOST's network stack is replaced while path 1 is cut: its
# namespace deleted and made again, with the same address on the same
# wire, and a kernel that offers SCTP-AUTH and ADD-IP as ours do; then
# path 1 restored.
reborn() {
	local ns=sctp-$1 a
	a=$("$TOPO" addr "$1" 1)
	ip -n "$ns" link set path1 down
	ip -n "$ns" link set path1 name rs-path1
	ip -n "$ns" link set rs-path1 netns 1
	ip netns del "$ns"
	ip netns add "$ns"
	ip -n "$ns" link set lo up
	ip netns exec "$ns" sysctl -qw net.sctp.auth_enable=1 net.sctp.addip_enable=1
	ip link set rs-path1 netns "$ns"
	ip -n "$ns" link set rs-path1 name path1
	ip -n "$ns" addr add "$a/24" dev path1
	ip -n "$ns" link set path1 up
	"$TOPO" restore 1
}

# associate HOST FROM-ADDR FROM-PORT TO-ADDR TO-PORT: an SCTP endpoint on
# HOST opens an association; prints "associated", then what came next.
associate() {
	"$TOPO" exec "$1" /usr/bin/python3 -c '
import socket, sys, time
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_SCTP)
s.bind((sys.argv[1], int(sys.argv[2])))
s.settimeout(60)
s.connect((sys.argv[3], int(sys.argv[4])))
print("associated", flush=True)
try:
    d = s.recv(100)
    print("then: %s" % ("end of stream" if d == b"" else "%d bytes" % len(d)))
except OSError as e:
    print("then: %s" % e)
' "$2" "$3" "$4" "$5"
}

echo_session s
port=$(sed -n "s/.*Connection from $A1 port \([0-9]*\) on.*/\1/p" "$W/sshd.log" | tail -1)
[ -n "$port" ] || fatal "no port of the session in sshd's log"
[ -n "$(sessions)" ] || fatal "no sshd-session process"
grep -q "SCTP association restarted" "$W/sshd.log" &&
    fatal "sshd reported a restart before one happened"

# Host A dies: nothing reaches the path any more (its ABORT is lost), its
# processes go, then its network stack.
"$TOPO" cut 1
kill -9 "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
{ exec 4>&-; } 2>/dev/null || true
reborn a
# sshd's association to the dead client lives on meanwhile.
sleep 1
[ -n "$(sessions)" ] || fatal "sshd's session ended before the restart"

# An endpoint on the new host opens an association from the session's
# address and port: sshd's kernel takes it for a restart of the old one.
associate a "$A1" "$port" "$B1" 2222 >"$W/restart.log" 2>&1 ||
    { cat "$W/restart.log"; fatal "the new host could not associate from port $port"; }
grep -q associated "$W/restart.log" ||
    { cat "$W/restart.log"; fatal "no association from the new host"; }
wait_for "$W/sshd.log" "SCTP association restarted" 60 ||
    { tail "$W/sshd.log"; fatal "sshd did not report the restart"; }
for _ in $(seq 300); do [ -z "$(sessions)" ] && break; sleep 0.2; done
[ -z "$(sessions)" ] || fatal "sshd's session processes outlived the restart"
# The listener is unharmed: a new session logs in.
echo_session s2
end_session s2
note "sshd: a new association from the session's address and port (the client's host restarted): sshd logged \"$(grep -m1 -o 'SCTP association restarted.*' "$W/sshd.log")\", its session processes ended; the new endpoint saw $(sed -n 's/^then: //p' "$W/restart.log"); a new session then logged in"

# The same from the other side: the server's host restarts under a
# session, and an endpoint there opens an association from sshd's
# address and port to ssh's.  ssh must exit at once, saying why.
echo_session s3
cport=$(sed -n "s/.*Connection from $A1 port \([0-9]*\) on.*/\1/p" "$W/sshd.log" | tail -1)
[ -n "$cport" ] || fatal "no port of the third session in sshd's log"
"$TOPO" cut 1
ip netns pids sctp-b | xargs -r kill -9
rm -f "$W/sshd.pid"
reborn b
sleep 1
kill -0 "$pid" 2>/dev/null || { cat "$W/s3.log"; fatal "ssh ended before the restart"; }
associate b "$B1" 2222 "$A1" "$cport" >"$W/restart-b.log" 2>&1 ||
    { cat "$W/restart-b.log"; fatal "the new server could not associate to port $cport"; }
for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
kill -0 "$pid" 2>/dev/null && fatal "ssh outlived the restart of its association"
rc=0
wait "$pid" || rc=$?
[ "$rc" != 0 ] || fatal "ssh exited with status 0 after the restart"
grep -q "SCTP association restarted" "$W/s3.log" ||
    { tail "$W/s3.log"; fatal "ssh did not say the association restarted"; }
note "ssh: a new association from sshd's address and port (the server's host restarted): ssh exited with status $rc, saying \"$(grep -m1 -o 'SCTP association restarted.*' "$W/s3.log")\"; the new endpoint saw $(sed -n 's/^then: //p' "$W/restart-b.log")"
