/* test_envelope.c: the answer envelope's members, their order and their types. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/ops/envelope.h"
#include "sandbox/ops/request.h"

struct env_fx {
	struct sb_pair pairs[4];
	struct sb_http_in in;
	struct sb_req req;
	struct sb_answer ans;
};

/* A customer/get (or other path) request with customerIDs, a stray
 * parameter and the credentials. */
static void fx_init(struct env_fx *f, const char *path)
{
	static char n0[] = "customerIDs", v0[] = "10000";
	static char n1[] = "stray", v1[] = "x";
	static char n2[] = "authenticationKey", v2[] = "k";
	static char n3[] = "authenticationToken", v3[] = "t";
	char *err = NULL;

	memset(f, 0, sizeof(*f));
	f->pairs[0] = (struct sb_pair){ n0, v0, strlen(v0), 0 };
	f->pairs[1] = (struct sb_pair){ n1, v1, strlen(v1), 0 };
	f->pairs[2] = (struct sb_pair){ n2, v2, strlen(v2), 0 };
	f->pairs[3] = (struct sb_pair){ n3, v3, strlen(v3), 0 };
	f->in.path = path;
	f->in.pairs = f->pairs;
	f->in.n_pairs = 4;
	assert_int_equal(req_parse(&f->req, NULL, &f->in, &err), 0);
	f->ans.http_status = 200;
}

static void fx_done(struct env_fx *f)
{
	free(f->ans.error);
	cJSON_Delete(f->ans.members);
	req_free(&f->req);
}

/* Renders and parses back; the caller deletes the result. */
static cJSON *render(struct env_fx *f, const struct quota_usage *u, long ms)
{
	size_t len = 0;
	char *text = env_render(&f->req, &f->ans, u, ms, &len);
	cJSON *root;

	assert_non_null(text);
	assert_int_equal(len, strlen(text));
	root = cJSON_Parse(text);
	assert_non_null(root);
	free(text);
	return root;
}

/* The member names of obj, in order, must be exactly want (NULL-ended). */
static void assert_order(const cJSON *obj, const char *const *want)
{
	const cJSON *c = obj->child;
	size_t i = 0;

	for (; want[i]; i++, c = c->next) {
		if (!c)
			fail_msg("member %zu: want %s, got the end", i, want[i]);
		if (strcmp(c->string, want[i]) != 0)
			fail_msg("member %zu: want %s, got %s", i, want[i], c->string);
	}
	if (c)
		fail_msg("unexpected member %s after %s", c->string, want[i - 1]);
}

static void test_customer_get_order(void **state)
{
	static const char *const want[] = {
		"params", "tokenUsage", "tokenLimits", "requestAPIKeyType", "requestAction",
		"endpoint", "success", "ignoredParams", "processingTime", "count", "customers",
		"propertyName", NULL,
	};
	static const char *const usage_want[] = {
		"requestsReadToday", "requestsWriteToday", "requestsReadInLastMinute",
		"requestsWriteInLastMinute", NULL,
	};
	static const char *const limits_want[] = {
		"limitReadRequestsPerMinute", "limitReadRequestsPerDay",
		"limitWriteRequestsPerMinute", "limitWriteRequestsPerDay", NULL,
	};
	struct quota_usage u = { 7, 2, 3, 1 };
	struct env_fx f;
	cJSON *root, *recs, *rec, *x;
	(void)state;

	fx_init(&f, "/api/customer/get");
	(void)req_param(&f.req, "customerIDs");
	f.ans.members = cJSON_CreateObject();
	cJSON_AddNumberToObject(f.ans.members, "count", 1);
	recs = cJSON_AddArrayToObject(f.ans.members, "customers");
	rec = cJSON_CreateObject();
	cJSON_AddStringToObject(rec, "customerID", "10000");
	cJSON_AddItemToArray(recs, rec);
	cJSON_AddStringToObject(f.ans.members, "propertyName", "customers");

	root = render(&f, &u, 25);
	assert_order(root, want);
	assert_order(cJSON_GetObjectItem(root, "tokenUsage"), usage_want);
	assert_order(cJSON_GetObjectItem(root, "tokenLimits"), limits_want);

	x = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "tokenUsage"), "requestsReadToday");
	assert_true(cJSON_IsNumber(x));
	assert_int_equal(x->valueint, 7);
	x = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "tokenUsage"), "requestsWriteInLastMinute");
	assert_int_equal(x->valueint, 1);
	x = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "tokenLimits"), "limitReadRequestsPerDay");
	assert_true(cJSON_IsNumber(x));
	assert_int_equal(x->valueint, 3000);
	x = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "tokenLimits"), "limitWriteRequestsPerMinute");
	assert_int_equal(x->valueint, 60);
	assert_string_equal(cJSON_GetObjectItem(root, "requestAPIKeyType")->valuestring, "standard");
	assert_string_equal(cJSON_GetObjectItem(root, "requestAction")->valuestring, "get");
	assert_string_equal(cJSON_GetObjectItem(root, "endpoint")->valuestring, "customer");
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(root, "success")));
	assert_string_equal(cJSON_GetObjectItem(root, "processingTime")->valuestring, "25 milliseconds");
	assert_true(cJSON_IsNumber(cJSON_GetObjectItem(root, "count")));
	/* params echoes everything, credentials included; ignoredParams never
	 * names the credentials. */
	x = cJSON_GetObjectItem(root, "params");
	/* Live puts endpoint and action first. */
	assert_string_equal(x->child->string, "endpoint");
	assert_string_equal(x->child->valuestring, "customer");
	assert_string_equal(x->child->next->string, "action");
	assert_string_equal(x->child->next->valuestring, "get");
	assert_string_equal(cJSON_GetObjectItem(x, "authenticationKey")->valuestring, "k");
	assert_string_equal(cJSON_GetObjectItem(x, "customerIDs")->valuestring, "10000");
	x = cJSON_GetObjectItem(root, "ignoredParams");
	assert_int_equal(cJSON_GetArraySize(x), 1);
	assert_string_equal(cJSON_GetArrayItem(x, 0)->valuestring, "stray");
	x = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "customers"), 0);
	assert_string_equal(cJSON_GetObjectItem(x, "customerID")->valuestring, "10000");
	cJSON_Delete(root);

	/* Rendering borrows: the answer and the request are intact afterwards. */
	assert_non_null(cJSON_GetObjectItem(f.ans.members, "customers"));
	assert_non_null(cJSON_GetObjectItem(f.req.params, "stray"));
	fx_done(&f);
}

static void test_search_idname(void **state)
{
	static const char *const want[] = {
		"params", "tokenUsage", "tokenLimits", "requestAPIKeyType", "requestAction",
		"endpoint", "success", "ignoredParams", "idName", "processingTime", "count",
		"customerIDs", "propertyName", "customerIDsNoDataExported", "customers",
		"propertyNameData", NULL,
	};
	struct env_fx f;
	cJSON *root, *ids;
	(void)state;

	fx_init(&f, "/api/customer/search");
	f.ans.id_name = "customerIDs";
	f.ans.members = cJSON_CreateObject();
	cJSON_AddNumberToObject(f.ans.members, "count", 2);
	ids = cJSON_AddArrayToObject(f.ans.members, "customerIDs");
	cJSON_AddItemToArray(ids, cJSON_CreateNumber(12));
	cJSON_AddItemToArray(ids, cJSON_CreateNumber(14));
	cJSON_AddStringToObject(f.ans.members, "propertyName", "customerIDs");
	cJSON_AddArrayToObject(f.ans.members, "customerIDsNoDataExported");
	cJSON_AddArrayToObject(f.ans.members, "customers");
	cJSON_AddStringToObject(f.ans.members, "propertyNameData", "customers");

	root = render(&f, NULL, 0);
	assert_order(root, want);
	assert_string_equal(cJSON_GetObjectItem(root, "idName")->valuestring, "customerIDs");
	assert_string_equal(cJSON_GetObjectItem(root, "requestAction")->valuestring, "search");
	ids = cJSON_GetObjectItem(root, "customerIDs");
	assert_true(cJSON_IsNumber(cJSON_GetArrayItem(ids, 1)));
	assert_int_equal(cJSON_GetArrayItem(ids, 1)->valueint, 14);
	/* No usage given: counters are zeros, still numbers. */
	assert_int_equal(cJSON_GetObjectItem(cJSON_GetObjectItem(root, "tokenUsage"),
	                                     "requestsReadToday")->valueint, 0);
	cJSON_Delete(root);
	fx_done(&f);
}

static void test_error_order(void **state)
{
	static const char *const want[] = {
		"params", "tokenUsage", "tokenLimits", "requestAPIKeyType", "requestAction",
		"endpoint", "success", "ignoredParams", "processingTime", "errorMessage", NULL,
	};
	struct env_fx f;
	cJSON *root;
	(void)state;

	fx_init(&f, "/api/customer/search");
	f.ans.id_name = "customerIDs"; /* set, but an error carries no idName */
	f.ans.members = cJSON_CreateObject();
	cJSON_AddNumberToObject(f.ans.members, "count", 2);
	f.ans.error = xstrdup("Invalid value for customerIDs: expected an integer");
	root = render(&f, NULL, 3);
	assert_order(root, want);
	assert_true(cJSON_IsFalse(cJSON_GetObjectItem(root, "success")));
	assert_string_equal(cJSON_GetObjectItem(root, "errorMessage")->valuestring,
	                    "Invalid value for customerIDs: expected an integer");
	cJSON_Delete(root);
	fx_done(&f);
}

/* by-id: requestAction is the id from the path; an unparsed path renders
 * with empty endpoint and action rather than crashing. */
static void test_byid_and_partial(void **state)
{
	struct env_fx f;
	struct sb_req empty;
	struct sb_answer ans = { 404, NULL, NULL, NULL, NULL, 0, NULL };
	cJSON *root;
	char *text;
	(void)state;

	fx_init(&f, "/api/customer/10000");
	f.ans.members = cJSON_CreateObject();
	root = render(&f, NULL, 1);
	assert_string_equal(cJSON_GetObjectItem(root, "requestAction")->valuestring, "10000");
	assert_string_equal(cJSON_GetObjectItem(root, "endpoint")->valuestring, "customer");
	cJSON_Delete(root);
	fx_done(&f);

	memset(&empty, 0, sizeof(empty));
	ans.error = xstrdup("Unknown endpoint /nope");
	text = env_render(&empty, &ans, NULL, 0, NULL);
	root = cJSON_Parse(text);
	assert_non_null(root);
	assert_string_equal(cJSON_GetObjectItem(root, "endpoint")->valuestring, "");
	assert_string_equal(cJSON_GetObjectItem(root, "requestAction")->valuestring, "");
	assert_true(cJSON_IsObject(cJSON_GetObjectItem(root, "params")));
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(root, "ignoredParams")), 0);
	cJSON_Delete(root);
	free(text);
	free(ans.error);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_customer_get_order),
		cmocka_unit_test(test_search_idname),
		cmocka_unit_test(test_error_order),
		cmocka_unit_test(test_byid_and_partial),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
