#!/usr/bin/python3
# sctp-authcount: which SCTP packets of a capture carry an AUTH chunk.
#
#   sctp-authcount.py PCAP ADDR
#	for each direction ("a>b": from the IPv4 address ADDR, "b>a": the
#	others) and each of DATA, I-DATA, SACK, HEARTBEAT and FORWARD-TSN,
#	how many packets holding that chunk type had an AUTH chunk (RFC
#	4895) and how many had none: lines "DIR TYPE auth|noauth COUNT".
#	PCAP is tcpdump's classic format (-w), IPv4 over Ethernet; the
#	chunks are read from the packets' bytes (no scapy: it takes seconds
#	to start in the emulated VM).  IP fragments after the first are
#	skipped.
#
# Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.
import socket
import struct
import sys

NAMES = {0: "DATA", 64: "I-DATA", 3: "SACK", 4: "HEARTBEAT", 192: "FORWARD-TSN"}
AUTH = 15


def packets(path):
    with open(path, "rb") as f:
        hdr = f.read(24)
        if len(hdr) < 24:
            return
        magic = struct.unpack("<I", hdr[:4])[0]
        if magic in (0xa1b2c3d4, 0xa1b23c4d):
            end = "<"
        elif magic in (0xd4c3b2a1, 0x4d3cb2a1):
            end = ">"
        else:
            sys.exit("%s: not a pcap file" % path)
        if struct.unpack(end + "I", hdr[20:24])[0] != 1:
            sys.exit("%s: not Ethernet" % path)
        while True:
            rec = f.read(16)
            if len(rec) < 16:
                return
            n = struct.unpack(end + "I", rec[8:12])[0]
            yield f.read(n)


def chunk_types(b):
    i = 12			# the common header
    while i + 4 <= len(b):
        t, _, n = struct.unpack("!BBH", b[i:i + 4])
        if n < 4:
            break
        yield t
        i += (n + 3) & ~3


def main():
    pcap, addr = sys.argv[1], socket.inet_aton(sys.argv[2])
    count = {}
    for frame in packets(pcap):
        if len(frame) < 34 or frame[12:14] != b"\x08\x00":
            continue
        ip = frame[14:]
        if ip[9] != 132:
            continue
        # A fragment after the first holds no SCTP header: Linux lets IP
        # fragment a packet whose first DATA needs an AUTH chunk when
        # chunks bundled before it (a SACK) push it past the path MTU.
        if struct.unpack("!H", ip[6:8])[0] & 0x1fff:
            continue
        types = set(chunk_types(ip[(ip[0] & 15) * 4:]))
        d = "a>b" if ip[12:16] == addr else "b>a"
        a = "auth" if AUTH in types else "noauth"
        for t, name in NAMES.items():
            if t in types:
                k = (d, name, a)
                count[k] = count.get(k, 0) + 1
    for k in sorted(count):
        print(" ".join(k), count[k])


if __name__ == "__main__":
    main()
