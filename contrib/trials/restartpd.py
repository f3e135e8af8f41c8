#!/usr/bin/env python3
# restartpd.py: the two ends of contrib/trials/restartpd.sh, plain SCTP
# one-to-one sockets (no SCTP-AUTH, hence no ADD-IP: Linux refuses an INIT
# that asks for ADD-IP without AUTH), the server reading
# with a small buffer and a small partial delivery point.
#   restartpd.py server PORT data|idata|idataep
#   restartpd.py client ADDR PORT CTL data|idata|idataep
# With "idata" both ends set SCTP_FRAGMENT_INTERLEAVE 2 and
# SCTP_INTERLEAVING_SUPPORTED 1 before listen/connect (I-DATA, if the
# sysctl net.sctp.intl_enable is 1 on both hosts); with "idataep" the
# server sets both on its accepted socket too (its endpoint: what answers
# the restarting INIT).
# The server logs every recvmsg: the data's length, MSG_EOR, the bytes it
# holds ("B" the big message, "N" the new one), where it falls in its
# record (the bytes since the last MSG_EOR), the TSN and SSN of its
# SCTP_RCVINFO, and each notification; "PD" once it has read 16384 bytes of
# a record without its end, "MIXED" when one record holds both messages'
# bytes.  Every wait is bounded: the server stops after 150 s.
# The client reads commands from the fifo CTL: "big N" (one message of N
# bytes of "B"), "abort" (SO_LINGER 0 and close), "connect" (a new socket,
# SO_REUSEADDR, bound to the old port, associates again), "new N" (one
# message of N bytes of "N").
import os
import select
import socket
import struct
import sys
import time

SOL = socket.IPPROTO_SCTP
RTOINFO, STATUS, FRAG_INTERLEAVE, PD_POINT, RECVRCVINFO = 0, 14, 18, 19, 32
INTERLEAVING_SUP, EVENT = 125, 127
CMSG_RCVINFO = 3
MSG_NOTIFICATION = 0x8000
ASSOC_CHANGE, PEER_ADDR_CHANGE, SHUTDOWN_EVENT, PDAPI, SENDER_DRY = \
    0x8001, 0x8002, 0x8005, 0x8006, 0x8009
STATES = {0: "COMM_UP", 1: "COMM_LOST", 2: "RESTART", 3: "SHUTDOWN_COMP",
          4: "CANT_STR_ASSOC"}
T0 = time.monotonic()


def log(*a):
    print("%7.2f" % (time.monotonic() - T0), *a, flush=True)


def intl(s):
    """getsockopt SCTP_INTERLEAVING_SUPPORTED: the association's (I-DATA
    in use) on a connected socket."""
    try:
        v = s.getsockopt(SOL, INTERLEAVING_SUP, 8)
        return struct.unpack("iI", v)[1]
    except OSError as e:
        return "error %s" % e


def opts(s, idata):
    s.setsockopt(SOL, RTOINFO, struct.pack("iIII", 0, 1000, 1000, 200))
    if idata:
        s.setsockopt(SOL, FRAG_INTERLEAVE, struct.pack("i", 2))
        s.setsockopt(SOL, INTERLEAVING_SUP, struct.pack("iI", 0, 1))
    events(s)


def events(s):
    for ev in (ASSOC_CHANGE, PEER_ADDR_CHANGE, SHUTDOWN_EVENT, PDAPI,
               SENDER_DRY):
        s.setsockopt(SOL, EVENT, struct.pack("iHBx", 0, ev, 1))


def notif(data):
    t, = struct.unpack_from("H", data)
    if t == ASSOC_CHANGE:
        st, err, o, i = struct.unpack_from("HHHH", data, 8)
        return "ASSOC_CHANGE %s (error %d, streams %d/%d)" % (
            STATES.get(st, str(st)), err, o, i)
    if t == PDAPI:
        _, _, _, ind, aid, sid, seq = struct.unpack_from("HHIIiII", data)
        return "PARTIAL_DELIVERY_EVENT indication %d%s stream %d seq %d" % (
            ind, " (ABORTED)" if ind == 0 else "", sid, seq)
    if t == SENDER_DRY:
        return "SENDER_DRY"
    if t == SHUTDOWN_EVENT:
        return "SHUTDOWN_EVENT"
    if t == PEER_ADDR_CHANGE:
        st, = struct.unpack_from("i", data, 8 + 128)
        return "PEER_ADDR_CHANGE state %d" % st
    return "notification %#x" % t


def idle(s, quiet):
    """Nothing readable for a while: what SCTP_STATUS says, and a
    non-blocking recvmsg."""
    try:
        st = s.getsockopt(SOL, STATUS, 256)
        _, state, rwnd, unack, pend = struct.unpack_from("iiIHH", st)
        what = "state %d rwnd %d unackdata %d penddata %d" % (
            state, rwnd, unack, pend)
    except OSError as e:
        what = "SCTP_STATUS: %s" % e
    try:
        data, _, flags, _ = s.recvmsg(4096, 0, socket.MSG_DONTWAIT)
        what += "; MSG_DONTWAIT recvmsg: %d bytes (%s) flags %#x" % (
            len(data), "".join(sorted(set(data.decode(errors="replace")))),
            flags)
    except OSError as e:
        what += "; MSG_DONTWAIT recvmsg: %s" % e
    log("nothing readable for %.0f s: %s" % (quiet, what))


def server(port, idata):
    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM, SOL)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    opts(ls, idata)
    ls.setsockopt(SOL, PD_POINT, struct.pack("I", 4096))
    ls.setsockopt(SOL, RECVRCVINFO, struct.pack("i", 1))
    ls.bind(("0.0.0.0", port))
    ls.listen(1)
    log("listening")
    ls.settimeout(60)
    s, peer = ls.accept()
    events(s)
    if idata == "ep":
        s.setsockopt(SOL, FRAG_INTERLEAVE, struct.pack("i", 2))
        s.setsockopt(SOL, INTERLEAVING_SUP, struct.pack("iI", 0, 1))
        log("accepted socket: INTERLEAVING_SUPPORTED 1 set")
    s.setsockopt(SOL, PD_POINT, struct.pack("I", 4096))
    log("accepted", peer[:2], "pd point",
        struct.unpack("I", s.getsockopt(SOL, PD_POINT, 4))[0],
        "frag interleave",
        struct.unpack("i", s.getsockopt(SOL, FRAG_INTERLEAVE, 4))[0],
        "INTERLEAVING_SUPPORTED (I-DATA)", intl(s))
    rec, kinds, pd, mixed = 0, "", False, False
    last = probe = time.monotonic()
    end = last + 150
    while time.monotonic() < end:
        r, _, _ = select.select([s], [], [], 1)
        if not r:
            if time.monotonic() - probe >= 10:
                probe = time.monotonic()
                idle(s, probe - last)
            continue
        now = probe = time.monotonic()
        gap = " (after %.2f s of nothing)" % (now - last) \
            if now - last > 1.5 else ""
        last = now
        try:
            data, anc, flags, _ = s.recvmsg(4096, 256)
        except OSError as e:
            log("recv:", e)
            return
        if flags & MSG_NOTIFICATION:
            log("NOTIFICATION", notif(data),
                "EOR" if flags & socket.MSG_EOR else "no EOR", gap)
            if notif(data).startswith("ASSOC_CHANGE RESTART"):
                log("after the restart: INTERLEAVING_SUPPORTED (I-DATA)",
                    intl(s))
            continue
        if not data:
            log("EOF", gap)
            return
        info = ""
        for lvl, typ, d in anc:
            if lvl == SOL and typ == CMSG_RCVINFO and len(d) >= 28:
                sid, ssn, fl, ppid, tsn, cum, ctx, aid = \
                    struct.unpack_from("HHHIIIIi", d)
                info = "sid %d ssn %d tsn %d" % (sid, ssn, tsn)
        rec_start = rec
        rec += len(data)
        chars = "".join(sorted(set(data.decode(errors="replace"))))
        kinds = "".join(sorted(set(kinds + chars)))
        eor = bool(flags & socket.MSG_EOR)
        log("data %d %s bytes %s record bytes %d-%d %s%s" % (
            len(data), "EOR" if eor else "no EOR", chars, rec_start, rec,
            info, gap))
        if len(kinds) > 1 and not mixed:
            mixed = True
            log("MIXED: one record holds %s" % kinds)
        if not eor and rec >= 16384 and not pd:
            pd = True
            log("PD: %d bytes of a record read, no EOR yet" % rec)
        if eor:
            log("record of %d bytes (%s) complete" % (rec, kinds))
            rec, kinds, mixed = 0, "", False
    log("server: time is up")


def client(addr, port, ctl, idata):
    def connect(lport):
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM, SOL)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 20)
        opts(s, idata)
        s.bind(("0.0.0.0", lport))
        s.settimeout(20)
        s.connect((addr, port))
        log("connected from", s.getsockname()[:2],
            "INTERLEAVING_SUPPORTED (I-DATA)", intl(s))
        return s
    s = connect(0)
    lport = s.getsockname()[1]
    c = os.open(ctl, os.O_RDONLY | os.O_NONBLOCK)
    buf = b""
    end = time.monotonic() + 200
    while time.monotonic() < end:
        rl = [c] + ([s] if s else [])
        r, _, _ = select.select(rl, [], [], 1)
        if s in r:
            try:
                data, _, flags, _ = s.recvmsg(4096)
                if flags & MSG_NOTIFICATION:
                    log("NOTIFICATION", notif(data))
                elif not data:
                    log("EOF")
                    s.close()
                    s = None
            except OSError as e:
                log("recv:", e)
                s.close()
                s = None
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
            try:
                if w[0] in ("big", "new"):
                    n = s.send((b"B" if w[0] == "big" else b"N") * int(w[1]))
                    log("sent", w[0], n)
                elif w[0] == "abort":
                    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                 struct.pack("ii", 1, 0))
                    s.close()
                    s = None
                    log("aborted")
                elif w[0] == "connect":
                    t = time.monotonic()
                    s = connect(lport)
                    log("restart took %.3f s" % (time.monotonic() - t))
                elif w[0] == "exit":
                    return
            except OSError as e:
                log(w[0], "failed:", e)


if __name__ == "__main__":
    idata = {"idata": True, "idataep": "ep"}.get(sys.argv[-1], False)
    if sys.argv[1] == "server":
        server(int(sys.argv[2]), idata)
    else:
        client(sys.argv[2], int(sys.argv[3]), sys.argv[4], idata)
