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
 * Reading a UDP or DCCP channel's socket (sctp/fwd-base.c,
 * fwd_dgram_read): a readable socket gives up to FWD_DGRAM_BATCH
 * datagrams a call, each one string of the channel's input, and what
 * does not fit the channel's queue is dropped and counted while the
 * rest waits in the socket (PROTOCOL.sctp 3.4, 3.5).  A datagram socket
 * pair stands for the channel's connected socket.
 */

#include "includes.h"

#include <sys/types.h>
#include <sys/socket.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../test_helper/test_helper.h"

#include "xmalloc.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "packet.h"
#include "channels.h"
#include "sctp/sctp-fwd.h"
#include "sctp/sctp-fwd-options.h"
#include "sctp/fwd-int.h"

void test_fwd_read(void);

static const struct fwd_proto test_udp = {
	.name = "udp",
	.label = "UDP",
	.units = "datagrams",
	.icmp_drops = 1,
};

struct rig {
	struct ssh *ssh;
	Channel *c;
	struct fwd_chan f;
	int peer;		/* the source's end */
};

/* A channel open for input whose socket is one end of a pair. */
static void
rig_start(struct rig *r, u_int window)
{
	int sv[2];

	memset(r, 0, sizeof(*r));
	ASSERT_INT_EQ(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv), 0);
	r->peer = sv[1];
	r->ssh = xcalloc(1, sizeof(*r->ssh));
	channel_init_channels(r->ssh);
	r->c = channel_new(r->ssh, "test-udp", SSH_CHANNEL_OPEN, sv[0], sv[0],
	    -1, 64 * 1024, 32 * 1024, 0, "test", 1);
	ASSERT_PTR_NE(r->c, NULL);
	r->f.ops = &test_udp;
	r->f.role = FWD_CONN;
	r->c->sctp_fwd = &r->f;
	r->c->remote_window = window;
	r->c->remote_maxpacket = 32 * 1024;
}

static void
rig_send(struct rig *r, u_int n, size_t len)
{
	u_char buf[1200];
	u_int i;

	ASSERT_SIZE_T_LE(len, sizeof(buf));
	for (i = 0; i < n; i++) {
		memset(buf, 'a' + (i % 26), len);
		ASSERT_LONG_EQ((long)send(r->peer, buf, len, 0), (long)len);
	}
}

/*
 * The strings in the channel's input: their count, each of len bytes,
 * the first the first-th sent.
 */
static u_int
rig_strings(struct rig *r, size_t len, u_int first)
{
	const u_char *p;
	size_t l;
	u_int n = 0;

	while (sshbuf_len(r->c->input) != 0) {
		ASSERT_INT_EQ(sshbuf_get_string_direct(r->c->input, &p, &l), 0);
		ASSERT_SIZE_T_EQ(l, len);
		ASSERT_U_INT_EQ(p[0], (u_int)('a' + ((first + n) % 26)));
		n++;
	}
	return n;
}

static void
rig_end(struct rig *r)
{
	r->c->sctp_fwd = NULL;
	channel_free(r->ssh, r->c);
	close(r->peer);
}

void
test_fwd_read(void)
{
	struct rig r;
	u_char b;

	TEST_START("fwd read: a readable socket gives all waiting, one call");
	rig_start(&r, 1024 * 1024);
	rig_send(&r, 40, 1200);
	ASSERT_INT_EQ(fwd_dgram_read(r.ssh, r.c), 1);
	ASSERT_U_INT_EQ(rig_strings(&r, 1200, 0), 40);
	ASSERT_LONG_EQ(r.f.dropped, 0);
	ASSERT_LONG_EQ((long)recv(r.c->rfd, &b, 1, MSG_DONTWAIT), -1);
	rig_end(&r);
	TEST_DONE();

	TEST_START("fwd read: at most FWD_DGRAM_BATCH a call, the rest wait");
	rig_start(&r, 1024 * 1024);
	rig_send(&r, FWD_DGRAM_BATCH + 10, 100);
	ASSERT_INT_EQ(fwd_dgram_read(r.ssh, r.c), 1);
	ASSERT_U_INT_EQ(rig_strings(&r, 100, 0), FWD_DGRAM_BATCH);
	ASSERT_INT_EQ(fwd_dgram_read(r.ssh, r.c), 1);
	ASSERT_U_INT_EQ(rig_strings(&r, 100, FWD_DGRAM_BATCH), 10);
	ASSERT_LONG_EQ(r.f.dropped, 0);
	rig_end(&r);
	TEST_DONE();

	TEST_START("fwd read: beyond the window one dropped, the rest wait");
	/* three strings of 4 + 1200 bytes fit, a fourth does not */
	rig_start(&r, 3 * 1204 + 100);
	rig_send(&r, 10, 1200);
	ASSERT_INT_EQ(fwd_dgram_read(r.ssh, r.c), 1);
	ASSERT_U_INT_EQ(rig_strings(&r, 1200, 0), 3);
	ASSERT_LONG_EQ(r.f.dropped, 1);
	/* six still in the socket */
	r.c->remote_window = 1024 * 1024;
	ASSERT_INT_EQ(fwd_dgram_read(r.ssh, r.c), 1);
	ASSERT_U_INT_EQ(rig_strings(&r, 1200, 4), 6);
	rig_end(&r);
	TEST_DONE();

	TEST_START("fwd read: an empty datagram is data, not an end (UDP)");
	rig_start(&r, 1024 * 1024);
	ASSERT_LONG_EQ((long)send(r.peer, &b, 0, 0), 0);
	ASSERT_INT_EQ(fwd_dgram_read(r.ssh, r.c), 1);
	ASSERT_SIZE_T_EQ(sshbuf_len(r.c->input), 4);
	ASSERT_INT_EQ(r.c->istate, CHAN_INPUT_OPEN);
	sshbuf_reset(r.c->input);
	rig_end(&r);
	TEST_DONE();
}
