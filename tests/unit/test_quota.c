/* test_quota.c: the sandbox's per-key quotas, driven by explicit clock values. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "sandbox/ops/quota.h"

/* 2026-11-20 00:00:00 UTC; the tests pin TZ=UTC so days end where expected. */
#define DAY0 ((time_t)1795132800)

static int
take_n(struct quota *q, const char *key, int is_write, time_t now, int n)
{
	struct quota_usage u;
	const char *msg;
	int i;

	for (i = 0; i < n; i++)
		if (quota_take(q, key, is_write, now, &u, &msg) != 0)
			return i;
	return n;
}

static void
test_minute_limit_reads(void **state)
{
	struct quota *q = quota_new(1);
	struct quota_usage u;
	const char *msg = NULL;

	(void)state;
	assert_int_equal(take_n(q, "k", 0, DAY0 + 100, 60), 60);
	assert_int_equal(quota_take(q, "k", 0, DAY0 + 100, &u, &msg), -1);
	assert_non_null(msg);
	assert_non_null(strstr(msg, "maximum number of read requests per minute"));
	assert_non_null(strstr(msg, "(60)"));
	/* The refused request is not counted. */
	assert_int_equal(u.read_minute, 60);
	assert_int_equal(u.read_today, 60);
	assert_int_equal(u.write_minute, 0);
	/* Writes have their own allowance. */
	assert_int_equal(quota_take(q, "k", 1, DAY0 + 100, &u, &msg), 0);
	assert_null(msg);
	assert_int_equal(u.write_minute, 1);
	assert_int_equal(u.write_today, 1);
	assert_int_equal(u.read_minute, 60);
	quota_free(q);
}

static void
test_minute_limit_writes(void **state)
{
	struct quota *q = quota_new(1);
	struct quota_usage u;
	const char *msg = NULL;

	(void)state;
	assert_int_equal(take_n(q, "k", 1, DAY0 + 5, 60), 60);
	assert_int_equal(quota_take(q, "k", 1, DAY0 + 5, &u, &msg), -1);
	assert_non_null(strstr(msg, "maximum number of write requests per minute"));
	assert_int_equal(quota_take(q, "k", 0, DAY0 + 5, &u, &msg), 0);
	quota_free(q);
}

static void
test_window_slides(void **state)
{
	struct quota *q = quota_new(1);
	struct quota_usage u;
	const char *msg;
	time_t t0 = DAY0 + 1000;

	(void)state;
	assert_int_equal(take_n(q, "k", 0, t0, 30), 30);
	assert_int_equal(take_n(q, "k", 0, t0 + 30, 30), 30);
	/* 59 s after the first 30, they still count. */
	assert_int_equal(quota_take(q, "k", 0, t0 + 59, &u, &msg), -1);
	assert_int_equal(u.read_minute, 60);
	/* 60 s after, the first 30 have left the window, the other 30 not. */
	quota_peek(q, "k", t0 + 60, &u);
	assert_int_equal(u.read_minute, 30);
	assert_int_equal(take_n(q, "k", 0, t0 + 60, 40), 30);
	assert_int_equal(quota_take(q, "k", 0, t0 + 89, &u, &msg), -1);
	/* At t0+90 the second batch is gone: 30 left in the window. */
	quota_peek(q, "k", t0 + 90, &u);
	assert_int_equal(u.read_minute, 30);
	assert_int_equal(u.read_today, 90);
	/* Much later, the window is empty whatever the bucket positions. */
	quota_peek(q, "k", t0 + 3600, &u);
	assert_int_equal(u.read_minute, 0);
	quota_free(q);
}

static void
test_day_limit_and_midnight(void **state)
{
	struct quota *q = quota_new(1);
	struct quota_usage u;
	const char *msg = NULL;
	time_t t = DAY0 + 3600;
	int i;

	(void)state;
	/* 60 a minute for 50 minutes reaches 3000 without a minute refusal. */
	for (i = 0; i < 50; i++, t += 60)
		assert_int_equal(take_n(q, "k", 0, t, 60), 60);
	assert_int_equal(quota_take(q, "k", 0, t, &u, &msg), -1);
	assert_non_null(strstr(msg, "maximum number of read requests per day"));
	assert_non_null(strstr(msg, "(3000)"));
	assert_int_equal(u.read_today, 3000);
	assert_int_equal(u.read_minute, 0);
	/* Still refused late that evening ... */
	assert_int_equal(quota_take(q, "k", 0, DAY0 + 86399, &u, &msg), -1);
	/* ... and allowed again after local midnight. */
	assert_int_equal(quota_take(q, "k", 0, DAY0 + 86400, &u, &msg), 0);
	assert_int_equal(u.read_today, 1);
	assert_int_equal(u.read_minute, 1);
	quota_free(q);
}

static void
test_write_day_limit(void **state)
{
	struct quota *q = quota_new(1);
	struct quota_usage u;
	const char *msg = NULL;
	time_t t = DAY0;
	int i;

	(void)state;
	for (i = 0; i < 50; i++, t += 61)
		assert_int_equal(take_n(q, "k", 1, t, 60), 60);
	assert_int_equal(quota_take(q, "k", 1, t, &u, &msg), -1);
	assert_non_null(strstr(msg, "maximum number of write requests per day"));
	assert_int_equal(u.write_today, 3000);
	quota_free(q);
}

static void
test_no_limits_counts(void **state)
{
	struct quota *q = quota_new(0);
	struct quota_usage u;
	const char *msg = "unset";

	(void)state;
	assert_int_equal(take_n(q, "k", 0, DAY0, 5000), 5000);
	assert_int_equal(quota_take(q, "k", 0, DAY0, &u, &msg), 0);
	assert_null(msg);
	assert_int_equal(u.read_minute, 5001);
	assert_int_equal(u.read_today, 5001);
	quota_free(q);
}

static void
test_keys_are_separate(void **state)
{
	struct quota *q = quota_new(1);
	struct quota_usage u;
	const char *msg;

	(void)state;
	assert_int_equal(take_n(q, "alpha", 0, DAY0, 60), 60);
	assert_int_equal(quota_take(q, "alpha", 0, DAY0, &u, &msg), -1);
	assert_int_equal(quota_take(q, "beta", 0, DAY0, &u, &msg), 0);
	assert_int_equal(u.read_minute, 1);
	quota_peek(q, "nobody", DAY0, &u);
	assert_int_equal(u.read_today + u.write_today + u.read_minute + u.write_minute, 0);
	/* Peeking counts nothing. */
	quota_peek(q, "beta", DAY0, &u);
	quota_peek(q, "beta", DAY0, &u);
	assert_int_equal(u.read_minute, 1);
	quota_free(q);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_minute_limit_reads),
		cmocka_unit_test(test_minute_limit_writes),
		cmocka_unit_test(test_window_slides),
		cmocka_unit_test(test_day_limit_and_midnight),
		cmocka_unit_test(test_write_day_limit),
		cmocka_unit_test(test_no_limits_counts),
		cmocka_unit_test(test_keys_are_separate),
	};

	setenv("TZ", "UTC", 1);
	tzset();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
