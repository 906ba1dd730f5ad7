/* redact.c: replacing credentials in answers and messages before printing. */
#include "config.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/error.h"
#include "api/jscan.h"
#include "cli/redact.h"
#include "common/strbuf.h"

static size_t secret_len(const char *s)
{
	size_t n = s ? strlen(s) : 0;

	return n >= API_MIN_SECRET ? n : 0;
}

static int contains(const char *s, const char *needle)
{
	return secret_len(needle) && strstr(s, needle);
}

static void walk(cJSON *node, const char *key, const char *token)
{
	for (cJSON *e = node ? node->child : NULL; e; e = e->next) {
		/* A member named after a credential (a mistyped NAME=VALUE
		 * echoed in params or ignoredParams) is renamed too. */
		if (e->string && !(e->type & cJSON_StringIsConst) &&
		    (contains(e->string, key) || contains(e->string, token))) {
			struct strbuf sb = STRBUF_INIT;
			char *name;

			api_redact_text(&sb, e->string, key, token);
			name = cJSON_malloc(sb.len + 1);
			if (!name)
				abort();
			memcpy(name, strbuf_str(&sb), sb.len + 1);
			cJSON_free(e->string);
			e->string = name;
			strbuf_free(&sb);
		}
		if (cJSON_IsString(e) && e->valuestring &&
		    (contains(e->valuestring, key) || contains(e->valuestring, token))) {
			struct strbuf sb = STRBUF_INIT;

			api_redact_text(&sb, e->valuestring, key, token);
			cJSON_SetValuestring(e, strbuf_str(&sb));
			strbuf_free(&sb);
		} else if (cJSON_IsArray(e) || cJSON_IsObject(e)) {
			walk(e, key, token);
		}
	}
}

void redact_answer(cJSON *root, const char *key, const char *token)
{
	static const char *const names[] = { "authenticationKey", "authenticationToken" };
	cJSON *params;

	if (!root)
		return;
	params = cJSON_GetObjectItemCaseSensitive(root, "params");
	for (size_t i = 0; cJSON_IsObject(params) && i < 2; i++) {
		cJSON *m = cJSON_GetObjectItemCaseSensitive(params, names[i]);

		/* Whatever the echo holds (a string, an array when sent twice),
		 * it is a credential. */
		if (m)
			cJSON_ReplaceItemInObjectCaseSensitive(params, names[i],
			                                       cJSON_CreateString(REDACTED));
	}
	walk(root, key, token);
}

/* ------------------------------------------------------------ printing */

/* Printing redacts as it goes rather than through redact_answer and
 * cJSON_Print: --all prints 100,000 records, and walking, searching and
 * re-printing each tree (cJSON numbers go through printf %g and sscanf)
 * took most of the client's CPU.  The text is byte for byte what
 * redact_answer then cJSON_Print (formatted) would give, but for DEL and
 * the C1 controls, which it escapes (put_escaped). */

struct needle;

struct pr {
	struct strbuf *out;
	const char *key, *token;
	const struct needle *nk, *nt;
};

/* Room for n more bytes at the end of the text; the caller bumps len and
 * redact_print terminates once at the end, a call per piece being most of
 * the cost of pieces this small. */
static inline char *room(struct pr *p, size_t n)
{
	struct strbuf *o = p->out;

	if (!o->buf || o->cap - o->len <= n)
		strbuf_reserve(o, n < 4096 ? 4096 : n);
	return o->buf + o->len;
}

static inline void put(struct pr *p, const char *s, size_t n)
{
	memcpy(room(p, n), s, n);
	p->out->len += n;
}

/* A loop, not memset: depth is 1 to 3 for a record's members. */
static inline void tabs(struct pr *p, int depth)
{
	char *w = room(p, (size_t)depth);

	for (int i = 0; i < depth; i++)
		w[i] = '\t';
	p->out->len += (size_t)depth;
}

/* A credential to look for, and which of its bytes to look for first. */
struct needle {
	const char *s;
	size_t len, at;
};

/* Letters and digits fill records; punctuation and capitals are rarer, so
 * fewer false starts when scanning for one of those. */
static struct needle make_needle(const char *s)
{
	struct needle nd = { s, secret_len(s), 0 };
	int best = 3;

	for (size_t i = 0; i < nd.len; i++) {
		unsigned char c = (unsigned char)s[i];
		int rank = (c >= 'a' && c <= 'z') || c == ' ' ? 2 : c >= '0' && c <= '9' ? 1 : 0;

		if (rank < best) {
			best = rank;
			nd.at = i;
		}
	}
	return nd;
}

/* Whether nd occurs in s[0..n): memmem's setup costs more than the search
 * in strings this short. */
static int has(const char *s, size_t n, const struct needle *nd)
{
	const char *p, *end;
	char c;

	if (!nd->len || n < nd->len)
		return 0;
	c = nd->s[nd->at];
	p = s + nd->at;
	end = s + n - nd->len + nd->at + 1; /* past the last place c may be */
	while (p < end && (p = memchr(p, c, (size_t)(end - p))) != NULL) {
		if (memcmp(p - nd->at, nd->s, nd->len) == 0)
			return 1;
		p++;
	}
	return 0;
}

/* s as a JSON string literal, escaped as cJSON escapes, and DEL and the
 * C1 controls (U+0080..U+009F, which a terminal may take as ESC [ and the
 * like) as \u007f and \u0080..\u009f, which cJSON leaves as they are:
 * the answer goes to a terminal as often as to a pipe. */
static void put_escaped(struct pr *p, const char *s, size_t n, int plain)
{
	static const char hex[] = "0123456789abcdef";
	char *w, *start;

	if (plain) {
		w = room(p, n + 2);
		w[0] = '"';
		memcpy(w + 1, s, n);
		w[n + 1] = '"';
		p->out->len += n + 2;
		return;
	}
	start = w = room(p, n * 6 + 2);
	*w++ = '"';
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == 0xC2 && i + 1 < n && (unsigned char)s[i + 1] >= 0x80 &&
		    (unsigned char)s[i + 1] <= 0x9F)
			c = (unsigned char)s[++i]; /* the C1 control's code point */
		else if (c >= 32 && c != '"' && c != '\\' && c != 0x7F) {
			*w++ = (char)c;
			continue;
		}
		*w++ = '\\';
		switch (c) {
		case '"': *w++ = '"'; break;
		case '\\': *w++ = '\\'; break;
		case '\b': *w++ = 'b'; break;
		case '\f': *w++ = 'f'; break;
		case '\n': *w++ = 'n'; break;
		case '\r': *w++ = 'r'; break;
		case '\t': *w++ = 't'; break;
		default:
			*w++ = 'u';
			*w++ = '0';
			*w++ = '0';
			*w++ = hex[c >> 4];
			*w++ = hex[c & 15];
		}
	}
	*w++ = '"';
	p->out->len += (size_t)(w - start);
}

/* A string (value or member name), credentials replaced. */
static void put_string(struct pr *p, const char *s)
{
	/* Bytes that end the plain run: the NUL and what needs escaping. */
	static const unsigned char stop[256] = {
		[0] = 1, [1] = 1, [2] = 1, [3] = 1, [4] = 1, [5] = 1, [6] = 1, [7] = 1,
		[8] = 1, [9] = 1, [10] = 1, [11] = 1, [12] = 1, [13] = 1, [14] = 1, [15] = 1,
		[16] = 1, [17] = 1, [18] = 1, [19] = 1, [20] = 1, [21] = 1, [22] = 1, [23] = 1,
		[24] = 1, [25] = 1, [26] = 1, [27] = 1, [28] = 1, [29] = 1, [30] = 1, [31] = 1,
		['"'] = 1, ['\\'] = 1, [0x7F] = 1, [0xC2] = 1,
	};
	size_t n = 0;
	int plain = 1;

	if (!s)
		s = "";
	while (!stop[(unsigned char)s[n]])
		n++;
	if (s[n]) {
		plain = 0;
		n += strlen(s + n);
	}
	if (has(s, n, p->nk) || has(s, n, p->nt)) {
		struct strbuf sb = STRBUF_INIT;

		api_redact_text(&sb, s, p->key, p->token);
		put_escaped(p, strbuf_str(&sb), sb.len, 0);
		strbuf_free(&sb);
		return;
	}
	put_escaped(p, s, n, plain);
}

static int same_double(double a, double b)
{
	double max = fabs(a) > fabs(b) ? fabs(a) : fabs(b);

	return fabs(a - b) <= max * DBL_EPSILON;
}

/* As cJSON 1.7.15's print_number: 15 significant digits when they read
 * back the same, else 17; always a '.' for the decimal point.  Whole
 * numbers (most of them) skip printf. */
static void put_number(struct pr *p, double d)
{
	char buf[32];
	int n;

	if (isnan(d) || isinf(d)) {
		put(p, "null", 4);
		return;
	}
	/* What %1.15g prints for a whole number below 1e15, "-0" included. */
	if (fabs(d) < 1e15 && d == (double)(long long)d) {
		char *w = buf + sizeof(buf);
		long long i = (long long)d;
		unsigned long long u = i < 0 ? 0ULL - (unsigned long long)i : (unsigned long long)i;

		do
			*--w = (char)('0' + u % 10);
		while (u /= 10);
		if (signbit(d))
			*--w = '-';
		put(p, w, (size_t)(buf + sizeof(buf) - w));
		return;
	}
	n = snprintf(buf, sizeof(buf), "%1.15g", d);
	if (!same_double(strtod(buf, NULL), d))
		n = snprintf(buf, sizeof(buf), "%1.17g", d);
	if (n < 0 || (size_t)n >= sizeof(buf))
		n = 0;
	{
		char dp = localeconv()->decimal_point[0];

		for (int i = 0; i < n; i++)
			if (buf[i] == dp)
				buf[i] = '.';
	}
	put(p, buf, (size_t)n);
}

/* The first member named name, as cJSON_GetObjectItemCaseSensitive. */
static const cJSON *first(const cJSON *obj, const char *name)
{
	for (const cJSON *e = obj->child; e; e = e->next)
		if (e->string && strcmp(e->string, name) == 0)
			return e;
	return NULL;
}

static void put_value(struct pr *p, const cJSON *v, int depth, const cJSON *params);

/* params: the root's "params" member, whose authenticationKey/Token
 * members print as REDACTED, or NULL. */
static void put_object(struct pr *p, const cJSON *v, int depth, const cJSON *params)
{
	const cJSON *key_m = NULL, *token_m = NULL;

	if (params == v) {
		key_m = first(v, "authenticationKey");
		token_m = first(v, "authenticationToken");
	}
	put(p, "{\n", 2);
	depth++;
	for (const cJSON *e = v->child; e; e = e->next) {
		tabs(p, depth);
		put_string(p, e->string);
		put(p, ":\t", 2);
		if (e == key_m || e == token_m)
			put_string(p, REDACTED);
		else
			put_value(p, e, depth, params);
		if (e->next)
			put(p, ",\n", 2);
		else
			put(p, "\n", 1);
	}
	tabs(p, depth - 1);
	put(p, "}", 1);
}

static void put_value(struct pr *p, const cJSON *v, int depth, const cJSON *params)
{
	switch (v->type & 0xFF) {
	case cJSON_NULL:
		put(p, "null", 4);
		break;
	case cJSON_False:
		put(p, "false", 5);
		break;
	case cJSON_True:
		put(p, "true", 4);
		break;
	case cJSON_Number:
		put_number(p, v->valuedouble);
		break;
	case cJSON_Raw:
		if (v->valuestring)
			put(p, v->valuestring, strlen(v->valuestring));
		break;
	case cJSON_String:
		put_string(p, v->valuestring);
		break;
	case cJSON_Array:
		put(p, "[", 1);
		for (const cJSON *e = v->child; e; e = e->next) {
			put_value(p, e, depth + 1, NULL);
			if (e->next)
				put(p, ", ", 2);
		}
		put(p, "]", 1);
		break;
	case cJSON_Object:
		put_object(p, v, depth, params);
		break;
	default:
		break;
	}
}

void redact_print(struct strbuf *out, const cJSON *v, int depth, const char *key,
                  const char *token)
{
	struct needle nk = make_needle(key), nt = make_needle(token);
	struct pr p = { out, key, token, &nk, &nt };
	const cJSON *params = NULL;

	if (!v)
		return;
	if (cJSON_IsObject(v)) {
		for (const cJSON *e = v->child; e && !params; e = e->next)
			if (e->string && e->string[0] == 'p' && strcmp(e->string, "params") == 0)
				params = e;
		if (!cJSON_IsObject(params))
			params = NULL;
	}
	put_value(&p, v, depth, params);
	strbuf_setlen(out, out->len);
}

/* ------------------------------------------------ printing from the text */

/* redact_print_records prints records from the text the service sent, as
 * redact_print prints the tree cJSON would make of it: the same layout,
 * escapes, numbers and credentials replaced, in one pass and without the
 * tree (issue 12).  The text was checked by api_json_skip, but every step
 * checks again, so that no input makes it read past the end. */

struct tx {
	struct pr *p;
	const char *end;
	struct strbuf tmp; /* a string being decoded */
	int secrets;       /* the key or the token occurs in the text as is */
};

/* Where a value sits: a record itself (its first "params" member, when an
 * object, has its credentials replaced), that params object, or anywhere. */
enum tx_role { TX_ANY, TX_RECORD, TX_PARAMS };

static const char *tx_value(struct tx *t, const char *s, int depth, int nest, enum tx_role role);

/* A string literal at s: its text, escaped again and credentials replaced
 * as put_string does.  With name non-NULL, *name and *name_len are set to
 * the decoded text (valid until the next string).  Past the literal, or
 * NULL. */
static const char *tx_string(struct tx *t, const char *s, const char **name, size_t *name_len)
{
	const char *q = s + 1, *end = t->end;

	/* Most strings need no decoding: no escape, no control byte. */
	q = api_json_plain_end(q, end);
	if (q < end && *q == '"') {
		size_t n = (size_t)(q - s - 1);

		/* Such a string is its own bytes: when the page's text holds
		 * no credential, none of them does. */
		if (t->secrets && (has(s + 1, n, t->p->nk) || has(s + 1, n, t->p->nt))) {
			strbuf_reset(&t->tmp);
			strbuf_add(&t->tmp, s + 1, n);
			put_string(t->p, strbuf_str(&t->tmp));
		} else {
			put_escaped(t->p, s + 1, n, 1);
		}
		if (name) {
			*name = s + 1;
			*name_len = n;
		}
		return q + 1;
	}
	strbuf_reset(&t->tmp);
	if (!(q = api_json_string(s, end, &t->tmp)))
		return NULL;
	put_string(t->p, strbuf_str(&t->tmp));
	if (name) {
		*name = strbuf_str(&t->tmp);
		*name_len = t->tmp.len;
	}
	return q;
}

static int is_name(const char *name, size_t len, const char *want)
{
	return len == strlen(want) && memcmp(name, want, len) == 0;
}

/* A number at s, as put_number prints the double cJSON reads. */
static const char *tx_number(struct tx *t, const char *s)
{
	const char *q = s + (*s == '-'), *end = t->end;
	double d;

	/* Most are whole numbers of a few digits, which print as they came
	 * (no leading zero, nothing strtod would read further). */
	while (q < end && *q >= '0' && *q <= '9')
		q++;
	if (q > s + (*s == '-') && q - s <= 15 && (s[*s == '-'] != '0' || q - s == 1 + (*s == '-')) &&
	    (q >= end || !(*q == '.' || *q == 'e' || *q == 'E' || *q == '+' || *q == '-'))) {
		put(t->p, s, (size_t)(q - s));
		return q;
	}
	if (!(q = api_json_number(s, end, &d)))
		return NULL;
	put_number(t->p, d);
	return q;
}

static const char *tx_array(struct tx *t, const char *s, int depth, int nest)
{
	const char *end = t->end;

	if (nest >= API_JSON_MAX_DEPTH)
		return NULL;
	put(t->p, "[", 1);
	s = api_json_ws(s + 1, end);
	if (s < end && *s == ']') {
		put(t->p, "]", 1);
		return s + 1;
	}
	for (;;) {
		s = tx_value(t, api_json_ws(s, end), depth + 1, nest + 1, TX_ANY);
		if (!s)
			return NULL;
		s = api_json_ws(s, end);
		if (s < end && *s == ',') {
			put(t->p, ", ", 2);
			s++;
			continue;
		}
		break;
	}
	if (s >= end || *s != ']')
		return NULL;
	put(t->p, "]", 1);
	return s + 1;
}

static const char *tx_object(struct tx *t, const char *s, int depth, int nest, enum tx_role role)
{
	const char *end = t->end;
	int seen_params = 0, seen_key = 0, seen_token = 0;

	if (nest >= API_JSON_MAX_DEPTH)
		return NULL;
	put(t->p, "{\n", 2);
	s = api_json_ws(s + 1, end);
	if (s < end && *s == '}')
		goto close;
	for (;;) {
		const char *name = NULL;
		size_t name_len = 0;
		enum tx_role inner = TX_ANY;
		int hide = 0;

		s = api_json_ws(s, end);
		if (s >= end || *s != '"')
			return NULL;
		tabs(t->p, depth + 1);
		if (!(s = tx_string(t, s, &name, &name_len)))
			return NULL;
		if (role == TX_RECORD && !seen_params && is_name(name, name_len, "params")) {
			seen_params = 1;
			inner = TX_PARAMS;
		} else if (role == TX_PARAMS && !seen_key &&
		           is_name(name, name_len, "authenticationKey")) {
			seen_key = hide = 1;
		} else if (role == TX_PARAMS && !seen_token &&
		           is_name(name, name_len, "authenticationToken")) {
			seen_token = hide = 1;
		}
		s = api_json_ws(s, end);
		if (s >= end || *s != ':')
			return NULL;
		put(t->p, ":\t", 2);
		s = api_json_ws(s + 1, end);
		if (hide) {
			put_string(t->p, REDACTED);
			s = api_json_skip(s, end, nest + 1, NULL);
		} else {
			/* Only an object may be the params whose members hide. */
			s = tx_value(t, s, depth + 1, nest + 1,
			             inner == TX_PARAMS && s < end && *s == '{' ? TX_PARAMS : TX_ANY);
		}
		if (!s)
			return NULL;
		s = api_json_ws(s, end);
		if (s < end && *s == ',') {
			put(t->p, ",\n", 2);
			s++;
			continue;
		}
		put(t->p, "\n", 1);
		break;
	}
	if (s >= end || *s != '}')
		return NULL;
close:
	tabs(t->p, depth);
	put(t->p, "}", 1);
	return s + 1;
}

static const char *tx_value(struct tx *t, const char *s, int depth, int nest, enum tx_role role)
{
	const char *end = t->end;

	if (s >= end)
		return NULL;
	switch (*s) {
	case 'n':
	case 'f':
	case 't': {
		const char *q = api_json_skip(s, end, nest, NULL);

		if (q)
			put(t->p, s, (size_t)(q - s));
		return q;
	}
	case '"':
		return tx_string(t, s, NULL, NULL);
	case '[':
		return tx_array(t, s, depth, nest);
	case '{':
		return tx_object(t, s, depth, nest, role);
	default:
		if (*s == '-' || (*s >= '0' && *s <= '9'))
			return tx_number(t, s);
		return NULL;
	}
}

int redact_print_records(struct strbuf *out, const char *json, size_t len, long *count,
                         const char *key, const char *token)
{
	struct needle nk = make_needle(key), nt = make_needle(token);
	struct pr p = { out, key, token, &nk, &nt };
	struct tx t = { &p, json + len, STRBUF_INIT, 1 };
	const char *s = api_json_ws(json, t.end);
	int rc = -1;

	/* One search of the page for each credential, rather than one of
	 * every string (an escaped credential is still found: strings with
	 * escapes are decoded and searched whole). */
	t.secrets = (nk.len && memmem(json, len, key, nk.len)) ||
	            (nt.len && memmem(json, len, token, nt.len));

	if (s >= t.end || *s != '[')
		goto out;
	s = api_json_ws(s + 1, t.end);
	if (s < t.end && *s == ']') {
		rc = 0;
		goto out;
	}
	for (;;) {
		put(&p, *count ? ",\n\t" : "[\n\t", 3);
		(*count)++;
		/* A record inside the envelope and its array: nest 2. */
		if (!(s = tx_value(&t, api_json_ws(s, t.end), 1, 2, TX_RECORD)))
			goto out;
		s = api_json_ws(s, t.end);
		if (s < t.end && *s == ',') {
			s++;
			continue;
		}
		break;
	}
	if (s < t.end && *s == ']')
		rc = 0;
out:
	strbuf_setlen(out, out->len);
	strbuf_free(&t.tmp);
	return rc;
}
