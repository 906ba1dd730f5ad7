/* test_get.c: get (limit, per-entity id parameters, unknown ids) and by-id for every resource. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/sbtest.h"

static struct sbt_server *srv;

/* Every resource with search, get and by-id: its get id parameter and the
 * primary key field of its records (the specification, and the live service). */
static const struct {
	const char *entity, *param, *pk;
} resources[] = {
	{ "customer", "customerIDs", "customerID" },
	{ "subscription", "subscriptionIDs", "subscriptionID" },
	{ "ticket", "ticketIDs", "ticketID" },
	{ "product", "productIDs", "productID" },
	{ "note", "noteIDs", "noteID" },
	{ "route", "routeIDs", "routeID" },
	{ "appointment", "appointmentIDs", "appointmentID" },
	{ "employee", "employeeIDs", "employeeID" },
	{ "paymentProfile", "paymentProfileIDs", "paymentProfileID" },
	{ "chemicalUse", "chemicalUseIDs", "chemicalUseID" },
	{ "chemical", "chemicalIDs", "chemicalID" },
	{ "region", "regionIDs", "regionID" },
	{ "genericFlagAssignment", "genericFlagAssignmentIDs", "genericFlagAssignmentID" },
	/* The ones whose get parameter is not {entity}IDs. */
	{ "serviceType", "typeIDs", "typeID" },
	{ "timeClock", "entryIDs", "entryID" },
	{ "timeClockCategory", "clockCategoryIDs", "clockCategoryID" },
	{ "form", "contractIDs", "formID" },
	{ "document", "uploadIDs", "uploadID" },
	{ "review", "feedbackIDs", "feedbackID" },
	{ "appointmentReminder", "reminderIDs", "reminderID" },
	{ "changelog", "changeIDs", "changeID" },
	{ "applicationMethod", "applciationMethodIDs", "applicationMethodID" },
	{ "applicationMethod", "applicationMethodIDs", "applicationMethodID" },
};
#define N_RESOURCES (sizeof resources / sizeof resources[0])

static int setup(void **state)
{
	static const char *const args[] = { SBT_DEFAULT_ARGS, NULL };
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

static void test_get_limit(void **state)
{
	(void)state;
	long long *real, ids[1001];
	size_t n = sbt_search("customer", &real, "");
	assert_true(n >= 200);
	/* 1000 ids, the real ones first: every real customer comes back. */
	for (size_t i = 0; i < 1001; i++)
		ids[i] = i < n ? real[i] : 900000000LL + (long long)i;
	struct sbt_resp *r = sbt_call("/customer/get", "customerIDs=%s", sbt_enc(sbt_idlist(ids, 1000)));
	cJSON *recs = sbt_records(r);
	assert_int_equal(cJSON_GetArraySize(recs), n);
	assert_int_equal(sbt_m(r->json, "count")->valueint, n);
	/* 1001 is refused. */
	r = sbt_call("/customer/get", "customerIDs=%s", sbt_enc(sbt_idlist(ids, 1001)));
	sbt_err(r, 0, "1000");
	sbt_alive();
}

/* A JSON body (credentials last) with a real array of 1001 ids gets the
 * clear "Too many ids", not the credentials cut: its elements are not
 * input variables.  A JSON search of 2001 ids runs whole. */
static void test_json_body_ids(void **state)
{
	(void)state;
	long long *real, ids[2001];
	size_t n = sbt_search("customer", &real, "");
	for (size_t i = 0; i < 2001; i++)
		ids[i] = i < n ? real[i] : 900000000LL + (long long)i;
	struct sbt_request rq = {
		.path = "/customer/get",
		.content_type = "application/json",
		.body = sbt_fmt("{\"customerIDs\":%s,\"authenticationKey\":\"%s\","
		                "\"authenticationToken\":\"%s\"}", sbt_idlist(ids, 1001), sbt_key(),
		                sbt_token()),
	};
	sbt_err(sbt_request(&rq), 200, "Too many ids in customerIDs: a maximum of 1000 ids");
	rq.path = "/customer/search";
	rq.body = sbt_fmt("{\"customerIDs\":%s,\"authenticationKey\":\"%s\","
	                  "\"authenticationToken\":\"%s\"}", sbt_idlist(ids, 2001), sbt_key(),
	                  sbt_token());
	long long *got;
	assert_int_equal(sbt_ids(sbt_request(&rq), &got), n);
	/* The query string is still cut: 1001 pairs there drop the token. */
	size_t cap = 1001 * 40 + 256, len = 0;
	char *q = sbt_keep(malloc(cap));
	for (size_t i = 0; i < 1001; i++)
		len += (size_t)snprintf(q + len, cap - len, "customerIDs[]=%lld&", real[i % n]);
	snprintf(q + len, cap - len, "%s", sbt_auth());
	sbt_err(sbt_getq("/customer/get", q), 401, "Authentication");
}

static void test_get_parameters(void **state)
{
	(void)state;
	for (size_t i = 0; i < N_RESOURCES; i++) {
		long long *ids;
		size_t n = sbt_search(resources[i].entity, &ids, "");
		if (n == 0) {
			sbt_note("%s: the generated data have no record", resources[i].entity);
			fail();
		}
		if (n > 5)
			n = 5;
		struct sbt_resp *r = sbt_call(sbt_fmt("/%s/get", resources[i].entity), "%s=%s",
		                              resources[i].param, sbt_enc(sbt_idlist(ids, n)));
		if (!r->json || !cJSON_IsTrue(cJSON_GetObjectItem(r->json, "success")))
			sbt_note("%s/get with %s:", resources[i].entity, resources[i].param);
		cJSON *recs = sbt_records(r);
		if ((size_t)cJSON_GetArraySize(recs) != n) {
			sbt_note("%s/get with %s=%s answered %d records, not %zu", resources[i].entity,
			         resources[i].param, sbt_idlist(ids, n), cJSON_GetArraySize(recs), n);
			sbt_dump(r);
			fail();
		}
		for (size_t k = 0; k < n; k++) {
			if (!sbt_find(recs, resources[i].pk, ids[k])) {
				sbt_note("%s/get: no record with %s %lld", resources[i].entity,
				         resources[i].pk, ids[k]);
				sbt_dump(r);
				fail();
			}
		}
		/* The parameter was used, not ignored. */
		assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);
		assert_true(cJSON_IsNumber(sbt_m(r->json, "count")));
	}
}

static void test_unknown_ids_missing(void **state)
{
	(void)state;
	struct sbt_resp *r = sbt_call("/ticket/get", "ticketIDs=%s", sbt_enc("[999999999]"));
	sbt_ok(r);
	assert_string_equal(sbt_s(r->json, "propertyName"), "tickets");
	cJSON *t = sbt_m(r->json, "tickets");
	assert_true(cJSON_IsArray(t));
	assert_int_equal(cJSON_GetArraySize(t), 0);
	assert_int_equal(sbt_m(r->json, "count")->valueint, 0);

	long long *ids;
	size_t n = sbt_search("ticket", &ids, "");
	assert_true(n > 0);
	r = sbt_call("/ticket/get", "ticketIDs=%s", sbt_enc(sbt_fmt("[999999998,%lld,999999999]", ids[0])));
	cJSON *recs = sbt_records(r);
	assert_int_equal(cJSON_GetArraySize(recs), 1);
	assert_int_equal(sbt_i(recs->child, "ticketID"), ids[0]);
}

static void test_byid_every_resource(void **state)
{
	(void)state;
	for (size_t i = 0; i < N_RESOURCES; i++) {
		if (i && !strcmp(resources[i].entity, resources[i - 1].entity))
			continue;
		long long *ids;
		size_t n = sbt_search(resources[i].entity, &ids, "");
		assert_true(n > 0);
		long long id = ids[n / 2];
		struct sbt_resp *r = sbt_call0(sbt_fmt("/%s/%lld", resources[i].entity, id));
		sbt_ok(r);
		const char *prop = sbt_s(r->json, "propertyName");
		if (strcmp(prop, resources[i].entity) != 0) {
			sbt_note("/%s/%lld: propertyName \"%s\", not the singular \"%s\"",
			         resources[i].entity, id, prop, resources[i].entity);
			fail();
		}
		cJSON *rec = sbt_m(r->json, prop);
		assert_true(cJSON_IsObject(rec));
		assert_int_equal(sbt_i(rec, resources[i].pk), id);
		/* by-id answers what get answers, possibly with more members. */
		cJSON *g = cJSON_GetArrayItem(sbt_get(resources[i].entity, resources[i].param, &id, 1), 0);
		assert_non_null(g);
		for (cJSON *m = g->child; m; m = m->next) {
			cJSON *b = cJSON_GetObjectItemCaseSensitive(rec, m->string);
			if (!b || !cJSON_Compare(m, b, 1)) {
				sbt_note("%s %lld: member %s differs between get and by-id",
				         resources[i].entity, id, m->string);
				fail();
			}
		}
	}
}

/* The route review's reads: today's routes, their appointments, by-id. */
static void test_appointments(void **state)
{
	(void)state;
	long long *routes, *appts;
	size_t nr = sbt_search("route", &routes, "date=%s", SBT_TODAY);
	assert_true(nr > 0);
	struct sbt_resp *r = sbt_call("/appointment/search", "routeIDs=%s&includeData=1",
	                              sbt_enc(sbt_idlist(routes, nr)));
	size_t na = sbt_ids(r, &appts);
	assert_true(na > 0);
	assert_string_equal(sbt_s(r->json, "propertyName"), "appointmentIDs");
	assert_string_equal(sbt_s(r->json, "propertyNameData"), "appointments");
	cJSON *recs = sbt_m(r->json, "appointments");
	assert_int_equal(cJSON_GetArraySize(recs), na);
	static const char *const fields[] = { "appointmentID", "officeID", "customerID",
		"subscriptionID", "routeID", "date", "start", "end", "type", "status",
		"statusText", "assignedTech", "dateUpdated", NULL };
	for (cJSON *a = recs->child; a; a = a->next) {
		for (int f = 0; fields[f]; f++)
			(void)sbt_s(a, fields[f]);
		assert_true(sbt_has(routes, nr, sbt_i(a, "routeID")));
		assert_memory_equal(sbt_s(a, "date"), SBT_TODAY, 10);
		assert_true(sbt_matches("^[0-9]{2}:[0-9]{2}:[0-9]{2}$", sbt_s(a, "start")));
		assert_true(sbt_matches("^[0-9]{2}:[0-9]{2}:[0-9]{2}$", sbt_s(a, "end")));
		const char *st = sbt_s(a, "status");
		assert_true(!strcmp(st, "0") || !strcmp(st, "1")); /* the default filter */
	}
	cJSON *got = sbt_get("appointment", "appointmentIDs", appts, na);
	assert_int_equal(cJSON_GetArraySize(got), na);
	assert_true(cJSON_Compare(got, recs, 1));
	cJSON *one = sbt_byid("appointment", appts[0]);
	assert_int_equal(sbt_i(one, "appointmentID"), appts[0]);
	/* The customers of those stops, one get. */
	long long *cust = sbt_keep(calloc(na, sizeof *cust));
	size_t nc = 0;
	for (cJSON *a = recs->child; a; a = a->next) {
		long long c = sbt_i(a, "customerID");
		if (!sbt_has(cust, nc, c))
			cust[nc++] = c;
	}
	assert_int_equal(cJSON_GetArraySize(sbt_get("customer", "customerIDs", cust, nc)), nc);
}

static void test_customer_include_subscriptions(void **state)
{
	(void)state;
	long long *subs;
	size_t ns = sbt_search("subscription", &subs, "");
	assert_true(ns > 0);
	cJSON *s = cJSON_GetArrayItem(sbt_get("subscription", "subscriptionIDs", subs, 1), 0);
	long long cust = sbt_i(s, "customerID");
	size_t nmine = sbt_search("subscription", &subs, "customerIDs=%lld", cust);
	assert_true(nmine > 0);

	struct sbt_resp *r = sbt_call("/customer/get", "customerIDs=%lld&includeSubscriptions=1", cust);
	cJSON *rec = cJSON_GetArrayItem(sbt_records(r), 0);
	assert_non_null(rec);
	cJSON *arr = sbt_m(rec, "subscriptions");
	assert_true(cJSON_IsArray(arr));
	for (size_t i = 0; i < nmine; i++)
		assert_non_null(sbt_find(arr, "subscriptionID", subs[i]));
	for (cJSON *e = arr->child; e; e = e->next)
		assert_int_equal(sbt_i(e, "customerID"), cust);
	/* Without the flag there is no such member. */
	r = sbt_call("/customer/get", "customerIDs=%lld", cust);
	rec = cJSON_GetArrayItem(sbt_records(r), 0);
	assert_false(cJSON_HasObjectItem(rec, "subscriptions"));
	/* includeCancellationReason adds cancellationNotes. */
	r = sbt_call("/customer/get", "customerIDs=%lld&includeCancellationReason=1", cust);
	rec = cJSON_GetArrayItem(sbt_records(r), 0);
	assert_true(cJSON_IsArray(sbt_m(rec, "cancellationNotes")));
	/* subscription get takes includeCancellationReason too. */
	r = sbt_call("/subscription/get", "subscriptionIDs=%lld&includeCancellationReason=1", subs[0]);
	rec = cJSON_GetArrayItem(sbt_records(r), 0);
	assert_true(cJSON_IsArray(sbt_m(rec, "cancellationNotes")));
}

/* Members of with that without lacks, as a '|'-joined list. */
static const char *new_members(const cJSON *with, const cJSON *without)
{
	char *out = sbt_fmt("%s", "");
	for (cJSON *m = with->child; m; m = m->next)
		if (!cJSON_HasObjectItem(without, m->string))
			out = sbt_fmt("%s%s%s", out, *out ? "|" : "", m->string);
	return out;
}

static void test_customer_other_flags(void **state)
{
	(void)state;
	static const char *const flags[] = { "includeCustomerFlag", "includeAdditionalContacts" };
	long long *ids;
	assert_true(sbt_search("customer", &ids, "") > 0);
	cJSON *plain = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", ids, 1), 0);
	for (size_t i = 0; i < 2; i++) {
		struct sbt_resp *r = sbt_call("/customer/get", "customerIDs=%lld&%s=1", ids[0], flags[i]);
		cJSON *rec = cJSON_GetArrayItem(sbt_records(r), 0);
		assert_non_null(rec);
		assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);
		const char *added = new_members(rec, plain);
		if (!*added || strchr(added, '|'))
			fail_msg("%s=1 adds \"%s\", not one member", flags[i], added);
		assert_true(cJSON_IsArray(sbt_m(rec, added)));
	}
}

static void test_review_flags(void **state)
{
	(void)state;
	long long *ids;
	assert_true(sbt_search("review", &ids, "") > 0);
	long long id = ids[0];
	const char *text = "Call 214-555-0142 or mail bob@example.com, card 4111 1111 1111 1111. "
	                   "This shit works.";
	sbt_ok(sbt_call("/review/update", "feedbackID=%lld&feedback=%s", id, sbt_enc(text)));
	cJSON *plain = cJSON_GetArrayItem(sbt_get("review", "feedbackIDs", &id, 1), 0);
	assert_string_equal(sbt_s(plain, "feedback"), text);
	long long cust = sbt_i(plain, "customerID");

	struct sbt_resp *r = sbt_call("/review/get", "feedbackIDs=%lld&pruneSensitiveInfo=1", id);
	const char *fb = sbt_s(cJSON_GetArrayItem(sbt_records(r), 0), "feedback");
	if (strstr(fb, "555-0142") || strstr(fb, "bob@example.com") || strstr(fb, "4111 1111"))
		fail_msg("pruneSensitiveInfo left \"%s\"", fb);
	assert_non_null(strstr(fb, "shit")); /* only what was asked */

	r = sbt_call("/review/get", "feedbackIDs=%lld&pruneProfanity=1", id);
	fb = sbt_s(cJSON_GetArrayItem(sbt_records(r), 0), "feedback");
	if (strstr(fb, "shit"))
		fail_msg("pruneProfanity left \"%s\"", fb);
	assert_non_null(strstr(fb, "bob@example.com"));
	/* by-id takes the same flags. */
	r = sbt_call(sbt_fmt("/review/%lld", id), "pruneProfanity=1&pruneSensitiveInfo=1");
	sbt_ok(r);
	fb = sbt_s(sbt_m(r->json, "review"), "feedback");
	assert_null(strstr(fb, "shit"));
	assert_null(strstr(fb, "bob@example.com"));

	/* includeCustomers adds the customer. */
	r = sbt_call("/review/get", "feedbackIDs=%lld&includeCustomers=1", id);
	cJSON *rec = cJSON_GetArrayItem(sbt_records(r), 0);
	const char *added = new_members(rec, plain);
	assert_true(*added && !strchr(added, '|'));
	cJSON *c = sbt_m(rec, added);
	if (cJSON_IsArray(c))
		c = cJSON_GetArrayItem(c, 0);
	assert_true(cJSON_IsObject(c));
	assert_int_equal(sbt_i(c, "customerID"), cust);
}

static void test_route_distance_parameters(void **state)
{
	(void)state;
	long long *ids;
	size_t n = sbt_search("route", &ids, "date=%s", SBT_TODAY);
	assert_true(n > 0);
	struct sbt_resp *r = sbt_call("/route/get", "routeIDs=%s&latitude=32.78&longitude=-96.80&maxDistance=5000",
	                              sbt_enc(sbt_idlist(ids, n)));
	assert_int_equal(cJSON_GetArraySize(sbt_records(r)), n);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);
	r = sbt_call(sbt_fmt("/route/%lld", ids[0]), "latitude=32.78&longitude=-96.80");
	sbt_ok(r);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);
	/* includeData on a route search takes them too. */
	r = sbt_call("/route/search", "date=%s&includeData=1&latitude=32.78&longitude=-96.80", SBT_TODAY);
	sbt_ok(r);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "routes")), n);

	/* maxDistance keeps the routes whose average lies within that many
	 * miles of the reference: measured here on the same flat map, with
	 * half a mile either way for rounding. */
	cJSON *all = sbt_get("route", "routeIDs", ids, n);
	double lat = sbt_d(all->child, "averageLatitude"), lng = sbt_d(all->child, "averageLongitude");
	size_t near = 0;
	r = sbt_call("/route/get", "routeIDs=%s&latitude=%.6f&longitude=%.6f&maxDistance=20",
	             sbt_enc(sbt_idlist(ids, n)), lat, lng);
	cJSON *kept = sbt_records(r);
	for (cJSON *rt = all->child; rt; rt = rt->next) {
		double dy = (sbt_d(rt, "averageLatitude") - lat) * 69.0;
		double dx = (sbt_d(rt, "averageLongitude") - lng) * 69.0 * cos(lat * M_PI / 180.0);
		double miles = sqrt(dx * dx + dy * dy);
		int in = sbt_find(kept, "routeID", sbt_i(rt, "routeID")) != NULL;

		if ((in && miles > 20.5) || (!in && miles < 19.5))
			fail_msg("route %lld, %.1f miles away, %s by maxDistance=20", sbt_i(rt, "routeID"),
			         miles, in ? "kept" : "dropped");
		near += in;
	}
	assert_true(near >= 1 && near < n); /* the reference's own route; not the other office */
	/* Without a reference, from each route's office: a far limit keeps all. */
	r = sbt_call("/route/get", "routeIDs=%s&maxDistance=500", sbt_enc(sbt_idlist(ids, n)));
	assert_int_equal(cJSON_GetArraySize(sbt_records(r)), n);
	/* Bad values are refused, not ignored. */
	sbt_err(sbt_call("/route/get", "routeIDs=%lld&latitude=32.78", ids[0]), 0, "latitude");
	sbt_err(sbt_call("/route/get", "routeIDs=%lld&maxDistance=far", ids[0]), 0, "maxDistance");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_get_limit),
		SBT_TEST(test_json_body_ids),
		SBT_TEST(test_get_parameters),
		SBT_TEST(test_unknown_ids_missing),
		SBT_TEST(test_byid_every_resource),
		SBT_TEST(test_appointments),
		SBT_TEST(test_customer_include_subscriptions),
		SBT_TEST(test_customer_other_flags),
		SBT_TEST(test_review_flags),
		SBT_TEST(test_route_distance_parameters),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
