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
 * ADD-IP needs the peer's ASCONF to be authenticated: Linux accepts an
 * ASCONF without an AUTH chunk only where net.sctp.addip_noauth_enable is
 * set, and then ADD-IP is not offered at all.  SCTP_AUTH_SUPPORTED and
 * SCTP_ASCONF_SUPPORTED are per socket (Linux 5.4 and later), so nothing
 * depends on net.sctp.addip_enable or auth_enable.  SCTP_AUTO_ASCONF
 * works only on a socket bound to the wildcard address (the kernel
 * refuses it otherwise): a client with BindAddress, or sshd's multi-homed
 * listeners, keep their addresses.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#ifdef WITH_SCTP
#include <netinet/sctp.h>
#endif

#include <errno.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "canohost.h"
#include "log.h"
#include "misc.h"
#include "sshbuf.h"
#include "xmalloc.h"
#include "packet.h"
#include "kex.h"
#include "sctp/sctp-addrs.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-follow.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-paths.h"
#include "sctp/sctp-restart.h"
#include "sctp/sctp-roam.h"

#ifdef WITH_SCTP

#define ADDIP_NOAUTH	"/proc/sys/net/sctp/addip_noauth_enable"

/*
 * Looks at the association's local addresses: each second; each 100 ms
 * for the first 30 s of a set of lost addresses with none to move to.  A
 * set is answered once it has been seen for 1.5 s: the kernel takes 0.5 s
 * and a round trip to withdraw an address in a make-before-break move.
 */
#define ROAM_SLOW	1.0
#define ROAM_FAST	0.1
#define ROAM_FAST_FOR	30.0
#define ROAM_SETTLE	1.5
/*
 * 2.12: the client restarts once it has been stuck so long (IPv6: with
 * no path to the peer active meanwhile; Linux was seen to send from such
 * an address again within 5 s).
 */
#define ROAM_RESTART_AFTER	3.0
#define ROAM_RESTART_AFTER6	10.0
#define ROAM_RESTART_GIVEUP	60.0	/* while something stops it */

struct sctp_roam {
	double	 last;		/* monotime_double() of the last look */
	int	 fast;		/* look again at ROAM_FAST */
	char	*seen;		/* the lost addresses, as last seen */
	double	 since;		/* when that set was first seen */
	char	*answered;	/* the set last answered, if still lost */
	double	 answered_at;	/* when it was answered */
	char	*pending;	/* its addresses, until ROAM_SETTLE later */
	char	*refused;	/* those then still lost, while listed */
	int	 warned;	/* said that one is back, unusable */
	char	*hosted;	/* the listed addresses the host had */
	int	 looked;	/* hosted is from a previous look */
	double	 stuck_at;	/* since when refusals() found it stuck */
	int	 stuck4;	/* by an IPv4 address (else IPv6 only) */
	int	 restarted;	/* the association was restarted (2.12) */
	uint32_t restarts;	/* attempts to associate again, ever */
	int	 moved;	/* said that it cannot follow (after a restart) */
};

/* Whether this host takes ASCONF without authentication. */
static int
noauth_host(void)
{
	FILE *f;
	int c = '0';

	if ((f = fopen(ADDIP_NOAUTH, "r")) != NULL) {
		c = fgetc(f);
		fclose(f);
	}
	return c != '0' && c != EOF;
}

static int
assoc_value(int fd, int opt, const char *name)
{
	struct sctp_assoc_value av;

	memset(&av, 0, sizeof(av));
	av.assoc_id = 0;	/* the socket's future associations */
	av.assoc_value = 1;
	if (setsockopt(fd, IPPROTO_SCTP, opt, &av, sizeof(av)) == -1) {
		debug_f("fd %d: %s: %s", fd, name, strerror(errno));
		return -1;
	}
	return 0;
}

int
sctp_roam_socket(int fd, const struct sctp_options *o)
{
	if (o == NULL || !o->roaming)
		return 0;
	if (noauth_host()) {
		verbose("SCTPRoaming: not in effect: this host accepts "
		    "unauthenticated ASCONF (%s is set)", ADDIP_NOAUTH);
		return 0;
	}
	if (assoc_value(fd, SCTP_AUTH_SUPPORTED, "SCTP_AUTH_SUPPORTED") != 0 ||
	    assoc_value(fd, SCTP_ASCONF_SUPPORTED,
	    "SCTP_ASCONF_SUPPORTED") != 0) {
		verbose("SCTPRoaming: not in effect: %s", errno ==
		    ENOPROTOOPT ? "this kernel has no per-socket switch of "
		    "ADD-IP and SCTP-AUTH (Linux 5.4 and later have)" :
		    "the kernel offers no authenticated ADD-IP");
		return 0;
	}
	debug2_f("fd %d: ADD-IP and SCTP-AUTH offered", fd);
	return 1;
}

void
sctp_roam_auto(int fd)
{
	int on = 1;

	if (setsockopt(fd, IPPROTO_SCTP, SCTP_AUTO_ASCONF, &on,
	    sizeof(on)) == -1)
		debug_f("fd %d: SCTP_AUTO_ASCONF: %s", fd, strerror(errno));
	else
		debug2_f("fd %d: address changes announced to the peer", fd);
}

void
sctp_roam_accepted(int fd, const struct sctp_options *o)
{
	/*
	 * The kernel copies the association but not the listener's ADD-IP
	 * settings to the accepted socket, and it sends ASCONF only for a
	 * socket that offers ADD-IP.  SCTP_AUTO_ASCONF fails (debug) where
	 * the listener had specific addresses.
	 */
	if (sctp_roam_socket(fd, o))
		sctp_roam_auto(fd);
}

static void
check_peer(int fd, const struct sockaddr_storage *ss, int state, void *arg)
{
	struct ssh *ssh = arg;
	char host[NI_MAXHOST];

	/* An unconfirmed address is only a claim: nothing is sent there. */
	if (state == SCTP_UNCONFIRMED)
		return;
	if (sctp_sa_ntop((const struct sockaddr *)ss, host,
	    sizeof(host)) != 0)
		return;
	ssh->sctp_peer_check(ssh, host);
}

void
sctp_roam_check_peers(struct ssh *ssh, int fd)
{
	if (ssh == NULL || ssh->sctp_peer_check == NULL)
		return;
	(void)sctp_paths_each(fd, check_peer, ssh);
}

/*
 * Break-before-make with Linux at both ends: the kernel cannot delete an
 * association's last local address, so it defers the deletion to the next
 * ASCONF that adds one, sends nothing but ASCONF meanwhile (from any source
 * address), and names the address being deleted as the ASCONF's lookup
 * address.  A Linux peer adds the new address but refuses to delete the
 * one the ASCONF was looked up by (error cause 0x00A4), and the sender
 * resumes only after an ASCONF acknowledged without error: until then its
 * data, SACKs and HEARTBEAT ACKs stay queued.  A SET PRIMARY for the new
 * address is such an ASCONF (RFC 5061 4.2.4).
 */

/* Whether the list "a b " holds address a. */
static int
in_list(const char *list, const char *a)
{
	size_t n = strlen(a);
	const char *p;

	if (list == NULL || n == 0)
		return 0;
	for (p = list; (p = strstr(p, a)) != NULL; p += n) {
		if ((p == list || p[-1] == ' ') &&
		    (p[n] == ' ' || p[n] == '\0'))
			return 1;
	}
	return 0;
}

/*
 * Replaces *listp ("a b ") by its addresses that are in keep1 or keep2,
 * then appends those of add that it lacks (add NULL: none); add must be
 * within keep1 or keep2.
 */
static void
list_update(char **listp, const char *keep1, const char *keep2,
    const char *add)
{
	struct sshbuf *b;
	char *cp, *tok, *sp;
	int r, pass;

	if ((b = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new failed");
	for (pass = 0; pass < 2; pass++) {
		cp = xstrdup(pass == 0 ? (*listp == NULL ? "" : *listp) :
		    (add == NULL ? "" : add));
		for (tok = strtok_r(cp, " ", &sp); tok != NULL;
		    tok = strtok_r(NULL, " ", &sp)) {
			if (pass == 0 && !in_list(keep1, tok) &&
			    !in_list(keep2, tok))
				continue;
			if (pass == 1 && in_list(*listp, tok))
				continue;
			if ((r = sshbuf_putf(b, "%s ", tok)) != 0)
				fatal_fr(r, "sshbuf_putf");
		}
		free(cp);
	}
	free(*listp);
	*listp = NULL;
	if (sshbuf_len(b) > 0 && (*listp = sshbuf_dup_string(b)) == NULL)
		fatal_f("sshbuf_dup_string failed");
	sshbuf_free(b);
}

/*
 * ssh, stuck as refusals() says: PROTOCOL.sctp 2.12's restart, once it
 * has been so for ROAM_RESTART_AFTER.  1 while a restart is due or done,
 * 0 if none can be made.
 */
static int
try_restart(struct ssh *ssh, struct sctp_roam *rs, int fd, double now)
{
	const char *why;
	int r, lasting;

	if (ssh->kex == NULL || ssh->kex->server)
		return 0;
	if ((why = sctp_ms_resume_blocked(ssh->sctp_ms, &lasting)) != NULL &&
	    lasting) {
		debug("SCTP roaming: no restart: %s", why);
		return 0;
	}
	/* What stops it for now (a key exchange, say) may pass. */
	if (now >= rs->stuck_at + ROAM_RESTART_GIVEUP) {
		debug("SCTP roaming: no restart within %d s%s%s",
		    (int)ROAM_RESTART_GIVEUP, why != NULL ? ": " : "",
		    why != NULL ? why : "");
		return 0;
	}
	rs->fast = 1;
	if (now < rs->stuck_at + (rs->stuck4 ? ROAM_RESTART_AFTER :
	    ROAM_RESTART_AFTER6))
		return 1;
	if (why != NULL) {
		debug2("SCTP roaming: restart waits: %s", why);
		return 1;
	}
	if ((r = sctp_restart_client(ssh, fd, &rs->restarts)) == 0)
		rs->restarted = 1;
	else if (r < 0)
		rs->fast = 0;	/* it failed: again in a second */
	return 1;
}

/*
 * Addresses of an answered set that are still lost ROAM_SETTLE after the
 * answer had their deletion refused: Linux keeps them as addresses being
 * deleted, which in IPv4 it never sends from again, nor announces when
 * the host has them again (in IPv6 it was seen to resume from one within
 * seconds).  Should the host have no other address of the association,
 * it cannot send at all until SCTPUnreachableTimeout ends it: once the
 * lost addresses are answered, say so once, rather than leave a session
 * that hangs unexplained.  hosted: the association's addresses that the
 * host has ("a b ").
 */
static void
refusals(struct ssh *ssh, struct sctp_roam *rs, int fd, const char *hosted,
    double now)
{
	char *cp, *tok, *sp, *back = NULL, conn[NI_MAXHOST + 64] = "";
	int usable = 0, down6 = -1, v4 = 0;

	if (rs->pending != NULL && now >= rs->answered_at + ROAM_SETTLE) {
		list_update(&rs->pending, rs->seen, NULL, NULL);
		list_update(&rs->refused, rs->seen, hosted, rs->pending);
		free(rs->pending);
		rs->pending = NULL;
	} else
		list_update(&rs->refused, rs->seen, hosted, NULL);
	if (rs->refused == NULL || hosted == NULL ||
	    now < rs->answered_at + ROAM_SETTLE || (rs->seen != NULL &&
	    (rs->answered == NULL || strcmp(rs->seen, rs->answered) != 0))) {
		if (rs->refused == NULL)
			rs->warned = 0;
		rs->stuck_at = 0;
		return;
	}
	cp = xstrdup(hosted);
	for (tok = strtok_r(cp, " ", &sp); tok != NULL;
	    tok = strtok_r(NULL, " ", &sp)) {
		/*
		 * In IPv6 Linux was seen to send from such an address, and
		 * to send nothing: only then (no path up) is it unusable.
		 */
		if (!in_list(rs->refused, tok))
			usable = 1;
		else if (strchr(tok, ':') != NULL) {
			if (down6 == -1)
				down6 = sctp_paths_all_down(fd);
			if (!down6)
				usable = 1;
			else if (back == NULL)
				back = xstrdup(tok);
		} else {
			v4 = 1;
			if (back == NULL || strchr(back, ':') != NULL) {
				free(back);
				back = xstrdup(tok);
			}
		}
	}
	free(cp);
	if (usable || back == NULL) {
		rs->warned = 0;
		rs->stuck_at = 0;
	} else if (!rs->warned) {
		if (rs->stuck_at == 0)
			rs->stuck_at = now;
		rs->stuck4 = v4;
		if (try_restart(ssh, rs, fd, now)) {
			free(back);
			return;
		}
		rs->warned = 1;
		if (ssh->kex != NULL && ssh->kex->server)
			snprintf(conn, sizeof(conn), " (connection from %s "
			    "port %d)", ssh->remote_ipaddr != NULL ?
			    ssh->remote_ipaddr : "?", ssh->remote_port);
		logit("SCTP roaming: local address %s is back, but the kernel "
		    "will not send from it again (its deletion was refused); "
		    "the connection cannot follow and ends after "
		    "SCTPUnreachableTimeout%s", back, conn);
	}
	free(back);
}

/*
 * Sends one SSH2_MSG_IGNORE when the host has a listed address that it
 * lacked at the previous look (PROTOCOL.sctp 1.3): DATA that a peer all
 * of whose paths have failed can hear, from an end that may only be
 * receiving.  hosted: as for refusals().
 */
static void
tell_gained(struct ssh *ssh, struct sctp_roam *rs, const char *hosted)
{
	char *cp, *tok, *sp, *gained = NULL;
	int r;

	if (rs->looked && hosted != NULL) {
		cp = xstrdup(hosted);
		for (tok = strtok_r(cp, " ", &sp); tok != NULL &&
		    gained == NULL; tok = strtok_r(NULL, " ", &sp)) {
			if (!in_list(rs->hosted, tok))
				gained = xstrdup(tok);
		}
		free(cp);
	}
	rs->looked = 1;
	free(rs->hosted);
	rs->hosted = hosted == NULL ? NULL : xstrdup(hosted);
	if (gained == NULL)
		return;
	debug("SCTP roaming: the host has local address %s: telling the "
	    "peer", gained);
	free(gained);
	if ((r = sshpkt_msg_ignore(ssh, 0)) != 0 ||
	    (r = sshpkt_send(ssh)) != 0)
		fatal_fr(r, "send ignore");
}

static void
unstick(struct ssh *ssh, struct sctp_roam *rs, int fd, double now)
{
	struct sctp_setpeerprim spp;
	struct sockaddr *addrs;
	const struct sockaddr *sa, *here = NULL;
	struct ifaddrs *ifap;
	struct sshbuf *gone, *hosted;
	char host[NI_MAXHOST], *s = NULL, *h = NULL;
	size_t off;
	int i, n, r;

	rs->fast = 0;
	/* The association's addresses (any id names it on this socket). */
	if ((n = sctp_getladdrs(fd, 1, &addrs)) < 0)
		return;
	if (getifaddrs(&ifap) == -1) {
		sctp_freeladdrs(addrs);
		return;
	}
	if ((gone = sshbuf_new()) == NULL || (hosted = sshbuf_new()) == NULL)
		fatal_f("sshbuf_new failed");
	/* The last address the host has: the kernel appends new ones. */
	for (i = 0, off = 0, r = 0; r == 0 && i < n; i++) {
		sa = (const struct sockaddr *)((u_char *)addrs + off);
		off += sctp_sa_len(sa);
		if (sctp_addr_on_host(ifap, sa)) {
			here = sa;
			if (sctp_sa_ntop(sa, host, sizeof(host)) == 0)
				r = sshbuf_putf(hosted, "%s ", host);
		} else if (sctp_sa_ntop(sa, host, sizeof(host)) == 0)
			r = sshbuf_putf(gone, "%s ", host);
	}
	if (r != 0)
		fatal_fr(r, "sshbuf_putf");
	if ((sshbuf_len(gone) > 0 &&
	    (s = sshbuf_dup_string(gone)) == NULL) ||
	    (sshbuf_len(hosted) > 0 &&
	    (h = sshbuf_dup_string(hosted)) == NULL))
		fatal_f("sshbuf_dup_string failed");
	if (s == NULL || rs->seen == NULL || strcmp(s, rs->seen) != 0) {
		/* Nothing lost, or another set: start again. */
		free(rs->seen);
		rs->seen = s;
		rs->since = now;
		rs->moved = 0;
		if (s == NULL) {
			free(rs->answered);
			rs->answered = NULL;
		}
	} else
		free(s);
	tell_gained(ssh, rs, h);
	refusals(ssh, rs, fd, h, now);
	if (rs->restarted || rs->seen == NULL || (rs->answered != NULL &&
	    strcmp(rs->seen, rs->answered) == 0))
		goto out;
	if (rs->restarts > 0) {
		/* 1.3: after a restart the peer discards ASCONF. */
		if (here == NULL && now >= rs->since + ROAM_SETTLE &&
		    !rs->moved) {
			rs->moved = 1;
			logit("SCTP roaming: local address %sgone; after the "
			    "restart of the association the server takes no "
			    "new address: the connection resumes only if one "
			    "comes back, and otherwise ends after "
			    "SCTPUnreachableTimeout", rs->seen);
		}
		goto out;
	}
	if (here == NULL || now < rs->since + ROAM_SETTLE) {
		rs->fast = now < rs->since + ROAM_FAST_FOR;
		goto out;
	}
	/* Once per set, even if refused: the kernel would refuse it again. */
	free(rs->answered);
	rs->answered = xstrdup(rs->seen);
	rs->answered_at = now;
	free(rs->pending);
	rs->pending = xstrdup(rs->seen);
	memset(&spp, 0, sizeof(spp));
	spp.sspp_assoc_id = 1;
	memcpy(&spp.sspp_addr, here, sctp_sa_len(here));
	(void)sctp_sa_ntop(here, host, sizeof(host));
	if (setsockopt(fd, IPPROTO_SCTP, SCTP_SET_PEER_PRIMARY_ADDR, &spp,
	    sizeof(spp)) == -1)
		debug_f("SCTP_SET_PEER_PRIMARY_ADDR %s: %s", host,
		    strerror(errno));
	else if (ssh->kex != NULL && ssh->kex->server)
		logit("SCTP roaming: local address %sgone, asked the peer to "
		    "use %s (connection from %s port %d)", rs->seen, host,
		    ssh->remote_ipaddr != NULL ? ssh->remote_ipaddr : "?",
		    ssh->remote_port);
	else
		debug("SCTP roaming: local address %sgone, asked the peer to "
		    "use %s", rs->seen, host);
 out:
	free(h);
	sshbuf_free(hosted);
	sshbuf_free(gone);
	freeifaddrs(ifap);
	sctp_freeladdrs(addrs);
}

/* The association's ADD-IP, as negotiated (any id names it). */
static int
assoc_asconf(int fd)
{
	struct sctp_assoc_value av;
	socklen_t len = sizeof(av);

	memset(&av, 0, sizeof(av));
	av.assoc_id = 1;
	if (getsockopt(fd, IPPROTO_SCTP, SCTP_ASCONF_SUPPORTED, &av,
	    &len) == -1)
		return 0;
	return av.assoc_value != 0;
}

/* Seconds between looks at the addresses. */
static double
look_period(const struct sctp_roam *rs)
{
	return rs->fast ? ROAM_FAST : ROAM_SLOW;
}

void
sctp_roam_start(struct ssh *ssh, int fd)
{
	if (ssh == NULL || ssh->sctp_roam != NULL || !assoc_asconf(fd))
		return;
	ssh->sctp_roam = xcalloc(1, sizeof(*ssh->sctp_roam));
	ssh->sctp_roam->last = monotime_double();
	debug2_f("fd %d: watching the association's local addresses", fd);
}

void
sctp_roam_deadline(struct ssh *ssh, struct timespec *timeout)
{
	struct sctp_roam *rs;
	double left;

	if (ssh == NULL || (rs = ssh->sctp_roam) == NULL)
		return;
	left = rs->last + look_period(rs) - monotime_double();
	ptimeout_deadline_ms(timeout, left > 0 ? (long)(left * 1000) + 1 : 0);
}

void
sctp_roam_poll(struct ssh *ssh, int fd)
{
	struct sctp_roam *rs;
	double now;

	if (ssh == NULL || (rs = ssh->sctp_roam) == NULL)
		return;
	now = monotime_double();
	if (now < rs->last + look_period(rs))
		return;
	rs->last = now;
	unstick(ssh, rs, fd, now);
	if (rs->restarted) {
		/* 2.12: 1.3's following and these sets start afresh. */
		free(rs->seen);
		free(rs->answered);
		free(rs->pending);
		free(rs->refused);
		free(rs->hosted);
		rs->seen = rs->answered = rs->pending = rs->refused = NULL;
		rs->hosted = NULL;
		rs->fast = rs->warned = rs->looked = rs->restarted = 0;
		rs->stuck_at = 0;
		sctp_follow_free(ssh);
		sctp_follow_start(ssh, fd);
	}
}

void
sctp_roam_free(struct ssh *ssh)
{
	if (ssh == NULL || ssh->sctp_roam == NULL)
		return;
	free(ssh->sctp_roam->seen);
	free(ssh->sctp_roam->answered);
	free(ssh->sctp_roam->pending);
	free(ssh->sctp_roam->refused);
	free(ssh->sctp_roam->hosted);
	free(ssh->sctp_roam);
	ssh->sctp_roam = NULL;
}

#else /* WITH_SCTP */

int
sctp_roam_socket(int fd, const struct sctp_options *o)
{
	return 0;
}

void
sctp_roam_auto(int fd)
{
}

void
sctp_roam_accepted(int fd, const struct sctp_options *o)
{
}

void
sctp_roam_check_peers(struct ssh *ssh, int fd)
{
}

void
sctp_roam_start(struct ssh *ssh, int fd)
{
}

void
sctp_roam_deadline(struct ssh *ssh, struct timespec *timeout)
{
}

void
sctp_roam_poll(struct ssh *ssh, int fd)
{
}

void
sctp_roam_free(struct ssh *ssh)
{
}

#endif /* WITH_SCTP */
