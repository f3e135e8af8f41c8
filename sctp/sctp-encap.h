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
 * SCTP inside UDP (RFC 6951, SCTPUDPEncapsulation): Linux 5.11 and later
 * send and take encapsulated SCTP through the UDP port of the network
 * namespace's net.sctp.udp_port (0: none), and a socket names the peer's
 * port with SCTP_REMOTE_UDP_ENCAPS_PORT.
 */

#ifndef SCTP_ENCAP_H
#define SCTP_ENCAP_H

struct sctp_options;
struct sockaddr_storage;

/*
 * This host's encapsulation port (net.sctp.udp_port): 0 for none, -1
 * where the kernel has no encapsulation at all.
 */
int	sctp_encap_local_port(void);

/*
 * Before connect(2): with SCTPUDPEncapsulation PORT, send the socket's
 * SCTP packets inside UDP to PORT.  Returns -1, having said why, where
 * this host cannot.
 */
int	sctp_encap_client(int fd, const struct sctp_options *);

/*
 * sshd, before listening: with SCTPUDPEncapsulation PORT, check that the
 * host takes encapsulated SCTP on PORT.  Returns -1, having said why.
 */
int	sctp_encap_server(const struct sctp_options *);

/*
 * The UDP port to which the association sends to the peer address ss
 * (the path view); 0 for plain SCTP.
 */
int	sctp_encap_peer_port(int fd, const struct sockaddr_storage *ss);

#endif /* SCTP_ENCAP_H */
