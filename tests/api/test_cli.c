/* test_cli.c: `routedesk api` as a user runs it: output, redaction, exit codes, config. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "api/values.h"
#include "apitest.h"
#include "down_url.h"
#include "common/strbuf.h"
#include "sbtest.h"

/* Long, distinctive credentials, so any leak shows. */
#define KEY "k3yq8w7e6r5t4y3u2i1o0plkjhgf"
#define TOKEN "t0kzmxncbv1029384756qpwoeiru"

static struct sbt_server *srv;
static char url[200], key[200], token[200], xdg[200], cfgdir[] = "/tmp/test_cli.XXXXXX";
static const char *const creds[] = { url, key, token, xdg, NULL };

static int setup(void **state)
{
	static const char *const args[] = { SBT_DEFAULT_ARGS, "--key", KEY, "--token", TOKEN, NULL };

	(void)state;
	srv = sbt_start(args);
	assert_non_null(mkdtemp(cfgdir));
	snprintf(url, sizeof(url), "ROUTEDESK_URL=%s", sbt_base());
	snprintf(key, sizeof(key), "ROUTEDESK_KEY=%s", KEY);
	snprintf(token, sizeof(token), "ROUTEDESK_TOKEN=%s", TOKEN);
	/* No user config may leak into the tests. */
	snprintf(xdg, sizeof(xdg), "XDG_CONFIG_HOME=%s", cfgdir);
	return 0;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", cfgdir);
	if (system(cmd) != 0)
		return -1;
	sbt_free(srv);
	return sbt_test_teardown(NULL);
}

static void run(struct cli_out *o, const char *const *args, const char *const *env)
{
	clirun(o, args, env, 1);
	/* Whatever happened, no credential was printed or traced. */
	assert_null(strstr(o->out, KEY));
	assert_null(strstr(o->out, TOKEN));
	assert_null(strstr(o->err, KEY));
	assert_null(strstr(o->err, TOKEN));
	assert_null(strstr(o->trace, KEY));
	assert_null(strstr(o->trace, TOKEN));
}

static void expect_status(const struct cli_out *o, int status)
{
	if (o->status != status)
		fail_msg("exit %d, not %d; stderr: %s", o->status, status, o->err);
}

static void test_version_help_console(void **state)
{
	struct cli_out o;

	(void)state;
	run(&o, (const char *[]){ "--version", NULL }, NULL);
	expect_status(&o, 0);
	/* The version, then the licence (issue 14: named where users look). */
	assert_true(strncmp(o.out, "routedesk " PACKAGE_VERSION "\n", strlen("routedesk " PACKAGE_VERSION "\n")) == 0);
	assert_non_null(strstr(o.out, "Licence " PACKAGE_LICENSE ": the GNU General Public License"));
	clirun_free(&o);
	run(&o, (const char *[]){ "--help", NULL }, NULL);
	expect_status(&o, 0);
	assert_non_null(strstr(o.out, "routedesk api"));
	clirun_free(&o);
	/* Without a subcommand it is the console: with no account it says how
	 * to give one (and never opens a screen); a bad option is usage. */
	run(&o, (const char *[]){ NULL }, NULL);
	expect_status(&o, 2);
	assert_non_null(strstr(o.err, "no account to use"));
	assert_non_null(strstr(o.err, "ROUTEDESK_URL"));
	clirun_free(&o);
	run(&o, (const char *[]){ "--date", "2026-13-01", NULL }, NULL);
	expect_status(&o, 2);
	assert_non_null(strstr(o.err, "is not a date"));
	clirun_free(&o);
	run(&o, (const char *[]){ "api", "--help", NULL }, NULL);
	expect_status(&o, 0);
	assert_non_null(strstr(o.out, "NAME:=JSON"));
	clirun_free(&o);
	/* The same version from the scripting command (it was "unknown
	 * option", exit 2, to an installer checking what is installed). */
	run(&o, (const char *[]){ "api", "--version", NULL }, NULL);
	expect_status(&o, 0);
	assert_true(strncmp(o.out, "routedesk " PACKAGE_VERSION "\n", strlen("routedesk " PACKAGE_VERSION "\n")) == 0);
	clirun_free(&o);
}

static void test_search_answer(void **state)
{
	struct cli_out o;
	cJSON *a, *params;

	(void)state;
	run(&o, (const char *[]){ "api", "customer/search", "customerIDs:=[10001,10002,999999]",
	                          "includeData=1", NULL }, creds);
	expect_status(&o, 0);
	a = cJSON_Parse(o.out);
	assert_non_null(a);
	assert_true(cJSON_IsTrue(cJSON_GetObjectItem(a, "success")));
	params = cJSON_GetObjectItem(a, "params");
	assert_string_equal(cJSON_GetObjectItem(params, "authenticationKey")->valuestring, "REDACTED");
	assert_string_equal(cJSON_GetObjectItem(params, "authenticationToken")->valuestring, "REDACTED");
	/* The array went as brackets: the server echoes an array. */
	assert_true(cJSON_IsArray(cJSON_GetObjectItem(params, "customerIDs")));
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(a, "customers")), 2);
	/* Pretty-printed. */
	assert_non_null(strstr(o.out, "\n\t\"success\":"));
	cJSON_Delete(a);
	/* One request line in the trace, as documented. */
	assert_int_equal(clirun_requests(&o), 1);
	{
		long ms, status, bytes, took;

		assert_int_equal(sscanf(o.trace, "%ld request /customer/search %ld %ld %ld", &ms, &status,
		                        &bytes, &took), 4);
		assert_int_equal(status, 200);
		assert_true(bytes > 0);
	}
	clirun_free(&o);
}

static void test_query_object_and_trace(void **state)
{
	struct cli_out o;
	cJSON *a;

	(void)state;
	run(&o, (const char *[]){ "api", "--trace", "customer/search",
	                          "customerIDs:={\"operator\":\"BETWEEN\",\"value\":[10001,10005]}",
	                          NULL }, creds);
	expect_status(&o, 0);
	a = cJSON_Parse(o.out);
	assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(a, "customerIDs")), 5);
	cJSON_Delete(a);
	/* --trace: the requests on stderr, and the budget tokenUsage leaves. */
	assert_non_null(strstr(o.err, " request /customer/search 200 "));
	assert_non_null(strstr(o.err, " budget reads "));
	clirun_free(&o);
}

/* ROUTEDESK_TRACE: a file already there (0644, the trace holds the
 * commands typed) is made 0600, and one that cannot be opened is said
 * with its path (it said "routedesk: ROUTEDESK_TRACE: No such file" from
 * `routedesk api`, naming neither). */
static void test_trace_file_kept_private(void **state)
{
	char path[64], var[96];
	struct cli_out o;
	struct stat st;
	FILE *f;

	(void)state;
	snprintf(path, sizeof(path), "%s/trace-open", cfgdir);
	assert_non_null(f = fopen(path, "w"));
	fclose(f);
	assert_int_equal(chmod(path, 0644), 0);
	snprintf(var, sizeof(var), "ROUTEDESK_TRACE=%s", path);
	clirun(&o, (const char *[]){ "api", "customer/10001", NULL },
	       (const char *[]){ url, key, token, xdg, var, NULL }, 0);
	expect_status(&o, 0);
	clirun_free(&o);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	assert_true(st.st_size > 0);
	snprintf(var, sizeof(var), "ROUTEDESK_TRACE=%s/no-such-dir/t", cfgdir);
	clirun(&o, (const char *[]){ "api", "customer/10001", NULL },
	       (const char *[]){ url, key, token, xdg, var, NULL }, 0);
	expect_status(&o, 0);
	assert_non_null(strstr(o.err, "routedesk api: ROUTEDESK_TRACE="));
	assert_non_null(strstr(o.err, "/no-such-dir/t: "));
	clirun_free(&o);
}

/* No core file: one would hold the token.  The call is held waiting on a
 * server that accepts and never answers, and its limits read meanwhile. */
static void test_no_core_file(void **state)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t alen = sizeof(a);
	int s = socket(AF_INET, SOCK_STREAM, 0), found = 0;
	char var[96], limits[64], line[256];
	struct rlimit lim;
	struct cli_run r;
	struct cli_out o;

	(void)state;
	assert_true(s >= 0);
	assert_int_equal(bind(s, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(listen(s, 4), 0);
	assert_int_equal(getsockname(s, (struct sockaddr *)&a, &alen), 0);
	snprintf(var, sizeof(var), "ROUTEDESK_URL=http://127.0.0.1:%u/api", ntohs(a.sin_port));
	/* Cores allowed as far as this process may (Debian's soft limit is
	 * 0, its hard one unlimited): the 0 read must be the program's. */
	assert_int_equal(getrlimit(RLIMIT_CORE, &lim), 0);
	lim.rlim_cur = lim.rlim_max;
	assert_int_equal(setrlimit(RLIMIT_CORE, &lim), 0);
	clirun_start(&r, (const char *[]){ "api", "customer/10001", NULL },
	             (const char *[]){ var, key, token, xdg, NULL }, 0);
	/* Its request on the way (the connection waits to be accepted):
	 * the limits are the program's own by then. */
	{
		struct pollfd p = { .fd = s, .events = POLLIN };

		found = poll(&p, 1, 10000) == 1;
	}
	assert_true(found);
	snprintf(limits, sizeof(limits), "/proc/%d/limits", (int)r.pid);
	{
		FILE *f = fopen(limits, "r");

		assert_non_null(f);
		found = 0;
		while (fgets(line, sizeof(line), f))
			if (strncmp(line, "Max core file size", 18) == 0) {
				unsigned long soft, hard;

				assert_int_equal(sscanf(line + 18, "%lu %lu", &soft, &hard), 2);
				assert_int_equal(soft, 0);
				assert_int_equal(hard, 0);
				found = 1;
			}
		fclose(f);
	}
	assert_true(found);
	kill(r.pid, SIGTERM);
	clirun_finish(&r, &o);
	clirun_free(&o);
	close(s);
	lim.rlim_cur = 0;
	(void)setrlimit(RLIMIT_CORE, &lim);
}

static void test_byid_and_ignored(void **state)
{
	struct cli_out o;

	(void)state;
	run(&o, (const char *[]){ "api", "/customer/10001", NULL }, creds);
	expect_status(&o, 0);
	assert_non_null(strstr(o.out, "\"customer\":"));
	clirun_free(&o);
	/* An ignored filter means a wider search than asked: say so. */
	run(&o, (const char *[]){ "api", "customer/search", "colour=blue", NULL }, creds);
	expect_status(&o, 0);
	assert_non_null(strstr(o.err, "ignored: colour"));
	clirun_free(&o);
}

static void test_refused_is_1(void **state)
{
	struct cli_out o;
	cJSON *a;

	(void)state;
	run(&o, (const char *[]){ "api", "note/create", "customerID=10001", NULL }, creds);
	expect_status(&o, 1);
	a = cJSON_Parse(o.out);
	assert_non_null(a);
	assert_false(cJSON_IsTrue(cJSON_GetObjectItem(a, "success")));
	/* The server's errorMessage, on stderr. */
	assert_non_null(strstr(o.err, cJSON_GetObjectItem(a, "errorMessage")->valuestring));
	cJSON_Delete(a);
	clirun_free(&o);
	/* An unknown entity: HTTP 404 with the service's JSON refusal. */
	run(&o, (const char *[]){ "api", "nosuch/search", NULL }, creds);
	expect_status(&o, 1);
	clirun_free(&o);
}

/* The service's text (here an operator it echoes back) and the user's own
 * arguments reach standard error with control characters made visible:
 * an ESC from the wire must not drive the terminal. */
static void test_stderr_escaped(void **state)
{
	struct cli_out o;

	(void)state;
	run(&o, (const char *[]){ "api", "customer/search",
	                          "customerIDs:={\"operator\":\"\\u001b[31mX\",\"value\":1}", NULL },
	    creds);
	expect_status(&o, 1);
	assert_non_null(strstr(o.err, "[31mX"));
	assert_null(strchr(o.err, '\033'));
	clirun_free(&o);
	run(&o, (const char *[]){ "api", "customer/search", "bad\033]0;title\007", NULL }, creds);
	expect_status(&o, 2);
	assert_non_null(strstr(o.err, "]0;title"));
	assert_null(strchr(o.err, '\033'));
	assert_null(strchr(o.err, '\007'));
	clirun_free(&o);
}

static void test_writes(void **state)
{
	char path[] = "/tmp/test_cli_upload.XXXXXX", file[64];
	struct cli_out o;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "hello\n", 6), 6);
	close(fd);
	snprintf(file, sizeof(file), "uploadFile@%s", path);
	run(&o, (const char *[]){ "api", "document/create", "customerID=10001", "showTech:=1", file,
	                          NULL }, creds);
	expect_status(&o, 0);
	assert_non_null(strstr(o.out, "\"result\":"));
	clirun_free(&o);
	unlink(path);
	/* An array of objects in brackets. */
	run(&o, (const char *[]){ "api", "ticket/create", "customerID=10001", "date=" SBT_TODAY,
	                          "serviceCharge:=10", "status:=1",
	                          "addons:=[{\"description\":\"Bait\",\"amount\":2.5,\"taxable\":0}]",
	                          NULL }, creds);
	expect_status(&o, 0);
	clirun_free(&o);
}

/* slurp PATH: its text, malloc'd ("" when it cannot be read). */
static char *slurp(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	FILE *f = fopen(path, "r");
	char buf[4096];
	size_t n;

	while (f && (n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&sb, buf, n);
	if (f)
		fclose(f);
	return strbuf_detach(&sb, NULL);
}

/* Run from a script with stdout closed (>&-), the answer went to whatever
 * the program opened next in its place: the ROUTEDESK_TRACE file (exit 0,
 * the JSON in the trace), else libcurl's wake-up socket.  A closed stdout
 * is a failure to write, as for any other tool; a closed stderr keeps
 * the messages out of the trace too. */
static void test_closed_std_fds(void **state)
{
	char cmd[2000], trace[300], errfile[300];
	char *text;
	int st;

	(void)state;
	snprintf(trace, sizeof(trace), "%s/closed.trace", cfgdir);
	snprintf(errfile, sizeof(errfile), "%s/closed.err", cfgdir);
	snprintf(cmd, sizeof(cmd), "env '%s' '%s' '%s' '%s' ROUTEDESK_TRACE='%s' '%s' api customer/10001 >&- 2>'%s'",
	         url, key, token, xdg, trace, clirun_program(), errfile);
	st = system(cmd);
	assert_true(WIFEXITED(st));
	text = slurp(errfile);
	if (WEXITSTATUS(st) != 3)
		fail_msg("exit %d, not 3; stderr: %s", WEXITSTATUS(st), text);
	assert_non_null(strstr(text, "cannot write the output"));
	free(text);
	text = slurp(trace);
	assert_non_null(strstr(text, " request /customer/10001 "));
	assert_null(strstr(text, "\"params\""));
	free(text);
	/* stderr closed: the refusal's message is lost, not traced. */
	snprintf(cmd, sizeof(cmd), "env '%s' '%s' '%s' '%s' ROUTEDESK_TRACE='%s' '%s' api customer/99999999 >/dev/null 2>&-",
	         url, key, token, xdg, trace, clirun_program());
	st = system(cmd);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 1);
	text = slurp(trace);
	assert_null(strstr(text, "routedesk api:"));
	free(text);
	unlink(trace);
	unlink(errfile);
}

static void test_usage_is_2(void **state)
{
	static const char *const bad[][6] = {
		{ "api", NULL },
		{ "api", "--bogus", "customer/search", NULL },
		{ "api", "customer/search", "broken:=[1,", NULL },
		/* An empty list would be dropped (a filter matching everything);
		 * 1e999 would go as null; past 2^53 it would arrive rounded. */
		{ "api", "customer/search", "customerIDs:=[]", NULL },
		{ "api", "customer/search", "customerIDs:=1e999", NULL },
		{ "api", "customer/search", "customerIDs:=[1,-1e999]", NULL },
		{ "api", "customer/search", "customerIDs:=12345678901234567890", NULL },
		{ "api", "customer/search", "customerIDs:={\"operator\":\"IN\",\"value\":[]}", NULL },
		{ "api", "customer/search", "status:=null", NULL },
		{ "api", "customer/search", "customerIDs:=[1,null]", NULL },
		{ "api", "customer/search", "noseparator", NULL },
		{ "api", "customer/search", "=value", NULL },
		{ "api", "customer/search", "f@/nonexistent/file", NULL },
		/* A directory passed access(R_OK): the write went with an empty
		 * file in its place. */
		{ "api", "document/create", "customerID=10001", "uploadFile@/tmp", NULL },
		{ "api", "http://evil.example/x", NULL },
		{ "api", "--all", "customer/10001", NULL },
		{ "api", "--all", "region/create", NULL },
		{ "api", "--rate", "fast", "customer/search", NULL },
		/* Past what the pacer keeps a slot per request for (it took
		 * 100000000, two rings of 800 MB). */
		{ "api", "--rate", "100001", "customer/search", NULL },
		{ "frobnicate", NULL },
	};
	struct cli_out o;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		run(&o, bad[i], creds);
		if (o.status != 2)
			fail_msg("case %zu (%s %s): exit %d", i, bad[i][0], bad[i][1] ? bad[i][1] : "",
			         o.status);
		assert_int_equal(clirun_requests(&o), 0);
		clirun_free(&o);
	}
	/* ROUTEDESK_RATE past an int went negative (no pacing at all), and
	 * a word was ignored: both said, nothing sent. */
	for (int i = 0; i < 2; i++) {
		const char *env[] = { url, key, token, xdg,
			              i ? "ROUTEDESK_RATE=fast" : "ROUTEDESK_RATE=2147483648", NULL };

		run(&o, (const char *[]){ "api", "customer/search", NULL }, env);
		expect_status(&o, 2);
		assert_non_null(strstr(o.err, "ROUTEDESK_RATE needs a whole number from 0 to 100000"));
		assert_int_equal(clirun_requests(&o), 0);
		clirun_free(&o);
	}
	/* No credentials at all: a usage error naming what is missing. */
	run(&o, (const char *[]){ "api", "customer/search", NULL }, (const char *[]){ xdg, NULL });
	expect_status(&o, 2);
	assert_non_null(strstr(o.err, "ROUTEDESK_URL"));
	clirun_free(&o);
}

/* NAME:=JSON values the service would not get as typed: each is a usage
 * error that quotes the argument, and nothing is sent.  A list of lists
 * would travel as name[0][]=..., which no parameter takes; a query
 * object's value holds scalars only. */
static void test_json_refused(void **state)
{
	static const char *const items[] = {
		"customerIDs:=[]",
		"customerIDs:=1e999",
		"customerIDs:=-1e999",
		"customerIDs:=9007199254740993",
		"customerIDs:=99999999999999999999999",
		"customerIDs:=[[1,2],[3]]",
		"customerIDs:=[1,[]]",
		"customerIDs:={\"operator\":\"IN\",\"value\":[[1]]}",
		"customerIDs:={\"operator\":\"IN\",\"value\":[{\"a\":1}]}",
		"addons:=[{\"amount\":1e400}]",
		"addons:={\"0\":{\"items\":[]}}",
	};
	struct cli_out o;

	(void)state;
	for (size_t i = 0; i < sizeof(items) / sizeof(items[0]); i++) {
		run(&o, (const char *[]){ "api", "customer/search", items[i], NULL }, creds);
		if (o.status != 2 || !strstr(o.err, items[i]))
			fail_msg("%s: exit %d, stderr %s", items[i], o.status, o.err);
		assert_int_equal(clirun_requests(&o), 0);
		clirun_free(&o);
	}
	/* What stays allowed: 2^53 - 1, a fraction, a list of objects. */
	run(&o, (const char *[]){ "api", "customer/search", "customerIDs:=[9007199254740991]",
	                          "balance:={\"operator\":\">\",\"value\":0.5}", NULL }, creds);
	expect_status(&o, 0);
	clirun_free(&o);
}

static void test_failure_is_3(void **state)
{
	struct cli_out o;

	(void)state;
	/* Nothing listens there: a network failure after the retries. */
	run(&o, (const char *[]){ "api", "--retries", "1", "customer/search", NULL },
	    (const char *[]){ sbt_fmt("ROUTEDESK_URL=%s", test_down_url()), key, token, xdg, NULL });
	expect_status(&o, 3);
	assert_int_equal(clirun_requests(&o), 2);
	assert_non_null(strstr(o.err, "gave up after 2 attempts"));
	clirun_free(&o);
	/* With the default retries a refused connection is tried 3 times,
	 * not 8: the user hears in seconds, not after 18. */
	run(&o, (const char *[]){ "api", "customer/search", NULL },
	    (const char *[]){ sbt_fmt("ROUTEDESK_URL=%s", test_down_url()), key, token, xdg, NULL });
	expect_status(&o, 3);
	assert_int_equal(clirun_requests(&o), 3);
	assert_non_null(strstr(o.err, "gave up after 3 attempts"));
	clirun_free(&o);
	/* https at the sandbox's plain-http port (an installer's typo): the
	 * handshake fails as surely, and sent nothing; it was tried 8 times
	 * over 21 s. */
	{
		char https[220];

		snprintf(https, sizeof(https), "ROUTEDESK_URL=https://%s", sbt_base() + strlen("http://"));
		run(&o, (const char *[]){ "api", "customer/search", NULL },
		    (const char *[]){ https, key, token, xdg, NULL });
		expect_status(&o, 3);
		assert_int_equal(clirun_requests(&o), 3);
		assert_non_null(strstr(o.err, "gave up after 3 attempts"));
		clirun_free(&o);
	}
}

/* --all when the search cap cuts the result (a page filled to the cap while
 * the search already filters on the id name, so it cannot page on): the
 * part is printed as a complete array, stderr says so, and the exit status
 * is 4, its own. */
static void test_all_cut_is_4(void **state)
{
	struct cli_out o;
	cJSON *a;
	const cJSON *rec;

	(void)state;
	/* A "<" condition: a page after the cut (its "customerIDs > last"
	 * would stand in for the user's condition) brings records above it. */
	run(&o, (const char *[]){ "api", "--all", "--search-cap", "3", "customer/search",
	                          "customerIDs:={\"operator\":\"<\",\"value\":\"10006\"}", NULL },
	    creds);
	expect_status(&o, 4);
	assert_int_equal(clirun_requests(&o), 1);
	a = cJSON_Parse(o.out);
	assert_non_null(a);
	assert_true(cJSON_IsArray(a));
	assert_true(cJSON_GetArraySize(a) >= 3);
	cJSON_ArrayForEach(rec, a) {
		long long id = 0;

		assert_int_equal(api_field_int(rec, "customerID", &id), API_V_OK);
		if (id >= 10006)
			fail_msg("--all printed customer %lld, outside customerIDs < 10006", id);
	}
	cJSON_Delete(a);
	assert_non_null(strstr(o.err, "search cap of 3 ids cut the result"));
	assert_non_null(strstr(o.err, "customerIDs"));
	clirun_free(&o);
	/* Without a cut, the same search pages on and exits 0. */
	run(&o, (const char *[]){ "api", "--all", "--search-cap", "3", "customer/search",
	                          "lname=Smith", NULL }, creds);
	expect_status(&o, 0);
	assert_null(strstr(o.err, "cut the result"));
	clirun_free(&o);
}

static void write_file(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	assert_int_equal(chmod(path, mode), 0);
}

static void test_config_file(void **state)
{
	char dir[300], path[320], text[600];
	struct cli_out o;

	(void)state;
	snprintf(dir, sizeof(dir), "%s/routedesk", cfgdir);
	mkdir(dir, 0700);
	snprintf(path, sizeof(path), "%s/config", dir);
	snprintf(text, sizeof(text), "[account other]\nurl = http://127.0.0.1:1/api\nkey = x\n"
	         "token_command = echo y\n\n[account sb]\nurl = %s\nkey =  %s \ntoken = %s\n",
	         sbt_base(), KEY, TOKEN);
	write_file(path, text, 0644);
	/* Readable by others while it holds a token: refused, with the fix. */
	run(&o, (const char *[]){ "api", "--account", "sb", "customer/search", NULL },
	    (const char *[]){ xdg, NULL });
	expect_status(&o, 2);
	assert_non_null(strstr(o.err, "chmod 600"));
	assert_non_null(strstr(o.err, path));
	assert_int_equal(clirun_requests(&o), 0);
	clirun_free(&o);
	assert_int_equal(chmod(path, 0600), 0);
	run(&o, (const char *[]){ "api", "--account", "sb", "customer/10001", NULL },
	    (const char *[]){ xdg, NULL });
	expect_status(&o, 0);
	clirun_free(&o);
	/* The console's --account, before the subcommand, works as well. */
	run(&o, (const char *[]){ "--account", "sb", "api", "customer/10001", NULL },
	    (const char *[]){ xdg, NULL });
	expect_status(&o, 0);
	clirun_free(&o);
	run(&o, (const char *[]){ "--account=sb", "api", "customer/10001", NULL },
	    (const char *[]){ xdg, NULL });
	expect_status(&o, 0);
	clirun_free(&o);
	/* Two accounts and none chosen. */
	run(&o, (const char *[]){ "api", "customer/10001", NULL }, (const char *[]){ xdg, NULL });
	expect_status(&o, 2);
	assert_non_null(strstr(o.err, "--account"));
	clirun_free(&o);
	/* The environment overrides the file. */
	run(&o, (const char *[]){ "api", "--account", "other", "--retries", "0", "customer/10001",
	                          NULL }, (const char *[]){ xdg, url, key, token, NULL });
	expect_status(&o, 0);
	clirun_free(&o);
	/* A wrong token from the environment is the service's refusal. */
	run(&o, (const char *[]){ "api", "--account", "sb", "customer/10001", NULL },
	    (const char *[]){ xdg, "ROUTEDESK_TOKEN=wrong-token-value", NULL });
	expect_status(&o, 1);
	clirun_free(&o);
	/* Saved by a Windows editor: a byte-order mark and CRLF. */
	snprintf(text, sizeof(text), "\xef\xbb\xbf[account sb]\r\nurl = %s\r\nkey = %s\r\n"
	         "token = %s\r\n", sbt_base(), KEY, TOKEN);
	write_file(path, text, 0600);
	run(&o, (const char *[]){ "api", "customer/10001", NULL }, (const char *[]){ xdg, NULL });
	expect_status(&o, 0);
	clirun_free(&o);
	unlink(path);
	/* A directory where the file goes: said, not read as an empty
	 * config ("no API URL"). */
	assert_int_equal(mkdir(path, 0700), 0);
	run(&o, (const char *[]){ "api", "customer/10001", NULL }, (const char *[]){ xdg, NULL });
	expect_status(&o, 2);
	assert_non_null(strstr(o.err, "cannot read"));
	assert_non_null(strstr(o.err, path));
	assert_non_null(strstr(o.err, strerror(EISDIR)));
	clirun_free(&o);
	assert_int_equal(rmdir(path), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_version_help_console),
		SBT_TEST(test_search_answer),
		SBT_TEST(test_query_object_and_trace),
		SBT_TEST(test_trace_file_kept_private),
		SBT_TEST(test_no_core_file),
		SBT_TEST(test_byid_and_ignored),
		SBT_TEST(test_refused_is_1),
		SBT_TEST(test_writes),
		SBT_TEST(test_usage_is_2),
		SBT_TEST(test_closed_std_fds),
		SBT_TEST(test_json_refused),
		SBT_TEST(test_stderr_escaped),
		SBT_TEST(test_failure_is_3),
		SBT_TEST(test_all_cut_is_4),
		SBT_TEST(test_config_file),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
