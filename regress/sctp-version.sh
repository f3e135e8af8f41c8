#	openssh-sctp: the fork names itself in -V, never in the protocol banner.

tid="openssh-sctp version"

for prog in "${SSH}" "${SSHD}"; do
	v=`${prog} -V 2>&1`
	case "$v" in
	OpenSSH_*-sctp[0-9]*", "*) trace "$prog -V: $v" ;;
	*) fail "$prog -V does not name the fork: $v" ;;
	esac
done

# The banner a peer sees is upstream's, and compat matching still knows it.
${SSH} -F $OBJ/ssh_proxy -v -E $OBJ/sctp-version.log somehost true || \
	fail "ssh over the proxy failed"
banner=`sed -n 's/.*remote software version //p' $OBJ/sctp-version.log | tr -d '\r'`
trace "banner: $banner"
case "$banner" in
OpenSSH_[0-9]*.[0-9]*)
	case "$banner" in *sctp*) fail "banner names the fork: $banner" ;; esac ;;
*) fail "unexpected banner: '$banner'" ;;
esac
grep "compat_banner: match: ${banner} pat OpenSSH" $OBJ/sctp-version.log >/dev/null || \
	fail "compat matching does not recognise '$banner' as OpenSSH"
# ssh -v's first line names the fork too.
grep "debug1: OpenSSH_.*-sctp" $OBJ/sctp-version.log >/dev/null || \
	fail "ssh -v does not name the fork"
rm -f $OBJ/sctp-version.log
