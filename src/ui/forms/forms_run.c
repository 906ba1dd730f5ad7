/* forms_run.c: the forms' controller: open on the selection, keys, send once, outcomes, drafts, :log. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "api/values.h"
#include "common/i18n.h"
#include "common/strbuf.h"
#include "ui/views/activity.h"
#include "ui/base/console.h"
#include "ui/forms/draft.h"
#include "ui/forms/form.h"
#include "ui/forms/form_draw.h"
#include "ui/forms/form_keys.h"
#include "ui/forms/forms.h"
#include "ui/forms/forms_int.h"
#include "ui/base/list.h"
#include "ui/views/view_pane.h"
#include "ui/views/views.h"

/*
 * The life of a form: forms_action builds it on the selected record
 * (fk_build), restores its draft, queues its reads (fk_opened); keys edit
 * it (form_key); Preview validates (form_confirm); `y` hands the pairs to
 * the fetch thread once (form_send) and logs the write; the answer
 * (forms_result) ends it as done (draft removed, the record's panes told),
 * refused (form and text kept, draft saved) or unknown (never resent: `c`
 * reads the record back and decides).  Reads are serialised because a
 * read submitted on a slot cancels the slot's read in flight.
 */

static struct forms *get(struct ui *ui)
{
	if (!ui->forms)
		ui->forms = xcalloc(1, sizeof(struct forms));
	return ui->forms;
}

int forms_active(const struct ui *ui)
{
	return ui->forms && ui->forms->f;
}

int forms_typing(const struct ui *ui)
{
	const struct form *f = forms_active(ui) ? ui->forms->f : NULL;
	enum form_type t;

	if (!f || f->state != FORM_EDITING || f->focus >= f->n)
		return 0;
	t = f->fields[f->focus].type;
	if (t == FT_LINES)
		return 2;
	return t == FT_TEXT || t == FT_INT || t == FT_MONEY || t == FT_TIME;
}

int forms_busy(const struct ui *ui)
{
	return ui->forms && (ui->forms->read_gen || ui->forms->write_gen);
}

/* ----------------------------------------------------------------- reads */

static void pump(struct ui *ui, struct forms *fs)
{
	struct pending_read next;

	if (fs->read_gen || fs->n_queue == 0)
		return;
	next = fs->queue[0];
	memmove(fs->queue, fs->queue + 1, (fs->n_queue - 1) * sizeof(*fs->queue));
	fs->n_queue--;
	fs->read_kind = next.kind;
	fs->read_serial = next.serial;
	fs->read_gen = ui_submit(ui, NULL, next.job);
}

void forms_read(struct ui *ui, struct forms *fs, enum rkind kind, struct fetch_job *job)
{
	if (!job)
		return;
	if (fs->n_queue == FORMS_MAX_READS) {
		fetch_job_free(job);
		return;
	}
	fs->queue[fs->n_queue].kind = kind;
	fs->queue[fs->n_queue].job = job;
	fs->queue[fs->n_queue].serial = fs->serial;
	fs->n_queue++;
	pump(ui, fs);
}

/* ---------------------------------------------------------- the log view */

static void log_frame(struct ui *ui, struct frame *fr, void *ctx)
{
	struct forms *fs = ctx;

	if (fr->v->priv == &fs->log) {
		snprintf(fr->v->subtitle, sizeof(fr->v->subtitle), _("%zu this session"), fs->log.n);
		list_changed(fr->list);
		app_mark(ui, DIRTY_BODY | DIRTY_STATUS | DIRTY_HEADER);
	}
}

static void log_changed(struct ui *ui, struct forms *fs)
{
	app_each_frame(ui, log_frame, fs);
}

struct view *forms_log_view(struct ui *ui)
{
	return activity_view_new(&get(ui)->log);
}

/* ------------------------------------------------------------ open, close */

void fk_reset_target(struct forms *fs)
{
	cJSON_Delete(fs->record);
	fs->record = NULL;
	free(fs->known);
	fs->known = NULL;
	fs->n_known = 0;
	fs->have_known = 0;
	free(fs->notice);
	fs->notice = NULL;
	free(fs->alert);
	fs->alert = NULL;
	free(fs->record_alert);
	fs->record_alert = NULL;
	free(fs->now);
	fs->now = NULL;
	fs->now_unknown = 0;
	fs->fresh_asked = 0;
	free(fs->stale_shown);
	fs->stale_shown = NULL;
	fs->lost_restored = 0;
	free(fs->subtitle);
	fs->subtitle = NULL;
	free(fs->draft_key);
	fs->draft_key = NULL;
}

/* keep: 1 keeps the draft when there is one to keep, 0 removes it (but
 * a send's unknown outcome), -1 leaves the drafts as they are. */
static void close_form(struct ui *ui, struct forms *fs, int keep)
{
	struct strbuf err = STRBUF_INIT;

	if (!fs->f)
		return;
	/* A lost send is kept even when the text is as it opened. */
	if (keep > 0 && (form_changed(fs->f) || fs->f->lost_at)) {
		if (draft_save(fs->draft_key, fs->f, &err) == 0)
			ui_message(ui, "%s", _("Closed; the draft is kept (the same key on the same record brings it back)"));
		else
			ui_error(ui, _("Closed, but the draft could not be saved: %s"), strbuf_str(&err));
	} else if (keep == 0 && fs->f->state != FORM_UNKNOWN) {
		draft_remove(fs->draft_key);
	}
	form_free(fs->f);
	fs->f = NULL;
	/* Reads queued for it are moot; the one in flight still feeds the caches. */
	for (size_t i = 0; i < fs->n_queue; i++) {
		if (fs->queue[i].kind == RD_PRODUCTS)
			fs->products_asked = 0;
		if (fs->queue[i].kind == RD_STAGES)
			fs->stages_asked = 0;
		if (fs->queue[i].kind == RD_TYPES)
			fs->types_asked = 0;
		fetch_job_free(fs->queue[i].job);
	}
	fs->n_queue = 0;
	fk_reset_target(fs);
	app_mark(ui, DIRTY_ALL);
	strbuf_free(&err);
}

static void open_form(struct ui *ui, struct forms *fs, enum fkind kind, const struct target *t)
{
	struct strbuf err = STRBUF_INIT;
	struct form *f;
	time_t saved = 0;
	int rc;

	fk_reset_target(fs);
	fs->serial++;
	fs->kind = kind;
	fs->t = *t;
	f = fk_build(ui, fs, kind, t);
	if (!f)
		return;
	fs->f = f;
	rc = draft_load(fs->draft_key, f, &saved, &err);
	if (rc > 0) {
		struct strbuf sb = STRBUF_INIT;
		struct tm tm;
		char when[32] = "?";

		if (localtime_r(&saved, &tm))
			strftime(when, sizeof(when), "%Y-%m-%d %H:%M", &tm);
		if (f->lost_at) {
			/* The form says it in red too: this text may be on the
			 * server already, and y asks twice. */
			fs->lost_restored = 1;
			strbuf_addf(&sb, _("Draft of %s restored; its last send's answer was lost: check the record first"),
			            when);
			ui_error(ui, "%s", sb.buf);
		} else {
			strbuf_addf(&sb, _("Draft of %s restored; Esc keeps it, sending removes it"), when);
		}
		free(fs->notice);
		fs->notice = strbuf_detach(&sb, NULL);
	} else if (rc < 0) {
		ui_error(ui, _("The draft could not be read: %s"), strbuf_str(&err));
	}
	fk_opened(ui, fs);
	/* A draft typed against the stop as it was then. */
	fk_stale_follow(ui, fs);
	app_mark(ui, DIRTY_ALL);
	strbuf_free(&err);
}

static int has_session_note(const struct forms *fs, long long id, long long *customer)
{
	for (size_t i = 0; i < fs->n_notes; i++) {
		if (fs->notes[i].id == id) {
			*customer = fs->notes[i].customer_id;
			return 1;
		}
	}
	return 0;
}

void forms_action(struct ui *ui, enum action a)
{
	struct forms *fs;
	struct target t;
	enum fkind kind;

	if (ui_readonly(ui)) {
		ui_message(ui, "%s", _("Read-only session: writes are off"));
		return;
	}
	fs = get(ui);
	if (fs->f || fk_selection(ui, &t) < 0)
		return;
	switch (a) {
	case ACT_ADD_NOTE:
		kind = KIND_NOTE;
		/* A note of this session, or of an earlier one whose edit
		 * was kept as a draft (its send's answer lost, maybe): the
		 * start says to open that form and check it, and A on the
		 * note opened an empty new note instead. */
		if (strcmp(t.resource, "note") == 0 &&
		    (has_session_note(fs, t.id, &t.customer_id) || fk_draft_kept("note-edit", &t))) {
			kind = KIND_NOTE_EDIT;
		} else if (strcmp(t.resource, "note") == 0 && t.customer_id > 0) {
			/* An older note is not edited (note/update is offered for
			 * this session's, whose text the console knows): A adds
			 * the customer's next one, and says so rather than
			 * opening an empty form titled with the old note. */
			t.resource = "customer";
			t.id = t.customer_id;
			ui_message(ui, "%s", _("Only notes written in this session can be edited: this "
			                       "adds a new note for the customer"));
		}
		break;
	case ACT_ADD_ON:
		if (strcmp(t.resource, "ticket") == 0) {
			kind = KIND_ADDON;
		} else if (strcmp(t.resource, "subscription") == 0) {
			kind = KIND_INITIAL;
		} else {
			ui_error(ui, "%s", _("Add-ons go on a ticket (Tickets pane) or on a subscription's initial add-ons (Subscriptions pane)"));
			return;
		}
		break;
	case ACT_LEAD_STAGE:
		if (strcmp(t.resource, "subscription") != 0) {
			ui_error(ui, "%s", _("Lead stages are set on a subscription: select one in the Subscriptions pane"));
			return;
		}
		kind = KIND_LEAD;
		break;
	default:
		if (fd_kind(ui, a, &t, &kind) != 0)
			return;
		break;
	}
	open_form(ui, fs, kind, &t);
}

/* -------------------------------------------------------------- sending */

/* What Enter on the write's :log line opens: a note's customer, else the
 * record the form was on. */
static void log_about(struct forms *fs)
{
	if (fs->kind == KIND_NOTE && fs->t.customer_id > 0)
		activity_set_about(&fs->log, fs->entry, "customer", fs->t.customer_id);
	else
		activity_set_about(&fs->log, fs->entry, fs->t.resource, fs->t.id);
}

static void send(struct ui *ui, struct forms *fs)
{
	struct api_form pairs = API_FORM_INIT;
	struct strbuf rec = STRBUF_INIT, err = STRBUF_INIT;
	struct fetch_job *job;

	if (form_send(fs->f, &pairs) < 0)
		return;
	fk_rebase(ui, fs, NULL);
	fk_stale_follow(ui, fs);
	/* Kept until the answer says it was applied: a crash mid-send loses
	 * nothing typed. */
	if (draft_save(fs->draft_key, fs->f, &err) < 0)
		ui_error(ui, _("Sending; the draft could not be saved: %s"), strbuf_str(&err));
	fk_record_text(fs, &rec);
	fk_keep_known(fs);
	fs->sent_at = time(NULL);
	fs->entry = activity_add(&fs->log, fs->sent_at, fs->f->path, strbuf_str(&rec));
	log_about(fs);
	job = fetch_job_write(FETCH_SLOT_WRITE, fs->f->path, &pairs, fk_refetch(fs->kind));
	/* What it reads back is published to the office's share. */
	fetch_job_set_share(job, ui->share, 0);
	fs->write_gen = ui_submit(ui, NULL, job);
	if (!fs->write_gen) {
		/* No fetch thread: nothing left the machine. */
		struct api_error e = API_ERROR_INIT;

		api_error_set(&e, API_ERR_NETWORK, 0, NULL, "%s", _("not connected"));
		form_outcome(fs->f, &e, 0);
		activity_update(&fs->log, fs->entry, AL_NOT_SENT, 0, api_error_text(&e));
		api_error_clear(&e);
	}
	log_changed(ui, fs);
	api_form_free(&pairs);
	strbuf_free(&rec);
	strbuf_free(&err);
}

static void write_done(struct ui *ui, struct forms *fs, struct fetch_result *r)
{
	struct strbuf err = STRBUF_INIT;
	struct form *f = fs->f;

	fs->write_gen = 0;
	if (!f || f->state != FORM_SENDING)
		return;
	switch (form_outcome(f, &r->err, r->written_id)) {
	case FORM_DONE:
		activity_update(&fs->log, fs->entry, AL_OK, r->written_id, NULL);
		fk_done(ui, fs, r);
		draft_remove(fs->draft_key);
		close_form(ui, fs, 0);
		break;
	case FORM_EDITING:
		/* As the form says it: a connection never made is no refusal. */
		activity_update(&fs->log, fs->entry,
		                f->why == FW_REFUSED ? AL_REFUSED : f->why == FW_NOT_SENT ? AL_NOT_SENT
		                                                                       : AL_UNSURE,
		                0, f->error);
		draft_save(fs->draft_key, f, &err);
		ui_error(ui, _("Not applied: %s (the form and your text are kept)"), f->error ? f->error : "?");
		break;
	case FORM_UNKNOWN:
		activity_update(&fs->log, fs->entry, AL_UNKNOWN, 0, f->error);
		/* The draft remembers it: a later run must not resend it blindly. */
		f->lost_at = (long long)fs->sent_at;
		snprintf(f->lost_path, sizeof(f->lost_path), "%s", f->path);
		draft_save(fs->draft_key, f, &err);
		ui_error(ui, "%s", _("The answer was lost: it may or may not have been applied; nothing is resent (c checks)"));
		break;
	default:
		break;
	}
	log_changed(ui, fs);
	strbuf_free(&err);
}

static void check(struct ui *ui, struct forms *fs)
{
	struct form *f = fs->f;
	struct strbuf rec = STRBUF_INIT;

	if (f->state == FORM_CONFIRM && f->lost_at) {
		/* A draft's lost send: checked for what went out (kept with
		 * the draft), not for the fields as edited since; a draft of
		 * an older routedesk kept only the fields. */
		if (!f->sent.n)
			form_pairs(f, &f->sent);
		form_set_warning(f, NULL);
		f->ask = FA_NONE;
		f->state = FORM_UNKNOWN;
		fk_record_text(fs, &rec);
		fs->entry = activity_add(&fs->log, (time_t)f->lost_at, f->lost_path, rec.buf);
		log_about(fs);
		activity_update(&fs->log, fs->entry, AL_UNKNOWN, 0, NULL);
		strbuf_free(&rec);
	}
	if (form_check_begin(fs->f) < 0)
		return;
	activity_update(&fs->log, fs->entry, AL_CHECKING, 0, NULL);
	forms_read(ui, fs, RD_CHECK, fk_check_job(fs));
	log_changed(ui, fs);
}

static void check_done(struct ui *ui, struct forms *fs, struct fetch_result *r)
{
	struct strbuf msg = STRBUF_INIT;
	int applied;

	if (!fs->f || fs->f->state != FORM_CHECKING)
		return;
	/* The ids read when a restored draft opened may include its own
	 * write: the ones its send knew are the older records; a draft that
	 * kept none (an older routedesk's) has none counted older. */
	if (fs->lost_restored && !fk_take_known(fs))
		fs->have_known = 0;
	fs->check_why = NULL;
	applied = fk_check_result(fs, r);
	if (applied > 0) {
		int edited = fk_edited_since(fs->f);

		form_check_end(fs->f, 1, NULL);
		activity_update(&fs->log, fs->entry, AL_APPLIED, fs->f->written_id, NULL);
		fk_publish_checked(ui, fs, r);
		fk_done(ui, fs, NULL);
		/* What was typed after the lost send (a typo fixed) is not
		 * what the record holds: kept, as a plain draft. */
		if (edited) {
			fs->f->lost_at = 0;
			/* The edits are typed against the stop as applied. */
			fk_rebase(ui, fs, fs->record);
			draft_save(fs->draft_key, fs->f, NULL);
		} else {
			draft_remove(fs->draft_key);
		}
		close_form(ui, fs, -1);
		ui_message(ui, "%s",
		           edited ? _("Checked: it was applied as first sent, nothing was resent; your "
		                      "edits since are kept as a draft")
		                  : _("Checked: it was applied (the record shows it); nothing was resent"));
	} else if (applied == 0) {
		form_check_end(fs->f, 0, _("Checked: it was NOT applied; Preview then y sends it again"));
		activity_update(&fs->log, fs->entry, AL_NOT_APPLIED, 0, NULL);
		/* Known now: a send is no longer a second one. */
		fs->f->lost_at = 0;
		fs->lost_restored = 0;
		draft_save(fs->draft_key, fs->f, NULL);
		ui_message(ui, "%s", _("Checked: not applied; your text is kept"));
	} else {
		strbuf_addf(&msg, _("Could not tell (%s); c checks again"),
		            r->err.kind != API_OK ? api_error_text(&r->err)
		            : fs->check_why      ? fs->check_why
		                                 : _("the record does not show it"));
		form_check_end(fs->f, -1, msg.buf);
		activity_update(&fs->log, fs->entry, AL_UNKNOWN, 0, msg.buf);
		ui_error(ui, "%s", msg.buf);
	}
	log_changed(ui, fs);
	strbuf_free(&msg);
}

static void release(struct ui *ui, struct forms *fs, int all);
static void release_after_write(struct ui *ui, struct forms *fs, int checked);

void forms_result(struct ui *ui, struct fetch_result *r)
{
	struct forms *fs = ui->forms;
	enum rkind kind;

	if (!fs)
		return;
	if (r->kind == FETCH_WRITE) {
		if (r->gen == fs->write_gen) {
			write_done(ui, fs, r);
			release_after_write(ui, fs, 0);
		}
	} else if (r->gen == fs->read_gen) {
		fs->read_gen = 0;
		kind = fs->read_kind;
		/* What a read brings for a form closed since (a record, the ids
		 * before a send) is not this form's; the session's lists are. */
		if (fs->read_serial != fs->serial || !fs->f) {
			if (kind == RD_PRODUCTS || kind == RD_STAGES || kind == RD_TYPES ||
			    kind == RD_NOTES)
				fk_read_done(ui, fs, kind, r);
		} else if (kind == RD_CHECK) {
			check_done(ui, fs, r);
			release_after_write(ui, fs, 1);
		} else if (kind == RD_FRESH) {
			fk_stale_fresh(ui, fs, r);
		} else {
			fk_read_done(ui, fs, kind, r);
		}
		pump(ui, fs);
		/* The options a held key waited for may be here now. */
		if (fs->n_held)
			release(ui, fs, 0);
	}
	app_mark(ui, DIRTY_BODY | DIRTY_STATUS | DIRTY_HEADER);
}

/* ----------------------------------------------------------------- keys */

/* What key does to the open form, now. */
static void apply_key(struct ui *ui, struct forms *fs, int key)
{
	struct strbuf msg = STRBUF_INIT;
	struct form *f = fs->f;
	size_t focus;
	char *before = NULL;

	if (ui->msg.len) {
		strbuf_reset(&ui->msg);
		app_mark(ui, DIRTY_MESSAGE);
	}
	focus = f->focus;
	if (focus < f->n && f->fields[focus].type == FT_PICK)
		before = xstrdup(form_text(f, focus));
	switch (form_key(f, key)) {
	case FK_NONE:
		if (before && strcmp(before, form_text(f, focus)) != 0)
			fk_changed(ui, fs, focus);
		break;
	case FK_IGNORED:
		break;
	case FK_NOT_TEXT:
		ui_message(ui, "%s", focus < f->n ? _("Not typed: a yes/no field takes y or n (Space toggles); Tab moves to the next field")
		                                  : _("Not typed: this is a button; S-Tab goes back to the fields"));
		break;
	case FK_PICK_ONLY:
		ui_message(ui, _("%s is a list: Space or Left/Right choose, or type its number"),
		           _(f->fields[focus].label));
		break;
	case FK_CLOSE:
		if (f->state == FORM_UNKNOWN)
			ui_message(ui, "%s", _("Closed; the write's outcome is still unknown (see :log)"));
		close_form(ui, fs, 1);
		break;
	case FK_DISCARD:
		if (form_changed(f) || f->lost_at)
			ui_message(ui, "%s", _("Cancelled: the text and its draft are thrown away"));
		close_form(ui, fs, 0);
		break;
	case FK_PREVIEW:
		if (form_confirm(f, &msg) < 0)
			ui_error(ui, "%s", strbuf_str(&msg));
		else
			fk_preview_warning(ui, fs);
		break;
	case FK_CHECK_FIRST:
		ui_message(ui, "%s", _("Two sends of this may already be saved: c checks the record first; "
		                       "nothing was sent"));
		break;
	case FK_WARNED:
		if (f->ask == FA_RESEND)
			ui_message(ui, "%s", _("It may already be saved: Y (capital) sends it a second time, "
			                       "n goes back"));
		else
			ui_message(ui, "%s", _("This write has the effect shown above: Y (capital) sends it, "
			                       "n goes back"));
		break;
	case FK_SEND:
		/* A change that landed while the preview was up is read
		 * before anything goes over it. */
		if (fk_stale_follow(ui, fs))
			fk_stale_say(ui);
		else
			send(ui, fs);
		break;
	case FK_BUSY:
		ui_message(ui, "%s", f->state == FORM_UNKNOWN
		                         ? _("The outcome is unknown: c checks before anything is sent again")
		                     : f->state == FORM_CHECKING
		                         ? _("Checking: nothing is sent while the record is read back")
		                         : _("Already sending: one y sends once"));
		break;
	case FK_CHECK:
		check(ui, fs);
		break;
	case FK_REDRAW:
		app_mark(ui, DIRTY_ALL | DIRTY_REPAINT);
		break;
	case FK_QUIT:
		/* forms_quit reports the write's outcome and keeps a draft. */
		ui->quit = 1;
		break;
	}
	free(before);
	strbuf_free(&msg);
	app_mark(ui, DIRTY_BODY | DIRTY_STATUS);
}

/* A key whose meaning depends on options not listed yet: a choice (Space,
 * Left, Right) on the focused picker while its options load.  Done now,
 * it would choose among the few options already there (or do nothing),
 * and what the dispatcher meant would be lost. */
static int must_wait(const struct form *f, int key)
{
	const struct form_field *fd;

	if (f->state != FORM_EDITING || f->focus >= f->n)
		return 0;
	fd = &f->fields[f->focus];
	return fd->type == FT_PICK && fd->loading &&
	       (key == ' ' || key == (KEYF | KEY_LEFT) || key == (KEYF | KEY_RIGHT));
}

/* Gives the held keys, in the order typed, to the form (all 1: even the
 * ones that would wait again; 0: those are held again, and every key
 * after them).  Keys after one that closed the form go where they would
 * have gone then: to the panes. */
static void release(struct ui *ui, struct forms *fs, int all)
{
	int keys[FORMS_MAX_HELD];
	size_t n = fs->n_held;

	memcpy(keys, fs->held, n * sizeof(*keys));
	fs->n_held = 0;
	for (size_t i = 0; i < n; i++) {
		if (!fs->f)
			ui_replay_key(ui, keys[i]);
		else if (all)
			apply_key(ui, fs, keys[i]);
		else
			forms_key(ui, keys[i]);
	}
	app_mark(ui, DIRTY_BODY | DIRTY_STATUS);
}

/* Keys typed while the write is on its way, or while c reads it back:
 * the next action's (A and a note after an add-on's y), held until the
 * answer, then given to the panes once the form has closed.  They were
 * dropped without a word.  y and Q keep their meaning now, and Esc is
 * told to wait: held, it would leave the pane under the form once the
 * form had closed. */
static int hold_while_sending(struct ui *ui, struct forms *fs, int key)
{
	int checking = fs->f->state == FORM_CHECKING;

	if ((fs->f->state != FORM_SENDING && !checking) || key == 12 || key == 'y' || key == 'Y' ||
	    key == 'Q')
		return 0;
	if (key == 27) {
		ui_message(ui, "%s", checking ? _("Checking: the form closes, or comes back, by itself "
		                                  "when the answer comes (Q quits)")
		                              : _("Sending: the form closes by itself when the answer "
		                                  "comes (Q quits)"));
		return 1;
	}
	if (fs->n_held < FORMS_MAX_HELD)
		fs->held[fs->n_held++] = key;
	else
		ui_error(ui, "%s", _("Sending: too many keys typed meanwhile; the rest were not kept"));
	app_mark(ui, DIRTY_BODY);
	return 1;
}

/* The write's answer (or its check's, checked) came: keys held meanwhile
 * go to the panes when the form closed; else (refused, lost, not applied)
 * they are not typed into the form, which they were not meant for, and
 * the form says so. */
static void release_after_write(struct ui *ui, struct forms *fs, int checked)
{
	struct strbuf sb = STRBUF_INIT;

	if (!fs->n_held)
		return;
	/* Quitting: what they would press must not happen while the console
	 * closes (a held : ran a command); nothing they type is kept. */
	if (fs->quitting) {
		fs->n_held = 0;
		return;
	}
	if (!fs->f) {
		release(ui, fs, 0);
		return;
	}
	if (checked)
		strbuf_addf(&sb, ngettext("%lu key typed while it was checking was not used",
		                          "%lu keys typed while it was checking were not used", fs->n_held),
		            (unsigned long)fs->n_held);
	else
		strbuf_addf(&sb, ngettext("%lu key typed while it was sending was not used",
		                          "%lu keys typed while it was sending were not used", fs->n_held),
		            (unsigned long)fs->n_held);
	free(fs->notice);
	fs->notice = strbuf_detach(&sb, NULL);
	fs->n_held = 0;
}

int forms_key(struct ui *ui, int key)
{
	struct forms *fs = ui->forms;

	if (!fs || !fs->f)
		return 0;
	if (hold_while_sending(ui, fs, key))
		return 1;
	if (key != 12 && fs->n_held) {
		/* Esc must close a form whose list never comes (and a full
		 * hold must not drop a key): what was held acts first, in
		 * order, on the options there are. */
		if (key == 27 || fs->n_held == FORMS_MAX_HELD) {
			release(ui, fs, 1);
			if (!fs->f)
				return 0;
		} else {
			fs->held[fs->n_held++] = key;
			return 1;
		}
	} else if (key != 12 && must_wait(fs->f, key)) {
		/* Kept, with every key after it, until the options land:
		 * keys typed faster than the reads are never dropped. */
		fs->held[fs->n_held++] = key;
		app_mark(ui, DIRTY_BODY);
		return 1;
	}
	apply_key(ui, fs, key);
	return 1;
}

int forms_draw(struct ui *ui, int y, int x, int h, int w, int *cy, int *cx)
{
	struct forms *fs = ui->forms;
	struct form_look lk;

	if (!fs || !fs->f)
		return 0;
	memset(&lk, 0, sizeof(lk));
	lk.normal = ui->theme.attr[TE_NORMAL];
	lk.title = ui->theme.attr[TE_TITLE];
	lk.label = ui->theme.attr[TE_NORMAL];
	lk.field = ui->theme.attr[TE_PROMPT];
	lk.focus = ui->theme.attr[TE_SELECTED];
	lk.error = ui->theme.attr[TE_ERROR];
	lk.dim = ui->theme.attr[TE_DIM];
	lk.preview = ui->theme.attr[TE_PREVIEW];
	lk.ascii = ui->ascii;
	lk.utf8 = ui->utf8;
	lk.subtitle = fs->subtitle;
	lk.alert = fs->alert;
	lk.notice = fs->n_held ? _("The list is still loading: what you type is kept and acts when it arrives")
	                       : fs->notice;
	if (fs->n_held && (fs->f->state == FORM_SENDING || fs->f->state == FORM_CHECKING))
		lk.sending = fs->f->state == FORM_CHECKING
		                 ? _("Checking: what you type is kept, and acts once the form has closed")
		                 : _("Sending: what you type is kept, and acts once the form has closed");
	form_draw(fs->f, y, x, h, w, &lk, cy, cx);
	return 1;
}
