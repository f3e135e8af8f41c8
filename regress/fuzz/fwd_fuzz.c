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
 * libFuzzer harness for the forwarding extension's parsers (PROTOCOL.sctp
 * 3.2, 3.3, 3.9): address lists and data headers from the peer, the
 * joining of pieces, ssh's forwarding specifications, PermitOpen and
 * PermitListen entries with a protocol matched against a peer's host and
 * port, and the address lists of SCTPPeerAddresses and
 * ListenMultipleAddresses.  Whatever they accept must survive a round
 * trip through the matching writer, and no input may crash or leak; the
 * joiner may never hold more than its limit; an entry made of a host and
 * port must permit them.  The fields of a channel open, of an open
 * confirmation and of a *-forward global request go through the parsers
 * sshd and ssh use on the packet (fwd_open_fields, fwd_confirm_fields,
 * fwd_global_fields).  The channel requests of 3.3 and 3.8 have no
 * fields of their own.
 *
 * Built by "make fuzz" (clang, -fsanitize=fuzzer,address,undefined).
 */

#include "includes.h"

#include <sys/types.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "openbsd-compat/sys-queue.h"
#include "channels.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-msg.h"
#include "sctp/sctp-addrs.h"
#include "sctp/fwd-int.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define JOIN_MAX	4096
#define PERMIT_MAX	8

static void
fuzz_addrs(const uint8_t *p, size_t len, int listening)
{
	struct sctp_fwd_addrs a, b;
	struct sshbuf *in, *out;
	u_int i;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	if ((in = sshbuf_from(p, len)) == NULL || (out = sshbuf_new()) == NULL)
		abort();
	if (sctp_fwd_addrs_get(in, &a, listening) == 0) {
		if (a.naddrs < 1 || a.naddrs > SCTP_FWD_MAX_ADDRS ||
		    a.port > 65535)
			abort();
		if (sctp_fwd_addrs_put(out, &a) != 0 ||
		    sctp_fwd_addrs_get(out, &b, listening) != 0 ||
		    a.naddrs != b.naddrs || a.port != b.port)
			abort();
		for (i = 0; i < a.naddrs; i++)
			if (strcmp(a.addrs[i], b.addrs[i]) != 0)
				abort();
	}
	sctp_fwd_addrs_free(&a);
	sctp_fwd_addrs_free(&b);
	sshbuf_free(in);
	sshbuf_free(out);
}

static void
fuzz_hdr(const uint8_t *p, size_t len)
{
	struct sctp_fwd_hdr h, h2;
	struct sshbuf *b;

	if (sctp_fwd_hdr_parse(p, len, &h) != 0)
		return;
	if ((b = sshbuf_new()) == NULL || sctp_fwd_hdr_put(b, &h) != 0 ||
	    sctp_fwd_hdr_parse(sshbuf_ptr(b), sshbuf_len(b), &h2) != 0 ||
	    h.flags != h2.flags || h.stream != h2.stream || h.ppid != h2.ppid ||
	    memcmp(sshbuf_ptr(b), p, SCTP_FWD_HDR_LEN) != 0)
		abort();
	sshbuf_free(b);
}

/* A sequence of pieces: header, one length byte, that many bytes. */
static void
fuzz_join(const uint8_t *p, size_t len)
{
	struct sctp_fwd_join *j = sctp_fwd_join_new(JOIN_MAX);
	struct sctp_fwd_hdr h;
	struct sshbuf *msg;
	size_t n;
	int done;

	if ((msg = sshbuf_new()) == NULL)
		abort();
	while (len >= SCTP_FWD_HDR_LEN + 1) {
		n = p[SCTP_FWD_HDR_LEN] * 8;
		if (sctp_fwd_hdr_parse(p, SCTP_FWD_HDR_LEN, &h) != 0)
			break;
		p += SCTP_FWD_HDR_LEN + 1;
		len -= SCTP_FWD_HDR_LEN + 1;
		if (n > len)
			n = len;
		sshbuf_reset(msg);
		if (sctp_fwd_join_add(j, &h, p, n, msg, &done) == 0 && done &&
		    sshbuf_len(msg) > JOIN_MAX)
			abort();
		if (sctp_fwd_join_held(j) > JOIN_MAX)
			abort();
		p += n;
		len -= n;
	}
	sshbuf_free(msg);
	sctp_fwd_join_free(j);
}

static void
fuzz_spec(const uint8_t *p, size_t len, int dynamic, int remote)
{
	struct Forward f, g;
	char *s, *back;
	int n;

	if (len > 400)
		len = 400;
	s = xmalloc(len + 1);
	memcpy(s, p, len);
	s[len] = '\0';
	memset(&f, 0, sizeof(f));
	memset(&g, 0, sizeof(g));
	if ((n = sctp_fwd_parse_spec(&f, s, dynamic, remote)) > 0) {
		back = sctp_fwd_spec_string(&f);
		/* "A:P/proto C:P" back into one spec */
		if ((s = realloc(s, strlen(back) + 1)) == NULL)
			abort();
		strlcpy(s, back, strlen(back) + 1);
		*strchr(s, ' ') = ':';
		if (sctp_fwd_parse_spec(&g, s, dynamic, remote) <= 0 ||
		    f.proto != g.proto || f.listen_port != g.listen_port ||
		    f.connect_port != g.connect_port ||
		    strcmp(f.connect_host, g.connect_host) != 0 ||
		    (f.listen_host == NULL) != (g.listen_host == NULL) ||
		    (f.listen_host != NULL &&
		    strcmp(f.listen_host, g.listen_host) != 0))
			abort();
		free(back);
	}
	free(f.listen_host);
	free(f.connect_host);
	free(g.listen_host);
	free(g.connect_host);
	free(s);
}

/* A string of at most max bytes of p, NUL-terminated. */
static char *
fuzz_str(const uint8_t *p, size_t len, size_t max)
{
	char *s;

	if (len > max)
		len = max;
	s = xmalloc(len + 1);
	memcpy(s, p, len);
	s[len] = '\0';
	return s;
}

/*
 * PermitOpen/PermitListen: lines are entries, the last the peer's host;
 * the first two bytes its port, the third the protocol and "listen".
 */
static void
fuzz_permit(const uint8_t *p, size_t len)
{
	char *list[PERMIT_MAX], *s, *cp, *host, *entry;
	size_t n = 0, i;
	int port, proto, listen;

	if (len < 3)
		return;
	port = (p[0] << 8) | p[1];
	proto = SCTP_FWD_TCP + (p[2] % 4);
	listen = (p[2] >> 2) & 1;
	s = fuzz_str(p + 3, len - 3, 600);
	for (cp = s; n < PERMIT_MAX; n++) {
		list[n] = cp;
		if ((cp = strchr(cp, '\n')) == NULL)
			break;
		*cp++ = '\0';
	}
	if (n == PERMIT_MAX)
		n--;
	host = list[n];		/* n entries before it */
	for (i = 0; i < n; i++)
		(void)sctp_fwd_permit_check(list[i], listen);
	(void)sctp_fwd_permitted(list, n, listen, proto, host, port);
	/* "host:port/proto" permits host and port for proto */
	if (proto != SCTP_FWD_TCP && port > 0 && *host != '\0' &&
	    strlen(host) <= SCTP_FWD_MAX_ADDRLEN && sctp_fwd_printable(host) &&
	    strpbrk(host, ":/[]") == NULL) {
		xasprintf(&entry, "%s:%d/%s", host, port,
		    sctp_fwd_proto_name(proto));
		if (sctp_fwd_permit_check(entry, listen) != 0 ||
		    sctp_fwd_permitted(&entry, 1, listen, proto, host,
		    port) != 1)
			abort();
		free(entry);
	}
	free(s);
}

/* An address list: accepted lists hold 1 to SCTP_MAX_ADDRS names. */
static void
fuzz_addrlist(const uint8_t *p, size_t len, int allow_port)
{
	struct sctp_addrlist *al;
	char *s, *err = NULL;
	u_int i;

	s = fuzz_str(p, len, 2000);
	if ((al = sctp_addrlist_parse(s, allow_port, &err)) != NULL) {
		if (err != NULL || al->n < 1 || al->n > SCTP_MAX_ADDRS ||
		    (al->port != NULL && !allow_port))
			abort();
		for (i = 0; i < al->n; i++)
			if (*al->addrs[i] == '\0' ||
			    strpbrk(al->addrs[i], "[],; \t") != NULL)
				abort();
		sctp_addrlist_free(al);
	} else if (err == NULL)
		abort();
	free(err);
	free(s);
}

/*
 * A channel open's fields after the maximum packet size, as the peer
 * sends them (3.3 to 3.5), for SCTP, UDP or DCCP: what is accepted names
 * ports that exist and one address unless the protocol takes lists.
 */
static void
fuzz_open(const uint8_t *p, size_t len)
{
	const struct fwd_proto *pr;
	struct sctp_fwd_addrs a;
	struct sshbuf *b;
	char *orig;
	u_int oport, os, is, service;

	if (len < 1 || (pr = fwd_proto_of(SCTP_FWD_SCTP + p[0] % 3)) == NULL)
		return;
	if ((b = sshbuf_from(p + 1, len - 1)) == NULL)
		abort();
	if (fwd_open_fields(pr, b, (p[0] >> 2) & 1, &a, &orig, &oport, &os,
	    &is, &service) == 0) {
		if (orig == NULL || oport > 65535 || a.port > 65535 ||
		    a.naddrs < 1 || (!pr->addr_lists && a.naddrs != 1) ||
		    sshbuf_len(b) != 0)
			abort();
		sctp_fwd_addrs_free(&a);
		free(orig);
	} else if (orig != NULL)
		abort();
	sshbuf_free(b);
}

/*
 * An open confirmation's fields after the maximum packet size (3.3): the
 * destination's streams for SCTP, nothing for UDP and DCCP.
 */
static void
fuzz_confirm(const uint8_t *p, size_t len)
{
	const struct fwd_proto *pr;
	struct sshbuf *b;
	u_int os, is;

	if (len < 1 || (pr = fwd_proto_of(SCTP_FWD_SCTP + p[0] % 3)) == NULL)
		return;
	if ((b = sshbuf_from(p + 1, len - 1)) == NULL)
		abort();
	if (fwd_confirm_fields(pr, b, &os, &is) == 0 &&
	    (os > 65535 || is > 65535 || sshbuf_len(b) != 0 ||
	    (pr->confirm_get == NULL && (os != 0 || is != 0))))
		abort();
	sshbuf_free(b);
}

/*
 * A *-forward global request or its cancel (3.2), after the request name
 * and want-reply: one address unless the protocol takes lists, a
 * service code for DCCP, nothing more.
 */
static void
fuzz_global(const uint8_t *p, size_t len)
{
	const struct fwd_proto *pr;
	struct sctp_fwd_addrs a;
	struct sshbuf *b;
	u_int service;

	if (len < 1 || (pr = fwd_proto_of(SCTP_FWD_SCTP + p[0] % 3)) == NULL)
		return;
	if ((b = sshbuf_from(p + 1, len - 1)) == NULL)
		abort();
	if (fwd_global_fields(pr, b, &a, &service) == 0) {
		if (a.naddrs < 1 || a.naddrs > SCTP_FWD_MAX_ADDRS ||
		    a.port > 65535 || (!pr->addr_lists && a.naddrs != 1) ||
		    (!pr->has_service && service != 0) || sshbuf_len(b) != 0)
			abort();
		sctp_fwd_addrs_free(&a);
	} else if (a.naddrs != 0)
		abort();
	sshbuf_free(b);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int inited;

	if (!inited) {
		log_init("fwd_fuzz", SYSLOG_LEVEL_QUIET, SYSLOG_FACILITY_USER,
		    1);
		inited = 1;
	}
	if (size < 1)
		return 0;
	switch (data[0] % 12) {
	case 0:
	case 1:
		fuzz_addrs(data + 1, size - 1, data[0] % 2);
		break;
	case 2:
		fuzz_hdr(data + 1, size - 1);
		break;
	case 3:
		fuzz_join(data + 1, size - 1);
		break;
	case 4:
	case 5:
		fuzz_spec(data + 1, size - 1, 0, data[0] % 10 == 5);
		break;
	case 6:
		fuzz_permit(data + 1, size - 1);
		break;
	case 9:
		fuzz_open(data + 1, size - 1);
		break;
	case 10:
		fuzz_confirm(data + 1, size - 1);
		break;
	case 11:
		fuzz_global(data + 1, size - 1);
		break;
	default:
		fuzz_addrlist(data + 1, size - 1, data[0] % 12 == 8);
		break;
	}
	return 0;
}
