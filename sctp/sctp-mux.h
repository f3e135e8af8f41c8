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


#ifndef SCTP_MUX_H
#define SCTP_MUX_H

struct sshbuf;
struct sctp_options;
struct ssh_digest_ctx;

/* The master: its hello names its connection's transport. */
int	sctp_mux_hello_put(struct sshbuf *out, int connection_fd);

/* The client: 1 if a hello extension was ours (and is taken). */
int	sctp_mux_hello_ext(const char *name, const char *value);

/*
 * The client, after the hello: whether to use the master for the
 * command (SSHMUX_COMMAND_*).  When the configuration gave a Transport
 * (-z, -o, a config file) other than the master's: a session, stdio
 * forward or proxy gets 0, and ssh connects by itself (-v says why); a
 * forward is fatal, with the reason; the master's own commands (check,
 * exit, stop, cancel, info) get 1.  No Transport given: 1.
 */
int	sctp_mux_use_master(int command, const struct sctp_options *,
	    const char *path);

/* %C: the transport into the connection hash when it is SCTP. */
int	sctp_mux_hash_update(struct ssh_digest_ctx *, int transport);

#endif /* SCTP_MUX_H */
