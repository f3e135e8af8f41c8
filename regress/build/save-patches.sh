# save-patches: edit-tree then save-patches with no change gives back the
# series byte for byte (stable formatting).
. "$(dirname "$0")/lib.sh"
EDIT_TREE=$scratch/edit "$TOP/contrib/patch-series" edit
n=$(git -C "$scratch/edit" rev-list --count pristine..HEAD)
[ "$n" = "$(grep -vc '^#' "$TOP/patches/series")" ] || fatal "edit tree has $n commits"
EDIT_TREE=$scratch/edit PATCHES=$scratch/saved "$TOP/contrib/patch-series" save
diff -r "$TOP/patches" "$scratch/saved" || fatal "saved series differs from patches/"
note "round trip byte-identical"
# A change made in the edit tree comes out as a new patch.
echo "/* test */" >>"$scratch/edit/version.h"
git -C "$scratch/edit" commit -qam "test: a change

What: a comment.
Why: to test save-patches."
EDIT_TREE=$scratch/edit PATCHES=$scratch/saved "$TOP/contrib/patch-series" save
tail -n 1 "$scratch/saved/series" | grep -q -- '-test-a-change.patch$' || fatal "new patch not in the series"
