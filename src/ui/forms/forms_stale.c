/* forms_stale.c: a form's record changed by another hand since the form took its values: said on the form, named in the preview, checked again before y sends. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "ui/base/console.h"
#include "ui/forms/forms.h"
#include "ui/forms/forms_int.h"
#include "ui/views/view_common.h"

/*
 * Two dispatchers on the phone move the same stop: the second's form,
 * opened before the first's write, still holds the old route and window,
 * and y would write them back over the first's move with no word.  The
 * service has no conditional update, and reading the stop again before
 * every send would cost a read a write; what the console already knows is
 * enough most of the time: the refresh (every minute while keys come)
 * brings another console's write of the office's share and the changelog's
 * change of anyone else's.
 *
 * So a dispatch form keeps the stop as it took its values (f->base, kept in
 * the draft too: a draft restored tomorrow was typed against yesterday's
 * stop).  When the review says otherwise, the form says it in red while it
 * is edited, the preview names each change in its warning (only Y sends),
 * and a change that lands while the preview is up stops the y that follows
 * it: the dispatcher reads the preview again first.
 */

/* A stop's base: "stop|ROUTE|DATE|START|END|STATUS". */
struct stop_base {
	long long route;
	char date[11], start[6], end[6];
	int status;
};

void fk_stop_base(const struct m_appt *ap, struct strbuf *out)
{
	strbuf_addf(out, "stop|%lld|%s|%s|%s|%d", ap->route_id, ap->date, ap->start, ap->end,
	            ap->status);
}

/* The next '|'-separated part of *p into buf (cut to size); 0, or -1 when
 * the text has no more parts. */
static int next_part(const char **p, char *buf, size_t size)
{
	const char *bar;
	size_t n;

	if (!*p)
		return -1;
	bar = strchr(*p, '|');
	n = bar ? (size_t)(bar - *p) : strlen(*p);
	snprintf(buf, size, "%.*s", (int)n, *p);
	*p = bar ? bar + 1 : NULL;
	return 0;
}

static int parse_stop_base(const char *text, struct stop_base *b)
{
	char kind[8], num[24];
	const char *p = text;
	char *end;

	memset(b, 0, sizeof(*b));
	if (next_part(&p, kind, sizeof(kind)) < 0 || strcmp(kind, "stop") != 0 ||
	    next_part(&p, num, sizeof(num)) < 0)
		return -1;
	b->route = strtoll(num, &end, 10);
	if (*end || next_part(&p, b->date, sizeof(b->date)) < 0 ||
	    next_part(&p, b->start, sizeof(b->start)) < 0 || next_part(&p, b->end, sizeof(b->end)) < 0 ||
	    next_part(&p, num, sizeof(num)) < 0 || p)
		return -1;
	b->status = (int)strtol(num, &end, 10);
	return *end ? -1 : 0;
}

static void route_name(struct strbuf *out, const struct m_review *rv, long long id)
{
	const struct m_route *r = m_table_get(rv->routes, id);

	if (r && r->title && *r->title)
		strbuf_adds(out, r->title);
	else
		strbuf_addf(out, _("route %lld"), id);
}

static void window(struct strbuf *out, const char *start, const char *end)
{
	if (!*start)
		strbuf_adds(out, _("no time"));
	else if (!*end)
		strbuf_adds(out, start);
	else
		strbuf_addf(out, "%s-%s", start, end);
}

/* "; " between the changes, "was -> now" in each. */
static void change_start(struct strbuf *out)
{
	if (out->len)
		strbuf_adds(out, "; ");
}

static int stale_stop(struct ui *ui, const struct forms *fs, struct strbuf *out)
{
	const struct m_review *rv = ui_review(ui);
	const struct m_appt *ap;
	const char *arrow = ui->ascii ? " -> " : " \xe2\x86\x92 ";
	struct stop_base was;
	struct strbuf what = STRBUF_INIT, a = STRBUF_INIT, b = STRBUF_INIT;
	int stale;

	if (!rv || parse_stop_base(fs->f->base, &was) < 0)
		return 0;
	ap = m_table_get(rv->appts, fs->t.id);
	if (!ap) {
		/* Only the review of the stop's own day can say it left. */
		if (strcmp(rv->date, was.date) != 0)
			return 0;
		strbuf_addf(out, _("Stop %lld left the review of %s since this form took its values "
		                   "(moved to another day, or deleted): the service decides what sending does."),
		            fs->t.id, was.date);
		return 1;
	}
	if (ap->route_id != was.route) {
		route_name(&a, rv, was.route);
		route_name(&b, rv, ap->route_id);
		strbuf_addf(&what, _("route %s%s%s"), strbuf_str(&a), arrow, strbuf_str(&b));
	}
	if (strcmp(ap->date, was.date) != 0) {
		change_start(&what);
		strbuf_addf(&what, _("day %s%s%s"), was.date, arrow, ap->date);
	}
	if (strcmp(ap->start, was.start) != 0 || strcmp(ap->end, was.end) != 0) {
		strbuf_reset(&a);
		strbuf_reset(&b);
		window(&a, was.start, was.end);
		window(&b, ap->start, ap->end);
		change_start(&what);
		strbuf_addf(&what, _("time %s%s%s"), strbuf_str(&a), arrow, strbuf_str(&b));
	}
	if (ap->status != was.status) {
		change_start(&what);
		strbuf_addf(&what, "%s%s%s", vc_status_text(was.status), arrow, vc_status_text(ap->status));
	}
	stale = what.len > 0;
	/* After a lost send the change may be this form's own. */
	if (stale && fs->f->lost_at)
		strbuf_addf(out, _("Stop %lld changed since this form took its values: %s (this form's "
		                   "lost send, if it was applied; else another dispatcher, or the office)."),
		            fs->t.id, what.buf);
	else if (stale)
		strbuf_addf(out, _("Stop %lld changed since this form took its values: %s (another "
		                   "dispatcher, or the office). Sending writes this form over it."),
		            fs->t.id, what.buf);
	strbuf_free(&what);
	strbuf_free(&a);
	strbuf_free(&b);
	return stale;
}

/* The forms that keep a base: the three on a stop of the review. */
static int keeps_base(enum fkind kind)
{
	return kind == KIND_MOVE || kind == KIND_CANCEL || kind == KIND_COMPLETE;
}

void fk_rebase(struct ui *ui, struct forms *fs, const cJSON *rec)
{
	const struct m_review *rv = ui_review(ui);
	struct m_appt *read = NULL;
	const struct m_appt *ap;
	struct strbuf base = STRBUF_INIT;

	if (!fs->f || !keeps_base(fs->kind))
		return;
	if (rec)
		ap = read = m_row_decode("appointment", rec);
	else
		ap = rv ? m_table_get(rv->appts, fs->t.id) : NULL;
	if (ap) {
		fk_stop_base(ap, &base);
		form_set_base(fs->f, base.buf);
	}
	m_row_free("appointment", read);
	strbuf_free(&base);
}

int fk_stale(struct ui *ui, const struct forms *fs, struct strbuf *out)
{
	if (!fs->f || !fs->f->base || !keeps_base(fs->kind))
		return 0;
	return stale_stop(ui, fs, out);
}

void fk_preview_warning(struct ui *ui, struct forms *fs)
{
	struct strbuf msg = STRBUF_INIT;

	fk_stale(ui, fs, &msg);
	free(fs->stale_shown);
	fs->stale_shown = strbuf_detach(&msg, NULL);
	strbuf_adds(&msg, fs->stale_shown);
	fk_addon_effect(fs, &msg);
	fk_lead_effect(fs, &msg);
	form_set_warning(fs->f, msg.buf);
	strbuf_free(&msg);
}

int fk_stale_follow(struct ui *ui, struct forms *fs)
{
	struct strbuf now = STRBUF_INIT;
	int moved = 0;

	if (!fs->f || !fs->f->base)
		return 0;
	fk_stale(ui, fs, &now);
	/* The preview names what it was drawn with. */
	if (fs->f->state == FORM_CONFIRM &&
	    strcmp(strbuf_str(&now), fs->stale_shown ? fs->stale_shown : "") != 0) {
		fk_preview_warning(ui, fs);
		moved = 1;
	}
	/* The form's alert too, in every state: n from a preview that a
	 * change hit went back to a form that no longer named it.  The
	 * dispatch forms' alert is this alone. */
	if (strcmp(strbuf_str(&now), fs->alert ? fs->alert : "") != 0) {
		free(fs->alert);
		fs->alert = now.len ? strbuf_detach(&now, NULL) : NULL;
		if (fs->f->state != FORM_CONFIRM)
			moved = 1;
	}
	if (moved)
		app_mark(ui, DIRTY_BODY);
	strbuf_free(&now);
	return moved;
}

void fk_stale_say(struct ui *ui)
{
	ui_error(ui, "%s", _("The record changed while the preview was up: nothing was sent; read the preview again"));
}

void forms_follow(struct ui *ui)
{
	struct forms *fs = ui->forms;

	if (fs && fs->f && fk_stale_follow(ui, fs) && fs->f->state == FORM_CONFIRM)
		fk_stale_say(ui);
}
