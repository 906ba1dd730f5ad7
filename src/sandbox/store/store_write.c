/* store_write.c: inserting, updating and deleting records, and the changelog they leave. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/store/store.h"
#include "sandbox/store/store_internal.h"

/* A canonical decimal integer ("0", "-12", never "012" or "+1"), which an
 * INTEGER column would read back unchanged; anything else is stored as the
 * text it is so a record reads back byte for byte. */
static int store_canon_int(const char *v, long long *out)
{
	const char *p = v;
	char *end;

	if (*p == '-')
		p++;
	if (*p < '0' || *p > '9' || (*p == '0' && p[1]) || strlen(p) > 18 || (v[0] == '-' && *p == '0'))
		return 0;
	for (const char *q = p; *q; q++)
		if (*q < '0' || *q > '9')
			return 0;
	*out = strtoll(v, &end, 10);
	return 1;
}

/* The ways an unset value is written: an RF_NULL field stores them as null. */
static int store_unset(const char *v)
{
	return !*v || !strcmp(v, "0000-00-00") || !strcmp(v, "0000-00-00 00:00:00") ||
	       !strcmp(v, "[]");
}

/* Binds one field value (NULL for SQL NULL) to parameter k. */
static int store_bind_field(sqlite3_stmt *st, int k, const struct res_field *f, const char *v)
{
	long long i;

	if (!v || ((f->flags & RF_NULL) && store_unset(v)))
		return sqlite3_bind_null(st, k);
	if (f->type == RT_INT && store_canon_int(v, &i))
		return sqlite3_bind_int64(st, k, i);
	return sqlite3_bind_text(st, k, v, -1, SQLITE_STATIC);
}

/* What an unset field holds on the service. */
static const char *store_default(const struct res_field *f)
{
	if (f->flags & RF_NULL)
		return NULL;
	if (f->flags & RF_ZERO)
		return "0";
	if (f->type == RT_DATE)
		return "0000-00-00";
	if (f->type == RT_DATETIME)
		return "0000-00-00 00:00:00";
	return NULL;
}

int store_insert_row(struct store *s, const struct resource *r,
                     const char *const *values, long long *id, char **err)
{
	const struct store_table *t = store_table_of(s, r);
	struct store_conn *c;
	sqlite3_stmt *st;
	const char *pk;
	long long pk_value;
	int took, ok = 0;

	if (!t)
		return store_errf(err, "unknown resource %s", r ? r->name : "(none)");
	if (!values)
		return store_errf(err, "no values to insert into %s", r->name);
	pk = t->pk_field >= 0 ? values[t->pk_field] : NULL;
	if (pk && !store_canon_int(pk, &pk_value))
		return store_errf(err, "invalid %s \"%s\"", r->pk, pk);
	if (!(c = store_conn_get(s, err)) || store_write_enter(c, &took, err) < 0)
		return -1;
	if (!(st = store_table_stmt(c, t, 0, err)))
		goto out;
	if (pk)
		sqlite3_bind_int64(st, 1, pk_value);
	else
		sqlite3_bind_null(st, 1);
	for (size_t i = 0; i < r->n_fields; i++)
		if (t->col[i] > 0 && store_bind_field(st, t->col[i] + 1, &r->fields[i], values[i]) != SQLITE_OK) {
			store_fail(err, c->db, "bind");
			sqlite3_reset(st);
			goto out;
		}
	if (store_step(c, st) == SQLITE_DONE) {
		ok = 1;
		if (id)
			*id = sqlite3_last_insert_rowid(c->db);
	} else {
		struct strbuf what = STRBUF_INIT;
		strbuf_addf(&what, "insert into %s", r->name);
		store_fail(err, c->db, strbuf_str(&what));
		strbuf_free(&what);
	}
	sqlite3_reset(st);
out:
	if (store_write_leave(c, took, ok, ok ? err : NULL) < 0)
		return -1;
	return ok ? 0 : -1;
}

/* The stored text of a JSON value for field f (malloc'd), NULL for null. */
static char *store_text(const struct res_field *f, const cJSON *v)
{
	char buf[64];

	if (cJSON_IsString(v) || cJSON_IsRaw(v))
		return xstrdup(v->valuestring ? v->valuestring : "");
	if (cJSON_IsTrue(v))
		return xstrdup("1");
	if (cJSON_IsFalse(v))
		return xstrdup("0");
	if (cJSON_IsNumber(v)) {
		double d = v->valuedouble;

		if (f->type == RT_NUM) {
			/* Amounts as the wire writes them, unless that loses digits. */
			snprintf(buf, sizeof(buf), "%.2f", d);
			if (strtod(buf, NULL) != d)
				snprintf(buf, sizeof(buf), "%.15g", d);
		} else if (d == floor(d) && fabs(d) < 1e18) {
			snprintf(buf, sizeof(buf), "%.0f", d);
		} else {
			snprintf(buf, sizeof(buf), "%.15g", d);
		}
		return xstrdup(buf);
	}
	if (cJSON_IsArray(v) || cJSON_IsObject(v)) {
		char *json = cJSON_PrintUnformatted(v);
		char *copy = xstrdup(json ? json : "null");
		cJSON_free(json);
		return copy;
	}
	return NULL;
}

/* Fills vals (indexed like r->fields, malloc'd strings) from obj's members;
 * set[i] marks the fields obj names.  Derived fields and the pk are left to
 * the caller; an unknown member is an error. */
static int store_values(const struct resource *r, const cJSON *obj, char **vals,
                        char *set, char **err)
{
	const cJSON *m;

	if (!cJSON_IsObject(obj))
		return store_errf(err, "record for %s is not an object", r->name);
	cJSON_ArrayForEach(m, obj) {
		int i = m->string ? store_field_index(r, m->string) : -1;

		if (i < 0)
			return store_errf(err, "unknown field %s for %s",
			                  m->string ? m->string : "(unnamed)", r->name);
		if (r->fields[i].flags & RF_DERIVED)
			continue;
		free(vals[i]);
		vals[i] = store_text(&r->fields[i], m);
		set[i] = 1;
	}
	return 0;
}

static void store_values_free(char **vals, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(vals[i]);
	free(vals);
}

int store_insert(struct store *s, const struct resource *r, const cJSON *obj,
                 long long *id, char **err)
{
	char **vals, *set;
	int rc;

	if (!r)
		return store_errf(err, "no resource");
	vals = xcalloc(r->n_fields + 1, sizeof(*vals));
	set = xcalloc(r->n_fields + 1, 1);
	rc = store_values(r, obj, vals, set, err);
	for (size_t i = 0; rc == 0 && i < r->n_fields; i++)
		if (!set[i] && store_default(&r->fields[i]))
			vals[i] = xstrdup(store_default(&r->fields[i]));
	if (rc == 0)
		rc = store_insert_row(s, r, (const char *const *)vals, id, err);
	store_values_free(vals, r->n_fields);
	free(set);
	return rc;
}

/* 1 when record id of t exists, 0 when not, -1 on error. */
static int store_exists(struct store_conn *c, const struct store_table *t, long long id, char **err)
{
	sqlite3_stmt *st = store_table_stmt(c, t, 1, err);
	int rc;

	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	rc = store_step(c, st);
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return 1;
	return rc == SQLITE_DONE ? 0 : store_fail(err, c->db, "lookup");
}

int store_update(struct store *s, const struct resource *r, long long id,
                 const cJSON *obj, char **err)
{
	const struct store_table *t = store_table_of(s, r);
	struct strbuf sql = STRBUF_INIT;
	struct store_conn *c;
	sqlite3_stmt *st = NULL;
	char **vals, *set;
	int took, k = 0, rc = -1;

	if (!t)
		return store_errf(err, "unknown resource %s", r ? r->name : "(none)");
	vals = xcalloc(r->n_fields + 1, sizeof(*vals));
	set = xcalloc(r->n_fields + 1, 1);
	if (store_values(r, obj, vals, set, err) < 0 || !(c = store_conn_get(s, err))) {
		store_values_free(vals, r->n_fields);
		free(set);
		return -1;
	}
	if (store_write_enter(c, &took, err) < 0) {
		store_values_free(vals, r->n_fields);
		free(set);
		return -1;
	}
	strbuf_adds(&sql, "UPDATE ");
	store_quote(&sql, r->name);
	for (size_t i = 0; i < r->n_fields; i++) {
		if (!set[i] || t->col[i] <= 0)
			continue; /* the pk names the record, it is not changed */
		strbuf_adds(&sql, k++ ? ", " : " SET ");
		store_quote(&sql, r->fields[i].name);
		strbuf_adds(&sql, " = ?");
	}
	if (k == 0) {
		int e = store_exists(c, t, id, err);
		rc = e < 0 ? -1 : !e;
		goto out;
	}
	strbuf_adds(&sql, " WHERE ");
	store_quote(&sql, r->pk);
	strbuf_adds(&sql, " = ?");
	if (!(st = store_stmt(c, strbuf_str(&sql), err)))
		goto out;
	k = 0;
	for (size_t i = 0; i < r->n_fields; i++)
		if (set[i] && t->col[i] > 0 && store_bind_field(st, ++k, &r->fields[i], vals[i]) != SQLITE_OK) {
			store_fail(err, c->db, "bind");
			goto out;
		}
	sqlite3_bind_int64(st, k + 1, id);
	if (store_step(c, st) != SQLITE_DONE) {
		struct strbuf what = STRBUF_INIT;
		strbuf_addf(&what, "update %s", r->name);
		store_fail(err, c->db, strbuf_str(&what));
		strbuf_free(&what);
		goto out;
	}
	rc = sqlite3_changes(c->db) ? 0 : 1;
out:
	if (st)
		store_stmt_done(c, st);
	if (store_write_leave(c, took, rc >= 0, rc >= 0 ? err : NULL) < 0)
		rc = -1;
	strbuf_free(&sql);
	store_values_free(vals, r->n_fields);
	free(set);
	return rc;
}

int store_delete_where(struct store *s, const struct resource *r,
                       const char *field, long long value, size_t *n_deleted,
                       char **err)
{
	const struct store_table *t = store_table_of(s, r);
	struct strbuf sql = STRBUF_INIT;
	struct store_conn *c;
	sqlite3_stmt *st;
	int took, ok = 0;

	if (n_deleted)
		*n_deleted = 0;
	if (!t)
		return store_errf(err, "unknown resource %s", r ? r->name : "(none)");
	if (!field || store_column(t, field) < 0)
		return store_errf(err, "unknown field %s for %s", field ? field : "(none)", r->name);
	if (!(c = store_conn_get(s, err)) || store_write_enter(c, &took, err) < 0)
		return -1;
	strbuf_adds(&sql, "DELETE FROM ");
	store_quote(&sql, r->name);
	strbuf_adds(&sql, " WHERE ");
	store_quote(&sql, field);
	strbuf_adds(&sql, " = ?");
	if ((st = store_stmt(c, strbuf_str(&sql), err))) {
		sqlite3_bind_int64(st, 1, value);
		ok = store_step(c, st) == SQLITE_DONE;
		if (!ok)
			store_fail(err, c->db, "delete");
		else if (n_deleted)
			*n_deleted = (size_t)sqlite3_changes(c->db);
		store_stmt_done(c, st);
	}
	strbuf_free(&sql);
	if (store_write_leave(c, took, ok, ok ? err : NULL) < 0)
		return -1;
	return ok ? 0 : -1;
}

/* The officeID of the changed record, when its resource has one. */
static char *store_office_of(struct store_conn *c, int class_id, long long reference_id)
{
	for (size_t i = 0; i < c->s->n_tables; i++) {
		const struct store_table *t = &c->s->tables[i];
		int col = store_column(t, "officeID");
		sqlite3_stmt *st;
		char *office = NULL;

		if (t->r->class_id != class_id || col < 0 || !(st = store_table_stmt(c, t, 1, NULL)))
			continue;
		sqlite3_bind_int64(st, 1, reference_id);
		if (store_step(c, st) == SQLITE_ROW && sqlite3_column_type(st, col) != SQLITE_NULL)
			office = xstrdup((const char *)sqlite3_column_text(st, col));
		sqlite3_reset(st);
		return office;
	}
	return NULL;
}

static void store_set(const struct resource *r, char **vals, const char *field, char *v)
{
	int i = store_field_index(r, field);

	if (i >= 0 && !(r->fields[i].flags & RF_DERIVED)) {
		free(vals[i]);
		vals[i] = v;
	} else {
		free(v);
	}
}

static char *store_lld(long long v)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%lld", v);
	return strbuf_detach(&sb, NULL);
}

/* The latest time of day (seconds) of field on day in table, or -1. */
static long latest_on(struct store *s, const char *table, const char *field, const char *day)
{
	const struct store_table *t = store_table_named(s, table);
	struct strbuf sql = STRBUF_INIT, from = STRBUF_INIT, to = STRBUF_INIT;
	struct store_conn *c;
	sqlite3_stmt *st;
	long secs = -1;
	unsigned h, m, sec;

	if (!t || store_column(t, field) < 0 || !(c = store_conn_get(s, NULL)))
		return -1;
	strbuf_addf(&sql, "SELECT MAX(\"%s\") FROM \"%s\" WHERE \"%s\" >= ?1 AND \"%s\" <= ?2",
	            field, table, field, field);
	strbuf_addf(&from, "%s 00:00:00", day);
	strbuf_addf(&to, "%s 23:59:59", day);
	st = store_stmt(c, sql.buf, NULL);
	if (st) {
		sqlite3_bind_text(st, 1, from.buf, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, to.buf, -1, SQLITE_STATIC);
		if (store_step(c, st) == SQLITE_ROW && sqlite3_column_text(st, 0) &&
		    sscanf((const char *)sqlite3_column_text(st, 0) + 10, " %2u:%2u:%2u", &h, &m, &sec) == 3)
			secs = (long)(h * 3600 + m * 60 + sec);
		store_stmt_done(c, st);
	}
	strbuf_free(&sql);
	strbuf_free(&from);
	strbuf_free(&to);
	return secs > 86399 ? 86399 : secs;
}

void store_set_today(struct store *s, const char *today)
{
	char day[11];
	time_t now = time(NULL);
	struct tm tm;
	long a, b;

	snprintf(s->today, sizeof(s->today), "%s", today && strlen(today) == 10 ? today : "");
	localtime_r(&now, &tm);
	strftime(day, sizeof(day), "%Y-%m-%d", &tm);
	if (s->today[0])
		memcpy(day, s->today, sizeof(day));
	a = latest_on(s, "changelog", "dateChanged", day);
	b = latest_on(s, "appointment", "dateUpdated", day);
	/* A second past the latest stamp: a change made at once is newer
	 * than the day it changes, not of the same second. */
	s->clock_floor = a > b ? a : b;
	if (s->clock_floor >= 0 && s->clock_floor < 86399)
		s->clock_floor++;
	clock_gettime(CLOCK_MONOTONIC, &s->clock_start);
}

long store_clock_secs(struct store *s)
{
	time_t now = time(NULL);
	struct tm tm;
	long secs;

	localtime_r(&now, &tm);
	secs = (long)tm.tm_hour * 3600 + tm.tm_min * 60 + tm.tm_sec;
	if (s && s->clock_floor >= 0) {
		struct timespec t;
		long floor;

		clock_gettime(CLOCK_MONOTONIC, &t);
		floor = s->clock_floor + (long)(t.tv_sec - s->clock_start.tv_sec);
		if (floor > secs)
			secs = floor;
	}
	return secs > 86399 ? 86399 : secs;
}

void store_clock(struct store *s, char out[20])
{
	time_t now = time(NULL);
	struct tm tm;
	long secs = store_clock_secs(s);
	char day[11];

	localtime_r(&now, &tm);
	strftime(day, sizeof(day), "%Y-%m-%d", &tm);
	snprintf(out, 20, "%.10s %02u:%02u:%02u", s && s->today[0] ? s->today : day,
	         (unsigned)(secs / 3600) % 24, (unsigned)(secs / 60 % 60), (unsigned)(secs % 60));
}

int store_changelog(struct store *s, int class_id, long long reference_id,
                    long long employee_id, const cJSON *notes, char **err)
{
	const struct store_table *t = store_table_named(s, "changelog");
	const struct resource *r;
	const char *class_name = res_class_name(class_id);
	struct store_conn *c;
	char **vals, now[20];
	int rc;

	if (!t)
		return store_errf(err, "the store has no changelog table");
	if (!(c = store_conn_get(s, err)))
		return -1;
	r = t->r;
	vals = xcalloc(r->n_fields + 1, sizeof(*vals));
	for (size_t i = 0; i < r->n_fields; i++)
		if (store_default(&r->fields[i]))
			vals[i] = xstrdup(store_default(&r->fields[i]));
	store_clock(s, now);
	store_set(r, vals, "classID", store_lld(class_id));
	store_set(r, vals, "class", class_name ? xstrdup(class_name) : NULL);
	store_set(r, vals, "dateChanged", xstrdup(now));
	store_set(r, vals, "employeeID", store_lld(employee_id));
	store_set(r, vals, "referenceID", store_lld(reference_id));
	store_set(r, vals, "officeID", store_office_of(c, class_id, reference_id));
	if (notes) {
		char *json = cJSON_PrintUnformatted(notes);
		store_set(r, vals, "notes", xstrdup(json ? json : "null"));
		cJSON_free(json);
	}
	rc = store_insert_row(s, r, (const char *const *)vals, NULL, err);
	store_values_free(vals, r->n_fields);
	return rc;
}
