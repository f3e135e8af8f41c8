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
 * Subscriptions to SCTP notifications (see sctp-event.h): SCTP_EVENT
 * (RFC 6458 6.2.2; Linux 5.0), else the older SCTP_EVENTS structure, which
 * every Linux with SCTP has, one byte per kind of notification.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "log.h"
#include "sctp/sctp-event.h"

#ifdef WITH_SCTP

/* Each notification's byte in struct sctp_event_subscribe. */
static const struct {
	uint16_t	type;
	size_t		off;
} subscribe_byte[] = {
	{ SCTP_ASSOC_CHANGE,
	    offsetof(struct sctp_event_subscribe, sctp_association_event) },
	{ SCTP_PEER_ADDR_CHANGE,
	    offsetof(struct sctp_event_subscribe, sctp_address_event) },
	{ SCTP_REMOTE_ERROR,
	    offsetof(struct sctp_event_subscribe, sctp_peer_error_event) },
	{ SCTP_SHUTDOWN_EVENT,
	    offsetof(struct sctp_event_subscribe, sctp_shutdown_event) },
	{ SCTP_PARTIAL_DELIVERY_EVENT,
	    offsetof(struct sctp_event_subscribe,
	    sctp_partial_delivery_event) },
	{ SCTP_AUTHENTICATION_EVENT,
	    offsetof(struct sctp_event_subscribe, sctp_authentication_event) },
	{ SCTP_SENDER_DRY_EVENT,
	    offsetof(struct sctp_event_subscribe, sctp_sender_dry_event) },
};

/*
 * The kernel's SCTP_EVENTS structure in *s, its length (a kernel older
 * than the header has a shorter one) in *len, and the offset of type's
 * byte in *off; -1 with errno set if the kernel or the table has none.
 */
static int
subscriptions(int fd, uint16_t type, struct sctp_event_subscribe *s,
    socklen_t *len, size_t *off)
{
	size_t i;

	for (i = 0; i < sizeof(subscribe_byte) / sizeof(subscribe_byte[0]);
	    i++) {
		if (subscribe_byte[i].type == type)
			break;
	}
	if (i == sizeof(subscribe_byte) / sizeof(subscribe_byte[0])) {
		errno = ENOPROTOOPT;
		return -1;
	}
	memset(s, 0, sizeof(*s));
	*len = sizeof(*s);
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_EVENTS, s, len) == -1)
		return -1;
	if (subscribe_byte[i].off >= *len) {
		errno = ENOPROTOOPT;
		return -1;
	}
	*off = subscribe_byte[i].off;
	return 0;
}

int
sctp_event_set(int fd, uint16_t type, int on)
{
	struct sctp_event ev;
	struct sctp_event_subscribe s;
	socklen_t len;
	size_t off;

	memset(&ev, 0, sizeof(ev));
	ev.se_type = type;
	ev.se_on = on != 0;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_EVENT, &ev, sizeof(ev)) == 0)
		return 0;
	if (errno != ENOPROTOOPT)
		return -1;
	if (subscriptions(fd, type, &s, &len, &off) == -1)
		return -1;
	((u_char *)&s)[off] = on != 0;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_EVENTS, &s, len) == -1)
		return -1;
	debug3_f("fd %d: notification 0x%x %s through SCTP_EVENTS", fd,
	    type, on ? "on" : "off");
	return 0;
}

int
sctp_event_get(int fd, uint16_t type, int *on)
{
	struct sctp_event ev;
	struct sctp_event_subscribe s;
	socklen_t len = sizeof(ev);
	size_t off;

	memset(&ev, 0, sizeof(ev));
	ev.se_type = type;
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_EVENT, &ev, &len) == 0) {
		*on = ev.se_on != 0;
		return 0;
	}
	if (errno != ENOPROTOOPT)
		return -1;
	if (subscriptions(fd, type, &s, &len, &off) == -1)
		return -1;
	*on = ((u_char *)&s)[off] != 0;
	return 0;
}

#else /* WITH_SCTP */

int
sctp_event_set(int fd, uint16_t type, int on)
{
	errno = ENOPROTOOPT;
	return -1;
}

int
sctp_event_get(int fd, uint16_t type, int *on)
{
	errno = ENOPROTOOPT;
	return -1;
}

#endif /* WITH_SCTP */
