/* form_draw.c: a form drawn in curses (fields, wrapped text, preview, outcome). */
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
#include "common/utf8.h"
#include "ui/base/action.h"
#include "ui/forms/form.h"
#include "ui/forms/form_draw.h"
#include "ui/base/list.h"

#define LABEL_MAX 22
#define LINES_ROWS 6   /* rows of a text of several lines, when they fit */
#define MESSAGE_ROWS 3 /* rows of a warning or an alert at most */

/*
 * Layout of the rectangle, top to bottom:
 *   title (and subtitle)
 *   the refusal or outcome message, when there is one
 *   fields: "> Label *  [value]  option label", a text of several lines as
 *           a block of rows wrapped to the width
 *   the first validation message, or the notice
 *   [ Preview ]  [ Cancel ]
 *   the keys of this state
 * The preview replaces the fields once Preview is pressed.  When the
 * fields do not fit, they scroll to keep the focused one in view.
 */

struct ctx {
	const struct form_look *lk;
	int y, x, h, w;
	int row;            /* next row to draw, relative to y */
	int cy, cx;
};

static size_t clen(const char *s)
{
	unsigned char c = (unsigned char)*s;

	if (c < 0x80)
		return 1;
	if ((c & 0xe0) == 0xc0)
		return s[1] ? 2 : 1;
	if ((c & 0xf0) == 0xe0)
		return s[1] && s[2] ? 3 : 1;
	return s[1] && s[2] && s[3] ? 4 : 1;
}

/* Display width of raw text as list_fit shows it (escaped). */
static int disp_width(const char *s, size_t len, int utf8)
{
	struct strbuf esc = STRBUF_INIT;
	int w = 0;

	utf8_escape_controls(&esc, s, len);
	if (esc.buf) {
		if (utf8) {
			w = (int)utf8_width(esc.buf, esc.len);
		} else {
			for (size_t i = 0; i < esc.len; i += clen(esc.buf + i))
				w++;
		}
	}
	strbuf_free(&esc);
	return w;
}

static void put(struct ctx *c, int row, int col, int width, const char *s, size_t len,
                unsigned long attr)
{
	struct strbuf sb = STRBUF_INIT;

	if (row < 0 || row >= c->h || col >= c->w || width <= 0)
		return;
	if (col + width > c->w)
		width = c->w - col;
	list_fit(&sb, s, len, width, 0, c->lk->ascii, c->lk->utf8);
	attrset((attr_t)attr);
	mvaddstr(c->y + row, c->x + col, strbuf_str(&sb));
	strbuf_free(&sb);
}

static void puts_at(struct ctx *c, int row, int col, int width, const char *s, unsigned long attr)
{
	put(c, row, col, width, s, strlen(s), attr);
}

static void line(struct ctx *c, const char *s, unsigned long attr)
{
	puts_at(c, c->row++, 0, c->w, s, attr);
}

static int label_width(const struct form *f, int w)
{
	int lw = 0;

	for (size_t i = 0; i < f->n; i++) {
		const char *l = _(f->fields[i].label);
		int n = disp_width(l, strlen(l), 1) + 2;

		if (n > lw)
			lw = n;
	}
	if (lw > LABEL_MAX)
		lw = LABEL_MAX;
	return lw < w / 3 ? lw : w / 3;
}

/* ------------------------------------------------------- wrapped text */

struct seg {
	size_t start, len;
};

/* Cuts text into rows of at most width columns (at a space when one is
 * in the row), each logical line starting a row.  *n segments malloc'd;
 * *crow and *ccol: where byte offset cur falls. */
static struct seg *wrap(const char *s, size_t len, int width, int utf8, size_t cur, size_t *n,
                        int *crow, int *ccol)
{
	struct seg *v = NULL;
	size_t count = 0, i = 0;

	*crow = *ccol = 0;
	if (width < 2)
		width = 2;
	for (;;) {
		size_t start = i, last_space = (size_t)-1;
		int used = 0;

		while (i < len && s[i] != '\n') {
			size_t k = clen(s + i);
			int cw = disp_width(s + i, k, utf8);

			if (used + cw > width)
				break;
			if (s[i] == ' ')
				last_space = i + 1;
			used += cw;
			i += k;
		}
		if (i < len && s[i] != '\n' && last_space != (size_t)-1 && last_space > start)
			i = last_space;
		v = xrealloc(v, (count + 1) * sizeof(*v));
		v[count].start = start;
		v[count].len = i - start;
		if (cur >= start && (cur < i || (cur == i && (i >= len || s[i] == '\n')))) {
			*crow = (int)count;
			*ccol = disp_width(s + start, cur - start, utf8);
		}
		count++;
		if (i < len && s[i] == '\n')
			i++;
		else if (i >= len)
			break;
	}
	*n = count;
	return v;
}

/* A message of the form (a warning, an alert) in at most max rows of the
 * width, wrapped at spaces; what is left after them is cut with an
 * ellipsis.  A warning the dispatcher must confirm is read whole: cut to
 * one row at 80 columns it hid the very change it was about. */
static void lines(struct ctx *c, const char *s, unsigned long attr, int max)
{
	size_t n, len = strlen(s);
	int crow, ccol;
	struct seg *segs = wrap(s, len, c->w, c->lk->utf8, 0, &n, &crow, &ccol);

	for (size_t i = 0; i < n && (int)i < max; i++) {
		size_t end = (int)i == max - 1 ? len : segs[i].start + segs[i].len;

		put(c, c->row++, 0, c->w, s + segs[i].start, end - segs[i].start, attr);
	}
	free(segs);
}

/* The rows s takes wrapped as lines() wraps it, at most max. */
static int rows_needed(struct ctx *c, const char *s, int max)
{
	size_t n;
	int crow, ccol;
	struct seg *segs = wrap(s, strlen(s), c->w, c->lk->utf8, 0, &n, &crow, &ccol);

	free(segs);
	return n < 1 ? 1 : (int)n > max ? max : (int)n;
}

/* ------------------------------------------------------------ fields */

static int field_rows(const struct form_field *fd, int avail)
{
	if (fd->type != FT_LINES)
		return 1;
	return avail < LINES_ROWS + 4 ? 3 : LINES_ROWS;
}

/* One row: the text window around the cursor that fits width. */
static void draw_single(struct ctx *c, const struct form_field *fd, int row, int col, int width,
                        int focused)
{
	const char *t = strbuf_str(&fd->text);
	size_t start = 0;
	unsigned long attr = focused ? c->lk->focus : c->lk->field;

	if (focused)
		while (start < fd->cur && disp_width(t + start, fd->cur - start, c->lk->utf8) > width - 1)
			start += clen(t + start);
	put(c, row, col, width, t + start, strlen(t + start), attr);
	if (focused) {
		c->cy = row;
		c->cx = col + disp_width(t + start, fd->cur - start, c->lk->utf8);
	}
}

static void draw_lines(struct ctx *c, const struct form_field *fd, int row, int col, int width,
                       int rows, int focused)
{
	const char *t = strbuf_str(&fd->text);
	int crow, ccol, first = 0;
	size_t n;
	struct seg *segs = wrap(t, fd->text.len, width, c->lk->utf8, fd->cur, &n, &crow, &ccol);
	unsigned long attr = focused ? c->lk->focus : c->lk->field;

	if (crow >= rows)
		first = crow - rows + 1;
	for (int r = 0; r < rows; r++) {
		size_t k = (size_t)(first + r);

		if (k < n)
			put(c, row + r, col, width, t + segs[k].start, segs[k].len, attr);
		else
			puts_at(c, row + r, col, width, "", attr);
	}
	if (focused) {
		c->cy = row + crow - first;
		c->cx = col + (ccol < width ? ccol : width - 1);
	}
	free(segs);
}

static void draw_field(struct ctx *c, const struct form *f, size_t i, int row, int lw, int rows)
{
	const struct form_field *fd = &f->fields[i];
	int focused = f->state == FORM_EDITING && f->focus == i;
	int bad = (fd->flags & FF_TOUCHED) && form_field_check(f, i, NULL) < 0;
	struct strbuf sb = STRBUF_INIT;
	int vx = 2 + lw + 1, vw = c->w - vx - 1, ex;
	const char *opt = NULL;

	/* Focus and fault in characters too: never by colour alone. */
	puts_at(c, row, 0, 2, focused ? ">" : bad ? "!" : " ", bad ? c->lk->error : c->lk->label);
	strbuf_adds(&sb, _(fd->label));
	if (fd->flags & FF_REQUIRED)
		strbuf_adds(&sb, " *");
	puts_at(c, row, 2, lw, sb.buf, c->lk->label);
	for (int r = 1; r < rows; r++)
		puts_at(c, row + r, 0, vx, "", c->lk->normal);
	strbuf_reset(&sb);
	switch (fd->type) {
	case FT_LINES:
		draw_lines(c, fd, row, vx, vw, rows, focused);
		break;
	case FT_BOOL:
		strbuf_adds(&sb, strcmp(strbuf_str(&fd->text), "1") == 0 ? _("[x] yes") : _("[ ] no"));
		puts_at(c, row, vx, 10, sb.buf, focused ? c->lk->focus : c->lk->field);
		puts_at(c, row, vx + 10, c->w - vx - 10, focused ? _("  Space toggles") : "", c->lk->dim);
		if (focused)
			c->cy = row, c->cx = vx + 1;
		break;
	case FT_FIXED:
		opt = form_option_label(f, i);
		strbuf_adds(&sb, strbuf_str(&fd->text));
		if (opt && *opt)
			strbuf_addf(&sb, "  %s", opt);
		puts_at(c, row, vx, vw, sb.buf, c->lk->normal);
		break;
	default:
		ex = fd->type == FT_PICK ? (vw > 40 ? 14 : 10) : vw > 40 ? 30 : vw;
		if (fd->type == FT_MONEY || fd->type == FT_INT || fd->type == FT_TIME)
			ex = 14;
		draw_single(c, fd, row, vx, ex, focused);
		if (fd->type == FT_PICK) {
			opt = form_option_label(f, i);
			if (opt && *opt)
				strbuf_addf(&sb, " %s", opt);
			else if (fd->loading)
				strbuf_addf(&sb, " %s", c->lk->ascii ? _("(loading...)") : _("(loading\xe2\x80\xa6)"));
			if (focused && fd->n_opts)
				strbuf_addf(&sb, "  %s", c->lk->ascii ? _("(Left/Right: choose, or type a number)")
				                                       : _("(\xe2\x86\x90/\xe2\x86\x92: choose, or type a number)"));
		}
		puts_at(c, row, vx + ex, c->w - vx - ex, sb.buf, fd->type == FT_PICK && opt ? c->lk->normal : c->lk->dim);
		break;
	}
	strbuf_free(&sb);
}

/* The first field to draw so the focused one is in view. */
/* The first field drawn so that the focused one shows in avail rows, each
 * text of several lines given field_rows(fd, size) rows. */
static size_t first_field(const struct form *f, int avail, int size)
{
	size_t first = 0, focus = f->focus < f->n ? f->focus : f->n ? f->n - 1 : 0;
	int used = 0;

	if (f->focus >= f->n)
		return 0;
	for (size_t i = focus + 1; i-- > 0;) {
		used += field_rows(&f->fields[i], size);
		if (used > avail)
			break;
		first = i;
	}
	return first;
}

static void draw_buttons(struct ctx *c, const struct form *f)
{
	int on_prev = f->state == FORM_EDITING && f->focus == FORM_PREVIEW(f);
	int on_cancel = f->state == FORM_EDITING && f->focus == FORM_CANCEL(f);
	char prev[64], cancel[64];
	int row = c->row++;

	snprintf(prev, sizeof(prev), on_prev ? ">[ %s ]<" : " [ %s ] ", _("Preview"));
	snprintf(cancel, sizeof(cancel), on_cancel ? ">[ %s ]<" : " [ %s ] ", _("Cancel"));
	puts_at(c, row, 0, c->w, "", c->lk->normal);
	puts_at(c, row, 1, 16, prev, on_prev ? c->lk->focus : c->lk->field);
	puts_at(c, row, 18, 16, cancel, on_cancel ? c->lk->focus : c->lk->field);
	if (on_prev || on_cancel)
		c->cy = row, c->cx = (on_prev ? 1 : 18) + 3;
}

static void draw_editing(struct ctx *c, const struct form *f)
{
	int lw = label_width(f, c->w), avail = c->h - c->row - 4, row, total = 0, size = avail;
	struct strbuf msg = STRBUF_INIT;
	size_t i;
	const char *extra;

	/* At 80x24 the complete form's two texts of six rows each left its
	 * times below the edge, with nothing to tell they were there: short
	 * of room, texts get their fewer rows (field_rows of 0).  Fields that
	 * still do not fit scroll with the focus. */
	for (i = 0; i < f->n; i++)
		total += field_rows(&f->fields[i], avail);
	if (total > avail)
		size = 0;
	for (row = c->row, i = first_field(f, avail, size); i < f->n; i++) {
		int rows = field_rows(&f->fields[i], size);

		if (row + rows > c->row + avail)
			break;
		draw_field(c, f, i, row, lw, rows);
		row += rows;
	}
	for (; row < c->h - 3; row++)
		puts_at(c, row, 0, c->w, "", c->lk->normal);
	c->row = c->h - 3;
	if (form_validate(f, 1, &msg) >= 0) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "! %s", msg.buf);
		line(c, sb.buf, c->lk->error);
		strbuf_free(&sb);
	} else {
		line(c, c->lk->notice ? c->lk->notice : "", c->lk->dim);
	}
	draw_buttons(c, f);
	if (f->ask == FA_DISCARD) {
		line(c, _("Throw this text and its draft away? y discards it  n, Esc or Enter keeps it  [y/N]"),
		     c->lk->error);
	} else {
		strbuf_reset(&msg);
		strbuf_adds(&msg, c->lk->ascii ? _("Tab/S-Tab move  Enter: next, or a new line in a text  Esc closes (draft kept)")
		                               : _("Tab/S-Tab move \xc2\xb7 Enter: next, or a new line in a text \xc2\xb7 Esc closes (draft kept)"));
		/* Only whole: the hints before it matter more on a narrow screen. */
		extra = _("Cancel discards");
		if (disp_width(msg.buf, msg.len, c->lk->utf8) + 3 + disp_width(extra, strlen(extra), c->lk->utf8) <= c->w)
			strbuf_addf(&msg, "%s%s", c->lk->ascii ? "  " : " \xc2\xb7 ", extra);
		line(c, msg.buf, c->lk->dim);
	}
	strbuf_free(&msg);
}

/* The lost send a draft remembers, on two rows: it may be saved already. */
static void draw_lost(struct ctx *c, const struct form *f)
{
	struct strbuf sb = STRBUF_INIT;
	time_t at = (time_t)f->lost_at, now = time(NULL);
	struct tm tm, today;
	char when[32] = "?";

	if (localtime_r(&at, &tm) && localtime_r(&now, &today))
		strftime(when, sizeof(when), tm.tm_yday == today.tm_yday && tm.tm_year == today.tm_year
		                                 ? "%H:%M" : "%Y-%m-%d %H:%M", &tm);
	strbuf_addf(&sb, "? ");
	strbuf_addf(&sb, _("This was sent at %s (%s) and its answer was lost: it may already be saved."),
	            when, f->lost_path);
	line(c, sb.buf, c->lk->error);
	strbuf_reset(&sb);
	strbuf_adds(&sb, "? ");
	strbuf_adds(&sb, f->state == FORM_CONFIRM
	                     ? _("Check the record first (c reads it back); y asks again, and only Y sends it twice")
	                     : _("Check the record first (Preview, then c reads it back); sending it twice is asked"));
	line(c, sb.buf, c->lk->error);
	strbuf_free(&sb);
}

/* The keys of the preview: Enter takes the default, which is not to send. */
static const char *confirm_keys(const struct form *f)
{
	if (f->ask == FA_RESEND)
		return _("Send it again anyway? It may already be saved.  Y (capital) sends it again  n, Esc or Enter goes back  [Y/N]");
	if (f->lost_at && f->lost_sent.n)
		return _("Sent twice with no answer: c checks the record before anything more is sent  n, Esc or Enter goes back");
	if (f->lost_at)
		return _("c checks the record first  y sends it again (asks once more)  n, Esc or Enter goes back  [y/N]");
	return f->warning ? _("Y (capital) sends it, with the effect above  n, Esc or Enter goes back  [Y/N]")
	                  : _("y sends it (once)  n, Esc or Enter goes back to the form  [y/N]");
}

/* Characters of the values to send that a terminal which cannot show
 * UTF-8 shows otherwise (a letter without its accent, else "?"); 0 on
 * one that can. */
static int preview_folded(const struct form *f, int utf8)
{
	struct api_form pairs = API_FORM_INIT;
	int n = 0;

	if (utf8)
		return 0;
	form_pairs(f, &pairs);
	for (size_t i = 0; i < pairs.n; i++)
		for (const unsigned char *v = (const unsigned char *)pairs.pairs[i].value; *v; v++)
			n += *v >= 0x80 && (*v & 0xc0) != 0x80;
	api_form_free(&pairs);
	return n;
}

/* The preview: what will be (or was) sent, pair by pair, every value
 * whole: it promises exactly what goes to the server, so a long value is
 * wrapped, never cut.  When it is longer than the room, it scrolls
 * (Up/Down, PgUp/PgDn) from f->preview_top, and a last row says what is
 * out of sight. */
static void draw_preview(struct ctx *c, const struct form *f, int bottom)
{
	struct api_form pairs = API_FORM_INIT;
	struct strbuf text = STRBUF_INIT, more = STRBUF_INIT;
	int width = c->w - 1, room = bottom - c->row, top = f->preview_top, crow, ccol;
	size_t n;
	struct seg *segs;
	const char *t;

	if (f->state == FORM_CONFIRM)
		form_pairs(f, &pairs);
	else
		api_form_copy(&pairs, &f->sent);
	form_preview_text(f, &pairs, &text);
	/* The text ends with a newline: no empty row for it. */
	while (text.len && text.buf[text.len - 1] == '\n')
		strbuf_setlen(&text, text.len - 1);
	t = strbuf_str(&text);
	segs = wrap(t, text.len, width, c->lk->utf8, 0, &n, &crow, &ccol);
	if (top > (int)n - room)
		top = (int)n - room;
	if (top < 0)
		top = 0;
	for (int i = top; i < (int)n && c->row < bottom; i++) {
		/* The last row of the room tells of rows below it instead. */
		if (c->row == bottom - 1 && i < (int)n - 1) {
			strbuf_addf(&more, c->lk->ascii ? _("v %d more rows below (Down, PgDn)")
			                                : _("\xe2\x86\x93 %d more rows below (Down, PgDn)"),
			            (int)n - i);
			put(c, c->row++, 1, width, more.buf, more.len, c->lk->dim);
			break;
		}
		put(c, c->row++, 1, width, t + segs[i].start, segs[i].len, c->lk->preview);
	}
	while (c->row < bottom)
		line(c, "", c->lk->normal);
	free(segs);
	strbuf_free(&more);
	strbuf_free(&text);
	api_form_free(&pairs);
}

void form_draw(const struct form *f, int y, int x, int h, int w, const struct form_look *look,
               int *cy, int *cx)
{
	struct ctx c = { look, y, x, h, w, 0, -1, 0 };
	struct strbuf sb = STRBUF_INIT;
	const char *dot = look->ascii ? " - " : " \xc2\xb7 ";
	int rows;

	if (h <= 0 || w <= 0)
		return;
	/* Every cell is the form's: nothing of the pane below shows through
	 * (curses sends only what differs, so this costs no bytes). */
	for (int r = 0; r < h; r++)
		puts_at(&c, r, 0, w, "", look->normal);
	strbuf_addf(&sb, " %s", f->title);
	if (look->subtitle && *look->subtitle)
		strbuf_addf(&sb, "%s%s", dot, look->subtitle);
	line(&c, sb.buf, look->title);
	strbuf_reset(&sb);
	if (f->error && f->state == FORM_EDITING) {
		strbuf_adds(&sb, "! ");
		if (f->why == FW_REFUSED)
			strbuf_addf(&sb, _("Refused by the service: %s; your text is kept"), f->error);
		else if (f->why == FW_NOT_SENT)
			strbuf_addf(&sb, _("Not sent: %s; your text is kept"), f->error);
		else if (f->why == FW_CHECKED)
			strbuf_adds(&sb, f->error);
		else
			strbuf_addf(&sb, "%s: %s", _("Not sent, or refused; your text is kept"), f->error);
		lines(&c, sb.buf, look->error, MESSAGE_ROWS);
	} else if (f->lost_at && (f->state == FORM_EDITING || f->state == FORM_CONFIRM)) {
		draw_lost(&c, f);
	} else if (look->alert && *look->alert && f->state == FORM_EDITING) {
		strbuf_addf(&sb, "! %s", look->alert);
		lines(&c, sb.buf, look->error, MESSAGE_ROWS);
	} else if (f->error && (f->state == FORM_UNKNOWN || f->state == FORM_CHECKING)) {
		strbuf_addf(&sb, "? %s", f->error);
		lines(&c, sb.buf, look->error, MESSAGE_ROWS);
	} else {
		line(&c, "", look->normal);
	}
	switch (f->state) {
	case FORM_EDITING:
		draw_editing(&c, f);
		break;
	case FORM_CONFIRM:
		if (f->warning) {
			strbuf_addf(&sb, "! %s", f->warning);
			lines(&c, sb.buf, look->error, MESSAGE_ROWS);
			strbuf_reset(&sb);
		}
		/* "Exactly these values" only when they are shown exactly: on
		 * a terminal that cannot show UTF-8 "Nuñez" reads "Nunez",
		 * and the server gets "Nuñez".  Folded, a name still reads as
		 * itself (an escape such as "Nu\u00f1ez" a dispatcher cannot
		 * check against what was typed); the count of letters shown
		 * without their accents is what can be. */
		rows = preview_folded(f, look->utf8);
		if (rows) {
			strbuf_addf(&sb, ngettext("Send this? It goes to the server as typed, but %d character "
			                          "is shown here without its accent:",
			                          "Send this? It goes to the server as typed, but %d characters "
			                          "are shown here without their accents:",
			                          (unsigned long)rows),
			            rows);
			lines(&c, sb.buf, look->label, 2);
			strbuf_reset(&sb);
		} else {
			line(&c, _("Send this? Exactly these values go to the server:"), look->label);
		}
		/* The keys are read whole: cut at 80 columns, the question
		 * lost its [Y/N] and what the capital means. */
		rows = rows_needed(&c, confirm_keys(f), MESSAGE_ROWS);
		draw_preview(&c, f, h - rows);
		lines(&c, confirm_keys(f), f->ask == FA_RESEND ? look->error : look->focus, rows);
		break;
	case FORM_SENDING:
		line(&c, _("Sending:"), look->label);
		draw_preview(&c, f, h - 1);
		line(&c, look->sending ? look->sending
		         : look->ascii ? _("Sending... (y does nothing until the answer arrives)")
		                       : _("Sending\xe2\x80\xa6 (y does nothing until the answer arrives)"),
		     look->dim);
		break;
	case FORM_UNKNOWN:
	case FORM_CHECKING:
		line(&c, _("The answer was lost: this may or may not have been applied. It is not sent again by itself."),
		     look->error);
		draw_preview(&c, f, h - 1);
		line(&c, f->state == FORM_CHECKING ? (look->ascii ? _("Checking... (reading the record back)")
		                                                  : _("Checking\xe2\x80\xa6 (reading the record back)"))
		                                   : _("c checks (reads the record back)  :log lists it  Esc closes (draft kept)"),
		     f->state == FORM_CHECKING ? look->dim : look->focus);
		break;
	case FORM_DONE:
		line(&c, _("Done."), look->label);
		draw_preview(&c, f, h - 1);
		line(&c, _("Any key closes"), look->dim);
		break;
	}
	if (c.cy < 0)
		c.cy = 0, c.cx = 0;
	*cy = y + c.cy;
	*cx = x + c.cx;
	strbuf_free(&sb);
}
