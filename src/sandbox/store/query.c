/* query.c: turns one search parameter (simple value or query object) into store conditions. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/dates.h"
#include "common/strbuf.h"
#include "sandbox/store/query.h"

static const struct {
	const char *name;
	enum store_op op;
} ops[] = {
	{ "=", SO_EQ },           { "!=", SO_NE },        { "<", SO_LT },
	{ "<=", SO_LE },          { ">", SO_GT },         { ">=", SO_GE },
	{ "IN", SO_IN },          { "BETWEEN", SO_BETWEEN }, { "LIKE", SO_LIKE },
	{ "STARTSWITH", SO_STARTS }, { "ENDSWITH", SO_ENDS }, { "CONTAINS", SO_CONTAINS },
};

void query_init(struct query *q)
{
	memset(q, 0, sizeof(*q));
}

void query_free(struct query *q)
{
	for (size_t i = 0; i < q->n; i++) {
		for (size_t j = 0; j < q->conds[i].n_values; j++)
			free(q->values[i][j]);
		free(q->values[i]);
	}
	free(q->conds);
	free(q->values);
	memset(q, 0, sizeof(*q));
}

int query_op_parse(const char *s, enum store_op *op)
{
	size_t len;

	if (!s)
		return -1;
	while (isspace((unsigned char)*s))
		s++;
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (strlen(ops[i].name) == len && strncasecmp(ops[i].name, s, len) == 0) {
			*op = ops[i].op;
			return 0;
		}
	}
	return -1;
}

const char *query_op_name(enum store_op op)
{
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (ops[i].op == op)
			return ops[i].name;
	return "?";
}

/* Takes ownership of vals (n strings). */
static void add_cond(struct query *q, const char *field, enum res_type type,
                     enum store_op op, char **vals, size_t n)
{
	struct store_cond *c;

	if (q->n == q->cap) {
		q->cap = q->cap ? q->cap * 2 : 8;
		q->conds = xrealloc(q->conds, q->cap * sizeof(*q->conds));
		q->values = xrealloc(q->values, q->cap * sizeof(*q->values));
	}
	c = &q->conds[q->n];
	c->field = field;
	c->op = op;
	c->type = type;
	c->values = (const char *const *)vals;
	c->n_values = n;
	q->values[q->n++] = vals;
}

/* A list of values being collected for one condition. */
struct vlist {
	char **v;
	size_t n, cap;
};

static void vl_add(struct vlist *l, const char *s, size_t len)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 4;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = xstrndup(s, len);
}

static void vl_free(struct vlist *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/* Splits a comma list, trimming blanks around each element.  -1 on an
 * empty element ("1,,2", "1,"). */
static int vl_split(struct vlist *l, const char *s)
{
	for (;;) {
		const char *comma = strchr(s, ','), *e;
		e = comma ? comma : s + strlen(s);
		while (s < e && isspace((unsigned char)*s))
			s++;
		while (e > s && isspace((unsigned char)e[-1]))
			e--;
		if (e == s)
			return -1;
		vl_add(l, s, (size_t)(e - s));
		if (!comma)
			return 0;
		s = comma + 1;
	}
}

/* A scalar of a query object or a JSON array: strings as they are, numbers
 * as the service would print them.  -1 for anything else. */
static int vl_add_json(struct vlist *l, const cJSON *e)
{
	if (cJSON_IsString(e)) {
		vl_add(l, e->valuestring, strlen(e->valuestring));
		return 0;
	}
	if (cJSON_IsNumber(e)) {
		char *s = cJSON_PrintUnformatted(e);
		if (!s)
			return -1;
		vl_add(l, s, strlen(s));
		free(s);
		return 0;
	}
	return -1;
}

/* Every message names the parameter: the client shows it to whoever typed it. */
static char *err_msg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *err_msg(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	return strbuf_detach(&sb, NULL);
}

static int is_int(const char *s)
{
	char *end;

	if (*s == '-' || *s == '+')
		s++;
	if (!isdigit((unsigned char)*s))
		return 0;
	errno = 0;
	(void)strtoll(s, &end, 10);
	return *end == '\0' && errno == 0;
}

static int is_time(const char *s)
{
	size_t len = strlen(s);
	int h, m, sec = 0;

	if (len != 5 && len != 8)
		return 0;
	for (size_t i = 0; i < len; i++)
		if ((i % 3 == 2) ? s[i] != ':' : !isdigit((unsigned char)s[i]))
			return 0;
	h = atoi(s);
	m = atoi(s + 3);
	if (len == 8)
		sec = atoi(s + 6);
	return h < 24 && m < 60 && sec < 60;
}

/* Checks (and for booleans normalises) every value against type.  Returns
 * NULL when fine, else what was expected. */
static const char *check_values(struct vlist *l, enum res_type type)
{
	for (size_t i = 0; i < l->n; i++) {
		char *s = l->v[i];
		char *end;
		double d;

		switch (type) {
		case RT_INT:
		case RT_IDLIST:
			if (!is_int(s))
				return "an integer";
			break;
		case RT_BOOL:
			if (strcasecmp(s, "true") == 0 || strcasecmp(s, "false") == 0) {
				int on = strcasecmp(s, "true") == 0;
				free(s);
				l->v[i] = xstrdup(on ? "1" : "0");
			} else if (strcmp(s, "0") != 0 && strcmp(s, "1") != 0) {
				return "0 or 1";
			}
			break;
		case RT_NUM:
			errno = 0;
			d = strtod(s, &end);
			if (end == s || *end || errno || !isfinite(d))
				return "a number";
			break;
		case RT_DATE:
		case RT_DATETIME:
			if (!date_valid_or_unset(s))
				return "a date (YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)";
			break;
		case RT_TIME:
			if (!is_time(s))
				return "a time (HH:MM:SS)";
			break;
		case RT_TEXT:
		case RT_JSON:
			break;
		}
	}
	return NULL;
}

static int text_op(enum store_op op)
{
	return op == SO_LIKE || op == SO_STARTS || op == SO_ENDS || op == SO_CONTAINS;
}

static int ten_digits(const char *s)
{
	size_t n = 0;

	while (isdigit((unsigned char)s[n]))
		n++;
	return n == 10 && s[n] == '\0';
}

/* A phone filter, as live: = or IN of exactly 10 digits over every phone
 * field; any other operator or value matches nothing, without an error. */
static int finish_phone(struct query *q, const struct res_filter *f, enum store_op op,
                        struct vlist *l)
{
	const char *field = f->any ? f->any : f->field;
	size_t keep = 0;

	for (size_t i = 0; i < l->n; i++) {
		if ((op == SO_EQ || op == SO_IN) && ten_digits(l->v[i]))
			l->v[keep++] = l->v[i];
		else
			free(l->v[i]);
	}
	l->n = keep;
	if (keep == 0) {
		vl_free(l);
		add_cond(q, field, f->type, SO_NONE, NULL, 0);
		return 1;
	}
	add_cond(q, field, f->type, keep == 1 ? SO_EQ : SO_IN, l->v, l->n);
	memset(l, 0, sizeof(*l));
	return 1;
}

/* Validates l for op on f and adds the condition (taking l's strings). */
static int finish(struct query *q, const struct res_filter *f, enum store_op op,
                  struct vlist *l, char **err)
{
	const char *want;

	if (f->flags & RQ_PHONE)
		return finish_phone(q, f, op, l);
	if (!text_op(op) &&
	    (want = check_values(l, (f->flags & RQ_BOOL) ? RT_BOOL : f->type)) != NULL) {
		*err = err_msg("Invalid value for %s: expected %s", f->name, want);
		vl_free(l);
		return -1;
	}
	/* A bare date against a datetime means that whole day. */
	if (op == SO_EQ && f->type == RT_DATETIME && strlen(l->v[0]) == 10) {
		vl_add(l, l->v[0], 10);
		op = SO_BETWEEN;
	}
	add_cond(q, f->any ? f->any : f->field, f->type, op, l->v, l->n);
	memset(l, 0, sizeof(*l));
	return 1;
}

/* {"operator": OP, "value": V} from JSON text or brackets. */
static int query_object(struct query *q, const struct res_filter *f, const cJSON *obj,
                        char **err)
{
	const cJSON *jop = cJSON_GetObjectItemCaseSensitive(obj, "operator");
	const cJSON *val = cJSON_GetObjectItemCaseSensitive(obj, "value");
	struct vlist l = { 0 };
	enum store_op op;

	if (!jop) {
		*err = err_msg("Invalid query object for %s: no operator", f->name);
		return -1;
	}
	if (!cJSON_IsString(jop) || query_op_parse(jop->valuestring, &op) != 0) {
		*err = err_msg("Invalid query object for %s: unknown operator%s%.20s%s",
		               f->name, cJSON_IsString(jop) ? " \"" : "",
		               cJSON_IsString(jop) ? jop->valuestring : "",
		               cJSON_IsString(jop) ? "\"" : "");
		return -1;
	}
	if (!val) {
		*err = err_msg("Invalid query object for %s: no value", f->name);
		return -1;
	}
	if (cJSON_IsArray(val) || cJSON_IsObject(val)) {
		for (const cJSON *e = val->child; e; e = e->next) {
			if (vl_add_json(&l, e) != 0) {
				vl_free(&l);
				*err = err_msg("Invalid query object for %s: values must be "
				               "strings or numbers", f->name);
				return -1;
			}
		}
		if (op != SO_IN && op != SO_BETWEEN && l.n != 1) {
			vl_free(&l);
			*err = err_msg("Invalid query object for %s: %s takes one value",
			               f->name, query_op_name(op));
			return -1;
		}
	} else if (op == SO_IN && cJSON_IsString(val)) {
		if (*val->valuestring && vl_split(&l, val->valuestring) != 0) {
			vl_free(&l);
			*err = err_msg("Invalid query object for %s: empty element in "
			               "the IN list", f->name);
			return -1;
		}
	} else if (vl_add_json(&l, val) != 0) {
		*err = err_msg("Invalid query object for %s: the value must be a "
		               "string, a number or an array", f->name);
		return -1;
	}
	if (op == SO_BETWEEN && l.n != 2) {
		vl_free(&l);
		*err = err_msg("Invalid query object for %s: BETWEEN needs an array "
		               "of two values", f->name);
		return -1;
	}
	if (op == SO_IN && l.n == 0) {
		*err = err_msg("Invalid query object for %s: IN needs at least one "
		               "value", f->name);
		return -1;
	}
	return finish(q, f, op, &l, err);
}

static int int_type(enum res_type t)
{
	return t == RT_INT || t == RT_IDLIST;
}

/* A simple value: its meaning comes from the filter. */
static int simple(struct query *q, const struct res_filter *f, const char *s, char **err)
{
	struct vlist l = { 0 };
	enum store_op op = SO_EQ;

	if (f->flags & RQ_CONTAINS)
		op = SO_CONTAINS;
	else if (f->flags & RQ_START)
		op = SO_GE;
	else if (f->flags & RQ_END)
		op = SO_LE;
	if (op == SO_EQ && (int_type(f->type) || (f->flags & RQ_CODED)) && strchr(s, ',')) {
		if (vl_split(&l, s) != 0) {
			vl_free(&l);
			*err = err_msg("Invalid value for %s: empty element in the list",
			               f->name);
			return -1;
		}
		return finish(q, f, SO_IN, &l, err);
	}
	vl_add(&l, s, strlen(s));
	return finish(q, f, op, &l, err);
}

/* An array of scalars: IN. */
static int in_array(struct query *q, const struct res_filter *f, const cJSON *arr, char **err)
{
	struct vlist l = { 0 };

	for (const cJSON *e = arr->child; e; e = e->next) {
		if (vl_add_json(&l, e) != 0) {
			vl_free(&l);
			*err = err_msg("Invalid value for %s: the list must hold strings "
			               "or numbers", f->name);
			return -1;
		}
	}
	if (l.n == 0)
		return 0;
	return finish(q, f, SO_IN, &l, err);
}

int query_add_param(struct query *q, const struct res_filter *f, const cJSON *v, char **err)
{
	const char *s, *e;
	char *text;
	cJSON *parsed;
	int rc;

	*err = NULL;
	if (cJSON_IsObject(v))
		return query_object(q, f, v, err);
	if (cJSON_IsArray(v))
		return in_array(q, f, v, err);
	if (!cJSON_IsString(v))
		return 0;
	s = v->valuestring;
	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	if (e == s)
		return 0;
	text = xstrndup(s, (size_t)(e - s));
	if (*text == '{') {
		parsed = cJSON_Parse(text);
		if (!cJSON_IsObject(parsed))
			*err = err_msg("Invalid query object for %s: malformed JSON", f->name);
		rc = *err ? -1 : query_object(q, f, parsed, err);
		cJSON_Delete(parsed);
	} else if (*text == '[' && (parsed = cJSON_Parse(text)) != NULL) {
		rc = in_array(q, f, parsed, err);
		cJSON_Delete(parsed);
	} else {
		/* "[Draft]" in a text filter is text, not a broken list. */
		rc = simple(q, f, text, err);
	}
	free(text);
	return rc;
}

void query_add_in(struct query *q, const char *field, enum res_type type, const char *in)
{
	struct vlist l = { 0 };

	if (vl_split(&l, in) != 0 || l.n == 0) {
		vl_free(&l);
		return;
	}
	add_cond(q, field, type, SO_IN, l.v, l.n);
}

/* The code v stands for: an integer as it is, a stored text as its pair's
 * code.  0 with *code set, -1 for anything else. */
static int code_of(const char *v, const char *const *pairs, long long *code)
{
	for (const char *const *p = pairs; p[0] && p[1]; p += 2) {
		if (strcmp(v, p[1]) == 0) {
			v = p[0];
			break;
		}
	}
	if (!is_int(v))
		return -1;
	*code = strtoll(v, NULL, 10);
	return 0;
}

static int order_holds(enum store_op op, long long c, const long long *bound)
{
	switch (op) {
	case SO_LT: return c < bound[0];
	case SO_LE: return c <= bound[0];
	case SO_GT: return c > bound[0];
	case SO_GE: return c >= bound[0];
	case SO_BETWEEN: return c >= bound[0] && c <= bound[1];
	default: return 0;
	}
}

/* Condition i, an ordering of codes, as IN of the stored texts whose codes
 * satisfy it (SO_NONE when none does, or a bound is no code): the texts do
 * not sort as their codes ("No" > "CC" where 0 < 1). */
static void order_to_in(struct query *q, size_t i, const char *const *pairs)
{
	struct store_cond *c = &q->conds[i];
	struct vlist l = { 0 };
	long long bound[2] = { 0, 0 };
	int ok = c->n_values == (c->op == SO_BETWEEN ? 2u : 1u);

	for (size_t j = 0; ok && j < c->n_values; j++)
		ok = code_of(q->values[i][j], pairs, &bound[j]) == 0;
	for (const char *const *p = pairs; ok && p[0] && p[1]; p += 2)
		if (is_int(p[0]) && order_holds(c->op, strtoll(p[0], NULL, 10), bound))
			vl_add(&l, p[1], strlen(p[1]));
	for (size_t j = 0; j < c->n_values; j++)
		free(q->values[i][j]);
	free(q->values[i]);
	q->values[i] = l.v;
	c->values = (const char *const *)l.v;
	c->n_values = l.n;
	c->op = l.n ? SO_IN : SO_NONE;
}

void query_translate(struct query *q, size_t first, const char *const *pairs)
{
	for (size_t i = first; i < q->n; i++) {
		enum store_op op = q->conds[i].op;

		if (op == SO_LT || op == SO_LE || op == SO_GT || op == SO_GE || op == SO_BETWEEN) {
			order_to_in(q, i, pairs);
			continue;
		}
		for (size_t j = 0; j < q->conds[i].n_values; j++) {
			for (const char *const *p = pairs; p[0] && p[1]; p += 2) {
				if (strcmp(q->values[i][j], p[0]) == 0) {
					free(q->values[i][j]);
					q->values[i][j] = xstrdup(p[1]);
					break;
				}
			}
		}
	}
}
