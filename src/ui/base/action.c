/* action.c: the action table, key names, and the key map built from them. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/base/action.h"

/* The one table.  Order is the help's order.  Ctrl-S and Ctrl-Q are
 * deliberately unbound (flow control on too many terminals), and [keys]
 * may not bind them either (parse_keys). */
static const struct action_def table[] = {
	{ ACT_HELP, "help", "? F1", N_("Show the keys and what they do"), N_("help"), ACTF_HINT },
	{ ACT_BACK, "back", "q", N_("Back; from another pane to Routes; quit on Routes"), N_("back"), ACTF_HINT },
	{ ACT_QUIT, "quit", "Q", N_("Quit"), NULL, 0 },
	{ ACT_POP, "pop", "- Esc", N_("Clear the filter, else back to the previous view"), NULL, 0 },
	{ ACT_COMMAND, "command", ":", N_("Enter a command (Tab completes, Up/Down history)"), N_("command"), ACTF_HINT },
	{ ACT_FILTER, "filter", "/", N_("Filter the rows: show only those containing the text"), N_("filter"), ACTF_HINT },
	{ ACT_NEXT_MATCH, "next_match", "n", N_("Next row matching the filter text"), NULL, 0 },
	{ ACT_PREV_MATCH, "prev_match", "N", N_("Previous row matching the filter text"), NULL, 0 },
	{ ACT_DOWN, "down", "j Down", N_("Move down one row"), NULL, 0 },
	{ ACT_UP, "up", "k Up", N_("Move up one row"), NULL, 0 },
	{ ACT_LEFT, "left", "h Left", N_("Timeline: the previous stop of the lane in time"), NULL, 0 },
	{ ACT_RIGHT, "right", "l Right", N_("Timeline: the next stop of the lane in time"), NULL, 0 },
	{ ACT_FIRST, "first", "g Home", N_("Go to the first row"), NULL, 0 },
	{ ACT_LAST, "last", "G End", N_("Go to the last row"), NULL, 0 },
	{ ACT_PAGE_DOWN, "page_down", "PgDn C-f", N_("Move down one page"), NULL, 0 },
	{ ACT_PAGE_UP, "page_up", "PgUp C-b", N_("Move up one page"), NULL, 0 },
	{ ACT_ENTER, "enter", "Enter", N_("Open the selected row (drill down)"), NC_("key hint", "open"), ACTF_HINT },
	{ ACT_NEXT_PANE, "next_pane", "Tab", N_("Next pane"), NULL, 0 },
	{ ACT_PREV_PANE, "prev_pane", "S-Tab", N_("Previous pane"), NULL, 0 },
	{ ACT_PANE_1, "pane_routes", "1", N_("Routes pane (the day's review)"), NULL, 0 },
	{ ACT_PANE_2, "pane_stops", "2", N_("Stops pane (of the selected route)"), NULL, 0 },
	{ ACT_PANE_3, "pane_customers", "3", N_("Customers pane"), NULL, 0 },
	{ ACT_PANE_4, "pane_subscriptions", "4", N_("Subscriptions pane"), NULL, 0 },
	{ ACT_PANE_5, "pane_tickets", "5", N_("Tickets pane"), NULL, 0 },
	{ ACT_PANE_6, "pane_timeline", "6", N_("Timeline pane (the day's stops by route and hour)"), NULL, 0 },
	{ ACT_PREV_DAY, "prev_day", "[", N_("Review the previous day"), N_("day-"), ACTF_HINT },
	{ ACT_NEXT_DAY, "next_day", "]", N_("Review the next day"), N_("day+"), ACTF_HINT },
	{ ACT_TODAY, "today", "t", N_("Review today"), NULL, 0 },
	{ ACT_SORT_PREV, "sort_prev", "<", N_("Sort by the previous column"), NULL, 0 },
	{ ACT_SORT_NEXT, "sort_next", ">", N_("Sort by the next column"), N_("sort"), ACTF_HINT },
	{ ACT_SORT_INVERT, "sort_invert", "I", N_("Invert the sort order"), NULL, 0 },
	{ ACT_REFRESH, "refresh", "r", N_("Fetch again only what changed since the last sync"), N_("refresh"), ACTF_HINT },
	{ ACT_RELOAD, "reload", "R", N_("Fetch this view again in full: the whole day, or the search"), NULL, 0 },
	{ ACT_PAUSE, "pause", "Z", N_("Pause or resume the auto-refresh"), NULL, 0 },
	{ ACT_COPY, "copy", "y", N_("Copy the selected row's id to the clipboard (OSC 52)"), NULL, 0 },
	{ ACT_ADD_NOTE, "add_note", "A", N_("Add a note to the selected record"), NULL, ACTF_WRITE },
	{ ACT_ADD_ON, "add_on", "+", N_("Add an add-on to the selected invoice"), NULL, ACTF_WRITE },
	{ ACT_LEAD_STAGE, "lead_stage", "L", N_("Change the selected lead's stage"), NULL, ACTF_WRITE },
	{ ACT_MOVE_STOP, "move_stop", "M", N_("Move the selected stop to another route or time"), NULL, ACTF_WRITE },
	{ ACT_CANCEL_STOP, "cancel_stop", "X", N_("Cancel the selected stop, with a reason"), NULL, ACTF_WRITE },
	{ ACT_COMPLETE_STOP, "complete_stop", "D", N_("Mark the selected stop done or a no-show"), NULL, ACTF_WRITE },
	{ ACT_PREVIEW, "preview", "p", N_("Hide or show the preview of the selected row"), NULL, 0 },
	{ ACT_RAW, "raw", "v", N_("Customer detail: the raw record, or back to the summary"), NULL, 0 },
	{ ACT_REDRAW, "redraw", "C-l", N_("Redraw the whole screen"), NULL, 0 },
};

#define N_ACTIONS (sizeof(table) / sizeof(table[0]))

/* Button 4 and 5 are the wheel on xterm, tmux and most others; a
 * terminal that reports them as presses reports no release. */
enum mouse_do action_mouse_do(unsigned long bstate)
{
	if (bstate & (BUTTON1_DOUBLE_CLICKED | BUTTON1_TRIPLE_CLICKED))
		return MOUSE_OPEN;
	if (bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED))
		return MOUSE_SELECT;
	if (bstate & BUTTON4_PRESSED)
		return MOUSE_UP;
#ifdef BUTTON5_PRESSED
	if (bstate & BUTTON5_PRESSED)
		return MOUSE_DOWN;
#endif
	return MOUSE_NONE;
}

unsigned long action_mouse_mask(void)
{
	unsigned long m = BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON1_TRIPLE_CLICKED |
	                  BUTTON4_PRESSED;
#ifdef BUTTON5_PRESSED
	m |= BUTTON5_PRESSED;
#endif
	return m;
}

const struct action_def *action_def(enum action a)
{
	for (size_t i = 0; i < N_ACTIONS; i++)
		if (table[i].id == a)
			return &table[i];
	return NULL;
}

enum action action_lookup(const char *name)
{
	for (size_t i = 0; i < N_ACTIONS; i++)
		if (strcmp(table[i].name, name) == 0)
			return table[i].id;
	return ACT_NONE;
}

static const struct {
	const char *name;
	int key;
} named_keys[] = {
	{ "Enter", '\n' }, { "Tab", '\t' }, { "S-Tab", KEYF | KEY_BTAB }, { "Esc", 27 },
	{ "Space", ' ' }, { "Backspace", KEYF | KEY_BACKSPACE }, { "Del", KEYF | KEY_DC },
	{ "Ins", KEYF | KEY_IC }, { "Up", KEYF | KEY_UP }, { "Down", KEYF | KEY_DOWN },
	{ "Left", KEYF | KEY_LEFT }, { "Right", KEYF | KEY_RIGHT }, { "PgUp", KEYF | KEY_PPAGE },
	{ "PgDn", KEYF | KEY_NPAGE }, { "Home", KEYF | KEY_HOME }, { "End", KEYF | KEY_END },
	{ "Resize", KEYF | KEY_RESIZE }, { "PasteBegin", KEY_PASTE_BEGIN },
	{ "PasteEnd", KEY_PASTE_END },
};

/* One UTF-8 character making up all of s: its code point, or -1. */
static int one_char(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	int cp, n;

	if (u[0] < 0x80)
		return u[0] && !u[1] ? u[0] : -1;
	if ((u[0] & 0xe0) == 0xc0) {
		cp = u[0] & 0x1f;
		n = 1;
	} else if ((u[0] & 0xf0) == 0xe0) {
		cp = u[0] & 0x0f;
		n = 2;
	} else if ((u[0] & 0xf8) == 0xf0) {
		cp = u[0] & 0x07;
		n = 3;
	} else {
		return -1;
	}
	for (int i = 1; i <= n; i++) {
		if ((u[i] & 0xc0) != 0x80)
			return -1;
		cp = (cp << 6) | (u[i] & 0x3f);
	}
	return u[n + 1] ? -1 : cp;
}

int action_key_parse(const char *name)
{
	int c;

	if (!name || !*name)
		return -1;
	c = one_char(name);
	if (c > ' ' && c != 127)
		return c;
	for (size_t i = 0; i < sizeof(named_keys) / sizeof(named_keys[0]); i++)
		if (strcasecmp(named_keys[i].name, name) == 0)
			return named_keys[i].key;
	if ((name[0] == 'C' || name[0] == 'c') && name[1] == '-' && name[2] && !name[3]) {
		char l = name[2];

		if (l >= 'A' && l <= 'Z')
			l = (char)(l - 'A' + 'a');
		if (l >= 'a' && l <= 'z')
			return l - 'a' + 1;
		return -1;
	}
	if ((name[0] == 'F' || name[0] == 'f') && name[1] >= '1' && name[1] <= '9') {
		char *end;
		long n = strtol(name + 1, &end, 10);

		if (!*end && n >= 1 && n <= 12)
			return KEYF | KEY_F((int)n);
	}
	return -1;
}

static void put_utf8(char *buf, size_t size, int cp)
{
	char u[4];
	size_t n = cp < 0 ? 0 : utf8_encode((uint32_t)cp, u);

	snprintf(buf, size, "%.*s", (int)n, u);
}

char *action_key_name(int key, char *buf, size_t size)
{
	for (size_t i = 0; i < sizeof(named_keys) / sizeof(named_keys[0]); i++) {
		if (named_keys[i].key == key) {
			snprintf(buf, size, "%s", named_keys[i].name);
			return buf;
		}
	}
	if (key & KEYF) {
		int code = key & ~KEYF;

		if (code >= KEY_F(1) && code <= KEY_F(12))
			snprintf(buf, size, "F%d", code - KEY_F0);
		else
			snprintf(buf, size, "key%03o", code);
	} else if (key >= 1 && key <= 26) {
		snprintf(buf, size, "C-%c", 'a' + key - 1);
	} else if (key > ' ' && key != 127 && key < 0x110000) {
		put_utf8(buf, size, key);
	} else {
		snprintf(buf, size, "0x%x", (unsigned)key);
	}
	return buf;
}

int action_key_normalize(int key)
{
	if (key == '\r' || key == (KEYF | KEY_ENTER))
		return '\n';
	if (key == 127 || key == 8)
		return KEYF | KEY_BACKSPACE;
	/* TERM=vt220 names ESC [ 1 ~ and ESC [ 4 ~ Find and Select (the keys
	 * where a PC has Home and End), and PuTTY, the Linux console and
	 * tmux send them for Home and End: ncurses gave KEY_FIND and
	 * KEY_SELECT, which no binding names, and Home and End did nothing. */
	if (key == (KEYF | KEY_FIND))
		return KEYF | KEY_HOME;
	if (key == (KEYF | KEY_SELECT))
		return KEYF | KEY_END;
	return key;
}

struct binding {
	int key;
	enum action a;
};

struct keymap {
	struct binding *b;
	size_t n, cap;
};

static void km_add(struct keymap *km, int key, enum action a)
{
	if (km->n == km->cap) {
		km->cap = km->cap ? km->cap * 2 : 64;
		km->b = xrealloc(km->b, km->cap * sizeof(*km->b));
	}
	km->b[km->n].key = key;
	km->b[km->n].a = a;
	km->n++;
}

static void km_remove_if(struct keymap *km, int key, enum action a)
{
	size_t o = 0;

	for (size_t i = 0; i < km->n; i++)
		if (km->b[i].key != key && km->b[i].a != a)
			km->b[o++] = km->b[i];
	km->n = o;
}

/* Parses a space-separated key list into keys (at most max).  Returns the
 * count, or -1 with the bad name in err. */
static int parse_keys(const char *text, int *keys, int max, struct strbuf *err)
{
	char *copy = xstrdup(text), *save = NULL;
	int n = 0;

	for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		int k = action_key_parse(w);

		if (k < 0 || n == max) {
			if (err)
				strbuf_addf(err, k < 0 ? _("unknown key name '%s'") : _("too many keys at '%s'"), w);
			free(copy);
			return -1;
		}
		/* XOFF and XON: on a serial line or through some SSH clients
		 * C-s freezes the terminal (C-q thaws it) and neither reaches
		 * us, whatever term.c does to the tty here; an action bound to
		 * one would be an action the dispatcher cannot have. */
		if (k == 19 || k == 17) {
			if (err)
				strbuf_addf(err, _("%s cannot be bound: Ctrl-S and Ctrl-Q stay unbound (flow "
				                   "control on serial lines and some SSH clients)"),
				            k == 19 ? "C-s" : "C-q");
			free(copy);
			return -1;
		}
		/* C-c quits, or cancels a prompt, before any binding is
		 * looked at (dispatch.c): bound, it would be shown in the
		 * help as the action's key and end the console instead. */
		if (k == 3) {
			if (err)
				strbuf_adds(err, _("C-c cannot be bound: it quits the console (in a "
				                   "prompt, cancels it)"));
			free(copy);
			return -1;
		}
		keys[n++] = k;
	}
	free(copy);
	return n;
}

struct keymap *keymap_new(void)
{
	struct keymap *km = xcalloc(1, sizeof(*km));
	int keys[8];

	for (size_t i = 0; i < N_ACTIONS; i++) {
		int n = parse_keys(table[i].keys, keys, 8, NULL);

		/* The table is ours: a bad default is a bug, caught by the tests. */
		if (n < 0)
			abort();
		for (int k = 0; k < n; k++)
			km_add(km, keys[k], table[i].id);
	}
	return km;
}

void keymap_free(struct keymap *km)
{
	if (km) {
		free(km->b);
		free(km);
	}
}

enum action keymap_action(const struct keymap *km, int key)
{
	for (size_t i = 0; i < km->n; i++)
		if (km->b[i].key == key)
			return km->b[i].a;
	return ACT_NONE;
}

int keymap_bind(struct keymap *km, const char *name, const char *keys, struct strbuf *err)
{
	enum action a = action_lookup(name);
	int parsed[8], n = 0;

	if (a == ACT_NONE) {
		strbuf_addf(err, _("unknown action '%s' (the help lists them)"), name);
		return -1;
	}
	if (strcasecmp(keys, "none") != 0) {
		n = parse_keys(keys, parsed, 8, err);
		if (n < 0)
			return -1;
	}
	km_remove_if(km, -1, a);
	for (int i = 0; i < n; i++) {
		km_remove_if(km, parsed[i], ACT_NONE);
		km_add(km, parsed[i], a);
	}
	return 0;
}

size_t keymap_keys_text(const struct keymap *km, enum action a, const char *sep,
                        struct strbuf *out)
{
	size_t n = 0;
	char buf[32];

	for (size_t i = 0; i < km->n; i++) {
		if (km->b[i].a != a)
			continue;
		if (n++)
			strbuf_adds(out, sep);
		strbuf_adds(out, action_key_name(km->b[i].key, buf, sizeof(buf)));
	}
	return n;
}

int keymap_first_key(const struct keymap *km, enum action a)
{
	for (size_t i = 0; i < km->n; i++)
		if (km->b[i].a == a)
			return km->b[i].key;
	return -1;
}

void keymap_hints(const struct keymap *km, int readonly, struct strbuf *out)
{
	char buf[32];
	int n = 0;

	for (size_t i = 0; i < N_ACTIONS; i++) {
		int key;

		if (!(table[i].flags & ACTF_HINT) || !table[i].hint)
			continue;
		if (readonly && (table[i].flags & ACTF_WRITE))
			continue;
		key = keymap_first_key(km, table[i].id);
		if (key < 0)
			continue;
		if (n++)
			strbuf_adds(out, "  ");
		strbuf_addf(out, "%s %s", action_key_name(key, buf, sizeof(buf)),
		            i18n_pgettext(table[i].hint));
	}
}

void action_paste_begin(struct paste *p, double now)
{
	memset(p, 0, sizeof(*p));
	p->on = 1;
	p->at = now;
}

int action_paste_idle(const struct paste *p, double now)
{
	return p->on && now - p->at >= PASTE_IDLE_S;
}

int action_paste_key(struct paste *p, int key, enum paste_into into)
{
	int last = p->last, out;

	p->last = key;
	if (key == '\n' && last == '\r')
		return -1;
	if (key & KEYF)
		out = -1;
	else if (key == '\r' || key == '\n')
		out = into == PASTE_LINES ? '\n' : ' ';
	else if (key == '\t')
		out = ' ';
	else if (key < 0x20 || key == 0x7f || (key >= 0x80 && key < 0xa0))
		out = -1;
	else
		out = key;
	if (out >= 0 && into == PASTE_NOWHERE) {
		p->lost++;
		return -1;
	}
	if (out >= 0)
		p->taken++;
	return out;
}
