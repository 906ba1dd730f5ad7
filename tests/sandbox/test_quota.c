/* test_quota.c: the service's per-minute read and write quotas and the tokenUsage counters. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "../lib/sbtest.h"

/* Quotas on (no --no-limits), with a key of its own. */
static struct sbt_server *srv;

static int setup(void **state)
{
	static const char *const args[] = { "--generate", "30", "--seed", SBT_SEED, "--today", SBT_TODAY,
		"--key", "quotatestkey0123456789", "--token", "quotatesttoken0123456789", NULL };
	(void)state;
	srv = sbt_start(args);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	sbt_free(srv);
	return sbt_test_teardown(NULL);
}

static long usage(const struct sbt_resp *r, const char *name)
{
	cJSON *v = sbt_m(sbt_m(r->json, "tokenUsage"), name);
	assert_true(cJSON_IsNumber(v));
	return (long)v->valuedouble;
}

/* The reads of the quota test, cycling through every kind of read. */
static struct sbt_resp *a_read(int i, long long cust, long long *ids, size_t n)
{
	switch (i % 4) {
	case 0:
		return sbt_call("/customer/search", "customerIDs=%s", sbt_qo(">", "0"));
	case 1:
		return sbt_call("/customer/get", "customerIDs=%s", sbt_enc(sbt_idlist(ids, n)));
	case 2:
		return sbt_call0(sbt_fmt("/customer/%lld", cust));
	default:
		return sbt_call("/review/summary", "customerIDs=%lld", cust);
	}
}

static void test_reads_then_writes(void **state)
{
	(void)state;
	struct sbt_resp *r = sbt_call("/customer/search", "");
	long long *ids;
	size_t n = sbt_ids(r, &ids);
	assert_true(n >= 10);
	assert_int_equal(usage(r, "requestsReadInLastMinute"), 1);
	assert_int_equal(usage(r, "requestsReadToday"), 1);
	assert_int_equal(usage(r, "requestsWriteInLastMinute"), 0);
	long long cust = ids[3];

	/* 59 more reads of every kind: all succeed and each is counted. */
	for (int i = 2; i <= 60; i++) {
		r = a_read(i, cust, ids, 5);
		if (!r->json || !cJSON_IsTrue(cJSON_GetObjectItem(r->json, "success")))
			sbt_note("read %d was refused", i);
		sbt_ok(r);
		assert_int_equal(usage(r, "requestsReadInLastMinute"), i);
		assert_int_equal(usage(r, "requestsReadToday"), i);
		assert_int_equal(usage(r, "requestsWriteInLastMinute"), 0);
	}
	/* The 61st read is refused with the service's message, whatever kind. */
	for (int i = 0; i < 4; i++) {
		r = a_read(i, cust, ids, 5);
		sbt_err(r, 0, "maximum number of read requests per minute");
	}
	/* Writes are counted separately and still go through. */
	r = sbt_call("/customer/update", "customerID=%lld&city=Quota", cust);
	sbt_ok(r);
	assert_int_equal(usage(r, "requestsWriteInLastMinute"), 1);
	assert_int_equal(usage(r, "requestsWriteToday"), 1);
	assert_int_equal(usage(r, "requestsReadInLastMinute"), 60);
	for (int i = 2; i <= 60; i++) {
		r = sbt_call("/customer/update", "customerID=%lld&city=Quota%d", cust, i);
		sbt_ok(r);
		assert_int_equal(usage(r, "requestsWriteInLastMinute"), i);
	}
	r = sbt_call("/customer/update", "customerID=%lld&city=Refused", cust);
	sbt_err(r, 0, "maximum number of write requests per minute");
	/* Refused requests are not counted. */
	r = sbt_call("/customer/update", "customerID=%lld&city=Refused", cust);
	sbt_err(r, 0, "maximum number of write requests per minute");
	if (cJSON_GetObjectItem(r->json, "tokenUsage"))
		assert_int_equal(usage(r, "requestsWriteInLastMinute"), 60);
}

/* As live counts them, any action starting with "get" is a read: the
 * add-on lists of tickets and subscriptions count as reads (they counted
 * as writes before issue 13). */
static void test_addon_lists_are_reads(void **state)
{
	(void)state;
	static const char *const args[] = { "--generate", "30", "--seed", SBT_SEED, "--today", SBT_TODAY, NULL };
	struct sbt_server *s = sbt_start(args);
	struct sbt_resp *r = sbt_call("/customer/search", "");
	long long *ids;
	assert_true(sbt_ids(r, &ids) > 0);
	long long t = sbt_result(sbt_call("/ticket/create", "customerID=%lld&date=%s&serviceCharge=1",
	                                  ids[0], SBT_TODAY));
	r = sbt_call("/ticket/getAddOns", "ticketID=%lld", t);
	sbt_ok(r);
	assert_int_equal(usage(r, "requestsReadInLastMinute"), 2);
	assert_int_equal(usage(r, "requestsWriteInLastMinute"), 1);
	long long *subs;
	r = sbt_call("/subscription/search", "");
	assert_true(sbt_ids(r, &subs) > 0);
	r = sbt_call("/subscription/getInitialAddOns", "subscriptionID=%lld", subs[0]);
	sbt_ok(r);
	assert_int_equal(usage(r, "requestsReadInLastMinute"), 4);
	assert_int_equal(usage(r, "requestsWriteInLastMinute"), 1);
	sbt_free(s);
	sbt_use(srv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_reads_then_writes),
		SBT_TEST(test_addon_lists_are_reads),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
