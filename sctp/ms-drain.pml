/*
 * ms-drain.pml: Promela model of multi-stream mode's ordering, its rekey
 * and shutdown drains and the holding of level-1 packets, PROTOCOL.sctp
 * sections 2.4 to 2.7.  Version 2 (2.1: no drain before KEXINIT, the
 * receiver holds a level-1 packet until R reaches its counter) unless
 * -DV1, version 1 (the drain before KEXINIT; holding never needed).
 * Checked by regress/ms-model.sh (spin -a, gcc, pan).
 *
 * Processes:
 *   Peer(0) = A, the client; Peer(1) = B, the server.  Each is a sender
 *     (2.4 numbering, 2.5 streams, 2.7 drains) and a receiver (2.6 rules).
 *   Kernel(d) = the SCTP stack of direction d (0: A->B, 1: B->A), i.e. the
 *     network plus the receiving kernel.  It acknowledges and delivers
 *     independently of both applications (2.7).
 * Channels of direction d:
 *   net[3d+s]  stream s in flight (sent, not yet acknowledged).  SCTP keeps
 *              each stream in order (1.1, 2.5), and the kernel picks the
 *              next stream nondeterministically: any interleaving of streams.
 *   rxq[d]     the receiver's socket buffer: a message enters it when it is
 *              acknowledged and deliverable, and the application reads it in
 *              that order (2.7: "the kernel delivers messages in the order
 *              they became deliverable").  Its size W is the receive window.
 *   dreq[d], dry[d]  SENDER_DRY (2.7): the sender asks with the number of
 *              messages it has sent so far; the kernel answers once it has
 *              acknowledged that many (no user data outstanding).
 * Each channel has one sending and one receiving process (xs/xr), which
 * lets spin's partial order reduction work.
 *
 * Keys: a key generation per direction; a packet carries the generation it
 * was sealed under, and a receiver under another generation fails the tag
 * (2.3, 2.6 step 2).  Multi-stream mode is already in effect (2.1): the run
 * starts after the first NEWKEYS, with generation 0, E = 0.
 *
 * Nondeterminism: when each sender sends each data message and its IGNORE,
 * when and by which side each rekey starts (both at once: simultaneous
 * KEXINIT), which stream each kernel delivers next, and the interleaving of
 * the four processes.  Bounds: D1 data messages on stream 1 and D2 on
 * stream 2 per sender, NI IGNOREs per sender (sent during a kex, between
 * KEXINIT and NEWKEYS, where level 2 meets level 1 on stream 0; anywhere
 * would multiply the states by ~45), K key exchanges, then A drains and
 * sends DISCONNECT.  A receive window of W = 1 message still lets a
 * kernel acknowledge a message its application has not read.
 *
 * A receive-rule violation ends the connection (2.9); with honest peers
 * and network it must never happen, so each is an assertion.
 *
 * Mutants (spin -DNAME -a ...): each removes one rule and must fail a check.
 *   NO_HOLD                     2.6: version 2 without holding
 *   NO_DRAIN_BEFORE_KEXINIT     with V1 and NO_HOLD: version 1 without
 *                               its drain before KEXINIT
 *   NO_DRAIN_AFTER_NEWKEYS      2.7: new-key packets right after NEWKEYS
 *   NO_DRAIN_BEFORE_DISCONNECT  with V1 and NO_HOLD: DISCONNECT sent
 *                               without draining (holding alone keeps it
 *                               complete too: the model has no
 *                               association end to lose it to)
 *   DATA_DURING_KEX             2.7: channel data between KEXINIT and NEWKEYS
 *     (with NO_SENDER_ASSERT too: caught by the receiver instead)
 *   NO_READ_WHILE_DRAINING      with V1: a draining side stops reading
 */

#ifndef D1
#define D1 2	/* data messages per sender on channel stream 1 */
#endif
#ifndef D2
#define D2 1	/* data messages per sender on channel stream 2 */
#endif
#ifndef NI
#define NI 1	/* IGNOREs (level 2) per sender */
#endif
#ifndef K
#define K  2	/* key exchanges in the run */
#endif
#ifndef W
#define W  1	/* receive window of a kernel, in messages */
#endif
#define QS 4	/* capacity of a stream in flight; asserted never exceeded */
#define HQ 4	/* messages held (2.6); asserted never exceeded */

/* payload types (2.4); DATA stands for all level-3 types (91, 93 to 100) */
mtype = { DISCONNECT, IGNORE, KEXINIT, NEWKEYS, ECDH_INIT, ECDH_REPLY, DATA };
#define LEVEL1(t) (t == DISCONNECT || t == KEXINIT || t == NEWKEYS || \
		   t == ECDH_INIT || t == ECDH_REPLY)

/* a packet (2.2): type, seq1, seq2, seq3, nonce counter, key generation */
chan net[6] = [QS] of { mtype, byte, byte, byte, byte, byte };
/* the same, preceded by the stream from SCTP_RCVINFO (2.2, 2.6) */
chan rxq[2] = [W] of { byte, mtype, byte, byte, byte, byte, byte };
chan dreq[2] = [1] of { byte };
chan dry[2] = [1] of { bit };

bool fin[2];	/* peer d ended normally */
/* property 3: both sides finish (all K rekeys done, asserted at the end) */
ltl done { <> (fin[0] && fin[1]) }

/* a sender's state in the key exchange (2.7) */
mtype = { NORMAL, DRAIN1, KI_SENT, KM_SENT, DRAIN2, DRAIN_DISC };

/* ---- Kernel: SCTP delivery and acknowledgement (1.1, 2.5, 2.7) ---- */

#define MOVE(q, s) \
	:: d_step { nempty(q) && nfull(rx) -> \
		q?t,a,b,c,n,k; rx!s,t,a,b,c,n,k; moved++; \
		t = 0; a = 0; b = 0; c = 0; n = 0; k = 0 }

proctype Kernel(chan s0, s1, s2, rx, req, ev)
{
	mtype t; byte a, b, c, n, k;
	byte moved;	/* messages acknowledged so far */
	xr s0; xr s1; xr s2; xs rx; xr req; xs ev;
end:	/* waiting for the next message is legitimate forever */
	do
	MOVE(s0, 0)
	MOVE(s1, 1)
	MOVE(s2, 2)
	/* SENDER_DRY: everything sent has been acknowledged */
	:: atomic { req?eval(moved) -> ev!1 }
	od
}

/* ---- Sender: numbering (2.4), streams (2.5) ---- */

/* level 1 on stream 0: seq1 = E + 1; then E advances, C0, C[s] restart */
inline send1(ty) {
	assert(nfull(o0));	/* model bound QS, not a protocol rule */
	o0!ty,sE+1,0,0,ctr,sk; ctr++; nsent++;
	sE++; C0 = 0; C[1] = 0; C[2] = 0
}
/* level 2 on stream 0: seq1 = E, seq2 = ++C0 */
inline send2(ty) {
	assert(nfull(o0));
	C0++; o0!ty,sE,C0,0,ctr,sk; ctr++; nsent++
}
/* level 3, channel data on its channel's stream s >= 1 (2.5):
 * seq1 = E, seq2 = s, seq3 = ++C[s] */
inline send3(o, s) {
	/* property 4: no channel data between KEXINIT and NEWKEYS (2.7).
	 * NO_SENDER_ASSERT leaves it to the receive rules of 2.6. */
#ifndef NO_SENDER_ASSERT
	assert(!kexing);
#endif
	assert(nfull(o));
	C[s]++; o!DATA,sE,s,C[s],ctr,sk; ctr++; nsent++; dsent[s]++
}
/* after NEWKEYS the new key is used: counter and epoch restart (2.3, 2.4) */
inline newkeys_out() {
	kexing = false; nk_sent++;
	sk++; sE = 0; C0 = 0; C[1] = 0; C[2] = 0; ctr = 0
}

/* ---- Sender: drains (2.7) ---- */

/* rekey: KEXINIT; in version 1, drain first (2.7) */
#if defined(V1) && !defined(NO_DRAIN_BEFORE_KEXINIT)
#define DRAIN_BEFORE_KEXINIT
#endif
inline start_kex() {
	nstarted++;
#ifndef DRAIN_BEFORE_KEXINIT
	send1(KEXINIT); kexing = true; ks = KI_SENT
#else
	ks = DRAIN1; req!nsent
#endif
}
/* after NEWKEYS: drain before the first new-key packet (2.7); a peer
 * KEXINIT read meanwhile is answered when the drain is over */
inline drained_after_newkeys() {
	if
	:: peer_ki > nstarted -> start_kex()
	:: else -> ks = NORMAL
	fi
}
inline after_newkeys() {
#ifdef NO_DRAIN_AFTER_NEWKEYS
	drained_after_newkeys()
#else
	ks = DRAIN2; req!nsent
#endif
}

#ifdef DATA_DURING_KEX
#define MAY_SEND_DATA (ks == NORMAL || ks == KI_SENT || ks == KM_SENT)
#else
#define MAY_SEND_DATA (ks == NORMAL)
#endif
#ifdef NO_READ_WHILE_DRAINING
#define MAY_READ (ks != DRAIN1 && ks != DRAIN2 && ks != DRAIN_DISC)
#else
#define MAY_READ true	/* 2.7: a side keeps reading while it drains */
#endif

/* Non-vacuity probes: each turns a situation the model is meant to reach
 * into an assertion, which regress/ms-model.sh expects to fail. */
#if defined(COVER_SIMULTANEOUS_KEXINIT)	/* both sides started a rekey */
#define COVER_KEXINIT assert(!(ks == DRAIN1 || ks == KI_SENT))
#elif defined(COVER_KEXINIT_WHILE_DRAINING)	/* next rekey during DRAIN2 */
#define COVER_KEXINIT assert(ks != DRAIN2)
#else
#define COVER_KEXINIT skip
#endif
#ifdef COVER_DATA_WHILE_DRAINING	/* data read by a draining side */
#define COVER_DATA assert(!(ks == DRAIN1 || ks == DRAIN2))
#else
#define COVER_DATA skip
#endif
#ifdef COVER_HOLD		/* a level-1 packet held (2.6) */
#define COVER_HELD assert(false)
#else
#define COVER_HELD skip
#endif

/* ---- Receiver: the receive rules of 2.6 for one message ---- */

/* 2.6, holding: the held messages go first once R reaches the counter of
 * the held level-1 packet (RELEASED), or whenever none is held */
#define HELD_READY (nempty(hq) && (!holding || R == hold_n))
#define HELD_NOT_READY (empty(hq) || (holding && R != hold_n))

inline process() {
	/* step 2: sealed under another key: the tag fails, connection ends
	 * (property 4: nothing under the new key before NEWKEYS, nothing
	 * under the old one after it) */
	assert(k == rk);
	held = false;
	/* step 4: by (stream, seq2, seq3) */
	if
	:: st == 0 && q2 == 0 && q3 == 0 ->		/* level 1 */
		assert(q1 == rE + 1);	/* no level-1 packet skipped/repeated */
		assert(LEVEL1(t));
		/* nothing sent after it accepted: H (if any) <= counter - 1 */
		assert(Hp1 <= n);
#ifdef NO_HOLD
		/* completeness at once: R = counter */
		assert(R == n);
#endif
		if
		:: R != n ->
			/* hold it (2.6): one at a time ("level-1 packet while
			 * another is held"); one taken from hq again goes back
			 * first, as in the code: hq is sorted by counter, which
			 * on stream 0 is the order sent */
			assert(!holding);
			COVER_HELD;
			holding = true; hold_n = n; held = true;
			assert(nfull(hq));
			hq!!n,st,t,q1,q2,q3,k
		:: else -> holding = false
		fi;
		if
		:: !held -> rE = q1; X0 = 1; X[1] = 1; X[2] = 1
		:: else
		fi
	:: st == 0 && q2 >= 1 && q3 == 0 ->		/* level 2 */
		assert(q1 == rE);	/* nothing of another epoch */
		assert(q2 == X0);	/* in order on stream 0 */
		assert(!LEVEL1(t));
		X0++
	:: st >= 1 ->					/* level 3 */
		assert(q1 == rE);	/* nothing of an old epoch after level 1 */
		/* nothing sent after a held level-1 packet (2.6) */
		assert(!holding || n < hold_n);
		assert(q2 == st);
		assert(q3 == X[st]);	/* in order on its stream */
		assert(t == DATA);
		X[st]++
	:: else -> assert(false)	/* e.g. stream 0 with seq3 set */
	fi;
	/* a held packet is taken again once released */
	if
	:: !held ->
		R++;
		if :: n + 1 > Hp1 -> Hp1 = n + 1 :: else fi;	/* H = max(H, n) */
		/* step 5: dispatch, with strict KEX's order of the kex messages */
		if
		:: t == DATA -> COVER_DATA; drcv++
		:: t == IGNORE -> skip
		:: t == KEXINIT ->
			assert(peer_ki == nk_rcvd); peer_ki++;
			if
			:: ks == NORMAL -> start_kex()	/* the peer started: answer */
			:: else ->	/* simultaneous KEXINIT, or draining after
					 * NEWKEYS (answered after the drain) */
				COVER_KEXINIT
			fi
		:: t == ECDH_INIT || t == ECDH_REPLY ->
			assert(t == (me == 0 -> ECDH_REPLY : ECDH_INIT));
			assert(peer_km + 1 == peer_ki); peer_km++
		:: t == NEWKEYS ->
			assert(peer_km == nk_rcvd + 1); nk_rcvd++;
			/* the new inbound key: the state of 2.6 restarts */
			rk++; rE = 0; X0 = 1; X[1] = 1; X[2] = 1; R = 0; Hp1 = 0
		:: t == DISCONNECT -> gotdisc = true
		fi
	:: else
	fi;
	st = 0; t = 0; q1 = 0; q2 = 0; q3 = 0; n = 0; k = 0
}

/* a message read from the kernel: held behind a held level-1 packet if
 * on stream 0 (2.6), else processed */
inline receive() {
	in?st,t,q1,q2,q3,n,k;
	if
	:: holding && st == 0 ->
		assert(nfull(hq));	/* model bound HQ, not a protocol rule */
		hq!!n,st,t,q1,q2,q3,k;
		st = 0; t = 0; q1 = 0; q2 = 0; q3 = 0; n = 0; k = 0
	:: else -> process()
	fi
}

inline receive_held() {
	hq?n,st,t,q1,q2,q3,k;
	process()
}


proctype Peer(bit me; chan o0, o1, o2, in, req, ev)
{
	/* sender, per direction and key: key generation, E, C0, C[s] and the
	 * nonce counter (2.3, 2.4) */
	byte sk, sE, C0, C[3], ctr;
	/* receiver, per direction and key (2.6): E, X0, X[s], R, and H + 1
	 * (0: none) */
	byte rk, rE, X0 = 1, X[3], R, Hp1;
	/* key exchange: KEXINITs sent, KEXINITs / kex messages / NEWKEYS
	 * received, NEWKEYS sent */
	mtype ks = NORMAL;
	bool kexing;	/* KEXINIT sent, NEWKEYS not yet */
	byte nstarted, peer_ki, peer_km, nk_rcvd, nk_sent;
	byte dsent[3], drcv, ign, nsent;
	bool gotdisc;
	byte st, q1, q2, q3, n, k; mtype t;	/* the message being read */
	/* 2.6, holding: a level-1 packet held, its counter, held messages */
	bool holding, held;
	byte hold_n;
	chan hq = [HQ] of { byte, byte, mtype, byte, byte, byte, byte };
	xs o0; xs o1; xs o2; xr in; xs req; xr ev;

	X[1] = 1; X[2] = 1;
	do
	:: atomic { nempty(in) && MAY_READ && HELD_NOT_READY -> receive() };
		if
		:: gotdisc -> break	/* B: the connection ends */
		:: else -> skip
		fi
	:: atomic { HELD_READY && MAY_READ -> receive_held() };
		if
		:: gotdisc -> break	/* B: the connection ends */
		:: else -> skip
		fi
	/* channel data, not while draining nor during a kex (2.7) */
	:: atomic { MAY_SEND_DATA && dsent[1] < D1 -> send3(o1, 1) }
	:: atomic { MAY_SEND_DATA && dsent[2] < D2 -> send3(o2, 2) }
	/* level 2 needs no drain and may be sent during a kex (2.4, 2.7) */
	:: atomic { (ks == KI_SENT || ks == KM_SENT) && ign < NI ->
		    send2(IGNORE); ign++ }
	/* start a rekey, once the previous one is over both ways */
	:: atomic { ks == NORMAL && nstarted < K && nk_rcvd == nstarted ->
		    start_kex() }
	/* SENDER_DRY: the drain is over (2.7) */
	:: atomic { ev?_ ->
		if
		:: ks == DRAIN1 -> send1(KEXINIT); kexing = true; ks = KI_SENT
		:: ks == DRAIN2 -> drained_after_newkeys()
		:: ks == DRAIN_DISC -> send1(DISCONNECT); break
		:: else -> assert(false)	/* model: no drain was pending */
		fi }
	/* kex method messages and NEWKEYS: level 1, stream 0 (2.4).
	 * Client: both KEXINITs -> ECDH_INIT; ECDH_REPLY read -> NEWKEYS */
	:: atomic { me == 0 && ks == KI_SENT && peer_ki == nstarted ->
		    send1(ECDH_INIT); ks = KM_SENT }
	:: atomic { me == 0 && ks == KM_SENT && peer_km == nstarted ->
		    send1(NEWKEYS); newkeys_out(); after_newkeys() }
	/* server: both KEXINITs and ECDH_INIT read -> ECDH_REPLY, NEWKEYS */
	:: atomic { me == 1 && ks == KI_SENT && peer_ki == nstarted &&
		    peer_km == nstarted ->
		    send1(ECDH_REPLY); send1(NEWKEYS); newkeys_out();
		    after_newkeys() }
	/* A ends the connection once all is sent, all of B's data read and
	 * every kex is over both ways: drain, then DISCONNECT (2.7) */
	:: atomic { me == 0 && ks == NORMAL && nstarted == K && nk_rcvd == K &&
		    dsent[1] == D1 && dsent[2] == D2 && drcv == D1 + D2 ->
#ifdef NO_DRAIN_BEFORE_DISCONNECT
		    send1(DISCONNECT); break
#else
		    ks = DRAIN_DISC; req!nsent
#endif
		  }
	od;
	/* property 3: every rekey reached NEWKEYS both ways, all data read */
	assert(nk_sent == K && nk_rcvd == K);
	assert(dsent[1] == D1 && dsent[2] == D2);
	assert(drcv == D1 + D2);
	fin[me] = true
}

init {
	atomic {
		run Kernel(net[0], net[1], net[2], rxq[0], dreq[0], dry[0]);
		run Kernel(net[3], net[4], net[5], rxq[1], dreq[1], dry[1]);
		run Peer(0, net[0], net[1], net[2], rxq[1], dreq[0], dry[0]);
		run Peer(1, net[3], net[4], net[5], rxq[0], dreq[1], dry[1])
	}
}
