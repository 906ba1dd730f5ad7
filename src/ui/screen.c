/* screen.c: the screen's layout: header, tabs, body, status line, message line, prompt. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/dates.h"
#include "common/i18n.h"
#include "common/utf8.h"
#include "ui/app.h"
#include "ui/forms/forms.h"
#include "ui/loop.h"
#include "ui/term.h"
#include "ui/base/list.h"

#define MIN_COLS 80
#define MIN_LINES 24
/* Columns of the view's subtitle the header keeps before the refresh's
 * time: "Route 01 ·", enough to tell which route. */
#define SUBTITLE_KEPT 10

/*
 * Layout (80x24 at least):
 *   line 0            header: account, date, view, loading/age, budget
 *   line 1            pane tabs and the drill-down trail
 *   lines 2..L-3      the top view's list (titles, rows, preview)
 *   line L-2          status: key hints, sort, filter, position (Tab's
 *                     candidates while the prompt is open)
 *   line L-1          message, or the `:` / `/` prompt
 */

static void put_fit(int y, int x, int width, const char *s, int right, unsigned long attr,
                    const struct ui *ui)
{
	struct strbuf sb = STRBUF_INIT;

	if (width <= 0)
		return;
	list_fit(&sb, s, strlen(s), width, right, ui->ascii, ui->utf8);
	attrset((attr_t)attr);
	mvaddstr(y, x, sb.buf);
	strbuf_free(&sb);
}

static int text_width(const struct ui *ui, const char *s)
{
	struct strbuf esc = STRBUF_INIT;
	int w;

	utf8_escape_controls(&esc, s, strlen(s));
	w = esc.buf ? (int)utf8_width(esc.buf, esc.len) : 0;
	(void)ui;
	strbuf_free(&esc);
	return w;
}

static int is_review_view(const struct view *v)
{
	const char *name = v->ops->name ? v->ops->name : "";

	return strcmp(name, "routes") == 0 || strcmp(name, "stops") == 0 ||
	       strcmp(name, "timeline") == 0;
}

static int view_loading(const struct ui *ui, const struct view *v)
{
	return v->waiting || (is_review_view(v) && ui->review_gen);
}

/* What the fetch thread waits for, with the seconds left: never a bare
 * "loading" that can last. */
static int add_wait(struct ui *ui, struct strbuf *out)
{
	if (ui->wait.kind == API_WAIT_NONE)
		return 0;
	loop_wait_text(out, &ui->wait, loop_seconds_left(ui->wait.until_ms, app_now()));
	return 1;
}

/* Why the pane's data is not there, when its last fetch failed: NULL
 * otherwise. */
static const char *failure_note(const struct ui *ui, const struct view *v)
{
	const char *why = is_review_view(v) ? ui->review_failed : v->failed;

	return why[0] ? why : NULL;
}

static void add_age(struct ui *ui, const struct view *v, struct strbuf *out)
{
	/* review_at is the last review's, kept past a step to another day
	 * (the refresh's pace reads it): a day with no review on screen has
	 * no age, and "<1m ago" over a failed one read as freshly loaded. */
	double at = !is_review_view(v) ? v->loaded_at : ui->review ? ui->review_at : 0;
	long age;

	if (add_wait(ui, out))
		return;
	if (view_loading(ui, v)) {
		strbuf_adds(out, ui->ascii ? _("loading...") : _("loading\xe2\x80\xa6"));
		return;
	}
	if (at <= 0) {
		strbuf_adds(out, _("not loaded"));
		return;
	}
	age = (long)(app_now() - at);
	/* In minutes, not seconds: the header is drawn with every frame, and
	 * a text that changed every second would make nearly every key
	 * rewrite the header line; minutes change it once a minute at most
	 * (the loop draws when the clock's minute turns, loop_next_minute),
	 * and say all a dispatcher needs of the data's age. */
	if (age < 60)
		strbuf_adds(out, _("<1m ago"));
	else if (age < 3600)
		strbuf_addf(out, _("%ldm ago"), age / 60);
	else
		strbuf_addf(out, _("%ldh ago"), age / 3600);
}

/* The account's name, or the server's host when it came from the
 * environment. */
static const char *account_label(const struct ui *ui)
{
	static char host[64];
	struct strbuf shown = STRBUF_INIT;
	const char *p, *e;

	if (ui->acct.name)
		return ui->acct.name;
	if (!ui->acct.url)
		return "-";
	/* Never a user:password@ (it may be a credential). */
	api_url_shown(ui->acct.url, &shown);
	p = strstr(shown.buf, "://");
	p = p ? p + 3 : shown.buf;
	e = strchr(p, '/');
	snprintf(host, sizeof(host), "%.*s", (int)(e ? e - p : (long)strlen(p)), p);
	strbuf_free(&shown);
	return host;
}

/* ", next 14:05 (idle)": when the auto-refresh runs next, on the wall
 * clock, and with why, why when later than usual (it backs off while
 * nobody types, sleeps after office hours, saves reads when the budget
 * runs low). */
static void add_next_refresh(const struct ui *ui, struct strbuf *out, int why)
{
	time_t at = time(NULL) + (time_t)(ui->next_refresh - app_now() + 0.5);
	struct tm tm;
	char hhmm[8];

	if (!localtime_r(&at, &tm) || !strftime(hhmm, sizeof(hhmm), "%H:%M", &tm))
		return;
	strbuf_adds(out, ", ");
	strbuf_addf(out, _("next %s"), hhmm);
	/* Later than [ui] refresh: why, in a word (:info says it whole). */
	if (why && loop_slow_word(ui->refresh_slow))
		strbuf_addf(out, " (%s)", loop_slow_word(ui->refresh_slow));
}

/* The header's left part: the date first (it must never be cut), the
 * account when with_account, the view's title and subtitle. */
static void header_left(const struct ui *ui, const struct frame *f, const char *sep,
                        int with_account, struct strbuf *left)
{
	static const char *const days[7] = {
		N_("Sun"), N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"),
	};
	struct rd_date d;

	strbuf_reset(left);
	strbuf_addf(left, " %s", ui->date);
	if (date_parse(ui->date, &d) == 0)
		strbuf_addf(left, " %s", _(days[date_weekday(&d)]));
	if (with_account)
		strbuf_addf(left, "%s%s", sep, account_label(ui));
	if (f) {
		strbuf_addf(left, "%s%s", sep, f->v->ops->title ? _(f->v->ops->title) : "");
		if (f->v->subtitle[0])
			strbuf_addf(left, ": %s", f->v->subtitle);
	}
}

static void draw_header(struct ui *ui)
{
	const char *sep = ui->ascii || !ui->config.glyphs ? " | " : " \xe2\x94\x82 ";
	struct frame *f = app_top(ui);
	struct strbuf left = STRBUF_INIT, right = STRBUF_INIT, budget = STRBUF_INIT;
	struct strbuf ours = STRBUF_INIT, fit = STRBUF_INIT, day = STRBUF_INIT;
	unsigned long attr = ui->theme.attr[TE_HEADER];
	int rw, dw, need;

	if (ui->auth_failed)
		strbuf_addf(&right, "%s%s", _("AUTHENTICATION FAILED"), sep);
	else if (ui->offline)
		/* TRANSLATORS: the header's word for a server that takes
		 * connections and sends nothing, where OFFLINE is none reached. */
		strbuf_addf(&right, "%s%s", ui->silent ? _("NO ANSWER") : _("OFFLINE"), sep);
	/* On the header as well as the status line: what the session may do
	 * is read where the account and the date are. */
	if (ui->readonly)
		strbuf_addf(&right, "%s%s", _("READ-ONLY"), sep);
	if (ui->paused || ui->budget_paused)
		strbuf_addf(&right, "%s%s", ui->budget_paused ? _("refresh paused (budget)") : _("refresh paused"), sep);
	if (f)
		add_age(ui, f->v, &right);
	strbuf_adds(&budget, sep);
	strbuf_adds(&day, sep);
	/* The day's figure is the account's, from tokenUsage, as the service
	 * counts it; routedesk's own share of it ([ui] read_share), when
	 * lower, follows if it fits: :info gives both whole. */
	if (ui->budget.known) {
		/* The minute's figure only while it is the last minute's: an
		 * idle console's answer is up to a quarter of an hour old. */
		if (loop_budget_minute_known(ui->budget_wall, (long long)time(NULL)))
			strbuf_addf(&budget, _("reads left %ld/min %ld/day"),
			            ui->budget.reads_left_minute, ui->budget.reads_left_today);
		else
			strbuf_addf(&budget, _("reads left %ld/day"), ui->budget.reads_left_today);
		strbuf_addf(&day, _("reads left %ld/day"), ui->budget.reads_left_today);
		if (ui->reads_share_left >= 0 && ui->reads_share_left < ui->budget.reads_left_today) {
			strbuf_addc(&ours, ' ');
			strbuf_addf(&ours, _("(ours %ld)"), ui->reads_share_left);
		}
	} else {
		strbuf_adds(&budget, _("reads left ?"));
		strbuf_adds(&day, _("reads left ?"));
	}
	/* What the left keeps beside it: the date, the view's title and the
	 * first columns of its subtitle (which route). */
	header_left(ui, NULL, sep, 0, &left);
	need = text_width(ui, left.buf);
	if (f) {
		need += text_width(ui, sep) + text_width(ui, f->v->ops->title ? _(f->v->ops->title) : "");
		if (f->v->subtitle[0])
			need += 2 + (text_width(ui, f->v->subtitle) < SUBTITLE_KEPT
			                 ? text_width(ui, f->v->subtitle) : SUBTITLE_KEPT);
	}
	/* When the next refresh is due (and why, when late), and the share,
	 * if they fit beside that: the budget matters more, the next tick
	 * more than the minute's reads (a read that has to wait for the
	 * minute says so on the header, with its seconds) and the share,
	 * which :info and any read refused say.  At 80 columns the minute's
	 * figure took the room, and "next 14:05" was never shown. */
	for (int with = 4; with >= 0; with--) {
		int can = ui->next_refresh > 0 && !ui->paused && !ui->budget_paused;
		int next = with >= 1 && can;

		/* With no next refresh to show, nothing gives way to it; nor
		 * while the header says a wait, which the minute's figure
		 * explains (waiting for the read budget: 0/min). */
		if ((!can || ui->wait.kind != API_WAIT_NONE) && (with == 1 || with == 2))
			continue;
		strbuf_reset(&fit);
		strbuf_adds(&fit, strbuf_str(&right));
		if (next)
			add_next_refresh(ui, &fit, with >= 2);
		strbuf_adds(&fit, strbuf_str(with >= 3 || with == 0 ? &budget : &day));
		if (with == 4)
			strbuf_adds(&fit, strbuf_str(&ours));
		strbuf_addc(&fit, ' ');
		/* The share only when the account and the view's title still
		 * show whole beside it: it is said in :info. */
		if (with == 4) {
			header_left(ui, f, sep, 1, &left);
			if (text_width(ui, fit.buf) + text_width(ui, left.buf) + 1 > COLS)
				continue;
		}
		if (with == 0 || text_width(ui, fit.buf) + need + 1 <= COLS)
			break;
	}
	{
		struct strbuf whole = fit;

		fit = right;
		right = whole;
	}
	rw = text_width(ui, right.buf);
	/* The right side (a wait, the budget) may take all but the date:
	 * what the console waits for, and for how long, must not be cut.
	 * The date's own width, weekday included (a translation's may be
	 * longer than three letters). */
	header_left(ui, NULL, sep, 0, &left);
	dw = text_width(ui, left.buf);
	if (rw > COLS - dw - 1)
		rw = COLS - dw - 1;
	header_left(ui, f, sep, 1, &left);
	/* Too narrow for all of it: the account goes before the view's
	 * title and subtitle (which route, whose detail) are cut. */
	if (text_width(ui, left.buf) > COLS - rw - 1 && f)
		header_left(ui, f, sep, 0, &left);
	/* Room for the date and less than three columns of the title (a
	 * long wait): the date whole, not cut into ("2026-11-20 Fr…"), nor
	 * followed by a separator and an ellipsis. */
	if (text_width(ui, left.buf) > COLS - rw - 1 &&
	    COLS - rw - 1 < dw + text_width(ui, sep) + 3)
		header_left(ui, NULL, sep, 0, &left);
	put_fit(0, 0, COLS - rw - 1, left.buf, 0, attr, ui);
	put_fit(0, COLS - rw - 1, 1, " ", 0, attr, ui);
	put_fit(0, COLS - rw, rw, right.buf, 1, attr, ui);
	strbuf_free(&left);
	strbuf_free(&right);
	strbuf_free(&budget);
	strbuf_free(&ours);
	strbuf_free(&fit);
	strbuf_free(&day);
}

/* The drill-down trail from crumb `from` (counted from the pane's root) to
 * the top, "… › " before it when crumbs were left out. */
static void trail_text(const struct ui *ui, struct frame **stack, int n, int from,
                       struct strbuf *out)
{
	const char *sep = ui->ascii || !ui->config.glyphs ? " > " : " \xe2\x80\xba ";

	strbuf_reset(out);
	if (from > 0)
		strbuf_addf(out, "%s%s", ui->ascii ? "~" : "\xe2\x80\xa6", sep);
	for (int i = n - 1 - from; i >= 0; i--) {
		if (i != n - 1 - from)
			strbuf_adds(out, sep);
		strbuf_adds(out, stack[i]->v->ops->title ? _(stack[i]->v->ops->title) : "?");
	}
	strbuf_addc(out, ' ');
}

/* The shortest an inactive tab's label gets before it gives way to its
 * number alone: three letters and an ellipsis still name a pane. */
#define TAB_LABEL_MIN 4

/* Pane p's tab: "[1 Routes]" when active; else " 2 Stops ", its label cut
 * to cap columns (an ellipsis ends it), or " 2 " with cap 0. */
static void tab_text(const struct ui *ui, int p, int active, int cap, struct strbuf *out)
{
	const char *title = app_pane_title(p);
	int w = text_width(ui, title);

	strbuf_reset(out);
	if (active) {
		strbuf_addf(out, "[%d %s]", p + 1, title);
		return;
	}
	strbuf_addf(out, " %d ", p + 1);
	if (cap <= 0)
		return;
	list_fit(out, title, strlen(title), w < cap ? w : cap, 0, ui->ascii, ui->utf8);
	strbuf_addc(out, ' ');
}

static int tabs_width(const struct ui *ui, int cap, struct strbuf *tab)
{
	int w = 0;

	for (int p = 0; p < PANE_COUNT; p++) {
		tab_text(ui, p, p == ui->cur, cap, tab);
		w += text_width(ui, tab->buf);
	}
	return w;
}

/*
 * The tabs, then the drill-down trail at the right.  Six tabs take 72
 * columns in English, more in Spanish: when the trail would not fit
 * beside them the inactive tabs' labels shrink, the longest first, down to
 * three letters and an ellipsis, and only then to their numbers (the keys
 * that reach them).  Numbers at once lost every label in Spanish at 100
 * columns for want of one column.  A trail still too long loses its
 * first crumbs, never its last: where one is matters more than how one
 * got there.
 */
static void draw_tabs(struct ui *ui)
{
	struct strbuf trail = STRBUF_INIT, tab = STRBUF_INIT;
	struct frame *stack[64];
	int x = 0, n = 0, cap = INT_MAX, widest = 0, from = 0;

	for (struct frame *f = app_top(ui); f && n < 64; f = f->below)
		stack[n++] = f;
	trail_text(ui, stack, n, 0, &trail);
	if (n > 1 && tabs_width(ui, cap, &tab) + text_width(ui, trail.buf) > COLS) {
		for (int p = 0; p < PANE_COUNT; p++)
			if (p != ui->cur && text_width(ui, app_pane_title(p)) > widest)
				widest = text_width(ui, app_pane_title(p));
		for (cap = widest - 1; cap >= TAB_LABEL_MIN; cap--)
			if (tabs_width(ui, cap, &tab) + text_width(ui, trail.buf) <= COLS)
				break;
		if (cap < TAB_LABEL_MIN)
			cap = 0;
	}
	for (int p = 0; p < PANE_COUNT; p++) {
		int active = p == ui->cur;
		int w;

		/* Brackets as well as colour: the active tab shows without it. */
		tab_text(ui, p, active, cap, &tab);
		w = text_width(ui, tab.buf);
		put_fit(1, x, w, tab.buf, 0, ui->theme.attr[active ? TE_TAB_ACTIVE : TE_TABS], ui);
		x += w;
	}
	while (n > 1 && from < n - 1 && text_width(ui, trail.buf) > COLS - x)
		trail_text(ui, stack, n, ++from, &trail);
	put_fit(1, x, COLS - x, n > 1 ? trail.buf : " ", 1, ui->theme.attr[TE_TABS], ui);
	strbuf_free(&trail);
	strbuf_free(&tab);
}

/*
 * The status says what the hints cannot: the session's mode, the sort, the
 * filter and the position.  It is laid out first, at the right, and the
 * hints take what room is left (cut with an ellipsis; `?` lists them all):
 * a mark crowded out by a hint would be a mode the user cannot see.  Of the
 * status only a long filter text gives way, and only to keep the rest.
 */
static void draw_status(struct ui *ui)
{
	struct frame *f = app_top(ui);
	struct strbuf hints = STRBUF_INIT, right = STRBUF_INIT, tail = STRBUF_INIT;
	unsigned long attr = ui->theme.attr[TE_STATUS];
	const char *flt = NULL;
	int rw;

	strbuf_addc(&hints, ' ');
	keymap_hints(ui->keys, ui->readonly, &hints);
	if (ui->readonly)
		strbuf_addf(&right, "[%s]  ", _("read-only"));
	if (f) {
		struct list *l = f->list;
		int desc, col = list_sort_column(l, &desc);
		size_t n = list_count(l), total = list_total(l), row;
		long long id;

		if (col >= 0 && (size_t)col < f->v->ops->n_columns)
			strbuf_addf(&right, "%s %s%s  ", _("sort"), i18n_pgettext(f->v->ops->columns[col].title),
			            ui->ascii ? (desc ? "v" : "^") : (desc ? "\xe2\x96\xbc" : "\xe2\x96\xb2"));
		flt = list_filter(l);
		if (flt)
			strbuf_addf(&tail, " %zu/%zu  ", n, total);
		if (list_selected(l, &row, &id))
			strbuf_addf(&tail, "%zu/%zu", list_position(l) + 1, n);
		/* Not while the rows are on their way or could not be had:
		 * "no rows" under a day still loading read as a day with no
		 * routes (the pane and the header say what it waits for). */
		else if (!view_loading(ui, f->v) && !failure_note(ui, f->v) &&
		         !(is_review_view(f->v) && !ui->review))
			strbuf_adds(&tail, _("no rows"));
		strbuf_addc(&tail, ' ');
	}
	if (flt) {
		/* "/text": the text fitted into what the rest leaves of the
		 * line (the separator column and the slash taken out). */
		int room = COLS - 2 - text_width(ui, strbuf_str(&right)) -
		           text_width(ui, strbuf_str(&tail));
		int fw = text_width(ui, flt);

		strbuf_addc(&right, '/');
		if (room > 0)
			list_fit(&right, flt, strlen(flt), fw < room ? fw : room, 0, ui->ascii, ui->utf8);
	}
	strbuf_adds(&right, strbuf_str(&tail));
	rw = text_width(ui, strbuf_str(&right));
	if (rw > COLS - 1)
		rw = COLS - 1;
	put_fit(LINES - 2, 0, COLS - rw - 1, hints.buf, 0, attr, ui);
	put_fit(LINES - 2, COLS - rw - 1, 1, " ", 0, attr, ui);
	put_fit(LINES - 2, COLS - rw, rw, strbuf_str(&right), 1, attr, ui);
	strbuf_free(&hints);
	strbuf_free(&right);
	strbuf_free(&tail);
}

/* Tab's candidates in the status line's place while the prompt is open:
 * the message line, where they would otherwise go, is the prompt's. */
static void draw_alts(struct ui *ui)
{
	struct strbuf line = STRBUF_INIT;

	strbuf_addc(&line, ' ');
	strbuf_adds(&line, strbuf_str(&ui->alts));
	put_fit(LINES - 2, 0, COLS, line.buf, 0, ui->theme.attr[TE_STATUS], ui);
	strbuf_free(&line);
}

/* The prompt, scrolled so the cursor stays on screen; returns its column.
 * Its first character shown is found from the cursor back, one character
 * at a time: found from the line's start, each step measured the rest of
 * the line again, and a pasted page froze the console for seconds a key. */
static int draw_prompt(struct ui *ui)
{
	const struct cmdline *c = &ui->cmd;
	struct strbuf line = STRBUF_INIT;
	size_t start = c->cur;
	int cx = 1;

	while (start > 0) {
		size_t p = start - 1;
		char ch[8];
		int w;

		while (p > 0 && start - p < 4 && ((unsigned char)c->buf[p] & 0xc0) == 0x80)
			p--;
		memcpy(ch, c->buf + p, start - p);
		ch[start - p] = '\0';
		w = text_width(ui, ch);
		if (cx + w >= COLS - 1)
			break;
		cx += w;
		start = p;
	}
	strbuf_addc(&line, c->prompt);
	strbuf_adds(&line, c->buf + start);
	put_fit(LINES - 1, 0, COLS, line.buf, 0, ui->theme.attr[TE_PROMPT], ui);
	strbuf_free(&line);
	return cx < COLS ? cx : COLS - 1;
}

static void draw_message(struct ui *ui)
{
	struct strbuf sb = STRBUF_INIT;

	if (ui->msg_error && ui->msg.len)
		strbuf_adds(&sb, "! ");
	strbuf_adds(&sb, strbuf_str(&ui->msg));
	put_fit(LINES - 1, 0, COLS, sb.buf, 0,
	        ui->theme.attr[ui->msg_error ? TE_ERROR : TE_MESSAGE], ui);
	strbuf_free(&sb);
}

int screen_too_small(void)
{
	return LINES < MIN_LINES || COLS < MIN_COLS;
}

#define SMALL_ROWS 8

/* msg's words in rows of at most width columns, a word never cut: how
 * many rows (up to max, at most SMALL_ROWS), or -1 when a word is wider
 * than width or more rows are needed.  With chars, broken anywhere
 * instead (the last resort, "80x24" on a terminal narrower than it). */
static int wrap_small(const struct ui *ui, const char *msg, int width, int max, int chars,
                      struct strbuf rows[SMALL_ROWS])
{
	int n = 0;

	if (max > SMALL_ROWS)
		max = SMALL_ROWS;
	for (int i = 0; i < SMALL_ROWS; i++)
		strbuf_reset(&rows[i]);
	while (*msg == ' ')
		msg++;
	while (*msg) {
		size_t wl = chars ? list_char_len(msg) : strcspn(msg, " ");
		struct strbuf word = STRBUF_INIT;
		int ww;

		strbuf_add(&word, msg, wl);
		ww = text_width(ui, word.buf);
		if (ww > width) {
			strbuf_free(&word);
			return -1;
		}
		if (n && text_width(ui, rows[n - 1].buf) + (chars ? 0 : 1) + ww <= width) {
			if (!chars)
				strbuf_addc(&rows[n - 1], ' ');
			strbuf_add(&rows[n - 1], word.buf, word.len);
		} else if (n < max) {
			strbuf_add(&rows[n++], word.buf, word.len);
		} else {
			strbuf_free(&word);
			return -1;
		}
		strbuf_free(&word);
		msg += wl;
		while (*msg == ' ')
			msg++;
	}
	return n;
}

/* rows[0..n) centred from line y. */
static void put_rows(struct ui *ui, int y, struct strbuf *rows, int n, unsigned long attr)
{
	for (int i = 0; i < n && y + i < LINES; i++) {
		int w = text_width(ui, rows[i].buf);

		put_fit(y + i, w < COLS ? (COLS - w) / 2 : 0, w < COLS ? w : COLS, rows[i].buf, 0, attr, ui);
	}
}

/* "Terminal too small", readable at every size: the whole sentence
 * wrapped at its spaces, else a shorter one, down to the size it needs
 * ("80x24", broken anywhere when even that is wider than the terminal).
 * Drawn on one line from the middle, it was cut at 20x5 ("Terminal too
 * small: 2"). */
static void draw_too_small(struct ui *ui)
{
	char msg[4][160], hint[128], key[32], need[16];
	struct strbuf rows[SMALL_ROWS], hrows[SMALL_ROWS];
	int quit = keymap_first_key(ui->keys, ACT_QUIT), n = -1, nh = 0, y;

	for (int i = 0; i < SMALL_ROWS; i++) {
		rows[i] = (struct strbuf)STRBUF_INIT;
		hrows[i] = (struct strbuf)STRBUF_INIT;
	}
	snprintf(msg[0], sizeof(msg[0]), _("Terminal too small: %dx%d (needs %dx%d)"), COLS, LINES,
	         MIN_COLS, MIN_LINES);
	snprintf(msg[1], sizeof(msg[1]), _("Too small: needs %dx%d"), MIN_COLS, MIN_LINES);
	snprintf(msg[2], sizeof(msg[2]), _("Needs %dx%d"), MIN_COLS, MIN_LINES);
	snprintf(need, sizeof(need), "%dx%d", MIN_COLS, MIN_LINES);
	snprintf(msg[3], sizeof(msg[3]), "%s", need);
	for (int i = 0; i < 4 && n < 0; i++)
		n = wrap_small(ui, msg[i], COLS, LINES, 0, rows);
	if (n < 0)
		n = wrap_small(ui, need, COLS, LINES, 1, rows);
	if (n < 0)
		n = 0;
	/* The other keys are ignored until it grows (dispatch.c): say
	 * which one still works, when there is room; in a form or a prompt,
	 * typing does, and the other keys wait, in order. */
	hint[0] = '\0';
	if (forms_active(ui) || ui->prompt)
		snprintf(hint, sizeof(hint), "%s", _("typing goes on; other keys wait until it grows"));
	else if (quit >= 0)
		snprintf(hint, sizeof(hint), _("%s quits"), action_key_name(quit, key, sizeof(key)));
	if (hint[0] && LINES - n > 0) {
		nh = wrap_small(ui, hint, COLS, LINES - n, 0, hrows);
		if (nh < 0)
			nh = 0;
	}
	erase();
	y = (LINES - n - nh) / 2;
	if (y < 0)
		y = 0;
	put_rows(ui, y, rows, n, ui->theme.attr[TE_ERROR]);
	put_rows(ui, y + n, hrows, nh, ui->theme.attr[TE_ERROR]);
	move(0, 0);
	for (int i = 0; i < SMALL_ROWS; i++) {
		strbuf_free(&rows[i]);
		strbuf_free(&hrows[i]);
	}
}

void screen_draw(struct ui *ui)
{
	static int was_small;
	int small = screen_too_small();
	struct frame *f = app_top(ui);
	struct list_env env = { &ui->theme, ui->ascii, ui->utf8, ui, f && view_loading(ui, f->v), NULL,
	                        ui->no_preview, ui->config.full_bar };
	struct strbuf note = STRBUF_INIT;
	unsigned dirty = ui->dirty;
	int cy = -1, cx = 0, fy = 0, fx = 0;

	/* What drawing marks (a view's want() submitting a fetch) is for the
	 * next frame, not lost. */
	ui->dirty = 0;
	if (dirty & DIRTY_REPAINT)
		clearok(curscr, TRUE);
	if (small) {
		draw_too_small(ui);
	} else {
		if (was_small)
			dirty |= DIRTY_ALL;
		/* The body first: drawing may rebuild the list the status counts. */
		/* An open form takes the body's place. */
		if (forms_active(ui)) {
			if (forms_draw(ui, 2, 0, LINES - 4, COLS, &fy, &fx) && !ui->prompt)
				cy = fy, cx = fx;
		} else if ((dirty & DIRTY_BODY) && f) {
			/* An empty pane says what the header says: never
			 * "loading" while the service is refused or gone. */
			if (ui->auth_failed)
				env.note = _("authentication failed: the service refused this account's "
				             "key and token");
			else if (ui->offline && ui->silent)
				env.note = _("no answer: the service takes the connection but sends "
				             "nothing (r tries again)");
			else if (ui->offline)
				env.note = _("offline: the service cannot be reached (r tries again)");
			else if (env.loading && add_wait(ui, &note))
				env.note = note.buf;
			else if (!env.loading && failure_note(ui, f->v))
				env.note = failure_note(ui, f->v);
			list_draw(f->list, 2, 0, LINES - 4, COLS, &env);
		}
		draw_header(ui);
		if (dirty & (DIRTY_HEADER | DIRTY_BODY))
			draw_tabs(ui);
		if (ui->prompt && ui->alts.len) {
			if (dirty & (DIRTY_STATUS | DIRTY_BODY | DIRTY_MESSAGE))
				draw_alts(ui);
		} else if (dirty & (DIRTY_STATUS | DIRTY_BODY)) {
			draw_status(ui);
		}
		if (ui->prompt)
			cx = draw_prompt(ui), cy = LINES - 1;
		else if (dirty & DIRTY_MESSAGE)
			draw_message(ui);
		if (cy < 0 && f && list_cursor(f->list, &cy, &cx) < 0)
			cy = -1;
		if (cy < 0)
			cy = LINES - 1, cx = 0;
		attrset(A_NORMAL);
		move(cy, cx);
	}
	was_small = small;
	strbuf_free(&note);
	wnoutrefresh(stdscr);
	term_update(ui);
}
