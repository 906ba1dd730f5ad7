/* forms_int.h: what the forms' files share: the controller (forms_run.c), the forms (forms.c, forms_addon.c, forms_dispatch.c), their targets, kept lists and checks. */
#ifndef ROUTEDESK_UI_FORMS_INT_H
#define ROUTEDESK_UI_FORMS_INT_H

#include <stddef.h>
#include <time.h>
#include <cjson/cJSON.h>

#include "fetch/fetch.h"
#include "model/model.h"
#include "ui/base/action.h"
#include "ui/views/activity.h"
#include "ui/forms/form.h"

struct ui;
struct strbuf;

enum fkind {
	KIND_NOTE,       /* note/create */
	KIND_NOTE_EDIT,  /* note/update of a note written this session */
	KIND_ADDON,      /* ticket/createAddOn, ticket/updateAddOn */
	KIND_INITIAL,    /* subscription/createInitialAddOn, updateInitialAddOn */
	KIND_LEAD,       /* subscription/updateLeadStage */
	KIND_MOVE,       /* appointment/update: another route, time or spot */
	KIND_CANCEL,     /* appointment/cancel */
	KIND_COMPLETE,   /* appointment/complete: done or no-show */
};

/* The reads a form makes, one at a time on FETCH_SLOT_WRITE. */
enum rkind {
	RD_RECORD,    /* the target's record by id: customer, items, stage */
	RD_NOTES,     /* the customer's notes: types seen, ids before a create */
	RD_PRODUCTS,  /* the product list (once a session) */
	RD_STAGES,    /* the account's leads (kept, forms_lists.c): stages seen */
	RD_TYPES,     /* the account's recent notes (kept, forms_lists.c): note types seen */
	RD_CHECK,     /* reading back after an unknown outcome */
	RD_FRESH,     /* the target's record again: the changelog named it
	               * while the form was open (forms_stale.c) */
};

/* What the form is about: the selected row of a pane. */
struct target {
	const char *resource;  /* "customer", "appointment", "subscription", "ticket", "note" */
	long long id;
	long long customer_id;      /* 0 until known */
	long long subscription_id;  /* the related subscription of a note, 0 none */
	char who[128];              /* the customer's name when the selection
	                             * showed it ("" else): the title names whom
	                             * the form writes to, not only "#10116" */
};

/* A note written this session: editable through note/update. */
struct session_note {
	long long id, customer_id;
	struct api_form sent;  /* what created (or last updated) it */
};

struct pending_read {
	enum rkind kind;
	struct fetch_job *job;
	unsigned serial;           /* the form it is for */
};

#define FORMS_MAX_READS 4
/* Keys held while the focused picker's options are on their way. */
#define FORMS_MAX_HELD 256

struct forms {
	struct activity log;

	/* The open form and what it is about. */
	struct form *f;
	enum fkind kind;
	struct target t;
	char *draft_key;
	char *subtitle;
	char *notice;              /* translated, or NULL */
	cJSON *record;             /* the target's record, once read */
	long long *known;          /* ids that existed before the send (notes, items) */
	size_t n_known;
	int have_known;
	size_t entry;              /* activity index of the write in flight */
	unsigned long write_gen;
	time_t sent_at;            /* when the last write was handed out */
	int lost_restored;         /* the form's draft came with a lost send of an
	                            * earlier run: no ids from before it are known */
	char *alert;               /* what the form shows in red (translated): the
	                            * record's change since the form took its
	                            * values, then record_alert; or NULL */
	char *record_alert;        /* what the form's record itself warns of, e.g.
	                            * a lead stage on a subscription that is not a
	                            * lead; or NULL */
	int quitting;              /* forms_quit has begun: held keys do nothing */
	const char *check_why;     /* why the last check could not tell (translated),
	                            * when the record was read; NULL else */
	char *stale_shown;         /* what the preview's warning says of the record
	                            * changed since the form took its values (""
	                            * nothing), NULL before a preview (forms_stale.c) */
	char *now;                 /* the record (not a stop: the review holds
	                            * those) as known since the form took its
	                            * values, in form.base's text, or NULL */
	int now_unknown;           /* the changelog named the record since: how it
	                            * changed is not known (yet) */
	int fresh_asked;           /* RD_FRESH queued or in flight */

	/* Reads, one in flight. */
	struct pending_read queue[FORMS_MAX_READS];
	size_t n_queue;
	unsigned long read_gen;
	enum rkind read_kind;
	unsigned read_serial;
	unsigned serial;           /* counts the forms opened: a read for an
	                            * earlier one must not fill this one */

	/* Keys typed faster than the form's reads: a choice key (Space,
	 * Left, Right) on a picker still loading, and every key after it,
	 * kept in order until the options land (forms_run.c). */
	int held[FORMS_MAX_HELD];
	size_t n_held;

	/* The session's caches. */
	struct m_table *products;  /* struct m_product, NULL until listed */
	int products_asked;
	struct form_option *types; /* note types seen */
	size_t n_types;
	int types_asked;           /* RD_TYPES queued or in flight */
	time_t types_at;           /* when the account's were listed, 0 never */
	struct form_option *stages; /* lead stages seen */
	size_t n_stages;
	int stages_asked;          /* RD_STAGES queued or in flight */
	time_t stages_at;          /* when they were listed, 0 never */
	struct session_note *notes;
	size_t n_notes;
};

/* forms_run.c: forgets what the form was about (its record, known ids,
 * notices, draft key). */
void fk_reset_target(struct forms *fs);
/* forms_run.c: queues a read for the open form (ownership of job taken);
 * it is submitted when the one before it has landed. */
void forms_read(struct ui *ui, struct forms *fs, enum rkind kind, struct fetch_job *job);
/* Tells every pane that record id of resource changed (they read it again
 * when they show it). */
void forms_changed(struct ui *ui, const char *resource, long long id);

/* forms_check.c: a lost send across runs. */
/* Keeps the ids known before this send in the form (f->lost_known). */
void fk_keep_known(struct forms *fs);
/* The ids a restored draft's lost send knew, as fs->known: 1, or 0 when
 * the draft kept none (an older routedesk's). */
int fk_take_known(struct forms *fs);
/* Whether f's fields now send other pairs than its last send did. */
int fk_edited_since(const struct form *f);

/* forms_stale.c: the form's record changed by another hand. */
/* A stop's state as a dispatch form takes its values from it (f->base). */
void fk_stop_base(const struct m_appt *ap, struct strbuf *out);
/* What changed on the form's record since it took its values, appended to
 * out (translated): 1, or 0 when nothing did or nothing can tell. */
int fk_stale(struct ui *ui, const struct forms *fs, struct strbuf *out);
/* The form's base becomes the stop as now known: rec (read back by a
 * check), else the review's row.  At a send: what the dispatcher sent
 * over (with Y, past a change the preview named), so a lost send's check
 * compares with that, not with the stop as the form first took it. */
void fk_rebase(struct ui *ui, struct forms *fs, const cJSON *rec);
/* Sets the preview's warning: that change first, then the write's effects. */
void fk_preview_warning(struct ui *ui, struct forms *fs);
/* Brings the form's alert (editing) or the preview's warning up to what
 * the panes know now: 1 when it changed. */
int fk_stale_follow(struct ui *ui, struct forms *fs);
/* Says on the message line that the preview changed under the dispatcher. */
void fk_stale_say(struct ui *ui);
/* The form's record was read (fs->record, at open): the form's base when
 * it has none, else (a draft's base) the record as now known. */
void fk_stale_record(struct ui *ui, struct forms *fs);
/* An add-on form's item was chosen: its base is that item as the
 * record held it (none for a new one). */
void fk_stale_item(struct ui *ui, struct forms *fs);
/* RD_FRESH landed (or failed): the record as now known. */
void fk_stale_fresh(struct ui *ui, struct forms *fs, const struct fetch_result *r);

/* forms.c: the three forms. */
/* The selected row (or the detail's record) as a form's target; 0, or -1
 * with a message (forms_target.c). */
int fk_selection(struct ui *ui, struct target *t);
/* Builds the form of kind on t (NULL with a message shown when it cannot
 * be made there); fills fs->draft_key and fs->subtitle. */
struct form *fk_build(struct ui *ui, struct forms *fs, enum fkind kind, const struct target *t);
/* Queues the reads the new form needs. */
void fk_opened(struct ui *ui, struct forms *fs);
/* A read for the open form (or a cache) landed. */
void fk_read_done(struct ui *ui, struct forms *fs, enum rkind kind, struct fetch_result *r);
/* The user changed field i (a picker): fill what follows from it. */
void fk_changed(struct ui *ui, struct forms *fs, size_t i);
/* The resource read back after a write of kind (fetch_job_write's refetch). */
const char *fk_refetch(enum fkind kind);
/* "customer 10012" for the activity log (translated). */
void fk_record_text(const struct forms *fs, struct strbuf *out);
/* The integer value of field name, 0 when absent, empty or not a number. */
long long fk_field_ll(const struct form *f, const char *name);
/* 1 when a draft of a form of key_kind on t is kept (forms.c). */
int fk_draft_kept(const char *key_kind, const struct target *t);
/* The record's items (a ticket's "items", a subscription's "addOns"), or
 * NULL; and the key naming one ("itemID", "addOnID"). */
const cJSON *fk_items(const struct forms *fs);
const char *fk_item_key(const struct forms *fs);
/* The item of the record with that id, or NULL. */
const cJSON *fk_find_item(const struct forms *fs, long long id);
/* What an add-on does to its ticket that the dispatcher must confirm
 * explicitly, named with its amounts, into msg (translated): a negative
 * amount (a credit), or a ticket balance the add-on turns negative.
 * Nothing is written when neither. */
void fk_addon_effect(const struct forms *fs, struct strbuf *msg);
/* forms.c: the same for a lead stage: status 0 on a subscription that is
 * not a lead (an active customer's) turns it into one. */
void fk_lead_effect(const struct forms *fs, struct strbuf *msg);

/* The draft key "KIND-resource-id" and the subtitle of the form on t. */
void fk_key_and_subtitle(struct ui *ui, struct forms *fs, const char *key_kind,
                         const struct target *t);
/* The account's active employees as options of picker field (when known). */
void fk_employee_options(struct ui *ui, struct form *f, int field);

/* forms_dispatch.c: the stop's dispatch forms (move, cancel, complete). */
/* The kind of a dispatch action a on t: 0 with *kind, -1 with a message
 * (not a stop), 1 when a is not a dispatch action. */
int fd_kind(struct ui *ui, enum action a, const struct target *t, enum fkind *kind);
/* Builds the dispatch form of kind on the stop t, prefilled from the day's
 * review; NULL with a message when it cannot be made. */
struct form *fd_build(struct ui *ui, struct forms *fs, enum fkind kind, const struct target *t);
/* The write succeeded (r NULL after a check): the stop read back (row,
 * ownership taken, may be NULL) goes into the day's review. */
void fd_done(struct ui *ui, struct forms *fs, struct fetch_result *r, void *row);
/* After a lost answer: 1 applied, 0 not, -1 cannot tell (the stop as read
 * back in r->record). */
int fd_check_result(struct forms *fs, const struct fetch_result *r);
/* "stop 123" and what the write does to it (translated). */
void fd_record_text(const struct forms *fs, struct strbuf *out);

/* Adds an option to a session list, in id order (no duplicates; a name
 * fills a blank) (forms_lists.c). */
void fk_option_add(struct form_option **v, size_t *n, long long id, const char *label);

/* forms_lists.c: the lists kept for the session (kind RD_STAGES or
 * RD_TYPES), which the API cannot list: the account's records name them. */
/* Seconds a kept list is offered without a read; past them, the next form
 * reads it again (and offers the kept one meanwhile). */
#define FORMS_LIST_MAX_AGE (12 * 3600)
/* 1 once the account's list of kind was read (whatever its age). */
int fl_have(const struct forms *fs, enum rkind kind);
/* A form that offers the list opened: queues its search unless one is on
 * its way or the kept list is fresh. */
void fl_opened(struct ui *ui, struct forms *fs, enum rkind kind);
/* The kept list into the open form's picker (when it has that picker),
 * loading while the account's list is still to come. */
void fl_show(struct forms *fs, enum rkind kind);
/* The note types r's note rows name, into the kept list. */
void fl_note_types(struct forms *fs, const struct fetch_result *r);
/* The search of kind landed (or failed: r->err): kept, and shown. */
void fl_done(struct forms *fs, enum rkind kind, const struct fetch_result *r);

/* forms_check.c */
/* 1 when every sent pair that sets a field of res equals rec's. */
int fk_record_matches(const cJSON *rec, const struct resource *res, const struct api_form *sent);
/* The write succeeded (r may be NULL after a check): caches, the message,
 * the views. */
void fk_done(struct ui *ui, struct forms *fs, struct fetch_result *r);
/* The read that tells whether the unknown write was applied. */
struct fetch_job *fk_check_job(struct forms *fs);
/* 1 applied, 0 not applied, -1 cannot tell (r failed). */
int fk_check_result(struct forms *fs, const struct fetch_result *r);
/* A lost send that r's check found applied: the record it read back goes
 * to the office's share (ui->share; nothing without one), as the write's
 * own read-back would have. */
void fk_publish_checked(struct ui *ui, const struct forms *fs, const struct fetch_result *r);

#endif
