/* list_layout.c: fitting and wrapping text, numbers of cells, legends, the list's column widths and preview place. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/base/list.h"

size_t list_char_len(const char *s)
{
	unsigned char b = (unsigned char)*s;

	if (b < 0x80)
		return 1;
	if ((b & 0xe0) == 0xc0)
		return 2;
	if ((b & 0xf0) == 0xe0)
		return 3;
	return 4;
}

/* Columns the character at s takes on a terminal that shows ASCII only. */
static int ascii_width(const char *s, size_t left)
{
	size_t used;
	const char *fold = list_char_len(s) == 1 ? NULL : utf8_ascii_fold(s, left, &used);

	return fold ? (int)strlen(fold) : 1;
}

void list_fit(struct strbuf *out, const char *s, size_t len, int width, int right, int ascii,
              int utf8)
{
	struct strbuf esc = STRBUF_INIT, body = STRBUF_INIT;
	const char *ell = ascii || !utf8 ? "~" : "\xe2\x80\xa6";
	int used = 0, total;
	size_t i = 0;

	if (width <= 0)
		return;
	utf8_escape_controls(&esc, s, len);
	if (!esc.buf)
		strbuf_adds(&esc, "");
	total = (int)utf8_width(esc.buf, esc.len);
	if (!utf8) {
		total = 0;
		for (i = 0; i < esc.len; i += list_char_len(esc.buf + i))
			total += ascii_width(esc.buf + i, esc.len - i);
		i = 0;
	}
	while (i < esc.len) {
		size_t n = list_char_len(esc.buf + i), used_n;
		const char *fold = utf8 || n == 1 ? NULL : utf8_ascii_fold(esc.buf + i, esc.len - i, &used_n);
		int w = utf8 ? (int)utf8_width(esc.buf + i, n) : fold ? (int)strlen(fold) : 1;

		if (i + n > esc.len)
			break;
		/* Leave room for the ellipsis when the text will not fit. */
		if (used + w > width || (total > width && used + w > width - 1))
			break;
		/* A locale that cannot show it: the letter's ASCII ("Nunez"),
		 * else '?'. */
		if (utf8 || n == 1)
			strbuf_add(&body, esc.buf + i, n);
		else if (fold)
			strbuf_adds(&body, fold);
		else
			strbuf_addc(&body, '?');
		used += w;
		i += n;
	}
	if (i < esc.len && used < width) {
		strbuf_adds(&body, ell);
		used++;
	}
	if (!body.buf)
		strbuf_adds(&body, "");
	if (right)
		for (int k = used; k < width; k++)
			strbuf_addc(out, ' ');
	strbuf_add(out, body.buf, body.len);
	if (!right)
		for (int k = used; k < width; k++)
			strbuf_addc(out, ' ');
	strbuf_free(&esc);
	strbuf_free(&body);
}

/* The legend's pieces that fit in width columns after a blank, two
 * spaces apart, in order, a piece too wide for what is left passed over
 * for the next; when not even one fits whole, the first one cut.  A line
 * left blank said nothing of the flags at 80 columns in Spanish. */
void list_legend(const struct view_ops *ops, int width, int ascii, int utf8, struct strbuf *out)
{
	strbuf_reset(out);
	for (size_t i = 0; ops->legend && ops->legend[i]; i++) {
		size_t len = out->len;
		const char *t = _(ops->legend[i]);

		strbuf_adds(out, len ? "  " : " ");
		if (utf8) {
			strbuf_adds(out, t);
		} else {
			/* A locale that cannot show UTF-8: folded as every other
			 * text is.  Added whole, "día" reached an ISO-8859-1
			 * terminal as "dÃ­a", a column too many. */
			size_t n = strlen(t);
			int w = 0;

			for (size_t j = 0; j < n; j += list_char_len(t + j))
				w += ascii_width(t + j, n - j);
			list_fit(out, t, n, w, 0, ascii, utf8);
		}
		if ((int)utf8_width(out->buf, out->len) > width)
			strbuf_setlen(out, len);
	}
	if (!out->len && ops->legend && ops->legend[0] && width > 1) {
		const char *t = _(ops->legend[0]);

		strbuf_addc(out, ' ');
		list_fit(out, t, strlen(t), width - 1, 0, ascii, utf8);
	}
}

double list_number(const char *s)
{
	while (*s && !(*s >= '0' && *s <= '9') && *s != '-')
		s++;
	return strtod(s, NULL);
}

size_t list_wrap(const char *s, size_t len, int width, int utf8)
{
	size_t take = 0, brk = 0;
	int used = 0;

	/* At the last space that keeps the piece within width. */
	while (take < len) {
		/* A lead byte whose character the text does not hold whole
		 * (API text is not checked for UTF-8) ends at the text's end. */
		size_t n = list_char_len(s + take) < len - take ? list_char_len(s + take) : len - take;
		int cw = utf8 ? (int)utf8_width(s + take, n) : 1;

		if (used + cw > width)
			break;
		used += cw;
		take += n;
		if (s[take - 1] == ' ')
			brk = take;
	}
	if (take < len && brk)
		take = brk;
	if (take == 0 && len > 0)
		take = list_char_len(s) < len ? list_char_len(s) : len;
	return take;
}

int list_preview_split(const char *text, size_t len, int width, size_t *first_len,
                       size_t *second, int *left_w)
{
	const char *brk = len ? memchr(text, LIST_PREVIEW_BREAK, len) : NULL;

	*first_len = brk ? (size_t)(brk - text) : len;
	*second = brk ? *first_len + 1 : len;
	*left_w = width;
	if (*second >= len || width < LIST_PREVIEW_TWO_MIN)
		return 1;
	*left_w = width / 2;
	return 2;
}

/* The width a column never shrinks below (it is dropped instead). */
static int min_width(const struct view_column *c)
{
	int w = c->width > 0 ? c->width : 1;

	return c->min > 0 && c->min < w ? c->min : w;
}

/* Preferred widths of the columns not dropped, and the width they need
 * with their separators. */
static int preferred(const struct view_column *cols, size_t n, const unsigned char *dropped,
                     int *widths)
{
	int need = 0, shown = 0;

	for (size_t i = 0; i < n; i++) {
		widths[i] = dropped[i] ? 0 : cols[i].width > 0 ? cols[i].width : 1;
		if (widths[i]) {
			need += widths[i] + (shown ? 1 : 0);
			shown++;
		}
	}
	return need;
}

/* Takes need down to avail: every column above its minimum gives up a
 * share of the shortage in proportion to how far it may narrow (its
 * preferred width over its minimum), so a long name narrows more than a
 * short code and none is cut to nothing first; what rounding leaves is
 * taken from the widest other than the flex column (flex, -1 none), which
 * gives it only when no other can: it was always the widest, and its
 * whole width is what the layout drops columns for.  Returns the new
 * need. */
static int shrink(const struct view_column *cols, size_t n, int *widths, int need, int avail,
                  int flex)
{
	long short_by = need - avail, slack = 0, taken = 0;

	if (short_by <= 0)
		return need;
	for (size_t i = 0; i < n; i++)
		if (widths[i])
			slack += widths[i] - min_width(&cols[i]);
	for (size_t i = 0; i < n && short_by < slack; i++) {
		long cut;

		if (!widths[i])
			continue;
		cut = short_by * (widths[i] - min_width(&cols[i])) / slack;
		widths[i] -= (int)cut;
		taken += cut;
	}
	need -= (int)taken;
	while (need > avail) {
		int best = -1;

		for (size_t i = 0; i < n; i++)
			if (widths[i] > min_width(&cols[i]) && (int)i != flex &&
			    (best < 0 || widths[i] > widths[best]))
				best = (int)i;
		if (best < 0 && flex >= 0 && widths[flex] > min_width(&cols[flex]))
			best = flex;
		if (best < 0)
			break;
		widths[best]--;
		need--;
	}
	return need;
}

/* Gives the VC_GROW columns shown their share of spare columns: in
 * proportion to preferred widths against the flex column's (to), each at
 * most doubling, so a wide terminal shows more of the city and the
 * service a dispatcher reads and not only a longer route name.  Returns
 * what it gave. */
static int grow(const struct view_column *cols, size_t n, int *widths, int to, int spare)
{
	long share = to >= 0 ? widths[to] : 0, given = 0;

	for (size_t i = 0; i < n; i++)
		if (widths[i] && (int)i != to && (cols[i].flags & VC_GROW))
			share += widths[i];
	if (share <= 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		long add;

		if (!widths[i] || (int)i == to || !(cols[i].flags & VC_GROW))
			continue;
		add = (long)spare * widths[i] / share;
		if (add > widths[i])
			add = widths[i];
		widths[i] += (int)add;
		given += add;
	}
	return (int)given;
}

/* The shown column to give up next: the lowest VC_DROP rank, the rightmost
 * of a rank; -1 when no ranked column is left.  Never the first or the flex
 * one (the first takes what there is when nothing else fits). */
static int next_ranked(const struct view_column *cols, size_t n, int flex,
                       const unsigned char *dropped)
{
	int best = -1;

	for (size_t i = 0; i < n; i++) {
		unsigned r = VC_DROP_RANK(cols[i].flags);

		if (!r || dropped[i] || (int)i == flex || i == 0)
			continue;
		if (best < 0 || r <= VC_DROP_RANK(cols[best].flags))
			best = (int)i;
	}
	return best;
}

/*
 * Columns get their preferred widths first and the flex column the rest,
 * shared with the VC_GROW columns (grow); a VC_CAP flex column takes at
 * most twice its width and leaves the rest blank at the right.
 * Short of room, the columns narrow toward their minimum in proportion to
 * their slack (shrink); a column whose minimum is its width (a time
 * window, a date) is never cut.  When that would cut the flex column below
 * its preferred width, the columns the view ranked (VC_DROP) go first,
 * lowest rank first, one at a time while it still would: a dispatcher
 * reads the whole name before a code that the preview also says.  Shorter
 * still, ranked columns and then the others go from the right (never the
 * first or the flex one).  After each drop the others are laid out again
 * from their preferred widths, so a dropped column's room goes back to
 * those that had to narrow.
 */
void list_layout(const struct view_column *cols, size_t n, int width, int *widths)
{
	unsigned char dropped[64] = { 0 };
	int avail = width - 1, flex = -1, need;

	if (n == 0)
		return;
	if (n > 64)
		n = 64;
	for (size_t i = 0; i < n && flex < 0; i++)
		if (cols[i].flags & VC_FLEX)
			flex = (int)i;
	for (;;) {
		int drop;

		need = shrink(cols, n, widths, preferred(cols, n, dropped, widths), avail, flex);
		if (need <= avail && (flex < 0 || widths[flex] >= cols[flex].width))
			break;
		drop = next_ranked(cols, n, flex, dropped);
		if (drop < 0 && need <= avail)
			break;
		if (drop < 0) {
			for (drop = (int)n; drop-- > 1;)
				if (!dropped[drop] && drop != flex)
					break;
			if (drop <= 0)
				break;
		}
		dropped[drop] = 1;
	}
	if (need > avail) {
		/* Not even the first and the flex column fit at their minimum:
		 * the first takes what there is. */
		for (size_t i = 1; i < n; i++)
			widths[i] = 0;
		widths[0] = avail > 0 ? avail : 0;
	} else if (need < avail) {
		int to = flex, spare;

		for (size_t i = n; to < 0 && i-- > 0;)
			if (widths[i])
				to = (int)i;
		spare = avail - need - grow(cols, n, widths, to, avail - need);
		/* Every column has its preferred width here, so a capped flex
		 * column's twice is its width again. */
		if (to == flex && (cols[to].flags & VC_CAP) && spare > widths[to])
			spare = widths[to];
		widths[to] += spare;
	}
}

/* Display width the columns want: preferred widths, separators, gutter. */
static int want_width(const struct view_column *cols, size_t n)
{
	int w = 1;

	for (size_t i = 0; i < n; i++)
		w += (cols[i].width > 0 ? cols[i].width : 1) + (i ? 1 : 0);
	return w;
}

/* Up to this many rows the columns are fitted to what they hold (every
 * cell measured at each draw, a few thousand formats); a longer list keeps
 * the widths its view declares, which do not move as it scrolls. */
#define FIT_ROWS 500

void list_columns_fit(const struct view *v, size_t nrows, const struct view_column *cols,
                      size_t n, int sorted, int width, struct view_column *out)
{
	struct strbuf sb = STRBUF_INIT, esc = STRBUF_INIT;
	int content[64] = { 0 };

	if (n > 64)
		n = 64;
	memcpy(out, cols, n * sizeof(*cols));
	/* Only short of room: where every column has its width, a layout
	 * that moved with the data would cost bytes and steady the eye less. */
	if (!v->ops->cell || nrows > FIT_ROWS || want_width(cols, n) <= width)
		return;
	for (size_t r = 0; r < nrows; r++) {
		/* A row still loading says nothing of the widths to come. */
		if (v->ops->loaded && !v->ops->loaded(v, r))
			goto out;
		for (size_t c = 0; c < n; c++) {
			enum view_style st = VS_NORMAL;
			int w;

			strbuf_reset(&sb);
			strbuf_reset(&esc);
			v->ops->cell(v, r, c, &sb, &st);
			utf8_escape_controls(&esc, strbuf_str(&sb), sb.len);
			w = (int)utf8_width(strbuf_str(&esc), esc.len);
			if (w > content[c])
				content[c] = w;
		}
	}
	/* A column never wider than its widest cell or its title: at 80
	 * columns the counts, the money and the flags stood padded with
	 * blanks while the technician's name beside them was cut.  The flex
	 * column takes the rest as before. */
	for (size_t c = 0; c < n; c++) {
		const char *t = cols[c].title && *cols[c].title ? i18n_pgettext(cols[c].title) : "";
		/* The sort column's title has its arrow after a blank. */
		int want = (int)utf8_width(t, strlen(t)) + ((int)c == sorted ? 2 : 0);

		/* The flex column takes the rest; a fixed one (min = width: a
		 * time window, the Timeline's lane) keeps its place; a painted
		 * one draws more than its cell says (the Timeline's day). */
		if ((cols[c].flags & (VC_FLEX | VC_PAINT)) || min_width(&cols[c]) >= cols[c].width)
			continue;
		if (content[c] > want)
			want = content[c];
		if (want < 1)
			want = 1;
		if (want < out[c].width) {
			out[c].width = want;
			if (out[c].min > want)
				out[c].min = want;
		}
	}
out:
	strbuf_free(&sb);
	strbuf_free(&esc);
}

void list_place(const struct view_column *cols, size_t n, int has_preview, int width,
                int height, struct list_place *out)
{
	int pw = width / 3 < LIST_PREVIEW_MAX ? width / 3 : LIST_PREVIEW_MAX;
	int side = width >= LIST_PREVIEW_SIDE_MIN, below = height >= 12;

	memset(out, 0, sizeof(*out));
	out->list_w = width;
	out->list_h = height;
	if (!has_preview)
		return;
	/* At the right only when the columns keep their preferred widths
	 * beside it: a preview that squeezes them (a name cut to ten
	 * columns, a window cut short) shows less than it hides.  Below
	 * otherwise, when there are lines enough for both. */
	if (side && below && want_width(cols, n) > width - pw - 1 && height >= 20)
		side = 0;
	if (side) {
		out->list_w = width - pw - 1;
		out->prev_x = out->list_w + 1;
		out->prev_w = pw;
		out->prev_h = height;
		out->side = 1;
	} else if (below) {
		out->prev_h = height * 2 / 5;
		out->list_h = height - out->prev_h - 1;
		out->prev_y = out->list_h + 1;
		out->prev_w = width;
	}
}

void list_title_arrow(struct strbuf *title, int width, const char *arrow, int utf8)
{
	size_t keep = 0;
	int used = 0;

	/* The arrow is what says the column sorts: a title too wide for it
	 * gives up its last letters, not the arrow ("Flag▲", not "Flag…"). */
	while (keep < title->len) {
		size_t n = list_char_len(title->buf + keep);
		int cw = utf8 ? (int)utf8_width(title->buf + keep, n) : 1;

		if (keep + n > title->len || used + cw > width - 1)
			break;
		used += cw;
		keep += n;
	}
	strbuf_setlen(title, keep);
	strbuf_adds(title, arrow);
}
