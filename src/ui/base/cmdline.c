/* cmdline.c: the prompt's line editor, its history, the command table and completion. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/base/action.h"
#include "ui/base/cmdline.h"

static const struct cmd_def commands[] = {
	{ "q", CMDARG_NONE, N_("Back; from another pane to Routes; quit on Routes (as the q key)") },
	{ "quit", CMDARG_NONE, N_("Quit") },
	{ "view", CMDARG_VIEW, N_("Switch pane: routes, stops, customers, subscriptions, tickets, timeline") },
	{ "date", CMDARG_DATE, N_("Review another day: YYYY-MM-DD, today, +N or -N days") },
	{ "theme", CMDARG_THEME, N_("Switch theme (Tab lists them)") },
	{ "refresh", CMDARG_NONE, N_("Fetch what changed now (the auto-refresh tick)") },
	{ "log", CMDARG_NONE, N_("The activity log: this session's writes") },
	{ "info", CMDARG_NONE, N_("Account, server, requests made and budget left") },
	{ "messages", CMDARG_NONE, N_("What the message line said, whole, newest first") },
	{ "save-display", CMDARG_FILE, N_("Write the screen's text to FILE") },
	{ "help", CMDARG_NONE, N_("The keys and commands") },
	{ "cust", CMDARG_TEXT, N_("Find customers by name, company, phone, address, e-mail or id") },
	{ "sub", CMDARG_TEXT, N_("Search subscriptions on the server (e.g. lead)") },
	{ "ticket", CMDARG_TEXT, N_("Search tickets on the server (e.g. open)") },
	{ "timeline", CMDARG_NONE, N_("The Timeline pane: the day's stops by route and hour") },
	{ "resize", CMDARG_TEXT, N_("Scripts only: resize the screen to COLSxLINES") },
};

const char *const cmdline_view_names[] = {
	"routes", "stops", "customers", "subscriptions", "tickets", "timeline",
};
const size_t cmdline_n_view_names = sizeof(cmdline_view_names) / sizeof(cmdline_view_names[0]);

const struct cmd_def *cmdline_commands(size_t *n)
{
	*n = sizeof(commands) / sizeof(commands[0]);
	return commands;
}

const struct cmd_def *cmdline_command(const char *name)
{
	const struct cmd_def *found = NULL;
	size_t len = strlen(name);

	if (!len)
		return NULL;
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
		if (strncmp(commands[i].name, name, len) == 0) {
			if (found)
				return NULL; /* ambiguous */
			found = &commands[i];
		}
	}
	return found;
}

size_t cmdline_candidates(const char *name, struct strbuf *out)
{
	size_t len = strlen(name), count = 0;

	if (!len)
		return 0;
	if (cmdline_command(name)) {
		strbuf_addf(out, ":%s", cmdline_command(name)->name);
		return 1;
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strncmp(commands[i].name, name, len) != 0)
			continue;
		strbuf_addf(out, "%s:%s", count ? ", " : "", commands[i].name);
		count++;
	}
	return count;
}

void cmdline_init(struct cmdline *c, size_t max_hist)
{
	memset(c, 0, sizeof(*c));
	c->max_hist = max_hist;
	c->cap = 64;
	c->buf = xcalloc(1, c->cap);
}

void cmdline_free(struct cmdline *c)
{
	for (size_t i = 0; i < c->n_hist; i++)
		free(c->hist[i]);
	free(c->hist);
	free(c->buf);
	free(c->saved);
	memset(c, 0, sizeof(*c));
}

void cmdline_set(struct cmdline *c, const char *text)
{
	size_t len = text ? strlen(text) : 0;

	if (len + 1 > c->cap) {
		c->cap = len + 64;
		c->buf = xrealloc(c->buf, c->cap);
	}
	if (len)
		memcpy(c->buf, text, len);
	c->buf[len] = '\0';
	c->len = len;
	c->cur = len;
}

void cmdline_start(struct cmdline *c, char prompt, const char *text)
{
	c->prompt = prompt;
	cmdline_set(c, text);
	c->hist_pos = c->n_hist;
	free(c->saved);
	c->saved = NULL;
}

const char *cmdline_text(const struct cmdline *c)
{
	return c->buf;
}

static void insert(struct cmdline *c, const char *s, size_t n)
{
	if (c->len + n + 1 > c->cap) {
		c->cap = (c->len + n + 1) * 2;
		c->buf = xrealloc(c->buf, c->cap);
	}
	memmove(c->buf + c->cur + n, c->buf + c->cur, c->len - c->cur + 1);
	memcpy(c->buf + c->cur, s, n);
	c->len += n;
	c->cur += n;
}

static void delete_range(struct cmdline *c, size_t from, size_t to)
{
	memmove(c->buf + from, c->buf + to, c->len - to + 1);
	c->len -= to - from;
	if (c->cur > to)
		c->cur -= to - from;
	else if (c->cur > from)
		c->cur = from;
}

static size_t prev_char(const struct cmdline *c, size_t at)
{
	if (at == 0)
		return 0;
	at--;
	while (at > 0 && ((unsigned char)c->buf[at] & 0xc0) == 0x80)
		at--;
	return at;
}

static size_t next_char(const struct cmdline *c, size_t at)
{
	if (at >= c->len)
		return c->len;
	at++;
	while (at < c->len && ((unsigned char)c->buf[at] & 0xc0) == 0x80)
		at++;
	return at;
}

static void history_move(struct cmdline *c, int dir)
{
	if (dir < 0 && c->hist_pos == 0)
		return;
	if (dir > 0 && c->hist_pos >= c->n_hist)
		return;
	if (c->hist_pos == c->n_hist) {
		free(c->saved);
		c->saved = xstrdup(c->buf);
	}
	c->hist_pos = dir < 0 ? c->hist_pos - 1 : c->hist_pos + 1;
	cmdline_set(c, c->hist_pos == c->n_hist ? c->saved : c->hist[c->hist_pos]);
}

/* 0, or -1 when the line has no room for the character (CMDLINE_MAX). */
static int put_char(struct cmdline *c, int cp)
{
	char u[4];
	size_t n = cp < 0 ? 0 : utf8_encode((uint32_t)cp, u);

	if (!n)
		return 0;
	if (c->len + n > CMDLINE_MAX)
		return -1;
	insert(c, u, n);
	return 0;
}

enum cmdline_rc cmdline_key(struct cmdline *c, int key)
{
	size_t p;

	key = action_key_normalize(key);
	switch (key) {
	case '\n':
		return CMDLINE_DONE;
	case 27:
	case 3:  /* C-c */
	case 7:  /* C-g */
		return CMDLINE_CANCEL;
	case '\t':
		return CMDLINE_COMPLETE;
	case KEYF | KEY_LEFT:
	case 2: /* C-b */
		c->cur = prev_char(c, c->cur);
		break;
	case KEYF | KEY_RIGHT:
	case 6: /* C-f */
		c->cur = next_char(c, c->cur);
		break;
	case KEYF | KEY_HOME:
	case 1: /* C-a */
		c->cur = 0;
		break;
	case KEYF | KEY_END:
	case 5: /* C-e */
		c->cur = c->len;
		break;
	case KEYF | KEY_BACKSPACE:
		/* Backspace on an empty prompt leaves it, as in vim and less. */
		if (c->len == 0)
			return CMDLINE_CANCEL;
		delete_range(c, prev_char(c, c->cur), c->cur);
		break;
	case KEYF | KEY_DC:
	case 4: /* C-d */
		delete_range(c, c->cur, next_char(c, c->cur));
		break;
	case 21: /* C-u */
		delete_range(c, 0, c->cur);
		break;
	case 11: /* C-k */
		delete_range(c, c->cur, c->len);
		break;
	case 23: /* C-w */
		p = c->cur;
		while (p > 0 && c->buf[p - 1] == ' ')
			p--;
		while (p > 0 && c->buf[p - 1] != ' ')
			p--;
		delete_range(c, p, c->cur);
		break;
	case KEYF | KEY_UP:
	case 16: /* C-p */
		history_move(c, -1);
		break;
	case KEYF | KEY_DOWN:
	case 14: /* C-n */
		history_move(c, 1);
		break;
	default:
		if (!(key & KEYF) && key >= ' ' && key != 127 && key < 0x110000 &&
		    !(key >= 0x80 && key < 0xa0) && put_char(c, key) < 0)
			return CMDLINE_FULL;
		break;
	}
	return CMDLINE_EDIT;
}

void cmdline_history_add(struct cmdline *c, const char *line)
{
	const char *s = line;

	while (*s == ' ')
		s++;
	if (!*s || c->max_hist == 0)
		return;
	if (c->n_hist && strcmp(c->hist[c->n_hist - 1], line) == 0)
		return;
	if (c->n_hist == c->max_hist) {
		free(c->hist[0]);
		memmove(c->hist, c->hist + 1, (c->n_hist - 1) * sizeof(*c->hist));
		c->n_hist--;
	}
	c->hist = xrealloc(c->hist, (c->n_hist + 1) * sizeof(*c->hist));
	c->hist[c->n_hist++] = xstrdup(line);
	c->hist_pos = c->n_hist;
}

int cmdline_split(const char *line, char **name, const char **args)
{
	const char *s = line, *e;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s)
		return -1;
	e = s;
	while (*e && *e != ' ' && *e != '\t')
		e++;
	*name = xstrndup(s, (size_t)(e - s));
	while (*e == ' ' || *e == '\t')
		e++;
	*args = e;
	return 0;
}

/* Candidates of prefix among names: count, the longest common prefix
 * (into lcp), and the list (into alts). */
static size_t match_names(const char *prefix, const char *const *names, size_t n,
                          struct strbuf *lcp, struct strbuf *alts)
{
	size_t plen = strlen(prefix), count = 0, common = 0;
	const char *first = NULL;

	for (size_t i = 0; i < n; i++) {
		if (strncmp(names[i], prefix, plen) != 0)
			continue;
		if (!first) {
			first = names[i];
			common = strlen(first);
		} else {
			size_t k = 0;

			while (k < common && names[i][k] == first[k])
				k++;
			common = k;
		}
		if (alts->len)
			strbuf_addc(alts, ' ');
		strbuf_adds(alts, names[i]);
		count++;
	}
	if (first)
		strbuf_add(lcp, first, common);
	return count;
}

size_t cmdline_complete(const char *line, char *const *themes, size_t n_themes,
                        struct strbuf *out, struct strbuf *alts)
{
	const char *sp = strchr(line, ' ');
	struct strbuf lcp = STRBUF_INIT;
	size_t count = 0;

	strbuf_reset(out);
	strbuf_reset(alts);
	if (!sp) {
		size_t n;
		const struct cmd_def *defs = cmdline_commands(&n);
		const char **names = xmalloc(n * sizeof(*names));

		for (size_t i = 0; i < n; i++)
			names[i] = defs[i].name;
		count = match_names(line, names, n, &lcp, alts);
		free(names);
		strbuf_adds(out, count ? strbuf_str(&lcp) : line);
		if (count == 1 && cmdline_command(lcp.buf)->arg != CMDARG_NONE)
			strbuf_addc(out, ' ');
	} else {
		char *name = xstrndup(line, (size_t)(sp - line));
		const struct cmd_def *def = cmdline_command(name);
		const char *arg = sp;

		while (*arg == ' ')
			arg++;
		strbuf_add(out, line, (size_t)(arg - line));
		if (def && def->arg == CMDARG_VIEW)
			count = match_names(arg, cmdline_view_names, cmdline_n_view_names, &lcp, alts);
		else if (def && def->arg == CMDARG_THEME)
			count = match_names(arg, (const char *const *)themes, n_themes, &lcp, alts);
		strbuf_adds(out, count ? strbuf_str(&lcp) : arg);
		free(name);
	}
	if (count <= 1)
		strbuf_reset(alts);
	strbuf_free(&lcp);
	return count;
}
