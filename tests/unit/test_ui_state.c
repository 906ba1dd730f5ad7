/* test_ui_state.c: the [ui] and [keys] settings, the saved state, history, script parsing. */
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

#include "common/strbuf.h"
#include "ui/base/action.h"
#include "ui/script.h"
#include "ui/base/state.h"

static const char *const panes[] = { "routes", "stops", "customers", "subscriptions", "tickets" };

static void test_config(void **state)
{
	struct ui_config c;
	struct strbuf err = STRBUF_INIT;

	(void)state;
	state_config_init(&c);
	assert_int_equal(c.refresh, 60);
	assert_int_equal(c.refresh_idle, 600);
	assert_null(c.office_hours);
	assert_int_equal(c.budget_reserve, 50);
	assert_int_equal(state_config_parse(
		"# accounts belong to the client\n"
		"[account acme]\n"
		"url = https://x/api\n"
		"refresh = banana\n"          /* not ours: skipped */
		"[ui]\n"
		"refresh = 30\n"
		"theme = \"light\"\n"
		"ascii = yes\n"
		"budget_reserve=200\n"
		"refresh_idle = 900\n"
		"office_hours = 07:00-18:00\n"
		"[keys]\n"
		"down = j C-n\n"
		"; a comment\n"
		"copy = none\n",
		"cfg", &c, &err), 0);
	assert_int_equal(c.refresh, 30);
	assert_string_equal(c.theme, "light");
	assert_int_equal(c.ascii, 1);
	assert_int_equal(c.glyphs, 1); /* the defaults */
	assert_int_equal(c.mouse, 1);
	assert_int_equal(c.preview, 1);
	assert_int_equal(c.budget_reserve, 200);
	assert_int_equal(c.refresh_idle, 900);
	assert_string_equal(c.office_hours, "07:00-18:00");
	assert_int_equal(c.n_keys, 2);
	assert_string_equal(c.key_names[0], "down");
	assert_string_equal(c.key_values[0], "j C-n");
	assert_int_equal(c.key_lines[0], 13);
	assert_string_equal(c.key_names[1], "copy");
	state_config_free(&c);

	state_config_init(&c);
	assert_int_equal(state_config_parse("[ui]\nglyphs = no\nmouse = no\npreview = off\n"
	                                    "full_bar = yes\n", "cfg", &c, &err), 0);
	assert_int_equal(c.full_bar, 1);
	assert_int_equal(c.glyphs, 0);
	assert_int_equal(c.mouse, 0);
	assert_int_equal(c.preview, 0);
	state_config_free(&c);

	state_config_init(&c);
	assert_int_equal(state_config_parse("[ui]\nrefresh = -5\n", "cfg", &c, &err), -1);
	assert_non_null(strstr(err.buf, "cfg:2: refresh must be a number from 0 to 86400"));
	strbuf_reset(&err);
	/* An unknown setting or section is a warning naming file and line:
	 * a typo must not keep the console from starting. */
	assert_int_equal(state_config_parse("[ui]\n\ncolour = red\n[account a]\nurl = u\nshre = /x\n"
	                                    "[acount b]\nurl = v\n", "cfg", &c, &err), 0);
	assert_non_null(strstr(c.warnings.buf, "cfg:3: unknown setting 'colour' in [ui] (ignored)\n"));
	assert_non_null(strstr(c.warnings.buf, "cfg:6: unknown setting 'shre' in [account a] (ignored)\n"));
	assert_non_null(strstr(c.warnings.buf, "cfg:7: unknown section [acount b] (ignored)\n"));
	assert_null(strstr(c.warnings.buf, "url"));
	assert_int_equal(err.len, 0);
	state_config_free(&c);
	/* share is an account's setting (it was warned about as unknown). */
	state_config_init(&c);
	assert_int_equal(state_config_parse("[account a]\nurl = u\nshare = /srv/office\n", "cfg", &c,
	                                    &err), 0);
	assert_true(c.warnings.len == 0);
	state_config_free(&c);
	state_config_init(&c);
	strbuf_reset(&err);
	assert_int_equal(state_config_parse("[ui]\nascii = perhaps\n", "cfg", &c, &err), -1);
	assert_non_null(strstr(err.buf, "ascii must be yes or no"));
	strbuf_reset(&err);
	assert_int_equal(state_config_parse("[keys]\ndown j\n", "cfg", &c, &err), -1);
	assert_non_null(strstr(err.buf, "cfg:2: expected NAME = VALUE"));
	strbuf_reset(&err);
	assert_int_equal(state_config_parse("[ui\n", "cfg", &c, &err), -1);
	assert_non_null(strstr(err.buf, "closing ']'"));
	state_config_free(&c);
	/* Other sections are the client library's: the console skips them. */
	state_config_init(&c);
	strbuf_reset(&err);
	assert_int_equal(state_config_parse("[account a]\nwords\n[ui] x\nrefresh = \"5\"\n", "cfg",
	                                    &c, &err), 0);
	assert_int_equal(c.refresh, 5);
	state_config_free(&c);
	strbuf_free(&err);
}

/* Each [keys] line of a config goes through keymap_bind as app does. */
static void test_config_keys_bind(void **state)
{
	struct ui_config c;
	struct strbuf err = STRBUF_INIT;
	struct keymap *km = keymap_new();

	(void)state;
	state_config_init(&c);
	assert_int_equal(state_config_parse("[keys]\nhelp = h F1\nquit = C-x\n", "cfg", &c, &err), 0);
	for (size_t i = 0; i < c.n_keys; i++)
		assert_int_equal(keymap_bind(km, c.key_names[i], c.key_values[i], &err), 0);
	assert_int_equal(keymap_action(km, 'h'), ACT_HELP);
	assert_int_equal(keymap_action(km, '?'), ACT_NONE);
	assert_int_equal(keymap_action(km, 24), ACT_QUIT);
	assert_int_equal(keymap_action(km, 'Q'), ACT_NONE);
	keymap_free(km);
	state_config_free(&c);
	strbuf_free(&err);
}

static void test_state_round_trip(void **state)
{
	struct ui_state s, back;
	struct strbuf text = STRBUF_INIT;

	(void)state;
	state_init(&s);
	snprintf(s.pane, sizeof(s.pane), "customers");
	snprintf(s.date, sizeof(s.date), "2026-11-20");
	snprintf(s.saved_on, sizeof(s.saved_on), "2026-11-19");
	s.filters[2] = strdup("smi\nth");
	s.filters[0] = strdup("Route 0");
	state_format(&s, panes, 5, &text);
	assert_non_null(strstr(text.buf, "filter.customers=smith\n"));
	state_init(&back);
	state_parse(text.buf, &back, panes, 5);
	assert_string_equal(back.pane, "customers");
	assert_string_equal(back.date, "2026-11-20");
	assert_string_equal(back.saved_on, "2026-11-19");
	assert_string_equal(back.filters[2], "smith");
	assert_string_equal(back.filters[0], "Route 0");
	assert_null(back.filters[1]);
	state_free(&back);
	/* Unknown and overlong keys are skipped, not fatal. */
	state_init(&back);
	state_parse("future=1\ndate=2026-11-20-and-more\nfilter.nowhere=x\npane=tickets\n", &back,
	            panes, 5);
	assert_string_equal(back.pane, "tickets");
	assert_string_equal(back.date, "");
	state_free(&back);
	state_free(&s);
	strbuf_free(&text);
}

static void test_state_files(void **state)
{
	char dir[] = "/tmp/test_ui_state.XXXXXX";
	struct ui_state s, back;
	struct strbuf err = STRBUF_INIT, path = STRBUF_INIT;
	char *lines[3] = { "cust smith", "view tickets", "date +1" }, **got;
	struct stat st;
	size_t n;

	(void)state;
	assert_non_null(mkdtemp(dir));
	setenv("XDG_STATE_HOME", dir, 1);
	state_init(&s);
	snprintf(s.pane, sizeof(s.pane), "routes");
	assert_int_equal(state_save(&s, panes, 5, &err), 0);
	strbuf_addf(&path, "%s/routedesk/state", dir);
	assert_int_equal(stat(path.buf, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	state_init(&back);
	assert_int_equal(state_load(&back, panes, 5, &err), 0);
	assert_string_equal(back.pane, "routes");
	state_history_save(lines, 3);
	n = state_history_load(&got, 2); /* keeps the newest */
	assert_int_equal(n, 2);
	assert_string_equal(got[0], "view tickets");
	assert_string_equal(got[1], "date +1");
	for (size_t i = 0; i < n; i++)
		free(got[i]);
	free(got);
	unlink(path.buf);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/routedesk/history", dir);
	unlink(path.buf);
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/routedesk", dir);
	rmdir(path.buf);
	rmdir(dir);
	state_free(&s);
	state_free(&back);
	strbuf_free(&err);
	strbuf_free(&path);
}

static void test_script_parse(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct script *s = script_parse("# comment\n\n  j  \nEnter\n\"smé\"\n:cust smith\n:save-display out.txt\nC-x\r\n",
	                                "t.script", &err);
	const struct script_step *st;

	(void)state;
	assert_non_null(s);
	st = script_next(s);
	assert_int_equal(st->kind, SCRIPT_KEYS);
	assert_int_equal(st->n_keys, 1);
	assert_int_equal(st->keys[0], 'j');
	assert_int_equal(st->line, 3);
	st = script_next(s);
	assert_int_equal(st->keys[0], '\n');
	st = script_next(s);
	assert_int_equal(st->n_keys, 3);
	assert_int_equal(st->keys[2], 0xe9);
	st = script_next(s);
	assert_int_equal(st->kind, SCRIPT_COMMAND);
	assert_string_equal(st->command, "cust smith");
	st = script_next(s);
	assert_string_equal(st->command, "save-display out.txt");
	st = script_next(s);
	assert_int_equal(st->keys[0], 24);
	assert_null(script_next(s));
	script_free(s);

	assert_null(script_parse("j\nDwn\n", "t.script", &err));
	assert_non_null(strstr(err.buf, "t.script:2: 'Dwn' is not a key name"));
	strbuf_reset(&err);
	assert_null(script_parse("\"\"\n", "t.script", &err));
	assert_non_null(strstr(err.buf, "t.script:1:"));
	strbuf_free(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config),
		cmocka_unit_test(test_config_keys_bind),
		cmocka_unit_test(test_state_round_trip),
		cmocka_unit_test(test_state_files),
		cmocka_unit_test(test_script_parse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
