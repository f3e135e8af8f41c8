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
 * The keyword tables of openssh-sctp's options (sctp-options.c and
 * sctp-fwd-options.c): one lookup for both parsers.
 */

#ifndef SCTP_KEYWORD_H
#define SCTP_KEYWORD_H

#define SCTP_KW_CLIENT	0x01	/* ssh */
#define SCTP_KW_SERVER	0x02	/* sshd */
#define SCTP_KW_MATCH	0x04	/* sshd: also in Match blocks */

struct sctp_keyword {
	const char *name;	/* lower case, as the parsers see it */
	const char *display;	/* as documented */
	int code, where;
};

/* The entry of a table (ended by a NULL name) for ssh or sshd; or NULL. */
const struct sctp_keyword *sctp_keyword_lookup(const struct sctp_keyword *,
	    const char *keyword, int server);

/*
 * The entry and its first argument, for a parser: NULL, with an error
 * naming what kind of option it is, if unknown or without an argument.
 */
const struct sctp_keyword *sctp_keyword_arg(const struct sctp_keyword *,
	    const char *what, const char *keyword, int server, int *ac,
	    char ***av, const char *filename, int linenum, char **argp);

#endif /* SCTP_KEYWORD_H */
