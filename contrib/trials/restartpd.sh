# restartpd: a trial of the kernel, not a test of ours (doc/design.md 1.3,
# "Carrying a session over a restart"; contrib/trials/restart.sh).  What
# does Linux's SCTP do to the server's receive side when the association
# restarts (RFC 9260 5.2.4.1) while the server is in the middle of the
# partial delivery of a large message?  The plain sockets of restartpd.py,
# one path slowed to 256 kbit/s: the client sends one message of 200000
# bytes, the server (partial delivery point 4096, reading 4096 bytes at a
# time) reads the first 16 KB or more of it; then the path is cut (the rest
# of the message never comes), the client aborts its association (its
# ABORT lost on the cut path), the path comes back and the client
# associates again from its old port, which the server's kernel takes for
# a restart; then the client sends a new message of 3000 bytes.  What the
# server's recvmsg returns, in order: a PARTIAL_DELIVERY_EVENT (ABORTED)?
# the ASSOC_CHANGE RESTART, before or after what?  the new message as a
# record of its own, or appended to the old partial one?
# Variant (the argument): data (net.sctp.intl_enable 0: DATA chunks),
# idata (intl_enable 1 and SCTP_INTERLEAVING_SUPPORTED on both sockets
# before connect and listen: I-DATA; restartpd.py logs whether the
# association uses it), idataep (as idata, and the server sets it on its
# accepted socket too); a suffix -N (data-2) only names another run.
#   VM_TEST_DIR=contrib/trials regress/vm/run RESULTS LOGDIR \
#       restartpd-data restartpd-idata restartpd-idataep restartpd-data-2
. "$TOP/regress/vm/lib.sh"
mode=${1:-data}
mode=${mode%-[0-9]*}
case $mode in data) intl=0 ;; idata|idataep) intl=1 ;; *) fatal "variant: data, idata or idataep" ;; esac
"$TOPO" up 1
for h in a b; do "$TOPO" exec $h sysctl -qw net.sctp.intl_enable=$intl; done
"$TOPO" set 1 delay 10 rate 256kbit
B1=$("$TOPO" addr b 1)
W=$(mktemp -d)
PY=$(dirname "$0")/restartpd.py
spid="" cpid=""
trap 'set +e; for p in $spid $cpid; do kill $p 2>/dev/null || true; done' EXIT
"$TOPO" exec b timeout 170 python3 "$PY" server 7001 "$mode" >"$W/srv" 2>&1 &
spid=$!
mkfifo "$W/ctl"
exec 4<>"$W/ctl"
wait_for "$W/srv" listening 60 || { cat "$W/srv"; fatal "no server"; }
"$TOPO" exec a timeout 210 python3 "$PY" client "$B1" 7001 "$W/ctl" "$mode" >"$W/cli" 2>&1 &
cpid=$!
ctl() { echo "$*" >&4; }
show() {
	echo "== server"; cat "$W/srv"
	echo "== client"; cat "$W/cli"
	for h in a b; do
		echo "== host $h"
		"$TOPO" exec $h cat /proc/net/sctp/assocs
	done
}
wait_for "$W/cli" "connected from" 60 || { show; fatal "no association"; }
wait_for "$W/srv" "accepted" 30 || { show; fatal "not accepted"; }
t0=$(uptime_s)
ctl big 200000
wait_for "$W/srv" "PD:" 60 || { show; fatal "the server never read 16 KB of the big message"; }
"$TOPO" cut 1
note "$(since "$t0") s: path 1 cut with the server in partial delivery"
sleep 2
ctl abort
wait_for "$W/cli" "aborted" 30 || { show; fatal "no abort"; }
sleep 1
"$TOPO" restore 1
ctl connect
wait_for "$W/cli" "restart took" 40 || { show; fatal "no new association"; }
note "$(since "$t0") s: $(grep -o "restart took.*" "$W/cli")"
ctl new 3000
# Bounded by the clock (wait_for's turns stretch under emulation):
# whatever the server gets in 15 s, and then 12 s more (its idle probe).
t1=$(uptime_s)
while within "$t1" 15 && ! grep -q "record of 3000 bytes (N)" "$W/srv"; do sleep 0.5; done
grep -q "record of 3000 bytes (N)" "$W/srv" ||
    note "no record of exactly the new 3000 bytes at the server in 15 s"
sleep 12
for h in a b; do echo "== host $h, before the end"; "$TOPO" exec $h cat /proc/net/sctp/assocs; done
ctl exit
show
grep -q "ASSOC_CHANGE RESTART" "$W/srv" && note "the server saw the restart" ||
    note "the server saw no restart"
grep -q "MIXED" "$W/srv" && note "the new message's bytes joined the old record" || true
grep -q "PARTIAL_DELIVERY_EVENT" "$W/srv" && note "a partial delivery event" || true
exit 0
