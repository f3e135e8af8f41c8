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
 * Multi-stream mode, the copies kept for a resume (PROTOCOL.sctp 2.12):
 * every sequenced packet written under the current key, as written, so
 * that after a restart of the association what the peer lacks goes again,
 * the same bytes; and, for what the bound made it drop, the highest number
 * per stream, so that a copy it lacks is known exactly.  Those of epoch 0
 * go as the resume names them; those of a later epoch (this end's KEXINIT
 * and what it sealed after it, which the peer has not read by 2.12 (b))
 * go all.
 */

#include "includes.h"

#include <sys/types.h>
#include "openbsd-compat/sys-queue.h"

#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-ms-int.h"
#include "sctp/sctp-net.h"

#ifdef WITH_SCTP

/* Seconds from a copy kept to a look whether the peer has it (2.12). */
#define KEEP_LOOK	1.0
/* -v logs the copies freed once per this many bytes. */
#define KEEP_LOG_EVERY	(1024 * 1024)

void
sctp_ms_keep_init(struct ms_keep *k, u_int nstreams)
{
	memset(k, 0, sizeof(*k));
	TAILQ_INIT(&k->q);
	k->nstreams = nstreams;
	k->dropped = xcalloc(nstreams, sizeof(*k->dropped));
}

/* A copy's nonce counter: the first 8 bytes of the packet (2.2). */
static uint64_t
kept_counter(const struct sshbuf *b)
{
	return sshbuf_len(b) >= 8 ? PEEK_U64(sshbuf_ptr(b)) : 0;
}

static void
kept_free(struct ms_kept *p)
{
	sshbuf_free(p->b);
	free(p);
}

/* Drops every copy and forgets what was dropped: a new key (2.12). */
void
sctp_ms_keep_reset(struct ms_keep *k)
{
	struct ms_kept *p;

	while ((p = TAILQ_FIRST(&k->q)) != NULL) {
		TAILQ_REMOVE(&k->q, p, next);
		kept_free(p);
	}
	k->bytes = 0;
	if (k->dropped != NULL)
		memset(k->dropped, 0, k->nstreams * sizeof(*k->dropped));
	k->dropped_later = 0;
	k->dropped_ctr = 0;
	k->written = 0;
}

void
sctp_ms_keep_free(struct ms_keep *k)
{
	sctp_ms_keep_reset(k);
	free(k->dropped);
	k->dropped = NULL;
}

/*
 * A copy goes, taken off the queue by the caller: its numbers are
 * recorded, so that a resume that needs it fails.  (A sequenced counter is
 * below 2^63: one above, from the untrusted pre-authentication process's
 * queue, is not recorded.)
 */
static void
kept_drop(struct ms_keep *k, struct ms_kept *p)
{
	uint64_t ctr = kept_counter(p->b);

	k->bytes -= sshbuf_len(p->b);
	if ((ctr & SCTP_MS_UNSEQ) == 0 && ctr + 1 > k->dropped_ctr)
		k->dropped_ctr = ctr + 1;
	if (p->later)
		k->dropped_later = 1;
	else if (p->seq > k->dropped[p->stream])
		k->dropped[p->stream] = p->seq;
	kept_free(p);
}

/* The oldest copy goes; its number is recorded. */
static void
drop_oldest(struct ms_keep *k)
{
	struct ms_kept *p = TAILQ_FIRST(&k->q);

	TAILQ_REMOVE(&k->q, p, next);
	kept_drop(k, p);
}

/*
 * The bound (2.12: at least the send buffer, the peer's largest window
 * and one message); 0 keeps nothing, as before user authentication.
 */
void
sctp_ms_keep_limit(struct ms_keep *k, size_t limit)
{
	k->limit = limit;
	while (k->bytes > limit && !TAILQ_EMPTY(&k->q))
		drop_oldest(k);
}

/*
 * The peer's kernel acknowledged everything written (2.12): every copy
 * goes, its number recorded as for the bound.  Returns the bytes freed.
 */
size_t
sctp_ms_keep_acked(struct ms_keep *k)
{
	size_t freed = k->bytes;

	while (!TAILQ_EMPTY(&k->q))
		drop_oldest(k);
	return freed;
}

/*
 * Keeping begins: what was sent before under this key (C0, and C[s] for
 * the streams >= 1, of epoch 0; anything of a later one) counts as
 * dropped, so that a resume needing it fails as one needing a dropped
 * copy does.
 */
void
sctp_ms_keep_sent(struct ms_keep *k, const struct sctp_ms_send *snd)
{
	uint32_t c0;
	const uint32_t *c = sctp_ms_send_counts0(snd, &c0);
	u_int s;

	if (snd->epoch != 0)
		k->dropped_later = 1;
	/* v02: every counter sealed so far, as if dropped */
	if (snd->seq_ctr > k->dropped_ctr)
		k->dropped_ctr = snd->seq_ctr;
	if (c0 > k->dropped[0])
		k->dropped[0] = c0;
	for (s = 1; s < k->nstreams && s < snd->nstreams; s++)
		if (c[s] > k->dropped[s])
			k->dropped[s] = c[s];
}

/*
 * A sequenced packet m was written: keep it (taking b) with its stream,
 * its number (seq2 on stream 0, seq3 on the others), its epoch (0 or
 * later) and whether a drain came before it.  Without a bound b is freed,
 * and nothing is recorded: no resume can ask for it (2.12 (a)).
 */
void
sctp_ms_keep_add(struct ms_keep *k, const struct ms_msg *m, int drained,
    struct sshbuf *b)
{
	struct ms_kept *p;
	uint64_t ctr = kept_counter(b);

	/* 2.12 v02: the next sequenced counter written (copies go again). */
	if ((ctr & SCTP_MS_UNSEQ) == 0 && ctr + 1 > k->written)
		k->written = ctr + 1;
	if (k->limit == 0 || m->stream >= k->nstreams) {
		sshbuf_free(b);
		return;
	}
	p = xcalloc(1, sizeof(*p));
	p->stream = m->stream;
	p->seq = m->seq;
	p->later = m->later;
	p->level1 = m->level1;
	p->drained = drained;
	p->b = b;
	TAILQ_INSERT_TAIL(&k->q, p, next);
	k->bytes += sshbuf_len(b);
	while (k->bytes > k->limit && TAILQ_FIRST(&k->q) != p)
		drop_oldest(k);
}

/*
 * A resume names the peer's next expected numbers of epoch 0, x[0] = X0
 * and x[s] = X[s] (n of them): move the copies from those on, and every
 * copy of a later epoch, to out, in the order written, and free the rest,
 * which the peer has.  SSH_ERR_NO_BUFFER_SPACE when one it needs was
 * dropped (then nothing moves).
 */
int
sctp_ms_keep_take(struct ms_keep *k, const uint32_t *x, u_int n,
    struct ms_kept_list *out)
{
	struct ms_kept *p, *tmp;
	u_int s;

	if (n != k->nstreams)
		return SSH_ERR_INTERNAL_ERROR;
	if (k->dropped_later) {
		debug_f("copies after this end's KEXINIT were dropped");
		return SSH_ERR_NO_BUFFER_SPACE;
	}
	for (s = 0; s < n; s++) {
		if (k->dropped[s] != 0 && k->dropped[s] >= x[s]) {
			debug_f("stream %u: the peer expects number %u, "
			    "copies up to %u were dropped", s, x[s],
			    k->dropped[s]);
			return SSH_ERR_NO_BUFFER_SPACE;
		}
	}
	/* What the peer has goes, recorded: its state only grows. */
	TAILQ_FOREACH_SAFE(p, &k->q, next, tmp) {
		TAILQ_REMOVE(&k->q, p, next);
		if (p->later || p->seq >= x[p->stream]) {
			k->bytes -= sshbuf_len(p->b);
			TAILQ_INSERT_TAIL(out, p, next);
		} else
			kept_drop(k, p);
	}
	return 0;
}

/*
 * A v02 resume (2.12) names R: move the copies whose counter is R or more
 * to out, in the order written, and free the rest, which the peer has.
 * SSH_ERR_NO_BUFFER_SPACE when one it needs was dropped (then nothing
 * moves).
 */
int
sctp_ms_keep_take2(struct ms_keep *k, uint64_t r, struct ms_kept_list *out)
{
	struct ms_kept *p, *tmp;

	if (k->dropped_ctr > r) {
		debug_f("the peer expects counter %llu, copies up to %llu "
		    "were dropped", (unsigned long long)r,
		    (unsigned long long)k->dropped_ctr - 1);
		return SSH_ERR_NO_BUFFER_SPACE;
	}
	TAILQ_FOREACH_SAFE(p, &k->q, next, tmp) {
		TAILQ_REMOVE(&k->q, p, next);
		if (kept_counter(p->b) >= r) {
			k->bytes -= sshbuf_len(p->b);
			TAILQ_INSERT_TAIL(out, p, next);
		} else
			kept_drop(k, p);
	}
	return 0;
}

/* Frees a list that sctp_ms_keep_take() or _take2() filled. */
void
sctp_ms_kept_list_free(struct ms_kept_list *l)
{
	struct ms_kept *p;

	while ((p = TAILQ_FIRST(l)) != NULL) {
		TAILQ_REMOVE(l, p, next);
		kept_free(p);
	}
}

size_t
sctp_ms_keep_bytes(const struct ms_keep *k)
{
	return k->bytes;
}

/* A copy was kept: look within KEEP_LOOK whether the peer has it. */
void
sctp_ms_keep_soon(struct sctp_ms_conn *c)
{
	if (c->keep_look == 0 && !c->keep_blind && c->keep.bytes > 0)
		c->keep_look = monotime_double() + KEEP_LOOK;
}

/*
 * 2.12: once the peer's kernel has acknowledged every DATA chunk written,
 * a resume names none of the copies: they go.  Looks once a second while
 * copies are kept; never while a restart is being taken up.
 */
void
sctp_ms_keep_look(struct sctp_ms_conn *c)
{
	size_t freed;
	double now;

	if (c == NULL || c->keep_look == 0 ||
	    (now = monotime_double()) < c->keep_look)
		return;
	c->keep_look = 0;
	if (c->keep.bytes == 0)
		return;
	if (c->lost)
		return;		/* the connection ends */
	if (c->rs.awaiting || c->rs.pending) {
		c->keep_look = now + KEEP_LOOK;
		return;
	}
	switch (sctp_data_held(c->fd)) {
	case 0:
		break;
	case 1:
		c->keep_look = now + KEEP_LOOK;
		return;
	default:
		debug_f("the kernel does not tell what is acknowledged: "
		    "copies are kept up to the bound");
		c->keep_blind = 1;
		return;
	}
	freed = sctp_ms_keep_acked(&c->keep);
	c->keep_freed += freed;
	/* -v: once per MB freed in all; -vv: each time. */
	do_log2(c->keep_freed / KEEP_LOG_EVERY !=
	    (c->keep_freed - freed) / KEEP_LOG_EVERY ?
	    SYSLOG_LEVEL_DEBUG1 : SYSLOG_LEVEL_DEBUG2,
	    "SCTP: the peer acknowledged all: %zu bytes of copies freed "
	    "(%zu in all)", freed, c->keep_freed);
	sctp_ms_mem_freed(c, freed);
}

#endif /* WITH_SCTP */
