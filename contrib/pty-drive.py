#!/usr/bin/python3
# pty-drive: run a command in a pseudo-terminal of 80x24 (full-screen
# programs such as mosh-client need one), type what arrives on stdin into
# it, a line at a time, ending each with a carriage return, and copy what
# it prints to stdout.  Ends when the command does, or at stdin's end (the
# command then gets SIGHUP).
#
#   contrib/pty-drive.py COMMAND [ARG...] <keys >screen
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import termios

if len(sys.argv) < 2:
    sys.exit("usage: pty-drive.py COMMAND [ARG...]")
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
os.kill(pid, signal.SIGWINCH)
out = sys.stdout.buffer
inp = sys.stdin.buffer.raw
pending = b""
while True:
    rl = [fd] + ([inp] if inp is not None else [])
    r, _, _ = select.select(rl, [], [], 1.0)
    if fd in r:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        out.write(data)
        out.flush()
    if inp is not None and inp in r:
        data = os.read(inp.fileno(), 4096)
        if not data:
            inp = None
            os.kill(pid, signal.SIGHUP)
            continue
        pending += data
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            os.write(fd, line + b"\r")
    done, _ = os.waitpid(pid, os.WNOHANG)
    if done:
        break
