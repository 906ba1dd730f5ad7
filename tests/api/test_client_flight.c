/* test_client_flight.c: the transport's flight hooks on a sandbox: waits that block no other call, answers taken unsent, bounded waits, writes never asking. */
#include "config.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "api/ops.h"
#include "api/transport.h"
#include "apitest.h"
#include "common/strbuf.h"
#include "sbtest.h"

/*
 * The hooks here are a script, not fetch/flight.c: the test decides when
 * another process "is sending" a read (WAIT) and when its answer came
 * (ANSWER), and counts every handle handed out and ended.
 */

static const char shared_body[] =
	"{\"success\":true,\"tokenUsage\":{\"requestsReadToday\":10,\"requestsWriteToday\":2,"
	"\"requestsReadInLastMinute\":3,\"requestsWriteInLastMinute\":1},"
	"\"tokenLimits\":{\"limitReadRequestsPerMinute\":60,\"limitReadRequestsPerDay\":3000,"
	"\"limitWriteRequestsPerMinute\":60,\"limitWriteRequestsPerDay\":3000},"
	"\"count\":1,\"customerIDs\":[424242],\"propertyName\":\"customerIDs\"}";

static struct hooks {
	const char *held;     /* reads of this path wait ... */
	int release;          /* ... until this is set: then they get shared_body */
	int own;              /* other reads: SEND with a handle (1) or without (0) */
	int asks, handles, ended, ended_with_answer;
	int wrote_asks;       /* asks for a write: never */
	struct strbuf last_answer;
	int saw_flight_wait;
} H;

static int token; /* the handles are its address */

static int ask(void *ctx, const char *path, const struct api_form *form, void **fl,
               struct strbuf *body)
{
	(void)ctx;
	(void)form;
	H.asks++;
	if (api_path_is_write(path))
		H.wrote_asks++;
	if (H.held && strcmp(path, H.held) == 0) {
		if (!H.release) {
			if (!*fl) {
				*fl = &token;
				H.handles++;
			}
			return API_FLIGHT_WAIT;
		}
		if (*fl) {
			/* The transport must not be left a handle with an answer:
			 * the hook ends its own, as fetch/flight.c does. */
			*fl = NULL;
			H.ended++;
		}
		strbuf_adds(body, shared_body);
		return API_FLIGHT_ANSWER;
	}
	if (H.own && !*fl) {
		*fl = &token;
		H.handles++;
	}
	return API_FLIGHT_SEND;
}

static void end(void *ctx, void *fl, const char *answer, size_t len)
{
	(void)ctx;
	assert_ptr_equal(fl, &token);
	H.ended++;
	if (answer) {
		H.ended_with_answer++;
		strbuf_reset(&H.last_answer);
		strbuf_add(&H.last_answer, answer, len);
	}
}

static void on_wait(void *ctx, const struct api_wait *w)
{
	(void)ctx;
	if (w->kind == API_WAIT_FLIGHT)
		H.saw_flight_wait = 1;
}

static struct sbt_server *srv;

static struct api_session *session(long wait_ms, const atomic_int *cancel)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;

	api_options_default(&o);
	o.url = sbt_base();
	o.key = sbt_key();
	o.token = sbt_token();
	o.reads_per_minute = o.writes_per_minute = 0;
	o.backoff_base_ms = 20;
	o.flight_ask = ask;
	o.flight_end = end;
	o.flight_wait_ms = wait_ms;
	o.on_wait = on_wait;
	o.cancel = cancel;
	s = api_session_new(&o, &e);
	if (!s)
		fail_msg("api_session_new: %s", api_error_text(&e));
	return s;
}

static int setup(void **state)
{
	static const char *const args[] = { SBT_DEFAULT_ARGS, NULL };

	(void)state;
	api_global_init();
	srv = sbt_start(args);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	sbt_free(srv);
	strbuf_free(&H.last_answer);
	api_global_cleanup();
	return sbt_test_teardown(NULL);
}

static int reset(void **state)
{
	(void)state;
	strbuf_free(&H.last_answer);
	memset(&H, 0, sizeof(H));
	return 0;
}

/* A read another process sends waits, and lets another read of the
 * session run meanwhile; then it takes that answer and sends nothing. */
static void test_wait_blocks_nothing_then_answer(void **state)
{
	struct api_session *s = session(30000, NULL);
	struct api_form f = API_FORM_INIT;
	struct api_call *held, *other, *c;

	(void)state;
	H.held = "customer/search";
	api_form_add(&f, "lname", "Smith");
	held = api_call_new("customer/search", &f, 0);
	other = api_call_new("customer/10001", NULL, 0);
	api_submit(s, held);
	api_submit(s, other);
	/* The other read finishes while the held one waits. */
	c = api_wait(s);
	assert_ptr_equal(c, other);
	assert_int_equal(c->err.kind, API_OK);
	assert_int_equal(api_call_state(held), API_CALL_QUEUED);
	assert_int_equal(api_session_requests(s), 1);
	/* The answer comes: taken as received, unsent. */
	H.release = 1;
	c = api_wait(s);
	assert_ptr_equal(c, held);
	assert_int_equal(c->err.kind, API_OK);
	assert_int_equal(c->status, 200);
	assert_non_null(strstr(c->body.buf, "424242"));
	assert_int_equal(api_session_requests(s), 1);
	/* Its usage was learnt as from any answer. */
	{
		struct api_budget b;

		api_session_budget(s, &b);
		assert_true(b.known);
		assert_int_equal(b.limits.read_day, 3000);
	}
	assert_int_equal(H.handles, H.ended);
	api_call_free(held);
	api_call_free(other);
	api_form_free(&f);
	api_session_free(s);
}

/* A wait is bounded: past flight_wait_ms the read is sent. */
static void test_wait_is_bounded(void **state)
{
	struct api_session *s = session(200, NULL);
	struct api_call *c = api_call_new("customer/10001", NULL, 0);

	(void)state;
	H.held = "customer/10001";
	assert_int_equal(api_perform(s, c), 0);
	assert_int_equal(api_session_requests(s), 1);
	/* Nothing else moved meanwhile: the wait was said (the console's
	 * header), as a flight's. */
	assert_true(H.saw_flight_wait);
	assert_true(H.asks >= 2);
	assert_int_equal(H.handles, 1);
	assert_int_equal(H.ended, 1);
	assert_int_equal(H.ended_with_answer, 0);
	api_call_free(c);
	api_session_free(s);
}

/* The one in flight hands its answer over when it ended well, nothing
 * when it did not; writes never ask. */
static void test_owner_shares_answer_writes_never_ask(void **state)
{
	struct api_session *s = session(30000, NULL);
	struct api_form bad = API_FORM_INIT, note = API_FORM_INIT;
	struct api_call *c = api_call_new("customer/10001", NULL, 0);

	(void)state;
	H.own = 1;
	assert_int_equal(api_perform(s, c), 0);
	assert_int_equal(H.ended_with_answer, 1);
	assert_int_equal(H.last_answer.len, c->body.len);
	assert_memory_equal(H.last_answer.buf, c->body.buf, c->body.len);
	api_call_free(c);
	/* success:false is not handed over. */
	api_form_add(&bad, "customerIDs", "not a list");
	c = api_call_new("customer/get", &bad, 0);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(H.ended_with_answer, 1);
	assert_int_equal(H.handles, 2);
	assert_int_equal(H.ended, 2);
	api_call_free(c);
	/* A write: no ask at all. */
	api_form_add(&note, "customerID", "10001");
	api_form_add(&note, "date", "2026-11-20");
	api_form_add(&note, "contactType", "0");
	api_form_add(&note, "showOnInvoice", "0");
	api_form_add(&note, "notes", "flight hooks");
	c = api_call_new("note/create", &note, 1);
	assert_int_equal(api_perform(s, c), 0);
	assert_int_equal(H.wrote_asks, 0);
	assert_int_equal(H.handles, 2);
	api_call_free(c);
	api_form_free(&bad);
	api_form_free(&note);
	api_session_free(s);
}

/* Cancelled while waiting: ended unsent, its handle given back. */
static void test_cancel_while_waiting(void **state)
{
	static atomic_int cancel;
	struct api_session *s;
	struct api_call *c, *other;

	(void)state;
	atomic_store(&cancel, 0);
	s = session(30000, &cancel);
	H.held = "customer/10002";
	c = api_call_new("customer/10002", NULL, 0);
	other = api_call_new("customer/10001", NULL, 0);
	api_submit(s, c);
	api_submit(s, other);
	assert_ptr_equal(api_wait(s), other);
	assert_int_equal(H.handles, 1);
	atomic_store(&cancel, 1);
	assert_ptr_equal(api_wait(s), c);
	assert_int_equal(c->err.kind, API_ERR_CANCELLED);
	assert_int_equal(H.ended, 1);
	assert_int_equal(api_session_requests(s), 1);
	api_call_free(c);
	api_call_free(other);
	api_session_free(s);
}

/* A session freed with a read still waiting gives its handle back. */
static void test_free_while_waiting(void **state)
{
	struct api_session *s = session(30000, NULL);
	struct api_call *c = api_call_new("customer/10002", NULL, 0);
	struct api_call *other = api_call_new("customer/10001", NULL, 0);

	(void)state;
	H.held = "customer/10002";
	api_submit(s, c);
	api_submit(s, other);
	assert_ptr_equal(api_wait(s), other);
	api_call_free(other);
	assert_int_equal(H.handles, 1);
	api_session_free(s); /* frees c too */
	assert_int_equal(H.ended, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_wait_blocks_nothing_then_answer, reset,
		                                sbt_test_teardown),
		cmocka_unit_test_setup_teardown(test_wait_is_bounded, reset, sbt_test_teardown),
		cmocka_unit_test_setup_teardown(test_owner_shares_answer_writes_never_ask, reset,
		                                sbt_test_teardown),
		cmocka_unit_test_setup_teardown(test_cancel_while_waiting, reset, sbt_test_teardown),
		cmocka_unit_test_setup_teardown(test_free_while_waiting, reset, sbt_test_teardown),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
