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
 * Multi-stream mode ("channels on streams"), PROTOCOL.sctp section 2:
 * the packet codec (sctp-ms-codec.c: 2.2, 2.3) and the sequence numbers
 * and receive rules (sctp-ms-order.c: 2.4, 2.6, 2.8).  Neither touches a
 * socket; the packet layer hands them messages and the stream and
 * unordered flag the kernel reported.
 */

#ifndef SCTP_MS_H
#define SCTP_MS_H

struct sshbuf;

#define SCTP_MS_COUNTER_LEN	8
#define SCTP_MS_SEQ_LEN		12
#define SCTP_MS_TAG_LEN		16
#define SCTP_MS_BLOCK		16
#define SCTP_MS_MIN_PAD		4
/* counter + one block of plaintext + tag */
#define SCTP_MS_MIN_MSG		(SCTP_MS_COUNTER_LEN + 2 * SCTP_MS_BLOCK + \
				    SCTP_MS_TAG_LEN)
#define SCTP_MS_MAX_MSG		(256 * 1024)
/* counter, numbers, padding length, worst padding, tag */
#define SCTP_MS_OVERHEAD	(SCTP_MS_COUNTER_LEN + SCTP_MS_SEQ_LEN + 1 + \
				    SCTP_MS_MIN_PAD + SCTP_MS_BLOCK - 1 + \
				    SCTP_MS_TAG_LEN)

/* 2.10: parts of messages held at once; the cut's time, its idle time */
#define SCTP_MS_MAX_PARTS	(16 * 1024 * 1024)
/* 2.6: messages held behind a held level-1 packet */
#define SCTP_MS_MAX_HELD	(1024 * 1024)
/* 2.8: how long a receiver keeps the previous key, in seconds */
#define SCTP_MS_PREV_KEY_SECS	120
#define SCTP_MS_CUT_MS		10
#define SCTP_MS_INTERACTIVE_SECS 5
/* 2.11: messages of interactive streams queued past a full queue */
#define SCTP_MS_EXPRESS_MAX	16384
/* 2.11: an interactive stream's budget: bytes, and bytes a second */
#define SCTP_MS_BUDGET		65536
#define SCTP_MS_BUDGET_RATE	16384

/* Bit 63 of the counter: unsequenced packet (2.8). */
#define SCTP_MS_UNSEQ		(1ULL << 63)

/* AAD flags (2.2). */
#define SCTP_MS_F_UNORDERED	0x01
#define SCTP_MS_F_RESTART	0x80	/* input: the association restarted */
#define SCTP_MS_F_PARTS		0x40	/*   while parts of a message were held */

/* Unsequenced replay window, in counters (2.8). */
#define SCTP_MS_WINDOW		1024

/* Sequenced counters tracked from the lowest one not accepted (2.6). */
#define SCTP_MS_SWINDOW		65536

struct sctp_ms_hdr {
	uint64_t	counter;
	uint32_t	seq1, seq2, seq3;
	uint16_t	stream;
	uint8_t		flags;		/* SCTP_MS_F_* */
};

/* Codec (2.2, 2.3). */
struct sctp_ms_cipher;

int	sctp_ms_cipher_allowed(const char *name);
const char *sctp_ms_cipher_missing(void);
int	sctp_ms_cipher_init(struct sctp_ms_cipher **cp, const char *name,
	    const u_char *key, u_int keylen, const u_char *iv, u_int ivlen,
	    int do_encrypt);
void	sctp_ms_cipher_free(struct sctp_ms_cipher *c);
size_t	sctp_ms_sealed_len(size_t payload_len);
int	sctp_ms_seal(struct sctp_ms_cipher *c, const struct sctp_ms_hdr *h,
	    const u_char *payload, size_t len, struct sshbuf *out);
int	sctp_ms_open(struct sctp_ms_cipher *c, const u_char *msg, size_t len,
	    uint16_t stream, int unordered, struct sctp_ms_hdr *h,
	    struct sshbuf *payload);
int	sctp_ms_parse_plain(const u_char *pt, size_t len,
	    struct sctp_ms_hdr *h, struct sshbuf *payload);

/* Sequence numbers and receive rules (2.4, 2.6, 2.8). */
struct sctp_ms_send {
	u_int		 nstreams;	/* outbound streams, >= 2 */
	uint32_t	 epoch;		/* E */
	uint32_t	 c0;		/* C0 */
	uint32_t	*c;		/* C[s], s in 1..nstreams-1 */
	uint64_t	 seq_ctr;	/* next sequenced counter */
	uint64_t	 unseq_ctr;	/* next unsequenced counter */
	u_char		 first_l1;	/* type of this key's first level-1
					   message, 0 none (2.12 (b)) */
	uint64_t	 first_l1_ctr;	/* its counter (K1 of 2.12) */
	int		 l1_other;	/* a level-1 message sealed other
					   than KEXINIT and 30 to 49 */
	uint32_t	 b0;		/* C0 and C[s] of epoch 0, as they */
	uint32_t	*b;		/* were at first_l1 (2.12) */
};

struct sctp_ms_recv {
	u_int		 nstreams;	/* inbound streams, >= 2 */
	int		 allow_unseq;	/* a channel may send unsequenced */
	uint32_t	 epoch;		/* E */
	uint32_t	 x0;		/* X0 */
	uint32_t	*x;		/* X[s] */
	uint64_t	 r;		/* sequenced packets accepted (R) */
	uint64_t	 h;		/* highest sequenced counter + 1 (H) */
	uint64_t	 low;		/* lowest sequenced one not accepted (L) */
	uint64_t	*swin;		/* which of the next SCTP_MS_SWINDOW were */
	uint64_t	 utop;		/* highest unsequenced counter + 1 */
	uint64_t	 uwin[SCTP_MS_WINDOW / 64];
	uint64_t	 udropped;	/* unsequenced replays/late dropped */
	uint64_t	 uold;		/* of them, from an older epoch */
	int		 holding;	/* a level-1 packet is held (2.6) */
	int		 l1_other;	/* a level-1 message taken other
					   than KEXINIT and 30 to 49 */
	uint64_t	 hold;		/* its counter (K) */
	const char	*why;		/* reason of the last error */
};

/* Verdicts of sctp_ms_recv_check besides errors. */
#define SCTP_MS_ACCEPT	0
#define SCTP_MS_DROP	1
#define SCTP_MS_HOLD	2	/* a level-1 packet waits for R (2.6) */

int	sctp_ms_type_level1(u_char type);
int	sctp_ms_type_channel(u_char type);

int	sctp_ms_send_init(struct sctp_ms_send *s, u_int nstreams);
void	sctp_ms_send_newkey(struct sctp_ms_send *s);
const uint32_t *sctp_ms_send_counts0(const struct sctp_ms_send *s,
	    uint32_t *c0);
void	sctp_ms_send_free(struct sctp_ms_send *s);
int	sctp_ms_send_number(struct sctp_ms_send *s, u_char type,
	    uint16_t stream, int unseq, struct sctp_ms_hdr *h);
int	sctp_ms_send_resume_number(struct sctp_ms_send *s,
	    struct sctp_ms_hdr *h);

int	sctp_ms_recv_init(struct sctp_ms_recv *r, u_int nstreams);
void	sctp_ms_recv_newkey(struct sctp_ms_recv *r);
void	sctp_ms_recv_free(struct sctp_ms_recv *r);
int	sctp_ms_recv_check(struct sctp_ms_recv *r,
	    const struct sctp_ms_hdr *h, u_char type, int *verdict);
int	sctp_ms_recv_complete(const struct sctp_ms_recv *r, uint64_t counter);
int	sctp_ms_recv_released(const struct sctp_ms_recv *r);
int	sctp_ms_recv_resume_check(struct sctp_ms_recv *r,
	    const struct sctp_ms_hdr *h);

#endif /* SCTP_MS_H */
