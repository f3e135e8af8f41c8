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
 * Forwarding SCTP, UDP and DCCP (PROTOCOL.sctp section 3): what the core
 * and the protocols share.  Channels are upstream's, in datagram mode:
 * each string in c->input and c->output is one CHANNEL_DATA's data.
 * Nothing here knows a protocol: what differs is in f->ops.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include <errno.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "openbsd-compat/sys-queue.h"
#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "ssh2.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "packet.h"
#include "channels.h"
#include "canohost.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-msg.h"
#include "sctp/sctp-fwd-options.h"
#include "sctp/fwd-int.h"

/* The connection's forwarding state, made when first needed. */
struct fwd_ctx *
fwd_ctx(struct ssh *ssh)
{
	if (ssh->sctp_fwdctx == NULL)
		ssh->sctp_fwdctx = xcalloc(1, sizeof(*ssh->sctp_fwdctx));
	return ssh->sctp_fwdctx;
}

/*
 * A listen that failed: log why, and keep it for a control client's
 * reply (sctp_fwd_mux_failmsg).
 */
void
fwd_listen_fail(struct ssh *ssh, const char *fmt, ...)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	va_list ap;

	free(ctx->listen_err);
	va_start(ap, fmt);
	xvasprintf(&ctx->listen_err, fmt, ap);
	va_end(ap);
	error("%s", ctx->listen_err);
}

struct fwd_chan *
fwd_chan_new(struct ssh *ssh, const struct fwd_proto *ops, int role)
{
	struct fwd_chan *f;

	f = xcalloc(1, sizeof(*f));
	f->ops = ops;
	f->proto = ops->proto;
	f->role = role;
	f->listener = -1;
	f->opts = sctp_fwd_options_of(ssh);
	return f;
}

/* What a channel's state holds, and the state. */
void
fwd_chan_drop(struct fwd_chan *f)
{
	free(f->connect_host);
	free(f->flows);
	if (f->join != NULL)
		sctp_fwd_join_free(f->join);
	sshbuf_free(f->msg);
	free(f);
}

void
fwd_channel_used(struct ssh *ssh, Channel *c)
{
	channel_mark_used(ssh, c);
}

/* The connection's channels on streams, when they are in use (3.8). */
struct sctp_ms_conn *
fwd_ms(struct ssh *ssh)
{
	if (ssh->sctp_ms == NULL || !sctp_ms_in_active(ssh->sctp_ms) ||
	    !sctp_ms_out_active(ssh->sctp_ms))
		return NULL;
	return ssh->sctp_ms;
}

/* 3.8: a UDP or DCCP channel's data unsequenced; -1 if it cannot be. */
int
fwd_spread_unseq(struct sctp_ms_conn *ms, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;

	if (sctp_ms_unseq_channel(ms, c->self, c->remote_id) != 0) {
		debug_f("channel %d: data stays sequenced", c->self);
		return -1;
	}
	f->unseq = 1;
	debug("channel %d: %s data unordered and unreliable (PR-SCTP %s %d)",
	    c->self, f->ops->name,
	    f->opts->udp_pr == SCTP_FWD_PR_TTL ? "ttl" : "rtx",
	    f->opts->udp_pr_value);
	return 0;
}

/*
 * One CHANNEL_DATA's data into c->input; 0 when dropped (UDP, DCCP: never
 * buffered, 3.4, 3.5).  Sequenced data must fit the window; unsequenced
 * data takes none (3.8, G5): the sender adds back to the window what
 * channels.c will take for it, and a short queue bounds it instead.
 */
int
fwd_queue_input(Channel *c, const u_char *hdr, size_t hlen,
    const u_char *p, size_t len)
{
	struct fwd_chan *f = c->sctp_fwd;
	size_t need = 4 + hlen + len;
	int r;

	if (hlen + len + 4 > c->remote_maxpacket)
		return 0;
	if (f->unseq) {
		if (sshbuf_len(c->input) + need > FWD_UNSEQ_QUEUE ||
		    c->remote_window > UINT32_MAX / 2)
			return 0;
		c->remote_window += hlen + len;
	} else {
		if (sshbuf_len(c->input) + need > c->remote_window)
			return 0;
		/*
		 * channels.c takes hlen + len from the window when it sends
		 * the string, the peer counts 4 more (its length): take
		 * those here, so that both views of the window agree.
		 */
		c->remote_window -= 4;
	}
	if ((r = sshbuf_put_u32(c->input, hlen + len)) != 0 ||
	    (hlen != 0 && (r = sshbuf_put(c->input, hdr, hlen)) != 0) ||
	    (r = sshbuf_put(c->input, p, len)) != 0)
		fatal_fr(r, "channel %d: queue", c->self);
	return 1;
}

/*
 * Strings taken from c->output: window for the peer (WINDOW_ADJUST), or
 * for unsequenced data, which the peer does not count, the window taken
 * back at once, so that none is ever granted for it (3.8, G5).
 */
void
fwd_consumed(Channel *c, size_t n)
{
	if (c->sctp_fwd->unseq)
		c->local_window += MINIMUM(n,
		    c->local_window_max - MINIMUM(c->local_window,
		    c->local_window_max));
	else
		c->local_consumed += n;
}

/*
 * Packets from c->input (channels.c's channel_output_poll): as many strings
 * as the packet layer takes before it has "very much" to write, not one a
 * main-loop turn as upstream sends a datagram channel's, which capped a
 * channel at one message per turn of the loop whatever the rate (G5).  A
 * string that no longer fits the window or the peer's packet size is
 * dropped, as upstream drops such a datagram.
 */
int
fwd_output_poll(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;
	const u_char *p;
	size_t len;
	int r, sent = 0;

	while (sshbuf_len(c->input) != 0 &&
	    (sent == 0 || ssh_packet_not_very_much_data_to_write(ssh))) {
		if ((r = sshbuf_get_string_direct(c->input, &p, &len)) != 0)
			fatal_fr(r, "channel %d: get string", c->self);
		if (len > c->remote_window || len > c->remote_maxpacket) {
			debug2_f("channel %d: %zu bytes do not fit the "
			    "window, dropped", c->self, len);
			f->dropped++;
			continue;
		}
		if ((r = sshpkt_start(ssh, SSH2_MSG_CHANNEL_DATA)) != 0 ||
		    (r = sshpkt_put_u32(ssh, c->remote_id)) != 0 ||
		    (r = sshpkt_put_string(ssh, p, len)) != 0 ||
		    (r = sshpkt_send(ssh)) != 0)
			fatal_fr(r, "channel %d: send data", c->self);
		c->remote_window -= len;
		sent++;
	}
	return sent != 0;
}

void
fwd_read_failed(struct ssh *ssh, Channel *c)
{
	if (c->type != SSH_CHANNEL_OPEN)
		chan_mark_dead(ssh, c);
	else
		chan_read_failed(ssh, c);
}

/*
 * 3.7: an error on an open channel is the channel's.  Log it, and close
 * the channel (an SCTP association is aborted, not shut down).
 */
void
fwd_chan_error(struct ssh *ssh, Channel *c, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	xvasprintf(&msg, fmt, ap);
	va_end(ap);
	error("channel %d: %s forward: %s", c->self,
	    c->sctp_fwd->ops->name, msg);
	free(msg);
	if (c->type != SSH_CHANNEL_OPEN || !c->have_remote_id)
		return;		/* nothing to close yet; the open decides */
	if (c->sctp_fwd->ops->abort != NULL)
		c->sctp_fwd->ops->abort(ssh, c);	/* the far side too */
	channel_force_close(ssh, c, 1);
}

/* "a,b" into an address list of 3.2. */
int
fwd_put_addr_list(struct sshbuf *b, const char *host, int port)
{
	struct sctp_fwd_addrs a;
	char *s, *sp, *item;
	int r;

	memset(&a, 0, sizeof(a));
	s = sp = xstrdup(host);
	while ((item = strsep(&sp, ",")) != NULL &&
	    a.naddrs < SCTP_FWD_MAX_ADDRS)
		a.addrs[a.naddrs++] = item;
	a.port = port;
	r = sctp_fwd_addrs_put(b, &a);
	free(s);
	return r;
}

/* The channel's CHANNEL_OPEN (3.3 to 3.5). */
int
fwd_send_open(struct ssh *ssh, Channel *c, const char *ctype,
    const char *host, int port, const char *orig, int orig_port)
{
	struct fwd_chan *f = c->sctp_fwd;
	struct sshbuf *b;
	int r;

	if ((b = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new");
	if ((r = fwd_put_addr_list(b, host, port)) != 0 ||
	    (r = sshbuf_put_cstring(b, orig)) != 0 ||
	    (r = sshbuf_put_u32(b, orig_port)) != 0 ||
	    (f->ops->open_put != NULL &&
	    (r = f->ops->open_put(b, f)) != 0)) {
		error_fr(r, "channel %d: open of %s", c->self, host);
		sshbuf_free(b);
		return -1;
	}
	if ((r = sshpkt_start(ssh, SSH2_MSG_CHANNEL_OPEN)) != 0 ||
	    (r = sshpkt_put_cstring(ssh, ctype)) != 0 ||
	    (r = sshpkt_put_u32(ssh, c->self)) != 0 ||
	    (r = sshpkt_put_u32(ssh, c->local_window)) != 0 ||
	    (r = sshpkt_put_u32(ssh, c->local_maxpacket)) != 0 ||
	    (r = sshpkt_putb(ssh, b)) != 0 ||
	    (r = sshpkt_send(ssh)) != 0)
		fatal_fr(r, "channel %d: send open", c->self);
	sshbuf_free(b);
	debug2("channel %d: open %s to %s port %d for %s port %d", c->self,
	    ctype, host, port, orig, orig_port);
	return 0;
}

/* An address list of 3.2 as "a,b". */
char *
fwd_addr_list(const struct sctp_fwd_addrs *a)
{
	char *s, *tmp;
	u_int i;

	s = xstrdup(a->addrs[0]);
	for (i = 1; i < a->naddrs; i++) {
		xasprintf(&tmp, "%s,%s", s, a->addrs[i]);
		free(s);
		s = tmp;
	}
	return s;
}

/* Window of a forwarding channel: at least a whole message (3.3, 3.6). */
u_int
fwd_window(const struct sctp_fwd_options *o)
{
	return MAXIMUM(CHAN_TCP_WINDOW_DEFAULT, (u_int)o->max_message + 64);
}

int
fwd_unsupported(int err)
{
	return err == ESOCKTNOSUPPORT || err == EPROTONOSUPPORT ||
	    err == EAFNOSUPPORT || err == EPFNOSUPPORT;
}

int
fwd_socket(const struct fwd_proto *p, int family)
{
	return socket(family, p->socktype, p->ipproto);
}

void
fwd_sa_set_port(struct sockaddr *sa, int port)
{
	if (sa->sa_family == AF_INET)
		((struct sockaddr_in *)sa)->sin_port = htons(port);
	else if (sa->sa_family == AF_INET6)
		((struct sockaddr_in6 *)sa)->sin6_port = htons(port);
}

/*
 * A listener's name, "proto:addresses" with the addresses as the forward
 * gave them: "" for none (the default, loopback unless GatewayPorts), "*"
 * for every address ("" and "*" in the spec).  Cancels compare it.
 */
char *
fwd_listener_path(const struct Forward *fwd)
{
	const char *h = fwd->listen_host;
	char *path;

	if (h != NULL && (*h == '\0' || strcmp(h, "*") == 0))
		h = "*";
	xasprintf(&path, "%s:%s", sctp_fwd_proto_name(fwd->proto),
	    h == NULL ? "" : h);
	return path;
}

/* The listener's channel; its opens name open_host and open_port. */
Channel *
fwd_new_listener(struct ssh *ssh, const struct fwd_proto *p, int fd,
    struct Forward *fwd, int remote, int port, u_int service,
    const char *what)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	struct fwd_chan *f;
	Channel *c;

	set_nonblock(fd);
	c = channel_new(ssh, (char *)p->listener_type,
	    remote ? SSH_CHANNEL_RPORT_LISTENER : SSH_CHANNEL_PORT_LISTENER,
	    fd, fd, -1, fwd_window(sctp_fwd_options_of(ssh)), p->maxpacket,
	    0, "port listener", 1);
	f = fwd_chan_new(ssh, p, FWD_LISTENER);
	f->remote = remote;
	f->service = service;
	if (remote) {
		f->open_type = p->forwarded_type;
		f->connect_host = xstrdup(fwd->listen_host == NULL ?
		    "localhost" : fwd->listen_host);
		f->connect_port = port;
	} else {
		f->open_type = p->direct_type;
		f->connect_host = xstrdup(fwd->connect_host);
		f->connect_port = fwd->connect_port;
	}
	f->tokens = f->opts->udp_burst;
	f->tokens_at = monotime_double();
	/* Never the host of a TCP forward: cancels of those pass it by. */
	c->path = fwd_listener_path(fwd);
	c->sctp_fwd = f;
	c->datagram = 1;
	c->listening_port = port;
	/* Listed for cancels. */
	ctx->listeners = xrecallocarray(ctx->listeners, ctx->nlisteners,
	    ctx->nlisteners + 1, sizeof(*ctx->listeners));
	ctx->listeners[ctx->nlisteners++] = c->self;
	debug("%s forwarding listening on %s port %d/%s.",
	    remote ? "Remote" : "Local", what, port, p->name);
	return c;
}

void
fwd_listener_gone(struct ssh *ssh, Channel *c)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	u_int i;

	for (i = 0; i < ctx->nlisteners; i++) {
		if (ctx->listeners[i] != c->self)
			continue;
		memmove(&ctx->listeners[i], &ctx->listeners[i + 1],
		    (ctx->nlisteners - i - 1) * sizeof(*ctx->listeners));
		ctx->nlisteners--;
		return;
	}
}

/*
 * UDP and DCCP: a listening socket for each address, as upstream's TCP.
 * Port 0 takes one port for all, returned in *allocated.  1 if listening.
 */
int
fwd_listen_addrs(struct ssh *ssh, const struct fwd_proto *p,
    struct Forward *fwd, int remote, const char *host, int wildcard,
    const char *port, u_int service, int *allocated)
{
	struct addrinfo hints, *ai, *aitop = NULL;
	int fd, n = 0, r;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = p->socktype;
	hints.ai_flags = wildcard ? AI_PASSIVE : 0;
	if ((r = getaddrinfo(wildcard ? NULL : host, port, &hints,
	    &aitop)) != 0) {
		fwd_listen_fail(ssh, "Forwarding %s port %s/%s: %s", host,
		    port, p->name, ssh_gai_strerror(r));
		return 0;
	}
	for (ai = aitop; ai != NULL; ai = ai->ai_next) {
		if (ai->ai_family != AF_INET && ai->ai_family != AF_INET6)
			continue;
		if (*allocated != 0)	/* port 0: the first socket's, for all */
			fwd_sa_set_port(ai->ai_addr, *allocated);
		if ((fd = p->listen_socket(ssh, ai, port, service)) == -2)
			break;		/* the protocol is not there */
		if (fd == -1)
			continue;
		if (*allocated == 0 && fwd->listen_port == 0)
			*allocated = get_local_port(fd);
		(void)fwd_new_listener(ssh, p, fd, fwd, remote,
		    fwd->listen_port == 0 ? *allocated : fwd->listen_port,
		    service, host);
		n = 1;
	}
	freeaddrinfo(aitop);
	if (n == 0 && fwd_ctx(ssh)->listen_err == NULL)
		fwd_listen_fail(ssh, "Forwarding %s port %s/%s: no address "
		    "to listen on", host, port, p->name);
	return n;
}

/*
 * The source's address and port as accept(2) gave them: getpeername(2)
 * fails for an SCTP association that ended before it was accepted, whose
 * messages are still to be read and forwarded.
 */
static char *
accepted_peer(struct sockaddr_storage *addr, socklen_t addrlen, int *port)
{
	char ntop[NI_MAXHOST], strport[NI_MAXSERV];

	if (addr->ss_family == AF_INET6)
		ipv64_normalise_mapped(addr, &addrlen);
	if ((addr->ss_family != AF_INET && addr->ss_family != AF_INET6) ||
	    getnameinfo((struct sockaddr *)addr, addrlen, ntop, sizeof(ntop),
	    strport, sizeof(strport), NI_NUMERICHOST|NI_NUMERICSERV) != 0) {
		*port = -1;
		return xstrdup("UNKNOWN");
	}
	*port = (int)strtonum(strport, 0, 65535, NULL);
	return xstrdup(ntop);
}

/* A listener of SCTP or DCCP: an association or connection, a channel. */
void
fwd_accept(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd, *nf;
	struct sockaddr_storage addr;
	socklen_t addrlen = sizeof(addr);
	char *orig;
	int fd, port;
	Channel *nc;

	if ((c->io_ready & SSH_CHAN_IO_SOCK_R) == 0)
		return;
	if ((fd = accept(c->sock, (struct sockaddr *)&addr,
	    &addrlen)) == -1) {
		if (errno != EINTR && errno != EWOULDBLOCK &&
		    errno != ECONNABORTED)
			error("accept (%s): %s", f->ops->name,
			    strerror(errno));
		if (errno == EMFILE || errno == ENFILE)
			c->notbefore = monotime() + 1;
		return;
	}
	set_nonblock(fd);
	nf = fwd_chan_new(ssh, f->ops, FWD_CONN);
	nf->service = f->service;
	if (f->ops->accepted != NULL)
		f->ops->accepted(fd, nf);
	if ((nf->msg = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new");
	nc = channel_new(ssh, (char *)f->open_type,
	    SSH_CHANNEL_OPENING, fd, fd, -1, fwd_window(nf->opts),
	    f->ops->maxpacket, 0, f->open_type, 1);
	nc->sctp_fwd = nf;
	nc->datagram = 1;
	nc->listening_port = c->listening_port;
	orig = accepted_peer(&addr, addrlen, &port);
	debug("channel %d: %s connection from %s port %d forwarded to %s "
	    "port %d (%u/%u streams)", nc->self, f->ops->name,
	    orig, port, f->connect_host, f->connect_port,
	    nf->ostreams, nf->istreams);
	if (fwd_send_open(ssh, nc, f->open_type,
	    f->connect_host, f->connect_port, orig, port) != 0)
		chan_mark_dead(ssh, nc);
	free(orig);
}

/*
 * UDP and DCCP: a socket connecting to the first address of host that
 * takes it (the service code set first for DCCP); -1 with *errmsg.
 */
int
fwd_connect_addrs(const struct fwd_proto *p, const char *host,
    const char *port, u_int service, const char **errmsg)
{
	static char errbuf[256];
	struct addrinfo hints, *aitop = NULL, *ai;
	int fd = -1, r;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = p->socktype;
	if ((r = getaddrinfo(host, port, &hints, &aitop)) != 0) {
		snprintf(errbuf, sizeof(errbuf), "%s: %s", host,
		    ssh_gai_strerror(r));
		*errmsg = errbuf;
		error_f("%s/%s: %s", port, p->name, errbuf);
		return -1;
	}
	for (ai = aitop; ai != NULL; ai = ai->ai_next) {
		if (ai->ai_family != AF_INET && ai->ai_family != AF_INET6)
			continue;
		if ((fd = fwd_socket(p, ai->ai_family)) == -1) {
			*errmsg = fwd_unsupported(errno) ? p->unsupported :
			    strerror(errno);
			break;
		}
		set_nonblock(fd);
		if ((p->prep == NULL || p->prep(fd, service) == 0) &&
		    (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 ||
		    errno == EINPROGRESS))
			break;
		snprintf(errbuf, sizeof(errbuf), "%s", strerror(errno));
		*errmsg = errbuf;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(aitop);
	if (fd == -1) {
		if (*errmsg == NULL)
			*errmsg = "no address";
		error_f("connect to %s port %s/%s: %s", host, port, p->name,
		    *errmsg);
	}
	return fd;
}

/*
 * A socket of a UDP or DCCP channel was readable: up to FWD_DGRAM_BATCH
 * datagrams, as a UDP listener reads them.  One a turn of the main loop
 * held a busy sshd below 2 Mbit/s of 1200-byte datagrams on a guest of
 * one CPU, the rest overflowing its socket.  A datagram that does not
 * fit the channel's queue is dropped (3.4, 3.5: never buffered) and the
 * rest wait in the socket for the next turn.
 */
int
fwd_dgram_read(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;
	static u_char buf[FWD_READ_MAX];
	ssize_t n;
	u_int i;

	/* 3.8: the confirmer sends nothing before "ready": read, drop */
	if (f->confirmer && !f->ready && fwd_ms(ssh) != NULL) {
		if (recv(c->rfd, buf, sizeof(buf), 0) > 0)
			f->dropped++;
		return 1;
	}
	for (i = 0; i < FWD_DGRAM_BATCH; i++) {
		if ((n = recv(c->rfd, buf, sizeof(buf), MSG_DONTWAIT)) == -1) {
			if (errno == EINTR || errno == EAGAIN ||
			    errno == EWOULDBLOCK)
				return 1;
			if (f->ops->icmp_drops && errno == ECONNREFUSED) {
				/* 3.4: ICMP port unreachable, counted, ignored */
				f->dropped++;
				continue;
			}
			debug2("channel %d: %s read: %s", c->self,
			    f->ops->name, strerror(errno));
			fwd_read_failed(ssh, c);
			return -1;
		}
		if (n == 0 && f->ops->eof_ends) {
			debug2("channel %d: forwarded %s connection ended",
			    c->self, f->ops->label);
			fwd_read_failed(ssh, c);
			return -1;
		}
		fwd_channel_used(ssh, c);
		if (!fwd_queue_input(c, NULL, 0, buf, n)) {
			f->dropped++;	/* 3.4, 3.5: never buffered */
			break;
		}
	}
	return 1;
}

/* One datagram of a UDP or DCCP channel: one that would block is dropped. */
int
fwd_dgram_write_one(struct ssh *ssh, Channel *c, const u_char *p, size_t len)
{
	struct fwd_chan *f = c->sctp_fwd;

	if (send(c->wfd, p, len, MSG_NOSIGNAL) == -1) {
		if (errno != EINTR && errno != EAGAIN &&
		    errno != EWOULDBLOCK && errno != ECONNREFUSED &&
		    errno != EMSGSIZE && errno != ENOBUFS) {
			debug2("channel %d: %s write: %s", c->self,
			    f->ops->name, strerror(errno));
			chan_write_failed(ssh, c);
			return -1;
		}
		f->dropped++;
	}
	return 1;
}

/*
 * 3.8: unsequenced data takes no window, so nothing holds the peer back
 * while the socket cannot take it: beyond FWD_UNSEQ_QUEUE the oldest
 * datagrams are dropped and counted, and their window taken back, before
 * channels.c would count them against it and end the connection.
 */
static void
drop_backlog(Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;
	const u_char *p;
	size_t len, n = 0;
	int r;

	while (sshbuf_len(c->output) > FWD_UNSEQ_QUEUE) {
		if ((r = sshbuf_get_string_direct(c->output, &p, &len)) != 0)
			fatal_fr(r, "channel %d: get datagram", c->self);
		n += 4 + len;
		f->dropped++;
	}
	if (n != 0) {
		debug3_f("channel %d: %zu bytes the socket could not take "
		    "dropped", c->self, n);
		fwd_consumed(c, n);
	}
}

/* c->output holds CHANNEL_DATA strings for the socket, one at a time. */
int
fwd_write_strings(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;
	const u_char *p;
	size_t len, olen;
	int i, r;

	if (f->unseq)
		drop_backlog(c);
	if ((c->io_ready & SSH_CHAN_IO_WFD) == 0)
		return 1;
	olen = sshbuf_len(c->output);
	for (i = 0; i < (f->unseq ? 4096 : 64) &&
	    sshbuf_len(c->output) != 0; i++) {
		if ((r = sshbuf_peek_string_direct(c->output, &p, &len)) != 0)
			fatal_fr(r, "channel %d: get datagram", c->self);
		if ((r = f->ops->write_one(ssh, c, p, len)) < 0)
			return -1;
		if (r == 0)
			break;
		if ((r = sshbuf_consume(c->output, 4 + len)) != 0)
			fatal_fr(r, "channel %d: consume", c->self);
	}
	if (olen != sshbuf_len(c->output))
		fwd_channel_used(ssh, c);
	fwd_consumed(c, olen - sshbuf_len(c->output));
	return 1;
}
