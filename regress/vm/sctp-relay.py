#!/usr/bin/python3
# sctp-relay: an attacker in the middle of the path, for the VM tests.
# Bridges two interfaces frame by frame in user space (AF_PACKET; the
# namespace it runs in forwards nothing itself), and does to the SCTP
# packets that cross it what RULE says, from the moment the file GO
# exists (if given) on:
#
#   sctp-relay.py IF_CLIENT IF_SERVER RULE [GO]
#
#   pass        nothing: every frame crosses as it came
#   reorder     the server's packets with DATA, two at a time, cross in
#               the opposite order (the second first), for 20 s; one
#               left alone goes after 50 ms
#   drop        the server's packets with DATA are dropped for 2 s
#   delay       the server's packets with DATA are held 400 ms each, in
#               order, for 10 s (longer than the sender's minimum
#               retransmission timeout: spurious retransmissions)
#   sid         the server's next packet with DATA: its first DATA chunk
#               moved to another stream (SID xor 1), in place, the CRC
#               made right again; once (the seeds' T1 on a real path)
#   ubit        the same chunk made unordered (U bit set) instead
#
# Prints "relaying" once both sockets are open, "did RULE at UPTIME" when
# it first applied the rule (the host's /proc/uptime), and on SIGTERM
# "affected N": the packets it dropped, swapped or rewritten.
#
# Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.

import collections
import os
import select
import signal
import socket
import struct
import sys
import time

ETH_P_ALL = 0x0003
PACKET_OUTGOING = 4

if len(sys.argv) not in (4, 5):
    sys.exit("usage: sctp-relay.py IF_CLIENT IF_SERVER RULE [GO]")
ifc, ifs, rule = sys.argv[1:4]
go = sys.argv[4] if len(sys.argv) == 5 else None
if rule not in ("pass", "reorder", "drop", "delay", "sid", "ubit"):
    sys.exit("sctp-relay: unknown rule " + rule)

CRC = []
for i in range(256):
    c = i
    for _ in range(8):
        c = (c >> 1) ^ 0x82f63b78 if c & 1 else c >> 1
    CRC.append(c)


def crc32c(b):
    c = 0xffffffff
    for x in b:
        c = CRC[(c ^ x) & 0xff] ^ (c >> 8)
    return c ^ 0xffffffff


def uptime():
    with open("/proc/uptime") as f:
        return f.read().split()[0]


def sctp_of(frame):
    """The offset of the SCTP header in an IPv4 frame, or None."""
    if len(frame) < 34 or frame[12:14] != b"\x08\x00" or frame[23] != 132:
        return None
    return 14 + (frame[14] & 0x0f) * 4


def first_data(frame, off):
    """The offset of the packet's first DATA chunk, or None."""
    p = off + 12
    while p + 4 <= len(frame):
        ctype = frame[p]
        clen = struct.unpack("!H", frame[p + 2:p + 4])[0]
        if ctype == 0 and clen >= 16:
            return p
        if clen < 4:
            return None
        p += (clen + 3) & ~3
    return None


def recrc(frame, off):
    b = bytearray(frame)
    b[off + 8:off + 12] = b"\0\0\0\0"
    b[off + 8:off + 12] = struct.pack("<I", crc32c(bytes(b[off:])))
    return bytes(b)


def sock(ifname):
    s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW,
                      socket.htons(ETH_P_ALL))
    s.bind((ifname, 0))
    return s


sc, ss = sock(ifc), sock(ifs)
print("relaying", flush=True)
state = {"start": None, "done": False, "held": None, "held_at": 0, "n": 0}
# delay: (when, frame) to send to the client, in order.
late = collections.deque()


def finish(signum, frame):
    print("affected %d" % state["n"], flush=True)
    os._exit(0)


signal.signal(signal.SIGTERM, finish)


def armed():
    if state["done"]:
        return False
    if go is not None and not os.path.exists(go):
        return False
    if state["start"] is None:
        state["start"] = time.time()
        print("did %s at %s" % (rule, uptime()), flush=True)
    return True


def from_server(frame):
    """What crosses to the client for this frame from the server."""
    off = sctp_of(frame)
    if off is None or rule == "pass":
        return [frame]
    d = first_data(frame, off)
    if d is not None and rule == "delay" and state["done"] and late:
        # Held frames go first.
        late.append((late[-1][0], frame))
        return []
    if d is None or not armed():
        return [frame]
    if rule == "drop":
        if time.time() - state["start"] >= 2:
            state["done"] = True
            return [frame]
        state["n"] += 1
        return []
    if rule == "delay":
        now = time.time()
        if now - state["start"] >= 10:
            state["done"] = True
        if state["done"] and not late:
            return [frame]
        # Behind what is held, so that the order is kept.
        when = now if state["done"] else now + 0.4
        if late:
            when = max(when, late[-1][0])
        late.append((when, frame))
        if not state["done"]:
            state["n"] += 1
        return []
    if rule == "reorder":
        if time.time() - state["start"] >= 20:
            state["done"] = True
            held, state["held"] = state["held"], None
            return [frame] if held is None else [held, frame]
        if state["held"] is None:
            state["held"], state["held_at"] = frame, time.time()
            return []
        held, state["held"] = state["held"], None
        state["n"] += 2
        return [frame, held]
    b = bytearray(frame)
    if rule == "sid":
        sid = struct.unpack("!H", bytes(b[d + 8:d + 10]))[0]
        struct.pack_into("!H", b, d + 8, sid ^ 1)
    else:
        b[d + 1] |= 0x04
    state["done"] = True
    state["n"] += 1
    return [recrc(bytes(b), off)]


while True:
    r, _, _ = select.select([sc, ss], [], [], 0.005 if late else 0.02)
    while late and late[0][0] <= time.time():
        sc.send(late.popleft()[1])
    if state["held"] is not None and time.time() - state["held_at"] >= 0.05:
        sc.send(state["held"])
        state["held"] = None
    for s in r:
        frame, addr = s.recvfrom(65535)
        if addr[2] == PACKET_OUTGOING:
            continue
        if s is sc:
            ss.send(frame)
        else:
            for f in from_server(frame):
                sc.send(f)
