/* theme.h: theme files (colour, attributes per screen element) and their curses pairs. */
#ifndef ROUTEDESK_UI_THEME_H
#define ROUTEDESK_UI_THEME_H

#include <stddef.h>

struct strbuf;

/* Theme elements a cell or row may ask for (this file maps them to
 * colours and attributes below). */
enum view_style {
	VS_NORMAL, VS_DIM, VS_DONE, VS_PENDING, VS_NOSHOW, VS_CANCELLED,
	VS_ALERT, VS_MONEY_DUE, VS_UNASSIGNED, VS_CHANGED, VS_LOADING,
	VS_COUNT,
};

/*
 * Design: one table of elements (theme.c) names everything the console
 * styles: the view styles above first, in their order, so a view's
 * `enum view_style` is directly an element, then the console's own parts.
 * A theme file is lines of
 *
 *     color ELEMENT FG BG [ATTR...]
 *
 * with colours by name (black red green yellow blue magenta cyan white,
 * bright-NAME for 8-15), a number 0-255, or `default`; ATTR is bold, dim,
 * underline, reverse, standout, italic, blink or normal.  `#` starts a
 * comment.  Elements a theme leaves out keep the built-in default theme's
 * values, so a theme may style only what it changes.
 *
 * Without colour (NO_COLOR set, a mono terminal, or a theme of only
 * `default` colours) only the attributes are used, and each element adds
 * its own mono attributes (selection in reverse, errors in bold ...), so
 * nothing is ever told by colour alone.  With fewer colours than a theme
 * names, theme_resolve fits them and marks with attributes the view
 * styles the fitting made alike.
 */
enum theme_elem {
	TE_NORMAL = VS_NORMAL,
	TE_DIM = VS_DIM,
	TE_DONE = VS_DONE,
	TE_PENDING = VS_PENDING,
	TE_NOSHOW = VS_NOSHOW,
	TE_CANCELLED = VS_CANCELLED,
	TE_ALERT = VS_ALERT,
	TE_MONEY_DUE = VS_MONEY_DUE,
	TE_UNASSIGNED = VS_UNASSIGNED,
	TE_CHANGED = VS_CHANGED,
	TE_LOADING = VS_LOADING,
	TE_HEADER = VS_COUNT, /* the top line: account, date, age, budget */
	TE_TABS,              /* the pane tabs */
	TE_TAB_ACTIVE,        /* the current pane's tab */
	TE_TITLE,             /* column titles */
	TE_SELECTED,          /* the selected row */
	TE_STATUS,            /* the status line: hints and position */
	TE_MESSAGE,           /* notices on the message line */
	TE_ERROR,             /* errors on the message line */
	TE_PROMPT,            /* the `:` and `/` prompts */
	TE_PREVIEW,           /* the preview pane's text */
	TE_BORDER,            /* separators */
	TE_HELP_KEY,          /* keys in the help view */
	TE_COUNT,
};

/* Attribute bits of a theme line (mapped to curses A_* by theme_apply). */
enum {
	TA_BOLD = 1u << 0,
	TA_DIM = 1u << 1,
	TA_UNDERLINE = 1u << 2,
	TA_REVERSE = 1u << 3,
	TA_STANDOUT = 1u << 4,
	TA_ITALIC = 1u << 5,
	TA_BLINK = 1u << 6,
};

#define THEME_DEFAULT_COLOR (-1)

struct theme_style {
	short fg, bg;        /* 0-255 or THEME_DEFAULT_COLOR */
	unsigned attrs;      /* TA_* */
	int attrs_given;     /* the theme line named attributes (even `normal`) */
};

struct theme {
	char name[64];
	struct theme_style s[TE_COUNT];
	/* Filled by theme_apply: curses attributes (attr_t) per element. */
	unsigned long attr[TE_COUNT];
};

/* The element's name in theme files ("money_due"), or NULL past TE_COUNT. */
const char *theme_elem_name(int elem);
/* The element of a name, or -1. */
int theme_elem_lookup(const char *name);

/* The built-in default theme (what themes/default.theme also says). */
void theme_default(struct theme *t);

/* Parses a colour word: a name, bright-NAME, 0-255 or default.  0 with
 * *out set (THEME_DEFAULT_COLOR for default), -1 when not a colour. */
int theme_parse_color(const char *word, short *out);

/* Applies theme text (a file's contents) over t, which should start as
 * theme_default.  path names the text in messages.  0, or -1 with one
 * line "PATH:LINE: what is wrong" appended to err; t is then unchanged. */
int theme_parse(struct theme *t, const char *text, const char *path, struct strbuf *err);



/* Finds NAME.theme and applies it over the built-in default into t.  NAME
 * must be a plain name (letters, digits, '-', '_').  A shipped theme
 * (default, light, mono, colorblind) with no file of its name found is
 * the built-in copy.  0, or -1 with a message in err. */
int theme_load(struct theme *t, const char *name, struct strbuf *err);

/* The names of the themes found (sorted, without duplicates), for
 * completion; *names malloc'd, each name malloc'd.  Returns the count. */
size_t theme_list(char ***names);
void theme_list_free(char **names, size_t n);

/* Maps colour n to what a terminal of `colors` colours can show: itself
 * when it fits, 8-15 to 0-7, a grey of the cube or the ramp to the nearest
 * grey the terminal has (0 and 7; on 16 colours 8 and 15 too), a vivid
 * colour to the nearest of the six hues, a pale tint to the nearest basic
 * colour.  THEME_DEFAULT_COLOR stays. */
short theme_color_fit(short n, int colors);
/* The same for a foreground, except that on 8 colours a mid grey (text
 * meant as secondary) is the terminal's own colour with TA_DIM added to
 * *attrs, unless they hold TA_BOLD. */
short theme_color_fit_fg(short n, int colors, unsigned *attrs);

/* How an element is drawn on a terminal of some number of colours. */
struct theme_look {
	short fg, bg;        /* fitted to the terminal, or THEME_DEFAULT_COLOR */
	unsigned attrs;      /* TA_*: the theme's, and any the fitting added */
};

/* Fills look[TE_COUNT] with t's elements as a terminal of `colors`
 * colours draws them: each colour through theme_color_fit(_fg).  Fitting can
 * fold two colours into one (on 8 colours 208 and 214 are both yellow);
 * two view styles (VS_*) whose theme lines differ but whose looks came
 * out alike are kept apart with attributes (design in theme.c).  With
 * every colour fitting (256 colours) the looks are the theme's lines. */
void theme_resolve(const struct theme *t, int colors, struct theme_look look[TE_COUNT]);

/* Curses side: computes t->attr.  use_color 0 (NO_COLOR, mono terminal)
 * uses attributes only; otherwise theme_resolve for the terminal's
 * COLORS.  Call after start_color() when use_color. */
void theme_apply(struct theme *t, int use_color);

/* 1 when colour should be used: the terminal has colours and NO_COLOR is
 * unset or empty. */
int theme_want_color(void);

#endif
