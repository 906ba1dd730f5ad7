/* test_api_gunzip.c: whole-answer gzip decoding: members, lies in the trailer, damage, the cap. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <zlib.h>

#include "api/gunzip.h"
#include "common/strbuf.h"

/* One gzip member of n bytes of s, appended to out. */
static void gzip_add(struct strbuf *out, const char *s, size_t n)
{
	z_stream z;
	unsigned char buf[4096];

	memset(&z, 0, sizeof(z));
	assert_int_equal(deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	z.next_in = (unsigned char *)(uintptr_t)s;
	z.avail_in = (unsigned)n;
	do {
		z.next_out = buf;
		z.avail_out = sizeof(buf);
		assert_true(deflate(&z, Z_FINISH) != Z_STREAM_ERROR);
		strbuf_add(out, buf, sizeof(buf) - z.avail_out);
	} while (z.avail_out == 0);
	deflateEnd(&z);
}

/* Text that compresses well but not to nothing: a page's worth of records. */
static void records(struct strbuf *sb, int n)
{
	for (int i = 0; i < n; i++)
		strbuf_addf(sb, "{\"customerID\":\"%d\",\"fname\":\"Name%d\",\"balance\":\"%d.%02d\"},",
		            i, i * 7919 % 1000, i % 500, i % 100);
}

static void test_one_member(void **state)
{
	struct strbuf plain = STRBUF_INIT, z = STRBUF_INIT, out = STRBUF_INIT;
	const char *why = NULL;

	(void)state;
	records(&plain, 5000);
	gzip_add(&z, plain.buf, plain.len);
	assert_true(z.len < plain.len / 3);
	assert_int_equal(api_gunzip(z.buf, z.len, &out, 1 << 30, &why), 0);
	assert_int_equal(out.len, plain.len);
	assert_memory_equal(out.buf, plain.buf, plain.len);
	assert_int_equal(out.buf[out.len], '\0'); /* a C string, as the envelope parser wants */
	/* The output buffer may hold something already: it is replaced. */
	strbuf_adds(&out, "stale");
	assert_int_equal(api_gunzip(z.buf, z.len, &out, 1 << 30, &why), 0);
	assert_int_equal(out.len, plain.len);
	strbuf_free(&plain);
	strbuf_free(&z);
	strbuf_free(&out);
}

/* Several members (RFC 1952 allows it): the trailer of the last speaks
 * only for itself, so the buffer must grow. */
static void test_members(void **state)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, z = STRBUF_INIT, out = STRBUF_INIT;
	const char *why = NULL;

	(void)state;
	records(&a, 3000);
	strbuf_adds(&b, "tail");
	gzip_add(&z, a.buf, a.len);
	gzip_add(&z, b.buf, b.len);
	gzip_add(&z, "", 0);
	assert_int_equal(api_gunzip(z.buf, z.len, &out, 1 << 30, &why), 0);
	assert_int_equal(out.len, a.len + 4);
	assert_memory_equal(out.buf, a.buf, a.len);
	assert_string_equal(out.buf + a.len, "tail");
	strbuf_free(&a);
	strbuf_free(&b);
	strbuf_free(&z);
	strbuf_free(&out);
}

/* A trailer whose size lies low: the buffer grows to hold it all, and then
 * the size check refuses the stream as damaged; nothing is written past
 * the buffer (ASan and valgrind run this). */
static void test_trailer_lies(void **state)
{
	struct strbuf plain = STRBUF_INIT, z = STRBUF_INIT, out = STRBUF_INIT;
	const char *why = NULL;

	(void)state;
	records(&plain, 2000);
	gzip_add(&z, plain.buf, plain.len);
	z.buf[z.len - 4] = 10;
	z.buf[z.len - 3] = z.buf[z.len - 2] = z.buf[z.len - 1] = 0;
	assert_int_equal(api_gunzip(z.buf, z.len, &out, 1 << 30, &why), -1);
	assert_non_null(why);
	assert_int_equal(out.len, 0);
	/* Lying high (4 GB less a byte): refused the same, and the buffer
	 * was never sized from the lie (the limit here is 1 GB). */
	strbuf_free(&out);
	z.buf[z.len - 4] = z.buf[z.len - 3] = z.buf[z.len - 2] = z.buf[z.len - 1] = (char)0xff;
	assert_int_equal(api_gunzip(z.buf, z.len, &out, 1 << 30, &why), -1);
	assert_int_equal(out.len, 0);
	assert_true(out.cap <= 2 * (z.len * 16 + 4096) + 1);
	strbuf_free(&plain);
	strbuf_free(&z);
	strbuf_free(&out);
}

static void expect_damaged(const char *in, size_t n)
{
	struct strbuf out = STRBUF_INIT;
	const char *why = NULL;

	assert_int_equal(api_gunzip(in, n, &out, 1 << 30, &why), -1);
	assert_non_null(why);
	assert_non_null(strstr(why, "gzip"));
	assert_int_equal(out.len, 0);
	strbuf_free(&out);
}

static void test_damage(void **state)
{
	struct strbuf plain = STRBUF_INIT, z = STRBUF_INIT;

	(void)state;
	records(&plain, 2000);
	gzip_add(&z, plain.buf, plain.len);
	/* Cut short at every tenth of its length, and at one byte short. */
	for (int k = 1; k < 10; k++)
		expect_damaged(z.buf, z.len * (size_t)k / 10);
	expect_damaged(z.buf, z.len - 1);
	/* A byte flipped in the middle (the CRC catches what inflate does not). */
	z.buf[z.len / 2] ^= 0x55;
	expect_damaged(z.buf, z.len);
	/* Not gzip at all, and a gzip header alone. */
	expect_damaged("{\"success\":true}", 16);
	expect_damaged("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10);
	strbuf_free(&plain);
	strbuf_free(&z);
}

static void test_empty(void **state)
{
	struct strbuf out = STRBUF_INIT;
	const char *why = NULL;

	(void)state;
	assert_int_equal(api_gunzip("", 0, &out, 100, &why), -1);
	assert_non_null(why);
	strbuf_free(&out);
}

/* The cap counts decoded bytes: a small answer that inflates past it is
 * refused, whatever its trailer says. */
static void test_limit(void **state)
{
	struct strbuf plain = STRBUF_INIT, z = STRBUF_INIT, out = STRBUF_INIT;
	const char *why = NULL;

	(void)state;
	for (int i = 0; i < 100000; i++)
		strbuf_adds(&plain, "0123456789");
	gzip_add(&z, plain.buf, plain.len);
	assert_true(z.len < 10000);
	assert_int_equal(api_gunzip(z.buf, z.len, &out, plain.len, &why), 0);
	assert_int_equal(api_gunzip(z.buf, z.len, &out, plain.len - 1, &why), -1);
	assert_non_null(strstr(why, "larger"));
	assert_int_equal(out.len, 0);
	/* The trailer lying low does not get past the cap either. */
	z.buf[z.len - 4] = 1;
	z.buf[z.len - 3] = z.buf[z.len - 2] = z.buf[z.len - 1] = 0;
	assert_int_equal(api_gunzip(z.buf, z.len, &out, 500000, &why), -1);
	assert_int_equal(out.len, 0);
	strbuf_free(&plain);
	strbuf_free(&z);
	strbuf_free(&out);
}

static void test_encoding_of(void **state)
{
	(void)state;
	assert_int_equal(api_encoding_of(" gzip\r\n", 7), API_ENC_GZIP);
	assert_int_equal(api_encoding_of("GZip", 4), API_ENC_GZIP);
	assert_int_equal(api_encoding_of("\tx-gzip \r\n", 10), API_ENC_GZIP);
	assert_int_equal(api_encoding_of(" identity\r\n", 11), API_ENC_IDENTITY);
	assert_int_equal(api_encoding_of(" \r\n", 3), API_ENC_IDENTITY);
	assert_int_equal(api_encoding_of(" br\r\n", 5), API_ENC_OTHER);
	assert_int_equal(api_encoding_of(" gzip, br\r\n", 11), API_ENC_OTHER);
	assert_int_equal(api_encoding_of(" gzipx\r\n", 8), API_ENC_OTHER);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_member),
		cmocka_unit_test(test_members),
		cmocka_unit_test(test_trailer_lies),
		cmocka_unit_test(test_damage),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_limit),
		cmocka_unit_test(test_encoding_of),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
