# forgelib: what sctp-forge.py and tcp-forge.py share (imported).
#
# Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.

import time

from scapy.all import AsyncSniffer


def sniff_until(iface, prn, ready, limit):
    """Sniff IFACE into PRN from now on (the sniffer runs on, a thread)
    until READY() or LIMIT seconds; prints "sniffing" once it listens."""
    sniffer = AsyncSniffer(iface=iface, prn=prn, store=0,
                           started_callback=lambda: print("sniffing",
                                                          flush=True))
    sniffer.start()
    t0 = time.time()
    while not ready() and time.time() - t0 < limit:
        time.sleep(0.1)
