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
 * Forwarding SCTP (PROTOCOL.sctp 3.3, 3.8): multi-homed listeners and
 * associations, messages with their stream, PPI and unordered flag, read
 * in pieces that fit the channel and joined again before they are sent,
 * aborts passed on (sctp-abort), and the forwarded streams mapped onto
 * SSH streams.
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
#include "sctp/sctp-cmsg.h"
#include "sctp/sctp-event.h"
#include "sctp/sctp-net.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-msg.h"
#include "sctp/sctp-fwd-options.h"
#include "sctp/fwd-int.h"

#define FWD_SCTP_STREAMS	1024	/* offered to sources (ssh -L) */

#ifdef WITH_SCTP

/*
 * 3.3: abort a forwarded association.  A one-to-one socket cannot send
 * SCTP_ABORT (EINVAL); close(2) with SO_LINGER 0 aborts instead of
 * shutting down.  So the socket is never shut down (fwd_shutdown_write())
 * and aborts when the channel closes it, after what is queued is written.
 */
static void
abort_at_close(Channel *c)
{
	struct linger lin;

	if (c->sock == -1 || c->sctp_fwd->aborting)
		return;
	memset(&lin, 0, sizeof(lin));
	lin.l_onoff = 1;
	if (setsockopt(c->sock, SOL_SOCKET, SO_LINGER, &lin,
	    sizeof(lin)) == -1) {
		error_f("channel %d: SO_LINGER: %s", c->self, strerror(errno));
		return;
	}
	c->sctp_fwd->aborting = 1;
	debug2("channel %d: forwarded association aborts at close", c->self);
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

/* An error closes the channel: the association here and there aborts. */
static void
fwd_sctp_abort(struct ssh *ssh, Channel *c)
{
	send_sctp_abort(ssh, c);
	abort_at_close(c);
}

/* The far association was aborted (sctp-abort): this one is too. */
static void
fwd_sctp_aborted(struct ssh *ssh, Channel *c)
{
	abort_at_close(c);
}

/*
 * The smallest retransmission timeout of a forwarded association, in ms.
 * Its peer is an application with its own SACK delay (Linux: 200 ms; up
 * to 500 ms, RFC 9260 6.2), not the 40 ms both SSH ends use.  With
 * SCTPRTOMin (200) a lone message (over loopback a 64 KB message is one
 * packet) timed out before its SACK came, and each spurious timeout cut
 * the window to one packet: 7 in a download of 6 s to iperf3 (regress/vm
 * forward.sh sctp-bulk; doc/benchmarks.md).  So at least RFC 9260's
 * RTO.Min, as a plain application's socket has.
 */
#define FWD_RTO_MIN	1000

/*
 * Over loopback (MTU 64 KB) a 64 KB message would go as a chunk of 65487
 * bytes and a tail of 49, and Linux's default window (106 KB) holds one
 * message: the tail, alone in its packet, waited for the peer's delayed
 * SACK (200 ms) before the next message could go, 2.6 Mbit/s.  Pieces of
 * at most 32 KB cut such a message in two equal packets, whose second the
 * peer acknowledges at once.  Paths of common MTUs cut messages finer.
 */
#define FWD_MAXSEG	32768

/* This side's tuning (SCTPRTOMin and the others), RTO.Min as above. */
static int
sock_tune(int fd, const struct sctp_options *so)
{
	struct sctp_rtoinfo rto;

	if (sctp_socket_tune(fd, so) != 0)
		return -1;
	memset(&rto, 0, sizeof(rto));
	rto.srto_min = MAXIMUM(so->rto_min, FWD_RTO_MIN);
	rto.srto_max = MAXIMUM(so->rto_max, (int)rto.srto_min);
	rto.srto_initial = MAXIMUM(so->rto_initial, (int)rto.srto_min);
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_RTOINFO, &rto,
	    sizeof(rto)) == -1) {
		error_f("SCTP_RTOINFO: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* A forwarded association's socket: streams, events, buffers. */
static int
sock_prep(struct ssh *ssh, int fd, u_int ostreams, u_int istreams,
    int max_message)
{
	const struct sctp_options *so = ssh->sctp_options;
	struct sctp_initmsg im;
	struct sctp_assoc_value av;
	int on = 1, sz;

	/* This side's tuning, then the streams */
	if (so != NULL && sock_tune(fd, so) != 0)
		return -1;
	memset(&im, 0, sizeof(im));
	im.sinit_num_ostreams = MINIMUM(MAXIMUM(ostreams, 1), 65535);
	im.sinit_max_instreams = MINIMUM(MAXIMUM(istreams, 1), 65535);
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_INITMSG, &im, sizeof(im)) ||
	    setsockopt(fd, IPPROTO_SCTP, SCTP_RECVRCVINFO, &on, sizeof(on)) ||
	    setsockopt(fd, IPPROTO_SCTP, SCTP_NODELAY, &on, sizeof(on)) ||
	    sctp_event_set(fd, SCTP_ASSOC_CHANGE, 1) ||
	    sctp_event_set(fd, SCTP_PARTIAL_DELIVERY_EVENT, 1) ||
	    sctp_event_set(fd, SCTP_SHUTDOWN_EVENT, 1)) {
		error_f("SCTP socket options: %s", strerror(errno));
		return -1;
	}
	/* A whole message must fit the send buffer (3.3). */
	sz = max_message + 64 * 1024;
	(void)setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sz, sizeof(sz));
	/* Best effort: a kernel that refuses it cuts at the path MTU. */
	memset(&av, 0, sizeof(av));
	av.assoc_value = FWD_MAXSEG;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_MAXSEG, &av, sizeof(av)) == -1)
		debug2_f("SCTP_MAXSEG %d: %s", FWD_MAXSEG, strerror(errno));
	return 0;
}

static void
get_streams(int fd, u_int *os, u_int *is)
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

/* Listen on the addresses of host (NULL: every one), one socket. */
static int
fwd_sctp_listen(struct ssh *ssh, const struct fwd_proto *p,
    struct Forward *fwd, int remote, const char *host, int wildcard,
    const char *port, u_int service, int *allocated)
{
	const struct sctp_fwd_options *o = sctp_fwd_options_of(ssh);
	struct addrinfo hints, *aitop = NULL;
	struct sctp_addrlist *al = NULL;
	char *err = NULL, *what = NULL;
	u_char *packed = NULL;
	size_t packedlen = 0;
	int fd = -1, npacked = 0, n = 0, family, on = 1, r;

	if (wildcard) {
		memset(&hints, 0, sizeof(hints));
		hints.ai_family = AF_INET6;
		hints.ai_socktype = SOCK_STREAM;
		hints.ai_flags = AI_PASSIVE;
		if ((r = getaddrinfo(NULL, port, &hints, &aitop)) != 0) {
			fwd_listen_fail(ssh, "%s/sctp: %s", port,
			    ssh_gai_strerror(r));
			return 0;
		}
		if (sctp_addrs_append(&packed, &packedlen, &npacked,
		    aitop->ai_addr) != 0)
			fatal_f("sctp_addrs_append");
		freeaddrinfo(aitop);
	} else if ((al = sctp_addrlist_parse(host, 0, &err)) == NULL ||
	    sctp_addrlist_resolve(al, port, AF_UNSPEC, 1, &packed,
	    &packedlen, &npacked, &err) != 0) {
		fwd_listen_fail(ssh, "Forwarding %s/sctp: %s", host, err);
		goto out;
	}
	if (npacked > SCTP_FWD_MAX_ADDRS) {
		fwd_listen_fail(ssh, "Forwarding %s/sctp: more than %d "
		    "addresses", host, SCTP_FWD_MAX_ADDRS);
		goto out;
	}
	family = sctp_addrs_any_v6(packed, packedlen) ? AF_INET6 : AF_INET;
	what = sctp_addrs_string(packed, npacked);
	if ((fd = fwd_socket(p, family)) == -1) {
		fwd_listen_fail(ssh, "Forwarding %s port %s/sctp: %s", what,
		    port, fwd_unsupported(errno) ? p->unsupported :
		    strerror(errno));
		goto out;
	}
	(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
	if (sock_prep(ssh, fd, FWD_SCTP_STREAMS, FWD_SCTP_STREAMS,
	    o->max_message) != 0 ||
	    sctp_bindx(fd, (struct sockaddr *)packed, npacked,
	    SCTP_BINDX_ADD_ADDR) == -1 || listen(fd, 64) == -1) {
		fwd_listen_fail(ssh, "Forwarding %s port %s/sctp: %s", what,
		    port, strerror(errno));
		goto out;
	}
	if (fwd->listen_port == 0)
		*allocated = get_local_port(fd);
	(void)fwd_new_listener(ssh, p, fd, fwd, remote,
	    fwd->listen_port == 0 ? *allocated : fwd->listen_port, service,
	    what);
	fd = -1;
	n = 1;
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

static void
fwd_sctp_accepted(int fd, struct fwd_chan *nf)
{
	get_streams(fd, &nf->ostreams, &nf->istreams);
	if (nf->ostreams == 0 || nf->istreams == 0) {
		/*
		 * Ended before it was accepted (SCTP_STATUS fails), its
		 * messages still to be read: they used no stream beyond
		 * what the listener offered.
		 */
		debug2_f("association ended before it was accepted");
		nf->ostreams = nf->istreams = FWD_SCTP_STREAMS;
	}
	nf->join = sctp_fwd_join_new(nf->opts->max_message);
	sctp_log_assoc(fd, NULL, 0);
}

/* Connect to host, "a,b", with the streams the open asked for. */
static int
fwd_sctp_connect(struct ssh *ssh, struct fwd_chan *f, const char *host,
    const char *port, u_int os, u_int is, int *type, int *reason,
    const char **errmsg)
{
	static char errbuf[256];
	const struct sctp_fwd_options *o = f->opts;
	struct sctp_addrlist *al;
	u_char *packed = NULL;
	size_t packedlen = 0;
	int fd, npacked = 0;
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
		return -1;
	}
	sctp_addrlist_free(al);
	fd = fwd_socket(&fwd_sctp_proto, sctp_addrs_any_v6(packed,
	    packedlen) ? AF_INET6 : AF_INET);
	if (fd == -1 || sock_prep(ssh, fd, is, os, o->max_message) != 0) {
		*errmsg = fd == -1 && fwd_unsupported(errno) ?
		    fwd_sctp_proto.unsupported : strerror(errno);
		error_f("%s port %s/sctp: %s", host, port, *errmsg);
		free(packed);
		if (fd != -1)
			close(fd);
		return -1;
	}
	set_nonblock(fd);
	if (sctp_connectx(fd, (struct sockaddr *)packed, npacked,
	    NULL) == -1 && errno != EINPROGRESS) {
		snprintf(errbuf, sizeof(errbuf), "%s", strerror(errno));
		*errmsg = errbuf;
		error_f("connect to %s port %s/sctp: %s", host, port, errbuf);
		free(packed);
		close(fd);
		return -1;
	}
	free(packed);
	f->join = sctp_fwd_join_new(o->max_message);
	return fd;
}

/* sshd: the association to the destination is up. */
static void
fwd_sctp_connected(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;

	get_streams(c->sock, &f->ostreams, &f->istreams);
	sctp_log_assoc(c->sock, NULL, 0);
	if (f->opts->fwd_pr != SCTP_FWD_PR_NONE)
		debug("channel %d: messages to the association partially "
		    "reliable (SCTPForwardPolicy %s %d)", c->self,
		    f->opts->fwd_pr == SCTP_FWD_PR_TTL ? "ttl" : "rtx",
		    f->opts->fwd_pr_value);
}

/* The streams of the opener's association, in the open (3.3). */
static int
fwd_sctp_streams_put(struct sshbuf *b, const struct fwd_chan *f)
{
	int r;

	if ((r = sshbuf_put_u16(b, f->ostreams)) != 0 ||
	    (r = sshbuf_put_u16(b, f->istreams)) != 0)
		return r;
	return 0;
}

static int
fwd_sctp_open_get(struct sshbuf *b, u_int *osp, u_int *isp, u_int *servicep)
{
	uint16_t os, is;
	int r;

	if ((r = sshbuf_get_u16(b, &os)) != 0 ||
	    (r = sshbuf_get_u16(b, &is)) != 0)
		return r;
	*osp = os;
	*isp = is;
	return 0;
}

/* ssh: the destination association's streams, in the confirmation. */
static int
fwd_sctp_confirm_get(struct sshbuf *b, u_int *osp, u_int *isp)
{
	uint16_t v;
	int r;

	if ((r = sshbuf_get_u16(b, &v)) != 0)
		return r;
	*osp = v;
	if ((r = sshbuf_get_u16(b, &v)) != 0)
		return r;
	*isp = v;
	return 0;
}

/* 3.8: the channel's data on the streams of its forwarded streams. */
static int
fwd_sctp_spread(struct sctp_ms_conn *ms, Channel *c)
{
	if (sctp_ms_map_channel(ms, c->self, c->remote_id,
	    sctp_fwd_hdr_stream) != 0)
		return -1;
	debug("channel %d: forwarded SCTP streams on SSH streams", c->self);
	return 0;
}

static void
abort_channel(struct ssh *ssh, Channel *c, const char *why)
{
	verbose("channel %d: forwarded SCTP association %s", c->self, why);
	/* 3.3: what is left of it (a restarted one: all of it) aborts */
	abort_at_close(c);
	if (c->have_remote_id && c->type == SSH_CHANNEL_OPEN) {
		send_sctp_abort(ssh, c);
		channel_force_close(ssh, c, 1);
	} else {
		/* Not open: the open decides; if it succeeds, fwd_opened(). */
		c->sctp_fwd->abort_pending = 1;
		chan_read_failed(ssh, c);
	}
}

/*
 * A notification: 1 read on, -1 the association's end was read.  Linux
 * may not return 0 from read for the end of an association that was shut
 * down while it waited to be accepted; its SHUTDOWN event (after every
 * message the peer sent) and SHUTDOWN_COMP stand for it (3.3).
 */
static int
notification(struct ssh *ssh, Channel *c, const u_char *buf,
    size_t len)
{
	struct fwd_chan *f = c->sctp_fwd;
	const union sctp_notification *sn = (const void *)buf;
	struct sshbuf *b;
	int r;

	if (len < sizeof(sn->sn_header))
		return 1;
	switch (sn->sn_header.sn_type) {
	case SCTP_ASSOC_CHANGE:
		if (len < sizeof(sn->sn_assoc_change))
			return 1;
		switch (sn->sn_assoc_change.sac_state) {
		case SCTP_COMM_LOST:
			abort_channel(ssh, c, "lost its peer");
			return -1;
		case SCTP_RESTART:
			abort_channel(ssh, c, "restarted");
			return -1;
		case SCTP_CANT_STR_ASSOC:
			abort_channel(ssh, c, "failed");
			return -1;
		case SCTP_SHUTDOWN_COMP:
			debug2("channel %d: forwarded association shut down",
			    c->self);
			fwd_read_failed(ssh, c);
			return -1;
		}
		break;
	case SCTP_PARTIAL_DELIVERY_EVENT:
		if (len < sizeof(sn->sn_pdapi_event) ||
		    sn->sn_pdapi_event.pdapi_indication !=
		    SCTP_PARTIAL_DELIVERY_ABORTED || !f->in_piece)
			return 1;
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
		fwd_read_failed(ssh, c);
		return -1;
	}
	return 1;
}

/* One SCTP message, or a part of one, into a CHANNEL_DATA (3.3). */
static int
fwd_sctp_read(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;
	static u_char buf[FWD_READ_MAX];
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct sctp_rcvinfo))];
	} cbuf;
	struct sctp_rcvinfo rinfo;
	struct sctp_fwd_hdr h;
	struct msghdr mh;
	struct iovec iov;
	struct sshbuf *b;
	size_t max;
	ssize_t n;
	int r, have_info;

	if (f->confirmer && !f->ready && fwd_ms(ssh) != NULL)
		return 1;	/* 3.8: nothing before "ready" */
	/* Each piece fits the peer's packets with its header (3.3, G6). */
	if (c->remote_maxpacket < 4 + SCTP_FWD_HDR_LEN + 64) {
		fwd_chan_error(ssh, c, "peer's maximum packet size %u "
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
	cmsg_msghdr(&mh, &iov, buf, max, cbuf.buf, sizeof(cbuf.buf));
	if ((n = recvmsg(c->rfd, &mh, 0)) == -1) {
		if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
			return 1;
		if (errno == ECONNRESET || errno == ETIMEDOUT ||
		    errno == EPIPE) {
			abort_channel(ssh, c, strerror(errno));
			return -1;
		}
		debug2("channel %d: SCTP read: %s", c->self, strerror(errno));
		fwd_read_failed(ssh, c);
		return -1;
	}
	if (n == 0) {
		debug2("channel %d: forwarded association ended", c->self);
		fwd_read_failed(ssh, c);
		return -1;
	}
	if (mh.msg_flags & MSG_NOTIFICATION)
		return notification(ssh, c, buf, n);
	fwd_channel_used(ssh, c);
	have_info = cmsg_find(&mh, IPPROTO_SCTP, SCTP_RCVINFO, &rinfo,
	    sizeof(rinfo)) == 0;
	if (f->in_piece)
		h = f->in_hdr;		/* the rest of the message */
	else if (have_info) {
		h.flags = (rinfo.rcv_flags & SCTP_UNORDERED) ?
		    SCTP_FWD_F_UNORDERED : 0;
		h.stream = rinfo.rcv_sid;
		h.ppid = ntohl(rinfo.rcv_ppid);	/* the bytes as sent */
	} else {
		fwd_chan_error(ssh, c, "message without SCTP_RCVINFO");
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
	c->remote_window -= 4;	/* as fwd_queue_input() */
	sshbuf_free(b);
	return 1;
}

/* Send f->msg with f->msg_hdr; 1 sent, 0 would block, -1 error. */
static int
send_msg(struct ssh *ssh, Channel *c)
{
	struct fwd_chan *f = c->sctp_fwd;
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct sctp_sndinfo)) +
		    CMSG_SPACE(sizeof(struct sctp_prinfo))];
	} cbuf;
	struct sctp_sndinfo sinfo;
	struct sctp_prinfo pinfo;
	struct msghdr mh;
	struct iovec iov;

	if (f->ostreams != 0 && f->msg_hdr.stream >= f->ostreams) {
		fwd_chan_error(ssh, c, "message for stream %u, but the "
		    "association has %u", f->msg_hdr.stream, f->ostreams);
		return -1;
	}
	memset(&sinfo, 0, sizeof(sinfo));
	sinfo.snd_sid = f->msg_hdr.stream;
	sinfo.snd_ppid = htonl(f->msg_hdr.ppid);
	if (f->msg_hdr.flags & SCTP_FWD_F_UNORDERED)
		sinfo.snd_flags |= SCTP_UNORDERED;
	memset(&cbuf, 0, sizeof(cbuf));
	cmsg_msghdr(&mh, &iov, sshbuf_ptr(f->msg), sshbuf_len(f->msg),
	    cbuf.buf, 0);
	if (cmsg_append(&mh, sizeof(cbuf.buf), IPPROTO_SCTP, SCTP_SNDINFO,
	    &sinfo, sizeof(sinfo)) != 0)
		fatal_f("control message");
	if (f->opts->fwd_pr != SCTP_FWD_PR_NONE) {
		/* 3.3: SCTPForwardPolicy lets this hop give the message up */
		memset(&pinfo, 0, sizeof(pinfo));
		pinfo.pr_policy = f->opts->fwd_pr == SCTP_FWD_PR_TTL ?
		    SCTP_PR_SCTP_TTL : SCTP_PR_SCTP_RTX;
		pinfo.pr_value = f->opts->fwd_pr_value;
		if (cmsg_append(&mh, sizeof(cbuf.buf), IPPROTO_SCTP,
		    SCTP_PRINFO, &pinfo, sizeof(pinfo)) != 0)
			fatal_f("control message");
	}
	if (sendmsg(c->wfd, &mh, MSG_NOSIGNAL) == -1) {
		if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
			return 0;
		if (errno == EINVAL) {
			fwd_chan_error(ssh, c, "message on stream %u "
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

/*
 * One string of an SCTP channel: 1 done, 0 to be tried again (kept in
 * c->output), -1 the channel failed.  A message that would block stays in
 * f->msg, and the string of its last piece in c->output until it is sent,
 * so that the channel keeps waiting to write and does not drain.
 */
static int
fwd_sctp_write_one(struct ssh *ssh, Channel *c, const u_char *p, size_t len)
{
	struct fwd_chan *f = c->sctp_fwd;
	struct sctp_fwd_hdr h;
	int r, done;

	if (f->msg_pending) {
		if ((r = send_msg(ssh, c)) == 1)
			f->msg_pending = 0;
		return r;
	}
	if (sctp_fwd_hdr_parse(p, len, &h) != 0) {
		fwd_chan_error(ssh, c, "bad data header (%zu bytes)", len);
		return -1;
	}
	if ((r = sctp_fwd_join_add(f->join, &h, p + SCTP_FWD_HDR_LEN,
	    len - SCTP_FWD_HDR_LEN, f->msg, &done)) != 0) {
		fwd_chan_error(ssh, c, "piece on stream %u: %s",
		    h.stream, ssh_err(r));
		return -1;
	}
	if (!done)
		return 1;
	f->msg_hdr = h;
	if ((r = send_msg(ssh, c)) == 0)
		f->msg_pending = 1;
	return r;
}

const struct fwd_proto fwd_sctp_proto = {
	.proto = SCTP_FWD_SCTP,
	.name = "sctp",
	.label = "SCTP",
	.units = "messages",
	.listener_type = "sctp-listener",
	.direct_type = "direct-sctpip" SCTP_FWD_DOMAIN,
	.forwarded_type = "forwarded-sctpip" SCTP_FWD_DOMAIN,
	.request = "sctpip-forward" SCTP_FWD_DOMAIN,
	.cancel = "cancel-sctpip-forward" SCTP_FWD_DOMAIN,
	.unsupported = "SCTP is not supported by this kernel",
	.socktype = SOCK_STREAM,
	.ipproto = IPPROTO_SCTP,
	.maxpacket = CHAN_TCP_PACKET_DEFAULT,
	.addr_lists = 1,
	.listen = fwd_sctp_listen,
	.post_listener = fwd_accept,
	.accepted = fwd_sctp_accepted,
	.connect = fwd_sctp_connect,
	.connected = fwd_sctp_connected,
	.open_put = fwd_sctp_streams_put,
	.open_get = fwd_sctp_open_get,
	.confirm_put = fwd_sctp_streams_put,
	.confirm_get = fwd_sctp_confirm_get,
	.spread = fwd_sctp_spread,
	.read = fwd_sctp_read,
	.write = fwd_write_strings,
	.write_one = fwd_sctp_write_one,
	.abort = fwd_sctp_abort,
	.aborted = fwd_sctp_aborted,
};

#else /* WITH_SCTP */

static int
fwd_sctp_listen(struct ssh *ssh, const struct fwd_proto *p,
    struct Forward *fwd, int remote, const char *host, int wildcard,
    const char *port, u_int service, int *allocated)
{
	fwd_listen_fail(ssh, "Forwarding SCTP: this build has no SCTP support");
	return 0;
}

static int
fwd_sctp_connect(struct ssh *ssh, struct fwd_chan *f, const char *host,
    const char *port, u_int os, u_int is, int *type, int *reason,
    const char **errmsg)
{
	*errmsg = "this build has no SCTP support";
	return -1;
}

const struct fwd_proto fwd_sctp_proto = {
	.proto = SCTP_FWD_SCTP,
	.name = "sctp",
	.label = "SCTP",
	.units = "messages",
	.direct_type = "direct-sctpip" SCTP_FWD_DOMAIN,
	.forwarded_type = "forwarded-sctpip" SCTP_FWD_DOMAIN,
	.request = "sctpip-forward" SCTP_FWD_DOMAIN,
	.cancel = "cancel-sctpip-forward" SCTP_FWD_DOMAIN,
	.addr_lists = 1,
	.listen = fwd_sctp_listen,
	.connect = fwd_sctp_connect,
};

#endif /* WITH_SCTP */
