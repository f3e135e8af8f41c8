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
 * Multi-stream mode, the negotiation (PROTOCOL.sctp 2.1): the
 * pseudo-algorithm in the KEXINITs, the ciphers the mode can use, and the
 * numbers that restart at each NEWKEYS (2.3, 2.4).
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
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-ms-int.h"
#include "sctp/sctp-options.h"

#ifdef WITH_SCTP

#define KEX_NAME_C	"sctp-streams-c-v01@openssh-sctp.invalid"
#define KEX_NAME_S	"sctp-streams-s-v01@openssh-sctp.invalid"
#define KEX_NAME_C2	"sctp-streams-c-v02@openssh-sctp.invalid"
#define KEX_NAME_S2	"sctp-streams-s-v02@openssh-sctp.invalid"
#define KEX_NAME_C3	"sctp-streams-c-v03@openssh-sctp.invalid"
#define KEX_NAME_S3	"sctp-streams-s-v03@openssh-sctp.invalid"

/* 2.1: the pseudo-algorithms to append to our initial KEXINIT, or NULL. */
const char *
sctp_ms_kex_offer(struct sctp_ms_conn *c, int server)
{
	const char *lacks;

	if (c == NULL || !c->opts->channel_streams || c->nout < 2 ||
	    c->nin < 2)
		return NULL;
	if ((lacks = sctp_ms_cipher_missing()) != NULL) {
		debug("SCTP channels on streams: not offered: this build "
		    "has no %s", lacks);
		return NULL;
	}
	if (c->no_rcvinfo) {
		debug("SCTP channels on streams: not offered: the kernel "
		    "gives no message's stream (SCTP_RECVRCVINFO)");
		return NULL;
	}
	c->offered = 1;
	return server ? KEX_NAME_S3 "," KEX_NAME_S2 "," KEX_NAME_S :
	    KEX_NAME_C3 "," KEX_NAME_C2 "," KEX_NAME_C;
}

/* Whether the peer's kex_algorithms list names name. */
static int
offered(const char *name, const char *peer_kexalgs)
{
	char *found = match_list(name, peer_kexalgs, NULL);
	int r = found != NULL;

	free(found);
	return r;
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
	int peer, peer2, peer3;

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
	peer3 = offered(server ? KEX_NAME_C3 : KEX_NAME_S3, peer_kexalgs);
	peer2 = peer3 ||
	    offered(server ? KEX_NAME_C2 : KEX_NAME_S2, peer_kexalgs);
	peer = peer2 || offered(server ? KEX_NAME_C : KEX_NAME_S, peer_kexalgs);
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
	c->v2 = peer2;
	c->v3 = peer3;
	debug("SCTP channels on streams in use: %u streams out, %u in "
	    "(version %d)", c->nout, c->nin, c->v3 ? 3 : c->v2 ? 2 : 1);
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
	if (!out && c->dec != NULL) {
		/* 2.8: kept for late unsequenced packets */
		sctp_ms_cipher_free(c->dec_prev);
		c->dec_prev = c->dec;
		c->dec_prev_until = monotime_double() + SCTP_MS_PREV_KEY_SECS;
		c->dec = NULL;
	}
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
		c->nkeys++;	/* 2.12 */
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
	c->hold_first = 0;
	c->nkeys_in++;	/* 2.12 (b) */
	c->active_in = 1;
	return 0;
}

#endif /* WITH_SCTP */
