/* test_fetch_queue.c: the fetch thread's queues, outcomes, priority, supersede, cancel, stop and wake pipe, with a fake runner. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "api/transport.h"
#include "fetch/fetch.h"
#include "fetch/budget.h"
#include "fetch/jobs.h"

/*
 * The fake runner does no I/O.  A FETCH_RECORD job of id 1 (and, when
 * block_writes is set, a write) blocks until the test releases it, so the
 * test decides exactly what is queued and what runs when; everything else
 * finishes at once.  Deadlines (30 s) only turn a hang into a failure.
 */

#define DEADLINE_S 30
#define MAX_RAN 64

static struct fake {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	const atomic_int *cancel;
	struct api_options opts;  /* as the thread gave them (on_wait, on_budget) */
	int wait_refreshes;       /* refreshes of since 999 report a budget wait and block, this many times */
	enum api_wait_kind wait_kind; /* ... a wait of this kind (default API_WAIT_BUDGET) */
	int fail_open;
	int block_writes;
	int obey_cancel;         /* a blocked job also ends when cancelled */
	int report_cancel;       /* a cancelled job answers API_ERR_CANCELLED */
	unsigned long blocked;   /* gen of the job blocked now, 0 none */
	int release;
	int cancel_at_release;   /* the flag as the blocked job saw it at its end */
	int cancel_in_write;     /* the flag was ever set while a write ran */
	unsigned long ran[MAX_RAN];
	size_t n_ran;
	int drops, opens, closes;
	atomic_int wakes;        /* runner woken from another thread */
	struct m_table *lent;    /* employees handed to the first review */
} fake = { .lock = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER };

static void fake_reset(void)
{
	pthread_mutex_lock(&fake.lock);
	fake.cancel = NULL;
	fake.wait_refreshes = 0;
	fake.wait_kind = API_WAIT_BUDGET;
	fake.fail_open = fake.block_writes = fake.obey_cancel = 0;
	fake.report_cancel = 1;
	fake.blocked = 0;
	fake.release = 0;
	fake.cancel_at_release = fake.cancel_in_write = 0;
	fake.n_ran = 0;
	atomic_store(&fake.wakes, 0);
	fake.drops = fake.opens = fake.closes = 0;
	fake.lent = NULL;
	pthread_mutex_unlock(&fake.lock);
}

static void *fake_open(const struct api_options *o, struct api_error *err)
{
	pthread_mutex_lock(&fake.lock);
	fake.opens++;
	fake.cancel = o->cancel;
	fake.opts = *o;
	pthread_mutex_unlock(&fake.lock);
	if (fake.fail_open) {
		api_error_set(err, API_ERR_USAGE, 0, NULL, "fake refuses to open");
		return NULL;
	}
	return &fake;
}

static int blocks(const struct fetch_job *job)
{
	return (job->kind == FETCH_RECORD && job->id == 1) ||
	       (job->kind == FETCH_WRITE && fake.block_writes);
}

/* A refresh of since 999 waits for the read budget (as a paced session
 * would) until cancelled, wait_refreshes times. */
static int waits(const struct fetch_job *job)
{
	return job->kind == FETCH_REFRESH && job->since == 999 && fake.wait_refreshes > 0;
}

static void fake_run(void *state, const struct fetch_job *job, struct fetch_result *r)
{
	int cancelled;

	(void)state;
	pthread_mutex_lock(&fake.lock);
	if (fake.n_ran < MAX_RAN)
		fake.ran[fake.n_ran++] = job->gen;
	if (waits(job)) {
		struct api_wait w = { .kind = fake.wait_kind, .until_ms = 123456, .why = API_OK },
		                none = { .kind = API_WAIT_NONE, .why = API_OK };

		fake.wait_refreshes--;
		fake.release = 0;
		pthread_mutex_unlock(&fake.lock);
		fake.opts.on_wait(fake.opts.wait_ctx, &w);
		pthread_mutex_lock(&fake.lock);
		while (!atomic_load(fake.cancel) && !fake.release)
			pthread_cond_wait(&fake.cond, &fake.lock);
		cancelled = atomic_load(fake.cancel) != 0;
		pthread_mutex_unlock(&fake.lock);
		fake.opts.on_wait(fake.opts.wait_ctx, &none);
		if (cancelled) {
			api_error_set(&r->err, API_ERR_CANCELLED, 0, NULL, "cancelled");
			return;
		}
		r->last_change = job->since;
		return;
	}
	if (blocks(job)) {
		fake.blocked = job->gen;
		fake.release = 0;
		pthread_cond_broadcast(&fake.cond);
		while (!fake.release && !(fake.obey_cancel && atomic_load(fake.cancel))) {
			struct timespec ts;

			if (job->kind == FETCH_WRITE && atomic_load(fake.cancel))
				fake.cancel_in_write = 1;
			clock_gettime(CLOCK_REALTIME, &ts);
			ts.tv_nsec += 2000000;
			if (ts.tv_nsec >= 1000000000L) {
				ts.tv_sec++;
				ts.tv_nsec -= 1000000000L;
			}
			pthread_cond_timedwait(&fake.cond, &fake.lock, &ts);
		}
		fake.blocked = 0;
	}
	cancelled = atomic_load(fake.cancel);
	if (job->kind == FETCH_WRITE && cancelled)
		fake.cancel_in_write = 1;
	if (blocks(job))
		fake.cancel_at_release = cancelled;
	pthread_cond_broadcast(&fake.cond);
	pthread_mutex_unlock(&fake.lock);
	r->requests = 1;
	r->last_change = job->since;
	if (job->kind == FETCH_REVIEW && !fake.lent)
		r->employees = fake.lent = m_table_new(free);
	r->record = cJSON_CreateObject();
	if (cancelled && fake.report_cancel && job->kind != FETCH_WRITE)
		api_error_set(&r->err, API_ERR_CANCELLED, 0, NULL, "cancelled");
	if (cancelled >= 2 && job->kind == FETCH_WRITE)
		api_error_set(&r->err, API_ERR_UNKNOWN_OUTCOME, 0, NULL, "cut off");
}

/* When set, the next drop submits a refresh to it, as the UI thread may at
 * that moment: between the end of a run and its outcome (fetch.c run_one). */
static struct fetch *drop_submits_to;
static unsigned long drop_submitted;
/* When set, the next drop has the fetch shut down from another thread (as
 * the UI's quit may) and returns once the queued reads were cancelled. */
static struct fetch *drop_shuts;
static pthread_t shutter;
static int shutter_started;

static void *shut_down(void *arg)
{
	fetch_shutdown(arg, DEADLINE_S * 1000);
	return NULL;
}

static void fake_drop(void *state, struct fetch_result *r)
{
	struct fetch *f;

	(void)state;
	(void)r;
	pthread_mutex_lock(&fake.lock);
	fake.drops++;
	f = drop_submits_to;
	drop_submits_to = NULL;
	pthread_mutex_unlock(&fake.lock);
	if (f)
		drop_submitted = fetch_submit(f, fetch_job_refresh(FETCH_SLOT_REFRESH, 5));
	pthread_mutex_lock(&fake.lock);
	f = drop_shuts;
	drop_shuts = NULL;
	pthread_mutex_unlock(&fake.lock);
	if (f) {
		struct fetch_stats st;

		assert_int_equal(pthread_create(&shutter, NULL, shut_down, f), 0);
		pthread_mutex_lock(&fake.lock);
		shutter_started = 1;
		pthread_cond_broadcast(&fake.cond);
		pthread_mutex_unlock(&fake.lock);
		do {
			poll(NULL, 0, 1);
			fetch_stats(f, &st);
		} while (!st.cancelled);
	}
}

static void fake_close(void *state)
{
	(void)state;
	pthread_mutex_lock(&fake.lock);
	fake.closes++;
	pthread_mutex_unlock(&fake.lock);
}

/* Called by fetch.c under its lock from the submitting thread: counts,
 * and wakes a blocked job as a real session's wakeup ends its poll. */
static void fake_wake(void *state)
{
	(void)state;
	atomic_fetch_add(&fake.wakes, 1);
	pthread_cond_broadcast(&fake.cond);
}

static const struct fetch_runner fake_runner = {
	fake_open, fake_run, fake_drop, fake_close, fake_wake,
};

/* ------------------------------------------------------------- helpers */

static struct timespec deadline(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += DEADLINE_S;
	return ts;
}

static void wait_blocked(unsigned long gen)
{
	struct timespec ts = deadline();

	pthread_mutex_lock(&fake.lock);
	while (fake.blocked != gen)
		if (pthread_cond_timedwait(&fake.cond, &fake.lock, &ts) == ETIMEDOUT)
			break;
	assert_int_equal(fake.blocked, gen);
	pthread_mutex_unlock(&fake.lock);
}

static void release(void)
{
	pthread_mutex_lock(&fake.lock);
	fake.release = 1;
	pthread_cond_broadcast(&fake.cond);
	pthread_mutex_unlock(&fake.lock);
}

static int readable(struct fetch *f, int timeout_ms)
{
	struct pollfd p = { fetch_fd(f), POLLIN, 0 };

	return poll(&p, 1, timeout_ms) == 1 && (p.revents & POLLIN);
}

/* The next result, waiting for the wake pipe.  The pipe also wakes the UI
 * for a status change (a wait begins or ends) with no result behind it:
 * such a wake is passed over, until the deadline. */
static struct fetch_result *take(struct fetch *f)
{
	struct fetch_result *r = NULL;
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		assert_true(readable(f, DEADLINE_S * 1000));
		r = fetch_take(f);
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (!r && t.tv_sec - t0.tv_sec < DEADLINE_S);
	assert_non_null(r);
	return r;
}

static struct fetch *start(void)
{
	struct api_error err = API_ERROR_INIT;
	struct fetch *f = fetch_start_runner(NULL, &fake_runner, &err);

	assert_non_null(f);
	assert_int_equal(err.kind, API_OK);
	return f;
}

static struct fetch_job *read_job(int slot)
{
	static const long long ids[] = { 1, 2, 3 };

	return fetch_job_rows(slot, "customer", ids, 3);
}

static struct fetch_job *blocking_read(int slot)
{
	return fetch_job_record(slot, "customer", 1, NULL);
}

static struct fetch_job *write_job(int slot)
{
	return fetch_job_write(slot, "note/create", NULL, NULL);
}

/* --------------------------------------------------------------- tests */

static void test_order_and_pipe(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	unsigned long g[4];

	(void)state;
	fake_reset();
	f = start();
	assert_int_equal(fake.opens, 1);
	assert_non_null(fake.cancel);
	assert_false(readable(f, 0));
	assert_int_equal(fetch_pending(f), 0);
	g[0] = fetch_submit(f, read_job(16));
	g[1] = fetch_submit(f, fetch_job_record(19, "customer", 2, NULL));
	g[2] = fetch_submit(f, read_job(17));
	assert_true(g[0] != 0 && g[0] < g[1] && g[1] < g[2]);
	/* Once a fourth job blocks, the first three results are all queued. */
	g[3] = fetch_submit(f, blocking_read(18));
	wait_blocked(g[3]);
	assert_int_equal(fetch_pending(f), 4);
	assert_int_equal(fetch_requests(f), 3);

	/* FIFO, and the pipe stays readable while results wait. */
	r = fetch_take(f);
	assert_non_null(r);
	assert_int_equal(r->gen, g[0]);
	assert_int_equal(r->kind, FETCH_ROWS);
	assert_int_equal(r->slot, 16);
	fetch_result_free(r);
	assert_int_equal(fetch_pending(f), 3);
	assert_true(readable(f, 0));
	r = fetch_take(f);
	assert_int_equal(r->gen, g[1]);
	assert_int_equal(r->kind, FETCH_RECORD);
	assert_int_equal(r->outcome, FETCH_DONE);
	fetch_result_free(r);
	assert_true(readable(f, 0));
	r = fetch_take(f);
	assert_int_equal(r->gen, g[2]);
	fetch_result_free(r);
	/* The last take drained the pipe; the blocked job is still pending. */
	assert_false(readable(f, 0));
	assert_null(fetch_take(f));
	assert_int_equal(fetch_pending(f), 1);
	release();
	r = take(f);
	assert_int_equal(r->gen, g[3]);
	assert_int_equal(r->kind, FETCH_RECORD);
	fetch_result_free(r);
	assert_int_equal(fetch_pending(f), 0);
	assert_false(readable(f, 0));
	fetch_stop(f);
	assert_int_equal(fake.closes, 1);
}

/* A read superseded while it runs, whether or not it notices the flag. */
static void supersede(int report_cancel)
{
	struct fetch *f;
	struct fetch_result *r;
	unsigned long g1, g2, g3, g4, g5, g6;

	fake_reset();
	fake.report_cancel = report_cancel;
	f = start();
	g1 = fetch_submit(f, blocking_read(20));
	wait_blocked(g1);
	assert_int_equal(atomic_load(fake.cancel), 0);
	assert_int_equal(atomic_load(&fake.wakes), 0);
	g2 = fetch_submit(f, read_job(20));
	/* The running read of the slot is cancelled at once, and the runner is
	 * woken so its network wait ends now. */
	assert_int_equal(atomic_load(fake.cancel), 1);
	assert_int_equal(atomic_load(&fake.wakes), 1);
	g3 = fetch_submit(f, read_job(20));
	g4 = fetch_submit(f, write_job(20));
	g5 = fetch_submit(f, read_job(21));
	g6 = fetch_submit(f, read_job(20));
	assert_true(g2 < g3 && g3 < g4 && g4 < g5 && g5 < g6);
	/* g2 and g3 left the queue unrun, each with its outcome waiting: all
	 * six are pending until taken. */
	assert_int_equal(fetch_pending(f), 6);
	r = take(f);
	assert_int_equal(r->gen, g2);
	assert_int_equal(r->outcome, FETCH_SUPERSEDED);
	assert_int_equal(r->err.kind, API_ERR_CANCELLED);
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, g3);
	assert_int_equal(r->outcome, FETCH_SUPERSEDED);
	fetch_result_free(r);
	release();
	r = take(f);
	assert_int_equal(r->gen, g1);
	assert_int_equal(r->outcome, FETCH_SUPERSEDED);
	assert_null(r->record); /* a stopped read's data goes with it */
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, g4);
	assert_int_equal(r->kind, FETCH_WRITE);
	assert_int_equal(r->err.kind, API_OK);
	assert_int_equal(r->outcome, FETCH_DONE);
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, g5);
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, g6);
	fetch_result_free(r);
	assert_null(fetch_take(f));
	assert_int_equal(fetch_pending(f), 0);

	pthread_mutex_lock(&fake.lock);
	assert_int_equal(fake.cancel_at_release, 1);
	assert_int_equal(fake.cancel_in_write, 0); /* re-armed before the write */
	assert_int_equal(fake.n_ran, 4);
	assert_int_equal(fake.ran[0], g1);
	assert_int_equal(fake.ran[1], g4);
	assert_int_equal(fake.ran[2], g5);
	assert_int_equal(fake.ran[3], g6);
	assert_int_equal(fake.drops, 1);
	pthread_mutex_unlock(&fake.lock);
	/* Every job ran counted its request, dropped or not. */
	assert_int_equal(fetch_requests(f), 4);
	fetch_stop(f);
}

static void test_supersede_cancelled(void **state)
{
	(void)state;
	supersede(1);
}

static void test_supersede_unnoticed(void **state)
{
	(void)state;
	supersede(0);
}

static void test_write_never_cancelled(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	unsigned long g1, g2, g3;

	(void)state;
	fake_reset();
	fake.block_writes = 1;
	fake.obey_cancel = 1;
	f = start();
	g1 = fetch_submit(f, write_job(30));
	wait_blocked(g1);
	g2 = fetch_submit(f, read_job(30));
	g3 = fetch_submit(f, write_job(30));
	assert_int_equal(atomic_load(fake.cancel), 0);
	release();
	/* The second write blocks too: release it once it runs. */
	wait_blocked(g3);
	release();
	r = take(f);
	assert_int_equal(r->gen, g1);
	assert_int_equal(r->err.kind, API_OK);
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, g2);
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, g3);
	fetch_result_free(r);
	assert_int_equal(fake.cancel_in_write, 0);
	assert_int_equal(fake.drops, 0);
	fetch_stop(f);
}

/* Reads of other slots are left alone. */
static void test_other_slot_not_cancelled(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	unsigned long g1, g2;

	(void)state;
	fake_reset();
	f = start();
	g1 = fetch_submit(f, blocking_read(40));
	wait_blocked(g1);
	g2 = fetch_submit(f, read_job(41));
	assert_int_equal(atomic_load(fake.cancel), 0);
	release();
	r = take(f);
	assert_int_equal(r->gen, g1);
	assert_int_equal(r->err.kind, API_OK);
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, g2);
	fetch_result_free(r);
	fetch_stop(f);
}

/* fetch_withdraw ends the slot's running and queued reads superseded, with
 * nothing in their place; its writes and other slots' reads run. */
static void test_withdraw(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	unsigned long g1, g2, g4, g5, g6;
	int seen = 0;

	(void)state;
	fake_reset();
	fake.obey_cancel = 1;
	f = start();
	/* The running read of the slot: no newer read of the slot is
	 * queued (one would supersede it at its submit, before the
	 * withdraw: under valgrind its result came first). */
	g1 = fetch_submit(f, blocking_read(45));
	wait_blocked(g1);
	g2 = fetch_submit(f, write_job(45));
	g4 = fetch_submit(f, read_job(46));
	fetch_withdraw(f, 45);
	/* Not fake.cancel read here: the thread re-arms it once the read
	 * it cancelled has ended, before the write.  The blocked read ends
	 * only when cancelled (never released): its result is the proof. */
	for (int i = 0; i < 3; i++) {
		r = take(f);
		if (r->gen == g1) {
			assert_int_equal(r->outcome, FETCH_SUPERSEDED);
			assert_null(r->record);
		} else {
			assert_true(r->gen == g2 || r->gen == g4);
			assert_int_equal(r->outcome, FETCH_DONE);
		}
		seen |= r->gen == g1 ? 1 : r->gen == g2 ? 2 : 4;
		fetch_result_free(r);
	}
	assert_int_equal(seen, 7);
	assert_int_equal(fetch_pending(f), 0);
	/* A queued read of the slot, behind another slot's running one. */
	g5 = fetch_submit(f, blocking_read(47));
	wait_blocked(g5);
	g6 = fetch_submit(f, read_job(45));
	fetch_withdraw(f, 45);
	r = take(f);
	assert_int_equal(r->gen, g6);
	assert_int_equal(r->outcome, FETCH_SUPERSEDED);
	fetch_result_free(r);
	release();
	r = take(f);
	assert_int_equal(r->gen, g5);
	assert_int_equal(r->outcome, FETCH_DONE);
	fetch_result_free(r);
	assert_int_equal(fetch_pending(f), 0);
	fetch_withdraw(f, 45); /* nothing of the slot left: a no-op */
	fetch_withdraw(NULL, 45);
	assert_null(fetch_take(f));
	fetch_stop(f);
}

/* Stop cancels the running read, drops queued reads, runs queued writes,
 * frees results never taken. */
static void test_stop_with_work(void **state)
{
	struct fetch *f;
	unsigned long g0, g1, g3;
	int saw_write = 0;

	(void)state;
	fake_reset();
	fake.obey_cancel = 1;
	f = start();
	g0 = fetch_submit(f, read_job(50));
	assert_true(readable(f, DEADLINE_S * 1000)); /* a result left untaken */
	g1 = fetch_submit(f, blocking_read(51));
	wait_blocked(g1);
	fetch_submit(f, read_job(52));
	g3 = fetch_submit(f, write_job(53));
	fetch_submit(f, read_job(54));
	fetch_stop(f);
	assert_int_equal(fake.closes, 1);
	assert_int_equal(fake.cancel_in_write, 0);
	for (size_t i = 0; i < fake.n_ran; i++) {
		assert_true(fake.ran[i] == g0 || fake.ran[i] == g1 || fake.ran[i] == g3);
		saw_write |= fake.ran[i] == g3;
	}
	assert_true(saw_write);
	assert_int_equal(fake.drops, 1);
}

/* A first review's employees stay with the review the UI waits for, even
 * when a newer review supersedes a result already queued. */
static void test_tables_follow_newest_review(void **state)
{
	struct fetch *f;
	struct fetch_result *a, *b;
	unsigned long g1, g2, g3;

	(void)state;
	fake_reset();
	f = start();
	g1 = fetch_submit(f, fetch_job_review(FETCH_SLOT_REVIEW, "2026-11-20"));
	assert_true(readable(f, DEADLINE_S * 1000)); /* queued, not taken */
	g2 = fetch_submit(f, fetch_job_review(FETCH_SLOT_REVIEW, "2026-11-21"));
	g3 = fetch_submit(f, blocking_read(60));
	wait_blocked(g3);
	a = fetch_take(f);
	b = fetch_take(f);
	assert_non_null(a);
	assert_non_null(b);
	assert_int_equal(a->gen, g1);
	assert_int_equal(b->gen, g2);
	assert_null(a->employees);
	assert_non_null(fake.lent);
	assert_ptr_equal(b->employees, fake.lent);
	fetch_result_free(a);
	fetch_result_free(b);
	release();
	fetch_result_free(take(f));

	/* Never taken at all: stop frees the carried tables (ASan). */
	fake_reset();
	fake.obey_cancel = 1;
	f = start();
	fetch_submit(f, fetch_job_review(FETCH_SLOT_REVIEW, "2026-11-20"));
	assert_true(readable(f, DEADLINE_S * 1000));
	g3 = fetch_submit(f, blocking_read(FETCH_SLOT_REVIEW));
	wait_blocked(g3);
	fetch_submit(f, fetch_job_review(FETCH_SLOT_REVIEW, "2026-11-21"));
	fetch_stop(f);
}

/* Every job submitted ends in exactly one outcome, even at shutdown: the
 * queued reads and the running one cancelled, the queued write run, a job
 * submitted after shutdown cancelled at once. */
static void test_shutdown_outcomes(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	struct fetch_stats st;
	unsigned long g[6];
	enum fetch_outcome want[6] = { FETCH_DONE, FETCH_CANCELLED, FETCH_CANCELLED, FETCH_DONE,
	                               FETCH_CANCELLED, FETCH_CANCELLED };
	int seen[6] = { 0 };

	(void)state;
	fake_reset();
	fake.obey_cancel = 1;
	f = start();
	g[0] = fetch_submit(f, read_job(50));
	assert_true(readable(f, DEADLINE_S * 1000));
	g[1] = fetch_submit(f, blocking_read(51));
	wait_blocked(g[1]);
	g[2] = fetch_submit(f, read_job(52));
	g[3] = fetch_submit(f, write_job(53));
	g[4] = fetch_submit(f, fetch_job_refresh(FETCH_SLOT_REFRESH, 5));
	fetch_shutdown(f, 5000);
	g[5] = fetch_submit(f, read_job(55));
	fetch_shutdown(f, 5000); /* idempotent */
	while ((r = fetch_take(f))) {
		size_t i;

		for (i = 0; i < 6 && g[i] != r->gen; i++)
			;
		assert_true(i < 6);
		seen[i]++;
		assert_int_equal(r->outcome, want[i]);
		fetch_result_free(r);
	}
	for (size_t i = 0; i < 6; i++)
		assert_int_equal(seen[i], 1);
	assert_int_equal(fetch_pending(f), 0);
	fetch_stats(f, &st);
	assert_int_equal(st.submitted, 6);
	assert_int_equal(st.done + st.failed + st.superseded + st.cancelled, 6);
	assert_int_equal(st.cancelled, 4);
	fetch_stop(f);
}

/* A read whose answer came in the same instant as the quit (the runner
 * ends with its data, the cancel unnoticed) still ends cancelled, without
 * its data: the quit keeps no read, so a trace tells the reads that ended
 * before the quit from those cut off by the quit line's place alone. */
static void test_shutdown_answer_in_same_instant(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	unsigned long g;

	(void)state;
	fake_reset();
	fake.obey_cancel = 1;
	fake.report_cancel = 0;
	f = start();
	g = fetch_submit(f, blocking_read(40));
	wait_blocked(g);
	fetch_shutdown(f, 5000);
	r = fetch_take(f);
	assert_non_null(r);
	assert_int_equal(r->gen, g);
	assert_int_equal(r->outcome, FETCH_CANCELLED);
	assert_null(r->record);
	fetch_result_free(r);
	assert_int_equal(fake.cancel_at_release, 1);
	assert_int_equal(fake.drops, 1);
	fetch_stop(f);
}

/* A write still sending when the grace period ends is cut off and says
 * so; shutdown does not wait for it. */
static void test_shutdown_cuts_write(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	unsigned long g;

	(void)state;
	fake_reset();
	fake.block_writes = 1;
	fake.obey_cancel = 1;
	f = start();
	g = fetch_submit(f, write_job(30));
	wait_blocked(g);
	fetch_shutdown(f, 50);
	assert_int_equal(atomic_load(fake.cancel), 2);
	r = fetch_take(f);
	assert_non_null(r);
	assert_int_equal(r->gen, g);
	assert_int_equal(r->outcome, FETCH_FAILED);
	assert_int_equal(r->err.kind, API_ERR_UNKNOWN_OUTCOME);
	fetch_result_free(r);
	fetch_stop(f);
}

/* What the user asked for runs before background work queued earlier. */
static void test_user_jobs_first(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	unsigned long gb, gr, ga, gc;

	(void)state;
	fake_reset();
	f = start();
	gb = fetch_submit(f, blocking_read(70));
	wait_blocked(gb);
	gr = fetch_submit(f, fetch_job_refresh(FETCH_SLOT_REFRESH, 7));
	ga = fetch_submit(f, read_job(71));
	gc = fetch_submit(f, read_job(72));
	release();
	r = take(f);
	assert_int_equal(r->gen, gb);
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, ga);
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, gc);
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, gr);
	assert_int_equal(r->outcome, FETCH_DONE);
	fetch_result_free(r);
	fetch_stop(f);
}

/* Until the running job's status says it waits for kind (its fake
 * runner waits), at most DEADLINE_S; st is the status then. */
static void wait_for_wait(struct fetch *f, enum api_wait_kind kind, struct fetch_status *st)
{
	for (int i = 0; i < DEADLINE_S * 100; i++) {
		fetch_status(f, st);
		if (st->wait.kind == kind)
			break;
		poll(NULL, 0, 10);
	}
	assert_int_equal(st->wait.kind, kind);
}

/* A background read waiting for the read budget goes back behind a job
 * the user asks for, and runs again afterwards: requeued, not lost. */
static void test_waiting_background_preempted(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	struct fetch_status st;
	struct fetch_stats stats;
	unsigned long gr, ga;

	(void)state;
	fake_reset();
	fake.wait_refreshes = 1;
	f = start();
	gr = fetch_submit(f, fetch_job_refresh(FETCH_SLOT_REFRESH, 999));
	/* The wait reaches the status, and wakes the UI to show it. */
	assert_true(readable(f, DEADLINE_S * 1000));
	wait_for_wait(f, API_WAIT_BUDGET, &st);
	assert_int_equal(st.wait.until_ms, 123456);
	assert_true(st.busy && st.background);
	assert_null(fetch_take(f)); /* a status change, not a result */
	ga = fetch_submit(f, read_job(80));
	r = take(f);
	assert_int_equal(r->gen, ga);
	assert_int_equal(r->outcome, FETCH_DONE);
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, gr);
	assert_int_equal(r->outcome, FETCH_DONE);
	assert_int_equal(r->last_change, 999);
	fetch_result_free(r);
	fetch_stats(f, &stats);
	assert_int_equal(stats.requeued, 1);
	assert_int_equal(stats.submitted, 2);
	assert_int_equal(stats.done, 2);
	pthread_mutex_lock(&fake.lock);
	assert_int_equal(fake.n_ran, 3);
	assert_int_equal(fake.ran[0], gr);
	assert_int_equal(fake.ran[1], ga);
	assert_int_equal(fake.ran[2], gr);
	pthread_mutex_unlock(&fake.lock);
	fetch_stop(f);
}

/* A refresh submitted while the preempted one is between its end and its
 * return to the queue supersedes it: it must not go back and run again
 * (one read spent for a result nobody waits for), but end superseded.
 * The drop hook submits at exactly that moment, no timing involved. */
static void test_preempted_superseded_in_between(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	struct fetch_status st;
	unsigned long gr, ga, gn;
	int seen = 0;

	(void)state;
	fake_reset();
	fake.wait_refreshes = 1;
	f = start();
	gr = fetch_submit(f, fetch_job_refresh(FETCH_SLOT_REFRESH, 999));
	wait_for_wait(f, API_WAIT_BUDGET, &st);
	pthread_mutex_lock(&fake.lock);
	drop_submits_to = f;
	pthread_mutex_unlock(&fake.lock);
	ga = fetch_submit(f, read_job(80));
	while (seen != 7) {
		r = take(f);
		if (r->gen == gr) {
			assert_int_equal(r->outcome, FETCH_SUPERSEDED);
			seen |= 1;
		} else if (r->gen == ga) {
			assert_int_equal(r->outcome, FETCH_DONE);
			seen |= 2;
		} else {
			gn = drop_submitted;
			assert_int_equal(r->gen, gn);
			assert_int_equal(r->outcome, FETCH_DONE);
			assert_int_equal(r->last_change, 5);
			seen |= 4;
		}
		fetch_result_free(r);
	}
	/* The old refresh ran once, before it was preempted. */
	pthread_mutex_lock(&fake.lock);
	assert_int_equal(fake.n_ran, 3);
	for (size_t i = 1; i < fake.n_ran; i++)
		assert_true(fake.ran[i] != gr);
	pthread_mutex_unlock(&fake.lock);
	fetch_stop(f);
}

/* The same moment, with the console quitting: the preempted read must end
 * cancelled, not go back behind the quit job and end with no outcome. */
static void test_preempted_shut_in_between(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	struct fetch_status st;
	struct fetch_stats stats;
	unsigned long gr;

	(void)state;
	fake_reset();
	fake.wait_refreshes = 1;
	f = start();
	gr = fetch_submit(f, fetch_job_refresh(FETCH_SLOT_REFRESH, 999));
	wait_for_wait(f, API_WAIT_BUDGET, &st);
	pthread_mutex_lock(&fake.lock);
	drop_shuts = f;
	shutter_started = 0;
	pthread_mutex_unlock(&fake.lock);
	fetch_submit(f, read_job(80));
	pthread_mutex_lock(&fake.lock);
	{
		struct timespec ts = deadline();

		while (!shutter_started)
			if (pthread_cond_timedwait(&fake.cond, &fake.lock, &ts) == ETIMEDOUT)
				break;
	}
	assert_true(shutter_started);
	pthread_mutex_unlock(&fake.lock);
	assert_int_equal(pthread_join(shutter, NULL), 0);
	fetch_stats(f, &stats);
	assert_int_equal(stats.submitted, 2);
	assert_int_equal(stats.cancelled, 2);
	assert_int_equal(fetch_pending(f), 2);
	while ((r = fetch_take(f))) {
		assert_int_equal(r->outcome, FETCH_CANCELLED);
		if (r->gen == gr)
			gr = 0;
		fetch_result_free(r);
	}
	assert_int_equal(gr, 0);
	fetch_stop(f);
}

/* A background read whose request is out and unanswered (API_WAIT_ANSWER)
 * is not cut off for a job the user asks for: it was sent and counted, and
 * cutting it would spend the read for nothing.  The user's job runs next. */
static void test_answering_background_not_preempted(void **state)
{
	struct fetch *f;
	struct fetch_result *r;
	struct fetch_status st;
	struct fetch_stats stats;
	unsigned long gr, ga;

	(void)state;
	fake_reset();
	fake.wait_refreshes = 1;
	fake.wait_kind = API_WAIT_ANSWER;
	f = start();
	gr = fetch_submit(f, fetch_job_refresh(FETCH_SLOT_REFRESH, 999));
	wait_for_wait(f, API_WAIT_ANSWER, &st);
	ga = fetch_submit(f, read_job(81));
	/* fetch_submit decides at once, under the lock: no cancel. */
	assert_int_equal(atomic_load(fake.cancel), 0);
	pthread_mutex_lock(&fake.lock);
	fake.release = 1;
	pthread_cond_broadcast(&fake.cond);
	pthread_mutex_unlock(&fake.lock);
	r = take(f);
	assert_int_equal(r->gen, gr);
	assert_int_equal(r->outcome, FETCH_DONE);
	fetch_result_free(r);
	r = take(f);
	assert_int_equal(r->gen, ga);
	fetch_result_free(r);
	fetch_stats(f, &stats);
	assert_int_equal(stats.requeued, 0);
	fetch_stop(f);
}

/* The budget of every answer reaches the status at once, not at the end
 * of the job. */
static void test_budget_published(void **state)
{
	struct fetch *f;
	struct fetch_status st;
	struct api_budget b;
	unsigned long g;

	(void)state;
	fake_reset();
	f = start();
	g = fetch_submit(f, blocking_read(90));
	wait_blocked(g);
	memset(&b, 0, sizeof(b));
	b.known = 1;
	b.reads_left_minute = 2;
	b.reads_left_today = 2999;
	fake.opts.on_budget(fake.opts.budget_ctx, &b);
	assert_true(readable(f, 0));
	fetch_status(f, &st);
	assert_true(st.budget.known);
	assert_int_equal(st.budget.reads_left_minute, 2);
	assert_int_equal(st.budget.reads_left_today, 2999);
	release();
	fetch_result_free(take(f));
	fetch_stop(f);
}

static void test_open_failure(void **state)
{
	struct api_error err = API_ERROR_INIT;
	struct fetch *f;

	(void)state;
	fake_reset();
	fake.fail_open = 1;
	f = fetch_start_runner(NULL, &fake_runner, &err);
	assert_null(f);
	assert_int_equal(err.kind, API_ERR_USAGE);
	assert_string_equal(api_error_text(&err), "fake refuses to open");
	api_error_clear(&err);
	assert_int_equal(fake.closes, 0);
}

static void test_null_safe(void **state)
{
	(void)state;
	fetch_stop(NULL);
	assert_null(fetch_take(NULL));
	assert_int_equal(fetch_pending(NULL), 0);
	assert_int_equal(fetch_submit(NULL, read_job(1)), 0);
	fetch_job_free(NULL);
	fetch_result_free(NULL);
}

/* The real runner refuses bad jobs without sending anything, so it needs
 * no server: the session only connects when a request is sent. */
static void test_bad_jobs_real_runner(void **state)
{
	struct api_options o;
	struct api_error err = API_ERROR_INIT;
	struct fetch *f;
	struct fetch_job *jobs[6];
	size_t n = sizeof(jobs) / sizeof(jobs[0]);

	(void)state;
	api_options_default(&o);
	o.url = "http://127.0.0.1:9/api";
	o.key = "k";
	o.token = "t";
	f = fetch_start(&o, &err);
	assert_non_null(f);
	jobs[0] = fetch_job_review(FETCH_SLOT_REVIEW, "2026-02-30");
	jobs[1] = fetch_job_list(16, "nosuch", NULL);
	jobs[2] = fetch_job_record(18, "customer", 0, NULL);
	jobs[3] = fetch_job_write(FETCH_SLOT_WRITE, "/note", NULL, NULL);
	jobs[4] = fetch_job_write(FETCH_SLOT_WRITE, "note/create", NULL, "nosuch");
	jobs[5] = fetch_job_rows(17, "changelog", NULL, 4);
	for (size_t i = 0; i < n; i++)
		fetch_submit(f, jobs[i]);
	for (size_t i = 0; i < n; i++) {
		struct fetch_result *r = take(f);

		assert_int_equal(r->err.kind, API_ERR_USAGE);
		assert_non_null(r->err.message);
		assert_int_equal(r->requests, 0);
		fetch_result_free(r);
	}
	assert_int_equal(fetch_requests(f), 0);
	fetch_stop(f);

	/* A session that cannot be made fails fetch_start itself. */
	o.url = "ftp://127.0.0.1/api";
	assert_null(fetch_start(&o, &err));
	assert_int_not_equal(err.kind, API_OK);
	api_error_clear(&err);
}

static void *cust(long long id)
{
	struct m_customer *c = xcalloc(1, sizeof(*c));

	c->id = id;
	c->fname = xstrdup("");
	c->lname = xstrdup("");
	c->company = xstrdup("");
	return c;
}

/* Several searches as one answer: ids united in order, which search found
 * each, every row once (a customer both searches found is not a leak nor
 * a double). */
static void test_join_searches(void **state)
{
	struct fetch_result a, b, c;
	static const long long a_ids[] = { 1, 3, 5 }, b_ids[] = { 2, 3, 6 }, c_ids[] = { 6, 7 };
	static const long long want[] = { 1, 2, 3, 5, 6, 7 };
	static const unsigned char found[] = { 1, 2, 3, 1, 6, 4 };

	(void)state;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	memset(&c, 0, sizeof(c));
	a.resource = b.resource = c.resource = "customer";
	a.ids = xmalloc(sizeof(a_ids));
	memcpy(a.ids, a_ids, sizeof(a_ids));
	a.n_ids = 3;
	a.rows = xcalloc(3, sizeof(void *));
	a.rows[a.n_rows++] = cust(1);
	a.rows[a.n_rows++] = cust(3);
	b.ids = xmalloc(sizeof(b_ids));
	memcpy(b.ids, b_ids, sizeof(b_ids));
	b.n_ids = 3;
	b.rows = xcalloc(3, sizeof(void *));
	b.rows[b.n_rows++] = cust(3); /* a has it: freed */
	b.rows[b.n_rows++] = cust(6);
	c.ids = xmalloc(sizeof(c_ids));
	memcpy(c.ids, c_ids, sizeof(c_ids));
	c.n_ids = 2;

	fetch_result_join(&a, &b, 1);
	fetch_result_join(&a, &c, 2);
	assert_int_equal(a.n_ids, 6);
	assert_memory_equal(a.ids, want, sizeof(want));
	assert_memory_equal(a.found, found, sizeof(found));
	assert_int_equal(a.n_rows, 3);
	assert_int_equal(((struct m_customer *)a.rows[2])->id, 6);
	assert_null(b.rows);
	for (size_t i = 0; i < a.n_rows; i++)
		m_row_free("customer", a.rows[i]);
	free(a.rows);
	free(a.ids);
	free(a.found);
	free(b.ids);
	free(c.ids);
}

/* routedesk's share of the day's reads: counted by every handle on one
 * directory (the consoles of a share), refused past the share. */
static void test_read_share(void **state)
{
	char dir[] = "/tmp/rdbudget.XXXXXX";
	struct fetch_budget *a, *b, *all;
	struct api_budget known;
	char why[256];
	char *path;

	(void)state;
	assert_non_null(mkdtemp(dir));
	memset(&known, 0, sizeof(known));
	known.known = 1;
	known.limits.read_day = 300;
	a = fetch_budget_open(dir, 1, getgid()); /* 1% of 300: 3 reads */
	b = fetch_budget_open(dir, 1, getgid());
	assert_non_null(a);
	assert_non_null(b);
	assert_null(fetch_budget_open(dir, 0, getgid()));
	assert_null(fetch_budget_open(dir, 101, getgid()));
	assert_int_equal(fetch_budget_limit(a, &known), 3);
	/* Before the service said its limits, the read goes (and counts). */
	{
		struct api_budget unknown;

		memset(&unknown, 0, sizeof(unknown));
		assert_int_equal(fetch_budget_limit(a, &unknown), -1);
		assert_int_equal(fetch_budget_may_read(a, &unknown, why, sizeof(why)), 0);
	}
	assert_int_equal(fetch_budget_may_read(b, &known, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_may_read(a, &known, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(a), 3);
	assert_int_equal(fetch_budget_used(b), 3);
	/* The fourth, from either console, is refused and not counted. */
	assert_int_equal(fetch_budget_may_read(b, &known, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "share of today's reads is spent (3 of 3"));
	assert_int_equal(fetch_budget_may_read(a, &known, why, sizeof(why)), -1);
	assert_int_equal(fetch_budget_used(a), 3);
	/* A read that reached no server is taken back off the count (and
	 * the count never goes below nothing). */
	fetch_budget_unsent(a);
	assert_int_equal(fetch_budget_used(b), 2);
	assert_int_equal(fetch_budget_may_read(b, &known, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(a), 3);
	fetch_budget_unsent(NULL);
	/* 100% counts but never refuses. */
	all = fetch_budget_open(dir, 100, getgid());
	assert_int_equal(fetch_budget_may_read(all, &known, why, sizeof(why)), 0);
	assert_int_equal(fetch_budget_used(all), 4);
	/* The office's file: the group's, no wider. */
	{
		time_t t = time(NULL);
		struct tm tm;
		char day[16];
		struct stat st;

		localtime_r(&t, &tm);
		strftime(day, sizeof(day), "%Y-%m-%d", &tm);
		path = fetch_budget_path(a, day);
		assert_int_equal(stat(path, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0660);
		unlink(path);
		free(path);
	}
	fetch_budget_close(a);
	fetch_budget_close(b);
	fetch_budget_close(all);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_and_pipe),
		cmocka_unit_test(test_supersede_cancelled),
		cmocka_unit_test(test_supersede_unnoticed),
		cmocka_unit_test(test_write_never_cancelled),
		cmocka_unit_test(test_other_slot_not_cancelled),
		cmocka_unit_test(test_withdraw),
		cmocka_unit_test(test_stop_with_work),
		cmocka_unit_test(test_tables_follow_newest_review),
		cmocka_unit_test(test_shutdown_outcomes),
		cmocka_unit_test(test_shutdown_answer_in_same_instant),
		cmocka_unit_test(test_shutdown_cuts_write),
		cmocka_unit_test(test_user_jobs_first),
		cmocka_unit_test(test_waiting_background_preempted),
		cmocka_unit_test(test_answering_background_not_preempted),
		cmocka_unit_test(test_preempted_superseded_in_between),
		cmocka_unit_test(test_preempted_shut_in_between),
		cmocka_unit_test(test_budget_published),
		cmocka_unit_test(test_open_failure),
		cmocka_unit_test(test_null_safe),
		cmocka_unit_test(test_join_searches),
		cmocka_unit_test(test_read_share),
		cmocka_unit_test(test_bad_jobs_real_runner),
	};

	if (api_global_init() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
