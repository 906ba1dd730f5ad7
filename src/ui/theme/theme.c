/* theme.c: the element table, the theme file parser and the curses colour pairs. */
#include "config.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "ui/theme/theme.h"

#ifndef THEMEDIR
#define THEMEDIR "/usr/local/share/routedesk/themes"
#endif

#define THEME_MAX_BYTES (64 * 1024)

/* The element table: its file name and the attributes it falls back to
 * when there is no colour (so nothing is told by colour alone). */
static const struct {
	const char *name;
	unsigned mono;
} elems[TE_COUNT] = {
	[TE_NORMAL] = { "normal", 0 },
	[TE_DIM] = { "dim", TA_DIM },
	[TE_DONE] = { "done", 0 },
	[TE_PENDING] = { "pending", 0 },
	[TE_NOSHOW] = { "noshow", TA_BOLD },
	[TE_CANCELLED] = { "cancelled", TA_DIM },
	[TE_ALERT] = { "alert", TA_BOLD },
	[TE_MONEY_DUE] = { "money_due", TA_UNDERLINE },
	[TE_UNASSIGNED] = { "unassigned", TA_BOLD },
	[TE_CHANGED] = { "changed", TA_BOLD },
	[TE_LOADING] = { "loading", TA_DIM },
	[TE_HEADER] = { "header", TA_REVERSE | TA_BOLD },
	[TE_TABS] = { "tabs", 0 },
	[TE_TAB_ACTIVE] = { "tab_active", TA_REVERSE | TA_BOLD },
	[TE_TITLE] = { "title", TA_BOLD | TA_UNDERLINE },
	[TE_SELECTED] = { "selected", TA_REVERSE },
	[TE_STATUS] = { "status", TA_REVERSE },
	[TE_MESSAGE] = { "message", 0 },
	[TE_ERROR] = { "error", TA_BOLD },
	[TE_PROMPT] = { "prompt", TA_BOLD },
	[TE_PREVIEW] = { "preview", 0 },
	[TE_BORDER] = { "border", 0 },
	[TE_HELP_KEY] = { "help_key", TA_BOLD },
};

/* The shipped themes (themes/NAME.theme), built in (tools/embed-themes): a console run
 * from its build tree, or installed without its data, has them all, and
 * the default theme is themes/default.theme itself. */
#include "ui/theme/themes_shipped.h"

/* The built-in text of shipped theme name, or NULL. */
static const char *shipped_text(const char *name)
{
	for (size_t i = 0; i < themes_shipped_n; i++)
		if (strcmp(themes_shipped[i].name, name) == 0)
			return themes_shipped[i].text;
	return NULL;
}

static const char *const color_names[8] = {
	"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
};

static const struct {
	const char *name;
	unsigned bit;
} attr_names[] = {
	{ "bold", TA_BOLD }, { "dim", TA_DIM }, { "underline", TA_UNDERLINE },
	{ "reverse", TA_REVERSE }, { "standout", TA_STANDOUT }, { "italic", TA_ITALIC },
	{ "blink", TA_BLINK }, { "normal", 0 },
};

const char *theme_elem_name(int elem)
{
	return elem >= 0 && elem < TE_COUNT ? elems[elem].name : NULL;
}

int theme_elem_lookup(const char *name)
{
	for (int i = 0; i < TE_COUNT; i++)
		if (strcmp(elems[i].name, name) == 0)
			return i;
	return -1;
}

static void theme_blank(struct theme *t)
{
	memset(t, 0, sizeof(*t));
	for (int i = 0; i < TE_COUNT; i++) {
		t->s[i].fg = THEME_DEFAULT_COLOR;
		t->s[i].bg = THEME_DEFAULT_COLOR;
	}
}

void theme_default(struct theme *t)
{
	struct strbuf err = STRBUF_INIT;

	theme_blank(t);
	/* The built-in text is ours and known good; a failure is a bug. */
	if (!shipped_text("default") || theme_parse(t, shipped_text("default"), "(built-in)", &err) < 0)
		abort();
	snprintf(t->name, sizeof(t->name), "default");
	strbuf_free(&err);
}

int theme_parse_color(const char *word, short *out)
{
	const char *w = word;
	int bright = 0;

	if (strcasecmp(w, "default") == 0) {
		*out = THEME_DEFAULT_COLOR;
		return 0;
	}
	if (isdigit((unsigned char)*w)) {
		char *end;
		long n = strtol(w, &end, 10);

		if (*end || n < 0 || n > 255 || end - w > 3)
			return -1;
		*out = (short)n;
		return 0;
	}
	if (strncasecmp(w, "bright-", 7) == 0) {
		bright = 1;
		w += 7;
	} else if (strncasecmp(w, "bright", 6) == 0) {
		bright = 1;
		w += 6;
	}
	for (int i = 0; i < 8; i++) {
		if (strcasecmp(w, color_names[i]) == 0) {
			*out = (short)(i + (bright ? 8 : 0));
			return 0;
		}
	}
	return -1;
}

static int parse_attr(const char *word, unsigned *bits)
{
	for (size_t i = 0; i < sizeof(attr_names) / sizeof(attr_names[0]); i++) {
		if (strcasecmp(word, attr_names[i].name) == 0) {
			*bits |= attr_names[i].bit;
			return 0;
		}
	}
	return -1;
}

/* Splits line (modified) into at most max whitespace-separated words. */
static int split_words(char *line, char **words, int max)
{
	int n = 0;
	char *save = NULL;

	for (char *w = strtok_r(line, " \t\r", &save); w; w = strtok_r(NULL, " \t\r", &save)) {
		if (n == max)
			return max + 1;
		words[n++] = w;
	}
	return n;
}

static int parse_line(struct theme *t, char *line, const char *path, int lineno,
                      struct strbuf *err)
{
	char *w[12];
	char *hash = strchr(line, '#');
	struct theme_style st = { THEME_DEFAULT_COLOR, THEME_DEFAULT_COLOR, 0, 0 };
	int n, elem;

	if (hash)
		*hash = '\0';
	n = split_words(line, w, 11);
	if (n == 0)
		return 0;
	if (strcmp(w[0], "color") != 0) {
		strbuf_addf(err, _("%s:%d: unknown keyword '%s' (expected 'color')"), path, lineno, w[0]);
		return -1;
	}
	if (n < 4) {
		strbuf_addf(err, _("%s:%d: expected 'color ELEMENT FG BG [ATTR...]'"), path, lineno);
		return -1;
	}
	if (n > 11) {
		strbuf_addf(err, _("%s:%d: too many attributes"), path, lineno);
		return -1;
	}
	elem = theme_elem_lookup(w[1]);
	if (elem < 0) {
		strbuf_addf(err, _("%s:%d: unknown element '%s'"), path, lineno, w[1]);
		return -1;
	}
	if (theme_parse_color(w[2], &st.fg) < 0 || theme_parse_color(w[3], &st.bg) < 0) {
		strbuf_addf(err, _("%s:%d: bad colour '%s' (a name, bright-NAME, 0-255 or default)"),
		            path, lineno, theme_parse_color(w[2], &st.fg) < 0 ? w[2] : w[3]);
		return -1;
	}
	for (int i = 4; i < n; i++) {
		if (parse_attr(w[i], &st.attrs) < 0) {
			strbuf_addf(err, _("%s:%d: unknown attribute '%s'"), path, lineno, w[i]);
			return -1;
		}
		st.attrs_given = 1;
	}
	t->s[elem] = st;
	return 0;
}

int theme_parse(struct theme *t, const char *text, const char *path, struct strbuf *err)
{
	struct theme work = *t;
	char *copy = xstrdup(text), *line = copy;
	int lineno = 0, rc = 0;

	while (line && rc == 0) {
		char *nl = strchr(line, '\n');

		if (nl)
			*nl = '\0';
		lineno++;
		rc = parse_line(&work, line, path, lineno, err);
		line = nl ? nl + 1 : NULL;
	}
	free(copy);
	if (rc == 0)
		*t = work;
	return rc;
}

/* Every directory of the search in order, there or not: fn gets each with
 * exists 1 or 0; stops when fn returns non-zero and returns that. */
static int each_dir(int (*fn)(const char *dir, int exists, void *ctx), void *ctx)
{
	const char *env = getenv("ROUTEDESK_THEME_PATH");
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	struct strbuf sb = STRBUF_INIT;
	int rc = 0;

	if (env && *env) {
		char *copy = xstrdup(env), *save = NULL;

		for (char *d = strtok_r(copy, ":", &save); d && !rc; d = strtok_r(NULL, ":", &save))
			rc = fn(d, access(d, X_OK) == 0, ctx);
		free(copy);
		if (rc)
			return rc;
	}
	if (xdg && xdg[0] == '/')
		strbuf_addf(&sb, "%s/routedesk/themes", xdg);
	else if (home && *home)
		strbuf_addf(&sb, "%s/.config/routedesk/themes", home);
	if (sb.len)
		rc = fn(sb.buf, access(sb.buf, X_OK) == 0, ctx);
	strbuf_free(&sb);
	if (!rc)
		rc = fn(THEMEDIR, access(THEMEDIR, X_OK) == 0, ctx);
	return rc;
}

struct each_existing {
	int (*fn)(const char *dir, void *ctx);
	void *ctx;
};

static int call_existing(const char *dir, int exists, void *ctx)
{
	struct each_existing *e = ctx;

	return exists ? e->fn(dir, e->ctx) : 0;
}

/* The directories searched for NAME.theme, in order: $ROUTEDESK_THEME_PATH
 * (colon-separated), $XDG_CONFIG_HOME/routedesk/themes (or
 * ~/.config/routedesk/themes), then the installed THEMEDIR.  Calls fn for
 * each existing one; stops when fn returns non-zero and returns that.
 * The shipped themes are also built in (theme_load). */
static int theme_each_dir(int (*fn)(const char *dir, void *ctx), void *ctx)
{
	struct each_existing e = { fn, ctx };

	return each_dir(call_existing, &e);
}

static int describe_dir(const char *dir, int exists, void *ctx)
{
	struct strbuf *out = ctx;

	if (out->len)
		strbuf_adds(out, ", ");
	strbuf_adds(out, dir);
	if (!exists)
		strbuf_adds(out, _(" (missing)"));
	return 0;
}

/* Appends every directory of that search to out, ", "-separated, those
 * not there marked " (missing)": what an error says was searched. */
static void theme_describe_dirs(struct strbuf *out)
{
	each_dir(describe_dir, out);
}

struct find {
	const char *name;
	struct theme *t;
	struct strbuf *err;
	int result;  /* 1 loaded, -1 failed */
};

static int try_dir(const char *dir, void *ctx)
{
	struct find *f = ctx;
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	int rc = 0;

	strbuf_addf(&path, "%s/%s.theme", dir, f->name);
	if (access(path.buf, F_OK) == 0) {
		if (strbuf_read_file(path.buf, THEME_MAX_BYTES, &text, f->err) < 0)
			f->result = -1;
		else
			f->result = theme_parse(f->t, strbuf_str(&text), path.buf, f->err) < 0 ? -1 : 1;
		rc = 1;
	}
	strbuf_free(&path);
	strbuf_free(&text);
	return rc;
}

static int plain_name(const char *s)
{
	if (!*s || strlen(s) >= 64)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '-' && *s != '_')
			return 0;
	return 1;
}

int theme_load(struct theme *t, const char *name, struct strbuf *err)
{
	struct theme work;
	struct find f;

	if (!plain_name(name)) {
		strbuf_addf(err, _("bad theme name '%s' (letters, digits, '-' and '_' only)"), name);
		return -1;
	}
	theme_default(&work);
	f.name = name;
	f.t = &work;
	f.err = err;
	f.result = 0;
	theme_each_dir(try_dir, &f);
	if (f.result < 0)
		return -1;
	/* No file of that name in any directory: the shipped one, built in
	 * (a file of the same name overrides it, as a user's own copy). */
	if (f.result == 0 && shipped_text(name)) {
		if (theme_parse(&work, shipped_text(name), name, err) < 0)
			return -1;
		f.result = 1;
	}
	if (f.result == 0 && strcmp(name, "default") != 0) {
		struct strbuf dirs = STRBUF_INIT;

		/* Said where it may be read first: on the command line of a
		 * console that never started, so the way out is a shell's. */
		theme_describe_dirs(&dirs);
		strbuf_addf(err, _("no theme named '%s' in %s; ROUTEDESK_THEME_PATH=DIR[:DIR...] "
		                   "names directories to search first"), name, strbuf_str(&dirs));
		strbuf_free(&dirs);
		return -1;
	}
	snprintf(work.name, sizeof(work.name), "%s", name);
	*t = work;
	return 0;
}

struct names {
	char **v;
	size_t n, cap;
};

static void names_add(struct names *nm, const char *s, size_t len)
{
	for (size_t i = 0; i < nm->n; i++)
		if (strlen(nm->v[i]) == len && strncmp(nm->v[i], s, len) == 0)
			return;
	if (nm->n == nm->cap) {
		nm->cap = nm->cap ? nm->cap * 2 : 8;
		nm->v = xrealloc(nm->v, nm->cap * sizeof(*nm->v));
	}
	nm->v[nm->n++] = xstrndup(s, len);
}

static int list_dir(const char *dir, void *ctx)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return 0;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		if (len > 6 && strcmp(e->d_name + len - 6, ".theme") == 0) {
			char *base = xstrndup(e->d_name, len - 6);

			if (plain_name(base))
				names_add(ctx, base, len - 6);
			free(base);
		}
	}
	closedir(d);
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t theme_list(char ***names)
{
	struct names nm = { NULL, 0, 0 };

	for (size_t i = 0; i < themes_shipped_n; i++)
		names_add(&nm, themes_shipped[i].name, strlen(themes_shipped[i].name));
	theme_each_dir(list_dir, &nm);
	qsort(nm.v, nm.n, sizeof(*nm.v), cmp_names);
	*names = nm.v;
	return nm.n;
}

void theme_list_free(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* Approximate RGB of the xterm palette, for mapping down to 8 colours. */
static void xterm_rgb(int n, int rgb[3])
{
	static const int basic[16][3] = {
		{ 0, 0, 0 }, { 205, 0, 0 }, { 0, 205, 0 }, { 205, 205, 0 },
		{ 0, 0, 238 }, { 205, 0, 205 }, { 0, 205, 205 }, { 229, 229, 229 },
		{ 127, 127, 127 }, { 255, 0, 0 }, { 0, 255, 0 }, { 255, 255, 0 },
		{ 92, 92, 255 }, { 255, 0, 255 }, { 0, 255, 255 }, { 255, 255, 255 },
	};
	static const int level[6] = { 0, 95, 135, 175, 215, 255 };

	if (n < 16) {
		memcpy(rgb, basic[n], sizeof(basic[n]));
	} else if (n < 232) {
		n -= 16;
		rgb[0] = level[n / 36];
		rgb[1] = level[(n / 6) % 6];
		rgb[2] = level[n % 6];
	} else {
		rgb[0] = rgb[1] = rgb[2] = 8 + (n - 232) * 10;
	}
}

/* Squared distance between two colours' RGB. */
static long rgb_dist(const int a[3], const int b[3])
{
	long d = 0;

	for (int k = 0; k < 3; k++)
		d += (long)(a[k] - b[k]) * (a[k] - b[k]);
	return d;
}

/* The nearest of the basic colours ids[0..n) to rgb. */
static short nearest_of(const int rgb[3], const short *ids, size_t n)
{
	short best = ids[0];
	long best_d = -1;

	for (size_t i = 0; i < n; i++) {
		int b[3];
		long d;

		xterm_rgb(ids[i], b);
		d = rgb_dist(rgb, b);
		if (best_d < 0 || d < best_d) {
			best_d = d;
			best = ids[i];
		}
	}
	return best;
}

static int rgb_max(const int c[3])
{
	return c[0] > c[1] ? (c[0] > c[2] ? c[0] : c[2]) : (c[1] > c[2] ? c[1] : c[2]);
}

static int rgb_min(const int c[3])
{
	return c[0] < c[1] ? (c[0] < c[2] ? c[0] : c[2]) : (c[1] < c[2] ? c[1] : c[2]);
}

/* A grey: its channels within a sixth of its brightest (the xterm greys
 * and the cube's diagonal). */
static int is_grey(const int c[3])
{
	return (rgb_max(c) - rgb_min(c)) * 6 <= rgb_max(c);
}

/* A colour of one clear hue: saturation at least a half, not near black. */
static int is_vivid(const int c[3])
{
	return rgb_max(c) >= 64 && (rgb_max(c) - rgb_min(c)) * 2 >= rgb_max(c);
}

/*
 * The plain nearest colour by RGB took a theme's meaning away on 8
 * colours: a mid grey is nearer xterm's yellow (205,205,0) than black or
 * white, so the light theme's dim text (244) came out yellow on white,
 * what its own first line rules out; and a dark colour is nearer black
 * than its hue, so the light theme's "done" (22, a dark green) came out
 * black.  So a grey is fitted among the greys the terminal has (black and
 * white; on 16 colours also 8 and 15), and a vivid colour among the six
 * hues; the rest (pale tints) by plain distance, as before.
 */
short theme_color_fit(short n, int colors)
{
	static const short basic[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	static const short hues[6] = { 1, 2, 3, 4, 5, 6 };
	static const short greys8[2] = { 0, 7 }, greys16[4] = { 0, 8, 7, 15 };
	int rgb[3];
	short best;

	if (n < 0 || n < colors)
		return n;
	if (n < 16 && colors >= 8)
		return (short)(n - 8);
	xterm_rgb(n, rgb);
	if (is_grey(rgb))
		return colors >= 16 ? nearest_of(rgb, greys16, 4) : nearest_of(rgb, greys8, 2);
	best = nearest_of(rgb, basic, 8);
	if ((best == 0 || best == 7) && is_vivid(rgb))
		best = nearest_of(rgb, hues, 6);
	return best;
}

short theme_color_fit_fg(short n, int colors, unsigned *attrs)
{
	int rgb[3];

	if (n >= 16 && n >= colors && colors < 16) {
		xterm_rgb(n, rgb);
		/* A mid grey as text means "secondary": on 8 colours neither
		 * black nor white says it on both a dark and a light
		 * background, the terminal's own colour dimmed does (not with
		 * bold, which terminals draw in place of dim or with it). */
		if (is_grey(rgb) && rgb[0] >= 64 && rgb[0] <= 200 && !(*attrs & TA_BOLD)) {
			*attrs |= TA_DIM;
			return THEME_DEFAULT_COLOR;
		}
	}
	return theme_color_fit(n, colors);
}

static attr_t curses_attrs(unsigned bits)
{
	attr_t a = A_NORMAL;

	if (bits & TA_BOLD)
		a |= A_BOLD;
	if (bits & TA_DIM)
		a |= A_DIM;
	if (bits & TA_UNDERLINE)
		a |= A_UNDERLINE;
	if (bits & TA_REVERSE)
		a |= A_REVERSE;
	if (bits & TA_STANDOUT)
		a |= A_STANDOUT;
	if (bits & TA_ITALIC)
		a |= A_ITALIC;
	if (bits & TA_BLINK)
		a |= A_BLINK;
	return a;
}

/*
 * Folded colours.  A terminal of 8 colours gets each of a theme's colours
 * as the nearest basic one, and two the theme tells apart may come out as
 * one: the colour-blind theme's 208 (unassigned, bold) and 214 (no-show,
 * bold) are both yellow there.  The glyphs and words still say the status,
 * but the theme said it in colour too, and the fallback should not take
 * that away.  So after fitting, the view styles (what a pane's cells are
 * drawn in, side by side) are walked in enum order, and one whose look
 * equals an earlier one's although their theme lines differ gets the first
 * of fold_marks that makes it unlike every earlier look and every later
 * style's own look (so a style that was fine is never pushed aside by the
 * mark given to another).  Styles a theme writes alike (cancelled and dim)
 * are the theme's choice and stay alike; the console's parts (header,
 * selection ...) are never beside a status and are left as fitted.  With
 * 256 colours nothing folds and nothing is added.
 */
static const unsigned fold_marks[] = {
	/* Underline first: it keeps the colour and the weight the theme
	 * chose (bold brightens a basic colour on many terminals).  Reverse
	 * before dim: dim already says "secondary" or "cancelled" in every
	 * shipped theme.  Never bold with dim, which terminals draw as
	 * either. */
	TA_UNDERLINE, TA_BOLD, TA_REVERSE, TA_DIM,
	TA_UNDERLINE | TA_BOLD, TA_UNDERLINE | TA_REVERSE, TA_BOLD | TA_REVERSE,
	TA_UNDERLINE | TA_DIM, TA_REVERSE | TA_DIM,
	TA_UNDERLINE | TA_BOLD | TA_REVERSE, TA_UNDERLINE | TA_REVERSE | TA_DIM,
};

static int same_line(const struct theme_style *a, const struct theme_style *b)
{
	return a->fg == b->fg && a->bg == b->bg && a->attrs == b->attrs;
}

static int same_look(const struct theme_look *a, const struct theme_look *b)
{
	return a->fg == b->fg && a->bg == b->bg && a->attrs == b->attrs;
}

/* The first view style written as style i is (i itself when none before). */
static int first_alike(const struct theme *t, int i)
{
	int j = 0;

	while (!same_line(&t->s[j], &t->s[i]))
		j++;
	return j;
}

/* 1 when cand is the look of a view style written unlike style i: an
 * earlier one's final look, and when later too, a later one's as fitted
 * (or its earlier twin's final, which it will take). */
static int look_taken(const struct theme *t, const struct theme_look *look,
                      const struct theme_look *fitted, int i, int later,
                      const struct theme_look *cand)
{
	for (int j = 0; j < (later ? VS_COUNT : i); j++) {
		int first = first_alike(t, j);

		if (j == i || same_line(&t->s[j], &t->s[i]))
			continue;
		if (same_look(j < i || first < i ? &look[first] : &fitted[j], cand))
			return 1;
	}
	return 0;
}

static void keep_apart(const struct theme *t, struct theme_look look[TE_COUNT])
{
	struct theme_look fitted[VS_COUNT];

	memcpy(fitted, look, sizeof(fitted));
	for (int i = 1; i < VS_COUNT; i++) {
		int first = first_alike(t, i);

		if (first < i) {
			/* Written alike: drawn alike, whatever the first got. */
			look[i] = look[first];
			continue;
		}
		if (!look_taken(t, look, fitted, i, 0, &look[i]))
			continue;
		for (size_t m = 0; m < sizeof(fold_marks) / sizeof(fold_marks[0]); m++) {
			struct theme_look cand = fitted[i];

			cand.attrs |= fold_marks[m];
			if (!look_taken(t, look, fitted, i, 1, &cand)) {
				look[i] = cand;
				break;
			}
		}
		/* No mark left (a theme of eleven statuses in one colour, all
		 * underlined and reversed): drawn as fitted. */
	}
}

void theme_resolve(const struct theme *t, int colors, struct theme_look look[TE_COUNT])
{
	for (int i = 0; i < TE_COUNT; i++) {
		look[i].attrs = t->s[i].attrs;
		look[i].fg = theme_color_fit_fg(t->s[i].fg, colors, &look[i].attrs);
		look[i].bg = theme_color_fit(t->s[i].bg, colors);
	}
	keep_apart(t, look);
}

void theme_apply(struct theme *t, int use_color)
{
	struct theme_look look[TE_COUNT];

	if (use_color)
		theme_resolve(t, COLORS, look);
	for (int i = 0; i < TE_COUNT; i++) {
		const struct theme_style *s = &t->s[i];

		if (!use_color) {
			/* The theme's attributes plus the element's own minimum. */
			t->attr[i] = curses_attrs(s->attrs | elems[i].mono);
			continue;
		}
		t->attr[i] = curses_attrs(look[i].attrs);
		if ((s->fg != THEME_DEFAULT_COLOR || s->bg != THEME_DEFAULT_COLOR) &&
		    i + 1 < COLOR_PAIRS) {
			init_pair((short)(i + 1), look[i].fg, look[i].bg);
			t->attr[i] |= COLOR_PAIR(i + 1);
		}
	}
}

int theme_want_color(void)
{
	const char *nc = getenv("NO_COLOR");

	if (nc && *nc)
		return 0;
	return has_colors() ? 1 : 0;
}
