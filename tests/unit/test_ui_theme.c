/* test_ui_theme.c: theme files: the shipped ones parse, errors name the line, colours fit. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/strbuf.h"
#include "ui/base/state.h"
#include "ui/theme/theme.h"

static const char *const shipped[] = { "default", "light", "mono", "colorblind" };

static int setup(void **state)
{
	(void)state;
	/* The source tree's themes, whatever is installed. */
	setenv("ROUTEDESK_THEME_PATH", THEME_SRCDIR, 1);
	setenv("XDG_CONFIG_HOME", "/nonexistent-routedesk-test", 1);
	return 0;
}

static void test_shipped_themes_parse(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(shipped) / sizeof(shipped[0]); i++) {
		struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, err = STRBUF_INIT;
		struct theme t;

		strbuf_addf(&path, "%s/%s.theme", THEME_SRCDIR, shipped[i]);
		assert_int_equal(strbuf_read_file(path.buf, 65536, &text, &err), 0);
		theme_default(&t);
		if (theme_parse(&t, text.buf, path.buf, &err) < 0)
			fail_msg("%s", err.buf);
		/* Loading by name finds the same file. */
		assert_int_equal(theme_load(&t, shipped[i], &err), 0);
		assert_string_equal(t.name, shipped[i]);
		strbuf_free(&path);
		strbuf_free(&text);
		strbuf_free(&err);
	}
}

/* Every element of the table is styled by every shipped theme: a new
 * element must not be forgotten in one of them. */
static void test_shipped_themes_are_complete(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(shipped) / sizeof(shipped[0]); i++) {
		struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, err = STRBUF_INIT;

		strbuf_addf(&path, "%s/%s.theme", THEME_SRCDIR, shipped[i]);
		assert_int_equal(strbuf_read_file(path.buf, 65536, &text, &err), 0);
		for (int e = 0; e < TE_COUNT; e++) {
			struct strbuf needle = STRBUF_INIT;

			strbuf_addf(&needle, "color %s ", theme_elem_name(e));
			if (!strstr(text.buf, needle.buf))
				fail_msg("%s.theme lacks %s", shipped[i], theme_elem_name(e));
			strbuf_free(&needle);
		}
		strbuf_free(&path);
		strbuf_free(&text);
		strbuf_free(&err);
	}
}

static void test_default_file_matches_builtin(void **state)
{
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, err = STRBUF_INIT;
	struct theme builtin, file;

	(void)state;
	theme_default(&builtin);
	/* Parsed over nothing but defaults, so each element comes from the file. */
	theme_default(&file);
	for (int e = 0; e < TE_COUNT; e++) {
		file.s[e].fg = 99;
		file.s[e].bg = 99;
		file.s[e].attrs = 0;
		file.s[e].attrs_given = 0;
	}
	strbuf_addf(&path, "%s/default.theme", THEME_SRCDIR);
	assert_int_equal(strbuf_read_file(path.buf, 65536, &text, &err), 0);
	assert_int_equal(theme_parse(&file, text.buf, path.buf, &err), 0);
	for (int e = 0; e < TE_COUNT; e++) {
		assert_int_equal(file.s[e].fg, builtin.s[e].fg);
		assert_int_equal(file.s[e].bg, builtin.s[e].bg);
		assert_int_equal(file.s[e].attrs, builtin.s[e].attrs);
	}
	strbuf_free(&path);
	strbuf_free(&text);
	strbuf_free(&err);
}

static void expect_error(const char *text, const char *message)
{
	struct strbuf err = STRBUF_INIT;
	struct theme t, before;

	theme_default(&t);
	before = t;
	assert_int_equal(theme_parse(&t, text, "x.theme", &err), -1);
	if (!strstr(err.buf, message))
		fail_msg("'%s' not in '%s'", message, err.buf);
	/* A bad file changes nothing. */
	assert_memory_equal(&t, &before, sizeof(t));
	strbuf_free(&err);
}

static void test_parse_errors(void **state)
{
	(void)state;
	expect_error("color normal red default\ncolour done green default\n", "x.theme:2: unknown keyword 'colour'");
	expect_error("color nosuch red default\n", "x.theme:1: unknown element 'nosuch'");
	expect_error("# c\n\ncolor done grean default\n", "x.theme:3: bad colour 'grean'");
	expect_error("color done green 256\n", "bad colour '256'");
	expect_error("color done green -1\n", "bad colour '-1'");
	expect_error("color done green\n", "x.theme:1: expected 'color ELEMENT FG BG");
	expect_error("color done green default blod\n", "unknown attribute 'blod'");
}

static void test_parse_values(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct theme t;
	short c;

	(void)state;
	theme_default(&t);
	assert_int_equal(theme_parse(&t,
	                             "  # comment\n"
	                             "color done bright-green 17 bold underline # trailing\n"
	                             "color alert 255 default normal\r\n",
	                             "t", &err), 0);
	assert_int_equal(t.s[TE_DONE].fg, 10);
	assert_int_equal(t.s[TE_DONE].bg, 17);
	assert_int_equal(t.s[TE_DONE].attrs, TA_BOLD | TA_UNDERLINE);
	assert_int_equal(t.s[TE_ALERT].fg, 255);
	assert_int_equal(t.s[TE_ALERT].bg, THEME_DEFAULT_COLOR);
	assert_int_equal(t.s[TE_ALERT].attrs, 0);
	assert_true(t.s[TE_ALERT].attrs_given);
	/* Untouched elements keep the default theme's values. */
	assert_int_equal(t.s[TE_HEADER].bg, COLOR_BLUE);
	assert_int_equal(theme_parse_color("Magenta", &c), 0);
	assert_int_equal(c, 5);
	assert_int_equal(theme_parse_color("brightwhite", &c), 0);
	assert_int_equal(c, 15);
	assert_int_equal(theme_parse_color("0", &c), 0);
	assert_int_equal(c, 0);
	assert_int_equal(theme_parse_color("0x10", &c), -1);
	assert_int_equal(theme_parse_color("", &c), -1);
	strbuf_free(&err);
}

static void test_view_styles_are_elements(void **state)
{
	(void)state;
	/* view.h's styles index the element table directly. */
	assert_string_equal(theme_elem_name(VS_MONEY_DUE), "money_due");
	assert_string_equal(theme_elem_name(VS_NOSHOW), "noshow");
	assert_string_equal(theme_elem_name(VS_LOADING), "loading");
	assert_int_equal(theme_elem_lookup("selected"), TE_SELECTED);
	assert_null(theme_elem_name(TE_COUNT));
	assert_int_equal(theme_elem_lookup("nope"), -1);
}

static void test_color_fit(void **state)
{
	(void)state;
	assert_int_equal(theme_color_fit(200, 256), 200);
	assert_int_equal(theme_color_fit(THEME_DEFAULT_COLOR, 8), THEME_DEFAULT_COLOR);
	assert_int_equal(theme_color_fit(9, 8), 1);
	assert_int_equal(theme_color_fit(15, 8), 7);
	assert_int_equal(theme_color_fit(16, 8), COLOR_BLACK);   /* cube black */
	assert_int_equal(theme_color_fit(231, 8), COLOR_WHITE);  /* cube white */
	assert_int_equal(theme_color_fit(196, 8), COLOR_RED);    /* pure red */
	assert_int_equal(theme_color_fit(21, 8), COLOR_BLUE);    /* pure blue */
	assert_int_equal(theme_color_fit(232, 8), COLOR_BLACK);  /* darkest grey */
	assert_int_equal(theme_color_fit(255, 8), COLOR_WHITE);  /* lightest grey */
}

static void test_load_errors(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct theme t;

	(void)state;
	assert_int_equal(theme_load(&t, "no-such-theme", &err), -1);
	assert_non_null(strstr(err.buf, "no theme named 'no-such-theme'"));
	strbuf_reset(&err);
	assert_int_equal(theme_load(&t, "../etc/passwd", &err), -1);
	assert_non_null(strstr(err.buf, "bad theme name"));
	strbuf_free(&err);
}

/* A theme not found is said with where it was looked for, those not there
 * marked, and the variable that adds directories: advice for the shell a
 * console that never started leaves its user in (not ':theme' and Tab). */
static void test_load_error_names_dirs(void **state)
{
	struct strbuf err = STRBUF_INIT, want = STRBUF_INIT;
	struct theme t;

	(void)state;
	setenv("ROUTEDESK_THEME_PATH", "/nonexistent-routedesk-a:" THEME_SRCDIR, 1);
	assert_int_equal(theme_load(&t, "no-such-theme", &err), -1);
	strbuf_addf(&want, "no theme named 'no-such-theme' in /nonexistent-routedesk-a (missing), %s, "
	            "/nonexistent-routedesk-test/routedesk/themes (missing), ", THEME_SRCDIR);
	assert_non_null(strstr(err.buf, want.buf));
	assert_non_null(strstr(err.buf, THEMEDIR));
	assert_non_null(strstr(err.buf, "ROUTEDESK_THEME_PATH=DIR"));
	assert_null(strstr(err.buf, ":theme"));
	/* The directories that are there are still searched, the others not. */
	assert_int_equal(theme_load(&t, "mono", &err), 0);
	assert_string_equal(t.name, "mono");
	setenv("ROUTEDESK_THEME_PATH", THEME_SRCDIR, 1);
	strbuf_free(&err);
	strbuf_free(&want);
}

static void test_list(void **state)
{
	char **names;
	size_t n = theme_list(&names);
	int found = 0;

	(void)state;
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < sizeof(shipped) / sizeof(shipped[0]); k++)
			found += strcmp(names[i], shipped[k]) == 0;
		if (i)
			assert_true(strcmp(names[i - 1], names[i]) < 0); /* sorted, unique */
	}
	assert_int_equal(found, 4);
	theme_list_free(names, n);
}

/* Without colour, selection and errors still show: the mono fallbacks. */
static void test_mono_attributes(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct theme t;

	(void)state;
	theme_default(&t);
	theme_apply(&t, 0);
	assert_true(t.attr[TE_SELECTED] & A_REVERSE);
	assert_true(t.attr[TE_ERROR] & A_BOLD);
	assert_true(t.attr[TE_TAB_ACTIVE] & A_REVERSE);
	assert_int_equal(t.attr[TE_SELECTED] & A_COLOR, 0);
	assert_int_equal(theme_load(&t, "mono", &err), 0);
	theme_apply(&t, 0);
	assert_true(t.attr[TE_TITLE] & A_UNDERLINE);
	assert_true(t.attr[TE_MONEY_DUE] & A_UNDERLINE);
	strbuf_free(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_themes_parse),
		cmocka_unit_test(test_shipped_themes_are_complete),
		cmocka_unit_test(test_default_file_matches_builtin),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_parse_values),
		cmocka_unit_test(test_view_styles_are_elements),
		cmocka_unit_test(test_color_fit),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_load_error_names_dirs),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_mono_attributes),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
