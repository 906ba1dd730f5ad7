/* test_api_account.c: config sections, the permission refusal, token_command, env overrides. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "api/account.h"
#include "common/strbuf.h"

static char dir[] = "/tmp/test_api_account.XXXXXX";
static char path[512];

static int setup(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	if (!mkdtemp(dir))
		return -1;
	strbuf_addf(&sb, "%s/routedesk", dir);
	mkdir(sb.buf, 0700);
	snprintf(path, sizeof(path), "%s/routedesk/config", dir);
	strbuf_free(&sb);
	setenv("XDG_CONFIG_HOME", dir, 1);
	return 0;
}

static int teardown(void **state)
{
	char cmd[600];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Each test starts with no ROUTEDESK_* variables and no config file. */
static int clean(void **state)
{
	(void)state;
	unsetenv("ROUTEDESK_URL");
	unsetenv("ROUTEDESK_KEY");
	unsetenv("ROUTEDESK_TOKEN");
	unlink(path);
	return 0;
}

static void write_config(const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	assert_int_equal(chmod(path, mode), 0);
}

static const char two_accounts[] =
	"# routedesk configuration\n"
	"[ui]\n"
	"theme = mono\n"
	"\n"
	"[account acme]\n"
	"url = https://acme.example-vendor.com/api\n"
	"key =   0123abcd   \n"
	"token = \"s3cret\"\n"
	"rate = 30\n"
	"; a comment\n"
	"[account  test ]\n"
	"url=http://127.0.0.1:8080/api\n"
	"key=k2\n"
	"token_command = echo tok2\n"
	"search_cap = 500\n"
	"stall = 90\n";

static void test_parse_choose(void **state)
{
	struct api_account a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	api_account_init(&a);
	assert_int_equal(api_config_parse(two_accounts, "cfg", "acme", &a, &e), 0);
	assert_string_equal(a.name, "acme");
	assert_string_equal(a.url, "https://acme.example-vendor.com/api");
	assert_string_equal(a.key, "0123abcd");
	assert_string_equal(a.token, "s3cret");
	assert_null(a.token_command);
	assert_int_equal(a.rate, 30);
	assert_int_equal(a.search_cap, 0);
	assert_int_equal(a.stall, 0);
	api_account_free(&a);

	assert_int_equal(api_config_parse(two_accounts, "cfg", "test", &a, &e), 0);
	assert_string_equal(a.name, "test");
	assert_string_equal(a.key, "k2");
	assert_null(a.token);
	assert_string_equal(a.token_command, "echo tok2");
	assert_int_equal(a.rate, -1);
	assert_int_equal(a.search_cap, 500);
	assert_int_equal(a.stall, 90);
	api_account_free(&a);

	/* Two accounts and no choice: refused, naming them. */
	assert_int_equal(api_config_parse(two_accounts, "cfg", NULL, &a, &e), -1);
	assert_int_equal(e.kind, API_ERR_USAGE);
	assert_non_null(strstr(e.message, "acme, test"));
	assert_non_null(strstr(e.message, "--account"));
	api_error_clear(&e);

	assert_int_equal(api_config_parse(two_accounts, "cfg", "nope", &a, &e), -1);
	assert_non_null(strstr(e.message, "nope"));
	api_error_clear(&e);
	api_account_free(&a);

	/* A misspelt setting of any account is a warning naming file and
	 * line; share is a setting; other sections are other modules'. */
	assert_int_equal(api_config_parse("[account a]\nurl = u\nshare = /srv/x\ntokne = t\n"
	                                  "[ui]\ncolour = red\n[account b]\nrat = 5\n",
	                                  "cfg", "a", &a, &e), 0);
	assert_non_null(a.warnings);
	assert_non_null(strstr(a.warnings, "cfg:4: unknown setting 'tokne' in [account a] (ignored)\n"));
	assert_non_null(strstr(a.warnings, "cfg:8: unknown setting 'rat' in [account b] (ignored)\n"));
	assert_null(strstr(a.warnings, "share"));
	assert_null(strstr(a.warnings, "colour"));
	assert_string_equal(a.share, "/srv/x");
	api_account_free(&a);
	assert_int_equal(api_config_parse(two_accounts, "cfg", "acme", &a, &e), 0);
	assert_null(a.warnings);
	api_account_free(&a);
}

static void test_parse_default_and_only(void **state)
{
	struct api_account a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	api_account_init(&a);
	assert_int_equal(api_config_parse("[account x]\nkey=1\n[account default]\nkey=2\n", "c",
	                                  NULL, &a, &e), 0);
	assert_string_equal(a.name, "default");
	assert_string_equal(a.key, "2");
	api_account_free(&a);
	assert_int_equal(api_config_parse("[account solo]\nkey=1\n[other]\nkey=9\n", "c", NULL, &a,
	                                  &e), 0);
	assert_string_equal(a.name, "solo");
	assert_string_equal(a.key, "1");
	api_account_free(&a);
	assert_int_equal(api_config_parse("# nothing\n", "c", NULL, &a, &e), 0);
	assert_null(a.name);
	assert_null(a.key);
	api_account_free(&a);
}

static void test_parse_errors(void **state)
{
	static const char *const bad[] = {
		"[account a]\njust words\n",
		"[account a\nkey=1\n",
		"[account a] junk\n",
		"[account a]\nrate = fast\n",
		"[account a]\nrate = -1\n",
		"[account a]\nsearch_cap = 0\n",
		"[account a]\nstall = 0\n",
		"[account a]\nstall = 601\n",
		"[account a]\nstall = 30s\n",
		"[account a]\ntoken = t\ntoken_command = echo t\n",
		"[account a]\nurl = u\n[account b]\n[account  a ]\nkey = k\n",
	};
	struct api_account a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		api_account_init(&a);
		assert_int_equal(api_config_parse(bad[i], "cfg", "a", &a, &e), -1);
		assert_int_equal(e.kind, API_ERR_USAGE);
		assert_non_null(strstr(e.message, "cfg"));
		api_error_clear(&e);
		api_account_free(&a);
	}
}

/* A section repeated: which one's settings count would be a guess, and
 * "several accounts (main, main)" sent the user to --account main, which
 * cannot help (an install audit's finding).  Named with both lines. */
static void test_repeated_section(void **state)
{
	struct api_account a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	api_account_init(&a);
	assert_int_equal(api_config_parse("[account main]\nurl = u\n\n[account main]\nkey = k\n",
	                                  "cfg", NULL, &a, &e), -1);
	assert_int_equal(e.kind, API_ERR_USAGE);
	assert_string_equal(e.message, "cfg:4: [account main] again (the first is at line 1): "
	                               "keep one section per account");
	api_error_clear(&e);
	api_account_free(&a);
}

static void test_mode_check(void **state)
{
	struct api_error e = API_ERROR_INIT;

	(void)state;
	assert_int_equal(api_config_check_mode("/x/config", 0100600, &e), 0);
	assert_int_equal(api_config_check_mode("/x/config", 0100400, &e), 0);
	assert_int_equal(api_config_check_mode("/x/config", 0100640, &e), -1);
	assert_non_null(strstr(e.message, "chmod 600 /x/config"));
	api_error_clear(&e);
	assert_int_equal(api_config_check_mode("/x/config", 0100604, &e), -1);
	api_error_clear(&e);
}

/* A file of credentials must be the user's own and writable only by the
 * user: whoever can change it changes the token or the command run for
 * one. */
static void test_owner_and_write_check(void **state)
{
	struct api_error e = API_ERROR_INIT;

	(void)state;
	assert_int_equal(api_config_check_file("/x/config", 0100600, 1000, 1000, &e), 0);
	assert_int_equal(api_config_check_file("/x/config", 0100644, 1000, 1000, &e), 0);
	assert_int_equal(api_config_check_file("/x/config", 0100600, 0, 1000, &e), -1);
	assert_non_null(strstr(e.message, "another user"));
	api_error_clear(&e);
	assert_int_equal(api_config_check_file("/x/config", 0100620, 1000, 1000, &e), -1);
	assert_non_null(strstr(e.message, "chmod 600 /x/config"));
	api_error_clear(&e);
	assert_int_equal(api_config_check_file("/x/config", 0100602, 1000, 1000, &e), -1);
	api_error_clear(&e);
}

static void test_load_refuses_writable_command(void **state)
{
	struct api_account a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	/* Readable by others is fine for a token_command, writable is not. */
	write_config("[account a]\nurl=http://h/api\nkey=k\ntoken_command = echo t\n", 0666);
	assert_int_equal(api_config_load(NULL, &a, &e), -1);
	assert_non_null(strstr(e.message, "other users can change it"));
	api_error_clear(&e);
	write_config("[account a]\nurl=http://h/api\nkey=k\ntoken=t\n", 0620);
	assert_int_equal(api_config_load(NULL, &a, &e), -1);
	assert_non_null(strstr(e.message, "other users can change it"));
	api_error_clear(&e);
	/* Nor with no credential at all: the URL (the environment's key and
	 * token go there) and [notify] command are the user's to choose.  An
	 * install audit had a 0666 config's notify command run as the
	 * dispatcher. */
	write_config("[account a]\nurl=http://h/api\nkey=k\n[notify]\ncommand = id\n", 0666);
	assert_int_equal(api_config_load(NULL, &a, &e), -1);
	assert_non_null(strstr(e.message, "other users can change it"));
	api_error_clear(&e);
	write_config("[account a]\nurl=http://h/api\nkey=k\n", 0620);
	assert_int_equal(api_config_load(NULL, &a, &e), -1);
	api_error_clear(&e);
	/* Readable by others is fine without a token. */
	write_config("[account a]\nurl=http://h/api\nkey=k\n[notify]\ncommand = id\n", 0644);
	assert_int_equal(api_config_load(NULL, &a, &e), 0);
	api_account_free(&a);
}

static void test_load_refuses_readable_token(void **state)
{
	struct api_account a;
	struct api_error e = API_ERROR_INIT;
	char fix[600];

	(void)state;
	write_config("[account a]\nurl=http://h/api\nkey=k\ntoken=t\n", 0644);
	assert_int_equal(api_config_load(NULL, &a, &e), -1);
	assert_int_equal(e.kind, API_ERR_USAGE);
	snprintf(fix, sizeof(fix), "chmod 600 %s", path);
	assert_non_null(strstr(e.message, fix));
	assert_null(strstr(e.message, "=t")); /* never echoes the token */
	api_error_clear(&e);
	/* Whatever white space the parser trims before a name, the check
	 * sees the token line too (a form feed or vertical tab got past). */
	write_config("[account a]\nurl=http://h/api\nkey=k\n\ftoken=t\n", 0644);
	assert_int_equal(api_config_load(NULL, &a, &e), -1);
	assert_non_null(strstr(e.message, fix));
	api_error_clear(&e);
	write_config("[account a]\nurl=http://h/api\nkey=k\n\v token\r = t\n", 0644);
	assert_int_equal(api_config_load(NULL, &a, &e), -1);
	assert_non_null(strstr(e.message, fix));
	api_error_clear(&e);
	/* Fixed as told, it loads. */
	assert_int_equal(chmod(path, 0600), 0);
	assert_int_equal(api_config_load(NULL, &a, &e), 0);
	assert_string_equal(a.token, "t");
	assert_non_null(strstr(a.path, "routedesk/config"));
	api_account_free(&a);
}

static void test_load_token_command_readable_is_fine(void **state)
{
	struct api_account a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	/* No literal token in the file: readable by others is allowed, and
	 * the command's first line, trimmed, is the token. */
	write_config("[account a]\nurl = http://h/api \nkey= \tk \ntoken_command = printf '  tok  \\nsecond\\n'\n",
	             0644);
	assert_int_equal(api_config_load("a", &a, &e), 0);
	assert_string_equal(a.token, "tok");
	assert_string_equal(a.key, "k");
	assert_string_equal(a.url, "http://h/api");
	api_account_free(&a);

	/* A slow command is said on stderr, once, and still read. */
	{
		char errpath[] = "/tmp/test_api_account_err.XXXXXX";
		int fd = mkstemp(errpath), saved = dup(2);
		struct strbuf said = STRBUF_INIT, why = STRBUF_INIT;

		assert_true(fd >= 0 && saved >= 0);
		dup2(fd, 2);
		write_config("[account a]\ntoken_command = sleep 1.5; echo slow\n", 0600);
		assert_int_equal(api_config_load("a", &a, &e), 0);
		dup2(saved, 2);
		close(saved);
		close(fd);
		assert_string_equal(a.token, "slow");
		api_account_free(&a);
		assert_int_equal(strbuf_read_file(errpath, 4096, &said, &why), 0);
		assert_non_null(strstr(strbuf_str(&said), "waiting for token_command"));
		assert_null(strstr(strbuf_str(&said), "slow")); /* never the token */
		unlink(errpath);
		strbuf_free(&said);
		strbuf_free(&why);
	}
	write_config("[account a]\ntoken_command = exit 3\n", 0600);
	assert_int_equal(api_config_load("a", &a, &e), -1);
	assert_non_null(strstr(e.message, "token_command failed"));
	api_error_clear(&e);
	write_config("[account a]\ntoken_command = true\n", 0600);
	assert_int_equal(api_config_load("a", &a, &e), -1);
	assert_non_null(strstr(e.message, "no token"));
	api_error_clear(&e);
}

static void test_env_overrides(void **state)
{
	struct api_account a;
	struct api_error e = API_ERROR_INIT;
	char marker[600], cfg[1400];

	(void)state;
	snprintf(marker, sizeof(marker), "%s/ran", dir);
	unlink(marker);
	snprintf(cfg, sizeof(cfg), "[account a]\nurl=http://file/api\nkey=filekey\n"
	         "token_command = touch %s; echo filetoken\n", marker);
	write_config(cfg, 0600);
	setenv("ROUTEDESK_URL", " http://env/api ", 1);
	setenv("ROUTEDESK_KEY", "\tenvkey\n", 1);
	setenv("ROUTEDESK_TOKEN", " envtoken ", 1);
	assert_int_equal(api_config_load(NULL, &a, &e), 0);
	assert_string_equal(a.url, "http://env/api");
	assert_string_equal(a.key, "envkey");
	assert_string_equal(a.token, "envtoken");
	/* With a token from the environment the command is never run. */
	assert_int_equal(access(marker, F_OK), -1);
	api_account_free(&a);
	/* A blank variable does not override. */
	setenv("ROUTEDESK_KEY", "  ", 1);
	unsetenv("ROUTEDESK_TOKEN");
	assert_int_equal(api_config_load(NULL, &a, &e), 0);
	assert_string_equal(a.key, "filekey");
	assert_string_equal(a.token, "filetoken");
	assert_int_equal(access(marker, F_OK), 0);
	api_account_free(&a);
}

/* A url the client cannot use is refused where it was read, before
 * token_command runs: the file and line, or ROUTEDESK_URL; never the
 * value (a token pasted on the url line would be shown).  Before, the
 * client said only "API URL must start with https://", naming neither,
 * after running the command (an install audit's finding). */
static void test_bad_url_named_where_set(void **state)
{
	struct api_account a;
	struct api_error e = API_ERROR_INIT;
	char want[600], marker[600], cfg[1400];

	(void)state;
	snprintf(marker, sizeof(marker), "%s/ran", dir);
	unlink(marker);
	snprintf(cfg, sizeof(cfg), "[account a]\n# the office's\nurl = acme.example-vendor.com/api\n"
	         "key=k\ntoken_command = touch %s; echo t\n", marker);
	write_config(cfg, 0600);
	assert_int_equal(api_config_load(NULL, &a, &e), -1);
	assert_int_equal(e.kind, API_ERR_USAGE);
	snprintf(want, sizeof(want), "%s:3: url must start with https://", path);
	assert_non_null(strstr(e.message, want));
	assert_null(strstr(e.message, "acme"));
	assert_int_equal(access(marker, F_OK), -1);
	api_error_clear(&e);
	/* The variable overrides the file, good or bad, and is named. */
	setenv("ROUTEDESK_URL", "https://env.example/api", 1);
	assert_int_equal(api_config_load(NULL, &a, &e), 0);
	assert_string_equal(a.url, "https://env.example/api");
	api_account_free(&a);
	write_config("[account a]\nurl = https://acme.example-vendor.com/api\nkey=k\n", 0600);
	setenv("ROUTEDESK_URL", "s3cr3t-token", 1);
	assert_int_equal(api_config_load(NULL, &a, &e), -1);
	assert_non_null(strstr(e.message, "ROUTEDESK_URL must start with https://"));
	assert_null(strstr(e.message, "s3cr3t"));
	api_error_clear(&e);
}

static void test_no_file(void **state)
{
	struct api_account a;
	struct api_error e = API_ERROR_INIT;

	(void)state;
	setenv("ROUTEDESK_URL", "http://env/api", 1);
	assert_int_equal(api_config_load(NULL, &a, &e), 0);
	assert_null(a.path);
	assert_string_equal(a.url, "http://env/api");
	assert_null(a.key);
	api_account_free(&a);
	/* Naming an account without a file is an error. */
	assert_int_equal(api_config_load("acme", &a, &e), -1);
	assert_non_null(strstr(e.message, "acme"));
	api_error_clear(&e);
}

static void test_config_path(void **state)
{
	char *p;

	(void)state;
	p = api_config_path();
	assert_string_equal(p, path);
	free(p);
	setenv("XDG_CONFIG_HOME", "relative/dir", 1);
	setenv("HOME", "/home/someone", 1);
	p = api_config_path();
	assert_string_equal(p, "/home/someone/.config/routedesk/config");
	free(p);
	setenv("XDG_CONFIG_HOME", dir, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_parse_choose, clean),
		cmocka_unit_test_setup(test_parse_default_and_only, clean),
		cmocka_unit_test_setup(test_parse_errors, clean),
		cmocka_unit_test_setup(test_repeated_section, clean),
		cmocka_unit_test_setup(test_mode_check, clean),
		cmocka_unit_test_setup(test_owner_and_write_check, clean),
		cmocka_unit_test_setup(test_load_refuses_writable_command, clean),
		cmocka_unit_test_setup(test_load_refuses_readable_token, clean),
		cmocka_unit_test_setup(test_load_token_command_readable_is_fine, clean),
		cmocka_unit_test_setup(test_env_overrides, clean),
		cmocka_unit_test_setup(test_bad_url_named_where_set, clean),
		cmocka_unit_test_setup(test_no_file, clean),
		cmocka_unit_test_setup(test_config_path, clean),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
