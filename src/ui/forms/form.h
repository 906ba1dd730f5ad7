/* form.h: a write form's model: fields from the resource table, validation, preview, submit states. */
#ifndef ROUTEDESK_UI_FORM_H
#define ROUTEDESK_UI_FORM_H

#include <stddef.h>

#include "api/encode.h"
#include "api/error.h"
#include "common/resources.h"
#include "common/strbuf.h"

/*
 * Design: a form is pure data (no curses, no network), so every rule a
 * dispatcher relies on is unit-tested without a terminal:
 *
 * - Fields come from the resource table's write params (name, type, the
 *   REQUIRED mark on create), or are declared by hand for the specials the
 *   table has no params for (updateLeadStage).  A value is the text as
 *   typed; nothing is converted until the preview.
 * - Validation names the field at fault ("Amount: '12,5' is not an
 *   amount"), field by field as the user types, then the form's own rule
 *   across fields (a negative amount cannot be taxable).
 * - The preview is the exact list of pairs that will be sent (the api_form
 *   the encoder gets; the credentials are added by the encoder, never here).
 * - Sending is a state machine, so "sent at most once per y" is a property
 *   of the model:
 *
 *     EDITING --confirm--> CONFIRM --send (y)--> SENDING --ok--> DONE
 *        ^  <----back-------'                       |
 *        |  <--refused (text and message kept)------+
 *        |                                          '--answer lost--> UNKNOWN
 *        '--check: not applied-- CHECKING <--check (c)------------------'
 *                                    '--check: applied--> DONE
 *
 *   form_send() answers -1 in every state but CONFIRM: a second y while
 *   sending, or y after an unknown outcome, sends nothing.
 */

enum form_type {
	FT_TEXT,   /* one line of free text */
	FT_LINES,  /* several lines: Enter adds a line */
	FT_INT,    /* a whole number */
	FT_MONEY,  /* an amount: "12.50", "-3"; sent as "12.50" / "-3.00" */
	FT_BOOL,   /* "1" or "0" (never empty) */
	FT_PICK,   /* an id: one of the options, or typed as a number */
	FT_FIXED,  /* set by the form (the record written): shown, never edited */
	FT_TIME,   /* a time of day typed "9:30" or "09:30"; sent "09:30:00", or
	            * "DAY 09:30:00" when the field has a day (a datetime) */
};

enum {
	FF_REQUIRED = 1u << 0, /* may not be empty */
	FF_NOSEND = 1u << 1,   /* a helper (product picker of an initial add-on): not sent */
	FF_CHOICE = 1u << 2,   /* FT_PICK: only the listed options */
	FF_MIN = 1u << 3,      /* FT_INT: at least field->min */
	FF_OMIT0 = 1u << 4,    /* FT_PICK: 0 means "none" and is not sent */
	FF_TOUCHED = 1u << 5,  /* the user changed or left it: its errors show */
	FF_PICKED = 1u << 6,   /* FT_PICK: its value was chosen from the list
	                        * (Space, Left, Right): a number typed next
	                        * replaces it rather than adding digits */
};

struct form_option {
	long long id;
	char *label;           /* malloc'd, raw API text (escaped when drawn) */
};

struct form_field {
	char *name;            /* the parameter as sent: "contactType" */
	const char *label;     /* N_(), translated when shown */
	enum form_type type;
	unsigned flags;
	long long min;         /* with FF_MIN */
	struct strbuf text;    /* the value as typed (UTF-8) */
	size_t cur;            /* cursor: byte offset into text */
	char *initial;         /* the value it opened with (drafts keep changes only) */
	struct form_option *opts;
	size_t n_opts;
	int loading;           /* FT_PICK: the options are on their way */
	char day[11];          /* FT_TIME: "YYYY-MM-DD" sent before the time, or "" */
};

enum form_state {
	FORM_EDITING,
	FORM_CONFIRM,   /* the preview is shown; y sends */
	FORM_SENDING,   /* one write in flight: y does nothing */
	FORM_DONE,
	FORM_UNKNOWN,   /* the answer was lost: never resent blindly */
	FORM_CHECKING,  /* reading the record back after an unknown outcome */
};

/* What an error shown in EDITING says about the write. */
enum form_why {
	FW_UNSURE,   /* not sent, or refused: the client cannot tell which */
	FW_REFUSED,  /* the service answered and refused (success:false) */
	FW_NOT_SENT, /* it never left (not connected, refused by the client) */
	FW_CHECKED,  /* a check after a lost answer found it not applied */
};

/* A y/N question the form asks before a key takes effect (form_key). */
enum form_ask {
	FA_NONE,
	FA_RESEND,   /* y in the preview of a form whose last send was lost */
	FA_DISCARD,  /* Cancel: throw the text and its draft away */
};

struct form {
	char *path;            /* "note/create": may change (new item vs edit) */
	char *title;           /* malloc'd, already translated */
	struct form_field *fields;
	size_t n;
	size_t focus;          /* 0..n-1 a field; n Preview; n+1 Cancel */
	enum form_state state;
	/* The rule across fields: the index of the field at fault with a
	 * message (naming it) appended to msg, or -1 when it holds. */
	int (*rule)(const struct form *f, struct strbuf *msg);
	char *error;           /* the last refusal or check message (malloc'd), or NULL */
	struct api_form sent;  /* what the last y sent (kept for the check) */
	long long written_id;  /* from the answer, on DONE */
	unsigned sends;        /* writes handed out by form_send: tests count them */
	int preview_top;       /* first wrapped row of the preview shown (Up/Down scroll) */
	char *warning;         /* an effect the preview names and only Y confirms
	                        * (a credit, a negative balance), or NULL */
	enum form_why why;     /* what f->error is, in EDITING */
	/* A send whose answer was lost (kept in the draft across runs): it
	 * may be applied already, so the preview says so and y asks again
	 * before the form is sent a second time.  0 when none. */
	long long lost_at;     /* when it was sent (epoch seconds) */
	char lost_path[64];    /* where it went ("note/create") */
	enum form_ask ask;     /* the y/N question on screen, if any */
	/* The record as the form's values were taken from it (a text its
	 * kind makes: a stop's route, day, window and status), or NULL.
	 * Kept in the draft: another hand's change since is shown before
	 * this form is sent over it (forms_stale.c). */
	char *base;
	/* The ids of the records (notes, add-on items) that existed before
	 * the lost send, space-separated, or NULL when not known: its check
	 * in a later run must not take an older record for the send's own
	 * (kept in the draft with the lost send). */
	char *lost_known;
	/* The lost send's pairs while a send after it is on its way: should
	 * that one be refused, the lost send is still the one of unknown
	 * outcome, and its check looks for these (form_outcome puts them
	 * back in f->sent); should its answer be lost too, the check looks
	 * for either (fk_check_result). */
	struct api_form lost_sent;
};

/* Focus positions after the fields. */
#define FORM_PREVIEW(f) ((f)->n)
#define FORM_CANCEL(f) ((f)->n + 1)

/* A new form for path (copied) titled title (copied, already translated);
 * state EDITING, focus on Cancel until form_add_field adds the first field
 * that is not FT_FIXED, then on that field.  Free with form_free. */
struct form *form_new(const char *path, const char *title);
void form_free(struct form *f);
void form_set_path(struct form *f, const char *path);

/* Adds the write parameter `param` of resource res as a field, its type from
 * the table (RT_INT -> FT_INT, RT_NUM -> FT_MONEY, RT_TEXT -> FT_TEXT,
 * RT_BOOL -> FT_BOOL) unless as is given (not -1: FT_LINES, FT_PICK,
 * FT_BOOL for a 0/1 int, FT_FIXED), and FF_REQUIRED when the table marks
 * it required and create is 1.  The param must exist and be accepted by
 * that operation (RP_CREATE / RP_UPDATE).  Returns the field's index, or -1
 * (nothing added) when the table has no such param for it. */
int form_add_param(struct form *f, const struct resource *res, const char *param,
                   const char *label, int as, int create);
/* Adds a field the table does not describe (special operations).  Index. */
int form_add_field(struct form *f, const char *name, const char *label, enum form_type type,
                   unsigned flags);
/* The field named name, or -1. */
int form_find(const struct form *f, const char *name);
struct form_field *form_field(struct form *f, const char *name);

/* Sets a field's text (copied; NULL as ""), cursor at the end.  With
 * initial 1 it also becomes the field's opening value. */
void form_set(struct form *f, size_t i, const char *text, int initial);
void form_setf(struct form *f, size_t i, int initial, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* The field's text, never NULL. */
const char *form_text(const struct form *f, size_t i);
/* Replaces a picker's options (labels copied) and clears its loading mark. */
void form_set_options(struct form *f, size_t i, const struct form_option *opts, size_t n);
void form_add_option(struct form *f, size_t i, long long id, const char *label);
/* The label of the option the picker's value names, or NULL. */
const char *form_option_label(const struct form *f, size_t i);
/* 1 when some editable field differs from its opening value. */
int form_changed(const struct form *f);

/* Editing the focused field (nothing happens on a button, a FT_FIXED or in
 * any state but EDITING).  1 when the text changed.  Text inserted into a
 * picker not yet touched replaces its value (a default, not typed). */
int form_insert(struct form *f, const char *s, size_t len);
int form_backspace(struct form *f);
int form_delete(struct form *f);
int form_kill(struct form *f);          /* clears the field (C-u) */
int form_newline(struct form *f);       /* FT_LINES only */
int form_toggle(struct form *f);        /* FT_BOOL */
/* FT_PICK: the next (dir 1) or previous (-1) option, wrapping. */
int form_pick_step(struct form *f, int dir);
/* The cursor: dir -1/1 by one character; home/end of the line. */
void form_cursor_move(struct form *f, int dir);
void form_cursor_home(struct form *f);
void form_cursor_end(struct form *f);
/* FT_LINES: to the previous/next line, keeping the character column.
 * 0 when there is no such line (the caller may move focus instead). */
int form_cursor_line(struct form *f, int dir);
/* Focus: next/previous focusable position (fields that are not FT_FIXED,
 * Preview, Cancel), wrapping.  The field left is marked touched. */
void form_focus_step(struct form *f, int dir);
void form_focus_set(struct form *f, size_t pos);

/* The error of field i: 0 when it is valid, else -1 with a message naming
 * the field appended to msg (may be NULL). */
int form_field_check(const struct form *f, size_t i, struct strbuf *msg);
/* The first field at fault (fields in order, then the rule), with its
 * message in msg; -1 when the form is valid.  With touched_only 1 only
 * fields marked touched are checked (as the user types). */
int form_validate(const struct form *f, int touched_only, struct strbuf *msg);
/* The rule of add-on forms: a negative amount cannot be taxable (fields
 * "amount" and "taxable"). */
int form_rule_negative_taxable(const struct form *f, struct strbuf *msg);
/* form_time.c: the rule of forms with times of day: "end" after "start",
 * "timeOut" after "timeIn", when both of a pair are valid times. */
int form_rule_time_order(const struct form *f, struct strbuf *msg);

/* Appends exactly the pairs that will be sent, in field order: FT_FIXED
 * always, FT_BOOL always ("0"/"1"), others when not empty; amounts and
 * times in canonical form; FF_NOSEND fields and FF_OMIT0 pickers at 0 left out.
 * Call only on a valid form. */
void form_pairs(const struct form *f, struct api_form *out);
/* The preview: "path" then one "  name=value" line per pair; a value's
 * later lines are indented under its first. */
void form_preview_text(const struct form *f, const struct api_form *pairs, struct strbuf *out);

/* EDITING -> CONFIRM when the form is valid: 0; else -1 with the message
 * in msg and focus on the field at fault (every field marked touched). */
int form_confirm(struct form *f, struct strbuf *msg);
/* CONFIRM -> EDITING (n or Esc in the preview). */
void form_back(struct form *f);
/* An effect of the write the preview must name and only an explicit Y
 * confirms (copied; NULL or "" for none).  form_back clears it. */
void form_set_warning(struct form *f, const char *msg);
/* Sets (a copy of) or clears f->base. */
void form_set_base(struct form *f, const char *base);
/* CONFIRM -> SENDING: the pairs to send appended to out (and kept in
 * f->sent; a lost send's pairs are kept aside meanwhile, f->lost_sent);
 * 0.  In any other state -1 and nothing appended. */
int form_send(struct form *f, struct api_form *out);
/* The answer to the write (SENDING only; ignored otherwise): API_OK ->
 * DONE with id; API_ERR_UNKNOWN_OUTCOME, API_ERR_DECODE and
 * API_ERR_CANCELLED -> UNKNOWN (it may have been applied); any other
 * (refused, over quota, not sent) -> EDITING with every character kept,
 * the message in f->error and what it is in f->why, and f->sent the lost
 * send's again when there was one (f->lost_at).  Returns the new state. */
enum form_state form_outcome(struct form *f, const struct api_error *err, long long id);
/* UNKNOWN -> CHECKING: 0, else -1. */
int form_check_begin(struct form *f);
/* CHECKING -> DONE (applied 1), EDITING with msg "not applied" (0: y may
 * send it again), or UNKNOWN again (-1: the check failed). */
enum form_state form_check_end(struct form *f, int applied, const char *msg);

#endif
