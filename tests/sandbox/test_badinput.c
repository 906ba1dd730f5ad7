/* test_badinput.c: bad requests get clear errors naming the field, and the server keeps working. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/sbtest.h"

static long long note_type;

/* The customers world, and a note type any note can take. */
static int setup(void **state)
{
	long long *ids;

	sbt_customers_setup(state);
	assert_true(sbt_search("note", &ids, "") > 0);
	note_type = sbt_i(cJSON_GetArrayItem(sbt_get("note", "noteIDs", ids, 1), 0), "typeID");
	sbt_test_teardown(NULL);
	return 0;
}

static void test_credentials(void **state)
{
	(void)state;
	const char *q = sbt_fmt("customerIDs=%lld", sbt_cust_ids[0]);
	sbt_err(sbt_post("/customer/search", q), 0, "authentication");
	sbt_alive();
	sbt_err(sbt_post("/customer/search", sbt_fmt("%s&authenticationKey=wrong&authenticationToken=%s",
	                                              q, sbt_token())), 0, "authentication");
	sbt_err(sbt_post("/customer/search", sbt_fmt("%s&authenticationKey=%s&authenticationToken=wrong",
	                                              q, sbt_key())), 0, "authentication");
	sbt_err(sbt_post("/customer/search", sbt_fmt("%s&authenticationKey=%s", q, sbt_key())), 0,
	        "authentication");
	/* The key is not a prefix match. */
	sbt_err(sbt_post("/customer/search", sbt_fmt("%s&authenticationKey=%sx&authenticationToken=%s",
	                                              q, sbt_key(), sbt_token())), 0, "authentication");
	/* Writes are refused too, and nothing is written. */
	sbt_err(sbt_post("/customer/update", sbt_fmt("customerID=%lld&lname=Intruder", sbt_cust_ids[0])), 0,
	        "authentication");
	long long *ids;
	assert_int_equal(sbt_search("customer", &ids, "lname=Intruder"), 0);
	sbt_alive();
}

static void test_unknown_paths(void **state)
{
	(void)state;
	struct sbt_resp *r = sbt_call("/nosuchthing/search", "");
	sbt_err(r, 404, NULL);
	r = sbt_call("/customer/frobnicate", "");
	sbt_err(r, 404, NULL);
	/* Its envelope still says what the account spent: reads were made
	 * above (sbt_cust_ids came from a search), and a 404 spends none. */
	{
		const cJSON *u = sbt_m(r->json, "tokenUsage");
		const cJSON *n = cJSON_GetObjectItemCaseSensitive(u, "requestsReadToday");
		struct sbt_resp *s = sbt_call("/customer/search", "customerIDs=%lld", sbt_cust_ids[0]);
		const cJSON *m = cJSON_GetObjectItemCaseSensitive(sbt_m(s->json, "tokenUsage"),
		                                                  "requestsReadToday");

		assert_true(cJSON_IsNumber(n) && cJSON_IsNumber(m));
		assert_true(n->valuedouble > 0);
		assert_true(m->valuedouble == n->valuedouble + 1);
	}
	r = sbt_call("/customer/12abc", "");
	if (r->status == 200)
		sbt_err(r, 0, NULL);
	/* An unknown id is an error answer, not an empty success. */
	sbt_err(sbt_call("/customer/999999999", ""), 0, NULL);
	/* Odd paths get an answer, never success, and never a crash. */
	static const char *const odd[] = { "", "/", "/customer", "/customer/", "/customer/search/extra",
		"/customer//search", "/customer/-5", "/files/document/abc", "/files/../../etc/passwd",
		"/files/document/1", "/%00/search" };
	for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
		r = sbt_call(odd[i], "");
		if (r->status == 0 || (r->json && cJSON_IsTrue(cJSON_GetObjectItem(r->json, "success")))) {
			sbt_note("path \"%s\":", odd[i]);
			sbt_dump(r);
			fail();
		}
		assert_true(r->status >= 400 || (r->json && cJSON_IsFalse(cJSON_GetObjectItem(r->json, "success"))));
	}
	/* An enormous query string. */
	size_t n = 200000;
	char *q = sbt_keep(malloc(n + 16));
	memcpy(q, "lname=", 6);
	memset(q + 6, 'q', n);
	q[n + 6] = '\0';
	r = sbt_getq("/customer/search", sbt_fmt("%s&%s", q, sbt_auth()));
	(void)r;
	sbt_alive();
}

struct missing {
	const char *path, *form, *field;
};

static void test_missing_required(void **state)
{
	(void)state;
	long long c = sbt_cust_ids[3];
	const struct missing cases[] = {
		{ "/note/create", sbt_fmt("customerID=%lld&contactType=%lld&showOnInvoice=0", c, note_type), "notes" },
		{ "/note/create", sbt_fmt("customerID=%lld&notes=x&showOnInvoice=0", c), "contactType" },
		{ "/note/create", sbt_fmt("customerID=%lld&contactType=%lld&notes=x", c, note_type), "showOnInvoice" },
		{ "/note/create", sbt_fmt("contactType=%lld&notes=x&showOnInvoice=0", note_type), "customerID" },
		{ "/note/update", "notes=x", "contactID" },
		{ "/ticket/create", sbt_fmt("customerID=%lld&date=%s", c, SBT_TODAY), "serviceCharge" },
		{ "/ticket/create", sbt_fmt("customerID=%lld&serviceCharge=5", c), "date" },
		{ "/ticket/update", "serviceCharge=5", "ticketID" },
		{ "/ticket/createAddOn", "amount=5&taxable=0", "ticketID" },
		{ "/product/create", "description=d&amount=1&taxable=0&category=c&visible=1&salesVisible=1&recurring=0", "code" },
		{ "/product/create", "description=d&taxable=0&code=c&category=c&visible=1&salesVisible=1&recurring=0", "amount" },
		{ "/subscription/create", sbt_fmt("customerID=%lld", c), "serviceID" },
		{ "/employee/create", "fname=A", "lname" },
		{ "/paymentProfile/create", sbt_fmt("customerID=%lld&billingName=x", c), "paymentMethod" },
		{ "/review/update", "starRating=3", "feedbackID" },
		{ "/appointmentReminder/update", "text=x", "reminderID" },
		{ "/route/update", "assignedTech=0", "routeID" },
		{ "/document/update", "showTech=1", "uploadID" },
		/* The record's key comes first here too (it was status). */
		{ "/appointment/complete", "completionNotes=x", "appointmentID" },
		{ "/appointment/complete", "appointmentID=x&status=7", "appointmentID" },
		{ "/subscription/updateLeadStage", "", "subscriptionID" },
		{ "/subscription/updateLeadStage", "subscriptionID=x&status=7", "subscriptionID" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct sbt_resp *r = sbt_call(cases[i].path, "%s", cases[i].form);
		if (!r->json || !cJSON_IsFalse(cJSON_GetObjectItem(r->json, "success")))
			sbt_note("%s with %s", cases[i].path, cases[i].form);
		sbt_err(r, 0, cases[i].field);
	}
	sbt_alive();
}

/* A date the create requires, sent as the unset date ("0000-00-00",
 * api-behaviour.md): refused naming the field, as an invalid date is; it
 * made a ticket with no invoice date.  An update does not require the
 * date, and the documents refuse nothing there: left as it was. */
static void test_required_date_unset(void **state)
{
	(void)state;
	long long c = sbt_cust_ids[3], *ids;
	static const char *const unset[] = { "0000-00-00", "0000-00-00 00:00:00" };
	size_t before = sbt_search("ticket", &ids, "customerIDs=%lld&status=%s", c,
	                           sbt_qo("IN", "[-1,0,1]"));
	for (size_t i = 0; i < 2; i++)
		sbt_err(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=5", c,
		                 sbt_enc(unset[i])),
		        200, "Invalid value for date: must be a date (YYYY-MM-DD), not the unset date");
	assert_int_equal(sbt_search("ticket", &ids, "customerIDs=%lld&status=%s", c,
	                            sbt_qo("IN", "[-1,0,1]")),
	                 before);
	long long t = sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=5",
	                                  c, SBT_TODAY));
	sbt_ok(sbt_call("/ticket/update", "ticketID=%lld&date=0000-00-00", t));
}

static void test_wrong_types(void **state)
{
	(void)state;
	long long *rev;
	assert_true(sbt_search("review", &rev, "") > 0);
	sbt_err(sbt_call("/customer/get", "customerIDs=abc"), 0, "customerIDs");
	sbt_err(sbt_call("/customer/get", "customerIDs=%s", sbt_enc("[1,\"x\"]")), 0, "customerIDs");
	sbt_err(sbt_call("/customer/get", "customerIDs=99999999999999999999999"), 0, "customerIDs");
	sbt_err(sbt_call("/customer/search", "customerIDs=abc"), 0, "customerIDs");
	sbt_err(sbt_call("/review/update", "feedbackID=%lld&starRating=x", rev[0]), 0, "starRating");
	sbt_err(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=abc", sbt_cust_ids[0], SBT_TODAY),
	        0, "serviceCharge");
	sbt_err(sbt_call("/ticket/create", "customerID=%lld&date=yesterday&serviceCharge=1", sbt_cust_ids[0]),
	        0, "date");
	sbt_err(sbt_call("/customer/update", "customerID=abc&lname=X"), 0, "customerID");
	/* includeData and the get flags are integers too: text is refused as
	 * a filter's is, not read as 0 (ids without the records asked for). */
	static const char *const flags[] = { "includeData=abc", "includeData=1.5",
		"includeData[]=1", NULL };
	for (size_t i = 0; flags[i]; i++)
		sbt_err(sbt_call("/customer/search", "customerIDs=%lld&%s", sbt_cust_ids[0], flags[i]), 200,
		        "Invalid value for includeData: expected an integer");
	/* The specification's "integer, 0 or 1": 2 was read as off. */
	sbt_err(sbt_call("/customer/search", "customerIDs=%lld&includeData=2", sbt_cust_ids[0]), 200,
	        "Invalid value for includeData: must be 0 or 1");
	sbt_err(sbt_call("/customer/get", "customerIDs=%lld&includeSubscriptions=-1", sbt_cust_ids[0]),
	        200, "Invalid value for includeSubscriptions: must be 0 or 1");
	sbt_err(sbt_call("/customer/get", "customerIDs=%lld&includePortalLogin=yes", sbt_cust_ids[0]),
	        200, "Invalid value for includePortalLogin: expected an integer");
	sbt_err(sbt_call(sbt_fmt("/customer/%lld", sbt_cust_ids[0]), "includeSubscriptions=x"), 200,
	        "Invalid value for includeSubscriptions: expected an integer");
	sbt_err(sbt_call("/customer/search", "customerIDs=%lld&includeData=1&includePortalLogin=x",
	                 sbt_cust_ids[0]), 200, "includePortalLogin");
	/* So are the writes' flags: "abc" was read as 0 (a locked route's
	 * refusal, an occupied spot taken), as "1.5" and "yes" still would. */
	{
		long long *appts, *routes, *emps;

		assert_true(sbt_search("appointment", &appts, "") > 0);
		assert_true(sbt_search("route", &routes, "") > 0);
		assert_true(sbt_search("employee", &emps, "") > 0);
		sbt_err(sbt_call("/appointment/update", "appointmentID=%lld&notes=x&bypassLockedRoute=abc",
		                 appts[0]), 200, "Invalid value for bypassLockedRoute: must be 0 or 1");
		sbt_err(sbt_call("/route/delete", "routeID=%lld&bypassLockedRoute=yes", routes[0]), 200,
		        "Invalid value for bypassLockedRoute: must be 0 or 1");
		sbt_err(sbt_call("/employee/dealias", "employeeID=%lld&useBothKeys=1.5", emps[0]), 200,
		        "Invalid value for useBothKeys: must be 0 or 1");
		sbt_err(sbt_call("/appointment/create", "customerID=%lld&type=1&rejectOccupiedSpots=x",
		                 sbt_cust_ids[0]), 200,
		        "Invalid value for rejectOccupiedSpots: must be 0 or 1");
	}
	/* What was taken before still is: 1, 0, true, blank; a flag that a
	 * search without includeData never reads stays merely ignored. */
	struct sbt_resp *r = sbt_call("/customer/search", "customerIDs=%lld&includeData=true",
	                              sbt_cust_ids[0]);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "customers")), 1);
	r = sbt_call("/customer/search", "customerIDs=%lld&includeData=0", sbt_cust_ids[0]);
	sbt_ok(r);
	assert_false(cJSON_HasObjectItem(r->json, "customers"));
	r = sbt_call("/customer/search", "customerIDs=%lld&includeData=&includePortalLogin=x",
	             sbt_cust_ids[0]);
	sbt_ok(r);
	assert_false(cJSON_HasObjectItem(r->json, "customers"));
	sbt_alive();
}

static void test_malformed_query_objects(void **state)
{
	(void)state;
	sbt_err(sbt_call("/customer/search", "dateAdded=%s", sbt_qo("BOGUS", "\"2026-01-01\"")), 0, "dateAdded");
	sbt_err(sbt_call("/customer/search", "dateAdded=%s", sbt_enc("{not json")), 0, "dateAdded");
	sbt_err(sbt_call("/customer/search", "dateAdded=%s", sbt_qo("BETWEEN", "[\"2026-01-01\"]")), 0, "dateAdded");
	sbt_err(sbt_call("/customer/search", "dateAdded=%s", sbt_qo("BETWEEN", "\"2026-01-01\"")), 0, "dateAdded");
	sbt_err(sbt_call("/customer/search", "customerIDs=%s", sbt_enc("{\"operator\":\">\"}")), 0, "customerIDs");
	sbt_err(sbt_call("/customer/search", "customerIDs[operator]=BOGUS&customerIDs[value]=1"), 0, "customerIDs");
	/* A JSON body that does not parse. */
	struct sbt_request rq = { .path = "/customer/search", .content_type = "application/json",
		                      .body = "{\"customerIDs\": [1,", .headers = NULL };
	const char *hdrs[] = { sbt_fmt("authenticationKey: %s", sbt_key()),
		sbt_fmt("authenticationToken: %s", sbt_token()), NULL };
	rq.headers = hdrs;
	sbt_err(sbt_request(&rq), 0, "JSON");
	sbt_alive();
}

static void test_body_too_large(void **state)
{
	(void)state;
	size_t n = 17u << 20;
	char *body = sbt_keep(malloc(n + 1));
	memcpy(body, "lname=", 6);
	memset(body + 6, 'a', n - 6);
	body[n] = '\0';
	struct sbt_request rq = { .path = "/customer/search", .body = body, .body_len = n };
	struct sbt_resp *r = sbt_request(&rq);
	if (r->status != 413) {
		sbt_dump(r);
		fail_msg("a 17 MiB body answered HTTP %ld, not 413", r->status);
	}
	/* In the envelope, as every other answer (the body unread: no params
	 * but the path's). */
	static const char *const envelope[] = { "params", "tokenUsage", "tokenLimits",
		"requestAPIKeyType", "requestAction", "endpoint", "success", "ignoredParams",
		"processingTime", "errorMessage", NULL };
	sbt_err(r, 413, "too large");
	sbt_order(r->json, envelope);
	assert_string_equal(sbt_s(r->json, "endpoint"), "customer");
	assert_string_equal(sbt_s(r->json, "requestAction"), "search");
	assert_null(cJSON_GetObjectItemCaseSensitive(sbt_m(r->json, "params"), "lname"));
	/* Without Expect: 100-continue the body is read through first. */
	const char *no_expect[] = { "Expect:", NULL };
	rq.headers = no_expect;
	r = sbt_request(&rq);
	sbt_err(r, 413, "too large");
	sbt_order(r->json, envelope);
	sbt_alive();
	/* A big value below the limit is fine (1 MiB). */
	n = 1u << 20;
	char *big = sbt_keep(malloc(n + 1));
	memset(big, 'b', n);
	big[n] = '\0';
	long long *ids;
	assert_int_equal(sbt_search("customer", &ids, "lname=%s", big), 0);
}

static void test_invalid_utf8(void **state)
{
	(void)state;
	sbt_err(sbt_call("/customer/search", "lname=%%FF%%FE"), 0, "lname");
	sbt_err(sbt_call("/customer/update", "customerID=%lld&lname=%%C3%%28", sbt_cust_ids[0]), 0, "lname");
	/* An overlong encoding of '/' and a lone surrogate. */
	sbt_err(sbt_call("/customer/update", "customerID=%lld&city=%%C0%%AF", sbt_cust_ids[0]), 0, "city");
	sbt_err(sbt_call("/customer/update", "customerID=%lld&city=%%ED%%A0%%80", sbt_cust_ids[0]), 0, "city");
	struct sbt_request rq = {
		.path = "/customer/search", .content_type = "application/json",
		.body = sbt_fmt("{\"lname\":\"\xff\xfe\",\"authenticationKey\":\"%s\",\"authenticationToken\":\"%s\"}",
		                sbt_key(), sbt_token()),
	};
	struct sbt_resp *r = sbt_request(&rq);
	sbt_err(r, 0, NULL);
	/* The customer was not changed. */
	cJSON *c = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", sbt_cust_ids, 1), 0);
	assert_null(strstr(sbt_s(c, "lname"), "("));
	sbt_alive();
	/* Valid UTF-8 is stored and read back as sent. */
	const char *name = "Zo\xc3\xab \xc3\x91\xc3\xba\xc3\xb1" "ez \xe6\x97\xa5\xe6\x9c\xac";
	sbt_ok(sbt_call("/customer/update", "customerID=%lld&spouse=%s", sbt_cust_ids[1], sbt_enc(name)));
	c = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", sbt_cust_ids + 1, 1), 0);
	assert_string_equal(sbt_s(c, "spouse"), name);
}

/* A JSON body (text as given, credentials added first unless with_auth is 0). */
static struct sbt_resp *json_call(const char *path, const char *members, int with_auth)
{
	struct sbt_request rq = {
		.path = path, .content_type = "application/json",
		.body = with_auth ? sbt_fmt("{\"authenticationKey\":\"%s\",\"authenticationToken\":\"%s\",%s}",
		                            sbt_key(), sbt_token(), members)
		                  : sbt_fmt("{%s}", members),
	};
	return sbt_request(&rq);
}

/* A NUL is refused wherever it comes: a form's value, and a JSON body's
 * names and values (cJSON cuts a string at its \u0000, so a token with a
 * tail authenticated and a name stored only up to it). */
static void test_nul_bytes(void **state)
{
	(void)state;
	long long c = sbt_cust_ids[2];
	struct sbt_resp *r;

	sbt_err(sbt_call("/customer/search", "lname=Redd%%00xyz"), 0, "NUL byte in parameter lname");
	/* In a form's name too: cut there, it filtered on lname. */
	sbt_err(sbt_call("/customer/search", "lname%%00x=Redd"), 0, "NUL byte in parameter lname");
	r = json_call("/customer/search", sbt_fmt("\"authenticationKey\":\"%s\","
	                                          "\"authenticationToken\":\"%s\\u0000anything\"",
	                                          sbt_key(), sbt_token()), 0);
	sbt_err(r, 0, "NUL byte in parameter authenticationToken");
	r = json_call("/customer/update", sbt_fmt("\"customerID\":%lld,\"lname\":\"Nul\\u0000Byte\"", c), 1);
	sbt_err(r, 0, "NUL byte in parameter lname");
	cJSON *rec = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", &c, 1), 0);
	assert_string_not_equal(sbt_s(rec, "lname"), "Nul");
	sbt_err(json_call("/customer/search", "\"lname\\u0000x\":\"Redd\"", 1), 0, "NUL byte in parameter lname");
	/* Deep inside a value too. */
	sbt_err(json_call("/customer/get", "\"customerIDs\":[1,\"2\\u0000\"]", 1), 0,
	        "NUL byte in parameter customerIDs");
	/* An escaped backslash before "u0000" is no NUL. */
	sbt_ok(json_call("/customer/search", "\"lname\":\"a\\\\u0000\"", 1));
	sbt_alive();
}

/* A %00 in the path is no endpoint: it was cut there and ran the real
 * operation. */
static void test_nul_in_path(void **state)
{
	(void)state;
	static const char *const envelope[] = { "params", "tokenUsage", "tokenLimits",
		"requestAPIKeyType", "requestAction", "endpoint", "success", "ignoredParams",
		"processingTime", "errorMessage", NULL };
	static const char *const paths[] = { "/customer/search%00garbage", "/customer/10000%00abc",
		"/customer/update%00xyz", "/customer%00/search" };

	for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
		struct sbt_resp *r = sbt_call(paths[i], "customerID=%lld&lname=Cut", sbt_cust_ids[3]);
		sbt_err(r, 404, "Unknown endpoint");
		sbt_order(r->json, envelope);
	}
	long long *ids;
	assert_int_equal(sbt_search("customer", &ids, "lname=Cut"), 0);
	sbt_alive();
}

static long long new_ticket(void)
{
	return sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=10",
	                           sbt_cust_ids[4], SBT_TODAY));
}

static void test_negative_taxable_addon(void **state)
{
	(void)state;
	long long t = new_ticket();
	sbt_err(sbt_call("/ticket/createAddOn", "ticketID=%lld&amount=-5&taxable=1&description=Discount", t),
	        0, "taxable");
	/* Negative and untaxable is a discount: fine. */
	sbt_result(sbt_call("/ticket/createAddOn", "ticketID=%lld&amount=-5&taxable=0&description=Discount", t));
	/* setAddOns with one bad item changes nothing. */
	sbt_err(sbt_call("/ticket/setAddOns", "ticketID=%lld&addons=%s", t,
	                 sbt_enc("[{\"description\":\"ok\",\"amount\":1,\"taxable\":1},"
	                         "{\"description\":\"bad\",\"amount\":-2,\"taxable\":1}]")), 0, "taxable");
	struct sbt_resp *r = sbt_call("/ticket/getAddOns", "ticketID=%lld", t);
	sbt_ok(r);
	cJSON *items = sbt_m(r->json, "addOns");
	assert_int_equal(cJSON_GetArraySize(items), 1);
	assert_string_equal(sbt_s(items->child, "description"), "Discount");
	/* updateAddOn cannot make it taxable either. */
	long long item = sbt_i(items->child, "itemID");
	sbt_err(sbt_call("/ticket/updateAddOn", "ticketID=%lld&itemID=%lld&taxable=1", t, item), 0, "taxable");
	sbt_alive();
}

static void test_star_rating_bounds(void **state)
{
	(void)state;
	long long *rev;
	assert_true(sbt_search("review", &rev, "") > 0);
	sbt_err(sbt_call("/review/update", "feedbackID=%lld&starRating=0", rev[0]), 0, "starRating");
	sbt_err(sbt_call("/review/update", "feedbackID=%lld&starRating=6", rev[0]), 0, "starRating");
	sbt_err(sbt_call("/review/update", "feedbackID=%lld&starRating=-1", rev[0]), 0, "starRating");
	sbt_ok(sbt_call("/review/update", "feedbackID=%lld&starRating=1", rev[0]));
	sbt_ok(sbt_call("/review/update", "feedbackID=%lld&starRating=5", rev[0]));
	cJSON *r = cJSON_GetArrayItem(sbt_get("review", "feedbackIDs", rev, 1), 0);
	assert_string_equal(sbt_s(r, "starRating"), "5");
}

static void test_state_code(void **state)
{
	(void)state;
	sbt_err(sbt_call("/customer/create", "fname=Tex&lname=Ranger&state=Texas"), 0, "state");
	sbt_err(sbt_call("/customer/update", "customerID=%lld&state=Texas", sbt_cust_ids[5]), 0, "state");
	long long *ids;
	assert_int_equal(sbt_search("customer", &ids, "lname=Ranger"), 0);
	sbt_ok(sbt_call("/customer/update", "customerID=%lld&state=OK", sbt_cust_ids[5]));
	cJSON *c = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", sbt_cust_ids + 5, 1), 0);
	assert_string_equal(sbt_s(c, "state"), "OK");
}

static void test_sql_metacharacters(void **state)
{
	(void)state;
	static const char *const evil[] = {
		"O'Brien'); DROP TABLE customer;--",
		"\" OR 1=1 --",
		"Robert'); DELETE FROM customer WHERE ('1'='1",
		"100% _real_ \\ back\\slash",
		"line\nbreak\ttab \x1b[31mred\x1b[0m",
	};
	long long *ids;
	size_t before = sbt_search("customer", &ids, "");
	long long made[5];
	for (size_t i = 0; i < 5; i++) {
		const char *e = sbt_enc(evil[i]);
		made[i] = sbt_result(sbt_call("/customer/create",
		                              "fname=%s&lname=%s&spouse=%s&address=%s&city=%s&zip=%s&state=TX",
		                              e, e, e, e, e, e));
		cJSON *c = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", &made[i], 1), 0);
		assert_non_null(c);
		static const char *const fields[] = { "fname", "lname", "spouse", "address", "city", "zip" };
		for (size_t f = 0; f < 6; f++)
			assert_string_equal(sbt_s(c, fields[f]), evil[i]);
		/* Found by exact value and by literal substring. */
		cJSON *js = cJSON_CreateString(evil[i]);
		char *vj = sbt_keep(cJSON_PrintUnformatted(js));
		cJSON_Delete(js);
		size_t n = sbt_search("customer", &ids, "lname=%s", e);
		assert_int_equal(n, 1);
		assert_int_equal(ids[0], made[i]);
		n = sbt_search("customer", &ids, "lname=%s", sbt_qo("CONTAINS", vj));
		assert_int_equal(n, 1);
		/* In a note too. */
		long long nid = sbt_result(sbt_call("/note/create",
		                                    "customerID=%lld&contactType=%lld&notes=%s&showOnInvoice=0",
		                                    made[i], note_type, e));
		cJSON *note = cJSON_GetArrayItem(sbt_get("note", "noteIDs", &nid, 1), 0);
		assert_string_equal(sbt_s(note, "notes"), evil[i]);
	}
	/* The table still works, with every row. */
	size_t after = sbt_search("customer", &ids, "");
	assert_int_equal(after, before + 5);
	assert_int_equal(cJSON_GetArraySize(sbt_get("customer", "customerIDs", ids, after)), after);
	/* Only the one name with a literal % contains "% _". */
	size_t n = sbt_search("customer", &ids, "lname=%s", sbt_qo("CONTAINS", "\"% _\""));
	assert_int_equal(n, 1);
	assert_int_equal(ids[0], made[3]);
}

/* Values outside the specification's lists and limits are refused by name. */
static void test_enumerations_and_limits(void **state)
{
	(void)state;
	long long c = sbt_cust_ids[6], *appts;
	assert_true(sbt_search("appointment", &appts, "") > 0);
	/* appointmentReminder status on write: -1, 1, 6, 9 (0 is not allowed). */
	sbt_err(sbt_call("/appointmentReminder/create", "appointmentID=%lld&status=0", appts[0]), 0, "status");
	sbt_err(sbt_call("/appointmentReminder/create", "appointmentID=%lld&status=5", appts[0]), 0, "status");
	sbt_result(sbt_call("/appointmentReminder/create", "appointmentID=%lld&status=6", appts[0]));
	/* paymentMethod: 1 card, 2 bank transfer. */
	sbt_err(sbt_call("/paymentProfile/create", "customerID=%lld&paymentMethod=3", c), 0, "paymentMethod");
	/* employee type: 0, 1, 2. */
	sbt_err(sbt_call("/employee/create", "fname=A&lname=B&type=7"), 0, "type");
	/* ticket templateType: R, I, NA. */
	sbt_err(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=1&templateType=X", c, SBT_TODAY),
	        0, "templateType");
	/* autoCreateGroup: 0 or 1. */
	sbt_err(sbt_call("/route/create", "date=%s&autoCreateGroup=2", SBT_TODAY), 0, "autoCreateGroup");
	/* Product codes hold 25 characters at most. */
	const char *p25 = "ABCDEFGHIJKLMNOPQRSTUVWXY", *p26 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
	const char *rest = "description=d&amount=1&taxable=0&category=c&visible=1&salesVisible=1&recurring=0";
	sbt_err(sbt_call("/product/create", "code=%s&%s", p26, rest), 0, "code");
	long long pid = sbt_result(sbt_call("/product/create", "code=%s&%s", p25, rest));
	sbt_err(sbt_call("/product/update", "productID=%lld&code=%s", pid, p26), 0, "code");
	sbt_alive();
}

/* A subscription's states: active 0 frozen or 1 active, frequency and
 * billingFrequency -1, 0 or days; create and update alike, nothing stored. */
static void test_subscription_states(void **state)
{
	(void)state;
	long long *subs, *svcs, c = sbt_cust_ids[7];
	assert_true(sbt_search("subscription", &subs, "active=1") > 0);
	assert_true(sbt_search("serviceType", &svcs, "") > 0);
	long long id = subs[0];
	cJSON *was = sbt_keep_json(cJSON_Duplicate(
		cJSON_GetArrayItem(sbt_get("subscription", "subscriptionIDs", &id, 1), 0), 1));
	static const char *const bad[] = { "active=5", "active=-3", "frequency=-7", "billingFrequency=-9" };

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		const char *field = sbt_fmt("%.*s", (int)strcspn(bad[i], "="), bad[i]);
		sbt_err(sbt_call("/subscription/update", "subscriptionID=%lld&%s", id, bad[i]), 0, field);
		sbt_err(sbt_call("/subscription/create", "serviceID=%lld&customerID=%lld&%s", svcs[0], c,
		                 bad[i]), 0, field);
	}
	cJSON *now = cJSON_GetArrayItem(sbt_get("subscription", "subscriptionIDs", &id, 1), 0);
	assert_string_equal(sbt_s(now, "active"), sbt_s(was, "active"));
	assert_string_equal(sbt_s(now, "frequency"), sbt_s(was, "frequency"));
	assert_string_equal(sbt_s(now, "billingFrequency"), sbt_s(was, "billingFrequency"));
	/* The documented values still go through. */
	sbt_result(sbt_call("/subscription/update", "subscriptionID=%lld&frequency=-1&billingFrequency=0&active=1", id));
	if (strcmp(sbt_s(was, "frequency"), "CUSTOM") != 0)
		sbt_result(sbt_call("/subscription/update", "subscriptionID=%lld&frequency=%s", id,
		                    sbt_s(was, "frequency")));
	sbt_alive();
}

/* Writes naming a record that does not exist are refused, naming the
 * parameter or the kind of record. */
static void test_unknown_records(void **state)
{
	(void)state;
	long long ghost = 999999999;
	sbt_err(sbt_call("/note/create", "customerID=%lld&contactType=%lld&notes=x&showOnInvoice=0", ghost,
	                 note_type), 0, "customer");
	sbt_err(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=1", ghost, SBT_TODAY), 0,
	        "customer");
	sbt_err(sbt_call("/ticket/createAddOn", "ticketID=%lld&amount=1&taxable=0", ghost), 0, "ticket");
	sbt_err(sbt_call("/ticket/getAddOns", "ticketID=%lld", ghost), 0, "ticket");
	sbt_err(sbt_call("/subscription/updateLeadStage", "status=0&stageID=1"), 0, "subscription");
	sbt_err(sbt_call("/subscription/updateLeadStage", "subscriptionID=%lld&status=0&stageID=1", ghost), 0,
	        "subscription");
	sbt_err(sbt_call("/review/update", "feedbackID=%lld&starRating=3", ghost), 0, "feedbackID|review");
	sbt_err(sbt_call("/note/update", "contactID=%lld&notes=x", ghost), 0, "contactID|note");
	sbt_err(sbt_call("/paymentProfile/create", "customerID=%lld&paymentMethod=1", ghost), 0, "customer");
	sbt_alive();
}

/* The first id of entity's search. */
static long long first_id(const char *entity, const char *filter)
{
	long long *ids;
	assert_true(sbt_search(entity, &ids, "%s", filter) > 0);
	return ids[0];
}

/* Every write that names another record by an id refuses one that does not
 * exist, as the owner and key checks always did, and writes nothing: a
 * note's referenceID and cancellationReason, an appointment's
 * subscriptionID and an add-on's productID were taken as sent.  Ids of
 * 0 (nobody) and a stand-alone visit's subscriptionID -1 still pass. */
static void test_unknown_references(void **state)
{
	(void)state;
	long long cust = sbt_cust_ids[0], ghost = 999999;
	long long sub = first_id("subscription", sbt_fmt("customerIDs=%lld", cust));
	long long ticket = first_id("ticket", ""), note = first_id("note", "");
	long long appt = first_id("appointment", ""), review = first_id("review", "");
	long long doc = first_id("document", ""), svc = first_id("serviceType", "");
	long long product = first_id("product", ""), reason = first_id("cancellationReason", "");
	const char *nf = sbt_fmt("customerID=%lld&contactType=%lld&notes=x&showOnInvoice=0", cust,
	                         note_type);
	const char *tf = sbt_fmt("customerID=%lld&date=%s&serviceCharge=1", cust, SBT_TODAY);
	const struct {
		const char *path, *form, *message;
	} cases[] = {
		{ "/note/create", sbt_fmt("%s&referenceID=%lld", nf, ghost),
		  "Invalid value for referenceID: no subscription 999999" },
		{ "/note/create", sbt_fmt("%s&cancellationReason=%lld", nf, ghost),
		  "Invalid value for cancellationReason: no cancellation reason 999999" },
		{ "/note/update", sbt_fmt("contactID=%lld&referenceID=%lld", note, ghost),
		  "Invalid value for referenceID: no subscription 999999" },
		{ "/appointment/create", sbt_fmt("customerID=%lld&type=%lld&subscriptionID=%lld", cust,
		                                 svc, ghost), "No subscription found with id 999999" },
		{ "/appointment/create", sbt_fmt("customerID=%lld&type=%lld&employeeID=%lld", cust, svc,
		                                 ghost), "No employee found with id 999999" },
		{ "/appointment/cancel", sbt_fmt("appointmentID=%lld&cancelledBy=%lld", appt, ghost),
		  "Invalid value for cancelledBy: no employee 999999" },
		{ "/ticket/createAddOn", sbt_fmt("ticketID=%lld&amount=1&taxable=0&productID=%lld", ticket,
		                                 ghost), "No product found with id 999999" },
		{ "/ticket/createAddOn", sbt_fmt("ticketID=%lld&amount=1&taxable=0&creditTo=%lld", ticket,
		                                 ghost), "Invalid value for creditTo: no employee 999999" },
		{ "/ticket/setAddOns", sbt_fmt("ticketID=%lld&addons[0][amount]=1&addons[0][taxable]=0"
		                               "&addons[0][serviceID]=%lld", ticket, ghost),
		  "No serviceType found with id 999999" },
		{ "/ticket/setAddOns", sbt_fmt("ticketID=%lld&addons[0][amount]=1&addons[0][taxable]=0"
		                               "&addons[0][creditTo]=%lld", ticket, ghost),
		  "Invalid value for addons[0][creditTo]: no employee 999999" },
		{ "/ticket/create", sbt_fmt("%s&addons[0][amount]=1&addons[0][taxable]=0"
		                            "&addons[0][productID]=%lld", tf, ghost),
		  "No product found with id 999999" },
		{ "/ticket/create", sbt_fmt("%s&billToAccountID=%lld", tf, ghost),
		  "No customer found with id 999999" },
		{ "/ticket/update", sbt_fmt("ticketID=%lld&subscriptionID=%lld", ticket, ghost),
		  "No subscription found with id 999999" },
		{ "/subscription/create", sbt_fmt("customerID=%lld&serviceID=%lld&preferredTech=%lld", cust,
		                                  svc, ghost),
		  "Invalid value for preferredTech: no employee 999999" },
		{ "/subscription/update", sbt_fmt("subscriptionID=%lld&billToAccountID=%lld", sub, ghost),
		  "No customer found with id 999999" },
		{ "/subscription/createInitialAddOn", sbt_fmt("subscriptionID=%lld&amount=1&serviceID=%lld",
		                                              sub, ghost),
		  "No serviceType found with id 999999" },
		{ "/product/create", sbt_fmt("officeID=%lld&description=d&amount=1&taxable=0&code=c"
		                             "&category=c&visible=1&salesVisible=1&recurring=0", ghost),
		  "No office found with id 999999" },
		{ "/review/update", sbt_fmt("feedbackID=%lld&appointmentID=%lld", review, ghost),
		  "No appointment found with id 999999" },
		{ "/document/update", sbt_fmt("uploadID=%lld&appointmentID=%lld", doc, ghost),
		  "No appointment found with id 999999" },
		{ "/task/create", sbt_fmt("customerID=%lld&description=d&addedBy=%lld", cust, ghost),
		  "Invalid value for addedBy: no employee 999999" },
	};
	long long *ids;
	size_t notes = sbt_search("note", &ids, ""), tickets = sbt_search("ticket", &ids, "");
	size_t tasks = sbt_search("task", &ids, "");
	long long changes = sbt_last_change();
	struct sbt_resp *r = sbt_call("/ticket/getAddOns", "ticketID=%lld", ticket);
	int addons = cJSON_GetArraySize(sbt_m(r->json, "addOns"));

	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		r = sbt_call(cases[i].path, "%s", cases[i].form);
		sbt_err(r, 200, cases[i].message);
		if (strcmp(sbt_s(r->json, "errorMessage"), cases[i].message))
			fail_msg("%s answered \"%s\", not \"%s\"", cases[i].path,
			         sbt_s(r->json, "errorMessage"), cases[i].message);
	}
	assert_int_equal(sbt_search("note", &ids, ""), notes);
	assert_int_equal(sbt_search("ticket", &ids, ""), tickets);
	assert_int_equal(sbt_search("task", &ids, ""), tasks);
	r = sbt_call("/ticket/getAddOns", "ticketID=%lld", ticket);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "addOns")), addons);
	assert_int_equal(sbt_last_change(), changes);

	/* Real ids, nobody and stand-alone pass. */
	sbt_result(sbt_call("/note/create", "%s&referenceID=%lld&cancellationReason=%lld&employeeID=0",
	                    nf, sub, reason));
	sbt_result(sbt_call("/appointment/create", "customerID=%lld&type=%lld&subscriptionID=-1"
	                    "&employeeID=0", cust, svc));
	sbt_result(sbt_call("/appointment/create", "customerID=%lld&type=%lld&subscriptionID=%lld",
	                    cust, svc, sub));
	sbt_result(sbt_call("/ticket/createAddOn", "ticketID=%lld&amount=1&taxable=0&productID=%lld",
	                    ticket, product));
	sbt_alive();
}

/* The service reads 1000 variables and drops the rest. */
static void test_variable_cut(void **state)
{
	(void)state;
	struct sbt_resp *r;
	long long fake = 900000000;
	/* 1200 ids, real ones at index 997 (the 998th id: the 1000th variable
	 * with the credentials first), 998 and 1100 (both past the cut). */
	char *form = sbt_keep(malloc(1200 * 32));
	size_t at = 0;
	for (int i = 0; i < 1200; i++) {
		long long id = i == 997 ? sbt_cust_ids[10] : i == 998 ? sbt_cust_ids[11] : i == 1100 ? sbt_cust_ids[12] : fake + i;
		at += (size_t)sprintf(form + at, "%scustomerIDs[]=%lld", i ? "&" : "", id);
	}
	/* Credentials last: they are cut off, so authentication fails. */
	r = sbt_call("/customer/get", "%s", form);
	sbt_err(r, 0, "authentication");
	/* Credentials first: only the first 998 ids count. */
	r = sbt_post("/customer/get", sbt_fmt("%s&%s", sbt_auth(), form));
	cJSON *recs = sbt_records(r);
	assert_int_equal(cJSON_GetArraySize(recs), 1);
	assert_int_equal(sbt_i(recs->child, "customerID"), sbt_cust_ids[10]);
	cJSON *echo = sbt_m(sbt_m(r->json, "params"), "customerIDs");
	assert_int_equal(cJSON_GetArraySize(echo), 998);
	sbt_alive();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_credentials),
		SBT_TEST(test_unknown_paths),
		SBT_TEST(test_missing_required),
		SBT_TEST(test_required_date_unset),
		SBT_TEST(test_wrong_types),
		SBT_TEST(test_malformed_query_objects),
		SBT_TEST(test_body_too_large),
		SBT_TEST(test_invalid_utf8),
		SBT_TEST(test_nul_bytes),
		SBT_TEST(test_nul_in_path),
		SBT_TEST(test_negative_taxable_addon),
		SBT_TEST(test_star_rating_bounds),
		SBT_TEST(test_state_code),
		SBT_TEST(test_sql_metacharacters),
		SBT_TEST(test_enumerations_and_limits),
		SBT_TEST(test_subscription_states),
		SBT_TEST(test_unknown_records),
		SBT_TEST(test_unknown_references),
		SBT_TEST(test_variable_cut),
	};
	return cmocka_run_group_tests(tests, setup, sbt_customers_teardown);
}
