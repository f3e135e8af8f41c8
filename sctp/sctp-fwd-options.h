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
 * Options of the forwarding extension (PROTOCOL.sctp 3.9): which protocols
 * sshd lets its users forward, and the limits of UDP and SCTP forwards.
 * They live in struct sctp_options (its member "fwd"), so that servconf and
 * readconf parse them with the SCTP options, and sshd's Match blocks set
 * them as they set AllowTcpForwarding.
 */

#ifndef SCTP_FWD_OPTIONS_H
#define SCTP_FWD_OPTIONS_H

struct ssh;

#define SCTP_FWD_DEFAULT_UDP_IDLE	60	/* s, without a datagram */
#define SCTP_FWD_DEFAULT_UDP_UNREPLIED	10	/* s, without a reply */
#define SCTP_FWD_DEFAULT_UDP_MAX	64	/* channels per forward */
#define SCTP_FWD_DEFAULT_UDP_MAX_TOTAL	256	/* channels per connection */
#define SCTP_FWD_DEFAULT_UDP_RATE	10	/* opens a second, per forward */
#define SCTP_FWD_DEFAULT_UDP_BURST	20
#define SCTP_FWD_DEFAULT_MAX_MESSAGE	(256 * 1024)

/* Partial reliability (PR-SCTP, RFC 3758) of UDPForwardReliability and
 * SCTPForwardPolicy: none, a lifetime (ms) or a number of retransmissions. */
#define SCTP_FWD_PR_NONE	0
#define SCTP_FWD_PR_TTL		1
#define SCTP_FWD_PR_RTX		2

struct sctp_fwd_options {
	int	allow_sctp;	/* FORWARD_*, or -1: as AllowTcpForwarding */
	int	allow_udp;	/* FORWARD_*, default FORWARD_DENY */
	int	allow_dccp;
	int	udp_idle;	/* UDPForwardIdleTimeout, s */
	int	udp_unreplied;
	int	udp_max;	/* UDPForwardMaxChannels */
	int	udp_max_total;
	int	udp_rate;	/* UDPForwardOpenRate */
	int	udp_burst;
	int	max_message;	/* SCTPForwardMaxMessage */
	int	dccp_service;	/* DCCPServiceCode (ssh) */
	int	udp_pr;		/* UDPForwardReliability: SCTP_FWD_PR_* */
	int	udp_pr_value;
	int	fwd_pr;		/* SCTPForwardPolicy: SCTP_FWD_PR_* */
	int	fwd_pr_value;
};

/* For sctp-options.c: 0 not ours, 1 ours, 2 ours and allowed in Match. */
int	sctp_fwd_options_keyword(const char *keyword, int server);
void	sctp_fwd_options_init(struct sctp_fwd_options *);
void	sctp_fwd_options_fill(struct sctp_fwd_options *);
int	sctp_fwd_options_parse(struct sctp_fwd_options *, const char *keyword,
	    int *ac, char ***av, const char *filename, int linenum,
	    int active, int server);
void	sctp_fwd_options_copy_set(struct sctp_fwd_options *dst,
	    const struct sctp_fwd_options *src);
void	sctp_fwd_options_dump(const struct sctp_fwd_options *, int server,
	    int allow_tcp);

/* The connection's forwarding options (sctp_configure()), or defaults. */
const struct sctp_fwd_options *sctp_fwd_options_of(struct ssh *);

/* AllowSCTPForwarding and the others, resolved: FORWARD_* of a protocol. */
int	sctp_fwd_allowed(const struct sctp_fwd_options *, int proto,
	    int allow_tcp);

#endif /* SCTP_FWD_OPTIONS_H */
