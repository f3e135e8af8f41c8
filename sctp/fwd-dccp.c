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
 * Forwarding DCCP (PROTOCOL.sctp 3.5): a connection of its own for each
 * channel, its datagrams read and written whole (fwd-base.c), and the
 * service code (DCCPServiceCode) on listeners and in opens.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include <errno.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "openbsd-compat/sys-queue.h"
#include "log.h"
#include "misc.h"
#include "sshbuf.h"
#include "channels.h"
#include "sctp/sctp-fwd.h"
#include "sctp/fwd-int.h"

#ifndef SOCK_DCCP
#define SOCK_DCCP		6
#endif
#ifndef IPPROTO_DCCP
#define IPPROTO_DCCP		33
#endif
#ifndef SOL_DCCP
#define SOL_DCCP		269
#endif
#ifndef DCCP_SOCKOPT_SERVICE
#define DCCP_SOCKOPT_SERVICE	2
#endif

static int
fwd_dccp_service(int fd, u_int code)
{
	uint32_t v = htonl(code);

	return setsockopt(fd, SOL_DCCP, DCCP_SOCKOPT_SERVICE, &v, sizeof(v));
}

/* A listening socket for an address; -2 if the kernel has no DCCP. */
static int
fwd_dccp_listen_socket(struct ssh *ssh, struct addrinfo *ai,
    const char *port, u_int service)
{
	int fd, on = 1;

	if ((fd = fwd_socket(&fwd_dccp_proto, ai->ai_family)) == -1) {
		fwd_listen_fail(ssh, "Forwarding port %s/dccp: %s", port,
		    fwd_unsupported(errno) ? fwd_dccp_proto.unsupported :
		    strerror(errno));
		return -2;
	}
	(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
	if (ai->ai_family == AF_INET6)
		sock_set_v6only(fd);
	if (fwd_dccp_service(fd, service) == -1 ||
	    bind(fd, ai->ai_addr, ai->ai_addrlen) == -1 ||
	    listen(fd, 64) == -1) {
		fwd_listen_fail(ssh, "Forwarding port %s/dccp: %s", port,
		    strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

static int
fwd_dccp_connect(struct ssh *ssh, struct fwd_chan *f, const char *host,
    const char *port, u_int os, u_int is, int *type, int *reason,
    const char **errmsg)
{
	return fwd_connect_addrs(&fwd_dccp_proto, host, port, f->service,
	    errmsg);
}

/* The service code of the opener's connection, in the open (3.5). */
static int
fwd_dccp_open_put(struct sshbuf *b, const struct fwd_chan *f)
{
	return sshbuf_put_u32(b, f->service);
}

static int
fwd_dccp_open_get(struct sshbuf *b, u_int *os, u_int *is, u_int *service)
{
	return sshbuf_get_u32(b, service);
}

const struct fwd_proto fwd_dccp_proto = {
	.proto = SCTP_FWD_DCCP,
	.name = "dccp",
	.label = "DCCP",
	.units = "datagrams",
	.listener_type = "dccp-listener",
	.direct_type = "direct-dccpip" SCTP_FWD_DOMAIN,
	.forwarded_type = "forwarded-dccpip" SCTP_FWD_DOMAIN,
	.request = "dccpip-forward" SCTP_FWD_DOMAIN,
	.cancel = "cancel-dccpip-forward" SCTP_FWD_DOMAIN,
	.unsupported = "DCCP is not supported by this kernel",
	.socktype = SOCK_DCCP,
	.ipproto = IPPROTO_DCCP,
	.maxpacket = CHAN_TCP_PACKET_DEFAULT,
	.lossy = 1,
	.has_service = 1,
	.eof_ends = 1,
	.listen = fwd_listen_addrs,
	.listen_socket = fwd_dccp_listen_socket,
	.prep = fwd_dccp_service,
	.post_listener = fwd_accept,
	.connect = fwd_dccp_connect,
	.open_put = fwd_dccp_open_put,
	.open_get = fwd_dccp_open_get,
	.spread = fwd_spread_unseq,
	.read = fwd_dgram_read,
	.write = fwd_write_strings,
	.write_one = fwd_dgram_write_one,
};
