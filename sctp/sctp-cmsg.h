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
 * Control messages (cmsg) of sendmsg(2) and recvmsg(2): the SCTP send and
 * receive information, PR-SCTP policies, and UDP's packet information.
 * One place for all of openssh-sctp's sockets.
 */

#ifndef SCTP_CMSG_H
#define SCTP_CMSG_H

struct msghdr;
struct iovec;

/*
 * mh for one buffer of len bytes (iov is its iovec) and a control buffer
 * of controllen bytes: sizeof the buffer to receive, 0 to send (then
 * cmsg_append() counts what is added).
 */
void	cmsg_msghdr(struct msghdr *mh, struct iovec *iov, const void *data,
	    size_t len, void *control, size_t controllen);

/*
 * Append a control message to mh: msg_control has room for cap bytes and
 * msg_controllen counts those used so far.  0, or -1 if it does not fit.
 */
int	cmsg_append(struct msghdr *mh, size_t cap, int level, int type,
	    const void *data, size_t len);

/*
 * Copy the data of a received control message of level and type, len
 * bytes at least, to data: 0, or -1 if there is none.
 */
int	cmsg_find(struct msghdr *mh, int level, int type, void *data,
	    size_t len);

#endif /* SCTP_CMSG_H */
