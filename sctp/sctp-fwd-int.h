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


/* Internals shared by sctp-fwd.c and sctp-fwd-udp.c. */

#ifndef SCTP_FWD_INT_H
#define SCTP_FWD_INT_H

#define FWD_LISTENER	1	/* a listening socket (ssh -L) */
#define FWD_CONN	2	/* a socket of its own (SCTP, DCCP, UDP) */
#define FWD_FLOW	3	/* UDP: one source of a listener */

#define FWD_UDP_MAXPACKET	(65536 + 64)	/* any datagram, 3.4 */
#define FWD_UDP_OPENING_QUEUE	32	/* datagrams waiting for a confirm */
#define FWD_UDP_OPENING_BYTES	(64 * 1024)
#define FWD_MIN_WINDOW		(64 * 1024)
#define FWD_UNSEQ_QUEUE		(256 * 1024)	/* bytes waiting, 3.8 */

struct sctp_fwd_chan {
	int		 proto;		/* SCTP_FWD_* */
	int		 role;		/* FWD_* */
	const struct sctp_fwd_options *opts;
	u_long		 dropped;	/* datagrams or messages dropped */

	/* FWD_LISTENER */
	int		 remote;	/* sshd, for ssh -R */
	const char	*open_type;	/* direct-* or forwarded-* */
	char		*connect_host;	/* "a,b": what its opens name */
	int		 connect_port;
	int		*flows;		/* UDP: channel ids */
	u_int		 nflows;
	double		 tokens;	/* UDP opens, a bucket */
	double		 tokens_at;
	u_long		 refused;	/* datagrams of sources refused */
	time_t		 refused_logged;

	/* FWD_FLOW */
	int		 listener;	/* channel id, -1 when it is gone */
	struct sockaddr_storage src;	/* the source */
	socklen_t	 srclen;
	struct sockaddr_storage dst;	/* the local address it sent to */
	socklen_t	 dstlen;
	int		 replied;
	u_int		 queued;	/* while opening */
	int		 counted;	/* UDP (sshd): in the connection's total */
	int		 bad_confirm;	/* ssh: its confirmation was malformed */
	int		 confirmer;	/* sshd's side of a local forward */
	int		 ready;		/* confirmer: "ready" arrived (3.8) */
	int		 unseq;		/* data unsequenced, no window (3.8) */
	u_int		 held_window;	/* confirmer, SCTP: until "ready" */

	/* FWD_CONN, SCTP */
	u_int		 ostreams, istreams;	/* of this side's association */
	u_int		 peer_ostreams, peer_istreams;	/* of the far one */
	struct sctp_fwd_join *join;
	struct sshbuf	*msg;		/* a message being sent */
	struct sctp_fwd_hdr msg_hdr;
	int		 msg_pending;	/* msg would have blocked */
	int		 in_piece;	/* reading a message in parts */
	struct sctp_fwd_hdr in_hdr;
	u_int		 service;	/* DCCP service code */
};

struct sctp_fwd_chan *sctp_fwd_chan_new(int proto, int role);
void	sctp_fwd_channel_used(struct ssh *, struct Channel *);
int	sctp_fwd_queue_input(struct Channel *, const u_char *, size_t,
	    const u_char *, size_t);
void	sctp_fwd_consumed(struct Channel *, size_t);
int	sctp_fwd_send_open(struct ssh *, struct Channel *, const char *ctype,
	    const char *host, int port, const char *orig, int orig_port);
void	sctp_fwd_chan_error(struct ssh *, struct Channel *, const char *fmt,
	    ...) __attribute__((format(printf, 3, 4)));

int	sctp_fwd_listen(struct ssh *, struct Forward *,
	    struct ForwardOptions *, int remote, u_int service, int *allocated);
struct Channel *sctp_fwd_connect(struct ssh *, int proto, const char *ctype,
	    const char *host, u_int port, const struct sctp_fwd_options *,
	    u_int os, u_int is, u_int service, int *reason,
	    const char **errmsg);
int	sctp_fwd_parse_open(struct ssh *, int proto, int listening,
	    char **hostp, u_int *portp, char **origp, u_int *orig_portp,
	    u_int *osp, u_int *isp, u_int *servicep);
int	sctp_fwd_put_addr_list(struct sshbuf *, const char *host, int port);
int	sctp_fwd_policy_allows(const struct sctp_fwd_policy *,
	    const struct sctp_fwd_options *, int where, int proto,
	    const char *host, int port);

/* sctp-fwd-remote.c */
const char *sctp_fwd_forwarded_type(int proto);
void	sctp_fwd_listener_add(struct Channel *);
char	*sctp_fwd_listener_path(const struct Forward *);
void	sctp_fwd_listener_gone(struct Channel *);

/* sctp-fwd-udp.c */
int	sctp_fwd_udp_socket(struct addrinfo *);
void	sctp_fwd_udp_post_listener(struct ssh *, struct Channel *);
int	sctp_fwd_udp_flow_write(struct ssh *, struct Channel *);
void	sctp_fwd_udp_flow_free(struct ssh *, struct Channel *);
void	sctp_fwd_udp_listener_free(struct ssh *, struct Channel *);
int	sctp_fwd_udp_conn_add(const struct sctp_fwd_options *);

#endif /* SCTP_FWD_INT_H */
