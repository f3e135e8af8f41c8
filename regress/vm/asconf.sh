# asconf: ADD-IP forged by an attacker on the path (the seeds' T13) is
# refused.  The attacker (regress/vm/asconf-forge.py, scapy) watches the
# association's set-up and then sends the server an ASCONF from the
# client's address that adds 198.18.66.66 and makes it primary.
#   control  two sockets (Python, the kernel's API) with ADD-IP but no
#            SCTP-AUTH, on hosts with net.sctp.addip_noauth_enable = 1:
#            the server takes the forged ASCONF (it answers with an
#            ASCONF-ACK, which the real client, having sent no ASCONF,
#            answers with an ABORT), so the forgery is well-formed;
#   ssh      an SSH session (SCTPRoaming on both sides): the same ASCONF
#            without AUTH, then with an AUTH chunk whose HMAC is wrong,
#            get no answer, the address does not join sshd's
#            association, and the session carries on.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
"$TOPO" set 1 delay 5
A1=$("$TOPO" addr a 1) B1=$("$TOPO" addr b 1)
F="$(dirname "$0")/asconf-forge.py"
EVIL=198.18.66.66
W0=$(mktemp -d /tmp/asconf.XXXXXX)
has_evil() { ip netns exec sctp-b grep -q "^$EVIL " /proc/net/sctp/remaddr; }

# --- control
for ns in sctp-a sctp-b; do
	ip netns exec "$ns" sysctl -qw net.sctp.addip_noauth_enable=1
done
pair='
import socket, struct, sys, time
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_SCTP)
s.setsockopt(132, 128, struct.pack("II", 0, 1))	# SCTP_ASCONF_SUPPORTED
if sys.argv[1] == "server":
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("0.0.0.0", 5001)); s.listen(1); s.settimeout(60)
    c, _ = s.accept(); c.settimeout(30)
    while c.recv(100): pass
else:
    s.connect((sys.argv[2], 5001))
    for i in range(50):
        s.send(b"x"); time.sleep(0.2)
    s.close()
'
# The server only once the forger listens: scapy may take longer to
# start on a loaded machine than the server waits for its client (seen:
# "the forger saw no association").
"$TOPO" exec a /usr/bin/python3 "$F" path1 5001 "$EVIL" noauth >"$W0/forge-c.log" 2>&1 &
fpid=$!
wait_for "$W0/forge-c.log" sniffing 120 || fatal "control: the forger did not start"
"$TOPO" exec b /usr/bin/python3 -c "$pair" server >"$W0/pair-s.log" 2>&1 &
spid=$!
for _ in $(seq 100); do ip netns exec sctp-b grep -q " 5001 " /proc/net/sctp/eps && break; sleep 0.2; done
"$TOPO" exec a /usr/bin/python3 -c "$pair" client "$B1" >"$W0/pair-c.log" 2>&1 &
cpid=$!
wait "$fpid" || { cat "$W0/forge-c.log"; fatal "control: the forger saw no association"; }
grep -q "sent noauth: acked" "$W0/forge-c.log" ||
    { cat "$W0/forge-c.log" "$W0/pair-s.log" "$W0/pair-c.log"; fatal "control: the forged ASCONF was not taken without SCTP-AUTH: the forgery is wrong"; }
note "control: without SCTP-AUTH the server took the forged ASCONF (answered it with an ASCONF-ACK)"
wait "$cpid" "$spid" || true
for ns in sctp-a sctp-b; do
	ip netns exec "$ns" sysctl -qw net.sctp.addip_noauth_enable=0
done
# (within 20 s: a loaded host is slow to tear it down)
for _ in $(seq 100); do has_evil || break; sleep 0.2; done
has_evil && fatal "control: the association did not end"

# --- ssh
. "$(dirname "$0")/sshlib.sh"
start_sshd "Transport sctp"
trap 'pkill -f "$SSH -F $CFG" 2>/dev/null || true; stop_sshd' EXIT
trap '' PIPE
"$TOPO" exec a /usr/bin/python3 "$F" path1 2222 "$EVIL" noauth badauth >"$W/forge.log" 2>&1 &
fpid=$!
wait_for "$W/forge.log" sniffing 120 || fatal "ssh: the forger did not start"
mkfifo "$W/in"
# shellcheck disable=SC2016
on_a "$SSH" -F "$CFG" -v -z "$B1" 'while read -r x; do echo "got $x"; done' \
    <"$W/in" >"$W/s.out" 2>"$W/s.log" &
pid=$!
exec 4>"$W/in"
echo one >&4
wait_for "$W/s.out" "got one" 120 || { cat "$W/s.log"; fatal "ssh: the session did not start"; }
wait "$fpid" || { cat "$W/forge.log"; fatal "ssh: the forger saw no association"; }
grep -q "sent noauth: ignored" "$W/forge.log" && grep -q "sent badauth: ignored" "$W/forge.log" ||
    { cat "$W/forge.log"; fatal "ssh: sshd's association answered a forged ASCONF"; }
has_evil && { ip netns exec sctp-b cat /proc/net/sctp/remaddr; fatal "ssh: a forged ASCONF added $EVIL to sshd's association"; }
echo two >&4
wait_for "$W/s.out" "got two" 60 || { tail "$W/s.log"; fatal "ssh: the session did not carry on after the forged ASCONF"; }
note "ssh: forged ASCONF without AUTH and with a wrong HMAC dropped; the session carried on"
exec 4>&-
wait "$pid" || fatal "ssh: ssh exited with status $?"
echo "asconf: ok"
