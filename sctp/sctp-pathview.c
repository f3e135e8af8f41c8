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
 * The path view (sctp-pathview.h).  Linux does not say which path carries
 * new data; it takes the primary path while that is active, and otherwise
 * the active path heard from last.  The view follows the same rule, with
 * the first active path for "heard from last": exact with two paths.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "log.h"
#include "packet.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-addrs.h"
#include "sctp/sctp-encap.h"
#include "sctp/sctp-paths.h"
#include "sctp/sctp-pathview.h"

struct sctp_pathview {
	struct sockaddr_storage	data;	/* the path carrying data */
	int			data_valid;
	u_int			failovers;
	u_int			returns;
};

#ifdef WITH_SCTP

struct pv_scan {
	struct sockaddr_storage	prim;
	int			prim_state;	/* -1: not among the paths */
	struct sockaddr_storage	active;		/* another active path */
	int			have_active;
};

static const char *
pv_state(int st)
{
	switch (st) {
	case SCTP_ACTIVE:	return "active";
	case SCTP_PF:		return "potentially failed";
	case SCTP_INACTIVE:	return "inactive";
	case SCTP_UNCONFIRMED:	return "unconfirmed";
	}
	return "unknown";
}

static int
pv_primary(int fd, struct sockaddr_storage *ss)
{
	struct sctp_status st;
	socklen_t sl = sizeof(st);

	memset(&st, 0, sizeof(st));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_STATUS, &st, &sl) == -1)
		return -1;
	memset(ss, 0, sizeof(*ss));
	memcpy(ss, &st.sstat_primary.spinfo_address, sizeof(*ss));
	return 0;
}

static void
pv_scan_path(int fd, const struct sockaddr_storage *ss, int state, void *arg)
{
	struct pv_scan *s = arg;

	if (sctp_sockaddr_eq((const struct sockaddr *)ss,
	    (const struct sockaddr *)&s->prim)) {
		s->prim_state = state;
		return;
	}
	if (state == SCTP_ACTIVE && !s->have_active) {
		s->active = *ss;
		s->have_active = 1;
	}
}

/* The path Linux sends new data on (the rule at the top). */
static int
pv_data_path(int fd, struct sockaddr_storage *data)
{
	struct pv_scan s;

	memset(&s, 0, sizeof(s));
	s.prim_state = -1;
	if (pv_primary(fd, &s.prim) == -1 ||
	    sctp_paths_each(fd, pv_scan_path, &s) <= 0)
		return -1;
	if (s.prim_state == SCTP_ACTIVE || !s.have_active)
		*data = s.prim;
	else
		*data = s.active;
	return 0;
}

static struct sctp_pathview *
pv_get(struct ssh *ssh)
{
	if (ssh->sctp_pv == NULL)
		ssh->sctp_pv = xcalloc(1, sizeof(*ssh->sctp_pv));
	return ssh->sctp_pv;
}

int
sctp_pathview_event(struct ssh *ssh, int fd,
    const struct sockaddr_storage *addr, int state,
    char *from, char *to, size_t len)
{
	struct sctp_pathview *pv;
	struct sockaddr_storage data;
	int left_failed;

	if (ssh == NULL || pv_data_path(fd, &data) == -1)
		return 0;
	pv = pv_get(ssh);
	/*
	 * The first event may be the first failure (sshd hears events only
	 * after authentication): the data were on the primary path, as at
	 * the start of every association.
	 */
	if (!pv->data_valid && pv_primary(fd, &pv->data) == 0)
		pv->data_valid = 1;
	if (!pv->data_valid || sctp_sockaddr_eq((struct sockaddr *)&data,
	    (struct sockaddr *)&pv->data)) {
		pv->data = data;
		pv->data_valid = 1;
		return 0;
	}
	/* Failed, or about to (PF), or gone: the data left it for that. */
	left_failed = sctp_sockaddr_eq((const struct sockaddr *)addr,
	    (struct sockaddr *)&pv->data) && (state == SCTP_ADDR_UNREACHABLE ||
	    state == SCTP_ADDR_POTENTIALLY_FAILED ||
	    state == SCTP_ADDR_REMOVED);
	(void)sctp_sa_ntop((struct sockaddr *)&pv->data, from, len);
	(void)sctp_sa_ntop((struct sockaddr *)&data, to, len);
	pv->data = data;
	if (left_failed) {
		pv->failovers++;
		return 1;
	}
	pv->returns++;
	return 2;
}

struct pv_fmt {
	struct sshbuf		*b;
	struct sockaddr_storage	prim, data;
	int			data_valid;
	int			r;
};

static void
pv_fmt_path(int fd, const struct sockaddr_storage *ss, int state, void *arg)
{
	struct pv_fmt *f = arg;
	struct sctp_paddrinfo pi;
	socklen_t len = sizeof(pi);
	char host[NI_MAXHOST], udp[32] = "";
	int prim, data, port;

	if (f->r != 0)
		return;
	memset(&pi, 0, sizeof(pi));
	memcpy(&pi.spinfo_address, ss, sizeof(*ss));
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_GET_PEER_ADDR_INFO, &pi,
	    &len) == -1)
		return;
	(void)sctp_sa_ntop((const struct sockaddr *)ss, host, sizeof(host));
	prim = sctp_sockaddr_eq((const struct sockaddr *)ss,
	    (struct sockaddr *)&f->prim);
	data = f->data_valid && sctp_sockaddr_eq((const struct sockaddr *)ss,
	    (struct sockaddr *)&f->data);
	if ((port = sctp_encap_peer_port(fd, ss)) > 0)
		snprintf(udp, sizeof(udp), ", inside UDP to port %d", port);
	f->r = sshbuf_putf(f->b, "    path to %s: %s%s%s, srtt %u ms, "
	    "rto %u ms, cwnd %u, mtu %u%s\r\n", host,
	    pv_state(pi.spinfo_state), prim ? ", primary" : "",
	    data ? ", data" : "", pi.spinfo_srtt, pi.spinfo_rto,
	    pi.spinfo_cwnd, pi.spinfo_mtu, udp);
}

static void
pv_count_path(int fd, const struct sockaddr_storage *ss, int state,
    void *arg)
{
	(*(int *)arg)++;
}

/* The association's local addresses, on one line. */
static int
pv_fmt_local(struct sshbuf *b, int fd)
{
	struct sockaddr *addrs;
	const struct sockaddr *sa;
	char host[NI_MAXHOST];
	size_t off;
	int i, n, r;

	if ((n = sctp_getladdrs(fd, 0, &addrs)) <= 0)
		return 0;
	r = sshbuf_putf(b, "    local addresses");
	for (i = 0, off = 0; r == 0 && i < n; i++) {
		sa = (const struct sockaddr *)((u_char *)addrs + off);
		off += sctp_sa_len(sa);
		(void)sctp_sa_ntop(sa, host, sizeof(host));
		r = sshbuf_putf(b, "%s %s", i == 0 ? ":" : ",", host);
	}
	if (r == 0)
		r = sshbuf_putf(b, "\r\n");
	sctp_freeladdrs(addrs);
	return r;
}

char *
sctp_pathview_message(struct ssh *ssh, int fd, const char *note)
{
	struct pv_fmt f;
	struct sctp_pathview *pv;
	char *ret;
	int n;

	if (ssh == NULL || ssh->sctp_ms == NULL)
		return NULL;
	memset(&f, 0, sizeof(f));
	if (pv_primary(fd, &f.prim) == -1)
		return NULL;
	f.data_valid = pv_data_path(fd, &f.data) == 0;
	pv = pv_get(ssh);
	if ((f.b = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new failed");
	n = 0;
	(void)sctp_paths_each(fd, pv_count_path, &n);
	if ((f.r = sshbuf_putf(f.b, "  sctp %s port %d -> %s port %d, "
	    "%d peer address%s, failovers %u%s%s\r\n",
	    ssh->local_ipaddr != NULL ? ssh->local_ipaddr : "?",
	    ssh->local_port, ssh->remote_ipaddr != NULL ?
	    ssh->remote_ipaddr : "?", ssh->remote_port, n,
	    n == 1 ? "" : "es", pv->failovers, note != NULL ? ", " : "",
	    note != NULL ? note : "")) == 0)
		f.r = pv_fmt_local(f.b, fd);
	if (f.r == 0)
		sctp_paths_each(fd, pv_fmt_path, &f);
	if (f.r != 0)
		fatal_fr(f.r, "sshbuf_putf");
	ret = sshbuf_dup_string(f.b);
	sshbuf_free(f.b);
	return ret;
}

#else /* WITH_SCTP */

int
sctp_pathview_event(struct ssh *ssh, int fd,
    const struct sockaddr_storage *addr, int state,
    char *from, char *to, size_t len)
{
	return 0;
}

char *
sctp_pathview_message(struct ssh *ssh, int fd, const char *note)
{
	return NULL;
}

#endif /* WITH_SCTP */

void
sctp_pathview_free(struct ssh *ssh)
{
	if (ssh == NULL)
		return;
	free(ssh->sctp_pv);
	ssh->sctp_pv = NULL;
}
