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
 * The path view: the association's addresses and paths as ssh shows them
 * (~I, ssh -O conninfo), and which path carries the data, whose changes
 * sshd logs as failovers.
 */

#ifndef SCTP_PATHVIEW_H
#define SCTP_PATHVIEW_H

struct ssh;
struct sockaddr_storage;

/*
 * A peer address changed state (an SCTP_PEER_ADDR_CHANGE on fd): works
 * out again which path carries the data.  If that changed, names the path
 * it left and the one it took in from and to and returns 1 if the path it
 * left had failed or gone (a failover), 2 if not (they went to the
 * primary path).
 * Returns 0 if the data stayed where they were.
 */
int	sctp_pathview_event(struct ssh *, int fd,
	    const struct sockaddr_storage *addr, int state,
	    char *from, char *to, size_t len);

/*
 * The view, lines ending in CR LF as connection_info_message() writes
 * them, with note (if not NULL) at the end of the first, or NULL if the
 * connection is not an SCTP association.
 */
char	*sctp_pathview_message(struct ssh *, int fd, const char *note);

void	sctp_pathview_free(struct ssh *);

#endif /* SCTP_PATHVIEW_H */
