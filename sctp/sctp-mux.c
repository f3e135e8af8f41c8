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
 * A control master and its clients over SCTP (README.sctp, "Control
 * masters"): the master says in its hello which transport its connection
 * uses, a client asks it for a session or a forward only when that is the
 * transport the client was configured for, and %C hashes the transport
 * when it is SCTP, so that ControlPath keeps masters of both apart.
 */

#include "includes.h"

#include <sys/types.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "log.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "digest.h"
#include "openbsd-compat/sys-queue.h"
#include "channels.h"
#include "clientloop.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-net.h"
#include "sctp/sctp-mux.h"

#define MUX_EXT_TRANSPORT	"transport@openssh-sctp.invalid"

/*
 * The transport the master named in its hello (NULL: none named, a master
 * of stock OpenSSH or of an earlier build: TCP).  The mux client is a
 * process of its own without a struct ssh; mux.c keeps its own hello
 * state (the extensions) the same way.
 */
static char *master_transport;

int
sctp_mux_hello_put(struct sshbuf *out, int connection_fd)
{
	int r, t = SCTP_TRANSPORT_TCP;

#ifdef WITH_SCTP
	if (sctp_is_sctp(connection_fd))
		t = SCTP_TRANSPORT_SCTP;
#endif
	if ((r = sshbuf_put_cstring(out, MUX_EXT_TRANSPORT)) != 0)
		return r;
	return sshbuf_put_cstring(out, sctp_transport_name(t));
}

int
sctp_mux_hello_ext(const char *name, const char *value)
{
	if (strcmp(name, MUX_EXT_TRANSPORT) != 0)
		return 0;
	free(master_transport);
	master_transport = xstrdup(value);
	debug2_f("master's connection: %s", value);
	return 1;
}

int
sctp_mux_use_master(int command, const struct sctp_options *o,
    const char *path)
{
	const char *want = sctp_transport_name(o->transport);
	const char *have = master_transport != NULL ? master_transport : "tcp";

	if (strcmp(want, have) == 0)
		return 1;
	if (!o->transport_given) {
		/* No transport asked for: the master's, as upstream's ssh. */
		debug2_f("no Transport given: the master's (%s)", have);
		return 1;
	}
	switch (command) {
	case SSHMUX_COMMAND_OPEN:
	case SSHMUX_COMMAND_STDIO_FWD:
	case SSHMUX_COMMAND_PROXY:
		debug("Control master at %s has a connection over %s, not "
		    "%s: not used", path, have, want);
		return 0;
	case SSHMUX_COMMAND_FORWARD:
		fatal("Control master at %s has a connection over %s, not "
		    "%s: a forward through it would not use %s (give the "
		    "master's transport, e.g. -z for sctp)", path, have, want,
		    want);
	}
	return 1;	/* check, exit, stop, cancel, info: the master's own */
}

int
sctp_mux_hash_update(struct ssh_digest_ctx *md, int transport)
{
	if (transport != SCTP_TRANSPORT_SCTP)
		return 0;	/* TCP: upstream's %C, unchanged */
	return ssh_digest_update(md, "/sctp", 5);
}
