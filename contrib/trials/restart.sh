# restart: a trial of the kernel, not a test of ours (doc/design.md 1.3,
# "Carrying a session over a restart").  The IPv4 break-before-make move
# and back that Linux's association cannot follow (a refused deletion),
# between the plain SCTP sockets of restart.py; then the client aborts its
# association and associates again from its old port, which the server's
# kernel takes for a restart of its association (RFC 9260 5.2.4.1): does
# the server's socket carry on?  Variant (the argument): none, auth (both
# ends on SCTP-AUTH key 1, key 0 deleted), extra (as auth, and the client
# has gained an address the server does not know before it restarts),
# auth6 (auth in IPv6), extra6 (extra in IPv6).
#   VM_TEST_DIR=contrib/trials regress/vm/run RESULTS LOGDIR \
#       restart restart-auth restart-extra restart-auth6
. "$TOP/regress/vm/lib.sh"
mode=${1:-none} fam=4
case $mode in auth6) mode=auth fam=6 ;; extra6) mode=extra fam=6 ;; esac
"$TOPO" up 2
"$TOPO" set 1 delay 10
"$TOPO" set 2 delay 10
A1=$("$TOPO" addr a 1 $fam) A2=$("$TOPO" addr a 2 $fam)
B1=$("$TOPO" addr b 1 $fam) B2=$("$TOPO" addr b 2 $fam)
if [ $fam = 6 ]; then
	plen=64 net1=${B1%::*}::/64 dad=nodad extra=fd00:3::1/64 other=4 any=::
else
	plen=24 net1=${B1%.*}.0/24 dad= extra=198.18.3.1/24 other=6 any=0.0.0.0
fi
W=$(mktemp -d)
PY=$(dirname "$0")/restart.py
trap 'pkill -f restart.py || true' EXIT
ip -n sctp-a -4 addr flush dev path2
ip -n sctp-a -6 addr flush dev path2 scope global
ip -n sctp-a -$other addr flush dev path1 scope global
ip -n sctp-a addr replace "$A1/$plen" dev path1 $dad
"$TOPO" exec b python3 "$PY" server 7001 "$mode" >"$W/srv" 2>&1 &
mkfifo "$W/ctl"
exec 4<>"$W/ctl"
wait_for "$W/srv" listening 60 || { cat "$W/srv"; fatal "no server"; }
"$TOPO" exec a python3 "$PY" client "$B1" 7001 "$W/ctl" "$mode" >"$W/cli" 2>&1 &
ctl() { echo "$*" >&4; }
show() {
	echo "== server"; cat "$W/srv"
	echo "== client"; cat "$W/cli"
	for h in a b; do
		echo "== host $h"
		"$TOPO" exec $h cat /proc/net/sctp/assocs /proc/net/sctp/remaddr
	done
}
wait_for "$W/cli" "COMM_UP" 60 || { show; fatal "no association"; }
ctl send one
wait_for "$W/cli" "got one" 30 || { show; fatal "no answer to one"; }

note "break before make: $A1 goes, path 1 cut, 5 s later $A2 comes"
ip -n sctp-a addr del "$A1/$plen" dev path1
"$TOPO" cut 1
sleep 5
ip -n sctp-a addr add "$A2/$plen" dev path2 $dad
ip -n sctp-a route replace "$net1" via "$B2" dev path2 metric 100
sleep 2
ctl primary "$A2"
ctl send two
wait_for "$W/cli" "got two" 30 || { show; fatal "no answer to two"; }

note "back: $A2 goes; once the server saw its path fail, $A1 comes back"
ip -n sctp-a addr del "$A2/$plen" dev path2
wait_for "$W/srv" "$A2 UNREACHABLE" 120 || { show; fatal "the path to $A2 did not fail"; }
"$TOPO" restore 1
ip -n sctp-a addr add "$A1/$plen" dev path1 $dad
sleep 3
ctl send three
sleep 10
if grep -q "got three" "$W/cli"; then
	[ $fam = 6 ] || { show; fatal "the association followed the move back: not the state tried"; }
	note "IPv6: three answered, the association followed the move back"
else
	note "no answer to three 10 s later: the association is stuck"
fi

if [ "$mode" = extra ]; then
	ip -n sctp-a addr add $extra dev path2 $dad
	sleep 2
	ctl restart "$any" "$A1"
else
	ctl restart
fi
wait_for "$W/cli" "restart took" 30 || { show; fatal "no restart"; }
ctl send four
wait_for "$W/cli" "got four" 30 || { show; fatal "no answer to four after the restart"; }
grep -q "ASSOC_CHANGE RESTART" "$W/srv" || { show; fatal "the server saw no restart"; }
show
note "$(grep -o "restart took.*" "$W/cli"); four answered on the server's same socket"
grep -q "got three" "$W/cli" || note "three lost"
grep -q "restart failed" "$W/cli" &&
    note "with an address the server does not know: $(grep -o "restart failed.*" "$W/cli"), then bound to $A1 alone"
exit 0
