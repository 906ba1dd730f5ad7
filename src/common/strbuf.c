/* strbuf.c: the growable NUL-terminated byte buffer and abort-on-OOM allocators. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/i18n.h"
#include "common/strbuf.h"

/* Out-of-memory is not a recoverable condition anywhere in the tree: a
 * half-built answer is worse than a clear stop.  The message is not
 * translated: gettext may itself allocate, and memory is what ran out. */
static void oom(size_t n)
{
	fprintf(stderr, "routedesk: out of memory (%zu bytes)\n", n);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom(n * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		oom(n);
	return q;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = xmalloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

/* Makes room for extra more bytes plus the terminator. */
static void grow(struct strbuf *sb, size_t extra)
{
	size_t need, cap;

	if (extra > (size_t)-1 - sb->len - 1)
		oom((size_t)-1);
	need = sb->len + extra + 1;
	if (need <= sb->cap)
		return;
	cap = sb->cap ? sb->cap : 64;
	while (cap < need)
		cap = cap > (size_t)-1 / 2 ? need : cap * 2;
	sb->buf = xrealloc(sb->buf, cap);
	sb->cap = cap;
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	grow(sb, len);
	if (len)
		memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

char *strbuf_reserve(struct strbuf *sb, size_t n)
{
	grow(sb, n);
	/* The first allocation must still be a string: a buffer reserved
	 * and left empty was read past its end (api_form_encode of no pair
	 * and no credential). */
	sb->buf[sb->len] = '\0';
	return sb->buf + sb->len;
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	grow(sb, 0);
	if (len > sb->cap - 1)
		abort(); /* past what was reserved: a caller's bug, never data */
	sb->len = len;
	sb->buf[len] = '\0';
}

void strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addc(struct strbuf *sb, char c)
{
	grow(sb, 1);
	sb->buf[sb->len++] = c;
	sb->buf[sb->len] = '\0';
}

/* The header's prototype lacks the attribute; without it clang's
 * -Wformat-nonliteral rejects the vsnprintf calls below. */
__attribute__((format(printf, 2, 0)))
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	grow(sb, 64);
	va_copy(cp, ap);
	n = vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, cp);
	va_end(cp);
	if (n < 0) {
		/* An encoding error leaves the buffer as it was. */
		sb->buf[sb->len] = '\0';
		return;
	}
	if ((size_t)n >= sb->cap - sb->len) {
		grow(sb, (size_t)n);
		va_copy(cp, ap);
		n = vsnprintf(sb->buf + sb->len, sb->cap - sb->len, fmt, cp);
		va_end(cp);
		if (n < 0) {
			sb->buf[sb->len] = '\0';
			return;
		}
	}
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

const char *strbuf_str(const struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *p;

	if (!sb->buf)
		p = xstrdup("");
	else
		p = sb->buf;
	if (len)
		*len = sb->len;
	sb->buf = NULL;
	sb->len = 0;
	sb->cap = 0;
	return p;
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void strbuf_free(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = 0;
	sb->cap = 0;
}

/* Read in 8 KiB pieces with a bound, so a wrong path (a device, a huge
 * log) is refused rather than read into memory whole. */
int strbuf_read_fd(int fd, const char *name, size_t max, struct strbuf *out, struct strbuf *err)
{
	char buf[8192];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			strbuf_addf(err, "%s: %s", name, strerror(errno));
			return -1;
		}
		if (out->len + (size_t)n > max) {
			strbuf_addf(err, _("%s: larger than %zu bytes"), name, max);
			return -1;
		}
		strbuf_add(out, buf, (size_t)n);
	}
	if (!out->buf)
		strbuf_adds(out, "");
	return 0;
}

int strbuf_read_file(const char *path, size_t max, struct strbuf *out, struct strbuf *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	if (fd < 0) {
		strbuf_addf(err, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = strbuf_read_fd(fd, path, max, out, err);
	close(fd);
	return rc;
}
