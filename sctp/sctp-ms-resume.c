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
 * Multi-stream mode, the resume message (PROTOCOL.sctp 2.12): its payload
 * made from the receive state, and a received one parsed and checked
 * against the send state.
 */

#include "includes.h"

#include <sys/types.h>
#include "openbsd-compat/sys-queue.h"

#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "log.h"
#include "ssh2.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-ms-int.h"

#ifdef WITH_SCTP

/*
 * The payload naming rcv's state for the peer's direction (E is 0 by
 * 2.12 (b)), under restart number and key number.
 */
int
sctp_ms_resume_put(const struct sctp_ms_recv *rcv, uint32_t restart,
    uint32_t keyno, struct sshbuf *b)
{
	u_int s, k = 0;
	int r;

	if (rcv->epoch != 0)
		return SSH_ERR_INTERNAL_ERROR;
	for (s = 1; s < rcv->nstreams; s++)
		if (rcv->x[s] != 1)
			k++;
	if ((r = sshbuf_put_u8(b, SSH2_MSG_GLOBAL_REQUEST)) != 0 ||
	    (r = sshbuf_put_cstring(b, SCTP_MS_RESUME)) != 0 ||
	    (r = sshbuf_put_u8(b, 0)) != 0 ||
	    (r = sshbuf_put_u32(b, restart)) != 0 ||
	    (r = sshbuf_put_u32(b, keyno)) != 0 ||
	    (r = sshbuf_put_u32(b, rcv->x0)) != 0 ||
	    (r = sshbuf_put_u32(b, k)) != 0)
		return r;
	for (s = 1; s < rcv->nstreams; s++) {
		if (rcv->x[s] == 1)
			continue;
		if ((r = sshbuf_put_u32(b, s)) != 0 ||
		    (r = sshbuf_put_u32(b, rcv->x[s])) != 0)
			return r;
	}
	/* 2.2's limit on the sealed packet */
	if (sctp_ms_sealed_len(sshbuf_len(b)) > SCTP_MS_MAX_MSG)
		return SSH_ERR_NO_BUFFER_SPACE;
	return 0;
}

/*
 * A received resume's payload (2.12): its numbers into *restart, *keyno
 * and x (n entries, n the outbound streams: x[0] = X0, x[s] = X[s], 1 where
 * not listed), or SSH_ERR_INVALID_FORMAT for anything else than exactly
 * that layout.
 */
int
sctp_ms_resume_parse(const u_char *p, size_t len, u_int n,
    uint32_t *restart, uint32_t *keyno, uint32_t *x)
{
	struct sshbuf *b;
	char *name = NULL;
	u_char type, want;
	uint32_t k, i, s, v, last = 0;
	int r;

	if ((b = sshbuf_from(p, len)) == NULL)
		return SSH_ERR_ALLOC_FAIL;
	for (s = 0; s < n; s++)
		x[s] = 1;
	if ((r = sshbuf_get_u8(b, &type)) != 0 ||
	    (r = sshbuf_get_cstring(b, &name, NULL)) != 0 ||
	    (r = sshbuf_get_u8(b, &want)) != 0 ||
	    (r = sshbuf_get_u32(b, restart)) != 0 ||
	    (r = sshbuf_get_u32(b, keyno)) != 0 ||
	    (r = sshbuf_get_u32(b, &x[0])) != 0 ||
	    (r = sshbuf_get_u32(b, &k)) != 0)
		goto out;
	r = SSH_ERR_INVALID_FORMAT;
	if (type != SSH2_MSG_GLOBAL_REQUEST ||
	    strcmp(name, SCTP_MS_RESUME) != 0 || want != 0 || x[0] < 1 ||
	    k >= n || sshbuf_len(b) != (size_t)k * 8)
		goto out;
	for (i = 0; i < k; i++) {
		if ((r = sshbuf_get_u32(b, &s)) != 0 ||
		    (r = sshbuf_get_u32(b, &v)) != 0)
			goto out;
		r = SSH_ERR_INVALID_FORMAT;
		/* streams 1 to n - 1, increasing; only numbers not 1 */
		if (s <= last || s >= n || v < 2)
			goto out;
		x[s] = v;
		last = s;
	}
	r = 0;
 out:
	free(name);
	sshbuf_free(b);
	return r;
}

/*
 * A resume cannot name more than was sent: each X at most one above the
 * sender's C (2.12).  0, or SSH_ERR_PROTOCOL_ERROR.
 */
int
sctp_ms_resume_check(const struct sctp_ms_send *snd, const uint32_t *x,
    u_int n)
{
	u_int s;

	if (n != snd->nstreams)
		return SSH_ERR_INTERNAL_ERROR;
	if ((uint64_t)x[0] > (uint64_t)snd->c0 + 1) {
		debug_f("the peer expects level-2 number %u, %u were sent",
		    x[0], snd->c0);
		return SSH_ERR_PROTOCOL_ERROR;
	}
	for (s = 1; s < n; s++) {
		if ((uint64_t)x[s] > (uint64_t)snd->c[s] + 1) {
			debug_f("stream %u: the peer expects number %u, %u "
			    "were sent", s, x[s], snd->c[s]);
			return SSH_ERR_PROTOCOL_ERROR;
		}
	}
	return 0;
}

#endif /* WITH_SCTP */
