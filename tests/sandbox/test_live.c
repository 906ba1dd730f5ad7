/* test_live.c: --live moves today's stops on (status, dateUpdated, changelog); without it nothing moves. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "../lib/sbtest.h"

#define POLL_MS 200
#define DEADLINE_S 40.0

static int teardown_all(void **state)
{
	(void)state;
	return sbt_test_teardown(NULL);
}

static struct sbt_server *start_day(int live)
{
	const char *const with_live[] = { "--generate", "200", "--seed", "5", "--today", SBT_TODAY,
		"--no-limits", "--live", "1", NULL };
	const char *const without[] = { "--generate", "200", "--seed", "5", "--today", SBT_TODAY,
		"--no-limits", NULL };
	return sbt_start(live ? with_live : without);
}

/* Today's appointments, every status, as records. */
static cJSON *today(void)
{
	long long *ids;
	size_t n = sbt_search("appointment", &ids, "date=%s&status=%s", SBT_TODAY,
	                      sbt_qo("IN", "[-2,-1,0,1,2]"));
	assert_true(n > 0);
	return sbt_get("appointment", "appointmentIDs", ids, n);
}

/* Number of appointments of `now` that differ from `before` (same ids). */
static size_t changed(const cJSON *before, const cJSON *now)
{
	size_t n = 0;
	for (cJSON *a = now->child; a; a = a->next) {
		cJSON *b = sbt_find(before, "appointmentID", sbt_i(a, "appointmentID"));
		if (!b || !cJSON_Compare(a, b, 1))
			n++;
	}
	return n + (size_t)abs(cJSON_GetArraySize(now) - cJSON_GetArraySize(before));
}

static int polls_needed = 10;

static void test_live_moves_today(void **state)
{
	(void)state;
	struct sbt_server *s = start_day(1);
	cJSON *before = cJSON_Duplicate(today(), 1);
	size_t pending = 0;
	for (cJSON *a = before->child; a; a = a->next)
		pending += !strcmp(sbt_s(a, "status"), "0");
	assert_true(pending > 0);
	long long *ch;
	size_t nch = sbt_search("changelog", &ch, "");
	long long last_change = nch ? ch[nch - 1] : 0;
	/* The day as generated: its latest stamp.  The sandbox's clock goes on
	 * from there, whatever the wall clock's time of day. */
	const char *latest = "";
	for (cJSON *a = before->child; a; a = a->next)
		if (strcmp(sbt_s(a, "dateUpdated"), latest) > 0)
			latest = sbt_s(a, "dateUpdated");

	double deadline = sbt_now() + DEADLINE_S;
	cJSON *now = NULL;
	int polls = 0;
	for (;;) {
		sbt_sleep_ms(POLL_MS);
		polls++;
		now = today();
		if (changed(before, now) > 0)
			break;
		if (sbt_now() > deadline) {
			cJSON_Delete(before);
			fail_msg("no appointment of today changed within %.0f s with --live 1", DEADLINE_S);
		}
	}
	polls_needed = polls > 10 ? polls : 10;
	sbt_note("first change after %d polls", polls);

	/* Every change: a pending stop moved on, with dateUpdated and a
	 * changelog record of class Appointment about it. */
	for (cJSON *a = now->child; a; a = a->next) {
		long long id = sbt_i(a, "appointmentID");
		cJSON *b = sbt_find(before, "appointmentID", id);
		if (b && cJSON_Compare(a, b, 1))
			continue;
		assert_non_null(b);
		const char *was = sbt_s(b, "status"), *is = sbt_s(a, "status");
		if (!strcmp(was, is))
			continue; /* another member changed (a technician): fine */
		assert_string_equal(was, "0");
		assert_true(!strcmp(is, "1") || !strcmp(is, "2") || !strcmp(is, "-1") || !strcmp(is, "-2"));
		if (strcmp(sbt_s(a, "dateUpdated"), sbt_s(b, "dateUpdated")) <= 0)
			fail_msg("appointment %lld changed status without a later dateUpdated", id);
		assert_memory_equal(sbt_s(a, "dateUpdated"), SBT_TODAY, 10);
		if (strcmp(sbt_s(a, "dateUpdated"), latest) < 0)
			fail_msg("appointment %lld moved on at %s, before the day's latest change %s", id,
			         sbt_s(a, "dateUpdated"), latest);
		nch = sbt_search("changelog", &ch, "classID=4&referenceID=%lld&changeIDs=%s", id,
		                 sbt_qo(">", sbt_fmt("%lld", last_change)));
		if (nch == 0)
			fail_msg("appointment %lld changed status without a new changelog record", id);
		cJSON *rec = cJSON_GetArrayItem(sbt_get("changelog", "changeIDs", ch, 1), 0);
		assert_int_equal(sbt_i(rec, "referenceID"), id);
		assert_string_equal(sbt_s(rec, "classID"), "4");
		/* A completed stop carries its ticket. */
		if (!strcmp(is, "1")) {
			long long t = sbt_i(a, "ticketID");
			assert_true(t > 0);
			assert_non_null(cJSON_GetArrayItem(sbt_get("ticket", "ticketIDs", &t, 1), 0));
		}
		/* The auto-refresh question finds it. */
		long long *upd;
		size_t nu = sbt_search("appointment", &upd, "dateUpdated=%s&status=%s",
		                       sbt_qo(">", sbt_fmt("\"%s\"", sbt_s(b, "dateUpdated"))),
		                       sbt_qo("IN", "[-2,-1,0,1,2]"));
		assert_true(sbt_has(upd, nu, id));
	}
	cJSON_Delete(before);
	sbt_free(s);
}

static void test_still_without_live(void **state)
{
	(void)state;
	struct sbt_server *s = start_day(0);
	cJSON *before = cJSON_Duplicate(today(), 1);
	for (int i = 0; i < polls_needed + 5; i++) {
		sbt_sleep_ms(POLL_MS);
		cJSON *now = today();
		if (changed(before, now)) {
			cJSON_Delete(before);
			fail_msg("today's appointments changed without --live");
		}
	}
	cJSON_Delete(before);
	sbt_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_live_moves_today, teardown_all),
		cmocka_unit_test_teardown(test_still_without_live, teardown_all),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
