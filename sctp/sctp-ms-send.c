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
 * Multi-stream mode, the send queue and its scheduling (PROTOCOL.sctp
 * 2.5, 2.8, 2.10, 2.11, 3.8): each payload sealed on its stream and
 * queued, the kernel's stream scheduler and the streams' classes, the
 * size of channel data, and the order in which queued messages go.
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
#include "sctp/sctp-follow.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-options.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-authkey.h"
#include "sctp/sctp-paths.h"

#ifdef WITH_SCTP

void
sctp_ms_outq_clear(struct sctp_ms_conn *c)
{
	struct ms_msg *m;

	while ((m = TAILQ_FIRST(&c->outq)) != NULL) {
		TAILQ_REMOVE(&c->outq, m, next);
		sshbuf_free(m->b);
		free(m);
	}
	c->outq_bytes = c->express_bytes = 0;
	c->drain_for = NULL;
}

/* A stream's class for the scheduler: interactive (1) or bulk (0). */
static void
stream_class(struct sctp_ms_conn *c, uint16_t stream, int interactive)
{
	struct sctp_stream_value sv;

	if (c->sclass == NULL || c->sclass[stream] == interactive)
		return;
	if (c->sched == SCTP_SCHED_PRIO || c->sched == SCTP_SCHED_WFQ) {
		memset(&sv, 0, sizeof(sv));
		sv.stream_id = stream;
		if (c->sched == SCTP_SCHED_PRIO)	/* lower goes first */
			sv.stream_value = interactive ? 0 : 1;
		else
			sv.stream_value = interactive ? c->w_interactive :
			    c->w_bulk;
		if (setsockopt(c->fd, IPPROTO_SCTP,
		    SCTP_STREAM_SCHEDULER_VALUE, &sv, sizeof(sv)) == -1) {
			debug_f("stream %u: SCTP_STREAM_SCHEDULER_VALUE: %s",
			    stream, strerror(errno));
			return;
		}
	}
	c->sclass[stream] = interactive;
	debug2_f("stream %u: %s", stream, interactive ? "interactive" : "bulk");
}

/*
 * 2.12: the client's new association has the kernel's scheduler again and
 * no stream values.
 */
void
sctp_ms_sched_again(struct sctp_ms_conn *c)
{
	struct sctp_assoc_value av;

	if (c->sclass == NULL)
		return;
	memset(&av, 0, sizeof(av));
	av.assoc_value = c->sched;
	if (setsockopt(c->fd, IPPROTO_SCTP, SCTP_STREAM_SCHEDULER, &av,
	    sizeof(av)) == -1)
		debug_f("SCTP_STREAM_SCHEDULER: %s", strerror(errno));
	memset(c->sclass, 2, c->nout);
	stream_class(c, 0, 1);
}

/* 2.11: the kernel's stream scheduler, as configured. */
void
sctp_ms_set_scheduler(struct sctp_ms_conn *c)
{
	struct sctp_assoc_value av;

	c->sched = c->opts->scheduler;
	c->w_interactive = c->opts->weight_interactive;
	c->w_bulk = c->opts->weight_bulk;
	memset(&av, 0, sizeof(av));
	av.assoc_value = c->sched;
	if (setsockopt(c->fd, IPPROTO_SCTP, SCTP_STREAM_SCHEDULER, &av,
	    sizeof(av)) == -1) {
		error("SCTPStreamScheduler %s: not available on this kernel "
		    "(%s); streams are sent first come, first served",
		    sctp_scheduler_name(c->sched), strerror(errno));
		c->sched = SCTP_SCHED_FCFS;
		return;
	}
	c->sclass = xmalloc(c->nout);
	memset(c->sclass, 2, c->nout);
	c->budget = xcalloc(c->nout, sizeof(*c->budget));
	debug("SCTP stream scheduler %s", sctp_scheduler_name(c->sched));
	stream_class(c, 0, 1);		/* stream 0 is interactive */
}


/*
 * 2.10: C, the CHANNEL_DATA payload that the primary path carries in
 * SCTP_MS_CUT_MS, but at least what fits one DATA chunk on the path with
 * the smallest MTU.
 */
static void
update_maxdata(struct sctp_ms_conn *c)
{
	struct sctp_paddrinfo pi;
	struct sctp_status st;
	struct sockaddr *addrs, *sa;
	socklen_t len;
	size_t best = SIZE_MAX, room, rate = 0;
	int i, n, hdr;

	c->mtu_stale = 0;
	c->mtu_next = monotime_double() + 1;
	if ((n = sctp_getpaddrs(c->fd, 0, &addrs)) <= 0)
		return;
	for (i = 0, sa = addrs; i < n; i++) {
		len = sa->sa_family == AF_INET6 ?
		    sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
		hdr = sa->sa_family == AF_INET6 ? 40 : 20;
		memset(&pi, 0, sizeof(pi));
		memcpy(&pi.spinfo_address, sa, len);
		sa = (struct sockaddr *)((u_char *)sa + len);
		len = sizeof(pi);
		if (getsockopt(c->fd, IPPROTO_SCTP, SCTP_GET_PEER_ADDR_INFO,
		    &pi, &len) == -1 || pi.spinfo_mtu == 0)
			continue;
		/* IP, SCTP common and DATA headers, the packet's own, DATA */
		if (pi.spinfo_mtu < (u_int)hdr + 12 + 16 + SCTP_MS_OVERHEAD +
		    9 + 256)
			continue;	/* no sensible MTU: ignored */
		room = pi.spinfo_mtu - hdr - 12 - 16 - SCTP_MS_OVERHEAD - 9;
		if (room < best)
			best = room;
	}
	sctp_freepaddrs(addrs);
	if (best == SIZE_MAX)
		return;
	if (best != c->chunkdata) {
		c->chunkdata = best;
		debug2_f("one DATA chunk holds %zu bytes of channel data", best);
	}
	/* The primary path's rate, cwnd / srtt (in ms), for SCTP_MS_CUT_MS */
	memset(&st, 0, sizeof(st));
	len = sizeof(st);
	if (getsockopt(c->fd, IPPROTO_SCTP, SCTP_STATUS, &st, &len) == 0 &&
	    st.sstat_primary.spinfo_cwnd > 0)
		rate = (size_t)st.sstat_primary.spinfo_cwnd * SCTP_MS_CUT_MS /
		    MAXIMUM(st.sstat_primary.spinfo_srtt, 1);
	if (rate > best)
		best = rate;
	if (best != c->maxdata) {
		c->maxdata = best;
		debug3_f("channel data cut to %zu bytes", best);
	}
}

/*
 * 2.11: interactive channels: a channel on a tty, X11 and agent channels,
 * and session channels that upstream's classifier does not call bulk
 * (nonbulk: a session with a tty on either side; the client's side of a
 * session does not see the tty itself).
 */
static int
chan_interactive(const char *ctype, int isatty, int nonbulk)
{
	return isatty || strncmp(ctype, "x11", 3) == 0 ||
	    strstr(ctype, "agent") != NULL ||
	    (nonbulk && strcmp(ctype, "session") == 0);
}

/* Whether the scheduler, and so pick_next, favours interactive streams. */
static int
favours_interactive(const struct sctp_ms_conn *c)
{
	return c->sclass != NULL &&
	    (c->sched == SCTP_SCHED_PRIO || c->sched == SCTP_SCHED_WFQ);
}

/*
 * 2.11: past a full queue, interactive channels' data is still made into
 * messages while less than SCTP_MS_EXPRESS_MAX bytes of them wait, so that
 * a keystroke does not wait in its channel's buffer until the bulk queued
 * before it has gone into the kernel; sctp_ms_pick_next() then writes it
 * first.
 */
int
sctp_ms_express_room(const struct sctp_ms_conn *c)
{
	return c != NULL && c->active_out && c->full_io && c->nout >= 2 &&
	    favours_interactive(c) && c->express_bytes < SCTP_MS_EXPRESS_MAX;
}

/*
 * 2.10: len cut to C while an interactive channel is busy.  With I-DATA
 * the kernel interleaves fragments itself.  Otherwise the cut lets the
 * scheduler put an interactive message between bulk ones, but costs bulk
 * throughput (a third to a half of it under emulation): only then.
 */
static size_t
cut_data(struct sctp_ms_conn *c, size_t len, double now)
{
	if (c->idata || c->sclass == NULL || c->interactive_at == 0 ||
	    now - c->interactive_at > SCTP_MS_INTERACTIVE_SECS) {
		if (c->cutting) {
			c->cutting = 0;
			debug2_f("interactive channels quiet: channel data "
			    "not cut");
		}
		return len;
	}
	/*
	 * The kernel reports paths coming and going but not a path MTU
	 * that changes (an ICMP "too big", a link's MTU), nor the window:
	 * look every second.
	 */
	if (c->mtu_stale || now >= c->mtu_next)
		update_maxdata(c);
	if (!c->cutting) {
		c->cutting = 1;
		debug2_f("interactive channel busy: channel data cut to %zu "
		    "bytes", c->maxdata);
	}
	if (c->maxdata != 0 && len > c->maxdata)
		len = c->maxdata;
	return len;
}

/*
 * 2.11: an interactive channel's stream within its budget: the bucket
 * refilled for the time since it was last charged; one that emptied it
 * stays bulk until it is full again.
 */
static int
within_budget(struct sctp_ms_conn *c, uint16_t stream, double now)
{
	struct ms_budget *b;

	if (c->budget == NULL || stream == 0)
		return 1;
	b = &c->budget[stream];
	if (b->at == 0)
		b->bytes = SCTP_MS_BUDGET;
	else if (now > b->at)
		b->bytes = MINIMUM(SCTP_MS_BUDGET,
		    b->bytes + (now - b->at) * SCTP_MS_BUDGET_RATE);
	b->at = now;
	if (b->over && b->bytes >= SCTP_MS_BUDGET) {
		b->over = 0;
		debug2_f("stream %u: interactive again", stream);
	}
	return !b->over;
}

static void
charge_budget(struct sctp_ms_conn *c, uint16_t stream, size_t len)
{
	struct ms_budget *b;

	if (c->budget == NULL || stream == 0)
		return;
	b = &c->budget[stream];
	if ((b->bytes -= len) > 0)
		return;
	b->bytes = 0;
	if (!b->over) {
		b->over = 1;
		debug2_f("stream %u: interactive channel over its budget "
		    "(%d bytes, %d a second): bulk", stream, SCTP_MS_BUDGET,
		    SCTP_MS_BUDGET_RATE);
	}
	stream_class(c, stream, 0);
}

/* 2.5: the stream of the peer's channel remote_id (N >= 2 streams). */
static uint16_t
data_stream(const struct sctp_ms_conn *c, u_int remote_id)
{
	return 1 + remote_id % (c->nout - 1);
}

int
sctp_ms_channel_poll(struct sctp_ms_conn *c, int room, u_int remote_id,
    const char *ctype, int isatty, int nonbulk)
{
	if (c == NULL)
		return room;
	c->express_now = !room && sctp_ms_express_room(c) &&
	    chan_interactive(ctype, isatty, nonbulk) &&
	    within_budget(c, data_stream(c, remote_id), monotime_double());
	return room || c->express_now;
}

/*
 * Channel data about to be sent to the peer's channel remote_id: set its
 * stream's class for the scheduler, and return len cut as 2.10 says.
 */
size_t
sctp_ms_channel_data(struct sctp_ms_conn *c, u_int remote_id,
    const char *ctype, int isatty, int nonbulk, size_t len)
{
	int interactive, budgeted;
	uint16_t stream;
	double now;

	if (c == NULL || !c->active_out || !c->full_io || c->nout < 2)
		return len;
	stream = data_stream(c, remote_id);
	now = monotime_double();
	budgeted = interactive = chan_interactive(ctype, isatty, nonbulk);
	if (interactive)
		interactive = within_budget(c, stream, now);
	stream_class(c, stream, interactive);
	if (interactive)
		c->interactive_at = now;
	len = cut_data(c, len, now);
	if (budgeted)
		charge_budget(c, stream, len);
	return len;
}

/*
 * 2.5: messages that name a channel travel on a stream chosen from the
 * recipient channel number, the same for all of a channel's messages
 * from this side; everything else on stream 0.
 */
static uint16_t
stream_for(const struct sctp_ms_conn *c, const u_char *p, size_t len)
{
	if (!c->full_io || len < 5 || !sctp_ms_type_channel(p[0]))
		return 0;
	return data_stream(c, PEEK_U32(p + 1));
}

/*
 * 3.8: the CHANNEL_DATA of a mapped SCTP channel goes on the stream of the
 * forwarded stream f its data names (the channel's stream_of reads it from
 * the header the forwarding side put there), s = 1 + ((recipient + f) mod
 * (N - 1)), the sum taken without wrapping.  Data without a readable
 * stream stays on the channel's stream.
 */
static uint16_t
mapped_stream(const struct sctp_ms_conn *c, const struct ms_mchan *mc,
    const u_char *p, size_t len, uint16_t stream)
{
	uint64_t sum;
	u_int f;

	if (len < 9 || mc->stream_of == NULL ||
	    mc->stream_of(p + 9, len - 9, &f) != 0)
		return stream;
	sum = (uint64_t)PEEK_U32(p + 1) + f;
	return 1 + sum % (c->nout - 1);
}

/* Whether this outgoing packet goes unsequenced (2.8, 3.8). */
static int
send_unseq(const struct sctp_ms_conn *c, const u_char *p, size_t len)
{
	return len >= 5 && (p[0] == SSH2_MSG_CHANNEL_DATA ||
	    p[0] == SSH2_MSG_CHANNEL_EXTENDED_DATA) &&
	    sctp_ms_uchan_by_remote(c, PEEK_U32(p + 1)) != NULL;
}

/* Whether a GLOBAL_REQUEST payload names the request name. */
static int
global_request_is(const u_char *p, size_t len, const char *name)
{
	size_t n = strlen(name);

	return len >= 5 + n && p[0] == SSH2_MSG_GLOBAL_REQUEST &&
	    PEEK_U32(p + 1) == n && memcmp(p + 5, name, n) == 0;
}

/*
 * 3.8 for an SCTP channel: its data's stream, and whether its EOF, CLOSE
 * or request (sctp-abort) must wait for a drain: the first of them
 * always (2, whatever streams carried messages: the receiver checks that
 * everything before it arrived), a later one if its sequenced data went
 * on another stream than its own since its last drain.
 */
static uint16_t
send_mapped(struct sctp_ms_conn *c, const u_char *p, size_t len,
    uint16_t stream, int *drain)
{
	struct ms_mchan *mc;
	uint16_t s;

	*drain = 0;
	if (len < 5 || stream == 0 ||
	    (mc = sctp_ms_mchan_by_remote(c, PEEK_U32(p + 1))) == NULL)
		return stream;
	if (p[0] == SSH2_MSG_CHANNEL_DATA) {
		if ((s = mapped_stream(c, mc, p, len, stream)) != stream)
			mc->offhome = 1;
		return s;
	}
	if (!sctp_ms_end_message(p, len))
		return stream;
	if (!mc->end_sent)
		*drain = 2;
	else if (mc->offhome)
		*drain = 1;
	mc->end_sent = 1;
	mc->offhome = 0;
	if (p[0] == SSH2_MSG_CHANNEL_CLOSE) {
		/*
		 * Nothing more goes to this channel; the peer may reuse its
		 * number for a channel of another kind.
		 */
		TAILQ_REMOVE(&c->mchans, mc, next);
		free(mc);
	}
	return stream;
}

int
sctp_ms_send(struct sctp_ms_conn *c, const u_char *payload, size_t len,
    u_int *sealed_len)
{
	struct sctp_ms_hdr h;
	struct ms_msg *m;
	struct ms_uchan *u;
	uint16_t stream;
	int r, unseq, drain = 0, retire;

	if (c == NULL || !c->active_out || len == 0)
		return SSH_ERR_INTERNAL_ERROR;
	unseq = send_unseq(c, payload, len);
	stream = stream_for(c, payload, len);
	if (payload[0] == SSH2_MSG_CHANNEL_CLOSE && len >= 5 &&
	    (u = sctp_ms_uchan_by_remote(c, PEEK_U32(payload + 1))) != NULL)
		u->close_sent = 1;	/* its receive state stays until free */
	if (!unseq)
		stream = send_mapped(c, payload, len, stream, &drain);
	/* 1.4: every chunk under the retired key acknowledged first. */
	if ((retire = global_request_is(payload, len, SCTP_AUTHKEY_RETIRE)))
		drain = 2;	/* whatever streams carried */
	if ((r = sctp_ms_send_number(&c->snd, payload[0], stream, unseq,
	    &h)) != 0)
		return r;
	m = xcalloc(1, sizeof(*m));
	if ((m->b = sshbuf_new()) == NULL) {
		free(m);
		return SSH_ERR_ALLOC_FAIL;
	}
	if ((r = sctp_ms_seal(c->enc, &h, payload, len, m->b)) != 0) {
		sshbuf_free(m->b);
		free(m);
		return r;
	}
	if (unseq && c->rs.awaiting) {
		/* 2.12: data that may be lost; its counter stays used. */
		*sealed_len = sshbuf_len(m->b);
		sshbuf_free(m->b);
		free(m);
		c->rs.unseq_dropped++;
		return 0;
	}
	m->stream = h.stream;
	m->level1 = sctp_ms_type_level1(payload[0]);
	m->unseq = unseq;
	m->drain = drain;
	m->disconnect = payload[0] == SSH2_MSG_DISCONNECT;
	m->kexinit = payload[0] == SSH2_MSG_KEXINIT;
	m->newkeys = payload[0] == SSH2_MSG_NEWKEYS;
	m->retire = retire;
	m->seq = h.stream == 0 ? h.seq2 : h.seq3;
	m->later = h.seq1 != 0;
	m->express = m->stream != 0 && favours_interactive(c) &&
	    c->sclass[m->stream] == 1;
	*sealed_len = sshbuf_len(m->b);
	c->outq_bytes += sshbuf_len(m->b);
	if (m->express)
		c->express_bytes += sshbuf_len(m->b);
	if (m->express && c->express_now &&
	    (payload[0] == SSH2_MSG_CHANNEL_DATA ||
	    payload[0] == SSH2_MSG_CHANNEL_EXTENDED_DATA))
		debug3_f("stream %u: interactive message past a full queue "
		    "(%zu bytes queued)", m->stream, c->outq_bytes);
	TAILQ_INSERT_TAIL(&c->outq, m, next);
	return 0;
}

/*
 * Whether the head of the queue must wait for a drain (2.7): never once
 * the association has ended, when no SENDER_DRY can come and poll(2)
 * reports nothing more on the socket (a DISCONNECT then fails at once).
 */
int
sctp_ms_must_drain(const struct sctp_ms_conn *c, const struct ms_msg *m)
{
	int need;

	if (c->lost)
		return 0;
	/*
	 * 2.7: level 1 drains for KEXINIT in version 1, in version 2 once
	 * unsequenced packets were written since the last drain (the
	 * kernel's scheduler may send KEXINIT ahead of them), and for
	 * DISCONNECT; the other level-1 messages follow KEXINIT on stream 0
	 * alone.
	 */
	need = ((m->drain || (m->level1 && (m->disconnect ||
	    (m->kexinit && (!c->v2 || c->unseq_out))))) && c->nonzero) ||
	    m->drain == 2 || (m->stream != 0 && c->after_newkeys);
	/*
	 * 2.7: a DISCONNECT waits for its drain SCTP_DISCONNECT_DRAIN
	 * seconds at most, and not at all while every path has failed: the
	 * peer may never answer, and ssh or sshd would not exit, even on
	 * SIGTERM, until the association itself ended.
	 */
	if (need && m->disconnect && ((c->dry_wait && !c->dry &&
	    monotime_double() - c->drain_start >= SCTP_DISCONNECT_DRAIN) ||
	    sctp_paths_all_down(c->fd)))
		return 0;
	return need;
}

/*
 * The next message to write (G9, 2.11): with prio or wfq, the first one of
 * an interactive stream goes before bulk ones queued earlier, so that it
 * does not wait behind their backlog here, where the kernel's scheduler
 * cannot see it.  Never past a level-1 message, and within a stream the
 * order stays (a stream has one class).
 */
struct ms_msg *
sctp_ms_pick_next(const struct sctp_ms_conn *c)
{
	struct ms_msg *m, *head = TAILQ_FIRST(&c->outq);

	if (head == NULL)
		return NULL;
	/*
	 * 2.12: while awaiting the peer's resume only ours goes; then ours
	 * and the copies sent again, before anything else.
	 */
	if (c->rs.awaiting || c->rs.pending)
		return head->resume == 1 ? head : NULL;
	if (head->resume)
		return head;
	/*
	 * 2.7: while a drain waits for SENDER_DRY, nothing passes the message
	 * it waits for; so nothing is written while it is asked for, and the
	 * event read answers that request, not an earlier one.
	 */
	if (c->dry_wait && c->drain_for != NULL)
		return (struct ms_msg *)c->drain_for;
	/*
	 * 1.4 (b): sctp-auth-retire, and while channel streams wait for a new
	 * SCTP-AUTH key the first stream-0 message, before channel messages
	 * queued ahead of it; never past a level-1 message.
	 */
	TAILQ_FOREACH(m, &c->outq, next) {
		if (m->level1)
			break;
		if (m->stream == 0) {
			if (m->retire || c->gated)
				return m;
			break;
		}
	}
	if (c->sclass == NULL || c->sclass[head->stream] == 1 ||
	    (c->sched != SCTP_SCHED_PRIO && c->sched != SCTP_SCHED_WFQ))
		return head;
	TAILQ_FOREACH(m, &c->outq, next) {
		if (m->level1 || m->drain)
			break;
		if (c->sclass[m->stream] == 1 && !sctp_ms_must_drain(c, m))
			return m;
	}
	return head;
}

/*
 * Whether m should ask for an immediate SACK (2.7): a level-1 message, or
 * one after which the queue is empty or a level-1 message comes next, so
 * that a drain does not wait for the peer's delayed acknowledgement.
 */
static int
sack_now(const struct sctp_ms_conn *c, const struct ms_msg *m)
{
	const struct ms_msg *next;

	if (m->level1)
		return 1;
	if (TAILQ_FIRST(&c->outq) != m)
		return 0;	/* one picked from behind: others follow */
	next = TAILQ_NEXT(m, next);
	return next == NULL || next->level1 || next->drain;
}

/*
 * 3.8: the PR-SCTP policy of unsequenced data, UDPForwardReliability's: no
 * retransmission (rtx 0) unless it says otherwise.
 */
static void
unseq_policy(const struct sctp_ms_conn *c, struct sctp_prinfo *pi)
{
	const struct sctp_fwd_options *o = &c->opts->fwd;

	pi->pr_policy = o->udp_pr == SCTP_FWD_PR_TTL ? SCTP_PR_SCTP_TTL :
	    SCTP_PR_SCTP_RTX;
	pi->pr_value = o->udp_pr_value;
}

ssize_t
sctp_ms_send_one(struct sctp_ms_conn *c, const struct ms_msg *m)
{
	struct msghdr msg;
	struct iovec iov;
	struct sctp_sndinfo si;
	struct sctp_prinfo pi;
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct sctp_sndinfo)) +
		    CMSG_SPACE(sizeof(struct sctp_prinfo))];
	} cbuf;

	if (!c->full_io)
		return write(c->fd, sshbuf_ptr(m->b), sshbuf_len(m->b));
	memset(&cbuf, 0, sizeof(cbuf));
	cmsg_msghdr(&msg, &iov, sshbuf_ptr(m->b), sshbuf_len(m->b), cbuf.buf,
	    0);
	memset(&si, 0, sizeof(si));
	si.snd_sid = m->stream;
	if (sack_now(c, m))
		si.snd_flags = SCTP_SACK_IMMEDIATELY;
	if (m->unseq)	/* 2.8: unordered, partially reliable */
		si.snd_flags |= SCTP_UNORDERED;
	if (cmsg_append(&msg, sizeof(cbuf.buf), IPPROTO_SCTP, SCTP_SNDINFO,
	    &si, sizeof(si)) != 0)
		fatal_f("control message");
	if (m->unseq) {
		/* UDPForwardReliability's policy */
		memset(&pi, 0, sizeof(pi));
		unseq_policy(c, &pi);
		if (cmsg_append(&msg, sizeof(cbuf.buf), IPPROTO_SCTP,
		    SCTP_PRINFO, &pi, sizeof(pi)) != 0)
			fatal_f("control message");
	}
	/* 1.3: to the peer address followed, if any */
	return sctp_follow_sendmsg(c->ssh, c->fd, &msg,
	    MSG_DONTWAIT | MSG_NOSIGNAL);
}

size_t
sctp_ms_queued(const struct sctp_ms_conn *c)
{
	return c == NULL ? 0 : c->outq_bytes;
}

#endif /* WITH_SCTP */
