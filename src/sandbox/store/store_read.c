/* store_read.c: searching, reading records back as JSON, and the fields derived from other records. */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/store/store.h"
#include "sandbox/store/store_internal.h"

/* An IN list longer than this travels as one JSON array bound to
 * json_each(?): one statement shape for any length (so it stays cached) and
 * no bound on the number of values. */
#define STORE_IN_INLINE 16

/* Nested records (a ticket's items) are rendered this deep at most. */
#define STORE_DERIVED_DEPTH 2

/*
 * Fields computed at read time from other tables: the record's pk is
 * looked up in source.key (and only = only_value when only is set).  Either
 * the matching ids as a comma string (null when none), or the matching
 * records as an array rendered like store_get.  A field marked RF_DERIVED
 * that is not listed here, or whose source is missing, reads as null.
 */
struct store_derived {
	const char *resource;
	const char *field;
	const char *source;
	const char *key;
	const char *only;
	long long only_value;
	int records;
};

static const struct store_derived store_derived[] = {
	{ "customer", "subscriptionIDs", "subscription", "customerID", NULL, 0, 0 },
	{ "customer", "appointmentIDs", "appointment", "customerID", NULL, 0, 0 },
	{ "customer", "ticketIDs", "ticket", "customerID", NULL, 0, 0 },
	{ "subscription", "appointmentIDs", "appointment", "subscriptionID", NULL, 0, 0 },
	{ "subscription", "completedAppointmentIDs", "appointment", "subscriptionID", "status", 1, 0 },
	{ "subscription", "addOns", "initialAddOn", "subscriptionID", NULL, 0, 1 },
	{ "ticket", "items", "ticketItem", "ticketID", NULL, 0, 1 },
};

/* One value to bind to a search statement. */
struct store_bind {
	enum { SB_INT, SB_REAL, SB_TEXT } kind;
	long long i;
	double d;
	char *text; /* owned */
};

struct store_binds {
	struct store_bind *v;
	size_t n, cap;
};

static struct store_bind *store_bind_add(struct store_binds *b)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 8;
		b->v = xrealloc(b->v, b->cap * sizeof(*b->v));
	}
	memset(&b->v[b->n], 0, sizeof(b->v[0]));
	return &b->v[b->n++];
}

static void store_binds_free(struct store_binds *b)
{
	for (size_t i = 0; i < b->n; i++)
		free(b->v[i].text);
	free(b->v);
}

/* Strict decimal integer, optional sign, nothing else. */
static int store_parse_int(const char *v, long long *out)
{
	char *end;

	if (!*v || !(*v == '-' || *v == '+' || (*v >= '0' && *v <= '9')))
		return -1;
	errno = 0;
	*out = strtoll(v, &end, 10);
	return errno || *end || end == v ? -1 : 0;
}

static int store_parse_num(const char *v, double *out)
{
	char *end;

	if (!*v || *v == ' ' || *v == '\t')
		return -1;
	errno = 0;
	*out = strtod(v, &end);
	return errno || *end || end == v || !isfinite(*out) ? -1 : 0;
}

static int store_is_date_type(enum res_type t)
{
	return t == RT_DATE || t == RT_DATETIME;
}

/* A bare "YYYY-MM-DD" compared with a date field as an upper bound stands
 * for the end of that day. */
static int store_bare_date(enum res_type t, const char *v)
{
	return store_is_date_type(t) && strlen(v) == 10;
}

/* Converts one value by the condition's type into a bind. */
static int store_bind_value(struct store_binds *b, const struct store_cond *cd,
                            const char *v, int upper, char **err)
{
	struct store_bind *x;
	long long i;
	double d;

	if (cd->type == RT_INT) {
		if (store_parse_int(v, &i) < 0)
			return store_errf(err, "invalid integer for %s: \"%s\"", cd->field, v);
		x = store_bind_add(b);
		x->kind = SB_INT;
		x->i = i;
	} else if (cd->type == RT_NUM) {
		if (store_parse_num(v, &d) < 0)
			return store_errf(err, "invalid number for %s: \"%s\"", cd->field, v);
		x = store_bind_add(b);
		x->kind = SB_REAL;
		x->d = d;
	} else {
		x = store_bind_add(b);
		x->kind = SB_TEXT;
		if (upper && store_bare_date(cd->type, v)) {
			struct strbuf sb = STRBUF_INIT;
			strbuf_addf(&sb, "%s 23:59:59", v);
			x->text = strbuf_detach(&sb, NULL);
		} else {
			x->text = xstrdup(v);
		}
	}
	return 0;
}

static void store_json_string(struct strbuf *sb, const char *v)
{
	strbuf_addc(sb, '"');
	for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
		if (*p == '"' || *p == '\\')
			strbuf_addf(sb, "\\%c", *p);
		else if (*p < 0x20)
			strbuf_addf(sb, "\\u%04x", *p);
		else
			strbuf_addc(sb, (char)*p);
	}
	strbuf_addc(sb, '"');
}

/* A long IN list as one JSON array of typed values. */
static int store_bind_json_list(struct store_binds *b, const struct store_cond *cd, char **err)
{
	struct strbuf sb = STRBUF_INIT;
	long long i;
	double d;

	strbuf_addc(&sb, '[');
	for (size_t k = 0; k < cd->n_values; k++) {
		const char *v = cd->values[k];

		if (k)
			strbuf_addc(&sb, ',');
		if (cd->type == RT_INT) {
			if (store_parse_int(v, &i) < 0) {
				strbuf_free(&sb);
				return store_errf(err, "invalid integer for %s: \"%s\"", cd->field, v);
			}
			strbuf_addf(&sb, "%lld", i);
		} else if (cd->type == RT_NUM) {
			if (store_parse_num(v, &d) < 0) {
				strbuf_free(&sb);
				return store_errf(err, "invalid number for %s: \"%s\"", cd->field, v);
			}
			strbuf_addf(&sb, "%.17g", d);
		} else {
			store_json_string(&sb, v);
		}
	}
	strbuf_addc(&sb, ']');
	struct store_bind *x = store_bind_add(b);
	x->kind = SB_TEXT;
	x->text = strbuf_detach(&sb, NULL);
	return 0;
}

/* The operand of a LIKE pattern with % _ and \ taken literally. */
static char *store_like_literal(const char *v, int lead, int trail)
{
	struct strbuf sb = STRBUF_INIT;

	if (lead)
		strbuf_addc(&sb, '%');
	for (const char *p = v; *p; p++) {
		if (*p == '%' || *p == '_' || *p == '\\')
			strbuf_addc(&sb, '\\');
		strbuf_addc(&sb, *p);
	}
	if (trail)
		strbuf_addc(&sb, '%');
	return strbuf_detach(&sb, NULL);
}

static int store_cond_sql(const struct store_table *t, const struct store_cond *cd,
                          struct strbuf *sql, struct store_binds *b, char **err);

/* "a|b OP v": (a OP v OR b OP v), each field's condition built as usual. */
static int store_cond_any_sql(const struct store_table *t, const struct store_cond *cd,
                              struct strbuf *sql, struct store_binds *b, char **err)
{
	const char *p = cd->field;
	int rc = 0;

	strbuf_addc(sql, '(');
	while (rc == 0) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		struct store_cond one = *cd;
		char *field = xstrndup(p, len);

		/* Only read while the SQL is built: the name is copied into it. */
		one.field = field;
		if (p != cd->field)
			strbuf_adds(sql, " OR ");
		rc = store_cond_sql(t, &one, sql, b, err);
		free(field);
		if (!bar)
			break;
		p = bar + 1;
	}
	strbuf_addc(sql, ')');
	return rc;
}

/* Appends one condition's SQL to sql and its values to b. */
static int store_cond_sql(const struct store_table *t, const struct store_cond *cd,
                          struct strbuf *sql, struct store_binds *b, char **err)
{
	static const char *const cmp[] = {
		[SO_EQ] = "=", [SO_NE] = "!=", [SO_LT] = "<",
		[SO_LE] = "<=", [SO_GT] = ">", [SO_GE] = ">=",
	};
	size_t want = cd->op == SO_BETWEEN ? 2 : 1;
	struct store_bind *x;

	if (cd->op == SO_NONE) {
		strbuf_adds(sql, "0");
		return 0;
	}
	if (cd->field && strchr(cd->field, '|'))
		return store_cond_any_sql(t, cd, sql, b, err);
	if (!cd->field || store_column(t, cd->field) < 0)
		return store_errf(err, "unknown field %s for %s", cd->field ? cd->field : "(none)",
		                  t->r->name);
	if ((unsigned)cd->op >= SO_NONE)
		return store_errf(err, "unknown operator for %s", cd->field);
	if (cd->op == SO_IN ? cd->n_values < 1 : cd->n_values != want)
		return store_errf(err, "wrong number of values for %s", cd->field);
	for (size_t k = 0; k < cd->n_values; k++)
		if (!cd->values || !cd->values[k])
			return store_errf(err, "missing value for %s", cd->field);

	if (cd->op >= SO_LIKE) {
		/* Text matching whatever the type: an integer column compares
		 * as its decimal text. */
		store_quote(sql, cd->field);
		x = store_bind_add(b);
		x->kind = SB_TEXT;
		if (cd->op == SO_LIKE) {
			strbuf_adds(sql, " LIKE ?");
			x->text = xstrdup(cd->values[0]);
		} else {
			strbuf_adds(sql, " LIKE ? ESCAPE '\\'");
			x->text = store_like_literal(cd->values[0], cd->op != SO_STARTS,
			                             cd->op != SO_ENDS);
		}
		return 0;
	}

	int fi = store_field_index(t->r, cd->field);
	int int_col = fi < 0 || t->r->fields[fi].type == RT_INT; /* else the pk */

	if (cd->type == RT_NUM || (cd->type == RT_INT && !int_col)) {
		/* A TEXT column would compare a bound number as text. */
		strbuf_adds(sql, "CAST(");
		store_quote(sql, cd->field);
		strbuf_adds(sql, cd->type == RT_NUM ? " AS REAL)" : " AS INTEGER)");
	} else {
		store_quote(sql, cd->field);
	}
	switch (cd->op) {
	case SO_IN:
		if (cd->n_values > STORE_IN_INLINE) {
			strbuf_adds(sql, " IN (SELECT value FROM json_each(?))");
			return store_bind_json_list(b, cd, err);
		}
		strbuf_adds(sql, " IN (");
		for (size_t k = 0; k < cd->n_values; k++) {
			strbuf_adds(sql, k ? ", ?" : "?");
			if (store_bind_value(b, cd, cd->values[k], 0, err) < 0)
				return -1;
		}
		strbuf_addc(sql, ')');
		return 0;
	case SO_BETWEEN:
		strbuf_adds(sql, " BETWEEN ? AND ?");
		if (store_bind_value(b, cd, cd->values[0], 0, err) < 0)
			return -1;
		return store_bind_value(b, cd, cd->values[1], 1, err);
	case SO_EQ:
	case SO_NE:
		/* A bare date against a date-time field means that whole day. */
		if (cd->type == RT_DATETIME && store_bare_date(cd->type, cd->values[0])) {
			strbuf_adds(sql, cd->op == SO_EQ ? " BETWEEN ? AND ?" : " NOT BETWEEN ? AND ?");
			if (store_bind_value(b, cd, cd->values[0], 0, err) < 0)
				return -1;
			return store_bind_value(b, cd, cd->values[0], 1, err);
		}
		/* fall through */
	default:
		strbuf_addf(sql, " %s ?", cmp[cd->op]);
		/* "<= day" and "> day" both mean the end of that day. */
		return store_bind_value(b, cd, cd->values[0], cd->op == SO_LE || cd->op == SO_GT, err);
	}
}

static int store_bind_all(struct store_conn *c, sqlite3_stmt *st,
                          const struct store_binds *b, char **err)
{
	for (size_t i = 0; i < b->n; i++) {
		const struct store_bind *x = &b->v[i];
		int rc, k = (int)i + 1;

		if (x->kind == SB_INT)
			rc = sqlite3_bind_int64(st, k, x->i);
		else if (x->kind == SB_REAL)
			rc = sqlite3_bind_double(st, k, x->d);
		else
			rc = sqlite3_bind_text(st, k, x->text, -1, SQLITE_STATIC);
		if (rc != SQLITE_OK)
			return store_fail(err, c->db, "bind");
	}
	return 0;
}

int store_search(struct store *s, const struct resource *r,
                 const struct store_cond *conds, size_t n_conds, size_t cap,
                 long long **ids, size_t *n, char **err)
{
	const struct store_table *t = store_table_of(s, r);
	struct store_conn *c;
	struct strbuf sql = STRBUF_INIT;
	struct store_binds b = { NULL, 0, 0 };
	sqlite3_stmt *st = NULL;
	size_t have = 0, room = 0;
	long long *out = NULL;
	int rc = -1, step;

	*ids = NULL;
	*n = 0;
	if (!t)
		return store_errf(err, "unknown resource %s", r ? r->name : "(none)");
	if (!(c = store_conn_get(s, err)))
		return -1;
	strbuf_adds(&sql, "SELECT ");
	store_quote(&sql, r->pk);
	strbuf_adds(&sql, " FROM ");
	store_quote(&sql, r->name);
	for (size_t i = 0; i < n_conds; i++) {
		strbuf_adds(&sql, i ? " AND " : " WHERE ");
		if (store_cond_sql(t, &conds[i], &sql, &b, err) < 0)
			goto out;
	}
	strbuf_adds(&sql, " ORDER BY ");
	store_quote(&sql, r->pk);
	if (cap) {
		strbuf_adds(&sql, " LIMIT ?");
		struct store_bind *x = store_bind_add(&b);
		x->kind = SB_INT;
		x->i = cap > (size_t)0x7fffffffffffffffLL ? 0x7fffffffffffffffLL : (long long)cap;
	}
	if (!(st = store_stmt(c, strbuf_str(&sql), err)) || store_bind_all(c, st, &b, err) < 0)
		goto out;
	while ((step = store_step(c, st)) == SQLITE_ROW) {
		if (have == room) {
			room = room ? 2 * room : 64;
			out = xrealloc(out, room * sizeof(*out));
		}
		out[have++] = sqlite3_column_int64(st, 0);
	}
	if (step != SQLITE_DONE) {
		store_fail(err, c->db, "search");
		goto out;
	}
	*ids = out;
	*n = have;
	out = NULL;
	rc = 0;
out:
	if (st)
		store_stmt_done(c, st);
	free(out);
	store_binds_free(&b);
	strbuf_free(&sql);
	return rc;
}

long long store_count(struct store *s, const struct resource *r)
{
	const struct store_table *t = store_table_of(s, r);
	struct store_conn *c = store_conn_get(s, NULL);
	struct strbuf sql = STRBUF_INIT;
	sqlite3_stmt *st;
	long long count = -1;

	if (!t || !c)
		return -1;
	strbuf_adds(&sql, "SELECT count(*) FROM ");
	store_quote(&sql, r->name);
	st = store_stmt(c, strbuf_str(&sql), NULL);
	strbuf_free(&sql);
	if (!st)
		return -1;
	if (store_step(c, st) == SQLITE_ROW)
		count = sqlite3_column_int64(st, 0);
	store_stmt_done(c, st);
	return count;
}

static cJSON *store_value(const struct res_field *f, sqlite3_stmt *st, int col)
{
	const char *text;
	cJSON *v;

	switch (sqlite3_column_type(st, col)) {
	case SQLITE_NULL:
		return cJSON_CreateNull();
	case SQLITE_INTEGER: {
		/* Formatted here: sqlite3_column_text would allocate a copy. */
		char buf[24], *p = buf + sizeof(buf);
		long long i = sqlite3_column_int64(st, col);
		unsigned long long u = i < 0 ? 0ULL - (unsigned long long)i : (unsigned long long)i;

		*--p = '\0';
		do
			*--p = (char)('0' + u % 10);
		while (u /= 10);
		if (i < 0)
			*--p = '-';
		return cJSON_CreateString(p);
	}
	default:
		break;
	}
	text = (const char *)sqlite3_column_text(st, col);
	if (!text)
		return cJSON_CreateNull();
	if (f->type == RT_JSON || (f->type == RT_IDLIST && text[0] == '[')) {
		v = cJSON_ParseWithLength(text, (size_t)sqlite3_column_bytes(st, col));
		if (v)
			return v;
		if (f->type == RT_JSON)
			return cJSON_CreateNull();
	}
	return cJSON_CreateString(text);
}

static int store_wanted(const struct res_field *f, int byid)
{
	return !(f->flags & RF_HIDDEN) && (byid || !(f->flags & RF_BYID));
}

static int store_cmp_id(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* Sorts ids and drops repeats; returns the new count. */
static size_t store_sort_ids(long long *ids, size_t n)
{
	size_t m = 0;

	qsort(ids, n, sizeof(*ids), store_cmp_id);
	for (size_t i = 0; i < n; i++)
		if (m == 0 || ids[m - 1] != ids[i])
			ids[m++] = ids[i];
	return m;
}

static const struct store_derived *store_derived_find(const struct resource *r, const char *field)
{
	for (size_t i = 0; i < sizeof(store_derived) / sizeof(store_derived[0]); i++)
		if (strcmp(store_derived[i].resource, r->name) == 0
		    && strcmp(store_derived[i].field, field) == 0)
			return &store_derived[i];
	return NULL;
}

/* Rows of source whose key is one of ids (ascending), as (key, source pk)
 * pairs ordered by key then pk: one statement for a whole answer rather than
 * one per record. */
static int store_derived_pairs(struct store_conn *c, const struct store_derived *d,
                               const struct store_table *src, const long long *ids,
                               size_t n, long long **pairs, size_t *n_pairs, char **err)
{
	struct strbuf sql = STRBUF_INIT, list = STRBUF_INIT;
	sqlite3_stmt *st;
	size_t room = 0;
	int step;

	*pairs = NULL;
	*n_pairs = 0;
	strbuf_adds(&sql, "SELECT ");
	store_quote(&sql, d->key);
	strbuf_adds(&sql, ", ");
	store_quote(&sql, src->r->pk);
	strbuf_adds(&sql, " FROM ");
	store_quote(&sql, src->r->name);
	strbuf_adds(&sql, " WHERE ");
	store_quote(&sql, d->key);
	strbuf_adds(&sql, " IN (SELECT value FROM json_each(?))");
	if (d->only) {
		strbuf_adds(&sql, " AND ");
		store_quote(&sql, d->only);
		strbuf_adds(&sql, " = ?");
	}
	strbuf_adds(&sql, " ORDER BY 1, 2");
	st = store_stmt(c, strbuf_str(&sql), err);
	strbuf_free(&sql);
	if (!st)
		return -1;
	strbuf_addc(&list, '[');
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&list, i ? ",%lld" : "%lld", ids[i]);
	strbuf_addc(&list, ']');
	sqlite3_bind_text(st, 1, strbuf_str(&list), (int)list.len, SQLITE_STATIC);
	if (d->only)
		sqlite3_bind_int64(st, 2, d->only_value);
	while ((step = store_step(c, st)) == SQLITE_ROW) {
		if (*n_pairs == room) {
			room = room ? 2 * room : 64;
			*pairs = xrealloc(*pairs, 2 * room * sizeof(**pairs));
		}
		(*pairs)[2 * *n_pairs] = sqlite3_column_int64(st, 0);
		(*pairs)[2 * *n_pairs + 1] = sqlite3_column_int64(st, 1);
		++*n_pairs;
	}
	if (step != SQLITE_DONE)
		store_fail(err, c->db, "derived field");
	store_stmt_done(c, st);
	strbuf_free(&list);
	return step == SQLITE_DONE ? 0 : -1;
}

static int store_fill(struct store_conn *c, const struct store_table *t, const long long *ids,
                      size_t n, int byid, int depth, cJSON **recs, char **err);

/* Puts v in place of the placeholder of field name in rec. */
static void store_replace(cJSON *rec, cJSON *placeholder, const char *name, cJSON *v)
{
	/* ReplaceItemViaPointer keeps the replacement's own name, which is
	 * none: give it the field's static name as the placeholder had. */
	v->string = (char *)name;
	v->type |= cJSON_StringIsConst;
	cJSON_ReplaceItemViaPointer(rec, placeholder, v);
}

/* Derived field fi of t for the records ids[0..n) (ascending, distinct):
 * vals[k] gets record k's value, or stays NULL where the field reads null
 * (no match, an unknown field, a source this store lacks, too deep).
 * store_text.c renders the same values, so both paths share this. */
int store_derived_values(struct store_conn *c, const struct store_table *t, size_t fi,
                         const long long *ids, size_t n, int byid, int depth,
                         cJSON **vals, char **err)
{
	const char *name = t->r->fields[fi].name;
	const struct store_derived *d = store_derived_find(t->r, name);
	const struct store_table *src;
	long long *pairs, *sub_ids = NULL;
	cJSON **subs = NULL;
	size_t n_pairs, n_sub = 0, p = 0;
	struct strbuf sb = STRBUF_INIT;

	/* Unknown, or its source is not in this store: every value stays null. */
	if (!d || depth >= STORE_DERIVED_DEPTH || !(src = store_table_named(c->s, d->source))
	    || store_column(src, d->key) < 0 || (d->only && store_column(src, d->only) < 0))
		return 0;
	if (store_derived_pairs(c, d, src, ids, n, &pairs, &n_pairs, err) < 0) {
		free(pairs); /* the rows read before the failing step */
		return -1;
	}
	if (d->records && n_pairs) {
		sub_ids = xmalloc(n_pairs * sizeof(*sub_ids));
		for (size_t i = 0; i < n_pairs; i++)
			sub_ids[i] = pairs[2 * i + 1];
		n_sub = store_sort_ids(sub_ids, n_pairs);
		subs = xcalloc(n_sub, sizeof(*subs));
		if (store_fill(c, src, sub_ids, n_sub, byid, depth + 1, subs, err) < 0) {
			free(sub_ids);
			free(subs);
			free(pairs);
			return -1;
		}
	}
	for (size_t k = 0; k < n; k++) {
		cJSON *v = d->records ? cJSON_CreateArray() : NULL;

		while (p < n_pairs && pairs[2 * p] < ids[k])
			p++;
		strbuf_reset(&sb);
		for (; p < n_pairs && pairs[2 * p] == ids[k]; p++) {
			long long sid = pairs[2 * p + 1];
			if (!d->records) {
				strbuf_addf(&sb, sb.len ? ",%lld" : "%lld", sid);
				continue;
			}
			long long *at = bsearch(&sid, sub_ids, n_sub, sizeof(*sub_ids), store_cmp_id);
			cJSON **sub = at ? &subs[at - sub_ids] : NULL;
			if (sub && *sub) {
				cJSON_AddItemToArray(v, *sub);
				*sub = NULL;
			}
		}
		if (!d->records && sb.len)
			v = cJSON_CreateString(strbuf_str(&sb));
		vals[k] = v;
	}
	for (size_t i = 0; i < n_sub; i++)
		cJSON_Delete(subs[i]); /* none left unless a pk repeated */
	strbuf_free(&sb);
	free(subs);
	free(sub_ids);
	free(pairs);
	return 0;
}

/* Fills derived field f (index fi) of every record: ph[k] is record k's
 * placeholder, NULL when record k does not exist. */
static int store_derive(struct store_conn *c, const struct store_table *t, size_t fi,
                        const long long *ids, size_t n, cJSON **recs, cJSON **ph,
                        int byid, int depth, char **err)
{
	const char *name = t->r->fields[fi].name;
	cJSON **vals = xcalloc(n, sizeof(*vals));
	int rc = store_derived_values(c, t, fi, ids, n, byid, depth, vals, err);

	for (size_t k = 0; k < n; k++) {
		if (rc == 0 && vals[k] && ph[k])
			store_replace(recs[k], ph[k], name, vals[k]);
		else
			cJSON_Delete(vals[k]);
	}
	free(vals);
	return rc;
}

/* Renders records ids[0..n) of t (ascending, distinct) into recs (NULL for
 * a missing id), derived fields included.  Each row statement is reset
 * before the next runs, so no statement stays open while others do. */
static int store_fill(struct store_conn *c, const struct store_table *t, const long long *ids,
                      size_t n, int byid, int depth, cJSON **recs, char **err)
{
	const struct resource *r = t->r;
	sqlite3_stmt *st = store_table_stmt(c, t, 1, err);
	size_t nd = 0, *dfield = NULL, found = 0;
	cJSON **ph = NULL;
	int rc = 0;

	if (!st)
		return -1;
	for (size_t i = 0; i < r->n_fields; i++)
		if (t->col[i] < 0 && (r->fields[i].flags & RF_DERIVED) && store_wanted(&r->fields[i], byid)) {
			dfield = xrealloc(dfield, (nd + 1) * sizeof(*dfield));
			dfield[nd++] = i;
		}
	if (nd)
		ph = xcalloc(n * nd, sizeof(*ph));
	for (size_t k = 0; k < n; k++) {
		size_t j = 0;
		int step;

		sqlite3_bind_int64(st, 1, ids[k]);
		step = store_step(c, st);
		if (step != SQLITE_ROW) {
			sqlite3_reset(st);
			if (step == SQLITE_DONE)
				continue;
			rc = store_fail(err, c->db, "get");
			break;
		}
		recs[k] = cJSON_CreateObject();
		found++;
		for (size_t i = 0; i < r->n_fields; i++) {
			const struct res_field *f = &r->fields[i];
			cJSON *v;

			if (!store_wanted(f, byid))
				continue;
			if (t->col[i] >= 0) {
				v = store_value(f, st, t->col[i]);
			} else {
				v = cJSON_CreateNull();
				if (j < nd && dfield[j] == i)
					ph[k * nd + j++] = v;
			}
			/* Field names are static strings of the resource table. */
			cJSON_AddItemToObjectCS(recs[k], f->name, v);
		}
		sqlite3_reset(st);
	}
	for (size_t j = 0; rc == 0 && found && j < nd; j++) {
		cJSON **col = xmalloc(n * sizeof(*col));
		for (size_t k = 0; k < n; k++)
			col[k] = ph[k * nd + j];
		rc = store_derive(c, t, dfield[j], ids, n, recs, col, byid, depth, err);
		free(col);
	}
	if (rc < 0)
		for (size_t k = 0; k < n; k++) {
			cJSON_Delete(recs[k]);
			recs[k] = NULL;
		}
	free(ph);
	free(dfield);
	return rc;
}

int store_get(struct store *s, const struct resource *r, const long long *ids,
              size_t n, int byid, cJSON *out, char **err)
{
	const struct store_table *t = store_table_of(s, r);
	struct store_conn *c;
	long long *sorted;
	cJSON **recs;
	size_t m;
	int rc, snap;

	if (!t)
		return store_errf(err, "unknown resource %s", r ? r->name : "(none)");
	if (!cJSON_IsArray(out))
		return store_errf(err, "store_get needs an array to fill");
	if (n == 0)
		return 0;
	if (!ids)
		return store_errf(err, "no ids");
	if (!(c = store_conn_get(s, err)))
		return -1;
	/* One read transaction for the whole answer: a consistent snapshot,
	 * and the WAL read lock taken once instead of per statement.  Not on
	 * the shared-cache memory database, where it would hold table locks
	 * that a writer waits for while this reader waits for the writer. */
	snap = !c->in_txn && !s->memory && sqlite3_get_autocommit(c->db)
	       && store_run(c, "BEGIN", NULL) == 0;
	sorted = xmalloc(n * sizeof(*sorted));
	memcpy(sorted, ids, n * sizeof(*sorted));
	m = store_sort_ids(sorted, n);
	recs = xcalloc(m, sizeof(*recs));
	rc = store_fill(c, t, sorted, m, byid, 0, recs, err);
	for (size_t i = 0; rc == 0 && i < m; i++)
		if (recs[i])
			cJSON_AddItemToArray(out, recs[i]);
	free(recs);
	free(sorted);
	if (snap)
		store_run(c, "COMMIT", NULL);
	return rc;
}
