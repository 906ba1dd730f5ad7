/* script.h: ROUTEDESK_SCRIPT: keys and commands from a file, and :save-display. */
#ifndef ROUTEDESK_UI_SCRIPT_H
#define ROUTEDESK_UI_SCRIPT_H

#include <stddef.h>

struct strbuf;

/*
 * With ROUTEDESK_SCRIPT=FILE the console runs without a terminal (the
 * screen lives in memory, size from LINES and COLUMNS) and takes its input
 * from FILE, one step per line:
 *
 *   # a comment; blank lines are skipped
 *   j                  a key, by the names of action.h's action_key_parse:
 *   Enter              j, G, ?, Enter, Tab, S-Tab, Esc, Space, Backspace,
 *   C-x                Up, Down, Left, Right, PgUp, PgDn, Home, End,
 *   F1                 F1..F12, C-a..C-z
 *   "smith"            each character typed, as keys (into a / or : prompt)
 *   :cust smith        a `:` command, run as if typed and entered
 *   :save-display out.txt
 *                      writes the screen's text (trailing blanks trimmed,
 *                      one line per screen line) to out.txt
 *   :resize 100x30     resizes the screen (COLSxLINES), as SIGWINCH would
 *
 * and the runner's own commands, for stress tests (a user cannot type
 * them):
 *
 *   :script-race on    later steps run without waiting for the fetch thread
 *                      (as fast keys would); :script-race off waits again
 *   :script-wait MS    no step for MS milliseconds (results still land)
 *   :script-check      waits until the fetch thread is idle, then fails
 *                      (exit status 1, the reasons on stderr) unless every
 *                      job submitted ended in one outcome and nothing on
 *                      screen still waits for one
 *
 * A step runs only when the fetch thread is idle (fetch_pending() == 0)
 * and the screen is drawn; the console waits at most
 * ROUTEDESK_SCRIPT_TIMEOUT seconds (default 30) for that, then fails with
 * exit status 1 naming the line.  At the end of the file the console quits
 * cleanly (exit 0), as Q would; errors it showed meanwhile are also
 * written to stderr, each line prefixed "routedesk: ".
 */

enum script_kind { SCRIPT_KEYS, SCRIPT_COMMAND };

struct script_step {
	enum script_kind kind;
	int *keys;        /* SCRIPT_KEYS: one or more keys */
	size_t n_keys;
	char *command;    /* SCRIPT_COMMAND: without the ':' */
	int line;
};

struct script {
	struct script_step *steps;
	size_t n, next;
	char *path;
};

/* Parses script text (path for messages).  NULL with "PATH:LINE: ..." in
 * err when a line is not a key name, a quoted text or a command. */
struct script *script_parse(const char *text, const char *path, struct strbuf *err);
/* Reads and parses a file. */
struct script *script_load(const char *path, struct strbuf *err);
void script_free(struct script *s);
/* The next step, or NULL at the end. */
const struct script_step *script_next(struct script *s);
/* The line of the step script_next would give, 0 at the end. */
int script_next_line(const struct script *s);

/* The runner (script_run.c), between the main loop's turns. */
struct ui;

struct script_run {
	int race;        /* steps run without waiting for the fetch thread */
	double pause;    /* :script-wait: no step before this moment */
	int check;       /* :script-check: wait for idle, then check */
	int line;        /* of the step run last (before the first: the first) */
	double timeout;  /* ROUTEDESK_SCRIPT_TIMEOUT */
	double deadline; /* a step not run by then fails the script */
};

enum script_turn {
	SCRIPT_WAIT,   /* nothing to run yet: poll until *until */
	SCRIPT_AGAIN,  /* a step ran: turn again at once */
	SCRIPT_END,    /* the script is over: quit, exit 0 */
	SCRIPT_FAILED, /* a check or the timeout failed it (stderr says) */
};

void script_run_start(struct script_run *sr, const struct script *s, double now);
/* One turn: runs the next step when the fetch thread is idle and the
 * screen drawn (or at once under :script-race), handles the runner's own
 * commands, and fails the script past the deadline. */
enum script_turn script_run_turn(struct ui *ui, struct script_run *sr, double now, double *until);

/* Writes the text of the current screen (stdscr) to path: one line per
 * screen line, trailing blanks trimmed.  0, or -1 with a message in err. */
int script_save_display(const char *path, struct strbuf *err);

#endif
