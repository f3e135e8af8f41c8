# observer: what an observer of the clear SCTP headers learns from the
# stream identifiers of SSH over SCTP with channels on streams (the seeds'
# T9; PROTOCOL.sctp 2.5, 3.8), counted in a capture of the path (tcpdump
# on host A's path1) while channels run through one connection:
#   channels  1 session, then 4 at once (ControlMaster), on the default 10
#             streams: the channel streams seen each way never exceed the
#             channels (2.5: a stream per recipient channel number, so a
#             channel shows as one stream up and one down)
#   pool      8 sessions at once with SCTPStreams 3 (2 channel streams):
#             at most 2 seen each way, whatever the count
#   forwards  forwarded SCTP (3.8) with the same 4 streams in all: one
#             association of 4 streams, then two of 2 streams each at
#             once, 40 messages on each stream (regress/vm/sctp-streams.py):
#             each way at most a stream per channel, and the way of the
#             data the forwarded streams besides; what is seen is noted
#             (it tells the two apart: the channels' own messages show
#             how many are open)
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
start_sshd "Transport sctp" "AllowSCTPForwarding yes"
PY="$(dirname "$0")/sctp-streams.py"
cleanup() {
	stop_sshd || true
	pkill -x tcpdump || true
	pkill -f -- "$PY" || true
	pkill -f -- "ControlPath=$W/" || true
}
trap cleanup EXIT

# capture NAME: tcpdump of the SSH association on path1, in the background.
capture() {
	"$TOPO" exec a tcpdump -i path1 -n -l -v "sctp and port 2222" \
	    >"$W/cap-$1.txt" 2>"$W/cap-$1.err" &
	cpid=$!
	for _ in $(seq 100); do grep -q "listening on" "$W/cap-$1.err" && return; sleep 0.2; done
	fatal "$1: tcpdump did not start"
}

# sids NAME: the capture's channel streams (SID >= 1 of DATA chunks), per
# direction, as "UP DOWN up: LIST; down: LIST" (up: to sshd); stops the
# capture.
sids() {
	sleep 1
	kill "$cpid" 2>/dev/null; wait "$cpid" 2>/dev/null
	grep -q "DATA" "$W/cap-$1.txt" || fatal "$1: no DATA chunk captured"
	awk '/ > / { d = $0 ~ /[.]2222 > / ? "down" : "up" }
	    { l = $0
	      while (match(l, /\[SID: [0-9]+\]/)) {
		sid = substr(l, RSTART + 6, RLENGTH - 7) + 0
		if (sid > 0 && !((d, sid) in seen)) { seen[d, sid] = 1; n[d]++; list[d] = list[d] " " sid }
		l = substr(l, RSTART + RLENGTH) } }
	    END { printf "%d %d up:%s; down:%s\n", n["up"], n["down"], list["up"], list["down"] }' "$W/cap-$1.txt"
}

# master NAME [ssh options]: a ControlMaster at $W/ctl-NAME.
master() {
	local name=$1
	shift
	on_a "$SSH" -F "$CFG" -z -o ControlMaster=yes -o "ControlPath=$W/ctl-$name" \
	    -o ControlPersist=120 "$@" -f -N "$B1" || fatal "$name: master failed"
}

# sessions NAME N: N sessions at once through the master, each moving
# 200 KB down.
sessions() {
	local name=$1 n=$2 i pids=()
	for i in $(seq "$n"); do
		on_a "$SSH" -F "$CFG" -o "ControlPath=$W/ctl-$name" -o ControlMaster=no "$B1" \
		    "head -c 200000 /dev/zero; sleep 2" >"$W/s-$name-$i" &
		pids+=($!)
	done
	for i in "${pids[@]}"; do wait "$i" || fatal "$name: a session failed"; done
	for i in $(seq "$n"); do
		[ "$(wc -c <"$W/s-$name-$i")" = 200000 ] || fatal "$name: session $i short"
	done
}

stop_master() {
	on_a "$SSH" -F "$CFG" -o "ControlPath=$W/ctl-$1" -O exit "$B1" 2>/dev/null || true
}

# --- channels: the streams seen never exceed the channels.
for n in 1 4; do
	master "c$n"
	capture "c$n"
	sessions "c$n" "$n"
	read -r up down rest <<<"$(sids "c$n")"
	stop_master "c$n"
	note "$n session(s) at once, 9 channel streams: the observer saw $up channel stream(s) up, $down down ($rest)"
	[ "$up" -ge 1 ] && [ "$down" -ge 1 ] || fatal "c$n: no channel stream seen one way (channels on streams not in use?)"
	[ "$up" -le "$n" ] && [ "$down" -le "$n" ] || fatal "c$n: more channel streams seen one way than $n channels"
done

# --- pool: 8 sessions on 2 channel streams.
master pool -o SCTPStreams=3
capture pool
sessions pool 8
read -r up down rest <<<"$(sids pool)"
stop_master pool
note "8 sessions at once, SCTPStreams 3: the observer saw $up channel stream(s) up, $down down ($rest)"
[ "$up" -le 2 ] && [ "$down" -le 2 ] || fatal "pool: more than 2 channel streams seen one way with SCTPStreams 3"

# --- forwards: one association of 4 streams against two of 2.
"$TOPO" exec b /usr/bin/python3 "$PY" sink 7301 3 >"$W/sink.log" 2>&1 &
spid=$!
wait_for "$W/sink.log" listening 60 || fatal "the SCTP sink did not start"
for f in one two; do
	master "$f" -L "7300/sctp:127.0.0.1:7301"
	sleep 1
	capture "$f"
	case $f in
	one)	on_a /usr/bin/python3 "$PY" send 127.0.0.1 7300 4 40 >"$W/send-$f.log" 2>&1 ||
		    { cat "$W/send-$f.log"; fatal "$f: the source failed"; } ;;
	two)	on_a /usr/bin/python3 "$PY" send 127.0.0.1 7300 2 40 >"$W/send-$f.1" 2>&1 &
		p1=$!
		on_a /usr/bin/python3 "$PY" send 127.0.0.1 7300 2 40 >"$W/send-$f.2" 2>&1 ||
		    fatal "$f: a source failed"
		wait "$p1" || fatal "$f: a source failed" ;;
	esac
	sleep 3
	r=$(sids "$f")
	stop_master "$f"
	eval "seen_$f=\"\$r\""
done
wait "$spid" || { cat "$W/sink.log"; fatal "the SCTP sink failed"; }
[ "$(grep -c "received 160 on 4 streams" "$W/sink.log")" = 1 ] &&
    [ "$(grep -c "received 80 on 2 streams" "$W/sink.log")" = 2 ] ||
    { cat "$W/sink.log"; fatal "the forwarded messages did not all arrive on their streams"; }
note "forwarded SCTP, 4 streams in all, channel streams seen up and down: one association of 4: $seen_one; two of 2: $seen_two"
# 2.5, 3.8: each way, at most a stream per channel open at once, and up
# (the data's way) the forwarded streams besides.
read -r up down _ <<<"$seen_one"
[ "$up" -le 5 ] && [ "$down" -le 1 ] || fatal "one association of 4: more channel streams seen than 2.5 and 3.8 give"
read -r up down _ <<<"$seen_two"
[ "$up" -le 4 ] && [ "$down" -le 2 ] || fatal "two associations of 2: more channel streams seen than 2.5 and 3.8 give"
