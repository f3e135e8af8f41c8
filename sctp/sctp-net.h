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

/* SCTP sockets for SSH: tuning, client connect, server listen, events. */

#ifndef SCTP_NET_H
#define SCTP_NET_H

struct sctp_options;
struct sshbuf;
struct ssh;
struct addrinfo;

/* Whether fd is an SCTP socket. */
int	sctp_is_sctp(int fd);
/* Close every SCTP socket of the process (a forked client that needs none). */
void	sctp_close_sockets(void);

/* Apply the tuning options to an SCTP socket; -1 with an error logged. */
int	sctp_socket_tune(int fd, const struct sctp_options *);

/* Whether the association of fd uses I-DATA (RFC 8260). */
int	sctp_idata_in_use(int fd);

/*
 * SCTPAuthKey (PROTOCOL.sctp 1.4), before the association: offer
 * SCTP-AUTH, prefer HMAC-SHA-256 and require authentication of the
 * chunk types 1.4 gives for the setting; 0, or -1 with an error logged.
 * And whether the association's own (peer 0) or its peer's (1) list
 * holds those of mode (SCTP_AUTHKEY_ALL or SCTP_AUTHKEY_CONTROL).
 */
int	sctp_auth_require(int fd, const struct sctp_options *);
int	sctp_auth_required(int fd, int peer, int mode);

/*
 * PROTOCOL.sctp 2.12.  sctp_socket_new(): a client's SSH socket, set up as
 * for its first association (*roam: ADD-IP offered);
 * sctp_socket_copy_options(): the event subscriptions, stream
 * information and IPQoS marking of one socket on another; sctp_accepted_setup(): sshd's
 * SCTP-AUTH and I-DATA settings again on an accepted socket, whose new
 * endpoint lacks them and answers a restart.
 */
int	sctp_socket_new(int family, const struct sctp_options *, int *roam);
void	sctp_socket_copy_options(int from, int to);
void	sctp_accepted_setup(int fd, const struct sctp_options *);

/*
 * Ask for (on) or stop SENDER_DRY events on fd; as setsockopt(2).  The
 * kernel reports one at once if nothing is unacknowledged.
 */
int	sctp_sender_dry_events(int fd, int on);
int	sctp_data_held(int fd);

/* Turn Nagle off on an SCTP socket (SCTP_NODELAY). */
int	sctp_set_nodelay(int fd);

/*
 * Client: connect one multi-homed association to every address of
 * "addrs" plus the extra peer addresses of the options, binding the local
 * addresses of "bind_address" (a comma-separated list) if given.  Returns
 * the connected socket, or -1 with an error logged.  hostaddr receives the
 * primary peer address.
 */
int	sctp_connect(const char *host, struct addrinfo *addrs,
	    const char *bind_address, int family,
	    const struct sctp_options *, struct sockaddr_storage *hostaddr,
	    int *timeout_ms, int connection_attempts);

/*
 * Server: open SCTP listening sockets for every address of "addrs" (one
 * socket each, as for TCP, but none for an address that a multi-homed
 * socket serves) and one multi-homed socket per ListenMultipleAddresses
 * entry or "ListenAddress a,b" list; appends them to socks.  Returns the number
 * of sockets added.
 */
int	sctp_listen_addrs(struct addrinfo *addrs, const struct sctp_options *,
	    int default_port, int *socks, int *nsocks, int maxsocks);
int	sctp_listen_multi(const struct sctp_options *, int default_port,
	    int *socks, int *nsocks, int maxsocks);

/*
 * Log the association's local and peer addresses: sshd's accepted
 * connection (from, port: the primary peer address) at INFO, others
 * (from NULL) at debug.
 */
void	sctp_log_assoc(int fd, const char *from, int port);
long long sctp_pr_abandoned(int fd, int policy);

/*
 * Subscribe to path change events on fd, the connection's socket, and have
 * the read wrappers below log them (debug1) instead of passing them on as
 * data; and have sctp_write() bound the size of each message.  Called
 * after authentication, outside the pre-authentication sandbox.
 */
void	sctp_events_enable(struct ssh *, int fd);

/*
 * Log a path change notification read from fd (debug; sshd: INFO when a
 * path fails, returns, is added or removed or becomes primary), retune
 * the paths and check the peer addresses (sctp_roam_check_peers()).
 * ssh may be NULL.
 */
void	sctp_log_notification(struct ssh *, int fd, const u_char *buf,
	    size_t len);

/* Say why the association ended, if a read's errno tells it. */
void	sctp_log_lost(int err);

/*
 * The packet layer's I/O on its connection's fds.  In every build; without
 * WITH_SCTP, or before sctp_events_enable(), they are write(2), read(2),
 * sshbuf_read().
 */
/* write(2) that keeps each SCTP message to at most one SSH packet. */
ssize_t	sctp_write(struct ssh *, int fd, const void *buf, size_t len);

/* read(2) and sshbuf_read() that consume SCTP notifications on fd. */
ssize_t	sctp_read(struct ssh *, int fd, void *buf, size_t len);
int	sctp_sshbuf_read(struct ssh *, int fd, struct sshbuf *buf,
	    size_t maxlen, size_t *rlen);

/*
 * 0 when the next message waiting on fd is a kernel notification, not
 * the peer's traffic (keep-alive timers); 1 otherwise and over TCP.
 */
int	sctp_peer_traffic(struct ssh *, int fd);

#endif /* SCTP_NET_H */
