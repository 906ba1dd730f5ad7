/* test_timeline.c: the Timeline's layout maths (time to column, overlaps, lane order) and its view over a hand-made day. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/strbuf.h"
#include "ui/views/timeline_layout.h"
#include "view_doubles.h"

/* ------------------------------------------------------------ maths */

static void test_minutes(void **state)
{
	assert_int_equal(timeline_minutes("00:00"), 0);
	assert_int_equal(timeline_minutes("08:30"), 510);
	assert_int_equal(timeline_minutes("23:59:00"), 23 * 60 + 59);
	assert_int_equal(timeline_minutes(""), -1);
	assert_int_equal(timeline_minutes(NULL), -1);
	assert_int_equal(timeline_minutes("8:30"), -1);
	assert_int_equal(timeline_minutes("24:00"), -1);
	assert_int_equal(timeline_minutes("12:60"), -1);
	assert_int_equal(timeline_minutes("ab:cd"), -1);
}

static void test_axis(void **state)
{
	struct timeline_axis ax;

	/* The working day when the stops fit in it. */
	timeline_axis_fit(&ax, 8 * 60, 17 * 60, 48);
	assert_int_equal(ax.from, 7 * 60);
	assert_int_equal(ax.to, 19 * 60);
	/* Widened to whole hours around an early start and a late end. */
	timeline_axis_fit(&ax, 5 * 60 + 40, 20 * 60 + 10, 48);
	assert_int_equal(ax.from, 5 * 60);
	assert_int_equal(ax.to, 21 * 60);
	/* Nothing to cover: the working day. */
	timeline_axis_fit(&ax, -1, -1, 10);
	assert_int_equal(ax.from, TIMELINE_DAY_FROM);
	assert_int_equal(ax.to, TIMELINE_DAY_TO);
	/* Never past midnight. */
	timeline_axis_fit(&ax, 60, 24 * 60, 10);
	assert_int_equal(ax.to, 24 * 60);
	assert_int_equal(ax.from, 60);
}

static void test_col(void **state)
{
	struct timeline_axis ax;

	/* 12 hours over 48 columns: 4 a hour, 15 minutes a column. */
	timeline_axis_fit(&ax, -1, -1, 48);
	assert_int_equal(timeline_col(&ax, 7 * 60), 0);
	assert_int_equal(timeline_col(&ax, 8 * 60), 4);
	assert_int_equal(timeline_col(&ax, 8 * 60 + 14), 4);
	assert_int_equal(timeline_col(&ax, 8 * 60 + 15), 5);
	assert_int_equal(timeline_col(&ax, 13 * 60), 24);
	assert_int_equal(timeline_col(&ax, 19 * 60), 48);
	/* Clamped at both ends. */
	assert_int_equal(timeline_col(&ax, 0), 0);
	assert_int_equal(timeline_col(&ax, 23 * 60), 48);
	/* Scaled to the width: twice the columns, twice the column. */
	ax.width = 96;
	assert_int_equal(timeline_col(&ax, 8 * 60), 8);
	ax.width = 168; /* 200 columns less the label and the no-time column */
	assert_int_equal(timeline_col(&ax, 13 * 60), 84);
}

static struct timeline_block blk(long long id, int start, int end, int seq)
{
	struct timeline_block b = { id, start, end, seq, 0, 0, 0 };

	return b;
}

static void test_order(void **state)
{
	struct timeline_block b[5] = {
		blk(1, -1, -1, 1), blk(2, 600, 660, 4), blk(3, 480, 540, 3), blk(4, 480, 510, 5),
		blk(5, -1, -1, 0),
	};

	timeline_order(b, 5);
	/* Timed by start then end, then the untimed in route order. */
	assert_int_equal(b[0].id, 4);
	assert_int_equal(b[1].id, 3);
	assert_int_equal(b[2].id, 2);
	assert_int_equal(b[3].id, 5);
	assert_int_equal(b[4].id, 1);
}

static void test_place(void **state)
{
	struct timeline_axis ax;
	struct timeline_block b[4] = {
		blk(1, 8 * 60, 9 * 60, 1), blk(2, 10 * 60, 11 * 60, 2), blk(3, 12 * 60, -1, 3),
		blk(4, -1, -1, 4),
	};

	timeline_axis_fit(&ax, -1, -1, 48);
	assert_int_equal(timeline_place(b, 4, &ax, 49, 8), 0);
	/* At their windows, apart, none overlapping. */
	assert_int_equal(b[0].c0, 4);
	assert_int_equal(b[0].c1, 8);
	assert_int_equal(b[1].c0, 12);
	assert_int_equal(b[1].c1, 16);
	assert_false(b[0].overlap || b[1].overlap);
	/* No end: one column. */
	assert_int_equal(b[2].c0, 20);
	assert_int_equal(b[2].c1, 21);
	/* No window: the no-time column. */
	assert_int_equal(b[3].c0, 49);
	assert_int_equal(b[3].c1, 50);
}

static void test_overlap(void **state)
{
	struct timeline_axis ax;
	/* 08:00-10:00 and 09:00-09:30 overlap; 09:30-10:00 overlaps the
	 * first; 11:00-12:00 overlaps nothing. */
	struct timeline_block b[4] = {
		blk(1, 8 * 60, 10 * 60, 1), blk(2, 9 * 60, 9 * 60 + 30, 2),
		blk(3, 9 * 60 + 30, 10 * 60, 3), blk(4, 11 * 60, 12 * 60, 4),
	};

	timeline_axis_fit(&ax, -1, -1, 48);
	timeline_order(b, 4);
	assert_int_equal(timeline_place(b, 4, &ax, 49, 8), 0);
	assert_true(b[0].overlap && b[1].overlap && b[2].overlap);
	assert_false(b[3].overlap);
	/* Each block keeps a column of its own, in time order, none on
	 * another. */
	for (int i = 0; i < 4; i++) {
		assert_true(b[i].c0 >= 0);
		assert_true(b[i].c1 > b[i].c0);
		if (i > 0)
			assert_true(b[i].c0 >= b[i - 1].c1);
	}
	/* The first is cut short at the second's start. */
	assert_int_equal(b[0].c0, 4);
	assert_int_equal(b[0].c1, 8);
	assert_int_equal(b[1].c0, 8);
}

static void test_crowded(void **state)
{
	struct timeline_axis ax;
	struct timeline_block b[40];

	/* 40 stops in two hours on a 10-column axis: every block that gets a
	 * column gets its own; the rest are counted, never drawn on top. */
	for (int i = 0; i < 40; i++)
		b[i] = blk(i + 1, 8 * 60 + 3 * i, 8 * 60 + 3 * i + 20, i);
	timeline_axis_fit(&ax, -1, -1, 10);
	timeline_order(b, 40);
	size_t hidden = timeline_place(b, 40, &ax, 11, 2);
	size_t shown = 0;

	for (int i = 0; i < 40; i++) {
		if (b[i].c0 < 0)
			continue;
		shown++;
		assert_true(b[i].c1 <= ax.width);
	}
	assert_int_equal(shown + hidden, 40);
	assert_true(shown >= 8);
	/* Untimed ones beyond the no-time column's width are counted. */
	struct timeline_block u[3] = { blk(1, -1, -1, 1), blk(2, -1, -1, 2), blk(3, -1, -1, 3) };

	assert_int_equal(timeline_place(u, 3, &ax, 11, 2), 1);
	assert_int_equal(u[0].c0, 11);
	assert_int_equal(u[1].c0, 12);
	assert_int_equal(u[2].c0, -1);
}

static void test_lane_order(void **state)
{
	/* Assigned first, by title, then id; UNASSIGNED last. */
	assert_true(timeline_lane_cmp(5, "Route 09", 1, 0, "Route 01", 2) < 0);
	assert_true(timeline_lane_cmp(0, "A", 1, 7, "Z", 2) > 0);
	assert_true(timeline_lane_cmp(5, "Route 01", 9, 6, "Route 02", 1) < 0);
	assert_true(timeline_lane_cmp(5, "Same", 1, 6, "Same", 2) < 0);
	assert_true(timeline_lane_cmp(0, NULL, 3, 0, "", 2) > 0);
	assert_int_equal(timeline_lane_cmp(5, "X", 4, 5, "X", 4), 0);
}

static void test_late(void **state)
{
	assert_true(timeline_late(1, 600, 601));
	assert_false(timeline_late(1, 600, 600));
	assert_false(timeline_late(0, 600, 700)); /* done is never late */
	assert_false(timeline_late(1, -1, 700));  /* no window */
	assert_false(timeline_late(1, 600, -1));  /* not today */
}

/* ------------------------------------------------------------ the view */

/* The painted lane as text, and the cursor. */
static void paint_text(const struct view *v, size_t row, int width, int selected, int ascii,
                       char *out, size_t size, int *cursor)
{
	struct view_paint *cells = calloc((size_t)width, sizeof(*cells));
	size_t len = 0;

	for (int i = 0; i < width; i++)
		cells[i].text[0] = ' ';
	v->ops->paint(v, row, 1, width, selected, ascii, !ascii, cells, cursor);
	for (int i = 0; i < width && len + 8 < size; i++) {
		strcpy(out + len, cells[i].text);
		len += strlen(cells[i].text);
	}
	out[len] = '\0';
	free(cells);
}

static void test_view_lanes(void **state)
{
	struct ui ui;
	struct view *v;
	char text[1024];
	int cursor;

	make_day(&ui);
	v = view_timeline_new();
	v->ops->open(v, &ui);
	assert_string_equal(v->ops->name, "timeline");
	/* Alpha (Ann Tech) first, Bravo (nobody) last. */
	assert_int_equal(v->ops->count(v), 2);
	assert_int_equal(v->ops->row_id(v, 0), 10);
	assert_int_equal(v->ops->row_id(v, 1), 20);
	assert_non_null(strstr(cell(v, 0, 0, NULL), "Alpha"));
	{
		enum view_style st = VS_NORMAL;

		assert_non_null(strstr(cell(v, 1, 0, &st), "UNASSIGNED"));
		assert_int_equal(st, VS_UNASSIGNED);
	}
	/* The lane in ASCII: 08:00 done, 09:00 pending, 10:00 no-show, each at
	 * its hour; the selected block carries the cursor. */
	paint_text(v, 0, 57, 1, 1, text, sizeof(text), &cursor);
	/* 57 columns: 8 no-time, 1 border, 48 of axis: 4 a hour from 07:00. */
	assert_int_equal(text[4], '+');
	assert_int_equal(text[8], '.');
	assert_int_equal(text[12], 'x');
	assert_int_equal(text[48], '|');
	assert_int_equal(cursor, 4); /* the first stop in time */
	/* The title line: hours. */
	paint_text(v, VIEW_TITLE_ROW, 57, 0, 1, text, sizeof(text), &cursor);
	assert_memory_equal(text, "07  08  09", 10);
	assert_non_null(strstr(text, "no time"));
	view_free(v);
	ui_done(&ui);
}

static void test_view_keys(void **state)
{
	struct ui ui;
	struct view *v;

	make_day(&ui);
	v = view_timeline_new();
	v->ops->open(v, &ui);
	v->ops->count(v);
	/* Left and right step through the lane in time order. */
	assert_int_equal(v->ops->item(v, 0), 102);
	assert_false(v->ops->across(v, &ui, 0, -1));
	assert_true(v->ops->across(v, &ui, 0, 1));
	assert_int_equal(v->ops->item(v, 0), 101);
	assert_true(v->ops->across(v, &ui, 0, 1));
	assert_int_equal(v->ops->item(v, 0), 103);
	assert_false(v->ops->across(v, &ui, 0, 1));
	/* Another lane: its stop nearest in time. */
	assert_int_equal(v->ops->item(v, 1), 201);
	/* Enter opens the stop's customer, as on the Stops pane. */
	v->ops->enter(v, &ui, 0);
	assert_int_equal(ui.n_pushed, 1);
	/* / finds lanes by technician, route and customer. */
	assert_true(v->ops->match(v, 0, "ann"));
	assert_true(v->ops->match(v, 1, "acme"));
	assert_false(v->ops->match(v, 1, "jane"));
	assert_true(v->ops->match(v, 1, "unassigned"));
	view_free(v);
	ui_done(&ui);
}

static void test_view_refresh(void **state)
{
	struct ui ui;
	struct view *v;
	struct fetch_result *r;
	struct m_appt *a;
	char text[1024];
	int cursor;

	make_day(&ui);
	v = view_timeline_new();
	v->ops->open(v, &ui);
	v->ops->count(v);
	paint_text(v, 0, 57, 0, 1, text, sizeof(text), &cursor);
	assert_int_equal(text[8], '.');
	assert_int_equal(cursor, -1);
	/* The pending stop becomes done: the next paint shows it so, in place. */
	a = mk_appt(101, 10, 1001, 2, M_COMPLETED, "09:00", "09:30");
	m_table_put(ui.rv->appts, a);
	r = fake_result(&ui, FETCH_REFRESH, "appointment");
	assert_true(v->ops->result(v, &ui, r));
	result_free(r);
	paint_text(v, 0, 57, 0, 1, text, sizeof(text), &cursor);
	assert_int_equal(text[8], '+');
	view_free(v);
	ui_done(&ui);
}

int main(void)
{
	view_ascii = 1; /* the status glyphs in ASCII, as --ascii draws them */
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_minutes),
		cmocka_unit_test(test_axis),
		cmocka_unit_test(test_col),
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_place),
		cmocka_unit_test(test_overlap),
		cmocka_unit_test(test_crowded),
		cmocka_unit_test(test_lane_order),
		cmocka_unit_test(test_late),
		cmocka_unit_test(test_view_lanes),
		cmocka_unit_test(test_view_keys),
		cmocka_unit_test(test_view_refresh),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
