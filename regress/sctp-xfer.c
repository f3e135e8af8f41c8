/*
 * sctp-xfer: a bulk transfer over a multi-homed kernel SCTP association,
 * for the regress tests and the demo.
 *
 * Receiver: sctp-xfer -l -p port [-B addr,...] [-i ms] [-I if,...] [-O k=v]...
 * Sender:   sctp-xfer -C addr,... -p port -n bytes [-B addr,...] [-s size]
 *                     [-i ms] [-O k=v]...
 * Monitor:  sctp-xfer -M -i ms -I if,... [-t seconds]
 *           (only the interfaces' received bytes per interval, for traffic
 *           that another program makes, until killed or -t runs out)
 *
 * The sender sends a known byte pattern; the receiver checks every byte and
 * exits 0 only if it got all of it, in order, with no error.  Both print
 * the association's path events (SCTP_PEER_ADDR_CHANGE) as they come and,
 * with -i, a line per interval: bytes moved, and with -I the bytes each
 * named interface received in it.  Times are CLOCK_BOOTTIME seconds, the
 * clock of /proc/uptime, so scripts can put their own events on the same
 * time line.
 *
 * Tuning (-O): rto_initial, rto_min, rto_max, hbinterval (ms), pathmaxrxt,
 * pf (potentially-failed threshold, RFC 7829), maxrxt (association),
 * sched (stream scheduler: 0 fcfs, 1 prio, 2 rr, 3 fc, 4 wfq; the sender
 * checks that the association uses it and says so).
 *
 * Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.
 */

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/sctp.h>
#include <arpa/inet.h>

#include <errno.h>
#include <stddef.h>
#include <netdb.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef SCTP_STREAM_SCHEDULER
#define SCTP_STREAM_SCHEDULER	123
#endif

#define MAXADDRS	16
#define MAXIFS		8

static struct {
	int rto_initial, rto_min, rto_max, hbinterval, pathmaxrxt, pf, maxrxt;
	int sched;
} tune = { -1, -1, -1, -1, -1, -1, -1, -1 };

static int interval_ms;
static char *ifnames[MAXIFS];
static int nifs;
static unsigned long long if_last[MAXIFS], if_now[MAXIFS];

static void
die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "sctp-xfer: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(2);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint8_t
pattern(unsigned long long off)
{
	return (uint8_t)(off % 251);
}

/* Parse "a,b,c" into packed sockaddrs for sctp_bindx/sctp_connectx. */
static int
parse_addrs(char *list, int port, struct sockaddr_storage *out)
{
	char *s, *sp = NULL;
	int n = 0;

	for (s = strtok_r(list, ",", &sp); s != NULL; s = strtok_r(NULL, ",", &sp)) {
		struct sockaddr_in *sin = (struct sockaddr_in *)&out[n];
		struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&out[n];

		if (n >= MAXADDRS)
			die("too many addresses");
		memset(&out[n], 0, sizeof(out[n]));
		if (inet_pton(AF_INET, s, &sin->sin_addr) == 1) {
			sin->sin_family = AF_INET;
			sin->sin_port = htons(port);
		} else if (inet_pton(AF_INET6, s, &sin6->sin6_addr) == 1) {
			sin6->sin6_family = AF_INET6;
			sin6->sin6_port = htons(port);
		} else
			die("bad address \"%s\"", s);
		n++;
	}
	return n;
}

/* sctp_bindx/connectx want the addresses packed, each its own size. */
static size_t
pack_addrs(struct sockaddr_storage *in, int n, char *buf)
{
	size_t off = 0, len;
	int i;

	for (i = 0; i < n; i++) {
		len = in[i].ss_family == AF_INET ?
		    sizeof(struct sockaddr_in) : sizeof(struct sockaddr_in6);
		memcpy(buf + off, &in[i], len);
		off += len;
	}
	return off;
}

static const char *
ntop(const struct sockaddr_storage *ss, char *buf, size_t len)
{
	const void *a = ss->ss_family == AF_INET ?
	    (const void *)&((const struct sockaddr_in *)ss)->sin_addr :
	    (const void *)&((const struct sockaddr_in6 *)ss)->sin6_addr;

	if (inet_ntop(ss->ss_family, a, buf, len) == NULL)
		snprintf(buf, len, "?");
	return buf;
}

static void
set_tuning(int fd)
{
	struct sctp_rtoinfo rto;
	struct sctp_paddrparams pp;
	struct sctp_paddrthlds th;
	struct sctp_assocparams ap;
	struct sctp_event ev;
	socklen_t len;
	int on = 1, i;
	uint16_t types[] = { SCTP_ASSOC_CHANGE, SCTP_PEER_ADDR_CHANGE };

	for (i = 0; i < 2; i++) {
		memset(&ev, 0, sizeof(ev));
		ev.se_type = types[i];
		ev.se_on = 1;
		if (setsockopt(fd, IPPROTO_SCTP, SCTP_EVENT, &ev, sizeof(ev)) == -1)
			die("SCTP_EVENT: %s", strerror(errno));
	}
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_NODELAY, &on, sizeof(on)) == -1)
		die("SCTP_NODELAY: %s", strerror(errno));

	memset(&rto, 0, sizeof(rto));
	len = sizeof(rto);
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_RTOINFO, &rto, &len) == -1)
		die("SCTP_RTOINFO: %s", strerror(errno));
	if (tune.rto_initial >= 0)
		rto.srto_initial = tune.rto_initial;
	if (tune.rto_min >= 0)
		rto.srto_min = tune.rto_min;
	if (tune.rto_max >= 0)
		rto.srto_max = tune.rto_max;
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_RTOINFO, &rto, sizeof(rto)) == -1)
		die("set SCTP_RTOINFO: %s", strerror(errno));

	if (tune.hbinterval >= 0 || tune.pathmaxrxt >= 0) {
		memset(&pp, 0, sizeof(pp));
		len = sizeof(pp);
		if (getsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp, &len) == -1)
			die("SCTP_PEER_ADDR_PARAMS: %s", strerror(errno));
		if (tune.hbinterval >= 0) {
			pp.spp_hbinterval = tune.hbinterval;
			pp.spp_flags = (pp.spp_flags & ~SPP_HB_DISABLE) | SPP_HB_ENABLE;
		}
		if (tune.pathmaxrxt >= 0)
			pp.spp_pathmaxrxt = tune.pathmaxrxt;
		if (setsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_PARAMS, &pp, sizeof(pp)) == -1)
			die("set SCTP_PEER_ADDR_PARAMS: %s", strerror(errno));
	}
	if (tune.pf >= 0) {
		memset(&th, 0, sizeof(th));
		len = sizeof(th);
		if (getsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_THLDS, &th, &len) == -1)
			die("SCTP_PEER_ADDR_THLDS: %s", strerror(errno));
		th.spt_pathpfthld = tune.pf;
		if (tune.pathmaxrxt >= 0)
			th.spt_pathmaxrxt = tune.pathmaxrxt;
		if (setsockopt(fd, IPPROTO_SCTP, SCTP_PEER_ADDR_THLDS, &th, sizeof(th)) == -1)
			die("set SCTP_PEER_ADDR_THLDS: %s", strerror(errno));
	}
	if (tune.sched >= 0) {
		struct sctp_assoc_value av;

		memset(&av, 0, sizeof(av));
		av.assoc_id = SCTP_FUTURE_ASSOC;
		av.assoc_value = tune.sched;
		if (setsockopt(fd, IPPROTO_SCTP, SCTP_STREAM_SCHEDULER, &av,
		    sizeof(av)) == -1)
			die("set SCTP_STREAM_SCHEDULER %d: %s", tune.sched,
			    strerror(errno));
	}
	if (tune.maxrxt >= 0) {
		memset(&ap, 0, sizeof(ap));
		len = sizeof(ap);
		if (getsockopt(fd, IPPROTO_SCTP, SCTP_ASSOCINFO, &ap, &len) == -1)
			die("SCTP_ASSOCINFO: %s", strerror(errno));
		ap.sasoc_asocmaxrxt = tune.maxrxt;
		if (setsockopt(fd, IPPROTO_SCTP, SCTP_ASSOCINFO, &ap, sizeof(ap)) == -1)
			die("set SCTP_ASSOCINFO: %s", strerror(errno));
	}
}

static void
parse_tuning(char *kv)
{
	char *v = strchr(kv, '=');
	int *p;

	if (v == NULL)
		die("-O %s: want key=value", kv);
	*v++ = '\0';
	if (strcmp(kv, "rto_initial") == 0)
		p = &tune.rto_initial;
	else if (strcmp(kv, "rto_min") == 0)
		p = &tune.rto_min;
	else if (strcmp(kv, "rto_max") == 0)
		p = &tune.rto_max;
	else if (strcmp(kv, "hbinterval") == 0)
		p = &tune.hbinterval;
	else if (strcmp(kv, "pathmaxrxt") == 0)
		p = &tune.pathmaxrxt;
	else if (strcmp(kv, "pf") == 0)
		p = &tune.pf;
	else if (strcmp(kv, "maxrxt") == 0)
		p = &tune.maxrxt;
	else if (strcmp(kv, "sched") == 0)
		p = &tune.sched;
	else
		die("-O: unknown setting \"%s\"", kv);
	*p = atoi(v);
}

static const char *
paddr_state(int st)
{
	switch (st) {
	case SCTP_ADDR_AVAILABLE:	return "available";
	case SCTP_ADDR_UNREACHABLE:	return "unreachable";
	case SCTP_ADDR_REMOVED:		return "removed";
	case SCTP_ADDR_ADDED:		return "added";
	case SCTP_ADDR_MADE_PRIM:	return "made-primary";
	case SCTP_ADDR_CONFIRMED:	return "confirmed";
	case SCTP_ADDR_POTENTIALLY_FAILED: return "potentially-failed";
	default:			return "unknown";
	}
}

/*
 * Print a notification; returns 1 when the association was lost, 2 when it
 * was shut down cleanly.
 */
static int
notification(const char *who, const void *buf, size_t len)
{
	const union sctp_notification *sn = buf;
	struct sockaddr_storage ss;
	char a[INET6_ADDRSTRLEN];

	if (len < sizeof(sn->sn_header))
		return 0;
	switch (sn->sn_header.sn_type) {
	case SCTP_PEER_ADDR_CHANGE:
		memcpy(&ss, (const char *)buf +
		    offsetof(struct sctp_paddr_change, spc_aaddr), sizeof(ss));
		printf("t=%.3f %s path %s %s\n", now(), who,
		    ntop(&ss, a, sizeof(a)),
		    paddr_state(sn->sn_paddr_change.spc_state));
		break;
	case SCTP_ASSOC_CHANGE:
		printf("t=%.3f %s assoc %s\n", now(), who,
		    sn->sn_assoc_change.sac_state == SCTP_COMM_UP ? "up" :
		    sn->sn_assoc_change.sac_state == SCTP_COMM_LOST ? "lost" :
		    sn->sn_assoc_change.sac_state == SCTP_SHUTDOWN_COMP ? "shutdown" :
		    sn->sn_assoc_change.sac_state == SCTP_RESTART ? "restart" :
		    "cant-start");
		if (sn->sn_assoc_change.sac_state == SCTP_COMM_LOST ||
		    sn->sn_assoc_change.sac_state == SCTP_CANT_STR_ASSOC)
			return 1;
		if (sn->sn_assoc_change.sac_state == SCTP_SHUTDOWN_COMP)
			return 2;
		break;
	}
	fflush(stdout);
	return 0;
}

static unsigned long long
if_rx(const char *ifname)
{
	char path[256];
	unsigned long long v = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/class/net/%s/statistics/rx_bytes", ifname);
	if ((f = fopen(path, "r")) == NULL)
		return 0;
	if (fscanf(f, "%llu", &v) != 1)
		v = 0;
	fclose(f);
	return v;
}

/* Read each interface's counter once into if_now[], for report(). */
static void
if_sample(void)
{
	int i;

	for (i = 0; i < nifs; i++)
		if_now[i] = if_rx(ifnames[i]);
}

/* One line: the bytes of the interval and, per interface, since the last. */
static void
report(const char *who, double t, unsigned long long bytes, double secs)
{
	int i;
	unsigned long long v;

	printf("t=%.3f %s %llu bytes %.2f MB/s", t, who, bytes,
	    secs > 0 ? bytes / secs / 1e6 : 0.0);
	for (i = 0; i < nifs; i++) {
		v = if_now[i];
		printf(" %s=%llu", ifnames[i], v - if_last[i]);
		if_last[i] = v;
	}
	printf("\n");
	fflush(stdout);
}

/* Receive one association's data, checking the pattern. */
static int
receiver(int lfd)
{
	int fd, flags;
	unsigned long long off = 0, since = 0, bad = 0;
	double t0, tlast, tnext;
	char buf[65536];
	struct iovec iov;
	struct msghdr msg;
	struct pollfd pfd;
	ssize_t n, i;

	if ((fd = accept(lfd, NULL, NULL)) == -1)
		die("accept: %s", strerror(errno));
	t0 = tlast = now();
	tnext = t0 + interval_ms / 1000.0;
	for (;;) {
		pfd.fd = fd;
		pfd.events = POLLIN;
		if (interval_ms > 0) {
			int wait = (int)((tnext - now()) * 1000);

			if (poll(&pfd, 1, wait < 0 ? 0 : wait) == 0 || now() >= tnext) {
				double t = now();

				if_sample();
				report("rx", t, since, t - tlast);
				since = 0;
				tlast = t;
				tnext += interval_ms / 1000.0;
				if (pfd.revents == 0)
					continue;
			}
		}
		memset(&msg, 0, sizeof(msg));
		iov.iov_base = buf;
		iov.iov_len = sizeof(buf);
		msg.msg_iov = &iov;
		msg.msg_iovlen = 1;
		if ((n = recvmsg(fd, &msg, 0)) == -1) {
			if (errno == EINTR)
				continue;
			printf("sctp-xfer: recv: %s after %llu bytes\n", strerror(errno), off);
			return 1;
		}
		if (n == 0)
			break;
		flags = msg.msg_flags;
		if (flags & MSG_NOTIFICATION) {
			if (notification("rx", buf, n) == 1) {
				printf("sctp-xfer: association lost after %llu bytes\n", off);
				bad = bad ? bad : off + 1;
				break;
			}
			continue;
		}
		for (i = 0; i < n; i++) {
			if (buf[i] != (char)pattern(off + i) && bad == 0)
				bad = off + i + 1;
		}
		off += n;
		since += n;
	}
	if (interval_ms > 0) {
		if_sample();
		report("rx", now(), since, now() - tlast);
	}
	printf("t=%.3f rx done %llu bytes in %.3f s, pattern %s\n", now(), off,
	    now() - t0, bad ? "BAD" : "ok");
	if (bad)
		printf("sctp-xfer: first bad byte at offset %llu\n", bad - 1);
	fflush(stdout);
	close(fd);
	return bad != 0;
}

static int
monitor(double seconds)
{
	double t0 = now(), tlast = t0, t;
	unsigned long long sum;
	struct timespec ts;
	int i;

	if (interval_ms <= 0 || nifs == 0)
		die("-M needs -i and -I");
	ts.tv_sec = interval_ms / 1000;
	ts.tv_nsec = (interval_ms % 1000) * 1000000L;
	printf("t=%.3f rx monitoring\n", t0);
	while (seconds <= 0 || now() - t0 < seconds) {
		nanosleep(&ts, NULL);
		t = now();
		if_sample();
		sum = 0;
		for (i = 0; i < nifs; i++)
			sum += if_now[i] - if_last[i];
		report("rx", t, sum, t - tlast);
		tlast = t;
	}
	return 0;
}

static int
sender(int fd, unsigned long long total, size_t msgsize)
{
	unsigned long long off = 0, since = 0;
	double t0, tlast, tnext;
	char *buf, nbuf[4096];
	struct pollfd pfd;
	ssize_t n;
	size_t i, len;
	int gone = 0, done = 0;

	if ((buf = malloc(msgsize)) == NULL)
		die("out of memory");
	t0 = tlast = now();
	tnext = t0 + interval_ms / 1000.0;
	while (!gone && !done) {
		pfd.fd = fd;
		pfd.events = POLLIN | (off < total ? POLLOUT : 0);
		if (poll(&pfd, 1, interval_ms > 0 ? interval_ms : 1000) == -1 && errno != EINTR)
			die("poll: %s", strerror(errno));
		if (interval_ms > 0 && now() >= tnext) {
			double t = now();

			if_sample();
			report("tx", t, since, t - tlast);
			since = 0;
			tlast = t;
			tnext += interval_ms / 1000.0;
		}
		if (pfd.revents & POLLIN) {
			struct msghdr msg;
			struct iovec iov;

			memset(&msg, 0, sizeof(msg));
			iov.iov_base = nbuf;
			iov.iov_len = sizeof(nbuf);
			msg.msg_iov = &iov;
			msg.msg_iovlen = 1;
			n = recvmsg(fd, &msg, 0);
			if (n == 0)
				break;	/* the receiver closed: all delivered */
			if (n > 0 && (msg.msg_flags & MSG_NOTIFICATION)) {
				switch (notification("tx", nbuf, n)) {
				case 1:
					gone = 1;
					break;
				case 2:
					done = 1;
					break;
				}
			}
			else if (n == -1 && errno != EINTR && errno != EAGAIN) {
				printf("sctp-xfer: recv: %s\n", strerror(errno));
				return 1;
			}
		}
		if ((pfd.revents & POLLOUT) && off < total) {
			len = total - off < msgsize ? total - off : msgsize;
			for (i = 0; i < len; i++)
				buf[i] = pattern(off + i);
			if ((n = send(fd, buf, len, MSG_DONTWAIT)) == -1) {
				if (errno == EAGAIN || errno == EINTR)
					continue;
				printf("sctp-xfer: send: %s after %llu bytes\n", strerror(errno), off);
				return 1;
			}
			off += n;
			since += n;
			if (off == total)
				shutdown(fd, SHUT_WR);
		}
	}
	printf("t=%.3f tx done %llu bytes in %.3f s%s\n", now(), off, now() - t0,
	    gone ? " (association lost)" : "");
	fflush(stdout);
	free(buf);
	return gone || off != total;
}

int
main(int argc, char **argv)
{
	struct sockaddr_storage local[MAXADDRS], peer[MAXADDRS];
	char packed[MAXADDRS * sizeof(struct sockaddr_in6)];
	char *bind_list = NULL, *peer_list = NULL;
	unsigned long long total = 0;
	size_t msgsize = 16384, plen;
	int ch, listen_mode = 0, port = 0, nlocal = 0, npeer, fd, family, one = 1;
	int monitor_mode = 0;
	double seconds = 0;
	char *s, *sp;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((ch = getopt(argc, argv, "lMp:B:C:n:s:i:I:O:t:")) != -1) {
		switch (ch) {
		case 'M': monitor_mode = 1; break;
		case 't': seconds = atof(optarg); break;
		case 'l': listen_mode = 1; break;
		case 'p': port = atoi(optarg); break;
		case 'B': bind_list = optarg; break;
		case 'C': peer_list = optarg; break;
		case 'n': total = strtoull(optarg, NULL, 10); break;
		case 's': msgsize = strtoul(optarg, NULL, 10); break;
		case 'i': interval_ms = atoi(optarg); break;
		case 'I':
			for (s = strtok_r(optarg, ",", &sp); s != NULL && nifs < MAXIFS;
			    s = strtok_r(NULL, ",", &sp)) {
				ifnames[nifs] = s;
				if_last[nifs++] = if_rx(s);
			}
			break;
		case 'O': parse_tuning(optarg); break;
		default:
			fprintf(stderr, "usage: sctp-xfer -l -p port [-B addrs] [-i ms] [-I ifs] [-O k=v]\n"
			    "       sctp-xfer -C addrs -p port -n bytes [-B addrs] [-s size] [-i ms] [-O k=v]\n");
			return 2;
		}
	}
	if (monitor_mode)
		return monitor(seconds);
	if (port <= 0 || port > 65535)
		die("need -p port");
	if (msgsize == 0 || msgsize > (1 << 20))
		die("bad -s");
	if (bind_list != NULL)
		nlocal = parse_addrs(bind_list, listen_mode ? port : 0, local);
	family = AF_INET6;
	if (nlocal > 0 && local[0].ss_family == AF_INET)
		family = AF_INET;
	if (!listen_mode && nlocal == 0 && peer_list != NULL && inet_pton(AF_INET6,
	    strtok(strdup(peer_list), ","), packed) != 1)
		family = AF_INET;
	if ((fd = socket(family, SOCK_STREAM, IPPROTO_SCTP)) == -1)
		die("socket(IPPROTO_SCTP): %s", strerror(errno));
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	set_tuning(fd);
	if (nlocal > 0) {
		plen = pack_addrs(local, nlocal, packed);
		(void)plen;
		if (sctp_bindx(fd, (struct sockaddr *)packed, nlocal,
		    SCTP_BINDX_ADD_ADDR) == -1)
			die("sctp_bindx: %s", strerror(errno));
	}
	if (listen_mode) {
		if (nlocal == 0) {
			struct sockaddr_in6 any;

			memset(&any, 0, sizeof(any));
			any.sin6_family = AF_INET6;
			any.sin6_port = htons(port);
			if (bind(fd, (struct sockaddr *)&any, sizeof(any)) == -1)
				die("bind: %s", strerror(errno));
		}
		if (listen(fd, 1) == -1)
			die("listen: %s", strerror(errno));
		printf("t=%.3f rx listening on port %d\n", now(), port);
		return receiver(fd);
	}
	if (peer_list == NULL || total == 0)
		die("need -C addrs and -n bytes");
	npeer = parse_addrs(peer_list, port, peer);
	pack_addrs(peer, npeer, packed);
	if (sctp_connectx(fd, (struct sockaddr *)packed, npeer, NULL) == -1)
		die("sctp_connectx: %s", strerror(errno));
	printf("t=%.3f tx connected\n", now());
	if (tune.sched >= 0) {
		struct sctp_assoc_value av;
		socklen_t len = sizeof(av);

		memset(&av, 0, sizeof(av));
		av.assoc_id = 0;	/* one-to-one: the association */
		if (getsockopt(fd, IPPROTO_SCTP, SCTP_STREAM_SCHEDULER, &av,
		    &len) == -1)
			die("SCTP_STREAM_SCHEDULER: %s", strerror(errno));
		printf("t=%.3f tx scheduler %u\n", now(), av.assoc_value);
		if ((int)av.assoc_value != tune.sched)
			die("association uses scheduler %u, not %d",
			    av.assoc_value, tune.sched);
	}
	return sender(fd, total, msgsize);
}
