/* form_keys.c: what each key does to a form, in its editing and preview states. */
#include "config.h"

#include <stdint.h>
#include <string.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "api/values.h"
#include "common/utf8.h"
#include "ui/base/action.h"
#include "ui/forms/form.h"
#include "ui/forms/form_keys.h"

/* The form's first field of free text, or -1: where typing belongs. */
static int text_field(const struct form *f)
{
	for (size_t i = 0; i < f->n; i++)
		if (f->fields[i].type == FT_LINES || f->fields[i].type == FT_TEXT)
			return (int)i;
	return -1;
}

/* Cancel: throws the text away, so it asks first when there is any (or
 * a lost send to forget); Esc is the way to close and keep it. */
static enum form_key cancel_key(struct form *f)
{
	if (!form_changed(f) && !f->lost_at)
		return FK_DISCARD;
	f->ask = FA_DISCARD;
	return FK_NONE;
}

static enum form_key editing_key(struct form *f, int key)
{
	struct form_field *fd = f->focus < f->n ? &f->fields[f->focus] : NULL;
	int on_button = !fd, k;

	if (f->ask == FA_DISCARD) {
		/* Only y discards: Enter, n, Esc and anything else keep it. */
		if (key == 12)
			return FK_REDRAW;
		f->ask = FA_NONE;
		return key == 'y' || key == 'Y' ? FK_DISCARD : FK_NONE;
	}
	/* Outside the fields (a button, a yes/no field) Q quits, as
	 * everywhere; a draft keeps what was typed. */
	if (key == 'Q' && (on_button || fd->type == FT_BOOL))
		return FK_QUIT;
	switch (key) {
	case 27:
		return FK_CLOSE;
	case '\t':
		form_focus_step(f, 1);
		return FK_NONE;
	case KEYF | KEY_BTAB:
		form_focus_step(f, -1);
		return FK_NONE;
	case 12: /* C-l */
		return FK_REDRAW;
	case '\n':
		if (on_button)
			return f->focus == FORM_PREVIEW(f) ? FK_PREVIEW : cancel_key(f);
		if (fd->type == FT_LINES)
			form_newline(f);
		else
			form_focus_step(f, 1);
		return FK_NONE;
	case ' ':
		if (on_button)
			return f->focus == FORM_PREVIEW(f) ? FK_PREVIEW : cancel_key(f);
		if (fd->type == FT_BOOL)
			form_toggle(f);
		else if (fd->type == FT_PICK && (!fd->text.len || api_parse_ll(fd->text.buf, &(long long){ 0 }) == 0))
			form_pick_step(f, 1);
		else
			form_insert(f, " ", 1);
		return FK_NONE;
	case KEYF | KEY_DOWN:
		if (!fd || !form_cursor_line(f, 1))
			form_focus_step(f, 1);
		return FK_NONE;
	case KEYF | KEY_UP:
		if (!fd || !form_cursor_line(f, -1))
			form_focus_step(f, -1);
		return FK_NONE;
	case KEYF | KEY_LEFT:
	case KEYF | KEY_RIGHT: {
		int dir = key == (KEYF | KEY_LEFT) ? -1 : 1;

		if (on_button)
			form_focus_set(f, f->focus == FORM_PREVIEW(f) ? FORM_CANCEL(f) : FORM_PREVIEW(f));
		else if (fd->type == FT_PICK)
			form_pick_step(f, dir);
		else if (fd->type == FT_BOOL)
			form_toggle(f);
		else
			form_cursor_move(f, dir);
		return FK_NONE;
	}
	case KEYF | KEY_HOME:
	case 1: /* C-a */
		form_cursor_home(f);
		return FK_NONE;
	case KEYF | KEY_END:
	case 5: /* C-e */
		form_cursor_end(f);
		return FK_NONE;
	case KEYF | KEY_BACKSPACE:
		form_backspace(f);
		return FK_NONE;
	case KEYF | KEY_DC:
	case 4: /* C-d */
		form_delete(f);
		return FK_NONE;
	case 21: /* C-u */
		form_kill(f);
		return FK_NONE;
	default:
		break;
	}
	if (key >= 0x20 && !(key & KEYF) && key != 0x7f && fd) {
		char buf[4];
		size_t n = utf8_encode((uint32_t)key, buf);

		if (fd->type == FT_BOOL) {
			/* y/1 and n/0 set a yes/no field directly. */
			if (key != 'y' && key != '1' && key != 'n' && key != '0')
				return FK_NOT_TEXT;
			if ((key == 'y' || key == '1') != (strcmp(form_text(f, f->focus), "1") == 0))
				form_toggle(f);
			return FK_NONE;
		}
		/* A letter is no choice: it is the start of a text typed at
		 * once, which goes where text goes rather than being lost to
		 * a picker (that Space would then step away). */
		if (fd->type == FT_PICK && !(key >= '0' && key <= '9') && key != '-' &&
		    (k = text_field(f)) >= 0) {
			if (fd->flags & FF_TOUCHED)
				return FK_PICK_ONLY;
			f->focus = (size_t)k;
			form_cursor_end(f);
		}
		if (n)
			form_insert(f, buf, n);
		return FK_NONE;
	}
	/* A button takes no text: what was typed on it is said, not dropped
	 * without a word (Tab once too often, and a time typed was gone). */
	if (key >= 0x20 && !(key & KEYF) && key != 0x7f)
		return FK_NOT_TEXT;
	return FK_IGNORED;
}

/* The preview's keys: y sends (Y when it names an effect), n, Esc and
 * Enter go back.  After a lost send, y asks once more (only Y then
 * sends) and c checks. */
static enum form_key confirm_key(struct form *f, int key)
{
	int yes = key == 'Y' || (key == 'y' && !f->warning);

	if (f->ask == FA_RESEND) {
		/* A second write takes a capital Y, warning or not: a y
		 * typed twice out of the plain preview's habit is no
		 * consent to writing the same thing again. */
		if (key == 'Y') {
			f->ask = FA_NONE;
			return FK_SEND;
		}
		if (key == 'y')
			return FK_WARNED;
		if (key == 12)
			return FK_REDRAW;
		f->ask = FA_NONE;
		/* No, the default: back to the form, nothing sent. */
		form_back(f);
		return FK_NONE;
	}
	/* Two sends of unknown outcome already (a resend lost too): the
	 * check looks for either, not for a third, so a third waits for it. */
	if ((yes || key == 'y') && f->lost_at && f->lost_sent.n)
		return FK_CHECK_FIRST;
	if (yes && f->lost_at) {
		f->ask = FA_RESEND;
		return FK_NONE;
	}
	if (yes)
		return FK_SEND;
	if (key == 'y')
		return FK_WARNED;
	if ((key == 'c' || key == 'C') && f->lost_at)
		return FK_CHECK;
	/* The preview scrolls; drawing keeps it within the text. */
	if (key == (KEYF | KEY_DOWN) || key == (KEYF | KEY_NPAGE)) {
		f->preview_top += key == (KEYF | KEY_DOWN) ? 1 : 10;
		return FK_NONE;
	}
	if (key == (KEYF | KEY_UP) || key == (KEYF | KEY_PPAGE)) {
		f->preview_top -= key == (KEYF | KEY_UP) ? 1 : 10;
		if (f->preview_top < 0)
			f->preview_top = 0;
		return FK_NONE;
	}
	/* Enter takes the default, which is not to send. */
	if (key == 'n' || key == 'N' || key == 27 || key == '\n' || key == (KEYF | KEY_BACKSPACE)) {
		form_back(f);
		return FK_NONE;
	}
	return key == 12 ? FK_REDRAW : FK_IGNORED;
}

enum form_key form_key(struct form *f, int key)
{
	/* Outside the fields Q means quit, as everywhere: a slow write must
	 * not hold the program (it ends at once, the write's outcome told). */
	if (f->state != FORM_EDITING && key == 'Q')
		return FK_QUIT;
	switch (f->state) {
	case FORM_EDITING:
		return editing_key(f, key);
	case FORM_CONFIRM:
		/* A preview that names an effect (a credit, a negative balance)
		 * is sent by a deliberate Y only, never by a reflexive y. */
		return confirm_key(f, key);
	case FORM_SENDING:
	case FORM_CHECKING:
		return key == 'y' || key == 'Y' ? FK_BUSY : key == 12 ? FK_REDRAW : FK_IGNORED;
	case FORM_UNKNOWN:
		if (key == 'c' || key == 'C')
			return FK_CHECK;
		if (key == 27)
			return FK_CLOSE;
		return key == 'y' || key == 'Y' ? FK_BUSY : key == 12 ? FK_REDRAW : FK_IGNORED;
	case FORM_DONE:
		return FK_CLOSE;
	}
	return FK_IGNORED;
}
