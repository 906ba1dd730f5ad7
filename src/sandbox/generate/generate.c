/* generate.c: the sandbox's company generator: entry point, PRNG and row builder. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/dates.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/generate/generate.h"
#include "sandbox/generate/generate_data.h"
#include "sandbox/store/store.h"

/* ---------------------------------------------------------------- PRNG */

/* splitmix64's finaliser: cheap, and good enough that neighbouring
 * (kind, index) pairs give unrelated streams. */
static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void gen_rng_init(struct gen_rng *r, unsigned long seed, unsigned kind, uint64_t index)
{
	r->s = mix64(mix64((uint64_t)seed + 0x9e3779b97f4a7c15ULL) ^
	             ((uint64_t)kind << 48) ^ mix64(index + 0x632be59bd9b4e019ULL));
}

uint64_t gen_next(struct gen_rng *r)
{
	r->s += 0x9e3779b97f4a7c15ULL;
	return mix64(r->s);
}

long gen_range(struct gen_rng *r, long lo, long hi)
{
	uint64_t span;
	if (hi <= lo)
		return lo;
	span = (uint64_t)(hi - lo) + 1;
	return lo + (long)(gen_next(r) % span);
}

int gen_chance(struct gen_rng *r, int permille)
{
	return (int)(gen_next(r) % 1000) < permille;
}

const char *gen_pick(struct gen_rng *r, const struct gen_words *w)
{
	return w->w[gen_next(r) % w->n];
}

/* ---------------------------------------------------------------- context */

int gen_fail(struct gen *g, const char *fmt, ...)
{
	va_list ap;
	struct strbuf sb = STRBUF_INIT;

	if (g->err)
		return -1;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	g->err = strbuf_detach(&sb, NULL);
	return -1;
}

const char *gen_day(const struct gen *g, long day)
{
	long i = day - g->day0;
	if (i < 0)
		i = 0;
	if (i >= g->n_days)
		i = g->n_days - 1;
	return g->day_str[i];
}

size_t gen_emps(const struct gen *g, int office, int type, size_t *list, size_t max)
{
	size_t n = 0;
	for (size_t i = 0; i < g->n_emp; i++) {
		const struct gen_emp *e = &g->emp[i];
		if ((office && e->office != office) || e->type != type || !e->active)
			continue;
		if (list && n < max)
			list[n] = i;
		n++;
	}
	return n;
}

long long gen_emp_pick(const struct gen *g, struct gen_rng *r, int office, int type)
{
	size_t list[64];
	size_t n = gen_emps(g, office, type, list, 64);
	if (n > 64)
		n = 64;
	if (n == 0)
		return 0;
	return g->emp[list[gen_next(r) % n]].id;
}

const struct gen_emp *gen_emp_find(const struct gen *g, long long id)
{
	for (size_t i = 0; i < g->n_emp; i++)
		if (g->emp[i].id == id)
			return &g->emp[i];
	return NULL;
}

/* ---------------------------------------------------------------- rows */

static const char *type_default(enum res_type t)
{
	switch (t) {
	case RT_INT: case RT_BOOL: return "0";
	case RT_NUM: return "0.00";
	case RT_TEXT: return "";
	case RT_DATE: return "0000-00-00";
	case RT_DATETIME: return "0000-00-00 00:00:00";
	case RT_TIME: return "00:00:00";
	case RT_IDLIST: case RT_JSON: return NULL;
	}
	return NULL;
}

int gen_tab_open(struct gen *g, struct gen_tab *t, const char *resource)
{
	memset(t, 0, sizeof *t);
	t->g = g;
	t->r = res_find(resource);
	if (!t->r)
		return gen_fail(g, "generate: no resource %s in the table", resource);
	t->n = t->r->n_fields;
	t->val = xcalloc(t->n, sizeof *t->val);
	t->def = xcalloc(t->n, sizeof *t->def);
	t->off = xcalloc(t->n, sizeof *t->off);
	t->touched = xcalloc(t->n, 1);
	for (size_t i = 0; i < t->n; i++) {
		const struct res_field *f = &t->r->fields[i];
		if (f->flags & (RF_DERIVED | RF_HIDDEN) || strcmp(f->name, t->r->pk) == 0)
			continue;
		t->def[i] = type_default(f->type);
	}
	t->cap = 4096;
	t->arena = xmalloc(t->cap);
	return 0;
}

void gen_tab_close(struct gen_tab *t)
{
#ifdef GEN_COVERAGE
	/* Development aid: fields of the table this generator never fills. */
	if (t->r && t->rows)
		for (size_t i = 0; i < t->n; i++)
			if (!t->touched[i] && !(t->r->fields[i].flags & RF_DERIVED))
				fprintf(stderr, "generate: %s.%s never set\n", t->r->name,
				        t->r->fields[i].name);
#endif
	free(t->val);
	free(t->def);
	free(t->off);
	free(t->touched);
	free(t->arena);
	memset(t, 0, sizeof *t);
}

int gen_col(struct gen_tab *t, const char *field)
{
	int i = res_field_index(t->r, field);
	if (i < 0) {
#ifdef GEN_COVERAGE
		fprintf(stderr, "generate: %s has no field %s\n", t->r->name, field);
#endif
		return -1;
	}
	if (t->r->fields[i].flags & RF_DERIVED)
		return -1;
	return i;
}

void gen_row(struct gen_tab *t)
{
	memcpy(t->val, t->def, t->n * sizeof *t->val);
	memset(t->off, 0, t->n * sizeof *t->off);
	t->len = 0;
}

/* Room for need bytes and a NUL at the arena's end. */
static char *tab_room(struct gen_tab *t, size_t need)
{
	if (t->len + need + 1 > t->cap) {
		while (t->len + need + 1 > t->cap)
			t->cap *= 2;
		t->arena = xrealloc(t->arena, t->cap);
	}
	return t->arena + t->len;
}

/* The bytes just written at the arena's end (used of them) become col. */
static void tab_keep(struct gen_tab *t, int col, size_t used)
{
	t->arena[t->len + used] = '\0';
	t->off[col] = t->len + 1;
	t->val[col] = NULL;
	t->touched[col] = 1;
	t->len += used + 1;
}

void gen_set(struct gen_tab *t, int col, const char *v)
{
	if (col < 0)
		return;
	t->val[col] = v;
	t->off[col] = 0;
	t->touched[col] = 1;
}

void gen_null(struct gen_tab *t, int col)
{
	gen_set(t, col, NULL);
}

void gen_setf(struct gen_tab *t, int col, const char *fmt, ...)
{
	va_list ap;
	size_t avail;
	int n;

	if (col < 0)
		return;
	avail = t->cap - t->len;
	va_start(ap, fmt);
	n = vsnprintf(t->arena + t->len, avail, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	if ((size_t)n >= avail) {
		tab_room(t, (size_t)n);
		va_start(ap, fmt);
		vsnprintf(t->arena + t->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	tab_keep(t, col, (size_t)n);
}

/* Decimal digits of v, backwards into the end of buf; returns the start. */
static char *utoa_end(unsigned long long v, char *end)
{
	do {
		*--end = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return end;
}

void gen_seti(struct gen_tab *t, int col, long long v)
{
	char tmp[24], *p;
	size_t n;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;

	if (col < 0)
		return;
	p = utoa_end(u, tmp + sizeof tmp);
	if (v < 0)
		*--p = '-';
	n = (size_t)(tmp + sizeof tmp - p);
	memcpy(tab_room(t, n), p, n);
	tab_keep(t, col, n);
}

void gen_setm(struct gen_tab *t, int col, long cents)
{
	char tmp[32], *p, *end = tmp + sizeof tmp;
	unsigned long u = cents < 0 ? 0UL - (unsigned long)cents : (unsigned long)cents;
	size_t n;

	if (col < 0)
		return;
	*--end = (char)('0' + u % 10);
	*--end = (char)('0' + u / 10 % 10);
	*--end = '.';
	p = utoa_end(u / 100, end);
	if (cents < 0)
		*--p = '-';
	n = (size_t)(tmp + sizeof tmp - p);
	memcpy(tab_room(t, n), p, n);
	tab_keep(t, col, n);
}

/* A date or a date-time, whichever the column holds. */
static void set_when(struct gen_tab *t, int col, long day, long secs)
{
	char *p;
	const char *d;

	if (col < 0)
		return;
	d = gen_day(t->g, day);
	if (t->r->fields[col].type != RT_DATETIME) {
		gen_set(t, col, d);
		return;
	}
	if (secs < 0)
		secs = 0;
	if (secs > 86399)
		secs = 86399;
	p = tab_room(t, 19);
	memcpy(p, d, 10);
	p[10] = ' ';
	p[11] = (char)('0' + secs / 36000);
	p[12] = (char)('0' + secs / 3600 % 10);
	p[13] = ':';
	p[14] = (char)('0' + secs / 600 % 6);
	p[15] = (char)('0' + secs / 60 % 10);
	p[16] = ':';
	p[17] = (char)('0' + secs % 60 / 10);
	p[18] = (char)('0' + secs % 10);
	tab_keep(t, col, 19);
}

void gen_setd(struct gen_tab *t, int col, long day)
{
	set_when(t, col, day, 0);
}

void gen_setdt(struct gen_tab *t, int col, long day, long secs)
{
	set_when(t, col, day, secs);
}

void gen_setdt_after(struct gen_tab *t, int col, long day, long secs, long from_day,
                     long from_secs)
{
	if (day < from_day || (day == from_day && secs < from_secs))
		day = from_day, secs = from_secs;
	set_when(t, col, day, secs);
}

int gen_insert(struct gen_tab *t)
{
	char *err = NULL;
	long long id;

	for (size_t i = 0; i < t->n; i++)
		if (t->off[i])
			t->val[i] = t->arena + t->off[i] - 1;
	if (store_insert_row(t->g->s, t->r, t->val, &id, &err) != 0) {
		gen_fail(t->g, "generate: %s: %s", t->r->name, err ? err : "insert failed");
		free(err);
		return -1;
	}
	t->rows++;
	return 0;
}

/* ---------------------------------------------------------------- entry */

static int check_empty(struct gen *g)
{
	for (size_t i = 0; i < res_count; i++) {
		long long c = store_count(g->s, &res_table[i]);
		if (c < 0)
			return gen_fail(g, "generate: cannot count %s", res_table[i].name);
		if (c > 0)
			return gen_fail(g, "generate: the database already holds %s records; "
			                "--generate needs an empty one", res_table[i].name);
	}
	return 0;
}

static int set_meta(struct gen *g, const char *today)
{
	char buf[32];
	char *err = NULL;

	snprintf(buf, sizeof buf, "%lu", g->seed);
	if (store_meta_set(g->s, "seed", buf, &err) == 0 &&
	    store_meta_set(g->s, "today", today, &err) == 0) {
		snprintf(buf, sizeof buf, "%ld", g->n);
		if (store_meta_set(g->s, "generated", buf, &err) == 0)
			return 0;
	}
	gen_fail(g, "generate: meta: %s", err ? err : "failed");
	free(err);
	return -1;
}

static int run(struct gen *g, const char *today)
{
	if (gen_company(g) || gen_plan_people(g) || gen_schedule(g) ||
	    gen_people(g) || gen_records(g) || gen_changelog(g) || set_meta(g, today))
		return -1;
	return 0;
}

int generate_company(struct store *s, long n, unsigned long seed,
                     const char *today, char **err)
{
	struct gen g;
	struct rd_date d;
	char *serr = NULL;
	int rc = -1;

	memset(&g, 0, sizeof g);
	if (err)
		*err = NULL;
	if (!s || !today || date_parse(today, &d) != 0) {
		if (err)
			*err = xstrdup("generate: today must be a date YYYY-MM-DD");
		return -1;
	}
	if (n < 1 || n > 10000000) {
		if (err)
			*err = xstrdup("generate: the number of customers must be 1 to 10000000");
		return -1;
	}
	g.s = s;
	g.seed = seed;
	g.n = n;
	g.today = date_to_days(&d);
	/* customers date back ten years; routes reach 30 days ahead */
	g.day0 = g.today - 4000;
	g.n_days = 4500;
	g.day_str = xmalloc((size_t)g.n_days * sizeof *g.day_str);
	for (long i = 0; i < g.n_days; i++) {
		struct rd_date x;
		date_from_days(g.day0 + i, &x);
		date_format(&x, g.day_str[i]);
	}

	if (check_empty(&g) == 0) {
		if (store_bulk_begin(s, &serr) != 0) {
			gen_fail(&g, "generate: %s", serr ? serr : "bulk mode failed");
		} else {
			if (store_begin(s, &serr) != 0) {
				gen_fail(&g, "generate: %s", serr ? serr : "begin failed");
			} else if (run(&g, today) != 0) {
				store_rollback(s);
			} else if (store_commit(s, &serr) != 0) {
				gen_fail(&g, "generate: %s", serr ? serr : "commit failed");
			} else {
				rc = 0;
			}
			free(serr);
			serr = NULL;
			if (store_bulk_end(s, &serr) != 0) {
				gen_fail(&g, "generate: %s", serr ? serr : "index rebuild failed");
				rc = -1;
			}
		}
		free(serr);
	}

	if (rc != 0 && err)
		*err = g.err ? g.err : xstrdup("generate: failed");
	else
		free(g.err);
	free(g.day_str);
	free(g.emp);
	free(g.cust);
	free(g.sub);
	for (int o = 0; o < 3; o++)
		free(g.pool[o]);
	return rc;
}
