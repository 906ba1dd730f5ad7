/* test_ui_loop.c: the main loop's poll timeouts and the header's wait countdown. */
#include "config.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ui/loop.h"

/* The bug this guards: a refresh deadline that passed while a frame was
 * drawn gave poll() a negative timeout, which waits forever. */
static void test_deadline_already_passed(void **state)
{
	(void)state;
	assert_int_equal(loop_poll_timeout(100.0, 99.999), 0);
	assert_int_equal(loop_poll_timeout(100.0, 99.0), 0);
	assert_int_equal(loop_poll_timeout(100.0, 100.0), 0);
	assert_int_equal(loop_poll_timeout(1e9, 1.0), 0);
}

static void test_nothing_due_waits_for_input(void **state)
{
	(void)state;
	assert_int_equal(loop_poll_timeout(100.0, 0), -1);
	assert_int_equal(loop_poll_timeout(100.0, -5), -1);
}

static void test_rounds_up(void **state)
{
	(void)state;
	/* Never wakes just before the deadline (and spins). */
	assert_int_equal(loop_poll_timeout(100.0, 100.0001), 1);
	assert_int_equal(loop_poll_timeout(100.0, 101.5), 1500);
	assert_int_equal(loop_poll_timeout(0.5, 1e12), INT_MAX);
}

static void test_earliest(void **state)
{
	(void)state;
	assert_true(loop_earliest(0, 5) == 5);
	assert_true(loop_earliest(5, 0) == 5);
	assert_true(loop_earliest(3, 5) == 3);
	assert_true(loop_earliest(0, 0) == 0);
}

static void test_countdown(void **state)
{
	(void)state;
	assert_int_equal(loop_seconds_left(141000, 100.0), 41);
	assert_int_equal(loop_seconds_left(141000, 100.5), 41);
	assert_int_equal(loop_seconds_left(141000, 140.001), 1);
	assert_int_equal(loop_seconds_left(141000, 141.0), 0);
	assert_int_equal(loop_seconds_left(141000, 200.0), 0);
	/* 41 s shown at 100.5 becomes 40 at 101.0. */
	assert_true(loop_next_tick(141000, 100.5) == 101.0);
	assert_true(loop_next_tick(141000, 150.0) == 150.0);
}

static void test_wait_text(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	struct api_wait w = { API_WAIT_BUDGET, 0, 0 };

	(void)state;
	loop_wait_text(&sb, &w, 41);
	assert_string_equal(sb.buf, "waiting for the read budget: 41 s");
	strbuf_reset(&sb);
	w.is_write = 1;
	loop_wait_text(&sb, &w, 3);
	assert_string_equal(sb.buf, "waiting for the write budget: 3 s");
	strbuf_reset(&sb);
	w.kind = API_WAIT_RETRY;
	loop_wait_text(&sb, &w, 2);
	assert_string_equal(sb.buf, "retrying in 2 s");
	strbuf_reset(&sb);
	w.kind = API_WAIT_SERVER;
	loop_wait_text(&sb, &w, 30);
	assert_string_equal(sb.buf, "the service asked to wait: 30 s");
	strbuf_reset(&sb);
	w.kind = API_WAIT_NONE;
	loop_wait_text(&sb, &w, 30);
	assert_int_equal(sb.len, 0);
	strbuf_free(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_deadline_already_passed),
		cmocka_unit_test(test_nothing_due_waits_for_input),
		cmocka_unit_test(test_rounds_up),
		cmocka_unit_test(test_earliest),
		cmocka_unit_test(test_countdown),
		cmocka_unit_test(test_wait_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
