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
 * SCTP-AUTH keyed by SSH (PROTOCOL.sctp 1.4): the association's shared
 * keys derived from each key exchange, installed, activated and retired
 * with two global requests.
 */

#ifndef SCTP_AUTHKEY_H
#define SCTP_AUTHKEY_H

#define SCTP_AUTHKEY_KEX_C	"sctp-auth-c-v01@openssh-sctp.invalid"
#define SCTP_AUTHKEY_KEX_S	"sctp-auth-s-v01@openssh-sctp.invalid"
#define SCTP_AUTHKEY_KEY	"sctp-auth-key-v01@openssh-sctp.invalid"
#define SCTP_AUTHKEY_RETIRE	"sctp-auth-retire-v01@openssh-sctp.invalid"

struct ssh;
struct sshbuf;
struct sctp_options;

/* The pseudo-algorithm to append to our initial KEXINIT, or NULL. */
const char *sctp_authkey_kex_offer(struct ssh *, int server);

/* Whether both offered (initial KEXINIT only). */
void	sctp_authkey_kex_choose(struct ssh *, int server, int initial,
	    const char *peer_kexalgs);

/*
 * A direction's NEWKEYS took effect with this cipher key; after the
 * second direction, installs the exchange's key if (a) allows.
 */
int	sctp_authkey_newkeys(struct ssh *, int out, const u_char *key,
	    u_int keylen);

/*
 * User authentication succeeded (ssh after ssh_login(), sshd in the
 * post-authentication process): check the association and install.
 */
void	sctp_authkey_start(struct ssh *);

/*
 * A global request: returns 1 if it is one of 1.4's (handled, or the
 * connection ended), 0 if not.
 */
int	sctp_authkey_request(struct ssh *, const char *rtype, int want_reply);

/*
 * Whenever the connection wakes up (ssh_packet_check_rekey()): in
 * single-stream mode, the retirements that waited for SENDER_DRY.
 */
void	sctp_authkey_poll(struct ssh *);

/*
 * 2.12, the client's restart (ssh): make a random key active on the old
 * association, so that its ABORT is dropped by the server; give the new
 * socket K(n), the active key, as its only endpoint key.  0, or -1
 * (logged) where the active key is not the newest.
 */
int	sctp_authkey_restart_old(struct ssh *, int fd);
int	sctp_authkey_restart_undo(struct ssh *, int fd);
int	sctp_authkey_restart_new(struct ssh *, int fd);

/*
 * The state across privilege separation: put, get, then the current
 * keys of each direction from the imported packet state.
 */
int	sctp_authkey_state_put(struct ssh *, struct sshbuf *);
int	sctp_authkey_state_get(struct ssh *, struct sshbuf *);
void	sctp_authkey_restore_key(struct ssh *, int out, const u_char *key,
	    u_int keylen);
void	sctp_authkey_free(struct ssh *);

/* For ~I: "off", "key 0", "key N". */
const char *sctp_authkey_status(struct ssh *, char *buf, size_t len);

#endif /* SCTP_AUTHKEY_H */
