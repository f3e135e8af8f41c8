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
 * Multi-stream mode, the drains (PROTOCOL.sctp 2.7, 3.8): the queue is
 * written in order until its head must wait until everything sent on the
 * other streams is acknowledged (SCTP_SENDER_DRY_EVENT), bounded by
 * SCTPDrainTimeout.
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
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-ms-int.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-paths.h"
#include "sctp/sctp-net.h"

#ifdef WITH_SCTP

static void
dry_subscribe(struct sctp_ms_conn *c, int on)
{
	if (sctp_sender_dry_events(c->fd, on) == -1)
		fatal_f("SCTP_SENDER_DRY_EVENT: %s", strerror(errno));
	c->dry_wait = on;
	c->dry = 0;
	c->drain_for = NULL;
	c->drain_deadline = on && c->opts->drain_timeout > 0 ?
	    monotime_double() + c->opts->drain_timeout : 0;
	if (on) {
		c->drain_start = monotime_double();
		debug3_f("SCTP drain waits for SENDER_DRY");
	} else
		debug2_f("SCTP drain done after %.3f s",
		    monotime_double() - c->drain_start);
}

/*
 * Whether the drain waited SCTPDrainTimeout for a SENDER_DRY that has not
 * come.  A deadline that passes while every path has failed is put off by
 * SCTPDrainTimeout: then the association itself keeps or ends the
 * connection (SCTPUnreachableTimeout, sctp-paths.c).  Once it has ended,
 * the read that saw it has said why.
 */
static int
drain_expired(struct sctp_ms_conn *c)
{
	double now;

	if (!c->dry_wait || c->dry || c->lost || c->drain_deadline == 0 ||
	    (now = monotime_double()) < c->drain_deadline)
		return 0;
	if (sctp_paths_all_down(c->fd)) {
		c->drain_deadline = now + c->opts->drain_timeout;
		debug_f("every path is down: the drain waits %d s more",
		    c->opts->drain_timeout);
		return 0;
	}
	return 1;
}

/* 1.4 (b): m is channel data that waits for a new SCTP-AUTH key. */
static int
gated(const struct sctp_ms_conn *c, const struct ms_msg *m)
{
	/* 2.12: what is sent again goes first */
	return c->gated && m->stream != 0 && !c->lost && !m->resume;
}

/*
 * Write queued messages, in order, until the socket is full or the head
 * must wait for a drain.  While waiting, read (into input) whatever the
 * peer sent, to see SENDER_DRY among it.
 */
int
sctp_ms_flush(struct sctp_ms_conn *c, struct sshbuf *input)
{
	struct ms_msg *m;
	ssize_t n;
	size_t rlen;
	int r;

	if (c == NULL)
		return 0;
	/* 2.12: a drain under way at a restart starts over. */
	if (c->drain_restart) {
		if (c->dry_wait)
			dry_subscribe(c, 0);
		c->drain_for = NULL;
		c->dry = 0;
		c->drain_restart = 0;
	}
	while ((m = sctp_ms_pick_next(c)) != NULL) {
		/* A drain given up (DISCONNECT's cap, the end): the connection
		 * ends, its event is of no more use. */
		if (c->dry_wait && c->drain_for == m && !sctp_ms_must_drain(c, m))
			dry_subscribe(c, 0);
		/*
		 * 1.4 (b): a channel stream waits for the new SCTP-AUTH key; a
		 * drain already asked for is seen through first, none begun.
		 */
		if (sctp_ms_must_drain(c, m) && (c->dry_wait || !gated(c, m))) {
			if (!c->dry_wait) {
				dry_subscribe(c, 1);
				c->drain_for = m;
			}
			while (!c->dry) {
				if (drain_expired(c)) {
					error("SCTP drain timed out after %d "
					    "seconds: the peer acknowledges "
					    "nothing (SCTPDrainTimeout)",
					    c->opts->drain_timeout);
					return SSH_ERR_CONN_TIMEOUT;
				}
				/* Never block here: the caller polls. */
				r = sctp_ms_read_one(c, input, &rlen, 1);
				if (r == SSH_ERR_SYSTEM_ERROR &&
				    (errno == EAGAIN || errno == EWOULDBLOCK ||
				    errno == EINTR))
					return 0;
				if (r != 0)
					return r;
			}
			dry_subscribe(c, 0);
			c->nonzero = c->after_newkeys = c->unseq_out = 0;
			c->drains++;
			c->drained = 1;
		}
		if (gated(c, m))
			return 0;
		if ((n = sctp_ms_send_one(c, m)) == -1) {
			if (errno == EAGAIN || errno == EWOULDBLOCK ||
			    errno == EINTR)
				return 0;
			return SSH_ERR_SYSTEM_ERROR;
		}
		if ((size_t)n != sshbuf_len(m->b))
			return SSH_ERR_INTERNAL_ERROR;	/* SCTP: all or none */
		debug3_f("stream %u: message of %zu bytes", m->stream,
		    sshbuf_len(m->b));
		if (m->stream != 0)
			c->nonzero = 1;
		if (m->unseq)
			c->unseq_out = 1;
		/*
		 * 2.12: the client discards what it reads before the server's
		 * resume; nothing on another stream may overtake it.
		 */
		if (m->resume == 1 && !c->rs.client)
			c->after_newkeys = 1;
		c->outq_bytes -= sshbuf_len(m->b);
		if (m->express)
			c->express_bytes -= sshbuf_len(m->b);
		sctp_ms_mem_moved(c, sshbuf_len(m->b));
		TAILQ_REMOVE(&c->outq, m, next);
		/*
		 * 2.12: copies under the old key are of no more use once
		 * NEWKEYS is written (what was queued before it went before).
		 */
		if (m->newkeys)
			sctp_ms_keep_reset(&c->keep);
		/*
		 * 2.12: a sequenced packet is kept for a resume, level 1 too
		 * (a KEXINIT the peer has not read goes again), but NEWKEYS.
		 */
		if (!m->unseq && !m->newkeys && m->resume != 1) {
			sctp_ms_keep_add(&c->keep, m, c->drained, m->b);
			sctp_ms_keep_soon(c);
		} else
			sshbuf_free(m->b);
		c->drained = 0;
		free(m);
	}
	return 0;
}

/* 1.4 (b): the gate past SCTPDrainTimeout, put off as a drain is. */
static int
gate_expired(struct sctp_ms_conn *c)
{
	return c->gated && sctp_paths_deadline_passed(c->fd,
	    &c->gate_deadline, c->opts->drain_timeout);
}

/*
 * For the main loops' poll: the earliest deadline sctp_ms_check_drain()
 * looks at, so that it passes on time even if nothing else wakes the
 * loop (the peer silent, no keepalives); the previous key's too.
 */
void
sctp_ms_deadline(const struct sctp_ms_conn *c, struct timespec *timeout)
{
	double d = 0, m, left;

	if (c == NULL)
		return;
	if (c->dry_wait && !c->dry && !c->lost && c->drain_deadline != 0)
		d = c->drain_deadline;
	if (c->gated && c->gate_deadline != 0 &&
	    (d == 0 || c->gate_deadline < d))
		d = c->gate_deadline;
	if (c->rcv.holding && c->hold_deadline != 0 &&
	    (d == 0 || c->hold_deadline < d))
		d = c->hold_deadline;
	if (c->dec_prev != NULL && (d == 0 || c->dec_prev_until < d))
		d = c->dec_prev_until;	/* 2.8: erased on time */
	if (c->rs.awaiting && (d == 0 || c->rs.deadline < d))
		d = c->rs.deadline;	/* 2.12 */
	if (c->keep_look != 0 && (d == 0 || c->keep_look < d))
		d = c->keep_look;	/* 2.12: copies acknowledged */
	if ((m = sctp_ms_mem_deadline(c)) != 0 && (d == 0 || m < d))
		d = m;			/* free memory given back */
	if (d == 0)
		return;
	left = d - monotime_double();
	ptimeout_deadline_ms(timeout, left > 0 ? (long)(left * 1000) + 1 : 0);
}

/*
 * Called whenever the connection wakes up (ssh_packet_check_rekey): a
 * drain past SCTPDrainTimeout ends the connection even if the socket
 * never becomes writable again (G16).
 */
int
sctp_ms_check_drain(struct sctp_ms_conn *c)
{
	if (c == NULL)
		return 0;
	sctp_ms_prev_key_expire(c);
	sctp_ms_keep_look(c);
	sctp_ms_mem_look(c);
	if (gate_expired(c)) {
		error("SCTP-AUTH: the peer took no new key in %d seconds "
		    "(SCTPDrainTimeout)", c->opts->drain_timeout);
		return SSH_ERR_CONN_TIMEOUT;
	}
	if (c->rs.awaiting && monotime_double() >= c->rs.deadline) {
		error("SCTP association restarted: no resume from the peer "
		    "within %d seconds", SCTP_MS_RESUME_SECS);
		return SSH_ERR_CONN_TIMEOUT;
	}
	if (sctp_ms_hold_expired(c)) {
		error("SCTP: a level-1 packet waited %d seconds for packets "
		    "sent before it that never came (truncation; "
		    "SCTPDrainTimeout)", c->opts->drain_timeout);
		return SSH_ERR_PROTOCOL_ERROR;
	}
	if (!drain_expired(c))
		return 0;
	error("SCTP drain timed out after %d seconds: the peer acknowledges "
	    "nothing (SCTPDrainTimeout)", c->opts->drain_timeout);
	return SSH_ERR_CONN_TIMEOUT;
}

u_int
sctp_ms_holds(const struct sctp_ms_conn *c)
{
	return c == NULL ? 0 : c->holds;
}

u_long
sctp_ms_prev_drops(const struct sctp_ms_conn *c)
{
	return c == NULL ? 0 : c->prev_dropped;
}

/*
 * Output for sctp_ms_flush() when the socket is writable: a message to
 * send, or a drain to start.  Not while a drain waits for its event.
 */
int
sctp_ms_have_output(struct sctp_ms_conn *c)
{
	const struct ms_msg *m;

	if (c == NULL || (m = sctp_ms_pick_next(c)) == NULL)
		return 0;
	if (gated(c, m) && !c->dry_wait)
		return 0;	/* it waits for input: the peer's key */
	/* An expired drain too, so that flush reports it. */
	return !sctp_ms_must_drain(c, m) || !c->dry_wait || c->dry ||
	    drain_expired(c);
}

/* Output waiting for a drain: the caller must poll for input. */
int
sctp_ms_waiting(const struct sctp_ms_conn *c)
{
	const struct ms_msg *m;

	if (c == NULL || (m = sctp_ms_pick_next(c)) == NULL)
		return 0;
	return (sctp_ms_must_drain(c, m) && !c->dry) ||
	    (gated(c, m) && !c->dry_wait);
}

/*
 * 1.4 (b): from a new SCTP-AUTH key's install until it is active, nothing
 * goes on streams >= 1, so that what the retirement of the old key drains
 * for is only what was sent before.
 */
void
sctp_ms_hold_channels(struct sctp_ms_conn *c, int on)
{
	if (c == NULL || !c->active_out || c->gated == on)
		return;
	c->gated = on;
	c->gate_deadline = on && c->opts->drain_timeout > 0 ?
	    monotime_double() + c->opts->drain_timeout : 0;
	debug2_f("SCTP channel streams %s for the new SCTP-AUTH key",
	    on ? "wait" : "go on");
}

u_int
sctp_ms_drains(const struct sctp_ms_conn *c)
{
	return c == NULL ? 0 : c->drains;
}

#endif /* WITH_SCTP */
