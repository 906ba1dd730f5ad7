/* test_faults.c: --faults injects each kind of failure, and a seeded mix is reproducible. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "../lib/sbtest.h"

static int teardown_all(void **state)
{
	(void)state;
	return sbt_test_teardown(NULL);
}

static struct sbt_server *start_with(const char *faults, const char *seed)
{
	const char *const args[] = { "--generate", "20", "--seed", seed, "--today", SBT_TODAY,
		"--no-limits", "--faults", faults, NULL };
	return sbt_start(args);
}

/* One search on a connection of its own. */
static struct sbt_resp *one(void)
{
	struct sbt_request rq = { .path = "/customer/search", .body = sbt_auth(), .fresh = 1 };
	return sbt_request(&rq);
}

static void test_fault_500(void **state)
{
	(void)state;
	struct sbt_server *s = start_with("500:1", "3");
	for (int i = 0; i < 3; i++) {
		struct sbt_resp *r = one();
		assert_int_equal(r->status, 500);
		sbt_err(r, 500, NULL); /* a JSON error body */
	}
	sbt_free(s);
}

static void test_fault_429(void **state)
{
	(void)state;
	struct sbt_server *s = start_with("429:1", "3");
	for (int i = 0; i < 3; i++) {
		struct sbt_resp *r = one();
		assert_int_equal(r->status, 429);
		assert_non_null(r->retry_after);
		char *end;
		long secs = strtol(r->retry_after, &end, 10);
		assert_true(*r->retry_after && !*end && secs >= 1);
	}
	sbt_free(s);
}

static void test_fault_drop(void **state)
{
	(void)state;
	struct sbt_server *s = start_with("drop:1", "3");
	for (int i = 0; i < 3; i++) {
		struct sbt_resp *r = one();
		assert_int_equal(r->status, 0);
		if (r->curl_code != CURLE_GOT_NOTHING && r->curl_code != CURLE_RECV_ERROR) {
			sbt_dump(r);
			fail_msg("a dropped connection gave curl error %d, not \"Empty reply from server\"",
			         r->curl_code);
		}
	}
	/* Still running and still dropping. */
	assert_true(sbt_running(s));
	sbt_free(s);
}

static void test_fault_garbage(void **state)
{
	(void)state;
	struct sbt_server *s = start_with("garbage:1", "3");
	for (int i = 0; i < 3; i++) {
		struct sbt_resp *r = one();
		assert_int_equal(r->status, 200);
		assert_true(r->len > 0);
		assert_null(r->json);
	}
	sbt_free(s);
}

/* refuse: HTTP 200, success:false with a message, and nothing applied. */
static void test_fault_refuse(void **state)
{
	(void)state;
	struct sbt_server *s = start_with("refuse:1", "3");
	for (int i = 0; i < 3; i++) {
		struct sbt_resp *r = one();
		assert_int_equal(r->status, 200);
		assert_non_null(r->json);
		assert_true(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(r->json, "success")));
		assert_non_null(strstr(sbt_s(r->json, "errorMessage"), "refused"));
	}
	sbt_free(s);
}

static void test_fault_slow(void **state)
{
	(void)state;
	struct sbt_server *s = start_with("slow:1:300", "3");
	long long *ids;
	/* Late, but right. */
	assert_int_equal(sbt_search("customer", &ids, ""), 20);
	sbt_ok(sbt_call("/customer/update", "customerID=%lld&city=Slowtown", ids[0]));
	cJSON *c = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", ids, 1), 0);
	assert_string_equal(sbt_s(c, "city"), "Slowtown");
	sbt_free(s);
}

/* The outcome of each of 50 requests, one letter each. */
static const char *outcomes(const char *faults, const char *seed)
{
	struct sbt_server *s = start_with(faults, seed);
	char *out = sbt_keep(calloc(51, 1));
	for (int i = 0; i < 50; i++) {
		struct sbt_resp *r = one();
		char c;
		if (r->status == 0)
			c = 'd';
		else if (r->status == 500)
			c = '5';
		else if (r->status == 429)
			c = '4';
		else if (r->status == 200 && !r->json)
			c = 'g';
		else if (r->status == 200 && cJSON_IsTrue(cJSON_GetObjectItem(r->json, "success")))
			c = '.';
		else
			c = '?';
		out[i] = c;
	}
	sbt_free(s);
	return out;
}

static void test_seeded_mix_reproducible(void **state)
{
	(void)state;
	const char *mix = "500:0.15,429:0.15,garbage:0.15,drop:0.15,slow:0.1:20";
	const char *a = outcomes(mix, "11");
	const char *b = outcomes(mix, "11");
	sbt_note("seed 11: %s", a);
	assert_string_equal(a, b);
	assert_null(strchr(a, '?'));
	/* A mix, not one kind. */
	int kinds = 0;
	for (const char *k = ".54gd"; *k; k++)
		kinds += strchr(a, *k) != NULL;
	assert_true(kinds >= 4);
	/* Another seed, another sequence. */
	const char *c = outcomes(mix, "12");
	sbt_note("seed 12: %s", c);
	assert_string_not_equal(a, c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_fault_500, teardown_all),
		cmocka_unit_test_teardown(test_fault_429, teardown_all),
		cmocka_unit_test_teardown(test_fault_drop, teardown_all),
		cmocka_unit_test_teardown(test_fault_garbage, teardown_all),
		cmocka_unit_test_teardown(test_fault_refuse, teardown_all),
		cmocka_unit_test_teardown(test_fault_slow, teardown_all),
		cmocka_unit_test_teardown(test_seeded_mix_reproducible, teardown_all),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
