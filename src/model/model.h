/* model.h: typed, compact records for what the panes show, and the route review. */
#ifndef ROUTEDESK_MODEL_H
#define ROUTEDESK_MODEL_H

#include <limits.h>
#include <stddef.h>
#include <cjson/cJSON.h>

/*
 * Design: the API sends every value as a string and records of ~100 fields;
 * a pane needs a dozen.  Rows are decoded once, on the fetch thread, into
 * these small structs (money in cents, dates as fixed strings, text
 * malloc'd and owned by the row), so 100,000 customers fit in a few tens of
 * MB.  A detail view asks for the full record again (by-id) rather than
 * every row carrying its raw JSON.  Decoding never fails on a bad field: it
 * leaves the member at its "unknown" value (0, "" or NULL) and counts it.
 *
 * Text members are as the API sent them (UTF-8, NOT sanitised): the UI
 * escapes control characters when it draws.
 */

/* Appointment (stop) status, as the service numbers it. */
enum m_status {
	M_PENDING = 0,
	M_COMPLETED = 1,
	M_NOSHOW = 2,
	M_CANCELLED = -1,
	M_RESCHEDULED = -2,
	M_STATUS_UNKNOWN = INT_MIN, /* missing or undecodable: never "pending" */
};

struct m_route {
	long long id, office_id, group_id;
	long long tech_id;          /* assignedTech; 0 = UNASSIGNED */
	char date[11];              /* "YYYY-MM-DD" */
	char *title, *group_title;
	char *day_notes, *day_alert; /* NULL when empty */
	int locked;                 /* lockedRoute */
	char updated[20];           /* dateUpdated, "" when unset */
};

struct m_appt {
	long long id, route_id, customer_id, office_id;
	long long subscription_id;  /* -1 stand-alone */
	long long service_type_id;  /* "type" */
	long long ticket_id;        /* 0 none */
	long long tech_id;          /* assignedTech, 0 = the route's */
	long long serviced_by;
	int status;                 /* enum m_status */
	int sequence, duration, call_ahead, is_initial;
	char date[11];
	char start[6], end[6];      /* "HH:MM", "" when unset */
	char time_in[6], time_out[6]; /* check-in/out "HH:MM", "" when unset */
	char *time_window;          /* "AM", "PM", "AT"... or NULL */
	char *notes, *office_notes; /* NULL when empty */
	char updated[20];
};

struct m_customer {
	long long id, office_id;
	char *fname, *lname, *company; /* never NULL ("" when absent) */
	char *address, *city, *state, *zip, *phone, *email;
	char *red_notes;            /* "notes": standing notes, NULL when empty */
	long long balance;          /* cents */
	int balance_age;            /* days */
	int status;                 /* 1 active, 0 inactive */
	int commercial;
	char added[11];
	char updated[20];
};

struct m_subscription {
	long long id, customer_id, office_id, service_type_id;
	long long preferred_tech;
	int active;                 /* 1 active, 0 frozen, -3 lead */
	char *service_type;         /* serviceType text, "" when absent */
	int frequency;              /* days; -1 one-time, 0 as needed */
	int frequency_custom;       /* 1 when the service said "CUSTOM" */
	long long recurring_charge, contract_value; /* cents */
	char next_service[11], last_completed[11]; /* "" when unset */
	long long lead_stage_id;    /* 0 when not a lead */
	char *lead_stage;           /* NULL unless a lead */
	char *lead_status;          /* the raw leadStatus code ("1" open, "2" won), NULL unless a lead */
	long long lead_value;       /* cents */
	char updated[20];
};

struct m_item {
	long long id, ticket_id, product_id;
	char *description;
	int quantity, taxable;
	long long amount;           /* cents, may be negative */
};

struct m_ticket {
	long long id, customer_id, subscription_id, appointment_id, service_id;
	int active;                 /* 1 active, 0 pending, -1 template */
	char invoice_date[11];
	char *invoice_number;
	long long subtotal, tax, total, balance; /* cents */
	struct m_item *items;       /* owned array */
	size_t n_items;
	char updated[20];
};

struct m_note {
	long long id, customer_id, employee_id, type_id, reference_id;
	char *type, *text, *employee_name;
	int show_tech, show_customer, show_invoice;
	char date[20];
	char updated[20];
};

struct m_employee {
	long long id, office_id;
	char *fname, *lname, *initials;
	int type, active;           /* type 0 office, 1 technician, 2 sales */
};

struct m_service_type {
	long long id;
	char *description;
	long long default_charge;   /* cents */
};

struct m_product {
	long long id;
	char *description, *code;
	long long amount;           /* cents */
	int taxable;
};

/* Decoders: fill *out from one API record.  Return the number of fields
 * that were present but undecodable (0 for a clean record), or -1 when rec
 * is not an object with an integer primary key (then *out is zeroed and
 * needs no freeing).  Free with the matching m_*_free (members only; the
 * struct itself is the caller's). */
int m_route_decode(const cJSON *rec, struct m_route *out);
int m_appt_decode(const cJSON *rec, struct m_appt *out);
int m_customer_decode(const cJSON *rec, struct m_customer *out);
int m_subscription_decode(const cJSON *rec, struct m_subscription *out);
int m_ticket_decode(const cJSON *rec, struct m_ticket *out); /* items too */
int m_note_decode(const cJSON *rec, struct m_note *out);
int m_employee_decode(const cJSON *rec, struct m_employee *out);
int m_service_type_decode(const cJSON *rec, struct m_service_type *out);
int m_product_decode(const cJSON *rec, struct m_product *out);
void m_route_free(struct m_route *r);
void m_appt_free(struct m_appt *a);
void m_customer_free(struct m_customer *c);
void m_subscription_free(struct m_subscription *s);
void m_ticket_free(struct m_ticket *t);
void m_note_free(struct m_note *n);
void m_employee_free(struct m_employee *e);
void m_service_type_free(struct m_service_type *s);
void m_product_free(struct m_product *p);

/* Any of the above by resource name ("route", "appointment", "customer",
 * "subscription", "ticket", "note", "employee", "serviceType", "product"):
 * a malloc'd row, or NULL when rec does not decode or the resource has no
 * row type.  m_row_free frees members and the row. */
void *m_row_decode(const char *resource, const cJSON *rec);
void m_row_free(const char *resource, void *row);
/* The row back as an API record (strings, as the service sends them)
 * that m_row_decode reads to the same row; NULL for an unknown resource.
 * The caller deletes it. */
cJSON *m_row_encode(const char *resource, const void *row);
/* A copy of row that owns its own members (NULL for an unknown resource). */
void *m_row_copy(const char *resource, const void *row);
/* The long long member named as on the wire ("customerID") into out: 0,
 * or -1 when the resource's rows keep no such member. */
int m_row_ll(const char *resource, const void *row, const char *member, long long *out);
/* The records of a JSON array's text (len bytes, as api_sink's each_raw
 * and api_answer's raw_records hold them), each decoded as m_row_decode
 * decodes it, parsed alone and its tree freed at once: the page is never
 * one tree.  Every row goes to take (ownership moves); elements that give
 * no row (not a record, no integer key) are skipped, as the tree path
 * skips them, and counted in *skipped (may be NULL).  The number of
 * elements, or -1 when the text is not one array cJSON would read: then
 * nothing was taken. */
long m_rows_decode_text(const char *resource, const char *json, size_t len,
                        void (*take)(void *ctx, void *row), void *ctx, size_t *skipped);
/* The free function m_table_new wants for that resource's rows. */
void (*m_row_free_fn(const char *resource))(void *row);

/* "12.50" -> 1250, "-3" -> -300, "1.5e2" -> 15000 (rounded half away from
 * zero on the third decimal); 0 on success, -1 when not a decimal or past
 * what long long cents hold. */
int m_parse_cents(const char *s, long long *cents);
/* 1250 -> "12.50", -5 -> "-0.05" into buf (at least 24 bytes). */
void m_format_cents(long long cents, char *buf);
/* Static English status word: "pending", "completed", "no-show",
 * "cancelled", "rescheduled", "unknown" (the UI translates it). */
const char *m_status_name(int status);

/* The id index: one of each kind of record by id.  Rows are owned by the
 * table once put; m_table_put replaces (and frees, through the table's
 * free function) an existing row of the same id. */
struct m_table;
struct m_table *m_table_new(void (*free_row)(void *row));
void m_table_free(struct m_table *t);
/* row must start with `long long id` (every m_* struct does). */
void m_table_put(struct m_table *t, void *row);
void *m_table_get(const struct m_table *t, long long id);
/* The id every m_* row begins with. */
long long m_row_id(const void *row);
int m_table_remove(struct m_table *t, long long id); /* 1 removed, 0 absent */
size_t m_table_count(const struct m_table *t);
/* Visits every row in unspecified order. */
void m_table_each(const struct m_table *t, void (*fn)(void *row, void *ctx), void *ctx);

/* One line of the route review (the Routes pane). */
enum {
	M_FLAG_LOCKED = 1u << 0,
	M_FLAG_ALERT = 1u << 1,   /* dayAlert set */
	M_FLAG_NOTES = 1u << 2,   /* dayNotes set */
	M_FLAG_CHANGED = 1u << 3, /* route or a stop changed since the last look */
	M_FLAG_UNASSIGNED = 1u << 4,
};

struct m_review_row {
	const struct m_route *route;  /* borrowed from the review's table */
	long long tech_id;            /* 0 unassigned */
	int total, done, pending, noshow, cancelled, rescheduled;
	char first_start[6], last_end[6]; /* the route's time window, "" when no stops */
	long long balance_due;        /* cents: sum of the stops' customers' balances */
	unsigned flags;
};

/* A day's review: routes, their stops, and the customers of those stops.
 * Built on the fetch thread, handed to the UI whole. */
struct m_review {
	char date[11];
	struct m_table *routes;       /* struct m_route */
	struct m_table *appts;        /* struct m_appt */
	struct m_table *customers;    /* struct m_customer */
};

struct m_review *m_review_new(const char *date);
void m_review_free(struct m_review *rv);
/* The rows, one per route, ordered by route title then id; *rows malloc'd
 * (borrowed pointers into rv).  changed_since: routes or stops whose
 * `updated` is later get M_FLAG_CHANGED (NULL or "" for none). */
size_t m_review_rows(const struct m_review *rv, const char *changed_since,
                     struct m_review_row **rows);
/* The stops of a route in sequence order (then start, then id); *out malloc'd. */
size_t m_review_stops(const struct m_review *rv, long long route_id,
                      const struct m_appt ***out);

#endif
