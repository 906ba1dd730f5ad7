/* gzip.h: gzip for the sandbox's answers, as the service compresses them. */
#ifndef ROUTEDESK_SANDBOX_GZIP_H
#define ROUTEDESK_SANDBOX_GZIP_H

#include <stddef.h>

/* 1 when an Accept-Encoding header value lists gzip with a non-zero quality. */
int http_accepts_gzip(const char *accept_encoding);
/* gzip of len bytes at data: a malloc'd buffer of *out_len bytes, or NULL
 * when deflate fails (the caller then sends the body as it is). */
unsigned char *http_gzip(const void *data, size_t len, size_t *out_len);

#endif
