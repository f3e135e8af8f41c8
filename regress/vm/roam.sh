# roam: the client's address changes mid-session (SCTPRoaming, ADD-IP).
# Host A starts with one address, on path 1 only; host B (sshd on the
# wildcard address) is reachable from either path, as a server with one
# public address is from any network.  Cases:
#   mbb     make-before-break: A gains an address on path 2, then loses
#           its path-1 address and path 1 is cut: the same session
#           answers, and sshd logs the new path at INFO;
#   fromkey the same with the key restricted to path 1's network by
#           from=: sshd ends the connection once the path-2 address is
#           confirmed, saying why;
#   off     SCTPRoaming no at ssh: the move is not announced, and the
#           session does not follow it (the old address is gone);
#   server  the server moves, make-before-break: B, with one address
#           (on path 1), gains another on path 2 and loses the first,
#           and path 1 is cut: the same session answers.
#   bbm     break-before-make (the only address lost first, the new one
#           5 s later): the same session answers (Linux needs ssh's SET
#           PRIMARY to resume sending: doc/design.md 1.3);
#   back    then back to the first address, break-before-make again,
#           the address coming 3 s after sshd saw every path fail: in
#           IPv6 the session answers within 60 s, and again 10 s later
#           (sshd hears the client's DATA and probes its failed paths,
#           PROTOCOL.sctp 1.3; before, its heartbeats, slowed to one
#           each 5 minutes, found the address only minutes later),
#           unless A's kernel sends no SCTP packet at all in that time
#           (tcpdump): then Linux kept no address it sends from, as in
#           IPv4, and that is noted; in
#           IPv6, where no path to the server is up 10 s after the
#           address came, ssh restarts the association as in IPv4; in
#           IPv4 Linux's association cannot follow a second move that
#           adds no new address (README.sctp, "Changing addresses"), so
#           ssh restarts the association from the address that came back
#           and the session resumes (PROTOCOL.sctp 2.12): it answers
#           within 60 s and again 10 s later, ssh logs the restart and
#           never says it cannot follow, sshd logs no error; then a
#           make-before-break move: after a restart ssh must say that it
#           cannot follow (the server's kernel discards ASCONF,
#           PROTOCOL.sctp 1.3), and the session must answer once the
#           first address is back (without a restart the move is
#           followed); either way ssh must exit within 30 s of a
#           SIGTERM;
#   backcp  (IPv4) bbm and back again under ControlPersist (the master
#           in the background restarts, its foreground client holds no
#           copy of its socket);
#   backrekey (IPv4) bbm and back again with a key exchange due in the
#           outage (RekeyLimit 8 s): it waits, the restart resumes;
#   backkex (IPv4) bbm and back again with a key exchange the user
#           asked for (~R) in the outage: its KEXINIT stops no restart,
#           and goes again after the resume;
#   backkexread (IPv4) the same, but sshd reads ssh's KEXINIT and its
#           answer is lost: sshd resumes during the key exchange (version
#           3), its KEXINIT goes again, and the key exchange ends;
#   backkexsrv (IPv4) the same with a key exchange that sshd begins: ssh
#           reads sshd's KEXINIT, its answers are lost: ssh resumes
#           during the key exchange (version 3);
#   backkexheld (IPv4) the same, sshd holding ssh's KEXINIT behind a line
#           lost on the path: sshd discards it at the restart (version 3),
#           and the line and the key exchange go through after the resume;
#   backdl  (IPv6) bbm and back under a session that only receives: its
#           next line within 60 s (by the clock) of the first address's
#           return (ssh tells sshd, PROTOCOL.sctp 1.3), unless A's kernel
#           sends nothing, as for back;
#   serverbbm  the server moves, break-before-make: the same session
#           answers (sshd's SET PRIMARY).
# Argument: 4 (the default) or 6, the address family.
# Timings are printed, never asserted, but for back's and backdl's 60 s
# (by the clock); the other limits only catch a hang.
. "$(dirname "$0")/lib.sh"
fam=${1:-4}
"$TOPO" up 2
"$TOPO" set 1 delay 10
"$TOPO" set 2 delay 10
. "$(dirname "$0")/sshlib.sh"
. "$(dirname "$0")/roamlib.sh"
roam_setup "$fam"
SSHD_LOGLEVEL=INFO start_sshd "Transport sctp"
cleanup() {
	pkill -f "$SSH -F $CFG" 2>/dev/null || true
	stop_sshd
}
trap cleanup EXIT
trap '' PIPE

# answer NAME WHEN LOG [WORD]: session NAME, sent WORD ("two") now, must
# answer within 120 s; the time is noted as after WHEN; LOG's SCTP lines
# if not.
answer() {
	local t w=${4:-two}
	t=$(uptime_s)
	echo "$w" >&4 || true
	wait_for "$W/$1.out" "got $w" 120 ||
	    { grep -i "sctp\|roam\|lost" "$3" | tail -40; roam_kernel_view; fatal "$1: no answer within 120 s of $2"; }
	note "$1: answered $(since "$t") s after $2"
}

# bbm_move NAME NS OLD NEW LOG ROUTE...: break before make on host NS
# (sctp-a or sctp-b): OLD (address/prefix) goes and path 1 is cut, 5 s
# later NEW comes on path 2, reached by ROUTE.  Session NAME must answer,
# and LOG say that a new primary path was asked for.
bbm_move() {
	local name=$1 ns=$2 old=$3 new=$4 log=$5
	shift 5
	ip -n "$ns" addr del "$old" dev path1
	nice -n -20 "$TOPO" cut 1
	sleep 5
	ip -n "$ns" addr add "$new" dev path2 $dad
	ip -n "$ns" route replace "$@"
	answer "$name" "the new address came" "$log"
	grep -q "asked the peer to use ${new%/*}" "$log" ||
	    { grep -i "sctp\|roam" "$log" | tail; fatal "$name: no word of why a new primary path was asked for"; }
}

# bbm_a NAME: bbm_move on host A, from its path-1 address to its path-2
# one, B's path-1 network reached through B's path-2 address; session
# NAME's ssh -v log in $W/NAME.log.
bbm_a() {
	bbm_move "$1" sctp-a "$A1/$plen" "$A2/$plen" "$W/$1.log" \
	    "$net1" via "$B2" dev path2 metric 100
}

# Make before break: a new address on path 2, with B's path-1 network
# reached through it; then the old address goes and path 1 is cut.
move() {
	roam_make
	sleep "${ROAM_OVERLAP:-3}"
	roam_break
}


# --- mbb
roam_home
echo_session mbb
: >"$W/sshd.log"
move
answer mbb "the old address went" "$W/mbb.log"
grep -q "SCTP path to $A2 .*(connection from $A1 " "$W/sshd.log" ||
    { cat "$W/sshd.log"; fatal "mbb: sshd did not log the new path at INFO"; }
note "mbb: sshd: $(grep "SCTP path to $A2" "$W/sshd.log" | head -1 | sed 's/.*sshd-session[^:]*: //')"
grep -q "SCTP roaming: local address" "$W/mbb.log" &&
    note "mbb: ssh asked for a new primary path (the old address was listed over 1.5 s)"
end_session mbb

# --- fromkey: the key may be used from path 1's network only.
cp "$W/authorized_keys" "$W/authorized_keys.all"
printf 'from="%s" %s\n' "$net1" "$(cat "$W/id.pub")" >"$W/authorized_keys"
roam_home
echo_session fromkey
: >"$W/sshd.log"
move
t=$(uptime_s)
for _ in $(seq 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
kill -0 "$pid" 2>/dev/null && { cat "$W/sshd.log"; fatal "fromkey: the session outlived a move outside from="; }
wait "$pid" 2>/dev/null || true
grep -q "SCTP peer address $A2 not permitted by from=" "$W/sshd.log" ||
    { cat "$W/sshd.log"; fatal "fromkey: sshd did not say why it ended the connection"; }
note "fromkey: sshd ended the connection $(since "$t") s after the move: $(grep -o "SCTP peer address $A2 not permitted[^\"]*\"[^\"]*\"" "$W/sshd.log" | head -1)"
{ exec 4>&-; } 2>/dev/null || true
cp "$W/authorized_keys.all" "$W/authorized_keys"

# --- off: without SCTPRoaming the association cannot follow.
roam_home
echo_session off -o SCTPRoaming=no
move
echo two >&4 || true
sleep 20
grep -q "got two" "$W/off.out" && fatal "off: the session followed the move with SCTPRoaming no"
note "off: SCTPRoaming no: no answer 20 s after the move, as expected"
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null || true
{ exec 4>&-; } 2>/dev/null || true

# --- bbm: break before make.  The kernel sends nothing after the ASCONF
# that adds the new address until ssh's SET PRIMARY is acknowledged.
roam_home
echo_session bbm
bbm_a bbm


# sent_watch: from now on, $W/sent-a gets a line once host A's kernel
# sends an SCTP packet on either path; a_sent: whether it has.
sent_watch() {
	local i
	# without tcpdump every failure would pass as the kernel's
	command -v tcpdump >/dev/null ||
	    fatal "tcpdump is not installed (contrib/install-deps)"
	rm -f "$W/sent-a"; : >"$W/sent-a"
	for i in path1 path2; do
		"$TOPO" exec a timeout 90 tcpdump -Q out -nn -l -c 1 -i "$i" \
		    sctp >>"$W/sent-a" 2>/dev/null &
	done
	sleep 1
}
a_sent() { [ -s "$W/sent-a" ]; }

# first_back: 3 s later (A's kernel watched from the last second), path 1
# and A's first address are back.
first_back() {
	sleep 2
	sent_watch
	roam_first_back
}

# --- back: break before make again, to the first address.  Linux keeps
# the first address, whose deletion the server refused, and cannot use
# it again; whatever it does, ssh must exit at once on SIGTERM (it once
# waited for a drain that could not end, until SCTPUnreachableTimeout).
# Until sshd has seen every path fail (the path to A1 failed in bbm),
# and 3 s more.
s0=$(wc -l <"$W/sshd.log")
# The ABORT chunks that reach B meanwhile, noted where ssh restarts: its
# restart aborts the old association under a random key that sshd lacks
# (PROTOCOL.sctp 2.12), which B's kernel must drop, or the resume below
# fails.  (In IPv4 Linux was seen to send none here: the association's
# only address is one it will not send from.  forge.sh's keyed case sends
# such an ABORT on the path.)
"$TOPO" exec b nft -f - <<-'EON' || fatal "nft: the ABORT counter on host B"
table inet roamab {
	counter ab { }
	chain in {
		type filter hook input priority 0;
		sctp chunk abort exists counter name ab
	}
}
EON
ab() { "$TOPO" exec b nft list counter inet roamab ab | awk '/packets/ { print $2; exit }'; }
roam_lose_second back
first_back
t=$(uptime_s)
echo three >&4 || true
# what ssh says from now on (before, it must not have said it)
stuck="SCTP roaming: local address $A1 is back, but the kernel will not send from it again"
! grep -q "is back, but" "$W/bbm.log" ||
    fatal "back: ssh said an address was back before it was"
said() { grep -q "$stuck" "$W/bbm.log"; }
# 60 s by the clock, not by turns of the loop (a loaded machine once
# stretched 300 turns of 0.2 s to more than 315 s).
while within "$t" 60; do
	grep -q "got three" "$W/bbm.out" && break
	said && break
	sleep 0.2
done
if [ "$fam" = 4 ] && ! grep -q "got three" "$W/bbm.out"; then
	grep -i "sctp\|roam" "$W/bbm.log" | tail -20
	roam_kernel_view
	fatal "back: IPv4: the session did not resume within 60 s of the first address's return"
fi
if grep -q "got three" "$W/bbm.out"; then
	note "back: the session followed the second move, $(since "$t") s after the address came"
	if [ "$fam" = 4 ]; then
		grep -q "SCTP restart: associated again" "$W/bbm.log" ||
		    { grep -i "sctp\|roam" "$W/bbm.log" | tail -20; fatal "back: IPv4: the session answered, with no restart logged by ssh"; }
		note "back: ssh: $(grep -o "SCTP restart: associated again.*" "$W/bbm.log" | head -1)"
		note "back: ssh: $(grep -o "SCTP association restarted: the connection resumes.*" "$W/bbm.log" | head -1)"
	elif grep -q "SCTP restart: associated again" "$W/bbm.log"; then
		note "back: IPv6: no path up for 10 s, ssh restarted: $(grep -o "SCTP association restarted: the connection resumes.*" "$W/bbm.log" | head -1)"
		note "back: ABORT chunks that reached host B meanwhile, dropped there: $(ab)"
	fi
	sleep 10
	! grep -q "is back, but" "$W/bbm.log" ||
	    fatal "back: ssh said it could not follow a move that it followed"
	t=$(uptime_s)
	echo four >&4 || true
	wait_for "$W/bbm.out" "got four" 60 ||
	    { grep -i "sctp\|roam" "$W/bbm.log" | tail; fatal "back: the session answered once, then not 10 s later"; }
	note "back: and again 10 s later, $(since "$t") s after the line"
	! tail -n +"$((s0 + 1))" "$W/sshd.log" | grep -E "error:|fatal:|refused|cannot resume" ||
	    fatal "back: sshd logged an error"
	if [ "$fam" = 4 ]; then
		tail -n +"$((s0 + 1))" "$W/sshd.log" | grep -q "SCTP association restarted: the connection resumes" ||
		    { tail -n +"$((s0 + 1))" "$W/sshd.log"; fatal "back: sshd did not log the resume"; }
		note "back: sshd: $(grep -o "SCTP association restarted: the connection resumes.*" "$W/sshd.log" | tail -1)"
		note "back: ABORT chunks that reached host B meanwhile, dropped there: $(ab)"
	fi
	# then make before break to path 2 again.  After a restart the
	# server's kernel discards ASCONF (PROTOCOL.sctp 1.3): ssh says
	# that it cannot follow, and the session resumes when the first
	# address comes back.  Without one (IPv6) the move is followed.
	l0=$(wc -l <"$W/bbm.log")
	move
	if grep -q "SCTP restart: associated again" "$W/bbm.log"; then
		t=$(uptime_s)
		until grep -q "after the restart of the association the server takes no new address" "$W/bbm.log"; do
			within "$t" 30 ||
			    { grep -i "sctp\|roam" "$W/bbm.log" | tail -20; fatal "back: after the restart, ssh did not say within 30 s that it cannot follow a move"; }
			sleep 0.2
		done
		note "back: after the restart, a move: $(since "$t") s after the address went ssh said: $(grep -o "SCTP roaming: local address [^;]*; after the restart.*" "$W/bbm.log" | head -1)"
		! tail -n +"$((l0 + 1))" "$W/bbm.log" | grep -q "asked the peer to use" ||
		    fatal "back: after the restart ssh asked for a new primary path"
		roam_first_back
		answer bbm "the first address came back (after the restart)" "$W/bbm.log" five
	else
		answer bbm "the old address went (a move after the move back)" "$W/bbm.log" five
	fi
elif [ "$fam" = 6 ] && ! a_sent; then
	note "back: no answer within 60 s, and host A's kernel sent no SCTP packet after the address came back (as in IPv4: Linux keeps no address it sends from; README.sctp)"
	roam_kernel_view
elif [ "$fam" = 6 ]; then
	grep -i "sctp\|roam" "$W/bbm.log" | tail
	roam_kernel_view
	fatal "back: IPv6: no answer within 60 s of the first address's return"
elif said; then
	note "back: no answer; $(since "$t") s after the address came ssh said: $(grep -o "SCTP roaming: local address [^ ]* is back.*" "$W/bbm.log" | head -1)"
	# and said right: no answer within 40 s more
	! wait_for "$W/bbm.out" "got three" 40 ||
	    fatal "back: ssh said it could not follow a move that it followed, $(since "$t") s after the address came"
else
	grep -i "sctp\|roam" "$W/bbm.log" | tail
	fatal "back: neither an answer nor a word of why not, 60 s after the first address came back"
fi
t=$(uptime_s)
pkill -TERM -f "$SSH -F $CFG"
for _ in $(seq 300); do pgrep -f "$SSH -F $CFG" >/dev/null || break; sleep 0.1; done
if pgrep -f "$SSH -F $CFG" >/dev/null; then
	pkill -KILL -f "$SSH -F $CFG"
	grep -i "sctp\|drain" "$W/bbm.log" | tail
	fatal "back: ssh still running 30 s after SIGTERM"
fi
note "back: ssh exited $(since "$t") s after SIGTERM"
{ exec 4>&-; } 2>/dev/null || true
wait "$pid" 2>/dev/null || true

# --- backdl (IPv6): bbm and back as above, under a session that only
# receives (the server prints a line each 0.5 s, ssh sends nothing): the
# next line within 60 s of the first address's return (ssh's
# SSH2_MSG_IGNORE when the host has the address again is all sshd can
# hear, PROTOCOL.sctp 1.3; before it, about 300 s).
if [ "$fam" = 6 ]; then
	roam_home
	# shellcheck disable=SC2016
	on_a "$SSH" -F "$CFG" -v -z "$B1" \
	    'i=0; while :; do i=$((i + 1)); echo "tick $i"; sleep 0.5; done' \
	    </dev/null >"$W/dl.out" 2>"$W/dl.log" &
	pid=$!
	wait_for "$W/dl.out" "tick 2" 120 || { cat "$W/dl.log"; fatal "backdl: the session did not start"; }
	ticks() { grep -c "^tick" "$W/dl.out"; }
	# next_tick WHAT LIMIT [watched]: a line beyond those so far within
	# LIMIT s; watched: unless host A's kernel sent nothing (sent_watch)
	next_tick() {
		local t n
		t=$(uptime_s) n=$(ticks)
		while within "$t" "$2"; do
			if [ "$(ticks)" -gt "$n" ]; then
				note "backdl: $1: next line $(since "$t") s after$(grep -q "SCTP restart: associated again" "$W/dl.log" && echo " (ssh restarted the association)")"
				return 0
			fi
			sleep 0.1
		done
		if [ "$3" = watched ] && ! a_sent; then
			note "backdl: $1: no line within $2 s, and host A's kernel sent no SCTP packet meanwhile (as in IPv4; README.sctp)"
			roam_kernel_view
			return 0
		fi
		grep -i "sctp\|roam" "$W/dl.log" | tail
		roam_kernel_view
		fatal "backdl: $1: no line within $2 s"
	}
	roam_break
	sleep 5
	roam_make
	next_tick "the new address came" 120
	sleep 3
	roam_lose_second backdl
	first_back
	next_tick "the first address came back" 60 watched
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null || true
fi

# back_resumes CASE S: first_back, then session S (S.out, S.log) must
# answer within 60 s of the address's return (t), with a restart that ssh
# logged.
back_resumes() {
	first_back
	t=$(uptime_s)
	echo three >&4 || true
	wait_for "$W/$2.out" "got three" 60 ||
	    { grep -i "sctp\|roam\|restart\|newkeys" "$W/$2.log" | tail -30; fatal "$1: the session did not resume within 60 s of the first address's return"; }
	grep -q "SCTP restart: associated again" "$W/$2.log" ||
	    { grep -i "sctp\|roam" "$W/$2.log" | tail -20; fatal "$1: the session answered with no restart logged"; }
}

# newkeys_after CASE S K LIMIT WHAT: until session S's log counts more
# than K key exchanges, LIMIT s at most (else WHAT is the failure); el
# is the time it took.
newkeys_after() {
	local t
	t=$(uptime_s)
	until [ "$(grep -c "SSH2_MSG_NEWKEYS received" "$W/$2.log" || true)" -gt "$3" ]; do
		within "$t" "$4" ||
		    { grep -i "sctp\|kex\|newkeys" "$W/$2.log" | tail -20; fatal "$1: $5"; }
		sleep 0.1
	done
	el=$(since "$t")
}

# new_keys_answer CASE S: session S answers a line under the new keys
# within 60 s, then ends.
new_keys_answer() {
	echo four >&4
	wait_for "$W/$2.out" "got four" 60 ||
	    fatal "$1: no answer under the new keys"
	{ exec 4>&-; } 2>/dev/null || true
	for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
	kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
}

# kex_resumed CASE S K RLOG R0 DLOG D0: RLOG after line R0 says that the
# connection resumed during a key exchange; session S's key exchange ends
# (more than K done) within 60 s; sshd's DLOG after line D0 logged no
# error; S answers under the new keys.
kex_resumed() {
	tail -n +"$(($5 + 1))" "$4" | grep -q "SCTP association restarted: the connection resumes during a key exchange" ||
	    { tail -n +"$(($5 + 1))" "$4" | grep -i "sctp\|resum" | tail -20; fatal "$1: no resume during the key exchange in $(basename "$4")"; }
	newkeys_after "$1" "$2" "$3" 60 \
	    "the key exchange did not end within 60 s of the resume"
	note "$1: the key exchange ended $el s after the answer; $(basename "$4"): $(grep -o "SCTP association restarted: the connection resumes.*" "$4" | tail -1)"
	! tail -n +"$(($7 + 1))" "$6" | grep -E "error:|fatal:|refused|cannot resume" ||
	    fatal "$1: sshd logged an error"
	new_keys_answer "$1" "$2"
}

# drop_big H: host H takes no SCTP packet over 400 bytes (a key exchange's
# messages; not SACKs, heartbeats or a short line), counted (big_dropped
# H), until "nft delete table inet roambig".
drop_big() {
	"$TOPO" exec "$1" nft -f - <<-'EON' || fatal "nft: the drop on host $1"
	table inet roambig {
		counter big { }
		chain in {
			type filter hook input priority 0;
			meta l4proto sctp ip length > 400 counter name big drop
		}
	}
	EON
}
big_dropped() { "$TOPO" exec "$1" nft list counter inet roambig big | awk '/packets/ { print $2; exit }'; }

# --- backcp (IPv4): back again, the session under ControlPersist: its
# master runs on in the background and the foreground process becomes a
# client of it, which must not keep the master's socket open (the
# restart's close would not abort the old association, whose endpoint
# would keep the port: the new socket's bind failed).
if [ "$fam" = 4 ]; then
	roam_home
	echo_session cp -o ControlMaster=auto -o "ControlPath=$W/cp.sock" \
	    -o ControlPersist=yes
	bbm_a cp
	roam_lose_second backcp
	back_resumes backcp cp
	note "backcp: the session resumed $(since "$t") s after the address came"
	{ exec 4>&-; } 2>/dev/null || true
	on_a "$SSH" -F "$CFG" -o "ControlPath=$W/cp.sock" -O exit "$B1" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
fi

# --- backrekey (IPv4): back again, with a key exchange due every 8 s
# (RekeyLimit).  The outage starts 1 s after one, so the next comes due
# some 7 s into it, when no path is active (a path is found potentially
# failed within a few seconds; the restart comes 14 s or more after the
# address went): it must wait (PROTOCOL.sctp 2.12, "Key
# exchanges in an outage"), the restart resume the session, and the key
# exchange follow.  (Begun in the outage, it stopped the restart: no
# answer within 60 s.  On a loaded VM it came due before ssh saw no path
# active, and began: version 3 resumes during it, which is accepted too.)
if [ "$fam" = 4 ]; then
	roam_home
	echo_session rk -o "RekeyLimit=default 8s"
	bbm_a rk
	nk() { grep -c "SSH2_MSG_NEWKEYS received" "$W/rk.log" || true; }
	newkeys_after backrekey rk "$(nk)" 60 "no key exchange within 60 s"
	sleep 1		# its SCTP-AUTH key in use (2.12 (c))
	roam_lose_second backrekey
	k=$(nk)		# none can end in the outage
	back_resumes backrekey rk
	# On a loaded machine the key exchange can come due before ssh
	# sees no path active: it begins, and (version 3) the restart
	# resumes during it.  Either way, one of the two.
	if grep -q "no path is active: the key exchange due waits" "$W/rk.log"; then
		note "backrekey: the key exchange due in the outage waited; the session resumed $(since "$t") s after the address came"
	elif grep -q "SCTP association restarted: the connection resumes during a key exchange" "$W/rk.log"; then
		note "backrekey: the key exchange came due before ssh saw no path active and began; the session resumed during it $(since "$t") s after the address came"
	else
		grep -i "sctp\|roam\|newkeys" "$W/rk.log" | tail -30
		fatal "backrekey: no key exchange came due in the outage (neither waited nor resumed during one)"
	fi
	newkeys_after backrekey rk "$k" 60 \
	    "the key exchange did not run within 60 s of the resume"
	note "backrekey: the key exchange had run $el s after the answer"
	{ exec 4>&-; } 2>/dev/null || true
	for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
	kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
fi

# --- backkex (IPv4): back again, with a key exchange that the user asks
# for (~R, through a terminal) once every path has failed: its KEXINIT is
# sealed in the outage and reaches nobody.  The restart resumes the
# session all the same, the KEXINIT goes again after the resume, and the
# key exchange ends (PROTOCOL.sctp 2.12 (b)).  (With (b) as it was, ssh
# never restarted: "no restart within 60 s: during a key exchange".)
if [ "$fam" = 4 ]; then
	roam_home
	# ssh's stderr is the terminal: its log goes to the file by -E
	ECHO_ON="on_a python3 $(cd "$(dirname "$0")/../.." && pwd)/contrib/pty-drive.py" \
	    echo_session kx -tt -E "$W/kx.log"
	bbm_a kx
	roam_lose_second backkex
	nk() { grep -c "SSH2_MSG_NEWKEYS received" "$W/kx.log" || true; }
	ki() { grep -c "SSH2_MSG_KEXINIT sent" "$W/kx.log" || true; }
	k=$(nk) i=$(ki) t=$(uptime_s)
	echo "~R" >&4
	until [ "$(ki)" -gt "$i" ]; do
		within "$t" 30 ||
		    { tail -20 "$W/kx.log"; fatal "backkex: ~R sent no KEXINIT within 30 s"; }
		sleep 0.1
	done
	note "backkex: KEXINIT sent $(since "$t") s after ~R, every path failed"
	back_resumes backkex kx
	note "backkex: the session resumed $(since "$t") s after the address came"
	# The line typed waits behind the key exchange (as over TCP), so it
	# may have ended by the answer; it must end after the restart.
	newkeys_after backkex kx "$k" 60 \
	    "the key exchange did not end within 60 s of the resume"
	lr=$(grep -n "SCTP restart: associated again" "$W/kx.log" | tail -1 | cut -d: -f1)
	ln=$(grep -n "SSH2_MSG_NEWKEYS received" "$W/kx.log" | tail -1 | cut -d: -f1)
	[ "$ln" -gt "$lr" ] ||
	    fatal "backkex: the key exchange ended before the restart"
	# the order of events, for the log
	grep -n "SCTP restart: associated again\|connection resumes\|KEXINIT sent\|KEXINIT received\|NEWKEYS sent\|NEWKEYS received\|enqueue packet\|dequeue packet" \
	    "$W/kx.log" | tail -25 | sed 's/^/  kx.log:/'
	note "backkex: the key exchange ended after the restart (seen $el s after the answer); ssh: $(grep -o "SCTP association restarted: the connection resumes.*" "$W/kx.log" | tail -1)"
	grep -q "SCTP restart: a lost packet\|SCTP resume refused" \
	    "$W/kx.log" "$W/sshd.log" && fatal "backkex: a resume was refused"
	new_keys_answer backkex kx
fi

# --- backkexread (IPv4): back again, with a key exchange that the user
# asks for (~R) while host A takes no large packet from B (nftables): the
# client's KEXINIT reaches sshd, which answers with its own, which never
# reaches ssh.  Then bbm and back: sshd has read a level-1 message under
# the current key, so it names what it took by counter (a v02 resume,
# PROTOCOL.sctp 2.12, version 3); ssh has not, and names its state as
# before.  The session resumes, sshd's KEXINIT goes again, and the key
# exchange ends.  (In version 2 sshd ended the connection: "cannot resume
# (during a key exchange)".)
if [ "$fam" = 4 ]; then
	roam_home
	ECHO_ON="on_a python3 $(cd "$(dirname "$0")/../.." && pwd)/contrib/pty-drive.py" \
	    echo_session kr -tt -E "$W/kr.log"
	grep -q "SCTP channels on streams in use: .*(version 3)" "$W/kr.log" ||
	    { grep -i "streams" "$W/kr.log"; fatal "backkexread: version 3 not in use"; }
	bbm_a kr
	s0=$(wc -l <"$W/sshd.log")
	drop_big a
	big() { big_dropped a; }
	nk() { grep -c "SSH2_MSG_NEWKEYS received" "$W/kr.log" || true; }
	ki() { grep -c "SSH2_MSG_KEXINIT sent" "$W/kr.log" || true; }
	k=$(nk) i=$(ki) t=$(uptime_s)
	echo "~R" >&4
	until [ "$(ki)" -gt "$i" ] && [ "$(big)" -gt 0 ]; do
		within "$t" 30 ||
		    { tail -20 "$W/kr.log"; fatal "backkexread: no KEXINIT sent and answered within 30 s of ~R (dropped: $(big))"; }
		sleep 0.1
	done
	! grep -q "SSH2_MSG_KEXINIT received" <(tail -n +"$(grep -n "SSH2_MSG_KEXINIT sent" "$W/kr.log" | tail -1 | cut -d: -f1)" "$W/kr.log") ||
	    fatal "backkexread: ssh read sshd's KEXINIT through the drop"
	note "backkexread: KEXINIT sent $(since "$t") s after ~R; sshd answered ($(big) large packets from B dropped at A)"
	roam_lose_second backkexread
	"$TOPO" exec a nft delete table inet roambig
	back_resumes backkexread kr
	note "backkexread: the session resumed $(since "$t") s after the address came"
	kex_resumed backkexread kr "$k" "$W/sshd.log" "$s0" "$W/sshd.log" "$s0"
fi

# --- backkexsrv (IPv4): the same, with a key exchange that sshd begins
# (an sshd of its own, RekeyLimit 10 s): once one has run, host B takes no
# large packet from A, so ssh reads sshd's KEXINIT and its answers
# (KEXINIT and the method's first message) are lost.  Then bbm and back:
# ssh has taken a level-1 packet under the current key and names what it
# took by counter (v02); sshd has not.  The session resumes, ssh's two
# messages go again, and the key exchange ends.  (In version 2 ssh never
# restarted: "during a key exchange".)
if [ "$fam" = 4 ]; then
	roam_home
	start_sshd_extra kexsrv 2223 "RekeyLimit default 10s"
	echo_session ks -p 2223
	bbm_a ks
	n0=$(wc -l <"$W/kexsrv.log")
	ksnk() { grep -c "SSH2_MSG_NEWKEYS received" "$W/ks.log" || true; }
	kski() { grep -c "SSH2_MSG_KEXINIT received" "$W/ks.log" || true; }
	k=$(ksnk) t=$(uptime_s)
	until [ "$(ksnk)" -gt "$k" ]; do
		within "$t" 60 ||
		    { tail -20 "$W/ks.log"; fatal "backkexsrv: sshd began no key exchange within 60 s"; }
		sleep 0.1
	done
	drop_big b
	ksbig() { big_dropped b; }
	k=$(ksnk) i=$(kski) t=$(uptime_s)
	until [ "$(kski)" -gt "$i" ] && [ "$(ksbig)" -gt 0 ]; do
		within "$t" 60 ||
		    { tail -20 "$W/ks.log"; fatal "backkexsrv: no KEXINIT from sshd answered within 60 s (dropped: $(ksbig))"; }
		sleep 0.1
	done
	note "backkexsrv: ssh read sshd's KEXINIT $(since "$t") s after the drop began; its answer lost ($(ksbig) large packets from A dropped at B)"
	ip -n sctp-a addr del "$A2/$plen" dev path2
	t=$(uptime_s)
	until tail -n +"$((n0 + 1))" "$W/kexsrv.log" | grep -q "SCTP path to $A2 failed"; do
		within "$t" 120 ||
		    { tail -n +"$((n0 + 1))" "$W/kexsrv.log" | tail -20; fatal "backkexsrv: sshd did not see the path to $A2 fail within 120 s"; }
		sleep 0.5
	done
	[ "$(ksnk)" = "$k" ] || fatal "backkexsrv: the key exchange ended through the drop"
	"$TOPO" exec b nft delete table inet roambig
	back_resumes backkexsrv ks
	note "backkexsrv: the session resumed $(since "$t") s after the address came"
	kex_resumed backkexsrv ks "$k" "$W/ks.log" 0 "$W/kexsrv.log" "$n0"
	p=$(cat "$W/sshd-extra-kexsrv.pid")
	kill "$p" 2>/dev/null || true
	rm -f "$W/sshd-extra-kexsrv.pid"
	for _ in $(seq 150); do kill -0 "$p" 2>/dev/null || break; sleep 0.2; done
fi

# --- backkexheld (IPv4): back again, with a line typed and then ~R while
# host B drops A's DATA on every stream but 0 (nftables): sshd holds ssh's
# KEXINIT, which came before the line sent ahead of it (PROTOCOL.sctp
# 2.6).  Then bbm and back: sshd discards what it holds at the restart
# (version 3, 2.12 (b)), ssh sends the line and its KEXINIT again, the
# line is answered and the key exchange ends.  (Before, the held packet
# stopped the resume and the connection ended.)
if [ "$fam" = 4 ]; then
	roam_home
	ECHO_ON="on_a python3 $(cd "$(dirname "$0")/../.." && pwd)/contrib/pty-drive.py" \
	    echo_session kh -tt -E "$W/kh.log"
	bbm_a kh
	s0=$(wc -l <"$W/sshd.log")
	"$TOPO" exec b nft -f - <<-'EON' || fatal "nft: the drop on host B"
	table inet roamheld {
		counter ch { }
		chain in {
			type filter hook input priority 0;
			sctp chunk data stream != 0 counter name ch drop
		}
	}
	EON
	ch() { "$TOPO" exec b nft list counter inet roamheld ch | awk '/packets/ { print $2; exit }'; }
	khnk() { grep -c "SSH2_MSG_NEWKEYS received" "$W/kh.log" || true; }
	khki() { grep -c "SSH2_MSG_KEXINIT sent" "$W/kh.log" || true; }
	k=$(khnk) i=$(khki) t=$(uptime_s)
	echo held >&4
	until [ "$(ch)" -gt 0 ]; do
		within "$t" 30 || fatal "backkexheld: the line's DATA never reached host B's drop"
		sleep 0.1
	done
	echo "~R" >&4
	until [ "$(khki)" -gt "$i" ]; do
		within "$t" 30 ||
		    { tail -20 "$W/kh.log"; fatal "backkexheld: ~R sent no KEXINIT within 30 s"; }
		sleep 0.1
	done
	sleep 2		# the KEXINIT reaches sshd, which holds it
	! grep -q "got held" "$W/kh.out" || fatal "backkexheld: the line went through the drop"
	note "backkexheld: the line and then KEXINIT sent; $(ch) DATA chunks on channel streams dropped at B"
	roam_lose_second backkexheld
	"$TOPO" exec b nft delete table inet roamheld
	back_resumes backkexheld kh
	note "backkexheld: the session resumed $(since "$t") s after the address came"
	tail -n +"$((s0 + 1))" "$W/sshd.log" | grep -q "SCTP restart: a key exchange message held .* is discarded" ||
	    { tail -n +"$((s0 + 1))" "$W/sshd.log" | tail -20; fatal "backkexheld: sshd held no KEXINIT at the restart"; }
	grep -q "got held" "$W/kh.out" || fatal "backkexheld: the line typed before the key exchange was lost"
	note "backkexheld: sshd: $(grep -o "SCTP restart: a key exchange message held.*" "$W/sshd.log" | tail -1)"
	# (sshd had taken no KEXINIT: for it no key exchange was under way)
	kex_resumed backkexheld kh "$k" "$W/kh.log" 0 "$W/sshd.log" "$s0"
fi

# --- server: B's address changes.  B on path 1 only; its new address is
# reached over path 2 (A has no address there: on-link routes in IPv4,
# link-local next hops in IPv6).
roam_home
ip -n sctp-b -4 addr flush dev path2
ip -n sctp-b -6 addr flush dev path2 scope global
ip -n sctp-b -$other addr flush dev path1 scope global
if [ "$fam" = 6 ]; then
	BN=2001:db8:9::2 bn=128 netA=${A1%::*}::/64
	lla=$(ip -n sctp-a -6 -o addr show dev path2 scope link | awk '{ print $4 }')
	llb=$(ip -n sctp-b -6 -o addr show dev path2 scope link | awk '{ print $4 }')
	via_a="via ${llb%/*}" via_b="via ${lla%/*}"
else
	BN=198.18.9.2 bn=32 netA=${A1%.*}.0/24 via_a= via_b=
fi
echo_session server
ip -n sctp-b addr add "$BN/$bn" dev path2 $dad
ip -n sctp-a route replace "$BN/$bn" $via_a dev path2
ip -n sctp-b route replace "$netA" $via_b dev path2 metric 100
sleep "${ROAM_OVERLAP:-3}"
ip -n sctp-b addr del "$B1/$plen" dev path1
nice -n -20 "$TOPO" cut 1
answer server "the server's old address went" "$W/server.log"
grep -q "SCTP path to $BN " "$W/server.log" ||
    { grep -i "sctp" "$W/server.log" | tail; fatal "server: ssh -v did not log the server's new address"; }
end_session server

# --- server-bbm: B's only address goes, its new one comes 5 s later.
ip -n sctp-b addr del "$BN/$bn" dev path2
"$TOPO" restore 1
ip -n sctp-b addr add "$B1/$plen" dev path1 $dad
while ip -n sctp-b route del "$netA" metric 100 2>/dev/null; do :; done
"$TOPO" exec b ip route get "$A1" | grep -q " dev path1 " ||
    { ip -n sctp-b route; fatal "serverbbm: host B does not reach $A1 over path 1"; }
echo_session serverbbm
# shellcheck disable=SC2086
bbm_move serverbbm sctp-b "$B1/$plen" "$BN/$bn" "$W/sshd.log" \
    "$netA" $via_b dev path2 metric 100
end_session serverbbm
echo "roam: ok"
