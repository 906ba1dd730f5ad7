/* test_special.c: add-ons, lead stages, payment profiles, review summary, route groups. */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../lib/sbtest.h"
#include "common/dates.h"
#include "common/strbuf.h"

static cJSON *get1(const char *entity, const char *param, long long id)
{
	cJSON *rec = cJSON_GetArrayItem(sbt_get(entity, param, &id, 1), 0);
	if (!rec)
		fail_msg("%s %lld cannot be read back through get", entity, id);
	return rec;
}

static void assert_amount(const cJSON *rec, const char *name, double v)
{
	if (fabs(sbt_d(rec, name) - v) > 0.001)
		fail_msg("%s is %s, not %.2f", name, sbt_s(rec, name), v);
}

/* The add-on list of a getAddOns/getInitialAddOns answer. */
static cJSON *addons_of(struct sbt_resp *r)
{
	sbt_ok(r);
	assert_string_equal(sbt_s(r->json, "propertyName"), "addOns");
	cJSON *a = sbt_m(r->json, "addOns");
	assert_true(cJSON_IsArray(a));
	return a;
}

/* The descriptions of an add-on list, sorted, joined with '|'. */
static const char *descriptions(const cJSON *items)
{
	const char *d[64];
	size_t n = 0;
	for (cJSON *e = items->child; e && n < 64; e = e->next)
		d[n++] = sbt_s(e, "description");
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && strcmp(d[j - 1], d[j]) > 0; j--) {
			const char *t = d[j];
			d[j] = d[j - 1];
			d[j - 1] = t;
		}
	char *out = sbt_fmt("%s", "");
	for (size_t i = 0; i < n; i++)
		out = sbt_fmt("%s%s%s", out, i ? "|" : "", d[i]);
	return out;
}

/* ---- ticket add-ons ---- */

static void test_ticket_addons(void **state)
{
	(void)state;
	long long tid = sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=80",
	                                    sbt_cust_ids[21], SBT_TODAY));
	cJSON *items = addons_of(sbt_call("/ticket/getAddOns", "ticketID=%lld", tid));
	assert_int_equal(cJSON_GetArraySize(items), 0);

	/* createAddOn answers the new item's itemID in result. */
	long long item = sbt_result(sbt_call("/ticket/createAddOn",
	                                     "ticketID=%lld&amount=15.00&taxable=1&description=%s&quantity=2",
	                                     tid, sbt_enc("Wasp nest")));
	items = addons_of(sbt_call("/ticket/getAddOns", "ticketID=%lld", tid));
	assert_int_equal(cJSON_GetArraySize(items), 1);
	cJSON *it = sbt_find(items, "itemID", item);
	assert_non_null(it);
	assert_int_equal(sbt_i(it, "ticketID"), tid);
	assert_string_equal(sbt_s(it, "description"), "Wasp nest");
	assert_amount(it, "amount", 15.0);
	assert_string_equal(sbt_s(it, "quantity"), "2");
	assert_string_equal(sbt_s(it, "taxable"), "1");

	/* updateAddOn changes that item. */
	sbt_ok(sbt_call("/ticket/updateAddOn", "ticketID=%lld&itemID=%lld&description=%s&amount=20",
	                tid, item, sbt_enc("Wasp nest, large")));
	items = addons_of(sbt_call("/ticket/getAddOns", "ticketID=%lld", tid));
	it = sbt_find(items, "itemID", item);
	assert_non_null(it);
	assert_string_equal(sbt_s(it, "description"), "Wasp nest, large");
	assert_amount(it, "amount", 20.0);

	/* setAddOns replaces everything: brackets, two items. */
	sbt_ok(sbt_call("/ticket/setAddOns",
	                "ticketID=%lld&addons[0][description]=Alpha&addons[0][amount]=5&addons[0][taxable]=0"
	                "&addons[0][quantity]=1&addons[1][description]=Beta&addons[1][amount]=7.50"
	                "&addons[1][taxable]=1&addons[1][quantity]=3", tid));
	items = addons_of(sbt_call("/ticket/getAddOns", "ticketID=%lld", tid));
	assert_int_equal(cJSON_GetArraySize(items), 2);
	assert_string_equal(descriptions(items), "Alpha|Beta");
	for (cJSON *e = items->child; e; e = e->next)
		assert_string_not_equal(sbt_s(e, "description"), "Wasp nest, large");
	for (cJSON *e = items->child; e; e = e->next)
		if (!strcmp(sbt_s(e, "description"), "Beta")) {
			assert_amount(e, "amount", 7.5);
			assert_string_equal(sbt_s(e, "quantity"), "3");
		}

	/* ... and as JSON text. */
	sbt_ok(sbt_call("/ticket/setAddOns", "ticketID=%lld&addons=%s", tid,
	                sbt_enc("[{\"description\":\"Gamma\",\"amount\":3,\"taxable\":0,\"quantity\":1},"
	                        "{\"description\":\"Delta\",\"amount\":4.25,\"taxable\":0}]")));
	items = addons_of(sbt_call("/ticket/getAddOns", "ticketID=%lld", tid));
	assert_string_equal(descriptions(items), "Delta|Gamma");
	/* The ticket's own items agree. */
	cJSON *t = get1("ticket", "ticketIDs", tid);
	cJSON *ti = sbt_m(t, "items");
	assert_true(cJSON_IsArray(ti));
	assert_string_equal(descriptions(ti), "Delta|Gamma");

	/* An empty list leaves none. */
	sbt_ok(sbt_call("/ticket/setAddOns", "ticketID=%lld&addons=%s", tid, sbt_enc("[]")));
	items = addons_of(sbt_call("/ticket/getAddOns", "ticketID=%lld", tid));
	assert_int_equal(cJSON_GetArraySize(items), 0);
	/* Another ticket's add-ons are untouched by all this. */
	long long other = sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=5",
	                                      sbt_cust_ids[22], SBT_TODAY));
	sbt_result(sbt_call("/ticket/createAddOn", "ticketID=%lld&amount=1&taxable=0&description=Keep", other));
	sbt_ok(sbt_call("/ticket/setAddOns", "ticketID=%lld&addons=%s", tid, sbt_enc("[]")));
	items = addons_of(sbt_call("/ticket/getAddOns", "ticketID=%lld", other));
	assert_string_equal(descriptions(items), "Keep");
}

/* ticket/create takes its add-ons and template type with it. */
static void test_ticket_create_with_addons(void **state)
{
	(void)state;
	long long tid = sbt_result(sbt_call("/ticket/create",
	                                    "customerID=%lld&date=%s&serviceCharge=40&templateType=R"
	                                    "&addons[0][description]=Bait&addons[0][amount]=12&addons[0][taxable]=1"
	                                    "&addons[1][description]=Trap&addons[1][amount]=8&addons[1][taxable]=0",
	                                    sbt_cust_ids[25], SBT_TODAY));
	cJSON *items = addons_of(sbt_call("/ticket/getAddOns", "ticketID=%lld", tid));
	assert_string_equal(descriptions(items), "Bait|Trap");
	assert_string_equal(sbt_s(get1("ticket", "ticketIDs", tid), "templateType"), "R");
	/* An empty list, or false, makes none. */
	tid = sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=40&addons=false",
	                          sbt_cust_ids[25], SBT_TODAY));
	assert_int_equal(cJSON_GetArraySize(addons_of(sbt_call("/ticket/getAddOns", "ticketID=%lld", tid))), 0);
	tid = sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=40&addons=%s",
	                          sbt_cust_ids[25], SBT_TODAY, sbt_enc("[]")));
	assert_int_equal(cJSON_GetArraySize(addons_of(sbt_call("/ticket/getAddOns", "ticketID=%lld", tid))), 0);
}

/* ---- subscription initial add-ons ---- */

static long long new_subscription(long long cust, const char *extra)
{
	long long *svc;
	assert_true(sbt_search("serviceType", &svc, "") > 0);
	return sbt_result(sbt_call("/subscription/create", "serviceID=%lld&customerID=%lld&frequency=90%s",
	                           svc[0], cust, extra));
}

static void test_initial_addons(void **state)
{
	(void)state;
	long long sid = new_subscription(sbt_cust_ids[30], "");
	cJSON *items = addons_of(sbt_call("/subscription/getInitialAddOns", "subscriptionID=%lld", sid));
	assert_int_equal(cJSON_GetArraySize(items), 0);

	/* createInitialAddOn answers the addOnID in result, and subscriptionID. */
	struct sbt_resp *r = sbt_call("/subscription/createInitialAddOn",
	                              "subscriptionID=%lld&amount=30&description=%s&quantity=1&taxable=0",
	                              sid, sbt_enc("Initial flush"));
	long long add = sbt_result(r);
	assert_int_equal(sbt_i(r->json, "subscriptionID"), sid);
	items = addons_of(sbt_call("/subscription/getInitialAddOns", "subscriptionID=%lld", sid));
	assert_int_equal(cJSON_GetArraySize(items), 1);
	cJSON *it = sbt_find(items, "addOnID", add);
	assert_non_null(it);
	assert_int_equal(sbt_i(it, "subscriptionID"), sid);
	assert_string_equal(sbt_s(it, "description"), "Initial flush");
	assert_amount(it, "amount", 30.0);

	r = sbt_call("/subscription/updateInitialAddOn", "subscriptionID=%lld&addOnID=%lld&amount=35.5",
	             sid, add);
	sbt_ok(r);
	assert_int_equal(sbt_i(r->json, "subscriptionID"), sid);
	items = addons_of(sbt_call("/subscription/getInitialAddOns", "subscriptionID=%lld", sid));
	assert_amount(sbt_find(items, "addOnID", add), "amount", 35.5);

	r = sbt_call("/subscription/setInitialAddOns",
	             "subscriptionID=%lld&addons[0][description]=One&addons[0][amount]=1"
	             "&addons[1][description]=Two&addons[1][amount]=2", sid);
	sbt_ok(r);
	assert_int_equal(sbt_i(r->json, "subscriptionID"), sid);
	items = addons_of(sbt_call("/subscription/getInitialAddOns", "subscriptionID=%lld", sid));
	assert_string_equal(descriptions(items), "One|Two");
	sbt_ok(sbt_call("/subscription/setInitialAddOns", "subscriptionID=%lld&addons=%s", sid,
	                sbt_enc("[{\"description\":\"Three\",\"amount\":3}]")));
	items = addons_of(sbt_call("/subscription/getInitialAddOns", "subscriptionID=%lld", sid));
	assert_string_equal(descriptions(items), "Three");
}

/* Ids are the service's auto-increment keys: a deleted add-on's id is never
 * handed out again, or a client keyed to ids (the console's selection)
 * would take the new item for the old one. */
static void test_addon_ids_not_reused(void **state)
{
	(void)state;
	long long tid = sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=1",
	                                    sbt_cust_ids[23], SBT_TODAY));
	long long item = sbt_result(sbt_call("/ticket/createAddOn", "ticketID=%lld&amount=1&taxable=0", tid));
	sbt_ok(sbt_call("/ticket/setAddOns", "ticketID=%lld&addons=%s", tid,
	                sbt_enc("[{\"description\":\"New\",\"amount\":2,\"taxable\":0}]")));
	cJSON *items = addons_of(sbt_call("/ticket/getAddOns", "ticketID=%lld", tid));
	assert_int_equal(cJSON_GetArraySize(items), 1);
	if (sbt_i(items->child, "itemID") <= item)
		fail_msg("setAddOns gave the new item id %lld; the deleted one had %lld",
		         sbt_i(items->child, "itemID"), item);

	long long sid = new_subscription(sbt_cust_ids[24], "");
	long long add = sbt_result(sbt_call("/subscription/createInitialAddOn",
	                                    "subscriptionID=%lld&amount=1", sid));
	sbt_ok(sbt_call("/subscription/setInitialAddOns", "subscriptionID=%lld&addons=%s", sid,
	                sbt_enc("[{\"description\":\"New\",\"amount\":2}]")));
	items = addons_of(sbt_call("/subscription/getInitialAddOns", "subscriptionID=%lld", sid));
	assert_int_equal(cJSON_GetArraySize(items), 1);
	if (sbt_i(items->child, "addOnID") <= add)
		fail_msg("setInitialAddOns gave the new add-on id %lld; the deleted one had %lld",
		         sbt_i(items->child, "addOnID"), add);
}

/* ---- lead stages ---- */

static long long a_stage(void)
{
	long long *leads;
	size_t n = sbt_search("subscription", &leads, "active=-3");
	if (!n)
		return 1;
	cJSON *l = get1("subscription", "subscriptionIDs", leads[0]);
	long long s = sbt_i(l, "leadStageID");
	return s > 0 ? s : 1;
}

static void test_update_lead_stage(void **state)
{
	(void)state;
	long long stage = a_stage(), *ids;
	long long sid = new_subscription(sbt_cust_ids[31], "&active=1");

	/* status 0: back to a lead at the stage. */
	struct sbt_resp *r = sbt_call("/subscription/updateLeadStage", "subscriptionID=%lld&status=0&stageID=%lld",
	                              sid, stage);
	sbt_ok(r);
	assert_int_equal(sbt_i(r->json, "subscriptionID"), sid);
	cJSON *s = get1("subscription", "subscriptionIDs", sid);
	assert_string_equal(sbt_s(s, "active"), "-3");
	assert_int_equal(sbt_i(s, "leadStageID"), stage);
	size_t n = sbt_search("subscription", &ids, "customerIDs=%lld", sbt_cust_ids[31]);
	assert_false(sbt_has(ids, n, sid)); /* leads only with active given */
	n = sbt_search("subscription", &ids, "customerIDs=%lld&active=-3", sbt_cust_ids[31]);
	assert_true(sbt_has(ids, n, sid));

	/* status 1: won, an active subscription again. */
	sbt_ok(sbt_call("/subscription/updateLeadStage", "subscriptionID=%lld&status=1&stageID=%lld",
	                sid, stage));
	assert_string_equal(sbt_s(get1("subscription", "subscriptionIDs", sid), "active"), "1");
	n = sbt_search("subscription", &ids, "customerIDs=%lld", sbt_cust_ids[31]);
	assert_true(sbt_has(ids, n, sid));

	/* By subscriptionLink instead of the id. */
	long long linked = new_subscription(sbt_cust_ids[32], "&subscriptionLink=770001&active=1");
	assert_string_equal(sbt_s(get1("subscription", "subscriptionIDs", linked), "subscriptionLink"),
	                    "770001");
	r = sbt_call("/subscription/updateLeadStage", "subscriptionLink=770001&status=0&stageID=%lld", stage);
	sbt_ok(r);
	assert_int_equal(sbt_i(r->json, "subscriptionID"), linked);
	s = get1("subscription", "subscriptionIDs", linked);
	assert_string_equal(sbt_s(s, "active"), "-3");
	assert_int_equal(sbt_i(s, "leadStageID"), stage);
}

/* ---- payment profiles ---- */

/* The profile object of a createPaymentProfile/updatePaymentProfile answer:
 * the member object carrying id and profileID. */
static cJSON *profile_object(struct sbt_resp *r)
{
	sbt_ok(r);
	for (cJSON *m = r->json->child; m; m = m->next)
		if (cJSON_IsObject(m) && cJSON_HasObjectItem(m, "id") && cJSON_HasObjectItem(m, "profileID"))
			return m;
	sbt_dump(r);
	fail_msg("no profile object (id, customerID, profileID, paymentProfileID, ...) in the answer");
	return NULL;
}

/* The error names param exactly (CreditCardToken is a prefix of
 * CreditCardTokenID). */
static void assert_names(struct sbt_resp *r, const char *param)
{
	sbt_err(r, 0, param);
	const char *msg = sbt_s(r->json, "errorMessage"), *p = msg;
	size_t n = strlen(param);
	while ((p = strstr(p, param)) != NULL) {
		if (!isalnum((unsigned char)p[n]))
			return;
		p += n;
	}
	fail_msg("errorMessage \"%s\" does not name %s", msg, param);
}

static void test_create_payment_profile_rules(void **state)
{
	(void)state;
	long long cust = sbt_cust_ids[40];
	/* A needs both tokens. */
	assert_names(sbt_call("/customer/createPaymentProfile",
	                      "customerID=%lld&gateway=A&CreditCardTokenID=tid-1", cust), "CreditCardToken");
	assert_names(sbt_call("/customer/createPaymentProfile",
	                      "customerID=%lld&gateway=A&CreditCardToken=tok-1", cust), "CreditCardTokenID");
	cJSON *p = profile_object(sbt_call("/customer/createPaymentProfile",
	                                   "customerID=%lld&gateway=A&CreditCardToken=tok-A&CreditCardTokenID=tid-A",
	                                   cust));
	long long id = sbt_i(p, "id");
	assert_int_equal(sbt_i(p, "customerID"), cust);
	assert_string_equal(sbt_s(p, "profileID"), "tok-A");
	assert_string_equal(sbt_s(p, "paymentProfileID"), "tid-A");
	(void)sbt_s(p, "dateCreated");
	(void)sbt_m(p, "createdBy");
	(void)sbt_m(p, "billingAddress1");
	(void)sbt_m(p, "billingName");
	assert_int_equal(sbt_i(get1("paymentProfile", "paymentProfileIDs", id), "customerID"), cust);

	/* B needs the token id only. */
	assert_names(sbt_call("/customer/createPaymentProfile",
	                      "customerID=%lld&gateway=B&CreditCardToken=tok-B", cust), "CreditCardTokenID");
	p = profile_object(sbt_call("/customer/createPaymentProfile",
	                            "customerID=%lld&gateway=B&CreditCardTokenID=tid-B", cust));
	assert_string_equal(sbt_s(p, "paymentProfileID"), "tid-B");
	/* C needs the token only. */
	assert_names(sbt_call("/customer/createPaymentProfile",
	                      "customerID=%lld&gateway=C&CreditCardTokenID=tid-C", cust), "CreditCardToken");
	p = profile_object(sbt_call("/customer/createPaymentProfile",
	                            "customerID=%lld&gateway=C&CreditCardToken=tok-C", cust));
	assert_string_equal(sbt_s(p, "profileID"), "tok-C");
	long long c_id = sbt_i(p, "id");
	long long *ids;
	size_t n = sbt_search("paymentProfile", &ids, "customerIDs=%lld", cust);
	assert_true(sbt_has(ids, n, id) && sbt_has(ids, n, c_id));
	sbt_alive();
}

static void test_payment_profile_becomes_active(void **state)
{
	(void)state;
	long long cust = sbt_cust_ids[41];
	long long first = sbt_result(sbt_call("/paymentProfile/create",
	                                      "customerID=%lld&paymentMethod=1&billingName=First", cust));
	assert_int_equal(sbt_i(get1("customer", "customerIDs", cust), "autoPayPaymentProfileID"), first);
	long long second = sbt_result(sbt_call("/paymentProfile/create",
	                                       "customerID=%lld&paymentMethod=2&billingName=Second", cust));
	assert_int_equal(sbt_i(get1("customer", "customerIDs", cust), "autoPayPaymentProfileID"), second);

	/* updatePaymentProfile changes the customer's active profile and
	 * answers the profile object. */
	cJSON *p = profile_object(sbt_call("/customer/updatePaymentProfile",
	                                   "customerID=%lld&billingName=%s&billingAddress1=%s&billingCity=Waco"
	                                   "&billingState=TX&billingZip=76701",
	                                   cust, sbt_enc("Second Renamed"), sbt_enc("9 Ledger St")));
	assert_int_equal(sbt_i(p, "id"), second);
	assert_string_equal(sbt_s(p, "billingName"), "Second Renamed");
	assert_string_equal(sbt_s(p, "billingAddress1"), "9 Ledger St");
	cJSON *b = sbt_byid("paymentProfile", second);
	assert_string_equal(sbt_s(b, "billingName"), "Second Renamed");
	assert_string_equal(sbt_s(b, "billingCity"), "Waco");
	assert_string_equal(sbt_s(sbt_byid("paymentProfile", first), "billingName"), "First");
}

/* ---- review summary ---- */

struct group {
	char key[64];
	long num;
	double sum;
};

static struct group *group_add(struct group *g, size_t *n, const char *key, int stars)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(g[i].key, key)) {
			g[i].num++;
			g[i].sum += stars;
			return g;
		}
	snprintf(g[*n].key, sizeof g[*n].key, "%s", key);
	g[*n].num = 1;
	g[*n].sum = stars;
	(*n)++;
	return g;
}

static void check_groups(const cJSON *obj, const struct group *g, size_t n, const char *keyname)
{
	assert_true(cJSON_IsObject(obj));
	assert_int_equal(cJSON_GetArraySize(obj), n);
	for (size_t i = 0; i < n; i++) {
		cJSON *e = cJSON_GetObjectItemCaseSensitive(obj, g[i].key);
		if (!e)
			fail_msg("review summary lacks %s \"%s\"", keyname, g[i].key);
		cJSON *num = sbt_m(e, "num"), *avg = sbt_m(e, "average"), *k = sbt_m(e, keyname);
		assert_true(cJSON_IsNumber(num) && cJSON_IsNumber(avg));
		assert_int_equal((long)num->valuedouble, g[i].num);
		assert_true(fabs(avg->valuedouble - g[i].sum / (double)g[i].num) < 0.01);
		const char *kv = cJSON_IsString(k) ? k->valuestring : sbt_fmt("%.0f", k->valuedouble);
		assert_string_equal(kv, g[i].key);
	}
}

static void test_review_summary(void **state)
{
	(void)state;
	long long *rids;
	size_t nr = sbt_search("review", &rids, "");
	assert_true(nr >= 5);
	cJSON *reviews = sbt_get("review", "feedbackIDs", rids, nr);
	/* The customers of the first 40 reviews, and their offices. */
	long long cust[40], office[40];
	size_t nc = 0, no = 0;
	for (cJSON *r = reviews->child; r && nc < 40; r = r->next) {
		long long c = sbt_i(r, "customerID");
		if (!sbt_has(cust, nc, c))
			cust[nc++] = c;
	}
	cJSON *custs = sbt_get("customer", "customerIDs", cust, nc);
	for (cJSON *c = custs->child; c; c = c->next) {
		long long o = sbt_i(c, "officeID");
		if (!sbt_has(office, no, o))
			office[no++] = o;
	}
	/* What the reviews say. */
	long stars[6] = { 0 };
	long total = 0;
	double sum = 0;
	struct group zips[64], cities[64];
	size_t nz = 0, nci = 0;
	for (cJSON *r = reviews->child; r; r = r->next) {
		long long c = sbt_i(r, "customerID");
		if (!sbt_has(cust, nc, c))
			continue;
		int s = (int)sbt_i(r, "starRating");
		assert_true(s >= 1 && s <= 5);
		stars[s]++;
		total++;
		sum += s;
		cJSON *cr = sbt_find(custs, "customerID", c);
		assert_non_null(cr);
		group_add(zips, &nz, sbt_s(cr, "zip"), s);
		group_add(cities, &nci, sbt_s(cr, "city"), s);
		assert_true(nz < 64 && nci < 64);
	}
	struct sbt_resp *r = sbt_call("/review/summary", "customerIDs=%s&officeIDs=%s",
	                              sbt_enc(sbt_idlist(cust, nc)), sbt_enc(sbt_idlist(office, no)));
	sbt_ok(r);
	cJSON *st = sbt_m(r->json, "stars"), *avg = sbt_m(r->json, "average");
	assert_true(cJSON_IsObject(st));
	assert_true(cJSON_IsNumber(avg));
	assert_true(fabs(avg->valuedouble - sum / (double)total) < 0.01);
	for (int s = 1; s <= 5; s++) {
		cJSON *v = cJSON_GetObjectItemCaseSensitive(st, sbt_fmt("%d", s));
		long got = 0;
		if (v) {
			assert_true(cJSON_IsNumber(v));
			got = (long)v->valuedouble;
		}
		if (got != stars[s])
			fail_msg("review summary: %ld reviews of %d stars, the records say %ld", got, s, stars[s]);
	}
	check_groups(sbt_m(r->json, "zips"), zips, nz, "zip");
	check_groups(sbt_m(r->json, "cities"), cities, nci, "city");

	/* startTime and endTime keep the reviews dated between them. */
	const char *from = "2026-10-15 00:00:00", *to = "2026-11-05 23:59:59";
	long in_window = 0;
	for (cJSON *rv = reviews->child; rv; rv = rv->next) {
		const char *d = sbt_s(rv, "date");
		in_window += sbt_has(cust, nc, sbt_i(rv, "customerID")) && strcmp(d, from) >= 0 &&
		             strcmp(d, to) <= 0;
	}
	assert_true(in_window > 0 && in_window < total);
	r = sbt_call("/review/summary", "customerIDs=%s&officeIDs=%s&startTime=%s&endTime=%s",
	             sbt_enc(sbt_idlist(cust, nc)), sbt_enc(sbt_idlist(office, no)), sbt_enc(from),
	             sbt_enc(to));
	sbt_ok(r);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);
	long counted = 0;
	for (cJSON *v = sbt_m(r->json, "stars")->child; v; v = v->next)
		counted += (long)v->valuedouble;
	if (counted != in_window)
		fail_msg("review summary from %s to %s counts %ld reviews, the records say %ld", from, to,
		         counted, in_window);

	/* No officeIDs: the office of the key (the first), not every office. */
	long long *offices;
	size_t n_off = sbt_search("office", &offices, "");
	assert_true(n_off >= 2);
	char *mine = cJSON_PrintUnformatted(sbt_m(sbt_call("/review/summary", "")->json, "stars"));
	char *first = cJSON_PrintUnformatted(
		sbt_m(sbt_call("/review/summary", "officeIDs=%lld", offices[0])->json, "stars"));
	char *every = cJSON_PrintUnformatted(sbt_m(
		sbt_call("/review/summary", "officeIDs=%s", sbt_enc(sbt_idlist(offices, n_off)))->json,
		"stars"));
	sbt_keep(mine), sbt_keep(first), sbt_keep(every);
	assert_string_equal(mine, first);
	assert_string_not_equal(mine, every);
}

/* ---- route groups ---- */

static void test_route_create_groups(void **state)
{
	(void)state;
	long long *routes, *emps;
	size_t nr = sbt_search("route", &routes, "");
	assert_true(nr > 0 && sbt_search("employee", &emps, "") > 0);
	cJSON *recs = sbt_get("route", "routeIDs", routes, nr);
	long long tmax = 0, today_tpl = 0;
	for (cJSON *r = recs->child; r; r = r->next) {
		long long t = sbt_i(r, "templateID");
		tmax = t > tmax ? t : tmax;
		if (!today_tpl && t > 0 && !strncmp(sbt_s(r, "date"), SBT_TODAY, 10))
			today_tpl = t;
	}
	/* A template no route uses, on a day nothing is planned: no group. */
	long long tpl = tmax + 1000;
	const char *day = "2027-03-15";
	struct sbt_resp *r = sbt_call("/route/create", "date=%s&templateID=%lld&assignedTech=%lld&autoCreateGroup=0",
	                              day, tpl, emps[0]);
	sbt_err(r, 0, "group");
	long long *ids;
	assert_int_equal(sbt_search("route", &ids, "date=%s", day), 0);
	/* With 1 the group is made and the route created. */
	long long id = sbt_result(sbt_call("/route/create", "date=%s&templateID=%lld&assignedTech=%lld&autoCreateGroup=1",
	                                   day, tpl, emps[0]));
	cJSON *rt = get1("route", "routeIDs", id);
	assert_memory_equal(sbt_s(rt, "date"), day, 10);
	assert_int_equal(sbt_i(rt, "templateID"), tpl);
	assert_int_equal(sbt_i(rt, "assignedTech"), emps[0]);
	assert_true(*sbt_s(rt, "groupTitle"));
	size_t n = sbt_search("route", &ids, "date=%s", day);
	assert_int_equal(n, 1);
	assert_int_equal(ids[0], id);
	/* Now the group exists: 0 is accepted for the same template and day. */
	sbt_result(sbt_call("/route/create", "date=%s&templateID=%lld&autoCreateGroup=0", day, tpl));
	/* And for a template in use today. */
	if (today_tpl)
		sbt_result(sbt_call("/route/create", "date=%s&templateID=%lld&autoCreateGroup=0",
		                    SBT_TODAY, today_tpl));
	/* Without autoCreateGroup, live's default is 1: a new template's group
	 * is made. */
	id = sbt_result(sbt_call("/route/create", "date=%s&templateID=%lld", day, tpl + 1));
	assert_true(*sbt_s(get1("route", "routeIDs", id), "groupTitle"));
	/* groupID puts the route in a group that exists, and only such. */
	long long gid = sbt_i(rt, "groupID");
	r = sbt_call("/route/create", "date=%s&groupID=%lld", day, gid);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);
	cJSON *in = get1("route", "routeIDs", sbt_result(r));
	assert_int_equal(sbt_i(in, "groupID"), gid);
	assert_string_equal(sbt_s(in, "groupTitle"), sbt_s(rt, "groupTitle"));
	sbt_err(sbt_call("/route/create", "date=%s&groupID=999999", day), 0, "groupID");
}

/* ---- employee dealias ---- */

static void test_employee_dealias(void **state)
{
	(void)state;
	long long id = sbt_result(sbt_call("/employee/create", "fname=Alias&lname=Tester&type=1&employeeLink=77001"));
	struct sbt_resp *r = sbt_call("/employee/dealias", "employeeID=%lld", id);
	sbt_ok(r);
	cJSON *e = sbt_m(r->json, "employeeID");
	char *text = cJSON_PrintUnformatted(e);
	sbt_keep(text);
	if (!strstr(text, sbt_fmt("%lld", id)))
		fail_msg("dealias of %lld answers employeeID %s", id, text);
	r = sbt_call("/employee/dealias", "employeeLink=77001");
	sbt_ok(r);
	text = cJSON_PrintUnformatted(sbt_m(r->json, "employeeID"));
	sbt_keep(text);
	if (!strstr(text, sbt_fmt("%lld", id)))
		fail_msg("dealias of link 77001 answers employeeID %s, not %lld", text, id);
}

/* ---- customer portal login ---- */

static void test_portal_login(void **state)
{
	(void)state;
	long long cust = sbt_cust_ids[50];
	struct sbt_resp *r = sbt_call("/customer/get", "customerIDs=%lld&includePortalLogin=1", cust);
	cJSON *c = cJSON_GetArrayItem(sbt_records(r), 0);
	assert_non_null(c);
	const char *url = sbt_s(c, "portalLogin"), *exp = sbt_s(c, "portalLoginExpires");
	assert_true(!strncmp(url, "http://", 7) || !strncmp(url, "https://", 8));
	assert_int_equal(strlen(exp), 19);
	/* Valid for 3 days or longer from today. */
	assert_true(strcmp(exp, "2026-11-23") >= 0);
	/* by-id takes the same flag; without it there is no link. */
	r = sbt_call(sbt_fmt("/customer/%lld", cust), "includePortalLogin=1");
	sbt_ok(r);
	(void)sbt_s(sbt_m(r->json, "customer"), "portalLogin");
	c = get1("customer", "customerIDs", cust);
	assert_false(cJSON_HasObjectItem(c, "portalLogin"));
}

/* "YYYY-MM-DD HH:MM:SS" plus secs, into an arena string. */
static const char *shifted(const char *stamp, long secs)
{
	struct rd_date d;
	int s = 0;
	char out[11];
	long long t;

	if (datetime_parse(stamp, &d, &s) != 0)
		fail_msg("\"%s\" is no date and time", stamp);
	t = date_to_days(&d) * 86400LL + s + secs;
	date_from_days((long)(t / 86400), &d);
	date_format(&d, out);
	s = (int)(t % 86400);
	return sbt_fmt("%s %02d:%02d:%02d", out, s / 3600, s / 60 % 60, s % 60);
}

/*
 * portalLoginExpires is on Pacific time, as the specification gives it
 * ("datetime, PST"), where every other date is office-local: a sandbox on
 * an office 7 hours behind UTC all year (Arizona's, TZ=MST7) answers three
 * days from its clock's now, an hour earlier in November (PST, 8 behind),
 * the same hour in July (PDT, 7 behind).  It read the office's own clock.
 */
static void test_portal_login_zone(void **state)
{
	static const struct {
		const char *today;
		long shift;
	} days[] = { { "2026-11-20", 3 * 86400L - 3600 }, { "2026-07-15", 3 * 86400L } };
	const char *tz = getenv("TZ");
	char *was = tz ? sbt_keep(xstrdup(tz)) : NULL;
	(void)state;

	setenv("TZ", "MST7", 1);
	for (size_t i = 0; i < sizeof days / sizeof *days; i++) {
		const char *const args[] = { "--generate", "20", "--seed", SBT_SEED, "--today",
			days[i].today, "--no-limits", NULL };
		struct sbt_server *s = sbt_start(args);
		long long cust = sbt_result(sbt_call("/customer/create", "fname=Zone"));
		const char *lo = sbt_s(sbt_byid("customer", cust), "dateUpdated");
		struct sbt_resp *r = sbt_call(sbt_fmt("/customer/%lld", cust), "includePortalLogin=1");
		const char *exp = sbt_s(sbt_m(r->json, "customer"), "portalLoginExpires");
		sbt_ok(sbt_call("/customer/update", "customerID=%lld&fname=Zoned", cust));
		const char *hi = sbt_s(sbt_byid("customer", cust), "dateUpdated");
		if (strcmp(exp, shifted(lo, days[i].shift)) < 0 ||
		    strcmp(exp, shifted(hi, days[i].shift)) > 0)
			fail_msg("on %s the portal login expires %s, not between %s and %s", days[i].today,
			         exp, shifted(lo, days[i].shift), shifted(hi, days[i].shift));
		sbt_free(s);
	}
	if (was)
		setenv("TZ", was, 1);
	else
		unsetenv("TZ");
	sbt_use(sbt_cust_srv);
}

/* An office's wall-clock time on MST (7 hours behind UTC all year) as
 * Pacific time reads the same instant, by the system's zone database. */
static const char *mst_on_pacific(const char *stamp, int *dst)
{
	struct rd_date d;
	int s = 0;
	time_t t;
	struct tm tm;
	char out[20];

	if (datetime_parse(stamp, &d, &s) != 0)
		fail_msg("\"%s\" is no date and time", stamp);
	t = (time_t)(date_to_days(&d) * 86400LL + s + 7 * 3600);
	setenv("TZ", "PST8PDT", 1);
	tzset();
	assert_non_null(localtime_r(&t, &tm));
	*dst = tm.tm_isdst > 0;
	strftime(out, sizeof out, "%Y-%m-%d %H:%M:%S", &tm);
	return sbt_fmt("%s", out);
}

/*
 * timeClock's timeIn and timeOut are "server time, PST" in the
 * specification, where every other date is office-local: the same data
 * generated for an office on MST (TZ=MST7) reads each entry as Pacific
 * time reads that instant, an hour earlier than the Pacific office's
 * entry (TZ=PST8PDT) in winter, the same hour in summer.  They were
 * office time.
 */
static void test_time_clock_zone(void **state)
{
	static const char *const times[] = { "timeIn", "timeOut" };
	const char *const args[] = { "--generate", "20", "--seed", SBT_SEED, "--today", "2026-11-20",
		"--no-limits", NULL };
	const char *tz = getenv("TZ");
	char *was = tz ? sbt_keep(xstrdup(tz)) : NULL;
	cJSON *recs[2];
	int n[2], seen[2] = { 0, 0 };
	(void)state;

	for (int z = 0; z < 2; z++) {
		long long *ids;
		size_t k;
		setenv("TZ", z ? "MST7" : "PST8PDT", 1);
		struct sbt_server *s = sbt_start(args);
		k = sbt_search("timeClock", &ids, "");
		recs[z] = sbt_get("timeClock", "entryIDs", ids, k);
		n[z] = cJSON_GetArraySize(recs[z]);
		sbt_free(s);
	}
	assert_true(n[0] > 0);
	assert_int_equal(n[0], n[1]);
	for (int k = 0; k < n[0]; k++) {
		const cJSON *pac = cJSON_GetArrayItem(recs[0], k);
		const cJSON *mst = sbt_find(recs[1], "entryID", sbt_i(pac, "entryID"));
		assert_non_null(mst);
		for (size_t f = 0; f < 2; f++) {
			const char *p = sbt_s(pac, times[f]), *m = sbt_s(mst, times[f]), *want;
			int dst;
			if (strncmp(p, "0000", 4) == 0) {
				assert_string_equal(m, p);
				continue;
			}
			want = mst_on_pacific(p, &dst);
			seen[dst]++;
			if (strcmp(m, want) != 0) {
				sbt_note("entry %lld's %s reads %s in an office on MST, not %s "
				         "(the Pacific office's %s)", sbt_i(pac, "entryID"), times[f], m,
				         want, p);
				fail();
			}
		}
	}
	/* Both halves of the year were read. */
	assert_true(seen[0] > 0 && seen[1] > 0);
	if (was)
		setenv("TZ", was, 1);
	else
		unsetenv("TZ");
	tzset();
	sbt_use(sbt_cust_srv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_ticket_addons),
		SBT_TEST(test_initial_addons),
		SBT_TEST(test_addon_ids_not_reused),
		SBT_TEST(test_ticket_create_with_addons),
		SBT_TEST(test_update_lead_stage),
		SBT_TEST(test_create_payment_profile_rules),
		SBT_TEST(test_payment_profile_becomes_active),
		SBT_TEST(test_review_summary),
		SBT_TEST(test_route_create_groups),
		SBT_TEST(test_employee_dealias),
		SBT_TEST(test_portal_login),
		SBT_TEST(test_portal_login_zone),
		SBT_TEST(test_time_clock_zone),
	};
	return cmocka_run_group_tests(tests, sbt_customers_setup, sbt_customers_teardown);
}
