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
 * Multi-stream mode: the allocator's settings (sctp-ms-mem.c) and when
 * the free memory goes back.
 */

#include "includes.h"

#include <sys/types.h>
#include "openbsd-compat/sys-queue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "../test_helper/test_helper.h"

#include "xmalloc.h"
#include "misc.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-ms-int.h"

void test_mem(void);

#ifdef WITH_SCTP
static void
test_mem_give_back(void)
{
	struct sctp_ms_conn *c = xcalloc(1, sizeof(*c));

	TEST_START("sctp_ms_mem: nothing counted before the tuning");
	sctp_ms_mem_moved(c, 4 * 1024 * 1024);
	ASSERT_SIZE_T_EQ(c->mem_moved, 0);
	ASSERT_DOUBLE_EQ(sctp_ms_mem_deadline(c), 0);
	TEST_DONE();

#ifdef __GLIBC__
	TEST_START("sctp_ms_mem_tune: a 1 MB block from the heap");
	{
		struct mallinfo2 before, after;
		void *p;

		sctp_ms_mem_tune(c);
		ASSERT_INT_EQ(c->mem_tuned, 1);
		before = mallinfo2();
		p = xmalloc(1024 * 1024);
		after = mallinfo2();
		/* hblkhd: the bytes in blocks of their own (mmap) */
		ASSERT_SIZE_T_EQ(after.hblkhd, before.hblkhd);
		free(p);
	}
	TEST_DONE();

	TEST_START("sctp_ms_mem: given back once 1 MB moved, then quiet");
	sctp_ms_mem_moved(c, 512 * 1024);
	ASSERT_DOUBLE_EQ(sctp_ms_mem_deadline(c), 0);
	sctp_ms_mem_look(c);
	ASSERT_SIZE_T_EQ(c->mem_moved, 512 * 1024);
	sctp_ms_mem_moved(c, 600 * 1024);
	ASSERT_DOUBLE_GT(sctp_ms_mem_deadline(c), monotime_double());
	sctp_ms_mem_look(c);		/* not quiet yet */
	ASSERT_SIZE_T_EQ(c->mem_moved, 1112 * 1024);
	c->mem_quiet_at = monotime_double() - 0.1;	/* 2 s passed */
	sctp_ms_mem_look(c);
	ASSERT_SIZE_T_EQ(c->mem_moved, 0);
	ASSERT_DOUBLE_EQ(sctp_ms_mem_deadline(c), 0);
	TEST_DONE();
#endif
	free(c);
}
#endif /* WITH_SCTP */

void
test_mem(void)
{
#ifdef WITH_SCTP
	test_mem_give_back();
#endif
}
