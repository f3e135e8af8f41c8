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
 * SCTP-AUTH keyed by SSH (PROTOCOL.sctp 1.4).  Key numbers count key
 * exchanges (1 for the initial one); SCTP's key identifiers are 16 bits
 * and 0 is the kernel's empty key, so identifier = ((n - 1) % 65535) + 1.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "log.h"
#include "match.h"
#include "digest.h"
#include "kex.h"
#include "packet.h"
#include "ssh2.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-authkey.h"
#include "sctp/sctp-net.h"
#include "sctp/sctp-ms-conn.h"

#define AK_LABEL	"openssh-sctp sctp-auth v01"
#define AK_KEYLEN	32	/* SHA-256 */

#define AK_MAX_AHEAD	16	/* keys installed past the active one */
#define AK_MAX_RETIRE	8	/* retirements waiting for SENDER_DRY */

struct sctp_ak {
	int	 offered;	/* we offered (initial KEXINIT) */
	int	 agreed;	/* both did */
	int	 started;	/* user authentication succeeded: (a) */
	u_int	 kex_in, kex_out;	/* NEWKEYS taken, per direction */
	u_char	*key_in, *key_out;	/* their cipher keys, the latest */
	u_int	 key_in_len, key_out_len;
	u_int	 installed;	/* number of the key installed last */
	u_int	 peer_id;	/* identifier of the peer's last key msg */
	u_int	 active;	/* number of the active key, 0: key 0 */
	u_int	 retire[AK_MAX_RETIRE];	/* (b): ids waiting for DRY */
	u_int	 nretire;
	u_char	 newest[AK_KEYLEN];	/* K(installed): ssh, for a restart */
	u_int	 restart_n;	/* the active key at ssh's last restart */
};

static u_int
key_id(u_int n)
{
	return n == 0 ? 0 : ((n - 1) % 65535) + 1;
}

static void
set_key(u_char **kp, u_int *lenp, const u_char *key, u_int keylen)
{
	freezero(*kp, *lenp);
	*kp = NULL;
	*lenp = 0;
	if (keylen == 0)
		return;
	*kp = xmalloc(keylen);
	memcpy(*kp, key, keylen);
	*lenp = keylen;
}

#ifdef WITH_SCTP

static int
key_op(int fd, int opt, u_int id)
{
	struct sctp_authkeyid k;

	memset(&k, 0, sizeof(k));
	k.scact_keynumber = id;
	return setsockopt(fd, IPPROTO_SCTP, opt, &k, sizeof(k));
}

/* K(n) of 1.4 from the latest exchange's cipher keys. */
static int
derive(struct ssh *ssh, struct sctp_ak *ak, u_char *out)
{
	struct sshbuf *b;
	const u_char *c2s, *s2c;
	u_int c2s_len, s2c_len;
	int r, server = ssh->kex != NULL && ssh->kex->server;

	c2s = server ? ak->key_in : ak->key_out;
	c2s_len = server ? ak->key_in_len : ak->key_out_len;
	s2c = server ? ak->key_out : ak->key_in;
	s2c_len = server ? ak->key_out_len : ak->key_in_len;
	if (c2s_len == 0 || s2c_len == 0)
		return SSH_ERR_INVALID_ARGUMENT;
	if ((b = sshbuf_new()) == NULL)
		return SSH_ERR_ALLOC_FAIL;
	if ((r = sshbuf_put_cstring(b, AK_LABEL)) == 0 &&
	    (r = sshbuf_put_string(b, c2s, c2s_len)) == 0 &&
	    (r = sshbuf_put_string(b, s2c, s2c_len)) == 0)
		r = ssh_digest_buffer(SSH_DIGEST_SHA256, b, out, AK_KEYLEN);
	sshbuf_free(b);
	return r;
}

static void
send_msg(struct ssh *ssh, const char *name, u_int id)
{
	int r;

	if ((r = sshpkt_start(ssh, SSH2_MSG_GLOBAL_REQUEST)) != 0 ||
	    (r = sshpkt_put_cstring(ssh, name)) != 0 ||
	    (r = sshpkt_put_u8(ssh, 0)) != 0 ||
	    (r = sshpkt_put_u32(ssh, id)) != 0 ||
	    (r = sshpkt_send(ssh)) != 0)
		sshpkt_fatal(ssh, r, "%s: send %s", __func__, name);
}

static void
dry_subscribe(struct ssh *ssh, int on)
{
	ssh->sctp_dry = 0;
	if (sctp_sender_dry_events(ssh_packet_get_connection_in(ssh),
	    on) == -1)
		ssh_packet_disconnect(ssh, "SCTP-AUTH: SENDER_DRY: %s",
		    strerror(errno));
}

/*
 * (b): the key installed last, once the peer has it too.  The key it
 * replaces is retired once every chunk sent under it is acknowledged: in
 * multi-stream mode by 2.7's drain before the message; in single-stream
 * mode when the kernel reports SENDER_DRY (sctp_authkey_poll()).
 */
static void
try_activate(struct ssh *ssh, struct sctp_ak *ak)
{
	int fd = ssh_packet_get_connection_in(ssh);
	u_int old = ak->active;

	if (ak->installed == 0 || ak->installed <= ak->active ||
	    ak->peer_id != key_id(ak->installed))
		return;
	if (key_op(fd, SCTP_AUTH_ACTIVE_KEY, key_id(ak->installed)) == -1)
		ssh_packet_disconnect(ssh, "SCTP-AUTH: activating key %u: %s",
		    key_id(ak->installed), strerror(errno));
	ak->active = ak->installed;
	/* 2.12 (a): resuming after a restart, from the first key on. */
	if (old == 0)
		sctp_ms_resume_enable(ssh->sctp_ms,
		    ssh->kex == NULL || !ssh->kex->server);
	if (sctp_ms_out_active(ssh->sctp_ms)) {
		debug("SCTP-AUTH: key %u active, key %u retired",
		    key_id(ak->active), key_id(old));
		send_msg(ssh, SCTP_AUTHKEY_RETIRE, key_id(old));
		sctp_ms_hold_channels(ssh->sctp_ms, 0);
		return;
	}
	if (ak->nretire >= AK_MAX_RETIRE)
		ssh_packet_disconnect(ssh, "SCTP-AUTH: %u keys wait to be "
		    "retired: the connection never drains", ak->nretire);
	ak->retire[ak->nretire++] = key_id(old);
	debug("SCTP-AUTH: key %u active, key %u retired once all is "
	    "acknowledged", key_id(ak->active), key_id(old));
	dry_subscribe(ssh, 1);
}

void
sctp_authkey_poll(struct ssh *ssh)
{
	struct sctp_ak *ak = ssh->sctp_ak;
	u_int i;

	if (ak == NULL || ak->nretire == 0 || !ssh->sctp_dry)
		return;
	dry_subscribe(ssh, 0);
	for (i = 0; i < ak->nretire; i++) {
		debug("SCTP-AUTH: all acknowledged, key %u retired",
		    ak->retire[i]);
		send_msg(ssh, SCTP_AUTHKEY_RETIRE, ak->retire[i]);
	}
	ak->nretire = 0;
}

/* (a): the latest exchange's key, if its time has come. */
static void
try_install(struct ssh *ssh, struct sctp_ak *ak)
{
	union {
		struct sctp_authkey k;
		u_char b[sizeof(struct sctp_authkey) + AK_KEYLEN];
	} u;
	int r, fd = ssh_packet_get_connection_in(ssh);
	u_int n = ak->kex_in;

	if (!ak->agreed || !ak->started || ak->kex_in != ak->kex_out ||
	    n == 0 || n == ak->installed)
		return;
	if (n - ak->active > AK_MAX_AHEAD)
		ssh_packet_disconnect(ssh, "SCTP-AUTH: the peer takes none of "
		    "%u keys", n - ak->active);
	memset(&u, 0, sizeof(u));
	u.k.sca_keynumber = key_id(n);
	u.k.sca_keylength = AK_KEYLEN;
	r = derive(ssh, ak, u.k.sca_key);
	/* The cipher keys are needed no more. */
	set_key(&ak->key_in, &ak->key_in_len, NULL, 0);
	set_key(&ak->key_out, &ak->key_out_len, NULL, 0);
	if (r != 0) {
		explicit_bzero(&u, sizeof(u));
		ssh_packet_disconnect(ssh, "SCTP-AUTH: key %u: %s",
		    key_id(n), ssh_err(r));
	}
	r = setsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_KEY, &u, sizeof(u));
	/* 2.12: the client's new association needs K(n) (replaced at n+1). */
	if (ssh->kex != NULL && !ssh->kex->server && ssh->sctp_ms != NULL)
		memcpy(ak->newest, u.k.sca_key, AK_KEYLEN);
	explicit_bzero(&u, sizeof(u));
	if (r == -1)
		ssh_packet_disconnect(ssh, "SCTP-AUTH: installing key %u: %s",
		    key_id(n), strerror(errno));
	ak->installed = n;
	debug("SCTP-AUTH: key %u installed", key_id(n));
	/* (b): channel data waits for the new key (multi-stream mode). */
	if (ak->active != 0)
		sctp_ms_hold_channels(ssh->sctp_ms, 1);
	send_msg(ssh, SCTP_AUTHKEY_KEY, key_id(n));
	try_activate(ssh, ak);
}

const char *
sctp_authkey_kex_offer(struct ssh *ssh, int server)
{
	if (ssh->sctp_ms == NULL || ssh->sctp_options == NULL ||
	    !ssh->sctp_options->auth_key)
		return NULL;
	if (ssh->sctp_ak == NULL)
		ssh->sctp_ak = xcalloc(1, sizeof(*ssh->sctp_ak));
	ssh->sctp_ak->offered = 1;
	return server ? SCTP_AUTHKEY_KEX_S : SCTP_AUTHKEY_KEX_C;
}

void
sctp_authkey_kex_choose(struct ssh *ssh, int server, int initial,
    const char *peer_kexalgs)
{
	struct sctp_ak *ak = ssh->sctp_ak;
	char *found;

	if (ak == NULL || !initial || !ak->offered)
		return;
	found = match_list(server ? SCTP_AUTHKEY_KEX_C : SCTP_AUTHKEY_KEX_S,
	    peer_kexalgs, NULL);
	ak->agreed = found != NULL;
	free(found);
	if (!ak->agreed)
		debug("SCTP-AUTH keyed by SSH: not offered by the peer");
	else if (ssh->sctp_options->auth_key == SCTP_AUTHKEY_CONTROL)
		debug("SCTP-AUTH keyed by SSH: agreed (SCTPAuthKey control: "
		    "DATA accepted unauthenticated)");
	else
		debug("SCTP-AUTH keyed by SSH: agreed");
}

int
sctp_authkey_newkeys(struct ssh *ssh, int out, const u_char *key,
    u_int keylen)
{
	struct sctp_ak *ak = ssh->sctp_ak;

	if (ak == NULL || !ak->agreed)
		return 0;
	if (out) {
		set_key(&ak->key_out, &ak->key_out_len, key, keylen);
		ak->kex_out++;
		return 0;	/* within the send of NEWKEYS: (a) waits */
	}
	set_key(&ak->key_in, &ak->key_in_len, key, keylen);
	ak->kex_in++;
	try_install(ssh, ak);
	return 0;
}

void
sctp_authkey_start(struct ssh *ssh)
{
	struct sctp_ak *ak = ssh->sctp_ak;
	int fd = ssh_packet_get_connection_in(ssh);

	if (ak == NULL || !ak->agreed || ak->started)
		return;
	/* 1.4: each end's list governs what it accepts. */
	if (!sctp_auth_required(fd, 0, ssh->sctp_options->auth_key) ||
	    !sctp_auth_required(fd, 1, SCTP_AUTHKEY_CONTROL))
		ssh_packet_disconnect(ssh, "SCTP-AUTH missing from the "
		    "association");
	if (!sctp_auth_required(fd, 1, SCTP_AUTHKEY_ALL))
		debug("SCTP-AUTH: the peer accepts DATA unauthenticated "
		    "(its SCTPAuthKey control)");
	ak->started = 1;
	try_install(ssh, ak);
}

/* Whether id names one of the keys before ssh's restart's K(n). */
static int
older_than_restart(const struct sctp_ak *ak, u_int id)
{
	u_int n;

	for (n = ak->restart_n; n > 1 && ak->restart_n - n <
	    AK_MAX_AHEAD + AK_MAX_RETIRE; n--)
		if (id == key_id(n - 1))
			return 1;
	return 0;
}

/* Whether id names a key installed before the last, not yet active. */
static int
stale_key(const struct sctp_ak *ak, u_int id)
{
	u_int n;

	if (ak->installed == 0)
		return 0;
	for (n = ak->installed - 1; n > ak->active; n--)
		if (id == key_id(n))
			return 1;
	return 0;
}

int
sctp_authkey_request(struct ssh *ssh, const char *rtype, int want_reply)
{
	struct sctp_ak *ak = ssh->sctp_ak;
	int r, key, fd;
	u_int id;

	key = strcmp(rtype, SCTP_AUTHKEY_KEY) == 0;
	if (!key && strcmp(rtype, SCTP_AUTHKEY_RETIRE) != 0)
		return 0;
	if ((r = sshpkt_get_u32(ssh, &id)) != 0 ||
	    (r = sshpkt_get_end(ssh)) != 0)
		sshpkt_fatal(ssh, r, "%s: parse %s", __func__, rtype);
	if (ak == NULL || !ak->agreed || !ak->started || id > 65535 ||
	    want_reply)
		ssh_packet_disconnect(ssh, "SCTP-AUTH: %s %u unexpected",
		    rtype, id);
	fd = ssh_packet_get_connection_in(ssh);
	if (key) {
		/* Sent before a key exchange that both have completed. */
		if (stale_key(ak, id)) {
			debug("SCTP-AUTH: the peer announced key %u, "
			    "replaced since", id);
			return 1;
		}
		if (id != key_id(ak->installed) || id == key_id(ak->active))
			ssh_packet_disconnect(ssh, "SCTP-AUTH: the peer "
			    "announced key %u; installed here: %u", id,
			    key_id(ak->installed));
		ak->peer_id = id;
		try_activate(ssh, ak);
		return 1;
	}
	if (id == key_id(ak->active) ||
	    (ak->installed > ak->active && id == key_id(ak->installed)))
		ssh_packet_disconnect(ssh, "SCTP-AUTH: the peer retired key "
		    "%u, which it has not replaced", id);
	if (key_op(fd, SCTP_AUTH_DELETE_KEY, id) == -1) {
		/*
		 * 2.12: after a restart both ends lack key 0, and the
		 * client's new association the keys before K(n).
		 */
		if (errno == EINVAL && sctp_ms_resumes(ssh->sctp_ms) > 0 &&
		    (id == 0 || older_than_restart(ak, id))) {
			debug("SCTP-AUTH: key %u retired, not held since the "
			    "restart", id);
			return 1;
		}
		ssh_packet_disconnect(ssh, "SCTP-AUTH: deleting key %u: %s",
		    id, strerror(errno));
	}
	debug("SCTP-AUTH: key %u deleted", id);
	return 1;
}

/* Adds a key of AK_KEYLEN bytes under id and makes it the active one. */
static int
add_active_key(int fd, u_int id, const u_char *key)
{
	union {
		struct sctp_authkey k;
		u_char b[sizeof(struct sctp_authkey) + AK_KEYLEN];
	} u;
	int r;

	memset(&u, 0, sizeof(u));
	u.k.sca_keynumber = id;
	u.k.sca_keylength = AK_KEYLEN;
	memcpy(u.k.sca_key, key, AK_KEYLEN);
	r = setsockopt(fd, IPPROTO_SCTP, SCTP_AUTH_KEY, &u, sizeof(u));
	explicit_bzero(&u, sizeof(u));
	if (r == -1 || key_op(fd, SCTP_AUTH_ACTIVE_KEY, id) == -1)
		return -1;
	return 0;
}

/*
 * 2.12, the client's restart: the old association's ABORT goes under a
 * random key that the server does not hold.
 */
int
sctp_authkey_restart_old(struct ssh *ssh, int fd)
{
	struct sctp_ak *ak = ssh->sctp_ak;
	u_char key[AK_KEYLEN];
	int r;

	if (ak == NULL || ak->active == 0 || ak->installed != ak->active)
		return -1;
	/* Keys are installed in order: the next one's id is unused. */
	arc4random_buf(key, sizeof(key));
	r = add_active_key(fd, key_id(ak->installed + 1), key);
	explicit_bzero(key, sizeof(key));
	if (r != 0) {
		error("SCTP restart: a random SCTP-AUTH key: %s",
		    strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * The restart put off after sctp_authkey_restart_old(): K(n) active again
 * on the old association, the random key deleted.
 */
int
sctp_authkey_restart_undo(struct ssh *ssh, int fd)
{
	struct sctp_ak *ak = ssh->sctp_ak;

	if (ak == NULL || ak->active == 0)
		return -1;
	if (key_op(fd, SCTP_AUTH_ACTIVE_KEY, key_id(ak->active)) == -1) {
		error("SCTP restart: SCTP-AUTH key %u active again: %s",
		    key_id(ak->active), strerror(errno));
		return -1;
	}
	if (key_op(fd, SCTP_AUTH_DELETE_KEY, key_id(ak->installed + 1)) == -1)
		debug_f("SCTP-AUTH key %u: delete: %s",
		    key_id(ak->installed + 1), strerror(errno));
	return 0;
}

/*
 * 2.12, the client's new socket, before connect(2): K(n) its only
 * endpoint key, active.
 */
int
sctp_authkey_restart_new(struct ssh *ssh, int fd)
{
	struct sctp_ak *ak = ssh->sctp_ak;

	if (ak == NULL || ak->active == 0 || ak->installed != ak->active)
		return -1;
	if (add_active_key(fd, key_id(ak->active), ak->newest) != 0 ||
	    key_op(fd, SCTP_AUTH_DELETE_KEY, 0) == -1) {
		error("SCTP restart: SCTP-AUTH key %u on the new socket: %s",
		    key_id(ak->active), strerror(errno));
		return -1;
	}
	ak->restart_n = ak->active;
	return 0;
}

#else /* WITH_SCTP */

const char *
sctp_authkey_kex_offer(struct ssh *ssh, int server)
{
	return NULL;
}

void
sctp_authkey_kex_choose(struct ssh *ssh, int server, int initial,
    const char *peer_kexalgs)
{
}

int
sctp_authkey_newkeys(struct ssh *ssh, int out, const u_char *key,
    u_int keylen)
{
	return 0;
}

void
sctp_authkey_start(struct ssh *ssh)
{
}

int
sctp_authkey_request(struct ssh *ssh, const char *rtype, int want_reply)
{
	return 0;
}

void
sctp_authkey_poll(struct ssh *ssh)
{
}

int
sctp_authkey_restart_old(struct ssh *ssh, int fd)
{
	return -1;
}

int
sctp_authkey_restart_undo(struct ssh *ssh, int fd)
{
	return -1;
}

int
sctp_authkey_restart_new(struct ssh *ssh, int fd)
{
	return -1;
}

#endif /* WITH_SCTP */

void
sctp_authkey_restore_key(struct ssh *ssh, int out, const u_char *key,
    u_int keylen)
{
	struct sctp_ak *ak = ssh->sctp_ak;

	if (ak == NULL || !ak->agreed)
		return;
	if (out)
		set_key(&ak->key_out, &ak->key_out_len, key, keylen);
	else
		set_key(&ak->key_in, &ak->key_in_len, key, keylen);
}

int
sctp_authkey_state_put(struct ssh *ssh, struct sshbuf *m)
{
	struct sctp_ak *ak = ssh->sctp_ak;
	int r;

	if (ak == NULL)
		return sshbuf_put_u8(m, 0);
	if ((r = sshbuf_put_u8(m, 1)) != 0 ||
	    (r = sshbuf_put_u8(m, ak->offered)) != 0 ||
	    (r = sshbuf_put_u8(m, ak->agreed)) != 0 ||
	    (r = sshbuf_put_u32(m, ak->kex_in)) != 0 ||
	    (r = sshbuf_put_u32(m, ak->kex_out)) != 0)
		return r;
	return 0;
}

int
sctp_authkey_state_get(struct ssh *ssh, struct sshbuf *m)
{
	struct sctp_ak *ak;
	u_char present, offered, agreed;
	u_int kex_in, kex_out;
	int r;

	if ((r = sshbuf_get_u8(m, &present)) != 0)
		return r;
	if (!present)
		return 0;
	if ((r = sshbuf_get_u8(m, &offered)) != 0 ||
	    (r = sshbuf_get_u8(m, &agreed)) != 0 ||
	    (r = sshbuf_get_u32(m, &kex_in)) != 0 ||
	    (r = sshbuf_get_u32(m, &kex_out)) != 0)
		return r;
	if (ssh->sctp_ak == NULL)
		ssh->sctp_ak = xcalloc(1, sizeof(*ssh->sctp_ak));
	ak = ssh->sctp_ak;
	/* The keys came with the packet state (sctp_authkey_newkeys()). */
	ak->offered = offered;
	ak->agreed = agreed;
	ak->kex_in = kex_in;
	ak->kex_out = kex_out;
	return 0;
}

void
sctp_authkey_free(struct ssh *ssh)
{
	struct sctp_ak *ak = ssh->sctp_ak;

	if (ak == NULL)
		return;
	set_key(&ak->key_in, &ak->key_in_len, NULL, 0);
	set_key(&ak->key_out, &ak->key_out_len, NULL, 0);
	freezero(ak, sizeof(*ak));
	ssh->sctp_ak = NULL;
}

const char *
sctp_authkey_status(struct ssh *ssh, char *buf, size_t len)
{
	struct sctp_ak *ak = ssh->sctp_ak;

	if (ak == NULL || !ak->agreed)
		strlcpy(buf, "sctp-auth not keyed by ssh", len);
	else
		snprintf(buf, len, "sctp-auth key %u%s", key_id(ak->active),
		    ak->active == 0 ? " (from the set-up)" : "");
	return buf;
}
