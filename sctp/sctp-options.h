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
 * The SCTP configuration options shared by ssh_config and sshd_config:
 * Transport, the SCTP tuning knobs, and (sshd) ListenMultipleAddresses.
 */

#ifndef SCTP_OPTIONS_H
#define SCTP_OPTIONS_H

#include "sctp/sctp-fwd-options.h"

#define SCTP_TRANSPORT_TCP	0
#define SCTP_TRANSPORT_SCTP	1
#define SCTP_TRANSPORT_ALL	2	/* sshd: listen on both */

/* SCTPStreamScheduler: the kernel's SCTP_SS_* numbers. */
#define SCTP_SCHED_FCFS		0
#define SCTP_SCHED_PRIO		1
#define SCTP_SCHED_RR		2
#define SCTP_SCHED_FC		3
#define SCTP_SCHED_WFQ		4

/* Defaults, argued in README.sctp. */
#define SCTP_DEFAULT_STREAMS		10
#define SCTP_DEFAULT_HBINTERVAL		1000	/* ms */
#define SCTP_DEFAULT_RTO_INITIAL	1000	/* ms */
#define SCTP_DEFAULT_RTO_MIN		200	/* ms */
#define SCTP_DEFAULT_RTO_MAX		1000	/* ms */
#define SCTP_DEFAULT_PATHMAXRXT		5
#define SCTP_DEFAULT_PFTHRESHOLD	0	/* RFC 7829 potentially failed */
#define SCTP_DEFAULT_SCHEDULER		SCTP_SCHED_PRIO
#define SCTP_DEFAULT_WEIGHT_INTERACTIVE	8
#define SCTP_DEFAULT_WEIGHT_BULK	1
#define SCTP_DEFAULT_DRAIN_TIMEOUT	120	/* s */
#define SCTP_DEFAULT_UNREACH_TIMEOUT	1200	/* s: TCP's is about 925 */
#define SCTP_UNREACH_TIMEOUT_MAX	(12 * 3600)	/* s */

struct sctp_options {
	int	 transport;		/* SCTP_TRANSPORT_* */
	int	 transport_given;	/* set by the configuration (fill) */
	char	*peer_addresses;	/* ssh: extra peer addresses */
	int	 streams;		/* outbound streams requested */
	int	 hb_interval;		/* heartbeat interval, ms; 0 = off */
	int	 rto_initial;		/* ms */
	int	 rto_min;		/* ms */
	int	 rto_max;		/* ms */
	int	 path_max_retrans;	/* path failure threshold */
	int	 pf_threshold;		/* potentially-failed threshold */
	int	 channel_streams;	/* offer channels on streams */
	int	 scheduler;		/* SCTP_SCHED_*: stream scheduler */
	int	 weight_interactive;	/* wfq weights of the two classes */
	int	 weight_bulk;
	int	 drain_timeout;		/* seconds, 0 = none */
	int	 unreach_timeout;	/* seconds, 0 = the kernel's most */
	int	 roaming;		/* ADD-IP: follow address changes */
	int	 auth_key;		/* SCTP_AUTHKEY_* (1.4) */
	int	 udp_encap;		/* peer's UDP port (RFC 6951), 0: no */
	u_int	 nlisten_multi;		/* sshd: ListenMultipleAddresses */
	char	**listen_multi;		/* "addr,addr[;port]" each */
	struct sctp_fwd_options fwd;	/* forwarding SCTP, UDP, DCCP */
};

/* SCTPAuthKey: no, every chunk type of 1.4, or its control set. */
#define SCTP_AUTHKEY_NO		0
#define SCTP_AUTHKEY_ALL	1
#define SCTP_AUTHKEY_CONTROL	2

/* Whether "keyword" (lower case) is one of ours for ssh (0) or sshd (1). */
int	sctp_options_keyword(const char *keyword, int server);
void	sctp_options_copy_set(struct sctp_options *dst,
	    const struct sctp_options *src);

void	sctp_options_init(struct sctp_options *);
void	sctp_options_fill(struct sctp_options *);
void	sctp_options_free(struct sctp_options *);

/*
 * Parse one configuration line's arguments for "keyword", consuming them
 * from ac/av.  Returns 0 on success, -1 (with an error logged) if the line
 * is bad.  The value is stored only if "active" and not already set (first
 * value wins, as for OpenSSH's options).
 */
int	sctp_options_parse(struct sctp_options *, const char *keyword,
	    int *ac, char ***av, const char *filename, int linenum,
	    int active, int server);

/*
 * sshd: "ListenAddress host,host[:port]" (IPv6 literals bracketed when a
 * port follows: "[a],[b]:port").  Adds the list as one multi-homed SCTP
 * socket, as ListenMultipleAddresses does, and returns it parsed so that
 * the caller can queue each address for TCP too (Transport all; port 0
 * when none given).  NULL, with an error logged, if the list is bad.
 */
struct sctp_addrlist *sctp_listenaddress_list(struct sctp_options *,
	    const char *arg, const char *filename, int linenum, int *portp);

/*
 * Print the options as "ssh -G" and "sshd -T" do; allow_tcp is sshd's
 * AllowTcpForwarding, which AllowSCTPForwarding follows when not set.
 */
void	sctp_options_dump(const struct sctp_options *, int server,
	    int allow_tcp);

const char *sctp_transport_name(int);

const char *sctp_scheduler_name(int);
const char *sctp_authkey_name(int);

#endif /* SCTP_OPTIONS_H */
