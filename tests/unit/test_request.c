/* test_request.c: request parsing as the service's PHP does it (brackets, JSON, the 1000 cut, auth). */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/strbuf.h"
#include "sandbox/ops/request.h"

/* A request under construction: pairs as the HTTP layer hands them over. */
struct fixture {
	struct sb_pair pairs[1100];
	size_t n;
	struct sb_http_in in;
	struct sb_config cfg;
	struct sb_ctx ctx;
	struct sb_req req;
	char *err;
};

static struct fixture *fx_new(const char *path)
{
	struct fixture *f = calloc(1, sizeof(*f));

	f->in.method = "POST";
	f->in.path = path;
	f->in.pairs = f->pairs;
	f->in.base_url = "http://127.0.0.1:9/api";
	memcpy(f->cfg.today, "2026-11-20", 11);
	f->ctx.cfg = &f->cfg;
	return f;
}

static void fx_add_len(struct fixture *f, const char *name, const char *value, size_t len)
{
	f->pairs[f->n].name = xstrdup(name);
	f->pairs[f->n].value = xmalloc(len + 1);
	memcpy(f->pairs[f->n].value, value, len);
	f->pairs[f->n].value[len] = '\0';
	f->pairs[f->n].len = len;
	f->n++;
}

static void fx_add(struct fixture *f, const char *name, const char *value)
{
	fx_add_len(f, name, value, strlen(value));
}

static int fx_parse(struct fixture *f)
{
	f->in.n_pairs = f->n;
	return req_parse(&f->req, &f->ctx, &f->in, &f->err);
}

static void fx_free(struct fixture *f)
{
	req_free(&f->req);
	for (size_t i = 0; i < f->n; i++) {
		free(f->pairs[i].name);
		free(f->pairs[i].value);
	}
	free(f->err);
	free(f);
}

/* The params member as printed JSON, for exact comparisons. */
static void assert_param_json(struct fixture *f, const char *name, const char *want)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(f->req.params, name);
	char *got;

	assert_non_null(v);
	got = cJSON_PrintUnformatted(v);
	assert_string_equal(got, want);
	free(got);
}

static void test_path(void **state)
{
	struct fixture *f;
	(void)state;

	f = fx_new("/api/customer/search");
	assert_int_equal(fx_parse(f), 0);
	assert_string_equal(f->req.entity, "customer");
	assert_string_equal(f->req.action, "search");
	assert_non_null(f->req.res);
	assert_string_equal(f->req.today, "2026-11-20");
	fx_free(f);

	f = fx_new("/api/customer/10000");
	assert_int_equal(fx_parse(f), 0);
	assert_null(f->req.action);
	assert_int_equal(f->req.path_id, 10000);
	fx_free(f);

	f = fx_new("/api/ticket/getAddOns/");
	assert_int_equal(fx_parse(f), 0);
	assert_string_equal(f->req.action, "getAddOns");
	fx_free(f);

	f = fx_new("/api/files/document/12");
	assert_int_equal(fx_parse(f), 0);
	assert_string_equal(f->req.entity, "files");
	assert_string_equal(f->req.action, "document/12");
	fx_free(f);

	f = fx_new("/api/nosuch/search");
	assert_int_equal(fx_parse(f), 0);
	assert_string_equal(f->req.entity, "nosuch");
	assert_null(f->req.res);
	fx_free(f);

	/* Shapes the router must answer with 404: no entity recorded. */
	static const char *const bad[] = { "/api/customer", "/api/customer/a/b", "/customer/search",
	                                   "/api//search", "/api/customer//" };
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		f = fx_new(bad[i]);
		assert_int_equal(fx_parse(f), 0);
		assert_null(f->req.entity);
		fx_free(f);
	}
}

static void test_brackets(void **state)
{
	struct fixture *f = fx_new("/api/ticket/setAddOns");
	(void)state;

	fx_add(f, "a[]", "1");
	fx_add(f, "a[]", "2");
	fx_add(f, "addons[0][description]", "x");
	fx_add(f, "addons[0][amount]", "1");
	fx_add(f, "addons[1][description]", "y");
	fx_add(f, "date[operator]", ">");
	fx_add(f, "date[value]", "2026-11-01");
	fx_add(f, "d2[value][]", "a");
	fx_add(f, "d2[value][]", "b");
	fx_add(f, "d2[operator]", "between");
	fx_add(f, "sparse[3]", "x");
	fx_add(f, "sparse[]", "y");
	fx_add(f, "unclosed[x", "z");
	assert_int_equal(fx_parse(f), 0);
	assert_param_json(f, "a", "[\"1\",\"2\"]");
	assert_param_json(f, "addons",
	                  "[{\"description\":\"x\",\"amount\":\"1\"},{\"description\":\"y\"}]");
	assert_param_json(f, "date", "{\"operator\":\">\",\"value\":\"2026-11-01\"}");
	assert_param_json(f, "d2", "{\"value\":[\"a\",\"b\"],\"operator\":\"between\"}");
	/* Keys that are not 0..n-1 keep the object form; [] continues after 3. */
	assert_param_json(f, "sparse", "{\"3\":\"x\",\"4\":\"y\"}");
	assert_param_json(f, "unclosed[x", "\"z\"");
	fx_free(f);
}

static void test_repeats_last_wins(void **state)
{
	struct fixture *f = fx_new("/api/customer/search");
	char *text;
	(void)state;

	fx_add(f, "lname", "Smith");
	fx_add(f, "officeIDs", "1");
	fx_add(f, "lname", "Jones");
	fx_add(f, "x", "scalar");
	fx_add(f, "x[]", "now an array");
	fx_add(f, "0", "top-level numeric names stay an object");
	assert_int_equal(fx_parse(f), 0);
	text = cJSON_PrintUnformatted(f->req.params);
	/* The overwritten name keeps its first position, as PHP's arrays do. */
	assert_string_equal(text, "{\"lname\":\"Jones\",\"officeIDs\":\"1\",\"x\":[\"now an array\"],"
	                          "\"0\":\"top-level numeric names stay an object\"}");
	free(text);
	assert_true(cJSON_IsObject(f->req.params));
	fx_free(f);
}

static void test_ids_forms(void **state)
{
	struct fixture *f = fx_new("/api/customer/get");
	long long *ids;
	size_t n;
	(void)state;

	fx_add(f, "br[]", "5");
	fx_add(f, "br[]", "6");
	fx_add(f, "json", "[1, \"2\", 3]");
	fx_add(f, "comma", "10, 11,12");
	fx_add(f, "one", "7");
	fx_add(f, "badc", "1,x,3");
	fx_add(f, "badj", "[1,2.5]");
	fx_add(f, "trail", "1,2,");
	fx_add(f, "empty", "");
	fx_add(f, "obj[a]", "1");
	assert_int_equal(fx_parse(f), 0);

	assert_int_equal(req_ids(&f->req, "br", &ids, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(ids[0], 5);
	assert_int_equal(ids[1], 6);
	free(ids);
	assert_int_equal(req_ids(&f->req, "json", &ids, &n), 0);
	assert_int_equal(n, 3);
	assert_int_equal(ids[1], 2);
	assert_int_equal(ids[2], 3);
	free(ids);
	assert_int_equal(req_ids(&f->req, "comma", &ids, &n), 0);
	assert_int_equal(n, 3);
	assert_int_equal(ids[0], 10);
	assert_int_equal(ids[2], 12);
	free(ids);
	assert_int_equal(req_ids(&f->req, "one", &ids, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(ids[0], 7);
	free(ids);
	assert_int_equal(req_ids(&f->req, "empty", &ids, &n), 0);
	assert_int_equal(n, 0);
	free(ids);

	assert_int_equal(req_ids(&f->req, "badc", &ids, &n), -1);
	assert_int_equal(n, 1); /* the index of the first bad element */
	assert_null(ids);
	assert_int_equal(req_ids(&f->req, "badj", &ids, &n), -1);
	assert_int_equal(n, 1);
	assert_int_equal(req_ids(&f->req, "trail", &ids, &n), -1);
	assert_int_equal(n, 2);
	assert_int_equal(req_ids(&f->req, "obj", &ids, &n), -1);
	assert_int_equal(req_ids(&f->req, "absent", &ids, &n), 1);
	fx_free(f);
}

static void test_scalars(void **state)
{
	struct fixture *f = fx_new("/api/customer/get");
	long long v = 0;
	(void)state;

	fx_add(f, "i", " 42 ");
	fx_add(f, "neg", "-3");
	fx_add(f, "bad", "4x");
	fx_add(f, "blank", "");
	fx_add(f, "big", "99999999999999999999");
	fx_add(f, "t", "true");
	fx_add(f, "one", "1");
	fx_add(f, "zero", "0");
	fx_add(f, "arr[]", "1");
	assert_int_equal(fx_parse(f), 0);
	assert_int_equal(req_int(&f->req, "i", &v), 0);
	assert_int_equal(v, 42);
	assert_int_equal(req_int(&f->req, "neg", &v), 0);
	assert_int_equal(v, -3);
	assert_int_equal(req_int(&f->req, "bad", &v), -1);
	assert_int_equal(req_int(&f->req, "big", &v), -1);
	assert_int_equal(req_int(&f->req, "blank", &v), 1);
	assert_int_equal(req_int(&f->req, "none", &v), 1);
	assert_int_equal(req_int(&f->req, "arr", &v), -1);
	assert_int_equal(req_flag(&f->req, "t"), 1);
	assert_int_equal(req_flag(&f->req, "one"), 1);
	assert_int_equal(req_flag(&f->req, "zero"), 0);
	assert_int_equal(req_flag(&f->req, "none"), 0);
	assert_string_equal(req_string(&f->req, "bad"), "4x");
	assert_null(req_string(&f->req, "arr"));
	assert_null(req_param(&f->req, "none"));
	fx_free(f);
}

static void test_json_body(void **state)
{
	struct fixture *f = fx_new("/api/customer/get");
	static const char body[] =
		"{\"customerIDs\":[1,2],\"includeData\":true,\"off\":false,\"n\":12,\"x\":1.5,"
		"\"nul\":null,\"q\":{\"operator\":\"IN\",\"value\":[3,4]},"
		"\"addons\":[{\"amount\":9.5,\"description\":\"d\"}],\"e\":[],"
		"\"authenticationKey\":\"  k \",\"authenticationToken\":\"t\"}";
	long long *ids;
	size_t n;
	(void)state;

	fx_add(f, "fromQuery", "q");
	f->in.json_body = body;
	f->in.json_len = strlen(body);
	assert_int_equal(fx_parse(f), 0);
	assert_param_json(f, "fromQuery", "\"q\"");
	assert_param_json(f, "customerIDs", "[\"1\",\"2\"]");
	assert_param_json(f, "includeData", "\"1\"");
	assert_param_json(f, "off", "\"0\"");
	assert_param_json(f, "n", "\"12\"");
	assert_param_json(f, "x", "\"1.5\"");
	assert_param_json(f, "nul", "\"\"");
	assert_param_json(f, "q", "{\"operator\":\"IN\",\"value\":[\"3\",\"4\"]}");
	assert_param_json(f, "addons", "[{\"amount\":\"9.5\",\"description\":\"d\"}]");
	assert_param_json(f, "e", "[]");
	assert_string_equal(f->req.key, "k");
	assert_string_equal(f->req.token, "t");
	assert_int_equal(req_ids(&f->req, "customerIDs", &ids, &n), 0);
	assert_int_equal(n, 2);
	free(ids);
	fx_free(f);

	f = fx_new("/api/customer/get");
	f->in.json_body = "{\"a\":";
	f->in.json_len = 5;
	assert_int_equal(fx_parse(f), -1);
	assert_non_null(strstr(f->err, "JSON"));
	fx_free(f);

	f = fx_new("/api/customer/get");
	f->in.json_body = "[1,2]";
	f->in.json_len = 5;
	assert_int_equal(fx_parse(f), -1);
	fx_free(f);
}

/* 1001 variables with the credentials last: the credentials are the ones
 * dropped, so the request fails authentication instead of running short. */
static void test_cut_auth_last(void **state)
{
	struct fixture *f = fx_new("/api/customer/get");
	char name[32];
	(void)state;

	for (int i = 0; i < 999; i++) {
		snprintf(name, sizeof(name), "customerIDs[]");
		fx_add(f, name, "1");
	}
	fx_add(f, "authenticationKey", "demo-key");   /* the 1000th: read */
	fx_add(f, "authenticationToken", "demo-token"); /* the 1001st: dropped */
	assert_int_equal(fx_parse(f), 0);
	assert_string_equal(f->req.key, "demo-key");
	assert_null(f->req.token);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(f->req.params, "customerIDs")), 999);
	assert_null(cJSON_GetObjectItem(f->req.params, "authenticationToken"));
	fx_free(f);

	/* The pairs spend the budget, a JSON body none of it: json_decode
	 * has no max_input_vars, so the body arrives whole after 998 pairs. */
	f = fx_new("/api/customer/get");
	for (int i = 0; i < 998; i++)
		fx_add(f, "customerIDs[]", "1");
	f->in.json_body = "{\"authenticationKey\":\"k\",\"x\":[1,2],\"authenticationToken\":\"t\"}";
	f->in.json_len = strlen(f->in.json_body);
	assert_int_equal(fx_parse(f), 0);
	assert_string_equal(f->req.key, "k");
	assert_param_json(f, "x", "[\"1\",\"2\"]");
	assert_string_equal(f->req.token, "t");
	fx_free(f);

	/* Even when the pairs spent it all: the query string is still cut. */
	f = fx_new("/api/customer/get");
	for (int i = 0; i < 1001; i++)
		fx_add(f, "q[]", "1");
	f->in.json_body = "{\"authenticationKey\":\"k\",\"authenticationToken\":\"t\"}";
	f->in.json_len = strlen(f->in.json_body);
	assert_int_equal(fx_parse(f), 0);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(f->req.params, "q")), 1000);
	assert_string_equal(f->req.token, "t");
	fx_free(f);
}

/* A JSON body of 2001 ids, credentials last, arrives whole: the cut is
 * PHP's max_input_vars, which a JSON body does not go through. */
static void test_json_body_not_cut(void **state)
{
	struct fixture *f = fx_new("/api/customer/search");
	struct strbuf body = STRBUF_INIT;
	long long *ids;
	size_t n;
	(void)state;

	strbuf_adds(&body, "{\"customerIDs\":[");
	for (int i = 0; i < 2001; i++)
		strbuf_addf(&body, "%s%d", i ? "," : "", 10000 + i);
	strbuf_adds(&body, "],\"authenticationKey\":\"k\",\"authenticationToken\":\"t\"}");
	f->in.json_body = strbuf_str(&body);
	f->in.json_len = strlen(f->in.json_body);
	assert_int_equal(fx_parse(f), 0);
	assert_string_equal(f->req.key, "k");
	assert_string_equal(f->req.token, "t");
	assert_int_equal(req_ids(&f->req, "customerIDs", &ids, &n), 0);
	assert_int_equal(n, 2001);
	assert_int_equal(ids[2000], 12000);
	free(ids);
	fx_free(f);
	strbuf_free(&body);
}

static void test_utf8_refused(void **state)
{
	struct fixture *f = fx_new("/api/customer/search");
	(void)state;

	fx_add(f, "lname", "M\xc3\xbcller"); /* fine */
	fx_add(f, "fname", "bad\xff");
	assert_int_equal(fx_parse(f), -1);
	assert_string_equal(f->err, "Invalid UTF-8 in parameter fname");
	fx_free(f);

	f = fx_new("/api/customer/search");
	fx_add(f, "n\xc0\xafme", "x"); /* an overlong '/' in the name */
	assert_int_equal(fx_parse(f), -1);
	assert_non_null(strstr(f->err, "Invalid UTF-8 in parameter n"));
	assert_null(strchr(f->err, '\xc0')); /* the message itself stays valid */
	fx_free(f);

	f = fx_new("/api/customer/search");
	fx_add_len(f, "lname", "a\0b", 3);
	assert_int_equal(fx_parse(f), -1);
	assert_non_null(strstr(f->err, "lname"));
	fx_free(f);

	f = fx_new("/api/customer/search");
	f->in.json_body = "{\"lname\":\"x\xed\xa0\x80y\"}"; /* a UTF-16 surrogate in UTF-8 */
	f->in.json_len = strlen(f->in.json_body);
	assert_int_equal(fx_parse(f), -1);
	assert_string_equal(f->err, "Invalid UTF-8 in parameter lname");
	fx_free(f);

	/* Beyond the cut nothing is examined, as PHP never reads it. */
	f = fx_new("/api/customer/search");
	for (int i = 0; i < REQ_MAX_VARS; i++)
		fx_add(f, "a[]", "1");
	fx_add(f, "late", "\xff");
	assert_int_equal(fx_parse(f), 0);
	fx_free(f);
}

static void test_header_auth_and_trim(void **state)
{
	struct fixture *f = fx_new("/api/customer/search");
	(void)state;

	f->in.header_key = " \tdemo-key\r\n";
	f->in.header_token = "demo-token ";
	assert_int_equal(fx_parse(f), 0);
	assert_string_equal(f->req.key, "demo-key");
	assert_string_equal(f->req.token, "demo-token");
	fx_free(f);

	/* A parameter wins over the header; blanks alone count as absent. */
	f = fx_new("/api/customer/search");
	f->in.header_key = "from-header";
	f->in.header_token = "header-token";
	fx_add(f, "authenticationKey", " from-param ");
	fx_add(f, "authenticationToken", "   ");
	assert_int_equal(fx_parse(f), 0);
	assert_string_equal(f->req.key, "from-param");
	assert_string_equal(f->req.token, "header-token");
	/* The echo keeps the value as sent, as the service does. */
	assert_param_json(f, "authenticationKey", "\" from-param \"");
	fx_free(f);
}

static void test_ignored(void **state)
{
	struct fixture *f = fx_new("/api/customer/search");
	cJSON *ign;
	char *text;
	(void)state;

	fx_add(f, "lname", "Smith");
	fx_add(f, "bogus", "1");
	fx_add(f, "authenticationKey", "k");
	fx_add(f, "includeData", "1");
	fx_add(f, "other[]", "1");
	fx_add(f, "authenticationToken", "t");
	assert_int_equal(fx_parse(f), 0);
	(void)req_param(&f->req, "lname");
	req_use(&f->req, "includeData");
	req_use(&f->req, "includeData"); /* twice is once */
	(void)req_flag(&f->req, "notSent");
	assert_int_equal(f->req.n_used, 3);
	ign = req_ignored(&f->req, 0);
	text = cJSON_PrintUnformatted(ign);
	assert_string_equal(text, "[\"bogus\",\"other\"]");
	free(text);
	cJSON_Delete(ign);
	fx_free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_path),
		cmocka_unit_test(test_brackets),
		cmocka_unit_test(test_repeats_last_wins),
		cmocka_unit_test(test_ids_forms),
		cmocka_unit_test(test_scalars),
		cmocka_unit_test(test_json_body),
		cmocka_unit_test(test_cut_auth_last),
		cmocka_unit_test(test_json_body_not_cut),
		cmocka_unit_test(test_utf8_refused),
		cmocka_unit_test(test_header_auth_and_trim),
		cmocka_unit_test(test_ignored),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
