# nossl: a build without OpenSSL (build/openssh-noossl, configure
# --without-openssl; regress/run-tests builds it) against ours, each way,
# over SCTP (issue 18: such a build must not offer channels on streams,
# whose ciphers it lacks, PROTOCOL.sctp 2.1).  Each way: the session runs,
# both ends say channels on streams are not in use (the build without
# OpenSSL: "not offered"), SCTP-AUTH keyed by SSH is agreed and renewed
# at each key exchange, and 2 MB with a key exchange every 256 KB come
# back intact.
. "$(dirname "$0")/lib.sh"
NOSSL=${NOSSL_TREE:-$TOP/build/openssh-noossl}
for f in ssh sshd sshd-session sshd-auth; do
	[ -x "$NOSSL/$f" ] || fatal "no $NOSSL/$f: build it (regress/run-tests vm does)"
done
"$NOSSL/ssh" -V 2>&1 | grep -q "without OpenSSL" ||
    fatal "$NOSSL/ssh is not a build without OpenSSL: $("$NOSSL/ssh" -V 2>&1)"
"$TOPO" up 1
"$TOPO" set 1 delay 5
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
trap 'stop_sshd' EXIT
head -c 2000000 /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -c1-64)

# run NAME CLIENT-TREE: a session from host A with that ssh; its -v log
# in $W/NAME.log, sshd's in $W/sshd.log.
run() {
	: >"$W/sshd.log"
	on_a timeout 300 "$2/ssh" -F "$CFG" -z -v -o RekeyLimit=256K "$B1" \
	    sha256sum <"$W/data" >"$W/$1.out" 2>"$W/$1.log" ||
	    { tail -20 "$W/$1.log"; tail -20 "$W/sshd.log"; fatal "$1: ssh failed"; }
	[ "$(cut -c1-64 "$W/$1.out")" = "$sum" ] ||
	    fatal "$1: the data did not arrive intact"
	sleep 1
	! grep -q "SCTP channels on streams in use" "$W/$1.log" "$W/sshd.log" ||
	    fatal "$1: channels on streams in use with a build without OpenSSL"
	grep -q "SCTP-AUTH keyed by SSH: agreed" "$W/$1.log" ||
	    { grep -i "sctp-auth" "$W/$1.log" | head; fatal "$1: SCTP-AUTH keyed by SSH not agreed"; }
	n=$(grep -c "SSH2_MSG_NEWKEYS received" "$W/$1.log" || true)
	[ "$n" -ge 4 ] || fatal "$1: only $n key exchanges"
}

# A client without OpenSSL, our sshd.
start_sshd "Transport sctp"
run nossl-client "$NOSSL"
grep -q "SCTP channels on streams: not offered: this build" "$W/nossl-client.log" ||
    { grep "channels on streams" "$W/nossl-client.log"; fatal "the client without OpenSSL did not say why it offers no channels on streams"; }
note "a client without OpenSSL, our sshd: $(grep -m1 'channels on streams' "$W/nossl-client.log" | sed 's/^debug1: //'); $(grep -c 'SSH2_MSG_NEWKEYS received' "$W/nossl-client.log") key exchanges, data intact"
stop_sshd

# Our client, an sshd without OpenSSL.
TREE=$NOSSL SSHD=$NOSSL/sshd start_sshd "Transport sctp"
run nossl-server "$TREE"
grep -q "SCTP channels on streams: not offered by the peer" "$W/nossl-server.log" ||
    { grep "channels on streams" "$W/nossl-server.log"; fatal "our client did not see the sshd without OpenSSL offer none"; }
note "our client, an sshd without OpenSSL: $(grep -m1 'channels on streams' "$W/nossl-server.log" | sed 's/^debug1: //'); $(grep -c 'SSH2_MSG_NEWKEYS received' "$W/nossl-server.log") key exchanges, data intact"
echo "ok nossl"
