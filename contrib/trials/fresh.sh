# fresh: a trial of our test, not of the kernel.  Why did follow's
# control (a forged DATA chunk from the server's other address,
# SCTPAuthKey no) sometimes leave the session alive?  Runs the control
# FRESH_N (8) times with captures on host A; variant "hog" runs two CPU
# hogs in the VM beside it; "loss" has 25 % loss on path 1 until the
# forger is told to go.  FORGE_IFACE= sniffs path 1 only, as follow.sh
# did until 2026-12-05 (then "loss" left 3 of 5 sessions alive).
#   VM_TEST_DIR=contrib/trials regress/vm/run RESULTS LOGDIR fresh fresh-hog
. "$TOP/regress/vm/lib.sh"
"$TOPO" up 2
"$TOPO" set 1 delay 10 rate 8mbit
"$TOPO" set 2 delay 20 rate 8mbit
. "$TOP/regress/vm/sshlib.sh"
hogs=""
trap 'stop_sshd; for h in $hogs; do kill $h; done' EXIT
A1=$("$TOPO" addr a 1) A2=$("$TOPO" addr a 2)
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2)
SSHD_LOGLEVEL=DEBUG2 start_sshd "Transport sctp" \
    "ListenMultipleAddresses $B1,$B2;2222"
if [ "${1:-}" = hog ]; then
	for _ in 1 2; do (while :; do :; done) & hogs="$hogs $!"; done
fi
snmp() { "$TOPO" exec a cat /proc/net/sctp/snmp | awk '{ printf "%s=%s ", $1, $2 }'; }
SF=$TOP/regress/vm/sctp-forge.py
mkdir -p "$W/pcap"
fails=0
for i in $(seq "${FRESH_N:-8}"); do
	s0=$(snmp)
	"$TOPO" exec a tcpdump -i path2 -n -s 200 -w "$W/pcap/f$i-p2.pcap" sctp 2>/dev/null &
	tp=$!
	if [ "${1:-}" = loss ]; then
		"$TOPO" set 1 delay 10 rate 8mbit loss 25
		( for _ in $(seq 600); do [ -e "$W/go-f$i" ] && break; sleep 0.1; done
		  "$TOPO" set 1 delay 10 rate 8mbit ) &
	fi
	FORGE_IFACE=${FORGE_IFACE-path1,path2} FORGE_PCAP=$W/pcap FORGE_DELAY=8 FORGE_SRC=$B2 forge "f$i" "$SF" 2222 data -- -vvv -o SCTPAuthKey=no
	r=0
	for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
	kill "$pid" 2>/dev/null && r=1
	{ exec 4>&-; } 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	sleep 1
	kill $tp 2>/dev/null; pkill -f "tcpdump -i path1" || true
	sleep 1
	s1=$(snmp)
	cat "$W/forge-f$i.log"
	if [ "$r" = 1 ]; then
		fails=$((fails + 1))
		note "f$i: the session outlived the forgery"
		echo "snmp before: $s0"; echo "snmp after:  $s1"
		echo "--- path1 at A"; "$TOPO" exec a tcpdump -r "$W/pcap/f$i.pcap" -n -v 2>/dev/null | tail -40
		echo "--- path2 at A"; "$TOPO" exec a tcpdump -r "$W/pcap/f$i-p2.pcap" -n 2>/dev/null | tail -15
		echo "--- ssh log"; tail -40 "$W/f$i.log"
	else
		note "f$i: ended: $(grep -v '^debug' "$W/f$i.log" | tail -2 | tr '\n' ' ')"
		grep "following\|INJECTED\|Bad packet\|Corrupted\|message authentication\|peer's data" "$W/f$i.log" | head -3
	fi
done
note "$fails of ${FRESH_N:-8} sessions outlived the forgery"
