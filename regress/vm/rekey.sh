# rekey: key exchanges and session ends under stress (the seeds' T11),
# over channels on streams, on two paths with 10 ms each way, 1 ms of
# jitter (which reorders packets) and 1 % loss; both sides rekey every
# 512 KB (and ssh every 2 s in "window"):
#   parallel  three uploads and a download of 2 MB at once through one
#             connection: byte-exact, and key exchanges that both sides
#             began at once (each sent its KEXINIT before it received the
#             other's)
#   window    a 4 MB download whose reader stops for 6 s (the channel's
#             window is 2 MB, so it closes) while ssh rekeys; byte-exact
#   stopped   three downloads of 4 MB at once through one ssh, stopped
#             (SIGSTOP) for 8 s, on the paths without loss: its socket's
#             receive queue fills, and a key exchange of sshd's (a second
#             one, on port 2223, with RekeyLimit 1M), begun before or
#             during the stop, cannot end until ssh resumes; byte-exact
# Every transfer ends as soon as its data is written (the command exits),
# so its end follows a burst at once.  No side may report a MAC failure,
# a refused, replayed or out-of-order packet.  (A key exchange cannot be
# made to begin while the peer's receive window is 0: the sender then
# makes no packets, and the rekeying check runs as it makes one.)
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
"$TOPO" set 1 delay 10 jitter 1 loss 1
"$TOPO" set 2 delay 10 jitter 1 loss 1
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
start_sshd "Transport sctp" "RekeyLimit 512K"
trap 'stop_sshd; [ -s "$W/sshd2.pid" ] && kill "$(cat "$W/sshd2.pid")"' EXIT
BAD="message authentication code incorrect|Corrupted MAC|refused|out of order|truncat|replay|another epoch|Bad packet length"

head -c 2000000 /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -d' ' -f1)

# wait_closed N [LOG]: until sshd logged (in LOG, default its own) the
# end of N sessions (60 s at most).
wait_closed() {
	local end log=${2:-$W/sshd.log}
	end=$(awk -v t="$(uptime_s)" 'BEGIN { print t + 60 }')
	while [ "$(grep -c -E "Disconnected from user|Closing connection" "$log")" -lt "$1" ]; do
		awk -v t="$(uptime_s)" -v e="$end" 'BEGIN { exit !(t < e) }' ||
		    fatal "sshd did not end session $1 ($log)"
		sleep 0.2
	done
}

# kex_order LOG: one letter per key exchange after the first, S if this
# side sent its KEXINIT before it received the peer's, R if after.
kex_order() {
	awk '/SSH2_MSG_KEXINIT sent/ { if (!r) { n++; o = o (n > 1 ? "S" : "") } s++ }
	    /SSH2_MSG_KEXINIT received/ { if (!s) { n++; o = o (n > 1 ? "R" : "") } r++ }
	    { if (s && r) s = r = 0 }
	    END { print o }' "$1"
}

# --- parallel ---
t0=$(uptime_s)
lines0=$(wc -l <"$W/sshd.log")
on_a "$SSH" -F "$CFG" -z -v -o ControlMaster=yes -o "ControlPath=$W/mux" \
    -o ControlPersist=300 -o RekeyLimit=512K -E "$W/mux-ssh.log" -f -N "$B1" ||
    fatal "parallel: the master failed"
pids=()
for i in 1 2 3; do
	on_a "$SSH" -F "$CFG" -o "ControlPath=$W/mux" "$B1" sha256sum \
	    <"$W/data" >"$W/up.$i" 2>"$W/up.$i.err" &
	pids+=($!)
done
on_a "$SSH" -F "$CFG" -o "ControlPath=$W/mux" "$B1" cat "$W/data" \
    2>"$W/down.err" | sha256sum >"$W/down" &
pids+=($!)
for p in "${pids[@]}"; do
	wait "$p" || fatal "parallel: a transfer failed ($(cat "$W"/up.*.err "$W/down.err"))"
done
for i in 1 2 3; do
	[ "$(cut -d' ' -f1 "$W/up.$i")" = "$sum" ] || fatal "parallel: upload $i not byte-exact"
done
[ "$(cut -d' ' -f1 "$W/down")" = "$sum" ] || fatal "parallel: the download not byte-exact"
on_a "$SSH" -F "$CFG" -o "ControlPath=$W/mux" -O exit "$B1" 2>/dev/null
wait_closed 1
tail -n +"$((lines0 + 1))" "$W/sshd.log" >"$W/par-sshd.log"
cs=$(kex_order "$W/mux-ssh.log")
ss=$(kex_order "$W/par-sshd.log")
both=$(awk -v a="$cs" -v b="$ss" 'BEGIN { n = length(a) < length(b) ? length(a) : length(b)
    for (i = 1; i <= n; i++) if (substr(a, i, 1) == "S" && substr(b, i, 1) == "S") c++
    print c + 0 }')
[ "${#cs}" -ge 5 ] || fatal "parallel: only ${#cs} key exchanges after the first at ssh"
[ "$both" -ge 1 ] || fatal "parallel: no key exchange began at both sides at once (ssh $cs, sshd $ss)"
! grep -E "$BAD" "$W/mux-ssh.log" "$W/par-sshd.log" ||
    fatal "parallel: a side reported a bad packet"
note "parallel ($(awk -v a="$t0" -v b="$(uptime_s)" 'BEGIN { printf "%.1f", b - a }') s): 3 uploads and a download of 2 MB at once, byte-exact, through 1 % loss and jitter; ${#cs} key exchanges at ssh, ${#ss} at sshd, $both of them begun by both sides at once (S: this side's KEXINIT first; ssh $cs, sshd $ss)"

# --- window ---
head -c 4000000 /dev/urandom >"$W/big"
bsum=$(sha256sum <"$W/big" | cut -d' ' -f1)
lines0=$(wc -l <"$W/sshd.log")
t0=$(uptime_s)
set +e
on_a "$SSH" -F "$CFG" -z -v -o "RekeyLimit=512K 2" -E "$W/win-ssh.log" "$B1" cat "$W/big" |
    { sleep 6; sha256sum; } >"$W/win.sum"
st=("${PIPESTATUS[@]}")
set -e
[ "${st[0]}" = 0 ] && [ "${st[1]}" = 0 ] ||
    { tail "$W/win-ssh.log"; fatal "window: the download failed (ssh ${st[0]}, reader ${st[1]})"; }
[ "$(cut -d' ' -f1 "$W/win.sum")" = "$bsum" ] ||
    { tail "$W/win-ssh.log"; fatal "window: not byte-exact"; }
t1=$(uptime_s)
wait_closed 2
tail -n +"$((lines0 + 1))" "$W/sshd.log" >"$W/win-sshd.log"
k=$(grep -c "SSH2_MSG_KEXINIT sent" "$W/win-ssh.log" || true)
[ "$k" -ge 4 ] || fatal "window: ssh rekeyed only $((k - 1)) times"
! grep -E "$BAD" "$W/win-ssh.log" "$W/win-sshd.log" || fatal "window: a side reported a bad packet"
note "window: 4 MB down to a reader stopped for 6 s, byte-exact, $((k - 1)) key exchanges by ssh, in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s"

# --- stopped ---
"$TOPO" set 1 delay 10
"$TOPO" set 2 delay 10
sed -e 's/^Port 2222/Port 2223/' -e 's/^RekeyLimit .*/RekeyLimit 1M/' \
    -e "s|^PidFile .*|PidFile $W/sshd2.pid|" "$W/sshd_config" >"$W/sshd2_config"
"$TOPO" exec b "$SSHD" -f "$W/sshd2_config" -E "$W/sshd2.log"
for _ in $(seq 50); do [ -s "$W/sshd2.pid" ] && break; sleep 0.2; done
[ -s "$W/sshd2.pid" ] || { cat "$W/sshd2.log"; fatal "stopped: the second sshd did not start"; }
head -c 4000000 /dev/urandom >"$W/big"
bsum=$(sha256sum <"$W/big" | cut -d' ' -f1)
sincekex() { grep -c "$1" "$W/sshd2.log" || true; }
t0=$(uptime_s)
on_a "$SSH" -F "$CFG" -z -v -p 2223 -o RekeyLimit=1G -o ControlMaster=yes \
    -o "ControlPath=$W/rmux" -o ControlPersist=300 -E "$W/rwnd-ssh.log" -f -N "$B1" ||
    fatal "stopped: the master failed"
spid=$(pgrep -f -- "-E $W/rwnd-ssh.log" | head -n 1)
[ -n "$spid" ] || fatal "stopped: no ssh master process"
pids=()
for i in 1 2 3; do
	on_a "$SSH" -F "$CFG" -o "ControlPath=$W/rmux" "$B1" cat "$W/big" 2>/dev/null |
	    sha256sum >"$W/rwnd.$i" &
	pids+=($!)
done
for _ in $(seq 300); do [ "$(sincekex "Starting session: command")" -ge 3 ] && break; sleep 0.2; done
[ "$(sincekex "Starting session: command")" -ge 3 ] || fatal "stopped: the downloads did not start"
sleep 1
kpre=$(sincekex "SSH2_MSG_KEXINIT sent")
kill -STOP "$spid"
sleep 8
# What waits unread at ssh's socket (ss: the kernel's receive memory),
# and the key exchanges sshd began and ended.
rxq=$("$TOPO" exec a ss -nm --sctp | sed -n 's/.*skmem:(r\([0-9]*\),.*/\1/p' | sort -n | tail -1)
kstop=$(sincekex "SSH2_MSG_KEXINIT sent")
nstop=$(sincekex "SSH2_MSG_NEWKEYS received")
kill -CONT "$spid"
for p in "${pids[@]}"; do wait "$p" || fatal "stopped: a download failed"; done
for i in 1 2 3; do
	[ "$(cut -d' ' -f1 "$W/rwnd.$i")" = "$bsum" ] || fatal "stopped: download $i not byte-exact"
done
t1=$(uptime_s)
on_a "$SSH" -F "$CFG" -o "ControlPath=$W/rmux" -O exit "$B1" 2>/dev/null
wait_closed 1 "$W/sshd2.log"
cp "$W/sshd2.log" "$W/rwnd-sshd.log"

nend=$(grep -c "SSH2_MSG_NEWKEYS received" "$W/sshd2.log" || true)
[ "$kstop" -gt "$nstop" ] && [ "$nend" -ge "$kstop" ] ||
    fatal "stopped: no key exchange of sshd's waited across the stop, or one never ended (KEXINIT sent $kpre before, $kstop at its end; NEWKEYS received $nstop then, $nend in all)"
! grep -E "$BAD" "$W/rwnd-ssh.log" "$W/rwnd-sshd.log" || fatal "stopped: a side reported a bad packet"
note "stopped: three downloads of 4 MB at once through an ssh stopped for 8 s (meanwhile ${rxq} bytes unread at ssh, a key exchange of sshd's waiting, $((kstop - kpre)) begun during the stop), byte-exact, in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s"
