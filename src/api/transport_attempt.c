/* transport_attempt.c: one attempt of a call: the curl transfer it starts, and what its end means (outcome or retry). */
#include "config.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <curl/curl.h>

#include "api/gunzip.h"
#include "api/transport.h"
#include "api/transport_int.h"
#include "common/i18n.h"
#include "common/resources.h"
#include "common/trace.h"

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

/* Notes the answer's Content-Encoding (of the last response: a status line
 * starts a response afresh). */
/* Milliseconds on the monotonic clock: the stall is the network's time,
 * whatever clock the session paces by. */
static long mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static size_t on_header(char *ptr, size_t size, size_t nmemb, void *ud)
{
	static const char name[] = "Content-Encoding:";
	struct api_call *c = ud;
	size_t n = size * nmemb, k = sizeof(name) - 1;

	c->moved_at = mono_ms(); /* a header is a byte of the answer */
	if (n >= 5 && strncmp(ptr, "HTTP/", 5) == 0) {
		c->encoding = API_ENC_IDENTITY;
	} else if (n > k && strncasecmp(ptr, name, k) == 0) {
		c->encoding = api_encoding_of(ptr + k, n - k);
	}
	return n;
}

/* The body as the service meant it: a gzip answer decoded (see gunzip.c
 * for why here rather than by libcurl).  0, or -1 with c->errbuf saying
 * why, for the caller to treat like a transfer that failed. */
static int decode_body(struct api_call *c)
{
	struct strbuf plain = STRBUF_INIT;
	const char *why = NULL;

	if (c->encoding == API_ENC_IDENTITY)
		return 0;
	if (c->encoding == API_ENC_OTHER) {
		snprintf(c->errbuf, sizeof(c->errbuf), "%s",
		         _("the answer is in a Content-Encoding this client did not ask for"));
		return -1;
	}
	if (api_gunzip(c->body.buf, c->body.len, &plain, c->body_limit, &why) < 0) {
		snprintf(c->errbuf, sizeof(c->errbuf), "%s", why);
		strbuf_free(&plain);
		return -1;
	}
	strbuf_free(&c->body);
	c->body = plain;
	return 0;
}

/* Cancels reads at strength 1: a write already on its way runs to its
 * answer, so the caller learns what happened to it; at strength 2 (the
 * program is quitting) it is cut off and reported as unknown.
 *
 * And ends an attempt on which no byte moved for [account] stall seconds
 * since the request went out.  libcurl's own low-speed check (kept as a
 * backstop) averages over a five-second window that still holds the
 * request's bytes: a silent server was given up 6 s after the limit the
 * screen showed (stall = 1 took 7.2 s a try, the default 30 about 36). */
static int on_progress(void *ud, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                       curl_off_t ulnow)
{
	struct api_call *c = ud;
	int level = c->cancel ? atomic_load(c->cancel) : 0;
	curl_off_t pretransfer = 0;
	long now = mono_ms();

	(void)dltotal, (void)ultotal;
	if (level >= 2 || (level == 1 && !c->is_write))
		return 1;
	/* Connecting is the connect timeout's: the watch starts with the
	 * request. */
	curl_easy_getinfo(c->easy, CURLINFO_PRETRANSFER_TIME_T, &pretransfer);
	if (pretransfer <= 0 || (long long)(dlnow + ulnow) != c->moved_bytes) {
		c->moved_bytes = (long long)(dlnow + ulnow);
		c->moved_at = now;
		return 0;
	}
	if (c->stall_ms > 0 && now - c->moved_at >= c->stall_ms) {
		c->stalled = 1;
		return 1;
	}
	return 0;
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
			              _("cannot read %s for the part %s"), p->value, p->name);
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

int transport_start(struct api_session *s, struct api_call *c, long now)
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
	/* gzip is asked for by hand and decoded whole at the end (gunzip.c). */
	curl_easy_setopt(e, CURLOPT_HTTP_CONTENT_DECODING, 0L);
	curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(e, CURLOPT_HEADERDATA, c);
	c->encoding = API_ENC_IDENTITY;
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
	c->moved_bytes = 0;
	c->moved_at = mono_ms();
	c->stalled = 0;
	/* Less than stall_bytes a second is libcurl's alone (the backstop). */
	c->stall_ms = s->o.stall_bytes == 1 && s->o.stall_seconds > 0 ? s->o.stall_seconds * 1000 : 0;
	curl_easy_setopt(e, CURLOPT_XFERINFOFUNCTION, on_progress);
	curl_easy_setopt(e, CURLOPT_XFERINFODATA, c);
	curl_easy_setopt(e, CURLOPT_NOPROGRESS, 0L);
	/* See the design note in transport.h: a write on a reused connection
	 * could be resent by libcurl itself. */
	if (c->is_write)
		curl_easy_setopt(e, CURLOPT_FRESH_CONNECT, 1L);
	h = curl_slist_append(h, "Accept: application/json");
	h = curl_slist_append(h, "Accept-Encoding: gzip");
	h = curl_slist_append(h, "Expect:"); /* no 100-continue round trip */
	c->headers = h;
	curl_easy_setopt(e, CURLOPT_HTTPHEADER, h);
	if (api_form_has_file(&c->form)) {
		if (build_mime(s, c, e) < 0) {
			transport_release(c);
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
	transport_append(&s->running, c);
	s->n_running++;
	/* Started before any attempt ended (or since a quota refusal): it
	 * goes alone, and only it holds the queued calls back. */
	c->probe = !s->probed;
	s->n_probes += c->probe;
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

void transport_report(struct api_session *s, struct api_call *c, long status, long ms,
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

void transport_learn_usage(struct api_session *s, const struct api_answer *a, long now)
{
	if (!a->have_usage || !a->have_limits)
		return;
	api_budget_from(&s->budget, &a->usage, &a->limits);
	s->budget_day = transport_local_day();
	s->budget_at = now;
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

/* Failures that sent no request: no server, or a TLS handshake that
 * failed (https at a plain-http port, "wrong version number", was tried
 * 8 times over 21 s where a refused connection gives up after 3). */
static int no_request(CURLcode rc)
{
	return no_server(rc) || rc == CURLE_SSL_CONNECT_ERROR;
}

/* A call cut off by the cancel flag (curl's callback, or abort_cancelled):
 * a read or a write that sent nothing is cancelled; a write that may have
 * reached the server is an unknown outcome. */
void transport_cut_off(struct api_call *c, int sent, struct api_error *err)
{
	if (c->is_write && sent)
		api_error_set(err, API_ERR_UNKNOWN_OUTCOME, 0, NULL,
		              _("/%s was cut off before its answer (the program is quitting): "
		                "it may or may not have been applied; check before sending it again"),
		              c->path);
	else if (c->is_write)
		api_error_set(err, API_ERR_CANCELLED, 0, NULL, _("/%s was not sent (cancelled)"),
		              c->path);
	else
		api_error_set(err, API_ERR_CANCELLED, 0, NULL, _("/%s cancelled"), c->path);
}

/* The last word of a call that will not be tried again. */
static void give_up(struct api_session *s, struct api_call *c, struct api_error *err, long now)
{
	if (c->attempts > 1) {
		struct strbuf sb = STRBUF_INIT;

		/* TRANSLATORS: %s is the last attempt's error; %.1f is seconds. */
		strbuf_addf(&sb, _("%s (gave up after %d attempts in %.1f s)"), api_error_text(err),
		            c->attempts, (double)(now - c->first_at) / 1000.0);
		free(err->message);
		err->message = strbuf_detach(&sb, NULL);
	}
	api_error_move(&c->err, err);
	transport_finish(s, c);
}

/* Decides what one finished attempt means: a final outcome, or another try. */
void transport_end_attempt(struct api_session *s, struct api_call *c, CURLcode rc)
{
	struct api_error err = API_ERROR_INIT;
	long status = 0, request_size = 0, now = transport_now(s), ra_ms;
	curl_off_t retry_after = 0, pretransfer = 0, connected = 0;
	CURL *e = c->easy;
	int retry = 0, k = c->is_write ? 1 : 0;
	char *msg = NULL;
	const char *what;

	curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &status);
	curl_easy_getinfo(e, CURLINFO_RETRY_AFTER, &retry_after);
	curl_easy_getinfo(e, CURLINFO_PRETRANSFER_TIME_T, &pretransfer);
	curl_easy_getinfo(e, CURLINFO_CONNECT_TIME_T, &connected);
	curl_easy_getinfo(e, CURLINFO_REQUEST_SIZE, &request_size);
	if (rc == CURLE_OK && decode_body(c) < 0)
		rc = CURLE_BAD_CONTENT_ENCODING;
	/* Ended by the stall watch: a timeout, as libcurl's check says it. */
	if (rc == CURLE_ABORTED_BY_CALLBACK && c->stalled) {
		rc = CURLE_OPERATION_TIMEDOUT;
		snprintf(c->errbuf, sizeof(c->errbuf),
		         /* TRANSLATORS: [account] stall is a config setting. */
		         _("nothing received for %ld s ([account] stall)"), c->stall_ms / 1000);
	}
	curl_multi_remove_handle(s->multi, e);
	transport_unrun(s, c);
	c->attempts++;
	c->status = status;
	s->probed = 1;
	/* Any number a server sends (libcurl does not bound it): clamped
	 * before the product, which overflowed into a wait of a moment. */
	ra_ms = retry_after <= 0 ? 0 : retry_after > LONG_MAX / 1000 ? LONG_MAX
	                                                              : (long)retry_after * 1000;
	what = rc != CURLE_OK ? (c->errbuf[0] ? c->errbuf : curl_easy_strerror(rc)) : NULL;
	transport_report(s, c, rc == CURLE_OK ? status : 0, now - c->attempt_start, what);
	transport_release(c);
	api_answer_free(&c->answer);

	if (rc == CURLE_ABORTED_BY_CALLBACK) {
		transport_cut_off(c, !nothing_sent(rc, pretransfer, request_size), &err);
	} else if (rc != CURLE_OK) {
		if (c->is_write && !nothing_sent(rc, pretransfer, request_size)) {
			api_error_set(&err, API_ERR_UNKNOWN_OUTCOME, status, NULL,
			              _("no answer to /%s after sending it (%s): it may or may not "
			                "have been applied; check before sending it again"),
			              c->path, what);
		} else {
			api_error_set(&err, API_ERR_NETWORK, 0, NULL, "/%s: %s", c->path, what);
			/* Up but silent is not the same as gone: the console says
			 * which (a TCP connection was made, TLS included). */
			err.reached = connected > 0 && !no_server(rc);
			retry = transient(rc);
			/* Silent until the stall limit is as good as no server. */
			if (no_request(rc) || (rc == CURLE_OPERATION_TIMEDOUT && c->body.len == 0))
				c->connect_failures++;
			/* No server took it: nothing of the quota was spent.  A
			 * write was never counted as a read (share_spent), and took
			 * three reads off the count when its server was down. */
			if (!c->is_write && no_request(rc) && s->o.may_read && s->o.read_unsent)
				s->o.read_unsent(s->o.may_read_ctx);
		}
	} else if (status == 429 || status >= 500) {
		msg = server_message(c, status);
		if (status == 429) {
			/* Refused, so not applied: a write is tried again like a
			 * read, after the wait the server asked for. */
			if (msg)
				api_error_set(&err, API_ERR_QUOTA, status, msg,
				              /* TRANSLATORS: the last %s is the service's own message. */
				              _("the service refused /%s "
				                "(HTTP 429, too many requests): %s"), c->path, msg);
			else
				api_error_set(&err, API_ERR_QUOTA, status, msg,
				              _("the service refused /%s (HTTP 429, too many requests)"),
				              c->path);
			retry = 1;
		} else if (!c->is_write) {
			if (msg)
				/* TRANSLATORS: the last %s is the service's own message. */
				api_error_set(&err, API_ERR_HTTP, status, msg, _("HTTP %ld from /%s: %s"),
				              status, c->path, msg);
			else
				api_error_set(&err, API_ERR_HTTP, status, msg, _("HTTP %ld from /%s"),
				              status, c->path);
			retry = 1;
		} else {
			api_error_set(&err, API_ERR_UNKNOWN_OUTCOME, status, msg,
			              _("HTTP %ld from /%s: the write may or may not have been "
			                "applied; check before sending it again"), status, c->path);
		}
	} else if (api_envelope_parse_raw(c->body.buf, c->body.len, status, c->raw, &c->answer,
	                                  &err) == 0) {
		transport_learn_usage(s, &c->answer, now);
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
			              _("unreadable answer to /%s: the write may or may not have "
			                "been applied; check before sending it again"), c->path);
		}
	} else {
		api_error_set(&err, API_ERR_HTTP, status, NULL, _("HTTP %ld from /%s"), status, c->path);
	}
	free(msg);
	/* The service's message may quote what it was sent: never a
	 * credential on the screen, in a notification or in the log. */
	api_error_redact(&err, s->key, s->token);
	/* Refused for the quota (429, or the minute's refusal): the next
	 * start goes alone again, as a session's first does, so that when
	 * the wait ends one read finds out whether the minute has reads
	 * left, not every queued one refused together (a dispatcher audit
	 * saw four refused at each minute's turn while other integrations
	 * took the minute, each counted against routedesk's share). */
	if (err.kind == API_ERR_QUOTA)
		s->probed = 0;

	if (retry && ra_ms > s->o.retry_after_max_ms) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, _("%s; the service asked to wait %ld s, longer than the %ld s "
		                   "this client waits"), api_error_text(&err), ra_ms / 1000,
		            s->o.retry_after_max_ms / 1000);
		free(err.message);
		err.message = strbuf_detach(&sb, NULL);
		retry = 0;
	}
	if (retry && transport_cancelled(s, c)) {
		transport_cut_off(c, 0, &err);
		retry = 0;
	}
	/* A refused, unknown or silent host is tried a few times, not eight:
	 * the user hears in seconds what no backoff would cure. */
	if (retry && c->attempts < s->o.max_attempts &&
	    c->connect_failures < s->o.max_connect_attempts) {
		/* The server's pause holds every call of the kind, but only as
		 * long as some call still waits for it. */
		if (status == 429 && ra_ms)
			api_pacer_hold(&s->pacer[k], now + ra_ms);
		c->start_at = now + api_backoff_ms(c->attempts, s->o.backoff_base_ms,
		                                   s->o.backoff_max_ms, ra_ms, transport_random(s));
		api_error_move(&c->err, &err); /* kept in case the call ends here */
		c->state = CS_QUEUED;
		transport_append(&s->queued, c);
		return;
	}
	if (status == 429)
		api_pacer_release(&s->pacer[k]);
	if (!retry) {
		api_error_move(&c->err, &err);
		transport_finish(s, c);
		return;
	}
	give_up(s, c, &err, now);
}

