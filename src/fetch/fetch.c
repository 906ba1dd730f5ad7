/* fetch.c: the fetch thread: the job queue, generations, supersede, the result queue and its wake pipe. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common/dates.h"
#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/trace.h"
#include "fetch/fetch.h"
#include "fetch/jobs.h"

/*
 * Locking: one mutex guards both queues, the running job, the pending count
 * and the wake pipe's bytes.  The pipe is written and drained only under
 * it, so "results wait" and "the pipe is readable" never disagree: every
 * result pushed writes a byte, and fetch_take drains the pipe exactly when
 * it hands out the last result.
 *
 * Cancellation: the cancel flag (the api session's o.cancel) is cleared by
 * the thread, under the mutex, when it picks a job, and set, under the
 * mutex, only while the running job is a read.  So a write never runs with
 * the flag set, and the transport's "drop queued calls when cancelled"
 * never drops a write.
 *
 * A superseded or cancelled read produces a result without data (outcome
 * FETCH_SUPERSEDED or FETCH_CANCELLED; the runner takes back what it lent
 * first), so the UI hears of every job and fetch_pending counts it until
 * taken.  A result already queued when a newer job of its slot is
 * submitted stays queued; the UI tells it by its generation.  Only the first review's employees and
 * service types must not be lost with such a stale result: a review
 * submitted while one waits untaken moves them to the next review result.
 */

struct fetch {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;        /* jobs queued (thread waits) */
	pthread_cond_t ready;       /* the thread opened its runner (or failed) */
	int started;                /* 0 starting, 1 running, -1 failed */
	struct api_error start_err;

	struct fetch_job *head, *tail;      /* queued jobs */
	struct fetch_job *running;          /* the job the thread runs, or NULL */
	int running_superseded;
	int running_quit;                   /* the quit cancelled the running read */
	int shut;                           /* fetch_shutdown began: no new work */
	int finished;                       /* the thread has ended */
	int cancel_floor;                   /* the cancel strength every job starts with */
	pthread_cond_t ended;               /* finished became 1 (CLOCK_MONOTONIC) */
	struct fetch_status status;
	struct fetch_stats stats;
	void *state;                        /* the runner's, while it lives (wake) */
	struct fetch_result **results;      /* ring of results not taken */
	size_t r_head, r_count, r_cap;
	size_t pending;
	unsigned long gen;
	struct m_table *carry_employees, *carry_service_types; /* see above */

	atomic_int cancel;
	atomic_long requests;
	int pipe[2];

	const struct fetch_runner *run;
	struct api_options opts;            /* strings owned (freed once opened) */
	char *url, *key, *token;
	/* The caller's on_budget (the read counter's), called after ours. */
	void (*caller_on_budget)(void *ctx, const struct api_budget *b);
	void *caller_budget_ctx;
};

/* ---------------------------------------------------------- the thread */

/* The wake byte; EAGAIN means the pipe is full, hence readable already. */
static void wake(struct fetch *f)
{
	char b = 1;

	while (write(f->pipe[1], &b, 1) < 0 && errno == EINTR)
		;
}

static void drain(struct fetch *f)
{
	char buf[256];
	ssize_t n;

	do
		n = read(f->pipe[0], buf, sizeof(buf));
	while (n > 0 || (n < 0 && errno == EINTR));
}

static void push_result(struct fetch *f, struct fetch_result *r)
{
	if (f->r_count == f->r_cap) {
		size_t cap = f->r_cap ? f->r_cap * 2 : 16;
		struct fetch_result **v = xcalloc(cap, sizeof(*v));

		for (size_t i = 0; i < f->r_count; i++)
			v[i] = f->results[(f->r_head + i) % f->r_cap];
		free(f->results);
		f->results = v;
		f->r_head = 0;
		f->r_cap = cap;
	}
	f->results[(f->r_head + f->r_count) % f->r_cap] = r;
	f->r_count++;
	wake(f);
}

static struct fetch_result *pop_result(struct fetch *f)
{
	struct fetch_result *r;

	if (!f->r_count)
		return NULL;
	r = f->results[f->r_head];
	f->results[f->r_head] = NULL;
	f->r_head = (f->r_head + 1) % f->r_cap;
	f->r_count--;
	return r;
}

static const char *kind_name(enum fetch_kind k)
{
	static const char *const names[] = { "review", "list", "rows", "record", "refresh", "write" };

	return (unsigned)k < sizeof(names) / sizeof(names[0]) ? names[k] : "?";
}

static const char *outcome_name(enum fetch_outcome o)
{
	static const char *const names[] = { "done", "failed", "superseded", "cancelled" };

	return (unsigned)o < sizeof(names) / sizeof(names[0]) ? names[o] : "?";
}

/* Under the lock: r (its outcome set) goes to the UI, counted and traced. */
static void deliver(struct fetch *f, struct fetch_result *r)
{
	switch (r->outcome) {
	case FETCH_DONE: f->stats.done++; break;
	case FETCH_FAILED: f->stats.failed++; break;
	case FETCH_SUPERSEDED: f->stats.superseded++; break;
	case FETCH_CANCELLED: f->stats.cancelled++; break;
	}
	trace_event("job", "%lu %s %s", r->gen, kind_name(r->kind), outcome_name(r->outcome));
	push_result(f, r);
}

/* Under the lock: j ends without running (or its data is dropped): a
 * result saying so, with no data. */
static void deliver_empty(struct fetch *f, const struct fetch_job *j, enum fetch_outcome o)
{
	struct fetch_result *r = xcalloc(1, sizeof(*r));

	r->kind = j->kind;
	r->slot = j->slot;
	r->gen = j->gen;
	r->outcome = o;
	r->budget = f->status.budget;
	if (o == FETCH_SUPERSEDED)
		api_error_set(&r->err, API_ERR_CANCELLED, 0, NULL, _("superseded by a newer request"));
	else
		api_error_set(&r->err, API_ERR_CANCELLED, 0, NULL,
		              _("cancelled: the program is quitting"));
	deliver(f, r);
}

/* Under the lock: every queued read of slot (any slot when slot is -1)
 * leaves the queue with outcome o.  The pending count is unchanged: each
 * job becomes a result waiting to be taken. */
static void drop_queued_reads(struct fetch *f, int slot, enum fetch_outcome o)
{
	struct fetch_job **p = &f->head, *j;

	f->tail = NULL;
	while ((j = *p)) {
		if (!j->quit && FETCH_JOB_IS_READ(j) && (slot < 0 || j->slot == slot)) {
			*p = j->next;
			deliver_empty(f, j, o);
			fetch_job_free(j);
			continue;
		}
		f->tail = j;
		p = &j->next;
	}
}

/* Under the lock: sets the cancel flag and ends the runner's wait now. */
static void cancel_running(struct fetch *f, int level)
{
	if (atomic_load(&f->cancel) < level)
		atomic_store(&f->cancel, level);
	if (f->run->wake && f->state)
		f->run->wake(f->state);
}

/* Under the lock: cancels the running job when it is a read of slot, which
 * a newer job of the slot supersedes. */
static void cancel_running_read(struct fetch *f, int slot)
{
	struct fetch_job *j = f->running;

	if (j && FETCH_JOB_IS_READ(j) && j->slot == slot) {
		f->running_superseded = 1;
		cancel_running(f, 1);
	}
}

static int user_job_queued(const struct fetch *f)
{
	for (const struct fetch_job *j = f->head; j; j = j->next)
		if (!j->background && !j->quit)
			return 1;
	return 0;
}

/* Under the lock: a background read that only waits (budget, Retry-After,
 * backoff) while the user waits for a job behind it goes back in the
 * queue, so the user's job runs first; it is not superseded.  Not one
 * waiting for its answer (API_WAIT_ANSWER): that request was sent and
 * counted, and cutting it off would spend the read for nothing. */
static void preempt_background(struct fetch *f)
{
	struct fetch_job *j = f->running;

	if (!j || !j->background || !FETCH_JOB_IS_READ(j) || j->requeue || f->running_superseded ||
	    f->status.wait.kind == API_WAIT_NONE || f->status.wait.kind == API_WAIT_ANSWER ||
	    !user_job_queued(f))
		return;
	j->requeue = 1;
	cancel_running(f, 1);
}

/* Under the lock: a review of slot was submitted; queued review results of
 * the slot are stale, so their once-only tables go to the next review. */
static void carry_tables(struct fetch *f, int slot)
{
	for (size_t i = 0; i < f->r_count; i++) {
		struct fetch_result *r = f->results[(f->r_head + i) % f->r_cap];

		if (r->kind != FETCH_REVIEW || r->slot != slot)
			continue;
		if (r->employees && !f->carry_employees) {
			f->carry_employees = r->employees;
			r->employees = NULL;
		}
		if (r->service_types && !f->carry_service_types) {
			f->carry_service_types = r->service_types;
			r->service_types = NULL;
		}
	}
}

/* Under the lock: a review result about to be queued takes the carried
 * tables. */
static void give_tables(struct fetch *f, struct fetch_result *r)
{
	if (r->kind != FETCH_REVIEW)
		return;
	if (f->carry_employees && !r->employees) {
		r->employees = f->carry_employees;
		f->carry_employees = NULL;
	}
	if (f->carry_service_types && !r->service_types) {
		r->service_types = f->carry_service_types;
		f->carry_service_types = NULL;
	}
}

static void append_job(struct fetch *f, struct fetch_job *j)
{
	j->next = NULL;
	if (f->tail)
		f->tail->next = j;
	else
		f->head = j;
	f->tail = j;
	pthread_cond_signal(&f->cond);
}

/* The options' secrets are only needed until the session copied them. */
static void forget_secrets(struct fetch *f)
{
	if (f->key)
		explicit_bzero(f->key, strlen(f->key));
	if (f->token)
		explicit_bzero(f->token, strlen(f->token));
	free(f->key);
	free(f->token);
	f->key = f->token = NULL;
	f->opts.key = f->opts.token = NULL;
}

/* Runs job and delivers its one outcome; 1 when the job went back in the
 * queue (preempted), so the caller must not free it. */
static int run_one(struct fetch *f, void *state, struct fetch_job *job)
{
	struct fetch_result *r = xcalloc(1, sizeof(*r));
	enum fetch_outcome out;
	int requeue, keep;

	r->kind = job->kind;
	r->slot = job->slot;
	r->gen = job->gen;
	f->run->run(state, job, r);
	atomic_fetch_add(&f->requests, r->requests);

	pthread_mutex_lock(&f->lock);
	/* A read the quit cancelled ends cancelled even when its answer came
	 * in the same instant, as a superseded one ends superseded: nobody
	 * waits for it, and the quit's trace line (written under this lock)
	 * then parts the reads that ended with their answer from those cut
	 * off, with no clock (tests/lib/stress.sh). */
	if (f->running_superseded)
		out = FETCH_SUPERSEDED;
	else if (f->running_quit || r->err.kind == API_ERR_CANCELLED)
		out = FETCH_CANCELLED;
	else
		out = r->err.kind == API_OK ? FETCH_DONE : FETCH_FAILED;
	/* Put back only what the preemption itself stopped. */
	requeue = job->requeue && out == FETCH_CANCELLED && !f->shut;
	job->requeue = 0;
	/* Still the running job until its outcome is out, so that a newer
	 * read of its slot submitted meanwhile supersedes it (below). */
	f->running_superseded = 0;
	f->status.busy = f->status.background = 0;
	f->status.wait.kind = API_WAIT_NONE;
	pthread_mutex_unlock(&f->lock);

	/* A write's result always goes out whole: its err says what became
	 * of it.  A read stopped half-way has nothing worth showing. */
	keep = !requeue && (out == FETCH_DONE || out == FETCH_FAILED || !FETCH_JOB_IS_READ(job));
	if (!keep) {
		f->run->drop(state, r);
		fetch_result_free(r);
		r = NULL;
	}
	pthread_mutex_lock(&f->lock);
	if (requeue && (f->running_superseded || f->shut)) {
		/* A newer read of the slot, or the quit, came while the lock
		 * was let go (drop above): behind the one, this read must not
		 * run again; behind the quit job it would never end. */
		requeue = 0;
		deliver_empty(f, job, f->running_superseded ? FETCH_SUPERSEDED : FETCH_CANCELLED);
	} else if (requeue) {
		/* At the head: among background jobs it is the oldest. */
		job->next = f->head;
		f->head = job;
		if (!f->tail)
			f->tail = job;
		f->stats.requeued++;
		trace_event("job", "%lu %s requeued", job->gen, kind_name(job->kind));
	} else if (!r) {
		deliver_empty(f, job, out);
	} else {
		r->outcome = out;
		give_tables(f, r);
		deliver(f, r);
	}
	f->running = NULL;
	f->running_superseded = 0;
	f->running_quit = 0;
	pthread_mutex_unlock(&f->lock);
	return requeue;
}

/* Under the lock: the next job to run: the oldest one the user asked for,
 * else the oldest background one. */
static struct fetch_job *take_job(struct fetch *f)
{
	struct fetch_job **p, *prev = NULL, *j;

	for (p = &f->head; *p && (*p)->background; prev = *p, p = &(*p)->next)
		;
	if (!*p) {
		p = &f->head;
		prev = NULL;
	}
	j = *p;
	*p = j->next;
	if (f->tail == j)
		f->tail = prev;
	j->next = NULL;
	return j;
}

static void *thread_main(void *arg)
{
	struct fetch *f = arg;
	struct api_error err = API_ERROR_INIT;
	void *state = f->run->open(&f->opts, &err);

	pthread_mutex_lock(&f->lock);
	forget_secrets(f);
	f->started = state ? 1 : -1;
	f->state = state; /* for wake, under the lock */
	if (!state)
		api_error_move(&f->start_err, &err);
	pthread_cond_broadcast(&f->ready);
	pthread_mutex_unlock(&f->lock);
	if (!state)
		return NULL;

	for (;;) {
		struct fetch_job *job;

		pthread_mutex_lock(&f->lock);
		while (!f->head)
			pthread_cond_wait(&f->cond, &f->lock);
		job = take_job(f);
		if (job->quit) {
			pthread_mutex_unlock(&f->lock);
			fetch_job_free(job);
			break;
		}
		f->running = job;
		f->running_superseded = 0;
		f->running_quit = 0;
		/* Under the lock, as the quit line is: their order in the trace
		 * is the order of the events. */
		trace_event("job", "%lu %s start", job->gen, kind_name(job->kind));
		f->status.busy = 1;
		f->status.background = job->background;
		atomic_store(&f->cancel, f->cancel_floor);
		pthread_mutex_unlock(&f->lock);

		if (!run_one(f, state, job))
			fetch_job_free(job);
	}
	pthread_mutex_lock(&f->lock);
	f->state = NULL; /* no wake once the state is gone */
	pthread_mutex_unlock(&f->lock);
	f->run->close(state);
	pthread_mutex_lock(&f->lock);
	f->finished = 1;
	pthread_cond_broadcast(&f->ended);
	pthread_mutex_unlock(&f->lock);
	return NULL;
}

/* The session's wait changed (on the fetch thread, inside the runner). */
static void on_wait(void *ctx, const struct api_wait *w)
{
	struct fetch *f = ctx;

	pthread_mutex_lock(&f->lock);
	f->status.wait = *w;
	preempt_background(f);
	wake(f); /* the header shows it */
	pthread_mutex_unlock(&f->lock);
}

/* An answer carried the key's usage (on the fetch thread). */
static void on_budget(void *ctx, const struct api_budget *b)
{
	struct fetch *f = ctx;

	pthread_mutex_lock(&f->lock);
	f->status.budget = *b;
	wake(f);
	pthread_mutex_unlock(&f->lock);
	if (f->caller_on_budget)
		f->caller_on_budget(f->caller_budget_ctx, b);
}

/* ---------------------------------------------------------- public API */

static void fetch_free(struct fetch *f)
{
	struct fetch_result *r;

	while (f->head) {
		struct fetch_job *j = f->head;

		f->head = j->next;
		fetch_job_free(j);
	}
	while ((r = pop_result(f)))
		fetch_result_free(r);
	free(f->results);
	m_table_free(f->carry_employees);
	m_table_free(f->carry_service_types);
	forget_secrets(f);
	free(f->url);
	api_error_clear(&f->start_err);
	if (f->pipe[0] >= 0)
		close(f->pipe[0]);
	if (f->pipe[1] >= 0)
		close(f->pipe[1]);
	pthread_cond_destroy(&f->cond);
	pthread_cond_destroy(&f->ready);
	pthread_cond_destroy(&f->ended);
	pthread_mutex_destroy(&f->lock);
	free(f);
}

struct fetch *fetch_start_runner(const struct api_options *o, const struct fetch_runner *run,
                                 struct api_error *err)
{
	struct fetch *f = xcalloc(1, sizeof(*f));
	pthread_condattr_t mono;
	int rc;

	pthread_mutex_init(&f->lock, NULL);
	pthread_cond_init(&f->cond, NULL);
	pthread_cond_init(&f->ready, NULL);
	/* fetch_shutdown's grace is measured on the clock that never jumps. */
	pthread_condattr_init(&mono);
	pthread_condattr_setclock(&mono, CLOCK_MONOTONIC);
	pthread_cond_init(&f->ended, &mono);
	pthread_condattr_destroy(&mono);
	atomic_init(&f->cancel, 0);
	atomic_init(&f->requests, 0);
	f->run = run;
	f->pipe[0] = f->pipe[1] = -1;
	if (o)
		f->opts = *o;
	else
		api_options_default(&f->opts);
	f->url = f->opts.url ? xstrdup(f->opts.url) : NULL;
	f->key = f->opts.key ? xstrdup(f->opts.key) : NULL;
	f->token = f->opts.token ? xstrdup(f->opts.token) : NULL;
	f->opts.url = f->url;
	f->opts.key = f->key;
	f->opts.token = f->token;
	f->opts.cancel = &f->cancel;
	f->opts.on_wait = on_wait;
	f->opts.wait_ctx = f;
	f->caller_on_budget = f->opts.on_budget;
	f->caller_budget_ctx = f->opts.budget_ctx;
	f->opts.on_budget = on_budget;
	f->opts.budget_ctx = f;

	if (pipe2(f->pipe, O_CLOEXEC | O_NONBLOCK) < 0) {
		api_error_set(err, API_ERR_USAGE, 0, NULL, _("cannot make the fetch wake pipe: %s"),
		              strerror(errno));
		fetch_free(f);
		return NULL;
	}
	if ((rc = pthread_create(&f->thread, NULL, thread_main, f)) != 0) {
		api_error_set(err, API_ERR_USAGE, 0, NULL, _("cannot start the fetch thread: %s"),
		              strerror(rc));
		fetch_free(f);
		return NULL;
	}
	pthread_mutex_lock(&f->lock);
	while (!f->started)
		pthread_cond_wait(&f->ready, &f->lock);
	pthread_mutex_unlock(&f->lock);
	if (f->started < 0) {
		pthread_join(f->thread, NULL);
		api_error_move(err, &f->start_err);
		fetch_free(f);
		return NULL;
	}
	return f;
}

struct fetch *fetch_start(const struct api_options *o, struct api_error *err)
{
	return fetch_start_runner(o, &jobs_runner, err);
}

unsigned long fetch_submit(struct fetch *f, struct fetch_job *job)
{
	unsigned long gen;

	if (!f || !job) {
		fetch_job_free(job);
		return 0;
	}
	pthread_mutex_lock(&f->lock);
	if (++f->gen == 0)
		++f->gen;
	gen = job->gen = f->gen;
	f->stats.submitted++;
	f->pending++;
	trace_event("job", "%lu %s submit slot %d%s", gen, kind_name(job->kind), job->slot,
	            job->background ? " background" : "");
	if (f->shut) {
		/* Nothing runs any more; the job still gets its outcome. */
		deliver_empty(f, job, FETCH_CANCELLED);
		fetch_job_free(job);
		pthread_mutex_unlock(&f->lock);
		return gen;
	}
	if (FETCH_JOB_IS_READ(job)) {
		drop_queued_reads(f, job->slot, FETCH_SUPERSEDED);
		cancel_running_read(f, job->slot);
	}
	if (job->kind == FETCH_REVIEW)
		carry_tables(f, job->slot);
	append_job(f, job);
	if (!job->background)
		preempt_background(f);
	pthread_mutex_unlock(&f->lock);
	return gen;
}

void fetch_withdraw(struct fetch *f, int slot)
{
	if (!f)
		return;
	pthread_mutex_lock(&f->lock);
	if (!f->shut) {
		drop_queued_reads(f, slot, FETCH_SUPERSEDED);
		cancel_running_read(f, slot);
	}
	pthread_mutex_unlock(&f->lock);
}

int fetch_fd(const struct fetch *f)
{
	return f ? f->pipe[0] : -1;
}

struct fetch_result *fetch_take(struct fetch *f)
{
	struct fetch_result *r;

	if (!f)
		return NULL;
	pthread_mutex_lock(&f->lock);
	r = pop_result(f);
	if (r)
		f->pending--;
	/* Bytes stay while results wait, so poll() keeps saying so. */
	if (!f->r_count)
		drain(f);
	pthread_mutex_unlock(&f->lock);
	return r;
}

size_t fetch_pending(struct fetch *f)
{
	size_t n;

	if (!f)
		return 0;
	pthread_mutex_lock(&f->lock);
	n = f->pending;
	pthread_mutex_unlock(&f->lock);
	return n;
}

long fetch_requests(struct fetch *f)
{
	return f ? atomic_load(&f->requests) : 0;
}

void fetch_status(struct fetch *f, struct fetch_status *st)
{
	memset(st, 0, sizeof(*st));
	if (!f)
		return;
	pthread_mutex_lock(&f->lock);
	*st = f->status;
	pthread_mutex_unlock(&f->lock);
}

void fetch_stats(struct fetch *f, struct fetch_stats *st)
{
	memset(st, 0, sizeof(*st));
	if (!f)
		return;
	pthread_mutex_lock(&f->lock);
	*st = f->stats;
	pthread_mutex_unlock(&f->lock);
}

void fetch_shutdown(struct fetch *f, long grace_ms)
{
	struct fetch_job *quit;
	struct timespec until;

	if (!f)
		return;
	pthread_mutex_lock(&f->lock);
	if (f->shut) {
		pthread_mutex_unlock(&f->lock);
		return;
	}
	f->shut = 1;
	/* The moment the quit takes hold.  Every job line is written under
	 * this lock too, so a job line after this one tells of something
	 * that happened after it. */
	if (f->running)
		trace_event("quit", "running %lu %s", f->running->gen, kind_name(f->running->kind));
	else
		trace_event("quit", "idle");
	quit = fetch_job_new(FETCH_REFRESH, -1);
	quit->quit = 1;
	drop_queued_reads(f, -1, FETCH_CANCELLED);
	if (f->running && FETCH_JOB_IS_READ(f->running)) {
		f->running_quit = 1;
		cancel_running(f, 1);
	}
	/* Queued writes stay ahead of the quit: the dispatcher confirmed
	 * them, and none of them has reached the server yet; they get the
	 * grace period. */
	append_job(f, quit);
	time_deadline(CLOCK_MONOTONIC, grace_ms, &until);
	while (!f->finished && pthread_cond_timedwait(&f->ended, &f->lock, &until) == 0)
		;
	if (!f->finished) {
		/* Out of time: whatever still sends is cut off, and every job
		 * still to pick starts cancelled.  The line says what held the
		 * thread this long (a write sending, as a rule). */
		if (f->running)
			trace_event("quit", "grace over running %lu %s", f->running->gen,
			            kind_name(f->running->kind));
		else
			trace_event("quit", "grace over idle");
		f->cancel_floor = 2;
		cancel_running(f, 2);
	}
	pthread_mutex_unlock(&f->lock);
	pthread_join(f->thread, NULL);
}

void fetch_stop(struct fetch *f)
{
	if (!f)
		return;
	fetch_shutdown(f, 600);
	fetch_free(f);
}
