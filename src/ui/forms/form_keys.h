/* form_keys.h: what each key does to a form, and what it asks of the form's controller. */
#ifndef ROUTEDESK_UI_FORM_KEYS_H
#define ROUTEDESK_UI_FORM_KEYS_H

struct form;

/* What a key asks of the form's controller (src/ui/forms/forms.c). */
enum form_key {
	FK_NONE,     /* handled inside the form (moved, typed): redraw */
	FK_IGNORED,  /* means nothing in this state */
	FK_CLOSE,    /* Esc: close, keeping a draft */
	FK_DISCARD,  /* Cancel, confirmed with y (or nothing typed): close and
	              * remove the draft */
	FK_PREVIEW,  /* the Preview button: validate and show the preview */
	FK_SEND,     /* y in the preview (Y when it carries a warning) */
	FK_WARNED,   /* y on a preview with a warning, or asking to resend: only Y sends */
	FK_BUSY,     /* y while sending or after an unknown outcome: nothing sent */
	FK_CHECK,    /* c after an unknown outcome, or in the preview of a
	              * draft whose last send was lost (f->lost_at) */
	FK_CHECK_FIRST, /* y in the preview while two sends are of unknown
	              * outcome (f->lost_sent): nothing sent before c checks */
	FK_REDRAW,   /* C-l */
	FK_QUIT,     /* Q where no text is typed (preview, sending, outcome,
	              * a button, a yes/no field) */
	FK_PICK_ONLY, /* a letter on a list field that was chosen or checked:
	              * nothing typed, the controller says how to choose */
	FK_NOT_TEXT, /* a character typed on a button or a yes/no field (other
	              * than its y/n/1/0): nothing typed, the controller says
	              * where typing goes */
};

/* Applies key (as action_key_normalize gives it: a code point, or KEYF |
 * a curses KEY_ code) to f: Tab / Shift-Tab move, Enter adds a line in a
 * text of several lines (elsewhere moves on, or presses the button), Space
 * toggles and picks, Left/Right choose in a picker, Esc closes, `y` in the
 * preview sends.  A letter typed into a picker still at its default goes
 * to the form's first text field (focus moves there): text typed at once
 * is never dropped.  On a picker the user chose in, or that a failed
 * Preview sent the focus to, a letter is FK_PICK_ONLY: a `y` pressed to
 * send there was added to the note's text.  Two
 * keys ask y/N first (f->ask, Enter and anything but y meaning no): Cancel
 * when there is text to throw away, and y in the preview of a form whose
 * last send was lost.  Enter in the preview goes back (the default). */
enum form_key form_key(struct form *f, int key);

#endif
