# nofeature: ssh and sshd on a kernel that lacks SCTP socket options of
# later Linux releases, one option at a time and all those added after
# 4.19 and 5.4 at once (regress/vm/nosockopt.py: a seccomp filter answers
# them ENOPROTOOPT, as Linux answers an option it does not know).  Each
# case: ssh -z logs in, 2 MB up and down through the session intact, with
# a key exchange every 256 KB (the drains of channels on streams), and ssh
# exits with the command's status; a lacking option may cost a feature
# (named by ssh -v or sshd's log) but never the session, and SCTP-AUTH
# stays keyed by SSH where both ends can check it.  Without
# SCTP_AUTH_SUPPORTED nothing tells whether an association has SCTP-AUTH
# (PROTOCOL.sctp 1.4): ssh and sshd refuse SCTPAuthKey yes there, saying
# so, and run with SCTPAuthKey no (set at that end in its cases).  Then,
# without
# SCTP_GET_ASSOC_STATS (PROTOCOL.sctp 2.12: the key-exchange wait cannot
# tell progress, so a key exchange does not wait), every path cut for 6 s
# of an idle session that rekeys every 2 s: the session lives on.  Last,
# forwarded SCTP (socat) each way between ends without the options after
# 4.19.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2)
NOOPT=$(dirname "$0")/nosockopt.py
trap 'stop_sshd' EXIT
head -c 2000000 /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -c1-64)

# feature_case OPTS SIDES: sshd (SIDES b or ab) and ssh (a or ab) without
# OPTS; an end without SCTP_AUTH_SUPPORTED has SCTPAuthKey no.
feature_case() {
	local opts=$1 sides=$2 name out rc pre="" noauth=no sak=yes
	name=$(echo "$opts-$sides" | tr ',.' '__')
	case $opts in *AUTH_SUPPORTED*|4.19) noauth=yes ;; esac
	SSHD_PRE=
	case $sides in *b*) SSHD_PRE="/usr/bin/python3 $NOOPT $opts" ;; esac
	[ $noauth = yes ] && [[ $sides = *b* ]] && sak=no
	: >"$W/sshd.log"
	start_sshd "Transport sctp" "ListenMultipleAddresses $B1,$B2" \
	    "RekeyLimit 256K" "SCTPAuthKey $sak"
	sak=yes
	case $sides in *a*) pre="/usr/bin/python3 $NOOPT $opts" ;; esac
	[ $noauth = yes ] && [[ $sides = *a* ]] && sak=no
	# shellcheck disable=SC2086
	out=$(on_a timeout 300 $pre "$SSH" -F "$CFG" -v -z -o SCTPAuthKey=$sak \
	    -o "SCTPPeerAddresses=$B2" -o RekeyLimit=256K "$B1" \
	    "sha256sum; cat $W/data; exit 3" <"$W/data" 2>"$W/$name.log" |
	    { head -n 1 | cut -c1-64; sha256sum | cut -c1-64; }) || true
	rc=$(on_a timeout 300 $pre "$SSH" -F "$CFG" -z -o SCTPAuthKey=$sak \
	    "$B1" 'exit 5' 2>>"$W/$name.log"; echo $?) || true
	stop_sshd
	sleep 0.5
	if [ "$out" != "$sum"$'\n'"$sum" ] || [ "$rc" != 5 ]; then
		tail -30 "$W/$name.log"; tail -30 "$W/sshd.log"
		fatal "without $opts ($sides): the session failed (sums '$out', exit $rc)"
	fi
	grep -q "SSH2_MSG_NEWKEYS received" "$W/$name.log" ||
	    fatal "without $opts ($sides): no key exchange"
	# SCTPAuthKey yes holds wherever both ends can have it.
	if [ $noauth = no ]; then
		grep -E -q "SCTP-AUTH: key [0-9]+ active" "$W/$name.log" ||
		    fatal "without $opts ($sides): SCTP-AUTH keyed by SSH not in use"
	fi
	case $opts,$sides in *ASCONF_SUPPORTED*a*|4.19,a*)
		grep -q "SCTPRoaming: not in effect: this kernel has no per-socket switch" "$W/$name.log" ||
		    fatal "without $opts ($sides): ssh -v does not say why it cannot roam" ;;
	esac
	grep -E -q -i "fatal|segmentation|assert" "$W/$name.log" "$W/sshd.log" &&
	    { grep -E -i "fatal|segmentation|assert" "$W/$name.log" "$W/sshd.log"; fatal "without $opts ($sides): a fatal error was logged"; }
	note "without $opts ($sides): 2 MB each way intact, $(grep -c 'SSH2_MSG_NEWKEYS received' "$W/$name.log") key exchanges; $(grep -q 'channels on streams in use' "$W/$name.log" && echo 'channels on streams' || echo 'one stream'); ssh -v: $(grep -E -i 'not available|not supported|not offered|not in effect' "$W/$name.log" | sed 's/^debug[0-9]: //' | sort -u | head -4 | tr '\n' ';')"
	cp "$W/sshd.log" "$W/sshd-$name.log"
}

for o in SCTP_EVENT SCTP_GET_ASSOC_STATS SCTP_STREAM_SCHEDULER \
    SCTP_INTERLEAVING_SUPPORTED SCTP_PEER_ADDR_THLDS SCTP_RECVRCVINFO \
    SCTP_PR_ASSOC_STATUS SCTP_ASCONF_SUPPORTED SCTP_AUTH_SUPPORTED \
    SCTP_EXPOSE_POTENTIALLY_FAILED_STATE SCTP_REMOTE_UDP_ENCAPS_PORT; do
	feature_case "$o" ab
done
# Without SCTP_AUTH_SUPPORTED, SCTPAuthKey yes cannot be checked: sshd
# does not start and ssh does not connect, each saying what to change
# (sshd -D with the last case's configuration: it must exit at once).
if "$TOPO" exec b timeout 60 /usr/bin/python3 "$NOOPT" SCTP_AUTH_SUPPORTED \
    "$SSHD" -D -f "$W/sshd_config" -E "$W/noauth-sshd.log"; then
	fatal "sshd ran with SCTPAuthKey yes and no SCTP_AUTH_SUPPORTED"
fi
msg="SCTPAuthKey: this kernel cannot tell whether an association has SCTP-AUTH (no SCTP_AUTH_SUPPORTED; Linux 5.4 and later have it): set SCTPAuthKey no"
grep -q -F "$msg" "$W/noauth-sshd.log" ||
    { cat "$W/noauth-sshd.log"; fatal "sshd did not say why it cannot listen"; }
start_sshd "Transport sctp"
if on_a /usr/bin/python3 "$NOOPT" SCTP_AUTH_SUPPORTED "$SSH" -F "$CFG" -z "$B1" true 2>"$W/noauth.log"; then
	fatal "ssh connected with SCTPAuthKey yes and no SCTP_AUTH_SUPPORTED"
fi
grep -q -F "$msg" "$W/noauth.log" ||
    { cat "$W/noauth.log"; fatal "ssh did not say why it cannot connect"; }
stop_sshd
note "without SCTP_AUTH_SUPPORTED: sshd and ssh refuse SCTPAuthKey yes: $msg"

for r in 4.19 5.4; do
	feature_case "$r" ab
	feature_case "$r" a
	feature_case "$r" b
done

# Without SCTP_GET_ASSOC_STATS both ends, an idle echoing session that
# rekeys every 2 s, every path cut for 6 s: the key exchange due does
# not wait for a path (2.12 cannot tell progress), and the session
# carries on once the paths are back.
SSHD_PRE="/usr/bin/python3 $NOOPT SCTP_GET_ASSOC_STATS"
start_sshd "Transport sctp" "ListenMultipleAddresses $B1,$B2"
SSHD_PRE=
ECHO_ON="on_a /usr/bin/python3 $NOOPT SCTP_GET_ASSOC_STATS" \
    echo_session nostats -o "SCTPPeerAddresses=$B2" -o "RekeyLimit=default 2s"
wait_newkeys "$W/nostats.log" 2 120 ||
    { tail -20 "$W/nostats.log"; fatal "nostats: no key exchange every 2 s"; }
grep -q "SCTP_GET_ASSOC_STATS: Protocol not available" "$W/nostats.log" ||
    fatal "nostats: ssh -v does not say it lacks SCTP_GET_ASSOC_STATS"
"$TOPO" cut 1; "$TOPO" cut 2
sleep 6
k=$(newkeys "$W/nostats.log")
"$TOPO" restore 1; "$TOPO" restore 2
echo after >&4
wait_for "$W/nostats.out" "got after" 120 ||
    { tail -30 "$W/nostats.log"; fatal "nostats: no answer within 120 s of the paths' return"; }
wait_newkeys "$W/nostats.log" "$k" 60 ||
    { tail -20 "$W/nostats.log"; fatal "nostats: no key exchange after the outage"; }
! grep -q "the key exchange due waits" "$W/nostats.log" ||
    fatal "nostats: a key exchange waited, without the counts that tell progress"
end_session nostats
note "without SCTP_GET_ASSOC_STATS: key exchanges every 2 s went on through a 6 s cut of every path (none waited), the session answered after it"

# Forwarded SCTP (socat at both ends, -L PORT/sctp each way) between ends
# without the options after 4.19.
stop_sshd
SSHD_PRE="/usr/bin/python3 $NOOPT 4.19"
start_sshd "Transport sctp" "SCTPAuthKey no"
SSHD_PRE=
head -c 1000000 /dev/urandom >"$W/fwd-up"
head -c 1000000 /dev/urandom >"$W/fwd-down"
rm -f "$W/got-up" "$W/got-down"
on_a /usr/bin/python3 "$NOOPT" 4.19 "$SSH" -F "$CFG" -v -z -N -o SCTPAuthKey=no \
    -L "7101/sctp:$B1:7001" -L "7102/sctp:$B1:7002" "$B1" 2>"$W/fwd.log" &
fpid=$!
"$TOPO" exec b socat -u SCTP-LISTEN:7001,reuseaddr CREATE:"$W/got-up" &
"$TOPO" exec b socat -u OPEN:"$W/fwd-down" SCTP-LISTEN:7002,reuseaddr &
wait_for "$W/fwd.log" "Entering interactive session" 60 ||
    { cat "$W/fwd.log"; fatal "fwd: ssh did not log in"; }
sleep 2
on_a timeout 120 socat -u OPEN:"$W/fwd-up" SCTP-CONNECT:127.0.0.1:7101 ||
    { tail -20 "$W/fwd.log"; fatal "fwd: -L up: socat exited with $?"; }
on_a timeout 120 socat -u SCTP-CONNECT:127.0.0.1:7102 CREATE:"$W/got-down" ||
    { tail -20 "$W/fwd.log"; fatal "fwd: -L down: socat exited with $?"; }
for _ in $(seq 100); do cmp -s "$W/fwd-up" "$W/got-up" && break; sleep 0.2; done
cmp -s "$W/fwd-up" "$W/got-up" || fatal "fwd: the upload arrived not whole"
cmp -s "$W/fwd-down" "$W/got-down" || fatal "fwd: the download arrived not whole"
kill "$fpid" 2>/dev/null || true
wait "$fpid" 2>/dev/null || true
stop_sshd
note "without the options after 4.19 at both ends: forwarded SCTP (socat, -L PORT/sctp) 1 MB each way whole"
