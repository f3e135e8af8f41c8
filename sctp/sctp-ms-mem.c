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
 * The allocator under channels on streams (glibc only).  sshbuf grows a
 * buffer through recallocarray(): a new block, the old one copied,
 * cleared and freed; a channel's buffer grows by up to 32 KB a read.
 * With glibc's defaults each such block past 128 KB was a new mmap(2),
 * every page of it faulted in and cleared by the kernel, and a freed
 * block at the top of the heap was given back at once, to be faulted in
 * again for the next packet: 5.4 page faults per KB of a bulk upload
 * here (1.8 over SSH over TCP; doc/benchmarks.md, "The allocator").  So
 * blocks up to MEM_MMAP_MAX come from the heap and the heap keeps up to
 * MEM_TRIM_KEEP free at its top while data moves; once the connection
 * has moved MEM_GIVE_BACK and then been quiet for MEM_QUIET, the free
 * memory goes back to the system (malloc_trim), as it did before.  So
 * does it at once when the copies kept for a resume (sctp-ms-keep.c)
 * free MEM_GIVE_BACK at a time: a connection that never falls quiet
 * (small packets without pause) would otherwise keep them.  Every
 * give-back of the multi-stream layer is here.
 */

#include "includes.h"

#ifdef WITH_SCTP

#include <sys/types.h>
#include <sys/socket.h>
#include "openbsd-compat/sys-queue.h"
#include <netinet/in.h>

#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "log.h"
#include "misc.h"
#include "sshbuf.h"
#include "ssherr.h"
#include "sctp/sctp-ms.h"
#include "sctp/sctp-ms-conn.h"
#include "sctp/sctp-ms-int.h"
#include "sctp/sctp-options.h"

#define MEM_MMAP_MAX	(4 * 1024 * 1024)
#define MEM_TRIM_KEEP	(16 * 1024 * 1024)
#define MEM_GIVE_BACK	(1024 * 1024)
#define MEM_QUIET	2.0

/* Channels on streams are in use: the allocator as above. */
void
sctp_ms_mem_tune(struct sctp_ms_conn *c)
{
#ifdef __GLIBC__
	if (c->mem_tuned)
		return;
	if (mallopt(M_MMAP_THRESHOLD, MEM_MMAP_MAX) != 1 ||
	    mallopt(M_TRIM_THRESHOLD, MEM_TRIM_KEEP) != 1) {
		debug_f("mallopt refused");
		return;
	}
	c->mem_tuned = 1;
	debug2_f("blocks up to %d bytes from the heap, up to %d kept free",
	    MEM_MMAP_MAX, MEM_TRIM_KEEP);
#endif
}

/* n bytes were written to or read from the association. */
void
sctp_ms_mem_moved(struct sctp_ms_conn *c, size_t n)
{
	if (!c->mem_tuned || n == 0)
		return;
	c->mem_moved += n;
	if (c->mem_moved >= MEM_GIVE_BACK)
		c->mem_quiet_at = monotime_double() + MEM_QUIET;
}

/* n bytes of kept copies were freed at once. */
void
sctp_ms_mem_freed(struct sctp_ms_conn *c, size_t n)
{
	if (n < MEM_GIVE_BACK)
		return;
	debug2_f("%zu bytes of copies freed: free memory given back", n);
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

/* When sctp_ms_mem_look() has work, 0 for never (sctp_ms_deadline()). */
double
sctp_ms_mem_deadline(const struct sctp_ms_conn *c)
{
	return c->mem_moved >= MEM_GIVE_BACK ? c->mem_quiet_at : 0;
}

/* Quiet for MEM_QUIET after MEM_GIVE_BACK moved: the free memory goes. */
void
sctp_ms_mem_look(struct sctp_ms_conn *c)
{
	if (c->mem_moved < MEM_GIVE_BACK ||
	    monotime_double() < c->mem_quiet_at)
		return;
	debug2_f("%zu bytes moved, then quiet: free memory given back",
	    c->mem_moved);
	c->mem_moved = 0;
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

#endif /* WITH_SCTP */
