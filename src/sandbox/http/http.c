/* http.c: libmicrohttpd front end: collects a request, dispatches it, sends the answer. */
#include "config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>

#include <microhttpd.h>
#include <zlib.h>

#include "common/dates.h"
#include "common/strbuf.h"
#include "sandbox/http/body.h"
#include "sandbox/http/faults.h"
#include "sandbox/http/gzip.h"
#include "sandbox/http/http.h"
#include "sandbox/sandbox.h"

/*
 * Design: libmicrohttpd runs a pool of epoll threads; each calls on_request
 * for one request several times: once with the headers, once per body chunk,
 * then once with no data, when the request is answered.  A struct request
 * (MHD's per-request pointer) collects the query string, the body
 * (multipart values and the upload through MHD's post processor; urlencoded
 * and untyped bodies raw, split here as PHP does; JSON raw for the
 * dispatcher); on_completed frees it, whether the request was answered,
 * dropped or aborted by the client.
 *
 * Faults and --latency sleep inside the thread that serves the
 * connection: they are test knobs.  With them on, every connection gets a
 * thread of its own, so requests a client sends together wait out their
 * latency together, as on a real link (a fixed pool hands two connections
 * to one thread and then serialises them, which doubled a cold review's
 * time in bench/console).
 */

#define POOL_THREADS 2
#define GZIP_MIN 1024
#define CONNECTION_TIMEOUT_S 120
/* Per-connection memory for the request line and headers: a GET carrying a
 * thousand ids in its query string must fit. */
#define CONNECTION_MEMORY (512u * 1024)

static const char MSG_413[] = "Request body too large (the limit is 16 MiB).";
static const char BODY_503[] =
	"{\"success\":false,\"errorMessage\":\"The sandbox is stopping; nothing was done.\"}";
static const char BODY_400[] =
	"{\"success\":false,\"errorMessage\":\"Malformed request body.\"}";
static const char BODY_500[] =
	"{\"success\":false,\"errorMessage\":\"Internal server error.\"}";
/* --faults refuse: a refusal as the service words its own (HTTP 200). */
static const char BODY_REFUSED[] =
	"{\"success\":false,\"errorMessage\":\"The service refused the request "
	"(routedesk-sandbox --faults refuse).\"}";
static const char BODY_429[] =
	"{\"success\":false,\"errorMessage\":\"Too many requests, retry later.\"}";
/* What a proxy in front of the service sends when the backend dies
 * mid-answer: HTML, cut short. */
static const char BODY_GARBAGE[] =
	"<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head>\n"
	"<body><center><h1>502 Bad Gateway</h1></center>\n<hr><center>ngi";

/* Set by a thread about to drop a connection for --faults, so that MHD's
 * complaint about it, logged by the same thread, is not mistaken for a bug. */
static _Thread_local int dropping;

struct http_server {
	struct MHD_Daemon *daemon;
	pthread_mutex_t lock; /* guards base_url, set after the daemon starts,
	                       * and the three below */
	pthread_cond_t idle;  /* in_flight fell to 0 */
	int in_flight;        /* requests begun and not yet completed */
	int stopping;         /* http_stop: new requests are answered 503 */
	struct sb_ctx *ctx;
	struct faults *faults;
	int port;
	int ipv6;
	char *host;
	char *base_url;
};

static int
has_prefix_ci(const char *s, const char *prefix)
{
	return s && strncasecmp(s, prefix, strlen(prefix)) == 0;
}

static void
sleep_ms(long ms)
{
	struct timespec ts;

	if (ms <= 0)
		return;
	ts.tv_sec = ms / 1000;
	ts.tv_nsec = (ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* A filename safe inside a quoted Content-Disposition parameter. */
static char *
safe_filename(const char *name)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = name ? name : "";
	const char *slash = strrchr(p, '/');

	if (slash)
		p = slash + 1;
	while (*p == '.')
		p++;
	for (; *p && sb.len < 120; p++) {
		unsigned char c = (unsigned char)*p;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_' || c == ' ')
			strbuf_addc(&sb, (char)c);
		else
			strbuf_addc(&sb, '_');
	}
	if (sb.len == 0)
		strbuf_adds(&sb, "file");
	return strbuf_detach(&sb, NULL);
}

static enum MHD_Result
send_static(struct MHD_Connection *c, unsigned int status, const char *body,
            const char *content_type, int retry_after)
{
	struct MHD_Response *resp;
	enum MHD_Result ret;

	resp = MHD_create_response_from_buffer(strlen(body), (void *)(uintptr_t)body,
	                                       MHD_RESPMEM_PERSISTENT);
	if (!resp)
		return MHD_NO;
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
	if (retry_after > 0) {
		char buf[16];

		snprintf(buf, sizeof(buf), "%d", retry_after);
		MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, buf);
	}
	ret = MHD_queue_response(c, status, resp);
	MHD_destroy_response(resp);
	return ret;
}

/* Sends the dispatcher's reply, taking ownership of its buffers. */
static enum MHD_Result
send_reply(struct MHD_Connection *c, struct sb_reply *reply)
{
	struct MHD_Response *resp;
	enum MHD_Result ret;
	const char *ae = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
	                                             MHD_HTTP_HEADER_ACCEPT_ENCODING);
	void *body = reply->body;
	size_t len = reply->body ? reply->len : 0;
	int gzipped = 0;

	if (len > GZIP_MIN && http_accepts_gzip(ae)) {
		size_t zlen;
		unsigned char *z = http_gzip(body, len, &zlen);

		if (z) {
			free(body);
			body = z;
			len = zlen;
			gzipped = 1;
		}
	}
	reply->body = NULL;
	if (len)
		resp = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
	else {
		free(body);
		resp = MHD_create_response_from_buffer(0, (void *)(uintptr_t)"", MHD_RESPMEM_PERSISTENT);
	}
	if (!resp) {
		if (len)
			free(body);
		return MHD_NO;
	}
	MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE,
	                        reply->content_type ? reply->content_type : "application/json");
	MHD_add_response_header(resp, MHD_HTTP_HEADER_VARY, MHD_HTTP_HEADER_ACCEPT_ENCODING);
	if (gzipped)
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_ENCODING, "gzip");
	if (reply->retry_after > 0) {
		char buf[16];

		snprintf(buf, sizeof(buf), "%d", reply->retry_after);
		MHD_add_response_header(resp, MHD_HTTP_HEADER_RETRY_AFTER, buf);
	}
	if (reply->filename) {
		char *safe = safe_filename(reply->filename);
		struct strbuf cd = STRBUF_INIT;

		strbuf_addf(&cd, "attachment; filename=\"%s\"", safe);
		MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_DISPOSITION, strbuf_str(&cd));
		strbuf_free(&cd);
		free(safe);
	}
	ret = MHD_queue_response(c, (unsigned int)(reply->status ? reply->status : 200), resp);
	MHD_destroy_response(resp);
	return ret;
}

static void
reply_free(struct sb_reply *reply)
{
	free(reply->body);
	free(reply->filename);
	reply->body = NULL;
	reply->filename = NULL;
}

/*
 * MHD's first look at a request, its URI still escaped, before the headers:
 * the request's struct is made here and is MHD's per-request pointer from
 * now on.  MHD hands on_request the path decoded into a C string, so a %00
 * would cut it ("search%00x" ran the search): such a path is kept here
 * whole, with its length, for the dispatcher to refuse.
 */
static void *
on_uri(void *cls, const char *uri, struct MHD_Connection *c)
{
	struct request *rq = xcalloc(1, sizeof(*rq));
	size_t n = strcspn(uri, "?");

	(void)cls;
	(void)c;
	rq->path = xstrndup(uri, n);
	rq->path_len = body_path_unescape(rq->path, n);
	if (!memchr(rq->path, '\0', rq->path_len)) {
		free(rq->path);
		rq->path = NULL;
		rq->path_len = 0;
	}
	return rq;
}

static const char *base_url(struct http_server *srv, struct MHD_Connection *c);

/* The 413 in the envelope, as the API's other answers (the 404 among
 * them), made by the dispatcher: the body was not read, so params holds
 * only what the path says, and nothing runs. */
static enum MHD_Result
send_too_large(struct request *rq, struct MHD_Connection *c, const char *url, const char *method)
{
	struct sb_http_in in;
	struct sb_reply reply;
	enum MHD_Result ret;

	memset(&in, 0, sizeof(in));
	in.method = method;
	in.path = rq->path ? rq->path : url;
	in.path_len = rq->path_len;
	in.header_key = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "authenticationKey");
	in.header_token = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "authenticationToken");
	in.base_url = base_url(rq->srv, c);
	in.refusal = MSG_413;
	in.refusal_status = MHD_HTTP_CONTENT_TOO_LARGE;
	memset(&reply, 0, sizeof(reply));
	sb_dispatch(rq->srv->ctx, &in, &reply);
	ret = send_reply(c, &reply);
	reply_free(&reply);
	return ret;
}

/* First call of a request: only the headers are known. */
static enum MHD_Result
begin_request(struct http_server *srv, struct MHD_Connection *c, struct request *rq,
              const char *url, const char *method)
{
	const char *ct = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
	const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
	unsigned long long declared = cl ? strtoull(cl, NULL, 10) : 0;
	int stopping;

	rq->srv = srv;
	rq->begun = 1;
	pthread_mutex_lock(&srv->lock);
	srv->in_flight++;
	stopping = srv->stopping;
	pthread_mutex_unlock(&srv->lock);
	if (stopping)
		return send_static(c, MHD_HTTP_SERVICE_UNAVAILABLE, BODY_503, "application/json", 1);
	if (declared > HTTP_MAX_BODY) {
		const char *expect = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
		                                                 MHD_HTTP_HEADER_EXPECT);

		rq->too_big = 1;
		/*
		 * Answered before a byte of the body is read only when the
		 * client waits for that (Expect: 100-continue), or the body is
		 * too big even to throw away.  Otherwise the body is read and
		 * dropped (take_body), and the 413 goes at its end: a client
		 * still sending when MHD closes gets a reset, often before it
		 * has read the answer ("Send failure: Broken pipe", HTTP 0),
		 * which is what test_body_too_large met on a loaded machine.
		 */
		if ((expect && strcasecmp(expect, "100-continue") == 0) ||
		    declared > HTTP_DRAIN_BODY)
			return send_too_large(rq, c, url, method);
		return MHD_YES;
	}
	MHD_get_connection_values_n(c, MHD_GET_ARGUMENT_KIND, body_on_query_arg, rq);
	if (!ct || has_prefix_ci(ct, MHD_HTTP_POST_ENCODING_FORM_URLENCODED)) {
		/* Without a Content-Type PHP would ignore the body, but a client
		 * that forgets the header means a form. */
		rq->kind = BODY_FORM;
	} else if (has_prefix_ci(ct, "application/json")) {
		rq->kind = BODY_JSON;
	} else if (has_prefix_ci(ct, MHD_HTTP_POST_ENCODING_MULTIPART_FORMDATA)) {
		rq->pp = MHD_create_post_processor(c, 64 * 1024, body_on_post_value, rq);
		/* NULL for a multipart type without a boundary: nothing readable. */
		rq->kind = rq->pp ? BODY_MULTIPART : BODY_NONE;
		rq->malformed = !rq->pp;
	} else {
		rq->kind = BODY_NONE;
	}
	return MHD_YES;
}

static char *
make_base_url(const struct http_server *h, int port)
{
	struct strbuf url = STRBUF_INIT;

	strbuf_addf(&url, "http://%s%s%s:%d/api", h->ipv6 ? "[" : "", h->host,
	            h->ipv6 ? "]" : "", port);
	return strbuf_detach(&url, NULL);
}

/* The base URL for links.  With port 0 it is known only once the daemon is
 * bound, and a request may (in theory) arrive before http_start has
 * recorded it: then the connection's daemon tells the port. */
static const char *
base_url(struct http_server *srv, struct MHD_Connection *c)
{
	const char *url;

	pthread_mutex_lock(&srv->lock);
	if (!srv->base_url) {
		const union MHD_ConnectionInfo *ci =
			MHD_get_connection_info(c, MHD_CONNECTION_INFO_DAEMON);
		const union MHD_DaemonInfo *di = ci ?
			MHD_get_daemon_info(ci->daemon, MHD_DAEMON_INFO_BIND_PORT) : NULL;

		srv->base_url = make_base_url(srv, di ? di->port : 0);
	}
	url = srv->base_url;
	pthread_mutex_unlock(&srv->lock);
	return url;
}

/* Last call: the whole request is in; answer it. */
static enum MHD_Result
finish_request(struct request *rq, struct MHD_Connection *c, const char *url,
               const char *method)
{
	struct http_server *srv = rq->srv;
	struct sb_http_in in;
	struct sb_reply reply;
	enum fault_kind fault;
	int slow_ms = 0;

	if (rq->too_big)
		return send_too_large(rq, c, url, method);
	if (rq->kind == BODY_MULTIPART && rq->pp) {
		if (MHD_destroy_post_processor(rq->pp) != MHD_YES)
			rq->malformed = 1;
		rq->pp = NULL;
	}
	if (rq->malformed)
		return send_static(c, MHD_HTTP_BAD_REQUEST, BODY_400, "application/json", 0);
	/* The fault is the request's own (its path and body, before the form
	 * is split in place), not the arrival order's: see faults.c. */
	if (srv->faults) {
		struct strbuf key = STRBUF_INIT;

		strbuf_addf(&key, "%s\n", url);
		strbuf_add(&key, rq->raw.buf ? rq->raw.buf : "", rq->raw.len);
		fault = faults_draw(srv->faults, key.buf, key.len, &slow_ms);
		strbuf_free(&key);
	} else {
		fault = FAULT_NONE;
	}
	if (rq->kind == BODY_FORM)
		body_parse_form(rq);

	sleep_ms(srv->ctx->cfg->latency_ms);
	switch (fault) {
	case FAULT_500:
		return send_static(c, MHD_HTTP_INTERNAL_SERVER_ERROR, BODY_500, "application/json", 0);
	case FAULT_429:
		return send_static(c, MHD_HTTP_TOO_MANY_REQUESTS, BODY_429, "application/json", 1);
	case FAULT_REFUSE:
		return send_static(c, MHD_HTTP_OK, BODY_REFUSED, "application/json", 0);
	case FAULT_SLOW:
		sleep_ms(slow_ms);
		break;
	default:
		break;
	}

	memset(&in, 0, sizeof(in));
	in.method = method;
	in.path = rq->path ? rq->path : url;
	in.path_len = rq->path_len;
	in.pairs = rq->pairs;
	in.n_pairs = rq->n_pairs;
	if (rq->kind == BODY_JSON) {
		in.json_body = strbuf_str(&rq->raw);
		in.json_len = rq->raw.len;
	}
	in.header_key = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "authenticationKey");
	in.header_token = MHD_lookup_connection_value(c, MHD_HEADER_KIND, "authenticationToken");
	in.upload = rq->upload;
	if (rq->upload.present) {
		static unsigned char empty[1];

		/* An empty file still has a (zero-length) buffer. */
		in.upload.data = rq->upload_data.buf ? (unsigned char *)rq->upload_data.buf : empty;
		in.upload.len = rq->upload_data.len;
	}
	in.base_url = base_url(srv, c);

	memset(&reply, 0, sizeof(reply));
	sb_dispatch(srv->ctx, &in, &reply);

	switch (fault) {
	case FAULT_DROP:
		/* The request was handled (a write is applied); the client never
		 * hears of it.  MHD_NO makes MHD close the connection unanswered
		 * ("Empty reply from server"), and log it: say it was on purpose. */
		reply_free(&reply);
		dropping = 1;
		return MHD_NO;
	case FAULT_GARBAGE:
		reply_free(&reply);
		return send_static(c, MHD_HTTP_OK, BODY_GARBAGE, "text/html", 0);
	default:
		break;
	}
	{
		enum MHD_Result ret = send_reply(c, &reply);

		reply_free(&reply);
		return ret;
	}
}

static enum MHD_Result
on_request(void *cls, struct MHD_Connection *c, const char *url,
           const char *method, const char *version, const char *upload_data,
           size_t *upload_data_size, void **con_cls)
{
	struct request *rq = *con_cls;

	(void)version;
	/* on_uri made it; should MHD ever skip that call, made here. */
	if (!rq)
		*con_cls = rq = on_uri(cls, url, c);
	if (!rq->begun)
		return begin_request(cls, c, rq, url, method);
	if (*upload_data_size) {
		body_take(rq, upload_data, *upload_data_size);
		*upload_data_size = 0;
		return MHD_YES;
	}
	return finish_request(rq, c, url, method);
}

static void
on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
             enum MHD_RequestTerminationCode toe)
{
	struct http_server *srv = cls;
	struct request *rq = *con_cls;
	int begun = rq && rq->begun;

	(void)c;
	(void)toe;
	body_free(rq);
	*con_cls = NULL;
	/* A request MHD gave up on before its headers (on_uri only) was
	 * never counted in flight. */
	if (!begun)
		return;
	pthread_mutex_lock(&srv->lock);
	if (--srv->in_flight == 0)
		pthread_cond_broadcast(&srv->idle);
	pthread_mutex_unlock(&srv->lock);
}

static void log_mhd(void *cls, const char *fmt, va_list ap)
	__attribute__((format(printf, 2, 0)));

static void
log_mhd(void *cls, const char *fmt, va_list ap)
{
	(void)cls;
	if (dropping) {
		/* MHD 0.9.75 logs it as "%s\n" with the text as argument. */
		const char *msg = fmt;
		va_list cp;

		dropping = 0;
		if (strncmp(fmt, "%s", 2) == 0) {
			va_copy(cp, ap);
			msg = va_arg(cp, const char *);
			va_end(cp);
		}
		if (msg && strstr(msg, "Application reported"))
			return;
	}
	fputs("routedesk-sandbox: http: ", stderr);
	vfprintf(stderr, fmt, ap);
}

static char *
errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static char *
errorf(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	return strbuf_detach(&sb, NULL);
}

struct http_server *
http_start(struct sb_ctx *ctx, struct faults *faults, char **err)
{
	struct http_server *h;
	struct sockaddr_in sin;
	struct sockaddr_in6 sin6;
	struct sockaddr *sa;
	const union MHD_DaemonInfo *info;
	const char *host = ctx->cfg->listen_host ? ctx->cfg->listen_host : "127.0.0.1";
	unsigned int flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ERROR_LOG;
	unsigned int threads = POOL_THREADS;
	struct MHD_OptionItem pool[2];
	int port = ctx->cfg->listen_port;

	if (err)
		*err = NULL;
	if (port < 0 || port > 65535) {
		if (err)
			*err = errorf("port %d out of range (0 to 65535)", port);
		return NULL;
	}
	if (strcmp(host, "localhost") == 0)
		host = "127.0.0.1";
	memset(&sin, 0, sizeof(sin));
	memset(&sin6, 0, sizeof(sin6));
	h = xcalloc(1, sizeof(*h));
	if (inet_pton(AF_INET, host, &sin.sin_addr) == 1) {
		sin.sin_family = AF_INET;
		sin.sin_port = htons((uint16_t)port);
		sa = (struct sockaddr *)&sin;
	} else if (inet_pton(AF_INET6, host, &sin6.sin6_addr) == 1) {
		sin6.sin6_family = AF_INET6;
		sin6.sin6_port = htons((uint16_t)port);
		sa = (struct sockaddr *)&sin6;
		flags |= MHD_USE_IPv6;
		h->ipv6 = 1;
	} else {
		if (err)
			*err = errorf("'%s' is not a numeric IPv4 or IPv6 address", host);
		free(h);
		return NULL;
	}
	h->ctx = ctx;
	h->faults = faults;
	h->host = xstrdup(host);
	pthread_mutex_init(&h->lock, NULL);
	pthread_cond_init(&h->idle, NULL);
	if (ctx->cfg->latency_ms > 0 || faults) {
		flags &= ~(unsigned int)MHD_USE_EPOLL_INTERNAL_THREAD;
		flags |= MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD;
		threads = 0; /* not a pool: MHD refuses the option with a thread per connection */
	}
	/* A pool size only for a pool: MHD warns about one with a thread per
	 * connection. */
	pool[0] = (struct MHD_OptionItem){ threads ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END,
	                                   (intptr_t)threads, NULL };
	pool[1] = (struct MHD_OptionItem){ MHD_OPTION_END, 0, NULL };
	/* The logger goes first so that MHD uses it for everything after. */
	h->daemon = MHD_start_daemon(flags, (uint16_t)port, NULL, NULL, on_request, h,
	                             MHD_OPTION_EXTERNAL_LOGGER, log_mhd, h,
	                             MHD_OPTION_SOCK_ADDR, sa,
	                             MHD_OPTION_ARRAY, pool,
	                             MHD_OPTION_NOTIFY_COMPLETED, on_completed, h,
	                             MHD_OPTION_URI_LOG_CALLBACK, on_uri, h,
	                             MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)CONNECTION_TIMEOUT_S,
	                             MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY,
	                             MHD_OPTION_END);
	if (!h->daemon) {
		if (err)
			*err = errorf("cannot listen on %s%s%s:%d (address in use, or not an address of this host)",
			              h->ipv6 ? "[" : "", host, h->ipv6 ? "]" : "", port);
		pthread_cond_destroy(&h->idle);
		pthread_mutex_destroy(&h->lock);
		free(h->host);
		free(h);
		return NULL;
	}
	info = MHD_get_daemon_info(h->daemon, MHD_DAEMON_INFO_BIND_PORT);
	h->port = info && info->port ? info->port : port;
	pthread_mutex_lock(&h->lock);
	if (!h->base_url)
		h->base_url = make_base_url(h, h->port);
	pthread_mutex_unlock(&h->lock);
	return h;
}

const char *
http_base_url(const struct http_server *h)
{
	return h->base_url;
}

/*
 * Before the daemon stops: the requests already begun finish and their
 * answers go out, and any new one is answered 503.  MHD_stop_daemon alone
 * closed the connections, so a write committed while SIGTERM arrived lost
 * its answer, and a client that then sent it again wrote it twice.  At most
 * the --latency, the slowest fault and 10 s more: a client that never
 * finishes sending its body does not hold the stop for ever.
 */
static void
http_drain(struct http_server *h)
{
	struct timespec until;
	long wait_ms = 10000 + h->ctx->cfg->latency_ms + faults_slowest_ms(h->faults);

	time_deadline(CLOCK_REALTIME, wait_ms, &until);
	pthread_mutex_lock(&h->lock);
	h->stopping = 1;
	while (h->in_flight > 0 && pthread_cond_timedwait(&h->idle, &h->lock, &until) == 0)
		;
	pthread_mutex_unlock(&h->lock);
}

void
http_stop(struct http_server *h)
{
	if (!h)
		return;
	http_drain(h);
	MHD_stop_daemon(h->daemon);
	pthread_cond_destroy(&h->idle);
	pthread_mutex_destroy(&h->lock);
	free(h->base_url);
	free(h->host);
	free(h);
}
