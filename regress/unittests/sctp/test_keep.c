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
 * Multi-stream mode: the copies kept for a resume (PROTOCOL.sctp 2.12),
 * what a resume takes from them, the exact record of what the bound
 * dropped, and the resume message's payload.
 */

#include "includes.h"

#include <sys/types.h>
#include "openbsd-compat/sys-queue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../test_helper/test_helper.h"

#include "xmalloc.h"
#include "ssh2.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-ms-int.h"

void test_keep(void);

#ifdef WITH_SCTP

#define NS	4

/* LEN bytes of 0 but byte AT, TAG. */
static struct sshbuf *
tagged(size_t len, size_t at, u_char tag)
{
	struct sshbuf *b;
	u_char *p;

	ASSERT_PTR_NE(b = sshbuf_new(), NULL);
	ASSERT_INT_EQ(sshbuf_reserve(b, len, &p), 0);
	memset(p, 0, len);
	p[at] = tag;
	return b;
}

/*
 * b kept as written on stream with number seq; LATER: of an epoch above 0,
 * and level 1 if seq is 0 then.
 */
static void
keep_msg(struct ms_keep *k, uint16_t stream, uint32_t seq, int later,
    int drained, struct sshbuf *b)
{
	struct ms_msg m;

	memset(&m, 0, sizeof(m));
	m.stream = stream;
	m.seq = seq;
	m.later = later;
	m.level1 = later && seq == 0;
	sctp_ms_keep_add(k, &m, drained, b);
}

/* A copy of LEN bytes, its first byte TAG (see keep_msg). */
static void
add_epoch(struct ms_keep *k, uint16_t stream, uint32_t seq, int later,
    int drained, size_t len, u_char tag)
{
	keep_msg(k, stream, seq, later, drained, tagged(len, 0, tag));
}

static void
add(struct ms_keep *k, uint16_t stream, uint32_t seq, int drained,
    size_t len, u_char tag)
{
	add_epoch(k, stream, seq, 0, drained, len, tag);
}

/* The tags of a list (byte AT of each copy), in order, as a string. */
static void
tags_at(struct ms_kept_list *l, size_t at, char *out, size_t outlen)
{
	struct ms_kept *p;
	size_t n = 0;

	TAILQ_FOREACH(p, l, next) {
		ASSERT_SIZE_T_LT(n + 1, outlen);
		out[n++] = (char)sshbuf_ptr(p->b)[at];
	}
	out[n] = '\0';
}

static void
tags(struct ms_kept_list *l, char *out, size_t outlen)
{
	tags_at(l, 0, out, outlen);
}

static void
test_keep_take(void)
{
	struct ms_keep k;
	struct ms_kept_list l;
	struct ms_kept *p;
	uint32_t x[NS];
	char s[32];

	TEST_START("keep: nothing without a bound");
	sctp_ms_keep_init(&k, NS);
	add(&k, 0, 1, 0, 100, 'a');
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 0);
	TEST_DONE();

	TEST_START("keep: a resume takes what the peer lacks, in write order");
	sctp_ms_keep_limit(&k, 100000);
	/* stream 0 (level 2) 1..3, stream 1 1..2, stream 2 1..2, interleaved */
	add(&k, 0, 1, 0, 100, 'a');
	add(&k, 1, 1, 0, 100, 'b');
	add(&k, 2, 1, 0, 100, 'c');
	add(&k, 0, 2, 0, 100, 'd');
	add(&k, 1, 2, 1, 100, 'e');
	add(&k, 2, 2, 0, 100, 'f');
	add(&k, 0, 3, 0, 100, 'g');
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 700);
	x[0] = 2;	/* X0: 1 was read */
	x[1] = 1;	/* nothing of stream 1 */
	x[2] = 3;	/* all of stream 2 */
	x[3] = 1;
	TAILQ_INIT(&l);
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), 0);
	tags(&l, s, sizeof(s));
	ASSERT_STRING_EQ(s, "bdeg");
	/* what the peer has is recorded as dropped */
	ASSERT_U32_EQ(k.dropped[0], 1);
	ASSERT_U32_EQ(k.dropped[1], 0);
	ASSERT_U32_EQ(k.dropped[2], 2);
	/* The drain before e goes with it. */
	TAILQ_FOREACH(p, &l, next)
		ASSERT_INT_EQ(p->drained, *sshbuf_ptr(p->b) == 'e');
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 0);
	sctp_ms_kept_list_free(&l);
	TEST_DONE();

	TEST_START("keep: the bound drops the oldest, and a resume that needs "
	    "one fails");
	sctp_ms_keep_limit(&k, 250);
	add(&k, 1, 3, 0, 100, 'h');
	add(&k, 1, 4, 0, 100, 'i');
	add(&k, 0, 4, 0, 100, 'j');	/* h goes: stream 1 up to 3 dropped */
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 200);
	x[0] = 4;
	x[1] = 3;	/* needs h */
	x[2] = 3;
	x[3] = 1;
	TAILQ_INIT(&l);
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), SSH_ERR_NO_BUFFER_SPACE);
	ASSERT_PTR_EQ(TAILQ_FIRST(&l), NULL);
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 200);	/* nothing moved */
	/* The same resume past h: exact, so it succeeds. */
	x[1] = 4;
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), 0);
	tags(&l, s, sizeof(s));
	ASSERT_STRING_EQ(s, "ij");
	sctp_ms_kept_list_free(&l);
	TEST_DONE();

	TEST_START("keep: a copy over the bound alone is kept");
	add(&k, 3, 1, 0, 1000, 'k');
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 1000);
	add(&k, 3, 2, 0, 10, 'l');	/* k goes */
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 10);
	x[0] = 5;
	x[1] = 5;
	x[2] = 3;
	x[3] = 1;
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), SSH_ERR_NO_BUFFER_SPACE);
	x[3] = 2;
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), 0);
	tags(&l, s, sizeof(s));
	ASSERT_STRING_EQ(s, "l");
	sctp_ms_kept_list_free(&l);
	TEST_DONE();

	TEST_START("keep: a new key forgets copies and drops");
	add(&k, 3, 3, 0, 300, 'm');	/* l's record stays: 3 up to 2 */
	sctp_ms_keep_reset(&k);
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 0);
	x[0] = x[1] = x[2] = x[3] = 1;
	add(&k, 3, 1, 0, 10, 'n');
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), 0);
	tags(&l, s, sizeof(s));
	ASSERT_STRING_EQ(s, "n");
	sctp_ms_kept_list_free(&l);
	TEST_DONE();

	TEST_START("keep: a smaller bound drops at once");
	add(&k, 1, 1, 0, 100, 'o');
	add(&k, 1, 2, 0, 100, 'p');
	sctp_ms_keep_limit(&k, 150);
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 100);
	x[1] = 2;
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), 0);
	tags(&l, s, sizeof(s));
	ASSERT_STRING_EQ(s, "p");
	sctp_ms_kept_list_free(&l);
	sctp_ms_keep_limit(&k, 0);
	add(&k, 1, 3, 0, 100, 'q');
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 0);
	TEST_DONE();

	TEST_START("keep: copies the peer acknowledged go, recorded");
	sctp_ms_keep_reset(&k);
	sctp_ms_keep_limit(&k, 100000);
	add(&k, 0, 1, 0, 100, 'r');
	add(&k, 2, 1, 0, 100, 's');
	add(&k, 2, 2, 1, 100, 't');
	ASSERT_SIZE_T_EQ(sctp_ms_keep_acked(&k), 300);
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 0);
	ASSERT_SIZE_T_EQ(sctp_ms_keep_acked(&k), 0);
	/* Kept again after it; the peer has r, s and t. */
	add(&k, 2, 3, 0, 100, 'u');
	x[0] = 2;
	x[1] = 1;
	x[2] = 3;
	x[3] = 1;
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), 0);
	tags(&l, s, sizeof(s));
	ASSERT_STRING_EQ(s, "u");
	sctp_ms_kept_list_free(&l);
	/* A resume that asks for one of them fails, as for the bound. */
	add(&k, 0, 2, 0, 100, 'v');
	(void)sctp_ms_keep_acked(&k);
	x[0] = 2;
	x[2] = 4;
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), SSH_ERR_NO_BUFFER_SPACE);
	x[2] = 2;
	x[0] = 3;
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), SSH_ERR_NO_BUFFER_SPACE);
	x[2] = 4;
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), 0);
	ASSERT_PTR_EQ(TAILQ_FIRST(&l), NULL);
	TEST_DONE();

	TEST_START("keep: a KEXINIT and what follows it go all, after the "
	    "named ones");
	sctp_ms_keep_reset(&k);
	sctp_ms_keep_limit(&k, 100000);
	add(&k, 0, 1, 0, 100, 'a');
	add(&k, 1, 1, 0, 100, 'b');
	add(&k, 1, 2, 0, 100, 'c');
	add_epoch(&k, 0, 0, 1, 1, 100, 'K');	/* KEXINIT, drained */
	add_epoch(&k, 0, 1, 1, 0, 100, 'i');	/* level 2 of epoch 1 */
	x[0] = 2;	/* has a */
	x[1] = 2;	/* has b */
	x[2] = x[3] = 1;
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), 0);
	tags(&l, s, sizeof(s));
	ASSERT_STRING_EQ(s, "cKi");
	TAILQ_FOREACH(p, &l, next) {
		ASSERT_INT_EQ(p->later, *sshbuf_ptr(p->b) == 'K' ||
		    *sshbuf_ptr(p->b) == 'i');
		ASSERT_INT_EQ(p->level1, *sshbuf_ptr(p->b) == 'K');
		ASSERT_INT_EQ(p->drained, *sshbuf_ptr(p->b) == 'K');
	}
	sctp_ms_kept_list_free(&l);
	/* Even a resume that names all of epoch 0 gets them. */
	add(&k, 0, 2, 0, 100, 'd');
	add_epoch(&k, 0, 0, 1, 0, 100, 'K');
	x[0] = 3;
	x[1] = 3;
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), 0);
	tags(&l, s, sizeof(s));
	ASSERT_STRING_EQ(s, "K");
	sctp_ms_kept_list_free(&l);
	TEST_DONE();

	TEST_START("keep: a dropped copy of a later epoch fails any resume");
	sctp_ms_keep_limit(&k, 250);
	add(&k, 0, 1, 0, 100, 'a');
	add_epoch(&k, 0, 0, 1, 0, 100, 'K');
	add_epoch(&k, 0, 1, 1, 0, 100, 'i');
	add_epoch(&k, 0, 2, 1, 0, 100, 'j');	/* a and K dropped */
	x[0] = 2;
	x[1] = x[2] = x[3] = 1;
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), SSH_ERR_NO_BUFFER_SPACE);
	/* Acknowledged ones count the same; a new key forgets it. */
	sctp_ms_keep_reset(&k);
	sctp_ms_keep_limit(&k, 100000);
	add_epoch(&k, 0, 0, 1, 0, 100, 'K');
	(void)sctp_ms_keep_acked(&k);
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), SSH_ERR_NO_BUFFER_SPACE);
	sctp_ms_keep_reset(&k);
	ASSERT_INT_EQ(sctp_ms_keep_take(&k, x, NS, &l), 0);
	ASSERT_PTR_EQ(TAILQ_FIRST(&l), NULL);
	sctp_ms_keep_free(&k);
	TEST_DONE();
}


/* A copy whose nonce counter is CTR, its byte 8 TAG (2.12 v02). */
static void
add_ctr(struct ms_keep *k, uint16_t stream, uint64_t ctr, int later,
    size_t len, u_char tag)
{
	struct sshbuf *b = tagged(len, 8, tag);

	POKE_U64(sshbuf_mutable_ptr(b), ctr);
	keep_msg(k, stream, 0, later, 0, b);
}

static void
test_keep_take2(void)
{
	struct ms_keep k;
	struct ms_kept_list l;
	struct sctp_ms_send snd;
	char s[32];

	TEST_START("keep v02: the counters written are counted without a "
	    "bound");
	sctp_ms_keep_init(&k, NS);
	add_ctr(&k, 0, 0, 0, 100, 'a');
	add_ctr(&k, 1, 1, 0, 100, 'b');
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 0);
	ASSERT_U64_EQ(k.written, 2);
	ASSERT_U64_EQ(k.dropped_ctr, 0);
	TEST_DONE();

	TEST_START("keep v02: a resume naming R takes the copies from R on");
	sctp_ms_keep_reset(&k);
	sctp_ms_keep_limit(&k, 100000);
	add_ctr(&k, 1, 0, 0, 100, 'a');
	add_ctr(&k, 2, 1, 0, 100, 'b');
	add_ctr(&k, 0, 2, 1, 100, 'c');	/* KEXINIT, K1 = 2 */
	add_ctr(&k, 0, 3, 1, 100, 'd');
	add_ctr(&k, 0, 4, 1, 100, 'e');
	ASSERT_U64_EQ(k.written, 5);
	TAILQ_INIT(&l);
	ASSERT_INT_EQ(sctp_ms_keep_take2(&k, 3, &l), 0);
	tags_at(&l, 8, s, sizeof(s));
	ASSERT_STRING_EQ(s, "de");
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 0);
	/* what the peer has is recorded as dropped, a later one too */
	ASSERT_U64_EQ(k.dropped_ctr, 3);
	ASSERT_INT_EQ(k.dropped_later, 1);
	/* written again after the resume: written does not go back */
	while (!TAILQ_EMPTY(&l)) {
		struct ms_kept *p = TAILQ_FIRST(&l);
		struct ms_msg m;

		TAILQ_REMOVE(&l, p, next);
		memset(&m, 0, sizeof(m));
		m.stream = p->stream;
		sctp_ms_keep_add(&k, &m, 0, p->b);
		free(p);
	}
	ASSERT_U64_EQ(k.written, 5);
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 200);
	TAILQ_INIT(&l);
	/* a smaller R than before is refused */
	ASSERT_INT_EQ(sctp_ms_keep_take2(&k, 2, &l), SSH_ERR_NO_BUFFER_SPACE);
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 200);
	ASSERT_INT_EQ(sctp_ms_keep_take2(&k, 5, &l), 0);
	ASSERT_PTR_EQ(TAILQ_FIRST(&l), NULL);
	/* a counter of the unsequenced half is never recorded */
	add_ctr(&k, 0, SCTP_MS_UNSEQ | 9, 0, 100, 'u');
	ASSERT_U64_EQ(k.written, 5);
	TEST_DONE();

	TEST_START("keep v02: a dropped copy the resume needs fails it");
	sctp_ms_keep_reset(&k);
	ASSERT_U64_EQ(k.written, 0);
	sctp_ms_keep_limit(&k, 250);
	add_ctr(&k, 0, 0, 0, 100, 'a');
	add_ctr(&k, 0, 1, 0, 100, 'b');
	add_ctr(&k, 0, 2, 1, 100, 'c');	/* a dropped */
	ASSERT_U64_EQ(k.dropped_ctr, 1);
	TAILQ_INIT(&l);
	ASSERT_INT_EQ(sctp_ms_keep_take2(&k, 0, &l), SSH_ERR_NO_BUFFER_SPACE);
	ASSERT_SIZE_T_EQ(sctp_ms_keep_bytes(&k), 200);
	ASSERT_INT_EQ(sctp_ms_keep_take2(&k, 1, &l), 0);
	tags_at(&l, 8, s, sizeof(s));
	ASSERT_STRING_EQ(s, "bc");
	sctp_ms_kept_list_free(&l);
	TEST_DONE();

	TEST_START("keep v02: copies the peer acknowledged count as dropped");
	sctp_ms_keep_reset(&k);
	sctp_ms_keep_limit(&k, 100000);
	add_ctr(&k, 0, 0, 0, 100, 'a');
	add_ctr(&k, 0, 1, 1, 100, 'b');
	ASSERT_SIZE_T_EQ(sctp_ms_keep_acked(&k), 200);
	ASSERT_U64_EQ(k.dropped_ctr, 2);
	add_ctr(&k, 0, 2, 1, 100, 'c');
	TAILQ_INIT(&l);
	ASSERT_INT_EQ(sctp_ms_keep_take2(&k, 1, &l), SSH_ERR_NO_BUFFER_SPACE);
	ASSERT_INT_EQ(sctp_ms_keep_take2(&k, 2, &l), 0);
	tags_at(&l, 8, s, sizeof(s));
	ASSERT_STRING_EQ(s, "c");
	sctp_ms_kept_list_free(&l);
	TEST_DONE();

	TEST_START("keep v02: what was sealed before keeping counts as "
	    "dropped");
	sctp_ms_keep_reset(&k);
	memset(&snd, 0, sizeof(snd));
	ASSERT_INT_EQ(sctp_ms_send_init(&snd, NS), 0);
	snd.seq_ctr = 7;
	sctp_ms_keep_sent(&k, &snd);
	ASSERT_U64_EQ(k.dropped_ctr, 7);
	TAILQ_INIT(&l);
	ASSERT_INT_EQ(sctp_ms_keep_take2(&k, 6, &l), SSH_ERR_NO_BUFFER_SPACE);
	ASSERT_INT_EQ(sctp_ms_keep_take2(&k, 7, &l), 0);
	sctp_ms_keep_reset(&k);
	ASSERT_U64_EQ(k.dropped_ctr, 0);
	sctp_ms_send_free(&snd);
	sctp_ms_keep_free(&k);
	TEST_DONE();
}

/* A writable copy of b. */
static struct sshbuf *
copy(const struct sshbuf *b)
{
	struct sshbuf *c;

	ASSERT_PTR_NE(c = sshbuf_new(), NULL);
	ASSERT_INT_EQ(sshbuf_putb(c, b), 0);
	return c;
}

/* The payload of a resume, then byte I set to V: parse's result. */
static int
parse_poked(const struct sshbuf *b, size_t i, u_char v, uint32_t *x)
{
	struct sshbuf *c;
	uint32_t rn, kn;
	int r;

	c = copy(b);
	if (i < sshbuf_len(c))
		sshbuf_mutable_ptr(c)[i] = v;
	r = sctp_ms_resume_parse(sshbuf_ptr(c), sshbuf_len(c), NS, &rn, &kn,
	    x);
	sshbuf_free(c);
	return r;
}

static void
test_resume_codec(void)
{
	struct sctp_ms_recv rcv;
	struct sctp_ms_send snd;
	struct sctp_ms_hdr h;
	struct sshbuf *b;
	uint32_t x[NS], rn, kn;
	size_t len, i, head;

	memset(&rcv, 0, sizeof(rcv));
	memset(&snd, 0, sizeof(snd));
	ASSERT_INT_EQ(sctp_ms_recv_init(&rcv, NS), 0);
	ASSERT_INT_EQ(sctp_ms_send_init(&snd, NS), 0);
	ASSERT_PTR_NE(b = sshbuf_new(), NULL);

	TEST_START("resume: the receive state, and back");
	rcv.x0 = 7;
	rcv.x[2] = 5;
	ASSERT_INT_EQ(sctp_ms_resume_put(&rcv, 3, 2, b), 0);
	memset(x, 0xff, sizeof(x));
	ASSERT_INT_EQ(sctp_ms_resume_parse(sshbuf_ptr(b), sshbuf_len(b), NS,
	    &rn, &kn, x), 0);
	ASSERT_U32_EQ(rn, 3);
	ASSERT_U32_EQ(kn, 2);
	ASSERT_U32_EQ(x[0], 7);
	ASSERT_U32_EQ(x[1], 1);
	ASSERT_U32_EQ(x[2], 5);
	ASSERT_U32_EQ(x[3], 1);
	/* only stream 2 is listed */
	len = sshbuf_len(b);
	ASSERT_SIZE_T_EQ(len, 1 + 4 + strlen(SCTP_MS_RESUME) + 1 + 16 + 8);
	TEST_DONE();

	TEST_START("resume: every other layout is refused");
	head = 1 + 4 + strlen(SCTP_MS_RESUME) + 1;
	for (i = 0; i < len; i++)	/* truncated */
		ASSERT_INT_NE(sctp_ms_resume_parse(sshbuf_ptr(b), i, NS, &rn,
		    &kn, x), 0);
	ASSERT_INT_EQ(parse_poked(b, 0, SSH2_MSG_IGNORE, x),
	    SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(parse_poked(b, 5, 'x', x), SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(parse_poked(b, head - 1, 1, x), SSH_ERR_INVALID_FORMAT);
	/* X0 = 0 */
	{
		struct sshbuf *c;

		c = copy(b);
		POKE_U32(sshbuf_mutable_ptr(c) + head + 8, 0);
		ASSERT_INT_EQ(sctp_ms_resume_parse(sshbuf_ptr(c),
		    sshbuf_len(c), NS, &rn, &kn, x), SSH_ERR_INVALID_FORMAT);
		/* stream 0, stream 4 (of 4), X[s] = 1 */
		POKE_U32(sshbuf_mutable_ptr(c) + head + 8, 7);
		POKE_U32(sshbuf_mutable_ptr(c) + head + 16, 0);
		ASSERT_INT_EQ(sctp_ms_resume_parse(sshbuf_ptr(c),
		    sshbuf_len(c), NS, &rn, &kn, x), SSH_ERR_INVALID_FORMAT);
		POKE_U32(sshbuf_mutable_ptr(c) + head + 16, NS);
		ASSERT_INT_EQ(sctp_ms_resume_parse(sshbuf_ptr(c),
		    sshbuf_len(c), NS, &rn, &kn, x), SSH_ERR_INVALID_FORMAT);
		POKE_U32(sshbuf_mutable_ptr(c) + head + 16, 2);
		POKE_U32(sshbuf_mutable_ptr(c) + head + 20, 1);
		ASSERT_INT_EQ(sctp_ms_resume_parse(sshbuf_ptr(c),
		    sshbuf_len(c), NS, &rn, &kn, x), SSH_ERR_INVALID_FORMAT);
		POKE_U32(sshbuf_mutable_ptr(c) + head + 20, 5);
		ASSERT_INT_EQ(sctp_ms_resume_parse(sshbuf_ptr(c),
		    sshbuf_len(c), NS, &rn, &kn, x), 0);
		/* a count beyond what follows; trailing bytes */
		POKE_U32(sshbuf_mutable_ptr(c) + head + 12, 2);
		ASSERT_INT_EQ(sctp_ms_resume_parse(sshbuf_ptr(c),
		    sshbuf_len(c), NS, &rn, &kn, x), SSH_ERR_INVALID_FORMAT);
		POKE_U32(sshbuf_mutable_ptr(c) + head + 12, 1);
		ASSERT_INT_EQ(sshbuf_put_u8(c, 0), 0);
		ASSERT_INT_EQ(sctp_ms_resume_parse(sshbuf_ptr(c),
		    sshbuf_len(c), NS, &rn, &kn, x), SSH_ERR_INVALID_FORMAT);
		sshbuf_free(c);
	}
	/* streams not increasing */
	sshbuf_reset(b);
	rcv.x[1] = 2;
	rcv.x[3] = 9;
	ASSERT_INT_EQ(sctp_ms_resume_put(&rcv, 1, 1, b), 0);
	ASSERT_INT_EQ(sctp_ms_resume_parse(sshbuf_ptr(b), sshbuf_len(b), NS,
	    &rn, &kn, x), 0);
	ASSERT_U32_EQ(x[1], 2);
	ASSERT_U32_EQ(x[3], 9);
	POKE_U32(sshbuf_mutable_ptr(b) + head + 24, 1);	/* 1, 1, 3 */
	ASSERT_INT_EQ(sctp_ms_resume_parse(sshbuf_ptr(b), sshbuf_len(b), NS,
	    &rn, &kn, x), SSH_ERR_INVALID_FORMAT);
	TEST_DONE();

	TEST_START("resume: no more than was sent");
	x[0] = 1;
	x[1] = x[2] = x[3] = 1;
	ASSERT_INT_EQ(sctp_ms_resume_check(&snd, x, NS), 0);
	x[0] = 2;
	ASSERT_INT_EQ(sctp_ms_resume_check(&snd, x, NS),
	    SSH_ERR_PROTOCOL_ERROR);
	snd.c0 = 1;
	snd.c[3] = 4;
	ASSERT_INT_EQ(sctp_ms_resume_check(&snd, x, NS), 0);
	x[3] = 5;
	ASSERT_INT_EQ(sctp_ms_resume_check(&snd, x, NS), 0);
	x[3] = 6;
	ASSERT_INT_EQ(sctp_ms_resume_check(&snd, x, NS),
	    SSH_ERR_PROTOCOL_ERROR);
	x[3] = 1;
	snd.c[1] = 0xfffffffe;
	x[1] = 0xffffffff;
	ASSERT_INT_EQ(sctp_ms_resume_check(&snd, x, NS), 0);
	TEST_DONE();

	TEST_START("resume: after a KEXINIT, no more than epoch 0 sent");
	sctp_ms_send_newkey(&snd);
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, SSH2_MSG_IGNORE, 0, 0, &h), 0);
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, SSH2_MSG_CHANNEL_DATA, 2, 0,
	    &h), 0);
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, SSH2_MSG_CHANNEL_DATA, 2, 0,
	    &h), 0);
	ASSERT_U32_EQ(snd.first_l1, 0);
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, SSH2_MSG_KEXINIT, 0, 0, &h),
	    0);
	ASSERT_U32_EQ(h.seq1, 1);
	ASSERT_U32_EQ(snd.first_l1, SSH2_MSG_KEXINIT);
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, SSH2_MSG_IGNORE, 0, 0, &h), 0);
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, SSH2_MSG_IGNORE, 0, 0, &h), 0);
	ASSERT_U32_EQ(snd.c0, 2);
	x[0] = 2;	/* epoch 0: one level-2 packet sent */
	x[1] = 1;
	x[2] = 3;
	x[3] = 1;
	ASSERT_INT_EQ(sctp_ms_resume_check(&snd, x, NS), 0);
	x[0] = 3;	/* epoch 1's count does not allow it */
	ASSERT_INT_EQ(sctp_ms_resume_check(&snd, x, NS),
	    SSH_ERR_PROTOCOL_ERROR);
	x[0] = 1;
	x[2] = 4;
	ASSERT_INT_EQ(sctp_ms_resume_check(&snd, x, NS),
	    SSH_ERR_PROTOCOL_ERROR);
	/* The next level-1 message leaves the counts of epoch 0. */
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, 30, 0, 0, &h), 0);
	ASSERT_U32_EQ(snd.first_l1, SSH2_MSG_KEXINIT);
	ASSERT_U32_EQ(snd.b0, 1);
	ASSERT_U32_EQ(snd.b[2], 2);
	sctp_ms_send_newkey(&snd);
	ASSERT_U32_EQ(snd.first_l1, 0);
	ASSERT_U32_EQ(snd.b0, 0);
	ASSERT_U32_EQ(snd.b[2], 0);
	TEST_DONE();

	TEST_START("resume: a key's epoch must be 0");
	rcv.epoch = 1;
	sshbuf_reset(b);
	ASSERT_INT_EQ(sctp_ms_resume_put(&rcv, 1, 1, b),
	    SSH_ERR_INTERNAL_ERROR);
	TEST_DONE();

	sshbuf_free(b);
	sctp_ms_recv_free(&rcv);
	sctp_ms_send_free(&snd);
}

static void
test_resume_codec2(void)
{
	struct sctp_ms_recv rcv;
	struct sctp_ms_send snd;
	struct ms_keep k;
	struct sctp_ms_hdr h;
	struct sshbuf *b, *c;
	uint32_t rn, kn;
	uint64_t r0;
	size_t len, i;
	int verdict;

	memset(&rcv, 0, sizeof(rcv));
	memset(&snd, 0, sizeof(snd));
	ASSERT_INT_EQ(sctp_ms_recv_init(&rcv, NS), 0);
	ASSERT_INT_EQ(sctp_ms_send_init(&snd, NS), 0);
	sctp_ms_keep_init(&k, NS);
	ASSERT_PTR_NE(b = sshbuf_new(), NULL);

	TEST_START("resume v02: only once a level-1 packet was taken");
	ASSERT_INT_EQ(sctp_ms_resume_put2(&rcv, 1, 1, b),
	    SSH_ERR_INTERNAL_ERROR);
	/* two level-2 packets, then the peer's KEXINIT, then KEX_ECDH_INIT */
	memset(&h, 0, sizeof(h));
	h.seq2 = 1;
	ASSERT_INT_EQ(sctp_ms_recv_check(&rcv, &h, SSH2_MSG_IGNORE,
	    &verdict), 0);
	ASSERT_INT_EQ(verdict, SCTP_MS_ACCEPT);
	h.counter = 1;
	h.seq2 = 2;
	ASSERT_INT_EQ(sctp_ms_recv_check(&rcv, &h, SSH2_MSG_IGNORE,
	    &verdict), 0);
	h.counter = 2;
	h.seq1 = 1;
	h.seq2 = 0;
	ASSERT_INT_EQ(sctp_ms_recv_check(&rcv, &h, SSH2_MSG_KEXINIT,
	    &verdict), 0);
	ASSERT_INT_EQ(verdict, SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(rcv.l1_other, 0);
	h.counter = 3;
	h.seq1 = 2;
	ASSERT_INT_EQ(sctp_ms_recv_check(&rcv, &h, 30, &verdict), 0);
	ASSERT_INT_EQ(rcv.l1_other, 0);
	ASSERT_U64_EQ(rcv.r, 4);
	ASSERT_INT_EQ(sctp_ms_resume_put2(&rcv, 5, 2, b), 0);
	len = sshbuf_len(b);
	ASSERT_SIZE_T_EQ(len, 1 + 4 + strlen(SCTP_MS_RESUME2) + 1 + 16);
	ASSERT_INT_EQ(sctp_ms_resume_parse2(sshbuf_ptr(b), len, &rn, &kn,
	    &r0), 0);
	ASSERT_U32_EQ(rn, 5);
	ASSERT_U32_EQ(kn, 2);
	ASSERT_U64_EQ(r0, 4);
	TEST_DONE();

	TEST_START("resume v02: every other layout is refused");
	for (i = 0; i < len; i++)
		ASSERT_INT_NE(sctp_ms_resume_parse2(sshbuf_ptr(b), i, &rn,
		    &kn, &r0), 0);
	c = copy(b);
	ASSERT_INT_EQ(sshbuf_put_u8(c, 0), 0);
	ASSERT_INT_EQ(sctp_ms_resume_parse2(sshbuf_ptr(c), sshbuf_len(c),
	    &rn, &kn, &r0), SSH_ERR_INVALID_FORMAT);
	sshbuf_free(c);
	c = copy(b);
	sshbuf_mutable_ptr(c)[len - 17] = 1;	/* want reply */
	ASSERT_INT_EQ(sctp_ms_resume_parse2(sshbuf_ptr(c), sshbuf_len(c),
	    &rn, &kn, &r0), SSH_ERR_INVALID_FORMAT);
	sshbuf_mutable_ptr(c)[len - 17] = 0;
	sshbuf_mutable_ptr(c)[5 + strlen(SCTP_MS_RESUME2) - 10] = '1';
	ASSERT_INT_EQ(sctp_ms_resume_parse2(sshbuf_ptr(c), sshbuf_len(c),
	    &rn, &kn, &r0), SSH_ERR_INVALID_FORMAT);
	sshbuf_free(c);
	/* and a v01 payload is not a v02 one, nor the other way */
	c = sshbuf_new();
	ASSERT_PTR_NE(c, NULL);
	rcv.epoch = 0;
	ASSERT_INT_EQ(sctp_ms_resume_put(&rcv, 1, 1, c), 0);
	ASSERT_INT_NE(sctp_ms_resume_parse2(sshbuf_ptr(c), sshbuf_len(c),
	    &rn, &kn, &r0), 0);
	{
		uint32_t x[NS];

		ASSERT_INT_NE(sctp_ms_resume_parse(sshbuf_ptr(b),
		    sshbuf_len(b), NS, &rn, &kn, x), 0);
	}
	rcv.epoch = 2;
	sshbuf_free(c);
	/* nothing while a level-1 packet is held */
	rcv.holding = 1;
	sshbuf_reset(b);
	ASSERT_INT_EQ(sctp_ms_resume_put2(&rcv, 5, 2, b),
	    SSH_ERR_INTERNAL_ERROR);
	rcv.holding = 0;
	TEST_DONE();

	TEST_START("resume v02: R above K1, not above what was written");
	ASSERT_INT_EQ(sctp_ms_resume_check2(&snd, &k, 1),
	    SSH_ERR_PROTOCOL_ERROR);	/* no level-1 packet sealed */
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, SSH2_MSG_IGNORE, 0, 0, &h), 0);
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, SSH2_MSG_KEXINIT, 0, 0, &h),
	    0);
	ASSERT_U64_EQ(snd.first_l1_ctr, 1);
	ASSERT_INT_EQ(snd.l1_other, 0);
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, 31, 0, 0, &h), 0);
	ASSERT_INT_EQ(snd.l1_other, 0);
	ASSERT_U64_EQ(snd.first_l1_ctr, 1);
	add_ctr(&k, 0, 0, 0, 100, 'a');
	add_ctr(&k, 0, 1, 1, 100, 'b');
	ASSERT_INT_EQ(sctp_ms_resume_check2(&snd, &k, 1),
	    SSH_ERR_PROTOCOL_ERROR);	/* the peer did not take K1 */
	ASSERT_INT_EQ(sctp_ms_resume_check2(&snd, &k, 2), 0);
	ASSERT_INT_EQ(sctp_ms_resume_check2(&snd, &k, 3),
	    SSH_ERR_PROTOCOL_ERROR);	/* counter 2 sealed, not written */
	add_ctr(&k, 0, 2, 1, 100, 'c');
	ASSERT_INT_EQ(sctp_ms_resume_check2(&snd, &k, 3), 0);
	ASSERT_INT_EQ(sctp_ms_resume_check2(&snd, &k, UINT64_MAX),
	    SSH_ERR_PROTOCOL_ERROR);
	TEST_DONE();

	TEST_START("resume v02: NEWKEYS and DISCONNECT are marked, a new key "
	    "clears them");
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, SSH2_MSG_NEWKEYS, 0, 0, &h),
	    0);
	ASSERT_INT_EQ(snd.l1_other, 1);
	sctp_ms_send_newkey(&snd);
	ASSERT_INT_EQ(snd.l1_other, 0);
	ASSERT_U64_EQ(snd.first_l1_ctr, 0);
	ASSERT_INT_EQ(sctp_ms_send_number(&snd, SSH2_MSG_DISCONNECT, 0, 0, &h),
	    0);
	ASSERT_INT_EQ(snd.l1_other, 1);
	memset(&h, 0, sizeof(h));
	h.counter = 4;
	h.seq1 = 3;
	ASSERT_INT_EQ(sctp_ms_recv_check(&rcv, &h, SSH2_MSG_NEWKEYS,
	    &verdict), 0);
	ASSERT_INT_EQ(rcv.l1_other, 1);
	sctp_ms_recv_newkey(&rcv);
	ASSERT_INT_EQ(rcv.l1_other, 0);
	TEST_DONE();

	sshbuf_free(b);
	sctp_ms_keep_free(&k);
	sctp_ms_recv_free(&rcv);
	sctp_ms_send_free(&snd);
}

/* While *flag is set, and only then, c may not resume. */
static void
blocked_while(struct sctp_ms_conn *c, int *flag)
{
	int lasting;

	*flag = 1;
	ASSERT_PTR_NE(sctp_ms_resume_blocked(c, &lasting), NULL);
	*flag = 0;
	ASSERT_PTR_EQ(sctp_ms_resume_blocked(c, &lasting), NULL);
}

/* 2.12 (b) in versions 2 and 3, as sctp_ms_resume_blocked() sees it. */
static void
test_resume_when(void)
{
	struct sctp_ms_conn c;
	struct ms_msg nk;
	int lasting;

	TEST_START("resume (b): version 3 resumes during a key exchange until "
	    "a NEWKEYS");
	memset(&c, 0, sizeof(c));
	TAILQ_INIT(&c.outq);
	c.rs.enabled = c.agreed = c.active_in = c.active_out = c.full_io = 1;
	ASSERT_INT_EQ(sctp_ms_recv_init(&c.rcv, NS), 0);
	ASSERT_INT_EQ(sctp_ms_send_init(&c.snd, NS), 0);
	sctp_ms_keep_init(&c.keep, NS);
	c.nkeys = c.nkeys_in = 2;
	c.v2 = 1;
	ASSERT_PTR_EQ(sctp_ms_resume_blocked(&c, &lasting), NULL);
	/* the peer's KEXINIT read, ours sealed: only version 3 resumes */
	c.rcv.epoch = 1;
	c.snd.epoch = 1;
	c.snd.first_l1 = SSH2_MSG_KEXINIT;
	c.snd.first_l1_ctr = 5;
	ASSERT_PTR_NE(sctp_ms_resume_blocked(&c, &lasting), NULL);
	ASSERT_INT_EQ(lasting, 0);
	c.v3 = 1;
	ASSERT_PTR_EQ(sctp_ms_resume_blocked(&c, &lasting), NULL);
	/* and after the method messages */
	c.rcv.epoch = 2;
	c.snd.epoch = 2;
	ASSERT_PTR_EQ(sctp_ms_resume_blocked(&c, &lasting), NULL);
	/* a NEWKEYS sealed (our keys moved on) or read */
	c.nkeys = 3;
	ASSERT_PTR_NE(sctp_ms_resume_blocked(&c, &lasting), NULL);
	c.nkeys = 2;
	c.nkeys_in = 3;
	ASSERT_PTR_NE(sctp_ms_resume_blocked(&c, &lasting), NULL);
	c.nkeys_in = 2;
	/* a NEWKEYS queued, not yet written */
	memset(&nk, 0, sizeof(nk));
	nk.newkeys = nk.level1 = 1;
	TAILQ_INSERT_TAIL(&c.outq, &nk, next);
	ASSERT_PTR_NE(sctp_ms_resume_blocked(&c, &lasting), NULL);
	TAILQ_REMOVE(&c.outq, &nk, next);
	ASSERT_PTR_EQ(sctp_ms_resume_blocked(&c, &lasting), NULL);
	/* NEWKEYS or DISCONNECT numbered at level 1, either way */
	blocked_while(&c, &c.snd.l1_other);
	blocked_while(&c, &c.rcv.l1_other);
	/* a level-1 packet held: version 3 discards it (version 2 stops) */
	c.rcv.holding = 1;
	ASSERT_PTR_EQ(sctp_ms_resume_blocked(&c, &lasting), NULL);
	c.v3 = 0;
	ASSERT_PTR_NE(sctp_ms_resume_blocked(&c, &lasting), NULL);
	c.v3 = 1;
	c.rcv.holding = 0;
	/* a gap below R (2.7 forbids one after a level-1 packet) */
	c.rcv.r = 9;
	c.rcv.low = 8;
	ASSERT_PTR_NE(sctp_ms_resume_blocked(&c, &lasting), NULL);
	c.rcv.low = 9;
	ASSERT_PTR_EQ(sctp_ms_resume_blocked(&c, &lasting), NULL);
	/* K1 unknown (the connection taken over at authentication) */
	c.snd.first_l1 = 0;
	ASSERT_PTR_NE(sctp_ms_resume_blocked(&c, &lasting), NULL);
	c.snd.epoch = 0;
	ASSERT_PTR_EQ(sctp_ms_resume_blocked(&c, &lasting), NULL);
	/* what is held goes at the restart; the first hold's time stays */
	ASSERT_PTR_NE(c.held = sshbuf_new(), NULL);
	ASSERT_INT_EQ(sshbuf_put_u32(c.held, 1), 0);
	c.rcv.holding = 1;
	c.rcv.hold = 7;
	c.hold_start = 100.0;
	c.hold_deadline = 220.0;
	sctp_ms_hold_discard(&c);
	ASSERT_SIZE_T_EQ(sshbuf_len(c.held), 0);
	ASSERT_INT_EQ(c.rcv.holding, 0);
	ASSERT_U64_EQ(c.rcv.hold, 0);
	ASSERT_U64_EQ(c.hold_first_ctr, 7);
	ASSERT_DOUBLE_EQ(c.hold_first, 100.0);
	ASSERT_DOUBLE_EQ(c.hold_first_deadline, 220.0);
	ASSERT_DOUBLE_EQ(c.hold_deadline, 0);
	/* held again (from 150) and discarded again: still the first */
	c.rcv.holding = 1;
	c.rcv.hold = 7;
	c.hold_start = 100.0;	/* as hold_started() sets it for 7 */
	sctp_ms_hold_discard(&c);
	ASSERT_DOUBLE_EQ(c.hold_first, 100.0);
	/* another counter starts afresh */
	c.rcv.holding = 1;
	c.rcv.hold = 9;
	c.hold_start = 150.0;
	sctp_ms_hold_discard(&c);
	ASSERT_U64_EQ(c.hold_first_ctr, 9);
	ASSERT_DOUBLE_EQ(c.hold_first, 150.0);
	/* nothing held: records left behind a released packet go */
	ASSERT_INT_EQ(sshbuf_put_u32(c.held, 1), 0);
	sctp_ms_hold_discard(&c);
	ASSERT_U64_EQ(c.hold_first_ctr, 9);
	ASSERT_SIZE_T_EQ(sshbuf_len(c.held), 0);
	sshbuf_free(c.held);
	c.held = NULL;
	/* (a) still: not before user authentication */
	c.full_io = 0;
	ASSERT_PTR_NE(sctp_ms_resume_blocked(&c, &lasting), NULL);
	ASSERT_INT_EQ(lasting, 1);
	sctp_ms_keep_free(&c.keep);
	sctp_ms_recv_free(&c.rcv);
	sctp_ms_send_free(&c.snd);
	TEST_DONE();
}

/* 2.1: version 3 (resuming during a key exchange) only when both offer it. */
static void
test_resume_version(void)
{
	struct sctp_ms_conn c;
	const char *gcm = "aes128-gcm@openssh.com";
	static const struct {
		const char *peer;
		int agreed, v2, v3;
	} t[] = {
		{ "curve25519-sha256,sctp-streams-c-v03@openssh-sctp.invalid,"
		    "sctp-streams-c-v02@openssh-sctp.invalid,"
		    "sctp-streams-c-v01@openssh-sctp.invalid,"
		    "kex-strict-c-v00@openssh.com", 1, 1, 1 },
		{ "curve25519-sha256,sctp-streams-c-v02@openssh-sctp.invalid,"
		    "sctp-streams-c-v01@openssh-sctp.invalid,"
		    "kex-strict-c-v00@openssh.com", 1, 1, 0 },
		{ "curve25519-sha256,sctp-streams-c-v01@openssh-sctp.invalid,"
		    "kex-strict-c-v00@openssh.com", 1, 0, 0 },
		{ "curve25519-sha256,sctp-streams-c-v03@openssh-sctp.invalid,"
		    "kex-strict-c-v00@openssh.com", 1, 1, 1 },
		{ "curve25519-sha256,kex-strict-c-v00@openssh.com", 0, 0, 0 },
	};
	size_t i;

	TEST_START("resume: version 3 only when both offer it");
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		memset(&c, 0, sizeof(c));
		c.offered = 1;
		ASSERT_INT_EQ(sctp_ms_kex_choose(&c, 1, 1, t[i].peer, 1, gcm,
		    gcm, 0, 0), 0);
		ASSERT_INT_EQ(c.agreed, t[i].agreed);
		ASSERT_INT_EQ(c.v2, t[i].v2);
		ASSERT_INT_EQ(c.v3, t[i].v3);
	}
	TEST_DONE();
}
#endif /* WITH_SCTP */

void
test_keep(void)
{
#ifdef WITH_SCTP
	test_keep_take();
	test_keep_take2();
	test_resume_codec();
	test_resume_codec2();
	test_resume_when();
	test_resume_version();
#endif
}
