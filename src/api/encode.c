/* encode.c: request forms, PHP-style brackets, query objects, URL encoding. */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/encode.h"
#include "common/strbuf.h"

void api_form_init(struct api_form *f)
{
	f->pairs = NULL;
	f->n = f->cap = 0;
}

void api_form_free(struct api_form *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->pairs[i].name);
		free(f->pairs[i].value);
	}
	free(f->pairs);
	api_form_init(f);
}

static struct api_pair *push(struct api_form *f, const char *name)
{
	struct api_pair *p;

	if (f->n == f->cap) {
		f->cap = f->cap ? f->cap * 2 : 8;
		f->pairs = xrealloc(f->pairs, f->cap * sizeof(*f->pairs));
	}
	p = &f->pairs[f->n++];
	p->name = xstrdup(name);
	p->value = NULL;
	p->len = 0;
	p->is_file = 0;
	return p;
}

void api_form_add_len(struct api_form *f, const char *name, const char *value, size_t len)
{
	struct api_pair *p = push(f, name);

	p->value = xmalloc(len + 1);
	memcpy(p->value, value, len);
	p->value[len] = '\0';
	p->len = len;
}

void api_form_add(struct api_form *f, const char *name, const char *value)
{
	api_form_add_len(f, name, value, strlen(value));
}

void api_form_addf(struct api_form *f, const char *name, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	struct api_pair *p;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	p = push(f, name);
	p->value = strbuf_detach(&sb, &p->len);
}

void api_form_add_int(struct api_form *f, const char *name, long long v)
{
	api_form_addf(f, name, "%lld", v);
}

void api_form_add_file(struct api_form *f, const char *name, const char *path)
{
	api_form_add(f, name, path);
	f->pairs[f->n - 1].is_file = 1;
}

void api_form_copy(struct api_form *dst, const struct api_form *src)
{
	for (size_t i = 0; i < src->n; i++) {
		api_form_add_len(dst, src->pairs[i].name, src->pairs[i].value, src->pairs[i].len);
		dst->pairs[dst->n - 1].is_file = src->pairs[i].is_file;
	}
}

void api_form_add_ids(struct api_form *f, const char *name, const long long *ids, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	struct api_pair *p;

	strbuf_addc(&sb, '[');
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, i ? ",%lld" : "%lld", ids[i]);
	strbuf_addc(&sb, ']');
	p = push(f, name);
	p->value = strbuf_detach(&sb, &p->len);
}

/* Integers print exactly (ids past 2^31 included); other numbers in the
 * fewest significant digits (15 to 17) that read back as the same double,
 * with '.' whatever LC_NUMERIC says.  Not through cJSON's printer: it takes
 * doubles an ulp apart for one and sent 1.0000000000000002 as 1. */
static void number_text(struct strbuf *sb, const cJSON *v)
{
	double d = v->valuedouble;
	const char *point = localeconv()->decimal_point;
	char buf[40], *text;

	if (isfinite(d) && d == floor(d) && fabs(d) < 9007199254740992.0) {
		strbuf_addf(sb, "%.0f", d);
		return;
	}
	if (isfinite(d)) {
		for (int prec = 15; prec <= 17; prec++) {
			snprintf(buf, sizeof(buf), "%.*g", prec, d);
			if (strtod(buf, NULL) == d)
				break;
		}
		if (point && point[0] && point[0] != '.' && !point[1])
			for (char *c = buf; *c; c++)
				if (*c == point[0])
					*c = '.';
		strbuf_adds(sb, buf);
		return;
	}
	text = cJSON_PrintUnformatted(v);
	if (!text)
		abort(); /* cJSON fails only on out-of-memory */
	strbuf_adds(sb, text);
	cJSON_free(text);
}

static int is_query_object(const cJSON *v)
{
	return cJSON_IsObject(v) && cJSON_GetObjectItemCaseSensitive(v, "operator");
}

static void add_json_text(struct api_form *f, const char *name, const cJSON *v)
{
	char *text = cJSON_PrintUnformatted(v);

	if (!text)
		abort(); /* cJSON fails only on out-of-memory */
	api_form_add(f, name, text);
	cJSON_free(text);
}

void api_form_add_json(struct api_form *f, const char *name, const cJSON *v)
{
	struct strbuf sb = STRBUF_INIT;
	const cJSON *e;

	if (cJSON_IsString(v)) {
		api_form_add(f, name, v->valuestring);
	} else if (cJSON_IsNumber(v)) {
		number_text(&sb, v);
		api_form_add(f, name, strbuf_str(&sb));
	} else if (cJSON_IsBool(v)) {
		api_form_add(f, name, cJSON_IsTrue(v) ? "1" : "0");
	} else if (cJSON_IsNull(v) || !v) {
		api_form_add(f, name, "");
	} else if (cJSON_IsArray(v)) {
		int nested = 0, i = 0;

		if (!v->child) {
			/* Brackets cannot say "empty": JSON text can. */
			add_json_text(f, name, v);
			return;
		}
		cJSON_ArrayForEach(e, v)
			if (cJSON_IsArray(e) || cJSON_IsObject(e))
				nested = 1;
		cJSON_ArrayForEach(e, v) {
			strbuf_reset(&sb);
			if (nested)
				strbuf_addf(&sb, "%s[%d]", name, i++);
			else
				strbuf_addf(&sb, "%s[]", name);
			api_form_add_json(f, strbuf_str(&sb), e);
		}
	} else if (is_query_object(v) || !v->child) {
		add_json_text(f, name, v);
	} else {
		cJSON_ArrayForEach(e, v) {
			strbuf_reset(&sb);
			strbuf_addf(&sb, "%s[%s]", name, e->string ? e->string : "");
			api_form_add_json(f, strbuf_str(&sb), e);
		}
	}
	strbuf_free(&sb);
}

/* name matches base exactly or as base[...] */
static int same_base(const char *name, const char *base)
{
	size_t n = strlen(base);

	return strncmp(name, base, n) == 0 && (name[n] == '\0' || name[n] == '[');
}

size_t api_form_remove(struct api_form *f, const char *name)
{
	size_t out = 0, removed = 0;

	for (size_t i = 0; i < f->n; i++) {
		if (same_base(f->pairs[i].name, name)) {
			free(f->pairs[i].name);
			free(f->pairs[i].value);
			removed++;
		} else {
			f->pairs[out++] = f->pairs[i];
		}
	}
	f->n = out;
	return removed;
}

int api_form_has(const struct api_form *f, const char *name)
{
	for (size_t i = 0; i < f->n; i++)
		if (same_base(f->pairs[i].name, name))
			return 1;
	return 0;
}

const char *api_form_get(const struct api_form *f, const char *name)
{
	for (size_t i = f->n; i-- > 0;)
		if (strcmp(f->pairs[i].name, name) == 0)
			return f->pairs[i].value;
	return NULL;
}

int api_form_has_file(const struct api_form *f)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->pairs[i].is_file)
			return 1;
	return 0;
}

void api_url_encode(struct strbuf *out, const char *s, size_t len, int is_name)
{
	static const char hex[] = "0123456789ABCDEF";

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    c == '-' || c == '.' || c == '_' || c == '~' ||
		    (is_name && (c == '[' || c == ']'))) {
			strbuf_addc(out, (char)c);
		} else {
			strbuf_addc(out, '%');
			strbuf_addc(out, hex[c >> 4]);
			strbuf_addc(out, hex[c & 15]);
		}
	}
}

static void encode_pair(struct strbuf *out, int *first, const char *name,
                        const char *value, size_t len)
{
	if (!*first)
		strbuf_addc(out, '&');
	*first = 0;
	api_url_encode(out, name, strlen(name), 1);
	strbuf_addc(out, '=');
	api_url_encode(out, value, len, 0);
}

void api_form_encode(const struct api_form *f, const char *key, const char *token,
                     struct strbuf *out)
{
	int first = 1;

	for (size_t i = 0; i < f->n; i++)
		encode_pair(out, &first, f->pairs[i].name, f->pairs[i].value, f->pairs[i].len);
	/* Room for both credentials at their longest (every byte %XX) before
	 * the first of them: a buffer grown while they are appended would
	 * leave a copy in freed memory, where the caller's wipe misses it. */
	(void)strbuf_reserve(out, 3 * ((key ? strlen(key) : 0) + (token ? strlen(token) : 0)) + 64);
	if (key)
		encode_pair(out, &first, "authenticationKey", key, strlen(key));
	if (token)
		encode_pair(out, &first, "authenticationToken", token, strlen(token));
}

static const char *const qop_names[] = {
	[API_Q_EQ] = "=", [API_Q_NE] = "!=", [API_Q_GT] = ">", [API_Q_LT] = "<",
	[API_Q_GE] = ">=", [API_Q_LE] = "<=", [API_Q_IN] = "IN",
	[API_Q_BETWEEN] = "BETWEEN", [API_Q_LIKE] = "LIKE",
	[API_Q_STARTSWITH] = "STARTSWITH", [API_Q_ENDSWITH] = "ENDSWITH",
	[API_Q_CONTAINS] = "CONTAINS",
};

const char *api_qop_text(enum api_qop op)
{
	if ((size_t)op < sizeof(qop_names) / sizeof(qop_names[0]))
		return qop_names[op];
	return "=";
}

int api_qop_parse(const char *s, enum api_qop *op)
{
	for (size_t i = 0; i < sizeof(qop_names) / sizeof(qop_names[0]); i++) {
		if (strcasecmp(s, qop_names[i]) == 0) {
			*op = (enum api_qop)i;
			return 0;
		}
	}
	return -1;
}

static int is_scalar(const cJSON *v)
{
	return cJSON_IsString(v) || cJSON_IsNumber(v) || cJSON_IsBool(v);
}

static int shape_fits(enum api_qop op, const cJSON *value)
{
	const cJSON *e;
	int n = 0;

	if (op != API_Q_IN && op != API_Q_BETWEEN)
		return is_scalar(value);
	if (!cJSON_IsArray(value))
		return 0;
	cJSON_ArrayForEach(e, value) {
		if (!is_scalar(e))
			return 0;
		n++;
	}
	return op == API_Q_BETWEEN ? n == 2 : n >= 1;
}

char *api_query_text(enum api_qop op, const cJSON *value)
{
	cJSON *q;
	char *text, *copy;

	if (!value || !shape_fits(op, value))
		return NULL;
	q = cJSON_CreateObject();
	if (!q)
		abort();
	cJSON_AddStringToObject(q, "operator", api_qop_text(op));
	cJSON_AddItemToObject(q, "value", cJSON_Duplicate(value, 1));
	text = cJSON_PrintUnformatted(q);
	cJSON_Delete(q);
	if (!text)
		abort();
	copy = xstrdup(text); /* callers free() what the module hands out */
	cJSON_free(text);
	return copy;
}

/* Appends name=<query object text>; 0, or -1 (nothing added) on a shape
 * mismatch as above.  value is borrowed. */
static int api_form_add_query(struct api_form *f, const char *name, enum api_qop op, const cJSON *value)
{
	char *text = api_query_text(op, value);

	if (!text)
		return -1;
	api_form_add(f, name, text);
	free(text);
	return 0;
}

/* Takes ownership of v, whatever the outcome. */
static int add_query_owned(struct api_form *f, const char *name, enum api_qop op, cJSON *v)
{
	int rc;

	if (!v)
		abort();
	rc = api_form_add_query(f, name, op, v);
	cJSON_Delete(v);
	return rc;
}

int api_form_add_cmp_int(struct api_form *f, const char *name, enum api_qop op, long long v)
{
	return add_query_owned(f, name, op, cJSON_CreateNumber((double)v));
}

int api_form_add_cmp_str(struct api_form *f, const char *name, enum api_qop op, const char *v)
{
	return add_query_owned(f, name, op, cJSON_CreateString(v));
}

void api_form_add_between_int(struct api_form *f, const char *name, long long lo, long long hi)
{
	cJSON *a = cJSON_CreateArray();

	cJSON_AddItemToArray(a, cJSON_CreateNumber((double)lo));
	cJSON_AddItemToArray(a, cJSON_CreateNumber((double)hi));
	add_query_owned(f, name, API_Q_BETWEEN, a);
}

void api_form_add_between_str(struct api_form *f, const char *name, const char *lo, const char *hi)
{
	cJSON *a = cJSON_CreateArray();

	cJSON_AddItemToArray(a, cJSON_CreateString(lo));
	cJSON_AddItemToArray(a, cJSON_CreateString(hi));
	add_query_owned(f, name, API_Q_BETWEEN, a);
}

int api_form_add_in_int(struct api_form *f, const char *name, const long long *v, size_t n)
{
	cJSON *a = cJSON_CreateArray();

	for (size_t i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber((double)v[i]));
	return add_query_owned(f, name, API_Q_IN, a);
}

int api_form_add_in_str(struct api_form *f, const char *name, const char *const *v, size_t n)
{
	cJSON *a = cJSON_CreateArray();

	for (size_t i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateString(v[i]));
	return add_query_owned(f, name, API_Q_IN, a);
}
