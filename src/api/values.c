/* values.c: typed decoding of record values (strings, nulls, lists, zero dates). */
#include "config.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api/values.h"
#include "common/strbuf.h"

const char *api_vstate_name(enum api_vstate s)
{
	switch (s) {
	case API_V_OK: return "ok";
	case API_V_MISSING: return "missing";
	case API_V_NULL: return "null";
	case API_V_UNSET: return "unset";
	case API_V_CUSTOM: return "custom";
	case API_V_BAD: return "bad";
	}
	return "bad";
}

int api_parse_ll(const char *s, long long *out)
{
	const char *p = s;
	unsigned long long v = 0, limit;
	int neg = 0;

	if (!s)
		return -1;
	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	if (!*p)
		return -1;
	limit = neg ? (unsigned long long)LLONG_MAX + 1 : (unsigned long long)LLONG_MAX;
	for (; *p; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		if (v > (limit - (unsigned long long)(*p - '0')) / 10)
			return -1;
		v = v * 10 + (unsigned long long)(*p - '0');
	}
	if (neg)
		*out = v == (unsigned long long)LLONG_MAX + 1 ? LLONG_MIN : -(long long)v;
	else
		*out = (long long)v;
	return 0;
}

int api_parse_exponent(const char **p, long long *out)
{
	const char *q = *p;
	long long e = 0;
	int neg = 0;

	if (*q == '-' || *q == '+')
		neg = *q++ == '-';
	if (*q < '0' || *q > '9')
		return -1;
	for (; *q >= '0' && *q <= '9'; q++)
		if (e < 1000000000000LL)
			e = e * 10 + (*q - '0');
	*out = neg ? -e : e;
	*p = q;
	return 0;
}

/* A decimal number ("249.00", "-0.5", "1e3") read without strtod: strtod
 * follows LC_NUMERIC, and the console runs in the user's locale, where the
 * decimal point may be a comma.  A zero is +0 whatever its sign and
 * exponent ("0e400" is zero, not 0 x inf); a value too small for a double
 * reads as the 0 it rounds to; one too large for it is -1, the only
 * number refused. */
static int parse_decimal(const char *s, double *out)
{
	unsigned long long mant = 0;
	int neg = 0, digits = 0;
	long long exp = 0, dropped = 0, frac = 0, e;
	const char *p = s;
	double d;

	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	for (; *p >= '0' && *p <= '9'; p++, digits++) {
		if (mant < 100000000000000000ULL)
			mant = mant * 10 + (unsigned long long)(*p - '0');
		else
			dropped++;
	}
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++, digits++) {
			if (mant < 100000000000000000ULL) {
				mant = mant * 10 + (unsigned long long)(*p - '0');
				frac++;
			}
		}
	}
	if (!digits)
		return -1;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (api_parse_exponent(&p, &e) < 0)
			return -1;
		exp = e;
	}
	if (*p)
		return -1;
	if (mant == 0) {
		*out = 0.0;
		return 0;
	}
	exp += dropped - frac;
	/* mant is below 1e18: past these bounds the value is beyond any
	 * double (inf) or below half the least one (0). */
	if (exp > 400)
		return -1;
	if (exp < -400) {
		*out = 0.0;
		return 0;
	}
	d = (double)mant;
	/* Dividing by an exact power of ten rounds once, so "0.1" is 0.1;
	 * far below, in two steps, lest 10^exp underflow alone where the
	 * product would not ("100000000000000000e-340"). */
	if (exp < 0 && exp >= -22) {
		d /= pow(10.0, (double)-exp);
	} else if (exp < -300) {
		d *= pow(10.0, (double)(exp + 100));
		d *= 1e-100;
	} else if (exp != 0) {
		d *= pow(10.0, (double)exp);
	}
	if (!isfinite(d))
		return -1;
	*out = d == 0.0 ? 0.0 : neg ? -d : d;
	return 0;
}

static int is_zero_date(const char *s)
{
	return strcmp(s, "0000-00-00") == 0 || strcmp(s, "0000-00-00 00:00:00") == 0;
}

/* "HH:MM:SS" or "HH:MM". */
static int parse_time(const char *s, int *secs)
{
	size_t n = strlen(s);
	int h, m, sec = 0;

	if ((n != 5 && n != 8) || s[2] != ':' || (n == 8 && s[5] != ':'))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (i != 2 && i != 5 && (s[i] < '0' || s[i] > '9'))
			return -1;
	h = (s[0] - '0') * 10 + (s[1] - '0');
	m = (s[3] - '0') * 10 + (s[4] - '0');
	if (n == 8)
		sec = (s[6] - '0') * 10 + (s[7] - '0');
	if (h > 23 || m > 59 || sec > 59)
		return -1;
	*secs = h * 3600 + m * 60 + sec;
	return 0;
}

static int number_as_ll(const cJSON *item, long long *out)
{
	double d = item->valuedouble;

	if (!isfinite(d) || d != floor(d) || fabs(d) > 9007199254740992.0)
		return -1;
	*out = (long long)d;
	return 0;
}

/* One id of a list: a JSON integer or a string of digits (spaces allowed
 * around it, as in "1, 2"). */
static int one_id(const char *s, size_t len, long long *out)
{
	char buf[32];

	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (!len || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return api_parse_ll(buf, out);
}

static enum api_vstate decode_ids(const cJSON *item, struct api_value *out)
{
	size_t cap = 0;
	const cJSON *e;

	if (cJSON_IsArray(item)) {
		cJSON_ArrayForEach(e, item) {
			long long id;
			int rc = -1;

			if (cJSON_IsNumber(e))
				rc = number_as_ll(e, &id);
			else if (cJSON_IsString(e))
				rc = one_id(e->valuestring, strlen(e->valuestring), &id);
			if (rc < 0)
				goto bad;
			if (out->n_ids == cap) {
				cap = cap ? cap * 2 : 8;
				out->ids = xrealloc(out->ids, cap * sizeof(*out->ids));
			}
			out->ids[out->n_ids++] = id;
		}
		return out->state = API_V_OK;
	}
	if (cJSON_IsNumber(item)) {
		out->ids = xmalloc(sizeof(*out->ids));
		if (number_as_ll(item, &out->ids[0]) < 0)
			goto bad;
		out->n_ids = 1;
		return out->state = API_V_OK;
	}
	if (cJSON_IsString(item)) {
		const char *s = item->valuestring, *comma;

		if (!*s)
			return out->state = API_V_UNSET;
		for (;;) {
			long long id;

			comma = strchr(s, ',');
			if (one_id(s, comma ? (size_t)(comma - s) : strlen(s), &id) < 0)
				goto bad;
			if (out->n_ids == cap) {
				cap = cap ? cap * 2 : 8;
				out->ids = xrealloc(out->ids, cap * sizeof(*out->ids));
			}
			out->ids[out->n_ids++] = id;
			if (!comma)
				break;
			s = comma + 1;
		}
		return out->state = API_V_OK;
	}
bad:
	free(out->ids);
	out->ids = NULL;
	out->n_ids = 0;
	return out->state = API_V_BAD;
}

static enum api_vstate decode_string(const char *s, enum res_type type, struct api_value *out)
{
	switch (type) {
	case RT_INT:
	case RT_BOOL:
		if (strcmp(s, "CUSTOM") == 0)
			return API_V_CUSTOM;
		if (type == RT_BOOL && (strcmp(s, "true") == 0 || strcmp(s, "false") == 0)) {
			out->i = s[0] == 't';
			return API_V_OK;
		}
		return api_parse_ll(s, &out->i) == 0 ? API_V_OK : API_V_BAD;
	case RT_NUM:
		return parse_decimal(s, &out->num) == 0 ? API_V_OK : API_V_BAD;
	case RT_TEXT:
		out->text = s;
		return API_V_OK;
	case RT_DATE:
	case RT_DATETIME:
		if (is_zero_date(s))
			return API_V_UNSET;
		/* A date field that carries a time, or a datetime field that
		 * carries only a date, is still one unambiguous day. */
		return datetime_parse(s, &out->date, &out->secs) == 0 ? API_V_OK : API_V_BAD;
	case RT_TIME:
		return parse_time(s, &out->secs) == 0 ? API_V_OK : API_V_BAD;
	case RT_JSON:
		out->text = s;
		return API_V_OK;
	case RT_IDLIST:
		break; /* handled by decode_ids */
	}
	return API_V_BAD;
}

enum api_vstate api_value_decode(const cJSON *item, enum res_type type, struct api_value *out)
{
	memset(out, 0, sizeof(*out));
	out->type = type;
	if (!item)
		return out->state = API_V_MISSING;
	if (cJSON_IsNull(item))
		return out->state = API_V_NULL;
	if (type == RT_IDLIST)
		return decode_ids(item, out);
	if (type == RT_JSON && (cJSON_IsArray(item) || cJSON_IsObject(item))) {
		out->json = item;
		return out->state = API_V_OK;
	}
	if (cJSON_IsString(item)) {
		const char *s = item->valuestring;

		/* Empty means "no value" for everything but free text. */
		if (!*s && type != RT_TEXT)
			return out->state = API_V_UNSET;
		return out->state = decode_string(s, type, out);
	}
	if (cJSON_IsNumber(item)) {
		if (type == RT_NUM) {
			out->num = item->valuedouble;
			return out->state = API_V_OK;
		}
		if (type == RT_INT || type == RT_BOOL)
			return out->state = number_as_ll(item, &out->i) == 0 ? API_V_OK : API_V_BAD;
		return out->state = API_V_BAD;
	}
	/* true is not the integer 1: a write's "result":true acknowledges,
	 * it does not name record 1. */
	if (cJSON_IsBool(item) && type == RT_BOOL) {
		out->i = cJSON_IsTrue(item);
		return out->state = API_V_OK;
	}
	return out->state = API_V_BAD;
}

void api_value_free(struct api_value *v)
{
	if (!v)
		return;
	free(v->ids);
	v->ids = NULL;
	v->n_ids = 0;
}

static const cJSON *member(const cJSON *rec, const char *name)
{
	return cJSON_IsObject(rec) ? cJSON_GetObjectItemCaseSensitive(rec, name) : NULL;
}

enum api_vstate api_field_int(const cJSON *rec, const char *name, long long *out)
{
	struct api_value v;
	enum api_vstate s = api_value_decode(member(rec, name), RT_INT, &v);

	if (s == API_V_OK)
		*out = v.i;
	return s;
}

enum api_vstate api_field_num(const cJSON *rec, const char *name, double *out)
{
	struct api_value v;
	enum api_vstate s = api_value_decode(member(rec, name), RT_NUM, &v);

	if (s == API_V_OK)
		*out = v.num;
	return s;
}

enum api_vstate api_field_text(const cJSON *rec, const char *name, const char **out)
{
	struct api_value v;
	enum api_vstate s = api_value_decode(member(rec, name), RT_TEXT, &v);

	if (s == API_V_OK)
		*out = v.text;
	return s;
}

enum api_vstate api_field_date(const cJSON *rec, const char *name, struct rd_date *out)
{
	struct api_value v;
	enum api_vstate s = api_value_decode(member(rec, name), RT_DATE, &v);

	if (s == API_V_OK)
		*out = v.date;
	return s;
}

enum api_vstate api_field_datetime(const cJSON *rec, const char *name, struct rd_date *out,
                                   int *secs)
{
	struct api_value v;
	enum api_vstate s = api_value_decode(member(rec, name), RT_DATETIME, &v);

	if (s == API_V_OK) {
		*out = v.date;
		if (secs)
			*secs = v.secs;
	}
	return s;
}

enum api_vstate api_field_ids(const cJSON *rec, const char *name, long long **ids, size_t *n)
{
	struct api_value v;
	enum api_vstate s = api_value_decode(member(rec, name), RT_IDLIST, &v);

	if (s == API_V_OK) {
		*ids = v.ids;
		*n = v.n_ids;
	} else {
		api_value_free(&v);
	}
	return s;
}

void api_value_text(const cJSON *item, struct strbuf *out)
{
	const cJSON *e;
	char *text;

	if (!item || cJSON_IsNull(item))
		return;
	if (cJSON_IsString(item)) {
		strbuf_adds(out, item->valuestring);
	} else if (cJSON_IsNumber(item)) {
		long long v;

		if (number_as_ll(item, &v) == 0) {
			strbuf_addf(out, "%lld", v);
		} else {
			text = cJSON_PrintUnformatted(item); /* '.' whatever the locale */
			strbuf_adds(out, text ? text : "");
			cJSON_free(text);
		}
	} else if (cJSON_IsBool(item)) {
		strbuf_adds(out, cJSON_IsTrue(item) ? "1" : "0");
	} else if (cJSON_IsArray(item)) {
		int first = 1;

		cJSON_ArrayForEach(e, item) {
			if (!first)
				strbuf_adds(out, ", ");
			first = 0;
			if (cJSON_IsArray(e) || cJSON_IsObject(e)) {
				text = cJSON_PrintUnformatted(e);
				strbuf_adds(out, text ? text : "");
				cJSON_free(text);
			} else {
				api_value_text(e, out);
			}
		}
	} else {
		text = cJSON_PrintUnformatted(item);
		strbuf_adds(out, text ? text : "");
		cJSON_free(text);
	}
}

int api_record_decode(const struct resource *r, const cJSON *rec, struct api_record *out)
{
	const cJSON *obj = cJSON_IsObject(rec) ? rec : NULL;
	int pk_ok = 0;

	memset(out, 0, sizeof(*out));
	out->res = r;
	out->raw = rec;
	out->values = xcalloc(r->n_fields ? r->n_fields : 1, sizeof(*out->values));
	for (size_t i = 0; i < r->n_fields; i++) {
		const struct res_field *f = &r->fields[i];
		struct api_value *v = &out->values[i];

		if (api_value_decode(obj ? cJSON_GetObjectItemCaseSensitive(obj, f->name) : NULL,
		                     f->type, v) == API_V_BAD)
			out->n_bad++;
		if (strcmp(f->name, r->pk) == 0 && v->state == API_V_OK && f->type == RT_INT) {
			out->id = v->i;
			pk_ok = 1;
		}
	}
	/* A table whose pk is not among its fields still keys by the member. */
	if (!pk_ok && obj && res_field_index(r, r->pk) < 0 &&
	    api_field_int(obj, r->pk, &out->id) == API_V_OK)
		pk_ok = 1;
	return pk_ok ? 0 : -1;
}

void api_record_free(struct api_record *rec)
{
	if (!rec || !rec->values)
		return;
	for (size_t i = 0; i < rec->res->n_fields; i++)
		api_value_free(&rec->values[i]);
	free(rec->values);
	rec->values = NULL;
}

const struct api_value *api_record_get(const struct api_record *rec, const char *name)
{
	int i = res_field_index(rec->res, name);

	return i < 0 ? NULL : &rec->values[i];
}
