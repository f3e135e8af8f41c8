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
 * ADD-IP needs the peer's ASCONF to be authenticated: Linux accepts an
 * ASCONF without an AUTH chunk only where net.sctp.addip_noauth_enable is
 * set, and then ADD-IP is not offered at all.  SCTP_AUTH_SUPPORTED and
 * SCTP_ASCONF_SUPPORTED are per socket (Linux 5.4 and later), so nothing
 * depends on net.sctp.addip_enable or auth_enable.  SCTP_AUTO_ASCONF
 * works only on a socket bound to the wildcard address (the kernel
 * refuses it otherwise): a client with BindAddress, or sshd's multi-homed
 * listeners, keep their addresses.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

#include <errno.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "packet.h"
#include "sctp/sctp-addrs.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-paths.h"
#include "sctp/sctp-roam.h"

#ifdef WITH_SCTP

#define ADDIP_NOAUTH	"/proc/sys/net/sctp/addip_noauth_enable"

/* Whether this host takes ASCONF without authentication. */
static int
noauth_host(void)
{
	FILE *f;
	int c = '0';

	if ((f = fopen(ADDIP_NOAUTH, "r")) != NULL) {
		c = fgetc(f);
		fclose(f);
	}
	return c != '0' && c != EOF;
}

static int
assoc_value(int fd, int opt, const char *name)
{
	struct sctp_assoc_value av;

	memset(&av, 0, sizeof(av));
	av.assoc_id = 0;	/* the socket's future associations */
	av.assoc_value = 1;
	if (setsockopt(fd, IPPROTO_SCTP, opt, &av, sizeof(av)) == -1) {
		debug_f("fd %d: %s: %s", fd, name, strerror(errno));
		return -1;
	}
	return 0;
}

int
sctp_roam_socket(int fd, const struct sctp_options *o)
{
	if (o == NULL || !o->roaming)
		return 0;
	if (noauth_host()) {
		verbose("SCTPRoaming: not in effect: this host accepts "
		    "unauthenticated ASCONF (%s is set)", ADDIP_NOAUTH);
		return 0;
	}
	if (assoc_value(fd, SCTP_AUTH_SUPPORTED, "SCTP_AUTH_SUPPORTED") != 0 ||
	    assoc_value(fd, SCTP_ASCONF_SUPPORTED,
	    "SCTP_ASCONF_SUPPORTED") != 0) {
		verbose("SCTPRoaming: not in effect: the kernel offers no "
		    "authenticated ADD-IP");
		return 0;
	}
	debug2_f("fd %d: ADD-IP and SCTP-AUTH offered", fd);
	return 1;
}

void
sctp_roam_auto(int fd)
{
	int on = 1;

	if (setsockopt(fd, IPPROTO_SCTP, SCTP_AUTO_ASCONF, &on,
	    sizeof(on)) == -1)
		debug_f("fd %d: SCTP_AUTO_ASCONF: %s", fd, strerror(errno));
	else
		debug2_f("fd %d: address changes announced to the peer", fd);
}

void
sctp_roam_accepted(int fd, const struct sctp_options *o)
{
	/*
	 * The kernel copies the association but not the listener's ADD-IP
	 * settings to the accepted socket, and it sends ASCONF only for a
	 * socket that offers ADD-IP.  SCTP_AUTO_ASCONF fails (debug) where
	 * the listener had specific addresses.
	 */
	if (sctp_roam_socket(fd, o))
		sctp_roam_auto(fd);
}

static void
check_peer(int fd, const struct sockaddr_storage *ss, int state, void *arg)
{
	struct ssh *ssh = arg;
	char host[NI_MAXHOST];

	/* An unconfirmed address is only a claim: nothing is sent there. */
	if (state == SCTP_UNCONFIRMED)
		return;
	if (sctp_sa_ntop((const struct sockaddr *)ss, host,
	    sizeof(host)) != 0)
		return;
	ssh->sctp_peer_check(ssh, host);
}

void
sctp_roam_check_peers(struct ssh *ssh, int fd)
{
	if (ssh == NULL || ssh->sctp_peer_check == NULL)
		return;
	(void)sctp_paths_each(fd, check_peer, ssh);
}

#else /* WITH_SCTP */

int
sctp_roam_socket(int fd, const struct sctp_options *o)
{
	return 0;
}

void
sctp_roam_auto(int fd)
{
}

void
sctp_roam_accepted(int fd, const struct sctp_options *o)
{
}

void
sctp_roam_check_peers(struct ssh *ssh, int fd)
{
}

#endif /* WITH_SCTP */
