/* test_wire.c: the sandbox's envelope, value types and request encodings, over HTTP. */
#include "config.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../lib/sbtest.h"

static const char *const head_ok[] = {
	"params", "tokenUsage", "tokenLimits", "requestAPIKeyType", "requestAction",
	"endpoint", "success", "ignoredParams", NULL,
};

/* names = head_ok, then more (NULL-terminated), as one list. */
static const char **with_head(const char *const *more)
{
	size_t n = 0, m = 0;
	while (head_ok[n])
		n++;
	while (more[m])
		m++;
	const char **out = sbt_keep(calloc(n + m + 1, sizeof *out));
	memcpy(out, head_ok, n * sizeof *out);
	memcpy(out + n, more, m * sizeof *out);
	return out;
}

/* The common head: token counters are numbers, limits the service's. */
static void check_head(const cJSON *j)
{
	static const char *const usage[] = { "requestsReadToday", "requestsWriteToday",
		"requestsReadInLastMinute", "requestsWriteInLastMinute", NULL };
	static const char *const limits[] = { "limitReadRequestsPerMinute",
		"limitReadRequestsPerDay", "limitWriteRequestsPerMinute",
		"limitWriteRequestsPerDay", NULL };
	static const int limit_values[] = { 60, 3000, 60, 3000 };
	cJSON *u = sbt_m(j, "tokenUsage"), *l = sbt_m(j, "tokenLimits");

	sbt_order(u, usage);
	sbt_order(l, limits);
	for (int i = 0; usage[i]; i++)
		assert_true(cJSON_IsNumber(sbt_m(u, usage[i])));
	for (int i = 0; limits[i]; i++) {
		assert_true(cJSON_IsNumber(sbt_m(l, limits[i])));
		assert_int_equal(sbt_m(l, limits[i])->valueint, limit_values[i]);
	}
	assert_string_equal(sbt_s(j, "requestAPIKeyType"), "standard");
	assert_true(cJSON_IsString(sbt_m(j, "requestAction")));
	assert_true(cJSON_IsString(sbt_m(j, "endpoint")));
	assert_true(cJSON_IsArray(sbt_m(j, "ignoredParams")));
	assert_true(cJSON_IsObject(sbt_m(j, "params")));
	assert_true(sbt_matches("^[0-9]+ milliseconds$", sbt_s(j, "processingTime")));
}

static void test_envelope_search(void **state)
{
	static const char *const tail[] = { "idName", "processingTime", "count",
		"customerIDs", "propertyName", NULL };
	static const char *const tail_data[] = { "idName", "processingTime", "count",
		"customerIDs", "propertyName", "customerIDsNoDataExported", "customers",
		"propertyNameData", NULL };
	(void)state;
	struct sbt_resp *r = sbt_call("/customer/search", "customerIDs=%s",
	                              sbt_qo("<=", sbt_fmt("%lld", sbt_cust_ids[4])));
	long long *ids;
	assert_int_equal(sbt_ids(r, &ids), 5);
	sbt_order(r->json, with_head(tail));
	check_head(r->json);
	assert_true(cJSON_IsTrue(sbt_m(r->json, "success")));
	assert_string_equal(sbt_s(r->json, "idName"), "customerIDs");
	assert_string_equal(sbt_s(r->json, "propertyName"), "customerIDs");
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "ignoredParams")), 0);

	r = sbt_call("/customer/search", "customerIDs=%s&includeData=1",
	             sbt_qo("<=", sbt_fmt("%lld", sbt_cust_ids[4])));
	assert_int_equal(sbt_ids(r, &ids), 5);
	sbt_order(r->json, with_head(tail_data));
	check_head(r->json);
	assert_string_equal(sbt_s(r->json, "propertyNameData"), "customers");
	cJSON *nde = sbt_m(r->json, "customerIDsNoDataExported");
	assert_true(cJSON_IsArray(nde));
	assert_int_equal(cJSON_GetArraySize(nde), 0);
	assert_int_equal(cJSON_GetArraySize(sbt_m(r->json, "customers")), 5);
}

static void test_envelope_get(void **state)
{
	/* A live customer/get answer, exactly in this order. */
	static const char *const tail[] = { "processingTime", "count", "customers",
		"propertyName", NULL };
	(void)state;
	struct sbt_resp *r = sbt_call("/customer/get", "customerIDs=%s",
	                              sbt_enc(sbt_idlist(sbt_cust_ids, 3)));
	sbt_ok(r);
	sbt_order(r->json, with_head(tail));
	check_head(r->json);
	assert_string_equal(sbt_s(r->json, "propertyName"), "customers");
	assert_true(cJSON_IsNumber(sbt_m(r->json, "count")));
	assert_int_equal(sbt_m(r->json, "count")->valueint, 3);
	assert_int_equal(cJSON_GetArraySize(sbt_records(r)), 3);
}

static void test_envelope_byid(void **state)
{
	static const char *const tail[] = { "processingTime", "?count", "customer",
		"propertyName", NULL };
	(void)state;
	struct sbt_resp *r = sbt_call0(sbt_fmt("/customer/%lld", sbt_cust_ids[1]));
	sbt_ok(r);
	sbt_order(r->json, with_head(tail));
	check_head(r->json);
	assert_string_equal(sbt_s(r->json, "propertyName"), "customer");
	cJSON *rec = sbt_m(r->json, "customer");
	assert_true(cJSON_IsObject(rec));
	assert_int_equal(sbt_i(rec, "customerID"), sbt_cust_ids[1]);
}

static void test_envelope_write(void **state)
{
	static const char *const tail[] = { "processingTime", "*", "result", "*", NULL };
	(void)state;
	struct sbt_resp *r = sbt_call("/customer/update", "customerID=%lld&spouse=%s",
	                              sbt_cust_ids[2], sbt_enc("Pat Wire"));
	sbt_ok(r);
	sbt_order(r->json, with_head(tail));
	check_head(r->json);
	assert_true(cJSON_IsString(sbt_m(r->json, "result")));
	assert_int_equal(sbt_i(r->json, "result"), sbt_cust_ids[2]);
	assert_false(cJSON_HasObjectItem(r->json, "idName"));
}

static void test_envelope_error(void **state)
{
	static const char *const tail[] = { "processingTime", "errorMessage", NULL };
	(void)state;
	struct sbt_resp *r = sbt_call("/customer/get", "customerIDs=abc");
	sbt_err(r, 0, "customerIDs");
	sbt_order(r->json, with_head(tail));
	check_head(r->json);
}

static void test_values_are_strings(void **state)
{
	(void)state;
	cJSON *recs = sbt_get("customer", "customerIDs", sbt_cust_ids, 50);
	assert_int_equal(cJSON_GetArraySize(recs), 50);
	for (cJSON *rec = recs->child; rec; rec = rec->next) {
		assert_true(sbt_matches("^[0-9]+$", sbt_s(rec, "customerID")));
		assert_true(sbt_matches("^-?[0-9]+\\.[0-9]{2}$", sbt_s(rec, "balance")));
		assert_true(sbt_matches("^-?[0-9]+$", sbt_s(rec, "status")));
		assert_true(sbt_matches("^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$",
		                    sbt_s(rec, "dateAdded")));
		for (cJSON *m = rec->child; m; m = m->next) {
			if (cJSON_IsNumber(m) || cJSON_IsBool(m)) {
				sbt_note("customer member %s is a JSON number or boolean", m->string);
				fail();
			}
		}
	}
	/* Subscriptions' active is a string too ("1"), never a number. */
	long long *sids;
	size_t ns = sbt_search("subscription", &sids, "");
	assert_true(ns > 0);
	cJSON *subs = sbt_get("subscription", "subscriptionIDs", sids, ns > 20 ? 20 : ns);
	for (cJSON *rec = subs->child; rec; rec = rec->next) {
		assert_true(sbt_matches("^-?[0-9]+$", sbt_s(rec, "active")));
		assert_true(sbt_matches("^[0-9]+$", sbt_s(rec, "subscriptionID")));
	}
}

static void test_params_echo(void **state)
{
	(void)state;
	struct sbt_resp *r = sbt_call("/customer/get",
	                              "customerIDs[]=%lld&customerIDs[]=%lld&includeSubscriptions=0",
	                              sbt_cust_ids[0], sbt_cust_ids[1]);
	sbt_ok(r);
	cJSON *p = sbt_m(r->json, "params");
	cJSON *arr = sbt_m(p, "customerIDs");
	assert_true(cJSON_IsArray(arr));
	assert_int_equal(cJSON_GetArraySize(arr), 2);
	assert_true(cJSON_IsString(cJSON_GetArrayItem(arr, 0)));
	assert_string_equal(cJSON_GetArrayItem(arr, 0)->valuestring, sbt_fmt("%lld", sbt_cust_ids[0]));
	assert_string_equal(cJSON_GetArrayItem(arr, 1)->valuestring, sbt_fmt("%lld", sbt_cust_ids[1]));
	assert_string_equal(sbt_s(p, "includeSubscriptions"), "0");
	assert_string_equal(sbt_s(p, "authenticationKey"), sbt_key());
	assert_string_equal(sbt_s(p, "authenticationToken"), sbt_token());
	/* As live: endpoint and action first, then the parameters in the order
	 * sent (the live service). */
	static const char *const echo_order[] = { "endpoint", "action", "customerIDs",
		"includeSubscriptions", "authenticationKey", "authenticationToken", NULL };
	sbt_order(p, echo_order);
	assert_string_equal(sbt_s(p, "endpoint"), "customer");
	assert_string_equal(sbt_s(p, "action"), "get");
	r = sbt_call("/customer/search", "zip=85001&lname=Smith");
	sbt_ok(r);
	static const char *const search_order[] = { "endpoint", "action", "zip", "lname",
		"authenticationKey", "authenticationToken", NULL };
	sbt_order(sbt_m(r->json, "params"), search_order);
	assert_string_equal(sbt_s(sbt_m(r->json, "params"), "action"), "search");

	/* A JSON body's numbers come back as strings, arrays as arrays of strings. */
	struct sbt_request rq = {
		.path = "/customer/get",
		.content_type = "application/json",
		.body = sbt_fmt("{\"customerIDs\":[%lld,%lld],\"includeSubscriptions\":0,"
		                "\"authenticationKey\":\"%s\",\"authenticationToken\":\"%s\"}",
		                sbt_cust_ids[0], sbt_cust_ids[1], sbt_key(), sbt_token()),
	};
	r = sbt_request(&rq);
	sbt_ok(r);
	p = sbt_m(r->json, "params");
	arr = sbt_m(p, "customerIDs");
	assert_true(cJSON_IsArray(arr));
	assert_int_equal(cJSON_GetArraySize(arr), 2);
	assert_true(cJSON_IsString(cJSON_GetArrayItem(arr, 1)));
	assert_string_equal(cJSON_GetArrayItem(arr, 1)->valuestring, sbt_fmt("%lld", sbt_cust_ids[1]));
	assert_string_equal(sbt_s(p, "includeSubscriptions"), "0");
	assert_int_equal(cJSON_GetArraySize(sbt_records(r)), 2);
}

static void test_ignored_params(void **state)
{
	(void)state;
	long long *ids;
	struct sbt_resp *r = sbt_call("/customer/search", "bogusFilter=7&lname=%s",
	                              sbt_enc("Zzyzx-no-such-name"));
	assert_int_equal(sbt_ids(r, &ids), 0);
	cJSON *ign = sbt_m(r->json, "ignoredParams");
	assert_int_equal(cJSON_GetArraySize(ign), 1);
	assert_string_equal(cJSON_GetArrayItem(ign, 0)->valuestring, "bogusFilter");

	/* An unknown filter alone: the search still succeeds, unfiltered. */
	r = sbt_call("/customer/search", "noSuchFilter=1");
	assert_int_equal(sbt_ids(r, &ids), sbt_n_cust);
	ign = sbt_m(r->json, "ignoredParams");
	assert_int_equal(cJSON_GetArraySize(ign), 1);
	assert_string_equal(cJSON_GetArrayItem(ign, 0)->valuestring, "noSuchFilter");

	/* A write refused before it read everything names only what the
	 * endpoint does not know, not what it had no time to read. */
	r = sbt_call("/ticket/create", "customerID=%lld&serviceCharge=5&additionalNotes=x&bogusField=1",
	             sbt_cust_ids[0]);
	sbt_err(r, 200, "date");
	ign = sbt_m(r->json, "ignoredParams");
	if (cJSON_GetArraySize(ign) != 1)
		sbt_dump(r);
	assert_int_equal(cJSON_GetArraySize(ign), 1);
	assert_string_equal(cJSON_GetArrayItem(ign, 0)->valuestring, "bogusField");

	/* A failed read names what its operation does not take, even when
	 * another operation of the entity does: the search's serviceTypeIDs
	 * sent to get is the hint a caller told "Missing ... typeIDs" needs. */
	r = sbt_call("/serviceType/get", "serviceTypeIDs=%s", sbt_enc("[1,2]"));
	/* Worded as every other validation error. */
	sbt_err(r, 200, "Missing required parameter: typeIDs");
	ign = sbt_m(r->json, "ignoredParams");
	if (cJSON_GetArraySize(ign) != 1)
		sbt_dump(r);
	assert_int_equal(cJSON_GetArraySize(ign), 1);
	assert_string_equal(cJSON_GetArrayItem(ign, 0)->valuestring, "serviceTypeIDs");
	/* A get's own flags are not listed, read or not. */
	r = sbt_call("/customer/get", "lname=x&includeSubscriptions=1");
	sbt_err(r, 200, "customerIDs");
	ign = sbt_m(r->json, "ignoredParams");
	assert_int_equal(cJSON_GetArraySize(ign), 1);
	assert_string_equal(cJSON_GetArrayItem(ign, 0)->valuestring, "lname");
}

/* The records answer holds exactly ids want[0..n), in ascending order. */
static void expect_records(struct sbt_resp *r, const long long *want, size_t n)
{
	cJSON *recs = sbt_records(r);
	size_t i = 0;
	if ((size_t)cJSON_GetArraySize(recs) != n)
		sbt_dump(r);
	assert_int_equal(cJSON_GetArraySize(recs), n);
	for (cJSON *rec = recs->child; rec; rec = rec->next, i++)
		assert_int_equal(sbt_i(rec, "customerID"), want[i]);
}

static void test_array_encodings(void **state)
{
	(void)state;
	long long want[3] = { sbt_cust_ids[3], sbt_cust_ids[7], sbt_cust_ids[11] };
	long long missing = 999999999;
	const char *idl = sbt_fmt("[%lld,%lld,%lld,%lld]", want[0], want[1], want[2], missing);
	long long *ids;

	/* Brackets, JSON text, comma list, on get. */
	expect_records(sbt_call("/customer/get",
	                        "customerIDs[]=%lld&customerIDs[]=%lld&customerIDs[]=%lld&customerIDs[]=%lld",
	                        want[0], want[1], want[2], missing), want, 3);
	expect_records(sbt_call("/customer/get", "customerIDs=%s", sbt_enc(idl)), want, 3);
	expect_records(sbt_call("/customer/get", "customerIDs=%lld,%lld,%lld,%lld",
	                        want[0], want[1], want[2], missing), want, 3);
	/* GET with a query string. */
	expect_records(sbt_getq("/customer/get", sbt_fmt("customerIDs=%s&%s", sbt_enc(idl),
	                                                 sbt_auth())), want, 3);
	/* JSON body with a real array. */
	struct sbt_request rq = {
		.path = "/customer/get",
		.content_type = "application/json",
		.body = sbt_fmt("{\"customerIDs\":%s,\"authenticationKey\":\"%s\","
		                "\"authenticationToken\":\"%s\"}", idl, sbt_key(), sbt_token()),
	};
	expect_records(sbt_request(&rq), want, 3);

	/* The same three forms as a search filter: exactly those ids. */
	const char *forms[] = {
		sbt_fmt("customerIDs[]=%lld&customerIDs[]=%lld&customerIDs[]=%lld",
		        want[0], want[1], want[2]),
		sbt_fmt("customerIDs=%s", sbt_enc(idl)),
		sbt_fmt("customerIDs=%lld,%lld,%lld", want[0], want[1], want[2]),
	};
	for (size_t f = 0; f < 3; f++) {
		size_t n = sbt_ids(sbt_call("/customer/search", "%s", forms[f]), &ids);
		assert_int_equal(n, 3);
		for (size_t i = 0; i < 3; i++)
			assert_int_equal(ids[i], want[i]);
	}
}

/* Ids of sbt_cust_ids strictly greater than v. */
static size_t count_above(long long v)
{
	size_t n = 0;
	for (size_t i = 0; i < sbt_n_cust; i++)
		n += sbt_cust_ids[i] > v;
	return n;
}

static void test_query_object_encodings(void **state)
{
	(void)state;
	long long pivot = sbt_cust_ids[sbt_n_cust / 2], *ids;
	size_t want = count_above(pivot);

	/* JSON text. */
	size_t n = sbt_ids(sbt_call("/customer/search", "customerIDs=%s",
	                            sbt_qo(">", sbt_fmt("%lld", pivot))), &ids);
	assert_int_equal(n, want);
	assert_true(ids[0] > pivot);
	/* Brackets. */
	n = sbt_ids(sbt_call("/customer/search", "customerIDs[operator]=%s&customerIDs[value]=%lld",
	                     sbt_enc(">"), pivot), &ids);
	assert_int_equal(n, want);
	assert_true(ids[0] > pivot);
	/* A JSON body with a real object. */
	struct sbt_request rq = {
		.path = "/customer/search",
		.content_type = "application/json",
		.body = sbt_fmt("{\"customerIDs\":{\"operator\":\">\",\"value\":%lld},"
		                "\"authenticationKey\":\"%s\",\"authenticationToken\":\"%s\"}",
		                pivot, sbt_key(), sbt_token()),
	};
	assert_int_equal(sbt_ids(sbt_request(&rq), &ids), want);

	/* BETWEEN, inclusive, with the operator in lower case, as JSON text and
	 * as brackets with a value array. */
	long long lo = sbt_cust_ids[10], hi = sbt_cust_ids[19];
	n = sbt_ids(sbt_call("/customer/search", "customerIDs=%s",
	                     sbt_qo("between", sbt_fmt("[%lld,%lld]", lo, hi))), &ids);
	assert_int_equal(n, 10);
	assert_int_equal(ids[0], lo);
	assert_int_equal(ids[9], hi);
	n = sbt_ids(sbt_call("/customer/search",
	                     "customerIDs[operator]=BeTwEeN&customerIDs[value][]=%lld"
	                     "&customerIDs[value][]=%lld", lo, hi), &ids);
	assert_int_equal(n, 10);
	assert_int_equal(ids[0], lo);

	/* IN in mixed case. */
	n = sbt_ids(sbt_call("/customer/search", "customerIDs=%s",
	                     sbt_qo("In", sbt_fmt("[%lld,%lld]", lo, hi))), &ids);
	assert_int_equal(n, 2);
	assert_int_equal(ids[0], lo);
	assert_int_equal(ids[1], hi);
}

static void test_auth_places(void **state)
{
	(void)state;
	long long *ids;
	const char *q = sbt_fmt("customerIDs=%lld", sbt_cust_ids[0]);

	/* In the body (last), as the client sends it. */
	assert_int_equal(sbt_ids(sbt_call("/customer/search", "%s", q), &ids), 1);
	/* In the query string of a POST whose body holds the rest. */
	struct sbt_request rq = { .path = "/customer/search", .query = sbt_auth(), .body = q };
	assert_int_equal(sbt_ids(sbt_request(&rq), &ids), 1);
	/* As HTTP headers. */
	const char *hdrs[] = { sbt_fmt("authenticationKey: %s", sbt_key()),
		sbt_fmt("authenticationToken: %s", sbt_token()), NULL };
	struct sbt_request rh = { .path = "/customer/search", .body = q, .headers = hdrs };
	assert_int_equal(sbt_ids(sbt_request(&rh), &ids), 1);
	/* Headers with a GET and no body at all. */
	struct sbt_request rg = { .path = "/customer/search", .query = q, .headers = hdrs };
	assert_int_equal(sbt_ids(sbt_request(&rg), &ids), 1);
	/* Stray whitespace around the credentials is trimmed. */
	struct sbt_resp *r = sbt_post("/customer/search",
	                              sbt_fmt("%s&authenticationKey=%%20%%20%s%%09&authenticationToken=%s%%0A",
	                                      q, sbt_enc(sbt_key()), sbt_enc(sbt_token())));
	assert_int_equal(sbt_ids(r, &ids), 1);
	r = sbt_getq("/customer/search", sbt_fmt("%s&authenticationKey=+%s+&authenticationToken=%%20%s",
	                                          q, sbt_enc(sbt_key()), sbt_enc(sbt_token())));
	assert_int_equal(sbt_ids(r, &ids), 1);
	/* In a JSON body, with a trailing newline pasted into the token. */
	struct sbt_request rj = {
		.path = "/customer/search",
		.content_type = "application/json",
		.body = sbt_fmt("{\"customerIDs\":%lld,\"authenticationKey\":\" %s\","
		                "\"authenticationToken\":\"%s\\n\"}", sbt_cust_ids[0], sbt_key(), sbt_token()),
	};
	assert_int_equal(sbt_ids(sbt_request(&rj), &ids), 1);
}

static void test_gzip(void **state)
{
	(void)state;
	struct sbt_request rq = {
		.path = "/customer/get",
		.body = sbt_fmt("customerIDs=%s&%s", sbt_enc(sbt_idlist(sbt_cust_ids, sbt_n_cust)), sbt_auth()),
		.gzip = 1,
	};
	struct sbt_resp *r = sbt_request(&rq);
	sbt_ok(r);
	assert_non_null(r->content_encoding);
	assert_string_equal(r->content_encoding, "gzip");
	assert_int_equal(cJSON_GetArraySize(sbt_records(r)), sbt_n_cust);

	/* Without Accept-Encoding the answer is plain. */
	rq.gzip = 0;
	r = sbt_request(&rq);
	sbt_ok(r);
	assert_null(r->content_encoding);
	assert_int_equal(cJSON_GetArraySize(sbt_records(r)), sbt_n_cust);
}

static void test_get_method_byid(void **state)
{
	(void)state;
	/* by-id through GET with the credentials in the query string. */
	struct sbt_resp *r = sbt_getq(sbt_fmt("/customer/%lld", sbt_cust_ids[5]), sbt_auth());
	sbt_ok(r);
	assert_int_equal(sbt_i(sbt_m(r->json, "customer"), "customerID"), sbt_cust_ids[5]);
}

/* The sandbox binds loopback only: its port is closed on the host's other
 * addresses. */
static void test_loopback_only(void **state)
{
	(void)state;
	struct ifaddrs *ifs, *i;
	int port = 0, tried = 0;

	assert_int_equal(sscanf(sbt_base(), "http://127.0.0.1:%d/", &port), 1);
	assert_int_equal(getifaddrs(&ifs), 0);
	for (i = ifs; i; i = i->ifa_next) {
		if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET)
			continue;
		struct sockaddr_in a = *(const struct sockaddr_in *)i->ifa_addr;
		if ((ntohl(a.sin_addr.s_addr) >> 24) == 127)
			continue;
		a.sin_port = htons((unsigned short)port);
		int fd = socket(AF_INET, SOCK_STREAM, 0);
		assert_true(fd >= 0);
		int rc = connect(fd, (struct sockaddr *)&a, sizeof a);
		close(fd);
		char ip[INET_ADDRSTRLEN];
		inet_ntop(AF_INET, &a.sin_addr, ip, sizeof ip);
		if (rc == 0)
			fail_msg("the sandbox accepts connections on %s:%d", ip, port);
		tried++;
	}
	freeifaddrs(ifs);
	if (!tried)
		sbt_note("no address but loopback here: nothing to try");
	sbt_alive();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_envelope_search),
		SBT_TEST(test_envelope_get),
		SBT_TEST(test_envelope_byid),
		SBT_TEST(test_envelope_write),
		SBT_TEST(test_envelope_error),
		SBT_TEST(test_values_are_strings),
		SBT_TEST(test_params_echo),
		SBT_TEST(test_ignored_params),
		SBT_TEST(test_array_encodings),
		SBT_TEST(test_query_object_encodings),
		SBT_TEST(test_auth_places),
		SBT_TEST(test_gzip),
		SBT_TEST(test_get_method_byid),
		SBT_TEST(test_loopback_only),
	};
	return cmocka_run_group_tests(tests, sbt_customers_setup, sbt_customers_teardown);
}
