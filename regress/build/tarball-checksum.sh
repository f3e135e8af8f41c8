# tarball-checksum: a tarball that is not the pinned release is refused,
# whether given by the user or found damaged in the cache.
. "$(dirname "$0")/lib.sh"
. "$TOP/upstream.conf"
good=$("$TOP/contrib/fetch-upstream")
cp "$good" "$scratch/bad.tar.gz"
printf 'x' >>"$scratch/bad.tar.gz"
if OPENSSH_TARBALL=$scratch/bad.tar.gz "$TOP/contrib/fetch-upstream" >"$scratch/out" 2>&1; then
	fatal "a damaged OPENSSH_TARBALL was accepted"
fi
cat "$scratch/out"
grep -q "expected $OPENSSH_SHA256" "$scratch/out" || fatal "no clear message"
[ "$(OPENSSH_TARBALL=$good "$TOP/contrib/fetch-upstream")" = "$good" ] || fatal "the good tarball was refused"
# A damaged cached copy is replaced (offline: refused) rather than used.
mkdir -p "$scratch/cache"
cp "$scratch/bad.tar.gz" "$scratch/cache/$OPENSSH_TARBALL_NAME"
got=$(OPENSSH_SCTP_CACHE=$scratch/cache "$TOP/contrib/fetch-upstream" 2>"$scratch/err") || true
cat "$scratch/err"
if [ -n "$got" ]; then
	[ "$(sha256sum <"$got" | cut -c1-64)" = "$OPENSSH_SHA256" ] || fatal "the damaged cached copy was used"
	note "damaged cached copy fetched again"
else
	note "damaged cached copy refused (archive not reachable)"
fi
