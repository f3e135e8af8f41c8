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

#ifndef SCTP_RESTART_H
#define SCTP_RESTART_H

struct ssh;

/*
 * ssh, PROTOCOL.sctp 2.12: restart the association on fd and resume.
 * -1 if 2.12's conditions do not hold (nothing done), 1 if input waits to
 * be read or processed first (nothing done: call again), 0 once the new
 * association is up and the resume queued.  *number counts the attempts
 * to associate (the restart number).  Once the old association is
 * aborted, a failure ends the connection (fatal).
 */
int	sctp_restart_client(struct ssh *, int fd, uint32_t *number);

#endif /* SCTP_RESTART_H */
