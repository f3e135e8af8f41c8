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
 * the core, what channels.c, clientloop.c and serverloop.c call
 * (sctp-fwd.h).  The listening side of ssh -L, sshd's side of the opens,
 * and the channel glue; what differs per protocol is behind the table of
 * protocols below (fwd-sctp.c, fwd-udp.c, fwd-dccp.c), as channels.c's
 * handlers are behind its tables.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include <errno.h>
#include <netdb.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-msg.h"
#include "sctp/sctp-fwd-options.h"
#include "sctp/fwd-int.h"

/* By SCTP_FWD_*; TCP is upstream's. */
static const struct fwd_proto *protos[] = {
	NULL,
	&fwd_sctp_proto,
	&fwd_udp_proto,
	&fwd_dccp_proto,
};

const struct fwd_proto *
fwd_proto_of(int proto)
{
	if (proto <= SCTP_FWD_TCP || proto > SCTP_FWD_DCCP)
		return NULL;
	return protos[proto];
}

/* The protocol whose name at offset off of struct fwd_proto is s. */
const struct fwd_proto *
fwd_proto_by_type(const char *s, size_t off)
{
	const char *name;
	int i;

	for (i = SCTP_FWD_SCTP; i <= SCTP_FWD_DCCP; i++) {
		name = *(const char * const *)((const u_char *)protos[i] + off);
		if (strcmp(s, name) == 0)
			return protos[i];
	}
	return NULL;
}

void
fwd_chan_free(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;

	if (f == NULL)
		return;
	sctp_ms_channel_gone(ssh->sctp_ms, c->self);
	if (f->ops->free != NULL)
		f->ops->free(ssh, c);
	if (f->role == FWD_LISTENER)
		fwd_listener_gone(ssh, c);
	if (f->dropped != 0)
		verbose("channel %d: %s forward: %lu %s dropped", c->self,
		    f->ops->name, f->dropped, f->ops->units);
	fwd_chan_drop(f);
	c->sctp_fwd = NULL;
}

/*
 * nchan.c, at the end of the channel's output: an association that is to
 * abort (3.3) is not shut down first, or its peer would read a clean end.
 */
int
fwd_shutdown_write(struct ssh *ssh, Channel *c)
{
	if (c->sctp_fwd == NULL || !c->sctp_fwd->aborting)
		return 0;
	debug2_f("channel %d: no shutdown: the association aborts", c->self);
	return 1;
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

	if ((ms = fwd_ms(ssh)) == NULL || c->sctp_fwd->ops->spread == NULL)
		return;
	(void)c->sctp_fwd->ops->spread(ms, c);
}

/*
 * The confirmer, about to send the confirmation: of a UDP or DCCP
 * channel, it takes unsequenced packets from now on (2.8); an SCTP
 * channel's first end is drained for and checked from now on (3.8).
 */
static void
confirming(struct ssh *ssh, Channel *c)
{
	struct sctp_ms_conn *ms;

	if ((ms = fwd_ms(ssh)) == NULL)
		return;
	if (c->sctp_fwd->ops->lossy)
		sctp_ms_unseq_expect(ms);
	else if (c->sctp_fwd->proto == SCTP_FWD_SCTP && c->have_remote_id)
		(void)sctp_ms_sctp_channel(ms, c->self, c->remote_id);
}

int
fwd_is_open_type(const char *ctype)
{
	return fwd_proto_by_type(ctype,
	    offsetof(struct fwd_proto, direct_type)) != NULL;
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
fwd_setup_local(struct ssh *ssh, struct Forward *fwd,
    struct ForwardOptions *fo)
{
	int allocated = 0;

	free(fwd_ctx(ssh)->listen_err);
	fwd_ctx(ssh)->listen_err = NULL;
	if (fwd->connect_host == NULL) {
		fwd_listen_fail(ssh, "Local forwarding with a protocol (/%s) "
		    "needs a destination: dynamic (SOCKS) forwarding is TCP "
		    "only", sctp_fwd_proto_name(fwd->proto));
		return 0;
	}
	return fwd_listen(ssh, fwd, fo, 0,
	    sctp_fwd_options_of(ssh)->dccp_service, &allocated);
}

/*
 * The reply to a control client whose -O forward failed: why, where a
 * local listener of ours could not be set up, else upstream's words.
 */
char *
sctp_fwd_mux_failmsg(struct ssh *ssh, const struct Forward *fwd, int local)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	char *ret;

	if (local && fwd->proto != SCTP_FWD_TCP && ctx->listen_err != NULL)
		xasprintf(&ret, "Port forwarding failed: %s", ctx->listen_err);
	else
		ret = xstrdup("Port forwarding failed");
	free(ctx->listen_err);
	ctx->listen_err = NULL;
	return ret;
}

/*
 * Listen for a forward (ssh -L, or sshd for -R); an SCTP list is one
 * multi-homed socket, UDP and DCCP a socket per address.  Port 0 takes
 * one port for all, returned in *allocated.  Returns 1 if listening.
 */
int
fwd_listen(struct ssh *ssh, struct Forward *fwd, struct ForwardOptions *fo,
    int remote, u_int service, int *allocated)
{
	const struct fwd_proto *p;
	const char *host;
	char port[16];
	int wildcard;

	*allocated = 0;
	if ((p = fwd_proto_of(fwd->proto)) == NULL)
		return 0;
	host = bind_host(fwd->listen_host, fo->gateway_ports, remote);
	wildcard = host == NULL;
	if (host == NULL)
		host = "*";
	snprintf(port, sizeof(port), "%d", fwd->listen_port);
	return p->listen(ssh, p, fwd, remote, host, wildcard, port, service,
	    allocated);
}

/* A listener of ssh -L (or sshd's of -R) is readable. */
void
fwd_post_listener(struct ssh *ssh, Channel *c)
{
	c->sctp_fwd->ops->post_listener(ssh, c);
}

/*
 * ssh: the confirmation's fields for the channel's type (3.3), all of
 * what follows the maximum packet size.  If they are wrong, that is the
 * channel's problem (3.7), not the connection's: fwd_opened() closes
 * the channel once it is open.
 */
int
fwd_open_confirmation(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;
	struct sshbuf *b;
	const u_char *p;
	size_t len;
	int r, ret = 0;

	p = sshpkt_ptr(ssh, &len);
	if ((b = sshbuf_from(p, len)) == NULL)
		fatal_f("sshbuf_from");
	if (fwd_confirm_fields(f->ops, b, &f->peer_ostreams,
	    &f->peer_istreams) != 0) {
		ret = -1;
		error("channel %d: %s forward: bad open confirmation (%zu "
		    "bytes after the maximum packet size)", c->self,
		    f->ops->name, len);
	} else if (f->ops->confirm_get != NULL)
		debug2("channel %d: destination association has %u/%u "
		    "streams", c->self, f->peer_ostreams, f->peer_istreams);
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
fwd_channel_request(struct ssh *ssh, Channel *c, const char *rtype)
{
	struct fwd_chan *f = c->sctp_fwd;
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
		    !f->confirmer || f->ready || fwd_ms(ssh) == NULL) {
			fwd_chan_error(ssh, c, "bad ready request");
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
	if ((r = sshpkt_get_end(ssh)) != 0 || f->ops->aborted == NULL ||
	    f->role != FWD_CONN) {
		fwd_chan_error(ssh, c, "bad sctp-abort request");
		return 0;
	}
	verbose("channel %d: the far association was aborted: aborting "
	    "this one", c->self);
	f->ops->aborted(ssh, c);
	channel_force_close(ssh, c, 1);
	return 1;
}

/* The opener: the channel is open (after fwd_open_confirmation). */
void
fwd_opened(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;
	int r;

	/* 3.8: confirmed, its first end is drained for, whatever ends it */
	if (f->proto == SCTP_FWD_SCTP && fwd_ms(ssh) != NULL)
		(void)sctp_ms_sctp_channel(fwd_ms(ssh), c->self, c->remote_id);
	if (f->bad_confirm) {
		fwd_chan_error(ssh, c, "bad open confirmation");
		return;
	}
	/* 3.3: aborted while it opened: abort the far one too */
	if (f->abort_pending && f->ops->abort != NULL) {
		f->ops->abort(ssh, c);
		channel_force_close(ssh, c, 1);
		return;
	}
	if (f->ops->opened != NULL)
		f->ops->opened(ssh, c);
	if (fwd_ms(ssh) == NULL || c->sctp_fwd->role == FWD_LISTENER)
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
fwd_connect(struct ssh *ssh, int proto, const char *ctype, const char *host,
    u_int portnum, const struct sctp_fwd_options *o, u_int os, u_int is,
    u_int service, int *reason, const char **errmsg)
{
	const struct fwd_proto *p = fwd_proto_of(proto);
	struct fwd_chan *f;
	char port[16];
	int fd, type = SSH_CHANNEL_CONNECTING;
	Channel *c;

	snprintf(port, sizeof(port), "%u", portnum);
	f = fwd_chan_new(ssh, p, FWD_CONN);
	f->opts = o;
	f->service = service;
	f->confirmer = 1;
	if ((f->msg = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new");
	if ((fd = p->connect(ssh, f, host, port, os, is, &type, reason,
	    errmsg)) == -1) {
		fwd_chan_drop(f);
		return NULL;
	}
	c = channel_new(ssh, (char *)ctype, type, fd, fd, -1, fwd_window(o),
	    p->maxpacket, 0, ctype, 1);
	c->sctp_fwd = f;
	c->datagram = 1;
	if (type == SSH_CHANNEL_OPEN)	/* the caller confirms at once */
		confirming(ssh, c);
	return c;
}

/*
 * The fields of a direct-* or forwarded-* open after the channel, window
 * and maximum packet size (3.3 to 3.5): all of b.  The address list goes
 * to *a, to be freed by the caller on success; nothing is left to free
 * on failure (an SSH_ERR_* value).
 */
int
fwd_open_fields(const struct fwd_proto *pr, struct sshbuf *b, int listening,
    struct sctp_fwd_addrs *a, char **origp, u_int *orig_portp, u_int *osp,
    u_int *isp, u_int *servicep)
{
	int r;

	memset(a, 0, sizeof(*a));
	*origp = NULL;
	*osp = *isp = *servicep = 0;
	if ((r = sctp_fwd_addrs_get(b, a, listening)) != 0 ||
	    (r = sshbuf_get_cstring(b, origp, NULL)) != 0 ||
	    (r = sshbuf_get_u32(b, orig_portp)) != 0 ||
	    (pr->open_get != NULL &&
	    (r = pr->open_get(b, osp, isp, servicep)) != 0))
		goto fail;
	if (sshbuf_len(b) != 0 || *orig_portp > 65535 ||
	    (!pr->addr_lists && a->naddrs != 1)) {
		r = SSH_ERR_INVALID_FORMAT;
		goto fail;
	}
	return 0;
 fail:
	sctp_fwd_addrs_free(a);
	free(*origp);
	*origp = NULL;
	return r;
}

/*
 * The fields of an open confirmation after the maximum packet size (3.3):
 * all of b; the destination's streams where the protocol has them.
 */
int
fwd_confirm_fields(const struct fwd_proto *pr, struct sshbuf *b,
    u_int *osp, u_int *isp)
{
	int r;

	*osp = *isp = 0;
	if (pr->confirm_get != NULL && (r = pr->confirm_get(b, osp, isp)) != 0)
		return r;
	return sshbuf_len(b) == 0 ? 0 : SSH_ERR_INVALID_FORMAT;
}

/*
 * The rest of the packet as an open's fields (fwd_open_fields); the
 * address list goes to *hostp as "a,b".  -1 if malformed.
 */
int
fwd_parse_open(struct ssh *ssh, int proto, int listening, char **hostp,
    u_int *portp, char **origp, u_int *orig_portp, u_int *osp, u_int *isp,
    u_int *servicep)
{
	const struct fwd_proto *pr = fwd_proto_of(proto);
	struct sctp_fwd_addrs a;
	struct sshbuf *b;
	const u_char *p;
	size_t len;
	int r;

	*hostp = NULL;
	p = sshpkt_ptr(ssh, &len);
	if ((b = sshbuf_from(p, len)) == NULL)
		fatal_f("sshbuf_from");
	if ((r = fwd_open_fields(pr, b, listening, &a, origp, orig_portp,
	    osp, isp, servicep)) != 0) {
		error_f("bad %s open: %s", pr->name, ssh_err(r));
		sshbuf_free(b);
		return -1;
	}
	(void)sshpkt_get(ssh, NULL, len);
	*hostp = fwd_addr_list(&a);
	*portp = a.port;
	sctp_fwd_addrs_free(&a);
	sshbuf_free(b);
	return 0;
}

/*
 * Whether sshd's policy allows a forward of proto for where (FORWARD_LOCAL
 * or FORWARD_REMOTE) to each address of the list host, and port: 3.2 has
 * every address pass on its own.
 */
int
fwd_policy_allows(const struct sctp_fwd_policy *pol,
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

/*
 * sshd: a CHANNEL_OPEN of a direct-* type (3.3 to 3.5).  A malformed or
 * refused open is an open failure, never a disconnect.
 */
Channel *
fwd_server_open(struct ssh *ssh, const char *ctype,
    const struct sctp_fwd_options *o, const struct sctp_fwd_policy *pol,
    int *reason, const char **errmsg)
{
	char *orig = NULL, *host = NULL;
	u_int port = 0, orig_port = 0, os = 0, is = 0, service = 0;
	const struct fwd_proto *p;
	Channel *c = NULL;

	*reason = SSH2_OPEN_CONNECT_FAILED;
	*errmsg = NULL;
	if ((p = fwd_proto_by_type(ctype,
	    offsetof(struct fwd_proto, direct_type))) == NULL) {
		*reason = SSH2_OPEN_UNKNOWN_CHANNEL_TYPE;
		return NULL;
	}
	if (fwd_parse_open(ssh, p->proto, 0, &host, &port, &orig, &orig_port,
	    &os, &is, &service) != 0) {
		*errmsg = "bad address list";
		return NULL;
	}
	debug_f("%s: originator %s port %u, target %s port %u", ctype, orig,
	    orig_port, host, port);
	if (!fwd_policy_allows(pol, o, FORWARD_LOCAL, p->proto, host,
	    port)) {
		logit("refused local %s forward: originator %s port %u, "
		    "target %s port %u", p->name, orig,
		    orig_port, host, port);
		*reason = SSH2_OPEN_ADMINISTRATIVELY_PROHIBITED;
		goto out;
	}
	if ((c = fwd_connect(ssh, p->proto, p->direct_type, host, port, o,
	    os, is, service, reason, errmsg)) != NULL)
		debug("channel %d: %s forward to %s port %u for %s port %u",
		    c->self, p->name, host, port, orig,
		    orig_port);
 out:
	free(orig);
	free(host);
	return c;
}

/* sshd: the connection to the destination is made, or has failed. */
void
fwd_post_connecting(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;
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
		    f->ops->name, strerror(err));
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
	if (f->ops->connected != NULL)
		f->ops->connected(ssh, c);
	debug("channel %d: %s forward connected (%u/%u streams)", c->self,
	    f->ops->name, f->ostreams, f->istreams);
	c->type = SSH_CHANNEL_OPEN;
	fwd_channel_used(ssh, c);
	if ((b = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new");
	if (f->ops->confirm_put != NULL && (r = f->ops->confirm_put(b, f)) != 0)
		fatal_fr(r, "confirmation");
	confirming(ssh, c);
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
	 * the socket, not read, keeps the source waiting.  Lossy protocols
	 * read and drop instead.
	 */
	if (fwd_ms(ssh) != NULL && !f->ops->lossy) {
		f->held_window = c->remote_window;
		c->remote_window = 0;
	}
}

/* A socket of the channel's own was readable (SCTP, DCCP, UDP). */
int
fwd_handle_rfd(struct ssh *ssh, Channel *c)
{
	if ((c->io_ready & SSH_CHAN_IO_RFD) == 0)
		return 1;
	return c->sctp_fwd->ops->read(ssh, c);
}

/* c->output holds CHANNEL_DATA strings for the socket. */
int
fwd_handle_wfd(struct ssh *ssh, Channel *c)
{
	return c->sctp_fwd->ops->write(ssh, c);
}
