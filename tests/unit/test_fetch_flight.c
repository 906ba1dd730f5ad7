/* test_fetch_flight.c: the single flight's read key, its stripping of credentials, and its lock and answer state machine. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "api/encode.h"
#include "api/transport.h"
#include "common/strbuf.h"
#include "fetch/flight.h"
#include "fetch/share.h"

#define KEY "k3yq8w7e6r5t4y3u2i1o0plkjhgf"
#define TOKEN "t0kzmxncbv1029384756qpwoeiru"

/* The key of path with the pairs name, value, ... (NULL-terminated). */
static uint64_t key_of(const char *path, struct strbuf *canon, ...)
{
	struct api_form f = API_FORM_INIT;
	const char *name;
	uint64_t h = 0;
	va_list ap;

	va_start(ap, canon);
	while ((name = va_arg(ap, const char *)) != NULL)
		api_form_add(&f, name, va_arg(ap, const char *));
	va_end(ap);
	assert_int_equal(fetch_flight_key(path, &f, canon, &h), 0);
	api_form_free(&f);
	return h;
}

static void test_key_excludes_credentials(void **state)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
	uint64_t ha, hb;

	(void)state;
	ha = key_of("customer/search", &a, "lname", "Smith", NULL);
	hb = key_of("customer/search", &b, "authenticationKey", KEY, "lname", "Smith",
	            "authenticationToken", TOKEN, NULL);
	assert_string_equal(a.buf, "customer/search\nlname=Smith&");
	assert_string_equal(b.buf, a.buf);
	assert_true(ha == hb);
	assert_null(strstr(b.buf, KEY));
	assert_null(strstr(b.buf, TOKEN));
	strbuf_free(&a);
	strbuf_free(&b);
}

static void test_key_order_path_values(void **state)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, c = STRBUF_INIT, d = STRBUF_INIT;
	struct strbuf e = STRBUF_INIT;

	(void)state;
	/* The order as sent is part of the read (the service echoes it). */
	assert_true(key_of("customer/search", &a, "lname", "Smith", "fname", "Ann", NULL) !=
	            key_of("customer/search", &b, "fname", "Ann", "lname", "Smith", NULL));
	assert_string_not_equal(a.buf, b.buf);
	/* Another path with the same form is another read. */
	assert_true(key_of("ticket/search", &c, "lname", "Smith", "fname", "Ann", NULL) !=
	            key_of("customer/search", &d, "lname", "Smith", "fname", "Ann", NULL));
	/* Values are encoded: "a&b=c" as one value is not two pairs. */
	strbuf_reset(&a);
	strbuf_reset(&b);
	key_of("p/search", &a, "x", "a&b=c", NULL);
	key_of("p/search", &b, "x", "a", "b", "c", NULL);
	assert_string_not_equal(a.buf, b.buf);
	/* No form at all: the path alone. */
	key_of("customer/10001", &e, NULL);
	assert_string_equal(e.buf, "customer/10001\n");
	strbuf_free(&a);
	strbuf_free(&b);
	strbuf_free(&c);
	strbuf_free(&d);
	strbuf_free(&e);
}

static void test_key_file_part_not_shared(void **state)
{
	struct api_form f = API_FORM_INIT;
	struct strbuf canon = STRBUF_INIT;
	uint64_t h = 0;

	(void)state;
	api_form_add_file(&f, "uploadFile", "/etc/hostname");
	assert_int_equal(fetch_flight_key("document/create", &f, &canon, &h), -1);
	assert_int_equal(canon.len, 0);
	api_form_free(&f);
	strbuf_free(&canon);
}

static void test_strip(void **state)
{
	const char *ans = "{\"params\":{\"authenticationKey\":\"" KEY "\",\"authenticationToken\":\""
	                  TOKEN "\"},\"notes\":\"x" KEY "y\"}";
	const char *hex = "{\"k\":\"ab\\u003Ccd\\u0026ef\\u0027gh\\u003Eij\"}";
	const char *pre = "{\"a\":\"abcd1234\",\"b\":\"abcd\"}";
	struct strbuf out = STRBUF_INIT;

	(void)state;
	assert_int_equal(fetch_flight_strip(ans, strlen(ans), KEY, TOKEN, &out), 0);
	assert_string_equal(out.buf, "{\"params\":{\"authenticationKey\":\"REDACTED\","
	                    "\"authenticationToken\":\"REDACTED\"},\"notes\":\"xREDACTEDy\"}");
	/* A key the JSON text may escape ("/" as "\/") cannot be found for
	 * sure: such an answer is not shared. */
	strbuf_reset(&out);
	assert_int_equal(fetch_flight_strip(ans, strlen(ans), "ab/cd/ef", TOKEN, &out), -1);
	assert_int_equal(out.len, 0);
	/* Nor one an encoder may write as \u003C, \u0026, \u0027 (PHP's
	 * JSON_HEX_*): found escaped in the text, it would not match. */
	assert_int_equal(fetch_flight_strip(hex, strlen(hex), "ab<cd&ef'gh>ij", TOKEN, &out), -1);
	assert_int_equal(out.len, 0);
	/* One credential the other's prefix: the longer goes whole. */
	assert_int_equal(fetch_flight_strip(pre, strlen(pre), "abcd", "abcd1234", &out), 0);
	assert_string_equal(out.buf, "{\"a\":\"REDACTED\",\"b\":\"REDACTED\"}");
	strbuf_reset(&out);
	/* A short credential that occurs cannot be replaced safely. */
	assert_int_equal(fetch_flight_strip("{\"a\":\"xyz\"}", 11, "xy", NULL, &out), -1);
	assert_int_equal(fetch_flight_strip("{\"a\":\"q\"}", 9, "xy", NULL, &out), 0);
	strbuf_free(&out);
}

/* ---------------------------------------------- the lock and the answer */

static char dir[] = "/tmp/test_fetch_flight.XXXXXX";
static struct fetch_share *sh;
static struct fetch_flight *ff;

static int setup(void **state)
{
	struct strbuf err = STRBUF_INIT;

	(void)state;
	assert_non_null(mkdtemp(dir));
	sh = fetch_share_open(dir, "http://127.0.0.1:1/api", KEY, &err);
	assert_non_null(sh);
	/* Padded as a config line may leave them: the session sends them
	 * trimmed, and trimmed is what the answers echo. */
	ff = fetch_flight_open(sh, "http://127.0.0.1:1/api", " " KEY "\t", TOKEN " ", &err);
	assert_non_null(ff);
	strbuf_free(&err);
	return 0;
}

static int teardown(void **state)
{
	char cmd[200];

	(void)state;
	fetch_flight_close(ff);
	fetch_share_close(sh);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_one_sends_the_other_waits(void **state)
{
	const char *answer = "{\"params\":{\"authenticationKey\":\"" KEY "\",\"authenticationToken\":\""
	                     TOKEN "\"},\"success\":true}";
	struct api_form f = API_FORM_INIT, g = API_FORM_INIT;
	struct strbuf body = STRBUF_INIT;
	void *a = NULL, *b = NULL, *c = NULL, *d = NULL;

	(void)state;
	api_form_add(&f, "lname", "Smith");
	api_form_add(&g, "lname", "Jones");
	/* The first sends (and holds the lock), the same read waits. */
	assert_int_equal(fetch_flight_ask(ff, "customer/search", &f, &a, &body), API_FLIGHT_SEND);
	assert_non_null(a);
	assert_int_equal(fetch_flight_ask(ff, "customer/search", &f, &b, &body), API_FLIGHT_WAIT);
	assert_non_null(b);
	/* ... and keeps waiting while the first is out. */
	assert_int_equal(fetch_flight_ask(ff, "customer/search", &f, &b, &body), API_FLIGHT_WAIT);
	/* Another read is not held up. */
	assert_int_equal(fetch_flight_ask(ff, "customer/search", &g, &d, &body), API_FLIGHT_SEND);
	fetch_flight_end(ff, d, NULL, 0);
	/* The answer comes: the waiter takes it, stripped of the key. */
	fetch_flight_end(ff, a, answer, strlen(answer));
	assert_int_equal(fetch_flight_ask(ff, "customer/search", &f, &b, &body), API_FLIGHT_ANSWER);
	assert_null(b);
	assert_string_equal(strbuf_str(&body),
	                    "{\"params\":{\"authenticationKey\":\"REDACTED\","
	                    "\"authenticationToken\":\"REDACTED\"},\"success\":true}");
	/* Not a cache: a read asked after the flight ended is sent. */
	strbuf_reset(&body);
	assert_int_equal(fetch_flight_ask(ff, "customer/search", &f, &c, &body), API_FLIGHT_SEND);
	assert_int_equal(body.len, 0);
	fetch_flight_end(ff, c, NULL, 0);
	api_form_free(&f);
	api_form_free(&g);
	strbuf_free(&body);
}

static void test_failed_flight_leaves_no_answer(void **state)
{
	const char *answer = "{\"success\":true,\"n\":1}";
	struct api_form f = API_FORM_INIT;
	struct strbuf body = STRBUF_INIT;
	void *a = NULL, *b = NULL;

	(void)state;
	api_form_add(&f, "lname", "Brown");
	/* One flight that went well leaves its answer ... */
	assert_int_equal(fetch_flight_ask(ff, "customer/search", &f, &a, &body), API_FLIGHT_SEND);
	fetch_flight_end(ff, a, answer, strlen(answer));
	a = NULL;
	/* ... the next fails while one waits: the waiter must send, not
	 * take the answer of the flight before. */
	assert_int_equal(fetch_flight_ask(ff, "customer/search", &f, &a, &body), API_FLIGHT_SEND);
	assert_int_equal(fetch_flight_ask(ff, "customer/search", &f, &b, &body), API_FLIGHT_WAIT);
	fetch_flight_end(ff, a, NULL, 0);
	assert_int_equal(fetch_flight_ask(ff, "customer/search", &f, &b, &body), API_FLIGHT_SEND);
	assert_non_null(b);
	assert_int_equal(body.len, 0);
	fetch_flight_end(ff, b, NULL, 0);
	api_form_free(&f);
	strbuf_free(&body);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_excludes_credentials),
		cmocka_unit_test(test_key_order_path_values),
		cmocka_unit_test(test_key_file_part_not_shared),
		cmocka_unit_test(test_strip),
		cmocka_unit_test(test_one_sends_the_other_waits),
		cmocka_unit_test(test_failed_flight_leaves_no_answer),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
