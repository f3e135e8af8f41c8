# streams: channels on SCTP streams (PROTOCOL.sctp section 2) between the
# two hosts: negotiation and ssh -v, several channels at once on their own
# streams through ControlMaster, rekeying every megabyte under that load
# (with SENDER_DRY drains), more channels than streams (9 at once and 40
# in turn on 2 channel streams), both directions byte-exact, the AEAD ciphers,
# and the fall-back to one stream when either side has the mode disabled
# or a cipher the mode cannot use is chosen.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
SSHD_LOGLEVEL=DEBUG3
. "$(dirname "$0")/sshlib.sh"
trap 'stop_sshd; [ -s "$W/sshd2.pid" ] && kill "$(cat "$W/sshd2.pid")"' EXIT
B1=$("$TOPO" addr b 1)
start_sshd "Transport sctp"
IN_USE="SCTP channels on streams in use: 10 streams out, 10 in (version 3)"

# Negotiated, and said so by ssh -v and sshd.
out=$(on_a "$SSH" -F "$CFG" -z -v "$B1" echo hello 2>"$W/v.log") ||
    { cat "$W/v.log"; fatal "ssh -z exec failed"; }
[ "$out" = hello ] || fatal "unexpected output '$out'"
grep -q "$IN_USE" "$W/v.log" || { cat "$W/v.log"; fatal "ssh -v does not say channels on streams are in use"; }
grep -q "$IN_USE \[preauth\]" "$W/sshd.log" || fatal "sshd does not log channels on streams"
grep -q "SCTP I-DATA not in use (both hosts need net.sctp.intl_enable = 1)" "$W/v.log" ||
    fatal "ssh -v does not say I-DATA is not in use (intl_enable 0)"
note "negotiated: $(grep -m1 'channels on streams in use' "$W/v.log" | sed 's/^debug1: //')"
# The session's messages travelled on a stream of their own.
grep -q "sctp_ms_flush: stream [1-9]: message" "$W/sshd.log" ||
    fatal "sshd sent nothing on a channel stream"
note "the session channel's messages went on a stream other than 0"

# Both directions, byte-exact.
head -c 3000000 /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -d' ' -f1)
out=$(on_a "$SSH" -F "$CFG" -z "$B1" sha256sum <"$W/data" | cut -d' ' -f1) || fatal "upload failed"
[ "$out" = "$sum" ] || fatal "upload checksum mismatch"
out=$(on_a "$SSH" -F "$CFG" -z "$B1" cat "$W/data" | sha256sum | cut -d' ' -f1) || fatal "download failed"
[ "$out" = "$sum" ] || fatal "download checksum mismatch"
note "3 MB each way, checksums match"

# parallel MUX N WHAT: N uploads and a download of $W/data at once through
# the control socket MUX, each byte-exact (WHAT names them in errors).
parallel() {
	local mux=$1 n=$2 what=$3 i p pids=()
	for i in $(seq "$n"); do
		on_a "$SSH" -F "$CFG" -o "ControlPath=$mux" -o ControlMaster=no "$B1" sha256sum \
		    <"$W/data" >"$W/up.$i" 2>"$W/up.$i.err" &
		pids+=($!)
	done
	on_a "$SSH" -F "$CFG" -o "ControlPath=$mux" -o ControlMaster=no "$B1" cat "$W/data" \
	    2>"$W/down.err" | sha256sum >"$W/down" &
	pids+=($!)
	for p in "${pids[@]}"; do
		wait "$p" || fatal "$what: a transfer failed ($(cat "$W"/up.*.err "$W/down.err"))"
	done
	for i in $(seq "$n"); do
		[ "$(cut -d' ' -f1 "$W/up.$i")" = "$sum" ] || fatal "$what: upload $i checksum mismatch"
	done
	[ "$(cut -d' ' -f1 "$W/down")" = "$sum" ] || fatal "$what: download checksum mismatch"
}

# mux_exit MUX LOG: the master of MUX exits when asked (LOG: its -E log,
# shown when it does not).
mux_exit() {
	on_a "$SSH" -F "$CFG" -o "ControlPath=$1" -O exit "$B1" 2>"$W/exit.err" ||
	    { cat "$W/exit.err"; tail -n 30 "$2"; fatal "master $1 did not take -O exit"; }
}

# Several channels at once through one association (ControlMaster), with
# a rekey every megabyte: four uploads and a download in parallel.
: >"$W/sshd.log.mark"
lines0=$(wc -l <"$W/sshd.log")
on_a "$SSH" -F "$CFG" -z -o ControlMaster=yes -o "ControlPath=$W/mux" -o ControlPersist=120 \
    -o RekeyLimit=1M -f -N -E "$W/mux-master.log" "$B1" || fatal "mux master failed"
parallel "$W/mux" 4 "parallel channels"
mux_exit "$W/mux" "$W/mux-master.log"
sleep 1
tail -n +"$((lines0 + 1))" "$W/sshd.log" >"$W/mux.log"
streams=$(grep -o "sctp_ms_flush: stream [0-9]*" "$W/mux.log" | sort -u | grep -vc "stream 0$" || true)
rekeys=$(grep -c "SSH2_MSG_KEXINIT received" "$W/mux.log" || true)
drains=$(grep -c "SCTP drain waits for SENDER_DRY" "$W/mux.log" || true)
note "5 parallel channels byte-exact: sshd used $streams channel streams, $rekeys rekeys, $drains drains"
[ "$streams" -ge 5 ] || fatal "only $streams channel streams used for 5 channels"
[ "$rekeys" -ge 5 ] || fatal "only $rekeys rekeys under load"
[ "$drains" -ge "$rekeys" ] || fatal "fewer drains ($drains) than rekeys ($rekeys)"
! grep -E "refused|out of order|truncation" "$W/mux.log" || fatal "sshd reported a refused packet"

# More channels than streams (the seeds' T16): an association of 3
# streams each way (2 for channels), 8 uploads and a download at once
# (sshd's MaxSessions is 10),
# then 40 channels one after another (channel numbers reused), all
# byte-exact, rekeying every megabyte; channels share the 2 streams.
lines0=$(wc -l <"$W/sshd.log")
on_a "$SSH" -F "$CFG" -z -v -o SCTPStreams=3 -o ControlMaster=yes -o "ControlPath=$W/mux3" \
    -o ControlPersist=300 -o RekeyLimit=1M -f -N -E "$W/mux3.log" "$B1" || fatal "3-stream master failed"
grep -q "channels on streams in use: 3 streams out, 3 in" "$W/mux3.log" ||
    { grep -i stream "$W/mux3.log"; fatal "3-stream master: mode not in use with 3 streams"; }
parallel "$W/mux3" 8 "9 channels on 2 streams"
for i in $(seq 40); do
	out=$(on_a "$SSH" -F "$CFG" -o "ControlPath=$W/mux3" -o ControlMaster=no "$B1" echo "c$i") ||
	    fatal "churn: channel $i failed"
	[ "$out" = "c$i" ] || fatal "churn: channel $i said '$out'"
done
mux_exit "$W/mux3" "$W/mux3.log"
sleep 1
tail -n +"$((lines0 + 1))" "$W/sshd.log" >"$W/mux3s.log"
used=$(grep -o "sctp_ms_flush: stream [0-9]*" "$W/mux3s.log" | sort -u | grep -v "stream 0$" | awk '{ print $3 }' | tr '\n' ' ')
note "9 channels at once on 3 streams byte-exact, then 40 one after another: sshd sent channel data on streams ${used:-none}"
[ -n "$used" ] || fatal "more channels than streams: no channel stream used"
for s in $used; do
	[ "$s" -le 2 ] || fatal "more channels than streams: stream $s used of 3"
done
! grep -E "refused|out of order|truncation" "$W/mux3s.log" || fatal "sshd reported a refused packet with 3 streams"

# Immediate SACKs (2.7): DATA chunks with the I bit (RFC 7053), counted at
# B's path 1 ingress (first chunk of an SCTP packet: type 0, flag 0x08;
# or, with SCTP-AUTH (SCTPAuthKey, 1.4), the chunk after an AUTH chunk of
# 40 bytes, HMAC-SHA-256), beside all SCTP packets; an upload with a
# rekey every 500 KB.  None with one stream.
"$TOPO" exec b tc qdisc add dev path1 clsact
"$TOPO" exec b tc filter add dev path1 ingress prio 1 protocol ip u32 \
    match ip protocol 132 0xff match u8 0x00 0xff at 32 match u8 0x08 0x08 at 33 action pass
"$TOPO" exec b tc filter add dev path1 ingress prio 2 protocol ip u32 \
    match ip protocol 132 0xff match u8 0x0f 0xff at 32 match u16 0x0028 0xffff at 34 \
    match u8 0x00 0xff at 72 match u8 0x08 0x08 at 73 action pass
# The rest (a packet stops at the first filter that matches it).
"$TOPO" exec b tc filter add dev path1 ingress prio 3 protocol ip u32 \
    match ip protocol 132 0xff action pass
tc_pkts() {
	"$TOPO" exec b tc -s filter show dev path1 ingress prio "$1" |
	    awk '/Sent [0-9]+ bytes [0-9]+ pkt/ { for (i = 1; i <= NF; i++) if ($i == "pkt") n = $(i - 1) } END { print n + 0 }'
}
for mode in no yes; do
	i0=$(($(tc_pkts 1) + $(tc_pkts 2))) a0=$(tc_pkts 3)
	out=$(on_a "$SSH" -F "$CFG" -z -o SCTPChannelStreams=$mode -o RekeyLimit=500K "$B1" sha256sum <"$W/data" | cut -d' ' -f1) ||
	    fatal "upload with SCTPChannelStreams $mode failed"
	[ "$out" = "$sum" ] || fatal "upload with SCTPChannelStreams $mode: checksum mismatch"
	eval "ibit_$mode=\$((\$(tc_pkts 1) + \$(tc_pkts 2) - i0)) all_$mode=\$((\$(tc_pkts 3) - a0 + ibit_$mode))"
done
"$TOPO" exec b tc qdisc del dev path1 clsact
[ "$ibit_no" = 0 ] || fatal "one stream: $ibit_no DATA chunks asked for an immediate SACK"
[ "$ibit_yes" -gt 0 ] || fatal "channels on streams: no DATA chunk asked for an immediate SACK"
note "immediate SACK asked for on $ibit_yes of $all_yes SCTP packets of an upload with 6 rekeys (one stream: $ibit_no of $all_no)"

# Each AEAD cipher; a cipher the mode cannot use falls back to one stream.
for c in aes128-gcm@openssh.com aes256-gcm@openssh.com chacha20-poly1305@openssh.com; do
	out=$(on_a "$SSH" -F "$CFG" -z -v -o "Ciphers=$c" "$B1" 'head -c 200000 /dev/zero | sha256sum' 2>"$W/c.log") ||
	    { cat "$W/c.log"; fatal "cipher $c failed"; }
	grep -q "$IN_USE" "$W/c.log" || fatal "cipher $c: mode not in use"
	[ "${out%% *}" = "$(head -c 200000 /dev/zero | sha256sum | cut -d' ' -f1)" ] || fatal "cipher $c: bad output"
done
note "aes128-gcm, aes256-gcm, chacha20-poly1305: in use, output right"
out=$(on_a "$SSH" -F "$CFG" -z -v -o Ciphers=aes128-ctr "$B1" echo ctr 2>"$W/c.log") || fatal "aes128-ctr session failed"
[ "$out" = ctr ] || fatal "aes128-ctr output '$out'"
grep -q "not used with cipher aes128-ctr" "$W/c.log" || fatal "aes128-ctr: no fall-back message"
! grep -q "$IN_USE" "$W/c.log" || fatal "aes128-ctr: mode in use"
note "aes128-ctr: one stream, as section 2.1 says"

# Packet size (2.10): with a terminal open, sshd cuts channel data to one
# DATA chunk of the smallest path MTU, and follows the MTU when it drops
# mid-session (the routes of both hosts' paths to 1280).  The terminal
# prints 10 kB a second, within its budget (2.11): it stays interactive.
lines0=$(wc -l <"$W/sshd.log")
on_a "$SSH" -F "$CFG" -z -tt "$B1" \
    'stty raw -echo; for i in $(seq 60); do head -c 2000 /dev/zero | tr "\0" x; sleep 0.2; done' \
    </dev/null >"$W/mtu.out" 2>"$W/mtu.err" &
mpid=$!
# Wait for the first size (generously: a loaded host), then cut the MTU.
seen=0
for _ in $(seq 600); do
	tail -n +"$((lines0 + 1))" "$W/sshd.log" | grep -q "one DATA chunk holds" &&
	    { seen=1; break; }
	kill -0 "$mpid" 2>/dev/null || break
	sleep 0.2
done
[ "$seen" = 1 ] || { cat "$W/mtu.err"; fatal "terminal session: sshd never said what one DATA chunk holds"; }
# The routes' MTU, not the links': a link's change also makes the kernel
# report a path event, a route's does not, so only the sender's own
# look at the MTU (at least once a second) can see it.
route_mtu() {
	local h p n
	for h in a b; do
		[ $h = a ] && n=1 || n=2
		for p in 1 2; do
			"$TOPO" exec "$h" ip route change "198.18.$p.0/24" dev "path$p" \
			    proto kernel scope link src "198.18.$p.$n" "$@"
		done
	done
}
route_mtu mtu lock 1280
wait "$mpid" || { cat "$W/mtu.err"; fatal "session across the MTU change failed"; }
route_mtu
n=$(tr -cd x <"$W/mtu.out" | wc -c)
[ "$n" -eq 120000 ] || fatal "session across the MTU change: $n bytes of 120000"
sizes=$(tail -n +"$((lines0 + 1))" "$W/sshd.log" | sed -n 's/.*one DATA chunk holds \([0-9]*\) bytes of channel data.*/\1/p' | tr '\n' ' ')
set -- $sizes
[ $# -ge 2 ] || fatal "sshd did not follow the MTU change (sizes: $sizes)"
[ "$1" -ge 1300 ] && [ "$1" -le 1387 ] || fatal "first packet size $1 is not that of a 1500-byte MTU"
eval "last=\${$#}"
[ "$last" -le 1167 ] && [ "$last" -ge 1100 ] || fatal "packet size $last after the MTU fell to 1280"
note "terminal session: channel data cut to $1 bytes, then $last after the MTU fell to 1280; 120 kB intact"

# 2.10: a terminal that has gone quiet does not cut the transfer beside
# it: one connection (ControlMaster) with a session on a terminal that
# prints a line and then nothing, and, 7 s later (past the 5 s of 2.10),
# a 2 MB download; sshd computes no cut after the line.  (With the
# terminal busy, the test above saw the cut.)
on_a "$SSH" -F "$CFG" -z -tt -o ControlMaster=yes -o "ControlPath=$W/mux2" \
    "$B1" 'echo ready; sleep 30' </dev/null >"$W/tty.out" 2>"$W/tty.err" &
tpid=$!
for _ in $(seq 150); do grep -q ready "$W/tty.out" && [ -S "$W/mux2" ] && break; sleep 0.2; done
grep -q ready "$W/tty.out" || fatal "terminal session: no output"
sleep 7
lines0=$(wc -l <"$W/sshd.log")
n=$(on_a "$SSH" -F "$CFG" -o "ControlPath=$W/mux2" -o ControlMaster=no "$B1" \
    'head -c 2000000 /dev/zero' | wc -c) || fatal "download beside a quiet terminal failed"
[ "$n" -eq 2000000 ] || fatal "download beside a quiet terminal: $n bytes"
tail -n +"$((lines0 + 1))" "$W/sshd.log" >"$W/quiet.log"
grep -q "interactive channel busy: channel data cut" "$W/quiet.log" &&
    fatal "channel data cut beside a terminal quiet for 7 s"
grep -q "interactive channels quiet: channel data not cut" "$W/quiet.log" ||
    fatal "sshd did not stop cutting once the terminal was quiet"
kill "$tpid" 2>/dev/null; wait "$tpid" 2>/dev/null || true
note "a terminal quiet for 7 s beside a 2 MB download: no cut"

# 2.10: I-DATA (RFC 8260) where both hosts allow it: ssh and sshd (a new
# one: the listening socket asks when it is made) use it, I-DATA chunks
# (type 64) cross the path, and nothing is cut although a terminal is
# busy beside four parallel transfers, all byte-exact.
for h in a b; do "$TOPO" exec "$h" sysctl -qw net.sctp.intl_enable=1; done
sed -e 's/^Port 2222/Port 2224/' -e "s|^PidFile .*|PidFile $W/sshd3.pid|" "$W/sshd_config" >"$W/sshd3_config"
"$TOPO" exec b "$SSHD" -f "$W/sshd3_config" -E "$W/sshd3.log"
trap 'stop_sshd; for f in sshd2 sshd3; do [ -s "$W/$f.pid" ] && kill "$(cat "$W/$f.pid")"; done' EXIT
for _ in $(seq 50); do [ -s "$W/sshd3.pid" ] && break; sleep 0.2; done
"$TOPO" exec b tc qdisc add dev path1 clsact
# I-DATA first in a packet, or after an AUTH chunk of 40 bytes (1.4).
"$TOPO" exec b tc filter add dev path1 ingress prio 1 protocol ip u32 \
    match ip protocol 132 0xff match u8 0x40 0xff at 32 action pass
"$TOPO" exec b tc filter add dev path1 ingress prio 2 protocol ip u32 \
    match ip protocol 132 0xff match u8 0x0f 0xff at 32 match u16 0x0028 0xffff at 34 \
    match u8 0x40 0xff at 72 action pass
out=$(on_a "$SSH" -F "$CFG" -z -v -p 2224 "$B1" echo idata 2>"$W/idata.log") ||
    { cat "$W/idata.log" "$W/sshd3.log"; fatal "session with I-DATA failed"; }
[ "$out" = idata ] || fatal "I-DATA session output '$out'"
grep -q "SCTP I-DATA (RFC 8260) in use" "$W/idata.log" || fatal "ssh -v: I-DATA not in use"
grep -q "SCTP I-DATA (RFC 8260) in use" "$W/sshd3.log" || fatal "sshd: I-DATA not in use"
on_a "$SSH" -F "$CFG" -z -p 2224 -o ControlMaster=yes -o "ControlPath=$W/mux3" -o ControlPersist=120 \
    -f -N -E "$W/mux-idata.log" "$B1" || fatal "I-DATA mux master failed"
on_a "$SSH" -F "$CFG" -tt -o "ControlPath=$W/mux3" -o ControlMaster=no "$B1" \
    'stty raw -echo; for i in $(seq 50); do echo tick; sleep 0.2; done' </dev/null >"$W/ticks" 2>&1 &
tpid=$!
parallel "$W/mux3" 3 "I-DATA"
wait "$tpid" || fatal "terminal session beside the I-DATA transfers failed"
ticks=$(grep -c tick "$W/ticks" || true)
[ "$ticks" -eq 50 ] || fatal "terminal beside the I-DATA transfers: $ticks of 50 lines"
# 2.11: three downloads keep sshd's queue full (their windows hold more
# than its socket; path 1 at 2 Mbit/s, well below what even a loaded VM
# encrypts: at 16 Mbit/s a run beside other VMs never filled the queue,
# and at 4 one of two runs beside three other VMs and a busy loop did
# not), and a terminal's output is still made into messages past that
# queue.
"$TOPO" set 1 rate 2mbit
on_a "$SSH" -F "$CFG" -tt -o "ControlPath=$W/mux3" -o ControlMaster=no "$B1" \
    'stty raw -echo; while :; do echo tick; sleep 0.2; done' </dev/null >"$W/ticks2" 2>&1 &
tpid=$!
pids=()
for i in 1 2 3; do
	on_a "$SSH" -F "$CFG" -o "ControlPath=$W/mux3" -o ControlMaster=no "$B1" \
	    'head -c 1500000 /dev/zero' 2>"$W/dl.$i.err" | wc -c >"$W/dl.$i" &
	pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
kill "$tpid" 2>/dev/null; wait "$tpid" 2>/dev/null || true
"$TOPO" set 1 rate 10gbit
for i in 1 2 3; do
	[ "$(cat "$W/dl.$i")" -eq 1500000 ] || fatal "download $i beside the terminal: $(cat "$W/dl.$i") bytes ($(cat "$W/dl.$i.err"))"
done
grep -q tick "$W/ticks2" || fatal "terminal beside the downloads printed nothing"
mux_exit "$W/mux3" "$W/mux-idata.log"
idata=$(($(tc_pkts 1) + $(tc_pkts 2)))
"$TOPO" exec b tc qdisc del dev path1 clsact
[ "$idata" -gt 0 ] || fatal "no SCTP packet starting with an I-DATA chunk reached sshd's host"
grep -q "channel data cut" "$W/sshd3.log" && fatal "channel data cut although I-DATA is in use"
! grep -E "refused|out of order|truncation|longer than" "$W/sshd3.log" || fatal "sshd with I-DATA reported a refused packet"
kill "$(cat "$W/sshd3.pid")"
for h in a b; do "$TOPO" exec "$h" sysctl -qw net.sctp.intl_enable=0; done
express=$(grep -c "interactive message past a full queue" "$W/sshd3.log" || true)
[ "$express" -gt 0 ] || fatal "sshd made no terminal output past its full queue (2.11)"
note "I-DATA: in use on both sides, $idata packets led by I-DATA at sshd's host, no cut beside a busy terminal, 3 uploads and a download of 3 MB byte-exact"
note "2.11: beside 3 downloads of 1.5 MB, sshd made $express messages of the terminal past its full queue"

# Disabled on the client: one stream, and both sides say so.
lines0=$(wc -l <"$W/sshd.log")
out=$(on_a "$SSH" -F "$CFG" -z -v -o SCTPChannelStreams=no "$B1" echo off 2>"$W/off.log") || fatal "client with the mode off failed"
[ "$out" = off ] || fatal "mode-off output '$out'"
! grep -q "sctp-streams-c-v0" "$W/off.log" || fatal "client offered the mode although disabled"
! grep -q "$IN_USE" "$W/off.log" || fatal "client with the mode off uses it"
sleep 0.5
tail -n +"$((lines0 + 1))" "$W/sshd.log" | grep -q "not offered by the peer, one stream" ||
    fatal "sshd does not log the fall-back"
note "client SCTPChannelStreams no: one stream, sshd logs the fall-back"

# Disabled on the server (a second sshd): the client falls back.
sed -e 's/^Port 2222/Port 2223/' -e "s|^PidFile .*|PidFile $W/sshd2.pid|" "$W/sshd_config" >"$W/sshd2_config"
echo "SCTPChannelStreams no" >>"$W/sshd2_config"
"$TOPO" exec b "$SSHD" -f "$W/sshd2_config" -E "$W/sshd2.log"
for _ in $(seq 50); do [ -s "$W/sshd2.pid" ] && break; sleep 0.2; done
out=$(on_a "$SSH" -F "$CFG" -z -v -p 2223 "$B1" echo srv-off 2>"$W/off2.log") || { cat "$W/sshd2.log"; fatal "server with the mode off failed"; }
[ "$out" = srv-off ] || fatal "server-off output '$out'"
grep -q "not offered by the peer, one stream" "$W/off2.log" || fatal "ssh -v does not report the fall-back"
! grep -q "$IN_USE" "$W/off2.log" || fatal "mode in use with a server that has it off"
"$TOPO" exec b "$SSHD" -T -f "$W/sshd2_config" | grep -qx "sctpchannelstreams no" || fatal "sshd -T: sctpchannelstreams"
note "sshd SCTPChannelStreams no: one stream, ssh -v says why"

