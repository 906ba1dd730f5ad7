/* test_views.c: the review panes (Routes, Stops), detail views and shared cells, no terminal. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/strbuf.h"
#include "common/utf8.h"
#include "view_doubles.h"

/* ------------------------------------------------------------ common */

static void test_cells(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	enum view_style st = VS_NORMAL;
	struct m_customer *c = mk_customer(5, "Jane", "Doe", "", 0);
	struct view v;

	vc_money_due(&sb, 1250, &st);
	assert_string_equal(strbuf_str(&sb), "12.50");
	assert_int_equal(st, VS_MONEY_DUE);
	strbuf_reset(&sb);
	st = VS_NORMAL;
	vc_money_due(&sb, -500, &st);
	assert_string_equal(strbuf_str(&sb), "-5.00");
	assert_int_equal(st, VS_NORMAL);

	/* Preview lines that keep their place: the label without a value,
	 * a value padded to a width by display columns. */
	strbuf_reset(&sb);
	vc_line(&sb, "Phone", "");
	vc_line(&sb, "Email", NULL);
	vc_line(&sb, "Fax", "555");
	assert_string_equal(strbuf_str(&sb), "Phone:\nEmail:\nFax: 555\n");
	strbuf_reset(&sb);
	strbuf_adds(&sb, "x ");
	vc_pad(&sb, 2, 5);
	assert_string_equal(strbuf_str(&sb), "x      ");
	strbuf_reset(&sb);
	strbuf_adds(&sb, "· Peña");
	vc_pad(&sb, 0, 8);
	assert_string_equal(strbuf_str(&sb), "· Peña  ");
	vc_pad(&sb, 0, 3); /* wider already: nothing */
	assert_string_equal(strbuf_str(&sb), "· Peña  ");
	assert_int_equal(vc_status_width(), 11); /* "rescheduled" */

	strbuf_reset(&sb);
	vc_date(&sb, "0000-00-00 00:00:00");
	assert_string_equal(strbuf_str(&sb), "");
	vc_date(&sb, "2026-11-20 14:05:33");
	assert_string_equal(strbuf_str(&sb), "2026-11-20 14:05");
	strbuf_reset(&sb);
	vc_span(&sb, "08:00", "16:30");
	assert_string_equal(strbuf_str(&sb), "08:00-16:30");

	view_ascii = 0;
	strbuf_reset(&sb);
	vc_status(&sb, M_COMPLETED, &st);
	assert_string_equal(strbuf_str(&sb), "✓ completed");
	assert_int_equal(st, VS_DONE);
	view_ascii = 1;
	strbuf_reset(&sb);
	vc_status(&sb, M_CANCELLED, &st);
	assert_string_equal(strbuf_str(&sb), "/ cancelled");
	assert_int_equal(st, VS_CANCELLED);
	assert_string_equal(vc_status_text(42), "unknown");
	assert_string_equal(vc_arrow(), "->");
	view_ascii = 0;

	strbuf_reset(&sb);
	vc_customer_name(&sb, c);
	assert_string_equal(strbuf_str(&sb), "Doe, Jane");
	free(c->company);
	c->company = xstrdup("Acme");
	strbuf_reset(&sb);
	vc_customer_name(&sb, c);
	assert_string_equal(strbuf_str(&sb), "Acme");
	m_customer_free(c);
	free(c);

	/* Case folds first; a tie is broken by bytes (the order is total). */
	assert_int_equal(vc_cmp_text_folded("smith", "Smith"), 0);
	assert_true(vc_cmp_text("Smith", "smith") < 0);
	assert_true(vc_cmp_text("smith", "Smyth") < 0);
	assert_true(vc_cmp_text("adams", "Baker") < 0);
	assert_true(vc_cmp_text(NULL, "a") < 0);
	assert_true(vc_contains("Jane DOE", "doe"));
	assert_false(vc_contains("Jane", "doe"));
	assert_true(vc_contains(NULL, ""));
	assert_false(vc_contains(NULL, "x"));
	assert_true(vc_all_digits("0123"));
	assert_false(vc_all_digits("12a"));
	assert_false(vc_all_digits(""));

	/* A long subtitle is cut before a character, never inside one. */
	memset(&v, 0, sizeof(v));
	strbuf_reset(&sb);
	for (int i = 0; i < 100; i++)
		strbuf_adds(&sb, "é");
	vc_subtitle(&v, "x%s", strbuf_str(&sb));
	assert_int_equal(strlen(v.subtitle), 127);
	assert_true(utf8_valid(v.subtitle, strlen(v.subtitle)));
	strbuf_free(&sb);
}

/* qsort's comparison over vc_cmp_text. */
static int by_text(const void *a, const void *b)
{
	return vc_cmp_text(*(const char *const *)a, *(const char *const *)b);
}

/* Names sort as a reader expects, not by UTF-8 bytes (which put every
 * accented letter after "Young"), and the same on every machine. */
static void test_text_order(void **state)
{
	const char *names[] = {
		"Young", "Zoë", "\xc5\x81ukasz", "Ångström", "Eric", "angstrom", "Zoe",
		"Émile", "Lucas", "Ofelia", "Œuvre", "Oeste", "Østergaard", "Ortiz",
	};
	const char *want[] = {
		"angstrom", "Ångström", "Émile", "Eric", "Lucas", "\xc5\x81ukasz", "Oeste",
		"Œuvre", "Ofelia", "Ortiz", "Østergaard", "Young", "Zoe", "Zoë",
	};
	struct ui ui;
	struct view *v;
	struct fetch_result *r;
	size_t n = sizeof(names) / sizeof(names[0]);

	(void)state;
	/* The bug: "Ångström" after "Young". */
	assert_true(vc_cmp_text("Ångström", "Young") < 0);
	assert_true(vc_cmp_text("Young", "Ångström") > 0);
	/* Folded equal, then bytes: plain before accented, upper before lower. */
	assert_int_equal(vc_cmp_text_folded("Ångström", "ANGSTROM"), 0);
	assert_true(vc_cmp_text("angstrom", "Ångström") < 0);
	assert_true(vc_cmp_text("Ångström", "ångström") < 0);
	assert_int_equal(vc_cmp_text("Ångström", "Ångström"), 0);
	/* Both blocks: Latin-1 Supplement and Latin Extended-A, upper and lower. */
	assert_int_equal(vc_cmp_text_folded("ÀÉÎÕÜÇÑÝÿ", "aeioucnyy"), 0);
	/* Ā č ě ı ł ń ő ř š ť ů ž ſ */
	assert_int_equal(vc_cmp_text_folded("\xc4\x80\xc4\x8d\xc4\x9b\xc4\xb1\xc5\x82\xc5\x84"
	                                    "\xc5\x91\xc5\x99\xc5\xa1\xc5\xa5\xc5\xaf\xc5\xbe\xc5\xbf",
	                                    "aceilnorstuzs"), 0);
	/* Letters that are two: Æ, ß, Þ, Ĳ, Œ. */
	assert_int_equal(vc_cmp_text_folded("Æsir", "aesir"), 0);
	assert_int_equal(vc_cmp_text_folded("Straße", "strasse"), 0);
	assert_int_equal(vc_cmp_text_folded("Þór", "thor"), 0);
	assert_int_equal(vc_cmp_text_folded("\xc4\xb2sselmeer", "ijsselmeer"), 0);
	assert_int_equal(vc_cmp_text_folded("œuvre", "OEUVRE"), 0);
	assert_true(vc_cmp_text("Straße", "Strasse") > 0);
	assert_true(vc_cmp_text("Ærø", "Aerp") < 0);
	/* × and ÷ are not letters: they keep their place after the letters. */
	assert_true(vc_cmp_text("a×", "az") > 0);
	assert_true(vc_cmp_text("a÷", "az") > 0);
	/* Other scripts keep code point order, after the Latin letters. */
	assert_true(vc_cmp_text("Ωmega", "Zed") > 0);
	assert_true(vc_cmp_text("Ωmega", "Żaneta") > 0);
	/* Cut or bad UTF-8 compares as bytes, never reads past the end. */
	assert_true(vc_cmp_text("a\xc3", "a") > 0);
	assert_true(vc_cmp_text("a\xc4z", "a\xc4y") > 0);
	assert_int_equal(vc_cmp_text_folded(NULL, ""), 0);
	assert_true(vc_cmp_text(NULL, "a") < 0);

	qsort(names, n, sizeof(names[0]), by_text);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(names[i], want[i]);

	/* The Customers pane by name: folded last names, then folded first
	 * names, and only then bytes. */
	memset(&ui, 0, sizeof(ui));
	v = view_customers_new(NULL);
	v->ops->open(v, &ui);
	r = fake_result(&ui, FETCH_LIST, "customer");
	r->ids = xmalloc(4 * sizeof(*r->ids));
	r->rows = xcalloc(4, sizeof(*r->rows));
	for (long long id = 1; id <= 4; id++)
		r->ids[r->n_ids++] = id;
	r->rows[r->n_rows++] = mk_customer(1, "José", "Ångström", "", 0);
	r->rows[r->n_rows++] = mk_customer(2, "Ann", "Young", "", 0);
	r->rows[r->n_rows++] = mk_customer(3, "Al", "smith", "", 0);
	r->rows[r->n_rows++] = mk_customer(4, "Bo", "Smith", "", 0);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	assert_int_equal(v->ops->count(v), 4);
	assert_true(v->ops->compare(v, 0, 1, 1) < 0);  /* Ångström before Young */
	assert_true(v->ops->compare(v, 1, 0, 1) > 0);
	assert_true(v->ops->compare(v, 0, 3, 1) < 0);  /* Ångström before Smith */
	/* "smith, Al" before "Smith, Bo": the case of a last name does not
	 * outrank the first name. */
	assert_true(vc_cmp_text("Smith", "smith") < 0);
	assert_true(v->ops->compare(v, 2, 3, 1) < 0);
	assert_true(v->ops->compare(v, 3, 2, 1) > 0);
	view_free(v);
	ui_done(&ui);
}

/* ------------------------------------------------------------ routes */

static void test_routes(void **state)
{
	struct ui ui;
	struct view *v;
	enum view_style st;
	struct fetch_result *r;
	struct m_appt *a;

	make_day(&ui);
	v = view_routes_new();
	v->ops->open(v, &ui);
	/* The review of the day is there: no request. */
	assert_int_equal(ui.n_jobs, 0);
	assert_int_equal(v->ops->count(v), 2);
	assert_string_equal(v->subtitle, "2026-11-20 · 2 routes");

	assert_int_equal(v->ops->row_id(v, 0), 10);
	assert_int_equal(v->ops->columns[4].min, v->ops->columns[4].width); /* window */
	assert_true(v->ops->columns[5].min >= 8);                          /* due */
	assert_string_equal(cell(v, 0, 0, NULL), "Alpha");
	assert_string_equal(cell(v, 0, 1, &st), "Ann Tech");
	assert_int_equal(st, VS_NORMAL);
	assert_string_equal(cell(v, 0, 2, NULL), "1/1/1/0");
	assert_string_equal(cell(v, 0, 3, NULL), "3");
	assert_string_equal(cell(v, 0, 4, NULL), "08:00-11:00");
	/* Jane owes 125.50 once, although she has two stops. */
	assert_string_equal(cell(v, 0, 5, &st), "125.50");
	assert_int_equal(st, VS_MONEY_DUE);
	assert_string_equal(cell(v, 0, 6, &st), "L!");
	assert_int_equal(st, VS_ALERT);

	assert_string_equal(cell(v, 1, 1, &st), "UNASSIGNED");
	assert_int_equal(st, VS_UNASSIGNED);
	assert_string_equal(cell(v, 1, 2, NULL), "0/0/0/1");
	assert_string_equal(cell(v, 1, 4, NULL), "");
	assert_string_equal(cell(v, 1, 5, &st), "0.00");
	assert_int_equal(st, VS_NORMAL);
	assert_string_equal(cell(v, 1, 6, NULL), "N");

	/* Money sorts as money, text as text. */
	assert_true(v->ops->compare(v, 0, 1, 5) > 0);
	assert_true(v->ops->compare(v, 0, 1, 0) < 0);
	assert_true(v->ops->match(v, 1, "trainee"));
	assert_true(v->ops->match(v, 1, "unassigned"));
	assert_false(v->ops->match(v, 0, "trainee"));

	/* No preview whose text would follow the selection (a move would
	 * rewrite it): the flags column says what there is, the Stops
	 * preview shows it. */
	assert_null(v->ops->preview);

	/* A stop updated after the first look marks its route, status as a
	 * letter; opening the route is a look and clears the mark. */
	a = mk_appt(201, 20, 1002, 1, M_COMPLETED, "13:00", "14:00");
	strcpy(a->updated, "2026-11-20 10:00:00");
	m_table_put(ui.rv->appts, a); /* as the core applies a refresh ... */
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	assert_int_equal(v->ops->result(v, &ui, r), 1); /* ... and tells every view */
	result_free(r);
	assert_int_equal(v->ops->count(v), 2);
	assert_string_equal(cell(v, 1, 2, NULL), "1/0/0/0");
	/* A stop rescheduled away counts in C, so D/P/N/C adds up to the
	 * Stops column (an audit saw 7/6/0/0 beside 14). */
	m_table_put(ui.rv->appts, mk_appt(202, 20, 1001, 2, M_RESCHEDULED, "15:00", "15:30"));
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	assert_string_equal(cell(v, 1, 2, NULL), "1/0/0/1");
	assert_string_equal(cell(v, 1, 3, NULL), "2");
	m_table_remove(ui.rv->appts, 202);
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	assert_string_equal(cell(v, 1, 2, NULL), "1/0/0/0");
	assert_string_equal(cell(v, 1, 6, &st), "N*");
	assert_int_equal(st, VS_CHANGED);
	assert_string_equal(cell(v, 0, 6, NULL), "L!");
	v->ops->enter(v, &ui, 1);
	assert_int_equal(ui.n_pushed, 1);
	assert_string_equal(ui.pushed[0]->ops->name, "stops");
	assert_int_equal(v->ops->count(v), 2);
	assert_string_equal(cell(v, 1, 6, NULL), "N");

	/* A failed review keeps the rows; the core has said why, the view
	 * does not say it again. */
	r = fake_result(&ui, FETCH_REVIEW, NULL);
	api_error_set(&r->err, API_ERR_NETWORK, 0, NULL, "connection refused");
	assert_int_equal(v->ops->result(v, &ui, r), 0);
	assert_int_equal(ui.n_errors, 0);
	assert_int_equal(v->ops->count(v), 2);
	assert_string_equal(cell(v, 0, 0, NULL), "Alpha");
	result_free(r);

	/* r and R are the core's: the pane has no refresh of its own that
	 * could spend a second review. */
	if (v->ops->refresh)
		v->ops->refresh(v, &ui, 0);
	assert_int_equal(ui.n_jobs, 0);
	/* Another day: until its review lands (the core fetches it), the old
	 * day's is not this day's, and opening asks for nothing. */
	strcpy(ui.date, "2026-11-21");
	v->ops->open(v, &ui);
	assert_int_equal(ui.n_jobs, 0);
	assert_int_equal(v->ops->count(v), 0);
	assert_string_equal(v->subtitle, "");

	view_free(v);
	ui_done(&ui);
}

/* The review is the core's: opening the review panes while it is on its
 * way asks for nothing (a second review is 3-6 requests), and the review
 * the core hands on rebuilds their rows. */
static void test_review_panes_wait_for_core(void **state)
{
	struct ui ui;
	struct view *routes, *stops;
	struct fetch_result *r;

	memset(&ui, 0, sizeof(ui));
	strcpy(ui.date, "2026-11-20");
	routes = view_routes_new();
	stops = view_stops_new(5);
	routes->ops->open(routes, &ui);
	stops->ops->open(stops, &ui);
	if (routes->ops->refresh)
		routes->ops->refresh(routes, &ui, 1);
	if (stops->ops->refresh)
		stops->ops->refresh(stops, &ui, 1);
	assert_int_equal(ui.n_jobs, 0);
	assert_int_equal(routes->waiting, 0);
	assert_int_equal(stops->waiting, 0);
	assert_int_equal(routes->ops->count(routes), 0);
	assert_int_equal(stops->ops->count(stops), 0);
	assert_string_equal(routes->subtitle, "");
	assert_string_equal(stops->subtitle, "route 5");

	/* The core takes the review out of its result, then tells every view. */
	ui.rv = m_review_new("2026-11-20");
	m_table_put(ui.rv->routes, mk_route(5, "Solo", 0));
	m_table_put(ui.rv->appts, mk_appt(51, 5, 1001, 1, M_PENDING, "08:00", "08:30"));
	m_table_put(ui.rv->appts, mk_appt(52, 5, 1001, 2, M_PENDING, "09:00", "09:30"));
	m_table_put(ui.rv->customers, mk_customer(1001, "Jane", "Doe", "", 0));
	r = fake_result(&ui, FETCH_REVIEW, NULL);
	r->slot = FETCH_SLOT_REVIEW;
	assert_int_equal(routes->ops->result(routes, &ui, r), 1);
	assert_int_equal(stops->ops->result(stops, &ui, r), 1);
	assert_int_equal(routes->ops->count(routes), 1);
	assert_string_equal(cell(routes, 0, 0, NULL), "Solo");
	assert_string_equal(cell(routes, 0, 2, NULL), "0/2/0/0");
	assert_string_equal(routes->subtitle, "2026-11-20 · 1 route");
	assert_int_equal(stops->ops->count(stops), 2);
	assert_string_equal(cell(stops, 1, 2, NULL), "Doe, Jane");
	assert_string_equal(stops->subtitle, "Solo · 2026-11-20");
	/* Results of other kinds are not the review panes'. */
	r->kind = FETCH_LIST;
	assert_int_equal(routes->ops->result(routes, &ui, r), 0);
	assert_int_equal(stops->ops->result(stops, &ui, r), 0);
	result_free(r);
	assert_int_equal(ui.n_jobs, 0);
	view_free(routes);
	view_free(stops);
	ui_done(&ui);
}

/* ------------------------------------------------------------ stops */

/* The line, counted from the top of its preview column (the doubles'
 * preview() shows list.h's break as a form feed), of the first line of
 * text that starts with prefix, after the route's day lines; -1 when none
 * does. */
static int column_line(const char *text, const char *prefix)
{
	int n = 0;

	for (const char *p = text; p && *p;) {
		if (strncmp(p, "Day ", 4) == 0) {
			/* The route's lines head the first column. */
		} else if (*p == '\f') {
			n = 0;
			p++;
			continue;
		} else if (strncmp(p, prefix, strlen(prefix)) == 0) {
			return n;
		} else {
			n++;
		}
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return -1;
}

static void test_stops(void **state)
{
	struct ui ui;
	struct view *v;
	enum view_style st;
	char *text;
	struct m_appt *a;
	struct fetch_result *r;
	int sub;

	make_day(&ui);
	v = view_stops_new(10);
	v->ops->open(v, &ui);
	assert_int_equal(ui.n_jobs, 0);
	assert_string_equal(v->subtitle, "Alpha · 2026-11-20");
	assert_int_equal(v->ops->count(v), 3);
	/* The windows are never cut to fit (min = width: the list narrows
	 * other columns first), and money keeps room for 99999.99. */
	assert_int_equal(v->ops->columns[1].min, v->ops->columns[1].width);
	assert_int_equal(v->ops->columns[7].min, v->ops->columns[7].width);
	assert_true(v->ops->columns[8].min >= 8);
	/* In sequence order. */
	assert_int_equal(v->ops->row_id(v, 0), 102);
	assert_int_equal(v->ops->row_id(v, 1), 101);
	assert_int_equal(v->ops->row_id(v, 2), 103);

	assert_string_equal(cell(v, 0, 0, NULL), "1");
	assert_string_equal(cell(v, 0, 2, NULL), "Acme Pest");
	assert_string_equal(cell(v, 0, 5, &st), "✓ completed");
	assert_int_equal(st, VS_DONE);
	assert_string_equal(cell(v, 0, 7, NULL), "08:05-08:40");
	assert_string_equal(cell(v, 0, 8, &st), "0.00");
	assert_string_equal(cell(v, 1, 1, NULL), "09:00-09:30 AM");
	assert_string_equal(cell(v, 1, 2, NULL), "Doe, Jane");
	assert_string_equal(cell(v, 1, 3, NULL), "Tucson");
	assert_string_equal(cell(v, 1, 4, NULL), "Quarterly Pest");
	assert_string_equal(cell(v, 1, 5, &st), "· pending");
	assert_int_equal(st, VS_PENDING);
	assert_string_equal(cell(v, 1, 6, NULL), "yes");
	assert_string_equal(cell(v, 1, 8, &st), "125.50");
	assert_int_equal(st, VS_MONEY_DUE);
	view_ascii = 1;
	assert_string_equal(cell(v, 2, 5, &st), "x no-show");
	assert_int_equal(st, VS_NOSHOW);
	view_ascii = 0;

	/* Sorting by what is owed is numeric; by status, open work first. */
	assert_true(v->ops->compare(v, 0, 1, 8) < 0);
	assert_true(v->ops->compare(v, 1, 0, 5) < 0);
	assert_true(v->ops->match(v, 0, "acme"));
	assert_true(v->ops->match(v, 1, "85701")); /* the zip, not a column */
	assert_false(v->ops->match(v, 1, "acme"));

	text = preview(v, 1);
	/* The route's day alert heads every stop's preview. */
	assert_true(strncmp(text, "Day alert: Gate code 4411\n", 26) == 0);
	assert_non_null(strstr(text, "Doe, Jane #1001"));
	assert_non_null(strstr(text, "1 Main St"));
	assert_non_null(strstr(text, "Balance: 125.50 (45 days)"));
	assert_non_null(strstr(text, "Appointment notes: Dog in yard"));
	assert_non_null(strstr(text, "Office notes: Collect payment"));
	assert_non_null(strstr(text, "Subscription #7001 · Quarterly Pest"));
	assert_non_null(strstr(text, "Open ticket #8001"));
	/* The Call column is the first a narrow terminal drops: the preview
	 * says it too, yes or no on every stop (a line for the yes alone
	 * moved the lines under it from stop to stop). */
	assert_non_null(strstr(text, "Call ahead: yes\n"));
	assert_true(VC_DROP_RANK(v->ops->columns[6].flags) == 1);
	free(text);
	text = preview(v, 0);
	assert_non_null(strstr(text, "Call ahead: no\n"));
	free(text);
	/* Each fact on the same line of its column for every stop, whatever
	 * the stop before had (a company's contact, notes, a ticket): a row
	 * down then rewrites only the text that differs (issue 12). */
	for (size_t i = 0; i < 3; i++) {
		text = preview(v, i);
		assert_int_equal(column_line(text, "Phone:"), 3);
		assert_int_equal(column_line(text, "Email:"), 4);
		assert_int_equal(column_line(text, "Balance:"), 5);
		sub = column_line(text, "Subscription #");
		assert_int_equal(sub < 0 ? column_line(text, "Stand-alone service") : sub, 1);
		assert_true(strstr(text, "Technician:") == NULL ||
		            column_line(text, "Technician:") == 2);
		free(text);
	}

	/* The core replaces a stop (refresh): the view shows the new row and
	 * never the freed one. */
	a = mk_appt(101, 10, 1001, 2, M_COMPLETED, "09:00", "09:30");
	m_table_put(ui.rv->appts, a);
	assert_string_equal(cell(v, 1, 5, NULL), "✓ completed");
	m_table_remove(ui.rv->appts, 103);
	assert_string_equal(cell(v, 2, 5, NULL), ""); /* gone before the view hears */
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	assert_int_equal(v->ops->count(v), 2);

	v->ops->enter(v, &ui, 1);
	assert_int_equal(ui.n_pushed, 1);
	assert_string_equal(ui.pushed[0]->ops->name, "detail");
	ui.pushed[0]->ops->open(ui.pushed[0], &ui);
	assert_int_equal(last_job(&ui)->kind, FETCH_RECORD);
	assert_string_equal(last_job(&ui)->resource, "customer");
	assert_int_equal(last_job(&ui)->id, 1001);

	view_free(v);
	ui_done(&ui);
}

/* The Stops pane's marks, as the Timeline and Routes make them: a late
 * stop (pending, its window over, today only) says "! late" in the alert
 * style; a stop the latest refresh changed has the Routes pane's '*'. */
static void test_stops_marks(void **state)
{
	struct ui ui;
	struct view *v;
	enum view_style st;
	struct fetch_result *r;
	struct m_appt *a;
	char *text, *at;

	make_day(&ui);
	v = view_stops_new(10);
	v->ops->open(v, &ui);
	/* Stop 101 (row 1) is pending, 09:00-09:30; 102 completed 08:00-08:30. */
	assert_string_equal(cell(v, 1, 5, &st), "· pending");
	ui.today = 1;
	ui.minutes = 9 * 60 + 30;
	assert_string_equal(cell(v, 1, 5, &st), "· pending"); /* its last minute */
	assert_int_equal(st, VS_PENDING);
	ui.minutes = 9 * 60 + 31;
	assert_string_equal(cell(v, 1, 5, &st), "! late");
	assert_int_equal(st, VS_ALERT);
	assert_string_equal(cell(v, 0, 5, &st), "✓ completed"); /* done is never late */
	assert_int_equal(st, VS_DONE);
	/* Late is the first of the open work when sorted by status. */
	assert_true(v->ops->compare(v, 1, 2, 5) < 0);
	/* The preview says it too, and the window after it keeps its
	 * column (the word padded as "pending" is). */
	view_ascii = 1;
	text = preview(v, 1);
	at = strstr(text, "! late");
	assert_non_null(at);
	{
		size_t late_at = (size_t)(strstr(at, "09:00-09:30") - at);

		free(text);
		ui.minutes = 9 * 60;
		text = preview(v, 1);
		at = strstr(text, ". pending");
		assert_non_null(at);
		assert_int_equal((size_t)(strstr(at, "09:00-09:30") - at), late_at);
		free(text);
	}
	view_ascii = 0;
	/* Not today: no stop is late, whatever the clock. */
	ui.today = 0;
	ui.minutes = 23 * 60;
	assert_string_equal(cell(v, 1, 5, &st), "· pending");
	/* No window end: start plus duration; neither: never late. */
	ui.today = 1;
	a = (struct m_appt *)m_table_get(ui.rv->appts, 101);
	a->end[0] = '\0';
	a->duration = 45;
	ui.minutes = 9 * 60 + 40;
	assert_string_equal(cell(v, 1, 5, NULL), "· pending");
	ui.minutes = 9 * 60 + 46;
	assert_string_equal(cell(v, 1, 5, NULL), "! late");
	a->duration = 0;
	assert_string_equal(cell(v, 1, 5, NULL), "· pending");
	ui.today = 0;

	/* A first look marks nothing changed. */
	assert_string_equal(cell(v, 0, 0, &st), "1");
	assert_int_equal(st, VS_NORMAL);
	assert_string_equal(cell(v, 1, 0, NULL), "2");
	/* A refresh completes 101: it is marked, in the changed style. */
	a = mk_appt(101, 10, 1001, 2, M_COMPLETED, "09:00", "09:30");
	strcpy(a->updated, "2026-11-20 09:35:00");
	m_table_put(ui.rv->appts, a);
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	assert_string_equal(cell(v, 1, 0, &st), "*2");
	assert_int_equal(st, VS_CHANGED);
	assert_string_equal(cell(v, 0, 0, NULL), "1");
	assert_string_equal(cell(v, 2, 0, NULL), "3");
	assert_true(v->ops->match(v, 1, "*"));
	/* A refresh that changes nothing of the route (another route, the
	 * customers of new stops) keeps the mark ... */
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	v->ops->result(v, &ui, r);
	result_free(r);
	assert_string_equal(cell(v, 1, 0, NULL), "*2");
	/* ... and the next that changes the route moves it on. */
	a = mk_appt(103, 10, 1001, 3, M_COMPLETED, "10:00", "10:30");
	strcpy(a->updated, "2026-11-20 10:35:00");
	m_table_put(ui.rv->appts, a);
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	v->ops->result(v, &ui, r);
	result_free(r);
	assert_string_equal(cell(v, 1, 0, NULL), "2");
	assert_string_equal(cell(v, 2, 0, &st), "*3");
	assert_int_equal(st, VS_CHANGED);
	/* Sorting by # still sorts by the number. */
	assert_true(v->ops->compare(v, 1, 2, 0) < 0);
	view_free(v);

	/* A view opened on this review marks nothing. */
	v = view_stops_new(10);
	v->ops->open(v, &ui);
	assert_string_equal(cell(v, 2, 0, NULL), "3");
	view_free(v);
	ui_done(&ui);
}

/* ------------------------------------------------------------ detail */

static const char customer_json[] =
	"{\"customerID\":\"1001\",\"fname\":\"Jane\",\"lname\":\"Doe\",\"companyName\":\"\","
	"\"status\":\"1\",\"notes\":null,\"subscriptionIDs\":\"7001,7002\",\"ticketIDs\":null,"
	"\"dateCancelled\":\"0000-00-00 00:00:00\",\"unitIDs\":[],"
	"\"someNewField\":{\"a\":\"1\"},\"balance\":\"125.50\",\"billToAccountID\":\"1001\"}";

static void test_detail_customer(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_result *r;
	enum view_style st;
	char *text;

	make_day(&ui);
	v = view_detail_new("customer", 1001);
	v->ops->open(v, &ui);
	assert_int_equal(last_job(&ui)->kind, FETCH_RECORD);
	assert_int_equal(last_job(&ui)->id, 1001);
	assert_int_equal(v->ops->count(v), 0);
	assert_string_equal(v->subtitle, "Customer #1001");

	r = fake_result(&ui, FETCH_RECORD, "customer");
	r->record = cJSON_Parse(customer_json);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	assert_null(r->record); /* taken */
	result_free(r);
	assert_string_equal(v->subtitle, "Customer #1001 · Doe, Jane");
	/* A customer opens on its summary (issue 15: what a dispatcher
	 * reads, the raw record one key away); no tickets: no second read. */
	assert_int_equal(last_job(&ui)->kind, FETCH_RECORD);
	assert_int_equal(v->ops->count(v), 6);
	assert_string_equal(cell(v, 0, 0, NULL), "Name");
	assert_string_equal(cell(v, 0, 1, NULL), "Doe, Jane");
	/* The status code in the Customers list's word (no statusText). */
	assert_string_equal(cell(v, 1, 0, NULL), "Status");
	assert_string_equal(cell(v, 1, 1, NULL), "active");
	assert_string_equal(cell(v, 2, 0, NULL), "Balance");
	assert_string_equal(cell(v, 2, 1, &st), "125.50");
	assert_int_equal(st, VS_MONEY_DUE);
	assert_string_equal(cell(v, 3, 0, NULL), "Open tickets");
	assert_string_equal(cell(v, 3, 1, NULL), "none");
	assert_string_equal(cell(v, 4, 0, NULL), "Subscriptions");
	assert_string_equal(cell(v, 5, 0, NULL), "Notes");
	v->ops->enter(v, &ui, 4);
	assert_int_equal(ui.n_pushed, 1);
	assert_string_equal(ui.pushed[0]->ops->name, "subscriptions");
	view_free(ui.pushed[0]);
	ui.n_pushed = 0;
	/* The raw record: the toggle (the raw action), as before issue 15. */
	assert_int_equal(v->ops->toggle(v, &ui), 1);
	/* 3 actions, then all 13 members in wire order. */
	assert_int_equal(v->ops->count(v), 16);
	assert_string_equal(cell(v, 0, 0, NULL), "→ Subscriptions (2)");
	assert_string_equal(cell(v, 1, 0, NULL), "→ Tickets (0)");
	assert_string_equal(cell(v, 2, 0, NULL), "→ Notes");
	assert_string_equal(cell(v, 3, 0, NULL), "customerID");
	assert_string_equal(cell(v, 3, 1, NULL), "1001");
	assert_string_equal(cell(v, 8, 0, NULL), "notes");
	assert_string_equal(cell(v, 8, 1, &st), "");
	assert_int_equal(st, VS_DIM);
	assert_string_equal(cell(v, 11, 1, &st), "0000-00-00 00:00:00");
	assert_int_equal(st, VS_DIM);
	assert_string_equal(cell(v, 12, 1, NULL), "[]");
	assert_string_equal(cell(v, 13, 0, NULL), "someNewField"); /* beyond the table */
	assert_string_equal(cell(v, 13, 1, NULL), "{\"a\":\"1\"}");
	assert_string_equal(cell(v, 14, 1, NULL), "125.50");
	/* Row ids are stable per kind and position. */
	assert_true(v->ops->row_id(v, 0) < 0);
	assert_int_equal(v->ops->row_id(v, 3), 1);
	/* Actions stay on top whatever the sort. */
	assert_true(v->ops->compare(v, 0, 3, 0) < 0);
	assert_true(v->ops->compare(v, 14, 3, 1) < 0); /* 125.50 < 1001 as numbers */
	text = preview(v, 13);
	assert_non_null(strstr(text, "someNewField:"));
	free(text);

	view_ascii = 1;
	assert_string_equal(cell(v, 2, 0, NULL), "-> Notes");
	view_ascii = 0;

	v->ops->enter(v, &ui, 0);
	v->ops->enter(v, &ui, 1);
	v->ops->enter(v, &ui, 2);
	v->ops->enter(v, &ui, 5);  /* lname: nothing to open */
	v->ops->enter(v, &ui, 15); /* billToAccountID: this very customer */
	assert_int_equal(ui.n_pushed, 3);
	assert_string_equal(ui.pushed[0]->ops->name, "subscriptions");
	assert_string_equal(ui.pushed[1]->ops->name, "tickets");
	assert_string_equal(ui.pushed[2]->ops->name, "notes");
	ui.pushed[1]->ops->open(ui.pushed[1], &ui);
	assert_string_equal(form_value(last_job(&ui), "customerIDs"), "1001");

	/* A failed re-read keeps the record shown. */
	v->ops->refresh(v, &ui, 0);
	r = fake_result(&ui, FETCH_RECORD, "customer");
	api_error_set(&r->err, API_ERR_API, 200, "No such record", "No such record");
	assert_int_equal(v->ops->result(v, &ui, r), 0);
	result_free(r);
	assert_int_equal(v->ops->count(v), 16);
	assert_string_equal(cell(v, 3, 1, NULL), "1001");

	/* A note written on this customer, logged against it: the record
	 * did not change, and nothing is read. */
	size_t jobs = ui.n_jobs;
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	r->changes = xcalloc(1, sizeof(*r->changes));
	r->changes[0].class_id = 8;
	r->changes[0].id = 1001;
	r->changes[0].note_id = 77;
	r->n_changes = 1;
	v->ops->result(v, &ui, r);
	result_free(r);
	assert_int_equal(ui.n_jobs, jobs);

	/* An auto-refresh that saw this customer change reads it again. */
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	r->changes = xcalloc(1, sizeof(*r->changes));
	r->changes[0].class_id = 8;
	r->changes[0].id = 1001;
	r->n_changes = 1;
	v->ops->result(v, &ui, r);
	result_free(r);
	assert_int_equal(ui.n_jobs, jobs + 1);
	assert_int_equal(last_job(&ui)->kind, FETCH_RECORD);
	view_free(v);
	ui_done(&ui);
}

static void test_detail_ticket(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_result *r;

	make_day(&ui);
	v = view_detail_new("ticket", 8001);
	v->ops->open(v, &ui);
	/* The header names the kind of record in words, not the wire's
	 * resource name. */
	assert_string_equal(v->subtitle, "Ticket #8001");
	r = fake_result(&ui, FETCH_RECORD, "ticket");
	r->record = cJSON_Parse("{\"ticketID\":\"8001\",\"customerID\":\"1002\",\"total\":\"95.00\","
	                        "\"items\":[{\"itemID\":\"5\",\"description\":\"Wasp nest\","
	                        "\"quantity\":\"1\",\"amount\":\"45.00\"}]}");
	v->ops->result(v, &ui, r);
	result_free(r);
	/* → Customer, one item, four fields. */
	assert_int_equal(v->ops->count(v), 6);
	assert_string_equal(cell(v, 0, 0, NULL), "→ Customer");
	assert_string_equal(cell(v, 0, 1, NULL), "#1002");
	assert_string_equal(cell(v, 1, 0, NULL), "item 5");
	assert_string_equal(cell(v, 1, 1, NULL), "Wasp nest x1 45.00");
	assert_string_equal(cell(v, 5, 0, NULL), "items");
	v->ops->enter(v, &ui, 0);
	v->ops->enter(v, &ui, 3); /* the customerID field opens it too */
	v->ops->enter(v, &ui, 2); /* its own id: nothing */
	assert_int_equal(ui.n_pushed, 2);
	ui.pushed[1]->ops->open(ui.pushed[1], &ui);
	assert_string_equal(last_job(&ui)->resource, "customer");
	assert_int_equal(last_job(&ui)->id, 1002);

	/* An answer without a record is an error, not an empty pane. */
	v->ops->refresh(v, &ui, 0);
	r = fake_result(&ui, FETCH_RECORD, "ticket");
	assert_int_equal(v->ops->result(v, &ui, r), 0);
	result_free(r);
	assert_int_equal(ui.n_errors, 1);
	assert_int_equal(v->ops->count(v), 6);
	view_free(v);

	/* A resource without by-id says so and sends nothing. */
	size_t jobs = ui.n_jobs;
	v = view_detail_new("ticketItem", 5);
	v->ops->open(v, &ui);
	assert_int_equal(ui.n_jobs, jobs);
	assert_int_equal(ui.n_errors, 2);
	view_free(v);

	/* A stop is an appointment on the wire. */
	v = view_detail_new("appointment", 9001);
	v->ops->open(v, &ui);
	assert_string_equal(v->subtitle, "Stop #9001");
	view_free(v);
	ui_done(&ui);
}

/* ------------------------------------------------------------ long text */

/* The cell text of row r, column col. */
static char *text_row(struct view *v, size_t r, size_t col)
{
	struct strbuf sb = STRBUF_INIT;
	enum view_style st = VS_NORMAL;

	v->ops->cell(v, r, col, &sb, &st);
	return strbuf_detach(&sb, NULL);
}

/* A long value is wrapped as it is drawn: escaped first, so that no row is
 * wider than the reading measure (a tab or an ESC measured 0 columns and
 * drew 2; the row was cut and its end could not be read), tabs as spaces,
 * a \r before the line's end dropped, and bytes that are not UTF-8 (the
 * service's text is not checked) neither read past the value's end nor
 * swallow the next line. */
static void test_text_view(void **state)
{
	static const char value[] = "Alarm codes:\r\n"
	                            "Code00\tCode01\tCode02\tCode03\tCode04\tCode05\tCode06\tCode07"
	                            "\tCode08\tCode09\tLAST\n"
	                            "Gate \xe2\nCODE 1234\n"
	                            "\x1b[31mred\x1b[0m \x1b[31mred\x1b[0m \x1b[31mred\x1b[0m "
	                            "\x1b[31mred\x1b[0m \x1b[31mred\x1b[0m \x1b[31mred\x1b[0m END\n"
	                            "\n"
	                            "cut \xf0";
	struct view *v;
	struct strbuf all = STRBUF_INIT;
	size_t n;

	(void)state;
	/* On the heap, ending at the lone lead byte: a read past it is
	 * valgrind's and ASan's to see. */
	char *text = xstrdup(value);

	v = view_text_new("Notes", text);
	n = v->ops->count(v);
	for (size_t r = 0; r < n; r++) {
		char *line = text_row(v, r, 1), *num = text_row(v, r, 0);
		char want[24];

		snprintf(want, sizeof(want), "%zu", r + 1);
		assert_string_equal(num, want);
		assert_true(utf8_width(line, strlen(line)) <= 72);
		for (const char *p = line; *p; p++)
			assert_true((unsigned char)*p >= 0x20 && *p != 0x7f);
		strbuf_adds(&all, line);
		strbuf_addc(&all, '|');
		free(line);
		free(num);
	}
	/* Every piece is there, in order, on rows of its own line. */
	assert_non_null(strstr(strbuf_str(&all), "Alarm codes:|"));
	assert_non_null(strstr(strbuf_str(&all), "Code07"));
	assert_non_null(strstr(strbuf_str(&all), "LAST|"));
	assert_null(strstr(strbuf_str(&all), "^I"));
	assert_null(strstr(strbuf_str(&all), "^M"));
	assert_non_null(strstr(strbuf_str(&all), "|Gate \\xe2|CODE 1234|"));
	assert_non_null(strstr(strbuf_str(&all), "END|"));
	assert_non_null(strstr(strbuf_str(&all), "||cut \\xf0|"));
	strbuf_free(&all);
	view_free(v);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cells),
		cmocka_unit_test(test_text_order),
		cmocka_unit_test(test_routes),
		cmocka_unit_test(test_review_panes_wait_for_core),
		cmocka_unit_test(test_stops),
		cmocka_unit_test(test_stops_marks),
		cmocka_unit_test(test_detail_customer),
		cmocka_unit_test(test_detail_ticket),
		cmocka_unit_test(test_text_view),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
