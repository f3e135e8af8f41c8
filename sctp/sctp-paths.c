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
 * primary while it is potentially failed or unreachable, keeps
 * SCTPHeartbeatInterval, so failed paths are still noticed and restored
 * ones found within a second.  A dead primary is still noticed as soon as
 * data is sent on it (one retransmission timeout, then the potentially
 * failed state moves the data).  The long interval stays under the 210 s
 * that Linux's connection tracking keeps an idle SCTP path (NATs and
 * stateful firewalls).
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
#include "sctp/sctp-addrs.h"
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
	if (getnameinfo((const struct sockaddr *)ss,
	    sctp_sa_len((const struct sockaddr *)ss), host, len,
	    NULL, 0, NI_NUMERICHOST) != 0)
		strlcpy(host, "?", len);
}

static void
set_path_hbinterval(int fd, const struct sockaddr_storage *ss, uint32_t ms)
{
	struct sctp_paddrparams pp;
	socklen_t len = sizeof(pp);
	char host[NI_MAXHOST] = "?";
	int off;

	memset(&pp, 0, sizeof(pp));
	memcpy(&pp.spp_address, ss, sizeof(*ss));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp,
	    &len) == -1 || pp.spp_hbinterval == ms)
		return;
	path_name(ss, host, sizeof(host));
	off = (pp.spp_flags & SPP_HB_DISABLE) != 0;
	/*
	 * Only the interval changes.  The kernel takes an interval only
	 * with SPP_HB_ENABLE; a path whose heartbeats were off (the option
	 * "none") is turned off again, its timer still counts.
	 */
	memset(&pp, 0, sizeof(pp));
	memcpy(&pp.spp_address, ss, sizeof(*ss));
	pp.spp_hbinterval = ms;
	pp.spp_flags = SPP_HB_ENABLE;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp,
	    sizeof(pp)) == -1) {
		debug_f("path %s: heartbeat interval: %s", host,
		    strerror(errno));
		return;
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
}

/*
 * A heartbeat now to an unconfirmed path (an address the peer listed in
 * its INIT or INIT ACK), so that a live one is confirmed within a round
 * trip and can take over from the first, rather than after the kernel's
 * first probe about an RTO (SCTPRTOInitial) later.
 */
static void
confirm_path(int fd, const struct sockaddr_storage *ss)
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
	else
		debug2_f("path %s: unconfirmed, heartbeat sent", host);
}

void
sctp_paths_tune(int fd)
{
	struct sctp_prim prim;
	struct sctp_paddrinfo pi;
	struct sockaddr *addrs;
	const struct sockaddr *sa;
	struct sockaddr_storage ss;
	socklen_t len;
	uint32_t base, want;
	int i, n, have_prim;
	size_t off, salen;

	if (assoc_hbinterval(fd, &base) == -1)
		return;
	memset(&prim, 0, sizeof(prim));
	len = sizeof(prim);
	have_prim = getsockopt(fd, IPPROTO_SCTP, SCTP_PRIMARY_ADDR, &prim,
	    &len) == 0;
	if ((n = sctp_getpaddrs(fd, 0, &addrs)) <= 0)
		return;
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
		want = base;
		if (have_prim && pi.spinfo_state == SCTP_ACTIVE &&
		    sctp_sockaddr_eq(sa,
		    (const struct sockaddr *)&prim.ssp_addr) &&
		    base < SCTP_HB_PRIMARY_MS)
			want = SCTP_HB_PRIMARY_MS;
		set_path_hbinterval(fd, &ss, want);
		if (pi.spinfo_state == SCTP_UNCONFIRMED)
			confirm_path(fd, &ss);
	}
	sctp_freepaddrs(addrs);
}

#else /* WITH_SCTP */

void
sctp_paths_tune(int fd)
{
}

#endif /* WITH_SCTP */
