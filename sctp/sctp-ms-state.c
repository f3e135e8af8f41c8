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
 * Multi-stream mode and privilege separation: the state that moves with
 * the packet state from the pre-authentication child to the monitor and
 * on to the session.
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

#ifdef WITH_SCTP

/* The connection's mode state for privilege separation. */
int
sctp_ms_state_put(const struct sctp_ms_conn *c, struct sshbuf *m)
{
	const struct ms_msg *msg;
	u_int i, nq = 0;
	int r;

	if (c == NULL || !c->agreed)
		return sshbuf_put_u8(m, 0);
	TAILQ_FOREACH(msg, &c->outq, next)
		nq++;
	/*
	 * Held records cannot exist at the transfer: before authentication
	 * nothing is held (2.6, sctp_ms_recv()).
	 */
	if (c->rcv.holding || (c->held != NULL && sshbuf_len(c->held) != 0))
		return SSH_ERR_INTERNAL_ERROR;
	/* 1: version 1, 2: version 2, 3: version 3 (2.1) */
	if ((r = sshbuf_put_u8(m, c->v3 ? 3 : c->v2 ? 2 : 1)) != 0 ||
	    (r = sshbuf_put_u8(m, c->active_in)) != 0 ||
	    (r = sshbuf_put_u8(m, c->active_out)) != 0 ||
	    (r = sshbuf_put_u8(m, c->nonzero)) != 0 ||
	    (r = sshbuf_put_u8(m, c->after_newkeys)) != 0 ||
	    (r = sshbuf_put_u32(m, c->nkeys)) != 0 ||
	    (r = sshbuf_put_u32(m, c->nkeys_in)) != 0)
		return r;
	/*
	 * The epoch-0 counts of 2.12 do not go: with them unknown (first_l1
	 * 0) a key exchange under way stops a restart, as (a) does here
	 * (and, in version 3, (b): K1 unknown).
	 */
	if (c->active_out) {
		if ((r = sshbuf_put_u32(m, c->snd.epoch)) != 0 ||
		    (r = sshbuf_put_u32(m, c->snd.c0)) != 0 ||
		    (r = sshbuf_put_u64(m, c->snd.seq_ctr)) != 0 ||
		    (r = sshbuf_put_u64(m, c->snd.unseq_ctr)) != 0 ||
		    (r = sshbuf_put_u32(m, c->snd.nstreams)) != 0)
			return r;
		for (i = 0; i < c->snd.nstreams; i++)
			if ((r = sshbuf_put_u32(m, c->snd.c[i])) != 0)
				return r;
	}
	if (c->active_in) {
		if ((r = sshbuf_put_u32(m, c->rcv.epoch)) != 0 ||
		    (r = sshbuf_put_u32(m, c->rcv.x0)) != 0 ||
		    (r = sshbuf_put_u64(m, c->rcv.r)) != 0 ||
		    (r = sshbuf_put_u64(m, c->rcv.h)) != 0 ||
		    (r = sshbuf_put_u32(m, c->rcv.nstreams)) != 0)
			return r;
		for (i = 0; i < c->rcv.nstreams; i++)
			if ((r = sshbuf_put_u32(m, c->rcv.x[i])) != 0)
				return r;
	}
	if ((r = sshbuf_put_u32(m, nq)) != 0)
		return r;
	TAILQ_FOREACH(msg, &c->outq, next) {
		if ((r = sshbuf_put_u16(m, msg->stream)) != 0 ||
		    (r = sshbuf_put_u8(m, msg->level1 | (msg->kexinit << 1) |
		    (msg->disconnect << 2) | (msg->newkeys << 3))) != 0 ||
		    (r = sshbuf_put_u32(m, msg->seq)) != 0 ||
		    (r = sshbuf_put_stringb(m, msg->b)) != 0)
			return r;
	}
	return 0;
}

int
sctp_ms_state_get(struct sctp_ms_conn *c, struct sshbuf *m)
{
	struct ms_msg *msg;
	u_char agreed, in, out, nonzero, after, level1;
	uint32_t n, i, nq, nkeys, nkeys_in;
	int r;

	if ((r = sshbuf_get_u8(m, &agreed)) != 0)
		return r;
	if (!agreed)
		return 0;
	if (c == NULL || agreed > 3)
		return SSH_ERR_INVALID_FORMAT;
	if ((r = sshbuf_get_u8(m, &in)) != 0 ||
	    (r = sshbuf_get_u8(m, &out)) != 0 ||
	    (r = sshbuf_get_u8(m, &nonzero)) != 0 ||
	    (r = sshbuf_get_u8(m, &after)) != 0 ||
	    (r = sshbuf_get_u32(m, &nkeys)) != 0 ||
	    (r = sshbuf_get_u32(m, &nkeys_in)) != 0)
		return r;
	c->agreed = 1;
	c->v2 = agreed >= 2;
	c->v3 = agreed == 3;
	c->nonzero = nonzero;
	c->after_newkeys = after;
	if (out) {
		if ((r = sctp_ms_newkeys(c, 1, NULL)) != 0)
			return r;
		if ((r = sshbuf_get_u32(m, &c->snd.epoch)) != 0 ||
		    (r = sshbuf_get_u32(m, &c->snd.c0)) != 0 ||
		    (r = sshbuf_get_u64(m, &c->snd.seq_ctr)) != 0 ||
		    (r = sshbuf_get_u64(m, &c->snd.unseq_ctr)) != 0 ||
		    (r = sshbuf_get_u32(m, &n)) != 0)
			return r;
		/* The two halves of the counter stay apart (2.3). */
		if (n != c->snd.nstreams || c->snd.seq_ctr >= SCTP_MS_UNSEQ ||
		    c->snd.unseq_ctr < SCTP_MS_UNSEQ)
			return SSH_ERR_INVALID_FORMAT;
		for (i = 0; i < n; i++)
			if ((r = sshbuf_get_u32(m, &c->snd.c[i])) != 0)
				return r;
		c->after_newkeys = after;
	}
	if (in) {
		if ((r = sctp_ms_newkeys(c, 0, NULL)) != 0)
			return r;
		if ((r = sshbuf_get_u32(m, &c->rcv.epoch)) != 0 ||
		    (r = sshbuf_get_u32(m, &c->rcv.x0)) != 0 ||
		    (r = sshbuf_get_u64(m, &c->rcv.r)) != 0 ||
		    (r = sshbuf_get_u64(m, &c->rcv.h)) != 0 ||
		    (r = sshbuf_get_u32(m, &n)) != 0)
			return r;
		/*
		 * Before authentication only stream 0, in order, was read:
		 * every counter below H was accepted, so L is H.
		 */
		if (n != c->rcv.nstreams || c->rcv.r != c->rcv.h)
			return SSH_ERR_INVALID_FORMAT;
		c->rcv.low = c->rcv.h;
		for (i = 0; i < n; i++)
			if ((r = sshbuf_get_u32(m, &c->rcv.x[i])) != 0)
				return r;
	}
	/*
	 * The post-authentication process takes this state, which the
	 * pre-authentication child wrote and the monitor passed on without
	 * reading it.  That child is not trusted: whatever indexes or
	 * bounds something is checked here (every queued message at least
	 * 11 bytes long).
	 */
	if ((r = sshbuf_get_u32(m, &nq)) != 0)
		return r;
	if (nq > sshbuf_len(m) / 11)
		return SSH_ERR_INVALID_FORMAT;
	for (i = 0; i < nq; i++) {
		msg = xcalloc(1, sizeof(*msg));
		if ((msg->b = sshbuf_new()) == NULL) {
			free(msg);
			return SSH_ERR_ALLOC_FAIL;
		}
		TAILQ_INSERT_TAIL(&c->outq, msg, next);
		if ((r = sshbuf_get_u16(m, &msg->stream)) != 0 ||
		    (r = sshbuf_get_u8(m, &level1)) != 0 ||
		    (r = sshbuf_get_u32(m, &msg->seq)) != 0 ||
		    (r = sshbuf_get_stringb(m, msg->b)) != 0)
			return r;
		/*
		 * bit 0 level 1; 1 KEXINIT, 2 DISCONNECT, 3 NEWKEYS, each
		 * level 1, at most one of them
		 */
		if (msg->stream >= c->nout || (level1 != 0 && level1 != 1 &&
		    level1 != 3 && level1 != 5 && level1 != 9) ||
		    sshbuf_len(msg->b) == 0 ||
		    sshbuf_len(msg->b) > SCTP_MS_MAX_MSG)
			return SSH_ERR_INVALID_FORMAT;
		msg->level1 = level1 & 1;
		msg->kexinit = (level1 >> 1) & 1;
		msg->disconnect = (level1 >> 2) & 1;
		msg->newkeys = (level1 >> 3) & 1;
		c->outq_bytes += sshbuf_len(msg->b);
	}
	/*
	 * 2.12 (after sctp_ms_newkeys() above counted).  From the untrusted
	 * child, as the numbers are: a wrong count only makes a resume fail.
	 */
	c->nkeys = nkeys;
	c->nkeys_in = nkeys_in;
	return 0;
}

#endif /* WITH_SCTP */
