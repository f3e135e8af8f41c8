# patch-broken: a patch that does not apply stops the build, naming it.
. "$(dirname "$0")/lib.sh"
mkdir "$scratch/patches"
cp "$TOP"/patches/* "$scratch/patches/"
first=$(grep -v '^#' "$TOP/patches/series" | head -n 1)
# Damage a context line of the first hunk.
awk 'done == 0 && /^ / && seen { sub(/^ /, " XXX-not-upstream "); done = 1 } /^@@/ { seen = 1 } { print }' \
    "$TOP/patches/$first" >"$scratch/patches/$first"
cmp -s "$TOP/patches/$first" "$scratch/patches/$first" && fatal "could not damage the patch"
if PATCHES=$scratch/patches BUILD_TREE=$scratch/tree "$TOP/contrib/build-tree" >"$scratch/out" 2>&1; then
	cat "$scratch/out"; fatal "build-tree accepted a patch that does not apply"
fi
cat "$scratch/out"
grep -q "patches/$first does not apply to the pristine" "$scratch/out" || fatal "no clear message"
[ ! -f "$scratch/tree/config.status" ] || fatal "the tree was configured anyway"
