/* test_ui_theme.c: theme files: the shipped ones parse, errors name the line, colours fit, 8 colours keep styles apart. */
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

/* With no directory holding them (no ROUTEDESK_THEME_PATH, an empty
 * config directory: a console run from its build tree), every shipped
 * theme still loads, built in, the same as its file; and :theme lists
 * them.  Unless a copy is installed in THEMEDIR, which is the same text. */
static void test_shipped_themes_built_in(void **state)
{
	char **names;
	size_t n;

	(void)state;
	unsetenv("ROUTEDESK_THEME_PATH");
	for (size_t i = 0; i < sizeof(shipped) / sizeof(shipped[0]); i++) {
		struct strbuf path = STRBUF_INIT, text = STRBUF_INIT, err = STRBUF_INIT;
		struct theme file, loaded;

		strbuf_addf(&path, "%s/%s.theme", THEME_SRCDIR, shipped[i]);
		assert_int_equal(strbuf_read_file(path.buf, 65536, &text, &err), 0);
		theme_default(&file);
		assert_int_equal(theme_parse(&file, text.buf, path.buf, &err), 0);
		if (theme_load(&loaded, shipped[i], &err) < 0)
			fail_msg("%s: %s", shipped[i], err.buf);
		assert_string_equal(loaded.name, shipped[i]);
		for (int e = 0; e < TE_COUNT; e++) {
			assert_int_equal(loaded.s[e].fg, file.s[e].fg);
			assert_int_equal(loaded.s[e].bg, file.s[e].bg);
			assert_int_equal(loaded.s[e].attrs, file.s[e].attrs);
		}
		strbuf_free(&path);
		strbuf_free(&text);
		strbuf_free(&err);
	}
	n = theme_list(&names);
	for (size_t i = 0; i < sizeof(shipped) / sizeof(shipped[0]); i++) {
		size_t k = 0;

		while (k < n && strcmp(names[k], shipped[i]) != 0)
			k++;
		if (k == n)
			fail_msg("theme_list lacks %s", shipped[i]);
	}
	theme_list_free(names, n);
	setenv("ROUTEDESK_THEME_PATH", THEME_SRCDIR, 1);
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
	/* A grey is a grey, never a hue: 244 was nearer yellow (205,205,0). */
	assert_int_equal(theme_color_fit(244, 8), COLOR_WHITE);
	assert_int_equal(theme_color_fit(238, 8), COLOR_BLACK);
	assert_int_equal(theme_color_fit(102, 8), COLOR_WHITE);  /* the cube's (135,135,135) */
	assert_int_equal(theme_color_fit(244, 16), 8);           /* bright black */
	assert_int_equal(theme_color_fit(254, 16), 7);
	assert_int_equal(theme_color_fit(231, 16), 15);
	/* A dark colour keeps its hue: 22 (0,95,0) was nearer black. */
	assert_int_equal(theme_color_fit(22, 8), COLOR_GREEN);
	assert_int_equal(theme_color_fit(52, 8), COLOR_RED);     /* (95,0,0) */
	assert_int_equal(theme_color_fit(124, 8), COLOR_RED);
	/* A pale tint is still the nearest basic colour (the light
	 * theme's selection, 153). */
	assert_int_equal(theme_color_fit(153, 8), COLOR_WHITE);
}

/* As text, a mid grey on 8 colours is the terminal's colour dimmed. */
static void test_color_fit_fg(void **state)
{
	unsigned a = 0;

	(void)state;
	assert_int_equal(theme_color_fit_fg(244, 8, &a), THEME_DEFAULT_COLOR);
	assert_int_equal(a, TA_DIM);
	a = TA_UNDERLINE;
	assert_int_equal(theme_color_fit_fg(250, 8, &a), THEME_DEFAULT_COLOR);
	assert_int_equal(a, TA_UNDERLINE | TA_DIM);
	a = TA_BOLD; /* never dim with bold: the grey as fitted */
	assert_int_equal(theme_color_fit_fg(244, 8, &a), COLOR_WHITE);
	assert_int_equal(a, TA_BOLD);
	a = 0; /* near black and near white are those */
	assert_int_equal(theme_color_fit_fg(233, 8, &a), COLOR_BLACK);
	assert_int_equal(theme_color_fit_fg(255, 8, &a), COLOR_WHITE);
	assert_int_equal(a, 0);
	/* 16 colours have a grey; 256 draw it as written; a hue is a hue. */
	assert_int_equal(theme_color_fit_fg(244, 16, &a), 8);
	assert_int_equal(theme_color_fit_fg(244, 256, &a), 244);
	assert_int_equal(theme_color_fit_fg(22, 8, &a), COLOR_GREEN);
	assert_int_equal(a, 0);
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

/* What curses draws for an element: its pair's colours and its attributes. */
struct drawn {
	short fg, bg;
	attr_t attrs;
};

/* Loads theme name and applies it in colour on a terminal of type term,
 * as term.c does, and reads back what each element draws as.  Returns
 * the terminal's COLORS. */
static int drawn_on(const char *term, const char *name, struct theme *t, struct drawn out[TE_COUNT])
{
	struct strbuf err = STRBUF_INIT;
	FILE *o = tmpfile(), *in = fopen("/dev/null", "r");
	SCREEN *scr;
	int colors;

	assert_non_null(o);
	assert_non_null(in);
	setenv("LINES", "24", 1);
	setenv("COLUMNS", "80", 1);
	scr = newterm(term, o, in);
	assert_non_null(scr);
	assert_int_not_equal(start_color(), ERR);
	use_default_colors();
	if (theme_load(t, name, &err) < 0)
		fail_msg("%s", err.buf);
	theme_apply(t, 1);
	for (int e = 0; e < TE_COUNT; e++) {
		assert_int_not_equal(pair_content((short)PAIR_NUMBER(t->attr[e]), &out[e].fg, &out[e].bg),
		                     ERR);
		out[e].attrs = (attr_t)t->attr[e] & (A_ATTRIBUTES & ~A_COLOR);
	}
	colors = COLORS;
	endwin();
	delscreen(scr);
	fclose(o);
	fclose(in);
	strbuf_free(&err);
	return colors;
}

static int same_line(const struct theme_style *a, const struct theme_style *b)
{
	return a->fg == b->fg && a->bg == b->bg && a->attrs == b->attrs;
}

static int same_drawn(const struct drawn *a, const struct drawn *b)
{
	return a->fg == b->fg && a->bg == b->bg && a->attrs == b->attrs;
}

/* On an 8-colour terminal (TERM=xterm or screen) the nearest basic colour
 * folds several of a theme's colours into one: colorblind's 214 and 208
 * both become yellow, and no-show (214 bold) drew exactly as unassigned
 * (208 bold); light's money due (130) as its alert (124).  Every two view
 * styles a theme tells apart must still draw apart there; two it styles
 * alike (cancelled and dim) stay alike. */
static void test_eight_colours_keep_styles_apart(void **state)
{
	static const char *const terms[] = { "xterm", "screen" };

	(void)state;
	for (size_t k = 0; k < sizeof(terms) / sizeof(terms[0]); k++) {
		for (size_t i = 0; i < sizeof(shipped) / sizeof(shipped[0]); i++) {
			struct drawn d[TE_COUNT];
			struct theme t;

			assert_int_equal(drawn_on(terms[k], shipped[i], &t, d), 8);
			for (int a = 0; a < VS_COUNT; a++) {
				for (int b = a + 1; b < VS_COUNT; b++) {
					int apart = !same_line(&t.s[a], &t.s[b]);

					if (apart && same_drawn(&d[a], &d[b]))
						fail_msg("%s on TERM=%s: %s and %s draw alike (%d/%d %#lx)",
						         shipped[i], terms[k], theme_elem_name(a),
						         theme_elem_name(b), d[a].fg, d[a].bg,
						         (unsigned long)d[a].attrs);
					if (!apart && !same_drawn(&d[a], &d[b]))
						fail_msg("%s on TERM=%s: %s and %s are styled alike, drawn apart",
						         shipped[i], terms[k], theme_elem_name(a),
						         theme_elem_name(b));
				}
			}
		}
	}
}

/* The colour-blind theme tells every stop and route status apart at 256
 * colours; on 8 each still draws as its own. */
static void test_eight_colours_colorblind_statuses(void **state)
{
	static const int statuses[] = {
		VS_DONE, VS_PENDING, VS_NOSHOW, VS_CANCELLED, VS_ALERT, VS_MONEY_DUE,
		VS_UNASSIGNED, VS_CHANGED,
	};
	const size_t n = sizeof(statuses) / sizeof(statuses[0]);
	struct drawn d[TE_COUNT];
	struct theme t;

	(void)state;
	assert_int_equal(drawn_on("xterm", "colorblind", &t, d), 8);
	for (size_t a = 0; a < n; a++)
		for (size_t b = a + 1; b < n; b++)
			if (same_drawn(&d[statuses[a]], &d[statuses[b]]))
				fail_msg("colorblind on 8 colours: %s and %s draw alike",
				         theme_elem_name(statuses[a]), theme_elem_name(statuses[b]));
}

/* The curses attributes of a theme line's TA_* bits. */
static attr_t curses_bits(unsigned ta)
{
	attr_t a = A_NORMAL;

	a |= ta & TA_BOLD ? A_BOLD : 0;
	a |= ta & TA_DIM ? A_DIM : 0;
	a |= ta & TA_UNDERLINE ? A_UNDERLINE : 0;
	a |= ta & TA_REVERSE ? A_REVERSE : 0;
	a |= ta & TA_STANDOUT ? A_STANDOUT : 0;
	a |= ta & TA_ITALIC ? A_ITALIC : 0;
	a |= ta & TA_BLINK ? A_BLINK : 0;
	return a;
}

/* A terminal of 256 colours draws every shipped theme exactly as written:
 * its colours and its attributes, nothing added. */
static void test_256_colours_as_written(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(shipped) / sizeof(shipped[0]); i++) {
		struct drawn d[TE_COUNT];
		struct theme t;

		assert_int_equal(drawn_on("xterm-256color", shipped[i], &t, d), 256);
		for (int e = 0; e < TE_COUNT; e++) {
			assert_int_equal(d[e].fg, t.s[e].fg);
			assert_int_equal(d[e].bg, t.s[e].bg);
			assert_int_equal(d[e].attrs, curses_bits(t.s[e].attrs));
		}
	}
}

/* The light theme's first line says "no yellow on white": on 8 colours
 * its greys were yellow and its "done" black. */
static void test_light_on_eight_colours(void **state)
{
	struct drawn d[TE_COUNT];
	struct theme t;

	(void)state;
	assert_int_equal(drawn_on("xterm", "light", &t, d), 8);
	for (int e = 0; e < TE_COUNT; e++)
		if (d[e].fg == COLOR_YELLOW)
			fail_msg("light on 8 colours: %s is yellow", theme_elem_name(e));
	assert_int_equal(d[TE_DONE].fg, COLOR_GREEN);
	assert_int_equal(d[TE_DIM].fg, -1);
	assert_true(d[TE_DIM].attrs & A_DIM);
	assert_int_equal(d[TE_CANCELLED].fg, -1);
	assert_true(d[TE_CANCELLED].attrs & A_DIM);
	assert_int_equal(d[TE_STATUS].bg, COLOR_WHITE);
}

/* The rule itself, over theme text: the later of two view styles folded
 * into one look gets the first mark that is nobody else's; twins stay
 * twins; the console's parts and 256 colours are left as written. */
static void test_resolve_marks(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct theme_look l[TE_COUNT];
	struct theme t;

	(void)state;
	theme_default(&t);
	assert_int_equal(theme_parse(&t,
	                             "color done       32  default normal\n"   /* cyan on 8 */
	                             "color changed    75  default normal\n"   /* cyan on 8 */
	                             "color noshow     214 default bold\n"     /* yellow */
	                             "color alert      208 default bold underline\n"
	                             "color unassigned 208 default bold\n"
	                             "color money_due  bright-red default\n"  /* red on 8, not 16 */
	                             "color pending    red default\n"
	                             "color error      208 default bold\n",
	                             "t", &err), 0);
	theme_resolve(&t, 8, l);
	assert_int_equal(l[TE_DONE].fg, COLOR_CYAN);
	assert_int_equal(l[TE_DONE].attrs, 0);
	assert_int_equal(l[TE_CHANGED].fg, COLOR_CYAN);
	assert_int_equal(l[TE_CHANGED].attrs, TA_UNDERLINE);
	/* Underline would make unassigned the alert, bold changes nothing. */
	assert_int_equal(l[TE_NOSHOW].attrs, TA_BOLD);
	assert_int_equal(l[TE_ALERT].attrs, TA_BOLD | TA_UNDERLINE);
	assert_int_equal(l[TE_UNASSIGNED].fg, COLOR_YELLOW);
	assert_int_equal(l[TE_UNASSIGNED].attrs, TA_BOLD | TA_REVERSE);
	/* pending comes first in the enum: money due takes the mark. */
	assert_int_equal(l[TE_PENDING].attrs, 0);
	assert_int_equal(l[TE_MONEY_DUE].fg, COLOR_RED);
	assert_int_equal(l[TE_MONEY_DUE].attrs, TA_UNDERLINE);
	/* Written alike (the default theme's dim, cancelled, loading). */
	assert_int_equal(l[TE_CANCELLED].attrs, l[TE_DIM].attrs);
	assert_int_equal(l[TE_LOADING].attrs, l[TE_DIM].attrs);
	/* Not a view style: the message line's error is as fitted. */
	assert_int_equal(l[TE_ERROR].fg, COLOR_YELLOW);
	assert_int_equal(l[TE_ERROR].attrs, TA_BOLD);
	/* 16 colours keep bright red; the cube still folds. */
	theme_resolve(&t, 16, l);
	assert_int_equal(l[TE_MONEY_DUE].fg, 9);
	assert_int_equal(l[TE_MONEY_DUE].attrs, 0);
	assert_int_equal(l[TE_UNASSIGNED].attrs, TA_BOLD | TA_REVERSE);
	/* 256: every line as written. */
	theme_resolve(&t, 256, l);
	for (int e = 0; e < TE_COUNT; e++) {
		assert_int_equal(l[e].fg, t.s[e].fg);
		assert_int_equal(l[e].bg, t.s[e].bg);
		assert_int_equal(l[e].attrs, t.s[e].attrs);
	}
	strbuf_free(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shipped_themes_parse),
		cmocka_unit_test(test_shipped_themes_are_complete),
		cmocka_unit_test(test_default_file_matches_builtin),
		cmocka_unit_test(test_shipped_themes_built_in),
		cmocka_unit_test(test_parse_errors),
		cmocka_unit_test(test_parse_values),
		cmocka_unit_test(test_view_styles_are_elements),
		cmocka_unit_test(test_color_fit),
		cmocka_unit_test(test_color_fit_fg),
		cmocka_unit_test(test_light_on_eight_colours),
		cmocka_unit_test(test_load_errors),
		cmocka_unit_test(test_load_error_names_dirs),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_mono_attributes),
		cmocka_unit_test(test_eight_colours_keep_styles_apart),
		cmocka_unit_test(test_eight_colours_colorblind_statuses),
		cmocka_unit_test(test_256_colours_as_written),
		cmocka_unit_test(test_resolve_marks),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
