/* strbuf.h: a growable byte buffer that is always NUL-terminated. */
#ifndef ROUTEDESK_STRBUF_H
#define ROUTEDESK_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char *buf;  /* owned; NULL until the first append, then NUL-terminated */
	size_t len;
	size_t cap;
};

#define STRBUF_INIT { NULL, 0, 0 }

/* Appends; each aborts the process on out-of-memory (as the rest of the tree
 * treats malloc failure), so they cannot fail. */
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_adds(struct strbuf *sb, const char *s);
void strbuf_addc(struct strbuf *sb, char c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));
/* Room for n more bytes (and the NUL) at the end: returns where to write
 * them.  Finish with strbuf_setlen(sb, new_len) once they are written; a
 * writer filling the buffer directly avoids a call per small piece. */
char *strbuf_reserve(struct strbuf *sb, size_t n);
/* Sets the length (at most what was reserved) and terminates the text. */
void strbuf_setlen(struct strbuf *sb, size_t len);
/* Never NULL: "" for an empty buffer.  Valid until the next append. */
const char *strbuf_str(const struct strbuf *sb);
/* Hands the buffer to the caller (free() it), leaving sb empty; never NULL. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_reset(struct strbuf *sb);
void strbuf_free(struct strbuf *sb);

/* Reads a whole file of at most max bytes onto out.  0, or -1 with a
 * message ("PATH: reason") in err. */
int strbuf_read_file(const char *path, size_t max, struct strbuf *out, struct strbuf *err);
/* The same from an open descriptor (left open), name for the messages. */
int strbuf_read_fd(int fd, const char *name, size_t max, struct strbuf *out, struct strbuf *err);

/* Allocation helpers that abort on out-of-memory. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
