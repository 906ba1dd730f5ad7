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
#include "common/resources.h"
#include "common/trace.h"

/* The states of the diagram in transport.h, by their short names here. */
enum {
	CS_NEW = API_CALL_NEW,
	CS_QUEUED = API_CALL_QUEUED,
	CS_RUNNING = API_CALL_RUNNING,
	CS_DONE = API_CALL_DONE,
};

struct api_session {
	struct api_options o;
	char *url, *key, *token;
	CURLM *multi;
	struct api_call *queued;  /* waiting to start (FIFO) */
	struct api_call *running; /* in the multi handle */
	int n_running;
	struct api_call *done;    /* finished, not yet returned (FIFO) */
	size_t outstanding;
	unsigned long finished;    /* calls moved to done so far (see drive) */
	int probed;                /* an attempt has ended: the budget may be known */
	struct api_pacer pacer[2]; /* [0] reads, [1] writes */
	struct api_budget budget;
	long budget_day;           /* local day of the usage report */
	long requests;
	unsigned long rng;
	struct api_wait wait;      /* what the last turn found nothing moving for */
};

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

static void release_transfer(struct api_call *c)
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
	release_transfer(c);
	free(c->path);
	api_form_free(&c->form);
	/* The encoded body ends with the credentials. */
	if (c->request.buf)
		explicit_bzero(c->request.buf, c->request.len);
	strbuf_free(&c->request);
	strbuf_free(&c->body);
	api_answer_free(&c->answer);
	api_error_clear(&c->err);
	free(c);
}

/* ---------------------------------------------------------------- session */

static long now_ms(const struct api_session *s)
{
	struct timespec ts;

	if (s->o.now_ms)
		return s->o.now_ms(s->o.now_ctx);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* xorshift64*: good enough to spread retries, and cheap. */
static unsigned long next_random(struct api_session *s)
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
static long local_day(void)
{
	time_t t = time(NULL);
	struct tm tm;

	if (!localtime_r(&t, &tm))
		return 0;
	return (long)(tm.tm_year + 1900) * 400 + tm.tm_yday;
}

static char *trimmed(const char *s)
{
	size_t len;

	if (!s)
		return NULL;
	while (isspace((unsigned char)*s))
		s++;
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	return xstrndup(s, len);
}

struct api_session *api_session_new(const struct api_options *o, struct api_error *err)
{
	struct api_session *s;
	char *url, *key, *token;
	size_t len;

	url = trimmed(o->url);
	key = trimmed(o->key);
	token = trimmed(o->token);
	if (!url || !*url || !key || !*key || !token || !*token) {
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              "no %s: set ROUTEDESK_%s or the account's %s in the config",
		              !url || !*url ? "API URL" : !key || !*key ? "API key" : "API token",
		              !url || !*url ? "URL" : !key || !*key ? "KEY" : "TOKEN",
		              !url || !*url ? "url" : !key || !*key ? "key" : "token");
		goto fail;
	}
	if (strncmp(url, "http://", 7) != 0 && strncmp(url, "https://", 8) != 0) {
		api_error_set(err, API_ERR_USAGE, 0, NULL,
		              "API URL must start with https:// (or http:// for a local sandbox)");
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

static void free_list(struct api_call *c)
{
	while (c) {
		struct api_call *next = c->next;

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
	free_list(s->running);
	free_list(s->queued);
	free_list(s->done);
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

void api_session_wait(const struct api_session *s, struct api_wait *w)
{
	*w = s->wait;
}

/* The cancel strength in force: 0 none, 1 reads and queued calls, 2 all. */
static int cancel_level(const struct api_session *s)
{
	return s->o.cancel ? atomic_load(s->o.cancel) : 0;
}

/* 1 when the cancel strength in force ends c where it stands. */
static int cancelled(const struct api_session *s, const struct api_call *c)
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
	assert(q + r + d == s->outstanding);
	(void)q, (void)r, (void)d;
}
#else
#define check_lists(s) ((void)(s))
#endif

static void append(struct api_call **list, struct api_call *c)
{
	c->next = NULL;
	while (*list)
		list = &(*list)->next;
	*list = c;
}

static void unlink_call(struct api_call **list, struct api_call *c)
{
	for (; *list; list = &(*list)->next) {
		if (*list == c) {
			*list = c->next;
			c->next = NULL;
			return;
		}
	}
}

static void finish(struct api_session *s, struct api_call *c)
{
	c->state = CS_DONE;
	append(&s->done, c);
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
	c->first_at = now_ms(s);
	if (c->form.n + 2 > API_MAX_VARS) {
		api_error_set(&c->err, API_ERR_USAGE, 0, NULL,
		              "/%s would send %zu parameters; the service reads only the "
		              "first %d and would drop the credentials",
		              c->path, c->form.n + 2, API_MAX_VARS);
		finish(s, c);
		return;
	}
	strbuf_reset(&c->request);
	if (!api_form_has_file(&c->form))
		api_form_encode(&c->form, s->key, s->token, &c->request);
	c->start_at = c->first_at;
	c->state = CS_QUEUED;
	append(&s->queued, c);
}


/* -------------------------------------------------------------- transfers */

static size_t on_body(char *ptr, size_t size, size_t nmemb, void *ud)
{
	struct api_call *c = ud;
	size_t n = size * nmemb;

	if (c->body.len + n > c->body_limit)
		return 0; /* CURLE_WRITE_ERROR: refuse to buffer an absurd answer */
	strbuf_add(&c->body, ptr, n);
	return n;
}

/* Cancels reads at strength 1: a write already on its way runs to its
 * answer, so the caller learns what happened to it; at strength 2 (the
 * program is quitting) it is cut off and reported as unknown. */
static int on_progress(void *ud, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                       curl_off_t ulnow)
{
	struct api_call *c = ud;
	int level = c->cancel ? atomic_load(c->cancel) : 0;

	(void)dltotal, (void)dlnow, (void)ultotal, (void)ulnow;
	return level >= 2 || (level == 1 && !c->is_write);
}

/* A multipart body (document/create's file): the same pairs, credentials
 * last.  0, or -1 with c->err set (an unreadable file: nothing was sent). */
static int build_mime(struct api_session *s, struct api_call *c, CURL *easy)
{
	curl_mime *m = curl_mime_init(easy);
	curl_mimepart *part;

	c->mime = m;
	for (size_t i = 0; i < c->form.n; i++) {
		const struct api_pair *p = &c->form.pairs[i];

		part = curl_mime_addpart(m);
		curl_mime_name(part, p->name);
		if (!p->is_file) {
			curl_mime_data(part, p->value, p->len);
		} else if (access(p->value, R_OK) != 0 ||
		           curl_mime_filedata(part, p->value) != CURLE_OK) {
			api_error_set(&c->err, API_ERR_USAGE, 0, NULL,
			              "cannot read %s for the part %s", p->value, p->name);
			return -1;
		}
	}
	part = curl_mime_addpart(m);
	curl_mime_name(part, "authenticationKey");
	curl_mime_data(part, s->key, CURL_ZERO_TERMINATED);
	part = curl_mime_addpart(m);
	curl_mime_name(part, "authenticationToken");
	curl_mime_data(part, s->token, CURL_ZERO_TERMINATED);
	return 0;
}

static int start_transfer(struct api_session *s, struct api_call *c, long now)
{
	struct strbuf url = STRBUF_INIT;
	struct curl_slist *h = NULL;
	CURL *e = curl_easy_init();

	if (!e)
		abort();
	c->easy = e;
	c->body_limit = s->o.max_answer_bytes;
	c->cancel = s->o.cancel;
	c->errbuf[0] = '\0';
	strbuf_reset(&c->body);
	strbuf_addf(&url, "%s/%s", s->url, c->path);
	curl_easy_setopt(e, CURLOPT_URL, url.buf);
	strbuf_free(&url);
	curl_easy_setopt(e, CURLOPT_PRIVATE, c);
	curl_easy_setopt(e, CURLOPT_ERRORBUFFER, c->errbuf);
	curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(e, CURLOPT_USERAGENT, PACKAGE_NAME "/" PACKAGE_VERSION);
	curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, 0L);
	curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, s->o.connect_timeout_ms);
	curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, s->o.timeout_ms);
	curl_easy_setopt(e, CURLOPT_LOW_SPEED_LIMIT, s->o.stall_bytes);
	curl_easy_setopt(e, CURLOPT_LOW_SPEED_TIME, s->o.stall_seconds);
	curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, s->o.insecure ? 0L : 1L);
	curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, s->o.insecure ? 0L : 2L);
	curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(e, CURLOPT_WRITEDATA, c);
	if (s->o.cancel) {
		curl_easy_setopt(e, CURLOPT_XFERINFOFUNCTION, on_progress);
		curl_easy_setopt(e, CURLOPT_XFERINFODATA, c);
		curl_easy_setopt(e, CURLOPT_NOPROGRESS, 0L);
	}
	/* See the design note in transport.h: a write on a reused connection
	 * could be resent by libcurl itself. */
	if (c->is_write)
		curl_easy_setopt(e, CURLOPT_FRESH_CONNECT, 1L);
	h = curl_slist_append(h, "Accept: application/json");
	h = curl_slist_append(h, "Expect:"); /* no 100-continue round trip */
	c->headers = h;
	curl_easy_setopt(e, CURLOPT_HTTPHEADER, h);
	if (api_form_has_file(&c->form)) {
		if (build_mime(s, c, e) < 0) {
			release_transfer(c);
			return -1;
		}
		curl_easy_setopt(e, CURLOPT_MIMEPOST, c->mime);
	} else {
		curl_easy_setopt(e, CURLOPT_POSTFIELDS, strbuf_str(&c->request));
		curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)c->request.len);
	}
	if (curl_multi_add_handle(s->multi, e) != CURLM_OK)
		abort();
	c->attempt_start = now;
	c->state = CS_RUNNING;
	append(&s->running, c);
	s->n_running++;
	s->requests++;
	api_pacer_note(&s->pacer[c->is_write ? 1 : 0], now);
	return 0;
}

/* Failures that happen before a single byte of the request leaves. */
static int nothing_sent(CURLcode rc, curl_off_t pretransfer_us, long request_size)
{
	if (rc == CURLE_COULDNT_RESOLVE_PROXY || rc == CURLE_COULDNT_RESOLVE_HOST ||
	    rc == CURLE_COULDNT_CONNECT)
		return 1;
	return pretransfer_us == 0 && request_size == 0;
}

/* Failures that another attempt will not cure. */
static int transient(CURLcode rc)
{
	switch (rc) {
	case CURLE_UNSUPPORTED_PROTOCOL:
	case CURLE_URL_MALFORMAT:
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_SSL_CERTPROBLEM:
	case CURLE_SSL_CIPHER:
	case CURLE_WRITE_ERROR:
	case CURLE_READ_ERROR:
	case CURLE_OUT_OF_MEMORY:
	case CURLE_ABORTED_BY_CALLBACK:
	case CURLE_BAD_FUNCTION_ARGUMENT:
	case CURLE_FILESIZE_EXCEEDED:
		return 0;
	default:
		return 1;
	}
}

static void report_attempt(struct api_session *s, struct api_call *c, long status, long ms,
                           const char *error)
{
	struct strbuf path = STRBUF_INIT;
	struct api_trace t;

	strbuf_addf(&path, "/%s", c->path);
	trace_event("request", "%s %ld %zu %ld", path.buf, status, c->body.len, ms);
	if (s->o.on_attempt) {
		t.path = path.buf;
		t.status = status;
		t.bytes = c->body.len;
		t.ms = ms;
		t.attempt = c->attempts;
		t.is_write = c->is_write;
		t.error = error;
		s->o.on_attempt(s->o.attempt_ctx, &t);
	}
	strbuf_free(&path);
}

static void learn_usage(struct api_session *s, const struct api_answer *a, long now)
{
	if (!a->have_usage || !a->have_limits)
		return;
	api_budget_from(&s->budget, &a->usage, &a->limits);
	s->budget_day = local_day();
	api_pacer_report(&s->pacer[0], a->usage.read_minute, now);
	api_pacer_report(&s->pacer[1], a->usage.write_minute, now);
	if (s->o.on_budget)
		s->o.on_budget(s->o.budget_ctx, &s->budget);
}

/* The server's errorMessage of a failed answer, when it sent one. */
static char *server_message(struct api_call *c, long status)
{
	struct api_answer a;
	struct api_error ignore = API_ERROR_INIT;
	char *msg = NULL;

	if (api_envelope_parse(c->body.buf, c->body.len, status, &a, &ignore) == 0 &&
	    a.error_message)
		msg = xstrdup(a.error_message);
	api_answer_free(&a);
	api_error_clear(&ignore);
	return msg;
}

/* Failures where no server answered the connection at all. */
static int no_server(CURLcode rc)
{
	return rc == CURLE_COULDNT_CONNECT || rc == CURLE_COULDNT_RESOLVE_HOST ||
	       rc == CURLE_COULDNT_RESOLVE_PROXY;
}

/* A call cut off by the cancel flag (curl's callback, or abort_cancelled):
 * a read or a write that sent nothing is cancelled; a write that may have
 * reached the server is an unknown outcome. */
static void cut_off(struct api_call *c, int sent, struct api_error *err)
{
	if (c->is_write && sent)
		api_error_set(err, API_ERR_UNKNOWN_OUTCOME, 0, NULL,
		              "/%s was cut off before its answer (the program is quitting): "
		              "it may or may not have been applied; check before sending it again",
		              c->path);
	else if (c->is_write)
		api_error_set(err, API_ERR_CANCELLED, 0, NULL, "/%s was not sent (cancelled)", c->path);
	else
		api_error_set(err, API_ERR_CANCELLED, 0, NULL, "/%s cancelled", c->path);
}

/* The last word of a call that will not be tried again. */
static void give_up(struct api_session *s, struct api_call *c, struct api_error *err, long now)
{
	if (c->attempts > 1) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s (gave up after %d attempts in %.1f s)", api_error_text(err),
		            c->attempts, (double)(now - c->first_at) / 1000.0);
		free(err->message);
		err->message = strbuf_detach(&sb, NULL);
	}
	api_error_move(&c->err, err);
	finish(s, c);
}

/* Decides what one finished attempt means: a final outcome, or another try. */
static void end_attempt(struct api_session *s, struct api_call *c, CURLcode rc)
{
	struct api_error err = API_ERROR_INIT;
	long status = 0, request_size = 0, now = now_ms(s), ra_ms;
	curl_off_t retry_after = 0, pretransfer = 0;
	CURL *e = c->easy;
	int retry = 0, k = c->is_write ? 1 : 0;
	char *msg = NULL;
	const char *what;

	curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &status);
	curl_easy_getinfo(e, CURLINFO_RETRY_AFTER, &retry_after);
	curl_easy_getinfo(e, CURLINFO_PRETRANSFER_TIME_T, &pretransfer);
	curl_easy_getinfo(e, CURLINFO_REQUEST_SIZE, &request_size);
	curl_multi_remove_handle(s->multi, e);
	unlink_call(&s->running, c);
	s->n_running--;
	c->attempts++;
	c->status = status;
	s->probed = 1;
	ra_ms = retry_after > 0 ? (long)retry_after * 1000 : 0;
	what = rc != CURLE_OK ? (c->errbuf[0] ? c->errbuf : curl_easy_strerror(rc)) : NULL;
	report_attempt(s, c, rc == CURLE_OK ? status : 0, now - c->attempt_start, what);
	release_transfer(c);
	api_answer_free(&c->answer);

	if (rc == CURLE_ABORTED_BY_CALLBACK) {
		cut_off(c, !nothing_sent(rc, pretransfer, request_size), &err);
	} else if (rc != CURLE_OK) {
		if (c->is_write && !nothing_sent(rc, pretransfer, request_size)) {
			api_error_set(&err, API_ERR_UNKNOWN_OUTCOME, status, NULL,
			              "no answer to /%s after sending it (%s): it may or may not "
			              "have been applied; check before sending it again",
			              c->path, what);
		} else {
			api_error_set(&err, API_ERR_NETWORK, 0, NULL, "/%s: %s", c->path, what);
			retry = transient(rc);
			if (no_server(rc))
				c->connect_failures++;
		}
	} else if (status == 429 || status >= 500) {
		msg = server_message(c, status);
		if (status == 429) {
			/* Refused, so not applied: a write is tried again like a
			 * read, after the wait the server asked for. */
			api_error_set(&err, API_ERR_QUOTA, status, msg,
			              "the service refused /%s (HTTP 429, too many requests)%s%s",
			              c->path, msg ? ": " : "", msg ? msg : "");
			retry = 1;
		} else if (!c->is_write) {
			api_error_set(&err, API_ERR_HTTP, status, msg, "HTTP %ld from /%s%s%s", status,
			              c->path, msg ? ": " : "", msg ? msg : "");
			retry = 1;
		} else {
			api_error_set(&err, API_ERR_UNKNOWN_OUTCOME, status, msg,
			              "HTTP %ld from /%s: the write may or may not have been "
			              "applied; check before sending it again", status, c->path);
		}
	} else if (api_envelope_parse(c->body.buf, c->body.len, status, &c->answer, &err) == 0) {
		learn_usage(s, &c->answer, now);
		/* Refused for the minute's quota (HTTP 200, success:false):
		 * not applied, so read or write, it is tried again once the
		 * pacer, which has just learnt what others spent, lets it. */
		if (api_answer_check(&c->answer, &err) < 0 && err.kind == API_ERR_QUOTA &&
		    api_is_minute_quota_message(c->answer.error_message))
			retry = 1;
	} else if (status >= 200 && status < 300) {
		if (!c->is_write) {
			retry = 1; /* a garbled answer to a read: ask again */
		} else {
			api_error_set(&err, API_ERR_UNKNOWN_OUTCOME, status, NULL,
			              "unreadable answer to /%s: the write may or may not have "
			              "been applied; check before sending it again", c->path);
		}
	} else {
		api_error_set(&err, API_ERR_HTTP, status, NULL, "HTTP %ld from /%s", status, c->path);
	}
	free(msg);

	if (retry && ra_ms > s->o.retry_after_max_ms) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s; the service asked to wait %ld s, longer than the %ld s "
		            "this client waits", api_error_text(&err), ra_ms / 1000,
		            s->o.retry_after_max_ms / 1000);
		free(err.message);
		err.message = strbuf_detach(&sb, NULL);
		retry = 0;
	}
	if (retry && cancelled(s, c)) {
		cut_off(c, 0, &err);
		retry = 0;
	}
	/* A refused or unknown host is tried a few times, not eight: the
	 * user hears in seconds what no backoff would cure. */
	if (retry && c->attempts < s->o.max_attempts &&
	    c->connect_failures < s->o.max_connect_attempts) {
		/* The server's pause holds every call of the kind, but only as
		 * long as some call still waits for it. */
		if (status == 429 && ra_ms)
			api_pacer_hold(&s->pacer[k], now + ra_ms);
		c->start_at = now + api_backoff_ms(c->attempts, s->o.backoff_base_ms,
		                                   s->o.backoff_max_ms, ra_ms, next_random(s));
		api_error_move(&c->err, &err); /* kept in case the call ends here */
		c->state = CS_QUEUED;
		append(&s->queued, c);
		return;
	}
	if (status == 429)
		api_pacer_release(&s->pacer[k]);
	if (!retry) {
		api_error_move(&c->err, &err);
		finish(s, c);
		return;
	}
	give_up(s, c, &err, now);
}

/* ------------------------------------------------------------------ loop */

static int budget_spent(struct api_session *s, struct api_call *c)
{
	const struct api_budget *b = &s->budget;

	if (!b->known || s->budget_day != local_day())
		return 0;
	if (c->is_write ? b->writes_left_today > 0 : b->reads_left_today > 0)
		return 0;
	api_error_set(&c->err, API_ERR_QUOTA, 0, NULL,
	              "the key's daily %s budget is spent (%ld of %ld); /%s was not sent",
	              c->is_write ? "write" : "read",
	              c->is_write ? b->usage.write_today : b->usage.read_today,
	              c->is_write ? b->limits.write_day : b->limits.read_day, c->path);
	return 1;
}

/* Lowers *w to the earliest wait seen, noting what it waits for. */
static void note_wait(struct api_wait *w, enum api_wait_kind kind, long until, int is_write)
{
	if (w->kind == API_WAIT_NONE || until < w->until_ms) {
		w->kind = kind;
		w->until_ms = until;
		w->is_write = is_write;
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
		if (cancelled(s, c)) {
			unlink_call(&s->queued, c);
			cut_off(c, 0, &c->err);
			finish(s, c);
			continue;
		}
		if (c->start_at > now) {
			if (c->start_at < *wake)
				*wake = c->start_at;
			note_wait(w, API_WAIT_RETRY, c->start_at, c->is_write);
			continue;
		}
		if (blocked[k] || s->n_running >= s->o.max_connections)
			continue;
		/* Until one attempt has ended the budget is unknown: one call at
		 * a time, so a session started when other integrations spent the
		 * minute sends one read that teaches the pacer, not four that
		 * the service refuses. */
		if (!s->probed && s->n_running > 0)
			continue;
		if (budget_spent(s, c)) {
			unlink_call(&s->queued, c);
			finish(s, c);
			continue;
		}
		at = api_pacer_next(&s->pacer[k], now);
		if (at > now) {
			blocked[k] = 1;
			if (at < *wake)
				*wake = at;
			note_wait(w, s->pacer[k].hold_until >= at ? API_WAIT_SERVER : API_WAIT_BUDGET,
			          at, c->is_write);
			continue;
		}
		unlink_call(&s->queued, c);
		api_error_clear(&c->err);
		if (start_transfer(s, c, now) < 0)
			finish(s, c);
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
		if (!cancelled(s, c))
			continue;
		curl_easy_getinfo(c->easy, CURLINFO_PRETRANSFER_TIME_T, &pretransfer);
		curl_easy_getinfo(c->easy, CURLINFO_REQUEST_SIZE, &request_size);
		curl_multi_remove_handle(s->multi, c->easy);
		unlink_call(&s->running, c);
		s->n_running--;
		c->attempts++;
		report_attempt(s, c, 0, now_ms(s) - c->attempt_start, "cancelled");
		release_transfer(c);
		api_answer_free(&c->answer);
		/* Connected is not sent, but nothing finer can be known here:
		 * a write that got as far as a connection counts as sent. */
		cut_off(c, c->is_write && (pretransfer > 0 || request_size > 0), &c->err);
		finish(s, c);
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

/* One turn: start what may start, move bytes, collect finished attempts,
 * then wait for sockets or the next timer (at most a second).  Bytes move
 * on every turn, even while finished calls wait to be collected: a caller
 * driving for one call (api_perform) must not starve the others. */
static void drive(struct api_session *s)
{
	long now = now_ms(s), wake = now + 1000, timeout;
	unsigned long finished = s->finished;
	int still = 0, left, ended = 0;
	struct api_wait w = { API_WAIT_NONE, 0, 0 };
	CURLMsg *m;

	abort_cancelled(s);
	start_ready(s, now, &wake, &w);
	/* Waiting is when nothing moves: a running transfer is progress. */
	publish_wait(s, s->running ? &(struct api_wait){ API_WAIT_NONE, 0, 0 } : &w);
	curl_multi_perform(s->multi, &still);
	while ((m = curl_multi_info_read(s->multi, &left))) {
		char *priv = NULL;

		if (m->msg != CURLMSG_DONE)
			continue;
		curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, &priv);
		end_attempt(s, (struct api_call *)(void *)priv, m->data.result);
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
	timeout = wake - now_ms(s);
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
	unlink_call(&s->done, c);
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
		unlink_call(&s->queued, c);
		break;
	case CS_RUNNING:
		if (c->is_write)
			return -1;
		curl_multi_remove_handle(s->multi, c->easy);
		release_transfer(c);
		unlink_call(&s->running, c);
		s->n_running--;
		break;
	case CS_DONE:
		unlink_call(&s->done, c);
		break;
	default:
		return -1;
	}
	c->state = CS_NEW;
	s->outstanding--;
	check_lists(s);
	return 0;
}
