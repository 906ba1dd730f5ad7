/* test_model_table.c: money in cents (parse, format, refusals) and the id table. */
#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "common/strbuf.h"
#include "model/model.h"

/* ------------------------------------------------------------------ money */

static void test_parse_cents(void **state)
{
	static const struct {
		const char *s;
		long long cents;
	} ok[] = {
		{ "0", 0 }, { "0.00", 0 }, { "249.00", 24900 }, { "12.50", 1250 },
		{ "12.5", 1250 }, { "-12.5", -1250 }, { "-3", -300 }, { "+7.01", 701 },
		{ ".5", 50 }, { "5.", 500 }, { "-0.00", 0 }, { "0.086000", 9 },
		/* half away from zero on the third decimal */
		{ "0.005", 1 }, { "0.0049999", 0 }, { "-0.005", -1 }, { "-0.004", 0 },
		{ "1.995", 200 }, { "-1.995", -200 }, { "2.675", 268 },
		{ "00012.30", 1230 }, { "92233720368547758.07", LLONG_MAX },
		{ "-92233720368547758.07", -LLONG_MAX },
		{ "1.00000000000000000000000001", 100 },
		/* Exponent forms are amounts too, read exactly in decimal: a zero
		 * is zero whatever its exponent ("0e400" once computed 0 x inf),
		 * and what is below half a cent rounds to 0. */
		{ "1e3", 100000 }, { "1E3", 100000 }, { "1e+2", 10000 }, { "1.5e2", 15000 },
		{ "2.5e-1", 25 }, { "1.e1", 1000 }, { ".5e1", 500 }, { "-2E-2", -2 },
		{ "5e-3", 1 }, { "-5e-3", -1 }, { "4.9e-3", 0 }, { "12345e-2", 12345 },
		{ "0e400", 0 }, { "-0e400", 0 }, { "0e-400", 0 }, { "0.000e99999999999999999999", 0 },
		{ "1e-400", 0 }, { "-1e-400", 0 }, { "9e-99999999999999999999", 0 }, { "-0", 0 },
		{ "9.223372036854775807e16", LLONG_MAX }, { "92233720368547758.07e0", LLONG_MAX },
		{ "0.0000000000000000000000000000000000000000001e43", 100 },
	};
	static const char *const bad[] = {
		"", "-", "+", ".", "-.", "12,50", "1,000.00", " 12", "12 ",
		"12.3.4", "abc", "0x10", "inf", "nan", "--1", "1-", "$5", "5 USD",
		"92233720368547758.08", "92233720368547758.075", "99999999999999999999",
		"-92233720368547758.08", "\xc2\xbd",
		/* exponents: past what cents hold, or not one */
		"1e400", "1e17", "-1e17", "9.2233720368547758075e16", "1e99999999999999999999",
		"1e", "1e+", "1e-", "e3", ".e3", "-e3", "1e3.5", "1ee3", "1e 3", "1e0x1", "1e3 ",
	};
	long long c;

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		c = 12345;
		if (m_parse_cents(ok[i].s, &c) != 0)
			fail_msg("refused %s", ok[i].s);
		if (c != ok[i].cents)
			fail_msg("%s -> %lld, want %lld", ok[i].s, c, ok[i].cents);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		c = 12345;
		if (m_parse_cents(bad[i], &c) != -1)
			fail_msg("accepted \"%s\" as %lld", bad[i], c);
		assert_int_equal(c, 12345); /* untouched */
	}
	assert_int_equal(m_parse_cents(NULL, &c), -1);
}

static void test_format_cents(void **state)
{
	static const struct {
		long long cents;
		const char *s;
	} cases[] = {
		{ 0, "0.00" }, { 1250, "12.50" }, { -5, "-0.05" }, { -300, "-3.00" },
		{ 1, "0.01" }, { 99, "0.99" }, { 100, "1.00" }, { -100, "-1.00" },
		{ 24900, "249.00" }, { LLONG_MAX, "92233720368547758.07" },
		{ LLONG_MIN, "-92233720368547758.08" },
	};
	char buf[24];
	long long back;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(buf, 'x', sizeof(buf));
		m_format_cents(cases[i].cents, buf);
		assert_string_equal(buf, cases[i].s);
	}
	/* Round trips, across signs, small values and the whole range. */
	for (long long v = -100000; v <= 100000; v += 7) {
		m_format_cents(v, buf);
		assert_int_equal(m_parse_cents(buf, &back), 0);
		assert_int_equal(back, v);
	}
	for (long long v = LLONG_MAX; v > 0; v /= 3) {
		m_format_cents(v, buf);
		assert_int_equal(m_parse_cents(buf, &back), 0);
		assert_int_equal(back, v);
		m_format_cents(-v, buf);
		assert_int_equal(m_parse_cents(buf, &back), 0);
		assert_int_equal(back, -v);
	}
}

/* ------------------------------------------------------------------ table */

struct trow {
	long long id;
	long long value;
};

static long frees;

static void trow_free(void *row)
{
	frees++;
	free(row);
}

static struct trow *trow(long long id, long long value)
{
	struct trow *r = xmalloc(sizeof(*r));

	r->id = id;
	r->value = value;
	return r;
}

static void sum_rows(void *row, void *ctx)
{
	const struct trow *r = row;
	long long *acc = ctx;

	acc[0]++;
	acc[1] += r->value;
}

static void test_table_basics(void **state)
{
	struct m_table *t = m_table_new(trow_free);
	struct trow *a = trow(5, 1), *b = trow(5, 2);
	long long acc[2] = { 0, 0 };

	(void)state;
	frees = 0;
	assert_int_equal(m_table_count(t), 0);
	assert_null(m_table_get(t, 5));
	assert_int_equal(m_table_remove(t, 5), 0);
	m_table_put(t, a);
	assert_ptr_equal(m_table_get(t, 5), a);
	m_table_put(t, a); /* the same row again: nothing freed */
	assert_int_equal(frees, 0);
	m_table_put(t, b); /* replaces and frees a */
	assert_int_equal(frees, 1);
	assert_ptr_equal(m_table_get(t, 5), b);
	assert_int_equal(m_table_count(t), 1);
	/* Extreme and odd ids are ids like others. */
	m_table_put(t, trow(0, 10));
	m_table_put(t, trow(-1, 20));
	m_table_put(t, trow(LLONG_MIN, 30));
	m_table_put(t, trow(LLONG_MAX, 40));
	assert_int_equal(m_table_count(t), 5);
	assert_int_equal(((struct trow *)m_table_get(t, LLONG_MIN))->value, 30);
	assert_int_equal(((struct trow *)m_table_get(t, LLONG_MAX))->value, 40);
	assert_int_equal(((struct trow *)m_table_get(t, 0))->value, 10);
	m_table_each(t, sum_rows, acc);
	assert_int_equal(acc[0], 5);
	assert_int_equal(acc[1], 2 + 10 + 20 + 30 + 40);
	assert_int_equal(m_table_remove(t, -1), 1);
	assert_int_equal(frees, 2);
	assert_null(m_table_get(t, -1));
	assert_int_equal(m_table_remove(t, -1), 0);
	m_table_put(t, NULL); /* ignored */
	assert_int_equal(m_table_count(t), 4);
	m_table_free(t);
	assert_int_equal(frees, 6);

	/* NULL tables are empty; a table without a free function borrows. */
	assert_null(m_table_get(NULL, 1));
	assert_int_equal(m_table_count(NULL), 0);
	m_table_free(NULL);
	{
		struct trow keep = { 3, 3 };

		t = m_table_new(NULL);
		m_table_put(t, &keep);
		assert_int_equal(m_table_remove(t, 3), 1);
		m_table_put(t, &keep);
		m_table_free(t);
	}
}

/* 100,000 consecutive ids, then strided ones whose low bits are all equal
 * (the ids a naive modulo would pile into one slot), replaced, removed and
 * looked up again. */
static void test_table_many(void **state)
{
	const long long n = 100000;
	struct m_table *t = m_table_new(trow_free);
	long long acc[2] = { 0, 0 };

	(void)state;
	frees = 0;
	for (long long i = 0; i < n; i++)
		m_table_put(t, trow(10000 + i, i));
	for (long long i = 0; i < n; i++)
		m_table_put(t, trow((i + 1) << 20, -i));
	assert_int_equal(m_table_count(t), 2 * n);
	for (long long i = 0; i < n; i++) {
		const struct trow *r = m_table_get(t, 10000 + i);

		assert_non_null(r);
		assert_int_equal(r->value, i);
		r = m_table_get(t, (i + 1) << 20);
		assert_non_null(r);
		assert_int_equal(r->value, -i);
	}
	assert_null(m_table_get(t, 10000 + n));
	assert_null(m_table_get(t, 3 << 19));
	/* Replace every third, remove every other. */
	for (long long i = 0; i < n; i += 3)
		m_table_put(t, trow(10000 + i, i + 1000000));
	assert_int_equal(frees, (n + 2) / 3);
	for (long long i = 0; i < n; i += 2) {
		assert_int_equal(m_table_remove(t, 10000 + i), 1);
		assert_int_equal(m_table_remove(t, (i + 1) << 20), 1);
	}
	assert_int_equal(m_table_count(t), n);
	for (long long i = 0; i < n; i++) {
		const struct trow *r = m_table_get(t, 10000 + i);

		if (i % 2 == 0) {
			assert_null(r);
			assert_null(m_table_get(t, (i + 1) << 20));
			continue;
		}
		assert_non_null(r);
		assert_int_equal(r->value, i % 3 == 0 ? i + 1000000 : i);
		assert_non_null(m_table_get(t, (i + 1) << 20));
	}
	m_table_each(t, sum_rows, acc);
	assert_int_equal(acc[0], n);
	m_table_free(t);
	assert_int_equal(frees, (n + 2) / 3 + 2 * n);
}

/* Random puts and removes over a small id range (long collision chains,
 * every removal shifting a cluster back) checked against a plain array. */
static void test_table_against_model(void **state)
{
	enum { IDS = 300, STEPS = 200000 };
	long long model[IDS];
	struct m_table *t = m_table_new(trow_free);
	uint64_t x = 88172645463325252ULL;
	size_t count = 0;

	(void)state;
	for (int i = 0; i < IDS; i++)
		model[i] = -1;
	for (long step = 0; step < STEPS; step++) {
		int id, op;

		x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift: reproducible */
		id = (int)(x % IDS);
		op = (int)((x >> 32) % 3);
		if (op < 2) {
			if (model[id] < 0)
				count++;
			model[id] = step;
			m_table_put(t, trow(id * 64 - 5000, step));
		} else {
			assert_int_equal(m_table_remove(t, id * 64 - 5000), model[id] >= 0);
			if (model[id] >= 0)
				count--;
			model[id] = -1;
		}
		if (step % 1000 == 0 || step == STEPS - 1) {
			assert_int_equal(m_table_count(t), count);
			for (int i = 0; i < IDS; i++) {
				const struct trow *r = m_table_get(t, i * 64 - 5000);

				if (model[i] < 0)
					assert_null(r);
				else
					assert_true(r && r->value == model[i]);
			}
		}
	}
	m_table_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_cents),
		cmocka_unit_test(test_format_cents),
		cmocka_unit_test(test_table_basics),
		cmocka_unit_test(test_table_many),
		cmocka_unit_test(test_table_against_model),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
