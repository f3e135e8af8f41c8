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


/* The keyword lookup of both option parsers. */

#include "includes.h"

#include <sys/types.h>

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "log.h"
#include "misc.h"
#include "sctp/sctp-keyword.h"

const struct sctp_keyword *
sctp_keyword_lookup(const struct sctp_keyword *table, const char *keyword,
    int server)
{
	const struct sctp_keyword *kw;

	for (kw = table; kw->name != NULL; kw++) {
		if (strcasecmp(keyword, kw->name) == 0 &&
		    (kw->where & (server ? SCTP_KW_SERVER : SCTP_KW_CLIENT)))
			return kw;
	}
	return NULL;
}

const struct sctp_keyword *
sctp_keyword_arg(const struct sctp_keyword *table, const char *what,
    const char *keyword, int server, int *ac, char ***av,
    const char *filename, int linenum, char **argp)
{
	const struct sctp_keyword *kw;

	if ((kw = sctp_keyword_lookup(table, keyword, server)) == NULL) {
		error("%s line %d: unknown %s option \"%s\"",
		    filename, linenum, what, keyword);
		return NULL;
	}
	if ((*argp = argv_next(ac, av)) == NULL || **argp == '\0') {
		error("%s line %d: %s missing argument.",
		    filename, linenum, kw->display);
		return NULL;
	}
	return kw;
}
