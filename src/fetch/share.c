/* share.c: one office's consoles on one quota: a shared directory, one ticker, the ticks it publishes. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "common/hash.h"
#include "common/i18n.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "fetch/jobs.h"
#include "fetch/share.h"
#include "fetch/share_fs.h"

/* Ticks older than this are pruned by the ticker: a console that slept
 * longer asks the service itself. */
#define TICK_KEEP_SECONDS (3 * 3600)
#define TICK_MAX_BYTES (64L << 20)
#define TOUCH_EVERY 10

struct fetch_share {
	char *path;        /* DIR/ACCOUNT */
	gid_t gid;         /* DIR's group: every file and directory's */
	int fd;            /* on path: every name below is taken from it */
	char *url;
	int lock_fd;       /* open on ticker.lock; -1 until tried */
	int ticker;        /* the lock is ours */
	time_t touched;    /* the last touch written */
	/* written/: what this console wrote is named with its tag (and not
	 * read back by it); of the others' it takes those written since it
	 * opened the share, each once (seen: the names taken, while the
	 * files last). */
	char tag[17];
	struct timespec opened;
	char **seen;
	size_t n_seen;
	unsigned unused;         /* bit i: subdirs[i] could not be used */
	struct strbuf warnings;  /* why, one line each */
};

static const char *const subdirs[] = { "ticks", "days", "written", "lookup" };
static const char *const without[] = { /* what goes without each of them */
	N_("this console refreshes with reads of its own"),
	N_("the days are kept in your own state directory"),
	N_("what a console writes reaches the others only through the service"),
	N_("the customer index is kept in your own state directory"),
};

/* subdirs[]'s index of rel ("written" or "written/X": 2), or -1. */
static int subdir_of(const char *rel)
{
	size_t n = strcspn(rel, "/");

	for (size_t i = 0; i < sizeof(subdirs) / sizeof(subdirs[0]); i++)
		if (strlen(subdirs[i]) == n && strncmp(rel, subdirs[i], n) == 0)
			return (int)i;
	return -1;
}

struct fetch_share *fetch_share_open(const char *dir, const char *url, const char *key,
                                     struct strbuf *err)
{
	struct fetch_share *sh;
	struct strbuf p = STRBUF_INIT;
	struct stat st;
	uint64_t h;
	int fd;

	if (!dir || dir[0] != '/') {
		strbuf_addf(err, _("%s: the share must be an absolute directory"), dir ? dir : "");
		return NULL;
	}
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		strbuf_addf(err, "%s: %s", dir, stat(dir, &st) < 0 ? strerror(errno) : _("not a directory"));
		return NULL;
	}
	/* Any user of the host could make the account's directory there
	 * first, or swap it for their own. */
	if (st.st_mode & S_IWOTH) {
		strbuf_addf(err, _("%s: every user of this host can write in it; a share is for one "
		                   "group (chmod o-w %s)"),
		            dir, dir);
		return NULL;
	}
	h = hash_account(url, key);
	strbuf_addf(&p, "%s/%016llx", dir, (unsigned long long)h);
	/* The directory checked is the one held open: the account's
	 * directory renamed or swapped for a symlink later changes nothing
	 * this console opens. */
	fd = share_fs_dir(AT_FDCWD, p.buf, st.st_gid, err);
	if (fd < 0) {
		strbuf_free(&p);
		return NULL;
	}
	sh = xcalloc(1, sizeof(*sh));
	/* A subdirectory that cannot be used (another member's chmod, a file
	 * in its place) costs only what is kept in it: the whole share was
	 * refused, and the console ran unshared, its reads counted apart. */
	for (size_t i = 0; i < sizeof(subdirs) / sizeof(subdirs[0]); i++) {
		struct strbuf why = STRBUF_INIT;
		int sub = share_fs_dir(fd, subdirs[i], st.st_gid, &why);

		if (sub >= 0) {
			close(sub);
		} else {
			size_t n = strlen(subdirs[i]);
			const char *r = strbuf_str(&why); /* "SUB: reason" */

			sh->unused |= 1u << i;
			r += strncmp(r, subdirs[i], n) == 0 && r[n] == ':' ? n + 2 : 0;
			strbuf_addf(&sh->warnings, _("%s/%s not used (%s): %s\n"), p.buf, subdirs[i], r,
			            _(without[i]));
		}
		strbuf_free(&why);
	}
	sh->path = strbuf_detach(&p, NULL);
	sh->gid = st.st_gid;
	sh->fd = fd;
	sh->url = xstrdup(url);
	sh->lock_fd = -1;
	if (getrandom(&h, sizeof(h), GRND_NONBLOCK) != (ssize_t)sizeof(h))
		h ^= ((uint64_t)getpid() << 32) ^ (uint64_t)time(NULL);
	snprintf(sh->tag, sizeof(sh->tag), "%016llx", (unsigned long long)h);
	clock_gettime(CLOCK_REALTIME, &sh->opened);
	return sh;
}

void fetch_share_close(struct fetch_share *sh)
{
	if (!sh)
		return;
	if (sh->lock_fd >= 0)
		close(sh->lock_fd); /* the lock goes with it */
	close(sh->fd);
	for (size_t i = 0; i < sh->n_seen; i++)
		free(sh->seen[i]);
	free(sh->seen);
	free(sh->path);
	free(sh->url);
	strbuf_free(&sh->warnings);
	free(sh);
}

int fetch_share_uses(const struct fetch_share *sh, const char *sub)
{
	int i = subdir_of(sub);

	return sh && (i < 0 || !(sh->unused & (1u << i)));
}

const char *fetch_share_warnings(const struct fetch_share *sh)
{
	return sh ? strbuf_str(&sh->warnings) : "";
}

const char *fetch_share_path(const struct fetch_share *sh)
{
	return sh ? sh->path : NULL;
}

gid_t fetch_share_gid(const struct fetch_share *sh)
{
	return sh->gid;
}

int fetch_share_fd(const struct fetch_share *sh)
{
	return sh->fd;
}

const char *fetch_share_url(const struct fetch_share *sh)
{
	return sh->url;
}

/* 0 when rel is not in a subdirectory left unused, else -1 with err. */
static int usable(const struct fetch_share *sh, const char *rel, struct strbuf *err)
{
	if (fetch_share_uses(sh, rel))
		return 0;
	strbuf_addf(err, _("%s: its directory is not used"), rel);
	return -1;
}

int fetch_share_read_text(const struct fetch_share *sh, const char *rel, size_t max,
                          struct strbuf *out, struct strbuf *err)
{
	return usable(sh, rel, err) < 0 ? -1 : share_fs_read(sh->fd, rel, sh->gid, max, out, err);
}

int fetch_share_write(const struct fetch_share *sh, const char *rel, const char *text, size_t len,
                      struct strbuf *err)
{
	return usable(sh, rel, err) < 0 ? -1 : share_fs_write(sh->fd, rel, sh->gid, text, len, err);
}

/* rel's time made now; a file of no content, so one that cannot be
 * opened as the share's (a symlink, a FIFO, a file of another group put
 * there) is replaced by a new one: left, it stopped every console's
 * "active" for good (an install audit planted one). */
static void touch_file(const struct fetch_share *sh, const char *rel)
{
	int fd = share_fs_open(sh->fd, rel, O_WRONLY | O_CREAT, sh->gid);
	struct strbuf err = STRBUF_INIT;

	if (fd >= 0) {
		(void)futimens(fd, NULL);
		close(fd);
		return;
	}
	(void)share_fs_write(sh->fd, rel, sh->gid, "", 0, &err);
	strbuf_free(&err);
}

static time_t file_time(const struct fetch_share *sh, const char *rel)
{
	struct stat st;
	time_t t = 0;

	if (fstatat(sh->fd, rel, &st, AT_SYMLINK_NOFOLLOW) == 0)
		t = st.st_mtime;
	return t;
}

void fetch_share_touch(struct fetch_share *sh, time_t now)
{
	if (!sh || now - sh->touched < TOUCH_EVERY)
		return;
	sh->touched = now;
	touch_file(sh, "active");
}

time_t fetch_share_active(const struct fetch_share *sh)
{
	return sh ? file_time(sh, "active") : 0;
}

int fetch_share_ticker(struct fetch_share *sh)
{
	if (!sh)
		return 0;
	if (sh->ticker)
		return 1;
	if (!fetch_share_uses(sh, "ticks")) /* no tick published: one that can ticks */
		return 0;
	if (sh->lock_fd < 0) {
		sh->lock_fd = share_fs_open(sh->fd, "ticker.lock", O_RDWR | O_CREAT, sh->gid);
		if (sh->lock_fd < 0)
			return 0;
	}
	/* Free when no console holds it: the last ticker ended or died. */
	sh->ticker = flock(sh->lock_fd, LOCK_EX | LOCK_NB) == 0;
	return sh->ticker;
}

/* ------------------------------------------------------------- ticks */

static void add_rows(cJSON *o, const char *name, const char *resource, void **rows, size_t n)
{
	cJSON *arr = cJSON_AddArrayToObject(o, name);

	for (size_t i = 0; i < n; i++)
		if (rows[i])
			cJSON_AddItemToArray(arr, m_row_encode(resource, rows[i]));
}

static void add_ids(cJSON *o, const char *name, const long long *ids, size_t n)
{
	cJSON *arr;

	if (!n)
		return; /* absent is none, as a tick of an older routedesk says */
	arr = cJSON_AddArrayToObject(o, name);
	for (size_t i = 0; i < n; i++)
		cJSON_AddItemToArray(arr, cJSON_CreateNumber((double)ids[i]));
}

/* Ticks past TICK_KEEP_SECONDS; names relative to the directory opened,
 * so a ticks/ swapped for a symlink prunes nothing elsewhere. */
static void prune(struct fetch_share *sh, time_t now)
{
	DIR *d = share_fs_opendir(sh->fd, "ticks");
	struct dirent *e;

	while (d && (e = readdir(d))) {
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    now - st.st_mtime > TICK_KEEP_SECONDS)
			unlinkat(dirfd(d), e->d_name, 0);
	}
	if (d)
		closedir(d);
}

/* o as compact JSON text (free() it), o deleted: out of memory aborts, as
 * every allocation of the tree does, never a NULL handed to strlen. */
static char *print_taken(cJSON *o)
{
	char *text = cJSON_PrintUnformatted(o);

	cJSON_Delete(o);
	if (!text)
		abort();
	return text;
}

void fetch_share_publish(struct fetch_share *sh, long long since, const struct fetch_result *r)
{
	struct strbuf name = STRBUF_INIT, err = STRBUF_INIT;
	cJSON *o, *ch;
	char *text;

	if (!sh || r->err.kind != API_OK)
		return;
	/* The ticker is alive, changes or not; and knows every change up to
	 * its newest id, which a console starting now may take as its
	 * baseline (fetch_share_baseline). */
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "url", sh->url);
	cJSON_AddNumberToObject(o, "newest", (double)(r->last_change > since ? r->last_change : since));
	/* The key's budget as this tick's answer gave it: the other consoles
	 * read no answer of their own between ticks, and showed a figure a
	 * quarter of an hour old, each a different one (fetch_share_budget). */
	if (r->budget.known) {
		const long v[] = { r->budget.usage.read_today,   r->budget.usage.write_today,
		                   r->budget.usage.read_minute,  r->budget.usage.write_minute,
		                   r->budget.limits.read_minute, r->budget.limits.read_day,
		                   r->budget.limits.write_minute, r->budget.limits.write_day };
		cJSON *b = cJSON_AddArrayToObject(o, "budget");

		for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
			cJSON_AddItemToArray(b, cJSON_CreateNumber((double)v[i]));
	}
	text = print_taken(o);
	if (fetch_share_write(sh, "ticked", text, strlen(text), &err) < 0)
		touch_file(sh, "ticked"); /* an older newest is still a safe one */
	free(text);
	strbuf_reset(&err);
	if (r->last_change <= since) {
		strbuf_free(&err);
		return; /* nothing learnt: no file to read */
	}
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "url", sh->url);
	cJSON_AddNumberToObject(o, "since", (double)since);
	cJSON_AddNumberToObject(o, "newest", (double)r->last_change);
	ch = cJSON_AddArrayToObject(o, "changes");
	for (size_t i = 0; i < r->n_changes; i++) {
		cJSON *pair = cJSON_CreateArray();

		cJSON_AddItemToArray(pair, cJSON_CreateNumber(r->changes[i].class_id));
		cJSON_AddItemToArray(pair, cJSON_CreateNumber((double)r->changes[i].id));
		if (r->changes[i].notes)
			cJSON_AddItemToArray(pair, cJSON_CreateString(r->changes[i].notes));
		cJSON_AddItemToArray(ch, pair);
	}
	add_rows(o, "appointments", "appointment", r->appts, r->n_appts);
	add_rows(o, "routes", "route", r->routes, r->n_routes);
	add_ids(o, "goneAppointments", r->gone_appts, r->n_gone_appts);
	add_ids(o, "goneRoutes", r->gone_routes, r->n_gone_routes);
	text = print_taken(o);
	strbuf_addf(&name, "ticks/%020lld-%020lld.json", since, r->last_change);
	(void)fetch_share_write(sh, name.buf, text, strlen(text), &err);
	free(text);
	strbuf_free(&name);
	strbuf_free(&err);
	prune(sh, time(NULL));
}

struct tick {
	long long since, newest;
	char *name;
};

static int by_since(const void *a, const void *b)
{
	const struct tick *x = a, *y = b;

	return (x->since > y->since) - (x->since < y->since);
}

/* Ticks are read oldest first, so a later one's word wins: a record it
 * brings is not gone, one it says is gone loses what an earlier one
 * brought. */
static void take_records(const cJSON *o, const char *name, const char *resource, void ***rows,
                         size_t *n, long long *gone, size_t *n_gone)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(o, name), *rec;

	cJSON_ArrayForEach(rec, arr) {
		void *row = m_row_decode(resource, rec);
		size_t keep = 0;

		if (!row)
			continue;
		for (size_t i = 0; i < *n_gone; i++)
			if (gone[i] != m_row_id(row))
				gone[keep++] = gone[i];
		*n_gone = keep;
		*rows = xrealloc(*rows, (*n + 1) * sizeof(**rows));
		(*rows)[(*n)++] = row;
	}
}

static int cmp_id(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static void take_ids(const cJSON *o, const char *name, const char *resource, void **rows,
                     size_t *n, long long **gone, size_t *n_gone)
{
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(o, name), *v;
	size_t had = *n_gone, keep = 0;

	cJSON_ArrayForEach(v, arr) {
		if (!cJSON_IsNumber(v) || v->valuedouble < 1)
			continue;
		*gone = xrealloc(*gone, (*n_gone + 1) * sizeof(**gone));
		(*gone)[(*n_gone)++] = (long long)v->valuedouble;
	}
	if (*n_gone == had)
		return;
	qsort(*gone, *n_gone, sizeof(**gone), cmp_id);
	for (size_t i = 0; i < *n; i++) {
		if (bsearch(&(long long){ m_row_id(rows[i]) }, *gone, *n_gone, sizeof(**gone), cmp_id))
			m_row_free(resource, rows[i]);
		else
			rows[keep++] = rows[i];
	}
	*n = keep;
}

/* One published tick into r; 0, or -1 when it is not this account's or
 * not whole (then r keeps what it had). */
static int apply_tick(struct fetch_share *sh, const char *rel, struct fetch_result *r)
{
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	cJSON *o = NULL;
	const cJSON *u, *ch, *pair;
	int rc = -1;

	if (share_fs_read(sh->fd, rel, sh->gid, TICK_MAX_BYTES, &text, &err) < 0)
		goto out;
	o = cJSON_Parse(strbuf_str(&text));
	u = cJSON_GetObjectItemCaseSensitive(o, "url");
	if (!cJSON_IsString(u) || strcmp(u->valuestring, sh->url) != 0)
		goto out;
	ch = cJSON_GetObjectItemCaseSensitive(o, "changes");
	cJSON_ArrayForEach(pair, ch) {
		const cJSON *c = cJSON_GetArrayItem(pair, 0), *id = cJSON_GetArrayItem(pair, 1);
		const cJSON *notes = cJSON_GetArrayItem(pair, 2);

		if (!cJSON_IsNumber(c) || !cJSON_IsNumber(id))
			continue;
		fetch_result_add_change(r, c->valueint, (long long)id->valuedouble,
		                        cJSON_IsString(notes) ? xstrdup(notes->valuestring) : NULL);
	}
	take_ids(o, "goneAppointments", "appointment", r->appts, &r->n_appts, &r->gone_appts,
	         &r->n_gone_appts);
	take_ids(o, "goneRoutes", "route", r->routes, &r->n_routes, &r->gone_routes,
	         &r->n_gone_routes);
	take_records(o, "appointments", "appointment", &r->appts, &r->n_appts, r->gone_appts,
	             &r->n_gone_appts);
	take_records(o, "routes", "route", &r->routes, &r->n_routes, r->gone_routes,
	             &r->n_gone_routes);
	rc = 0;
out:
	cJSON_Delete(o);
	strbuf_free(&text);
	strbuf_free(&err);
	return rc;
}

/* The decimal number at *s (digits only, leading zeros and then at most
 * 18 digits: no sign, no overflow), *s moved past it: 0, or -1.  The
 * share's file names are a fellow member's to choose, and sscanf's %lld
 * is undefined past its range. */
static int name_number(const char **s, long long *v)
{
	const char *p = *s;
	long long n = 0;
	int digits = 0;

	while (*p == '0' && p[1] >= '0' && p[1] <= '9')
		p++;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (++digits > 18)
			return -1;
		n = n * 10 + (*p - '0');
	}
	if (!digits)
		return -1;
	*v = n;
	*s = p;
	return 0;
}

/* A tick's name, SINCE-NEWEST.json: 0, or -1 for any other. */
static int tick_name(const char *name, long long *since, long long *newest)
{
	return name_number(&name, since) == 0 && *name++ == '-' &&
	       name_number(&name, newest) == 0 && strcmp(name, ".json") == 0 ? 0 : -1;
}

/* A written record's name, SEC.NSEC-TAG.json (TAG the writer's, 1 to 16
 * hex digits, copied into tag[17]): 0, or -1 for any other. */
static int written_name(const char *name, long long *sec, long long *nsec, char tag[17])
{
	size_t n;

	if (name_number(&name, sec) < 0 || *name++ != '.' || name_number(&name, nsec) < 0 ||
	    *name++ != '-')
		return -1;
	n = strspn(name, "0123456789abcdef");
	if (n < 1 || n > 16 || strcmp(name + n, ".json") != 0)
		return -1;
	memcpy(tag, name, n);
	tag[n] = '\0';
	return 0;
}

int fetch_share_read(struct fetch_share *sh, long long since, long stale_after,
                     struct fetch_result *r)
{
	DIR *d;
	struct dirent *e;
	struct tick *t = NULL;
	size_t n = 0;
	int covered = 1;
	time_t ticked = file_time(sh, "ticked");

	/* A ticker that stopped ticking (paused, out of budget, stuck) while
	 * holding the lock: this console asks the service itself. */
	if (!ticked || time(NULL) - ticked > stale_after)
		return 0;
	/* No ticks to read is not "nothing changed". */
	if (!fetch_share_uses(sh, "ticks") || !(d = share_fs_opendir(sh->fd, "ticks")))
		return 0;
	r->last_change = since;
	while (d && (e = readdir(d))) {
		long long s, nw;

		if (tick_name(e->d_name, &s, &nw) < 0 || nw <= since)
			continue;
		t = xrealloc(t, (n + 1) * sizeof(*t));
		t[n].since = s;
		t[n].newest = nw;
		t[n].name = xstrdup(e->d_name);
		n++;
	}
	if (d)
		closedir(d);
	if (n)
		qsort(t, n, sizeof(*t), by_since); /* qsort(NULL, 0) is undefined */
	/* The ticks must begin at or before since, and follow each other: a
	 * hole is changes nobody published. */
	for (size_t i = 0; i < n && covered; i++) {
		struct strbuf p = STRBUF_INIT;

		if (t[i].since > r->last_change) {
			covered = 0;
			break;
		}
		strbuf_addf(&p, "ticks/%s", t[i].name);
		if (apply_tick(sh, p.buf, r) < 0)
			covered = 0;
		else if (t[i].newest > r->last_change)
			r->last_change = t[i].newest;
		strbuf_free(&p);
	}
	for (size_t i = 0; i < n; i++)
		free(t[i].name);
	free(t);
	return covered;
}

/* The ticker's `ticked` as an object, when it ticked within stale_after
 * seconds and names this share's URL; NULL otherwise.  The caller deletes
 * it. */
static cJSON *read_ticked(const struct fetch_share *sh, long stale_after, time_t *at)
{
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	time_t ticked = sh ? file_time(sh, "ticked") : 0;
	cJSON *o = NULL;
	const cJSON *url;

	if (at)
		*at = ticked;
	if (ticked && time(NULL) - ticked <= stale_after &&
	    fetch_share_read_text(sh, "ticked", 4096, &text, &err) == 0) {
		o = cJSON_Parse(strbuf_str(&text));
		url = cJSON_GetObjectItemCaseSensitive(o, "url");
		if (!cJSON_IsString(url) || strcmp(url->valuestring, sh->url) != 0) {
			cJSON_Delete(o);
			o = NULL;
		}
	}
	strbuf_free(&text);
	strbuf_free(&err);
	return o;
}

/* Whether a and b fall on one day of the local calendar. */
static int same_day(time_t a, time_t b)
{
	struct tm ta, tb;

	if (!localtime_r(&a, &ta) || !localtime_r(&b, &tb))
		return 0;
	return ta.tm_year == tb.tm_year && ta.tm_yday == tb.tm_yday;
}

int fetch_share_budget(const struct fetch_share *sh, long stale_after, struct api_budget *b)
{
	time_t at = 0;
	cJSON *o = read_ticked(sh, stale_after, &at);
	const cJSON *arr = cJSON_GetObjectItemCaseSensitive(o, "budget");
	struct api_usage u;
	struct api_limits l;
	long v[8];
	int rc = -1;

	/* A tick of yesterday (23:59, read after midnight) counts yesterday's
	 * reads: taken as today's, it paused the refresh for the budget, and
	 * a paused console reads no next tick to learn otherwise. */
	if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) != 8 || !same_day(at, time(NULL)))
		goto out;
	/* A fellow member may write anything here: whole counts from 0 to
	 * 10^9, or the file is not taken. */
	for (int i = 0; i < 8; i++) {
		const cJSON *n = cJSON_GetArrayItem(arr, i);

		if (!cJSON_IsNumber(n) || n->valuedouble < 0 || n->valuedouble > 1e9 ||
		    n->valuedouble != (double)(long)n->valuedouble)
			goto out;
		v[i] = (long)n->valuedouble;
	}
	u = (struct api_usage){ v[0], v[1], v[2], v[3] };
	l = (struct api_limits){ v[4], v[5], v[6], v[7] };
	api_budget_from(b, &u, &l);
	rc = 0;
out:
	cJSON_Delete(o);
	return rc;
}

int fetch_share_baseline(const struct fetch_share *sh, long stale_after, long long *newest)
{
	cJSON *o = read_ticked(sh, stale_after, NULL);
	const cJSON *n = cJSON_GetObjectItemCaseSensitive(o, "newest");
	int rc = 0;

	/* 0 is "no change since the look day", which says nothing about a
	 * look day of another date: the console asks for itself then. */
	if (cJSON_IsNumber(n) && n->valuedouble >= 1 && n->valuedouble < 9e15) {
		*newest = (long long)n->valuedouble;
		rc = 1;
	}
	cJSON_Delete(o);
	return rc;
}

/* ------------------------------------------------------------ writes */

void fetch_share_publish_write(struct fetch_share *sh, const char *resource, const void *row)
{
	struct strbuf name = STRBUF_INIT, err = STRBUF_INIT;
	struct timespec now;
	cJSON *o, *rec;
	char *text;

	if (!sh || !row || !fetch_share_uses(sh, "written") || !(rec = m_row_encode(resource, row)))
		return;
	clock_gettime(CLOCK_REALTIME, &now);
	o = cJSON_CreateObject();
	cJSON_AddStringToObject(o, "url", sh->url);
	cJSON_AddStringToObject(o, "resource", resource);
	cJSON_AddItemToObject(o, "record", rec);
	text = print_taken(o);
	/* Named by when it was written and who wrote it: the name alone says
	 * whether a reader wants it. */
	strbuf_addf(&name, "written/%020lld.%09ld-%s.json", (long long)now.tv_sec, now.tv_nsec,
	            sh->tag);
	(void)fetch_share_write(sh, name.buf, text, strlen(text), &err);
	free(text);
	strbuf_free(&name);
	strbuf_free(&err);
}

/* One file of written/ into r; quietly nothing when it is not whole or
 * not this account's. */
static void take_written(const struct fetch_share *sh, const char *rel, struct fetch_result *r)
{
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	cJSON *o = NULL;
	const cJSON *u, *res, *rec;
	const struct resource *rs;
	void *row;

	if (share_fs_read(sh->fd, rel, sh->gid, TICK_MAX_BYTES, &text, &err) < 0)
		goto out;
	o = cJSON_Parse(strbuf_str(&text));
	u = cJSON_GetObjectItemCaseSensitive(o, "url");
	res = cJSON_GetObjectItemCaseSensitive(o, "resource");
	rec = cJSON_GetObjectItemCaseSensitive(o, "record");
	if (!cJSON_IsString(u) || strcmp(u->valuestring, sh->url) != 0 || !cJSON_IsString(res) ||
	    !(rs = res_find(res->valuestring)) || !(row = m_row_decode(rs->name, rec)))
		goto out;
	r->written = xrealloc(r->written, (r->n_written + 1) * sizeof(*r->written));
	r->written[r->n_written].resource = rs->name;
	r->written[r->n_written].row = row;
	r->n_written++;
out:
	cJSON_Delete(o);
	strbuf_free(&text);
	strbuf_free(&err);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void fetch_share_read_written(struct fetch_share *sh, struct fetch_result *r)
{
	DIR *d;
	struct dirent *e;
	char **names = NULL, **seen = NULL;
	size_t n = 0, n_seen = 0;
	time_t now = time(NULL);

	if (!sh || !fetch_share_uses(sh, "written"))
		return;
	d = share_fs_opendir(sh->fd, "written");
	while (d && (e = readdir(d))) {
		long long sec, nsec;
		char tag[17];

		if (written_name(e->d_name, &sec, &nsec, tag) < 0)
			continue;
		if (now - (time_t)sec > TICK_KEEP_SECONDS) {
			/* anyone prunes: nobody owns the folder */
			unlinkat(dirfd(d), e->d_name, 0);
			continue;
		}
		if (strcmp(tag, sh->tag) == 0 || sec < (long long)sh->opened.tv_sec ||
		    (sec == (long long)sh->opened.tv_sec && nsec < sh->opened.tv_nsec))
			continue;
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = xstrdup(e->d_name);
	}
	if (d)
		closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), by_name); /* in the order written */
	/* A file is taken once: the set of names taken is kept only while
	 * their files last, so it never outgrows the folder. */
	for (size_t i = 0; i < n; i++) {
		int known = 0;

		for (size_t j = 0; j < sh->n_seen && !known; j++)
			known = strcmp(sh->seen[j], names[i]) == 0;
		if (!known) {
			struct strbuf p = STRBUF_INIT;

			strbuf_addf(&p, "written/%s", names[i]);
			take_written(sh, p.buf, r);
			strbuf_free(&p);
		}
		seen = xrealloc(seen, (n_seen + 1) * sizeof(*seen));
		seen[n_seen++] = names[i];
	}
	for (size_t j = 0; j < sh->n_seen; j++)
		free(sh->seen[j]);
	free(sh->seen);
	free(names);
	sh->seen = seen;
	sh->n_seen = n_seen;
}
