# sshlib.sh: an sshd (ours) on host B of the topology and a client config
# on host A, for the VM tests of SSH over SCTP (sourced after lib.sh).
# Sets: W (work dir), SSH, SSHD, SCP, SFTP, CFG (client config).
W=$(mktemp -d /tmp/sshvm.XXXXXX)
SSH=$TREE/ssh SSHD=$TREE/sshd SCP=$TREE/scp SFTP=$TREE/sftp
# The VM's root account is locked in the host's shadow file; sshd refuses
# locked accounts.  /etc is a throw-away overlay here, so unlock it.
sed -i 's/^root:[!*]*[^:]*:/root:*:/' /etc/shadow
mkdir -p /var/empty /root/.ssh
# Root's dotfiles are those of whoever runs the suite on the host (seen
# through the overlay); a heavy ~/.bashrc (Debian's bash reads it for
# commands run by sshd) took 9 s per command under emulation.  The remote
# shell starts clean here; the overlay keeps the host's files untouched.
: >/root/.bashrc
rm -f /root/.ssh/rc /root/.ssh/environment
"$TREE/ssh-keygen" -q -t ed25519 -N '' -f "$W/host_key"
"$TREE/ssh-keygen" -q -t ed25519 -N '' -f "$W/id"
cp "$W/id.pub" "$W/authorized_keys"

# start_sshd EXTRA-CONFIG-LINES...: sshd on host B, port 2222 (run
# through the command $SSHD_PRE, if set).
start_sshd() {
	{
		echo "Port 2222"
		echo "HostKey $W/host_key"
		echo "AuthorizedKeysFile $W/authorized_keys"
		echo "PermitRootLogin yes"
		echo "StrictModes no"
		echo "PidFile $W/sshd.pid"
		echo "SshdSessionPath $TREE/sshd-session"
		echo "SshdAuthPath $TREE/sshd-auth"
		echo "Subsystem sftp $TREE/sftp-server"
		echo "LogLevel ${SSHD_LOGLEVEL:-DEBUG1}"
		printf '%s\n' "$@"
	} >"$W/sshd_config"
	# a PidFile left would pass for this one's (an sshd still running
	# holds the port: this one could not bind and would be gone)
	[ ! -s "$W/sshd.pid" ] || fatal "start_sshd: an sshd runs still (stop_sshd first)"
	rm -f "$W/sshd.pid"
	# shellcheck disable=SC2086
	"$TOPO" exec b ${SSHD_PRE:-} "$SSHD" -f "$W/sshd_config" -E "$W/sshd.log"
	for _ in $(seq 50); do [ -s "$W/sshd.pid" ] && return 0; sleep 0.2; done
	cat "$W/sshd.log"
	fatal "sshd did not start"
}

# start_sshd_extra NAME PORT [line...]: one more sshd, start_sshd's
# configuration on PORT with the lines added ($W/NAME_config, its log
# $W/NAME.log); stop_sshd stops it too.
start_sshd_extra() {
	local name=$1 port=$2
	shift 2
	{
		sed -e "s|^Port .*|Port $port|" \
		    -e "s|^PidFile .*|PidFile $W/sshd-extra-$name.pid|" "$W/sshd_config"
		printf '%s\n' "$@"
	} >"$W/${name}_config"
	"$TOPO" exec b "$SSHD" -f "$W/${name}_config" -E "$W/$name.log"
	for _ in $(seq 50); do [ -s "$W/sshd-extra-$name.pid" ] && return 0; sleep 0.2; done
	cat "$W/$name.log"
	fatal "$name: sshd did not start"
}

# stop_sshd: the listeners go, and are gone on return (one that still
# held its port would make the next start_sshd fail to bind).
stop_sshd() {
	local f p ps=""
	for f in "$W/sshd.pid" "$W"/sshd-extra-*.pid; do
		[ -s "$f" ] || continue
		p=$(cat "$f")
		kill "$p" 2>/dev/null && ps="$ps $p"
		rm -f "$f"
	done
	for p in $ps; do
		for _ in $(seq 150); do kill -0 "$p" 2>/dev/null || break; sleep 0.2; done
	done
	return 0
}

cat >"$W/ssh_config" <<EOC
Host *
	User root
	Port 2222
	IdentityFile $W/id
	StrictHostKeyChecking no
	UserKnownHostsFile /dev/null
	LogLevel ERROR
	BatchMode yes
	ConnectTimeout 30
EOC
CFG=$W/ssh_config

# on_a CMD...: run on host A.
on_a() { "$TOPO" exec a "$@"; }

# echo_session NAME [ssh options]: a session over SCTP to $B1 that echoes
# the lines written to fd 4 ("got LINE" in $W/NAME.out, ssh -v in
# $W/NAME.log); sets pid; returns once it answered the first line.  ssh
# runs on host A, or through the command $ECHO_ON; over SCTP (-z), or as
# $ECHO_Z says ("ECHO_Z=": the configuration's transport, TCP).
echo_session() {
	local name=$1
	shift
	rm -f "$W/in"; mkfifo "$W/in"
	# shellcheck disable=SC2016,SC2086
	${ECHO_ON:-on_a} "$SSH" -F "$CFG" -v ${ECHO_Z--z} "$@" "$B1" \
	    'while read -r x; do echo "got $x"; done' <"$W/in" \
	    >"$W/$name.out" 2>"$W/$name.log" &
	pid=$!
	exec 4>"$W/in"
	echo one >&4
	wait_for "$W/$name.out" "got one" 120 ||
	    { cat "$W/$name.log"; fatal "$name: the session did not start"; }
}

# newkeys LOG: the key exchanges ssh -v (or sshd) logged in LOG so far.
newkeys() { grep -c "SSH2_MSG_NEWKEYS received" "$1" || true; }

# wait_newkeys LOG N SECONDS: until LOG has more than N key exchanges;
# returns 1 if that took SECONDS.
wait_newkeys() {
	local t
	t=$(uptime_s)
	until [ "$(newkeys "$1")" -gt "$2" ]; do
		within "$t" "$3" || return 1
		sleep 0.2
	done
}

# end_session NAME: ends echo_session's input; ssh must exit by itself,
# with status 0, within 60 s.
end_session() {
	exec 4>&-
	for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
	kill -0 "$pid" 2>/dev/null && fatal "$1: ssh did not exit after its input ended"
	wait "$pid" || fatal "$1: ssh exited with status $?"
}

# forge NAME FORGER PORT MODES [-- ssh options]: an attacker on the path
# (FORGER: regress/vm/sctp-forge.py or tcp-forge.py, on host B's path1
# interface, or FORGE_HOST's, sniffing FORGE_IFACE if set (sctp-forge.py:
# a list such as path1,path2), watching port PORT, sending MODES), then an
# echoing session (echo_session: $pid, fd 4); the forger goes once the
# session answered a second line (in "keyed", once ssh also deleted the
# set-up's key: a loaded machine may take longer than any fixed delay)
# and is quiet; waits for it.  Sets fpid, and sent (when the forger's
# last packet went).  FORGE_PCAP: a capture of the case there.
forge() {
	local name=$1 forger=$2 port=$3 modes=$4
	shift 4
	[ "${1:-}" = -- ] && shift
	if [ -n "${FORGE_PCAP:-}" ]; then
		"$TOPO" exec a tcpdump -i path1 -n -s 200 -w "$FORGE_PCAP/$name.pcap" \
		    sctp or port 2222 2>/dev/null &
		sleep 1
	fi
	# shellcheck disable=SC2086
	FORGE_GO=$W/go-$name "$TOPO" exec "${FORGE_HOST:-b}" /usr/bin/python3 "$forger" "${FORGE_IFACE:-path1}" "$port" $modes \
	    >"$W/forge-$name.log" 2>&1 &
	fpid=$!
	wait_for "$W/forge-$name.log" sniffing 120 || fatal "$name: the forger did not start"
	echo_session "$name" "$@"
	if [[ $name =~ ^(keyed|control) ]]; then
		wait_for "$W/$name.log" "SCTP-AUTH: key 0 deleted" 120 ||
		    { tail "$W/$name.log"; fatal "$name: ssh never deleted the set-up's key"; }
	fi
	echo go >&4 || fatal "$name: the session died before the forgery"
	wait_for "$W/$name.out" "got go" 60 || fatal "$name: the session did not answer"
	touch "$W/go-$name"
	wait "$fpid" || { cat "$W/forge-$name.log"; fatal "$name: the forger saw no session"; }
	# when the last packet went (the forger's clock is the VM's)
	sent=$(awk '/^sent / { t = $NF } END { print t }' "$W/forge-$name.log")
}
