/* test_write.c: unit tests of the write handlers' validation, encodings and rules. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <cjson/cJSON.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/ops/handle_write.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/ops/request.h"
#include "sandbox/sandbox.h"
#include "sandbox/store/store.h"

/* ---- write_check_value ---- */

static void test_check_int(void **state)
{
	(void)state;
	assert_null(write_check_value(RT_INT, "0"));
	assert_null(write_check_value(RT_INT, "-12"));
	assert_null(write_check_value(RT_INT, "02134"));
	assert_string_equal(write_check_value(RT_INT, ""), "must be an integer");
	assert_non_null(write_check_value(RT_INT, "1.5"));
	assert_non_null(write_check_value(RT_INT, "12a"));
	assert_non_null(write_check_value(RT_INT, " 1"));
	assert_non_null(write_check_value(RT_INT, "-"));
	assert_non_null(write_check_value(RT_INT, "1234567890123456789")); /* 19 digits */
}

static void test_check_num_bool(void **state)
{
	(void)state;
	assert_null(write_check_value(RT_NUM, "12"));
	assert_null(write_check_value(RT_NUM, "12.5"));
	assert_null(write_check_value(RT_NUM, "-0.75"));
	assert_null(write_check_value(RT_NUM, ".5"));
	assert_string_equal(write_check_value(RT_NUM, "1e3"), "must be a number");
	assert_non_null(write_check_value(RT_NUM, "."));
	assert_non_null(write_check_value(RT_NUM, "12,50"));
	assert_non_null(write_check_value(RT_NUM, "nan"));
	assert_null(write_check_value(RT_BOOL, "1"));
	assert_null(write_check_value(RT_BOOL, "false"));
	assert_null(write_check_value(RT_BOOL, "TRUE"));
	assert_string_equal(write_check_value(RT_BOOL, "2"), "must be 0 or 1");
	assert_non_null(write_check_value(RT_BOOL, "yes"));
}

static void test_check_dates(void **state)
{
	(void)state;
	assert_null(write_check_value(RT_DATE, "2026-11-20"));
	assert_null(write_check_value(RT_DATE, "0000-00-00"));
	assert_non_null(write_check_value(RT_DATE, "2026-02-30"));
	assert_non_null(write_check_value(RT_DATE, "2026-11-20 10:00:00"));
	assert_non_null(write_check_value(RT_DATE, "20/11/2026"));
	assert_null(write_check_value(RT_DATETIME, "2026-11-20 08:30:00"));
	assert_null(write_check_value(RT_DATETIME, "2026-11-20"));
	assert_null(write_check_value(RT_DATETIME, "0000-00-00 00:00:00"));
	assert_non_null(write_check_value(RT_DATETIME, "2026-11-20 25:00:00"));
	assert_null(write_check_value(RT_TIME, "23:59:59"));
	assert_non_null(write_check_value(RT_TIME, "24:00:00"));
	assert_non_null(write_check_value(RT_TIME, "8:00:00"));
}

static void test_check_text_lists(void **state)
{
	char big[70000];
	(void)state;
	assert_null(write_check_value(RT_TEXT, ""));
	assert_null(write_check_value(RT_TEXT, "Caf\xc3\xa9 \xe2\x9c\x93"));
	assert_string_equal(write_check_value(RT_TEXT, "bad \xff byte"), "must be valid UTF-8 text");
	assert_non_null(write_check_value(RT_TEXT, "\xc0\xaf")); /* overlong '/' */
	memset(big, 'a', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	assert_non_null(write_check_value(RT_TEXT, big));
	assert_null(write_check_value(RT_IDLIST, "1,2, 3"));
	assert_null(write_check_value(RT_IDLIST, ""));
	assert_non_null(write_check_value(RT_IDLIST, "1,,2"));
	assert_non_null(write_check_value(RT_IDLIST, "1,x"));
	assert_null(write_check_value(RT_JSON, "[1,{\"a\":2}]"));
	assert_non_null(write_check_value(RT_JSON, "[1,"));
	assert_non_null(write_check_value(RT_JSON, "42"));
	assert_non_null(write_check_value(RT_INT, NULL));
}

/* ---- money ---- */

static void test_money(void **state)
{
	char m[32];
	(void)state;
	assert_int_equal(write_cents("12"), 1200);
	assert_int_equal(write_cents("12.5"), 1250);
	assert_int_equal(write_cents("12.345"), 1235); /* half away from zero */
	assert_int_equal(write_cents("12.344"), 1234);
	assert_int_equal(write_cents("-0.75"), -75);
	assert_int_equal(write_cents(".05"), 5);
	assert_int_equal(write_cents(""), 0);
	assert_int_equal(write_cents(NULL), 0);
	write_money(0, m);
	assert_string_equal(m, "0.00");
	write_money(-5, m);
	assert_string_equal(m, "-0.05");
	write_money(123456, m);
	assert_string_equal(m, "1234.56");
}

/* ---- Base64, filenames, SipHash ---- */

static void expect_b64(const char *in, const char *out)
{
	unsigned char *d;
	size_t n;
	assert_int_equal(write_base64_decode(in, strlen(in), &d, &n), 0);
	assert_int_equal(n, strlen(out));
	assert_memory_equal(d, out, n);
	free(d);
}

static void expect_b64_bad(const char *in)
{
	unsigned char *d = (unsigned char *)"x";
	size_t n = 9;
	assert_int_equal(write_base64_decode(in, strlen(in), &d, &n), -1);
	assert_null(d);
	assert_int_equal(n, 0);
}

static void test_base64(void **state)
{
	(void)state;
	expect_b64("aGVsbG8=", "hello");
	expect_b64("aGVsbA==", "hell");
	expect_b64("aGVs", "hel");
	expect_b64("", "");
	expect_b64("+/8=", "\xfb\xff");
	expect_b64_bad("aGVsbG8");    /* length not a multiple of 4 */
	expect_b64_bad("aGVsbG9=");   /* dropped bits not zero */
	expect_b64_bad("aGVsbB==");   /* likewise with two pads */
	expect_b64_bad("aGV sbG8");   /* whitespace */
	expect_b64_bad("aG=sbG8=");   /* padding in the middle */
	expect_b64_bad("aGVsbG8=aGVs"); /* padding before the end */
	expect_b64_bad("a===");
	expect_b64_bad("aGVs-G8_");   /* URL-safe alphabet is not Base64 */
}

static void expect_name(const char *in, const char *out)
{
	char *s = write_safe_filename(in);
	assert_string_equal(s, out);
	free(s);
}

static void test_safe_filename(void **state)
{
	char *s;
	char big[400];
	(void)state;
	expect_name("report.pdf", "report.pdf");
	expect_name("../../etc/passwd", "passwd");
	expect_name("C:\\Users\\me\\scan.png", "scan.png");
	expect_name("dir/", "upload");
	expect_name("", "upload");
	expect_name(NULL, "upload");
	expect_name(".", "upload");
	expect_name("..", "_.");
	expect_name("a..b.txt", "a_.b.txt");
	expect_name("evil\x1b[31m.txt", "evil_[31m.txt");
	expect_name("tab\there\n.txt", "tab_here_.txt");
	expect_name("\"quoted\".txt", "_quoted_.txt");
	expect_name("caf\xc3\xa9.pdf", "caf\xc3\xa9.pdf");
	expect_name("bad\xff\xfe.pdf", "bad__.pdf");
	expect_name("cut\xe2\x9c", "cut__");
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	s = write_safe_filename(big);
	assert_int_equal(strlen(s), 200);
	free(s);
}

static void test_siphash_vectors(void **state)
{
	unsigned char key[16], msg[64];
	(void)state;
	for (int i = 0; i < 16; i++)
		key[i] = (unsigned char)i;
	for (int i = 0; i < 64; i++)
		msg[i] = (unsigned char)i;
	/* From the SipHash paper and its reference vectors. */
	assert_true(write_siphash24(key, msg, 0) == 0x726fdb47dd0e0e31ULL);
	assert_true(write_siphash24(key, msg, 15) == 0xa129ca6149be45e5ULL);
	assert_true(write_siphash24(key, msg, 1) == 0x74f839c593dc67fdULL);
	assert_true(write_siphash24(key, msg, 8) == 0x93f5f5799a932462ULL);
}

/* ---- createPaymentProfile's processor rules ---- */

static void test_processor_rules(void **state)
{
	char g[2];
	(void)state;
	/* A (also when unnamed) needs both tokens. */
	assert_null(special_processor_check(NULL, "tok", "id", g));
	assert_string_equal(g, "A");
	assert_string_equal(special_processor_check("", "tok", "", g),
	                    "Missing required parameter: CreditCardTokenID (required by processor A)");
	assert_string_equal(special_processor_check("A", NULL, "id", g),
	                    "Missing required parameter: CreditCardToken (required by processor A)");
	/* B needs only the token id, C only the token. */
	assert_null(special_processor_check("b", "", "id", g));
	assert_string_equal(g, "B");
	assert_string_equal(special_processor_check("B", "tok", "", g),
	                    "Missing required parameter: CreditCardTokenID (required by processor B)");
	assert_null(special_processor_check("C", "tok", NULL, g));
	assert_string_equal(g, "C");
	assert_string_equal(special_processor_check("C", "", "id", g),
	                    "Missing required parameter: CreditCardToken (required by processor C)");
	assert_string_equal(special_processor_check("D", "tok", "id", g),
	                    "Invalid value for gateway: must be A, B or C");
	assert_non_null(special_processor_check("AB", "tok", "id", g));
}

/* ---- write_collect against the real table ---- */

struct fake {
	struct sb_req req;
	struct sb_answer ans;
	cJSON *obj;
};

static void fake_start(struct fake *f, const char *json_params)
{
	memset(f, 0, sizeof *f);
	f->req.params = cJSON_Parse(json_params);
	assert_non_null(f->req.params);
	f->obj = cJSON_CreateObject();
}

static void fake_end(struct fake *f)
{
	cJSON_Delete(f->obj);
	cJSON_Delete(f->ans.members);
	free(f->ans.error);
	req_free(&f->req);
}

/* Collects params of resource res; returns the error or NULL. */
static const char *collect(struct fake *f, const char *res, int is_create)
{
	const struct resource *r = res_find(res);
	assert_non_null(r);
	if (write_collect(&f->req, r, is_create, f->obj, &f->ans) == 0) {
		assert_null(f->ans.error);
		return NULL;
	}
	assert_non_null(f->ans.error);
	return f->ans.error;
}

static void test_collect_required(void **state)
{
	struct fake f;
	(void)state;
	fake_start(&f, "{\"customerID\":\"5\",\"contactType\":\"2\",\"showOnInvoice\":\"1\"}");
	assert_string_equal(collect(&f, "note", 1), "Missing required parameter: notes");
	fake_end(&f);
	/* Empty counts as missing for a required parameter ... */
	fake_start(&f, "{\"customerID\":\"5\",\"contactType\":\"2\",\"notes\":\"\",\"showOnInvoice\":\"1\"}");
	assert_string_equal(collect(&f, "note", 1), "Missing required parameter: notes");
	fake_end(&f);
	/* ... but not on update, where nothing is required. */
	fake_start(&f, "{\"notes\":\"x\"}");
	assert_null(collect(&f, "note", 0));
	assert_string_equal(write_get(f.obj, "notes"), "x");
	fake_end(&f);
}

static void test_collect_types(void **state)
{
	struct fake f;
	(void)state;
	fake_start(&f, "{\"customerID\":\"5\",\"contactType\":\"2\",\"notes\":\"hi\","
	               "\"showOnInvoice\":\"true\",\"showTech\":\"0\",\"referenceID\":\"x\"}");
	assert_string_equal(collect(&f, "note", 1), "Invalid value for referenceID: must be an integer");
	fake_end(&f);

	fake_start(&f, "{\"customerID\":\"5\",\"contactType\":\"2\",\"notes\":\"hi\","
	               "\"showOnInvoice\":\"true\",\"showTech\":\"0\"}");
	assert_null(collect(&f, "note", 1));
	/* The wire name contactType sets the field typeID; booleans become 0/1. */
	assert_string_equal(write_get(f.obj, "typeID"), "2");
	assert_string_equal(write_get(f.obj, "showOnInvoice"), "1");
	assert_string_equal(write_get(f.obj, "showTech"), "0");
	assert_null(cJSON_GetObjectItemCaseSensitive(f.obj, "contactType"));
	fake_end(&f);

	/* Amounts are kept with two decimals; a JSON number is accepted. */
	fake_start(&f, "{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":49.5}");
	assert_null(collect(&f, "ticket", 1));
	assert_string_equal(write_get(f.obj, "serviceCharge"), "49.50");
	assert_string_equal(write_get(f.obj, "invoiceDate"), "2026-11-20");
	fake_end(&f);

	fake_start(&f, "{\"customerID\":\"5\",\"date\":\"2026-13-01\",\"serviceCharge\":\"1\"}");
	assert_string_equal(collect(&f, "ticket", 1),
	                    "Invalid value for date: must be a date (YYYY-MM-DD)");
	fake_end(&f);

	/* An array where one value is expected. */
	fake_start(&f, "{\"fname\":[\"a\",\"b\"]}");
	assert_string_equal(collect(&f, "customer", 0), "Invalid value for fname: must be a single value");
	fake_end(&f);
}

static void test_collect_field_rules(void **state)
{
	struct fake f;
	(void)state;
	fake_start(&f, "{\"state\":\"Texas\"}");
	assert_string_equal(collect(&f, "customer", 1),
	                    "Invalid value for state: must be a two-letter state code");
	fake_end(&f);
	fake_start(&f, "{\"state\":\"T1\"}");
	assert_non_null(collect(&f, "customer", 0));
	fake_end(&f);
	fake_start(&f, "{\"state\":\"tx\"}");
	assert_null(collect(&f, "customer", 0));
	assert_string_equal(write_get(f.obj, "state"), "TX");
	fake_end(&f);

	fake_start(&f, "{\"starRating\":\"6\"}");
	assert_string_equal(collect(&f, "review", 0), "Invalid value for starRating: must be 1 to 5");
	fake_end(&f);
	fake_start(&f, "{\"starRating\":\"0\"}");
	assert_non_null(collect(&f, "review", 0));
	fake_end(&f);
	fake_start(&f, "{\"starRating\":\"5\"}");
	assert_null(collect(&f, "review", 0));
	fake_end(&f);

	fake_start(&f, "{\"code\":\"ABCDEFGHIJKLMNOPQRSTUVWXYZ\"}");
	assert_string_equal(collect(&f, "product", 0),
	                    "Invalid value for code: must be at most 25 characters");
	fake_end(&f);
	/* 25 characters of two bytes each are still 25 characters. */
	fake_start(&f, "{\"code\":\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	               "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	               "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\"}");
	assert_null(collect(&f, "product", 0));
	fake_end(&f);

	fake_start(&f, "{\"appointmentID\":\"1\",\"status\":\"0\"}");
	assert_string_equal(collect(&f, "appointmentReminder", 1),
	                    "Invalid value for status: must be -1, 1, 6 or 9 (0 is not allowed on write)");
	fake_end(&f);
	fake_start(&f, "{\"appointmentID\":\"1\",\"status\":\"6\"}");
	assert_null(collect(&f, "appointmentReminder", 1));
	fake_end(&f);

	fake_start(&f, "{\"customerID\":\"1\",\"paymentMethod\":\"3\"}");
	assert_string_equal(collect(&f, "paymentProfile", 1),
	                    "Invalid value for paymentMethod: must be 1 (card) or 2 (bank transfer)");
	fake_end(&f);

	fake_start(&f, "{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\","
	               "\"status\":\"2\"}");
	assert_string_equal(collect(&f, "ticket", 1), "Invalid value for status: must be 0, 1, -1 or -3");
	fake_end(&f);
}

/* The add-ons of ticket create travel as an object of objects (brackets),
 * an array, JSON text, or "false". */
static void test_collect_addons_forms(void **state)
{
	static const char *const ok[] = {
		"{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\","
		"\"addons\":{\"0\":{\"amount\":\"5\",\"taxable\":\"1\"}}}",
		"{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\","
		"\"addons\":\"[{\\\"amount\\\":5,\\\"taxable\\\":0}]\"}",
		"{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\",\"addons\":\"false\"}",
		"{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\",\"addons\":\"\"}",
	};
	struct fake f;
	(void)state;
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
		fake_start(&f, ok[i]);
		assert_null(collect(&f, "ticket", 1));
		fake_end(&f);
	}
	fake_start(&f, "{\"customerID\":\"5\",\"date\":\"2026-11-20\",\"serviceCharge\":\"1\","
	               "\"addons\":\"nonsense\"}");
	assert_string_equal(collect(&f, "ticket", 1),
	                    "Invalid value for addons: must be a JSON array or object");
	fake_end(&f);
}

/* An add-on object collected with a prefix names its place in messages. */
static void test_collect_object_prefix(void **state)
{
	const struct resource *ir = res_find("ticketItem");
	struct fake f;
	cJSON *src = cJSON_Parse("{\"amount\":\"abc\",\"taxable\":\"1\"}");
	(void)state;
	assert_non_null(ir);
	fake_start(&f, "{}");
	assert_int_equal(write_collect_params(&f.req, src, "addons[2]", ir->name, ir->params,
	                                      ir->n_params, RP_UPDATE, f.obj, &f.ans), -1);
	assert_string_equal(f.ans.error, "Invalid value for addons[2][amount]: must be a number");
	fake_end(&f);
	cJSON_Delete(src);
	src = cJSON_Parse("{\"amount\":\"1\",\"taxable\":\"2\"}");
	fake_start(&f, "{}");
	assert_int_equal(write_collect_params(&f.req, src, "addons[0]", ir->name, ir->params,
	                                      ir->n_params, RP_UPDATE, f.obj, &f.ans), -1);
	assert_string_equal(f.ans.error, "Invalid value for addons[0][taxable]: must be 0 or 1");
	fake_end(&f);
	cJSON_Delete(src);
}


/* ---- the handlers against an in-memory store ---- */

static struct sb_config cfg;
static struct sb_ctx ctx;
static struct sb_http_in http_in;

static long long put(const char *res, const char *json)
{
	cJSON *o = cJSON_Parse(json);
	long long id = 0;
	char *err = NULL;
	assert_non_null(o);
	assert_int_equal(store_begin(ctx.store, &err), 0);
	assert_int_equal(store_insert(ctx.store, res_find(res), o, &id, &err), 0);
	assert_int_equal(store_commit(ctx.store, &err), 0);
	cJSON_Delete(o);
	return id;
}

static int db_setup(void **state)
{
	char *err = NULL;
	(void)state;
	memset(&cfg, 0, sizeof cfg);
	memcpy(cfg.today, "2026-11-20", 11);
	ctx.cfg = &cfg;
	ctx.store = store_open(":memory:", &err);
	if (!ctx.store)
		fail_msg("store_open: %s", err);
	store_set_today(ctx.store, cfg.today); /* as main does: the store keeps the clock */
	http_in.path = "/api/x";
	http_in.base_url = "http://127.0.0.1:1/api";
	put("customer", "{\"customerID\":\"100\",\"officeID\":\"1\",\"fname\":\"Ada\",\"lname\":\"Byron\","
	                "\"taxRate\":\"0.080000\",\"balance\":\"0.00\",\"zip\":\"78701\"}");
	put("serviceType", "{\"typeID\":\"7\",\"description\":\"Quarterly Pest\"}");
	put("leadStage", "{\"stageID\":\"3\",\"title\":\"Quoted\"}");
	return 0;
}

static int db_teardown(void **state)
{
	(void)state;
	store_close(ctx.store);
	return 0;
}

/* Runs entity/action with params (JSON) as the router would after
 * authentication; returns the answer's error or NULL, *members kept. */
static char *call(const char *entity, const char *action, const char *params, cJSON **members)
{
	struct sb_req req;
	struct sb_answer ans;
	char *error;

	memset(&req, 0, sizeof req);
	memset(&ans, 0, sizeof ans);
	req.ctx = &ctx;
	req.in = &http_in;
	req.res = res_find(entity);
	req.entity = xstrdup(entity);
	req.action = xstrdup(action);
	req.params = cJSON_Parse(params);
	memcpy(req.today, "2026-11-20", 11);
	assert_non_null(req.params);
	if (!strcmp(action, "create"))
		handle_create(&req, &ans);
	else if (!strcmp(action, "update"))
		handle_update(&req, &ans);
	else
		assert_int_equal(handle_special(&req, &ans), 1);
	req_free(&req);
	error = ans.error;
	if (members)
		*members = ans.members;
	else
		cJSON_Delete(ans.members);
	return error;
}

/* The new or changed id of a successful write. */
static long long ok(const char *entity, const char *action, const char *params)
{
	cJSON *m = NULL;
	char *e = call(entity, action, params, &m);
	long long id;
	if (e)
		fail_msg("%s/%s failed: %s", entity, action, e);
	id = strtoll(write_get(m, "result"), NULL, 10);
	cJSON_Delete(m);
	return id;
}

static void expect_error(const char *entity, const char *action, const char *params,
                         const char *message)
{
	char *e = call(entity, action, params, NULL);
	assert_non_null(e);
	assert_string_equal(e, message);
	free(e);
}

/* One field of record id as get answers it (static copy). */
static const char *field(const char *res, long long id, const char *name)
{
	static char buf[256];
	cJSON *arr = cJSON_CreateArray();
	char *err = NULL;
	assert_int_equal(store_get(ctx.store, res_find(res), &id, 1, 1, arr, &err), 0);
	assert_int_equal(cJSON_GetArraySize(arr), 1);
	snprintf(buf, sizeof buf, "%s", write_get(arr->child, name));
	cJSON_Delete(arr);
	return buf;
}

static long long changes(void)
{
	return store_count(ctx.store, res_find("changelog"));
}

static void test_ticket_totals(void **state)
{
	long long t, before = changes();
	char p[256];
	(void)state;
	t = ok("ticket", "create",
	       "{\"customerID\":\"100\",\"date\":\"2026-11-20\",\"serviceCharge\":\"100\","
	       "\"serviceTaxable\":\"1\",\"addons\":{\"0\":{\"amount\":\"10\",\"quantity\":\"2\","
	       "\"taxable\":\"1\"},\"1\":{\"amount\":\"-5\",\"taxable\":\"0\"}}}");
	/* 100 + 2*10 - 5; tax 8% of the service and the taxable item (120). */
	assert_string_equal(field("ticket", t, "subTotal"), "115.00");
	assert_string_equal(field("ticket", t, "taxAmount"), "9.60");
	assert_string_equal(field("ticket", t, "total"), "124.60");
	assert_string_equal(field("ticket", t, "balance"), "124.60");
	assert_string_equal(field("ticket", t, "officeID"), "1");
	assert_string_equal(field("customer", 100, "balance"), "124.60");
	/* The ticket's change, and the customer's: its balance moved. */
	assert_int_equal(changes(), before + 2);

	snprintf(p, sizeof p, "{\"ticketID\":\"%lld\",\"amount\":\"5\",\"taxable\":\"0\"}", t);
	ok("ticket", "createAddOn", p);
	assert_string_equal(field("ticket", t, "total"), "129.60");
	assert_string_equal(field("customer", 100, "balance"), "129.60");

	/* A rejected list changes nothing (one transaction). */
	snprintf(p, sizeof p, "{\"ticketID\":\"%lld\",\"addons\":[{\"amount\":\"-1\",\"taxable\":\"1\"}]}", t);
	expect_error("ticket", "setAddOns", p, "A negative add-on cannot be taxable");
	assert_string_equal(field("ticket", t, "total"), "129.60");

	snprintf(p, sizeof p, "{\"ticketID\":\"%lld\",\"addons\":\"false\"}", t);
	assert_int_equal(ok("ticket", "setAddOns", p), t);
	assert_string_equal(field("ticket", t, "subTotal"), "100.00");
	assert_string_equal(field("ticket", t, "total"), "108.00");
	assert_string_equal(field("customer", 100, "balance"), "108.00");

	snprintf(p, sizeof p, "{\"ticketID\":\"%lld\",\"serviceCharge\":\"50\"}", t);
	assert_int_equal(ok("ticket", "update", p), t);
	assert_string_equal(field("ticket", t, "taxAmount"), "4.00");
	assert_string_equal(field("ticket", t, "total"), "54.00");
	assert_string_equal(field("customer", 100, "balance"), "54.00");
	assert_int_equal(changes(), before + 8); /* four writes, each moved the balance */
}

static void test_lead_stage(void **state)
{
	long long s;
	char p[160], msg[64];
	(void)state;
	expect_error("subscription", "create", "{\"customerID\":\"100\",\"serviceID\":\"8\"}",
	             "No serviceType found with id 8");
	s = ok("subscription", "create", "{\"customerID\":\"100\",\"serviceID\":\"7\"}");
	assert_string_equal(field("subscription", s, "serviceType"), "Quarterly Pest");
	assert_string_equal(field("subscription", s, "active"), "1");
	snprintf(p, sizeof p, "{\"subscriptionID\":\"%lld\",\"status\":\"1\"}", s);
	snprintf(msg, sizeof msg, "Subscription %lld is not a lead", s);
	expect_error("subscription", "updateLeadStage", p, msg);
	snprintf(p, sizeof p, "{\"subscriptionID\":\"%lld\",\"status\":\"0\",\"stageID\":\"4\"}", s);
	expect_error("subscription", "updateLeadStage", p, "Invalid value for stageID: no lead stage 4");
	snprintf(p, sizeof p, "{\"subscriptionID\":\"%lld\",\"status\":\"0\",\"stageID\":\"3\"}", s);
	assert_int_equal(ok("subscription", "updateLeadStage", p), s);
	assert_string_equal(field("subscription", s, "active"), "-3");
	assert_string_equal(field("subscription", s, "leadStageID"), "3");
	assert_string_equal(field("subscription", s, "leadStage"), "Quoted");
	snprintf(p, sizeof p, "{\"subscriptionID\":\"%lld\",\"status\":\"1\"}", s);
	assert_int_equal(ok("subscription", "updateLeadStage", p), s);
	assert_string_equal(field("subscription", s, "active"), "1");
	assert_string_equal(field("subscription", s, "leadStatus"), "2");
	assert_string_not_equal(field("subscription", s, "leadDateClosed"), "0000-00-00 00:00:00");
}

/* A failed write leaves nothing behind, changelog included. */
static void test_write_rolls_back(void **state)
{
	long long notes = store_count(ctx.store, res_find("note")), before = changes();
	(void)state;
	expect_error("note", "create",
	             "{\"customerID\":\"100\",\"contactType\":\"1\",\"notes\":\"x\",\"showOnInvoice\":\"0\","
	             "\"employeeID\":\"5\"}",
	             "No employee found with id 5");
	expect_error("note", "create",
	             "{\"customerID\":\"101\",\"contactType\":\"1\",\"notes\":\"x\",\"showOnInvoice\":\"0\"}",
	             "No customer found with id 101");
	assert_int_equal(store_count(ctx.store, res_find("note")), notes);
	assert_int_equal(changes(), before);
	expect_error("note", "update", "{\"contactID\":\"424242\",\"notes\":\"x\"}",
	             "No note found with id 424242");
	expect_error("note", "update", "{\"notes\":\"x\"}", "Missing required parameter: contactID");
}

/* createEncoded, then the signed link serves the bytes under the safe name;
 * a changed id or signature is refused. */
static void test_document_link(void **state)
{
	struct sb_req req;
	struct sb_answer ans;
	struct sb_http_in in = http_in;
	char exp[20], path[200], *url, *q, *sig;
	long long id;
	(void)state;
	id = ok("document", "createEncoded",
	        "{\"customerID\":\"100\",\"filename\":\"../../x\\\\evil.txt\",\"encodedFile\":\"aGVsbG8=\"}");
	memset(&req, 0, sizeof req);
	req.ctx = &ctx;
	req.in = &in;
	url = doc_link(&req, "document", id, exp);
	assert_int_equal(strncmp(url, "http://127.0.0.1:1/api/files/document/", 38), 0);
	assert_int_equal(strlen(exp), 19);
	assert_int_equal(strncmp(exp, "2026-12-05 ", 11), 0); /* 15 days after today */
	q = strchr(url, '?');
	assert_non_null(q);
	snprintf(path, sizeof path, "/api%.*s", (int)(q - (url + 22)), url + 22);
	in.path = path;
	sig = strstr(q, "&sig=");
	assert_non_null(sig);

	req.params = cJSON_CreateObject();
	snprintf(exp, sizeof exp, "%.*s", (int)(sig - q - 9), q + 9);
	cJSON_AddStringToObject(req.params, "expires", exp);
	cJSON_AddStringToObject(req.params, "sig", sig + 5);
	memset(&ans, 0, sizeof ans);
	handle_file(&req, &ans);
	assert_null(ans.error);
	assert_int_equal(ans.raw_len, 5);
	assert_memory_equal(ans.raw, "hello", 5);
	assert_string_equal(ans.raw_filename, "evil.txt");
	free(ans.raw);
	free(ans.raw_filename);

	/* Another record under the same signature. */
	snprintf(path, sizeof path, "/api/files/document/%lld", id + 1);
	memset(&ans, 0, sizeof ans);
	handle_file(&req, &ans);
	assert_int_equal(ans.http_status, 403);
	free(ans.error);

	/* An expiry in the past, signed or not. */
	snprintf(path, sizeof path, "/api/files/document/%lld", id);
	cJSON_ReplaceItemInObject(req.params, "expires", cJSON_CreateString("1"));
	memset(&ans, 0, sizeof ans);
	handle_file(&req, &ans);
	assert_int_equal(ans.http_status, 403);
	free(ans.error);
	req_free(&req);
	free(url);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_check_int),
		cmocka_unit_test(test_check_num_bool),
		cmocka_unit_test(test_check_dates),
		cmocka_unit_test(test_check_text_lists),
		cmocka_unit_test(test_money),
		cmocka_unit_test(test_base64),
		cmocka_unit_test(test_safe_filename),
		cmocka_unit_test(test_siphash_vectors),
		cmocka_unit_test(test_processor_rules),
		cmocka_unit_test(test_collect_required),
		cmocka_unit_test(test_collect_types),
		cmocka_unit_test(test_collect_field_rules),
		cmocka_unit_test(test_collect_addons_forms),
		cmocka_unit_test(test_collect_object_prefix),
		cmocka_unit_test(test_ticket_totals),
		cmocka_unit_test(test_lead_stage),
		cmocka_unit_test(test_write_rolls_back),
		cmocka_unit_test(test_document_link),
	};
	/* One group (one TAP plan); the in-memory store is its fixture. */
	return cmocka_run_group_tests(tests, db_setup, db_teardown);
}
