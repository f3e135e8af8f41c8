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
 * The client's restart of its association (PROTOCOL.sctp 2.12): the old
 * association aborted under a key the server lacks, a new one from the
 * same port and addresses on the same descriptor, and the multi-stream
 * layer's resume.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

#include <errno.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "misc.h"
#include "sshbuf.h"
#include "xmalloc.h"
#include "packet.h"
#include "sctp/sctp-addrs.h"
#include "sctp/sctp-authkey.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-net.h"
#include "sctp/sctp-paths.h"
#include "sctp/sctp-restart.h"

#ifdef WITH_SCTP

#define RESTART_TRIES	3	/* associations tried, within: */
#define RESTART_SECS	60.0
#define RESTART_CONNECT_SECS	20.0	/* one attempt at most */

/* port into a copy of sa, appended to a packed list */
static void
append_port(u_char **packed, size_t *plen, int *n, const struct sockaddr *sa,
    in_port_t port)
{
	struct sockaddr_storage ss;

	memset(&ss, 0, sizeof(ss));
	memcpy(&ss, sa, sctp_sa_len(sa));
	if (ss.ss_family == AF_INET)
		((struct sockaddr_in *)&ss)->sin_port = port;
	else
		((struct sockaddr_in6 *)&ss)->sin6_port = port;
	if (sctp_addrs_append(packed, plen, n, (struct sockaddr *)&ss) != 0)
		fatal_f("sctp_addrs_append failed");
}

/*
 * The old association's local addresses that the host still has, with
 * its port, packed; and its peer addresses.  -1 (logged) if there are
 * none.
 */
static int
addresses(int fd, u_char **locals, int *nlocals, u_char **peers, int *npeers)
{
	struct sockaddr_storage me;
	struct sockaddr *addrs = NULL;
	const struct sockaddr *sa;
	struct ifaddrs *ifap;
	socklen_t len = sizeof(me);
	size_t off, llen = 0, plen = 0;
	in_port_t port;
	int i, n;

	*locals = *peers = NULL;
	*nlocals = *npeers = 0;
	memset(&me, 0, sizeof(me));
	if (getsockname(fd, (struct sockaddr *)&me, &len) == -1) {
		error("SCTP restart: getsockname: %s", strerror(errno));
		return -1;
	}
	port = me.ss_family == AF_INET6 ?
	    ((struct sockaddr_in6 *)&me)->sin6_port :
	    ((struct sockaddr_in *)&me)->sin_port;
	if ((n = sctp_getladdrs(fd, 1, &addrs)) <= 0) {
		if (n == 0 && addrs != NULL)
			sctp_freeladdrs(addrs);
		error("SCTP restart: the association's local addresses: %s",
		    n < 0 ? strerror(errno) : "none");
		return -1;
	}
	if (getifaddrs(&ifap) == -1) {
		error("SCTP restart: getifaddrs: %s", strerror(errno));
		sctp_freeladdrs(addrs);
		return -1;
	}
	for (i = 0, off = 0; i < n; i++) {
		sa = (const struct sockaddr *)((u_char *)addrs + off);
		off += sctp_sa_len(sa);
		if (sctp_addr_on_host(ifap, sa))
			append_port(locals, &llen, nlocals, sa, port);
	}
	freeifaddrs(ifap);
	sctp_freeladdrs(addrs);
	addrs = NULL;
	if ((n = sctp_getpaddrs(fd, 1, &addrs)) <= 0) {
		if (n == 0 && addrs != NULL)
			sctp_freepaddrs(addrs);
		error("SCTP restart: the association's peer addresses: %s",
		    n < 0 ? strerror(errno) : "none");
		free(*locals);
		*locals = NULL;
		return -1;
	}
	for (i = 0, off = 0; i < n; i++) {
		sa = (const struct sockaddr *)((u_char *)addrs + off);
		off += sctp_sa_len(sa);
		if (sctp_addrs_append(peers, &plen, npeers, sa) != 0)
			fatal_f("sctp_addrs_append failed");
	}
	sctp_freepaddrs(addrs);
	if (*nlocals == 0) {
		error("SCTP restart: the host has none of the association's "
		    "local addresses");
		free(*locals);
		free(*peers);
		*locals = *peers = NULL;
		return -1;
	}
	return 0;
}

/*
 * A new socket on fd (the old one's association aborts as it closes),
 * bound to locals, associating with peers by the monotonic time
 * deadline.  0, or -1 (logged).  No SO_REUSEADDR: the aborted
 * association frees its port at once, and a port bound with it would let
 * any local user's socket bind it too, and restart the association from
 * there.
 */
static int
attempt(struct ssh *ssh, int fd, int family, u_char *locals, int nlocals,
    u_char *peers, int npeers, double deadline)
{
	struct sctp_status st;
	struct pollfd pfd;
	socklen_t len;
	double left;
	int nfd, roam, err = 0, r;
	char *s;

	if ((nfd = sctp_socket_new(family, ssh->sctp_options, &roam)) == -1)
		return -1;
	sctp_socket_copy_options(fd, nfd);
	if (sctp_authkey_restart_new(ssh, nfd) != 0) {
		close(nfd);
		return -1;
	}
	if (dup2(nfd, fd) == -1) {
		error("SCTP restart: dup2: %s", strerror(errno));
		close(nfd);
		return -1;
	}
	close(nfd);
	(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
	s = sctp_addrs_string(locals, nlocals);
	if (sctp_bindx(fd, (struct sockaddr *)locals, nlocals,
	    SCTP_BINDX_ADD_ADDR) == -1) {
		error("SCTP restart: bind %s: %s%s", s, strerror(errno),
		    errno == EADDRINUSE ? " (another process holds the old "
		    "socket)" : "");
		free(s);
		return -1;
	}
	debug_f("bound to %s", s);
	free(s);
	set_nonblock(fd);
	if (sctp_connectx(fd, (struct sockaddr *)peers, npeers, NULL) == -1 &&
	    errno != EINPROGRESS) {
		error("SCTP restart: connect: %s", strerror(errno));
		return -1;
	}
	pfd.fd = fd;
	pfd.events = POLLOUT;
	for (;;) {
		left = deadline - monotime_double();
		pfd.revents = 0;
		if (left <= 0) {
			r = 0;
			break;
		}
		if ((r = poll(&pfd, 1, (int)(left * 1000) + 1)) != -1 ||
		    errno != EINTR)
			break;
	}
	if (r == 0) {
		error("SCTP restart: no answer from the server");
		return -1;
	}
	len = sizeof(err);
	if (r == -1 || getsockopt(fd, SOL_SOCKET, SO_ERROR, &err,
	    &len) == -1 || err != 0 || (pfd.revents & POLLOUT) == 0) {
		error("SCTP restart: connect: %s", r == -1 ?
		    strerror(errno) : err != 0 ? strerror(err) : "no association");
		return -1;
	}
	memset(&st, 0, sizeof(st));
	len = sizeof(st);
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_STATUS, &st, &len) == -1 ||
	    st.sstat_state != SCTP_ESTABLISHED) {
		error("SCTP restart: the association is not established");
		return -1;
	}
	return 0;
}

/*
 * Whatever became of an attempt that failed, its association (if it came
 * up late) ends as the old one did: under a key the server lacks, by an
 * ABORT.  (The old one's key was made active before its last look.)
 */
static int
discard(struct ssh *ssh, int fd, int keyed)
{
	struct linger lg;

	if (!keyed && sctp_authkey_restart_old(ssh, fd) != 0)
		return -1;
	memset(&lg, 0, sizeof(lg));
	lg.l_onoff = 1;
	lg.l_linger = 0;
	(void)setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	return 0;
}

int
sctp_restart_client(struct ssh *ssh, int fd, uint32_t *number)
{
	struct sockaddr_storage me;
	socklen_t len = sizeof(me);
	struct pollfd pfd;
	u_char *locals = NULL, *peers = NULL;
	const char *why;
	double start = monotime_double(), deadline;
	int nlocals, npeers, tries, r, lasting;
	char *s;

	if ((why = sctp_ms_resume_blocked(ssh->sctp_ms, &lasting)) != NULL) {
		debug_f("not now: %s", why);
		return -1;
	}
	/* Every message the old association holds, processed first. */
	pfd.fd = fd;
	pfd.events = POLLIN;
	if (poll(&pfd, 1, 0) != 0 ||
	    sshbuf_len(ssh_packet_get_input(ssh)) != 0 ||
	    sshbuf_len(ssh_packet_get_output(ssh)) != 0) {
		debug2_f("input or output waits: not yet");
		return 1;
	}
	memset(&me, 0, sizeof(me));
	if (getsockname(fd, (struct sockaddr *)&me, &len) == -1 ||
	    addresses(fd, &locals, &nlocals, &peers, &npeers) != 0)
		return -1;
	/*
	 * The random key goes active, then a last look: a DATA chunk that
	 * came after the look above is acknowledged under that key, which
	 * the server drops, so the server keeps its copy (2.12).
	 */
	if (sctp_authkey_restart_old(ssh, fd) != 0) {
		free(locals);
		free(peers);
		return -1;
	}
	if (poll(&pfd, 1, 0) != 0) {
		debug2_f("a message came meanwhile: not yet");
		free(locals);
		free(peers);
		return sctp_authkey_restart_undo(ssh, fd) == 0 ? 1 : -1;
	}
	/* Closing the old socket aborts its association at once. */
	if (discard(ssh, fd, 1) != 0) {
		free(locals);
		free(peers);
		return -1;
	}
	s = sctp_addrs_string(locals, nlocals);
	verbose("SCTP restart: associating again from %s (PROTOCOL.sctp 2.12)",
	    s);
	free(s);
	for (tries = 1; ; tries++) {
		(*number)++;
		deadline = MINIMUM(start + RESTART_SECS,
		    monotime_double() + RESTART_CONNECT_SECS);
		if (attempt(ssh, fd, me.ss_family, locals, nlocals, peers,
		    npeers, deadline) == 0)
			break;
		(void)discard(ssh, fd, 0);
		if (tries >= RESTART_TRIES ||
		    monotime_double() + 1 >= start + RESTART_SECS)
			fatal("SCTP restart failed after %d attempts: the "
			    "connection ends", tries);
		sleep(1);
	}
	free(locals);
	free(peers);
	sctp_paths_tune(fd);
	if ((r = sctp_ms_restart(ssh->sctp_ms, *number)) != 0)
		fatal("SCTP restart: the connection cannot resume: %s",
		    ssh_err(r));
	logit("SCTP restart: associated again (restart %u), resuming",
	    *number);
	return 0;
}

#else /* WITH_SCTP */

int
sctp_restart_client(struct ssh *ssh, int fd, uint32_t *number)
{
	return -1;
}

#endif /* WITH_SCTP */
