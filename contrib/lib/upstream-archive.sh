# upstream-archive.sh: find and fetch pristine upstream OpenSSH tarballs in
# the distribution archive (sourced; needs apt-private.sh and upstream.conf).
#
# Debian's source package carries the upstream release unchanged as its
# .orig tarball.  A suite's index can list a source version whose files are
# no longer (or not yet) all downloadable, and the same .orig tarball is
# shared by every Debian revision of one release, so a tarball is looked up
# by its name across the suites, and taken from the first source version
# that lists it.  apt checks the index's signature and each file's hash
# against it; the caller checks the SHA-256 again against its pin.
#
#   upstream_suites                   the suites searched, oldest first
#   upstream_index SUITE              "UPSTREAMVER DEBVER TARBALL SHA256 EXTRA"
#                                     for each source version in SUITE
#   upstream_fetch DIR SUITE DEBVER TARBALL
#                                     download TARBALL into DIR; status 0 if
#                                     it is there afterwards

upstream_cache=${OPENSSH_SCTP_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/openssh-sctp}

# The suites where a newer release shows up first come last.
upstream_suites() {
	echo "${OPENSSH_SUITES:-trixie forky sid}"
}

# upstream_index SUITE: one line per source version of the package, with its
# .orig tarball (gz or xz) and that tarball's SHA-256 from the signed index;
# EXTRA is "extra" for a version kept only as another's source.
upstream_index() {
	local suite=$1
	apt_private_init "$upstream_cache/apt-$suite" "$suite" || return 1
	apt_private_cache showsrc "$OPENSSH_SOURCE_PACKAGE" 2>/dev/null | awk '
		function flush() {
			if (ver != "" && tar != "")
				print up, ver, tar, sha[tar], (extra ? "extra" : "-")
			ver = ""; tar = ""; extra = 0; insha = 0; delete sha
		}
		/^Package:/ { flush() }
		/^Version:/ { ver = $2; up = ver; sub(/^[0-9]+:/, "", up); sub(/-[^-]*$/, "", up) }
		/^Extra-Source-Only: yes/ { extra = 1 }
		/^[A-Z]/ { insha = ($1 == "Checksums-Sha256:") }
		/^ / && insha && $3 ~ /\.orig\.tar\.(gz|xz)$/ { sha[$3] = $1; tar = $3 }
		END { flush() }' | sort -u
}

# upstream_fetch DIR SUITE DEBVER TARBALL: apt-get source of that version,
# keeping whatever it could download: the .dsc or the Debian changes may be
# gone from the pool while the .orig tarball is still there.
upstream_fetch() {
	local dir=$1 suite=$2 debver=$3 tarball=$4
	apt_private_init "$upstream_cache/apt-$suite" "$suite" || return 1
	(cd "$dir" && apt_private source --download-only \
	    "$OPENSSH_SOURCE_PACKAGE=$debver") >"$dir/log" 2>&1 || true
	rm -f "$dir"/*.dsc "$dir"/*.debian.tar.* "$dir"/*.diff.gz
	[ -f "$dir/$tarball" ]
}

# upstream_version_cmp A B: prints -1, 0 or 1 (Debian version ordering).
upstream_version_cmp() {
	if dpkg --compare-versions "$1" lt "$2"; then echo -1
	elif dpkg --compare-versions "$1" gt "$2"; then echo 1
	else echo 0
	fi
}
