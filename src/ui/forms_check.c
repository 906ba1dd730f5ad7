/* forms_check.c: after a lost answer, whether the write was applied, from the record read back. */
#include "config.h"

#include <string.h>

#include "api/values.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "ui/forms_int.h"

/*
 * A write whose answer was lost is never sent again by itself: `c` reads
 * the record back and this decides.  An update was applied when every
 * field it sent reads back as sent.  A create was applied when a record
 * that did not exist before the send (the ids seen when the form opened)
 * carries what was sent; a note with the same text written before the
 * form opened is not taken for it.  When the answer cannot tell (a new
 * note past the rows the list carried, a failed read) it says so (-1) and
 * the write stays unknown.
 */

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

/* 1 when every sent pair that sets a field of res equals the record's. */
static int record_matches(const cJSON *rec, const struct resource *res, const struct api_form *sent)
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
		if (record_matches(it, res, &fs->f->sent)) {
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

	if (stage && api_parse_ll(stage, &want) == 0 &&
	    (api_field_int(r->record, "leadStageID", &v) != API_V_OK || v != want))
		return 0;
	if (status && api_field_int(r->record, "active", &v) == API_V_OK)
		return strcmp(status, "1") == 0 ? v == 1 : v == -3;
	return 1;
}

int fk_check_result(struct forms *fs, const struct fetch_result *r)
{
	if (r->err.kind != API_OK || !fs->f)
		return -1;
	switch (fs->kind) {
	case KIND_NOTE:
		return check_note(fs, r);
	case KIND_NOTE_EDIT:
		return cJSON_IsObject(r->record) ? record_matches(r->record, res_find("note"), &fs->f->sent)
		                                 : -1;
	case KIND_ADDON:
	case KIND_INITIAL:
		return cJSON_IsObject(r->record) ? check_items(fs, r) : -1;
	case KIND_LEAD:
		return cJSON_IsObject(r->record) ? check_lead(fs, r) : -1;
	}
	return -1;
}
