/* test_alerts.c: the console's notification glue: config lines, connection flaps, budget once a day, refresh diffs. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "api/error.h"
#include "api/pace.h"
#include "common/strbuf.h"
#include "fetch/fetch.h"
#include "model/model.h"
#include "notify/notify.h"
#include "ui/alerts.h"
#include "ui/base/state.h"

#include "notify_fixtures.h"

/* A plain xterm with neither bus nor display. */
static struct notify_env xterm_env(void)
{
	struct notify_env env;

	memset(&env, 0, sizeof(env));
	env.term = "xterm-256color";
	return env;
}

/* An alerts on [notify] lines given as "key", "value" pairs (NULL ends). */
static struct alerts *make(struct strbuf *err, ...)
{
	char *names[16], *values[16];
	int lines[16];
	size_t n = 0;
	struct notify_env env = xterm_env();
	struct alerts *a;
	const char *k;
	va_list ap;

	va_start(ap, err);
	while ((k = va_arg(ap, const char *)) && n < 16) {
		names[n] = (char *)k;
		values[n] = va_arg(ap, char *);
		lines[n] = (int)n + 2; /* after the [notify] line */
		n++;
	}
	va_end(ap);
	a = alerts_new(names, values, lines, n, "cfg", &env, err);
	return a;
}

/* What the terminal would get (the pump's bytes through a pipe), as a
 * malloc'd string with ESC and BEL made visible. */
static char *pumped(struct alerts *a, int *reported)
{
	int p[2];
	char buf[8192];
	ssize_t got;
	struct strbuf rep = STRBUF_INIT, out = STRBUF_INIT;

	assert_int_equal(pipe(p), 0);
	*reported = alerts_pump(a, p[1], 0, &rep);
	close(p[1]);
	got = read(p[0], buf, sizeof(buf) - 1);
	close(p[0]);
	for (ssize_t i = 0; i < got; i++) {
		if (buf[i] == '\033')
			strbuf_adds(&out, "<ESC>");
		else if (buf[i] == '\a')
			strbuf_adds(&out, "<BEL>");
		else
			strbuf_addc(&out, buf[i]);
	}
	strbuf_free(&rep);
	return strbuf_detach(&out, NULL);
}

static void expect_bytes(struct alerts *a, const char *want)
{
	int rep;
	char *got = pumped(a, &rep);

	assert_string_equal(got, want);
	free(got);
}

static void test_config_lines(void **state)
{
	struct strbuf err = STRBUF_INIT, info = STRBUF_INIT;
	struct alerts *a;

	(void)state;
	a = make(&err, "transport", "osc9", "stops", "off", "budget", "shout", NULL);
	assert_null(a);
	/* The third pair, on line 4 of the file, is the one at fault. */
	assert_non_null(strstr(err.buf, "cfg:4: [notify] budget"));
	strbuf_reset(&err);
	a = make(&err, "colour", "red", NULL);
	assert_null(a);
	assert_non_null(strstr(err.buf, "cfg:2: [notify] unknown setting 'colour'"));
	strbuf_reset(&err);

	a = make(&err, "transport", "osc9", NULL);
	assert_non_null(a);
	alerts_describe(a, &info);
	assert_true(strncmp(info.buf, "osc9 (", 6) == 0);
	assert_true(alerts_fd(a) >= 0);
	alerts_free(a);
	alerts_free(NULL);

	a = make(&err, "transport", "off", NULL);
	strbuf_reset(&info);
	alerts_describe(a, &info);
	assert_true(strncmp(info.buf, "off", 3) == 0);
	assert_int_equal(alerts_write_failed(a, "note", "refused"), 0);
	alerts_free(a);
	strbuf_free(&err);
	strbuf_free(&info);
}

/* The [notify] lines as the core reads them, then applied. */
static void test_config_file(void **state)
{
	static const char text[] =
		"[ui]\n"
		"refresh = 5\n"
		"[notify]\n"
		"transport = osc9\n"
		"command = \"\"\n"
		"  stops=off  \n"
		"[keys]\n"
		"down = j\n"
		"[notify]\n"
		"budget = maybe\n";
	struct ui_config c;
	struct strbuf err = STRBUF_INIT;
	struct notify_env env = xterm_env();
	struct alerts *a;

	(void)state;
	state_config_init(&c);
	assert_int_equal(state_config_parse(text, "rc", &c, &err), 0);
	assert_int_equal(c.refresh, 5);
	assert_int_equal(c.n_keys, 1);
	assert_int_equal(c.n_notify, 4);
	assert_string_equal(c.notify_names[0], "transport");
	assert_string_equal(c.notify_values[0], "osc9");
	assert_string_equal(c.notify_values[1], ""); /* unquoted: no command */
	assert_string_equal(c.notify_names[2], "stops");
	assert_string_equal(c.notify_values[2], "off");
	assert_int_equal(c.notify_lines[2], 6);
	assert_int_equal(c.notify_lines[3], 10);
	/* The bad value is caught when applied, with its line. */
	a = alerts_new(c.notify_names, c.notify_values, c.notify_lines, c.n_notify, "rc", &env, &err);
	assert_null(a);
	assert_non_null(strstr(err.buf, "rc:10: [notify] budget"));
	strbuf_reset(&err);
	a = alerts_new(c.notify_names, c.notify_values, c.notify_lines, 3, "rc", &env, &err);
	assert_non_null(a);
	alerts_free(a);
	state_config_free(&c);
	assert_int_equal(c.n_notify, 0);
	strbuf_free(&err);
}

static void test_connection_flaps(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct alerts *a = make(&err, "transport", "osc9", NULL);

	(void)state;
	/* Down from the start: the message line says so, not a notification. */
	assert_int_equal(alerts_connection(a, 0, "refused", 10), 0);
	assert_int_equal(alerts_connection(a, 1, NULL, 20), 0);
	expect_bytes(a, "");
	assert_int_equal(alerts_connection(a, 0, "connection refused", 100), 1);
	expect_bytes(a, "<ESC>]9;Connection lost: connection refused<BEL>");
	/* The retries of the same outage are not news. */
	assert_int_equal(alerts_connection(a, 0, "connection refused", 110), 0);
	assert_int_equal(alerts_connection(a, 0, "connection refused", 500), 0);
	assert_int_equal(alerts_connection(a, 1, NULL, 520), 1);
	expect_bytes(a, "<ESC>]9;Connection back: the API answers again<BEL>");
	assert_int_equal(alerts_connection(a, 1, NULL, 530), 0);
	/* Lost again long after the last loss was told: told. */
	assert_int_equal(alerts_connection(a, 0, "timeout", 530), 1);
	assert_int_equal(alerts_connection(a, 1, NULL, 540), 1);
	expect_bytes(a, "<ESC>]9;Connection lost: timeout<BEL><ESC>]9;Connection back: the API answers again<BEL>");
	/* A flap within ALERTS_CONN_QUIET of the last told loss: neither
	 * the loss nor its end is told. */
	assert_int_equal(alerts_connection(a, 0, "timeout", 530 + ALERTS_CONN_QUIET - 1), 0);
	assert_int_equal(alerts_connection(a, 1, NULL, 530 + ALERTS_CONN_QUIET), 0);
	expect_bytes(a, "");
	assert_int_equal(alerts_connection(a, 0, "timeout", 530 + ALERTS_CONN_QUIET + 1), 1);
	expect_bytes(a, "<ESC>]9;Connection lost: timeout<BEL>");
	alerts_free(a);

	/* connection=off: nothing, ever. */
	a = make(&err, "transport", "osc9", "connection", "off", NULL);
	assert_int_equal(alerts_connection(a, 1, NULL, 1), 0);
	assert_int_equal(alerts_connection(a, 0, "x", 100), 0);
	assert_int_equal(alerts_connection(a, 1, NULL, 200), 0);
	expect_bytes(a, "");
	alerts_free(a);
	strbuf_free(&err);
}

static struct api_budget budget(long left, long limit)
{
	struct api_budget b;

	memset(&b, 0, sizeof(b));
	b.known = 1;
	b.limits.read_day = limit;
	b.reads_left_today = left;
	return b;
}

static void test_budget_once_a_day(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct alerts *a = make(&err, "transport", "osc9", NULL);
	struct api_budget b;

	(void)state;
	b = budget(300, 3000); /* exactly a tenth: not under it */
	assert_int_equal(alerts_budget(a, &b, "2026-11-20"), 0);
	b = budget(299, 3000);
	assert_int_equal(alerts_budget(a, &b, "2026-11-20"), 1);
	expect_bytes(a, "<ESC>]9;API budget low: 299 of 3000 reads left today<BEL>");
	b = budget(12, 3000);
	assert_int_equal(alerts_budget(a, &b, "2026-11-20"), 0);
	b = budget(0, 3000);
	assert_int_equal(alerts_budget(a, &b, "2026-11-20"), 0);
	expect_bytes(a, "");
	/* A new day, still low: told once more. */
	assert_int_equal(alerts_budget(a, &b, "2026-11-21"), 1);
	assert_int_equal(alerts_budget(a, &b, "2026-11-21"), 0);
	expect_bytes(a, "<ESC>]9;API budget low: 0 of 3000 reads left today<BEL>");
	/* Unknown budgets and limits never ring. */
	b = budget(0, 0);
	assert_int_equal(alerts_budget(a, &b, "2026-11-22"), 0);
	b = budget(0, 3000);
	b.known = 0;
	assert_int_equal(alerts_budget(a, &b, "2026-11-22"), 0);
	assert_int_equal(alerts_budget(a, NULL, "2026-11-22"), 0);
	alerts_free(a);

	a = make(&err, "transport", "osc9", "budget", "no", NULL);
	b = budget(1, 3000);
	assert_int_equal(alerts_budget(a, &b, "2026-11-20"), 0);
	expect_bytes(a, "");
	alerts_free(a);
	strbuf_free(&err);
}

static void test_results(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct alerts *a = make(&err, "transport", "osc9", NULL);
	struct fetch_result r;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.kind = FETCH_WRITE;
	r.resource = "note";
	api_error_set(&r.err, API_ERR_API, 200, "no note type 99999", "no note type 99999");
	/* A refusal is the service answering: no connection news, one
	 * failed write. */
	alerts_result(a, &r, 1);
	expect_bytes(a, "<ESC>]9;Write failed: note write: no note type 99999<BEL>");
	/* A cancelled read is nothing at all. */
	r.kind = FETCH_LIST;
	api_error_set(&r.err, API_ERR_CANCELLED, 0, NULL, "cancelled");
	alerts_result(a, &r, 2);
	expect_bytes(a, "");
	r.kind = FETCH_REFRESH;
	api_error_set(&r.err, API_ERR_NETWORK, 0, NULL, "Could not connect");
	alerts_result(a, &r, 100);
	expect_bytes(a, "<ESC>]9;Connection lost: Could not connect<BEL>");
	/* A write whose answer was lost: reported, and the link not judged. */
	r.kind = FETCH_WRITE;
	r.resource = NULL;
	api_error_set(&r.err, API_ERR_UNKNOWN_OUTCOME, 0, NULL, "answer lost");
	alerts_result(a, &r, 101);
	expect_bytes(a, "<ESC>]9;Write failed: answer lost<BEL>");
	api_error_clear(&r.err);
	r.kind = FETCH_REFRESH;
	alerts_result(a, &r, 200);
	expect_bytes(a, "<ESC>]9;Connection back: the API answers again<BEL>");
	alerts_free(a);
	strbuf_free(&err);
}

/* ---- the review and the refresh ---- */

/* Two looks at the day; `late` says which.  Sequences run against ids so
 * an order by id alone would be wrong. */
static struct m_review *day(int late)
{
	struct m_review *rv = m_review_new("2026-11-20");

	put_customer(rv, 500, "Jane", "Doe", "", 0);
	put_customer(rv, 501, "Al", "Bee", "Acme Pest", 1);
	put_route(rv, 1, "Beta", late ? 0 : 10);
	put_route(rv, 2, "Alpha", late ? 12 : 0);
	put_route(rv, 3, "Gamma", 14); /* unchanged */
	put_route(rv, 4, "Alpha", late ? 13 : 10); /* a second Alpha, in another group */
	put_stop(rv, 100, 1, 500, late ? M_COMPLETED : M_PENDING, 2, NULL, "10:00");
	put_stop(rv, 101, 1, 501, late ? M_NOSHOW : M_PENDING, 1, NULL, "08:00");
	put_stop(rv, 102, 2, 501, late ? M_CANCELLED : M_PENDING, 1, NULL, "");
	put_stop(rv, 103, 2, 500, M_PENDING, 2, late ? "2026-11-21" : NULL, "11:00");
	put_stop(rv, 104, 3, 500, M_COMPLETED, 1, NULL, "");
	put_stop(rv, 108, 99, 501, late ? M_COMPLETED : M_PENDING, 1, NULL, ""); /* no route row */
	put_stop(rv, 107, 99, 500, late ? M_NOSHOW : M_PENDING, 2, NULL, "");
	if (late)
		put_stop(rv, 106, 3, 500, M_COMPLETED, 2, NULL, ""); /* new: no change to tell */
	return rv;
}

struct rows {
	void **v;
	size_t n;
};

static void collect(void *row, void *ctx)
{
	struct rows *r = ctx;

	r->v = xrealloc(r->v, (r->n + 1) * sizeof(*r->v));
	r->v[r->n++] = row;
}

static void format(const struct notify_event *ev, struct strbuf *out)
{
	struct strbuf t = STRBUF_INIT;

	notify_event_format(ev, &t, out);
	strbuf_free(&t);
}

static void test_refresh_events(void **state)
{
	struct m_review *old = day(0), *cur = day(1);
	struct m_table *employees = m_table_new(m_row_free_fn("employee"));
	struct notify_events want = NOTIFY_EVENTS_INIT, got = NOTIFY_EVENTS_INIT;
	struct rows appts = { NULL, 0 }, routes = { NULL, 0 };
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	struct m_route *elsewhere;

	(void)state;
	put_employee(employees, 10, "Ann", "Smith");
	put_employee(employees, 12, "Bob", "Jones");
	/* A refresh that brings every row of the late look says what a
	 * whole review would, in the same order. */
	m_table_each(cur->appts, collect, &appts);
	m_table_each(cur->routes, collect, &routes);
	assert_int_equal(notify_diff_review(old, cur, employees, &want), 9);
	assert_int_equal(alerts_refresh_events(old, appts.v, appts.n, routes.v, routes.n,
	                                       employees, &got), want.n);
	for (size_t i = 0; i < want.n; i++) {
		strbuf_reset(&a);
		strbuf_reset(&b);
		format(&want.v[i], &a);
		format(&got.v[i], &b);
		assert_int_equal(got.v[i].kind, want.v[i].kind);
		assert_string_equal(b.buf, a.buf);
	}
	/* Spot checks of that order: Alpha (2) before Alpha (4), a route's
	 * own news before its stops, the route-less stops last by id. */
	assert_int_equal(got.v[0].kind, NOTIFY_EV_TECH_GAINED);
	assert_int_equal(got.v[0].route_id, 2);
	assert_int_equal(got.v[3].kind, NOTIFY_EV_TECH_CHANGED);
	assert_int_equal(got.v[3].route_id, 4);
	assert_int_equal(got.v[5].appt_id, 101); /* sequence 1 before 100's 2 */
	assert_int_equal(got.v[7].appt_id, 107);
	assert_int_equal(got.v[8].appt_id, 108);
	notify_events_free(&got);

	/* Only a few rows: only their news; a route that left the day has
	 * none. */
	elsewhere = m_table_get(cur->routes, 1);
	snprintf(elsewhere->date, sizeof(elsewhere->date), "2026-11-21");
	assert_int_equal(alerts_refresh_events(old, appts.v, 0, (void **)&elsewhere, 1, employees,
	                                       &got), 0);
	assert_int_equal(alerts_refresh_events(old, NULL, 0, NULL, 0, employees, &got), 0);
	assert_int_equal(alerts_refresh_events(NULL, appts.v, appts.n, NULL, 0, employees, &got), 0);

	notify_events_free(&want);
	notify_events_free(&got);
	free(appts.v);
	free(routes.v);
	strbuf_free(&a);
	strbuf_free(&b);
	m_table_free(employees);
	m_review_free(old);
	m_review_free(cur);
}

static void test_review_and_switches(void **state)
{
	struct m_review *old = day(0), *cur = day(1), *other = m_review_new("2026-11-21");
	struct m_table *employees = m_table_new(m_row_free_fn("employee"));
	struct strbuf err = STRBUF_INIT;
	struct alerts *a = make(&err, "transport", "osc9", "stops", "off", NULL);
	int rep;
	char *bytes;

	(void)state;
	put_employee(employees, 10, "Ann", "Smith");
	assert_int_equal(alerts_review(a, NULL, cur, employees), 0);
	assert_int_equal(alerts_review(a, other, cur, employees), 0); /* another day */
	/* stops=off: only the three technician events go out. */
	assert_int_equal(alerts_review(a, old, cur, employees), 3);
	bytes = pumped(a, &rep);
	assert_non_null(strstr(bytes, "]9;Route lost its technician: Beta: unassigned, was Ann Smith<BEL>"));
	assert_null(strstr(bytes, "Stop"));
	free(bytes);
	alerts_free(a);

	/* All on: nine events, more than NOTIFY_BATCH_MAX, so four and a
	 * summary. */
	a = make(&err, "transport", "osc9", NULL);
	assert_int_equal(alerts_review(a, old, cur, employees), NOTIFY_BATCH_MAX);
	bytes = pumped(a, &rep);
	assert_non_null(strstr(bytes, "5 more changes since the last refresh"));
	free(bytes);
	alerts_free(a);

	m_table_free(employees);
	m_review_free(old);
	m_review_free(cur);
	m_review_free(other);
	strbuf_free(&err);
}

/* The command transport, and script mode's settling: after a pump that
 * settles, the command has run. */
static void test_command_settles(void **state)
{
	char dir[] = "/tmp/test_alerts.XXXXXX", path[256], cmd[512], line[512];
	struct strbuf err = STRBUF_INIT, rep = STRBUF_INIT;
	struct alerts *a;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/notes", dir);
	snprintf(cmd, sizeof(cmd), "sleep 0.2; printf '%%s|%%s\\n' \"$1\" \"$2\" >> %s", path);
	a = make(&err, "command", cmd, NULL);
	assert_non_null(a);
	assert_int_equal(alerts_write_failed(a, "ticket", "Amount must be a number"), 1);
	assert_int_equal(alerts_pump(a, -1, 5000, &rep), 0);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(line, sizeof(line), f));
	fclose(f);
	assert_string_equal(line, "Write failed|ticket write: Amount must be a number\n");
	alerts_free(a);

	/* A command that fails is reported once on the message line. */
	a = make(&err, "command", "exit 3", NULL);
	assert_int_equal(alerts_write_failed(a, NULL, "x"), 1);
	assert_int_equal(alerts_pump(a, -1, 5000, &rep), 1);
	assert_non_null(strstr(rep.buf, "status 3"));
	alerts_free(a);
	unlink(path);
	rmdir(dir);
	strbuf_free(&err);
	strbuf_free(&rep);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config_lines),
		cmocka_unit_test(test_config_file),
		cmocka_unit_test(test_connection_flaps),
		cmocka_unit_test(test_budget_once_a_day),
		cmocka_unit_test(test_results),
		cmocka_unit_test(test_refresh_events),
		cmocka_unit_test(test_review_and_switches),
		cmocka_unit_test(test_command_settles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
