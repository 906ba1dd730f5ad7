/* list.c: the list widget's model: index, selection by id, sort and filter state. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/strbuf.h"
#include "ui/base/list.h"
#include "ui/base/list_impl.h"


struct list *list_new(struct view *v)
{
	struct list *l = xcalloc(1, sizeof(*l));

	l->v = v;
	l->sort_col = -1;
	l->stale = 1;
	l->height = 10;
	l->cur_y = -1;
	l->row_y = -1;
	return l;
}

void list_free(struct list *l)
{
	if (!l)
		return;
	free(l->index);
	free(l->filter);
	free(l->pattern);
	free(l);
}

struct view *list_view(const struct list *l)
{
	return l->v;
}

void list_changed(struct list *l)
{
	l->stale = 1;
	l->want_sig = 0;
}

int list_row_loaded(const struct list *l, size_t row)
{
	return !l->v->ops->loaded || l->v->ops->loaded(l->v, row);
}

void list_cell_text(const struct view *v, size_t row, size_t col, struct strbuf *out,
                    enum view_style *style)
{
	enum view_style st = VS_NORMAL;

	strbuf_reset(out);
	if (v->ops->cell)
		v->ops->cell(v, row, col, out, &st);
	if (!out->buf)
		strbuf_adds(out, "");
	if (style)
		*style = st;
}

static int row_matches(const struct list *l, size_t row, const char *text)
{
	const struct view *v = l->v;
	struct strbuf sb = STRBUF_INIT;
	int hit = 0;

	if (!list_row_loaded(l, row))
		return 0;
	if (v->ops->match)
		return v->ops->match(v, row, text);
	for (size_t c = 0; c < v->ops->n_columns && !hit; c++) {
		list_cell_text(v, row, c, &sb, NULL);
		hit = strcasestr(sb.buf, text) != NULL;
	}
	strbuf_free(&sb);
	return hit;
}

/* The first position of [0, n) whose row is at or after view row `row` in
 * the list's order (n when none): rows [0, n) are in that order. */
static size_t first_at_or_after(const struct list *l, size_t n, size_t row)
{
	size_t lo = 0, hi = n;

	/* A row not loaded yet comes after every loaded one in a list sorted
	 * by its cells (its text is "": compared, it went first); by an id
	 * column every row compares. */
	if (l->sort_col >= 0 && list_sort_needs_rows(l) && !list_row_loaded(l, row))
		return n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, r = list_row_of(l, mid);
		int after = l->sort_col >= 0 ? list_sort_compare(l->v, (size_t)l->sort_col,
		                                                 l->sort_desc, r, row) >= 0
		                             : r >= row;

		if (after)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* The selection after a rebuild.  The selected record when it is still
 * there; else, when the rows are the same ones (a filter typed or
 * changed), the first shown at or after the row that was selected, in
 * the list's order (n_ordered rows), as / and n find; else the same
 * position.  A filter kept the old position, clamped to the end: on 579
 * matches of 20,000 customers it selected the last, a row no match near
 * where the dispatcher was. */
static void find_selection(struct list *l, size_t was_row, size_t n_ordered)
{
	size_t offset = l->sel >= l->top ? l->sel - l->top : 0;

	if (l->n == 0) {
		l->sel = l->top = 0;
		return;
	}
	if (l->sel_id) {
		if (l->sel < l->n && l->v->ops->row_id(l->v, list_row_of(l, l->sel)) == l->sel_id)
			goto found;
		for (size_t p = 0; p < l->n; p++) {
			if (l->v->ops->row_id(l->v, list_row_of(l, p)) == l->sel_id) {
				l->sel = p;
				goto found;
			}
		}
	}
	if (was_row != SIZE_MAX) {
		size_t p = first_at_or_after(l, n_ordered, was_row);

		l->sel = p < l->n ? p : l->n - 1;
		goto found;
	}
	if (l->sel >= l->n)
		l->sel = l->n - 1;
found:
	l->sel_id = l->v->ops->row_id(l->v, list_row_of(l, l->sel));
	/* The selected record stays on the same screen line. */
	l->top = l->sel >= offset ? l->sel - offset : 0;
}

static void rebuild(struct list *l)
{
	const struct view *v = l->v;
	size_t n_loaded = 0, old_total = l->total;
	/* The row selected, when the rows stay the same ones. */
	size_t was_row = l->n && l->sel < l->n ? list_row_of(l, l->sel) : SIZE_MAX;

	l->stale = 0;
	l->total = v->ops->count ? v->ops->count(v) : 0;
	if (l->total != old_total || was_row >= l->total)
		was_row = SIZE_MAX;
	free(l->index);
	l->index = NULL;
	if (l->sort_col >= 0 && (size_t)l->sort_col >= v->ops->n_columns)
		l->sort_col = -1;
	if (!l->filter && l->sort_col < 0) {
		l->n = l->total;
	} else {
		l->index = xmalloc((l->total ? l->total : 1) * sizeof(*l->index));
		l->n = 0;
		/* Loaded rows first (they can be compared), then the rest; by
		 * an id column every row can be, loaded or not. */
		int all = !l->filter && l->sort_col >= 0 && !list_sort_needs_rows(l);

		for (size_t r = 0; r < l->total; r++)
			if (all || (list_row_loaded(l, r) && (!l->filter || row_matches(l, r, l->filter))))
				l->index[l->n++] = r;
		n_loaded = l->n;
		if (!l->filter && !all)
			for (size_t r = 0; r < l->total; r++)
				if (!list_row_loaded(l, r))
					l->index[l->n++] = r;
		if (l->sort_col >= 0)
			list_sort_rows(v, l->index, n_loaded, l->total, (size_t)l->sort_col,
			               l->sort_desc);
	}
	/* In the list's order: the sorted rows (the loaded ones), else all. */
	find_selection(l, was_row, l->sort_col >= 0 && l->index ? n_loaded : l->n);
}

void list_ensure(struct list *l)
{
	if (l->stale || (l->v->ops->count && l->v->ops->count(l->v) != l->total))
		rebuild(l);
}

size_t list_count(struct list *l)
{
	list_ensure(l);
	return l->n;
}

size_t list_total(struct list *l)
{
	list_ensure(l);
	return l->total;
}

size_t list_position(struct list *l)
{
	list_ensure(l);
	return l->n ? l->sel : 0;
}

int list_selected(struct list *l, size_t *row, long long *id)
{
	list_ensure(l);
	if (l->n == 0)
		return 0;
	if (row)
		*row = list_row_of(l, l->sel);
	if (id)
		*id = l->sel_id;
	return 1;
}

void list_select_pos(struct list *l, size_t pos)
{
	if (l->n == 0)
		return;
	if (pos >= l->n)
		pos = l->n - 1;
	l->sel = pos;
	l->sel_id = l->v->ops->row_id(l->v, list_row_of(l, pos));
}

int list_select_id(struct list *l, long long id)
{
	list_ensure(l);
	for (size_t p = 0; p < l->n; p++) {
		if (l->v->ops->row_id(l->v, list_row_of(l, p)) == id) {
			list_select_pos(l, p);
			return 1;
		}
	}
	return 0;
}

void list_move(struct list *l, long delta)
{
	list_ensure(l);
	if (l->n == 0)
		return;
	if (delta < 0 && (size_t)-delta > l->sel)
		list_select_pos(l, 0);
	else
		list_select_pos(l, (size_t)((long)l->sel + delta));
}

void list_page(struct list *l, int dir)
{
	long h = l->height > 1 ? l->height - 1 : 1;

	list_ensure(l);
	list_move(l, dir * h);
	/* Paging moves the view too, as less does. */
	if (dir > 0)
		l->top = l->top + (size_t)h < l->n ? l->top + (size_t)h : l->top;
	else
		l->top = l->top > (size_t)h ? l->top - (size_t)h : 0;
}

void list_first(struct list *l)
{
	list_ensure(l);
	list_select_pos(l, 0);
}

void list_last(struct list *l)
{
	list_ensure(l);
	if (l->n)
		list_select_pos(l, l->n - 1);
}

void list_sort_step(struct list *l, int dir)
{
	const struct view_ops *ops = l->v->ops;
	int n = (int)ops->n_columns, c = l->sort_col;

	/* -1 (unsorted) is one stop of the cycle.  A column the narrow
	 * terminal dropped is stepped over: its arrow would show nowhere and
	 * the rows would seem to move at random.  One that was the sort when
	 * it was dropped (a resize) stays the sort: the status line names it,
	 * and the order does not change under the dispatcher's eyes. */
	for (int i = 0; i <= n; i++) {
		c += dir;
		if (c >= n)
			c = -1;
		else if (c < -1)
			c = n - 1;
		if (c == -1 || (!(ops->columns[c].flags & VC_NOSORT) && !(c < 64 && l->hidden[c])))
			break;
	}
	l->sort_col = c;
	l->sort_desc = 0;
	list_changed(l);
}

void list_sort_invert(struct list *l)
{
	if (l->sort_col < 0)
		list_sort_step(l, 1);
	else
		l->sort_desc = !l->sort_desc;
	list_changed(l);
}

int list_sort_column(const struct list *l, int *desc)
{
	if (desc)
		*desc = l->sort_desc;
	return l->sort_col;
}

int list_sort_needs_rows(const struct list *l)
{
	return l->sort_col >= 0 && (size_t)l->sort_col < l->v->ops->n_columns
	       && !(l->v->ops->columns[l->sort_col].flags & VC_ID);
}

void list_set_filter(struct list *l, const char *text)
{
	free(l->filter);
	l->filter = text && *text ? xstrdup(text) : NULL;
	if (l->filter) {
		free(l->pattern);
		l->pattern = xstrdup(l->filter);
	}
	list_changed(l);
}

const char *list_filter(const struct list *l)
{
	return l->filter;
}

int list_find(struct list *l, int dir)
{
	list_ensure(l);
	if (!l->pattern || !*l->pattern)
		return -1;
	if (l->n == 0)
		return 0;
	for (size_t i = 1; i <= l->n; i++) {
		size_t p = dir > 0 ? (l->sel + i) % l->n : (l->sel + l->n - i % l->n) % l->n;

		if (row_matches(l, list_row_of(l, p), l->pattern)) {
			list_select_pos(l, p);
			return 1;
		}
	}
	return 0;
}

void list_row_text(struct list *l, size_t row, struct strbuf *out)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t c = 0; c < l->v->ops->n_columns; c++) {
		list_cell_text(l->v, row, c, &sb, NULL);
		if (c && out->len)
			strbuf_adds(out, "  ");
		strbuf_adds(out, sb.buf);
	}
	strbuf_free(&sb);
}
