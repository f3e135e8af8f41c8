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
 * PROTOCOL.sctp 1.3, following.  Only an idle end follows: one that has
 * sent nothing and had no channel data waiting for FOLLOW_IDLE seconds,
 * and has no DATA in the kernel's queue.  A transfer's retransmissions
 * come from the peer's other address, and two busy ends following each
 * other would keep the transfer on the backup path.  An end that starts
 * to follow an address other than the primary asks for a heartbeat to
 * the primary at once and FOLLOW_PROBE seconds later: Linux counts the
 * first against the path when it sends the second, so a dead primary is
 * found.  And while every path has failed, the peer's DATA asks for a
 * heartbeat to each at once (down_look()).
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
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "misc.h"
#include "xmalloc.h"
#include "packet.h"
#include "sctp/sctp-addrs.h"
#include "sctp/sctp-paths.h"
#include "sctp/sctp-follow.h"

#ifdef WITH_SCTP

#define FOLLOW_IDLE	1.0	/* s without sending before following */
#define FOLLOW_PROBE	1.0	/* s to the primary's second heartbeat */
#define DOWN_LOOK	1.0	/* s between looks while every path failed */
#define DOWN_GAP_MAX	10.0	/* s between their heartbeats, at most */

struct sctp_follow {
	int			 fd;		/* for the heartbeats */
	struct sockaddr_storage	 to;		/* the address followed; */
	socklen_t		 tolen;		/*   0: none (the primary) */
	double			 last_send;	/* or busy; monotime_double() */
	double			 probe_at;	/* 2nd heartbeat; 0: none */
	int			 all_down;	/* every path failed, at the */
						/*   last peer-address event */
	double			 down_look;	/* next look at the peer's */
	uint64_t		 heard;		/*   DATA, last seen */
	double			 down_probe;	/* heartbeats allowed from */
	double			 down_gap;	/*   then on, and after that */
	int			 down_said;	/* logged at debug1 once */
};

static void	down_update(struct sctp_follow *);

void
sctp_follow_start(struct ssh *ssh, int fd)
{
	struct sctp_follow *f;

	if (ssh == NULL || ssh->sctp_follow != NULL)
		return;
	f = xcalloc(1, sizeof(*f));
	f->fd = fd;
	f->last_send = monotime_double();
	ssh->sctp_follow = f;
	down_update(f);		/* paths that failed before now */
}

void
sctp_follow_free(struct ssh *ssh)
{
	if (ssh == NULL)
		return;
	free(ssh->sctp_follow);
	ssh->sctp_follow = NULL;
}

static void
stop(struct sctp_follow *f, const char *why)
{
	if (f->tolen != 0)
		debug2("SCTP following: %s: sending to the primary", why);
	f->tolen = 0;
	f->probe_at = 0;
}

/*
 * Whether the kernel holds DATA of ours not yet sent or acknowledged: a
 * sender that the peer's window held back for FOLLOW_IDLE is still busy.
 * If the kernel cannot tell, the end does not follow.
 */
static int
queued(struct sctp_follow *f)
{
	struct sctp_status st;
	socklen_t len = sizeof(st);

	memset(&st, 0, sizeof(st));
	if (getsockopt(f->fd, IPPROTO_SCTP, SCTP_STATUS, &st, &len) == -1) {
		debug_f("SCTP_STATUS: %s", strerror(errno));
		return 1;
	}
	return st.sstat_penddata != 0 || st.sstat_unackdata != 0;
}

void
sctp_follow_data(struct ssh *ssh, const struct sockaddr_storage *from,
    socklen_t len)
{
	struct sctp_follow *f;
	char host[NI_MAXHOST];

	if (ssh == NULL || (f = ssh->sctp_follow) == NULL || len == 0 ||
	    len > sizeof(*from) ||
	    (from->ss_family != AF_INET && from->ss_family != AF_INET6))
		return;
	if (f->tolen != 0) {
		if (sctp_sockaddr_eq((const void *)&f->to,
		    (const void *)from))
			return;		/* followed already */
		stop(f, "peer's data from another address");
	}
	/*
	 * Compared with the address followed, not with the last source: a
	 * busy end that read a retransmission from the peer's other
	 * address did not follow it, and must still follow it once idle.
	 */
	if (monotime_double() - f->last_send < FOLLOW_IDLE || queued(f))
		return;
	(void)sctp_sa_ntop((const struct sockaddr *)from, host, sizeof(host));
	debug2("SCTP following: peer's data from %s: sending there", host);
	memcpy(&f->to, from, len);
	f->tolen = len;
	/* Does the primary path still answer? */
	if (sctp_paths_probe_primary(f->fd, &f->to))
		f->probe_at = monotime_double() + FOLLOW_PROBE;
}

/*
 * While every path has failed, heartbeats are slowed (sctp_paths_tune()),
 * but the peer may still be heard: from an address that cannot be
 * answered (in IPv6 Linux sends from an address its host no longer has
 * when the association lists no other it may use).  The peer's DATA,
 * new or duplicate, received since the last look (once every DOWN_LOOK
 * seconds) asks for a heartbeat to each failed path at once, to find the
 * one that works now; 1, 2, 4 ... and at most DOWN_GAP_MAX seconds apart,
 * as each unanswered one counts against the association.
 */
static void
down_update(struct sctp_follow *f)
{
	int was = f->all_down;

	f->all_down = sctp_paths_all_down(f->fd);
	if (f->all_down && !was) {
		if (sctp_paths_peer_data(f->fd, &f->heard) == -1)
			f->all_down = 0;	/* cannot tell */
		f->down_look = monotime_double() + DOWN_LOOK;
		f->down_probe = 0;
		f->down_gap = 1.0;
		f->down_said = 0;
	}
}

static void
down_look(struct sctp_follow *f)
{
	uint64_t n;
	double now = monotime_double();
	int sent;

	f->down_look = now + DOWN_LOOK;
	if (now < f->down_probe ||
	    sctp_paths_peer_data(f->fd, &n) == -1 || n == f->heard)
		return;
	f->heard = n;
	f->down_probe = now + f->down_gap;
	f->down_gap = MINIMUM(f->down_gap * 2, DOWN_GAP_MAX);
	if ((sent = sctp_paths_probe_down(f->fd)) <= 0)
		return;
	if (!f->down_said)
		debug("SCTP: the peer is heard while every path has failed: "
		    "a heartbeat to each");
	else
		debug2("SCTP: the peer is heard while every path has failed: "
		    "%d heartbeats", sent);
	f->down_said = 1;
}

void
sctp_follow_event(struct ssh *ssh, int state)
{
	if (ssh == NULL || ssh->sctp_follow == NULL)
		return;
	down_update(ssh->sctp_follow);
	switch (state) {
	case SCTP_ADDR_AVAILABLE:
	case SCTP_ADDR_UNREACHABLE:
	case SCTP_ADDR_REMOVED:
	case SCTP_ADDR_MADE_PRIM:
#ifdef SCTP_ADDR_PF
	case SCTP_ADDR_PF:
#endif
		stop(ssh->sctp_follow, "a peer address changed");
		break;
	}
}

void
sctp_follow_busy(struct ssh *ssh)
{
	if (ssh != NULL && ssh->sctp_follow != NULL)
		ssh->sctp_follow->last_send = monotime_double();
}

ssize_t
sctp_follow_sendmsg(struct ssh *ssh, int fd, struct msghdr *msg, int flags)
{
	struct sctp_follow *f;
	ssize_t n;

	/* (fd is the connection's: sshd -i's output is a dup of its input) */
	if (ssh == NULL || (f = ssh->sctp_follow) == NULL)
		return sendmsg(fd, msg, flags);
	if (f->tolen != 0) {
		msg->msg_name = &f->to;
		msg->msg_namelen = f->tolen;
	}
	n = sendmsg(fd, msg, flags);
	if (n == -1 && f->tolen != 0 && errno != EAGAIN &&
	    errno != EWOULDBLOCK && errno != EINTR) {
		/* EADDRNOTAVAIL: it left the association */
		debug2("SCTP following: to the address followed: %s",
		    strerror(errno));
		stop(f, "send refused");
		msg->msg_name = NULL;
		msg->msg_namelen = 0;
		n = sendmsg(fd, msg, flags);
	}
	if (n > 0)
		f->last_send = monotime_double();
	return n;
}

void
sctp_follow_deadline(struct ssh *ssh, struct timespec *timeout)
{
	struct sctp_follow *f;
	double left;

	if (ssh == NULL || (f = ssh->sctp_follow) == NULL)
		return;
	if (f->probe_at != 0) {
		left = f->probe_at - monotime_double();
		ptimeout_deadline_ms(timeout,
		    left > 0 ? (long)(left * 1000) + 1 : 0);
	}
	if (f->all_down) {
		left = f->down_look - monotime_double();
		ptimeout_deadline_ms(timeout,
		    left > 0 ? (long)(left * 1000) + 1 : 0);
	}
}

void
sctp_follow_poll(struct ssh *ssh)
{
	struct sctp_follow *f;

	if (ssh == NULL || (f = ssh->sctp_follow) == NULL)
		return;
	if (f->all_down && monotime_double() >= f->down_look)
		down_look(f);
	if (f->probe_at == 0 || monotime_double() < f->probe_at)
		return;
	f->probe_at = 0;
	if (f->tolen != 0)
		(void)sctp_paths_probe_primary(f->fd, &f->to);
}

#else /* WITH_SCTP */

void
sctp_follow_start(struct ssh *ssh, int fd)
{
}

void
sctp_follow_free(struct ssh *ssh)
{
}

void
sctp_follow_data(struct ssh *ssh, const struct sockaddr_storage *from,
    socklen_t len)
{
}

void
sctp_follow_event(struct ssh *ssh, int state)
{
}

void
sctp_follow_busy(struct ssh *ssh)
{
}

ssize_t
sctp_follow_sendmsg(struct ssh *ssh, int fd, struct msghdr *msg, int flags)
{
	return sendmsg(fd, msg, flags);
}

void
sctp_follow_deadline(struct ssh *ssh, struct timespec *timeout)
{
}

void
sctp_follow_poll(struct ssh *ssh)
{
}

#endif /* WITH_SCTP */
