/* test_ui_list.c: the list widget over a fake view: fitting, layout, ids, sort, filter, drawing. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/strbuf.h"
#include "ui/theme/theme.h"
#include "ui/base/list.h"

/* A view of n rows: ids, names, amounts; rows >= loaded_upto are not loaded. */
struct fake {
	size_t n, loaded_upto;
	long long *ids;
	char **names;
	long cells;            /* cell() calls */
	size_t want_first[16], want_last[16];
	int n_want;
};

static size_t f_count(const struct view *v)
{
	return ((struct fake *)v->priv)->n;
}

static long long f_id(const struct view *v, size_t row)
{
	return ((struct fake *)v->priv)->ids[row];
}

static int f_loaded(const struct view *v, size_t row)
{
	return row < ((struct fake *)v->priv)->loaded_upto;
}

static void f_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                   enum view_style *style)
{
	struct fake *f = v->priv;

	f->cells++;
	if (col == 0)
		strbuf_adds(out, f->names[row]);
	else if (col == 1)
		strbuf_addf(out, "%lld.00", f->ids[row] % 1000);
	else
		strbuf_adds(out, "x");
	if (col == 1 && f->ids[row] % 2)
		*style = VS_MONEY_DUE;
}

static void f_want(struct view *v, struct ui *ui, size_t first, size_t last)
{
	struct fake *f = v->priv;

	(void)ui;
	if (f->n_want < 16) {
		f->want_first[f->n_want] = first;
		f->want_last[f->n_want] = last;
	}
	f->n_want++;
}

static const struct view_column cols[] = {
	{ "Name", 20, 8, VC_FLEX },
	{ "Due", 10, 6, VC_RIGHT },
	{ "Flag", 4, 4, VC_NOSORT },
};

static const struct view_ops ops = {
	.name = "fake",
	.title = "Fake",
	.columns = cols,
	.n_columns = 3,
	.count = f_count,
	.row_id = f_id,
	.loaded = f_loaded,
	.cell = f_cell,
	.want = f_want,
};

static struct view *fake_view(size_t n, size_t loaded, const char *const *names)
{
	struct fake *f = calloc(1, sizeof(*f));
	struct view *v = calloc(1, sizeof(*v));

	f->n = n;
	f->loaded_upto = loaded;
	f->ids = calloc(n ? n : 1, sizeof(*f->ids));
	f->names = calloc(n ? n : 1, sizeof(*f->names));
	for (size_t i = 0; i < n; i++) {
		char buf[32];

		f->ids[i] = 1000 + (long long)i;
		snprintf(buf, sizeof(buf), "name%05zu", i);
		f->names[i] = strdup(names && names[i] ? names[i] : buf);
	}
	v->ops = &ops;
	v->priv = f;
	return v;
}

static void fake_free(struct view *v)
{
	struct fake *f = v->priv;

	for (size_t i = 0; i < f->n; i++)
		free(f->names[i]);
	free(f->names);
	free(f->ids);
	free(f);
	free(v);
}

static void fit(const char *s, int width, int right, int ascii, int utf8, const char *want)
{
	struct strbuf out = STRBUF_INIT;

	list_fit(&out, s, strlen(s), width, right, ascii, utf8);
	assert_string_equal(out.buf ? out.buf : "", want);
	strbuf_free(&out);
}

static void test_fit(void **state)
{
	(void)state;
	fit("Smith", 8, 0, 0, 1, "Smith   ");
	fit("12.50", 8, 1, 0, 1, "   12.50");
	fit("Wolfeschlegelstein", 8, 0, 0, 1, "Wolfesc\xe2\x80\xa6");
	fit("Wolfeschlegelstein", 8, 0, 1, 1, "Wolfesc~");
	fit("Zoë Müller", 10, 0, 0, 1, "Zoë Müller");
	/* Wide characters count two columns; one that would straddle the
	 * edge is left out and the cell padded. */
	fit("東京都庁", 5, 0, 0, 1, "東京\xe2\x80\xa6");
	fit("東京都庁", 8, 0, 0, 1, "東京都庁");
	fit("東京都庁x", 8, 0, 0, 1, "東京都\xe2\x80\xa6 ");
	/* Escape sequences never reach the terminal. */
	fit("\x1b[31mRED", 12, 0, 0, 1, "^[[31mRED   ");
	fit("a\tb\x7f", 6, 0, 0, 1, "a^Ib^?");
	fit("bad\xff", 8, 0, 0, 1, "bad\\xff ");
	/* A locale without UTF-8: a Latin letter as its ASCII ("Zoe", not
	 * "Zo?"), two columns where it takes two (ß, Œ), '?' for the rest;
	 * ASCII ellipsis. */
	fit("Zoë", 4, 0, 1, 0, "Zoe ");
	fit("Zoëëëë", 4, 0, 1, 0, "Zoe~");
	fit("Núñez, Dvořák", 14, 0, 1, 0, "Nunez, Dvorak ");
	fit("Straße", 7, 0, 1, 0, "Strasse");
	fit("Straße", 6, 0, 1, 0, "Stra~ ");
	fit("Œuvre Łódź", 11, 0, 1, 0, "OEuvre Lodz");
	fit("東京 Ø", 6, 0, 1, 0, "?? O  ");
	/* Vietnamese names (Latin Extended Additional), a decomposed accent,
	 * a word processor's dashes, quotes and ellipsis: readable, not '?'. */
	fit("Trần, Nguyễn Thảo", 18, 0, 1, 0, "Tran, Nguyen Thao ");
	fit("Jose\xcc\x81 Pen\xcc\x83" "a", 10, 0, 1, 0, "Jose Pena ");
	fit("Due \xe2\x80\x94 \xe2\x80\x9c" "now\xe2\x80\x9d\xe2\x80\xa6", 15, 0, 1, 0, "Due - \"now\"... ");
	fit("\xe1\xba\x9e\xe2\x80\x99", 3, 0, 1, 0, "SS'");
	fit("", 3, 0, 0, 1, "   ");
	fit("abc", 0, 0, 0, 1, "");
}

static int sum(const int *w, size_t n)
{
	int s = 0;

	for (size_t i = 0; i < n; i++)
		s += w[i] + (w[i] ? 1 : 0);
	return s;
}

/* The Routes and Stops panes' columns (copies of view_routes.c's and
 * view_stops.c's). */
static const struct view_column routes_cols[] = {
	{ "Route", 16, 8, VC_FLEX | VC_CAP }, { "Technician", 18, 10, VC_GROW }, { "D/P/N/C", 11, 7, 0 },
	{ "Stops", 5, 3, VC_RIGHT }, { "Window", 11, 11, 0 }, { "Due", 10, 8, VC_RIGHT },
	{ "Flags", 5, 4, 0 },
};
static const struct view_column stops_cols[] = {
	{ "#", 3, 2, VC_RIGHT }, { "Window", 14, 14, 0 }, { "Customer", 20, 10, VC_FLEX | VC_CAP },
	{ "City", 12, 5, VC_GROW | VC_DROP(3) }, { "Service", 23, 5, VC_GROW }, { "Status", 13, 11, 0 },
	{ "Call", 4, 4, VC_DROP(1) }, { "In-Out", 11, 11, VC_DROP(2) }, { "Owed", 9, 8, VC_RIGHT },
};

static const struct view_column customers_cols[] = {
	{ "ID", 8, 6, VC_RIGHT }, { "Name", 22, 10, VC_FLEX | VC_CAP }, { "Company", 18, 8, VC_GROW },
	{ "City", 14, 6, VC_GROW }, { "Phone", 12, 10, 0 }, { "Balance", 10, 8, VC_RIGHT },
	{ "Status", 8, 8, VC_DROP(1) },
};

/* Every column shown at its minimum at least, fixed ones (min = width)
 * whole, and the widths fill the list exactly, but for the blank a capped
 * flex column (VC_CAP, at twice its width) leaves at the right. */
static void check_layout(const struct view_column *c, size_t n, int width, int *w)
{
	list_layout(c, n, width, w);
	if (sum(w, n) != width) { /* the gutter, columns and separators */
		assert_true(sum(w, n) < width);
		for (size_t i = 0; i < n; i++)
			if (c[i].flags & VC_FLEX)
				assert_true((c[i].flags & VC_CAP) && w[i] == 2 * c[i].width);
	}
	for (size_t i = 0; i < n; i++) {
		if (!w[i])
			continue;
		assert_true(w[i] >= (c[i].min < c[i].width ? c[i].min : c[i].width));
		if (c[i].min >= c[i].width)
			assert_int_equal(w[i], c[i].width);
	}
}

static void test_layout(void **state)
{
	int w[9];
	struct list_place pl;

	(void)state;
	/* Wide: the flex column takes the rest (width - gutter - separators). */
	list_layout(cols, 3, 120, w);
	assert_int_equal(w[1], 10);
	assert_int_equal(w[2], 4);
	assert_int_equal(w[0], 120 - 1 - 2 - 14);
	/* Narrow: columns shrink toward their minimum. */
	list_layout(cols, 3, 30, w);
	assert_true(w[0] >= 8 && w[1] >= 6 && w[2] == 4);
	assert_true(sum(w, 3) <= 30);
	/* Narrower still: columns drop from the right. */
	list_layout(cols, 3, 18, w);
	assert_int_equal(w[2], 0);
	assert_true(w[0] >= 8);
	assert_true(sum(w, 3) <= 18);

	/* Routes (no preview: the list has the whole width).  From 100
	 * columns on every column has its preferred width, the technician
	 * (VC_GROW) a share of the rest up to twice its width and the
	 * route's title the rest, up to twice its own (VC_CAP); at 80 nothing
	 * is dropped and the window is whole. */
	for (int width = 80; width <= 200; width += width == 120 ? 80 : 20) {
		check_layout(routes_cols, 7, width, w);
		for (size_t i = 0; i < 7; i++)
			assert_true(w[i] > 0);
		if (width >= 100) {
			int rest;

			for (size_t i = 2; i < 7; i++)
				assert_int_equal(w[i], routes_cols[i].width);
			assert_true(w[1] > 18 && w[1] <= 36);
			rest = width - 1 - 6 - 42 - w[1];
			assert_int_equal(w[0], rest < 32 ? rest : 32);
		}
	}
	/* At 200 the title is bounded: 32 columns, not the 115 it took, and
	 * the technician 36; 83 stay blank at the right. */
	check_layout(routes_cols, 7, 200, w);
	assert_int_equal(w[0], 32);
	assert_int_equal(w[1], 36);
	assert_int_equal(200 - sum(w, 7), 83);
	check_layout(routes_cols, 7, 80, w);
	assert_int_equal(w[4], 11);
	assert_true(w[0] >= 13 && w[1] >= 14);

	/* Stops: at 80 (preview below, the product's smallest terminal) the
	 * name would be cut to 10 columns: Call, In-Out and City go instead
	 * (their VC_DROP ranks, in that order), the windows stay whole, and
	 * the name keeps nearly all its 20; at 100 Call and In-Out go and the
	 * name is whole; at 120 (the preview still below: beside it the list
	 * would be squeezed) and 200 (preview at the right, 40 columns) every
	 * column has its preferred width. */
	list_place(stops_cols, 9, 1, 80, 20, &pl);
	assert_int_equal(pl.side, 0);
	assert_int_equal(pl.list_w, 80);
	check_layout(stops_cols, 9, pl.list_w, w);
	assert_int_equal(w[3], 0); /* City */
	assert_int_equal(w[6], 0); /* Call */
	assert_int_equal(w[7], 0); /* In-Out */
	for (size_t i = 0; i < 9; i++)
		assert_true(i == 3 || i == 6 || i == 7 || w[i] > 0);
	assert_int_equal(w[1], 14);
	assert_true(w[5] >= 11); /* "✓ completed" whole */
	assert_true(w[2] >= 18);
	assert_true(w[4] >= 16); /* the service too */
	list_place(stops_cols, 9, 1, 100, 26, &pl);
	assert_int_equal(pl.side, 0);
	check_layout(stops_cols, 9, pl.list_w, w);
	assert_int_equal(w[6], 0);
	assert_int_equal(w[7], 0);
	assert_int_equal(w[2], 20);
	assert_true(w[3] == 12 && w[4] >= 20);
	list_place(stops_cols, 9, 1, 120, 36, &pl);
	assert_int_equal(pl.side, 0);
	assert_int_equal(pl.list_w, 120);
	assert_int_equal(pl.prev_h, 14);
	assert_int_equal(pl.list_h, 21);
	assert_int_equal(pl.prev_y, 22);
	check_layout(stops_cols, 9, pl.list_w, w);
	for (size_t i = 0; i < 9; i++)
		if (i != 2)
			assert_int_equal(w[i], stops_cols[i].width);
	assert_int_equal(w[2], 20 + 119 - 117);
	list_place(stops_cols, 9, 1, 200, 46, &pl);
	assert_int_equal(pl.side, 1);
	assert_int_equal(pl.prev_w, 40);
	assert_int_equal(pl.list_w, 159);
	assert_int_equal(pl.prev_x, 160);
	assert_int_equal(pl.prev_h, 46);
	check_layout(stops_cols, 9, pl.list_w, w);
	/* The 41 spare columns go to the customer, the city and the service
	 * (the columns that were cut), not to the customer alone. */
	assert_int_equal(w[3], 12 + 41 * 12 / 55);
	assert_int_equal(w[4], 23 + 41 * 23 / 55);
	assert_int_equal(w[2], 20 + 41 - 41 * 12 / 55 - 41 * 23 / 55);

	/* Columns narrow in proportion to their slack: at 80 columns the
	 * customer's name keeps more than the columns that could give less,
	 * and the Status word went for it. */
	list_place(customers_cols, 7, 1, 80, 20, &pl);
	check_layout(customers_cols, 7, pl.list_w, w);
	assert_true(w[1] >= 19);
	assert_int_equal(w[6], 0);
	for (size_t i = 0; i < 7; i++)
		assert_true(i == 1 || w[i] < w[1]);
	assert_true(w[4] >= 10); /* a phone's 10 digits */
	/* At 200 (159 beside the preview) the name stops at 44, the company
	 * and the city at twice theirs; 6 columns stay blank. */
	list_place(customers_cols, 7, 1, 200, 50, &pl);
	check_layout(customers_cols, 7, pl.list_w, w);
	assert_int_equal(w[1], 44);
	assert_int_equal(w[2], 36);
	assert_int_equal(w[3], 28);
	assert_int_equal(w[6], 8);

	/* A list that keeps its widths beside the preview has it at the
	 * right: a third of the width from 100 columns, 40 at most. */
	list_place(cols, 3, 1, 100, 26, &pl);
	assert_int_equal(pl.side, 1);
	assert_int_equal(pl.prev_w, 33);
	assert_int_equal(pl.list_w, 66);
	list_place(cols, 3, 1, 120, 36, &pl);
	assert_int_equal(pl.prev_w, 40);
	list_place(cols, 3, 1, 99, 26, &pl);
	assert_int_equal(pl.side, 0);
	assert_int_equal(pl.list_w, 99);
	/* Too few lines for both: at the right on a wide terminal, none on
	 * a narrow one; no preview: the whole rectangle. */
	list_place(stops_cols, 9, 1, 120, 16, &pl);
	assert_int_equal(pl.side, 1);
	list_place(stops_cols, 9, 1, 90, 10, &pl);
	assert_int_equal(pl.prev_h, 0);
	assert_int_equal(pl.list_h, 10);
	list_place(stops_cols, 9, 0, 200, 46, &pl);
	assert_int_equal(pl.prev_h, 0);
	assert_int_equal(pl.list_w, 200);
}

/* Ranked columns (VC_DROP) go, lowest rank first and the rightmost of a
 * rank, only while the flex column would be narrower than its preferred
 * width; unranked ones only when not even the minimums fit; a capped flex
 * column (VC_CAP) stops at twice its width and leaves the rest blank. */
static void test_layout_drop_and_cap(void **state)
{
	static const struct view_column c[] = {
		{ "Name", 20, 8, VC_FLEX }, { "A", 6, 6, VC_DROP(2) }, { "B", 6, 6, VC_DROP(1) },
		{ "C", 6, 6, VC_DROP(1) }, { "D", 6, 6, 0 },
	};
	static const struct view_column g[] = {
		{ "Name", 10, 5, VC_FLEX | VC_CAP }, { "G", 10, 5, VC_GROW }, { "X", 5, 5, 0 },
	};
	static const struct view_column nocap[] = {
		{ "Name", 10, 5, VC_FLEX }, { "G", 10, 5, VC_GROW }, { "X", 5, 5, 0 },
	};
	static const struct view_column noflex[] = {
		{ "A", 10, 5, 0 }, { "B", 10, 10, VC_DROP(1) }, { "C", 10, 10, 0 },
	};
	int w[5];

	(void)state;
	/* Room for all: nothing goes, the name takes the rest. */
	check_layout(c, 5, 60, w);
	for (size_t i = 0; i < 5; i++)
		assert_true(w[i] > 0);
	assert_int_equal(w[0], 20 + 11);
	/* The name would narrow to 15: C (rank 1, the rightmost) goes, and
	 * the name has its 20 and more; B, of the same rank, stays. */
	check_layout(c, 5, 44, w);
	assert_int_equal(w[3], 0);
	assert_true(w[1] == 6 && w[2] == 6 && w[4] == 6);
	assert_int_equal(w[0], 22);
	/* Narrower: B next, then A (rank 2), never D (no rank). */
	check_layout(c, 5, 38, w);
	assert_true(w[2] == 0 && w[3] == 0 && w[1] == 6 && w[4] == 6);
	assert_int_equal(w[0], 23);
	check_layout(c, 5, 30, w);
	assert_true(w[1] == 0 && w[2] == 0 && w[3] == 0 && w[4] == 6);
	assert_int_equal(w[0], 22);
	/* No rank left: the name narrows toward its minimum, D stays... */
	check_layout(c, 5, 20, w);
	assert_int_equal(w[4], 6);
	assert_int_equal(w[0], 12);
	/* ... until not even the minimums fit: D goes from the right. */
	check_layout(c, 5, 12, w);
	assert_int_equal(w[4], 0);
	assert_int_equal(w[0], 11);

	/* Without a flex column a rank only orders what goes when the
	 * minimums do not fit: B before C, which is further right. */
	check_layout(noflex, 3, 33, w);
	assert_true(w[0] == 10 && w[1] == 10 && w[2] == 10);
	check_layout(noflex, 3, 31, w);
	assert_true(w[0] == 8 && w[1] == 10 && w[2] == 10);
	list_layout(noflex, 3, 26, w); /* the last column shown takes the rest */
	assert_true(w[0] == 10 && w[1] == 0 && w[2] == 14);

	/* Capped: the grow column doubles (20), the name too (20), and the
	 * other 52 columns stay blank; uncapped, the name took them. */
	check_layout(g, 3, 100, w);
	assert_int_equal(w[0], 20);
	assert_int_equal(w[1], 20);
	assert_int_equal(w[2], 5);
	assert_int_equal(100 - sum(w, 3), 52);
	check_layout(nocap, 3, 100, w);
	assert_int_equal(w[0], 72);
	assert_int_equal(w[1], 20);
	/* Below twice its width a capped name takes all the rest. */
	check_layout(g, 3, 45, w);
	assert_int_equal(sum(w, 3), 45);
	assert_true(w[0] < 20);
}

/* The legend keeps whole pieces in order, passes over one too wide for the
 * room left, and cuts the first when none fits; wrapping breaks at a space. */
static void test_legend_wrap(void **state)
{
	static const char *const pieces[] = { "Flags: L locked", "D/P/N/C: done, pending", "AM",
		                              NULL };
	struct view_ops lops = { .legend = pieces };
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	list_legend(&lops, 80, 0, 1, &sb);
	assert_string_equal(sb.buf, " Flags: L locked  D/P/N/C: done, pending  AM");
	list_legend(&lops, 22, 0, 1, &sb);
	assert_string_equal(sb.buf, " Flags: L locked  AM");
	list_legend(&lops, 10, 0, 1, &sb);
	assert_string_equal(sb.buf, " AM");
	{
		static const char *const one[] = { "Flags: L locked", NULL };

		lops.legend = one;
		list_legend(&lops, 10, 0, 1, &sb);
		assert_string_equal(sb.buf, " Flags: L\xe2\x80\xa6");
		list_legend(&lops, 10, 1, 1, &sb);
		assert_string_equal(sb.buf, " Flags: L~");
		list_legend(&lops, 1, 0, 1, &sb);
		assert_int_equal(sb.len, 0);
	}
	{
		/* A locale that cannot show UTF-8: each piece folded, its
		 * width what the terminal shows ("dia", three columns). */
		static const char *const es[] = { "! alerta del día", "N notas del día", NULL };

		lops.legend = es;
		list_legend(&lops, 80, 1, 0, &sb);
		assert_string_equal(sb.buf, " ! alerta del dia  N notas del dia");
		list_legend(&lops, 34, 1, 0, &sb);
		assert_string_equal(sb.buf, " ! alerta del dia  N notas del dia");
		list_legend(&lops, 33, 1, 0, &sb);
		assert_string_equal(sb.buf, " ! alerta del dia");
	}
	lops.legend = NULL;
	list_legend(&lops, 80, 0, 1, &sb);
	assert_int_equal(sb.len, 0);
	strbuf_free(&sb);
	assert_int_equal(list_wrap("one two three", 13, 9, 1), 8); /* "one two " */
	assert_int_equal(list_wrap("abcdefghij", 10, 4, 1), 4);     /* no space: as much as fits */
	assert_int_equal(list_wrap("short", 5, 40, 1), 5);
	assert_int_equal(list_wrap("x", 1, 0, 1), 1);                /* at least one character */
	/* A lead byte whose character the text does not hold whole: never
	 * past the end (API text is not checked for UTF-8). */
	assert_int_equal(list_wrap("ab\xf0", 3, 10, 1), 3);
	assert_int_equal(list_wrap("\xf0", 1, 0, 1), 1);
	assert_int_equal(list_wrap("a\xe2 b", 2, 10, 1), 2);
	assert_true(list_number("$12.50") == 12.5);
	assert_true(list_number("-3") == -3);
}

static void test_selection_follows_id(void **state)
{
	struct view *v = fake_view(10, 10, NULL);
	struct fake *f = v->priv;
	struct list *l = list_new(v);
	long long id;
	size_t row;

	(void)state;
	assert_int_equal(list_count(l), 10);
	list_move(l, 3);
	assert_true(list_selected(l, &row, &id));
	assert_int_equal(id, 1003);
	/* A refresh puts two new records in front: the same record stays
	 * selected. */
	f->ids = realloc(f->ids, 12 * sizeof(*f->ids));
	f->names = realloc(f->names, 12 * sizeof(*f->names));
	memmove(f->ids + 2, f->ids, 10 * sizeof(*f->ids));
	memmove(f->names + 2, f->names, 10 * sizeof(*f->names));
	f->ids[0] = 1;
	f->ids[1] = 2;
	f->names[0] = strdup("new a");
	f->names[1] = strdup("new b");
	f->n = f->loaded_upto = 12;
	list_changed(l);
	assert_true(list_selected(l, &row, &id));
	assert_int_equal(id, 1003);
	assert_int_equal(row, 5);
	assert_int_equal(list_position(l), 5);
	/* The record goes: the position stays, clamped. */
	f->n = f->loaded_upto = 4;
	list_changed(l);
	assert_true(list_selected(l, &row, &id));
	assert_int_equal(row, 3);
	assert_int_equal(id, f->ids[3]);
	list_move(l, -100);
	assert_int_equal(list_position(l), 0);
	list_last(l);
	assert_int_equal(list_position(l), 3);
	list_free(l);
	f->n = 12; /* the names made, all freed */
	fake_free(v);
}

static void test_sort(void **state)
{
	static const char *const names[] = { "delta", "Alpha", "charlie", "bravo", "zulu", "echo" };
	struct view *v = fake_view(6, 4, names);
	struct list *l = list_new(v);
	long long id;
	int desc;

	(void)state;
	list_select_id(l, 1002);
	list_sort_step(l, 1);           /* Name */
	assert_int_equal(list_sort_column(l, &desc), 0);
	assert_false(desc);
	/* Loaded rows sorted (case folded), unloaded after in view order. */
	list_first(l);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1001);     /* Alpha */
	list_move(l, 1);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1003);     /* bravo */
	list_move(l, 2);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1000);     /* delta */
	list_move(l, 1);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1004);     /* zulu: not loaded, first of the rest */
	list_sort_invert(l);
	list_first(l);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1000);     /* delta first when descending */
	/* Due (right-aligned) sorts by value. */
	list_sort_step(l, 1);
	assert_int_equal(list_sort_column(l, NULL), 1);
	list_first(l);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1000);
	/* Flag is not sortable: the next step is "unsorted". */
	list_sort_step(l, 1);
	assert_int_equal(list_sort_column(l, NULL), -1);
	list_sort_step(l, -1);
	assert_int_equal(list_sort_column(l, NULL), 1);
	list_free(l);
	fake_free(v);
}

/* An id column orders every row, loaded or not: the search gave every id,
 * so the view need read nothing (the audit's sort by ID read 11 chunks). */
static void test_sort_by_id(void **state)
{
	static const struct view_column id_cols[] = {
		{ "Name", 20, 8, VC_FLEX },
		{ "ID", 8, 6, VC_RIGHT | VC_ID },
		{ "Flag", 4, 4, VC_NOSORT },
	};
	static const long long shuffled[] = { 1005, 1003, 1001, 1004, 1000, 1002 };
	struct view_ops id_ops = ops;
	struct view *v = fake_view(6, 2, NULL);
	struct fake *f = v->priv;
	struct list *l;
	long long id;

	(void)state;
	id_ops.columns = id_cols;
	v->ops = &id_ops;
	memcpy(f->ids, shuffled, sizeof(shuffled));
	l = list_new(v);
	assert_false(list_sort_needs_rows(l));      /* unsorted */
	list_sort_step(l, 1);                       /* Name: only loaded rows compare */
	assert_true(list_sort_needs_rows(l));
	list_sort_step(l, 1);                       /* ID */
	assert_int_equal(list_sort_column(l, NULL), 1);
	assert_false(list_sort_needs_rows(l));
	assert_int_equal(list_count(l), 6);
	list_first(l);
	for (long long want = 1000; want <= 1005; want++) {
		list_selected(l, NULL, &id);
		assert_int_equal(id, want);             /* 1000 is not loaded, yet first */
		list_move(l, 1);
	}
	list_sort_invert(l);
	list_first(l);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1005);
	list_last(l);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1000);
	/* A filter matches loaded rows only, by id as by any column. */
	list_set_filter(l, "name0000");
	assert_int_equal(list_count(l), 2);
	list_free(l);
	fake_free(v);
}

static void test_filter_and_find(void **state)
{
	static const char *const names[] = { "Smith", "Jones", "smithers", "Brown", "SMITHY", "Smith Jr" };
	struct view *v = fake_view(6, 5, names);
	struct list *l = list_new(v);
	long long id;

	(void)state;
	assert_int_equal(list_find(l, 1), -1);  /* no filter yet: nothing to look for */
	list_set_filter(l, "smith");
	/* Loaded rows only: "Smith Jr" is not loaded yet. */
	assert_int_equal(list_count(l), 3);
	assert_int_equal(list_total(l), 6);
	assert_string_equal(list_filter(l), "smith");
	list_set_filter(l, NULL);
	assert_int_equal(list_count(l), 6);
	assert_null(list_filter(l));
	/* n/N walk the matches of the last filter text, wrapping. */
	list_first(l);
	assert_int_equal(list_find(l, 1), 1);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1002);
	assert_int_equal(list_find(l, 1), 1);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1004);
	assert_int_equal(list_find(l, 1), 1);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1000);
	assert_int_equal(list_find(l, -1), 1);
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1004);
	list_set_filter(l, "nobody");
	assert_int_equal(list_count(l), 0);
	assert_false(list_selected(l, NULL, NULL));
	list_free(l);
	fake_free(v);
}

/* A filter typed where the selected row does not match selects the first
 * match at or after it, in the list's order, as / and n find; it kept the
 * position, clamped (the audit's /pena on 20,000 customers selected the
 * last of 579 matches). */
static void test_filter_selects_at_or_after(void **state)
{
	static const char *const names[] = { "Smith", "Jones", "Smithers", "Brown", "Adams",
		                             "Lopez", "Smith Jr", "Baker", "Smythe", "Carter" };
	struct view *v = fake_view(10, 10, names);
	struct list *l = list_new(v);
	long long id;

	(void)state;
	list_select_id(l, 1005);                /* Lopez */
	list_set_filter(l, "s");                /* 0 1 2 4 6 8 */
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1006);             /* Smith Jr, not Smythe */
	assert_int_equal(list_position(l), 4);
	/* A match selected stays selected. */
	list_set_filter(l, "smith");
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1006);
	/* None after it: the last before. */
	list_set_filter(l, NULL);
	list_select_id(l, 1009);                /* Carter */
	list_set_filter(l, "smith");
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1006);
	/* Sorted by name: after in that order.  Adams Baker Brown Carter Jones
	 * Lopez Smith "Smith Jr" Smithers Smythe. */
	list_set_filter(l, NULL);
	list_sort_step(l, 1);
	list_select_id(l, 1009);                /* Carter */
	list_set_filter(l, "s");                /* Adams Jones Smith ... */
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1001);             /* Jones */
	assert_int_equal(list_position(l), 1);
	list_set_filter(l, NULL);
	list_sort_invert(l);
	list_select_id(l, 1009);                /* Carter, descending */
	list_set_filter(l, "s");                /* Smythe ... Jones Adams */
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1004);             /* Adams */
	list_free(l);
	fake_free(v);
	/* A row not loaded yet, in a sorted list, comes after every loaded
	 * one: the last match (it compared as "", and went to the first). */
	v = fake_view(10, 6, names);            /* Smith Jr .. Carter not loaded */
	for (size_t i = 6; i < 10; i++)         /* and read "", as a view's do */
		((struct fake *)v->priv)->names[i][0] = '\0';
	l = list_new(v);
	list_sort_step(l, 1);
	list_select_id(l, 1008);                /* Smythe, not loaded */
	list_set_filter(l, "s");                /* Adams Jones Smith Smithers */
	list_selected(l, NULL, &id);
	assert_int_equal(id, 1002);             /* Smithers, the last */
	list_free(l);
	fake_free(v);
}

static void read_line(int y, char *buf, int n)
{
	mvinnstr(y, 0, buf, n);
}

/* A column the layout dropped (a narrow terminal) is no stop of < and >;
 * a sort on a column that a resize then drops stays, and is named. */
static void test_sort_hidden(void **state)
{
	static const struct view_column ncols[] = {
		{ "Name", 20, 8, VC_FLEX }, { "Due", 10, 6, VC_RIGHT | VC_DROP(1) },
		{ "Flag", 4, 4, VC_NOSORT },
	};
	static const struct view_column capped[] = {
		{ "Name", 10, 5, VC_FLEX | VC_CAP }, { "Due", 10, 6, VC_RIGHT },
		{ "Flag", 4, 4, VC_NOSORT },
	};
	struct view_ops nops = ops;
	struct view *v = fake_view(6, 6, NULL);
	struct list *l = list_new(v);
	struct theme th;
	struct list_env env = { &th, 0, 1, NULL, 0, NULL, 0, 0 };
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	SCREEN *scr;
	char line[512];

	(void)state;
	nops.columns = ncols;
	v->ops = &nops;
	setenv("LINES", "24", 1);
	setenv("COLUMNS", "80", 1);
	scr = newterm("xterm", out, in);
	assert_non_null(scr);
	theme_default(&th);
	theme_apply(&th, 0);
	/* Before any draw every column counts. */
	list_sort_step(l, 1);
	list_sort_step(l, 1);
	assert_int_equal(list_sort_column(l, NULL), 1);
	list_sort_step(l, 1);
	assert_int_equal(list_sort_column(l, NULL), -1);
	/* 30 columns: Due goes so that the name keeps its 20. */
	list_draw(l, 0, 0, 10, 30, &env);
	read_line(0, line, sizeof(line));
	assert_non_null(strstr(line, "Name"));
	assert_null(strstr(line, "Due"));
	list_sort_step(l, 1);
	assert_int_equal(list_sort_column(l, NULL), 0);
	list_sort_step(l, 1); /* Due hidden, Flag unsortable: unsorted */
	assert_int_equal(list_sort_column(l, NULL), -1);
	list_sort_step(l, -1);
	assert_int_equal(list_sort_column(l, NULL), 0);
	/* Wide again: Due is a stop, and its arrow shows. */
	list_draw(l, 0, 0, 10, 80, &env);
	list_sort_step(l, 1);
	assert_int_equal(list_sort_column(l, NULL), 1);
	list_draw(l, 0, 0, 10, 80, &env);
	read_line(0, line, sizeof(line));
	assert_non_null(strstr(line, "Due\xe2\x96\xb2"));
	/* Narrow again: the sort stays on Due (rows do not move under the
	 * dispatcher; the status line names it), I still inverts it, and the
	 * next step leaves it for a column shown. */
	list_draw(l, 0, 0, 10, 30, &env);
	assert_int_equal(list_sort_column(l, NULL), 1);
	list_sort_invert(l);
	{
		int desc;

		assert_int_equal(list_sort_column(l, &desc), 1);
		assert_true(desc);
	}
	list_sort_step(l, -1);
	assert_int_equal(list_sort_column(l, NULL), 0);
	/* A capped name leaves the end of the lines blank: what was there
	 * before is gone from the titles and the rows alike. */
	nops.columns = capped;
	list_changed(l);
	/* The last screen's text, a character no row or title has. */
	for (int y = 0; y < 10; y++)
		mvhline(y, 0, '~', 80);
	list_draw(l, 0, 0, 10, 80, &env);
	for (int y = 0; y < 10; y++) {
		read_line(y, line, 81);
		assert_null(strchr(line, '~'));
	}
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
	list_free(l);
	fake_free(v);
}

/* Drawing a 100,000-row view touches only the rows on screen, and asks
 * want() for the unloaded ones on screen and one page ahead. */
static void test_draw_virtualised(void **state)
{
	struct view *v = fake_view(100000, 30, NULL);
	struct fake *f = v->priv;
	struct list *l = list_new(v);
	struct theme th;
	struct list_env env = { &th, 0, 1, NULL, 0, NULL, 0, 0 };
	FILE *out = fopen("/dev/null", "w"), *in = fopen("/dev/null", "r");
	SCREEN *scr;
	char line[512];

	(void)state;
	setenv("LINES", "24", 1);
	setenv("COLUMNS", "80", 1);
	scr = newterm("xterm", out, in);
	assert_non_null(scr);
	theme_default(&th);
	theme_apply(&th, 0);
	list_draw(l, 0, 0, 21, 80, &env);
	/* A title line and 20 rows of 3 cells, nothing more. */
	assert_true(f->cells <= 20 * 3);
	read_line(0, line, sizeof(line));
	assert_non_null(strstr(line, "Name"));
	read_line(1, line, sizeof(line));
	assert_non_null(strstr(line, "name00000"));
	/* All 20 on screen are loaded; want() asks for the next page. */
	assert_int_equal(f->n_want, 1);
	assert_int_equal(f->want_first[0], 30);
	assert_int_equal(f->want_last[0], 40);
	/* Drawing again asks nothing new. */
	list_draw(l, 0, 0, 21, 80, &env);
	assert_int_equal(f->n_want, 1);
	/* Two pages down (19 rows each): placeholders for rows not loaded,
	 * one request for the screen and the page after it. */
	list_page(l, 1);
	list_page(l, 1);
	f->cells = 0;
	list_draw(l, 0, 0, 21, 80, &env);
	assert_int_equal(f->cells, 0);
	read_line(1, line, sizeof(line));
	assert_non_null(strstr(line, "#1038 loading"));
	assert_int_equal(f->n_want, 2);
	assert_int_equal(f->want_first[1], 38);
	assert_int_equal(f->want_last[1], 78);
	/* The selection's line is where the cursor is parked. */
	{
		int y, x;

		assert_int_equal(list_cursor(l, &y, &x), 0);
		read_line(y, line, sizeof(line));
		assert_non_null(strstr(line, "\xe2\x96\xb8#1038"));
	}
	/* A click maps to the row drawn on its line: the titles and what is
	 * right of the list are no row; the fifth row line is the selection
	 * plus 4 (the top is 1038 - 19 + 1 = 1020 ... the rows from line 1). */
	{
		size_t pos, top;
		int y, x;

		assert_int_equal(list_row_at(l, 0, 5, &pos), 0);
		assert_int_equal(list_row_at(l, 5, 80, &pos), 0);
		assert_int_equal(list_row_at(l, 21, 5, &pos), 0);
		assert_int_equal(list_row_at(l, 1, 5, &pos), 1);
		top = pos;
		assert_int_equal(list_row_at(l, 5, 5, &pos), 1);
		assert_int_equal(pos, top + 4);
		assert_int_equal(list_select_at(l, 5, 5), 1);
		assert_int_equal(list_position(l), top + 4);
		list_draw(l, 0, 0, 21, 80, &env);
		assert_int_equal(list_cursor(l, &y, &x), 0);
		assert_int_equal(y, 5);
	}
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
	list_free(l);
	fake_free(v);
}

/* Bytes ncurses has written to out so far. */
static long written(FILE *out)
{
	struct stat st;

	fflush(out);
	assert_int_equal(fstat(fileno(out), &st), 0);
	return (long)st.st_size;
}

/* One row down costs what changes on the two rows (the marker, and the
 * selection bar from the gutter to the end of the name), not two whole
 * rows: under 200 bytes at 120x40 (issue 4), in colour and in mono.  A
 * bar across the row rewrote 2 x 120 cells and their colour changes. */
static void test_move_bytes(void **state)
{
	for (int color = 1; color >= 0; color--) {
		struct view *v = fake_view(50, 50, NULL);
		struct list *l = list_new(v);
		struct theme th;
		struct list_env env = { &th, 0, 1, NULL, 0, NULL, 0, 0 };
		FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
		SCREEN *scr;
		long before, cost;
		char line[512];
		int y, x;

		(void)state;
		assert_non_null(out);
		setenv("LINES", "40", 1);
		setenv("COLUMNS", "120", 1);
		scr = newterm("tmux-256color", out, in);
		if (!scr)
			scr = newterm("xterm-256color", out, in);
		assert_non_null(scr);
		if (color) {
			assert_int_not_equal(start_color(), ERR);
			use_default_colors();
		}
		theme_default(&th);
		theme_apply(&th, color);
		list_draw(l, 2, 0, 36, 120, &env);
		refresh();
		before = written(out);
		list_move(l, 1);
		list_draw(l, 2, 0, 36, 120, &env);
		assert_int_equal(list_cursor(l, &y, &x), 0);
		move(y, x);
		refresh();
		cost = written(out) - before;
		print_message("# one row down at 120x40 (%s): %ld bytes\n", color ? "colour" : "mono",
		              cost);
		assert_true(cost > 0);
		assert_true(cost < 200);
		/* The marker moved; the bar ends with the name: the money at
		 * the right of the selected row keeps its own colours. */
		read_line(y, line, sizeof(line));
		assert_true(strncmp(line, "\xe2\x96\xb8name00001", 12) == 0);
		read_line(y - 1, line, sizeof(line));
		assert_true(strncmp(line, " name00000", 10) == 0);
		assert_true((mvinch(y, 112) & A_ATTRIBUTES) == (mvinch(y + 2, 112) & A_ATTRIBUTES));
		assert_true((mvinch(y, 1) & A_ATTRIBUTES) == th.attr[TE_SELECTED]);
		assert_true((mvinch(y, 9) & A_ATTRIBUTES) == th.attr[TE_SELECTED]);
		assert_true((mvinch(y, 11) & A_ATTRIBUTES) == th.attr[TE_NORMAL]);
		endwin();
		delscreen(scr);
		fclose(out);
		fclose(in);
		list_free(l);
		fake_free(v);
	}
}

/* A view whose flex column is long text after what names the record (the
 * Notes pane): VC_BAR ends the bar at the name, so the cells after it keep
 * their colours on the selected row, as on any other. */
static const struct view_column bar_cols[] = {
	{ "Name", 20, 8, VC_BAR },
	{ "Due", 10, 6, VC_RIGHT },
	{ "Text", 4, 4, VC_FLEX },
};
static const struct view_column bar_cols_plain[] = {
	{ "Name", 20, 8, 0 },
	{ "Due", 10, 6, VC_RIGHT },
	{ "Text", 4, 4, VC_FLEX },
};

static void test_bar_column(void **state)
{
	struct view_ops bar_ops = ops;
	struct view *v = fake_view(50, 50, NULL);
	struct list *l;
	struct theme th;
	struct list_env env = { &th, 0, 1, NULL, 0, NULL, 0, 0 };
	FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
	SCREEN *scr;
	int y, x;

	(void)state;
	bar_ops.columns = bar_cols;
	v->ops = &bar_ops;
	l = list_new(v);
	setenv("LINES", "40", 1);
	setenv("COLUMNS", "120", 1);
	scr = newterm("xterm-256color", out, in);
	assert_non_null(scr);
	assert_int_not_equal(start_color(), ERR);
	use_default_colors();
	theme_default(&th);
	theme_apply(&th, 1);
	list_move(l, 1);
	list_draw(l, 2, 0, 36, 120, &env);
	assert_int_equal(list_cursor(l, &y, &x), 0);
	/* The name is in the bar; the due amount (columns 22-31) and the text
	 * after it are drawn as on the unselected row below. */
	assert_true((mvinch(y, 3) & A_ATTRIBUTES) == th.attr[TE_SELECTED]);
	for (int cx = 22; cx < 40; cx++)
		assert_true((mvinch(y, cx) & A_ATTRIBUTES) == (mvinch(y + 2, cx) & A_ATTRIBUTES));
	/* Without the flag the bar runs to the flex column, over the amount. */
	bar_ops.columns = bar_cols_plain;
	list_draw(l, 2, 0, 36, 120, &env);
	assert_true((mvinch(y, 30) & A_ATTRIBUTES) != (mvinch(y + 2, 30) & A_ATTRIBUTES));
	/* [ui] full_bar: the selection's colours across the whole row, to its
	 * last column, and only on the selected row. */
	bar_ops.columns = bar_cols;
	env.full_bar = 1;
	list_draw(l, 2, 0, 36, 120, &env);
	for (int cx = 1; cx < 120; cx++) {
		if ((mvinch(y, cx) & A_COLOR) != (th.attr[TE_SELECTED] & A_COLOR))
			fail_msg("full bar: column %d of the selected row is not in the selection's colours",
			         cx);
		assert_true((mvinch(y + 2, cx) & A_COLOR) != (th.attr[TE_SELECTED] & A_COLOR));
	}
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
	list_free(l);
	v->ops = &ops;
	fake_free(v);
}

/* The preview's break (a NUL): two columns from LIST_PREVIEW_TWO_MIN
 * columns, else one after the other; a form feed from the API is text. */
static void test_preview_split(void **state)
{
	static const char text[] = "Name\nPhone: 1\n\0Status\nTech\n";
	size_t first, second, len = sizeof(text) - 1;
	int left_w;

	(void)state;
	assert_int_equal(list_preview_split(text, len, 120, &first, &second, &left_w), 2);
	assert_int_equal(first, 14);
	assert_string_equal(text + second, "Status\nTech\n");
	assert_int_equal(left_w, 60);
	assert_int_equal(list_preview_split(text, len, 79, &first, &second, &left_w), 1);
	assert_int_equal(first, 14);
	assert_string_equal(text + second, "Status\nTech\n");
	assert_int_equal(left_w, 79);
	/* No break: one column, all of it. */
	assert_int_equal(list_preview_split("a\n\f\nb\n", 6, 120, &first, &second, &left_w), 1);
	assert_int_equal(first, 6);
	assert_int_equal(second, 6);
	/* A break with nothing after it: one column. */
	assert_int_equal(list_preview_split("a\n\0", 3, 120, &first, &second, &left_w), 1);
	assert_int_equal(first, 2);
	assert_int_equal(list_preview_split("", 0, 120, &first, &second, &left_w), 1);
	assert_int_equal(first, 0);
}

/* One record's preview after another's with the same labels on the same
 * lines: curses sends the values that differ, never the labels again
 * (nothing clears the preview between frames). */
static void test_preview_bytes(void **state)
{
	static const char one[] = "Doe, Jane #1001\nPhone: 5205550100\nBalance: 12.50\n\0"
	                          "Technician: Ann Tech\n";
	static const char two[] = "Roe, Bob #1002\nPhone: 5205550199\nBalance: 0.00\n\0"
	                          "Technician: Ann Tech\n";
	struct theme th;
	struct list_env env = { &th, 0, 1, NULL, 0, NULL, 0, 0 };
	FILE *out = tmpfile(), *in = fopen("/dev/null", "r");
	char *sent;
	long before, cost;
	SCREEN *scr;

	(void)state;
	assert_non_null(out);
	setenv("LINES", "40", 1);
	setenv("COLUMNS", "120", 1);
	scr = newterm("xterm-256color", out, in);
	assert_non_null(scr);
	theme_default(&th);
	theme_apply(&th, 0);
	list_draw_preview(one, sizeof(one) - 1, 24, 0, 13, 120, &env);
	refresh();
	before = written(out);
	list_draw_preview(two, sizeof(two) - 1, 24, 0, 13, 120, &env);
	refresh();
	cost = written(out) - before;
	print_message("# the second record's preview: %ld bytes\n", cost);
	sent = xcalloc(1, (size_t)cost + 1);
	assert_int_equal(fseek(out, before, SEEK_SET), 0);
	assert_int_equal(fread(sent, 1, (size_t)cost, out), (size_t)cost);
	assert_null(strstr(sent, "Phone"));
	assert_null(strstr(sent, "Balance"));
	assert_null(strstr(sent, "Technician"));
	assert_non_null(strstr(sent, "Roe, Bob"));
	/* The changed cells and a cursor move per line, not 13 lines. */
	assert_true(cost < 80);
	free(sent);
	endwin();
	delscreen(scr);
	fclose(out);
	fclose(in);
}

/* Short of room, a column is no wider than what it holds or its title
 * (its arrow too when sorted): at 80 columns the counts and money stood
 * padded while names were cut.  The flex column, a fixed one (min =
 * width), a wide enough list, a row still loading or a long list keep the
 * declared widths. */
static void test_columns_fit(void **state)
{
	struct view *v = fake_view(3, 3, NULL), *big = fake_view(501, 501, NULL),
	            *part = fake_view(3, 2, NULL);
	struct view_column out[3];

	(void)state;
	list_columns_fit(v, 3, cols, 3, -1, 20, out);
	assert_int_equal(out[0].width, 20);  /* flex: takes the rest */
	assert_int_equal(out[1].width, 4);   /* "0.00" .. "2.00" */
	assert_int_equal(out[1].min, 4);
	assert_int_equal(out[2].width, 4);   /* fixed */
	list_columns_fit(v, 3, cols, 3, 1, 20, out);
	assert_int_equal(out[1].width, 5);   /* "Due" and its arrow */
	list_columns_fit(v, 3, cols, 3, -1, 200, out);
	assert_int_equal(out[1].width, 10);  /* room enough: as declared */
	list_columns_fit(part, 3, cols, 3, -1, 20, out);
	assert_int_equal(out[1].width, 10);  /* a row still loading */
	list_columns_fit(big, 501, cols, 3, -1, 20, out);
	assert_int_equal(out[1].width, 10);  /* too many rows to measure */
	fake_free(v);
	fake_free(big);
	fake_free(part);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_columns_fit),
		cmocka_unit_test(test_fit),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_layout_drop_and_cap),
		cmocka_unit_test(test_legend_wrap),
		cmocka_unit_test(test_selection_follows_id),
		cmocka_unit_test(test_sort),
		cmocka_unit_test(test_sort_by_id),
		cmocka_unit_test(test_sort_hidden),
		cmocka_unit_test(test_filter_and_find),
		cmocka_unit_test(test_filter_selects_at_or_after),
		cmocka_unit_test(test_draw_virtualised),
		cmocka_unit_test(test_move_bytes),
		cmocka_unit_test(test_bar_column),
		cmocka_unit_test(test_preview_split),
		cmocka_unit_test(test_preview_bytes),
	};

	setlocale(LC_ALL, "C.UTF-8");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
