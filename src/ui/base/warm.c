/* warm.c: a day's review kept on disk, so a console started on it paints at once. */
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <cjson/cJSON.h>

#include "common/hash.h"
#include "common/i18n.h"
#include "common/strbuf.h"
#include "fetch/share.h"
#include "fetch/share_fs.h"
#include "ui/base/state.h"
#include "ui/base/warm.h"

#define WARM_MAX_BYTES (64L << 20)

/* The directory its kept days' names are relative to: a share's are below
 * the account's directory the share holds open, so that a fellow member
 * who swaps days/ for a symlink is refused, not followed (share_fs.h); the
 * state directory's are taken as paths. */
static int days_base(const struct fetch_share *sh)
{
	return sh ? fetch_share_fd(sh) : AT_FDCWD;
}

/* The directory of the account's kept days (relative to days_base), and
 * the start of their file names in it ("HASH-" in the state directory, ""
 * in the share's, which is the account's own).  NULL when there is no
 * state directory. */
static char *days_dir(const struct fetch_share *sh, const char *url, const char *key,
                      char prefix[18])
{
	char *dir;
	uint64_t h = hash_account(url, key);
	struct strbuf sb = STRBUF_INIT;

	prefix[0] = '\0';
	if (sh)
		return xstrdup("days");
	dir = state_dir();
	if (!dir)
		return NULL;
	snprintf(prefix, 18, "%016llx-", (unsigned long long)h);
	strbuf_addf(&sb, "%s/days", dir);
	free(dir);
	return strbuf_detach(&sb, NULL);
}

static char *day_path(const struct fetch_share *sh, const char *url, const char *key,
                      const char *date)
{
	char prefix[18];
	char *dir = days_dir(sh, url, key, prefix);
	struct strbuf sb = STRBUF_INIT;

	if (!dir)
		return NULL;
	strbuf_addf(&sb, "%s/%s%s.json", dir, prefix, date);
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

void warm_prune(int base, const char *dir, const char *suffix, time_t now, long max_age)
{
	DIR *d = share_fs_opendir(base, dir);
	struct dirent *e;
	size_t slen = strlen(suffix);

	while (d && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		struct stat sb;

		if (len <= slen || strcmp(e->d_name + len - slen, suffix) != 0)
			continue;
		if (fstatat(dirfd(d), e->d_name, &sb, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(sb.st_mode) && now - sb.st_mtime > max_age)
			(void)unlinkat(dirfd(d), e->d_name, 0);
	}
	if (d)
		closedir(d);
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
	/* The share made its days/ when it was opened. */
	if (!sh) {
		slash = strrchr(path, '/');
		*slash = '\0';
		rc = state_make_dirs(path);
		*slash = '/';
		if (rc < 0) {
			strbuf_addf(err, _("%s: cannot create its directory"), path);
			free(path);
			return -1;
		}
	}
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "url", url);
	cJSON_AddStringToObject(o, "date", d->review->date);
	snprintf(num, sizeof(num), "%lld", (long long)d->saved);
	cJSON_AddStringToObject(o, "saved", num);
	snprintf(num, sizeof(num), "%lld", d->last_change);
	cJSON_AddStringToObject(o, "lastChange", num);
	if (d->reference_saved > 0) {
		snprintf(num, sizeof(num), "%lld", (long long)d->reference_saved);
		cJSON_AddStringToObject(o, "referenceSaved", num);
	}
	add_table(o, "routes", "route", d->review->routes);
	add_table(o, "appointments", "appointment", d->review->appts);
	add_table(o, "customers", "customer", d->review->customers);
	add_table(o, "employees", "employee", d->employees);
	add_table(o, "serviceTypes", "serviceType", d->service_types);
	text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (sh) {
		rc = fetch_share_write(sh, path, text, strlen(text), err);
	} else {
		rc = state_write_file(path, text, strlen(text), err);
	}
	/* Every account's days of over a week ago: of no use any more. */
	slash = strrchr(path, '/');
	*slash = '\0';
	warm_prune(days_base(sh), path, ".json", time(NULL), WARM_PRUNE_AGE);
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

/* The kept file at path (relative to days_base) when it is the account's
 * (the URL inside is url): its tree, else NULL. */
static cJSON *read_kept(const struct fetch_share *sh, const char *path, const char *url)
{
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	const cJSON *u;
	cJSON *o = NULL;

	/* A share's files as the share's (no symlink followed); the user's
	 * own state directory the same way, which costs nothing. */
	if (path && share_fs_read(days_base(sh), path, sh ? fetch_share_gid(sh) : SHARE_FS_PRIVATE,
	                          WARM_MAX_BYTES, &text, &err) == 0) {
		o = cJSON_Parse(strbuf_str(&text));
		u = cJSON_GetObjectItemCaseSensitive(o, "url");
		if (!cJSON_IsString(u) || strcmp(u->valuestring, url) != 0) {
			cJSON_Delete(o);
			o = NULL;
		}
	}
	strbuf_free(&text);
	strbuf_free(&err);
	return o;
}

/* A stamp of o, when it is a time of the last max_age seconds (not from
 * the future either: a clock set back); else 0. */
static time_t recent(const cJSON *o, const char *name, time_t now, long max_age)
{
	long long t = num_of(o, name);

	return t > 0 && now - t <= max_age && t <= now + 60 ? (time_t)t : 0;
}

int warm_load(const struct fetch_share *sh, const char *url, const char *key, const char *date,
              time_t now, long max_age, struct warm_day *d)
{
	char *path = url ? day_path(sh, url, key, date) : NULL;
	cJSON *o = url ? read_kept(sh, path, url) : NULL;
	const cJSON *dt = cJSON_GetObjectItemCaseSensitive(o, "date");
	long long stamp;
	int ok = 0;

	memset(d, 0, sizeof(*d));
	if (!cJSON_IsString(dt) || strcmp(dt->valuestring, date) != 0)
		goto out;
	d->saved = recent(o, "saved", now, max_age);
	d->last_change = num_of(o, "lastChange");
	/* Too old, or from the future: a cold review. */
	if (!d->saved || d->last_change < 0)
		goto out;
	/* When the tables were read (0: a file from before it was kept). */
	stamp = num_of(o, "referenceSaved");
	d->reference_saved = stamp > 0 ? (time_t)stamp : 0;
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
	free(path);
	return ok;
}

struct kept {
	char *name;
	time_t mtime;
};

static int newest_first(const void *a, const void *b)
{
	const struct kept *x = a, *y = b;

	return (y->mtime > x->mtime) - (y->mtime < x->mtime);
}

/* The account's kept days modified in the last max_age seconds, newest
 * first (a file is written after the tables it holds were read, so an
 * older file cannot hold younger tables).  *n of them, malloc'd. */
static struct kept *kept_days(int base, const char *dir, const char *prefix, time_t now,
                              long max_age, size_t *n)
{
	DIR *d = share_fs_opendir(base, dir);
	struct dirent *e;
	struct kept *v = NULL;
	size_t cap = 0, plen = strlen(prefix);

	*n = 0;
	while (d && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		struct strbuf p = STRBUF_INIT;
		struct stat sb;

		/* PREFIX + YYYY-MM-DD + .json */
		if (len != plen + 15 || strncmp(e->d_name, prefix, plen) != 0 ||
		    strcmp(e->d_name + len - 5, ".json") != 0)
			continue;
		strbuf_addf(&p, "%s/%s", dir, e->d_name);
		if (fstatat(dirfd(d), e->d_name, &sb, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(sb.st_mode) &&
		    now - sb.st_mtime <= max_age) {
			if (*n == cap) {
				cap = cap ? cap * 2 : 8;
				v = xrealloc(v, cap * sizeof(*v));
			}
			v[*n].name = strbuf_detach(&p, NULL);
			v[*n].mtime = sb.st_mtime;
			(*n)++;
		}
		strbuf_free(&p);
	}
	if (d)
		closedir(d);
	if (*n)
		qsort(v, *n, sizeof(*v), newest_first);
	return v;
}

int warm_reference(const struct fetch_share *sh, const char *url, const char *key, time_t now,
                   long max_age, struct warm_day *d)
{
	char prefix[18];
	char *dir = url ? days_dir(sh, url, key, prefix) : NULL;
	struct kept *v;
	size_t n = 0;
	int ok = 0;

	memset(d, 0, sizeof(*d));
	if (!dir)
		return 0;
	v = kept_days(days_base(sh), dir, prefix, now, max_age, &n);
	for (size_t i = 0; i < n && !ok; i++) {
		cJSON *o = read_kept(sh, v[i].name, url);

		d->reference_saved = recent(o, "referenceSaved", now, max_age);
		if (d->reference_saved &&
		    take_rows(o, "employees", "employee", &d->employees) == 0 &&
		    take_rows(o, "serviceTypes", "serviceType", &d->service_types) == 0)
			ok = 1;
		else
			warm_day_free(d);
		cJSON_Delete(o);
	}
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	free(dir);
	return ok;
}
