/* apitest.c: sessions on the test sandbox; routedesk runs with captured output. */
#include "config.h"

#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "apitest.h"
#include "api/transport.h"
#include "common/strbuf.h"
#include "sbtest.h"

extern char **environ;

struct api_session *apit_session(void)
{
	struct api_options o;
	struct api_error e = API_ERROR_INIT;
	struct api_session *s;

	api_options_default(&o);
	o.url = sbt_base();
	o.key = sbt_key();
	o.token = sbt_token();
	o.reads_per_minute = o.writes_per_minute = 0;
	o.backoff_base_ms = 20;
	o.backoff_max_ms = 500;
	s = api_session_new(&o, &e);
	if (!s)
		fail_msg("api_session_new: %s", api_error_text(&e));
	return s;
}

void apit_ok_at(int rc, struct api_error *err, const char *file, int line)
{
	if (rc == 0)
		return;
	print_error("%s error: %s (HTTP %ld)\n", api_error_kind_name(err->kind),
	            api_error_text(err), err->http_status);
	_fail(file, line);
}

const char *clirun_program(void)
{
	static char path[4096];
	const char *top = getenv("top_builddir");

	snprintf(path, sizeof(path), "%s/routedesk", top && *top ? top : ".");
	return path;
}

static char *slurp(const char *path, size_t *len)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[65536];
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd >= 0) {
		while ((n = read(fd, buf, sizeof(buf))) > 0)
			strbuf_add(&sb, buf, (size_t)n);
		close(fd);
	}
	return strbuf_detach(&sb, len);
}

void clirun_start(struct cli_run *r, const char *const *args, const char *const *env,
                  int want_trace)
{
	char o[64], e[64], t[64], tracevar[96];
	const char *argv[64], *envp[256];
	size_t na = 0, ne = 0;

	memset(r, 0, sizeof(*r));
	snprintf(r->dir, sizeof(r->dir), "/tmp/clirun.XXXXXX");
	if (!mkdtemp(r->dir))
		fail_msg("mkdtemp failed");
	r->want_trace = want_trace;
	snprintf(o, sizeof(o), "%s/out", r->dir);
	snprintf(e, sizeof(e), "%s/err", r->dir);
	snprintf(t, sizeof(t), "%s/trace", r->dir);
	argv[na++] = clirun_program();
	for (; args && *args && na < 63; args++)
		argv[na++] = *args;
	argv[na] = NULL;
	for (char **p = environ; *p && ne < 200; p++)
		if (strncmp(*p, "ROUTEDESK_", 10) != 0)
			envp[ne++] = *p;
	for (; env && *env && ne < 250; env++)
		envp[ne++] = *env;
	if (want_trace) {
		snprintf(tracevar, sizeof(tracevar), "ROUTEDESK_TRACE=%s", t);
		envp[ne++] = tracevar;
	}
	envp[ne] = NULL;
	fflush(NULL);
	r->pid = fork();
	if (r->pid < 0)
		fail_msg("fork failed");
	if (r->pid == 0) {
		int fo = open(o, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int fe = open(e, O_WRONLY | O_CREAT | O_TRUNC, 0600);

		if (fo < 0 || fe < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0)
			_exit(126);
		execve(argv[0], (char *const *)argv, (char *const *)envp);
		_exit(127);
	}
}

char *clirun_trace_now(const struct cli_run *r)
{
	char t[64];

	snprintf(t, sizeof(t), "%s/trace", r->dir);
	return slurp(t, NULL);
}

void clirun_finish(struct cli_run *r, struct cli_out *out)
{
	char o[64], e[64], t[64];
	int st;

	memset(out, 0, sizeof(*out));
	snprintf(o, sizeof(o), "%s/out", r->dir);
	snprintf(e, sizeof(e), "%s/err", r->dir);
	snprintf(t, sizeof(t), "%s/trace", r->dir);
	if (waitpid(r->pid, &st, 0) < 0)
		fail_msg("waitpid failed");
	out->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	if (out->status == 127)
		fail_msg("cannot run %s", clirun_program());
	out->out = slurp(o, &out->out_len);
	out->err = slurp(e, NULL);
	if (r->want_trace)
		out->trace = slurp(t, NULL);
	unlink(o);
	unlink(e);
	unlink(t);
	rmdir(r->dir);
}

void clirun(struct cli_out *out, const char *const *args, const char *const *env, int want_trace)
{
	struct cli_run r;

	clirun_start(&r, args, env, want_trace);
	clirun_finish(&r, out);
}

void clirun_free(struct cli_out *out)
{
	free(out->out);
	free(out->err);
	free(out->trace);
	memset(out, 0, sizeof(*out));
}

int clirun_requests(const struct cli_out *out)
{
	int n = 0;

	for (const char *l = out->trace; l && *l;) {
		const char *sp = strchr(l, ' ');

		if (sp && strncmp(sp + 1, "request ", 8) == 0)
			n++;
		l = strchr(l, '\n');
		if (l)
			l++;
	}
	return n;
}
