/* action.h: the one action table (names, default keys, help), key names and the key map. */
#ifndef ROUTEDESK_UI_ACTION_H
#define ROUTEDESK_UI_ACTION_H

#include <stddef.h>

struct strbuf;

/*
 * Design (tig's request table): every key the console understands is an
 * action in one table with its name (used in the config's [keys] section),
 * its default keys and its help text (N_(), translated when shown).  The
 * key map, the help view and the status-line hints are generated from the
 * table and the user's rebindings, so help always shows the live keys.
 *
 * Keys are ints: a character is its code point; a curses function key
 * (KEY_DOWN, KEY_F(1) ...) is KEYF | its code, so it never collides with
 * a character of the same number.  Control characters are their code
 * (C-x is 24, Tab 9, Enter 10, Esc 27).
 */
#define KEYF (1 << 24)
/* The brackets a terminal puts around pasted text (ESC [ 200 ~ and
 * ESC [ 201 ~, once the console asked for them): beyond every curses key. */
#define KEY_PASTE_BEGIN (KEYF | 0x10000)
#define KEY_PASTE_END (KEYF | 0x10001)

enum action {
	ACT_NONE = 0,
	ACT_HELP,
	ACT_BACK,
	ACT_QUIT,
	ACT_POP,
	ACT_COMMAND,
	ACT_FILTER,
	ACT_NEXT_MATCH,
	ACT_PREV_MATCH,
	ACT_DOWN,
	ACT_UP,
	ACT_LEFT,
	ACT_RIGHT,
	ACT_FIRST,
	ACT_LAST,
	ACT_PAGE_DOWN,
	ACT_PAGE_UP,
	ACT_ENTER,
	ACT_NEXT_PANE,
	ACT_PREV_PANE,
	ACT_PANE_1,
	ACT_PANE_2,
	ACT_PANE_3,
	ACT_PANE_4,
	ACT_PANE_5,
	ACT_PANE_6,
	ACT_PREV_DAY,
	ACT_NEXT_DAY,
	ACT_TODAY,
	ACT_SORT_PREV,
	ACT_SORT_NEXT,
	ACT_SORT_INVERT,
	ACT_REFRESH,
	ACT_RELOAD,
	ACT_PAUSE,
	ACT_COPY,
	ACT_ADD_NOTE,
	ACT_ADD_ON,
	ACT_LEAD_STAGE,
	ACT_MOVE_STOP,
	ACT_CANCEL_STOP,
	ACT_COMPLETE_STOP,
	ACT_PREVIEW,
	ACT_RAW,
	ACT_REDRAW,
	ACT_COUNT,
};

enum {
	ACTF_WRITE = 1u << 0, /* a write: hidden (and refused) under --readonly */
	ACTF_HINT = 1u << 1,  /* shown in the status line's hints */
};

struct action_def {
	enum action id;
	const char *name;   /* config name: "page_down" */
	const char *keys;   /* default keys, space-separated key names */
	const char *help;   /* N_() */
	const char *hint;   /* N_() or NC_() short label for the status line, or NULL */
	unsigned flags;
};

/* The table entry of a, or NULL (ACT_NONE, out of range). */
const struct action_def *action_def(enum action a);
/* The action named name, or ACT_NONE. */
enum action action_lookup(const char *name);

/* Parses a key name: a single character ("j", "?", "é"), "C-x", "Enter",
 * "Tab", "S-Tab", "Esc", "Space", "Backspace", "Del", "Ins", "Up", "Down",
 * "Left", "Right", "PgUp", "PgDn", "Home", "End", "F1".."F12".  Case
 * matters for single characters only.  The key, or -1. */
int action_key_parse(const char *name);
/* Writes the name of key into buf (at least 16 bytes); returns buf. */
char *action_key_name(int key, char *buf, size_t size);
/* Folds the codes curses gives for the same key into one: CR and
 * KEY_ENTER to Enter (10), DEL (127), BS (8) and KEY_BACKSPACE to
 * Backspace, vt220's Find and Select to Home and End; returns key
 * unchanged otherwise. */
int action_key_normalize(int key);

/*
 * Pasted text is text, never commands: a newline in an address pasted at
 * the : prompt ran the rest as keys (M moved a stop, Q quit), and a tab in
 * a pasted note moved to the next field, where y ticked "show to
 * customer".  Between the brackets each key goes through action_paste_key
 * for what would take it.
 */
enum paste_into {
	PASTE_NOWHERE, /* no text field or prompt has the keyboard: dropped */
	PASTE_LINE,    /* a one-line field or the : and / prompts */
	PASTE_LINES,   /* a text field of several lines (a note) */
};
struct paste {
	int on;              /* between KEY_PASTE_BEGIN and KEY_PASTE_END */
	int last;            /* the key before, as pasted (CR LF is one newline) */
	unsigned long taken; /* characters that went in */
	unsigned long lost;  /* characters dropped: nothing to type them into */
	unsigned long cut;   /* characters past the end of a full prompt line */
	double at;           /* monotonic seconds of its last key */
};
/* A paste whose closing bracket has not come after this many seconds
 * without a key ends (action_paste_idle): a terminal that lost it would
 * otherwise leave the keyboard dropping every key.  Not an Esc: pasted
 * text holds ESC bytes (tmux passes them on), and one that ended the paste
 * ran the rest of it as keys.  A paste arrives at the link's pace; a
 * second without a byte is not a paste. */
#define PASTE_IDLE_S 1.0
/* Starts a paste (KEY_PASTE_BEGIN) at now: counts from zero. */
void action_paste_begin(struct paste *p, double now);
/* Whether a paste is on and its last key is PASTE_IDLE_S before now. */
int action_paste_idle(const struct paste *p, double now);
/* The key a pasted key becomes in into: printable characters as they are,
 * a line break a newline (PASTE_LINES) or a space, a tab a space; -1 for
 * what is dropped (other control characters, function keys, everything
 * when into is PASTE_NOWHERE, and the LF of a CR LF). */
int action_paste_key(struct paste *p, int key, enum paste_into into);

/* What a mouse event asks (the terminal reports it when it can). */
enum mouse_do {
	MOUSE_NONE,
	MOUSE_SELECT,   /* a click: select the row under it */
	MOUSE_OPEN,     /* a double click: select it and open it (Enter) */
	MOUSE_UP,       /* the wheel: scroll up */
	MOUSE_DOWN,
};
/* The meaning of a curses mouse event's button state (mmask_t). */
enum mouse_do action_mouse_do(unsigned long bstate);
/* The events action_mouse_do reads, for mousemask(). */
unsigned long action_mouse_mask(void);

struct keymap;

/* The defaults of the table; free with keymap_free. */
struct keymap *keymap_new(void);
void keymap_free(struct keymap *km);
/* The action of key, or ACT_NONE. */
enum action keymap_action(const struct keymap *km, int key);
/* Rebinds action name to keys ("j Down", or "none"): the action's old
 * keys are dropped and each key is taken from whatever had it.  0, or -1
 * with a message in err (unknown action or key name, or C-s or C-q, which
 * flow control takes; km unchanged). */
int keymap_bind(struct keymap *km, const char *name, const char *keys, struct strbuf *err);
/* Appends the live keys of a as names separated by sep ("j Down"); returns
 * how many. */
size_t keymap_keys_text(const struct keymap *km, enum action a, const char *sep,
                        struct strbuf *out);
/* The first live key of a, or -1 when unbound. */
int keymap_first_key(const struct keymap *km, enum action a);

/* The status line's hints from the live keys ("? help  / filter ..."),
 * skipping write actions when readonly. */
void keymap_hints(const struct keymap *km, int readonly, struct strbuf *out);

#endif
