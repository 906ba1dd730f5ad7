/* body.h: a request's parameters as they arrive (query string, forms, multipart, upload), for http.c. */
#ifndef ROUTEDESK_SANDBOX_HTTP_BODY_H
#define ROUTEDESK_SANDBOX_HTTP_BODY_H

#include <stddef.h>

#include <microhttpd.h>

#include "common/strbuf.h"
#include "sandbox/sandbox.h"

struct http_server;

enum body_kind {
	BODY_NONE,     /* no body expected or wanted */
	BODY_MULTIPART, /* multipart/form-data, through MHD's post processor */
	BODY_FORM,     /* urlencoded, or no Content-Type: kept raw, parsed here */
	BODY_JSON,     /* kept raw for the dispatcher */
};

struct request {
	struct http_server *srv;
	enum body_kind kind;
	struct MHD_PostProcessor *pp;
	struct strbuf raw;
	size_t received;
	int too_big, malformed;
	struct sb_pair *pairs;
	size_t n_pairs, cap_pairs;
	int pair_open;    /* the last pair may still receive pieces */
	int upload_open;  /* the uploadFile part is still arriving */
	struct sb_upload upload;
	struct strbuf upload_data;
	int begun;        /* on_request has seen the headers */
	char *path;       /* the decoded path when it holds a NUL (%00), else NULL */
	size_t path_len;
};

/* Frees rq and everything it collected (NULL is fine). */
void body_free(struct request *rq);
/* MHD_KeyValueIterator over the query string: each argument as a pair. */
enum MHD_Result body_on_query_arg(void *cls, enum MHD_ValueKind kind, const char *key,
                                  size_t key_size, const char *value, size_t value_size);
/* MHD_PostDataIterator of a multipart body: values as pairs, the uploadFile
 * part into rq->upload. */
enum MHD_Result body_on_post_value(void *cls, enum MHD_ValueKind kind, const char *key,
                                   const char *filename, const char *content_type,
                                   const char *transfer_encoding, const char *data,
                                   uint64_t off, size_t size);
/* Decodes application/x-www-form-urlencoded text in place ('+' a space, a
 * malformed '%' escape kept as it is); returns the new length. */
size_t body_form_unescape(char *s, size_t len);
/* Decodes a URL path's "%XX" escapes in place as MHD does ('+' stays);
 * returns the new length. */
size_t body_path_unescape(char *s, size_t len);
/* Splits an urlencoded (or untyped) body at '&' as PHP does, into pairs. */
void body_parse_form(struct request *rq);
/* One chunk of the body: kept, post-processed, or dropped past
 * HTTP_MAX_BODY (rq->too_big). */
void body_take(struct request *rq, const char *data, size_t size);

#endif
