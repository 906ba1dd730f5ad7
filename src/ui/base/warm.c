/* warm.c: a day's review kept on disk, so a console started on it paints at once. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "ui/base/state.h"
#include "ui/base/warm.h"

#define WARM_MAX_BYTES (64L << 20)

/* FNV-1a, 64 bits: a file name per account, not a secret (the URL inside
 * is what is checked), and the key itself never written. */
static uint64_t fnv(uint64_t h, const char *s)
{
	for (; s && *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

static char *day_path(const struct fetch_share *sh, const char *url, const char *key,
                      const char *date)
{
	char *dir = state_dir();
	uint64_t h = fnv(fnv(0xcbf29ce484222325ULL, url), "\n");
	struct strbuf sb = STRBUF_INIT;

	h = fnv(h, key);
	if (sh) {
		free(dir);
		strbuf_addf(&sb, "%s/days/%s.json", fetch_share_path(sh), date);
		return strbuf_detach(&sb, NULL);
	}
	if (!dir)
		return NULL;
	strbuf_addf(&sb, "%s/days/%016llx-%s.json", dir, (unsigned long long)h, date);
	free(dir);
	return strbuf_detach(&sb, NULL);
}

struct each {
	cJSON *arr;
	const char *resource;
};

static void add_row(void *row, void *ctx)
{
	struct each *e = ctx;

	cJSON_AddItemToArray(e->arr, m_row_encode(e->resource, row));
}

static void add_table(cJSON *o, const char *name, const char *resource, const struct m_table *t)
{
	struct each e = { cJSON_AddArrayToObject(o, name), resource };

	if (t)
		m_table_each(t, add_row, &e);
}

int warm_save(const struct fetch_share *sh, const char *url, const char *key,
              const struct warm_day *d, struct strbuf *err)
{
	char *path, *text, *slash;
	cJSON *o;
	char num[24];
	int rc;

	if (!url || !d->review)
		return 0;
	path = day_path(sh, url, key, d->review->date);
	if (!path) {
		strbuf_adds(err, _("no state directory (set HOME or XDG_STATE_HOME)"));
		return -1;
	}
	slash = strrchr(path, '/');
	*slash = '\0';
	rc = state_make_dirs(path);
	*slash = '/';
	if (rc < 0) {
		strbuf_addf(err, _("%s: cannot create its directory"), path);
		free(path);
		return -1;
	}
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "url", url);
	cJSON_AddStringToObject(o, "date", d->review->date);
	snprintf(num, sizeof(num), "%lld", (long long)d->saved);
	cJSON_AddStringToObject(o, "saved", num);
	snprintf(num, sizeof(num), "%lld", d->last_change);
	cJSON_AddStringToObject(o, "lastChange", num);
	add_table(o, "routes", "route", d->review->routes);
	add_table(o, "appointments", "appointment", d->review->appts);
	add_table(o, "customers", "customer", d->review->customers);
	add_table(o, "employees", "employee", d->employees);
	add_table(o, "serviceTypes", "serviceType", d->service_types);
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (sh) {
		struct strbuf rel = STRBUF_INIT;

		strbuf_addf(&rel, "days/%s.json", d->review->date);
		rc = fetch_share_write(sh, rel.buf, text, strlen(text), err);
		strbuf_free(&rel);
	} else {
		rc = state_write_file(path, text, strlen(text), err);
	}
	free(text);
	free(path);
	return rc;
}

static long long num_of(const cJSON *o, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);

	return cJSON_IsString(v) ? strtoll(v->valuestring, NULL, 10) : -1;
}

/* The rows of array name into t (a new table); -1 when a record does not
 * decode: a day with a hole is not shown. */
static int take_rows(const cJSON *o, const char *name, const char *resource, struct m_table **t)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(o, name), *rec;

	if (!*t)
		*t = m_table_new(m_row_free_fn(resource));
	if (!cJSON_IsArray(arr))
		return -1;
	cJSON_ArrayForEach(rec, arr) {
		void *row = m_row_decode(resource, rec);

		if (!row)
			return -1;
		m_table_put(*t, row);
	}
	return 0;
}

void warm_day_free(struct warm_day *d)
{
	m_review_free(d->review);
	m_table_free(d->employees);
	m_table_free(d->service_types);
	memset(d, 0, sizeof(*d));
}

int warm_load(const struct fetch_share *sh, const char *url, const char *key, const char *date,
              time_t now, long max_age, struct warm_day *d)
{
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	char *path = url ? day_path(sh, url, key, date) : NULL;
	const cJSON *u, *dt;
	cJSON *o = NULL;
	int ok = 0;

	memset(d, 0, sizeof(*d));
	if (!path || strbuf_read_file(path, WARM_MAX_BYTES, &text, &err) < 0)
		goto out;
	o = cJSON_Parse(strbuf_str(&text));
	u = cJSON_GetObjectItemCaseSensitive(o, "url");
	dt = cJSON_GetObjectItemCaseSensitive(o, "date");
	if (!cJSON_IsString(u) || strcmp(u->valuestring, url) != 0 || !cJSON_IsString(dt) ||
	    strcmp(dt->valuestring, date) != 0)
		goto out;
	d->saved = (time_t)num_of(o, "saved");
	d->last_change = num_of(o, "lastChange");
	/* Too old, or from the future (a clock set back): a cold review. */
	if (d->saved <= 0 || d->last_change < 0 || now - d->saved > max_age || d->saved > now + 60)
		goto out;
	d->review = m_review_new(date);
	if (take_rows(o, "routes", "route", &d->review->routes) < 0 ||
	    take_rows(o, "appointments", "appointment", &d->review->appts) < 0 ||
	    take_rows(o, "customers", "customer", &d->review->customers) < 0 ||
	    take_rows(o, "employees", "employee", &d->employees) < 0 ||
	    take_rows(o, "serviceTypes", "serviceType", &d->service_types) < 0)
		goto out;
	ok = 1;
out:
	if (!ok)
		warm_day_free(d);
	cJSON_Delete(o);
	strbuf_free(&text);
	strbuf_free(&err);
	free(path);
	return ok;
}
