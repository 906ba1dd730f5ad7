/* handlers.h: the API operations, driven by the resource table. */
#ifndef ROUTEDESK_HANDLERS_H
#define ROUTEDESK_HANDLERS_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "common/resources.h"
#include "sandbox/ops/request.h"

struct resource;

/*
 * A handler fills an answer; envelope.c wraps it in the service's envelope:
 *   params, tokenUsage, tokenLimits, requestAPIKeyType, requestAction,
 *   endpoint, success, ignoredParams, [idName], processingTime, then the
 *   members of `members` in the order the handler added them
 * or, on error, the same head with success false, ignoredParams,
 * processingTime and errorMessage.
 */
struct sb_answer {
	int http_status;     /* 200 unless an error says otherwise */
	char *error;         /* malloc'd errorMessage; non-NULL means success:false */
	const char *id_name; /* search only: idName, placed before processingTime */
	cJSON *members;      /* object, owned: count, payload, propertyName, ... */
	/* For a served file (document link) instead of JSON: */
	void *raw;           /* malloc'd bytes, or NULL */
	size_t raw_len;
	char *raw_filename;  /* malloc'd */
};

/* Sets the answer to an error (replacing any members). */
void ans_error(struct sb_answer *ans, int http_status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* handle_read.c: search (simple values, query objects, includeData, default
 * filters, the search cap), get (at most 1000, id parameter and aliases),
 * by-id, with each resource's get flags. */
void handle_search(struct sb_req *req, struct sb_answer *ans);
void handle_get(struct sb_req *req, struct sb_answer *ans);
void handle_byid(struct sb_req *req, struct sb_answer *ans);

/* The store a request reads; a storage error as the answer (frees err). */
struct store *read_store(const struct sb_req *req);
void read_storage_error(struct sb_answer *ans, char *err);

/* read_flags.c: the get flags' effects on records just read (related
 * records, portal and document links, feedback pruning, route/get's
 * maxDistance).  Every flag is read, so none shows up in ignoredParams.
 * read_flags_apply: 0, or -1 with ans set; read_flags_none: 1 when the
 * request turns none on (the records may then go out as the store's text). */
int read_flags_apply(struct sb_req *req, const struct resource *r, cJSON *recs,
                     struct sb_answer *ans);
int read_flags_none(struct sb_req *req, const struct resource *r);
/* Refuses a get flag sent as text that is no integer (nor true/false), as
 * a search filter's is refused: 0, or -1 with ans set. */
int read_flags_check(struct sb_req *req, const struct resource *r, struct sb_answer *ans);

/* handle_write.c: generic create and update from the table's params, with
 * validation (required fields named, types, 2-letter state, dates, UTF-8)
 * and a changelog record per write. */
void handle_create(struct sb_req *req, struct sb_answer *ans);
void handle_update(struct sb_req *req, struct sb_answer *ans);
/* Validates the request's write params of r for a create (is_create 1) or an
 * update, converting each into obj (field -> string).  0, or -1 with ans set
 * to an error naming the first missing or invalid param. */
int write_collect(struct sb_req *req, const struct resource *r, int is_create,
                  cJSON *obj, struct sb_answer *ans);
/* Validates one value against a type; NULL when fine, else a static reason. */
const char *write_check_value(enum res_type type, const char *value);

/* handle_special.c: the table's special operations (getAddOns, setAddOns,
 * updateLeadStage, createPaymentProfile, document create, review summary,
 * employee dealias, route create/update ...).  Returns 1 when it handled the
 * request, 0 when action is not one of r's specials. */
int handle_special(struct sb_req *req, struct sb_answer *ans);

/* handle_special.c: a signed link that serves a stored file for 15 days
 * ("document" uploads and "form" PDFs): BASE/files/KIND/ID?expires=T&sig=S.
 * Returns malloc'd URL; *expires gets "YYYY-MM-DD HH:MM:SS" when non-NULL. */
char *doc_link(const struct sb_req *req, const char *kind, long long id, char expires[20]);
/* Serves GET/POST /api/files/KIND/ID?expires=..&sig=.. (no credentials: the
 * signature is the credential); fills ans->raw or an error (403 expired or
 * bad signature, 404 no such file). */
void handle_file(struct sb_req *req, struct sb_answer *ans);

/* router.c: the current office-local timestamp on the sandbox's today,
 * "YYYY-MM-DD HH:MM:SS": the store's clock (store_clock). */
void sb_timestamp(const struct sb_ctx *ctx, char out[20]);

#endif
