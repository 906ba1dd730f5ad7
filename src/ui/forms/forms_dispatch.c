/* forms_dispatch.c: the dispatch forms on a stop: move it (route, time, spot), cancel it, mark it done or a no-show. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/values.h"
#include "common/i18n.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "ui/base/console.h"
#include "ui/forms/forms.h"
#include "ui/forms/forms_int.h"
#include "ui/views/view_common.h"

/*
 * The three forms write one appointment of the day's review, on the Stops
 * and Timeline panes (and a stop's detail).  They open at once, prefilled
 * from the review (its route, window, status): no read is needed.  The
 * route picker offers the day's routes, a locked one marked so; a number
 * may be typed instead.  The service's rules (a locked route, apiCanSchedule
 * "0", a spot taken, a stop no longer pending) are the service's to apply:
 * its refusal is shown in its words and the form stays as typed.  After
 * the write, the stop read back (fetch_job_write's refetch) replaces the
 * review's row, so the lane and the Stops pane change without reading the
 * day again; the next refresh brings the rest (a new invoice, the route).
 */

static const char *const complete_labels[] = {
	N_("completed"),
	N_("no-show"),
};

static const struct m_appt *stop_of(struct ui *ui, long long id)
{
	const struct m_review *rv = ui_review(ui);

	return rv ? m_table_get(rv->appts, id) : NULL;
}

int fd_kind(struct ui *ui, enum action a, const struct target *t, enum fkind *kind)
{
	switch (a) {
	case ACT_MOVE_STOP: *kind = KIND_MOVE; break;
	case ACT_CANCEL_STOP: *kind = KIND_CANCEL; break;
	case ACT_COMPLETE_STOP: *kind = KIND_COMPLETE; break;
	default: return 1;
	}
	if (strcmp(t->resource, "appointment") != 0) {
		ui_error(ui, "%s", _("Dispatch acts on a stop: select one on the Stops or Timeline pane"));
		return -1;
	}
	if (!stop_of(ui, t->id)) {
		ui_error(ui, "%s", _("This stop is not in the day's review: open its day first"));
		return -1;
	}
	return 0;
}

/* The key naming the stop in every form: appointmentID. */
static void add_key(struct form *f, long long id)
{
	int k = form_add_field(f, "appointmentID", N_("Stop"), FT_FIXED, FF_REQUIRED);

	form_setf(f, (size_t)k, 1, "%lld", id);
}

/* A param of the operation's table rows (appointment's own params, or a
 * special's): its field, or -1 with a message when the table lacks it. */
static int add_param(struct ui *ui, struct form *f, const struct res_param *ps, size_t n,
                     const char *name, const char *label, enum form_type type, unsigned flags)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(ps[i].name, name) == 0)
			return form_add_field(f, name, label, type, flags);
	ui_error(ui, _("The resource table has no parameter for %s"), name);
	return -1;
}

/* The day's routes, as the Routes pane orders them. */
static void route_options(struct ui *ui, struct form *f, size_t field)
{
	const struct m_review *rv = ui_review(ui);
	struct m_review_row *rows = NULL;
	struct strbuf sb = STRBUF_INIT;
	size_t n = rv ? m_review_rows(rv, NULL, &rows) : 0;

	for (size_t i = 0; i < n; i++) {
		const struct m_route *r = rows[i].route;

		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s, ", r->title ? r->title : "");
		if (rows[i].tech_id)
			vc_employee_name(&sb, ui, rows[i].tech_id);
		else
			strbuf_adds(&sb, _("UNASSIGNED"));
		if (r->locked)
			strbuf_addf(&sb, " (%s)", _("locked"));
		form_add_option(f, field, r->id, sb.buf);
	}
	free(rows);
	strbuf_free(&sb);
}

/* A move must change something: the route, the window or the spot.  Not
 * a lost send's draft: its own write may have landed, the stop then reads
 * as the fields, and the preview is where c checks it. */
static int move_rule(const struct form *f, struct strbuf *msg)
{
	int k = form_rule_time_order(f, msg);

	if (k >= 0 || form_changed(f) || f->lost_at)
		return k;
	if (msg)
		strbuf_adds(msg, _("Nothing would change: choose another route, time or spot"));
	return form_find(f, "routeID");
}

static struct form *build_move(struct ui *ui, const struct resource *res, const struct m_appt *ap)
{
	struct form *f = form_new("appointment/update", _("Move a stop"));
	const struct res_param *ps = res->params;
	size_t n = res->n_params;
	int k;

	add_key(f, ap->id);
	if ((k = add_param(ui, f, ps, n, "routeID", N_("Route"), FT_PICK, FF_REQUIRED)) < 0)
		goto bad;
	route_options(ui, f, (size_t)k);
	form_setf(f, (size_t)k, 1, "%lld", ap->route_id);
	if ((k = add_param(ui, f, ps, n, "start", N_("Start"), FT_TIME, FF_REQUIRED)) < 0)
		goto bad;
	form_set(f, (size_t)k, ap->start, 1);
	if ((k = add_param(ui, f, ps, n, "end", N_("End"), FT_TIME, FF_REQUIRED)) < 0)
		goto bad;
	form_set(f, (size_t)k, ap->end, 1);
	/* A spot of the route instead of a time: its window is the stop's. */
	if (add_param(ui, f, ps, n, "spotID", N_("Spot"), FT_INT, 0) < 0)
		goto bad;
	f->rule = move_rule;
	return f;
bad:
	form_free(f);
	return NULL;
}

static struct form *build_cancel(struct ui *ui, const struct resource *res, long long id)
{
	const struct res_special *sp = res_special_find(res, "cancel");
	struct form *f = form_new("appointment/cancel", _("Cancel a stop"));
	int k;

	add_key(f, id);
	if (!sp || add_param(ui, f, sp->params, sp->n_params, "cancelReason", N_("Reason"), FT_TEXT,
	                     FF_REQUIRED) < 0 ||
	    (k = add_param(ui, f, sp->params, sp->n_params, "cancelledBy", N_("Cancelled by"), FT_PICK,
	                   FF_OMIT0)) < 0) {
		form_free(f);
		return NULL;
	}
	form_add_option(f, (size_t)k, 0, _("(not said)"));
	form_set(f, (size_t)k, "0", 1);
	fk_employee_options(ui, f, k);
	return f;
}

static struct form *build_complete(struct ui *ui, const struct resource *res, const struct m_appt *ap)
{
	const struct res_special *sp = res_special_find(res, "complete");
	const struct res_param *ps = sp ? sp->params : NULL;
	size_t n = sp ? sp->n_params : 0;
	struct form *f = form_new("appointment/complete", _("Mark a stop done or a no-show"));
	int k, ki, ko;

	add_key(f, ap->id);
	if ((k = add_param(ui, f, ps, n, "status", N_("Outcome"), FT_PICK, FF_CHOICE | FF_REQUIRED)) < 0 ||
	    add_param(ui, f, ps, n, "completionNotes", N_("Completion notes"), FT_LINES, 0) < 0 ||
	    add_param(ui, f, ps, n, "officeNotes", N_("Office notes"), FT_LINES, 0) < 0 ||
	    (ki = add_param(ui, f, ps, n, "timeIn", N_("Time in"), FT_TIME, 0)) < 0 ||
	    (ko = add_param(ui, f, ps, n, "timeOut", N_("Time out"), FT_TIME, 0)) < 0) {
		form_free(f);
		return NULL;
	}
	form_add_option(f, (size_t)k, 1, _(complete_labels[0]));
	form_add_option(f, (size_t)k, 2, _(complete_labels[1]));
	form_set(f, (size_t)k, "1", 1);
	/* The service takes datetimes: the stop's day goes before the time. */
	snprintf(f->fields[ki].day, sizeof(f->fields[ki].day), "%s", ap->date);
	snprintf(f->fields[ko].day, sizeof(f->fields[ko].day), "%s", ap->date);
	form_set(f, (size_t)ki, ap->time_in, 1);
	form_set(f, (size_t)ko, ap->time_out, 1);
	f->rule = form_rule_time_order;
	return f;
}

/* What the review says of the stop that the service will hold against
 * the write (it decides; the form only tells). */
static char *stop_notice(struct ui *ui, enum fkind kind, const struct m_appt *ap)
{
	const struct m_review *rv = ui_review(ui);
	const struct m_route *r = rv ? m_table_get(rv->routes, ap->route_id) : NULL;
	struct strbuf sb = STRBUF_INIT;

	if (kind != KIND_MOVE && ap->status != M_PENDING)
		strbuf_addf(&sb, _("This stop is %s: the service may refuse"), vc_status_text(ap->status));
	else if (r && r->locked)
		strbuf_adds(&sb, _("Its route is locked: the service refuses writes on it"));
	return sb.len ? strbuf_detach(&sb, NULL) : (strbuf_free(&sb), NULL);
}

struct form *fd_build(struct ui *ui, struct forms *fs, enum fkind kind, const struct target *t)
{
	const struct resource *res = res_find("appointment");
	const struct m_appt *ap = stop_of(ui, t->id);
	struct form *f = NULL;
	struct strbuf base = STRBUF_INIT;
	const char *key = "move";

	if (!res || !ap)
		return NULL;
	switch (kind) {
	case KIND_MOVE: f = build_move(ui, res, ap); break;
	case KIND_CANCEL: f = build_cancel(ui, res, ap->id); key = "cancel"; break;
	case KIND_COMPLETE: f = build_complete(ui, res, ap); key = "complete"; break;
	default: return NULL;
	}
	if (!f)
		return NULL;
	fk_key_and_subtitle(ui, fs, key, t);
	fs->notice = stop_notice(ui, kind, ap);
	/* What another hand may change before this is sent (forms_stale.c). */
	fk_stop_base(ap, &base);
	form_set_base(f, base.buf);
	strbuf_free(&base);
	return f;
}

/* The outcome a completion sent (completed 1, no-show 2): what went out,
 * not the field as edited since a lost send (a check compared the edit,
 * said "NOT applied", and dropped the resend's question). */
static long long sent_status(const struct forms *fs)
{
	const char *v = api_form_get(&fs->f->sent, "status");
	long long status;

	return v && api_parse_ll(v, &status) == 0 ? status : fk_field_ll(fs->f, "status");
}

void fd_done(struct ui *ui, struct forms *fs, struct fetch_result *r, void *row)
{
	long long ticket = 0;

	/* After a check (r NULL) the stop as read back is the row. */
	if (!row && fs->record)
		row = m_row_decode("appointment", fs->record);
	if (row && ui->hooks.take_row)
		ui->hooks.take_row(ui, "appointment", row);
	else if (row)
		m_row_free("appointment", row);
	else
		forms_changed(ui, "appointment", fs->t.id);
	switch (fs->kind) {
	case KIND_MOVE:
		ui_message(ui, _("Stop %lld moved"), fs->t.id);
		break;
	case KIND_CANCEL:
		ui_message(ui, _("Stop %lld cancelled"), fs->t.id);
		break;
	default:
		if (r && r->record)
			api_field_int(r->record, "ticketID", &ticket);
		if (ticket > 0)
			ui_message(ui, _("Stop %lld marked %s; invoice %lld"), fs->t.id,
			           sent_status(fs) == 2 ? _(complete_labels[1]) : _(complete_labels[0]),
			           ticket);
		else
			ui_message(ui, _("Stop %lld marked %s"), fs->t.id,
			           sent_status(fs) == 2 ? _(complete_labels[1]) : _(complete_labels[0]));
		break;
	}
}

/* A move that does not read back as sent: not applied when the stop is
 * as the form took it, else (another hand moved it since, maybe after
 * this one) the check cannot tell, and must not invite a second send. */
static int moved_since(struct forms *fs, const cJSON *rec)
{
	struct m_appt *ap = m_row_decode("appointment", rec);
	struct strbuf now = STRBUF_INIT;
	int same;

	if (!ap || !fs->f->base) {
		m_row_free("appointment", ap);
		fs->check_why = _("the stop does not read as sent, and what it was before is not known");
		return -1;
	}
	fk_stop_base(ap, &now);
	same = strcmp(now.buf, fs->f->base) == 0;
	if (!same)
		fs->check_why = _("the stop reads neither as sent nor as it was: another hand changed it since");
	m_row_free("appointment", ap);
	strbuf_free(&now);
	return same ? 0 : -1;
}

int fd_check_result(struct forms *fs, const struct fetch_result *r)
{
	const struct api_form *sent = &fs->f->sent;
	const char *want = NULL;
	long long status, v;

	/* Kept for fd_done, should it say applied. */
	cJSON_Delete(fs->record);
	fs->record = cJSON_Duplicate(r->record, 1);
	switch (fs->kind) {
	case KIND_MOVE:
		if (fk_record_matches(r->record, res_find("appointment"), sent))
			return 1;
		return moved_since(fs, r->record);
	case KIND_CANCEL:
		/* Cancelled with this reason: another hand's cancel has its own. */
		api_field_text(r->record, "cancelReason", &want);
		return api_field_int(r->record, "status", &v) == API_V_OK && v == M_CANCELLED &&
		       want && api_form_get(sent, "cancelReason") &&
		       strcmp(want, api_form_get(sent, "cancelReason")) == 0;
	case KIND_COMPLETE:
		status = sent_status(fs);
		return api_field_int(r->record, "status", &v) == API_V_OK && v == status &&
		       api_field_int(r->record, "ticketID", &v) == API_V_OK && v > 0;
	default:
		return -1;
	}
}

void fd_record_text(const struct forms *fs, struct strbuf *out)
{
	strbuf_addf(out, _("stop %lld"), fs->t.id);
}
