/* cmdline.h: the `:` and `/` prompts: a one-line editor, history, commands, completion. */
#ifndef ROUTEDESK_UI_CMDLINE_H
#define ROUTEDESK_UI_CMDLINE_H

#include <stddef.h>

struct strbuf;

/*
 * The editor is pure (no curses): keys in, text and cursor out, so it is
 * unit-tested as is.  Keys are action.h's ints.  Editing: Left/Right,
 * Home/End (C-a/C-e), Backspace/Del, C-u (kill to start), C-k (kill to
 * end), C-w (kill word), Up/Down (history), Tab (completion, answered by
 * the caller through cmdline_complete), Enter (done), Esc/C-c/C-g (cancel).
 */
struct cmdline {
	char prompt;           /* ':' or '/' */
	char *buf;             /* UTF-8, NUL-terminated, malloc'd */
	size_t len, cap;
	size_t cur;            /* byte offset of the cursor, on a character start */
	char **hist;           /* oldest first, malloc'd strings */
	size_t n_hist, max_hist;
	size_t hist_pos;       /* n_hist when editing a new line */
	char *saved;           /* the new line while browsing history */
};

/* The longest line a prompt takes, in bytes: a command or a filter is a
 * few words; a pasted page made each frame re-measure it whole. */
#define CMDLINE_MAX 1024

enum cmdline_rc {
	CMDLINE_EDIT,     /* the text or cursor changed (or nothing happened) */
	CMDLINE_FULL,     /* a character that would take the line past CMDLINE_MAX: dropped */
	CMDLINE_DONE,     /* Enter */
	CMDLINE_CANCEL,   /* Esc */
	CMDLINE_COMPLETE, /* Tab: the caller completes */
};

void cmdline_init(struct cmdline *c, size_t max_hist);
void cmdline_free(struct cmdline *c);
/* Starts a new prompt with text (may be NULL) and the cursor at its end. */
void cmdline_start(struct cmdline *c, char prompt, const char *text);
void cmdline_set(struct cmdline *c, const char *text);
const char *cmdline_text(const struct cmdline *c);
/* One key. */
enum cmdline_rc cmdline_key(struct cmdline *c, int key);
/* Appends line to the history (skipping blanks and a repeat of the last). */
void cmdline_history_add(struct cmdline *c, const char *line);

/* The console's commands, for completion and the help. */
enum cmd_arg { CMDARG_NONE, CMDARG_VIEW, CMDARG_DATE, CMDARG_THEME, CMDARG_FILE, CMDARG_TEXT };
struct cmd_def {
	const char *name;
	enum cmd_arg arg;
	const char *help;     /* N_() */
};
const struct cmd_def *cmdline_commands(size_t *n);
/* The command of a name or of an unambiguous prefix, else NULL. */
const struct cmd_def *cmdline_command(const char *name);
/* What name could mean, for the error when cmdline_command finds nothing:
 * the commands it is a prefix of, appended to out as ":a, :b" in the
 * table's order.  Returns their count (2 or more: ambiguous; 0: unknown;
 * 1 when it names one, as cmdline_command would find it). */
size_t cmdline_candidates(const char *name, struct strbuf *out);
/* The names --view and :view accept. */
extern const char *const cmdline_view_names[];
extern const size_t cmdline_n_view_names;

/* Completes line (the text before the cursor): the command name, or the
 * argument from the command's kind (views, themes from themes[], n_themes).
 * Writes the completed line to out and, when several candidates remain,
 * them space-separated to alts.  Returns the number of candidates. */
size_t cmdline_complete(const char *line, char *const *themes, size_t n_themes,
                        struct strbuf *out, struct strbuf *alts);

/* Splits "name args" into a malloc'd name (*name) and a pointer into line
 * at the trimmed arguments ("" when none).  -1 for an empty line. */
int cmdline_split(const char *line, char **name, const char **args);

#endif
