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
 * The ordering engine of multi-stream mode: the sender's three-level
 * sequence numbers (PROTOCOL.sctp 2.4) and the receiver's rules (2.6,
 * 2.8).  Every rule broken is an error with a reason in r->why; the
 * caller ends the connection.
 */

#include "includes.h"

#include <sys/types.h>

#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "ssh2.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"

#define SEQ_MAX		0xfffffffeU	/* 2^32 - 1 is never used (2.4) */

/* Level 1 (2.4): the messages every stream must respect. */
int
sctp_ms_type_level1(u_char type)
{
	return type == SSH2_MSG_DISCONNECT || type == SSH2_MSG_KEXINIT ||
	    type == SSH2_MSG_NEWKEYS ||
	    (type >= SSH2_MSG_KEXDH_INIT && type <= SSH2_MSG_TRANSPORT_MAX);
}

/* 2.12 (b), version 3: KEXINIT and the method messages, 30 to 49. */
static int
kex_message(u_char type)
{
	return type == SSH2_MSG_KEXINIT ||
	    (type >= SSH2_MSG_KEXDH_INIT && type <= SSH2_MSG_TRANSPORT_MAX);
}

/* The messages that may travel on a channel's stream (2.4 level 3). */
int
sctp_ms_type_channel(u_char type)
{
	return type == SSH2_MSG_CHANNEL_OPEN_CONFIRMATION ||
	    (type >= SSH2_MSG_CHANNEL_WINDOW_ADJUST &&
	    type <= SSH2_MSG_CHANNEL_FAILURE);
}

static int
type_unseq(u_char type)
{
	return type == SSH2_MSG_CHANNEL_DATA ||
	    type == SSH2_MSG_CHANNEL_EXTENDED_DATA;
}

int
sctp_ms_send_init(struct sctp_ms_send *s, u_int nstreams)
{
	memset(s, 0, sizeof(*s));
	if (nstreams < 2 || nstreams > 65535)
		return SSH_ERR_INVALID_ARGUMENT;
	s->nstreams = nstreams;
	s->c = xcalloc(nstreams, sizeof(*s->c));
	s->b = xcalloc(nstreams, sizeof(*s->b));
	sctp_ms_send_newkey(s);
	return 0;
}

/* A new key is taken into use: everything restarts (2.3, 2.4). */
void
sctp_ms_send_newkey(struct sctp_ms_send *s)
{
	s->epoch = 0;
	s->c0 = 0;
	memset(s->c, 0, s->nstreams * sizeof(*s->c));
	s->seq_ctr = 0;
	s->unseq_ctr = SCTP_MS_UNSEQ;
	s->first_l1 = 0;
	s->first_l1_ctr = 0;
	s->l1_other = 0;
	s->b0 = 0;
	memset(s->b, 0, s->nstreams * sizeof(*s->b));
}

/*
 * C0 (in *c0) and C[s] (returned) of epoch 0: the current ones, or as they
 * were at this key's first level-1 message (2.12).
 */
const uint32_t *
sctp_ms_send_counts0(const struct sctp_ms_send *s, uint32_t *c0)
{
	*c0 = s->epoch == 0 ? s->c0 : s->b0;
	return s->epoch == 0 ? s->c : s->b;
}

void
sctp_ms_send_free(struct sctp_ms_send *s)
{
	free(s->c);
	free(s->b);
	memset(s, 0, sizeof(*s));
}

/*
 * Number the next packet: a message of this type to be sent on stream,
 * sequenced or not.  Fills h (counter, numbers, stream, flags).
 */
int
sctp_ms_send_resume_number(struct sctp_ms_send *s, struct sctp_ms_hdr *h)
{
	memset(h, 0, sizeof(*h));
	if (s->unseq_ctr == UINT64_MAX)
		return SSH_ERR_NEED_REKEY;
	h->counter = s->unseq_ctr++;	/* 2.12: ordered, stream 0, all 0 */
	return 0;
}

int
sctp_ms_send_number(struct sctp_ms_send *s, u_char type, uint16_t stream,
    int unseq, struct sctp_ms_hdr *h)
{
	memset(h, 0, sizeof(*h));
	if (stream >= s->nstreams)
		return SSH_ERR_INVALID_ARGUMENT;
	h->stream = stream;
	if (unseq) {
		if (stream == 0 || !type_unseq(type))
			return SSH_ERR_INVALID_ARGUMENT;
		if (s->unseq_ctr == UINT64_MAX)
			return SSH_ERR_NEED_REKEY;
		h->counter = s->unseq_ctr++;
		h->flags = SCTP_MS_F_UNORDERED;
		h->seq1 = s->epoch;
		h->seq2 = stream;
		h->seq3 = s->c[stream];	/* 3.8: the last sequenced one */
		return 0;
	}
	if (s->seq_ctr >= SCTP_MS_UNSEQ - 1)
		return SSH_ERR_NEED_REKEY;
	if (sctp_ms_type_level1(type)) {
		if (stream != 0)
			return SSH_ERR_INVALID_ARGUMENT;
		if (s->epoch >= SEQ_MAX)
			return SSH_ERR_NEED_REKEY;
		if (s->epoch == 0) {
			/* 2.12: what a resume may name, and (b) */
			s->first_l1 = type;
			s->first_l1_ctr = s->seq_ctr;
			s->b0 = s->c0;
			memcpy(s->b, s->c, s->nstreams * sizeof(*s->b));
		}
		if (!kex_message(type))
			s->l1_other = 1;
		h->seq1 = ++s->epoch;
		s->c0 = 0;
		memset(s->c, 0, s->nstreams * sizeof(*s->c));
	} else if (stream == 0) {
		if (s->c0 >= SEQ_MAX)
			return SSH_ERR_NEED_REKEY;
		h->seq1 = s->epoch;
		h->seq2 = ++s->c0;
	} else {
		if (!sctp_ms_type_channel(type))
			return SSH_ERR_INVALID_ARGUMENT;
		if (s->c[stream] >= SEQ_MAX)
			return SSH_ERR_NEED_REKEY;
		h->seq1 = s->epoch;
		h->seq2 = stream;
		h->seq3 = ++s->c[stream];
	}
	h->counter = s->seq_ctr++;
	return 0;
}

int
sctp_ms_recv_init(struct sctp_ms_recv *r, u_int nstreams)
{
	memset(r, 0, sizeof(*r));
	if (nstreams < 2 || nstreams > 65535)
		return SSH_ERR_INVALID_ARGUMENT;
	r->nstreams = nstreams;
	r->x = xcalloc(nstreams, sizeof(*r->x));
	r->swin = xcalloc(SCTP_MS_SWINDOW / 64, sizeof(*r->swin));
	sctp_ms_recv_newkey(r);
	return 0;
}

static void
recv_restart(struct sctp_ms_recv *r)
{
	u_int i;

	r->x0 = 1;
	for (i = 0; i < r->nstreams; i++)
		r->x[i] = 1;
}

/* A new receive key is taken into use (after NEWKEYS). */
void
sctp_ms_recv_newkey(struct sctp_ms_recv *r)
{
	r->epoch = 0;
	recv_restart(r);
	r->r = r->h = r->low = 0;
	memset(r->swin, 0, SCTP_MS_SWINDOW / 8);
	r->utop = 0;
	memset(r->uwin, 0, sizeof(r->uwin));
	r->holding = 0;
	r->hold = 0;
	r->l1_other = 0;
	r->why = NULL;
}

void
sctp_ms_recv_free(struct sctp_ms_recv *r)
{
	free(r->x);
	free(r->swin);
	memset(r, 0, sizeof(*r));
}

static int
violation(struct sctp_ms_recv *r, const char *why)
{
	r->why = why;
	return SSH_ERR_INVALID_FORMAT;
}

/* Anti-replay window over unsequenced counters (2.8). */
static int
unseq_fresh(struct sctp_ms_recv *r, uint64_t ctr)
{
	uint64_t n = ctr - SCTP_MS_UNSEQ, shift, i, bit;

	if (n + 1 > r->utop) {
		/* Ahead of the window: slide it. */
		shift = n + 1 - r->utop;
		if (shift >= SCTP_MS_WINDOW)
			memset(r->uwin, 0, sizeof(r->uwin));
		else {
			for (i = r->utop; i < r->utop + shift; i++)
				r->uwin[(i % SCTP_MS_WINDOW) / 64] &=
				    ~(1ULL << (i % 64));
		}
		r->utop = n + 1;
	} else if (r->utop - n > SCTP_MS_WINDOW)
		return 0;		/* older than the window */
	bit = 1ULL << (n % 64);
	if (r->uwin[(n % SCTP_MS_WINDOW) / 64] & bit)
		return 0;		/* seen */
	r->uwin[(n % SCTP_MS_WINDOW) / 64] |= bit;
	return 1;
}

/*
 * 2.6: a sequenced counter accepted; L moves past every counter accepted
 * without a gap below it.  -1 if it was accepted before or is too far
 * ahead of L to be tracked.
 */
static int
seq_mark(struct sctp_ms_recv *r, uint64_t ctr)
{
	uint64_t i, bit;

	if (ctr < r->low || ctr - r->low >= SCTP_MS_SWINDOW)
		return -1;
	i = ctr % SCTP_MS_SWINDOW;
	bit = 1ULL << (i % 64);
	if (r->swin[i / 64] & bit)
		return -1;
	r->swin[i / 64] |= bit;
	for (;;) {
		i = r->low % SCTP_MS_SWINDOW;
		bit = 1ULL << (i % 64);
		if ((r->swin[i / 64] & bit) == 0)
			break;
		r->swin[i / 64] &= ~bit;
		r->low++;
	}
	return 0;
}

/*
 * 2.12: a resume as the receive rules see it: ordered on stream 0, every
 * number 0, a counter of the unsequenced half that the replay window takes
 * (seen, or older than the window, refuses it).
 */
int
sctp_ms_recv_resume_check(struct sctp_ms_recv *r, const struct sctp_ms_hdr *h)
{
	if (h->stream != 0 || (h->flags & SCTP_MS_F_UNORDERED) != 0 ||
	    (h->counter & SCTP_MS_UNSEQ) == 0)
		return violation(r, "resume not ordered on stream 0");
	if (h->seq1 != 0 || h->seq2 != 0 || h->seq3 != 0)
		return violation(r, "resume numbers not 0");
	if (!unseq_fresh(r, h->counter))
		return violation(r, "resume replayed");
	return 0;
}

/* 3.8: whether every sequenced packet below counter was accepted. */
int
sctp_ms_recv_complete(const struct sctp_ms_recv *r, uint64_t counter)
{
	return r->low >= counter;
}

/*
 * 2.6, holding: whether the held level-1 packet may now be checked again,
 * every sequenced packet below its counter having been accepted.
 */
int
sctp_ms_recv_released(const struct sctp_ms_recv *r)
{
	return r->holding && r->r == r->hold;
}

/*
 * Apply the receive rules to a packet whose tag has verified: h from
 * sctp_ms_open (stream and unordered flag as the kernel reported them),
 * type the first byte of its payload.  On success *verdict says whether
 * to process the payload (SCTP_MS_ACCEPT), drop it (SCTP_MS_DROP, a late
 * or replayed unsequenced packet) or hold it (SCTP_MS_HOLD, a level-1
 * packet that earlier packets have not all reached yet).
 */
int
sctp_ms_recv_check(struct sctp_ms_recv *r, const struct sctp_ms_hdr *h,
    u_char type, int *verdict)
{
	int unordered = (h->flags & SCTP_MS_F_UNORDERED) != 0;
	uint16_t s = h->stream;

	*verdict = SCTP_MS_DROP;
	if (s >= r->nstreams)
		return violation(r, "stream out of range");

	if ((h->counter & SCTP_MS_UNSEQ) != 0) {
		/* 2.8 */
		if (!r->allow_unseq)
			return violation(r, "unsequenced packet unexpected");
		if (!unordered)
			return violation(r, "unsequenced packet delivered "
			    "ordered");
		/* seq3 is the channel's age, checked by 3.8's rules */
		if (s == 0 || h->seq2 != s)
			return violation(r, "unsequenced packet numbers "
			    "do not match its stream");
		if (h->seq1 > r->epoch)
			return violation(r, "unsequenced packet of a later "
			    "epoch");
		if (!type_unseq(type))
			return violation(r, "unsequenced packet of a type "
			    "that must be sequenced");
		if (h->seq1 < r->epoch) {
			/* 2.8: late, from before a level-1 packet */
			r->udropped++;
			r->uold++;
			return 0;
		}
		if (unseq_fresh(r, h->counter))
			*verdict = SCTP_MS_ACCEPT;
		else
			r->udropped++;
		return 0;
	}

	/* 2.6 rule 4 */
	if (unordered)
		return violation(r, "sequenced packet delivered unordered");
	if (s == 0 && h->seq2 == 0 && h->seq3 == 0) {
		/* level 1 */
		if (!sctp_ms_type_level1(type))
			return violation(r, "level-1 numbers on a message "
			    "that is not level 1");
		if (r->epoch == UINT32_MAX || h->seq1 != r->epoch + 1)
			return violation(r, "level-1 sequence number out of "
			    "order");
		if (r->h > h->counter || r->r > h->counter)
			return violation(r, "level-1 packet after a later "
			    "packet");
		if (r->holding && r->hold != h->counter)
			return violation(r, "level-1 packet while another "
			    "is held");
		if (r->r != h->counter) {
			/* Holding: earlier packets have not all come (2.6). */
			r->holding = 1;
			r->hold = h->counter;
			*verdict = SCTP_MS_HOLD;
			return 0;
		}
		r->holding = 0;
		r->epoch = h->seq1;
		if (!kex_message(type))
			r->l1_other = 1;
		recv_restart(r);
	} else if (s == 0 && h->seq3 == 0) {
		/* level 2 */
		if (sctp_ms_type_level1(type))
			return violation(r, "level-1 message with level-2 "
			    "numbers");
		if (h->seq1 != r->epoch)
			return violation(r, "level-2 packet of another epoch");
		if (h->seq2 != r->x0)
			return violation(r, "level-2 sequence number out of "
			    "order");
		r->x0++;
	} else if (s != 0) {
		/* level 3 */
		if (!sctp_ms_type_channel(type))
			return violation(r, "message type not allowed on a "
			    "channel stream");
		if (h->seq1 != r->epoch)
			return violation(r, "level-3 packet of another epoch");
		if (h->seq2 != s)
			return violation(r, "level-3 packet names another "
			    "stream");
		if (h->seq3 != r->x[s])
			return violation(r, "level-3 sequence number out of "
			    "order");
		r->x[s]++;
	} else
		return violation(r, "level-3 numbers on stream 0");
	if (r->holding && h->counter > r->hold)
		return violation(r, "packet sent after a held level-1 packet "
		    "on another stream");

	if (seq_mark(r, h->counter) != 0)
		return violation(r, "sequenced counter seen before or too "
		    "far ahead of a missing one");
	r->r++;
	if (h->counter + 1 > r->h)
		r->h = h->counter + 1;
	*verdict = SCTP_MS_ACCEPT;
	return 0;
}
