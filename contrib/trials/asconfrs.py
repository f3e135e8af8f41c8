# asconfrs.py: the client and server of contrib/trials/asconfrs.sh, an
# SCTP association over the kernel's API (Python's socket module, and
# libsctp's sctp_bindx(3) through ctypes).
#   server PORT            accept one association at a time, read on
#   client A1 B1 PORT LPORT STEP...
# The client binds A1:LPORT, associates with B1:PORT, sends a line, then
# runs each STEP: add:ADDR or rem:ADDR (sctp_bindx(3), which sends
# ASCONF), sleep:S, abort (SO_LINGER 0 and close: the ABORT is lost if
# the path is cut), again (a new socket, bound and associating as the
# first: a restart where the server kept the association), wait:FILE
# (until FILE exists).
import ctypes
import os
import socket
import struct
import sys
import time

BINDX_ADD, BINDX_REM = 1, 2


def sockaddr(addr, port):
    return struct.pack("=H", socket.AF_INET) + struct.pack("!H", port) + \
        socket.inet_aton(addr) + bytes(8)


def bindx(s, addr, port, flag):
    lib = ctypes.CDLL("libsctp.so.1", use_errno=True)
    buf = ctypes.create_string_buffer(sockaddr(addr, port))
    if lib.sctp_bindx(s.fileno(), buf, 1, flag) != 0:
        e = ctypes.get_errno()
        print("sctp_bindx", addr, flag, os.strerror(e), flush=True)
    else:
        print("sctp_bindx", addr, "add" if flag == BINDX_ADD else "rem",
              "ok", flush=True)


def server(port):
    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM,
                       socket.IPPROTO_SCTP)
    ls.bind(("0.0.0.0", port))
    ls.listen(4)
    while True:
        c, peer = ls.accept()
        print("accepted", peer, flush=True)
        try:
            while c.recv(4096):
                pass
        except OSError as e:
            print("recv:", e, flush=True)
        c.close()


def connect(a1, b1, port, lport):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM,
                      socket.IPPROTO_SCTP)
    s.bind((a1, lport))
    s.connect((b1, port))
    s.send(b"hello\n")
    print("associated from", a1, lport, flush=True)
    return s


def client(a1, b1, port, lport, steps):
    s = connect(a1, b1, port, lport)
    for st in steps:
        op, _, arg = st.partition(":")
        if op == "add":
            bindx(s, arg, lport, BINDX_ADD)
        elif op == "rem":
            bindx(s, arg, lport, BINDX_REM)
        elif op == "sleep":
            time.sleep(float(arg))
        elif op == "abort":
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                         struct.pack("ii", 1, 0))
            s.close()
            print("aborted", flush=True)
        elif op == "again":
            s = connect(a1, b1, port, lport)
        elif op == "wait":
            while not os.path.exists(arg):
                time.sleep(0.1)
    time.sleep(3600)


if sys.argv[1] == "server":
    server(int(sys.argv[2]))
else:
    client(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]),
           sys.argv[6:])
