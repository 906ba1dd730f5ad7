/* trace.c: the ROUTEDESK_TRACE event file (one write per line, ms since start). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "common/strbuf.h"
#include "common/trace.h"

/* Set once by trace_init before threads start, read-only afterwards. */
static int trace_fd = -1;
static struct timespec trace_start;
static int trace_started;

int trace_init(void)
{
	const char *path = getenv("ROUTEDESK_TRACE");
	struct stat st;

	clock_gettime(CLOCK_MONOTONIC, &trace_start);
	trace_started = 1;
	if (!path || !*path)
		return 0;
	/* Emptied only once it is known to be the user's (O_TRUNC at the
	 * open emptied a file it then refused). */
	trace_fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (trace_fd < 0)
		return -1;
	/* The trace holds the commands typed (":cust Smith"): a file that
	 * was there already keeps its mode through O_CREAT, so it is made
	 * the user's alone, or refused.  A terminal or a pipe (/dev/stderr)
	 * is not a file to keep. */
	if (fstat(trace_fd, &st) < 0 ||
	    (S_ISREG(st.st_mode) && (st.st_mode & 077) && fchmod(trace_fd, 0600) < 0) ||
	    (S_ISREG(st.st_mode) && ftruncate(trace_fd, 0) < 0)) {
		int e = errno;

		close(trace_fd);
		trace_fd = -1;
		errno = e;
		return -1;
	}
	return 0;
}

int trace_on(void)
{
	return trace_fd >= 0;
}

long trace_ms(void)
{
	struct timespec now;

	if (!trace_started)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long)(now.tv_sec - trace_start.tv_sec) * 1000 +
	       (long)(now.tv_nsec - trace_start.tv_nsec) / 1000000;
}

void trace_event(const char *kind, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;
	size_t left;
	va_list ap;

	if (trace_fd < 0)
		return;
	strbuf_addf(&sb, "%ld %s ", trace_ms(), kind);
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	strbuf_addc(&sb, '\n');
	p = sb.buf;
	left = sb.len;
	/* A short write on a regular file is rare; finish the line rather than
	 * leave half of it for the next event to join. */
	while (left) {
		ssize_t w = write(trace_fd, p, left);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		p += w;
		left -= (size_t)w;
	}
	strbuf_free(&sb);
}
