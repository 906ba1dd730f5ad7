/* test_client_faults.c: under injected failures reads complete and no write lands twice. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "api/ops.h"
#include "api/resolve.h"
#include "api/values.h"
#include "apitest.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "sbtest.h"

#define N_CUSTOMERS 3000
#define N_NOTES 40
#define N_CLI_NOTES 10

static struct sbt_server *srv;
static long long note_type, owner;
/* Outcome of each note written under faults: 0 ok, else the error kind. */
static enum api_err_kind outcome[N_NOTES + N_CLI_NOTES];
static char tag[32];

static const char *const faulty[] = {
	"--generate", "3000", "--seed", SBT_SEED, "--today", SBT_TODAY, "--no-limits",
	"--faults", "500:0.3,drop:0.1", NULL,
};
static const char *const healthy[] = {
	"--generate", "3000", "--seed", SBT_SEED, "--today", SBT_TODAY, "--no-limits", NULL,
};

static int setup(void **state)
{
	long long *ids;

	(void)state;
	api_global_init();
	/* A fixed tag: the database is new each run, and the notes' bodies (so
	 * the faults they meet, see faults.c) must be the same every run. */
	snprintf(tag, sizeof(tag), "FN%s", SBT_SEED);
	/* Learn a note type and an owner with the faults off, then restart
	 * on the same database with them on. */
	srv = sbt_start(healthy);
	assert_true(sbt_search("note", &ids, "") > 0);
	note_type = sbt_i(sbt_byid("note", ids[0]), "typeID");
	assert_true(sbt_search("customer", &ids, "") > 0);
	owner = ids[0];
	sbt_stop(srv);
	sbt_restart_with(srv, faulty);
	sbt_test_teardown(NULL);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	sbt_free(srv);
	return sbt_test_teardown(NULL);
}

static int count_unique(void *ctx, const cJSON *records)
{
	long long *last = ctx;
	const cJSON *rec;

	cJSON_ArrayForEach(rec, records) {
		long long id = 0;

		assert_int_equal(api_field_int(rec, "customerID", &id), API_V_OK);
		assert_true(id > last[0]);
		last[0] = id;
		last[1]++;
	}
	return 0;
}

static void test_reads_complete(void **state)
{
	struct api_error e = API_ERROR_INIT;
	struct api_session *s = apit_session();
	long long seen[2] = { 0, 0 };
	struct api_sink sink = { count_unique, seen, NULL, NULL, NULL };
	struct api_resolve_stats st;

	(void)state;
	apit_ok(api_search_all(s, res_find("customer"), NULL, &sink, &st, &e), &e);
	assert_int_equal(seen[1], N_CUSTOMERS);
	print_message("# %ld requests under faults for %ld minimum\n", api_session_requests(s),
	              st.pages + st.gets);
	/* Twenty by-id reads in a row, each retried to success. */
	for (int i = 0; i < 20; i++) {
		struct api_answer a = API_ANSWER_INIT;

		apit_ok(api_byid(s, res_find("customer"), owner, NULL, &a, &e), &e);
		api_answer_free(&a);
	}
	assert_true(api_session_requests(s) > st.pages + st.gets + 20);
	api_session_free(s);
}

static void test_cli_reads_complete(void **state)
{
	char url[200], key[200], token[200];
	const char *const env[] = { url, key, token, NULL };
	const char *const args[] = { "api", "--all", "--rate", "0", "customer/search", NULL };
	struct cli_out o;
	cJSON *arr;

	(void)state;
	snprintf(url, sizeof(url), "ROUTEDESK_URL=%s", sbt_base());
	snprintf(key, sizeof(key), "ROUTEDESK_KEY=%s", sbt_key());
	snprintf(token, sizeof(token), "ROUTEDESK_TOKEN=%s", sbt_token());
	clirun(&o, args, env, 1);
	if (o.status != 0)
		fail_msg("exit %d: %s", o.status, o.err);
	arr = cJSON_Parse(o.out);
	assert_non_null(arr);
	assert_int_equal(cJSON_GetArraySize(arr), N_CUSTOMERS);
	assert_true(clirun_requests(&o) >= 3);
	cJSON_Delete(arr);
	clirun_free(&o);
}

static void note_text(char *buf, size_t sz, int i)
{
	snprintf(buf, sz, "%s-note-%03d-end", tag, i);
}

static void test_writes_under_faults(void **state)
{
	struct api_session *s = apit_session();

	(void)state;
	for (int i = 0; i < N_NOTES; i++) {
		struct api_answer a = API_ANSWER_INIT;
		struct api_error e = API_ERROR_INIT;
		struct api_form f = API_FORM_INIT;
		char text[64];

		note_text(text, sizeof(text), i);
		api_form_add_int(&f, "customerID", owner);
		api_form_add_int(&f, "contactType", note_type);
		api_form_add(&f, "notes", text);
		api_form_add(&f, "showOnInvoice", "0");
		api_create(s, res_find("note"), &f, NULL, &a, &e);
		outcome[i] = e.kind;
		/* A write ends in success or in "unknown outcome", never in a
		 * silent resend. */
		if (e.kind != API_OK && e.kind != API_ERR_UNKNOWN_OUTCOME)
			fail_msg("note %d: %s: %s", i, api_error_kind_name(e.kind), api_error_text(&e));
		api_answer_free(&a);
		api_error_clear(&e);
		api_form_free(&f);
	}
	api_session_free(s);
}

static void test_cli_writes_under_faults(void **state)
{
	char url[200], key[200], token[200], c[64], t[64], text[128], notes[160];
	const char *const env[] = { url, key, token, NULL };

	(void)state;
	snprintf(url, sizeof(url), "ROUTEDESK_URL=%s", sbt_base());
	snprintf(key, sizeof(key), "ROUTEDESK_KEY=%s", sbt_key());
	snprintf(token, sizeof(token), "ROUTEDESK_TOKEN=%s", sbt_token());
	snprintf(c, sizeof(c), "customerID=%lld", owner);
	snprintf(t, sizeof(t), "contactType=%lld", note_type);
	for (int i = 0; i < N_CLI_NOTES; i++) {
		const char *const args[] = { "api", "note/create", c, t, notes, "showOnInvoice=0", NULL };
		struct cli_out o;

		note_text(text, sizeof(text), N_NOTES + i);
		snprintf(notes, sizeof(notes), "notes=%s", text);
		clirun(&o, args, env, 1);
		/* 0 written; 3 unknown outcome, said so on stderr. */
		if (o.status == 3)
			assert_non_null(strstr(o.err, "may or may not"));
		else if (o.status != 0)
			fail_msg("note/create exited %d: %s", o.status, o.err);
		/* Exactly one request per write, whatever happened. */
		assert_int_equal(clirun_requests(&o), 1);
		outcome[N_NOTES + i] = o.status == 0 ? API_OK : API_ERR_UNKNOWN_OUTCOME;
		clirun_free(&o);
	}
}

/* With the faults off, each text is there at most once, and every write
 * that reported success is there exactly once. */
static void test_no_write_applied_twice(void **state)
{
	int ok = 0, unknown = 0, applied_unknown = 0;

	(void)state;
	sbt_stop(srv);
	sbt_restart_with(srv, healthy);
	for (int i = 0; i < N_NOTES + N_CLI_NOTES; i++) {
		char text[64];
		long long *ids;
		size_t n;

		note_text(text, sizeof(text), i);
		n = sbt_search("note", &ids, "content=%s", sbt_enc(text));
		if (n > 1)
			fail_msg("note %d was applied %zu times", i, n);
		if (outcome[i] == API_OK) {
			ok++;
			if (n != 1)
				fail_msg("note %d reported success but is not there", i);
		} else {
			unknown++;
			applied_unknown += (int)n;
		}
	}
	print_message("# %d notes written, %d unknown outcomes (%d of them applied)\n", ok, unknown,
	              applied_unknown);
	assert_true(ok > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_reads_complete),
		SBT_TEST(test_cli_reads_complete),
		SBT_TEST(test_writes_under_faults),
		SBT_TEST(test_cli_writes_under_faults),
		SBT_TEST(test_no_write_applied_twice),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
