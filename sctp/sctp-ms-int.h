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
 * Internals of the multi-stream layer (PROTOCOL.sctp section 2), shared by
 * its files: sctp-ms-conn.c (a connection's life), sctp-ms-kex.c
 * (negotiation, 2.1), sctp-ms-send.c (the send queue and the scheduling,
 * 2.5, 2.10, 2.11), sctp-ms-drain.c (the drains of 2.7), sctp-ms-recv.c
 * (reading messages and the receive rules, 2.6), sctp-ms-chan.c (the
 * forwarding channels of 3.8), sctp-ms-state.c (privilege separation),
 * sctp-ms-resume.c (the resume message, 2.12) and sctp-ms-keep.c (the
 * copies kept for a resume).
 * Each file calls only files listed after it here, never back.
 */

#ifndef SCTP_MS_INT_H
#define SCTP_MS_INT_H

struct ms_msg {
	TAILQ_ENTRY(ms_msg)	 next;
	uint16_t		 stream;
	int			 level1;
	int			 unseq;		/* 2.8: unordered, PR-SCTP */
	int			 drain;		/* 3.8: EOF, CLOSE, request;
						   2: 1.4's retire */
	int			 express;	/* on an interactive stream */
	int			 disconnect;	/* SSH2_MSG_DISCONNECT (2.7) */
	int			 kexinit;	/* SSH2_MSG_KEXINIT (2.7) */
	int			 newkeys;	/* SSH2_MSG_NEWKEYS (2.12) */
	int			 retire;	/* sctp-auth-retire (1.4 (b)) */
	uint32_t		 seq;		/* seq2 on stream 0, else seq3 */
	int			 later;		/* 2.12: of an epoch above 0 */
	int			 resume;	/* 2.12: 1 our resume, 2 a copy
						   sent again; both go first */
	struct sshbuf		*b;
};

/* 2.12: a restart and the resume */
#define SCTP_MS_RESUME_SECS	60	/* the wait for the peer's resume */
#define SCTP_MS_RESTARTS	7	/* at most these ... */
#define SCTP_MS_RESTART_SECS	60	/* ... within this many seconds */
/* 2.12: what a restart must not change, read from the association */
struct ms_caps {
	u_int			 in, out;	/* streams */
	int			 idata, pr, asconf;
	u_char			 peer_auth[32];	/* chunk types, as bits */
	u_char			 local_auth[32];
};

struct ms_restart {
	int			 enabled;	/* the caller allows resuming */
	struct ms_caps		 caps;		/* when enabled */
	int			 awaiting;	/* the peer's resume */
	int			 client;
	int			 pending;	/* the event read, not yet taken:
						   nothing goes, no DRY counts */
	uint32_t		 number;	/* client: its restart; server:
						   the last resume accepted */
	double			 deadline;
	double			 at[SCTP_MS_RESTARTS];	/* the last ones */
	u_long			 discarded;	/* read while awaiting */
	u_long			 unseq_dropped;	/* not sent while awaiting */
	u_int			 resumes;	/* completed */
};

/* 2.12: a sequenced packet written under the current key, kept */
struct ms_kept {
	TAILQ_ENTRY(ms_kept)	 next;
	uint16_t		 stream;
	uint32_t		 seq;		/* seq2 on stream 0, else seq3 */
	int			 later;		/* of an epoch above 0 */
	int			 level1;
	int			 drained;	/* a drain came before it */
	struct sshbuf		*b;
};
TAILQ_HEAD(ms_kept_list, ms_kept);

struct ms_keep {
	struct ms_kept_list	 q;		/* in the order written */
	size_t			 bytes;
	size_t			 limit;		/* 0: keep nothing */
	u_int			 nstreams;	/* outbound */
	uint32_t		*dropped;	/* per stream: the highest
						   number dropped, 0 none */
	int			 dropped_later;	/* one of a later epoch */
	uint64_t		 dropped_ctr;	/* the highest counter dropped
						   + 1, 0 none */
	uint64_t		 written;	/* the next sequenced counter
						   written under this key */
};

/* 2.11: an interactive stream's budget */
struct ms_budget {
	double			 bytes;		/* left in the bucket */
	double			 at;		/* when last charged, 0 never */
	int			 over;		/* emptied: bulk until full */
};

/* 2.7: how long a DISCONNECT waits for its drain, in seconds */
#define SCTP_DISCONNECT_DRAIN	3

/* 2.10: a message the kernel delivered in parts, per stream and kind */
struct ms_part {
	TAILQ_ENTRY(ms_part)	 next;
	uint32_t		 key;		/* stream, kind (PART_*) */
	struct sshbuf		*b;
};

/*
 * A channel whose CHANNEL_DATA travels unsequenced (3.8): known once the
 * packet that starts it was received from the peer (its confirmation, or
 * "ready"); first is that packet's level-3 number, 0 again at each epoch.
 */
struct ms_uchan {
	TAILQ_ENTRY(ms_uchan)	 next;
	u_int			 local_id, remote_id;
	uint32_t		 first;
	int			 closed;	/* EOF or CLOSE received */
	int			 close_sent;	/* we sent CLOSE: nothing more */
};

/*
 * An SCTP forwarding channel whose CHANNEL_DATA goes on the stream of its
 * forwarded stream (3.8); offhome: some went on another stream than the
 * channel's own since the channel's last drain.
 */
struct ms_mchan {
	TAILQ_ENTRY(ms_mchan)	 next;
	u_int			 local_id, remote_id;
	sctp_ms_stream_fn	 stream_of;	/* its forwarded stream, once spread */
	int			 offhome;	/* data off its own stream */
	int			 end_sent;	/* EOF, sctp-abort or CLOSE (3.8) */
	int			 end_rcvd;
};

struct sctp_ms_conn {
	int			 fd;
	struct ssh		*ssh;	/* set by sctp_configure() */
	const struct sctp_options *opts; /* the configuration's (2.11, 2.12) */
	u_int			 nout, nin;	/* streams of the association */
	int			 full_io;	/* sendmsg/recvmsg allowed */
	int			 offered;	/* we offered the mode */
	int			 no_rcvinfo;	/* no SCTP_RECVRCVINFO here */
	int			 agreed;	/* both did (2.1) */
	int			 v2;		/* version 2: no drain before
						   KEXINIT (2.1, 2.7) */
	int			 v3;		/* version 3: resume during a
						   key exchange (2.12) */
	int			 active_in, active_out;
	struct sctp_ms_cipher	*enc, *dec;
	struct sctp_ms_cipher	*dec_prev;	/* the key before dec (2.8) */
	double			 dec_prev_until; /* kept until then */
	u_long			 prev_dropped;	/* late under dec_prev */
	struct sctp_ms_send	 snd;
	struct sctp_ms_recv	 rcv;
	struct ms_keep		 keep;		/* 2.12 */
	double			 keep_look;	/* when to ask whether the kernel
						   holds DATA, 0 = no copies */
	size_t			 keep_freed;	/* bytes of copies freed so far */
	int			 keep_blind;	/* the kernel cannot tell */
	int			 mem_tuned;	/* sctp-ms-mem.c */
	size_t			 mem_moved;	/* bytes since the last trim */
	double			 mem_quiet_at;	/* trim then if still quiet */
	struct ms_restart	 rs;		/* 2.12 */
	double			 kexwait_at;	/* 2.12: when sctp_ms_rekey_wait() */
	int			 kexwait;	/* last looked, and what it found */
	double			 kexwait_since;	/* the wait began, 0 = none */
	uint64_t		 kexwait_prog;	/* sctp_paths_progress() then */
	int			 kexwait_have;	/* kexwait_prog was read */
	uint32_t		 nkeys;		/* key exchanges, n of 1.4 */
	uint32_t		 nkeys_in;	/* NEWKEYS read (2.12 (b)) */
	int			 drain_restart;	/* a drain under way starts over */
	TAILQ_HEAD(, ms_msg)	 outq;
	size_t			 outq_bytes;
	size_t			 express_bytes;	/* of it, m->express (2.11) */
	int			 express_now;	/* past a full queue (2.11) */
	int			 nonzero;	/* sent on streams >= 1 since DRY */
	int			 unseq_out;	/* unsequenced sent since DRY
						   (2.7; none before auth) */
	int			 after_newkeys;	/* streams >= 1 wait for DRY */
	int			 gated;		/* streams >= 1 wait for a new
						   SCTP-AUTH key (1.4 (b)) */
	double			 gate_deadline;	/* 0 = none */
	int			 dry_wait;	/* subscribed, waiting */
	const struct ms_msg	*drain_for;	/* the message it waits for */
	int			 dry;		/* SENDER_DRY seen while waiting */
	double			 drain_deadline; /* monotime_double(), 0 = none */
	double			 drain_start;
	u_int			 drains;	/* completed, for tests and -v */
	int			 drained;	/* one completed since the last
						   message written (2.12) */
	int			 lost;		/* errno: the association ended */
	int			 sched;		/* SCTP_SCHED_* in use */
	int			 w_interactive, w_bulk;
	u_char			*sclass;	/* per stream: 0/1, 2 unset */
	struct ms_budget	*budget;	/* per stream (2.11) */
	double			 interactive_at; /* its last channel data */
	int			 idata;		/* I-DATA in use (2.10) */
	int			 cutting;	/* channel data cut (2.10) */
	int			 mtu_stale;	/* recompute maxdata */
	double			 mtu_next;	/* and at the latest then */
	size_t			 maxdata;	/* C of 2.10 */
	size_t			 chunkdata;	/* one DATA chunk's worth */
	struct sshbuf		*rbuf;		/* a message being read */
	TAILQ_HEAD(, ms_part)	 parts;		/* messages read in parts */
	size_t			 parts_bytes;
	struct sshbuf		*held;		/* records held (2.6) */
	double			 hold_start;	/* monotime_double() */
	double			 hold_first;	/* 2.12: the first hold of */
	uint64_t		 hold_first_ctr; /* this counter, 0 none, */
	double			 hold_first_deadline; /* its deadline */
	double			 hold_deadline;	/* 0 = none */
	u_int			 holds;		/* level-1 packets held */
	TAILQ_HEAD(, ms_uchan)	 uchans;	/* 3.8 */
	TAILQ_HEAD(, ms_mchan)	 mchans;	/* 3.8 */
	u_long			 uchan_dropped;	/* unsequenced, out of age */
	int			 cur_valid;	/* the packet last received: */
	uint16_t		 cur_stream;	/*   sequenced, level 3 */
	uint32_t		 cur_seq3;
	u_int			 cur_recipient;
};


/* sctp-ms-send.c */
void	sctp_ms_set_scheduler(struct sctp_ms_conn *);
void	sctp_ms_sched_again(struct sctp_ms_conn *);
void	sctp_ms_outq_clear(struct sctp_ms_conn *);
int	sctp_ms_must_drain(const struct sctp_ms_conn *, const struct ms_msg *);
struct ms_msg *sctp_ms_pick_next(const struct sctp_ms_conn *);
ssize_t	sctp_ms_send_one(struct sctp_ms_conn *, const struct ms_msg *);

/* sctp-ms-recv.c */
int	sctp_ms_read_one(struct sctp_ms_conn *, struct sshbuf *, size_t *,
	    int dontwait);
void	sctp_ms_parts_free(struct sctp_ms_conn *);
int	sctp_ms_hold_expired(struct sctp_ms_conn *);
void	sctp_ms_hold_discard(struct sctp_ms_conn *);
void	sctp_ms_prev_key_expire(struct sctp_ms_conn *);

/* sctp-ms-chan.c */
struct ms_uchan *sctp_ms_uchan_by_local(const struct sctp_ms_conn *, u_int);
struct ms_uchan *sctp_ms_uchan_by_remote(const struct sctp_ms_conn *, u_int);
struct ms_mchan *sctp_ms_mchan_by_remote(const struct sctp_ms_conn *, u_int);
struct ms_mchan *sctp_ms_mchan_by_local(const struct sctp_ms_conn *, u_int);
int	sctp_ms_end_message(const u_char *, size_t);
int	sctp_ms_end_complete(struct sctp_ms_conn *, const struct sctp_ms_hdr *,
	    const u_char *, size_t);
void	sctp_ms_chans_free(struct sctp_ms_conn *);

/* sctp-ms-resume.c */
#define SCTP_MS_RESUME	"sctp-resume-v01@openssh-sctp.invalid"
#define SCTP_MS_RESUME2	"sctp-resume-v02@openssh-sctp.invalid"
int	sctp_ms_resume_put(const struct sctp_ms_recv *, uint32_t, uint32_t,
	    struct sshbuf *);
int	sctp_ms_resume_put2(const struct sctp_ms_recv *, uint32_t, uint32_t,
	    struct sshbuf *);
int	sctp_ms_resume_parse(const u_char *, size_t, u_int, uint32_t *,
	    uint32_t *, uint32_t *);
int	sctp_ms_resume_parse2(const u_char *, size_t, uint32_t *, uint32_t *,
	    uint64_t *);
int	sctp_ms_resume_check2(const struct sctp_ms_send *,
	    const struct ms_keep *, uint64_t);
int	sctp_ms_resume_check(const struct sctp_ms_send *, const uint32_t *,
	    u_int);
void	sctp_ms_resume_caps(int, struct ms_caps *);
int	sctp_ms_resume_begin(struct sctp_ms_conn *, int, uint32_t);
int	sctp_ms_resume_take(struct sctp_ms_conn *, const struct sctp_ms_hdr *,
	    const u_char *, size_t);

/* sctp-ms-keep.c */
void	sctp_ms_keep_init(struct ms_keep *, u_int);
void	sctp_ms_keep_reset(struct ms_keep *);
void	sctp_ms_keep_free(struct ms_keep *);
void	sctp_ms_keep_limit(struct ms_keep *, size_t);
size_t	sctp_ms_keep_acked(struct ms_keep *);
void	sctp_ms_keep_soon(struct sctp_ms_conn *);
void	sctp_ms_keep_look(struct sctp_ms_conn *);
void	sctp_ms_keep_sent(struct ms_keep *, const struct sctp_ms_send *);
void	sctp_ms_keep_add(struct ms_keep *, const struct ms_msg *, int,
	    struct sshbuf *);
int	sctp_ms_keep_take(struct ms_keep *, const uint32_t *, u_int,
	    struct ms_kept_list *);
int	sctp_ms_keep_take2(struct ms_keep *, uint64_t, struct ms_kept_list *);
void	sctp_ms_kept_list_free(struct ms_kept_list *);
size_t	sctp_ms_keep_bytes(const struct ms_keep *);

/* sctp-ms-mem.c */
void	sctp_ms_mem_tune(struct sctp_ms_conn *);
void	sctp_ms_mem_moved(struct sctp_ms_conn *, size_t);
void	sctp_ms_mem_freed(struct sctp_ms_conn *, size_t);
double	sctp_ms_mem_deadline(const struct sctp_ms_conn *);
void	sctp_ms_mem_look(struct sctp_ms_conn *);

#endif /* SCTP_MS_INT_H */
