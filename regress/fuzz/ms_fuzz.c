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
 * libFuzzer harness for multi-stream mode (PROTOCOL.sctp 2.2 to 2.8):
 * the packet decoder and the ordering engine.  The input is a program of
 * operations on one receiver: raw messages (forgeries), messages sealed
 * with the right key from fuzzer-chosen numbers and payloads (so the
 * code after the tag is reached), bare plaintexts, key changes, and
 * packets of an honest sender delivered in an order SCTP could produce.
 * A second receiver sees only the honest packets and must accept every
 * one of them: a spurious rejection aborts, as does any memory error.
 *
 * Built by "make fuzz" (clang, -fsanitize=fuzzer,address,undefined).
 */

#include "includes.h"

#include <sys/types.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "ssh2.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"

#define NSTREAMS	5
#define QLEN		16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

void
cleanup_exit(int i)
{
	_exit(i);
}

struct input {
	const uint8_t	*p;
	size_t		 left;
};

static int
take(struct input *in, void *dst, size_t n)
{
	if (in->left < n)
		return 0;
	memcpy(dst, in->p, n);
	in->p += n;
	in->left -= n;
	return 1;
}

/*
 * The next *lenp bytes (at most max, and no more than are left) in a heap
 * buffer of exactly that size, so that ASan sees any overread.
 */
static u_char *
take_exact(struct input *in, uint16_t *lenp, size_t max)
{
	u_char *p;

	*lenp %= max;
	if (*lenp > in->left)
		*lenp = in->left;
	if ((p = malloc(*lenp)) == NULL && *lenp != 0)
		abort();
	take(in, p, *lenp);
	return p;
}

/* Honest sender: queues of sealed packets per stream, as SCTP holds them. */
struct honest {
	struct sctp_ms_send	 s;
	struct sshbuf		*q[NSTREAMS][QLEN];
	int			 head[NSTREAMS], tail[NSTREAMS];
	int			 level1;	/* level-1 packets queued */
};

static int
queued(struct honest *hs)
{
	int i, n = 0;

	for (i = 0; i < NSTREAMS; i++)
		n += hs->tail[i] - hs->head[i];
	return n;
}

static void
deliver(struct sctp_ms_cipher *dec, struct sctp_ms_recv *r,
    const struct sshbuf *m, uint16_t stream, struct sshbuf *pl)
{
	struct sctp_ms_hdr h;
	int ret, verdict;

	sshbuf_reset(pl);
	if ((ret = sctp_ms_open(dec, sshbuf_ptr(m), sshbuf_len(m), stream, 0,
	    &h, pl)) != 0) {
		fprintf(stderr, "honest packet failed to open: %s\n",
		    ssh_err(ret));
		abort();
	}
	ret = sctp_ms_recv_check(r, &h, sshbuf_ptr(pl)[0], &verdict);
	if (ret != 0 || verdict != SCTP_MS_ACCEPT) {
		fprintf(stderr, "honest packet refused: %s\n",
		    r->why ? r->why : ssh_err(ret));
		abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static u_char key[64], iv[12];
	struct sctp_ms_cipher *enc = NULL, *dec = NULL;
	struct sctp_ms_recv chaos, good;
	struct honest hs;
	struct sctp_ms_hdr h;
	struct input in = { data, size };
	struct sshbuf *pl, *m;
	u_char op, buf[2048], *dyn;
	uint16_t len, stream;
	uint8_t flags, type;
	int i, verdict, ops = 0;

	memset(key, 0x5a, sizeof(key));
	memset(iv, 0xa5, sizeof(iv));
	if (sctp_ms_cipher_init(&enc, "aes128-gcm@openssh.com", key, 64, iv,
	    12, 1) != 0 || sctp_ms_cipher_init(&dec, "aes128-gcm@openssh.com",
	    key, 64, iv, 12, 0) != 0)
		abort();
	memset(&hs, 0, sizeof(hs));
	if (sctp_ms_recv_init(&chaos, NSTREAMS) != 0 ||
	    sctp_ms_recv_init(&good, NSTREAMS) != 0 ||
	    sctp_ms_send_init(&hs.s, NSTREAMS) != 0)
		abort();
	if ((pl = sshbuf_new()) == NULL || (m = sshbuf_new()) == NULL)
		abort();

	while (ops++ < 256 && take(&in, &op, 1)) {
		switch (op % 7) {
		case 0:		/* a raw message: forged or mangled */
			if (!take(&in, &len, 2) || !take(&in, &stream, 2) ||
			    !take(&in, &flags, 1))
				goto out;
			dyn = take_exact(&in, &len, sizeof(buf));
			sshbuf_reset(pl);
			if (sctp_ms_open(dec, dyn, len, stream % (NSTREAMS + 1),
			    flags & 1, &h, pl) == 0 && sshbuf_len(pl) > 0)
				sctp_ms_recv_check(&chaos, &h,
				    sshbuf_ptr(pl)[0], &verdict);
			free(dyn);
			break;
		case 1:		/* numbers and payload of the fuzzer's choice */
			memset(&h, 0, sizeof(h));
			if (!take(&in, &h.counter, 8) ||
			    !take(&in, &h.seq1, 4) || !take(&in, &h.seq2, 4) ||
			    !take(&in, &h.seq3, 4) || !take(&in, &stream, 2) ||
			    !take(&in, &flags, 1) || !take(&in, &len, 2))
				goto out;
			h.stream = stream % NSTREAMS;
			h.flags = flags & 1;
			len = 1 + len % (sizeof(buf) - 1);
			if (len > in.left)
				len = in.left;
			if (len == 0)
				goto out;
			take(&in, buf, len);
			sshbuf_reset(m);
			if (sctp_ms_seal(enc, &h, buf, len, m) != 0)
				abort();
			/* delivered where it was sent, or moved (flags) */
			sshbuf_reset(pl);
			if (sctp_ms_open(dec, sshbuf_ptr(m), sshbuf_len(m),
			    (flags & 2) ? (h.stream + 1) % NSTREAMS : h.stream,
			    (flags & 4) ? !h.flags : h.flags, &h, pl) != 0) {
				if ((flags & 6) == 0)
					abort();	/* must open */
				break;
			}
			if (sshbuf_len(pl) != len ||
			    memcmp(sshbuf_ptr(pl), buf, len) != 0)
				abort();
			sctp_ms_recv_check(&chaos, &h, buf[0], &verdict);
			break;
		case 2:		/* a bare plaintext */
			if (!take(&in, &len, 2))
				goto out;
			dyn = take_exact(&in, &len, sizeof(buf));
			sshbuf_reset(pl);
			sctp_ms_parse_plain(dyn, len, &h, pl);
			free(dyn);
			break;
		case 3:		/* honest sender queues a packet */
			if (!take(&in, &type, 1) || !take(&in, &stream, 2))
				goto out;
			stream %= NSTREAMS;
			/*
			 * A level-1 packet only after a drain, and nothing
			 * but stream 0 until it has arrived (2.7).
			 */
			if (stream != 0 && hs.level1)
				stream = 0;
			if (stream != 0)
				type = SSH2_MSG_CHANNEL_DATA + type % 7;
			else if (sctp_ms_type_level1(type) &&
			    queued(&hs) != 0)
				type = SSH2_MSG_IGNORE;
			if (type == 0)
				type = SSH2_MSG_IGNORE;
			if (hs.tail[stream] == QLEN)
				break;
			if (sctp_ms_send_number(&hs.s, type, stream, 0,
			    &h) != 0)
				break;
			buf[0] = type;
			if ((hs.q[stream][hs.tail[stream]] = sshbuf_new()) ==
			    NULL || sctp_ms_seal(enc, &h, buf, 1 + stream,
			    hs.q[stream][hs.tail[stream]]) != 0)
				abort();
			hs.tail[stream]++;
			if (sctp_ms_type_level1(type))
				hs.level1++;
			break;
		case 4:		/* SCTP delivers the head of one stream */
			if (!take(&in, &stream, 2))
				goto out;
			stream %= NSTREAMS;
			if (hs.head[stream] == hs.tail[stream])
				break;
			deliver(dec, &good, hs.q[stream][hs.head[stream]],
			    stream, pl);
			if (sctp_ms_type_level1(sshbuf_ptr(pl)[0]))
				hs.level1--;
			/* the same packet to the chaotic receiver */
			sshbuf_reset(pl);
			if (sctp_ms_open(dec,
			    sshbuf_ptr(hs.q[stream][hs.head[stream]]),
			    sshbuf_len(hs.q[stream][hs.head[stream]]), stream,
			    0, &h, pl) == 0)
				sctp_ms_recv_check(&chaos, &h,
				    sshbuf_ptr(pl)[0], &verdict);
			sshbuf_free(hs.q[stream][hs.head[stream]]);
			hs.q[stream][hs.head[stream]] = NULL;
			if (++hs.head[stream] == hs.tail[stream])
				hs.head[stream] = hs.tail[stream] = 0;
			break;
		case 5:		/* key change on the chaotic receiver */
			sctp_ms_recv_newkey(&chaos);
			break;
		case 6:		/* unsequenced packets allowed or not */
			chaos.allow_unseq = !chaos.allow_unseq;
			break;
		}
	}
 out:
	for (i = 0; i < NSTREAMS; i++)
		while (hs.head[i] < hs.tail[i])
			sshbuf_free(hs.q[i][hs.head[i]++]);
	sshbuf_free(pl);
	sshbuf_free(m);
	sctp_ms_recv_free(&chaos);
	sctp_ms_recv_free(&good);
	sctp_ms_send_free(&hs.s);
	sctp_ms_cipher_free(enc);
	sctp_ms_cipher_free(dec);
	return 0;
}
