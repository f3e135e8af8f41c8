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
 * UDP forwarding, the listening side (PROTOCOL.sctp 3.4): one socket per
 * listening address serves many channels, one per pair of source address
 * and port and local address the source sent to.  Limits: channels per
 * forward and per connection, a bucket of opens per forward, timers of
 * idle and unreplied channels (upstream's inactivity timeout does the
 * closing).  Nothing is queued beyond a few datagrams while a channel opens.
 * An open channel reads and answers its source on a connected socket of
 * its own, bound beside the listener.
 * sshd's side connects a socket of the channel's own (fwd-base.c reads
 * and writes it); each channel is counted against the same limits.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "openbsd-compat/sys-queue.h"
#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "canohost.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "ssh2.h"
#include "packet.h"
#include "channels.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-msg.h"
#include "sctp/sctp-fwd-options.h"
#include "sctp/sctp-cmsg.h"
#include "sctp/fwd-int.h"

/*
 * 3.4: sockets of other users never share a UDP forward's port (Linux
 * gives SO_REUSEPORT's sharing to one user; SO_REUSEADDR would admit any
 * user's socket).  Elsewhere, no sharing at all.
 */
#if defined(__linux__) && defined(SO_REUSEPORT)
# define FWD_UDP_SHARE	1
#else
# define FWD_UDP_SHARE	0
#endif

/*
 * A forwarder's UDP socket holds what arrives while the process waits for
 * the CPU: datagrams beyond its receive buffer are dropped by the kernel
 * (RcvbufErrors).  The default is net.core.rmem_default (208 KB on
 * Linux: 93 datagrams of 1200 bytes on loopback); asking for more gets
 * twice min(asked, net.core.rmem_max), so at least twice the default
 * where the two are equal, as Linux ships them.  Kernel memory is charged
 * only for what is queued.
 */
static void
udp_rcvbuf(int fd)
{
	int sz = FWD_UDP_RCVBUF;

	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &sz, sizeof(sz)) == -1)
		debug_f("SO_RCVBUF: %s", strerror(errno));
}

/*
 * A socket bound to sa (of len bytes) that may share it with our own
 * sockets, if share; -1 with errno.
 */
static int
udp_bound_socket(const struct sockaddr *sa, socklen_t len, int share)
{
	int fd, on = 1, oerrno;

	if ((fd = socket(sa->sa_family, SOCK_DGRAM, 0)) == -1)
		return -1;
	if (sa->sa_family == AF_INET6)
		sock_set_v6only(fd);
#if FWD_UDP_SHARE
	if (share && setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on,
	    sizeof(on)) == -1)
		goto fail;
#endif
	if (bind(fd, sa, len) == -1)
		goto fail;
	udp_rcvbuf(fd);
	return fd;
 fail:
	oerrno = errno;
	close(fd);
	errno = oerrno;
	return -1;
}

/*
 * The address to listen on, checked to be free by a socket that shares
 * nothing (3.4), with the port that socket got for port 0.
 */
static int
udp_free_addr(struct addrinfo *ai, struct sockaddr_storage *ss)
{
	int fd;

	if (ai->ai_addrlen > sizeof(*ss)) {
		errno = EINVAL;
		return -1;
	}
	memcpy(ss, ai->ai_addr, ai->ai_addrlen);
	if (!FWD_UDP_SHARE)
		return 0;
	if ((fd = udp_bound_socket(ai->ai_addr, ai->ai_addrlen, 0)) == -1)
		return -1;
	fwd_sa_set_port((struct sockaddr *)ss, get_local_port(fd));
	close(fd);
	return 0;
}

/* A listening UDP socket that reports where datagrams were sent to. */
static int
fwd_udp_listen_socket(struct ssh *ssh, struct addrinfo *ai,
    const char *portstr, u_int service)
{
	char ntop[NI_MAXHOST], port[NI_MAXSERV];
	struct sockaddr_storage ss;
	int fd = -1, on = 1;

	if (getnameinfo(ai->ai_addr, ai->ai_addrlen, ntop, sizeof(ntop),
	    port, sizeof(port), NI_NUMERICHOST|NI_NUMERICSERV) != 0) {
		strlcpy(ntop, "?", sizeof(ntop));
		strlcpy(port, "?", sizeof(port));
	}
	if (udp_free_addr(ai, &ss) == -1 ||
	    (fd = udp_bound_socket((struct sockaddr *)&ss, ai->ai_addrlen,
	    1)) == -1 ||
	    (ai->ai_family == AF_INET ? setsockopt(fd, IPPROTO_IP,
	    IP_PKTINFO, &on, sizeof(on)) : setsockopt(fd, IPPROTO_IPV6,
	    IPV6_RECVPKTINFO, &on, sizeof(on))) == -1) {
		fwd_listen_fail(ssh, "Forwarding %s port %s/udp: %s", ntop,
		    port, strerror(errno));
		if (fd != -1)
			close(fd);
		return -1;
	}
	return fd;
}

static int
same_addr(const struct sockaddr_storage *a, const struct sockaddr_storage *b,
    int with_port)
{
	const struct sockaddr_in *a4 = (const void *)a, *b4 = (const void *)b;
	const struct sockaddr_in6 *a6 = (const void *)a, *b6 = (const void *)b;

	if (a->ss_family != b->ss_family)
		return 0;
	if (a->ss_family == AF_INET)
		return a4->sin_addr.s_addr == b4->sin_addr.s_addr &&
		    (!with_port || a4->sin_port == b4->sin_port);
	if (a->ss_family == AF_INET6)
		return memcmp(&a6->sin6_addr, &b6->sin6_addr,
		    sizeof(a6->sin6_addr)) == 0 &&
		    a6->sin6_scope_id == b6->sin6_scope_id &&
		    (!with_port || a6->sin6_port == b6->sin6_port);
	return 0;
}

static Channel *
flow_channel(struct ssh *ssh, int id)
{
	Channel *fc;

	if ((fc = channel_by_id(ssh, id)) == NULL || fc->sctp_fwd == NULL ||
	    fc->sctp_fwd->role != FWD_FLOW)
		return NULL;
	return fc;
}

static void
unlist(struct ssh *ssh, Channel *lc, int id)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	struct fwd_chan *f = lc->sctp_fwd;
	u_int i;

	for (i = 0; i < f->nflows; i++) {
		if (f->flows[i] != id)
			continue;
		memmove(&f->flows[i], &f->flows[i + 1],
		    (f->nflows - i - 1) * sizeof(*f->flows));
		f->nflows--;
		if (ctx->udp_flows > 0)
			ctx->udp_flows--;
		return;
	}
}

static void
flow_free(struct ssh *ssh, Channel *c)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	struct fwd_chan *nf = c->sctp_fwd;
	Channel *lc;

	if (nf->role == FWD_CONN) {
		if (nf->counted && ctx->udp_conns > 0)
			ctx->udp_conns--;
		nf->counted = 0;
		return;
	}
	if (nf->listener == -1)
		return;
	if ((lc = channel_by_id(ssh, nf->listener)) != NULL &&
	    lc->sctp_fwd != NULL && lc->sctp_fwd->role == FWD_LISTENER)
		unlist(ssh, lc, c->self);
	nf->listener = -1;
}

static void
listener_free(struct ssh *ssh, Channel *c)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	struct fwd_chan *f = c->sctp_fwd;
	Channel *fc;
	u_int i;

	for (i = 0; i < f->nflows; i++) {
		if ((fc = flow_channel(ssh, f->flows[i])) != NULL &&
		    fc->sctp_fwd->listener == c->self)
			fc->sctp_fwd->listener = -1;
		if (ctx->udp_flows > 0)
			ctx->udp_flows--;
	}
	f->nflows = 0;
}

static void
fwd_udp_free(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;

	if (f->role == FWD_FLOW || f->counted)
		flow_free(ssh, c);
	if (f->role == FWD_LISTENER)
		listener_free(ssh, c);
}

/*
 * sshd: connect, as one more UDP channel of its own if the total allows
 * (3.4); nothing to wait for, the channel is open at once.
 */
static int
fwd_udp_connect(struct ssh *ssh, struct fwd_chan *f, const char *host,
    const char *port, u_int os, u_int is, int *type, int *reason,
    const char **errmsg)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	int fd;

	if ((fd = fwd_connect_addrs(&fwd_udp_proto, host, port, 0,
	    errmsg)) == -1)
		return -1;
	udp_rcvbuf(fd);
	if (ctx->udp_conns >= (u_int)f->opts->udp_max_total) {
		error_f("UDP forward to %s port %s: %d channels", host, port,
		    f->opts->udp_max_total);
		*reason = SSH2_OPEN_RESOURCE_SHORTAGE;
		*errmsg = "too many UDP channels";
		close(fd);
		return -1;
	}
	ctx->udp_conns++;
	f->counted = 1;
	*type = SSH_CHANNEL_OPEN;
	return fd;
}

/*
 * A flow to make room for (3.4): of the open ones that never got a reply,
 * the one whose source sent last the longest ago, so that a source that
 * keeps sending (a one-way flow) outlasts sources that sent once (spoofed
 * ones); the oldest of equals.
 */
static int
evict(struct ssh *ssh, Channel *lc)
{
	struct fwd_chan *f = lc->sctp_fwd;
	Channel *fc, *victim = NULL;
	u_int i;

	for (i = 0; i < f->nflows; i++) {
		if ((fc = flow_channel(ssh, f->flows[i])) == NULL ||
		    fc->type != SSH_CHANNEL_OPEN || fc->sctp_fwd->replied)
			continue;
		if (victim == NULL ||
		    fc->sctp_fwd->last_rx < victim->sctp_fwd->last_rx)
			victim = fc;
	}
	if ((fc = victim) != NULL) {
		debug("channel %d: UDP forward %d full: closing unreplied "
		    "channel %d", lc->self, lc->listening_port, fc->self);
		unlist(ssh, lc, fc->self);
		fc->sctp_fwd->listener = -1;
		/*
		 * Its own socket now, not once the peer's CLOSE is back (as
		 * channels.c would a socket), so that opens at the open rate
		 * hold no more descriptors than the limit allows.
		 */
		if (fc->sctp_fwd->own_sock)
			channel_close_fd(ssh, fc, &fc->sock);
		channel_force_close(ssh, fc, 1);
		return 1;
	}
	return 0;
}

/*
 * The connection's total is full: room in this forward, or else in any
 * other UDP forward, so that channels held by sources that get no reply
 * (spoofed ones among them) never keep out a new source.
 */
static int
evict_any(struct ssh *ssh, Channel *lc)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	Channel *oc;
	u_int i;

	if (evict(ssh, lc))
		return 1;
	for (i = 0; i < ctx->nlisteners; i++) {
		if ((oc = channel_by_id(ssh, ctx->listeners[i])) == NULL ||
		    oc == lc || oc->sctp_fwd == NULL ||
		    oc->sctp_fwd->ops != &fwd_udp_proto ||
		    oc->sctp_fwd->role != FWD_LISTENER)
			continue;
		if (evict(ssh, oc))
			return 1;
	}
	return 0;
}

static void
refused(Channel *lc, const char *why)
{
	struct fwd_chan *f = lc->sctp_fwd;
	time_t now = monotime();

	f->refused++;
	if (f->refused_logged == now)
		return;
	f->refused_logged = now;
	logit("UDP forward %d: %s: %u channels, %lu datagrams from new "
	    "sources dropped", lc->listening_port, why, f->nflows, f->refused);
}

static Channel *
new_flow(struct ssh *ssh, Channel *lc, const struct sockaddr_storage *src,
    socklen_t srclen, const struct sockaddr_storage *dst, socklen_t dstlen)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	struct fwd_chan *f = lc->sctp_fwd, *nf;
	const struct sctp_fwd_options *o = f->opts;
	char ntop[NI_MAXHOST], port[NI_MAXSERV];
	double now = monotime_double();
	int fd;
	Channel *nc;

	f->tokens = MINIMUM((double)o->udp_burst,
	    f->tokens + (now - f->tokens_at) * o->udp_rate);
	f->tokens_at = now;
	if (f->tokens < 1) {
		refused(lc, "open rate limit");
		return NULL;
	}
	if ((f->nflows >= (u_int)o->udp_max && !evict(ssh, lc)) ||
	    (ctx->udp_flows >= (u_int)o->udp_max_total &&
	    !evict_any(ssh, lc))) {
		refused(lc, "channel limit");
		return NULL;
	}
	if ((fd = dup(lc->sock)) == -1) {
		refused(lc, strerror(errno));
		return NULL;
	}
	f->tokens -= 1;
	nc = channel_new(ssh, (char *)f->open_type, SSH_CHANNEL_OPENING, -1,
	    fd, -1, CHAN_TCP_WINDOW_DEFAULT, FWD_UDP_MAXPACKET, 0,
	    f->open_type, 1);
	nf = fwd_chan_new(ssh, &fwd_udp_proto, FWD_FLOW);
	nf->opts = o;
	nf->listener = lc->self;
	memcpy(&nf->src, src, srclen);
	nf->srclen = srclen;
	memcpy(&nf->dst, dst, dstlen);
	nf->dstlen = dstlen;
	nc->sctp_fwd = nf;
	nc->datagram = 1;
	nc->listening_port = lc->listening_port;
	nc->inactive_deadline = o->udp_unreplied;
	f->flows = xrecallocarray(f->flows, f->nflows, f->nflows + 1,
	    sizeof(*f->flows));
	f->flows[f->nflows++] = nc->self;
	ctx->udp_flows++;
	if (getnameinfo((const struct sockaddr *)src, srclen, ntop,
	    sizeof(ntop), port, sizeof(port),
	    NI_NUMERICHOST|NI_NUMERICSERV) != 0) {
		strlcpy(ntop, "?", sizeof(ntop));
		strlcpy(port, "0", sizeof(port));
	}
	debug("channel %d: UDP datagrams from %s port %s forwarded to %s "
	    "port %d", nc->self, ntop, port, f->connect_host, f->connect_port);
	if (fwd_send_open(ssh, nc, f->open_type, f->connect_host,
	    f->connect_port, ntop, atoi(port)) != 0)
		chan_mark_dead(ssh, nc);
	return nc;
}

/*
 * ssh (sshd for -R): the channel is open: a socket of its own for its
 * source (3.4), bound beside the listener and connected to the source,
 * put in place of the channel's copy of the listener.  Without it, the
 * channel goes on through the listener.
 */
static void
fwd_udp_opened(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *nf = c->sctp_fwd;
	struct sockaddr_storage dst;
	int fd;

	if (!FWD_UDP_SHARE || nf->role != FWD_FLOW || nf->own_sock ||
	    c->wfd == -1 || c->rfd != -1 || nf->dstlen > sizeof(dst))
		return;
	memcpy(&dst, &nf->dst, nf->dstlen);
	fwd_sa_set_port((struct sockaddr *)&dst, get_local_port(c->wfd));
	if ((fd = udp_bound_socket((struct sockaddr *)&dst, nf->dstlen,
	    1)) == -1 ||
	    connect(fd, (struct sockaddr *)&nf->src, nf->srclen) == -1 ||
	    set_nonblock(fd) == -1 || dup2(fd, c->wfd) == -1) {
		debug_f("channel %d: no socket of its own, the listener's: "
		    "%s", c->self, strerror(errno));
		if (fd != -1)
			close(fd);
		return;
	}
	close(fd);
	(void)fcntl(c->wfd, F_SETFD, FD_CLOEXEC);
	/* As channels.c registers a socket: rfd, wfd and sock alike. */
	c->rfd = c->sock = c->wfd;
	nf->own_sock = 1;
	debug2_f("channel %d: a connected socket of its own", c->self);
}

/*
 * A flow's own socket is readable: its source's datagrams, a few at a
 * time, as the listener reads them; else the channel's of its own.
 */
static int
fwd_udp_read(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *nf = c->sctp_fwd;
	static u_char buf[65536];
	ssize_t n;
	u_int i;

	if (nf->role != FWD_FLOW)
		return fwd_dgram_read(ssh, c);
	for (i = 0; i < FWD_DGRAM_BATCH; i++) {
		if ((n = recv(c->rfd, buf, sizeof(buf), MSG_TRUNC)) == -1) {
			if (errno == EINTR || errno == EAGAIN ||
			    errno == EWOULDBLOCK)
				return 1;
			if (errno == ECONNREFUSED) {
				nf->dropped++;	/* 3.4: ICMP, ignored */
				continue;
			}
			debug2("channel %d: udp read: %s", c->self,
			    strerror(errno));
			fwd_read_failed(ssh, c);
			return -1;
		}
		nf->last_rx = monotime_double();
		if ((size_t)n > sizeof(buf) || c->istate != CHAN_INPUT_OPEN ||
		    !fwd_queue_input(c, NULL, 0, buf, n))
			nf->dropped++;
		else
			fwd_channel_used(ssh, c);
	}
	return 1;
}

/* One datagram from a source: on its channel, or dropped and counted. */
static void
deliver(struct ssh *ssh, Channel *fc, const u_char *p, size_t len)
{
	struct fwd_chan *nf = fc->sctp_fwd;
	int r;

	nf->last_rx = monotime_double();
	if (fc->type == SSH_CHANNEL_OPENING) {
		if (nf->queued >= FWD_UDP_OPENING_QUEUE ||
		    sshbuf_len(fc->input) + len + 4 > FWD_UDP_OPENING_BYTES) {
			nf->dropped++;
			return;
		}
		nf->queued++;
	} else if (fc->type != SSH_CHANNEL_OPEN ||
	    fc->istate != CHAN_INPUT_OPEN) {
		nf->dropped++;
		return;
	} else {
		/*
		 * A source that keeps sending keeps its channel, replied or
		 * not; only the timeout differs (3.4).
		 */
		if (!fwd_queue_input(fc, NULL, 0, p, len))
			nf->dropped++;
		else
			fwd_channel_used(ssh, fc);
		return;
	}
	if ((r = sshbuf_put_string(fc->input, p, len)) != 0)
		fatal_fr(r, "channel %d: put datagram", fc->self);
}

/* The local address a datagram was sent to (IP_PKTINFO, 3.4). */
static socklen_t
local_addr(struct msghdr *mh, int port, struct sockaddr_storage *dst)
{
	struct sockaddr_in *d4 = (void *)dst;
	struct sockaddr_in6 *d6 = (void *)dst;
	struct in_pktinfo pi;
	struct in6_pktinfo pi6;

	memset(dst, 0, sizeof(*dst));
	if (cmsg_find(mh, IPPROTO_IP, IP_PKTINFO, &pi, sizeof(pi)) == 0) {
		d4->sin_family = AF_INET;
		d4->sin_addr = pi.ipi_addr;
		d4->sin_port = htons(port);
		return sizeof(*d4);
	}
	if (cmsg_find(mh, IPPROTO_IPV6, IPV6_PKTINFO, &pi6,
	    sizeof(pi6)) == 0) {
		d6->sin6_family = AF_INET6;
		d6->sin6_addr = pi6.ipi6_addr;
		d6->sin6_port = htons(port);
		if (IN6_IS_ADDR_LINKLOCAL(&pi6.ipi6_addr))
			d6->sin6_scope_id = pi6.ipi6_ifindex;
		return sizeof(*d6);
	}
	return 0;
}

/* Datagrams on a listener: each on its source's channel (3.4). */
static void
fwd_udp_post_listener(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;
	static u_char buf[65536];
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct in6_pktinfo)) +
	    CMSG_SPACE(sizeof(struct in_pktinfo))];
	} cbuf;
	struct sockaddr_storage src, dst;
	socklen_t dstlen;
	struct msghdr mh;
	struct iovec iov;
	ssize_t n;
	u_int i, j;
	Channel *fc;

	if ((c->io_ready & SSH_CHAN_IO_SOCK_R) == 0)
		return;
	for (i = 0; i < FWD_DGRAM_BATCH; i++) {
		memset(&src, 0, sizeof(src));
		cmsg_msghdr(&mh, &iov, buf, sizeof(buf), cbuf.buf,
		    sizeof(cbuf.buf));
		mh.msg_name = &src;
		mh.msg_namelen = sizeof(src);
		if ((n = recvmsg(c->sock, &mh, 0)) == -1) {
			if (errno != EAGAIN && errno != EWOULDBLOCK &&
			    errno != EINTR)
				debug_f("recvmsg: %s", strerror(errno));
			return;
		}
		if ((mh.msg_flags & MSG_TRUNC) != 0 ||
		    (dstlen = local_addr(&mh, c->listening_port, &dst)) == 0) {
			f->dropped++;
			continue;
		}
		for (fc = NULL, j = 0; j < f->nflows; j++) {
			if ((fc = flow_channel(ssh, f->flows[j])) != NULL &&
			    same_addr(&fc->sctp_fwd->src, &src, 1) &&
			    same_addr(&fc->sctp_fwd->dst, &dst, 0))
				break;
			fc = NULL;
		}
		if (fc == NULL && (fc = new_flow(ssh, c, &src, mh.msg_namelen,
		    &dst, dstlen)) == NULL)
			continue;
		deliver(ssh, fc, buf, n);
	}
}

/*
 * A reply on a flow's channel goes to its source, from the address the
 * source sent to; one that cannot be sent is dropped, never an error of
 * the channel (3.4).  Strings of a channel sshd connected are datagrams.
 */
static int
fwd_udp_write_one(struct ssh *ssh, Channel *c, const u_char *p, size_t len)
{
	struct fwd_chan *nf = c->sctp_fwd;
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct in6_pktinfo))];
	} cbuf;
	struct sockaddr_in *d4 = (void *)&nf->dst;
	struct sockaddr_in6 *d6 = (void *)&nf->dst;
	struct in_pktinfo pi;
	struct in6_pktinfo pi6;
	struct msghdr mh;
	struct iovec iov;
	ssize_t n;
	int r;

	if (nf->role != FWD_FLOW)
		return fwd_dgram_write_one(ssh, c, p, len);
	if (nf->own_sock) {
		/* connected to the source, bound where it sent to */
		n = send(c->wfd, p, len, MSG_NOSIGNAL);
		goto sent;
	}
	memset(cbuf.buf, 0, sizeof(cbuf.buf));
	cmsg_msghdr(&mh, &iov, p, len, cbuf.buf, 0);
	mh.msg_name = &nf->src;
	mh.msg_namelen = nf->srclen;
	if (nf->dst.ss_family == AF_INET) {
		memset(&pi, 0, sizeof(pi));
		pi.ipi_spec_dst = d4->sin_addr;
		r = cmsg_append(&mh, sizeof(cbuf.buf), IPPROTO_IP,
		    IP_PKTINFO, &pi, sizeof(pi));
	} else {
		memset(&pi6, 0, sizeof(pi6));
		pi6.ipi6_addr = d6->sin6_addr;
		pi6.ipi6_ifindex = d6->sin6_scope_id;
		r = cmsg_append(&mh, sizeof(cbuf.buf), IPPROTO_IPV6,
		    IPV6_PKTINFO, &pi6, sizeof(pi6));
	}
	if (r != 0)
		fatal_f("control message");
	n = sendmsg(c->wfd, &mh, MSG_NOSIGNAL);
 sent:
	if (n == -1)
		nf->dropped++;
	else if (!nf->replied) {
		nf->replied = 1;
		c->inactive_deadline = nf->opts->udp_idle;
	}
	return 1;
}

const struct fwd_proto fwd_udp_proto = {
	.proto = SCTP_FWD_UDP,
	.name = "udp",
	.label = "UDP",
	.units = "datagrams",
	.listener_type = "udp-listener",
	.direct_type = "direct-udpip" SCTP_FWD_DOMAIN,
	.forwarded_type = "forwarded-udpip" SCTP_FWD_DOMAIN,
	.request = "udpip-forward" SCTP_FWD_DOMAIN,
	.cancel = "cancel-udpip-forward" SCTP_FWD_DOMAIN,
	.unsupported = "protocol not supported",
	.socktype = SOCK_DGRAM,
	.ipproto = 0,
	.maxpacket = FWD_UDP_MAXPACKET,
	.lossy = 1,
	.icmp_drops = 1,
	.listen = fwd_listen_addrs,
	.listen_socket = fwd_udp_listen_socket,
	.post_listener = fwd_udp_post_listener,
	.connect = fwd_udp_connect,
	.spread = fwd_spread_unseq,
	.opened = fwd_udp_opened,
	.read = fwd_udp_read,
	.write = fwd_write_strings,
	.write_one = fwd_udp_write_one,
	.free = fwd_udp_free,
};
