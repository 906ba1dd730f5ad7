/* test_notify_events.c: notification events: their words, the switches and batching, the model diff. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "common/strbuf.h"
#include "model/model.h"
#include "notify/notify.h"

#include "notify_fixtures.h"

/* A plain xterm without bus or display: notifications become OSC 9 bytes. */
static struct notify_env xterm_env(void)
{
	struct notify_env env;

	memset(&env, 0, sizeof(env));
	env.term = "xterm-256color";
	return env;
}

static void format(const struct notify_event *ev, char *title, char *body, size_t size)
{
	struct strbuf t = STRBUF_INIT, b = STRBUF_INIT;

	notify_event_format(ev, &t, &b);
	snprintf(title, size, "%s", strbuf_str(&t));
	snprintf(body, size, "%s", strbuf_str(&b));
	strbuf_free(&t);
	strbuf_free(&b);
}

static void test_event_format(void **state)
{
	struct notify_event ev;
	char t[256], b[256];

	(void)state;
	memset(&ev, 0, sizeof(ev));
	ev.kind = NOTIFY_EV_STOP_COMPLETED;
	ev.route = "North 3";
	ev.customer = "Jane Doe";
	ev.start = "09:30";
	format(&ev, t, b, sizeof(t));
	assert_string_equal(t, "Stop completed");
	assert_string_equal(b, "North 3: Jane Doe at 09:30");
	ev.kind = NOTIFY_EV_STOP_NOSHOW;
	ev.start = NULL;
	format(&ev, t, b, sizeof(t));
	assert_string_equal(t, "Stop no-show");
	assert_string_equal(b, "North 3: Jane Doe");
	ev.kind = NOTIFY_EV_STOP_CANCELLED;
	ev.route = NULL;
	ev.route_id = 12;
	ev.customer = NULL;
	ev.customer_id = 345;
	format(&ev, t, b, sizeof(t));
	assert_string_equal(t, "Stop cancelled");
	assert_string_equal(b, "route 12: customer 345");
	ev.kind = NOTIFY_EV_STOP_RESCHEDULED;
	ev.detail = "2026-11-23";
	format(&ev, t, b, sizeof(t));
	assert_string_equal(t, "Stop rescheduled");
	assert_string_equal(b, "route 12: customer 345, moved to 2026-11-23");

	memset(&ev, 0, sizeof(ev));
	ev.route = "North 3";
	ev.kind = NOTIFY_EV_TECH_LOST;
	ev.old_tech = "Ann Smith";
	format(&ev, t, b, sizeof(t));
	assert_string_equal(t, "Route lost its technician");
	assert_string_equal(b, "North 3: unassigned, was Ann Smith");
	ev.kind = NOTIFY_EV_TECH_GAINED;
	ev.tech = "Bob Jones";
	format(&ev, t, b, sizeof(t));
	assert_string_equal(t, "Route has a technician");
	assert_string_equal(b, "North 3: now Bob Jones");
	ev.kind = NOTIFY_EV_TECH_CHANGED;
	format(&ev, t, b, sizeof(t));
	assert_string_equal(t, "Route technician changed");
	assert_string_equal(b, "North 3: now Bob Jones, was Ann Smith");

	memset(&ev, 0, sizeof(ev));
	ev.kind = NOTIFY_EV_WRITE_FAILED;
	ev.detail = "note on customer 42: Invalid type";
	format(&ev, t, b, sizeof(t));
	assert_string_equal(t, "Write failed");
	assert_string_equal(b, "note on customer 42: Invalid type");
	ev.kind = NOTIFY_EV_CONN_LOST;
	ev.detail = NULL;
	format(&ev, t, b, sizeof(t));
	assert_string_equal(t, "Connection lost");
	assert_string_equal(b, "the API does not answer; retrying");
	ev.kind = NOTIFY_EV_CONN_BACK;
	format(&ev, t, b, sizeof(t));
	assert_string_equal(t, "Connection back");
	ev.kind = NOTIFY_EV_BUDGET_LOW;
	ev.detail = "150 requests left today";
	format(&ev, t, b, sizeof(t));
	assert_string_equal(t, "API budget low");
	assert_string_equal(b, "150 requests left today");

	assert_int_equal(notify_event_class(NOTIFY_EV_STOP_RESCHEDULED), NOTIFY_C_STOPS);
	assert_int_equal(notify_event_class(NOTIFY_EV_TECH_CHANGED), NOTIFY_C_TECHNICIAN);
	assert_int_equal(notify_event_class(NOTIFY_EV_WRITE_FAILED), NOTIFY_C_WRITE_FAILED);
	assert_int_equal(notify_event_class(NOTIFY_EV_CONN_BACK), NOTIFY_C_CONNECTION);
	assert_int_equal(notify_event_class(NOTIFY_EV_BUDGET_LOW), NOTIFY_C_BUDGET);
}

static void test_post_events_switches_and_batch(void **state)
{
	struct notify_config cfg;
	struct notify_env env = xterm_env();
	struct notify_events list = NOTIFY_EVENTS_INIT;
	struct notify_event ev;
	struct notify *n;
	struct strbuf err = STRBUF_INIT;
	char *bytes;
	size_t len, i;

	(void)state;
	memset(&ev, 0, sizeof(ev));
	ev.route = "R";
	ev.customer = "C";
	for (i = 0; i < 7; i++) {
		ev.kind = NOTIFY_EV_STOP_COMPLETED;
		notify_events_add(&list, &ev);
	}
	ev.kind = NOTIFY_EV_CONN_LOST;
	notify_events_add(&list, &ev);

	notify_config_init(&cfg);
	n = notify_new(&cfg, &env);
	/* 8 on: 4 one by one, then one summary of the other 4. */
	assert_int_equal(notify_post_events(n, &list), 5);
	bytes = notify_take_terminal_bytes(n, &len);
	assert_non_null(bytes);
	assert_non_null(strstr(bytes, "\033]9;Route review: 4 more changes since the last refresh\a"));
	assert_null(strstr(bytes, "Connection lost"));
	free(bytes);
	notify_free(n);

	assert_int_equal(notify_config_set(&cfg, "stops", "off", &err), 0);
	n = notify_new(&cfg, &env);
	assert_int_equal(notify_post_events(n, &list), 1);
	assert_int_equal(notify_post_event(n, &list.v[0]), 1); /* switched off */
	bytes = notify_take_terminal_bytes(n, &len);
	assert_string_equal(bytes, "\033]9;Connection lost: the API does not answer; retrying\a");
	free(bytes);
	notify_free(n);
	notify_config_free(&cfg);
	notify_events_free(&list);
	strbuf_free(&err);
}

/* ---- the model diff ---- */

/* Both looks at the day share customers; `late` says which look. */
static struct m_review *day(int late)
{
	struct m_review *rv = m_review_new("2026-11-20");

	put_customer(rv, 500, "Jane", "Doe", "", 0);
	put_customer(rv, 501, "Al", "Bee", "Acme Pest", 1);
	put_customer(rv, 502, "", "", "", 0);
	put_route(rv, 1, "Alpha", late ? 0 : 10);
	put_route(rv, 2, "Beta", late ? 12 : 0);
	put_route(rv, 3, "Gamma", late ? 13 : 11);
	put_route(rv, 4, "Delta", 14); /* unchanged */
	put_stop(rv, 100, 1, 500, late ? M_COMPLETED : M_PENDING, 2, NULL, "10:00");
	put_stop(rv, 101, 1, 501, late ? M_NOSHOW : M_PENDING, 1, NULL, "08:00");
	put_stop(rv, 102, 2, 502, late ? M_CANCELLED : M_PENDING, 1, NULL, "");
	put_stop(rv, 103, 2, 500, M_PENDING, 2, late ? "2026-11-21" : NULL, "11:00");
	put_stop(rv, 104, 3, 500, M_COMPLETED, 1, NULL, "");
	put_stop(rv, 105, 3, 777, late ? M_RESCHEDULED : M_PENDING, 2, NULL, "");
	put_stop(rv, 107, 4, 500, late ? M_PENDING : M_COMPLETED, 1, NULL, ""); /* an undo */
	put_stop(rv, 108, 99, 501, late ? M_COMPLETED : M_PENDING, 1, NULL, ""); /* no route row */
	if (late)
		put_stop(rv, 106, 4, 500, M_COMPLETED, 2, NULL, ""); /* new: no change to tell */
	return rv;
}

static void test_diff_review(void **state)
{
	struct m_review *old = day(0), *cur = day(1);
	struct m_table *employees = m_table_new(m_row_free_fn("employee"));
	struct notify_events out = NOTIFY_EVENTS_INIT;
	char t[256], b[256];
	static const struct {
		enum notify_kind kind;
		long long appt;
		const char *body;
	} want[] = {
		{ NOTIFY_EV_TECH_LOST, 0, "Alpha: unassigned, was Ann Smith" },
		{ NOTIFY_EV_STOP_NOSHOW, 101, "Alpha: Acme Pest at 08:00" },
		{ NOTIFY_EV_STOP_COMPLETED, 100, "Alpha: Jane Doe at 10:00" },
		{ NOTIFY_EV_TECH_GAINED, 0, "Beta: now Bob Jones" },
		{ NOTIFY_EV_STOP_CANCELLED, 102, "Beta: customer 502" },
		{ NOTIFY_EV_STOP_RESCHEDULED, 103, "Beta: Jane Doe at 11:00, moved to 2026-11-21" },
		{ NOTIFY_EV_TECH_CHANGED, 0, "Gamma: now #13, was #11" },
		{ NOTIFY_EV_STOP_RESCHEDULED, 105, "Gamma: customer 777" },
		{ NOTIFY_EV_STOP_COMPLETED, 108, "route 99: Acme Pest" },
	};
	size_t i, n;

	(void)state;
	put_employee(employees, 10, "Ann", "Smith");
	put_employee(employees, 12, "Bob", "Jones");
	/* The first load has nothing to compare with. */
	assert_int_equal(notify_diff_review(NULL, cur, employees, &out), 0);
	n = notify_diff_review(old, cur, employees, &out);
	assert_int_equal(n, sizeof(want) / sizeof(want[0]));
	assert_int_equal(out.n, n);
	for (i = 0; i < n; i++) {
		format(&out.v[i], t, b, sizeof(t));
		assert_int_equal(out.v[i].kind, want[i].kind);
		assert_int_equal(out.v[i].appt_id, want[i].appt);
		assert_string_equal(b, want[i].body);
	}
	assert_int_equal(out.v[2].customer_id, 500);
	assert_int_equal(out.v[2].route_id, 1);
	notify_events_free(&out);

	/* Nothing changed, nothing to say. */
	assert_int_equal(notify_diff_review(cur, cur, employees, &out), 0);
	/* The single-row helpers agree. */
	assert_int_equal(notify_diff_appt(m_table_get(old->appts, 100), m_table_get(cur->appts, 100),
	                                  "2026-11-20", NULL, NULL, &out), 1);
	format(&out.v[0], t, b, sizeof(t));
	assert_string_equal(b, "route 1: customer 500 at 10:00");
	assert_int_equal(notify_diff_appt(NULL, m_table_get(cur->appts, 100), "2026-11-20",
	                                  NULL, NULL, &out), 0);
	assert_int_equal(notify_diff_route(m_table_get(old->routes, 4), m_table_get(cur->routes, 4),
	                                   NULL, &out), 0);
	assert_int_equal(notify_diff_route(m_table_get(old->routes, 1), m_table_get(cur->routes, 1),
	                                   NULL, &out), 1);
	assert_string_equal(out.v[1].old_tech, "#10");
	assert_null(out.v[1].tech);
	notify_events_free(&out);

	m_table_free(employees);
	m_review_free(old);
	m_review_free(cur);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_event_format),
		cmocka_unit_test(test_post_events_switches_and_batch),
		cmocka_unit_test(test_diff_review),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
