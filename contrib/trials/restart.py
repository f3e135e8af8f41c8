#!/usr/bin/env python3
# restart.py: the two ends of contrib/trials/restart.sh, plain SCTP sockets
# set up as ssh and sshd set theirs up for roaming (SCTP-AUTH, ADD-IP,
# automatic ASCONF on the wildcard address, a high association limit).
#   restart.py server PORT [auth|extra]          (IPv6 socket: both families)
#   restart.py client ADDR PORT CTL [auth|extra] (ADDR's family)
# The server echoes each line as "got LINE" and logs the notifications.
# The client reads commands from the fifo CTL: "send WORD", "primary
# ADDR" (ASCONF Set Primary Address, as ssh's roaming sends it), and
# "restart [BIND [FALLBACK]]": read what the old socket holds, abort it
# and associate again from the same port, bound to BIND (the wildcard
# address by default), and to FALLBACK if that fails.  With "auth" or
# "extra" both ends authenticate DATA and SACK with key 1 and delete key
# 0, and the client's new socket carries key 1, and no key 0, as its
# endpoint keys.
import os
import select
import socket
import struct
import sys
import time

SOL = socket.IPPROTO_SCTP
SET_PEER_PRIMARY, AUTH_CHUNK, AUTH_KEY, AUTH_ACTIVE, AUTH_DELETE = \
    5, 21, 23, 24, 25
AUTO_ASCONF, EVENT, ASCONF_SUP, AUTH_SUP, RTOINFO, ASSOCINFO = \
    30, 127, 128, 129, 0, 1
MSG_NOTIFICATION = 0x8000
ASSOC_CHANGE, PEER_ADDR_CHANGE = 0x8001, 0x8002
STATES = {0: "COMM_UP", 1: "COMM_LOST", 2: "RESTART", 3: "SHUTDOWN_COMP",
          4: "CANT_STR_ASSOC"}
PSTATES = {0: "AVAILABLE", 1: "UNREACHABLE", 2: "REMOVED", 3: "ADDED",
           4: "MADE_PRIM", 5: "CONFIRMED", 6: "PF"}


def log(*a):
    print("%.2f" % time.monotonic(), *a, flush=True)


def opts(s, auth):
    s.setsockopt(SOL, AUTH_SUP, struct.pack("iI", 0, 1))
    s.setsockopt(SOL, ASCONF_SUP, struct.pack("iI", 0, 1))
    s.setsockopt(SOL, RTOINFO, struct.pack("iIII", 0, 1000, 1000, 200))
    s.setsockopt(SOL, ASSOCINFO, struct.pack("iHHIII", 0, 65535, 0, 0, 0, 0))
    for ev in (ASSOC_CHANGE, PEER_ADDR_CHANGE):
        s.setsockopt(SOL, EVENT, struct.pack("iHBx", 0, ev, 1))
    if auth:
        for ch in (0, 3):      # DATA, SACK
            s.setsockopt(SOL, AUTH_CHUNK, struct.pack("B", ch))


def setkey(s, keyid, delete0):
    key = b"K" * 32
    s.setsockopt(SOL, AUTH_KEY, struct.pack("iHH", 0, keyid, len(key)) + key)
    s.setsockopt(SOL, AUTH_ACTIVE, struct.pack("iHxx", 0, keyid))
    if delete0:
        s.setsockopt(SOL, AUTH_DELETE, struct.pack("iHxx", 0, 0))
    log("key", keyid, "active", "key 0 deleted" if delete0 else "")


def notif(data):
    t, = struct.unpack_from("H", data)
    if t == ASSOC_CHANGE:
        st, = struct.unpack_from("H", data, 8)
        return "ASSOC_CHANGE " + STATES.get(st, str(st))
    if t == PEER_ADDR_CHANGE:
        fam, = struct.unpack_from("H", data, 8)
        if fam == socket.AF_INET:
            a = socket.inet_ntop(socket.AF_INET, data[12:16])
        else:
            a = socket.inet_ntop(socket.AF_INET6, data[16:32])
        st, = struct.unpack_from("i", data, 8 + 128)
        return "PEER_ADDR_CHANGE %s %s" % (a, PSTATES.get(st, str(st)))
    return "notification %#x" % t


def read(s, on_line):
    """One recvmsg; False at EOF."""
    try:
        data, _, flags, _ = s.recvmsg(65536)
    except BlockingIOError:
        return True
    except OSError as e:
        log("recv:", e)
        return False
    if flags & MSG_NOTIFICATION:
        log(notif(data))
        return True
    if not data:
        log("EOF")
        return False
    for line in data.decode().splitlines():
        on_line(line)
    return True


def server(port, auth):
    ls = socket.socket(socket.AF_INET6, socket.SOCK_STREAM, SOL)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    opts(ls, auth)
    ls.bind(("::", port))
    ls.listen(1)
    log("listening")
    s, peer = ls.accept()
    log("accepted", peer[:2])
    if auth:
        setkey(s, 1, True)

    def echo(line):
        log("read", line)
        s.sendall(("got %s\n" % line).encode())
    while read(s, echo):
        pass


def sockaddr(addr, port):
    """A struct sockaddr_storage."""
    if ":" in addr:
        sa = struct.pack("=H", socket.AF_INET6) + struct.pack("!HI", port, 0) \
            + socket.inet_pton(socket.AF_INET6, addr) + struct.pack("I", 0)
    else:
        sa = struct.pack("=H", socket.AF_INET) + struct.pack("!H", port) + \
            socket.inet_aton(addr)
    return sa + b"\0" * (128 - len(sa))


def client(addr, port, ctl, auth):
    fam = socket.AF_INET6 if ":" in addr else socket.AF_INET
    wild = "::" if fam == socket.AF_INET6 else "0.0.0.0"

    def connect(lport, bindaddr=wild, tries=5):
        s = socket.socket(fam, socket.SOCK_STREAM, SOL)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        opts(s, auth)
        if auth and lport:
            setkey(s, 1, True)      # the endpoint's: the new association's
        s.bind((bindaddr, lport))
        if bindaddr == wild:
            s.setsockopt(SOL, AUTO_ASCONF, struct.pack("i", 1))
        s.settimeout(20)
        for i in range(tries):
            try:
                s.connect((addr, port))
                break
            except OSError as e:
                log("connect:", e)
                if i == tries - 1:
                    raise
                time.sleep(1)
        log("connected from", s.getsockname()[:2])
        if auth and not lport:
            setkey(s, 1, True)
        return s
    s = connect(0)
    s.settimeout(None)
    c = os.open(ctl, os.O_RDONLY | os.O_NONBLOCK)
    buf = b""
    while True:
        r, _, _ = select.select([s, c], [], [], 1)
        if s in r and not read(s, lambda l: log(l)):
            return
        if c not in r:
            continue
        more = os.read(c, 4096)
        if not more:
            os.close(c)
            c = os.open(ctl, os.O_RDONLY | os.O_NONBLOCK)
            continue
        buf += more
        while b"\n" in buf:
            cmd, buf = buf.split(b"\n", 1)
            w = cmd.decode().split()
            log("cmd", *w)
            if w[0] == "send":
                s.send((w[1] + "\n").encode())
            elif w[0] == "primary":
                try:
                    s.setsockopt(SOL, SET_PEER_PRIMARY, struct.pack("i", 0) +
                                 sockaddr(w[1], s.getsockname()[1]))
                    log("set peer primary", w[1])
                except OSError as e:
                    log("set peer primary:", e)
            elif w[0] == "restart":
                lport = s.getsockname()[1]
                s.setblocking(False)
                while read(s, lambda l: log("old:", l)):
                    r2, _, _ = select.select([s], [], [], 0)
                    if not r2:
                        break
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                             struct.pack("ii", 1, 0))
                s.close()
                t = time.monotonic()
                try:
                    s = connect(lport, *w[1:2], tries=1)
                except OSError as e:
                    log("restart failed:", e)
                    s = connect(lport, w[2], tries=1)
                log("restart took %.3f s" % (time.monotonic() - t))


if __name__ == "__main__":
    auth = sys.argv[-1] in ("auth", "extra")
    if sys.argv[1] == "server":
        server(int(sys.argv[2]), auth)
    else:
        client(sys.argv[2], int(sys.argv[3]), sys.argv[4], auth)
