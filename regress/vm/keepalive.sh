# keepalive: ServerAliveInterval decides on the server's traffic only.
# The kernel's path events arrive on the connection socket; they must
# not count as the server's (patch 0028, sctp_peer_traffic()).  A session
# on two paths with ServerAliveInterval 8 and ServerAliveCountMax 1, and
# SCTPHeartbeatInterval 200 so that ssh sees a path change soon; its sshd
# processes are stopped (SIGSTOP: the kernel still acknowledges, nothing
# answers), and the backup path is cut and restored every 3 s, so that
# ssh reads a path event every second or two.  ssh must end by its
# keep-alive ("Timeout, server ... not responding") within 40 s of the
# stop (about 16 s expected); a build that takes the events for traffic
# goes on while they come (60 s of flapping).
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
"$TOPO" set 1 delay 10
"$TOPO" set 2 delay 10
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2)
start_sshd "Transport sctp" "ListenMultipleAddresses $B1,$B2;2222"
stopped=""
cleanup() {
	# shellcheck disable=SC2086
	[ -n "$stopped" ] && kill -CONT $stopped 2>/dev/null
	"$TOPO" restore 2 2>/dev/null || true
	stop_sshd
}
trap cleanup EXIT
on_a "$SSH" -F "$CFG" -z -v -o ServerAliveInterval=8 \
    -o ServerAliveCountMax=1 -o SCTPHeartbeatInterval=200 "$B1" sleep 600 </dev/null >/dev/null 2>"$W/ka.log" &
pid=$!
wait_for "$W/ka.log" "Sending command" 120 || { cat "$W/ka.log"; fatal "no session"; }
sleep 2
# Every process under this sshd: the session's monitor and its child.
kids() { local p; for p in $(pgrep -P "$1"); do echo "$p"; kids "$p"; done; }
stopped=$(kids "$(cat "$W/sshd.pid")" | tr '\n' ' ')
[ -n "$stopped" ] || fatal "no session process under sshd"
# shellcheck disable=SC2086
kill -STOP $stopped
t=$(uptime_s)
ended=""
for _ in $(seq 20); do
	"$TOPO" cut 2
	for _ in $(seq 15); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
	"$TOPO" restore 2
	for _ in $(seq 15); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
	kill -0 "$pid" 2>/dev/null || { ended=$(since "$t"); break; }
done
events=$(grep -c "SCTP path to $B2" "$W/ka.log" || true)
[ -n "$ended" ] || { kill "$pid" 2>/dev/null; tail -5 "$W/ka.log"; fatal "ssh still running 60 s after sshd stopped ($events path events read)"; }
wait "$pid" 2>/dev/null || true
grep -q "Timeout, server $B1 not responding" "$W/ka.log" ||
    { tail -5 "$W/ka.log"; fatal "ssh did not end by its keep-alive"; }
awk -v e="$ended" 'BEGIN { exit !(e <= 40) }' ||
    fatal "ssh ended by its keep-alive only $ended s after sshd stopped ($events path events read)"
[ "$events" -gt 0 ] || fatal "ssh read no path event: the case was not staged"
note "ssh ended by its keep-alive $ended s after sshd stopped, with $events path events read meanwhile"
