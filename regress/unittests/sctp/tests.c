/*
 * Unit tests for openssh-sctp's own code (sctp/).
 *
 * SCTP_EXPECT=available|nokernel|nobuild in the environment states what the
 * SCTP probe must find: the test runner knows (the host's kernel has no
 * SCTP, the test VM's has).  Without it the probe is only checked against a
 * direct socket(2) call.
 *
 * Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../test_helper/test_helper.h"

#include "version.h"
#include "sctp/sctp-avail.h"

static void
test_version(void)
{
	TEST_START("fork release names upstream's first");
	ASSERT_INT_EQ(strncmp(SSH_FORK_RELEASE, SSH_RELEASE,
	    strlen(SSH_RELEASE)), 0);
	ASSERT_PTR_NE(strstr(SSH_FORK_RELEASE + strlen(SSH_RELEASE), "-sctp"),
	    NULL);
	TEST_DONE();

	TEST_START("banner version unchanged");
	/* Peers match this (compat.c): it must stay upstream's. */
	ASSERT_INT_EQ(strncmp(SSH_VERSION, "OpenSSH_", 8), 0);
	ASSERT_PTR_EQ(strstr(SSH_VERSION, "sctp"), NULL);
	TEST_DONE();
}

static void
test_available(void)
{
	char why[256];
	const char *expect = getenv("SCTP_EXPECT");
	int r, fd, direct;

	TEST_START("sctp_available agrees with socket(2)");
	why[0] = '\0';
	r = sctp_available(why, sizeof(why));
#ifdef WITH_SCTP
	fd = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP);
	direct = fd != -1;
	if (fd != -1)
		close(fd);
	ASSERT_INT_EQ(r == SCTP_AVAIL_OK, direct);
#else
	(void)fd;
	(void)direct;
	ASSERT_INT_EQ(r, SCTP_AVAIL_NOBUILD);
#endif
	if (r == SCTP_AVAIL_OK)
		ASSERT_STRING_EQ(why, "");
	else
		ASSERT_INT_EQ(strncmp(why, "SCTP is not available: ", 23), 0);
	TEST_DONE();

	TEST_START("sctp_available without a message buffer");
	ASSERT_INT_EQ(sctp_available(NULL, 0), r);
	TEST_DONE();

	if (expect == NULL)
		return;
	TEST_START("sctp_available finds what the environment has");
	if (strcmp(expect, "available") == 0)
		ASSERT_INT_EQ(r, SCTP_AVAIL_OK);
	else if (strcmp(expect, "nokernel") == 0) {
		ASSERT_INT_EQ(r, SCTP_AVAIL_NOKERNEL);
		ASSERT_PTR_NE(strstr(why, "kernel has no SCTP"), NULL);
	} else if (strcmp(expect, "nobuild") == 0) {
		ASSERT_INT_EQ(r, SCTP_AVAIL_NOBUILD);
		ASSERT_PTR_NE(strstr(why, "--with-sctp"), NULL);
	} else {
		fprintf(stderr, "bad SCTP_EXPECT \"%s\"\n", expect);
		ASSERT_INT_EQ(0, 1);
	}
	TEST_DONE();
}

void
tests(void)
{
	test_version();
	test_available();
}
