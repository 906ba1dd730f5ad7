/* jscan.c: skipping and decoding JSON values in place, with cJSON 1.7's grammar and quirks. */
#include "config.h"

#include <locale.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "api/jscan.h"
#include "common/strbuf.h"

const char *api_json_ws(const char *p, const char *end)
{
	while (p < end && (unsigned char)*p <= 32)
		p++;
	return p;
}

/* cJSON's parse_hex4: 0 when any of the four is not a hex digit. */
static unsigned hex4(const char *s)
{
	unsigned h = 0;

	for (int i = 0; i < 4; i++) {
		char c = s[i];

		if (c >= '0' && c <= '9')
			h = (h << 4) | (unsigned)(c - '0');
		else if (c >= 'A' && c <= 'F')
			h = (h << 4) | (unsigned)(c - 'A' + 10);
		else if (c >= 'a' && c <= 'f')
			h = (h << 4) | (unsigned)(c - 'a' + 10);
		else
			return 0;
	}
	return h;
}

/*
 * Scanning strings 8 bytes at a time (SWAR): in x ^ c, a byte equal to c
 * is zero, and (v - 0x01..) & ~v flags each zero byte with its high bit;
 * (x - 0x20..) & ~x flags each byte below 32.  A flagged byte borrows from
 * the next in the subtraction, so a flag may be false, but only above a
 * true one: the lowest flag always marks a byte looked for.
 */
#define ONES 0x0101010101010101ULL
#define HIGHS 0x8080808080808080ULL

/* The quotes and backslashes among the 8 bytes at s, flagged. */
static uint64_t quote8(const char *s)
{
	uint64_t x, q, b;

	memcpy(&x, s, 8);
	q = x ^ (0x22 * ONES);
	b = x ^ (0x5C * ONES);
	return (((q - ONES) & ~q) | ((b - ONES) & ~b)) & HIGHS;
}

/* The same, and the control bytes (below 32). */
static uint64_t stop8(const char *s)
{
	uint64_t x;

	memcpy(&x, s, 8);
	return (quote8(s) | ((x - 0x20 * ONES) & ~x)) & HIGHS;
}

/* The first flagged byte of the 8 at s, given their flags m (not 0); NULL
 * where the byte order does not tell it (a byte loop then finds it). */
static const char *first8(const char *s, uint64_t m)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return s + (__builtin_ctzll(m) >> 3);
#else
	(void)s;
	(void)m;
	return NULL;
#endif
}

/* The bytes equal to c among the 8 in x, flagged as above. */
static uint64_t eq8(uint64_t x, unsigned char c)
{
	uint64_t v = x ^ (c * ONES);

	return (v - ONES) & ~v;
}

const char *api_json_plain_end(const char *p, const char *end)
{
	for (; end - p >= 8; p += 8) {
		uint64_t x, m;

		memcpy(&x, p, 8);
		m = (stop8(p) | ((eq8(x, 0x7F) | eq8(x, 0xC2)) & HIGHS));

		if (m) {
			const char *f = first8(p, m);

			if (f)
				return f;
			break;
		}
	}
	while (p < end && (unsigned char)*p >= 32 && *p != '"' && *p != '\\' &&
	       (unsigned char)*p != 0x7F && (unsigned char)*p != 0xC2)
		p++;
	return p;
}

/* The closing quote of the literal whose opening quote is p, as cJSON
 * finds it (a backslash takes the next byte along), or NULL. */
static const char *string_end(const char *p, const char *end, int *escaped)
{
	const char *q = p + 1;

	*escaped = 0;
	for (;;) {
		const char *stop = q;

		/* The bulk of a page: runs of plain bytes, 8 at a time while
		 * none of them is a quote or a backslash. */
		for (; end - stop >= 8; stop += 8) {
			uint64_t m = quote8(stop);

			if (m) {
				const char *f = first8(stop, m);

				if (f)
					stop = f;
				break;
			}
		}
		while (stop < end && *stop != '"' && *stop != '\\')
			stop++;
		if (stop >= end)
			return NULL;
		if (*stop == '"')
			return stop;
		*escaped = 1;
		if (stop + 1 >= end)
			return NULL;
		q = stop + 2;
	}
}

/* One \u escape (or a surrogate pair) at s, before close: its code point
 * and length, as cJSON's utf16_literal_to_utf8; 0 when refused. */
static size_t utf16_escape(const char *s, const char *close, unsigned long *cp)
{
	unsigned long first, second;

	if (close - s < 6)
		return 0;
	first = hex4(s + 2);
	if (first >= 0xDC00 && first <= 0xDFFF)
		return 0;
	if (first >= 0xD800 && first <= 0xDBFF) {
		const char *t = s + 6;

		if (close - t < 6 || t[0] != '\\' || t[1] != 'u')
			return 0;
		second = hex4(t + 2);
		if (second < 0xDC00 || second > 0xDFFF)
			return 0;
		*cp = 0x10000 + (((first & 0x3FF) << 10) | (second & 0x3FF));
		return 12;
	}
	*cp = first;
	return 6;
}

static void put_utf8(struct strbuf *out, unsigned long cp)
{
	char b[4];
	size_t n;

	if (cp < 0x80) {
		b[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		b[0] = (char)(0xC0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3F));
		n = 2;
	} else if (cp < 0x10000) {
		b[0] = (char)(0xE0 | (cp >> 12));
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		b[2] = (char)(0x80 | (cp & 0x3F));
		n = 3;
	} else {
		b[0] = (char)(0xF0 | (cp >> 18));
		b[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		b[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
		b[3] = (char)(0x80 | (cp & 0x3F));
		n = 4;
	}
	if (out)
		strbuf_add(out, b, n);
}

/* Walks the escapes between p (after the opening quote) and close,
 * appending the decoded text to out when out is non-NULL.  0 or -1. */
static int decode(const char *p, const char *close, struct strbuf *out)
{
	while (p < close) {
		const char *bs = memchr(p, '\\', (size_t)(close - p));
		unsigned long cp;
		size_t n;

		if (!bs) {
			if (out)
				strbuf_add(out, p, (size_t)(close - p));
			return 0;
		}
		if (out && bs > p)
			strbuf_add(out, p, (size_t)(bs - p));
		switch (bs[1]) {
		case 'b': cp = '\b'; n = 2; break;
		case 'f': cp = '\f'; n = 2; break;
		case 'n': cp = '\n'; n = 2; break;
		case 'r': cp = '\r'; n = 2; break;
		case 't': cp = '\t'; n = 2; break;
		case '"': case '\\': case '/': cp = (unsigned char)bs[1]; n = 2; break;
		case 'u':
			if ((n = utf16_escape(bs, close, &cp)) == 0)
				return -1;
			break;
		default:
			return -1;
		}
		put_utf8(out, cp);
		p = bs + n;
	}
	return 0;
}

const char *api_json_string(const char *p, const char *end, struct strbuf *out)
{
	const char *close;
	size_t start = out->len;
	int escaped;

	if (p >= end || *p != '"' || !(close = string_end(p, end, &escaped)))
		return NULL;
	if (decode(p + 1, close, out) < 0)
		return NULL;
	/* A C string ends at its first NUL, decoded or raw. */
	if (out->len > start)
		strbuf_setlen(out, start + strnlen(out->buf + start, out->len - start));
	return close + 1;
}

/*
 * How much of a run of number bytes cJSON hands to strtod.  Upstream
 * 1.7.15 copies at most 63 into a fixed buffer, so a longer run is cut
 * there and the rest is left for the caller to refuse; the fix for
 * CVE-2023-26819 (upstream 1.7.18, and Debian 12's 1.7.15-1+deb12u4)
 * copies the whole run.  The library this program runs with is asked
 * once, so that the scanner reads numbers as that library does.
 */
static size_t cjson_number_cap = 63;

static void probe_number_cap(void)
{
	static const char longest[] = "[1000000000000000000000000000000000000000000000000000000000000000]";
	cJSON *v = cJSON_ParseWithLength(longest, sizeof(longest) - 1);

	if (v)
		cjson_number_cap = SIZE_MAX;
	cJSON_Delete(v);
}

static int number_byte(char c)
{
	return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == 'e' || c == 'E' || c == '.';
}

const char *api_json_number(const char *p, const char *end, double *d)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	char small[64], *buf = small, *after;
	const char *past, *decimal;
	size_t n = 0;

	pthread_once(&once, probe_number_cap);
	while (p + n < end && n < cjson_number_cap && number_byte(p[n]))
		n++;
	if (n >= sizeof(small))
		buf = xmalloc(n + 1);
	memcpy(buf, p, n);
	buf[n] = '\0';
	/* As cJSON reads it: its '.' made the locale's decimal point, which
	 * strtod wants (a program that leaves LC_NUMERIC "de_DE" would else
	 * refuse 12.5 that cJSON reads). */
	decimal = localeconv()->decimal_point;
	if (decimal && decimal[0] && decimal[0] != '.' && !decimal[1])
		for (char *c = buf; *c; c++)
			if (*c == '.')
				*c = decimal[0];
	*d = strtod(buf, &after);
	past = after == buf ? NULL : p + (after - buf);
	if (buf != small)
		free(buf);
	return past;
}

static const char *skip_container(const char *p, const char *end, int depth, size_t *n)
{
	char close = *p == '[' ? ']' : '}';
	size_t count = 0;

	if (depth >= API_JSON_MAX_DEPTH)
		return NULL;
	p = api_json_ws(p + 1, end);
	if (p < end && *p == close)
		goto done;
	for (;;) {
		p = api_json_ws(p, end);
		if (close == '}') {
			int escaped;
			const char *q;

			if (p >= end || *p != '"' || !(q = string_end(p, end, &escaped)))
				return NULL;
			if (escaped && decode(p + 1, q, NULL) < 0)
				return NULL;
			p = api_json_ws(q + 1, end);
			if (p >= end || *p != ':')
				return NULL;
			p = api_json_ws(p + 1, end);
		}
		if (!(p = api_json_skip(p, end, depth + 1, NULL)))
			return NULL;
		count++;
		p = api_json_ws(p, end);
		if (p < end && *p == ',') {
			p++;
			continue;
		}
		break;
	}
	if (p >= end || *p != close)
		return NULL;
done:
	if (n)
		*n = count;
	return p + 1;
}

static int literal(const char *p, const char *end, const char *word, size_t len)
{
	return (size_t)(end - p) >= len && memcmp(p, word, len) == 0;
}

const char *api_json_skip(const char *p, const char *end, int depth, size_t *n)
{
	if (p >= end)
		return NULL;
	switch (*p) {
	case 'n':
		return literal(p, end, "null", 4) ? p + 4 : NULL;
	case 'f':
		return literal(p, end, "false", 5) ? p + 5 : NULL;
	case 't':
		return literal(p, end, "true", 4) ? p + 4 : NULL;
	case '"': {
		int escaped;
		const char *q = string_end(p, end, &escaped);

		if (!q || (escaped && decode(p + 1, q, NULL) < 0))
			return NULL;
		return q + 1;
	}
	case '[':
	case '{':
		return skip_container(p, end, depth, *p == '[' ? n : NULL);
	default:
		if (*p == '-' || (*p >= '0' && *p <= '9')) {
			double d;

			return api_json_number(p, end, &d);
		}
		return NULL;
	}
}

long api_json_array_each(const char *json, size_t len,
                         void (*each)(void *ctx, const char *v, size_t n), void *ctx)
{
	const char *end = json + len, *p, *q;
	long n = 0;

	p = api_json_ws(json, end);
	if (p >= end || *p != '[')
		return -1;
	q = api_json_skip(p, end, 0, NULL);
	if (!q || api_json_ws(q, end) != end)
		return -1;
	p = api_json_ws(p + 1, end);
	while (p < end && *p != ']') {
		const char *v_end = api_json_skip(p, end, 1, NULL);

		/* Checked whole above, so this holds: a guard, never a
		 * different reading of the text. */
		if (!v_end)
			return -1;
		each(ctx, p, (size_t)(v_end - p));
		n++;
		p = api_json_ws(v_end, end);
		if (p < end && *p == ',')
			p = api_json_ws(p + 1, end);
	}
	return n;
}
