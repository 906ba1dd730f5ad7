/* request.h: one API request as the service parses it (parameters, auth, use). */
#ifndef ROUTEDESK_REQUEST_H
#define ROUTEDESK_REQUEST_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "sandbox/sandbox.h"

struct resource;

/* The service reads at most this many input variables and drops the rest. */
#define REQ_MAX_VARS 1000

struct sb_req {
	struct sb_ctx *ctx;
	const struct sb_http_in *in;
	const struct resource *res; /* NULL when the entity is unknown */
	char *entity;               /* path segment after /api/, malloc'd */
	char *action;               /* "search", "get", ...; NULL for by-id */
	long long path_id;          /* by-id: the id in the path */
	/* Parameters as the server parsed them, in arrival order: a scalar is a
	 * JSON string, "a[]=" pairs an array of strings, "a[k]=" pairs an object
	 * (nested as sent), a JSON body's members converted the same way.  The
	 * envelope echoes it whole under "params" (key and token included, as the
	 * service does).  Owned. */
	cJSON *params;
	char *key, *token; /* from body, query or headers, trimmed; malloc'd or NULL */
	char **used;       /* names the handler consulted (ignoredParams is the rest) */
	size_t n_used, cap_used;
	char today[11];    /* the sandbox's today, "YYYY-MM-DD" */
};

/* Builds req from in: splits the path, applies the 1000-variable cut (in
 * arrival order, counting every pair of the query string and a form body;
 * a JSON body's values never count), decodes brackets and JSON bodies,
 * extracts and trims the credentials.  Returns 0, or -1 with *err (malloc'd,
 * a message for errorMessage) for a malformed request: invalid UTF-8 in a
 * name or value, a JSON body that does not parse.  The caller frees req with
 * req_free in both cases. */
int req_parse(struct sb_req *req, struct sb_ctx *ctx, const struct sb_http_in *in, char **err);
void req_free(struct sb_req *req);

/* Parameter access.  Every accessor marks name as used. */
/* The raw parsed value, or NULL when absent. */
const cJSON *req_param(struct sb_req *req, const char *name);
/* A scalar's string, or NULL when absent or not a scalar. */
const char *req_string(struct sb_req *req, const char *name);
/* 0 with *out set, 1 when absent or empty, -1 when not an integer. */
int req_int(struct sb_req *req, const char *name, long long *out);
/* 1 when the flag is on (req_flag_checked's 1 or true), 0 otherwise
 * (absent or not a flag's text included). */
int req_flag(struct sb_req *req, const char *name);
/* The same for a flag the specification types integer (includeData, the
 * get flags): 0 with *on, -1 when it is neither an integer nor
 * true/false (an array included), which the caller refuses as any other
 * integer parameter's text is refused, -2 for an integer neither 0 nor 1. */
int req_flag_checked(struct sb_req *req, const char *name, int *on);
/* Ids from an array, JSON text "[1,2]", a comma list "1,2" or one id.
 * 0 with *ids malloc'd (caller frees), 1 when absent, -1 when malformed
 * (*n is then the index of the first bad element). */
int req_ids(struct sb_req *req, const char *name, long long **ids, size_t *n);
/* Marks name used without reading it. */
void req_use(struct sb_req *req, const char *name);
/* A new array of the parameter names never used, in arrival order,
 * credentials excluded; for a call that failed (which may have stopped
 * before reading them all), only names its operation does not take (for a
 * write: that no operation of the entity takes). */
cJSON *req_ignored(const struct sb_req *req, int failed);

#endif
