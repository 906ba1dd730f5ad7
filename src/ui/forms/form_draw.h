/* form_draw.h: a form on the screen: drawing it in curses and what each key does to it. */
#ifndef ROUTEDESK_UI_FORM_DRAW_H
#define ROUTEDESK_UI_FORM_DRAW_H

struct form;

/* How a form looks: curses attributes (attr_t) from the theme, the
 * terminal's abilities, and the lines the controller adds. */
struct form_look {
	unsigned long normal, title, label, field, focus, error, dim, preview;
	int ascii, utf8;
	const char *subtitle;  /* after the title ("customer 10012 · Smith, John"), or NULL */
	const char *notice;    /* one remark ("Draft restored from 10:42"), or NULL */
	const char *alert;     /* a warning shown in the error style under the
	                        * title when there is no other message, or NULL */
	const char *sending;   /* while sending, in place of its last line (keys
	                        * typed meanwhile kept), or NULL */
};

/* Draws f into the rectangle (y, x, h, w) of stdscr, every cell of it;
 * *cy, *cx get where the terminal's cursor belongs (the focused field's
 * insertion point, else the focused button). */
void form_draw(const struct form *f, int y, int x, int h, int w, const struct form_look *look,
               int *cy, int *cx);

/* What a key asks of the form's controller (src/ui/forms/forms.c). */
enum form_key {
	FK_NONE,     /* handled inside the form (moved, typed): redraw */
	FK_IGNORED,  /* means nothing in this state */
	FK_CLOSE,    /* Esc: close, keeping a draft */
	FK_DISCARD,  /* Cancel, confirmed with y (or nothing typed): close and
	              * remove the draft */
	FK_PREVIEW,  /* the Preview button: validate and show the preview */
	FK_SEND,     /* y in the preview (Y when it carries a warning) */
	FK_WARNED,   /* y on a preview with a warning: only Y sends it */
	FK_BUSY,     /* y while sending or after an unknown outcome: nothing sent */
	FK_CHECK,    /* c after an unknown outcome, or in the preview of a
	              * draft whose last send was lost (f->lost_at) */
	FK_REDRAW,   /* C-l */
	FK_QUIT,     /* Q where no text is typed (preview, sending, outcome,
	              * a button, a yes/no field) */
	FK_PICK_ONLY, /* a letter on a list field that was chosen or checked:
	              * nothing typed, the controller says how to choose */
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
