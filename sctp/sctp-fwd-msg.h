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
 * Messages of the forwarding extension (PROTOCOL.sctp section 3): address
 * lists (3.2), the header of an SCTP channel's data (3.3) and the joining
 * of a message sent in pieces (3.3, G6).  Pure codec: no sockets.
 */

#ifndef SCTP_FWD_MSG_H
#define SCTP_FWD_MSG_H

#define SCTP_FWD_MAX_ADDRS	8	/* in a list, after resolution too */
#define SCTP_FWD_MAX_ADDRLEN	255	/* a host name or literal address */

#define SCTP_FWD_HDR_LEN	7	/* flags, stream, PPI */
#define SCTP_FWD_F_UNORDERED	0x01
#define SCTP_FWD_F_MORE		0x02	/* more pieces follow */
#define SCTP_FWD_F_ABANDON	0x04	/* drop the incomplete message */
#define SCTP_FWD_F_ALL		0x07

/* What an incomplete message costs at least, against the limit. */
#define SCTP_FWD_JOIN_OVERHEAD	64

struct sshbuf;

/* An address list: the first address, the port, the others. */
struct sctp_fwd_addrs {
	u_int	 naddrs;
	char	*addrs[SCTP_FWD_MAX_ADDRS];
	u_int	 port;
};

int	sctp_fwd_printable(const char *);
int	sctp_fwd_addrs_put(struct sshbuf *, const struct sctp_fwd_addrs *);
int	sctp_fwd_addrs_get(struct sshbuf *, struct sctp_fwd_addrs *,
	    int listening);
void	sctp_fwd_addrs_free(struct sctp_fwd_addrs *);

/* The header at the start of an SCTP channel's data string. */
struct sctp_fwd_hdr {
	u_char		flags;
	uint16_t	stream;
	uint32_t	ppid;
};

int	sctp_fwd_hdr_put(struct sshbuf *, const struct sctp_fwd_hdr *);
int	sctp_fwd_hdr_parse(const u_char *, size_t, struct sctp_fwd_hdr *);
int	sctp_fwd_hdr_stream(const u_char *, size_t, u_int *);

/* Incomplete messages of one channel, at most one per forwarded stream. */
struct sctp_fwd_join;

struct sctp_fwd_join *sctp_fwd_join_new(size_t max);
void	sctp_fwd_join_free(struct sctp_fwd_join *);
int	sctp_fwd_join_add(struct sctp_fwd_join *, const struct sctp_fwd_hdr *,
	    const u_char *, size_t, struct sshbuf *, int *);
size_t	sctp_fwd_join_held(const struct sctp_fwd_join *);

#endif /* SCTP_FWD_MSG_H */
