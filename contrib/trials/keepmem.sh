# keepmem: a measurement, not a test (doc/design.md, "2.12 switched on"):
# what the copies that PROTOCOL.sctp 2.12 keeps for a resume cost in
# memory.  One path (10 ms each way, 40 Mbit/s); ssh downloads and then
# uploads 16 MB through a session (cat), which stays open 10 s after
# each; the resident sizes (VmRSS) of sshd's session processes and of ssh
# are read before, after the download and after the upload.  Cases, one
# after the other in one run: SCTPAuthKey yes (resuming enabled once the
# first key is active), SCTPAuthKey no (never enabled), and SSH over TCP.
#   VM_TEST_DIR=contrib/trials regress/vm/run RESULTS LOGDIR keepmem
. "$TOP/regress/vm/lib.sh"
"$TOPO" up 1
"$TOPO" set 1 delay 10 rate 40mbit
. "$TOP/regress/vm/sshlib.sh"
B1=$("$TOPO" addr b 1)
SSHD_LOGLEVEL=INFO start_sshd "Transport all"
trap 'stop_sshd; pkill -f "$SSH -F $CFG" 2>/dev/null || true' EXIT
head -c 16000000 /dev/urandom >"$W/blob"

# rss: the kB of sshd's session processes (not the listener) and of ssh.
rss() {
	local p s=0 c=0
	for p in $(pgrep -x sshd-session || true); do
		s=$((s + $(awk '/^VmRSS/ { print $2 }' /proc/"$p"/status 2>/dev/null || echo 0)))
	done
	for p in $(pgrep -f "$SSH -F $CFG" || true); do
		c=$((c + $(awk '/^VmRSS/ { print $2 }' /proc/"$p"/status 2>/dev/null || echo 0)))
	done
	echo "sshd-session ${s} kB, ssh ${c} kB"
}

run_case() {
	local name=$1 p
	shift
	rm -f "$W/fifo"; mkfifo "$W/fifo"
	# download: the server writes 16 MB; then the session waits for
	# the upload on its stdin.
	on_a "$SSH" -F "$CFG" "$@" "$B1" \
	    "cat $W/blob; sleep 8; cat >/dev/null; sleep 8" <"$W/fifo" >/dev/null 2>"$W/$name.log" &
	p=$!
	exec 5>"$W/fifo"
	sleep 2
	note "$name: at the start: $(rss)"
	sleep 12
	note "$name: after the download (16 MB): $(rss)"
	cat "$W/blob" >&5 || { cat "$W/$name.log"; fatal "$name: the upload failed"; }
	exec 5>&-
	sleep 6
	note "$name: after the upload (16 MB): $(rss)"
	kill -0 "$p" 2>/dev/null ||
	    note "$name: ssh ended before the remote sleep did: $(tail -3 "$W/$name.log" | tr '\n' ' ')"
	wait "$p" || note "$name: ssh exited $?"
}
run_case authkey-yes -z -o SCTPAuthKey=yes
run_case authkey-no -z -o SCTPAuthKey=no
run_case tcp
