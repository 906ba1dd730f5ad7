/* transport.c: the session's curl multi loop: starts, retries, pacing, outcomes. */
#include "config.h"

#include <assert.h>
#include <ctype.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <curl/curl.h>

#include "api/transport.h"
#include "api/transport_int.h"
#include "common/dates.h"
#include "common/i18n.h"
#include "common/ini.h"
#include "common/resources.h"
#include "common/trace.h"


void api_options_default(struct api_options *o)
{
	memset(o, 0, sizeof(*o));
	o->connect_timeout_ms = 10000;
	o->timeout_ms = 300000;
	o->stall_seconds = 30;
	o->stall_bytes = 1;
	o->max_attempts = 8;
	o->backoff_base_ms = 250;
	o->backoff_max_ms = 8000;
	o->retry_after_max_ms = 120000;
	o->reads_per_minute = 55;
	o->writes_per_minute = 55;
	o->max_connections = 4;
	o->max_answer_bytes = (size_t)512 << 20;
	o->search_cap = 50000;
	o->max_connect_attempts = 3;
	o->answer_wait_show_ms = 3000;
	o->flight_wait_ms = 30000;
}

int api_global_init(void)
{
	/* With CURLOPT_NOSIGNAL (required: transfers run on the fetch thread)
	 * libcurl no longer shields TLS writes to a closed connection from
	 * SIGPIPE, which would kill the process; a dead peer must be an
	 * error value instead. */
	signal(SIGPIPE, SIG_IGN);
	return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? 0 : -1;
}

void api_global_cleanup(void)
{
	curl_global_cleanup();
}

/* ------------------------------------------------------------------ calls */

int api_path_is_write(const char *path)
{
	const struct resource *r;
	const struct res_special *sp;
	char entity[64];
	const char *slash, *action;
	size_t n;

	while (*path == '/')
		path++;
	slash = strchr(path, '/');
	if (!slash)
		return 1;
	action = slash + 1;
	if (strcmp(action, "search") == 0 || strcmp(action, "get") == 0)
		return 0;
	if (*action && strspn(action, "0123456789") == strlen(action))
		return 0; /* by-id */
	n = (size_t)(slash - path);
	if (n >= sizeof(entity))
		return 1;
	memcpy(entity, path, n);
	entity[n] = '\0';
	r = res_find(entity);
	sp = r ? res_special_find(r, action) : NULL;
	return sp ? sp->is_write : 1;
}

struct api_call *api_call_new(const char *path, const struct api_form *form, int is_write)
{
	struct api_call *c = xcalloc(1, sizeof(*c));

	while (*path == '/')
		path++;
	c->path = xstrdup(path);
	c->is_write = is_write;
	api_form_init(&c->form);
	if (form)
		api_form_copy(&c->form, form);
	return c;
}

void transport_release(struct api_call *c)
{
	if (c->easy)
		curl_easy_cleanup(c->easy);
	if (c->headers)
		curl_slist_free_all(c->headers);
	if (c->mime)
		curl_mime_free(c->mime);
	c->easy = c->headers = c->mime = NULL;
}

void api_call_free(struct api_call *c)
{
	if (!c)
		return;
	transport_release(c);
	free(c->path);
	api_form_free(&c->form);
	/* The encoded body ends with the credentials, and the answer's
	 * params echo them. */
	if (c->request.buf)
		explicit_bzero(c->request.buf, c->request.len);
	strbuf_free(&c->request);
	if (c->body.buf)
		explicit_bzero(c->body.buf, c->body.len);
	strbuf_free(&c->body);
	api_answer_free(&c->answer);
	api_error_clear(&c->err);
	free(c);
}

/* ---------------------------------------------------------------- session */

long transport_now(const struct api_session *s)
{
	struct timespec ts;

	if (s->o.now_ms)
		return s->o.now_ms(s->o.now_ctx);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* xorshift64*: good enough to spread retries, and cheap. */
unsigned long transport_random(struct api_session *s)
{
	unsigned long long x = s->rng;

	if (s->o.random)
		return s->o.random(s->o.random_ctx);
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	s->rng = (unsigned long)x;
	return (unsigned long)(x * 2685821657736338717ULL >> 16);
}

/* Local day number, to know when the service's daily counters reset. */
long transport_local_day(void)
{
	time_t t = time(NULL);
	struct tm tm;

	if (!localtime_r(&t, &tm))
		return 0;
	return (long)(tm.tm_year + 1900) * 400 + tm.tm_yday;
}

void api_url_shown(const char *url, struct strbuf *out)
{
	const char *h = url ? strstr(url, "://") : NULL, *end, *at;

	if (!url)
		return;
	if (!h) {
		strbuf_adds(out, url);
		return;
	}
	h += 3;
	end = h + strcspn(h, "/?#");
	at = h;
	/* The last @ before the path: a password may hold one. */
	for (const char *p = h; p < end; p++)
		if (*p == '@')
			at = p + 1;
	strbuf_add(out, url, (size_t)(h - url));
	strbuf_adds(out, at);
}

int api_url_is_local(const char *url)
{
	const char *h = strstr(url, "://"), *end, *at;
	char host[256];
	size_t n;

	if (!h)
		return 0;
	h += 3;
	end = h + strcspn(h, "/?#");
	at = memchr(h, '@', (size_t)(end - h));
	if (at)
		h = at + 1;
	if (*h == '[') {
		const char *close = memchr(h, ']', (size_t)(end - h));

		if (!close)
			return 0;
		n = (size_t)(close + 1 - h);
	} else {
		n = strcspn(h, ":/?#");
	}
	if (n == 0 || n >= sizeof(host))
		return 0;
	for (size_t i = 0; i < n; i++)
		host[i] = (char)tolower((unsigned char)h[i]);
	host[n] = '\0';
	if (n && host[n - 1] == '.')
		host[--n] = '\0';
	/* 0.0.0.0 and [::] reach this host on Linux: what a sandbox
	 * started with --listen 0.0.0.0:PORT prints. */
	return strcmp(host, "localhost") == 0 || strcmp(host, "[::1]") == 0 ||
	       strcmp(host, "[::]") == 0 || strcmp(host, "0.0.0.0") == 0 ||
	       (strncmp(host, "127.", 4) == 0 && strspn(host, "0123456789.") == n) ||
	       (n > 10 && strcmp(host + n - 10, ".localhost") == 0);
}

struct api_session *api_session_new(const struct api_options *o, struct api_error *err)
{
	struct api_session *s;
	char *url, *key, *token;
	size_t len;

	url = ini_trimmed_dup(o->url);
	key = ini_trimmed_dup(o->key);
	token = ini_trimmed_dup(o->token);
	if (!url || !*url) {
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("no API URL: set ROUTEDESK_URL or the account's url in the config"));
		goto fail;
	}
	if (!key || !*key) {
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("no API key: set ROUTEDESK_KEY or the account's key in the config"));
		goto fail;
	}
	if (!token || !*token) {
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("no API token: set ROUTEDESK_TOKEN or the account's token in the "
		                "config"));
		goto fail;
	}
	if (strncmp(url, "http://", 7) != 0 && strncmp(url, "https://", 8) != 0) {
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("API URL must start with https:// (or http:// for a local sandbox)"));
		goto fail;
	}
	/* Every request carries the key and the token in its body. */
	if (strncmp(url, "http://", 7) == 0 && !o->insecure && !api_url_is_local(url)) {
		struct strbuf shown = STRBUF_INIT;

		api_url_shown(url, &shown);
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              _("API URL %s: plain http:// would send the key and token unencrypted; "
		                "it is only for a sandbox on this host (localhost, 127.0.0.1, [::1]). "
		                "Use https:// (routedesk api --insecure allows it)"),
		              shown.buf);
		strbuf_free(&shown);
		goto fail;
	}
	len = strlen(url);
	while (len && url[len - 1] == '/')
		url[--len] = '\0';
	s = xcalloc(1, sizeof(*s));
	s->o = *o;
	if (s->o.max_attempts < 1)
		s->o.max_attempts = 1;
	if (s->o.max_connections < 1)
		s->o.max_connections = 1;
	if (s->o.max_connect_attempts < 1)
		s->o.max_connect_attempts = 1;
	s->url = url;
	s->key = key;
	s->token = token;
	s->o.url = s->o.key = s->o.token = NULL; /* the copies above are the live ones */
	s->multi = curl_multi_init();
	if (!s->multi)
		abort();
	curl_multi_setopt(s->multi, CURLMOPT_MAX_HOST_CONNECTIONS, (long)s->o.max_connections);
	curl_multi_setopt(s->multi, CURLMOPT_MAXCONNECTS, (long)s->o.max_connections);
	api_pacer_init(&s->pacer[0], s->o.reads_per_minute);
	api_pacer_init(&s->pacer[1], s->o.writes_per_minute);
	s->rng = (unsigned long)time(NULL) ^ ((unsigned long)getpid() << 16) ^ 0x9e3779b97f4a7c15UL;
	if (!s->rng)
		s->rng = 1;
	return s;
fail:
	free(url);
	free(key);
	free(token);
	return NULL;
}

static void free_list(struct api_session *s, struct api_call *c)
{
	while (c) {
		struct api_call *next = c->next;

		transport_flight_end(s, c);
		api_call_free(c);
		c = next;
	}
}

void api_session_free(struct api_session *s)
{
	if (!s)
		return;
	for (struct api_call *c = s->running; c; c = c->next)
		if (c->easy)
			curl_multi_remove_handle(s->multi, c->easy);
	free_list(s, s->running);
	free_list(s, s->queued);
	free_list(s, s->done);
	curl_multi_cleanup(s->multi);
	api_pacer_free(&s->pacer[0]);
	api_pacer_free(&s->pacer[1]);
	/* The key and token leave memory with the session. */
	if (s->key)
		explicit_bzero(s->key, strlen(s->key));
	if (s->token)
		explicit_bzero(s->token, strlen(s->token));
	free(s->url);
	free(s->key);
	free(s->token);
	free(s);
}

size_t api_outstanding(const struct api_session *s)
{
	return s->outstanding;
}

long api_session_search_cap(const struct api_session *s)
{
	return s->o.search_cap;
}

long api_session_requests(const struct api_session *s)
{
	return s->requests;
}

void api_session_budget(const struct api_session *s, struct api_budget *b)
{
	*b = s->budget;
}

/* The cancel strength in force: 0 none, 1 reads and queued calls, 2 all. */
static int cancel_level(const struct api_session *s)
{
	return s->o.cancel ? atomic_load(s->o.cancel) : 0;
}

/* 1 when the cancel strength in force ends c where it stands. */
int transport_cancelled(const struct api_session *s, const struct api_call *c)
{
	int level = cancel_level(s);

	return level >= 2 || (level == 1 && (!c->is_write || c->state == CS_QUEUED));
}

#ifndef NDEBUG
static size_t check_list(const struct api_call *list, int state)
{
	size_t n = 0;

	for (; list; list = list->next, n++)
		assert(list->state == state); /* a call left on a list it left */
	return n;
}

/* Every submitted call is on the one list of its state, and the counts
 * agree: a call forgotten on a list would hang a caller waiting for it. */
static void check_lists(const struct api_session *s)
{
	size_t q = check_list(s->queued, CS_QUEUED);
	size_t r = check_list(s->running, CS_RUNNING);
	size_t d = check_list(s->done, CS_DONE);

	assert(r == (size_t)s->n_running);
	assert(s->n_probes >= 0 && s->n_probes <= s->n_running);
	assert(q + r + d == s->outstanding);
	(void)q, (void)r, (void)d;
}
#else
#define check_lists(s) ((void)(s))
#endif

void transport_append(struct api_call **list, struct api_call *c)
{
	c->next = NULL;
	while (*list)
		list = &(*list)->next;
	*list = c;
}

void transport_unlink(struct api_call **list, struct api_call *c)
{
	for (; *list; list = &(*list)->next) {
		if (*list == c) {
			*list = c->next;
			c->next = NULL;
			return;
		}
	}
}

void transport_unrun(struct api_session *s, struct api_call *c)
{
	transport_unlink(&s->running, c);
	s->n_running--;
	if (c->probe) {
		c->probe = 0;
		s->n_probes--;
	}
}

void transport_finish(struct api_session *s, struct api_call *c)
{
	c->state = CS_DONE;
	/* Its answer to the processes waiting for the same read, now: a
	 * caller may keep a finished call a long time before collecting it. */
	transport_flight_end(s, c);
	transport_append(&s->done, c);
	s->finished++;
}

void api_submit(struct api_session *s, struct api_call *c)
{
	s->outstanding++;
	api_error_clear(&c->err);
	api_answer_free(&c->answer);
	strbuf_reset(&c->body);
	c->status = 0;
	c->attempts = 0;
	c->connect_failures = 0;
	c->first_at = transport_now(s);
	c->flight_since = c->flight_next = 0;
	c->flight_off = 0;
	if (c->form.n + 2 > API_MAX_VARS) {
		api_error_set(&c->err, API_ERR_USAGE, 0, NULL,
		              _("/%s would send %zu parameters; the service reads only the "
		                "first %d and would drop the credentials"),
		              c->path, c->form.n + 2, API_MAX_VARS);
		transport_finish(s, c);
		return;
	}
	strbuf_reset(&c->request);
	if (!api_form_has_file(&c->form))
		api_form_encode(&c->form, s->key, s->token, &c->request);
	c->start_at = c->first_at;
	c->state = CS_QUEUED;
	transport_append(&s->queued, c);
}


/* ------------------------------------------------------------------ loop */

/* The day's budget as last reported is spent: the call is refused here,
 * unsent, for BUDGET_RECHECK_MS after that report.  Not until midnight:
 * the account's day may reset on the service's clock, or its limit be
 * raised, and a console kept open would never learn it (a dispatcher
 * audit restarted the service with reads back and the console refused
 * every r until it was restarted).  Past that, one call goes, and its
 * answer (or refusal) reports the budget again. */
#define BUDGET_RECHECK_MS (10 * 60 * 1000L)

static int budget_spent(struct api_session *s, struct api_call *c, long now)
{
	const struct api_budget *b = &s->budget;
	long left = s->budget_at + BUDGET_RECHECK_MS - now;
	long long at = (long long)time(NULL) + (left + 999) / 1000;
	char hhmm[6];

	if (!b->known || s->budget_day != transport_local_day() || left <= 0)
		return 0;
	if (c->is_write ? b->writes_left_today > 0 : b->reads_left_today > 0)
		return 0;
	/* A clock time, not "in 10 min": a pane keeps the text on screen. */
	time_minute_after(at, hhmm);
	if (c->is_write)
		api_error_set(&c->err, API_ERR_QUOTA, 0, NULL,
		              _("the key's daily write budget is spent (%ld of %ld); /%s was not sent "
		                "(the service is asked again from %s)"),
		              b->usage.write_today, b->limits.write_day, c->path, hhmm);
	else
		api_error_set(&c->err, API_ERR_QUOTA, 0, NULL,
		              _("the key's daily read budget is spent (%ld of %ld); /%s was not sent "
		                "(the service is asked again from %s)"),
		              b->usage.read_today, b->limits.read_day, c->path, hhmm);
	c->err.not_before = at;
	return 1;
}

/* The caller's own limit on reads (routedesk's share of the day's):
 * 1 when it refuses this one, which is then not sent. */
static int share_spent(struct api_session *s, struct api_call *c)
{
	char why[256] = "";
	struct rd_date day;

	if (c->is_write || !s->o.may_read ||
	    s->o.may_read(s->o.may_read_ctx, &s->budget, why, sizeof(why)) == 0)
		return 0;
	api_error_set(&c->err, API_ERR_QUOTA, 0, NULL, _("%s; /%s was not sent"), why, c->path);
	/* The share is of the local day's reads: r is refused until the
	 * next one (a pane said "r tries again" meanwhile). */
	date_today(&day);
	date_from_days(date_to_days(&day) + 1, &day);
	c->err.not_before = date_local_instant(&day, 0);
	return 1;
}

/* Lowers *w to the earliest wait seen, noting what it waits for. */
void transport_note_wait(struct api_wait *w, enum api_wait_kind kind, long until, int is_write)
{
	if (w->kind == API_WAIT_NONE || until < w->until_ms) {
		w->kind = kind;
		w->until_ms = until;
		w->is_write = is_write;
		w->why = API_OK;
		w->status = 0;
	}
}

/* Starts every queued call that its time, its pacer and the connection
 * limit allow, in submission order per kind; lowers *wake to the earliest
 * moment something else could start, and fills *w with why nothing could
 * start sooner. */
static void start_ready(struct api_session *s, long now, long *wake, struct api_wait *w)
{
	int blocked[2] = { 0, 0 };
	struct api_call *c, *next;

	for (c = s->queued; c; c = next) {
		int k = c->is_write ? 1 : 0;
		long at;

		next = c->next;
		/* Nothing queued has reached the server (a queued write is
		 * one that was never sent), so all of it may be dropped. */
		if (transport_cancelled(s, c)) {
			transport_unlink(&s->queued, c);
			transport_cut_off(c, 0, &c->err);
			transport_finish(s, c);
			continue;
		}
		if (c->start_at > now) {
			if (c->start_at < *wake)
				*wake = c->start_at;
			transport_note_wait(w, API_WAIT_RETRY, c->start_at, c->is_write);
			if (w->until_ms == c->start_at && w->kind == API_WAIT_RETRY) {
				w->why = c->err.kind;
				w->status = c->err.http_status;
			}
			continue;
		}
		/* Before the budgets: an answer another process is fetching
		 * costs no read, and waiting for it takes no connection. */
		if (transport_flight(s, c, now, wake, w))
			continue;
		if (blocked[k] || s->n_running >= s->o.max_connections)
			continue;
		/* Until one attempt has ended the budget is unknown: one call at
		 * a time, so a session started when other integrations spent the
		 * minute sends one read that teaches the pacer, not four that
		 * the service refuses.  Only a probe holds the others back: a
		 * slow read that was already running when a 429 came is none,
		 * and waiting for it kept the refused read from going again at
		 * its Retry-After until the slow one ended (up to the stall
		 * limit), the screen naming only the slow one. */
		if (!s->probed && s->n_probes > 0)
			continue;
		if (budget_spent(s, c, now)) {
			transport_unlink(&s->queued, c);
			transport_finish(s, c);
			continue;
		}
		at = api_pacer_next(&s->pacer[k], now);
		if (at > now) {
			blocked[k] = 1;
			if (at < *wake)
				*wake = at;
			transport_note_wait(w, s->pacer[k].hold_until >= at ? API_WAIT_SERVER : API_WAIT_BUDGET,
			          at, c->is_write);
			continue;
		}
		/* Asked last, when the read is about to go: the asker counts it. */
		if (share_spent(s, c)) {
			transport_unlink(&s->queued, c);
			transport_finish(s, c);
			continue;
		}
		transport_unlink(&s->queued, c);
		api_error_clear(&c->err);
		if (transport_start(s, c, now) < 0)
			transport_finish(s, c);
	}
}

/* Ends at once the running calls the cancel flag covers, without waiting
 * for curl to call the progress callback (it may not while connecting). */
static void abort_cancelled(struct api_session *s)
{
	struct api_call *c, *next;

	if (!cancel_level(s))
		return;
	for (c = s->running; c; c = next) {
		curl_off_t pretransfer = 0;
		long request_size = 0;

		next = c->next;
		if (!transport_cancelled(s, c))
			continue;
		curl_easy_getinfo(c->easy, CURLINFO_PRETRANSFER_TIME_T, &pretransfer);
		curl_easy_getinfo(c->easy, CURLINFO_REQUEST_SIZE, &request_size);
		curl_multi_remove_handle(s->multi, c->easy);
		transport_unrun(s, c);
		c->attempts++;
		transport_report(s, c, 0, transport_now(s) - c->attempt_start, "cancelled");
		transport_release(c);
		api_answer_free(&c->answer);
		/* Connected is not sent, but nothing finer can be known here:
		 * a write that got as far as a connection counts as sent. */
		transport_cut_off(c, c->is_write && (pretransfer > 0 || request_size > 0), &c->err);
		transport_finish(s, c);
	}
}

/* Tells the owner when what the session waits for changed. */
static void publish_wait(struct api_session *s, const struct api_wait *w)
{
	if (w->kind == s->wait.kind && w->until_ms == s->wait.until_ms &&
	    w->is_write == s->wait.is_write)
		return;
	s->wait = *w;
	if (s->o.on_wait)
		s->o.on_wait(s->o.wait_ctx, w);
}

/* The running call that has waited longest for the first byte of its
 * answer, past answer_wait_show_ms, as a wait until its stall limit: a
 * server that took the request and went silent shows on screen as such,
 * not as "loading" for minutes.  Else no wait. */
static void silent_answer(const struct api_session *s, long now, struct api_wait *w)
{
	const struct api_call *oldest = NULL;
	long limit;

	*w = (struct api_wait){ .kind = API_WAIT_NONE, .why = API_OK };
	for (const struct api_call *c = s->running; c; c = c->next)
		if (c->body.len == 0 && now - c->attempt_start >= s->o.answer_wait_show_ms &&
		    (!oldest || c->attempt_start < oldest->attempt_start))
			oldest = c;
	if (!oldest)
		return;
	limit = s->o.stall_seconds > 0 ? s->o.stall_seconds * 1000 : s->o.timeout_ms;
	if (s->o.timeout_ms > 0 && s->o.timeout_ms < limit)
		limit = s->o.timeout_ms;
	*w = (struct api_wait){ API_WAIT_ANSWER, oldest->attempt_start + limit, oldest->is_write,
	                        API_OK, 0, oldest->attempts + 1, oldest->attempts + 1 };
	/* A read ended by silence is tried again while transport_end_attempt
	 * allows (a stall counts as a connection failure); a write never. */
	if (!oldest->is_write) {
		int left = s->o.max_attempts - oldest->attempts;

		if (s->o.max_connect_attempts - oldest->connect_failures < left)
			left = s->o.max_connect_attempts - oldest->connect_failures;
		if (left > 1)
			w->attempts = oldest->attempts + left;
	}
}

/* One turn: start what may start, move bytes, collect finished attempts,
 * then wait for sockets or the next timer (at most a second).  Bytes move
 * on every turn, even while finished calls wait to be collected: a caller
 * driving for one call (api_perform) must not starve the others. */
static void drive(struct api_session *s)
{
	long now = transport_now(s), wake = now + 1000, timeout;
	unsigned long finished = s->finished;
	int still = 0, left, ended = 0;
	struct api_wait w = { .kind = API_WAIT_NONE, .why = API_OK };
	CURLMsg *m;

	abort_cancelled(s);
	start_ready(s, now, &wake, &w);
	/* Waiting is when nothing moves: a running transfer is progress,
	 * unless it has sent its request and heard nothing for a while. */
	if (s->running)
		silent_answer(s, now, &w);
	publish_wait(s, &w);
	curl_multi_perform(s->multi, &still);
	while ((m = curl_multi_info_read(s->multi, &left))) {
		char *priv = NULL;

		if (m->msg != CURLMSG_DONE)
			continue;
		curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, &priv);
		transport_end_attempt(s, (struct api_call *)(void *)priv, m->data.result);
		ended = 1;
	}
	check_lists(s);
	/* A call that finished this turn is the caller's to look at, and a
	 * finished attempt may have queued a retry or freed a connection: the
	 * next turn recomputes when to wake before waiting.  Calls finished in
	 * earlier turns and not yet collected are no reason to skip the wait:
	 * api_perform, driving for another call, would spin at full CPU. */
	if (ended || s->finished != finished)
		return;
	timeout = wake - transport_now(s);
	if (timeout < 0)
		timeout = 0;
	if (timeout > 1000)
		timeout = 1000;
	/* Polled even with nothing running (a backoff, a pacing pause), so
	 * api_session_wakeup from another thread ends the wait at once. */
	curl_multi_poll(s->multi, NULL, 0, (int)timeout, NULL);
}

void api_session_wakeup(struct api_session *s)
{
	curl_multi_wakeup(s->multi);
}

struct api_call *api_wait(struct api_session *s)
{
	for (;;) {
		struct api_call *c = s->done;

		if (c) {
			s->done = c->next;
			c->next = NULL;
			c->state = CS_NEW;
			s->outstanding--;
			return c;
		}
		if (!s->queued && !s->running)
			return NULL;
		drive(s);
	}
}

int api_perform(struct api_session *s, struct api_call *c)
{
	api_submit(s, c);
	while (c->state != CS_DONE)
		drive(s);
	transport_unlink(&s->done, c);
	c->state = CS_NEW;
	s->outstanding--;
	check_lists(s);
	return c->err.kind == API_OK ? 0 : -1;
}

int api_call_state(const struct api_call *c)
{
	return c->state;
}

int api_withdraw(struct api_session *s, struct api_call *c)
{
	switch (c->state) {
	case CS_QUEUED:
		transport_unlink(&s->queued, c);
		break;
	case CS_RUNNING:
		if (c->is_write)
			return -1;
		curl_multi_remove_handle(s->multi, c->easy);
		transport_release(c);
		transport_unrun(s, c);
		break;
	case CS_DONE:
		transport_unlink(&s->done, c);
		break;
	default:
		return -1;
	}
	transport_flight_end(s, c);
	c->state = CS_NEW;
	s->outstanding--;
	check_lists(s);
	return 0;
}
