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


#ifndef SCTP_PATHS_H
#define SCTP_PATHS_H

/* Heartbeat timer of the primary path while it is reachable (ms). */
#define SCTP_HB_PRIMARY_MS	100000
/* The same for a primary path inside UDP (ms): under NATs' UDP timeouts. */
#define SCTP_HB_ENCAP_MS	25000
/* Heartbeat timer of every path while all have failed (ms). */
#define SCTP_HB_DOWN_MS		300000

/*
 * Set each path's heartbeat interval: SCTP_HB_PRIMARY_MS on the primary
 * while it is active and no other path has failed (SCTP_HB_ENCAP_MS where
 * it is inside UDP), the association's (SCTPHeartbeatInterval) on every
 * other; SCTP_HB_DOWN_MS on each while all have failed.  Call once the
 * association is up and at each path change.
 */
void	sctp_paths_tune(int fd);

struct sockaddr_storage;

/*
 * Calls fn for each peer address of the association with its state
 * (SCTP_ACTIVE and the others); returns how many, or -1.
 */
int	sctp_paths_each(int fd,
	    void (*fn)(int, const struct sockaddr_storage *, int, void *),
	    void *arg);

/*
 * A heartbeat now to the primary path, if it is active and its address
 * is not other (PROTOCOL.sctp 1.3); returns whether one was asked for.
 * Linux counts an unanswered heartbeat against the path when it sends
 * the next, so a second call after the first's round trip marks a dead
 * path potentially failed.
 */
int	sctp_paths_probe_primary(int fd, const struct sockaddr_storage *other);

/* Whether every confirmed path of the association has failed. */
int	sctp_paths_all_down(int fd);

/*
 * Whether no path is active: each confirmed path failed or potentially
 * failed, at least one of them.
 */
int	sctp_paths_none_active(int fd);

/*
 * The DATA chunks the association has received from the peer, new and
 * duplicate (SCTP_GET_ASSOC_STATS): only those that passed the kernel's
 * checks (verification tag, SCTP-AUTH where DATA is authenticated).
 */
int	sctp_paths_peer_data(int fd, uint64_t *n);

/*
 * A count that grows as the association makes progress: SACKs and new
 * DATA chunks received.  0, or -1 where the kernel cannot tell.
 */
int	sctp_paths_progress(int fd, uint64_t *n);

/*
 * A heartbeat now to each failed path (PROTOCOL.sctp 1.3: the peer is
 * heard while every path has failed); returns how many.
 */
int	sctp_paths_probe_down(int fd);

/*
 * Whether *deadline (monotime_double(), 0 for none) has passed; one that
 * passes while every path has failed is put off by extend seconds
 * instead: the association itself then keeps or ends the connection.
 */
int	sctp_paths_deadline_passed(int fd, double *deadline, double extend);

#endif /* SCTP_PATHS_H */
