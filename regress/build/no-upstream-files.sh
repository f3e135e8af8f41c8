# no-upstream-files: the repository holds only our own work: no file of
# the upstream release is committed (outside patches/).
. "$(dirname "$0")/lib.sh"
cd "$TOP"
[ -d .git ] || { note "not a git checkout; checking the work tree"; }
tarball=$("$TOP/contrib/fetch-upstream")
tar xf "$tarball" -C "$scratch" --strip-components=1
(cd "$scratch" && find . -type f -exec sha256sum {} +) | awk '{print $1}' | sort -u >"$scratch/.upstream-sums"
files=$(git ls-files 2>/dev/null || find . -path ./build -prune -o -type f -print)
bad=0
for f in $files; do
	case $f in patches/*) continue ;; esac
	[ -f "$f" ] || continue
	if grep -qx "$(sha256sum <"$f" | cut -c1-64)" "$scratch/.upstream-sums"; then
		echo "upstream file committed: $f"; bad=1
	fi
	if head -c 4000 "$f" | grep -q -E '\$OpenBSD: [a-z0-9_.-]+,v [0-9.]+|Tatu Ylo''nen <ylo@cs.hut.fi>'; then
		echo "file with an upstream header: $f"; bad=1
	fi
done
[ "$bad" = 0 ] || fatal "upstream files in the repository"
note "$(echo "$files" | wc -w) files checked"
