/* test_api_envelope.c: answer envelopes of every shape, odd ones included (fixtures). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "api/envelope.h"
#include "common/strbuf.h"

/* Reads tests/fixtures/api/NAME; the caller frees. */
static char *fixture(const char *name, size_t *len)
{
	struct strbuf path = STRBUF_INIT, sb = STRBUF_INIT;
	char buf[4096];
	size_t n;
	FILE *f;

	strbuf_addf(&path, "%s/%s", API_FIXTURES, name);
	f = fopen(path.buf, "rb");
	if (!f)
		fail_msg("cannot open fixture %s", path.buf);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, n);
	fclose(f);
	strbuf_free(&path);
	return strbuf_detach(&sb, len);
}

/* Parses fixture name; returns the parse result, the answer in *a. */
static int parse(const char *name, struct api_answer *a, struct api_error *e)
{
	size_t len;
	char *body = fixture(name, &len);
	int rc = api_envelope_parse(body, len, 200, a, e);

	free(body);
	return rc;
}

static void test_search(void **state)
{
	struct api_answer a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	assert_int_equal(parse("search.json", &a, &e), 0);
	assert_true(a.success);
	assert_string_equal(a.property, "customerIDs");
	assert_int_equal(api_answer_search(&a, 0, &e), 0);
	assert_int_equal(a.n_ids, 3);
	assert_int_equal(a.ids[0], 12);
	assert_int_equal(a.ids[2], 20);
	assert_true(a.have_usage && a.have_limits);
	assert_int_equal(a.usage.read_today, 12);
	assert_int_equal(a.usage.write_today, 3);
	assert_int_equal(a.usage.read_minute, 7);
	assert_int_equal(a.usage.write_minute, 1);
	assert_int_equal(a.limits.read_minute, 60);
	assert_int_equal(a.limits.write_day, 3000);
	assert_int_equal(cJSON_GetArraySize(a.ignored), 1);
	assert_string_equal(cJSON_GetArrayItem(a.ignored, 0)->valuestring, "colour");
	/* Asking for includeData on an answer without it is a decode error,
	 * not an empty result. */
	api_answer_free(&a);
	assert_int_equal(parse("search.json", &a, &e), 0);
	assert_int_equal(api_answer_search(&a, 1, &e), -1);
	assert_int_equal(e.kind, API_ERR_DECODE);
	assert_non_null(strstr(e.message, "customerIDsNoDataExported"));
	api_answer_free(&a);
	api_error_clear(&e);
}

static void test_ids_where_property_name_says(void **state)
{
	struct api_answer a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	/* serviceType: idName serviceTypeIDs, ids under typeIDs; a member
	 * named like idName is not where the ids are. */
	assert_int_equal(parse("search_typeids.json", &a, &e), 0);
	assert_int_equal(api_answer_search(&a, 0, &e), 0);
	assert_int_equal(a.n_ids, 2);
	assert_int_equal(a.ids[0], 1);
	assert_int_equal(a.ids[1], 7);
	api_answer_free(&a);
}

static void test_include_data(void **state)
{
	struct api_answer a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	assert_int_equal(parse("search_include.json", &a, &e), 0);
	assert_int_equal(api_answer_search(&a, 1, &e), 0);
	assert_int_equal(a.n_ids, 5);
	assert_int_equal(a.n_no_data, 2);
	assert_int_equal(a.no_data[0], 4);
	assert_int_equal(a.no_data[1], 5);
	/* Records under the member propertyNameData names, not "records". */
	assert_int_equal(cJSON_GetArraySize(a.records), 3);
	assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(a.records, 2), "fname")->valuestring,
	                    "Cy");
	api_answer_free(&a);

	assert_int_equal(parse("search_include_no_nodata.json", &a, &e), 0);
	assert_int_equal(api_answer_search(&a, 1, &e), -1);
	assert_int_equal(e.kind, API_ERR_DECODE);
	api_answer_free(&a);
	api_error_clear(&e);

	assert_int_equal(parse("search_include_bad_data_name.json", &a, &e), 0);
	assert_int_equal(api_answer_search(&a, 1, &e), -1);
	assert_int_equal(e.kind, API_ERR_DECODE);
	assert_non_null(strstr(e.message, "clients"));
	api_answer_free(&a);
	api_error_clear(&e);
}

static void test_odd_ids(void **state)
{
	static const char *const bad[] = {
		"search_ids_garbage.json", "search_ids_comma.json", "search_ids_fraction.json",
		"search_no_property.json", "property_not_string.json",
	};
	struct api_answer a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	/* Digit strings are still unambiguous integers. */
	assert_int_equal(parse("search_ids_strings.json", &a, &e), 0);
	assert_int_equal(api_answer_search(&a, 0, &e), 0);
	assert_int_equal(a.n_ids, 2);
	assert_int_equal(a.ids[1], 14);
	api_answer_free(&a);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(parse(bad[i], &a, &e), 0);
		assert_int_equal(api_answer_search(&a, 0, &e), -1);
		assert_int_equal(e.kind, API_ERR_DECODE);
		assert_null(a.ids);
		api_answer_free(&a);
		api_error_clear(&e);
	}
}

static void test_get_and_byid(void **state)
{
	struct api_answer a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	assert_int_equal(parse("get.json", &a, &e), 0);
	assert_int_equal(api_answer_get(&a, &e), 0);
	assert_int_equal(cJSON_GetArraySize(a.records), 2);
	assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(a.records, 0), "customerID")->valuestring,
	                    "10000");
	api_answer_free(&a);

	assert_int_equal(parse("get_empty.json", &a, &e), 0);
	assert_int_equal(api_answer_get(&a, &e), 0);
	assert_int_equal(cJSON_GetArraySize(a.records), 0);
	api_answer_free(&a);

	assert_int_equal(parse("get_not_array.json", &a, &e), 0);
	assert_int_equal(api_answer_get(&a, &e), -1);
	assert_int_equal(e.kind, API_ERR_DECODE);
	api_answer_free(&a);
	api_error_clear(&e);

	assert_int_equal(parse("byid.json", &a, &e), 0);
	assert_int_equal(api_answer_byid(&a, &e), 0);
	assert_string_equal(cJSON_GetObjectItem(a.record, "fname")->valuestring, "Ann");
	/* A by-id answer is not a list. */
	assert_int_equal(api_answer_get(&a, &e), -1);
	api_answer_free(&a);
	api_error_clear(&e);

	assert_int_equal(parse("byid_array.json", &a, &e), 0);
	assert_int_equal(api_answer_byid(&a, &e), -1);
	assert_int_equal(e.kind, API_ERR_DECODE);
	api_answer_free(&a);
	api_error_clear(&e);
}

static void test_writes(void **state)
{
	struct api_answer a;
	struct api_error e = API_ERROR_INIT;
	long long id = -1;

	(void)state;
	assert_int_equal(parse("write_result.json", &a, &e), 0);
	api_answer_write(&a, NULL);
	assert_true(api_answer_write_id(&a, &id));
	assert_int_equal(id, 123);
	api_answer_free(&a);

	assert_int_equal(parse("write_member.json", &a, &e), 0);
	api_answer_write(&a, "subscriptionID");
	assert_false(a.have_result);
	assert_true(api_answer_write_id(&a, &id));
	assert_int_equal(id, 77);
	api_answer_free(&a);

	/* createInitialAddOn: result is the new add-on, the member the parent. */
	assert_int_equal(parse("write_both.json", &a, &e), 0);
	api_answer_write(&a, "subscriptionID");
	assert_true(api_answer_write_id(&a, &id));
	assert_int_equal(id, 5);
	assert_int_equal(a.member_id, 77);
	api_answer_free(&a);

	id = -1;
	assert_int_equal(parse("write_ack.json", &a, &e), 0);
	api_answer_write(&a, "subscriptionID");
	assert_false(api_answer_write_id(&a, &id));
	assert_int_equal(id, -1);
	api_answer_free(&a);
}

static void test_errors(void **state)
{
	struct api_answer a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	assert_int_equal(parse("error.json", &a, &e), 0);
	assert_false(a.success);
	assert_int_equal(api_answer_check(&a, &e), -1);
	assert_int_equal(e.kind, API_ERR_API);
	assert_string_equal(e.server_message, "Missing required field: notes");
	assert_int_equal(e.http_status, 200);
	api_answer_free(&a);
	api_error_clear(&e);

	assert_int_equal(parse("error_quota.json", &a, &e), 0);
	assert_int_equal(api_answer_check(&a, &e), -1);
	assert_int_equal(e.kind, API_ERR_QUOTA);
	assert_true(a.have_usage);
	api_answer_free(&a);
	api_error_clear(&e);

	assert_int_equal(parse("error_no_message.json", &a, &e), 0);
	assert_int_equal(api_answer_check(&a, &e), -1);
	assert_int_equal(e.kind, API_ERR_API);
	assert_null(e.server_message);
	assert_non_null(e.message);
	api_answer_free(&a);
	api_error_clear(&e);

	assert_true(api_is_quota_message("... maximum number of write requests per day ..."));
	assert_false(api_is_quota_message("Missing required field"));
	assert_false(api_is_quota_message(NULL));
}

static void test_not_envelopes(void **state)
{
	static const char *const bad[] = {
		"garbage.txt", "not_object.json", "no_success.json", "success_string.json",
		"success_number.json", "truncated.json", "empty.json",
	};
	struct api_answer a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(parse(bad[i], &a, &e), -1);
		assert_int_equal(e.kind, API_ERR_DECODE);
		assert_null(a.root);
		assert_non_null(e.message);
		api_answer_free(&a);
		api_error_clear(&e);
	}
	/* A NULL body, and an object followed by more than whitespace, are
	 * refused too; trailing whitespace is fine. */
	assert_int_equal(api_envelope_parse(NULL, 0, 502, &a, &e), -1);
	assert_int_equal(e.http_status, 502);
	api_error_clear(&e);
	assert_int_equal(api_envelope_parse("{\"success\":true}\0junk", 21, 200, &a, &e), -1);
	api_error_clear(&e);
	assert_int_equal(api_envelope_parse("{\"success\":true}{\"success\":false}", 33, 200, &a, &e), -1);
	api_error_clear(&e);
	assert_int_equal(api_envelope_parse("{\"success\":true}\r\n \t", 20, 200, &a, &e), 0);
	assert_true(a.success);
	api_answer_free(&a);
}

static void test_usage_shapes(void **state)
{
	struct api_answer a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	assert_int_equal(parse("usage_strings.json", &a, &e), 0);
	assert_true(a.have_usage && a.have_limits);
	assert_int_equal(a.usage.read_minute, 7);
	assert_int_equal(a.limits.read_day, 3000);
	api_answer_free(&a);
	/* Unreadable counters mean "unknown", never zero. */
	assert_int_equal(parse("usage_bad.json", &a, &e), 0);
	assert_false(a.have_usage);
	assert_false(a.have_limits);
	api_answer_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_search),
		cmocka_unit_test(test_ids_where_property_name_says),
		cmocka_unit_test(test_include_data),
		cmocka_unit_test(test_odd_ids),
		cmocka_unit_test(test_get_and_byid),
		cmocka_unit_test(test_writes),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_not_envelopes),
		cmocka_unit_test(test_usage_shapes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
