/* forms_check.c: after a write: what the panes and caches learn, and whether a lost answer's write was applied (in this run or a later one). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/values.h"
#include "common/i18n.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "ui/base/console.h"
#include "ui/base/list.h"
#include "ui/forms/draft.h"
#include "ui/forms/forms.h"
#include "ui/forms/forms_int.h"

/*
 * After a write the record's panes are told it changed (ui_apply_row),
 * the caches learn what it carried (the note type, the lead stage), and a
 * note joins the session's notes, which A edits.
 *
 * A write whose answer was lost is never sent again by itself: `c` reads
 * the record back and this decides.  An update was applied when every
 * field it sent reads back as sent.  A create was applied when a record
 * that did not exist before the send (the ids seen when the form opened)
 * carries what was sent; a note with the same text written before the
 * form opened is not taken for it.  When the answer cannot tell (a new
 * note past the rows the list carried, a failed read) it says so (-1) and
 * the write stays unknown.
 */

static void ui_apply_row(struct ui *ui, const char *resource, const void *row);

/* Every Notes pane searches again (the read back failed): a new note is a
 * new id in its list, and notes have no changelog class to name it. */
static void refresh_notes(struct ui *ui, struct frame *fr, void *ctx)
{
	(void)ctx;
	if (fr->v->ops->name && strcmp(fr->v->ops->name, "notes") == 0 && fr->v->ops->refresh)
		fr->v->ops->refresh(fr->v, ui, 1);
}

static void remember_note(struct forms *fs, long long id)
{
	struct session_note *sn = NULL;

	for (size_t i = 0; i < fs->n_notes; i++)
		if (fs->notes[i].id == id)
			sn = &fs->notes[i];
	if (!sn) {
		fs->notes = xrealloc(fs->notes, (fs->n_notes + 1) * sizeof(*fs->notes));
		sn = &fs->notes[fs->n_notes++];
		memset(sn, 0, sizeof(*sn));
		sn->id = id;
		sn->customer_id = fs->t.customer_id;
	}
	api_form_free(&sn->sent);
	api_form_copy(&sn->sent, &fs->f->sent);
}

void fk_done(struct ui *ui, struct forms *fs, struct fetch_result *r)
{
	void *row = r ? r->refetched : NULL;
	const char *res = fk_refetch(fs->kind);
	long long id = fs->f->written_id;
	const struct m_subscription *sub;
	int k;

	if (r)
		r->refetched = NULL;
	switch (fs->kind) {
	case KIND_NOTE:
		if (id > 0)
			remember_note(fs, id);
		k = form_find(fs->f, "contactType");
		if (k >= 0 && *form_text(fs->f, (size_t)k)) {
			const char *label = form_option_label(fs->f, (size_t)k);

			draft_pref_set("note_type", form_text(fs->f, (size_t)k));
			draft_pref_set("note_type_label", label ? label : "");
		}
		/* As read back, it joins its Notes with no search; without
		 * it the Notes search again. */
		if (row)
			ui_apply_row(ui, res, row);
		else
			app_each_frame(ui, refresh_notes, NULL);
		if (id > 0)
			ui_message(ui, _("Note saved (id %lld); A on it in Notes edits it"), id);
		else
			ui_message(ui, "%s", _("Note saved"));
		break;
	case KIND_NOTE_EDIT:
		remember_note(fs, fs->t.id);
		if (row)
			ui_apply_row(ui, res, row);
		else
			app_each_frame(ui, refresh_notes, NULL);
		ui_message(ui, _("Note %lld updated"), fs->t.id);
		break;
	case KIND_ADDON:
	case KIND_INITIAL:
		if (row)
			ui_apply_row(ui, res, row);
		else
			forms_changed(ui, res, fs->t.id);
		if (fs->kind == KIND_ADDON)
			ui_message(ui, _("Add-on saved on ticket %lld"), fs->t.id);
		else
			ui_message(ui, _("Initial add-on saved on subscription %lld"), fs->t.id);
		break;
	case KIND_LEAD:
		sub = row;
		if (sub && sub->lead_stage_id > 0)
			fk_option_add(&fs->stages, &fs->n_stages, sub->lead_stage_id, sub->lead_stage);
		if (row)
			ui_apply_row(ui, res, row);
		else
			forms_changed(ui, res, fs->t.id);
		if (sub && sub->active == -3)
			ui_message(ui, _("Subscription %lld: a lead at stage %s"), fs->t.id,
			           sub->lead_stage ? sub->lead_stage : "?");
		else if (sub)
			ui_message(ui, _("Subscription %lld: won, now an active subscription"), fs->t.id);
		else
			ui_message(ui, _("Subscription %lld: lead stage saved"), fs->t.id);
		break;
	case KIND_MOVE:
	case KIND_CANCEL:
	case KIND_COMPLETE:
		fd_done(ui, fs, r, row);
		return;
	}
	if (row)
		m_row_free(res, row);
}

/* ------------------------------------------------------------ the panes */

struct changed {
	struct fetch_result r;
};

static void tell_frame(struct ui *ui, struct frame *fr, void *ctx)
{
	struct changed *c = ctx;

	if (fr->v->ops->result && fr->v->ops->result(fr->v, ui, &c->r))
		list_changed(fr->list);
}

/* Every pane hears that resource's record id changed; row, when not NULL,
 * is the record as the write read it back: lists take it without a read
 * (a note, which no changelog names, joins its customer's Notes). */
static void tell_written(struct ui *ui, const char *resource, long long id, const void *row)
{
	const struct resource *res = res_find(resource);
	struct fetch_change ch = { 0, 0, NULL, 0 };
	struct fetch_written w;
	struct changed c;

	if (!res || id <= 0 || (!res->class_id && !row))
		return;
	memset(&c, 0, sizeof(c));
	c.r.kind = FETCH_REFRESH;
	c.r.slot = FETCH_SLOT_REFRESH;
	if (res->class_id) {
		ch.class_id = res->class_id;
		ch.id = id;
		c.r.changes = &ch;
		c.r.n_changes = 1;
	}
	if (row) {
		w.resource = res->name;
		w.row = (void *)row; /* lists copy it: never taken from here */
		c.r.written = &w;
		c.r.n_written = 1;
	}
	c.r.last_change = ui->last_change;
	app_each_frame(ui, tell_frame, &c);
	app_mark(ui, DIRTY_BODY | DIRTY_STATUS);
}

void forms_changed(struct ui *ui, const char *resource, long long id)
{
	tell_written(ui, resource, id, NULL);
}

/* Hands a record read back after a write to the panes showing it.  row
 * (borrowed) is a struct m_* of resource.  The panes are told that the
 * record changed (as a refresh that saw it in the changelog would), so a
 * list showing it reads it again when in view, and a detail view reads it. */
static void ui_apply_row(struct ui *ui, const char *resource, const void *row)
{
	long long id = row ? *(const long long *)row : 0;

	tell_written(ui, resource, id, row);
	/* An add-on moves the customer's balance too. */
	if (row && strcmp(resource, "ticket") == 0)
		forms_changed(ui, "customer", ((const struct m_ticket *)row)->customer_id);
}


struct fetch_job *fk_check_job(struct forms *fs)
{
	struct api_form q = API_FORM_INIT;
	struct fetch_job *job;

	switch (fs->kind) {
	case KIND_NOTE:
		api_form_add_int(&q, "customerIDs", fk_field_ll(fs->f, "customerID"));
		job = fetch_job_list(FETCH_SLOT_WRITE, "note", &q);
		api_form_free(&q);
		return job;
	case KIND_NOTE_EDIT:
		return fetch_job_record(FETCH_SLOT_WRITE, "note", fs->t.id, NULL);
	case KIND_ADDON:
		return fetch_job_record(FETCH_SLOT_WRITE, "ticket", fs->t.id, NULL);
	case KIND_INITIAL:
	case KIND_LEAD:
		return fetch_job_record(FETCH_SLOT_WRITE, "subscription", fs->t.id, NULL);
	case KIND_MOVE:
	case KIND_CANCEL:
	case KIND_COMPLETE:
		return fetch_job_record(FETCH_SLOT_WRITE, "appointment", fs->t.id, NULL);
	}
	return NULL;
}

/* Text as stored may come back with CR LF where LF was sent. */
static int same_text(const char *a, const char *b)
{
	for (;;) {
		if (*a == '\r' && a[1] == '\n')
			a++;
		if (*b == '\r' && b[1] == '\n')
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
		a++, b++;
	}
}

int fk_record_matches(const cJSON *rec, const struct resource *res, const struct api_form *sent)
{
	for (size_t i = 0; i < sent->n; i++) {
		const struct res_param *p = res ? res_param_find(res, sent->pairs[i].name) : NULL;
		const cJSON *v;
		struct strbuf have = STRBUF_INIT;
		long long x, y;
		int same;

		if (!p || !p->field || !(v = cJSON_GetObjectItemCaseSensitive(rec, p->field)))
			continue;
		api_value_text(v, &have);
		if (p->type == RT_NUM)
			same = m_parse_cents(strbuf_str(&have), &x) == 0 &&
			       m_parse_cents(sent->pairs[i].value, &y) == 0 && x == y;
		else if (p->type == RT_INT || p->type == RT_BOOL)
			same = api_parse_ll(strbuf_str(&have), &x) == 0 &&
			       api_parse_ll(sent->pairs[i].value, &y) == 0 && x == y;
		else
			same = same_text(strbuf_str(&have), sent->pairs[i].value);
		strbuf_free(&have);
		if (!same)
			return 0;
	}
	return 1;
}

static int known(const struct forms *fs, long long id)
{
	for (size_t i = 0; i < fs->n_known; i++)
		if (fs->known[i] == id)
			return 1;
	return 0;
}

static int check_note(struct forms *fs, const struct fetch_result *r)
{
	const char *text = api_form_get(&fs->f->sent, "notes");
	const char *type = api_form_get(&fs->f->sent, "contactType");
	size_t unseen = 0;

	for (size_t i = 0; i < r->n_ids; i++)
		if (!fs->have_known || !known(fs, r->ids[i]))
			unseen++;
	for (size_t i = 0; i < r->n_rows; i++) {
		const struct m_note *n = r->rows[i];
		long long t = 0;

		if (!n || (fs->have_known && known(fs, n->id)))
			continue;
		if (unseen)
			unseen--;
		if (text && n->text && same_text(n->text, text) &&
		    (!type || (api_parse_ll(type, &t) == 0 && t == n->type_id))) {
			fs->f->written_id = n->id;
			return 1;
		}
	}
	/* New notes past the rows the list carried cannot be looked at. */
	return unseen > 0 ? -1 : 0;
}

static int check_items(struct forms *fs, const struct fetch_result *r)
{
	const struct resource *res = res_find(fs->kind == KIND_ADDON ? "ticketItem" : "initialAddOn");
	const char *want = api_form_get(&fs->f->sent, fk_item_key(fs));
	const cJSON *it;
	long long id, want_id = 0;

	cJSON_Delete(fs->record);
	fs->record = cJSON_Duplicate(r->record, 1);
	if (want)
		api_parse_ll(want, &want_id);
	cJSON_ArrayForEach(it, fk_items(fs)) {
		if (api_field_int(it, fk_item_key(fs), &id) != API_V_OK)
			continue;
		if (want_id ? id != want_id : fs->have_known && known(fs, id))
			continue;
		if (fk_record_matches(it, res, &fs->f->sent)) {
			fs->f->written_id = id;
			return 1;
		}
	}
	return 0;
}

static int check_lead(struct forms *fs, const struct fetch_result *r)
{
	const char *stage = api_form_get(&fs->f->sent, "stageID");
	const char *status = api_form_get(&fs->f->sent, "status");
	long long v, want;

	/* The subscription as read back: the edits kept after an applied
	 * send are typed against it (fk_rebase). */
	cJSON_Delete(fs->record);
	fs->record = cJSON_Duplicate(r->record, 1);
	if (stage && api_parse_ll(stage, &want) == 0 &&
	    (api_field_int(r->record, "leadStageID", &v) != API_V_OK || v != want))
		return 0;
	if (status && api_field_int(r->record, "active", &v) == API_V_OK)
		return strcmp(status, "1") == 0 ? v == 1 : v == -3;
	return 1;
}

static int check_sent(struct forms *fs, const struct fetch_result *r);

/* A send over a lost one whose answer was lost too: either may be on the
 * server.  Not found as last sent, the record is looked for as the lost
 * send had it; found so, that is the send the form now holds. */
int fk_check_result(struct forms *fs, const struct fetch_result *r)
{
	struct form *f = fs->f;
	struct api_form last;
	int applied;

	if (r->err.kind != API_OK || !f)
		return -1;
	applied = check_sent(fs, r);
	if (applied != 0 || !f->lost_sent.n)
		return applied;
	last = f->sent;
	f->sent = f->lost_sent;
	applied = check_sent(fs, r);
	if (applied > 0) {
		api_form_free(&last);
		api_form_init(&f->lost_sent);
	} else {
		f->lost_sent = f->sent;
		f->sent = last;
	}
	return applied;
}

/*
 * A write whose answer was lost published nothing: the write job reads
 * the record back, and publishes it to the share, only after an answer.
 * Found applied by c, it reached the other consoles only through the
 * ticker's next tick (a stop: up to a minute, while another dispatcher's
 * form on it could write over it) or never (a note: no changelog names
 * one, so the others' Notes did not show it until read again).
 */
void fk_publish_checked(struct ui *ui, const struct forms *fs, const struct fetch_result *r)
{
	const char *res = fk_refetch(fs->kind);
	void *row = NULL;

	if (!ui->share || !res)
		return;
	if (fs->kind == KIND_NOTE) {
		/* The check listed the customer's notes: the one it found. */
		for (size_t i = 0; i < r->n_rows; i++)
			if (r->rows[i] && m_row_id(r->rows[i]) == fs->f->written_id)
				fetch_share_publish_write(ui->share, res, r->rows[i]);
		return;
	}
	if (cJSON_IsObject(r->record))
		row = m_row_decode(res, r->record);
	if (row)
		fetch_share_publish_write(ui->share, res, row);
	m_row_free(res, row);
}

static int check_sent(struct forms *fs, const struct fetch_result *r)
{
	switch (fs->kind) {
	case KIND_NOTE:
		return check_note(fs, r);
	case KIND_NOTE_EDIT:
		return cJSON_IsObject(r->record) ? fk_record_matches(r->record, res_find("note"), &fs->f->sent)
		                                 : -1;
	case KIND_ADDON:
	case KIND_INITIAL:
		return cJSON_IsObject(r->record) ? check_items(fs, r) : -1;
	case KIND_LEAD:
		return cJSON_IsObject(r->record) ? check_lead(fs, r) : -1;
	case KIND_MOVE:
	case KIND_CANCEL:
	case KIND_COMPLETE:
		return cJSON_IsObject(r->record) ? fd_check_result(fs, r) : -1;
	}
	return -1;
}

/* ------------------------------------------------- a lost send, later */

/* The ids known before this send go with it: should its answer be lost,
 * the draft carries them to a later run's check.  A send again over a
 * lost one keeps the ids from before the lost one (or none known): the
 * ids read since may hold the lost send's own record, which the check
 * must not take for an older one. */
void fk_keep_known(struct forms *fs)
{
	struct strbuf ids = STRBUF_INIT;

	if (fs->f->lost_at)
		return;
	free(fs->f->lost_known);
	fs->f->lost_known = NULL;
	if (!fs->have_known)
		return;
	for (size_t i = 0; i < fs->n_known; i++)
		strbuf_addf(&ids, i ? " %lld" : "%lld", fs->known[i]);
	fs->f->lost_known = strbuf_detach(&ids, NULL);
}

/* The ids a restored draft's lost send knew (f->lost_known): 1 when they
 * were kept, else 0 (an older draft). */
int fk_take_known(struct forms *fs)
{
	const char *p = fs->f->lost_known;
	char *end;

	if (!p)
		return 0;
	free(fs->known);
	fs->known = NULL;
	fs->n_known = 0;
	for (long long id; *p; p = end) {
		id = strtoll(p, &end, 10);
		if (end == p)
			break;
		fs->known = xrealloc(fs->known, (fs->n_known + 1) * sizeof(*fs->known));
		fs->known[fs->n_known++] = id;
	}
	fs->have_known = 1;
	return 1;
}

/* Whether f's fields now send other pairs than its last send did. */
int fk_edited_since(const struct form *f)
{
	struct api_form now = API_FORM_INIT;
	int edited;

	form_pairs(f, &now);
	edited = now.n != f->sent.n;
	for (size_t i = 0; i < now.n && !edited; i++)
		edited = strcmp(now.pairs[i].name, f->sent.pairs[i].name) != 0 ||
		         now.pairs[i].len != f->sent.pairs[i].len ||
		         memcmp(now.pairs[i].value, f->sent.pairs[i].value, now.pairs[i].len) != 0;
	api_form_free(&now);
	return edited;
}
