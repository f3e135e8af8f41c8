/*
 * dccp-ping: open a DCCP connection and exchange one datagram each way.
 *
 *   dccp-ping -l port          wait for one connection, echo one datagram
 *   dccp-ping addr port        connect, send "ping", expect it back
 *
 * Exits 0 when the round trip worked.  Used by the VM smoke test to show
 * that the test kernel has working DCCP sockets.
 *
 * Copyright (c) 2026 The openssh-sctp authors.  BSD licence: see LICENCE.
 */

#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <linux/dccp.h>

#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef SOL_DCCP
#define SOL_DCCP 269
#endif

static int
fail(const char *what)
{
	fprintf(stderr, "dccp-ping: %s: %s\n", what, strerror(errno));
	return 1;
}

int
main(int argc, char **argv)
{
	struct addrinfo hints, *ai;
	char buf[64];
	ssize_t n;
	int fd, c, one = 1, service = htonl(42);

	if (argc != 3) {
		fprintf(stderr, "usage: dccp-ping -l port | dccp-ping addr port\n");
		return 2;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_socktype = SOCK_DCCP;
	hints.ai_protocol = IPPROTO_DCCP;
	if (strcmp(argv[1], "-l") == 0) {
		hints.ai_flags = AI_PASSIVE;
		hints.ai_family = AF_INET6;
		if (getaddrinfo(NULL, argv[2], &hints, &ai) != 0)
			return fail("getaddrinfo");
	} else if (getaddrinfo(argv[1], argv[2], &hints, &ai) != 0)
		return fail("getaddrinfo");
	if ((fd = socket(ai->ai_family, SOCK_DCCP, IPPROTO_DCCP)) == -1)
		return fail("socket(SOCK_DCCP)");
	if (setsockopt(fd, SOL_DCCP, DCCP_SOCKOPT_SERVICE, &service,
	    sizeof(service)) == -1)
		return fail("DCCP_SOCKOPT_SERVICE");
	if (strcmp(argv[1], "-l") == 0) {
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (bind(fd, ai->ai_addr, ai->ai_addrlen) == -1)
			return fail("bind");
		if (listen(fd, 1) == -1)
			return fail("listen");
		printf("dccp-ping: listening\n");
		fflush(stdout);
		if ((c = accept(fd, NULL, NULL)) == -1)
			return fail("accept");
		if ((n = recv(c, buf, sizeof(buf), 0)) <= 0)
			return fail("recv");
		if (send(c, buf, n, 0) != n)
			return fail("send");
		sleep(1);	/* let the echo leave before closing */
		close(c);
		printf("dccp-ping: echoed %zd bytes\n", n);
		return 0;
	}
	if (connect(fd, ai->ai_addr, ai->ai_addrlen) == -1)
		return fail("connect");
	if (send(fd, "ping", 4, 0) != 4)
		return fail("send");
	if ((n = recv(fd, buf, sizeof(buf), 0)) != 4 || memcmp(buf, "ping", 4) != 0)
		return fail("recv echo");
	printf("dccp-ping: round trip ok\n");
	return 0;
}
