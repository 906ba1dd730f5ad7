/* test_schedule.c: the live service's operations beyond the specification: appointment writes, spots, tasks, offices and lookups, with effects, errors and quota class. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/sbtest.h"

static struct sbt_server *srv;

static int setup(void **state)
{
	/* --no-limits: quotas counted but not enforced. */
	static const char *const args[] = { "--generate", "120", "--seed", SBT_SEED, "--today",
		SBT_TODAY, "--no-limits", NULL };
	(void)state;
	srv = sbt_start(args);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	sbt_free(srv);
	return sbt_test_teardown(NULL);
}

/* The changelog records after before, asserting one is of class_id about ref. */
static void expect_change(long long before, int class_id, long long ref)
{
	long long *ids;
	size_t n = sbt_search("changelog", &ids, "changeIDs=%s", sbt_qo(">", sbt_fmt("%lld", before)));
	cJSON *recs = sbt_get("changelog", "changeIDs", ids, n);
	for (cJSON *r = recs->child; r; r = r->next)
		if (sbt_i(r, "classID") == class_id && sbt_i(r, "referenceID") == ref)
			return;
	fail_msg("no changelog record of class %d about %lld", class_id, ref);
}

static cJSON *route_of(long long id)
{
	return sbt_byid("route", id);
}

/* Routes of today with the given lockedRoute and apiCanSchedule. */
static long long a_route(const char *locked, const char *api)
{
	long long *ids;
	size_t n = sbt_search("route", &ids, "date=%s", SBT_TODAY);
	for (size_t i = 0; i < n; i++) {
		cJSON *r = route_of(ids[i]);
		if (!strcmp(sbt_s(r, "lockedRoute"), locked) && !strcmp(sbt_s(r, "apiCanSchedule"), api))
			return ids[i];
	}
	return 0;
}

/* An open spot of route (0: any unlocked route the API may schedule). */
static cJSON *open_spot(long long route)
{
	long long *ids;
	size_t n = sbt_search("spot", &ids, "date=%s&open=1&apiCanSchedule=1", SBT_TODAY);
	cJSON *spots = sbt_get("spot", "spotIDs", ids, n);
	for (cJSON *s = spots->child; s; s = s->next) {
		long long rid = sbt_i(s, "routeID");
		if (route ? rid == route : !strcmp(sbt_s(route_of(rid), "lockedRoute"), "0"))
			return s;
	}
	fail_msg("no open spot found");
	return NULL;
}

static long long a_service(void)
{
	long long *ids;
	assert_true(sbt_search("serviceType", &ids, "") > 0);
	return ids[0];
}

/* Reads and their answers: offices, spots on every route with a lunch
 * block, the lookups under their propertyName names. */
static void test_reads(void **state)
{
	(void)state;
	long long *ids, *spots;
	assert_int_equal(sbt_search("office", &ids, ""), 2);
	cJSON *o = sbt_records(sbt_call("/office/get", "officeIDs=%lld", ids[0]));
	assert_int_equal(cJSON_GetArraySize(o), 1);
	assert_true(*sbt_s(o->child, "officeName"));
	sbt_s(o->child, "address");

	size_t n = sbt_search("route", &ids, "date=%s", SBT_TODAY);
	assert_true(n > 0);
	for (size_t i = 0; i < n; i++) {
		size_t k = sbt_search("spot", &spots, "routeID=%lld", ids[i]);
		cJSON *recs = sbt_get("spot", "spotIDs", spots, k);
		int lunch = 0;
		assert_true(k > 2);
		for (cJSON *s = recs->child; s; s = s->next) {
			static const char *const order[] = { "spotID", "officeID", "routeID", "date", "start",
				"end", "spotCapacity", "description", "blockReason", "currentAppointment",
				"assignedTech", "apiCanSchedule", "open", "reserved", "reservationEnd",
				"appointmentIDs", "customerIDs", "dateUpdated", NULL };
			sbt_order(s, order);
			assert_true(cJSON_IsArray(sbt_m(s, "appointmentIDs")));
			lunch |= !strcmp(sbt_s(s, "blockReason"), "Lunch");
			assert_int_equal(sbt_i(s, "routeID"), ids[i]);
		}
		assert_true(lunch);
	}
	static const struct {
		const char *entity, *get_param, *member;
	} lookups[] = {
		{ "cancellationReason", "reasonIDs", "cancellationReasons" },
		{ "customerSource", "sourceIDs", "customerSources" },
		{ "appointmentRescheduleReason", "rescheduleReasonIDs", "appointmentRescheduleReasons" },
		{ "reserviceReason", "reserviceReasonIDs", "reserviceReasons" },
		{ "task", "taskIDs", "tasks" },
	};
	for (size_t i = 0; i < sizeof lookups / sizeof lookups[0]; i++) {
		n = sbt_search(lookups[i].entity, &ids, "");
		assert_true(n > 0);
		struct sbt_resp *r = sbt_call(sbt_fmt("/%s/get", lookups[i].entity), "%s=%lld",
		                              lookups[i].get_param, ids[0]);
		sbt_ok(r);
		assert_string_equal(sbt_s(r->json, "propertyName"), lookups[i].member);
		assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, lookups[i].member)), 1);
	}
	/* A customer's sourceID names a customerSource. */
	cJSON *c = sbt_byid("customer", 10000);
	cJSON *src = sbt_records(sbt_call("/customerSource/get", "sourceIDs=%s", sbt_s(c, "sourceID")));
	assert_string_equal(sbt_s(src->child, "source"), sbt_s(c, "source"));
	/* customerFlag/get takes customers' ids and answers their flags. */
	n = sbt_search("customerFlag", &ids, "");
	assert_true(n > 0);
	cJSON *flag = sbt_records(sbt_call("/customerFlag/get", "customerFlagIDs=%lld", ids[0]))->child;
	long long cust = sbt_i(flag, "customerID");
	cJSON *flags = sbt_records(sbt_call("/customerFlag/get", "customerIDs=%lld", cust));
	assert_true(cJSON_GetArraySize(flags) >= 1);
	for (cJSON *f = flags->child; f; f = f->next)
		assert_int_equal(sbt_i(f, "customerID"), cust);
}

/* Note types 0 ("Notes") and 8 are generated, and stray whitespace in names. */
static void test_generated_shapes(void **state)
{
	(void)state;
	long long *ids;
	assert_true(sbt_search("note", &ids, "typeIDs=0") > 0);
	assert_true(sbt_search("note", &ids, "typeIDs=8") > 0);
	/* Stored as live has it, the blank kept. */
	size_t n = sbt_search("customer", &ids, "fname=%s", sbt_qo("STARTSWITH", "\"Pedro\""));
	cJSON *recs = sbt_get("customer", "customerIDs", ids, n);
	int blank = 0;
	for (cJSON *c = recs->child; c; c = c->next)
		blank |= !strcmp(sbt_s(c, "fname"), "Pedro ");
	assert_true(blank);
	assert_int_equal(sbt_search("customer", &ids, "lname=%s",
	                            sbt_qo("STARTSWITH", "\"\\t\"")), 1);
}

/* reserve answers a token; create refuses the reserved spot without it and
 * takes it with it; the spot then names the appointment. */
static void test_reserve_and_create(void **state)
{
	(void)state;
	cJSON *spot = open_spot(0);
	long long sid = sbt_i(spot, "spotID"), cust = 10003, before = sbt_last_change();
	struct sbt_resp *r = sbt_call("/spot/reserve", "spotID=%lld&duration=5", sid);
	sbt_ok(r);
	const char *token = sbt_s(r->json, "result");
	assert_int_equal(strlen(token), 16);
	assert_int_equal(sbt_i(r->json, "spotID"), sid);
	sbt_s(r->json, "reservationEnd");
	expect_change(before, 3, sbt_i(spot, "routeID"));
	assert_string_equal(sbt_s(sbt_byid("spot", sid), "reserved"), "1");
	sbt_err(sbt_call("/spot/reserve", "spotID=%lld", sid), 0, "already reserved");
	sbt_err(sbt_call("/appointment/create", "customerID=%lld&type=%lld&spotID=%lld", cust,
	                 a_service(), sid), 0, "reserved");
	sbt_err(sbt_call("/appointment/create", "customerID=%lld&type=%lld&spotID=%lld&reservation=%s",
	                 cust, a_service(), sid, "0123456789abcdef"), 0, "reservation");
	before = sbt_last_change();
	long long id = sbt_result(sbt_call("/appointment/create",
	                                   "customerID=%lld&type=%lld&spotID=%lld&reservation=%s&notes=%s",
	                                   cust, a_service(), sid, token, sbt_enc("Gate 12")));
	expect_change(before, 4, id);
	cJSON *a = sbt_byid("appointment", id);
	assert_int_equal(sbt_i(a, "spotID"), sid);
	assert_int_equal(sbt_i(a, "routeID"), sbt_i(spot, "routeID"));
	assert_string_equal(sbt_s(a, "date"), SBT_TODAY);
	assert_string_equal(sbt_s(a, "start"), sbt_s(spot, "start"));
	assert_string_equal(sbt_s(a, "status"), "0");
	assert_string_equal(sbt_s(a, "appointmentNotes"), "Gate 12");
	cJSON *s = sbt_byid("spot", sid);
	assert_int_equal(sbt_i(s, "currentAppointment"), id);
	assert_string_equal(sbt_s(s, "open"), "0");
	assert_string_equal(cJSON_GetArrayItem(sbt_m(s, "appointmentIDs"), 0)->valuestring,
	                    sbt_fmt("%lld", id));
	/* rejectOccupiedSpots refuses the taken spot. */
	sbt_err(sbt_call("/appointment/create",
	                 "customerID=%lld&type=%lld&spotID=%lld&rejectOccupiedSpots=1", cust,
	                 a_service(), sid), 0, "occupied");
	/* release frees a reservation; block and unblock answer true. */
	cJSON *other = open_spot(0);
	long long oid = sbt_i(other, "spotID");
	sbt_ok(sbt_call("/spot/reserve", "spotID=%lld", oid));
	r = sbt_call("/spot/release", "spotID=%lld", oid);
	sbt_ok(r);
	assert_string_equal(sbt_s(sbt_byid("spot", oid), "reserved"), "0");
	r = sbt_call("/spot/block", "spotIDs[]=%lld", oid);
	sbt_ok(r);
	assert_true(cJSON_IsTrue(sbt_m(r->json, "result")));
	assert_string_equal(sbt_s(sbt_byid("spot", oid), "blockReason"), "Break");
	assert_string_equal(sbt_s(sbt_byid("spot", oid), "open"), "0");
	sbt_err(sbt_call("/spot/reserve", "spotID=%lld", oid), 0, "not open");
	sbt_ok(sbt_call("/spot/unblock", "spotID=%lld", oid));
	assert_string_equal(sbt_s(sbt_byid("spot", oid), "blockReason"), "");
	assert_string_equal(sbt_s(sbt_byid("spot", oid), "open"), "1");
}

/* update moves an appointment (routeID, spotID, times), notes clear with "". */
static void test_update_moves(void **state)
{
	(void)state;
	cJSON *spot = open_spot(0);
	long long route = sbt_i(spot, "routeID");
	long long id = sbt_result(sbt_call("/appointment/create",
	                                   "customerID=10005&type=%lld&routeID=%lld&start=17:00:00"
	                                   "&duration=45&notes=x", a_service(), route));
	cJSON *a = sbt_byid("appointment", id);
	assert_string_equal(sbt_s(a, "end"), "17:45:00");
	assert_string_equal(sbt_s(a, "duration"), "45");
	long long before = sbt_last_change();
	sbt_result(sbt_call("/appointment/update", "appointmentID=%lld&spotID=%s&notes=", id,
	                    sbt_s(spot, "spotID")));
	expect_change(before, 4, id);
	a = sbt_byid("appointment", id);
	assert_int_equal(sbt_i(a, "spotID"), sbt_i(spot, "spotID"));
	assert_string_equal(sbt_s(a, "start"), sbt_s(spot, "start"));
	assert_string_equal(sbt_s(a, "appointmentNotes"), "");
	assert_int_equal(sbt_i(sbt_byid("spot", sbt_i(spot, "spotID")), "currentAppointment"), id);
	sbt_err(sbt_call("/appointment/update", "appointmentID=%lld&routeID=%lld&spotID=%s", id,
	                 route + 100000, sbt_s(spot, "spotID")), 0, "not on route");
	/* Route 0 names no route: refused, the visit left where it was (it
	 * was taken, and the visit kept its spot and day with routeID 0). */
	sbt_err(sbt_call("/appointment/update", "appointmentID=%lld&routeID=0", id), 0,
	        "No route found with id 0");
	a = sbt_byid("appointment", id);
	assert_int_equal(sbt_i(a, "routeID"), route);
	assert_int_equal(sbt_i(a, "spotID"), sbt_i(spot, "spotID"));
}

/* The highest sequence of route's visits, every status counted; other
 * visits than except must not share seq. */
static long long top_sequence(long long route, long long except, long long seq)
{
	long long *ids, top = 0;
	size_t n = sbt_search("appointment", &ids, "routeIDs=%lld&status=%s", route,
	                      sbt_enc("{\"operator\":\"IN\",\"value\":[-2,-1,0,1,2]}"));
	cJSON *recs = sbt_get("appointment", "appointmentIDs", ids, n);
	for (cJSON *a = recs->child; a; a = a->next) {
		if (sbt_i(a, "appointmentID") == except)
			continue;
		if (sbt_i(a, "sequence") == seq)
			fail_msg("appointment %lld shares sequence %lld with %lld on route %lld",
			         sbt_i(a, "appointmentID"), seq, except, route);
		if (sbt_i(a, "sequence") > top)
			top = sbt_i(a, "sequence");
	}
	return top;
}

/* A visit that joins a route, moved from another or created on it, comes
 * after the route's last stop: its old route's sequence tied it with a
 * stop of the new one, and a created visit's 0 put it first.  A write
 * that leaves the route alone leaves the sequence alone. */
static void test_route_sequence(void **state)
{
	(void)state;
	long long *routes, *stops;
	size_t n = sbt_search("route", &routes, "date=%s&apiCanSchedule=1", SBT_TODAY), i;
	long long from = 0, to = 0, id = 0;
	for (i = 0; i < n && !to; i++) {
		cJSON *r = route_of(routes[i]);
		if (strcmp(sbt_s(r, "lockedRoute"), "0") ||
		    !sbt_search("appointment", &stops, "routeIDs=%lld&status=0", routes[i]))
			continue;
		if (!from)
			from = routes[i], id = stops[0];
		else
			to = routes[i];
	}
	if (!to)
		skip();
	sbt_ok(sbt_call("/appointment/update", "appointmentID=%lld&routeID=%lld", id, to));
	cJSON *a = sbt_byid("appointment", id);
	assert_int_equal(sbt_i(a, "routeID"), to);
	long long seq = sbt_i(a, "sequence");
	assert_int_equal(seq, top_sequence(to, id, seq) + 1);
	/* Staying on the route keeps the number. */
	sbt_ok(sbt_call("/appointment/update", "appointmentID=%lld&routeID=%lld&duration=40", id, to));
	assert_int_equal(sbt_i(sbt_byid("appointment", id), "sequence"), seq);
	/* Created on a route: after the last stop again, not 0. */
	long long made = sbt_result(sbt_call("/appointment/create",
	                                     "customerID=10010&type=%lld&routeID=%lld&start=17:30:00",
	                                     a_service(), to));
	assert_int_equal(sbt_i(sbt_byid("appointment", made), "sequence"), seq + 1);
	/* Created on no route: no place in any route's order. */
	made = sbt_result(sbt_call("/appointment/create", "customerID=10010&type=%lld", a_service()));
	assert_string_equal(sbt_s(sbt_byid("appointment", made), "sequence"), "0");
}

/* Locked routes refuse unless bypassLockedRoute=1; apiCanSchedule 0
 * refuses with a clear message. */
static void test_route_rules(void **state)
{
	(void)state;
	long long locked = a_route("1", "1"), closed = a_route("0", "0");
	if (!locked || !closed)
		skip();
	sbt_err(sbt_call("/appointment/create", "customerID=10006&type=%lld&routeID=%lld&start=16:00:00",
	                 a_service(), locked), 0, "locked");
	long long id = sbt_result(sbt_call("/appointment/create",
	                                   "customerID=10006&type=%lld&routeID=%lld&start=16:00:00"
	                                   "&bypassLockedRoute=1", a_service(), locked));
	sbt_err(sbt_call("/appointment/cancel", "appointmentID=%lld", id), 0, "bypassLockedRoute");
	sbt_ok(sbt_call("/appointment/cancel", "appointmentID=%lld&bypassLockedRoute=1", id));
	sbt_err(sbt_call("/appointment/create", "customerID=10006&type=%lld&routeID=%lld&start=16:00:00",
	                 a_service(), closed), 0, "administrator");
}

/* Only customerID and type are required (the live service): without a
 * spot or a route the visit is unrouted, routeID "0", in the customer's
 * office, and can be updated, cancelled and completed like any other. */
static void test_unrouted_create(void **state)
{
	(void)state;
	long long before = sbt_last_change();
	long long id = sbt_result(sbt_call("/appointment/create",
	                                   "customerID=10006&type=%lld&start=10:00:00&duration=30",
	                                   a_service()));
	expect_change(before, 4, id);
	cJSON *a = sbt_byid("appointment", id);
	assert_string_equal(sbt_s(a, "routeID"), "0");
	assert_string_equal(sbt_s(a, "spotID"), "0");
	assert_string_equal(sbt_s(a, "end"), "10:30:00");
	assert_string_equal(sbt_s(a, "officeID"), sbt_s(sbt_byid("customer", 10006), "officeID"));
	sbt_ok(sbt_call("/appointment/update", "appointmentID=%lld&duration=45", id));
	assert_string_equal(sbt_s(sbt_byid("appointment", id), "end"), "10:45:00");
	sbt_ok(sbt_call("/appointment/cancel", "appointmentID=%lld", id));
	/* Still required: the customer and the type, the first missing named. */
	sbt_err(sbt_call("/appointment/create", "type=%lld", a_service()), 0,
	        "Missing required parameter: customerID");
	sbt_err(sbt_call("/appointment/create", "customerID=10006"), 0,
	        "Missing required parameter: type");
	sbt_err(sbt_call("/appointment/create", "customerID=10006&type=%lld&routeID=999999",
	                 a_service()), 0, "No route");
}

/* cancel: status -1, Cancelled, dateCancelled, cancelledBy; complete:
 * status 1 or 2 and the visit's ticket with the appointmentID. */
static void test_cancel_and_complete(void **state)
{
	(void)state;
	long long route = sbt_i(open_spot(0), "routeID");
	long long a1 = sbt_result(sbt_call("/appointment/create",
	                                   "customerID=10007&type=%lld&routeID=%lld&start=18:00:00",
	                                   a_service(), route));
	long long before = sbt_last_change();
	struct sbt_resp *r = sbt_call("/appointment/cancel",
	                              "appointmentID=%lld&cancelReason=%s&cancelledBy=10002", a1,
	                              sbt_enc("Customer moved"));
	sbt_ok(r);
	assert_true(cJSON_IsNumber(sbt_m(r->json, "result")));
	expect_change(before, 4, a1);
	cJSON *a = sbt_byid("appointment", a1);
	assert_string_equal(sbt_s(a, "status"), "-1");
	assert_string_equal(sbt_s(a, "statusText"), "Cancelled");
	assert_true(strncmp(sbt_s(a, "dateCancelled"), "0000", 4) != 0);
	assert_string_equal(sbt_s(a, "cancelledBy"), "10002");
	sbt_err(sbt_call("/appointment/cancel", "appointmentID=%lld", a1), 0, "already cancelled");
	/* A cancelled visit is no longer found by default. */
	long long *ids;
	size_t n = sbt_search("appointment", &ids, "routeIDs=%lld", route);
	assert_false(sbt_has(ids, n, a1));

	long long a2 = sbt_result(sbt_call("/appointment/create",
	                                   "customerID=10007&type=%lld&routeID=%lld&start=18:30:00",
	                                   a_service(), route));
	sbt_err(sbt_call("/appointment/complete", "appointmentID=%lld&status=3", a2), 0, "status");
	before = sbt_last_change();
	r = sbt_call("/appointment/complete", "appointmentID=%lld&status=1&completionNotes=%s"
	             "&officeNotes=%s&timeIn=%s", a2, sbt_enc("Done"), sbt_enc("Paid cash"),
	             sbt_enc(SBT_TODAY " 18:31:00"));
	assert_int_equal(sbt_result(r), a2);
	long long tid = sbt_i(r->json, "ticketID");
	expect_change(before, 4, a2);
	expect_change(before, 5, tid);
	a = sbt_byid("appointment", a2);
	assert_string_equal(sbt_s(a, "status"), "1");
	assert_string_equal(sbt_s(a, "statusText"), "Completed");
	assert_string_equal(sbt_s(a, "notes"), "Done");
	assert_string_equal(sbt_s(a, "officeNotes"), "Paid cash");
	assert_string_equal(sbt_s(a, "timeIn"), SBT_TODAY " 18:31:00");
	assert_int_equal(sbt_i(a, "ticketID"), tid);
	cJSON *t = sbt_byid("ticket", tid);
	assert_int_equal(sbt_i(t, "appointmentID"), a2);
	assert_string_equal(sbt_s(t, "templateType"), "NA"); /* no template, as generated */
	assert_int_equal(sbt_i(t, "customerID"), 10007);
	assert_string_equal(sbt_s(t, "invoiceDate"), SBT_TODAY);
	sbt_err(sbt_call("/appointment/complete", "appointmentID=%lld&status=1", a2), 0, "not pending");
	sbt_err(sbt_call("/appointment/cancel", "appointmentID=%lld", a2), 0, "completed");
	/* No show: status 2. */
	long long a3 = sbt_result(sbt_call("/appointment/create",
	                                   "customerID=10008&type=%lld&routeID=%lld&start=19:00:00",
	                                   a_service(), route));
	sbt_ok(sbt_call("/appointment/complete", "appointmentID=%lld&status=2", a3));
	assert_string_equal(sbt_s(sbt_byid("appointment", a3), "statusText"), "No Show");
}

/* task/create, and the reads and writes counted as live counts them. */
static void test_task_and_quota_class(void **state)
{
	(void)state;
	long long before = sbt_last_change();
	struct sbt_resp *r = sbt_call("/task/create", "customerID=10009&description=%s&dueDate=%s",
	                              sbt_enc("Call back"), SBT_TODAY);
	long long id = sbt_result(r);
	expect_change(before, 62, id);
	cJSON *t = sbt_byid("task", id);
	assert_string_equal(sbt_s(t, "description"), "Call back");
	assert_string_equal(sbt_s(t, "completed"), "0");
	sbt_err(sbt_call("/task/create", "customerID=10009"), 0, "description");

	/* One read, then one write, each seen in the next answer's counters. */
	r = sbt_call("/spot/search", "date=%s", SBT_TODAY);
	sbt_ok(r);
	cJSON *u1 = sbt_m(r->json, "tokenUsage");
	double r1 = sbt_m(u1, "requestsReadToday")->valuedouble;
	double w1 = sbt_m(u1, "requestsWriteToday")->valuedouble;
	r = sbt_call("/office/search", "");
	cJSON *u2 = sbt_m(r->json, "tokenUsage");
	assert_true(sbt_m(u2, "requestsReadToday")->valuedouble == r1 + 1);
	assert_true(sbt_m(u2, "requestsWriteToday")->valuedouble == w1);
	r = sbt_call("/spot/block", "spotID=%s", sbt_s(open_spot(0), "spotID"));
	cJSON *u3 = sbt_m(r->json, "tokenUsage");
	assert_true(sbt_m(u3, "requestsWriteToday")->valuedouble == w1 + 1);
}

/* What the sandbox does not serve answers a clear error, never success. */
static void test_unknown_is_an_error(void **state)
{
	(void)state;
	sbt_err(sbt_call("/ticket/delete", "ticketID=1"), 404, "Unknown endpoint");
	sbt_err(sbt_call("/spot/create", "routeID=1"), 404, "Unknown endpoint");
	sbt_err(sbt_call("/task/update", "taskID=1"), 404, "Unknown endpoint");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_reads),
		SBT_TEST(test_generated_shapes),
		SBT_TEST(test_reserve_and_create),
		SBT_TEST(test_update_moves),
		SBT_TEST(test_route_sequence),
		SBT_TEST(test_route_rules),
		SBT_TEST(test_unrouted_create),
		SBT_TEST(test_cancel_and_complete),
		SBT_TEST(test_task_and_quota_class),
		SBT_TEST(test_unknown_is_an_error),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
