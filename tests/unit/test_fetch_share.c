/* test_fetch_share.c: the office share's files: writes taken once by the others, in order, 0660 and without the key; ticks, gone rows, the ticker's baseline; accounts apart; directory modes; symlinks and FIFOs never followed; the read counter. */
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <limits.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/strbuf.h"
#include "fetch/budget.h"
#include "fetch/fetch.h"
#include "fetch/share.h"
#include "model/model.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_fetch_share.XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static struct fetch_share *open_share(const char *url)
{
	struct strbuf err = STRBUF_INIT;
	struct fetch_share *sh = fetch_share_open(dir, url, "demo-key", &err);

	assert_non_null(sh);
	strbuf_free(&err);
	return sh;
}

static struct m_note *note_of(long long id, long long customer, const char *text)
{
	struct m_note *n = xcalloc(1, sizeof(*n));

	n->id = id;
	n->customer_id = customer;
	n->text = xstrdup(text);
	n->type = xstrdup("");
	n->employee_name = xstrdup("");
	return n;
}

static void test_written_taken_once_by_the_others(void **state)
{
	struct fetch_share *a = open_share("http://127.0.0.1:1/api");
	struct fetch_share *b = open_share("http://127.0.0.1:1/api");
	struct fetch_share *other = open_share("http://localhost:1/api");
	struct fetch_result *r = xcalloc(1, sizeof(*r));
	struct m_note *n = note_of(50231, 10012, "gate code 4711");
	const struct m_note *got;
	struct strbuf path = STRBUF_INIT;
	DIR *d;
	struct dirent *e;
	int files = 0;

	(void)state;
	fetch_share_publish_write(a, "note", n);
	m_row_free("note", n);

	/* B takes it, as a note row, once. */
	fetch_share_read_written(b, r);
	assert_int_equal(r->n_written, 1);
	assert_string_equal(r->written[0].resource, "note");
	got = r->written[0].row;
	assert_int_equal(got->id, 50231);
	assert_int_equal(got->customer_id, 10012);
	assert_string_equal(got->text, "gate code 4711");
	fetch_result_free(r);
	r = xcalloc(1, sizeof(*r));
	fetch_share_read_written(b, r);
	assert_int_equal(r->n_written, 0);
	/* The writer does not take its own write back... */
	fetch_share_read_written(a, r);
	assert_int_equal(r->n_written, 0);
	/* ...nor does another account on the same DIR. */
	fetch_share_read_written(other, r);
	assert_int_equal(r->n_written, 0);

	/* The file is the group's, no wider, and holds no key. */
	strbuf_addf(&path, "%s/written", fetch_share_path(a));
	d = opendir(path.buf);
	assert_non_null(d);
	while ((e = readdir(d))) {
		struct strbuf f = STRBUF_INIT, text = STRBUF_INIT, err = STRBUF_INIT;
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		files++;
		strbuf_addf(&f, "%s/%s", path.buf, e->d_name);
		assert_int_equal(stat(f.buf, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0660);
		assert_true(strbuf_read_file(f.buf, 1 << 20, &text, &err) >= 0);
		assert_null(strstr(strbuf_str(&text), "demo-key"));
		strbuf_free(&f);
		strbuf_free(&text);
		strbuf_free(&err);
	}
	closedir(d);
	assert_int_equal(files, 1);
	strbuf_free(&path);
	fetch_result_free(r);
	fetch_share_close(a);
	fetch_share_close(b);
	fetch_share_close(other);
}

/* Names in written/ are a fellow member's to choose: numbers past any
 * range (sscanf's %lld is undefined there, and the age's subtraction
 * overflowed) or of the wrong form are passed over, never taken (a C
 * review's finding); the genuine file still is. */
static void test_written_names_of_anyone(void **state)
{
	static const char *const forged[] = {
		"-9223372036854775808.0-0123456789abcdef.json",
		"99999999999999999999.000000000-0123456789abcdef.json",
		"00000000009999999999.99999999999999999999-0123456789abcdef.json",
		"1.2-0123456789abcdefa.json",
		"1.2-.json",
		"+1800000000.0-0123456789abcdef.json",
		"1800000000.0-0123456789abcdef.json.tmp",
	};
	struct fetch_share *a = open_share("http://127.0.0.1:13/api");
	struct fetch_share *b = open_share("http://127.0.0.1:13/api");
	struct fetch_result *r = xcalloc(1, sizeof(*r));
	struct m_note *n = note_of(50232, 10013, "side door");
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, err = STRBUF_INIT;
	DIR *d;
	struct dirent *e;

	(void)state;
	fetch_share_publish_write(a, "note", n);
	m_row_free("note", n);
	strbuf_addf(&path, "%s/written", fetch_share_path(a));
	d = opendir(path.buf);
	assert_non_null(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.') {
			struct strbuf f = STRBUF_INIT;

			strbuf_addf(&f, "%s/%s", path.buf, e->d_name);
			assert_true(strbuf_read_file(f.buf, 1 << 20, &text, &err) >= 0);
			strbuf_free(&f);
		}
	closedir(d);
	assert_true(text.len > 0);
	for (size_t i = 0; i < sizeof(forged) / sizeof(forged[0]); i++) {
		struct strbuf f = STRBUF_INIT;
		FILE *fp;

		strbuf_addf(&f, "%s/%s", path.buf, forged[i]);
		fp = fopen(f.buf, "w");
		assert_non_null(fp);
		assert_int_equal(fwrite(text.buf, 1, text.len, fp), text.len);
		assert_int_equal(fclose(fp), 0);
		assert_int_equal(chmod(f.buf, 0660), 0);
		strbuf_free(&f);
	}
	fetch_share_read_written(b, r);
	assert_int_equal(r->n_written, 1);
	fetch_result_free(r);
	strbuf_free(&path);
	strbuf_free(&text);
	strbuf_free(&err);
	fetch_share_close(a);
	fetch_share_close(b);
}

/* A console takes what was written after it opened the share (what came
 * before, its own searches bring), in the order written; a file that is
 * not whole is passed over. */
static void test_written_since_opened_in_order(void **state)
{
	struct fetch_share *a = open_share("http://127.0.0.1:2/api");
	struct fetch_share *late;
	struct fetch_result *r = xcalloc(1, sizeof(*r));
	struct m_note *n = note_of(1, 7, "before");
	struct strbuf err = STRBUF_INIT;

	(void)state;
	fetch_share_publish_write(a, "note", n);
	m_row_free("note", n);
	sleep(1); /* the names are stamped to the nanosecond; the open too */
	late = open_share("http://127.0.0.1:2/api");
	n = note_of(2, 7, "after one");
	fetch_share_publish_write(a, "note", n);
	m_row_free("note", n);
	n = note_of(3, 7, "after two");
	fetch_share_publish_write(a, "note", n);
	m_row_free("note", n);
	assert_int_equal(fetch_share_write(a, "written/00000000009999999999.000000000-0123456789abcdef.json",
	                                   "{\"url\":", 7, &err), 0);
	fetch_share_read_written(late, r);
	assert_int_equal(r->n_written, 2);
	assert_int_equal(((struct m_note *)r->written[0].row)->id, 2);
	assert_int_equal(((struct m_note *)r->written[1].row)->id, 3);
	strbuf_free(&err);
	fetch_result_free(r);
	fetch_share_close(a);
	fetch_share_close(late);
}

/* The ticker's newest change id, as a baseline for a console starting
 * now: only while the ticker ticks, only of this account, never 0. */
/* The ticker's budget reaches the other consoles with its tick (they read
 * no answer of their own between ticks, and showed a figure a quarter of
 * an hour old, each a different one); what is not a budget is not taken. */
static void test_budget_from_the_ticker(void **state)
{
	/* What follows the url member, every one not a budget. */
	static const char *const bad_budgets[] = {
		"\"budget\":[1,2,3,4,60,3000,60]}",
		"\"budget\":[1,2,3,4,60,3000,60,-1]}",
		"\"budget\":[1,2,3,4,60,3000,60,1e12]}",
		"\"budget\":[1,2,3,4,60,3000,60,2.5]}",
		"\"budget\":[1,2,3,\"4\",60,3000,60,3000]}",
		"\"budget\":{\"readToday\":1}}",
		/* Eight numbers, in an object: cJSON counts its members. */
		"\"budget\":{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":60,\"f\":3000,\"g\":60,\"h\":3000}}",
	};
	const char *url = "http://127.0.0.1:14/api";
	struct fetch_share *a = open_share(url), *b = open_share(url);
	struct fetch_result *r = xcalloc(1, sizeof(*r));
	struct api_budget got;
	struct api_usage u = { 120, 7, 5, 1 };
	struct api_limits l = { 60, 3000, 60, 3000 };
	struct strbuf err = STRBUF_INIT, text = STRBUF_INIT;

	(void)state;
	memset(&got, 0, sizeof(got));
	assert_int_equal(fetch_share_budget(b, 120, &got), -1); /* no tick yet */
	assert_int_equal(fetch_share_budget(NULL, 120, &got), -1);
	r->kind = FETCH_REFRESH;
	r->last_change = 4711;
	fetch_share_publish(a, 4000, r); /* a tick of no known budget */
	assert_int_equal(fetch_share_budget(b, 120, &got), -1);
	api_budget_from(&r->budget, &u, &l);
	fetch_share_publish(a, 4711, r);
	assert_int_equal(fetch_share_budget(b, 120, &got), 0);
	assert_true(got.known);
	assert_int_equal(got.reads_left_today, 3000 - 120);
	assert_int_equal(got.reads_left_minute, 60 - 5);
	assert_int_equal(got.writes_left_today, 3000 - 7);
	/* A ticker silent for longer than stale_after: not taken.  Its tick
	 * ten minutes old, not a stale_after of -1 against a tick of now: a
	 * file's time comes from the kernel's coarse clock, at times a second
	 * ahead of time(), and the tick then read as one second in the future
	 * was taken. */
	{
		struct strbuf path = STRBUF_INIT;
		struct timespec old[2] = { { 0, 0 }, { 0, 0 } };

		strbuf_addf(&path, "%s/ticked", fetch_share_path(b));
		old[0].tv_sec = old[1].tv_sec = time(NULL) - 600;
		assert_int_equal(utimensat(AT_FDCWD, path.buf, old, 0), 0);
		assert_int_equal(fetch_share_budget(b, 120, &got), -1);
		strbuf_free(&path);
	}
	/* Another account's file: not taken. */
	strbuf_addf(&text, "{\"url\":\"http://elsewhere/api\",\"budget\":[1,2,3,4,60,3000,60,3000]}");
	assert_int_equal(fetch_share_write(a, "ticked", text.buf, text.len, &err), 0);
	memset(&got, 0, sizeof(got));
	assert_int_equal(fetch_share_budget(b, 120, &got), -1);
	for (size_t i = 0; i < sizeof(bad_budgets) / sizeof(bad_budgets[0]); i++) {
		memset(&got, 0, sizeof(got));
		strbuf_reset(&text);
		strbuf_addf(&text, "{\"url\":\"%s\",%s", url, bad_budgets[i]);
		assert_int_equal(fetch_share_write(a, "ticked", text.buf, text.len, &err), 0);
		if (fetch_share_budget(b, 120, &got) != -1 || got.known)
			fail_msg("taken: %s", text.buf);
	}
	/* A tick of yesterday, however recent (23:59, read at 00:00): its
	 * day's counts are yesterday's, not taken; a tick of today is. */
	{
		struct strbuf path = STRBUF_INIT;
		struct timespec t[2] = { { 0, 0 }, { 0, 0 } };
		time_t now = time(NULL);
		struct tm tm;

		fetch_share_publish(a, 4711, r);
		localtime_r(&now, &tm);
		tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
		tm.tm_isdst = -1;
		strbuf_addf(&path, "%s/ticked", fetch_share_path(b));
		t[0].tv_sec = t[1].tv_sec = mktime(&tm) - 1;
		assert_int_equal(utimensat(AT_FDCWD, path.buf, t, 0), 0);
		memset(&got, 0, sizeof(got));
		assert_int_equal(fetch_share_budget(b, 2 * 86400, &got), -1);
		assert_false(got.known);
		t[0].tv_sec = t[1].tv_sec = mktime(&tm) + 1;
		assert_int_equal(utimensat(AT_FDCWD, path.buf, t, 0), 0);
		assert_int_equal(fetch_share_budget(b, 2 * 86400, &got), 0);
		assert_int_equal(got.reads_left_today, 3000 - 120);
		strbuf_free(&path);
	}
	strbuf_free(&text);
	strbuf_free(&err);
	fetch_result_free(r);
	fetch_share_close(a);
	fetch_share_close(b);
}

static void test_baseline_from_the_ticker(void **state)
{
	const char *url = "http://127.0.0.1:3/api";
	struct fetch_share *a = open_share(url), *b = open_share(url);
	struct fetch_result *r = xcalloc(1, sizeof(*r));
	struct strbuf err = STRBUF_INIT, path = STRBUF_INIT;
	struct timespec old[2] = { { 0, 0 }, { 0, 0 } };
	long long newest = -1;

	(void)state;
	assert_int_equal(fetch_share_baseline(b, 120, &newest), 0); /* no tick yet */
	assert_int_equal(fetch_share_baseline(NULL, 120, &newest), 0);
	/* A ticker that knew no change since its look day: nothing to take. */
	r->kind = FETCH_REFRESH;
	fetch_share_publish(a, 0, r);
	assert_int_equal(fetch_share_baseline(b, 120, &newest), 0);
	r->last_change = 4711;
	fetch_share_publish(a, 4000, r);
	assert_int_equal(fetch_share_baseline(b, 120, &newest), 1);
	assert_int_equal(newest, 4711);
	/* A quiet tick still says what the ticker knows. */
	newest = -1;
	fetch_share_publish(a, 4711, r);
	assert_int_equal(fetch_share_baseline(b, 120, &newest), 1);
	assert_int_equal(newest, 4711);
	/* A failed tick says nothing new. */
	r->last_change = 5000;
	r->err.kind = API_ERR_NETWORK;
	fetch_share_publish(a, 4711, r);
	r->err.kind = API_OK;
	assert_int_equal(fetch_share_baseline(b, 120, &newest), 1);
	assert_int_equal(newest, 4711);
	/* A ticker that stopped ticking ten minutes ago. */
	strbuf_addf(&path, "%s/ticked", fetch_share_path(b));
	old[0].tv_sec = old[1].tv_sec = time(NULL) - 600;
	assert_int_equal(utimensat(AT_FDCWD, path.buf, old, 0), 0);
	assert_int_equal(fetch_share_baseline(b, 120, &newest), 0);
	assert_int_equal(fetch_share_baseline(b, 3600, &newest), 1);
	/* Another account's file, or one cut short, is not taken. */
	assert_int_equal(fetch_share_write(a, "ticked", "{\"url\":\"http://elsewhere/api\",\"newest\":9}",
	                                   41, &err), 0);
	assert_int_equal(fetch_share_baseline(b, 120, &newest), 0);
	assert_int_equal(fetch_share_write(a, "ticked", "{\"url\":", 7, &err), 0);
	assert_int_equal(fetch_share_baseline(b, 120, &newest), 0);
	strbuf_free(&err);
	strbuf_free(&path);
	fetch_result_free(r);
	fetch_share_close(a);
	fetch_share_close(b);
}

/* One tick of a's, since to newest: route and its stop changed (when
 * route is not 0), or gone_route and gone_stop gone (when not 0). */
static void publish_tick(struct fetch_share *a, long long since, long long newest,
                         long long route, long long stop, long long gone_route,
                         long long gone_stop)
{
	struct fetch_result *r = xcalloc(1, sizeof(*r));
	char text[160];
	cJSON *rec;

	r->kind = FETCH_REFRESH;
	r->last_change = newest;
	if (route) {
		snprintf(text, sizeof(text),
		         "{\"routeID\":\"%lld\",\"title\":\"Route 05\",\"date\":\"2026-11-20\"}", route);
		rec = cJSON_Parse(text);
		r->routes = xmalloc(sizeof(*r->routes));
		r->routes[r->n_routes++] = m_row_decode("route", rec);
		cJSON_Delete(rec);
		snprintf(text, sizeof(text),
		         "{\"appointmentID\":\"%lld\",\"routeID\":\"%lld\",\"date\":\"2026-11-20\"}",
		         stop, route);
		rec = cJSON_Parse(text);
		r->appts = xmalloc(sizeof(*r->appts));
		r->appts[r->n_appts++] = m_row_decode("appointment", rec);
		cJSON_Delete(rec);
		assert_non_null(r->routes[0]);
		assert_non_null(r->appts[0]);
	}
	if (gone_route) {
		r->gone_routes = xmalloc(sizeof(long long));
		r->gone_routes[r->n_gone_routes++] = gone_route;
		r->gone_appts = xmalloc(sizeof(long long));
		r->gone_appts[r->n_gone_appts++] = gone_stop;
	}
	fetch_share_publish(a, since, r);
	fetch_result_free(r);
}

/* What a follower at since reads from the share. */
static struct fetch_result *follow(struct fetch_share *b, long long since)
{
	struct fetch_result *got = xcalloc(1, sizeof(*got));

	assert_int_equal(fetch_share_read(b, since, 120, got), 1);
	return got;
}

/* A route the ticker found deleted (its get answered nothing) reaches the
 * others as gone, and a later tick's word wins over an earlier one's
 * when a follower reads several at once. */
static void test_gone_rows_reach_the_others(void **state)
{
	const char *url = "http://127.0.0.1:4/api"; /* an account of its own */
	struct fetch_share *a = open_share(url), *b = open_share(url);
	struct fetch_result *got;

	(void)state;
	publish_tick(a, 100, 200, 7, 70, 0, 0); /* route 7 and its stop 70 changed */
	publish_tick(a, 200, 300, 0, 0, 7, 70); /* both gone */

	/* A follower at 200 reads the second tick alone. */
	got = follow(b, 200);
	assert_int_equal(got->n_gone_routes, 1);
	assert_int_equal(got->gone_routes[0], 7);
	assert_int_equal(got->n_gone_appts, 1);
	assert_int_equal(got->gone_appts[0], 70);
	assert_int_equal(got->n_routes, 0);
	fetch_result_free(got);
	/* A follower at 100 reads both: the rows of the first are gone. */
	got = follow(b, 100);
	assert_int_equal(got->last_change, 300);
	assert_int_equal(got->n_routes, 0);
	assert_int_equal(got->n_appts, 0);
	assert_int_equal(got->n_gone_routes, 1);
	assert_int_equal(got->n_gone_appts, 1);
	fetch_result_free(got);

	/* Route 7 back in sight (another office's key widened), with a new
	 * stop 71: stop 70 stays gone. */
	publish_tick(a, 300, 400, 7, 71, 0, 0);
	got = follow(b, 100);
	assert_int_equal(got->n_routes, 1);
	assert_int_equal(m_row_id(got->routes[0]), 7);
	assert_int_equal(got->n_gone_routes, 0);
	assert_int_equal(got->n_gone_appts, 1);
	assert_int_equal(got->gone_appts[0], 70);
	assert_int_equal(got->n_appts, 1);
	assert_int_equal(m_row_id(got->appts[0]), 71);
	fetch_result_free(got);
	fetch_share_close(a);
	fetch_share_close(b);
}

/* A victim file outside the share, in a directory of its own. */
static char vdir[64];

static const char *make_victim(void)
{
	static char path[96];
	FILE *f;

	snprintf(vdir, sizeof(vdir), "/tmp/test_fetch_share_victim.XXXXXX");
	assert_non_null(mkdtemp(vdir));
	snprintf(path, sizeof(path), "%s/victim.txt", vdir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("secret\n", f);
	fclose(f);
	assert_int_equal(chmod(path, 0600), 0);
	return path;
}

static void assert_victim_untouched(const char *path)
{
	struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
	struct stat st;

	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	assert_int_equal(strbuf_read_file(path, 100, &text, &err), 0);
	assert_string_equal(strbuf_str(&text), "secret\n");
	strbuf_free(&text);
	strbuf_free(&err);
}

static void remove_victim(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", vdir);
	assert_int_equal(system(cmd), 0);
}

/* A fellow dispatcher (anyone who can write in the share) puts symlinks
 * to another's file where the share's files go: opening, touching,
 * locking, counting and writing must neither follow them nor change the
 * file they point to (it was made 0660 and truncated to "3000"). */
static void test_symlinks_in_the_share_never_followed(void **state)
{
	static const char *const names[] = { "ticker.lock", "active", "read-limit", "lookup/customer.json" };
	const char *url = "http://127.0.0.1:4/api";
	const char *victim = make_victim();
	struct fetch_share *a = open_share(url), *b;
	struct fetch_result *r = xcalloc(1, sizeof(*r));
	struct strbuf err = STRBUF_INIT;
	struct api_budget bud;
	struct fetch_budget *fb;
	struct stat st;
	char today[40], why[256];
	time_t t = time(NULL);
	struct tm tm;

	(void)state;
	localtime_r(&t, &tm);
	strftime(today, sizeof(today), "reads-%Y-%m-%d", &tm);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		assert_int_equal(symlinkat(victim, fetch_share_fd(a), names[i]), 0);
	assert_int_equal(symlinkat(victim, fetch_share_fd(a), today), 0);
	b = open_share(url);
	/* The lock cannot be had through a symlink: no ticker. */
	assert_int_equal(fetch_share_ticker(b), 0);
	fetch_share_touch(b, t);
	/* A file of no content: the symlink itself replaced, so that the
	 * office's "active" goes on (left, it stopped for good). */
	assert_int_equal(fstatat(fetch_share_fd(b), "active", &st, AT_SYMLINK_NOFOLLOW), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_true(fetch_share_active(b) >= t - 1);
	r->kind = FETCH_REFRESH;
	r->last_change = 4711;
	fetch_share_publish(b, 4000, r);
	/* A whole-file write replaces the symlink itself. */
	assert_int_equal(fetch_share_write(b, "lookup/customer.json", "{}", 2, &err), 0);
	assert_int_equal(fstatat(fetch_share_fd(b), "lookup/customer.json", &st, AT_SYMLINK_NOFOLLOW), 0);
	assert_true(S_ISREG(st.st_mode));
	/* The read counter: refused, so the read is counted in memory (a
	 * counter that cannot be kept stops nobody's work, and is said);
	 * the day's limit replaces the symlink itself, as every whole-file
	 * write. */
	memset(&bud, 0, sizeof(bud));
	bud.known = 1;
	bud.limits.read_day = 3000;
	fb = fetch_budget_open(fetch_share_path(b), 50, fetch_share_gid(b));
	assert_non_null(fb);
	fetch_budget_note(fb, &bud);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(fb), 1);
	assert_int_equal(fetch_budget_trouble(fb, why, sizeof(why)), 1);
	fetch_budget_close(fb);
	assert_victim_untouched(victim);
	strbuf_free(&err);
	fetch_result_free(r);
	fetch_share_close(a);
	fetch_share_close(b);
	remove_victim();
}

/* A directory of the share swapped for a symlink to another's: nothing
 * written there, nothing pruned there (the ticker prunes every file of
 * ticks/ past three hours; written/ is pruned by anyone). */
static void test_swapped_directory_never_followed(void **state)
{
	const char *url = "http://127.0.0.1:5/api";
	const char *victim = make_victim();
	struct fetch_share *a = open_share(url);
	struct fetch_result *r = xcalloc(1, sizeof(*r)), *w = xcalloc(1, sizeof(*w));
	struct timespec old[2] = { { 0, 0 }, { 0, 0 } };
	struct strbuf err = STRBUF_INIT, path = STRBUF_INIT;
	DIR *d;
	struct dirent *e;
	int n = 0;

	(void)state;
	old[0].tv_sec = old[1].tv_sec = time(NULL) - 86400;
	assert_int_equal(utimensat(AT_FDCWD, victim, old, 0), 0);
	strbuf_addf(&path, "%s/ticks", fetch_share_path(a));
	assert_int_equal(rmdir(path.buf), 0);
	assert_int_equal(symlink(vdir, path.buf), 0);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/written", fetch_share_path(a));
	assert_int_equal(rmdir(path.buf), 0);
	assert_int_equal(symlink(vdir, path.buf), 0);
	r->kind = FETCH_REFRESH;
	r->last_change = 4711;
	fetch_share_publish(a, 4000, r);
	assert_int_equal(fetch_share_write(a, "written/1.0-0123456789abcdef.json", "{}", 2, &err), -1);
	fetch_share_read_written(a, w);
	d = opendir(vdir);
	assert_non_null(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	assert_int_equal(n, 1); /* the victim alone: nothing added, nothing pruned */
	assert_victim_untouched(victim);
	strbuf_free(&err);
	strbuf_free(&path);
	fetch_result_free(r);
	fetch_result_free(w);
	fetch_share_close(a);
	remove_victim();
}

/* A FIFO where a file is read: refused at once, never a hang. */
static void test_fifo_in_the_share_does_not_hang(void **state)
{
	const char *url = "http://127.0.0.1:6/api";
	struct fetch_share *a = open_share(url);
	long long newest = -1;

	(void)state;
	assert_int_equal(mkfifoat(fetch_share_fd(a), "ticked", 0660), 0);
	assert_int_equal(fetch_share_baseline(a, 120, &newest), 0);
	fetch_share_touch(a, time(NULL));
	assert_int_equal(mkfifoat(fetch_share_fd(a), "ticker.lock", 0660), 0);
	assert_int_equal(fetch_share_ticker(a), 0);
	fetch_share_close(a);
}

/* DIR writable by every user is refused (anyone could make the account's
 * directory first); the account's directory gets DIR's group and 02770
 * back, whatever DIR's setgid bit and whatever mode it was left with. */
static void test_share_directory_modes(void **state)
{
	const char *url = "http://127.0.0.1:7/api";
	struct strbuf err = STRBUF_INIT;
	struct fetch_share *a;
	struct stat st;
	gid_t groups[64], other;
	int ng = getgroups(64, groups);

	(void)state;
	assert_int_equal(chmod(dir, 0777), 0);
	assert_null(fetch_share_open(dir, url, "demo-key", &err));
	assert_non_null(strstr(strbuf_str(&err), "every user of this host can write in it"));
	assert_int_equal(chmod(dir, 0770), 0);
	/* A second group of this user when it has one (root has them all):
	 * DIR given it without g+s, the account's directory must follow. */
	other = getgid();
	for (int i = 0; i < ng; i++)
		if (groups[i] != getgid())
			other = groups[i];
	if (geteuid() == 0 && other == getgid())
		other = getgid() + 1;
	assert_int_equal(chown(dir, (uid_t)-1, other), 0);
	a = open_share(url);
	assert_int_equal(stat(fetch_share_path(a), &st), 0);
	assert_int_equal(st.st_gid, other);
	assert_int_equal(st.st_mode & 07777, 02770);
	assert_int_equal(fetch_share_gid(a), other);
	/* Left 0777 by hand: the next console closes it again. */
	assert_int_equal(chmod(fetch_share_path(a), 0777), 0);
	fetch_share_close(a);
	a = open_share(url);
	assert_int_equal(stat(fetch_share_path(a), &st), 0);
	assert_int_equal(st.st_mode & 07777, 02770);
	fetch_share_close(a);
	/* Another user's directory open to others is not used (only root can
	 * make one for another user here). */
	if (geteuid() == 0) {
		struct strbuf p = STRBUF_INIT;

		strbuf_addf(&p, "%s/ticks", fetch_share_path(a = open_share(url)));
		fetch_share_close(a);
		assert_int_equal(chown(p.buf, 65534, other), 0);
		assert_int_equal(chmod(p.buf, 02777), 0);
		/* The rest of the share is used. */
		a = open_share(url);
		assert_int_equal(fetch_share_uses(a, "ticks"), 0);
		assert_int_equal(fetch_share_ticker(a), 0);
		assert_non_null(strstr(fetch_share_warnings(a), "made by another user"));
		assert_non_null(strstr(fetch_share_warnings(a), p.buf));
		fetch_share_close(a);
		assert_int_equal(chmod(p.buf, 02770), 0);
		a = open_share(url);
		fetch_share_close(a);
		strbuf_free(&p);
	}
	assert_int_equal(chown(dir, (uid_t)-1, getgid()), 0);
	strbuf_free(&err);
}

/* What a share opened as the user uid (groups: the share's gid only)
 * makes of it, run in a child: 0 when it opened with written/ alone not
 * used and said so (naming it), the ticks and the read count still
 * shared; else the step that failed. */
static int open_as(uid_t uid, gid_t gid, const char *url)
{
	struct strbuf err = STRBUF_INIT;
	struct fetch_share *sh;
	struct fetch_budget *fb;
	struct stat st;
	char name[40], why[256];
	const char *w;
	time_t t = time(NULL);
	struct tm tm;

	if (setgroups(1, &gid) < 0 || setgid(gid) < 0 || setuid(uid) < 0)
		return 1;
	if (!(sh = fetch_share_open(dir, url, "demo-key", &err)))
		return 2;
	w = fetch_share_warnings(sh);
	if (!strstr(w, "/written not used (") || !strstr(w, fetch_share_path(sh)) ||
	    strchr(w, '\n') != w + strlen(w) - 1) /* one line */
		return 3;
	if (fetch_share_uses(sh, "written") || fetch_share_uses(sh, "written/x.json") ||
	    !fetch_share_uses(sh, "ticks") || !fetch_share_uses(sh, "read-limit"))
		return 4;
	if (!fetch_share_ticker(sh))
		return 5;
	fb = fetch_budget_open_account(sh, NULL, NULL, NULL, 50);
	if (!fb || fetch_budget_may_read(fb, NULL, why, sizeof(why)) != 0)
		return 6;
	localtime_r(&t, &tm);
	strftime(name, sizeof(name), "reads-%Y-%m-%d", &tm);
	if (fstatat(fetch_share_fd(sh), name, &st, 0) < 0 || st.st_uid != uid)
		return 7;
	fetch_budget_close(fb);
	fetch_share_close(sh);
	strbuf_free(&err);
	return 0;
}

/* One subdirectory of the share that cannot be used (written/ made 0500
 * by its owner, another user; a file put in its place) cost the whole
 * share: the console ran unshared, its reads counted apart from the
 * office's.  Now only what is kept there goes: the share opens, says why
 * in one line naming the directory, and counts the reads with the
 * office's. */
static void test_one_subdirectory_unusable(void **state)
{
	const char *url = "http://127.0.0.1:18/api";
	struct fetch_share *a = open_share(url), *b;
	struct strbuf err = STRBUF_INIT, p = STRBUF_INIT;
	struct fetch_result r;
	struct m_note *n = note_of(1, 2, "kept");
	int fd;

	(void)state;
	strbuf_addf(&p, "%s/written", fetch_share_path(a));
	assert_int_equal(rmdir(p.buf), 0);
	fd = open(p.buf, O_WRONLY | O_CREAT, 0660);
	assert_true(fd >= 0);
	close(fd);
	b = fetch_share_open(dir, url, "demo-key", &err);
	assert_non_null(b);
	assert_non_null(strstr(fetch_share_warnings(b), p.buf));
	assert_non_null(strstr(fetch_share_warnings(b), "written not used (not a directory"));
	assert_int_equal(fetch_share_uses(b, "written"), 0);
	assert_int_equal(fetch_share_uses(b, "days"), 1);
	assert_string_equal(fetch_share_warnings(a), "");
	/* Nothing goes there, nothing is read from there. */
	fetch_share_publish_write(b, "note", n);
	memset(&r, 0, sizeof(r));
	fetch_share_read_written(b, &r);
	assert_int_equal(r.n_written, 0);
	assert_int_equal(fetch_share_write(b, "written/x.json", "{}", 2, &err), -1);
	fetch_share_close(b);
	assert_int_equal(unlink(p.buf), 0);
	fetch_share_close(a);
	/* Another user's written/, 0500 (only root can make one for another
	 * user here), opened as a third member of the group. */
	if (geteuid() == 0) {
		pid_t pid;
		int status;

		assert_int_equal(chmod(dir, 0770), 0);
		a = open_share(url);
		fetch_share_close(a);
		assert_int_equal(chown(p.buf, 65534, getgid()), 0);
		assert_int_equal(chmod(p.buf, 0500), 0);
		pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			int rc = open_as(65533, getgid(), url);

			/* Freed: under valgrind the child's leaks are errors too. */
			m_row_free("note", n);
			strbuf_free(&p);
			strbuf_free(&err);
			_exit(rc);
		}
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
	m_row_free("note", n);
	strbuf_free(&p);
	strbuf_free(&err);
}

/* name made in the directory at (a file, or a directory when is_dir),
 * last modified age seconds ago. */
static void plant(int at, const char *name, int is_dir, long age)
{
	struct timespec t[2];

	if (is_dir) {
		assert_int_equal(mkdirat(at, name, 0770), 0);
	} else {
		int fd = openat(at, name, O_WRONLY | O_CREAT | O_EXCL, 0660);

		assert_true(fd >= 0);
		assert_int_equal(write(fd, "x", 1), 1);
		close(fd);
	}
	clock_gettime(CLOCK_REALTIME, &t[0]);
	t[0].tv_sec -= age;
	t[1] = t[0];
	assert_int_equal(utimensat(at, name, t, AT_SYMLINK_NOFOLLOW), 0);
}

/* A process killed while making a name (between its temporary's create
 * and its rename) left NAME.<16 hex digits> for good: every process
 * opening the share now removes those of the share's directories (and
 * those of the account's directory beside it) unmodified for an hour, the
 * temporaries' form only (16 lowercase hex digits after a name), files
 * and empty directories only; a younger one (a live maker's) stays. */
static void test_dead_temporaries_swept(void **state)
{
	static const struct {
		const char *where, *name;
		int dir, kept;
		long age;
	} planted[] = {
		{ "", "read-limit.0123456789abcdef", 0, 0, 7200 },
		{ "", "reads-2026-11-27.00000000000000ff", 0, 0, 3700 },
		{ "", "written.0123456789abcdef", 1, 0, 7200 },
		{ "", "ticked.fedcba9876543210", 0, 1, 60 },  /* a live maker's */
		{ "", "active.0123456789ABCDEF", 0, 1, 7200 }, /* not the form */
		{ "", "notes.0123456789abcde", 0, 1, 7200 },
		{ "", "notes.0123456789abcdef0", 0, 1, 7200 },
		{ "", ".0123456789abcdef", 0, 1, 7200 },
		{ "", "full.0123456789abcdef", 1, 1, 7200 },   /* not empty */
		{ "written/", "00000000001700000000.000000001-ab.json.0123456789abcdef", 0, 0, 7200 },
		{ "ticks/", "00000000000000000001-00000000000000000002.json.0123456789abcdef", 0, 0,
		  7200 },
		{ "days/", "2026-11-20.json.0123456789abcdef", 0, 0, 7200 },
		{ "lookup/", "customer.json.0123456789abcdef", 0, 0, 7200 },
		{ "lookup/", "customer.json.1123456789abcdef", 0, 1, 5 },
	};
	const char *url = "http://127.0.0.1:19/api";
	struct fetch_share *a = open_share(url), *b;
	struct strbuf p = STRBUF_INIT, beside = STRBUF_INIT, other = STRBUF_INIT;
	const char *acct = strrchr(fetch_share_path(a), '/') + 1;
	struct stat st;
	int top = open(dir, O_RDONLY | O_DIRECTORY);

	(void)state;
	assert_true(top >= 0);
	for (size_t i = 0; i < sizeof(planted) / sizeof(planted[0]); i++) {
		strbuf_reset(&p);
		strbuf_addf(&p, "%s%s", planted[i].where, planted[i].name);
		plant(fetch_share_fd(a), p.buf, planted[i].dir, planted[i].age);
	}
	assert_int_equal(mkdirat(fetch_share_fd(a), "full.0123456789abcdef/x", 0770), 0);
	assert_int_equal(symlinkat("/etc/passwd", fetch_share_fd(a), "link.0123456789abcdef"), 0);
	/* Beside the account's directory, in DIR: its own being made only. */
	strbuf_addf(&beside, "%s.0123456789abcdef", acct);
	plant(top, beside.buf, 1, 7200);
	plant(top, "office-notes.0123456789abcdef", 0, 7200);
	fetch_share_close(a);
	b = open_share(url);
	for (size_t i = 0; i < sizeof(planted) / sizeof(planted[0]); i++) {
		int there;

		strbuf_reset(&p);
		strbuf_addf(&p, "%s%s", planted[i].where, planted[i].name);
		there = fstatat(fetch_share_fd(b), p.buf, &st, AT_SYMLINK_NOFOLLOW) == 0;
		if (there != planted[i].kept)
			fail_msg("%s: %s", p.buf, there ? "kept" : "removed");
	}
	assert_int_equal(fstatat(fetch_share_fd(b), "link.0123456789abcdef", &st,
	                         AT_SYMLINK_NOFOLLOW), 0);
	assert_int_equal(fstatat(top, beside.buf, &st, AT_SYMLINK_NOFOLLOW), -1);
	assert_int_equal(fstatat(top, "office-notes.0123456789abcdef", &st, AT_SYMLINK_NOFOLLOW), 0);
	assert_int_equal(unlinkat(top, "office-notes.0123456789abcdef", 0), 0);
	fetch_share_close(b);
	/* A user's own counter directory (no share) the same way. */
	{
		struct fetch_budget *fb;
		int d;

		strbuf_addf(&other, "%s/own", dir);
		assert_int_equal(mkdir(other.buf, 0700), 0);
		d = open(other.buf, O_RDONLY | O_DIRECTORY);
		assert_true(d >= 0);
		plant(d, "read-limit.0123456789abcdef", 0, 7200);
		fb = fetch_budget_open(other.buf, 50, (gid_t)-1);
		assert_non_null(fb);
		assert_int_equal(fstatat(d, "read-limit.0123456789abcdef", &st, 0), -1);
		fetch_budget_close(fb);
		close(d);
	}
	close(top);
	strbuf_free(&p);
	strbuf_free(&beside);
	strbuf_free(&other);
}

/* A budget on the share's directory, today's counter's name in name. */
static struct fetch_budget *budget_on(struct fetch_share *sh, char name[40])
{
	struct fetch_budget *fb = fetch_budget_open_account(sh, NULL, NULL, NULL, 50);
	time_t t = time(NULL);
	struct tm tm;

	assert_non_null(fb);
	localtime_r(&t, &tm);
	strftime(name, 40, "reads-%Y-%m-%d", &tm);
	return fb;
}

/* The account's directory is opened once, checked, and that descriptor
 * kept: swapped afterwards for a directory open to everybody (any member
 * of the group can rename in DIR), nothing goes there, not even from the
 * read counter opened after the swap. */
static void test_checked_directory_is_the_one_used(void **state)
{
	const char *url = "http://127.0.0.1:8/api";
	struct fetch_share *a = open_share(url);
	struct fetch_budget *fb;
	struct strbuf moved = STRBUF_INIT;
	struct api_budget bud;
	struct stat st, held;
	char name[40], why[256];

	(void)state;
	strbuf_addf(&moved, "%s.old", fetch_share_path(a));
	assert_int_equal(rename(fetch_share_path(a), moved.buf), 0);
	assert_int_equal(mkdir(fetch_share_path(a), 0777), 0);
	assert_int_equal(chmod(fetch_share_path(a), 0777), 0);
	/* The read counter opened after the swap: on the share's
	 * descriptor, not on its name. */
	fb = budget_on(a, name);
	assert_int_equal(fstat(fetch_share_fd(a), &held), 0);
	assert_int_equal(held.st_mode & 07777, 02770);
	memset(&bud, 0, sizeof(bud));
	bud.known = 1;
	bud.limits.read_day = 3000;
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	/* Counted and noted in the directory checked, not in the new one. */
	assert_int_equal(fstatat(fetch_share_fd(a), name, &st, 0), 0);
	assert_int_equal(fstatat(fetch_share_fd(a), "read-limit", &st, 0), 0);
	assert_int_equal(stat(fetch_share_path(a), &st), 0);
	assert_int_not_equal(st.st_ino, held.st_ino);
	assert_int_equal(fetch_budget_used(fb), 1);
	fetch_budget_close(fb);
	fetch_share_close(a);
	strbuf_free(&moved);
}

/* Today's counter that cannot be opened for writing (a symlink put in
 * its place; a chmod does the same to anyone but root): the share still
 * holds, with this program's reads counted in memory on top of the count
 * the file gave last, and the trouble is told once, naming the file.
 * Before, every read went uncounted and unsaid for the rest of the day;
 * then (a review) the file's count was forgotten, and the reads counted
 * in memory were dropped once the file could be written again. */
static void test_counter_that_cannot_be_kept(void **state)
{
	const char *url = "http://127.0.0.1:15/api";
	struct fetch_share *a = open_share(url);
	struct api_budget bud;
	struct fetch_budget *fb;
	char name[40], why[400];

	(void)state;
	fb = budget_on(a, name);
	memset(&bud, 0, sizeof(bud));
	bud.known = 1;
	bud.limits.read_day = 10; /* 50%: 5 reads */
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_trouble(fb, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(fb), 1);
	assert_int_equal(unlinkat(fetch_share_fd(a), name, 0), 0);
	assert_int_equal(symlinkat("/dev/null", fetch_share_fd(a), name), 0);
	/* Counted here, on top of the file's 1. */
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(fb), 3);
	assert_int_equal(fetch_budget_trouble(fb, why, sizeof(why)), 1);
	assert_non_null(strstr(why, name));
	assert_non_null(strstr(why, "read_share"));
	/* One that reached no server is taken off. */
	fetch_budget_unsent(fb);
	assert_int_equal(fetch_budget_used(fb), 2);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(fb), 5);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "5 of 5"));
	/* The file usable again (a new one, empty): the 4 counted here go
	 * into it on top of the 1 it held last, which no one took back (an
	 * emptied counter is not a new day: see
	 * test_counter_emptied_keeps_the_count), so the share is spent. */
	assert_int_equal(unlinkat(fetch_share_fd(a), name, 0), 0);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "5 of 5"));
	{
		char buf[16] = "";
		int fd = openat(fetch_share_fd(a), name, O_RDONLY);

		assert_true(fd >= 0);
		assert_true(read(fd, buf, sizeof(buf) - 1) > 0);
		close(fd);
		assert_string_equal(buf, "5\n");
	}
	assert_int_equal(fetch_budget_used(fb), 5);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "5 of 5"));
	fetch_budget_close(fb);
	fetch_share_close(a);
}

/* The share of a day whose limit is any long (a service saying
 * "unlimited" as PHP_INT_MAX): floor(day * percent / 100), never an
 * overflow (UBSan traps on one), for seeded random days. */
static void test_share_of_a_huge_day(void **state)
{
	const char *url = "http://127.0.0.1:9/api";
	struct fetch_share *a = open_share(url);
	struct api_budget bud;
	struct fetch_budget *fb;
	char name[40];
	unsigned seed = 4242;

	(void)state;
	fb = budget_on(a, name);
	memset(&bud, 0, sizeof(bud));
	bud.known = 1;
	for (int i = 0; i < 2000; i++) {
		long day = i == 0 ? LONG_MAX : i == 1 ? 3000 : i == 2 ? 1 : (long)rand_r(&seed) << (i % 33);

		if (day <= 0)
			continue;
		bud.limits.read_day = day;
		assert_true(fetch_budget_limit(fb, &bud) == (long)((__int128)day * 50 / 100));
	}
	fetch_budget_close(fb);
	fetch_share_close(a);
}

/* A counter held by another process (a console stuck, a file server that
 * stopped answering): the screen's figure never waits for it (-1, the
 * last one stays), and a read waits a second, then goes uncounted. */
static void test_busy_counter_never_hangs(void **state)
{
	const char *url = "http://127.0.0.1:10/api";
	struct fetch_share *a = open_share(url);
	struct fetch_budget *fb;
	struct api_budget bud;
	char name[40], why[256];
	int fd;

	(void)state;
	fb = budget_on(a, name);
	memset(&bud, 0, sizeof(bud));
	bud.known = 1;
	bud.limits.read_day = 3000;
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	fd = openat(fetch_share_fd(a), name, O_RDWR);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_EX), 0);
	assert_int_equal(fetch_budget_used(fb), -1);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	close(fd);
	assert_int_equal(fetch_budget_used(fb), 1);
	fetch_budget_close(fb);
	fetch_share_close(a);
}

/* The counter holds whatever a member of the group wrote: a count past any
 * day's is taken as spent and never overflows (LONG_MAX + 1 did, and
 * reset the office's count to 0); a negative one or words are no count
 * (a C review's finding), and for a program that has read no count there
 * today, with no second record to stand for it (each case a budget of its
 * own, the record removed), the count is unknown: shown as 0, the read
 * goes uncounted and nothing is written over it (a 1 written there was
 * believed by every process after: see
 * test_counter_emptied_for_a_new_process, which also shows the record
 * standing for it). */
static void test_counter_written_by_anyone(void **state)
{
	static const struct {
		const char *text;
		long used;
	} cases[] = {
		{ "9223372036854775807\n", 1000000000L },
		{ "99999999999999999999999999\n", 1000000000L },
		{ "-9223372036854775808\n", 0 },
		{ "abc\n", 0 },
		{ "41\n7\n", 41 },
	};
	const char *url = "http://127.0.0.1:12/api";
	struct fetch_share *a = open_share(url);
	struct fetch_budget *fb;
	struct api_budget bud;
	char name[40], why[256];

	(void)state;
	memset(&bud, 0, sizeof(bud));
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int fd;

		fb = budget_on(a, name);
		(void)unlinkat(fetch_share_fd(a), "reads-last", 0);
		fd = openat(fetch_share_fd(a), name, O_WRONLY | O_CREAT | O_TRUNC, 0660);
		assert_true(fd >= 0);
		assert_int_equal(write(fd, cases[i].text, strlen(cases[i].text)),
		                 (ssize_t)strlen(cases[i].text));
		close(fd);
		assert_int_equal(fetch_budget_used(fb), cases[i].used);
		if (cases[i].used == 0) {
			char buf[40] = "";

			assert_int_equal(fetch_budget_may_read(fb, NULL, why, sizeof(why)), 0);
			fetch_budget_unsent(fb);
			assert_int_equal(fetch_budget_used(fb), 0);
			fd = openat(fetch_share_fd(a), name, O_RDONLY);
			assert_true(fd >= 0);
			assert_true(read(fd, buf, sizeof(buf) - 1) > 0);
			close(fd);
			assert_string_equal(buf, cases[i].text);
			fetch_budget_close(fb);
			continue;
		}
		/* No limit known: counted, saturating. */
		assert_int_equal(fetch_budget_may_read(fb, NULL, why, sizeof(why)), 0);
		assert_int_equal(fetch_budget_used(fb),
		                 cases[i].used < 1000000000L ? cases[i].used + 1 : cases[i].used);
		fetch_budget_unsent(fb);
		assert_int_equal(fetch_budget_used(fb), cases[i].used < 1000000000L ? cases[i].used
		                                                                    : 999999999L);
		fetch_budget_close(fb);
	}
	/* A known limit: a count past it refuses the read. */
	fb = budget_on(a, name);
	bud.known = 1;
	bud.limits.read_day = 3000;
	{
		int fd = openat(fetch_share_fd(a), name, O_WRONLY | O_TRUNC);

		assert_true(fd >= 0);
		assert_int_equal(write(fd, "9223372036854775807\n", 20), 20);
		close(fd);
	}
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), -1);
	fetch_budget_close(fb);
	fetch_share_close(a);
}

/* rewrite name in the share's directory with text (a member's hand). */
static void put_counter(struct fetch_share *a, const char *name, const char *text)
{
	int fd = openat(fetch_share_fd(a), name, O_WRONLY | O_CREAT | O_TRUNC, 0660);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
}

/* The counter emptied or overwritten with words while a console counts
 * (an editor's save, `> reads-...`, a copy cut short): the console goes on
 * from the count it last read or wrote there, not from 0, which started
 * the office's share over for every console (an office audit's finding:
 * 1500 of 1500 spent, the file emptied, and the next read went and wrote
 * 1).  A lower count that is a count is taken as it is: another
 * process's read unsent takes one off. */
static void test_counter_emptied_keeps_the_count(void **state)
{
	const char *url = "http://127.0.0.1:16/api";
	struct fetch_share *a = open_share(url);
	struct fetch_budget *fb;
	struct api_budget bud;
	char name[40], why[256];

	(void)state;
	fb = budget_on(a, name);
	memset(&bud, 0, sizeof(bud));
	bud.known = 1;
	bud.limits.read_day = 3000;
	put_counter(a, name, "1497\n");
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(fb), 1498);
	put_counter(a, name, "");
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(fb), 1499);
	put_counter(a, name, "x1499\n");
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(fb), 1500);
	/* Spent: an emptied counter does not open it again. */
	put_counter(a, name, "");
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "1500 of 1500"));
	/* A count, even a lower one, is the office's. */
	put_counter(a, name, "1200\n");
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(fb), 1201);
	fetch_budget_close(fb);
	fetch_share_close(a);
}

/* A process with no count of its own today (every `routedesk api`: a new
 * budget here) finding the counter emptied, garbled or removed by hand
 * takes the count it stands for, its second record (reads-last), not 0:
 * it had the whole day's share again (an office audit: 30 of 30 spent,
 * `> reads-...`, and the next `routedesk api` read and wrote 1).  The
 * counter and the record both unreadable: a read goes uncounted (nothing
 * is written: a 1 there would be believed), and its answer's count of the
 * account's reads stands for routedesk's. */
static void test_counter_emptied_for_a_new_process(void **state)
{
	const char *url = "http://127.0.0.1:17/api";
	struct fetch_share *a = open_share(url);
	struct fetch_budget *fb;
	struct api_budget bud;
	char name[40], why[256];
	struct stat st;

	(void)state;
	memset(&bud, 0, sizeof(bud));
	bud.known = 1;
	bud.limits.read_day = 3000;
	fb = budget_on(a, name);
	put_counter(a, name, "1497\n");
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	fetch_budget_close(fb);
	/* Emptied, then garbled: each new process goes on from the last
	 * count. */
	put_counter(a, name, "");
	fb = budget_on(a, name);
	assert_int_equal(fetch_budget_used(fb), 1498);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	fetch_budget_close(fb);
	put_counter(a, name, "x\n");
	fb = budget_on(a, name);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(fb), 1500);
	fetch_budget_close(fb);
	/* Spent; emptied again, or removed: still spent. */
	put_counter(a, name, "\n");
	fb = budget_on(a, name);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "1500 of 1500"));
	fetch_budget_close(fb);
	assert_int_equal(unlinkat(fetch_share_fd(a), name, 0), 0);
	fb = budget_on(a, name);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "1500 of 1500"));
	fetch_budget_close(fb);
	/* The record is the share's, as the counter is. */
	assert_int_equal(fstatat(fetch_share_fd(a), "reads-last", &st, AT_SYMLINK_NOFOLLOW), 0);
	assert_int_equal(st.st_mode & 07777, 0660);
	/* A read that reached no server, on a count the record stands for:
	 * taken off that count, never off 0. */
	put_counter(a, name, "");
	fb = budget_on(a, name);
	fetch_budget_unsent(fb);
	fetch_budget_close(fb);
	fb = budget_on(a, name);
	assert_int_equal(fetch_budget_used(fb), 1499);
	fetch_budget_close(fb);
	/* Both unreadable: the read goes and nothing is written; its
	 * answer's count of the account's reads (2100: other integrations'
	 * too) is routedesk's from then on. */
	put_counter(a, name, "");
	put_counter(a, "reads-last", "garbage\n");
	fb = budget_on(a, name);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), 0);
	{
		char buf[8] = "";
		int fd = openat(fetch_share_fd(a), name, O_RDONLY);

		assert_true(fd >= 0);
		assert_int_equal(read(fd, buf, sizeof(buf)), 0);
		close(fd);
	}
	bud.usage.read_today = 2100;
	fetch_budget_note(fb, &bud);
	assert_int_equal(fetch_budget_used(fb), 2100);
	fetch_budget_close(fb);
	fb = budget_on(a, name);
	assert_int_equal(fetch_budget_may_read(fb, &bud, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "2100 of 1500"));
	/* Answers after that change nothing: the count is routedesk's. */
	bud.usage.read_today = 2900;
	fetch_budget_note(fb, &bud);
	assert_int_equal(fetch_budget_used(fb), 2100);
	fetch_budget_close(fb);
	fetch_share_close(a);
}

/* The counters of past days go when the counter is opened (a file a day
 * for every account stayed for good); a week stays, and so does every
 * file that is no day's counter. */
static void test_old_counters_pruned(void **state)
{
	static const struct {
		long days_ago; /* -1: a name of its own */
		const char *name;
		int kept;
	} files[] = {
		{ 0, NULL, 1 },   { 1, NULL, 1 },  { 6, NULL, 1 },
		{ 8, NULL, 0 },   { 400, NULL, 0 },
		{ -1, "reads-2020-01-01.bak", 1 }, { -1, "reads-2020-1-01", 1 },
		{ -1, "read-limit", 1 },           { -1, "notes-2020-01-01", 1 },
	};
	const char *url = "http://127.0.0.1:13/api";
	struct fetch_share *a = open_share(url);
	struct fetch_budget *fb;
	char names[sizeof(files) / sizeof(files[0])][40];
	time_t now = time(NULL);

	(void)state;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		int fd;

		if (files[i].days_ago >= 0) {
			time_t t = now - files[i].days_ago * 86400;
			struct tm tm;

			localtime_r(&t, &tm);
			strftime(names[i], sizeof(names[i]), "reads-%Y-%m-%d", &tm);
		} else {
			snprintf(names[i], sizeof(names[i]), "%s", files[i].name);
		}
		fd = openat(fetch_share_fd(a), names[i], O_WRONLY | O_CREAT | O_TRUNC, 0660);
		assert_true(fd >= 0);
		assert_int_equal(write(fd, "5\n", 2), 2);
		close(fd);
	}
	fb = fetch_budget_open_account(a, NULL, NULL, NULL, 50);
	assert_non_null(fb);
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		struct stat st;
		int there = fstatat(fetch_share_fd(a), names[i], &st, AT_SYMLINK_NOFOLLOW) == 0;

		if (there != files[i].kept)
			fail_msg("%s: %s", names[i], there ? "kept" : "removed");
	}
	/* Today's count is untouched. */
	assert_int_equal(fetch_budget_used(fb), 5);
	fetch_budget_close(fb);
	fetch_share_close(a);
}

/* read-limit is read without a lock by every process of the share: while
 * another process notes new limits (a seeded sequence), a reader always
 * finds one (an empty file would read as "no limit known" and let its
 * read go). */
static void test_read_limit_never_missing(void **state)
{
	const char *url = "http://127.0.0.1:11/api";
	struct fetch_share *a = open_share(url);
	struct fetch_budget *fb;
	struct api_budget bud;
	char name[40];
	unsigned seed = 1125;
	long missing = 0, seen = 0;
	int status;
	pid_t pid;

	(void)state;
	fb = budget_on(a, name);
	memset(&bud, 0, sizeof(bud));
	bud.known = 1;
	bud.limits.read_day = 3000;
	fetch_budget_note(fb, &bud);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		for (int i = 0; i < 3000; i++) {
			bud.limits.read_day = 1000 + (long)(rand_r(&seed) % 5000) * 2 + i % 2;
			fetch_budget_note(fb, &bud);
		}
		/* Freed: under valgrind the child's leaks are errors too. */
		fetch_budget_close(fb);
		fetch_share_close(a);
		_exit(0);
	}
	while (waitpid(pid, &status, WNOHANG) == 0) {
		missing += fetch_budget_limit(fb, NULL) < 0;
		seen++;
	}
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	assert_true(seen > 0);
	assert_int_equal(missing, 0);
	assert_true(fetch_budget_limit(fb, NULL) > 0);
	fetch_budget_close(fb);
	fetch_share_close(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_written_taken_once_by_the_others),
		cmocka_unit_test(test_written_since_opened_in_order),
		cmocka_unit_test(test_written_names_of_anyone),
		cmocka_unit_test(test_baseline_from_the_ticker),
		cmocka_unit_test(test_gone_rows_reach_the_others),
		cmocka_unit_test(test_symlinks_in_the_share_never_followed),
		cmocka_unit_test(test_swapped_directory_never_followed),
		cmocka_unit_test(test_fifo_in_the_share_does_not_hang),
		cmocka_unit_test(test_share_directory_modes),
		cmocka_unit_test(test_checked_directory_is_the_one_used),
		cmocka_unit_test(test_counter_that_cannot_be_kept),
		cmocka_unit_test(test_one_subdirectory_unusable),
		cmocka_unit_test(test_dead_temporaries_swept),
		cmocka_unit_test(test_share_of_a_huge_day),
		cmocka_unit_test(test_busy_counter_never_hangs),
		cmocka_unit_test(test_read_limit_never_missing),
		cmocka_unit_test(test_counter_written_by_anyone),
		cmocka_unit_test(test_counter_emptied_keeps_the_count),
		cmocka_unit_test(test_counter_emptied_for_a_new_process),
		cmocka_unit_test(test_old_counters_pruned),
		cmocka_unit_test(test_budget_from_the_ticker),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
