/* test_ui_warm.c: the kept days' reference tables: the account's newest recent one, the stamp of when they were read, other accounts and old tables left out, a share's swapped days/ not followed. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "fetch/share.h"
#include "ui/base/warm.h"

#define URL "https://acme.example.com/api"
#define KEY "k1"
#define DAY (24 * 3600)

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_ui_warm.XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	return setenv("XDG_STATE_HOME", dir, 1);
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* A table of n employees, ids 10001 and up. */
static struct m_table *employees(int n)
{
	struct m_table *t = m_table_new(m_row_free_fn("employee"));

	for (int i = 0; i < n; i++) {
		char json[96];
		cJSON *rec;

		snprintf(json, sizeof(json), "{\"employeeID\":\"%d\",\"fname\":\"E%d\"}", 10001 + i, i);
		rec = cJSON_Parse(json);
		m_table_put(t, m_row_decode("employee", rec));
		cJSON_Delete(rec);
	}
	return t;
}

/* Keeps day date of account (url, key) with n employees and one service
 * type, the tables read at reference (0: no stamp), the file's mtime set
 * to mtime. */
static void keep(const char *url, const char *key, const char *date, int n, time_t reference,
                 time_t mtime)
{
	struct m_table *types = m_table_new(m_row_free_fn("serviceType"));
	cJSON *rec = cJSON_Parse("{\"typeID\":\"3\",\"description\":\"Quarterly\"}");
	struct warm_day d = { m_review_new(date), employees(n), types, 42, mtime, reference };
	struct strbuf err = STRBUF_INIT;
	struct timeval tv[2] = { { mtime, 0 }, { mtime, 0 } };
	char cmd[256], path[512];
	FILE *p;

	m_table_put(types, m_row_decode("serviceType", rec));
	cJSON_Delete(rec);
	assert_int_equal(warm_save(NULL, url, key, &d, &err), 0);
	warm_day_free(&d);
	strbuf_free(&err);
	/* The file just written: the newest of the directory. */
	snprintf(cmd, sizeof(cmd), "ls -t '%s'/routedesk/days/*-%s.json | head -n 1", dir, date);
	p = popen(cmd, "r");
	assert_non_null(p);
	assert_non_null(fgets(path, sizeof(path), p));
	pclose(p);
	path[strcspn(path, "\n")] = '\0';
	assert_int_equal(utimes(path, tv), 0);
}

static void test_nothing_kept(void **state)
{
	struct warm_day d;

	(void)state;
	assert_int_equal(warm_reference(NULL, URL, KEY, time(NULL), DAY, &d), 0);
	assert_null(d.employees);
}

/* The newest file whose tables are recent, whatever its date. */
static void test_newest_recent(void **state)
{
	time_t now = time(NULL);
	struct warm_day d;

	(void)state;
	keep(URL, KEY, "2026-11-18", 1, now - 5 * 3600, now - 5 * 3600);
	keep(URL, KEY, "2026-11-17", 2, now - 3600, now - 3600);
	assert_int_equal(warm_reference(NULL, URL, KEY, now, DAY, &d), 1);
	assert_int_equal(m_table_count(d.employees), 2);
	assert_int_equal(m_table_count(d.service_types), 1);
	assert_int_equal(d.reference_saved, now - 3600);
	assert_null(d.review);
	warm_day_free(&d);
}

/* Tables read too long ago in a file written lately (a console seeded
 * from an older day passes the old stamp on): the next file is taken. */
static void test_old_tables_skipped(void **state)
{
	time_t now = time(NULL);
	struct warm_day d;

	(void)state;
	keep(URL, KEY, "2026-11-19", 3, now - DAY - 60, now - 60);
	assert_int_equal(warm_reference(NULL, URL, KEY, now, DAY, &d), 1);
	assert_int_equal(m_table_count(d.employees), 2);
	warm_day_free(&d);
	/* Nothing recent enough at all: none. */
	assert_int_equal(warm_reference(NULL, URL, KEY, now, 1800, &d), 0);
}

/* A file without the stamp (written before it was kept) is not used. */
static void test_unstamped_skipped(void **state)
{
	time_t now = time(NULL);
	struct warm_day d;

	(void)state;
	keep(URL, KEY, "2026-11-20", 4, 0, now - 30);
	assert_int_equal(warm_reference(NULL, URL, KEY, now, DAY, &d), 1);
	assert_int_equal(m_table_count(d.employees), 2);
	warm_day_free(&d);
}

/* Another account's days are never taken: another key is another file
 * name, and a file under this account's name with another URL inside is
 * refused. */
static void test_other_account(void **state)
{
	time_t now = time(NULL);
	struct warm_day d;
	char cmd[512];

	(void)state;
	keep("https://other.example.com/api", KEY, "2026-11-21", 5, now - 10, now - 10);
	assert_int_equal(warm_reference(NULL, URL, KEY, now, DAY, &d), 1);
	assert_int_equal(m_table_count(d.employees), 2);
	warm_day_free(&d);
	assert_int_equal(warm_reference(NULL, URL, "k2", now, DAY, &d), 0);
	/* The other account's file under this one's name. */
	snprintf(cmd, sizeof(cmd),
	         "cd '%s'/routedesk/days && a=$(ls *-2026-11-17.json) && "
	         "cp -p \"$(ls -t *-2026-11-21.json | head -n 1)\" \"${a%%-2026-11-17.json}-2026-11-22.json\"",
	         dir);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(warm_reference(NULL, URL, KEY, now, DAY, &d), 1);
	assert_int_equal(m_table_count(d.employees), 2);
	warm_day_free(&d);
}

/* The day itself still loads as before, with its stamp. */
static void test_load_keeps_stamp(void **state)
{
	time_t now = time(NULL);
	struct warm_day d;

	(void)state;
	keep(URL, KEY, "2026-11-23", 6, now - 7200, now - 100);
	assert_int_equal(warm_load(NULL, URL, KEY, "2026-11-23", now, WARM_MAX_AGE, &d), 1);
	assert_int_equal(d.reference_saved, now - 7200);
	assert_int_equal(m_table_count(d.employees), 6);
	assert_int_equal(d.last_change, 42);
	warm_day_free(&d);
}

/* On an office share, the days are read below the account's directory the
 * share holds: a fellow member who swaps days/ for a symlink to another
 * directory (one holding a day of the account's, say from the opener's
 * own state) is refused, not followed, for the day and for the tables. */
static void test_share_days_swapped_not_followed(void **state)
{
	time_t now = time(NULL);
	struct m_table *types = m_table_new(m_row_free_fn("serviceType"));
	cJSON *rec = cJSON_Parse("{\"typeID\":\"3\",\"description\":\"Quarterly\"}");
	struct warm_day d = { m_review_new("2026-11-24"), employees(3), types, 42, now - 60, now - 60 };
	struct strbuf err = STRBUF_INIT, office = STRBUF_INIT, days = STRBUF_INIT, aside = STRBUF_INIT;
	struct fetch_share *sh;

	(void)state;
	m_table_put(types, m_row_decode("serviceType", rec));
	cJSON_Delete(rec);
	strbuf_addf(&office, "%s/office", dir);
	assert_int_equal(mkdir(office.buf, 0770), 0);
	sh = fetch_share_open(office.buf, URL, KEY, &err);
	assert_non_null(sh);
	assert_int_equal(warm_save(sh, URL, KEY, &d, &err), 0);
	warm_day_free(&d);
	/* Kept in the share: loaded, its tables a reference. */
	assert_int_equal(warm_load(sh, URL, KEY, "2026-11-24", now, WARM_MAX_AGE, &d), 1);
	warm_day_free(&d);
	assert_int_equal(warm_reference(sh, URL, KEY, now, DAY, &d), 1);
	warm_day_free(&d);
	/* days/ moved aside and a symlink to it put in its place. */
	strbuf_addf(&days, "%s/days", fetch_share_path(sh));
	strbuf_addf(&aside, "%s/elsewhere", dir);
	assert_int_equal(rename(days.buf, aside.buf), 0);
	assert_int_equal(symlink(aside.buf, days.buf), 0);
	assert_int_equal(warm_load(sh, URL, KEY, "2026-11-24", now, WARM_MAX_AGE, &d), 0);
	assert_null(d.review);
	assert_int_equal(warm_reference(sh, URL, KEY, now, DAY, &d), 0);
	assert_null(d.employees);
	fetch_share_close(sh);
	strbuf_free(&err);
	strbuf_free(&office);
	strbuf_free(&days);
	strbuf_free(&aside);
}

/* A file at path with mtime set, or a symlink to target when target. */
static void plant(const char *name, time_t mtime, const char *target)
{
	char path[256];
	struct timeval tv[2] = { { mtime, 0 }, { mtime, 0 } };

	snprintf(path, sizeof(path), "%s/routedesk/days/%s", dir, name);
	if (target) {
		assert_int_equal(symlink(target, path), 0);
		assert_int_equal(lutimes(path, tv), 0);
	} else {
		FILE *f = fopen(path, "w");

		assert_non_null(f);
		fputs("{}", f);
		assert_int_equal(fclose(f), 0);
		assert_int_equal(utimes(path, tv), 0);
	}
}

static int exists(const char *name)
{
	char path[256];
	struct stat sb;

	snprintf(path, sizeof(path), "%s/routedesk/days/%s", dir, name);
	return lstat(path, &sb) == 0;
}

/* Saving a day removes the kept days of over a week ago, of any account
 * (none is of use after a day), and nothing else: a year of use kept a
 * file a day for good.  A symlink is never followed to its target. */
static void test_old_days_pruned(void **state)
{
	time_t now = time(NULL);
	char victim[128];
	struct timeval old[2] = { { now - 30 * DAY, 0 }, { now - 30 * DAY, 0 } };
	FILE *f;

	(void)state;
	keep(URL, KEY, "2026-11-24", 1, now - 60, now - 60);
	snprintf(victim, sizeof(victim), "%s/victim.json", dir);
	f = fopen(victim, "w");
	assert_non_null(f);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(utimes(victim, old), 0);
	plant("00000000000000aa-2026-10-01.json", now - 8 * DAY, NULL);
	plant("00000000000000bb-2026-11-18.json", now - 6 * DAY, NULL);
	plant("notes.txt", now - 30 * DAY, NULL);
	plant("00000000000000cc-2026-01-01.json", now - 30 * DAY, victim);
	keep(URL, KEY, "2026-11-25", 1, now - 30, now - 30);
	assert_false(exists("00000000000000aa-2026-10-01.json"));
	assert_true(exists("00000000000000bb-2026-11-18.json"));
	assert_true(exists("notes.txt"));
	assert_true(exists("00000000000000cc-2026-01-01.json"));
	assert_int_equal(access(victim, F_OK), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nothing_kept),
		cmocka_unit_test(test_newest_recent),
		cmocka_unit_test(test_old_tables_skipped),
		cmocka_unit_test(test_unstamped_skipped),
		cmocka_unit_test(test_other_account),
		cmocka_unit_test(test_load_keeps_stamp),
		cmocka_unit_test(test_share_days_swapped_not_followed),
		cmocka_unit_test(test_old_days_pruned),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
