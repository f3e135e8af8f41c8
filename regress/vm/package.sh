# package: the Debian package of "make deb" (README.md, "Install") in the
# VM's throw-away root: dpkg installs it beside Debian's openssh-server;
# Debian's sshd on TCP port 22 and sshd-sctp on SCTP port 22 run on host
# B as their units start them (systemd is not PID 1 here: the
# RuntimeDirectory is made by hand, ExecStartPre's -t, then the daemon);
# a user logs in over SCTP with a key and with a password through PAM;
# the host key that ssh-sctp learnt is the one the stock ssh finds over
# TCP; after dpkg -r the stock OpenSSH still works.
. "$(dirname "$0")/lib.sh"
deb=$(ls "$TOP"/build/deb/openssh-sctp_*_amd64.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fatal "no package in build/deb (make deb)"
[ -f /etc/pam.d/sshd ] || fatal "no /etc/pam.d/sshd (openssh-server: contrib/install-deps)"
"$TOPO" up 1
W=$(mktemp -d /tmp/pkg.XXXXXX)
B1=$("$TOPO" addr b 1)
cleanup() {
	for f in /run/sshd-sctp.pid /run/sshd.pid; do
		[ -s "$f" ] && kill "$(cat "$f")" 2>/dev/null
	done
	timeout -k 5 300 dpkg -r openssh-sctp >/dev/null 2>&1 || true
}
trap cleanup EXIT

# man-db's trigger (mandb over every page of the 9p root) took 350 s of
# dpkg -i's 370 under emulation: off in this throw-away root, as the
# debconf answer man-db/auto-update false leaves it.
rm -f /var/lib/man-db/auto-update
# Each step bounded, so that a hang says where it was.
step() { local t=$1; shift; timeout -k 5 "$t" "$@"; }
step 300 dpkg -i "$deb" >"$W/dpkg.log" 2>&1 || { cat "$W/dpkg.log"; fatal "dpkg -i failed"; }
for f in /usr/bin/ssh-sctp /usr/sbin/sshd-sctp /etc/ssh-sctp/sshd_config \
    /lib/systemd/system/openssh-sctp.service /usr/bin/ssh /usr/sbin/sshd; do
	[ -e "$f" ] || fatal "$f missing after dpkg -i"
done
mkdir -p /run/sshd /run/sshd-sctp
"$TOPO" exec b /usr/sbin/sshd -t || fatal "the stock sshd's configuration fails"
"$TOPO" exec b /usr/sbin/sshd || fatal "the stock sshd did not start"
"$TOPO" exec b /usr/sbin/sshd-sctp -t || fatal "sshd-sctp -t failed"
"$TOPO" exec b /usr/sbin/sshd-sctp || fatal "sshd-sctp did not start"
for _ in $(seq 50); do [ -s /run/sshd-sctp.pid ] && break; sleep 0.2; done
[ -s /run/sshd-sctp.pid ] || fatal "sshd-sctp wrote no pid file"

useradd -m -s /bin/sh pkguser
echo 'pkguser:Sctp-pw-2026' | chpasswd
ssh-keygen -q -t ed25519 -N '' -f "$W/id"
install -d -o pkguser -m 700 /home/pkguser/.ssh
install -o pkguser -m 600 "$W/id.pub" /home/pkguser/.ssh/authorized_keys
opts=(-i "$W/id" -o UserKnownHostsFile="$W/kh" -o BatchMode=yes -o ConnectTimeout=30)

# A key, over SCTP: the session's host has the association.
out=$("$TOPO" exec a ssh-sctp "${opts[@]}" -o StrictHostKeyChecking=accept-new \
    pkguser@"$B1" 'grep -c . /proc/net/sctp/assocs' 2>"$W/key.err") ||
    { cat "$W/key.err"; fatal "key login over SCTP failed"; }
[ "$out" -ge 2 ] || fatal "key login: no SCTP association at the server ($out)"
note "ssh-sctp, a key: logged in over SCTP"

# A password, through PAM (Debian's /etc/pam.d/sshd).
printf '#!/bin/sh\necho Sctp-pw-2026\n' >"$W/askpass"
chmod 755 "$W/askpass"
out=$("$TOPO" exec a env SSH_ASKPASS="$W/askpass" SSH_ASKPASS_REQUIRE=force \
    DISPLAY=none setsid -w ssh-sctp -o ConnectTimeout=30 -o UserKnownHostsFile="$W/kh" \
    -o PubkeyAuthentication=no -o PreferredAuthentications=password \
    -o StrictHostKeyChecking=yes pkguser@"$B1" 'echo pam-ok' </dev/null 2>"$W/pw.err") ||
    { cat "$W/pw.err"; fatal "password login through PAM failed"; }
[ "$out" = pam-ok ] || fatal "password login: '$out'"
note "ssh-sctp, a password through PAM: logged in"

# The host key ssh-sctp learnt over SCTP is the stock sshd's over TCP.
out=$("$TOPO" exec a /usr/bin/ssh "${opts[@]}" -o StrictHostKeyChecking=yes \
    pkguser@"$B1" 'echo tcp-ok' 2>"$W/tcp.err") ||
    { cat "$W/tcp.err"; fatal "the stock ssh over TCP refused the host key ssh-sctp learnt"; }
[ "$out" = tcp-ok ] || fatal "stock ssh over TCP: '$out'"
note "the stock ssh over TCP accepts the host key learnt over SCTP"

kill "$(cat /run/sshd-sctp.pid)"
step 300 dpkg -r openssh-sctp >"$W/dpkg-r.log" 2>&1 || { cat "$W/dpkg-r.log"; fatal "dpkg -r failed (or took 300 s)"; }
[ ! -e /usr/bin/ssh-sctp ] && [ ! -e /usr/sbin/sshd-sctp ] || fatal "files left after dpkg -r"
out=$("$TOPO" exec a /usr/bin/ssh "${opts[@]}" -o StrictHostKeyChecking=yes \
    pkguser@"$B1" 'echo still' 2>"$W/tcp2.err") ||
    { cat "$W/tcp2.err"; fatal "the stock ssh failed after dpkg -r"; }
[ "$out" = still ] || fatal "after dpkg -r: '$out'"
/usr/sbin/sshd -t || fatal "the stock sshd's configuration fails after dpkg -r"
note "dpkg -r: the stock ssh and sshd work on"
