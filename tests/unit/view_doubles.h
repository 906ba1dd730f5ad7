/* view_doubles.h: test doubles of ui.h and the fetch jobs, and row makers, for the view tests. */
#ifndef ROUTEDESK_TEST_VIEW_DOUBLES_H
#define ROUTEDESK_TEST_VIEW_DOUBLES_H

#include <stddef.h>

#include "ui/views/view_common.h"
#include "ui/views/views.h"

/* What a view submitted (the doubles of fetch_job_*). */
struct fetch_job {
	enum fetch_kind kind;
	int slot;
	char *resource;
	char date[11];
	struct api_form form;
	struct api_form alts[8];  /* fetch_job_list_any: searches after form */
	size_t n_alts;
	int first_found;          /* fetch_job_set_first_found */
	int fresh;                /* fetch_job_set_fresh: R's read from the wire */
	long long *ids;
	size_t n;
	long long id;
};

/* The console as the views see it: the day, the caches, and a record of
 * every job, push and message. */
struct ui {
	char date[11];
	struct m_review *rv;
	struct m_table *employees, *types;
	struct fetch_job *jobs[64];
	size_t n_jobs;
	unsigned long gen;  /* the last generation handed out */
	struct view *pushed[16];
	size_t n_pushed;
	char error[512];
	int n_errors;
	int n_refreshes;    /* ui_refresh calls (the core's tick, asked for by r) */
	int today;          /* ui_minutes_now: minutes when the day is today (1), */
	int minutes;        /* else -1 (0, the default: another day) */
};

/* Destroys v (its ops->destroy, then the struct). */
void view_free(struct view *v);
/* Frees the jobs and pushed views recorded, forgets messages. */
void ui_clear(struct ui *ui);
/* ui_clear, then the review and the caches. */
void ui_done(struct ui *ui);
struct fetch_job *last_job(struct ui *ui);
/* The text of cell (row, col) in one of four static buffers; *style when
 * style is not NULL. */
const char *cell(const struct view *v, size_t row, size_t col, enum view_style *style);
/* The preview text (malloc'd). */
char *preview(const struct view *v, size_t row);
/* Rows (malloc'd, as the model frees them). */
struct m_customer *mk_customer(long long id, const char *fname, const char *lname,
                               const char *company, long long balance);
struct m_route *mk_route(long long id, const char *title, long long tech);
struct m_appt *mk_appt(long long id, long long route, long long cust, int seq, int status,
                       const char *start, const char *end);
/* A day (*ui zeroed first): route 10 "Alpha" (tech 500 Ann Tech, locked,
 * alert) with stops 101 (seq 2, pending, customer 1001), 102 (seq 1,
 * completed, 1002) and 103 (seq 3, no-show, 1001); route 20 "Bravo"
 * (nobody, day notes) with 201 (cancelled, 1002).  Jane Doe (1001) owes
 * 125.50, Acme Pest (1002) nothing; service type 3 "Quarterly Pest". */
void make_day(struct ui *ui);
/* A result of kind for the last generation handed out (free with result_free). */
struct fetch_result *fake_result(struct ui *ui, enum fetch_kind kind, const char *resource);
void result_free(struct fetch_result *r);
/* A customer list result: ids first..first+n-1, rows for [lo, hi). */
struct fetch_result *customer_list(struct ui *ui, long long first, size_t n, size_t lo,
                                   size_t hi);
/* The last value of name in a job's form, or NULL. */
const char *form_value(const struct fetch_job *j, const char *name);
/* The same in search i of a fetch_job_list_any (0: form). */
const char *alt_value(const struct fetch_job *j, size_t i, const char *name);

#endif
