#!/usr/bin/python3
# sctp-end: the two ends of a forwarded SCTP association, written with
# Python's socket module against the kernel's API (not our code), for the
# VM tests of how an association's end is passed on (PROTOCOL.sctp 3.3).
#
#   sctp-end.py listen PORT COUNT END
#	accept one association on 127.0.0.1 PORT; read until it ends; if
#	END is "abort", after COUNT messages abort it (SO_LINGER 0, close),
#	if "shutdown", shut it down after COUNT messages
#   sctp-end.py connect PORT COUNT END [FILE]
#	connect to 127.0.0.1 PORT, send COUNT messages of 100 bytes, then
#	END: "abort" (SO_LINGER 0 and close), "shutdown" (SHUT_WR and
#	close), or "wait" (read until the peer ends it); with FILE, only
#	once FILE has a line "accepted" (the destination's output, up to
#	60 s): Linux shows an association aborted before its accept(2) as
#	a clean end, forwarded or not, so only then must a reset arrive
#   END "vanish" (connect with FILE, listen with FILE: the other end's
#	output): once the destination has accepted (connect) or COUNT
#	messages were read (listen), this end's host goes silent: every
#	packet of its association is dropped (tc on lo, ingress) until FILE
#	says how the other end's association ended, so that the forwarder
#	loses its peer (SCTP_COMM_LOST)
#   END "restart": once the destination has accepted (connect, with
#	FILE) or COUNT messages were read (listen), this end's host
#	restarts: it aborts with its ABORT dropped, then a new socket
#	associates from the same port to the forwarder's, which the
#	forwarder's kernel takes for a restart (SCTP_RESTART); prints how
#	that new association ended ("reset" also when connect(2) itself
#	fails with ECONNRESET: the forwarder's ABORT came first;
#	"connect-timeout" when connect(2) had no answer in 30 s)
#
# Each prints one line: "got N end E", N the messages read and E how the
# association ended for it: "reset" (ECONNRESET or another error), "eof"
# (a clean shutdown: read returned 0), "timeout" (nothing in 30 s),
# "self" (this end aborted it or went silent), or, for listen, "none"
# (no association came in 90 s).  SCTP_END_WAIT (seconds, default 30)
# is how long a read waits.
#
# Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.

import errno
import os
import socket
import struct
import subprocess
import sys
import time

WAIT = int(os.environ.get("SCTP_END_WAIT", "30"))


def read_to_end(s, limit=None):
    got = 0
    s.settimeout(WAIT)
    while limit is None or got < limit:
        try:
            b = s.recv(65536)
        except socket.timeout:
            return got, "timeout"
        except OSError as e:
            return got, "reset" if e.errno == errno.ECONNRESET else \
                "error-" + errno.errorcode.get(e.errno, str(e.errno))
        if not b:
            return got, "eof"
        got += 1
    return got, None


def abort(s):
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def wait_accepted(path):
    for _ in range(600):
        try:
            with open(path) as f:
                if "accepted\n" in f.readlines():
                    return
        except OSError:
            pass
        time.sleep(0.1)
    print("the destination accepted nothing in 60 s", flush=True)
    sys.exit(1)


def wait_end(path):
    """Until PATH has the other end's "got N end E" line (up to 180 s)."""
    for _ in range(1800):
        try:
            with open(path) as f:
                if any(l.startswith("got ") for l in f.readlines()):
                    return
        except OSError:
            pass
        time.sleep(0.1)


def lo_drop(*matches):
    """Drop SCTP packets on lo (ingress: both ways) matching each u32
    match list given."""
    subprocess.run(["tc", "qdisc", "add", "dev", "lo", "ingress"],
                   check=True)
    for m in matches:
        subprocess.run(["tc", "filter", "add", "dev", "lo", "parent",
                        "ffff:", "protocol", "ip", "prio", "1", "u32",
                        "match", "ip", "protocol", "132", "0xff"] +
                       m.split() + ["action", "drop"], check=True)


def lo_pass():
    subprocess.run(["tc", "qdisc", "del", "dev", "lo", "ingress"],
                   check=False)


def vanish(s, path):
    """Every packet of s's association dropped until PATH ends."""
    port = s.getsockname()[1]
    lo_drop("match u16 %d 0xffff at 20" % port,
            "match u16 %d 0xffff at 22" % port)
    try:
        wait_end(path)
    finally:
        lo_pass()
    abort(s)


def restart(s, port):
    """Abort s with its ABORT dropped; associate again from its port."""
    local = s.getsockname()[1]
    lo_drop("match u16 %d 0xffff at 20 match u8 6 0xff at 32" % local)
    try:
        abort(s)
        time.sleep(0.5)
    finally:
        lo_pass()
    n = socket.socket(socket.AF_INET, socket.SOCK_STREAM,
                      socket.IPPROTO_SCTP)
    n.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    n.bind(("127.0.0.1", local))
    n.settimeout(30)
    try:
        n.connect(("127.0.0.1", port))
    except ConnectionResetError:
        # The forwarder aborts the restarted association (3.3); on a
        # busy host its ABORT can come before connect(2) returns.  The
        # test asks the forwarder's log whether it saw a restart.
        print("restarted from port %d: reset before connect returned"
              % local, flush=True)
        return 0, "reset"
    except TimeoutError:
        # The handshake is the kernels' alone; seen once in a loaded
        # make check.  The test tries the case again (it says so).
        print("restarted from port %d: connect timed out" % local,
              flush=True)
        return 0, "connect-timeout"
    print("restarted from port %d" % local, flush=True)
    return read_to_end(n)


def main():
    role, port, count, end = sys.argv[1], int(sys.argv[2]), \
        int(sys.argv[3]), sys.argv[4]
    if role == "listen":
        ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM,
                           socket.IPPROTO_SCTP)
        ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        ls.bind(("127.0.0.1", port))
        ls.listen(1)
        print("listening", flush=True)
        ls.settimeout(90)
        try:
            s, _ = ls.accept()
            print("accepted", flush=True)
        except socket.timeout:
            # No association came: the forward was never made (a source
            # that aborts at once may end before it is forwarded).
            print("got 0 end none", flush=True)
            return
        if end == "vanish":
            got, how = read_to_end(s, count)
            if how is None:
                vanish(s, sys.argv[5])
                how = "self"
        elif end == "restart":
            got, how = read_to_end(s, count)
            if how is None:
                ls.close()
                _, how = restart(s, s.getpeername()[1])
        elif end in ("abort", "shutdown"):
            got, how = read_to_end(s, count)
            if how is None:
                if end == "abort":
                    abort(s)
                    how = "self"
                else:
                    s.shutdown(socket.SHUT_WR)
                    more, how = read_to_end(s)
                    got += more
        else:
            got, how = read_to_end(s)
    else:
        s = socket.socket(socket.AF_INET, socket.SOCK_STREAM,
                          socket.IPPROTO_SCTP)
        s.settimeout(30)
        s.connect(("127.0.0.1", port))
        for i in range(count):
            s.send(b"%-100d" % i)
        got, how = 0, "self"
        if len(sys.argv) > 5:
            wait_accepted(sys.argv[5])
        if end == "abort":
            abort(s)
        elif end == "vanish":
            vanish(s, sys.argv[5])
        elif end == "restart":
            got, how = restart(s, port)
        elif end == "shutdown":
            # Linux: the side that shut down reads no end of data, even
            # when its peer closes in turn, so it does not wait for one.
            s.shutdown(socket.SHUT_WR)
            s.close()
        else:
            got, how = read_to_end(s)
    print("got %d end %s" % (got, how), flush=True)


main()
