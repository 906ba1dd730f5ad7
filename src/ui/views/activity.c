/* activity.c: the activity log of the session's writes, its :log view and the exit summary. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/views/activity.h"
#include "ui/base/ui.h"
#include "ui/base/view.h"

void activity_free(struct activity *a)
{
	for (size_t i = 0; i < a->n; i++) {
		free(a->v[i].op);
		free(a->v[i].record);
		free(a->v[i].message);
		free(a->v[i].about_resource);
	}
	free(a->v);
	a->v = NULL;
	a->n = 0;
}

size_t activity_add(struct activity *a, time_t when, const char *op, const char *record)
{
	struct activity_entry *e;

	a->v = xrealloc(a->v, (a->n + 1) * sizeof(*a->v));
	e = &a->v[a->n];
	memset(e, 0, sizeof(*e));
	e->when = when;
	e->op = xstrdup(op ? op : "");
	e->record = xstrdup(record ? record : "");
	e->state = AL_SENDING;
	return a->n++;
}

void activity_set_about(struct activity *a, size_t i, const char *resource, long long id)
{
	if (i >= a->n || !resource || id <= 0)
		return;
	free(a->v[i].about_resource);
	a->v[i].about_resource = xstrdup(resource);
	a->v[i].about_id = id;
}

void activity_update(struct activity *a, size_t i, enum activity_state state, long long id,
                     const char *message)
{
	struct activity_entry *e;

	if (i >= a->n)
		return;
	e = &a->v[i];
	e->state = state;
	if (id)
		e->id = id;
	free(e->message);
	e->message = message && *message ? xstrdup(message) : NULL;
}

void activity_outcome(const struct activity_entry *e, struct strbuf *out)
{
	switch (e->state) {
	case AL_SENDING:
		strbuf_adds(out, _("sent, no answer yet"));
		break;
	case AL_OK:
		if (e->id > 0)
			strbuf_addf(out, _("ok, id %lld"), e->id);
		else
			strbuf_adds(out, _("ok"));
		break;
	case AL_REFUSED:
		strbuf_adds(out, _("refused"));
		break;
	case AL_NOT_SENT:
		strbuf_adds(out, _("not sent"));
		break;
	case AL_UNSURE:
		strbuf_adds(out, _("not sent, or refused"));
		break;
	case AL_UNKNOWN:
		strbuf_adds(out, _("UNKNOWN: the answer was lost; it may or may not be applied "
		                   "(not resent; check the record)"));
		break;
	case AL_CHECKING:
		strbuf_adds(out, _("unknown, checking"));
		break;
	case AL_APPLIED:
		if (e->id > 0)
			strbuf_addf(out, _("applied (checked), id %lld"), e->id);
		else
			strbuf_adds(out, _("applied (checked)"));
		break;
	case AL_NOT_APPLIED:
		strbuf_adds(out, _("not applied (checked)"));
		break;
	}
	if (e->message && e->state != AL_UNKNOWN)
		strbuf_addf(out, ": %s", e->message);
}

static void clock_text(time_t when, char buf[16])
{
	struct tm tm;

	if (!localtime_r(&when, &tm) || strftime(buf, 16, "%H:%M:%S", &tm) == 0)
		snprintf(buf, 16, "--:--:--");
}

void activity_line(const struct activity_entry *e, struct strbuf *out)
{
	char t[16];

	clock_text(e->when, t);
	strbuf_addf(out, "%s %s %s: ", t, e->op, e->record);
	activity_outcome(e, out);
}

size_t activity_summary(const struct activity *a, FILE *out)
{
	struct strbuf line = STRBUF_INIT, shown = STRBUF_INIT;
	size_t open = 0;

	for (size_t i = 0; i < a->n; i++) {
		const struct activity_entry *e = &a->v[i];

		strbuf_reset(&line);
		strbuf_reset(&shown);
		activity_line(e, &line);
		/* A message with a newline must not forge a second line. */
		for (char *p = line.buf; p && *p; p++)
			if (*p == '\n' || *p == '\r')
				*p = ' ';
		/* The service's errorMessage, on the user's terminal after the
		 * console closed it: its escapes shown, never obeyed. */
		utf8_escape_controls(&shown, line.buf ? line.buf : "", line.len);
		fprintf(out, _("routedesk: write %s\n"), strbuf_str(&shown));
		if (e->state == AL_SENDING || e->state == AL_UNKNOWN || e->state == AL_CHECKING)
			open++;
	}
	strbuf_free(&line);
	strbuf_free(&shown);
	return open;
}

/* ---------------------------------------------------------------- view */

enum { COL_TIME, COL_OP, COL_RECORD, COL_OUTCOME };

static const struct view_column columns[] = {
	[COL_TIME] = { N_("Time"), 8, 8, 0 },
	[COL_OP] = { N_("Write"), 26, 12, 0 },
	[COL_RECORD] = { N_("Record"), 22, 10, 0 },
	[COL_OUTCOME] = { N_("Outcome"), 30, 12, VC_FLEX },
};

static size_t log_count(const struct view *v)
{
	return ((const struct activity *)v->priv)->n;
}

static long long log_row_id(const struct view *v, size_t row)
{
	(void)v;
	return (long long)row + 1;
}

static enum view_style state_style(enum activity_state s)
{
	switch (s) {
	case AL_OK:
	case AL_APPLIED:
		return VS_DONE;
	case AL_REFUSED:
	case AL_NOT_SENT:
	case AL_UNSURE:
	case AL_NOT_APPLIED:
		return VS_CANCELLED;
	case AL_UNKNOWN:
		return VS_ALERT;
	case AL_SENDING:
	case AL_CHECKING:
		return VS_LOADING;
	}
	return VS_NORMAL;
}

static void log_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                     enum view_style *style)
{
	const struct activity *a = v->priv;
	const struct activity_entry *e;
	char t[16];

	if (row >= a->n)
		return;
	e = &a->v[row];
	switch (col) {
	case COL_TIME:
		clock_text(e->when, t);
		strbuf_adds(out, t);
		break;
	case COL_OP:
		strbuf_adds(out, e->op);
		break;
	case COL_RECORD:
		strbuf_adds(out, e->record);
		break;
	case COL_OUTCOME:
		activity_outcome(e, out);
		*style = state_style(e->state);
		break;
	}
}

static int log_compare(const struct view *v, size_t a, size_t b, size_t col)
{
	const struct activity *log = v->priv;

	if (col == COL_TIME && a < log->n && b < log->n) {
		time_t ta = log->v[a].when, tb = log->v[b].when;

		if (ta != tb)
			return ta < tb ? -1 : 1;
		return a < b ? -1 : a > b;
	}
	return 0;
}

static void log_preview(const struct view *v, size_t row, struct strbuf *out)
{
	const struct activity *a = v->priv;

	if (row < a->n)
		activity_line(&a->v[row], out);
}

/* Enter: the record the write was about, to see what it did there. */
static void log_enter(struct view *v, struct ui *ui, size_t row)
{
	const struct activity *a = v->priv;

	if (row < a->n && a->v[row].about_resource)
		ui_open(ui, UI_VIEW_DETAIL,
		        &(struct ui_view_args){ a->v[row].about_id, a->v[row].about_resource, NULL });
}

static void log_refresh(struct view *v, struct ui *ui, int hard)
{
	(void)hard;
	ui_dirty(ui, v);
}

static const struct view_ops log_ops = {
	.name = "log",
	.title = N_("Activity log"),
	.columns = columns,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.count = log_count,
	.row_id = log_row_id,
	.cell = log_cell,
	.compare = log_compare,
	.preview = log_preview,
	.enter = log_enter,
	.refresh = log_refresh,
};

struct view *activity_view_new(struct activity *a)
{
	struct view *v = ui_view_new(&log_ops, a);
	struct timespec ts;

	if (a->n == 0)
		snprintf(v->subtitle, sizeof(v->subtitle), "%s", _("no writes this session"));
	else
		snprintf(v->subtitle, sizeof(v->subtitle),
		         ngettext("%zu write this session", "%zu writes this session", a->n), a->n);
	/* The log is in memory: it is as fresh as the view. */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	v->loaded_at = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	return v;
}
