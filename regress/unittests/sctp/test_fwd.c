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
 * Forwarding messages against PROTOCOL.sctp 3.2 and 3.3: address lists,
 * the SCTP data header and the joining of pieces, each rule with the
 * bad input it must refuse.
 */

#include "includes.h"

#include <sys/types.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../test_helper/test_helper.h"

#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-fwd-msg.h"

void test_fwd(void);

/* A list of n addresses "a0".."a7" and port. */
static void
make_list(struct sctp_fwd_addrs *a, u_int n, u_int port)
{
	u_int i;
	char s[8];

	memset(a, 0, sizeof(*a));
	for (i = 0; i < n; i++) {
		snprintf(s, sizeof(s), "a%u", i);
		a->addrs[i] = strdup(s);
	}
	a->naddrs = n;
	a->port = port;
}

/* The wire form, written by hand: address, port, n, further addresses. */
static struct sshbuf *
wire(const char *first, size_t flen, uint32_t port, uint32_t n,
    const char *further)
{
	struct sshbuf *b;
	uint32_t i;

	ASSERT_PTR_NE(b = sshbuf_new(), NULL);
	ASSERT_INT_EQ(sshbuf_put_string(b, first, flen), 0);
	ASSERT_INT_EQ(sshbuf_put_u32(b, port), 0);
	ASSERT_INT_EQ(sshbuf_put_u32(b, n), 0);
	/* At most 8 of them, whatever count is claimed. */
	for (i = 0; i < n && i < 8; i++)
		ASSERT_INT_EQ(sshbuf_put_cstring(b, further), 0);
	return b;
}

static void
expect_bad(struct sshbuf *b, int listening)
{
	struct sctp_fwd_addrs a;

	ASSERT_INT_NE(sctp_fwd_addrs_get(b, &a, listening), 0);
	ASSERT_U_INT_EQ(a.naddrs, 0);	/* nothing kept */
	sshbuf_free(b);
}

static void
test_addrs(void)
{
	struct sctp_fwd_addrs a, g;
	struct sshbuf *b, *t;
	char longname[SCTP_FWD_MAX_ADDRLEN + 2];
	size_t i, len;
	u_int n;

	TEST_START("fwd addrs: 1 to 8 addresses round trip (3.2)");
	for (n = 1; n <= SCTP_FWD_MAX_ADDRS; n++) {
		ASSERT_PTR_NE(b = sshbuf_new(), NULL);
		make_list(&a, n, 3868);
		ASSERT_INT_EQ(sctp_fwd_addrs_put(b, &a), 0);
		/* The first fields are direct-tcpip's: address, port. */
		ASSERT_U32_EQ(PEEK_U32(sshbuf_ptr(b)), 2);
		ASSERT_U32_EQ(PEEK_U32(sshbuf_ptr(b) + 6), 3868);
		ASSERT_U32_EQ(PEEK_U32(sshbuf_ptr(b) + 10), n - 1);
		ASSERT_INT_EQ(sctp_fwd_addrs_get(b, &g, 0), 0);
		ASSERT_SIZE_T_EQ(sshbuf_len(b), 0);
		ASSERT_U_INT_EQ(g.naddrs, n);
		ASSERT_U_INT_EQ(g.port, 3868);
		for (i = 0; i < n; i++)
			ASSERT_STRING_EQ(g.addrs[i], a.addrs[i]);
		sctp_fwd_addrs_free(&a);
		sctp_fwd_addrs_free(&g);
		sshbuf_free(b);
	}
	TEST_DONE();

	TEST_START("fwd addrs: what a sender may not put");
	ASSERT_PTR_NE(b = sshbuf_new(), NULL);
	make_list(&a, 1, 65536);
	ASSERT_INT_EQ(sctp_fwd_addrs_put(b, &a), SSH_ERR_INVALID_ARGUMENT);
	sctp_fwd_addrs_free(&a);
	make_list(&a, 1, 1);
	a.naddrs = 0;
	ASSERT_INT_EQ(sctp_fwd_addrs_put(b, &a), SSH_ERR_INVALID_ARGUMENT);
	a.naddrs = 1;
	sctp_fwd_addrs_free(&a);
	ASSERT_SIZE_T_EQ(sshbuf_len(b), 0);
	sshbuf_free(b);
	TEST_DONE();

	TEST_START("fwd addrs: bad lists refused, nothing kept");
	expect_bad(wire("a", 1, 1, 8, "b"), 0);		/* 9 addresses */
	expect_bad(wire("a", 1, 1, 0xffffffff, "b"), 0);
	expect_bad(wire("a", 1, 65536, 0, NULL), 0);	/* bad port */
	expect_bad(wire("", 0, 1, 0, NULL), 0);		/* empty, connecting */
	expect_bad(wire("", 0, 1, 1, "b"), 1);		/* "" must stand alone */
	expect_bad(wire("a", 1, 1, 1, ""), 1);		/* empty further one */
	expect_bad(wire("a\0b", 3, 1, 0, NULL), 0);	/* embedded NUL */
	/* A last NUL passes sshbuf_get_cstring(): "\0" is empty (fuzzing) */
	expect_bad(wire("\0", 1, 1, 0, NULL), 0);
	expect_bad(wire("\0", 1, 1, 0, NULL), 1);
	expect_bad(wire("a\0", 2, 1, 0, NULL), 0);
	expect_bad(wire("a b", 3, 1, 0, NULL), 0);	/* not a host name */
	expect_bad(wire("a\n", 2, 1, 0, NULL), 0);
	expect_bad(wire("a", 1, 1, 1, "\x81"), 0);
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	expect_bad(wire(longname, strlen(longname), 1, 0, NULL), 0);
	longname[SCTP_FWD_MAX_ADDRLEN] = '\0';		/* 255: fine */
	b = wire(longname, strlen(longname), 1, 0, NULL);
	ASSERT_INT_EQ(sctp_fwd_addrs_get(b, &g, 0), 0);
	sctp_fwd_addrs_free(&g);
	sshbuf_free(b);
	/* Listening: "" alone is RFC 4254's "all addresses". */
	b = wire("", 0, 0, 0, NULL);
	ASSERT_INT_EQ(sctp_fwd_addrs_get(b, &g, 1), 0);
	ASSERT_U_INT_EQ(g.naddrs, 1);
	ASSERT_STRING_EQ(g.addrs[0], "");
	sctp_fwd_addrs_free(&g);
	sshbuf_free(b);
	TEST_DONE();

	TEST_START("fwd addrs: every truncation refused");
	b = wire("host1", 5, 22, 3, "host2");
	len = sshbuf_len(b);
	for (i = 0; i < len; i++) {
		ASSERT_PTR_NE(t = sshbuf_from(sshbuf_ptr(b), i), NULL);
		ASSERT_INT_NE(sctp_fwd_addrs_get(t, &g, 0), 0);
		ASSERT_U_INT_EQ(g.naddrs, 0);
		sshbuf_free(t);
	}
	sshbuf_free(b);
	TEST_DONE();
}

static void
test_hdr(void)
{
	struct sctp_fwd_hdr h, g;
	struct sshbuf *b;
	u_char p[SCTP_FWD_HDR_LEN + 1];
	size_t i;

	TEST_START("fwd hdr: layout of 3.3 and round trip");
	ASSERT_PTR_NE(b = sshbuf_new(), NULL);
	h.flags = SCTP_FWD_F_UNORDERED | SCTP_FWD_F_MORE;
	h.stream = 0x1234;
	h.ppid = 0x2e;	/* as sent: network order kept */
	ASSERT_INT_EQ(sctp_fwd_hdr_put(b, &h), 0);
	ASSERT_SIZE_T_EQ(sshbuf_len(b), SCTP_FWD_HDR_LEN);
	ASSERT_U8_EQ(sshbuf_ptr(b)[0], 0x03);
	ASSERT_U16_EQ(PEEK_U16(sshbuf_ptr(b) + 1), 0x1234);
	ASSERT_U32_EQ(PEEK_U32(sshbuf_ptr(b) + 3), 0x2e);
	ASSERT_INT_EQ(sctp_fwd_hdr_parse(sshbuf_ptr(b), sshbuf_len(b), &g), 0);
	ASSERT_U8_EQ(g.flags, h.flags);
	ASSERT_U16_EQ(g.stream, h.stream);
	ASSERT_U32_EQ(g.ppid, h.ppid);
	h.flags = 0x08;
	ASSERT_INT_EQ(sctp_fwd_hdr_put(b, &h), SSH_ERR_INVALID_ARGUMENT);
	sshbuf_free(b);
	TEST_DONE();

	TEST_START("fwd hdr: short, reserved flags and bad abandons refused");
	memset(p, 0, sizeof(p));
	for (i = 0; i < SCTP_FWD_HDR_LEN; i++)
		ASSERT_INT_EQ(sctp_fwd_hdr_parse(p, i, &g),
		    SSH_ERR_INVALID_FORMAT);
	for (i = 3; i < 8; i++) {
		p[0] = 1 << i;
		ASSERT_INT_EQ(sctp_fwd_hdr_parse(p, SCTP_FWD_HDR_LEN, &g),
		    SSH_ERR_INVALID_FORMAT);
	}
	p[0] = SCTP_FWD_F_ABANDON;
	ASSERT_INT_EQ(sctp_fwd_hdr_parse(p, SCTP_FWD_HDR_LEN, &g), 0);
	ASSERT_INT_EQ(sctp_fwd_hdr_parse(p, SCTP_FWD_HDR_LEN + 1, &g),
	    SSH_ERR_INVALID_FORMAT);		/* an abandon carries nothing */
	p[0] = SCTP_FWD_F_ABANDON | SCTP_FWD_F_MORE;
	ASSERT_INT_EQ(sctp_fwd_hdr_parse(p, SCTP_FWD_HDR_LEN, &g),
	    SSH_ERR_INVALID_FORMAT);
	TEST_DONE();
}

/* Add a piece; returns whether it completed a message. */
static int
piece(struct sctp_fwd_join *j, u_char flags, uint16_t stream, uint32_t ppid,
    const char *s, struct sshbuf *msg, int expect)
{
	struct sctp_fwd_hdr h;
	int done = -1;

	h.flags = flags;
	h.stream = stream;
	h.ppid = ppid;
	ASSERT_INT_EQ(sctp_fwd_join_add(j, &h, (const u_char *)s, strlen(s),
	    msg, &done), expect);
	return done;
}

static void
expect_msg(struct sshbuf *msg, const char *s)
{
	ASSERT_SIZE_T_EQ(sshbuf_len(msg), strlen(s));
	ASSERT_MEM_EQ(sshbuf_ptr(msg), s, strlen(s));
	sshbuf_reset(msg);
}

static void
test_join(void)
{
	struct sctp_fwd_join *j;
	struct sshbuf *msg;
	const u_char F_M = SCTP_FWD_F_MORE, F_U = SCTP_FWD_F_UNORDERED;
	u_int i, n;

	ASSERT_PTR_NE(msg = sshbuf_new(), NULL);
	j = sctp_fwd_join_new(1024);

	TEST_START("fwd join: whole messages pass at once");
	ASSERT_INT_EQ(piece(j, 0, 3, 46, "whole", msg, 0), 1);
	expect_msg(msg, "whole");
	ASSERT_SIZE_T_EQ(sctp_fwd_join_held(j), 0);
	TEST_DONE();

	TEST_START("fwd join: pieces of a stream joined, others between");
	ASSERT_INT_EQ(piece(j, F_M, 1, 46, "ab", msg, 0), 0);
	ASSERT_INT_EQ(piece(j, F_U | F_M, 2, 47, "AB", msg, 0), 0);
	/* A whole message of another stream may come between (3.3). */
	ASSERT_INT_EQ(piece(j, 0, 4, 0, "other", msg, 0), 1);
	expect_msg(msg, "other");
	ASSERT_SIZE_T_EQ(sctp_fwd_join_held(j),
	    2 * SCTP_FWD_JOIN_OVERHEAD + 4);
	ASSERT_INT_EQ(piece(j, F_M, 1, 46, "cd", msg, 0), 0);
	ASSERT_INT_EQ(piece(j, F_U, 2, 47, "C", msg, 0), 1);
	expect_msg(msg, "ABC");
	ASSERT_INT_EQ(piece(j, 0, 1, 46, "e", msg, 0), 1);
	expect_msg(msg, "abcde");
	ASSERT_SIZE_T_EQ(sctp_fwd_join_held(j), 0);
	TEST_DONE();

	TEST_START("fwd join: a piece that does not fit is refused");
	ASSERT_INT_EQ(piece(j, F_M, 1, 46, "ab", msg, 0), 0);
	piece(j, 0, 1, 47, "x", msg, SSH_ERR_INVALID_FORMAT);	/* PPI */
	piece(j, F_U, 1, 46, "x", msg, SSH_ERR_INVALID_FORMAT);	/* flag */
	ASSERT_SIZE_T_EQ(sshbuf_len(msg), 0);
	TEST_DONE();

	TEST_START("fwd join: abandon drops the incomplete message");
	ASSERT_INT_EQ(piece(j, SCTP_FWD_F_ABANDON, 1, 0, "", msg, 0), 0);
	ASSERT_SIZE_T_EQ(sctp_fwd_join_held(j), 0);
	piece(j, SCTP_FWD_F_ABANDON, 1, 0, "", msg, SSH_ERR_INVALID_FORMAT);
	/* The stream starts afresh. */
	ASSERT_INT_EQ(piece(j, 0, 1, 47, "new", msg, 0), 1);
	expect_msg(msg, "new");
	TEST_DONE();

	TEST_START("fwd join: the limit holds, empty pieces included");
	for (n = 0; n < 100; n++) {
		struct sctp_fwd_hdr h = { F_M, n, 0 };
		int done, r = sctp_fwd_join_add(j, &h, NULL, 0, msg, &done);

		if (r != 0) {
			ASSERT_INT_EQ(r, SSH_ERR_NO_BUFFER_SPACE);
			break;
		}
	}
	ASSERT_U_INT_EQ(n, 1024 / SCTP_FWD_JOIN_OVERHEAD);
	ASSERT_SIZE_T_LE(sctp_fwd_join_held(j), 1024);
	for (i = 0; i < n; i++)
		ASSERT_INT_EQ(piece(j, SCTP_FWD_F_ABANDON, i, 0, "", msg, 0),
		    0);
	ASSERT_SIZE_T_EQ(sctp_fwd_join_held(j), 0);
	{
		char big[1024];

		memset(big, 'x', sizeof(big) - 1);
		big[sizeof(big) - 1] = '\0';
		ASSERT_INT_EQ(piece(j, F_M, 1, 0, big + 300, msg, 0), 0);
		piece(j, 0, 1, 0, big + 300, msg, SSH_ERR_NO_BUFFER_SPACE);
	}
	TEST_DONE();

	sctp_fwd_join_free(j);
	sshbuf_free(msg);
}

void
test_fwd(void)
{
	test_addrs();
	test_hdr();
	test_join();
}
