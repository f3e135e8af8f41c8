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
 * Following (PROTOCOL.sctp 1.3): once user authentication has succeeded,
 * an idle end sends to the peer address that the peer's last DATA came
 * from, in multi-stream and single-stream mode alike.  The state hangs
 * off struct ssh from sctp_follow_start() until sctp_follow_free(); with
 * none every call below does nothing, and sctp_follow_sendmsg() is
 * sendmsg(2).
 */

#ifndef SCTP_FOLLOW_H
#define SCTP_FOLLOW_H

struct ssh;
struct msghdr;
struct sockaddr_storage;
struct timespec;

void	sctp_follow_start(struct ssh *, int fd);
void	sctp_follow_free(struct ssh *);

/* DATA was read from this peer address (recvmsg(2)'s msg_name). */
void	sctp_follow_data(struct ssh *, const struct sockaddr_storage *,
	    socklen_t);

/* A peer-address event (struct sctp_paddr_change's spc_state). */
void	sctp_follow_event(struct ssh *, int state);

/*
 * A channel has data to send (channel_output_poll()), held back or not
 * by the peer's window: the end is busy, as if it had just sent.
 */
void	sctp_follow_busy(struct ssh *);

/*
 * sendmsg(2) on the connection's socket to the address followed, if any,
 * else as msg says.  If that fails other than with EAGAIN or EINTR (the
 * address left the association: EADDRNOTAVAIL), stop following and send
 * to the primary.
 */
ssize_t	sctp_follow_sendmsg(struct ssh *, int fd, struct msghdr *, int flags);

/*
 * The hooks of the main loops and of ssh_packet_check_rekey(): the
 * deadline of the primary's second heartbeat bounds the loops' poll, and
 * sctp_follow_poll() asks for that heartbeat when due.
 */
void	sctp_follow_deadline(struct ssh *, struct timespec *);
void	sctp_follow_poll(struct ssh *);

#endif /* SCTP_FOLLOW_H */
