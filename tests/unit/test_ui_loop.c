/* test_ui_loop.c: the main loop's poll timeouts and the header's wait countdown. */
#include "config.h"

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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
	struct api_wait w = { .kind = API_WAIT_BUDGET, .why = API_OK };

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
	/* With the reason the failed attempt met. */
	w.why = API_ERR_HTTP;
	w.status = 500;
	loop_wait_text(&sb, &w, 2);
	assert_string_equal(sb.buf, "HTTP 500 from the service: retrying in 2 s");
	strbuf_reset(&sb);
	w.why = API_ERR_QUOTA;
	w.status = 429;
	loop_wait_text(&sb, &w, 1);
	assert_string_equal(sb.buf, "the service asked to wait: 1 s");
	strbuf_reset(&sb);
	w.status = 200;
	loop_wait_text(&sb, &w, 40);
	assert_string_equal(sb.buf, "the minute's reads are spent: retrying in 40 s");
	strbuf_reset(&sb);
	w.why = API_ERR_NETWORK;
	w.status = 0;
	loop_wait_text(&sb, &w, 3);
	assert_string_equal(sb.buf, "no answer from the service: retrying in 3 s");
	strbuf_reset(&sb);
	w.why = API_ERR_DECODE;
	w.status = 200;
	loop_wait_text(&sb, &w, 3);
	assert_string_equal(sb.buf, "an unreadable answer: retrying in 3 s");
	strbuf_reset(&sb);
	w.why = API_OK;
	w.status = 0;
	w.kind = API_WAIT_SERVER;
	loop_wait_text(&sb, &w, 30);
	assert_string_equal(sb.buf, "the service asked to wait: 30 s");
	strbuf_reset(&sb);
	w.kind = API_WAIT_FLIGHT;
	loop_wait_text(&sb, &w, 29);
	assert_string_equal(sb.buf,
	                    "another console of the share is fetching the same: waiting 29 s at most");
	strbuf_reset(&sb);
	/* A silent read: which try, and that another follows; past the
	 * limit, "now" rather than "0 s" for the seconds curl takes to end. */
	w.kind = API_WAIT_ANSWER;
	w.is_write = 0;
	w.attempt = 1;
	w.attempts = 3;
	loop_wait_text(&sb, &w, 25);
	assert_string_equal(sb.buf, "no answer from the service yet: try 1 of 3 ends in 25 s, then another");
	strbuf_reset(&sb);
	loop_wait_text(&sb, &w, 0);
	assert_string_equal(sb.buf, "no answer from the service yet: try 1 of 3 ends now, then another");
	strbuf_reset(&sb);
	w.attempt = 3;
	loop_wait_text(&sb, &w, 7);
	assert_string_equal(sb.buf, "no answer from the service yet: last try, giving up in 7 s");
	strbuf_reset(&sb);
	loop_wait_text(&sb, &w, 0);
	assert_string_equal(sb.buf, "no answer from the service yet: last try, giving up now");
	strbuf_reset(&sb);
	w.is_write = 1;
	w.attempt = w.attempts = 1;
	loop_wait_text(&sb, &w, 12);
	assert_string_equal(sb.buf, "no answer to the write yet (it is not sent again): waiting 12 s more");
	strbuf_reset(&sb);
	w.kind = API_WAIT_NONE;
	loop_wait_text(&sb, &w, 30);
	assert_int_equal(sb.len, 0);
	strbuf_free(&sb);
}

/* The tick backs off while nobody types: 60 s, 5 min after 10 idle
 * minutes, 15 min after an hour; off stays off. */
static void test_refresh_backs_off(void **state)
{
	(void)state;
	assert_true(loop_refresh_interval(60, 600, 0) == 60);
	assert_true(loop_refresh_interval(60, 600, 599.9) == 60);
	assert_true(loop_refresh_interval(60, 600, 600) == 300);
	assert_true(loop_refresh_interval(60, 600, 3599) == 300);
	assert_true(loop_refresh_interval(60, 600, 3600) == 900);
	assert_true(loop_refresh_interval(60, 600, 86400) == 900);
	assert_true(loop_refresh_interval(60, 0, 86400) == 60); /* never backs off */
	assert_true(loop_refresh_interval(0, 600, 0) == 0);     /* refresh off */
	assert_true(loop_refresh_interval(30, 120, 130) == 150);
}

/* The plan says why the tick is later than [ui] refresh: each reason
 * alone and together, the word the header shows, the sentence :info does. */
static void test_refresh_plan_says_why(void **state)
{
	struct loop_plan_in in = { .base = 60, .idle_after = 600, .budget_known = 1,
	                           .reads_left_today = 2000, .reads_left_minute = 50,
	                           .reserve = 50 };
	struct strbuf sb = STRBUF_INIT;
	unsigned why = 99;

	(void)state;
	/* Someone typing, budget plenty: the base pace, no reason. */
	assert_true(loop_refresh_plan(&in, &why) == 60);
	assert_int_equal(why, 0);
	assert_null(loop_slow_word(why));
	/* Ten idle minutes: 5 x; an hour: 15 x. */
	in.idle = 600;
	assert_true(loop_refresh_plan(&in, &why) == 300);
	assert_int_equal(why, LOOP_SLOW_IDLE);
	assert_string_equal(loop_slow_word(why), "idle");
	loop_slow_text(&sb, why, &in);
	assert_string_equal(strbuf_str(&sb),
	                    "no key for 10 min or more ([ui] refresh_idle): a key brings it back");
	in.idle = 3600;
	assert_true(loop_refresh_plan(&in, &why) == 900);
	assert_int_equal(why, LOOP_SLOW_AWAY);
	strbuf_reset(&sb);
	loop_slow_text(&sb, why, &in);
	assert_non_null(strstr(strbuf_str(&sb), "no key for 60 min or more"));
	/* Few reads left today, on top of idle: 4 x more, both said; the
	 * header's word is the budget's. */
	in.idle = 600;
	in.reads_left_today = 199;
	assert_true(loop_refresh_plan(&in, &why) == 1200);
	assert_int_equal(why, LOOP_SLOW_IDLE | LOOP_SLOW_DAY);
	assert_string_equal(loop_slow_word(why), "saving reads");
	strbuf_reset(&sb);
	loop_slow_text(&sb, why, &in);
	assert_string_equal(strbuf_str(&sb),
	                    "no key for 10 min or more ([ui] refresh_idle): a key brings it back; "
	                    "only 199 reads left today, under 4 times the reserve of 50 "
	                    "([ui] budget_reserve)");
	/* One read is a read: a count goes through ngettext. */
	in.reads_left_today = 1;
	strbuf_reset(&sb);
	loop_slow_text(&sb, LOOP_SLOW_DAY, &in);
	assert_string_equal(strbuf_str(&sb), "only 1 read left today, under 4 times the reserve of 50 "
	                                     "([ui] budget_reserve)");
	/* 200 is not under 4 x 50. */
	in.reads_left_today = 200;
	in.idle = 0;
	assert_true(loop_refresh_plan(&in, &why) == 60);
	assert_int_equal(why, 0);
	/* The minute's reads nearly spent: a minute at least. */
	in.base = 20;
	in.reads_left_minute = 4;
	assert_true(loop_refresh_plan(&in, &why) == 60);
	assert_int_equal(why, LOOP_SLOW_MINUTE);
	assert_string_equal(loop_slow_word(why), "saving reads");
	/* ... a budget not known yet changes nothing. */
	in.budget_known = 0;
	assert_true(loop_refresh_plan(&in, &why) == 20);
	assert_int_equal(why, 0);
	/* After hours: the opening, whatever else, and only that is said. */
	in.closed = 7200;
	in.idle = 4000;
	assert_true(loop_refresh_plan(&in, &why) == 7200);
	assert_int_equal(why, LOOP_SLOW_CLOSED);
	assert_string_equal(loop_slow_word(why), "after hours");
	/* Refresh off stays off, with no reason. */
	in.base = 0;
	assert_true(loop_refresh_plan(&in, &why) == 0);
	assert_int_equal(why, 0);
	/* The pace in the unit the config reads in. */
	strbuf_reset(&sb);
	loop_every_text(&sb, 60);
	assert_string_equal(strbuf_str(&sb), "every 60 s");
	strbuf_reset(&sb);
	loop_every_text(&sb, 900);
	assert_string_equal(strbuf_str(&sb), "every 15 min");
	strbuf_reset(&sb);
	loop_every_text(&sb, 150);
	assert_string_equal(strbuf_str(&sb), "every 150 s");
	strbuf_free(&sb);
}

static void test_office_hours(void **state)
{
	int o = -1, c = -1;

	(void)state;
	assert_int_equal(loop_parse_hours("07:00-18:00", &o, &c), 0);
	assert_int_equal(o, 7 * 3600);
	assert_int_equal(c, 18 * 3600);
	assert_int_equal(loop_parse_hours(" 7:30 - 24:00 ", &o, &c), 0);
	assert_int_equal(o, 7 * 3600 + 1800);
	assert_int_equal(c, 86400);
	assert_int_equal(loop_parse_hours("22:00-06:00", &o, &c), 0);
	assert_int_equal(loop_parse_hours("7-18", &o, &c), -1);
	assert_int_equal(loop_parse_hours("07:00-18:00 daily", &o, &c), -1);
	assert_int_equal(loop_parse_hours("25:00-18:00", &o, &c), -1);
	assert_int_equal(loop_parse_hours("07:60-18:00", &o, &c), -1);
	assert_int_equal(loop_parse_hours("24:30-18:00", &o, &c), -1);
	assert_int_equal(loop_parse_hours("08:00-08:00", &o, &c), -1);
	assert_int_equal(loop_parse_hours("", &o, &c), -1);
	assert_int_equal(loop_parse_hours(NULL, &o, &c), -1);

	/* Open 07:00-18:00. */
	assert_int_equal(loop_closed_for(25200, 64800, 25200), 0);
	assert_int_equal(loop_closed_for(25200, 64800, 64799), 0);
	assert_int_equal(loop_closed_for(25200, 64800, 64800), 86400 - 64800 + 25200);
	assert_int_equal(loop_closed_for(25200, 64800, 3600), 25200 - 3600);
	/* Open over midnight, 22:00-06:00. */
	assert_int_equal(loop_closed_for(79200, 21600, 82800), 0);
	assert_int_equal(loop_closed_for(79200, 21600, 3600), 0);
	assert_int_equal(loop_closed_for(79200, 21600, 43200), 79200 - 43200);
	/* No hours set: always open. */
	assert_int_equal(loop_closed_for(0, 0, 43200), 0);
}

/* After hours the next tick waits for the opening on the wall clock.  The
 * night a clock moves (US rule, 2026-03-08 and 2026-11-01 at 02:00) is 23
 * or 25 hours long: counted as 24, a console left on overnight ticked an
 * hour after an 07:00 opening in March (its header said "next 08:00") and
 * an hour before it in November. */
static void test_office_hours_dst(void **state)
{
	const char *tz = getenv("TZ");
	char *saved = tz ? strdup(tz) : NULL;

	(void)state;
	/* The US rule spelled out (POSIX TZ): no zone database needed, so
	 * the test runs on every machine, never skipped. */
	setenv("TZ", "PST8PDT,M3.2.0,M11.1.0", 1);
	tzset();
	/* 2026-03-07 20:00 PST (04:00 UTC): the opening, 07:00 PDT, is 10 h away. */
	assert_int_equal(loop_closed_until(25200, 64800, (time_t)1772942400), 10 * 3600);
	/* 2026-03-08 01:00 PST: 5 h, not 6. */
	assert_int_equal(loop_closed_until(25200, 64800, (time_t)1772960400), 5 * 3600);
	/* 2026-10-31 20:00 PDT (2026-11-01 03:00 UTC): 07:00 PST is 12 h away. */
	assert_int_equal(loop_closed_until(25200, 64800, (time_t)1793502000), 12 * 3600);
	/* An ordinary night, 2026-11-20 20:00 PST: 11 h, as in seconds of the day. */
	assert_int_equal(loop_closed_until(25200, 64800, (time_t)1795233600), 11 * 3600);
	/* Open: 2026-11-20 10:00 PST. */
	assert_int_equal(loop_closed_until(25200, 64800, (time_t)1795197600), 0);
	/* No hours set: always open. */
	assert_int_equal(loop_closed_until(0, 0, (time_t)1772942400), 0);
	if (saved)
		setenv("TZ", saved, 1);
	else
		unsetenv("TZ");
	tzset();
	free(saved);
}

/* A key after an idle spell brings the refresh back: at once when the data
 * is older than the interval, when it will be otherwise; a key while
 * someone types changes nothing. */
static void test_refresh_on_key(void **state)
{
	(void)state;
	/* Typing: next unchanged. */
	assert_true(loop_refresh_on_key(1000, 990, 950, 1010, 60, 600) == 1010);
	/* Idle 20 minutes, data 5 minutes old, next in 4 minutes: now. */
	assert_true(loop_refresh_on_key(2200, 1000, 1900, 2440, 60, 600) == 2200);
	/* Idle, data 30 s old: when it is a minute old. */
	assert_true(loop_refresh_on_key(2200, 1000, 2170, 2440, 60, 600) == 2230);
	/* ... unless the plan was sooner anyway. */
	assert_true(loop_refresh_on_key(2200, 1000, 2170, 2210, 60, 600) == 2210);
	/* After hours (next at the opening, hours away): at once. */
	assert_true(loop_refresh_on_key(5000, 1000, 2000, 40000, 60, 600) == 5000);
	/* No refresh planned (off, or a script): stays off. */
	assert_true(loop_refresh_on_key(2200, 1000, 1900, 0, 60, 600) == 0);
	assert_true(loop_refresh_on_key(2200, 1000, 1900, 2440, 0, 600) == 2440);
	/* Never backs off: nothing to bring back. */
	assert_true(loop_refresh_on_key(2200, 1000, 1900, 2440, 60, 0) == 2440);
	/* No data yet: now. */
	assert_true(loop_refresh_on_key(2200, 1000, 0, 2440, 60, 600) == 2200);
}

/* A console left on today follows the calendar at midnight; one on a day
 * the dispatcher chose stays there. */
static void test_day_moved(void **state)
{
	(void)state;
	assert_int_equal(loop_day_moved("2026-11-20", "2026-11-20", "2026-11-21"), 1);
	assert_int_equal(loop_day_moved("2026-11-20", "2026-11-20", "2026-11-20"), 0);
	/* On yesterday by choice ([ at 23:59): stays. */
	assert_int_equal(loop_day_moved("2026-11-19", "2026-11-20", "2026-11-21"), 0);
	/* On tomorrow (planning): stays, even when tomorrow comes. */
	assert_int_equal(loop_day_moved("2026-11-21", "2026-11-20", "2026-11-21"), 0);
	/* Nothing seen yet: never moves. */
	assert_int_equal(loop_day_moved("2026-11-20", "", "2026-11-21"), 0);
	/* The clock set back a day: today is "another" day, followed. */
	assert_int_equal(loop_day_moved("2026-11-20", "2026-11-20", "2026-11-19"), 1);
}

/* The loop wakes when the wall clock's minute turns, whatever second of
 * it now is. */
static void test_next_minute(void **state)
{
	(void)state;
	assert_true(loop_next_minute(100.0, 1764201600LL) == 160.0);      /* :00 */
	assert_true(loop_next_minute(100.0, 1764201659LL) == 101.0);      /* :59 */
	assert_true(loop_next_minute(5.5, 1764201630LL) == 35.5);
	assert_true(loop_earliest(0, loop_next_minute(5.5, 1764201630LL)) == 35.5);
}

/* The budget's day figures are the day's they were read on: past
 * midnight they are the whole limits again, whatever day is shown. */
static void test_budget_new_day(void **state)
{
	struct api_budget b;
	char day[11] = "";

	(void)state;
	memset(&b, 0, sizeof(b));
	b.known = 1;
	b.limits.read_day = b.limits.write_day = 3000;
	b.usage.read_today = 2990;
	b.usage.write_today = 12;
	b.reads_left_today = 10;
	b.writes_left_today = 2988;
	b.reads_left_minute = 40;
	/* First look: the day is set, nothing changes. */
	assert_int_equal(loop_budget_new_day(&b, day, "2026-11-27"), 0);
	assert_string_equal(day, "2026-11-27");
	assert_int_equal(b.reads_left_today, 10);
	/* The same day: nothing. */
	assert_int_equal(loop_budget_new_day(&b, day, "2026-11-27"), 0);
	assert_int_equal(b.reads_left_today, 10);
	/* Midnight: the day's figures start again; the minute's stay. */
	assert_int_equal(loop_budget_new_day(&b, day, "2026-11-28"), 1);
	assert_string_equal(day, "2026-11-28");
	assert_int_equal(b.reads_left_today, 3000);
	assert_int_equal(b.writes_left_today, 3000);
	assert_int_equal(b.usage.read_today, 0);
	assert_int_equal(b.usage.write_today, 0);
	assert_int_equal(b.reads_left_minute, 40);
	/* Nothing known: only the day moves. */
	b.known = 0;
	b.reads_left_today = 7;
	assert_int_equal(loop_budget_new_day(&b, day, "2026-11-29"), 0);
	assert_string_equal(day, "2026-11-29");
	assert_int_equal(b.reads_left_today, 7);
}

/* The minute's count is the last 60 s's: known for 59 s after the
 * answer, then not (nor when the clock went back). */
static void test_budget_minute_known(void **state)
{
	(void)state;
	assert_true(loop_budget_minute_known(1000, 1000));
	assert_true(loop_budget_minute_known(1000, 1059));
	assert_false(loop_budget_minute_known(1000, 1060));
	assert_false(loop_budget_minute_known(1000, 1900));
	assert_false(loop_budget_minute_known(1000, 999));
	assert_false(loop_budget_minute_known(0, 1764201630LL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_day_moved),
		cmocka_unit_test(test_deadline_already_passed),
		cmocka_unit_test(test_refresh_backs_off),
		cmocka_unit_test(test_refresh_plan_says_why),
		cmocka_unit_test(test_office_hours),
		cmocka_unit_test(test_office_hours_dst),
		cmocka_unit_test(test_refresh_on_key),
		cmocka_unit_test(test_nothing_due_waits_for_input),
		cmocka_unit_test(test_rounds_up),
		cmocka_unit_test(test_earliest),
		cmocka_unit_test(test_countdown),
		cmocka_unit_test(test_wait_text),
		cmocka_unit_test(test_budget_new_day),
		cmocka_unit_test(test_budget_minute_known),
		cmocka_unit_test(test_next_minute),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
