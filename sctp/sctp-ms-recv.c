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
#include <limits.h>
#include <stddef.h>
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
#include "sctp/sctp-follow.h"
#include "sctp/sctp-net.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-paths.h"

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

/* Keys of the parts of messages (2.10): the stream and these. */
#define PART_UNORDERED	0x10000
#define PART_NOTE	0x20000		/* a notification */

static struct ms_part *
part_find(const struct sctp_ms_conn *c, uint32_t key)
{
	struct ms_part *p;

	TAILQ_FOREACH(p, &c->parts, next) {
		if (p->key == key)
			return p;
	}
	return NULL;
}

static void
part_free(struct sctp_ms_conn *c, struct ms_part *p)
{
	TAILQ_REMOVE(&c->parts, p, next);
	c->parts_bytes -= sshbuf_len(p->b);
	sshbuf_free(p->b);
	free(p);
}

void
sctp_ms_parts_free(struct sctp_ms_conn *c)
{
	struct ms_part *p;

	while ((p = TAILQ_FIRST(&c->parts)) != NULL)
		part_free(c, p);
	sshbuf_free(c->rbuf);
	c->rbuf = NULL;
}

/*
 * SCTP_PARTIAL_DELIVERY_ABORTED: the kernel gave up a message it had
 * delivered in part (PR-SCTP).  With I-DATA it names the stream and kind
 * (pdapi_flags 1: unordered); without, only one message is ever in parts.
 */
static void
parts_abort(struct sctp_ms_conn *c, const struct sctp_pdapi_event *pd)
{
	struct ms_part *p, *tmp;
	uint32_t key = pd->pdapi_stream & 0xffff;

	if (pd->pdapi_indication != SCTP_PARTIAL_DELIVERY_ABORTED)
		return;
	if (pd->pdapi_flags & 1)
		key |= PART_UNORDERED;
	TAILQ_FOREACH_SAFE(p, &c->parts, next, tmp) {
		if (p->key == PART_NOTE || (c->idata && p->key != key))
			continue;
		debug_f("stream %u: partial message of %zu bytes abandoned",
		    p->key & 0xffff, sshbuf_len(p->b));
		part_free(c, p);
	}
}

/* The association ended: no drain waits for it any more. */
static void
lost(struct sctp_ms_conn *c, int err)
{
	if (c->lost)
		return;
	c->lost = err;
	sctp_log_lost(err);
}

/* 2.12: parts of data messages held (a notification's aside). */
static int
data_parts(const struct sctp_ms_conn *c)
{
	const struct ms_part *p;

	TAILQ_FOREACH(p, &c->parts, next)
		if (p->key != PART_NOTE)
			return 1;
	return 0;
}

static int
notification(struct sctp_ms_conn *c, struct sshbuf *input, const u_char *p,
    size_t len)
{
	const union sctp_notification *sn = (const void *)p;

	if (len < sizeof(sn->sn_header))
		return 0;
	switch (sn->sn_header.sn_type) {
	case SCTP_SENDER_DRY_EVENT:
		/*
		 * 2.12: from a restart until its mark is taken no drain
		 * ends: one raised before the restart may be read after it.
		 * The drains after it subscribe again (drain_restart).
		 */
		if (c->dry_wait && !c->rs.pending)
			c->dry = 1;
		return 0;
	case SCTP_ASSOC_CHANGE:
		/*
		 * 2.12: the server resumes after the messages read before
		 * the event: a mark in the input, where sctp_ms_recv() meets
		 * it in order.  Until then nothing is written, and whether
		 * parts of a message were held (Linux keeps its partial
		 * delivery across a restart) is decided now.
		 */
		if (len >= sizeof(struct sctp_assoc_change) &&
		    sn->sn_assoc_change.sac_state == SCTP_RESTART &&
		    c->rs.enabled && !c->rs.client) {
			c->rs.pending = 1;
			c->drain_restart = 1;
			return add_record(input, 0, SCTP_MS_F_RESTART |
			    (data_parts(c) ? SCTP_MS_F_PARTS : 0),
			    (const u_char *)"", 0);
		}
		break;
	case SCTP_PARTIAL_DELIVERY_EVENT:
		if (len >= sizeof(sn->sn_pdapi_event))
			parts_abort(c, &sn->sn_pdapi_event);
		return 0;
	}
	/* A path came, went or changed: its MTU may differ (2.10). */
	c->mtu_stale = 1;
	sctp_log_notification(c->ssh, c->fd, p, len);
	return 0;
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

/*
 * A whole message (notification or data) read into d: handle it.  0, or
 * an error from add_record; *done set for data.
 */
static int
whole(struct sctp_ms_conn *c, struct sshbuf *input, uint32_t key,
    const u_char *d, size_t len, size_t *done)
{
	if (key == PART_NOTE)
		return notification(c, input, d, len);
	*done = len;
	return add_record(input, key & 0xffff,
	    (key & PART_UNORDERED) ? SCTP_MS_F_UNORDERED : 0, d, len);
}

/*
 * A part of a message read into d: add it to the parts of its stream and
 * kind (2.10); *eor: it ends the message, now in *whole_p.
 */
static int
add_part(struct sctp_ms_conn *c, uint32_t key, const u_char *d, size_t n,
    struct ms_part **pp)
{
	struct ms_part *p;
	int r;

	if ((p = part_find(c, key)) == NULL) {
		p = xcalloc(1, sizeof(*p));
		if ((p->b = sshbuf_new()) == NULL) {
			free(p);
			return SSH_ERR_ALLOC_FAIL;
		}
		p->key = key;
		TAILQ_INSERT_TAIL(&c->parts, p, next);
	}
	*pp = p;
	if (sshbuf_len(p->b) + n > SCTP_MS_MAX_MSG ||
	    c->parts_bytes + n > SCTP_MS_MAX_PARTS) {
		error("SCTP stream %u: message longer than %d bytes, or parts "
		    "of messages over %d bytes", key & 0xffff, SCTP_MS_MAX_MSG,
		    SCTP_MS_MAX_PARTS);
		return SSH_ERR_MESSAGE_INCOMPLETE;
	}
	if ((r = sshbuf_put(p->b, d, n)) != 0)
		return r;
	c->parts_bytes += n;
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
	struct sockaddr_storage from;
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct sctp_rcvinfo))];
	} cbuf;
	struct ms_part *p;
	u_char *d;
	ssize_t n;
	uint32_t key;
	int r, flags = dontwait ? MSG_DONTWAIT : 0;

	*rlen = 0;
	if (c->rbuf == NULL && (c->rbuf = sshbuf_new()) == NULL)
		return SSH_ERR_ALLOC_FAIL;
	for (;;) {
		/*
		 * Read into rbuf, emptied but never shrunk: sshbuf_reset()
		 * would free it and the next sshbuf_reserve() allocate and
		 * clear SCTP_MS_MAX_MSG bytes again for every message, which
		 * capped small messages at a few hundred a second under
		 * emulation.
		 */
		if (sshbuf_consume(c->rbuf, sshbuf_len(c->rbuf)) != 0)
			return SSH_ERR_INTERNAL_ERROR;
		if ((r = sshbuf_reserve(c->rbuf, SCTP_MS_MAX_MSG, &d)) != 0)
			return r;
		memset(&ri, 0, sizeof(ri));
		if (!c->full_io) {
			/* One read is one message here (see above). */
			n = read(c->fd, d, SCTP_MS_MAX_MSG);
			msg.msg_flags = MSG_EOR;
		} else {
			cmsg_msghdr(&msg, &iov, d, SCTP_MS_MAX_MSG,
			    cbuf.buf, sizeof(cbuf.buf));
			memset(&from, 0, sizeof(from));
			msg.msg_name = &from;
			msg.msg_namelen = sizeof(from);
			n = recvmsg(c->fd, &msg, flags);
			if (n > 0 && cmsg_find(&msg, IPPROTO_SCTP,
			    SCTP_RCVINFO, &ri, sizeof(ri)) != 0)
				memset(&ri, 0, sizeof(ri));
		}
		if (n == -1) {
			if (errno != EAGAIN && errno != EWOULDBLOCK &&
			    errno != EINTR)
				lost(c, errno);
			return SSH_ERR_SYSTEM_ERROR;
		}
		if (n == 0) {
			lost(c, EPIPE);
			errno = EPIPE;
			return SSH_ERR_SYSTEM_ERROR;
		}
		sctp_ms_mem_moved(c, (size_t)n);
		if (msg.msg_flags & MSG_NOTIFICATION)
			key = PART_NOTE;
		else {
			key = ri.rcv_sid | ((ri.rcv_flags & SCTP_UNORDERED) ?
			    PART_UNORDERED : 0);
			if (c->full_io)	/* 1.3 */
				sctp_follow_data(c->ssh, &from,
				    msg.msg_namelen);
		}
		if ((msg.msg_flags & MSG_EOR) && part_find(c, key) == NULL) {
			/* Whole: the common case, no copy into parts. */
			r = whole(c, input, key, d, n, rlen);
		} else {
			if ((r = add_part(c, key, d, n, &p)) != 0)
				return r;
			if (!(msg.msg_flags & MSG_EOR)) {
				/* The rest of a notification is queued. */
				if (key == PART_NOTE)
					continue;
				errno = EAGAIN;	/* as for data */
				return SSH_ERR_SYSTEM_ERROR;
			}
			r = whole(c, input, key, sshbuf_ptr(p->b),
			    sshbuf_len(p->b), rlen);
			part_free(c, p);
		}
		if (r != 0 || key != PART_NOTE)
			return r;
		/* Nothing more may be waiting: do not block. */
		flags = MSG_DONTWAIT;
		if (c->dry_wait && c->dry)
			break;
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
/* The smallest power of 10 above n: when to log a count again. */
static u_long
next_report(u_long n)
{
	u_long p = 1;

	while (p <= n && p <= ULONG_MAX / 10)
		p *= 10;
	return p;
}

static int
recv_channel(struct sctp_ms_conn *c, const struct sctp_ms_hdr *h,
    const u_char *p, size_t len)
{
	struct ms_uchan *u;
	const char *why;
	u_int id;

	c->cur_valid = 0;
	if ((h->counter & SCTP_MS_UNSEQ) != 0) {
		/* sctp_ms_recv_check() let only CHANNEL_DATA through */
		why = NULL;
		if (len < 5)
			why = "short";
		else if ((u = sctp_ms_uchan_by_local(c,
		    PEEK_U32(p + 1))) == NULL)
			why = "channel not started here (before \"ready\")";
		else if (u->closed)
			why = "channel ended";
		else if (h->seq3 < u->first)
			why = "older than the channel";
		if (why == NULL)
			return 1;
		/* 1, 10, 100, ... so that a flood does not flood the log */
		c->uchan_dropped++;
		if (c->uchan_dropped >= next_report(c->uchan_dropped - 1))
			debug_f("stream %u: unsequenced data dropped: %s "
			    "(%lu so far)", h->stream, why, c->uchan_dropped);
		return 0;
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
 * 2.8: the previous key is erased SCTP_MS_PREV_KEY_SECS after the new one
 * was taken; put off, as a drain is, while every path has failed.
 */
void
sctp_ms_prev_key_expire(struct sctp_ms_conn *c)
{
	if (c->dec_prev == NULL || !sctp_paths_deadline_passed(c->fd,
	    &c->dec_prev_until, SCTP_MS_PREV_KEY_SECS))
		return;
	sctp_ms_cipher_free(c->dec_prev);
	c->dec_prev = NULL;
	debug3_f("previous SCTP input key erased");
}

/*
 * 2.8: a packet whose tag failed under the current key.  0 if it is
 * unsequenced, came unordered on a stream >= 1 and opens under the
 * previous key, i.e. it was sent before the peer's NEWKEYS: it is counted,
 * to be dropped (its payload lands in packet, to be discarded).  Else
 * SSH_ERR_MAC_INVALID, or the error of opening it under the previous key
 * once its tag verified there (2.2's layout checks).
 */
static int
late_under_prev(struct sctp_ms_conn *c, const u_char *msg, size_t len,
    uint16_t stream, uint8_t flags, struct sshbuf *packet)
{
	struct sctp_ms_hdr h;
	int r;

	sctp_ms_prev_key_expire(c);
	if (c->dec_prev == NULL || stream == 0 ||
	    (flags & SCTP_MS_F_UNORDERED) == 0 || len < SCTP_MS_COUNTER_LEN ||
	    (PEEK_U64(msg) & SCTP_MS_UNSEQ) == 0)
		return SSH_ERR_MAC_INVALID;
	if ((r = sctp_ms_open(c->dec_prev, msg, len, stream, 1, &h,
	    packet)) != 0)
		return r;
	c->prev_dropped++;
	if (c->prev_dropped >= next_report(c->prev_dropped - 1))
		debug_f("stream %u: unsequenced data dropped: sent under the "
		    "previous key (%lu so far)", stream, c->prev_dropped);
	return 0;
}

/*
 * 2.6, holding: a record of input kept, unopened, until the held level-1
 * packet is released; at most SCTP_MS_MAX_HELD bytes.
 */
static int
hold_record(struct sctp_ms_conn *c, const u_char *rec, size_t len)
{
	if (c->held == NULL && (c->held = sshbuf_new()) == NULL)
		return SSH_ERR_ALLOC_FAIL;
	if (sshbuf_len(c->held) + len > SCTP_MS_MAX_HELD) {
		error("SCTP: messages held behind a level-1 packet over %d "
		    "bytes (truncation)", SCTP_MS_MAX_HELD);
		return SSH_ERR_PROTOCOL_ERROR;
	}
	return sshbuf_put(c->held, rec, len);
}

/* Where the next record comes from: the held ones first once released. */
static struct sshbuf *
next_source(const struct sctp_ms_conn *c, struct sshbuf *input)
{
	if (c->held != NULL && sshbuf_len(c->held) != 0 &&
	    (!c->rcv.holding || sctp_ms_recv_released(&c->rcv)))
		return c->held;
	return input;
}

/*
 * 2.6: a level-1 packet held past SCTPDrainTimeout; put off, as a drain
 * is (sctp-ms-drain.c), while every path of the association has failed.
 */
int
sctp_ms_hold_expired(struct sctp_ms_conn *c)
{
	return c->rcv.holding && sctp_paths_deadline_passed(c->fd,
	    &c->hold_deadline, c->opts->drain_timeout);
}

/*
 * 2.12, version 3: at a restart that resumes, the held level-1 packet and
 * the records held behind it go, unopened and not accepted (the peer sends
 * them again); the time that counter was first held stays.
 */
void
sctp_ms_hold_discard(struct sctp_ms_conn *c)
{
	if (!c->rcv.holding) {
		/* records left behind a packet released: not accepted */
		if (c->held != NULL && sshbuf_len(c->held) != 0) {
			debug_f("SCTP restart: %zu bytes of records not yet "
			    "processed discarded", sshbuf_len(c->held));
			sshbuf_reset(c->held);
		}
		return;
	}
	/* its deadline as put off in outages (sctp_ms_hold_expired()) */
	c->hold_first = c->hold_start;
	c->hold_first_ctr = c->rcv.hold;
	c->hold_first_deadline = c->hold_deadline;
	/* INFO at sshd, as its other restart messages; -v at ssh */
	do_log2(c->rs.client ? SYSLOG_LEVEL_VERBOSE : SYSLOG_LEVEL_INFO,
	    "SCTP restart: a key exchange message held %.1f s for packets "
	    "sent before it is discarded, with %zu bytes held behind it; "
	    "the peer sends them again", monotime_double() - c->hold_start,
	    c->held != NULL ? sshbuf_len(c->held) : 0);
	if (c->held != NULL)
		sshbuf_reset(c->held);
	c->rcv.holding = 0;
	c->rcv.hold = 0;
	c->hold_deadline = 0;
}

static void
hold_started(struct sctp_ms_conn *c, uint16_t stream, uint64_t counter)
{
	/* held again after a restart: the wait counts from the first hold */
	if (c->hold_first != 0 && c->hold_first_ctr == counter) {
		c->hold_start = c->hold_first;
		c->hold_deadline = c->hold_first_deadline;
	} else {
		c->hold_start = monotime_double();
		c->hold_deadline = c->opts->drain_timeout > 0 ?
		    c->hold_start + c->opts->drain_timeout : 0;
	}
	c->holds++;
	debug2_f("SCTP stream %u: level-1 packet %llu held until the "
	    "packets sent before it on other streams arrive (%llu of them "
	    "accepted)", stream, (unsigned long long)counter,
	    (unsigned long long)c->rcv.r);
}

/*
 * 2.12: the mark of a restart (server), or a record read while this end
 * awaits the peer's resume: the resume is taken, anything else discarded
 * (the peer wrote it before it knew of the restart, and sends it again).
 */
static int
restart_record(struct sctp_ms_conn *c, struct sshbuf *src,
    struct sshbuf *packet)
{
	struct sctp_ms_hdr h;
	const u_char *p = sshbuf_ptr(src);
	uint32_t len = PEEK_U32(p);
	uint16_t stream = PEEK_U16(p + 4);
	uint8_t flags = p[6];
	int r;

	if (flags & SCTP_MS_F_RESTART) {
		if ((r = sshbuf_consume(src, REC_HDR)) != 0)
			return r;
		c->rs.pending = 0;
		/* Linux keeps partial delivery across a restart. */
		if (flags & SCTP_MS_F_PARTS) {
			error("SCTP restart during partial delivery: the "
			    "connection cannot resume");
			return SSH_ERR_CONN_CLOSED;
		}
		return sctp_ms_resume_begin(c, 0, 0);
	}
	if (stream != 0 || (flags & SCTP_MS_F_UNORDERED) ||
	    len < SCTP_MS_COUNTER_LEN ||
	    (PEEK_U64(p + REC_HDR) & SCTP_MS_UNSEQ) == 0) {
		c->rs.discarded++;
		debug3_f("stream %u: %u bytes read while awaiting the peer's "
		    "resume: discarded", stream, len);
		return sshbuf_consume(src, REC_HDR + (size_t)len);
	}
	sshbuf_reset(packet);
	if ((r = sctp_ms_open(c->dec, p + REC_HDR, len, stream, 0, &h,
	    packet)) != 0) {
		error("SCTP resume refused: %s", ssh_err(r));
		return r;
	}
	r = sctp_ms_resume_take(c, &h, sshbuf_ptr(packet),
	    sshbuf_len(packet));
	sshbuf_reset(packet);
	if (r != 0)
		return r;
	return sshbuf_consume(src, REC_HDR + (size_t)len);
}

/*
 * Take the next record from input, open it and apply the receive rules
 * (2.6); on acceptance append the message to packet in the RFC 4253
 * layout (length, padding length 4, payload, 4 bytes of padding) that
 * the rest of the packet layer expects.  Dropped packets (2.8) are
 * skipped; a level-1 packet that must wait, and the records on stream 0
 * after it, are held (2.6) and taken before input once it may go on.
 * An empty packet means no complete record.
 */
int
sctp_ms_recv(struct sctp_ms_conn *c, struct sshbuf *input,
    struct sshbuf *packet)
{
	struct sctp_ms_hdr h;
	struct sshbuf *src;
	const u_char *p;
	uint32_t len;
	uint16_t stream;
	uint8_t flags;
	int r, verdict, was_holding;

	for (;;) {
		src = next_source(c, input);
		if (sshbuf_len(src) < REC_HDR)
			return 0;
		p = sshbuf_ptr(src);
		len = PEEK_U32(p);
		stream = PEEK_U16(p + 4);
		flags = p[6];
		if (sshbuf_len(src) < REC_HDR + (size_t)len)
			return SSH_ERR_INTERNAL_ERROR;	/* whole records only */
		if ((flags & SCTP_MS_F_RESTART) || c->rs.awaiting) {
			if ((r = restart_record(c, src, packet)) != 0)
				return r;
			continue;
		}
		if (src == input && c->rcv.holding && stream == 0) {
			/* Stream 0 waits behind the held packet (2.6). */
			if ((r = hold_record(c, p, REC_HDR + (size_t)len)) != 0 ||
			    (r = sshbuf_consume(input,
			    REC_HDR + (size_t)len)) != 0)
				return r;
			continue;
		}
		if ((r = sshbuf_put_u32(packet, 0)) != 0 ||
		    (r = sshbuf_put_u8(packet, 4)) != 0)
			return r;
		r = sctp_ms_open(c->dec, p + REC_HDR, len, stream,
		    (flags & SCTP_MS_F_UNORDERED) != 0, &h, packet);
		if (r == SSH_ERR_MAC_INVALID && (r = late_under_prev(c,
		    p + REC_HDR, len, stream, flags, packet)) == 0) {
			sshbuf_reset(packet);
			if ((r = sshbuf_consume(src,
			    REC_HDR + (size_t)len)) != 0)
				return r;
			continue;
		}
		if (r != 0) {
			error("SCTP stream %u: packet of %u bytes refused: %s",
			    stream, len, ssh_err(r));
			return r;
		}
		was_holding = c->rcv.holding;
		if ((r = sctp_ms_recv_check(&c->rcv, &h,
		    sshbuf_ptr(packet)[5], &verdict)) != 0) {
			error("SCTP stream %u: %s (numbers %u/%u/%u, counter "
			    "%llu)", stream, c->rcv.why, h.seq1, h.seq2,
			    h.seq3, (unsigned long long)h.counter);
			return SSH_ERR_PROTOCOL_ERROR;
		}
		if (verdict == SCTP_MS_HOLD && !c->full_io) {
			/* Stream 0 alone, before authentication: no hold. */
			error("SCTP stream %u: level-1 packet before all "
			    "earlier packets (truncation; counter %llu)",
			    stream, (unsigned long long)h.counter);
			return SSH_ERR_PROTOCOL_ERROR;
		}
		if (verdict == SCTP_MS_HOLD) {
			sshbuf_reset(packet);
			if (!was_holding)
				hold_started(c, stream, h.counter);
			/* From input it joins the held; held, it stays first. */
			if (src == input &&
			    ((r = hold_record(c, p, REC_HDR + (size_t)len)) != 0 ||
			    (r = sshbuf_consume(input,
			    REC_HDR + (size_t)len)) != 0))
				return r;
			continue;
		}
		if (was_holding && !c->rcv.holding) {
			debug2_f("SCTP: held level-1 packet released after "
			    "%.3f s", monotime_double() - c->hold_start);
			c->hold_first = 0;
		}
		if ((r = sshbuf_consume(src, REC_HDR + (size_t)len)) != 0)
			return r;
		if (verdict == SCTP_MS_ACCEPT && !sctp_ms_end_complete(c, &h,
		    sshbuf_ptr(packet) + 5, sshbuf_len(packet) - 5)) {
			error("SCTP stream %u: channel end before all earlier "
			    "data (truncation): counter %llu, every one below "
			    "%llu accepted", stream,
			    (unsigned long long)h.counter,
			    (unsigned long long)c->rcv.low);
			return SSH_ERR_PROTOCOL_ERROR;
		}
		if (verdict == SCTP_MS_ACCEPT && recv_channel(c, &h,
		    sshbuf_ptr(packet) + 5, sshbuf_len(packet) - 5))
			break;
		if (verdict == SCTP_MS_DROP && h.seq1 < c->rcv.epoch &&
		    c->rcv.uold >= next_report(c->rcv.uold - 1))
			debug_f("stream %u: unsequenced data dropped: sent "
			    "before a key exchange message (%llu so far)",
			    stream, (unsigned long long)c->rcv.uold);
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
