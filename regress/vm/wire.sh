# wire: SSH over SCTP as a third party sees it, read by tshark from a
# capture on the path.  One session (ssh -z, the defaults: channels on
# streams, SCTPAuthKey yes) with RekeyLimit 256K carries at once a
# download on its session channel, a TCP connection through -L (socat at
# both ends) and UDP datagrams through -L .../udp (sent by Python's
# socket module); first on a clean path, then with 5 % loss each way.
# On the wire (PROTOCOL.sctp 1, 1.4, 2.5, 2.8):
#   - every DATA chunk has payload protocol identifier 0;
#   - stream 0 carries only ordered DATA, and the three channels go on
#     three streams other than 0, one each;
#   - the UDP channel's datagrams go unordered, on its own stream, and
#     only theirs; on the clean path all 300 arrive, although a key
#     exchange begins every 256 KB (2.7: KEXINIT waits for them; before,
#     the kernel's scheduler sent it first and sshd dropped 130 to 170 of
#     them as late); in both phases host A's kernel sends every datagram
#     once (its SNMP count of unordered chunks: none dropped in ssh);
#     with loss, the sender gives lost ones up (FORWARD-TSN chunks),
#     while the TCP connection and the download arrive whole (the
#     datagrams missing at B are the path's loss: the capture on A's
#     link, taken past its netem, does not show them either);
#   - every packet with DATA carries an AUTH chunk, all HMAC-SHA-256,
#     under one key identifier per key exchange (0, then 1, 2, ...).
. "$(dirname "$0")/lib.sh"
command -v tshark >/dev/null || fatal "tshark is not installed (contrib/install-deps)"
command -v socat >/dev/null || fatal "socat is not installed (contrib/install-deps)"
"$TOPO" up 1
"$TOPO" set 1 delay 5
. "$(dirname "$0")/sshlib.sh"
B1=$("$TOPO" addr b 1)
A1=$("$TOPO" addr a 1)
SSHD_LOGLEVEL=DEBUG1
start_sshd "Transport sctp" "AllowUDPForwarding yes"
pids=()
trap 'for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; stop_sshd' EXIT
trap '' PIPE

# udp_send N PORT: N datagrams of 200 bytes, 10 ms apart, to PORT on A.
udp_send() {
	on_a /usr/bin/python3 -c '
import socket, sys, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
for i in range(int(sys.argv[1])):
	s.sendto(b"%06d" % i + b"u" * 194, ("127.0.0.1", int(sys.argv[2])))
	time.sleep(0.01)
' "$1" "$2"
}

# unordered_out: unordered DATA chunks host A's kernel has sent (the UDP
# channel's datagrams, each once: no retransmission, 3.8).
unordered_out() {
	"$TOPO" exec a awk '$1 == "SctpOutUnorderChunks" { print $2 }' /proc/net/sctp/snmp
}

# phase NAME: the three flows at once through one session, captured on
# A's side of the path into $W/NAME.pcap; checks that each arrived.
phase() {
	local name=$1 cap sink usink sum udp u0
	u0=$(unordered_out)
	"$TOPO" exec a tcpdump -i path1 -n -U -w "$W/$name.pcap" sctp \
	    2>"$W/tcpdump-$name.log" &
	cap=$!
	wait_for "$W/tcpdump-$name.log" listening 30 || fatal "tcpdump did not start"
	"$TOPO" exec b socat -u TCP-LISTEN:5401,reuseaddr \
	    "OPEN:$W/tcp-$name.out,creat,trunc" 2>"$W/socat-$name.log" &
	sink=$!
	"$TOPO" exec b socat -u UDP-RECV:5403 "OPEN:$W/udp-$name.out,creat,trunc" &
	usink=$!
	pids+=($usink)
	sleep 0.5
	on_a timeout 300 "$SSH" -F "$CFG" -z -v -o RekeyLimit=256K \
	    -L 5400:127.0.0.1:5401 -L 5402/udp:127.0.0.1:5403 "$B1" \
	    'head -c 1000000 /dev/urandom | tee '"$W/down-$name.src"'; sleep 600' \
	    >"$W/down-$name.out" 2>"$W/ssh-$name.log" &
	pids+=($!)
	wait_for "$W/ssh-$name.log" "Entering interactive session" 60 ||
	    { cat "$W/ssh-$name.log"; fatal "$name: ssh did not start"; }
	sleep 1
	# The UDP channel opens first and stays open (60 s idle timeout)
	# while the TCP connection runs: three channels at once.
	udp_send 300 5402 &
	udp=$!
	wait_for "$W/ssh-$name.log" "udp data unordered and unreliable" 60 ||
	    fatal "$name: the UDP channel did not open, or not unordered and unreliable"
	on_a timeout 120 socat -u "OPEN:$W/tcpdata" TCP:127.0.0.1:5400 ||
	    fatal "$name: the TCP forward failed"
	wait "$udp" || fatal "$name: the UDP sender failed"
	sleep 3
	wait "$sink" || { cat "$W/socat-$name.log"; fatal "$name: the TCP sink failed"; }
	sum=$(sha256sum <"$W/tcp-$name.out" | cut -c1-64)
	[ "$sum" = "$tcpsum" ] || fatal "$name: the TCP connection arrived altered ($(wc -c <"$W/tcp-$name.out") bytes)"
	for _ in $(seq 60); do
		[ "$(wc -c <"$W/down-$name.out")" -ge 1000000 ] && break
		sleep 1
	done
	cmp -s "$W/down-$name.src" "$W/down-$name.out" ||
	    fatal "$name: the download arrived altered ($(wc -c <"$W/down-$name.out") bytes)"
	got=$(($(wc -c <"$W/udp-$name.out") / 200))
	usent=$(($(unordered_out) - u0))
	kill "$usink" 2>/dev/null || true
	late=$(grep -c "dropped: sent before a key exchange" "$W/sshd.log" || true)
	: >"$W/sshd.log"
	# $! of the background job above is not ssh's pid: end ssh itself,
	# so that the next phase's ssh gets the forwarded ports.
	pkill -f "down-$name.src" || true
	for _ in $(seq 30); do
		pgrep -f "down-$name.src" >/dev/null || break
		sleep 1
	done
	pgrep -f "down-$name.src" >/dev/null && fatal "$name: ssh did not end on SIGTERM"
	kill "$cap" 2>/dev/null || true
	wait "$cap" 2>/dev/null || true
	# None dropped before the wire: ssh took each datagram and its
	# kernel sent it.  The channel's opening holds back at most 32
	# (3.4): a few may go when it takes long, more with loss (a lost
	# open waits for a retransmission).
	[ "$usent" -ge "$minsent" ] || fatal "$name: host A's kernel sent $usent of the 300 datagrams"
	note "$name: 1 MB download and $(wc -c <"$W/tcpdata") bytes of TCP whole; A's kernel sent $usent datagrams, $got of 300 arrived ($late dropped by sshd as sent before a key exchange message)"
}

# chunks NAME: one line per DATA chunk of $W/NAME.pcap: source address,
# stream, unordered flag (0 or 1), PPI.
chunks() {
	tshark -r "$W/$1.pcap" -Y 'sctp.chunk_type == 0' -T fields \
	    -E occurrence=a -E aggregator=, -e ip.src -e sctp.data_sid \
	    -e sctp.data_u_bit -e sctp.data_payload_proto_id 2>/dev/null |
	    awk -F'\t' '
	    # tshark gives the stream in hexadecimal (0x0001)
	    function num(x,   i, v) {
		if (x !~ /^0x/)
			return x + 0
		v = 0
		for (i = 3; i <= length(x); i++)
			v = v * 16 + index("0123456789abcdef", tolower(substr(x, i, 1))) - 1
		return v
	    }
	    {
		n = split($2, s, ","); split($3, u, ","); split($4, p, ",")
		for (i = 1; i <= n; i++) {
			f = (u[i] == "1" || u[i] == "True") ? 1 : 0
			print $1, num(s[i]), f, num(p[i])
		}
	    }'
}

head -c 600000 /dev/urandom >"$W/tcpdata"
tcpsum=$(sha256sum <"$W/tcpdata" | cut -c1-64)

minsent=297
phase clean
# 2.7: KEXINIT waits for unsequenced data written before it, so none of
# it is overtaken and dropped (before that: 128 and 158 of 300 arrived).
[ "$got" -ge 297 ] && [ "$late" = 0 ] ||
    fatal "clean path: $got of 300 datagrams arrived; sshd dropped some as sent before a key exchange message: $late"
chunks clean >"$W/clean.chunks"
n=$(wc -l <"$W/clean.chunks")
awk '{ print "   ", $1, "stream", $2, ($3 ? "unordered" : "ordered"), "PPI", $4 }' \
    "$W/clean.chunks" | sort | uniq -c
[ "$n" -gt 500 ] || fatal "tshark read only $n DATA chunks from the capture"
awk '$4 != 0' "$W/clean.chunks" | grep -q . &&
    fatal "DATA with a payload protocol identifier other than 0: $(awk '$4 != 0' "$W/clean.chunks" | sort | uniq -c | head -3)"
awk '$2 == 0 && $3 == 1' "$W/clean.chunks" | grep -q . &&
    fatal "unordered DATA on stream 0"
# Streams other than 0, each way; the busiest A->B stream with unordered
# chunks is the UDP channel's.
up_streams=$(awk -v a="$A1" '$1 == a && $2 != 0 { print $2 }' "$W/clean.chunks" | sort -un | tr '\n' ' ')
down_streams=$(awk -v a="$A1" '$1 != a && $2 != 0 { print $2 }' "$W/clean.chunks" | sort -un | tr '\n' ' ')
nup=$(echo $up_streams | wc -w)
ndown=$(echo $down_streams | wc -w)
[ "$nup" -ge 3 ] || fatal "A->B DATA on $nup channel streams ($up_streams), want 3 (session, TCP, UDP)"
[ "$ndown" -ge 3 ] || fatal "B->A DATA on $ndown channel streams ($down_streams), want 3"
uo=$(awk -v a="$A1" '$1 == a && $3 == 1 { print $2 }' "$W/clean.chunks" | sort | uniq -c)
[ "$(echo "$uo" | grep -c .)" = 1 ] || fatal "unordered DATA on more than one stream: $uo"
udp_stream=$(echo "$uo" | awk '{ print $2 }')
nuo=$(echo "$uo" | awk '{ print $1 }')
[ "$nuo" -ge 270 ] || fatal "only $nuo unordered DATA chunks A->B for 300 datagrams"
ord_on_udp=$(awk -v a="$A1" -v s="$udp_stream" '$1 == a && $2 == s && $3 == 0' "$W/clean.chunks" | wc -l)
[ "$ord_on_udp" -le 5 ] || fatal "$ord_on_udp ordered DATA chunks on the UDP channel's stream $udp_stream"
note "clean: $n DATA chunks, PPI 0 throughout, stream 0 ordered; A->B on streams $up_streams, B->A on $down_streams; $nuo unordered chunks, all on stream $udp_stream (with $ord_on_udp ordered: the channel's own messages)"

# AUTH: every packet with DATA has an AUTH chunk, HMAC-SHA-256 (3).
noauth=$(tshark -r "$W/clean.pcap" -Y 'sctp.chunk_type == 0 && !(sctp.chunk_type == 15)' 2>/dev/null | wc -l)
[ "$noauth" = 0 ] || fatal "$noauth packets with DATA but no AUTH chunk"
hmacs=$(tshark -r "$W/clean.pcap" -Y 'sctp.chunk_type == 15' -T fields -E occurrence=a -E aggregator=, -e sctp.hmac_id 2>/dev/null | tr ',' '\n' | sort -u | tr '\n' ' ')
[ "$hmacs" = "3 " ] || fatal "AUTH chunks with HMAC identifiers '$hmacs', want 3 (SHA-256) only"
keys=$(tshark -r "$W/clean.pcap" -Y 'sctp.chunk_type == 15' -T fields -E occurrence=a -E aggregator=, -e sctp.shared_key_id 2>/dev/null | tr ',' '\n' | sort -un | tr '\n' ' ')
nkeys=$(echo $keys | wc -w)
nkex=$(grep -c "SSH2_MSG_NEWKEYS received" "$W/ssh-clean.log")
[ "$nkeys" -ge 3 ] || fatal "AUTH chunks under keys '$keys' only, with $nkex key exchanges"
note "clean: AUTH in every packet with DATA, HMAC-SHA-256, key identifiers $keys($nkex key exchanges)"

"$TOPO" set 1 delay 5 loss 5
minsent=280
phase loss
chunks loss >"$W/loss.chunks"
fwd=$(tshark -r "$W/loss.pcap" -Y 'sctp.chunk_type == 192 && ip.src == '"$A1" 2>/dev/null | wc -l)
[ "$fwd" -ge 1 ] || fatal "5 % loss: no FORWARD-TSN from A: lost datagrams were resent"
uo=$(awk -v a="$A1" '$1 == a && $3 == 1' "$W/loss.chunks" | wc -l)
[ "$got" -ge 240 ] || fatal "5 % loss: only $got of 300 datagrams arrived"
note "5 % loss: $uo unordered DATA chunks and $fwd packets with FORWARD-TSN from A; $got of 300 datagrams arrived"
