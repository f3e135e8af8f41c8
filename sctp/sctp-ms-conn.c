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
 * Multi-stream mode on a connection, PROTOCOL.sctp section 2: a
 * connection's state, made and freed here; the negotiation, the send
 * queue, the drains, the receiving side and the forwarding channels are in
 * the files sctp-ms-int.h lists.  The packet layer hands over payloads
 * and takes back packets in the RFC 4253 layout, so that its own
 * accounting and checks (rekeying limits, strict KEX, dispatch) apply
 * unchanged.
 *
 * Reads and writes use plain read(2)/write(2) on stream 0 until
 * sctp_ms_full_io(): before authentication sshd's sandbox allows nothing
 * else, and no channel, the only user of other streams, exists yet.
 * Every packet read that way is checked as sent on stream 0, ordered;
 * one sent otherwise fails its tag (2.2).
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include "openbsd-compat/sys-queue.h"
#include <netinet/in.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "packet.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-ms-int.h"
#include "sctp/sctp-event.h"
#include "sctp/sctp-net.h"

/* Until sctp_configure(): SCTPChannelStreams yes, and the defaults. */
static const struct sctp_options ms_defaults = {
	.channel_streams = 1,
	.scheduler = SCTP_DEFAULT_SCHEDULER,
	.weight_interactive = SCTP_DEFAULT_WEIGHT_INTERACTIVE,
	.weight_bulk = SCTP_DEFAULT_WEIGHT_BULK,
	.drain_timeout = SCTP_DEFAULT_DRAIN_TIMEOUT,
	.fwd.udp_pr = SCTP_FWD_PR_RTX,
	.fwd.udp_pr_value = 0,
};

/*
 * The connection's configuration, ssh's or sshd's "options" (which sshd's
 * Match changes in place): forwarding reads it from ssh, channels on
 * streams from the association's state.  Called once the connection
 * exists, before the key exchange.
 */
void
sctp_configure(struct ssh *ssh, const struct sctp_options *o)
{
	ssh->sctp_options = o;
	if (ssh->sctp_ms != NULL) {
		ssh->sctp_ms->opts = o != NULL ? o : &ms_defaults;
		ssh->sctp_ms->ssh = ssh;
	}
}

#ifdef WITH_SCTP

struct sctp_ms_conn *
sctp_ms_conn_new(int fd)
{
	struct sctp_ms_conn *c;
	struct sctp_status st;
	socklen_t sl = sizeof(st);
	int proto = 0, on = 0;
	socklen_t pl = sizeof(proto), ol = sizeof(on);

	if (getsockopt(fd, SOL_SOCKET, SO_PROTOCOL, &proto, &pl) == -1 ||
	    proto != IPPROTO_SCTP)
		return NULL;
	memset(&st, 0, sizeof(st));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_STATUS, &st, &sl) == -1) {
		debug_f("SCTP_STATUS: %s", strerror(errno));
		return NULL;
	}
	c = xcalloc(1, sizeof(*c));
	c->fd = fd;
	c->opts = &ms_defaults;
	c->nout = st.sstat_outstrms;
	c->nin = st.sstat_instrms;
	/* The mode needs each message's stream (Linux 3.17 on). */
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_RECVRCVINFO, &on, &ol) == -1) {
		debug_f("SCTP_RECVRCVINFO: %s", strerror(errno));
		c->no_rcvinfo = 1;
	}
	TAILQ_INIT(&c->outq);
	TAILQ_INIT(&c->uchans);
	TAILQ_INIT(&c->mchans);
	TAILQ_INIT(&c->parts);
	sctp_ms_keep_init(&c->keep, c->nout);
	debug2_f("fd %d: SCTP association, %u streams out, %u in", fd,
	    c->nout, c->nin);
	return c;
}

void
sctp_ms_conn_free(struct sctp_ms_conn *c)
{
	if (c == NULL)
		return;
	sctp_ms_outq_clear(c);
	sctp_ms_keep_free(&c->keep);
	sctp_ms_chans_free(c);
	sctp_ms_cipher_free(c->enc);
	sctp_ms_cipher_free(c->dec);
	sctp_ms_cipher_free(c->dec_prev);
	if (c->snd.c != NULL)
		sctp_ms_send_free(&c->snd);
	if (c->rcv.x != NULL)
		sctp_ms_recv_free(&c->rcv);
	sctp_ms_parts_free(c);
	sshbuf_free(c->held);
	free(c->sclass);
	free(c->budget);
	freezero(c, sizeof(*c));
}

void
sctp_ms_full_io(struct sctp_ms_conn *c)
{
	int on = 1;

	if (c == NULL || c->full_io || c->no_rcvinfo)
		return;
	if (setsockopt(c->fd, IPPROTO_SCTP, SCTP_RECVRCVINFO, &on,
	    sizeof(on)) == -1) {
		/* Without stream information only stream 0 can be used. */
		if (c->agreed)
			fatal_f("SCTP_RECVRCVINFO: %s: channels on streams "
			    "cannot run", strerror(errno));
		error_f("SCTP_RECVRCVINFO: %s", strerror(errno));
		return;
	}
	c->full_io = 1;
	c->mtu_stale = 1;
	debug2_f("fd %d: messages with stream information", c->fd);
	/* Abandoned partial deliveries (2.10). */
	if (sctp_event_set(c->fd, SCTP_PARTIAL_DELIVERY_EVENT, 1) == -1)
		debug_f("SCTP partial delivery events: %s", strerror(errno));
	if (!c->agreed)
		return;
	sctp_ms_set_scheduler(c);
	sctp_ms_mem_tune(c);
	c->idata = sctp_idata_in_use(c->fd);
	if (c->idata)
		debug("SCTP I-DATA (RFC 8260) in use: channel data is not cut");
	else
		debug("SCTP I-DATA not in use (both hosts need "
		    "net.sctp.intl_enable = 1)");
}

/*
 * 2.12: resuming after a restart allowed from now on (after user
 * authentication, with SCTP-AUTH keyed by SSH): copies of what is written
 * are kept, up to the send buffer, the peer's window and P.
 */
void
sctp_ms_resume_enable(struct sctp_ms_conn *c, int client)
{
	struct sctp_status st;
	socklen_t len = sizeof(st);
	int sndbuf = 0;
	size_t bound;

	if (c == NULL || !c->agreed || c->rs.enabled)
		return;
	len = sizeof(sndbuf);
	if (getsockopt(c->fd, SOL_SOCKET, SO_SNDBUF, &sndbuf, &len) == -1 ||
	    sndbuf < 0)
		sndbuf = 0;
	memset(&st, 0, sizeof(st));
	len = sizeof(st);
	if (getsockopt(c->fd, IPPROTO_SCTP, SCTP_STATUS, &st, &len) == -1)
		st.sstat_rwnd = 0;
	bound = (size_t)sndbuf + st.sstat_rwnd +
	    (c->idata ? SCTP_MS_MAX_PARTS : SCTP_MS_MAX_MSG);
	c->rs.enabled = 1;
	c->rs.client = client;
	sctp_ms_resume_caps(c->fd, &c->rs.caps);
	sctp_ms_keep_limit(&c->keep, bound);
	/* What went before under this key is not kept. */
	if (c->active_out)
		sctp_ms_keep_sent(&c->keep, &c->snd);
	debug2_f("SCTP resume after a restart possible: up to %zu bytes of "
	    "copies kept", bound);
}

/*
 * 2.12, the client: its association was restarted (restart number, 1 the
 * first time); every message read from the old one has been processed.
 * The caller has set the new socket up (SCTP-AUTH keys, key 0 deleted)
 * and starts 1.3's following and roaming afresh.
 */
int
sctp_ms_restart(struct sctp_ms_conn *c, uint32_t number)
{
	if (c == NULL || !c->rs.enabled || !c->rs.client)
		return SSH_ERR_INTERNAL_ERROR;
	sctp_ms_parts_free(c);
	sctp_ms_sched_again(c);
	c->mtu_stale = 1;
	return sctp_ms_resume_begin(c, 1, number);
}

int
sctp_ms_resuming(const struct sctp_ms_conn *c)
{
	return c != NULL && c->rs.awaiting;
}

u_int
sctp_ms_resumes(const struct sctp_ms_conn *c)
{
	return c == NULL ? 0 : c->rs.resumes;
}

/* 2.12: bytes of copies kept now, and freed once acknowledged. */
size_t
sctp_ms_kept(const struct sctp_ms_conn *c, size_t *freed)
{
	if (freed != NULL)
		*freed = c == NULL ? 0 : c->keep_freed;
	return c == NULL ? 0 : sctp_ms_keep_bytes(&c->keep);
}

int
sctp_ms_in_active(const struct sctp_ms_conn *c)
{
	return c != NULL && c->active_in;
}

int
sctp_ms_out_active(const struct sctp_ms_conn *c)
{
	return c != NULL && c->active_out;
}

#else /* WITH_SCTP */

struct sctp_ms_conn *sctp_ms_conn_new(int fd) { return NULL; }
void sctp_ms_conn_free(struct sctp_ms_conn *c) { }
void sctp_ms_full_io(struct sctp_ms_conn *c) { }
void sctp_ms_resume_enable(struct sctp_ms_conn *c, int client) { }
int sctp_ms_restart(struct sctp_ms_conn *c, uint32_t n) { return -1; }
const char *sctp_ms_resume_blocked(struct sctp_ms_conn *c, int *l)
    { *l = 1; return "no SCTP"; }
int sctp_ms_rekey_wait(struct sctp_ms_conn *c) { return 0; }
int sctp_ms_resuming(const struct sctp_ms_conn *c) { return 0; }
u_int sctp_ms_resumes(const struct sctp_ms_conn *c) { return 0; }
size_t sctp_ms_kept(const struct sctp_ms_conn *c, size_t *f)
    { if (f != NULL) *f = 0; return 0; }
const char *sctp_ms_kex_offer(struct sctp_ms_conn *c, int s) { return NULL; }
int sctp_ms_kex_choose(struct sctp_ms_conn *c, int server, int initial,
    const char *peer, int strict, const char *ei, const char *eo, int ci,
    int co) { return 0; }
int sctp_ms_set_cipher(struct sctp_ms_conn *c, int out, const char *cipher,
    const u_char *key, u_int keylen, const u_char *iv, u_int ivlen)
    { return 0; }
int sctp_ms_newkeys(struct sctp_ms_conn *c, int out,
    const struct sshbuf *input) { return 0; }
int sctp_ms_in_active(const struct sctp_ms_conn *c) { return 0; }
int sctp_ms_out_active(const struct sctp_ms_conn *c) { return 0; }
int sctp_ms_send(struct sctp_ms_conn *c, const u_char *p, size_t len,
    u_int *sl) { return SSH_ERR_INTERNAL_ERROR; }
int sctp_ms_flush(struct sctp_ms_conn *c, struct sshbuf *in) { return 0; }
int sctp_ms_have_output(struct sctp_ms_conn *c) { return 0; }
int sctp_ms_waiting(const struct sctp_ms_conn *c) { return 0; }
size_t sctp_ms_queued(const struct sctp_ms_conn *c) { return 0; }
u_int sctp_ms_drains(const struct sctp_ms_conn *c) { return 0; }
u_int sctp_ms_holds(const struct sctp_ms_conn *c) { return 0; }
u_long sctp_ms_prev_drops(const struct sctp_ms_conn *c) { return 0; }
void sctp_ms_hold_channels(struct sctp_ms_conn *c, int on) { }
int sctp_ms_check_drain(struct sctp_ms_conn *c) { return 0; }
void sctp_ms_deadline(const struct sctp_ms_conn *c, struct timespec *t) { }
int sctp_ms_read(struct sctp_ms_conn *c, struct sshbuf *in, size_t *rlen)
    { return SSH_ERR_INTERNAL_ERROR; }
int sctp_ms_recv(struct sctp_ms_conn *c, struct sshbuf *in,
    struct sshbuf *p) { return SSH_ERR_INTERNAL_ERROR; }
int sctp_ms_state_put(const struct sctp_ms_conn *c, struct sshbuf *m)
    { return sshbuf_put_u8(m, 0); }
int sctp_ms_unseq_channel(struct sctp_ms_conn *c, u_int l, u_int r)
    { return -1; }
void sctp_ms_unseq_expect(struct sctp_ms_conn *c) { }
int sctp_ms_map_channel(struct sctp_ms_conn *c, u_int l, u_int r,
    sctp_ms_stream_fn f) { return -1; }
int sctp_ms_sctp_channel(struct sctp_ms_conn *c, u_int l, u_int r)
    { return -1; }
void sctp_ms_channel_gone(struct sctp_ms_conn *c, u_int l) { }
int sctp_ms_express_room(const struct sctp_ms_conn *c) { return 0; }
int sctp_ms_channel_poll(struct sctp_ms_conn *c, int room, u_int remote_id,
    const char *ctype, int isatty, int nonbulk) { return room; }
size_t sctp_ms_channel_data(struct sctp_ms_conn *c, u_int remote_id,
    const char *ctype, int isatty, int nonbulk, size_t len)
    { return len; }
int sctp_ms_state_get(struct sctp_ms_conn *c, struct sshbuf *m)
{
	u_char agreed;
	int r;

	if ((r = sshbuf_get_u8(m, &agreed)) != 0)
		return r;
	return agreed ? SSH_ERR_FEATURE_UNSUPPORTED : 0;
}

#endif /* WITH_SCTP */
