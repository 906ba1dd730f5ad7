/* decode.c: API records into the model's compact rows, money into cents. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/values.h"
#include "common/dates.h"
#include "common/strbuf.h"
#include "model/model.h"
#include "model/rows.h"

/*
 * Every member goes through one of the readers below, which share one rule:
 * a member that is missing, null, empty or a zero date leaves the "unknown"
 * value (0, "" or NULL); a member that is present but cannot be what the
 * field is (garbage, an object, "CUSTOM" where a number belongs, a number
 * too large for an int) also leaves it and adds one to the bad count.  The
 * typed reading itself is the client's (api/values.h), so the console and
 * `routedesk api` agree on what a value means.
 */

/* The status of a stop whose status is missing or bad.  0 is "pending", so
 * leaving 0 would count a stop nobody knows about as work still to do;
 * m_status_name() calls this "unknown" and the review counts it only in
 * the total. */
#define STATUS_UNKNOWN M_STATUS_UNKNOWN

struct dec {
	const cJSON *rec;
	int bad;
};

static const cJSON *member(const struct dec *d, const char *name)
{
	return cJSON_GetObjectItemCaseSensitive(d->rec, name);
}

static void note_state(struct dec *d, enum api_vstate s)
{
	if (s == API_V_BAD || s == API_V_CUSTOM)
		d->bad++;
}

static long long get_ll(struct dec *d, const char *name)
{
	long long v = 0;
	enum api_vstate s = api_field_int(d->rec, name, &v);

	note_state(d, s);
	return s == API_V_OK ? v : 0;
}

static int get_int_or(struct dec *d, const char *name, int unknown)
{
	long long v = 0;
	enum api_vstate s = api_field_int(d->rec, name, &v);

	if (s == API_V_OK && (v < INT_MIN || v > INT_MAX))
		s = API_V_BAD;
	note_state(d, s);
	return s == API_V_OK ? (int)v : unknown;
}

static int get_int(struct dec *d, const char *name)
{
	return get_int_or(d, name, 0);
}

/* Text as sent.  A JSON number where text belongs (a zip code sent as
 * 85249) is still that text; booleans, arrays and objects are not.  An
 * absent value is NULL when null_if_empty, else "". */
static char *get_text(struct dec *d, const char *name, int null_if_empty)
{
	const cJSON *item = member(d, name);
	const char *s = NULL;
	enum api_vstate st;

	if (cJSON_IsNumber(item)) {
		struct strbuf sb = STRBUF_INIT;

		api_value_text(item, &sb);
		return strbuf_detach(&sb, NULL);
	}
	st = api_field_text(d->rec, name, &s);
	note_state(d, st);
	if (st == API_V_OK && *s)
		return xstrdup(s);
	return null_if_empty ? NULL : xstrdup("");
}

static void get_date(struct dec *d, const char *name, char out[11])
{
	struct rd_date dt;
	enum api_vstate s = api_field_date(d->rec, name, &dt);

	note_state(d, s);
	out[0] = '\0';
	if (s == API_V_OK)
		date_format(&dt, out);
}

static void format_hms(int secs, char *out, size_t size, int with_secs)
{
	int h = secs / 3600, m = secs / 60 % 60, sec = secs % 60;

	if (secs < 0 || secs > 86399) {
		out[0] = '\0';
		return;
	}
	if (with_secs)
		snprintf(out, size, "%02d:%02d:%02d", h, m, sec);
	else
		snprintf(out, size, "%02d:%02d", h, m);
}

/* "YYYY-MM-DD HH:MM:SS", the form changed-since comparisons rely on. */
static void get_datetime(struct dec *d, const char *name, char out[20])
{
	struct rd_date dt;
	int secs = 0;
	enum api_vstate s = api_field_datetime(d->rec, name, &dt, &secs);

	note_state(d, s);
	out[0] = '\0';
	if (s == API_V_OK) {
		date_format(&dt, out);
		out[10] = ' ';
		format_hms(secs, out + 11, 9, 1);
	}
}

/* "YYYY-MM-DD" of a datetime member (customer's dateAdded). */
static void get_day_of(struct dec *d, const char *name, char out[11])
{
	char buf[20];

	get_datetime(d, name, buf);
	memcpy(out, buf, 10);
	out[buf[0] ? 10 : 0] = '\0';
}

/* "HH:MM" of a time ("08:30:00") or of a datetime ("2026-11-20 08:30:00":
 * check-in and check-out carry their day). */
static void get_hhmm(struct dec *d, const char *name, char out[6])
{
	struct api_value v;
	const cJSON *item = member(d, name);
	enum api_vstate s = api_value_decode(item, RT_TIME, &v);

	/* A bare day where a time of day belongs would read as midnight: a
	 * time nobody entered, so it is bad rather than "00:00". */
	if (s == API_V_BAD) {
		enum api_vstate dt = api_value_decode(item, RT_DATETIME, &v);

		if (dt == API_V_UNSET || (dt == API_V_OK && strlen(item->valuestring) > 10))
			s = dt;
	}
	note_state(d, s);
	out[0] = '\0';
	if (s == API_V_OK)
		format_hms(v.secs, out, 6, 0);
}

/* Cents from "249.00" or from a JSON number, printed as the client prints
 * it (cJSON writes a '.' whatever the locale) and read exactly. */
static long long get_cents(struct dec *d, const char *name)
{
	const cJSON *item = member(d, name);
	long long c = 0;

	if (!item || cJSON_IsNull(item))
		return 0;
	if (cJSON_IsString(item)) {
		if (!*item->valuestring)
			return 0;
		if (m_parse_cents(item->valuestring, &c) == 0)
			return c;
	} else if (cJSON_IsNumber(item)) {
		struct strbuf sb = STRBUF_INIT;
		int rc;

		api_value_text(item, &sb);
		rc = m_parse_cents(strbuf_str(&sb), &c);
		strbuf_free(&sb);
		if (rc == 0)
			return c;
	}
	d->bad++;
	return 0;
}

/* ------------------------------------------------------ the walker */

static void *at(void *row, size_t off)
{
	return (char *)row + off;
}

/* "CUSTOM" is a real schedule, not a bad value: it sets the flag. */
static void get_frequency(struct dec *d, const struct m_member *m, void *row)
{
	long long v = 0;
	enum api_vstate s = api_field_int(d->rec, m->name, &v);

	if (s == API_V_CUSTOM)
		*(int *)at(row, m->aux) = 1;
	else if (s == API_V_OK && v >= INT_MIN && v <= INT_MAX)
		*(int *)at(row, m->off) = (int)v;
	else if (s == API_V_OK || s == API_V_BAD)
		d->bad++;
}

static void walk(struct dec *d, const struct m_row_kind *k, void *row);

/* An array of sub rows; something that is not an object is not shown as
 * an empty one, and its elements' bad fields count towards the row's. */
static void get_rows(struct dec *d, const struct m_member *m, void *row)
{
	const cJSON *arr = member(d, m->name), *e;
	char *elems = NULL;
	size_t n = 0;

	if (cJSON_IsArray(arr)) {
		int size = cJSON_GetArraySize(arr);

		elems = size > 0 ? xcalloc((size_t)size, m->sub->size) : NULL;
		cJSON_ArrayForEach(e, arr) {
			struct dec sub = { e, 0 };

			if (!cJSON_IsObject(e)) {
				d->bad++;
				continue;
			}
			walk(&sub, m->sub, elems + n++ * m->sub->size);
			d->bad += sub.bad;
		}
	} else if (arr && !cJSON_IsNull(arr)) {
		d->bad++;
	}
	*(void **)at(row, m->off) = elems;
	*(size_t *)at(row, m->aux) = n;
}

static void walk(struct dec *d, const struct m_row_kind *k, void *row)
{
	memset(row, 0, k->size);
	for (size_t i = 0; i < k->n_members; i++) {
		const struct m_member *m = &k->members[i];
		void *p = at(row, m->off);

		switch (m->store) {
		case MS_LL: *(long long *)p = get_ll(d, m->name); break;
		case MS_INT: *(int *)p = get_int(d, m->name); break;
		case MS_STATUS: *(int *)p = get_int_or(d, m->name, STATUS_UNKNOWN); break;
		case MS_TEXT: *(char **)p = get_text(d, m->name, 0); break;
		case MS_TEXT_OPT: *(char **)p = get_text(d, m->name, 1); break;
		case MS_DATE: get_date(d, m->name, p); break;
		case MS_STAMP: get_datetime(d, m->name, p); break;
		case MS_DAY_OF: get_day_of(d, m->name, p); break;
		case MS_HHMM: get_hhmm(d, m->name, p); break;
		case MS_CENTS: *(long long *)p = get_cents(d, m->name); break;
		case MS_FREQ: get_frequency(d, m, row); break;
		case MS_ROWS: get_rows(d, m, row); break;
		}
	}
}

/* Fills row (zeroed first) from rec by k: the bad count, or -1 when rec is
 * not an object whose first member (the id) is an integer (then row owns
 * nothing).  The elements of an MS_ROWS member are read without that
 * test: an item without an id is still an item. */
static int m_kind_decode(const struct m_row_kind *k, const cJSON *rec, void *row)
{
	struct dec d = { rec, 0 };
	long long id;

	/* The id first: a record without one is not a row (and owns nothing). */
	if (!cJSON_IsObject(rec) || api_field_int(rec, k->members[0].name, &id) != API_V_OK) {
		memset(row, 0, k->size);
		return -1;
	}
	walk(&d, k, row);
	return d.bad;
}

/* Frees what k's text and sub-row members own and clears them. */
static void m_kind_free(const struct m_row_kind *k, void *row)
{
	if (!row)
		return;
	for (size_t i = 0; i < k->n_members; i++) {
		const struct m_member *m = &k->members[i];
		void *p = at(row, m->off);

		if (m->store == MS_TEXT || m->store == MS_TEXT_OPT) {
			free(*(char **)p);
			*(char **)p = NULL;
		} else if (m->store == MS_ROWS) {
			char *elems = *(char **)p;
			size_t *n = at(row, m->aux);

			for (size_t j = 0; j < *n; j++)
				m_kind_free(m->sub, elems + j * m->sub->size);
			free(elems);
			*(char **)p = NULL;
			*n = 0;
		}
	}
}

/* ------------------------------------------------- typed and by name */

/* The typed entry points of model.h, each the walker over its kind. */
#define TYPED(res, kind, type)                                    \
	int m_##kind##_decode(const cJSON *rec, type *out)        \
	{                                                         \
		return m_kind_decode(m_row_kind_find(res), rec, out); \
	}                                                         \
	void m_##kind##_free(type *row)                           \
	{                                                         \
		m_kind_free(m_row_kind_find(res), row);           \
	}                                                         \
	static void kind##_free_row(void *row)                    \
	{                                                         \
		m_##kind##_free(row);                             \
		free(row);                                        \
	}
TYPED("route", route, struct m_route)
TYPED("appointment", appt, struct m_appt)
TYPED("customer", customer, struct m_customer)
TYPED("subscription", subscription, struct m_subscription)
TYPED("ticket", ticket, struct m_ticket)
TYPED("note", note, struct m_note)
TYPED("employee", employee, struct m_employee)
TYPED("serviceType", service_type, struct m_service_type)
TYPED("product", product, struct m_product)
#undef TYPED

/* m_table_new wants a one-argument freer per kind. */
static const struct {
	const char *resource;
	void (*free_row)(void *row);
} freers[] = {
	{ "route", route_free_row }, { "appointment", appt_free_row },
	{ "customer", customer_free_row }, { "subscription", subscription_free_row },
	{ "ticket", ticket_free_row }, { "note", note_free_row },
	{ "employee", employee_free_row }, { "serviceType", service_type_free_row },
	{ "product", product_free_row },
};

void (*m_row_free_fn(const char *resource))(void *row)
{
	for (size_t i = 0; resource && i < sizeof(freers) / sizeof(freers[0]); i++)
		if (strcmp(freers[i].resource, resource) == 0)
			return freers[i].free_row;
	return NULL;
}

void *m_row_decode(const char *resource, const cJSON *rec)
{
	const struct m_row_kind *k = m_row_kind_find(resource);
	void *row;

	if (!k)
		return NULL;
	row = xmalloc(k->size);
	if (m_kind_decode(k, rec, row) < 0) {
		free(row); /* a failed decode owns nothing */
		return NULL;
	}
	return row;
}

void m_row_free(const char *resource, void *row)
{
	const struct m_row_kind *k = m_row_kind_find(resource);

	if (!row)
		return;
	if (k)
		m_kind_free(k, row);
	free(row); /* never decoded here when k is NULL; at least do not leak it */
}

/* ------------------------------------------------------------- money */

/*
 * Read exactly in decimal, never through a double: the significand's
 * digits (the integer part's nint, then the fraction's) times 10^exp, and
 * the cents are its digits down to the hundredths, rounded half away from
 * zero on the next one.  An exponent moves the point ("1.5e2" is 150.00;
 * "1e3", as a JSON number prints past 2^53, is 1000.00); a zero is 0
 * whatever its exponent ("0e400"), and a value below half a cent is 0
 * ("1e-400"), so the exponent is saturated rather than refused.
 */
int m_parse_cents(const char *s, long long *cents)
{
	const char *p = s, *ip, *fp = "";
	const unsigned long long limit = (unsigned long long)LLONG_MAX;
	unsigned long long total = 0;
	long long nint = 0, nfrac = 0, exp = 0, keep, i;
	int neg = 0, round_up;

	if (!s)
		return -1;
	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	for (ip = p; *p >= '0' && *p <= '9'; p++)
		nint++;
	if (*p == '.')
		for (fp = ++p; *p >= '0' && *p <= '9'; p++)
			nfrac++;
	/* Only digits with at most one point, then an optional exponent:
	 * " 1", "1,5", "0x10", "inf", ".", "1e" and "" are not amounts. */
	if (!nint && !nfrac)
		return -1;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (api_parse_exponent(&p, &exp) < 0)
			return -1;
	}
	if (*p)
		return -1;
	/* The significand's digits that are whole cents: up to the point
	 * moved by the exponent, and two more. */
	keep = nint + exp + 2;
	for (i = 0; i < keep; i++) {
		unsigned d = i < nint ? (unsigned)(ip[i] - '0')
		           : i < nint + nfrac ? (unsigned)(fp[i - nint] - '0') : 0;
		if (total > (limit - d) / 10)
			return -1;
		total = total * 10 + d;
		if (!total && i >= nint + nfrac)
			break; /* zeros past the digits stay zero */
	}
	/* half away from zero: "0.005" is a cent */
	round_up = keep >= 0 && keep < nint + nfrac &&
	           (keep < nint ? ip[keep] : fp[keep - nint]) >= '5';
	if (total > limit - (unsigned long long)round_up)
		return -1;
	total += (unsigned long long)round_up;
	*cents = neg ? -(long long)total : (long long)total;
	return 0;
}

void m_format_cents(long long cents, char *buf)
{
	/* Unsigned so that LLONG_MIN has a magnitude. */
	unsigned long long mag = cents < 0 ? 0ULL - (unsigned long long)cents
	                                   : (unsigned long long)cents;

	snprintf(buf, 24, "%s%llu.%02llu", cents < 0 ? "-" : "", mag / 100, mag % 100);
}

const char *m_status_name(int status)
{
	switch (status) {
	case M_PENDING: return "pending";
	case M_COMPLETED: return "completed";
	case M_NOSHOW: return "no-show";
	case M_CANCELLED: return "cancelled";
	case M_RESCHEDULED: return "rescheduled";
	}
	return "unknown";
}
