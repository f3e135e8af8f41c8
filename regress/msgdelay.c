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
 * msgdelay: one-way delay of timestamped messages over several TCP
 * connections, for the benchmarks of channels on streams (dissertation
 * Figures 8.15 to 8.18).  Sender and receiver run in two network
 * namespaces of one kernel, so CLOCK_MONOTONIC is common to both.
 *
 *   msgdelay recv PORT NCONN          print "conn seq delay_us sent_us" per
 *                                     message (sent_us: CLOCK_MONOTONIC)
 *   msgdelay send HOST PORT SECONDS SIZE:INTERVAL_US[@PORT]...
 *   msgdelay recv-sctp PORT NCONN     the same over one SCTP association
 *   msgdelay send-sctp HOST PORT SECONDS STREAMS SIZE:INTERVAL_US...
 *
 * Each SIZE:INTERVAL_US opens one connection (to PORT, or to the common
 * one) that sends SIZE-byte messages every INTERVAL_US microseconds (0:
 * as fast as the connection takes them, a saturated sender).  A message
 * is: uint32 length, uint32 connection, uint32 sequence, uint64 send time
 * in ns, padding.
 *
 * The SCTP variants measure the kernel's transport alone, without SSH:
 * flow i is one SCTP message per message on stream (i mod STREAMS) of a
 * single association (STREAMS 1: every flow on one ordered stream, as SSH
 * over one stream; STREAMS >= NCONN: a stream each), with Nagle off and
 * the retransmission timeouts (200 ms to 1 s) as ssh sets them.  A flow whose message does not fit the send buffer waits
 * without holding up the others, as with TCP.
 */

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <netinet/sctp.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define HDR	20
#define MAXCONN	16
#define MAXMSG	65536

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static void
put32(unsigned char *p, uint32_t v)
{
	p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v;
}

static uint32_t
get32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | p[3];
}

static int
recv_main(int argc, char **argv)
{
	struct sockaddr_in6 sin6;
	struct pollfd pfd[MAXCONN];
	static unsigned char buf[MAXCONN][MAXMSG];
	size_t have[MAXCONN];
	int ls, n, i, open, one = 1;
	ssize_t r;
	uint32_t len;
	uint64_t t, sent;

	if (argc != 2)
		errx(2, "usage: msgdelay recv PORT NCONN");
	n = atoi(argv[1]);
	if (n < 1 || n > MAXCONN)
		errx(2, "NCONN 1 to %d", MAXCONN);
	if ((ls = socket(AF_INET6, SOCK_STREAM, 0)) == -1)
		err(1, "socket");
	setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&sin6, 0, sizeof(sin6));
	sin6.sin6_family = AF_INET6;
	sin6.sin6_port = htons(atoi(argv[0]));
	if (bind(ls, (struct sockaddr *)&sin6, sizeof(sin6)) == -1 ||
	    listen(ls, n) == -1)
		err(1, "bind/listen");
	fprintf(stderr, "msgdelay: listening\n");
	for (i = 0; i < n; i++) {
		if ((pfd[i].fd = accept(ls, NULL, NULL)) == -1)
			err(1, "accept");
		pfd[i].events = POLLIN;
		have[i] = 0;
	}
	for (open = n; open > 0;) {
		if (poll(pfd, n, -1) == -1)
			err(1, "poll");
		for (i = 0; i < n; i++) {
			if (pfd[i].fd == -1 || !(pfd[i].revents & (POLLIN|POLLHUP)))
				continue;
			r = read(pfd[i].fd, buf[i] + have[i], MAXMSG - have[i]);
			if (r <= 0) {
				close(pfd[i].fd);
				pfd[i].fd = -1;
				open--;
				continue;
			}
			t = now_ns();
			have[i] += r;
			/* Every complete message: its delay. */
			while (have[i] >= HDR &&
			    have[i] >= (len = get32(buf[i]))) {
				if (len < HDR || len > MAXMSG)
					errx(1, "bad message length %u", len);
				sent = (uint64_t)get32(buf[i] + 12) << 32 |
				    get32(buf[i] + 16);
				printf("%u %u %llu %llu\n", get32(buf[i] + 4),
				    get32(buf[i] + 8),
				    (unsigned long long)((t - sent) / 1000),
				    (unsigned long long)(sent / 1000));
				memmove(buf[i], buf[i] + len, have[i] - len);
				have[i] -= len;
			}
		}
	}
	return 0;
}

static int
send_main(int argc, char **argv)
{
	struct addrinfo hints, *ai;
	struct conn {
		int fd;
		uint32_t size, seq;
		uint64_t interval, next;
		size_t off;		/* of the message being written */
		unsigned char msg[MAXMSG];
	} *c;
	struct pollfd pfd[MAXCONN];
	uint64_t end, t, wait;
	int n, i, e, one = 1;
	char port[16];
	ssize_t r;

	if (argc < 4)
		errx(2, "usage: msgdelay send HOST PORT SECONDS SIZE:US...");
	n = argc - 3;
	if (n > MAXCONN)
		errx(2, "at most %d connections", MAXCONN);
	if ((c = calloc(n, sizeof(*c))) == NULL)
		err(1, "calloc");
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	for (i = 0; i < n; i++) {
		port[0] = '\0';
		if (sscanf(argv[3 + i], "%u:%lu@%15s", &c[i].size,
		    &c[i].interval, port) < 2 || c[i].size < HDR ||
		    c[i].size > MAXMSG)
			errx(2, "bad SIZE:INTERVAL_US '%s'", argv[3 + i]);
		if ((e = getaddrinfo(argv[0], port[0] ? port : argv[1],
		    &hints, &ai)) != 0)
			errx(1, "%s: %s", argv[0], gai_strerror(e));
		c[i].interval *= 1000;
		if ((c[i].fd = socket(ai->ai_family, SOCK_STREAM, 0)) == -1 ||
		    connect(c[i].fd, ai->ai_addr, ai->ai_addrlen) == -1)
			err(1, "connect");
		setsockopt(c[i].fd, IPPROTO_TCP, TCP_NODELAY, &one,
		    sizeof(one));
		/* A full connection must not hold up the others. */
		if (fcntl(c[i].fd, F_SETFL, O_NONBLOCK) == -1)
			err(1, "fcntl");
		freeaddrinfo(ai);
		c[i].off = c[i].size;	/* nothing being written */
	}
	t = now_ns();
	end = t + (uint64_t)atoi(argv[2]) * 1000000000ULL;
	for (i = 0; i < n; i++)
		c[i].next = t;
	while ((t = now_ns()) < end) {
		wait = 100;
		for (i = 0; i < n; i++) {
			pfd[i].fd = c[i].fd;
			pfd[i].events = 0;
			if (c[i].off < c[i].size)
				pfd[i].events = POLLOUT;
			else if (t >= c[i].next) {
				/* Time for the next message. */
				put32(c[i].msg, c[i].size);
				put32(c[i].msg + 4, i);
				put32(c[i].msg + 8, c[i].seq++);
				put32(c[i].msg + 12, t >> 32);
				put32(c[i].msg + 16, t & 0xffffffff);
				c[i].off = 0;
				c[i].next = c[i].interval ?
				    c[i].next + c[i].interval : t;
				pfd[i].events = POLLOUT;
			} else if ((c[i].next - t) / 1000000 < wait)
				wait = (c[i].next - t) / 1000000;
		}
		for (i = 0; i < n; i++)
			if (pfd[i].events)
				wait = 0;
		if (poll(pfd, n, wait ? (int)wait : 1) == -1)
			err(1, "poll");
		for (i = 0; i < n; i++) {
			if (!(pfd[i].revents & POLLOUT))
				continue;
			r = write(c[i].fd, c[i].msg + c[i].off,
			    c[i].size - c[i].off);
			if (r == -1 && errno != EAGAIN && errno != EINTR)
				err(1, "write");
			if (r > 0)
				c[i].off += r;
		}
	}
	for (i = 0; i < n; i++) {
		fprintf(stderr, "msgdelay: connection %d sent %u messages\n",
		    i, c[i].seq);
		close(c[i].fd);
	}
	return 0;
}

static int
recv_sctp_main(int argc, char **argv)
{
	struct sockaddr_in6 sin6;
	struct sctp_initmsg im;
	static unsigned char buf[MAXMSG];
	int ls, fd, n, one = 1;
	ssize_t r;
	uint64_t t;

	if (argc != 2)
		errx(2, "usage: msgdelay recv-sctp PORT NCONN");
	n = atoi(argv[1]);
	if (n < 1 || n > MAXCONN)
		errx(2, "NCONN 1 to %d", MAXCONN);
	if ((ls = socket(AF_INET6, SOCK_STREAM, IPPROTO_SCTP)) == -1)
		err(1, "socket");
	setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	memset(&im, 0, sizeof(im));
	im.sinit_num_ostreams = im.sinit_max_instreams = MAXCONN;
	if (setsockopt(ls, IPPROTO_SCTP, SCTP_INITMSG, &im, sizeof(im)) == -1)
		err(1, "SCTP_INITMSG");
	memset(&sin6, 0, sizeof(sin6));
	sin6.sin6_family = AF_INET6;
	sin6.sin6_port = htons(atoi(argv[0]));
	if (bind(ls, (struct sockaddr *)&sin6, sizeof(sin6)) == -1 ||
	    listen(ls, 1) == -1)
		err(1, "bind/listen");
	fprintf(stderr, "msgdelay: listening (SCTP)\n");
	if ((fd = accept(ls, NULL, NULL)) == -1)
		err(1, "accept");
	/* One message per read: the sender sends each as one SCTP message. */
	while ((r = read(fd, buf, sizeof(buf))) > 0) {
		t = now_ns();
		if (r < HDR || (size_t)r != get32(buf))
			errx(1, "bad SCTP message: %zd bytes", r);
		printf("%u %u %llu\n", get32(buf + 4), get32(buf + 8),
		    (unsigned long long)((t - ((uint64_t)get32(buf + 12) << 32 |
		    get32(buf + 16))) / 1000));
	}
	if (r == -1)
		err(1, "read");
	return 0;
}

static int
send_sctp_main(int argc, char **argv)
{
	struct addrinfo hints, *ai;
	struct sctp_initmsg im;
	struct sctp_rtoinfo rto;
	struct flow {
		uint32_t size, seq;
		uint64_t interval, next;
		int pending;		/* a message waits for room */
		unsigned char msg[MAXMSG];
	} *c;
	struct pollfd pfd;
	struct msghdr mh;
	struct iovec iov;
	struct cmsghdr *cmsg;
	struct sctp_sndinfo *si;
	union {
		struct cmsghdr hdr;
		unsigned char buf[CMSG_SPACE(sizeof(struct sctp_sndinfo))];
	} cbuf;
	uint64_t end, t, wait;
	int fd, n, i, e, nstreams, blocked, one = 1;
	ssize_t r;

	if (argc < 5)
		errx(2, "usage: msgdelay send-sctp HOST PORT SECONDS STREAMS "
		    "SIZE:US...");
	nstreams = atoi(argv[3]);
	if (nstreams < 1 || nstreams > MAXCONN)
		errx(2, "STREAMS 1 to %d", MAXCONN);
	n = argc - 4;
	if (n > MAXCONN)
		errx(2, "at most %d flows", MAXCONN);
	if ((c = calloc(n, sizeof(*c))) == NULL)
		err(1, "calloc");
	for (i = 0; i < n; i++) {
		if (sscanf(argv[4 + i], "%u:%lu", &c[i].size,
		    &c[i].interval) != 2 || c[i].size < HDR ||
		    c[i].size > MAXMSG)
			errx(2, "bad SIZE:INTERVAL_US '%s'", argv[4 + i]);
		c[i].interval *= 1000;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_protocol = IPPROTO_SCTP;
	if ((e = getaddrinfo(argv[0], argv[1], &hints, &ai)) != 0)
		errx(1, "%s: %s", argv[0], gai_strerror(e));
	if ((fd = socket(ai->ai_family, SOCK_STREAM, IPPROTO_SCTP)) == -1)
		err(1, "socket");
	memset(&im, 0, sizeof(im));
	im.sinit_num_ostreams = im.sinit_max_instreams = MAXCONN;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_INITMSG, &im, sizeof(im)) == -1)
		err(1, "SCTP_INITMSG");
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) == -1)
		err(1, "connect");
	freeaddrinfo(ai);
	setsockopt(fd, IPPROTO_SCTP, SCTP_NODELAY, &one, sizeof(one));
	/* ssh's retransmission timeouts (SCTPRtoMin and so on). */
	memset(&rto, 0, sizeof(rto));
	rto.srto_initial = 1000;
	rto.srto_min = 200;
	rto.srto_max = 1000;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_RTOINFO, &rto, sizeof(rto)) == -1)
		err(1, "SCTP_RTOINFO");
	if (fcntl(fd, F_SETFL, O_NONBLOCK) == -1)
		err(1, "fcntl");
	t = now_ns();
	end = t + (uint64_t)atoi(argv[2]) * 1000000000ULL;
	for (i = 0; i < n; i++)
		c[i].next = t;
	while ((t = now_ns()) < end) {
		blocked = 0;
		wait = 100;
		for (i = 0; i < n; i++) {
			if (!c[i].pending && t >= c[i].next) {
				put32(c[i].msg, c[i].size);
				put32(c[i].msg + 4, i);
				put32(c[i].msg + 8, c[i].seq++);
				put32(c[i].msg + 12, t >> 32);
				put32(c[i].msg + 16, t & 0xffffffff);
				c[i].pending = 1;
				c[i].next = c[i].interval ?
				    c[i].next + c[i].interval : t;
			}
			if (c[i].pending) {
				memset(&mh, 0, sizeof(mh));
				memset(&cbuf, 0, sizeof(cbuf));
				iov.iov_base = c[i].msg;
				iov.iov_len = c[i].size;
				mh.msg_iov = &iov;
				mh.msg_iovlen = 1;
				mh.msg_control = cbuf.buf;
				mh.msg_controllen = sizeof(cbuf.buf);
				cmsg = CMSG_FIRSTHDR(&mh);
				cmsg->cmsg_level = IPPROTO_SCTP;
				cmsg->cmsg_type = SCTP_SNDINFO;
				cmsg->cmsg_len = CMSG_LEN(sizeof(*si));
				si = (struct sctp_sndinfo *)CMSG_DATA(cmsg);
				si->snd_sid = i % nstreams;
				r = sendmsg(fd, &mh, 0);
				if (r == -1 && errno != EAGAIN && errno != EINTR)
					err(1, "sendmsg");
				if (r > 0)
					c[i].pending = 0;
				else
					blocked = 1;
			}
			if (!c[i].pending && c[i].next > t &&
			    (c[i].next - t) / 1000000 < wait)
				wait = (c[i].next - t) / 1000000;
			if (!c[i].pending && c[i].next <= t)
				wait = 0;
		}
		pfd.fd = fd;
		pfd.events = blocked ? POLLOUT : 0;
		if (poll(&pfd, 1, wait ? (int)wait : 1) == -1)
			err(1, "poll");
	}
	for (i = 0; i < n; i++)
		fprintf(stderr, "msgdelay: flow %d sent %u messages\n",
		    i, c[i].seq);
	close(fd);
	return 0;
}

int
main(int argc, char **argv)
{
	if (argc >= 2 && strcmp(argv[1], "recv") == 0)
		return recv_main(argc - 2, argv + 2);
	if (argc >= 2 && strcmp(argv[1], "send") == 0)
		return send_main(argc - 2, argv + 2);
	if (argc >= 2 && strcmp(argv[1], "recv-sctp") == 0)
		return recv_sctp_main(argc - 2, argv + 2);
	if (argc >= 2 && strcmp(argv[1], "send-sctp") == 0)
		return send_sctp_main(argc - 2, argv + 2);
	errx(2, "usage: msgdelay recv|send|recv-sctp|send-sctp ...");
}
