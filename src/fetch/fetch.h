/* fetch.h: the console's background fetch thread (jobs in, decoded results out). */
#ifndef ROUTEDESK_FETCH_H
#define ROUTEDESK_FETCH_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "api/encode.h"
#include "api/error.h"
#include "api/pace.h"
#include "api/transport.h"
#include "model/model.h"

/*
 * Design: the UI thread never touches the network.  It submits jobs; one
 * fetch thread owns the api session (libcurl connections belong to one
 * thread), runs each job, decodes the records into model rows, and queues a
 * result, writing one byte to a wake pipe so the UI's poll() returns.
 *
 * Every job has a slot (the view that asked, or a fixed slot such as
 * FETCH_SLOT_REFRESH) and gets a generation number.  Submitting a read job
 * for a slot supersedes the slot's queued reads (dropped unrun) and cancels
 * its running read (curl's progress callback checks a flag), so stepping
 * through ten days quickly fetches one day, not ten.  The UI drops results
 * whose generation is older than the one it waits for.  Writes are never
 * superseded, cancelled or retried after sending: they run to an outcome.
 *
 * Every job submitted ends in exactly one outcome, delivered as a result
 * the UI takes (struct fetch_result.outcome): done, failed (err says why),
 * superseded by a newer job of its slot (the newer one then runs), or
 * cancelled at shutdown.  None is dropped without a word, so "jobs
 * submitted" always equals "results delivered" plus fetch_pending().
 *
 * Priority: jobs the user asked for (a search typed, a pane opened) run
 * before background jobs (the refresh tick and what it brings), whatever
 * the order they came in.  A background read that is only waiting (for
 * the read budget, a Retry-After or a backoff) when a user job arrives is
 * put back in the queue behind it, not superseded: it runs again later.
 *
 * What the thread waits for and the key's budget after every answer are
 * published as they change (fetch_status), each change waking the UI, so
 * the header can say "waiting for the read budget: 41 s".
 *
 * Shutdown is a quit job and pthread_join, never pthread_cancel; a write
 * still sending when the grace period ends is cut off and reported as an
 * unknown outcome (fetch_shutdown).
 */

enum fetch_kind {
	FETCH_REVIEW,   /* a day's route review */
	FETCH_LIST,     /* a search with includeData: ids and the first rows */
	FETCH_ROWS,     /* records of given ids (gets of <= 1000) */
	FETCH_RECORD,   /* one full record (by-id), raw JSON for a detail view */
	FETCH_REFRESH,  /* what changed since a changelog id */
	FETCH_WRITE,    /* one write (create, update, special) */
};

/* How a job ended. */
enum fetch_outcome {
	FETCH_DONE,        /* err is API_OK */
	FETCH_FAILED,      /* err says why; partial data may remain */
	FETCH_SUPERSEDED,  /* a newer job of the same slot replaced it: no data */
	FETCH_CANCELLED,   /* stopped by shutdown: no data */
};

/* Fixed slots; views use their own numbers from FETCH_SLOT_VIEWS up. */
enum {
	FETCH_SLOT_REVIEW = 1,
	FETCH_SLOT_REFRESH = 2,
	FETCH_SLOT_WRITE = 3,
	FETCH_SLOT_VIEWS = 16,
};

struct fetch_job; /* opaque; built by the constructors below, owned by fetch_submit */

/* The day's review for date "YYYY-MM-DD": routes (search, includeData),
 * their appointments (search by routeIDs, includeData, every status), the
 * customers of those appointments (get), and, the first time only,
 * employees and service types (cached by the fetch thread, returned once)
 * plus the changelog baseline for refresh.  At most 6 requests cold.
 * Whenever the routes or stops name a technician or service type the
 * thread has not seen, that table is searched again in the same job (one
 * request) and returned in the result. */
struct fetch_job *fetch_job_review(int slot, const char *date);
/* The employees and service types the UI already shows (a kept day's,
 * ui/base/warm.c): their ids are copied into a review job, and a thread
 * that has no tables yet takes them as its own instead of searching both
 * (a cold review of 4 requests, not 6); it returns no table then unless a
 * record names an id they lack.  A thread that has its own ignores them.
 * Either may be NULL (that one is searched); other kinds of job ignore
 * them. */
void fetch_job_set_reference(struct fetch_job *job, const struct m_table *employees,
                             const struct m_table *service_types);
/* search of resource with filters (copied; may be NULL) and includeData:
 * result ids (all of them, paging past the cap) and rows for the first
 * 1000. */
struct fetch_job *fetch_job_list(int slot, const char *resource, const struct api_form *filters);
/* The searches alts[0..n) (copied, n 1..8) as one job: the ids any of
 * them matched, ascending, and the result's found[] says which for each
 * (bit i for alts[i]).  A customer looked up by surname, first name and
 * company is one job and one answer to merge, not three. */
struct fetch_job *fetch_job_list_any(int slot, const char *resource, const struct api_form *alts,
                                     size_t n);
/* The searches of a fetch_job_list_any job run in order and stop at the
 * first that finds anything: the later ones are not sent (a name looked
 * up costs one read when it is a surname). */
void fetch_job_set_first_found(struct fetch_job *job);
/* get of ids (copied), in chunks of 1000. */
struct fetch_job *fetch_job_rows(int slot, const char *resource, const long long *ids, size_t n);
/* by-id of one record, with extra parameters (get flags) or NULL. */
struct fetch_job *fetch_job_record(int slot, const char *resource, long long id,
                                   const struct api_form *extra);
/* changelog entries with id > since_change; then gets of the changed
 * routes and appointments (the review's kinds) so one tick costs 1 read when
 * nothing changed, 2 when only stops changed.  Other classes are reported
 * as (class, id) pairs for the UI to refetch if it shows them. */
struct fetch_job *fetch_job_refresh(int slot, long long since_change);
/* The same for a console that starts on a day kept from before
 * (ui/base/warm.c): since_change is then the changelog baseline, and the
 * changes asked for start from the day before the earlier of today and
 * date, as a review of date would have set them. */
struct fetch_job *fetch_job_refresh_from(int slot, long long since_change, const char *date);
/* a write: path "note/create", form (copied).  refetch: the resource whose
 * record to read back after success (id from the answer), or NULL. */
struct fetch_job *fetch_job_write(int slot, const char *path, const struct api_form *form,
                                  const char *refetch);
void fetch_job_free(struct fetch_job *job);
/* A refresh, review or write of a console on an office share
 * (fetch/share.h, borrowed: it must outlive the fetch thread).  A refresh:
 * the ticker asks the service and publishes what it learnt; the others read
 * that instead, unless it has not ticked for stale_after seconds; every
 * console takes what the others wrote.  A review whose thread has no
 * changelog baseline yet takes the ticker's newest change id instead of
 * asking, under the same stale_after.  A write publishes the record it read
 * back. */
struct fetch_share;
void fetch_job_set_share(struct fetch_job *job, struct fetch_share *sh, long stale_after);
/* A customer search or get of job may be answered by the console's
 * customer index (fetch/lookup.h), built when the account has at most max
 * customers (0: never), and shared with the office through sh (borrowed,
 * may be NULL), or else kept across runs in the user's own file (a path,
 * borrowed, or NULL: built again each run) of the account at url.  Other
 * jobs ignore it. */
void fetch_job_set_index(struct fetch_job *job, size_t max, struct fetch_share *sh,
                         const char *file, const char *url);
/* Marks job as background work (refresh, prefetch): jobs the user asked
 * for run first.  Refresh jobs are background from the start. */
void fetch_job_set_background(struct fetch_job *job);
/* Every read of the job goes to the service, none answered from the last
 * seconds' identical reads (recent.h): R, which promises the wire. */
void fetch_job_set_fresh(struct fetch_job *job);

struct fetch_change {
	int class_id;          /* changelog classID: 3 route, 4 appointment, 8 customer ... */
	long long id;          /* referenceID */
	char *notes;           /* a customer's, a stop's or a route's change: its
	                        * notes as JSON text (fetch/lookup.h applies
	                        * them), else NULL; owned */
	long long note_id;     /* a customer's change that is a note's create or
	                        * delete, logged against its customer (notes have
	                        * no class of their own): the note's id, and the
	                        * customer's record did not change; else 0 */
};

/* A record another console of the share wrote. */
struct fetch_written {
	const char *resource; /* the resource table's name (static) */
	void *row;            /* its model row, or NULL once taken */
};

struct fetch_result {
	enum fetch_kind kind;
	int slot;
	unsigned long gen;
	enum fetch_outcome outcome;
	struct api_error err;      /* API_OK or why it failed; partial data may remain */
	struct api_budget budget;  /* the key's budget after this job */
	int budget_shared;         /* budget is the office ticker's, newer than any
	                            * answer this job had (it made no request) */
	long requests;             /* requests this job made */

	/* FETCH_REVIEW */
	struct m_review *review;          /* owned by the result until taken (set NULL) */
	struct m_table *employees;        /* when the job searched them, else NULL */
	struct m_table *service_types;    /* (the first review, or an unknown id) */
	/* FETCH_LIST, FETCH_ROWS, FETCH_REFRESH: rows of `resource`, decoded;
	 * owned until taken (set the pointers you keep to NULL). */
	const char *resource;
	long long *ids;                   /* LIST: every matching id, ascending */
	size_t n_ids;
	unsigned char *found;             /* LIST of several searches: per id, bit i
	                                   * when search i matched it; else NULL */
	void **rows;
	size_t n_rows;
	/* FETCH_REFRESH: also appointment and route rows changed, and the
	 * customers (of a review) the changes' notes rebuilt with no read */
	void **appts, **routes, **customers;
	size_t n_appts, n_routes, n_customers;
	struct fetch_change *changes;     /* every change seen */
	size_t n_changes;
	/* FETCH_REFRESH: stops and routes a change named whose get answered
	 * nothing: deleted (route/delete), or out of the key's sight; either
	 * way no longer on any day (ascending ids) */
	long long *gone_appts, *gone_routes;
	size_t n_gone_appts, n_gone_routes;
	/* FETCH_REFRESH on a share: records other consoles wrote since the
	 * last tick, as they read them back (a note has no changelog class:
	 * this is how it reaches the others); rows owned until taken. */
	struct fetch_written *written;
	size_t n_written;
	/* FETCH_RECORD: the record; FETCH_WRITE: the answer's members */
	cJSON *record;
	/* FETCH_WRITE */
	long long written_id;             /* result / id member, 0 if none */
	void *refetched;                  /* row of the refetched resource, or NULL */
	/* FETCH_REVIEW and FETCH_REFRESH: the newest changelog id seen */
	long long last_change;
};

struct fetch;

/* Starts the thread with a session for o (copied).  NULL with err set. */
struct fetch *fetch_start(const struct api_options *o, struct api_error *err);
/* Queues job (ownership taken); returns its generation (never 0). */
unsigned long fetch_submit(struct fetch *f, struct fetch_job *job);
/* Ends slot's reads with no newer job to run in their place: the queued
 * ones and the running one end superseded (empty results), as a newer
 * job of the slot would have them end.  For a view that no longer wants
 * what it asked (a day stepped onto one already held).  Writes stay. */
void fetch_withdraw(struct fetch *f, int slot);
/* Readable when results wait: poll() it with the terminal. */
int fetch_fd(const struct fetch *f);
/* The next result (caller frees with fetch_result_free), or NULL.  Drains
 * the wake pipe.  Non-blocking. */
struct fetch_result *fetch_take(struct fetch *f);
void fetch_result_free(struct fetch_result *r);
/* Jobs queued or running plus results not yet taken: 0 means idle (the
 * script runner waits for it before each step). */
size_t fetch_pending(struct fetch *f);
/* Requests sent so far by the thread's session. */
long fetch_requests(struct fetch *f);

/* What the thread is doing, for the header. */
struct fetch_status {
	int busy;                  /* a job runs */
	int background;            /* ... and it is background work */
	struct api_wait wait;      /* what it waits for (API_WAIT_NONE: nothing) */
	struct api_budget budget;  /* the key's budget from the latest answer */
};
void fetch_status(struct fetch *f, struct fetch_status *st);

/* Jobs by outcome, for tests and :info.  submitted == done + failed +
 * superseded + cancelled + fetch_pending() minus results not yet taken;
 * once idle, submitted equals the sum of the four. */
struct fetch_stats {
	unsigned long submitted, done, failed, superseded, cancelled;
	unsigned long requeued;    /* background jobs put back behind a user job */
};
void fetch_stats(struct fetch *f, struct fetch_stats *st);

/* Ends the thread: queued and running reads are cancelled (one result
 * each, outcome cancelled), queued and running writes get grace_ms to
 * reach their outcome; then whatever still sends is cut off (a write that
 * may have reached the server ends API_ERR_UNKNOWN_OUTCOME, one never sent
 * ends cancelled).  Returns once the thread has ended; every job's result
 * then waits for fetch_take.  Idempotent. */
void fetch_shutdown(struct fetch *f, long grace_ms);
/* fetch_shutdown (with a 600 ms grace) if not done yet, then frees every
 * remaining job and result. */
void fetch_stop(struct fetch *f);

#endif
