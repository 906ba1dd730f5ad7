/* query.h: search parameters (simple values, query objects) as store conditions. */
#ifndef ROUTEDESK_QUERY_H
#define ROUTEDESK_QUERY_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "common/resources.h"
#include "sandbox/store/store.h"

/*
 * A search parameter arrives as a simple value ("12", "Smith", "1,2"), an
 * array (brackets, JSON text "[1,2]", a JSON body array) or a query object
 * ({"operator":">","value":"10000"} as JSON text, or brackets
 * date[operator]=>&date[value]=...).  The meaning of a simple value depends
 * on the filter: RQ_CONTAINS means CONTAINS, RQ_START >=, RQ_END <=, an
 * integer (or RQ_CODED) filter given a comma list means IN, anything else =.  An = on a
 * datetime field with a bare date becomes BETWEEN that day and itself, which
 * the store widens to the whole day.  Values are checked against the
 * filter's type for the comparison operators (the text operators take any
 * text).  An RQ_PHONE filter keeps only = and IN of exactly 10 digits,
 * compared over its `any` fields; anything else becomes SO_NONE (matches
 * nothing, no error), as the live phone search does.
 */

/* The conditions of one search, ready for store_search.  Owns every string
 * the conditions point at; the field names point into the resource table. */
struct query {
	struct store_cond *conds;
	size_t n, cap;
	char ***values; /* values[i] is conds[i].values, owned */
};

void query_init(struct query *q);
/* Frees what q owns and leaves it empty (re-usable after query_init). */
void query_free(struct query *q);

/* The specification's twelve operators, case-insensitively, blanks around
 * allowed.  0 with *op set, -1 for anything else. */
int query_op_parse(const char *s, enum store_op *op);
/* The canonical upper-case spelling ("STARTSWITH"). */
const char *query_op_name(enum store_op op);

/* Adds the conditions that filter f's parameter with value v (as req_param
 * returns it: a string, an array or an object) means.  Returns 1 when it
 * added conditions, 0 when the value is empty (no filter: the service treats
 * an empty form field as absent), -1 with *err (malloc'd, naming f->name)
 * for a malformed query object or a value of the wrong type. */
int query_add_param(struct query *q, const struct res_filter *f, const cJSON *v, char **err);

/* Rewrites conditions first..n-1 of a filter whose wire values are integer
 * codes for the text its records store, through pairs, a NULL-terminated
 * list of code then stored text ("0", "No", ...): =, != and IN translate
 * each value (values not listed stay as they are); an ordering (<, <=, >,
 * >=, BETWEEN) becomes IN of the texts whose codes satisfy it, or matches
 * nothing (SO_NONE), its bounds read as codes or as stored texts. */
void query_translate(struct query *q, size_t first, const char *const *pairs);

/* Adds field IN the comma list `in` (a default filter such as "0,1"). */
void query_add_in(struct query *q, const char *field, enum res_type type, const char *in);

#endif
