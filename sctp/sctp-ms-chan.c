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
 * Multi-stream mode, the forwarding channels (PROTOCOL.sctp 3.8): the
 * channels whose data travels unsequenced (UDP, DCCP) and those whose data
 * goes on the streams of their forwarded streams (SCTP).
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
#include "sctp/sctp-fwd.h"

#ifdef WITH_SCTP

struct ms_uchan *
sctp_ms_uchan_by_local(const struct sctp_ms_conn *c, u_int id)
{
	struct ms_uchan *u;

	TAILQ_FOREACH(u, &c->uchans, next)
		if (u->local_id == id)
			return u;
	return NULL;
}

struct ms_uchan *
sctp_ms_uchan_by_remote(const struct sctp_ms_conn *c, u_int id)
{
	struct ms_uchan *u;

	/*
	 * Not once we sent CLOSE: the peer may then reuse the number for a
	 * channel of another kind before our channel is gone.
	 */
	TAILQ_FOREACH(u, &c->uchans, next)
		if (u->remote_id == id && !u->close_sent)
			return u;
	return NULL;
}

struct ms_mchan *
sctp_ms_mchan_by_remote(const struct sctp_ms_conn *c, u_int id)
{
	struct ms_mchan *mc;

	TAILQ_FOREACH(mc, &c->mchans, next)
		if (mc->remote_id == id)
			return mc;
	return NULL;
}

/* 3.8: CHANNEL_EOF, CHANNEL_CLOSE or the sctp-abort request. */
int
sctp_ms_end_message(const u_char *p, size_t len)
{
	size_t n = strlen(SCTP_ABORT_REQUEST);

	if (len < 5)
		return 0;
	if (p[0] == SSH2_MSG_CHANNEL_EOF || p[0] == SSH2_MSG_CHANNEL_CLOSE)
		return 1;
	return p[0] == SSH2_MSG_CHANNEL_REQUEST && len >= 9 + n &&
	    PEEK_U32(p + 5) == n && memcmp(p + 9, SCTP_ABORT_REQUEST, n) == 0;
}

/*
 * 3.8, received: the first end message of an SCTP channel must come after
 * every sequenced packet with a lower counter.  0 if it does not.
 */
int
sctp_ms_end_complete(struct sctp_ms_conn *c, const struct sctp_ms_hdr *h,
    const u_char *p, size_t len)
{
	struct ms_mchan *mc;

	if ((h->counter & SCTP_MS_UNSEQ) != 0 || !sctp_ms_end_message(p, len) ||
	    (mc = sctp_ms_mchan_by_local(c, PEEK_U32(p + 1))) == NULL ||
	    mc->end_rcvd)
		return 1;
	mc->end_rcvd = 1;
	return sctp_ms_recv_complete(&c->rcv, h->counter);
}

struct ms_mchan *
sctp_ms_mchan_by_local(const struct sctp_ms_conn *c, u_int id)
{
	struct ms_mchan *mc;

	TAILQ_FOREACH(mc, &c->mchans, next)
		if (mc->local_id == id)
			return mc;
	return NULL;
}

/*
 * Forget the channel local_id, and any older channel the peer knew by
 * remote_id (the peer reuses a number only after both CLOSEs, so the old
 * channel sends nothing more): lookups by either number find one channel.
 */
static void
channel_forget(struct sctp_ms_conn *c, u_int local_id, int any_remote,
    u_int remote_id)
{
	struct ms_uchan *u, *ut;
	struct ms_mchan *mc, *mt;

	TAILQ_FOREACH_SAFE(u, &c->uchans, next, ut) {
		if (u->local_id == local_id ||
		    (any_remote && u->remote_id == remote_id)) {
			TAILQ_REMOVE(&c->uchans, u, next);
			free(u);
		}
	}
	TAILQ_FOREACH_SAFE(mc, &c->mchans, next, mt) {
		if (mc->local_id == local_id ||
		    (any_remote && mc->remote_id == remote_id)) {
			TAILQ_REMOVE(&c->mchans, mc, next);
			free(mc);
		}
	}
}

static int
spread_ok(const struct sctp_ms_conn *c)
{
	return c != NULL && c->active_in && c->active_out && c->full_io &&
	    c->nout >= 2;
}

/*
 * 3.8: from now on the channel's CHANNEL_DATA travels unsequenced both
 * ways.  Called while the packet that starts the channel for us is being
 * processed (its confirmation, or its "ready" request): that packet's
 * level-3 number is the channel's first.  -1 if it is not such a packet.
 */
int
sctp_ms_unseq_channel(struct sctp_ms_conn *c, u_int local_id,
    u_int remote_id)
{
	struct ms_uchan *u;

	if (!spread_ok(c) || !c->cur_valid || c->cur_recipient != local_id)
		return -1;
	channel_forget(c, local_id, 1, remote_id);
	u = xcalloc(1, sizeof(*u));
	u->local_id = local_id;
	u->remote_id = remote_id;
	u->first = c->cur_seq3;
	TAILQ_INSERT_TAIL(&c->uchans, u, next);
	c->rcv.allow_unseq = 1;	/* from now on 3.8 drops what it cannot place */
	debug2_f("channel %u: data unsequenced on stream %u from number %u",
	    local_id, c->cur_stream, u->first);
	return 0;
}

/*
 * 2.8: the confirmer of a UDP or DCCP channel takes unsequenced packets
 * from its confirmation on (the opener's first ones may overtake
 * "ready"); those that 3.8 cannot place are dropped, not an error.
 */
void
sctp_ms_unseq_expect(struct sctp_ms_conn *c)
{
	if (c->rcv.allow_unseq)
		return;
	c->rcv.allow_unseq = 1;
	debug2_f("unsequenced packets may come from now on");
}

/*
 * 3.8: the channel is an SCTP channel, whose first end message is drained
 * for and checked for completeness; the caller sends or has received its
 * CHANNEL_OPEN_CONFIRMATION.  -1 without channels on streams.
 */
int
sctp_ms_sctp_channel(struct sctp_ms_conn *c, u_int local_id, u_int remote_id)
{
	struct ms_mchan *mc;

	if (!spread_ok(c))
		return -1;
	if ((mc = sctp_ms_mchan_by_local(c, local_id)) != NULL &&
	    mc->remote_id == remote_id)
		return 0;
	channel_forget(c, local_id, 1, remote_id);
	mc = xcalloc(1, sizeof(*mc));
	mc->local_id = local_id;
	mc->remote_id = remote_id;
	TAILQ_INSERT_TAIL(&c->mchans, mc, next);
	debug3_f("channel %u: an SCTP channel (3.8)", local_id);
	return 0;
}

/*
 * 3.8: from now on the SCTP channel's CHANNEL_DATA goes on the streams of
 * its forwarded streams, which stream_of finds in the data (the caller
 * knows its header); the caller has sent "ready" (the opener) or
 * received it (the confirmer).  -1 without channels on streams.
 */
int
sctp_ms_map_channel(struct sctp_ms_conn *c, u_int local_id, u_int remote_id,
    sctp_ms_stream_fn stream_of)
{
	struct ms_mchan *mc;

	if (sctp_ms_sctp_channel(c, local_id, remote_id) != 0 ||
	    (mc = sctp_ms_mchan_by_local(c, local_id)) == NULL)
		return -1;
	mc->stream_of = stream_of;
	debug2_f("channel %u: forwarded streams on %u SSH streams", local_id,
	    c->nout - 1);
	return 0;
}

/* Everything of the connection's forwarding channels. */
void
sctp_ms_chans_free(struct sctp_ms_conn *c)
{
	struct ms_uchan *u;
	struct ms_mchan *mc;

	while ((u = TAILQ_FIRST(&c->uchans)) != NULL) {
		TAILQ_REMOVE(&c->uchans, u, next);
		free(u);
	}
	while ((mc = TAILQ_FIRST(&c->mchans)) != NULL) {
		TAILQ_REMOVE(&c->mchans, mc, next);
		free(mc);
	}
}

/* The channel is gone: its number may be used again. */
void
sctp_ms_channel_gone(struct sctp_ms_conn *c, u_int local_id)
{
	if (c != NULL)
		channel_forget(c, local_id, 0, 0);
}

#endif /* WITH_SCTP */
