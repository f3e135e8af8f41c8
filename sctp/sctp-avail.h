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

#ifndef SCTP_AVAIL_H
#define SCTP_AVAIL_H

/* Why SCTP can or cannot be used here. */
#define SCTP_AVAIL_OK		0	/* built in, and the kernel has it */
#define SCTP_AVAIL_NOBUILD	1	/* built without --with-sctp */
#define SCTP_AVAIL_NOKERNEL	2	/* the kernel has no SCTP */
#define SCTP_AVAIL_DENIED	3	/* the kernel refuses SCTP sockets */
#define SCTP_AVAIL_ERROR	4	/* any other failure to make a socket */

/*
 * Probe whether this build and the running kernel can make SCTP sockets.
 * Returns one of the SCTP_AVAIL_* values; unless it is SCTP_AVAIL_OK, a
 * message saying why, fit for error(), is written to "why" (if not NULL).
 */
int	sctp_available(char *why, size_t whylen);

#endif /* SCTP_AVAIL_H */
