# standby: the backup path keeps its window, and is still watched.
# Linux lowers a path's cwnd and ssthresh to 4 MTU at each expiry of its
# heartbeat timer, so a path that took over after a failure opened its
# window by one packet a round trip.  ssh and sshd keep the backup
# paths' timers long and ask for their heartbeats themselves, which
# lower nothing (sctp/sctp-paths.c).  A session on two paths echoes a
# line every 0.3 s for 10 s; the kernel's trace (sctp:sctp_probe_path,
# at each SACK) shows the backup path of each end's association: in the
# last 5 s its ssthresh must be above 4 MTU (the kernel's first
# heartbeat lowers it within about 2.5 s of the association).  Then the
# backup path is cut: the heartbeats ssh and sshd ask for must find it
# failed, and after its restore, back, each within 60 s (the kernel's
# own timer on it is 100 s).  Limits only catch a hang.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
"$TOPO" set 1 delay 10
"$TOPO" set 2 delay 10
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2) A2=$("$TOPO" addr a 2)
start_sshd "Transport sctp" "ListenMultipleAddresses $B1,$B2;2222"
trap 'stop_sshd' EXIT
T=/sys/kernel/tracing
mountpoint -q $T || mount -t tracefs nodev $T || fatal "tracefs not available"
echo 4000 >$T/buffer_size_kb
: >$T/trace
echo 1 >$T/events/sctp/sctp_probe_path/enable
echo_session s
for i in $(seq 33); do
	echo "line $i" >&4
	sleep 0.3
done
wait_for "$W/s.out" "got line 33" 60 || fatal "the session stopped echoing"
t1=$(uptime_s)
echo 0 >$T/events/sctp/sctp_probe_path/enable
grep "sctp_probe_path:" $T/trace |
    sed 's/^.* \([0-9.]*\): sctp_probe_path:/\1/' >"$W/trace"
# backup WHO PATTERN: the backup path's lines of the last 5 s (time,
# ssthresh, pathmtu), for the association whose peer address matches.
backup() {
	awk -v t1="$t1" -v pat="$2" '$1 >= t1 - 5 {
		ip = ""; ss = ""; mtu = ""
		for (i = 2; i <= NF; i++) {
			split($i, kv, "=")
			if (kv[1] == "ipaddr") ip = kv[2]
			if (kv[1] == "ssthresh") ss = kv[2]
			if (kv[1] == "pathmtu") mtu = kv[2]
		}
		if (ip ~ pat) print $1, ss, mtu
	}' "$W/trace"
}
for who in ssh sshd; do
	pat="^$B2:2222\$"
	[ $who = sshd ] && pat="^$A2:[0-9]+\$"
	backup $who "$pat" >"$W/$who.backup"
	n=$(wc -l <"$W/$who.backup")
	[ "$n" -gt 0 ] || { tail -20 "$W/trace"; fatal "$who: no trace of the backup path"; }
	low=$(awk '$2 <= 4 * $3' "$W/$who.backup" | wc -l)
	min=$(awk 'NR == 1 || $2 < m { m = $2 } END { print m }' "$W/$who.backup")
	[ "$low" = 0 ] ||
	    { head -5 "$W/$who.backup"; fatal "$who: the backup path's ssthresh fell to 4 MTU ($low of $n SACKs in the last 5 s)"; }
	note "$who: backup path's ssthresh at least $min in the last 5 s ($n SACKs)"
done
# The backup path fails, and comes back: found by the heartbeats the
# processes ask for.
"$TOPO" cut 2
t0=$(uptime_s)
echo "after cut" >&4
wait_for "$W/s.log" "SCTP path to $B2 failed (unreachable)" 60 ||
    { grep "SCTP" "$W/s.log" | tail; fatal "ssh did not find the backup path failed"; }
note "ssh: backup path failed $(awk -v a="$t0" -v b="$(uptime_s)" 'BEGIN { printf "%.1f", b - a }') s after the cut"
wait_for "$W/sshd.log" "SCTP path to $A2 failed (unreachable)" 60 ||
    { grep "SCTP" "$W/sshd.log" | tail; fatal "sshd did not find the backup path failed"; }
"$TOPO" restore 2
t0=$(uptime_s)
echo "after restore" >&4
wait_for "$W/s.log" "SCTP path to $B2 is available again" 60 ||
    { grep "SCTP" "$W/s.log" | tail; fatal "ssh did not find the backup path back"; }
note "ssh: backup path back $(awk -v a="$t0" -v b="$(uptime_s)" 'BEGIN { printf "%.1f", b - a }') s after the restore"
wait_for "$W/sshd.log" "SCTP path to $A2 is available again" 60 ||
    { grep "SCTP" "$W/sshd.log" | tail; fatal "sshd did not find the backup path back"; }
echo last >&4
wait_for "$W/s.out" "got last" 60 || fatal "the session stopped echoing"
end_session s
note "the session carried on"
