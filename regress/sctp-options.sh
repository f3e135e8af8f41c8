#	openssh-sctp: Transport and the SCTP options: parsing, defaults, and
#	clear errors for bad input (no kernel SCTP needed).

tid="openssh-sctp options"

# expect_fail WHAT MESSAGE CMD...: CMD exits 255 and says MESSAGE.
expect_fail() {
	what=$1 msg=$2
	shift 2
	"$@" >$OBJ/sctp-opt.out 2>&1
	rc=$?
	if [ $rc -ne 255 ]; then
		fail "$what: exit status $rc, not 255"
	elif ! grep -F -- "$msg" $OBJ/sctp-opt.out >/dev/null; then
		fail "$what: no '$msg' in: `cat $OBJ/sctp-opt.out`"
	else
		trace "$what: `head -n 1 $OBJ/sctp-opt.out`"
	fi
}

# Defaults and -z.
${REAL_SSH} -G -F /dev/null somehost > $OBJ/sctp-opt.G || fail "ssh -G failed"
grep '^transport tcp$' $OBJ/sctp-opt.G >/dev/null || fail "default Transport is not tcp"
for kv in "sctpstreams 10" "sctpheartbeatinterval 1000" "sctprtoinitial 1000" \
    "sctprtomin 200" "sctprtomax 1000" "sctppathmaxretransmissions 5" \
    "sctppotentiallyfailedthreshold 0" "sctpchannelstreams yes" \
    "sctpstreamscheduler prio" "sctpstreamweights 8 1" "sctpdraintimeout 120" \
    "sctpunreachabletimeout 1200" "sctproaming yes" "sctpauthkey yes" \
    "sctpudpencapsulation no"; do
	grep -Fx "$kv" $OBJ/sctp-opt.G >/dev/null || fail "default: no '$kv'"
done
# Channels on streams: the options and their values.
${REAL_SSH} -G -F /dev/null -o SCTPChannelStreams=no -o SCTPStreamScheduler=wfq \
    -o "SCTPStreamWeights=4 2" -o SCTPDrainTimeout=0 somehost > $OBJ/sctp-opt.G ||
	fail "ssh -G with channels-on-streams options failed"
for kv in "sctpchannelstreams no" "sctpstreamscheduler wfq" "sctpstreamweights 4 2" \
    "sctpdraintimeout 0"; do
	grep -Fx "$kv" $OBJ/sctp-opt.G >/dev/null || fail "ssh -G: no '$kv'"
done
# G_has OPTION=VALUE LINE: ssh -G with that option shows LINE.
G_has() {
	${REAL_SSH} -G -F /dev/null -o "$1" somehost | grep -Fx "$2" >/dev/null ||
		fail "$1: no '$2' in ssh -G"
}
# SCTPUnreachableTimeout: a time, or none.
for kv in "90s:90" "1h30m:5400" "none:none" "0:none"; do
	G_has "SCTPUnreachableTimeout=${kv%%:*}" "sctpunreachabletimeout ${kv#*:}"
done
expect_fail "SCTPUnreachableTimeout=soon" 'SCTPUnreachableTimeout: bad time "soon" (up to 12h, or none)' \
	${REAL_SSH} -G -F /dev/null -o SCTPUnreachableTimeout=soon somehost
expect_fail "SCTPUnreachableTimeout=13h" 'SCTPUnreachableTimeout: bad time "13h"' \
	${REAL_SSH} -G -F /dev/null -o SCTPUnreachableTimeout=13h somehost
G_has SCTPRoaming=no "sctproaming no"
G_has SCTPAuthKey=no "sctpauthkey no"
G_has SCTPAuthKey=control "sctpauthkey control"
expect_fail "SCTPAuthKey=maybe" 'SCTPAuthKey: unsupported value "maybe" (yes, control or no)' \
	${REAL_SSH} -G -F /dev/null -o SCTPAuthKey=maybe somehost
G_has SCTPUDPEncapsulation=9899 "sctpudpencapsulation 9899"
G_has SCTPUDPEncapsulation=no "sctpudpencapsulation no"
expect_fail "SCTPUDPEncapsulation=yes" 'SCTPUDPEncapsulation' \
	${REAL_SSH} -G -F /dev/null -o SCTPUDPEncapsulation=yes somehost
expect_fail "SCTPUDPEncapsulation=70000" 'SCTPUDPEncapsulation' \
	${REAL_SSH} -G -F /dev/null -o SCTPUDPEncapsulation=70000 somehost
expect_fail "SCTPRoaming=sometimes" 'SCTPRoaming: unsupported value "sometimes" (yes or no)' \
	${REAL_SSH} -G -F /dev/null -o SCTPRoaming=sometimes somehost
expect_fail "SCTPChannelStreams=maybe" 'SCTPChannelStreams: unsupported value "maybe" (yes or no)' \
	${REAL_SSH} -G -F /dev/null -o SCTPChannelStreams=maybe somehost
expect_fail "SCTPStreamScheduler=fifo" 'unsupported scheduler "fifo" (fcfs, prio, rr, fc or wfq)' \
	${REAL_SSH} -G -F /dev/null -o SCTPStreamScheduler=fifo somehost
expect_fail "SCTPStreamWeights one value" 'SCTPStreamWeights needs two weights' \
	${REAL_SSH} -G -F /dev/null -o SCTPStreamWeights=4 somehost
expect_fail "SCTPStreamWeights zero" 'SCTPStreamWeights value "0" is too small' \
	${REAL_SSH} -G -F /dev/null -o "SCTPStreamWeights=0 1" somehost
${REAL_SSH} -G -F /dev/null -z somehost | grep '^transport sctp$' >/dev/null || \
	fail "-z does not select Transport sctp"
${REAL_SSH} -G -F /dev/null -o Transport=sctp -o SCTPPeerAddresses=192.0.2.1,[2001:db8::1] \
    -o SCTPRTOMin=50 -o SCTPHeartbeatInterval=none somehost > $OBJ/sctp-opt.G || fail "ssh -G with options failed"
for kv in "transport sctp" "sctppeeraddresses 192.0.2.1,[2001:db8::1]" "sctprtomin 50" \
    "sctpheartbeatinterval 0"; do
	grep -Fx "$kv" $OBJ/sctp-opt.G >/dev/null || fail "ssh -G: no '$kv'"
done

# %C hashes the transport when it is sctp; TCP's %C is upstream's.
cp_tcp=`${REAL_SSH} -G -F /dev/null -o 'ControlPath=/x/%C' somehost | sed -n 's/^controlpath //p'`
cp_tcp2=`${REAL_SSH} -G -F /dev/null -o Transport=tcp -o 'ControlPath=/x/%C' somehost | sed -n 's/^controlpath //p'`
cp_sctp=`${REAL_SSH} -G -F /dev/null -z -o 'ControlPath=/x/%C' somehost | sed -n 's/^controlpath //p'`
[ -n "$cp_tcp" ] && [ "$cp_tcp" = "$cp_tcp2" ] || fail "%C: tcp '$cp_tcp', Transport=tcp '$cp_tcp2'"
[ -n "$cp_sctp" ] && [ "$cp_sctp" != "$cp_tcp" ] || fail "%C: the same for sctp and tcp ($cp_sctp)"

# Bad input: clear errors in OpenSSH's wording, exit 255.
expect_fail "Transport=foo" 'unsupported Transport "foo" (tcp or sctp)' \
	${REAL_SSH} -G -F /dev/null -o Transport=foo somehost
expect_fail "Transport=all for ssh" 'unsupported Transport "all"' \
	${REAL_SSH} -G -F /dev/null -o Transport=all somehost
expect_fail "empty peer address" 'SCTPPeerAddresses: empty address in list "a,,b"' \
	${REAL_SSH} -G -F /dev/null -o SCTPPeerAddresses=a,,b somehost
expect_fail "port in peer addresses" 'no port allowed' \
	${REAL_SSH} -G -F /dev/null -o 'SCTPPeerAddresses=a;22' somehost
expect_fail "streams out of range" 'SCTPStreams value "70000" is too large' \
	${REAL_SSH} -G -F /dev/null -o SCTPStreams=70000 somehost
expect_fail "RTO not a number" 'SCTPRTOMin value "fast" is invalid' \
	${REAL_SSH} -G -F /dev/null -o SCTPRTOMin=fast somehost
# RTO bounds given that contradict each other are an error; defaults give way.
expect_fail "SCTPRTOMin above SCTPRTOMax" 'SCTPRTOMin (2000 ms) is above SCTPRTOMax (1000 ms)' \
	${REAL_SSH} -G -F /dev/null -o SCTPRTOMin=2000 -o SCTPRTOMax=1000 somehost
expect_fail "SCTPRTOInitial outside" 'SCTPRTOInitial (3000 ms) is outside SCTPRTOMin to SCTPRTOMax (200 to 2000 ms)' \
	${REAL_SSH} -G -F /dev/null -o SCTPRTOInitial=3000 -o SCTPRTOMax=2000 somehost
${REAL_SSH} -G -F /dev/null -o SCTPRTOMin=2000 somehost > $OBJ/sctp-opt.G || fail "ssh -G SCTPRTOMin=2000 failed"
for kv in "sctprtomin 2000" "sctprtomax 2000" "sctprtoinitial 2000"; do
	grep -Fx "$kv" $OBJ/sctp-opt.G >/dev/null || fail "SCTPRTOMin=2000 alone: no '$kv'"
done
# Forwarding specs: a port followed by a word that is no protocol is a typo
# (not a Unix-domain socket); dynamic and stdio forwards are TCP only.
expect_fail "-L 5353/udpp" 'Unknown protocol "udpp" in forwarding specification' \
	${REAL_SSH} -G -F /dev/null -L 5353/udpp:127.0.0.1:53 somehost
expect_fail "-R 5353/UDPP" 'Unknown protocol "UDPP" in forwarding specification' \
	${REAL_SSH} -G -F /dev/null -R 5353/UDPP:127.0.0.1:53 somehost
expect_fail "LocalForward 5353/sctpp" 'Unknown protocol "sctpp" in forwarding specification' \
	${REAL_SSH} -G -F /dev/null -o "LocalForward=5353/sctpp 127.0.0.1:53" somehost
expect_fail "-D 1080/udp" 'Dynamic (SOCKS) and stdio forwarding are TCP only: /udp is not taken here' \
	${REAL_SSH} -G -F /dev/null -D 1080/udp somehost
expect_fail "DynamicForward 1080/sctp" 'Dynamic (SOCKS) and stdio forwarding are TCP only: /sctp' \
	${REAL_SSH} -G -F /dev/null -o DynamicForward=1080/sctp somehost
expect_fail "-W host:53/udp" 'Dynamic (SOCKS) and stdio forwarding are TCP only: /udp' \
	${REAL_SSH} -G -F /dev/null -W 127.0.0.1:53/udp somehost
${REAL_SSH} -G -F /dev/null -L ./5353/udpp:127.0.0.1:53 -D 1080/tcp somehost > $OBJ/sctp-opt.G ||
	fail "ssh -G with ./5353/udpp (a socket path) and -D 1080/tcp failed"
grep -Fx "localforward ./5353/udpp [127.0.0.1]:53" $OBJ/sctp-opt.G >/dev/null ||
	fail "./5353/udpp is not a Unix-domain socket forward: `grep localforward $OBJ/sctp-opt.G`"
grep -Fx "dynamicforward 1080" $OBJ/sctp-opt.G >/dev/null &&
    [ "`grep -c '^localforward' $OBJ/sctp-opt.G`" = 1 ] ||
	fail "-D 1080/tcp is not the dynamic forward -D 1080: `grep forward $OBJ/sctp-opt.G`"
# With ProxyCommand the command makes the connection; -v says Transport
# does not apply (as BindAddress does not).
${REAL_SSH} -F /dev/null -z -v -o "ProxyCommand=false" somehost true > $OBJ/sctp-opt.out 2>&1 &&
	fail "ssh with ProxyCommand=false succeeded"
grep "Transport sctp not used: ProxyCommand or ProxyJump makes the connection" $OBJ/sctp-opt.out >/dev/null ||
	{ cat $OBJ/sctp-opt.out; fail "ProxyCommand with sctp: no message that Transport does not apply"; }
expect_fail "BindInterface with sctp" 'Transport sctp: use BindAddress, not BindInterface' \
	${REAL_SSH} -F /dev/null -z -o BindInterface=lo 127.0.0.1 true

# Without kernel SCTP (these machines), the reason is given, not a crash.
if ! grep '^SCTP ' /proc/net/protocols >/dev/null 2>&1; then
	expect_fail "no kernel SCTP" 'SCTP is not available: the running kernel has no SCTP support' \
		${REAL_SSH} -F /dev/null -z -o ConnectTimeout=5 127.0.0.1 true
fi

# sshd: the server options, and their errors.
cp $OBJ/sshd_config $OBJ/sshd_config.sctp
cat >> $OBJ/sshd_config.sctp <<EOC
Transport all
ListenMultipleAddresses 192.0.2.1,[2001:db8::2];2200
ListenMultipleAddresses 198.51.100.1,198.51.100.2
SCTPPotentiallyFailedThreshold 3
SCTPUnreachableTimeout 2h
SCTPRoaming no
SCTPAuthKey no
SCTPUDPEncapsulation 9899
EOC
${SUDO} ${SSHD} -T -f $OBJ/sshd_config.sctp > $OBJ/sctp-opt.T 2>&1 || { cat $OBJ/sctp-opt.T; fail "sshd -T failed"; }
for kv in "transport all" "listenmultipleaddresses 192.0.2.1,[2001:db8::2];2200" \
    "listenmultipleaddresses 198.51.100.1,198.51.100.2" "sctppotentiallyfailedthreshold 3" \
    "sctpunreachabletimeout 7200" "sctproaming no" "sctpauthkey no" \
    "sctpudpencapsulation 9899"; do
	grep -Fx "$kv" $OBJ/sctp-opt.T >/dev/null || fail "sshd -T: no '$kv'"
done
${SUDO} ${SSHD} -T -f $OBJ/sshd_config -o SCTPAuthKey=control 2>&1 |
    grep -Fx "sctpauthkey control" >/dev/null || fail "sshd -T: no 'sctpauthkey control'"
# ListenAddress lists: one multi-homed SCTP socket, and TCP on each address
# (IPv4 only: the regress configuration has AddressFamily inet).
cp $OBJ/sshd_config $OBJ/sshd_config.sctp
cat >> $OBJ/sshd_config.sctp <<EOC
Transport all
ListenAddress 192.0.2.7,192.0.2.8:2201
ListenAddress [192.0.2.9],[192.0.2.10]:2202
EOC
${SUDO} ${SSHD} -T -f $OBJ/sshd_config.sctp > $OBJ/sctp-opt.T 2>&1 || { cat $OBJ/sctp-opt.T; fail "sshd -T (ListenAddress list) failed"; }
for kv in "listenmultipleaddresses 192.0.2.7,192.0.2.8;2201" "listenaddress 192.0.2.7:2201" \
    "listenaddress 192.0.2.8:2201" "listenmultipleaddresses [192.0.2.9],[192.0.2.10];2202" \
    "listenaddress 192.0.2.9:2202" "listenaddress 192.0.2.10:2202"; do
	grep -Fx "$kv" $OBJ/sctp-opt.T >/dev/null || { cat $OBJ/sctp-opt.T; fail "sshd -T: no '$kv'"; }
done
bad() {
	cp $OBJ/sshd_config $OBJ/sshd_config.bad
	printf '%s\n' "$1" >> $OBJ/sshd_config.bad
	expect_fail "sshd: $1" "$2" ${SUDO} ${SSHD} -t -f $OBJ/sshd_config.bad
}
bad "Transport udp" 'unsupported Transport "udp" (tcp, sctp or all)'
bad "ListenMultipleAddresses a,b;99999" 'bad port "99999"'
bad "ListenMultipleAddresses a b" 'garbage at end of line'
bad "ListenAddress 192.0.2.1,,192.0.2.2" 'ListenAddress 192.0.2.1,,192.0.2.2: empty address in list'
bad "ListenAddress 192.0.2.1,192.0.2.2:99999" 'bad port "99999"'
bad "ListenAddress 192.0.2.1,192.0.2.2 rdomain x" 'bad ListenAddress list'
bad "SCTPPeerAddresses 192.0.2.1" 'Bad configuration option: SCTPPeerAddresses'
bad "SCTPRTOMin 500
SCTPRTOMax 400" 'SCTPRTOMin (500 ms) is above SCTPRTOMax (400 ms)'
bad "PermitOpen 127.0.0.1:53/udpp" 'udpp'
# AllowSCTPForwarding follows AllowTcpForwarding unless set, and sshd -T
# says what it is.
for kv in "no:no" "local:local" "yes:yes"; do
	cp $OBJ/sshd_config $OBJ/sshd_config.sctp
	echo "AllowTcpForwarding ${kv%%:*}" >> $OBJ/sshd_config.sctp
	${SUDO} ${SSHD} -T -f $OBJ/sshd_config.sctp 2>&1 | grep -Fx "allowsctpforwarding ${kv#*:}" >/dev/null ||
		fail "sshd -T: AllowTcpForwarding ${kv%%:*} without AllowSCTPForwarding: no 'allowsctpforwarding ${kv#*:}'"
done
echo "AllowSCTPForwarding remote" >> $OBJ/sshd_config.sctp
${SUDO} ${SSHD} -T -f $OBJ/sshd_config.sctp 2>&1 | grep -Fx "allowsctpforwarding remote" >/dev/null ||
	fail "sshd -T: AllowSCTPForwarding remote not shown"
printf 'Match User nobody\n\tTransport sctp\n' > $OBJ/sshd_config.match
cat $OBJ/sshd_config $OBJ/sshd_config.match > $OBJ/sshd_config.bad
expect_fail "sshd: Transport in Match" "Directive 'Transport' is not allowed within a Match block" \
	${SUDO} ${SSHD} -t -f $OBJ/sshd_config.bad
rm -f $OBJ/sctp-opt.* $OBJ/sshd_config.sctp $OBJ/sshd_config.bad $OBJ/sshd_config.match
