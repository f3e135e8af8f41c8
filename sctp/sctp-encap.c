/*
 * Copyright (c) 2026 The openssh-sctp authors.
 *
 * Permission to use, copy, modify, and distribute this software for any
 * purpose with or without fee is hereby granted, provided that the above
 * copyright notice and this permission notice appear in all copies.
 *
 * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES
 * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR
 * ANY SPECIAL, DIRECT, INDIRECT, OR CONSEQUENTIAL DAMAGES OR ANY DAMAGES
 * WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS, WHETHER IN AN
 * ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION, ARISING OUT OF
 * OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THIS SOFTWARE.
 */

/*
 * Linux ignores SCTP_REMOTE_UDP_ENCAPS_PORT on a host whose
 * net.sctp.udp_port is 0: the packets then go out as plain SCTP, which a
 * NAT drops, and the connection attempt would only time out.  So the
 * sysctl is checked first, and its absence is an error that says what to
 * set.  A host with the sysctl set takes encapsulated SCTP on that port
 * for every socket, and answers each peer address on the UDP port its
 * packets came from (RFC 6951 5.4): sshd serves plain and encapsulated
 * clients at once, and needs no socket option.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "sctp/sctp-encap.h"
#include "sctp/sctp-options.h"

#define UDP_PORT_SYSCTL	"/proc/sys/net/sctp/udp_port"

#ifdef WITH_SCTP

#ifndef SCTP_REMOTE_UDP_ENCAPS_PORT
#define SCTP_REMOTE_UDP_ENCAPS_PORT	132	/* Linux 5.11 */
struct sctp_udpencaps {
	sctp_assoc_t		sue_assoc_id;
	struct sockaddr_storage	sue_address;
	uint16_t		sue_port;
};
#endif

int
sctp_encap_local_port(void)
{
	FILE *f;
	int port;

	if ((f = fopen(UDP_PORT_SYSCTL, "r")) == NULL)
		return -1;
	if (fscanf(f, "%d", &port) != 1 || port < 0 || port > 65535)
		port = -1;
	fclose(f);
	return port;
}

/* This host's port, or -1 having said why it cannot encapsulate. */
static int
local_ok(int port)
{
	int local = sctp_encap_local_port();

	if (local == -1) {
		error("SCTPUDPEncapsulation %d: this kernel has no SCTP over "
		    "UDP (Linux 5.11 or later: %s)", port, UDP_PORT_SYSCTL);
		return -1;
	}
	if (local == 0) {
		error("SCTPUDPEncapsulation %d: this host's "
		    "net.sctp.udp_port is 0, so it neither sends nor takes "
		    "SCTP inside UDP; as root: sysctl -w "
		    "net.sctp.udp_port=%d (README.sctp, \"NATs and "
		    "firewalls\")", port, port);
		return -1;
	}
	return local;
}

int
sctp_encap_client(int fd, const struct sctp_options *o)
{
	struct sctp_udpencaps ue;
	int local;

	if (o == NULL || o->udp_encap <= 0)
		return 0;
	if ((local = local_ok(o->udp_encap)) == -1)
		return -1;
	memset(&ue, 0, sizeof(ue));
	ue.sue_assoc_id = 0;	/* the socket's future association */
	ue.sue_port = htons(o->udp_encap);
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_REMOTE_UDP_ENCAPS_PORT, &ue,
	    sizeof(ue)) == -1) {
		error("SCTPUDPEncapsulation %d: %s", o->udp_encap,
		    strerror(errno));
		return -1;
	}
	debug("SCTP inside UDP: to the peer's UDP port %d, from this "
	    "host's %d", o->udp_encap, local);
	return 0;
}

int
sctp_encap_server(const struct sctp_options *o)
{
	int local;

	if (o == NULL || o->udp_encap <= 0)
		return 0;
	if ((local = local_ok(o->udp_encap)) == -1)
		return -1;
	if (local != o->udp_encap) {
		error("SCTPUDPEncapsulation %d: this host takes SCTP inside "
		    "UDP on port %d (net.sctp.udp_port), not %d",
		    o->udp_encap, local, o->udp_encap);
		return -1;
	}
	debug("SCTP inside UDP taken on UDP port %d", local);
	return 0;
}

int
sctp_encap_peer_port(int fd, const struct sockaddr_storage *ss)
{
	struct sctp_udpencaps ue;
	socklen_t len = sizeof(ue);

	memset(&ue, 0, sizeof(ue));
	ue.sue_assoc_id = 1;	/* the association (any id names it) */
	memcpy(&ue.sue_address, ss, sizeof(ue.sue_address));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_REMOTE_UDP_ENCAPS_PORT, &ue,
	    &len) == -1)
		return 0;
	return ntohs(ue.sue_port);
}

#else /* WITH_SCTP */

int
sctp_encap_local_port(void)
{
	return -1;
}

int
sctp_encap_client(int fd, const struct sctp_options *o)
{
	return 0;
}

int
sctp_encap_server(const struct sctp_options *o)
{
	return 0;
}

int
sctp_encap_peer_port(int fd, const struct sockaddr_storage *ss)
{
	return 0;
}

#endif /* WITH_SCTP */
