#!/usr/bin/python3
# sctp-streams: an SCTP source or sink of a chosen number of streams, with
# Python's sockets (regress/vm/observer.sh).
#
#   sctp-streams.py send HOST PORT STREAMS COUNT
#	one association of STREAMS outbound streams to HOST PORT; COUNT
#	messages of 1000 bytes on each stream in turn, 10 s more, then a
#	clean close; prints "sent N"
#   sctp-streams.py sink PORT CONNS
#	listens on 127.0.0.1 PORT (up to 64 streams in), reads CONNS
#	associations to their end, at once, and prints "received N on
#	STREAMS streams" for each as it ends
#
# Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.

import socket
import struct
import sys
import threading
import time

SCTP_INITMSG = 2
SCTP_RECVRCVINFO = 32
SCTP_SNDINFO = 2	# cmsg types (SCTP_SNDINFO, SCTP_RCVINFO) are not sockopts
SCTP_RCVINFO = 3


def sock(ostreams):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_SCTP)
    s.setsockopt(socket.IPPROTO_SCTP, SCTP_INITMSG,
                 struct.pack("=HHHH", ostreams, 64, 0, 0))
    return s


def send(host, port, streams, count):
    s = sock(streams)
    s.connect((host, port))
    n = 0
    for _ in range(count):
        for sid in range(streams):
            info = struct.pack("=HHIII", sid, 0, 0, 0, 0)
            s.sendmsg([b"%08d" % n + b"x" * 992],
                      [(socket.IPPROTO_SCTP, SCTP_SNDINFO, info)])
            n += 1
    time.sleep(10)	# open a while, beside another source's
    s.close()
    print("sent %d" % n, flush=True)


def drain(c, i):
    c.setsockopt(socket.IPPROTO_SCTP, SCTP_RECVRCVINFO, 1)
    n, sids = 0, set()
    while True:
        data, anc, flags, _ = c.recvmsg(65536, 256)
        if not data:
            break
        n += 1
        for level, kind, val in anc:
            if level == socket.IPPROTO_SCTP and kind == SCTP_RCVINFO:
                sids.add(struct.unpack("=H", val[:2])[0])
    c.close()
    print("received %d on %d streams" % (n, len(sids)), flush=True)


def sink(port, conns):
    s = sock(64)
    s.bind(("127.0.0.1", port))
    s.listen(8)
    print("listening", flush=True)
    threads = []
    for i in range(conns):
        c, _ = s.accept()
        t = threading.Thread(target=drain, args=(c, i))
        t.start()
        threads.append(t)
    for t in threads:
        t.join()


if sys.argv[1] == "send":
    send(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
elif sys.argv[1] == "sink":
    sink(int(sys.argv[2]), int(sys.argv[3]))
else:
    sys.exit("usage: see the comment at the top")
