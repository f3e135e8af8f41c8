#!/usr/bin/python3
# sctp-authcount: which SCTP packets of a capture carry an AUTH chunk.
#
#   sctp-authcount.py PCAP ADDR
#	for each direction ("a>b": from ADDR, "b>a": to it) and each of
#	DATA, I-DATA, SACK, HEARTBEAT and FORWARD-TSN, how many packets
#	holding that chunk type had an AUTH chunk (RFC 4895) and how many
#	had none: lines "DIR TYPE auth|noauth COUNT".  The chunks are read
#	from the packet's bytes, not by scapy's SCTP layer.
#
# Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.
import struct
import sys

from scapy.all import IP, IPv6, rdpcap

NAMES = {0: "DATA", 64: "I-DATA", 3: "SACK", 4: "HEARTBEAT", 192: "FORWARD-TSN"}
AUTH = 15


def chunk_types(b):
    i = 12			# the common header
    while i + 4 <= len(b):
        t, _, n = struct.unpack("!BBH", b[i:i + 4])
        if n < 4:
            break
        yield t
        i += (n + 3) & ~3


def main():
    pcap, addr = sys.argv[1], sys.argv[2]
    count = {}
    for p in rdpcap(pcap):
        ip = p[IP] if IP in p else p[IPv6] if IPv6 in p else None
        if ip is None or (ip.proto if IP in p else ip.nh) != 132:
            continue
        types = set(chunk_types(bytes(ip.payload)))
        d = "a>b" if ip.src == addr else "b>a"
        a = "auth" if AUTH in types else "noauth"
        for t, name in NAMES.items():
            if t in types:
                k = (d, name, a)
                count[k] = count.get(k, 0) + 1
    for k in sorted(count):
        print(" ".join(k), count[k])


if __name__ == "__main__":
    main()
