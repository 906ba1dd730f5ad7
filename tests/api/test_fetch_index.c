/* test_fetch_index.c: the customer index against a sandbox: the same answers as the service for seeded random look-ups, kept current by ticks, gaps and new customers, shared. */
#include "config.h"

#include <poll.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <sys/stat.h>

#include "api/transport.h"
#include "common/strbuf.h"
#include "fetch/fetch.h"
#include "fetch/share.h"
#include "model/model.h"
#include "sbtest.h"

/*
 * Two fetch threads on one sandbox: fs asks the service for everything,
 * fi may answer customer searches from its index.  Every look-up is run on
 * both and the answers compared whole (ids, and the rows' values), so the
 * index is held to the service's own semantics rather than to what this
 * file expects.  The look-ups are drawn from the customers with a seed
 * (TEST_SEED to replay one; it is printed).
 */

#define DAY "2026-11-20"
#define WAIT_MS 60000
#define INDEX_MAX 10000

static struct sbt_server *srv;
static struct fetch *fs, *fi;
static long long since_i;     /* fi's refresh baseline */

/* A fetch thread on the sandbox in use; attempts per read, 0 for the
 * library's default. */
static struct fetch *start_with(int attempts)
{
	struct api_options o;
	struct api_error err = API_ERROR_INIT;
	struct fetch *f;

	api_options_default(&o);
	if (attempts)
		o.max_attempts = attempts;
	o.url = sbt_base();
	o.key = sbt_key();
	o.token = sbt_token();
	o.reads_per_minute = o.writes_per_minute = 0;
	f = fetch_start(&o, &err);
	if (!f)
		fail_msg("fetch_start: %s", api_error_text(&err));
	return f;
}

static struct fetch *start(void)
{
	return start_with(0);
}

/* The result of job, whatever its outcome. */
static struct fetch_result *run_any(struct fetch *f, struct fetch_job *job)
{
	unsigned long gen = fetch_submit(f, job);

	for (;;) {
		struct pollfd p = { fetch_fd(f), POLLIN, 0 };
		struct fetch_result *r;

		assert_int_equal(poll(&p, 1, WAIT_MS), 1);
		if ((r = fetch_take(f))) {
			assert_int_equal(r->gen, gen);
			return r;
		}
	}
}

static struct fetch_result *run_ok(struct fetch *f, struct fetch_job *job)
{
	struct fetch_result *r = run_any(f, job);

	if (r->err.kind != API_OK)
		fail_msg("%s", api_error_text(&r->err));
	return r;
}

static long long review(struct fetch *f)
{
	struct fetch_result *r = run_ok(f, fetch_job_review(FETCH_SLOT_REVIEW, DAY));
	long long last = r->last_change;

	fetch_result_free(r);
	return last;
}

static int setup(void **state)
{
	static const char *const args[] = { "--generate", "300", "--seed", "5", "--today", DAY,
		                             "--no-limits", NULL };

	(void)state;
	api_global_init();
	srv = sbt_start(args);
	sbt_use(srv);
	fs = start();
	fi = start();
	(void)review(fs);
	since_i = review(fi);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	fetch_stop(fs);
	fetch_stop(fi);
	sbt_free(srv);
	api_global_cleanup();
	return sbt_test_teardown(NULL);
}

static struct fetch_result *search(struct fetch *f, const struct api_form *form, int index,
                                   struct fetch_share *sh)
{
	struct fetch_job *job = fetch_job_list(FETCH_SLOT_VIEWS, "customer", form);

	if (index)
		fetch_job_set_index(job, INDEX_MAX, sh, NULL, NULL);
	return run_ok(f, job);
}

/* The two answers are the same: ids, and each row's values. */
static void same_answer(const struct fetch_result *a, const struct fetch_result *b,
                        const char *what)
{
	if (a->n_ids != b->n_ids)
		fail_msg("%s: the service found %zu, the index %zu", what, a->n_ids, b->n_ids);
	for (size_t i = 0; i < a->n_ids; i++)
		if (a->ids[i] != b->ids[i])
			fail_msg("%s: id %zu is %lld, the index's %lld", what, i, a->ids[i], b->ids[i]);
	assert_int_equal(a->n_rows, b->n_rows);
	for (size_t i = 0; i < a->n_rows; i++) {
		const struct m_customer *x = a->rows[i], *y = b->rows[i];

		assert_int_equal(x->id, y->id);
		assert_string_equal(x->lname, y->lname);
		assert_string_equal(x->fname, y->fname);
		assert_string_equal(x->company, y->company);
		assert_string_equal(x->phone, y->phone);
		assert_string_equal(x->email, y->email);
		assert_int_equal(x->balance, y->balance);
		assert_int_equal(x->status, y->status);
		assert_string_equal(x->updated, y->updated);
	}
}

/* The same search on both threads; the index thread's requests. */
static long compare(const struct api_form *form, const char *what)
{
	struct fetch_result *a = search(fs, form, 0, NULL), *b = search(fi, form, 1, NULL);
	long requests = b->requests;

	same_answer(a, b, what);
	fetch_result_free(a);
	fetch_result_free(b);
	return requests;
}

/* A piece of s, len bytes from a random start, never cutting a UTF-8
 * character (the service compares characters). */
static char *piece(const char *s, size_t len)
{
	size_t n = strlen(s), at;

	if (!n)
		return strdup("a");
	if (len > n)
		len = n;
	at = (size_t)rand() % (n - len + 1);
	while (at > 0 && ((unsigned char)s[at] & 0xC0) == 0x80)
		at--;
	while (at + len < n && ((unsigned char)s[at + len] & 0xC0) == 0x80)
		len++;
	return strndup(s + at, len);
}

/* A LIKE pattern from a piece of s: some characters made _ (one
 * character, a multi-byte one included), a run or two made %, random case,
 * and % at one end or both: `:cust obrien` asks lname LIKE "o_brien%". */
static char *like_pattern(const char *s)
{
	char *p = piece(s, 2 + (size_t)rand() % 6);
	struct strbuf sb = STRBUF_INIT;

	if (rand() % 3 == 0)
		strbuf_addc(&sb, '%');
	for (const char *q = p; *q;) {
		size_t len = 1;

		while (((unsigned char)q[len] & 0xC0) == 0x80)
			len++;
		switch (rand() % 8) {
		case 0:
			strbuf_addc(&sb, '_');
			break;
		case 1:
			strbuf_addc(&sb, '%');
			break;
		default:
			if (len == 1 && rand() % 2 && ((*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z')))
				strbuf_addc(&sb, (char)(*q ^ 0x20));
			else
				strbuf_add(&sb, q, len);
		}
		q += len;
	}
	if (rand() % 2)
		strbuf_addc(&sb, '%');
	free(p);
	return strbuf_detach(&sb, NULL);
}

/* ASCII letters of s in random case: the service's LIKE ignores it. */
static void scramble(char *s)
{
	for (; *s; s++)
		if (((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')) && rand() % 2)
			*s ^= 0x20;
}

static void test_same_as_service(void **state)
{
	const char *env = getenv("TEST_SEED");
	unsigned seed = env ? (unsigned)strtoul(env, NULL, 10) : 20261125u;
	struct fetch_result *all = search(fs, NULL, 0, NULL);
	long built;
	struct api_form f = API_FORM_INIT;

	(void)state;
	print_message("# seed %u (TEST_SEED to replay)\n", seed);
	srand(seed);
	assert_true(all->n_rows >= 300);
	/* The whole list does not build the index (it is the service's
	 * page); the first look-up does: 300 customers, one page.  Then the
	 * whole list too comes from it. */
	assert_int_equal(compare(NULL, "every customer, before"), 1);
	api_form_add_cmp_str(&f, "lname", API_Q_STARTSWITH, "m");
	built = compare(&f, "the first look-up");
	/* Its search of every customer is the whole list's of a moment ago,
	 * taken again (src/fetch/recent.h): the build reads nothing. */
	assert_int_equal(built, 0);
	assert_int_equal(compare(NULL, "every customer, after"), 0);
	for (int i = 0; i < 120; i++) {
		const struct m_customer *c = all->rows[(size_t)rand() % all->n_rows];
		int kind = rand() % 9;
		char *v = NULL, what[160];

		api_form_free(&f);
		switch (kind) {
		case 0:
			v = piece(c->lname, 1 + (size_t)rand() % 4);
			scramble(v);
			api_form_add_cmp_str(&f, "lname", API_Q_STARTSWITH, v);
			break;
		case 1:
			v = piece(c->fname, 1 + (size_t)rand() % 3);
			scramble(v);
			api_form_add_cmp_str(&f, "fname", API_Q_STARTSWITH, v);
			break;
		case 2:
			v = piece(*c->company ? c->company : c->lname, 2 + (size_t)rand() % 4);
			scramble(v);
			api_form_add_cmp_str(&f, "companyName", API_Q_CONTAINS, v);
			break;
		case 3:
			v = piece(c->email, 3 + (size_t)rand() % 5);
			api_form_add_cmp_str(&f, "email", API_Q_CONTAINS, v);
			break;
		case 4:
			v = piece(c->address, 3 + (size_t)rand() % 6);
			api_form_add_cmp_str(&f, "address", API_Q_CONTAINS, v);
			break;
		case 5:
			v = strdup(c->phone);
			api_form_add(&f, "phone", v);
			break;
		case 6:
			v = piece(c->lname, 2 + (size_t)rand() % 3);
			api_form_add_cmp_str(&f, "lname", API_Q_ENDSWITH, v);
			break;
		case 7:
			v = like_pattern(*c->lname ? c->lname : c->fname);
			api_form_add_cmp_str(&f, "lname", API_Q_LIKE, v);
			break;
		default:
			v = piece(c->lname, 1 + (size_t)rand() % 2);
			api_form_add_cmp_str(&f, "lname", API_Q_STARTSWITH, v);
			free(v);
			v = piece(c->fname, 1);
			api_form_add_cmp_str(&f, "fname", API_Q_STARTSWITH, v);
			break;
		}
		snprintf(what, sizeof(what), "look-up %d (kind %d, \"%s\", seed %u)", i, kind, v, seed);
		free(v);
		/* Answered by the index: no read. */
		assert_int_equal(compare(&f, what), 0);
	}
	api_form_free(&f);
	fetch_result_free(all);
}

static struct fetch_result *refresh_i(void)
{
	struct fetch_job *job = fetch_job_refresh(FETCH_SLOT_REFRESH, since_i);
	struct fetch_result *r;

	fetch_job_set_index(job, INDEX_MAX, NULL, NULL, NULL);
	r = run_ok(fi, job);
	since_i = r->last_change;
	return r;
}

static long compare_name(const char *field, const char *v)
{
	struct api_form f = API_FORM_INIT;
	long n;

	api_form_add_cmp_str(&f, field, API_Q_STARTSWITH, v);
	n = compare(&f, v);
	api_form_free(&f);
	return n;
}

/* A customer renamed by a write: the tick names the change, whose notes
 * (a write's, without the dateUpdated it stamped) cannot rebuild the
 * record, so the next look-up gets it again (one read) and finds it by the
 * new name as the service does; the one after costs nothing. */
static void test_change_from_tick(void **state)
{
	long long *ids;
	size_t n = sbt_search("customer", &ids, "lname=%s", sbt_qo("STARTSWITH", "\"a\""));

	(void)state;
	assert_true(n > 0);
	sbt_ok(sbt_call("/customer/update", "customerID=%lld&lname=Zzyzx&city=Tempe", ids[0]));
	fetch_result_free(refresh_i());
	assert_int_equal(compare_name("lname", "zzyz"), 1);
	assert_int_equal(compare_name("lname", "zzyz"), 0);
	/* The old name no longer finds it. */
	assert_int_equal(compare_name("lname", "a"), 0);
}

/* A customer the index has never seen: its change marks it stale, and
 * the next look-up gets it (one read) before answering. */
static void test_new_customer(void **state)
{
	struct fetch_result *r;

	(void)state;
	sbt_ok(sbt_call("/customer/create", "fname=Nova&lname=Qwertyson&address=%s&city=Mesa",
	                sbt_enc("5 New Rd")));
	r = refresh_i();
	fetch_result_free(r);
	assert_int_equal(compare_name("lname", "qwerty"), 1);
	assert_int_equal(compare_name("lname", "qwerty"), 0);
}

/* Reviews the day on a new thread: a console started now. */
static struct fetch *console(void)
{
	struct fetch *f = start();

	(void)review(f);
	return f;
}

/* A look-up on f with the index kept on sh, or (sh NULL) in file. */
static long kept_search(struct fetch *f, struct fetch_share *sh, const char *file,
                        const char *field, const char *v)
{
	struct api_form form = API_FORM_INIT;
	struct fetch_job *job;
	struct fetch_result *a, *b;
	long n;

	api_form_add_cmp_str(&form, field, API_Q_STARTSWITH, v);
	job = fetch_job_list(FETCH_SLOT_VIEWS, "customer", &form);
	fetch_job_set_index(job, INDEX_MAX, sh, file, sbt_base());
	a = run_ok(f, job);
	b = search(fs, &form, 0, NULL);
	same_answer(b, a, v);
	n = a->requests;
	fetch_result_free(a);
	fetch_result_free(b);
	api_form_free(&form);
	return n;
}

static long shared_search(struct fetch *f, struct fetch_share *sh, const char *field,
                          const char *v)
{
	return kept_search(f, sh, NULL, field, v);
}

/* Consoles on the office's share: the first to look up builds the index
 * and publishes it; the next takes it and reads nothing; one that starts
 * after a customer changed (its baseline newer than the index) asks the
 * changelog once for what the index missed, and gets that customer. */
static void test_shared(void **state)
{
	char dir[] = "/tmp/test_fetch_index.XXXXXX";
	struct strbuf err = STRBUF_INIT;
	struct fetch_share *sh;
	struct fetch *f2;
	long long *ids;
	char cmd[64];

	(void)state;
	assert_non_null(mkdtemp(dir));
	sh = fetch_share_open(dir, sbt_base(), sbt_key(), &err);
	assert_non_null(sh);
	f2 = console();
	assert_int_equal(shared_search(f2, sh, "lname", "s"), 1);
	fetch_stop(f2);
	f2 = console();
	assert_int_equal(shared_search(f2, sh, "lname", "s"), 0);
	assert_int_equal(shared_search(f2, sh, "fname", "j"), 0);
	fetch_stop(f2);

	assert_true(sbt_search("customer", &ids, "lname=%s", sbt_qo("STARTSWITH", "\"b\"")) > 0);
	sbt_ok(sbt_call("/customer/update", "customerID=%lld&fname=Quillon", ids[0]));
	f2 = console();
	assert_int_equal(shared_search(f2, sh, "fname", "quill"), 2);
	assert_int_equal(shared_search(f2, sh, "fname", "quill"), 0);
	fetch_stop(f2);

	fetch_share_close(sh);
	strbuf_free(&err);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/* A console without a share keeps the index in the user's own file (0600):
 * the next run takes it instead of reading every customer again (ceil(N /
 * 1000) reads each start, before), asks the changelog once for what it
 * missed, and never takes a file that names another account's URL. */
static void test_kept_private(void **state)
{
	char dir[] = "/tmp/test_fetch_index.XXXXXX", file[64], cmd[80], big[256];
	struct fetch *f2;
	struct stat st;
	long long *ids;
	FILE *fp;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(file, sizeof(file), "%s/customer.json", dir);
	f2 = console();
	assert_int_equal(kept_search(f2, NULL, file, "lname", "t"), 1);
	fetch_stop(f2);
	assert_int_equal(stat(file, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	f2 = console();
	assert_int_equal(kept_search(f2, NULL, file, "lname", "t"), 0);
	assert_int_equal(kept_search(f2, NULL, file, "fname", "m"), 0);
	fetch_stop(f2);

	assert_true(sbt_search("customer", &ids, "lname=%s", sbt_qo("STARTSWITH", "\"c\"")) > 0);
	sbt_ok(sbt_call("/customer/update", "customerID=%lld&fname=Perpetua", ids[0]));
	f2 = console();
	/* The changelog once, the changed customer once. */
	assert_int_equal(kept_search(f2, NULL, file, "fname", "perpet"), 2);
	assert_int_equal(kept_search(f2, NULL, file, "fname", "perpet"), 0);
	fetch_stop(f2);

	/* Another account's index (the same file, another URL): built again. */
	snprintf(big, sizeof(big), "sed -i 's|\"url\":\"[^\"]*\"|\"url\":\"http://127.0.0.1:1/api\"|' '%s'",
	         file);
	assert_int_equal(system(big), 0);
	fp = fopen(file, "r");
	assert_non_null(fp);
	assert_non_null(fgets(big, sizeof(big), fp));
	assert_non_null(strstr(big, "127.0.0.1:1/api"));
	fclose(fp);
	f2 = console();
	assert_int_equal(kept_search(f2, NULL, file, "lname", "t"), 1);
	fetch_stop(f2);

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

/* A build that fails is not tried again at the next look-up: each try
 * spends reads (two here, ceil(N / 1000) in general) and look-ups come
 * every few seconds.  A sandbox that fails a fifth of its requests with
 * HTTP 500, one attempt per read: the first look-up tries a build, which
 * fails; every later one is one search of the service, no build. */
static void test_failed_build_waits(void **state)
{
	static const char *const args[] = { "--generate", "1500", "--seed", "4", "--today", DAY,
		                             "--no-limits", "--faults", "500:0.2", NULL };
	struct sbt_server *bad = sbt_start(args);
	struct fetch *f;
	struct fetch_result *r;
	int reviews = 0;
	long first;

	(void)state;
	sbt_use(bad);
	f = start_with(1);
	/* A baseline: the index waits for a review to know a changelog id. */
	do {
		r = run_any(f, fetch_job_review(FETCH_SLOT_REVIEW, DAY));
		assert_true(++reviews < 50);
	} while (r->err.kind != API_OK && (fetch_result_free(r), 1));
	fetch_result_free(r);
	for (int i = 0; i < 12; i++) {
		struct api_form form = API_FORM_INIT;
		char v[2] = { (char)('a' + i), '\0' };
		struct fetch_job *job;

		api_form_add_cmp_str(&form, "lname", API_Q_STARTSWITH, v);
		job = fetch_job_list(FETCH_SLOT_VIEWS, "customer", &form);
		fetch_job_set_index(job, INDEX_MAX, NULL, NULL, NULL);
		r = run_any(f, job);
		api_form_free(&form);
		if (i == 0) {
			/* The build's search and get, or its search alone when
			 * that failed, then the service's search. */
			first = r->requests;
			if (first < 2)
				fail_msg("the first look-up spent %ld requests: no build was tried", first);
		} else if (r->requests == 0) {
			fail_msg("look-up %d came from an index: this seed's first build did not "
			         "fail, so the test proves nothing; pick another --seed", i);
		} else if (r->requests != 1) {
			fail_msg("look-up %d spent %ld requests: a failed build was tried again", i,
			         r->requests);
		}
		fetch_result_free(r);
	}
	fetch_stop(f);
	sbt_free(bad);
	sbt_use(srv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_same_as_service),
		SBT_TEST(test_change_from_tick),
		SBT_TEST(test_new_customer),
		SBT_TEST(test_shared),
		SBT_TEST(test_kept_private),
		SBT_TEST(test_failed_build_waits),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
