/* view_text.c: a long value read whole (a customer's notes, a ten-kilobyte field), one wrapped line a row. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/base/list.h"
#include "ui/views/view_common.h"
#include "ui/views/views.h"

/*
 * A detail row's preview shows what its lines hold and no more: a customer
 * whose standing notes ran to ten kilobytes showed six lines, and the rest
 * could not be reached.  Enter on such a row opens this view: the value's
 * lines wrapped at VIEW_TEXT_WRAP columns (a reading measure that fits an
 * 80-column terminal), numbered, in the value's order (no sort), with the
 * list's / filter and scrolling.
 */
#define VIEW_TEXT_WRAP 72

struct text {
	char **lines;
	size_t n;
};

static const struct view_column text_columns[] = {
	{ N_("Line"), 5, 4, VC_RIGHT | VC_NOSORT },
	{ N_("Text"), VIEW_TEXT_WRAP, 20, VC_FLEX | VC_NOSORT },
};

static struct text *priv(const struct view *v)
{
	return v->priv;
}

static size_t text_count(const struct view *v)
{
	return priv(v)->n;
}

static long long text_row_id(const struct view *v, size_t row)
{
	(void)v;
	return (long long)row + 1;
}

static void text_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                      enum view_style *style)
{
	const struct text *t = priv(v);

	(void)style;
	if (row >= t->n)
		return;
	if (col == 0)
		strbuf_addf(out, "%zu", row + 1);
	else
		strbuf_adds(out, t->lines[row]);
}

static void text_destroy(struct view *v)
{
	struct text *t = priv(v);

	for (size_t i = 0; i < t->n; i++)
		free(t->lines[i]);
	free(t->lines);
	free(t);
}

static const struct view_ops text_ops = {
	.name = "text",
	.title = N_("Text"),
	.columns = text_columns,
	.n_columns = sizeof(text_columns) / sizeof(text_columns[0]),
	.count = text_count,
	.row_id = text_row_id,
	.cell = text_cell,
	.destroy = text_destroy,
};

static void add_line(struct text *t, const char *s, size_t len)
{
	t->lines = xrealloc(t->lines, (t->n + 1) * sizeof(*t->lines));
	t->lines[t->n] = xmalloc(len + 1);
	memcpy(t->lines[t->n], s, len);
	t->lines[t->n][len] = '\0';
	t->n++;
}

/* One line of the value as it is drawn: a carriage return before its
 * end dropped (text from Windows), tabs as spaces to the next stop of 8
 * columns, then escaped (utf8_escape_controls).  Wrapped as drawn: the raw
 * line measured a tab or an ESC 0 columns and drew it in 2 (^I, ^[), an
 * invalid byte 1 and drew it in 4, and a row cut with an ellipsis hid the
 * rest of its line. */
static void shown_line(struct strbuf *out, const char *s, size_t n)
{
	struct strbuf plain = STRBUF_INIT;
	size_t col = 0;

	if (n && s[n - 1] == '\r')
		n--;
	for (size_t i = 0; i < n;) {
		size_t len = list_char_len(s + i) < n - i ? list_char_len(s + i) : n - i;

		if (s[i] == '\t') {
			do
				strbuf_addc(&plain, ' ');
			while (++col % 8);
		} else {
			strbuf_add(&plain, s + i, len);
			col += utf8_width(s + i, len);
		}
		i += len;
	}
	strbuf_reset(out);
	utf8_escape_controls(out, plain.buf ? plain.buf : "", plain.len);
	strbuf_free(&plain);
}

struct view *view_text_new(const char *title, const char *text)
{
	struct text *t = xcalloc(1, sizeof(*t));
	const char *p = text ? text : "", *end = p + strlen(p);
	struct strbuf line = STRBUF_INIT;
	struct timespec ts;
	struct view *v;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t off = 0;

		shown_line(&line, p, nl ? (size_t)(nl - p) : (size_t)(end - p));
		if (line.len == 0)
			add_line(t, "", 0);
		while (off < line.len) {
			size_t take = list_wrap(line.buf + off, line.len - off, VIEW_TEXT_WRAP, 1);

			add_line(t, line.buf + off, take);
			off += take;
		}
		p = nl ? nl + 1 : end;
	}
	strbuf_free(&line);
	v = ui_view_new(&text_ops, t);
	snprintf(v->subtitle, sizeof(v->subtitle), "%s", title);
	/* A copy of what the record held when opened: as fresh as now. */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	v->loaded_at = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
	return v;
}
