/* test_cli_lists.c: `routedesk api --list-operations` and `--list-parameters PATH` against the resource table, with no account and no request. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <cmocka.h>

#include "apitest.h"
#include "common/resources.h"
#include "common/strbuf.h"

/* No config file, no credentials but a URL nobody listens on: the lists
 * must need neither, and a request would show in the trace. */
static char xdg[200], home[200], dir[] = "/tmp/test_cli_lists.XXXXXX";
static const char *const env[] = { xdg, home, "ROUTEDESK_URL=http://127.0.0.1:1/api", NULL };

static int setup(void **state)
{
	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(xdg, sizeof(xdg), "XDG_CONFIG_HOME=%s", dir);
	snprintf(home, sizeof(home), "HOME=%s", dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return rmdir(dir);
}

/* Runs routedesk with args; nothing may have been sent. */
static void run(struct cli_out *o, const char *const *args)
{
	clirun(o, args, env, 1);
	assert_int_equal(clirun_requests(o), 0);
}

static void expect_status(const struct cli_out *o, int status)
{
	if (o->status != status)
		fail_msg("exit %d, not %d; stderr: %s", o->status, status, o->err);
}

/* The lines of text, each malloc'd without its newline (lines_free);
 * *n gets their count.  Text that is not empty must end with a newline. */
static char **lines_of(const char *text, size_t *n)
{
	char **v = NULL;
	size_t cap = 0;

	*n = 0;
	for (const char *l = text; *l;) {
		const char *nl = strchr(l, '\n');

		assert_non_null(nl);
		if (*n == cap) {
			cap = cap ? 2 * cap : 64;
			v = xrealloc(v, cap * sizeof(*v));
		}
		v[(*n)++] = xstrndup(l, (size_t)(nl - l));
		l = nl + 1;
	}
	return v;
}

static void lines_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static int has_line(char **v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i], s) == 0)
			return 1;
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The operations the table allows, worked out here from its rows. */
static char **table_operations(size_t *n)
{
	static const struct {
		unsigned op;
		const char *action;
	} ops[] = { { OP_SEARCH, "search" }, { OP_GET, "get" }, { OP_CREATE, "create" },
	            { OP_UPDATE, "update" } };
	char **v = xcalloc(1000, sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < res_count; i++) {
		const struct resource *r = &res_table[i];
		struct strbuf sb = STRBUF_INIT;

		for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
			if (!(r->ops & ops[k].op))
				continue;
			strbuf_addf(&sb, "%s/%s", r->name, ops[k].action);
			v[(*n)++] = strbuf_detach(&sb, NULL);
		}
		for (size_t k = 0; k < r->n_specials; k++) {
			strbuf_addf(&sb, "%s/%s", r->name, r->specials[k].action);
			v[(*n)++] = strbuf_detach(&sb, NULL);
		}
	}
	qsort(v, *n, sizeof(*v), by_name);
	return v;
}

static void test_list_operations(void **state)
{
	struct cli_out o;
	char **got, **want;
	size_t n_got, n_want;

	(void)state;
	run(&o, (const char *[]){ "api", "--list-operations", NULL });
	expect_status(&o, 0);
	assert_string_equal(o.err, "");
	got = lines_of(o.out, &n_got);
	want = table_operations(&n_want);
	/* Sorted (strcmp), each once, and exactly the table's. */
	for (size_t i = 1; i < n_got; i++)
		if (strcmp(got[i - 1], got[i]) >= 0)
			fail_msg("not sorted or repeated: %s, then %s", got[i - 1], got[i]);
	for (size_t i = 0; i < n_want; i++)
		if (!has_line(got, n_got, want[i]))
			fail_msg("%s is missing", want[i]);
	assert_int_equal(n_got, n_want);
	/* The usual ones, and neither by-id forms nor internal tables. */
	assert_true(has_line(got, n_got, "customer/search"));
	assert_true(has_line(got, n_got, "customer/get"));
	assert_true(has_line(got, n_got, "customer/create"));
	assert_true(has_line(got, n_got, "customer/update"));
	assert_true(has_line(got, n_got, "ticket/setAddOns"));
	assert_true(has_line(got, n_got, "review/summary"));
	/* What the live service adds beyond the specification (issue 13). */
	static const char *const extras[] = { "office/search", "office/get", "spot/search",
		"spot/get", "spot/reserve", "spot/release", "spot/block", "spot/unblock",
		"appointment/create", "appointment/update", "appointment/cancel",
		"appointment/complete", "task/search", "task/create", "customerFlag/get",
		"cancellationReason/get", "customerSource/get", "appointmentRescheduleReason/get",
		"reserviceReason/search", NULL };
	for (size_t i = 0; extras[i]; i++)
		if (!has_line(got, n_got, extras[i]))
			fail_msg("--list-operations lacks %s", extras[i]);
	assert_false(has_line(got, n_got, "region/create"));
	for (size_t i = 0; i < n_got; i++) {
		assert_null(strpbrk(got[i], "{}0123456789"));
		assert_true(strncmp(got[i], "ticketItem/", 11) != 0);
	}
	lines_free(got, n_got);
	lines_free(want, n_want);
	clirun_free(&o);
	/* Through the console's --account too: the account is not read. */
	run(&o, (const char *[]){ "--account", "nosuch", "api", "--list-operations", NULL });
	expect_status(&o, 0);
	assert_non_null(strstr(o.out, "\ncustomer/search\n"));
	clirun_free(&o);
}

/* --list-parameters PATH as lines, exit status 0 expected. */
static char **params(const char *path, size_t *n)
{
	struct cli_out o;
	char **v;

	run(&o, (const char *[]){ "api", "--list-parameters", path, NULL });
	expect_status(&o, 0);
	assert_string_equal(o.err, "");
	v = lines_of(o.out, n);
	clirun_free(&o);
	for (size_t i = 0; i < *n; i++)
		for (size_t j = i + 1; j < *n; j++)
			if (strcmp(v[i], v[j]) == 0)
				fail_msg("%s: %s twice", path, v[i]);
	return v;
}

/* Every operation listed has its names, as the table has them. */
static void test_every_operation(void **state)
{
	char **ops;
	size_t n_ops;

	(void)state;
	ops = table_operations(&n_ops);
	for (size_t i = 0; i < n_ops; i++) {
		const char *slash = strchr(ops[i], '/'), *action = slash + 1;
		char *entity = xstrndup(ops[i], (size_t)(slash - ops[i]));
		const struct resource *r = res_find(entity);
		const struct res_special *sp = res_special_find(r, action);
		size_t n;
		char **v = params(ops[i], &n);

		assert_non_null(r);
		if (strcmp(action, "search") == 0) {
			for (size_t k = 0; k < r->n_filters; k++)
				assert_true(has_line(v, n, r->filters[k].name));
			assert_true(has_line(v, n, "includeData"));
			assert_true(has_line(v, n, r->id_name));
		} else if (strcmp(action, "get") == 0) {
			assert_string_equal(v[0], r->get_param);
			for (const char *const *g = r->get_flags; g && *g; g++)
				assert_true(has_line(v, n, *g));
		} else if (strcmp(action, "create") == 0 || strcmp(action, "update") == 0) {
			unsigned want = action[0] == 'c' ? RP_CREATE : RP_UPDATE;
			size_t n_want = 0;

			if (want == RP_UPDATE) {
				assert_string_equal(v[0], r->update_key);
				n_want++;
			}
			for (size_t k = 0; k < r->n_params; k++) {
				if (r->params[k].flags & want) {
					assert_true(has_line(v, n, r->params[k].name));
					n_want++;
				}
			}
			assert_int_equal(n, n_want);
		} else {
			assert_non_null(sp);
			/* The record's key first, by the name writes give it
			 * (note/delete's contactID), when the table lists any. */
			assert_int_equal(n, sp->n_params ? sp->n_params + 1 : 0);
			if (sp->n_params)
				assert_string_equal(v[0], r->update_key ? r->update_key : r->pk);
			for (size_t k = 0; k < sp->n_params; k++)
				assert_string_equal(v[k + 1], sp->params[k].name);
		}
		lines_free(v, n);
		free(entity);
	}
	lines_free(ops, n_ops);
}

static void test_parameters(void **state)
{
	struct cli_out o;
	char **v;
	size_t n;

	(void)state;
	v = params("customer/search", &n);
	assert_true(has_line(v, n, "lname"));
	assert_true(has_line(v, n, "dateUpdatedStart"));
	assert_true(has_line(v, n, "includeData"));
	assert_false(has_line(v, n, "includeSubscriptions"));
	lines_free(v, n);
	/* The get id parameter in both spellings the service takes. */
	v = params("applicationMethod/get", &n);
	assert_true(has_line(v, n, "applciationMethodIDs"));
	assert_true(has_line(v, n, "applicationMethodIDs"));
	lines_free(v, n);
	/* A note is created with contactType and its customer, updated by
	 * contactID, which comes first as the client sends it. */
	v = params("note/create", &n);
	assert_true(has_line(v, n, "contactType"));
	assert_true(has_line(v, n, "customerID"));
	assert_false(has_line(v, n, "contactID"));
	lines_free(v, n);
	v = params("note/update", &n);
	assert_string_equal(v[0], "contactID");
	/* Live's note/update moves a note to another customer (issue 13; it
	 * was not offered before). */
	assert_true(has_line(v, n, "customerID"));
	lines_free(v, n);
	/* By-id: ENTITY/ID takes the get flags, and only them. */
	v = params("customer/10000", &n);
	assert_true(has_line(v, n, "includeSubscriptions"));
	assert_false(has_line(v, n, "customerIDs"));
	lines_free(v, n);
	v = params("region/10000", &n);
	assert_int_equal(n, 0);
	lines_free(v, n);
	/* A leading slash, as routedesk api takes PATH, and --opt=PATH. */
	v = params("/customer/search", &n);
	assert_true(has_line(v, n, "lname"));
	lines_free(v, n);
	run(&o, (const char *[]){ "api", "--list-parameters=ticket/search", NULL });
	expect_status(&o, 0);
	assert_non_null(strstr(o.out, "includeData\n"));
	clirun_free(&o);
}

static void test_usage(void **state)
{
	static const char *const bad[] = {
		"customer/frobnicate", "nosuch/search", "region/create", "ticketItem/get",
		"customer", "customer/", "customer/12x", "/", "review/create",
	};
	struct cli_out o;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		run(&o, (const char *[]){ "api", "--list-parameters", bad[i], NULL });
		expect_status(&o, 2);
		assert_string_equal(o.out, "");
		assert_non_null(strstr(o.err, "--list-operations"));
		clirun_free(&o);
	}
	run(&o, (const char *[]){ "api", "--list-parameters", "nosuch/search", NULL });
	assert_non_null(strstr(o.err, "nosuch/search is not an operation"));
	clirun_free(&o);
	/* Control characters in PATH are shown, never sent to the terminal. */
	run(&o, (const char *[]){ "api", "--list-parameters", "x/\033[2J", NULL });
	expect_status(&o, 2);
	assert_null(strchr(o.err, '\033'));
	clirun_free(&o);
	/* A missing PATH, and arguments that would be ignored. */
	run(&o, (const char *[]){ "api", "--list-parameters", NULL });
	expect_status(&o, 2);
	assert_non_null(strstr(o.err, "--list-parameters needs a value"));
	clirun_free(&o);
	run(&o, (const char *[]){ "api", "--list-operations", "customer/search", NULL });
	expect_status(&o, 2);
	clirun_free(&o);
	run(&o, (const char *[]){ "api", "--list-parameters", "customer/search", "lname=x", NULL });
	expect_status(&o, 2);
	clirun_free(&o);
	run(&o, (const char *[]){ "api", "--list-operations", "--list-parameters",
	                          "customer/search", NULL });
	expect_status(&o, 2);
	clirun_free(&o);
	run(&o, (const char *[]){ "api", "--list-operations=x", NULL });
	expect_status(&o, 2);
	clirun_free(&o);
	/* --help lists both, and says how a by-id PATH is written. */
	run(&o, (const char *[]){ "api", "--help", NULL });
	expect_status(&o, 0);
	assert_non_null(strstr(o.out, "\n  --list-operations "));
	assert_non_null(strstr(o.out, "\n  --list-parameters PATH\n"));
	assert_non_null(strstr(o.out, "ENTITY/ID"));
	clirun_free(&o);
}

/* Runs "PROGRAM WORDS >/dev/full" and checks it exits status, saying it
 * could not write its output. */
static void expect_full_fails(const char *program, const char *words, int status)
{
	char cmd[1400], errfile[300], text[4096];
	FILE *f;
	size_t n;
	int st;

	snprintf(errfile, sizeof(errfile), "%s/err", dir);
	snprintf(cmd, sizeof(cmd), "'%s' %s >/dev/full 2>'%s'", program, words, errfile);
	st = system(cmd);
	assert_true(WIFEXITED(st));
	f = fopen(errfile, "r");
	assert_non_null(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	unlink(errfile);
	if (WEXITSTATUS(st) != status || !strstr(text, "cannot write the output"))
		fail_msg("%s: exit %d (not %d), stderr \"%s\"", cmd, WEXITSTATUS(st), status, text);
}

/* What needs no request is still output: on a full disk (or a file
 * system that refuses) it must fail as any other output does, exit 3 and
 * the reason said, not 0 with nothing written.  --help and --version were
 * 0 into /dev/full.  So were the console's and the sandbox's, which exit
 * 1 (their failure). */
static void test_stdout_full(void **state)
{
	static const char *const words[] = { "--help", "--version" };
	const char *top = getenv("top_builddir");
	char sandbox[600];

	(void)state;
	if (access("/dev/full", W_OK) != 0)
		skip();
	snprintf(sandbox, sizeof(sandbox), "%s/routedesk-sandbox", top && *top ? top : ".");
	expect_full_fails(clirun_program(), "api --list-operations", 3);
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		char api[40];

		snprintf(api, sizeof(api), "api %s", words[i]);
		expect_full_fails(clirun_program(), api, 3);
		expect_full_fails(clirun_program(), words[i], 1);
		expect_full_fails(sandbox, words[i], 1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_list_operations),
		cmocka_unit_test(test_every_operation),
		cmocka_unit_test(test_parameters),
		cmocka_unit_test(test_usage),
		cmocka_unit_test(test_stdout_full),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
