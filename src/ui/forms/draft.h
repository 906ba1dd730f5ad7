/* draft.h: what a dispatcher typed in a form, kept on disk until it is sent. */
#ifndef ROUTEDESK_UI_DRAFT_H
#define ROUTEDESK_UI_DRAFT_H

#include <time.h>

struct form;
struct strbuf;

/*
 * A draft is the text of a form's editable fields, saved when the form
 * closes without sending (Esc, Cancel, quitting, a refusal, an unknown
 * outcome) and restored when the same form is opened on the same record,
 * in this run or the next.  It is removed once the write is known to have
 * been applied.  Files live in $XDG_STATE_HOME/routedesk/drafts/ (default
 * ~/.local/state/routedesk/drafts/), the directory 0700 and each file 0600:
 * a note may hold a gate code.
 *
 * A key names the form and its record ("note-customer-10012",
 * "addon-ticket-20003"); only [A-Za-z0-9_-] are kept in the file name.
 * The file is text: a first line "routedesk-draft 1", "saved=EPOCH", then
 * "NAME=VALUE" per field with backslash, CR and LF escaped (\\ \r \n).
 * A draft whose last send had an unknown outcome (the answer was lost) also
 * holds "lost-sent=EPOCH" and "lost-path=OPERATION" (the form's lost_at
 * and lost_path), so that a later run shows it and asks before resending,
 * and "lost-pair=NAME=VALUE" per parameter that went out (f->sent), which
 * the check looks for: the fields may have been edited since, and a check
 * of the edited text found "not applied" and sent a second one.
 * "lost-known=ID ID..." names the records (notes, add-on items) that
 * existed before that send, so that its check does not take an older one
 * with the same values for it.
 * "form-base=TEXT" is the record as the form's values were taken from it
 * (f->base), so that a draft restored later still tells what changed.
 */

/* The drafts directory (malloc'd), or NULL when neither XDG_STATE_HOME
 * nor HOME is set. */
char *draft_dir(void);
/* Saves f's editable fields (and its lost send, if any) under key (made
 * 0600, written through a temporary file and rename).  0, or -1 with "PATH: reason" in err. */
int draft_save(const char *key, const struct form *f, struct strbuf *err);
/* Restores the draft of key into f's fields of the same names (others are
 * left as they are; fields the file does not name keep their value) and
 * its lost send into f->lost_at, f->lost_path and f->sent.
 * 1 restored (*saved, when not NULL, gets its time), 0 no draft, -1 an
 * unreadable file (err says why; the file is left for the user). */
int draft_load(const char *key, struct form *f, time_t *saved, struct strbuf *err);
/* 1 when a draft of key is on disk (readable or not), else 0. */
int draft_exists(const char *key);
/* Removes the draft of key: 0 (also when there was none), -1 on failure. */
int draft_remove(const char *key);

/* The drafts on disk, for the start to say they are there: their keys
 * (file names), comma-separated, appended to lost (those whose last send
 * had an unknown outcome; *n_lost of them) or to kept (the others).
 * Returns how many in all. */
struct strbuf;
size_t draft_kept(struct strbuf *lost, struct strbuf *kept, size_t *n_lost);

/* Small remembered choices next to the drafts ("note_type" -> "14"):
 * get appends the value to out and returns 0, or -1 when unset. */
int draft_pref_get(const char *name, struct strbuf *out);
int draft_pref_set(const char *name, const char *value);

#endif
