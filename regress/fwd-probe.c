/*
 * fwd-probe: the ends of forwarded SCTP associations and UDP flows, for the
 * VM tests and benchmarks of forwarding (PROTOCOL.sctp section 3).
 *
 *   fwd-probe sctp-echo ADDRS PORT
 *	listen on the comma-separated ADDRS; echo every message of every
 *	association back on its stream, with its PPI and unordered flag
 *   fwd-probe sctp-check ADDRS PORT COUNT [INTERVAL_MS]
 *	connect to ADDRS with 8 streams each way; send COUNT messages (stream
 *	i mod 8, PPI 1000 + i mod 5, unordered when i mod 3 is 0, sizes from
 *	1 byte to 200 KB), and check that each comes back whole, with the
 *	same stream, PPI and flag; exit 0 only if all did
 *   fwd-probe udp-echo PORT
 *	echo every datagram to its sender, but those of udp-flood (sources
 *	that never get a reply)
 *   fwd-probe udp-ask HOST PORT COUNT [SOURCE_PORT]
 *	from one socket (bound to SOURCE_PORT if given), COUNT requests,
 *	each waiting up to 2 s for its reply from the address and port it
 *	went to; a reply that comes later still counts (a loaded machine),
 *	and after the last request the missing ones get 2 s each more, 10 s
 *	at most; prints how many were answered (and how many answers came
 *	from elsewhere)
 *   fwd-probe udp-flood HOST PORT SOURCES
 *	one datagram from each of SOURCES new source ports
 *   fwd-probe udp-send HOST PORT RATE SECONDS SIZE
 *	numbered, timestamped datagrams at RATE a second
 *   fwd-probe sctp-send ADDRS PORT RATE SECONDS SIZE
 *	numbered, timestamped messages at RATE a second in all, message i
 *	on stream i mod 8, ordered
 *   fwd-probe sctp-dgram ADDRS PORT RATE SECONDS SIZE
 *	the same on stream 0, unordered and with PR-SCTP's policy of no
 *	retransmission: the kernel's own unreliable datagrams, the floor of
 *	what a UDP channel on streams (PROTOCOL.sctp 3.8) can do
 *   fwd-probe sctp-sink ADDRS PORT SECONDS [SKIP]
 *	accept one association and receive those for SECONDS after the
 *	first: the delivered count, messages out of order on their stream,
 *	the one-way delays (percentiles of all, and each stream's 99th),
 *	and the share that waited (more than 10 ms over the fastest): the
 *	messages held up behind a loss
 *   fwd-probe sctp-stall ADDRS PORT SECONDS
 *	accept one association with a 64 KB receive buffer, read nothing for
 *	SECONDS, then count the messages until it ends (or 30 s of silence)
 *   fwd-probe udp-sink PORT SECONDS [SKIP]
 *	receive those for SECONDS after the first; print the delivered
 *	count, the highest number and the one-way delays (the sender is in
 *	another network namespace of the same kernel: one clock); with SKIP,
 *	datagrams numbered below it (while a channel opens) do not count;
 *	"nothing received" (exit 1) if none came in SECONDS + 120 s
 *
 * Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.
 */

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/sctp.h>
#include <arpa/inet.h>

#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NSTREAMS	8
#define MAXMSG		(256 * 1024)

static void
die(const char *what)
{
	fprintf(stderr, "fwd-probe: %s: %s\n", what, strerror(errno));
	exit(1);
}

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* Sleep until now_ns() reaches t: the senders' pace. */
static void
sleep_until(uint64_t t)
{
	struct timespec ts;
	uint64_t now;

	while ((now = now_ns()) < t) {
		ts.tv_sec = (t - now) / 1000000000ULL;
		ts.tv_nsec = (t - now) % 1000000000ULL;
		nanosleep(&ts, NULL);
	}
}

/* "a,b" and a port into packed sockaddrs for sctp_bindx/connectx. */
static int
resolve_list(const char *list, const char *port, int passive,
    struct sockaddr_storage *out, int max, int *v6)
{
	struct addrinfo hints, *ai;
	char *s = strdup(list), *sp = s, *item;
	int n = 0;

	*v6 = 0;
	while ((item = strsep(&sp, ",")) != NULL && n < max) {
		memset(&hints, 0, sizeof(hints));
		hints.ai_socktype = SOCK_STREAM;
		hints.ai_flags = passive ? AI_PASSIVE : 0;
		if (getaddrinfo(item, port, &hints, &ai) != 0) {
			fprintf(stderr, "fwd-probe: cannot resolve %s\n", item);
			exit(1);
		}
		memcpy(&out[n++], ai->ai_addr, ai->ai_addrlen);
		if (ai->ai_family == AF_INET6)
			*v6 = 1;
		freeaddrinfo(ai);
	}
	free(s);
	return n;
}

/* Pack sockaddrs back to back, as the lksctp calls want them. */
static size_t
pack(struct sockaddr_storage *in, int n, unsigned char *buf)
{
	size_t off = 0, len;
	int i;

	for (i = 0; i < n; i++) {
		len = in[i].ss_family == AF_INET6 ?
		    sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
		memcpy(buf + off, &in[i], len);
		off += len;
	}
	return off;
}

static void
sctp_prep(int fd)
{
	struct sctp_initmsg im;
	struct sctp_event ev;
	int on = 1, sz = 4 * MAXMSG;

	memset(&im, 0, sizeof(im));
	im.sinit_num_ostreams = NSTREAMS;
	im.sinit_max_instreams = NSTREAMS;
	/* No Nagle: each message goes at once (as ssh and sshd send). */
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_INITMSG, &im, sizeof(im)) ||
	    setsockopt(fd, IPPROTO_SCTP, SCTP_RECVRCVINFO, &on, sizeof(on)) ||
	    setsockopt(fd, IPPROTO_SCTP, SCTP_NODELAY, &on, sizeof(on)))
		die("SCTP options");
	memset(&ev, 0, sizeof(ev));
	ev.se_type = SCTP_PARTIAL_DELIVERY_EVENT;
	ev.se_on = 1;
	(void)setsockopt(fd, IPPROTO_SCTP, SCTP_EVENT, &ev, sizeof(ev));
	setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sz, sizeof(sz));
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &sz, sizeof(sz));
}

/*
 * A listening SCTP socket on the comma-separated ADDRS, NSTREAMS each way;
 * rcvbuf, if not 0, is the receive buffer its associations inherit.
 * Says "listening" once it does.
 */
static int
sctp_listen_list(const char *addrs, const char *port, int rcvbuf)
{
	struct sockaddr_storage ss[8];
	unsigned char packed[8 * sizeof(struct sockaddr_in6)];
	int fd, n, v6, on = 1;

	n = resolve_list(addrs, port, 1, ss, 8, &v6);
	if ((fd = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM,
	    IPPROTO_SCTP)) == -1)
		die("socket");
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
	sctp_prep(fd);
	if (rcvbuf != 0)	/* after sctp_prep's large buffers */
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf));
	pack(ss, n, packed);
	if (sctp_bindx(fd, (struct sockaddr *)packed, n,
	    SCTP_BINDX_ADD_ADDR) == -1 || listen(fd, 8) == -1)
		die("bind");
	printf("fwd-probe: listening\n");
	fflush(stdout);
	return fd;
}

/* Connected SCTP socket to ADDRS, NSTREAMS each way. */
static int
sctp_connect_list(const char *addrs, const char *port)
{
	struct sockaddr_storage ss[8];
	unsigned char packed[8 * sizeof(struct sockaddr_in6)];
	int fd, n, v6;

	n = resolve_list(addrs, port, 0, ss, 8, &v6);
	if ((fd = socket(v6 ? AF_INET6 : AF_INET, SOCK_STREAM,
	    IPPROTO_SCTP)) == -1)
		die("socket");
	sctp_prep(fd);
	pack(ss, n, packed);
	if (sctp_connectx(fd, (struct sockaddr *)packed, n, NULL) == -1)
		die("connect");
	return fd;
}

/* One whole message (joining partial reads); -1 at the end. */
static ssize_t
recv_msg(int fd, unsigned char *buf, size_t size, struct sctp_rcvinfo *ri)
{
	unsigned char cbuf[CMSG_SPACE(sizeof(*ri))];
	struct cmsghdr *cm;
	struct msghdr mh;
	struct iovec iov;
	size_t got = 0;
	ssize_t n;

	for (;;) {
		memset(&mh, 0, sizeof(mh));
		iov.iov_base = buf + got;
		iov.iov_len = size - got;
		mh.msg_iov = &iov;
		mh.msg_iovlen = 1;
		mh.msg_control = cbuf;
		mh.msg_controllen = sizeof(cbuf);
		if ((n = recvmsg(fd, &mh, 0)) <= 0)
			return -1;
		if (mh.msg_flags & MSG_NOTIFICATION) {
			got = 0;	/* an aborted partial delivery */
			continue;
		}
		for (cm = CMSG_FIRSTHDR(&mh); cm; cm = CMSG_NXTHDR(&mh, cm))
			if (cm->cmsg_level == IPPROTO_SCTP &&
			    cm->cmsg_type == SCTP_RCVINFO && got == 0)
				memcpy(ri, CMSG_DATA(cm), sizeof(*ri));
		got += n;
		if (mh.msg_flags & MSG_EOR)
			return got;
		if (got == size)
			return -1;
	}
}

/* send_msg's how: ordered, unordered, or unordered and not retransmitted */
#define SEND_ORDERED	0
#define SEND_UNORDERED	1
#define SEND_DATAGRAM	2

static int
send_msg(int fd, const unsigned char *buf, size_t len, uint16_t sid,
    uint32_t ppid, int how)
{
	unsigned char cbuf[CMSG_SPACE(sizeof(struct sctp_sndinfo)) +
	    CMSG_SPACE(sizeof(struct sctp_prinfo))];
	struct sctp_sndinfo si;
	struct sctp_prinfo pi;
	struct cmsghdr *cm;
	struct msghdr mh;
	struct iovec iov;

	memset(&si, 0, sizeof(si));
	si.snd_sid = sid;
	si.snd_ppid = ppid;
	si.snd_flags = how != SEND_ORDERED ? SCTP_UNORDERED : 0;
	memset(&mh, 0, sizeof(mh));
	memset(cbuf, 0, sizeof(cbuf));
	iov.iov_base = (void *)buf;
	iov.iov_len = len;
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = cbuf;
	mh.msg_controllen = sizeof(cbuf);
	cm = CMSG_FIRSTHDR(&mh);
	cm->cmsg_level = IPPROTO_SCTP;
	cm->cmsg_type = SCTP_SNDINFO;
	cm->cmsg_len = CMSG_LEN(sizeof(si));
	memcpy(CMSG_DATA(cm), &si, sizeof(si));
	if (how == SEND_DATAGRAM) {	/* PR-SCTP: no retransmission */
		memset(&pi, 0, sizeof(pi));
		pi.pr_policy = SCTP_PR_SCTP_RTX;
		cm = CMSG_NXTHDR(&mh, cm);
		cm->cmsg_level = IPPROTO_SCTP;
		cm->cmsg_type = SCTP_PRINFO;
		cm->cmsg_len = CMSG_LEN(sizeof(pi));
		memcpy(CMSG_DATA(cm), &pi, sizeof(pi));
	} else
		mh.msg_controllen = CMSG_SPACE(sizeof(si));
	return sendmsg(fd, &mh, 0) == (ssize_t)len ? 0 : -1;
}

static int
sctp_echo(const char *addrs, const char *port)
{
	static unsigned char buf[MAXMSG];
	struct sctp_rcvinfo ri;
	int fd, c;
	ssize_t len;

	fd = sctp_listen_list(addrs, port, 0);
	for (;;) {
		if ((c = accept(fd, NULL, NULL)) == -1)
			die("accept");
		while ((len = recv_msg(c, buf, sizeof(buf), &ri)) >= 0) {
			printf("msg stream %u ppid %u%s len %zd\n", ri.rcv_sid,
			    ntohl(ri.rcv_ppid), (ri.rcv_flags & SCTP_UNORDERED)
			    ? " unordered" : "", len);
			if (send_msg(c, buf, len, ri.rcv_sid, ri.rcv_ppid,
			    (ri.rcv_flags & SCTP_UNORDERED) ? SEND_UNORDERED :
			    SEND_ORDERED) != 0)
				die("echo");
		}
		fflush(stdout);
		close(c);
	}
	return 0;
}

static size_t
msg_size(int i)
{
	static const size_t sizes[] = { 1, 100, 1000, 1400, 5000, 40000,
	    200000, 17 };

	return sizes[i % 8] < 8 ? 8 : sizes[i % 8];
}

static void
fill(unsigned char *buf, size_t len, int i)
{
	size_t j;

	memcpy(buf, &i, 4);
	for (j = 4; j < len; j++)
		buf[j] = (unsigned char)(i * 31 + j);
}

/* One echo back; 0 ok, 1 wrong, -1 the association ended. */
static int
check_one(int fd, int count, char *seen, int *unord)
{
	static unsigned char buf[MAXMSG], want[MAXMSG];
	struct sctp_rcvinfo ri;
	ssize_t len;
	int idx;

	if ((len = recv_msg(fd, buf, sizeof(buf), &ri)) < 4)
		return -1;
	memcpy(&idx, buf, 4);
	if (idx >= 0 && idx < count)
		fill(want, msg_size(idx), idx);
	if (idx < 0 || idx >= count || seen[idx] ||
	    (size_t)len != msg_size(idx) || memcmp(buf, want, len) != 0 ||
	    ri.rcv_sid != idx % NSTREAMS ||
	    ntohl(ri.rcv_ppid) != 1000u + idx % 5 ||
	    ((ri.rcv_flags & SCTP_UNORDERED) != 0) != (idx % 3 == 0)) {
		fprintf(stderr, "fwd-probe: message %d wrong (len %zd stream "
		    "%u ppid %u flags %x)\n", idx, len, ri.rcv_sid,
		    ntohl(ri.rcv_ppid), ri.rcv_flags);
		return 1;
	}
	seen[idx] = 1;
	if (idx % 3 == 0)
		(*unord)++;
	return 0;
}

static int
sctp_check(const char *addrs, const char *port, int count, int interval)
{
	static unsigned char want[MAXMSG];
	struct pollfd pfd;
	int fd, r, sent = 0, got = 0, bad = 0, unord = 0;
	char *seen;

	fd = sctp_connect_list(addrs, port);
	if ((seen = calloc(count, 1)) == NULL)
		die("calloc");
	pfd.fd = fd;
	pfd.events = POLLIN;
	while (got < count) {
		/* At most 16 outstanding: the echo must not block. */
		if (sent < count && sent - got < 16) {
			fill(want, msg_size(sent), sent);
			if (send_msg(fd, want, msg_size(sent), sent % NSTREAMS,
			    htonl(1000 + sent % 5), sent % 3 == 0 ?
			    SEND_UNORDERED : SEND_ORDERED) != 0)
				die("send");
			sent++;
		}
		r = poll(&pfd, 1, sent < count && sent - got < 16 ?
		    interval : 30000);
		if (r == 0 && (sent == count || sent - got >= 16))
			break;		/* 30 s without an echo */
		if (r <= 0)
			continue;
		if ((r = check_one(fd, count, seen, &unord)) < 0)
			break;
		bad += r;
		got++;
	}
	printf("fwd-probe: %d of %d messages back whole, on their streams "
	    "with their PPIs and flags (%d unordered), %d wrong\n",
	    got - bad, count, unord, bad);
	return got == count && bad == 0 ? 0 : 1;
}

static int
udp_socket(const char *host, const char *port, struct sockaddr_storage *to,
    socklen_t *tolen, int bind_it)
{
	struct addrinfo hints, *ai;
	int fd;

	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_DGRAM;
	hints.ai_flags = bind_it ? AI_PASSIVE : 0;
	if (getaddrinfo(host, port, &hints, &ai) != 0) {
		fprintf(stderr, "fwd-probe: cannot resolve %s\n",
		    host ? host : "");
		exit(1);
	}
	if ((fd = socket(ai->ai_family, SOCK_DGRAM, 0)) == -1)
		die("socket");
	if (bind_it && bind(fd, ai->ai_addr, ai->ai_addrlen) == -1)
		die("bind");
	if (to != NULL) {
		memcpy(to, ai->ai_addr, ai->ai_addrlen);
		*tolen = ai->ai_addrlen;
	}
	freeaddrinfo(ai);
	return fd;
}

static int
udp_echo(const char *port)
{
	struct sockaddr_storage from;
	socklen_t fl;
	static unsigned char buf[65536];
	ssize_t n;
	int fd = udp_socket(NULL, port, NULL, NULL, 1);

	printf("fwd-probe: listening\n");
	fflush(stdout);
	for (;;) {
		fl = sizeof(from);
		if ((n = recvfrom(fd, buf, sizeof(buf), 0,
		    (struct sockaddr *)&from, &fl)) == -1)
			die("recvfrom");
		if (n == 5 && memcmp(buf, "flood", 5) == 0)
			continue;
		sendto(fd, buf, n, 0, (struct sockaddr *)&from, fl);
	}
	return 0;
}

static int
udp_ask(const char *host, const char *port, int count, int sport)
{
	struct sockaddr_storage to, from;
	struct sockaddr_in6 s6;
	struct sockaddr_in s4;
	socklen_t tl, fl;
	struct pollfd pfd;
	char q[64], r[128], c, *got;
	int fd, i, j, ok = 0, wrong = 0, on = 1, wait_ms;
	ssize_t n;

	fd = udp_socket(host, port, &to, &tl, 0);
	if (sport != 0) {
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
		memset(&s4, 0, sizeof(s4));
		memset(&s6, 0, sizeof(s6));
		s4.sin_family = AF_INET;
		s4.sin_port = htons(sport);
		s6.sin6_family = AF_INET6;
		s6.sin6_port = htons(sport);
		if ((to.ss_family == AF_INET ? bind(fd, (void *)&s4,
		    sizeof(s4)) : bind(fd, (void *)&s6, sizeof(s6))) == -1)
			die("bind");
	}
	if ((got = calloc(count, 1)) == NULL)
		die("calloc");
	for (i = 0; i <= count; i++) {
		if (i < count) {
			snprintf(q, sizeof(q), "query %d", i);
			if (sendto(fd, q, strlen(q), 0, (struct sockaddr *)&to,
			    tl) == -1)
				die("sendto");
			wait_ms = 2000;
		} else {
			/* the last turn: the missing replies, if late */
			wait_ms = 2000 * (count - ok);
			if (wait_ms > 10000)
				wait_ms = 10000;
		}
		pfd.fd = fd;
		pfd.events = POLLIN;
		while (wait_ms > 0 && poll(&pfd, 1, wait_ms) > 0) {
			fl = sizeof(from);
			if ((n = recvfrom(fd, r, sizeof(r) - 1, 0,
			    (struct sockaddr *)&from, &fl)) <= 0)
				break;
			r[n] = '\0';
			if (sscanf(r, "query %d%c", &j, &c) != 1 ||
			    j < 0 || j >= count || j > i)
				continue;
			snprintf(q, sizeof(q), "query %d", j);
			if (strcmp(r, q) != 0)
				continue;
			/* the answer must come from where the query went */
			if (fl != tl || memcmp(&from, &to, tl) != 0) {
				wrong++;
				continue;
			}
			if (got[j])
				continue;
			got[j] = 1;
			ok++;
			if (j == i || ok == count)
				break;
		}
		if (ok == count)
			break;
	}
	free(got);
	printf("fwd-probe: %d of %d answered", ok, count);
	if (wrong != 0)
		printf(", %d from another address or port", wrong);
	printf("\n");
	return ok == count ? 0 : 1;
}

static int
udp_flood(const char *host, const char *port, int sources)
{
	struct sockaddr_storage to;
	socklen_t tl;
	int i, fd;

	for (i = 0; i < sources; i++) {
		fd = udp_socket(host, port, &to, &tl, 0);
		sendto(fd, "flood", 5, 0, (struct sockaddr *)&to, tl);
		close(fd);
	}
	printf("fwd-probe: %d datagrams from %d source ports\n", sources,
	    sources);
	return 0;
}

struct stamp {
	uint32_t seq;
	uint64_t t;
} __attribute__((packed));

static int
sctp_send_stream(const char *addrs, const char *port, int rate, int secs,
    int size, int dgram)
{
	static unsigned char buf[65536];
	struct stamp st;
	uint64_t start, next, gap = 1000000000ULL / rate;
	uint32_t seq = 0;
	int fd;

	if (size < (int)sizeof(st) || size > (int)sizeof(buf))
		size = sizeof(st);
	fd = sctp_connect_list(addrs, port);
	start = next = now_ns();
	while (next < start + (uint64_t)secs * 1000000000ULL) {
		st.seq = seq;
		st.t = now_ns();
		memcpy(buf, &st, sizeof(st));
		if (send_msg(fd, buf, size, dgram ? 0 : seq % NSTREAMS, 0,
		    dgram ? SEND_DATAGRAM : SEND_ORDERED) != 0)
			die("send");
		seq++;
		next += gap;
		sleep_until(next);
	}
	printf("fwd-probe: sent %u messages\n", seq);
	sleep(2);	/* let the last ones arrive before the end */
	close(fd);
	return 0;
}

static int
sctp_stall(const char *addrs, const char *port, int secs)
{
	static unsigned char buf[MAXMSG];
	struct sctp_rcvinfo ri;
	struct pollfd pfd;
	int fd, c, n = 0;

	fd = sctp_listen_list(addrs, port, 64 * 1024);
	if ((c = accept(fd, NULL, NULL)) == -1)
		die("accept");
	sleep(secs);
	pfd.fd = c;
	pfd.events = POLLIN;
	/*
	 * Until the end of the association, or 30 s without a message: after
	 * the stall the sender's zero-window probes have backed off, and on a
	 * loaded machine the next message can take seconds.
	 */
	while (poll(&pfd, 1, 30000) > 0 &&
	    recv_msg(c, buf, sizeof(buf), &ri) >= 0)
		n++;
	printf("received %d\n", n);
	return 0;
}

static int cmp_u64(const void *, const void *);

static int
sctp_sink(const char *addrs, const char *port, int secs, uint32_t skip)
{
	static unsigned char buf[65536];
	struct sctp_rcvinfo ri;
	struct stamp st;
	struct pollfd pfd;
	uint64_t *d, *ds[NSTREAMS], first = 0, now, lo = UINT64_MAX;
	uint32_t maxseq = 0, last[NSTREAMS];
	size_t n = 0, ns[NSTREAMS], cap = 1 << 16, waited = 0, i;
	ssize_t len;
	int fd, c, reorder = 0;

	fd = sctp_listen_list(addrs, port, 0);
	if ((c = accept(fd, NULL, NULL)) == -1)
		die("accept");
	d = calloc(cap, sizeof(*d));
	for (i = 0; i < NSTREAMS; i++) {
		ds[i] = calloc(cap, sizeof(**ds));
		ns[i] = 0;
		last[i] = 0;
	}
	pfd.fd = c;
	pfd.events = POLLIN;
	for (;;) {
		now = now_ns();
		if (first != 0 && now > first + (uint64_t)secs * 1000000000ULL)
			break;
		if (poll(&pfd, 1, 200) <= 0)
			continue;
		if ((len = recv_msg(c, buf, sizeof(buf), &ri)) < 0)
			break;
		if (len < (ssize_t)sizeof(st) || ri.rcv_sid >= NSTREAMS)
			continue;
		memcpy(&st, buf, sizeof(st));
		now = now_ns();
		if (first == 0)
			first = now;
		if (st.seq < last[ri.rcv_sid])
			reorder++;
		last[ri.rcv_sid] = st.seq;
		if (st.seq < skip || n == cap || ns[ri.rcv_sid] == cap)
			continue;
		d[n++] = ds[ri.rcv_sid][ns[ri.rcv_sid]++] = now - st.t;
		if (st.seq > maxseq)
			maxseq = st.seq;
	}
	if (n == 0) {
		printf("fwd-probe: nothing received\n");
		return 1;
	}
	for (i = 0; i < n; i++)
		lo = d[i] < lo ? d[i] : lo;
	for (i = 0; i < n; i++)
		if (d[i] > lo + 10000000ULL)
			waited++;
	qsort(d, n, sizeof(*d), cmp_u64);
	printf("received %zu highest %u delivered %.2f%% reordered %d "
	    "waited %.2f%% delay_ms p50 %.1f p90 %.1f p99 %.1f max %.1f "
	    "stream_p99", n, maxseq, 100.0 * n / (maxseq + 1 - skip), reorder,
	    100.0 * waited / n, d[n / 2] / 1e6, d[n * 9 / 10] / 1e6,
	    d[n * 99 / 100] / 1e6, d[n - 1] / 1e6);
	for (i = 0; i < NSTREAMS; i++) {
		if (ns[i] == 0) {
			printf(" -");
			continue;
		}
		qsort(ds[i], ns[i], sizeof(**ds), cmp_u64);
		printf(" %.1f", ds[i][ns[i] * 99 / 100] / 1e6);
	}
	printf("\n");
	return 0;
}

static int
udp_send(const char *host, const char *port, int rate, int secs, int size)
{
	struct sockaddr_storage to;
	socklen_t tl;
	static unsigned char buf[65536];
	struct stamp st;
	uint64_t start = now_ns(), next = start, gap = 1000000000ULL / rate;
	uint32_t seq = 0;
	int fd;

	if (size < (int)sizeof(st) || size > (int)sizeof(buf))
		size = sizeof(st);
	fd = udp_socket(host, port, &to, &tl, 0);
	while (next < start + (uint64_t)secs * 1000000000ULL) {
		st.seq = seq++;
		st.t = now_ns();
		memcpy(buf, &st, sizeof(st));
		sendto(fd, buf, size, 0, (struct sockaddr *)&to, tl);
		next += gap;
		sleep_until(next);
	}
	printf("fwd-probe: sent %u datagrams\n", seq);
	return 0;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int
udp_sink(const char *port, int secs, uint32_t skip)
{
	static unsigned char buf[65536];
	struct stamp st;
	struct pollfd pfd;
	uint64_t *d, first = 0, now, start = now_ns();
	uint32_t maxseq = 0;
	size_t n = 0, cap = 1 << 16;
	ssize_t len;
	int fd = udp_socket(NULL, port, NULL, NULL, 1);

	d = calloc(cap, sizeof(*d));
	printf("fwd-probe: listening\n");
	fflush(stdout);
	pfd.fd = fd;
	pfd.events = POLLIN;
	for (;;) {
		now = now_ns();
		if (first != 0 && now > first + (uint64_t)secs * 1000000000ULL)
			break;
		/* Nothing at all: give up, so that a caller does not hang. */
		if (first == 0 && now > start + (secs + 120ULL) * 1000000000ULL)
			break;
		if (poll(&pfd, 1, 200) <= 0)
			continue;
		if ((len = recv(fd, buf, sizeof(buf), 0)) < (ssize_t)sizeof(st))
			continue;
		memcpy(&st, buf, sizeof(st));
		if (first == 0)
			first = now_ns();
		if (st.seq < skip)
			continue;
		if (n == cap)
			d = realloc(d, (cap *= 2) * sizeof(*d));
		d[n++] = now_ns() - st.t;
		if (st.seq > maxseq)
			maxseq = st.seq;
	}
	if (n == 0) {
		printf("fwd-probe: nothing received\n");
		return 1;
	}
	qsort(d, n, sizeof(*d), cmp_u64);
	printf("received %zu highest %u delivered %.2f%% delay_ms p50 %.1f "
	    "p90 %.1f p99 %.1f max %.1f\n", n, maxseq,
	    100.0 * n / (maxseq + 1 - skip), d[n / 2] / 1e6, d[n * 9 / 10] / 1e6,
	    d[n * 99 / 100] / 1e6, d[n - 1] / 1e6);
	return 0;
}

int
main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 4 && strcmp(argv[1], "sctp-echo") == 0)
		return sctp_echo(argv[2], argv[3]);
	if ((argc == 5 || argc == 6) && strcmp(argv[1], "sctp-check") == 0)
		return sctp_check(argv[2], argv[3], atoi(argv[4]),
		    argc == 6 ? atoi(argv[5]) : 0);
	if (argc == 7 && strcmp(argv[1], "sctp-send") == 0)
		return sctp_send_stream(argv[2], argv[3], atoi(argv[4]),
		    atoi(argv[5]), atoi(argv[6]), 0);
	if (argc == 7 && strcmp(argv[1], "sctp-dgram") == 0)
		return sctp_send_stream(argv[2], argv[3], atoi(argv[4]),
		    atoi(argv[5]), atoi(argv[6]), 1);
	if ((argc == 5 || argc == 6) && strcmp(argv[1], "sctp-sink") == 0)
		return sctp_sink(argv[2], argv[3], atoi(argv[4]),
		    argc == 6 ? strtoul(argv[5], NULL, 10) : 0);
	if (argc == 5 && strcmp(argv[1], "sctp-stall") == 0)
		return sctp_stall(argv[2], argv[3], atoi(argv[4]));
	if (argc == 3 && strcmp(argv[1], "udp-echo") == 0)
		return udp_echo(argv[2]);
	if ((argc == 5 || argc == 6) && strcmp(argv[1], "udp-ask") == 0)
		return udp_ask(argv[2], argv[3], atoi(argv[4]),
		    argc == 6 ? atoi(argv[5]) : 0);
	if (argc == 5 && strcmp(argv[1], "udp-flood") == 0)
		return udp_flood(argv[2], argv[3], atoi(argv[4]));
	if (argc == 7 && strcmp(argv[1], "udp-send") == 0)
		return udp_send(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]),
		    atoi(argv[6]));
	if ((argc == 4 || argc == 5) && strcmp(argv[1], "udp-sink") == 0)
		return udp_sink(argv[2], atoi(argv[3]),
		    argc == 5 ? strtoul(argv[4], NULL, 10) : 0);
	fprintf(stderr, "usage: see the comment at the top of fwd-probe.c\n");
	return 2;
}
