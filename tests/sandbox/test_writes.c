/* test_writes.c: every create and update, read back, each leaving a changelog record. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/sbtest.h"

/* The changelog's notes member as a new JSON value (it may travel as JSON
 * text); the caller deletes it. */
static cJSON *notes_json(const cJSON *rec)
{
	cJSON *n = sbt_m(rec, "notes");
	if (cJSON_IsString(n)) {
		cJSON *parsed = cJSON_Parse(n->valuestring);
		if (!parsed) {
			sbt_note("changelog notes is not JSON: %s", n->valuestring);
			fail();
		}
		return parsed;
	}
	assert_true(cJSON_IsObject(n) || cJSON_IsArray(n));
	return cJSON_Duplicate(n, 1);
}

/* Asserts changelog records appeared after `before`; when class_id is not 0,
 * one of them is of that class about ref.  Returns that record (or the
 * first new one). */
static cJSON *expect_change(long long before, int class_id, long long ref, const char *what)
{
	long long *ids;
	size_t n = sbt_search("changelog", &ids, "changeIDs=%s", sbt_qo(">", sbt_fmt("%lld", before)));
	if (n == 0) {
		sbt_note("%s: no changelog record appended", what);
		fail();
	}
	cJSON *recs = sbt_get("changelog", "changeIDs", ids, n);
	assert_int_equal(cJSON_GetArraySize(recs), n);
	if (!class_id)
		return recs->child;
	for (cJSON *r = recs->child; r; r = r->next)
		if (sbt_i(r, "classID") == class_id && sbt_i(r, "referenceID") == ref)
			return r;
	sbt_note("%s: no new changelog record with classID %d and referenceID %lld", what,
	         class_id, ref);
	char *text = cJSON_PrintUnformatted(recs);
	sbt_note("%s", text);
	free(text);
	fail();
	return NULL;
}

/* The one record of entity id through get. */
static cJSON *get1(const char *entity, const char *param, long long id)
{
	cJSON *recs = sbt_get(entity, param, &id, 1);
	cJSON *rec = cJSON_GetArrayItem(recs, 0);
	if (!rec)
		fail_msg("%s %lld cannot be read back through get", entity, id);
	return rec;
}

/* A numeric string member compares equal to v (amounts may be reformatted). */
static void assert_amount(const cJSON *rec, const char *name, double v)
{
	double got = sbt_d(rec, name);
	if (fabs(got - v) > 0.001)
		fail_msg("%s is %s, not %.2f", name, sbt_s(rec, name), v);
}

static void test_customer(void **state)
{
	(void)state;
	long long before = sbt_last_change();
	struct sbt_resp *r = sbt_call("/customer/create",
	                              "fname=Ada&lname=Lovelace&spouse=Charles&address=%s&city=Austin"
	                              "&state=TX&zip=78701&billToAccountID=0",
	                              sbt_enc("12 Analytical Way"));
	long long id = sbt_result(r);
	assert_true(cJSON_IsString(sbt_m(r->json, "result")));
	expect_change(before, 8, id, "customer/create");
	cJSON *c = get1("customer", "customerIDs", id);
	assert_string_equal(sbt_s(c, "fname"), "Ada");
	assert_string_equal(sbt_s(c, "lname"), "Lovelace");
	assert_string_equal(sbt_s(c, "spouse"), "Charles");
	assert_string_equal(sbt_s(c, "address"), "12 Analytical Way");
	assert_string_equal(sbt_s(c, "city"), "Austin");
	assert_string_equal(sbt_s(c, "state"), "TX");
	assert_string_equal(sbt_s(c, "zip"), "78701");
	assert_string_equal(sbt_s(c, "balance"), "0.00");
	/* Every field as live carries it on a new record: nobody is "0", no
	 * text "", no auto pay "No"; null only where live sends null. */
	assert_string_equal(sbt_s(c, "addedByID"), "0");
	assert_string_equal(sbt_s(c, "preferredTechID"), "0");
	assert_string_equal(sbt_s(c, "email"), "");
	assert_string_equal(sbt_s(c, "aPay"), "No");
	assert_string_equal(sbt_s(c, "maxMonthlyCharge"), "0.00");
	assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(c, "source")));
	/* Rates and coordinates in six decimals, as live ("taxRate":"0.000000")
	 * and every generated customer: "0.00" beside "0.086000" was the
	 * created ones' own format. */
	static const char *const six[] = { "taxRate", "stateTax", "cityTax", "countyTax",
		"districtTax", "districtTax1", "districtTax5", "customTax", "lat", "lng", NULL };
	for (size_t i = 0; six[i]; i++)
		if (strcmp(sbt_s(c, six[i]), "0.000000"))
			fail_msg("a created customer's %s reads \"%s\", not \"0.000000\"", six[i],
			         sbt_s(c, six[i]));
	long long tid = sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=5",
	                                    id, SBT_TODAY));
	assert_string_equal(sbt_s(get1("ticket", "ticketIDs", tid), "taxRate"), "0.000000");
	long long *ids;
	size_t n = sbt_search("customer", &ids, "lname=Lovelace");
	assert_true(sbt_has(ids, n, id));

	/* Update names the record by customerID and answers it in result. */
	before = sbt_last_change();
	r = sbt_call("/customer/update", "customerID=%lld&lname=Byron&city=London", id);
	assert_int_equal(sbt_result(r), id);
	c = get1("customer", "customerIDs", id);
	assert_string_equal(sbt_s(c, "lname"), "Byron");
	assert_string_equal(sbt_s(c, "city"), "London");
	assert_string_equal(sbt_s(c, "fname"), "Ada"); /* untouched */
	expect_change(before, 8, id, "customer/update");
}

/* The changelog record of a customer update, found by referenceID and
 * classID as the specification offers, says what changed. */
static void test_changelog_of_update(void **state)
{
	(void)state;
	long long id = sbt_cust_ids[17], *ids;
	size_t n0 = sbt_search("changelog", &ids, "classID=8&referenceID=%lld", id);
	sbt_ok(sbt_call("/customer/update", "customerID=%lld&lname=%s", id, sbt_enc("Changelogged")));
	size_t n = sbt_search("changelog", &ids, "classID=8&referenceID=%lld", id);
	assert_int_equal(n, n0 + 1);
	cJSON *rec = get1("changelog", "changeIDs", ids[n - 1]);
	assert_string_equal(sbt_s(rec, "classID"), "8");
	assert_string_equal(sbt_s(rec, "class"), "Customer");
	assert_int_equal(sbt_i(rec, "referenceID"), id);
	(void)sbt_s(rec, "dateChanged");
	cJSON *notes = notes_json(rec);
	char *text = cJSON_PrintUnformatted(notes);
	cJSON_Delete(notes);
	sbt_keep(text);
	if (!strstr(text, "Changelogged") || !strstr(text, "lname"))
		fail_msg("changelog notes do not name the change: %s", text);
	/* Every record of that search is about that customer. */
	cJSON *all = sbt_get("changelog", "changeIDs", ids, n);
	for (cJSON *r = all->child; r; r = r->next) {
		assert_int_equal(sbt_i(r, "referenceID"), id);
		assert_int_equal(sbt_i(r, "classID"), 8);
	}
}

/* An existing note's type: note types cannot be listed. */
static long long a_note_type(void)
{
	long long *ids;
	size_t n = sbt_search("note", &ids, "");
	assert_true(n > 0);
	return sbt_i(get1("note", "noteIDs", ids[0]), "typeID");
}

/* The latest dateUpdated of today's stops: where the generated day stands. */
static const char *day_latest(void)
{
	long long *ids;
	size_t n = sbt_search("appointment", &ids, "date=%s&status=%s", SBT_TODAY,
	                      sbt_qo("IN", "[-2,-1,0,1,2]"));
	const char *latest = "";

	assert_true(n > 0);
	if (n > 1000)
		n = 1000;
	for (cJSON *a = sbt_get("appointment", "appointmentIDs", ids, n)->child; a; a = a->next)
		if (strcmp(sbt_s(a, "dateUpdated"), latest) > 0)
			latest = sbt_s(a, "dateUpdated");
	return latest;
}

static void test_note(void **state)
{
	(void)state;
	long long type = a_note_type(), cust = sbt_cust_ids[5];
	long long before = sbt_last_change();
	const char *text = "Gate code 4711; dog in yard";
	long long id = sbt_result(sbt_call("/note/create",
	                                   "customerID=%lld&contactType=%lld&notes=%s&showOnInvoice=1"
	                                   "&showTech=1&showCustomer=0",
	                                   cust, type, sbt_enc(text)));
	expect_change(before, 0, 0, "note/create");
	cJSON *n = get1("note", "noteIDs", id);
	assert_int_equal(sbt_i(n, "noteID"), id);
	assert_int_equal(sbt_i(n, "customerID"), cust);
	assert_string_equal(sbt_s(n, "notes"), text);
	assert_int_equal(sbt_i(n, "typeID"), type);
	assert_string_equal(sbt_s(n, "showTech"), "1");
	assert_string_equal(sbt_s(n, "showCustomer"), "0");
	/* Stamped on the sandbox's clock, which never runs behind the day it
	 * serves (the wall clock's morning did: a note older than the stops). */
	if (strcmp(sbt_s(n, "dateAdded"), day_latest()) < 0)
		fail_msg("note added at %s, before the day's latest change %s", sbt_s(n, "dateAdded"),
		         day_latest());
	long long *ids;
	size_t k = sbt_search("note", &ids, "customerIDs=%lld", cust);
	assert_true(sbt_has(ids, k, id));

	/* Notes are named contactID on update. */
	before = sbt_last_change();
	assert_int_equal(sbt_result(sbt_call("/note/update", "contactID=%lld&notes=%s&showTech=0",
	                                     id, sbt_enc("Gate code changed"))), id);
	n = get1("note", "noteIDs", id);
	assert_string_equal(sbt_s(n, "notes"), "Gate code changed");
	assert_string_equal(sbt_s(n, "showTech"), "0");
	expect_change(before, 0, 0, "note/update");

	/* A cancellation reason reads with its text beside the id, as the
	 * generated notes' do, not "" beside a set id. */
	size_t nr = sbt_search("cancellationReason", &ids, "");
	assert_true(nr > 0);
	cJSON *reason = get1("cancellationReason", "reasonIDs", ids[nr - 1]);
	sbt_ok(sbt_call("/note/update", "contactID=%lld&cancellationReason=%lld", id, ids[nr - 1]));
	n = get1("note", "noteIDs", id);
	assert_int_equal(sbt_i(n, "cancellationReasonID"), ids[nr - 1]);
	assert_string_equal(sbt_s(n, "cancellationReason"), sbt_s(reason, "reason"));
	sbt_ok(sbt_call("/note/update", "contactID=%lld&cancellationReason=0", id));
	assert_string_equal(sbt_s(get1("note", "noteIDs", id), "cancellationReason"), "");
}

/* Every member of after equals before's but those named (and dateUpdated):
 * an update changed only what it was sent. */
static void assert_only_changed(const cJSON *before, const cJSON *after, const char *const *names)
{
	int bad = 0;
	for (const cJSON *m = before->child; m; m = m->next) {
		int listed = !strcmp(m->string, "dateUpdated");
		for (size_t i = 0; names[i] && !listed; i++)
			listed = !strcmp(m->string, names[i]);
		const cJSON *a = cJSON_GetObjectItemCaseSensitive(after, m->string);
		if (!listed && (!a || !cJSON_Compare(m, a, 1))) {
			sbt_note("%s changed although the update did not send it", m->string);
			bad = 1;
		}
	}
	if (bad)
		fail();
}

/* A note type other than type, from the stored notes. */
static long long another_note_type(long long type)
{
	long long *ids;
	size_t n = sbt_search("note", &ids, "typeIDs=%s", sbt_qo("!=", sbt_fmt("%lld", type)));
	assert_true(n > 0);
	return sbt_i(get1("note", "noteIDs", ids[0]), "typeID");
}

/* The parameters live honours on writes: note/create's
 * date; note/update's customerID, date and contactType; customer/update's
 * red notes, which make no note record. */
static void test_note_and_notes_params(void **state)
{
	(void)state;
	long long type = a_note_type(), other = another_note_type(type);
	long long cust = sbt_cust_ids[6], cust2 = sbt_cust_ids[7];
	long long id = sbt_result(sbt_call("/note/create",
	                                   "customerID=%lld&contactType=%lld&notes=x&showOnInvoice=0"
	                                   "&date=2026-11-02", cust, type));
	cJSON *n = get1("note", "noteIDs", id);
	assert_string_equal(sbt_s(n, "date"), "2026-11-02 00:00:00");
	long long before = sbt_last_change();
	assert_int_equal(sbt_result(sbt_call("/note/update",
	                                     "contactID=%lld&customerID=%lld&date=%s&contactType=%lld",
	                                     id, cust2, sbt_enc("2026-11-03 14:05:00"), other)), id);
	expect_change(before, 8, cust2, "note/update");
	n = get1("note", "noteIDs", id);
	assert_int_equal(sbt_i(n, "customerID"), cust2);
	assert_string_equal(sbt_s(n, "date"), "2026-11-03 14:05:00");
	assert_int_equal(sbt_i(n, "typeID"), other);
	cJSON *c2 = get1("customer", "customerIDs", cust2);
	assert_string_equal(sbt_s(n, "customerName"),
	                    sbt_fmt("%s %s", sbt_s(c2, "fname"), sbt_s(c2, "lname")));
	/* Moving a note to a customer that does not exist is refused. */
	sbt_err(sbt_call("/note/update", "contactID=%lld&customerID=999999999", id), 0, "customer");

	/* customer/update notes: the standing red notes, no note record. */
	long long *ids;
	size_t n_notes = sbt_search("note", &ids, "customerIDs=%lld", cust);
	cJSON *c = cJSON_Duplicate(get1("customer", "customerIDs", cust), 1);
	sbt_keep_json(c);
	before = sbt_last_change();
	assert_int_equal(sbt_result(sbt_call("/customer/update", "customerID=%lld&notes=%s", cust,
	                                     sbt_enc("Call before coming: dog"))), cust);
	expect_change(before, 8, cust, "customer/update notes");
	cJSON *after = get1("customer", "customerIDs", cust);
	assert_string_equal(sbt_s(after, "notes"), "Call before coming: dog");
	static const char *const only_notes[] = { "notes", NULL };
	assert_only_changed(c, after, only_notes);
	assert_int_equal(sbt_search("note", &ids, "customerIDs=%lld", cust), n_notes);
}

/* subscription/update changes exactly what is sent: preferredTech and
 * callAhead, each alone. */
static void test_subscription_partial(void **state)
{
	(void)state;
	long long *ids, *emps;
	assert_true(sbt_search("subscription", &ids, "") > 0);
	assert_true(sbt_search("employee", &emps, "") > 0);
	long long id = ids[0];
	cJSON *s0 = sbt_keep_json(cJSON_Duplicate(get1("subscription", "subscriptionIDs", id), 1));
	long long before = sbt_last_change();
	assert_int_equal(sbt_result(sbt_call("/subscription/update",
	                                     "subscriptionID=%lld&preferredTech=%lld", id, emps[0])), id);
	expect_change(before, 7, id, "subscription/update preferredTech");
	cJSON *s1 = sbt_keep_json(cJSON_Duplicate(get1("subscription", "subscriptionIDs", id), 1));
	assert_int_equal(sbt_i(s1, "preferredTech"), emps[0]);
	static const char *const tech[] = { "preferredTech", NULL };
	assert_only_changed(s0, s1, tech);
	assert_int_equal(sbt_result(sbt_call("/subscription/update",
	                                     "subscriptionID=%lld&callAhead=30", id)), id);
	cJSON *s2 = get1("subscription", "subscriptionIDs", id);
	assert_string_equal(sbt_s(s2, "callAhead"), "30");
	static const char *const call[] = { "callAhead", NULL };
	assert_only_changed(s1, s2, call);
	s2 = sbt_keep_json(cJSON_Duplicate(s2, 1));
	/* serviceCharge (the live service) is the recurring charge; the
	 * contract's value follows it. */
	double charge = sbt_d(s2, "recurringCharge"), value = sbt_d(s2, "contractValue");
	struct sbt_resp *r = sbt_call("/subscription/update", "subscriptionID=%lld&serviceCharge=%.2f",
	                              id, charge + 10);
	assert_int_equal(sbt_result(r), id);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);
	cJSON *s3 = get1("subscription", "subscriptionIDs", id);
	assert_amount(s3, "recurringCharge", charge + 10);
	if (charge > 0)
		assert_amount(s3, "contractValue", (double)(long long)(value / charge * (charge + 10) * 100 + 0.5) / 100);
	static const char *const money[] = { "recurringCharge", "contractValue", NULL };
	assert_only_changed(s2, s3, money);
}

static void test_ticket(void **state)
{
	(void)state;
	long long cust = sbt_cust_ids[9], before = sbt_last_change();
	long long id = sbt_result(sbt_call("/ticket/create",
	                                   "customerID=%lld&date=%s&serviceCharge=49.50&serviceTaxable=0"
	                                   "&additionalNotes=%s&status=1",
	                                   cust, SBT_TODAY, sbt_enc("extra visit")));
	expect_change(before, 5, id, "ticket/create");
	cJSON *t = get1("ticket", "ticketIDs", id);
	assert_int_equal(sbt_i(t, "customerID"), cust);
	assert_amount(t, "serviceCharge", 49.5);
	long long *ids;
	size_t n = sbt_search("ticket", &ids, "customerIDs=%lld", cust);
	assert_true(sbt_has(ids, n, id));

	before = sbt_last_change();
	assert_int_equal(sbt_result(sbt_call("/ticket/update", "ticketID=%lld&serviceCharge=60", id)), id);
	assert_amount(get1("ticket", "ticketIDs", id), "serviceCharge", 60.0);
	expect_change(before, 5, id, "ticket/update");

	/* An add-on moves the customer's balance, and the changelog says
	 * so (class 8, balance old and new), as --live's completed stops do:
	 * the console keeps the day's balances from it. */
	double was = sbt_d(get1("customer", "customerIDs", cust), "balance");
	before = sbt_last_change();
	sbt_result(sbt_call("/ticket/createAddOn", "ticketID=%lld&amount=45&taxable=0&description=Wasp",
	                    id));
	cJSON *ch = expect_change(before, 8, cust, "ticket/createAddOn's customer");
	cJSON *notes = notes_json(ch);
	cJSON *bal = cJSON_GetObjectItemCaseSensitive(notes, "balance");
	assert_non_null(bal);
	assert_amount(bal, "old", was);
	assert_amount(bal, "new", was + 45.0);
	assert_amount(get1("customer", "customerIDs", cust), "balance", was + 45.0);
	cJSON_Delete(notes);
}

static void test_product(void **state)
{
	(void)state;
	long long before = sbt_last_change();
	long long id = sbt_result(sbt_call("/product/create",
	                                   "officeID=-1&description=%s&amount=12.25&taxable=1&code=BAIT-01"
	                                   "&category=Baits&visible=1&salesVisible=0&recurring=0",
	                                   sbt_enc("Ant bait station")));
	expect_change(before, 0, 0, "product/create");
	cJSON *p = get1("product", "productIDs", id);
	assert_string_equal(sbt_s(p, "description"), "Ant bait station");
	assert_string_equal(sbt_s(p, "code"), "BAIT-01");
	assert_string_equal(sbt_s(p, "category"), "Baits");
	assert_amount(p, "amount", 12.25);
	assert_string_equal(sbt_s(p, "taxable"), "1");
	assert_string_equal(sbt_s(p, "salesVisible"), "0");
	long long *ids;
	size_t n = sbt_search("product", &ids, "code=BAIT-01");
	assert_true(sbt_has(ids, n, id));

	before = sbt_last_change();
	assert_int_equal(sbt_result(sbt_call("/product/update", "productID=%lld&description=%s&amount=13",
	                                     id, sbt_enc("Ant bait station XL"))), id);
	p = get1("product", "productIDs", id);
	assert_string_equal(sbt_s(p, "description"), "Ant bait station XL");
	assert_amount(p, "amount", 13.0);
	expect_change(before, 0, 0, "product/update");
}

static long long a_service_type(void)
{
	long long *ids;
	assert_true(sbt_search("serviceType", &ids, "") > 0);
	return ids[0];
}

static void test_subscription(void **state)
{
	(void)state;
	long long cust = sbt_cust_ids[11], svc = a_service_type(), before = sbt_last_change();
	struct sbt_resp *r = sbt_call("/subscription/create",
	                              "serviceID=%lld&customerID=%lld&frequency=90&billingFrequency=-1"
	                              "&agreementLength=12&active=1", svc, cust);
	long long id = sbt_result(r);
	assert_int_equal(sbt_i(r->json, "subscriptionID"), id);
	expect_change(before, 7, id, "subscription/create");
	cJSON *s = get1("subscription", "subscriptionIDs", id);
	assert_int_equal(sbt_i(s, "customerID"), cust);
	assert_int_equal(sbt_i(s, "serviceID"), svc);
	assert_string_equal(sbt_s(s, "frequency"), "90");
	assert_string_equal(sbt_s(s, "active"), "1");
	long long *ids;
	size_t n = sbt_search("subscription", &ids, "customerIDs=%lld", cust);
	assert_true(sbt_has(ids, n, id));

	before = sbt_last_change();
	r = sbt_call("/subscription/update", "subscriptionID=%lld&frequency=30&active=0", id);
	assert_int_equal(sbt_result(r), id);
	assert_int_equal(sbt_i(r->json, "subscriptionID"), id);
	s = get1("subscription", "subscriptionIDs", id);
	assert_string_equal(sbt_s(s, "frequency"), "30");
	assert_string_equal(sbt_s(s, "active"), "0");
	expect_change(before, 7, id, "subscription/update");
}

static void test_route_update(void **state)
{
	(void)state;
	long long *routes, *emps;
	size_t nr = sbt_search("route", &routes, "date=%s", SBT_TODAY);
	size_t ne = sbt_search("employee", &emps, "");
	assert_true(nr > 0 && ne > 1);
	long long id = routes[0];
	long long tech = sbt_i(get1("route", "routeIDs", id), "assignedTech") == emps[0] ? emps[1] : emps[0];
	long long before = sbt_last_change();
	assert_int_equal(sbt_result(sbt_call("/route/update", "routeID=%lld&assignedTech=%lld", id, tech)), id);
	assert_int_equal(sbt_i(get1("route", "routeIDs", id), "assignedTech"), tech);
	expect_change(before, 3, id, "route/update");
}

static void test_payment_profile(void **state)
{
	(void)state;
	long long cust = sbt_cust_ids[13], before = sbt_last_change();
	struct sbt_resp *r = sbt_call("/paymentProfile/create",
	                              "customerID=%lld&paymentMethod=1&billingName=%s&billingAddress1=%s"
	                              "&billingCity=Dallas&billingState=TX&billingZip=75201&billingCountryID=US",
	                              cust, sbt_enc("Grace Hopper"), sbt_enc("1 Compiler Rd"));
	long long id = sbt_result(r);
	assert_int_equal(sbt_i(r->json, "paymentProfileID"), id);
	expect_change(before, 6, id, "paymentProfile/create");
	cJSON *p = get1("paymentProfile", "paymentProfileIDs", id);
	assert_int_equal(sbt_i(p, "customerID"), cust);
	cJSON *b = sbt_byid("paymentProfile", id);
	assert_string_equal(sbt_s(b, "billingName"), "Grace Hopper");
	assert_string_equal(sbt_s(b, "billingAddress1"), "1 Compiler Rd");
	assert_string_equal(sbt_s(b, "paymentMethod"), "1");
	long long *ids;
	size_t n = sbt_search("paymentProfile", &ids, "customerIDs=%lld", cust);
	assert_true(sbt_has(ids, n, id));

	before = sbt_last_change();
	r = sbt_call("/paymentProfile/update", "paymentProfileID=%lld&billingAddress1=%s&billingCity=Plano",
	             id, sbt_enc("2 Linker Ave"));
	assert_int_equal(sbt_result(r), id);
	assert_int_equal(sbt_i(r->json, "paymentProfileID"), id);
	b = sbt_byid("paymentProfile", id);
	assert_string_equal(sbt_s(b, "billingAddress1"), "2 Linker Ave");
	assert_string_equal(sbt_s(b, "billingCity"), "Plano");
	expect_change(before, 6, id, "paymentProfile/update");
}

static void test_employee(void **state)
{
	(void)state;
	long long before = sbt_last_change();
	struct sbt_resp *r = sbt_call("/employee/create",
	                              "fname=Rosa&lname=Parks&type=1&phone=2145550100&email=%s"
	                              "&username=rparks&password=s3cret",
	                              sbt_enc("rosa@example.com"));
	long long id = sbt_result(r);
	assert_int_equal(sbt_i(r->json, "employeeID"), id);
	expect_change(before, 1, id, "employee/create");
	cJSON *e = get1("employee", "employeeIDs", id);
	assert_string_equal(sbt_s(e, "fname"), "Rosa");
	assert_string_equal(sbt_s(e, "lname"), "Parks");
	assert_string_equal(sbt_s(e, "type"), "1");
	assert_string_equal(sbt_s(e, "active"), "1");
	cJSON *b = sbt_byid("employee", id);
	assert_string_equal(sbt_s(b, "phone"), "2145550100");
	assert_string_equal(sbt_s(b, "email"), "rosa@example.com");
	assert_false(cJSON_HasObjectItem(b, "password")); /* never answered */
	long long *ids;
	size_t n = sbt_search("employee", &ids, "");
	assert_true(sbt_has(ids, n, id));

	before = sbt_last_change();
	r = sbt_call("/employee/update", "employeeID=%lld&phone=2145550199", id);
	assert_int_equal(sbt_result(r), id);
	assert_int_equal(sbt_i(r->json, "employeeID"), id);
	assert_string_equal(sbt_s(sbt_byid("employee", id), "phone"), "2145550199");
	expect_change(before, 1, id, "employee/update");
}

static void test_review(void **state)
{
	(void)state;
	long long *ids;
	assert_true(sbt_search("review", &ids, "") > 0);
	long long id = ids[0], before = sbt_last_change();
	struct sbt_resp *r = sbt_call("/review/update", "feedbackID=%lld&starRating=2&feedback=%s",
	                              id, sbt_enc("Tech was late"));
	assert_int_equal(sbt_result(r), id);
	assert_int_equal(sbt_i(r->json, "reviewID"), id);
	cJSON *rv = get1("review", "feedbackIDs", id);
	assert_string_equal(sbt_s(rv, "starRating"), "2");
	assert_string_equal(sbt_s(rv, "feedback"), "Tech was late");
	expect_change(before, 0, 0, "review/update");
}

static void test_appointment_reminder(void **state)
{
	(void)state;
	long long *appts;
	assert_true(sbt_search("appointment", &appts, "date=%s", SBT_TODAY) > 0);
	long long before = sbt_last_change();
	struct sbt_resp *r = sbt_call("/appointmentReminder/create",
	                              "appointmentID=%lld&status=1&sendTo=2145550123&emailAddress=%s",
	                              appts[0], sbt_enc("someone@example.com"));
	long long id = sbt_result(r);
	assert_int_equal(sbt_i(r->json, "appointmentReminderID"), id);
	expect_change(before, 0, 0, "appointmentReminder/create");
	cJSON *m = get1("appointmentReminder", "reminderIDs", id);
	assert_int_equal(sbt_i(m, "appointmentID"), appts[0]);
	assert_string_equal(sbt_s(m, "status"), "1");
	assert_string_equal(sbt_s(m, "sendTo"), "2145550123");
	long long *ids;
	size_t n = sbt_search("appointmentReminder", &ids, "");
	assert_true(sbt_has(ids, n, id));

	before = sbt_last_change();
	r = sbt_call("/appointmentReminder/update", "reminderID=%lld&text=%s&status=9",
	             id, sbt_enc("Reply C to confirm"));
	assert_int_equal(sbt_result(r), id);
	assert_int_equal(sbt_i(r->json, "appointmentReminderID"), id);
	m = get1("appointmentReminder", "reminderIDs", id);
	assert_string_equal(sbt_s(m, "text"), "Reply C to confirm");
	assert_string_equal(sbt_s(m, "status"), "9");
	expect_change(before, 0, 0, "appointmentReminder/update");
}

/* Asserts member name of rec is JSON of type want (cJSON_NULL, cJSON_Array ...). */
static void assert_shape(const cJSON *rec, const char *what, const char *name, int want)
{
	const cJSON *v = sbt_m(rec, name);
	if ((v->type & 0xFF) != want) {
		char *text = cJSON_PrintUnformatted(v);
		sbt_note("%s: %s is %s", what, name, text ? text : "?");
		free(text);
		fail();
	}
}

/* Records made through the API have the generated (and live) records'
 * shapes: lead members null on a subscription that is no lead, and unset
 * (never null) on a lead; lists and objects, never null; "NA" for no
 * template. */
static void test_created_shapes(void **state)
{
	(void)state;
	static const char *const lead[] = { "leadID", "leadDateAdded", "leadUpdated", "leadAddedBy",
		"leadSourceID", "leadSource", "leadStatus", "leadStageID", "leadStage", "leadAssignedTo",
		"leadDateAssigned", "leadValue", "leadDateClosed", "leadLostReason" };
	long long *ids, cust = sbt_cust_ids[20];

	/* A generated non-lead, for the reference. */
	assert_true(sbt_search("subscription", &ids, "active=1") > 0);
	cJSON *gen = get1("subscription", "subscriptionIDs", ids[0]);
	for (size_t i = 0; i < sizeof lead / sizeof *lead; i++)
		assert_shape(gen, "generated subscription", lead[i], cJSON_NULL);
	long long sid = sbt_result(sbt_call("/subscription/create", "serviceID=%lld&customerID=%lld",
	                                    a_service_type(), cust));
	cJSON *s = get1("subscription", "subscriptionIDs", sid);
	for (size_t i = 0; i < sizeof lead / sizeof *lead; i++)
		assert_shape(s, "created subscription", lead[i], cJSON_NULL);
	/* Made a lead: every lead member set, an open lead's close date unset. */
	assert_true(sbt_search("subscription", &ids, "active=-3") > 0);
	long long stage = sbt_i(get1("subscription", "subscriptionIDs", ids[0]), "leadStageID");
	sbt_ok(sbt_call("/subscription/updateLeadStage", "subscriptionID=%lld&status=0&stageID=%lld",
	                sid, stage));
	s = get1("subscription", "subscriptionIDs", sid);
	for (size_t i = 0; i < sizeof lead / sizeof *lead; i++)
		assert_shape(s, "subscription made a lead", lead[i], cJSON_String);
	assert_string_equal(sbt_s(s, "leadDateClosed"), "0000-00-00 00:00:00");
	assert_int_equal(sbt_i(s, "leadStageID"), stage);

	long long eid = sbt_result(sbt_call("/employee/create", "fname=Ada&lname=Shape&type=1"));
	cJSON *e = sbt_byid("employee", eid);
	assert_shape(e, "created employee", "teamIDs", cJSON_Array);
	assert_shape(e, "created employee", "skills", cJSON_Object);
	assert_string_equal(sbt_s(e, "startLat"), "0.000000");
	assert_string_equal(sbt_s(e, "endLng"), "0.000000");

	long long rid = sbt_result(sbt_call("/route/create", "date=%s", SBT_TODAY));
	cJSON *rt = get1("route", "routeIDs", rid);
	assert_shape(rt, "created route", "scheduleTeams", cJSON_Array);
	assert_shape(rt, "created route", "scheduleTypes", cJSON_Array);
	assert_string_equal(sbt_s(rt, "averageLatitude"), "0.000000");
	assert_string_equal(sbt_s(rt, "averageLongitude"), "0.000000");
	assert_string_equal(sbt_s(rt, "averageDistance"), "0.00");

	long long tid = sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=5",
	                                    cust, SBT_TODAY));
	assert_string_equal(sbt_s(get1("ticket", "ticketIDs", tid), "templateType"), "NA");
	tid = sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=5&status=-1",
	                          cust, SBT_TODAY));
	assert_string_equal(sbt_s(get1("ticket", "ticketIDs", tid), "templateType"), "R");
}

/* An update of a record that does not exist is an error, not a new record. */
static void test_update_unknown(void **state)
{
	(void)state;
	struct sbt_resp *r = sbt_call("/customer/update", "customerID=999999999&lname=Ghost");
	sbt_err(r, 0, NULL);
	long long *ids;
	assert_int_equal(sbt_search("customer", &ids, "lname=Ghost"), 0);
	sbt_alive();
}

/* Writes and reads at once on many connections: every one succeeds (no
 * "database is locked"), each note gets its own id, each change lands. */
static void test_concurrent_writes(void **state)
{
	(void)state;
	enum { NOTES = 40, UPDATES = 20, SAME = 20, READS = 20, N = NOTES + UPDATES + SAME + READS };
	struct sbt_request rq[N];
	struct sbt_resp *out[N];
	long long type = a_note_type(), target = sbt_cust_ids[150];
	const char *auth = sbt_auth();

	memset(rq, 0, sizeof rq);
	for (int i = 0; i < N; i++) {
		rq[i].path = i < NOTES ? "/note/create"
		             : i < NOTES + UPDATES + SAME ? "/customer/update" : "/customer/get";
		if (i < NOTES)
			rq[i].body = sbt_fmt("customerID=%lld&contactType=%lld&notes=parallel-%d&showOnInvoice=0&%s",
			                     sbt_cust_ids[60 + i], type, i, auth);
		else if (i < NOTES + UPDATES)
			rq[i].body = sbt_fmt("customerID=%lld&city=Para%d&%s", sbt_cust_ids[100 + i - NOTES], i, auth);
		else if (i < NOTES + UPDATES + SAME)
			rq[i].body = sbt_fmt("customerID=%lld&city=Same%d&%s", target, i, auth);
		else
			rq[i].body = sbt_fmt("customerIDs=%s&%s", sbt_enc(sbt_idlist(sbt_cust_ids, 100)), auth);
	}
	sbt_parallel(rq, N, out);
	long long ids[NOTES];
	for (int i = 0; i < N; i++) {
		if (!out[i]->json || !cJSON_IsTrue(cJSON_GetObjectItem(out[i]->json, "success")))
			sbt_note("request %d of %d (%s) failed", i, N, rq[i].path);
		sbt_ok(out[i]);
		if (i < NOTES) {
			ids[i] = sbt_result(out[i]);
			for (int k = 0; k < i; k++)
				assert_true(ids[k] != ids[i]);
		}
	}
	cJSON *notes = sbt_get("note", "noteIDs", ids, NOTES);
	assert_int_equal(cJSON_GetArraySize(notes), NOTES);
	for (int i = 0; i < NOTES; i++)
		assert_string_equal(sbt_s(sbt_find(notes, "noteID", ids[i]), "notes"), sbt_fmt("parallel-%d", i));
	cJSON *custs = sbt_get("customer", "customerIDs", sbt_cust_ids + 100, UPDATES);
	for (int i = 0; i < UPDATES; i++)
		assert_string_equal(sbt_s(sbt_find(custs, "customerID", sbt_cust_ids[100 + i]), "city"),
		                    sbt_fmt("Para%d", NOTES + i));
	const char *city = sbt_s(cJSON_GetArrayItem(sbt_get("customer", "customerIDs", &target, 1), 0), "city");
	assert_int_equal(strncmp(city, "Same", 4), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_customer),
		SBT_TEST(test_changelog_of_update),
		SBT_TEST(test_note),
		SBT_TEST(test_note_and_notes_params),
		SBT_TEST(test_subscription_partial),
		SBT_TEST(test_ticket),
		SBT_TEST(test_product),
		SBT_TEST(test_subscription),
		SBT_TEST(test_route_update),
		SBT_TEST(test_payment_profile),
		SBT_TEST(test_employee),
		SBT_TEST(test_review),
		SBT_TEST(test_appointment_reminder),
		SBT_TEST(test_created_shapes),
		SBT_TEST(test_update_unknown),
		SBT_TEST(test_concurrent_writes),
	};
	return cmocka_run_group_tests(tests, sbt_customers_setup, sbt_customers_teardown);
}
