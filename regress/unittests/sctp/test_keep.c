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
 * what a resume takes from them, and the exact record of what the bound
 * dropped.
 */

#include "includes.h"

#include <sys/types.h>
#include "openbsd-compat/sys-queue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../test_helper/test_helper.h"

#include "xmalloc.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-ms-int.h"

void test_keep(void);

#ifdef WITH_SCTP

#define NS	4

/* A copy of LEN bytes, its first byte TAG, kept as written. */
static void
add(struct ms_keep *k, uint16_t stream, uint32_t seq, int drained,
    size_t len, u_char tag)
{
	struct sshbuf *b;
	u_char *p;

	ASSERT_PTR_NE(b = sshbuf_new(), NULL);
	ASSERT_INT_EQ(sshbuf_reserve(b, len, &p), 0);
	memset(p, 0, len);
	p[0] = tag;
	sctp_ms_keep_add(k, stream, seq, drained, b);
}

/* The tags of a list, in order, as a string. */
static void
tags(struct ms_kept_list *l, char *out, size_t outlen)
{
	struct ms_kept *p;
	size_t n = 0;

	TAILQ_FOREACH(p, l, next) {
		ASSERT_SIZE_T_LT(n + 1, outlen);
		out[n++] = (char)*sshbuf_ptr(p->b);
	}
	out[n] = '\0';
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
	sctp_ms_keep_free(&k);
	TEST_DONE();
}
#endif /* WITH_SCTP */

void
test_keep(void)
{
#ifdef WITH_SCTP
	test_keep_take();
#endif
}
