/* test_cli_share.c: `routedesk api` on a share: identical reads in flight made once, writes never, read_share across processes. */
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "apitest.h"
#include "down_url.h"
#include "api/encode.h"
#include "common/strbuf.h"
#include "fetch/flight.h"
#include "sbtest.h"

/*
 * Nothing here depends on timing.  To have two processes ask the same read
 * at once, the test takes the read's flight lock itself (the key from
 * fetch_flight_key, as the program computes it), starts both, waits until
 * each has written its "flight ... wait" trace line, and lets go: one of
 * them then sends, the other must take its answer.  The sandbox's own
 * counter (tokenUsage of a probe) says how many reads reached it.
 */

#define KEY "k3yq8w7e6r5t4y3u2i1o0plkjhgf"
#define TOKEN "t0kzmxncbv1029384756qpwoeiru"
#define DEADLINE_S 60

static struct sbt_server *srv;
static char top[] = "/tmp/test_cli_share.XXXXXX";
static char url[200], key[200], token[200], xdg[300], xstate[300];

static int setup(void **state)
{
	static const char *const args[] = { SBT_DEFAULT_ARGS, "--key", KEY, "--token", TOKEN, NULL };

	(void)state;
	srv = sbt_start(args);
	assert_non_null(mkdtemp(top));
	snprintf(url, sizeof(url), "ROUTEDESK_URL=%s", sbt_base());
	snprintf(key, sizeof(key), "ROUTEDESK_KEY=%s", KEY);
	snprintf(token, sizeof(token), "ROUTEDESK_TOKEN=%s", TOKEN);
	/* No user config or state may leak into the tests, nor theirs out. */
	snprintf(xdg, sizeof(xdg), "XDG_CONFIG_HOME=%s/config", top);
	snprintf(xstate, sizeof(xstate), "XDG_STATE_HOME=%s/state", top);
	return 0;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "chmod -R u+w '%s'; rm -rf '%s'", top, top);
	if (system(cmd) != 0)
		return -1;
	sbt_free(srv);
	return sbt_test_teardown(NULL);
}

/* A fresh directory under the test's own, for one share. */
static char *fresh_dir(const char *name)
{
	char *d = sbt_fmt("%s/%s", top, name);

	assert_int_equal(mkdir(d, 0770), 0);
	return d;
}

/* The environment of a run on share (NULL: none) with the config in
 * config_home (NULL: the empty default). */
static const char *const *env_for(const char *share, const char *config_home)
{
	const char **env = sbt_keep(calloc(8, sizeof(*env)));
	int n = 0;

	env[n++] = url;
	env[n++] = key;
	env[n++] = token;
	env[n++] = config_home ? sbt_fmt("XDG_CONFIG_HOME=%s", config_home) : xdg;
	env[n++] = xstate;
	if (share)
		env[n++] = sbt_fmt("ROUTEDESK_SHARE=%s", share);
	return env;
}

static void no_credentials(const struct cli_out *o)
{
	assert_null(strstr(o->out, KEY));
	assert_null(strstr(o->out, TOKEN));
	assert_null(strstr(o->err, KEY));
	assert_null(strstr(o->err, TOKEN));
	if (o->trace) {
		assert_null(strstr(o->trace, KEY));
		assert_null(strstr(o->trace, TOKEN));
	}
}

static void run(struct cli_out *o, const char *const *args, const char *const *env)
{
	clirun(o, args, env, 1);
	no_credentials(o);
}

static void expect_status(const struct cli_out *o, int status)
{
	if (o->status != status)
		fail_msg("exit %d, not %d; stderr: %s", o->status, status, o->err);
}

/* The sandbox's counters, from a probe of its own (which counts itself
 * as one read). */
static long counter(const char *name)
{
	struct sbt_resp *r = sbt_call("/customer/search", "customerID=%d", 1);
	cJSON *usage;

	sbt_ok(r);
	usage = sbt_m(r->json, "tokenUsage");
	return (long)sbt_m(usage, name)->valuedouble;
}

/* DIR/ACCOUNT: the one directory a run made in the share. */
static char *account_dir(const char *share)
{
	DIR *d = opendir(share);
	struct dirent *e;
	char *found = NULL;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.') {
			assert_null(found); /* one account, one directory */
			found = sbt_fmt("%s/%s", share, e->d_name);
		}
	closedir(d);
	assert_non_null(found);
	return found;
}

/* Takes the flight lock of path with the items ("NAME=VALUE", as on the
 * command line, NULL-terminated), as a process in flight with that read
 * holds it: the fd to close. */
static int hold_flight(const char *acct, const char *path, const char *const *items)
{
	struct api_form f = API_FORM_INIT;
	struct strbuf canon = STRBUF_INIT;
	uint64_t h = 0;
	char *lock;
	int fd;

	for (; *items; items++) {
		const char *eq = strchr(*items, '=');
		char *name = strndup(*items, (size_t)(eq - *items));

		api_form_add(&f, name, eq + 1);
		free(name);
	}
	assert_int_equal(fetch_flight_key(path, &f, &canon, &h), 0);
	lock = sbt_fmt("%s/flight/%016llx.lock", acct, (unsigned long long)h);
	/* Not inherited: the runs started meanwhile must not hold it. */
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0660);
	assert_true(fd >= 0);
	assert_int_equal(fchmod(fd, 0660), 0);
	assert_int_equal(flock(fd, LOCK_EX | LOCK_NB), 0);
	api_form_free(&f);
	strbuf_free(&canon);
	return fd;
}

/* Waits until the running r has traced that it waits for a flight. */
static void wait_for_flight(const struct cli_run *r)
{
	double end = sbt_now() + DEADLINE_S;

	for (;;) {
		char *t = clirun_trace_now(r);
		int seen = t && strstr(t, " flight /") != NULL;

		free(t);
		if (seen)
			return;
		if (sbt_now() > end)
			fail_msg("no flight wait traced in %d s", DEADLINE_S);
		sbt_sleep_ms(20);
	}
}

static int count_lines(const char *text, const char *kind)
{
	int n = 0;
	char *needle = sbt_fmt(" %s ", kind);

	for (const char *p = text; p && (p = strstr(p, needle)); p++)
		n++;
	return n;
}

/* A first read of the account in env: it makes the share's account
 * directory and teaches the day's limit. */
static void first_read(const char *const *env)
{
	struct cli_out o;

	run(&o, (const char *[]){ "api", "customer/10001", NULL }, env);
	expect_status(&o, 0);
	clirun_free(&o);
}

/* Two runs of args (a customer/search with the one item) asking at once:
 * the test holds the read's flight until both wait for it, then lets go. */
static void race_two(const char *share, const char *const *env, const char *const *args,
                     const char *item, struct cli_out *a, struct cli_out *b)
{
	struct cli_run ra, rb;
	int fd = hold_flight(account_dir(share), "customer/search", (const char *[]){ item, NULL });

	clirun_start(&ra, args, env, 1);
	clirun_start(&rb, args, env, 1);
	wait_for_flight(&ra);
	wait_for_flight(&rb);
	close(fd);
	clirun_finish(&ra, a);
	clirun_finish(&rb, b);
}

/* (a) two identical reads at once on one share reach the sandbox once. */
static void test_identical_reads_once(void **state)
{
	const char *share = fresh_dir("a");
	const char *const *env = env_for(share, NULL);
	const char *args[] = { "api", "customer/search", "lname=Smith", NULL };
	struct cli_out a, b;
	long before, after;

	(void)state;
	/* A first read makes the account's directory. */
	first_read(env);
	before = counter("requestsReadToday");
	race_two(share, env, args, "lname=Smith", &a, &b);
	after = counter("requestsReadToday");
	sbt_note("first: %s", a.trace);
	sbt_note("second: %s", b.trace);
	no_credentials(&a);
	no_credentials(&b);
	expect_status(&a, 0);
	expect_status(&b, 0);
	/* One read reached the sandbox (the probe counts itself) ... */
	assert_int_equal(after - before - 1, 1);
	assert_int_equal(clirun_requests(&a) + clirun_requests(&b), 1);
	/* ... the other took its answer, and printed the same. */
	assert_int_equal(count_lines(a.trace, "shared") + count_lines(b.trace, "shared"), 1);
	assert_int_equal(a.out_len, b.out_len);
	assert_memory_equal(a.out, b.out, a.out_len);
	assert_non_null(strstr(a.out, "\"customerIDs\""));
	/* Nothing on stdout said the wait, nothing on stderr either. */
	assert_string_equal(a.err, "");
	assert_string_equal(b.err, "");
	clirun_free(&a);
	clirun_free(&b);
}

/* (a') routedesk api --all on a share: its first page, an includeData
 * search, taken from another process's flight goes through the same
 * streaming print as one read from the network: both runs print, byte
 * for byte, what a run without a share prints. */
static void test_all_on_share(void **state)
{
	const char *share = fresh_dir("e");
	const char *const *env = env_for(share, NULL);
	const char *args[] = { "api", "--all", "customer/search", NULL };
	struct cli_out a, b, alone;

	(void)state;
	run(&alone, args, env_for(NULL, NULL));
	expect_status(&alone, 0);
	assert_non_null(strstr(alone.out, "\"customerID\""));
	first_read(env);
	race_two(share, env, args, "includeData=1", &a, &b);
	no_credentials(&a);
	no_credentials(&b);
	expect_status(&a, 0);
	expect_status(&b, 0);
	/* One of them sent the page, the other took its answer. */
	assert_int_equal(count_lines(a.trace, "shared") + count_lines(b.trace, "shared"), 1);
	assert_int_equal(a.out_len, alone.out_len);
	assert_memory_equal(a.out, alone.out, alone.out_len);
	assert_int_equal(b.out_len, alone.out_len);
	assert_memory_equal(b.out, alone.out, alone.out_len);
	clirun_free(&alone);
	clirun_free(&a);
	clirun_free(&b);
}

/* (b) a different read is not merged with, nor held up by, one in flight. */
static void test_different_reads_not_merged(void **state)
{
	const char *share = fresh_dir("b");
	const char *const *env = env_for(share, NULL);
	struct cli_run ra;
	struct cli_out o, a;
	long before, after;
	int fd;

	(void)state;
	first_read(env);
	fd = hold_flight(account_dir(share), "customer/search",
	                 (const char *[]){ "lname=Smith", NULL });
	before = counter("requestsReadToday");
	clirun_start(&ra, (const char *[]){ "api", "customer/search", "lname=Smith", NULL }, env, 1);
	wait_for_flight(&ra);
	/* Same path, another value; the same value in another order of
	 * fields is another read too (test_fetch_flight). */
	run(&o, (const char *[]){ "api", "customer/search", "lname=Jones", NULL }, env);
	expect_status(&o, 0);
	assert_int_equal(clirun_requests(&o), 1);
	assert_int_equal(count_lines(o.trace, "flight"), 0);
	assert_int_equal(count_lines(o.trace, "shared"), 0);
	close(fd);
	clirun_finish(&ra, &a);
	no_credentials(&a);
	expect_status(&a, 0);
	/* The held read found no answer of its own: it sent it. */
	assert_int_equal(clirun_requests(&a), 1);
	assert_int_equal(count_lines(a.trace, "shared"), 0);
	after = counter("requestsReadToday");
	assert_int_equal(after - before - 1, 2);
	assert_true(o.out_len != a.out_len || memcmp(o.out, a.out, a.out_len) != 0);
	clirun_free(&o);
	clirun_free(&a);
}

/* (c) writes never ask the flight: the same write twice, its lock held,
 * goes twice. */
static void test_writes_never_merged(void **state)
{
	const char *share = fresh_dir("c");
	const char *const *env = env_for(share, NULL);
	const char *note = "notes=flight test note";
	const char *args[] = { "api", "note/create", "customerID=10001", "date=2026-11-20",
		               "contactType=0", "showOnInvoice=0", note, NULL };
	struct cli_out o;
	long before, after;
	int fd;

	(void)state;
	first_read(env);
	/* Held under the key a read of the same would have. */
	fd = hold_flight(account_dir(share), "note/create", args + 2);
	before = counter("requestsWriteToday");
	for (int i = 0; i < 2; i++) {
		run(&o, args, env);
		expect_status(&o, 0);
		assert_int_equal(clirun_requests(&o), 1);
		assert_int_equal(count_lines(o.trace, "flight"), 0);
		assert_int_equal(count_lines(o.trace, "shared"), 0);
		clirun_free(&o);
	}
	after = counter("requestsWriteToday");
	assert_int_equal(after - before, 2);
	close(fd);
}

/* The local day's counter file of the budget in acct. */
static char *counter_file(const char *acct)
{
	char day[16];
	time_t t = time(NULL);
	struct tm tm;

	assert_non_null(localtime_r(&t, &tm));
	assert_true(strftime(day, sizeof(day), "%Y-%m-%d", &tm) > 0);
	return sbt_fmt("%s/reads-%s", acct, day);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
	/* A config others can change is refused, whatever the umask. */
	assert_int_equal(chmod(path, 0600), 0);
}

/* (d) [ui] read_share holds across processes: 1% of the sandbox's 3,000
 * reads is 30; the office spent 29: one more process reads, the next is
 * refused unsent with exit status 5.  A bad [ui] line above it does not
 * undo it. */
static void test_read_share_across_processes(void **state)
{
	const char *share = fresh_dir("d"), *conf = fresh_dir("d-config");
	const char *const *env;
	struct cli_out o;
	long before, after;
	char *acct;
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;

	(void)state;
	assert_int_equal(mkdir(sbt_fmt("%s/routedesk", conf), 0700), 0);
	/* A bad line above read_share is said, and read_share still holds
	 * (it was skipped with every line after the bad one). */
	write_file(sbt_fmt("%s/routedesk/config", conf), "[ui]\nrefresh = often\nread_share = 1\n");
	env = env_for(share, conf);
	/* A first process learns the day's limit (3,000) for the share. */
	run(&o, (const char *[]){ "api", "customer/10001", NULL }, env);
	expect_status(&o, 0);
	assert_non_null(strstr(o.err, "config:2: refresh must be a number"));
	clirun_free(&o);
	acct = account_dir(share);
	write_file(counter_file(acct), "29\n");
	before = counter("requestsReadToday");
	run(&o, (const char *[]){ "api", "customer/10002", NULL }, env);
	expect_status(&o, 0);
	assert_int_equal(clirun_requests(&o), 1);
	clirun_free(&o);
	/* Another process: refused, not sent, said, and exit 5. */
	run(&o, (const char *[]){ "api", "customer/10003", NULL }, env);
	expect_status(&o, 5);
	assert_int_equal(clirun_requests(&o), 0);
	assert_string_equal(o.out, "");
	assert_non_null(strstr(o.err, "read_share"));
	assert_non_null(strstr(o.err, "30 of 30"));
	assert_non_null(strstr(o.err, "was not sent"));
	clirun_free(&o);
	after = counter("requestsReadToday");
	assert_int_equal(after - before - 1, 1);
	assert_int_equal(strbuf_read_file(counter_file(acct), 100, &sb, &err), 0);
	assert_string_equal(sb.buf, "30\n");
	/* Writes are not reads: a write still goes. */
	run(&o, (const char *[]){ "api", "note/create", "customerID=10001", "date=2026-11-20",
	                          "contactType=0", "showOnInvoice=0", "notes=after the share",
	                          NULL }, env);
	expect_status(&o, 0);
	clirun_free(&o);
	strbuf_free(&sb);
	strbuf_free(&err);
}

/* (d2) The day's counter swapped for a symlink by another hand (or made
 * read-only): the read still goes, and the user hears that read_share now
 * holds with this program's own count (it let every read go, silently,
 * for the rest of the day). */
static void test_unusable_counter_said(void **state)
{
	const char *share = fresh_dir("d2"), *conf = fresh_dir("d2-config");
	const char *const *env = env_for(share, conf);
	struct cli_out o;
	struct stat st;
	char *acct, *file;

	(void)state;
	first_read(env);
	acct = account_dir(share);
	file = counter_file(acct);
	assert_int_equal(unlink(file), 0);
	assert_int_equal(symlink("/dev/null", file), 0);
	run(&o, (const char *[]){ "api", "customer/10002", NULL }, env);
	expect_status(&o, 0);
	assert_int_equal(clirun_requests(&o), 1);
	assert_non_null(strstr(o.err, "cannot count reads in"));
	assert_non_null(strstr(o.err, strrchr(file, '/') + 1));
	assert_non_null(strstr(o.err, "read_share"));
	clirun_free(&o);
	/* Not followed, not replaced. */
	assert_int_equal(lstat(file, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
}

/* (d3) A write whose server is down takes nothing off the read count: it
 * was never counted as a read, and each failed attempt took one off (a
 * note to a down host left 7 of the office's 10). */
static void test_unsent_write_counts_no_read(void **state)
{
	const char *share = fresh_dir("d3"), *conf = fresh_dir("d3-config");
	const char *down = sbt_fmt("ROUTEDESK_URL=%s", test_down_url());
	const char *env[] = { down, key, token, sbt_fmt("XDG_CONFIG_HOME=%s", conf), xstate,
		              sbt_fmt("ROUTEDESK_SHARE=%s", share), NULL };
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct cli_out o;
	char *acct;

	(void)state;
	/* A read to the down host makes the account's directory (counted,
	 * then taken off: it reached no server). */
	run(&o, (const char *[]){ "api", "--retries", "0", "customer/10001", NULL }, env);
	expect_status(&o, 3);
	clirun_free(&o);
	acct = account_dir(share);
	write_file(counter_file(acct), "10\n");
	run(&o, (const char *[]){ "api", "note/create", "customerID=10001", "date=2026-11-20",
	                          "contactType=0", "showOnInvoice=0", "notes=down", NULL }, env);
	expect_status(&o, 3);
	clirun_free(&o);
	assert_int_equal(strbuf_read_file(counter_file(acct), 100, &sb, &err), 0);
	assert_string_equal(sb.buf, "10\n");
	strbuf_free(&sb);
	strbuf_free(&err);
}

/* (d4) The counter emptied or garbled by hand (an editor's blank save,
 * `> reads-...`) when the share is spent: the next `routedesk api`, which
 * has no count of its own, is still refused (it read no count as 0, and
 * had the whole day's share again).  With the second record unreadable
 * too, one read goes and the account's count of today's reads its answer
 * gave stands for routedesk's. */
static void test_emptied_counter_still_spent(void **state)
{
	const char *share = fresh_dir("d4"), *conf = fresh_dir("d4-config");
	const char *const *env;
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	static const char *const hands[] = { "", "\n", "oops\n" };
	struct cli_out o;
	char *acct;
	long count;

	(void)state;
	assert_int_equal(mkdir(sbt_fmt("%s/routedesk", conf), 0700), 0);
	write_file(sbt_fmt("%s/routedesk/config", conf), "[ui]\nread_share = 1\n");
	env = env_for(share, conf);
	first_read(env);
	acct = account_dir(share);
	write_file(counter_file(acct), "29\n");
	run(&o, (const char *[]){ "api", "customer/10002", NULL }, env);
	expect_status(&o, 0);
	clirun_free(&o);
	for (size_t i = 0; i < sizeof(hands) / sizeof(hands[0]); i++) {
		write_file(counter_file(acct), hands[i]);
		run(&o, (const char *[]){ "api", "customer/10003", NULL }, env);
		expect_status(&o, 5);
		assert_int_equal(clirun_requests(&o), 0);
		assert_non_null(strstr(o.err, "30 of 30"));
		clirun_free(&o);
	}
	/* Removed: made again with the count. */
	assert_int_equal(unlink(counter_file(acct)), 0);
	run(&o, (const char *[]){ "api", "customer/10003", NULL }, env);
	expect_status(&o, 5);
	clirun_free(&o);
	/* Both unreadable: one read, and the account's count is kept (the
	 * sandbox's reads taken past routedesk's 30 first: the test wrote
	 * 29 by hand, more than the account had read). */
	while (counter("requestsReadToday") < 40)
		;
	write_file(counter_file(acct), "");
	write_file(sbt_fmt("%s/reads-last", acct), "");
	run(&o, (const char *[]){ "api", "customer/10003", NULL }, env);
	expect_status(&o, 0);
	assert_int_equal(clirun_requests(&o), 1);
	clirun_free(&o);
	count = counter("requestsReadToday") - 1; /* the probe's own */
	assert_int_equal(strbuf_read_file(counter_file(acct), 100, &sb, &err), 0);
	assert_int_equal(atol(sb.buf), count);
	run(&o, (const char *[]){ "api", "customer/10003", NULL }, env);
	expect_status(&o, 5);
	assert_int_equal(clirun_requests(&o), 0);
	clirun_free(&o);
	strbuf_free(&sb);
	strbuf_free(&err);
}

/* (e) a share that cannot be used: said on stderr, and the call runs
 * unshared all the same. */
static void test_unusable_share(void **state)
{
	const char *file = sbt_fmt("%s/not-a-dir", top);
	const char *ro = fresh_dir("readonly");
	const char *dirs[2] = { NULL, NULL };
	struct cli_out o;
	int n = 1;

	(void)state;
	write_file(file, "x\n");
	dirs[0] = file;
	/* A directory this user cannot write (root writes anywhere). */
	if (geteuid() != 0) {
		assert_int_equal(chmod(ro, 0555), 0);
		dirs[n++] = ro;
	} else if (access("/proc/self", F_OK) == 0) {
		/* Root writes anywhere but in /proc. */
		dirs[n++] = "/proc";
	} else {
		sbt_note("running as root without /proc: the read-only directory case is skipped");
	}
	for (int i = 0; i < n; i++) {
		run(&o, (const char *[]){ "api", "customer/10001", NULL }, env_for(dirs[i], NULL));
		expect_status(&o, 0);
		assert_non_null(strstr(o.err, "routedesk api: share "));
		assert_non_null(strstr(o.err, dirs[i]));
		assert_non_null(strstr(o.err, "running unshared"));
		assert_int_equal(clirun_requests(&o), 1);
		assert_non_null(strstr(o.out, "\"success\":\ttrue"));
		clirun_free(&o);
	}
	/* A share whose flight/ cannot be used (a file put in its place):
	 * counted in the share, but the reads made alone, and said (it was
	 * silent). */
	{
		const char *sh = fresh_dir("noflight");
		struct dirent *e;
		DIR *d;

		run(&o, (const char *[]){ "api", "customer/10001", NULL }, env_for(sh, NULL));
		expect_status(&o, 0);
		assert_null(strstr(o.err, "not combined"));
		clirun_free(&o);
		d = opendir(sh);
		assert_non_null(d);
		while ((e = readdir(d)) && e->d_name[0] == '.')
			;
		assert_non_null(e);
		{
			const char *fl = sbt_fmt("%s/%s/flight", sh, e->d_name);

			assert_int_equal(system(sbt_fmt("rm -rf '%s'", fl)), 0);
			write_file(fl, "x\n");
		}
		closedir(d);
		run(&o, (const char *[]){ "api", "customer/10001", NULL }, env_for(sh, NULL));
		expect_status(&o, 0);
		assert_non_null(strstr(o.err, "identical reads are not combined: flight: not a directory"));
		assert_int_equal(clirun_requests(&o), 1);
		clirun_free(&o);
	}
	/* A share whose written/ cannot be used (a file put in its place;
	 * another user's chmod does the same: test_fetch_share): this call
	 * keeps nothing there, and runs on the share, its read counted with
	 * the office's (the whole share was refused: run unshared, counted
	 * apart). */
	{
		const char *sh = fresh_dir("nowritten");
		struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
		char *acct;

		first_read(env_for(sh, NULL));
		acct = account_dir(sh);
		assert_int_equal(rmdir(sbt_fmt("%s/written", acct)), 0);
		write_file(sbt_fmt("%s/written", acct), "x\n");
		run(&o, (const char *[]){ "api", "customer/10001", NULL }, env_for(sh, NULL));
		expect_status(&o, 0);
		assert_null(strstr(o.err, "unshared"));
		assert_int_equal(clirun_requests(&o), 1);
		clirun_free(&o);
		assert_int_equal(strbuf_read_file(counter_file(acct), 100, &sb, &err), 0);
		assert_string_equal(sb.buf, "2\n");
		strbuf_free(&sb);
		strbuf_free(&err);
	}
	/* A relative path is refused the same way. */
	run(&o, (const char *[]){ "api", "customer/10001", NULL }, env_for("share", NULL));
	expect_status(&o, 0);
	assert_non_null(strstr(o.err, "absolute"));
	assert_non_null(strstr(o.err, "running unshared"));
	clirun_free(&o);
}

/* Every file under path: no key, no token, modes 0660 (files) and 02770
 * (directories) below the share's top; *answers counts flight answers. */
static void check_tree(const char *path, int depth, int *answers)
{
	DIR *d = opendir(path);
	struct dirent *e;

	assert_non_null(d);
	while ((e = readdir(d))) {
		char *p;
		struct stat st;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		p = sbt_fmt("%s/%s", path, e->d_name);
		assert_int_equal(lstat(p, &st), 0);
		if (S_ISDIR(st.st_mode)) {
			assert_int_equal(st.st_mode & 07777, 02770);
			check_tree(p, depth + 1, answers);
		} else {
			struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;

			assert_true(S_ISREG(st.st_mode));
			assert_int_equal(st.st_mode & 07777, 0660);
			assert_int_equal(strbuf_read_file(p, 1 << 26, &sb, &err), 0);
			if (memmem(sb.buf ? sb.buf : "", sb.len, KEY, strlen(KEY)) ||
			    memmem(sb.buf ? sb.buf : "", sb.len, TOKEN, strlen(TOKEN)))
				fail_msg("%s holds a credential", p);
			if (strstr(p, "/flight/") && strstr(p, ".json")) {
				assert_non_null(strstr(sb.buf, "\"authenticationKey\":\"REDACTED\""));
				(*answers)++;
			}
			strbuf_free(&sb);
			strbuf_free(&err);
		}
	}
	closedir(d);
}

/* (f) no file of the shares above holds the key or the token, and all
 * have the group's permissions and no wider.  Runs last. */
static void test_share_holds_no_credential(void **state)
{
	static const char *const shares[] = { "a", "b", "c", "d", "d4", "e" };
	int answers = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(shares) / sizeof(shares[0]); i++)
		check_tree(sbt_fmt("%s/%s", top, shares[i]), 0, &answers);
	/* The reads above left answers (pruned only after some seconds, and
	 * only by a later flight): the check looked at some. */
	assert_true(answers > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_identical_reads_once),
		SBT_TEST(test_all_on_share),
		SBT_TEST(test_different_reads_not_merged),
		SBT_TEST(test_writes_never_merged),
		SBT_TEST(test_read_share_across_processes),
		SBT_TEST(test_unusable_counter_said),
		SBT_TEST(test_unsent_write_counts_no_read),
		SBT_TEST(test_emptied_counter_still_spent),
		SBT_TEST(test_unusable_share),
		SBT_TEST(test_share_holds_no_credential),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
