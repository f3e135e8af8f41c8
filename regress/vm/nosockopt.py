#!/usr/bin/python3
# nosockopt.py OPTS CMD [ARG...]: runs CMD (and whatever it starts) as on a
# kernel without the SCTP socket options OPTS (comma-separated names such as
# SCTP_EVENT, or a kernel release: "4.19" lists those Linux added after it):
# getsockopt(2) and setsockopt(2) at level IPPROTO_SCTP with one of them
# fail with ENOPROTOOPT, as Linux answers an option it does not know.  A
# seccomp filter, so the real kernel does everything else.  Root only (no
# no_new_privs, so that sshd's own sandbox and setuid(2) work as ever).
import ctypes
import errno
import os
import struct
import sys

# linux/sctp.h
OPTS = {
    "SCTP_PEER_ADDR_THLDS": 31, "SCTP_RECVRCVINFO": 32,
    "SCTP_GET_ASSOC_STATS": 112, "SCTP_PR_ASSOC_STATUS": 115,
    "SCTP_STREAM_SCHEDULER": 123, "SCTP_INTERLEAVING_SUPPORTED": 125,
    "SCTP_EVENT": 127, "SCTP_ASCONF_SUPPORTED": 128,
    "SCTP_AUTH_SUPPORTED": 129, "SCTP_EXPOSE_POTENTIALLY_FAILED_STATE": 131,
    "SCTP_REMOTE_UDP_ENCAPS_PORT": 132,
}
# The options of OPTS that Linux added after each release.
AFTER = {
    "4.19": ["SCTP_EVENT", "SCTP_ASCONF_SUPPORTED", "SCTP_AUTH_SUPPORTED",
             "SCTP_EXPOSE_POTENTIALLY_FAILED_STATE",
             "SCTP_REMOTE_UDP_ENCAPS_PORT"],
    "5.4": ["SCTP_EXPOSE_POTENTIALLY_FAILED_STATE",
            "SCTP_REMOTE_UDP_ENCAPS_PORT"],
}
# machine: (AUDIT_ARCH_*, __NR_setsockopt, __NR_getsockopt)
ARCH = {"x86_64": (0xC000003E, 54, 55), "aarch64": (0xC00000B7, 208, 209)}

LD_ABS_W, JEQ_K, RET_K = 0x20, 0x15, 0x06
RET_ALLOW, RET_ERRNO = 0x7FFF0000, 0x00050000
IPPROTO_SCTP = 132
PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 22, 2


def names(arg):
    out = set()
    for w in arg.split(","):
        if w in AFTER:
            out.update(AFTER[w])
        elif w in OPTS:
            out.add(w)
        else:
            sys.exit("nosockopt.py: unknown option or release " + w)
    return sorted(out)


def program(opts):
    audit, nr_set, nr_get = ARCH[os.uname().machine]
    # (code, jt, jf, k); jumps are counted from the next instruction, and
    # "A" and "D" stand for the final allow and deny.
    ins = [(LD_ABS_W, 0, 0, 4),             # arch
           (JEQ_K, 0, "A", audit),
           (LD_ABS_W, 0, 0, 0),             # nr
           (JEQ_K, 1, 0, nr_get),
           (JEQ_K, 0, "A", nr_set),
           (LD_ABS_W, 0, 0, 24),            # args[1], level
           (JEQ_K, 0, "A", IPPROTO_SCTP),
           (LD_ABS_W, 0, 0, 32)]            # args[2], optname
    ins += [(JEQ_K, "D", 0, OPTS[o]) for o in opts]
    to = {"A": len(ins), "D": len(ins) + 1}
    ins += [(RET_K, 0, 0, RET_ALLOW),
            (RET_K, 0, 0, RET_ERRNO | errno.ENOPROTOOPT)]
    out = b""
    for i, (code, jt, jf, k) in enumerate(ins):
        jt = to[jt] - i - 1 if jt in to else jt
        jf = to[jf] - i - 1 if jf in to else jf
        out += struct.pack("=HBBI", code, jt, jf, k)
    return out, len(ins)


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: nosockopt.py OPTS CMD [ARG...]")
    opts = names(sys.argv[1])
    code, n = program(opts)
    buf = ctypes.create_string_buffer(code, len(code))

    class Fprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    prog = Fprog(n, ctypes.addressof(buf))
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER,
                  ctypes.byref(prog), 0, 0) != 0:
        sys.exit("nosockopt.py: seccomp: " +
                 os.strerror(ctypes.get_errno()))
    os.execvp(sys.argv[2], sys.argv[2:])


main()
