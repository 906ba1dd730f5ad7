/* store_text.c: records read back straight as JSON text, byte for byte what store_get's objects print as. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/store/store.h"
#include "sandbox/store/store_internal.h"

/*
 * Why: a get of 1000 customers made store_get build ~100,000 cJSON values
 * (a node and a string copy each) only for envelope.c to print and free
 * them; that malloc traffic was most of the answer's time.  Here each
 * column goes from SQLite's buffer to the output once, and all the rows
 * come from one statement (see text_rows_stmt).
 *
 * The output must equal cJSON_PrintUnformatted of store_get's records, so
 * every rule below mirrors one of cJSON 1.7's (tests/unit/test_store.c
 * compares the two over the whole resource table):
 * - strings: '"' and '\\' and \b \f \n \r \t get their short escapes, every
 *   other byte below 0x20 becomes \u00xx (lowercase hex), all else (DEL,
 *   UTF-8, even invalid UTF-8) is copied; a string ends at its first NUL;
 * - RT_JSON columns (and RT_IDLIST ones holding "[...]") are parsed and
 *   printed again by store_get, which normalises them.  Text that cJSON
 *   would print back unchanged (JSON as cJSON itself writes it, the common
 *   case) is copied as is; anything else goes through cJSON exactly as
 *   store_get does, invalid JSON included.
 */

/* Nested arrays and objects deeper than this are left to cJSON. */
#define TEXT_MAX_DEPTH 64
/* cJSON reads at most this many characters of a number. */
#define TEXT_NUM_MAX 63

/* 1 for the bytes cJSON escapes in a string. */
static const unsigned char text_escaped[256] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	['"'] = 1, ['\\'] = 1,
};

/* Room for n more bytes at the end of sb: the writers below fill the
 * buffer directly, where a strbuf_add per piece cost as much as the rest
 * of the rendering. */
static char *text_room(struct strbuf *sb, size_t n)
{
	return strbuf_reserve(sb, n);
}

/* Closes what the writers put after text_room: p is the new end. */
static void text_end(struct strbuf *sb, char *p)
{
	strbuf_setlen(sb, (size_t)(p - sb->buf));
}

static void text_put(struct strbuf *sb, const char *data, size_t n)
{
	char *p = text_room(sb, n);

	memcpy(p, data, n);
	text_end(sb, p + n);
}

/* Appends s (up to its NUL) as cJSON's print_string_ptr writes it. */
static void text_string(struct strbuf *sb, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *in = (const unsigned char *)s, *q;
	size_t extra = 0;
	char *p;

	/* One pass for the length and the escapes, as cJSON does. */
	for (q = in; *q; q++)
		if (text_escaped[*q])
			extra += *q < 0x20 && !strchr("\b\f\n\r\t", *q) ? 5 : 1;
	p = text_room(sb, (size_t)(q - in) + extra + 2);
	*p++ = '"';
	if (!extra) {
		memcpy(p, in, (size_t)(q - in));
		p += q - in;
	} else {
		for (q = in; *q; q++) {
			if (!text_escaped[*q]) {
				*p++ = (char)*q;
				continue;
			}
			*p++ = '\\';
			switch (*q) {
			case '"': *p++ = '"'; break;
			case '\\': *p++ = '\\'; break;
			case '\b': *p++ = 'b'; break;
			case '\f': *p++ = 'f'; break;
			case '\n': *p++ = 'n'; break;
			case '\r': *p++ = 'r'; break;
			case '\t': *p++ = 't'; break;
			default:
				*p++ = 'u';
				*p++ = '0';
				*p++ = '0';
				*p++ = hex[*q >> 4];
				*p++ = hex[*q & 15];
				break;
			}
		}
	}
	*p++ = '"';
	text_end(sb, p);
}

/* ---------------------------------------------- cJSON's fixed points */

static const char *text_canon_value(const char *p, const char *end, int depth);

/* A string that cJSON parses and prints back unchanged: no raw control
 * byte, and only the escapes its printer itself writes. */
static const char *text_canon_string(const char *p, const char *end)
{
	for (p++; p < end; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == '"')
			return p + 1;
		if (c < 0x20)
			return NULL;
		if (c != '\\')
			continue;
		if (++p >= end)
			return NULL;
		if (*p && strchr("\"\\bfnrt", *p))
			continue;
		/* \u00xx: only for a control byte without a short escape, and
		 * never \u0000, which would cut the string short. */
		if (*p != 'u' || end - p < 5 || p[1] != '0' || p[2] != '0'
		    || (p[3] != '0' && p[3] != '1') || !p[4] || !strchr("0123456789abcdef", p[4]))
			return NULL;
		c = (unsigned char)((p[3] - '0') * 16 + (p[4] <= '9' ? p[4] - '0' : p[4] - 'a' + 10));
		if (c == 0 || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t')
			return NULL;
		p += 4;
	}
	return NULL;
}

/* Whether a and b are equal as cJSON's print_number judges a round trip. */
static int text_close(double a, double b)
{
	double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b);

	return fabs(a - b) <= m * 2.220446049250313e-16; /* DBL_EPSILON */
}

/* A number whose cJSON rendering ("%1.15g", or "%1.17g" when that does not
 * read back) is the number's own text. */
static const char *text_canon_number(const char *p, const char *end)
{
	char tok[TEXT_NUM_MAX + 1], out[32], *stop;
	size_t n = 0;
	double d, back;

	while (p + n < end && n < TEXT_NUM_MAX && p[n] && strchr("0123456789+-eE.", p[n]))
		n++;
	if (n == TEXT_NUM_MAX)
		return NULL;
	memcpy(tok, p, n);
	tok[n] = '\0';
	d = strtod(tok, &stop);
	if (stop != tok + n || isnan(d) || isinf(d))
		return NULL;
	snprintf(out, sizeof(out), "%1.15g", d);
	if (sscanf(out, "%lg", &back) != 1 || !text_close(back, d))
		snprintf(out, sizeof(out), "%1.17g", d);
	return strcmp(out, tok) == 0 ? p + n : NULL;
}

/* Arrays and objects without whitespace whose members are all fixed points. */
static const char *text_canon_list(const char *p, const char *end, int depth, int object)
{
	char close = object ? '}' : ']';

	if (depth >= TEXT_MAX_DEPTH || ++p >= end)
		return NULL;
	if (*p == close)
		return p + 1;
	for (;;) {
		if (object) {
			if (*p != '"' || !(p = text_canon_string(p, end)) || p >= end || *p != ':')
				return NULL;
			p++;
		}
		if (!(p = text_canon_value(p, end, depth + 1)) || p >= end)
			return NULL;
		if (*p == close)
			return p + 1;
		if (*p != ',' || ++p >= end)
			return NULL;
	}
}

/* The end of the value at p when cJSON prints it back byte for byte, else NULL. */
static const char *text_canon_value(const char *p, const char *end, int depth)
{
	size_t left = (size_t)(end - p);

	if (left >= 4 && memcmp(p, "null", 4) == 0)
		return p + 4;
	if (left >= 5 && memcmp(p, "false", 5) == 0)
		return p + 5;
	if (left >= 4 && memcmp(p, "true", 4) == 0)
		return p + 4;
	if (!left)
		return NULL;
	if (*p == '"')
		return text_canon_string(p, end);
	if (*p == '-' || (*p >= '0' && *p <= '9'))
		return text_canon_number(p, end);
	if (*p == '[' || *p == '{')
		return text_canon_list(p, end, depth, *p == '{');
	return NULL;
}

/* A cJSON value as cJSON_PrintUnformatted writes it. */
static void text_cjson(struct strbuf *sb, const cJSON *v)
{
	char *printed;

	if (!v || cJSON_IsNull(v)) {
		text_put(sb, "null", 4);
	} else if (cJSON_IsString(v) && v->valuestring) {
		text_string(sb, v->valuestring);
	} else if ((printed = cJSON_PrintUnformatted(v)) != NULL) {
		text_put(sb, printed, strlen(printed));
		cJSON_free(printed);
	} else {
		/* cJSON's only failure here is allocation: abort as xmalloc does. */
		fputs("routedesk-sandbox: out of memory printing a record\n", stderr);
		abort();
	}
}

/* Column col of the current row as store_read.c's store_value renders it. */
static void text_value(struct strbuf *sb, const struct res_field *f, sqlite3_stmt *st, int col)
{
	const char *text;

	switch (sqlite3_column_type(st, col)) {
	case SQLITE_NULL:
		text_put(sb, "null", 4);
		return;
	case SQLITE_INTEGER: {
		char buf[26], *p = buf + sizeof(buf);
		long long i = sqlite3_column_int64(st, col);
		unsigned long long u = i < 0 ? 0ULL - (unsigned long long)i : (unsigned long long)i;

		*--p = '"';
		do
			*--p = (char)('0' + u % 10);
		while (u /= 10);
		if (i < 0)
			*--p = '-';
		*--p = '"';
		text_put(sb, p, (size_t)(buf + sizeof(buf) - p));
		return;
	}
	default:
		break;
	}
	text = (const char *)sqlite3_column_text(st, col);
	if (!text) {
		text_put(sb, "null", 4);
		return;
	}
	if (f->type == RT_JSON || (f->type == RT_IDLIST && text[0] == '[')) {
		size_t len = (size_t)sqlite3_column_bytes(st, col);
		cJSON *v;

		if (text_canon_value(text, text + len, 0) == text + len) {
			text_put(sb, text, len);
			return;
		}
		if ((v = cJSON_ParseWithLength(text, len)) != NULL) {
			text_cjson(sb, v);
			cJSON_Delete(v);
			return;
		}
		if (f->type == RT_JSON) {
			text_put(sb, "null", 4);
			return;
		}
	}
	text_string(sb, text);
}

/* Same rule as store_read.c's store_wanted. */
static int text_wanted(const struct res_field *f, int byid)
{
	return !(f->flags & RF_HIDDEN) && (byid || !(f->flags & RF_BYID));
}

static int text_cmp_id(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* The table's get statement for many ids at once: the same columns (so
 * t->col maps them), rows by ascending pk.  One statement stepped through
 * all the rows instead of a reset per id, which made SQLite free and
 * allocate every text column's buffer again for each record.  The ids go
 * as one JSON array (list keeps its text alive until the statement is
 * done). */
static sqlite3_stmt *text_rows_stmt(struct store_conn *c, const struct store_table *t,
                                    const long long *ids, size_t n, struct strbuf *list,
                                    char **err)
{
	const char *where = strstr(t->get_sql, " WHERE ");
	struct strbuf sql = STRBUF_INIT;
	sqlite3_stmt *st;

	if (!where) {
		store_errf(err, "unexpected get statement for %s", t->r->name);
		return NULL;
	}
	strbuf_add(&sql, t->get_sql, (size_t)(where - t->get_sql));
	strbuf_adds(&sql, " WHERE ");
	store_quote(&sql, t->r->pk);
	strbuf_adds(&sql, " IN (SELECT value FROM json_each(?)) ORDER BY ");
	store_quote(&sql, t->r->pk);
	st = store_stmt(c, strbuf_str(&sql), err);
	strbuf_free(&sql);
	if (!st)
		return NULL;
	text_put(list, "[", 1);
	for (size_t i = 0; i < n; i++) {
		char num[24];
		int len = snprintf(num, sizeof(num), i ? ",%lld" : "%lld", ids[i]);

		text_put(list, num, (size_t)len);
	}
	text_put(list, "]", 1);
	if (sqlite3_bind_text(st, 1, list->buf, (int)list->len, SQLITE_STATIC) != SQLITE_OK) {
		store_fail(err, c->db, "bind");
		store_stmt_done(c, st);
		return NULL;
	}
	return st;
}

/* The records of ids (ascending, distinct) appended to out; *found counts them. */
static int text_fill(struct store_conn *c, const struct store_table *t, const long long *ids,
                     size_t n, int byid, struct strbuf *out, size_t *found, char **err)
{
	const struct resource *r = t->r;
	struct strbuf keys = STRBUF_INIT;
	size_t *key_end = xcalloc(r->n_fields + 1, sizeof(*key_end));
	size_t nd = 0, *dfield = NULL;
	cJSON **dvals = NULL;
	struct strbuf list = STRBUF_INIT;
	sqlite3_stmt *st;
	size_t k = 0;
	int rc = 0;

	/* Each wanted member's ",\"name\":" once, not once per record. */
	for (size_t i = 0; i < r->n_fields; i++) {
		if (text_wanted(&r->fields[i], byid)) {
			text_put(&keys, ",", 1);
			text_string(&keys, r->fields[i].name);
			text_put(&keys, ":", 1);
		}
		key_end[i + 1] = keys.len;
	}
	/* Derived values first, for all ids at once (as store_fill computes
	 * them after its rows): no statement is open while they run. */
	for (size_t i = 0; i < r->n_fields; i++)
		if (t->col[i] < 0 && (r->fields[i].flags & RF_DERIVED) && text_wanted(&r->fields[i], byid)) {
			dfield = xrealloc(dfield, (nd + 1) * sizeof(*dfield));
			dfield[nd++] = i;
		}
	if (nd)
		dvals = xcalloc(n * nd, sizeof(*dvals));
	for (size_t j = 0; rc == 0 && j < nd; j++)
		rc = store_derived_values(c, t, dfield[j], ids, n, byid, 0, dvals + j * n, err);
	st = rc == 0 ? text_rows_stmt(c, t, ids, n, &list, err) : NULL;
	if (!st)
		rc = -1;
	while (rc == 0) {
		int step = store_step(c, st), first = 1;
		long long id;
		size_t j = 0;

		if (step != SQLITE_ROW) {
			if (step != SQLITE_DONE)
				rc = store_fail(err, c->db, "get");
			break;
		}
		/* Rows come by ascending pk, as ids are: find this row's slot. */
		id = sqlite3_column_int64(st, 0);
		while (k < n && ids[k] < id)
			k++;
		text_put(out, *found ? ",{" : "{", *found ? 2 : 1);
		++*found;
		for (size_t i = 0; i < r->n_fields; i++) {
			const struct res_field *f = &r->fields[i];

			if (key_end[i + 1] == key_end[i])
				continue; /* not wanted */
			/* The first member goes without its comma. */
			text_put(out, keys.buf + key_end[i] + first,
			         key_end[i + 1] - key_end[i] - (size_t)first);
			first = 0;
			if (t->col[i] >= 0)
				text_value(out, f, st, t->col[i]);
			else if (j < nd && dfield[j] == i && k < n)
				text_cjson(out, dvals[j++ * n + k]);
			else
				text_put(out, "null", 4);
		}
		text_put(out, "}", 1);
	}
	if (st)
		store_stmt_done(c, st);
	strbuf_free(&list);
	for (size_t i = 0; i < n * nd; i++)
		cJSON_Delete(dvals[i]);
	free(dvals);
	free(dfield);
	free(key_end);
	strbuf_free(&keys);
	return rc;
}

int store_get_text(struct store *s, const struct resource *r, const long long *ids,
                   size_t n, int byid, struct strbuf *out, size_t *found, char **err)
{
	const struct store_table *t = store_table_of(s, r);
	struct store_conn *c;
	long long *sorted;
	size_t m, start = out->len;
	int rc, snap;

	*found = 0;
	if (!t)
		return store_errf(err, "unknown resource %s", r ? r->name : "(none)");
	if (n == 0)
		return 0;
	if (!ids)
		return store_errf(err, "no ids");
	if (!(c = store_conn_get(s, err)))
		return -1;
	/* One read transaction, as store_get takes, for the same reasons. */
	snap = !c->in_txn && !s->memory && sqlite3_get_autocommit(c->db)
	       && store_run(c, "BEGIN", NULL) == 0;
	sorted = xmalloc(n * sizeof(*sorted));
	memcpy(sorted, ids, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), text_cmp_id);
	m = 0;
	for (size_t i = 0; i < n; i++)
		if (m == 0 || sorted[m - 1] != sorted[i])
			sorted[m++] = sorted[i];
	rc = text_fill(c, t, sorted, m, byid, out, found, err);
	free(sorted);
	if (snap)
		store_run(c, "COMMIT", NULL);
	if (rc < 0) {
		/* Nothing half-written: the caller's buffer is as it was. */
		out->len = start;
		if (out->buf)
			out->buf[start] = '\0';
		*found = 0;
	}
	return rc;
}
