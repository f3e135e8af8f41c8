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
 * Internals of forwarding SCTP, UDP and DCCP (PROTOCOL.sctp section 3).
 * The files, each calling only files below it, never back:
 *
 *   fwd-remote.c   ssh -R: requests, cancels, the forwarded-* opens
 *   fwd-core.c     the hooks of sctp-fwd.h: channel glue, opens, policy,
 *                  the table of protocols
 *   fwd-sctp.c, fwd-udp.c, fwd-dccp.c
 *                  one struct fwd_proto each: what differs per protocol
 *   fwd-base.c     what the others share: a channel's data and window,
 *                  opens and errors, listening and connecting sockets,
 *                  the connection's forwarding state (struct fwd_ctx)
 *
 * The core reaches a protocol only through its table (fwd_proto_of())
 * and a channel's f->ops, as channels.c reaches its pre- and post-
 * handlers.
 */

#ifndef FWD_INT_H
#define FWD_INT_H

#include "sctp/sctp-fwd-msg.h"

#define FWD_LISTENER	1	/* a listening socket (ssh -L) */
#define FWD_CONN	2	/* a socket of its own (SCTP, DCCP, UDP) */
#define FWD_FLOW	3	/* UDP: one source of a listener */

#define FWD_UDP_MAXPACKET	(65536 + 64)	/* any datagram, 3.4 */
#define FWD_UDP_OPENING_QUEUE	32	/* datagrams waiting for a confirm */
#define FWD_UDP_OPENING_BYTES	(64 * 1024)
#define FWD_UDP_RCVBUF		(1024 * 1024)	/* asked; rmem_max caps */
#define FWD_MIN_WINDOW		(64 * 1024)
#define FWD_UNSEQ_QUEUE		(256 * 1024)	/* bytes waiting, 3.8 */
#define FWD_READ_MAX		(64 * 1024)
#define FWD_DGRAM_BATCH		64	/* datagrams read a turn */

struct addrinfo;
struct sockaddr;
struct sctp_ms_conn;
struct fwd_chan;

/*
 * A protocol's operations.  NULL where a protocol has nothing to do.
 * Ints are properties the core and the base read, not branches.
 */
struct fwd_proto {
	int		 proto;		/* SCTP_FWD_* */
	const char	*name;		/* "sctp" */
	const char	*label;		/* "SCTP", in messages */
	const char	*units;		/* "messages", "datagrams" */
	const char	*listener_type;	/* channel type of listeners */
	const char	*direct_type;	/* direct-* (3.3 to 3.5) */
	const char	*forwarded_type; /* forwarded-* */
	const char	*request;	/* *-forward global request */
	const char	*cancel;	/* its cancel */
	const char	*unsupported;	/* the kernel lacks the protocol */
	int		 socktype, ipproto;
	u_int		 maxpacket;	/* of its channels */
	int		 addr_lists;	/* more than one address (SCTP) */
	int		 lossy;		/* unsequenced over streams (3.8) */
	int		 has_service;	/* a service code in requests (DCCP) */
	int		 icmp_drops;	/* ECONNREFUSED drops one (UDP) */
	int		 eof_ends;	/* a read of 0 bytes ends it (DCCP) */

	/* Listen for fwd (ssh -L, sshd for -R); 1 if listening. */
	int	(*listen)(struct ssh *, const struct fwd_proto *,
		    struct Forward *, int remote, const char *host,
		    int wildcard, const char *port, u_int service,
		    int *allocated);
	/* UDP and DCCP: a listening socket for an address; -1, or -2 to stop */
	int	(*listen_socket)(struct ssh *, struct addrinfo *,
		    const char *port, u_int service);
	/* A socket before it connects (DCCP: the service code). */
	int	(*prep)(int fd, u_int service);
	/* A listener is readable. */
	void	(*post_listener)(struct ssh *, struct Channel *);
	/* A connection accepted by a listener (nf is its new channel's). */
	void	(*accepted)(int fd, struct fwd_chan *nf);
	/* Connect for an open; the fd, or -1 with *errmsg (and *reason). */
	int	(*connect)(struct ssh *, struct fwd_chan *, const char *host,
		    const char *port, u_int os, u_int is, int *type,
		    int *reason, const char **errmsg);
	/* The connection is made (the confirmer). */
	void	(*connected)(struct ssh *, struct Channel *);
	/* The channel is open (the opener). */
	void	(*opened)(struct ssh *, struct Channel *);
	/* The fields of opens and confirmations after the common ones. */
	int	(*open_put)(struct sshbuf *, const struct fwd_chan *);
	int	(*open_get)(struct sshbuf *, u_int *os, u_int *is,
		    u_int *service);
	int	(*confirm_put)(struct sshbuf *, const struct fwd_chan *);
	int	(*confirm_get)(struct sshbuf *, u_int *os, u_int *is);
	/* 3.8: how its data travels on channels on streams. */
	int	(*spread)(struct sctp_ms_conn *, struct Channel *);
	/* The channel's socket is readable; c->output has strings. */
	int	(*read)(struct ssh *, struct Channel *);
	int	(*write)(struct ssh *, struct Channel *);
	/* One string of c->output: 1 done, 0 again later, -1 failed. */
	int	(*write_one)(struct ssh *, struct Channel *, const u_char *,
		    size_t);
	/* An error closes the channel: abort what the far side has too. */
	void	(*abort)(struct ssh *, struct Channel *);
	/* The far side's association was aborted (sctp-abort, 3.3). */
	void	(*aborted)(struct ssh *, struct Channel *);
	void	(*free)(struct ssh *, struct Channel *);
};

struct fwd_chan {
	const struct fwd_proto *ops;
	int		 proto;		/* SCTP_FWD_*, ops->proto */
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
	double		 last_rx;	/* UDP: the source's last datagram */
	int		 own_sock;	/* UDP: a connected socket of its own */
	u_int		 queued;	/* while opening */
	int		 counted;	/* UDP (sshd): in the connection's total */
	int		 bad_confirm;	/* ssh: its confirmation was malformed */
	int		 abort_pending;	/* aborted while the open went on */
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
	int		 aborting;	/* aborts at close, no SHUT_WR (3.3) */
	u_int		 service;	/* DCCP service code */
};

/*
 * ssh: a remote forward asked for, whose opens it connects.  Copies: the
 * Forward a request came from may live on the stack (~C) or in an array
 * that grows (ssh -O forward).
 */
struct fwd_rfwd {
	int	 proto;		/* -1: cancelled (handles stay valid) */
	int	 allocated;	/* the port sshd chose for port 0 */
	char	*listen_host;	/* as sent */
	int	 listen_port;	/* 0: whichever the server chose */
	char	*connect_host;
	int	 connect_port;
};

/* A connection's forwarding state, as channels.c's ssh->chanctxt. */
struct fwd_ctx {
	int		*listeners;	/* listening channels, for cancels */
	u_int		 nlisteners;
	struct fwd_rfwd	*rfwds;		/* ssh: -R forwards asked for */
	u_int		 nrfwds;
	u_int		 udp_flows;	/* UDP channels of listeners */
	u_int		 udp_conns;	/* and those sshd connected */
	char		*listen_err;	/* why the last listen failed */
};

/* fwd-core.c */
const struct fwd_proto *fwd_proto_of(int proto);
const struct fwd_proto *fwd_proto_by_type(const char *s, size_t off);
int	fwd_listen(struct ssh *, struct Forward *, struct ForwardOptions *,
	    int remote, u_int service, int *allocated);
struct Channel *fwd_connect(struct ssh *, int proto, const char *ctype,
	    const char *host, u_int port, const struct sctp_fwd_options *,
	    u_int os, u_int is, u_int service, int *reason,
	    const char **errmsg);
int	fwd_open_fields(const struct fwd_proto *, struct sshbuf *,
	    int listening, struct sctp_fwd_addrs *, char **origp,
	    u_int *orig_portp, u_int *osp, u_int *isp, u_int *servicep);
int	fwd_confirm_fields(const struct fwd_proto *, struct sshbuf *,
	    u_int *osp, u_int *isp);
int	fwd_global_fields(const struct fwd_proto *, struct sshbuf *,
	    struct sctp_fwd_addrs *, u_int *servicep);
int	fwd_parse_open(struct ssh *, int proto, int listening,
	    char **hostp, u_int *portp, char **origp, u_int *orig_portp,
	    u_int *osp, u_int *isp, u_int *servicep);
int	fwd_policy_allows(const struct sctp_fwd_policy *,
	    const struct sctp_fwd_options *, int where, int proto,
	    const char *host, int port);

/* fwd-base.c */
struct fwd_ctx *fwd_ctx(struct ssh *);
void	fwd_listen_fail(struct ssh *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
struct fwd_chan *fwd_chan_new(struct ssh *, const struct fwd_proto *,
	    int role);
void	fwd_chan_drop(struct fwd_chan *);
void	fwd_channel_used(struct ssh *, struct Channel *);
struct sctp_ms_conn *fwd_ms(struct ssh *);
int	fwd_spread_unseq(struct sctp_ms_conn *, struct Channel *);
int	fwd_queue_input(struct Channel *, const u_char *, size_t,
	    const u_char *, size_t);
void	fwd_consumed(struct Channel *, size_t);
void	fwd_read_failed(struct ssh *, struct Channel *);
int	fwd_send_open(struct ssh *, struct Channel *, const char *ctype,
	    const char *host, int port, const char *orig, int orig_port);
void	fwd_chan_error(struct ssh *, struct Channel *, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
int	fwd_put_addr_list(struct sshbuf *, const char *host, int port);
char	*fwd_addr_list(const struct sctp_fwd_addrs *);
u_int	fwd_window(const struct sctp_fwd_options *);
int	fwd_unsupported(int err);
int	fwd_socket(const struct fwd_proto *, int family);
void	fwd_sa_set_port(struct sockaddr *, int port);
char	*fwd_listener_path(const struct Forward *);
Channel	*fwd_new_listener(struct ssh *, const struct fwd_proto *, int fd,
	    struct Forward *, int remote, int port, u_int service,
	    const char *what);
void	fwd_listener_gone(struct ssh *, struct Channel *);
int	fwd_listen_addrs(struct ssh *, const struct fwd_proto *,
	    struct Forward *, int remote, const char *host, int wildcard,
	    const char *port, u_int service, int *allocated);
void	fwd_accept(struct ssh *, struct Channel *);
int	fwd_connect_addrs(const struct fwd_proto *, const char *host,
	    const char *port, u_int service, const char **errmsg);
int	fwd_dgram_read(struct ssh *, struct Channel *);
int	fwd_dgram_write_one(struct ssh *, struct Channel *, const u_char *,
	    size_t);
int	fwd_write_strings(struct ssh *, struct Channel *);

/* The protocols (fwd-sctp.c, fwd-udp.c, fwd-dccp.c). */
extern const struct fwd_proto fwd_sctp_proto;
extern const struct fwd_proto fwd_udp_proto;
extern const struct fwd_proto fwd_dccp_proto;

#endif /* FWD_INT_H */
