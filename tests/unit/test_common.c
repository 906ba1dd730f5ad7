/* test_common.c: the string buffer, UTF-8 handling, calendar dates and INI lines of src/common. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "common/dates.h"
#include "common/hash.h"
#include "common/ini.h"
#include "common/strbuf.h"
#include "common/utf8.h"

/* ------------------------------------------------------------- strbuf */

static void test_strbuf_empty(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len = 99;
	char *p;

	(void)state;
	assert_string_equal(strbuf_str(&sb), "");
	p = strbuf_detach(&sb, &len);
	assert_non_null(p);
	assert_string_equal(p, "");
	assert_int_equal(len, 0);
	free(p);
	strbuf_free(&sb);
}

static void test_strbuf_appends(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	char *p;
	size_t len;

	(void)state;
	strbuf_adds(&sb, "route ");
	strbuf_addc(&sb, '#');
	strbuf_addf(&sb, "%d/%s", 42, "x");
	strbuf_add(&sb, "abc", 2);
	assert_string_equal(strbuf_str(&sb), "route #42/xab");
	assert_int_equal(sb.len, strlen("route #42/xab"));
	strbuf_reset(&sb);
	assert_string_equal(strbuf_str(&sb), "");
	assert_int_equal(sb.len, 0);
	strbuf_adds(&sb, "again");
	p = strbuf_detach(&sb, &len);
	assert_string_equal(p, "again");
	assert_int_equal(len, 5);
	assert_null(sb.buf);
	assert_int_equal(sb.len, 0);
	free(p);
}

static void test_strbuf_reserve_setlen(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	char *p;
	(void)state;

	strbuf_adds(&sb, "ab");
	p = strbuf_reserve(&sb, 5000);
	assert_ptr_equal(p, sb.buf + 2);
	assert_true(sb.cap >= 2 + 5000 + 1);
	memset(p, 'x', 5000);
	strbuf_setlen(&sb, 2 + 5000);
	assert_int_equal(sb.len, 5002);
	assert_int_equal(sb.buf[5002], '\0');
	assert_int_equal(sb.buf[1], 'b');
	assert_int_equal(sb.buf[5001], 'x');
	strbuf_setlen(&sb, 1); /* shortening terminates too */
	assert_string_equal(strbuf_str(&sb), "a");
	strbuf_free(&sb);
	/* Reserved and left empty, the first allocation is still "". */
	(void)strbuf_reserve(&sb, 100);
	assert_non_null(sb.buf);
	assert_int_equal(sb.buf[0], '\0');
	assert_string_equal(strbuf_str(&sb), "");
	strbuf_free(&sb);
}

static void test_strbuf_grows_and_keeps_nul(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	char big[5000];
	int i;

	(void)state;
	memset(big, 'z', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	/* A format result longer than the first guess takes the second path. */
	strbuf_addf(&sb, "<%s>", big);
	assert_int_equal(sb.len, sizeof(big) + 1);
	assert_int_equal(sb.buf[0], '<');
	assert_int_equal(sb.buf[sb.len - 1], '>');
	assert_int_equal(sb.buf[sb.len], '\0');
	for (i = 0; i < 1000; i++)
		strbuf_addc(&sb, (char)('a' + i % 26));
	assert_int_equal(sb.len, sizeof(big) + 1 + 1000);
	assert_int_equal(sb.buf[sb.len], '\0');
	assert_true(sb.cap > sb.len);
	/* Embedded NULs are bytes like any other. */
	strbuf_reset(&sb);
	strbuf_add(&sb, "a\0b", 3);
	assert_int_equal(sb.len, 3);
	assert_memory_equal(sb.buf, "a\0b", 4);
	strbuf_free(&sb);
	assert_null(sb.buf);
}

static void test_xalloc(void **state)
{
	char *s = xstrdup("hello");
	char *t = xstrndup("hello", 3);
	char *u = xstrndup("hi", 10);
	int *z = xcalloc(4, sizeof(int));

	(void)state;
	assert_string_equal(s, "hello");
	assert_string_equal(t, "hel");
	assert_string_equal(u, "hi");
	assert_int_equal(z[0] | z[1] | z[2] | z[3], 0);
	z = xrealloc(z, 100 * sizeof(int));
	z[99] = 7;
	assert_int_equal(z[99], 7);
	free(s);
	free(t);
	free(u);
	free(z);
}

/* --------------------------------------------------------------- utf8 */

#define VALID(lit) utf8_valid(lit, sizeof(lit) - 1)

static void test_utf8_valid(void **state)
{
	(void)state;
	assert_true(VALID(""));
	assert_true(VALID("plain ascii"));
	assert_true(VALID("caf\xc3\xa9"));               /* é */
	assert_true(VALID("\xe6\x9d\xb1\xe4\xba\xac"));  /* 東京 */
	assert_true(VALID("\xf0\x9f\x90\x9c"));          /* U+1F41C */
	assert_true(VALID("\xf4\x8f\xbf\xbf"));          /* U+10FFFF */
	assert_true(VALID("\xed\x9f\xbf"));              /* U+D7FF */
	assert_true(VALID("a\0b"));                      /* NUL is UTF-8 */
	/* Overlongs. */
	assert_false(VALID("\xc0\xaf"));
	assert_false(VALID("\xc1\xbf"));
	assert_false(VALID("\xe0\x80\xaf"));
	assert_false(VALID("\xe0\x9f\xbf"));
	assert_false(VALID("\xf0\x80\x80\xaf"));
	assert_false(VALID("\xf0\x8f\xbf\xbf"));
	/* Surrogates. */
	assert_false(VALID("\xed\xa0\x80"));
	assert_false(VALID("\xed\xbf\xbf"));
	/* Past U+10FFFF and bytes that never occur. */
	assert_false(VALID("\xf4\x90\x80\x80"));
	assert_false(VALID("\xf5\x80\x80\x80"));
	assert_false(VALID("\xff"));
	assert_false(VALID("\xfe"));
	/* Truncated and stray continuation bytes. */
	assert_false(VALID("\xc3"));
	assert_false(VALID("ok\xe6\x9d"));
	assert_false(VALID("\xf0\x9f\x90"));
	assert_false(VALID("\x80"));
	assert_false(VALID("\xc3\x28"));
	/* The length decides, not a NUL. */
	assert_true(utf8_valid("\xc3\xa9", 2));
	assert_false(utf8_valid("\xc3\xa9", 1));
}

static void expect_escape(const char *in, size_t len, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	utf8_escape_controls(&sb, in, len);
	assert_string_equal(strbuf_str(&sb), want);
	strbuf_free(&sb);
}

#define ESCAPES(lit, want) expect_escape(lit, sizeof(lit) - 1, want)

static void test_utf8_escape_controls(void **state)
{
	(void)state;
	ESCAPES("Smith", "Smith");
	ESCAPES("", "");
	ESCAPES("\x1b[31mred\x1b[0m", "^[[31mred^[[0m");
	ESCAPES("a\tb\nc\rd", "a^Ib^Jc^Md");
	ESCAPES("\x01\x1f", "^A^_");
	ESCAPES("nul\0x", "nul^@x");
	ESCAPES("del\x7f", "del^?");
	/* C1 controls as UTF-8 (U+009B is CSI) and as raw bytes. */
	ESCAPES("\xc2\x9b" "31m", "\\x9b31m");
	ESCAPES("\xc2\x85", "\\x85");
	ESCAPES("\x9b" "2J", "\\x9b2J");
	/* Invalid bytes one by one; good text around them survives. */
	ESCAPES("caf\xc3\xa9 \xff\xfe ok", "caf\xc3\xa9 \\xff\\xfe ok");
	ESCAPES("\xed\xa0\x80", "\\xed\\xa0\\x80");
	ESCAPES("\xe6\x9d", "\\xe6\\x9d");
	/* A right-to-left override and an isolate are shown, not applied:
	 * "5551234" must not read "4321555". */
	ESCAPES("tel \xe2\x80\xae" "5551234", "tel <U+202E>5551234");
	ESCAPES("\xe2\x81\xa6x\xe2\x81\xa9", "<U+2066>x<U+2069>");
	/* ... a left-to-right mark, harmless and common in right-to-left
	 * names, passes. */
	ESCAPES("\xe2\x80\x8e", "\xe2\x80\x8e");
	/* A family joined with zero-width joiners, a skin tone, an emoji
	 * presentation selector: the emoji stand alone (tmux drew the family
	 * in 2 columns where curses counted 6, and the row shifted). */
	ESCAPES("Zo\xc3\xab\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9\xe2\x80\x8d\xf0\x9f\x91\xa7",
	        "Zo\xc3\xab\xf0\x9f\x91\xa8\xf0\x9f\x91\xa9\xf0\x9f\x91\xa7");
	ESCAPES("\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd ok", "\xf0\x9f\x91\x8d ok");
	ESCAPES("\xe2\x9d\xa4\xef\xb8\x8f", "\xe2\x9d\xa4");
	/* Printable non-ASCII passes untouched, U+00A0 included. */
	ESCAPES("\xc2\xa0\xe6\x9d\xb1", "\xc2\xa0\xe6\x9d\xb1");
	/* Appends to what is there. */
	{
		struct strbuf sb = STRBUF_INIT;

		strbuf_adds(&sb, "name: ");
		utf8_escape_controls(&sb, "\x1b]0;x\x07", 6);
		assert_string_equal(strbuf_str(&sb), "name: ^[]0;x^G");
		strbuf_free(&sb);
	}
}

#define WIDTH(lit) utf8_width(lit, sizeof(lit) - 1)

static void test_utf8_width(void **state)
{
	(void)state;
	assert_int_equal(WIDTH(""), 0);
	assert_int_equal(WIDTH("abc"), 3);
	assert_int_equal(WIDTH("caf\xc3\xa9"), 4);                 /* precomposed é */
	assert_int_equal(WIDTH("cafe\xcc\x81"), 4);                /* e + U+0301 */
	assert_int_equal(WIDTH("\xe6\x9d\xb1\xe4\xba\xac"), 4);    /* 東京 */
	assert_int_equal(WIDTH("\xea\xb0\x80"), 2);                /* Hangul 가 */
	assert_int_equal(WIDTH("\xef\xbc\xa1"), 2);                /* fullwidth A */
	assert_int_equal(WIDTH("\xf0\x9f\x90\x9c"), 2);            /* U+1F41C emoji */
	assert_int_equal(WIDTH("\xe2\x94\x80"), 1);                /* box drawing */
	assert_int_equal(WIDTH("a\xe2\x80\x8b" "b"), 2);           /* zero-width space */
	assert_int_equal(WIDTH("\xf0\xa0\x80\x80"), 2);            /* CJK ext. B */
	assert_int_equal(WIDTH("\x1b"), 0);
	/* Glyph joiners take no column: the escaped text's width is the raw
	 * text's, so a form's cursor stays where the text is drawn. */
	assert_int_equal(WIDTH("\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9"), 4);
	assert_int_equal(WIDTH("\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd"), 2);
	assert_int_equal(WIDTH("\xe2\x9d\xa4\xef\xb8\x8f"), 1);
	/* An invalid byte takes one replacement cell. */
	assert_int_equal(WIDTH("a\xffz"), 3);
}

/* Encodes cp as UTF-8 into b (4 bytes); returns the length. */
static size_t encode(uint32_t cp, char *b)
{
	if (cp < 0x80) {
		b[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		b[0] = (char)(0xC0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		b[0] = (char)(0xE0 | (cp >> 12));
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		b[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	b[0] = (char)(0xF0 | (cp >> 18));
	b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	b[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	b[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* Every code point: valid unless a surrogate, encoded by utf8_encode as
 * here, printable ones pass the escaper unchanged, and each takes 0, 1 or
 * 2 columns. */
static void test_utf8_every_code_point(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	uint32_t cp;
	char b[4], e[4];

	(void)state;
	assert_int_equal(utf8_encode(0x110000, e), 0);
	assert_int_equal(utf8_encode(0xFFFFFFFF, e), 0);
	for (cp = 0; cp <= 0x10FFFF; cp++) {
		size_t n = encode(cp, b), w;
		int surrogate = cp >= 0xD800 && cp <= 0xDFFF;

		if (utf8_valid(b, n) != !surrogate)
			fail_msg("U+%04X validity", (unsigned)cp);
		if (n > 1 && utf8_valid(b, n - 1))
			fail_msg("U+%04X truncated is valid", (unsigned)cp);
		/* The library's encoder: the same bytes, none for a surrogate. */
		if (utf8_encode(cp, e) != (surrogate ? 0 : n) || (!surrogate && memcmp(e, b, n)))
			fail_msg("U+%04X utf8_encode", (unsigned)cp);
		if (surrogate)
			continue;
		w = utf8_width(b, n);
		if (w > 2)
			fail_msg("U+%04X width %zu", (unsigned)cp, w);
		if (cp < 0xA0 || utf8_bidi_control(cp) || utf8_glyph_joiner(cp))
			continue;
		strbuf_reset(&sb);
		utf8_escape_controls(&sb, b, n);
		if (sb.len != n || memcmp(sb.buf, b, n) != 0)
			fail_msg("U+%04X escaped", (unsigned)cp);
	}
	strbuf_free(&sb);
}

static void fold_is(const char *in, int german, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	utf8_search_fold(&sb, in, strlen(in), german);
	assert_string_equal(strbuf_str(&sb), want);
	strbuf_free(&sb);
}

/* A look-up's folding: "simek" finds Šimek, "mueller" Müller. */
static void test_utf8_search_fold(void **state)
{
	(void)state;
	fold_is("", 0, "");
	fold_is("\xc5\xa0imek", 0, "simek");
	fold_is("M\xc3\xbcller", 0, "muller");
	fold_is("M\xc3\xbcller", 1, "mueller");
	fold_is("K\xc3\x96HLER", 1, "koehler");
	fold_is("\xc3\x84rger", 1, "aerger");
	fold_is("Nu\xc3\xb1" "ez", 1, "nunez");
	fold_is("Wei\xc3\x9f", 0, "weiss");
	fold_is("\xc5\x81ukasiewicz", 0, "lukasiewicz");
	fold_is("Tr\xe1\xba\xa7n", 0, "tran");
	/* Decomposed: the combining accent is nothing, its diaeresis an e
	 * after a, o or u in German. */
	fold_is("Mu\xcc\x88ller", 0, "muller");
	fold_is("Mu\xcc\x88ller", 1, "mueller");
	fold_is("Jose\xcc\x81", 1, "jose");
	/* What has no ASCII stays itself. */
	fold_is("\xce\x91\xce\xb8\xce\xae\xce\xbd\xce\xb1", 0, "\xce\x91\xce\xb8\xce\xae\xce\xbd\xce\xb1");
	fold_is("\xc3", 0, "\xc3");
}

static void from_is(const char *in, size_t len, const char *charset, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	utf8_from_charset(&sb, in, len, charset);
	assert_int_equal(sb.len, strlen(want));
	assert_memory_equal(sb.buf, want, sb.len);
	strbuf_free(&sb);
}

/* Text made in the locale's charset before the screen, for the screen. */
static void test_utf8_from_charset(void **state)
{
	char big[1000];
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	from_is("secci\xf3n desconocida", 19, "ISO-8859-1", "secci\xc3\xb3n desconocida");
	from_is("secci\xc3\xb3n", 8, "UTF-8", "secci\xc3\xb3n");
	from_is("secci\xf3n", 7, "no-such-charset", "secci\xf3n");
	from_is("plain", 5, "ANSI_X3.4-1968", "plain");
	/* A byte ASCII has not: kept (escaped where shown), the rest goes on. */
	from_is("a\xf3" "b", 3, "ANSI_X3.4-1968", "a\xf3" "b");
	from_is("", 0, "ISO-8859-1", "");
	/* Longer than one pass of the converter's buffer. */
	memset(big, '\xe9', sizeof(big));
	utf8_from_charset(&sb, big, sizeof(big), "ISO-8859-1");
	assert_int_equal(sb.len, 2 * sizeof(big));
	for (size_t i = 0; i < sb.len; i += 2)
		assert_memory_equal(sb.buf + i, "\xc3\xa9", 2);
	strbuf_free(&sb);
}

/* -------------------------------------------------------------- dates */

static void test_date_parse(void **state)
{
	struct rd_date d;

	(void)state;
	assert_int_equal(date_parse("2026-11-20", &d), 0);
	assert_int_equal(d.year, 2026);
	assert_int_equal(d.month, 11);
	assert_int_equal(d.day, 20);
	assert_int_equal(date_parse("2024-02-29", &d), 0);
	assert_int_equal(date_parse("2000-02-29", &d), 0);
	/* Refused: unset, impossible days, non-leap Feb 29, bad shapes. */
	assert_int_equal(date_parse("0000-00-00", &d), -1);
	assert_int_equal(date_parse("2026-02-30", &d), -1);
	assert_int_equal(date_parse("2026-02-29", &d), -1);
	assert_int_equal(date_parse("1900-02-29", &d), -1);
	assert_int_equal(date_parse("2026-04-31", &d), -1);
	assert_int_equal(date_parse("2026-13-01", &d), -1);
	assert_int_equal(date_parse("2026-00-10", &d), -1);
	assert_int_equal(date_parse("2026-01-00", &d), -1);
	assert_int_equal(date_parse("2026-1-05", &d), -1);
	assert_int_equal(date_parse("2026-01-05x", &d), -1);
	assert_int_equal(date_parse("2026-01-05 00:00:00", &d), -1);
	assert_int_equal(date_parse("2026/01/05", &d), -1);
	assert_int_equal(date_parse("", &d), -1);
	assert_int_equal(date_parse("2026-01", &d), -1);
	assert_int_equal(date_parse(NULL, &d), -1);
}

static void test_datetime_parse(void **state)
{
	struct rd_date d;
	int secs = -1;

	(void)state;
	assert_int_equal(datetime_parse("2026-11-20 13:45:07", &d, &secs), 0);
	assert_int_equal(d.day, 20);
	assert_int_equal(secs, 13 * 3600 + 45 * 60 + 7);
	assert_int_equal(datetime_parse("2026-11-20", &d, &secs), 0);
	assert_int_equal(secs, 0);
	assert_int_equal(datetime_parse("2026-11-20 23:59:59", NULL, &secs), 0);
	assert_int_equal(secs, 86399);
	assert_int_equal(datetime_parse("2026-11-20 24:00:00", &d, &secs), -1);
	assert_int_equal(datetime_parse("2026-11-20 12:60:00", &d, &secs), -1);
	assert_int_equal(datetime_parse("2026-11-20T12:00:00", &d, &secs), -1);
	assert_int_equal(datetime_parse("2026-11-20 12:00", &d, &secs), -1);
	assert_int_equal(datetime_parse("2026-11-20 12:00:00Z", &d, &secs), -1);
	assert_int_equal(datetime_parse("0000-00-00 00:00:00", &d, &secs), -1);
	assert_int_equal(datetime_parse("2026-02-30 10:00:00", &d, &secs), -1);
}

static void test_date_valid_or_unset(void **state)
{
	(void)state;
	assert_true(date_valid_or_unset("0000-00-00"));
	assert_true(date_valid_or_unset("0000-00-00 00:00:00"));
	assert_true(date_valid_or_unset("2026-11-20"));
	assert_true(date_valid_or_unset("2026-11-20 08:00:00"));
	assert_false(date_valid_or_unset("2026-02-30"));
	assert_false(date_valid_or_unset("0000-00-00 00:00"));
	assert_false(date_valid_or_unset("yesterday"));
	assert_false(date_valid_or_unset(NULL));
}

static void test_date_days_and_weekday(void **state)
{
	struct rd_date d = { 1970, 1, 1 }, back;
	char buf[11];
	long days;

	(void)state;
	assert_int_equal(date_to_days(&d), 0);
	assert_int_equal(date_weekday(&d), 4); /* Thursday */
	d = (struct rd_date){ 2026, 11, 20 };
	assert_int_equal(date_weekday(&d), 5); /* Friday */
	d = (struct rd_date){ 2000, 3, 1 };
	assert_int_equal(date_to_days(&d), 11017);
	d = (struct rd_date){ 1969, 12, 31 };
	assert_int_equal(date_to_days(&d), -1);
	assert_int_equal(date_weekday(&d), 3); /* Wednesday */
	d = (struct rd_date){ 2024, 2, 28 };
	date_from_days(date_to_days(&d) + 1, &back);
	assert_int_equal(back.month, 2);
	assert_int_equal(back.day, 29);
	date_from_days(date_to_days(&d) + 2, &back);
	assert_int_equal(back.month, 3);
	assert_int_equal(back.day, 1);
	d = (struct rd_date){ 2026, 12, 31 };
	date_from_days(date_to_days(&d) + 1, &back);
	date_format(&back, buf);
	assert_string_equal(buf, "2027-01-01");

	/* Every day from 1899 to 2101 survives the round trip, formats to
	 * what parses back, and weekdays advance by one. */
	d = (struct rd_date){ 1899, 1, 1 };
	for (days = date_to_days(&d); days < date_to_days(&(struct rd_date){ 2101, 1, 1 }); days++) {
		struct rd_date p;

		date_from_days(days, &back);
		assert_int_equal(date_to_days(&back), days);
		date_format(&back, buf);
		assert_int_equal(date_parse(buf, &p), 0);
		assert_int_equal(p.year, back.year);
		assert_int_equal(p.month, back.month);
		assert_int_equal(p.day, back.day);
		assert_int_equal(date_weekday(&back), (int)(((days + 4) % 7 + 7) % 7));
	}
}

/* The service's clock: PST, PDT from the second Sunday of March at 2:00
 * to the first Sunday of November at 2:00 (2026: March 8, November 1),
 * the seconds either side of each change; and an instant before 1970. */
static void test_date_pacific(void **state)
{
	static const struct {
		long long t;
		const char *want;
	} cases[] = {
		{ 1772963999LL, "2026-03-08 01:59:59" }, /* 09:59:59 UTC */
		{ 1772964000LL, "2026-03-08 03:00:00" },
		{ 1793523599LL, "2026-11-01 01:59:59" }, /* 08:59:59 UTC, PDT */
		{ 1793523600LL, "2026-11-01 01:00:00" }, /* PST again */
		{ 1795651200LL, "2026-11-25 16:00:00" }, /* 2026-11-26 00:00 UTC */
		{ -3600LL, "1969-12-31 15:00:00" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct rd_date d;
		int secs = -1;
		char day[11], at[9], got[20];
		date_pacific_from_instant(cases[i].t, &d, &secs);
		date_format(&d, day);
		time_format(secs, at);
		snprintf(got, sizeof got, "%s %s", day, at);
		assert_string_equal(got, cases[i].want);
	}
}

/* The local clock's instant: 16:59:59 on 1969-12-31 at UTC-7 (MST7, a
 * zone without DST rules) is the second before 1970, -1, which mktime
 * also returns for an error: it was taken for one, the local time read
 * as UTC, 7 hours off. */
static void test_date_local_instant(void **state)
{
	struct rd_date d = { 1969, 12, 31 }, p;
	char *tz = getenv("TZ") ? strdup(getenv("TZ")) : NULL;
	int secs = -1;

	(void)state;
	setenv("TZ", "MST7", 1);
	tzset();
	assert_int_equal(date_local_instant(&d, 16 * 3600 + 59 * 60 + 59), -1);
	assert_int_equal(date_local_instant(&d, 17 * 3600), 0);
	date_pacific_from_instant(date_local_instant(&d, 16 * 3600 + 59 * 60 + 59), &p, &secs);
	assert_int_equal(p.day, 31);
	assert_int_equal(secs, 15 * 3600 + 59 * 60 + 59);
	if (tz)
		setenv("TZ", tz, 1);
	else
		unsetenv("TZ");
	tzset();
	free(tz);
}

/* A moment said to the minute is never said before it comes: 17:04:00
 * is "17:04", a second later "17:05"; 23:59:30 is "00:00". */
static void test_time_minute_after(void **state)
{
	struct rd_date d = { 2026, 11, 20 };
	char *tz = getenv("TZ") ? strdup(getenv("TZ")) : NULL;
	char buf[6];

	(void)state;
	setenv("TZ", "MST7", 1);
	tzset();
	assert_string_equal(time_minute_after(date_local_instant(&d, 17 * 3600 + 4 * 60), buf),
	                    "17:04");
	assert_string_equal(time_minute_after(date_local_instant(&d, 17 * 3600 + 4 * 60 + 1), buf),
	                    "17:05");
	assert_string_equal(time_minute_after(date_local_instant(&d, 23 * 3600 + 59 * 60 + 30), buf),
	                    "00:00");
	if (tz)
		setenv("TZ", tz, 1);
	else
		unsetenv("TZ");
	tzset();
	free(tz);
}

static void test_date_format_and_today(void **state)
{
	struct rd_date d = { 987, 3, 4 };
	char buf[11];

	(void)state;
	date_format(&d, buf);
	assert_string_equal(buf, "0987-03-04");
	date_today(&d);
	date_format(&d, buf);
	/* Whatever today is, it is a real date. */
	assert_int_equal(date_parse(buf, NULL), 0);
}

/* ---------------------------------------------------------------- ini */

/* What ini_parse reports, one "LINE KIND NAME|VALUE|REST" a line. */
struct ini_seen {
	struct strbuf sb;
	int stop_at;   /* line at which the callback returns 7; 0 never */
};

static int ini_record(const struct ini_line *l, void *ctx)
{
	static const char *const kinds[] = { "section", "pair", "no-close", "no-equals" };
	struct ini_seen *seen = ctx;

	strbuf_addf(&seen->sb, "%d %s %s|%s|%s\n", l->lineno, kinds[l->kind],
	            l->name ? l->name : "-", l->value ? l->value : "-", l->rest ? l->rest : "-");
	return l->lineno == seen->stop_at ? 7 : 0;
}

static void test_ini_lines(void **state)
{
	char text[] = "# comment\n"
	              "\n"
	              "  [ account  work ]  \n"
	              "url = https://x.example/ \n"
	              "\tkey=\"  spaced  \"\n"
	              "  ; another comment\n"
	              "[ui] trailing\n"
	              "token = \"\n"
	              "empty =\n"
	              "[broken\n"
	              "just words\n"
	              "a = b = c";
	struct ini_seen seen = { STRBUF_INIT, 0 };

	(void)state;
	assert_int_equal(ini_parse(text, ini_record, &seen), 0);
	assert_string_equal(strbuf_str(&seen.sb),
	                    "3 section account  work|-|\n"
	                    "4 pair url|https://x.example/|-\n"
	                    "5 pair key|  spaced  |-\n"
	                    "7 section ui|-|trailing\n"
	                    "8 pair token|\"|-\n"
	                    "9 pair empty||-\n"
	                    "10 no-close -|-|-\n"
	                    "11 no-equals -|-|-\n"
	                    "12 pair a|b = c|-\n");
	strbuf_free(&seen.sb);
}

/* A UTF-8 byte-order mark before the first line is no part of it. */
static void test_ini_bom(void **state)
{
	char text[] = "\xef\xbb\xbf[account main]\r\nurl = x\r\n";
	struct ini_seen seen = { STRBUF_INIT, 0 };

	(void)state;
	assert_int_equal(ini_parse(text, ini_record, &seen), 0);
	assert_string_equal(strbuf_str(&seen.sb), "1 section account main|-|\n2 pair url|x|-\n");
	strbuf_free(&seen.sb);
}

static void test_ini_stops_and_trims(void **state)
{
	char text[] = "a = 1\r\nb = 2\nc = 3\n";
	char spaced[] = " \t x y \n";
	struct ini_seen seen = { STRBUF_INIT, 2 };

	(void)state;
	/* The callback's nonzero answer ends the walk and is returned. */
	assert_int_equal(ini_parse(text, ini_record, &seen), 7);
	assert_string_equal(strbuf_str(&seen.sb), "1 pair a|1|-\n2 pair b|2|-\n");
	assert_string_equal(ini_trim(spaced), "x y");
	strbuf_free(&seen.sb);
	/* An account's files keep their names from one release to the next:
	 * FNV-1a of "URL\nKEY", as the share and the kept days were named. */
	assert_true(hash_account("http://127.0.0.1:1/api", "demo-key") == 0x14bc050373c2d2c9ULL);
	assert_true(hash_account("http://localhost:1/api", "demo-key") !=
	            hash_account("http://127.0.0.1:1/api", "demo-key"));
	/* The copy a session keeps of a credential: trimmed, its own. */
	{
		char *t = ini_trimmed_dup(" \t k3y x \n");

		assert_string_equal(t, "k3y x");
		free(t);
		t = ini_trimmed_dup("   ");
		assert_string_equal(t, "");
		free(t);
		assert_null(ini_trimmed_dup(NULL));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strbuf_empty),
		cmocka_unit_test(test_strbuf_appends),
		cmocka_unit_test(test_strbuf_reserve_setlen),
		cmocka_unit_test(test_strbuf_grows_and_keeps_nul),
		cmocka_unit_test(test_xalloc),
		cmocka_unit_test(test_utf8_valid),
		cmocka_unit_test(test_utf8_escape_controls),
		cmocka_unit_test(test_utf8_width),
		cmocka_unit_test(test_utf8_every_code_point),
		cmocka_unit_test(test_utf8_search_fold),
		cmocka_unit_test(test_utf8_from_charset),
		cmocka_unit_test(test_date_parse),
		cmocka_unit_test(test_datetime_parse),
		cmocka_unit_test(test_date_valid_or_unset),
		cmocka_unit_test(test_date_days_and_weekday),
		cmocka_unit_test(test_date_pacific),
		cmocka_unit_test(test_date_local_instant),
		cmocka_unit_test(test_time_minute_after),
		cmocka_unit_test(test_date_format_and_today),
		cmocka_unit_test(test_ini_lines),
		cmocka_unit_test(test_ini_bom),
		cmocka_unit_test(test_ini_stops_and_trims),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
