# cpucost: what a bulk upload costs the CPU, over TCP, over SCTP with
# SCTPAuthKey (the default) and over SCTP with SCTPAuthKey no at both
# ends.  Not part of make check (doc/benchmarks.md, "The CPU's share"):
#   regress/vm/run RESULTS LOGDIR cpucost
# One path of COST_RATE (40mbit) and COST_DELAY ms (0) each way (path 2
# offered too); COST_MB (20) through "ssh HOST sha256sum"; COST_HOGS busy
# loops in the VM (0); COST_ROUNDS (2) rounds of COST_CFGS ("tcp sctp
# sctp-noauth").  Prints per upload: seconds from ssh's start to its exit,
# the VM's busy CPU seconds (all processes, the kernel's included) and
# that per MB (meaningless with busy loops: they take what is left), and
# ssh's own user and system seconds.  COST_SAMPLE=1: also, about every
# 0.1 s (seconds since the first sample), the bytes host B received since
# the last, and ssh's and sshd-session's CPU and run-queue wait in ms
# (schedstat) and their state (R runnable, S asleep).
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
"$TOPO" set 1 delay "${COST_DELAY:-0}" rate "${COST_RATE:-40mbit}"
"$TOPO" set 2 delay "${COST_DELAY:-0}" rate "${COST_RATE:-40mbit}"
. "$(dirname "$0")/sshlib.sh"
hogs=()
trap 'stop_sshd; [ ${#hogs[@]} = 0 ] || kill "${hogs[@]}"' EXIT
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2)
mb=${COST_MB:-20}
head -c $((mb * 1000000)) /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -c1-64)
busy() { awk '$1 == "cpu" { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
for _ in $(seq "${COST_HOGS:-0}"); do ( while :; do :; done ) & hogs+=($!); done
# sample PID: while PID lives, the schedstat lines of ssh and of sshd's
# session processes (the privileged monitor, then the session's own).
sample() {
	local sp=$1 pids
	for _ in $(seq 300); do
		[ "$(pgrep -x sshd-session | wc -l)" -ge 2 ] && break
		sleep 0.05
	done
	pids="$(pgrep -x ssh | head -1) $(pgrep -x sshd-session | tr '\n' ' ')"
	nice -n -15 "$TOPO" exec b bash -c '
		while kill -0 '"$sp"' 2>/dev/null; do
			read -r up _ </proc/uptime
			rx=0
			for f in /sys/class/net/*/statistics/rx_bytes; do
				read -r v <"$f"; rx=$((rx + v))
			done
			line="$up $rx"
			for p in '"$pids"'; do
				a=0 b=0 st=X
				read -r a b _ </proc/$p/schedstat 2>/dev/null
				read -r _ _ st _ </proc/$p/stat 2>/dev/null
				line="$line $a $b $st"
			done
			echo "$line"
			sleep 0.1
		done' >"$W/samples" 2>/dev/null
}
server=""
echo "config       rounds  seconds  busy_cpu_s  cpu_s_per_MB  ssh_user_s  ssh_sys_s"
for r in $(seq "${COST_ROUNDS:-2}"); do
	for cfg in ${COST_CFGS:-tcp sctp sctp-noauth}; do
		want=yes o="-p 2222"
		case $cfg in
		tcp) ;;
		sctp) o="-p 2223 -z -o SCTPPeerAddresses=$B2" ;;
		sctp-noauth) want=no o="-p 2223 -z -o SCTPPeerAddresses=$B2 -o SCTPAuthKey=no" ;;
		*) fatal "unknown config $cfg" ;;
		esac
		if [ "$server" != "$want" ]; then
			stop_sshd
			start_sshd "Transport all" "ListenAddress $B1" \
			    "ListenMultipleAddresses $B1,$B2;2223" "SCTPAuthKey $want"
			server=$want
		fi
		b0=$(busy) t0=$(uptime_s)
		TIMEFORMAT="%U %S"
		# shellcheck disable=SC2086
		{ time "$TOPO" exec a "$SSH" -F "$CFG" $o "$B1" sha256sum \
		    <"$W/data" >"$W/out" 2>"$W/err" & sp=$!
		  [ -n "${COST_SAMPLE:-}" ] && sample $sp
		  wait $sp; } 2>"$W/tm" || { cat "$W/err"; fatal "$cfg: ssh failed"; }
		t1=$(uptime_s) b1=$(busy)
		[ "$(cut -c1-64 "$W/out")" = "$sum" ] || fatal "$cfg: the data arrived corrupt"
		awk -v c="$cfg" -v r="$r" -v a="$t0" -v b="$t1" -v cpu=$((b1 - b0)) \
		    -v mb="$mb" -v u="$(cut -d' ' -f1 "$W/tm")" -v s="$(cut -d' ' -f2 "$W/tm")" \
		    'BEGIN { printf "%-12s %6d %8.2f %11.2f %13.3f %11.2f %10.2f\n",
			c, r, b - a, cpu / 100, cpu / 100 / mb, u, s }'
		[ -z "${COST_SAMPLE:-}" ] || awk '
		    NR == 1 { t0 = $1 }
		    NR > 1 { printf "    %6.2f %6.0f KB", $1 - t0, ($2 - rx) / 1000
			for (i = 3; i + 2 <= NF; i += 3)
				printf " | %4.0f %4.0f %s", ($i - c[i]) / 1e6, ($(i+1) - w[i]) / 1e6, $(i+2)
			printf "\n" }
		    { rx = $2; for (i = 3; i + 2 <= NF; i += 3) { c[i] = $i; w[i] = $(i+1) } }' "$W/samples"
	done
done
# Whether SCTP-AUTH was keyed by SSH: sshd logs each key it activates.
note "SCTP-AUTH keys of SSH's that sshd activated: $(grep -c "SCTP-AUTH: key [0-9]* active" "$W/sshd.log" || true)"
