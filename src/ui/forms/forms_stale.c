/* forms_stale.c: a form's record changed by another hand since the form took its values: said on the form, named in the preview, checked again before y sends. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/i18n.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "ui/base/console.h"
#include "ui/forms/form_base.h"
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
 *
 * The lead stage form overwrites too (updateLeadStage sets the stage, or
 * ends the lead, whatever another dispatcher set a minute ago).  No table
 * of the console holds subscriptions, so that form keeps the record as it
 * read it at open (its base, form_base.c's text) and learns the record
 * as now known (fs->now) from what the refresh brings: another console's
 * write read back into the share's written/ (no read), else a change the
 * changelog names (the ticker's, or this console's own tick, a change
 * made by the office's web page included), which says that the record
 * changed and not how: until one fresh read of the record says how, that
 * is a change too.  The rest is the stops' guard: the alert, the preview
 * that only Y sends, the y stopped, the base at a send.  An add-on form
 * on an existing item (updateAddOn, updateInitialAddOn) keeps that item
 * the same way; a written/ read-back of its ticket or subscription lacks
 * fields the form writes (creditTo, unitID), so it is a change to read,
 * as the changelog's is.  The other forms add a record (a note, a new
 * add-on), or overwrite one the console has no word of: a note of this
 * session (notes have no changelog class, and another console cannot
 * edit this session's note).
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

static int parse_stop_base(const char *text, struct stop_base *b)
{
	char kind[8], num[24];
	const char *p = text;
	char *end;

	memset(b, 0, sizeof(*b));
	if (form_base_next_part(&p, kind, sizeof(kind)) < 0 || strcmp(kind, "stop") != 0 ||
	    form_base_next_part(&p, num, sizeof(num)) < 0)
		return -1;
	b->route = strtoll(num, &end, 10);
	if (*end || form_base_next_part(&p, b->date, sizeof(b->date)) < 0 ||
	    form_base_next_part(&p, b->start, sizeof(b->start)) < 0 || form_base_next_part(&p, b->end, sizeof(b->end)) < 0 ||
	    form_base_next_part(&p, num, sizeof(num)) < 0 || p)
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

/* The three forms on a stop of the review. */
static int on_stop(enum fkind kind)
{
	return kind == KIND_MOVE || kind == KIND_CANCEL || kind == KIND_COMPLETE;
}

/* The forms that keep a base: those, the lead stage, and the add-ons
 * (while an existing item is chosen: a new one overwrites nothing). */
static int keeps_base(enum fkind kind)
{
	return on_stop(kind) || kind == KIND_LEAD || kind == KIND_ADDON || kind == KIND_INITIAL;
}

/* The base a form not on a stop makes of its record's row (a written/
 * read-back): 0, or -1.  An item's model row lacks fields the form
 * writes (creditTo, unitID): such a row is a change to read. */
static int row_base(const struct forms *fs, const void *row, struct strbuf *out)
{
	if (fs->kind != KIND_LEAD || !row)
		return -1;
	form_base_lead(row, out);
	return 0;
}

/* The record as read in rec (a JSON record of the target's resource):
 * its base, 0; -1 when none can be made (an add-on form on a new item). */
static int rec_base(const struct forms *fs, const cJSON *rec, struct strbuf *out)
{
	void *row;
	long long item;
	int rc;

	if (fs->kind == KIND_ADDON || fs->kind == KIND_INITIAL) {
		item = fs->f ? fk_field_ll(fs->f, fk_item_key(fs)) : 0;
		if (item <= 0 || !cJSON_IsObject(rec))
			return -1;
		form_base_item(cJSON_GetObjectItemCaseSensitive(rec, fs->kind == KIND_ADDON ? "items" : "addOns"),
		               fk_item_key(fs), item, out);
		return 0;
	}
	row = rec ? m_row_decode(fs->t.resource, rec) : NULL;
	rc = row_base(fs, row, out);
	m_row_free(fs->t.resource, row);
	return rc;
}

/* A base read later becomes the record as now known, unless what is
 * known is newer (a written/ read-back older than the form's own read). */
static void take_now(struct forms *fs, const char *base)
{
	if (!form_base_newer(fs->now ? fs->now : fs->f->base, base))
		return;
	free(fs->now);
	fs->now = xstrdup(base);
}

static void lead_side(struct strbuf *out, const struct form_lead *b)
{
	if (b->active != -3)
		strbuf_adds(out, _("not a lead"));
	else if (*b->name)
		strbuf_addf(out, _("lead at stage %s"), b->name);
	else
		strbuf_addf(out, _("lead at stage %lld"), b->stage);
}

/* An item's changes, "item 7: Amount 10.00 -> 12.00; ...", into what. */
static void item_changes(const struct forms *fs, const char *arrow, struct strbuf *what)
{
	long long item = fk_field_ll(fs->f, fk_item_key(fs));
	struct strbuf list = STRBUF_INIT;
	unsigned fields;
	int rc = form_base_item_changed(fs->f->base, fs->now, &fields), k;

	if (rc == 2)
		strbuf_addf(what, _("item %lld removed"), item);
	if (rc != 1)
		return;
	for (int i = 0; i < FORM_ITEM_FIELDS; i++) {
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

		if (!(fields & (1u << i)))
			continue;
		k = form_find(fs->f, form_base_item_fields[i]);
		form_base_item_value(fs->f->base, i, &a);
		form_base_item_value(fs->now, i, &b);
		strbuf_addf(&list, "%s%s %s%s%s", list.len ? "; " : "",
		            k >= 0 ? _(fs->f->fields[k].label) : form_base_item_fields[i], strbuf_str(&a),
		            arrow, strbuf_str(&b));
		strbuf_free(&a);
		strbuf_free(&b);
	}
	/* TRANSLATORS: an add-on item's changed fields: "item 1: Amount 4.50 → 77.00". */
	strbuf_addf(what, _("item %lld: %s"), item, strbuf_str(&list));
	strbuf_free(&list);
}

static int stale_record(struct ui *ui, const struct forms *fs, struct strbuf *out)
{
	const char *arrow = ui->ascii ? " -> " : " \xe2\x86\x92 ";
	struct strbuf what = STRBUF_INIT;
	struct form_lead was, now;
	int stale;

	if (fs->now && fs->kind != KIND_LEAD) {
		item_changes(fs, arrow, &what);
	} else if (fs->now && form_base_lead_parse(fs->f->base, &was) == 0 &&
	           form_base_lead_parse(fs->now, &now) == 0 && form_base_lead_changed(&was, &now)) {
		lead_side(&what, &was);
		strbuf_adds(&what, arrow);
		lead_side(&what, &now);
	}
	if (!what.len && fs->now_unknown)
		strbuf_adds(&what, _("how is not known yet"));
	stale = what.len > 0;
	if (stale && fs->kind == KIND_ADDON && fs->f->lost_at)
		strbuf_addf(out, _("Ticket %lld changed since this form took its values: %s (this "
		                   "form's lost send, if it was applied; else another dispatcher, or the office)."),
		            fs->t.id, what.buf);
	else if (stale && fs->kind == KIND_ADDON)
		strbuf_addf(out, _("Ticket %lld changed since this form took its values: %s (another "
		                   "dispatcher, or the office). Sending writes this form over it."),
		            fs->t.id, what.buf);
	else if (stale && fs->f->lost_at)
		strbuf_addf(out, _("Subscription %lld changed since this form took its values: %s (this "
		                   "form's lost send, if it was applied; else another dispatcher, or the office)."),
		            fs->t.id, what.buf);
	else if (stale)
		strbuf_addf(out, _("Subscription %lld changed since this form took its values: %s (another "
		                   "dispatcher, or the office). Sending writes this form over it."),
		            fs->t.id, what.buf);
	strbuf_free(&what);
	return stale;
}

void fk_rebase(struct ui *ui, struct forms *fs, const cJSON *rec)
{
	const struct m_review *rv = ui_review(ui);
	struct m_appt *read = NULL;
	const struct m_appt *ap;
	struct strbuf base = STRBUF_INIT;

	if (!fs->f || !keeps_base(fs->kind))
		return;
	if (!on_stop(fs->kind)) {
		/* What the dispatcher sent over (Y past a named change), or
		 * the record as a check read it back. */
		if (rec && rec_base(fs, rec, &base) == 0)
			form_set_base(fs->f, base.buf);
		else if (!rec && fs->now)
			form_set_base(fs->f, fs->now);
		free(fs->now);
		fs->now = NULL;
		fs->now_unknown = 0;
		strbuf_free(&base);
		return;
	}
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
	return on_stop(fs->kind) ? stale_stop(ui, fs, out) : stale_record(ui, fs, out);
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
	struct strbuf now = STRBUF_INIT, alert = STRBUF_INIT;
	int moved = 0;

	if (!fs->f)
		return 0;
	fk_stale(ui, fs, &now);
	/* The preview names what it was drawn with. */
	if (fs->f->state == FORM_CONFIRM &&
	    strcmp(strbuf_str(&now), fs->stale_shown ? fs->stale_shown : "") != 0) {
		fk_preview_warning(ui, fs);
		moved = 1;
	}
	/* The form's alert too, in every state: n from a preview that a
	 * change hit went back to a form that no longer named it; then
	 * what the record itself warns of (NOT A LEAD). */
	strbuf_adds(&alert, strbuf_str(&now));
	if (fs->record_alert && alert.len)
		strbuf_addc(&alert, ' ');
	if (fs->record_alert)
		strbuf_adds(&alert, fs->record_alert);
	if (strcmp(strbuf_str(&alert), fs->alert ? fs->alert : "") != 0) {
		free(fs->alert);
		fs->alert = alert.len ? strbuf_detach(&alert, NULL) : NULL;
		if (fs->f->state != FORM_CONFIRM)
			moved = 1;
	}
	if (moved)
		app_mark(ui, DIRTY_BODY);
	strbuf_free(&now);
	strbuf_free(&alert);
	return moved;
}

void fk_stale_say(struct ui *ui)
{
	ui_error(ui, "%s", _("The record changed while the preview was up: nothing was sent; read the preview again"));
}

/* Editing or in its preview: what a fresh read is worth. */
static int open_to_change(const struct form *f)
{
	return f->state == FORM_EDITING || f->state == FORM_CONFIRM;
}

/* What r says of the record of a form not on a stop: another console's
 * write read back (the share's written/), else the changelog's word that
 * it changed, which one fresh read turns into how. */
static void learn(struct ui *ui, struct forms *fs, const struct fetch_result *r)
{
	const struct resource *res = res_find(fs->t.resource);
	struct strbuf base = STRBUF_INIT;
	struct fetch_job *job;
	int named = 0, read = 0;

	if (!fs->f->base || !keeps_base(fs->kind) || on_stop(fs->kind) || r->err.kind != API_OK)
		return;
	for (size_t i = 0; i < r->n_written; i++) {
		const struct fetch_written *w = &r->written[i];

		if (!w->row || strcmp(w->resource, fs->t.resource) != 0 || m_row_id(w->row) != fs->t.id)
			continue;
		strbuf_reset(&base);
		if (row_base(fs, w->row, &base) == 0) {
			take_now(fs, base.buf);
			read = 1;
		} else {
			named = 1;
		}
	}
	for (size_t i = 0; res && res->class_id && i < r->n_changes; i++)
		if (r->changes[i].class_id == res->class_id && r->changes[i].id == fs->t.id)
			named = 1;
	/* The read-back is the change's, when both came (the writer ticks). */
	if (read && !fs->fresh_asked)
		fs->now_unknown = 0;
	if (named && !read) {
		fs->now_unknown = 1;
		if (!fs->fresh_asked && open_to_change(fs->f)) {
			job = fetch_job_record(FETCH_SLOT_WRITE, fs->t.resource, fs->t.id, NULL);
			/* Not the answer of the form's own read at open. */
			fetch_job_set_fresh(job);
			fs->fresh_asked = 1;
			forms_read(ui, fs, RD_FRESH, job);
		}
	}
	strbuf_free(&base);
}

void fk_stale_record(struct ui *ui, struct forms *fs)
{
	struct strbuf base = STRBUF_INIT;

	if (fs->f && keeps_base(fs->kind) && !on_stop(fs->kind) &&
	    rec_base(fs, fs->record, &base) == 0) {
		/* A draft's base was typed against the record then. */
		if (!fs->f->base)
			form_set_base(fs->f, base.buf);
		else
			take_now(fs, base.buf);
	}
	strbuf_free(&base);
	fk_stale_follow(ui, fs);
}

void fk_stale_item(struct ui *ui, struct forms *fs)
{
	form_set_base(fs->f, NULL);
	free(fs->now);
	fs->now = NULL;
	fs->now_unknown = 0;
	fk_stale_record(ui, fs);
}

void fk_stale_fresh(struct ui *ui, struct forms *fs, const struct fetch_result *r)
{
	struct strbuf base = STRBUF_INIT;

	fs->fresh_asked = 0;
	/* A failed read leaves the change unknown: still a change. */
	if (r->err.kind == API_OK && open_to_change(fs->f) && rec_base(fs, r->record, &base) == 0) {
		free(fs->now);
		fs->now = strbuf_detach(&base, NULL);
		fs->now_unknown = 0;
	}
	strbuf_free(&base);
	if (fk_stale_follow(ui, fs) && fs->f->state == FORM_CONFIRM)
		fk_stale_say(ui);
}

void forms_follow(struct ui *ui, const struct fetch_result *r)
{
	struct forms *fs = ui->forms;

	if (fs && fs->f && r)
		learn(ui, fs, r);
	if (fs && fs->f && fk_stale_follow(ui, fs) && fs->f->state == FORM_CONFIRM)
		fk_stale_say(ui);
}
