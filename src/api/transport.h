/* transport.h: a client session on one curl multi handle (retries, pacing, traces). */
#ifndef ROUTEDESK_API_TRANSPORT_H
#define ROUTEDESK_API_TRANSPORT_H

#include <stdatomic.h>
#include <stddef.h>

#include "api/encode.h"
#include "api/envelope.h"
#include "api/gunzip.h"
#include "api/error.h"
#include "api/pace.h"
#include "common/strbuf.h"

/*
 * Design: a session owns ONE curl multi handle, so every transfer of the
 * session reuses the same few connections (CURLMOPT_MAX_HOST_CONNECTIONS),
 * and it is used by one thread at a time: libcurl cannot share connections
 * between threads.  Callers submit calls and collect them when finished:
 *
 *   api_submit(s, c1); api_submit(s, c2);
 *   while ((c = api_wait(s))) { ...; api_call_free(c); }
 *
 * Each call runs to its final outcome inside the session: a read is retried
 * on network errors, 429, 5xx and unreadable answers, with exponential
 * backoff and jitter, honouring Retry-After.  A write is never sent twice
 * once any byte of it may have reached the server: it always travels on a
 * fresh connection (libcurl silently resends a request whose reused
 * connection died before the answer, which is exactly when the server may
 * have applied it), and a failure after sending is returned as
 * API_ERR_UNKNOWN_OUTCOME.  Every start goes through the pacer of its kind.
 *
 * A call's states, and the one list of the session each state lives on:
 *
 *   NEW --api_submit--> QUEUED (s->queued) --start--> RUNNING (s->running)
 *   RUNNING --attempt ends, retry--> QUEUED (start_at = now + backoff)
 *   RUNNING --attempt ends, final--> DONE (s->done)
 *   QUEUED --cancel flag, budget spent, usage error--> DONE
 *   DONE --api_wait / api_perform returns it--> NEW (the caller owns it)
 *   QUEUED | RUNNING (a read) | DONE --api_withdraw--> NEW (withdrawn)
 *
 * A call is on exactly one list while submitted, and on none once NEW;
 * every driving turn moves bytes even while finished calls wait to be
 * collected (a caller waiting for one call must never starve the others).
 * Debug builds check the lists against the states after every turn.
 *
 * Cancellation has two strengths (struct api_options.cancel): 1 ends
 * reads (queued and running) and queued calls, never a write already
 * sending; 2 (quitting) ends everything: a write cut off after any byte of
 * it may have left ends as API_ERR_UNKNOWN_OUTCOME, never resent.
 */

/* A call's state in the diagram above (api_call_state). */
enum api_call_state {
	API_CALL_NEW,      /* the caller's: not submitted, or returned */
	API_CALL_QUEUED,   /* submitted, waiting to start (or to retry) */
	API_CALL_RUNNING,  /* an attempt is in the multi handle */
	API_CALL_DONE,     /* final outcome known, not yet returned */
};

/* Why nothing is moving although calls wait: what the console's header
 * explains, with the seconds left. */
enum api_wait_kind {
	API_WAIT_NONE,    /* a transfer runs, or nothing waits */
	API_WAIT_BUDGET,  /* pacing: the minute's read (or write) budget is used up */
	API_WAIT_SERVER,  /* the server's Retry-After (HTTP 429) */
	API_WAIT_RETRY,   /* backoff before retrying a failed attempt */
	API_WAIT_FLIGHT,  /* another process of the share is sending the same read */
	API_WAIT_ANSWER,  /* a request went out and no byte of its answer came for
	                   * answer_wait_show_ms: until is when it is given up */
};

struct api_wait {
	enum api_wait_kind kind;
	long until_ms;    /* on the session's clock (CLOCK_MONOTONIC ms by default) */
	int is_write;     /* the waiting call is a write */
	/* API_WAIT_RETRY: what the failed attempt met, so that the wait can
	 * say why (a dispatcher saw "retrying in 1 s" three times and never
	 * a reason): its error's kind and HTTP status (0: no answer). */
	enum api_err_kind why;
	long status;
	/* API_WAIT_ANSWER: the try the silent call is on and the most it
	 * gets (a read left silent is tried again: the end of one try is
	 * not the end of the call, as the screen once said). */
	int attempt, attempts;
};

/* One finished attempt, as the trace reports it.  Never a credential. */
struct api_trace {
	const char *path;  /* as sent, relative to the base URL: "/customer/search" */
	long status;       /* HTTP status, 0 when no answer */
	size_t bytes;      /* answer bytes received (after decompression) */
	long ms;           /* duration of the attempt */
	int attempt;       /* 1 for the first */
	int is_write;
	const char *error; /* curl's message when no answer, else NULL */
};

/* What flight_ask answers (struct api_options). */
enum api_flight {
	API_FLIGHT_SEND,
	API_FLIGHT_WAIT,
	API_FLIGHT_ANSWER,
};

struct api_options {
	const char *url;          /* base URL ending in /api, no trailing '/' needed */
	const char *key, *token;  /* credentials: copied, trimmed, never logged */
	long connect_timeout_ms;  /* default 10000 */
	long timeout_ms;          /* whole attempt, default 300000 */
	long stall_seconds;       /* abort below stall_bytes/s for this long, default 30 */
	long stall_bytes;         /* default 1 */
	int insecure;             /* 1 turns TLS verification off (explicit flag only) */
	int max_attempts;         /* per read, default 8 */
	long backoff_base_ms;     /* default 250 */
	long backoff_max_ms;      /* default 8000 */
	long retry_after_max_ms;  /* a longer Retry-After fails the call, default 120000 */
	int reads_per_minute;     /* pacing, default 55; 0 turns it off */
	int writes_per_minute;    /* default 55; 0 turns it off */
	int max_connections;      /* transfers at once, default 4 */
	size_t max_answer_bytes;  /* default 512 MiB */
	long search_cap;          /* ids a search answers at most, default 50000 (the
	                           * service's); a page that full means "page on" */
	/* Test hooks: a random source for the jitter (default: seeded from
	 * the clock) and a clock in ms (default: CLOCK_MONOTONIC). */
	unsigned long (*random)(void *ctx);
	void *random_ctx;
	long (*now_ms)(void *ctx);
	void *now_ctx;
	/* Called after every attempt (for --trace); the ROUTEDESK_TRACE line
	 * is written by the session itself. */
	void (*on_attempt)(void *ctx, const struct api_trace *t);
	void *attempt_ctx;
	/* Called when the session starts or stops waiting (see struct
	 * api_wait), on the session's thread. */
	void (*on_wait)(void *ctx, const struct api_wait *w);
	void *wait_ctx;
	/* Called with the key's budget after every answer that carried the
	 * usage counters, on the session's thread. */
	void (*on_budget)(void *ctx, const struct api_budget *b);
	void *budget_ctx;
	/* Asked before each read attempt is sent (never a write: a write
	 * the user confirmed goes), with the key's budget as last known:
	 * 0 sends it (the asker counts it), -1 refuses it with the reason in
	 * why (the call ends API_ERR_QUOTA, not sent, its not_before the
	 * next local midnight: a refusal is of a share of the local day's
	 * reads).  NULL: every read goes.  On the session's thread. */
	int (*may_read)(void *ctx, const struct api_budget *b, char *why, size_t why_size);
	void *may_read_ctx;
	/* A read may_read counted reached no server (refused, host unknown):
	 * the service spent nothing, so the count goes back down.  NULL: no
	 * such call.  On the session's thread, with may_read_ctx. */
	void (*read_unsent)(void *ctx);
	/* When non-NULL and 1, running reads are aborted (API_ERR_CANCELLED)
	 * and queued calls end without being sent; a write already started
	 * runs to its end.  2 also cuts off running writes (ending as
	 * API_ERR_UNKNOWN_OUTCOME when any byte may have left).  May be set
	 * from another thread; api_session_wakeup makes it seen at once. */
	const atomic_int *cancel;
	/* In-flight sharing of identical reads between processes (the
	 * share's fetch/flight.c; NULL: none).  Before a read is sent,
	 * flight_ask(ctx, path, form, &fl, body) answers API_FLIGHT_SEND
	 * (send it; *fl non-NULL when this call is the one in flight and its
	 * answer is awaited by others), API_FLIGHT_WAIT (another process
	 * sends the same read: asked again shortly, never blocking the
	 * session's other calls) or API_FLIGHT_ANSWER (body holds the answer
	 * that process just received: the call ends with it, unsent, and
	 * costs no read).  flight_end(ctx, fl, answer, len) ends every *fl
	 * handed out, with the answer text when the call ended API_OK (to
	 * share) or NULL.  Writes never ask.  A wait longer than
	 * flight_wait_ms (default 30000) gives up and sends. */
	int (*flight_ask)(void *ctx, const char *path, const struct api_form *form, void **fl,
	                  struct strbuf *body);
	void (*flight_end)(void *ctx, void *fl, const char *answer, size_t len);
	void *flight_ctx;
	long flight_wait_ms;
	/* A refused or unresolvable connection, or one that took the request
	 * and stayed silent until the stall limit, is tried this many times in
	 * all (default 3): what a few tries do not cure, eight do not either,
	 * and the user should hear it in seconds, not minutes. */
	int max_connect_attempts;
	/* After this long without a byte of the answer, the wait is published
	 * (API_WAIT_ANSWER) so that the user sees it: default 3000. */
	long answer_wait_show_ms;
};

/* Fills o with the defaults above (url, key, token NULL). */
void api_options_default(struct api_options *o);

/* One request and, once api_wait returned it, its outcome. */
struct api_call {
	char *path;            /* "customer/search": no leading '/', malloc'd */
	int is_write;
	void *user;            /* the caller's */
	/* Set before submitting: API_RAW_* leaves that records array of the
	 * answer as text in body (answer.raw_records, see
	 * api_envelope_parse_raw); API_RAW_NONE (0), the default, parses it. */
	enum api_raw raw;
	/* Outcome, valid once the call is returned by api_wait. */
	struct api_error err;  /* API_OK, or why it failed (answer may still be set) */
	struct api_answer answer; /* parsed envelope when one arrived (root non-NULL) */
	long status;           /* HTTP status of the last attempt, 0 when none */
	struct strbuf body;    /* raw answer of the last attempt */
	int attempts;
	int connect_failures;  /* attempts that reached no server */
	/* Private to the session. */
	struct api_form form;
	struct strbuf request;
	void *easy, *headers, *mime;
	long start_at, attempt_start, first_at;
	size_t body_limit;
	enum api_encoding encoding; /* the answer's Content-Encoding */
	int state;
	const atomic_int *cancel;
	void *flight;          /* flight_ask's handle, until flight_end */
	long flight_since;     /* when it began waiting for another's answer, or 0 */
	long flight_next;      /* when to ask again */
	/* The stall watch (transport_attempt.c's on_progress), on the
	 * monotonic clock: bytes moved so far, when they last moved. */
	long long moved_bytes;
	long moved_at, stall_ms;
	int stalled;
	int flight_off;        /* not shared (gave up waiting, or unusable) */
	int probe;             /* its running attempt went alone to learn the budget */
	struct api_call *next;
	char errbuf[256];
};

/* A call of path with a copy of form (NULL for none).  is_write decides
 * pacing and retries: see api_path_is_write. */
struct api_call *api_call_new(const char *path, const struct api_form *form, int is_write);
/* Frees c and its answer; c must not be submitted (or already returned by
 * api_wait, or withdrawn).  NULL is allowed. */
void api_call_free(struct api_call *c);

/* 1 when the operation at path counts as a write for the service: anything
 * but search, get, by-id and the specials the table marks as reads
 * (review/summary).  Unknown operations count as writes, the safe side:
 * they are never resent. */
int api_path_is_write(const char *path);

/* Once per process, before any thread: curl's global set-up, and SIGPIPE
 * ignored (see transport.c).  0 or -1. */
int api_global_init(void);
/* At exit, after every session is freed. */
void api_global_cleanup(void);

struct api_session;

/* 1 when url's host is this host (localhost, 127.0.0.0/8, [::1], and
 * 0.0.0.0 or [::], which reach it): where plain http:// may go. */
int api_url_is_local(const char *url);
/* url as it may be shown (messages, the console's header and :info):
 * without a user:password@ before the host, which may be a credential,
 * appended to out ("https://acme.example/api"). */
void api_url_shown(const char *url, struct strbuf *out);
/* A session for o (copied).  NULL with err set (usage) when the URL or
 * credentials are missing, the URL is not http(s), or it is http:// to
 * another host without o->insecure (the credentials would go in clear). */
struct api_session *api_session_new(const struct api_options *o, struct api_error *err);
/* Frees the session and every call submitted and not yet returned. */
void api_session_free(struct api_session *s);

/* Hands c to the session; it starts when pacing and connections allow. */
void api_submit(struct api_session *s, struct api_call *c);
/* Drives the transfers until one submitted call is finished and returns
 * it (the caller frees it); NULL when none is outstanding. */
struct api_call *api_wait(struct api_session *s);
/* Submits c and drives until c itself is finished (calls finishing
 * meanwhile stay queued for api_wait).  Returns 0 when c->err is API_OK. */
int api_perform(struct api_session *s, struct api_call *c);
/* Takes back a submitted call that api_wait has not returned yet (a
 * running read is aborted); the caller then owns it again.  0, or -1 for a
 * write already running (it must reach its outcome) or a call not
 * submitted. */
int api_withdraw(struct api_session *s, struct api_call *c);
/* Where c stands (enum api_call_state). */
int api_call_state(const struct api_call *c);
/* Submitted calls not yet returned by api_wait. */
size_t api_outstanding(const struct api_session *s);

/* Ends a wait inside api_wait or api_perform at once, so a cancel flag
 * just set is seen without delay.  The one function that may be called
 * from another thread than the session's. */
void api_session_wakeup(struct api_session *s);
/* What the key may still spend, from the latest answer. */
void api_session_budget(const struct api_session *s, struct api_budget *b);
/* The search cap the session pages by. */
long api_session_search_cap(const struct api_session *s);
/* Requests (attempts) sent by this session so far. */
long api_session_requests(const struct api_session *s);

#endif
