/* form_draw.h: a form on the screen: drawing it in curses. */
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

#endif
