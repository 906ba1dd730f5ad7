/* test_fetch_lookup.c: the kept records: the searches the customer index answers as the service does, changes applied or marked stale, the share file, a tick's stops. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "api/encode.h"
#include "common/strbuf.h"
#include "fetch/lookup.h"
#include "fetch/runner.h"
#include "model/model.h"

/* Four customers as the service sends them: values as strings. */
static const char records[] =
	"[{\"customerID\":\"3\",\"fname\":\"Ann\",\"lname\":\"Smith\",\"companyName\":\"\","
	"\"email\":\"ann@example.com\",\"phone1\":\"6025550101\",\"phone2\":\"\","
	"\"address\":\"12 Main St\",\"balance\":\"0.00\"},"
	"{\"customerID\":\"1\",\"fname\":\"Bo\",\"lname\":\"smithers\",\"companyName\":\"Cantina 50%\","
	"\"email\":\"bo@example.org\",\"phone1\":\"6025550202\",\"phone2\":\"4805550303\","
	"\"address\":\"1600 Penn Ave\",\"balance\":\"12.50\"},"
	"{\"customerID\":\"2\",\"fname\":\"Smith\",\"lname\":\"Jones\",\"companyName\":null,"
	"\"email\":\"sj@example.net\",\"phone1\":\"6025550404\",\"phone2\":\"\","
	"\"address\":\"9 Elm Rd\",\"balance\":\"3.00\"},"
	"{\"customerID\":\"7\",\"fname\":\"Zoë\",\"lname\":\"Ørsted\",\"companyName\":\"Ørsted_Co\","
	"\"email\":\"z@example.dk\",\"phone1\":\"\",\"phone2\":\"\","
	"\"address\":\"1 Fjord Vej\",\"balance\":\"0.00\"}]";

static struct lookup *filled(void)
{
	struct lookup *lk = lookup_new("customer");

	assert_non_null(lk);
	assert_int_equal(lookup_take_text(lk, records, strlen(records)), 0);
	assert_int_equal(lookup_count(lk), 4);
	return lk;
}

/* The ids a form finds, as "1,3" ("" none, "refused" when it cannot). */
static void expect_ids(const struct lookup *lk, const struct api_form *f, const char *want)
{
	long long *ids;
	size_t n;
	struct strbuf got = STRBUF_INIT;

	if (lookup_answer(lk, f, &ids, &n) < 0) {
		strbuf_adds(&got, "refused");
	} else {
		for (size_t i = 0; i < n; i++)
			strbuf_addf(&got, "%s%lld", i ? "," : "", ids[i]);
		free(ids);
	}
	assert_string_equal(got.buf ? got.buf : "", want);
	strbuf_free(&got);
}

static void expect_cmp(const struct lookup *lk, const char *name, enum api_qop op, const char *v,
                       const char *want)
{
	struct api_form f = API_FORM_INIT;

	assert_int_equal(api_form_add_cmp_str(&f, name, op, v), 0);
	expect_ids(lk, &f, want);
	api_form_free(&f);
}

static void expect_plain(const struct lookup *lk, const char *name, const char *v,
                         const char *want)
{
	struct api_form f = API_FORM_INIT;

	api_form_add(&f, name, v);
	expect_ids(lk, &f, want);
	api_form_free(&f);
}

/* STARTSWITH, CONTAINS and ENDSWITH as the service's LIKE: ASCII letters
 * without case, other bytes exactly, % and _ literal; ids ascending. */
static void test_text_operators(void **state)
{
	struct lookup *lk = filled();

	(void)state;
	expect_cmp(lk, "lname", API_Q_STARTSWITH, "smith", "1,3");
	expect_cmp(lk, "lname", API_Q_STARTSWITH, "SMITHE", "1");
	expect_cmp(lk, "fname", API_Q_STARTSWITH, "smith", "2");
	expect_cmp(lk, "lname", API_Q_CONTAINS, "mith", "1,3");
	expect_cmp(lk, "lname", API_Q_ENDSWITH, "ERS", "1");
	expect_cmp(lk, "companyName", API_Q_CONTAINS, "cantina", "1");
	expect_cmp(lk, "companyName", API_Q_CONTAINS, "50%", "1");
	expect_cmp(lk, "companyName", API_Q_CONTAINS, "_", "7");
	expect_cmp(lk, "companyName", API_Q_CONTAINS, "%", "1");
	/* A null company matches nothing, not even an empty pattern's all. */
	expect_cmp(lk, "companyName", API_Q_STARTSWITH, "", "1,3,7");
	/* Non-ASCII letters compare as bytes, as SQLite's LIKE does. */
	expect_cmp(lk, "lname", API_Q_STARTSWITH, "Ørs", "7");
	expect_cmp(lk, "lname", API_Q_STARTSWITH, "øRS", "");
	expect_cmp(lk, "email", API_Q_CONTAINS, "@EXAMPLE.", "1,2,3,7");
	expect_cmp(lk, "address", API_Q_CONTAINS, "1600 penn", "1");
	expect_cmp(lk, "lname", API_Q_STARTSWITH, "nobody", "");
	lookup_free(lk);
}

/* LIKE as SQLite's, without ESCAPE: % any run, _ one character (Ø is
 * one, of two bytes), ASCII letters without case; what `:cust obrien`
 * asks for O'Brien (lname LIKE "o_brien%").  test_fetch_index holds it
 * to the sandbox's own answers for random patterns. */
static void test_like(void **state)
{
	struct lookup *lk = filled();

	(void)state;
	expect_cmp(lk, "lname", API_Q_LIKE, "Sm%", "1,3");
	expect_cmp(lk, "lname", API_Q_LIKE, "smith", "3");
	expect_cmp(lk, "lname", API_Q_LIKE, "s_ith%", "1,3");
	expect_cmp(lk, "lname", API_Q_LIKE, "_rsted", "7");
	expect_cmp(lk, "lname", API_Q_LIKE, "__rsted", "");
	expect_cmp(lk, "lname", API_Q_LIKE, "%s%s%", "1");
	expect_cmp(lk, "lname", API_Q_LIKE, "%%", "1,2,3,7");
	expect_cmp(lk, "lname", API_Q_LIKE, "%E%", "1,2,7");
	expect_cmp(lk, "lname", API_Q_LIKE, "%ers", "1");
	expect_cmp(lk, "companyName", API_Q_LIKE, "%50\\%", "");
	expect_cmp(lk, "companyName", API_Q_LIKE, "%", "1,3,7");
	expect_cmp(lk, "lname", API_Q_LIKE, "", "");
	lookup_free(lk);
}

/* Typed without accents: only the index folds them (the service
 * cannot), in a search the service is never sent (lookup_form_local). */
static void expect_folded(const struct lookup *lk, const char *v, const char *want)
{
	struct api_form f = API_FORM_INIT;

	lookup_form_add_folded(&f, "lname", v);
	assert_true(lookup_form_local(&f));
	expect_ids(lk, &f, want);
	api_form_free(&f);
}

static void test_folded(void **state)
{
	static const char people[] =
		"[{\"customerID\":\"1\",\"fname\":\"Jan\",\"lname\":\"\u0160imek\"},"
		"{\"customerID\":\"2\",\"fname\":\"Zo\u00eb\",\"lname\":\"M\u00fcller\"},"
		"{\"customerID\":\"3\",\"fname\":\"Al\",\"lname\":\"Miller\"},"
		"{\"customerID\":\"4\",\"fname\":\"Ana\",\"lname\":\"N\u00fa\u00f1ez\"},"
		"{\"customerID\":\"5\",\"fname\":\"Kai\",\"lname\":\"K\u00f6hler\"},"
		"{\"customerID\":\"6\",\"fname\":\"Ed\",\"lname\":\"Mueller\"},"
		"{\"customerID\":\"7\",\"fname\":\"Bo\",\"lname\":null}]";
	struct lookup *lk = lookup_new("customer");
	struct api_form plain = API_FORM_INIT;

	(void)state;
	assert_int_equal(lookup_take_text(lk, people, strlen(people)), 0);
	/* The service's STARTSWITH, as the index answers it, finds neither. */
	expect_cmp(lk, "lname", API_Q_STARTSWITH, "simek", "");
	expect_cmp(lk, "lname", API_Q_STARTSWITH, "muller", "");
	expect_folded(lk, "simek", "1");
	expect_folded(lk, "SIM", "1");
	expect_folded(lk, "muller", "2");
	/* The German way, ue for ü; and Mueller written so. */
	expect_folded(lk, "mueller", "2,6");
	expect_folded(lk, "koehler", "5");
	expect_folded(lk, "kohler", "5");
	expect_folded(lk, "nunez", "4");
	/* Typed with the marks, or other ones. */
	expect_folded(lk, "M\xc3\xbcller", "2");
	expect_folded(lk, "\xc5\xa1IMEK", "1");
	expect_folded(lk, "N\xc3\xba\xc3\xb1" "ez", "4");
	/* No near spelling (Miller is not Müller) and no other letter. */
	expect_folded(lk, "mul", "2");
	expect_folded(lk, "mil", "3");
	expect_folded(lk, "zimek", "");
	/* Not a form the service is sent. */
	assert_int_equal(api_form_add_cmp_str(&plain, "lname", API_Q_STARTSWITH, "simek"), 0);
	assert_false(lookup_form_local(&plain));
	api_form_free(&plain);
	lookup_free(lk);
}

/* A phone: exactly 10 digits over phone1 and phone2; any other value
 * matches nothing (the live service, and the sandbox). */
static void test_phone_and_id(void **state)
{
	struct lookup *lk = filled();
	struct api_form f = API_FORM_INIT;

	(void)state;
	expect_plain(lk, "phone", "4805550303", "1");
	expect_plain(lk, "phone", "6025550404", "2");
	expect_plain(lk, "phone", "602555040", "");
	expect_plain(lk, "customerIDs", "3", "3");
	expect_plain(lk, "customerIDs", "99", "");
	expect_ids(lk, NULL, "1,2,3,7");
	/* Two filters: both must hold. */
	api_form_add_cmp_str(&f, "lname", API_Q_STARTSWITH, "smith");
	api_form_add_cmp_str(&f, "fname", API_Q_STARTSWITH, "bo");
	expect_ids(lk, &f, "1");
	api_form_free(&f);
	lookup_free(lk);
}

/* What the index does not answer goes to the service: refused, never a
 * guess. */
static void test_refused(void **state)
{
	struct lookup *lk = filled();
	struct api_form f = API_FORM_INIT;

	(void)state;
	expect_plain(lk, "lname", "Smith", "refused");           /* equality */
	expect_plain(lk, "customerIDs", "[1,2]", "refused");
	expect_plain(lk, "officeIDs", "1", "refused");           /* not a text filter */
	expect_plain(lk, "nosuchfilter", "1", "refused");
	api_form_add_cmp_int(&f, "customerIDs", API_Q_GT, 1);
	expect_ids(lk, &f, "refused");
	api_form_free(&f);
	assert_null(lookup_new("nosuchresource"));
	lookup_free(lk);
}

static char *row_text(const struct lookup *lk, long long id)
{
	struct strbuf sb = STRBUF_INIT;

	lookup_rows_text(lk, &id, 1, &sb);
	return strbuf_detach(&sb, NULL);
}

/* A change whose notes give the new values with the record's types is
 * applied; any other is marked stale, and taking the record again clears
 * the mark.  Searches see the new values. */
static void test_changes(void **state)
{
	struct lookup *lk = filled();
	const long long *stale;
	size_t n;
	char *t;

	(void)state;
	assert_int_equal(lookup_apply(lk, 2, "{\"lname\":{\"old\":\"Jones\",\"new\":\"Smithson\"},"
	                                     "\"balance\":{\"old\":\"3.00\",\"new\":\"4.25\"}}"),
	                 1);
	expect_cmp(lk, "lname", API_Q_STARTSWITH, "smith", "1,2,3");
	t = row_text(lk, 2);
	assert_non_null(strstr(t, "\"balance\":\"4.25\""));
	free(t);
	stale = lookup_stale(lk, &n);
	assert_int_equal(n, 0);

	/* A number where the record has a string, a field it lacks, no notes,
	 * the key itself, a new id: stale, unchanged. */
	assert_int_equal(lookup_apply(lk, 3, "{\"balance\":{\"old\":\"0.00\",\"new\":5}}"), 0);
	assert_int_equal(lookup_apply(lk, 1, "{\"nosuchfield\":{\"new\":\"x\"}}"), 0);
	assert_int_equal(lookup_apply(lk, 7, NULL), 0);
	assert_int_equal(lookup_apply(lk, 2, "{\"customerID\":{\"new\":\"9\"}}"), 0);
	assert_int_equal(lookup_apply(lk, 40, "{\"lname\":{\"new\":\"New\"}}"), 0);
	t = row_text(lk, 3);
	assert_non_null(strstr(t, "\"balance\":\"0.00\""));
	free(t);
	stale = lookup_stale(lk, &n);
	assert_int_equal(n, 5);
	assert_true(stale[0] == 1 && stale[1] == 2 && stale[2] == 3 && stale[3] == 7 &&
	            stale[4] == 40);
	assert_false(lookup_has_all(lk, (long long[]){ 1 }, 1));
	/* A stale record is not changed by notes either: it waits for the get. */
	assert_int_equal(lookup_apply(lk, 3, "{\"balance\":{\"new\":\"1.00\"}}"), 0);

	/* The get answers 1, 2, 3 and 7; 40 is no customer: dropped. */
	assert_int_equal(lookup_take_text(lk, records, strlen(records)), 0);
	stale = lookup_stale(lk, &n);
	assert_int_equal(n, 1);
	assert_int_equal(stale[0], 40);
	lookup_drop(lk, 40);
	lookup_clear_stale(lk, (long long[]){ 40 }, 1);
	stale = lookup_stale(lk, &n);
	assert_int_equal(n, 0);
	assert_true(lookup_has_all(lk, (long long[]){ 1, 2, 3, 7 }, 4));
	assert_false(lookup_has_all(lk, (long long[]){ 1, 40 }, 2));
	expect_cmp(lk, "lname", API_Q_STARTSWITH, "smith", "1,3");
	lookup_free(lk);
}

/* A record with dateUpdated: a change whose notes do not give it (a
 * write's, stamped after it listed its fields) cannot rebuild the record,
 * so it is marked stale; one that gives it is applied. */
static void test_date_updated(void **state)
{
	static const char rec[] = "[{\"customerID\":\"5\",\"lname\":\"Old\","
	                          "\"dateUpdated\":\"2026-11-20 08:00:00\",\"balance\":\"1.00\"}]";
	struct lookup *lk = lookup_new("customer");
	size_t n;
	char *t;

	(void)state;
	assert_int_equal(lookup_take_text(lk, rec, strlen(rec)), 0);
	assert_int_equal(lookup_apply(lk, 5, "{\"balance\":{\"old\":\"1.00\",\"new\":\"2.00\"},"
	                                     "\"dateUpdated\":{\"old\":\"2026-11-20 08:00:00\","
	                                     "\"new\":\"2026-11-20 09:30:00\"}}"),
	                 1);
	t = row_text(lk, 5);
	assert_non_null(strstr(t, "\"dateUpdated\":\"2026-11-20 09:30:00\""));
	assert_non_null(strstr(t, "\"balance\":\"2.00\""));
	free(t);
	assert_int_equal(lookup_apply(lk, 5, "{\"lname\":{\"old\":\"Old\",\"new\":\"New\"}}"), 0);
	(void)lookup_stale(lk, &n);
	assert_int_equal(n, 1);
	expect_cmp(lk, "lname", API_Q_STARTSWITH, "new", "");
	lookup_free(lk);
}

/* Built again after 12 hours, or when built "in the future" (a clock set
 * back): the only bound on a change the service might not log. */
static void test_age(void **state)
{
	struct lookup *lk = lookup_new("customer");

	(void)state;
	lookup_set_built(lk, 1000000);
	assert_false(lookup_is_old(lk, 1000000));
	assert_false(lookup_is_old(lk, 1000000 + LOOKUP_MAX_AGE));
	assert_true(lookup_is_old(lk, 1000000 + LOOKUP_MAX_AGE + 1));
	assert_true(lookup_is_old(lk, 999999));
	lookup_free(lk);
}

/* Bad text is refused whole. */
static void test_bad_text(void **state)
{
	struct lookup *lk = lookup_new("customer");
	const char *cut = "[{\"customerID\":\"1\"}", *obj = "{}";
	const char *no_id = "[{\"lname\":\"x\"},{\"customerID\":\"5\"}]";

	(void)state;
	assert_int_equal(lookup_take_text(lk, cut, strlen(cut)), -1);
	assert_int_equal(lookup_take_text(lk, obj, strlen(obj)), -1);
	assert_int_equal(lookup_count(lk), 0);
	/* Records without an id are skipped. */
	assert_int_equal(lookup_take_text(lk, no_id, strlen(no_id)), 0);
	assert_int_equal(lookup_count(lk), 1);
	lookup_free(lk);
}

/* The share's file: saved and loaded back the same; another URL, another
 * resource or a damaged file are refused and leave the index as it was. */
static void test_save_load(void **state)
{
	struct lookup *lk = filled(), *back = lookup_new("customer");
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

	(void)state;
	lookup_set_upto(lk, 1234);
	lookup_set_built(lk, 1764000000);
	lookup_save(lk, "http://127.0.0.1:1/api", &a);
	assert_int_equal(lookup_load(back, "http://other/api", a.buf, a.len), -1);
	assert_int_equal(lookup_count(back), 0);
	assert_int_equal(lookup_load(back, "http://127.0.0.1:1/api", a.buf, a.len - 1), -1);
	assert_int_equal(lookup_count(back), 0);
	assert_int_equal(lookup_load(back, "http://127.0.0.1:1/api", a.buf, a.len), 0);
	assert_int_equal(lookup_upto(back), 1234);
	assert_int_equal(lookup_built(back), 1764000000);
	assert_int_equal(lookup_count(back), 4);
	lookup_save(back, "http://127.0.0.1:1/api", &b);
	assert_string_equal(a.buf, b.buf);
	expect_cmp(back, "lname", API_Q_STARTSWITH, "smith", "1,3");
	strbuf_free(&a);
	strbuf_free(&b);
	lookup_free(lk);
	lookup_free(back);
}

/* A stop as the review read it, pending. */
static const char stop[] =
	"[{\"appointmentID\":\"7\",\"routeID\":\"3\",\"customerID\":\"1\",\"status\":\"0\","
	"\"ticketID\":\"0\",\"date\":\"2026-11-20\",\"timeIn\":\"0000-00-00 00:00:00\","
	"\"dateUpdated\":\"2026-11-20 08:00:00\"}]";

static void add_change(struct fetch_result *r, long long id, const char *notes)
{
	r->changes = xrealloc(r->changes, (r->n_changes + 1) * sizeof(*r->changes));
	r->changes[r->n_changes].class_id = CLASS_APPOINTMENT;
	r->changes[r->n_changes].id = id;
	r->changes[r->n_changes].notes = notes ? xstrdup(notes) : NULL;
	r->changes[r->n_changes].note_id = 0;
	r->n_changes++;
}

/* The stop a tick rebuilds from the kept record and the change's notes,
 * after `followed' changes were taken as a follower first (1) or not (0). */
static struct m_appt *ticker_row(int followed, struct fetch_ids *ids)
{
	struct state st;
	struct fetch_result *first = xcalloc(1, sizeof(*first));
	struct fetch_result *second = xcalloc(1, sizeof(*second));
	struct fetch_rows rows = { "appointment", NULL, NULL, 0, 0, 0, NULL };
	struct m_appt *a = NULL;

	memset(&st, 0, sizeof(st));
	st.appt_lk = lookup_new("appointment");
	assert_int_equal(lookup_take_text(st.appt_lk, stop, strlen(stop)), 0);
	/* While a follower: the ticker completed the stop (its row came
	 * with the tick; this console's kept record must learn it too). */
	add_change(first, 7, "{\"status\":{\"old\":\"0\",\"new\":\"1\"},"
	                     "\"ticketID\":{\"old\":\"0\",\"new\":\"55\"},"
	                     "\"dateUpdated\":{\"old\":\"2026-11-20 08:00:00\","
	                     "\"new\":\"2026-11-20 09:00:00\"}}");
	if (followed)
		jobs_kept_follow(&st, first);
	/* Now the ticker: the check-in time is set. */
	add_change(second, 7, "{\"timeIn\":{\"old\":\"0000-00-00 00:00:00\","
	                      "\"new\":\"2026-11-20 09:05:00\"},"
	                      "\"dateUpdated\":{\"old\":\"2026-11-20 09:00:00\","
	                      "\"new\":\"2026-11-20 09:05:00\"}}");
	jobs_kept_changes(st.appt_lk, CLASS_APPOINTMENT, second, ids, &rows);
	if (rows.n == 1)
		a = rows.v[0];
	else
		assert_int_equal(rows.n, 0);
	free(rows.v);
	fetch_result_free(first);
	fetch_result_free(second);
	lookup_free(st.appt_lk);
	return a;
}

/* A console that followed the ticks and then became the ticker rebuilds
 * a stop with every change, not only the last: the follower applied the
 * ones it took.  Had it not (followed 0), the stop would come back
 * pending with a check-in time: this is what jobs_kept_follow prevents. */
static void test_follower_becomes_ticker(void **state)
{
	struct fetch_ids ids = { NULL, 0, 0 };
	struct m_appt *a;

	(void)state;
	a = ticker_row(1, &ids);
	assert_non_null(a);
	assert_int_equal(ids.n, 0);
	assert_int_equal(a->status, M_COMPLETED);
	assert_int_equal(a->ticket_id, 55);
	assert_string_equal(a->time_in, "09:05");
	assert_string_equal(a->updated, "2026-11-20 09:05:00");
	m_row_free("appointment", a);

	a = ticker_row(0, &ids);
	assert_non_null(a);
	assert_int_equal(a->status, M_PENDING); /* the danger, shown */
	m_row_free("appointment", a);
	fetch_ids_free(&ids);
}

/* A change the kept record cannot take (a write's notes, without
 * dateUpdated) leaves the stop to be read, and no later change is
 * applied over it until it is. */
static void test_kept_stale_until_read(void **state)
{
	struct lookup *lk = lookup_new("appointment");
	struct fetch_result *r = xcalloc(1, sizeof(*r));
	struct fetch_rows rows = { "appointment", NULL, NULL, 0, 0, 0, NULL };
	struct fetch_ids ids = { NULL, 0, 0 };

	(void)state;
	assert_int_equal(lookup_take_text(lk, stop, strlen(stop)), 0);
	add_change(r, 7, "{\"status\":{\"old\":\"0\",\"new\":\"1\"}}");
	add_change(r, 7, "{\"timeIn\":{\"new\":\"2026-11-20 09:05:00\"},"
	                 "\"dateUpdated\":{\"new\":\"2026-11-20 09:05:00\"}}");
	add_change(r, 9, "{\"status\":{\"new\":\"1\"},\"dateUpdated\":{\"new\":\"x\"}}");
	jobs_kept_changes(lk, CLASS_APPOINTMENT, r, &ids, &rows);
	assert_int_equal(rows.n, 0);
	assert_int_equal(ids.n, 2); /* 7 stale, 9 never read */
	assert_int_equal(ids.v[0], 7);
	assert_int_equal(ids.v[1], 9);
	/* The get brings 7 back; 9 is no stop: no longer waited for, and
	 * gone (deleted, or out of the key's sight). */
	assert_int_equal(lookup_take_text(lk, stop, strlen(stop)), 0);
	{
		long long *gone = NULL;
		size_t n_gone = 0;

		assert_int_equal(fetch_rows_text(&rows, stop, strlen(stop), 1), 0);
		assert_int_equal(rows.n, 1);
		jobs_kept_got(lk, &ids, &rows, &gone, &n_gone);
		assert_int_equal(n_gone, 1);
		assert_int_equal(gone[0], 9);
		free(gone);
		/* A batch that could not be read says nothing is gone. */
		rows.bad = 1;
		gone = NULL;
		jobs_kept_got(lk, &ids, &rows, &gone, &n_gone);
		assert_null(gone);
		assert_int_equal(n_gone, 0);
	}
	assert_true(lookup_has_all(lk, (long long[]){ 7 }, 1));
	for (size_t i = 0; i < rows.n; i++)
		m_row_free("appointment", rows.v[i]);
	free(rows.v);
	fetch_ids_free(&ids);
	fetch_result_free(r);
	lookup_free(lk);
}

/* A note's create or delete, logged against its customer, names the note
 * by its key; its update (the members it changed) and a change of the
 * customer's own do not.  The customers kept take no stale mark from it. */
static void test_note_change(void **state)
{
	static const char created[] =
		"{\"customerID\":\"3\",\"date\":\"2026-11-20 00:00:00\",\"typeID\":\"3\","
		"\"notes\":\"gate code 4711\",\"showOnInvoice\":\"0\",\"noteID\":\"291\"}";
	static const char deleted[] =
		"{\"noteID\":{\"old\":\"291\",\"new\":null},\"customerID\":{\"old\":\"3\",\"new\":null}}";
	static const char updated[] = "{\"notes\":{\"old\":\"gate code 4711\",\"new\":\"4712\"}}";
	struct lookup *lk = filled();
	struct fetch_result *r = xcalloc(1, sizeof(*r));
	struct fetch_rows rows = { "customer", NULL, NULL, 0, 0, 0, NULL };
	struct fetch_ids ids = { NULL, 0, 0 };
	size_t n;

	(void)state;
	assert_int_equal(lookup_note_change(CLASS_CUSTOMER, created), 291);
	assert_int_equal(lookup_note_change(CLASS_CUSTOMER, deleted), 291);
	assert_int_equal(lookup_note_change(CLASS_CUSTOMER, updated), 0);
	assert_int_equal(lookup_note_change(CLASS_APPOINTMENT, created), 0);
	assert_int_equal(lookup_note_change(CLASS_CUSTOMER, NULL), 0);
	assert_int_equal(lookup_note_change(CLASS_CUSTOMER, "not json"), 0);
	assert_int_equal(lookup_note_change(CLASS_CUSTOMER, "{\"noteID\":\"29x\"}"), 0);
	assert_int_equal(lookup_note_change(CLASS_CUSTOMER, "{\"noteID\":\"0\"}"), 0);
	assert_int_equal(lookup_note_change(CLASS_CUSTOMER, "{\"noteID\":291}"), 0);

	r->changes = xcalloc(1, sizeof(*r->changes));
	r->changes[0].class_id = CLASS_CUSTOMER;
	r->changes[0].id = 3;
	r->changes[0].notes = xstrdup(created);
	r->changes[0].note_id = 291;
	r->n_changes = 1;
	jobs_kept_changes(lk, CLASS_CUSTOMER, r, &ids, &rows);
	assert_int_equal(ids.n, 0);
	assert_int_equal(rows.n, 0);
	(void)lookup_stale(lk, &n);
	assert_int_equal(n, 0);
	assert_true(lookup_has_all(lk, (long long[]){ 3 }, 1));
	fetch_ids_free(&ids);
	fetch_result_free(r);
	lookup_free(lk);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_operators),
		cmocka_unit_test(test_like),
		cmocka_unit_test(test_phone_and_id),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_changes),
		cmocka_unit_test(test_date_updated),
		cmocka_unit_test(test_age),
		cmocka_unit_test(test_bad_text),
		cmocka_unit_test(test_folded),
		cmocka_unit_test(test_save_load),
		cmocka_unit_test(test_follower_becomes_ticker),
		cmocka_unit_test(test_kept_stale_until_read),
		cmocka_unit_test(test_note_change),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
