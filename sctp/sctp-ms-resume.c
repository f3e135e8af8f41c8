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
 * Multi-stream mode, the resume (PROTOCOL.sctp 2.12): the payload made
 * from the receive state, a received one parsed and checked against the
 * send state; the start of the wait for the peer's resume at a restart,
 * and on the peer's resume our own and the copies it lacks queued first.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include "openbsd-compat/sys-queue.h"
#include <netinet/in.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "ssh2.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "packet.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-ms-int.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-paths.h"

#ifdef WITH_SCTP

/* 2.12: the longest wait of a key exchange, less 60 s, if no other */
#define KEXWAIT_NOLIMIT	3600.0

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
 * The v02 payload (2.12, version 3): rcv's R for the peer's direction, once
 * a level-1 packet was taken under this key (E >= 1), when the counters
 * accepted are exactly 0 to R - 1.
 */
int
sctp_ms_resume_put2(const struct sctp_ms_recv *rcv, uint32_t restart,
    uint32_t keyno, struct sshbuf *b)
{
	int r;

	if (rcv->epoch == 0 || rcv->holding || rcv->low != rcv->r)
		return SSH_ERR_INTERNAL_ERROR;
	if ((r = sshbuf_put_u8(b, SSH2_MSG_GLOBAL_REQUEST)) != 0 ||
	    (r = sshbuf_put_cstring(b, SCTP_MS_RESUME2)) != 0 ||
	    (r = sshbuf_put_u8(b, 0)) != 0 ||
	    (r = sshbuf_put_u32(b, restart)) != 0 ||
	    (r = sshbuf_put_u32(b, keyno)) != 0 ||
	    (r = sshbuf_put_u64(b, rcv->r)) != 0)
		return r;
	return 0;
}

/* Which resume a payload is: 1 (v01), 2 (v02), or 0 neither. */
static int
resume_version(const u_char *p, size_t len)
{
	size_t n1 = strlen(SCTP_MS_RESUME), n2 = strlen(SCTP_MS_RESUME2);

	if (len >= 5 + n1 && p[0] == SSH2_MSG_GLOBAL_REQUEST &&
	    PEEK_U32(p + 1) == n1 && memcmp(p + 5, SCTP_MS_RESUME, n1) == 0)
		return 1;
	if (len >= 5 + n2 && p[0] == SSH2_MSG_GLOBAL_REQUEST &&
	    PEEK_U32(p + 1) == n2 && memcmp(p + 5, SCTP_MS_RESUME2, n2) == 0)
		return 2;
	return 0;
}

/*
 * The head both resumes share (2.12): GLOBAL_REQUEST, name, no reply
 * wanted, restart number and key number.  SSH_ERR_INVALID_FORMAT if it
 * is not that.
 */
static int
resume_head(struct sshbuf *b, const char *want_name, uint32_t *restart,
    uint32_t *keyno)
{
	char *name = NULL;
	u_char type, want;
	int r;

	if ((r = sshbuf_get_u8(b, &type)) != 0 ||
	    (r = sshbuf_get_cstring(b, &name, NULL)) != 0 ||
	    (r = sshbuf_get_u8(b, &want)) != 0 ||
	    (r = sshbuf_get_u32(b, restart)) != 0 ||
	    (r = sshbuf_get_u32(b, keyno)) != 0)
		goto out;
	r = SSH_ERR_INVALID_FORMAT;
	if (type != SSH2_MSG_GLOBAL_REQUEST || strcmp(name, want_name) != 0 ||
	    want != 0)
		goto out;
	r = 0;
 out:
	free(name);
	return r;
}

/*
 * A received v02 payload (2.12): its numbers into *restart, *keyno and *r,
 * or SSH_ERR_INVALID_FORMAT for anything else than exactly that layout.
 */
int
sctp_ms_resume_parse2(const u_char *p, size_t len, uint32_t *restart,
    uint32_t *keyno, uint64_t *r0)
{
	struct sshbuf *b;
	int r;

	if ((b = sshbuf_from(p, len)) == NULL)
		return SSH_ERR_ALLOC_FAIL;
	if ((r = resume_head(b, SCTP_MS_RESUME2, restart, keyno)) == 0 &&
	    (r = sshbuf_get_u64(b, r0)) == 0 && sshbuf_len(b) != 0)
		r = SSH_ERR_INVALID_FORMAT;
	sshbuf_free(b);
	return r;
}

/*
 * A v02 resume's R (2.12): above the counter K1 of the first level-1
 * packet sealed under this key (the peer took it), and not above the next
 * sequenced counter written.  0, or SSH_ERR_PROTOCOL_ERROR.
 */
int
sctp_ms_resume_check2(const struct sctp_ms_send *snd,
    const struct ms_keep *k, uint64_t r)
{
	if (snd->epoch == 0 || snd->first_l1 == 0) {
		debug_f("the peer took a level-1 packet, none was sealed");
		return SSH_ERR_PROTOCOL_ERROR;
	}
	if (r <= snd->first_l1_ctr || r > k->written) {
		debug_f("the peer took %llu packets; level 1 began at %llu, "
		    "%llu were written", (unsigned long long)r,
		    (unsigned long long)snd->first_l1_ctr,
		    (unsigned long long)k->written);
		return SSH_ERR_PROTOCOL_ERROR;
	}
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
	uint32_t k, i, s, v, last = 0;
	int r;

	if ((b = sshbuf_from(p, len)) == NULL)
		return SSH_ERR_ALLOC_FAIL;
	for (s = 0; s < n; s++)
		x[s] = 1;
	if ((r = resume_head(b, SCTP_MS_RESUME, restart, keyno)) != 0 ||
	    (r = sshbuf_get_u32(b, &x[0])) != 0 ||
	    (r = sshbuf_get_u32(b, &k)) != 0)
		goto out;
	r = SSH_ERR_INVALID_FORMAT;
	if (x[0] < 1 || k >= n || sshbuf_len(b) != (size_t)k * 8)
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
	sshbuf_free(b);
	return r;
}

/*
 * A resume cannot name more than was sent: each X at most one above the
 * sender's C of epoch 0, as it was at a KEXINIT sealed since (2.12).  0,
 * or SSH_ERR_PROTOCOL_ERROR.
 */
int
sctp_ms_resume_check(const struct sctp_ms_send *snd, const uint32_t *x,
    u_int n)
{
	uint32_t c0;
	const uint32_t *c = sctp_ms_send_counts0(snd, &c0);
	u_int s;

	if (n != snd->nstreams)
		return SSH_ERR_INTERNAL_ERROR;
	if ((uint64_t)x[0] > (uint64_t)c0 + 1) {
		debug_f("the peer expects level-2 number %u, %u were sent",
		    x[0], c0);
		return SSH_ERR_PROTOCOL_ERROR;
	}
	for (s = 1; s < n; s++) {
		if ((uint64_t)x[s] > (uint64_t)c[s] + 1) {
			debug_f("stream %u: the peer expects number %u, %u "
			    "were sent", s, x[s], c[s]);
			return SSH_ERR_PROTOCOL_ERROR;
		}
	}
	return 0;
}

/* An SCTP_*_AUTH_CHUNKS list as a set of chunk types; all bits if unread. */
static void
auth_chunks(int fd, int opt, u_char *bits)
{
	struct sctp_authchunks *ac;
	socklen_t len = sizeof(*ac) + 256;
	uint32_t i;

	memset(bits, 0, 32);
	ac = xcalloc(1, len);
	if (getsockopt(fd, IPPROTO_SCTP, opt, ac, &len) == -1)
		memset(bits, 0xff, 32);	/* none: SCTP-AUTH is off */
	else {
		for (i = 0; i < ac->gauth_number_of_chunks &&
		    sizeof(*ac) + i < len; i++)
			bits[ac->gauth_chunks[i] / 8] |=
			    1 << (ac->gauth_chunks[i] % 8);
	}
	free(ac);
}

static int
assoc_value(int fd, int opt)
{
	struct sctp_assoc_value av;
	socklen_t len = sizeof(av);

	memset(&av, 0, sizeof(av));
	if (getsockopt(fd, IPPROTO_SCTP, opt, &av, &len) == -1)
		return -1;
	return av.assoc_value != 0;
}

/*
 * 2.12's checks: what the association has that a restart's INIT could
 * take away (SCTP-AUTH and its chunk lists, ADD-IP, streams, I-DATA,
 * PR-SCTP).
 */
void
sctp_ms_resume_caps(int fd, struct ms_caps *k)
{
	struct sctp_status st;
	socklen_t len = sizeof(st);

	memset(k, 0, sizeof(*k));
	memset(&st, 0, sizeof(st));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_STATUS, &st, &len) == 0) {
		k->in = st.sstat_instrms;
		k->out = st.sstat_outstrms;
	}
	k->idata = -1;
#ifdef SCTP_INTERLEAVING_SUPPORTED
	k->idata = assoc_value(fd, SCTP_INTERLEAVING_SUPPORTED);
#endif
	k->pr = assoc_value(fd, SCTP_PR_SUPPORTED);
	k->asconf = assoc_value(fd, SCTP_ASCONF_SUPPORTED);
	auth_chunks(fd, SCTP_PEER_AUTH_CHUNKS, k->peer_auth);
	auth_chunks(fd, SCTP_LOCAL_AUTH_CHUNKS, k->local_auth);
}

/* What differs between two readings, or NULL. */
static const char *
caps_differ(const struct ms_caps *a, const struct ms_caps *b)
{
	if (a->in != b->in || a->out != b->out)
		return "stream counts";
	if (memcmp(a->peer_auth, b->peer_auth, sizeof(a->peer_auth)) != 0 ||
	    memcmp(a->local_auth, b->local_auth, sizeof(a->local_auth)) != 0)
		return "SCTP-AUTH chunk lists";
	if (a->asconf != b->asconf)
		return "ADD-IP";
	if (a->idata != b->idata)
		return "I-DATA";
	if (a->pr != b->pr)
		return "PR-SCTP";
	return NULL;
}

/* Why this end may not resume (2.12 (a), (b), (d)), or NULL. */
static const char *
not_allowed(struct sctp_ms_conn *c, double now)
{
	const struct ms_msg *m;
	u_int i, n = 0;

	if (!c->rs.enabled || !c->agreed || !c->active_in || !c->active_out ||
	    !c->full_io)
		return "not in multi-stream mode with SCTP-AUTH after user "
		    "authentication";
	TAILQ_FOREACH(m, &c->outq, next)
		if (m->newkeys)
			return "during a key exchange";
	if (c->v3) {
		/*
		 * (b), version 3: no NEWKEYS or DISCONNECT sealed or read
		 * since key n (only KEXINIT and 30 to 49 at level 1), every
		 * NEWKEYS written (above), L = R once a level-1 packet was
		 * taken, and K1 known if a level-1 message was sealed.  What
		 * is held counts as not read (sctp_ms_resume_begin()
		 * discards it).
		 */
		if (c->nkeys != c->nkeys_in ||
		    c->snd.l1_other || c->rcv.l1_other ||
		    (c->rcv.epoch != 0 && c->rcv.low != c->rcv.r) ||
		    (c->snd.epoch != 0 && c->snd.first_l1 == 0))
			return "during a key exchange";
	} else if (c->rcv.holding || c->rcv.epoch != 0 || c->snd.epoch > 1 ||
	    (c->snd.epoch == 1 && (c->snd.first_l1 != SSH2_MSG_KEXINIT ||
	    c->keep.dropped_later))) {
		/*
		 * (b): no level-1 message read since the peer's NEWKEYS, and
		 * none sealed since ours but at most a KEXINIT, sent again
		 * after a resume (so its copies, and those after it, all
		 * kept); every NEWKEYS sealed written (its copies under the
		 * old key are not yet gone).
		 */
		return "during a key exchange";
	}
	/* (c): a new SCTP-AUTH key installed, not yet active (1.4 (b)) */
	if (c->gated)
		return "while a new SCTP-AUTH key is taken into use";
	/* (d): this one too */
	for (i = 0; i < SCTP_MS_RESTARTS; i++)
		if (c->rs.at[i] != 0 && now - c->rs.at[i] < SCTP_MS_RESTART_SECS)
			n++;
	if (n + 1 > SCTP_MS_RESTARTS)
		return "too many restarts within a minute";
	return NULL;
}

/*
 * Why this end may not resume now (2.12 (a) to (d)), or NULL; *lasting
 * says whether that holds for the rest of the connection ((a)).
 */
const char *
sctp_ms_resume_blocked(struct sctp_ms_conn *c, int *lasting)
{
	*lasting = 1;
	if (c == NULL)
		return "not in multi-stream mode";
	*lasting = !c->rs.enabled || !c->agreed || !c->active_in ||
	    !c->active_out || !c->full_io;
	return not_allowed(c, monotime_double());
}

/*
 * 2.12, "Key exchanges in an outage": 1 if a key exchange this end would
 * begin of its own accord waits: the connection may resume, and the
 * peer's resume is awaited, or no path of the association is active and
 * it made no progress since the previous look, for at most
 * SCTPUnreachableTimeout (else KEXWAIT_NOLIMIT) and 60 s.  Looks at the
 * association at most once a second (the client and server loops call
 * in once a second while a time-based key exchange is due).
 */
int
sctp_ms_rekey_wait(struct sctp_ms_conn *c)
{
	double now = monotime_double(), most;
	uint64_t n = 0;
	int was, lasting, have, moved;

	if (c == NULL || c->ssh == NULL || c->opts == NULL ||
	    (sctp_ms_resume_blocked(c, &lasting) != NULL && lasting))
		return 0;
	if (c->rs.awaiting)
		return 1;	/* nothing of its own before the resume */
	if (c->kexwait_at != 0 && now < c->kexwait_at + 1.0)
		return c->kexwait;
	/* A count older than two looks says nothing of the last second. */
	if (c->kexwait_at == 0 || now > c->kexwait_at + 2.5)
		c->kexwait_have = 0;
	was = c->kexwait;
	have = sctp_paths_progress(c->fd, &n) == 0;
	moved = !have || (c->kexwait_have && n != c->kexwait_prog);
	c->kexwait_prog = n;
	c->kexwait_have = have;
	c->kexwait_at = now;
	c->kexwait = !moved && sctp_paths_none_active(c->fd);
	most = (c->opts->unreach_timeout > 0 ? c->opts->unreach_timeout :
	    KEXWAIT_NOLIMIT) + 60.0;
	if (c->kexwait && c->kexwait_since == 0)
		c->kexwait_since = now;
	if (c->kexwait && now > c->kexwait_since + most) {
		c->kexwait = 0;
		debug("SCTP: the key exchange due waited %.0f s for a path: "
		    "it begins", now - c->kexwait_since);
	} else if (c->kexwait && !was)
		debug("SCTP: no path is active: the key exchange due waits "
		    "for one (PROTOCOL.sctp 2.12)");
	else if (!c->kexwait && was)
		debug("SCTP: %s: the key exchange due begins", moved ?
		    "the association made progress" : "a path is active");
	if (!c->kexwait)
		c->kexwait_since = 0;
	return c->kexwait;
}

/* Our resume, sealed and queued at the head, a drain before it. */
static int
queue_resume(struct sctp_ms_conn *c, struct ms_msg *after)
{
	struct sctp_ms_hdr h;
	struct ms_msg *m;
	struct sshbuf *pl;
	int r;

	if ((pl = sshbuf_new()) == NULL)
		return SSH_ERR_ALLOC_FAIL;
	/* v02 once a level-1 packet was taken (version 3 only, by (b)) */
	if (c->rcv.epoch != 0 && c->v3)
		r = sctp_ms_resume_put2(&c->rcv, c->rs.number, c->nkeys, pl);
	else
		r = sctp_ms_resume_put(&c->rcv, c->rs.number, c->nkeys, pl);
	if (r != 0 || (r = sctp_ms_send_resume_number(&c->snd, &h)) != 0) {
		sshbuf_free(pl);
		return r;
	}
	m = xcalloc(1, sizeof(*m));
	if ((m->b = sshbuf_new()) == NULL) {
		free(m);
		sshbuf_free(pl);
		return SSH_ERR_ALLOC_FAIL;
	}
	if ((r = sctp_ms_seal(c->enc, &h, sshbuf_ptr(pl), sshbuf_len(pl),
	    m->b)) != 0) {
		sshbuf_free(m->b);
		free(m);
		sshbuf_free(pl);
		return r;
	}
	sshbuf_free(pl);
	m->stream = 0;
	m->drain = 2;		/* what went before is read before it */
	m->resume = 1;
	c->outq_bytes += sshbuf_len(m->b);
	if (after == NULL)
		TAILQ_INSERT_HEAD(&c->outq, m, next);
	else
		TAILQ_INSERT_AFTER(&c->outq, after, m, next);
	return 0;
}

/*
 * The association restarted (server: its event read, after every message
 * read before it; client: associated again, restart number): wait for the
 * peer's resume, sending nothing meanwhile but the client's own.  The
 * caller has discarded the parts of messages (2.10).  SSH_ERR_CONN_CLOSED,
 * logged, when this end may not resume.
 */
int
sctp_ms_resume_begin(struct sctp_ms_conn *c, int client, uint32_t number)
{
	struct ms_caps now_caps;
	struct sctp_authkeyid ak;
	socklen_t len;
	struct ms_msg *m, *tmp;
	const char *why;
	double now = monotime_double();
	u_int i, oldest = 0;
	int r;

	if ((why = not_allowed(c, now)) != NULL) {
		error("SCTP association restarted: the connection cannot "
		    "resume (%s)", why);
		return SSH_ERR_CONN_CLOSED;
	}
	/* 2.12, checks: the restart's INIT is not authenticated. */
	sctp_ms_resume_caps(c->fd, &now_caps);
	if ((why = caps_differ(&c->rs.caps, &now_caps)) != NULL) {
		error("SCTP association restarted: the restart changed the "
		    "association (%s); the connection ends", why);
		return SSH_ERR_CONN_CLOSED;
	}
	for (i = 1; i < SCTP_MS_RESTARTS; i++)
		if (c->rs.at[i] < c->rs.at[oldest])
			oldest = i;
	c->rs.at[oldest] = now;
	/*
	 * 2.12: key 0 goes again (absent: EINVAL); the active key is K(n),
	 * by (a), never key 0.
	 */
	memset(&ak, 0, sizeof(ak));
	ak.scact_keynumber = 0;
	if (setsockopt(c->fd, IPPROTO_SCTP, SCTP_AUTH_DELETE_KEY, &ak,
	    sizeof(ak)) == -1 && errno != EINVAL) {
		error("SCTP restart: deleting SCTP-AUTH key 0: %s",
		    strerror(errno));
		return SSH_ERR_CONN_CLOSED;
	}
	memset(&ak, 0, sizeof(ak));
	len = sizeof(ak);
	if (getsockopt(c->fd, IPPROTO_SCTP, SCTP_AUTH_ACTIVE_KEY, &ak,
	    &len) == -1 || ak.scact_keynumber == 0) {
		error("SCTP restart: SCTP-AUTH key 0 is active: the "
		    "connection ends");
		return SSH_ERR_CONN_CLOSED;
	}
	if (!client && c->ssh != NULL)
		logit("SCTP association restarted (connection from %s port "
		    "%d): waiting up to %d s for the client's resume",
		    c->ssh->remote_ipaddr != NULL ? c->ssh->remote_ipaddr :
		    "?", c->ssh->remote_port, (int)SCTP_MS_RESUME_SECS);
	/* A resume of ours not yet written names the restart before. */
	TAILQ_FOREACH_SAFE(m, &c->outq, next, tmp) {
		if (m->resume != 1)
			continue;
		TAILQ_REMOVE(&c->outq, m, next);
		c->outq_bytes -= sshbuf_len(m->b);
		sshbuf_free(m->b);
		free(m);
	}
	/* The wait is one: a restart during it does not prolong it. */
	if (!c->rs.awaiting)
		c->rs.deadline = now + SCTP_MS_RESUME_SECS;
	c->rs.awaiting = 1;
	c->rs.client = client;
	/* (b), version 3: what is held goes; the peer sends it again. */
	if (c->v3)
		sctp_ms_hold_discard(c);
	c->drain_restart = 1;
	if (client) {
		c->rs.number = number;
		if ((r = queue_resume(c, NULL)) != 0)
			return r;
	}
	debug_f("SCTP association restarted (%s, restart %u): waiting for "
	    "the peer's resume", client ? "client" : "server", c->rs.number);
	return 0;
}

/*
 * The peer's resume, its tag verified: h its header, p its payload.  On
 * success the copies it lacks go at the head of the queue, in the order
 * they were written, after our own resume (server).  Any failure ends the
 * connection.
 */
int
sctp_ms_resume_take(struct sctp_ms_conn *c, const struct sctp_ms_hdr *h,
    const u_char *p, size_t len)
{
	struct ms_kept_list l;
	struct ms_kept *k;
	struct ms_msg *m, *last = NULL;
	uint32_t *x, rn, kn;
	uint64_t r0 = 0;
	u_int n = 0;
	size_t bytes = 0;
	const char *kex;
	int r, v;

	if (sctp_ms_recv_resume_check(&c->rcv, h) != 0) {
		error("SCTP resume refused: %s", c->rcv.why);
		return SSH_ERR_PROTOCOL_ERROR;
	}
	x = xcalloc(c->nout, sizeof(*x));
	/* v02 only in version 3 (2.12) */
	if ((v = resume_version(p, len)) == 2 && c->v3)
		r = sctp_ms_resume_parse2(p, len, &rn, &kn, &r0);
	else if (v == 1)
		r = sctp_ms_resume_parse(p, len, c->nout, &rn, &kn, x);
	else
		r = SSH_ERR_INVALID_FORMAT;
	if (r != 0) {
		error("SCTP resume refused: malformed");
		goto out;
	}
	r = SSH_ERR_PROTOCOL_ERROR;
	if (c->rs.client ? rn != c->rs.number : rn <= c->rs.number) {
		error("SCTP resume refused: restart number %u, expected %s%u",
		    rn, c->rs.client ? "" : "above ", c->rs.number);
		goto out;
	}
	if (kn != c->nkeys) {
		error("SCTP resume refused: key exchange %u, ours is %u", kn,
		    c->nkeys);
		goto out;
	}
	if ((v == 1 ? sctp_ms_resume_check(&c->snd, x, c->nout) :
	    sctp_ms_resume_check2(&c->snd, &c->keep, r0)) != 0) {
		error("SCTP resume refused: the peer names packets never sent");
		goto out;
	}
	c->rs.number = rn;
	TAILQ_INIT(&l);
	if ((r = (v == 1 ? sctp_ms_keep_take(&c->keep, x, c->nout, &l) :
	    sctp_ms_keep_take2(&c->keep, r0, &l))) != 0) {
		error("SCTP restart: a lost packet is no longer kept");
		goto out;
	}
	if (!c->rs.client) {
		if ((r = queue_resume(c, NULL)) != 0) {
			sctp_ms_kept_list_free(&l);
			goto out;
		}
		last = TAILQ_FIRST(&c->outq);
	} else if ((m = TAILQ_FIRST(&c->outq)) != NULL && m->resume == 1)
		last = m;	/* ours, not yet written */
	while ((k = TAILQ_FIRST(&l)) != NULL) {
		TAILQ_REMOVE(&l, k, next);
		m = xcalloc(1, sizeof(*m));
		m->stream = k->stream;
		m->seq = k->seq;
		m->later = k->later;
		m->level1 = k->level1;	/* asks for an immediate SACK */
		m->drain = k->drained ? 2 : 0;
		m->resume = 2;
		m->b = k->b;
		free(k);
		c->outq_bytes += sshbuf_len(m->b);
		bytes += sshbuf_len(m->b);
		n++;
		if (last == NULL)
			TAILQ_INSERT_HEAD(&c->outq, m, next);
		else
			TAILQ_INSERT_AFTER(&c->outq, last, m, next);
		last = m;
	}
	c->rs.awaiting = 0;
	c->rs.resumes++;
	kex = c->snd.epoch != 0 || c->rcv.epoch != 0 ?
	    " during a key exchange" : "";
	if (v == 2)
		debug_f("the peer took %llu packets under key %u",
		    (unsigned long long)r0, kn);
	if (!c->rs.client && c->ssh != NULL)
		logit("SCTP association restarted: the connection resumes%s "
		    "(restart %u; %u packets, %zu bytes sent again; %lu read "
		    "meanwhile discarded) (connection from %s port %d)", kex,
		    rn, n, bytes, c->rs.discarded, c->ssh->remote_ipaddr !=
		    NULL ? c->ssh->remote_ipaddr : "?", c->ssh->remote_port);
	else
		verbose("SCTP association restarted: the connection resumes%s "
		    "(restart %u; %u packets, %zu bytes sent again; %lu read "
		    "meanwhile discarded)", kex, rn, n, bytes,
		    c->rs.discarded);
	r = 0;
 out:
	free(x);
	return r;
}

#endif /* WITH_SCTP */
