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


/* Control messages of sendmsg(2) and recvmsg(2) (see sctp-cmsg.h). */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <string.h>

#include "sctp/sctp-cmsg.h"

void
cmsg_msghdr(struct msghdr *mh, struct iovec *iov, const void *data,
    size_t len, void *control, size_t controllen)
{
	memset(mh, 0, sizeof(*mh));
	iov->iov_base = (void *)data;
	iov->iov_len = len;
	mh->msg_iov = iov;
	mh->msg_iovlen = 1;
	mh->msg_control = control;
	mh->msg_controllen = controllen;
}

int
cmsg_append(struct msghdr *mh, size_t cap, int level, int type,
    const void *data, size_t len)
{
	struct cmsghdr *cm;
	size_t used = mh->msg_controllen;

	if (used + CMSG_SPACE(len) > cap)
		return -1;
	cm = (struct cmsghdr *)((u_char *)mh->msg_control + used);
	memset(cm, 0, CMSG_SPACE(len));
	cm->cmsg_level = level;
	cm->cmsg_type = type;
	cm->cmsg_len = CMSG_LEN(len);
	memcpy(CMSG_DATA(cm), data, len);
	mh->msg_controllen = used + CMSG_SPACE(len);
	return 0;
}

int
cmsg_find(struct msghdr *mh, int level, int type, void *data, size_t len)
{
	struct cmsghdr *cm;

	for (cm = CMSG_FIRSTHDR(mh); cm != NULL; cm = CMSG_NXTHDR(mh, cm)) {
		if (cm->cmsg_level == level && cm->cmsg_type == type &&
		    cm->cmsg_len >= CMSG_LEN(len)) {
			memcpy(data, CMSG_DATA(cm), len);
			return 0;
		}
	}
	return -1;
}
