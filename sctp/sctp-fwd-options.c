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


#include "includes.h"

#include <sys/types.h>

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "openbsd-compat/sys-queue.h"
#include "log.h"
#include "misc.h"
#include "channels.h"
#include "packet.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-options.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-keyword.h"

enum {
	kAllowSCTP, kAllowUDP, kAllowDCCP, kUDPIdle, kUDPMax, kUDPRate,
	kMaxMessage, kServiceCode, kUDPReliability, kSCTPPolicy
};

static const struct sctp_keyword keywords[] = {
	{ "allowsctpforwarding", "AllowSCTPForwarding", kAllowSCTP,
	    SCTP_KW_SERVER|SCTP_KW_MATCH },
	{ "allowudpforwarding", "AllowUDPForwarding", kAllowUDP,
	    SCTP_KW_SERVER|SCTP_KW_MATCH },
	{ "allowdccpforwarding", "AllowDCCPForwarding", kAllowDCCP,
	    SCTP_KW_SERVER|SCTP_KW_MATCH },
	{ "udpforwardidletimeout", "UDPForwardIdleTimeout", kUDPIdle,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER|SCTP_KW_MATCH },
	{ "udpforwardmaxchannels", "UDPForwardMaxChannels", kUDPMax,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER|SCTP_KW_MATCH },
	{ "udpforwardopenrate", "UDPForwardOpenRate", kUDPRate,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER|SCTP_KW_MATCH },
	{ "sctpforwardmaxmessage", "SCTPForwardMaxMessage", kMaxMessage,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER|SCTP_KW_MATCH },
	{ "dccpservicecode", "DCCPServiceCode", kServiceCode, SCTP_KW_CLIENT },
	{ "udpforwardreliability", "UDPForwardReliability", kUDPReliability,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER|SCTP_KW_MATCH },
	{ "sctpforwardpolicy", "SCTPForwardPolicy", kSCTPPolicy,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER|SCTP_KW_MATCH },
	{ NULL, NULL, 0, 0 }
};

int
sctp_fwd_options_keyword(const char *keyword, int server)
{
	const struct sctp_keyword *kw;

	if ((kw = sctp_keyword_lookup(keywords, keyword, server)) == NULL)
		return 0;
	return (server && (kw->where & SCTP_KW_MATCH)) ? 2 : 1;
}

void
sctp_fwd_options_init(struct sctp_fwd_options *o)
{
	o->allow_sctp = o->allow_udp = o->allow_dccp = -1;
	o->udp_idle = o->udp_unreplied = -1;
	o->udp_max = o->udp_max_total = -1;
	o->udp_rate = o->udp_burst = -1;
	o->max_message = -1;
	o->dccp_service = -1;
	o->udp_pr = o->udp_pr_value = -1;
	o->fwd_pr = o->fwd_pr_value = -1;
}

void
sctp_fwd_options_fill(struct sctp_fwd_options *o)
{
	/* allow_sctp stays -1: AllowTcpForwarding's value, at use. */
	if (o->allow_udp == -1)
		o->allow_udp = FORWARD_DENY;
	if (o->allow_dccp == -1)
		o->allow_dccp = FORWARD_DENY;
	if (o->udp_idle == -1)
		o->udp_idle = SCTP_FWD_DEFAULT_UDP_IDLE;
	if (o->udp_unreplied == -1)
		o->udp_unreplied = MINIMUM(o->udp_idle,
		    SCTP_FWD_DEFAULT_UDP_UNREPLIED);
	if (o->udp_max == -1)
		o->udp_max = SCTP_FWD_DEFAULT_UDP_MAX;
	if (o->udp_max_total == -1)
		o->udp_max_total = MAXIMUM(o->udp_max,
		    SCTP_FWD_DEFAULT_UDP_MAX_TOTAL);
	if (o->udp_rate == -1)
		o->udp_rate = SCTP_FWD_DEFAULT_UDP_RATE;
	if (o->udp_burst == -1)
		o->udp_burst = MAXIMUM(o->udp_rate, SCTP_FWD_DEFAULT_UDP_BURST);
	if (o->max_message == -1)
		o->max_message = SCTP_FWD_DEFAULT_MAX_MESSAGE;
	if (o->dccp_service == -1)
		o->dccp_service = 0;
	if (o->udp_pr == -1) {		/* 3.8: no retransmission */
		o->udp_pr = SCTP_FWD_PR_RTX;
		o->udp_pr_value = 0;
	}
	if (o->fwd_pr == -1) {		/* 3.3: reliable */
		o->fwd_pr = SCTP_FWD_PR_NONE;
		o->fwd_pr_value = 0;
	}
}

/*
 * The connection's forwarding options: its configuration's (set by
 * sctp_configure(), in place: sshd's Match changes them there), or the
 * defaults.
 */
const struct sctp_fwd_options *
sctp_fwd_options_of(struct ssh *ssh)
{
	static struct sctp_fwd_options defaults;
	static int filled;

	if (ssh != NULL && ssh->sctp_options != NULL)
		return &ssh->sctp_options->fwd;
	if (!filled) {
		sctp_fwd_options_init(&defaults);
		sctp_fwd_options_fill(&defaults);
		filled = 1;
	}
	return &defaults;
}

/* Match: what the block set (not -1) replaces what was there. */
void
sctp_fwd_options_copy_set(struct sctp_fwd_options *dst,
    const struct sctp_fwd_options *src)
{
#define CP(f)	do { if (src->f != -1) dst->f = src->f; } while (0)
	CP(allow_sctp);
	CP(allow_udp);
	CP(allow_dccp);
	CP(udp_idle);
	CP(udp_unreplied);
	CP(udp_max);
	CP(udp_max_total);
	CP(udp_rate);
	CP(udp_burst);
	CP(max_message);
	CP(dccp_service);
	CP(udp_pr);
	CP(udp_pr_value);
	CP(fwd_pr);
	CP(fwd_pr_value);
#undef CP
}

int
sctp_fwd_allowed(const struct sctp_fwd_options *o, int proto, int allow_tcp)
{
	switch (proto) {
	case SCTP_FWD_TCP:
		return allow_tcp;
	case SCTP_FWD_SCTP:
		return o->allow_sctp == -1 ? allow_tcp : o->allow_sctp;
	case SCTP_FWD_UDP:
		return o->allow_udp == -1 ? FORWARD_DENY : o->allow_udp;
	case SCTP_FWD_DCCP:
		return o->allow_dccp == -1 ? FORWARD_DENY : o->allow_dccp;
	}
	return FORWARD_DENY;
}

static int
parse_num(const char *arg, long long lo, long long hi, int *val,
    const char *filename, int linenum, const char *display)
{
	const char *errstr;
	long long v;

	v = strtonum(arg, lo, hi, &errstr);
	if (errstr != NULL) {
		error("%s line %d: %s value \"%s\" is %s (%lld to %lld).",
		    filename, linenum, display, arg, errstr, lo, hi);
		return -1;
	}
	*val = (int)v;
	return 0;
}

/* "yes", "all", "no", "local", "remote", as AllowTcpForwarding. */
static int
parse_allow(const char *arg, int *val)
{
	if (strcmp(arg, "yes") == 0 || strcmp(arg, "all") == 0)
		*val = FORWARD_ALLOW;
	else if (strcmp(arg, "no") == 0)
		*val = FORWARD_DENY;
	else if (strcmp(arg, "local") == 0)
		*val = FORWARD_LOCAL;
	else if (strcmp(arg, "remote") == 0)
		*val = FORWARD_REMOTE;
	else
		return -1;
	return 0;
}

/*
 * UDPForwardReliability "rtx N" or "ttl MS"; SCTPForwardPolicy those or
 * "none" (PROTOCOL.sctp 3.3, 3.8).  A lifetime of 1 ms to 60 s, at most 15
 * retransmissions; UDP's data always goes partially reliable.
 */
static int
parse_pr(struct sctp_fwd_options *o, int udp, const char *arg, int *ac,
    char ***av, const char *filename, int linenum, int active_line,
    const char *display)
{
	int pr, v = 0;
	char *val = NULL, *extra;

	if (strcmp(arg, "none") == 0 && !udp)
		pr = SCTP_FWD_PR_NONE;
	else if (strcmp(arg, "ttl") == 0)
		pr = SCTP_FWD_PR_TTL;
	else if (strcmp(arg, "rtx") == 0)
		pr = SCTP_FWD_PR_RTX;
	else {
		error("%s line %d: %s: unsupported value \"%s\" (%s).",
		    filename, linenum, display, arg, udp ? "rtx N or ttl MS" :
		    "none, rtx N or ttl MS");
		return -1;
	}
	if (pr != SCTP_FWD_PR_NONE) {
		if ((val = argv_next(ac, av)) == NULL || *val == '\0') {
			error("%s line %d: %s %s: missing value.", filename,
			    linenum, display, arg);
			return -1;
		}
		if (parse_num(val, pr == SCTP_FWD_PR_TTL ? 1 : 0,
		    pr == SCTP_FWD_PR_TTL ? 60000 : 15, &v, filename, linenum,
		    display) != 0)
			return -1;
	}
	if ((extra = argv_next(ac, av)) != NULL) {
		error("%s line %d: %s: garbage at end of line \"%s\".",
		    filename, linenum, display, extra);
		return -1;
	}
	if (udp && active_line && o->udp_pr == -1) {
		o->udp_pr = pr;
		o->udp_pr_value = v;
	} else if (!udp && active_line && o->fwd_pr == -1) {
		o->fwd_pr = pr;
		o->fwd_pr_value = v;
	}
	return 0;
}

static const char *
pr_name(int pr)
{
	return pr == SCTP_FWD_PR_TTL ? "ttl" : pr == SCTP_FWD_PR_RTX ? "rtx" :
	    "none";
}

int
sctp_fwd_options_parse(struct sctp_fwd_options *o, const char *keyword,
    int *ac, char ***av, const char *filename, int linenum, int active_line,
    int server)
{
	const struct sctp_keyword *kw;
	int v1 = 0, v2 = -1, *p1 = NULL, *p2 = NULL;
	long long lo = 0, hi = INT_MAX, lo2 = 0, hi2 = INT_MAX;
	char *arg, *arg2 = NULL;
	const char *display;

	if ((kw = sctp_keyword_arg(keywords, "forwarding", keyword, server,
	    ac, av, filename, linenum, &arg)) == NULL)
		return -1;
	display = kw->display;
	if (kw->code == kUDPReliability ||
	    kw->code == kSCTPPolicy)
		return parse_pr(o, kw->code == kUDPReliability, arg,
		    ac, av, filename, linenum, active_line, display);
	switch (kw->code) {
	case kAllowSCTP:
	case kAllowUDP:
	case kAllowDCCP:
		if (parse_allow(arg, &v1) != 0) {
			error("%s line %d: %s: unsupported value \"%s\" "
			    "(yes, no, local, remote or all).", filename,
			    linenum, display, arg);
			return -1;
		}
		p1 = kw->code == kAllowSCTP ? &o->allow_sctp :
		    kw->code == kAllowUDP ? &o->allow_udp :
		    &o->allow_dccp;
		break;
	case kUDPIdle:		/* seconds [unreplied seconds] */
		p1 = &o->udp_idle;
		p2 = &o->udp_unreplied;
		lo = lo2 = 1;
		hi = hi2 = 86400;
		break;
	case kUDPMax:		/* per forward [per connection] */
		p1 = &o->udp_max;
		p2 = &o->udp_max_total;
		lo = lo2 = 1;
		hi = hi2 = 4096;
		break;
	case kUDPRate:		/* opens a second [burst] */
		p1 = &o->udp_rate;
		p2 = &o->udp_burst;
		lo = lo2 = 1;
		hi = hi2 = 10000;
		break;
	case kMaxMessage:
		p1 = &o->max_message;
		lo = 1024;
		hi = 16 * 1024 * 1024;
		break;
	case kServiceCode:
		p1 = &o->dccp_service;
		hi = INT_MAX;
		break;
	}
	if (kw->code != kAllowSCTP && kw->code != kAllowUDP &&
	    kw->code != kAllowDCCP &&
	    parse_num(arg, lo, hi, &v1, filename, linenum, display) != 0)
		return -1;
	if (p2 != NULL && (arg2 = argv_next(ac, av)) != NULL) {
		if (parse_num(arg2, lo2, hi2, &v2, filename, linenum,
		    display) != 0)
			return -1;
	}
	if ((arg = argv_next(ac, av)) != NULL) {
		error("%s line %d: %s: garbage at end of line \"%s\".",
		    filename, linenum, display, arg);
		return -1;
	}
	if (p2 == &o->udp_unreplied && v2 > v1) {
		error("%s line %d: %s: the unreplied timeout %d is longer "
		    "than the idle timeout %d.", filename, linenum, display,
		    v2, v1);
		return -1;
	}
	if (p2 != NULL && p2 != &o->udp_unreplied && v2 != -1 && v2 < v1) {
		error("%s line %d: %s: the second value %d is below the "
		    "first %d.", filename, linenum, display, v2, v1);
		return -1;
	}
	if (active_line && *p1 == -1) {
		*p1 = v1;
		if (p2 != NULL) {
			if (v2 == -1)	/* one value: keep the other in line */
				v2 = p2 == &o->udp_unreplied ?
				    MINIMUM(v1, SCTP_FWD_DEFAULT_UDP_UNREPLIED) :
				    p2 == &o->udp_max_total ?
				    MAXIMUM(v1, SCTP_FWD_DEFAULT_UDP_MAX_TOTAL) :
				    MAXIMUM(v1, 2 * v1);
			*p2 = v2;
		}
	}
	return 0;
}

static const char *
allow_name(int v)
{
	switch (v) {
	case FORWARD_ALLOW:
		return "yes";
	case FORWARD_LOCAL:
		return "local";
	case FORWARD_REMOTE:
		return "remote";
	case FORWARD_DENY:
		return "no";
	}
	return "tcp";	/* -1: as AllowTcpForwarding */
}

void
sctp_fwd_options_dump(const struct sctp_fwd_options *o, int server,
    int allow_tcp)
{
	if (server) {
		printf("allowsctpforwarding %s\n", allow_name(
		    o->allow_sctp == -1 ? allow_tcp : o->allow_sctp));
		printf("allowudpforwarding %s\n", allow_name(o->allow_udp));
		printf("allowdccpforwarding %s\n", allow_name(o->allow_dccp));
	}
	printf("udpforwardidletimeout %d %d\n", o->udp_idle, o->udp_unreplied);
	printf("udpforwardmaxchannels %d %d\n", o->udp_max, o->udp_max_total);
	printf("udpforwardopenrate %d %d\n", o->udp_rate, o->udp_burst);
	printf("sctpforwardmaxmessage %d\n", o->max_message);
	if (!server)
		printf("dccpservicecode %d\n", o->dccp_service);
	printf("udpforwardreliability %s %d\n", pr_name(o->udp_pr),
	    o->udp_pr_value);
	if (o->fwd_pr == SCTP_FWD_PR_NONE)
		printf("sctpforwardpolicy none\n");
	else
		printf("sctpforwardpolicy %s %d\n", pr_name(o->fwd_pr),
		    o->fwd_pr_value);
}
