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
 * What misc.c's set_nodelay() needs of an SCTP socket, apart from the rest
 * of sctp-net.c: programs that link misc.o (scp, sftp) then do not pull in
 * the connection code, and with it the packet layer.
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
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "sctp/sctp-net.h"

#ifdef WITH_SCTP

int
sctp_is_sctp(int fd)
{
	int proto = 0;
	socklen_t len = sizeof(proto);

	if (getsockopt(fd, SOL_SOCKET, SO_PROTOCOL, &proto, &len) == -1)
		return 0;
	return proto == IPPROTO_SCTP;
}

int
sctp_set_nodelay(int fd)
{
	int on = 1;

	if (setsockopt(fd, IPPROTO_SCTP, SCTP_NODELAY, &on, sizeof(on)) == -1) {
		error("setsockopt SCTP_NODELAY: %.100s", strerror(errno));
		return -1;
	}
	debug2_f("fd %d is SCTP_NODELAY", fd);
	return 0;
}

/*
 * A process that forked from ssh and needs none of its SCTP sockets
 * (ControlPersist's foreground client): close them, so that the process
 * that carries on holds the last reference, whose close(2) aborts its
 * association (PROTOCOL.sctp 2.12, the client's restart).
 */
void
sctp_close_sockets(void)
{
	long max = sysconf(_SC_OPEN_MAX);
	int fd;

	if (max < 0 || max > 65536)
		max = 65536;
	for (fd = STDERR_FILENO + 1; fd < max; fd++)
		if (sctp_is_sctp(fd))
			close(fd);
}

#endif /* WITH_SCTP */
