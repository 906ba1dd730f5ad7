/* forms.h: the console's write forms (A note, + add-on, L lead stage, M X D dispatch) as the UI core calls them. */
#ifndef ROUTEDESK_UI_FORMS_H
#define ROUTEDESK_UI_FORMS_H

#include <stdio.h>

#include "fetch/fetch.h"
#include "ui/base/action.h"

struct ui;
struct view;

/*
 * Design: one form at a time, modal, drawn in the body of the screen in
 * place of the current pane.  The state lives in ui->forms (created on
 * first use, freed by forms_quit).  Every write goes through the fetch
 * thread on FETCH_SLOT_WRITE, and so do the few reads a form makes (its
 * record, the note types and lead stages seen, the product list, a check
 * after a lost answer), one at a time: the core hands every result of that
 * slot to forms_result.  A write is handed to the fetch thread only by `y`
 * in the preview, once; its outcome lands in the activity log (:log) and
 * the exit summary.  --readonly: forms_action refuses, nothing else opens.
 */

/* A write action on the selected row of the current pane: ACT_ADD_NOTE on
 * a customer, stop, subscription, ticket or note (a note of this session
 * is edited), ACT_ADD_ON on a ticket or subscription, ACT_LEAD_STAGE on a
 * subscription, ACT_MOVE_STOP, ACT_CANCEL_STOP and ACT_COMPLETE_STOP on a
 * stop (Stops, Timeline, a stop's detail).  Elsewhere (or read-only) a
 * message says why not. */
void forms_action(struct ui *ui, enum action a);
/* 1 while a form is open. */
int forms_active(const struct ui *ui);
/* Non-zero when the open form's focus is a field that takes typed text
 * (not a picker, a flag, the preview or Cancel), in editing: what is typed
 * there changes the text only, never the selection or the server.  2 when
 * that field takes several lines (Enter is a newline). */
int forms_typing(const struct ui *ui);
/* 1 while the forms wait for a fetch result (a read or a write). */
int forms_busy(const struct ui *ui);
/* Gives key (normalised) to the open form: 1 when taken (every key but
 * C-l while a form is open), 0 when no form is open. */
int forms_key(struct ui *ui, int key);
/* Draws the open form into (y, x, h, w) of stdscr and sets *cy, *cx to
 * where the cursor belongs: 1; 0 (nothing drawn) when no form is open. */
int forms_draw(struct ui *ui, int y, int x, int h, int w, int *cy, int *cx);
/* A result of FETCH_SLOT_WRITE (the caller frees r afterwards). */
void forms_result(struct ui *ui, struct fetch_result *r);
/* The panes' data changed (r: a review, a refresh): an open form whose
 * record changed since it took its values says so, whether the review
 * holds the record (a stop) or r names it (the share's written/ read-back,
 * the changelog) (forms_stale.c). */
void forms_follow(struct ui *ui, const struct fetch_result *r);
/* The :log view of the session's writes. */
struct view *forms_log_view(struct ui *ui);
/* draft_kept's comma-separated keys in words ("a note on customer
 * 10000, a lead stage on subscription 8"), appended to out. */
struct strbuf;
void forms_draft_names(const char *keys, struct strbuf *out);
/* At exit, after the terminal is restored: keeps the open form's draft,
 * prints one line per write of the session to out (nothing when there
 * were none), frees ui->forms.  Returns the number of writes whose
 * outcome is not known. */
size_t forms_quit(struct ui *ui, FILE *out);


#endif
