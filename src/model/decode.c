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

/* Starts a decode: 0 with *id set when rec is an object with an integer
 * primary key, else -1. */
static int begin(struct dec *d, const cJSON *rec, const char *pk, long long *id)
{
	d->rec = rec;
	d->bad = 0;
	if (!cJSON_IsObject(rec) || api_field_int(rec, pk, id) != API_V_OK)
		return -1;
	return 0;
}

int m_route_decode(const cJSON *rec, struct m_route *out)
{
	struct dec d;

	memset(out, 0, sizeof(*out));
	if (begin(&d, rec, "routeID", &out->id) < 0)
		return -1;
	out->office_id = get_ll(&d, "officeID");
	out->group_id = get_ll(&d, "groupID");
	out->tech_id = get_ll(&d, "assignedTech");
	get_date(&d, "date", out->date);
	out->title = get_text(&d, "title", 0);
	out->group_title = get_text(&d, "groupTitle", 0);
	out->day_notes = get_text(&d, "dayNotes", 1);
	out->day_alert = get_text(&d, "dayAlert", 1);
	out->locked = get_int(&d, "lockedRoute");
	get_datetime(&d, "dateUpdated", out->updated);
	return d.bad;
}

void m_route_free(struct m_route *r)
{
	if (!r)
		return;
	free(r->title);
	free(r->group_title);
	free(r->day_notes);
	free(r->day_alert);
	r->title = r->group_title = r->day_notes = r->day_alert = NULL;
}

int m_appt_decode(const cJSON *rec, struct m_appt *out)
{
	struct dec d;

	memset(out, 0, sizeof(*out));
	if (begin(&d, rec, "appointmentID", &out->id) < 0)
		return -1;
	out->route_id = get_ll(&d, "routeID");
	out->customer_id = get_ll(&d, "customerID");
	out->office_id = get_ll(&d, "officeID");
	out->subscription_id = get_ll(&d, "subscriptionID");
	out->service_type_id = get_ll(&d, "type");
	out->ticket_id = get_ll(&d, "ticketID");
	out->tech_id = get_ll(&d, "assignedTech");
	out->serviced_by = get_ll(&d, "servicedBy");
	out->status = get_int_or(&d, "status", STATUS_UNKNOWN);
	out->sequence = get_int(&d, "sequence");
	out->duration = get_int(&d, "duration");
	out->call_ahead = get_int(&d, "callAhead");
	out->is_initial = get_int(&d, "isInitial");
	get_date(&d, "date", out->date);
	get_hhmm(&d, "start", out->start);
	get_hhmm(&d, "end", out->end);
	get_hhmm(&d, "timeIn", out->time_in);
	get_hhmm(&d, "timeOut", out->time_out);
	out->time_window = get_text(&d, "timeWindow", 1);
	out->notes = get_text(&d, "notes", 1);
	out->office_notes = get_text(&d, "officeNotes", 1);
	get_datetime(&d, "dateUpdated", out->updated);
	return d.bad;
}

void m_appt_free(struct m_appt *a)
{
	if (!a)
		return;
	free(a->time_window);
	free(a->notes);
	free(a->office_notes);
	a->time_window = a->notes = a->office_notes = NULL;
}

int m_customer_decode(const cJSON *rec, struct m_customer *out)
{
	struct dec d;

	memset(out, 0, sizeof(*out));
	if (begin(&d, rec, "customerID", &out->id) < 0)
		return -1;
	out->office_id = get_ll(&d, "officeID");
	out->fname = get_text(&d, "fname", 0);
	out->lname = get_text(&d, "lname", 0);
	out->company = get_text(&d, "companyName", 0);
	out->address = get_text(&d, "address", 0);
	out->city = get_text(&d, "city", 0);
	out->state = get_text(&d, "state", 0);
	out->zip = get_text(&d, "zip", 0);
	out->phone = get_text(&d, "phone1", 0);
	out->email = get_text(&d, "email", 0);
	out->red_notes = get_text(&d, "notes", 1);
	out->balance = get_cents(&d, "balance");
	out->balance_age = get_int(&d, "balanceAge");
	out->status = get_int(&d, "status");
	out->commercial = get_int(&d, "commercialAccount");
	get_day_of(&d, "dateAdded", out->added);
	get_datetime(&d, "dateUpdated", out->updated);
	return d.bad;
}

void m_customer_free(struct m_customer *c)
{
	if (!c)
		return;
	free(c->fname);
	free(c->lname);
	free(c->company);
	free(c->address);
	free(c->city);
	free(c->state);
	free(c->zip);
	free(c->phone);
	free(c->email);
	free(c->red_notes);
	c->fname = c->lname = c->company = c->address = c->city = NULL;
	c->state = c->zip = c->phone = c->email = c->red_notes = NULL;
}

int m_subscription_decode(const cJSON *rec, struct m_subscription *out)
{
	struct dec d;
	long long v = 0;
	enum api_vstate s;

	memset(out, 0, sizeof(*out));
	if (begin(&d, rec, "subscriptionID", &out->id) < 0)
		return -1;
	out->customer_id = get_ll(&d, "customerID");
	out->office_id = get_ll(&d, "officeID");
	out->service_type_id = get_ll(&d, "serviceID");
	out->preferred_tech = get_ll(&d, "preferredTech");
	out->active = get_int(&d, "active");
	out->service_type = get_text(&d, "serviceType", 0);
	/* "CUSTOM" is a real schedule the service cannot express in days. */
	s = api_field_int(rec, "frequency", &v);
	if (s == API_V_CUSTOM)
		out->frequency_custom = 1;
	else if (s == API_V_OK && v >= INT_MIN && v <= INT_MAX)
		out->frequency = (int)v;
	else if (s == API_V_OK || s == API_V_BAD)
		d.bad++;
	out->recurring_charge = get_cents(&d, "recurringCharge");
	out->contract_value = get_cents(&d, "contractValue");
	get_date(&d, "nextService", out->next_service);
	get_date(&d, "lastCompleted", out->last_completed);
	out->lead_stage_id = get_ll(&d, "leadStageID");
	out->lead_stage = get_text(&d, "leadStage", 1);
	out->lead_status = get_text(&d, "leadStatus", 1);
	out->lead_value = get_cents(&d, "leadValue");
	get_datetime(&d, "dateUpdated", out->updated);
	return d.bad;
}

void m_subscription_free(struct m_subscription *s)
{
	if (!s)
		return;
	free(s->service_type);
	free(s->lead_stage);
	free(s->lead_status);
	s->service_type = s->lead_stage = s->lead_status = NULL;
}

/* One ticket item; its bad fields count towards the ticket's. */
static void item_decode(struct dec *d, struct m_item *it)
{
	memset(it, 0, sizeof(*it));
	it->id = get_ll(d, "itemID");
	it->ticket_id = get_ll(d, "ticketID");
	it->product_id = get_ll(d, "productID");
	it->description = get_text(d, "description", 0);
	it->quantity = get_int(d, "quantity");
	it->taxable = get_int(d, "taxable");
	it->amount = get_cents(d, "amount");
}

int m_ticket_decode(const cJSON *rec, struct m_ticket *out)
{
	struct dec d;
	const cJSON *items, *e;

	memset(out, 0, sizeof(*out));
	if (begin(&d, rec, "ticketID", &out->id) < 0)
		return -1;
	out->customer_id = get_ll(&d, "customerID");
	out->subscription_id = get_ll(&d, "subscriptionID");
	out->appointment_id = get_ll(&d, "appointmentID");
	out->service_id = get_ll(&d, "serviceID");
	out->active = get_int(&d, "active");
	get_date(&d, "invoiceDate", out->invoice_date);
	out->invoice_number = get_text(&d, "invoiceNumber", 0);
	out->subtotal = get_cents(&d, "subTotal");
	out->tax = get_cents(&d, "taxAmount");
	out->total = get_cents(&d, "total");
	out->balance = get_cents(&d, "balance");
	get_datetime(&d, "dateUpdated", out->updated);

	items = member(&d, "items");
	if (cJSON_IsArray(items)) {
		int n = cJSON_GetArraySize(items);

		out->items = n > 0 ? xcalloc((size_t)n, sizeof(*out->items)) : NULL;
		cJSON_ArrayForEach(e, items) {
			struct dec sub = { e, 0 };

			/* Something that is not an item is not shown as an empty one. */
			if (!cJSON_IsObject(e)) {
				d.bad++;
				continue;
			}
			item_decode(&sub, &out->items[out->n_items++]);
			d.bad += sub.bad;
		}
	} else if (items && !cJSON_IsNull(items)) {
		d.bad++;
	}
	return d.bad;
}

void m_ticket_free(struct m_ticket *t)
{
	if (!t)
		return;
	free(t->invoice_number);
	t->invoice_number = NULL;
	for (size_t i = 0; i < t->n_items; i++)
		free(t->items[i].description);
	free(t->items);
	t->items = NULL;
	t->n_items = 0;
}

int m_note_decode(const cJSON *rec, struct m_note *out)
{
	struct dec d;

	memset(out, 0, sizeof(*out));
	if (begin(&d, rec, "noteID", &out->id) < 0)
		return -1;
	out->customer_id = get_ll(&d, "customerID");
	out->employee_id = get_ll(&d, "employeeID");
	out->type_id = get_ll(&d, "typeID");
	out->reference_id = get_ll(&d, "referenceID");
	out->type = get_text(&d, "type", 0);
	out->text = get_text(&d, "notes", 0);
	out->employee_name = get_text(&d, "employeeName", 0);
	out->show_tech = get_int(&d, "showTech");
	out->show_customer = get_int(&d, "showCustomer");
	out->show_invoice = get_int(&d, "showOnInvoice");
	get_datetime(&d, "date", out->date);
	get_datetime(&d, "dateUpdated", out->updated);
	return d.bad;
}

void m_note_free(struct m_note *n)
{
	if (!n)
		return;
	free(n->type);
	free(n->text);
	free(n->employee_name);
	n->type = n->text = n->employee_name = NULL;
}

int m_employee_decode(const cJSON *rec, struct m_employee *out)
{
	struct dec d;

	memset(out, 0, sizeof(*out));
	if (begin(&d, rec, "employeeID", &out->id) < 0)
		return -1;
	out->office_id = get_ll(&d, "officeID");
	out->fname = get_text(&d, "fname", 0);
	out->lname = get_text(&d, "lname", 0);
	out->initials = get_text(&d, "initials", 0);
	out->type = get_int(&d, "type");
	out->active = get_int(&d, "active");
	return d.bad;
}

void m_employee_free(struct m_employee *e)
{
	if (!e)
		return;
	free(e->fname);
	free(e->lname);
	free(e->initials);
	e->fname = e->lname = e->initials = NULL;
}

int m_service_type_decode(const cJSON *rec, struct m_service_type *out)
{
	struct dec d;

	memset(out, 0, sizeof(*out));
	if (begin(&d, rec, "typeID", &out->id) < 0)
		return -1;
	out->description = get_text(&d, "description", 0);
	out->default_charge = get_cents(&d, "defaultCharge");
	return d.bad;
}

void m_service_type_free(struct m_service_type *s)
{
	if (!s)
		return;
	free(s->description);
	s->description = NULL;
}

int m_product_decode(const cJSON *rec, struct m_product *out)
{
	struct dec d;

	memset(out, 0, sizeof(*out));
	if (begin(&d, rec, "productID", &out->id) < 0)
		return -1;
	out->description = get_text(&d, "description", 0);
	out->code = get_text(&d, "code", 0);
	out->amount = get_cents(&d, "amount");
	out->taxable = get_int(&d, "taxable");
	return d.bad;
}

void m_product_free(struct m_product *p)
{
	if (!p)
		return;
	free(p->description);
	free(p->code);
	p->description = p->code = NULL;
}

/* ------------------------------------------------------- rows by name */

/* Each kind of row once: its resource name, size, decoder and freers.
 * The casts are confined to the generated wrappers below. */
#define ROW_KINDS(X)                                          \
	X("route", route, struct m_route)                      \
	X("appointment", appt, struct m_appt)                  \
	X("customer", customer, struct m_customer)             \
	X("subscription", subscription, struct m_subscription) \
	X("ticket", ticket, struct m_ticket)                   \
	X("note", note, struct m_note)                         \
	X("employee", employee, struct m_employee)             \
	X("serviceType", service_type, struct m_service_type)  \
	X("product", product, struct m_product)

#define WRAP(name, kind, type)                                   \
	static int kind##_decode_any(const cJSON *rec, void *row) \
	{                                                         \
		return m_##kind##_decode(rec, (type *)row);       \
	}                                                         \
	static void kind##_free_row(void *row)                    \
	{                                                         \
		m_##kind##_free((type *)row);                     \
		free(row);                                        \
	}
ROW_KINDS(WRAP)
#undef WRAP

struct row_kind {
	const char *name;
	size_t size;
	int (*decode)(const cJSON *rec, void *row);
	void (*free_row)(void *row);
};

static const struct row_kind row_kinds[] = {
#define ENTRY(name, kind, type) { name, sizeof(type), kind##_decode_any, kind##_free_row },
	ROW_KINDS(ENTRY)
#undef ENTRY
};

static const struct row_kind *row_kind(const char *resource)
{
	if (!resource)
		return NULL;
	for (size_t i = 0; i < sizeof(row_kinds) / sizeof(row_kinds[0]); i++)
		if (strcmp(row_kinds[i].name, resource) == 0)
			return &row_kinds[i];
	return NULL;
}

void *m_row_decode(const char *resource, const cJSON *rec)
{
	const struct row_kind *k = row_kind(resource);
	void *row;

	if (!k)
		return NULL;
	row = xmalloc(k->size);
	if (k->decode(rec, row) < 0) {
		free(row); /* a failed decode owns nothing */
		return NULL;
	}
	return row;
}

void m_row_free(const char *resource, void *row)
{
	const struct row_kind *k = row_kind(resource);

	if (!row)
		return;
	if (k)
		k->free_row(row);
	else
		free(row); /* never decoded here; at least do not leak it */
}

void (*m_row_free_fn(const char *resource))(void *row)
{
	const struct row_kind *k = row_kind(resource);

	return k ? k->free_row : NULL;
}

/* ------------------------------------------------------------- money */

int m_parse_cents(const char *s, long long *cents)
{
	const char *p = s;
	unsigned long long whole = 0, frac = 0, total;
	const unsigned long long limit = (unsigned long long)LLONG_MAX;
	int neg = 0, digits = 0, nfrac = 0, round_up = 0;

	if (!s)
		return -1;
	if (*p == '-' || *p == '+')
		neg = *p++ == '-';
	for (; *p >= '0' && *p <= '9'; p++, digits++) {
		if (whole > (limit - (unsigned long long)(*p - '0')) / 10)
			return -1;
		whole = whole * 10 + (unsigned long long)(*p - '0');
	}
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++, digits++, nfrac++) {
			if (nfrac < 2)
				frac = frac * 10 + (unsigned long long)(*p - '0');
			else if (nfrac == 2)
				round_up = *p >= '5'; /* half away from zero: "0.005" is a cent */
		}
	}
	/* Only digits with at most one point: "1e3", " 1", "1,5", "0x10",
	 * "inf", "." and "" are not amounts. */
	if (*p || !digits)
		return -1;
	if (nfrac == 1)
		frac *= 10;
	if (whole > (limit - frac - (unsigned long long)round_up) / 100)
		return -1;
	total = whole * 100 + frac + (unsigned long long)round_up;
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
