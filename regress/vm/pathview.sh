# pathview: the path view (~I, ssh -O conninfo) and sshd's failover log.
# A session over SCTP on two paths through a control master: conninfo
# names the association, its local addresses and both paths, path 1
# primary and carrying the data.  Path 1 is cut and commands run through
# the master: sshd logs the failover at INFO with both addresses (and the
# association at INFO when it began), ssh at VERBOSE, and conninfo counts
# it and shows the data on path 2.  Path 1 comes back:
# sshd logs the data's return to it.  Limits only catch a hang.
. "$(dirname "$0")/lib.sh"
"$TOPO" up 2
"$TOPO" set 1 delay 10
"$TOPO" set 2 delay 10
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2)
SSHD_LOGLEVEL=INFO start_sshd "Transport sctp" \
    "ListenMultipleAddresses $B1,$B2;2222"
ctl=$W/ctl
cleanup() {
	on_a "$SSH" -F "$CFG" -S "$ctl" -O exit x >/dev/null 2>&1 || true
	stop_sshd
}
trap cleanup EXIT
on_a "$SSH" -F "$CFG" -z -M -S "$ctl" -f -N -o ControlPersist=no \
    -o ServerAliveInterval=5 -o ServerAliveCountMax=12 \
    -o LogLevel=VERBOSE -E "$W/master.log" "$B1" ||
    fatal "ssh -M did not start"
# sshd's default LogLevel (INFO) records the association and its addresses.
grep -q "SCTP association from [^ ]* port [0-9]*: local addresses [^;]*, [^;]*; peer addresses " \
    "$W/sshd.log" || { cat "$W/sshd.log"; fatal "sshd logged no association at INFO"; }
info() { on_a "$SSH" -F "$CFG" -S "$ctl" -O conninfo x 2>&1; }
info >"$W/info1" || { cat "$W/info1"; fatal "-O conninfo failed"; }
cat "$W/info1"
grep -q "^ *sctp .* -> $B1 port 2222, 2 peer addresses, failovers 0, sctp-auth key [1-9]" \
    "$W/info1" || fatal "no sctp line with two peer addresses"
grep -q "^ *tcp " "$W/info1" && fatal "an SCTP association shown as tcp"
grep -q "local addresses: .*,.*" "$W/info1" ||
    fatal "not two local addresses"
grep -q "path to $B1: active, primary, data, srtt [0-9]* ms" "$W/info1" ||
    fatal "path 1 not active, primary and carrying the data"
grep -q "path to $B2: active, srtt" "$W/info1" ||
    fatal "path 2 not shown active"

nice -n -20 "$TOPO" cut 1
t0=$(uptime_s)
# Data on path 1 finds it cut; each command waits for its answer.
for _ in $(seq 60); do
	grep -q "SCTP failover:" "$W/sshd.log" && break
	on_a timeout 20 "$SSH" -F "$CFG" -S "$ctl" x true >/dev/null 2>&1 || true
	sleep 0.5
done
grep "SCTP failover:" "$W/sshd.log" ||
    { cat "$W/sshd.log"; fatal "sshd logged no failover"; }
grep -q "SCTP failover: data moved from path to [^ ]* to path to [^ ]* (connection from [^ ]* port [0-9]*)" \
    "$W/sshd.log" || fatal "failover log line without both addresses"
# ssh's own view may come later than sshd's: the client fails over once
# its own data or heartbeats on path 1 go unanswered.
for _ in $(seq 60); do
	info >"$W/info2" || true
	grep -q "failovers [1-9]" "$W/info2" && break
	on_a timeout 20 "$SSH" -F "$CFG" -S "$ctl" x true >/dev/null 2>&1 || true
	sleep 0.5
done
cat "$W/info2"
note "failover seen after $(awk -v a="$t0" -v b="$(uptime_s)" \
    'BEGIN { printf "%.1f", b - a }') s"
grep -q "failovers [1-9]" "$W/info2" || fatal "conninfo counted no failover"
grep -q "SCTP failover: data moved from path to [^ ]* to path to " "$W/master.log" ||
    { cat "$W/master.log"; fatal "ssh at LogLevel VERBOSE logged no failover"; }
grep -q "path to $B2: active, data" "$W/info2" ||
    fatal "the data not shown on path 2"
grep -q "path to $B1: \(potentially failed\|inactive\), primary" \
    "$W/info2" || fatal "path 1 not shown failed"

"$TOPO" restore 1
for _ in $(seq 120); do
	grep -q "SCTP primary path:" "$W/sshd.log" && break
	on_a timeout 20 "$SSH" -F "$CFG" -S "$ctl" x true >/dev/null 2>&1 || true
	sleep 1
done
grep "SCTP primary path:" "$W/sshd.log" ||
    { tail "$W/sshd.log"; fatal "sshd did not log the data's return"; }
on_a "$SSH" -F "$CFG" -S "$ctl" x echo still-here | grep -q still-here ||
    fatal "the session did not survive"
note "the path view and sshd's failover log follow a cut and a return"
