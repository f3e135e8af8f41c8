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
 * Forwarding SCTP, UDP and DCCP through SSH (PROTOCOL.sctp section 3): the
 * hooks that channels.c, readconf.c and serverloop.c call (fwd-core.c,
 * fwd-remote.c; fwd-int.h describes the files).  The channels are
 * upstream's Channel, in datagram mode (each buffered string is one
 * CHANNEL_DATA); c->sctp_fwd holds what differs per protocol.  Names:
 * fwd_* for the protocol-neutral core (fwd_sctp_*, fwd_udp_*, fwd_dccp_*
 * inside each protocol's file); sctp_fwd_* for the spec, option and
 * message codecs (sctp-fwd-spec.c, sctp-fwd-options.c, sctp-fwd-msg.c).
 */

#ifndef SCTP_FWD_H
#define SCTP_FWD_H

#define SCTP_FWD_TCP	0
#define SCTP_FWD_SCTP	1
#define SCTP_FWD_UDP	2
#define SCTP_FWD_DCCP	3

#define SCTP_FWD_DOMAIN	"@openssh-sctp.invalid"
#define SCTP_ABORT_REQUEST	"sctp-abort" SCTP_FWD_DOMAIN	/* 3.3 */

struct ssh;
struct Channel;
struct Forward;
struct ForwardOptions;
struct sctp_fwd_options;
struct fwd_chan;
struct sshbuf;

const char *sctp_fwd_proto_name(int proto);

/* ssh: why a remote forward with a protocol failed, for the user. */
char	*sctp_fwd_remote_failmsg(const struct Forward *);
/* ssh: the reply to a failed -O forward (local: -L), with the reason. */
char	*sctp_fwd_mux_failmsg(struct ssh *, const struct Forward *, int local);

/*
 * ssh: "[addrs:]port/proto:addrs:port"; -1 when the spec names no proto.
 * A port followed by a word that is no protocol is an error (0), as is a
 * protocol in a dynamic or stdio forward, unless dynamic is
 * SCTP_FWD_PARSE_CANCEL: the listening side of a forward to cancel.
 */
#define SCTP_FWD_PARSE_CANCEL	2
int	sctp_fwd_parse_spec(struct Forward *, const char *spec, int dynamic,
	    int remote);
char	*sctp_fwd_spec_string(const struct Forward *);

/* PermitOpen/PermitListen and permitopen/permitlisten with "/proto". */
int	sctp_fwd_permit_proto(const char *entry);
int	sctp_fwd_permit_check(const char *entry, int listen);
int	sctp_fwd_permitted(char * const *list, size_t n, int listen,
	    int proto, const char *host, int port);

/* What sshd's policy says for forwards (sctp_fwd_server_*). */
struct sctp_fwd_policy {
	int	  permitted;	/* no DisableForwarding, restrict, ... */
	int	  allow_tcp;	/* AllowTcpForwarding */
	char	**adm;		/* PermitOpen or PermitListen */
	size_t	  nadm;
	char	**user;		/* permitopen or permitlisten of the key */
	size_t	  nuser;
};

/* ssh -L: listen for the protocol; 1 on success as upstream's. */
int	fwd_setup_local(struct ssh *, struct Forward *,
	    struct ForwardOptions *);

/* channels.c: the handlers of forwarding channels (c->sctp_fwd != NULL). */
void	fwd_post_listener(struct ssh *, struct Channel *);
void	fwd_post_connecting(struct ssh *, struct Channel *);
int	fwd_handle_rfd(struct ssh *, struct Channel *);
int	fwd_handle_wfd(struct ssh *, struct Channel *);
int	fwd_output_poll(struct ssh *, struct Channel *);
int	fwd_open_confirmation(struct ssh *, struct Channel *);
void	fwd_opened(struct ssh *, struct Channel *);
int	fwd_channel_request(struct ssh *, struct Channel *,
	    const char *rtype);
void	fwd_chan_free(struct ssh *, struct Channel *);
int	fwd_shutdown_write(struct ssh *, struct Channel *);

/* ssh -R: the global request, and the forwarded-* opens it brings. */
int	fwd_request_remote(struct ssh *, struct Forward *);
int	fwd_remote_port(struct ssh *, int handle, int port);

/* ssh: ~C -KL/-KR and -O cancel with a protocol. */
int	fwd_cancel_local(struct ssh *, struct Forward *);
int	fwd_cancel_remote(struct ssh *, struct Forward *);

/* The multiplexing protocol: the protocol in a forward type's high bits. */
#define SCTP_FWD_MUX_TYPE(ftype, proto)	((ftype) | ((u_int)(proto) << 16))
int	sctp_fwd_mux_type(u_int *ftype, int *proto);
int	fwd_is_forwarded_type(const char *ctype);
struct Channel *fwd_client_open(struct ssh *, const char *ctype,
	    int *reason, const char **errmsg);

/* sshd: the global requests of -R and their cancels. */
int	fwd_is_global_request(const char *rtype);
int	fwd_server_global(struct ssh *, const char *rtype,
	    int want_reply, const struct sctp_fwd_options *,
	    const struct sctp_fwd_policy *, struct ForwardOptions *,
	    struct sshbuf **respp);

/* sshd: CHANNEL_OPEN of a forwarding type; NULL with a reason if refused */
int	fwd_is_open_type(const char *ctype);
struct Channel *fwd_server_open(struct ssh *, const char *ctype,
	    const struct sctp_fwd_options *, const struct sctp_fwd_policy *,
	    int *reason, const char **errmsg);

#endif /* SCTP_FWD_H */
