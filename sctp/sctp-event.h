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
 * Subscriptions to SCTP notifications, one kind at a time.  Through
 * SCTP_EVENT where the kernel has it (Linux 5.0 on), else through the
 * older SCTP_EVENTS structure, so that a kernel before 5.0 still gives
 * SENDER_DRY, path and association notifications.
 */

#ifndef SCTP_EVENT_H
#define SCTP_EVENT_H

/* Notification type (SCTP_SENDER_DRY_EVENT, ...) on or off; -1, errno. */
int	sctp_event_set(int fd, uint16_t type, int on);
/* Whether type is on, in *on; -1 and errno if the kernel cannot tell. */
int	sctp_event_get(int fd, uint16_t type, int *on);

#endif /* SCTP_EVENT_H */
