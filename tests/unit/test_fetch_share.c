/* test_fetch_share.c: the office share's files: ticks published and read, records written by one console taken once by the others, accounts kept apart. */
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/strbuf.h"
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_written_taken_once_by_the_others),
		cmocka_unit_test(test_written_since_opened_in_order),
		cmocka_unit_test(test_baseline_from_the_ticker),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
