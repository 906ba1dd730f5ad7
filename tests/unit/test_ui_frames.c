/* test_ui_frames.c: the frames of every pane's stack, as app_each_frame visits them (services.c over a bare struct ui). */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "common/strbuf.h"
#include "ui/base/console.h"

static size_t f_count(const struct view *v)
{
	(void)v;
	return 0;
}

static const struct view_ops bare_ops = { .name = "bare", .title = "Bare", .count = f_count };

struct walk {
	size_t seen;
	int *marks;   /* by slot: how many times the frame was visited */
	int push;     /* push a frame from inside the walk, this many times */
};

static void visit(struct ui *ui, struct frame *f, void *ctx)
{
	struct walk *w = ctx;

	w->seen++;
	w->marks[f->v->slot]++;
	if (w->push > 0) {
		w->push--;
		ui_push(ui, ui_view_new(&bare_ops, NULL));
	}
}

static void free_all(struct ui *ui)
{
	for (int p = 0; p < PANE_COUNT; p++)
		while (ui->panes[p]) {
			struct frame *f = ui->panes[p];
			ui->panes[p] = f->below;
			app_frame_free(f);
		}
}

/* Drill-downs stack without a bound (each Enter pushes), and every frame of
 * every pane is visited once: the walk stopped at 256 (a fixed array), so
 * the 257th frame and those below it were never told of a result, a
 * refresh or a form's write.  Frames pushed by the walk itself wait for
 * the next one. */
static void test_every_frame_of_a_deep_stack(void **state)
{
	enum { DEEP = 700 };
	struct ui *ui = calloc(1, sizeof(*ui));
	struct walk w = { 0 };

	(void)state;
	assert_non_null(ui);
	for (int p = 0; p < PANE_COUNT; p++) {
		ui->cur = p;
		for (int i = 0; i < (p == 0 ? DEEP : 2); i++)
			ui_push(ui, ui_view_new(&bare_ops, NULL));
	}
	ui->cur = 0;
	w.marks = calloc((size_t)ui->next_slot + 8, sizeof(*w.marks));
	assert_non_null(w.marks);
	w.push = 3;
	app_each_frame(ui, visit, &w);
	assert_int_equal(w.seen, (size_t)DEEP + 2 * (PANE_COUNT - 1));
	for (int s = 0; s < ui->next_slot - 3; s++)
		if (w.marks[s] != 1)
			fail_msg("frame of slot %d visited %d times", s, w.marks[s]);
	for (int s = ui->next_slot - 3; s < ui->next_slot; s++)
		assert_int_equal(w.marks[s], 0);
	free(w.marks);
	free_all(ui);
	free(ui);
}

/* No frame at all: nothing visited, nothing allocated to leak. */
static void test_no_frame(void **state)
{
	struct ui *ui = calloc(1, sizeof(*ui));
	int marks[1] = { 0 };
	struct walk w = { 0, marks, 0 };

	(void)state;
	assert_non_null(ui);
	app_each_frame(ui, visit, &w);
	assert_int_equal(w.seen, 0);
	free(ui);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_frame_of_a_deep_stack),
		cmocka_unit_test(test_no_frame),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
