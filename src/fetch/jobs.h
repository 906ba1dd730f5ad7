/* jobs.h: the fetch module's private parts: what a job holds and the runner that does it. */
#ifndef ROUTEDESK_FETCH_JOBS_H
#define ROUTEDESK_FETCH_JOBS_H

#include <stddef.h>

#include "api/encode.h"
#include "api/envelope.h"
#include "api/error.h"
#include "api/resolve.h"
#include "api/transport.h"
#include "common/resources.h"
#include "fetch/fetch.h"

/*
 * Design: fetch.c is the thread, its two queues, generations and
 * cancellation; jobs.c is what one job does on the wire.  They meet through
 * struct fetch_runner so the queue logic can be tested with a runner that
 * never touches the network (tests/unit/test_fetch_queue.c), and the real
 * runner can be read without any locking in it: every runner function is
 * called on the fetch thread only.
 */

/* A job as the constructors of fetch.h build it.  Everything is owned by
 * the job (fetch_job_free). */
struct fetch_job {
	enum fetch_kind kind;
	int slot;
	unsigned long gen;           /* set by fetch_submit */
	int quit;                    /* the thread's last job (fetch_stop) */
	int background;              /* runs after the jobs the user asked for */
	int fresh;                   /* reads sent, never a kept answer (recent.h) */
	int requeue;                 /* preempted: back in the queue, not dropped */
	char *bad;                   /* why the job cannot run (usage), or NULL */
	const struct resource *res;  /* LIST, ROWS, RECORD; WRITE: the refetch resource */
	char *date;                  /* REVIEW: "YYYY-MM-DD" */
	char *path;                  /* WRITE: "note/create" */
	struct api_form form;        /* LIST filters, RECORD extra, WRITE fields */
	struct api_form *alts;       /* LIST: the other searches whose results join form's */
	size_t n_alts;
	int first_found;             /* LIST: stop at the first search that finds any */
	long long *ids;              /* ROWS */
	size_t n_ids;
	long long id;                /* RECORD */
	long long since;             /* REFRESH */
	struct fetch_share *share;   /* REFRESH, REVIEW, WRITE: the office's share, or
	                              * NULL (borrowed) */
	long share_stale;            /* seconds after which its ticker is deemed stopped */
	size_t index_max;            /* LIST, ROWS of customers: the customer index may
	                              * answer, kept when at most this many (0: never) */
	struct fetch_share *index_share; /* ... and shared there, or NULL (borrowed) */
	const char *index_file;      /* ... else kept in this private file, or NULL */
	const char *index_url;       /* ... of the account at this URL (borrowed) */
	struct fetch_job_ids {
		long long *v;            /* unordered */
		size_t n;
		int set;                 /* 0: none given */
	} ref_employees, ref_service_types; /* REVIEW: the ids of the tables the UI
	                                     * shows (fetch_job_set_reference) */
	struct fetch_job *next;      /* fetch.c's queue link */
};

/* Joins the LIST result from (whose search is alternative number bit,
 * 1..7) into into: ids united in ascending order, rows of ids into did
 * not have taken over (the rest freed), into->found marking for each id
 * which alternatives matched (bit 0 is into's own search).  from is left
 * empty, to be freed. */
void fetch_result_join(struct fetch_result *into, struct fetch_result *from, unsigned bit);
/* Keeps the first error of a job in r->err; a later one is freed. */
void fetch_result_keep_err(struct fetch_result *r, struct api_error *e);
/* Appends the changelog's change of record id of class_id to r, taking
 * notes (its notes as JSON text, or NULL) and naming a note's change
 * logged against its customer (lookup_note_change). */
void fetch_result_add_change(struct fetch_result *r, int class_id, long long id, char *notes);
/* A FETCH_WRITE job on session s (write.c): sent once and never again,
 * whatever the outcome; on success the record is read back into
 * r->refetched and published to the job's share. */
void fetch_write_run(struct api_session *s, const struct fetch_job *job, struct fetch_result *r);

/* Where a job's decoded rows go (rows.c): a table when set, else an
 * array.  Large loads (a page or a get of 1000 records) come as text
 * (api_sink's each_raw, api_answer's raw_records) and are decoded one
 * record at a time (m_rows_decode_text), never as one tree of the page. */
struct lookup;
struct fetch_rows {
	const char *resource;
	struct m_table *table;
	void **v;
	size_t n, cap;
	int bad;                     /* a batch's text could not be read */
	struct lookup *keep;         /* also keeps the records' text, or NULL
	                              * (fetch/lookup.h; the text path only) */
};

/* api_sink's each: rows from a tree of records.  Always 0. */
int fetch_rows_each(void *ctx, const cJSON *records);
/* api_sink's each_raw: the same rows from the records' text.  0, or -1
 * (rs->bad set, nothing taken) when the text is not an array of records. */
int fetch_rows_text(void *ctx, const char *json, size_t len, size_t n);
/* The records of an answer read by api_answer_search or api_answer_get,
 * from its text when it was kept as text; 0 or -1 as fetch_rows_text. */
int fetch_rows_answer(struct fetch_rows *rs, const struct api_answer *a);
/* A batch whose text the decoder refused (rs->bad: the sink stopped the
 * resolution, which then said "stopped by its reader") as the decode
 * error it is, naming the request (/customer/get); op is "search" or
 * "get".  Never seen while src/api checks every batch with the reader
 * that decodes it.  1 when err was replaced, else 0 (err untouched). */
int fetch_rows_error(const struct fetch_rows *rs, const char *op, struct api_error *err);
/* A sink into rs: records as text, or as trees when tree is set
 * (ROUTEDESK_ROWS_TREE=1, the path before issue 12, kept to compare). */
struct api_sink fetch_rows_sink(struct fetch_rows *rs, int tree);

/* 1 for the kinds a later job of the same slot may supersede. */
#define FETCH_JOB_IS_READ(job) ((job)->kind != FETCH_WRITE)

struct fetch_runner {
	/* Called on the thread before the first job: the runner's state for
	 * o (o->cancel points at the thread's cancel flag).  NULL with err set
	 * when it cannot start; the thread then ends. */
	void *(*open)(const struct api_options *o, struct api_error *err);
	/* Runs job and fills r, which arrives zeroed with kind, slot and gen
	 * set.  r->requests and r->budget are the runner's to fill. */
	void (*run)(void *state, const struct fetch_job *job, struct fetch_result *r);
	/* r will never reach the UI (superseded, cancelled or stopping): take
	 * back whatever the state lent it (cached tables not yet handed over).
	 * fetch.c frees r afterwards. */
	void (*drop)(void *state, struct fetch_result *r);
	/* Frees the state, on the thread, after the last job. */
	void (*close)(void *state);
	/* May be NULL.  Called from ANOTHER thread, under fetch.c's lock, right
	 * after the cancel flag is set: ends the runner's network wait at once
	 * so a superseded read stops now, not at the next poll timeout. */
	void (*wake)(void *state);
};

/* A zeroed job of kind for slot, its form initialised (job.c, for fetch.c). */
struct fetch_job *fetch_job_new(enum fetch_kind kind, int slot);

/* The real runner: one api session, the jobs of fetch.h on the wire. */
extern const struct fetch_runner jobs_runner;

/* fetch_start with another runner (tests).  The options' strings are
 * copied; o->cancel is ignored (the thread's flag replaces it). */
struct fetch *fetch_start_runner(const struct api_options *o, const struct fetch_runner *run,
                                 struct api_error *err);

#endif
