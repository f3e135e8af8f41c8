# ssh: SSH over a multi-homed SCTP association between the two hosts:
# connect, exec, scp and sftp round trips with checksums, -L and -R
# forwarding, a pty session, rekeying, ControlMaster multiplexing, agent
# forwarding, ssh -v and sshd reporting the association, sshd Transport all
# serving TCP and SCTP clients at once.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
. "$(dirname "$0")/sshlib.sh"
trap 'stop_sshd' EXIT
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2) A1=$("$TOPO" addr a 1) A2=$("$TOPO" addr a 2)
start_sshd "Transport sctp" "ListenMultipleAddresses $B1,$B2"
grep -q "Server listening on $B1, $B2 port 2222 (SCTP)" "$W/sshd.log" || { cat "$W/sshd.log"; fatal "sshd not listening on SCTP"; }
note "sshd: $(grep 'Server listening' "$W/sshd.log" | sed 's/.*: //')"

# Connect and exec; -v reports both ends' addresses.
out=$(on_a "$SSH" -F "$CFG" -z -v -o "BindAddress=$A1,$A2" -o "SCTPPeerAddresses=$B2" "$B1" echo hello 2>"$W/v.log") ||
    { cat "$W/v.log"; fatal "ssh -z exec failed"; }
[ "$out" = hello ] || fatal "unexpected output '$out'"
grep "SCTP association" "$W/v.log" | head -n 1
grep -q "SCTP association: local addresses $A1, $A2; peer addresses $B1, $B2" "$W/v.log" ||
    fatal "ssh -v does not report the association's addresses"
grep -q "Connection from .* port .* on .*" "$W/sshd.log" || fatal "sshd did not log the connection"
grep -q "SCTP association from [^ ]* port [0-9]*: local addresses $B1, $B2; peer addresses" "$W/sshd.log" ||
    fatal "sshd does not log the association's addresses"
note "exec over SCTP, both ends report two addresses each"

# The session's socket really is SCTP: sshd has no TCP socket at all.
! on_a "$SSH" -F "$CFG" "$B1" true 2>/dev/null || fatal "a TCP client got in to a Transport sctp server"
note "a TCP client is refused by Transport sctp"

# ServerAlive probes travel over the association like any SSH message.
out=$(on_a "$SSH" -F "$CFG" -z -o ServerAliveInterval=1 -o ServerAliveCountMax=2 "$B1" 'sleep 4; echo alive') ||
    fatal "session with ServerAliveInterval 1 failed"
[ "$out" = alive ] || fatal "ServerAlive session output '$out'"
note "ServerAliveInterval over SCTP"

# Exit status and stdin/stdout of exec.
rc=0; on_a "$SSH" -F "$CFG" -z "$B1" 'exit 7' || rc=$?
[ "$rc" = 7 ] || fatal "exit status $rc, not 7"
head -c 3000000 /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -c1-64)
got=$(on_a "$SSH" -F "$CFG" -z "$B1" "cat" <"$W/data" | sha256sum | cut -c1-64)
[ "$got" = "$sum" ] || fatal "3 MB through cat: checksum differs"
note "exit status and a 3 MB round trip through cat"

# PROTOCOL.sctp 2.12: the copies kept for a resume go once the peer's
# kernel has acknowledged everything (ssh -vv logs each time).
got=$(on_a "$SSH" -F "$CFG" -z -vv "$B1" "sha256sum; sleep 5" <"$W/data" 2>"$W/keep.log" | cut -c1-64)
[ "$got" = "$sum" ] || fatal "3 MB upload: checksum differs"
freed=$(sed -n 's/.*the peer acknowledged all: \([0-9]*\) bytes of copies freed.*/\1/p' "$W/keep.log" | awk '{ s += $1 } END { print s + 0 }')
[ "$freed" -ge 1000000 ] ||
    { grep -i "copies\|resume" "$W/keep.log" | tail -20; fatal "ssh kept its copies of a 3 MB upload through 5 s idle (freed $freed bytes)"; }
note "copies for a resume: ssh freed $freed bytes in $(grep -c 'bytes of copies freed' "$W/keep.log") steps once the peer acknowledged a 3 MB upload"
# And sshd, a download (it logs at DEBUG1 each MB freed in all).
n0=$(wc -l <"$W/sshd.log")
got=$(on_a "$SSH" -F "$CFG" -z "$B1" "cat $W/data; sleep 5" | sha256sum | cut -c1-64)
[ "$got" = "$sum" ] || fatal "3 MB download: checksum differs"
freed=$(tail -n +"$((n0 + 1))" "$W/sshd.log" | sed -n 's/.*bytes of copies freed (\([0-9]*\) in all).*/\1/p' | tail -1)
[ -n "$freed" ] && [ "$freed" -ge 2000000 ] ||
    { tail -n +"$((n0 + 1))" "$W/sshd.log" | grep -i "copies\|resume" | tail; fatal "sshd kept its copies of a 3 MB download through 5 s idle (${freed:-nothing} freed)"; }
note "copies for a resume: sshd freed $freed bytes in all once ssh acknowledged a 3 MB download"

# scp and sftp, both ways, with checksums.
on_a "$SCP" -S "$SSH" -F "$CFG" -z -q "$W/data" "$B1:$W/scp.up" || fatal "scp upload failed"
on_a "$SCP" -S "$SSH" -F "$CFG" -z -q "$B1:$W/scp.up" "$W/scp.down" || fatal "scp download failed"
[ "$(sha256sum <"$W/scp.down" | cut -c1-64)" = "$sum" ] || fatal "scp round trip checksum differs"
printf 'put %s %s\nget %s %s\n' "$W/data" "$W/sftp.up" "$W/sftp.up" "$W/sftp.down" >"$W/batch"
on_a "$SFTP" -S "$SSH" -F "$CFG" -z -q -b "$W/batch" "$B1" >/dev/null || fatal "sftp failed"
[ "$(sha256sum <"$W/sftp.down" | cut -c1-64)" = "$sum" ] || fatal "sftp round trip checksum differs"
note "scp and sftp round trips over SCTP"

# TCP forwarding (-L) over the SCTP session (OpenSSH's regress netcat).
NC=$TREE/regress/netcat
"$TOPO" exec b "$NC" -N -l 127.0.0.1 8080 <"$W/data" &
srv=$!
sleep 1
on_a "$SSH" -F "$CFG" -z -f -N -o ExitOnForwardFailure=yes -L "127.0.0.1:9080:127.0.0.1:8080" "$B1" ||
    fatal "ssh -L failed"
got=$(on_a timeout 60 "$NC" -d 127.0.0.1 9080 | sha256sum | cut -c1-64)
wait $srv || true
[ "$got" = "$sum" ] || fatal "-L forwarding: checksum differs"
note "TCP forwarding (-L) over SCTP"
# Remote forwarding (-R) over the SCTP session.
"$TOPO" exec a "$NC" -N -l 127.0.0.1 8081 <"$W/data" &
srv=$!
sleep 1
on_a "$SSH" -F "$CFG" -z -f -N -o ExitOnForwardFailure=yes -R "127.0.0.1:9081:127.0.0.1:8081" "$B1" ||
    fatal "ssh -R failed"
sleep 1
got=$("$TOPO" exec b timeout 60 "$NC" -d 127.0.0.1 9081 | sha256sum | cut -c1-64)
wait $srv || true
[ "$got" = "$sum" ] || fatal "-R forwarding: checksum differs"
note "remote forwarding (-R) over SCTP"

# A session with a pty.
out=$(on_a "$SSH" -F "$CFG" -z -tt "$B1" 'tty' </dev/null | tr -d '\r')
case $out in /dev/pts/*) note "pty session: $out" ;; *) fatal "no pty: '$out'" ;; esac

# Rekeying: a small RekeyLimit makes several key exchanges in one transfer.
got=$(on_a "$SSH" -F "$CFG" -z -v -o RekeyLimit=256K "$B1" cat <"$W/data" 2>"$W/rekey.log" | sha256sum | cut -c1-64)
[ "$got" = "$sum" ] || fatal "rekeying transfer: checksum differs"
n=$(grep -c "SSH2_MSG_NEWKEYS received" "$W/rekey.log")
[ "$n" -ge 3 ] || fatal "only $n key exchanges with RekeyLimit 256K"
note "rekeying: $n key exchanges during a 3 MB transfer, data intact"

# ControlMaster multiplexing: a second session rides the first association.
on_a "$SSH" -F "$CFG" -z -o ControlMaster=yes -o "ControlPath=$W/mux" -o ControlPersist=60 -f -N "$B1" ||
    fatal "mux master failed"
on_a "$SSH" -F "$CFG" -o "ControlPath=$W/mux" -O check "$B1" 2>/dev/null || fatal "mux master not running"
out=$(on_a "$SSH" -F "$CFG" -o "ControlPath=$W/mux" -o ControlMaster=no "$B1" echo via-mux) || fatal "mux client failed"
[ "$out" = via-mux ] || fatal "mux client output '$out'"
on_a "$SSH" -F "$CFG" -o "ControlPath=$W/mux" -O exit "$B1" 2>/dev/null
note "ControlMaster multiplexing over SCTP"

# Socket buffers: the association asks for 2 MB each way, not the kernel's
# 208 KB default (half of it the receive window).  A client without
# CAP_NET_ADMIN gets twice net.core.rmem_max (wmem_max); sshd, privileged
# when it opens its listeners, gets twice the request.  Neither lowers a
# larger default.
skmem() { sed -n 's/.*skmem:(r[0-9]*,rb\([0-9]*\),t[0-9]*,tb\([0-9]*\),.*/\1 \2/p' | head -1; }
cap() { local m; m=$(sysctl -n "net.core.$1"); echo $(( 2 * (m < 2097152 ? m : 2097152) )); }
# client_buffers: "RECEIVE SEND" of an unprivileged client's association.
client_buffers() {
	local pid
	on_a setpriv --bounding-set -net_admin "$SSH" -F "$CFG" -z \
	    -o ControlMaster=yes -o "ControlPath=$W/buf" -f -N "$B1" ||
	    fatal "unprivileged ssh -f -N failed"
	pid=$(on_a "$SSH" -F "$CFG" -o "ControlPath=$W/buf" -O check "$B1" 2>&1 |
	    sed -n 's/.*pid=\([0-9]*\).*/\1/p')
	echo $(on_a ss -Snmp | grep -A1 "pid=$pid," | skmem) 0 0
	on_a "$SSH" -F "$CFG" -o "ControlPath=$W/buf" -O exit "$B1" 2>/dev/null
}
set -- $(client_buffers)
[ "$1" -ge "$(cap rmem_max)" ] && [ "$2" -ge "$(cap wmem_max)" ] && [ "$1" -gt 212992 ] ||
    fatal "client association buffers: receive $1, send $2"
cb="$1/$2"
set -- $("$TOPO" exec b ss -Snm | grep -v LISTEN | skmem) 0 0
[ "$1" -ge 4194304 ] && [ "$2" -ge 4194304 ] || fatal "sshd association buffers: receive $1, send $2"
sb="$1/$2"
wd=$(sysctl -n net.core.wmem_default) rd=$(sysctl -n net.core.rmem_default)
sysctl -q -w net.core.wmem_default=1048576 net.core.rmem_default=1048576
set -- $(client_buffers)
sysctl -q -w net.core.wmem_default="$wd" net.core.rmem_default="$rd"
[ "$1" -ge 1048576 ] && [ "$2" -ge 1048576 ] ||
    fatal "a 1 MB default was lowered: receive $1, send $2"
note "association buffers: unprivileged client $cb (with 1 MB defaults $1/$2), sshd $sb (receive/send)"

# Heartbeats: the path that carries the data keeps its window through a
# pause.  Linux halves an idle path's window, and sets its slow-start
# threshold to it, at each heartbeat interval without traffic
# (doc/design.md); the primary path's timer is 100 s, so after 5 s idle the
# next transfer starts with the threshold the association began with.  The
# kernel's tracepoint sctp_probe_path reports both at each SACK; "(*)"
# marks the primary path.
T=/sys/kernel/tracing
mountpoint -q $T || mount -t tracefs nodev $T || fatal "tracefs not available"
# A retransmission timeout (a loaded machine's stall, not the pause) also
# cuts the threshold to 4 MTU: then the case runs again, three times at
# most; each run says what the kernels counted.
t3() {
	"$TOPO" exec "$1" awk '$1 == "SctpT3RtxExpireds" { print $2 }' /proc/net/sctp/snmp
}
for attempt in 1 2 3; do
	t3a=$(t3 a) t3b=$(t3 b)
	on_a "$SSH" -F "$CFG" -z -o "BindAddress=$A1,$A2" -o "SCTPPeerAddresses=$B2" \
	    -o ControlMaster=yes -o "ControlPath=$W/hb" -f -N -vv "$B1" 2>"$W/hb.log" ||
	    fatal "ssh -f -N for the heartbeat test failed"
	grep -q "path $B1: heartbeat timer 100000 ms" "$W/hb.log" ||
	    { grep "heartbeat" "$W/hb.log"; fatal "primary path's heartbeat timer not set"; }
	sleep 5
	echo 1 >$T/events/sctp/sctp_probe_path/enable
	: >$T/trace
	n1=$(on_a "$SSH" -F "$CFG" -o "ControlPath=$W/hb" "$B1" 'head -c 1000000 /dev/zero' | wc -c)
	n2=$(head -c 1000000 /dev/zero | on_a "$SSH" -F "$CFG" -o "ControlPath=$W/hb" "$B1" 'wc -c')
	echo 0 >$T/events/sctp/sctp_probe_path/enable
	[ "$n1" = 1000000 ] && [ "$n2" = 1000000 ] || fatal "heartbeat test transfers: $n1, $n2 bytes"
	# The first report of each association's primary path: ASOC SSTHRESH MTU.
	first=$(grep -o 'asoc=[0-9a-fx]*(\*) .*' $T/trace | awk '!seen[$1]++ {
		s = $0; sub(/.* ssthresh=/, "", s); sub(/ .*/, "", s)
		m = $0; sub(/.* pathmtu=/, "", m); sub(/ .*/, "", m)
		print $1, s, m }')
	on_a "$SSH" -F "$CFG" -o "ControlPath=$W/hb" -O exit "$B1" 2>/dev/null
	[ "$(echo "$first" | grep -c .)" = 2 ] ||
	    { head -20 $T/trace; fatal "heartbeat test: not both associations traced: $first"; }
	t3s="T3 timeouts at A ${t3a:-0}->$(t3 a), at B ${t3b:-0}->$(t3 b)"
	echo "$first" | awk '$2 <= 4 * $3 { bad = 1 } END { exit bad }' && break
	if [ "$(t3 a)" = "$t3a" ] && [ "$(t3 b)" = "$t3b" ]; then
		fatal "the primary path's window was cut while idle (asoc ssthresh mtu): $first; $t3s"
	fi
	note "attempt $attempt: threshold cut with a retransmission timeout ($t3s; a loaded machine): again"
	[ "$attempt" -lt 3 ] ||
	    fatal "the primary path's window was cut in three attempts, each with a retransmission timeout: $first; $t3s"
done
note "primary path after 5 s idle: slow-start threshold $(echo "$first" | awk '{ printf "%s%s", s, $2; s = " and " }') bytes (Linux's idle cut: 4 MTU)"

# Agent forwarding.
eval "$(on_a "$TREE/ssh-agent" -s)" >/dev/null
on_a env SSH_AUTH_SOCK="$SSH_AUTH_SOCK" "$TREE/ssh-add" -q "$W/id" || fatal "ssh-add failed"
out=$(on_a env SSH_AUTH_SOCK="$SSH_AUTH_SOCK" "$SSH" -F "$CFG" -z -A "$B1" "$TREE/ssh-add -l")
kill "$SSH_AGENT_PID" 2>/dev/null
echo "$out" | grep -q "ED25519" || fatal "forwarded agent not usable: '$out'"
note "agent forwarding over SCTP"
stop_sshd

# Transport all: TCP and SCTP clients at once.
start_sshd "Transport all" "ListenAddress $B1"
on_a "$SSH" -F "$CFG" -z "$B1" 'sleep 2; echo sctp' >"$W/o1" &
p1=$!
on_a "$SSH" -F "$CFG" "$B1" 'sleep 2; echo tcp' >"$W/o2" &
p2=$!
wait $p1 && wait $p2 || fatal "Transport all: a client failed"
[ "$(cat "$W/o1")$(cat "$W/o2")" = sctptcp ] || fatal "Transport all: wrong output"
note "Transport all serves an SCTP and a TCP client at once"

# A control master carries only sessions of the transport asked for
# (sctp/sctp-mux.c): with a TCP master on the ControlPath, "ssh -z"
# connects by itself over SCTP, -O forward with -z is refused, and a
# client without Transport takes the master.  %C tells them apart.
on_a "$SSH" -F "$CFG" -o ControlMaster=yes -o "ControlPath=$W/mt" -o ControlPersist=60 \
    -f -N "$B1" || fatal "TCP master did not start"
n0=$(grep -c "SCTP association from" "$W/sshd.log" || true)
out=$(on_a "$SSH" -F "$CFG" -z -v -o "ControlPath=$W/mt" -o ControlMaster=no "$B1" echo z 2>"$W/mt.log") ||
    { cat "$W/mt.log"; fatal "ssh -z beside a TCP master failed"; }
grep -q "Control master at $W/mt has a connection over tcp, not sctp: not used" "$W/mt.log" ||
    { cat "$W/mt.log"; fatal "ssh -z did not say why it left the TCP master alone"; }
n1=$(grep -c "SCTP association from" "$W/sshd.log" || true)
[ "$out" = z ] && [ "$n1" -gt "$n0" ] || fatal "ssh -z beside a TCP master: no SCTP association ($out)"
on_a "$SSH" -F "$CFG" -z -o "ControlPath=$W/mt" -O forward -L 5999:127.0.0.1:22 "$B1" 2>"$W/mtf.log" &&
    fatal "-O forward -z through a TCP master was accepted"
grep -q "has a connection over tcp, not sctp: a forward through it would not use sctp" "$W/mtf.log" ||
    { cat "$W/mtf.log"; fatal "-O forward -z through a TCP master: no reason given"; }
out=$(on_a "$SSH" -F "$CFG" -v -o "ControlPath=$W/mt" -o ControlMaster=no "$B1" echo m 2>"$W/mt2.log") ||
    { cat "$W/mt2.log"; fatal "a client without Transport failed beside the master"; }
grep -q "not used" "$W/mt2.log" && fatal "a client without Transport did not take the master"
n2=$(grep -c "SCTP association from" "$W/sshd.log" || true)
[ "$out" = m ] && [ "$n2" = "$n1" ] || fatal "a client without Transport: '$out', $n2 associations"
# Nothing listens for SCTP on a port: ssh says what to check.
on_a "$SSH" -F "$CFG" -z -p 2299 "$B1" true >"$W/refused.out" 2>&1 &&
    fatal "ssh -z to a port without a listener succeeded"
grep -q "ssh: the host refused the SCTP association: nothing listens for SCTP on that port" \
    "$W/refused.out" || { cat "$W/refused.out"; fatal "a refused SCTP connect gave no hint"; }
c_tcp=$(on_a "$SSH" -G -F "$CFG" -o "ControlPath=$W/%C" "$B1" | sed -n 's/^controlpath //p')
c_sctp=$(on_a "$SSH" -G -F "$CFG" -z -o "ControlPath=$W/%C" "$B1" | sed -n 's/^controlpath //p')
[ -n "$c_tcp" ] && [ "$c_tcp" != "$c_sctp" ] || fatal "%C the same for tcp and sctp ($c_tcp)"
on_a "$SSH" -F "$CFG" -o "ControlPath=$W/mt" -O exit "$B1" 2>/dev/null
note "a TCP control master: ssh -z connects by itself, -O forward -z is refused, a client without Transport takes it; %C differs by transport"
stop_sshd

# "ListenAddress a,b" (OpenSSH's own syntax): one multi-homed SCTP socket,
# and a TCP socket on each address, with Transport all.
start_sshd "Transport all" "ListenAddress $B1,$B2"
grep -q "Server listening on $B1, $B2 port 2222 (SCTP)" "$W/sshd.log" || { cat "$W/sshd.log"; fatal "no multi-homed SCTP socket for the ListenAddress list"; }
# (sshd's log lines end in CR LF.)
tr -d '\r' <"$W/sshd.log" | grep -x "Server listening on $B2 port 2222\." >/dev/null ||
    { cat "$W/sshd.log"; fatal "no TCP socket on $B2 for the ListenAddress list"; }
out=$(on_a "$SSH" -F "$CFG" -z -v "$B2" echo list 2>"$W/v.log") || { cat "$W/v.log"; fatal "SCTP client to the list failed"; }
[ "$out" = list ] || fatal "ListenAddress list: output '$out'"
grep -q "SCTP association: .*peer addresses $B2, $B1\|SCTP association: .*peer addresses $B1, $B2" "$W/v.log" ||
    { grep "SCTP association" "$W/v.log" || true; fatal "ListenAddress list: association not multi-homed"; }
out=$(on_a "$SSH" -F "$CFG" "$B2" echo tcp) || fatal "TCP client to a list address failed"
[ "$out" = tcp ] || fatal "ListenAddress list: TCP output '$out'"
note "ListenAddress $B1,$B2: one multi-homed SCTP socket and TCP on each"
stop_sshd

# IPQoS on SCTP: packets carry the DSCP asked for.  Count, at B's path 1
# ingress, SCTP packets with DSCP CS3 (TOS byte 0x60).
start_sshd "Transport sctp" "ListenAddress $B1"
"$TOPO" exec b tc qdisc add dev path1 clsact
"$TOPO" exec b tc filter add dev path1 ingress protocol ip u32 \
    match ip protocol 132 0xff match ip tos 0x60 0xfc action pass
cs3_pkts() {
	"$TOPO" exec b tc -s filter show dev path1 ingress |
	    awk '/Sent [0-9]+ bytes [0-9]+ pkt/ { for (i = 1; i <= NF; i++) if ($i == "pkt") n = $(i - 1) } END { print n + 0 }'
}
out=$(on_a "$SSH" -F "$CFG" -z -o IPQoS=none "$B1" echo plain) || fatal "IPQoS none session failed"
n0=$(cs3_pkts)
[ "$n0" = 0 ] || fatal "IPQoS none: $n0 SCTP packets marked CS3"
out=$(on_a "$SSH" -F "$CFG" -z -o IPQoS=cs3 "$B1" echo marked) || fatal "IPQoS cs3 session failed"
[ "$out" = marked ] || fatal "IPQoS cs3: output '$out'"
n1=$(cs3_pkts)
[ "$n1" -gt 0 ] || { "$TOPO" exec b tc -s filter show dev path1 ingress; fatal "IPQoS cs3: no SCTP packet marked CS3"; }
"$TOPO" exec b tc qdisc del dev path1 clsact
note "IPQoS: none marks nothing, cs3 marked $n1 SCTP packets CS3 on the wire"
