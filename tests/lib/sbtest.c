/* sbtest.c: starts routedesk-sandbox processes and talks to them over HTTP for tests. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "common/strbuf.h"
#include "sbtest.h"

#define MAX_ARGS 64
#define MAX_SERVERS 16

struct sbt_server {
	pid_t pid;       /* 0 when not running */
	int restarts;
	char dir[PATH_MAX - 256];
	char db[PATH_MAX];
	char base[128];
	char key[128], token[128];
	char *args[MAX_ARGS]; /* extra arguments, owned */
	size_t n_args;
};

struct arena_item {
	void *p;
	void (*fn)(void *);
};

static struct arena_item *arena;
static size_t n_arena, cap_arena;
static struct sbt_server *current;
static struct sbt_server *servers[MAX_SERVERS]; /* started, not yet freed */
static CURL *curl;

/* ---------------------------------------------------------------- arena */

static void *keep_with(void *p, void (*fn)(void *))
{
	if (n_arena == cap_arena) {
		cap_arena = cap_arena ? cap_arena * 2 : 64;
		arena = xrealloc(arena, cap_arena * sizeof *arena);
	}
	arena[n_arena].p = p;
	arena[n_arena].fn = fn;
	n_arena++;
	return p;
}

void *sbt_keep(void *p)
{
	return keep_with(p, free);
}

static void drop_json(void *p)
{
	cJSON_Delete(p);
}

cJSON *sbt_keep_json(cJSON *j)
{
	return keep_with(j, drop_json);
}

int sbt_test_teardown(void **state)
{
	(void)state;
	for (size_t i = n_arena; i-- > 0;)
		arena[i].fn(arena[i].p);
	n_arena = 0;
	return 0;
}

char *sbt_fmt(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	return sbt_keep(strbuf_detach(&sb, NULL));
}

char *sbt_enc(const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	struct strbuf sb = STRBUF_INIT;

	strbuf_adds(&sb, "");
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (isalnum(*p) || *p == '-' || *p == '_' || *p == '.' || *p == '~') {
			strbuf_addc(&sb, (char)*p);
		} else {
			strbuf_addc(&sb, '%');
			strbuf_addc(&sb, hex[*p >> 4]);
			strbuf_addc(&sb, hex[*p & 15]);
		}
	}
	return sbt_keep(strbuf_detach(&sb, NULL));
}

char *sbt_qo(const char *op, const char *value_json)
{
	return sbt_enc(sbt_fmt("{\"operator\":\"%s\",\"value\":%s}", op, value_json));
}

char *sbt_idlist(const long long *ids, size_t n)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addc(&sb, '[');
	for (size_t i = 0; i < n; i++)
		strbuf_addf(&sb, "%s%lld", i ? "," : "", ids[i]);
	strbuf_addc(&sb, ']');
	return sbt_keep(strbuf_detach(&sb, NULL));
}

void sbt_note(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	/* One "# " per line keeps multi-line notes valid TAP. */
	const char *s = strbuf_str(&sb);
	while (*s) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		printf("# %.*s\n", (int)n, s);
		s += n + (nl ? 1 : 0);
	}
	strbuf_free(&sb);
	fflush(stdout);
}


/* ---------------------------------------------------------------- processes */

void sbt_sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) == -1 && errno == EINTR)
		;
}

double sbt_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct strbuf sb = STRBUF_INIT;
	char buf[4096];
	size_t n;

	strbuf_adds(&sb, "");
	if (f) {
		while ((n = fread(buf, 1, sizeof buf, f)) > 0)
			strbuf_add(&sb, buf, n);
		fclose(f);
	}
	return strbuf_detach(&sb, len);
}

static void dump_stderr(const struct sbt_server *s)
{
	char path[PATH_MAX + 16];
	size_t len;

	snprintf(path, sizeof path, "%s/stderr.log", s->dir);
	char *text = slurp(path, &len);
	const char *tail = len > 4000 ? text + len - 4000 : text;
	sbt_note("sandbox stderr (last part):\n%s", tail);
	free(text);
}

static const char *sandbox_path(void)
{
	static char path[PATH_MAX];
	const char *top = getenv("top_builddir");
	char rel[PATH_MAX];

	snprintf(rel, sizeof rel, "%s/routedesk-sandbox", top && *top ? top : ".");
	if (!realpath(rel, path))
		snprintf(path, sizeof path, "%s", rel);
	return path;
}

static void child_exec(struct sbt_server *s, const char *out_path)
{
	char *argv[MAX_ARGS + 32];
	size_t n = 0;
	char err_path[PATH_MAX + 16], cwd[PATH_MAX + 16];
	char *wrapper = getenv("SBT_WRAPPER") ? strdup(getenv("SBT_WRAPPER")) : NULL;

	prctl(PR_SET_PDEATHSIG, SIGTERM);
	snprintf(err_path, sizeof err_path, "%s/stderr.log", s->dir);
	snprintf(cwd, sizeof cwd, "%s/run/sub", s->dir);
	int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	int err = open(err_path, O_WRONLY | O_CREAT | O_APPEND, 0600);
	int in = open("/dev/null", O_RDONLY);
	if (out < 0 || err < 0 || in < 0 || chdir(cwd) != 0)
		_exit(126);
	dup2(in, 0);
	dup2(out, 1);
	dup2(err, 2);
	if (wrapper)
		for (char *w = strtok(wrapper, " "); w && n < 16; w = strtok(NULL, " "))
			argv[n++] = w;
	argv[n++] = (char *)sandbox_path();
	argv[n++] = "--listen";
	argv[n++] = "127.0.0.1:0";
	argv[n++] = "--db";
	argv[n++] = s->db;
	for (size_t i = 0; i < s->n_args; i++)
		argv[n++] = s->args[i];
	argv[n] = NULL;
	execvp(argv[0], argv);
	_exit(127);
}

static void launch(struct sbt_server *s)
{
	char out_path[PATH_MAX + 32];
	double deadline = sbt_now() + 60.0;
	int port = 0;

	snprintf(out_path, sizeof out_path, "%s/stdout.%d.log", s->dir, s->restarts++);
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0)
		fail_msg("fork: %s", strerror(errno));
	if (pid == 0)
		child_exec(s, out_path);
	s->pid = pid;

	for (;;) {
		size_t len;
		char *text = slurp(out_path, &len);
		char *nl = strchr(text, '\n');
		if (nl) {
			char expect[128];
			*nl = '\0';
			if (sscanf(text, "listening on http://127.0.0.1:%d/api", &port) == 1)
				snprintf(expect, sizeof expect, "listening on http://127.0.0.1:%d/api", port);
			else
				expect[0] = '\0';
			if (strcmp(text, expect) != 0 || port <= 0 || port > 65535) {
				sbt_note("first stdout line: \"%s\"", text);
				free(text);
				dump_stderr(s);
				fail_msg("the sandbox's first line is not \"listening on http://127.0.0.1:PORT/api\"");
			}
			free(text);
			break;
		}
		free(text);
		int status;
		if (waitpid(pid, &status, WNOHANG) == pid) {
			s->pid = 0;
			dump_stderr(s);
			fail_msg("routedesk-sandbox (%s) exited before listening (status %d)",
			         sandbox_path(), status);
		}
		if (sbt_now() > deadline) {
			dump_stderr(s);
			fail_msg("routedesk-sandbox did not print its listening line within 60 s");
		}
		sbt_sleep_ms(10);
	}
	snprintf(s->base, sizeof s->base, "http://127.0.0.1:%d/api", port);
	current = s;
}

void sbt_dump(const struct sbt_resp *r)
{
	static const struct sbt_server *told;

	if (!r) {
		sbt_note("(no answer)");
		return;
	}
	sbt_note("HTTP %ld, curl %d %s, %zu bytes", r->status, r->curl_code,
	         r->curl_error, r->len);
	if (r->body)
		sbt_note("%.*s%s", (int)(r->len > 1500 ? 1500 : r->len), r->body,
		         r->len > 1500 ? " ..." : "");
	/* No answer because the server died: say why, once. */
	if (r->status == 0 && current && told != current && !sbt_running(current)) {
		told = current;
		sbt_note("the sandbox has exited");
		dump_stderr(current);
	}
}

/* Takes extra_args as s's arguments, and the credentials among them. */
static void set_args(struct sbt_server *s, const char *const *extra_args)
{
	for (size_t i = 0; i < s->n_args; i++)
		free(s->args[i]);
	s->n_args = 0;
	snprintf(s->key, sizeof s->key, "demo-key");
	snprintf(s->token, sizeof s->token, "demo-token");
	for (size_t i = 0; extra_args && extra_args[i]; i++) {
		assert_true(s->n_args < MAX_ARGS);
		s->args[s->n_args++] = xstrdup(extra_args[i]);
		if (extra_args[i + 1] && strcmp(extra_args[i], "--key") == 0)
			snprintf(s->key, sizeof s->key, "%s", extra_args[i + 1]);
		if (extra_args[i + 1] && strcmp(extra_args[i], "--token") == 0)
			snprintf(s->token, sizeof s->token, "%s", extra_args[i + 1]);
	}
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

static void remove_dir(const struct sbt_server *s)
{
	if (!getenv("SBT_KEEP"))
		nftw(s->dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* At exit: a failed assertion skips sbt_free, so servers and directories
 * it left behind are cleaned up here (no assertions: cmocka is done). */
static void at_exit(void)
{
	for (size_t i = 0; i < MAX_SERVERS; i++) {
		struct sbt_server *s = servers[i];
		if (!s)
			continue;
		if (s->pid) {
			kill(s->pid, SIGKILL);
			waitpid(s->pid, NULL, 0);
		}
		remove_dir(s);
		for (size_t k = 0; k < s->n_args; k++)
			free(s->args[k]);
		free(s);
	}
	sbt_test_teardown(NULL);
	free(arena);
	if (curl) {
		curl_easy_cleanup(curl);
		curl_global_cleanup();
	}
}

struct sbt_server *sbt_start(const char *const *extra_args)
{
	struct sbt_server *s = xcalloc(1, sizeof *s);
	const char *tmp = getenv("TMPDIR");
	char sub[PATH_MAX + 16];
	size_t slot = 0;

	if (!curl) {
		curl_global_init(CURL_GLOBAL_DEFAULT);
		curl = curl_easy_init();
		assert_non_null(curl);
		atexit(at_exit);
	}
	while (slot < MAX_SERVERS && servers[slot])
		slot++;
	if (slot == MAX_SERVERS)
		fail_msg("more than %d sandboxes at once", MAX_SERVERS);
	servers[slot] = s;
	snprintf(s->dir, sizeof s->dir, "%s/sbt-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(s->dir))
		fail_msg("mkdtemp: %s", strerror(errno));
	snprintf(s->db, sizeof s->db, "%s/sb.db", s->dir);
	snprintf(sub, sizeof sub, "%s/run", s->dir);
	mkdir(sub, 0700);
	snprintf(sub, sizeof sub, "%s/run/sub", s->dir);
	mkdir(sub, 0700);
	set_args(s, extra_args);
	launch(s);
	return s;
}

int sbt_running(struct sbt_server *s)
{
	int status;

	if (!s || !s->pid)
		return 0;
	if (waitpid(s->pid, &status, WNOHANG) == s->pid) {
		s->pid = 0;
		return 0;
	}
	return 1;
}

void sbt_signal(struct sbt_server *s, int sig)
{
	assert_non_null(s);
	if (!s->pid)
		fail_msg("sbt_signal: the sandbox is not running");
	kill(s->pid, sig);
}

void sbt_stop(struct sbt_server *s)
{
	int status = 0;
	double deadline = sbt_now() + 30.0;
	pid_t pid;

	assert_non_null(s);
	if (!s->pid)
		fail_msg("sbt_stop: the sandbox is not running (it exited on its own)");
	pid = s->pid;
	kill(pid, SIGTERM);
	for (;;) {
		pid_t w = waitpid(pid, &status, WNOHANG);
		if (w == pid)
			break;
		if (sbt_now() > deadline) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			s->pid = 0;
			dump_stderr(s);
			fail_msg("the sandbox did not stop within 30 s of SIGTERM");
		}
		sbt_sleep_ms(10);
	}
	s->pid = 0;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		dump_stderr(s);
		if (WIFSIGNALED(status))
			fail_msg("the sandbox died of signal %d after SIGTERM", WTERMSIG(status));
		fail_msg("the sandbox exited with status %d after SIGTERM", WEXITSTATUS(status));
	}
}

void sbt_restart(struct sbt_server *s)
{
	assert_non_null(s);
	assert_int_equal(s->pid, 0);
	launch(s);
}

void sbt_restart_with(struct sbt_server *s, const char *const *extra_args)
{
	assert_non_null(s);
	assert_int_equal(s->pid, 0);
	set_args(s, extra_args);
	launch(s);
}

void sbt_free(struct sbt_server *s)
{
	if (!s)
		return;
	if (s->pid)
		sbt_stop(s);
	remove_dir(s);
	for (size_t i = 0; i < MAX_SERVERS; i++)
		if (servers[i] == s)
			servers[i] = NULL;
	for (size_t i = 0; i < s->n_args; i++)
		free(s->args[i]);
	if (current == s)
		current = NULL;
	free(s);
}

void sbt_use(struct sbt_server *s)
{
	current = s;
}

const char *sbt_base(void)
{
	assert_non_null(current);
	return current->base;
}

const char *sbt_dir(const struct sbt_server *s)
{
	return s->dir;
}

const char *sbt_key(void)
{
	assert_non_null(current);
	return current->key;
}

const char *sbt_token(void)
{
	assert_non_null(current);
	return current->token;
}

const char *sbt_auth(void)
{
	return sbt_fmt("authenticationKey=%s&authenticationToken=%s",
	               sbt_enc(sbt_key()), sbt_enc(sbt_token()));
}

/* ---------------------------------------------------------------- HTTP */

static void resp_free(void *p)
{
	struct sbt_resp *r = p;

	free(r->body);
	cJSON_Delete(r->json);
	free(r->content_type);
	free(r->content_encoding);
	free(r->retry_after);
	free(r->content_disposition);
	free(r);
}

static size_t on_body(char *data, size_t size, size_t nmemb, void *user)
{
	strbuf_add(user, data, size * nmemb);
	return size * nmemb;
}

static void set_header(char **slot, const char *v, size_t n)
{
	while (n && (*v == ' ' || *v == '\t'))
		v++, n--;
	while (n && (v[n - 1] == '\r' || v[n - 1] == '\n' || v[n - 1] == ' '))
		n--;
	free(*slot);
	*slot = xstrndup(v, n);
}

static size_t on_header(char *data, size_t size, size_t nmemb, void *user)
{
	struct sbt_resp *r = user;
	size_t n = size * nmemb;
	static const struct { const char *name; size_t off; } want[] = {
		{ "content-type:", offsetof(struct sbt_resp, content_type) },
		{ "content-encoding:", offsetof(struct sbt_resp, content_encoding) },
		{ "retry-after:", offsetof(struct sbt_resp, retry_after) },
		{ "content-disposition:", offsetof(struct sbt_resp, content_disposition) },
	};

	if (n >= 5 && strncmp(data, "HTTP/", 5) == 0) {
		/* A new response (after 100 Continue): forget earlier headers. */
		for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
			char **slot = (char **)((char *)r + want[i].off);
			free(*slot);
			*slot = NULL;
		}
	}
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		size_t k = strlen(want[i].name);
		if (n > k && strncasecmp(data, want[i].name, k) == 0)
			set_header((char **)((char *)r + want[i].off), data + k, n - k);
	}
	return n;
}

/* One transfer: the handle's settings and what they point at. */
struct xfer {
	CURL *h;
	struct sbt_resp *r;
	struct strbuf url, body;
	struct curl_slist *hdrs;
	curl_mime *mime;
	char errbuf[CURL_ERROR_SIZE];
};

static void xfer_setup(struct xfer *x, CURL *h, const struct sbt_request *rq)
{
	CURL *c = x->h = h;

	memset(x->errbuf, 0, sizeof x->errbuf);
	x->r = keep_with(xcalloc(1, sizeof *x->r), resp_free);
	x->url = (struct strbuf)STRBUF_INIT;
	x->body = (struct strbuf)STRBUF_INIT;
	x->hdrs = NULL;
	x->mime = NULL;
	if (strncmp(rq->path, "http://", 7) == 0 || strncmp(rq->path, "https://", 8) == 0)
		strbuf_adds(&x->url, rq->path);
	else
		strbuf_addf(&x->url, "%s%s", sbt_base(), rq->path);
	if (rq->query)
		strbuf_addf(&x->url, "%s%s", strchr(strbuf_str(&x->url), '?') ? "&" : "?", rq->query);

	curl_easy_reset(c);
	curl_easy_setopt(c, CURLOPT_URL, strbuf_str(&x->url));
	curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(c, CURLOPT_TIMEOUT, rq->timeout_s ? rq->timeout_s : 60L);
	curl_easy_setopt(c, CURLOPT_ERRORBUFFER, x->errbuf);
	curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(c, CURLOPT_WRITEDATA, &x->body);
	curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(c, CURLOPT_HEADERDATA, x->r);
	if (rq->gzip)
		curl_easy_setopt(c, CURLOPT_ACCEPT_ENCODING, "gzip");
	if (rq->fresh) {
		curl_easy_setopt(c, CURLOPT_FRESH_CONNECT, 1L);
		curl_easy_setopt(c, CURLOPT_FORBID_REUSE, 1L);
	}
	/* No Expect: 100-continue round trip: tests want one exchange each. */
	x->hdrs = curl_slist_append(x->hdrs, "Expect:");
	x->hdrs = curl_slist_append(x->hdrs, "Accept: application/json");
	for (size_t i = 0; rq->headers && rq->headers[i]; i++)
		x->hdrs = curl_slist_append(x->hdrs, rq->headers[i]);
	if (rq->parts) {
		x->mime = curl_mime_init(c);
		for (size_t i = 0; i < rq->n_parts; i++) {
			const struct sbt_part *p = &rq->parts[i];
			curl_mimepart *part = curl_mime_addpart(x->mime);
			curl_mime_name(part, p->name);
			if (p->filename || p->data) {
				curl_mime_data(part, p->data, p->len);
				curl_mime_filename(part, p->filename ? p->filename : "file");
			} else {
				curl_mime_data(part, p->value ? p->value : "", CURL_ZERO_TERMINATED);
			}
		}
		curl_easy_setopt(c, CURLOPT_MIMEPOST, x->mime);
	} else if (rq->body) {
		size_t len = rq->body_len ? rq->body_len : strlen(rq->body);
		char ct[160];
		snprintf(ct, sizeof ct, "Content-Type: %s",
		         rq->content_type ? rq->content_type : "application/x-www-form-urlencoded");
		x->hdrs = curl_slist_append(x->hdrs, ct);
		curl_easy_setopt(c, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)len);
		curl_easy_setopt(c, CURLOPT_POSTFIELDS, rq->body);
	}
	if (rq->method)
		curl_easy_setopt(c, CURLOPT_CUSTOMREQUEST, rq->method);
	curl_easy_setopt(c, CURLOPT_HTTPHEADER, x->hdrs);
}

static struct sbt_resp *xfer_finish(struct xfer *x, CURLcode rc)
{
	struct sbt_resp *r = x->r;

	r->curl_code = (int)rc;
	snprintf(r->curl_error, sizeof r->curl_error, "%s",
	         *x->errbuf ? x->errbuf : (rc ? curl_easy_strerror(rc) : ""));
	curl_easy_getinfo(x->h, CURLINFO_RESPONSE_CODE, &r->status);
	r->body = strbuf_detach(&x->body, &r->len);
	r->json = cJSON_ParseWithLength(r->body, r->len);
	curl_slist_free_all(x->hdrs);
	curl_mime_free(x->mime);
	strbuf_free(&x->url);
	return r;
}

struct sbt_resp *sbt_request(const struct sbt_request *rq)
{
	struct xfer x;

	xfer_setup(&x, curl, rq);
	return xfer_finish(&x, curl_easy_perform(curl));
}

void sbt_parallel(const struct sbt_request *rqs, size_t n, struct sbt_resp **out)
{
	CURLM *m = curl_multi_init();
	struct xfer *x = xcalloc(n ? n : 1, sizeof *x);
	int running = 1;

	assert_non_null(m);
	for (size_t i = 0; i < n; i++) {
		xfer_setup(&x[i], curl_easy_init(), &rqs[i]);
		curl_easy_setopt(x[i].h, CURLOPT_PRIVATE, (char *)&x[i]);
		curl_multi_add_handle(m, x[i].h);
	}
	while (running) {
		if (curl_multi_perform(m, &running) != CURLM_OK)
			break;
		if (running)
			curl_multi_poll(m, NULL, 0, 1000, NULL);
	}
	for (CURLMsg *msg; (msg = curl_multi_info_read(m, &running)) != NULL;) {
		if (msg->msg != CURLMSG_DONE)
			continue;
		char *priv;
		curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, &priv);
		struct xfer *t = (struct xfer *)priv;
		xfer_finish(t, msg->data.result);
		t->h = NULL; /* finished */
		curl_multi_remove_handle(m, msg->easy_handle);
		curl_easy_cleanup(msg->easy_handle);
	}
	for (size_t i = 0; i < n; i++) {
		if (x[i].h) { /* never finished: treat as a transport failure */
			curl_multi_remove_handle(m, x[i].h);
			xfer_finish(&x[i], CURLE_OPERATION_TIMEDOUT);
			curl_easy_cleanup(x[i].h);
		}
		out[i] = x[i].r;
	}
	curl_multi_cleanup(m);
	free(x);
}

struct sbt_resp *sbt_post(const char *path, const char *form)
{
	struct sbt_request rq = { .path = path, .body = form };
	return sbt_request(&rq);
}

struct sbt_resp *sbt_call(const char *path, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	if (sb.len)
		strbuf_addc(&sb, '&');
	strbuf_adds(&sb, sbt_auth());
	return sbt_post(path, sbt_keep(strbuf_detach(&sb, NULL)));
}

struct sbt_resp *sbt_call0(const char *path)
{
	return sbt_post(path, sbt_auth());
}

struct sbt_resp *sbt_getq(const char *path, const char *query)
{
	struct sbt_request rq = { .path = path, .query = query };
	return sbt_request(&rq);
}
