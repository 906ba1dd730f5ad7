/* test_view_lists.c: the id-list panes (Customers, Subscriptions, Tickets, Notes) over fake results. */
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
#include "fetch/lookup.h"
#include "view_doubles.h"

/* ------------------------------------------------------------ customers */

static void test_customer_queries(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_job *j;
	static const struct {
		const char *query, *name, *value;
	} one[] = {
		/* What a dispatcher types for one field: one search. */
		{ " *mit ", "lname", "{\"operator\":\"CONTAINS\",\"value\":\"mit\"}" },
		{ "12345", "customerIDs", "12345" },
		{ "(520) 555-0100", "phone", "5205550100" },
		{ "1-520-555-0100", "phone", "5205550100" },
		{ "520.555.0100", "phone", "5205550100" },
		{ "12 Main St", "address", "{\"operator\":\"CONTAINS\",\"value\":\"12 Main St\"}" },
		{ "1600 Peña Ave", "address",
		  "{\"operator\":\"CONTAINS\",\"value\":\"1600 Peña Ave\"}" },
		{ "jd@example.net", "email",
		  "{\"operator\":\"CONTAINS\",\"value\":\"jd@example.net\"}" },
	};

	memset(&ui, 0, sizeof(ui));
	strcpy(ui.date, "2026-11-20");
	for (size_t i = 0; i < sizeof(one) / sizeof(one[0]); i++) {
		v = view_customers_new(one[i].query);
		v->ops->open(v, &ui);
		j = last_job(&ui);
		assert_int_equal(j->kind, FETCH_LIST);
		assert_string_equal(j->resource, "customer");
		assert_int_equal(j->n_alts, 0);
		assert_int_equal(j->form.n, 1);
		assert_non_null(form_value(j, one[i].name));
		assert_string_equal(form_value(j, one[i].name), one[i].value);
		view_free(v);
	}
	/* A name: surname, company and first name, then the surname without
	 * the mark after its first letter (O'Brien), then without its accents
	 * (Núñez), in one job that stops at the first search finding anyone. */
	v = view_customers_new("smith");
	v->ops->open(v, &ui);
	j = last_job(&ui);
	assert_int_equal(j->n_alts, 5);
	assert_true(j->first_found);
	assert_string_equal(alt_value(j, 0, "lname"), "{\"operator\":\"STARTSWITH\",\"value\":\"smith\"}");
	assert_null(alt_value(j, 0, "fname"));
	/* Second, the surname with accents folded, which only the customer
	 * index answers (never sent to the service). */
	assert_non_null(alt_value(j, 1, "lname"));
	assert_non_null(strstr(alt_value(j, 1, "lname"), "\"value\":\"smith\""));
	assert_true(lookup_form_local(&j->alts[0]));
	assert_false(lookup_form_local(&j->form));
	assert_string_equal(alt_value(j, 2, "companyName"),
	                    "{\"operator\":\"CONTAINS\",\"value\":\"smith\"}");
	assert_string_equal(alt_value(j, 3, "fname"), "{\"operator\":\"STARTSWITH\",\"value\":\"smith\"}");
	assert_null(alt_value(j, 3, "lname"));
	assert_string_equal(alt_value(j, 4, "lname"), "{\"operator\":\"LIKE\",\"value\":\"s_mith%\"}");
	assert_string_equal(alt_value(j, 5, "lname"), "{\"operator\":\"LIKE\",\"value\":\"sm_th%\"}");
	view_free(v);
	/* Each vowel or y, and after the first letter each n and c, any one
	 * character: "nunez" for Núñez, "Alvarez" for Álvarez. */
	v = view_customers_new("nunez");
	v->ops->open(v, &ui);
	j = last_job(&ui);
	assert_int_equal(j->n_alts, 5);
	assert_string_equal(alt_value(j, 5, "lname"), "{\"operator\":\"LIKE\",\"value\":\"n___z%\"}");
	view_free(v);
	v = view_customers_new("Alvarez");
	v->ops->open(v, &ui);
	assert_string_equal(alt_value(last_job(&ui), 5, "lname"),
	                    "{\"operator\":\"LIKE\",\"value\":\"_lv_r_z%\"}");
	view_free(v);
	/* When fewer than two letters would stay as typed ("pena" would ask
	 * p___%, a page of every P), only its n and c are any character:
	 * "pe_a%" for Peña; nothing more for a word with neither. */
	v = view_customers_new("pena");
	v->ops->open(v, &ui);
	j = last_job(&ui);
	assert_int_equal(j->n_alts, 5);
	assert_string_equal(alt_value(j, 5, "lname"), "{\"operator\":\"LIKE\",\"value\":\"pe_a%\"}");
	view_free(v);
	/* Widest first, while three letters stay as typed: the vowels, and
	 * after the first letter c, n, r, s and z (Dvořák's ř); then the
	 * vowels with n and c while two stay, a first y kept as typed
	 * (Yáñez); Schröder, Søndergaard. */
	{
		static const char *const words[][2] = {
			{ "dvorak", "dv___k%" }, { "yanez", "y___z%" },
			{ "schroder", "s_h__d__%" }, { "Sondergaard", "S__d__g___d%" },
			{ "munoz", "m___z%" }, { "rosa", "r_s_%" },
			/* Typed with marks in another case than the record's:
			 * each mark any character, the letters as typed (and
			 * no apostrophe's search before it: not plain letters). */
			{ "PEÑA", "PE_A%" }, { "ñúñez", "___ez%" }, { "ångström", "_ngstr_m%" },
			{ "øvergård", "_verg_rd%" },
		};

		for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
			size_t last = (words[i][0][0] & 0x80) || strstr(words[i][0], "Ñ") ? 4 : 5;
			char want[64];

			snprintf(want, sizeof(want), "{\"operator\":\"LIKE\",\"value\":\"%s\"}",
			         words[i][1]);
			v = view_customers_new(words[i][0]);
			v->ops->open(v, &ui);
			j = last_job(&ui);
			if (j->n_alts != last)
				fail_msg("%s: %zu alts", words[i][0], j->n_alts);
			assert_string_equal(alt_value(j, last, "lname"), want);
			view_free(v);
		}
	}
	/* Marks and fewer than two letters: no pattern (nor the
	 * apostrophe's), company and first name only. */
	v = view_customers_new("山田太郎");
	v->ops->open(v, &ui);
	assert_int_equal(last_job(&ui)->n_alts, 3);
	view_free(v);
	v = view_customers_new("yoai");
	v->ops->open(v, &ui);
	assert_int_equal(last_job(&ui)->n_alts, 4);
	view_free(v);
	/* "o brien": a letter, a space, letters: the same, the space aside. */
	v = view_customers_new("o brien");
	v->ops->open(v, &ui);
	j = last_job(&ui);
	assert_int_equal(j->n_alts, 4);
	assert_string_equal(alt_value(j, 4, "lname"), "{\"operator\":\"LIKE\",\"value\":\"o_brien%\"}");
	view_free(v);
	/* Not for what is not a word of letters. */
	v = view_customers_new("o'brien");
	v->ops->open(v, &ui);
	assert_int_equal(last_job(&ui)->n_alts, 3);
	view_free(v);
	/* Two words: then first name and surname together, then company. */
	v = view_customers_new("jane doe");
	v->ops->open(v, &ui);
	j = last_job(&ui);
	assert_int_equal(j->n_alts, 3);
	assert_true(j->first_found);
	assert_string_equal(alt_value(j, 0, "lname"),
	                    "{\"operator\":\"STARTSWITH\",\"value\":\"jane doe\"}");
	assert_string_equal(alt_value(j, 2, "fname"), "{\"operator\":\"STARTSWITH\",\"value\":\"jane\"}");
	assert_string_equal(alt_value(j, 2, "lname"), "{\"operator\":\"STARTSWITH\",\"value\":\"doe\"}");
	assert_string_equal(alt_value(j, 3, "companyName"),
	                    "{\"operator\":\"CONTAINS\",\"value\":\"jane doe\"}");
	view_free(v);
	/* "Last, First" as the list shows a name: both together, then the
	 * company with the comma. */
	v = view_customers_new("Smith,  Hernán ");
	v->ops->open(v, &ui);
	j = last_job(&ui);
	assert_int_equal(j->n_alts, 1);
	assert_true(j->first_found);
	assert_string_equal(alt_value(j, 0, "lname"), "{\"operator\":\"STARTSWITH\",\"value\":\"Smith\"}");
	assert_string_equal(alt_value(j, 0, "fname"),
	                    "{\"operator\":\"STARTSWITH\",\"value\":\"Hernán\"}");
	assert_string_equal(alt_value(j, 1, "companyName"),
	                    "{\"operator\":\"CONTAINS\",\"value\":\"Smith,  Hernán\"}");
	view_free(v);
		/* "+name": every search, their answers joined. */
	v = view_customers_new("+ smith");
	v->ops->open(v, &ui);
	j = last_job(&ui);
	assert_int_equal(j->n_alts, 2);
	assert_false(lookup_form_local(&j->alts[0]));
	assert_false(lookup_form_local(&j->alts[1]));
	assert_false(j->first_found);
	assert_string_equal(alt_value(j, 0, "lname"), "{\"operator\":\"STARTSWITH\",\"value\":\"smith\"}");
	view_free(v);
	/* No query: every customer, no filter. */
	v = view_customers_new(NULL);
	v->ops->open(v, &ui);
	assert_int_equal(last_job(&ui)->form.n, 0);
	assert_int_equal(last_job(&ui)->n_alts, 0);
	/* :cust goes to the server. */
	assert_int_equal(v->ops->command(v, &ui, "cust", "jones"), 1);
	assert_string_equal(form_value(last_job(&ui), "lname"),
	                    "{\"operator\":\"STARTSWITH\",\"value\":\"jones\"}");
	assert_string_equal(v->subtitle, ":cust jones");
	assert_int_equal(v->ops->command(v, &ui, "sub", "lead"), 0);
	/* A query with nothing in it is refused with a message, nothing sent. */
	size_t before = ui.n_jobs;
	assert_int_equal(v->ops->command(v, &ui, "cust", "*"), 1);
	assert_int_equal(ui.n_jobs, before);
	assert_int_equal(ui.n_errors, 1);
	assert_string_equal(v->subtitle, ":cust jones"); /* the last search stays */
	view_free(v);
	ui_done(&ui);
}

/* Which search found a customer is in the preview. */
static void test_customers_found_by(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_result *r;
	char *text;

	memset(&ui, 0, sizeof(ui));
	strcpy(ui.date, "2026-11-20");
	v = view_customers_new("+ann");
	v->ops->open(v, &ui);
	r = customer_list(&ui, 500, 3, 0, 3);
	r->found = xmalloc(3);
	r->found[0] = 1u << 0;             /* surname */
	r->found[1] = 1u << 2;             /* first name */
	r->found[2] = (1u << 0) | (1u << 1); /* surname and company */
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	text = preview(v, 1);
	assert_non_null(strstr(text, "Found by: first name\n"));
	free(text);
	text = preview(v, 2);
	assert_non_null(strstr(text, "Found by: surname, company\n"));
	free(text);
	/* One search: nothing to say. */
	assert_int_equal(v->ops->command(v, &ui, "cust", "12"), 1);
	r = customer_list(&ui, 12, 1, 0, 1);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	text = preview(v, 0);
	assert_null(strstr(text, "Found by"));
	free(text);
	view_free(v);
	ui_done(&ui);
}

/* `/` folds case and accents beyond ASCII, as the sort does. */
static void test_filter_folds_accents(void **state)
{
	(void)state;
	assert_true(vc_contains("Peña, José", "pena"));
	assert_true(vc_contains("Peña, José", "JOSE"));
	assert_true(vc_contains("Müller", "muller"));
	assert_true(vc_contains("Straße 5", "strasse"));
	assert_true(vc_contains("Ångström AB", "angstrom"));
	assert_false(vc_contains("Smith", "ñ"));
	assert_true(vc_contains("Pena", "peña"));
	assert_false(vc_contains("Pens", "pena"));
	assert_true(vc_contains("anything", ""));
	assert_false(vc_contains(NULL, "a"));
}

/* A new search forgets the old rows at once: under ":cust smith" loading,
 * the last list's rows were shown and A wrote to one of them. */
static void test_customers_new_search_clears(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_result *r;
	size_t jobs;

	(void)state;
	memset(&ui, 0, sizeof(ui));
	strcpy(ui.date, "2026-11-20");
	v = view_customers_new(NULL);
	v->ops->open(v, &ui);
	r = customer_list(&ui, 10000, 3, 0, 3);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	assert_int_equal(v->ops->count(v), 3);
	jobs = ui.n_jobs;
	assert_int_equal(v->ops->command(v, &ui, "cust", "smith"), 1);
	assert_int_equal(ui.n_jobs, jobs + 1);
	assert_int_equal(v->ops->count(v), 0);
	assert_int_equal(v->ops->row_id(v, 0), 0);
	/* Its answer fills it again. */
	r = customer_list(&ui, 20000, 2, 0, 2);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	assert_int_equal(v->ops->count(v), 2);
	assert_int_equal(v->ops->row_id(v, 0), 20000);
	/* The same search again (r, or the pane opened anew) keeps them
	 * while it loads. */
	assert_int_equal(v->ops->command(v, &ui, "cust", "smith"), 1);
	assert_int_equal(v->ops->count(v), 2);
	view_free(v);
	ui_done(&ui);
}

static void test_customers_lazy(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_result *r;
	struct fetch_job *j;
	enum view_style st;
	size_t jobs;

	memset(&ui, 0, sizeof(ui));
	strcpy(ui.date, "2026-11-20");
	v = view_customers_new(NULL);
	v->ops->open(v, &ui);
	assert_int_equal(v->ops->count(v), 0);
	/* Before the list, want asks nothing. */
	v->ops->want(v, &ui, 0, 10);
	assert_int_equal(ui.n_jobs, 1);

	/* 2500 ids, the first 1000 rows. */
	r = customer_list(&ui, 10000, 2500, 0, 1000);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	assert_null(r->ids);     /* taken */
	assert_null(r->rows[0]); /* taken */
	result_free(r);
	assert_int_equal(v->ops->count(v), 2500);
	assert_int_equal(v->ops->row_id(v, 2499), 12499);
	assert_true(v->ops->loaded(v, 999));
	assert_false(v->ops->loaded(v, 1000));
	assert_string_equal(cell(v, 3, 0, NULL), "10003");
	assert_string_equal(cell(v, 3, 1, NULL), "Name3, Pat");
	assert_string_equal(cell(v, 3, 5, &st), "3.00");
	assert_int_equal(st, VS_MONEY_DUE);
	assert_string_equal(cell(v, 3, 6, NULL), "active");
	assert_string_equal(cell(v, 1500, 0, &st), "11500");
	assert_int_equal(st, VS_LOADING);

	/* Loaded rows on screen cost nothing. */
	v->ops->want(v, &ui, 0, 40);
	assert_int_equal(ui.n_jobs, 1);
	/* Placeholders on screen: one get of at most 1000 ids around them. */
	v->ops->want(v, &ui, 1500, 1540);
	assert_int_equal(ui.n_jobs, 2);
	j = last_job(&ui);
	assert_int_equal(j->kind, FETCH_ROWS);
	assert_string_equal(j->resource, "customer");
	assert_int_equal(j->n, 1000);
	for (size_t i = 0; i < j->n; i++) {
		assert_true(j->ids[i] >= 11000 && j->ids[i] < 12500);
		if (i)
			assert_true(j->ids[i] > j->ids[i - 1]);
	}
	/* The 40 on screen, then neighbours alternately below and above. */
	assert_int_equal(j->ids[0], 11020);
	assert_int_equal(j->ids[999], 12019);
	/* One request in flight per view: the next want waits. */
	v->ops->want(v, &ui, 2400, 2440);
	assert_int_equal(ui.n_jobs, 2);

	/* The answer lacks 12019 (deleted since the search): it leaves the
	 * pane; then the waiting want is sent. */
	r = fake_result(&ui, FETCH_ROWS, "customer");
	r->rows = xcalloc(j->n, sizeof(*r->rows));
	for (size_t i = 0; i < j->n; i++)
		if (j->ids[i] != 12019)
			r->rows[r->n_rows++] = mk_customer(j->ids[i], "Lee", "Loaded", "", 0);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	assert_int_equal(v->ops->count(v), 2499);
	assert_true(v->ops->loaded(v, 1500));
	assert_int_equal(v->ops->row_id(v, 2018), 12018);
	assert_int_equal(v->ops->row_id(v, 2019), 12020);
	assert_int_equal(ui.n_jobs, 3);
	j = last_job(&ui);
	assert_int_equal(j->kind, FETCH_ROWS);
	/* Only what is missing within reach: 12020..12499. */
	assert_int_equal(j->n, 480);
	assert_int_equal(j->ids[0], 12020);
	assert_int_equal(j->ids[479], 12499);

	/* A stale answer (another generation) changes nothing. */
	r = fake_result(&ui, FETCH_ROWS, "customer");
	r->gen = 1;
	r->rows = xcalloc(1, sizeof(*r->rows));
	r->rows[r->n_rows++] = mk_customer(12001, "X", "Y", "", 0);
	assert_int_equal(v->ops->result(v, &ui, r), 0);
	assert_non_null(r->rows[0]); /* not taken */
	result_free(r);
	/* Another resource's answer is not this pane's. */
	r = fake_result(&ui, FETCH_ROWS, "ticket");
	assert_int_equal(v->ops->result(v, &ui, r), 0);
	result_free(r);

	/* A failed get: placeholders stay, no retry on every redraw (the
	 * budget is what ran out, most likely); r asks again. */
	r = fake_result(&ui, FETCH_ROWS, "customer");
	api_error_set(&r->err, API_ERR_QUOTA, 429, NULL, "over the read quota");
	v->ops->result(v, &ui, r);
	result_free(r);
	assert_int_equal(ui.n_errors, 0);
	assert_false(v->ops->loaded(v, 2400));
	assert_true(v->ops->loaded(v, 1500));
	jobs = ui.n_jobs;
	v->ops->want(v, &ui, 2400, 2440);
	assert_int_equal(ui.n_jobs, jobs);

	/* Sort: money numerically (9.00 < 100.00), placeholders last. */
	{
		struct m_customer *c;

		r = fake_result(&ui, FETCH_LIST, "customer");
		v->ops->refresh(v, &ui, 0);
		r->gen = ui.gen;
		r->ids = xmalloc(3 * sizeof(*r->ids));
		r->ids[0] = 1;
		r->ids[1] = 2;
		r->ids[2] = 3;
		r->n_ids = 3;
		r->rows = xcalloc(2, sizeof(*r->rows));
		c = mk_customer(1, "Al", "Zed", "", 900);
		r->rows[r->n_rows++] = c;
		c = mk_customer(2, "Bo", "adams", "", 10000);
		c->status = 0;
		r->rows[r->n_rows++] = c;
		assert_int_equal(v->ops->result(v, &ui, r), 1);
		result_free(r);
	}
	/* The new search replaced the old list; old rows are gone. */
	assert_int_equal(v->ops->count(v), 3);
	assert_true(v->ops->compare(v, 0, 1, 5) < 0);
	assert_true(v->ops->compare(v, 1, 0, 1) < 0); /* adams before Zed */
	assert_true(v->ops->compare(v, 0, 2, 5) < 0); /* placeholder last */
	assert_true(v->ops->compare(v, 2, 1, 1) > 0);
	assert_string_equal(cell(v, 1, 6, &st), "inactive");
	assert_int_equal(st, VS_DIM);
	assert_true(v->ops->match(v, 0, "zed"));
	assert_false(v->ops->match(v, 0, "adams"));
	assert_true(v->ops->match(v, 2, "3"));  /* a placeholder by its id */
	assert_false(v->ops->match(v, 2, "Zed"));

	/* An auto-refresh that saw customer 2 change fetches that one again. */
	jobs = ui.n_jobs;
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	r->changes = xcalloc(2, sizeof(*r->changes));
	r->changes[0].class_id = 8;
	r->changes[0].id = 2;
	r->changes[1].class_id = 4; /* a stop: not this pane's */
	r->changes[1].id = 1;
	r->n_changes = 2;
	assert_int_equal(v->ops->result(v, &ui, r), 0);
	result_free(r);
	assert_int_equal(ui.n_jobs, jobs + 1);
	assert_int_equal(last_job(&ui)->kind, FETCH_ROWS);
	assert_int_equal(last_job(&ui)->n, 1);
	assert_int_equal(last_job(&ui)->ids[0], 2);
	assert_true(v->ops->loaded(v, 1)); /* the old row stays until then */

	{
		char *text = preview(v, 1);

		assert_non_null(strstr(text, "adams, Bo #2"));
		assert_non_null(strstr(text, "Balance: 100.00 (45 days)"));
		free(text);
	}

	v->ops->enter(v, &ui, 0);
	assert_int_equal(ui.n_pushed, 1);
	assert_string_equal(ui.pushed[0]->ops->name, "detail");
	view_free(v);
	ui_done(&ui);
}

static void test_customers_hard_refresh(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_result *r;
	size_t jobs;

	memset(&ui, 0, sizeof(ui));
	v = view_customers_new(NULL);
	v->ops->open(v, &ui);
	r = customer_list(&ui, 1, 5, 0, 5);
	v->ops->result(v, &ui, r);
	result_free(r);
	assert_true(v->ops->loaded(v, 4));
	/* r sends no search: it asks the core for its tick (what changed since
	 * the last sync), whose changes fetch the loaded rows that changed. */
	jobs = ui.n_jobs;
	v->ops->refresh(v, &ui, 0);
	assert_int_equal(ui.n_refreshes, 1);
	assert_int_equal(ui.n_jobs, jobs);
	assert_true(v->ops->loaded(v, 4));
	/* A note created on customer 4 is logged against it: its row is as
	 * it was, and is not read. */
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	r->changes = xcalloc(1, sizeof(*r->changes));
	r->changes[0].class_id = 8;
	r->changes[0].id = 4;
	r->changes[0].note_id = 501;
	r->n_changes = 1;
	assert_int_equal(v->ops->result(v, &ui, r), 0);
	result_free(r);
	assert_int_equal(ui.n_jobs, jobs);
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	r->changes = xcalloc(1, sizeof(*r->changes));
	r->changes[0].class_id = 8;
	r->changes[0].id = 4;
	r->n_changes = 1;
	assert_int_equal(v->ops->result(v, &ui, r), 0);
	result_free(r);
	assert_int_equal(ui.n_jobs, jobs + 1);
	assert_int_equal(last_job(&ui)->kind, FETCH_ROWS);
	assert_int_equal(last_job(&ui)->n, 1);
	assert_int_equal(last_job(&ui)->ids[0], 4);
	r = fake_result(&ui, FETCH_ROWS, "customer");
	r->rows = xcalloc(1, sizeof(*r->rows));
	r->rows[r->n_rows++] = mk_customer(4, "Pat", "Renamed", "", 0);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	assert_string_equal(cell(v, 3, 1, NULL), "Renamed, Pat");
	/* A search (:cust) keeps the rows on screen while it runs ... */
	assert_true(v->ops->command(v, &ui, "cust", ""));
	assert_int_equal(last_job(&ui)->kind, FETCH_LIST);
	assert_true(v->ops->loaded(v, 4));
	/* ... and a failed search keeps them too. */
	r = fake_result(&ui, FETCH_LIST, "customer");
	api_error_set(&r->err, API_ERR_NETWORK, 0, NULL, "timed out");
	assert_int_equal(v->ops->result(v, &ui, r), 0);
	result_free(r);
	assert_int_equal(v->ops->count(v), 5);
	assert_true(v->ops->loaded(v, 4));
	/* R: the search again, from the wire; the rows stay on screen until
	 * it answers (an audit's R, waiting a minute for the read budget,
	 * showed "loading" on every row, and for good once it failed). */
	jobs = ui.n_jobs;
	v->ops->refresh(v, &ui, 1);
	assert_int_equal(ui.n_jobs, jobs + 1);
	assert_int_equal(last_job(&ui)->kind, FETCH_LIST);
	assert_true(last_job(&ui)->fresh);
	assert_int_equal(ui.n_refreshes, 1);
	assert_true(v->ops->loaded(v, 4));
	assert_int_equal(v->ops->count(v), 5);
	/* It fails: the rows stay, and r then searches again (the tick it
	 * sent before cannot give a search that never answered). */
	r = fake_result(&ui, FETCH_LIST, "customer");
	api_error_set(&r->err, API_ERR_NETWORK, 0, NULL, "timed out");
	assert_int_equal(v->ops->result(v, &ui, r), 0);
	result_free(r);
	assert_true(v->ops->loaded(v, 4));
	assert_string_equal(cell(v, 3, 1, NULL), "Renamed, Pat");
	jobs = ui.n_jobs;
	v->ops->refresh(v, &ui, 0);
	assert_int_equal(ui.n_refreshes, 1);
	assert_int_equal(ui.n_jobs, jobs + 1);
	assert_int_equal(last_job(&ui)->kind, FETCH_LIST);
	/* That search is still R's: from the wire, and its answer (ids
	 * only here) drops every row it did not bring ... */
	assert_true(last_job(&ui)->fresh);
	r = customer_list(&ui, 1, 5, 0, 0);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	assert_int_equal(v->ops->count(v), 5);
	assert_false(v->ops->loaded(v, 4));
	/* ... which are read again in view: one get for the five. */
	jobs = ui.n_jobs;
	v->ops->want(v, &ui, 0, 5);
	assert_int_equal(ui.n_jobs, jobs + 1);
	assert_int_equal(last_job(&ui)->kind, FETCH_ROWS);
	assert_int_equal(last_job(&ui)->n, 5);
	view_free(v);
	ui_done(&ui);
}

/* ------------------------------------------------------------ subscriptions */

static struct m_subscription *mk_sub(long long id, int active, long long charge)
{
	struct m_subscription *s = xcalloc(1, sizeof(*s));

	s->id = id;
	s->customer_id = 1001;
	s->active = active;
	s->service_type = xstrdup("Quarterly Pest");
	s->frequency = 90;
	s->recurring_charge = charge;
	strcpy(s->next_service, "2026-12-01");
	if (active == -3)
		s->lead_stage = xstrdup("Quoted");
	return s;
}

static void test_subscriptions(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_result *r;
	enum view_style st;
	char *text;
	static const struct {
		const char *query, *active;
	} cases[] = {
		{ "lead", "-3" },
		{ "frozen", "0" },
		{ "active", "1" },
		{ "all", "{\"operator\":\"IN\",\"value\":[1,0,-3]}" },
	};

	make_day(&ui);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		v = view_subscriptions_new(0, cases[i].query);
		v->ops->open(v, &ui);
		assert_string_equal(last_job(&ui)->resource, "subscription");
		assert_string_equal(form_value(last_job(&ui), "active"), cases[i].active);
		view_free(v);
	}
	/* One customer's, the service's default statuses. */
	v = view_subscriptions_new(1001, NULL);
	v->ops->open(v, &ui);
	assert_string_equal(form_value(last_job(&ui), "customerIDs"), "1001");
	assert_null(form_value(last_job(&ui), "active"));
	assert_string_equal(v->subtitle, "customer #1001");
	assert_int_equal(v->ops->command(v, &ui, "sub", "lead"), 1);
	assert_string_equal(form_value(last_job(&ui), "customerIDs"), "1001");
	assert_string_equal(form_value(last_job(&ui), "active"), "-3");
	assert_string_equal(v->subtitle, "customer #1001 :sub lead");
	size_t jobs = ui.n_jobs;
	assert_int_equal(v->ops->command(v, &ui, "sub", "bogus"), 1);
	assert_int_equal(ui.n_jobs, jobs);
	assert_non_null(strstr(ui.error, "bogus"));

	r = fake_result(&ui, FETCH_LIST, "subscription");
	r->ids = xmalloc(2 * sizeof(*r->ids));
	r->ids[0] = 7001;
	r->ids[1] = 7002;
	r->n_ids = 2;
	r->rows = xcalloc(2, sizeof(*r->rows));
	r->rows[r->n_rows++] = mk_sub(7001, -3, 4900);
	r->rows[r->n_rows++] = mk_sub(7002, 1, 12000);
	jobs = ui.n_jobs;
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	assert_int_equal(ui.n_jobs, jobs); /* the review names customer 1001 */
	assert_string_equal(cell(v, 0, 1, NULL), "Doe, Jane"); /* from the review */
	/* ... and the name stays when the day (and its review) changes. */
	m_review_free(ui.rv);
	ui.rv = m_review_new("2026-11-21");
	assert_string_equal(cell(v, 0, 1, NULL), "Doe, Jane");
	assert_string_equal(cell(v, 0, 2, NULL), "Quarterly Pest");
	assert_string_equal(cell(v, 0, 3, &st), "lead: Quoted");
	assert_int_equal(st, VS_PENDING);
	assert_string_equal(cell(v, 1, 3, NULL), "active");
	assert_string_equal(cell(v, 1, 4, NULL), "120.00");
	assert_string_equal(cell(v, 1, 5, NULL), "2026-12-01");
	assert_string_equal(cell(v, 1, 6, NULL), "");
	assert_true(v->ops->compare(v, 0, 1, 4) < 0);
	assert_true(v->ops->compare(v, 1, 0, 3) < 0); /* active before leads */
	text = preview(v, 1);
	assert_non_null(strstr(text, "Frequency: every 90 days"));
	assert_non_null(strstr(text, "Last completed: never"));
	free(text);
	/* r: the core's tick, not the search again. */
	jobs = ui.n_jobs;
	v->ops->refresh(v, &ui, 0);
	assert_int_equal(ui.n_refreshes, 1);
	assert_int_equal(ui.n_jobs, jobs);
	v->ops->enter(v, &ui, 1);
	assert_string_equal(ui.pushed[0]->ops->name, "detail");
	ui.pushed[0]->ops->open(ui.pushed[0], &ui);
	assert_string_equal(last_job(&ui)->resource, "subscription");
	assert_int_equal(last_job(&ui)->id, 7002);
	view_free(v);
	ui_done(&ui);
}

/* ------------------------------------------------------------ tickets */

static struct m_ticket *mk_ticket(long long id, long long total, long long balance)
{
	struct m_ticket *t = xcalloc(1, sizeof(*t));

	t->id = id;
	t->customer_id = 1002;
	t->active = 1;
	strcpy(t->invoice_date, "2026-11-02");
	t->invoice_number = xstrdup("INV-1");
	t->total = total;
	t->balance = balance;
	t->items = xcalloc(1, sizeof(*t->items));
	t->items[0].description = xstrdup("Wasp nest");
	t->items[0].quantity = 1;
	t->items[0].amount = 4500;
	t->n_items = 1;
	return t;
}

static void test_tickets(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_result *r;
	enum view_style st;
	char *text;
	size_t jobs;

	make_day(&ui);
	v = view_tickets_new(0, "open");
	v->ops->open(v, &ui);
	/* The service cannot filter on balance: the search is unfiltered. */
	assert_string_equal(last_job(&ui)->resource, "ticket");
	assert_int_equal(last_job(&ui)->form.n, 0);
	assert_string_equal(v->subtitle, ":ticket open");

	r = fake_result(&ui, FETCH_LIST, "ticket");
	r->ids = xmalloc(4 * sizeof(*r->ids));
	for (int i = 0; i < 4; i++)
		r->ids[i] = 8001 + i;
	r->n_ids = 4;
	r->rows = xcalloc(3, sizeof(*r->rows));
	r->rows[r->n_rows++] = mk_ticket(8001, 9500, 9500);
	r->rows[r->n_rows++] = mk_ticket(8002, 4000, 0); /* paid */
	r->rows[r->n_rows++] = mk_ticket(8003, 1000, 250);
	((struct m_ticket *)r->rows[2])->customer_id = 4242;
	jobs = ui.n_jobs;
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	/* The one customer the review does not know is named by one get. */
	assert_int_equal(ui.n_jobs, jobs + 1);
	assert_int_equal(last_job(&ui)->kind, FETCH_ROWS);
	assert_string_equal(last_job(&ui)->resource, "customer");
	assert_int_equal(last_job(&ui)->n, 1);
	assert_int_equal(last_job(&ui)->ids[0], 4242);
	/* A balance test over part of the rows would count and order what
	 * happened to be loaded: no row until every one is read. */
	assert_int_equal(v->ops->count(v), 0);
	v->ops->want(v, &ui, 2, 3);
	assert_int_equal(ui.n_jobs, jobs + 1);
	r = fake_result(&ui, FETCH_ROWS, "customer");
	r->rows = xcalloc(1, sizeof(*r->rows));
	r->rows[r->n_rows++] = mk_customer(4242, "Sam", "Lee", "", 0);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	/* The names in, the rows not loaded go next, unasked. */
	assert_int_equal(ui.n_jobs, jobs + 2);
	assert_string_equal(last_job(&ui)->resource, "ticket");
	assert_int_equal(last_job(&ui)->ids[0], 8004);
	assert_int_equal(v->ops->count(v), 0);
	r = fake_result(&ui, FETCH_ROWS, "ticket");
	r->rows = xcalloc(1, sizeof(*r->rows));
	r->rows[r->n_rows++] = mk_ticket(8004, 500, 500);
	assert_int_equal(v->ops->result(v, &ui, r), 1);
	result_free(r);
	/* Every row read: the paid one leaves, the open ones all show. */
	assert_int_equal(v->ops->count(v), 3);
	assert_int_equal(v->ops->row_id(v, 1), 8003);
	assert_int_equal(v->ops->row_id(v, 2), 8004);
	assert_true(v->ops->loaded(v, 2));
	assert_string_equal(cell(v, 1, 2, NULL), "Lee, Sam");
	assert_string_equal(cell(v, 0, 1, NULL), "2026-11-02");
	assert_string_equal(cell(v, 0, 2, NULL), "Acme Pest");
	assert_string_equal(cell(v, 0, 3, NULL), "95.00");
	assert_string_equal(cell(v, 0, 4, &st), "95.00");
	assert_int_equal(st, VS_MONEY_DUE);
	assert_string_equal(cell(v, 0, 5, NULL), "open");
	assert_true(v->ops->compare(v, 1, 0, 4) < 0);
	text = preview(v, 0);
	assert_non_null(strstr(text, "Wasp nest x1 45.00"));
	free(text);

	/* :ticket all shows the paid one again, without a new row fetch. */
	assert_int_equal(v->ops->command(v, &ui, "ticket", "all"), 1);
	assert_int_equal(v->ops->count(v), 4);
	/* r: the core's tick, not the search again. */
	jobs = ui.n_jobs;
	v->ops->refresh(v, &ui, 0);
	assert_int_equal(ui.n_refreshes, 1);
	assert_int_equal(ui.n_jobs, jobs);
	assert_string_equal(cell(v, 1, 5, &st), "paid");
	assert_int_equal(st, VS_DONE);
	assert_string_equal(cell(v, 1, 4, &st), "0.00");
	assert_int_equal(st, VS_NORMAL);
	view_free(v);

	v = view_tickets_new(1002, "123");
	v->ops->open(v, &ui);
	assert_string_equal(form_value(last_job(&ui), "customerIDs"), "1002");
	assert_string_equal(form_value(last_job(&ui), "ticketIDs"), "123");
	view_free(v);
	ui_done(&ui);
}

/* ------------------------------------------------------------ notes */

static void test_notes(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_result *r;
	struct m_note *n = xcalloc(1, sizeof(*n));
	char *text;
	size_t jobs;

	make_day(&ui);
	v = view_notes_new(1001);
	v->ops->open(v, &ui);
	assert_string_equal(last_job(&ui)->resource, "note");
	assert_string_equal(form_value(last_job(&ui), "customerIDs"), "1001");

	n->id = 9;
	n->customer_id = 1001;
	n->employee_id = 500;
	n->type = xstrdup("Phone call");
	n->text = xstrdup("Called about the gate\nsecond line");
	n->employee_name = xstrdup("");
	n->show_tech = 1;
	n->show_invoice = 1;
	strcpy(n->date, "2026-11-19 16:20:00");
	r = fake_result(&ui, FETCH_LIST, "note");
	r->ids = xmalloc(sizeof(*r->ids));
	r->ids[0] = 9;
	r->n_ids = 1;
	r->rows = xcalloc(1, sizeof(*r->rows));
	r->rows[r->n_rows++] = n;
	v->ops->result(v, &ui, r);
	result_free(r);
	assert_string_equal(cell(v, 0, 0, NULL), "2026-11-19 16:20");
	assert_string_equal(cell(v, 0, 1, NULL), "Phone call");
	assert_string_equal(cell(v, 0, 2, NULL), "Ann Tech");
	assert_string_equal(cell(v, 0, 3, NULL), "Called about the gate");
	assert_string_equal(cell(v, 0, 4, NULL), "TI");
	assert_true(v->ops->match(v, 0, "SECOND")); /* the whole text */
	text = preview(v, 0);
	assert_non_null(strstr(text, "second line"));
	assert_non_null(strstr(text, "Shown to the technician"));
	free(text);
	/* The changelog does not list notes: r searches again (no tick). */
	jobs = ui.n_jobs;
	v->ops->refresh(v, &ui, 0);
	assert_int_equal(ui.n_refreshes, 0);
	assert_int_equal(ui.n_jobs, jobs + 1);
	assert_int_equal(last_job(&ui)->kind, FETCH_LIST);
	assert_string_equal(last_job(&ui)->resource, "note");
	view_free(v);
	ui_done(&ui);
}

static struct m_note *note_of(long long id, long long customer, const char *text)
{
	struct m_note *n = xcalloc(1, sizeof(*n));

	n->id = id;
	n->customer_id = customer;
	n->type = xstrdup("Phone call");
	n->text = xstrdup(text);
	n->employee_name = xstrdup("Ann Tech");
	strcpy(n->date, "2026-11-20 09:00:00");
	return n;
}

/* A note written here or in another console of the share comes with the
 * tick (fetch_result.written): it joins its customer's Notes, replaces a
 * row it already had, and costs no request. */
static void test_notes_written(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_result *r;
	size_t jobs;

	(void)state;
	make_day(&ui);
	v = view_notes_new(1001);
	v->ops->open(v, &ui);
	r = fake_result(&ui, FETCH_LIST, "note");
	r->ids = xmalloc(2 * sizeof(*r->ids));
	r->ids[0] = 9;
	r->ids[1] = 20;
	r->n_ids = 2;
	r->rows = xcalloc(2, sizeof(*r->rows));
	r->rows[r->n_rows++] = note_of(9, 1001, "first");
	r->rows[r->n_rows++] = note_of(20, 1001, "third");
	v->ops->result(v, &ui, r);
	result_free(r);
	assert_int_equal(v->ops->count(v), 2);

	jobs = ui.n_jobs;
	r = fake_result(&ui, FETCH_REFRESH, NULL);
	r->written = xcalloc(4, sizeof(*r->written));
	r->written[r->n_written++] = (struct fetch_written){ "note", note_of(12, 1001, "second, from the office") };
	r->written[r->n_written++] = (struct fetch_written){ "note", note_of(13, 2002, "another customer's") };
	r->written[r->n_written++] = (struct fetch_written){ "note", note_of(9, 1001, "first, edited") };
	r->written[r->n_written++] = (struct fetch_written){ "ticket", xcalloc(1, sizeof(struct m_ticket)) };
	((struct m_ticket *)r->written[3].row)->id = 14;
	((struct m_ticket *)r->written[3].row)->customer_id = 1001;
	assert_true(v->ops->result(v, &ui, r));
	/* Copied, not taken: every pane of the console may want them. */
	assert_non_null(r->written[0].row);
	result_free(r);
	assert_int_equal(ui.n_jobs, jobs);
	assert_int_equal(v->ops->count(v), 3);
	assert_int_equal(v->ops->row_id(v, 0), 9);
	assert_int_equal(v->ops->row_id(v, 1), 12);
	assert_int_equal(v->ops->row_id(v, 2), 20);
	assert_true(v->ops->loaded(v, 1));
	assert_string_equal(cell(v, 0, 3, NULL), "first, edited");
	assert_string_equal(cell(v, 1, 3, NULL), "second, from the office");
	view_free(v);
	ui_done(&ui);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_customer_queries),
		cmocka_unit_test(test_customers_found_by),
		cmocka_unit_test(test_filter_folds_accents),
		cmocka_unit_test(test_customers_new_search_clears),
		cmocka_unit_test(test_customers_lazy),
		cmocka_unit_test(test_customers_hard_refresh),
		cmocka_unit_test(test_subscriptions),
		cmocka_unit_test(test_tickets),
		cmocka_unit_test(test_notes),
		cmocka_unit_test(test_notes_written),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
