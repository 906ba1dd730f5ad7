/* sandbox.h: types shared by the sandbox's HTTP layer, dispatcher and services. */
#ifndef ROUTEDESK_SANDBOX_H
#define ROUTEDESK_SANDBOX_H

#include <stddef.h>

struct store;
struct quota;
struct faults;

/* Command-line settings (docs/design.md, 9.1). */
struct sb_config {
	char *listen_host;   /* "127.0.0.1" by default */
	int listen_port;     /* 0 picks a free port */
	char *db_path;       /* NULL: a private temporary database */
	long generate;       /* --generate N, 0 for none */
	unsigned long seed;  /* --seed, default 1 */
	char today[11];      /* --today, default the local date */
	char *key, *token;   /* default demo-key / demo-token */
	int no_limits;
	long search_cap;     /* default 50000 */
	int latency_ms;
	char *faults_spec;   /* NULL for none */
	int live_seconds;    /* 0 for off */
};

/* One request parameter as it arrived (query string first, then body),
 * before any bracket or JSON interpretation.  value is NUL-terminated. */
struct sb_pair {
	char *name;
	char *value;
	size_t len;
	int name_nul; /* the name held a NUL (%00), cut there */
};

/* A multipart file part named uploadFile. */
struct sb_upload {
	char *filename;     /* as the client sent it, untrusted */
	unsigned char *data;
	size_t len;
	int present;
};

/* What the HTTP layer hands to the dispatcher.  Owned by the HTTP layer. */
struct sb_http_in {
	const char *method;       /* "POST", "GET" */
	const char *path;         /* URL path, e.g. "/api/customer/search" */
	size_t path_len;          /* its bytes when a %00 left a NUL inside; 0: strlen(path) */
	struct sb_pair *pairs;    /* form, multipart text and query-string values */
	size_t n_pairs;
	const char *json_body;    /* body of an application/json request, or NULL */
	size_t json_len;
	const char *header_key;   /* authenticationKey header, or NULL */
	const char *header_token; /* authenticationToken header, or NULL */
	struct sb_upload upload;
	const char *base_url;     /* "http://127.0.0.1:PORT/api", for links */
	/* Set when the HTTP layer refused the request before reading its body
	 * (too large): the answer is this error with this status, in the
	 * envelope, and nothing is run.  NULL otherwise. */
	const char *refusal;
	int refusal_status;
};

/* The dispatcher's answer.  body is malloc'd (the HTTP layer frees it). */
struct sb_reply {
	int status;               /* HTTP status */
	char *body;
	size_t len;
	const char *content_type; /* static string */
	int retry_after;          /* seconds for a Retry-After header, 0 for none */
	char *filename;           /* for a served file: Content-Disposition, malloc'd or NULL */
};

/* Everything a handler may need; one per server, shared by its threads. */
struct sb_ctx {
	const struct sb_config *cfg;
	struct store *store;
	struct quota *quota;
};

/* router.c: parses the parameters, authenticates, counts the request against
 * the quota, routes it and fills reply (always: errors are JSON answers).
 * Thread-safe. */
void sb_dispatch(struct sb_ctx *ctx, const struct sb_http_in *in, struct sb_reply *reply);

#endif
