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
 * ssh's forwarding specifications with a protocol (PROTOCOL.sctp 3.9):
 *
 *	[listen_addresses:]port/proto:connect_addresses:port
 *
 * proto is tcp, sctp, udp or dccp; an address list is "a,b" with IPv6
 * literals in brackets ("[2001:db8::1],[2001:db8::2]"), at most
 * SCTP_FWD_MAX_ADDRS of them, and more than one only for SCTP.  A spec
 * without "/proto" after its listening port is upstream's to parse.  The
 * lists are kept in struct Forward's host fields as "a,b", without
 * brackets, as sctp_addrlist_parse() reads them.
 */

#include "includes.h"

#include <sys/types.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-msg.h"

#define MAX_FIELDS	4

static const char *proto_names[] = { "tcp", "sctp", "udp", "dccp" };

const char *
sctp_fwd_proto_name(int proto)
{
	if (proto < 0 || proto > SCTP_FWD_DCCP)
		return "UNKNOWN";
	return proto_names[proto];
}

/* Split on ':' outside brackets; fields point into s.  -1 if malformed. */
static int
split_fields(char *s, char **fields, int max)
{
	int n = 0, depth = 0;
	char *cp;

	fields[n++] = s;
	for (cp = s; *cp != '\0'; cp++) {
		if (*cp == '[') {
			if (depth++ != 0)
				return -1;
		} else if (*cp == ']') {
			if (depth-- != 1)
				return -1;
		} else if (*cp == ':' && depth == 0) {
			if (n == max)
				return -1;
			*cp = '\0';
			fields[n++] = cp + 1;
		}
	}
	return depth == 0 ? n : -1;
}

/* Whether a spec that does not split names one of our protocols. */
static int
names_proto(const char *spec)
{
	return strcasestr(spec, "/sctp") != NULL ||
	    strcasestr(spec, "/udp") != NULL ||
	    strcasestr(spec, "/dccp") != NULL;
}

/*
 * "port/proto": the protocol, or -1 if the field names none (a path, as
 * upstream takes it), or -2 for a port followed by a word that is no
 * protocol ("5353/udpp": a typo, not a Unix-domain socket; a socket so
 * named is written "./5353/udpp").
 */
static int
port_proto(char *field)
{
	char *slash;
	int i;

	if ((slash = strrchr(field, '/')) == NULL || slash == field ||
	    strspn(field, "0123456789") != (size_t)(slash - field))
		return -1;
	for (i = 0; i <= SCTP_FWD_DCCP; i++) {
		if (strcasecmp(slash + 1, proto_names[i]) == 0) {
			*slash = '\0';
			return i;
		}
	}
	if (slash[1] != '\0' &&
	    strspn(slash + 1, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == strlen(slash + 1))
		return -2;
	return -1;
}

/*
 * An address list: "a,b,[v6],host" to "a,b,v6,host"; NULL if malformed.
 * *np gets the number of addresses.
 */
static char *
addr_list(const char *field, u_int *np)
{
	char *s, *item, *sp, *ret = NULL, *tmp;
	size_t len;
	u_int n = 0;

	*np = 0;
	if (*field == '\0')
		return NULL;
	s = xstrdup(field);
	for (sp = s; (item = strsep(&sp, ",")) != NULL;) {
		len = strlen(item);
		if (len > 1 && item[0] == '[' && item[len - 1] == ']') {
			item[len - 1] = '\0';
			item++;
			len -= 2;
		}
		if (len == 0 || len > SCTP_FWD_MAX_ADDRLEN ||
		    !sctp_fwd_printable(item) || strpbrk(item, "[]/") != NULL ||
		    ++n > SCTP_FWD_MAX_ADDRS) {
			free(ret);
			free(s);
			return NULL;
		}
		if (ret == NULL)
			ret = xstrdup(item);
		else {
			xasprintf(&tmp, "%s,%s", ret, item);
			free(ret);
			ret = tmp;
		}
	}
	free(s);
	*np = n;
	return ret;
}

int
sctp_fwd_parse_spec(struct Forward *fwd, const char *spec, int dynamic,
    int remote)
{
	char *s, *fields[MAX_FIELDS], *lport;
	int n, proto, lp, cp;
	u_int nl = 0, nc = 0;

	while (isspace((u_char)*spec))
		spec++;
	s = xstrdup(spec);
	if ((n = split_fields(s, fields, MAX_FIELDS)) < 1) {
		free(s);
		if (!names_proto(spec))
			return -1;	/* upstream's error message */
		error("Bad forwarding specification with a protocol "
		    "(brackets, or too many fields)");
		return 0;
	}
	/* The listening port is the first field, or the second of four. */
	lport = fields[n == 4 || (n == 2 && dynamic) ? 1 : 0];
	if ((proto = port_proto(lport)) == -1) {
		free(s);
		return -1;
	}
	if (proto == -2) {
		error("Unknown protocol \"%s\" in forwarding specification "
		    "(tcp, sctp, udp or dccp; a Unix-domain socket path so "
		    "named needs a leading \"./\")", strrchr(lport, '/') + 1);
		free(s);
		return 0;
	}
	memset(fwd, 0, sizeof(*fwd));
	fwd->proto = proto;
	lp = a2port(lport);
	/*
	 * "[addrs:]port/proto" alone: what ~C -KL/-KR/-KD cancels
	 * parse (as a dynamic forward); ssh refuses it where a destination is
	 * needed (fwd_setup_local, fwd_request_remote).
	 */
	if (dynamic && (n == 1 || n == 2)) {
		if (dynamic != SCTP_FWD_PARSE_CANCEL &&
		    proto != SCTP_FWD_TCP) {
			error("Dynamic (SOCKS) and stdio forwarding are TCP "
			    "only: /%s is not taken here",
			    sctp_fwd_proto_name(proto));
			goto fail;
		}
		if (n == 2 && (fwd->listen_host = addr_list(fields[0],
		    &nl)) == NULL && *fields[0] != '\0')
			goto badlist;
		if (lp < 0 || (lp == 0 && !remote)) {
			error("Bad port in forwarding specification");
			goto fail;
		}
		fwd->listen_port = lp;
		if (proto == SCTP_FWD_TCP)	/* upstream's SOCKS mark */
			fwd->connect_host = xstrdup("socks");
		free(s);
		return n;
	}
	if (dynamic || (n != 3 && n != 4)) {
		error("Forwarding with a protocol (/%s) needs a listening "
		    "port and a destination", sctp_fwd_proto_name(proto));
		goto fail;
	}
	if (n == 4) {
		if ((fwd->listen_host = addr_list(fields[0], &nl)) == NULL &&
		    *fields[0] != '\0')
			goto badlist;
		if (fwd->listen_host == NULL)	/* "" as upstream's "*" */
			fwd->listen_host = xstrdup("");
	}
	if ((fwd->connect_host = addr_list(fields[n - 2], &nc)) == NULL)
		goto badlist;
	cp = a2port(fields[n - 1]);
	if (lp < 0 || (lp == 0 && !remote) || cp <= 0) {
		error("Bad port in forwarding specification");
		goto fail;
	}
	if (proto != SCTP_FWD_SCTP && (nl > 1 || nc > 1)) {
		error("Only SCTP forwards take several addresses per side");
		goto fail;
	}
	fwd->listen_port = lp;
	fwd->connect_port = cp;
	free(s);
	return n;
 badlist:
	error("Bad address list in forwarding specification (at most %d "
	    "addresses, IPv6 ones in brackets)", SCTP_FWD_MAX_ADDRS);
 fail:
	free(fwd->listen_host);
	free(fwd->connect_host);
	memset(fwd, 0, sizeof(*fwd));
	free(s);
	return 0;
}

char *
sctp_fwd_remote_failmsg(const struct Forward *fwd)
{
	char *ret;

	xasprintf(&ret, "remote port forwarding failed for listen port "
	    "%d/%s: the server refused it (its Allow%sForwarding or "
	    "PermitListen) or could not listen on the port; its log says "
	    "which", fwd->listen_port, sctp_fwd_proto_name(fwd->proto),
	    fwd->proto == SCTP_FWD_SCTP ? "SCTP" :
	    fwd->proto == SCTP_FWD_UDP ? "UDP" : "DCCP");
	return ret;
}

/* One list, as the spec takes it: IPv6 literals in brackets. */
static void
append_list(char **out, const char *list)
{
	char *s, *sp, *item, *tmp;
	int first = 1;

	s = sp = xstrdup(list);
	while ((item = strsep(&sp, ",")) != NULL) {
		xasprintf(&tmp, "%s%s%s%s%s", *out, first ? "" : ",",
		    strchr(item, ':') != NULL ? "[" : "", item,
		    strchr(item, ':') != NULL ? "]" : "");
		free(*out);
		*out = tmp;
		first = 0;
	}
	free(s);
}

/* ssh -G: "[listen:]port/proto connect:port", as parsed back. */
char *
sctp_fwd_spec_string(const struct Forward *fwd)
{
	char *s = xstrdup(""), *tmp;

	if (fwd->listen_host != NULL) {
		append_list(&s, fwd->listen_host);
		xasprintf(&tmp, "%s:", s);
		free(s);
		s = tmp;
	}
	xasprintf(&tmp, "%s%d/%s%s", s, fwd->listen_port,
	    sctp_fwd_proto_name(fwd->proto),
	    fwd->connect_host == NULL ? "" : " ");
	free(s);
	if (fwd->connect_host == NULL)	/* a cancel's, or a refused -D */
		return tmp;
	s = tmp;
	append_list(&s, fwd->connect_host != NULL ? fwd->connect_host : "");
	xasprintf(&tmp, "%s:%d", s, fwd->connect_port);
	free(s);
	return tmp;
}

/*
 * PermitOpen and PermitListen entries, and authorized_keys' permitopen and
 * permitlisten, with a protocol: "host:port/proto" (PROTOCOL.sctp 3.9).
 * The protocol of an entry: SCTP_FWD_TCP without (or with "/tcp"), -1
 * for a bad one.
 */
int
sctp_fwd_permit_proto(const char *entry)
{
	const char *slash;
	int i;

	if ((slash = strrchr(entry, '/')) == NULL ||
	    strchr(slash, ':') != NULL || strchr(slash, ']') != NULL)
		return SCTP_FWD_TCP;	/* none, or a '/' inside the host */
	for (i = SCTP_FWD_TCP; i <= SCTP_FWD_DCCP; i++)
		if (strcasecmp(slash + 1, proto_names[i]) == 0)
			return i;
	return -1;
}

/*
 * An entry of ours, split: host (brackets removed) and port, or -1 if it
 * is malformed (as upstream checks its own).  "*" is any port (0 here).
 */
static int
permit_split(const char *entry, int bare_port, char **hostp, int *portp)
{
	char *s, *slash, *colon, *host;

	*hostp = NULL;
	s = xstrdup(entry);
	if ((slash = strrchr(s, '/')) != NULL)
		*slash = '\0';
	if ((colon = strrchr(s, ':')) == NULL) {
		if (!bare_port)
			goto bad;
		host = "*";
		colon = s - 1;		/* the whole is the port */
	} else {
		*colon = '\0';
		host = s;
	}
	if (*host == '[') {
		host++;
		if (strlen(host) < 1 || host[strlen(host) - 1] != ']')
			goto bad;
		host[strlen(host) - 1] = '\0';
	}
	if (strcmp(colon + 1, "*") == 0)
		*portp = 0;
	else if ((*portp = a2port(colon + 1)) <= 0)
		goto bad;
	if (*host == '\0' || strlen(host) > SCTP_FWD_MAX_ADDRLEN ||
	    !sctp_fwd_printable(host))
		goto bad;
	*hostp = xstrdup(host);
	free(s);
	return 0;
 bad:
	free(s);
	return -1;
}

/* Whether the syntax of an entry with a protocol is good: 0 or -1. */
int
sctp_fwd_permit_check(const char *entry, int listen)
{
	char *host;
	int port;

	if (sctp_fwd_permit_proto(entry) <= SCTP_FWD_TCP ||
	    permit_split(entry, listen, &host, &port) != 0)
		return -1;
	free(host);
	return 0;
}

/*
 * Whether a list of entries allows proto to host (one address) and port.
 * No list allows all, as upstream's; "any" and "none" as upstream's;
 * otherwise only an entry for this protocol with this host (or "*") and
 * port (or "*").
 */
int
sctp_fwd_permitted(char * const *list, size_t n, int listen, int proto,
    const char *host, int port)
{
	char *ehost;
	int eport, ok;
	size_t i;

	if (n == 0 || (n == 1 && strcmp(list[0], "any") == 0))
		return 1;
	for (i = 0; i < n; i++) {
		if (sctp_fwd_permit_proto(list[i]) != proto ||
		    permit_split(list[i], listen, &ehost, &eport) != 0)
			continue;
		ok = (strcmp(ehost, "*") == 0 ||
		    strcasecmp(ehost, host) == 0) &&
		    (eport == 0 || eport == port);
		free(ehost);
		if (ok)
			return 1;
	}
	return 0;
}

/*
 * A forward type of the multiplexing protocol (PROTOCOL.sctp 3.9): the
 * protocol is in its high 16 bits, which this clears.  -1 for a protocol
 * that is not known (then *proto is TCP's).
 */
int
sctp_fwd_mux_type(u_int *ftype, int *proto)
{
	u_int p = *ftype >> 16;

	*ftype &= 0xffff;
	*proto = SCTP_FWD_TCP;
	if (p > SCTP_FWD_DCCP)
		return -1;
	*proto = p;
	return 0;
}
