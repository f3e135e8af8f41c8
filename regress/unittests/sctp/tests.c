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
#include <arpa/inet.h>

#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../test_helper/test_helper.h"

#include "xmalloc.h"
#include "sshbuf.h"
#include "ssherr.h"

#include "version.h"
#include "misc.h"
#include "packet.h"
#include "kex.h"
#include "sctp/sctp-avail.h"
#include "sctp/sctp-addrs.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-net.h"

#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

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

static void
test_addrlist(void)
{
	struct sctp_addrlist *al;
	char *err = NULL, many[1024];
	int i;

	TEST_START("address list: hosts, literals, brackets, port");
	al = sctp_addrlist_parse("192.0.2.1,[2001:db8::1],host.example;2222",
	    1, &err);
	ASSERT_PTR_NE(al, NULL);
	ASSERT_U_INT_EQ(al->n, 3);
	ASSERT_STRING_EQ(al->addrs[0], "192.0.2.1");
	ASSERT_STRING_EQ(al->addrs[1], "2001:db8::1");
	ASSERT_STRING_EQ(al->addrs[2], "host.example");
	ASSERT_STRING_EQ(al->port, "2222");
	sctp_addrlist_free(al);
	al = sctp_addrlist_parse("2001:db8::2", 0, &err);
	ASSERT_PTR_NE(al, NULL);
	ASSERT_U_INT_EQ(al->n, 1);
	ASSERT_PTR_EQ(al->port, NULL);
	sctp_addrlist_free(al);
	TEST_DONE();

	TEST_START("address list: bad input is refused with a reason");
#define BAD(s, port, msg) do { \
		err = NULL; \
		ASSERT_PTR_EQ(sctp_addrlist_parse(s, port, &err), NULL); \
		ASSERT_PTR_NE(err, NULL); \
		ASSERT_PTR_NE(strstr(err, msg), NULL); \
		free(err); \
	} while (0)
	BAD("", 1, "empty address");
	BAD("a,,b", 1, "empty address");
	BAD("a,", 1, "empty address");
	BAD("a b", 1, "white space");
	BAD("a;22", 0, "no port allowed");
	BAD("a;0", 1, "bad port");
	BAD("a;99999", 1, "bad port");
	BAD("a;x", 1, "bad port");
	BAD("[a", 1, "bad address");
	BAD("a]", 1, "bad address");
	many[0] = '\0';
	for (i = 0; i <= SCTP_MAX_ADDRS; i++)
		strlcat(many, i ? ",h" : "h", sizeof(many));
	BAD(many, 1, "more than");
#undef BAD
	TEST_DONE();

	TEST_START("address list: resolve and pack, duplicates once");
	{
		u_char *packed = NULL;
		size_t len = 0;
		int n = 0;
		char *s;

		al = sctp_addrlist_parse("192.0.2.1,192.0.2.1,[2001:db8::1]",
		    0, &err);
		ASSERT_PTR_NE(al, NULL);
		ASSERT_INT_EQ(sctp_addrlist_resolve(al, "22", AF_UNSPEC, 0,
		    &packed, &len, &n, &err), 0);
		ASSERT_INT_EQ(n, 2);
		ASSERT_SIZE_T_EQ(len, sizeof(struct sockaddr_in) +
		    sizeof(struct sockaddr_in6));
		s = sctp_addrs_string(packed, n);
		ASSERT_STRING_EQ(s, "192.0.2.1, 2001:db8::1");
		free(s);
		free(packed);
		sctp_addrlist_free(al);
	}
	TEST_DONE();

	TEST_START("sctp_sa_ntop: mapped IPv4 as IPv4, scope on link-local only");
	{
		struct sockaddr_in6 sin6;
		char host[NI_MAXHOST];

		memset(&sin6, 0, sizeof(sin6));
		sin6.sin6_family = AF_INET6;
		sin6.sin6_scope_id = 3;
		ASSERT_INT_EQ(inet_pton(AF_INET6, "::ffff:198.18.1.1",
		    &sin6.sin6_addr), 1);
		ASSERT_INT_EQ(sctp_sa_ntop((struct sockaddr *)&sin6, host,
		    sizeof(host)), 0);
		ASSERT_STRING_EQ(host, "198.18.1.1");
		ASSERT_INT_EQ(inet_pton(AF_INET6, "2001:db8:1::1",
		    &sin6.sin6_addr), 1);
		ASSERT_INT_EQ(sctp_sa_ntop((struct sockaddr *)&sin6, host,
		    sizeof(host)), 0);
		ASSERT_STRING_EQ(host, "2001:db8:1::1");
		ASSERT_INT_EQ(inet_pton(AF_INET6, "fe80::1", &sin6.sin6_addr), 1);
		ASSERT_INT_EQ(sctp_sa_ntop((struct sockaddr *)&sin6, host,
		    sizeof(host)), 0);
		ASSERT_INT_EQ(strncmp(host, "fe80::1%", 8), 0);
	}
	TEST_DONE();
}

static int
parse_line(struct sctp_options *o, const char *line, int server)
{
	char *copy = xstrdup(line), *kw, **av, **oav;
	int ac, oac, r;

	kw = copy;
	copy[strcspn(copy, " ")] = '\0';
	ASSERT_INT_EQ(argv_split(line + strlen(kw) + 1, &oac, &oav, 1), 0);
	ac = oac;
	av = oav;
	r = sctp_options_parse(o, kw, &ac, &av, "test", 1, 1, server);
	argv_free(oav, oac);
	free(copy);
	return r;
}

/* One RTO option alone, filled: the bounds that result. */
static void
rto_alone(const char *line, int min, int initial, int max)
{
	struct sctp_options o;

	sctp_options_init(&o);
	ASSERT_INT_EQ(parse_line(&o, line, 0), 0);
	sctp_options_fill(&o);
	ASSERT_INT_EQ(o.rto_min, min);
	ASSERT_INT_EQ(o.rto_initial, initial);
	ASSERT_INT_EQ(o.rto_max, max);
	sctp_options_free(&o);
}

static void
test_options(void)
{
	struct sctp_options o;

	TEST_START("options: defaults");
	sctp_options_init(&o);
	sctp_options_fill(&o);
	ASSERT_INT_EQ(o.transport, SCTP_TRANSPORT_TCP);
	ASSERT_INT_EQ(o.streams, SCTP_DEFAULT_STREAMS);
	ASSERT_INT_EQ(o.rto_min, SCTP_DEFAULT_RTO_MIN);
	ASSERT_INT_EQ(o.pf_threshold, SCTP_DEFAULT_PFTHRESHOLD);
	sctp_options_free(&o);
	TEST_DONE();

#ifndef WITH_SCTP
	TEST_START("options: no SCTP transport in a build without SCTP");
	sctp_options_init(&o);
	ASSERT_INT_EQ(parse_line(&o, "Transport sctp", 0), -1);
	ASSERT_INT_EQ(parse_line(&o, "Transport all", 1), -1);
	ASSERT_INT_EQ(parse_line(&o, "Transport tcp", 1), 0);
	ASSERT_INT_EQ(o.transport, SCTP_TRANSPORT_TCP);
	sctp_options_free(&o);
	TEST_DONE();
#endif

	TEST_START("options: parse, first value wins");
	sctp_options_init(&o);
#ifdef WITH_SCTP
	ASSERT_INT_EQ(parse_line(&o, "Transport sctp", 0), 0);
	ASSERT_INT_EQ(parse_line(&o, "transport tcp", 0), 0);
	ASSERT_INT_EQ(o.transport, SCTP_TRANSPORT_SCTP);
#endif
	ASSERT_INT_EQ(parse_line(&o, "SCTPStreams 100", 0), 0);
	ASSERT_INT_EQ(parse_line(&o, "SCTPHeartbeatInterval off", 0), 0);
	ASSERT_INT_EQ(parse_line(&o, "SCTPRTOMin 3000", 0), 0);
	sctp_options_fill(&o);
	ASSERT_INT_EQ(o.streams, 100);
	ASSERT_INT_EQ(o.hb_interval, 0);
	/* min above the default max: the defaults give way */
	ASSERT_INT_EQ(o.rto_min, 3000);
	ASSERT_INT_EQ(o.rto_max, 3000);
	ASSERT_INT_EQ(o.rto_initial, 3000);
	sctp_options_free(&o);
	rto_alone("SCTPRTOMax 50", 50, 50, 50);
	rto_alone("SCTPRTOInitial 5000", 200, 5000, 5000);
	/* (bounds given that contradict each other: regress/sctp-options.sh) */
	TEST_DONE();

	TEST_START("options: bad values and misplaced keywords");
	sctp_options_init(&o);
	ASSERT_INT_EQ(parse_line(&o, "Transport all", 0), -1);
#ifdef WITH_SCTP
	ASSERT_INT_EQ(parse_line(&o, "Transport all", 1), 0);
#endif
	ASSERT_INT_EQ(parse_line(&o, "SCTPStreams 0", 0), -1);
	ASSERT_INT_EQ(parse_line(&o, "SCTPStreams 65536", 0), -1);
	ASSERT_INT_EQ(parse_line(&o, "SCTPStreams 5 6", 0), -1);
	ASSERT_INT_EQ(parse_line(&o, "SCTPPathMaxRetransmissions none", 0), -1);
	ASSERT_INT_EQ(parse_line(&o, "SCTPPeerAddresses a,,b", 0), -1);
	ASSERT_INT_EQ(parse_line(&o, "ListenMultipleAddresses a,b", 0), -1);
	ASSERT_INT_EQ(sctp_options_keyword("listenmultipleaddresses", 0), 0);
	ASSERT_INT_EQ(sctp_options_keyword("ListenMultipleAddresses", 1), 1);
	ASSERT_INT_EQ(sctp_options_keyword("sctppeeraddresses", 1), 0);
	ASSERT_INT_EQ(parse_line(&o, "ListenMultipleAddresses a,b;2222", 1), 0);
	ASSERT_INT_EQ(parse_line(&o, "ListenMultipleAddresses c", 1), 0);
	ASSERT_U_INT_EQ(o.nlisten_multi, 2);
	sctp_options_free(&o);
	TEST_DONE();
}

#ifdef WITH_SCTP
static volatile sig_atomic_t alarmed;

static void
onalarm(int sig)
{
	alarmed = 1;
}

/* A connected pair of one-to-one SCTP sockets on the loopback. */
void
sctp_pair(int *a, int *b)
{
	struct sockaddr_in sin;
	socklen_t sl = sizeof(sin);
	int l;

	ASSERT_INT_NE(l = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP), -1);
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ASSERT_INT_EQ(bind(l, (struct sockaddr *)&sin, sizeof(sin)), 0);
	ASSERT_INT_EQ(listen(l, 1), 0);
	ASSERT_INT_EQ(getsockname(l, (struct sockaddr *)&sin, &sl), 0);
	ASSERT_INT_NE(*a = socket(AF_INET, SOCK_STREAM, IPPROTO_SCTP), -1);
	ASSERT_INT_EQ(connect(*a, (struct sockaddr *)&sin, sizeof(sin)), 0);
	ASSERT_INT_NE(*b = accept(l, NULL, NULL), -1);
	close(l);
}

/*
 * Queue a notification on fd: the kernel reports SENDER_DRY as soon as it
 * is subscribed to while nothing is waiting to be sent.
 */
static void
queue_notification(int fd)
{
	struct sctp_event ev;

	memset(&ev, 0, sizeof(ev));
	ev.se_type = SCTP_SENDER_DRY_EVENT;
	ASSERT_INT_EQ(setsockopt(fd, IPPROTO_SCTP, SCTP_EVENT, &ev,
	    sizeof(ev)), 0);
	ev.se_on = 1;
	ASSERT_INT_EQ(setsockopt(fd, IPPROTO_SCTP, SCTP_EVENT, &ev,
	    sizeof(ev)), 0);
}

/* Read through sctp_read() until data comes, polling on EAGAIN. */
static ssize_t
read_data(struct ssh *ssh, int fd, char *buf, size_t len)
{
	struct pollfd pfd;
	ssize_t n;
	int i;

	for (i = 0; i < 10; i++) {
		if ((n = sctp_read(ssh, fd, buf, len)) != -1 || errno != EAGAIN)
			return n;
		pfd.fd = fd;
		pfd.events = POLLIN;
		(void)poll(&pfd, 1, 1000);
	}
	return -1;
}

/*
 * The notification-aware reads, on kernel SCTP.  OpenSSH keeps its
 * connection socket in blocking mode; after consuming a notification the
 * reads must not wait for data, or both peers may wait on each other.
 */
static void
test_events(void)
{
	struct sigaction sa;
	struct sshbuf *b;
	struct ssh ssh;		/* the members the wrappers use */
	char buf[64];
	size_t rlen;
	ssize_t n;
	int a, p, r;

	if (sctp_available(NULL, 0) != SCTP_AVAIL_OK)
		return;		/* no kernel SCTP here: the VM runs these */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = onalarm;	/* no SA_RESTART: a stuck read returns */
	ASSERT_INT_EQ(sigaction(SIGALRM, &sa, NULL), 0);

	TEST_START("sctp_read: a lone notification does not block");
	sctp_pair(&a, &p);
	memset(&ssh, 0, sizeof(ssh));
	sctp_events_enable(&ssh, a);
	ASSERT_INT_EQ(ssh.sctp_events, 1);
	queue_notification(a);
	alarm(10);
	n = sctp_read(&ssh, a, buf, sizeof(buf));
	r = errno;
	alarm(0);
	ASSERT_INT_EQ(alarmed, 0);
	ASSERT_LONG_EQ(n, -1);
	ASSERT_INT_EQ(r, EAGAIN);
	TEST_DONE();

	TEST_START("sctp_read: data behind a notification, not the notification");
	queue_notification(a);
	ASSERT_LONG_EQ(write(p, "hello", 5), 5);
	alarm(10);
	n = read_data(&ssh, a, buf, sizeof(buf));
	alarm(0);
	ASSERT_INT_EQ(alarmed, 0);
	ASSERT_LONG_EQ(n, 5);
	ASSERT_MEM_EQ(buf, "hello", 5);
	TEST_DONE();

	TEST_START("sctp_sshbuf_read: a lone notification adds nothing");
	ASSERT_PTR_NE(b = sshbuf_new(), NULL);
	queue_notification(a);
	alarm(10);
	r = sctp_sshbuf_read(&ssh, a, b, 1024, &rlen);
	n = errno;
	alarm(0);
	ASSERT_INT_EQ(alarmed, 0);
	ASSERT_INT_EQ(r, SSH_ERR_SYSTEM_ERROR);
	ASSERT_LONG_EQ(n, EAGAIN);
	ASSERT_SIZE_T_EQ(rlen, 0);
	ASSERT_SIZE_T_EQ(sshbuf_len(b), 0);
	TEST_DONE();

	TEST_START("sctp_write: all it can, in messages of 32 KB at most");
	{
		char big[65536], in[65536];
		struct msghdr mh;
		struct iovec iv;
		size_t got = 0;
		ssize_t m;
		int msgs = 0;

		memset(big, 'x', sizeof(big));
		ASSERT_LONG_EQ(sctp_write(&ssh, a, big, sizeof(big)),
		    sizeof(big));
		alarm(10);
		while (got < sizeof(big)) {
			memset(&mh, 0, sizeof(mh));
			iv.iov_base = in;
			iv.iov_len = sizeof(in);
			mh.msg_iov = &iv;
			mh.msg_iovlen = 1;
			m = recvmsg(p, &mh, 0);
			ASSERT_LONG_GT(m, 0);
			if (mh.msg_flags & MSG_NOTIFICATION)
				continue;
			ASSERT_LONG_LE(m, 32768);
			ASSERT_INT_NE(mh.msg_flags & MSG_EOR, 0);
			got += m;
			msgs++;
		}
		alarm(0);
		ASSERT_INT_EQ(alarmed, 0);
		ASSERT_SIZE_T_EQ(got, sizeof(big));
		ASSERT_INT_EQ(msgs, 2);
	}
	TEST_DONE();

	TEST_START("sctp_sshbuf_read: one message until the initial kex ends");
	{
		struct kex kx;

		sshbuf_reset(b);
		ASSERT_LONG_EQ(write(p, "one", 3), 3);
		ASSERT_LONG_EQ(write(p, "two", 3), 3);
		usleep(200000);		/* both queued at a */
		memset(&kx, 0, sizeof(kx));
		kx.flags = KEX_INITIAL;
		ssh.kex = &kx;
		alarm(10);
		r = sctp_sshbuf_read(&ssh, a, b, 1024, &rlen);
		alarm(0);
		ASSERT_INT_EQ(r, 0);
		ASSERT_SIZE_T_EQ(rlen, 3);
		ASSERT_MEM_EQ(sshbuf_ptr(b), "one", 3);
		sshbuf_reset(b);
		r = sctp_sshbuf_read(&ssh, a, b, 1024, &rlen);
		ASSERT_INT_EQ(r, 0);
		ASSERT_SIZE_T_EQ(rlen, 3);
		/* after it, every message already there */
		kx.flags = 0;
		sshbuf_reset(b);
		ASSERT_LONG_EQ(write(p, "three", 5), 5);
		ASSERT_LONG_EQ(write(p, "four", 4), 4);
		usleep(200000);
		alarm(10);
		r = sctp_sshbuf_read(&ssh, a, b, 1024, &rlen);
		alarm(0);
		ASSERT_INT_EQ(alarmed, 0);
		ASSERT_INT_EQ(r, 0);
		ASSERT_SIZE_T_EQ(rlen, 9);
		ASSERT_MEM_EQ(sshbuf_ptr(b), "threefour", 9);
		ssh.kex = NULL;
	}
	TEST_DONE();

	sshbuf_free(b);
	close(a);
	close(p);
}
#endif /* WITH_SCTP */

void test_ms(void);
void test_keep(void);
void test_mem(void);
void test_fwd(void);
void test_fwd_spec(void);
void test_fwd_read(void);
void test_follow(void);

void
tests(void)
{
	test_version();
	test_available();
	test_addrlist();
	test_options();
	test_ms();
	test_keep();
	test_mem();
	test_fwd();
	test_fwd_spec();
	test_fwd_read();
#ifdef WITH_SCTP
	test_events();
#endif
	test_follow();
}

void
benchmarks(void)
{
	printf("no benchmarks\n");
}
