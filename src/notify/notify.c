/* notify.c: the notifier: posting, the worker thread with libnotify or the command, fallback. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef HAVE_LIBNOTIFY
#include <libnotify/notify.h>
#endif

#include "common/dates.h"
#include "common/i18n.h"
#include "common/strbuf.h"
#include "notify/notify.h"

/*
 * Design.  One mutex guards everything the worker and the main thread
 * share: the queue (a ring of NOTIFY_QUEUE_MAX sanitised messages), the
 * current choice (libnotify may give way to the terminal), the pending
 * terminal bytes, the report and the counters.  `work` wakes the worker;
 * `idle` (on CLOCK_MONOTONIC) tells notify_flush and notify_free that the
 * worker went idle or exited.  Nothing slow runs under the mutex: the
 * worker copies a message out, unlocks, then calls libnotify or the
 * command.  A worker stuck in a 25 s D-Bus call at shutdown is left
 * behind: it frees the struct itself when the call returns (orphaned).
 */

struct message {
	char *title, *body;      /* sanitised, owned */
};

struct notify {
	pthread_mutex_t mu;
	pthread_cond_t work, idle;
	struct message q[NOTIFY_QUEUE_MAX];
	size_t head, count;
	int busy;                /* the worker holds a message */
	int quit, exited, orphaned;
	int has_thread;
	pthread_t thread;

	struct notify_config cfg;
	struct notify_choice choice;
	struct strbuf term;      /* pending terminal bytes */
	char *report;            /* pending status-line message */
	int reported_libnotify, reported_command;
	struct notify_stats st;
	int wake[2];
};

static int is_terminal(enum notify_transport t)
{
	return t == NOTIFY_OSC777 || t == NOTIFY_OSC9 || t == NOTIFY_BELL;
}

/* Under mu.  One byte is enough: the reader drains and takes everything. */
static void wake_ui(struct notify *n)
{
	ssize_t w;

	if (n->wake[1] >= 0) {
		w = write(n->wake[1], "!", 1);
		(void)w; /* full pipe: the UI is already due to look */
	}
}

/* Under mu: replaces any unread report with a newer one. */
static void set_report(struct notify *n, char *msg)
{
	free(n->report);
	n->report = msg;
	wake_ui(n);
}

static void message_free(struct message *m)
{
	free(m->title);
	free(m->body);
	m->title = m->body = NULL;
}

static void destroy(struct notify *n)
{
	while (n->count) {
		message_free(&n->q[n->head]);
		n->head = (n->head + 1) % NOTIFY_QUEUE_MAX;
		n->count--;
	}
	if (n->wake[0] >= 0)
		close(n->wake[0]);
	if (n->wake[1] >= 0)
		close(n->wake[1]);
	pthread_cond_destroy(&n->work);
	pthread_cond_destroy(&n->idle);
	pthread_mutex_destroy(&n->mu);
	notify_config_free(&n->cfg);
	strbuf_free(&n->term);
	free(n->report);
	free(n);
}

#ifdef HAVE_LIBNOTIFY
/* Under mu: libnotify failed; this message and the later ones go to the
 * terminal, and the UI hears about it once. */
static void give_up_libnotify(struct notify *n, const struct message *m, const char *why)
{
	struct strbuf r = STRBUF_INIT;

	n->choice.transport = n->choice.fallback;
	n->choice.why[0] = '\0';
	strbuf_addf(&r, _("libnotify failed (%s): using %s"), why,
	            notify_transport_name(n->choice.fallback));
	snprintf(n->choice.why, sizeof(n->choice.why), "%s", strbuf_str(&r));
	if (!n->reported_libnotify) {
		n->reported_libnotify = 1;
		set_report(n, strbuf_detach(&r, NULL));
	}
	strbuf_free(&r);
	if (m && is_terminal(n->choice.transport)) {
		notify_terminal_bytes(&n->choice, m->title, m->body, &n->term);
		n->st.sent++;
		wake_ui(n);
	}
}

/* Worker thread.  Returns 0 when shown, -1 with *err set (g_free it). */
static int show_libnotify(GMainContext *ctx, const struct message *m, char **err)
{
	NotifyNotification *nn;
	GError *gerr = NULL;
	gchar *body = g_markup_escape_text(m->body, -1); /* servers read markup */
	gboolean ok;

	nn = notify_notification_new(m->title, body, NULL);
	ok = notify_notification_show(nn, &gerr);
	g_object_unref(nn);
	g_free(body);
	/* The proxy's signals (NotificationClosed) queue on our context:
	 * run them so they do not pile up. */
	while (g_main_context_iteration(ctx, FALSE))
		;
	if (ok)
		return 0;
	*err = g_strdup(gerr ? gerr->message : "unknown error");
	if (gerr)
		g_error_free(gerr);
	return -1;
}
#endif

/* Worker thread, without mu: one message through the command. */
static void run_command(struct notify *n, const char *cmd, const struct message *m)
{
	int rc = notify_run_command(cmd, m->title, m->body, NOTIFY_COMMAND_TIMEOUT_MS);
	struct strbuf r = STRBUF_INIT;

	pthread_mutex_lock(&n->mu);
	if (rc == 0 || rc == -3) {
		n->st.sent++;
	} else {
		n->st.failed++;
		if (!n->reported_command) {
			n->reported_command = 1;
			if (rc == -1)
				strbuf_adds(&r, _("notify command could not be started"));
			else if (rc == -2)
				strbuf_adds(&r, _("notify command timed out and was killed"));
			else
				strbuf_addf(&r, _("notify command failed with status %d"), rc);
			set_report(n, strbuf_detach(&r, NULL));
		}
	}
	pthread_mutex_unlock(&n->mu);
}

static void *worker(void *arg)
{
	struct notify *n = arg;
	struct message m;
	enum notify_transport t;
	char *cmd = n->cfg.command ? xstrdup(n->cfg.command) : NULL;
	int orphan;
#ifdef HAVE_LIBNOTIFY
	GMainContext *ctx = NULL;
	int inited = 0;
	char *err = NULL;

	if (n->choice.transport == NOTIFY_LIBNOTIFY) {
		/* Our own context, so libnotify's D-Bus proxy never touches
		 * the global default one. */
		ctx = g_main_context_new();
		g_main_context_push_thread_default(ctx);
		inited = notify_init(PACKAGE);
		if (!inited) {
			pthread_mutex_lock(&n->mu);
			give_up_libnotify(n, NULL, "notify_init");
			pthread_mutex_unlock(&n->mu);
		}
	}
#endif

	pthread_mutex_lock(&n->mu);
	for (;;) {
		while (!n->quit && n->count == 0) {
			n->busy = 0;
			pthread_cond_broadcast(&n->idle);
			pthread_cond_wait(&n->work, &n->mu);
		}
		if (n->quit)
			break;
		m = n->q[n->head];
		n->head = (n->head + 1) % NOTIFY_QUEUE_MAX;
		n->count--;
		n->busy = 1;
		t = n->choice.transport;
		if (is_terminal(t)) {
			/* Queued before libnotify gave way. */
			notify_terminal_bytes(&n->choice, m.title, m.body, &n->term);
			n->st.sent++;
			wake_ui(n);
			message_free(&m);
			continue;
		}
		pthread_mutex_unlock(&n->mu);

		if (t == NOTIFY_COMMAND && cmd)
			run_command(n, cmd, &m);
#ifdef HAVE_LIBNOTIFY
		if (t == NOTIFY_LIBNOTIFY) {
			if (show_libnotify(ctx, &m, &err) == 0) {
				pthread_mutex_lock(&n->mu);
				n->st.sent++;
			} else {
				pthread_mutex_lock(&n->mu);
				n->st.failed++;
				give_up_libnotify(n, &m, err);
				g_free(err);
				err = NULL;
			}
			pthread_mutex_unlock(&n->mu);
		}
#endif
		message_free(&m);
		pthread_mutex_lock(&n->mu);
	}
	/* Quitting: what is still queued is stale. */
	while (n->count) {
		message_free(&n->q[n->head]);
		n->head = (n->head + 1) % NOTIFY_QUEUE_MAX;
		n->count--;
		n->st.dropped++;
	}
	n->busy = 0;
	n->exited = 1;
	orphan = n->orphaned;
	pthread_cond_broadcast(&n->idle);
	pthread_mutex_unlock(&n->mu);

	free(cmd);
#ifdef HAVE_LIBNOTIFY
	if (inited)
		notify_uninit();
	if (ctx) {
		while (g_main_context_iteration(ctx, FALSE))
			;
		g_main_context_pop_thread_default(ctx);
		g_main_context_unref(ctx);
	}
#endif
	if (orphan)
		destroy(n);
	return NULL;
}

static int start_worker(struct notify *n)
{
	sigset_t all, old;
	int rc;

	/* Signals (SIGWINCH, SIGINT, SIGTERM) belong to the UI's thread. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&n->thread, NULL, worker, n);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0)
		return -1;
	n->has_thread = 1;
	return 0;
}

struct notify *notify_new(const struct notify_config *cfg, const struct notify_env *env)
{
	struct notify *n = xcalloc(1, sizeof(*n));
	struct notify_env own;
	pthread_condattr_t ca;

	pthread_mutex_init(&n->mu, NULL);
	pthread_cond_init(&n->work, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&n->idle, &ca);
	pthread_condattr_destroy(&ca);
	n->term = (struct strbuf)STRBUF_INIT;
	n->wake[0] = n->wake[1] = -1;
	if (pipe2(n->wake, O_NONBLOCK | O_CLOEXEC) != 0)
		n->wake[0] = n->wake[1] = -1;

	notify_config_init(&n->cfg);
	if (cfg) {
		n->cfg.transport = cfg->transport;
		n->cfg.events = cfg->events;
		n->cfg.command = cfg->command ? xstrdup(cfg->command) : NULL;
	}
	if (!env) {
		notify_env_read(&own);
		env = &own;
	}
	notify_choose(&n->cfg, env, notify_have_libnotify(), &n->choice);
	if ((n->choice.transport == NOTIFY_LIBNOTIFY || n->choice.transport == NOTIFY_COMMAND)
	    && start_worker(n) != 0) {
		if (n->choice.transport == NOTIFY_COMMAND)
			n->choice.fallback = NOTIFY_OFF;
		pthread_mutex_lock(&n->mu);
		n->choice.transport = n->choice.fallback;
		set_report(n, xstrdup(_("notifications: could not start their thread")));
		pthread_mutex_unlock(&n->mu);
	}
	return n;
}

void notify_free(struct notify *n)
{
	struct timespec deadline;
	int rc = 0;

	if (!n)
		return;
	if (n->has_thread) {
		/* 300 ms: with the fetch thread's 600 ms grace for a write, the
		 * whole quit stays under the second a user is promised. */
		time_deadline(CLOCK_MONOTONIC, 300, &deadline);
		pthread_mutex_lock(&n->mu);
		n->quit = 1;
		pthread_cond_signal(&n->work);
		while (!n->exited && rc != ETIMEDOUT)
			rc = pthread_cond_timedwait(&n->idle, &n->mu, &deadline);
		if (!n->exited) {
			/* Stuck in D-Bus: do not hold the user's exit hostage. */
			n->orphaned = 1;
			pthread_mutex_unlock(&n->mu);
			pthread_detach(n->thread);
			return;
		}
		pthread_mutex_unlock(&n->mu);
		pthread_join(n->thread, NULL);
	}
	destroy(n);
}

int notify_post(struct notify *n, const char *title, const char *body)
{
	struct message m = { NULL, NULL };
	struct strbuf t = STRBUF_INIT, b = STRBUF_INIT;
	int rc = 0;

	pthread_mutex_lock(&n->mu);
	if (n->choice.transport == NOTIFY_OFF) {
		pthread_mutex_unlock(&n->mu);
		return 1;
	}
	n->st.posted++;
	if (is_terminal(n->choice.transport)) {
		notify_terminal_bytes(&n->choice, title, body, &n->term);
		n->st.sent++;
		wake_ui(n);
		pthread_mutex_unlock(&n->mu);
		return 0;
	}
	if (n->count >= NOTIFY_QUEUE_MAX) {
		n->st.dropped++;
		pthread_mutex_unlock(&n->mu);
		return -1;
	}
	pthread_mutex_unlock(&n->mu);

	/* Sanitised once here, outside the lock; the terminal fallback's
	 * second pass leaves such text as it is. */
	notify_sanitise(&t, title, NOTIFY_TITLE_MAX, 0);
	notify_sanitise(&b, body, NOTIFY_BODY_MAX, 0);
	m.title = strbuf_detach(&t, NULL);
	m.body = strbuf_detach(&b, NULL);

	pthread_mutex_lock(&n->mu);
	if (n->count >= NOTIFY_QUEUE_MAX) {
		n->st.dropped++;
		rc = -1;
	} else {
		n->q[(n->head + n->count) % NOTIFY_QUEUE_MAX] = m;
		n->count++;
		m.title = m.body = NULL;
		pthread_cond_signal(&n->work);
	}
	pthread_mutex_unlock(&n->mu);
	message_free(&m);
	return rc;
}

enum notify_transport notify_transport(struct notify *n)
{
	enum notify_transport t;

	pthread_mutex_lock(&n->mu);
	t = n->choice.transport;
	pthread_mutex_unlock(&n->mu);
	return t;
}

void notify_describe(struct notify *n, struct strbuf *out)
{
	pthread_mutex_lock(&n->mu);
	strbuf_addf(out, _("%s (%s); %lu sent, %lu dropped, %lu failed"),
	            notify_transport_name(n->choice.transport), n->choice.why,
	            n->st.sent, n->st.dropped, n->st.failed);
	pthread_mutex_unlock(&n->mu);
}

void notify_get_stats(struct notify *n, struct notify_stats *st)
{
	pthread_mutex_lock(&n->mu);
	*st = n->st;
	pthread_mutex_unlock(&n->mu);
}

static void drain_wake(struct notify *n)
{
	char buf[64];

	if (n->wake[0] >= 0)
		while (read(n->wake[0], buf, sizeof(buf)) > 0)
			;
}

char *notify_take_terminal_bytes(struct notify *n, size_t *len)
{
	char *bytes = NULL;

	*len = 0;
	pthread_mutex_lock(&n->mu);
	drain_wake(n);
	if (n->term.len)
		bytes = strbuf_detach(&n->term, len);
	pthread_mutex_unlock(&n->mu);
	return bytes;
}

char *notify_take_report(struct notify *n)
{
	char *r;

	pthread_mutex_lock(&n->mu);
	r = n->report;
	n->report = NULL;
	pthread_mutex_unlock(&n->mu);
	return r;
}

int notify_wake_fd(struct notify *n)
{
	return n->wake[0];
}

int notify_flush(struct notify *n, int timeout_ms)
{
	struct timespec deadline;
	int rc = 0;

	if (!n->has_thread)
		return 0;
	time_deadline(CLOCK_MONOTONIC, (long)timeout_ms, &deadline);
	pthread_mutex_lock(&n->mu);
	while ((n->count || n->busy) && !n->exited && rc != ETIMEDOUT)
		rc = pthread_cond_timedwait(&n->idle, &n->mu, &deadline);
	rc = (n->count || n->busy) && !n->exited ? -1 : 0;
	pthread_mutex_unlock(&n->mu);
	return rc;
}

int notify_post_event(struct notify *n, const struct notify_event *ev)
{
	struct strbuf t = STRBUF_INIT, b = STRBUF_INIT;
	int rc;

	if (!(n->cfg.events & (1u << notify_event_class(ev->kind))))
		return 1;
	notify_event_format(ev, &t, &b);
	rc = notify_post(n, strbuf_str(&t), strbuf_str(&b));
	strbuf_free(&t);
	strbuf_free(&b);
	return rc;
}

size_t notify_post_events(struct notify *n, const struct notify_events *list)
{
	struct strbuf b = STRBUF_INIT;
	size_t i, on = 0, shown = 0, taken = 0;
	unsigned long rest;

	for (i = 0; i < list->n; i++)
		if (n->cfg.events & (1u << notify_event_class(list->v[i].kind)))
			on++;
	for (i = 0; i < list->n; i++) {
		if (!(n->cfg.events & (1u << notify_event_class(list->v[i].kind))))
			continue;
		if (on > NOTIFY_BATCH_MAX && shown == NOTIFY_BATCH_MAX - 1)
			break;
		if (notify_post_event(n, &list->v[i]) == 0)
			taken++;
		shown++;
	}
	if (on > NOTIFY_BATCH_MAX) {
		rest = (unsigned long)(on - shown);
		strbuf_addf(&b, ngettext("%lu more change since the last refresh",
		                         "%lu more changes since the last refresh", rest), rest);
		if (notify_post(n, _("Route review"), strbuf_str(&b)) == 0)
			taken++;
		strbuf_free(&b);
	}
	return taken;
}
