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
 * Codec of the forwarding extension's messages (PROTOCOL.sctp 3.2, 3.3).
 * Everything here comes from the peer: every length and count is checked
 * before it is used, and bad input is SSH_ERR_INVALID_FORMAT (an error on
 * the channel, 3.7), never a crash.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/queue.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-fwd-msg.h"

void
sctp_fwd_addrs_free(struct sctp_fwd_addrs *a)
{
	u_int i;

	for (i = 0; i < a->naddrs && i < SCTP_FWD_MAX_ADDRS; i++)
		free(a->addrs[i]);
	memset(a, 0, sizeof(*a));
}

/* 3.2: string address, uint32 port, uint32 n, n further addresses. */
int
sctp_fwd_addrs_put(struct sshbuf *b, const struct sctp_fwd_addrs *a)
{
	u_int i;
	int r;

	if (a->naddrs < 1 || a->naddrs > SCTP_FWD_MAX_ADDRS ||
	    a->port > 65535)
		return SSH_ERR_INVALID_ARGUMENT;
	if ((r = sshbuf_put_cstring(b, a->addrs[0])) != 0 ||
	    (r = sshbuf_put_u32(b, a->port)) != 0 ||
	    (r = sshbuf_put_u32(b, a->naddrs - 1)) != 0)
		return r;
	for (i = 1; i < a->naddrs; i++)
		if ((r = sshbuf_put_cstring(b, a->addrs[i])) != 0)
			return r;
	return 0;
}

/* An address is a host name or literal: no spaces or control bytes. */
int
sctp_fwd_printable(const char *s)
{
	for (; *s != '\0'; s++)
		if (!isgraph((u_char)*s))
			return 0;
	return 1;
}

static int
get_addr(struct sshbuf *b, char **ap, int empty_ok)
{
	char *s;
	size_t len;
	int r;

	*ap = NULL;
	/* Refuses embedded NULs, but not a last one: hence strlen. */
	if ((r = sshbuf_get_cstring(b, &s, &len)) != 0)
		return r;
	if (strlen(s) != len || len > SCTP_FWD_MAX_ADDRLEN ||
	    (len == 0 && !empty_ok) || !sctp_fwd_printable(s)) {
		free(s);
		return SSH_ERR_INVALID_FORMAT;
	}
	*ap = s;
	return 0;
}

/*
 * Take an address list from b.  In a listening list the first address may
 * be "" (RFC 4254's "all addresses"), and then it must stand alone.  On
 * error a is left empty.
 */
int
sctp_fwd_addrs_get(struct sshbuf *b, struct sctp_fwd_addrs *a, int listening)
{
	uint32_t port, n, i;
	int r;

	memset(a, 0, sizeof(*a));
	if ((r = get_addr(b, &a->addrs[0], listening)) != 0)
		return r;
	a->naddrs = 1;
	if ((r = sshbuf_get_u32(b, &port)) != 0 ||
	    (r = sshbuf_get_u32(b, &n)) != 0)
		goto fail;
	if (port > 65535 || n > SCTP_FWD_MAX_ADDRS - 1 ||
	    (n > 0 && *a->addrs[0] == '\0')) {
		r = SSH_ERR_INVALID_FORMAT;
		goto fail;
	}
	a->port = port;
	for (i = 0; i < n; i++) {
		if ((r = get_addr(b, &a->addrs[a->naddrs], 0)) != 0)
			goto fail;
		a->naddrs++;
	}
	return 0;
 fail:
	sctp_fwd_addrs_free(a);
	return r;
}

/* 3.3: byte flags, uint16 stream, uint32 PPI (as sent). */
int
sctp_fwd_hdr_put(struct sshbuf *b, const struct sctp_fwd_hdr *h)
{
	int r;

	if ((h->flags & ~SCTP_FWD_F_ALL) != 0)
		return SSH_ERR_INVALID_ARGUMENT;
	if ((r = sshbuf_put_u8(b, h->flags)) != 0 ||
	    (r = sshbuf_put_u16(b, h->stream)) != 0 ||
	    (r = sshbuf_put_u32(b, h->ppid)) != 0)
		return r;
	return 0;
}

/*
 * The header of a data string of len bytes at p; the message (or piece)
 * follows it.  An abandon carries nothing and is the last piece.
 */
int
sctp_fwd_hdr_parse(const u_char *p, size_t len, struct sctp_fwd_hdr *h)
{
	memset(h, 0, sizeof(*h));
	if (len < SCTP_FWD_HDR_LEN)
		return SSH_ERR_INVALID_FORMAT;
	h->flags = p[0];
	h->stream = PEEK_U16(p + 1);
	h->ppid = PEEK_U32(p + 3);
	if ((h->flags & ~SCTP_FWD_F_ALL) != 0)
		return SSH_ERR_INVALID_FORMAT;
	if ((h->flags & SCTP_FWD_F_ABANDON) != 0 &&
	    ((h->flags & SCTP_FWD_F_MORE) != 0 || len != SCTP_FWD_HDR_LEN))
		return SSH_ERR_INVALID_FORMAT;
	return 0;
}

/*
 * The forwarded stream an SCTP channel's data string names (3.3, 3.8),
 * for the multi-stream layer (sctp_ms_map_channel()): -1 if it is too
 * short for a header.
 */
int
sctp_fwd_hdr_stream(const u_char *p, size_t len, u_int *stream)
{
	if (len < SCTP_FWD_HDR_LEN)
		return -1;
	*stream = PEEK_U16(p + 1);
	return 0;
}

struct join_msg {
	uint16_t		 stream;
	u_char			 unordered;
	uint32_t		 ppid;
	struct sshbuf		*b;
	TAILQ_ENTRY(join_msg)	 next;
};

struct sctp_fwd_join {
	size_t			 max;	/* bytes held, overhead included */
	size_t			 held;
	TAILQ_HEAD(, join_msg)	 msgs;
};

struct sctp_fwd_join *
sctp_fwd_join_new(size_t max)
{
	struct sctp_fwd_join *j;

	j = xcalloc(1, sizeof(*j));
	j->max = max;
	TAILQ_INIT(&j->msgs);
	return j;
}

static void
join_drop(struct sctp_fwd_join *j, struct join_msg *m)
{
	j->held -= SCTP_FWD_JOIN_OVERHEAD + sshbuf_len(m->b);
	TAILQ_REMOVE(&j->msgs, m, next);
	sshbuf_free(m->b);
	free(m);
}

void
sctp_fwd_join_free(struct sctp_fwd_join *j)
{
	struct join_msg *m;

	if (j == NULL)
		return;
	while ((m = TAILQ_FIRST(&j->msgs)) != NULL)
		join_drop(j, m);
	free(j);
}

size_t
sctp_fwd_join_held(const struct sctp_fwd_join *j)
{
	return j->held;
}

/*
 * One piece of len bytes at p with header h.  When it completes a message
 * (or is one), the whole message is appended to msg and *done set.  A
 * piece that does not fit its stream's incomplete message (other PPI or
 * unordered flag), an abandon with nothing to abandon, and more than the
 * limit held are SSH_ERR_INVALID_FORMAT or SSH_ERR_NO_BUFFER_SPACE.
 */
int
sctp_fwd_join_add(struct sctp_fwd_join *j, const struct sctp_fwd_hdr *h,
    const u_char *p, size_t len, struct sshbuf *msg, int *done)
{
	struct join_msg *m;
	u_char unordered = (h->flags & SCTP_FWD_F_UNORDERED) != 0;
	int r;

	*done = 0;
	TAILQ_FOREACH(m, &j->msgs, next)
		if (m->stream == h->stream)
			break;
	if ((h->flags & SCTP_FWD_F_ABANDON) != 0) {
		if (m == NULL || len != 0)
			return SSH_ERR_INVALID_FORMAT;
		join_drop(j, m);
		return 0;
	}
	if (m != NULL && (m->ppid != h->ppid || m->unordered != unordered))
		return SSH_ERR_INVALID_FORMAT;
	if (m == NULL && (h->flags & SCTP_FWD_F_MORE) == 0) {
		/* A whole message. */
		if (len > j->max)
			return SSH_ERR_NO_BUFFER_SPACE;
		if ((r = sshbuf_put(msg, p, len)) != 0)
			return r;
		*done = 1;
		return 0;
	}
	if (len > j->max || j->held + len +
	    (m == NULL ? SCTP_FWD_JOIN_OVERHEAD : 0) > j->max)
		return SSH_ERR_NO_BUFFER_SPACE;
	if (m == NULL) {
		m = xcalloc(1, sizeof(*m));
		if ((m->b = sshbuf_new()) == NULL) {
			free(m);
			return SSH_ERR_ALLOC_FAIL;
		}
		m->stream = h->stream;
		m->ppid = h->ppid;
		m->unordered = unordered;
		TAILQ_INSERT_TAIL(&j->msgs, m, next);
		j->held += SCTP_FWD_JOIN_OVERHEAD;
	}
	if ((r = sshbuf_put(m->b, p, len)) != 0)
		return r;
	j->held += len;
	if ((h->flags & SCTP_FWD_F_MORE) != 0)
		return 0;
	/* The last piece: hand the whole message over. */
	if ((r = sshbuf_putb(msg, m->b)) != 0)
		return r;
	join_drop(j, m);
	*done = 1;
	return 0;
}
