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
 * Heartbeats per path of the SSH association.
 *
 * Linux lowers an idle path's congestion window at each expiry of its
 * heartbeat timer, whether heartbeats are on or not: cwnd becomes
 * max(cwnd / 2, 4 MTU) and, since RFC 4960's errata, ssthresh too.  The
 * timer runs SCTPHeartbeatInterval (plus about an RTO) after the last
 * packet sent on the path.  With one second, a pause of a second in a
 * session (the login, a user reading) leaves the slow-start threshold at
 * 4 packets, and the next bulk transfer opens its window by one packet a
 * round trip: on a 20 Mbit/s, 50 ms path it ran at half the speed of
 * SSH over TCP (doc/benchmarks.md, "Forwarded TCP").
 *
 * So the path that carries the data, the primary while it is reachable,
 * gets a long interval, SCTP_HB_PRIMARY_MS; the primary while it or
 * another path is potentially failed or unreachable keeps
 * SCTPHeartbeatInterval, so that its answers reset the association's
 * count of errors.
 *
 * Every other confirmed path, a standby, would lose its window the same
 * way: the kernel's own heartbeat that confirms it, and each one after,
 * leave its cwnd and ssthresh at 4 MTU, so that a failover to it opened
 * the window by one packet a round trip (at 8 Mbit/s and 40 ms, about a
 * second to reach the path's rate: doc/benchmarks.md, "Failover: a
 * slower path").  A heartbeat asked for by the user (SPP_HB_DEMAND) is
 * sent, counted and answered like the kernel's, and its answer restarts
 * the timer, but it lowers no window.  So a standby's timer is set long
 * too (SCTP_HB_STANDBY_MS, a backstop), and the process asks for a
 * heartbeat on each standby every SCTPHeartbeatInterval (sctp_paths_beat
 * below, from the client's and server's loops once the user is
 * authenticated; before that, only the backstop watches them).  An
 * unconfirmed path gets one at once (probe_path()), so that it is
 * confirmed before the kernel's first probe; after a failover the
 * standby starts in slow start from its initial window, as a new
 * connection would.  A dead primary is still noticed
 * as soon as data is sent on it (one retransmission timeout, then the
 * potentially failed state moves the data).  The long interval stays
 * under the 210 s that Linux's connection tracking keeps an idle SCTP
 * path (NATs and stateful firewalls).  A primary path inside UDP
 * (SCTPUDPEncapsulation) gets SCTP_HB_ENCAP_MS instead: NATs forget an
 * idle UDP mapping after 30 s to a few minutes (Linux: 120 s once both
 * ways have been seen; RFC 4787 asks for at least 120 s, carrier-grade
 * NATs often keep less), and once it is forgotten nothing the server
 * sends reaches the client until the client sends again.  A heartbeat
 * every 25 s (plus an RTO) keeps most mappings, and bounds how long the
 * server's output waits for one that was forgotten.  (Each unanswered
 * heartbeat to a failed path counts against the association's limit of
 * retransmissions, and only an answer resets the count: with the
 * primary's heartbeat 100 s apart, an idle session with one dead backup
 * path counted some 60 before the next answer, more than Linux's default
 * limit of 10 or a short SCTPUnreachableTimeout allows, and ended
 * although its primary worked.)
 *
 * When every path has failed (a total outage), the heartbeats slow down
 * to one per path every SCTP_HB_DOWN_MS: Linux counts each unanswered
 * one against the association's limit of retransmissions (set from
 * SCTPUnreachableTimeout, sctp-net.c), so at a second's interval an idle
 * session would end within a limit's worth of heartbeats, where an idle
 * TCP connection lives for hours (TCPKeepAlive: two hours, then eleven
 * minutes of probes).  Data still queued goes on being retransmitted,
 * once per SCTPRTOMax, and those count: a busy session ends after about
 * SCTPUnreachableTimeout, and resumes within about SCTPRTOMax of a
 * path's return.  The slow heartbeats still find a peer that has gone
 * (its host answers with an ABORT once the network is back).  The first
 * answer on any path restores the intervals, with a heartbeat at once to
 * each other failed path.  Unconfirmed paths keep theirs, which count
 * nothing.
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
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "misc.h"
#include "xmalloc.h"
#include "packet.h"
#include "sctp/sctp-addrs.h"
#include "sctp/sctp-encap.h"
#include "sctp/sctp-paths.h"

#ifdef WITH_SCTP

/*
 * The association's own interval (SCTPHeartbeatInterval), in ms, and
 * whether its heartbeats are off (SCTPHeartbeatInterval none).
 */
static int
assoc_hbinterval(int fd, uint32_t *ms, int *off)
{
	struct sctp_paddrparams pp;
	socklen_t len = sizeof(pp);

	memset(&pp, 0, sizeof(pp));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp,
	    &len) == -1)
		return -1;
	*ms = pp.spp_hbinterval;
	*off = (pp.spp_flags & SPP_HB_DISABLE) != 0;
	return 0;
}

/* The path's address as text, for the debug log. */
static void
path_name(const struct sockaddr_storage *ss, char *host, size_t len)
{
	(void)sctp_sa_ntop((const struct sockaddr *)ss, host, len);
}

/*
 * The path's heartbeat timer (ms), leaving heartbeats on or off as they
 * are.  Returns the interval it had, or -1.
 */
static long
set_path_hbinterval(int fd, const struct sockaddr_storage *ss, uint32_t ms)
{
	struct sctp_paddrparams pp;
	socklen_t len = sizeof(pp);
	char host[NI_MAXHOST] = "?";
	uint32_t was;
	int off;

	memset(&pp, 0, sizeof(pp));
	memcpy(&pp.spp_address, ss, sizeof(*ss));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp,
	    &len) == -1)
		return -1;
	if ((was = pp.spp_hbinterval) == ms)
		return was;
	path_name(ss, host, sizeof(host));
	off = (pp.spp_flags & SPP_HB_DISABLE) != 0;
	/*
	 * The kernel takes an interval only with SPP_HB_ENABLE; a path
	 * whose heartbeats were off (the option "none") is turned off
	 * again, its timer still counts.
	 */
	memset(&pp, 0, sizeof(pp));
	memcpy(&pp.spp_address, ss, sizeof(*ss));
	pp.spp_hbinterval = ms;
	pp.spp_flags = SPP_HB_ENABLE;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp,
	    sizeof(pp)) == -1) {
		debug_f("path %s: heartbeat interval: %s", host,
		    strerror(errno));
		return -1;
	}
	if (off) {
		pp.spp_hbinterval = 0;
		pp.spp_flags = SPP_HB_DISABLE;
		if (setsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp,
		    sizeof(pp)) == -1)
			debug_f("path %s: heartbeats off: %s", host,
			    strerror(errno));
	}
	debug2_f("path %s: heartbeat timer %u ms%s", host, ms,
	    off ? " (heartbeats off)" : "");
	return was;
}

/*
 * A heartbeat now: to an unconfirmed path (an address the peer listed in
 * its INIT or INIT ACK), so that a live one is confirmed within a round
 * trip and can take over from the first, rather than after the kernel's
 * first probe about an RTO (SCTPRTOInitial) later; to a path that was
 * down with all the others when one of them answers again; and to each
 * standby path every SCTPHeartbeatInterval (why NULL: not logged).
 */
static void
probe_path(int fd, const struct sockaddr_storage *ss, const char *why)
{
	struct sctp_paddrparams pp;
	char host[NI_MAXHOST] = "?";

	memset(&pp, 0, sizeof(pp));
	memcpy(&pp.spp_address, ss, sizeof(*ss));
	pp.spp_flags = SPP_HB_DEMAND;
	path_name(ss, host, sizeof(host));
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp,
	    sizeof(pp)) == -1)
		debug_f("path %s: heartbeat: %s", host, strerror(errno));
	else if (why != NULL)
		debug2_f("path %s: %s, heartbeat sent", host, why);
}

int
sctp_paths_each(int fd, void (*fn)(int, const struct sockaddr_storage *, int,
    void *), void *arg)
{
	struct sctp_paddrinfo pi;
	struct sockaddr *addrs;
	const struct sockaddr *sa;
	struct sockaddr_storage ss;
	socklen_t len;
	int i, n;
	size_t off, salen;

	if ((n = sctp_getpaddrs(fd, 0, &addrs)) <= 0)
		return -1;
	for (i = 0, off = 0; i < n; i++, off += salen) {
		sa = (const struct sockaddr *)((u_char *)addrs + off);
		salen = sctp_sa_len(sa);
		memset(&ss, 0, sizeof(ss));
		memcpy(&ss, sa, salen);
		memset(&pi, 0, sizeof(pi));
		memcpy(&pi.spinfo_address, &ss, sizeof(ss));
		len = sizeof(pi);
		if (getsockopt(fd, IPPROTO_SCTP, SCTP_GET_PEER_ADDR_INFO, &pi,
		    &len) == -1)
			continue;
		fn(fd, &ss, pi.spinfo_state, arg);
	}
	sctp_freepaddrs(addrs);
	return n;
}

struct paths_count {
	int	down;		/* failed (inactive) */
	int	pf;		/* potentially failed */
	int	up;		/* active, potentially failed or unknown */
};

static void
count_path(int fd, const struct sockaddr_storage *ss, int state, void *arg)
{
	struct paths_count *pc = arg;

	if (state == SCTP_INACTIVE)
		pc->down++;
	else if (state != SCTP_UNCONFIRMED)
		pc->up++;
	if (state == SCTP_PF)
		pc->pf++;
}

static int
count_paths(int fd, struct paths_count *pc)
{
	memset(pc, 0, sizeof(*pc));
	return sctp_paths_each(fd, count_path, pc);
}

int
sctp_paths_all_down(int fd)
{
	struct paths_count pc;

	if (count_paths(fd, &pc) == -1)
		return 0;
	return pc.down > 0 && pc.up == 0;
}

int
sctp_paths_deadline_passed(int fd, double *deadline, double extend)
{
	double now;

	if (*deadline == 0 || (now = monotime_double()) < *deadline)
		return 0;
	if (sctp_paths_all_down(fd)) {
		*deadline = now + extend;
		return 0;
	}
	return 1;
}

struct paths_tune {
	uint32_t	base;		/* SCTPHeartbeatInterval */
	int		off;		/* heartbeats off */
	int		all_down;
	int		degraded;	/* a path failed or potentially */
	int		have_prim;
	struct sctp_prim prim;
	int		slowed, restored;	/* paths switched */
	int		beats;		/* standby paths beaten */
};

static int
is_primary(const struct paths_tune *pt, const struct sockaddr_storage *ss)
{
	return pt->have_prim && sctp_sockaddr_eq((const struct sockaddr *)ss,
	    (const struct sockaddr *)&pt->prim.ssp_addr);
}

/*
 * A standby: a path other than the primary, while heartbeats are on and
 * not every path has failed.  The process beats it once it is confirmed.
 * An unconfirmed one gets the long timer already: the kernel probes it
 * an RTO apart whatever its interval, and the interval counts from its
 * confirmation, which comes before the process runs its loop (the login).
 */
static int
is_standby(const struct paths_tune *pt, const struct sockaddr_storage *ss)
{
	return !pt->off && pt->base > 0 && pt->base < SCTP_HB_STANDBY_MS &&
	    !pt->all_down && !is_primary(pt, ss);
}

static int
paths_state(int fd, struct paths_tune *pt)
{
	struct paths_count pc;
	socklen_t len;

	memset(pt, 0, sizeof(*pt));
	if (assoc_hbinterval(fd, &pt->base, &pt->off) == -1)
		return -1;
	len = sizeof(pt->prim);
	pt->have_prim = getsockopt(fd, IPPROTO_SCTP, SCTP_PRIMARY_ADDR,
	    &pt->prim, &len) == 0;
	if (count_paths(fd, &pc) == -1)
		return -1;
	pt->all_down = pc.down > 0 && pc.up == 0;
	pt->degraded = pc.down > 0 || pc.pf > 0;
	return 0;
}

static void
tune_path(int fd, const struct sockaddr_storage *ss, int state, void *arg)
{
	struct paths_tune *pt = arg;
	uint32_t want = pt->base;
	long was;

	if (state == SCTP_ACTIVE && !pt->degraded && is_primary(pt, ss) &&
	    pt->base < SCTP_HB_PRIMARY_MS) {
		want = SCTP_HB_PRIMARY_MS;
		if (sctp_encap_peer_port(fd, ss) > 0)
			want = pt->base < SCTP_HB_ENCAP_MS ?
			    SCTP_HB_ENCAP_MS : pt->base;
	} else if (pt->all_down && state == SCTP_INACTIVE &&
	    pt->base < SCTP_HB_DOWN_MS)
		want = SCTP_HB_DOWN_MS;
	else if (is_standby(pt, ss))
		want = SCTP_HB_STANDBY_MS;
	if ((was = set_path_hbinterval(fd, ss, want)) == -1)
		return;
	if (want == SCTP_HB_DOWN_MS && was != SCTP_HB_DOWN_MS)
		pt->slowed++;
	if (state == SCTP_UNCONFIRMED)
		probe_path(fd, ss, "unconfirmed");
	else if (was == SCTP_HB_DOWN_MS && want != SCTP_HB_DOWN_MS) {
		pt->restored++;
		if (state == SCTP_INACTIVE)
			probe_path(fd, ss, "down with the others");
	}
}

void
sctp_paths_tune(int fd)
{
	struct paths_tune pt;

	if (paths_state(fd, &pt) == -1)
		return;
	if (sctp_paths_each(fd, tune_path, &pt) == -1)
		return;
	if (pt.slowed)
		verbose("SCTP: no path to the peer answers; data is "
		    "retransmitted until one does or SCTPUnreachableTimeout "
		    "passes");
	else if (pt.restored)
		verbose("SCTP: a path to the peer answers again");
}

struct sctp_beat {
	double	period;		/* SCTPHeartbeatInterval, in seconds */
	double	last;		/* monotime_double() of the last beat */
};

/* Seconds between beats: SCTPHeartbeatInterval, as the socket has it. */
static double
beat_period(int fd)
{
	uint32_t ms;
	int off;

	if (assoc_hbinterval(fd, &ms, &off) == -1 || off || ms == 0)
		return 0;
	return ms / 1000.0;
}

void
sctp_paths_beat_start(struct ssh *ssh, int fd)
{
	double period;

	if (ssh == NULL || ssh->sctp_beat != NULL ||
	    (period = beat_period(fd)) <= 0)
		return;
	ssh->sctp_beat = xcalloc(1, sizeof(*ssh->sctp_beat));
	ssh->sctp_beat->period = period;
	ssh->sctp_beat->last = monotime_double();
	debug2_f("fd %d: heartbeats to standby paths every %.3f s", fd,
	    period);
}

void
sctp_paths_beat_deadline(struct ssh *ssh, struct timespec *timeout)
{
	struct sctp_beat *sb;
	double left;

	if (ssh == NULL || (sb = ssh->sctp_beat) == NULL)
		return;
	left = sb->last + sb->period - monotime_double();
	ptimeout_deadline_ms(timeout, left > 0 ? (long)(left * 1000) + 1 : 0);
}

static void
beat_path(int fd, const struct sockaddr_storage *ss, int state, void *arg)
{
	struct paths_tune *pt = arg;

	if (state == SCTP_UNCONFIRMED || !is_standby(pt, ss))
		return;
	probe_path(fd, ss, NULL);
	pt->beats++;
}

void
sctp_paths_beat_poll(struct ssh *ssh, int fd)
{
	struct sctp_beat *sb;
	struct paths_tune pt;
	double now;

	if (ssh == NULL || (sb = ssh->sctp_beat) == NULL)
		return;
	now = monotime_double();
	if (now < sb->last + sb->period)
		return;
	/* A late wake-up (a loaded host) does not make beats pile up. */
	sb->last = now;
	if (paths_state(fd, &pt) == -1)
		return;
	(void)sctp_paths_each(fd, beat_path, &pt);
	debug3_f("fd %d: %d standby paths beaten", fd, pt.beats);
}

void
sctp_paths_beat_free(struct ssh *ssh)
{
	if (ssh == NULL)
		return;
	free(ssh->sctp_beat);
	ssh->sctp_beat = NULL;
}

#else /* WITH_SCTP */

void
sctp_paths_tune(int fd)
{
}

void
sctp_paths_beat_start(struct ssh *ssh, int fd)
{
}

void
sctp_paths_beat_deadline(struct ssh *ssh, struct timespec *timeout)
{
}

void
sctp_paths_beat_poll(struct ssh *ssh, int fd)
{
}

void
sctp_paths_beat_free(struct ssh *ssh)
{
}

int
sctp_paths_all_down(int fd)
{
	return 0;
}

int
sctp_paths_deadline_passed(int fd, double *deadline, double extend)
{
	return 0;
}

#endif /* WITH_SCTP */
