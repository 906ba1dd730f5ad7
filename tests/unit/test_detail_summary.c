/* test_detail_summary.c: a customer's summary lines from its record and tickets: what shows, in what order, styled how. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ui/views/detail_summary.h"
#include "ui/views/view_common.h"

/* Aaron Nelson as the sandbox's by-id with includeSubscriptions answers
 * him (members cut to what the summary reads, and a few it must not). */
static const char nelson[] =
	"{\"customerID\":\"10179\",\"fname\":\"Aaron\",\"lname\":\"Nelson\",\"companyName\":\"\","
	"\"status\":\"1\",\"statusText\":\"Active\",\"pendingCancel\":\"1\",\"email\":\"a@example.org\","
	"\"phone1\":\"6027256587\",\"ext1\":\"\",\"phone2\":\"4805550101\",\"ext2\":\"12\","
	"\"address\":\"17817 Ocotillo St\",\"city\":\"Phoenix\",\"state\":\"AZ\",\"zip\":\"85003\","
	"\"notes\":\"Dog in the yard, call first\",\"balance\":\"789.03\",\"balanceAge\":\"60\","
	"\"subscriptionIDs\":\"218,219\",\"ticketIDs\":\"1,2,3,4,5\","
	"\"subscriptions\":[{\"subscriptionID\":\"218\",\"active\":\"1\",\"serviceType\":\"General Pest Control\","
	"\"nextService\":\"2026-12-03\"},{\"subscriptionID\":\"219\",\"active\":\"1\","
	"\"serviceType\":\"Rodent Control\",\"nextService\":\"2026-11-24\"},"
	"{\"subscriptionID\":\"220\",\"active\":\"0\",\"serviceType\":\"Termite\","
	"\"nextService\":\"2026-11-21\"}]}";

static const struct ds_line *find(const struct ds_line *l, size_t n, const char *label)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(l[i].label, label) == 0)
			return &l[i];
	return NULL;
}

static void test_customer(void **state)
{
	cJSON *rec = cJSON_Parse(nelson);
	const struct ds_ticket t[] = {
		{ 1, 0, "2026-01-10" }, { 2, 12000, "2026-09-21" }, { 3, 0, "" },
		{ 4, 66903, "2026-10-21" }, { 5, -500, "2026-11-01" },
	};
	static const char *const order[] = {
		"Name", "Status", "Address", "Phone", "Phone 2", "Email", "Balance", "Red notes",
		"Open tickets", "Subscriptions", "Next service", "Notes",
	};
	struct ds_line *l;
	size_t n;

	(void)state;
	n = detail_summary(rec, t, 5, 1, &l);
	assert_int_equal(n, sizeof(order) / sizeof(order[0]));
	for (size_t i = 0; i < n; i++)
		assert_string_equal(l[i].label, order[i]);
	assert_string_equal(find(l, n, "Name")->value, "Nelson, Aaron");
	/* The Customers list's word for status 1, never statusText's
	 * English (which read "Estado Active" beside the list's "activo"). */
	assert_string_equal(find(l, n, "Status")->value, "active, cancellation pending");
	assert_int_equal(find(l, n, "Status")->style, VS_ALERT);
	assert_string_equal(find(l, n, "Address")->value, "17817 Ocotillo St, Phoenix AZ 85003");
	assert_string_equal(find(l, n, "Phone")->value, "6027256587");
	assert_string_equal(find(l, n, "Phone 2")->value, "4805550101 ext. 12");
	assert_string_equal(find(l, n, "Balance")->value, "789.03 (60 days)");
	assert_int_equal(find(l, n, "Balance")->style, VS_MONEY_DUE);
	assert_string_equal(find(l, n, "Red notes")->value, "Dog in the yard, call first");
	assert_int_equal(find(l, n, "Red notes")->style, VS_ALERT);
	/* Open: a balance above zero (a credit is not open), oldest first. */
	assert_string_equal(find(l, n, "Open tickets")->value,
	                    "2 open, 789.03: #2 2026-09-21, #4 2026-10-21");
	assert_int_equal(find(l, n, "Open tickets")->link, DS_TICKETS);
	/* The inactive subscription counts apart and gives no next service. */
	assert_string_equal(find(l, n, "Subscriptions")->value,
	                    "General Pest Control, Rodent Control (+1 inactive)");
	assert_int_equal(find(l, n, "Subscriptions")->link, DS_SUBSCRIPTIONS);
	assert_string_equal(find(l, n, "Next service")->value, "2026-11-24 · Rodent Control");
	assert_int_equal(find(l, n, "Notes")->link, DS_NOTES);
	detail_summary_free(l, n);

	/* Tickets not read yet: the line says so, no guess at what is open. */
	n = detail_summary(rec, NULL, 0, 0, &l);
	assert_string_equal(find(l, n, "Open tickets")->value, "5 tickets, loading");
	assert_int_equal(find(l, n, "Open tickets")->style, VS_LOADING);
	detail_summary_free(l, n);
	/* Their read failed: said, in the alert style, and how to retry. */
	n = detail_summary(rec, NULL, 0, -1, &l);
	assert_string_equal(find(l, n, "Open tickets")->value, "5 tickets, not read (r tries again)");
	assert_int_equal(find(l, n, "Open tickets")->style, VS_ALERT);
	detail_summary_free(l, n);

	/* None open of several; more than three open ends with an ellipsis. */
	{
		const struct ds_ticket paid[] = { { 1, 0, "" }, { 2, 0, "" } };
		const struct ds_ticket many[] = { { 1, 100, "" }, { 2, 100, "" }, { 3, 100, "" },
		                                  { 4, 100, "" }, { 5, 100, "" } };

		n = detail_summary(rec, paid, 2, 1, &l);
		assert_string_equal(find(l, n, "Open tickets")->value, "none open of 5");
		detail_summary_free(l, n);
		n = detail_summary(rec, many, 5, 1, &l);
		assert_string_equal(find(l, n, "Open tickets")->value,
		                    "5 open, 5.00: #1, #2, #3, \xe2\x80\xa6");
		detail_summary_free(l, n);
	}
	cJSON_Delete(rec);
}

/* A sparse record: no empty lines, zero balance unstyled, no guesses. */
static void test_sparse(void **state)
{
	cJSON *rec = cJSON_Parse("{\"customerID\":\"5\",\"companyName\":\"Acme\",\"balance\":\"0.00\","
	                         "\"balanceAge\":\"0\",\"notes\":null,\"ticketIDs\":null,"
	                         "\"subscriptionIDs\":null,\"subscriptions\":[]}");
	struct ds_line *l;
	size_t n;

	(void)state;
	n = detail_summary(rec, NULL, 0, 1, &l);
	assert_null(find(l, n, "Name"));
	assert_string_equal(find(l, n, "Company")->value, "Acme");
	assert_null(find(l, n, "Address"));
	assert_null(find(l, n, "Phone"));
	assert_null(find(l, n, "Red notes"));
	assert_string_equal(find(l, n, "Balance")->value, "0.00");
	assert_int_equal(find(l, n, "Balance")->style, VS_NORMAL);
	assert_string_equal(find(l, n, "Open tickets")->value, "none");
	assert_string_equal(find(l, n, "Subscriptions")->value, "none active");
	assert_string_equal(find(l, n, "Next service")->value, "none scheduled");
	detail_summary_free(l, n);
	assert_int_equal(detail_summary(NULL, NULL, 0, 1, &l), 0);
	assert_null(l);
	cJSON_Delete(rec);

	/* Status 0 is the list's "inactive"; with no code at all the
	 * service's statusText is all there is. */
	rec = cJSON_Parse("{\"customerID\":\"6\",\"status\":\"0\",\"statusText\":\"Inactive\"}");
	n = detail_summary(rec, NULL, 0, 1, &l);
	assert_string_equal(find(l, n, "Status")->value, "inactive");
	assert_int_equal(find(l, n, "Status")->style, VS_NORMAL);
	detail_summary_free(l, n);
	cJSON_Delete(rec);
	rec = cJSON_Parse("{\"customerID\":\"7\",\"statusText\":\"Frozen\"}");
	n = detail_summary(rec, NULL, 0, 1, &l);
	assert_string_equal(find(l, n, "Status")->value, "Frozen");
	detail_summary_free(l, n);
	cJSON_Delete(rec);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_customer),
		cmocka_unit_test(test_sparse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
