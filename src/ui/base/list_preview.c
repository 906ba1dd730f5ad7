/* list_preview.c: the list's preview of the selected record, in one column or two, each line where it was. */
#include "config.h"

#include <string.h>

#define NCURSES_WIDECHAR 1
#include <curses.h>

#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/theme/theme.h"
#include "ui/base/list.h"

/*
 * Every line is written whole (blank-padded to its column) with one
 * attribute and never cleared first: curses then sends only the cells
 * that differ from the last frame, so a preview whose lines keep their
 * place from one record to the next (LIST_PREVIEW_BREAK) costs the text
 * that changed, not the whole preview.
 */

/* Draws text[0..len), its lines wrapped to width, from line `from` of the
 * column at (y, x); returns the next free line (at most height).  Text
 * left over when the lines run out ends the last line with an ellipsis:
 * six lines of a long note read as the whole of it. */
static int draw_lines(const char *text, size_t len, int y, int x, int from, int height,
                      int width, const struct list_env *env, unsigned long attr)
{
	struct strbuf line = STRBUF_INIT, esc = STRBUF_INIT;
	const char *p = text, *end = text + len;
	int drawn = from, cut = 0;

	while (p < end && drawn < height) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p), off = 0;

		strbuf_reset(&esc);
		utf8_escape_controls(&esc, p, n);
		do {
			const char *s = esc.buf ? esc.buf + off : "";
			size_t take = list_wrap(s, esc.len - off, width - 1, env->utf8);

			strbuf_reset(&line);
			strbuf_addc(&line, ' ');
			list_fit(&line, s, take, width - 1, 0, env->ascii, env->utf8);
			attrset((attr_t)attr);
			mvaddstr(y + drawn++, x, line.buf);
			off += take;
		} while (off < esc.len && drawn < height);
		p = nl ? nl + 1 : end;
		cut = off < esc.len;
	}
	if ((cut || p < end) && width > 1) {
		attrset((attr_t)attr);
		mvaddstr(y + height - 1, x + width - 1, env->ascii || !env->utf8 ? "~" : "\xe2\x80\xa6");
	}
	strbuf_free(&line);
	strbuf_free(&esc);
	return drawn;
}

static void blank_lines(int y, int x, int from, int height, int width, unsigned long attr)
{
	attrset((attr_t)attr);
	for (int i = from; i < height; i++) {
		move(y + i, x);
		for (int c = 0; c < width; c++)
			addch(' ');
	}
}

void list_draw_preview(const char *text, size_t len, int y, int x, int height, int width,
                       const struct list_env *env)
{
	unsigned long attr = env->theme->attr[TE_PREVIEW];
	size_t first, second;
	int left_w, n;

	if (height <= 0 || width <= 1)
		return;
	if (list_preview_split(text, len, width, &first, &second, &left_w) == 2) {
		n = draw_lines(text, first, y, x, 0, height, left_w, env, attr);
		blank_lines(y, x, n, height, left_w, attr);
		n = draw_lines(text + second, len - second, y, x + left_w, 0, height,
		               width - left_w, env, attr);
		blank_lines(y, x + left_w, n, height, width - left_w, attr);
		return;
	}
	n = draw_lines(text, first, y, x, 0, height, width, env, attr);
	n = draw_lines(text + second, len - second, y, x, n, height, width, env, attr);
	blank_lines(y, x, n, height, width, attr);
}
