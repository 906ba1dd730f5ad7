/* test_client_all.c: a whole search resolved with the fewest requests, each record once. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "api/resolve.h"
#include "api/values.h"
#include "apitest.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "sbtest.h"

#define N_CUSTOMERS 3000

static struct sbt_server *srv;
static long long *all_ids; /* every customer id, read by independent code */
static size_t n_all;

/* Every id by paging with ">" by hand over sbtest's own HTTP client, so the
 * expected set does not come from the code under test. */
static void read_all_ids(void)
{
	long long last = 0, *ids;
	size_t n;

	n_all = 0;
	free(all_ids);
	all_ids = NULL;
	do {
		n = sbt_search("customer", &ids, "customerIDs=%s", sbt_qo(">", sbt_fmt("%lld", last)));
		all_ids = realloc(all_ids, (n_all + n + 1) * sizeof(*all_ids));
		memcpy(all_ids + n_all, ids, n * sizeof(*ids));
		n_all += n;
		if (n)
			last = ids[n - 1];
	} while (n > 0);
	sbt_test_teardown(NULL);
}

static void restart_with_cap(const char *cap)
{
	const char *const args[] = { "--generate", "3000", "--seed", SBT_SEED, "--today", SBT_TODAY,
		                     "--no-limits", "--search-cap", cap, NULL };

	sbt_stop(srv);
	sbt_restart_with(srv, args);
}

static int setup(void **state)
{
	static const char *const args[] = { "--generate", "3000", "--seed", SBT_SEED, "--today",
		                            SBT_TODAY, "--no-limits", "--search-cap", "500", NULL };

	(void)state;
	api_global_init();
	srv = sbt_start(args);
	read_all_ids();
	assert_int_equal(n_all, N_CUSTOMERS);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(all_ids);
	sbt_free(srv);
	return sbt_test_teardown(NULL);
}

/* The fewest requests the service allows for n ids and a cap. */
static int minimum_requests(long n, long cap)
{
	long pages = n / cap + 1, gets = 0;

	for (long p = 0; p < pages; p++) {
		long size = n - p * cap < cap ? n - p * cap : cap;

		if (size > 1000)
			gets += (size - 1000 + 999) / 1000;
	}
	return (int)(pages + gets);
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/* The customerIDs of a JSON array of records, each exactly once and equal
 * to the full set. */
static void assert_every_record_once(const char *json)
{
	cJSON *arr = cJSON_Parse(json);
	long long *got;
	size_t n = 0;
	const cJSON *rec;

	if (!cJSON_IsArray(arr))
		fail_msg("--all did not print one JSON array");
	got = calloc((size_t)cJSON_GetArraySize(arr) + 1, sizeof(*got));
	cJSON_ArrayForEach(rec, arr) {
		assert_int_equal(api_field_int(rec, "customerID", &got[n]), API_V_OK);
		if (n && got[n] <= got[n - 1])
			fail_msg("records out of order or repeated at %zu: %lld after %lld", n, got[n],
			         got[n - 1]);
		n++;
	}
	assert_int_equal(n, n_all);
	qsort(got, n, sizeof(*got), cmp_ll);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(got[i], all_ids[i]);
	free(got);
	cJSON_Delete(arr);
}

static void run_all(const char *cap, int expect_requests)
{
	char url[200], key[200], token[200], capvar[64];
	const char *const env[] = { url, key, token, capvar, NULL };
	const char *const args[] = { "api", "--all", "--rate", "0", "customer/search", NULL };
	struct cli_out o;
	int requests;

	snprintf(url, sizeof(url), "ROUTEDESK_URL=%s", sbt_base());
	snprintf(key, sizeof(key), "ROUTEDESK_KEY=%s", sbt_key());
	snprintf(token, sizeof(token), "ROUTEDESK_TOKEN=%s", sbt_token());
	snprintf(capvar, sizeof(capvar), "ROUTEDESK_SEARCH_CAP=%s", cap);
	clirun(&o, args, env, 1);
	if (o.status != 0)
		fail_msg("routedesk api --all exited %d: %s", o.status, o.err);
	assert_every_record_once(o.out);
	requests = clirun_requests(&o);
	print_message("# cap %s: %d requests for %zu records\n", cap, requests, n_all);
	assert_int_equal(requests, expect_requests);
	/* Every request line: "MS request PATH STATUS BYTES MS", no credential. */
	for (const char *l = o.trace; l && *l;) {
		long ms, status, bytes, took;
		char path[64];

		if (sscanf(l, "%ld request %63s %ld %ld %ld", &ms, path, &status, &bytes, &took) != 5)
			fail_msg("odd trace line: %.80s", l);
		assert_int_equal(status, 200);
		assert_true(strcmp(path, "/customer/search") == 0 || strcmp(path, "/customer/get") == 0);
		l = strchr(l, '\n');
		if (l)
			l++;
	}
	assert_null(strstr(o.trace, sbt_key()));
	assert_null(strstr(o.trace, sbt_token()));
	clirun_free(&o);
}

static void test_cli_pages_past_the_cap(void **state)
{
	(void)state;
	/* 500 per page: six full pages and an empty one, no gets. */
	assert_int_equal(minimum_requests(N_CUSTOMERS, 500), 7);
	run_all("500", minimum_requests(N_CUSTOMERS, 500));
}

static void test_cli_default_cap(void **state)
{
	(void)state;
	restart_with_cap("50000");
	/* One page resolving its first 1000, then two gets of 1000. */
	assert_int_equal(minimum_requests(N_CUSTOMERS, 50000), 3);
	run_all("50000", 3);
}

static void test_cli_pages_and_gets(void **state)
{
	(void)state;
	restart_with_cap("1200");
	/* Pages of 1200, 1200, 600: one get each for the first two. */
	assert_int_equal(minimum_requests(N_CUSTOMERS, 1200), 5);
	run_all("1200", 5);
}

struct seen {
	long long last;
	long n;
};

static int check_batch(void *ctx, const cJSON *records)
{
	struct seen *s = ctx;
	const cJSON *rec;

	cJSON_ArrayForEach(rec, records) {
		long long id = 0;

		assert_int_equal(api_field_int(rec, "customerID", &id), API_V_OK);
		assert_true(id > s->last);
		s->last = id;
		s->n++;
	}
	return 0;
}

static void test_library_counts(void **state)
{
	struct api_sink sink = { check_batch, NULL, NULL, NULL, NULL };
	struct api_resolve_stats st;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;
	struct seen seen = { 0, 0 };

	(void)state;
	restart_with_cap("700");
	sink.ctx = &seen;
	{
		struct api_options o;

		api_options_default(&o);
		o.url = sbt_base();
		o.key = sbt_key();
		o.token = sbt_token();
		o.reads_per_minute = 0;
		o.search_cap = 700;
		s = api_session_new(&o, &e);
		assert_non_null(s);
	}
	apit_ok(api_search_all(s, res_find("customer"), NULL, &sink, &st, &e), &e);
	assert_int_equal(seen.n, N_CUSTOMERS);
	assert_int_equal(st.records, N_CUSTOMERS);
	assert_int_equal(st.ids, N_CUSTOMERS);
	assert_int_equal(st.pages, N_CUSTOMERS / 700 + 1);
	assert_int_equal(st.gets, 0);
	assert_int_equal(api_session_requests(s), minimum_requests(N_CUSTOMERS, 700));
	api_session_free(s);
}

/* A reader that stops early ends the search without an error of its own
 * making and leaves the session usable. */
static int stop_after_first(void *ctx, const cJSON *records)
{
	(void)records;
	return ++*(int *)ctx >= 1;
}

static void test_reader_stops(void **state)
{
	int calls = 0;
	struct api_sink sink = { stop_after_first, &calls, NULL, NULL, NULL };
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;
	long long *ids;
	size_t n;

	(void)state;
	restart_with_cap("50000");
	s = apit_session();
	assert_int_equal(api_search_all(s, res_find("customer"), NULL, &sink, NULL, &e), -1);
	assert_int_equal(e.kind, API_ERR_CANCELLED);
	assert_int_equal(calls, 1);
	assert_int_equal(api_outstanding(s), 0);
	api_error_clear(&e);
	apit_ok(api_search_ids(s, res_find("customer"), NULL, &ids, &n, NULL, &e), &e);
	assert_int_equal(n, N_CUSTOMERS);
	free(ids);
	api_session_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_cli_pages_past_the_cap),
		SBT_TEST(test_cli_default_cap),
		SBT_TEST(test_cli_pages_and_gets),
		SBT_TEST(test_library_counts),
		SBT_TEST(test_reader_stops),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
