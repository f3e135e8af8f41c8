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
 * Roaming: the association follows the hosts' address changes with
 * ADD-IP (RFC 5061), its ASCONF chunks authenticated (RFC 4895); and the
 * rule for the peer addresses that join it (PROTOCOL.sctp 1.3).
 */

#ifndef SCTP_ROAM_H
#define SCTP_ROAM_H

struct ssh;
struct sctp_options;
struct timespec;

/*
 * Before the association (on a client's socket, or a listener whose
 * associations inherit it): offer SCTP-AUTH and ADD-IP if SCTPRoaming is
 * on and the host does not accept unauthenticated ASCONF.  Returns
 * whether ADD-IP is offered.
 */
int	sctp_roam_socket(int fd, const struct sctp_options *);

/*
 * On a socket bound to the wildcard address with ADD-IP offered: have
 * the kernel announce the host's new addresses, and withdraw the ones it
 * loses, to the peer (Linux's SCTP_AUTO_ASCONF).
 */
void	sctp_roam_auto(int fd);

/*
 * sshd, on an accepted association's socket, which does not inherit its
 * listener's ADD-IP settings: sctp_roam_socket(), then sctp_roam_auto()
 * if the listener was bound to the wildcard address.
 */
void	sctp_roam_accepted(int fd, const struct sctp_options *);

/*
 * sshd, after authentication: ssh->sctp_peer_check decides whether a peer
 * address may carry the session, and ends the connection if not.  Puts
 * every confirmed peer address of the association on fd to it; called
 * once it is set and at each path change.
 */
void	sctp_roam_check_peers(struct ssh *, int fd);

/*
 * Once the connection's events are on (sctp_events_enable()): watch the
 * association's local addresses if it has ADD-IP.
 */
void	sctp_roam_start(struct ssh *, int fd);

/*
 * The main loops' hooks: sctp_roam_deadline() bounds poll's timeout while
 * the addresses are watched; sctp_roam_poll(), after poll, looks at them
 * when due (sctp-roam.c says how often).  Once the association has listed
 * a local address the host no longer has for 1.5 s, and also one that it
 * has, it asks the peer, once per set of lost addresses, to make the
 * latter its primary path: an ASCONF that lets a Linux sender out of a
 * refused deletion (doc/design.md 1.3).  When the host has a listed
 * address that it lacked at the previous look, it sends an
 * SSH2_MSG_IGNORE, DATA for a peer whose paths have all failed to hear.
 * ssh restarts the association (sctp-restart.c) when Linux is left with
 * no address it sends from, as PROTOCOL.sctp 2.12 says.
 */
void	sctp_roam_deadline(struct ssh *, struct timespec *);
void	sctp_roam_poll(struct ssh *, int fd);

void	sctp_roam_free(struct ssh *);

#endif /* SCTP_ROAM_H */
