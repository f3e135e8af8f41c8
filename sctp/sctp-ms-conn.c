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
 * Multi-stream mode on a connection, PROTOCOL.sctp section 2: the
 * negotiation, the queue of sealed messages with the drains of 2.7, the
 * reading of messages with their stream, and the receive rules applied
 * to them.  The packet layer hands over payloads and takes back packets
 * in the RFC 4253 layout, so that its own accounting and checks
 * (rekeying limits, strict KEX, dispatch) apply unchanged.
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
#include "match.h"
#include "ssh2.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-msg.h"
#include "sctp/sctp-fwd-options.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-net.h"
#include "sctp/sctp-options.h"

#define KEX_NAME_C	"sctp-streams-c-v01@openssh-sctp.invalid"
#define KEX_NAME_S	"sctp-streams-s-v01@openssh-sctp.invalid"

/* A record of the input buffer: uint32 length, uint16 stream, byte flags. */
#define REC_HDR		7

#ifdef WITH_SCTP

struct ms_msg {
	TAILQ_ENTRY(ms_msg)	 next;
	uint16_t		 stream;
	int			 level1;
	int			 unseq;		/* 2.8: unordered, PR-SCTP */
	int			 drain;		/* 3.8: EOF, CLOSE, request */
	struct sshbuf		*b;
};

/*
 * A channel whose CHANNEL_DATA travels unsequenced (3.8): known once the
 * packet that starts it was received from the peer (its confirmation, or
 * "ready"); first is that packet's level-3 number, 0 again at each epoch.
 */
struct ms_uchan {
	TAILQ_ENTRY(ms_uchan)	 next;
	u_int			 local_id, remote_id;
	uint32_t		 first;
	int			 closed;	/* EOF or CLOSE received */
	int			 close_sent;	/* we sent CLOSE: nothing more */
};

/*
 * An SCTP forwarding channel whose CHANNEL_DATA goes on the stream of its
 * forwarded stream (3.8); offhome: some went on another stream than the
 * channel's own since the channel's last drain.
 */
struct ms_mchan {
	TAILQ_ENTRY(ms_mchan)	 next;
	u_int			 local_id, remote_id;
	int			 offhome;
};

struct sctp_ms_conn {
	int			 fd;
	u_int			 nout, nin;	/* streams of the association */
	int			 full_io;	/* sendmsg/recvmsg allowed */
	int			 offered;	/* we offered the mode */
	int			 agreed;	/* both did (2.1) */
	int			 active_in, active_out;
	struct sctp_ms_cipher	*enc, *dec;
	struct sctp_ms_send	 snd;
	struct sctp_ms_recv	 rcv;
	TAILQ_HEAD(, ms_msg)	 outq;
	size_t			 outq_bytes;
	int			 nonzero;	/* sent on streams >= 1 since DRY */
	int			 after_newkeys;	/* streams >= 1 wait for DRY */
	int			 dry_wait;	/* subscribed, waiting */
	int			 dry;		/* SENDER_DRY seen while waiting */
	double			 drain_deadline; /* monotime_double(), 0 = none */
	double			 drain_start;
	u_int			 drains;	/* completed, for tests and -v */
	int			 sched;		/* SCTP_SCHED_* in use */
	int			 w_interactive, w_bulk;
	u_char			*sclass;	/* per stream: 0/1, 2 unset */
	u_int			 ninteractive;	/* streams >= 1 of class 1 */
	int			 mtu_stale;	/* recompute maxdata */
	double			 mtu_next;	/* and at the latest then */
	size_t			 maxdata;	/* CHANNEL_DATA bytes (2.10) */
	struct sshbuf		*partial;	/* a message read in parts */
	uint16_t		 partial_stream;
	uint8_t			 partial_flags;
	TAILQ_HEAD(, ms_uchan)	 uchans;	/* 3.8 */
	TAILQ_HEAD(, ms_mchan)	 mchans;	/* 3.8 */
	u_long			 uchan_dropped;	/* unsequenced, out of age */
	int			 cur_valid;	/* the packet last received: */
	uint16_t		 cur_stream;	/*   sequenced, level 3 */
	uint32_t		 cur_seq3;
	u_int			 cur_recipient;
	struct sctp_ms_conn	*link;		/* all connections, by fd */
};

static struct sctp_ms_conn *conns;

static void stream_class(struct sctp_ms_conn *, uint16_t, int);
static int ms_read(struct sctp_ms_conn *, struct sshbuf *, size_t *, int);

static struct sctp_ms_conn *
conn_by_fd(int fd)
{
	struct sctp_ms_conn *c;

	for (c = conns; c != NULL; c = c->link)
		if (c->fd == fd)
			return c;
	return NULL;
}

struct sctp_ms_conn *
sctp_ms_conn_new(int fd)
{
	struct sctp_ms_conn *c;
	struct sctp_status st;
	socklen_t sl = sizeof(st);
	int proto = 0;
	socklen_t pl = sizeof(proto);

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
	c->nout = st.sstat_outstrms;
	c->nin = st.sstat_instrms;
	TAILQ_INIT(&c->outq);
	TAILQ_INIT(&c->uchans);
	TAILQ_INIT(&c->mchans);
	c->link = conns;
	conns = c;
	sctp_events_hook = sctp_ms_full_io;
	debug2_f("fd %d: SCTP association, %u streams out, %u in", fd,
	    c->nout, c->nin);
	return c;
}

static void
outq_clear(struct sctp_ms_conn *c)
{
	struct ms_msg *m;

	while ((m = TAILQ_FIRST(&c->outq)) != NULL) {
		TAILQ_REMOVE(&c->outq, m, next);
		sshbuf_free(m->b);
		free(m);
	}
	c->outq_bytes = 0;
}

void
sctp_ms_conn_free(struct sctp_ms_conn *c)
{
	struct sctp_ms_conn **p;
	struct ms_uchan *u;
	struct ms_mchan *mc;

	if (c == NULL)
		return;
	for (p = &conns; *p != NULL; p = &(*p)->link) {
		if (*p == c) {
			*p = c->link;
			break;
		}
	}
	outq_clear(c);
	while ((u = TAILQ_FIRST(&c->uchans)) != NULL) {
		TAILQ_REMOVE(&c->uchans, u, next);
		free(u);
	}
	while ((mc = TAILQ_FIRST(&c->mchans)) != NULL) {
		TAILQ_REMOVE(&c->mchans, mc, next);
		free(mc);
	}
	sctp_ms_cipher_free(c->enc);
	sctp_ms_cipher_free(c->dec);
	if (c->snd.c != NULL)
		sctp_ms_send_free(&c->snd);
	if (c->rcv.x != NULL)
		sctp_ms_recv_free(&c->rcv);
	sshbuf_free(c->partial);
	free(c->sclass);
	freezero(c, sizeof(*c));
}

/* 2.11: the kernel's stream scheduler, as configured. */
static void
set_scheduler(struct sctp_ms_conn *c)
{
	struct sctp_assoc_value av;

	sctp_options_scheduler(&c->sched, &c->w_interactive, &c->w_bulk);
	memset(&av, 0, sizeof(av));
	av.assoc_value = c->sched;
	if (setsockopt(c->fd, IPPROTO_SCTP, SCTP_STREAM_SCHEDULER, &av,
	    sizeof(av)) == -1) {
		error("SCTPStreamScheduler %s: not available on this kernel "
		    "(%s); streams are sent first come, first served",
		    sctp_scheduler_name(c->sched), strerror(errno));
		c->sched = SCTP_SCHED_FCFS;
		return;
	}
	c->sclass = xmalloc(c->nout);
	memset(c->sclass, 2, c->nout);
	debug("SCTP stream scheduler %s", sctp_scheduler_name(c->sched));
	stream_class(c, 0, 1);		/* stream 0 is interactive */
}

/* A stream's class for the scheduler: interactive (1) or bulk (0). */
static void
stream_class(struct sctp_ms_conn *c, uint16_t stream, int interactive)
{
	struct sctp_stream_value sv;

	if (c->sclass == NULL || c->sclass[stream] == interactive)
		return;
	if (c->sched == SCTP_SCHED_PRIO || c->sched == SCTP_SCHED_WFQ) {
		memset(&sv, 0, sizeof(sv));
		sv.stream_id = stream;
		if (c->sched == SCTP_SCHED_PRIO)	/* lower goes first */
			sv.stream_value = interactive ? 0 : 1;
		else
			sv.stream_value = interactive ? c->w_interactive :
			    c->w_bulk;
		if (setsockopt(c->fd, IPPROTO_SCTP,
		    SCTP_STREAM_SCHEDULER_VALUE, &sv, sizeof(sv)) == -1) {
			debug_f("stream %u: SCTP_STREAM_SCHEDULER_VALUE: %s",
			    stream, strerror(errno));
			return;
		}
	}
	if (stream != 0 && c->sclass[stream] != 2)
		c->ninteractive -= c->sclass[stream];
	if (stream != 0)
		c->ninteractive += interactive;
	c->sclass[stream] = interactive;
	debug2_f("stream %u: %s", stream, interactive ? "interactive" : "bulk");
}

/*
 * 2.10: the largest CHANNEL_DATA payload that fits one DATA chunk on the
 * association's path with the smallest MTU.
 */
static void
update_maxdata(struct sctp_ms_conn *c)
{
	struct sctp_paddrinfo pi;
	struct sockaddr *addrs, *sa;
	socklen_t len;
	size_t best = SIZE_MAX, room;
	int i, n, hdr;

	c->mtu_stale = 0;
	c->mtu_next = monotime_double() + 1;
	if ((n = sctp_getpaddrs(c->fd, 0, &addrs)) <= 0)
		return;
	for (i = 0, sa = addrs; i < n; i++) {
		len = sa->sa_family == AF_INET6 ?
		    sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
		hdr = sa->sa_family == AF_INET6 ? 40 : 20;
		memset(&pi, 0, sizeof(pi));
		memcpy(&pi.spinfo_address, sa, len);
		sa = (struct sockaddr *)((u_char *)sa + len);
		len = sizeof(pi);
		if (getsockopt(c->fd, IPPROTO_SCTP, SCTP_GET_PEER_ADDR_INFO,
		    &pi, &len) == -1 || pi.spinfo_mtu == 0)
			continue;
		/* IP, SCTP common and DATA headers, the packet's own, DATA */
		if (pi.spinfo_mtu < (u_int)hdr + 12 + 16 + SCTP_MS_OVERHEAD +
		    9 + 256)
			continue;	/* no sensible MTU: ignored */
		room = pi.spinfo_mtu - hdr - 12 - 16 - SCTP_MS_OVERHEAD - 9;
		if (room < best)
			best = room;
	}
	sctp_freepaddrs(addrs);
	if (best != SIZE_MAX && best != c->maxdata) {
		c->maxdata = best;
		debug2_f("channel data up to %zu bytes per packet", best);
	}
}

/*
 * Channel data about to be sent to the peer's channel remote_id: set its
 * stream's class for the scheduler, and return len cut to what fits one
 * DATA chunk (2.10, 2.11).  Interactive: a channel on a tty, X11 and
 * agent channels, and session channels that upstream's classifier does not
 * call bulk (nonbulk: a session with a tty on either side; the client's
 * side of a session does not see the tty itself).
 */
size_t
sctp_ms_channel_data(struct sctp_ms_conn *c, u_int remote_id,
    const char *ctype, int isatty, int nonbulk, size_t len)
{
	int interactive;

	if (c == NULL || !c->active_out || !c->full_io || c->nout < 2)
		return len;
	interactive = isatty || strncmp(ctype, "x11", 3) == 0 ||
	    strstr(ctype, "agent") != NULL ||
	    (nonbulk && strcmp(ctype, "session") == 0);
	stream_class(c, 1 + remote_id % (c->nout - 1), interactive);
	/*
	 * The kernel reports paths coming and going but not a path MTU
	 * that changes (an ICMP "too big", a link's MTU): look every second.
	 */
	if (c->mtu_stale || monotime_double() >= c->mtu_next)
		update_maxdata(c);
	/*
	 * Only while an interactive channel is there: the cut lets the
	 * scheduler put its messages between the bulk ones, and costs bulk
	 * throughput (a third of it under emulation) for nothing otherwise.
	 */
	if (c->ninteractive > 0 && c->maxdata != 0 && len > c->maxdata)
		len = c->maxdata;
	return len;
}

void
sctp_ms_full_io(int fd)
{
	struct sctp_ms_conn *c;
	int on = 1;

	if ((c = conn_by_fd(fd)) == NULL || c->full_io)
		return;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_RECVRCVINFO, &on,
	    sizeof(on)) == -1) {
		/* Without stream information only stream 0 can be used. */
		error_f("SCTP_RECVRCVINFO: %s", strerror(errno));
		return;
	}
	c->full_io = 1;
	c->mtu_stale = 1;
	debug2_f("fd %d: messages with stream information", fd);
	if (c->agreed)
		set_scheduler(c);
}

/* 2.1: the pseudo-algorithm to append to our initial KEXINIT, or NULL. */
const char *
sctp_ms_kex_offer(struct sctp_ms_conn *c, int server)
{
	if (c == NULL || !sctp_options_channel_streams() || c->nout < 2 ||
	    c->nin < 2)
		return NULL;
	c->offered = 1;
	return server ? KEX_NAME_S : KEX_NAME_C;
}

/*
 * 2.1: decide from the two KEXINITs whether the mode is in effect; in a
 * later key exchange, refuse ciphers the mode cannot use.
 */
int
sctp_ms_kex_choose(struct sctp_ms_conn *c, int server, int initial,
    const char *peer_kexalgs, int strict, const char *enc_in,
    const char *enc_out, int comp_in, int comp_out)
{
	char *found;
	int peer;

	if (c == NULL)
		return 0;
	if (!initial) {
		if (c->agreed && (!sctp_ms_cipher_allowed(enc_in) ||
		    !sctp_ms_cipher_allowed(enc_out) || comp_in || comp_out)) {
			error("SCTP channels on streams: the key exchange "
			    "chose a cipher or compression the mode cannot "
			    "use (%s, %s)", enc_in, enc_out);
			return SSH_ERR_NO_CIPHER_ALG_MATCH;
		}
		return 0;
	}
	found = match_list(server ? KEX_NAME_C : KEX_NAME_S, peer_kexalgs,
	    NULL);
	peer = found != NULL;
	free(found);
	if (peer && !strict) {
		error("SCTP channels on streams offered without strict KEX");
		return SSH_ERR_INVALID_FORMAT;
	}
	if (!c->offered) {
		if (peer)
			debug("SCTP channels on streams: not offered here");
		return 0;
	}
	if (!peer) {
		debug("SCTP channels on streams: not offered by the peer, "
		    "one stream");
		return 0;
	}
	if (!sctp_ms_cipher_allowed(enc_in) ||
	    !sctp_ms_cipher_allowed(enc_out) || comp_in || comp_out) {
		debug("SCTP channels on streams: not used with cipher %s/%s%s",
		    enc_out, enc_in, comp_in || comp_out ?
		    " and compression" : "");
		return 0;
	}
	c->agreed = 1;
	debug("SCTP channels on streams in use: %u streams out, %u in",
	    c->nout, c->nin);
	return 0;
}

int
sctp_ms_set_cipher(struct sctp_ms_conn *c, int out, const char *cipher,
    const u_char *key, u_int keylen, const u_char *iv, u_int ivlen)
{
	struct sctp_ms_cipher **cp;

	if (c == NULL || !c->agreed)
		return 0;
	cp = out ? &c->enc : &c->dec;
	sctp_ms_cipher_free(*cp);
	*cp = NULL;
	return sctp_ms_cipher_init(cp, cipher, key, keylen, iv, ivlen, out);
}

/*
 * A direction's NEWKEYS (sent, or received) took effect: its numbers
 * restart (2.3, 2.4); the mode starts after the first one (2.1).
 */
int
sctp_ms_newkeys(struct sctp_ms_conn *c, int out, const struct sshbuf *input)
{
	int r;

	if (c == NULL || !c->agreed)
		return 0;
	if (out) {
		if (!c->active_out &&
		    (r = sctp_ms_send_init(&c->snd, c->nout)) != 0)
			return r;
		sctp_ms_send_newkey(&c->snd);
		c->active_out = 1;
		/* New-key packets must not overtake NEWKEYS (2.7). */
		c->after_newkeys = 1;
		return 0;
	}
	if (!c->active_in) {
		/* The peer's first message of the mode is a message apart. */
		if (input != NULL && sshbuf_len(input) != 0) {
			error("SCTP channels on streams: data after NEWKEYS "
			    "in the same message");
			return SSH_ERR_PROTOCOL_ERROR;
		}
		if ((r = sctp_ms_recv_init(&c->rcv, c->nin)) != 0)
			return r;
	}
	sctp_ms_recv_newkey(&c->rcv);
	c->active_in = 1;
	return 0;
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

/*
 * 2.5: messages that name a channel travel on a stream chosen from the
 * recipient channel number, the same for all of a channel's messages
 * from this side; everything else on stream 0.
 */
static uint16_t
stream_for(const struct sctp_ms_conn *c, const u_char *p, size_t len)
{
	if (!c->full_io || len < 5 || !sctp_ms_type_channel(p[0]))
		return 0;
	return 1 + PEEK_U32(p + 1) % (c->nout - 1);
}

/*
 * 3.8: the CHANNEL_DATA of a mapped SCTP channel goes on the stream of the
 * forwarded stream f its header names (3.3: type, recipient, string
 * length, then flags, f, PPI), s = 1 + ((recipient + f) mod (N - 1)),
 * the sum taken without wrapping.  A payload too short for the header
 * (never sent by sctp-fwd.c) stays on the channel's stream.
 */
static uint16_t
mapped_stream(const struct sctp_ms_conn *c, const u_char *p, size_t len)
{
	uint64_t sum;

	if (len < 9 + SCTP_FWD_HDR_LEN)
		return stream_for(c, p, len);
	sum = (uint64_t)PEEK_U32(p + 1) + PEEK_U16(p + 10);
	return 1 + sum % (c->nout - 1);
}

static struct ms_uchan *
uchan_by_local(const struct sctp_ms_conn *c, u_int id)
{
	struct ms_uchan *u;

	TAILQ_FOREACH(u, &c->uchans, next)
		if (u->local_id == id)
			return u;
	return NULL;
}

static struct ms_uchan *
uchan_by_remote(const struct sctp_ms_conn *c, u_int id)
{
	struct ms_uchan *u;

	/*
	 * Not once we sent CLOSE: the peer may then reuse the number for a
	 * channel of another kind before our channel is gone.
	 */
	TAILQ_FOREACH(u, &c->uchans, next)
		if (u->remote_id == id && !u->close_sent)
			return u;
	return NULL;
}

static struct ms_mchan *
mchan_by_remote(const struct sctp_ms_conn *c, u_int id)
{
	struct ms_mchan *mc;

	TAILQ_FOREACH(mc, &c->mchans, next)
		if (mc->remote_id == id)
			return mc;
	return NULL;
}

/*
 * Forget the channel local_id, and any older channel the peer knew by
 * remote_id (the peer reuses a number only after both CLOSEs, so the old
 * channel sends nothing more): lookups by either number find one channel.
 */
static void
channel_forget(struct sctp_ms_conn *c, u_int local_id, int any_remote,
    u_int remote_id)
{
	struct ms_uchan *u, *ut;
	struct ms_mchan *mc, *mt;

	TAILQ_FOREACH_SAFE(u, &c->uchans, next, ut) {
		if (u->local_id == local_id ||
		    (any_remote && u->remote_id == remote_id)) {
			TAILQ_REMOVE(&c->uchans, u, next);
			free(u);
		}
	}
	TAILQ_FOREACH_SAFE(mc, &c->mchans, next, mt) {
		if (mc->local_id == local_id ||
		    (any_remote && mc->remote_id == remote_id)) {
			TAILQ_REMOVE(&c->mchans, mc, next);
			free(mc);
		}
	}
}

static int
spread_ok(const struct sctp_ms_conn *c)
{
	return c != NULL && c->active_in && c->active_out && c->full_io &&
	    c->nout >= 2;
}

/*
 * 3.8: from now on the channel's CHANNEL_DATA travels unsequenced both
 * ways.  Called while the packet that starts the channel for us is being
 * processed (its confirmation, or its "ready" request): that packet's
 * level-3 number is the channel's first.  -1 if it is not such a packet.
 */
int
sctp_ms_unseq_channel(struct sctp_ms_conn *c, u_int local_id,
    u_int remote_id)
{
	struct ms_uchan *u;

	if (!spread_ok(c) || !c->cur_valid || c->cur_recipient != local_id)
		return -1;
	channel_forget(c, local_id, 1, remote_id);
	u = xcalloc(1, sizeof(*u));
	u->local_id = local_id;
	u->remote_id = remote_id;
	u->first = c->cur_seq3;
	TAILQ_INSERT_TAIL(&c->uchans, u, next);
	c->rcv.allow_unseq = 1;	/* from now on 3.8 drops what it cannot place */
	debug2_f("channel %u: data unsequenced on stream %u from number %u",
	    local_id, c->cur_stream, u->first);
	return 0;
}

/*
 * 3.8: from now on the SCTP channel's CHANNEL_DATA goes on the streams of
 * its forwarded streams; the caller has sent "ready" (the opener) or
 * received it (the confirmer).  -1 without channels on streams.
 */
int
sctp_ms_map_channel(struct sctp_ms_conn *c, u_int local_id, u_int remote_id)
{
	struct ms_mchan *mc;

	if (!spread_ok(c))
		return -1;
	channel_forget(c, local_id, 1, remote_id);
	mc = xcalloc(1, sizeof(*mc));
	mc->local_id = local_id;
	mc->remote_id = remote_id;
	TAILQ_INSERT_TAIL(&c->mchans, mc, next);
	debug2_f("channel %u: forwarded streams on %u SSH streams", local_id,
	    c->nout - 1);
	return 0;
}

/* The channel is gone: its number may be used again. */
void
sctp_ms_channel_gone(struct sctp_ms_conn *c, u_int local_id)
{
	if (c != NULL)
		channel_forget(c, local_id, 0, 0);
}

/* Whether this outgoing packet goes unsequenced (2.8, 3.8). */
static int
send_unseq(const struct sctp_ms_conn *c, const u_char *p, size_t len)
{
	return len >= 5 && (p[0] == SSH2_MSG_CHANNEL_DATA ||
	    p[0] == SSH2_MSG_CHANNEL_EXTENDED_DATA) &&
	    uchan_by_remote(c, PEEK_U32(p + 1)) != NULL;
}

/* Whether a CHANNEL_REQUEST payload names the request name. */
static int
request_is(const u_char *p, size_t len, const char *name)
{
	size_t n = strlen(name);

	return len >= 9 + n && PEEK_U32(p + 5) == n &&
	    memcmp(p + 9, name, n) == 0;
}

/*
 * 3.8 for a mapped channel: its data's stream, and whether its EOF, CLOSE
 * or request (sctp-abort) must wait for a drain, because its sequenced
 * data went on another stream than its own since its last drain.
 */
static uint16_t
send_mapped(struct sctp_ms_conn *c, const u_char *p, size_t len,
    uint16_t stream, int *drain)
{
	struct ms_mchan *mc;
	uint16_t s;

	*drain = 0;
	if (len < 5 || stream == 0 ||
	    (mc = mchan_by_remote(c, PEEK_U32(p + 1))) == NULL)
		return stream;
	switch (p[0]) {
	case SSH2_MSG_CHANNEL_DATA:
		if ((s = mapped_stream(c, p, len)) != stream)
			mc->offhome = 1;
		return s;
	case SSH2_MSG_CHANNEL_REQUEST:
		if (!request_is(p, len, SCTP_ABORT_REQUEST))
			break;
		/* FALLTHROUGH */
	case SSH2_MSG_CHANNEL_EOF:
	case SSH2_MSG_CHANNEL_CLOSE:
		if (mc->offhome) {
			*drain = 1;
			mc->offhome = 0;
		}
		if (p[0] == SSH2_MSG_CHANNEL_CLOSE) {
			/*
			 * Nothing more goes to this channel; the peer may
			 * reuse its number for a channel of another kind.
			 */
			TAILQ_REMOVE(&c->mchans, mc, next);
			free(mc);
		}
		break;
	}
	return stream;
}

int
sctp_ms_send(struct sctp_ms_conn *c, const u_char *payload, size_t len,
    u_int *sealed_len)
{
	struct sctp_ms_hdr h;
	struct ms_msg *m;
	struct ms_uchan *u;
	uint16_t stream;
	int r, unseq, drain = 0;

	if (c == NULL || !c->active_out || len == 0)
		return SSH_ERR_INTERNAL_ERROR;
	unseq = send_unseq(c, payload, len);
	stream = stream_for(c, payload, len);
	if (payload[0] == SSH2_MSG_CHANNEL_CLOSE && len >= 5 &&
	    (u = uchan_by_remote(c, PEEK_U32(payload + 1))) != NULL)
		u->close_sent = 1;	/* its receive state stays until free */
	if (!unseq)
		stream = send_mapped(c, payload, len, stream, &drain);
	if ((r = sctp_ms_send_number(&c->snd, payload[0], stream, unseq,
	    &h)) != 0)
		return r;
	m = xcalloc(1, sizeof(*m));
	if ((m->b = sshbuf_new()) == NULL) {
		free(m);
		return SSH_ERR_ALLOC_FAIL;
	}
	if ((r = sctp_ms_seal(c->enc, &h, payload, len, m->b)) != 0) {
		sshbuf_free(m->b);
		free(m);
		return r;
	}
	m->stream = h.stream;
	m->level1 = sctp_ms_type_level1(payload[0]);
	m->unseq = unseq;
	m->drain = drain;
	*sealed_len = sshbuf_len(m->b);
	c->outq_bytes += sshbuf_len(m->b);
	TAILQ_INSERT_TAIL(&c->outq, m, next);
	return 0;
}

static void
dry_subscribe(struct sctp_ms_conn *c, int on)
{
	struct sctp_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.se_type = SCTP_SENDER_DRY_EVENT;
	ev.se_on = on;
	if (setsockopt(c->fd, IPPROTO_SCTP, SCTP_EVENT, &ev,
	    sizeof(ev)) == -1)
		fatal_f("SCTP_SENDER_DRY_EVENT: %s", strerror(errno));
	c->dry_wait = on;
	c->dry = 0;
	c->drain_deadline = on && sctp_options_drain_timeout() > 0 ?
	    monotime_double() + sctp_options_drain_timeout() : 0;
	if (on) {
		c->drain_start = monotime_double();
		debug3_f("SCTP drain waits for SENDER_DRY");
	} else
		debug2_f("SCTP drain done after %.3f s",
		    monotime_double() - c->drain_start);
}

/* Whether the head of the queue must wait for a drain (2.7). */
static int
must_drain(const struct sctp_ms_conn *c, const struct ms_msg *m)
{
	return ((m->level1 || m->drain) && c->nonzero) ||
	    (m->stream != 0 && c->after_newkeys);
}

/*
 * The next message to write (G9, 2.11): with prio or wfq, the first one of
 * an interactive stream goes before bulk ones queued earlier, so that it
 * does not wait behind their backlog here, where the kernel's scheduler
 * cannot see it.  Never past a level-1 message, and within a stream the
 * order stays (a stream has one class).
 */
static struct ms_msg *
pick_next(const struct sctp_ms_conn *c)
{
	struct ms_msg *m, *head = TAILQ_FIRST(&c->outq);

	if (head == NULL || c->sclass == NULL || c->sclass[head->stream] == 1 ||
	    (c->sched != SCTP_SCHED_PRIO && c->sched != SCTP_SCHED_WFQ))
		return head;
	TAILQ_FOREACH(m, &c->outq, next) {
		if (m->level1 || m->drain)
			break;
		if (c->sclass[m->stream] == 1 && !must_drain(c, m))
			return m;
	}
	return head;
}

static int
drain_expired(const struct sctp_ms_conn *c)
{
	return c->dry_wait && c->drain_deadline != 0 &&
	    monotime_double() >= c->drain_deadline;
}

/*
 * Whether m should ask for an immediate SACK (2.7): a level-1 message, or
 * one after which the queue is empty or a level-1 message comes next, so
 * that a drain does not wait for the peer's delayed acknowledgement.
 */
static int
sack_now(const struct sctp_ms_conn *c, const struct ms_msg *m)
{
	const struct ms_msg *next;

	if (m->level1)
		return 1;
	if (TAILQ_FIRST(&c->outq) != m)
		return 0;	/* one picked from behind: others follow */
	next = TAILQ_NEXT(m, next);
	return next == NULL || next->level1 || next->drain;
}

/*
 * 3.8: the PR-SCTP policy of unsequenced data, UDPForwardReliability's: no
 * retransmission (rtx 0) unless it says otherwise.
 */
static void
unseq_policy(struct sctp_prinfo *pi)
{
	const struct sctp_fwd_options *o = sctp_fwd_options_active();

	pi->pr_policy = o->udp_pr == SCTP_FWD_PR_TTL ? SCTP_PR_SCTP_TTL :
	    SCTP_PR_SCTP_RTX;
	pi->pr_value = o->udp_pr_value;
}

static ssize_t
send_one(struct sctp_ms_conn *c, const struct ms_msg *m)
{
	struct msghdr msg;
	struct iovec iov;
	struct cmsghdr *cmsg;
	struct sctp_sndinfo *si;
	struct sctp_prinfo *pi;
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct sctp_sndinfo)) +
		    CMSG_SPACE(sizeof(struct sctp_prinfo))];
	} cbuf;

	if (!c->full_io)
		return write(c->fd, sshbuf_ptr(m->b), sshbuf_len(m->b));
	memset(&msg, 0, sizeof(msg));
	memset(&cbuf, 0, sizeof(cbuf));
	iov.iov_base = (void *)sshbuf_ptr(m->b);
	iov.iov_len = sshbuf_len(m->b);
	msg.msg_iov = &iov;
	msg.msg_iovlen = 1;
	msg.msg_control = cbuf.buf;
	msg.msg_controllen = CMSG_SPACE(sizeof(*si));
	cmsg = CMSG_FIRSTHDR(&msg);
	cmsg->cmsg_level = IPPROTO_SCTP;
	cmsg->cmsg_type = SCTP_SNDINFO;
	cmsg->cmsg_len = CMSG_LEN(sizeof(*si));
	si = (struct sctp_sndinfo *)CMSG_DATA(cmsg);
	si->snd_sid = m->stream;
	if (sack_now(c, m))
		si->snd_flags = SCTP_SACK_IMMEDIATELY;
	if (m->unseq) {
		/* 2.8: unordered, partially reliable (UDPForwardReliability) */
		si->snd_flags |= SCTP_UNORDERED;
		msg.msg_controllen = sizeof(cbuf.buf);
		cmsg = CMSG_NXTHDR(&msg, cmsg);
		cmsg->cmsg_level = IPPROTO_SCTP;
		cmsg->cmsg_type = SCTP_PRINFO;
		cmsg->cmsg_len = CMSG_LEN(sizeof(*pi));
		pi = (struct sctp_prinfo *)CMSG_DATA(cmsg);
		unseq_policy(pi);
	}
	return sendmsg(c->fd, &msg, MSG_DONTWAIT | MSG_NOSIGNAL);
}

/*
 * Write queued messages, in order, until the socket is full or the head
 * must wait for a drain.  While waiting, read (into input) whatever the
 * peer sent, to see SENDER_DRY among it.
 */
int
sctp_ms_flush(struct sctp_ms_conn *c, struct sshbuf *input)
{
	struct ms_msg *m;
	ssize_t n;
	size_t rlen;
	int r;

	if (c == NULL)
		return 0;
	while ((m = pick_next(c)) != NULL) {
		if (must_drain(c, m)) {
			if (!c->dry_wait)
				dry_subscribe(c, 1);
			while (!c->dry) {
				if (drain_expired(c)) {
					error("SCTP drain timed out after %d "
					    "seconds: the peer acknowledges "
					    "nothing (SCTPDrainTimeout)",
					    sctp_options_drain_timeout());
					return SSH_ERR_CONN_TIMEOUT;
				}
				/* Never block here: the caller polls. */
				r = ms_read(c, input, &rlen, 1);
				if (r == SSH_ERR_SYSTEM_ERROR &&
				    (errno == EAGAIN || errno == EWOULDBLOCK ||
				    errno == EINTR))
					return 0;
				if (r != 0)
					return r;
			}
			dry_subscribe(c, 0);
			c->nonzero = c->after_newkeys = 0;
			c->drains++;
		}
		if ((n = send_one(c, m)) == -1) {
			if (errno == EAGAIN || errno == EWOULDBLOCK ||
			    errno == EINTR)
				return 0;
			return SSH_ERR_SYSTEM_ERROR;
		}
		if ((size_t)n != sshbuf_len(m->b))
			return SSH_ERR_INTERNAL_ERROR;	/* SCTP: all or none */
		debug3_f("stream %u: message of %zu bytes", m->stream,
		    sshbuf_len(m->b));
		if (m->stream != 0)
			c->nonzero = 1;
		c->outq_bytes -= sshbuf_len(m->b);
		TAILQ_REMOVE(&c->outq, m, next);
		sshbuf_free(m->b);
		free(m);
	}
	return 0;
}

/*
 * Called whenever the connection wakes up (ssh_packet_check_rekey): a
 * drain past SCTPDrainTimeout ends the connection even if the socket
 * never becomes writable again (G16).
 */
int
sctp_ms_check_drain(const struct sctp_ms_conn *c)
{
	if (c == NULL || !drain_expired(c))
		return 0;
	error("SCTP drain timed out after %d seconds: the peer acknowledges "
	    "nothing (SCTPDrainTimeout)", sctp_options_drain_timeout());
	return SSH_ERR_CONN_TIMEOUT;
}

/*
 * Output for sctp_ms_flush() when the socket is writable: a message to
 * send, or a drain to start.  Not while a drain waits for its event.
 */
int
sctp_ms_have_output(const struct sctp_ms_conn *c)
{
	const struct ms_msg *m;

	if (c == NULL || (m = pick_next(c)) == NULL)
		return 0;
	/* An expired drain too, so that flush reports it. */
	return !must_drain(c, m) || !c->dry_wait || c->dry ||
	    drain_expired(c);
}

/* Output waiting for a drain: the caller must poll for input. */
int
sctp_ms_waiting(const struct sctp_ms_conn *c)
{
	const struct ms_msg *m;

	if (c == NULL || (m = pick_next(c)) == NULL)
		return 0;
	return must_drain(c, m) && !c->dry;
}

size_t
sctp_ms_queued(const struct sctp_ms_conn *c)
{
	return c == NULL ? 0 : c->outq_bytes;
}

u_int
sctp_ms_drains(const struct sctp_ms_conn *c)
{
	return c == NULL ? 0 : c->drains;
}

static int
add_record(struct sshbuf *input, uint16_t stream, uint8_t flags,
    const u_char *p, size_t len)
{
	int r;

	if ((r = sshbuf_put_u32(input, len)) != 0 ||
	    (r = sshbuf_put_u16(input, stream)) != 0 ||
	    (r = sshbuf_put_u8(input, flags)) != 0 ||
	    (r = sshbuf_put(input, p, len)) != 0)
		return r;
	return 0;
}

static void
notification(struct sctp_ms_conn *c, const u_char *p, size_t len)
{
	const union sctp_notification *sn = (const void *)p;

	if (len < sizeof(sn->sn_header))
		return;
	if (sn->sn_header.sn_type == SCTP_SENDER_DRY_EVENT) {
		if (c->dry_wait)
			c->dry = 1;
		return;
	}
	/* A path came, went or changed: its MTU may differ (2.10). */
	c->mtu_stale = 1;
	sctp_log_notification(c->fd, p, len);
}

/*
 * Read one SCTP message, or the rest of one, and append it to input as
 * a record with its stream and unordered flag.  As sshbuf_read(): 0
 * with *rlen set, or SSH_ERR_SYSTEM_ERROR with errno (EAGAIN when only
 * a notification or part of a message came, EPIPE at the end).
 */
int
sctp_ms_read(struct sctp_ms_conn *c, struct sshbuf *input, size_t *rlen)
{
	size_t n, total = 0;
	int r;

	/*
	 * Take every message already there, as a read(2) of a byte stream
	 * would, not one per call: each call costs the caller a poll round.
	 */
	if ((r = ms_read(c, input, &total, 0)) != 0)
		return r;
	while (c->full_io && total < SCTP_MS_MAX_MSG) {
		/* Anything else, the end included, comes again next time. */
		if (ms_read(c, input, &n, 1) != 0)
			break;
		total += n;
	}
	*rlen = total;
	return 0;
}

/* As sctp_ms_read(); with dontwait, the first read does not block either. */
static int
ms_read(struct sctp_ms_conn *c, struct sshbuf *input, size_t *rlen,
    int dontwait)
{
	struct msghdr msg;
	struct iovec iov;
	struct cmsghdr *cmsg;
	struct sctp_rcvinfo ri;
	union {
		struct cmsghdr hdr;
		u_char buf[CMSG_SPACE(sizeof(struct sctp_rcvinfo))];
	} cbuf;
	u_char *d;
	ssize_t n;
	size_t have;
	int r, flags = dontwait ? MSG_DONTWAIT : 0, got_info;

	*rlen = 0;
	if (c->partial == NULL && (c->partial = sshbuf_new()) == NULL)
		return SSH_ERR_ALLOC_FAIL;
	for (;;) {
		have = sshbuf_len(c->partial);
		if (have >= SCTP_MS_MAX_MSG) {
			error("SCTP message longer than %d bytes",
			    SCTP_MS_MAX_MSG);
			return SSH_ERR_MESSAGE_INCOMPLETE;
		}
		if ((r = sshbuf_reserve(c->partial, SCTP_MS_MAX_MSG - have,
		    &d)) != 0)
			return r;
		if (!c->full_io) {
			/* One read is one message here (see above). */
			n = read(c->fd, d, SCTP_MS_MAX_MSG - have);
			msg.msg_flags = MSG_EOR;
			got_info = 0;
		} else {
			memset(&msg, 0, sizeof(msg));
			iov.iov_base = d;
			iov.iov_len = SCTP_MS_MAX_MSG - have;
			msg.msg_iov = &iov;
			msg.msg_iovlen = 1;
			msg.msg_control = cbuf.buf;
			msg.msg_controllen = sizeof(cbuf.buf);
			n = recvmsg(c->fd, &msg, flags);
			got_info = 0;
			for (cmsg = CMSG_FIRSTHDR(&msg); n > 0 && cmsg != NULL;
			    cmsg = CMSG_NXTHDR(&msg, cmsg)) {
				if (cmsg->cmsg_level == IPPROTO_SCTP &&
				    cmsg->cmsg_type == SCTP_RCVINFO &&
				    cmsg->cmsg_len >= CMSG_LEN(sizeof(ri))) {
					memcpy(&ri, CMSG_DATA(cmsg),
					    sizeof(ri));
					got_info = 1;
				}
			}
		}
		if (sshbuf_consume_end(c->partial, SCTP_MS_MAX_MSG - have -
		    (n > 0 ? n : 0)) != 0)
			return SSH_ERR_INTERNAL_ERROR;
		if (n == -1)
			return SSH_ERR_SYSTEM_ERROR;
		if (n == 0) {
			errno = EPIPE;
			return SSH_ERR_SYSTEM_ERROR;
		}
		if (have == 0) {
			c->partial_stream = got_info ? ri.rcv_sid : 0;
			c->partial_flags = got_info &&
			    (ri.rcv_flags & SCTP_UNORDERED) ?
			    SCTP_MS_F_UNORDERED : 0;
		}
		if (!(msg.msg_flags & MSG_EOR)) {
			/* More of this message follows; as for data. */
			if (msg.msg_flags & MSG_NOTIFICATION)
				continue;
			errno = EAGAIN;
			return SSH_ERR_SYSTEM_ERROR;
		}
		if (msg.msg_flags & MSG_NOTIFICATION) {
			notification(c, sshbuf_ptr(c->partial),
			    sshbuf_len(c->partial));
			sshbuf_reset(c->partial);
			/* Nothing more may be waiting: do not block. */
			flags = MSG_DONTWAIT;
			if (c->dry_wait && c->dry)
				break;
			continue;
		}
		*rlen = sshbuf_len(c->partial);
		r = add_record(input, c->partial_stream, c->partial_flags,
		    sshbuf_ptr(c->partial), sshbuf_len(c->partial));
		sshbuf_reset(c->partial);
		return r;
	}
	errno = EAGAIN;
	return SSH_ERR_SYSTEM_ERROR;
}

/*
 * Take the next record from input, open it and apply the receive rules
 * (2.6); on acceptance append the message to packet in the RFC 4253
 * layout (length, padding length 4, payload, 4 bytes of padding) that
 * the rest of the packet layer expects.  Dropped packets (2.8) are
 * skipped.  An empty packet means no complete record.
 */
/*
 * 3.8, after the receive rules: an unsequenced packet is processed only for
 * a channel that has started, has not ended and is not older than it; a
 * sequenced one is remembered for sctp_ms_unseq_channel(), and ends or
 * renews the channels' ages.  0 to drop (not an error: the data may be late
 * by design, and its tag shows it came from the peer).
 */
static int
recv_channel(struct sctp_ms_conn *c, const struct sctp_ms_hdr *h,
    const u_char *p, size_t len)
{
	struct ms_uchan *u;
	u_int id;

	c->cur_valid = 0;
	if ((h->counter & SCTP_MS_UNSEQ) != 0) {
		/* sctp_ms_recv_check() let only CHANNEL_DATA through */
		if (len < 5 || (u = uchan_by_local(c, PEEK_U32(p + 1))) ==
		    NULL || u->closed || h->seq3 < u->first) {
			c->uchan_dropped++;
			return 0;
		}
		return 1;
	}
	if (sctp_ms_type_level1(p[0])) {
		/* A new epoch: everything older was drained (2.7). */
		TAILQ_FOREACH(u, &c->uchans, next)
			u->first = 0;
		return 1;
	}
	if (h->stream == 0 || len < 5 || !sctp_ms_type_channel(p[0]))
		return 1;
	id = PEEK_U32(p + 1);
	c->cur_valid = 1;
	c->cur_stream = h->stream;
	c->cur_seq3 = h->seq3;
	c->cur_recipient = id;
	if ((p[0] == SSH2_MSG_CHANNEL_EOF || p[0] == SSH2_MSG_CHANNEL_CLOSE) &&
	    (u = uchan_by_local(c, id)) != NULL)
		u->closed = 1;
	return 1;
}

int
sctp_ms_recv(struct sctp_ms_conn *c, struct sshbuf *input,
    struct sshbuf *packet)
{
	struct sctp_ms_hdr h;
	const u_char *p;
	uint32_t len;
	uint16_t stream;
	uint8_t flags;
	int r, verdict;

	for (;;) {
		if (sshbuf_len(input) < REC_HDR)
			return 0;
		p = sshbuf_ptr(input);
		len = PEEK_U32(p);
		stream = PEEK_U16(p + 4);
		flags = p[6];
		if (sshbuf_len(input) < REC_HDR + (size_t)len)
			return SSH_ERR_INTERNAL_ERROR;	/* whole records only */
		if ((r = sshbuf_put_u32(packet, 0)) != 0 ||
		    (r = sshbuf_put_u8(packet, 4)) != 0)
			return r;
		r = sctp_ms_open(c->dec, p + REC_HDR, len, stream,
		    (flags & SCTP_MS_F_UNORDERED) != 0, &h, packet);
		if (r != 0) {
			error("SCTP stream %u: packet of %u bytes refused: %s",
			    stream, len, ssh_err(r));
			return r;
		}
		if ((r = sshbuf_consume(input, REC_HDR + len)) != 0)
			return r;
		p = sshbuf_ptr(packet);
		if ((r = sctp_ms_recv_check(&c->rcv, &h, p[5],
		    &verdict)) != 0) {
			error("SCTP stream %u: %s (numbers %u/%u/%u, counter "
			    "%llu)", stream, c->rcv.why, h.seq1, h.seq2,
			    h.seq3, (unsigned long long)h.counter);
			return SSH_ERR_PROTOCOL_ERROR;
		}
		if (verdict == SCTP_MS_ACCEPT && recv_channel(c, &h,
		    sshbuf_ptr(packet) + 5, sshbuf_len(packet) - 5))
			break;
		debug3_f("stream %u: late or replayed packet dropped",
		    stream);
		sshbuf_reset(packet);
	}
	if ((r = sshbuf_put(packet, "\0\0\0\0", 4)) != 0)
		return r;
	POKE_U32(sshbuf_mutable_ptr(packet), sshbuf_len(packet) - 4);
	return 0;
}

/* The connection's mode state for privilege separation. */
int
sctp_ms_state_put(const struct sctp_ms_conn *c, struct sshbuf *m)
{
	const struct ms_msg *msg;
	u_int i, nq = 0;
	int r;

	if (c == NULL || !c->agreed)
		return sshbuf_put_u8(m, 0);
	TAILQ_FOREACH(msg, &c->outq, next)
		nq++;
	if ((r = sshbuf_put_u8(m, 1)) != 0 ||
	    (r = sshbuf_put_u8(m, c->active_in)) != 0 ||
	    (r = sshbuf_put_u8(m, c->active_out)) != 0 ||
	    (r = sshbuf_put_u8(m, c->nonzero)) != 0 ||
	    (r = sshbuf_put_u8(m, c->after_newkeys)) != 0)
		return r;
	if (c->active_out) {
		if ((r = sshbuf_put_u32(m, c->snd.epoch)) != 0 ||
		    (r = sshbuf_put_u32(m, c->snd.c0)) != 0 ||
		    (r = sshbuf_put_u64(m, c->snd.seq_ctr)) != 0 ||
		    (r = sshbuf_put_u64(m, c->snd.unseq_ctr)) != 0 ||
		    (r = sshbuf_put_u32(m, c->snd.nstreams)) != 0)
			return r;
		for (i = 0; i < c->snd.nstreams; i++)
			if ((r = sshbuf_put_u32(m, c->snd.c[i])) != 0)
				return r;
	}
	if (c->active_in) {
		if ((r = sshbuf_put_u32(m, c->rcv.epoch)) != 0 ||
		    (r = sshbuf_put_u32(m, c->rcv.x0)) != 0 ||
		    (r = sshbuf_put_u64(m, c->rcv.r)) != 0 ||
		    (r = sshbuf_put_u64(m, c->rcv.h)) != 0 ||
		    (r = sshbuf_put_u32(m, c->rcv.nstreams)) != 0)
			return r;
		for (i = 0; i < c->rcv.nstreams; i++)
			if ((r = sshbuf_put_u32(m, c->rcv.x[i])) != 0)
				return r;
	}
	if ((r = sshbuf_put_u32(m, nq)) != 0)
		return r;
	TAILQ_FOREACH(msg, &c->outq, next) {
		if ((r = sshbuf_put_u16(m, msg->stream)) != 0 ||
		    (r = sshbuf_put_u8(m, msg->level1)) != 0 ||
		    (r = sshbuf_put_stringb(m, msg->b)) != 0)
			return r;
	}
	return 0;
}

int
sctp_ms_state_get(struct sctp_ms_conn *c, struct sshbuf *m)
{
	struct ms_msg *msg;
	u_char agreed, in, out, nonzero, after, level1;
	uint32_t n, i, nq;
	int r;

	if ((r = sshbuf_get_u8(m, &agreed)) != 0)
		return r;
	if (!agreed)
		return 0;
	if (c == NULL)
		return SSH_ERR_INVALID_FORMAT;
	if ((r = sshbuf_get_u8(m, &in)) != 0 ||
	    (r = sshbuf_get_u8(m, &out)) != 0 ||
	    (r = sshbuf_get_u8(m, &nonzero)) != 0 ||
	    (r = sshbuf_get_u8(m, &after)) != 0)
		return r;
	c->agreed = 1;
	c->nonzero = nonzero;
	c->after_newkeys = after;
	if (out) {
		if ((r = sctp_ms_newkeys(c, 1, NULL)) != 0)
			return r;
		if ((r = sshbuf_get_u32(m, &c->snd.epoch)) != 0 ||
		    (r = sshbuf_get_u32(m, &c->snd.c0)) != 0 ||
		    (r = sshbuf_get_u64(m, &c->snd.seq_ctr)) != 0 ||
		    (r = sshbuf_get_u64(m, &c->snd.unseq_ctr)) != 0 ||
		    (r = sshbuf_get_u32(m, &n)) != 0)
			return r;
		/* The two halves of the counter stay apart (2.3). */
		if (n != c->snd.nstreams || c->snd.seq_ctr >= SCTP_MS_UNSEQ ||
		    c->snd.unseq_ctr < SCTP_MS_UNSEQ)
			return SSH_ERR_INVALID_FORMAT;
		for (i = 0; i < n; i++)
			if ((r = sshbuf_get_u32(m, &c->snd.c[i])) != 0)
				return r;
		c->after_newkeys = after;
	}
	if (in) {
		if ((r = sctp_ms_newkeys(c, 0, NULL)) != 0)
			return r;
		if ((r = sshbuf_get_u32(m, &c->rcv.epoch)) != 0 ||
		    (r = sshbuf_get_u32(m, &c->rcv.x0)) != 0 ||
		    (r = sshbuf_get_u64(m, &c->rcv.r)) != 0 ||
		    (r = sshbuf_get_u64(m, &c->rcv.h)) != 0 ||
		    (r = sshbuf_get_u32(m, &n)) != 0)
			return r;
		if (n != c->rcv.nstreams)
			return SSH_ERR_INVALID_FORMAT;
		for (i = 0; i < n; i++)
			if ((r = sshbuf_get_u32(m, &c->rcv.x[i])) != 0)
				return r;
	}
	/*
	 * The monitor takes this state from the pre-authentication child,
	 * which it does not trust: whatever indexes or bounds something is
	 * checked here (every queued message at least 7 bytes long).
	 */
	if ((r = sshbuf_get_u32(m, &nq)) != 0)
		return r;
	if (nq > sshbuf_len(m) / 7)
		return SSH_ERR_INVALID_FORMAT;
	for (i = 0; i < nq; i++) {
		msg = xcalloc(1, sizeof(*msg));
		if ((msg->b = sshbuf_new()) == NULL) {
			free(msg);
			return SSH_ERR_ALLOC_FAIL;
		}
		TAILQ_INSERT_TAIL(&c->outq, msg, next);
		if ((r = sshbuf_get_u16(m, &msg->stream)) != 0 ||
		    (r = sshbuf_get_u8(m, &level1)) != 0 ||
		    (r = sshbuf_get_stringb(m, msg->b)) != 0)
			return r;
		if (msg->stream >= c->nout || level1 > 1 ||
		    sshbuf_len(msg->b) == 0 ||
		    sshbuf_len(msg->b) > SCTP_MS_MAX_MSG)
			return SSH_ERR_INVALID_FORMAT;
		msg->level1 = level1;
		c->outq_bytes += sshbuf_len(msg->b);
	}
	return 0;
}

#else /* WITH_SCTP */

struct sctp_ms_conn *sctp_ms_conn_new(int fd) { return NULL; }
void sctp_ms_conn_free(struct sctp_ms_conn *c) { }
void sctp_ms_full_io(int fd) { }
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
int sctp_ms_have_output(const struct sctp_ms_conn *c) { return 0; }
int sctp_ms_waiting(const struct sctp_ms_conn *c) { return 0; }
size_t sctp_ms_queued(const struct sctp_ms_conn *c) { return 0; }
u_int sctp_ms_drains(const struct sctp_ms_conn *c) { return 0; }
int sctp_ms_check_drain(const struct sctp_ms_conn *c) { return 0; }
int sctp_ms_read(struct sctp_ms_conn *c, struct sshbuf *in, size_t *rlen)
    { return SSH_ERR_INTERNAL_ERROR; }
int sctp_ms_recv(struct sctp_ms_conn *c, struct sshbuf *in,
    struct sshbuf *p) { return SSH_ERR_INTERNAL_ERROR; }
int sctp_ms_state_put(const struct sctp_ms_conn *c, struct sshbuf *m)
    { return sshbuf_put_u8(m, 0); }
int sctp_ms_unseq_channel(struct sctp_ms_conn *c, u_int l, u_int r)
    { return -1; }
int sctp_ms_map_channel(struct sctp_ms_conn *c, u_int l, u_int r)
    { return -1; }
void sctp_ms_channel_gone(struct sctp_ms_conn *c, u_int l) { }
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
