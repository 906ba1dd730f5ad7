/* test_api_pace.c: the backoff schedule, sliding-window pacing and the budget left. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "api/pace.h"

static void test_backoff_schedule(void **state)
{
	(void)state;
	/* rnd 0 gives the lower edge (half the step), a large rnd wraps
	 * inside the other half: fully determined by the random source. */
	assert_int_equal(api_backoff_ms(1, 250, 8000, 0, 0), 125);
	assert_int_equal(api_backoff_ms(2, 250, 8000, 0, 0), 250);
	assert_int_equal(api_backoff_ms(3, 250, 8000, 0, 0), 500);
	assert_int_equal(api_backoff_ms(4, 250, 8000, 0, 0), 1000);
	assert_int_equal(api_backoff_ms(6, 250, 8000, 0, 0), 4000);
	/* Capped at the maximum step. */
	assert_int_equal(api_backoff_ms(7, 250, 8000, 0, 0), 4000);
	assert_int_equal(api_backoff_ms(30, 250, 8000, 0, 0), 4000);
	/* Upper edge: rnd = half of the step gives the full step. */
	assert_int_equal(api_backoff_ms(1, 250, 8000, 0, 125), 250);
	assert_int_equal(api_backoff_ms(3, 250, 8000, 0, 500), 1000);
	assert_int_equal(api_backoff_ms(3, 250, 8000, 0, 250), 750);
	/* rnd wraps modulo half+1. */
	assert_int_equal(api_backoff_ms(1, 250, 8000, 0, 126), 125);
	assert_int_equal(api_backoff_ms(1, 250, 8000, 0, 127), 126);
	/* Retry-After is a floor, not an addition. */
	assert_int_equal(api_backoff_ms(1, 250, 8000, 1000, 0), 1000);
	assert_int_equal(api_backoff_ms(6, 250, 8000, 1000, 0), 4000);
	/* Odd inputs stay sane. */
	assert_int_equal(api_backoff_ms(1, 0, 0, 0, 12345), 1);
}

/* A deterministic sequence like the injected random source of a session. */
static void test_backoff_jitter_spread(void **state)
{
	unsigned long seq[] = { 7, 90, 33, 1000, 5 };
	long d[5];

	(void)state;
	for (int i = 0; i < 5; i++)
		d[i] = api_backoff_ms(i + 1, 100, 10000, 0, seq[i]);
	assert_int_equal(d[0], 50 + 7 % 51);
	assert_int_equal(d[1], 100 + 90 % 101);
	assert_int_equal(d[2], 200 + 33 % 201);
	assert_int_equal(d[3], 400 + 1000 % 401);
	assert_int_equal(d[4], 800 + 5 % 801);
	for (int i = 0; i < 5; i++) {
		long step = 100L << i;

		assert_true(d[i] >= step / 2 && d[i] <= step);
	}
}

static void test_pacer_window(void **state)
{
	struct api_pacer p;
	long t = 100000;

	(void)state;
	api_pacer_init(&p, 3);
	assert_int_equal(api_pacer_next(&p, t), t);
	api_pacer_note(&p, t);
	api_pacer_note(&p, t + 10);
	assert_int_equal(api_pacer_next(&p, t + 20), t + 20);
	api_pacer_note(&p, t + 20);
	/* Three in the window: the next waits until the oldest leaves it. */
	assert_int_equal(api_pacer_next(&p, t + 30), t + 60000);
	assert_int_equal(api_pacer_next(&p, t + 60000), t + 60000);
	api_pacer_note(&p, t + 60000);
	assert_int_equal(api_pacer_next(&p, t + 60001), t + 60010);
	/* Long after, everything has left the window. */
	assert_int_equal(api_pacer_next(&p, t + 500000), t + 500000);
	api_pacer_free(&p);
}

static void test_pacer_off(void **state)
{
	struct api_pacer p;

	(void)state;
	api_pacer_init(&p, 0);
	for (int i = 0; i < 1000; i++)
		api_pacer_note(&p, 5);
	assert_int_equal(api_pacer_next(&p, 5), 5);
	/* A server's Retry-After holds even without pacing. */
	api_pacer_hold(&p, 2000);
	assert_int_equal(api_pacer_next(&p, 5), 2000);
	api_pacer_hold(&p, 1000); /* never shortens a hold */
	assert_int_equal(api_pacer_next(&p, 5), 2000);
	assert_int_equal(api_pacer_next(&p, 3000), 3000);
	api_pacer_free(&p);
}

static void test_pacer_others(void **state)
{
	struct api_pacer p;
	long t = 1000000;

	(void)state;
	api_pacer_init(&p, 5);
	api_pacer_note(&p, t);
	/* The service counts 4 reads in its last minute, one of them ours:
	 * three were other integrations', so two are left for us. */
	api_pacer_report(&p, 4, t + 5);
	assert_int_equal(api_pacer_next(&p, t + 6), t + 6);
	api_pacer_note(&p, t + 6);
	assert_int_equal(api_pacer_next(&p, t + 7), t + 60000);
	/* Others' usage is forgotten a minute after it was reported. */
	assert_int_equal(api_pacer_next(&p, t + 60005), t + 60005);
	/* However much others spend, one request a minute still goes. */
	api_pacer_report(&p, 500, t + 70000);
	assert_int_equal(api_pacer_next(&p, t + 70001), t + 70001);
	api_pacer_note(&p, t + 70001);
	assert_int_equal(api_pacer_next(&p, t + 70002), t + 130001);
	api_pacer_free(&p);
}

static void test_budget(void **state)
{
	struct api_usage u = { 2990, 12, 59, 0 };
	struct api_limits l = { 60, 3000, 60, 3000 };
	struct api_budget b;

	(void)state;
	api_budget_from(&b, &u, &l);
	assert_true(b.known);
	assert_int_equal(b.reads_left_today, 10);
	assert_int_equal(b.reads_left_minute, 1);
	assert_int_equal(b.writes_left_today, 2988);
	assert_int_equal(b.writes_left_minute, 60);
	u.read_today = 3005;
	u.read_minute = 61;
	api_budget_from(&b, &u, &l);
	assert_int_equal(b.reads_left_today, 0);
	assert_int_equal(b.reads_left_minute, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_backoff_schedule),
		cmocka_unit_test(test_backoff_jitter_spread),
		cmocka_unit_test(test_pacer_window),
		cmocka_unit_test(test_pacer_off),
		cmocka_unit_test(test_pacer_others),
		cmocka_unit_test(test_budget),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
