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
 * Forwarding SCTP, UDP and DCCP through SSH (PROTOCOL.sctp section 3):
 * the listening side of ssh -L, sshd's side of the opens, and the I/O of
 * channels with a socket of their own.  UDP listeners are in
 * sctp-fwd-udp.c.  Channels here are upstream's, in datagram mode: each
 * string in c->input and c->output is one CHANNEL_DATA's data.
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
#include "sctp/sctp-addrs.h"
#include "sctp/sctp-net.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-msg.h"
#include "sctp/sctp-fwd-options.h"
#include "sctp/sctp-fwd-int.h"

#ifndef SOCK_DCCP
#define SOCK_DCCP		6
#endif
#ifndef IPPROTO_DCCP
#define IPPROTO_DCCP		33
#endif
#ifndef SOL_DCCP
#define SOL_DCCP		269
#endif
#ifndef DCCP_SOCKOPT_SERVICE
#define DCCP_SOCKOPT_SERVICE	2
#endif

#define FWD_SCTP_STREAMS	1024	/* offered to sources (ssh -L) */
#define FWD_READ_MAX		(64 * 1024)

static const char *direct_types[] = {
	"direct-tcpip",
	"direct-sctpip" SCTP_FWD_DOMAIN,
	"direct-udpip" SCTP_FWD_DOMAIN,
	"direct-dccpip" SCTP_FWD_DOMAIN,
};

struct sctp_fwd_chan *
sctp_fwd_chan_new(int proto, int role)
{
	struct sctp_fwd_chan *f;

	f = xcalloc(1, sizeof(*f));
	f->proto = proto;
	f->role = role;
	f->listener = -1;
	f->opts = sctp_fwd_options_active();
	return f;
}

void
sctp_fwd_chan_free(struct ssh *ssh, Channel *c)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;

	if (f == NULL)
		return;
	sctp_ms_channel_gone(ssh->sctp_ms, c->self);
	if (f->role == FWD_FLOW || f->counted)
		sctp_fwd_udp_flow_free(ssh, c);
	if (f->role == FWD_LISTENER && f->proto == SCTP_FWD_UDP)
		sctp_fwd_udp_listener_free(ssh, c);
	if (f->role == FWD_LISTENER)
		sctp_fwd_listener_gone(c);
	if (f->dropped != 0)
		verbose("channel %d: %s forward: %lu %s dropped", c->self,
		    sctp_fwd_proto_name(f->proto), f->dropped,
		    f->proto == SCTP_FWD_SCTP ? "messages" : "datagrams");
	free(f->connect_host);
	free(f->flows);
	if (f->join != NULL)
		sctp_fwd_join_free(f->join);
	sshbuf_free(f->msg);
	free(f);
	c->sctp_fwd = NULL;
}

void
sctp_fwd_channel_used(struct ssh *ssh, Channel *c)
{
	channel_mark_used(ssh, c);
}

/* The connection's channels on streams, when they are in use (3.8). */
static struct sctp_ms_conn *
ms_of(struct ssh *ssh)
{
	if (ssh->sctp_ms == NULL || !sctp_ms_in_active(ssh->sctp_ms) ||
	    !sctp_ms_out_active(ssh->sctp_ms))
		return NULL;
	return ssh->sctp_ms;
}

static int
lossy(const struct sctp_fwd_chan *f)
{
	return f->proto == SCTP_FWD_UDP || f->proto == SCTP_FWD_DCCP;
}

/*
 * 3.8: a UDP or DCCP channel's data goes unsequenced from the packet that
 * starts it for this side: the confirmation (the opener, which says
 * "ready" first) or "ready" (the confirmer).  An SCTP channel's data goes
 * on the streams of its forwarded streams from then on.
 */
static void
start_spread(struct ssh *ssh, Channel *c)
{
	struct sctp_ms_conn *ms;

	if ((ms = ms_of(ssh)) == NULL)
		return;
	if (!lossy(c->sctp_fwd)) {
		if (sctp_ms_map_channel(ms, c->self, c->remote_id,
		    sctp_fwd_hdr_stream) == 0)
			debug("channel %d: forwarded SCTP streams on SSH "
			    "streams", c->self);
		return;
	}
	if (sctp_ms_unseq_channel(ms, c->self, c->remote_id) != 0) {
		debug_f("channel %d: data stays sequenced", c->self);
		return;
	}
	c->sctp_fwd->unseq = 1;
	debug("channel %d: %s data unordered and unreliable (PR-SCTP %s %d)",
	    c->self, sctp_fwd_proto_name(c->sctp_fwd->proto),
	    c->sctp_fwd->opts->udp_pr == SCTP_FWD_PR_TTL ? "ttl" : "rtx",
	    c->sctp_fwd->opts->udp_pr_value);
}

/*
 * One CHANNEL_DATA's data into c->input; 0 when dropped (UDP, DCCP: never
 * buffered, 3.4, 3.5).  Sequenced data must fit the window; unsequenced
 * data takes none (3.8, G5): the sender adds back to the window what
 * channels.c will take for it, and a short queue bounds it instead.
 */
int
sctp_fwd_queue_input(Channel *c, const u_char *hdr, size_t hlen,
    const u_char *p, size_t len)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;
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
sctp_fwd_consumed(Channel *c, size_t n)
{
	if (c->sctp_fwd->unseq)
		c->local_window += MINIMUM(n,
		    c->local_window_max - MINIMUM(c->local_window,
		    c->local_window_max));
	else
		c->local_consumed += n;
}

/*
 * Abort a forwarded association: an ABORT chunk now (SCTP_ABORT), and
 * SO_LINGER 0 so that close(2) cannot turn it into a graceful SHUTDOWN.
 */
static void
sctp_abort_assoc(int fd)
{
	struct linger lin;
#ifdef WITH_SCTP
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct sctp_sndinfo))];
	} cbuf;
	struct sctp_sndinfo si;
	struct cmsghdr *cm;
	struct msghdr mh;

	memset(&si, 0, sizeof(si));
	si.snd_flags = SCTP_ABORT;
	memset(&mh, 0, sizeof(mh));
	memset(&cbuf, 0, sizeof(cbuf));
	mh.msg_control = cbuf.buf;
	mh.msg_controllen = sizeof(cbuf.buf);
	cm = CMSG_FIRSTHDR(&mh);
	cm->cmsg_level = IPPROTO_SCTP;
	cm->cmsg_type = SCTP_SNDINFO;
	cm->cmsg_len = CMSG_LEN(sizeof(si));
	memcpy(CMSG_DATA(cm), &si, sizeof(si));
	if (sendmsg(fd, &mh, MSG_NOSIGNAL) == -1)
		debug_f("SCTP_ABORT: %s", strerror(errno));
#endif
	memset(&lin, 0, sizeof(lin));
	lin.l_onoff = 1;
	(void)setsockopt(fd, SOL_SOCKET, SO_LINGER, &lin, sizeof(lin));
}

/* 3.3: tell the far side to abort its association, not shut it down. */
static void
send_sctp_abort(struct ssh *ssh, Channel *c)
{
	int r;

	if ((r = sshpkt_start(ssh, SSH2_MSG_CHANNEL_REQUEST)) != 0 ||
	    (r = sshpkt_put_u32(ssh, c->remote_id)) != 0 ||
	    (r = sshpkt_put_cstring(ssh, SCTP_ABORT_REQUEST)) != 0 ||
	    (r = sshpkt_put_u8(ssh, 0)) != 0 ||
	    (r = sshpkt_send(ssh)) != 0)
		fatal_fr(r, "channel %d: sctp-abort", c->self);
}

/*
 * 3.7: an error on an open channel is the channel's.  Log it, and close
 * the channel (an SCTP association is aborted, not shut down).
 */
void
sctp_fwd_chan_error(struct ssh *ssh, Channel *c, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	xvasprintf(&msg, fmt, ap);
	va_end(ap);
	error("channel %d: %s forward: %s", c->self,
	    sctp_fwd_proto_name(c->sctp_fwd->proto), msg);
	free(msg);
	if (c->type != SSH_CHANNEL_OPEN || !c->have_remote_id)
		return;		/* nothing to close yet; the open decides */
	if (c->sctp_fwd->proto == SCTP_FWD_SCTP)
		send_sctp_abort(ssh, c);	/* the far side aborts too */
	if (c->sctp_fwd->proto == SCTP_FWD_SCTP && c->sock != -1)
		sctp_abort_assoc(c->sock);
	channel_force_close(ssh, c, 1);
}

static int
proto_of_type(const char *ctype)
{
	int i;

	for (i = SCTP_FWD_SCTP; i <= SCTP_FWD_DCCP; i++)
		if (strcmp(ctype, direct_types[i]) == 0)
			return i;
	return -1;
}

int
sctp_fwd_is_open_type(const char *ctype)
{
	return proto_of_type(ctype) != -1;
}

/* "a,b" into an address list of 3.2. */
int
sctp_fwd_put_addr_list(struct sshbuf *b, const char *host, int port)
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
sctp_fwd_send_open(struct ssh *ssh, Channel *c, const char *ctype,
    const char *host, int port, const char *orig, int orig_port)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;
	struct sshbuf *b;
	int r;

	if ((b = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new");
	if ((r = sctp_fwd_put_addr_list(b, host, port)) != 0 ||
	    (r = sshbuf_put_cstring(b, orig)) != 0 ||
	    (r = sshbuf_put_u32(b, orig_port)) != 0 ||
	    (f->proto == SCTP_FWD_SCTP &&
	    ((r = sshbuf_put_u16(b, f->ostreams)) != 0 ||
	    (r = sshbuf_put_u16(b, f->istreams)) != 0)) ||
	    (f->proto == SCTP_FWD_DCCP &&
	    (r = sshbuf_put_u32(b, f->service)) != 0)) {
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

/* Window of a forwarding channel: at least a whole message (3.3, 3.6). */
static u_int
fwd_window(const struct sctp_fwd_options *o)
{
	return MAXIMUM(CHAN_TCP_WINDOW_DEFAULT, (u_int)o->max_message + 64);
}

static u_int
fwd_maxpacket(int proto)
{
	return proto == SCTP_FWD_UDP ? FWD_UDP_MAXPACKET :
	    CHAN_TCP_PACKET_DEFAULT;
}

static int
unsupported(int err)
{
	return err == ESOCKTNOSUPPORT || err == EPROTONOSUPPORT ||
	    err == EAFNOSUPPORT || err == EPFNOSUPPORT;
}

#ifdef WITH_SCTP
static int
event_on(int fd, int type)
{
	struct sctp_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.se_type = type;
	ev.se_on = 1;
	return setsockopt(fd, IPPROTO_SCTP, SCTP_EVENT, &ev, sizeof(ev));
}

/* A forwarded association's socket: streams, events, buffers. */
static int
sctp_sock_prep(int fd, u_int ostreams, u_int istreams, int max_message)
{
	const struct sctp_options *so = sctp_options_active();
	struct sctp_initmsg im;
	int on = 1, sz;

	/* This side's tuning (SCTPRTOMin and the others), then the streams */
	if (so != NULL && sctp_socket_tune(fd, so) != 0)
		return -1;
	memset(&im, 0, sizeof(im));
	im.sinit_num_ostreams = MINIMUM(MAXIMUM(ostreams, 1), 65535);
	im.sinit_max_instreams = MINIMUM(MAXIMUM(istreams, 1), 65535);
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_INITMSG, &im, sizeof(im)) ||
	    setsockopt(fd, IPPROTO_SCTP, SCTP_RECVRCVINFO, &on, sizeof(on)) ||
	    setsockopt(fd, IPPROTO_SCTP, SCTP_NODELAY, &on, sizeof(on)) ||
	    event_on(fd, SCTP_ASSOC_CHANGE) ||
	    event_on(fd, SCTP_PARTIAL_DELIVERY_EVENT) ||
	    event_on(fd, SCTP_SHUTDOWN_EVENT)) {
		error_f("SCTP socket options: %s", strerror(errno));
		return -1;
	}
	/* A whole message must fit the send buffer (3.3). */
	sz = max_message + 64 * 1024;
	(void)setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sz, sizeof(sz));
	return 0;
}

static void
sctp_streams(int fd, u_int *os, u_int *is)
{
	struct sctp_status st;
	socklen_t len = sizeof(st);

	memset(&st, 0, sizeof(st));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_STATUS, &st, &len) == -1) {
		debug_f("SCTP_STATUS: %s", strerror(errno));
		*os = *is = 0;
		return;
	}
	*os = st.sstat_outstrms;
	*is = st.sstat_instrms;
}
#endif /* WITH_SCTP */

static int
dccp_service(int fd, u_int code)
{
	uint32_t v = htonl(code);

	return setsockopt(fd, SOL_DCCP, DCCP_SOCKOPT_SERVICE, &v, sizeof(v));
}

static int
fwd_socket(int proto, int family)
{
	int fd = -1;

	switch (proto) {
	case SCTP_FWD_SCTP:
		fd = socket(family, SOCK_STREAM, IPPROTO_SCTP);
		break;
	case SCTP_FWD_UDP:
		fd = socket(family, SOCK_DGRAM, 0);
		break;
	case SCTP_FWD_DCCP:
		fd = socket(family, SOCK_DCCP, IPPROTO_DCCP);
		break;
	}
	return fd;
}

static const char *
not_supported(int proto)
{
	return proto == SCTP_FWD_DCCP ? "DCCP is not supported by this kernel" :
	    proto == SCTP_FWD_SCTP ? "SCTP is not supported by this kernel" :
	    "protocol not supported";
}

/*
 * Where a forward listens, by upstream's rules (channel_fwd_bind_addr()):
 * for ssh (-L), none is loopback or, with GatewayPorts, every address, and
 * "" or "*" every address; for sshd (-R), GatewayPorts no keeps the
 * client to loopback, yes makes every address, clientspecified takes what
 * the client asked for.  Returns the host to resolve, NULL for every
 * address.
 */
static const char *
bind_host(const char *host, int gateway_ports, int remote)
{
	int wild;

	if (host != NULL && strcmp(host, "*") == 0)
		host = "";
	if (!remote) {
		wild = host == NULL ? gateway_ports : *host == '\0';
		return wild ? NULL : (host == NULL ? "localhost" : host);
	}
	if (gateway_ports == 1 || (gateway_ports == 2 &&
	    (host == NULL || *host == '\0')))
		return NULL;
	if (gateway_ports == 2 && strcmp(host, "localhost") != 0)
		return host;
	if (host != NULL && (strcmp(host, "127.0.0.1") == 0 ||
	    strcmp(host, "::1") == 0))
		return host;
	return "localhost";
}

int
sctp_fwd_setup_local(struct ssh *ssh, struct Forward *fwd,
    struct ForwardOptions *fo)
{
	int allocated = 0;

	if (fwd->connect_host == NULL) {
		error("Local forwarding with a protocol (/%s) needs a "
		    "destination: dynamic (SOCKS) forwarding is TCP only",
		    sctp_fwd_proto_name(fwd->proto));
		return 0;
	}
	return sctp_fwd_listen(ssh, fwd, fo, 0,
	    sctp_fwd_options_active()->dccp_service, &allocated);
}

static void
sa_set_port(struct sockaddr *sa, int port)
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
sctp_fwd_listener_path(const struct Forward *fwd)
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
static Channel *
new_listener(struct ssh *ssh, int fd, struct Forward *fwd, int remote,
    int port, u_int service, const char *what)
{
	struct sctp_fwd_chan *f;
	Channel *c;

	set_nonblock(fd);
	c = channel_new(ssh, (char *)(fwd->proto == SCTP_FWD_SCTP ?
	    "sctp-listener" : fwd->proto == SCTP_FWD_UDP ? "udp-listener" :
	    "dccp-listener"), remote ? SSH_CHANNEL_RPORT_LISTENER :
	    SSH_CHANNEL_PORT_LISTENER, fd, fd, -1,
	    fwd_window(sctp_fwd_options_active()), fwd_maxpacket(fwd->proto),
	    0, "port listener", 1);
	f = sctp_fwd_chan_new(fwd->proto, FWD_LISTENER);
	f->remote = remote;
	f->service = service;
	if (remote) {
		f->open_type = sctp_fwd_forwarded_type(fwd->proto);
		f->connect_host = xstrdup(fwd->listen_host == NULL ?
		    "localhost" : fwd->listen_host);
		f->connect_port = port;
	} else {
		f->open_type = direct_types[fwd->proto];
		f->connect_host = xstrdup(fwd->connect_host);
		f->connect_port = fwd->connect_port;
	}
	f->tokens = f->opts->udp_burst;
	f->tokens_at = monotime_double();
	/* Never the host of a TCP forward: cancels of those pass it by. */
	c->path = sctp_fwd_listener_path(fwd);
	c->sctp_fwd = f;
	c->datagram = 1;
	c->listening_port = port;
	sctp_fwd_listener_add(c);	/* for cancels */
	debug("%s forwarding listening on %s port %d/%s.",
	    remote ? "Remote" : "Local", what, port,
	    sctp_fwd_proto_name(fwd->proto));
	return c;
}

/*
 * Listen for a forward (ssh -L, or sshd for -R); an SCTP list is one
 * multi-homed socket, UDP and DCCP a socket per address.  Port 0 takes
 * one port for all, returned in *allocated.  Returns 1 if listening.
 */
int
sctp_fwd_listen(struct ssh *ssh, struct Forward *fwd,
    struct ForwardOptions *fo, int remote, u_int service, int *allocated)
{
	const struct sctp_fwd_options *o = sctp_fwd_options_active();
	struct addrinfo hints, *ai, *aitop = NULL;
	struct sctp_addrlist *al = NULL;
	const char *host;
	char port[16], *err = NULL, *what = NULL;
	u_char *packed = NULL;
	size_t packedlen = 0;
	int fd = -1, npacked = 0, n = 0, wildcard, family, on = 1, r;

#ifndef WITH_SCTP
	if (fwd->proto == SCTP_FWD_SCTP) {
		error("Forwarding SCTP: this build has no SCTP support");
		return 0;
	}
#endif
	*allocated = 0;
	host = bind_host(fwd->listen_host, fo->gateway_ports, remote);
	wildcard = host == NULL;
	if (host == NULL)
		host = "*";
	snprintf(port, sizeof(port), "%d", fwd->listen_port);
	if (fwd->proto == SCTP_FWD_SCTP) {
#ifdef WITH_SCTP
		if (wildcard) {
			memset(&hints, 0, sizeof(hints));
			hints.ai_family = AF_INET6;
			hints.ai_socktype = SOCK_STREAM;
			hints.ai_flags = AI_PASSIVE;
			if ((r = getaddrinfo(NULL, port, &hints, &aitop)) != 0) {
				error("%s/sctp: %s", port, ssh_gai_strerror(r));
				return 0;
			}
			if (sctp_addrs_append(&packed, &packedlen, &npacked,
			    aitop->ai_addr) != 0)
				fatal_f("sctp_addrs_append");
			freeaddrinfo(aitop);
		} else if ((al = sctp_addrlist_parse(host, 0, &err)) == NULL ||
		    sctp_addrlist_resolve(al, port, AF_UNSPEC, 1, &packed,
		    &packedlen, &npacked, &err) != 0) {
			error("Forwarding %s/sctp: %s", host, err);
			goto out;
		}
		if (npacked > SCTP_FWD_MAX_ADDRS) {
			error("Forwarding %s/sctp: more than %d addresses",
			    host, SCTP_FWD_MAX_ADDRS);
			goto out;
		}
		family = sctp_addrs_any_v6(packed, packedlen) ?
		    AF_INET6 : AF_INET;
		what = sctp_addrs_string(packed, npacked);
		if ((fd = fwd_socket(SCTP_FWD_SCTP, family)) == -1) {
			error("Forwarding %s port %s/sctp: %s", what, port,
			    unsupported(errno) ? not_supported(SCTP_FWD_SCTP) :
			    strerror(errno));
			goto out;
		}
		(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
		if (sctp_sock_prep(fd, FWD_SCTP_STREAMS, FWD_SCTP_STREAMS,
		    o->max_message) != 0 ||
		    sctp_bindx(fd, (struct sockaddr *)packed, npacked,
		    SCTP_BINDX_ADD_ADDR) == -1 || listen(fd, 64) == -1) {
			error("Forwarding %s port %s/sctp: %s", what, port,
			    strerror(errno));
			goto out;
		}
		if (fwd->listen_port == 0)
			*allocated = get_local_port(fd);
		(void)new_listener(ssh, fd, fwd, remote, fwd->listen_port == 0 ?
		    *allocated : fwd->listen_port, service, what);
		fd = -1;
		n = 1;
#endif /* WITH_SCTP */
		goto out;
	}
	/* UDP and DCCP: a socket for each address, as upstream's TCP. */
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = fwd->proto == SCTP_FWD_UDP ?
	    SOCK_DGRAM : SOCK_STREAM;
	hints.ai_flags = wildcard ? AI_PASSIVE : 0;
	if ((r = getaddrinfo(wildcard ? NULL : host, port, &hints,
	    &aitop)) != 0) {
		error("Forwarding %s port %s/%s: %s", host, port,
		    sctp_fwd_proto_name(fwd->proto), ssh_gai_strerror(r));
		return 0;
	}
	for (ai = aitop; ai != NULL; ai = ai->ai_next) {
		if (ai->ai_family != AF_INET && ai->ai_family != AF_INET6)
			continue;
		if (*allocated != 0)	/* port 0: the first socket's, for all */
			sa_set_port(ai->ai_addr, *allocated);
		if (fwd->proto == SCTP_FWD_UDP) {
			if ((fd = sctp_fwd_udp_socket(ai)) == -1)
				continue;
			if (*allocated == 0 && fwd->listen_port == 0)
				*allocated = get_local_port(fd);
			(void)new_listener(ssh, fd, fwd, remote,
			    fwd->listen_port == 0 ? *allocated :
			    fwd->listen_port, 0, host);
			n = 1;
			continue;
		}
		if ((fd = fwd_socket(fwd->proto, ai->ai_family)) == -1) {
			error("Forwarding port %s/dccp: %s", port,
			    unsupported(errno) ? not_supported(fwd->proto) :
			    strerror(errno));
			break;
		}
		(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
		if (ai->ai_family == AF_INET6)
			sock_set_v6only(fd);
		if (dccp_service(fd, service) == -1 ||
		    bind(fd, ai->ai_addr, ai->ai_addrlen) == -1 ||
		    listen(fd, 64) == -1) {
			error("Forwarding port %s/dccp: %s", port,
			    strerror(errno));
			close(fd);
			fd = -1;
			continue;
		}
		if (*allocated == 0 && fwd->listen_port == 0)
			*allocated = get_local_port(fd);
		(void)new_listener(ssh, fd, fwd, remote, fwd->listen_port == 0 ?
		    *allocated : fwd->listen_port, service, host);
		fd = -1;
		n = 1;
	}
	freeaddrinfo(aitop);
	if (n == 0)
		error("Forwarding %s port %s/%s: no address to listen on",
		    host, port, sctp_fwd_proto_name(fwd->proto));
	return n;
 out:
	if (fd != -1)
		close(fd);
	free(what);
	free(err);
	free(packed);
	if (al != NULL)
		sctp_addrlist_free(al);
	return n;
}

/* A listener of ssh -L: an association or connection, a new channel. */
void
sctp_fwd_post_listener(struct ssh *ssh, Channel *c)
{
	struct sctp_fwd_chan *f = c->sctp_fwd, *nf;
	struct sockaddr_storage addr;
	socklen_t addrlen = sizeof(addr);
	char *orig;
	int fd;
	Channel *nc;

	if (f->proto == SCTP_FWD_UDP) {
		sctp_fwd_udp_post_listener(ssh, c);
		return;
	}
	if ((c->io_ready & SSH_CHAN_IO_SOCK_R) == 0)
		return;
	if ((fd = accept(c->sock, (struct sockaddr *)&addr,
	    &addrlen)) == -1) {
		if (errno != EINTR && errno != EWOULDBLOCK &&
		    errno != ECONNABORTED)
			error("accept (%s): %s", sctp_fwd_proto_name(f->proto),
			    strerror(errno));
		if (errno == EMFILE || errno == ENFILE)
			c->notbefore = monotime() + 1;
		return;
	}
	set_nonblock(fd);
	nf = sctp_fwd_chan_new(f->proto, FWD_CONN);
	nf->service = f->service;
#ifdef WITH_SCTP
	if (f->proto == SCTP_FWD_SCTP) {
		sctp_streams(fd, &nf->ostreams, &nf->istreams);
		nf->join = sctp_fwd_join_new(nf->opts->max_message);
		sctp_log_assoc(fd, 0);
	}
#endif
	if ((nf->msg = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new");
	nc = channel_new(ssh, (char *)f->open_type,
	    SSH_CHANNEL_OPENING, fd, fd, -1, fwd_window(nf->opts),
	    fwd_maxpacket(f->proto), 0, f->open_type, 1);
	nc->sctp_fwd = nf;
	nc->datagram = 1;
	nc->listening_port = c->listening_port;
	orig = get_peer_ipaddr(fd);
	debug("channel %d: %s connection from %s port %d forwarded to %s "
	    "port %d (%u/%u streams)", nc->self, sctp_fwd_proto_name(f->proto),
	    orig, get_peer_port(fd), f->connect_host, f->connect_port,
	    nf->ostreams, nf->istreams);
	if (sctp_fwd_send_open(ssh, nc, f->open_type,
	    f->connect_host, f->connect_port, orig, get_peer_port(fd)) != 0)
		chan_mark_dead(ssh, nc);
	free(orig);
}

/*
 * ssh: the confirmation's fields for the channel's type (3.3), all of
 * what follows the maximum packet size.  If they are wrong, that is the
 * channel's problem (3.7), not the connection's: sctp_fwd_opened() closes
 * the channel once it is open.
 */
int
sctp_fwd_open_confirmation(struct ssh *ssh, Channel *c)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;
	struct sshbuf *b;
	const u_char *p;
	size_t len;
	uint16_t os = 0, is = 0;
	int r, ret = 0;

	p = sshpkt_ptr(ssh, &len);
	if ((b = sshbuf_from(p, len)) == NULL)
		fatal_f("sshbuf_from");
	if (f->proto == SCTP_FWD_SCTP) {
		if ((r = sshbuf_get_u16(b, &os)) != 0 ||
		    (r = sshbuf_get_u16(b, &is)) != 0)
			ret = -1;
		f->peer_ostreams = os;
		f->peer_istreams = is;
	}
	if (sshbuf_len(b) != 0)
		ret = -1;
	if (ret != 0)
		error("channel %d: %s forward: bad open confirmation (%zu "
		    "bytes after the maximum packet size)", c->self,
		    sctp_fwd_proto_name(f->proto), len);
	else if (f->proto == SCTP_FWD_SCTP)
		debug2("channel %d: destination association has %u/%u "
		    "streams", c->self, os, is);
	sshbuf_free(b);
	if ((r = sshpkt_get(ssh, NULL, len)) != 0)
		fatal_fr(r, "consume");
	f->bad_confirm = ret != 0;
	return 0;
}

/*
 * A channel request on a forwarding channel (3.3): "sctp-abort" aborts the
 * forwarded association (an ABORT chunk, not a SHUTDOWN) and closes the
 * channel.  Returns 1 if taken.
 */
int
sctp_fwd_channel_request(struct ssh *ssh, Channel *c, const char *rtype)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;
	int r;

	if (c->type != SSH_CHANNEL_OPEN || !c->have_remote_id) {
		/* Not confirmed yet: a peer's mistake; the open goes on. */
		logit("channel %d: %s request before the channel is open "
		    "ignored", c->self, rtype);
		return 0;
	}
	if (strcmp(rtype, "ready" SCTP_FWD_DOMAIN) == 0) {
		/* 3.8: once, to the confirmer of a forwarding channel */
		if ((r = sshpkt_get_end(ssh)) != 0 ||
		    !f->confirmer || f->ready || ms_of(ssh) == NULL) {
			sctp_fwd_chan_error(ssh, c, "bad ready request");
			return 0;
		}
		f->ready = 1;
		/* SCTP: the window held since the confirmation, to read */
		if (c->remote_window > UINT32_MAX - f->held_window)
			c->remote_window = UINT32_MAX;
		else
			c->remote_window += f->held_window;
		f->held_window = 0;
		start_spread(ssh, c);
		return 1;
	}
	if (strcmp(rtype, SCTP_ABORT_REQUEST) != 0) {
		debug_f("channel %d: request %s not known", c->self, rtype);
		return 0;
	}
	if ((r = sshpkt_get_end(ssh)) != 0 || f->proto != SCTP_FWD_SCTP ||
	    f->role != FWD_CONN) {
		sctp_fwd_chan_error(ssh, c, "bad sctp-abort request");
		return 0;
	}
	verbose("channel %d: the far association was aborted: aborting "
	    "this one", c->self);
	if (c->sock != -1)
		sctp_abort_assoc(c->sock);
	channel_force_close(ssh, c, 1);
	return 1;
}

/* ssh: the channel is open (after sctp_fwd_open_confirmation). */
void
sctp_fwd_opened(struct ssh *ssh, Channel *c)
{
	int r;

	if (c->sctp_fwd->bad_confirm) {
		sctp_fwd_chan_error(ssh, c, "bad open confirmation");
		return;
	}
	if (ms_of(ssh) == NULL || c->sctp_fwd->role == FWD_LISTENER)
		return;
	/* 3.8: "ready" before anything else of the channel */
	if ((r = sshpkt_start(ssh, SSH2_MSG_CHANNEL_REQUEST)) != 0 ||
	    (r = sshpkt_put_u32(ssh, c->remote_id)) != 0 ||
	    (r = sshpkt_put_cstring(ssh, "ready" SCTP_FWD_DOMAIN)) != 0 ||
	    (r = sshpkt_put_u8(ssh, 0)) != 0 ||
	    (r = sshpkt_send(ssh)) != 0)
		fatal_fr(r, "channel %d: ready", c->self);
	start_spread(ssh, c);
}

/*
 * The connecting side of an open (sshd for -L, ssh for -R): connect to
 * host ("a,b" for SCTP) and port, with the stream counts and service code
 * the open asked for.  A channel (CONNECTING, or OPEN for UDP) or NULL with
 * the reason; ctype is the channel's type.
 */
Channel *
sctp_fwd_connect(struct ssh *ssh, int proto, const char *ctype, const char *host,
    u_int portnum, const struct sctp_fwd_options *o, u_int os, u_int is,
    u_int service, int *reason, const char **errmsg)
{
	static char errbuf[256];
	struct sctp_fwd_chan *f;
	struct addrinfo hints, *aitop = NULL, *ai;
	char port[16];
	int fd = -1, r, type = SSH_CHANNEL_CONNECTING;
	Channel *c = NULL;

	snprintf(port, sizeof(port), "%u", portnum);
	f = sctp_fwd_chan_new(proto, FWD_CONN);
	f->opts = o;
	f->service = service;
	f->confirmer = 1;
	if ((f->msg = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new");
	if (proto == SCTP_FWD_SCTP) {
#ifdef WITH_SCTP
		struct sctp_addrlist *al;
		u_char *packed = NULL;
		size_t packedlen = 0;
		int npacked = 0;
		char *err = NULL;

		if ((al = sctp_addrlist_parse(host, 0, &err)) == NULL ||
		    sctp_addrlist_resolve(al, port, AF_UNSPEC, 0, &packed,
		    &packedlen, &npacked, &err) != 0 ||
		    npacked > SCTP_FWD_MAX_ADDRS) {
			snprintf(errbuf, sizeof(errbuf), "%s",
			    err != NULL ? err : "more than 8 addresses");
			error_f("%s port %s/sctp: %s", host, port, errbuf);
			*errmsg = errbuf;
			free(err);
			free(packed);
			if (al != NULL)
				sctp_addrlist_free(al);
			goto out;
		}
		sctp_addrlist_free(al);
		fd = fwd_socket(SCTP_FWD_SCTP, sctp_addrs_any_v6(packed,
		    packedlen) ? AF_INET6 : AF_INET);
		if (fd == -1 || sctp_sock_prep(fd, is, os,
		    o->max_message) != 0) {
			*errmsg = fd == -1 && unsupported(errno) ?
			    not_supported(proto) : strerror(errno);
			error_f("%s port %s/sctp: %s", host, port, *errmsg);
			free(packed);
			goto out;
		}
		set_nonblock(fd);
		if (sctp_connectx(fd, (struct sockaddr *)packed, npacked,
		    NULL) == -1 && errno != EINPROGRESS) {
			snprintf(errbuf, sizeof(errbuf), "%s", strerror(errno));
			*errmsg = errbuf;
			error_f("connect to %s port %s/sctp: %s", host, port,
			    errbuf);
			free(packed);
			goto out;
		}
		free(packed);
		f->join = sctp_fwd_join_new(o->max_message);
#else
		*errmsg = "this build has no SCTP support";
		goto out;
#endif
	} else {
		memset(&hints, 0, sizeof(hints));
		hints.ai_family = AF_UNSPEC;
		hints.ai_socktype = proto == SCTP_FWD_UDP ?
		    SOCK_DGRAM : SOCK_STREAM;
		if ((r = getaddrinfo(host, port, &hints, &aitop)) != 0) {
			snprintf(errbuf, sizeof(errbuf), "%s: %s", host,
			    ssh_gai_strerror(r));
			*errmsg = errbuf;
			error_f("%s/%s: %s", port, sctp_fwd_proto_name(proto),
			    errbuf);
			goto out;
		}
		for (ai = aitop; ai != NULL; ai = ai->ai_next) {
			if (ai->ai_family != AF_INET &&
			    ai->ai_family != AF_INET6)
				continue;
			if ((fd = fwd_socket(proto, ai->ai_family)) == -1) {
				*errmsg = unsupported(errno) ?
				    not_supported(proto) : strerror(errno);
				break;
			}
			set_nonblock(fd);
			if ((proto != SCTP_FWD_DCCP ||
			    dccp_service(fd, service) == 0) &&
			    (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0 ||
			    errno == EINPROGRESS))
				break;
			snprintf(errbuf, sizeof(errbuf), "%s", strerror(errno));
			*errmsg = errbuf;
			close(fd);
			fd = -1;
		}
		if (fd == -1) {
			if (*errmsg == NULL)
				*errmsg = "no address";
			error_f("connect to %s port %s/%s: %s", host, port,
			    sctp_fwd_proto_name(proto), *errmsg);
			goto out;
		}
		if (proto == SCTP_FWD_UDP) {
			if (!sctp_fwd_udp_conn_add(o)) {
				error_f("UDP forward to %s port %s: %d "
				    "channels", host, port, o->udp_max_total);
				*reason = SSH2_OPEN_RESOURCE_SHORTAGE;
				*errmsg = "too many UDP channels";
				goto out;
			}
			f->counted = 1;
			type = SSH_CHANNEL_OPEN;	/* nothing to wait for */
		}
	}
	c = channel_new(ssh, (char *)ctype, type, fd, fd, -1, fwd_window(o),
	    fwd_maxpacket(proto), 0, ctype, 1);
	c->sctp_fwd = f;
	c->datagram = 1;
	f = NULL;
	fd = -1;
 out:
	if (fd != -1)
		close(fd);
	if (f != NULL) {
		sshbuf_free(f->msg);
		if (f->join != NULL)
			sctp_fwd_join_free(f->join);
		free(f);
	}
	if (aitop != NULL)
		freeaddrinfo(aitop);
	return c;
}

/*
 * The fields of a direct-* or forwarded-* open after the channel, window
 * and maximum packet size (3.3 to 3.5): all of the rest of the packet.
 * The address list goes to *hostp as "a,b".  -1 if malformed.
 */
int
sctp_fwd_parse_open(struct ssh *ssh, int proto, int listening, char **hostp,
    u_int *portp, char **origp, u_int *orig_portp, u_int *osp, u_int *isp,
    u_int *servicep)
{
	struct sctp_fwd_addrs a;
	struct sshbuf *b;
	const u_char *p;
	size_t len;
	uint16_t os = 0, is = 0;
	char *tmp;
	u_int i;
	int r;

	memset(&a, 0, sizeof(a));
	*hostp = *origp = NULL;
	*servicep = 0;
	p = sshpkt_ptr(ssh, &len);
	if ((b = sshbuf_from(p, len)) == NULL)
		fatal_f("sshbuf_from");
	if ((r = sctp_fwd_addrs_get(b, &a, listening)) != 0 ||
	    (r = sshbuf_get_cstring(b, origp, NULL)) != 0 ||
	    (r = sshbuf_get_u32(b, orig_portp)) != 0 ||
	    (proto == SCTP_FWD_SCTP &&
	    ((r = sshbuf_get_u16(b, &os)) != 0 ||
	    (r = sshbuf_get_u16(b, &is)) != 0)) ||
	    (proto == SCTP_FWD_DCCP &&
	    (r = sshbuf_get_u32(b, servicep)) != 0) ||
	    sshbuf_len(b) != 0 || *orig_portp > 65535 ||
	    (proto != SCTP_FWD_SCTP && a.naddrs != 1)) {
		error_f("bad %s open: %s", sctp_fwd_proto_name(proto),
		    r != 0 ? ssh_err(r) : "bad length, port or address count");
		sctp_fwd_addrs_free(&a);
		sshbuf_free(b);
		free(*origp);
		*origp = NULL;
		return -1;
	}
	(void)sshpkt_get(ssh, NULL, len);
	*hostp = xstrdup(a.addrs[0]);
	for (i = 1; i < a.naddrs; i++) {
		xasprintf(&tmp, "%s,%s", *hostp, a.addrs[i]);
		free(*hostp);
		*hostp = tmp;
	}
	*portp = a.port;
	*osp = os;
	*isp = is;
	sctp_fwd_addrs_free(&a);
	sshbuf_free(b);
	return 0;
}

/*
 * sshd: a CHANNEL_OPEN of a direct-* type (3.3 to 3.5).  A malformed or
 * refused open is an open failure, never a disconnect.
 */
/*
 * Whether sshd's policy allows a forward of proto for where (FORWARD_LOCAL
 * or FORWARD_REMOTE) to each address of the list host, and port: 3.2 has
 * every address pass on its own.
 */
int
sctp_fwd_policy_allows(const struct sctp_fwd_policy *pol,
    const struct sctp_fwd_options *o, int where, int proto, const char *host,
    int port)
{
	char *s, *sp, *item;
	int ok = 1, listen = where == FORWARD_REMOTE;

	if (!pol->permitted ||
	    (sctp_fwd_allowed(o, proto, pol->allow_tcp) & where) == 0)
		return 0;
	s = sp = xstrdup(host);
	while (ok && (item = strsep(&sp, ",")) != NULL) {
		ok = sctp_fwd_permitted(pol->adm, pol->nadm, listen, proto,
		    listen && *item == '\0' ? "*" : item, port) &&
		    sctp_fwd_permitted(pol->user, pol->nuser, listen, proto,
		    listen && *item == '\0' ? "*" : item, port);
	}
	free(s);
	return ok;
}

Channel *
sctp_fwd_server_open(struct ssh *ssh, const char *ctype,
    const struct sctp_fwd_options *o, const struct sctp_fwd_policy *pol,
    int *reason, const char **errmsg)
{
	char *orig = NULL, *host = NULL;
	u_int port = 0, orig_port = 0, os = 0, is = 0, service = 0;
	int proto;
	Channel *c = NULL;

	*reason = SSH2_OPEN_CONNECT_FAILED;
	*errmsg = NULL;
	if ((proto = proto_of_type(ctype)) == -1) {
		*reason = SSH2_OPEN_UNKNOWN_CHANNEL_TYPE;
		return NULL;
	}
	if (sctp_fwd_parse_open(ssh, proto, 0, &host, &port, &orig, &orig_port, &os,
	    &is, &service) != 0) {
		*errmsg = "bad address list";
		return NULL;
	}
	debug_f("%s: originator %s port %u, target %s port %u", ctype, orig,
	    orig_port, host, port);
	if (!sctp_fwd_policy_allows(pol, o, FORWARD_LOCAL, proto, host,
	    port)) {
		logit("refused local %s forward: originator %s port %u, "
		    "target %s port %u", sctp_fwd_proto_name(proto), orig,
		    orig_port, host, port);
		*reason = SSH2_OPEN_ADMINISTRATIVELY_PROHIBITED;
		goto out;
	}
	if ((c = sctp_fwd_connect(ssh, proto, direct_types[proto], host, port, o,
	    os, is, service, reason, errmsg)) != NULL)
		debug("channel %d: %s forward to %s port %u for %s port %u",
		    c->self, sctp_fwd_proto_name(proto), host, port, orig,
		    orig_port);
 out:
	free(orig);
	free(host);
	return c;
}

/* sshd: the connection to the destination is made, or has failed. */
void
sctp_fwd_post_connecting(struct ssh *ssh, Channel *c)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;
	socklen_t sz = sizeof(int);
	struct sshbuf *b;
	int err = 0, r;

	if ((c->io_ready & SSH_CHAN_IO_SOCK_W) == 0)
		return;
	if (!c->have_remote_id)
		fatal_f("channel %d: no remote id", c->self);
	if (getsockopt(c->sock, SOL_SOCKET, SO_ERROR, &err, &sz) == -1)
		err = errno;
	if (err == EINTR || err == EAGAIN || err == EINPROGRESS)
		return;
	if (err != 0) {
		error("channel %d: %s forward: connect failed: %s", c->self,
		    sctp_fwd_proto_name(f->proto), strerror(err));
		if ((r = sshpkt_start(ssh, SSH2_MSG_CHANNEL_OPEN_FAILURE)) != 0 ||
		    (r = sshpkt_put_u32(ssh, c->remote_id)) != 0 ||
		    (r = sshpkt_put_u32(ssh, SSH2_OPEN_CONNECT_FAILED)) != 0 ||
		    (r = sshpkt_put_cstring(ssh, strerror(err))) != 0 ||
		    (r = sshpkt_put_cstring(ssh, "")) != 0 ||
		    (r = sshpkt_send(ssh)) != 0)
			fatal_fr(r, "channel %d: failure", c->self);
		chan_mark_dead(ssh, c);
		return;
	}
#ifdef WITH_SCTP
	if (f->proto == SCTP_FWD_SCTP) {
		sctp_streams(c->sock, &f->ostreams, &f->istreams);
		sctp_log_assoc(c->sock, 0);
	}
#endif
	debug("channel %d: %s forward connected (%u/%u streams)", c->self,
	    sctp_fwd_proto_name(f->proto), f->ostreams, f->istreams);
	if (f->proto == SCTP_FWD_SCTP && f->opts->fwd_pr != SCTP_FWD_PR_NONE)
		debug("channel %d: messages to the association partially "
		    "reliable (SCTPForwardPolicy %s %d)", c->self,
		    f->opts->fwd_pr == SCTP_FWD_PR_TTL ? "ttl" : "rtx",
		    f->opts->fwd_pr_value);
	c->type = SSH_CHANNEL_OPEN;
	sctp_fwd_channel_used(ssh, c);
	if ((b = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new");
	if (f->proto == SCTP_FWD_SCTP &&
	    ((r = sshbuf_put_u16(b, f->ostreams)) != 0 ||
	    (r = sshbuf_put_u16(b, f->istreams)) != 0))
		fatal_fr(r, "streams");
	if ((r = sshpkt_start(ssh, SSH2_MSG_CHANNEL_OPEN_CONFIRMATION)) != 0 ||
	    (r = sshpkt_put_u32(ssh, c->remote_id)) != 0 ||
	    (r = sshpkt_put_u32(ssh, c->self)) != 0 ||
	    (r = sshpkt_put_u32(ssh, c->local_window)) != 0 ||
	    (r = sshpkt_put_u32(ssh, c->local_maxpacket)) != 0 ||
	    (r = sshpkt_putb(ssh, b)) != 0 ||
	    (r = sshpkt_send(ssh)) != 0)
		fatal_fr(r, "channel %d: open confirm", c->self);
	sshbuf_free(b);
	/*
	 * 3.8: over channels on streams, no data before "ready": the window
	 * is held (channels.c does not poll a channel without window) and
	 * the socket, not read, keeps the source waiting.
	 */
	if (ms_of(ssh) != NULL && f->proto == SCTP_FWD_SCTP) {
		f->held_window = c->remote_window;
		c->remote_window = 0;
	}
}

static void
read_failed(struct ssh *ssh, Channel *c)
{
	if (c->type != SSH_CHANNEL_OPEN)
		chan_mark_dead(ssh, c);
	else
		chan_read_failed(ssh, c);
}

#ifdef WITH_SCTP
static void
sctp_abort_channel(struct ssh *ssh, Channel *c, const char *why)
{
	verbose("channel %d: forwarded SCTP association %s", c->self, why);
	if (c->have_remote_id && c->type == SSH_CHANNEL_OPEN) {
		send_sctp_abort(ssh, c);
		channel_force_close(ssh, c, 1);
	} else
		chan_read_failed(ssh, c);	/* not open: the open decides */
}

static void
sctp_notification(struct ssh *ssh, Channel *c, const u_char *buf,
    size_t len)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;
	const union sctp_notification *sn = (const void *)buf;
	struct sshbuf *b;
	int r;

	if (len < sizeof(sn->sn_header))
		return;
	switch (sn->sn_header.sn_type) {
	case SCTP_ASSOC_CHANGE:
		if (len < sizeof(sn->sn_assoc_change))
			return;
		switch (sn->sn_assoc_change.sac_state) {
		case SCTP_COMM_LOST:
			sctp_abort_channel(ssh, c, "lost its peer");
			break;
		case SCTP_RESTART:
			sctp_abort_channel(ssh, c, "restarted");
			break;
		case SCTP_CANT_STR_ASSOC:
			sctp_abort_channel(ssh, c, "failed");
			break;
		}
		break;
	case SCTP_PARTIAL_DELIVERY_EVENT:
		if (len < sizeof(sn->sn_pdapi_event) ||
		    sn->sn_pdapi_event.pdapi_indication !=
		    SCTP_PARTIAL_DELIVERY_ABORTED || !f->in_piece)
			return;
		/* 3.3: the source gave the message up; so does the far side */
		debug2("channel %d: partial delivery on stream %u aborted",
		    c->self, f->in_hdr.stream);
		f->in_hdr.flags = (f->in_hdr.flags & SCTP_FWD_F_UNORDERED) |
		    SCTP_FWD_F_ABANDON;
		f->in_piece = 0;
		if ((b = sshbuf_new()) == NULL)
			fatal_f("sshbuf_new");
		if ((r = sctp_fwd_hdr_put(b, &f->in_hdr)) != 0 ||
		    (r = sshbuf_put_stringb(c->input, b)) != 0)
			fatal_fr(r, "channel %d: abandon", c->self);
		if (c->remote_window >= 4)
			c->remote_window -= 4;
		sshbuf_free(b);
		break;
	case SCTP_SHUTDOWN_EVENT:
		debug2("channel %d: forwarded association shut down by its "
		    "peer", c->self);
		break;
	}
}

/* One SCTP message, or a part of one, into a CHANNEL_DATA (3.3). */
static int
fwd_sctp_read(struct ssh *ssh, Channel *c)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;
	static u_char buf[FWD_READ_MAX];
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct sctp_rcvinfo))];
	} cbuf;
	struct sctp_rcvinfo rinfo;
	struct sctp_fwd_hdr h;
	struct cmsghdr *cm;
	struct msghdr mh;
	struct iovec iov;
	struct sshbuf *b;
	size_t max;
	ssize_t n;
	int r, have_info = 0;

	if (f->confirmer && !f->ready && ms_of(ssh) != NULL)
		return 1;	/* 3.8: nothing before "ready" */
	/* Each piece fits the peer's packets with its header (3.3, G6). */
	if (c->remote_maxpacket < 4 + SCTP_FWD_HDR_LEN + 64) {
		sctp_fwd_chan_error(ssh, c, "peer's maximum packet size %u "
		    "too small", c->remote_maxpacket);
		return -1;
	}
	max = MINIMUM(sizeof(buf), c->remote_maxpacket - 4 - SCTP_FWD_HDR_LEN);
	/*
	 * Everything queued must fit the window, or channels.c drops the
	 * string it cannot send ("datagram too big"): a message must never
	 * lose a piece.  Reading waits for window below a minimal piece.
	 */
	if (sshbuf_len(c->input) + 4 + SCTP_FWD_HDR_LEN + 64 >
	    c->remote_window)
		return 1;
	max = MINIMUM(max, c->remote_window - sshbuf_len(c->input) - 4 -
	    SCTP_FWD_HDR_LEN);
	memset(&mh, 0, sizeof(mh));
	iov.iov_base = buf;
	iov.iov_len = max;
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = cbuf.buf;
	mh.msg_controllen = sizeof(cbuf.buf);
	if ((n = recvmsg(c->rfd, &mh, 0)) == -1) {
		if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
			return 1;
		if (errno == ECONNRESET || errno == ETIMEDOUT ||
		    errno == EPIPE) {
			sctp_abort_channel(ssh, c, strerror(errno));
			return -1;
		}
		debug2("channel %d: SCTP read: %s", c->self, strerror(errno));
		read_failed(ssh, c);
		return -1;
	}
	if (n == 0) {
		debug2("channel %d: forwarded association ended", c->self);
		read_failed(ssh, c);
		return -1;
	}
	if (mh.msg_flags & MSG_NOTIFICATION) {
		sctp_notification(ssh, c, buf, n);
		return 1;
	}
	sctp_fwd_channel_used(ssh, c);
	for (cm = CMSG_FIRSTHDR(&mh); cm != NULL; cm = CMSG_NXTHDR(&mh, cm)) {
		if (cm->cmsg_level == IPPROTO_SCTP &&
		    cm->cmsg_type == SCTP_RCVINFO &&
		    cm->cmsg_len >= CMSG_LEN(sizeof(rinfo))) {
			memcpy(&rinfo, CMSG_DATA(cm), sizeof(rinfo));
			have_info = 1;
		}
	}
	if (f->in_piece)
		h = f->in_hdr;		/* the rest of the message */
	else if (have_info) {
		h.flags = (rinfo.rcv_flags & SCTP_UNORDERED) ?
		    SCTP_FWD_F_UNORDERED : 0;
		h.stream = rinfo.rcv_sid;
		h.ppid = ntohl(rinfo.rcv_ppid);	/* the bytes as sent */
	} else {
		sctp_fwd_chan_error(ssh, c, "message without SCTP_RCVINFO");
		return -1;
	}
	h.flags &= ~SCTP_FWD_F_MORE;
	if ((mh.msg_flags & MSG_EOR) == 0) {
		h.flags |= SCTP_FWD_F_MORE;
		f->in_hdr = h;
		f->in_piece = 1;
	} else
		f->in_piece = 0;
	if ((b = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new");
	if ((r = sctp_fwd_hdr_put(b, &h)) != 0)
		fatal_fr(r, "hdr");
	/*
	 * SCTP is reliable: nothing read is dropped.  Reading waits for the
	 * window (channel_pre_open), so this exceeds it by one piece at most.
	 */
	if ((r = sshbuf_put_u32(c->input, sshbuf_len(b) + n)) != 0 ||
	    (r = sshbuf_putb(c->input, b)) != 0 ||
	    (r = sshbuf_put(c->input, buf, n)) != 0)
		fatal_fr(r, "channel %d: queue", c->self);
	c->remote_window -= 4;	/* as sctp_fwd_queue_input() */
	sshbuf_free(b);
	return 1;
}

/* Send f->msg with f->msg_hdr; 1 sent, 0 would block, -1 error. */
static int
sctp_send_msg(struct ssh *ssh, Channel *c)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct sctp_sndinfo)) +
		    CMSG_SPACE(sizeof(struct sctp_prinfo))];
	} cbuf;
	struct sctp_sndinfo sinfo;
	struct sctp_prinfo pinfo;
	struct cmsghdr *cm;
	struct msghdr mh;
	struct iovec iov;

	if (f->ostreams != 0 && f->msg_hdr.stream >= f->ostreams) {
		sctp_fwd_chan_error(ssh, c, "message for stream %u, but the "
		    "association has %u", f->msg_hdr.stream, f->ostreams);
		return -1;
	}
	memset(&sinfo, 0, sizeof(sinfo));
	sinfo.snd_sid = f->msg_hdr.stream;
	sinfo.snd_ppid = htonl(f->msg_hdr.ppid);
	if (f->msg_hdr.flags & SCTP_FWD_F_UNORDERED)
		sinfo.snd_flags |= SCTP_UNORDERED;
	memset(&mh, 0, sizeof(mh));
	memset(&cbuf, 0, sizeof(cbuf));
	iov.iov_base = (void *)sshbuf_ptr(f->msg);
	iov.iov_len = sshbuf_len(f->msg);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = cbuf.buf;
	mh.msg_controllen = CMSG_SPACE(sizeof(sinfo));
	cm = CMSG_FIRSTHDR(&mh);
	cm->cmsg_level = IPPROTO_SCTP;
	cm->cmsg_type = SCTP_SNDINFO;
	cm->cmsg_len = CMSG_LEN(sizeof(sinfo));
	memcpy(CMSG_DATA(cm), &sinfo, sizeof(sinfo));
	if (f->opts->fwd_pr != SCTP_FWD_PR_NONE) {
		/* 3.3: SCTPForwardPolicy lets this hop give the message up */
		memset(&pinfo, 0, sizeof(pinfo));
		pinfo.pr_policy = f->opts->fwd_pr == SCTP_FWD_PR_TTL ?
		    SCTP_PR_SCTP_TTL : SCTP_PR_SCTP_RTX;
		pinfo.pr_value = f->opts->fwd_pr_value;
		mh.msg_controllen = sizeof(cbuf.buf);
		cm = CMSG_NXTHDR(&mh, cm);
		cm->cmsg_level = IPPROTO_SCTP;
		cm->cmsg_type = SCTP_PRINFO;
		cm->cmsg_len = CMSG_LEN(sizeof(pinfo));
		memcpy(CMSG_DATA(cm), &pinfo, sizeof(pinfo));
	}
	if (sendmsg(c->wfd, &mh, MSG_NOSIGNAL) == -1) {
		if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
			return 0;
		if (errno == EINVAL) {
			sctp_fwd_chan_error(ssh, c, "message on stream %u "
			    "refused: %s", f->msg_hdr.stream, strerror(errno));
			return -1;
		}
		debug2("channel %d: SCTP write: %s", c->self, strerror(errno));
		chan_write_failed(ssh, c);
		return -1;
	}
	sshbuf_reset(f->msg);
	return 1;
}
#endif /* WITH_SCTP */

/* A socket of the channel's own was readable (SCTP, DCCP, UDP). */
int
sctp_fwd_handle_rfd(struct ssh *ssh, Channel *c)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;
	static u_char buf[FWD_READ_MAX];
	ssize_t n;

	if ((c->io_ready & SSH_CHAN_IO_RFD) == 0)
		return 1;
#ifdef WITH_SCTP
	if (f->proto == SCTP_FWD_SCTP)
		return fwd_sctp_read(ssh, c);
#endif
	/* 3.8: the confirmer sends nothing before "ready": read, drop */
	if (f->confirmer && !f->ready && ms_of(ssh) != NULL) {
		if (recv(c->rfd, buf, sizeof(buf), 0) > 0)
			f->dropped++;
		return 1;
	}
	if ((n = recv(c->rfd, buf, sizeof(buf), 0)) == -1) {
		if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
			return 1;
		if (f->proto == SCTP_FWD_UDP && errno == ECONNREFUSED) {
			/* 3.4: ICMP port unreachable, counted and ignored */
			f->dropped++;
			return 1;
		}
		debug2("channel %d: %s read: %s", c->self,
		    sctp_fwd_proto_name(f->proto), strerror(errno));
		read_failed(ssh, c);
		return -1;
	}
	if (n == 0 && f->proto == SCTP_FWD_DCCP) {
		debug2("channel %d: forwarded DCCP connection ended", c->self);
		read_failed(ssh, c);
		return -1;
	}
	sctp_fwd_channel_used(ssh, c);
	if (!sctp_fwd_queue_input(c, NULL, 0, buf, n))
		f->dropped++;	/* 3.4, 3.5: never buffered */
	return 1;
}

#ifdef WITH_SCTP
/*
 * One string of an SCTP channel: 1 done, 0 to be tried again (kept in
 * c->output), -1 the channel failed.  A message that would block stays in
 * f->msg, and the string of its last piece in c->output until it is sent,
 * so that the channel keeps waiting to write and does not drain.
 */
static int
sctp_write_one(struct ssh *ssh, Channel *c, const u_char *p, size_t len)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;
	struct sctp_fwd_hdr h;
	int r, done;

	if (f->msg_pending) {
		if ((r = sctp_send_msg(ssh, c)) == 1)
			f->msg_pending = 0;
		return r;
	}
	if (sctp_fwd_hdr_parse(p, len, &h) != 0) {
		sctp_fwd_chan_error(ssh, c, "bad data header (%zu bytes)", len);
		return -1;
	}
	if ((r = sctp_fwd_join_add(f->join, &h, p + SCTP_FWD_HDR_LEN,
	    len - SCTP_FWD_HDR_LEN, f->msg, &done)) != 0) {
		sctp_fwd_chan_error(ssh, c, "piece on stream %u: %s",
		    h.stream, ssh_err(r));
		return -1;
	}
	if (!done)
		return 1;
	f->msg_hdr = h;
	if ((r = sctp_send_msg(ssh, c)) == 0)
		f->msg_pending = 1;
	return r;
}
#endif

/* One datagram of a UDP or DCCP channel: one that would block is dropped. */
static int
dgram_write_one(struct ssh *ssh, Channel *c, const u_char *p, size_t len)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;

	if (send(c->wfd, p, len, MSG_NOSIGNAL) == -1) {
		if (errno != EINTR && errno != EAGAIN &&
		    errno != EWOULDBLOCK && errno != ECONNREFUSED &&
		    errno != EMSGSIZE && errno != ENOBUFS) {
			debug2("channel %d: %s write: %s", c->self,
			    sctp_fwd_proto_name(f->proto), strerror(errno));
			chan_write_failed(ssh, c);
			return -1;
		}
		f->dropped++;
	}
	return 1;
}

/* c->output holds CHANNEL_DATA strings for the socket. */
int
sctp_fwd_handle_wfd(struct ssh *ssh, Channel *c)
{
	struct sctp_fwd_chan *f = c->sctp_fwd;
	const u_char *p;
	size_t len, olen;
	int i, r;

	if (f->role == FWD_FLOW)
		return sctp_fwd_udp_flow_write(ssh, c);
	if ((c->io_ready & SSH_CHAN_IO_WFD) == 0)
		return 1;
	olen = sshbuf_len(c->output);
	for (i = 0; i < (f->unseq ? 4096 : 64) &&
	    sshbuf_len(c->output) != 0; i++) {
		if ((r = sshbuf_peek_string_direct(c->output, &p, &len)) != 0)
			fatal_fr(r, "channel %d: get datagram", c->self);
#ifdef WITH_SCTP
		if (f->proto == SCTP_FWD_SCTP)
			r = sctp_write_one(ssh, c, p, len);
		else
#endif
			r = dgram_write_one(ssh, c, p, len);
		if (r < 0)
			return -1;
		if (r == 0)
			break;
		if ((r = sshbuf_consume(c->output, 4 + len)) != 0)
			fatal_fr(r, "channel %d: consume", c->self);
	}
	if (olen != sshbuf_len(c->output))
		sctp_fwd_channel_used(ssh, c);
	sctp_fwd_consumed(c, olen - sshbuf_len(c->output));
	return 1;
}
