/* panels.c: the console's own views: help (from the live key map), :info, and :messages (what the message line said, whole, newest first). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/trace.h"
#include "ui/alerts.h"
#include "ui/app.h"
#include "ui/base/list.h"
#include "ui/loop.h"
#include "ui/views/view_common.h"
#include "ui/views/views.h"

/* A view of fixed text rows (label, value, help): what both are. */
struct text_rows {
	struct ui *ui;
	char **cells;      /* n * 3 strings */
	int *styles;       /* per row, for the first column */
	size_t n;
	void (*build)(struct text_rows *t);
};

static void rows_add(struct text_rows *t, const char *a, const char *b, const char *c, int style)
{
	t->cells = xrealloc(t->cells, (t->n + 1) * 3 * sizeof(*t->cells));
	t->styles = xrealloc(t->styles, (t->n + 1) * sizeof(*t->styles));
	t->cells[t->n * 3] = xstrdup(a);
	t->cells[t->n * 3 + 1] = xstrdup(b);
	t->cells[t->n * 3 + 2] = xstrdup(c);
	t->styles[t->n] = style;
	t->n++;
}

static void rows_clear(struct text_rows *t)
{
	for (size_t i = 0; i < t->n * 3; i++)
		free(t->cells[i]);
	free(t->cells);
	free(t->styles);
	t->cells = NULL;
	t->styles = NULL;
	t->n = 0;
}

static size_t tr_count(const struct view *v)
{
	return ((const struct text_rows *)v->priv)->n;
}

static long long tr_id(const struct view *v, size_t row)
{
	(void)v;
	return (long long)row + 1;
}

static void tr_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                    enum view_style *style)
{
	const struct text_rows *t = v->priv;

	if (row >= t->n || col >= 3)
		return;
	strbuf_adds(out, t->cells[row * 3 + col]);
	if (col == 0)
		*style = (enum view_style)t->styles[row];
}

/* The selected row whole, its cells two spaces apart: the columns cut a
 * long one at the edge, and this is where it is read. */
static void tr_preview(const struct view *v, size_t row, struct strbuf *out)
{
	const struct text_rows *t = v->priv;
	int first = 1;

	for (size_t c = 0; row < t->n && c < 3; c++) {
		const char *s = t->cells[row * 3 + c];

		if (!*s)
			continue;
		strbuf_addf(out, "%s%s", first ? "" : "  ", s);
		first = 0;
	}
	if (!first)
		strbuf_addc(out, '\n');
}

static void tr_refresh(struct view *v, struct ui *ui, int hard)
{
	struct text_rows *t = v->priv;

	(void)hard;
	rows_clear(t);
	t->build(t);
	ui_dirty(ui, v);
}

/* :info follows each review and tick (the reads left, the refresh's pace
 * and why): what it says is then never older than the header. */
static int tr_result(struct view *v, struct ui *ui, struct fetch_result *r)
{
	(void)r;
	tr_refresh(v, ui, 0);
	return 1;
}

static void tr_destroy(struct view *v)
{
	struct text_rows *t = v->priv;

	rows_clear(t);
	free(t);
}

/* A text view of ops over the rows build makes, under subtitle. */
static struct view *text_view(struct ui *ui, const struct view_ops *ops,
                              void (*build)(struct text_rows *t), const char *subtitle)
{
	struct text_rows *t = xcalloc(1, sizeof(*t));
	struct view *v;

	t->ui = ui;
	t->build = build;
	build(t);
	v = ui_view_new(ops, t);
	snprintf(v->subtitle, sizeof(v->subtitle), "%s", subtitle);
	v->loaded_at = app_now();
	return v;
}

/* The Timeline's block fills, as view_timeline.c's fill_of paints them
 * (UTF-8, ASCII), after the status glyph that starts each block. */
static const struct {
	int status;
	const char *fill, *ascii;
} timeline_fills[] = {
	{ M_COMPLETED, "\xe2\x96\x88", "#" },   /* █ */
	{ M_PENDING, "\xe2\x96\x91", "-" },     /* ░ */
	{ M_NOSHOW, "\xe2\x95\xb3", "x" },      /* ╳ */
	{ M_CANCELLED, "\xe2\x95\x8c", "/" },   /* ╌ */
	{ M_RESCHEDULED, "~", "~" },            /* view_timeline.c's fill_of */
};

/* The Notes pane's Shown column (view_notes.c's flags_text). */
static const char notes_legend[] = N_("Shown: T technician, C customer, I invoice");

/* A status glyph as the views draw it in one mode or the other (they read
 * view_ascii), so the help shows the ASCII forms from the same table. */
static const char *status_glyph(int status, int ascii)
{
	int was = view_ascii;
	const char *g;

	view_ascii = ascii;
	g = vc_status_glyph(status);
	view_ascii = was;
	return g;
}

/* The Timeline tells status by shape: a glyph, then a fill per status.
 * Its pane has no legend line (the lanes take the height), so only the
 * help says them, in the forms in use and, on a UTF-8 screen, the ASCII
 * ones --ascii draws. */
static void help_timeline_legend(struct text_rows *t)
{
	struct strbuf sb = STRBUF_INIT;
	int ascii = t->ui->ascii;

	for (size_t i = 0; i < sizeof(timeline_fills) / sizeof(timeline_fills[0]); i++) {
		int st = timeline_fills[i].status;

		strbuf_reset(&sb);
		if (ascii)
			strbuf_addf(&sb, "%s %s %s", status_glyph(st, 1), timeline_fills[i].ascii,
			            vc_status_text(st));
		else
			/* TRANSLATORS: a status glyph, its fill, the status word,
			 * then the glyph and fill of --ascii. */
			strbuf_addf(&sb, _("%s %s %s (ASCII %s %s)"), status_glyph(st, 0),
			            timeline_fills[i].fill, vc_status_text(st), status_glyph(st, 1),
			            timeline_fills[i].ascii);
		rows_add(t, _("Timeline"), _("legend"), sb.buf, TE_HELP_KEY);
	}
	rows_add(t, _("Timeline"), _("legend"),
	         ascii ? _("! late: pending past its window; : v now; + more stops than fit")
	               : _("! late: pending past its window; ┃ ▼ now (ASCII : v); + more stops "
	                   "than fit"),
	         TE_HELP_KEY);
	strbuf_free(&sb);
}

/* Help: every action with its live keys, then the commands. */
static void build_help(struct text_rows *t)
{
	struct strbuf keys = STRBUF_INIT;
	size_t n;
	const struct cmd_def *cmds = cmdline_commands(&n);

	for (int a = ACT_NONE + 1; a < ACT_COUNT; a++) {
		const struct action_def *def = action_def((enum action)a);

		if (!def || (t->ui->readonly && (def->flags & ACTF_WRITE)))
			continue;
		strbuf_reset(&keys);
		if (keymap_keys_text(t->ui->keys, def->id, " ", &keys) == 0)
			strbuf_adds(&keys, _("(unbound)"));
		rows_add(t, keys.buf, def->name, _(def->help), TE_HELP_KEY);
	}
	/* What the panes' codes mean, as their legend lines say when the
	 * terminal has room. */
	for (size_t i = 0; view_routes_legend[i]; i++)
		rows_add(t, _("Routes"), _("legend"), _(view_routes_legend[i]), TE_HELP_KEY);
	for (size_t i = 0; view_stops_legend[i]; i++)
		rows_add(t, _("Stops"), _("legend"), _(view_stops_legend[i]), TE_HELP_KEY);
	help_timeline_legend(t);
	rows_add(t, _("Notes"), _("legend"), _(notes_legend), TE_HELP_KEY);
	for (size_t i = 0; i < n; i++) {
		if (strcmp(cmds[i].name, "resize") == 0 && !t->ui->script)
			continue;
		strbuf_reset(&keys);
		strbuf_addf(&keys, ":%s", cmds[i].name);
		rows_add(t, keys.buf, _("command"), _(cmds[i].help), TE_HELP_KEY);
	}
	strbuf_free(&keys);
}

static const struct view_column help_columns[] = {
	{ N_("Keys"), 16, 8, 0 },
	{ N_("Action"), 18, 10, 0 },
	{ N_("What it does"), 40, 20, VC_FLEX },
};

static const struct view_ops help_ops = {
	.name = "help",
	.title = N_("Help"),
	.columns = help_columns,
	.n_columns = 3,
	.count = tr_count,
	.row_id = tr_id,
	.cell = tr_cell,
	/* At 80 columns, in Spanish above all, a key's description is cut at
	 * the edge ("en Rutas,…"): the preview has it whole. */
	.preview = tr_preview,
	.refresh = tr_refresh,
	.destroy = tr_destroy,
};

struct view *panel_help_new(struct ui *ui)
{
	return text_view(ui, &help_ops, build_help, _("keys as bound now; [keys] in the config rebinds"));
}

static const struct view_column info_columns[] = {
	{ N_("What"), 18, 12, 0 },
	{ N_("Value"), 50, 20, VC_FLEX },
	{ "", 1, 1, VC_NOSORT },
};

static void info_row(struct text_rows *t, const char *label, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void info_row(struct text_rows *t, const char *label, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	/* A value wider than its column goes on in the rows below, under an
	 * empty label: cut at the edge, the Notifications line (a transport
	 * and why it was chosen) could not be read to its end. */
	{
		const char *v = strbuf_str(&sb);
		size_t left = sb.len;
		/* The Value column's own width: the list's gutter, the label,
		 * a blank, this, a blank, the last column.  One column wider,
		 * a piece that filled it lost its end to "…". */
		int width = COLS - 1 - info_columns[0].width - 1 - 1 - info_columns[2].width;

		do {
			size_t n = width >= 20 ? list_wrap(v, left, width, !t->ui->ascii) : left;
			struct strbuf part = STRBUF_INIT;

			if (!n)
				n = left;
			strbuf_add(&part, v, n);
			rows_add(t, v == strbuf_str(&sb) ? label : "", strbuf_str(&part), "", VS_NORMAL);
			strbuf_free(&part);
			v += n;
			left -= n;
			while (left && *v == ' ')
				v++, left--;
		} while (left);
	}
	strbuf_free(&sb);
}

static void build_info(struct text_rows *t)
{
	struct ui *ui = t->ui;
	const struct api_budget *b = &ui->budget;
	struct strbuf notes = STRBUF_INIT, pace = STRBUF_INIT;

	info_row(t, _("Account"), "%s", ui->acct.name ? ui->acct.name : _("(from the environment)"));
	{
		struct strbuf shown = STRBUF_INIT;

		api_url_shown(ui->acct.url ? ui->acct.url : "?", &shown);
		info_row(t, _("Server"), "%s", shown.buf);
		strbuf_free(&shown);
	}
	if (ui->demo)
		info_row(t, _("Demo"), "%s", _("a private sandbox, stopped on exit"));
	info_row(t, _("Review date"), "%s", ui->date);
	info_row(t, _("Requests made"), "%ld", ui->fetch ? fetch_requests(ui->fetch) : 0L);
	if (b->known) {
		long long now = (long long)time(NULL), age = now - ui->budget_wall;

		if (loop_budget_minute_known(ui->budget_wall, now))
			info_row(t, _("Reads left"), _("%ld this minute, %ld today (the account's)"),
			         b->reads_left_minute, b->reads_left_today);
		else
			info_row(t, _("Reads left"),
			         _("%ld today (the account's); this minute: not known (the last "
			           "answer is %lld min old)"),
			         b->reads_left_today, age < 0 ? 0LL : age / 60);
		/* The header shows the account's, and this one after it as
		 * "(ours N)" when it fits: said whole here. */
		if (ui->reads_share_left >= 0)
			info_row(t, _("Our share"),
			         ngettext("%ld read left today of routedesk's %d%% ([ui] read_share)",
			                  "%ld reads left today of routedesk's %d%% ([ui] read_share)",
			                  (unsigned long)ui->reads_share_left),
			         ui->reads_share_left, ui->config.read_share);
		info_row(t, _("Writes left"), _("%ld this minute, %ld today"), b->writes_left_minute,
		         b->writes_left_today);
	} else {
		info_row(t, _("Budget"), "%s", _("not known yet (no answer carried it)"));
	}
	if (ui->config.refresh <= 0) {
		info_row(t, _("Auto-refresh"), "%s", _("off ([ui] refresh = 0)"));
	} else if (ui->paused || ui->budget_paused) {
		info_row(t, _("Auto-refresh"), _("every %d s%s"), ui->config.refresh,
		         ui->paused ? _(", paused") : _(", paused: budget low"));
	} else {
		app_refresh_explain(ui, &pace);
		info_row(t, _("Auto-refresh"), "%s", strbuf_str(&pace));
	}
	info_row(t, _("Last change seen"), "%lld", ui->last_change);
	info_row(t, _("Connection"), "%s",
	         !ui->offline ? _("ok")
	         : ui->silent ? _("no answer: the service takes the connection but sends nothing; "
	                          "retrying at the next refresh")
	                      : _("offline: retrying at the next refresh"));
	alerts_describe(ui->alerts, &notes);
	info_row(t, _("Notifications"), "%s", strbuf_str(&notes));
	strbuf_free(&notes);
	strbuf_free(&pace);
	info_row(t, _("Theme"), "%s%s", ui->theme.name, ui->use_color ? "" : _(" (no colour)"));
	info_row(t, _("Screen"), "%dx%d%s", COLS, LINES, ui->ascii ? _(", ASCII") : _(", UTF-8"));
	info_row(t, _("Trace"), "%s", trace_on() ? _("on (ROUTEDESK_TRACE)") : _("off"));
	info_row(t, _("Mode"), "%s", ui->readonly ? _("read-only") : _("read-write"));
}


static const struct view_ops info_ops = {
	.name = "info",
	.title = N_("Info"),
	.columns = info_columns,
	.n_columns = 3,
	.count = tr_count,
	.row_id = tr_id,
	.cell = tr_cell,
	.result = tr_result,
	.refresh = tr_refresh,
	.destroy = tr_destroy,
};

/* :messages: what the message line said, newest first; the preview has
 * the selected one whole, since the line cuts a long one at the edge. */
static void build_messages(struct text_rows *t)
{
	struct ui *ui = t->ui;

	for (size_t k = 1; k <= MSG_KEEP; k++) {
		size_t i = (ui->msg_next + MSG_KEEP - k) % MSG_KEEP;

		if (ui->msg_hist[i].text)
			rows_add(t, ui->msg_hist[i].at, ui->msg_hist[i].text, "",
			         ui->msg_hist[i].error ? VS_ALERT : VS_NORMAL);
	}
}


static const struct view_column message_columns[] = {
	{ N_("Time"), 8, 8, 0 },
	{ N_("Message"), 100, 20, VC_FLEX },
	{ "", 1, 1, VC_NOSORT },
};

static const struct view_ops messages_ops = {
	.name = "messages",
	.title = N_("Messages"),
	.columns = message_columns,
	.n_columns = 3,
	.count = tr_count,
	.row_id = tr_id,
	.cell = tr_cell,
	.preview = tr_preview,
	.refresh = tr_refresh,
	.destroy = tr_destroy,
};

struct view *panel_messages_new(struct ui *ui)
{
	return text_view(ui, &messages_ops, build_messages, _("newest first; r updates"));
}

struct view *panel_info_new(struct ui *ui)
{
	return text_view(ui, &info_ops, build_info, _("r updates"));
}
