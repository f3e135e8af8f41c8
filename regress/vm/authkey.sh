# authkey: SCTP-AUTH keyed by SSH (PROTOCOL.sctp 1.4).  With SCTPAuthKey
# on both sides (the default): both log the agreement, key 1 installed
# and active, key 0 retired and deleted; a 4 MB transfer with a key
# exchange every 1 MB arrives intact and each new key replaces the last;
# the same with SCTPChannelStreams no (single-stream mode).  With
# SCTPAuthKey no at ssh: not agreed, the session works.  The kernel's
# lists of chunks to authenticate name DATA, SACK and FORWARD TSN.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
"$TOPO" set 1 delay 5
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
start_sshd "Transport sctp"
trap 'stop_sshd' EXIT
head -c 4000000 /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -c1-64)

run() {
	local name=$1
	shift
	: >"$W/sshd.log"
	on_a timeout 300 "$SSH" -F "$CFG" -z -v "$@" "$B1" sha256sum \
	    <"$W/data" >"$W/$name.out" 2>"$W/$name.log" ||
	    { tail -20 "$W/$name.log"; tail -20 "$W/sshd.log"; fatal "$name: ssh failed"; }
	[ "$(cut -c1-64 "$W/$name.out")" = "$sum" ] ||
	    fatal "$name: the data did not arrive intact"
	sleep 1
}
keyed() {
	local name=$1 f
	for f in "$W/$name.log" "$W/sshd.log"; do
		grep -q "SCTP-AUTH keyed by SSH: agreed" "$f" ||
		    { grep SCTP-AUTH "$f"; fatal "$name: not agreed ($f)"; }
		grep -q "SCTP-AUTH: key 1 installed" "$f" ||
		    fatal "$name: key 1 not installed ($f)"
		grep -q "SCTP-AUTH: key 1 active, key 0 retired" "$f" ||
		    fatal "$name: key 1 not active ($f)"
		grep -q "SCTP-AUTH: key 0 deleted" "$f" ||
		    fatal "$name: key 0 not deleted ($f)"
		grep -q "SCTP-AUTH: key [3-9] active, key [2-8] retired" "$f" ||
		    { grep SCTP-AUTH "$f"; fatal "$name: rekeying did not renew the key ($f)"; }
		grep -q "SCTP-AUTH: key [2-8] deleted" "$f" ||
		    fatal "$name: an old key not deleted ($f)"
	done
	note "$name: $(grep -c "SCTP-AUTH: key [0-9]* deleted" "$W/$name.log") keys retired at ssh, $(grep -c "SCTP-AUTH: key [0-9]* deleted" "$W/sshd.log") at sshd"
}

run streams -o RekeyLimit=1M
keyed streams
grep -q "SCTP channels on streams in use" "$W/streams.log" ||
    fatal "streams: not in multi-stream mode"
run single -o RekeyLimit=1M -o SCTPChannelStreams=no
keyed single
run off -o SCTPAuthKey=no
grep -q "SCTP-AUTH keyed by SSH: agreed" "$W/off.log" &&
    fatal "off: agreed with SCTPAuthKey no"
grep -q "SCTP-AUTH: key" "$W/off.log" "$W/sshd.log" &&
    fatal "off: keys installed with SCTPAuthKey no"
note "off: SCTPAuthKey no: not agreed, the transfer intact"
