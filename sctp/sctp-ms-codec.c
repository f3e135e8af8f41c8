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
 * The packet codec of multi-stream mode, PROTOCOL.sctp 2.2 and 2.3: one
 * SSH packet per SCTP message, sealed with an AEAD under an explicit
 * 64-bit nonce counter, with the stream and the unordered flag in the
 * additional authenticated data.
 */

#include "includes.h"

#include <sys/types.h>

#include <stdlib.h>
#include <string.h>

#ifdef WITH_OPENSSL
#include <openssl/evp.h>
#endif

#include "xmalloc.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"

#define AAD_LEN		(SCTP_MS_COUNTER_LEN + 2 + 1)
#define NONCE_LEN	12

struct sctp_ms_cipher {
#ifdef WITH_OPENSSL
	EVP_CIPHER_CTX	*ctx;
#endif
	int		 encrypt;
	u_char		 prefix[4];	/* nonce bytes before the counter */
	u_char		*scratch;	/* plaintext of the message opened */
	size_t		 scratch_len;
};

#ifdef WITH_OPENSSL
static const struct {
	const char	*name;
	const EVP_CIPHER *(*evp)(void);
	u_int		 key_len;	/* of the AEAD; kex derives >= this */
	int		 iv_prefix;	/* nonce prefix from the derived IV */
} ms_ciphers[] = {
	{ "aes128-gcm@openssh.com", EVP_aes_128_gcm, 16, 1 },
	{ "aes256-gcm@openssh.com", EVP_aes_256_gcm, 32, 1 },
#ifdef NID_chacha20_poly1305
	{ "chacha20-poly1305@openssh.com", EVP_chacha20_poly1305, 32, 0 },
#endif
	{ NULL, NULL, 0, 0 }
};

static int
ms_lookup(const char *name)
{
	int i;

	if (name == NULL)
		return -1;
	for (i = 0; ms_ciphers[i].name != NULL; i++)
		if (strcmp(ms_ciphers[i].name, name) == 0)
			return i;
	return -1;
}
#endif /* WITH_OPENSSL */

/* Whether a negotiated cipher may be used in multi-stream mode (2.3). */
int
sctp_ms_cipher_allowed(const char *name)
{
#ifdef WITH_OPENSSL
	return ms_lookup(name) != -1;
#else
	return 0;
#endif
}

/*
 * 2.1: the first cipher of 2.3 that this build cannot use, or NULL: the
 * mode is offered only by a build that has them all.
 */
const char *
sctp_ms_cipher_missing(void)
{
	static const char *spec[] = { "aes128-gcm@openssh.com",
	    "aes256-gcm@openssh.com", "chacha20-poly1305@openssh.com" };
	size_t i;

	for (i = 0; i < sizeof(spec) / sizeof(*spec); i++)
		if (!sctp_ms_cipher_allowed(spec[i]))
			return spec[i];
	return NULL;
}

int
sctp_ms_cipher_init(struct sctp_ms_cipher **cp, const char *name,
    const u_char *key, u_int keylen, const u_char *iv, u_int ivlen,
    int do_encrypt)
{
#ifdef WITH_OPENSSL
	struct sctp_ms_cipher *c;
	int i;

	*cp = NULL;
	if ((i = ms_lookup(name)) == -1)
		return SSH_ERR_INVALID_ARGUMENT;
	if (keylen < ms_ciphers[i].key_len ||
	    (ms_ciphers[i].iv_prefix && ivlen < 4))
		return SSH_ERR_INVALID_ARGUMENT;
	c = xcalloc(1, sizeof(*c));
	c->encrypt = do_encrypt != 0;
	if (ms_ciphers[i].iv_prefix)
		memcpy(c->prefix, iv, sizeof(c->prefix));
	if ((c->ctx = EVP_CIPHER_CTX_new()) == NULL ||
	    EVP_CipherInit_ex(c->ctx, ms_ciphers[i].evp(), NULL, NULL, NULL,
	    c->encrypt) != 1 ||
	    EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_AEAD_SET_IVLEN, NONCE_LEN,
	    NULL) != 1 ||
	    EVP_CipherInit_ex(c->ctx, NULL, NULL, key, NULL, c->encrypt) != 1) {
		sctp_ms_cipher_free(c);
		return SSH_ERR_LIBCRYPTO_ERROR;
	}
	*cp = c;
	return 0;
#else
	*cp = NULL;
	return SSH_ERR_FEATURE_UNSUPPORTED;
#endif
}

void
sctp_ms_cipher_free(struct sctp_ms_cipher *c)
{
	if (c == NULL)
		return;
#ifdef WITH_OPENSSL
	EVP_CIPHER_CTX_free(c->ctx);
#endif
	freezero(c->scratch, c->scratch_len);
	freezero(c, sizeof(*c));
}

#ifdef WITH_OPENSSL
static void
put_u64(u_char *p, uint64_t v)
{
	POKE_U64(p, v);
}

static void
make_aad(u_char *aad, uint64_t counter, uint16_t stream, int unordered)
{
	put_u64(aad, counter);
	POKE_U16(aad + SCTP_MS_COUNTER_LEN, stream);
	aad[SCTP_MS_COUNTER_LEN + 2] = unordered ? SCTP_MS_F_UNORDERED : 0;
}
#endif

/* Padding that makes 13 + len + pad a multiple of the block, pad >= 4. */
static size_t
pad_len(size_t len)
{
	size_t n = SCTP_MS_SEQ_LEN + 1 + len + SCTP_MS_MIN_PAD;

	return SCTP_MS_MIN_PAD + (SCTP_MS_BLOCK - n % SCTP_MS_BLOCK) %
	    SCTP_MS_BLOCK;
}

/* The length of the SCTP message that carries a payload of len bytes. */
size_t
sctp_ms_sealed_len(size_t len)
{
	return SCTP_MS_COUNTER_LEN + SCTP_MS_SEQ_LEN + 1 + len + pad_len(len) +
	    SCTP_MS_TAG_LEN;
}

#ifdef WITH_OPENSSL
/* Run the AEAD over one packet; src and dst may be the same. */
static int
ms_crypt(struct sctp_ms_cipher *c, const u_char *aad, u_char *dst,
    const u_char *src, size_t len, u_char *tag)
{
	u_char nonce[NONCE_LEN];
	int outl;

	if (len > INT_MAX)
		return SSH_ERR_INVALID_ARGUMENT;
	memcpy(nonce, c->prefix, sizeof(c->prefix));
	memcpy(nonce + sizeof(c->prefix), aad, SCTP_MS_COUNTER_LEN);
	if (EVP_CipherInit_ex(c->ctx, NULL, NULL, NULL, nonce,
	    c->encrypt) != 1)
		return SSH_ERR_LIBCRYPTO_ERROR;
	if (!c->encrypt && EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_AEAD_SET_TAG,
	    SCTP_MS_TAG_LEN, tag) != 1)
		return SSH_ERR_LIBCRYPTO_ERROR;
	if (EVP_CipherUpdate(c->ctx, NULL, &outl, aad, AAD_LEN) != 1 ||
	    EVP_CipherUpdate(c->ctx, dst, &outl, src, (int)len) != 1)
		return SSH_ERR_LIBCRYPTO_ERROR;
	if (EVP_CipherFinal_ex(c->ctx, dst + outl, &outl) != 1)
		return c->encrypt ? SSH_ERR_LIBCRYPTO_ERROR :
		    SSH_ERR_MAC_INVALID;
	if (c->encrypt && EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_AEAD_GET_TAG,
	    SCTP_MS_TAG_LEN, tag) != 1)
		return SSH_ERR_LIBCRYPTO_ERROR;
	return 0;
}
#endif

/*
 * Seal one SSH message (payload) with the numbers of h into the SCTP
 * message appended to out.  h->stream and h->flags go into the AAD and
 * must be what the message is sent with.
 */
int
sctp_ms_seal(struct sctp_ms_cipher *c, const struct sctp_ms_hdr *h,
    const u_char *payload, size_t len, struct sshbuf *out)
{
#ifdef WITH_OPENSSL
	u_char aad[AAD_LEN], *p, *pt;
	size_t pad, ptlen, total;
	int r;

	if (c == NULL || !c->encrypt || len == 0)
		return SSH_ERR_INVALID_ARGUMENT;
	if (len > SCTP_MS_MAX_MSG ||
	    (total = sctp_ms_sealed_len(len)) > SCTP_MS_MAX_MSG)
		return SSH_ERR_NO_BUFFER_SPACE;
	pad = pad_len(len);
	ptlen = total - SCTP_MS_COUNTER_LEN - SCTP_MS_TAG_LEN;
	if ((r = sshbuf_reserve(out, total, &p)) != 0)
		return r;
	make_aad(aad, h->counter, h->stream,
	    (h->flags & SCTP_MS_F_UNORDERED) != 0);
	memcpy(p, aad, SCTP_MS_COUNTER_LEN);
	pt = p + SCTP_MS_COUNTER_LEN;
	POKE_U32(pt, h->seq1);
	POKE_U32(pt + 4, h->seq2);
	POKE_U32(pt + 8, h->seq3);
	pt[SCTP_MS_SEQ_LEN] = (u_char)pad;
	memcpy(pt + SCTP_MS_SEQ_LEN + 1, payload, len);
	arc4random_buf(pt + SCTP_MS_SEQ_LEN + 1 + len, pad);
	if ((r = ms_crypt(c, aad, pt, pt, ptlen, pt + ptlen)) != 0) {
		explicit_bzero(p, total);
		return r;
	}
	return 0;
#else
	return SSH_ERR_FEATURE_UNSUPPORTED;
#endif
}

/*
 * Parse the plaintext of a message once its tag has verified: the three
 * numbers, the padding length and the payload (2.2).  Kept apart so the
 * fuzzer reaches it without forging tags.
 */
int
sctp_ms_parse_plain(const u_char *pt, size_t len, struct sctp_ms_hdr *h,
    struct sshbuf *payload)
{
	size_t pad;

	if (len < SCTP_MS_BLOCK || len % SCTP_MS_BLOCK != 0)
		return SSH_ERR_INVALID_FORMAT;
	h->seq1 = PEEK_U32(pt);
	h->seq2 = PEEK_U32(pt + 4);
	h->seq3 = PEEK_U32(pt + 8);
	pad = pt[SCTP_MS_SEQ_LEN];
	if (pad < SCTP_MS_MIN_PAD || SCTP_MS_SEQ_LEN + 1 + pad >= len)
		return SSH_ERR_INVALID_FORMAT;
	return sshbuf_put(payload, pt + SCTP_MS_SEQ_LEN + 1,
	    len - SCTP_MS_SEQ_LEN - 1 - pad);
}

/*
 * Open one SCTP message received on stream, delivered unordered or not:
 * verify the tag, then return the numbers in h and append the SSH
 * message to payload.  Nothing is appended unless the tag verified.
 */
int
sctp_ms_open(struct sctp_ms_cipher *c, const u_char *msg, size_t len,
    uint16_t stream, int unordered, struct sctp_ms_hdr *h,
    struct sshbuf *payload)
{
#ifdef WITH_OPENSSL
	u_char aad[AAD_LEN], tag[SCTP_MS_TAG_LEN];
	size_t ctlen;
	int r;

	memset(h, 0, sizeof(*h));
	if (c == NULL || c->encrypt)
		return SSH_ERR_INVALID_ARGUMENT;
	if (len < SCTP_MS_MIN_MSG || len > SCTP_MS_MAX_MSG)
		return SSH_ERR_INVALID_FORMAT;
	ctlen = len - SCTP_MS_COUNTER_LEN - SCTP_MS_TAG_LEN;
	if (ctlen % SCTP_MS_BLOCK != 0)
		return SSH_ERR_INVALID_FORMAT;
	h->counter = PEEK_U64(msg);
	h->stream = stream;
	h->flags = unordered ? SCTP_MS_F_UNORDERED : 0;
	make_aad(aad, h->counter, stream, unordered);
	if (c->scratch_len < ctlen) {
		c->scratch = xrecallocarray(c->scratch, c->scratch_len,
		    ctlen, 1);
		c->scratch_len = ctlen;
	}
	memcpy(tag, msg + len - SCTP_MS_TAG_LEN, sizeof(tag));
	if ((r = ms_crypt(c, aad, c->scratch, msg + SCTP_MS_COUNTER_LEN,
	    ctlen, tag)) != 0) {
		explicit_bzero(c->scratch, ctlen);
		return r;
	}
	r = sctp_ms_parse_plain(c->scratch, ctlen, h, payload);
	explicit_bzero(c->scratch, ctlen);
	return r;
#else
	return SSH_ERR_FEATURE_UNSUPPORTED;
#endif
}
