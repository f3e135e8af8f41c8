# reorder: a measurement, not a test (README.sctp, "Not yet"): a path
# that reorders packets.  netem's jitter without a rate delays each packet
# independently, so packets overtake one another; Linux SCTP takes three
# SACKs that report a gap as a loss (no reordering detection), where TCP
# adapts its threshold and uses time (RACK).  One path of JIT_DELAY ms
# (default 10) +- JIT_JITTER ms (3) each way, rate JIT_RATE (default none),
# two rounds of: a JIT_MB MB (16) upload and
# download through ssh over SCTP (channels on streams) and over TCP,
# then iperf3 for 8 s over plain TCP and plain SCTP; the kernels' SCTP
# retransmission counters at the end.
#   VM_TEST_DIR=contrib/trials regress/vm/run RESULTS LOGDIR reorder
. "$TOP/regress/vm/lib.sh"
d=${JIT_DELAY:-10} j=${JIT_JITTER:-3} mb=${JIT_MB:-16}
"$TOPO" up 1
"$TOPO" set 1 delay "$d" jitter "$j" ${JIT_RATE:+rate $JIT_RATE}
. "$TOP/regress/vm/sshlib.sh"
A1=$("$TOPO" addr a 1 4) B1=$("$TOPO" addr b 1 4)
start_sshd "Transport all"
trap 'stop_sshd; pkill iperf3 || true' EXIT
head -c "${mb}M" /dev/urandom >"$W/data"
note "one path, ${d} ms +- ${j} ms each way ${JIT_RATE:-no rate}; $mb MB"
tm() { local t; t=$(uptime_s); "$@" >/dev/null 2>&1 || echo "(failed)"; since "$t"; }
"$TOPO" exec b iperf3 -s -D >/dev/null 2>&1
sleep 1
for r in 1 2; do
	up_s=$(tm on_a "$SSH" -F "$CFG" -z "$B1" "cat >/dev/null" <"$W/data")
	up_t=$(tm on_a "$SSH" -F "$CFG" "$B1" "cat >/dev/null" <"$W/data")
	dn_s=$(tm sh -c "\"$TOPO\" exec a \"$SSH\" -F \"$CFG\" -z \"$B1\" \"cat $W/data\" >/dev/null </dev/null")
	dn_t=$(tm sh -c "\"$TOPO\" exec a \"$SSH\" -F \"$CFG\" \"$B1\" \"cat $W/data\" >/dev/null </dev/null")
	note "round $r: upload SCTP $up_s s TCP $up_t s; download SCTP $dn_s s TCP $dn_t s"
	it=$(on_a iperf3 -c "$B1" -t 8 -J 2>/dev/null | python3 -c 'import json,sys; d=json.load(sys.stdin); print("%.1f" % (d["end"]["sum_received"]["bits_per_second"]/1e6))' || echo fail)
	is=$(on_a iperf3 -c "$B1" --sctp -t 8 -J 2>/dev/null | python3 -c 'import json,sys; d=json.load(sys.stdin); e=d["end"]; s=e.get("sum_received") or e.get("sum"); print("%.1f" % (s["bits_per_second"]/1e6))' || echo fail)
	note "round $r: iperf3 plain TCP $it Mbit/s, plain SCTP $is Mbit/s"
done
for h in a b; do note "host $h: $("$TOPO" exec $h cat /proc/net/sctp/snmp | awk '/Retrans|Rtx|OutSCTPPacks|InSCTPPacks/ {printf "%s=%s ", $1, $2}')"; done
