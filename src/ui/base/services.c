/* services.c: the services on struct ui that views and forms call: frames, fetches, messages, caches. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/dates.h"
#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "fetch/share.h"
#include "ui/base/console.h"
#include "ui/base/list.h"

double app_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

long ui_reads_left_today(const struct ui *ui)
{
	long left = ui->budget.reads_left_today;

	if (ui->reads_share_left >= 0 && ui->reads_share_left < left)
		left = ui->reads_share_left;
	return left;
}

void app_mark(struct ui *ui, unsigned dirty)
{
	ui->dirty |= dirty;
}

struct view *ui_view_new(const struct view_ops *ops, void *priv)
{
	struct view *v = xcalloc(1, sizeof(*v));

	v->ops = ops;
	v->priv = priv;
	return v;
}

struct frame *app_frame_new(struct ui *ui, struct view *v)
{
	struct frame *f = xcalloc(1, sizeof(*f));

	f->v = v;
	/* Slots are never reused, so a result for a closed view finds no
	 * frame and is dropped. */
	v->slot = ui->next_slot++;
	f->list = list_new(v);
	return f;
}

void app_frame_free(struct frame *f)
{
	list_free(f->list);
	if (f->v->ops->destroy)
		f->v->ops->destroy(f->v);
	free(f->v);
	free(f);
}

void app_frame_open(struct ui *ui, struct frame *f)
{
	if (f->opened)
		return;
	f->opened = 1;
	if (f->v->ops->open)
		f->v->ops->open(f->v, ui);
}

struct frame *app_top(const struct ui *ui)
{
	return ui->panes[ui->cur];
}

void ui_push(struct ui *ui, struct view *v)
{
	struct frame *f;

	if (!v)
		return;
	f = app_frame_new(ui, v);
	f->below = ui->panes[ui->cur];
	ui->panes[ui->cur] = f;
	app_frame_open(ui, f);
	app_mark(ui, DIRTY_ALL);
}

void app_each_frame(struct ui *ui, void (*fn)(struct ui *ui, struct frame *f, void *ctx),
                    void *ctx)
{
	struct frame **all = NULL;
	size_t n = 0, cap = 0;

	/* Collected first: fn may push frames.  As many as there are: a
	 * stack grows with every drill-down and nothing bounds it, and a
	 * fixed 256 left the frames below the 256th untold of results,
	 * refreshes and writes. */
	for (int p = 0; p < PANE_COUNT; p++)
		for (struct frame *f = ui->panes[p]; f; f = f->below) {
			if (n == cap) {
				cap = cap ? cap * 2 : 32;
				all = xrealloc(all, cap * sizeof(*all));
			}
			all[n++] = f;
		}
	for (size_t i = 0; i < n; i++)
		fn(ui, all[i], ctx);
	free(all);
}

struct frame *app_frame_of_slot(struct ui *ui, int slot)
{
	for (int p = 0; p < PANE_COUNT; p++)
		for (struct frame *f = ui->panes[p]; f; f = f->below)
			if (f->v->slot == slot)
				return f;
	return NULL;
}

void ui_refresh(struct ui *ui)
{
	if (ui->hooks.refresh)
		ui->hooks.refresh(ui);
}

void ui_open(struct ui *ui, enum ui_view_kind kind, const struct ui_view_args *args)
{
	if (ui->hooks.make_view)
		ui_push(ui, ui->hooks.make_view(kind, args));
}

void ui_replay_key(struct ui *ui, int key)
{
	if (ui->hooks.key)
		ui->hooks.key(ui, key);
}

unsigned long ui_submit(struct ui *ui, struct view *v, struct fetch_job *job)
{
	unsigned long gen;

	if (!job)
		return 0;
	if (!ui->fetch) {
		fetch_job_free(job);
		return 0;
	}
	/* Look-ups and gets of customers may come from the customer index. */
	fetch_job_set_index(job, (size_t)ui->config.customer_index,
	                    fetch_share_uses(ui->share, "lookup") ? ui->share : NULL, ui->index_file,
	                    ui->acct.url);
	gen = fetch_submit(ui->fetch, job);
	if (v)
		v->waiting = gen;
	app_mark(ui, DIRTY_HEADER);
	return gen;
}

/* Into the ring :messages shows, with its time; the same text again
 * (a wait said every second) once. */
static void keep_message(struct ui *ui, int error)
{
	size_t last = (ui->msg_next + MSG_KEEP - 1) % MSG_KEEP;
	time_t now = time(NULL);
	struct tm tm;

	if (!ui->msg.len ||
	    (ui->msg_hist[last].text && strcmp(ui->msg_hist[last].text, ui->msg.buf) == 0))
		return;
	free(ui->msg_hist[ui->msg_next].text);
	ui->msg_hist[ui->msg_next].text = xstrdup(ui->msg.buf);
	ui->msg_hist[ui->msg_next].error = error;
	if (!localtime_r(&now, &tm) ||
	    !strftime(ui->msg_hist[ui->msg_next].at, sizeof(ui->msg_hist[0].at), "%H:%M:%S", &tm))
		ui->msg_hist[ui->msg_next].at[0] = '\0';
	ui->msg_next = (ui->msg_next + 1) % MSG_KEEP;
}

static void set_message(struct ui *ui, int error, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

static void set_message(struct ui *ui, int error, const char *fmt, va_list ap)
{
	strbuf_reset(&ui->msg);
	strbuf_vaddf(&ui->msg, fmt, ap);
	ui->msg_error = error;
	keep_message(ui, error);
	ui->msg_row_wait = 0;
	app_mark(ui, DIRTY_MESSAGE);
	/* A scripted run has no screen to read: errors go to stderr too,
	 * escaped like the screen's copy (the server's text may hold
	 * control characters that would drive the reader's terminal). */
	if (error && ui->script) {
		struct strbuf esc = STRBUF_INIT;

		utf8_escape_controls(&esc, ui->msg.buf ? ui->msg.buf : "", ui->msg.len);
		fprintf(stderr, "routedesk: %s\n", strbuf_str(&esc));
		strbuf_free(&esc);
	}
}

void ui_message(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_message(ui, 0, fmt, ap);
	va_end(ap);
}

void ui_error(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_message(ui, 1, fmt, ap);
	va_end(ap);
}

void app_say_row_loading(struct ui *ui)
{
	ui_message(ui, "%s", _("Still loading this row"));
	ui->msg_row_wait = 1;
}

void app_settle_row_wait(struct ui *ui)
{
	struct frame *f = app_top(ui);
	size_t row;

	if (!ui->msg_row_wait)
		return;
	/* Still waiting: the top frame's selected row has not arrived. */
	if (ui->msg.len && f && f->list && list_selected(f->list, &row, NULL) &&
	    !list_row_loaded(f->list, row))
		return;
	ui->msg_row_wait = 0;
	if (ui->msg.len) {
		strbuf_reset(&ui->msg);
		app_mark(ui, DIRTY_MESSAGE);
	}
}

void ui_dirty(struct ui *ui, struct view *v)
{
	for (int p = 0; p < PANE_COUNT; p++)
		for (struct frame *f = ui->panes[p]; f; f = f->below)
			if (f->v == v)
				list_changed(f->list);
	app_mark(ui, DIRTY_BODY | DIRTY_STATUS);
}

const char *ui_date(const struct ui *ui)
{
	return ui->date;
}

const struct m_review *ui_review(const struct ui *ui)
{
	return ui->review;
}

const struct m_employee *ui_employee(const struct ui *ui, long long id)
{
	return ui->employees ? m_table_get(ui->employees, id) : NULL;
}

const struct m_service_type *ui_service_type(const struct ui *ui, long long id)
{
	return ui->service_types ? m_table_get(ui->service_types, id) : NULL;
}

int ui_readonly(const struct ui *ui)
{
	return ui->readonly;
}

int ui_minutes_now(const struct ui *ui)
{
	struct rd_date d;
	char today[11];
	time_t t = time(NULL);
	struct tm tm;

	date_today(&d);
	date_format(&d, today);
	if (strcmp(today, ui->date) != 0 || !localtime_r(&t, &tm))
		return -1;
	return tm.tm_hour * 60 + tm.tm_min;
}
