/* envelope.h: reading the service's answer envelope without guessing. */
#ifndef ROUTEDESK_API_ENVELOPE_H
#define ROUTEDESK_API_ENVELOPE_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "api/error.h"

/*
 * Every answer is a JSON object with a boolean `success`, the usage
 * counters and, depending on the operation, a payload whose member is NAMED
 * by another member: ids sit under the member `propertyName` names (usually
 * idName, but serviceType answers under typeIDs), includeData records under
 * the one `propertyNameData` names, get and by-id records under
 * `propertyName`.  The parsers follow those names and report a decode error
 * when a named member is absent or of the wrong shape; they never fall back
 * to "the first array in the answer".
 */

/* tokenUsage: what the key has spent (shared with other integrations). */
struct api_usage {
	long read_today, write_today, read_minute, write_minute;
};

/* tokenLimits. */
struct api_limits {
	long read_minute, read_day, write_minute, write_day;
};

struct api_answer {
	cJSON *root;               /* owned: the whole answer */
	long http_status;
	int success;               /* 1 for "success":true */
	const char *error_message; /* borrowed errorMessage, or NULL */
	int have_usage, have_limits;
	struct api_usage usage;
	struct api_limits limits;
	const cJSON *ignored;      /* borrowed ignoredParams array, or NULL */
	const char *property;      /* borrowed propertyName, or NULL */
	/* Filled by the shape readers below. */
	long long *ids;            /* search ids, malloc'd */
	size_t n_ids;
	long long *no_data;        /* {propertyName}NoDataExported, malloc'd */
	size_t n_no_data;
	const cJSON *records;      /* array: get, includeData, getAddOns (borrowed) */
	/* api_envelope_parse_raw: the records array left as text (borrowed
	 * from the body parsed, which must outlive it; records is then an
	 * empty array), or NULL. */
	const char *raw_records;
	size_t raw_len;            /* its bytes, '[' to ']' */
	size_t raw_n;              /* its elements */
	int ids_from_text;         /* ids and no_data read from the text too (a
	                            * search page's plain id lists) */
	const cJSON *record;       /* object: by-id (borrowed) */
	int have_result, have_member_id;
	long long result;          /* write: "result" as an integer */
	long long member_id;       /* write: the named id member ("subscriptionID") */
};

#define API_ANSWER_INIT { 0 }

/* Parses body (len bytes, need not be NUL-terminated) into *out: a JSON
 * object with a boolean success; usage, limits, ignoredParams, propertyName
 * and errorMessage when present and well-formed.  0 on success (whatever
 * the value of success), -1 with a decode error otherwise (*out then holds
 * nothing to free, but api_answer_free is harmless). */
int api_envelope_parse(const char *body, size_t len, long http_status,
                       struct api_answer *out, struct api_error *err);
/* Which member's records api_envelope_parse_raw leaves as text. */
enum api_raw {
	API_RAW_NONE,     /* none: the whole answer becomes a tree */
	API_RAW_PROPERTY, /* the one propertyName names (get) */
	API_RAW_DATA,     /* the one propertyNameData names (search with includeData) */
};

/* As api_envelope_parse, but the records array under the member that
 * which names is checked (api_json_skip: what cJSON would read) and left
 * as text in out->raw_records, pointing into body; the rest of the answer
 * is parsed as api_envelope_parse parses it, so every shape check and
 * error stays the same.  Anything unusual (a malformed answer, the name
 * missing or not a string, the member not an array) is handed to
 * api_envelope_parse whole, so it fails or succeeds exactly as before. */
int api_envelope_parse_raw(const char *body, size_t len, long http_status, enum api_raw which,
                           struct api_answer *out, struct api_error *err);
/* Frees the tree and id arrays; a is zeroed (API_ANSWER_INIT) afterwards. */
void api_answer_free(struct api_answer *a);

/* 0 when a->success; else -1 with err set to API_ERR_QUOTA (the message
 * names a maximum number of requests) or API_ERR_API, carrying the
 * server's errorMessage and HTTP status. */
int api_answer_check(const struct api_answer *a, struct api_error *err);
/* 1 when message is one of the service's quota refusals. */
int api_is_quota_message(const char *message);
/* 1 when message refuses for the minute's quota ("... per minute"): the
 * request was not applied and may be sent again once the minute moves on;
 * a day's quota is final. */
int api_is_minute_quota_message(const char *message);

/* Search: ids from the member propertyName names (an array of integers);
 * with include_data also {propertyName}NoDataExported (an array of
 * integers, required) and the records under the member propertyNameData
 * names (an array, required).  0 or -1 with a decode error. */
int api_answer_search(struct api_answer *a, int include_data, struct api_error *err);
/* get and the item lists (getAddOns): records under propertyName, an array. */
int api_answer_get(struct api_answer *a, struct api_error *err);
/* by-id: the record under propertyName, an object. */
int api_answer_byid(struct api_answer *a, struct api_error *err);
/* Writes: "result" as an integer (a string of digits or a number) and the
 * id member named id_member (may be NULL).  Either may be absent (an
 * acknowledgement); never fails. */
void api_answer_write(struct api_answer *a, const char *id_member);
/* The id a write names: result if present, else the member id; 0 when
 * neither is, with *id untouched. */
int api_answer_write_id(const struct api_answer *a, long long *id);

#endif
