# apt-private.sh: use the distribution's archive through a private apt
# configuration, leaving the system's own apt state alone.
#
# The archive's address is taken from the system's own sources (deb822
# /etc/apt/sources.list.d/*.sources or one-line /etc/apt/sources.list), so
# no mirror host name is written anywhere in this repository.
#
# Usage (sourced):  apt_private_init DIR SUITE
#                   apt_private get ARGS...   (runs apt-get with the options)

apt_private_uri() {
	local f uri=""
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		# First URIs: line of a stanza that is not the security archive.
		uri=$(awk '
			/^[ \t]*$/ { if (u != "" && !sec) { print u; exit } u = ""; sec = 0; next }
			/^URIs:/ { u = $2 }
			/^Suites:/ { if ($0 ~ /-security/) sec = 1 }
			END { if (u != "" && !sec) print u }' "$f" | head -n 1)
		[ -n "$uri" ] && break
	done
	if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
		uri=$(awk '$1 == "deb" && $0 !~ /security/ {
			for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' \
		    /etc/apt/sources.list | head -n 1)
	fi
	if [ -z "$uri" ]; then
		echo "apt-private: cannot find the distribution archive in /etc/apt/sources.list{,.d/}" >&2
		return 1
	fi
	echo "$uri"
}

# apt_private_init DIR SUITE: prepare DIR as a private apt state for SUITE
# (binary and source indexes of "main") and update it.
apt_private_init() {
	local dir=$1 suite=$2 uri keyring=/usr/share/keyrings/debian-archive-keyring.gpg
	uri=$(apt_private_uri) || return 1
	mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" || return 1
	printf 'deb [signed-by=%s] %s %s main\ndeb-src [signed-by=%s] %s %s main\n' \
	    "$keyring" "$uri" "$suite" "$keyring" "$uri" "$suite" > "$dir/sources.list"
	APT_PRIVATE_OPTS="-o Dir::Etc::SourceList=$dir/sources.list \
-o Dir::Etc::SourceParts=/dev/null -o Dir::State::Lists=$dir/lists \
-o Dir::Cache=$dir/cache -o Debug::NoLocking=1 -o APT::Sandbox::User=root -q"
	# Refresh the index at most once an hour.
	if [ -z "$(find "$dir/lists" -maxdepth 1 -name '*Release' -mmin -60 2>/dev/null)" ]; then
		# shellcheck disable=SC2086
		apt-get $APT_PRIVATE_OPTS update >"$dir/update.log" 2>&1 || {
			echo "apt-private: 'apt-get update' for $suite failed; see $dir/update.log" >&2
			tail -n 5 "$dir/update.log" >&2
			return 1
		}
	fi
}

apt_private() {
	# shellcheck disable=SC2086
	apt-get $APT_PRIVATE_OPTS "$@"
}

apt_private_cache() {
	# shellcheck disable=SC2086
	apt-cache $APT_PRIVATE_OPTS "$@"
}
