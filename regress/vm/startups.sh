# startups: SCTP associations to sshd that complete but never
# authenticate (issue 18, item 3), from a multi-homed peer: host A has
# two paths and its sockets are unbound, so each INIT lists both of its
# addresses.  sshd (MaxStartups 2, LoginGraceTime 40, grace-exceeded
# penalty 60 s):
#   - two idle associations fill MaxStartups: a third login is dropped
#     ("drop connection ... Maxstartups") and the listener stays up;
#   - LoginGraceTime ends both ("Timeout before authentication"), the
#     idle peers see the association end;
#   - PerSourcePenalties then refuses the peer's primary address (A's
#     path-1 address, the one sshd names): a login from it is dropped
#     ("penalty"), as over TCP;
#   - a login from A's other address (bound to it alone) is another
#     source, as it would be over TCP, and succeeds.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
B2=$("$TOPO" addr b 2)
A1=$("$TOPO" addr a 1)
A2=$("$TOPO" addr a 2)
start_sshd "Transport sctp" "MaxStartups 2" "LoginGraceTime 40" \
    "PerSourcePenalties grace-exceeded:60s min:1s"
trap 'stop_sshd; kill $(jobs -p) 2>/dev/null || true' EXIT
# fatal with what sshd and the idle peers said
die() {
	echo "--- sshd.log"; tail -30 "$W/sshd.log"
	for f in "$W"/idle-*; do echo "--- $f"; cat "$f"; done
	fatal "$@"
}

# idle N: an association from A that reads sshd's banner and sends
# nothing; "N banner" then "N closed" (or "N error ...") in $W/idle-N.
idle() {
	on_a /usr/bin/python3 -c '
import socket, sys
s = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_SCTP)
s.settimeout(120)
try:
	s.connect((sys.argv[1], 2222))
	if s.recv(256).startswith(b"SSH-"):
		print(sys.argv[2], "banner", flush=True)
	while s.recv(4096):
		pass
	print(sys.argv[2], "closed", flush=True)
except Exception as e:
	print(sys.argv[2], "error", e, flush=True)
' "$B1" "$1" >"$W/idle-$1" 2>&1 &
}

idle 1
wait_for "$W/idle-1" "1 banner" 60 || die "idle 1: no banner"
idle 2
wait_for "$W/idle-2" "2 banner" 60 || die "idle 2: no banner"
# Both associations carry both of A's addresses.
n=$("$TOPO" exec b cat /proc/net/sctp/assocs | grep -c " 2222 " || true)
note "associations on port 2222 at B: $n"
"$TOPO" exec b cat /proc/net/sctp/assocs | grep " 2222 " | grep -q "$A2" ||
    fatal "the idle associations are not multi-homed (no $A2 among their peer addresses)"
note "idle associations list both of A's addresses"

# MaxStartups: the third is dropped; the listener lives.
if on_a timeout 60 "$SSH" -F "$CFG" -z "$B1" true 2>"$W/third.log"; then
	fatal "a login past MaxStartups succeeded"
fi
grep -q "drop connection .* Maxstartups" "$W/sshd.log" ||
    { tail -20 "$W/sshd.log"; fatal "sshd did not log the drop for MaxStartups"; }
kill -0 "$(cat "$W/sshd.pid")" || fatal "sshd's listener died"
note "the third login was dropped past MaxStartups"

# LoginGraceTime: both end.
for i in 1 2; do
	wait_for "$W/idle-$i" "$i closed" 120 ||
	    { cat "$W/idle-$i"; fatal "idle $i: not ended after LoginGraceTime"; }
done
[ "$(grep -c "Timeout before authentication" "$W/sshd.log")" -ge 2 ] ||
    { tail -20 "$W/sshd.log"; fatal "sshd did not log the grace timeouts"; }
note "LoginGraceTime ended both idle associations"

# PerSourcePenalties: A's primary address is refused for a while.
grep -q "Timeout before authentication for connection from $A1 " "$W/sshd.log" ||
    { grep "Timeout before" "$W/sshd.log"; fatal "sshd did not name $A1, A's primary address"; }
# once the listener has the penalty in force (it learns of the timeouts
# when the sessions end: a loaded host is slow)
t=$(uptime_s)
until grep -Eq "new [^ ]+ active penalty|activating .* penalty" "$W/sshd.log"; do
	within "$t" 30 || break
	sleep 0.2
done
if on_a timeout 60 "$SSH" -F "$CFG" -z -b "$A1" "$B1" true 2>"$W/pen.log"; then
	fatal "a login from a penalised address succeeded"
fi
grep -q "penalty" "$W/sshd.log" ||
    { tail -20 "$W/sshd.log"; fatal "sshd did not log the penalty"; }
note "a login from $A1 was refused (penalty)"

# Another address of the same host is another source.
on_a timeout 60 "$SSH" -F "$CFG" -z -b "$A2" "$B2" echo ok >"$W/other.out" 2>"$W/other.log" ||
    { cat "$W/other.log"; tail -20 "$W/sshd.log"; fatal "a login from $A2 failed"; }
grep -q '^ok$' "$W/other.out" || fatal "the login from $A2 did not run its command"
note "a login from $A2 succeeded"
echo "ok startups"
