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
 * Remote forwarding of SCTP, UDP and DCCP (ssh -R; PROTOCOL.sctp 3.3 to
 * 3.5): ssh asks sshd to listen with a global request and connects the
 * forwarded-* channels sshd opens; sshd checks its policy, listens
 * (fwd_listen(), as ssh does for -L), and cancels on request.  The
 * cancels of -L listeners (~C -KL, -O cancel) are here too.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "openbsd-compat/sys-queue.h"
#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "ssh2.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "packet.h"
#include "channels.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-msg.h"
#include "sctp/sctp-fwd-options.h"
#include "sctp/fwd-int.h"

/* Above any index of upstream's permission table: never updates it. */
#define RFWD_HANDLE_BASE	1000000

/* The protocol of a request, channel type, or cancel; NULL if none. */
#define PROTO_BY(s, field) \
	fwd_proto_by_type((s), offsetof(struct fwd_proto, field))

/* As upstream's channel_rfwd_bind_host(): what the request names. */
static const char *
rfwd_bind_host(const struct Forward *fwd)
{
	if (fwd->listen_host == NULL)
		return "localhost";
	if (*fwd->listen_host == '\0' || strcmp(fwd->listen_host, "*") == 0)
		return "";
	return fwd->listen_host;
}

/*
 * ssh: sshd's answer to a request of ours (channel_update_permission()
 * with our handle): the port it chose, or <= 0 when it refused.  Whether
 * the handle was ours.
 */
int
fwd_remote_port(struct ssh *ssh, int handle, int port)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	struct fwd_rfwd *rf;

	if (handle < RFWD_HANDLE_BASE ||
	    (u_int)(handle - RFWD_HANDLE_BASE) >= ctx->nrfwds)
		return 0;
	rf = &ctx->rfwds[handle - RFWD_HANDLE_BASE];
	if (port <= 0)
		rf->proto = -1;	/* refused: nothing to connect or cancel */
	else
		rf->allocated = port;
	return 1;
}

/*
 * ssh: cancel a remote forward of ours (~C -KR, -O cancel): the request
 * for the host and port it was asked with, or the port sshd chose.  0, or
 * -1 if no such forward was asked for.
 */
int
fwd_cancel_remote(struct ssh *ssh, struct Forward *fwd)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	const struct fwd_proto *p;
	struct fwd_rfwd *rf = NULL, *rfwds = ctx->rfwds;
	struct sshbuf *b;
	const char *host = rfwd_bind_host(fwd);
	int port, r;
	u_int i;

	if ((p = fwd_proto_of(fwd->proto)) == NULL)
		return -1;
	port = fwd->listen_port != 0 ? fwd->listen_port : fwd->allocated_port;
	for (i = 0; i < ctx->nrfwds && rf == NULL; i++) {
		if (rfwds[i].proto == fwd->proto &&
		    strcmp(rfwds[i].listen_host, host) == 0 &&
		    (rfwds[i].listen_port == port || (port != 0 &&
		    rfwds[i].listen_port == 0 && rfwds[i].allocated == port)))
			rf = &rfwds[i];
	}
	if (rf == NULL) {
		debug_f("no remote %s forward of %s port %d",
		    sctp_fwd_proto_name(fwd->proto), host, port);
		return -1;
	}
	if (rf->listen_port == 0 && rf->allocated == 0) {
		/* sshd has not said which port yet: nothing to name */
		debug_f("remote %s forward of port 0 not allocated yet",
		    sctp_fwd_proto_name(rf->proto));
		return -1;
	}
	if (rf->listen_port == 0)
		port = rf->allocated;
	if ((b = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new");
	if ((r = fwd_put_addr_list(b, rf->listen_host, port)) != 0 ||
	    (p->has_service && (r = sshbuf_put_u32(b,
	    sctp_fwd_options_of(ssh)->dccp_service)) != 0) ||
	    (r = sshpkt_start(ssh, SSH2_MSG_GLOBAL_REQUEST)) != 0 ||
	    (r = sshpkt_put_cstring(ssh, p->cancel)) != 0 ||
	    (r = sshpkt_put_u8(ssh, 0)) != 0 ||	/* want reply */
	    (r = sshpkt_putb(ssh, b)) != 0 ||
	    (r = sshpkt_send(ssh)) != 0)
		fatal_fr(r, "cancel");
	sshbuf_free(b);
	debug("Remote %s forward of %s port %d cancelled",
	    sctp_fwd_proto_name(rf->proto), rf->listen_host, port);
	rf->proto = -1;		/* its opens are refused from now on */
	return 0;
}

/* ssh -R with a protocol: ask sshd to listen (3.3 to 3.5). */
int
fwd_request_remote(struct ssh *ssh, struct Forward *fwd)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	const struct fwd_proto *p = fwd_proto_of(fwd->proto);
	struct fwd_rfwd *rf;
	struct sshbuf *b;
	const char *host;
	int r;

	if (p == NULL)
		return -1;
	if (fwd->connect_host == NULL) {
		error("Remote forwarding with a protocol (/%s) needs a "
		    "destination: dynamic (SOCKS) forwarding is TCP only",
		    sctp_fwd_proto_name(fwd->proto));
		return -1;
	}
	host = rfwd_bind_host(fwd);
	if ((b = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new");
	if ((r = fwd_put_addr_list(b, host, fwd->listen_port)) != 0 ||
	    (p->has_service && (r = sshbuf_put_u32(b,
	    sctp_fwd_options_of(ssh)->dccp_service)) != 0))
		fatal_fr(r, "request");
	if ((r = sshpkt_start(ssh, SSH2_MSG_GLOBAL_REQUEST)) != 0 ||
	    (r = sshpkt_put_cstring(ssh, p->request)) != 0 ||
	    (r = sshpkt_put_u8(ssh, 1)) != 0 ||	/* want reply */
	    (r = sshpkt_putb(ssh, b)) != 0 ||
	    (r = sshpkt_send(ssh)) != 0 ||
	    (r = ssh_packet_write_wait(ssh)) != 0)
		fatal_fr(r, "request %s", p->request);
	sshbuf_free(b);
	ctx->rfwds = xrecallocarray(ctx->rfwds, ctx->nrfwds, ctx->nrfwds + 1,
	    sizeof(*ctx->rfwds));
	rf = &ctx->rfwds[ctx->nrfwds++];
	rf->proto = fwd->proto;
	rf->listen_host = xstrdup(host);
	rf->listen_port = fwd->listen_port;
	rf->connect_host = xstrdup(fwd->connect_host);
	rf->connect_port = fwd->connect_port;
	rf->allocated = 0;
	debug("Remote %s forward requested: %s port %d to %s port %d",
	    sctp_fwd_proto_name(fwd->proto), host, fwd->listen_port,
	    fwd->connect_host, fwd->connect_port);
	return RFWD_HANDLE_BASE + ctx->nrfwds - 1;
}

int
fwd_is_forwarded_type(const char *ctype)
{
	return PROTO_BY(ctype, forwarded_type) != NULL;
}

/*
 * ssh: sshd opens a forwarded-* channel.  Only a port this ssh asked for
 * is connected, to the destination of that forward (as upstream checks
 * forwarded-tcpip against its permissions); for a forward of port 0, the
 * port the server chose, named with the listening address it asked for.
 */
Channel *
fwd_client_open(struct ssh *ssh, const char *ctype, int *reason,
    const char **errmsg)
{
	char *orig = NULL, *host = NULL;
	u_int port = 0, orig_port = 0, os = 0, is = 0, service = 0, i;
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	struct fwd_rfwd *fwd = NULL, *rfwds = ctx->rfwds;
	const struct fwd_proto *p;
	int proto;
	Channel *c = NULL;

	*reason = SSH2_OPEN_ADMINISTRATIVELY_PROHIBITED;
	*errmsg = NULL;
	if ((p = PROTO_BY(ctype, forwarded_type)) == NULL ||
	    fwd_parse_open(ssh, p->proto, 1, &host, &port, &orig,
	    &orig_port, &os, &is, &service) != 0) {
		*errmsg = "bad open";
		return NULL;
	}
	proto = p->proto;
	/* The listening addresses as the request named them, and its port */
	for (i = 0; i < ctx->nrfwds && fwd == NULL; i++) {
		if (rfwds[i].proto == proto &&
		    strcmp(rfwds[i].listen_host, host) == 0 &&
		    (rfwds[i].listen_port == (int)port ||
		    (rfwds[i].listen_port == 0 &&
		    rfwds[i].allocated == (int)port)))
			fwd = &rfwds[i];
	}
	/* Port 0 whose reply has not been processed yet */
	for (i = 0; i < ctx->nrfwds && fwd == NULL; i++) {
		if (rfwds[i].proto == proto && rfwds[i].listen_port == 0 &&
		    rfwds[i].allocated == 0 &&
		    strcmp(rfwds[i].listen_host, host) == 0)
			fwd = &rfwds[i];
	}
	if (fwd == NULL) {
		logit("refused %s from %s port %u: port %u/%s was not "
		    "forwarded", ctype, orig, orig_port, port, p->name);
		goto out;
	}
	debug("%s from %s port %u to %s port %d", ctype, orig, orig_port,
	    fwd->connect_host, fwd->connect_port);
	*reason = SSH2_OPEN_CONNECT_FAILED;
	c = fwd_connect(ssh, proto, p->forwarded_type,
	    fwd->connect_host, fwd->connect_port, sctp_fwd_options_of(ssh),
	    os, is, service, reason, errmsg);
 out:
	free(orig);
	free(host);
	return c;
}

/*
 * ssh: close the -L listeners of fwd's protocol and port (~C -KL, -O
 * cancel) that were set up with fwd's listening addresses (none: the
 * default); how many.  Their channels go on until they end.
 */
int
fwd_cancel_local(struct ssh *ssh, struct Forward *fwd)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	Channel *c;
	char *path;
	u_int i;
	int found = 0;

	path = fwd_listener_path(fwd);
	for (i = 0; i < ctx->nlisteners;) {
		if ((c = channel_by_id(ssh, ctx->listeners[i])) != NULL &&
		    c->sctp_fwd != NULL && !c->sctp_fwd->remote &&
		    c->sctp_fwd->proto == fwd->proto &&
		    c->listening_port == fwd->listen_port &&
		    c->path != NULL && strcmp(c->path, path) == 0) {
			debug_f("channel %d: local %s forward port %d "
			    "cancelled", c->self, sctp_fwd_proto_name(
			    fwd->proto), fwd->listen_port);
			channel_free(ssh, c);	/* leaves the list */
			found++;
			continue;
		}
		i++;
	}
	free(path);
	return found;
}

int
fwd_is_global_request(const char *rtype)
{
	return PROTO_BY(rtype, request) != NULL ||
	    PROTO_BY(rtype, cancel) != NULL;
}

/* sshd: close the listeners of a forward. */
static int
cancel(struct ssh *ssh, int proto, const char *host, u_int port)
{
	struct fwd_ctx *ctx = fwd_ctx(ssh);
	Channel *c;
	u_int i;
	int found = 0;

	for (i = 0; i < ctx->nlisteners;) {
		if ((c = channel_by_id(ssh, ctx->listeners[i])) != NULL &&
		    c->sctp_fwd != NULL && c->sctp_fwd->remote &&
		    c->sctp_fwd->proto == proto &&
		    (u_int)c->listening_port == port &&
		    strcmp(c->sctp_fwd->connect_host, host) == 0) {
			debug_f("channel %d: %s forward %s port %u cancelled",
			    c->self, sctp_fwd_proto_name(proto), host, port);
			channel_free(ssh, c);	/* leaves the list */
			found = 1;
			continue;
		}
		i++;
	}
	return found;
}

/*
 * The fields of a *-forward request or its cancel (3.2): all of b.  The
 * address list goes to *a, to be freed by the caller on success; nothing
 * is left to free on failure (an SSH_ERR_* value).
 */
int
fwd_global_fields(const struct fwd_proto *pr, struct sshbuf *b,
    struct sctp_fwd_addrs *a, u_int *servicep)
{
	int r;

	*servicep = 0;
	if ((r = sctp_fwd_addrs_get(b, a, 1)) != 0)
		return r;
	if (pr->has_service && (r = sshbuf_get_u32(b, servicep)) != 0)
		goto fail;
	if (sshbuf_len(b) != 0 || (!pr->addr_lists && a->naddrs != 1)) {
		r = SSH_ERR_INVALID_FORMAT;
		goto fail;
	}
	return 0;
 fail:
	sctp_fwd_addrs_free(a);
	return r;
}

/*
 * sshd: sctpip-forward, udpip-forward, dccpip-forward and their cancels.
 * Returns whether the request succeeded; *respp gets the port sshd chose
 * when port 0 was asked for.
 */
int
fwd_server_global(struct ssh *ssh, const char *rtype, int want_reply,
    const struct sctp_fwd_options *o, const struct sctp_fwd_policy *pol,
    struct ForwardOptions *fo, struct sshbuf **respp)
{
	struct sctp_fwd_addrs a;
	struct Forward fwd;
	struct sshbuf *b;
	const u_char *p;
	size_t len;
	const struct fwd_proto *pr;
	char *host = NULL;
	u_int service = 0;
	int proto, is_cancel = 0, r, ok = 0, allocated = 0;

	memset(&a, 0, sizeof(a));
	memset(&fwd, 0, sizeof(fwd));
	*respp = NULL;
	if ((pr = PROTO_BY(rtype, request)) == NULL &&
	    (pr = PROTO_BY(rtype, cancel)) != NULL)
		is_cancel = 1;
	if (pr == NULL)
		return 0;
	proto = pr->proto;
	p = sshpkt_ptr(ssh, &len);
	if ((b = sshbuf_from(p, len)) == NULL)
		fatal_f("sshbuf_from");
	if ((r = fwd_global_fields(pr, b, &a, &service)) != 0) {
		logit("bad %s request from %s: %s", rtype,
		    ssh_remote_ipaddr(ssh), ssh_err(r));
		goto out;
	}
	(void)sshpkt_get(ssh, NULL, len);
	host = fwd_addr_list(&a);
	if (is_cancel) {
		ok = cancel(ssh, proto, host, a.port);
		goto out;
	}
	if (!fwd_policy_allows(pol, o, FORWARD_REMOTE, proto, host,
	    a.port) || (!want_reply && a.port == 0)) {
		logit("refused remote %s forward: listen %s port %u",
		    sctp_fwd_proto_name(proto), host, a.port);
		ssh_packet_send_debug(ssh, "Server has disabled %s "
		    "forwarding.", sctp_fwd_proto_name(proto));
		goto out;
	}
	fwd.proto = proto;
	fwd.listen_host = host;
	fwd.listen_port = a.port;
	if ((ok = fwd_listen(ssh, &fwd, fo, 1, service,
	    &allocated)) && a.port == 0) {
		if ((*respp = sshbuf_new()) == NULL ||
		    (r = sshbuf_put_u32(*respp, allocated)) != 0)
			fatal_f("reply");
		debug("Allocated port %d for remote %s forward", allocated,
		    sctp_fwd_proto_name(proto));
	}
 out:
	sctp_fwd_addrs_free(&a);
	sshbuf_free(b);
	free(host);
	return ok;
}
