/* list_draw.c: the list widget drawn in curses: titles, the visible rows, the bar, the preview, and where a click lands. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/theme/theme.h"
#include "ui/base/list.h"
#include "ui/base/list_impl.h"

static void put(WINDOW *w, int y, int x, const char *s, unsigned long attr)
{
	wattrset(w, (attr_t)attr);
	mvwaddstr(w, y, x, s);
}

static void fill(WINDOW *w, int y, int x, int width, unsigned long attr)
{
	wattrset(w, (attr_t)attr);
	wmove(w, y, x);
	for (int i = 0; i < width; i++)
		waddch(w, ' ');
}

/* A painted cell (view_ops.paint): runs of one style drawn at once, so a
 * lane of blocks costs one attribute change per block; returns the
 * cursor's column in the cell, or -1. */
static int put_painted(const struct list *l, WINDOW *w, int y, int x, size_t row, size_t c,
                       int width, int selected, const struct list_env *env)
{
	const struct theme *th = env->theme;
	struct view_paint *cells = xcalloc((size_t)(width > 0 ? width : 1), sizeof(*cells));
	struct strbuf run = STRBUF_INIT;
	int cursor = -1;

	for (int i = 0; i < width; i++)
		cells[i].text[0] = ' ';
	l->v->ops->paint(l->v, row, c, width, selected, env->ascii, env->utf8, cells, &cursor);
	for (int i = 0; i < width;) {
		int j = i, st = cells[i].style < TE_COUNT ? cells[i].style : VS_NORMAL;
		unsigned long attr = row == VIEW_TITLE_ROW ? th->attr[TE_TITLE] : th->attr[st];

		if (cells[i].selected)
			attr = th->attr[TE_SELECTED] | (attr & ~(unsigned long)A_COLOR);
		strbuf_reset(&run);
		while (j < width && cells[j].style == cells[i].style &&
		       cells[j].selected == cells[i].selected) {
			strbuf_adds(&run, cells[j].text[0] ? cells[j].text : "");
			j++;
		}
		put(w, y, x + i, strbuf_str(&run), attr);
		i = j;
	}
	strbuf_free(&run);
	free(cells);
	return cursor >= 0 && cursor < width ? cursor : -1;
}

static void draw_titles(struct list *l, WINDOW *w, int y, int x, int width, const int *widths,
                        const struct list_env *env)
{
	const struct view_ops *ops = l->v->ops;
	unsigned long attr = env->theme->attr[TE_TITLE];
	struct strbuf sb = STRBUF_INIT, t = STRBUF_INIT;

	/* Blank first: a capped flex column leaves the line's end blank. */
	fill(w, y, x, width, attr);
	strbuf_addc(&sb, ' ');
	for (size_t c = 0, first = 1; c < ops->n_columns; c++) {
		if (!widths[c])
			continue;
		if (!first)
			strbuf_addc(&sb, ' ');
		first = 0;
		strbuf_reset(&t);
		if (ops->columns[c].title && *ops->columns[c].title)
			strbuf_adds(&t, i18n_pgettext(ops->columns[c].title));
		if ((int)c == l->sort_col)
			list_title_arrow(&t, widths[c], env->ascii ? (l->sort_desc ? "v" : "^")
			                 : (l->sort_desc ? "\xe2\x96\xbc" : "\xe2\x96\xb2"), env->utf8);
		list_fit(&sb, t.buf, t.len, widths[c], (ops->columns[c].flags & VC_RIGHT) != 0,
		         env->ascii, env->utf8);
	}
	put(w, y, x, sb.buf, attr);
	if (ops->paint) {
		int cx = x + 1;

		for (size_t c = 0, first = 1; c < ops->n_columns; c++) {
			if (!widths[c])
				continue;
			cx += first ? 0 : 1;
			first = 0;
			if (ops->columns[c].flags & VC_PAINT)
				put_painted(l, w, y, cx, VIEW_TITLE_ROW, c, widths[c], 0, env);
			cx += widths[c];
		}
	}
	strbuf_free(&sb);
	strbuf_free(&t);
}

/* The column the selection bar ends in: the record's name (a column
 * flagged VC_BAR, else the view's flex column), else the first column
 * shown; -1 when none is shown. */
static int bar_column(const struct view_ops *ops, const int *widths)
{
	int first = -1, flex = -1;

	for (size_t c = 0; c < ops->n_columns; c++) {
		if (!widths[c])
			continue;
		if (ops->columns[c].flags & VC_BAR)
			return (int)c;
		if ((ops->columns[c].flags & VC_FLEX) && flex < 0)
			flex = (int)c;
		if (first < 0)
			first = (int)c;
	}
	return flex >= 0 ? flex : first;
}

/* Draws fitted text at (y, *cx) in attr, except the blanks that pad it
 * (after a left-aligned cell, before a right-aligned one), which take
 * pad_attr: the selection bar stops at the end of the text, and a cell
 * in a style (money due, a dim status) pads with plain blanks, which
 * curses then leaves alone when the row before had blanks there too. */
static void put_cell(WINDOW *w, int y, int *cx, const struct strbuf *fitted, int width,
                     int right, unsigned long attr, unsigned long pad_attr)
{
	size_t len = fitted->len, lead = 0;

	while (right && attr != pad_attr && lead < len && fitted->buf[lead] == ' ')
		lead++;
	while (!right && attr != pad_attr && len > 0 && fitted->buf[len - 1] == ' ')
		len--;
	if (lead || len < fitted->len) {
		char *text = xstrndup(fitted->buf + lead, len - lead);
		int text_w = width - (int)lead - (int)(fitted->len - len);

		fill(w, y, *cx, (int)lead, pad_attr);
		put(w, y, *cx + (int)lead, text, attr);
		free(text);
		fill(w, y, *cx + (int)lead + text_w, width - (int)lead - text_w, pad_attr);
	} else {
		put(w, y, *cx, fitted->buf, attr);
	}
	*cx += width;
}

/*
 * A row is drawn alike whether selected or not, except the selection bar:
 * the gutter's marker and the selection colours from the gutter to the
 * end of the record's name (bar_column).  Not the whole row: a selection
 * move makes curses rewrite every cell whose colour changes on the old and
 * the new row, so a bar across 120 columns costs over 300 bytes per key
 * (two rows and their colour changes); this one costs a fraction of that
 * and the unchanged cells cost nothing.  [ui] full_bar = yes colours the
 * whole row, for a terminal on a fast link where a wide row is easier to
 * follow than the bytes are worth.
 */
static void draw_row(struct list *l, WINDOW *w, int y, int x, int width, size_t pos,
                     const int *widths, const struct list_env *env)
{
	const struct view *v = l->v;
	const struct theme *th = env->theme;
	size_t row = list_row_of(l, pos);
	int selected = pos == l->sel;
	unsigned long sel_attr = th->attr[TE_SELECTED], normal = th->attr[TE_NORMAL];
	struct strbuf cell = STRBUF_INIT, fitted = STRBUF_INIT;
	/* A painted row (a Timeline lane) shows its selection on its current
	 * item instead: a bar over the label as well would double what a
	 * lane move rewrites. */
	int cx = x + 1, bar = selected && !v->ops->paint ? bar_column(v->ops, widths) : -1;
	int full = bar >= 0 && env->full_bar;

	if (full)
		bar = (int)v->ops->n_columns - 1;

	put(w, y, x, selected ? (env->ascii ? ">" : "\xe2\x96\xb8") : " ",
	    selected ? sel_attr : normal);
	if (!list_row_loaded(l, row)) {
		/* "loading" only while something is on its way. */
		strbuf_addf(&cell, "#%lld %s", v->ops->row_id(v, row),
		            v->failed[0] && !v->waiting ? _("not loaded: r tries again") : _("loading"));
		list_fit(&fitted, cell.buf, cell.len, width - 1, 0, env->ascii, env->utf8);
		put_cell(w, y, &cx, &fitted, width - 1, 0,
		         selected ? sel_attr : th->attr[TE_LOADING], th->attr[TE_LOADING]);
		goto out;
	}
	for (size_t c = 0, first = 1; c < v->ops->n_columns; c++) {
		enum view_style st;
		unsigned long attr;
		int right = (v->ops->columns[c].flags & VC_RIGHT) != 0, in_bar = (int)c <= bar;

		if (!widths[c])
			continue;
		if (!first) {
			put(w, y, cx, " ", in_bar ? sel_attr : normal);
			cx++;
		}
		first = 0;
		if (v->ops->paint && (v->ops->columns[c].flags & VC_PAINT)) {
			int at = put_painted(l, w, y, cx, row, c, widths[c], selected, env);

			if (at >= 0)
				l->paint_x = cx + at;
			cx += widths[c];
			continue;
		}
		list_cell_text(v, row, c, &cell, &st);
		if ((int)st < 0 || (int)st >= TE_COUNT)
			st = VS_NORMAL;
		attr = th->attr[st];
		strbuf_reset(&fitted);
		list_fit(&fitted, cell.buf, cell.len, widths[c], right, env->ascii, env->utf8);
		if (in_bar) {
			/* The selection's colours win; the style's attributes stay. */
			unsigned long bar_attr = sel_attr | (attr & ~(unsigned long)A_COLOR);

			put_cell(w, y, &cx, &fitted, widths[c], right, bar_attr,
			         (int)c == bar && !full ? attr : bar_attr);
		} else {
			put_cell(w, y, &cx, &fitted, widths[c], right, attr, normal);
		}
	}
	if (cx < x + width)
		fill(w, y, cx, x + width - cx, full ? sel_attr : normal);
out:
	strbuf_free(&cell);
	strbuf_free(&fitted);
}

/* Asks the view for the unloaded rows among [from, to) positions, as runs
 * of consecutive view rows, once per distinct request. */
static void want_rows(struct list *l, size_t from, size_t to, const struct list_env *env)
{
	size_t rows[512], n = 0;
	unsigned long sig = 5381;

	if (!l->v->ops->want || !l->v->ops->loaded)
		return;
	for (size_t p = from; p < to && p < l->n && n < 512; p++) {
		size_t r = list_row_of(l, p);

		if (!list_row_loaded(l, r))
			rows[n++] = r;
	}
	if (n == 0)
		return;
	for (size_t i = 1; i < n; i++) { /* insertion sort: n is small, mostly sorted */
		size_t r = rows[i], j = i;

		while (j > 0 && rows[j - 1] > r) {
			rows[j] = rows[j - 1];
			j--;
		}
		rows[j] = r;
	}
	for (size_t i = 0; i < n; i++)
		sig = sig * 33 + rows[i];
	if (sig == l->want_sig)
		return;
	l->want_sig = sig;
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;

		while (j < n && rows[j] == rows[j - 1] + 1)
			j++;
		l->v->ops->want(l->v, env->ui, rows[i], rows[j - 1] + 1);
		i = j;
	}
}

/* The selected record's preview (list_preview.c). */
static void draw_preview(struct list *l, int y, int x, int height, int width,
                         const struct list_env *env)
{
	struct strbuf text = STRBUF_INIT;
	size_t row;

	if (list_selected(l, &row, NULL) && list_row_loaded(l, row))
		l->v->ops->preview(l->v, row, &text);
	list_draw_preview(strbuf_str(&text), text.len, y, x, height, width, env);
	strbuf_free(&text);
}

void list_draw(struct list *l, int y, int x, int height, int width, const struct list_env *env)
{
	WINDOW *w = stdscr;
	const struct view_ops *ops = l->v->ops;
	struct list_place pl;
	struct view_column fitted[64];
	int widths[64], lw, lh, py, px, pw, ph, body;
	struct strbuf legend = STRBUF_INIT, note = STRBUF_INIT;
	size_t off = 0;
	size_t ncols = ops->n_columns < 64 ? ops->n_columns : 64;
	unsigned long border = env->theme->attr[TE_BORDER];

	list_ensure(l);
	list_place(ops->columns, ncols, ops->preview != NULL && !env->no_preview, width, height,
	           &pl);
	lw = pl.list_w;
	lh = pl.list_h;
	pw = pl.prev_w;
	ph = pl.prev_h;
	px = x + pl.prev_x;
	py = y + pl.prev_y;
	if (ph > 0 && pl.side) {
		for (int i = 0; i < height; i++)
			put(w, y + i, x + lw, env->ascii ? "|" : "\xe2\x94\x82", border);
	} else if (ph > 0) {
		wattrset(w, (attr_t)border);
		wmove(w, y + lh, x);
		for (int i = 0; i < width; i++)
			waddstr(w, env->ascii ? "-" : "\xe2\x94\x80");
	}
	/* The legend takes the list's last line when the rows leave
	 * room for it (the list keeps 8 lines) and one piece fits. */
	strbuf_reset(&legend);
	if (ops->legend && lh >= 10)
		list_legend(ops, lw, env->ascii, env->utf8, &legend);
	if (legend.len) {
		lh--;
		fill(w, y + lh, x, lw, env->theme->attr[TE_DIM]);
		put(w, y + lh, x, legend.buf, env->theme->attr[TE_DIM]);
	}
	strbuf_free(&legend);
	list_columns_fit(l->v, l->v->ops->count(l->v), ops->columns, ncols, l->sort_col, lw,
	                 fitted);
	list_layout(fitted, ncols, lw, widths);
	for (size_t c = 0; c < ncols; c++)
		l->hidden[c] = widths[c] == 0;
	draw_titles(l, w, y, x, lw, widths, env);
	body = lh - 1;
	l->height = body > 0 ? body : 1;
	if (l->sel < l->top)
		l->top = l->sel;
	if (body > 0 && l->sel >= l->top + (size_t)body)
		l->top = l->sel - (size_t)body + 1;
	if (body > 0 && l->n > (size_t)body && l->top > l->n - (size_t)body)
		l->top = l->n - (size_t)body;
	if (l->n <= (size_t)(body > 0 ? body : 0))
		l->top = 0;
	l->cur_y = -1;
	l->row_y = y + 1;
	l->row_x = x;
	l->row_w = lw;
	/* An empty list's note, wrapped over the rows it leaves free: cut to
	 * one line at 80 columns, "the key's daily read budget is spent ...;
	 * /route/search was no…" lost when the service is asked again. */
	if (l->n == 0) {
		const char *msg = env->note ? env->note : env->loading ? _("loading") :
		                  l->filter ? _("no loaded row matches the filter") : _("nothing to show");

		utf8_escape_controls(&note, msg, strlen(msg));
	}
	for (int i = 0; i < body; i++) {
		size_t pos = l->top + (size_t)i;

		if (pos < l->n) {
			l->paint_x = -1;
			draw_row(l, w, y + 1 + i, x, lw, pos, widths, env);
			if (pos == l->sel) {
				l->cur_y = y + 1 + i;
				/* On the selected item of a painted row (the
				 * Timeline's block), else the row's start. */
				l->cur_x = l->paint_x >= 0 ? l->paint_x : x;
			}
		} else if (l->n == 0 && (i == 0 || off < note.len)) {
			struct strbuf sb = STRBUF_INIT;
			const char *s = note.buf ? note.buf + off : "";
			/* The last row takes the rest, cut with an ellipsis. */
			size_t take = i == body - 1 ? note.len - off :
			              list_wrap(s, note.len - off, lw - 1, env->utf8);

			strbuf_addc(&sb, ' ');
			list_fit(&sb, s, take, lw - 1, 0, env->ascii, env->utf8);
			put(w, y + 1 + i, x, sb.buf, env->theme->attr[TE_DIM]);
			strbuf_free(&sb);
			off += take;
		} else {
			fill(w, y + 1 + i, x, lw, env->theme->attr[TE_NORMAL]);
		}
	}
	strbuf_free(&note);
	if (ph > 0)
		draw_preview(l, py, px, ph, pw, env);
	want_rows(l, l->top, l->top + 2 * (size_t)(body > 0 ? body : 1), env);
}

int list_cursor(const struct list *l, int *y, int *x)
{
	if (l->cur_y < 0)
		return -1;
	*y = l->cur_y;
	*x = l->cur_x;
	return 0;
}

int list_row_at(const struct list *l, int y, int x, size_t *pos)
{
	size_t p;

	if (l->row_y < 0 || y < l->row_y || y >= l->row_y + l->height || x < l->row_x ||
	    x >= l->row_x + l->row_w)
		return 0;
	p = l->top + (size_t)(y - l->row_y);
	if (p >= l->n)
		return 0;
	*pos = p;
	return 1;
}

int list_select_at(struct list *l, int y, int x)
{
	size_t pos;

	if (l->stale || !list_row_at(l, y, x, &pos))
		return 0;
	list_select_pos(l, pos);
	return 1;
}
