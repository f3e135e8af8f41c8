# rekeywait: a key exchange waits in an outage (PROTOCOL.sctp 2.12, "Key
# exchanges in an outage"; roam.sh's backrekey case shows the wait), but
# not while the association makes progress on a path that Linux keeps
# potentially failed.  An attacker on the path who drops the client's
# HEARTBEAT ACK chunks, after one retransmission timeout, keeps the
# client's only path potentially failed while data flows (a potentially
# failed path becomes active again only by a heartbeat's answer): were
# that taken for an outage, the attacker could put off rekeying at will.
# An upload of about 1.6 Mbit/s, ssh with RekeyLimit "default 3s", one
# path of 8 Mbit/s and 10 ms each way: path 1 cut for 2 s under the
# upload (a retransmission timeout: potentially failed), HEARTBEAT ACKs
# dropped at host A from before its restore.  Key exchanges must go on
# while the path stays potentially failed (which ssh -v logs; if Linux
# finds it active again the test proves nothing and fails so).  Then the
# same at sshd (RekeyLimit in its configuration, a download, HEARTBEAT
# ACKs dropped at host B): the wait is the same code at both ends, but
# each main loop calls it on its own.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 1
"$TOPO" set 1 delay 10 rate 8mbit
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
start_sshd "Transport sctp"
trap 'stop_sshd; for h in a b; do "$TOPO" exec $h nft delete table inet rekeywait 2>/dev/null || true; done' EXIT

"$TOPO" exec a nft -f - <<-EON || fatal "nft: the table on host A"
table inet rekeywait {
	counter hback { }
	chain in {
		type filter hook input priority 0;
	}
}
EON
nk() { grep -c "SSH2_MSG_NEWKEYS received" "$W/up.log" || true; }
# About 20 KB every 0.1 s, for 120 s at most (the test ends it sooner).
on_a sh -c 'i=0; while [ $i -lt 1200 ]; do head -c 20000 /dev/urandom || exit 0; sleep 0.1; i=$((i + 1)); done' |
    on_a "$SSH" -v -F "$CFG" -z -o "RekeyLimit=default 3s" \
    -o SCTPPotentiallyFailedThreshold=0 "$B1" 'cat >/dev/null' \
    2>"$W/up.log" &
pid=$!
t=$(uptime_s)
until [ "$(nk)" -ge 2 ]; do
	within "$t" 60 || { tail -20 "$W/up.log"; fatal "no key exchange after the first within 60 s"; }
	sleep 0.2
done
grep -q "SCTP channels on streams in use" "$W/up.log" ||
    fatal "the session did not use channels on streams"
pf0=$(grep -c "potentially failed" "$W/up.log" || true)
nice -n -20 "$TOPO" cut 1
sleep 2
"$TOPO" exec a nft add rule inet rekeywait in sctp chunk heartbeat-ack exists counter name hback drop ||
    fatal "nft: cannot match SCTP chunks (nftables or the kernel lacks it)"
"$TOPO" restore 1
t=$(uptime_s)
k=$(nk)
# (ssh logs the kernel's event when it gets to it: a loaded host.)
until [ "$(grep -c "potentially failed" "$W/up.log" || true)" -gt "$pf0" ]; do
	within "$t" 15 ||
	    { tail -20 "$W/up.log"; fatal "the cut did not make the path potentially failed"; }
	sleep 0.2
done
# With RekeyLimit 3 s two take some 7 s; 40 s for a loaded host.
until [ "$(nk)" -ge $((k + 2)) ]; do
	within "$t" 40 ||
	    { grep -i "sctp\|newkeys\|kex" "$W/up.log" | tail -20; fatal "key exchanges stopped while the potentially failed path carried the upload ($(($(nk) - k)) in 40 s)"; }
	sleep 0.2
done
el=$(since "$t")
grep -q "available again" "$W/up.log" &&
    { grep -i "sctp path" "$W/up.log" | tail; fatal "Linux found the path active again: the case proves nothing"; }
hb=$("$TOPO" exec a nft list counter inet rekeywait hback | awk '/packets/ { print $2; exit }')
note "two key exchanges within $el s of the restore while the path stayed potentially failed ($hb heartbeat acknowledgements dropped); ssh: $(grep -o "SCTP: the association made progress.*" "$W/up.log" | head -1)"
# The upload ends (its source goes), and so does ssh ($pid is the
# subshell that runs it: a signal to it would leave ssh reading).
pkill -f 'i -lt 1200' || true
for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
wait "$pid" 2>/dev/null || true

# --- sshd's RekeyLimit, a download: sshd's path potentially failed.
"$TOPO" exec b nft -f - <<-EON || fatal "nft: the table on host B"
table inet rekeywait {
	counter hback { }
	chain in {
		type filter hook input priority 0;
	}
}
EON
start_sshd_extra srv 2223 "RekeyLimit default 3s" \
    "SCTPPotentiallyFailedThreshold 0"
nk() { grep -c "SSH2_MSG_NEWKEYS received" "$W/dn.log" || true; }
pfs() { grep -c "SCTP path to .* potentially failed" "$W/srv.log" || true; }
# shellcheck disable=SC2016
on_a "$SSH" -v -F "$CFG" -z -p 2223 "$B1" \
    'i=0; while [ $i -lt 1200 ]; do head -c 20000 /dev/urandom || exit 0; sleep 0.1; i=$((i + 1)); done' \
    >/dev/null 2>"$W/dn.log" &
pid=$!
t=$(uptime_s)
until [ "$(nk)" -ge 2 ]; do
	within "$t" 60 || { tail -20 "$W/dn.log"; fatal "down: no key exchange after the first within 60 s"; }
	sleep 0.2
done
grep -q "SCTP channels on streams in use" "$W/dn.log" ||
    fatal "down: the session did not use channels on streams"
pf0=$(pfs)
nice -n -20 "$TOPO" cut 1
sleep 2
"$TOPO" exec b nft add rule inet rekeywait in sctp chunk heartbeat-ack exists counter name hback drop ||
    fatal "nft: cannot match SCTP chunks on host B"
"$TOPO" restore 1
t=$(uptime_s)
k=$(nk)
until [ "$(pfs)" -gt "$pf0" ]; do
	within "$t" 15 ||
	    { grep -i "sctp" "$W/srv.log" | tail -20; fatal "down: the cut did not make sshd's path potentially failed"; }
	sleep 0.2
done
until [ "$(nk)" -ge $((k + 2)) ]; do
	within "$t" 40 ||
	    { grep -i "sctp\|newkeys\|kex" "$W/srv.log" | tail -20; fatal "down: sshd's key exchanges stopped while the potentially failed path carried the download ($(($(nk) - k)) in 40 s)"; }
	sleep 0.2
done
el=$(since "$t")
grep -q "SCTP path to .* available again" "$W/srv.log" &&
    { grep -i "sctp path" "$W/srv.log" | tail; fatal "down: Linux found sshd's path active again: the case proves nothing"; }
hb=$("$TOPO" exec b nft list counter inet rekeywait hback | awk '/packets/ { print $2; exit }')
# (ssh has no RekeyLimit of time: at about 1.6 Mbit/s sshd's begin them)
note "down: two key exchanges (sshd's RekeyLimit) within $el s of the restore while sshd's path stayed potentially failed ($hb heartbeat acknowledgements dropped); sshd: $(grep -o "SCTP: the association made progress.*" "$W/srv.log" | head -1)"
pkill -f 'i -lt 1200' || true
for _ in $(seq 150); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
wait "$pid" 2>/dev/null || true
