# patches-apply: every patch of the series applies to the pristine tarball
# with no fuzz and no offset, and each has a header saying what and why.
. "$(dirname "$0")/lib.sh"
tarball=$("$TOP/contrib/fetch-upstream")
tar xf "$tarball" -C "$scratch" --strip-components=1
n=0
while read -r p; do
	case $p in ''|'#'*) continue ;; esac
	out=$(patch -d "$scratch" -p1 -N --fuzz=0 --no-backup-if-mismatch -i "$TOP/patches/$p") ||
	    fatal "$p does not apply: $out"
	echo "$out" | grep -E -i 'fuzz|offset' && fatal "$p applies only with fuzz or offset"
	grep -q '^Subject: ' "$TOP/patches/$p" || fatal "$p has no subject"
	grep -q '^What: ' "$TOP/patches/$p" || fatal "$p has no 'What:' in its header"
	grep -q '^Why: ' "$TOP/patches/$p" || fatal "$p has no 'Why:' in its header"
	n=$((n + 1))
	note "$p applies cleanly"
done <"$TOP/patches/series"
[ "$n" -gt 0 ] || fatal "empty series"
# Every patch file is in the series, and nothing else is in patches/.
for f in "$TOP"/patches/*; do
	b=$(basename "$f")
	[ "$b" = series ] && continue
	grep -qx "$b" "$TOP/patches/series" || fatal "patches/$b is not in the series"
done
