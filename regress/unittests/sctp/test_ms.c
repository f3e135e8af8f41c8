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
 * Multi-stream mode: the packet codec and the ordering engine against
 * PROTOCOL.sctp 2.2 to 2.8, rule by rule, with the attack cases
 * (forged, replayed, dropped, reordered, truncated and wrong-stream
 * packets), number limits and the key change.
 */

#include "includes.h"

#include <sys/types.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef WITH_OPENSSL
#include <openssl/evp.h>
#endif

#include "../test_helper/test_helper.h"

#include "xmalloc.h"
#include "ssh2.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "packet.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-avail.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-fwd-msg.h"
#include "sctp/sctp-fwd-options.h"
#include "sctp/sctp-net.h"
#include "misc.h"

#ifdef WITH_SCTP
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/sctp.h>
#include <poll.h>
#include <unistd.h>
#endif

void test_ms(void);

#define NSTREAMS	4
#define T_DATA		SSH2_MSG_CHANNEL_DATA
#define T_WADJ		SSH2_MSG_CHANNEL_WINDOW_ADJUST
#define T_AUTH		SSH2_MSG_USERAUTH_REQUEST
#define T_IGNORE	SSH2_MSG_IGNORE
#define T_KEXINIT	SSH2_MSG_KEXINIT
#define T_NEWKEYS	SSH2_MSG_NEWKEYS

static const char *ciphers[] = {
	"aes128-gcm@openssh.com",
	"aes256-gcm@openssh.com",
	"chacha20-poly1305@openssh.com",
	NULL
};

static u_char key_a[64], key_b[64], iv_a[12], iv_b[12];

static void
keys(void)
{
	u_int i;

	for (i = 0; i < sizeof(key_a); i++) {
		key_a[i] = i;
		key_b[i] = 0x80 | i;
	}
	for (i = 0; i < sizeof(iv_a); i++) {
		iv_a[i] = 0x40 + i;
		iv_b[i] = 0xc0 + i;
	}
}

static struct sctp_ms_cipher *
cipher(const char *name, const u_char *key, const u_char *iv, int enc)
{
	struct sctp_ms_cipher *c = NULL;

	ASSERT_INT_EQ(sctp_ms_cipher_init(&c, name, key, 64, iv, 12, enc), 0);
	ASSERT_PTR_NE(c, NULL);
	return c;
}

static struct sshbuf *
seal(struct sctp_ms_cipher *c, uint64_t counter, uint16_t stream,
    int unordered, const u_char *p, size_t len)
{
	struct sctp_ms_hdr h;
	struct sshbuf *b;

	memset(&h, 0, sizeof(h));
	h.counter = counter;
	h.seq1 = 7;
	h.seq2 = stream;
	h.seq3 = 9;
	h.stream = stream;
	h.flags = unordered ? SCTP_MS_F_UNORDERED : 0;
	ASSERT_PTR_NE(b = sshbuf_new(), NULL);
	ASSERT_INT_EQ(sctp_ms_seal(c, &h, p, len, b), 0);
	return b;
}

static void
test_codec(void)
{
	struct sctp_ms_cipher *enc, *dec, *other;
	struct sctp_ms_hdr h;
	struct sshbuf *b, *pl;
	u_char payload[40000], *m;
	size_t len, i, n;
	int ci, r;

	for (i = 0; i < sizeof(payload); i++)
		payload[i] = (u_char)(i * 7 + 3);
	ASSERT_PTR_NE(pl = sshbuf_new(), NULL);

	TEST_START("ms codec: only AEAD ciphers allowed");
	for (ci = 0; ciphers[ci] != NULL; ci++)
		ASSERT_INT_EQ(sctp_ms_cipher_allowed(ciphers[ci]), 1);
	ASSERT_INT_EQ(sctp_ms_cipher_allowed("aes128-ctr"), 0);
	ASSERT_INT_EQ(sctp_ms_cipher_allowed("aes256-cbc"), 0);
	ASSERT_INT_EQ(sctp_ms_cipher_allowed("none"), 0);
	ASSERT_INT_EQ(sctp_ms_cipher_allowed(NULL), 0);
	/* 2.1: this build has every cipher of 2.3, so it may offer */
	ASSERT_PTR_EQ(sctp_ms_cipher_missing(), NULL);
	ASSERT_INT_EQ(sctp_ms_cipher_init(&enc, "aes128-ctr", key_a, 64,
	    iv_a, 12, 1), SSH_ERR_INVALID_ARGUMENT);
	ASSERT_INT_EQ(sctp_ms_cipher_init(&enc, "aes256-gcm@openssh.com",
	    key_a, 16, iv_a, 12, 1), SSH_ERR_INVALID_ARGUMENT);
	TEST_DONE();

	for (ci = 0; ciphers[ci] != NULL; ci++) {
		enc = cipher(ciphers[ci], key_a, iv_a, 1);
		dec = cipher(ciphers[ci], key_a, iv_a, 0);
		other = cipher(ciphers[ci], key_b, iv_b, 0);

		TEST_START("ms codec: seal and open, every length");
		for (i = 1; i < 303; i++) {
			len = i < 300 ? i : i == 300 ? 1000 :
			    i == 301 ? 32768 : 39000;
			b = seal(enc, len, (uint16_t)(len % NSTREAMS), 0,
			    payload, len);
			ASSERT_SIZE_T_EQ(sshbuf_len(b), sctp_ms_sealed_len(len));
			ASSERT_SIZE_T_EQ((sshbuf_len(b) - SCTP_MS_COUNTER_LEN -
			    SCTP_MS_TAG_LEN) % SCTP_MS_BLOCK, 0);
			ASSERT_SIZE_T_LE(sshbuf_len(b), len + SCTP_MS_OVERHEAD);
			sshbuf_reset(pl);
			ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(b),
			    sshbuf_len(b), (uint16_t)(len % NSTREAMS), 0, &h,
			    pl), 0);
			ASSERT_U64_EQ(h.counter, len);
			ASSERT_U32_EQ(h.seq1, 7);
			ASSERT_U32_EQ(h.seq2, len % NSTREAMS);
			ASSERT_U32_EQ(h.seq3, 9);
			ASSERT_SIZE_T_EQ(sshbuf_len(pl), len);
			ASSERT_MEM_EQ(sshbuf_ptr(pl), payload, len);
			sshbuf_free(b);
		}
		TEST_DONE();

		TEST_START("ms codec: every byte forged fails the tag");
		b = seal(enc, 5, 1, 0, payload, 100);
		m = xmalloc(sshbuf_len(b));
		for (i = 0; i < sshbuf_len(b); i++) {
			memcpy(m, sshbuf_ptr(b), sshbuf_len(b));
			m[i] ^= 0x01;
			sshbuf_reset(pl);
			ASSERT_INT_EQ(sctp_ms_open(dec, m, sshbuf_len(b), 1, 0,
			    &h, pl), SSH_ERR_MAC_INVALID);
			ASSERT_SIZE_T_EQ(sshbuf_len(pl), 0);
		}
		free(m);
		TEST_DONE();

		TEST_START("ms codec: moved to another stream or ordering");
		ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(b), sshbuf_len(b),
		    2, 0, &h, pl), SSH_ERR_MAC_INVALID);
		ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(b), sshbuf_len(b),
		    1, 1, &h, pl), SSH_ERR_MAC_INVALID);
		ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(b), sshbuf_len(b),
		    1, 0, &h, pl), 0);
		sshbuf_free(b);
		b = seal(enc, 6, 3, 1, payload, 10);
		ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(b), sshbuf_len(b),
		    3, 0, &h, pl), SSH_ERR_MAC_INVALID);
		ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(b), sshbuf_len(b),
		    3, 1, &h, pl), 0);
		ASSERT_U8_EQ(h.flags, SCTP_MS_F_UNORDERED);
		TEST_DONE();

		TEST_START("ms codec: another key or direction fails");
		sshbuf_reset(pl);
		ASSERT_INT_EQ(sctp_ms_open(other, sshbuf_ptr(b), sshbuf_len(b),
		    3, 1, &h, pl), SSH_ERR_MAC_INVALID);
		ASSERT_SIZE_T_EQ(sshbuf_len(pl), 0);
		TEST_DONE();

		TEST_START("ms codec: truncated, padded and oversized messages");
		n = sshbuf_len(b);
		ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(b), n - 1, 3, 1, &h,
		    pl), SSH_ERR_INVALID_FORMAT);
		ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(b), n - 16, 3, 1,
		    &h, pl), SSH_ERR_INVALID_FORMAT);	/* below minimum */
		ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(b), 0, 3, 1, &h,
		    pl), SSH_ERR_INVALID_FORMAT);
		sshbuf_free(b);
		b = seal(enc, 8, 1, 0, payload, 200);
		n = sshbuf_len(b);
		/* a whole block cut off the end: the tag moves, so fails */
		ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(b), n - 16, 1, 0,
		    &h, pl), SSH_ERR_MAC_INVALID);
		m = xcalloc(1, SCTP_MS_MAX_MSG + 16);
		ASSERT_INT_EQ(sctp_ms_open(dec, m, SCTP_MS_MAX_MSG + 16, 1, 0,
		    &h, pl), SSH_ERR_INVALID_FORMAT);
		free(m);
		sshbuf_reset(pl);
		r = sctp_ms_seal(enc, &h, payload, 0, pl);
		ASSERT_INT_EQ(r, SSH_ERR_INVALID_ARGUMENT);
		sshbuf_free(b);
		TEST_DONE();

		TEST_START("ms codec: one key seals, the other opens only");
		b = sshbuf_new();
		ASSERT_INT_NE(sctp_ms_seal(dec, &h, payload, 10, b), 0);
		ASSERT_INT_NE(sctp_ms_open(enc, payload, 100, 1, 0, &h, b), 0);
		sshbuf_free(b);
		TEST_DONE();

		sctp_ms_cipher_free(enc);
		sctp_ms_cipher_free(dec);
		sctp_ms_cipher_free(other);
	}

	TEST_START("ms codec: plaintext layout checks");
	{
		u_char pt[48];

		memset(pt, 0, sizeof(pt));
		pt[12] = 4;			/* 31 bytes of payload */
		sshbuf_reset(pl);
		ASSERT_INT_EQ(sctp_ms_parse_plain(pt, 48, &h, pl), 0);
		ASSERT_SIZE_T_EQ(sshbuf_len(pl), 31);
		pt[12] = 3;			/* padding below 4 */
		ASSERT_INT_EQ(sctp_ms_parse_plain(pt, 48, &h, pl),
		    SSH_ERR_INVALID_FORMAT);
		pt[12] = 35;			/* leaves no payload */
		ASSERT_INT_EQ(sctp_ms_parse_plain(pt, 48, &h, pl),
		    SSH_ERR_INVALID_FORMAT);
		pt[12] = 255;			/* past the end */
		ASSERT_INT_EQ(sctp_ms_parse_plain(pt, 48, &h, pl),
		    SSH_ERR_INVALID_FORMAT);
		pt[12] = 4;
		ASSERT_INT_EQ(sctp_ms_parse_plain(pt, 47, &h, pl),
		    SSH_ERR_INVALID_FORMAT);	/* not whole blocks */
	}
	TEST_DONE();
	sshbuf_free(pl);
}

#ifdef WITH_OPENSSL
/*
 * Open a sealed message with OpenSSL directly, building nonce and AAD
 * from the text of PROTOCOL.sctp 2.2/2.3, so the codec's byte layout is
 * checked against the spec rather than against itself.
 */
static int
spec_open(const EVP_CIPHER *evp, const u_char *key, const u_char *prefix,
    const u_char *msg, size_t len, uint16_t stream, int unordered,
    u_char *pt)
{
	EVP_CIPHER_CTX *ctx;
	u_char nonce[12], aad[11];
	size_t ctlen = len - 8 - 16;
	int outl, ok;

	memcpy(nonce, prefix, 4);
	memcpy(nonce + 4, msg, 8);		/* counter, network order */
	memcpy(aad, msg, 8);
	aad[8] = stream >> 8;
	aad[9] = stream & 0xff;
	aad[10] = unordered ? 1 : 0;
	ASSERT_PTR_NE(ctx = EVP_CIPHER_CTX_new(), NULL);
	ok = EVP_DecryptInit_ex(ctx, evp, NULL, key, nonce) == 1 &&
	    EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, 16,
	    (void *)(msg + len - 16)) == 1 &&
	    EVP_DecryptUpdate(ctx, NULL, &outl, aad, sizeof(aad)) == 1 &&
	    EVP_DecryptUpdate(ctx, pt, &outl, msg + 8, (int)ctlen) == 1 &&
	    EVP_DecryptFinal_ex(ctx, pt + outl, &outl) == 1;
	EVP_CIPHER_CTX_free(ctx);
	return ok;
}

static void
test_codec_spec(void)
{
	struct sctp_ms_cipher *enc;
	struct sshbuf *b;
	u_char pt[64], zero[4] = { 0, 0, 0, 0 };
	const u_char msg[] = "\x5e" "spec";

	TEST_START("ms codec: aes-gcm layout as PROTOCOL.sctp 2.2/2.3");
	enc = cipher("aes128-gcm@openssh.com", key_a, iv_a, 1);
	b = seal(enc, 0x0102030405060708ULL, 2, 1, msg, 5);
	ASSERT_SIZE_T_EQ(sshbuf_len(b), 8 + 32 + 16);
	ASSERT_U8_EQ(sshbuf_ptr(b)[0], 0x01);
	ASSERT_U8_EQ(sshbuf_ptr(b)[7], 0x08);
	ASSERT_INT_EQ(spec_open(EVP_aes_128_gcm(), key_a, iv_a,
	    sshbuf_ptr(b), sshbuf_len(b), 2, 1, pt), 1);
	ASSERT_U32_EQ(PEEK_U32(pt), 7);
	ASSERT_U32_EQ(PEEK_U32(pt + 4), 2);
	ASSERT_U32_EQ(PEEK_U32(pt + 8), 9);
	ASSERT_U8_EQ(pt[12], 32 - 13 - 5);
	ASSERT_MEM_EQ(pt + 13, msg, 5);
	/* The derived IV's prefix is part of the nonce. */
	ASSERT_INT_EQ(spec_open(EVP_aes_128_gcm(), key_a, iv_b,
	    sshbuf_ptr(b), sshbuf_len(b), 2, 1, pt), 0);
	sshbuf_free(b);
	sctp_ms_cipher_free(enc);
	TEST_DONE();

#ifdef NID_chacha20_poly1305
	TEST_START("ms codec: chacha20-poly1305 is RFC 8439 as 2.3 says");
	enc = cipher("chacha20-poly1305@openssh.com", key_a, iv_a, 1);
	b = seal(enc, 42, 1, 0, msg, 5);
	ASSERT_INT_EQ(spec_open(EVP_chacha20_poly1305(), key_a, zero,
	    sshbuf_ptr(b), sshbuf_len(b), 1, 0, pt), 1);
	ASSERT_MEM_EQ(pt + 13, msg, 5);
	/* The second 32 bytes of the derived key are not the key. */
	ASSERT_INT_EQ(spec_open(EVP_chacha20_poly1305(), key_a + 32, zero,
	    sshbuf_ptr(b), sshbuf_len(b), 1, 0, pt), 0);
	sshbuf_free(b);
	sctp_ms_cipher_free(enc);
	TEST_DONE();
#endif
}
#endif /* WITH_OPENSSL */

/* Send-side numbering of one packet, asserted to succeed. */
static struct sctp_ms_hdr
num(struct sctp_ms_send *s, u_char type, uint16_t stream, int unseq)
{
	struct sctp_ms_hdr h;

	ASSERT_INT_EQ(sctp_ms_send_number(s, type, stream, unseq, &h), 0);
	return h;
}

static int
check(struct sctp_ms_recv *r, struct sctp_ms_hdr h, u_char type)
{
	int verdict = -1, ret;

	ret = sctp_ms_recv_check(r, &h, type, &verdict);
	if (ret == 0)
		ASSERT_INT_NE(verdict, -1);
	return ret == 0 ? verdict : ret;
}

static void
test_numbering(void)
{
	struct sctp_ms_send s;
	struct sctp_ms_hdr h;

	TEST_START("ms order: sender numbers per PROTOCOL.sctp 2.4");
	ASSERT_INT_EQ(sctp_ms_send_init(&s, 1), SSH_ERR_INVALID_ARGUMENT);
	ASSERT_INT_EQ(sctp_ms_send_init(&s, NSTREAMS), 0);
	h = num(&s, T_AUTH, 0, 0);		/* level 2 */
	ASSERT_U32_EQ(h.seq1, 0); ASSERT_U32_EQ(h.seq2, 1);
	ASSERT_U32_EQ(h.seq3, 0); ASSERT_U64_EQ(h.counter, 0);
	h = num(&s, T_DATA, 2, 0);		/* level 3 */
	ASSERT_U32_EQ(h.seq1, 0); ASSERT_U32_EQ(h.seq2, 2);
	ASSERT_U32_EQ(h.seq3, 1); ASSERT_U64_EQ(h.counter, 1);
	h = num(&s, T_DATA, 2, 0);
	ASSERT_U32_EQ(h.seq3, 2);
	h = num(&s, T_WADJ, 1, 0);
	ASSERT_U32_EQ(h.seq2, 1); ASSERT_U32_EQ(h.seq3, 1);
	h = num(&s, T_IGNORE, 0, 0);
	ASSERT_U32_EQ(h.seq2, 2);
	h = num(&s, T_KEXINIT, 0, 0);		/* level 1, restarts 2 and 3 */
	ASSERT_U32_EQ(h.seq1, 1); ASSERT_U32_EQ(h.seq2, 0);
	ASSERT_U32_EQ(h.seq3, 0); ASSERT_U64_EQ(h.counter, 5);
	h = num(&s, T_IGNORE, 0, 0);
	ASSERT_U32_EQ(h.seq1, 1); ASSERT_U32_EQ(h.seq2, 1);
	h = num(&s, T_DATA, 2, 0);
	ASSERT_U32_EQ(h.seq3, 1);
	h = num(&s, T_DATA, 3, 1);		/* unsequenced */
	ASSERT_U64_EQ(h.counter, SCTP_MS_UNSEQ);
	ASSERT_U32_EQ(h.seq2, 3); ASSERT_U32_EQ(h.seq3, 0);
	ASSERT_U8_EQ(h.flags, SCTP_MS_F_UNORDERED);
	h = num(&s, T_DATA, 2, 0);
	ASSERT_U64_EQ(h.counter, 8);		/* counters are apart */
	TEST_DONE();

	TEST_START("ms order: sender refuses what 2.4/2.5 forbid");
	ASSERT_INT_EQ(sctp_ms_send_number(&s, T_KEXINIT, 1, 0, &h),
	    SSH_ERR_INVALID_ARGUMENT);
	ASSERT_INT_EQ(sctp_ms_send_number(&s, T_AUTH, 1, 0, &h),
	    SSH_ERR_INVALID_ARGUMENT);
	ASSERT_INT_EQ(sctp_ms_send_number(&s, T_DATA, NSTREAMS, 0, &h),
	    SSH_ERR_INVALID_ARGUMENT);
	ASSERT_INT_EQ(sctp_ms_send_number(&s, T_DATA, 0, 1, &h),
	    SSH_ERR_INVALID_ARGUMENT);
	ASSERT_INT_EQ(sctp_ms_send_number(&s, T_WADJ, 1, 1, &h),
	    SSH_ERR_INVALID_ARGUMENT);
	TEST_DONE();

	TEST_START("ms order: no number wraps (2.3, 2.4)");
	s.c0 = 0xfffffffdU;
	h = num(&s, T_IGNORE, 0, 0);
	ASSERT_U32_EQ(h.seq2, 0xfffffffeU);
	ASSERT_INT_EQ(sctp_ms_send_number(&s, T_IGNORE, 0, 0, &h),
	    SSH_ERR_NEED_REKEY);
	s.c[1] = 0xfffffffeU;
	ASSERT_INT_EQ(sctp_ms_send_number(&s, T_DATA, 1, 0, &h),
	    SSH_ERR_NEED_REKEY);
	s.epoch = 0xfffffffeU;
	ASSERT_INT_EQ(sctp_ms_send_number(&s, T_KEXINIT, 0, 0, &h),
	    SSH_ERR_NEED_REKEY);
	s.epoch = 3;
	s.seq_ctr = SCTP_MS_UNSEQ - 1;
	ASSERT_INT_EQ(sctp_ms_send_number(&s, T_DATA, 2, 0, &h),
	    SSH_ERR_NEED_REKEY);
	s.unseq_ctr = UINT64_MAX;
	ASSERT_INT_EQ(sctp_ms_send_number(&s, T_DATA, 2, 1, &h),
	    SSH_ERR_NEED_REKEY);
	sctp_ms_send_newkey(&s);
	h = num(&s, T_DATA, 2, 0);
	ASSERT_U64_EQ(h.counter, 0); ASSERT_U32_EQ(h.seq1, 0);
	ASSERT_U32_EQ(h.seq3, 1);
	h = num(&s, T_DATA, 2, 1);
	ASSERT_U64_EQ(h.counter, SCTP_MS_UNSEQ);
	sctp_ms_send_free(&s);
	TEST_DONE();
}

/* 2.6's L and 3.8's check: every sequenced counter below accepted. */
static void
test_low(void)
{
	struct sctp_ms_send s;
	struct sctp_ms_recv r;
	struct sctp_ms_hdr a, b, e, k;

	ASSERT_INT_EQ(sctp_ms_send_init(&s, NSTREAMS), 0);
	ASSERT_INT_EQ(sctp_ms_recv_init(&r, NSTREAMS), 0);

	TEST_START("ms order: L follows the counters accepted without a gap");
	a = num(&s, T_DATA, 1, 0);
	b = num(&s, T_DATA, 2, 0);
	e = num(&s, SSH2_MSG_CHANNEL_EOF, 1, 0);
	ASSERT_INT_EQ(check(&r, a, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_U64_EQ(r.low, 1);
	ASSERT_INT_EQ(check(&r, e, SSH2_MSG_CHANNEL_EOF), SCTP_MS_ACCEPT);
	ASSERT_U64_EQ(r.low, 1);		/* b is missing */
	ASSERT_INT_EQ(sctp_ms_recv_complete(&r, e.counter), 0);
	ASSERT_INT_EQ(check(&r, b, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_U64_EQ(r.low, 3);
	ASSERT_INT_EQ(sctp_ms_recv_complete(&r, e.counter), 1);
	TEST_DONE();

	TEST_START("ms order: a counter twice, or too far ahead, is an error");
	k = num(&s, T_DATA, 3, 0);
	k.counter = a.counter;			/* numbers fine, counter old */
	ASSERT_INT_EQ(check(&r, k, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "sequenced counter seen before or too far "
	    "ahead of a missing one");
	sctp_ms_recv_free(&r);
	ASSERT_INT_EQ(sctp_ms_recv_init(&r, NSTREAMS), 0);
	s.seq_ctr = 0;
	memset(s.c, 0, NSTREAMS * sizeof(*s.c));
	k = num(&s, T_DATA, 3, 0);
	k.counter = SCTP_MS_SWINDOW - 1;	/* the last one tracked */
	ASSERT_INT_EQ(check(&r, k, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_U64_EQ(r.low, 0);
	k = num(&s, T_DATA, 3, 0);
	k.counter = SCTP_MS_SWINDOW;		/* one beyond */
	ASSERT_INT_EQ(check(&r, k, T_DATA), SSH_ERR_INVALID_FORMAT);
	TEST_DONE();

	TEST_START("ms order: a new key starts L again");
	sctp_ms_recv_newkey(&r);
	ASSERT_U64_EQ(r.low, 0);
	sctp_ms_send_newkey(&s);
	a = num(&s, T_DATA, 1, 0);
	ASSERT_INT_EQ(check(&r, a, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_U64_EQ(r.low, 1);
	TEST_DONE();

	sctp_ms_send_free(&s);
	sctp_ms_recv_free(&r);
}

static void
test_receive(void)
{
	struct sctp_ms_send s;
	struct sctp_ms_recv r;
	struct sctp_ms_hdr a1, a2, b1, b2, c1, k, x, y;
	int i;

	ASSERT_INT_EQ(sctp_ms_send_init(&s, NSTREAMS), 0);
	ASSERT_INT_EQ(sctp_ms_recv_init(&r, NSTREAMS), 0);

	TEST_START("ms order: in order and reordered between streams");
	a1 = num(&s, T_DATA, 1, 0);
	b1 = num(&s, T_DATA, 2, 0);
	c1 = num(&s, T_AUTH, 0, 0);
	a2 = num(&s, T_DATA, 1, 0);
	b2 = num(&s, T_DATA, 2, 0);
	/* stream 2 overtakes streams 1 and 0: allowed */
	ASSERT_INT_EQ(check(&r, b1, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(check(&r, b2, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(check(&r, a1, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(check(&r, c1, T_AUTH), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(check(&r, a2, T_DATA), SCTP_MS_ACCEPT);
	TEST_DONE();

	TEST_START("ms order: replayed packets are refused");
	ASSERT_INT_EQ(check(&r, a2, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(check(&r, c1, T_AUTH), SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(check(&r, b1, T_DATA), SSH_ERR_INVALID_FORMAT);
	TEST_DONE();

	TEST_START("ms order: a dropped packet is seen at the next one");
	x = num(&s, T_DATA, 1, 0);		/* dropped */
	y = num(&s, T_DATA, 1, 0);
	ASSERT_INT_EQ(check(&r, y, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "level-3 sequence number out of order");
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(check(&r, y, T_DATA), SCTP_MS_ACCEPT);
	TEST_DONE();

	TEST_START("ms order: reordered within a stream is refused");
	x = num(&s, T_IGNORE, 0, 0);
	y = num(&s, T_IGNORE, 0, 0);
	ASSERT_INT_EQ(check(&r, y, T_IGNORE), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "level-2 sequence number out of order");
	ASSERT_INT_EQ(check(&r, x, T_IGNORE), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(check(&r, y, T_IGNORE), SCTP_MS_ACCEPT);
	TEST_DONE();

	TEST_START("ms order: wrong stream, level or type is refused");
	x = num(&s, T_DATA, 1, 0);
	y = x;
	y.stream = 2;			/* numbers name stream 1 */
	ASSERT_INT_EQ(check(&r, y, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "level-3 packet names another stream");
	y = x;
	y.stream = NSTREAMS;
	ASSERT_INT_EQ(check(&r, y, T_DATA), SSH_ERR_INVALID_FORMAT);
	y = x;
	y.flags = SCTP_MS_F_UNORDERED;
	ASSERT_INT_EQ(check(&r, y, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(check(&r, x, T_AUTH), SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(check(&r, x, SSH2_MSG_CHANNEL_OPEN),
	    SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	y = num(&s, T_IGNORE, 0, 0);
	ASSERT_INT_EQ(check(&r, y, T_KEXINIT), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "level-1 message with level-2 numbers");
	x = y;
	x.seq3 = 1;
	ASSERT_INT_EQ(check(&r, x, T_IGNORE), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "level-3 numbers on stream 0");
	x = y;
	x.seq1++;
	ASSERT_INT_EQ(check(&r, x, T_IGNORE), SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(check(&r, y, T_IGNORE), SCTP_MS_ACCEPT);
	TEST_DONE();

	TEST_START("ms order: a level-1 packet before earlier ones is held");
	x = num(&s, T_DATA, 3, 0);		/* last on stream 3: late */
	k = num(&s, T_KEXINIT, 0, 0);
	y = num(&s, T_IGNORE, 0, 0);		/* after it, on stream 0 */
	ASSERT_INT_EQ(check(&r, k, SSH2_MSG_CHANNEL_DATA),
	    SSH_ERR_INVALID_FORMAT);		/* level-1 numbers, not type */
	ASSERT_INT_EQ(r.holding, 0);
	ASSERT_INT_EQ(check(&r, k, T_KEXINIT), SCTP_MS_HOLD);
	ASSERT_INT_EQ(r.holding, 1);
	ASSERT_INT_EQ(sctp_ms_recv_released(&r), 0);
	ASSERT_U32_EQ(r.epoch, 0);		/* not taken yet */
	/* Held again, as sctp_ms_recv() retries it: still waiting. */
	ASSERT_INT_EQ(check(&r, k, T_KEXINIT), SCTP_MS_HOLD);
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(sctp_ms_recv_released(&r), 1);
	ASSERT_INT_EQ(check(&r, k, T_KEXINIT), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(r.holding, 0);
	ASSERT_U32_EQ(r.epoch, 1);
	ASSERT_INT_EQ(check(&r, y, T_IGNORE), SCTP_MS_ACCEPT);
	TEST_DONE();

	TEST_START("ms order: nothing of an older epoch after level 1");
	/* x was numbered in epoch 0; replay it after KEXINIT */
	ASSERT_INT_EQ(check(&r, x, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "level-3 packet of another epoch");
	ASSERT_INT_EQ(check(&r, k, T_KEXINIT), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "level-1 sequence number out of order");
	TEST_DONE();

	TEST_START("ms order: key exchange, NEWKEYS and a new key");
	/* kex messages and level 2 between them, all on stream 0 */
	x = num(&s, T_IGNORE, 0, 0);
	ASSERT_INT_EQ(check(&r, x, T_IGNORE), SCTP_MS_ACCEPT);
	x = num(&s, SSH2_MSG_KEX_ECDH_INIT, 0, 0);
	ASSERT_INT_EQ(check(&r, x, SSH2_MSG_KEX_ECDH_INIT), SCTP_MS_ACCEPT);
	x = num(&s, T_NEWKEYS, 0, 0);
	y = num(&s, T_DATA, 2, 0);	/* old key, sent after NEWKEYS */
	ASSERT_INT_EQ(check(&r, x, T_NEWKEYS), SCTP_MS_ACCEPT);
	sctp_ms_send_newkey(&s);
	sctp_ms_recv_newkey(&r);
	x = num(&s, T_DATA, 2, 0);
	ASSERT_U64_EQ(x.counter, 0);
	/* A packet of the old key: under the new key its numbers are out */
	ASSERT_INT_EQ(check(&r, y, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	TEST_DONE();

	TEST_START("ms order: simultaneous data on all streams, drained");
	for (i = 0; i < 300; i++) {
		x = num(&s, T_DATA, 1 + i % (NSTREAMS - 1), 0);
		ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	}
	k = num(&s, T_KEXINIT, 0, 0);
	ASSERT_INT_EQ(check(&r, k, T_KEXINIT), SCTP_MS_ACCEPT);
	ASSERT_U64_EQ(r.r, 302);
	TEST_DONE();

	TEST_START("ms order: receiver numbers stop at their limit");
	r.x0 = 0xfffffffeU;
	x = y;
	x.stream = 0; x.seq1 = r.epoch; x.seq2 = 0xfffffffeU; x.seq3 = 0;
	x.counter = r.h;
	ASSERT_INT_EQ(check(&r, x, T_IGNORE), SCTP_MS_ACCEPT);
	x.seq2 = 0;			/* a wrapped sender: level 1 rules */
	x.counter = r.h;
	ASSERT_INT_EQ(check(&r, x, T_IGNORE), SSH_ERR_INVALID_FORMAT);
	r.epoch = UINT32_MAX;
	x.seq1 = 0;
	ASSERT_INT_EQ(check(&r, x, T_KEXINIT), SSH_ERR_INVALID_FORMAT);
	TEST_DONE();

	sctp_ms_send_free(&s);
	sctp_ms_recv_free(&r);
}

/* 2.6, holding: what may and may not happen while a level-1 packet waits. */
static void
test_hold(void)
{
	struct sctp_ms_send s;
	struct sctp_ms_recv r;
	struct sctp_ms_hdr k, x, y;

	ASSERT_INT_EQ(sctp_ms_send_init(&s, NSTREAMS), 0);
	ASSERT_INT_EQ(sctp_ms_recv_init(&r, NSTREAMS), 0);

	TEST_START("ms order: while held, nothing sent after it elsewhere");
	x = num(&s, T_DATA, 3, 0);		/* late */
	k = num(&s, T_KEXINIT, 0, 0);
	y = num(&s, T_DATA, 2, 0);	/* 2.7 forbids: after KEXINIT */
	ASSERT_INT_EQ(check(&r, k, T_KEXINIT), SCTP_MS_HOLD);
	ASSERT_INT_EQ(check(&r, y, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "level-3 packet of another epoch");
	y.seq1 = r.epoch;		/* numbered as if before it */
	ASSERT_INT_EQ(check(&r, y, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why,
	    "packet sent after a held level-1 packet on another stream");
	/* A second level-1 packet while one is held is refused. */
	y = k;
	y.counter++;
	ASSERT_INT_EQ(check(&r, y, T_KEXINIT), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "level-1 packet while another is held");
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(check(&r, k, T_KEXINIT), SCTP_MS_ACCEPT);
	ASSERT_U32_EQ(r.epoch, 1);
	TEST_DONE();

	TEST_START("ms order: a level-1 packet after a later one: truncation");
	k = num(&s, T_KEXINIT, 0, 0);
	x = num(&s, T_IGNORE, 0, 0);
	x.seq1 = r.epoch;	/* numbers as if before k; counter after */
	x.seq2 = r.x0;
	ASSERT_INT_EQ(check(&r, x, T_IGNORE), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(check(&r, k, T_KEXINIT), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "level-1 packet after a later packet");
	TEST_DONE();

	sctp_ms_send_free(&s);
	sctp_ms_recv_free(&r);
}

static void
test_unsequenced(void)
{
	struct sctp_ms_send s;
	struct sctp_ms_recv r;
	struct sctp_ms_hdr h[40], x, k;
	uint64_t d;
	int i;

	ASSERT_INT_EQ(sctp_ms_send_init(&s, NSTREAMS), 0);
	ASSERT_INT_EQ(sctp_ms_recv_init(&r, NSTREAMS), 0);

	TEST_START("ms unsequenced: refused unless a channel uses them");
	x = num(&s, T_DATA, 1, 1);
	ASSERT_INT_EQ(check(&r, x, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "unsequenced packet unexpected");
	r.allow_unseq = 1;
	TEST_DONE();

	TEST_START("ms unsequenced: gaps and reordering accepted");
	for (i = 0; i < 40; i++)
		h[i] = num(&s, T_DATA, 1 + i % 3, 1);
	for (i = 39; i >= 0; i -= 2)		/* backwards, every other */
		ASSERT_INT_EQ(check(&r, h[i], T_DATA), SCTP_MS_ACCEPT);
	TEST_DONE();

	TEST_START("ms unsequenced: replays dropped and counted");
	ASSERT_INT_EQ(check(&r, h[39], T_DATA), SCTP_MS_DROP);
	ASSERT_INT_EQ(check(&r, h[1], T_DATA), SCTP_MS_DROP);
	ASSERT_U64_EQ(r.udropped, 2);
	ASSERT_INT_EQ(check(&r, h[0], T_DATA), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(check(&r, h[0], T_DATA), SCTP_MS_DROP);
	TEST_DONE();

	TEST_START("ms unsequenced: older than the window dropped");
	for (i = 0; i < SCTP_MS_WINDOW + 5; i++)
		x = num(&s, T_DATA, 1, 1);
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(check(&r, h[2], T_DATA), SCTP_MS_DROP);	/* too old */
	ASSERT_U64_EQ(r.udropped, 4);
	/* one slot inside the window, never seen: accepted once */
	x.counter -= SCTP_MS_WINDOW - 1;
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_DROP);
	x.counter--;				/* just outside */
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_DROP);
	TEST_DONE();

	TEST_START("ms unsequenced: a window jump clears old bits");
	x.counter += 5 * SCTP_MS_WINDOW;
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	x.counter -= SCTP_MS_WINDOW - 1;
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	s.unseq_ctr = SCTP_MS_UNSEQ + r.utop;	/* the sender catches up */
	TEST_DONE();

	TEST_START("ms unsequenced: seq3 is the stream's last sequenced number");
	x = num(&s, T_DATA, 2, 0);
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	x = num(&s, T_DATA, 2, 0);
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	ASSERT_U_INT_EQ(x.seq3, 2);
	k = num(&s, T_DATA, 2, 1);
	ASSERT_U_INT_EQ(k.seq3, 2);		/* 3.8: the channel's age */
	ASSERT_INT_EQ(check(&r, k, T_DATA), SCTP_MS_ACCEPT);
	k = num(&s, T_DATA, 1, 1);
	ASSERT_U_INT_EQ(k.seq3, 0);		/* nothing sequenced there */
	k.seq3 = 77;				/* any age passes this layer */
	ASSERT_INT_EQ(check(&r, k, T_DATA), SCTP_MS_ACCEPT);
	TEST_DONE();

	TEST_START("ms unsequenced: layout and type rules");
	x = num(&s, T_DATA, 2, 1);
	k = x;
	k.flags = 0;				/* delivered ordered */
	ASSERT_INT_EQ(check(&r, k, T_DATA), SSH_ERR_INVALID_FORMAT);
	k = x;
	k.seq2 = 1;
	ASSERT_INT_EQ(check(&r, k, T_DATA), SSH_ERR_INVALID_FORMAT);
	k = x;
	k.stream = 0;
	k.seq2 = 0;
	ASSERT_INT_EQ(check(&r, k, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(check(&r, x, SSH2_MSG_CHANNEL_CLOSE),
	    SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(check(&r, x, SSH2_MSG_CHANNEL_EXTENDED_DATA),
	    SCTP_MS_ACCEPT);
	TEST_DONE();

	TEST_START("ms unsequenced: not counted for completeness; epochs");
	k = num(&s, T_KEXINIT, 0, 0);
	ASSERT_U64_EQ(k.counter, 2);	/* the two sequenced ones only */
	ASSERT_INT_EQ(check(&r, k, T_KEXINIT), SCTP_MS_ACCEPT);
	x.counter += 10;		/* unsequenced of the old epoch, late */
	d = r.udropped;
	r.why = NULL;
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_DROP);
	ASSERT_U64_EQ(r.udropped, d + 1);
	ASSERT_U64_EQ(r.uold, 1);
	ASSERT_PTR_EQ(r.why, NULL);
	k = x;
	k.seq1 = r.epoch + 1;		/* of an epoch not reached: error */
	ASSERT_INT_EQ(check(&r, k, T_DATA), SSH_ERR_INVALID_FORMAT);
	ASSERT_STRING_EQ(r.why, "unsequenced packet of a later epoch");
	r.why = NULL;
	k = x;				/* late, but delivered ordered: error */
	k.flags = 0;
	ASSERT_INT_EQ(check(&r, k, T_DATA), SSH_ERR_INVALID_FORMAT);
	r.why = NULL;
	x = num(&s, T_DATA, 2, 1);
	ASSERT_INT_EQ(check(&r, x, T_DATA), SCTP_MS_ACCEPT);
	TEST_DONE();

	sctp_ms_send_free(&s);
	sctp_ms_recv_free(&r);
}

/*
 * Sender, codec and receiver together: packets of three streams sealed
 * in order and delivered in a shuffled order that keeps each stream's
 * order, as SCTP may, then a KEXINIT after the drain.
 */
static void
test_end_to_end(void)
{
	struct sctp_ms_cipher *enc, *dec;
	struct sctp_ms_send s;
	struct sctp_ms_recv r;
	struct sctp_ms_hdr h;
	struct sshbuf *q[NSTREAMS][20], *pl;
	u_char msg[3];
	int nq[NSTREAMS], head[NSTREAMS], st, i, left, verdict;
	u_int seed = 12345;

	enc = cipher("aes256-gcm@openssh.com", key_a, iv_a, 1);
	dec = cipher("aes256-gcm@openssh.com", key_a, iv_a, 0);
	ASSERT_INT_EQ(sctp_ms_send_init(&s, NSTREAMS), 0);
	ASSERT_INT_EQ(sctp_ms_recv_init(&r, NSTREAMS), 0);
	ASSERT_PTR_NE(pl = sshbuf_new(), NULL);
	memset(nq, 0, sizeof(nq));
	memset(head, 0, sizeof(head));

	TEST_START("ms end to end: streams interleaved, order kept");
	for (i = 0; i < 57; i++) {
		st = i % NSTREAMS;
		msg[0] = st == 0 ? T_IGNORE : T_DATA;
		msg[1] = st;
		msg[2] = nq[st];
		h = num(&s, msg[0], st, 0);
		ASSERT_PTR_NE(q[st][nq[st]] = sshbuf_new(), NULL);
		ASSERT_INT_EQ(sctp_ms_seal(enc, &h, msg, 3, q[st][nq[st]]), 0);
		nq[st]++;
	}
	for (left = 57; left > 0; left--) {
		do {
			seed = seed * 1103515245 + 12345;
			st = (seed >> 16) % NSTREAMS;
		} while (head[st] == nq[st]);
		sshbuf_reset(pl);
		ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(q[st][head[st]]),
		    sshbuf_len(q[st][head[st]]), st, 0, &h, pl), 0);
		ASSERT_INT_EQ(sctp_ms_recv_check(&r, &h, sshbuf_ptr(pl)[0],
		    &verdict), 0);
		ASSERT_INT_EQ(verdict, SCTP_MS_ACCEPT);
		ASSERT_U8_EQ(sshbuf_ptr(pl)[1], st);
		ASSERT_U8_EQ(sshbuf_ptr(pl)[2], head[st]);
		sshbuf_free(q[st][head[st]]);
		head[st]++;
	}
	msg[0] = T_KEXINIT;
	h = num(&s, T_KEXINIT, 0, 0);
	ASSERT_PTR_NE(q[0][0] = sshbuf_new(), NULL);
	ASSERT_INT_EQ(sctp_ms_seal(enc, &h, msg, 1, q[0][0]), 0);
	sshbuf_reset(pl);
	ASSERT_INT_EQ(sctp_ms_open(dec, sshbuf_ptr(q[0][0]),
	    sshbuf_len(q[0][0]), 0, 0, &h, pl), 0);
	sshbuf_free(q[0][0]);
	ASSERT_INT_EQ(sctp_ms_recv_check(&r, &h, T_KEXINIT, &verdict), 0);
	TEST_DONE();

	sshbuf_free(pl);
	sctp_ms_send_free(&s);
	sctp_ms_recv_free(&r);
	sctp_ms_cipher_free(enc);
	sctp_ms_cipher_free(dec);
}

#if defined(WITH_SCTP) && defined(WITH_OPENSSL)
void sctp_pair(int *, int *);

#define GCM	"aes128-gcm@openssh.com"

/* The configuration conn_keys() gives its connections (set_drain_timeout) */
static struct sctp_options test_opts;
static int test_opts_set;

/* Settings as sshd or ssh would have them, with SCTPDrainTimeout t. */
static void
set_drain_timeout(int t)
{
	sctp_options_init(&test_opts);
	test_opts.drain_timeout = t;
	sctp_options_fill(&test_opts);
	test_opts_set = 1;
}

/*
 * sctp_configure() as ssh and sshd call it, on a connection of c alone.
 * The connection keeps a pointer to ssh (it reads its following and
 * logging state), so ssh outlives the call; its state stays empty.
 */
static void
configure(struct sctp_ms_conn *c)
{
	static struct ssh ssh;

	if (!test_opts_set)
		set_drain_timeout(-1);
	memset(&ssh, 0, sizeof(ssh));
	ssh.sctp_ms = c;
	sctp_configure(&ssh, &test_opts);
	ASSERT_PTR_EQ(ssh.sctp_options, &test_opts);
}

/* The buffers of a test: each end's input and a packet. */
static void
new_bufs(struct sshbuf **ia, struct sshbuf **ib, struct sshbuf **pkt)
{
	ASSERT_PTR_NE(*ia = sshbuf_new(), NULL);
	ASSERT_PTR_NE(*ib = sshbuf_new(), NULL);
	ASSERT_PTR_NE(*pkt = sshbuf_new(), NULL);
}

#define V1_C	"sctp-streams-c-v01@openssh-sctp.invalid"
#define V1_S	"sctp-streams-s-v01@openssh-sctp.invalid"

/*
 * Both ends of the association a-b in the mode, keys of cipher ci in
 * place; version 1 (2.1) as with a peer that offers only v01, else
 * version 2.
 */
static void
conn_keys_vc(struct sctp_ms_conn **ca, struct sctp_ms_conn **cb, int *a,
    int *b, int version, const char *ci)
{
	const char *na, *nb;

	ASSERT_PTR_NE(*ca = sctp_ms_conn_new(*a), NULL);
	ASSERT_PTR_NE(*cb = sctp_ms_conn_new(*b), NULL);
	configure(*ca);
	configure(*cb);
	ASSERT_PTR_NE(na = sctp_ms_kex_offer(*ca, 0), NULL);
	ASSERT_PTR_NE(nb = sctp_ms_kex_offer(*cb, 1), NULL);
	ASSERT_PTR_NE(strstr(na, "sctp-streams-c-v02@"), NULL);
	ASSERT_PTR_NE(strstr(nb, V1_S), NULL);
	if (version == 1) {
		na = "curve25519-sha256," V1_C;
		nb = V1_S ",kex-strict-s-v00@openssh.com";
	}
	/* A peer offering it without strict KEX is refused (2.1). */
	ASSERT_INT_EQ(sctp_ms_kex_choose(*ca, 0, 1, nb, 0, ci, ci, 0, 0),
	    SSH_ERR_INVALID_FORMAT);
	ASSERT_INT_EQ(sctp_ms_kex_choose(*ca, 0, 1, nb, 1, ci, ci, 0, 0), 0);
	ASSERT_INT_EQ(sctp_ms_kex_choose(*cb, 1, 1, na, 1, ci, ci, 0, 0), 0);
	ASSERT_INT_EQ(sctp_ms_set_cipher(*ca, 1, ci, key_a, 64, iv_a, 12), 0);
	ASSERT_INT_EQ(sctp_ms_set_cipher(*cb, 0, ci, key_a, 64, iv_a, 12), 0);
	ASSERT_INT_EQ(sctp_ms_set_cipher(*cb, 1, ci, key_b, 64, iv_b, 12), 0);
	ASSERT_INT_EQ(sctp_ms_set_cipher(*ca, 0, ci, key_b, 64, iv_b, 12), 0);
	ASSERT_INT_EQ(sctp_ms_newkeys(*ca, 1, NULL), 0);
	ASSERT_INT_EQ(sctp_ms_newkeys(*ca, 0, NULL), 0);
	ASSERT_INT_EQ(sctp_ms_newkeys(*cb, 1, NULL), 0);
	ASSERT_INT_EQ(sctp_ms_newkeys(*cb, 0, NULL), 0);
	sctp_ms_full_io(*ca);
	sctp_ms_full_io(*cb);
	ASSERT_INT_EQ(sctp_ms_out_active(*ca), 1);
	ASSERT_INT_EQ(sctp_ms_in_active(*cb), 1);
}

static void
conn_keys_v(struct sctp_ms_conn **ca, struct sctp_ms_conn **cb, int *a,
    int *b, int version)
{
	conn_keys_vc(ca, cb, a, b, version, GCM);
}

static void
conn_keys(struct sctp_ms_conn **ca, struct sctp_ms_conn **cb, int *a, int *b)
{
	conn_keys_v(ca, cb, a, b, 2);
}

/* Both ends of a kernel SCTP association in the mode, keys in place. */
static void
conn_pair(struct sctp_ms_conn **ca, struct sctp_ms_conn **cb, int *a, int *b)
{
	sctp_pair(a, b);
	conn_keys(ca, cb, a, b);
}

/* Bind l to a free port on the loopback and listen; its address in sin. */
static void
loopback_listen(int l, struct sockaddr_in *sin)
{
	socklen_t sl = sizeof(*sin);

	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ASSERT_INT_EQ(bind(l, (struct sockaddr *)sin, sizeof(*sin)), 0);
	ASSERT_INT_EQ(listen(l, 1), 0);
	ASSERT_INT_EQ(getsockname(l, (struct sockaddr *)sin, &sl), 0);
}

/*
 * An association whose receiving end b has a tiny receive window and whose
 * sending end a a large send buffer: what a sends beyond b's window stays
 * in a's kernel, unacknowledged, until b reads.
 */
static void
slow_pair(int *a, int *b)
{
	struct sockaddr_in sin;
	int l, small = 2048, big = 1024 * 1024;

	ASSERT_INT_NE(l = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP), -1);
	/* Before the association exists, so that INIT-ACK advertises it. */
	ASSERT_INT_EQ(setsockopt(l, SOL_SOCKET, SO_RCVBUF, &small,
	    sizeof(small)), 0);
	loopback_listen(l, &sin);
	ASSERT_INT_NE(*a = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP), -1);
	ASSERT_INT_EQ(setsockopt(*a, SOL_SOCKET, SO_SNDBUF, &big,
	    sizeof(big)), 0);
	ASSERT_INT_EQ(connect(*a, (struct sockaddr *)&sin, sizeof(sin)), 0);
	ASSERT_INT_NE(*b = accept(l, NULL, NULL), -1);
	close(l);
}

/* Write everything c has queued, waiting for drains as packet.c does. */
static void
pump(struct sctp_ms_conn *c, int fd, struct sshbuf *input)
{
	struct pollfd pfd;
	int i;

	for (i = 0; i < 200 && (sctp_ms_have_output(c) ||
	    sctp_ms_waiting(c)); i++) {
		pfd.fd = fd;
		pfd.events = sctp_ms_waiting(c) ? POLLIN : POLLOUT;
		ASSERT_INT_GE(poll(&pfd, 1, 1000), 0);
		ASSERT_INT_EQ(sctp_ms_flush(c, input), 0);
	}
	ASSERT_INT_EQ(sctp_ms_have_output(c), 0);
	ASSERT_INT_EQ(sctp_ms_waiting(c), 0);
	ASSERT_SIZE_T_EQ(sctp_ms_queued(c), 0);
}

/* Records (uint32 length, uint16 stream, flags, message) in input. */
static int
records(struct sshbuf *input)
{
	const u_char *p = sshbuf_ptr(input);
	size_t off = 0, n = 0;

	while (off + 7 <= sshbuf_len(input)) {
		off += 7 + PEEK_U32(p + off);
		n++;
	}
	return n;
}

/* Read from fd until input holds at least n records. */
static void
read_records(struct sctp_ms_conn *c, int fd, struct sshbuf *input, int n)
{
	struct pollfd pfd;
	size_t rlen;
	int i, r;

	for (i = 0; i < 10 && records(input) < n; i++) {
		pfd.fd = fd;
		pfd.events = POLLIN;
		ASSERT_INT_EQ(poll(&pfd, 1, 2000), 1);
		if ((r = sctp_ms_read(c, input, &rlen)) == 0)
			continue;
		ASSERT_INT_EQ(r, SSH_ERR_SYSTEM_ERROR);
		ASSERT_INT_EQ(errno, EAGAIN);	/* a notification only */
	}
	ASSERT_INT_GE(records(input), n);
}

static void
send_msg(struct sctp_ms_conn *c, const u_char *p, size_t len)
{
	u_int sl;

	ASSERT_INT_EQ(sctp_ms_send(c, p, len, &sl), 0);
	ASSERT_U_INT_EQ(sl, sctp_ms_sealed_len(len));
}

/* The packet sctp_ms_recv returns: RFC 4253 layout around the payload. */
static void
expect_packet(struct sshbuf *pkt, const u_char *p, size_t len)
{
	ASSERT_SIZE_T_EQ(sshbuf_len(pkt), 4 + 1 + len + 4);
	ASSERT_U32_EQ(PEEK_U32(sshbuf_ptr(pkt)), 1 + len + 4);
	ASSERT_U8_EQ(sshbuf_ptr(pkt)[4], 4);
	ASSERT_MEM_EQ(sshbuf_ptr(pkt) + 5, p, len);
}

/* The end of a test's pair: both connections, both sockets, the inputs. */
static void
pair_close(struct sctp_ms_conn *ca, struct sctp_ms_conn *cb, int a, int b,
    struct sshbuf *ia, struct sshbuf *ib)
{
	sctp_ms_conn_free(ca);
	sctp_ms_conn_free(cb);
	close(a);
	close(b);
	sshbuf_reset(ia);
	sshbuf_reset(ib);
}

/* The next packet c takes from input is p (NULL: none yet). */
static void
expect_next(struct sctp_ms_conn *c, struct sshbuf *input, struct sshbuf *pkt,
    const u_char *p, size_t len)
{
	sshbuf_reset(pkt);
	ASSERT_INT_EQ(sctp_ms_recv(c, input, pkt), 0);
	if (p == NULL)
		ASSERT_SIZE_T_EQ(sshbuf_len(pkt), 0);
	else
		expect_packet(pkt, p, len);
}

static void
test_conn(void)
{
	struct sctp_ms_conn *ca, *cb, *cc;
	struct sshbuf *ia, *ib, *pkt, *st, *rec;
	u_char data[] = { SSH2_MSG_CHANNEL_DATA, 0, 0, 0, 3, 0, 0, 0, 2,
	    'h', 'i' };
	u_char ign[] = { SSH2_MSG_IGNORE, 0, 0, 0, 0 };
	u_char kexinit[] = { SSH2_MSG_KEXINIT, 1, 2, 3 };
	int a, b;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	new_bufs(&ia, &ib, &pkt);
	ASSERT_PTR_NE(rec = sshbuf_new(), NULL);

	TEST_START("ms conn: negotiated on kernel SCTP, keys in place");
	conn_pair(&ca, &cb, &a, &b);
	ASSERT_INT_EQ(sctp_ms_in_active(ca), 1);
	TEST_DONE();

	TEST_START("ms conn: channel data on the channel's stream");
	send_msg(ca, ign, sizeof(ign));
	send_msg(ca, data, sizeof(data));
	pump(ca, a, ia);
	/* The first message on a stream but 0 after NEWKEYS drains (2.7). */
	ASSERT_U_INT_EQ(sctp_ms_drains(ca), 1);
	read_records(cb, b, ib, 2);
	/* Records: uint32 length, uint16 stream, flags, message (2.5) */
	ASSERT_U16_EQ(PEEK_U16(sshbuf_ptr(ib) + 4), 0);
	ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt), 0);
	expect_packet(pkt, ign, sizeof(ign));
	ASSERT_INT_EQ(sshbuf_putb(rec, ib), 0);
	ASSERT_U16_EQ(PEEK_U16(sshbuf_ptr(ib) + 4), 1 + 3 % 9);
	sshbuf_reset(pkt);
	ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt), 0);
	expect_packet(pkt, data, sizeof(data));
	sshbuf_reset(pkt);
	ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt), 0);
	ASSERT_SIZE_T_EQ(sshbuf_len(pkt), 0);	/* nothing more */
	TEST_DONE();

	TEST_START("ms conn: a replayed message is refused");
	ASSERT_INT_EQ(sshbuf_put(ib, sshbuf_ptr(rec), sshbuf_len(rec) -
	    (sshbuf_len(rec) - 7 - PEEK_U32(sshbuf_ptr(rec)))), 0);
	sshbuf_reset(pkt);
	ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt), SSH_ERR_PROTOCOL_ERROR);
	sshbuf_reset(ib);
	TEST_DONE();

	TEST_START("ms conn: a message moved to another stream fails");
	{
		u_char *p = sshbuf_mutable_ptr(rec);

		POKE_U16(p + 4, 5);
		ASSERT_INT_EQ(sshbuf_put(ib, p, 7 + PEEK_U32(p)), 0);
		sshbuf_reset(pkt);
		ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt), SSH_ERR_MAC_INVALID);
		sshbuf_reset(ib);
	}
	TEST_DONE();

	TEST_START("ms conn: stream 0 alone needs no drain");
	send_msg(ca, ign, sizeof(ign));
	pump(ca, a, ia);
	ASSERT_U_INT_EQ(sctp_ms_drains(ca), 1);
	read_records(cb, b, ib, 1);
	sshbuf_reset(pkt);
	ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt), 0);
	TEST_DONE();

	TEST_START("ms conn: version 2: KEXINIT after channel data, no drain");
	send_msg(ca, data, sizeof(data));
	send_msg(ca, kexinit, sizeof(kexinit));
	send_msg(ca, ign, sizeof(ign));
	pump(ca, a, ia);
	ASSERT_U_INT_EQ(sctp_ms_drains(ca), 1);		/* none more */
	ASSERT_U_INT_EQ(sctp_ms_holds(cb), 0);
	read_records(cb, b, ib, 3);
	ASSERT_INT_EQ(records(ib), 3);
	TEST_DONE();

	TEST_START("ms conn: version 2: a KEXINIT that overtook data is held");
	{
		/* The kernel delivered KEXINIT, IGNORE, then the data. */
		const u_char *p = sshbuf_ptr(ib);
		size_t l1 = 7 + PEEK_U32(p);

		ASSERT_U16_EQ(PEEK_U16(p + 4), 4);
		ASSERT_INT_EQ(sshbuf_put(ib, p, l1), 0);
		ASSERT_INT_EQ(sshbuf_consume(ib, l1), 0);
	}
	/* KEXINIT and the IGNORE behind it wait; the data goes first. */
	expect_next(cb, ib, pkt, data, sizeof(data));
	ASSERT_U_INT_EQ(sctp_ms_holds(cb), 1);
	ASSERT_SIZE_T_EQ(sshbuf_len(ib), 0);
	expect_next(cb, ib, pkt, kexinit, sizeof(kexinit)); /* complete */
	expect_next(cb, ib, pkt, ign, sizeof(ign));
	expect_next(cb, ib, pkt, NULL, 0);	/* nothing more */
	TEST_DONE();

	TEST_START("ms conn: version 1: KEXINIT after channel data drains");
	pair_close(ca, cb, a, b, ia, ib);
	sctp_pair(&a, &b);
	conn_keys_v(&ca, &cb, &a, &b, 1);
	send_msg(ca, data, sizeof(data));
	pump(ca, a, ia);
	read_records(cb, b, ib, 1);
	expect_next(cb, ib, pkt, data, sizeof(data));
	send_msg(ca, data, sizeof(data));
	send_msg(ca, kexinit, sizeof(kexinit));
	pump(ca, a, ia);
	ASSERT_U_INT_EQ(sctp_ms_drains(ca), 2);
	read_records(cb, b, ib, 2);
	/* The kernel may deliver them in either order only if undrained. */
	ASSERT_U16_EQ(PEEK_U16(sshbuf_ptr(ib) + 4), 4);
	expect_next(cb, ib, pkt, data, sizeof(data));
	expect_next(cb, ib, pkt, kexinit, sizeof(kexinit)); /* complete */
	ASSERT_U_INT_EQ(sctp_ms_holds(cb), 0);
	TEST_DONE();

	TEST_START("ms conn: the state moves with privilege separation");
	ASSERT_PTR_NE(st = sshbuf_new(), NULL);
	ASSERT_INT_EQ(sctp_ms_state_put(ca, st), 0);
	ASSERT_PTR_NE(cc = sctp_ms_conn_new(a), NULL);
	ASSERT_INT_EQ(sctp_ms_state_get(cc, st), 0);
	ASSERT_SIZE_T_EQ(sshbuf_len(st), 0);
	ASSERT_INT_EQ(sctp_ms_set_cipher(cc, 1, GCM, key_a, 64, iv_a, 12), 0);
	ASSERT_INT_EQ(sctp_ms_set_cipher(cc, 0, GCM, key_b, 64, iv_b, 12), 0);
	sctp_ms_conn_free(ca);
	sctp_ms_full_io(cc);
	send_msg(cc, data, sizeof(data));
	pump(cc, a, ia);
	read_records(cb, b, ib, 1);
	sshbuf_reset(pkt);
	ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt), 0);	/* numbers go on */
	expect_packet(pkt, data, sizeof(data));
	/* A truncated state is refused, not half taken. */
	sshbuf_reset(st);
	ASSERT_INT_EQ(sctp_ms_state_put(cc, st), 0);
	ASSERT_INT_EQ(sshbuf_consume_end(st, 3), 0);
	ASSERT_PTR_NE(ca = sctp_ms_conn_new(a), NULL);
	ASSERT_INT_NE(sctp_ms_state_get(ca, st), 0);
	sctp_ms_conn_free(ca);
	TEST_DONE();

	/*
	 * The monitor parses this state from the unprivileged child: every
	 * truncation and every changed byte of a state with a queued
	 * message is refused or taken whole, never a crash; a queued
	 * message on a stream the association lacks is refused.
	 */
	TEST_START("ms conn: damaged privilege separation states");
	send_msg(cc, data, sizeof(data));	/* stays queued: no flush */
	sshbuf_reset(st);
	ASSERT_INT_EQ(sctp_ms_state_put(cc, st), 0);
	{
		struct sshbuf *m;
		size_t i, len = sshbuf_len(st);
		u_char *p, v[] = { 0, 1, 0x7f, 0x80, 0xff };
		u_int j;

		for (i = 0; i <= len; i++) {
			ASSERT_PTR_NE(m = sshbuf_from(sshbuf_ptr(st), i),
			    NULL);
			ASSERT_PTR_NE(ca = sctp_ms_conn_new(a), NULL);
			if (i < len)
				ASSERT_INT_NE(sctp_ms_state_get(ca, m), 0);
			else
				ASSERT_INT_EQ(sctp_ms_state_get(ca, m), 0);
			sctp_ms_conn_free(ca);
			sshbuf_free(m);
		}
		for (i = 0; i < len; i++) {
			for (j = 0; j < sizeof(v); j++) {
				ASSERT_PTR_NE(m = sshbuf_new(), NULL);
				ASSERT_INT_EQ(sshbuf_putb(m, st), 0);
				p = sshbuf_mutable_ptr(m);
				p[i] = v[j];
				ASSERT_PTR_NE(ca = sctp_ms_conn_new(a), NULL);
				(void)sctp_ms_state_get(ca, m);
				sctp_ms_conn_free(ca);
				sshbuf_free(m);
			}
		}
		/*
		 * The queued message's stream is its first field (u16, then
		 * u8 level, u32 number, the sealed string).
		 */
		ASSERT_PTR_NE(m = sshbuf_new(), NULL);
		ASSERT_INT_EQ(sshbuf_putb(m, st), 0);
		p = sshbuf_mutable_ptr(m);
		POKE_U16(p + len - 4 - sctp_ms_sealed_len(sizeof(data)) - 7,
		    10);
		ASSERT_PTR_NE(ca = sctp_ms_conn_new(a), NULL);
		ASSERT_INT_EQ(sctp_ms_state_get(ca, m), SSH_ERR_INVALID_FORMAT);
		sctp_ms_conn_free(ca);
		sshbuf_free(m);
	}
	sshbuf_free(st);
	TEST_DONE();

	sctp_ms_conn_free(cc);
	sctp_ms_conn_free(cb);
	close(a);
	close(b);
	sshbuf_free(ia);
	sshbuf_free(ib);
	sshbuf_free(pkt);
	sshbuf_free(rec);
}

/*
 * SCTPDrainTimeout (2.7, G16): a KEXINIT behind channel data the peer
 * never takes in waits for SENDER_DRY, which never comes; after the
 * timeout the connection ends instead of hanging.  The same drain
 * completes, and the KEXINIT goes, once the peer reads.
 */
static void
test_drain_timeout(void)
{
	struct sctp_ms_conn *ca, *cb;
	struct sshbuf *ia, *ib;
	struct pollfd pfd[2];
	u_char kexinit[] = { SSH2_MSG_KEXINIT, 1, 2, 3 };
	u_char *data;
	size_t len = 8192, rlen, freed;
	double t0, waited;
	int i, a, b, r, round;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	data = xcalloc(1, len);
	data[0] = SSH2_MSG_CHANNEL_DATA;
	POKE_U32(data + 1, 3);
	POKE_U32(data + 5, len - 9);
	ASSERT_PTR_NE(ia = sshbuf_new(), NULL);
	ASSERT_PTR_NE(ib = sshbuf_new(), NULL);

	for (round = 0; round < 2; round++) {
		if (round == 0)
			TEST_START("ms conn: a drain the peer never lets end "
			    "times out (SCTPDrainTimeout)");
		else
			TEST_START("ms conn: the same drain ends once the "
			    "peer reads");
		set_drain_timeout(round == 0 ? 1 : 30);
		slow_pair(&a, &b);
		conn_keys_v(&ca, &cb, &a, &b, 1);	/* KEXINIT drains */
		/* 64 KB: within a's send buffer, far beyond b's window. */
		for (i = 0; i < 8; i++)
			send_msg(ca, data, len);
		pump(ca, a, ia);
		ASSERT_U_INT_EQ(sctp_ms_drains(ca), 1);
		send_msg(ca, kexinit, sizeof(kexinit));
		t0 = monotime_double();
		r = 0;
		for (i = 0; i < 100 && r == 0 && (sctp_ms_waiting(ca) ||
		    sctp_ms_have_output(ca)); i++) {
			pfd[0].fd = a;
			pfd[0].events = POLLIN;
			pfd[1].fd = b;
			pfd[1].events = POLLIN;
			ASSERT_INT_GE(poll(pfd, round == 0 ? 1 : 2, 100), 0);
			if (round == 1 && (pfd[1].revents & POLLIN) &&
			    (r = sctp_ms_read(cb, ib, &rlen)) != 0) {
				ASSERT_INT_EQ(r, SSH_ERR_SYSTEM_ERROR);
				ASSERT_INT_EQ(errno, EAGAIN);
				r = 0;
			}
			if ((r = sctp_ms_flush(ca, ia)) == 0)
				r = sctp_ms_check_drain(ca);
		}
		waited = monotime_double() - t0;
		if (round == 0) {
			ASSERT_INT_EQ(r, SSH_ERR_CONN_TIMEOUT);
			ASSERT_INT_GE((int)(waited * 1000), 1000);
			ASSERT_INT_LT((int)waited, 10);
			/* The KEXINIT was kept back. */
			ASSERT_INT_EQ(sctp_ms_waiting(ca), 1);
			ASSERT_SIZE_T_EQ(sctp_ms_queued(ca),
			    sctp_ms_sealed_len(sizeof(kexinit)));
		} else {
			ASSERT_INT_EQ(r, 0);
			ASSERT_U_INT_EQ(sctp_ms_drains(ca), 2);
			ASSERT_SIZE_T_EQ(sctp_ms_queued(ca), 0);
			read_records(cb, b, ib, 9);
			ASSERT_INT_EQ(records(ib), 9);
		}
		pair_close(ca, cb, a, b, ia, ib);
		TEST_DONE();
	}
	set_drain_timeout(-1);

	TEST_START("ms conn: copies stay while the peer's kernel has not "
	    "acknowledged them, and go once it has (2.12)");
	slow_pair(&a, &b);
	conn_keys(&ca, &cb, &a, &b);
	sctp_ms_resume_enable(ca, 1);
	for (i = 0; i < 8; i++)
		send_msg(ca, data, len);
	pump(ca, a, ia);
	for (i = 0; i < 15; i++) {
		ASSERT_INT_EQ(sctp_ms_check_drain(ca), 0);
		(void)poll(NULL, 0, 100);
	}
	ASSERT_SIZE_T_GT(sctp_ms_kept(ca, &freed), 0);
	ASSERT_SIZE_T_EQ(freed, 0);
	read_records(cb, b, ib, 8);
	for (i = 0; i < 100 && sctp_ms_kept(ca, NULL) > 0; i++) {
		ASSERT_INT_EQ(sctp_ms_check_drain(ca), 0);
		(void)poll(NULL, 0, 100);
	}
	ASSERT_SIZE_T_EQ(sctp_ms_kept(ca, &freed), 0);
	ASSERT_SIZE_T_GE(freed, 8 * len);
	pair_close(ca, cb, a, b, ia, ib);
	TEST_DONE();

	free(data);
	sshbuf_free(ia);
	sshbuf_free(ib);
}

/*
 * 2.6, holding on kernel SCTP: a KEXINIT whose earlier data never comes
 * ends the connection after SCTPDrainTimeout (truncation), and messages
 * held behind it are bounded.
 */
static void
test_hold_limits(void)
{
	struct sctp_ms_conn *ca, *cb;
	struct sshbuf *ia, *ib, *pkt, *rec;
	u_char data[] = { SSH2_MSG_CHANNEL_DATA, 0, 0, 0, 3, 0, 0, 0, 2,
	    'h', 'i' };
	u_char ign[] = { SSH2_MSG_IGNORE, 0, 0, 0, 0 };
	u_char kexinit[] = { SSH2_MSG_KEXINIT, 1, 2, 3 };
	const u_char *p;
	size_t l1, l2;
	struct timespec pt;
	double t0, waited;
	int a, b, i, ms, r, round;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	new_bufs(&ia, &ib, &pkt);
	ASSERT_PTR_NE(rec = sshbuf_new(), NULL);
	for (round = 0; round < 2; round++) {
		if (round == 0)
			TEST_START("ms conn: a held KEXINIT whose earlier data "
			    "never comes ends the connection (truncation)");
		else
			TEST_START("ms conn: messages held behind a KEXINIT "
			    "are bounded");
		set_drain_timeout(1);
		conn_pair(&ca, &cb, &a, &b);
		send_msg(ca, ign, sizeof(ign));
		send_msg(ca, data, sizeof(data));	/* drains: first */
		send_msg(ca, data, sizeof(data));	/* dropped below */
		send_msg(ca, kexinit, sizeof(kexinit));
		send_msg(ca, ign, sizeof(ign));
		pump(ca, a, ia);
		read_records(cb, b, ib, 5);
		expect_next(cb, ib, pkt, ign, sizeof(ign));
		expect_next(cb, ib, pkt, data, sizeof(data));
		/* The second data record is lost: truncation. */
		p = sshbuf_ptr(ib);
		ASSERT_U16_EQ(PEEK_U16(p + 4), 4);
		ASSERT_INT_EQ(sshbuf_consume(ib, 7 + PEEK_U32(p)), 0);
		p = sshbuf_ptr(ib);
		l1 = 7 + PEEK_U32(p);			/* KEXINIT */
		l2 = 7 + PEEK_U32(p + l1);		/* IGNORE */
		sshbuf_reset(rec);
		ASSERT_INT_EQ(sshbuf_put(rec, p + l1, l2), 0);
		expect_next(cb, ib, pkt, NULL, 0);	/* both held */
		ASSERT_SIZE_T_EQ(sshbuf_len(ib), 0);
		ASSERT_U_INT_EQ(sctp_ms_holds(cb), 1);
		if (round == 0) {
			/*
			 * Sleeping only as long as sctp_ms_deadline() says,
			 * as the main loops' poll does, reaches the end.
			 */
			t0 = monotime_double();
			r = 0;
			for (i = 0; i < 100 && r == 0; i++) {
				ptimeout_init(&pt);
				sctp_ms_deadline(cb, &pt);
				ms = ptimeout_get_ms(&pt);
				ASSERT_INT_GE(ms, 0);
				ASSERT_INT_LE(ms, 1001);
				if (ms > 0)
					usleep(ms * 1000);
				r = sctp_ms_check_drain(cb);
			}
			waited = monotime_double() - t0;
			ASSERT_INT_EQ(r, SSH_ERR_PROTOCOL_ERROR);
			ASSERT_INT_LE(i, 3);
			ASSERT_INT_GE((int)(waited * 1000), 900);
			ASSERT_INT_LT((int)waited, 10);
		} else {
			/* Copies of the IGNORE, unopened, past 1 MiB. */
			for (i = 0; l1 + (i + 2) * l2 <= SCTP_MS_MAX_HELD; i++)
				ASSERT_INT_EQ(sshbuf_putb(ib, rec), 0);
			expect_next(cb, ib, pkt, NULL, 0);
			ASSERT_INT_EQ(sshbuf_putb(ib, rec), 0);
			ASSERT_INT_EQ(sshbuf_putb(ib, rec), 0);
			ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt),
			    SSH_ERR_PROTOCOL_ERROR);
		}
		pair_close(ca, cb, a, b, ia, ib);
		TEST_DONE();
	}
	set_drain_timeout(-1);
	sshbuf_free(ia);
	sshbuf_free(ib);
	sshbuf_free(pkt);
	sshbuf_free(rec);
}

/* A CHANNEL_DATA of an SCTP forwarding channel: header of 3.3, then 2 bytes. */
static size_t
fwd_data(u_char *p, size_t size, uint32_t recipient, uint16_t f)
{
	size_t len = 9 + 7 + 2;

	ASSERT_SIZE_T_GE(size, len);
	p[0] = SSH2_MSG_CHANNEL_DATA;
	POKE_U32(p + 1, recipient);
	POKE_U32(p + 5, 7 + 2);
	p[9] = 0;		/* flags */
	POKE_U16(p + 10, f);	/* forwarded stream */
	POKE_U32(p + 12, 46);	/* PPI */
	p[16] = 'h';
	p[17] = 'i';
	return len;
}

/* The stream of the next record in input, and that record processed. */
static uint16_t
next_stream(struct sctp_ms_conn *c, struct sshbuf *input, struct sshbuf *pkt)
{
	uint16_t s;

	ASSERT_SIZE_T_GE(sshbuf_len(input), 7);
	s = PEEK_U16(sshbuf_ptr(input) + 4);
	sshbuf_reset(pkt);
	ASSERT_INT_EQ(sctp_ms_recv(c, input, pkt), 0);
	ASSERT_SIZE_T_GT(sshbuf_len(pkt), 0);
	return s;
}

/* A CHANNEL_DATA of len bytes in all to the peer's channel recipient. */
static void
chan_data(u_char *p, size_t len, uint32_t recipient)
{
	memset(p, 'x', len);
	p[0] = SSH2_MSG_CHANNEL_DATA;
	POKE_U32(p + 1, recipient);
	POKE_U32(p + 5, len - 9);
}

/*
 * 2.11: past a full queue (more than upstream's 128 KB), the channels of
 * a terminal are still polled, the bulk ones not, until 16 KB of
 * interactive messages wait; the first interactive message is written
 * before the bulk queued earlier, and once written the room is back.
 */
/*
 * 1.4 (b): while a new SCTP-AUTH key is not yet active, channel data
 * waits; sctp-auth-retire goes ahead of channel data queued before it,
 * after a SENDER_DRY asked for it, not one left from the drain before.
 */
static void
test_conn_retire(void)
{
	struct sctp_ms_conn *ca, *cb;
	struct sshbuf *ia, *ib, *pkt, *req;
	struct pollfd pfd;
	u_char data[] = { SSH2_MSG_CHANNEL_DATA, 0, 0, 0, 3, 0, 0, 0, 2,
	    'h', 'i' };
	u_char ign[] = { SSH2_MSG_IGNORE, 0, 0, 0, 0 };
	size_t qdata;
	u_int drains;
	int a, b, i;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	new_bufs(&ia, &ib, &pkt);
	ASSERT_PTR_NE(req = sshbuf_new(), NULL);
	ASSERT_INT_EQ(sshbuf_put_u8(req, SSH2_MSG_GLOBAL_REQUEST), 0);
	ASSERT_INT_EQ(sshbuf_put_cstring(req,
	    "sctp-auth-retire-v01@openssh-sctp.invalid"), 0);
	ASSERT_INT_EQ(sshbuf_put_u8(req, 0), 0);
	ASSERT_INT_EQ(sshbuf_put_u32(req, 1), 0);

	TEST_START("ms conn: channel data waits for a new SCTP-AUTH key");
	set_drain_timeout(-1);
	test_opts.scheduler = SCTP_SCHED_FCFS;
	conn_pair(&ca, &cb, &a, &b);
	send_msg(ca, data, sizeof(data));
	pump(ca, a, ia);			/* the drain after NEWKEYS */
	read_records(cb, b, ib, 1);
	drains = sctp_ms_drains(ca);
	sctp_ms_hold_channels(ca, 1);
	send_msg(ca, data, sizeof(data));
	send_msg(ca, data, sizeof(data));
	qdata = sctp_ms_queued(ca);
	for (i = 0; i < 5; i++) {
		pfd.fd = a;
		pfd.events = POLLIN;
		ASSERT_INT_GE(poll(&pfd, 1, 100), 0);
		ASSERT_INT_EQ(sctp_ms_flush(ca, ia), 0);
	}
	ASSERT_SIZE_T_EQ(sctp_ms_queued(ca), qdata);	/* nothing went */
	ASSERT_INT_EQ(sctp_ms_waiting(ca), 1);
	ASSERT_INT_EQ(sctp_ms_have_output(ca), 0);
	/*
	 * Stream 0 goes ahead, whatever the scheduler (here fcfs, which has
	 * no express lane), or the peer's new key would wait for ours: the
	 * data stays.
	 */
	send_msg(ca, ign, sizeof(ign));
	ASSERT_INT_EQ(sctp_ms_flush(ca, ia), 0);
	ASSERT_SIZE_T_EQ(sctp_ms_queued(ca), qdata);
	read_records(cb, b, ib, 2);
	ASSERT_U16_EQ(PEEK_U16(sshbuf_ptr(ib) + 4), 4);	/* the first data */
	ASSERT_INT_EQ(sshbuf_consume(ib, 7 + PEEK_U32(sshbuf_ptr(ib))), 0);
	ASSERT_U16_EQ(PEEK_U16(sshbuf_ptr(ib) + 4), 0);	/* the IGNORE */
	sshbuf_reset(ib);
	/* The key active: the data goes, with no drain of its own. */
	sctp_ms_hold_channels(ca, 0);
	pump(ca, a, ia);
	ASSERT_U_INT_EQ(sctp_ms_drains(ca), drains);
	read_records(cb, b, ib, 2);
	sshbuf_reset(ib);
	set_drain_timeout(-1);
	TEST_DONE();

	TEST_START("ms conn: sctp-auth-retire before queued channel data");
	pair_close(ca, cb, a, b, ia, ib);
	conn_pair(&ca, &cb, &a, &b);
	send_msg(ca, data, sizeof(data));
	pump(ca, a, ia);
	read_records(cb, b, ib, 1);
	expect_next(cb, ib, pkt, data, sizeof(data));
	drains = sctp_ms_drains(ca);
	sctp_ms_hold_channels(ca, 1);
	send_msg(ca, data, sizeof(data));
	send_msg(ca, data, sizeof(data));
	for (i = 0; i < 3; i++) {
		pfd.fd = a;
		pfd.events = POLLIN;
		ASSERT_INT_GE(poll(&pfd, 1, 100), 0);
		ASSERT_INT_EQ(sctp_ms_flush(ca, ia), 0);
	}
	send_msg(ca, sshbuf_ptr(req), sshbuf_len(req));
	sctp_ms_hold_channels(ca, 0);
	pump(ca, a, ia);
	/* The retire drained anew, then the data went without another. */
	ASSERT_U_INT_EQ(sctp_ms_drains(ca), drains + 1);
	read_records(cb, b, ib, 3);
	ASSERT_U16_EQ(PEEK_U16(sshbuf_ptr(ib) + 4), 0);	/* the retire */
	expect_next(cb, ib, pkt, sshbuf_ptr(req), sshbuf_len(req));
	for (i = 0; i < 2; i++)
		expect_next(cb, ib, pkt, data, sizeof(data));
	TEST_DONE();

	sctp_ms_conn_free(ca);
	sctp_ms_conn_free(cb);
	close(a);
	close(b);
	sshbuf_free(ia);
	sshbuf_free(ib);
	sshbuf_free(pkt);
	sshbuf_free(req);
}

static void
test_conn_express(void)
{
	struct sctp_ms_conn *ca, *cb;
	struct sshbuf *ia, *ib, *pkt;
	struct pollfd pfd[2];
	u_char bulk[8192], key[1000];
	const uint32_t tty = 3, tcp = 4;
	size_t rlen;
	int i, n, a, b, r, first = -1;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	new_bufs(&ia, &ib, &pkt);

	TEST_START("ms conn: interactive channels polled past a full queue");
	conn_pair(&ca, &cb, &a, &b);
	/* A room the loop would have anyway: every channel polled. */
	ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 1, tcp, "direct-tcpip", 0, 0), 1);
	/* The streams' classes, as channels.c sets them before data. */
	ASSERT_SIZE_T_EQ(sctp_ms_channel_data(ca, tty, "session", 1, 1,
	    sizeof(key)), sizeof(key));
	ASSERT_SIZE_T_EQ(sctp_ms_channel_data(ca, tcp, "direct-tcpip", 0, 0,
	    sizeof(bulk)), sizeof(bulk));
	chan_data(bulk, sizeof(bulk), tcp);
	for (i = 0; i < 17; i++)
		send_msg(ca, bulk, sizeof(bulk));
	ASSERT_SIZE_T_GT(sctp_ms_queued(ca), 128 * 1024);
	ASSERT_INT_EQ(sctp_ms_express_room(ca), 1);
	ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 0, tcp, "direct-tcpip", 0, 0), 0);
	ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 0, tcp + 1, "x11", 0, 0), 1);
	ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 0, tty, "session", 0, 0), 0);
	chan_data(key, sizeof(key), tty);
	for (n = 0; n < 40 && sctp_ms_channel_poll(ca, 0, tty, "session", 1, 1);
	    n++)
		send_msg(ca, key, sizeof(key));
	/* 16384 bytes of sealed 1000-byte messages: 16 of them. */
	ASSERT_INT_EQ(n, (int)(SCTP_MS_EXPRESS_MAX +
	    sctp_ms_sealed_len(sizeof(key)) - 1) /
	    (int)sctp_ms_sealed_len(sizeof(key)));
	ASSERT_INT_EQ(sctp_ms_express_room(ca), 0);
	TEST_DONE();

	TEST_START("ms conn: the first interactive message goes before bulk");
	for (i = 0; i < 400 && (sctp_ms_have_output(ca) ||
	    sctp_ms_waiting(ca) || records(ib) < 17 + n); i++) {
		pfd[0].fd = a;
		pfd[0].events = sctp_ms_waiting(ca) ? POLLIN :
		    (sctp_ms_have_output(ca) ? POLLOUT : 0);
		pfd[1].fd = b;
		pfd[1].events = POLLIN;
		ASSERT_INT_GE(poll(pfd, 2, 1000), 0);
		ASSERT_INT_EQ(sctp_ms_flush(ca, ia), 0);
		if ((pfd[1].revents & POLLIN) &&
		    (r = sctp_ms_read(cb, ib, &rlen)) != 0) {
			ASSERT_INT_EQ(r, SSH_ERR_SYSTEM_ERROR);
			ASSERT_INT_EQ(errno, EAGAIN);
		}
	}
	ASSERT_SIZE_T_EQ(sctp_ms_queued(ca), 0);
	ASSERT_INT_EQ(sctp_ms_express_room(ca), 1);
	ASSERT_INT_EQ(records(ib), 17 + n);
	for (i = 0; i < 17 + n; i++) {
		if (next_stream(cb, ib, pkt) == 1 + tty % 9 && first == -1)
			first = i;
	}
	/* The head needed the drain after NEWKEYS (2.7); then the tty's. */
	ASSERT_INT_EQ(first, 1);
	sctp_ms_conn_free(ca);
	sctp_ms_conn_free(cb);
	close(a);
	close(b);
	TEST_DONE();
	sshbuf_free(ia);
	sshbuf_free(ib);
	sshbuf_free(pkt);
}

/*
 * 2.11: an interactive channel that sends more than its budget is bulk
 * (here: not polled past a full queue) until its bucket is full again;
 * other streams keep their class.
 */
static void
test_conn_budget(void)
{
	struct sctp_ms_conn *ca, *cb;
	struct sshbuf *ia, *ib, *pkt;
	u_char bulk[8192];
	const uint32_t tty = 3, tty2 = 5, tcp = 4;
	size_t sent, n;
	int i, a, b;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	new_bufs(&ia, &ib, &pkt);

	TEST_START("ms conn: an interactive stream over its budget is bulk");
	conn_pair(&ca, &cb, &a, &b);
	ASSERT_SIZE_T_EQ(sctp_ms_channel_data(ca, tcp, "direct-tcpip", 0, 0,
	    sizeof(bulk)), sizeof(bulk));
	chan_data(bulk, sizeof(bulk), tcp);
	for (i = 0; i < 17; i++)
		send_msg(ca, bulk, sizeof(bulk));
	ASSERT_INT_EQ(sctp_ms_express_room(ca), 1);
	ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 0, tty, "session", 1, 1), 1);
	/* The budget's worth passes as interactive, more does not. */
	for (sent = 0; sent < SCTP_MS_BUDGET; sent += n) {
		ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 0, tty, "session", 1, 1),
		    1);
		n = sctp_ms_channel_data(ca, tty, "session", 1, 1,
		    MINIMUM(16384, SCTP_MS_BUDGET - sent));
		ASSERT_SIZE_T_GT(n, 0);
	}
	ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 0, tty, "session", 1, 1), 1);
	ASSERT_SIZE_T_EQ(sctp_ms_channel_data(ca, tty, "session", 1, 1, 1000),
	    1000);
	ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 0, tty, "session", 1, 1), 0);
	ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 0, tty2, "session", 1, 1), 1);
	ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 0, tcp, "direct-tcpip", 0, 0),
	    0);
	/* Still bulk while it keeps sending; its data still goes. */
	ASSERT_SIZE_T_GT(sctp_ms_channel_data(ca, tty, "session", 1, 1, 100),
	    0);
	ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 0, tty, "session", 1, 1), 0);
	TEST_DONE();

	TEST_START("ms conn: interactive again once the bucket refilled");
	/* Empty: full again after SCTP_MS_BUDGET / SCTP_MS_BUDGET_RATE s */
	usleep((SCTP_MS_BUDGET / SCTP_MS_BUDGET_RATE) * 1000000 + 300000);
	ASSERT_INT_EQ(sctp_ms_channel_poll(ca, 0, tty, "session", 1, 1), 1);
	sctp_ms_conn_free(ca);
	sctp_ms_conn_free(cb);
	close(a);
	close(b);
	TEST_DONE();
	sshbuf_free(ia);
	sshbuf_free(ib);
	sshbuf_free(pkt);
}

/*
 * 3.8: a mapped SCTP channel's data goes on 1 + ((recipient + f) mod
 * (N - 1)), its other messages on its own stream; the peer accepts each
 * stream's order.  Its EOF, CLOSE and requests wait for a drain only
 * after data off its own stream, and then until that data is acknowledged.
 */
static void
test_conn_map(void)
{
	struct sctp_ms_conn *ca, *cb;
	struct sshbuf *ia, *ib, *pkt;
	struct pollfd pfd[2];
	u_char d[64], eof[] = { SSH2_MSG_CHANNEL_EOF, 0, 0, 0, 3 };
	u_char close_[] = { SSH2_MSG_CHANNEL_CLOSE, 0xff, 0xff, 0xff, 0xfe };
	u_char *big;
	size_t len, rlen, biglen = 8192;
	uint32_t n1;
	int i, a, b, r;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	new_bufs(&ia, &ib, &pkt);

	TEST_START("ms conn: mapped SCTP channel data by forwarded stream");
	conn_pair(&ca, &cb, &a, &b);
	n1 = 9;		/* 10 streams: 9 for channels */
	ASSERT_INT_EQ(sctp_ms_map_channel(ca, 5, 3,
	    sctp_fwd_hdr_stream), 0);
	ASSERT_INT_EQ(sctp_ms_map_channel(ca, 6, 0xfffffffe,
	    sctp_fwd_hdr_stream), 0);
	len = fwd_data(d, sizeof(d), 3, 0);
	send_msg(ca, d, len);
	fwd_data(d, sizeof(d), 3, 2);
	send_msg(ca, d, len);
	fwd_data(d, sizeof(d), 3, 7);
	send_msg(ca, d, len);
	fwd_data(d, sizeof(d), 0xfffffffe, 3);	/* the sum passes 2^32 */
	send_msg(ca, d, len);
	fwd_data(d, sizeof(d), 4, 2);		/* not mapped: its own */
	send_msg(ca, d, len);
	send_msg(ca, d, 17);			/* too short for a header */
	pump(ca, a, ia);
	read_records(cb, b, ib, 6);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 3 % n1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 5 % n1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 10 % n1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 0x100000001ULL % n1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 4 % n1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 4 % n1);
	TEST_DONE();

	TEST_START("ms conn: mapped channel: first end drains, later ones "
	    "after data off its stream only");
	/* Channel 3's data went off its stream above: its EOF drains. */
	r = sctp_ms_drains(ca);
	send_msg(ca, eof, sizeof(eof));
	pump(ca, a, ia);
	ASSERT_INT_EQ(sctp_ms_drains(ca), r + 1);
	/* Since that drain only on its own stream: no drain. */
	fwd_data(d, sizeof(d), 3, 0);
	send_msg(ca, d, len);
	eof[0] = SSH2_MSG_CHANNEL_CLOSE;
	send_msg(ca, eof, sizeof(eof));
	pump(ca, a, ia);
	ASSERT_INT_EQ(sctp_ms_drains(ca), r + 1);
	/* Channel 6 sent off its stream: its CLOSE drains. */
	send_msg(ca, close_, sizeof(close_));
	pump(ca, a, ia);
	ASSERT_INT_EQ(sctp_ms_drains(ca), r + 2);
	read_records(cb, b, ib, 4);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 3 % n1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 3 % n1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 3 % n1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 0xfffffffeU % n1);
	/* After our CLOSE, the peer's number 0xfffffffe may be reused for
	 * a channel of another kind: its data goes on its own stream. */
	fwd_data(d, sizeof(d), 0xfffffffe, 3);
	send_msg(ca, d, len);
	pump(ca, a, ia);
	read_records(cb, b, ib, 1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 0xfffffffeU % n1);
	/* A keep-alive after data off the stream needs no drain; an
	 * sctp-abort does.  (Channel 3 sent CLOSE above: a new channel 9
	 * that the peer numbers 3.) */
	ASSERT_INT_EQ(sctp_ms_map_channel(ca, 9, 3,
	    sctp_fwd_hdr_stream), 0);
	r = sctp_ms_drains(ca);
	fwd_data(d, sizeof(d), 3, 2);
	send_msg(ca, d, len);
	{
		u_char ka[64], ab[64];
		const char *kn = "keepalive@openssh.com";
		const char *an = "sctp-abort@openssh-sctp.invalid";

		ka[0] = ab[0] = SSH2_MSG_CHANNEL_REQUEST;
		POKE_U32(ka + 1, 3);
		POKE_U32(ab + 1, 3);
		POKE_U32(ka + 5, strlen(kn));
		POKE_U32(ab + 5, strlen(an));
		memcpy(ka + 9, kn, strlen(kn));
		memcpy(ab + 9, an, strlen(an));
		ka[9 + strlen(kn)] = ab[9 + strlen(an)] = 0;
		send_msg(ca, ka, 10 + strlen(kn));
		pump(ca, a, ia);
		ASSERT_INT_EQ(sctp_ms_drains(ca), r);
		send_msg(ca, ab, 10 + strlen(an));
		pump(ca, a, ia);
		ASSERT_INT_EQ(sctp_ms_drains(ca), r + 1);
	}
	read_records(cb, b, ib, 3);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 5 % n1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 3 % n1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 3 % n1);
	/* Forgotten: its data goes on its own stream again. */
	sctp_ms_channel_gone(ca, 9);
	fwd_data(d, sizeof(d), 3, 2);
	send_msg(ca, d, len);
	pump(ca, a, ia);
	read_records(cb, b, ib, 1);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 3 % n1);
	sctp_ms_conn_free(ca);
	sctp_ms_conn_free(cb);
	close(a);
	close(b);
	eof[0] = SSH2_MSG_CHANNEL_EOF;
	TEST_DONE();

	/*
	 * 3.8: an SCTP channel's first end message is taken only after every
	 * sequenced packet below it: with one record of the channel's data
	 * on another stream skipped (as a forged FORWARD TSN would), its EOF
	 * ends the connection; complete, it is taken.
	 */
	TEST_START("ms conn: SCTP channel end after skipped data refused");
	for (i = 0; i < 2; i++) {
		struct sshbuf *cut;
		const u_char *p;
		size_t l1, l2;

		conn_pair(&ca, &cb, &a, &b);
		ASSERT_INT_EQ(sctp_ms_map_channel(ca, 5, 3,
		    sctp_fwd_hdr_stream), 0);
		ASSERT_INT_EQ(sctp_ms_sctp_channel(cb, 3, 5), 0);
		len = fwd_data(d, sizeof(d), 3, 0);	/* its own stream */
		send_msg(ca, d, len);
		fwd_data(d, sizeof(d), 3, 2);		/* another one */
		send_msg(ca, d, len);
		pump(ca, a, ia);
		r = sctp_ms_drains(ca);
		send_msg(ca, eof, sizeof(eof));
		pump(ca, a, ia);
		ASSERT_INT_EQ(sctp_ms_drains(ca), r + 1);
		read_records(cb, b, ib, 3);
		ASSERT_INT_EQ(records(ib), 3);
		ASSERT_PTR_NE(cut = sshbuf_new(), NULL);
		p = sshbuf_ptr(ib);
		l1 = 7 + PEEK_U32(p);
		l2 = 7 + PEEK_U32(p + l1);
		ASSERT_U16_EQ(PEEK_U16(p + l1 + 4), 1 + 5 % n1);
		ASSERT_INT_EQ(sshbuf_put(cut, p, l1), 0);
		if (i == 1)			/* the attacker's skip */
			ASSERT_INT_EQ(sshbuf_put(cut, p + l1 + l2,
			    sshbuf_len(ib) - l1 - l2), 0);
		else
			ASSERT_INT_EQ(sshbuf_put(cut, p + l1,
			    sshbuf_len(ib) - l1), 0);
		sshbuf_reset(ib);
		sshbuf_reset(pkt);
		ASSERT_INT_EQ(sctp_ms_recv(cb, cut, pkt), 0);
		if (i == 0) {
			sshbuf_reset(pkt);
			ASSERT_INT_EQ(sctp_ms_recv(cb, cut, pkt), 0);
		}
		sshbuf_reset(pkt);
		ASSERT_INT_EQ(sctp_ms_recv(cb, cut, pkt),
		    i == 0 ? 0 : SSH_ERR_PROTOCOL_ERROR);
		if (i == 0)
			expect_packet(pkt, eof, sizeof(eof));
		sshbuf_free(cut);
		sshbuf_reset(pkt);
		sctp_ms_conn_free(ca);
		sctp_ms_conn_free(cb);
		close(a);
		close(b);
	}
	TEST_DONE();

	/*
	 * Over an association whose receiver does not read, a later EOF
	 * after unacknowledged data on another stream stays queued until
	 * the peer has taken that data in.  (The channel's first end
	 * message always drains, 3.8.)
	 */
	TEST_START("ms conn: mapped channel: EOF waits until data off its "
	    "stream is acknowledged");
	set_drain_timeout(30);
	slow_pair(&a, &b);
	conn_keys(&ca, &cb, &a, &b);
	ASSERT_INT_EQ(sctp_ms_map_channel(ca, 5, 3,
	    sctp_fwd_hdr_stream), 0);
	big = xcalloc(1, biglen);
	big[0] = SSH2_MSG_CHANNEL_DATA;
	POKE_U32(big + 1, 3);
	POKE_U32(big + 5, biglen - 9);
	POKE_U16(big + 10, 0);
	/* Its first end drains (3.8), at once: nothing is in flight. */
	send_msg(ca, eof, sizeof(eof));
	pump(ca, a, ia);
	for (i = 0; i < 8; i++)
		send_msg(ca, big, biglen);
	send_msg(ca, eof, sizeof(eof));
	pump(ca, a, ia);			/* no wait: all home */
	r = sctp_ms_drains(ca);
	POKE_U16(big + 10, 2);
	for (i = 0; i < 8; i++)
		send_msg(ca, big, biglen);
	send_msg(ca, eof, sizeof(eof));
	for (i = 0; i < 5; i++) {
		pfd[0].fd = a;
		pfd[0].events = sctp_ms_waiting(ca) ? POLLIN : POLLOUT;
		ASSERT_INT_GE(poll(pfd, 1, 100), 0);
		ASSERT_INT_EQ(sctp_ms_flush(ca, ia), 0);
	}
	ASSERT_INT_EQ(sctp_ms_waiting(ca), 1);
	ASSERT_SIZE_T_EQ(sctp_ms_queued(ca), sctp_ms_sealed_len(sizeof(eof)));
	for (i = 0; i < 200 && (sctp_ms_waiting(ca) ||
	    sctp_ms_have_output(ca)); i++) {
		pfd[0].fd = a;
		pfd[0].events = POLLIN;
		pfd[1].fd = b;
		pfd[1].events = POLLIN;
		ASSERT_INT_GE(poll(pfd, 2, 100), 0);
		if ((pfd[1].revents & POLLIN) &&
		    sctp_ms_read(cb, ib, &rlen) != 0)
			ASSERT_INT_EQ(errno, EAGAIN);
		ASSERT_INT_EQ(sctp_ms_flush(ca, ia), 0);
	}
	ASSERT_INT_EQ(sctp_ms_drains(ca), r + 1);
	ASSERT_SIZE_T_EQ(sctp_ms_queued(ca), 0);
	read_records(cb, b, ib, 19);
	ASSERT_INT_EQ(records(ib), 19);
	for (i = 0; i < 18; i++)
		next_stream(cb, ib, pkt);
	ASSERT_U16_EQ(next_stream(cb, ib, pkt), 1 + 3 % n1);	/* EOF last */
	set_drain_timeout(-1);
	free(big);
	sctp_ms_conn_free(ca);
	sctp_ms_conn_free(cb);
	close(a);
	close(b);
	TEST_DONE();

	sshbuf_free(ia);
	sshbuf_free(ib);
	sshbuf_free(pkt);
}

/* UDPForwardReliability as the configuration would set it. */
static void
set_udp_reliability(const char *policy, const char *value)
{
	struct sctp_fwd_options *fo = &test_opts.fwd;	/* conn_keys() */
	char *argv[3], **av = argv;
	int ac = 2;

	if (!test_opts_set)
		set_drain_timeout(-1);
	argv[0] = (char *)policy;
	argv[1] = (char *)value;
	argv[2] = NULL;
	sctp_fwd_options_init(fo);
	ASSERT_INT_EQ(sctp_fwd_options_parse(fo, "UDPForwardReliability",
	    &ac, &av, "test", 1, 1, 0), 0);
	sctp_fwd_options_fill(fo);
}

/*
 * 3.8, UDPForwardReliability: unsequenced data goes with the configured
 * PR-SCTP policy.  Behind a receiver that does not read, data with a
 * 50 ms lifetime that waited longer is given up by the kernel (its TTL
 * counter grows, fewer messages arrive); with "rtx 0" what is given up is
 * counted under RTX, never TTL (the window probes to a stalled peer are
 * retransmissions, so rtx 0 may give up all of it), and every message
 * either arrives or is counted.
 */
static void
test_conn_unseq_policy(void)
{
	struct sctp_ms_conn *ca, *cb;
	struct sshbuf *ia, *ib, *pkt;
	struct pollfd pfd[2];
	u_char ready[] = { SSH2_MSG_CHANNEL_REQUEST, 0, 0, 0, 7, 0, 0, 0, 1,
	    'r', 0 };
	u_char *data;
	size_t len = 4096, rlen;
	long long ab;
	int i, a, b, round, got;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	data = xcalloc(1, len);
	data[0] = SSH2_MSG_CHANNEL_DATA;
	POKE_U32(data + 1, 3);
	POKE_U32(data + 5, len - 9);
	new_bufs(&ia, &ib, &pkt);
	for (round = 0; round < 2; round++) {
		TEST_START(round == 0 ?
		    "ms conn: unsequenced data with a lifetime (ttl 50) is "
		    "given up behind a stalled peer" :
		    "ms conn: with rtx 0, the policy is the number of "
		    "retransmissions");
		set_udp_reliability(round == 0 ? "ttl" : "rtx",
		    round == 0 ? "50" : "0");
		slow_pair(&a, &b);
		conn_keys(&ca, &cb, &a, &b);
		/* b's "ready" for channel 7 of a starts it (3.8) */
		send_msg(cb, ready, sizeof(ready));
		pump(cb, b, ib);
		read_records(ca, a, ia, 1);
		sshbuf_reset(pkt);
		ASSERT_INT_EQ(sctp_ms_recv(ca, ia, pkt), 0);
		ASSERT_INT_EQ(sctp_ms_unseq_channel(ca, 7, 3), 0);
		/* 256 KB, far beyond b's window: most of it waits in a */
		for (i = 0; i < 64; i++)
			send_msg(ca, data, len);
		pump(ca, a, ia);
		usleep(300 * 1000);	/* past the lifetime */
		got = 0;
		for (i = 0; i < 100; i++) {
			pfd[0].fd = b;
			pfd[0].events = POLLIN;
			if (poll(pfd, 1, 300) <= 0)
				break;
			if (sctp_ms_read(cb, ib, &rlen) != 0)
				ASSERT_INT_EQ(errno, EAGAIN);
			got = records(ib);
		}
		/* Each round's data is given up under its own policy only. */
		ab = sctp_pr_abandoned(a, round == 0 ? SCTP_PR_SCTP_TTL :
		    SCTP_PR_SCTP_RTX);
		ASSERT_INT_EQ(sctp_pr_abandoned(a, round == 0 ?
		    SCTP_PR_SCTP_RTX : SCTP_PR_SCTP_TTL), 0);
		if (round == 0) {
			ASSERT_INT_GT(ab, 0);
			ASSERT_INT_LT(got, 64);
			ASSERT_INT_GT(got, 0);
		} else {	/* one given up after arriving counts twice */
			ASSERT_INT_GE(ab + got, 64);
			/*
			 * After our CLOSE the peer may reuse number 3 for a
			 * channel of another kind: data to 3 is sequenced.
			 */
			u_char cl[] = { SSH2_MSG_CHANNEL_CLOSE, 0, 0, 0, 3 };

			sshbuf_reset(ib);
			send_msg(ca, cl, sizeof(cl));
			send_msg(ca, data, 64);
			pump(ca, a, ia);
			read_records(cb, b, ib, 2);
			/* records: length, stream, flags (0: ordered) */
			ASSERT_U8_EQ(sshbuf_ptr(ib)[6], 0);
			ASSERT_U8_EQ(sshbuf_ptr(ib)[7 +
			    PEEK_U32(sshbuf_ptr(ib)) + 6], 0);
		}
		pair_close(ca, cb, a, b, ia, ib);
		TEST_DONE();
	}
	set_udp_reliability("rtx", "0");
	free(data);
	sshbuf_free(ia);
	sshbuf_free(ib);
	sshbuf_free(pkt);
}
/* Set net.sctp.intl_enable to v; its old value, or -1 if not possible. */
static int
intl_sysctl(int v)
{
	const char *path = "/proc/sys/net/sctp/intl_enable";
	FILE *f;
	int old = -1;

	if ((f = fopen(path, "r")) == NULL)
		return -1;
	if (fscanf(f, "%d", &old) != 1)
		old = -1;
	fclose(f);
	if (old == -1 || (f = fopen(path, "w")) == NULL)
		return -1;
	fprintf(f, "%d\n", v);
	if (fclose(f) != 0)
		return -1;
	return old;
}

/*
 * A pair with I-DATA asked for on both ends, as ssh and sshd ask
 * (fragment interleaving level 2, SCTP_INTERLEAVING_SUPPORTED), whose
 * receiving end b delivers any message longer than 1000 bytes in parts
 * (SCTP_PARTIAL_DELIVERY_POINT).
 */
static void
idata_pair(int *a, int *b)
{
	struct sockaddr_in sin;
	struct sctp_assoc_value av;
	int l, i, *fds[2] = { &l, a }, level = 2, pd = 1000;
	int big = 4 * 1024 * 1024;

	ASSERT_INT_NE(l = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP), -1);
	ASSERT_INT_NE(*a = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP), -1);
	for (i = 0; i < 2; i++) {
		ASSERT_INT_EQ(setsockopt(*fds[i], IPPROTO_SCTP,
		    SCTP_FRAGMENT_INTERLEAVE, &level, sizeof(level)), 0);
		memset(&av, 0, sizeof(av));
		av.assoc_value = 1;
		ASSERT_INT_EQ(setsockopt(*fds[i], IPPROTO_SCTP,
		    SCTP_INTERLEAVING_SUPPORTED, &av, sizeof(av)), 0);
	}
	ASSERT_INT_EQ(setsockopt(l, IPPROTO_SCTP, SCTP_PARTIAL_DELIVERY_POINT,
	    &pd, sizeof(pd)), 0);
	/* Room for everything a sends before b reads (the VM runs as root) */
	ASSERT_INT_EQ(setsockopt(*a, SOL_SOCKET, SO_SNDBUFFORCE, &big,
	    sizeof(big)), 0);
	/* Small fragments (loopback's MTU is 64 KB) */
	memset(&av, 0, sizeof(av));
	av.assoc_value = 1200;
	ASSERT_INT_EQ(setsockopt(*a, IPPROTO_SCTP, SCTP_MAXSEG, &av,
	    sizeof(av)), 0);
	/* Round robin: each chunk from the next stream, as on the wire */
	memset(&av, 0, sizeof(av));
	av.assoc_value = SCTP_SS_RR;
	ASSERT_INT_EQ(setsockopt(*a, IPPROTO_SCTP, SCTP_STREAM_SCHEDULER, &av,
	    sizeof(av)), 0);
	loopback_listen(l, &sin);
	ASSERT_INT_EQ(connect(*a, (struct sockaddr *)&sin, sizeof(sin)), 0);
	ASSERT_INT_NE(*b = accept(l, NULL, NULL), -1);
	close(l);
	ASSERT_INT_EQ(sctp_idata_in_use(*a), 1);
	ASSERT_INT_EQ(sctp_idata_in_use(*b), 1);
	ASSERT_INT_EQ(setsockopt(*b, IPPROTO_SCTP, SCTP_PARTIAL_DELIVERY_POINT,
	    &pd, sizeof(pd)), 0);
}

#define IDATA_CHANS	6
#define IDATA_MSGS	5
#define IDATA_LEN	20000

/* CHANNEL_DATA of IDATA_LEN bytes to channel chan, message number k */
static void
idata_msg(u_char *data, u_int chan, int k)
{
	size_t i;

	data[0] = SSH2_MSG_CHANNEL_DATA;
	POKE_U32(data + 1, chan);
	POKE_U32(data + 5, IDATA_LEN - 9);
	for (i = 9; i < IDATA_LEN; i++)
		data[i] = (u_char)(chan * 31 + k * 7 + i);
}

/*
 * 2.10: with I-DATA, the kernel delivers parts of messages of different
 * streams interleaved.  First shown with plain recvmsg(2) on the pair,
 * then every message must come out of sctp_ms_read() whole and in order
 * per channel.
 */
static void
test_conn_idata(void)
{
	struct sctp_ms_conn *ca, *cb;
	struct sshbuf *ia, *ib, *pkt;
	struct pollfd pfd;
	struct msghdr msg;
	struct iovec iov;
	struct sctp_rcvinfo ri;
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct sctp_rcvinfo))];
	} cbuf;
	struct cmsghdr *cm;
	u_char *data, *buf;
	size_t rlen;
	ssize_t n;
	int a, b, i, k, on = 1, old, open_stream, interleaved = 0, got[IDATA_CHANS];

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	if ((old = intl_sysctl(1)) == -1) {
		/* The VM runs these as root: not being able to is a failure */
		TEST_START("ms conn: I-DATA: net.sctp.intl_enable settable");
		ASSERT_INT_NE(old, -1);
		TEST_DONE();
		return;
	}
	data = xcalloc(1, IDATA_LEN);
	buf = xcalloc(1, IDATA_LEN * IDATA_CHANS * IDATA_MSGS);

	TEST_START("ms conn: I-DATA: the kernel interleaves parts of streams");
	idata_pair(&a, &b);
	ASSERT_INT_EQ(setsockopt(b, IPPROTO_SCTP, SCTP_RECVRCVINFO, &on,
	    sizeof(on)), 0);
	for (k = 0; k < IDATA_MSGS; k++) {
		for (i = 0; i < IDATA_CHANS; i++) {
			struct sctp_sndinfo si;
			char cb2[CMSG_SPACE(sizeof(si))];

			idata_msg(data, i, k);
			memset(&msg, 0, sizeof(msg));
			memset(&si, 0, sizeof(si));
			si.snd_sid = 1 + i;
			iov.iov_base = data;
			iov.iov_len = IDATA_LEN;
			msg.msg_iov = &iov;
			msg.msg_iovlen = 1;
			msg.msg_control = cb2;
			msg.msg_controllen = sizeof(cb2);
			cm = CMSG_FIRSTHDR(&msg);
			cm->cmsg_level = IPPROTO_SCTP;
			cm->cmsg_type = SCTP_SNDINFO;
			cm->cmsg_len = CMSG_LEN(sizeof(si));
			memcpy(CMSG_DATA(cm), &si, sizeof(si));
			ASSERT_INT_EQ(sendmsg(a, &msg, 0), IDATA_LEN);
		}
	}
	open_stream = -1;
	for (i = 0; i < 10000; i++) {
		pfd.fd = b;
		pfd.events = POLLIN;
		if (poll(&pfd, 1, 2000) != 1)
			break;
		memset(&msg, 0, sizeof(msg));
		iov.iov_base = buf;
		iov.iov_len = IDATA_LEN * 2;
		msg.msg_iov = &iov;
		msg.msg_iovlen = 1;
		msg.msg_control = cbuf.buf;
		msg.msg_controllen = sizeof(cbuf.buf);
		ASSERT_INT_GT(n = recvmsg(b, &msg, 0), 0);
		cm = CMSG_FIRSTHDR(&msg);
		ASSERT_PTR_NE(cm, NULL);
		memcpy(&ri, CMSG_DATA(cm), sizeof(ri));
		if (open_stream != -1 && open_stream != ri.rcv_sid)
			interleaved++;
		if (msg.msg_flags & MSG_EOR) {
			if (open_stream == ri.rcv_sid)
				open_stream = -1;
		} else if (open_stream == -1)
			open_stream = ri.rcv_sid;
	}
	ASSERT_INT_GT(interleaved, 0);
	close(a);
	close(b);
	TEST_DONE();

	TEST_START("ms conn: I-DATA: interleaved parts make whole messages");
	new_bufs(&ia, &ib, &pkt);
	idata_pair(&a, &b);
	conn_keys(&ca, &cb, &a, &b);
	for (k = 0; k < IDATA_MSGS; k++) {
		for (i = 0; i < IDATA_CHANS; i++) {
			idata_msg(data, i, k);
			send_msg(ca, data, IDATA_LEN);
		}
	}
	pump(ca, a, ia);
	memset(got, 0, sizeof(got));
	for (n = 0; n < IDATA_CHANS * IDATA_MSGS; ) {
		sshbuf_reset(pkt);
		ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt), 0);
		if (sshbuf_len(pkt) == 0) {
			pfd.fd = b;
			pfd.events = POLLIN;
			ASSERT_INT_EQ(poll(&pfd, 1, 5000), 1);
			if (sctp_ms_read(cb, ib, &rlen) != 0)
				ASSERT_INT_EQ(errno, EAGAIN);
			continue;
		}
		i = PEEK_U32(sshbuf_ptr(pkt) + 6);
		ASSERT_INT_LT(i, IDATA_CHANS);
		idata_msg(data, i, got[i]++);
		expect_packet(pkt, data, IDATA_LEN);
		n++;
	}
	for (i = 0; i < IDATA_CHANS; i++)
		ASSERT_INT_EQ(got[i], IDATA_MSGS);
	sctp_ms_conn_free(ca);
	sctp_ms_conn_free(cb);
	close(a);
	close(b);
	sshbuf_free(ia);
	sshbuf_free(ib);
	sshbuf_free(pkt);
	TEST_DONE();

	intl_sysctl(old);
	free(data);
	free(buf);
}

/*
 * 2.8: an unsequenced packet sent under the previous key and read after
 * the receiver took the next one is dropped and counted; a sequenced one
 * under it, or an unsequenced one under the key before that, still ends
 * the connection.
 */
static void
test_conn_prev_key(void)
{
	struct sctp_ms_conn *ca, *cb;
	struct sshbuf *ia, *ib, *pkt;
	u_char ready[] = { SSH2_MSG_CHANNEL_REQUEST, 0, 0, 0, 7, 0, 0, 0, 1,
	    'r', 0 };
	u_char data[] = { SSH2_MSG_CHANNEL_DATA, 0, 0, 0, 3, 0, 0, 0, 2,
	    'h', 'i' };
	u_char adj[] = { SSH2_MSG_CHANNEL_WINDOW_ADJUST, 0, 0, 0, 3, 0, 0,
	    1, 0 };
	struct timespec pt;
	const char *ci;
	int a, b, round, rounds = 3;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	new_bufs(&ia, &ib, &pkt);
#ifdef NID_chacha20_poly1305
	rounds = 4;	/* round 3: round 0 with chacha20-poly1305 */
#endif
	for (round = 0; round < rounds; round++) {
		TEST_START(round == 0 ? "ms conn: late unsequenced packets "
		    "under the previous key are dropped and counted" :
		    round == 1 ? "ms conn: a sequenced packet under the "
		    "previous key ends the connection" : round == 2 ?
		    "ms conn: an unsequenced packet two keys back ends the "
		    "connection" : "ms conn: late unsequenced packets under "
		    "the previous chacha20-poly1305 key are dropped");
		ci = round == 3 ? "chacha20-poly1305@openssh.com" : GCM;
		sctp_pair(&a, &b);
		conn_keys_vc(&ca, &cb, &a, &b, 2, ci);
		/* b's "ready" for channel 7 of a starts it (3.8) */
		send_msg(cb, ready, sizeof(ready));
		pump(cb, b, ib);
		read_records(ca, a, ia, 1);
		expect_next(ca, ia, pkt, ready, sizeof(ready));
		ASSERT_INT_EQ(sctp_ms_unseq_channel(ca, 7, 3), 0);
		if (round == 1)
			send_msg(ca, adj, sizeof(adj));
		else {
			send_msg(ca, data, sizeof(data));
			send_msg(ca, data, sizeof(data));
		}
		pump(ca, a, ia);
		read_records(cb, b, ib, round == 1 ? 1 : 2);
		/* records: length, stream, flags (1: unordered) */
		ASSERT_U8_EQ(sshbuf_ptr(ib)[6], round == 1 ? 0 : 1);
		/* b takes a's next key (and, in round 2, the one after) */
		ASSERT_INT_EQ(sctp_ms_set_cipher(cb, 0, ci, key_b, 64, iv_a,
		    12), 0);
		ASSERT_INT_EQ(sctp_ms_newkeys(cb, 0, NULL), 0);
		if (round == 2) {
			ASSERT_INT_EQ(sctp_ms_set_cipher(cb, 0, ci, key_a, 64,
			    iv_b, 12), 0);
			ASSERT_INT_EQ(sctp_ms_newkeys(cb, 0, NULL), 0);
		}
		sshbuf_reset(pkt);
		if (round == 0 || round == 3) {
			expect_next(cb, ib, pkt, NULL, 0);
			ASSERT_SIZE_T_EQ(sshbuf_len(ib), 0);
			ASSERT_LONG_EQ((long)sctp_ms_prev_drops(cb), 2);
			/* The loops wake to erase the previous key. */
			ptimeout_init(&pt);
			sctp_ms_deadline(cb, &pt);
			ASSERT_INT_GT(ptimeout_get_ms(&pt), 100 * 1000);
			ASSERT_INT_LE(ptimeout_get_ms(&pt), 120 * 1000 + 1);
		} else {
			ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt),
			    SSH_ERR_MAC_INVALID);
			ASSERT_LONG_EQ((long)sctp_ms_prev_drops(cb), 0);
		}
		pair_close(ca, cb, a, b, ia, ib);
		TEST_DONE();
	}
	sshbuf_free(ia);
	sshbuf_free(ib);
	sshbuf_free(pkt);
}

/* Subscribe fd to one kind of event. */
static void
subscribe(int fd, uint16_t type)
{
	struct sctp_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.se_type = type;
	ev.se_on = 1;
	ASSERT_INT_EQ(setsockopt(fd, IPPROTO_SCTP, SCTP_EVENT, &ev,
	    sizeof(ev)), 0);
}

/* SCTP-AUTH on fd, with ABORT among the chunks it must authenticate. */
static void
auth_sock(int fd)
{
	struct sctp_assoc_value av;
	struct sctp_authchunk ac;

	memset(&av, 0, sizeof(av));
	av.assoc_value = 1;
	ASSERT_INT_EQ(setsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_SUPPORTED, &av,
	    sizeof(av)), 0);
	memset(&ac, 0, sizeof(ac));
	ac.sauth_chunk = 6;	/* ABORT */
	ASSERT_INT_EQ(setsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_CHUNK, &ac,
	    sizeof(ac)), 0);
}

/* Key id of 32 bytes, random or all 0x5a, made the active one. */
static void
active_key(int fd, uint16_t id, int random)
{
	struct sctp_authkeyid kid;
	struct sctp_authkey *k;

	k = xcalloc(1, sizeof(*k) + 32);
	k->sca_keynumber = id;
	k->sca_keylength = 32;
	if (random)
		arc4random_buf(k->sca_key, 32);
	else
		memset(k->sca_key, 0x5a, 32);
	ASSERT_INT_EQ(setsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_KEY, k,
	    sizeof(*k) + 32), 0);
	free(k);
	memset(&kid, 0, sizeof(kid));
	kid.scact_keynumber = id;
	ASSERT_INT_EQ(setsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_ACTIVE_KEY, &kid,
	    sizeof(kid)), 0);
}

/*
 * K(1) of 1.4 as the ends have it once the first key is taken into use:
 * key 1 (the same bytes at both ends) active, key 0 deleted; on an
 * association, or on a socket's endpoint before its association.
 */
static void
shared_key(int fd)
{
	struct sctp_authkeyid kid;

	active_key(fd, 1, 0);
	memset(&kid, 0, sizeof(kid));
	kid.scact_keynumber = 0;
	ASSERT_INT_EQ(setsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_DELETE_KEY, &kid,
	    sizeof(kid)), 0);
}

/* As sctp_pair(), both ends with auth_sock() and shared_key(). */
static void
auth_pair(int *a, int *b)
{
	struct sockaddr_in sin;
	int l;

	ASSERT_INT_NE(l = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP), -1);
	auth_sock(l);
	loopback_listen(l, &sin);
	ASSERT_INT_NE(*a = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP), -1);
	auth_sock(*a);
	ASSERT_INT_EQ(connect(*a, (struct sockaddr *)&sin, sizeof(sin)), 0);
	ASSERT_INT_NE(*b = accept(l, NULL, NULL), -1);
	close(l);
	/*
	 * The accepted socket answers a restart's INIT with its own endpoint,
	 * which Linux made afresh, without the listener's SCTP-AUTH settings.
	 */
	auth_sock(*b);
	shared_key(*a);
	shared_key(*b);
}

/*
 * The client end a of an association restarts it (2.12): its ABORT under a
 * key the server lacks (on the loopback it would arrive), then a new
 * socket from the same port to the server's, put in a's place.
 */
static void
restart_client(int a, int with_auth)
{
	struct sockaddr_in local, peer;
	struct linger lg = { 1, 0 };
	socklen_t sl = sizeof(local);
	int n, on = 1;

	active_key(a, 7, 1);

	ASSERT_INT_EQ(getsockname(a, (struct sockaddr *)&local, &sl), 0);
	sl = sizeof(peer);
	ASSERT_INT_EQ(getpeername(a, (struct sockaddr *)&peer, &sl), 0);
	ASSERT_INT_NE(n = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP), -1);
	ASSERT_INT_EQ(setsockopt(n, SOL_SOCKET, SO_REUSEADDR, &on,
	    sizeof(on)), 0);
	ASSERT_INT_EQ(setsockopt(n, IPPROTO_SCTP, SCTP_RECVRCVINFO, &on,
	    sizeof(on)), 0);
	if (with_auth) {
		auth_sock(n);
		shared_key(n);	/* 2.12: K(n) alone, active */
	}
	/* The abort, then the new association from the same port. */
	ASSERT_INT_EQ(setsockopt(a, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg)),
	    0);
	ASSERT_INT_EQ(dup2(n, a), a);	/* closes the old one: ABORT */
	close(n);
	ASSERT_INT_EQ(bind(a, (struct sockaddr *)&local, sizeof(local)), 0);
	ASSERT_INT_EQ(connect(a, (struct sockaddr *)&peer, sizeof(peer)), 0);
}

/*
 * The client ca restarts its association a (2.12) and writes its resume:
 * its drain first, a few rounds, as the main loops would.
 */
static void
client_resumes(struct sctp_ms_conn *ca, int a, struct sshbuf *ia)
{
	int i;

	restart_client(a, 1);
	ASSERT_INT_EQ(sctp_ms_restart(ca, 1), 0);
	for (i = 0; i < 20; i++) {
		ASSERT_INT_EQ(sctp_ms_flush(ca, ia), 0);
		(void)poll(NULL, 0, 100);
	}
}

/* A keyed pair, resuming allowed: ca the client, cb the server. */
static void
resume_pair(struct sctp_ms_conn **ca, struct sctp_ms_conn **cb, int *a,
    int *b)
{
	auth_pair(a, b);
	conn_keys(ca, cb, a, b);
	subscribe(*b, SCTP_ASSOC_CHANGE);
	sctp_ms_resume_enable(*ca, 1);
	sctp_ms_resume_enable(*cb, 0);
}

static void
test_conn_resume(void)
{
	struct sctp_ms_conn *ca, *cb;
	struct sshbuf *ia, *ib, *pkt;
	u_char d4[] = { SSH2_MSG_CHANNEL_DATA, 0, 0, 0, 3, 0, 0, 0, 2,
	    'h', 'i' };
	u_char d5[] = { SSH2_MSG_CHANNEL_DATA, 0, 0, 0, 3, 0, 0, 0, 2,
	    'h', 'o' };
	u_char ign[] = { SSH2_MSG_IGNORE, 0, 0, 0, 0 };
	u_char kexinit[] = { SSH2_MSG_KEXINIT, 0 };
	size_t freed;
	int a, b, i;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	new_bufs(&ia, &ib, &pkt);

	TEST_START("ms conn: a restart of the association resumes (2.12)");
	set_drain_timeout(-1);
	resume_pair(&ca, &cb, &a, &b);
	/* The client's first packet reaches the server... */
	send_msg(ca, ign, sizeof(ign));
	pump(ca, a, ia);
	read_records(cb, b, ib, 1);
	expect_next(cb, ib, pkt, ign, sizeof(ign));
	/* ... the server's two never reach ssh: the client aborts first. */
	send_msg(cb, d4, sizeof(d4));
	send_msg(cb, d5, sizeof(d5));
	pump(cb, b, ib);
	restart_client(a, 1);
	ASSERT_INT_EQ(sctp_ms_restart(ca, 1), 0);
	ASSERT_INT_EQ(sctp_ms_resuming(ca), 1);
	/* Nothing but the resume goes while it waits. */
	send_msg(ca, ign, sizeof(ign));
	/* (its drain first: a few rounds, as the main loops would) */
	for (i = 0; i < 20; i++) {
		ASSERT_INT_EQ(sctp_ms_flush(ca, ia), 0);
		(void)poll(NULL, 0, 100);
	}
	ASSERT_INT_EQ(sctp_ms_flush(ca, ia), 0);
	/* the IGNORE waits, and nothing asks to be written meanwhile */
	ASSERT_SIZE_T_EQ(sctp_ms_queued(ca), sctp_ms_sealed_len(sizeof(ign)));
	ASSERT_INT_EQ(sctp_ms_have_output(ca), 0);
	/* The server: the event, the client's resume; then its own. */
	read_records(cb, b, ib, 2);
	expect_next(cb, ib, pkt, NULL, 0);
	ASSERT_INT_EQ(sctp_ms_resuming(cb), 0);
	ASSERT_U_INT_EQ(sctp_ms_resumes(cb), 1);
	pump(cb, b, ib);
	/* The client: the server's resume, then the two packets again. */
	read_records(ca, a, ia, 3);
	expect_next(ca, ia, pkt, d4, sizeof(d4));
	ASSERT_INT_EQ(sctp_ms_resuming(ca), 0);
	ASSERT_U_INT_EQ(sctp_ms_resumes(ca), 1);
	expect_next(ca, ia, pkt, d5, sizeof(d5));
	/* And the IGNORE held back by the wait, then new traffic. */
	pump(ca, a, ia);
	read_records(cb, b, ib, 1);
	expect_next(cb, ib, pkt, ign, sizeof(ign));
	send_msg(cb, d4, sizeof(d4));
	pump(cb, b, ib);
	read_records(ca, a, ia, 1);
	expect_next(ca, ia, pkt, d4, sizeof(d4));
	TEST_DONE();

	TEST_START("ms conn: a resume without a restart ends the connection");
	ASSERT_INT_EQ(sctp_ms_restart(ca, 2), 0);
	/* (its drain first: a few rounds, as the main loops would) */
	for (i = 0; i < 20; i++) {
		ASSERT_INT_EQ(sctp_ms_flush(ca, ia), 0);
		(void)poll(NULL, 0, 100);
	}
	read_records(cb, b, ib, 1);
	sshbuf_reset(pkt);
	ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt), SSH_ERR_PROTOCOL_ERROR);
	pair_close(ca, cb, a, b, ia, ib);
	TEST_DONE();

	TEST_START("ms conn: copies the peer's kernel acknowledged go; a "
	    "restart still resumes (2.12)");
	resume_pair(&ca, &cb, &a, &b);
	/* Two packets reach the server's socket; it reads neither yet. */
	send_msg(ca, d4, sizeof(d4));
	send_msg(ca, d5, sizeof(d5));
	pump(ca, a, ia);
	ASSERT_SIZE_T_GT(sctp_ms_kept(ca, NULL), 0);
	/* The SACK may be delayed; a look comes 1 s after the copy. */
	for (i = 0; i < 100 && sctp_ms_kept(ca, NULL) > 0; i++) {
		ASSERT_INT_EQ(sctp_ms_check_drain(ca), 0);
		(void)poll(NULL, 0, 100);
	}
	ASSERT_SIZE_T_EQ(sctp_ms_kept(ca, &freed), 0);
	ASSERT_SIZE_T_GT(freed, 0);
	/*
	 * The restart: the server's kernel keeps both in its socket, read
	 * before the event; so its resume asks for nothing.
	 */
	client_resumes(ca, a, ia);
	read_records(cb, b, ib, 4);
	expect_next(cb, ib, pkt, d4, sizeof(d4));
	expect_next(cb, ib, pkt, d5, sizeof(d5));
	expect_next(cb, ib, pkt, NULL, 0);
	ASSERT_INT_EQ(sctp_ms_resuming(cb), 0);
	ASSERT_U_INT_EQ(sctp_ms_resumes(cb), 1);
	pump(cb, b, ib);
	read_records(ca, a, ia, 1);
	expect_next(ca, ia, pkt, NULL, 0);
	ASSERT_INT_EQ(sctp_ms_resuming(ca), 0);
	ASSERT_U_INT_EQ(sctp_ms_resumes(ca), 1);
	/* And on: the next packet's numbers follow. */
	send_msg(ca, d4, sizeof(d4));
	pump(ca, a, ia);
	read_records(cb, b, ib, 1);
	expect_next(cb, ib, pkt, d4, sizeof(d4));
	pair_close(ca, cb, a, b, ia, ib);
	TEST_DONE();

	TEST_START("ms conn: a restart not yet read keeps the server's copies; "
	    "the server drains after its resume (2.12)");
	resume_pair(&ca, &cb, &a, &b);
	send_msg(cb, d4, sizeof(d4));
	pump(cb, b, ib);
	ASSERT_SIZE_T_GT(sctp_ms_kept(cb, NULL), 0);
	/* The client has it; then the restart, before the server looks. */
	read_records(ca, a, ia, 1);
	expect_next(ca, ia, pkt, d4, sizeof(d4));
	restart_client(a, 1);
	ASSERT_INT_EQ(sctp_ms_restart(ca, 1), 0);
	/* Its kernel's queue was purged, the event is unread: kept. */
	for (i = 0; i < 15; i++) {
		ASSERT_INT_EQ(sctp_ms_check_drain(cb), 0);
		(void)poll(NULL, 0, 100);
	}
	ASSERT_SIZE_T_GT(sctp_ms_kept(cb, &freed), 0);
	ASSERT_SIZE_T_EQ(freed, 0);
	for (i = 0; i < 20; i++) {
		ASSERT_INT_EQ(sctp_ms_flush(ca, ia), 0);
		(void)poll(NULL, 0, 100);
	}
	read_records(cb, b, ib, 2);
	expect_next(cb, ib, pkt, NULL, 0);
	ASSERT_U_INT_EQ(sctp_ms_resumes(cb), 1);
	/*
	 * A drain before the server's resume (what it wrote before it knew
	 * of the restart), and one between it and channel data.
	 */
	i = sctp_ms_drains(cb);
	send_msg(cb, d5, sizeof(d5));
	pump(cb, b, ib);
	ASSERT_U_INT_EQ(sctp_ms_drains(cb), (u_int)i + 2);
	read_records(ca, a, ia, 2);
	expect_next(ca, ia, pkt, d5, sizeof(d5));
	ASSERT_U_INT_EQ(sctp_ms_resumes(ca), 1);
	pair_close(ca, cb, a, b, ia, ib);
	TEST_DONE();

	TEST_START("ms conn: a restart that strips SCTP-AUTH ends it (2.12)");
	resume_pair(&ca, &cb, &a, &b);
	restart_client(a, 0);
	/* each end sees it: the client at once, the server at the event */
	ASSERT_INT_EQ(sctp_ms_restart(ca, 1), SSH_ERR_CONN_CLOSED);
	read_records(cb, b, ib, 1);
	sshbuf_reset(pkt);
	ASSERT_INT_EQ(sctp_ms_recv(cb, ib, pkt), SSH_ERR_CONN_CLOSED);
	pair_close(ca, cb, a, b, ia, ib);
	TEST_DONE();

	TEST_START("ms conn: a KEXINIT the client never read goes again "
	    "(2.12 (b))");
	resume_pair(&ca, &cb, &a, &b);
	send_msg(ca, ign, sizeof(ign));
	pump(ca, a, ia);
	read_records(cb, b, ib, 1);
	expect_next(cb, ib, pkt, ign, sizeof(ign));
	/* The server's KEXINIT and a level-2 packet after it are lost. */
	send_msg(cb, kexinit, sizeof(kexinit));
	send_msg(cb, ign, sizeof(ign));
	pump(cb, b, ib);
	client_resumes(ca, a, ia);
	/* The server resumes: it has read no level-1 message. */
	read_records(cb, b, ib, 2);
	expect_next(cb, ib, pkt, NULL, 0);
	ASSERT_U_INT_EQ(sctp_ms_resumes(cb), 1);
	pump(cb, b, ib);
	/* Its resume, then the KEXINIT and the packet after it, again. */
	read_records(ca, a, ia, 3);
	expect_next(ca, ia, pkt, kexinit, sizeof(kexinit));
	ASSERT_U_INT_EQ(sctp_ms_resumes(ca), 1);
	expect_next(ca, ia, pkt, ign, sizeof(ign));
	pair_close(ca, cb, a, b, ia, ib);
	TEST_DONE();

	TEST_START("ms conn: a KEXINIT sealed, not yet written, goes after the "
	    "resume");
	resume_pair(&ca, &cb, &a, &b);
	send_msg(ca, ign, sizeof(ign));
	pump(ca, a, ia);
	read_records(cb, b, ib, 1);
	expect_next(cb, ib, pkt, ign, sizeof(ign));
	send_msg(ca, kexinit, sizeof(kexinit));	/* queued only */
	client_resumes(ca, a, ia);
	read_records(cb, b, ib, 2);
	expect_next(cb, ib, pkt, NULL, 0);
	pump(cb, b, ib);
	read_records(ca, a, ia, 1);
	expect_next(ca, ia, pkt, NULL, 0);
	ASSERT_U_INT_EQ(sctp_ms_resumes(ca), 1);
	pump(ca, a, ia);
	read_records(cb, b, ib, 1);
	expect_next(cb, ib, pkt, kexinit, sizeof(kexinit));
	pair_close(ca, cb, a, b, ia, ib);
	TEST_DONE();

	TEST_START("ms conn: no resume during a key exchange, or unasked");
	conn_pair(&ca, &cb, &a, &b);
	ASSERT_INT_EQ(sctp_ms_restart(ca, 1), SSH_ERR_INTERNAL_ERROR);
	sctp_ms_resume_enable(ca, 1);
	send_msg(ca, kexinit, sizeof(kexinit));
	pump(ca, a, ia);
	ASSERT_INT_EQ(sctp_ms_restart(ca, 1), SSH_ERR_CONN_CLOSED);
	pair_close(ca, cb, a, b, ia, ib);
	TEST_DONE();

	sshbuf_free(ia);
	sshbuf_free(ib);
	sshbuf_free(pkt);
}
#endif /* WITH_SCTP && WITH_OPENSSL */

void
test_ms(void)
{
	keys();
#ifdef WITH_OPENSSL
	test_codec();
	test_codec_spec();
	test_end_to_end();
#endif
	test_numbering();
	test_receive();
	test_hold();
	test_low();
	test_unsequenced();
#if defined(WITH_SCTP) && defined(WITH_OPENSSL)
	test_conn();
	test_drain_timeout();
	test_hold_limits();
	test_conn_map();
	test_conn_express();
	test_conn_budget();
	test_conn_retire();
	test_conn_unseq_policy();
	test_conn_prev_key();
	test_conn_idata();
	test_conn_resume();
#endif
}
