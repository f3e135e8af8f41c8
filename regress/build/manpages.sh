# manpages: the man pages of the patched tree (build/openssh) against the
# pristine release's and against the binaries:
# - mandoc -T lint gives no message that upstream's page does not (line
#   numbers dropped; "referenced manual not found" ignored: it depends on
#   what this machine has installed);
# - each keyword ssh_config.5 and sshd_config.5 gain over upstream's shows
#   in ssh -G or sshd -T; ssh.1's -o list names every keyword of
#   ssh_config.5;
# - sshd_config.5's Match list names exactly those of our keywords that
#   sshd takes in a Match block.
. "$(dirname "$0")/lib.sh"
command -v mandoc >/dev/null || fatal "mandoc not installed (contrib/install-deps)"
tree=${MANPAGES_TREE:-$TOP/build/openssh}
[ -x "$tree/sshd" ] && [ -f "$tree/ssh.1" ] || fatal "no built tree in build/openssh (make build)"
tarball=$("$TOP/contrib/fetch-upstream")
up=$scratch/up
mkdir -p "$up"
tar xf "$tarball" -C "$up" --strip-components=1
bad=0
problem() { echo "$*"; bad=1; }

lint() {
	(cd "$1" && mandoc -T lint "$2" 2>&1) |
	    grep -v -e 'referenced manual not found' -e 'mandoc\.db' |
	    sed -E 's/^(mandoc: )?([^:]*):[0-9]+:[0-9]+: /\2: /' | sort
}
n=0
for page in ssh.1 sshd.8 ssh_config.5 sshd_config.5 scp.1 sftp.1 ssh-keygen.1; do
	[ -f "$tree/$page" ] || continue
	n=$((n + 1))
	new=$(comm -13 <(lint "$up" "$page") <(lint "$tree" "$page"))
	[ -z "$new" ] || problem "$new"
done
note "$n pages linted"

# keywords DIR PAGE: the option names a config page describes.
keywords() { sed -n 's/^\.It Cm \([A-Za-z0-9]*\).*/\1/p' "$1/$2" | sort -u; }
ours_c=$(comm -13 <(keywords "$up" ssh_config.5) <(keywords "$tree" ssh_config.5))
ours_s=$(comm -13 <(keywords "$up" sshd_config.5) <(keywords "$tree" sshd_config.5))
[ -n "$ours_c" ] && [ -n "$ours_s" ] || fatal "no keywords of ours found in the pages"

"$tree/ssh" -G -F /dev/null -o SCTPPeerAddresses=192.0.2.1 somehost >"$scratch/G" 2>&1 || fatal "ssh -G failed"
"$tree/ssh-keygen" -q -t ed25519 -N '' -f "$scratch/hostkey"
cfg() { printf 'HostKey %s\nPidFile none\n' "$scratch/hostkey"; printf '%s\n' "$@"; }
cfg >"$scratch/sshd_config"
"$tree/sshd" -T -f "$scratch/sshd_config" >"$scratch/T" 2>&1 ||
    { cat "$scratch/T"; fatal "sshd -T failed"; }
olist=$(sed -n '/^\.It Fl o Ar option/,/^\.El/s/^\.It \([A-Za-z0-9]*\)$/\1/p' "$tree/ssh.1")
for k in $ours_c; do
	lk=$(echo "$k" | tr 'A-Z' 'a-z')
	grep -q "^$lk " "$scratch/G" || problem "ssh_config.5: $k: not in ssh -G"
	echo "$olist" | grep -qx "$k" || problem "ssh.1: $k: not in the -o list"
done
mlist=$(sed -n '/^\.It Cm Match/,/^\.It Cm MaxAuthTries/s/^\.Cm \([A-Za-z0-9]*\) ,*$/\1/p' \
    "$tree/sshd_config.5" | sort -u)
[ -n "$mlist" ] || fatal "sshd_config.5: no Match keyword list found"
for k in $ours_s; do
	lk=$(echo "$k" | tr 'A-Z' 'a-z')
	[ "$k" = ListenMultipleAddresses ] ||
	    grep -q "^$lk " "$scratch/T" || problem "sshd_config.5: $k: not in sshd -T"
	# In a Match block: refused as such, or taken (a bad value is
	# refused for its value, which is as good as taken).
	cfg "Match User nobody" "	$k x" >"$scratch/sshd_config.m"
	if "$tree/sshd" -t -f "$scratch/sshd_config.m" 2>&1 |
	    grep -q "is not allowed within a Match block"; then
		echo "$mlist" | grep -qx "$k" &&
		    problem "sshd_config.5: $k is in the Match list; sshd refuses it there"
	else
		echo "$mlist" | grep -qx "$k" ||
		    problem "sshd_config.5: $k is taken in Match but not in its list"
	fi
done
[ "$bad" = 0 ] || fatal "the man pages (above)"
note "keywords of ours: $(echo $ours_c | wc -w) in ssh_config.5, $(echo $ours_s | wc -w) in sshd_config.5; all in -G/-T, ssh.1's -o list and the Match list"
