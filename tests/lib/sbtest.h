/* sbtest.h: harness for tests that drive a real routedesk-sandbox over HTTP. */
#ifndef ROUTEDESK_SBTEST_H
#define ROUTEDESK_SBTEST_H

/*
 * Design: each test program starts its own sandbox (fork/exec of
 * $top_builddir/routedesk-sandbox on a private temporary directory and a free
 * port) in its cmocka group setup, so programs run in parallel.  Requests go
 * through one reused libcurl easy handle to the *current* server (the last
 * one started, or the one chosen with sbt_use).  Everything the harness hands
 * out (answers, formatted strings, id arrays) lives in an arena freed by
 * sbt_test_teardown, so tests need no free() calls; register it with SBT_TEST.
 *
 * The assertion helpers are macros that report the caller's file and line,
 * and print the server's answer when they fail: a failing sandbox test then
 * shows the request's outcome, not just "assertion failed".
 */

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <cjson/cJSON.h>

/* The generated world most programs use. */
#define SBT_TODAY "2026-11-20"
#define SBT_SEED "7"

/* Arguments for a generated sandbox without quotas (a NULL-terminated list). */
#define SBT_DEFAULT_ARGS "--generate", "300", "--seed", SBT_SEED, "--today", SBT_TODAY, "--no-limits"

struct sbt_server;

/* One answer.  status is 0 when no HTTP answer arrived (curl_code says why).
 * json is the parsed body or NULL when the body is not JSON.  Header values
 * are NULL when absent.  Owned by the arena. */
struct sbt_resp {
	long status;
	char *body;
	size_t len;
	cJSON *json;
	int curl_code;
	char curl_error[256];
	char *content_type;
	char *content_encoding;
	char *retry_after;
	char *content_disposition;
};

/* A part of a multipart/form-data body: a text value, or a file (data, len,
 * filename). */
struct sbt_part {
	const char *name;
	const char *value;
	const void *data;
	size_t len;
	const char *filename;
};

/* A request in full.  Unset members take defaults: method GET unless there is
 * a body or parts (then POST); path relative to the base URL ("/customer/get")
 * or an absolute URL ("http://..."). */
struct sbt_request {
	const char *method;
	const char *path;
	const char *query;        /* sent after '?', already encoded */
	const char *body;
	size_t body_len;          /* 0: strlen(body) */
	const char *content_type; /* default application/x-www-form-urlencoded */
	const char *const *headers; /* NULL-terminated "Name: value" lines */
	const struct sbt_part *parts;
	size_t n_parts;
	int gzip;                 /* send Accept-Encoding: gzip, decode the answer */
	long timeout_s;           /* 0: 60 */
	int fresh;                /* a new connection, closed afterwards (so
	                           * libcurl never retries on a reused one) */
};

/* ---- server lifecycle (all fail the current test on error) ---- */

/* Starts a sandbox with --listen 127.0.0.1:0 --db TMPDIR/sb.db plus
 * extra_args (NULL-terminated, may be NULL), waits (60 s deadline) for its
 * first stdout line, asserts it is exactly "listening on
 * http://127.0.0.1:PORT/api", and makes it the current server.  --key and
 * --token among extra_args become the credentials sbt_call sends.  The
 * environment variable SBT_WRAPPER (for example "valgrind -q") prefixes the
 * command.  The child runs in TMPDIR/run/sub and dies with the test. */
struct sbt_server *sbt_start(const char *const *extra_args);
/* SIGTERM, wait (30 s deadline), assert exit status 0.  The database and the
 * temporary directory stay until sbt_free. */
void sbt_stop(struct sbt_server *s);
/* Sends sig to the running sandbox and returns at once (sbt_stop waits). */
void sbt_signal(struct sbt_server *s, int sig);
/* Starts a stopped server again on the same database and arguments (new
 * port) and makes it current. */
void sbt_restart(struct sbt_server *s);
/* The same with other extra arguments (they replace the old ones). */
void sbt_restart_with(struct sbt_server *s, const char *const *extra_args);
/* Stops it if running (asserting a clean exit), removes its temporary
 * directory and frees it.  NULL is allowed. */
void sbt_free(struct sbt_server *s);
/* Makes s the server later requests go to. */
void sbt_use(struct sbt_server *s);
/* Base URL of the current server, "http://127.0.0.1:PORT/api". */
const char *sbt_base(void);
/* Temporary directory of s (holds sb.db, the logs, run/sub the cwd). */
const char *sbt_dir(const struct sbt_server *s);
/* 1 while the child process is running (reaps it when it has exited). */
int sbt_running(struct sbt_server *s);

/* The world most programs share, as cmocka group fixtures: a sandbox of
 * SBT_DEFAULT_ARGS (sbt_cust_srv, made current) and every id of its
 * customers, ascending and at least 200, in sbt_cust_ids (malloc'd: it
 * outlives the per-test arena).  The teardown frees the ids, the server
 * and the arena. */
extern struct sbt_server *sbt_cust_srv;
extern long long *sbt_cust_ids;
extern size_t sbt_n_cust;
int sbt_customers_setup(void **state);
int sbt_customers_teardown(void **state);

/* Sleeps ms milliseconds, resuming after a signal. */
void sbt_sleep_ms(long ms);
/* Monotonic seconds: for deadlines while polling, never to assert on. */
double sbt_now(void);

/* ---- requests (every answer is arena-owned) ---- */

struct sbt_resp *sbt_request(const struct sbt_request *rq);
/* Sends rqs[0..n) at once, each on a connection of its own (a curl multi
 * handle), to the current server; out[i] answers rqs[i]. */
void sbt_parallel(const struct sbt_request *rqs, size_t n, struct sbt_resp **out);
/* POST path with an already-encoded form body, sent as is (no credentials). */
struct sbt_resp *sbt_post(const char *path, const char *form);
/* POST path with the printf-formatted form followed by the credentials, LAST,
 * as the client sends them.  fmt may be "". */
struct sbt_resp *sbt_call(const char *path, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* POST path with nothing but the credentials. */
struct sbt_resp *sbt_call0(const char *path);
/* GET path?query, query sent as is. */
struct sbt_resp *sbt_getq(const char *path, const char *query);
/* "authenticationKey=K&authenticationToken=T" for the current server. */
const char *sbt_auth(void);
const char *sbt_key(void);
const char *sbt_token(void);

/* ---- arena ---- */

/* printf into an arena string. */
char *sbt_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* URL-encodes s (every byte but unreserved characters) into an arena string. */
char *sbt_enc(const char *s);
/* Encoded query object: sbt_qo(">", "5") is {"operator":">","value":5}
 * encoded; value_json is JSON text ("5", "\"Sm\"", "[1,2]"). */
char *sbt_qo(const char *op, const char *value_json);
/* "[1,2,3]" (JSON text, not encoded: digits, commas and brackets need care
 * only as brackets, so encode with sbt_enc when sending). */
char *sbt_idlist(const long long *ids, size_t n);
/* Hands p to the arena (freed with free()). */
void *sbt_keep(void *p);
/* Hands a cJSON tree to the arena (freed with cJSON_Delete). */
cJSON *sbt_keep_json(cJSON *j);
/* Frees the arena.  Use as every test's teardown (SBT_TEST does). */
int sbt_test_teardown(void **state);
#define SBT_TEST(f) cmocka_unit_test_teardown(f, sbt_test_teardown)

/* ---- reading answers (sbtest_check.c) ---- */

/* Member name of obj, failing the test when absent. */
#define sbt_m(obj, name) sbt_m_at((obj), (name), __FILE__, __LINE__)
/* A string member (a record's value), failing when absent or not a string. */
#define sbt_s(obj, name) sbt_s_at((obj), (name), __FILE__, __LINE__)
/* A string member holding an integer ("10000") as a number. */
#define sbt_i(obj, name) sbt_i_at((obj), (name), __FILE__, __LINE__)
/* A string member holding a decimal ("249.00") as a double. */
#define sbt_d(obj, name) sbt_d_at((obj), (name), __FILE__, __LINE__)
/* Asserts HTTP 200, a JSON body and success true. */
#define sbt_ok(r) sbt_ok_at((r), __FILE__, __LINE__)
/* Asserts a JSON body with success false and an errorMessage containing
 * needle (case-insensitive; "a|b" accepts either; NULL skips that), and
 * the HTTP status when status is not 0. */
#define sbt_err(r, status, needle) sbt_err_at((r), (status), (needle), __FILE__, __LINE__)
/* Asserts obj's member names follow names exactly (NULL-terminated).  A name
 * "?x" is an optional member x; "*" matches any members up to the next
 * name (or to the end). */
#define sbt_order(obj, names) sbt_order_at((obj), (names), __FILE__, __LINE__)
/* Ids of a search answer, read from the member propertyName names; asserts
 * they are JSON integers, strictly ascending, and that count matches.
 * *ids is arena-owned (may be NULL when 0). */
#define sbt_ids(r, ids) sbt_ids_at((r), (ids), __FILE__, __LINE__)
/* The records array of a get answer (the member propertyName names). */
#define sbt_records(r) sbt_records_at((r), __FILE__, __LINE__)
/* 1 when s matches the extended regular expression re (failing the test
 * when re does not compile). */
int sbt_matches(const char *re, const char *s);
/* One quick request that must succeed: the server is still alive. */
#define sbt_alive() sbt_alive_at(__FILE__, __LINE__)

cJSON *sbt_m_at(const cJSON *obj, const char *name, const char *file, int line);
const char *sbt_s_at(const cJSON *obj, const char *name, const char *file, int line);
long long sbt_i_at(const cJSON *obj, const char *name, const char *file, int line);
double sbt_d_at(const cJSON *obj, const char *name, const char *file, int line);
void sbt_ok_at(const struct sbt_resp *r, const char *file, int line);
void sbt_err_at(const struct sbt_resp *r, long status, const char *needle,
                const char *file, int line);
void sbt_order_at(const cJSON *obj, const char *const *names, const char *file, int line);
size_t sbt_ids_at(const struct sbt_resp *r, long long **ids, const char *file, int line);
cJSON *sbt_records_at(const struct sbt_resp *r, const char *file, int line);
void sbt_alive_at(const char *file, int line);

/* ---- common operations (each asserts success, reporting the caller) ---- */

/* Every id of entity's search with the formatted extra form (may be "").
 * Returns the count; *ids arena-owned. */
#define sbt_search(entity, ids, ...) sbt_search_at(__FILE__, __LINE__, (entity), (ids), __VA_ARGS__)
/* Records of entity for ids through get with id parameter param, in chunks
 * of 1000; an arena-owned array. */
#define sbt_get(entity, param, ids, n) sbt_get_at((entity), (param), (ids), (n), __FILE__, __LINE__)
/* The record of /entity/id (the member propertyName names). */
#define sbt_byid(entity, id) sbt_byid_at((entity), (id), __FILE__, __LINE__)
/* Integer value of a write answer's result member (a string). */
#define sbt_result(r) sbt_result_at((r), __FILE__, __LINE__)

size_t sbt_search_at(const char *file, int line, const char *entity, long long **ids,
                     const char *fmt, ...) __attribute__((format(printf, 5, 6)));
cJSON *sbt_get_at(const char *entity, const char *param, const long long *ids, size_t n,
                  const char *file, int line);
cJSON *sbt_byid_at(const char *entity, long long id, const char *file, int line);
long long sbt_result_at(const struct sbt_resp *r, const char *file, int line);
/* The highest changelog id so far (0 when none): what a write's changes
 * are looked up after. */
long long sbt_last_change(void);
/* The element of array whose string member pk equals id, or NULL. */
cJSON *sbt_find(const cJSON *array, const char *pk, long long id);
/* 1 when ids[0..n) contains id. */
int sbt_has(const long long *ids, size_t n, long long id);
/* Prints a TAP comment line ("# ..."). */
void sbt_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints an answer (status, curl error, body truncated) as TAP comments. */
void sbt_dump(const struct sbt_resp *r);

#endif
