# follow: an answer takes the path its question came on (PROTOCOL.sctp
# 1.3).  An idle session over SCTP on two paths; path 1, both ends'
# primary, is cut.  A line typed then goes out on path 1, waits for ssh's
# retransmission timeout and reaches sshd on path 2.  sshd must send the
# answer on path 2 at once: host B counts no retransmission timeout
# (SctpT3RtxExpireds) for it, where sshd used to send it to the primary
# and wait for a timeout there too; its heartbeats to path 1 then mark
# the path failed (sshd logs it).  Then path 1 comes back: once both ends
# found it, a long line and its answer go on path 1.
# Repeated FOLLOW_ROUNDS (default 2) times with channels on streams, then
# once in single-stream mode (SCTPChannelStreams no), where the packet
# layer's reads and writes follow.  Then uploads with no cut
# must stay on path 1 (busy ends do not follow the retransmissions that
# Linux sends on path 2), and an attacker on the path replays a packet
# from the server's other address (below).  Answer times are printed,
# never asserted; the limits only catch a hang.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
"$TOPO" set 1 delay 10 rate 8mbit
"$TOPO" set 2 delay 20 rate 8mbit
. "$(dirname "$0")/sshlib.sh"
trap 'stop_sshd' EXIT
A1=$("$TOPO" addr a 1) A2=$("$TOPO" addr a 2)
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2)
SSHD_LOGLEVEL=DEBUG2 start_sshd "Transport sctp" \
    "ListenMultipleAddresses $B1,$B2;2222"
# snmp HOST NAME: a counter of /proc/net/sctp/snmp.
snmp() { "$TOPO" exec "$1" awk -v n="$2" '$1 == n { print $2 }' /proc/net/sctp/snmp; }
t3() { snmp "$1" SctpT3RtxExpireds; }
# rtx HOST: HOST's retransmissions (each of one or more DATA chunks),
# after timeouts or fast.
rtx() { echo $(($(snmp "$1" SctpT3Retransmits) + $(snmp "$1" SctpFastRetransmits))); }
# rx IFACE [HOST]: bytes HOST (default B) received on that interface.
rx() { "$TOPO" exec "${2:-b}" ip -s link show dev "$1" | awk '/RX:/ { getline; print $1; exit }'; }
# ask LINE: writes LINE to the session; prints the seconds to its answer.
ask() {
	local t0
	t0=$(uptime_s)
	echo "$1" >&4
	wait_for "$W/$S.out" "got $1\$" 120 ||
	    { tail -20 "$W/$S.log"; fatal "no answer to $1"; }
	since "$t0"
}
# Packets of more than 1000 bytes each host receives on each path: DATA
# of the long lines, where heartbeats (about 150 bytes a packet, some a
# second on each path) and SACKs are not; nft counters big1 and big2.
for h in a b; do
	"$TOPO" exec "$h" nft -f - <<-EON || fatal "nft: the counters on host $h"
	table inet follow {
		counter big1 { }
		counter big2 { }
		chain in {
			type filter hook input priority 0;
			iifname "path1" meta length > 1000 counter name "big1"
			iifname "path2" meta length > 1000 counter name "big2"
		}
	}
	EON
done
# big N [HOST]: packets counted so far by bigN on HOST (default B).
big() { "$TOPO" exec "${2:-b}" nft list counter inet follow "big$1" | awk '/packets/ { print $2; exit }'; }
# sshd's lines about paths, for a failure.
paths() { grep -i "sctp path\|sctp failover\|sctp primary\|peer's data\|sending to\|last address" "$W/sshd.log" | tail -"${1:-20}" || true; }
# count FILE PATTERN: lines of FILE that match.
count() { grep -c -- "$2" "$1" || true; }
# round R: path 1 cut, a line, sshd's answer on path 2; path 1 back, a
# long line on path 1 both ways.  In session $S; pf counts sshd's lines
# "potentially failed" for path 1 so far.
round() {
	local r=$1 el t0 a0 a1 a2 b0 b1 b2 bs bc i fol long db1 db2 da1 da2 ra rb
	sleep 2		# quiet: nothing of sshd's in flight
	# sshd's lines so far (a late one of the round before would pass
	# for this cut's)
	pf=$(count "$W/sshd.log" "SCTP path to $A1 potentially failed")
	nice -n -20 "$TOPO" cut 1
	sleep 1
	b0=$(t3 b) a0=$(t3 a)
	fol=$(count "$W/sshd.log" "peer's data from $A2: sending there")
	el=$(ask "cut$r")
	t0=$(uptime_s)
	b1=$(t3 b) a1=$(t3 a)
	note "round $r, path 1 cut: answered in $el s; retransmission timeouts: ssh's host +$((a1 - a0)), sshd's +$((b1 - b0))"
	[ "$((a1 - a0))" -ge 1 ] ||
	    fatal "round $r: the line did not wait for a timeout on path 1 (was the path cut?)"
	[ "$b1" = "$b0" ] ||
	    { paths; fatal "round $r: sshd's answer waited for $((b1 - b0)) retransmission timeouts (sent to path 1)"; }
	[ "$(count "$W/sshd.log" "peer's data from $A2: sending there")" -gt "$fol" ] ||
	    { paths; fatal "round $r: sshd did not follow ssh to path 2"; }
	# Its heartbeats to path 1 make it mark the path failed all the same.
	i=0
	while [ "$(count "$W/sshd.log" "SCTP path to $A1 potentially failed")" = "$pf" ]; do
		i=$((i + 1))
		[ "$i" -le 300 ] || { paths; fatal "round $r: sshd did not find path 1 failed"; }
		sleep 0.1
	done
	note "round $r: sshd found path 1 failed $(since "$t0") s after the answer"
	pf=$(count "$W/sshd.log" "SCTP path to $A1 potentially failed")
	bs=$(count "$W/sshd.log" "SCTP path to $A1 is available again")
	bc=$(count "$W/$S.log" "SCTP path to $B1 is available again")
	"$TOPO" restore 1
	# Both ends find path 1 back by their heartbeats; lines meanwhile.
	i=0
	until [ "$(count "$W/sshd.log" "SCTP path to $A1 is available again")" != "$bs" ] &&
	    [ "$(count "$W/$S.log" "SCTP path to $B1 is available again")" != "$bc" ]; do
		i=$((i + 1))
		[ "$i" -le 60 ] || { paths 40; fatal "round $r: path 1 not found back by both ends"; }
		ask "back$r.$i" >/dev/null
		sleep 1
	done
	# Then a long line and its answer go on path 1, both ways.
	long=$(head -c 3000 /dev/zero | tr '\0' "$r")
	# The line and its answer are three DATA chunks each, two of them
	# in packets of more than 1000 bytes: at least two such on path 1
	# each way, and on path 2 none, unless the sender retransmitted
	# (Linux retransmits on another path than the first; on a loaded
	# host a SACK may come after the 200 ms timeout): then at most
	# three for each retransmission it counted.  Until
	# 2026-12-03 the test counted bytes, and failed in CI with 3212 on
	# path 2 at B and 2990 at A during a 1.08 s answer; heartbeats
	# there come to some 300 bytes a second.
	b1=$(big 1) b2=$(big 2) a1=$(big 1 a) a2=$(big 2 a)
	ra=$(rtx a) rb=$(rtx b)
	el=$(ask "$long")
	db1=$(($(big 1) - b1)) db2=$(($(big 2) - b2))
	da1=$(($(big 1 a) - a1)) da2=$(($(big 2 a) - a2))
	ra=$(($(rtx a) - ra)) rb=$(($(rtx b) - rb))
	note "round $r, path 1 back: a 3000-byte line answered in $el s; packets over 1000 bytes: B received $db1 on path 1, $db2 on path 2; A $da1 and $da2; retransmissions by A $ra, by B $rb"
	[ "$db1" -ge 2 ] && [ "$da1" -ge 2 ] &&
	    [ "$db2" -le $((3 * ra)) ] && [ "$da2" -le $((3 * rb)) ] ||
	    { paths 40; fatal "round $r: the session did not return to path 1 both ways"; }
}
pf=0
S=s
echo_session s
for r in $(seq "${FOLLOW_ROUNDS:-2}"); do
	round "$r"
done
end_session s
grep -q "SCTP channels on streams in use" "$W/s.log" ||
    fatal "the first session did not use channels on streams"
S=single
echo_session single -o SCTPChannelStreams=no
grep -q "SCTP channels on streams in use" "$W/single.log" &&
    fatal "SCTPChannelStreams=no: the session used channels on streams"
round single
end_session single
note "sshd answered on the path each line came on"

# Uploads with no cut, 1 % loss on path 1: Linux sends each
# retransmission on path 2, but what host B receives there stays under a
# tenth (1.1 and 2.0 % on 2026-11-28).  A first version, whose busy ends
# followed each other's retransmissions, moved whole stretches of a
# transfer to path 2: 2.6 and 8.9 % here, so the ratio only catches a
# worse lock-in; doc/design.md 1.3 has the rest.  Until 2026-11-29 an
# uploading ssh that had waited a second for sshd's window followed
# sshd's retransmissions to path 2 in mid-upload: a tenth or more there
# in CI, and ssh -vv showed the following.  ssh may still follow once
# its data is all acknowledged (the end of an upload): that is noted.
# A kernel that takes path 1 out of service moves the data itself: with
# the default SCTPPotentiallyFailedThreshold 0 a single retransmission
# timeout did (0.45 MB of 4 on path 2 until a heartbeat found path 1
# back, 2026-11-29, 1 % loss); so ssh runs with threshold 2.  If ssh's
# kernel still finds path 1 potentially failed or unreachable (it logs
# the path available again), the upload is noted, its ratio not held
# against following, and another is run; two uploads without must pass,
# within six.  (sshd's finding path 1 failed moves only what sshd sends.)
"$TOPO" set 1 delay 10 rate 8mbit loss 1
head -c 4000000 /dev/urandom >"$W/data"
checked=0 u=0
while [ "$checked" -lt 2 ]; do
	u=$((u + 1))
	[ "$u" -le 6 ] ||
	    fatal "ssh's kernel took path 1 out of service in $((u - 1 - checked)) of $((u - 1)) uploads with no cut"
	p1=$(rx path1) p2=$(rx path2) s0=$(wc -l <"$W/sshd.log")
	x0=$(snmp a SctpT3RtxExpireds) f0=$(snmp a SctpFastRetransmits)
	r0=$(snmp a SctpT3Retransmits)
	on_a "$SSH" -vv -F "$CFG" -z -o SCTPPotentiallyFailedThreshold=2 \
	    "$B1" 'cat >/dev/null' <"$W/data" \
	    2>"$W/up$u.log" ||
	    { tail "$W/up$u.log"; fatal "upload $u failed"; }
	d1=$(($(rx path1) - p1)) d2=$(($(rx path2) - p2))
	x=$(($(snmp a SctpT3RtxExpireds) - x0))
	f=$(($(snmp a SctpFastRetransmits) - f0))
	rt=$(($(snmp a SctpT3Retransmits) - r0))
	tail -n "+$((s0 + 1))" "$W/sshd.log" >"$W/up$u.sshd"
	grep -q "^debug2: " "$W/up$u.log" ||
	    fatal "upload $u: ssh's log has no debug2 lines"
	pfc=$(count "$W/up$u.log" "SCTP path to $B1 \(potentially failed\|is available again\|failed\)")
	pfs=$(count "$W/up$u.sshd" "SCTP path to $A1 potentially failed")
	fc=$(count "$W/up$u.log" "following: peer's data from $B2: sending there")
	fs=$(count "$W/up$u.sshd" "following: peer's data from $A2: sending there")
	note "upload $u, no cut, 1 % loss on path 1: B received $d1 bytes on path 1, $d2 on path 2; path 1 out of service: ssh $pfc times, sshd $pfs; following to path 2: ssh $fc times, sshd $fs; host A: $x retransmission timeouts, $rt chunks retransmitted after them, $f fast"
	grep "SCTP path\|SCTP failover\|SCTP primary\|following" "$W/up$u.log" | head -20 || true
	if [ "$pfc" -gt 0 ]; then
		note "upload $u: ssh's kernel took path 1 out of service; its ratio not counted"
		continue
	fi
	[ "$((d2 * 10))" -lt "$((d1 + d2))" ] ||
	    { grep -B12 -A6 "following: peer's data from $B2" "$W/up$u.log"
	      paths; fatal "upload $u: a tenth or more of it came on path 2 with no cut"; }
	checked=$((checked + 1))
done
"$TOPO" set 1 delay 10 rate 8mbit

# An attacker on path 1 sends host A a packet of B's from B's path-2
# address.  replay: B's last DATA packet as it was (its AUTH chunk still
# right): a duplicate TSN, which A's kernel drops, so ssh does not move
# to path 2 and the session answers.  fresh (the control, SCTPAuthKey
# no): a DATA chunk with the next TSN from B's path-2 address reaches
# ssh and ends the session (a bad packet): so A's kernel does take such
# packets, and replay could have failed.
SF="$(dirname "$0")/sctp-forge.py"
# The forger sniffs both of B's paths: an end whose path 1 is potentially
# failed (a single retransmission timeout, as a loaded host has) sends on
# path 2, or answers there what came there (PROTOCOL.sctp 1.3), and a
# forger that saw only path 1 sent a TSN already used: a duplicate, which
# A's kernel drops, and the control failed.  That was seen in all three
# sessions of a CI run on 2026-12-05, and made at will with 25 % loss on
# path 1 (contrib/trials/fresh.sh loss).
export FORGE_IFACE=path1,path2
# Both wait 8 s (FORGE_DELAY) into the session: sent about 4 s in, a
# packet from B's path-2 address was dropped by A's kernel in 4 of 5
# runs on 2026-11-29 (probably before A had confirmed that address with
# a heartbeat), and then the replay proved nothing.  The control gets
# three sessions before the test fails; each failure is noted.  ssh runs
# with -vv: "peer's data from" is a debug2 line.
FORGE_DELAY=8 FORGE_SRC=$B2 forge replay "$SF" 2222 replay -- -vv
echo after >&4 || fatal "replay: the session died"
wait_for "$W/replay.out" "got after" 60 ||
    { tail "$W/replay.log"; fatal "replay: the session did not answer after the replay"; }
grep -q "^debug2: " "$W/replay.log" ||
    fatal "replay: ssh's log has no debug2 lines"
grep -q "peer's data from $B2" "$W/replay.log" &&
    fatal "replay: a replayed packet from B's path-2 address moved ssh there"
end_session replay
# ended: whether the session of the last forge ended within 60 s; it
# ends it if not.
ended() {
	local r=0
	for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
	kill "$pid" 2>/dev/null && r=1
	{ exec 4>&-; } 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	return "$r"
}
done=
for f in fresh fresh2 fresh3; do
	FORGE_DELAY=8 FORGE_SRC=$B2 forge "$f" "$SF" 2222 data -- -vv -o SCTPAuthKey=no
	ended && { done=$f; break; }
	cat "$W/forge-$f.log"
	note "$f: the session outlived a forged DATA chunk from $B2 (the control failed)"
done
[ -n "$done" ] || fatal "fresh: the session outlived a forged DATA chunk from $B2 in three sessions"
grep -q "peer's data from $B2: sending there" "$W/$done.log" && moved=", ssh following it" || moved=""
note "a replayed packet from B's other address did not move ssh; a fresh forged one from there ended the session (control, without SCTP-AUTH keys)$moved"
