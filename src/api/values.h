/* values.h: decoding the API's string values into typed fields. */
#ifndef ROUTEDESK_API_VALUES_H
#define ROUTEDESK_API_VALUES_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "common/dates.h"
#include "common/resources.h"

struct strbuf;

/*
 * Record fields arrive as JSON strings ("10000", "249.00",
 * "0000-00-00 00:00:00", "10002,10006"), null, and sometimes as real JSON
 * numbers or arrays.  Decoding says what it found instead of inventing a
 * value: "0" is a number, not a false; a zero date is unset, not 1970; an
 * unparseable value is API_V_BAD and never a crash or a silent 0.
 */
enum api_vstate {
	API_V_OK,      /* decoded into the typed member */
	API_V_MISSING, /* member absent from the record */
	API_V_NULL,    /* JSON null */
	API_V_UNSET,   /* empty string, or a zero date "0000-00-00[ 00:00:00]" */
	API_V_CUSTOM,  /* the word "CUSTOM" where a number was expected (frequency) */
	API_V_BAD,     /* present but not of the expected type */
};

struct api_value {
	enum api_vstate state;
	enum res_type type;
	long long i;          /* RT_INT, RT_BOOL */
	double num;           /* RT_NUM */
	const char *text;     /* RT_TEXT, and RT_JSON given as text: borrowed from the item */
	struct rd_date date;  /* RT_DATE, RT_DATETIME */
	int secs;             /* RT_DATETIME, RT_TIME: seconds since midnight */
	long long *ids;       /* RT_IDLIST: malloc'd (NULL when n_ids is 0) */
	size_t n_ids;
	const cJSON *json;    /* RT_JSON: the array or object, borrowed */
};

/* Decodes item (may be NULL: missing) as type into *out and returns
 * out->state.  Only RT_IDLIST allocates; release with api_value_free. */
enum api_vstate api_value_decode(const cJSON *item, enum res_type type, struct api_value *out);
/* Frees v's id list (the only thing a value owns); v stays readable. */
void api_value_free(struct api_value *v);
/* "ok", "missing", "null", "unset", "custom", "bad".  Static. */
const char *api_vstate_name(enum api_vstate s);

/* Shorthands on a record's member (rec may be NULL).  Each returns the
 * state and writes *out only on API_V_OK. */
enum api_vstate api_field_int(const cJSON *rec, const char *name, long long *out);
enum api_vstate api_field_num(const cJSON *rec, const char *name, double *out);
/* *out borrowed from rec. */
enum api_vstate api_field_text(const cJSON *rec, const char *name, const char **out);
enum api_vstate api_field_date(const cJSON *rec, const char *name, struct rd_date *out);
enum api_vstate api_field_datetime(const cJSON *rec, const char *name, struct rd_date *out,
                                   int *secs);
/* *ids malloc'd (caller frees; NULL when empty), on API_V_OK only. */
enum api_vstate api_field_ids(const cJSON *rec, const char *name, long long **ids, size_t *n);

/* Parses one decimal integer that fills s exactly; 0 or -1. */
int api_parse_ll(const char *s, long long *out);

/* The exponent after the 'e' of a decimal at *p: an optional sign and at
 * least one digit, the value saturated at a bound far beyond any double's
 * (a decimal's own digits count below it), so "1e99999999999999999999" is
 * too large rather than unreadable.  0 with *p past it, or -1. */
int api_parse_exponent(const char **p, long long *out);

/* Appends item as a person would read it: strings as they are, numbers in
 * decimal, null as "", arrays joined with ", ", objects as JSON text. */
void api_value_text(const cJSON *item, struct strbuf *out);

/* A record decoded through the resource table: one value per r->fields. */
struct api_record {
	const struct resource *res;
	long long id;             /* the primary key */
	struct api_value *values; /* r->n_fields of them, malloc'd */
	size_t n_bad;             /* fields present but undecodable */
	const cJSON *raw;         /* the record, borrowed: fields beyond the table */
};

/* Decodes every field of r from rec.  0 when rec is an object whose primary
 * key is an integer; -1 otherwise (out is then still filled and must be
 * freed).  Never fails on other fields: they are API_V_BAD and counted. */
int api_record_decode(const struct resource *r, const cJSON *rec, struct api_record *out);
/* Frees the values (rec->raw stays the caller's).  NULL is allowed. */
void api_record_free(struct api_record *rec);
/* The value of field name, or NULL when r has no such field. */
const struct api_value *api_record_get(const struct api_record *rec, const char *name);

#endif
