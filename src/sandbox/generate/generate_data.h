/* generate_data.h: the generator's word lists, catalogs and shared internals. */
#ifndef ROUTEDESK_GENERATE_DATA_H
#define ROUTEDESK_GENERATE_DATA_H

#include <stddef.h>
#include <stdint.h>

/*
 * Design: the generator is split in four files that share one context
 * (struct gen) and one row builder (struct gen_tab), declared here:
 *   generate.c          entry point, PRNG, row builder;
 *   generate_schedule.c routes, appointments, tickets and everything hanging
 *                       off a stop (reminders, chemical use, reviews, clock);
 *   generate_people.c   customers, subscriptions and their initial add-ons;
 *   generate_records.c  notes, payment profiles, documents, forms, flags and
 *                       the changelog;
 *   generate_data.c     the word lists and the company's catalogs (offices,
 *                       employees, service types, products, ...).
 * None of this is part of the sandbox's interface: only generate.h is.
 *
 * Determinism: every entity draws from its own stream, seeded from
 * (seed, kind, index), so the data of customer 4711 does not depend on how
 * many random numbers the routes consumed.  Nothing reads the clock.
 */

struct store;
struct resource;

/* ---- randomness ---- */

struct gen_rng {
	uint64_t s;
};

/* Stream kinds: one per sort of entity, so streams never coincide. */
enum gen_kind {
	GK_CUSTOMER = 1, GK_SUB, GK_EMPLOYEE, GK_ROUTE, GK_STOP, GK_TICKET,
	GK_NOTE, GK_REVIEW, GK_DOC, GK_FORM, GK_PROFILE, GK_CLOCK, GK_FLAG,
	GK_REMINDER, GK_CHANGE, GK_CATALOG, GK_CHEMUSE, GK_LEAD, GK_POOL,
	GK_PERSON, GK_DAY, GK_TASK,
};

void gen_rng_init(struct gen_rng *r, unsigned long seed, unsigned kind, uint64_t index);
uint64_t gen_next(struct gen_rng *r);
/* Uniform in [lo, hi] (hi >= lo). */
long gen_range(struct gen_rng *r, long lo, long hi);
/* 1 with probability permille/1000. */
int gen_chance(struct gen_rng *r, int permille);

/* A list of words to draw from. */
struct gen_words {
	const char *const *w;
	size_t n;
};
const char *gen_pick(struct gen_rng *r, const struct gen_words *w);

/* ---- the context ---- */

struct gen_emp {
	long long id;
	int office;      /* 1-based office id */
	int type;        /* 0 office, 1 technician, 2 sales */
	int active;
	const char *fname, *lname;
};

/* A customer as the other passes need it; names and addresses are redrawn
 * from the customer's own stream (gen_person) when written. */
struct gen_cust {
	int office;           /* 1 or 2 */
	int city;             /* index into gd_cities */
	int active;           /* 1 active, 0 cancelled */
	int added_day;        /* days since 1970 */
	int cancel_day;       /* 0 when active */
	float lat, lng;
	long sub0;            /* first subscription index */
	int n_subs;
	long balance;         /* cents owed, summed by the schedule */
	int oldest_owed_day;  /* 0 when nothing is owed */
	long long profile_id; /* autopay payment profile, 0 none */
	int aPay;             /* 0 no, 1 card, 2 bank */
	int last_four;        /* card digits of that profile */
	int exp_month, exp_year;
};

struct gen_sub {
	long cust;            /* customer index */
	int service;          /* index into gd_services */
	int active;           /* 1, 0 frozen, -3 lead */
	int custom;           /* frequency "CUSTOM" */
	long charge;          /* cents per service */
	int added_day;
	int cancel_day;       /* 0 when not cancelled */
	int last_done;        /* day of the last completed stop, 0 never */
	int next_day;         /* next planned stop, 0 none */
	long long initial_appt; /* first stop in the window when initial, 0 */
	long long last_appt;  /* last completed stop, 0 none */
	int lead_stage;       /* index into gd_lead_stages, -1 when not a lead */
};

/* Identity of customer i, redrawn from its own stream. */
struct gen_person {
	const char *fname, *lname;
	const char *spouse;   /* NULL when none */
	char company[200];    /* "" for a residence */
	char email[128];
	char phone[16], phone2[16];
	char address[96];
	char zip[8];
	int commercial;
};

struct gen {
	struct store *s;
	unsigned long seed;
	long n;               /* customers asked for */
	long today;           /* days since 1970 */
	char *err;            /* first error, malloc'd */
	/* "YYYY-MM-DD" for days [day0, day0 + n_days) */
	long day0;
	long n_days;
	char (*day_str)[11];
	/* employees */
	struct gen_emp *emp;
	size_t n_emp;
	/* customers and subscriptions (planned before they are written) */
	struct gen_cust *cust;
	struct gen_sub *sub;
	long n_sub;
	long long cust_base, sub_base;
	/* active customers of each office (index 1, 2), in visiting order */
	long *pool[3];
	long n_pool[3], pool_next[3];
	/* ids handed out, for the passes after the schedule (changelog) */
	long long appt_base, n_appt;
	long long ticket_base, n_ticket;
	long long route_base, n_route;
	long long profile_base, n_profile;
	long long doc_base, n_doc;
};

/* Records the first error (printf-style); always returns -1. */
int gen_fail(struct gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "YYYY-MM-DD" of a day inside the generator's range. */
const char *gen_day(const struct gen *g, long day);
/* Employees of an office by type (index into g->emp), n found; list may be NULL. */
size_t gen_emps(const struct gen *g, int office, int type, size_t *list, size_t max);
/* A random employee id of an office and type (any office when office is 0). */
long long gen_emp_pick(const struct gen *g, struct gen_rng *r, int office, int type);
const struct gen_emp *gen_emp_find(const struct gen *g, long long id);

/* ---- rows ---- */

/* Builds one row of a resource at a time into a values array indexed like
 * r->fields.  Columns are resolved once (gen_col); the setters format into
 * an arena reused by every row, so a row costs no allocation.  Columns not
 * set get a default by type ("0", "0.00", "", "0000-00-00", ...). */
struct gen_tab {
	struct gen *g;
	const struct resource *r;
	size_t n;
	const char **val;
	const char **def;
	size_t *off;           /* arena offset + 1 of a formatted value */
	unsigned char *touched;
	char *arena;
	size_t len, cap;
	long long rows;
};

/* Column lists: one X-macro per resource, X(member, "fieldName"), keeps
 * each field name in one place; GEN_COL_DECL declares the struct members,
 * GEN_COL_FIND resolves them (with t and c in scope) once per pass. */
#define GEN_COL_DECL(v, name) int v;
#define GEN_COL_FIND(v, name) c->v = gen_col(t, name);

/* 0, or -1 (error recorded) when the resource is not in the table. */
int gen_tab_open(struct gen *g, struct gen_tab *t, const char *resource);
void gen_tab_close(struct gen_tab *t);
/* Column of field, -1 when the table has no such stored field (setters
 * ignore column -1, so a field missing from the table costs nothing). */
int gen_col(struct gen_tab *t, const char *field);
/* Starts a row: every column back to its default. */
void gen_row(struct gen_tab *t);
/* v must live until gen_insert (string literals, list entries). */
void gen_set(struct gen_tab *t, int col, const char *v);
void gen_setf(struct gen_tab *t, int col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void gen_seti(struct gen_tab *t, int col, long long v);
/* cents as "249.00" */
void gen_setm(struct gen_tab *t, int col, long cents);
void gen_setd(struct gen_tab *t, int col, long day);
/* "YYYY-MM-DD HH:MM:SS"; secs within the day */
void gen_setdt(struct gen_tab *t, int col, long day, long secs);
/* gen_setdt, but never before from_day at from_secs: a record's update
 * drawn apart from its add may fall earlier the same day. */
void gen_setdt_after(struct gen_tab *t, int col, long day, long secs, long from_day,
                     long from_secs);
void gen_null(struct gen_tab *t, int col);
int gen_insert(struct gen_tab *t);

/* ---- passes ---- */

/* generate_data.c: offices, employees and every catalog. */
int gen_company(struct gen *g);
/* generate_records.c: a few changelog records per class. */
int gen_changelog(struct gen *g);
/* generate_people.c: plans customers, subscriptions and autopay profiles
 * (no writes). */
int gen_plan_people(struct gen *g);
void gen_person(const struct gen *g, long i, struct gen_person *p);
/* generate_schedule.c: routes, appointments, tickets and what hangs off a stop. */
int gen_schedule(struct gen *g);
/* generate_people.c: writes customers, subscriptions and initial add-ons. */
int gen_people(struct gen *g);
/* generate_records.c: notes, payment profiles, documents, forms, flags. */
int gen_records(struct gen *g);

/* ---- word lists and catalogs ---- */

extern const struct gen_words gd_first_names, gd_last_names, gd_streets,
	gd_street_kinds, gd_company_words, gd_company_kinds, gd_red_notes,
	gd_note_texts, gd_good_feedback, gd_bad_feedback, gd_day_notes,
	gd_day_alerts, gd_office_notes, gd_tech_notes, gd_cancel_reasons,
	gd_doc_kinds, gd_sources, gd_lost_reasons;

struct gd_city {
	const char *name, *state, *county;
	int zip;          /* first zip code; a few follow */
	double lat, lng;
	int area_code;
	int office;       /* 1 or 2 */
	int region;       /* gd_regions id */
};
extern const struct gd_city gd_cities[];
extern const size_t gd_n_cities;

struct gd_service {
	long long id;
	const char *description, *category;
	int frequency;    /* -1 as needed, 0 one time, -3 custom, else days */
	long charge;      /* cents */
	int length;       /* minutes */
	int reservice;
	int office;       /* -1 global */
};
extern const struct gd_service gd_services[];
extern const size_t gd_n_services;

struct gd_product {
	long long id;
	const char *code, *description, *category;
	long amount;      /* cents */
	int taxable;
};
extern const struct gd_product gd_products[];
extern const size_t gd_n_products;

/* Small id/name catalogs: note types, lead stages, clock categories,
 * application methods, generic flags, sources, regions. */
struct gd_named {
	long long id;
	const char *name;
	int office;       /* -1 global, or 1/2 */
};
extern const struct gd_named gd_note_types[], gd_lead_stages[],
	gd_clock_categories[], gd_methods[], gd_flags[], gd_regions[],
	gd_route_groups[], gd_reschedule_reasons[], gd_reservice_reasons[];
extern const size_t gd_n_note_types, gd_n_lead_stages, gd_n_clock_categories,
	gd_n_methods, gd_n_flags, gd_n_regions, gd_n_route_groups,
	gd_n_reschedule_reasons, gd_n_reservice_reasons;

struct gd_chemical {
	long long id;
	const char *name, *manufacturer, *label, *ingredient1, *ingredient2;
	const char *percent1, *epa;
};
extern const struct gd_chemical gd_chemicals[];
extern const size_t gd_n_chemicals;

/* Sales tax of a city in millionths (82500 = 8.25%); whether services
 * there are taxed. */
long gd_tax_micros(const struct gd_city *c);
int gd_service_taxed(const struct gd_city *c);

/* ASCII lower-case form of a UTF-8 name for e-mail addresses ("Zoë" ->
 * "zoe"); letters it cannot map are dropped.  Writes at most cap-1 bytes. */
void gd_ascii_lower(char *out, size_t cap, const char *in);

#endif
