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
 * ssh's forwarding specifications with a protocol and the forwarding
 * options (PROTOCOL.sctp 3.9): what is taken, what is left to upstream's
 * parser, and what is refused with a message.
 */

#include "includes.h"

#include <sys/types.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../test_helper/test_helper.h"

#include "openbsd-compat/sys-queue.h"
#include "xmalloc.h"
#include "log.h"
#include "misc.h"
#include "sshbuf.h"
#include "channels.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-options.h"

void test_fwd_spec(void);

static void
free_fwd(struct Forward *f)
{
	free(f->listen_host);
	free(f->connect_host);
	free(f->listen_path);
	free(f->connect_path);
	memset(f, 0, sizeof(*f));
}

/* Parse, check the fields, and print it back as ssh -G does. */
static void
good(const char *spec, int remote, int proto, const char *lhost, int lport,
    const char *chost, int cport, const char *back)
{
	struct Forward f;
	char *s;

	ASSERT_INT_EQ(sctp_fwd_parse_spec(&f, spec, 0, remote),
	    lhost == NULL ? 3 : 4);
	ASSERT_INT_EQ(f.proto, proto);
	if (lhost == NULL)
		ASSERT_PTR_EQ(f.listen_host, NULL);
	else
		ASSERT_STRING_EQ(f.listen_host, lhost);
	ASSERT_INT_EQ(f.listen_port, lport);
	ASSERT_STRING_EQ(f.connect_host, chost);
	ASSERT_INT_EQ(f.connect_port, cport);
	s = sctp_fwd_spec_string(&f);
	ASSERT_STRING_EQ(s, back);
	free(s);
	free_fwd(&f);
}

static void
bad(const char *spec, int dynamic, int remote)
{
	struct Forward f;

	ASSERT_INT_EQ(sctp_fwd_parse_spec(&f, spec, dynamic, remote), 0);
	ASSERT_PTR_EQ(f.listen_host, NULL);
	ASSERT_PTR_EQ(f.connect_host, NULL);
}

/* A cancel's spec ("[addrs:]port/proto", parsed as a dynamic forward). */
static void
cancel_spec(const char *spec, int remote, int proto, const char *lhost,
    int lport, const char *back)
{
	struct Forward f;
	char *s;

	ASSERT_INT_EQ(sctp_fwd_parse_spec(&f, spec, SCTP_FWD_PARSE_CANCEL,
	    remote), lhost == NULL ? 1 : 2);
	ASSERT_INT_EQ(f.proto, proto);
	if (lhost == NULL)
		ASSERT_PTR_EQ(f.listen_host, NULL);
	else
		ASSERT_STRING_EQ(f.listen_host, lhost);
	ASSERT_INT_EQ(f.listen_port, lport);
	ASSERT_PTR_EQ(f.connect_host, NULL);
	s = sctp_fwd_spec_string(&f);
	ASSERT_STRING_EQ(s, back);
	free(s);
	free_fwd(&f);
}

static void
upstreams(const char *spec)
{
	struct Forward f;

	memset(&f, 0, sizeof(f));
	ASSERT_INT_EQ(sctp_fwd_parse_spec(&f, spec, 0, 0), -1);
}

/* One option line through the parser; its return. */
static int
opt(struct sctp_fwd_options *o, const char *line, int server)
{
	char *s, **av = NULL, *kw;
	int ac = 0, r;

	s = xstrdup(line);
	if (argv_split(s, &ac, &av, 1) != 0 || ac < 1)
		abort();
	kw = av[0];
	{
		int ac2 = ac - 1;
		char **av2 = av + 1;

		r = sctp_fwd_options_parse(o, kw, &ac2, &av2, "test", 1, 1,
		    server);
	}
	argv_free(av, ac);
	free(s);
	return r;
}

void
test_fwd_spec(void)
{
	static struct sctp_fwd_options o;	/* stays the active one */

	log_init("test_sctp", SYSLOG_LEVEL_QUIET, SYSLOG_FACILITY_USER, 1);

	TEST_START("fwd spec: protocols, address lists, brackets (3.9)");
	good("5353/udp:10.0.0.53:53", 0, SCTP_FWD_UDP, NULL, 5353,
	    "10.0.0.53", 53, "5353/udp 10.0.0.53:53");
	good("10.0.0.1,10.1.0.1:3868/sctp:hss1,hss2:3868", 0, SCTP_FWD_SCTP,
	    "10.0.0.1,10.1.0.1", 3868, "hss1,hss2", 3868,
	    "10.0.0.1,10.1.0.1:3868/sctp hss1,hss2:3868");
	good("[2001:db8::1],[2001:db8:1::1]:2905/sctp:127.0.0.1:2905", 1,
	    SCTP_FWD_SCTP, "2001:db8::1,2001:db8:1::1", 2905, "127.0.0.1",
	    2905, "[2001:db8::1],[2001:db8:1::1]:2905/sctp 127.0.0.1:2905");
	good("9/SCTP:[::1],x:7", 0, SCTP_FWD_SCTP, NULL, 9, "::1,x", 7,
	    "9/sctp [::1],x:7");
	good(":6000/dccp:h:6001", 0, SCTP_FWD_DCCP, "", 6000, "h", 6001,
	    ":6000/dccp h:6001");
	good("80/tcp:h:8080", 0, SCTP_FWD_TCP, NULL, 80, "h", 8080,
	    "80/tcp h:8080");
	good("0/udp:h:53", 1, SCTP_FWD_UDP, NULL, 0, "h", 53, "0/udp h:53");
	TEST_DONE();

	TEST_START("fwd spec: upstream's forms are left to upstream");
	upstreams("8080:localhost:80");
	upstreams("/tmp/udp:h:5");
	upstreams("/tmp/sock:/tmp/other");
	upstreams("1080");
	upstreams("8080:h:80/udp");		/* only the listening port */
	upstreams("./5353/udpp:h:53");		/* a path, not a typo */
	upstreams("5353/x1:h:53");
	TEST_DONE();

	TEST_START("fwd spec: bad specifications refused");
	bad("0/udp:h:53", 0, 0);		/* port 0 only for -R */
	bad("53/udp:h:0", 0, 0);
	bad("70000/udp:h:53", 0, 0);
	bad("53/udp:a,b:53", 0, 0);		/* lists only for SCTP */
	bad("a,b:53/dccp:h:53", 0, 0);
	bad("9/sctp:a,b,c,d,e,f,g,h,i:5", 0, 0);	/* more than 8 */
	bad("9/sctp:a,,b:5", 0, 0);
	bad("9/sctp:[::1:5", 0, 0);
	bad("9/sctp:[[::1]]:5", 0, 0);
	bad("9/sctp::5", 0, 0);
	bad("9/sctp", 0, 0);
	bad("0/udp", 1, 0);			/* port 0 only for -R */
	bad("x,,y:5/sctp", 1, 0);
	bad("1/udp:2/udp", 1, 0);
	bad("a:b:9/udp:h:5", 0, 0);
	bad("9/sctp:a b:5", 0, 0);		/* found by fuzzing */
	bad("[\x0b\xcc],x:5/sctp:h:5", 0, 0);
	bad("5353/udpp:h:53", 0, 0);		/* no protocol: a typo */
	bad("h:5353/UDPP:h:53", 0, 1);
	bad("5353/udpp", SCTP_FWD_PARSE_CANCEL, 0);
	bad("1080/udp", 1, 0);			/* -D, DynamicForward */
	bad("h:1080/sctp", 1, 0);
	bad("1080/udp", 1, 1);			/* -R as a SOCKS proxy */
	bad("host:53/udp", 1, 0);		/* -W */
	TEST_DONE();

	TEST_START("fwd spec: cancels (~C -KL, -KR, -O cancel) with a protocol");
	cancel_spec("5353/udp", 0, SCTP_FWD_UDP, NULL, 5353, "5353/udp");
	cancel_spec("0/udp", 1, SCTP_FWD_UDP, NULL, 0, "0/udp");
	cancel_spec("10.0.0.1,[::1]:3868/sctp", 0, SCTP_FWD_SCTP,
	    "10.0.0.1,::1", 3868, "10.0.0.1,[::1]:3868/sctp");
	cancel_spec("h:9/dccp", 1, SCTP_FWD_DCCP, "h", 9, "h:9/dccp");
	TEST_DONE();

	TEST_START("fwd permit: PermitOpen entries with a protocol (3.9)");
	{
		char *l1[] = { "10.0.0.53:53/udp", "hss1:3868/sctp",
		    "*:5400/dccp", "[2001:db8::1]:*/sctp", "web:80" };
		char *any[] = { "any" }, *none[] = { "none" };
		char *ls[] = { "5353/udp", "localhost:2905/sctp" };

		ASSERT_INT_EQ(sctp_fwd_permit_proto("h:53/udp"), SCTP_FWD_UDP);
		ASSERT_INT_EQ(sctp_fwd_permit_proto("h:53"), SCTP_FWD_TCP);
		ASSERT_INT_EQ(sctp_fwd_permit_proto("h:53/tcp"), SCTP_FWD_TCP);
		ASSERT_INT_EQ(sctp_fwd_permit_proto("h:53/icmp"), -1);
		ASSERT_INT_EQ(sctp_fwd_permit_check("h:53/udp", 0), 0);
		ASSERT_INT_EQ(sctp_fwd_permit_check("[::1]:*/sctp", 0), 0);
		ASSERT_INT_EQ(sctp_fwd_permit_check("53/udp", 0), -1);
		ASSERT_INT_EQ(sctp_fwd_permit_check("53/udp", 1), 0);
		ASSERT_INT_EQ(sctp_fwd_permit_check("h:0/udp", 0), -1);
		ASSERT_INT_EQ(sctp_fwd_permit_check("h:x/udp", 0), -1);
		ASSERT_INT_EQ(sctp_fwd_permit_check(":53/udp", 0), -1);
		ASSERT_INT_EQ(sctp_fwd_permit_check("a b:53/udp", 0), -1);
		ASSERT_INT_EQ(sctp_fwd_permit_check("h:53", 0), -1); /* TCP */
		ASSERT_INT_EQ(sctp_fwd_permitted(l1, 5, 0, SCTP_FWD_UDP,
		    "10.0.0.53", 53), 1);
		ASSERT_INT_EQ(sctp_fwd_permitted(l1, 5, 0, SCTP_FWD_UDP,
		    "10.0.0.53", 54), 0);
		ASSERT_INT_EQ(sctp_fwd_permitted(l1, 5, 0, SCTP_FWD_SCTP,
		    "10.0.0.53", 53), 0);	/* the protocol counts */
		ASSERT_INT_EQ(sctp_fwd_permitted(l1, 5, 0, SCTP_FWD_SCTP,
		    "HSS1", 3868), 1);
		ASSERT_INT_EQ(sctp_fwd_permitted(l1, 5, 0, SCTP_FWD_DCCP,
		    "anyhost", 5400), 1);
		ASSERT_INT_EQ(sctp_fwd_permitted(l1, 5, 0, SCTP_FWD_SCTP,
		    "2001:db8::1", 9), 1);
		ASSERT_INT_EQ(sctp_fwd_permitted(l1, 5, 0, SCTP_FWD_UDP,
		    "web", 80), 0);		/* a TCP entry */
		ASSERT_INT_EQ(sctp_fwd_permitted(NULL, 0, 0, SCTP_FWD_UDP,
		    "x", 1), 1);
		ASSERT_INT_EQ(sctp_fwd_permitted(any, 1, 0, SCTP_FWD_UDP,
		    "x", 1), 1);
		ASSERT_INT_EQ(sctp_fwd_permitted(none, 1, 0, SCTP_FWD_UDP,
		    "x", 1), 0);
		ASSERT_INT_EQ(sctp_fwd_permitted(ls, 2, 1, SCTP_FWD_UDP,
		    "*", 5353), 1);
		ASSERT_INT_EQ(sctp_fwd_permitted(ls, 2, 1, SCTP_FWD_SCTP,
		    "localhost", 2905), 1);
		ASSERT_INT_EQ(sctp_fwd_permitted(ls, 2, 1, SCTP_FWD_SCTP,
		    "10.0.0.1", 2905), 0);
	}
	TEST_DONE();

	TEST_START("fwd options: values, defaults and pairs");
	sctp_fwd_options_init(&o);
	ASSERT_INT_EQ(opt(&o, "AllowUDPForwarding local", 1), 0);
	ASSERT_INT_EQ(opt(&o, "AllowUDPForwarding no", 1), 0); /* first wins */
	ASSERT_INT_EQ(opt(&o, "UDPForwardIdleTimeout 30", 0), 0);
	ASSERT_INT_EQ(opt(&o, "UDPForwardMaxChannels 5 7", 1), 0);
	sctp_fwd_options_fill(&o);
	ASSERT_INT_EQ(o.allow_udp, FORWARD_LOCAL);
	ASSERT_INT_EQ(o.allow_dccp, FORWARD_DENY);
	ASSERT_INT_EQ(o.allow_sctp, -1);
	ASSERT_INT_EQ(sctp_fwd_allowed(&o, SCTP_FWD_SCTP, FORWARD_REMOTE),
	    FORWARD_REMOTE);		/* as AllowTcpForwarding */
	ASSERT_INT_EQ(o.udp_idle, 30);
	ASSERT_INT_EQ(o.udp_unreplied, 10);
	ASSERT_INT_EQ(o.udp_max, 5);
	ASSERT_INT_EQ(o.udp_max_total, 7);
	ASSERT_INT_EQ(o.udp_rate, SCTP_FWD_DEFAULT_UDP_RATE);
	ASSERT_INT_EQ(o.max_message, SCTP_FWD_DEFAULT_MAX_MESSAGE);
	TEST_DONE();

	TEST_START("fwd options: PR-SCTP policies (3.3, 3.8)");
	sctp_fwd_options_init(&o);
	sctp_fwd_options_fill(&o);	/* defaults: rtx 0, and reliable */
	ASSERT_INT_EQ(o.udp_pr, SCTP_FWD_PR_RTX);
	ASSERT_INT_EQ(o.udp_pr_value, 0);
	ASSERT_INT_EQ(o.fwd_pr, SCTP_FWD_PR_NONE);
	sctp_fwd_options_init(&o);
	ASSERT_INT_EQ(opt(&o, "UDPForwardReliability ttl 100", 0), 0);
	ASSERT_INT_EQ(opt(&o, "UDPForwardReliability rtx 2", 0), 0);
	ASSERT_INT_EQ(opt(&o, "SCTPForwardPolicy rtx 3", 1), 0);
	sctp_fwd_options_fill(&o);
	ASSERT_INT_EQ(o.udp_pr, SCTP_FWD_PR_TTL);	/* first wins */
	ASSERT_INT_EQ(o.udp_pr_value, 100);
	ASSERT_INT_EQ(o.fwd_pr, SCTP_FWD_PR_RTX);
	ASSERT_INT_EQ(o.fwd_pr_value, 3);
	sctp_fwd_options_init(&o);
	ASSERT_INT_EQ(opt(&o, "SCTPForwardPolicy none", 0), 0);
	ASSERT_INT_EQ(opt(&o, "UDPForwardReliability none", 0), -1);
	ASSERT_INT_EQ(opt(&o, "UDPForwardReliability ttl 0", 0), -1);
	ASSERT_INT_EQ(opt(&o, "UDPForwardReliability ttl 60001", 0), -1);
	ASSERT_INT_EQ(opt(&o, "UDPForwardReliability rtx 16", 1), -1);
	ASSERT_INT_EQ(opt(&o, "UDPForwardReliability ttl", 1), -1);
	ASSERT_INT_EQ(opt(&o, "UDPForwardReliability ttl 5 6", 1), -1);
	ASSERT_INT_EQ(opt(&o, "SCTPForwardPolicy prio 3", 1), -1);
	ASSERT_INT_EQ(opt(&o, "SCTPForwardPolicy none 3", 1), -1);
	ASSERT_INT_EQ(sctp_fwd_options_keyword("sctpforwardpolicy", 1), 2);
	sctp_fwd_options_fill(&o);
	ASSERT_INT_EQ(o.fwd_pr, SCTP_FWD_PR_NONE);
	ASSERT_INT_EQ(o.udp_pr, SCTP_FWD_PR_RTX);
	TEST_DONE();

	TEST_START("fwd options: bad values refused");
	sctp_fwd_options_init(&o);
	ASSERT_INT_EQ(opt(&o, "AllowSCTPForwarding maybe", 1), -1);
	ASSERT_INT_EQ(opt(&o, "UDPForwardIdleTimeout 0", 0), -1);
	ASSERT_INT_EQ(opt(&o, "UDPForwardIdleTimeout 5 10", 0), -1);
	ASSERT_INT_EQ(opt(&o, "UDPForwardMaxChannels 8 4", 1), -1);
	ASSERT_INT_EQ(opt(&o, "UDPForwardOpenRate 10 20 30", 0), -1);
	ASSERT_INT_EQ(opt(&o, "SCTPForwardMaxMessage 100", 1), -1);
	ASSERT_INT_EQ(opt(&o, "DCCPServiceCode 42", 1), -1); /* ssh only */
	ASSERT_INT_EQ(opt(&o, "AllowUDPForwarding yes", 0), -1); /* sshd */
	ASSERT_INT_EQ(sctp_fwd_options_keyword("allowudpforwarding", 1), 2);
	ASSERT_INT_EQ(sctp_fwd_options_keyword("dccpservicecode", 0), 1);
	ASSERT_INT_EQ(sctp_fwd_options_keyword("allowtcpforwarding", 1), 0);
	TEST_DONE();
}
