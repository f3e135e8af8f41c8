# rebase: 'patch-series rebase' replays the series onto another release.
# Onto the pinned release itself it ends with no conflict and saves the
# series and the pin unchanged; onto a release whose change meets a patch
# it stops, naming the patch and the file, and after the conflict is
# resolved 'continue' finishes and 'save' writes the new pin.
. "$(dirname "$0")/lib.sh"
. "$TOP/upstream.conf"
ps() {
	EDIT_TREE=$scratch/edit PATCHES=$scratch/patches \
	    UPSTREAM_CONF=$scratch/upstream.conf "$TOP/contrib/patch-series" "$@"
}
cp -r "$TOP/patches" "$scratch/patches"
cp "$TOP/upstream.conf" "$scratch/upstream.conf"

# 1. Onto the pinned release, found in the archive's index.
ps rebase "$OPENSSH_VERSION" >"$scratch/out" 2>&1 || { cat "$scratch/out"; fatal "no-op rebase failed"; }
cat "$scratch/out"
grep -q "series applies to OpenSSH $OPENSSH_VERSION" "$scratch/out" || fatal "no report of the finished rebase"
ps save
diff -r "$TOP/patches" "$scratch/patches" || fatal "no-op rebase changed the series"
cmp "$TOP/upstream.conf" "$scratch/upstream.conf" || fatal "no-op rebase changed the pin"
note "rebase onto $OPENSSH_VERSION: series and pin unchanged"
rm -rf "$scratch/edit"

# 2. A "new release" whose version.h change meets patch 0003's.
tarball=$("$TOP/contrib/fetch-upstream")
mkdir "$scratch/rel"
tar xf "$tarball" -C "$scratch/rel"
top_dir=$(ls "$scratch/rel")
echo '#define SSH_TEST_RELEASE_NOTE "rebase test"' >>"$scratch/rel/$top_dir/version.h"
tar czf "$scratch/openssh_99.0p1.orig.tar.gz" -C "$scratch/rel" "$top_dir"
if UPSTREAM_TARBALL=$scratch/openssh_99.0p1.orig.tar.gz ps rebase 99.0p1 >"$scratch/out" 2>&1; then
	cat "$scratch/out"
	fatal "a conflicting rebase did not stop"
fi
cat "$scratch/out"
p3=$(grep -v '^#' "$TOP/patches/series" | grep -- '-version-' | head -n 1)
grep -q "CONFLICT in patches/$p3" "$scratch/out" || fatal "the conflict does not name patches/$p3"
grep -q '^    version.h$' "$scratch/out" || fatal "the conflict does not name version.h"
if ps save >"$scratch/out" 2>&1; then fatal "save in the middle of a rebase"; fi
grep -q "middle of a rebase" "$scratch/out" || fatal "no clear message from save"
# Resolve: both upstream's new line and the patch's text.
grep -v '^[<=>]\{7\}' "$scratch/edit/version.h" >"$scratch/v.h"
mv "$scratch/v.h" "$scratch/edit/version.h"
git -C "$scratch/edit" add version.h
ps continue >"$scratch/out" 2>&1 || { cat "$scratch/out"; fatal "continue failed"; }
cat "$scratch/out"
grep -q 'series applies to OpenSSH 99.0p1' "$scratch/out" || fatal "no report after continue"
ps save
n=$(grep -vc '^#' "$scratch/patches/series")
[ "$n" = "$(grep -vc '^#' "$TOP/patches/series")" ] || fatal "series has $n patches"
grep -q '^# The patch series over OpenSSH 99.0p1' "$scratch/patches/series" || fatal "series header not updated"
grep -qx 'OPENSSH_VERSION=99.0p1' "$scratch/upstream.conf" || fatal "pin not written"
grep -qx "OPENSSH_SHA256=$(sha256sum <"$scratch/openssh_99.0p1.orig.tar.gz" | cut -c1-64)" \
    "$scratch/upstream.conf" || fatal "pinned checksum wrong"
grep -q 'SSH_TEST_RELEASE_NOTE' "$scratch/edit/version.h" && grep -q 'SSH_FORK_RELEASE' "$scratch/edit/version.h" ||
    fatal "resolution lost a side"
note "conflicting rebase: stopped at $p3 (version.h), continued, saved with the new pin"
