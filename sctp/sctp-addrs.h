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

/* Address lists for SCTP multi-homing: "a,b,c" and "a,b;port". */

#ifndef SCTP_ADDRS_H
#define SCTP_ADDRS_H

#define SCTP_MAX_ADDRS	32

struct sctp_addrlist {
	u_int	  n;
	char	**addrs;	/* host names or literals, no brackets */
	char	 *port;		/* NULL unless given with ";port" */
};

/*
 * Parse a comma-separated list of host names or addresses (IPv6 literals
 * may be bracketed), followed, if "allow_port", by an optional ";port".
 * Returns NULL with an allocated message in *errp if the list is bad.
 */
struct sctp_addrlist *sctp_addrlist_parse(const char *s, int allow_port,
	    char **errp);
void	sctp_addrlist_free(struct sctp_addrlist *);

/*
 * Resolve every entry (all its addresses, of "family" or any) with "port"
 * and append them, packed as sctp_bindx(3)/sctp_connectx(3) want them, to
 * *packed (*npacked addresses, *packedlen bytes).  Duplicates are skipped.
 * Returns 0, or -1 with an allocated message in *errp.
 */
int	sctp_addrlist_resolve(const struct sctp_addrlist *, const char *port,
	    int family, int passive, u_char **packed, size_t *packedlen,
	    int *npacked, char **errp);

/* Append one address to a packed list (skipping duplicates). */
int	sctp_addrs_append(u_char **packed, size_t *packedlen, int *npacked,
	    const struct sockaddr *sa);

/* Whether a packed list holds an IPv6 address (then use an IPv6 socket). */
int	sctp_addrs_any_v6(const u_char *packed, size_t packedlen);

/*
 * The numeric host of an AF_INET or AF_INET6 address, with a scope only
 * for a link-local one, and an IPv4-mapped one as IPv4; "?" and -1 on
 * failure.
 */
int	sctp_sa_ntop(const struct sockaddr *, char *host, size_t len);

/* "a, b, c" for logs, of a packed list; allocated. */
char	*sctp_addrs_string(const u_char *packed, int n);

/* The length of an AF_INET or AF_INET6 socket address. */
size_t	sctp_sa_len(const struct sockaddr *);

/* Whether two socket addresses have the same address and port. */
int	sctp_sockaddr_eq(const struct sockaddr *, const struct sockaddr *);

/*
 * Whether the host has sa's address on one of the interfaces of
 * getifaddrs(3)'s list (an IPv6 socket lists IPv4 addresses mapped).
 */
struct ifaddrs;
int	sctp_addr_on_host(const struct ifaddrs *, const struct sockaddr *);

#endif /* SCTP_ADDRS_H */
