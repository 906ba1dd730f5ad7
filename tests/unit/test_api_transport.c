/* test_api_transport.c: retries, never-resent writes, outcomes, against a scripted server. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include <zlib.h>

#include "../lib/down_url.h"
#include "api/ops.h"
#include "api/transport.h"
#include "common/dates.h"
#include "common/strbuf.h"

/*
 * A tiny HTTP/1.1 server in a child process answers each request with the
 * next action of a script, whatever connection it arrives on, and logs
 * "CONN PATH BODY" per request to a file before acting.  Actions: ok (an
 * envelope), fail (success:false), minute and day (the service's quota
 * refusals), echo and echo500 (a refusal quoting the token, HTTP 200
 * and 500), 500, 429 (Retry-After: 1), drop (close
 * without an answer: the request may have been applied), garbage, hang
 * (never answer), gzip (ok gzip-compressed, only when the request said
 * Accept-Encoding: gzip; garbage otherwise), badgzip (a gzip stream cut
 * short), br (ok, labelled with an encoding nobody asked for).  A request whose path holds "/held" is not answered by
 * the script: it is answered "ok" right behind the next other request's
 * answer (at once when one was answered since the last held one), so it
 * ends after its partner whatever order the two arrived in: a
 * deterministic order for calls racing on two connections.
 */

#define MAX_CONN 16

static const char ok_body[] =
	"{\"success\":true,\"tokenUsage\":{\"requestsReadToday\":10,\"requestsWriteToday\":2,"
	"\"requestsReadInLastMinute\":3,\"requestsWriteInLastMinute\":1},"
	"\"tokenLimits\":{\"limitReadRequestsPerMinute\":60,\"limitReadRequestsPerDay\":3000,"
	"\"limitWriteRequestsPerMinute\":60,\"limitWriteRequestsPerDay\":3000},"
	"\"count\":1,\"customerIDs\":[1],\"propertyName\":\"customerIDs\",\"result\":\"42\"}";
/* The service's quota refusals: HTTP 200, success:false, with the usage. */
static const char minute_quota_body[] =
	"{\"success\":false,\"errorMessage\":\"You have exceeded the maximum number of read "
	"requests per minute (60).\",\"tokenUsage\":{\"requestsReadToday\":100,"
	"\"requestsWriteToday\":2,\"requestsReadInLastMinute\":60,\"requestsWriteInLastMinute\":1},"
	"\"tokenLimits\":{\"limitReadRequestsPerMinute\":60,\"limitReadRequestsPerDay\":3000,"
	"\"limitWriteRequestsPerMinute\":60,\"limitWriteRequestsPerDay\":3000}}";
static const char day_quota_body[] =
	"{\"success\":false,\"errorMessage\":\"You have exceeded the maximum number of read "
	"requests per day (3000).\"}";
/* A read that took the day's last: answered, and the day spent. */
static const char spent_body[] =
	"{\"success\":true,\"tokenUsage\":{\"requestsReadToday\":3000,\"requestsWriteToday\":2,"
	"\"requestsReadInLastMinute\":3,\"requestsWriteInLastMinute\":1},"
	"\"tokenLimits\":{\"limitReadRequestsPerMinute\":60,\"limitReadRequestsPerDay\":3000,"
	"\"limitWriteRequestsPerMinute\":60,\"limitWriteRequestsPerDay\":3000},"
	"\"count\":1,\"customerIDs\":[1],\"propertyName\":\"customerIDs\"}";
/* A refusal quoting the token the session sends (session(): "t0ken"). */
static const char echo_body[] =
	"{\"success\":false,\"errorMessage\":\"Invalid authenticationToken t0ken for this key\"}";
static const char fail_body[] = "{\"success\":false,\"errorMessage\":\"Missing required field: notes\"}";

struct conn {
	int fd, id;
	struct strbuf in;
};

static char logpath[] = "/tmp/test_api_transport.XXXXXX";
static pid_t server;
static int port;

static void reply(int fd, const char *status, const char *extra, const char *body)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "HTTP/1.1 %s\r\nContent-Type: text/html\r\n%sContent-Length: %zu\r\n\r\n%s",
	            status, extra, strlen(body), body);
	if (write(fd, sb.buf, sb.len) < 0)
		_exit(3);
	strbuf_free(&sb);
}

/* The reply as bytes (a gzip body holds NULs). */
static void reply_bytes(int fd, const char *status, const char *extra, const void *body,
                        size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "HTTP/1.1 %s\r\nContent-Type: application/json\r\n%sContent-Length: %zu\r\n\r\n",
	            status, extra, len);
	strbuf_add(&sb, body, len);
	if (write(fd, sb.buf, sb.len) < 0)
		_exit(3);
	strbuf_free(&sb);
}

/* ok_body as one gzip member. */
static void gzip_ok(struct strbuf *out)
{
	z_stream z;
	unsigned char buf[4096];

	memset(&z, 0, sizeof(z));
	if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		_exit(4);
	z.next_in = (unsigned char *)(uintptr_t)ok_body;
	z.avail_in = (unsigned)strlen(ok_body);
	z.next_out = buf;
	z.avail_out = sizeof(buf);
	if (deflate(&z, Z_FINISH) != Z_STREAM_END)
		_exit(4);
	strbuf_add(out, buf, sizeof(buf) - z.avail_out);
	deflateEnd(&z);
}

/* Whether the request just taken asked for gzip. */
static int asked_gzip;

/* One complete request at the head of c->in: 1 and it is consumed, 0 when
 * more bytes are needed. */
static int take_request(struct conn *c, char *path, size_t pathsz, struct strbuf *body)
{
	char *end = strstr(c->in.buf ? c->in.buf : "", "\r\n\r\n"), *cl;
	size_t head, len = 0;

	if (!end)
		return 0;
	head = (size_t)(end - c->in.buf) + 4;
	cl = strcasestr(c->in.buf, "\r\nContent-Length:");
	if (cl && cl < end)
		len = strtoul(cl + 17, NULL, 10);
	if (c->in.len < head + len)
		return 0;
	asked_gzip = strcasestr(c->in.buf, "\r\nAccept-Encoding: gzip\r\n") &&
	             strcasestr(c->in.buf, "\r\nAccept-Encoding: gzip\r\n") < end;
	if (sscanf(c->in.buf, "POST %255s", path) != 1)
		snprintf(path, pathsz, "?");
	strbuf_reset(body);
	strbuf_add(body, c->in.buf + head, len);
	memmove(c->in.buf, c->in.buf + head + len, c->in.len - head - len);
	c->in.len -= head + len;
	c->in.buf[c->in.len] = '\0';
	return 1;
}

static void serve(int lfd, char **script, int n_script, FILE *log)
{
	struct conn conns[MAX_CONN];
	struct pollfd pf[MAX_CONN + 1];
	int n = 0, next_id = 1, step = 0, polled, held = -1, others = 0;

	for (;;) {
		pf[0].fd = lfd;
		pf[0].events = POLLIN;
		for (int i = 0; i < n; i++) {
			pf[i + 1].fd = conns[i].fd;
			pf[i + 1].events = POLLIN;
		}
		if (poll(pf, (nfds_t)n + 1, -1) < 0)
			continue;
		polled = n;
		if ((pf[0].revents & POLLIN) && n < MAX_CONN) {
			conns[n].fd = accept(lfd, NULL, NULL);
			conns[n].id = next_id++;
			conns[n].in = (struct strbuf)STRBUF_INIT;
			if (conns[n].fd >= 0)
				n++;
		}
		/* Only the descriptors just polled; a removal swaps the last
		 * connection in, which then waits for the next poll. */
		for (int i = 0; i < n && i < polled; i++) {
			char buf[65536], path[256];
			struct strbuf body = STRBUF_INIT;
			ssize_t r;
			int closed = 0;

			if (!(pf[i + 1].revents & (POLLIN | POLLHUP)) || pf[i + 1].fd != conns[i].fd)
				continue;
			r = read(conns[i].fd, buf, sizeof(buf));
			if (r <= 0) {
				closed = 1;
			} else {
				strbuf_add(&conns[i].in, buf, (size_t)r);
				while (!closed && take_request(&conns[i], path, sizeof(path), &body)) {
					const char *act;

					fprintf(log, "%d %s %s\n", conns[i].id, path, strbuf_str(&body));
					fflush(log);
					if (strstr(path, "/held")) {
						if (others > 0) {
							reply(conns[i].fd, "200 OK", "", ok_body);
							others = 0;
						} else {
							held = conns[i].fd;
						}
						continue;
					}
					others++;
					act = step < n_script ? script[step] : "ok";
					step++;
					if (strcmp(act, "ok") == 0)
						reply(conns[i].fd, "200 OK", "", ok_body);
					else if (strcmp(act, "fail") == 0)
						reply(conns[i].fd, "200 OK", "", fail_body);
					else if (strcmp(act, "echo") == 0)
						reply(conns[i].fd, "200 OK", "", echo_body);
					else if (strcmp(act, "echo500") == 0)
						reply(conns[i].fd, "500 Internal Server Error", "", echo_body);
					else if (strcmp(act, "500") == 0)
						reply(conns[i].fd, "500 Internal Server Error", "",
						      "{\"success\":false,\"errorMessage\":\"boom\"}");
					else if (strcmp(act, "429") == 0)
						reply(conns[i].fd, "429 Too Many Requests", "Retry-After: 1\r\n",
						      "{\"success\":false,\"errorMessage\":\"slow down\"}");
					else if (strcmp(act, "429ever") == 0)
						reply(conns[i].fd, "429 Too Many Requests",
						      "Retry-After: 18446744073709552\r\n",
						      "{\"success\":false,\"errorMessage\":\"slow down\"}");
					else if (strcmp(act, "minute") == 0)
						reply(conns[i].fd, "200 OK", "", minute_quota_body);
					else if (strcmp(act, "day") == 0)
						reply(conns[i].fd, "200 OK", "", day_quota_body);
					else if (strcmp(act, "spent") == 0)
						reply(conns[i].fd, "200 OK", "", spent_body);
					else if (strcmp(act, "garbage") == 0)
						reply(conns[i].fd, "200 OK", "", "<html>oops</html>");
					else if (strcmp(act, "gzip") == 0 || strcmp(act, "badgzip") == 0) {
						struct strbuf z = STRBUF_INIT;

						gzip_ok(&z);
						if (!asked_gzip)
							reply(conns[i].fd, "200 OK", "", "<html>unasked</html>");
						else
							reply_bytes(conns[i].fd, "200 OK",
							            "Content-Encoding: gzip\r\n", z.buf,
							            act[0] == 'b' ? z.len - 5 : z.len);
						strbuf_free(&z);
					} else if (strcmp(act, "br") == 0)
						reply(conns[i].fd, "200 OK", "Content-Encoding: br\r\n", ok_body);
					else if (strcmp(act, "hang") == 0)
						; /* read, never answer */
					else
						closed = 1; /* drop */
					if (held >= 0) {
						reply(held, "200 OK", "", ok_body);
						held = -1;
						others = 0;
					}
				}
			}
			strbuf_free(&body);
			if (closed) {
				close(conns[i].fd);
				strbuf_free(&conns[i].in);
				conns[i] = conns[--n];
				i--;
			}
		}
	}
}

/* Starts the server with a script (space-separated actions). */
static void start(const char *script)
{
	struct sockaddr_in sa = { 0 };
	socklen_t sl = sizeof(sa);
	char *copy = xstrdup(script), *words[64], *w, *save = NULL;
	int lfd = socket(AF_INET, SOCK_STREAM, 0), one = 1, nw = 0;

	for (w = strtok_r(copy, " ", &save); w && nw < 64; w = strtok_r(NULL, " ", &save))
		words[nw++] = w;
	sa.sin_family = AF_INET;
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	assert_int_equal(bind(lfd, (struct sockaddr *)&sa, sizeof(sa)), 0);
	assert_int_equal(listen(lfd, 16), 0);
	getsockname(lfd, (struct sockaddr *)&sa, &sl);
	port = ntohs(sa.sin_port);
	server = fork();
	assert_true(server >= 0);
	if (server == 0) {
		FILE *log = fopen(logpath, "w");

		if (!log)
			_exit(2);
		serve(lfd, words, nw, log);
		_exit(0);
	}
	close(lfd);
	free(copy);
}

static void stop(void)
{
	if (server > 0) {
		kill(server, SIGTERM);
		waitpid(server, NULL, 0);
	}
	server = 0;
}

/* Lines the server logged (requests it received); *conns distinct ids. */
static int logged(int *conns, char *last_body, size_t sz)
{
	char line[70000];
	int n = 0, seen[MAX_CONN * 4] = { 0 }, distinct = 0;
	FILE *f = fopen(logpath, "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		int id = atoi(line);

		n++;
		if (id > 0 && id < MAX_CONN * 4 && !seen[id]++)
			distinct++;
		if (last_body)
			snprintf(last_body, sz, "%s", strrchr(line, ' ') ? strrchr(line, ' ') + 1 : "");
	}
	fclose(f);
	if (conns)
		*conns = distinct;
	return n;
}

static unsigned long zero_random(void *ctx)
{
	(void)ctx;
	return 0;
}

/* The default options for the scripted server, with plain credentials. */
static void options_here(struct api_options *o, char *url, size_t size)
{
	snprintf(url, size, "http://127.0.0.1:%d/api", port);
	api_options_default(o);
	o->url = url;
	o->key = "k";
	o->token = "t";
}

/* Options for a port nothing listens on, with short backoffs. */
static void options_nowhere(struct api_options *o)
{
	api_options_default(o);
	o->url = test_down_url();
	o->key = "k";
	o->token = "t";
	o->backoff_base_ms = 1;
	o->backoff_max_ms = 2;
}

static struct api_session *session(int max_attempts)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;
	char url[64];

	snprintf(url, sizeof(url), "http://127.0.0.1:%d/api", port);
	api_options_default(&o);
	o.url = url;
	o.key = " k3y ";
	o.token = "t0ken\n";
	o.max_attempts = max_attempts;
	o.backoff_base_ms = 2;
	o.backoff_max_ms = 8;
	o.random = zero_random;
	s = api_session_new(&o, &e);
	assert_non_null(s);
	return s;
}

static int teardown(void **state)
{
	(void)state;
	stop();
	unlink(logpath);
	return 0;
}

static void test_read_retries_until_answered(void **state)
{
	struct api_session *s;
	struct api_call *c;
	char body[512];

	(void)state;
	start("500 drop garbage ok");
	s = session(8);
	c = api_call_new("/customer/search", NULL, 0);
	api_form_add(&c->form, "lname", "Sm ith");
	assert_int_equal(api_perform(s, c), 0);
	/* A read dropped on a reused connection may be resent by libcurl
	 * itself (harmless for a read), inside one attempt. */
	assert_in_range(c->attempts, 3, 4);
	assert_int_equal(c->status, 200);
	assert_true(c->answer.success);
	assert_int_equal(logged(NULL, body, sizeof(body)), 4);
	/* The credentials, trimmed, travel last. */
	assert_string_equal(body, "lname=Sm%20ith&authenticationKey=k3y&authenticationToken=t0ken\n");
	assert_int_equal(api_session_requests(s), c->attempts);
	api_call_free(c);
	api_session_free(s);
}

static void test_read_gives_up(void **state)
{
	struct api_session *s;
	struct api_call *c;

	(void)state;
	start("500 500 500 500 500");
	s = session(3);
	c = api_call_new("customer/get", NULL, 0);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->err.kind, API_ERR_HTTP);
	assert_int_equal(c->err.http_status, 500);
	assert_string_equal(c->err.server_message, "boom");
	assert_non_null(strstr(c->err.message, "3 attempts"));
	assert_int_equal(logged(NULL, NULL, 0), 3);
	api_call_free(c);
	api_session_free(s);
}

static struct api_wait waits_seen[16];
static int n_waits_seen;

static void record_wait(void *ctx, const struct api_wait *w)
{
	(void)ctx;
	if (n_waits_seen < 16)
		waits_seen[n_waits_seen++] = *w;
}

/* A server that takes the request and never answers: the wait is published
 * (the console shows it, counting down to the stall limit), and the read is
 * given up after max_connect_attempts silent attempts, not max_attempts:
 * eight 30-second silences kept a console "loading" for four minutes. */
static void test_silent_server_is_shown_and_given_up(void **state)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;
	struct api_call *c;
	char url[64];
	int answer_waits = 0;

	(void)state;
	start("hang hang hang hang hang");
	options_here(&o, url, sizeof(url));
	o.stall_seconds = 1;
	o.answer_wait_show_ms = 200;
	o.max_attempts = 8;
	o.backoff_base_ms = 2;
	o.backoff_max_ms = 8;
	o.random = zero_random;
	o.on_wait = record_wait;
	n_waits_seen = 0;
	s = api_session_new(&o, &e);
	assert_non_null(s);
	c = api_call_new("/customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->err.kind, API_ERR_NETWORK);
	/* A server took it and said nothing: the console says NO ANSWER,
	 * not OFFLINE (the audit's slow server looked gone). */
	assert_int_equal(c->err.reached, 1);
	assert_int_equal(c->attempts, 3);
	/* Given up by the stall watch, from the request's last byte: libcurl's
	 * low-speed check ("Operation too slow") averages over 5 s that hold
	 * the request, and gave up 6 s after the time the screen showed. */
	assert_non_null(strstr(api_error_text(&c->err), "nothing received for 1 s ([account] stall)"));
	for (int i = 0; i < n_waits_seen; i++)
		if (waits_seen[i].kind == API_WAIT_ANSWER) {
			answer_waits++;
			assert_false(waits_seen[i].is_write);
			assert_true(waits_seen[i].until_ms > 0);
			/* Each try says which it is, of the 3 silence allows
			 * (not the 8 of max_attempts). */
			assert_int_equal(waits_seen[i].attempts, 3);
			assert_true(waits_seen[i].attempt >= 1 && waits_seen[i].attempt <= 3);
			if (i > 0 && waits_seen[i - 1].kind == API_WAIT_ANSWER)
				assert_true(waits_seen[i].attempt >= waits_seen[i - 1].attempt);
		}
	assert_true(answer_waits >= 2);
	api_call_free(c);
	api_session_free(s);
}

static int counted_reads;

static int count_read(void *ctx, const struct api_budget *b, char *why, size_t why_size)
{
	(void)ctx, (void)b, (void)why, (void)why_size;
	counted_reads++;
	return 0;
}

static void uncount_read(void *ctx)
{
	(void)ctx;
	counted_reads--;
}

/* A read to a port nobody listens on is counted by may_read before each
 * attempt and given back by read_unsent after it: the service spent
 * nothing, and a console offline for hours must not find its share of the
 * day spent by reads nobody received. */
static void test_unsent_reads_given_back(void **state)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;
	struct api_call *c;

	(void)state;
	options_nowhere(&o);
	o.random = zero_random;
	o.may_read = count_read;
	o.read_unsent = uncount_read;
	counted_reads = 0;
	s = api_session_new(&o, &e);
	assert_non_null(s);
	c = api_call_new("/customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->attempts, 3);
	assert_int_equal(counted_reads, 0);
	/* Nobody took the connection: offline, not a silent server. */
	assert_int_equal(c->err.kind, API_ERR_NETWORK);
	assert_int_equal(c->err.reached, 0);
	api_call_free(c);
	api_session_free(s);
}

/* The wait before a retry carries what the failed attempt met, for the
 * console to say why it waits (HTTP 500 here), not a bare "retrying". */
static void test_retry_wait_says_why(void **state)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;
	struct api_call *c;
	char url[64];
	int found = 0;

	(void)state;
	start("500 ok");
	options_here(&o, url, sizeof(url));
	o.backoff_base_ms = 50;
	o.backoff_max_ms = 50;
	o.random = zero_random;
	o.on_wait = record_wait;
	n_waits_seen = 0;
	s = api_session_new(&o, &e);
	assert_non_null(s);
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), 0);
	for (int i = 0; i < n_waits_seen; i++)
		found |= waits_seen[i].kind == API_WAIT_RETRY && waits_seen[i].status == 500 &&
		         waits_seen[i].why == API_ERR_HTTP;
	assert_true(found);
	api_call_free(c);
	api_session_free(s);
}

static void test_read_429_waits_and_retries(void **state)
{
	struct api_session *s;
	struct api_call *c;

	(void)state;
	start("429 ok");
	s = session(4);
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), 0);
	assert_int_equal(c->attempts, 2);
	assert_int_equal(logged(NULL, NULL, 0), 2);
	api_call_free(c);
	api_session_free(s);
}

/* A Retry-After of ages (any number: libcurl passes it on) is given up
 * as longer than this client waits; times 1000 it overflowed a long and
 * wrapped to 384 ms, retried at once (a C review's finding). */
static void test_retry_after_of_ages(void **state)
{
	struct api_session *s;
	struct api_call *c;

	(void)state;
	start("429ever ok");
	s = session(4);
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->attempts, 1);
	assert_int_equal(c->err.kind, API_ERR_QUOTA);
	assert_non_null(strstr(c->err.message, "longer than"));
	assert_int_equal(logged(NULL, NULL, 0), 1);
	api_call_free(c);
	api_session_free(s);
}

static void test_refusal_is_not_retried(void **state)
{
	struct api_session *s;
	struct api_call *c;

	(void)state;
	start("fail ok");
	s = session(8);
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->err.kind, API_ERR_API);
	assert_string_equal(c->err.server_message, "Missing required field: notes");
	assert_non_null(c->answer.root); /* the answer is kept for the caller */
	assert_int_equal(logged(NULL, NULL, 0), 1);
	api_call_free(c);
	api_session_free(s);
}

/* A service message quoting the token reaches no caller: the console
 * shows, notifies and logs errors as they come. */
static void test_quoted_token_redacted(void **state)
{
	static const char *const scripts[] = { "echo", "echo500 echo500" };
	struct api_session *s;
	struct api_call *c;

	(void)state;
	for (size_t i = 0; i < sizeof(scripts) / sizeof(scripts[0]); i++) {
		start(scripts[i]);
		s = session(2);
		c = api_call_new("customer/search", NULL, 0);
		assert_int_equal(api_perform(s, c), -1);
		assert_non_null(c->err.server_message);
		assert_null(strstr(c->err.server_message, "t0ken"));
		assert_non_null(strstr(c->err.server_message, "Invalid authenticationToken REDACTED"));
		assert_null(strstr(api_error_text(&c->err), "t0ken"));
		assert_non_null(strstr(api_error_text(&c->err), "REDACTED"));
		api_call_free(c);
		api_session_free(s);
		stop();
	}
}

static void write_outcome(const char *script, enum api_err_kind kind)
{
	struct api_session *s;
	struct api_call *c;

	start(script);
	s = session(8);
	c = api_call_new("note/create", NULL, 1);
	api_form_add(&c->form, "notes", "once");
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->err.kind, kind);
	assert_int_equal(c->attempts, 1);
	/* Sent once, never again. */
	assert_int_equal(logged(NULL, NULL, 0), 1);
	api_call_free(c);
	api_session_free(s);
	stop();
}

static void test_write_never_resent(void **state)
{
	(void)state;
	write_outcome("drop ok ok", API_ERR_UNKNOWN_OUTCOME);
	write_outcome("500 ok ok", API_ERR_UNKNOWN_OUTCOME);
	write_outcome("garbage ok ok", API_ERR_UNKNOWN_OUTCOME);
}

/* gzip is asked for and decoded; a damaged stream or an encoding nobody
 * asked for fails the attempt: a read is asked again, and gives up naming
 * the request; a write's outcome is unknown (it may have been applied). */
static void test_gzip_answers(void **state)
{
	struct api_session *s;
	struct api_call *c;

	(void)state;
	start("gzip badgzip br gzip badgzip badgzip badgzip");
	s = session(8);
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), 0);
	assert_int_equal(c->attempts, 1);
	assert_true(c->answer.success);
	assert_string_equal(strbuf_str(&c->body), ok_body);
	api_call_free(c);
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), 0);
	assert_int_equal(c->attempts, 3);
	assert_string_equal(strbuf_str(&c->body), ok_body);
	api_call_free(c);
	api_session_free(s);
	s = session(3);
	c = api_call_new("customer/get", NULL, 0);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->err.kind, API_ERR_NETWORK);
	assert_non_null(strstr(c->err.message, "/customer/get"));
	assert_non_null(strstr(c->err.message, "gzip"));
	assert_non_null(strstr(c->err.message, "3 attempts"));
	assert_int_equal(logged(NULL, NULL, 0), 7);
	api_call_free(c);
	api_session_free(s);
	stop();
	write_outcome("badgzip ok ok", API_ERR_UNKNOWN_OUTCOME);
	write_outcome("br ok ok", API_ERR_UNKNOWN_OUTCOME);
}

/* A 429 refused the write, so it was not applied: it is sent again after
 * the wait the server asked for, like a read. */
static void test_write_429_retried(void **state)
{
	struct api_session *s;
	struct api_call *c;

	(void)state;
	start("429 ok ok");
	s = session(8);
	c = api_call_new("note/create", NULL, 1);
	api_form_add(&c->form, "notes", "once");
	assert_int_equal(api_perform(s, c), 0);
	assert_int_equal(c->attempts, 2);
	assert_int_equal(logged(NULL, NULL, 0), 2);
	api_call_free(c);
	api_session_free(s);
}

/* libcurl resends a request whose reused connection dies before the
 * answer; a write must therefore never ride a reused connection. */
static void test_write_after_keepalive_read(void **state)
{
	struct api_session *s;
	struct api_call *r, *w;
	int conns = 0;

	(void)state;
	start("ok drop ok ok");
	s = session(8);
	r = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, r), 0);
	w = api_call_new("note/create", NULL, 1);
	assert_int_equal(api_perform(s, w), -1);
	assert_int_equal(w->err.kind, API_ERR_UNKNOWN_OUTCOME);
	assert_non_null(strstr(w->err.message, "may or may not"));
	assert_int_equal(logged(&conns, NULL, 0), 2);
	assert_int_equal(conns, 2);
	api_call_free(r);
	api_call_free(w);
	api_session_free(s);
}

static void test_write_succeeds(void **state)
{
	struct api_session *s;
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct api_form f = API_FORM_INIT;
	struct api_budget b;
	long long id = 0;

	(void)state;
	start("ok");
	s = session(8);
	api_form_add(&f, "notes", "hi");
	assert_int_equal(api_create(s, res_find("note"), &f, &id, &a, &e), 0);
	assert_int_equal(id, 42);
	api_session_budget(s, &b);
	assert_true(b.known);
	assert_int_equal(b.reads_left_today, 2990);
	assert_int_equal(b.writes_left_minute, 59);
	api_answer_free(&a);
	api_form_free(&f);
	api_session_free(s);
}

static void test_nothing_sent_is_retried_even_for_writes(void **state)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;
	struct api_call *c;

	(void)state;
	options_nowhere(&o);
	o.max_attempts = 3;
	s = api_session_new(&o, &e);
	assert_non_null(s);
	c = api_call_new("note/create", NULL, 1);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->err.kind, API_ERR_NETWORK);
	assert_int_equal(c->attempts, 3);
	api_call_free(c);
	api_session_free(s);
}

static void test_too_many_variables(void **state)
{
	struct api_session *s;
	struct api_call *c;

	(void)state;
	start("ok");
	s = session(8);
	c = api_call_new("customer/search", NULL, 0);
	for (int i = 0; i < 999; i++)
		api_form_add(&c->form, "officeIDs[]", "1");
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->err.kind, API_ERR_USAGE);
	assert_non_null(strstr(c->err.message, "1000"));
	assert_int_equal(api_session_requests(s), 0);
	api_call_free(c);
	api_session_free(s);
}

static void test_several_in_flight(void **state)
{
	struct api_session *s;
	struct api_call *c;
	int done = 0, conns = 0;

	(void)state;
	start("");
	s = session(8);
	for (int i = 0; i < 12; i++)
		api_submit(s, api_call_new("customer/get", NULL, 0));
	assert_int_equal(api_outstanding(s), 12);
	while ((c = api_wait(s))) {
		assert_int_equal(c->err.kind, API_OK);
		api_call_free(c);
		done++;
	}
	assert_int_equal(done, 12);
	assert_int_equal(logged(&conns, NULL, 0), 12);
	/* Connections are reused and never more than four. */
	assert_true(conns >= 1 && conns <= 4);
	api_session_free(s);
}

static atomic_int cancel_flag;

static void on_alarm(int sig)
{
	(void)sig;
	atomic_store(&cancel_flag, 1);
}

static struct api_session *cancellable(void)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	char url[64];

	options_here(&o, url, sizeof(url));
	o.cancel = &cancel_flag;
	return api_session_new(&o, &e);
}

static void test_cancel(void **state)
{
	struct api_session *s;
	struct api_call *c;

	(void)state;
	start("hang");
	s = cancellable();
	assert_non_null(s);
	/* Set before it starts: nothing is sent. */
	atomic_store(&cancel_flag, 1);
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->err.kind, API_ERR_CANCELLED);
	assert_int_equal(api_session_requests(s), 0);
	api_call_free(c);
	/* Set while the server sits on the request: the read ends. */
	atomic_store(&cancel_flag, 0);
	signal(SIGALRM, on_alarm);
	alarm(1);
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->err.kind, API_ERR_CANCELLED);
	assert_int_equal(c->attempts, 1);
	assert_int_equal(logged(NULL, NULL, 0), 1);
	api_call_free(c);
	atomic_store(&cancel_flag, 0);
	api_session_free(s);
}

/* Refused for the minute's quota (HTTP 200, success:false): not applied, so
 * a read and a write alike are tried again once the minute allows; the
 * day's quota is final. */
static void minute_quota(const char *path, int is_write)
{
	struct api_session *s;
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_call *c;
	char url[64];

	start("minute ok");
	options_here(&o, url, sizeof(url));
	o.backoff_base_ms = 2;
	o.backoff_max_ms = 8;
	o.random = zero_random;
	/* Pacing off: with it the retry would wait out the minute the
	 * refusal reported (the console tests show that wait). */
	o.reads_per_minute = o.writes_per_minute = 0;
	s = api_session_new(&o, &e);
	assert_non_null(s);
	c = api_call_new(path, NULL, is_write);
	assert_int_equal(api_perform(s, c), 0);
	assert_int_equal(c->attempts, 2);
	assert_int_equal(logged(NULL, NULL, 0), 2);
	api_call_free(c);
	api_session_free(s);
	stop();
}

static void test_minute_quota_retried(void **state)
{
	(void)state;
	minute_quota("customer/search", 0);
	minute_quota("note/create", 1);
}

static void test_day_quota_final(void **state)
{
	struct api_session *s;
	struct api_call *c;

	(void)state;
	start("day ok");
	s = session(8);
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->err.kind, API_ERR_QUOTA);
	assert_int_equal(c->attempts, 1);
	assert_int_equal(logged(NULL, NULL, 0), 1);
	api_call_free(c);
	api_session_free(s);
}

/* A day's budget reported spent refuses reads here, unsent, but not until
 * midnight: ten minutes on, one read goes and learns the budget again
 * (the service's day may have reset, or the limit been raised). */
static long fake_ms;

static long fake_clock(void *ctx)
{
	(void)ctx;
	return fake_ms;
}

static void test_day_spent_asks_again_later(void **state)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;
	struct api_call *c;
	char url[64], want[64], hhmm[6];
	long long before, after;

	(void)state;
	start("spent ok");
	options_here(&o, url, sizeof(url));
	o.now_ms = fake_clock;
	o.on_wait = NULL;
	fake_ms = 1000000;
	s = api_session_new(&o, &e);
	assert_non_null(s);
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), 0);
	api_call_free(c);
	/* Spent: refused here, nothing sent, and said when it asks again: a
	 * clock time (a pane keeps the text), the moment in not_before. */
	fake_ms += 60 * 1000;
	c = api_call_new("customer/search", NULL, 0);
	before = (long long)time(NULL);
	assert_int_equal(api_perform(s, c), -1);
	after = (long long)time(NULL);
	assert_int_equal(c->err.kind, API_ERR_QUOTA);
	assert_non_null(strstr(c->err.message, "daily read budget is spent (3000 of 3000)"));
	assert_true(c->err.not_before >= before + 9 * 60 && c->err.not_before <= after + 9 * 60);
	snprintf(want, sizeof(want), "asked again from %s)", time_minute_after(c->err.not_before, hhmm));
	assert_non_null(strstr(c->err.message, want));
	assert_int_equal(logged(NULL, NULL, 0), 1);
	api_call_free(c);
	/* Ten minutes after the report: one read goes, and is answered. */
	fake_ms += 10 * 60 * 1000;
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), 0);
	assert_int_equal(logged(NULL, NULL, 0), 2);
	api_call_free(c);
	api_session_free(s);
}

/* The minute's refusal teaches the pacer what others spent: the retry
 * waits for the read budget, and says so. */
static struct api_wait last_wait;

static void keep_wait(void *ctx, const struct api_wait *w)
{
	(void)ctx;
	if (w->kind != API_WAIT_NONE)
		last_wait = *w;
	if (w->kind == API_WAIT_BUDGET)
		atomic_store(&cancel_flag, 1);
}

static void test_minute_quota_waits_for_budget(void **state)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;
	struct api_call *c;
	char url[64];

	(void)state;
	start("minute ok");
	options_here(&o, url, sizeof(url));
	o.cancel = &cancel_flag;
	o.backoff_base_ms = 2;
	o.backoff_max_ms = 8;
	o.random = zero_random;
	o.on_wait = keep_wait;
	memset(&last_wait, 0, sizeof(last_wait));
	s = api_session_new(&o, &e);
	assert_non_null(s);
	c = api_call_new("customer/search", NULL, 0);
	assert_int_equal(api_perform(s, c), -1);
	/* It waited for the budget (then the test cancelled it). */
	assert_int_equal(last_wait.kind, API_WAIT_BUDGET);
	assert_int_equal(c->err.kind, API_ERR_CANCELLED);
	assert_int_equal(logged(NULL, NULL, 0), 1);
	api_call_free(c);
	api_session_free(s);
	atomic_store(&cancel_flag, 0);
}

/* Three calls submitted at once on a server playing script, collected
 * once the alarm (secs) cancels what still waits; every one cancelled when
 * all_cancelled.  The session, for the caller's counts. */
static struct api_session *three_calls(const char *script, unsigned secs, int all_cancelled)
{
	struct api_session *s;
	struct api_call *c;
	int ended = 0;

	start(script);
	s = cancellable();
	assert_non_null(s);
	for (int i = 0; i < 3; i++)
		api_submit(s, api_call_new("customer/get", NULL, 0));
	signal(SIGALRM, on_alarm);
	alarm(secs);
	while ((c = api_wait(s))) {
		if (all_cancelled)
			assert_int_equal(c->err.kind, API_ERR_CANCELLED);
		api_call_free(c);
		ended++;
	}
	assert_int_equal(ended, 3);
	atomic_store(&cancel_flag, 0);
	return s;
}

/* Until an attempt has ended the session knows nothing of the budget: it
 * sends one call, not one per connection. */
static void test_first_call_alone(void **state)
{
	struct api_session *s;

	(void)state;
	s = three_calls("hang", 1, 1);
	assert_int_equal(logged(NULL, NULL, 0), 1);
	assert_int_equal(api_session_requests(s), 1);
	api_session_free(s);
}

/* After a quota refusal, when the wait ends, one call goes alone again:
 * here it hangs, and the two queued behind it never start (without the
 * rule all three went at the minute's turn, to be refused together). */
static void test_after_refusal_one_goes_alone(void **state)
{
	struct api_session *s;

	(void)state;
	s = three_calls("429 hang", 3, 0); /* the 429 asks for 1 s */
	/* The first call, refused; then the same call again, alone. */
	assert_int_equal(logged(NULL, NULL, 0), 2);
	api_session_free(s);
}

/* ---------------------------------------------- the state machine's edges */

/* A call that finished is final: a cancel raised after it does not rewrite
 * its outcome, and it can still be collected or withdrawn. */
static void test_cancel_after_done(void **state)
{
	struct api_session *s;
	struct api_call *a, *b, *c;

	(void)state;
	start("ok");
	s = cancellable();
	assert_non_null(s);
	a = api_call_new("customer/get", NULL, 0);
	api_submit(s, a);
	assert_int_equal(api_call_state(a), API_CALL_QUEUED);
	/* The session's first call goes alone (the budget is unknown), so a
	 * has ended before b starts, and b's answer is held until a's went
	 * out besides. */
	b = api_call_new("held/get", NULL, 0);
	assert_int_equal(api_perform(s, b), 0);
	assert_int_equal(api_call_state(b), API_CALL_NEW);
	assert_int_equal(api_call_state(a), API_CALL_DONE);
	atomic_store(&cancel_flag, 2);
	c = api_wait(s);
	assert_ptr_equal(c, a);
	assert_int_equal(c->err.kind, API_OK);
	assert_int_equal(api_outstanding(s), 0);
	assert_null(api_wait(s));
	atomic_store(&cancel_flag, 0);
	/* Withdrawn once done: the caller owns it again, nothing left.  (A
	 * call refused before sending is done at once, whatever the timing.) */
	for (int i = 0; i < 999; i++)
		api_form_add(&a->form, "officeIDs[]", "1");
	api_submit(s, a);
	assert_int_equal(api_call_state(a), API_CALL_DONE);
	assert_int_equal(api_withdraw(s, a), 0);
	assert_int_equal(api_call_state(a), API_CALL_NEW);
	assert_int_equal(api_outstanding(s), 0);
	assert_null(api_wait(s));
	/* Withdrawing what is not submitted is refused. */
	assert_int_equal(api_withdraw(s, a), -1);
	api_call_free(a);
	api_call_free(b);
	api_session_free(s);
}

/* A newer call of the same slot replaces one still queued: the old one
 * leaves the session unsent, the new one runs. */
static void test_supersede_while_queued(void **state)
{
	struct api_session *s;
	struct api_call *old, *old_write, *fresh;
	char body[512];

	(void)state;
	start("ok");
	s = session(8);
	old = api_call_new("customer/search", NULL, 0);
	api_form_add(&old->form, "lname", "old");
	old_write = api_call_new("note/create", NULL, 1);
	api_submit(s, old);
	api_submit(s, old_write);
	assert_int_equal(api_outstanding(s), 2);
	assert_int_equal(api_withdraw(s, old), 0);
	/* A write never sent may be taken back as well. */
	assert_int_equal(api_withdraw(s, old_write), 0);
	assert_int_equal(api_outstanding(s), 0);
	fresh = api_call_new("customer/search", NULL, 0);
	api_form_add(&fresh->form, "lname", "new");
	assert_int_equal(api_perform(s, fresh), 0);
	assert_int_equal(logged(NULL, body, sizeof(body)), 1);
	assert_non_null(strstr(body, "lname=new"));
	assert_null(api_wait(s));
	api_call_free(old);
	api_call_free(old_write);
	api_call_free(fresh);
	api_session_free(s);
}

/* The cancel is raised while a call waits to retry (the session's on_wait
 * hook fires then, on the session's thread: no timing involved). */
static void cancel_on_wait(void *ctx, const struct api_wait *w)
{
	(void)ctx;
	if (w->kind != API_WAIT_NONE)
		atomic_store(&cancel_flag, 1);
}

static void retry_races_cancel(const char *script, const char *path, int is_write)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;
	struct api_call *c;
	char url[64];

	start(script);
	options_here(&o, url, sizeof(url));
	o.cancel = &cancel_flag;
	o.backoff_base_ms = 200;
	o.random = zero_random;
	o.on_wait = cancel_on_wait;
	s = api_session_new(&o, &e);
	assert_non_null(s);
	c = api_call_new(path, NULL, is_write);
	assert_int_equal(api_perform(s, c), -1);
	assert_int_equal(c->err.kind, API_ERR_CANCELLED);
	assert_int_equal(c->attempts, 1);
	/* Sent once; the retry never left. */
	assert_int_equal(logged(NULL, NULL, 0), 1);
	assert_int_equal(api_outstanding(s), 0);
	api_call_free(c);
	api_session_free(s);
	atomic_store(&cancel_flag, 0);
	stop();
}

static void test_retry_races_cancel(void **state)
{
	(void)state;
	retry_races_cancel("500 ok", "customer/search", 0);
	/* A write refused with 429 was not applied: its retry is queued,
	 * so a plain cancel ends it unsent, as "cancelled". */
	retry_races_cancel("429 ok", "note/create", 1);
}

/* Two answers written back to back: both calls end (usually in the same
 * turn), each is returned exactly once, and the lists stay consistent
 * (debug builds check them after every turn). */
static void test_two_finish_together(void **state)
{
	struct api_session *s;
	struct api_call *a, *b, *c;
	int got_a = 0, got_b = 0;

	(void)state;
	start("ok");
	s = session(8);
	/* A first call alone (the session's probe of the budget). */
	c = api_call_new("customer/get", NULL, 0);
	assert_int_equal(api_perform(s, c), 0);
	api_call_free(c);
	a = api_call_new("held/search", NULL, 0);
	b = api_call_new("customer/search", NULL, 0);
	api_submit(s, a);
	api_submit(s, b);
	while ((c = api_wait(s))) {
		assert_int_equal(c->err.kind, API_OK);
		got_a += c == a;
		got_b += c == b;
	}
	assert_int_equal(got_a, 1);
	assert_int_equal(got_b, 1);
	assert_int_equal(api_outstanding(s), 0);
	assert_int_equal(logged(NULL, NULL, 0), 3);
	api_call_free(a);
	api_call_free(b);
	api_session_free(s);
}

/* api_perform waiting for a slow call while another finished call waits
 * to be collected must sleep in the poll, not spin: it counts the turns
 * through the clock hook (each turn reads the clock a few times). */
static long clock_reads;

static long counting_clock(void *ctx)
{
	struct timespec ts;

	(void)ctx;
	clock_reads++;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void test_perform_does_not_spin(void **state)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;
	struct api_call *done, *slow, *c;
	char url[64];

	(void)state;
	start("hang");
	options_here(&o, url, sizeof(url));
	o.cancel = &cancel_flag;
	o.now_ms = counting_clock;
	o.on_wait = NULL;
	s = api_session_new(&o, &e);
	assert_non_null(s);
	/* Finished at once, never collected while the other call runs. */
	done = api_call_new("customer/search", NULL, 0);
	for (int i = 0; i < 999; i++)
		api_form_add(&done->form, "officeIDs[]", "1");
	api_submit(s, done);
	assert_int_equal(api_call_state(done), API_CALL_DONE);
	/* The server never answers; the cancel ends it after about 2 s. */
	signal(SIGALRM, on_alarm);
	clock_reads = 0;
	slow = api_call_new("customer/get", NULL, 0);
	alarm(2);
	assert_int_equal(api_perform(s, slow), -1);
	assert_int_equal(slow->err.kind, API_ERR_CANCELLED);
	/* About two turns a second of waiting; a spinning loop makes
	 * hundreds of thousands. */
	assert_in_range(clock_reads, 1, 200);
	c = api_wait(s);
	assert_ptr_equal(c, done);
	assert_int_equal(c->err.kind, API_ERR_USAGE);
	atomic_store(&cancel_flag, 0);
	api_call_free(done);
	api_call_free(slow);
	api_session_free(s);
}

static void test_session_needs_credentials(void **state)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;

	(void)state;
	api_options_default(&o);
	o.url = "http://h/api";
	o.key = "k";
	o.token = "   ";
	assert_null(api_session_new(&o, &e));
	assert_int_equal(e.kind, API_ERR_USAGE);
	assert_non_null(strstr(e.message, "ROUTEDESK_TOKEN"));
	api_error_clear(&e);
	o.token = "t";
	o.url = "ftp://h/api";
	assert_null(api_session_new(&o, &e));
	assert_int_equal(e.kind, API_ERR_USAGE);
	api_error_clear(&e);
	/* Plain http:// only to this host: the body holds the credentials. */
	o.url = "http://192.0.2.2:8080/api";
	assert_null(api_session_new(&o, &e));
	assert_int_equal(e.kind, API_ERR_USAGE);
	assert_non_null(strstr(e.message, "https://"));
	assert_non_null(strstr(e.message, "192.0.2.2"));
	api_error_clear(&e);
	/* A password in the URL is never said (an install audit's token). */
	o.url = "http://u:TOKzq9secret@192.0.2.2:8080/api";
	assert_null(api_session_new(&o, &e));
	assert_non_null(strstr(e.message, "http://192.0.2.2:8080/api"));
	assert_null(strstr(e.message, "TOKzq9"));
	api_error_clear(&e);
	o.insecure = 1; /* unless the user says so */
	s = api_session_new(&o, &e);
	assert_non_null(s);
	api_session_free(s);
	o.insecure = 0;
	o.url = "https://192.0.2.2/api";
	s = api_session_new(&o, &e);
	assert_non_null(s);
	api_session_free(s);
}

static void test_url_is_local(void **state)
{
	static const char *const local[] = {
		"http://127.0.0.1:4711/api", "http://127.1.2.3/api", "http://localhost/api",
		"http://LocalHost.:80/api", "http://[::1]:9/api", "http://0.0.0.0:1/api",
		"http://[::]:1/api", "http://user@localhost/api", "http://sb.localhost/api",
	};
	static const char *const remote[] = {
		"http://192.0.2.2/api", "http://127.example.com/api", "http://localhost.evil.example/api",
		"http://evil.example/localhost", "http://[::2]/api", "http://localhost@evil.example/api",
		"http://10.0.0.1/127.0.0.1", "http:///api", "http://[::1/api", "nourl",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(local) / sizeof(*local); i++)
		if (!api_url_is_local(local[i]))
			fail_msg("%s is this host", local[i]);
	for (size_t i = 0; i < sizeof(remote) / sizeof(*remote); i++)
		if (api_url_is_local(remote[i]))
			fail_msg("%s is not this host", remote[i]);
}

static void test_url_shown(void **state)
{
	static const char *const cases[][2] = {
		{ "https://acme.example/api", "https://acme.example/api" },
		{ "https://u:p@acme.example/api", "https://acme.example/api" },
		{ "https://u:p@ss@acme.example:8443/api?x=1", "https://acme.example:8443/api?x=1" },
		{ "http://tok@127.0.0.1:9/api", "http://127.0.0.1:9/api" },
		{ "https://acme.example/a@b", "https://acme.example/a@b" },
		{ "nourl", "nourl" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct strbuf sb = STRBUF_INIT;

		api_url_shown(cases[i][0], &sb);
		assert_string_equal(sb.buf, cases[i][1]);
		strbuf_free(&sb);
	}
}

static void test_read_or_write(void **state)
{
	(void)state;
	assert_false(api_path_is_write("customer/search"));
	assert_false(api_path_is_write("/customer/get"));
	assert_false(api_path_is_write("customer/10000"));
	/* Specials are what the table says they are. */
	assert_int_equal(api_path_is_write("ticket/getAddOns"),
	                 res_special_find(res_find("ticket"), "getAddOns")->is_write);
	assert_int_equal(api_path_is_write("subscription/getInitialAddOns"),
	                 res_special_find(res_find("subscription"), "getInitialAddOns")->is_write);
	assert_false(api_path_is_write("review/summary"));
	/* Reads, as live counts them (any action starting with "get"). */
	assert_false(api_path_is_write("ticket/getAddOns"));
	assert_false(api_path_is_write("subscription/getInitialAddOns"));
	assert_true(api_path_is_write("note/create"));
	assert_true(api_path_is_write("customer/update"));
	assert_true(api_path_is_write("ticket/setAddOns"));
	assert_true(api_path_is_write("subscription/updateLeadStage"));
	assert_true(api_path_is_write("nosuch/thing"));
	assert_true(api_path_is_write("customer"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_read_retries_until_answered, teardown),
		cmocka_unit_test_teardown(test_read_gives_up, teardown),
		cmocka_unit_test_teardown(test_silent_server_is_shown_and_given_up, teardown),
		cmocka_unit_test_teardown(test_retry_after_of_ages, teardown),
		cmocka_unit_test(test_unsent_reads_given_back),
		cmocka_unit_test_teardown(test_read_429_waits_and_retries, teardown),
		cmocka_unit_test_teardown(test_refusal_is_not_retried, teardown),
		cmocka_unit_test_teardown(test_retry_wait_says_why, teardown),
		cmocka_unit_test_teardown(test_quoted_token_redacted, teardown),
		cmocka_unit_test_teardown(test_write_never_resent, teardown),
		cmocka_unit_test_teardown(test_gzip_answers, teardown),
		cmocka_unit_test_teardown(test_write_429_retried, teardown),
		cmocka_unit_test_teardown(test_write_after_keepalive_read, teardown),
		cmocka_unit_test_teardown(test_write_succeeds, teardown),
		cmocka_unit_test(test_nothing_sent_is_retried_even_for_writes),
		cmocka_unit_test_teardown(test_too_many_variables, teardown),
		cmocka_unit_test_teardown(test_several_in_flight, teardown),
		cmocka_unit_test_teardown(test_cancel, teardown),
		cmocka_unit_test_teardown(test_minute_quota_retried, teardown),
		cmocka_unit_test_teardown(test_day_quota_final, teardown),
		cmocka_unit_test_teardown(test_day_spent_asks_again_later, teardown),
		cmocka_unit_test_teardown(test_minute_quota_waits_for_budget, teardown),
		cmocka_unit_test_teardown(test_first_call_alone, teardown),
		cmocka_unit_test_teardown(test_after_refusal_one_goes_alone, teardown),
		cmocka_unit_test_teardown(test_cancel_after_done, teardown),
		cmocka_unit_test_teardown(test_supersede_while_queued, teardown),
		cmocka_unit_test_teardown(test_retry_races_cancel, teardown),
		cmocka_unit_test_teardown(test_two_finish_together, teardown),
		cmocka_unit_test_teardown(test_perform_does_not_spin, teardown),
		cmocka_unit_test(test_session_needs_credentials),
		cmocka_unit_test(test_url_is_local),
		cmocka_unit_test(test_url_shown),
		cmocka_unit_test(test_read_or_write),
	};
	int fd = mkstemp(logpath);

	if (fd < 0)
		return 1;
	close(fd);
	signal(SIGPIPE, SIG_IGN);
	api_global_init();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
