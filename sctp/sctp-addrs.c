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

/* Address lists for SCTP multi-homing. */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include <errno.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "log.h"
#include "canohost.h"
#include "misc.h"
#include "sctp/sctp-addrs.h"

void
sctp_addrlist_free(struct sctp_addrlist *al)
{
	u_int i;

	if (al == NULL)
		return;
	for (i = 0; i < al->n; i++)
		free(al->addrs[i]);
	free(al->addrs);
	free(al->port);
	free(al);
}

static struct sctp_addrlist *
parse_fail(struct sctp_addrlist *al, char *copy, char **errp,
    const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (errp != NULL && vasprintf(errp, fmt, ap) == -1)
		*errp = NULL;
	va_end(ap);
	sctp_addrlist_free(al);
	free(copy);
	return NULL;
}

struct sctp_addrlist *
sctp_addrlist_parse(const char *s, int allow_port, char **errp)
{
	struct sctp_addrlist *al;
	char *copy, *cp, *ep, *item, *semi;
	size_t len;

	if (errp != NULL)
		*errp = NULL;
	al = xcalloc(1, sizeof(*al));
	copy = xstrdup(s);
	if (strpbrk(copy, " \t\r\n") != NULL)
		return parse_fail(al, copy, errp, "white space in address "
		    "list \"%s\"", s);
	if ((semi = strchr(copy, ';')) != NULL) {
		if (!allow_port)
			return parse_fail(al, copy, errp, "no port allowed "
			    "in address list \"%s\"", s);
		*semi++ = '\0';
		if (a2port(semi) <= 0)
			return parse_fail(al, copy, errp, "bad port \"%s\"",
			    semi);
		al->port = xstrdup(semi);
	}
	for (cp = copy; ; cp = ep + 1) {
		if ((ep = strchr(cp, ',')) != NULL)
			*ep = '\0';
		item = cp;
		len = strlen(item);
		if (len > 1 && item[0] == '[' && item[len - 1] == ']') {
			item[len - 1] = '\0';
			item++;
		}
		if (*item == '\0')
			return parse_fail(al, copy, errp, "empty address in "
			    "list \"%s\"", s);
		if (strchr(item, '[') != NULL || strchr(item, ']') != NULL)
			return parse_fail(al, copy, errp, "bad address "
			    "\"%s\"", item);
		if (al->n >= SCTP_MAX_ADDRS)
			return parse_fail(al, copy, errp, "more than %d "
			    "addresses in list", SCTP_MAX_ADDRS);
		al->addrs = xrecallocarray(al->addrs, al->n, al->n + 1,
		    sizeof(*al->addrs));
		al->addrs[al->n++] = xstrdup(item);
		if (ep == NULL)
			break;
	}
	free(copy);
	return al;
}

size_t
sctp_sa_len(const struct sockaddr *sa)
{
	return sa->sa_family == AF_INET6 ?
	    sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
}

int
sctp_addrs_append(u_char **packed, size_t *packedlen, int *npacked,
    const struct sockaddr *sa)
{
	size_t off, len;

	if (sa->sa_family != AF_INET && sa->sa_family != AF_INET6)
		return 0;
	for (off = 0; off < *packedlen; off += len) {
		const struct sockaddr *o = (const struct sockaddr *)(*packed + off);

		len = sctp_sa_len(o);
		if (len == sctp_sa_len(sa) && memcmp(o, sa, len) == 0)
			return 0;	/* duplicate */
	}
	if (*npacked >= SCTP_MAX_ADDRS)
		return -1;
	len = sctp_sa_len(sa);
	*packed = xrecallocarray(*packed, *packedlen, *packedlen + len, 1);
	memcpy(*packed + *packedlen, sa, len);
	*packedlen += len;
	(*npacked)++;
	return 0;
}

int
sctp_addrlist_resolve(const struct sctp_addrlist *al, const char *port,
    int family, int passive, u_char **packed, size_t *packedlen,
    int *npacked, char **errp)
{
	struct addrinfo hints, *res, *ai;
	u_int i;
	int r;

	*errp = NULL;
	for (i = 0; i < al->n; i++) {
		memset(&hints, 0, sizeof(hints));
		hints.ai_family = family;
		hints.ai_socktype = SOCK_STREAM;
		hints.ai_flags = passive ? AI_PASSIVE : 0;
		if ((r = getaddrinfo(al->addrs[i], port, &hints, &res)) != 0) {
			xasprintf(errp, "%s: %s", al->addrs[i],
			    ssh_gai_strerror(r));
			return -1;
		}
		for (ai = res; ai != NULL; ai = ai->ai_next) {
			if (sctp_addrs_append(packed, packedlen, npacked,
			    ai->ai_addr) != 0) {
				freeaddrinfo(res);
				xasprintf(errp, "more than %d addresses",
				    SCTP_MAX_ADDRS);
				return -1;
			}
		}
		freeaddrinfo(res);
	}
	return 0;
}

int
sctp_addrs_any_v6(const u_char *packed, size_t packedlen)
{
	const struct sockaddr *sa;
	size_t off;

	for (off = 0; off < packedlen; off += sctp_sa_len(sa)) {
		sa = (const struct sockaddr *)(packed + off);
		if (sa->sa_family == AF_INET6)
			return 1;
	}
	return 0;
}

int
sctp_sa_ntop(const struct sockaddr *sa, char *host, size_t len)
{
	struct sockaddr_storage ss;
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&ss;
	socklen_t sslen = sctp_sa_len(sa);

	memset(&ss, 0, sizeof(ss));
	memcpy(&ss, sa, sslen);
	/* A mapped IPv4 address as sshd names the peer (canohost.c). */
	ipv64_normalise_mapped(&ss, &sslen);
	/* Linux gives SCTP's global IPv6 addresses a scope too. */
	if (ss.ss_family == AF_INET6 &&
	    !IN6_IS_ADDR_LINKLOCAL(&sin6->sin6_addr))
		sin6->sin6_scope_id = 0;
	if (getnameinfo((struct sockaddr *)&ss, sslen, host, len, NULL, 0,
	    NI_NUMERICHOST) != 0) {
		strlcpy(host, "?", len);
		return -1;
	}
	return 0;
}

char *
sctp_addrs_string(const u_char *packed, int n)
{
	char *ret = xstrdup(""), *tmp, host[NI_MAXHOST];
	const struct sockaddr *sa;
	size_t off = 0;
	int i;

	for (i = 0; i < n; i++) {
		sa = (const struct sockaddr *)(packed + off);
		(void)sctp_sa_ntop(sa, host, sizeof(host));
		xasprintf(&tmp, "%s%s%s", ret, i == 0 ? "" : ", ", host);
		free(ret);
		ret = tmp;
		off += sctp_sa_len(sa);
	}
	return ret;
}

/* Whether two socket addresses have the same address and port. */
int
sctp_sockaddr_eq(const struct sockaddr *a, const struct sockaddr *b)
{
	const struct sockaddr_in *a4 = (const void *)a, *b4 = (const void *)b;
	const struct sockaddr_in6 *a6 = (const void *)a, *b6 = (const void *)b;

	if (a->sa_family != b->sa_family)
		return 0;
	if (a->sa_family == AF_INET)
		return a4->sin_port == b4->sin_port &&
		    a4->sin_addr.s_addr == b4->sin_addr.s_addr;
	if (a->sa_family == AF_INET6)
		return a6->sin6_port == b6->sin6_port &&
		    memcmp(&a6->sin6_addr, &b6->sin6_addr,
		    sizeof(a6->sin6_addr)) == 0;
	return 0;
}

/*
 * Whether the host has sa's address on one of its interfaces (an IPv6
 * socket lists IPv4 addresses mapped).
 */
int
sctp_addr_on_host(const struct ifaddrs *ifap, const struct sockaddr *sa)
{
	const struct ifaddrs *i;
	struct sockaddr_storage ss;
	const struct sockaddr_in *a4 = (const void *)&ss, *b4;
	const struct sockaddr_in6 *a6 = (const void *)&ss, *b6;
	socklen_t len = sctp_sa_len(sa);

	memset(&ss, 0, sizeof(ss));
	memcpy(&ss, sa, len);
	ipv64_normalise_mapped(&ss, &len);
	for (i = ifap; i != NULL; i = i->ifa_next) {
		if (i->ifa_addr == NULL ||
		    i->ifa_addr->sa_family != ss.ss_family)
			continue;
		b4 = (const void *)i->ifa_addr;
		b6 = (const void *)i->ifa_addr;
		if (ss.ss_family == AF_INET &&
		    a4->sin_addr.s_addr == b4->sin_addr.s_addr)
			return 1;
		if (ss.ss_family == AF_INET6 &&
		    memcmp(&a6->sin6_addr, &b6->sin6_addr,
		    sizeof(a6->sin6_addr)) == 0)
			return 1;
	}
	return 0;
}
