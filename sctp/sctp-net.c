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

/* SCTP sockets for SSH: tuning, client connect, server listen, events. */

#include "includes.h"

#include <sys/types.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <netinet/in.h>
#ifdef WITH_SCTP
#include <netinet/sctp.h>
#ifdef __linux__
#include <linux/sockios.h>
#include <linux/sock_diag.h>
#endif
#endif

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "packet.h"
#include "kex.h"
#include "sctp/sctp-avail.h"
#include "sctp/sctp-encap.h"
#include "sctp/sctp-event.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-addrs.h"
#include "sctp/sctp-follow.h"
#include "sctp/sctp-net.h"
#include "sctp/sctp-paths.h"
#include "sctp/sctp-pathview.h"
#include "sctp/sctp-roam.h"

#ifdef WITH_SCTP

#ifndef SCTP_EXPOSE_POTENTIALLY_FAILED_STATE
#define SCTP_EXPOSE_POTENTIALLY_FAILED_STATE	131
#endif
#define SCTP_PF_EXPOSE_ENABLE_VALUE	2	/* SCTP_PF_EXPOSE_ENABLE */

/*
 * Each write(2) on an SCTP socket is one SCTP message, and the packet layer
 * writes its whole output buffer at once: hundreds of kilobytes in bulk
 * transfers.  Such messages make the sender's queue run dry between writes
 * (measured in the VM: an upload at 0.26 of TCP's throughput); writes of at
 * most one maximal SSH packet keep it flowing (0.97 of TCP).
 */
#define SCTP_WRITE_MAX	32768

/*
 * What the association's socket buffers ask for: Linux sizes SCTP's
 * buffers from net.core.wmem_default and rmem_default (208 KB), with no
 * autotuning as TCP has, and the receive window is half the receive buffer.
 * The kernel caps a request at net.core.wmem_max and rmem_max (208 KB too
 * by default), then doubles it; a privileged process (sshd opening its
 * listeners, whose associations inherit them) is not capped.
 */
#define SCTP_SOCKBUF	(2 * 1024 * 1024)

/* Delayed SACK (ms): Linux's own delayed ACK for TCP starts at 40. */
#define SCTP_SACK_DELAY	40

int
sctp_socket_tune(int fd, const struct sctp_options *o)
{
	struct sctp_initmsg im;
	struct sctp_rtoinfo rto;
	struct sctp_paddrparams pp;
	struct sctp_paddrthlds th;
	struct sctp_assoc_value av;
	struct sctp_sack_info si;
	socklen_t len;

	memset(&im, 0, sizeof(im));
	im.sinit_num_ostreams = o->streams;
	im.sinit_max_instreams = o->streams;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_INITMSG, &im, sizeof(im)) == -1) {
		error("setsockopt SCTP_INITMSG: %s", strerror(errno));
		return -1;
	}
	memset(&rto, 0, sizeof(rto));
	rto.srto_initial = o->rto_initial;
	rto.srto_min = o->rto_min;
	rto.srto_max = o->rto_max;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_RTOINFO, &rto, sizeof(rto)) == -1) {
		error("setsockopt SCTP_RTOINFO: %s", strerror(errno));
		return -1;
	}
	memset(&pp, 0, sizeof(pp));
	len = sizeof(pp);
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp, &len) == -1) {
		error("getsockopt SCTP_PEER_ADDR_PARAMS: %s", strerror(errno));
		return -1;
	}
	pp.spp_pathmaxrxt = o->path_max_retrans;
	pp.spp_flags &= ~(SPP_HB_ENABLE|SPP_HB_DISABLE);
	if (o->hb_interval > 0) {
		pp.spp_hbinterval = o->hb_interval;
		pp.spp_flags |= SPP_HB_ENABLE;
	} else
		pp.spp_flags |= SPP_HB_DISABLE;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp,
	    sizeof(pp)) == -1) {
		error("setsockopt SCTP_PEER_ADDR_PARAMS: %s", strerror(errno));
		return -1;
	}
	memset(&th, 0, sizeof(th));
	th.spt_pathmaxrxt = o->path_max_retrans;
	th.spt_pathpfthld = o->pf_threshold;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_THLDS, &th,
	    sizeof(th)) == -1) {
		/* Older kernels: quick failover is not tunable there. */
		verbose("SCTP potentially-failed threshold not set: %s",
		    strerror(errno));
	}
	/* Report potentially-failed paths too (RFC 7829 7.3; Linux 5.5+). */
	memset(&av, 0, sizeof(av));
	av.assoc_id = 0;	/* the socket's future association */
	av.assoc_value = SCTP_PF_EXPOSE_ENABLE_VALUE;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_EXPOSE_POTENTIALLY_FAILED_STATE,
	    &av, sizeof(av)) == -1)
		debug_f("potentially-failed state not reported: %s",
		    strerror(errno));
	/*
	 * Acknowledge within SCTP_SACK_DELAY ms, not the kernel's 200: with
	 * SCTPRTOMin 200 a lone message's delayed SACK came after its
	 * retransmission timeout, and each spurious timeout cut the window
	 * (doc/benchmarks.md, "Forwarded TCP").  Never more than half of
	 * SCTPRTOMin.  Every second packet is still acknowledged at once.
	 */
	memset(&si, 0, sizeof(si));
	si.sack_assoc_id = 0;	/* the socket's future associations */
	si.sack_delay = MINIMUM(SCTP_SACK_DELAY, MAXIMUM(o->rto_min / 2, 1));
	si.sack_freq = 0;	/* unchanged */
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_DELAYED_SACK, &si,
	    sizeof(si)) == -1)
		debug_f("SACK delay not set: %s", strerror(errno));
	if (sctp_set_nodelay(fd) != 0)
		return -1;
	debug2_f("fd %d: %d streams, heartbeat %d ms, RTO %d/%d/%d ms, "
	    "path max retransmissions %d, PF threshold %d", fd, o->streams,
	    o->hb_interval, o->rto_initial, o->rto_min, o->rto_max,
	    o->path_max_retrans, o->pf_threshold);
	return 0;
}

/*
 * Larger buffers for the SSH association.  With the defaults a receiver
 * that is not scheduled at once (a loaded machine) closes its window and
 * the sender waits: forwarded TCP ran at half its speed over TCP under a
 * CPU hog (doc/benchmarks.md).
 */
/*
 * One of them: never below what the socket has (an administrator may have
 * raised net.core.wmem_default above what an unprivileged process may ask).
 */
static int
grow_buffer(int fd, int opt, int force_opt, const char *max_path)
{
	int cur = 0, want = SCTP_SOCKBUF, cap = 0;
	socklen_t len = sizeof(cur);
	FILE *f;

	if (getsockopt(fd, SOL_SOCKET, opt, &cur, &len) == -1)
		return -1;
	if (cur >= 2 * want)
		return cur;
	if (setsockopt(fd, SOL_SOCKET, force_opt, &want, sizeof(want)) == -1) {
		/* Unprivileged: the kernel caps the request at max_path. */
		if ((f = fopen(max_path, "r")) != NULL) {
			if (fscanf(f, "%d", &cap) != 1)
				cap = 0;
			fclose(f);
		}
		if (cap > 0 && cap < want)
			want = cap;
		if (2 * want <= cur || setsockopt(fd, SOL_SOCKET, opt,
		    &want, sizeof(want)) == -1)
			return cur;
	}
	len = sizeof(cur);
	(void)getsockopt(fd, SOL_SOCKET, opt, &cur, &len);
	return cur;
}

static void
set_buffers(int fd)
{
	int snd, rcv;

	snd = grow_buffer(fd, SO_SNDBUF, SO_SNDBUFFORCE,
	    "/proc/sys/net/core/wmem_max");
	rcv = grow_buffer(fd, SO_RCVBUF, SO_RCVBUFFORCE,
	    "/proc/sys/net/core/rmem_max");
	debug2_f("fd %d: send buffer %d, receive buffer %d", fd, snd, rcv);
}

/*
 * Ask for I-DATA (RFC 8260, PROTOCOL.sctp 2.10) on the SSH association.
 * Linux needs fragment interleaving (level 2) first, and refuses with
 * EPERM unless net.sctp.intl_enable is 1; then interleaving is put back
 * off, as it was.
 */
static void
ask_idata(int fd)
{
#ifdef SCTP_INTERLEAVING_SUPPORTED
	struct sctp_assoc_value av;
	int level = 2;

	if (setsockopt(fd, IPPROTO_SCTP, SCTP_FRAGMENT_INTERLEAVE, &level,
	    sizeof(level)) == -1) {
		debug2_f("SCTP_FRAGMENT_INTERLEAVE: %s", strerror(errno));
		return;
	}
	memset(&av, 0, sizeof(av));
	av.assoc_value = 1;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_INTERLEAVING_SUPPORTED, &av,
	    sizeof(av)) == 0) {
		debug2_f("fd %d: I-DATA asked for", fd);
		return;
	}
	debug2_f("fd %d: no I-DATA: %s", fd, errno == EPERM ?
	    "net.sctp.intl_enable is 0" : strerror(errno));
	level = 0;
	(void)setsockopt(fd, IPPROTO_SCTP, SCTP_FRAGMENT_INTERLEAVE, &level,
	    sizeof(level));
#endif
}

int
sctp_idata_in_use(int fd)
{
#ifdef SCTP_INTERLEAVING_SUPPORTED
	struct sctp_assoc_value av;
	socklen_t len = sizeof(av);

	memset(&av, 0, sizeof(av));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_INTERLEAVING_SUPPORTED, &av,
	    &len) == 0)
		return av.assoc_value != 0;
#endif
	return 0;
}

/*
 * SCTPUnreachableTimeout (doc/design.md 1.5): the association's limit of
 * consecutive unanswered retransmissions and heartbeats (Linux's default
 * is 10, a few seconds with SCTPRTOMax 1 s).  While every path is down,
 * sctp_paths_tune() slows the heartbeats to one per path every 5 minutes
 * (at most one each 10 s while the peer's DATA still arrives: sctp-follow.c),
 * so what counts is mostly retransmissions of data, one per SCTPRTOMax:
 * the limit is the timeout in those, plus what the paths' own failures
 * count before they are all down (up to SCTPPathMaxRetransmissions + 1
 * each; two paths' worth).  Set on the
 * socket before its association exists: Linux refuses a limit above the
 * sum of the paths' limits on an association of several paths.
 */
#define SCTP_ASOC_MAXRXT_MAX	65535

static void
set_unreachable(int fd, const struct sctp_options *o)
{
	struct sctp_assocparams ap;
	long long n;

	if (o->unreach_timeout == 0)
		n = SCTP_ASOC_MAXRXT_MAX;
	else
		n = ((long long)o->unreach_timeout * 1000 + o->rto_max - 1) /
		    o->rto_max + 2 * ((long long)o->path_max_retrans + 1);
	memset(&ap, 0, sizeof(ap));
	ap.sasoc_assoc_id = 0;	/* the socket's future association */
	ap.sasoc_asocmaxrxt = MINIMUM(n, SCTP_ASOC_MAXRXT_MAX);
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_ASSOCINFO, &ap,
	    sizeof(ap)) == -1) {
		error("setsockopt SCTP_ASSOCINFO: %s (SCTPUnreachableTimeout "
		    "not in effect)", strerror(errno));
		return;
	}
	debug2_f("fd %d: association ends after %u unanswered "
	    "retransmissions (SCTPUnreachableTimeout %d s)", fd,
	    (u_int)ap.sasoc_asocmaxrxt, o->unreach_timeout);
}

/*
 * 1.4: the chunk types the peer must authenticate: the control set,
 * then, with SCTPAuthKey yes, the data chunks.
 */
static const u_char ak_chunks[] = {
	3,	/* SACK */
	4,	/* HEARTBEAT */
	5,	/* HEARTBEAT ACK */
	6,	/* ABORT */
	7,	/* SHUTDOWN */
	8,	/* SHUTDOWN ACK */
	9,	/* ERROR */
	192,	/* FORWARD TSN */
	194,	/* I-FORWARD TSN */
	0,	/* DATA */
	64,	/* I-DATA */
};
#define AK_CONTROL	9	/* how many of ak_chunks are the control set */

/* How many of ak_chunks an SCTPAuthKey setting requires. */
static size_t
ak_count(int mode)
{
	switch (mode) {
	case SCTP_AUTHKEY_ALL:
		return sizeof(ak_chunks);
	case SCTP_AUTHKEY_CONTROL:
		return AK_CONTROL;
	}
	return 0;
}

int
sctp_auth_require(int fd, const struct sctp_options *o)
{
	struct sctp_assoc_value av;
	struct sctp_authchunk ac;
	union {
		struct sctp_hmacalgo h;
		u_char b[sizeof(struct sctp_hmacalgo) + 2 * sizeof(uint16_t)];
	} hu;
	size_t i, n;

	if (o == NULL || (n = ak_count(o->auth_key)) == 0)
		return 0;
	memset(&av, 0, sizeof(av));
	av.assoc_value = 1;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_SUPPORTED, &av,
	    sizeof(av)) == -1) {
		/*
		 * Before Linux 5.4 nothing tells whether an association's
		 * peer has SCTP-AUTH (PROTOCOL.sctp 1.4): refused.
		 */
		if (errno == ENOPROTOOPT)
			error("SCTPAuthKey: this kernel cannot tell whether "
			    "an association has SCTP-AUTH (no "
			    "SCTP_AUTH_SUPPORTED; Linux 5.4 and later have "
			    "it): set SCTPAuthKey no");
		else
			error("SCTPAuthKey: SCTP_AUTH_SUPPORTED: %s",
			    strerror(errno));
		return -1;
	}
	memset(&hu, 0, sizeof(hu));
	hu.h.shmac_num_idents = 2;
	hu.h.shmac_idents[0] = SCTP_AUTH_HMAC_ID_SHA256;
	hu.h.shmac_idents[1] = SCTP_AUTH_HMAC_ID_SHA1;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_HMAC_IDENT, &hu,
	    sizeof(hu)) == -1)
		debug_f("fd %d: SCTP_HMAC_IDENT: %s", fd, strerror(errno));
	for (i = 0; i < n; i++) {
		ac.sauth_chunk = ak_chunks[i];
		if (setsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_CHUNK, &ac,
		    sizeof(ac)) == -1) {
			error("SCTPAuthKey: SCTP_AUTH_CHUNK %u: %s",
			    ak_chunks[i], strerror(errno));
			return -1;
		}
	}
	debug2_f("fd %d: SCTP-AUTH required of %zu chunk types%s", fd, n,
	    n < sizeof(ak_chunks) ? " (control set: not DATA, I-DATA)" : "");
	return 0;
}

int
sctp_auth_required(int fd, int peer, int mode)
{
	int opt = peer ? SCTP_PEER_AUTH_CHUNKS : SCTP_LOCAL_AUTH_CHUNKS;
	union {
		struct sctp_authchunks a;
		u_char b[sizeof(struct sctp_authchunks) + 256];
	} u;
	struct sctp_assoc_value av;
	socklen_t len = sizeof(u);
	size_t i, j, n, want;

	/* The association's peer supports SCTP-AUTH at all. */
	memset(&av, 0, sizeof(av));
	len = sizeof(av);
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_SUPPORTED, &av,
	    &len) == -1 || av.assoc_value == 0) {
		debug_f("fd %d: no SCTP-AUTH on the association", fd);
		return 0;
	}
	memset(&u, 0, sizeof(u));
	len = sizeof(u);
	if (getsockopt(fd, IPPROTO_SCTP, opt, &u, &len) == -1) {
		debug_f("fd %d: %s: %s", fd, peer ? "SCTP_PEER_AUTH_CHUNKS" :
		    "SCTP_LOCAL_AUTH_CHUNKS", strerror(errno));
		return 0;
	}
	if (len < sizeof(u.a))
		return 0;
	want = ak_count(mode);
	n = MINIMUM(u.a.gauth_number_of_chunks, len - sizeof(u.a));
	for (i = 0; i < want; i++) {
		for (j = 0; j < n; j++)
			if (u.a.gauth_chunks[j] == ak_chunks[i])
				break;
		if (j >= n)
			return 0;
	}
	return 1;
}

/* An SSH socket; *roam says whether it offers ADD-IP (sctp-roam.c). */
static int
sctp_socket(int family, const struct sctp_options *o, int *roam)
{
	int fd;
	char why[256];

	if ((fd = socket(family, SOCK_STREAM, IPPROTO_SCTP)) == -1) {
		if (sctp_available(why, sizeof(why)) != SCTP_AVAIL_OK)
			error("%s", why);
		else
			error("socket(SCTP): %s", strerror(errno));
		return -1;
	}
	(void)fcntl(fd, F_SETFD, FD_CLOEXEC);
	if (sctp_socket_tune(fd, o) != 0) {
		close(fd);
		return -1;
	}
	set_unreachable(fd, o);
	set_buffers(fd);
	ask_idata(fd);
	*roam = sctp_roam_socket(fd, o);
	if (sctp_auth_require(fd, o) != 0 ||
	    sctp_encap_client(fd, o) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

/* 2.12: the client's socket for a restart, set up as the first. */
int
sctp_socket_new(int family, const struct sctp_options *o, int *roam)
{
	return sctp_socket(family, o, roam);
}

/*
 * 2.12: the events socket "from" is subscribed to, its stream information
 * and its IPQoS marking, on socket "to" (before its association).
 */
void
sctp_socket_copy_options(int from, int to)
{
	static const uint16_t types[] = {
		SCTP_ASSOC_CHANGE, SCTP_PEER_ADDR_CHANGE, SCTP_REMOTE_ERROR,
		SCTP_SHUTDOWN_EVENT, SCTP_PARTIAL_DELIVERY_EVENT,
		SCTP_AUTHENTICATION_EVENT, SCTP_SENDER_DRY_EVENT,
	};
	socklen_t len;
	size_t i;
	int on;

	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (sctp_event_get(from, types[i], &on) == -1 || !on)
			continue;
		if (sctp_event_set(to, types[i], 1) == -1)
			debug_f("event %u: %s", types[i], strerror(errno));
	}
	on = 0;
	len = sizeof(on);
	if (getsockopt(from, IPPROTO_SCTP, SCTP_RECVRCVINFO, &on,
	    &len) == 0 && on && setsockopt(to, IPPROTO_SCTP,
	    SCTP_RECVRCVINFO, &on, sizeof(on)) == -1)
		error_f("SCTP_RECVRCVINFO: %s", strerror(errno));
	on = 0;
	len = sizeof(on);
	if (getsockopt(from, IPPROTO_IP, IP_TOS, &on, &len) == 0 && on != 0)
		(void)setsockopt(to, IPPROTO_IP, IP_TOS, &on, sizeof(on));
#ifdef IPV6_TCLASS
	on = 0;
	len = sizeof(on);
	if (getsockopt(from, IPPROTO_IPV6, IPV6_TCLASS, &on, &len) == 0 &&
	    on > 0)
		(void)setsockopt(to, IPPROTO_IPV6, IPV6_TCLASS, &on,
		    sizeof(on));
#endif
}

/*
 * sshd, on an accepted socket: Linux gives it an endpoint of its own,
 * without the listener's SCTP-AUTH and I-DATA settings, and that endpoint
 * answers a restart's INIT (PROTOCOL.sctp 2.12): set them again, as the
 * association has them.
 */
void
sctp_accepted_setup(int fd, const struct sctp_options *o)
{
#ifdef SCTP_INTERLEAVING_SUPPORTED
	struct sctp_assoc_value av;

	/*
	 * Not ask_idata(): its fallback would turn the socket's fragment
	 * interleaving off under the association that uses it.
	 */
	if (sctp_idata_in_use(fd)) {
		memset(&av, 0, sizeof(av));
		av.assoc_value = 1;
		if (setsockopt(fd, IPPROTO_SCTP, SCTP_INTERLEAVING_SUPPORTED,
		    &av, sizeof(av)) == -1)
			debug_f("fd %d: I-DATA not offered again: %s", fd,
			    strerror(errno));
	}
#endif
	(void)sctp_auth_require(fd, o);
}

/*
 * Staggered association attempts, one peer address each.
 *
 * With every address in one sctp_connectx(), the kernel tries the next
 * only after SCTPRTOInitial (1 s), and it takes each address given there
 * as confirmed: one that is dead from the start is a candidate for data
 * and retransmissions (Linux sends those to another path) until its
 * heartbeats fail, seconds later, and each chunk sent there costs a
 * retransmission timeout.  So each attempt offers one address: the first
 * at once, the next when no INIT has been answered after SCTP_STAGGER_MS,
 * and so on (RFC 8305's connection attempt delay); the last attempt
 * offers all the addresses left.  The peer lists its other addresses in
 * its INIT ACK; the kernel holds them unconfirmed, sending them nothing
 * but heartbeats until one is answered, and sctp_paths_tune() asks for
 * those heartbeats at once.  Once an INIT is answered the next attempt
 * waits a second more (a slow handshake is no sign of a dead path, but
 * a COOKIE ECHO can be lost); the first association up is kept and the
 * others are closed.
 */
#define SCTP_STAGGER_MS		250
#define SCTP_STAGGER_ANSWERED_MS	1000
#define SCTP_STAGGER_MAX	4

static int
ms_since(const struct timeval *start)
{
	struct timeval now, d;

	monotime_tv(&now);
	timersub(&now, start, &d);
	return d.tv_sec * 1000 + d.tv_usec / 1000;
}

/* Whether the peer has answered fd's INIT (past COOKIE-WAIT). */
static int
init_answered(int fd)
{
	struct sctp_status st;
	socklen_t len = sizeof(st);

	memset(&st, 0, sizeof(st));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_STATUS, &st, &len) == -1)
		return 0;
	return st.sstat_state != SCTP_COOKIE_WAIT;
}

/* Offset of the k-th address in a packed list. */
static size_t
addr_offset(const u_char *addrs, int k)
{
	size_t off = 0;
	int i;

	for (i = 0; i < k; i++)
		off += sctp_sa_len((const struct sockaddr *)(addrs + off));
	return off;
}

/* Whether sa is the wildcard address. */
static int
is_any(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET)
		return ((const struct sockaddr_in *)sa)->sin_addr.s_addr ==
		    htonl(INADDR_ANY);
	if (sa->sa_family == AF_INET6)
		return IN6_IS_ADDR_UNSPECIFIED(
		    &((const struct sockaddr_in6 *)sa)->sin6_addr);
	return 0;
}

/*
 * Bind a client's socket to the wildcard address and any port, as
 * connect(2) would, so that the kernel may announce address changes
 * (sctp_roam_auto()).
 */
static int
bind_any(int fd, int family)
{
	struct sockaddr_storage ss;
	socklen_t len;

	memset(&ss, 0, sizeof(ss));
	ss.ss_family = family;
	len = family == AF_INET6 ? sizeof(struct sockaddr_in6) :
	    sizeof(struct sockaddr_in);
	if (bind(fd, (struct sockaddr *)&ss, len) == -1) {
		debug_f("bind to the wildcard address: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * One nonblocking association attempt with the n packed addresses at
 * peers: the socket, or -1 with errno; *setup is set when the socket
 * could not even be made (no use trying another).
 */
static int
attempt_one(int sfamily, const struct sctp_options *o, u_char *locals,
    int nlocals, u_char *peers, int n, int *connected, int *setup)
{
	int fd, oerrno, roam;
	char *s;

	*connected = *setup = 0;
	if ((fd = sctp_socket(sfamily, o, &roam)) == -1) {
		*setup = 1;
		return -1;
	}
	if (nlocals == 0 && roam && bind_any(fd, sfamily) == 0)
		sctp_roam_auto(fd);
	if (nlocals > 0) {
		s = sctp_addrs_string(locals, nlocals);
		if (sctp_bindx(fd, (struct sockaddr *)locals, nlocals,
		    SCTP_BINDX_ADD_ADDR) == -1) {
			oerrno = errno;
			error("bind %s: %s", s, strerror(errno));
			free(s);
			close(fd);
			*setup = 1;
			errno = oerrno;
			return -1;
		}
		debug_f("bound to %s", s);
		free(s);
	}
	s = sctp_addrs_string(peers, n);
	debug2_f("association attempt to %s", s);
	free(s);
	set_nonblock(fd);
	if (sctp_connectx(fd, (struct sockaddr *)peers, n, NULL) == 0)
		*connected = 1;
	else if (errno != EINPROGRESS) {
		oerrno = errno;
		close(fd);
		errno = oerrno;
		return -1;
	}
	return fd;
}

/* What to check when an SCTP connect failed with err. */
static const char *
connect_hint(int err, int encap)
{
	switch (err) {
	case ECONNREFUSED:
		return "the host refused the SCTP association: nothing "
		    "listens for SCTP on that port (sshd's Transport must be "
		    "sctp or all)";
	case ETIMEDOUT:
		if (encap)
			return "no answer inside UDP: does sshd there accept "
			    "SCTPUDPEncapsulation on that port (and its host "
			    "net.sctp.udp_port), and do firewalls pass UDP to "
			    "it?";
		return "no answer over SCTP: a firewall or NAT on the way "
		    "may drop SCTP (README.sctp, \"NATs and firewalls\"); "
		    "try SCTPUDPEncapsulation, or Transport tcp";
	}
	return NULL;
}

/* The error of a finished attempt: 0 when it is up. */
static int
attempt_error(int fd)
{
	int err = 0;
	socklen_t len = sizeof(err);

	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == -1)
		return errno;
	return err;
}

/*
 * Connect to the npeers packed peers as above: the connected socket
 * (blocking again), or -1 with errno, and *setup set when no socket could
 * be made (no use trying again).  *timeout_ms (ConnectTimeout, <= 0 for
 * none) loses the time spent.
 */
static int
connect_staggered(int sfamily, const struct sctp_options *o, u_char *locals,
    int nlocals, u_char *peers, int npeers, int *timeout_ms, int *setup)
{
	struct pollfd pfd[SCTP_STAGGER_MAX];
	struct timeval start;
	int nmax = MINIMUM(npeers, SCTP_STAGGER_MAX), started = 0, live = 0;
	int i, r, n, wait, elapsed, due, connected, err, fd = -1;
	int answered = -1, lasterr = ETIMEDOUT;

	monotime_tv(&start);
	for (;;) {
		elapsed = ms_since(&start);
		if (*timeout_ms > 0 && elapsed >= *timeout_ms)
			break;
		/*
		 * The next attempt is due SCTP_STAGGER_MS after the last, or
		 * SCTP_STAGGER_ANSWERED_MS after the peer first answered an
		 * INIT if that is later: the handshake's second round trip
		 * may be slow, or its COOKIE ECHO lost to a path that died.
		 */
		for (i = 0; i < started && answered == -1; i++)
			if (pfd[i].fd != -1 && init_answered(pfd[i].fd))
				answered = elapsed;
		due = started * SCTP_STAGGER_MS;
		if (answered != -1)
			due = MAXIMUM(due, answered + SCTP_STAGGER_ANSWERED_MS);
		if (started < nmax && (live == 0 || elapsed >= due)) {
			if (started > 0)
				debug("SCTP: no association after %d ms, "
				    "trying peer address %d of %d", elapsed,
				    started + 1, npeers);
			n = started == nmax - 1 ? npeers - started : 1;
			r = attempt_one(sfamily, o, locals, nlocals,
			    peers + addr_offset(peers, started), n,
			    &connected, setup);
			pfd[started].fd = r;
			pfd[started].events = POLLOUT;
			pfd[started].revents = 0;
			started++;
			if (r == -1) {
				lasterr = errno;
				if (*setup)
					break;
				continue;
			}
			live++;
			if (connected) {
				fd = r;
				break;
			}
			continue;
		}
		if (live == 0)
			break;
		/* Poll again at most every SCTP_STAGGER_MS for answers. */
		wait = started < nmax ?
		    MINIMUM(due - elapsed, SCTP_STAGGER_MS) : -1;
		if (*timeout_ms > 0 && (wait == -1 ||
		    wait > *timeout_ms - elapsed))
			wait = *timeout_ms - elapsed;
		if (poll(pfd, started, wait) == -1) {
			if (errno == EINTR)
				continue;
			lasterr = errno;
			break;
		}
		for (i = 0; i < started && fd == -1; i++) {
			if (pfd[i].fd == -1 || pfd[i].revents == 0)
				continue;
			if ((err = attempt_error(pfd[i].fd)) == 0) {
				fd = pfd[i].fd;
				if (started > 1)
					debug("SCTP: association %d of %d "
					    "up first", i + 1, started);
				break;
			}
			lasterr = err;
			close(pfd[i].fd);
			pfd[i].fd = -1;
			live--;
		}
		if (fd != -1)
			break;
	}
	/* The others are not needed: closed (an ABORT or a SHUTDOWN). */
	for (i = 0; i < started; i++)
		if (pfd[i].fd != -1 && pfd[i].fd != fd)
			close(pfd[i].fd);
	if (*timeout_ms > 0)
		ms_subtract_diff(&start, timeout_ms);
	if (fd == -1) {
		errno = lasterr;
		return -1;
	}
	unset_nonblock(fd);
	return fd;
}

int
sctp_connect(const char *host, struct addrinfo *addrs,
    const char *bind_address, int family, const struct sctp_options *o,
    struct sockaddr_storage *hostaddr, int *timeout_ms,
    int connection_attempts)
{
	struct addrinfo *ai;
	struct sctp_addrlist *al;
	u_char *peers = NULL, *locals = NULL;
	size_t peerslen = 0, localslen = 0;
	int npeers = 0, nlocals = 0, fd = -1, attempt, sfamily = AF_INET;
	int setup = 0, serr;
	int saved_timeout = *timeout_ms;
	char *err = NULL, *s, strport[NI_MAXSERV] = "";
	const char *hint;
	socklen_t len;

	/* Every address the host name gave, then the configured extras. */
	for (ai = addrs; ai != NULL; ai = ai->ai_next) {
		if (family != AF_UNSPEC && ai->ai_family != family)
			continue;
		if (getnameinfo(ai->ai_addr, ai->ai_addrlen, NULL, 0,
		    strport, sizeof(strport), NI_NUMERICSERV) != 0)
			continue;
		if (sctp_addrs_append(&peers, &peerslen, &npeers,
		    ai->ai_addr) != 0)
			break;
	}
	if (npeers == 0) {
		error("ssh: connect to host %s: no address to use", host);
		goto out;
	}
	if (o->peer_addresses != NULL) {
		if ((al = sctp_addrlist_parse(o->peer_addresses, 0,
		    &err)) == NULL ||
		    sctp_addrlist_resolve(al, strport, family, 0, &peers,
		    &peerslen, &npeers, &err) != 0) {
			error("SCTPPeerAddresses: %s", err);
			sctp_addrlist_free(al);
			goto out;
		}
		sctp_addrlist_free(al);
	}
	if (bind_address != NULL) {
		if ((al = sctp_addrlist_parse(bind_address, 0, &err)) == NULL ||
		    sctp_addrlist_resolve(al, "0", family, 1, &locals,
		    &localslen, &nlocals, &err) != 0) {
			error("BindAddress: %s", err);
			sctp_addrlist_free(al);
			goto out;
		}
		sctp_addrlist_free(al);
	}
	/* An IPv6 socket carries IPv4 addresses too; use it if any is v6. */
	if (sctp_addrs_any_v6(peers, peerslen) ||
	    sctp_addrs_any_v6(locals, localslen))
		sfamily = AF_INET6;
	s = sctp_addrs_string(peers, npeers);
	debug("Connecting to %.200s over SCTP, peer addresses %s, port %s.",
	    host, s, strport);
	free(s);

	for (attempt = 0; attempt < connection_attempts; attempt++) {
		if (attempt > 0) {
			sleep(1);
			debug("Trying again...");
		}
		*timeout_ms = saved_timeout;
		if ((fd = connect_staggered(sfamily, o, locals, nlocals,
		    peers, npeers, timeout_ms, &setup)) != -1)
			break;
		if (setup)
			goto out;
		debug("connect to %s over SCTP: %s", host, strerror(errno));
	}
	if (fd == -1) {
		serr = errno;
		error("ssh: connect to host %s port %s: %s", host, strport,
		    strerror(serr));
		if ((hint = connect_hint(serr, o->udp_encap > 0)) != NULL)
			error("ssh: %s", hint);
		goto out;
	}
	len = sizeof(*hostaddr);
	memset(hostaddr, 0, sizeof(*hostaddr));
	if (getpeername(fd, (struct sockaddr *)hostaddr, &len) == -1)
		memcpy(hostaddr, peers, MINIMUM(sizeof(*hostaddr),
		    ((struct sockaddr *)peers)->sa_family == AF_INET6 ?
		    sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in)));
	debug("Connection established (SCTP).");
	sctp_log_assoc(fd, NULL, 0);
	sctp_paths_tune(fd);
 out:
	free(err);
	free(peers);
	free(locals);
	return fd;
}

static int
listen_one(int fd, const char *what, int *socks, int *nsocks, int maxsocks)
{
	if (*nsocks >= maxsocks) {
		error("Too many listen sockets; %s not used", what);
		close(fd);
		return 0;
	}
	if (listen(fd, 128) == -1) {
		error("listen on %s (SCTP): %s", what, strerror(errno));
		close(fd);
		return 0;
	}
	socks[(*nsocks)++] = fd;
	logit("Server listening on %s (SCTP).", what);
	return 1;
}

static int
listen_socket(int family, const struct sctp_options *o, int *roam)
{
	int fd, on = 1;

	if ((fd = sctp_socket(family, o, roam)) == -1)
		return -1;
	if (set_nonblock(fd) == -1) {
		close(fd);
		return -1;
	}
	(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
	return fd;
}

/*
 * Whether sa belongs to one of the multi-homed listening sockets (a
 * "ListenAddress a,b" list or ListenMultipleAddresses): that socket serves
 * it, so it gets no single-address SCTP socket of its own.
 */
static int
in_multi(const struct sockaddr *sa, const struct sctp_options *o,
    int default_port)
{
	struct sctp_addrlist *al;
	u_char *packed, *p;
	size_t packedlen;
	int k, npacked, found = 0;
	u_int i;
	char *err = NULL, port[16];

	snprintf(port, sizeof(port), "%d", default_port);
	for (i = 0; !found && i < o->nlisten_multi; i++) {
		if ((al = sctp_addrlist_parse(o->listen_multi[i], 1,
		    &err)) == NULL) {
			free(err);
			continue;
		}
		packed = NULL;
		packedlen = 0;
		npacked = 0;
		if (sctp_addrlist_resolve(al, al->port != NULL ? al->port :
		    port, AF_UNSPEC, 1, &packed, &packedlen, &npacked,
		    &err) != 0)
			free(err);
		for (p = packed, k = 0; !found && k < npacked; k++) {
			found = sctp_sockaddr_eq(sa, (struct sockaddr *)p);
			p += ((struct sockaddr *)p)->sa_family == AF_INET6 ?
			    sizeof(struct sockaddr_in6) :
			    sizeof(struct sockaddr_in);
		}
		free(packed);
		sctp_addrlist_free(al);
	}
	return found;
}

int
sctp_listen_addrs(struct addrinfo *addrs, const struct sctp_options *o,
    int default_port, int *socks, int *nsocks, int maxsocks)
{
	struct addrinfo *ai;
	char ntop[NI_MAXHOST], strport[NI_MAXSERV], *what;
	int fd, n = 0, roam;

	if (sctp_encap_server(o) != 0)
		fatal("sshd cannot take SCTP inside UDP as configured");
	for (ai = addrs; ai != NULL; ai = ai->ai_next) {
		if (ai->ai_family != AF_INET && ai->ai_family != AF_INET6)
			continue;
		if (getnameinfo(ai->ai_addr, ai->ai_addrlen, ntop,
		    sizeof(ntop), strport, sizeof(strport),
		    NI_NUMERICHOST|NI_NUMERICSERV) != 0)
			continue;
		if (in_multi(ai->ai_addr, o, default_port)) {
			debug("%s port %s (SCTP): served by a multi-homed "
			    "socket", ntop, strport);
			continue;
		}
		if ((fd = listen_socket(ai->ai_family, o, &roam)) == -1)
			continue;
		if (ai->ai_family == AF_INET6)
			sock_set_v6only(fd);
		debug("Bind to port %s on %s (SCTP).", strport, ntop);
		if (bind(fd, ai->ai_addr, ai->ai_addrlen) == -1) {
			error("Bind to port %s on %s (SCTP) failed: %.200s.",
			    strport, ntop, strerror(errno));
			close(fd);
			continue;
		}
		/* Its associations inherit it (a wildcard listener only). */
		if (roam && is_any(ai->ai_addr))
			sctp_roam_auto(fd);
		xasprintf(&what, "%s port %s", ntop, strport);
		n += listen_one(fd, what, socks, nsocks, maxsocks);
		free(what);
	}
	return n;
}

int
sctp_listen_multi(const struct sctp_options *o, int default_port,
    int *socks, int *nsocks, int maxsocks)
{
	struct sctp_addrlist *al;
	u_char *packed;
	size_t packedlen;
	u_int i;
	int fd, n = 0, npacked, family, roam;
	char *err = NULL, *s, *what, port[16];

	if (sctp_encap_server(o) != 0)
		fatal("sshd cannot take SCTP inside UDP as configured");

	for (i = 0; i < o->nlisten_multi; i++) {
		packed = NULL;
		packedlen = 0;
		npacked = 0;
		if ((al = sctp_addrlist_parse(o->listen_multi[i], 1,
		    &err)) == NULL) {
			error("ListenMultipleAddresses %s: %s",
			    o->listen_multi[i], err);
			free(err);
			continue;
		}
		snprintf(port, sizeof(port), "%d", default_port);
		if (sctp_addrlist_resolve(al, al->port != NULL ? al->port :
		    port, AF_UNSPEC, 1, &packed, &packedlen, &npacked,
		    &err) != 0) {
			error("ListenMultipleAddresses %s: %s",
			    o->listen_multi[i], err);
			free(err);
			sctp_addrlist_free(al);
			continue;
		}
		family = sctp_addrs_any_v6(packed, packedlen) ?
		    AF_INET6 : AF_INET;
		s = sctp_addrs_string(packed, npacked);
		if ((fd = listen_socket(family, o, &roam)) != -1) {
			if (sctp_bindx(fd, (struct sockaddr *)packed, npacked,
			    SCTP_BINDX_ADD_ADDR) == -1) {
				error("Bind to %s port %s (SCTP) failed: %s.",
				    s, al->port != NULL ? al->port : port,
				    strerror(errno));
				close(fd);
			} else {
				xasprintf(&what, "%s port %s", s,
				    al->port != NULL ? al->port : port);
				n += listen_one(fd, what, socks, nsocks,
				    maxsocks);
				free(what);
			}
		}
		free(s);
		free(packed);
		sctp_addrlist_free(al);
	}
	return n;
}

/*
 * Messages the association has abandoned under a PR-SCTP policy
 * (SCTP_PR_SCTP_TTL, _RTX), sent or not; -1 where the kernel does not say.
 */
long long
sctp_pr_abandoned(int fd, int policy)
{
	struct sctp_prstatus ps;
	socklen_t len = sizeof(ps);

	memset(&ps, 0, sizeof(ps));
	ps.sprstat_policy = policy;
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_PR_ASSOC_STATUS, &ps,
	    &len) == -1)
		return -1;
	return (long long)(ps.sprstat_abandoned_unsent +
	    ps.sprstat_abandoned_sent);
}

void
sctp_log_assoc(int fd, const char *from, int port)
{
	struct sockaddr *addrs;
	char *l = NULL, *p = NULL;
	int n;

	if ((n = sctp_getladdrs(fd, 0, &addrs)) > 0) {
		l = sctp_addrs_string((u_char *)addrs, n);
		sctp_freeladdrs(addrs);
	}
	if ((n = sctp_getpaddrs(fd, 0, &addrs)) > 0) {
		p = sctp_addrs_string((u_char *)addrs, n);
		sctp_freepaddrs(addrs);
	}
	if (from != NULL)
		logit("SCTP association from %s port %d: local addresses %s; "
		    "peer addresses %s", from, port, l ? l : "?", p ? p : "?");
	else
		debug("SCTP association: local addresses %s; peer addresses "
		    "%s", l ? l : "?", p ? p : "?");
	free(l);
	free(p);
}

/*
 * 0 if the peer's kernel has acknowledged, cumulatively, every DATA chunk
 * written on this socket, and nothing waits to be read (so no restart,
 * which frees the chunks it purges, went unseen: its event would wait);
 * 1 if not, -1 if the kernel cannot tell.  Linux charges each DATA chunk
 * to the socket's queued write memory from the write until then.
 */
int
sctp_data_held(int fd)
{
#if defined(__linux__) && defined(SO_MEMINFO) && defined(SIOCINQ)
	uint32_t mem[SK_MEMINFO_VARS];
	socklen_t len = sizeof(mem);
	int inq = 0;

	memset(mem, 0, sizeof(mem));
	if (getsockopt(fd, SOL_SOCKET, SO_MEMINFO, mem, &len) == -1 ||
	    len <= SK_MEMINFO_WMEM_QUEUED * sizeof(mem[0]))
		return -1;
	if (mem[SK_MEMINFO_WMEM_QUEUED] != 0)
		return 1;
	if (ioctl(fd, SIOCINQ, &inq) == -1)
		return -1;
	return inq != 0;
#else
	return -1;
#endif
}

int
sctp_sender_dry_events(int fd, int on)
{
	return sctp_event_set(fd, SCTP_SENDER_DRY_EVENT, on);
}

void
sctp_events_enable(struct ssh *ssh, int fd)
{
	/* From here on sctp_write() also caps the size of each message. */
	if (sctp_event_set(fd, SCTP_PEER_ADDR_CHANGE, 1) == -1) {
		debug_f("SCTP path events not available: %s", strerror(errno));
		return;
	}
	ssh->sctp_events = 1;
	sctp_follow_start(ssh, fd);	/* PROTOCOL.sctp 1.3 */
	/* A restart ends the connection (PROTOCOL.sctp 1.4). */
	if (sctp_event_set(fd, SCTP_ASSOC_CHANGE, 1) == -1)
		debug_f("SCTP association events not available: %s",
		    strerror(errno));
	debug2_f("fd %d: logging SCTP path changes", fd);
	sctp_paths_tune(fd);
	sctp_roam_check_peers(ssh, fd);
	sctp_roam_start(ssh, fd);
}

/* One message of at most SCTP_WRITE_MAX bytes; flags as for send(2). */
static ssize_t
send_one(struct ssh *ssh, int fd, const u_char *p, size_t len, int flags)
{
	struct msghdr msg;
	struct iovec iov;

	memset(&msg, 0, sizeof(msg));
	iov.iov_base = (void *)p;
	iov.iov_len = MINIMUM(len, SCTP_WRITE_MAX);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	/* 1.3: to the peer address followed, if any */
	return sctp_follow_sendmsg(ssh, fd, &msg, flags);
}

/*
 * Write as upstream's one write(2) would, in messages of at most
 * SCTP_WRITE_MAX bytes: the first in the socket's blocking mode, as
 * upstream's write (it may block, as upstream's may), the others only
 * while the socket takes them at once.  One bounded message per call
 * capped a connection at 32 KB a turn of the main loop.
 */
ssize_t
sctp_write(struct ssh *ssh, int fd, const void *buf, size_t len)
{
	const u_char *p = buf;
	size_t done = 0;
	ssize_t n;

	if (!ssh->sctp_events)
		return write(fd, buf, len);
	if ((n = send_one(ssh, fd, p, len, MSG_NOSIGNAL)) <= 0)
		return n;
	for (done = n; done < len; done += n) {
		n = send_one(ssh, fd, p + done, len - done,
		    MSG_DONTWAIT | MSG_NOSIGNAL);
		if (n <= 0)
			break;	/* EAGAIN and errors: the next call sees them */
	}
	return done;
}

static const char *
paddr_state(int st)
{
	switch (st) {
	case SCTP_ADDR_AVAILABLE:	return "is available again";
	case SCTP_ADDR_UNREACHABLE:	return "failed (unreachable)";
	case SCTP_ADDR_REMOVED:		return "was removed";
	case SCTP_ADDR_ADDED:		return "was added";
	case SCTP_ADDR_MADE_PRIM:	return "became primary";
	case SCTP_ADDR_CONFIRMED:	return "was confirmed";
	case SCTP_ADDR_POTENTIALLY_FAILED: return "potentially failed";
	}
	return "changed state";
}

/* Path events an administrator reads at sshd's default LogLevel. */
static int
paddr_notable(int st)
{
	return st == SCTP_ADDR_UNREACHABLE || st == SCTP_ADDR_AVAILABLE ||
	    st == SCTP_ADDR_ADDED || st == SCTP_ADDR_REMOVED ||
	    st == SCTP_ADDR_MADE_PRIM;
}

void
sctp_log_notification(struct ssh *ssh, int fd, const u_char *buf, size_t len)
{
	const union sctp_notification *sn = (const void *)buf;
	struct sockaddr_storage ss;
	struct sctp_status st;
	socklen_t sl = sizeof(st);
	char host[NI_MAXHOST] = "?", prim[NI_MAXHOST] = "?";
	char from[NI_MAXHOST], to[NI_MAXHOST];
	const char *what = NULL;
	struct sockaddr_storage addr;
	uint32_t state;

	if (len < sizeof(sn->sn_header))
		return;
	switch (sn->sn_header.sn_type) {
	case SCTP_SENDER_DRY_EVENT:
		/* Waited for by sctp_authkey_poll() in single-stream mode. */
		if (ssh != NULL)
			ssh->sctp_dry = 1;
		return;
	case SCTP_ASSOC_CHANGE:
		if (len >= sizeof(struct sctp_assoc_change) &&
		    sn->sn_assoc_change.sac_state == SCTP_RESTART)
			fatal("SCTP association restarted: the peer's host "
			    "restarted it, or the path forged it");
		return;
	}
	if (sn->sn_header.sn_type != SCTP_PEER_ADDR_CHANGE ||
	    len < sizeof(struct sctp_paddr_change))
		return;
	memcpy(&ss, buf + offsetof(struct sctp_paddr_change, spc_aaddr),
	    sizeof(ss));
	memcpy(&state, buf + offsetof(struct sctp_paddr_change, spc_state),
	    sizeof(state));
	sctp_follow_event(ssh, state);	/* 1.3 */
	(void)sctp_sa_ntop((struct sockaddr *)&ss, host, sizeof(host));
	addr = ss;
	memset(&st, 0, sizeof(st));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_STATUS, &st, &sl) == 0) {
		memcpy(&ss, (u_char *)&st +
		    offsetof(struct sctp_status, sstat_primary) +
		    offsetof(struct sctp_paddrinfo, spinfo_address), sizeof(ss));
		(void)sctp_sa_ntop((struct sockaddr *)&ss, prim, sizeof(prim));
	}
	if (ssh != NULL && ssh->kex != NULL && ssh->kex->server &&
	    paddr_notable(state))
		logit("SCTP path to %s %s; primary path %s (connection from "
		    "%s port %d)", host, paddr_state(state), prim,
		    ssh->remote_ipaddr != NULL ? ssh->remote_ipaddr : "?",
		    ssh->remote_port);
	else
		debug("SCTP path to %s %s; primary path %s", host,
		    paddr_state(state), prim);
	switch (sctp_pathview_event(ssh, fd, &addr, state, from, to,
	    sizeof(from))) {
	case 1:
		what = "failover";
		break;
	case 2:
		what = "primary path";
		break;
	}
	if (what != NULL && ssh != NULL && ssh->kex != NULL &&
	    ssh->kex->server)
		logit("SCTP %s: data moved from path to %s to path to %s "
		    "(connection from %s port %d)", what, from, to,
		    ssh->remote_ipaddr != NULL ? ssh->remote_ipaddr : "?",
		    ssh->remote_port);
	else if (what != NULL)
		verbose("SCTP %s: data moved from path to %s to path to %s",
		    what, from, to);
	sctp_paths_tune(fd);
	sctp_roam_check_peers(ssh, fd);
}

void
sctp_log_lost(int err)
{
	if (err == ETIMEDOUT)
		logit("SCTP association lost: no path to the peer answered "
		    "(SCTPUnreachableTimeout)");
}

/*
 * One recvmsg(2) of data on an SCTP socket with events on: notifications
 * met before the data are logged and skipped.  A notification larger than
 * the buffer is read to its end.
 *
 * The first recvmsg() takes the caller's flags; with none it honours the
 * socket's blocking mode, as read(2) would: the caller polled and something
 * is there.  Once a notification has been consumed, nothing more may be
 * waiting, and OpenSSH keeps its connection socket in blocking mode;
 * blocking then would wait for the peer, which may itself wait for us
 * (channel window), a deadlock.  So later reads do not wait, and "only a
 * notification" is reported as EAGAIN, which every caller treats as "poll
 * again".
 */
static ssize_t
read_data(struct ssh *ssh, int fd, void *buf, size_t len, int flags)
{
	struct msghdr msg;
	struct iovec iov;
	struct sockaddr_storage from;
	ssize_t n;
	u_char note[1024], rest[256];
	size_t notelen;

	for (;;) {
		memset(&msg, 0, sizeof(msg));
		memset(&from, 0, sizeof(from));
		iov.iov_base = buf;
		iov.iov_len = len;
		msg.msg_iov = &iov;
		msg.msg_iovlen = 1;
		msg.msg_name = &from;
		msg.msg_namelen = sizeof(from);
		if ((n = recvmsg(fd, &msg, flags)) == -1 && errno == ETIMEDOUT)
			sctp_log_lost(errno);
		if (n > 0 && !(msg.msg_flags & MSG_NOTIFICATION))
			sctp_follow_data(ssh, &from, msg.msg_namelen); /* 1.3 */
		if (n <= 0 || !(msg.msg_flags & MSG_NOTIFICATION))
			return n;
		notelen = MINIMUM((size_t)n, sizeof(note));
		memcpy(note, buf, notelen);
		while (!(msg.msg_flags & MSG_EOR)) {
			/* The rest of a notification is already queued. */
			memset(&msg, 0, sizeof(msg));
			iov.iov_base = rest;
			iov.iov_len = sizeof(rest);
			msg.msg_iov = &iov;
			msg.msg_iovlen = 1;
			if ((n = recvmsg(fd, &msg, MSG_DONTWAIT)) <= 0)
				return n;
		}
		sctp_log_notification(ssh, fd, note, notelen);
		flags = MSG_DONTWAIT;
	}
}

ssize_t
sctp_read(struct ssh *ssh, int fd, void *buf, size_t len)
{
	if (!ssh->sctp_events)
		return read(fd, buf, len);
	return read_data(ssh, fd, buf, len, 0);
}

/*
 * Whether what waits on the connection socket is the peer's: not when the
 * next message is a notification of the kernel's own (a path that failed
 * or answers again), which ServerAliveInterval and ClientAliveInterval
 * must not take for a sign of life from the peer.  Always over TCP.
 */
int
sctp_peer_traffic(struct ssh *ssh, int fd)
{
	struct msghdr msg;
	struct iovec iov;
	u_char b;

	if (ssh == NULL || !ssh->sctp_events)
		return 1;
	memset(&msg, 0, sizeof(msg));
	iov.iov_base = &b;
	iov.iov_len = sizeof(b);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	if (recvmsg(fd, &msg, MSG_PEEK|MSG_DONTWAIT) <= 0)
		return 1;
	return (msg.msg_flags & MSG_NOTIFICATION) == 0;
}

/*
 * As sctp_read(), but then also what else is already there, up to len:
 * one message per call capped a connection at one message (SCTP_WRITE_MAX)
 * a turn of the main loop.  The SSH byte stream does not care where one
 * message ends, but channels on streams start with the message after
 * NEWKEYS (PROTOCOL.sctp 2.1), which must not be read as bytes: so only
 * once the initial key exchange is over, when the mode is in effect (and
 * its own reads are used) or never will be.
 */
static ssize_t
read_more(struct ssh *ssh, int fd, u_char *buf, size_t len)
{
	ssize_t n;
	size_t done;

	if (!ssh->sctp_events)
		return read(fd, buf, len);
	if ((n = read_data(ssh, fd, buf, len, 0)) <= 0 || ssh->kex == NULL ||
	    (ssh->kex->flags & KEX_INITIAL) != 0)
		return n;
	for (done = n; done < len; done += n) {
		if ((n = read_data(ssh, fd, buf + done, len - done,
		    MSG_DONTWAIT)) <= 0)
			break;	/* EAGAIN, errors, the end: next call */
	}
	return done;
}

int
sctp_sshbuf_read(struct ssh *ssh, int fd, struct sshbuf *buf, size_t maxlen,
    size_t *rlen)
{
	int r, oerrno;
	ssize_t rr;
	u_char *d;

	if (!ssh->sctp_events)
		return sshbuf_read(fd, buf, maxlen, rlen);
	if (rlen != NULL)
		*rlen = 0;
	if ((r = sshbuf_reserve(buf, maxlen, &d)) != 0)
		return r;
	rr = read_more(ssh, fd, d, maxlen);
	oerrno = errno;
	if ((r = sshbuf_consume_end(buf, maxlen - (rr > 0 ? rr : 0))) != 0)
		return SSH_ERR_INTERNAL_ERROR;
	if (rr < 0) {
		errno = oerrno;
		return SSH_ERR_SYSTEM_ERROR;
	} else if (rr == 0) {
		errno = EPIPE;
		return SSH_ERR_SYSTEM_ERROR;
	}
	if (rlen != NULL)
		*rlen = (size_t)rr;
	return 0;
}

#else /* WITH_SCTP */

/* Without SCTP the packet layer's wrappers are the plain calls. */
ssize_t
sctp_write(struct ssh *ssh, int fd, const void *buf, size_t len)
{
	return write(fd, buf, len);
}

ssize_t
sctp_read(struct ssh *ssh, int fd, void *buf, size_t len)
{
	return read(fd, buf, len);
}

int
sctp_peer_traffic(struct ssh *ssh, int fd)
{
	return 1;
}

int
sctp_sshbuf_read(struct ssh *ssh, int fd, struct sshbuf *buf, size_t maxlen,
    size_t *rlen)
{
	return sshbuf_read(fd, buf, maxlen, rlen);
}

#endif /* WITH_SCTP */
