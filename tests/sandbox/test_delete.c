/* test_delete.c: note/delete and route/delete: validation, ownership, visits left on a route, locks, the changelog and what reads see afterwards. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/sbtest.h"

/* The changelog record after before of class_id about ref, or a failure. */
static cJSON *change_after(long long before, int class_id, long long ref)
{
	long long *ids;
	size_t n = sbt_search("changelog", &ids, "changeIDs=%s", sbt_qo(">", sbt_fmt("%lld", before)));
	cJSON *recs = sbt_get("changelog", "changeIDs", ids, n);
	for (cJSON *r = recs->child; r; r = r->next)
		if (sbt_i(r, "classID") == class_id && sbt_i(r, "referenceID") == ref)
			return r;
	fail_msg("no changelog record of class %d about %lld", class_id, ref);
	return NULL;
}

/* note/delete: customerID then contactID required; the note must be that
 * customer's; afterwards search and get no longer have it, and the
 * customer's changelog says what went. */
static void test_note_delete(void **state)
{
	(void)state;
	long long *ids;
	assert_true(sbt_search("note", &ids, "") > 0);
	cJSON *note = sbt_byid("note", ids[0]);
	long long id = ids[0], cust = sbt_i(note, "customerID");

	sbt_err(sbt_call("/note/delete", "contactID=%lld", id), 0, "Missing required parameter: customerID");
	sbt_err(sbt_call("/note/delete", "customerID=%lld", cust), 0, "Missing required parameter: contactID");
	sbt_err(sbt_call("/note/delete", "customerID=%lld&contactID=x", cust), 0, "contactID");
	sbt_err(sbt_call("/note/delete", "customerID=%lld&contactID=%lld", cust + 1, id), 0,
	        "does not belong to customer");
	sbt_err(sbt_call("/note/delete", "customerID=%lld&contactID=999999", cust), 0, "No note");
	/* The refusals changed nothing. */
	assert_int_equal(sbt_i(sbt_byid("note", id), "noteID"), id);

	long long before = sbt_last_change();
	struct sbt_resp *r = sbt_call("/note/delete", "customerID=%lld&contactID=%lld", cust, id);
	sbt_ok(r);
	/* As an update answers: the id, as a string. */
	assert_true(cJSON_IsString(sbt_m(r->json, "result")));
	assert_int_equal(sbt_result(r), id);
	cJSON *ch = change_after(before, 8, cust);
	cJSON *gone = sbt_m(sbt_m(ch, "notes"), "noteID");
	assert_string_equal(sbt_s(gone, "old"), sbt_fmt("%lld", id));
	assert_true(cJSON_IsNull(sbt_m(gone, "new")));

	size_t n = sbt_search("note", &ids, "customerIDs=%lld", cust);
	assert_false(sbt_has(ids, n, id));
	assert_int_equal(cJSON_GetArraySize(sbt_records(sbt_call("/note/get", "noteIDs=%lld", id))), 0);
	sbt_err(sbt_call("/note/delete", "customerID=%lld&contactID=%lld", cust, id), 0, "No note");
}

/* A route of the future with spots, whose visits are all pending and
 * which lets the API cancel them; 0 when the world has none. */
static long long future_route(void)
{
	long long *ids, *appts;
	size_t n = sbt_search("route", &ids, "dateStart=2026-11-25");
	for (size_t i = 0; i < n; i++) {
		cJSON *r = sbt_byid("route", ids[i]);
		long long *spots;
		if (strcmp(sbt_s(r, "lockedRoute"), "0") || strcmp(sbt_s(r, "apiCanSchedule"), "1") ||
		    sbt_search("spot", &spots, "routeID=%lld", ids[i]) < 1)
			continue;
		size_t k = sbt_search("appointment", &appts, "routeIDs=%lld&status=%s", ids[i],
		                      sbt_qo("IN", "[0,1,2]"));
		cJSON *recs = sbt_get("appointment", "appointmentIDs", appts, k);
		int pending = k > 0;
		for (cJSON *a = recs->child; a; a = a->next)
			pending &= !strcmp(sbt_s(a, "status"), "0");
		if (pending)
			return ids[i];
	}
	return 0;
}

/* route/delete: refused while visits remain, naming how many; once they are
 * cancelled the route and its spots go, with a Route changelog record; the
 * cancelled appointments keep their routeID. */
static void test_route_delete(void **state)
{
	(void)state;
	long long route = future_route(), *appts, *spots;
	if (!route)
		skip();
	size_t k = sbt_search("appointment", &appts, "routeIDs=%lld", route);
	assert_true(k > 0);
	sbt_err(sbt_call("/route/delete", ""), 0, "Missing required parameter: routeID");
	sbt_err(sbt_call("/route/delete", "routeID=999999"), 0, "No route");
	struct sbt_resp *r = sbt_call("/route/delete", "routeID=%lld", route);
	sbt_err(r, 0, "move or cancel");
	assert_non_null(strstr(sbt_s(r->json, "errorMessage"), sbt_fmt(" %zu appointment", k)));
	assert_true(sbt_search("spot", &spots, "routeID=%lld", route) > 0);

	for (size_t i = 0; i < k; i++)
		sbt_ok(sbt_call("/appointment/cancel", "appointmentID=%lld", appts[i]));
	long long before = sbt_last_change();
	r = sbt_call("/route/delete", "routeID=%lld", route);
	sbt_ok(r);
	assert_true(cJSON_IsString(sbt_m(r->json, "result")));
	assert_int_equal(sbt_result(r), route);
	cJSON *gone = sbt_m(sbt_m(change_after(before, 3, route), "notes"), "routeID");
	assert_true(cJSON_IsNull(sbt_m(gone, "new")));

	assert_int_equal(cJSON_GetArraySize(sbt_records(sbt_call("/route/get", "routeIDs=%lld", route))), 0);
	assert_int_equal(sbt_search("spot", &spots, "routeID=%lld", route), 0);
	assert_int_equal(sbt_i(sbt_byid("appointment", appts[0]), "routeID"), route);
	sbt_err(sbt_call("/route/delete", "routeID=%lld", route), 0, "No route");
}

/* A locked route refuses the delete unless bypassLockedRoute=1; with it,
 * the visits still hold it. */
static void test_route_delete_locked(void **state)
{
	(void)state;
	long long *ids;
	size_t n = sbt_search("route", &ids, "date=%s", SBT_TODAY);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(sbt_s(sbt_byid("route", ids[i]), "lockedRoute"), "1"))
			continue;
		sbt_err(sbt_call("/route/delete", "routeID=%lld", ids[i]), 0, "bypassLockedRoute");
		sbt_err(sbt_call("/route/delete", "routeID=%lld&bypassLockedRoute=1", ids[i]), 0,
		        "move or cancel");
		assert_int_equal(sbt_i(sbt_byid("route", ids[i]), "routeID"), ids[i]);
		return;
	}
	skip();
}

/* A route with no visits and no spots (just created) goes at once. */
static void test_route_delete_new(void **state)
{
	(void)state;
	long long id = sbt_result(sbt_call("/route/create", "date=2027-03-15&templateID=9001"));
	sbt_ok(sbt_call("/route/delete", "routeID=%lld", id));
	assert_int_equal(cJSON_GetArraySize(sbt_records(sbt_call("/route/get", "routeIDs=%lld", id))), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_note_delete),
		SBT_TEST(test_route_delete),
		SBT_TEST(test_route_delete_locked),
		SBT_TEST(test_route_delete_new),
	};
	return cmocka_run_group_tests(tests, sbt_customers_setup, sbt_customers_teardown);
}
