/* http.h: the sandbox's HTTP server (libmicrohttpd) around sb_dispatch. */
#ifndef ROUTEDESK_HTTP_H
#define ROUTEDESK_HTTP_H

struct sb_ctx;
struct faults;
struct http_server;

/* The largest request body accepted; larger ones get HTTP 413. */
#define HTTP_MAX_BODY (16u * 1024 * 1024)
/* The largest one read through (and dropped) before the 413, so that the
 * client sees the answer; above it the connection is answered and closed
 * at once. */
#define HTTP_DRAIN_BODY (4ull * HTTP_MAX_BODY)

/* Starts serving on ctx->cfg's listen_host and listen_port (0 picks a free
 * port), applying ctx->cfg->latency_ms and faults (NULL for none) to every
 * request.  ctx and faults are borrowed and must outlive the server.
 * Returns NULL with *err (malloc'd) when the address is invalid or cannot be
 * bound.  Connections are accepted once it returns. */
struct http_server *http_start(struct sb_ctx *ctx, struct faults *faults, char **err);

/* "http://HOST:PORT/api" with the port actually bound (IPv6 hosts in
 * brackets).  Owned by the server, valid until http_stop. */
const char *http_base_url(const struct http_server *h);

/* Stops accepting, closes every connection (requests being handled finish
 * first), joins the threads and frees h.  NULL is allowed. */
void http_stop(struct http_server *h);

#endif
