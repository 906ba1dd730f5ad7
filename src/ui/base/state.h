/* state.h: the console's settings ([ui], [keys] of the config) and its saved state. */
#ifndef ROUTEDESK_UI_STATE_H
#define ROUTEDESK_UI_STATE_H

#include <stddef.h>

struct strbuf;

/*
 * Settings live in the same INI file as the accounts
 * ($XDG_CONFIG_HOME/routedesk/config, see api/account.h), in sections of
 * their own; other sections are skipped here:
 *
 *   [ui]
 *   refresh = 60        seconds between auto-refreshes; 0 turns them off
 *   refresh_idle = 600  seconds without a key before the refresh backs off
 *                       (5 x refresh, then 15 x after 6 x this); 0 never
 *   read_share = 50     percent of the account's reads a day routedesk uses
 *                       at most, counted across the consoles of a share
 *   office_hours = 07:00-18:00   no auto-refresh outside them (a key
 *                       still refreshes); unset: always
 *   theme = light       a themes/NAME.theme
 *   ascii = yes         ASCII lines and glyphs even in a UTF-8 locale
 *   glyphs = no         no decorative glyphs (arrows, dots, the selection
 *                       mark); the status glyphs stay, they carry meaning
 *   mouse = no          leave the mouse to the terminal (selecting text)
 *   preview = no        start with the panes' previews hidden (p shows
 *                       them): over a slow link a row down then costs the
 *                       selection bar and the position only
 *   budget_reserve = 50 reads a day kept back: auto-refresh pauses below
 *   customer_index = 10000  look-ups (`:cust`) answered from an index of
 *                       every customer, kept current by the changelog and
 *                       shared on a share, when the account has at most
 *                       this many (building it costs one read per 1000);
 *                       0: every look-up asks the service
 *
 *   [keys]
 *   ACTION = KEY [KEY...]   e.g. "down = j Down C-n"; "none" unbinds
 *
 *   [notify]
 *   KEY = VALUE             kept as read, for notify_config_set (alerts.c
 *                           applies them and names the line at fault)
 *
 * The table below (as calcurse's confmap) is the one list of [ui] keys.
 *
 * The state ($XDG_STATE_HOME/routedesk/state, default
 * ~/.local/state/routedesk/state) is lines of KEY=VALUE that the console
 * writes at exit: the last pane, the review date and the day it was saved,
 * each pane's filter, and the `:` history (history in its own file).  The
 * pane and filters come back; the day under review is always today unless
 * --date names another (app.c, choose_start): a console opened in the
 * morning on another day, silently, would pass a stale day for the day's
 * work.
 */

struct ui_config {
	int refresh;          /* seconds, default 60; 0 off */
	int refresh_idle;     /* seconds, default 600; 0 never backs off */
	int read_share;       /* percent of the day's reads routedesk may use, default 50 */
	char *office_hours;   /* "07:00-18:00", or NULL: always */
	int office_hours_line; /* its line in the file, for messages; 0 unset */
	char *theme;          /* malloc'd, or NULL */
	int theme_line;       /* the same */
	int ascii;            /* 0/1 */
	int glyphs;           /* 0/1, default 1: 0 drops the decorative ones */
	int mouse;            /* 0/1, default 1: clicks and the wheel */
	int preview;          /* 0/1, default 1: 0 starts with the previews hidden */
	int full_bar;         /* 0/1, default 0: 1 colours the selected row's
	                       * width, not its marker to the end of the name */
	long budget_reserve;  /* default 50 */
	long customer_index;  /* most customers the index keeps, default 10000; 0 off */
	/* [keys] lines in file order, for keymap_bind: names[i] = values[i] */
	char **key_names, **key_values;
	int *key_lines;       /* line numbers, for messages */
	size_t n_keys;
	/* [notify] lines in file order, the same way */
	char **notify_names, **notify_values;
	int *notify_lines;
	size_t n_notify;
	/* "PATH:LINE: unknown setting ... (ignored)" lines, one per unknown
	 * setting or section: said at start, never fatal. */
	struct strbuf warnings;
};

void state_config_init(struct ui_config *c);
void state_config_free(struct ui_config *c);

/* Reads the [ui], [keys] and [notify] sections of text (path for
 * messages) into c (which holds defaults).  Bad values are errors: 0, or
 * -1 with the first bad line's "PATH:LINE: ..." appended to err (c keeps
 * every good line's value, those after the bad one too).  An unknown setting of [ui] or [account NAME], or an
 * unknown section, is a warning in c->warnings. */
int state_config_parse(const char *text, const char *path, struct ui_config *c,
                       struct strbuf *err);

/* Reads the config file when it exists (a missing file is not an error).
 * 0, or -1 with a message in err. */
int state_config_load(struct ui_config *c, struct strbuf *err);

/* What is remembered between runs. */
struct ui_state {
	char pane[32];        /* "routes", "customers" ... or "" */
	char date[11];        /* "YYYY-MM-DD" or "" */
	char saved_on[11];    /* the day it was written */
	char *filters[8];     /* per pane (index of app's pane table), malloc'd or NULL */
};

void state_init(struct ui_state *s);
void state_free(struct ui_state *s);
/* Parses state text (unknown keys are skipped: a newer version's file
 * must not break an older one).  Pane filters are keyed by pane_names,
 * n_panes of them (at most 8). */
void state_parse(const char *text, struct ui_state *s, const char *const *pane_names,
                 size_t n_panes);
/* Formats s as state text onto out. */
void state_format(const struct ui_state *s, const char *const *pane_names, size_t n_panes,
                  struct strbuf *out);

/* The state directory (malloc'd), from XDG_STATE_HOME or HOME; NULL when
 * neither is set. */
char *state_dir(void);
/* Reads / writes the state file (created 0600; a missing file reads as
 * empty).  0 or -1 with a message in err. */
int state_load(struct ui_state *s, const char *const *pane_names, size_t n_panes,
               struct strbuf *err);
int state_save(const struct ui_state *s, const char *const *pane_names, size_t n_panes,
               struct strbuf *err);

/* The `:` history: one entry per line, oldest first, at most max kept.
 * load returns the number of entries (*lines malloc'd, each malloc'd). */
size_t state_history_load(char ***lines, size_t max);
void state_history_save(char *const *lines, size_t n);


/* mkdir -p dir, each level it makes 0700 (the state directory holds what
 * the user typed).  0, or -1 with errno set. */
int state_make_dirs(const char *dir);
/* Writes len bytes of text to path through path.tmp (0600) and rename:
 * a crash mid-write leaves the old file whole, and no other user reads
 * it.  0, or -1 with a message ("PATH: reason") in err (may be NULL). */
int state_write_file(const char *path, const char *text, size_t len, struct strbuf *err);


#endif
