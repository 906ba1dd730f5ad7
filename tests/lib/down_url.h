/* down_url.h: the URL of a local port that refuses connections, whatever else runs on the machine. */
#ifndef ROUTEDESK_TESTS_DOWN_URL_H
#define ROUTEDESK_TESTS_DOWN_URL_H

#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

/*
 * "http://127.0.0.1:PORT/api" on a port this process has bound and never
 * listens on, held until it exits: a connection there is refused (RST),
 * and nothing else can take the port meanwhile.  Port 1 was taken as
 * "nobody listens", until a sandbox started with --listen 127.0.0.1:1 on
 * the same machine answered the tests' "down" server.
 */
static inline const char *test_down_url(void)
{
	static char url[64];
	struct sockaddr_in a;
	socklen_t len = sizeof a;
	int fd;

	if (url[0])
		return url;
	memset(&a, 0, sizeof a);
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof a) != 0 ||
	    getsockname(fd, (struct sockaddr *)&a, &len) != 0) {
		perror("test_down_url");
		return "http://127.0.0.1:1/api";
	}
	/* fd stays open, unlistened, for the process's life. */
	snprintf(url, sizeof url, "http://127.0.0.1:%u/api", (unsigned)ntohs(a.sin_port));
	return url;
}

#endif
