# failover-start: path 1 dead before ssh starts.  ssh offers the next
# address after a quarter of a second instead of waiting out the INIT's
# retransmission timeout, and the dead address stays unconfirmed in the
# client's association (the kernel sends it heartbeats only, no data and
# no retransmissions) while an upload runs on path 2 through 2 % loss.
# When path 1 returns a heartbeat confirms it, and a cut of path 2 then
# moves the rest of the upload there, intact.  Before, ssh gave every
# address to one sctp_connectx(), which takes them all as confirmed: the
# dead address was a path for data until its heartbeats failed.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
"$TOPO" set 1 delay 10 rate 8mbit
"$TOPO" set 2 delay 10 loss 2 rate 8mbit
. "$(dirname "$0")/sshlib.sh"
watch=""
trap 'stop_sshd; [ -z "$watch" ] || kill "$watch" 2>/dev/null' EXIT
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2)
start_sshd "Transport sctp" "ListenMultipleAddresses $B1,$B2;2223"
head -c 2000000 /dev/urandom >"$W/d1"
head -c 2000000 /dev/urandom >"$W/d2"
sum=$(cat "$W/d1" "$W/d2" | sha256sum | cut -c1-64)

# The kernel's state of each peer address of host A's associations, every
# 0.2 s: time, association, address and /proc/net/sctp/remaddr's STATE (0
# inactive, 1 potentially failed, 2 active, 3 unconfirmed).
( while :; do
	"$TOPO" exec a awk -v t="$(uptime_s)" 'NR == 1 { for (i = 1; i <= NF; i++) {
		if ($i == "STATE") c = i; if ($i == "ASSOC_ID") a = i }; next }
		c && a { print t, $a, $1, $c }' /proc/net/sctp/remaddr
	sleep 0.2
done ) >"$W/states" 2>&1 &
watch=$!
# b1_states: the states of B1 in the session's association (the one with
# B2 among its peers; an attempt still waiting for its INIT has only B1).
b1_states() {
	awk -v a="$B1" -v b="$B2" '$3 == b { sess[$2] = 1 } { l[NR] = $0 }
	    END { for (i = 1; i <= NR; i++) { split(l[i], f, " ")
		if (f[3] == a && f[2] in sess) print f[1], f[4] } }' "$W/states"
}

"$TOPO" cut 1
mkfifo "$W/in"
"$TOPO" exec a "$SSH" -F "$CFG" -v -z -p 2223 \
    -o "SCTPPeerAddresses=$B2" -o ServerAliveInterval=5 \
    -o ServerAliveCountMax=6 "$B1" sha256sum <"$W/in" >"$W/remote" \
    2>"$W/v.log" &
ssh=$!
exec 3>"$W/in"
cat "$W/d1" >&3 || true
wait_for "$W/v.log" "Authenticated to" 120 ||
    { cat "$W/v.log"; fatal "no login with path 1 dead"; }
grep -q "trying peer address 2 of 2" "$W/v.log" ||
    { grep SCTP "$W/v.log"; fatal "ssh did not try address 2 before the INIT's timeout"; }
grep -q "association 2 of 2 up first" "$W/v.log" ||
    { grep SCTP "$W/v.log"; fatal "the association did not come up on address 2"; }
note "$(grep -h "trying peer address\|up first" "$W/v.log" | sed 's/^debug1: //' | tr '\n' ' ')"
# Give the first 2 MB time to cross path 2 (2 s at 8 Mbit/s, more with
# loss and under emulation), then the dead address's states so far.
sleep 8
t_restore=$(uptime_s)
seen=$(b1_states | awk '{ print $2 }' | sort -u | tr '\n' ' ')
note "address $B1 (dead) was in state(s): ${seen:-none seen}"
[ -n "$seen" ] || { cat "$W/states"; fatal "no state seen for $B1"; }
[ "$seen" = "3 " ] ||
    fatal "the dead address left the unconfirmed state (3): $seen"

"$TOPO" restore 1
confirmed() { b1_states | awk -v t="$t_restore" '$1 > t && $2 == 2 { f = 1 }
    END { exit !f }'; }
for _ in $(seq 300); do confirmed && break; sleep 0.1; done
confirmed ||
    { tail -20 "$W/states"; fatal "path 1 not confirmed within 30 s of its return"; }
note "path 1 confirmed after its return"

"$TOPO" cut 2
cat "$W/d2" >&3 || true
exec 3>&-
rc=0
wait $ssh || rc=$?
[ "$rc" = 0 ] || { tail -20 "$W/v.log"; fatal "ssh exited $rc"; }
[ "$(cut -c1-64 "$W/remote")" = "$sum" ] ||
    fatal "the upload arrived damaged or short"
grep -q "SCTP path to $B2 \(potentially failed\|failed\)" "$W/v.log" ||
    { grep SCTP "$W/v.log"; fatal "ssh -v did not report path 2's failure"; }
note "upload intact: 2 MB on path 2 with path 1 dead, 2 MB on path 1 after path 2 was cut"
