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

/* Whether SCTP can be used: by this build, on this kernel. */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "sctp/sctp-avail.h"

int
sctp_available(char *why, size_t whylen)
{
#ifndef WITH_SCTP
	if (why != NULL)
		snprintf(why, whylen, "SCTP is not available: this build of "
		    "OpenSSH has no SCTP support (configure --with-sctp)");
	return SCTP_AVAIL_NOBUILD;
#else
	int fd, r;
	const char *what;

	if ((fd = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP)) != -1) {
		close(fd);
		debug3_f("kernel SCTP is available");
		return SCTP_AVAIL_OK;
	}
	switch (errno) {
	case EPROTONOSUPPORT:
	case ESOCKTNOSUPPORT:
	case EAFNOSUPPORT:
		r = SCTP_AVAIL_NOKERNEL;
		what = "the running kernel has no SCTP support (load the "
		    "\"sctp\" module, or use a kernel built with it)";
		break;
	case EACCES:
	case EPERM:
		r = SCTP_AVAIL_DENIED;
		what = "the system does not permit SCTP sockets";
		break;
	default:
		r = SCTP_AVAIL_ERROR;
		what = "an SCTP socket cannot be created";
		break;
	}
	if (why != NULL)
		snprintf(why, whylen, "SCTP is not available: %s: %s",
		    what, strerror(errno));
	debug3_f("%s", what);
	return r;
#endif
}
