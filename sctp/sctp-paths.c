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
 * gets a long interval, SCTP_HB_PRIMARY_MS; every other path, and the
 * primary while it or another path is potentially failed or unreachable,
 * keeps SCTPHeartbeatInterval, so failed paths are still noticed and
 * restored ones found within a second.  A dead primary is still noticed
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
 * nothing.  The peer's DATA while all are down sends a heartbeat to each
 * at once too, at most one each 10 s (sctp-follow.c, PROTOCOL.sctp 1.3).
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
#include <string.h>

#include "log.h"
#include "misc.h"
#include "sctp/sctp-addrs.h"
#include "sctp/sctp-encap.h"
#include "sctp/sctp-paths.h"

#ifdef WITH_SCTP

/* The association's own interval (SCTPHeartbeatInterval), in ms. */
static int
assoc_hbinterval(int fd, uint32_t *ms)
{
	struct sctp_paddrparams pp;
	socklen_t len = sizeof(pp);

	memset(&pp, 0, sizeof(pp));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp,
	    &len) == -1)
		return -1;
	*ms = pp.spp_hbinterval;
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
 * first probe about an RTO (SCTPRTOInitial) later; and to a path that
 * was down with all the others when one of them answers again, or
 * while all are down and the peer is heard.  Returns 0, or -1.
 */
static int
probe_path(int fd, const struct sockaddr_storage *ss, const char *why)
{
	struct sctp_paddrparams pp;
	char host[NI_MAXHOST] = "?";

	memset(&pp, 0, sizeof(pp));
	memcpy(&pp.spp_address, ss, sizeof(*ss));
	pp.spp_flags = SPP_HB_DEMAND;
	path_name(ss, host, sizeof(host));
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp,
	    sizeof(pp)) == -1) {
		debug_f("path %s: heartbeat: %s", host, strerror(errno));
		return -1;
	}
	debug2_f("path %s: %s, heartbeat sent", host, why);
	return 0;
}

int
sctp_paths_probe_primary(int fd, const struct sockaddr_storage *other)
{
	struct sctp_prim prim;
	struct sctp_paddrinfo pi;
	struct sockaddr_storage ss;
	socklen_t len = sizeof(prim);

	memset(&prim, 0, sizeof(prim));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_PRIMARY_ADDR, &prim,
	    &len) == -1)
		return 0;
	memcpy(&ss, &prim.ssp_addr, sizeof(ss));
	if (sctp_sockaddr_eq((const struct sockaddr *)other,
	    (const struct sockaddr *)&ss))
		return 0;
	memset(&pi, 0, sizeof(pi));
	memcpy(&pi.spinfo_address, &ss, sizeof(ss));
	len = sizeof(pi);
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_GET_PEER_ADDR_INFO, &pi,
	    &len) == -1 || pi.spinfo_state != SCTP_ACTIVE)
		return 0;
	probe_path(fd, &ss, "answering on another path");
	return 1;
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
sctp_paths_none_active(int fd)
{
	struct paths_count pc;

	if (count_paths(fd, &pc) == -1)
		return 0;
	return pc.down + pc.pf > 0 && pc.up == pc.pf;
}

/*
 * Counts of SCTP_GET_ASSOC_STATS: DATA chunks received (new, and with dup
 * duplicates too), and with sacks the SACKs received.  -1 where the kernel
 * cannot tell.
 */
static int
assoc_counts(int fd, int dup, int sacks, uint64_t *n)
{
#ifdef SCTP_GET_ASSOC_STATS
	struct sctp_assoc_stats st;
	socklen_t len = sizeof(st);

	memset(&st, 0, sizeof(st));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_GET_ASSOC_STATS, &st,
	    &len) == -1) {
		debug_f("SCTP_GET_ASSOC_STATS: %s", strerror(errno));
		return -1;
	}
	*n = st.sas_iodchunks + st.sas_iuodchunks +
	    (dup ? st.sas_idupchunks : 0) + (sacks ? st.sas_isacks : 0);
	return 0;
#else
	return -1;
#endif
}

int
sctp_paths_peer_data(int fd, uint64_t *n)
{
	return assoc_counts(fd, 1, 0, n);
}

int
sctp_paths_progress(int fd, uint64_t *n)
{
	return assoc_counts(fd, 0, 1, n);
}

static void
probe_down(int fd, const struct sockaddr_storage *ss, int state, void *arg)
{
	int *n = arg;

	if (state != SCTP_INACTIVE)
		return;
	if (probe_path(fd, ss,
	    "the peer is heard while every path has failed") == 0)
		(*n)++;
}

int
sctp_paths_probe_down(int fd)
{
	int n = 0;

	if (sctp_paths_each(fd, probe_down, &n) == -1)
		return 0;
	return n;
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
	int		all_down;
	int		degraded;	/* a path failed or potentially */
	int		have_prim;
	struct sctp_prim prim;
	int		slowed, restored;	/* paths switched */
};

static void
tune_path(int fd, const struct sockaddr_storage *ss, int state, void *arg)
{
	struct paths_tune *pt = arg;
	uint32_t want = pt->base;
	long was;

	if (pt->have_prim && state == SCTP_ACTIVE && !pt->degraded &&
	    sctp_sockaddr_eq((const struct sockaddr *)ss,
	    (const struct sockaddr *)&pt->prim.ssp_addr) &&
	    pt->base < SCTP_HB_PRIMARY_MS) {
		want = SCTP_HB_PRIMARY_MS;
		if (sctp_encap_peer_port(fd, ss) > 0)
			want = pt->base < SCTP_HB_ENCAP_MS ?
			    SCTP_HB_ENCAP_MS : pt->base;
	} else if (pt->all_down && state == SCTP_INACTIVE &&
	    pt->base < SCTP_HB_DOWN_MS)
		want = SCTP_HB_DOWN_MS;
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
	struct paths_count pc;
	socklen_t len;

	memset(&pt, 0, sizeof(pt));
	if (assoc_hbinterval(fd, &pt.base) == -1)
		return;
	len = sizeof(pt.prim);
	pt.have_prim = getsockopt(fd, IPPROTO_SCTP, SCTP_PRIMARY_ADDR,
	    &pt.prim, &len) == 0;
	if (count_paths(fd, &pc) == -1)
		return;
	pt.all_down = pc.down > 0 && pc.up == 0;
	pt.degraded = pc.down > 0 || pc.pf > 0;
	if (sctp_paths_each(fd, tune_path, &pt) == -1)
		return;
	if (pt.slowed)
		verbose("SCTP: no path to the peer answers; data is "
		    "retransmitted until one does or SCTPUnreachableTimeout "
		    "passes");
	else if (pt.restored)
		verbose("SCTP: a path to the peer answers again");
}

#else /* WITH_SCTP */

void
sctp_paths_tune(int fd)
{
}

int
sctp_paths_probe_primary(int fd, const struct sockaddr_storage *other)
{
	return 0;
}

int
sctp_paths_all_down(int fd)
{
	return 0;
}

int
sctp_paths_none_active(int fd)
{
	return 0;
}

int
sctp_paths_peer_data(int fd, uint64_t *n)
{
	return -1;
}

int
sctp_paths_progress(int fd, uint64_t *n)
{
	return -1;
}

int
sctp_paths_probe_down(int fd)
{
	return 0;
}

int
sctp_paths_deadline_passed(int fd, double *deadline, double extend)
{
	return 0;
}

#endif /* WITH_SCTP */
