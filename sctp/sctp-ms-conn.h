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
 * Multi-stream mode on a connection (PROTOCOL.sctp section 2): what the
 * packet layer (packet.c) and the key exchange (kex.c) call.  Every
 * function accepts a NULL connection (not SCTP, or a build without SCTP)
 * and then does nothing, so the hooks need no conditions of their own.
 */

#ifndef SCTP_MS_CONN_H
#define SCTP_MS_CONN_H

struct ssh;
struct sshbuf;
struct sctp_ms_conn;
struct sctp_options;
struct timespec;

/* A connection's state, if fd is an SCTP association; else NULL. */
struct sctp_ms_conn *sctp_ms_conn_new(int fd);
void	sctp_ms_conn_free(struct sctp_ms_conn *);

/*
 * The connection's configuration, ssh's or sshd's "options" (its member
 * "sctp"), kept by reference; in every build.  ssh and sshd call it once
 * the connection exists, before the key exchange.
 */
void	sctp_configure(struct ssh *, const struct sctp_options *);

/*
 * After authentication, once ssh or sshd enabled the association's events
 * (sctp_events_enable()): sendmsg/recvmsg with stream information (2.5).
 */
void	sctp_ms_full_io(struct sctp_ms_conn *);
void	sctp_ms_resume_enable(struct sctp_ms_conn *, int client);
int	sctp_ms_restart(struct sctp_ms_conn *, uint32_t number);
const char *sctp_ms_resume_blocked(struct sctp_ms_conn *, int *lasting);
int	sctp_ms_rekey_wait(struct sctp_ms_conn *);
int	sctp_ms_resuming(const struct sctp_ms_conn *);
u_int	sctp_ms_resumes(const struct sctp_ms_conn *);
size_t	sctp_ms_kept(const struct sctp_ms_conn *, size_t *);

/* Key exchange (2.1). */
const char *sctp_ms_kex_offer(struct sctp_ms_conn *, int server);
int	sctp_ms_kex_choose(struct sctp_ms_conn *, int server, int initial,
	    const char *peer_kexalgs, int strict, const char *enc_in,
	    const char *enc_out, int comp_in, int comp_out);
int	sctp_ms_newkeys(struct sctp_ms_conn *, int out,
	    const struct sshbuf *input);
int	sctp_ms_set_cipher(struct sctp_ms_conn *, int out, const char *cipher,
	    const u_char *key, u_int keylen, const u_char *iv, u_int ivlen);

int	sctp_ms_in_active(const struct sctp_ms_conn *);
int	sctp_ms_out_active(const struct sctp_ms_conn *);

/* Output (2.2, 2.5, 2.7). */
int	sctp_ms_send(struct sctp_ms_conn *, const u_char *payload, size_t len,
	    u_int *sealed_len);
int	sctp_ms_flush(struct sctp_ms_conn *, struct sshbuf *input);
int	sctp_ms_have_output(struct sctp_ms_conn *);
int	sctp_ms_waiting(const struct sctp_ms_conn *);
size_t	sctp_ms_queued(const struct sctp_ms_conn *);
u_int	sctp_ms_drains(const struct sctp_ms_conn *);
u_int	sctp_ms_holds(const struct sctp_ms_conn *);
u_long	sctp_ms_prev_drops(const struct sctp_ms_conn *);
void	sctp_ms_hold_channels(struct sctp_ms_conn *, int);
int	sctp_ms_check_drain(struct sctp_ms_conn *);
void	sctp_ms_deadline(const struct sctp_ms_conn *, struct timespec *);

/* Channel data: the stream's scheduling class and the size (2.10, 2.11). */
size_t	sctp_ms_channel_data(struct sctp_ms_conn *, u_int remote_id,
	    const char *ctype, int isatty, int nonbulk, size_t len);

/*
 * 2.11: whether the main loop polls channels although much is queued
 * (room: upstream's ssh_packet_not_very_much_data_to_write()), and
 * whether it polls this one then.
 */
int	sctp_ms_express_room(const struct sctp_ms_conn *);
int	sctp_ms_channel_poll(struct sctp_ms_conn *, int room,
	    u_int remote_id, const char *ctype, int isatty, int nonbulk);

/*
 * Forwarding channels (3.8): data unsequenced (UDP, DCCP), or spread over
 * streams by forwarded stream (SCTP: stream_of reads it from a
 * CHANNEL_DATA's data); forgotten when the channel is gone.
 */
int	sctp_ms_unseq_channel(struct sctp_ms_conn *, u_int local_id,
	    u_int remote_id);
/* 2.8: a UDP or DCCP channel is being confirmed; its data may come. */
void	sctp_ms_unseq_expect(struct sctp_ms_conn *);
typedef int (*sctp_ms_stream_fn)(const u_char *data, size_t len,
	    u_int *stream);
int	sctp_ms_map_channel(struct sctp_ms_conn *, u_int local_id,
	    u_int remote_id, sctp_ms_stream_fn stream_of);
/* 3.8: an SCTP channel, confirmed: its first end is drained and checked. */
int	sctp_ms_sctp_channel(struct sctp_ms_conn *, u_int local_id,
	    u_int remote_id);
void	sctp_ms_channel_gone(struct sctp_ms_conn *, u_int local_id);

/* Input (2.6). */
int	sctp_ms_read(struct sctp_ms_conn *, struct sshbuf *input,
	    size_t *rlen);
int	sctp_ms_recv(struct sctp_ms_conn *, struct sshbuf *input,
	    struct sshbuf *packet);

/* Privilege separation: the state moves with the packet state. */
int	sctp_ms_state_put(const struct sctp_ms_conn *, struct sshbuf *m);
int	sctp_ms_state_get(struct sctp_ms_conn *, struct sshbuf *m);

#endif /* SCTP_MS_CONN_H */
