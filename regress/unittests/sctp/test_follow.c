/*
 * Unit tests for following (sctp/sctp-follow.c, PROTOCOL.sctp 1.3) on
 * kernel SCTP: only an idle end follows the peer's address.
 *
 * Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../test_helper/test_helper.h"

#include "packet.h"
#include "sctp/sctp-avail.h"
#include "sctp/sctp-follow.h"

void	sctp_pair(int *, int *);
void	test_follow(void);

#ifdef WITH_SCTP

#define IDLE_US	1300000		/* past FOLLOW_IDLE (1 s) */

/* Whether a message sent now goes to an address followed. */
static int
following(struct ssh *ssh, int fd)
{
	struct msghdr mh;
	struct iovec iv;
	char c = 'f';

	memset(&mh, 0, sizeof(mh));
	iv.iov_base = &c;
	iv.iov_len = 1;
	mh.msg_iov = &iv;
	mh.msg_iovlen = 1;
	ASSERT_LONG_EQ(sctp_follow_sendmsg(ssh, fd, &mh, MSG_DONTWAIT), 1);
	return mh.msg_name != NULL;
}

/* The peer's address, as recvmsg(2) names a DATA's source. */
static void
peer_of(int fd, struct sockaddr_storage *ss, socklen_t *len)
{
	*len = sizeof(*ss);
	memset(ss, 0, sizeof(*ss));
	ASSERT_INT_EQ(getpeername(fd, (struct sockaddr *)ss, len), 0);
}

/* DATA of a's that its kernel has not sent or not seen acknowledged. */
static int
queued(int a)
{
	struct sctp_status st;
	socklen_t len = sizeof(st);

	memset(&st, 0, sizeof(st));
	ASSERT_INT_EQ(getsockopt(a, IPPROTO_SCTP, SCTP_STATUS, &st, &len), 0);
	return st.sstat_penddata + st.sstat_unackdata;
}

/* p reads all a sent, until a's kernel holds none of it (10 s at most). */
static void
settle(int a, int p)
{
	char buf[65536];
	int i;

	for (i = 0; i < 100; i++) {
		while (recv(p, buf, sizeof(buf), MSG_DONTWAIT) > 0)
			;
		if (queued(a) == 0)
			break;
		usleep(100000);
	}
	ASSERT_INT_EQ(queued(a), 0);
}

void
test_follow(void)
{
	struct sockaddr_storage from;
	struct ssh ssh;
	socklen_t fromlen;
	char buf[16384];
	int a, p, n, full;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */

	TEST_START("sctp_follow: an idle end follows the peer's DATA");
	sctp_pair(&a, &p);
	peer_of(a, &from, &fromlen);
	memset(&ssh, 0, sizeof(ssh));
	sctp_follow_start(&ssh, a);
	ASSERT_PTR_NE(ssh.sctp_follow, NULL);
	sctp_follow_data(&ssh, &from, fromlen);
	ASSERT_INT_EQ(following(&ssh, a), 0);	/* it just started */
	usleep(IDLE_US);
	sctp_follow_data(&ssh, &from, fromlen);
	ASSERT_INT_EQ(following(&ssh, a), 1);
	sctp_follow_event(&ssh, SCTP_ADDR_AVAILABLE);
	ASSERT_INT_EQ(following(&ssh, a), 0);
	TEST_DONE();

	TEST_START("sctp_follow: not while a channel has data waiting");
	usleep(IDLE_US);
	settle(a, p);
	sctp_follow_busy(&ssh);		/* held back by the peer's window */
	sctp_follow_data(&ssh, &from, fromlen);
	ASSERT_INT_EQ(following(&ssh, a), 0);
	TEST_DONE();

	TEST_START("sctp_follow: not while the kernel holds its DATA");
	/* The peer reads nothing: its window closes, a's queue fills. */
	memset(buf, 'q', sizeof(buf));
	for (full = 0, n = 0; n < 4096 && !full; n++)
		full = send(a, buf, sizeof(buf), MSG_DONTWAIT) == -1;
	ASSERT_INT_EQ(full, 1);
	ASSERT_INT_EQ(errno, EAGAIN);
	usleep(IDLE_US);
	ASSERT_INT_GT(queued(a), 0);
	sctp_follow_data(&ssh, &from, fromlen);
	settle(a, p);
	ASSERT_INT_EQ(following(&ssh, a), 0);
	TEST_DONE();

	TEST_START("sctp_follow: idle again once the peer took it all");
	usleep(IDLE_US);
	settle(a, p);
	sctp_follow_data(&ssh, &from, fromlen);
	ASSERT_INT_EQ(following(&ssh, a), 1);
	TEST_DONE();

	sctp_follow_free(&ssh);
	ASSERT_PTR_EQ(ssh.sctp_follow, NULL);
	close(a);
	close(p);
}

#else /* WITH_SCTP */

void
test_follow(void)
{
}

#endif /* WITH_SCTP */
