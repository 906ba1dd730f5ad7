/* runner.h: the real runner's state and the helpers its job files (jobs.c, review.c, lookups.c) share. */
#ifndef ROUTEDESK_FETCH_RUNNER_H
#define ROUTEDESK_FETCH_RUNNER_H

#include <stddef.h>
#include <time.h>

#include "api/encode.h"
#include "api/transport.h"
#include "common/resources.h"
#include "fetch/jobs.h"
#include "fetch/recent.h"
#include "model/model.h"

/*
 * Everything here runs on the fetch thread only (jobs_runner's functions
 * and what they call), so none of it locks.
 */

#define CLASS_ROUTE 3
#define CLASS_APPOINTMENT 4
#define CLASS_CUSTOMER 8
#define GET_CHUNK 1000
/* The records an includeData search page carries (the rest: ids only). */
#define JOBS_PAGE_ROWS 1000

/* A growable list of ids; { NULL, 0, 0 } is empty. */
struct fetch_ids {
	long long *v;
	size_t n, cap;
};

void fetch_ids_add(struct fetch_ids *v, long long id);
/* Sorted ascending, without duplicates. */
void fetch_ids_sort(struct fetch_ids *v);
/* 1 when v (sorted) holds id. */
int fetch_ids_has(const struct fetch_ids *v, long long id);
void fetch_ids_free(struct fetch_ids *v);

struct state {
	struct api_session *s;
	/* Searched on first use (unless a job brought their ids), and again
	 * when a review names an id they lack; lent to the review result that
	 * searched them (a dropped result gives them back, see jobs_drop). */
	struct m_table *employees, *service_types;
	int have_employees, have_service_types, have_baseline;
	/* The ids of the technicians and service types the UI holds (sorted):
	 * of the tables fetched, or of those a review job brought from a kept
	 * day (fetch_job_set_reference).  An id a review names and these lack
	 * brings its table again (review.c); one still missing afterwards is
	 * added, so a record the service no longer has is asked for once. */
	struct fetch_ids known_employees, known_types;
	int tree;                /* ROUTEDESK_ROWS_TREE=1: records as trees, as before */
	long long newest;        /* newest changelog id known, 0 for none */
	char look_day[11];       /* refresh asks for changes from this day on */
	const struct resource *route, *appt, *customer, *employee, *stype, *changelog;
	/* The customer index (lookups.c): NULL until a look-up allowed it;
	 * lk_off once there were too many customers to keep; no build is
	 * tried again before lk_retry_at once one failed. */
	struct lookup *lk;
	int lk_off;
	time_t lk_retry_at;
	/* The stops and routes the reviews and ticks read, as text: a tick
	 * rebuilds a changed one from the change's notes instead of a get. */
	struct lookup *appt_lk, *route_lk, *cust_lk;
	/* The answers of the last seconds' reads (recent.h). */
	struct fetch_recent *recent;
};

/* Keeps a page's records as text (unless ROUTEDESK_ROWS_TREE=1). */
void jobs_want_text(const struct state *st, struct api_call *c, enum api_raw which);
/* Submits calls[0..n) (NULL ones skipped) together and drives the session
 * until every one is back; the outcomes stay in the calls. */
void jobs_run_calls(struct state *st, struct api_call **calls, size_t n);
/* The largest of ids[0..n) and floor. */
long long jobs_max_id(const long long *ids, size_t n, long long floor);
/* A finished includeData search page c of r (asked with filters): its
 * records into rs, the ids it left out through gets, and, when the page is
 * as full as the search cap, the rest past its last id.  0 or -1. */
int jobs_take_page(struct state *st, const struct resource *r, const struct api_form *filters,
                   struct api_call *c, struct fetch_rows *rs, struct api_error *err);
/* The day before the earlier of today and date (may be NULL) into buf. */
void jobs_look_day(const char *date, char *buf);
/* The changelog entries after since (0: since the look day), of class_id
 * only unless 0, appended to r->changes; r->last_change is the newest
 * (since when none, or on error).  0, or -1 with err set. */
int jobs_changes(struct state *st, long long since, int class_id, struct fetch_result *r,
                 struct api_error *err);

/* The customer index (lookups.c).  A customer search answered from it:
 * 1 (r's ids and first page of rows set, no read of the service beyond
 * keeping the index current), or 0: ask the service. */
int jobs_index_search(struct state *st, const struct fetch_job *job, const struct api_form *form,
                      struct fetch_result *r);
/* The same for a get of customers the index holds, current. */
int jobs_index_rows(struct state *st, const struct fetch_job *job, struct fetch_result *r);
/* A search of every customer the job sent (no filter), answered whole on
 * its first page (a, asked when the newest changelog id was base): the
 * index, when there is none yet and the job allows one, built from it at
 * no cost. */
void jobs_index_seed(struct state *st, const struct fetch_job *job, const struct api_form *form,
                     const struct api_answer *a, long long base);
/* A refresh's changes of customers into the index. */
void jobs_index_changes(struct state *st, const struct fetch_job *job,
                        const struct fetch_result *r);
void jobs_index_free(struct state *st);
/* The changes of class_id in r: each applied to the records lk keeps
 * (may be NULL); the ids so rebuilt go to rows as rows, the others to ids
 * (sorted), to be read. */
void jobs_kept_changes(struct lookup *lk, int class_id, const struct fetch_result *r,
                       struct fetch_ids *ids, struct fetch_rows *rows);
/* A follower's tick (the ticker's rows came with it): its changes are
 * applied to the kept stops and routes all the same, or mark them stale,
 * so that a kept record never misses a change if this console becomes
 * the ticker. */
void jobs_kept_follow(struct state *st, const struct fetch_result *r);
/* After the get of ids (taken into lk through the rows' keep): the ids it
 * did not answer are no longer waited for; they are gone (dropped from lk,
 * into *gone, ascending, NULL when none) unless rows could not be read. */
void jobs_kept_got(struct lookup *lk, const struct fetch_ids *ids, const struct fetch_rows *rows,
                   long long **gone, size_t *n_gone);

/* FETCH_REVIEW (review.c). */
void jobs_run_review(struct state *st, const struct fetch_job *job, struct fetch_result *r);

/* Which reference tables rv's records name an id of that the known ids
 * lack: bit 1 the employees (a route's or a stop's assignedTech), bit 2
 * the service types (a stop's type); 0 or unset ids name nothing.  The ids
 * lacking go to miss_emp and miss_types (either may be NULL), sorted. */
enum { REVIEW_NEEDS_EMPLOYEES = 1, REVIEW_NEEDS_TYPES = 2 };
unsigned review_unknown_ids(const struct m_review *rv, const struct fetch_ids *emp,
                            const struct fetch_ids *types, struct fetch_ids *miss_emp,
                            struct fetch_ids *miss_types);

#endif
