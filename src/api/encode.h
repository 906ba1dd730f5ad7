/* encode.h: request forms, query objects and their form encoding (auth last). */
#ifndef ROUTEDESK_API_ENCODE_H
#define ROUTEDESK_API_ENCODE_H

#include <stddef.h>
#include <cjson/cJSON.h>

struct strbuf;

/*
 * A form is the ordered list of parameters of one request, before the
 * credentials.  Names carry their PHP-style structure already
 * ("customerIDs[]", "addons[0][amount]"); values are bytes.  The encoder
 * appends authenticationKey and authenticationToken LAST: the service reads
 * at most 1000 variables and drops the rest, so an over-long request then
 * fails authentication instead of running on a truncated id list.
 */
struct api_pair {
	char *name;  /* malloc'd */
	char *value; /* malloc'd, NUL-terminated (for a file part: its path) */
	size_t len;
	int is_file; /* multipart file part: value is the path to read */
};

struct api_form {
	struct api_pair *pairs;
	size_t n, cap;
};

#define API_FORM_INIT { NULL, 0, 0 }

/* The service's cut: variables past this many are silently dropped. */
#define API_MAX_VARS 1000

/* An empty form (same as API_FORM_INIT). */
void api_form_init(struct api_form *f);
/* Frees every pair; f is empty and reusable afterwards. */
void api_form_free(struct api_form *f);
/* Appends a deep copy of src's pairs to dst. */
void api_form_copy(struct api_form *dst, const struct api_form *src);

/* Appends one pair (copied).  add_len takes bytes that may hold NULs. */
void api_form_add(struct api_form *f, const char *name, const char *value);
void api_form_add_len(struct api_form *f, const char *name, const char *value, size_t len);
void api_form_addf(struct api_form *f, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void api_form_add_int(struct api_form *f, const char *name, long long v);
/* A multipart file part (document/create's uploadFile): path is read when
 * the request is sent. */
void api_form_add_file(struct api_form *f, const char *name, const char *path);
/* An id list as JSON text in ONE variable ("[1,2,3]"): a get of 1000 ids in
 * brackets would be 1000 variables and push the credentials past the cut. */
void api_form_add_ids(struct api_form *f, const char *name, const long long *ids, size_t n);
/* Any JSON value, as `routedesk api NAME:=JSON` sends it: a string as is, a
 * number in decimal, true/false as 1/0, null as an empty value, an array in
 * PHP brackets (name[]=1&name[]=2; name[0][k]=v for arrays of objects; an
 * empty array as the JSON text "[]"), a query object (one with an
 * "operator" member) as JSON text, another object in brackets
 * (name[k]=v).  v is borrowed. */
void api_form_add_json(struct api_form *f, const char *name, const cJSON *v);

/* Removes every pair named name or name[...]; returns how many. */
size_t api_form_remove(struct api_form *f, const char *name);
/* 1 when a pair named name or name[...] exists. */
int api_form_has(const struct api_form *f, const char *name);
/* The value of the last pair named exactly name, or NULL. */
const char *api_form_get(const struct api_form *f, const char *name);
/* 1 when the form holds a file part (it must then travel as multipart). */
int api_form_has_file(const struct api_form *f);

/* Appends application/x-www-form-urlencoded text of f then of the two
 * credentials (each only when non-NULL) to out.  Unreserved characters
 * (A-Z a-z 0-9 - . _ ~) pass, '[' and ']' pass in names (the structure),
 * every other byte (UTF-8 included) becomes %XX. */
void api_form_encode(const struct api_form *f, const char *key, const char *token,
                     struct strbuf *out);
/* Percent-encodes s[0..len) onto out; brackets kept when is_name. */
void api_url_encode(struct strbuf *out, const char *s, size_t len, int is_name);

/* Search operators of the specification. */
enum api_qop {
	API_Q_EQ, API_Q_NE, API_Q_GT, API_Q_LT, API_Q_GE, API_Q_LE,
	API_Q_IN, API_Q_BETWEEN, API_Q_LIKE, API_Q_STARTSWITH, API_Q_ENDSWITH,
	API_Q_CONTAINS,
};

/* "=", "!=", ">", "<", ">=", "<=", "IN", "BETWEEN", "LIKE", "STARTSWITH",
 * "ENDSWITH", "CONTAINS".  Static string. */
const char *api_qop_text(enum api_qop op);
/* Case-insensitive; 0 with *op set, -1 for an unknown operator. */
int api_qop_parse(const char *s, enum api_qop *op);
/* The query object {"operator":OP,"value":V} as JSON text (malloc'd), or
 * NULL when value's shape does not fit op: BETWEEN takes an array of two
 * scalars, IN a non-empty array of scalars, the others one scalar. */
char *api_query_text(enum api_qop op, const cJSON *value);
/* Typed helpers for every operator; -1 when op needs another shape. */
int api_form_add_cmp_int(struct api_form *f, const char *name, enum api_qop op, long long v);
int api_form_add_cmp_str(struct api_form *f, const char *name, enum api_qop op, const char *v);
void api_form_add_between_int(struct api_form *f, const char *name, long long lo, long long hi);
void api_form_add_between_str(struct api_form *f, const char *name, const char *lo, const char *hi);
/* n must be at least 1; -1 (nothing added) for an empty list. */
int api_form_add_in_int(struct api_form *f, const char *name, const long long *v, size_t n);
int api_form_add_in_str(struct api_form *f, const char *name, const char *const *v, size_t n);

#endif
