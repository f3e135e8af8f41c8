# roambulk: the client's address changes under a bulk transfer, each way
# (IPv4): break before make (its only address goes and path 1 is cut, a
# new one comes on path 2 5 s later), then back to the first address once
# sshd has seen every path fail, so that ssh restarts the association and
# both ends resume (PROTOCOL.sctp 2.12), sending again megabytes of copies
# that the outage left unacknowledged.  The data must arrive whole (its
# SHA-256), moving again within 60 s of the new address and 90 s of the
# first one's return, ssh must exit 0 and sshd log no error.  roam.sh
# does the same moves under idle sessions.  ROAMBULK_MB MB (default 24)
# over two paths of ROAMBULK_RATE (8mbit) and 10 ms each way, so that
# most of the data is left when the first address comes back (no data
# moves while every path is down); ROAMBULK_HOGS busy loops in the VM
# (default 0).  Timings are printed, not asserted.
. "$(dirname "$0")/lib.sh"
rate=${ROAMBULK_RATE:-8mbit} mb=${ROAMBULK_MB:-24}
"$TOPO" up 2
"$TOPO" set 1 delay 10 rate "$rate"
"$TOPO" set 2 delay 10 rate "$rate"
. "$(dirname "$0")/sshlib.sh"
. "$(dirname "$0")/roamlib.sh"
roam_setup 4
SSHD_LOGLEVEL=INFO start_sshd "Transport sctp"
hogs=""
for _ in $(seq "${ROAMBULK_HOGS:-0}"); do ( while :; do :; done ) & hogs="$hogs $!"; done
cleanup() {
	kill $hogs 2>/dev/null || true
	pkill -f "$SSH -F $CFG" 2>/dev/null || true
	stop_sshd
}
trap cleanup EXIT
note "$mb MB, two paths of $rate and 10 ms each way, ${ROAMBULK_HOGS:-0} busy loops"

head -c "${mb}M" /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -d' ' -f1)
bytes() { stat -c %s "$1" 2>/dev/null || echo 0; }

# moves NAME LOG FILE: while FILE grows: A's address goes and path 1 is
# cut, 5 s later the second address comes on path 2; 3 s later it goes
# too; once sshd saw every path fail, 2 s later, path 1 and the first
# address come back.
moves() {
	local name=$1 log=$2 file=$3 t n0
	t=$(uptime_s)
	until [ "$(bytes "$file")" -gt $((mb * 1024 * 1024 / 8)) ]; do
		within "$t" 120 || { tail -20 "$log"; fatal "$name: no eighth of the data within 120 s"; }
		sleep 0.2
	done
	note "$name: an eighth of the data in $(since "$t") s; the address goes"
	roam_break
	sleep 5
	roam_make
	t=$(uptime_s) n0=$(bytes "$file")
	until [ "$(bytes "$file")" -gt $((n0 + 1048576)) ]; do
		within "$t" 60 || { grep -i "sctp\|roam" "$log" | tail -20; fatal "$name: no MB moved within 60 s of the new address"; }
		sleep 0.1
	done
	note "$name: a MB moved $(since "$t") s after the new address came"
	sleep 3
	roam_lose_second "$name"
	sleep 2
	roam_first_back
	t=$(uptime_s) n0=$(bytes "$file")
	until [ "$(bytes "$file")" -gt $((n0 + 1048576)) ]; do
		within "$t" 90 || { grep -i "sctp\|roam\|restart\|resum" "$log" | tail -30; grep -i "sctp\|resum" "$W/sshd.log" | tail; fatal "$name: no MB moved within 90 s of the first address's return"; }
		sleep 0.1
	done
	note "$name: a MB moved $(since "$t") s after the first address came back"
	grep -q "SCTP restart: associated again" "$log" ||
	    { grep -i "sctp\|roam" "$log" | tail -20; fatal "$name: no restart logged by ssh"; }
}

# finish NAME PID LOG: ssh exits 0 within 300 s.
finish() {
	local t rc
	t=$(uptime_s)
	while kill -0 "$2" 2>/dev/null; do
		within "$t" 300 || { grep -i "sctp\|roam" "$3" | tail -20; fatal "$1: ssh still running 300 s after the moves"; }
		sleep 0.5
	done
	rc=0
	wait "$2" || rc=$?
	[ "$rc" = 0 ] || { grep -i "sctp\|roam\|error\|fatal" "$3" | tail -20; grep -i "error\|fatal\|sctp" "$W/sshd.log" | tail; fatal "$1: ssh exited with status $rc"; }
}

# --- up: ssh uploads; sshd's side checks the sum.
roam_home
s0=$(wc -l <"$W/sshd.log")
t0=$(uptime_s)
on_a "$SSH" -F "$CFG" -v -z "$B1" "cat >$W/up; sha256sum <$W/up" <"$W/data" \
    >"$W/up.out" 2>"$W/up.log" &
pid=$!
moves up "$W/up.log" "$W/up"
finish up "$pid" "$W/up.log"
grep -q "^$sum " "$W/up.out" || { cat "$W/up.out"; fatal "up: the data arrived changed ($(bytes "$W/up") bytes)"; }
note "up: all $mb MB arrived whole, $(since "$t0") s after ssh started"
note "up: ssh: $(grep -o "SCTP association restarted: the connection resumes.*" "$W/up.log" | tail -1)"
note "up: sshd: $(tail -n +"$((s0 + 1))" "$W/sshd.log" | grep -o "SCTP association restarted: the connection resumes.*" | tail -1)"
! tail -n +"$((s0 + 1))" "$W/sshd.log" | grep -E "error:|fatal:|refused|cannot resume" ||
    fatal "up: sshd logged an error"

# --- down: ssh downloads.
roam_home
s0=$(wc -l <"$W/sshd.log")
t0=$(uptime_s)
on_a "$SSH" -F "$CFG" -v -z "$B1" "cat $W/data" </dev/null \
    >"$W/down" 2>"$W/down.log" &
pid=$!
moves down "$W/down.log" "$W/down"
finish down "$pid" "$W/down.log"
[ "$(sha256sum <"$W/down" | cut -d' ' -f1)" = "$sum" ] ||
    fatal "down: the data arrived changed ($(bytes "$W/down") bytes)"
note "down: all $mb MB arrived whole, $(since "$t0") s after ssh started"
note "down: ssh: $(grep -o "SCTP association restarted: the connection resumes.*" "$W/down.log" | tail -1)"
note "down: sshd: $(tail -n +"$((s0 + 1))" "$W/sshd.log" | grep -o "SCTP association restarted: the connection resumes.*" | tail -1)"
! tail -n +"$((s0 + 1))" "$W/sshd.log" | grep -E "error:|fatal:|refused|cannot resume" ||
    fatal "down: sshd logged an error"
