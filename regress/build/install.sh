# install: "make install PREFIX=... DESTDIR=..." puts the package's layout
# (README.md, "Install") under PREFIX, staged in DESTDIR and nowhere else,
# with PREFIX's paths compiled in, working configuration files that name
# the system's host keys, and the configuration kept when run again.
. "$(dirname "$0")/lib.sh"
prefix=/opt/openssh-sctp-install-test
root=$scratch/root
[ ! -e "$prefix" ] || fatal "$prefix exists on this machine: remove it first"
make -C "$TOP" install PREFIX="$prefix" DESTDIR="$root" >"$scratch/make" 2>&1 ||
    { tail -20 "$scratch/make"; fatal "make install failed"; }
[ ! -e "$prefix" ] || fatal "make install with DESTDIR wrote $prefix"
p=$root$prefix
for f in bin/ssh-sctp bin/scp-sctp bin/sftp-sctp sbin/sshd-sctp \
    lib/openssh-sctp/sshd-session lib/openssh-sctp/sshd-auth \
    lib/openssh-sctp/sftp-server etc/ssh-sctp/ssh_config \
    etc/ssh-sctp/sshd_config etc/ssh-sctp/moduli \
    share/man/man1/ssh-sctp.1 share/man/man5/sshd-sctp_config.5 \
    share/man/man8/sshd-sctp.8 share/doc/openssh-sctp/README.sctp \
    share/doc/openssh-sctp/PROTOCOL.sctp; do
	[ -e "$p/$f" ] || fatal "$prefix/$f not installed"
done
for f in bin/ssh bin/scp bin/sftp sbin/sshd; do
	[ ! -e "$p/$f" ] || fatal "$prefix/$f installed: it would shadow the system's"
done
other=$(cd "$root" && find . -mindepth 1 -maxdepth 2 | grep -v -e "^\.${prefix%/*}\$" \
    -e "^\.$prefix\$" -e '^\./var$' -e '^\./var/empty$' || true)
[ -z "$other" ] || fatal "installed outside PREFIX: $other"
note "make install: the package's names under $prefix, nothing else but the privsep directory"

grep -q "$prefix/etc/ssh-sctp/ssh_config" "$p/bin/ssh-sctp" || fatal "ssh-sctp does not read $prefix/etc/ssh-sctp/ssh_config"
grep -q "$prefix/bin/ssh-sctp" "$p/bin/scp-sctp" || fatal "scp-sctp does not run $prefix/bin/ssh-sctp"
grep -q "$prefix/etc/ssh-sctp" "$p/share/man/man5/sshd-sctp_config.5" || fatal "the pages name other paths"
note "PREFIX's paths compiled in (ssh_config, scp's ssh) and in the pages"

out=$("$p/bin/ssh-sctp" -G -F "$p/etc/ssh-sctp/ssh_config" somehost) || fatal "ssh-sctp -G failed"
echo "$out" | grep -qx "transport sctp" || fatal "ssh-sctp -G: not transport sctp"
echo "$out" | grep -q "^globalknownhostsfile /etc/ssh/ssh_known_hosts" || fatal "ssh-sctp -G: not the system's known hosts"
[ -f /etc/ssh/ssh_host_ed25519_key ] || fatal "no /etc/ssh/ssh_host_ed25519_key (openssh-server: contrib/install-deps)"
out=$("$p/sbin/sshd-sctp" -T -f "$p/etc/ssh-sctp/sshd_config" 2>"$scratch/T") ||
    { cat "$scratch/T"; fatal "sshd-sctp -T failed"; }
for l in "transport sctp" "pidfile /run/sshd-sctp.pid" \
    "hostkey /etc/ssh/ssh_host_ed25519_key" \
    "subsystem sftp $prefix/lib/openssh-sctp/sftp-server"; do
	echo "$out" | grep -qx "$l" || fatal "sshd-sctp -T: no '$l'"
done
note "ssh-sctp -G and sshd-sctp -T: SCTP, the system's host keys and known hosts, its own pid file"

echo "# kept" >>"$p/etc/ssh-sctp/sshd_config"
make -C "$TOP" install PREFIX="$prefix" DESTDIR="$root" >"$scratch/make2" 2>&1 ||
    { tail -20 "$scratch/make2"; fatal "make install (again) failed"; }
grep -q "^# kept" "$p/etc/ssh-sctp/sshd_config" || fatal "make install overwrote a changed sshd_config"
note "make install again: the changed configuration kept"
