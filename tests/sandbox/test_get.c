/* test_get.c: get (limit, per-entity id parameters, unknown ids) and by-id for every resource. */
#include "config.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/sbtest.h"

static struct sbt_server *srv;

/* Every resource with search, get and by-id: its get id parameter and the
 * primary key field of its records (api-spec.md, api-behaviour.md). */
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

static int matches(const char *re, const char *s)
{
	regex_t rx;
	assert_int_equal(regcomp(&rx, re, REG_EXTENDED | REG_NOSUB), 0);
	int ok = regexec(&rx, s, 0, NULL, 0) == 0;
	regfree(&rx);
	return ok;
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
		assert_true(matches("^[0-9]{2}:[0-9]{2}:[0-9]{2}$", sbt_s(a, "start")));
		assert_true(matches("^[0-9]{2}:[0-9]{2}:[0-9]{2}$", sbt_s(a, "end")));
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_get_limit),
		SBT_TEST(test_get_parameters),
		SBT_TEST(test_unknown_ids_missing),
		SBT_TEST(test_byid_every_resource),
		SBT_TEST(test_appointments),
		SBT_TEST(test_customer_include_subscriptions),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
