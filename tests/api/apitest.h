/* apitest.h: helpers of the client tests: sessions on the sandbox, running routedesk. */
#ifndef ROUTEDESK_APITEST_H
#define ROUTEDESK_APITEST_H

#include <stddef.h>
#include <sys/types.h>

#include "api/error.h"

struct api_session;

/* A session on the current sandbox (sbtest's sbt_base, key and token),
 * pacing off (the sandbox runs with --no-limits), quick retries. */
struct api_session *apit_session(void);
/* Fails the test with err's text when rc is not 0. */
#define apit_ok(rc, err) apit_ok_at((rc), (err), __FILE__, __LINE__)
void apit_ok_at(int rc, struct api_error *err, const char *file, int line);

/* What one run left behind.  Strings are malloc'd (clirun_free). */
struct cli_out {
	int status;    /* exit status, or 128+signal */
	char *out;     /* stdout */
	size_t out_len;
	char *err;     /* stderr */
	char *trace;   /* the ROUTEDESK_TRACE file, or NULL when not asked for */
};

/* Runs $top_builddir/routedesk with args (NULL-terminated, without argv[0])
 * in an environment with ROUTEDESK_* removed, then env ("NAME=VALUE",
 * NULL-terminated, may be NULL) added.  With want_trace, ROUTEDESK_TRACE
 * points at a fresh file whose text lands in out->trace.  Fails the
 * current test when the program cannot be run. */
void clirun(struct cli_out *out, const char *const *args, const char *const *env, int want_trace);
/* The same in two steps, for runs at once: start, then finish (waits for
 * it and fills out).  clirun_trace_now reads the trace file so far
 * (malloc'd), for a test waiting for a line. */
struct cli_run {
	pid_t pid;
	char dir[32];
	int want_trace;
};
void clirun_start(struct cli_run *r, const char *const *args, const char *const *env,
                  int want_trace);
void clirun_finish(struct cli_run *r, struct cli_out *out);
char *clirun_trace_now(const struct cli_run *r);
void clirun_free(struct cli_out *out);
/* Lines of the trace whose kind is "request". */
int clirun_requests(const struct cli_out *out);
/* The path of the routedesk program. */
const char *clirun_program(void);

#endif
