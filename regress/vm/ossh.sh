# ossh NAME: OpenSSH's own regress test regress/NAME.sh with "Transport
# sctp" added to the client configuration the test writes and "Transport
# all" to the server's (test-exec.sh's TEST_SSH_SSH_CONFOPTS and
# TEST_SSH_SSHD_CONFOPTS), over kernel SCTP on the loopback.  Only tests
# that start a listening sshd mean anything here; the test also checks,
# with the kernel's SCTP counters, that sshd accepted associations.
. "$(dirname "$0")/lib.sh"
t=$1
ip link set lo up
# sshd serves both (some tests reach it through a TCP netcat proxy); the
# client's direct connections use SCTP.
export TEST_SSH_SSH_CONFOPTS="Transport sctp" TEST_SSH_SSHD_CONFOPTS="Transport all"
# make check may run upstream's suite on the host meanwhile, in the same
# tree's regress directory: wait for it to end (OSSH_AFTER, the file it
# leaves then; at most 500 s).
if [ -n "${OSSH_AFTER:-}" ]; then
	for _ in $(seq 100); do [ -e "$OSSH_AFTER" ] && break; sleep 5; done
	[ -e "$OSSH_AFTER" ] || fatal "upstream's suite on the host still runs in this tree ($OSSH_AFTER)"
fi
estabs() { awk '$1 == "SctpPassiveEstabs" { print $2 }' /proc/net/sctp/snmp; }
e0=$(estabs)
# The test's logs on the VM's own file system: test-exec.sh points
# symlinks at them, which the 9p-shared tree does not keep reliably.
d=/tmp/ossh-$t
rm -rf "$d"; mkdir -p "$d/log"
export TEST_SSH_LOGDIR=$d/log TEST_SSH_LOGFILE=$d/ssh.log TEST_SSHD_LOGFILE=$d/sshd.log \
    TEST_REGRESS_LOGFILE=$d/regress.log
rc=0
make -C "$TREE" t-exec LTESTS="$t" SKIP_LTESTS= || rc=$?
n=$(( $(estabs) - e0 ))
if [ "$rc" != 0 ]; then
	ls -la "$d" "$d/log" | head -20
	tail -n 20 "$d/regress.log" 2>/dev/null || true
	for f in $(ls -t "$d"/log/* 2>/dev/null | head -n 4); do
		echo "== $f"; tail -n 12 "$f"
	done
	fatal "regress/$t.sh failed over SCTP"
fi
# The kernel counts the SCTP associations the sshd accepted.
[ "$n" -gt 0 ] || fatal "regress/$t.sh passed, but no connection came over SCTP"
note "regress/$t.sh passed over SCTP ($n SCTP associations accepted)"
