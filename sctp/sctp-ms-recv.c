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
 * Multi-stream mode, the receiving side (PROTOCOL.sctp 2.6, 2.8, 3.8):
 * messages read with their stream into records of the input buffer, then
 * opened and checked by the receive rules, and handed to the packet layer
 * in the RFC 4253 layout.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include "openbsd-compat/sys-queue.h"
#include <netinet/in.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "ssh2.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-ms-int.h"
#include "sctp/sctp-cmsg.h"
#include "sctp/sctp-net.h"

#ifdef WITH_SCTP

/* A record of the input buffer: uint32 length, uint16 stream, byte flags. */
#define REC_HDR		7

static int
add_record(struct sshbuf *input, uint16_t stream, uint8_t flags,
    const u_char *p, size_t len)
{
	int r;

	if ((r = sshbuf_put_u32(input, len)) != 0 ||
	    (r = sshbuf_put_u16(input, stream)) != 0 ||
	    (r = sshbuf_put_u8(input, flags)) != 0 ||
	    (r = sshbuf_put(input, p, len)) != 0)
		return r;
	return 0;
}

static void
notification(struct sctp_ms_conn *c, const u_char *p, size_t len)
{
	const union sctp_notification *sn = (const void *)p;

	if (len < sizeof(sn->sn_header))
		return;
	if (sn->sn_header.sn_type == SCTP_SENDER_DRY_EVENT) {
		if (c->dry_wait)
			c->dry = 1;
		return;
	}
	/* A path came, went or changed: its MTU may differ (2.10). */
	c->mtu_stale = 1;
	sctp_log_notification(c->fd, p, len);
}

/*
 * Empty the message buffer but keep its allocation: sshbuf_reset() would
 * shrink it and the next message's sshbuf_reserve() grow it again, an
 * allocation, a copy and the clearing of SCTP_MS_MAX_MSG bytes for every
 * message, which capped small messages at a few hundred a second under
 * emulation.  It holds only what came off the wire (still sealed).
 */
static void
partial_empty(struct sctp_ms_conn *c)
{
	if (sshbuf_consume(c->partial, sshbuf_len(c->partial)) != 0)
		fatal_f("consume");
}

/*
 * Read one SCTP message, or the rest of one, and append it to input as
 * a record with its stream and unordered flag.  As sshbuf_read(): 0
 * with *rlen set, or SSH_ERR_SYSTEM_ERROR with errno (EAGAIN when only
 * a notification or part of a message came, EPIPE at the end).
 */
int
sctp_ms_read(struct sctp_ms_conn *c, struct sshbuf *input, size_t *rlen)
{
	size_t n, total = 0;
	int r;

	/*
	 * Take every message already there, as a read(2) of a byte stream
	 * would, not one per call: each call costs the caller a poll round.
	 */
	if ((r = sctp_ms_read_one(c, input, &total, 0)) != 0)
		return r;
	while (c->full_io && total < SCTP_MS_MAX_MSG) {
		/* Anything else, the end included, comes again next time. */
		if (sctp_ms_read_one(c, input, &n, 1) != 0)
			break;
		total += n;
	}
	*rlen = total;
	return 0;
}

/* As sctp_ms_read(); with dontwait, the first read does not block either. */
int
sctp_ms_read_one(struct sctp_ms_conn *c, struct sshbuf *input, size_t *rlen,
    int dontwait)
{
	struct msghdr msg;
	struct iovec iov;
	struct sctp_rcvinfo ri;
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct sctp_rcvinfo))];
	} cbuf;
	u_char *d;
	ssize_t n;
	size_t have;
	int r, flags = dontwait ? MSG_DONTWAIT : 0, got_info;

	*rlen = 0;
	if (c->partial == NULL && (c->partial = sshbuf_new()) == NULL)
		return SSH_ERR_ALLOC_FAIL;
	for (;;) {
		have = sshbuf_len(c->partial);
		if (have >= SCTP_MS_MAX_MSG) {
			error("SCTP message longer than %d bytes",
			    SCTP_MS_MAX_MSG);
			return SSH_ERR_MESSAGE_INCOMPLETE;
		}
		if ((r = sshbuf_reserve(c->partial, SCTP_MS_MAX_MSG - have,
		    &d)) != 0)
			return r;
		if (!c->full_io) {
			/* One read is one message here (see above). */
			n = read(c->fd, d, SCTP_MS_MAX_MSG - have);
			msg.msg_flags = MSG_EOR;
			got_info = 0;
		} else {
			cmsg_msghdr(&msg, &iov, d, SCTP_MS_MAX_MSG - have,
			    cbuf.buf, sizeof(cbuf.buf));
			n = recvmsg(c->fd, &msg, flags);
			got_info = n > 0 && cmsg_find(&msg, IPPROTO_SCTP,
			    SCTP_RCVINFO, &ri, sizeof(ri)) == 0;
		}
		if (sshbuf_consume_end(c->partial, SCTP_MS_MAX_MSG - have -
		    (n > 0 ? n : 0)) != 0)
			return SSH_ERR_INTERNAL_ERROR;
		if (n == -1)
			return SSH_ERR_SYSTEM_ERROR;
		if (n == 0) {
			errno = EPIPE;
			return SSH_ERR_SYSTEM_ERROR;
		}
		if (have == 0) {
			c->partial_stream = got_info ? ri.rcv_sid : 0;
			c->partial_flags = got_info &&
			    (ri.rcv_flags & SCTP_UNORDERED) ?
			    SCTP_MS_F_UNORDERED : 0;
		}
		if (!(msg.msg_flags & MSG_EOR)) {
			/* More of this message follows; as for data. */
			if (msg.msg_flags & MSG_NOTIFICATION)
				continue;
			errno = EAGAIN;
			return SSH_ERR_SYSTEM_ERROR;
		}
		if (msg.msg_flags & MSG_NOTIFICATION) {
			notification(c, sshbuf_ptr(c->partial),
			    sshbuf_len(c->partial));
			partial_empty(c);
			/* Nothing more may be waiting: do not block. */
			flags = MSG_DONTWAIT;
			if (c->dry_wait && c->dry)
				break;
			continue;
		}
		*rlen = sshbuf_len(c->partial);
		r = add_record(input, c->partial_stream, c->partial_flags,
		    sshbuf_ptr(c->partial), sshbuf_len(c->partial));
		partial_empty(c);
		return r;
	}
	errno = EAGAIN;
	return SSH_ERR_SYSTEM_ERROR;
}

/*
 * 3.8, after the receive rules: an unsequenced packet is processed only for
 * a channel that has started, has not ended and is not older than it; a
 * sequenced one is remembered for sctp_ms_unseq_channel(), and ends or
 * renews the channels' ages.  0 to drop (not an error: the data may be late
 * by design, and its tag shows it came from the peer).
 */
static int
recv_channel(struct sctp_ms_conn *c, const struct sctp_ms_hdr *h,
    const u_char *p, size_t len)
{
	struct ms_uchan *u;
	u_int id;

	c->cur_valid = 0;
	if ((h->counter & SCTP_MS_UNSEQ) != 0) {
		/* sctp_ms_recv_check() let only CHANNEL_DATA through */
		if (len < 5 ||
		    (u = sctp_ms_uchan_by_local(c, PEEK_U32(p + 1))) == NULL ||
		    u->closed || h->seq3 < u->first) {
			c->uchan_dropped++;
			return 0;
		}
		return 1;
	}
	if (sctp_ms_type_level1(p[0])) {
		/* A new epoch: everything older was drained (2.7). */
		TAILQ_FOREACH(u, &c->uchans, next)
			u->first = 0;
		return 1;
	}
	if (h->stream == 0 || len < 5 || !sctp_ms_type_channel(p[0]))
		return 1;
	id = PEEK_U32(p + 1);
	c->cur_valid = 1;
	c->cur_stream = h->stream;
	c->cur_seq3 = h->seq3;
	c->cur_recipient = id;
	if ((p[0] == SSH2_MSG_CHANNEL_EOF || p[0] == SSH2_MSG_CHANNEL_CLOSE) &&
	    (u = sctp_ms_uchan_by_local(c, id)) != NULL)
		u->closed = 1;
	return 1;
}

/*
 * Take the next record from input, open it and apply the receive rules
 * (2.6); on acceptance append the message to packet in the RFC 4253
 * layout (length, padding length 4, payload, 4 bytes of padding) that
 * the rest of the packet layer expects.  Dropped packets (2.8) are
 * skipped.  An empty packet means no complete record.
 */
int
sctp_ms_recv(struct sctp_ms_conn *c, struct sshbuf *input,
    struct sshbuf *packet)
{
	struct sctp_ms_hdr h;
	const u_char *p;
	uint32_t len;
	uint16_t stream;
	uint8_t flags;
	int r, verdict;

	for (;;) {
		if (sshbuf_len(input) < REC_HDR)
			return 0;
		p = sshbuf_ptr(input);
		len = PEEK_U32(p);
		stream = PEEK_U16(p + 4);
		flags = p[6];
		if (sshbuf_len(input) < REC_HDR + (size_t)len)
			return SSH_ERR_INTERNAL_ERROR;	/* whole records only */
		if ((r = sshbuf_put_u32(packet, 0)) != 0 ||
		    (r = sshbuf_put_u8(packet, 4)) != 0)
			return r;
		r = sctp_ms_open(c->dec, p + REC_HDR, len, stream,
		    (flags & SCTP_MS_F_UNORDERED) != 0, &h, packet);
		if (r != 0) {
			error("SCTP stream %u: packet of %u bytes refused: %s",
			    stream, len, ssh_err(r));
			return r;
		}
		if ((r = sshbuf_consume(input, REC_HDR + len)) != 0)
			return r;
		p = sshbuf_ptr(packet);
		if ((r = sctp_ms_recv_check(&c->rcv, &h, p[5],
		    &verdict)) != 0) {
			error("SCTP stream %u: %s (numbers %u/%u/%u, counter "
			    "%llu)", stream, c->rcv.why, h.seq1, h.seq2,
			    h.seq3, (unsigned long long)h.counter);
			return SSH_ERR_PROTOCOL_ERROR;
		}
		if (verdict == SCTP_MS_ACCEPT && recv_channel(c, &h,
		    sshbuf_ptr(packet) + 5, sshbuf_len(packet) - 5))
			break;
		debug3_f("stream %u: late or replayed packet dropped",
		    stream);
		sshbuf_reset(packet);
	}
	if ((r = sshbuf_put(packet, "\0\0\0\0", 4)) != 0)
		return r;
	POKE_U32(sshbuf_mutable_ptr(packet), sshbuf_len(packet) - 4);
	return 0;
}

#endif /* WITH_SCTP */
