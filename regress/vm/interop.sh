# interop: our ssh against Debian's stock sshd over TCP, Debian's stock ssh
# against our sshd over TCP, and our sshd with Transport all serving a stock
# TCP client and our SCTP client at the same time.  Then SSH unchanged over
# one SCTP association, as the historic SCTP patch for OpenSSH runs it (one
# stream, PPID 0, message boundaries anywhere), with socat carrying the
# stock programs' bytes: the stock ssh through ProxyCommand "socat -
# SCTP-CONNECT" against our sshd, and our ssh -z against the stock sshd -i
# behind "socat SCTP-LISTEN"; each with a key exchange every 256 KB.  The
# stock peers are the openssh-client and openssh-server packages
# (contrib/install-deps installs them and socat; STOCK_SSH and STOCK_SSHD
# name others), never the ones we build.
. "$(dirname "$0")/lib.sh"
STOCK_SSH=${STOCK_SSH:-/usr/bin/ssh}
STOCK_SSHD=${STOCK_SSHD:-/usr/sbin/sshd}
STOCK_SFTP=${STOCK_SFTP:-/usr/bin/sftp}
STOCK_SFTP_SERVER=${STOCK_SFTP_SERVER:-/usr/lib/openssh/sftp-server}
for f in "$STOCK_SSH" "$STOCK_SSHD" "$STOCK_SFTP" "$STOCK_SFTP_SERVER"; do
	[ -x "$f" ] || fatal "no stock $f: install openssh-client and openssh-server (contrib/install-deps)"
done
command -v socat >/dev/null || fatal "no socat: install socat (contrib/install-deps)"
"$TOPO" up 2
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1) B2=$("$TOPO" addr b 2)
trap 'stop_sshd; [ -s "$W/stock.pid" ] && kill "$(cat "$W/stock.pid")"; pkill -f "socat SCTP-LISTEN" || true' EXIT
note "stock: $("$STOCK_SSH" -V 2>&1); ours: $("$SSH" -V 2>&1)"
head -c 2000000 /dev/urandom >"$W/data"
sum=$(sha256sum <"$W/data" | cut -c1-64)

# Debian's sshd on B, port 2230, TCP.
mkdir -p /run/sshd
chmod 755 /run/sshd
cat >"$W/stock_config" <<EOF
Port 2230
ListenAddress $B1
HostKey $W/host_key
AuthorizedKeysFile $W/authorized_keys
PermitRootLogin yes
StrictModes no
UsePAM no
PidFile $W/stock.pid
Subsystem sftp $STOCK_SFTP_SERVER
LogLevel DEBUG1
EOF
"$TOPO" exec b "$STOCK_SSHD" -f "$W/stock_config" -E "$W/stock.log" || { cat "$W/stock.log"; fatal "stock sshd did not start"; }
for _ in $(seq 50); do [ -s "$W/stock.pid" ] && break; sleep 0.2; done
[ -s "$W/stock.pid" ] || { cat "$W/stock.log"; fatal "stock sshd did not start"; }

# Our client, stock server.
out=$(on_a "$SSH" -F "$CFG" -p 2230 "$B1" 'echo hello; exit 3') && rc=0 || rc=$?
[ "$out" = hello ] && [ "$rc" = 3 ] || fatal "ours -> stock: output '$out', status $rc"
r=$(on_a "$SSH" -F "$CFG" -p 2230 "$B1" sha256sum <"$W/data" | cut -c1-64)
[ "$r" = "$sum" ] || fatal "ours -> stock: upload checksum differs"
r=$(on_a "$SSH" -F "$CFG" -p 2230 "$B1" cat "$W/data" | sha256sum | cut -c1-64)
[ "$r" = "$sum" ] || fatal "ours -> stock: download checksum differs"
on_a "$SFTP" -S "$SSH" -F "$CFG" -P 2230 -b - "root@$B1" >/dev/null <<EOF || fatal "ours -> stock: sftp failed"
put $W/data $W/sftp-up
get $W/sftp-up $W/sftp-down
EOF
[ "$(sha256sum <"$W/sftp-down" | cut -c1-64)" = "$sum" ] || fatal "ours -> stock: sftp round trip differs"
grep -q "Accepted publickey for root" "$W/stock.log" || fatal "stock sshd did not log our login"
note "our ssh and sftp against the stock sshd over TCP: exec, status, 2 MB each way, sftp"

# Our client asking the stock server for SCTP: a clear refusal, no hang.
if out=$(on_a "$SSH" -F "$CFG" -z -o ConnectTimeout=10 -p 2230 "$B1" true 2>&1); then
	fatal "ssh -z reached a server with no SCTP socket"
fi
echo "$out" | grep -qi "refused\|unreachable\|timed out\|no route" ||
    { echo "$out"; fatal "ssh -z to a TCP-only server: unclear error"; }
note "ssh -z to a TCP-only server fails cleanly: $(echo "$out" | tail -n 1)"

# Stock client, our server (Transport all: TCP and SCTP).
start_sshd "Transport all" "ListenAddress $B1" "ListenMultipleAddresses $B1,$B2;2223"
stock_cfg=$W/stock_ssh_config
grep -v "^\s*\(Transport\|SCTP\)" "$CFG" >"$stock_cfg"
out=$(on_a "$STOCK_SSH" -F "$stock_cfg" "$B1" 'echo hello; exit 4') && rc=0 || rc=$?
[ "$out" = hello ] && [ "$rc" = 4 ] || fatal "stock -> ours: output '$out', status $rc"
r=$(on_a "$STOCK_SSH" -F "$stock_cfg" "$B1" sha256sum <"$W/data" | cut -c1-64)
[ "$r" = "$sum" ] || fatal "stock -> ours: upload checksum differs"
on_a "$STOCK_SFTP" -S "$STOCK_SSH" -F "$stock_cfg" -b - "root@$B1" >/dev/null <<EOF || fatal "stock -> ours: sftp failed"
put $W/data $W/sftp-up2
get $W/sftp-up2 $W/sftp-down2
EOF
[ "$(sha256sum <"$W/sftp-down2" | cut -c1-64)" = "$sum" ] || fatal "stock -> ours: sftp round trip differs"
note "stock ssh and sftp against our sshd over TCP: exec, status, 2 MB, sftp"

# At the same time: a stock TCP session and our SCTP session to one sshd.
on_a "$STOCK_SSH" -F "$stock_cfg" "$B1" 'sleep 3; sha256sum' <"$W/data" >"$W/tcp-sum" &
p1=$!
on_a "$SSH" -F "$CFG" -z -p 2223 "$B1" 'sleep 3; sha256sum' <"$W/data" >"$W/sctp-sum" &
p2=$!
wait $p1 || fatal "stock TCP session beside an SCTP one failed"
wait $p2 || fatal "SCTP session beside a stock TCP one failed"
[ "$(cut -c1-64 "$W/tcp-sum")" = "$sum" ] && [ "$(cut -c1-64 "$W/sctp-sum")" = "$sum" ] ||
    fatal "concurrent sessions: checksum differs"
grep -q "Connection from .* port .* on $B1 port 2223" "$W/sshd.log" || fatal "sshd did not log the SCTP session"
grep -q "Connection from .* port .* on $B1 port 2222" "$W/sshd.log" || fatal "sshd did not log the TCP session"
note "Transport all: a stock TCP client and our SCTP client at once, both intact"

# SSH unchanged over SCTP: the stock ssh, its bytes carried by socat over
# one SCTP association, to our sshd's SCTP port.
proxy="socat - SCTP-CONNECT:$B1:2223"
l0=$(wc -l <"$W/sshd.log")
out=$(on_a "$STOCK_SSH" -F "$stock_cfg" -o ProxyCommand="$proxy" "$B1" 'echo hello; exit 5') && rc=0 || rc=$?
[ "$out" = hello ] && [ "$rc" = 5 ] || fatal "stock over SCTP -> ours: output '$out', status $rc"
n0=$(grep -c "SSH2_MSG_KEXINIT received" "$W/sshd.log")
r=$(on_a "$STOCK_SSH" -F "$stock_cfg" -o ProxyCommand="$proxy" -o RekeyLimit=256K "$B1" sha256sum <"$W/data" | cut -c1-64)
[ "$r" = "$sum" ] || fatal "stock over SCTP -> ours: upload checksum differs"
r=$(on_a "$STOCK_SSH" -F "$stock_cfg" -o ProxyCommand="$proxy" -o RekeyLimit=256K "$B1" cat "$W/data" | sha256sum | cut -c1-64)
[ "$r" = "$sum" ] || fatal "stock over SCTP -> ours: download checksum differs"
n=$(( $(grep -c "SSH2_MSG_KEXINIT received" "$W/sshd.log") - n0 ))
[ "$n" -ge 10 ] || fatal "stock over SCTP -> ours: $n key exchanges for 4 MB at 256 KB"
tail -n +"$((l0 + 1))" "$W/sshd.log" |
    grep -q "SCTP channels on streams: not offered by the peer, one stream" ||
    fatal "our sshd did not fall back to one stream for a plain SCTP peer"
note "stock ssh over plain SCTP (socat) against our sshd: exec, status, 2 MB each way, $n key exchanges"

# Our ssh -z against the stock sshd behind a plain SCTP listener.
"$TOPO" exec b socat SCTP-LISTEN:2240,bind="$B1",reuseaddr,fork \
    EXEC:"$STOCK_SSHD -i -f $W/stock_config -E $W/stock-i.log" &
for _ in $(seq 50); do
	"$TOPO" exec b awk '$6 == 2240 { f = 1 } END { exit !f }' /proc/net/sctp/eps && break
	sleep 0.2
done
out=$(on_a "$SSH" -F "$CFG" -z -p 2240 -v "$B1" 'echo hello; exit 6' 2>"$W/plain.log") && rc=0 || rc=$?
[ "$out" = hello ] && [ "$rc" = 6 ] || { tail -n 20 "$W/plain.log"; fatal "ours -> stock over SCTP: output '$out', status $rc"; }
grep -q "SCTP channels on streams: not offered by the peer, one stream" "$W/plain.log" ||
    fatal "our ssh did not fall back to one stream for a plain SCTP peer"
grep -q "SCTP-AUTH keyed by SSH: not offered by the peer" "$W/plain.log" ||
    fatal "our ssh did not say that the plain SCTP peer keys no SCTP-AUTH"
r=$(on_a "$SSH" -F "$CFG" -z -p 2240 -o RekeyLimit=256K "$B1" sha256sum <"$W/data" | cut -c1-64)
[ "$r" = "$sum" ] || fatal "ours -> stock over SCTP: upload checksum differs"
r=$(on_a "$SSH" -F "$CFG" -z -p 2240 -o RekeyLimit=256K "$B1" cat "$W/data" | sha256sum | cut -c1-64)
[ "$r" = "$sum" ] || fatal "ours -> stock over SCTP: download checksum differs"
n=$(grep -c "SSH2_MSG_KEXINIT received" "$W/stock-i.log")
[ "$n" -ge 12 ] || fatal "ours -> stock over SCTP: $n key exchanges for 4 MB at 256 KB"
note "our ssh -z against the stock sshd behind plain SCTP (socat): exec, status, 2 MB each way, $n key exchanges"
