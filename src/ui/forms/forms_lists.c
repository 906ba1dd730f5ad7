/* forms_lists.c: the lists the forms keep for the session (lead stages, note types): read once, offered at every open, read again only when old. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api/encode.h"
#include "common/dates.h"
#include "ui/forms/forms_int.h"

void fk_option_add(struct form_option **v, size_t *n, long long id, const char *label)
{
	size_t at = *n;

	for (size_t i = 0; i < *n; i++) {
		if ((*v)[i].id == id) {
			if (label && *label && !*(*v)[i].label) {
				free((*v)[i].label);
				(*v)[i].label = xstrdup(label);
			}
			return;
		}
	}
	/* In id order, whatever order the records named them in: the lead
	 * stages cycled New Lead, Follow Up, Appointment Set, Quoted ... as
	 * the subscriptions happened to come; the ids are the pipeline's. */
	while (at > 0 && (*v)[at - 1].id > id)
		at--;
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	memmove(*v + at + 1, *v + at, (*n - at) * sizeof(**v));
	(*v)[at].id = id;
	(*v)[at].label = xstrdup(label ? label : "");
	(*n)++;
}

/*
 * Neither lead stages nor note types can be listed through the API (the
 * table's leadStage and noteType have no operation), so the pickers offer
 * the ones the account's records name: the stages of its leads (one search
 * of active -3) and the types of its notes (one search of the notes added
 * in the last NOTE_DAYS days, the types in use; of every note only when
 * there were none), the customer's own notes' types first.  Each search is
 * one read on any account with fewer matches than the search cap (its
 * first 1000 records come with the ids), costs the day's quota that
 * everyone in the office shares, and is made once: a form opened later
 * offers the kept list at once, without a read, until it is
 * FORMS_LIST_MAX_AGE old; then it is read again in the background while
 * the kept one is offered (a stage or type added meanwhile shows).  A
 * number may always be typed instead.
 *
 * Before, the stage picker was marked loading at every open but the
 * search went out only at the first: from the second `L` on it waited for
 * good, holding every key.  The note types came from the customer's own
 * notes only: a customer with none had no type to choose, and a required
 * one, so no first note could be written.
 */

#define NOTE_DAYS 90

/* 1 when a list read at `at` (0: never) may still be offered without a read. */
static int fresh(time_t at)
{
	time_t now = time(NULL);

	return at > 0 && now >= at && now - at < FORMS_LIST_MAX_AGE;
}

int fl_have(const struct forms *fs, enum rkind kind)
{
	return kind == RD_STAGES ? fs->stages_at > 0 : fs->types_at > 0;
}

void fl_opened(struct ui *ui, struct forms *fs, enum rkind kind)
{
	struct api_form q[2] = { API_FORM_INIT, API_FORM_INIT };
	struct fetch_job *job;

	if (kind == RD_STAGES) {
		if (fs->stages_asked || fresh(fs->stages_at))
			return;
		fs->stages_asked = 1;
		/* Leads only appear when the search names active. */
		api_form_add_int(&q[0], "active", -3);
		job = fetch_job_list(FETCH_SLOT_WRITE, "subscription", &q[0]);
	} else {
		struct rd_date d;
		char since[11];

		if (fs->types_asked || fresh(fs->types_at))
			return;
		fs->types_asked = 1;
		date_today(&d);
		date_from_days(date_to_days(&d) - NOTE_DAYS, &d);
		date_format(&d, since);
		api_form_add_cmp_str(&q[0], "dateAdded", API_Q_GT, since);
		/* The second search goes out only when the first found none. */
		job = fetch_job_list_any(FETCH_SLOT_WRITE, "note", q, 2);
		fetch_job_set_first_found(job);
	}
	forms_read(ui, fs, kind, job);
	api_form_free(&q[0]);
	api_form_free(&q[1]);
}

/* The picker of the open form that shows the list of kind, or -1. */
static int picker(const struct forms *fs, enum rkind kind)
{
	if (!fs->f)
		return -1;
	if (kind == RD_STAGES)
		return fs->kind == KIND_LEAD ? form_find(fs->f, "stageID") : -1;
	return fs->kind == KIND_NOTE ? form_find(fs->f, "contactType") : -1;
}

void fl_show(struct forms *fs, enum rkind kind)
{
	const struct form_option *v = kind == RD_STAGES ? fs->stages : fs->types;
	size_t n = kind == RD_STAGES ? fs->n_stages : fs->n_types;
	int k = picker(fs, kind);

	if (k < 0)
		return;
	for (size_t i = 0; i < n; i++)
		form_add_option(fs->f, (size_t)k, v[i].id, v[i].label);
	/* Loading until the account's list is in once; the customer's own
	 * notes (note form) come apart and clear it themselves. */
	fs->f->fields[k].loading = !fl_have(fs, kind) && (kind == RD_STAGES ? fs->stages_asked
	                                                                     : fs->types_asked);
}

void fl_note_types(struct forms *fs, const struct fetch_result *r)
{
	for (size_t i = 0; i < r->n_rows; i++) {
		const struct m_note *n = r->rows[i];

		/* Type 0 is a real type on some accounts ("Notes"); a note
		 * whose typeID is 0 with no type name says nothing. */
		if (n && (n->type_id > 0 || (n->type_id == 0 && n->type && *n->type)))
			fk_option_add(&fs->types, &fs->n_types, n->type_id, n->type);
	}
}

void fl_done(struct forms *fs, enum rkind kind, const struct fetch_result *r)
{
	int k;

	if (kind == RD_STAGES) {
		fs->stages_asked = 0;
		if (r->err.kind == API_OK)
			fs->stages_at = time(NULL);
	} else {
		fs->types_asked = 0;
		if (r->err.kind == API_OK)
			fs->types_at = time(NULL);
	}
	if (r->err.kind != API_OK) {
		/* Asked again by the next form; this one's picker takes a
		 * number (the open form may be a later one than asked). */
		if ((k = picker(fs, kind)) >= 0)
			fs->f->fields[k].loading = 0;
		return;
	}
	if (kind == RD_STAGES) {
		for (size_t i = 0; i < r->n_rows; i++) {
			const struct m_subscription *sub = r->rows[i];

			if (sub && sub->lead_stage_id > 0)
				fk_option_add(&fs->stages, &fs->n_stages, sub->lead_stage_id,
				              sub->lead_stage);
		}
	} else {
		fl_note_types(fs, r);
	}
	fl_show(fs, kind);
}
