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

/* Parsing, defaults and dumping of the SCTP configuration options. */

#include "includes.h"

#include <sys/types.h>

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "sctp/sctp-options.h"
#include "sctp/sctp-addrs.h"
#include "sctp/sctp-keyword.h"

enum {
	kTransport, kPeerAddresses, kStreams, kHeartbeat, kRTOInitial,
	kRTOMin, kRTOMax, kPathMaxRetrans, kPFThreshold, kListenMulti,
	kChannelStreams, kScheduler, kWeights, kDrainTimeout, kUnreachTimeout,
	kRoaming, kAuthKey, kUdpEncap
};

static const struct sctp_keyword keywords[] = {
	{ "transport", "Transport", kTransport, SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctppeeraddresses", "SCTPPeerAddresses", kPeerAddresses, SCTP_KW_CLIENT },
	{ "sctpstreams", "SCTPStreams", kStreams, SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctpheartbeatinterval", "SCTPHeartbeatInterval", kHeartbeat,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctprtoinitial", "SCTPRTOInitial", kRTOInitial, SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctprtomin", "SCTPRTOMin", kRTOMin, SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctprtomax", "SCTPRTOMax", kRTOMax, SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctppathmaxretransmissions", "SCTPPathMaxRetransmissions",
	    kPathMaxRetrans, SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctppotentiallyfailedthreshold", "SCTPPotentiallyFailedThreshold",
	    kPFThreshold, SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "listenmultipleaddresses", "ListenMultipleAddresses", kListenMulti,
	    SCTP_KW_SERVER },
	{ "sctpchannelstreams", "SCTPChannelStreams", kChannelStreams,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctpstreamscheduler", "SCTPStreamScheduler", kScheduler,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctpstreamweights", "SCTPStreamWeights", kWeights,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctpdraintimeout", "SCTPDrainTimeout", kDrainTimeout,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctpunreachabletimeout", "SCTPUnreachableTimeout", kUnreachTimeout,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctproaming", "SCTPRoaming", kRoaming,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctpauthkey", "SCTPAuthKey", kAuthKey,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ "sctpudpencapsulation", "SCTPUDPEncapsulation", kUdpEncap,
	    SCTP_KW_CLIENT|SCTP_KW_SERVER },
	{ NULL, NULL, 0, 0 }
};

int
sctp_options_keyword(const char *keyword, int server)
{
	int r;

	/* 2: sshd takes it in Match blocks too */
	if ((r = sctp_fwd_options_keyword(keyword, server)) != 0)
		return r;
	return sctp_keyword_lookup(keywords, keyword, server) != NULL;
}

const char *
sctp_transport_name(int t)
{
	switch (t) {
	case SCTP_TRANSPORT_TCP:
		return "tcp";
	case SCTP_TRANSPORT_SCTP:
		return "sctp";
	case SCTP_TRANSPORT_ALL:
		return "all";
	}
	return "UNKNOWN";
}

const char *
sctp_authkey_name(int a)
{
	switch (a) {
	case SCTP_AUTHKEY_NO:
		return "no";
	case SCTP_AUTHKEY_ALL:
		return "yes";
	case SCTP_AUTHKEY_CONTROL:
		return "control";
	}
	return "UNKNOWN";
}

static const char *sched_names[] = { "fcfs", "prio", "rr", "fc", "wfq" };

const char *
sctp_scheduler_name(int s)
{
	if (s < 0 || s >= (int)(sizeof(sched_names) / sizeof(*sched_names)))
		return "UNKNOWN";
	return sched_names[s];
}

void
sctp_options_init(struct sctp_options *o)
{
	memset(o, 0, sizeof(*o));
	o->transport = -1;
	o->streams = -1;
	o->hb_interval = -1;
	o->rto_initial = -1;
	o->rto_min = -1;
	o->rto_max = -1;
	o->path_max_retrans = -1;
	o->pf_threshold = -1;
	o->channel_streams = -1;
	o->scheduler = -1;
	o->weight_interactive = -1;
	o->weight_bulk = -1;
	o->drain_timeout = -1;
	o->unreach_timeout = -1;
	o->roaming = -1;
	o->auth_key = -1;
	o->udp_encap = -1;
	sctp_fwd_options_init(&o->fwd);
}

/* sshd's Match: the forwarding options a block set replace the others. */
void
sctp_options_copy_set(struct sctp_options *dst, const struct sctp_options *src)
{
	sctp_fwd_options_copy_set(&dst->fwd, &src->fwd);
}

void
sctp_options_fill(struct sctp_options *o)
{
	int set_initial, set_min, set_max;

	o->transport_given = o->transport != -1;
	if (o->transport == -1)
		o->transport = SCTP_TRANSPORT_TCP;
	if (o->streams == -1)
		o->streams = SCTP_DEFAULT_STREAMS;
	if (o->hb_interval == -1)
		o->hb_interval = SCTP_DEFAULT_HBINTERVAL;
	set_initial = o->rto_initial != -1;
	set_min = o->rto_min != -1;
	set_max = o->rto_max != -1;
	if (o->rto_initial == -1)
		o->rto_initial = SCTP_DEFAULT_RTO_INITIAL;
	if (o->rto_min == -1)
		o->rto_min = SCTP_DEFAULT_RTO_MIN;
	if (o->rto_max == -1)
		o->rto_max = SCTP_DEFAULT_RTO_MAX;
	if (o->path_max_retrans == -1)
		o->path_max_retrans = SCTP_DEFAULT_PATHMAXRXT;
	if (o->pf_threshold == -1)
		o->pf_threshold = SCTP_DEFAULT_PFTHRESHOLD;
	if (o->channel_streams == -1)
		o->channel_streams = 1;
	if (o->scheduler == -1)
		o->scheduler = SCTP_DEFAULT_SCHEDULER;
	if (o->weight_interactive == -1) {
		o->weight_interactive = SCTP_DEFAULT_WEIGHT_INTERACTIVE;
		o->weight_bulk = SCTP_DEFAULT_WEIGHT_BULK;
	}
	if (o->drain_timeout == -1)
		o->drain_timeout = SCTP_DEFAULT_DRAIN_TIMEOUT;
	if (o->unreach_timeout == -1)
		o->unreach_timeout = SCTP_DEFAULT_UNREACH_TIMEOUT;
	if (o->roaming == -1)
		o->roaming = 1;
	if (o->auth_key == -1)
		o->auth_key = SCTP_AUTHKEY_ALL;
	if (o->udp_encap == -1)
		o->udp_encap = 0;
	sctp_fwd_options_fill(&o->fwd);
	/*
	 * RTO bounds the configuration gave that contradict each other are
	 * an error; a default gives way to a bound that was given.
	 */
	if (set_min && set_max && o->rto_min > o->rto_max)
		fatal("SCTPRTOMin (%d ms) is above SCTPRTOMax (%d ms)",
		    o->rto_min, o->rto_max);
	if (set_initial && ((set_min && o->rto_initial < o->rto_min) ||
	    (set_max && o->rto_initial > o->rto_max)))
		fatal("SCTPRTOInitial (%d ms) is outside SCTPRTOMin to "
		    "SCTPRTOMax (%d to %d ms)", o->rto_initial, o->rto_min,
		    o->rto_max);
	if (o->rto_min > o->rto_max) {
		if (set_min)
			o->rto_max = o->rto_min;
		else
			o->rto_min = o->rto_max;
	}
	if (o->rto_initial < o->rto_min) {
		if (set_initial)
			o->rto_min = o->rto_initial;
		else
			o->rto_initial = o->rto_min;
	}
	if (o->rto_initial > o->rto_max) {
		if (set_initial)
			o->rto_max = o->rto_initial;
		else
			o->rto_initial = o->rto_max;
	}
}

void
sctp_options_free(struct sctp_options *o)
{
	u_int i;

	free(o->peer_addresses);
	for (i = 0; i < o->nlisten_multi; i++)
		free(o->listen_multi[i]);
	free(o->listen_multi);
	sctp_options_init(o);
}

/* A number in [lo, hi]; "none" or "off" gives 0 where zero is allowed. */
static int
parse_int(const char *arg, int lo, int hi, int *val, const char *filename,
    int linenum, const char *display)
{
	const char *errstr;
	long long v;

	if (lo == 0 && (strcasecmp(arg, "none") == 0 ||
	    strcasecmp(arg, "off") == 0)) {
		*val = 0;
		return 0;
	}
	v = strtonum(arg, lo, hi, &errstr);
	if (errstr != NULL) {
		error("%s line %d: %s value \"%s\" is %s (%d to %d).",
		    filename, linenum, display, arg, errstr, lo, hi);
		return -1;
	}
	*val = (int)v;
	return 0;
}

int
sctp_options_parse(struct sctp_options *o, const char *keyword, int *ac,
    char ***av, const char *filename, int linenum, int active, int server)
{
	int value = 0, *intptr = NULL, lo = 0, hi = INT_MAX;
	char *arg, *err = NULL;
	const char *display;
	const struct sctp_keyword *kw;
	struct sctp_addrlist *al;

	if (sctp_fwd_options_keyword(keyword, server))
		return sctp_fwd_options_parse(&o->fwd, keyword, ac, av,
		    filename, linenum, active, server);
	if ((kw = sctp_keyword_arg(keywords, "SCTP", keyword, server, ac, av,
	    filename, linenum, &arg)) == NULL)
		return -1;
	display = kw->display;
	switch (kw->code) {
	case kTransport:
		if (strcmp(arg, "tcp") == 0)
			value = SCTP_TRANSPORT_TCP;
		else if (strcmp(arg, "sctp") == 0)
			value = SCTP_TRANSPORT_SCTP;
		else if (server && strcmp(arg, "all") == 0)
			value = SCTP_TRANSPORT_ALL;
		else {
			error("%s line %d: unsupported Transport \"%s\" "
			    "(%s).", filename, linenum, arg,
			    server ? "tcp, sctp or all" : "tcp or sctp");
			return -1;
		}
#ifndef WITH_SCTP
		if (value != SCTP_TRANSPORT_TCP) {
			error("%s line %d: Transport %s: this build has no SCTP "
			    "support (configure --with-sctp).", filename,
			    linenum, arg);
			return -1;
		}
#endif
		if (active && o->transport == -1)
			o->transport = value;
		break;
	case kScheduler:
		for (value = 0; value <= SCTP_SCHED_WFQ; value++)
			if (strcmp(arg, sched_names[value]) == 0)
				break;
		if (value > SCTP_SCHED_WFQ) {
			error("%s line %d: %s: unsupported scheduler \"%s\" "
			    "(fcfs, prio, rr, fc or wfq).", filename, linenum,
			    display, arg);
			return -1;
		}
		if (active && o->scheduler == -1)
			o->scheduler = value;
		break;
	case kWeights:
		if (parse_int(arg, 1, 65535, &value, filename, linenum,
		    display) != 0)
			return -1;
		if ((arg = argv_next(ac, av)) == NULL || *arg == '\0') {
			error("%s line %d: %s needs two weights (interactive "
			    "and bulk).", filename, linenum, display);
			return -1;
		}
		{
			int bulk;

			if (parse_int(arg, 1, 65535, &bulk, filename, linenum,
			    display) != 0)
				return -1;
			if (active && o->weight_interactive == -1) {
				o->weight_interactive = value;
				o->weight_bulk = bulk;
			}
		}
		break;
	case kUnreachTimeout:
		/* A time as ClientAliveInterval's ("90s", "20m"), or none. */
		if (strcasecmp(arg, "none") == 0)
			value = 0;
		else if ((value = convtime(arg)) < 0 ||
		    value > SCTP_UNREACH_TIMEOUT_MAX) {
			error("%s line %d: %s: bad time \"%s\" (up to %dh, or "
			    "none).", filename, linenum, display, arg,
			    SCTP_UNREACH_TIMEOUT_MAX / 3600);
			return -1;
		}
		if (active && o->unreach_timeout == -1)
			o->unreach_timeout = value;
		break;
	case kAuthKey:
		if (strcmp(arg, "yes") == 0)
			value = SCTP_AUTHKEY_ALL;
		else if (strcmp(arg, "control") == 0)
			value = SCTP_AUTHKEY_CONTROL;
		else if (strcmp(arg, "no") == 0)
			value = SCTP_AUTHKEY_NO;
		else {
			error("%s line %d: %s: unsupported value \"%s\" "
			    "(yes, control or no).", filename, linenum,
			    display, arg);
			return -1;
		}
		if (active && o->auth_key == -1)
			o->auth_key = value;
		break;
	case kChannelStreams:
	case kRoaming:
		if (strcmp(arg, "yes") == 0)
			value = 1;
		else if (strcmp(arg, "no") == 0)
			value = 0;
		else {
			error("%s line %d: %s: unsupported value \"%s\" "
			    "(yes or no).", filename, linenum, display, arg);
			return -1;
		}
		if (kw->code == kRoaming) {
			if (active && o->roaming == -1)
				o->roaming = value;
		} else if (active && o->channel_streams == -1)
			o->channel_streams = value;
		break;
	case kUdpEncap:
		/* "no", or the peer's UDP port (RFC 6951's is 9899). */
		if (strcmp(arg, "no") == 0)
			value = 0;
		else if (parse_int(arg, 1, 65535, &value, filename, linenum,
		    display) != 0)
			return -1;
		if (active && o->udp_encap == -1)
			o->udp_encap = value;
		break;
	case kPeerAddresses:
		if ((al = sctp_addrlist_parse(arg, 0, &err)) == NULL) {
			error("%s line %d: %s: %s.", filename, linenum,
			    display, err);
			free(err);
			return -1;
		}
		sctp_addrlist_free(al);
		if (active && o->peer_addresses == NULL)
			o->peer_addresses = xstrdup(arg);
		break;
	case kListenMulti:
		if ((al = sctp_addrlist_parse(arg, 1, &err)) == NULL) {
			error("%s line %d: %s: %s.", filename, linenum,
			    display, err);
			free(err);
			return -1;
		}
		sctp_addrlist_free(al);
		/* Every line adds a socket, as ListenAddress does. */
		if (active) {
			o->listen_multi = xrecallocarray(o->listen_multi,
			    o->nlisten_multi, o->nlisten_multi + 1,
			    sizeof(*o->listen_multi));
			o->listen_multi[o->nlisten_multi++] = xstrdup(arg);
		}
		break;
	case kStreams:
		intptr = &o->streams;
		lo = 1;
		hi = 65535;
		break;
	case kHeartbeat:
		intptr = &o->hb_interval;
		hi = 3600 * 1000;
		break;
	case kRTOInitial:
		intptr = &o->rto_initial;
		lo = 1;
		hi = 600 * 1000;
		break;
	case kRTOMin:
		intptr = &o->rto_min;
		lo = 1;
		hi = 600 * 1000;
		break;
	case kRTOMax:
		intptr = &o->rto_max;
		lo = 1;
		hi = 600 * 1000;
		break;
	case kPathMaxRetrans:
		intptr = &o->path_max_retrans;
		lo = 1;
		hi = 65535;
		break;
	case kPFThreshold:
		intptr = &o->pf_threshold;
		hi = 65535;
		break;
	case kDrainTimeout:
		intptr = &o->drain_timeout;
		hi = 86400;
		break;
	}
	if (intptr != NULL) {
		if (parse_int(arg, lo, hi, &value, filename, linenum,
		    display) != 0)
			return -1;
		if (active && *intptr == -1)
			*intptr = value;
	}
	if ((arg = argv_next(ac, av)) != NULL) {
		error("%s line %d: %s: garbage at end of line \"%s\".",
		    filename, linenum, display, arg);
		return -1;
	}
	return 0;
}

struct sctp_addrlist *
sctp_listenaddress_list(struct sctp_options *o, const char *arg,
    const char *filename, int linenum, int *portp)
{
	struct sctp_addrlist *al;
	char *s, *last, *c, *err = NULL;

	*portp = 0;
	/* OpenSSH's "host:port" on the last entry becomes our ";port". */
	s = xstrdup(arg);
	last = strrchr(s, ',');
	last = last == NULL ? s : last + 1;
	if (*last == '[') {
		if ((c = strchr(last, ']')) != NULL && c[1] == ':')
			c[1] = ';';
	} else if ((c = strchr(last, ':')) != NULL &&
	    strchr(c + 1, ':') == NULL)
		*c = ';';
	if ((al = sctp_addrlist_parse(s, 1, &err)) == NULL) {
		error("%s line %d: ListenAddress %s: %s.", filename, linenum,
		    arg, err);
		free(err);
		free(s);
		return NULL;
	}
	if (al->port != NULL)
		*portp = a2port(al->port);
	o->listen_multi = xrecallocarray(o->listen_multi, o->nlisten_multi,
	    o->nlisten_multi + 1, sizeof(*o->listen_multi));
	o->listen_multi[o->nlisten_multi++] = s;
	return al;
}

void
sctp_options_dump(const struct sctp_options *o, int server, int allow_tcp)
{
	u_int i;

	printf("transport %s\n", sctp_transport_name(o->transport));
	if (!server && o->peer_addresses != NULL)
		printf("sctppeeraddresses %s\n", o->peer_addresses);
	for (i = 0; server && i < o->nlisten_multi; i++)
		printf("listenmultipleaddresses %s\n", o->listen_multi[i]);
	printf("sctpstreams %d\n", o->streams);
	printf("sctpheartbeatinterval %d\n", o->hb_interval);
	printf("sctprtoinitial %d\n", o->rto_initial);
	printf("sctprtomin %d\n", o->rto_min);
	printf("sctprtomax %d\n", o->rto_max);
	printf("sctppathmaxretransmissions %d\n", o->path_max_retrans);
	printf("sctppotentiallyfailedthreshold %d\n", o->pf_threshold);
	printf("sctpchannelstreams %s\n", o->channel_streams ? "yes" : "no");
	printf("sctpstreamscheduler %s\n", sctp_scheduler_name(o->scheduler));
	printf("sctpstreamweights %d %d\n", o->weight_interactive,
	    o->weight_bulk);
	printf("sctpdraintimeout %d\n", o->drain_timeout);
	if (o->unreach_timeout == 0)
		printf("sctpunreachabletimeout none\n");
	else
		printf("sctpunreachabletimeout %d\n", o->unreach_timeout);
	printf("sctproaming %s\n", o->roaming ? "yes" : "no");
	printf("sctpauthkey %s\n", sctp_authkey_name(o->auth_key));
	if (o->udp_encap > 0)
		printf("sctpudpencapsulation %d\n", o->udp_encap);
	else
		printf("sctpudpencapsulation no\n");
	sctp_fwd_options_dump(&o->fwd, server, allow_tcp);
}
