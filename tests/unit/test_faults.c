/* test_faults.c: --faults parsing, frequencies and reproducibility. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "sandbox/http/faults.h"

#define DRAWS 10000

static void
test_parse_good(void **state)
{
	static const char *const good[] = {
		"500:0.1",
		"500:0.1,drop:0.05,garbage:0.05,slow:0.1:2000,429:0.05",
		"drop:1",
		"slow:0.5:1",
		"429:0",
		" 500:0.25 , drop:0.25 ",
		"500:0.5,429:0.5",
		"garbage:.3",
		"refuse:1",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		char *err = (char *)"unset";
		struct faults *f = faults_parse(good[i], 1, &err);

		if (!f)
			fail_msg("'%s' refused: %s", good[i], err ? err : "(no message)");
		assert_null(err);
		faults_free(f);
	}
}

static void
test_parse_bad(void **state)
{
	/* Each bad spec, and a piece its message must contain. */
	static const char *const bad[][2] = {
		{ "", "empty" },
		{ "404:0.1", "'404:0.1'" },
		{ "500", "'500'" },
		{ "500:", "'500:'" },
		{ "500:abc", "'500:abc'" },
		{ "500:1.5", "'500:1.5'" },
		{ "500:-0.1", "'500:-0.1'" },
		{ "500:nan", "'500:nan'" },
		{ "500:0.1x", "'500:0.1x'" },
		{ "slow:0.1", "'slow:0.1'" },
		{ "slow:0.1:", "'slow:0.1:'" },
		{ "slow:0.1:-5", "'slow:0.1:-5'" },
		{ "slow:0.1:20ms", "'slow:0.1:20ms'" },
		{ "slow:0.1:0", "'slow:0.1:0'" },
		{ "drop:0.1:100", "'drop:0.1:100'" },
		{ "500:0.1,,drop:0.1", "empty entry" },
		{ "500:0.1,", "empty entry" },
		{ "500:0.6,drop:0.5", "more than 1" },
		{ "500:0.1,500:0.2", "twice" },
		{ "drop:0.1,slow:0.1:10:3", "'slow:0.1:10:3'" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *err = NULL;
		struct faults *f = faults_parse(bad[i][0], 1, &err);

		if (f)
			fail_msg("'%s' accepted", bad[i][0]);
		assert_non_null(err);
		if (!strstr(err, bad[i][1]))
			fail_msg("'%s': message '%s' lacks '%s'", bad[i][0], err, bad[i][1]);
		free(err);
	}
	/* A NULL err pointer is allowed. */
	assert_null(faults_parse("bogus", 1, NULL));
}

static void
test_frequencies(void **state)
{
	struct faults *f = faults_parse("500:0.1,drop:0.05,garbage:0.05,slow:0.1:2000,429:0.05", 7, NULL);
	int counts[FAULT_SLOW + 1] = { 0 };
	int i, ms;

	(void)state;
	assert_non_null(f);
	for (i = 0; i < DRAWS; i++) {
		enum fault_kind k = faults_draw(f, NULL, 0, &ms);

		assert_true(k >= FAULT_NONE && k <= FAULT_SLOW);
		counts[k]++;
		assert_int_equal(ms, k == FAULT_SLOW ? 2000 : 0);
	}
	/* Within two percentage points of the asked frequency: for 10,000
	 * draws the standard deviation is at most 0.5 point. */
	assert_in_range(counts[FAULT_500], 800, 1200);
	assert_in_range(counts[FAULT_DROP], 300, 700);
	assert_in_range(counts[FAULT_GARBAGE], 300, 700);
	assert_in_range(counts[FAULT_SLOW], 800, 1200);
	assert_in_range(counts[FAULT_429], 300, 700);
	assert_in_range(counts[FAULT_NONE], 6300, 7100);
	faults_free(f);
}

static void
test_extremes(void **state)
{
	struct faults *all = faults_parse("drop:1", 3, NULL);
	struct faults *none = faults_parse("500:0", 3, NULL);
	int i;

	(void)state;
	for (i = 0; i < 1000; i++) {
		assert_int_equal(faults_draw(all, NULL, 0, NULL), FAULT_DROP);
		assert_int_equal(faults_draw(none, NULL, 0, NULL), FAULT_NONE);
	}
	/* No faults object: nothing ever happens. */
	assert_int_equal(faults_draw(NULL, "k", 1, NULL), FAULT_NONE);
	faults_free(all);
	faults_free(none);
}

static void
test_same_seed_same_sequence(void **state)
{
	const char *spec = "500:0.2,429:0.2,drop:0.2,slow:0.2:5";
	struct faults *a = faults_parse(spec, 42, NULL);
	struct faults *b = faults_parse(spec, 42, NULL);
	struct faults *c = faults_parse(spec, 43, NULL);
	int i, differ = 0;

	(void)state;
	for (i = 0; i < 1000; i++) {
		enum fault_kind ka = faults_draw(a, NULL, 0, NULL);

		assert_int_equal(ka, faults_draw(b, NULL, 0, NULL));
		if (ka != faults_draw(c, NULL, 0, NULL))
			differ++;
	}
	/* Another seed gives another sequence. */
	assert_true(differ > 100);
	faults_free(a);
	faults_free(b);
	faults_free(c);
}

/* A request's faults depend on the request and how often it came, not on
 * what arrived in between: two runs that interleave the same requests
 * differently give each request the same faults. */
static void
test_keyed_draws_ignore_arrival_order(void **state)
{
	const char *spec = "500:0.3,drop:0.1,slow:0.1:5";
	struct faults *a = faults_parse(spec, 42, NULL);
	struct faults *b = faults_parse(spec, 42, NULL);
	struct faults *c = faults_parse(spec, 43, NULL);
	enum fault_kind ka[50][4], kb[50][4];
	char key[32];
	int differ = 0, changes = 0;

	(void)state;
	/* a: request 0's four arrivals, then request 1's, ...; b: the same
	 * arrivals round-robin, as four connections would deliver them. */
	for (int r = 0; r < 50; r++)
		for (int k = 0; k < 4; k++) {
			snprintf(key, sizeof(key), "/customer/get\nid=%d", r);
			ka[r][k] = faults_draw(a, key, strlen(key), NULL);
		}
	for (int k = 0; k < 4; k++)
		for (int r = 49; r >= 0; r--) {
			snprintf(key, sizeof(key), "/customer/get\nid=%d", r);
			kb[r][k] = faults_draw(b, key, strlen(key), NULL);
			if (kb[r][k] != faults_draw(c, key, strlen(key), NULL))
				differ++;
		}
	for (int r = 0; r < 50; r++)
		for (int k = 0; k < 4; k++) {
			assert_int_equal(ka[r][k], kb[r][k]);
			/* A retry of the same request draws anew. */
			if (k > 0 && ka[r][k] != ka[r][k - 1])
				changes++;
		}
	assert_true(changes > 20);
	/* Another seed gives other faults. */
	assert_true(differ > 20);
	faults_free(a);
	faults_free(b);
	faults_free(c);
}

/* Every kind at once fits (the table has room for each kind once). */
static void
test_every_kind(void **state)
{
	struct faults *f = faults_parse("500:0.1,429:0.1,drop:0.1,garbage:0.1,slow:0.1:5,refuse:0.1",
	                                1, NULL);

	(void)state;
	assert_non_null(f);
	for (int i = 0; i < 100; i++)
		assert_true(faults_draw(f, "x", 1, NULL) <= FAULT_REFUSE);
	faults_free(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_good),
		cmocka_unit_test(test_parse_bad),
		cmocka_unit_test(test_frequencies),
		cmocka_unit_test(test_extremes),
		cmocka_unit_test(test_same_seed_same_sequence),
		cmocka_unit_test(test_keyed_draws_ignore_arrival_order),
		cmocka_unit_test(test_every_kind),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
