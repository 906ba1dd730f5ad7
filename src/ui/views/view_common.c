/* view_common.c: what every view shares: cells (money, dates, status), names, order. */
#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "common/utf8.h"
#include "ui/views/timeline_layout.h"
#include "ui/views/view_common.h"

int view_ascii;
int view_glyphs = 1;

/* ------------------------------------------------------------ cells */

void vc_money(struct strbuf *out, long long cents)
{
	char buf[24];

	m_format_cents(cents, buf);
	strbuf_adds(out, buf);
}

void vc_money_due(struct strbuf *out, long long cents, enum view_style *style)
{
	vc_money(out, cents);
	if (style && cents > 0)
		*style = VS_MONEY_DUE;
}

void vc_date(struct strbuf *out, const char *date)
{
	size_t len;

	/* The service's unset dates are zeros, not 1970 or year 0. */
	if (!date || !*date || strncmp(date, "0000-00-00", 10) == 0)
		return;
	len = strlen(date);
	/* Seconds are noise in a column; minutes stay. */
	strbuf_add(out, date, len > 16 ? 16 : len);
}

void vc_span(struct strbuf *out, const char *start, const char *end)
{
	int has_start = start && *start, has_end = end && *end;

	if (has_start)
		strbuf_adds(out, start);
	if (has_end) {
		strbuf_addc(out, '-');
		strbuf_adds(out, end);
	}
}

struct status_look {
	int status;
	const char *glyph, *ascii, *word;
	enum view_style style;
};

/* Glyph and word together: status never by colour alone. */
static const struct status_look looks[] = {
	{ M_COMPLETED, "✓", "+", N_("completed"), VS_DONE },
	{ M_PENDING, "·", ".", N_("pending"), VS_PENDING },
	{ M_NOSHOW, "✗", "x", N_("no-show"), VS_NOSHOW },
	{ M_CANCELLED, "⊘", "/", N_("cancelled"), VS_CANCELLED },
	{ M_RESCHEDULED, "↻", "~", N_("rescheduled"), VS_DIM },
};
static const struct status_look unknown_look = { 0, "?", "?", N_("unknown"), VS_NORMAL };

static const struct status_look *look_of(int status)
{
	for (size_t i = 0; i < sizeof(looks) / sizeof(looks[0]); i++)
		if (looks[i].status == status)
			return &looks[i];
	return &unknown_look;
}

const char *vc_status_glyph(int status)
{
	const struct status_look *l = look_of(status);

	return view_ascii ? l->ascii : l->glyph;
}

const char *vc_status_text(int status)
{
	return _(look_of(status)->word);
}

enum view_style vc_status_style(int status)
{
	return look_of(status)->style;
}

void vc_status(struct strbuf *out, int status, enum view_style *style)
{
	strbuf_addf(out, "%s %s", vc_status_glyph(status), vc_status_text(status));
	if (style)
		*style = vc_status_style(status);
}

int vc_stop_end(const struct m_appt *a)
{
	int start = timeline_minutes(a->start), end = start < 0 ? -1 : timeline_minutes(a->end);

	if (start >= 0 && end <= start)
		end = a->duration > 0 ? start + a->duration : -1;
	return end;
}

int vc_stop_late(const struct m_appt *a, int now)
{
	return timeline_late(a->status == M_PENDING, vc_stop_end(a), now);
}

void vc_stop_status(struct strbuf *out, const struct m_appt *a, int now,
                    enum view_style *style)
{
	if (!vc_stop_late(a, now)) {
		vc_status(out, a->status, style);
		return;
	}
	/* Late implies pending: the word says the more urgent of the two. */
	strbuf_addf(out, "! %s", _("late"));
	if (style)
		*style = VS_ALERT;
}

int vc_status_width(void)
{
	/* "late" too: vc_stop_status says it in a status's place. */
	const char *late = _("late");
	int w = (int)utf8_width(late, strlen(late));

	for (size_t i = 0; i < sizeof(looks) / sizeof(looks[0]); i++) {
		const char *t = _(looks[i].word);
		int tw = (int)utf8_width(t, strlen(t));

		w = tw > w ? tw : w;
	}
	return w;
}

void vc_line(struct strbuf *out, const char *label, const char *text)
{
	strbuf_addf(out, "%s:", label);
	if (text && *text)
		strbuf_addf(out, " %s", text);
	strbuf_addc(out, '\n');
}

void vc_pad(struct strbuf *out, size_t from, int width)
{
	int w = from < out->len ? (int)utf8_width(out->buf + from, out->len - from) : 0;

	for (; w < width; w++)
		strbuf_addc(out, ' ');
}

const char *vc_arrow(void)
{
	return !view_glyphs ? "" : view_ascii ? "->" : "→";
}

const char *vc_dot(void)
{
	return !view_glyphs ? "-" : view_ascii ? "|" : "·";
}

/* ------------------------------------------------------------ names */

void vc_customer_name(struct strbuf *out, const struct m_customer *c)
{
	const char *lname = c->lname ? c->lname : "", *fname = c->fname ? c->fname : "";

	if (c->company && *c->company)
		strbuf_adds(out, c->company);
	else if (*lname && *fname)
		strbuf_addf(out, "%s, %s", lname, fname);
	else if (*lname || *fname)
		strbuf_adds(out, *lname ? lname : fname);
	else
		strbuf_addf(out, "#%lld", c->id);
}

const char *vc_customer_status(long long status)
{
	return status == 1 ? _("active") : _("inactive");
}

void vc_customer_lines(struct strbuf *out, const struct m_customer *c)
{
	vc_customer_name(out, c);
	strbuf_addf(out, " #%lld\n", c->id);
	strbuf_addf(out, "%s\n", c->address ? c->address : "");
	strbuf_addf(out, "%s %s %s\n", c->city ? c->city : "", c->state ? c->state : "",
	            c->zip ? c->zip : "");
	vc_line(out, _("Phone"), c->phone);
	vc_line(out, _("Email"), c->email);
	strbuf_addf(out, "%s: ", _("Balance"));
	vc_money(out, c->balance);
	if (c->balance > 0) {
		strbuf_adds(out, " (");
		strbuf_addf(out, ngettext("%d day", "%d days", c->balance_age), c->balance_age);
		strbuf_addc(out, ')');
	}
	strbuf_addc(out, '\n');
}

int vc_customer_ref(struct strbuf *out, const struct ui *ui, long long id)
{
	const struct m_review *rv = ui ? ui_review(ui) : NULL;
	const struct m_customer *c = rv ? m_table_get(rv->customers, id) : NULL;

	if (id == 0)
		return 0;
	if (c)
		vc_customer_name(out, c);
	else
		strbuf_addf(out, "#%lld", id);
	return c != NULL;
}

void vc_employee_name(struct strbuf *out, const struct ui *ui, long long id)
{
	const struct m_employee *e = id && ui ? ui_employee(ui, id) : NULL;
	const char *f, *l;

	if (id == 0)
		return;
	if (!e) {
		strbuf_addf(out, "#%lld", id);
		return;
	}
	f = e->fname ? e->fname : "";
	l = e->lname ? e->lname : "";
	if (*f && *l)
		strbuf_addf(out, "%s %s", f, l);
	else if (*f || *l)
		strbuf_adds(out, *f ? f : l);
	else
		strbuf_addf(out, "#%lld", id);
}

void vc_service_type(struct strbuf *out, const struct ui *ui, long long id)
{
	const struct m_service_type *t = id && ui ? ui_service_type(ui, id) : NULL;

	if (id == 0)
		return;
	if (t && t->description && *t->description)
		strbuf_adds(out, t->description);
	else
		strbuf_addf(out, "#%lld", id);
}

const struct m_review *vc_review(const struct ui *ui)
{
	const struct m_review *rv = ui ? ui_review(ui) : NULL;

	return rv && strcmp(rv->date, ui_date(ui)) == 0 ? rv : NULL;
}

const struct m_customer *vc_stop_customer(const struct ui *ui, const struct m_appt *a)
{
	const struct m_review *rv = vc_review(ui);

	return rv && a ? m_table_get(rv->customers, a->customer_id) : NULL;
}

/* ------------------------------------------------------------ order */

int vc_cmp_ll(long long a, long long b)
{
	return (a > b) - (a < b);
}

int vc_cmp_ids(const void *a, const void *b)
{
	return vc_cmp_ll(*(const long long *)a, *(const long long *)b);
}

static unsigned char fold(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

/*
 * The base letter of each letter of Latin-1 Supplement and Latin
 * Extended-A (U+00C0..U+017F), so that "Ångström" sorts with "angstrom"
 * and not after "Young" (its UTF-8 bytes are above every ASCII letter).
 * A table, not the locale: the order must not depend on the machine.
 * '0' marks the two that are not letters (U+00D7 and U+00F7, kept as
 * they are); the digits 1-5 stand for the two-letter folds below.
 */
static const char latin_base[] =
	/* U+00C0 À..ß */ "aaaaaa1ceeeeiiiidnooooo0ouuuuy23"
	/* U+00E0 à..ÿ */ "aaaaaa1ceeeeiiiidnooooo0ouuuuy2y"
	/* U+0100 Ā..ą, Ć..č, Ď..đ, Ē..ě */ "aaaaaa" "cccccccc" "dddd" "eeeeeeeeee"
	/* U+011C Ĝ..ģ, Ĥ..ħ, Ĩ..ı, Ĳ ĳ */ "gggggggg" "hhhh" "iiiiiiiiii" "44"
	/* U+0134 Ĵ..ĸ, Ĺ..ł, Ń..ŋ */ "jj" "kkk" "llllllllll" "nnnnnnnnn"
	/* U+014C Ō..ő, Œ œ, Ŕ..ř */ "oooooo" "55" "rrrrrr"
	/* U+015A Ś..š, Ţ..ŧ, Ũ..ų */ "ssssssss" "tttttt" "uuuuuuuuuuuu"
	/* U+0174 Ŵ..ſ */ "ww" "yyy" "zzzzzz" "s";
static const char *const latin_pairs[] = { "ae", "th", "ss", "ij", "oe" };

_Static_assert(sizeof(latin_base) - 1 == 0x180 - 0xc0, "one letter per code point");

/* Reads text one folded byte at a time: ASCII letters in lower case, the
 * table's letters as their base letters, every other byte as it is (so
 * the rest keeps code point order). */
struct folded {
	const unsigned char *p;
	const char *pending;   /* the rest of a two-letter fold */
};

static unsigned char folded_next(struct folded *f)
{
	unsigned char c = *f->p;

	if (f->pending && *f->pending)
		return (unsigned char)*f->pending++;
	f->pending = NULL;
	if (c >= 0xc3 && c <= 0xc5 && (f->p[1] & 0xc0) == 0x80) {
		unsigned cp = ((unsigned)(c & 0x1f) << 6) | (f->p[1] & 0x3fu);
		char b = latin_base[cp - 0xc0];

		if (b != '0') {
			f->p += 2;
			if (b >= '1' && b <= '5') {
				f->pending = latin_pairs[b - '1'] + 1;
				return (unsigned char)latin_pairs[b - '1'][0];
			}
			return (unsigned char)b;
		}
	}
	if (c)
		f->p++;
	return fold(c);
}

int vc_cmp_text_folded(const char *a, const char *b)
{
	struct folded x = { (const unsigned char *)(a ? a : ""), NULL };
	struct folded y = { (const unsigned char *)(b ? b : ""), NULL };
	unsigned char c, d;

	do {
		c = folded_next(&x);
		d = folded_next(&y);
	} while (c && c == d);
	return (int)c - (int)d;
}

int vc_cmp_text(const char *a, const char *b)
{
	int c = vc_cmp_text_folded(a, b);

	/* Ties by bytes: one order, whatever order the rows came in. */
	return c ? c : strcmp(a ? a : "", b ? b : "");
}

int vc_contains(const char *hay, const char *needle)
{
	unsigned char want[256];
	size_t n = 0;
	struct folded f;

	if (!needle || !*needle)
		return 1;
	if (!hay)
		return 0;
	/* The needle folded once ("Peña" is "pena"); a filter longer than
	 * the buffer is cut, which can only widen the match. */
	f = (struct folded){ (const unsigned char *)needle, NULL };
	while (n < sizeof(want)) {
		unsigned char c = folded_next(&f);

		if (!c)
			break;
		want[n++] = c;
	}
	/* Every character start of hay, folded the same way from there. */
	for (const unsigned char *h = (const unsigned char *)hay; *h; h++) {
		struct folded x = { h, NULL };
		size_t i = 0;

		if ((*h & 0xc0) == 0x80)
			continue;
		while (i < n && folded_next(&x) == want[i])
			i++;
		if (i == n)
			return 1;
	}
	return 0;
}

int vc_match_cells(const struct view *v, size_t row, const char *filter)
{
	struct strbuf sb = STRBUF_INIT;
	int hit = 0;

	if (!filter || !*filter)
		return 1;
	if (v->ops->loaded && !v->ops->loaded(v, row)) {
		strbuf_addf(&sb, "%lld", v->ops->row_id(v, row));
		hit = vc_contains(strbuf_str(&sb), filter);
		strbuf_free(&sb);
		return hit;
	}
	for (size_t c = 0; c < v->ops->n_columns && !hit; c++) {
		enum view_style style = VS_NORMAL;

		strbuf_reset(&sb);
		v->ops->cell(v, row, c, &sb, &style);
		hit = vc_contains(strbuf_str(&sb), filter);
	}
	strbuf_free(&sb);
	return hit;
}

int vc_all_digits(const char *s)
{
	if (!s || !*s)
		return 0;
	for (; *s; s++)
		if (*s < '0' || *s > '9')
			return 0;
	return 1;
}

char *vc_trimmed(const char *s)
{
	size_t len;

	if (!s)
		return NULL;
	while (*s == ' ')
		s++;
	len = strlen(s);
	while (len && s[len - 1] == ' ')
		len--;
	return xstrndup(s, len);
}

int vc_cmp_cells(const struct view *v, size_t a, size_t b, size_t col)
{
	struct strbuf sa = STRBUF_INIT, sb = STRBUF_INIT;
	int c;

	v->ops->cell(v, a, col, &sa, NULL);
	v->ops->cell(v, b, col, &sb, NULL);
	c = vc_cmp_text(strbuf_str(&sa), strbuf_str(&sb));
	strbuf_free(&sa);
	strbuf_free(&sb);
	return c;
}

void vc_subtitle(struct view *v, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	len = sb.len;
	if (len >= sizeof(v->subtitle)) {
		len = sizeof(v->subtitle) - 1;
		/* Back to the start of the character the cut falls in. */
		while (len > 0 && ((unsigned char)sb.buf[len] & 0xc0) == 0x80)
			len--;
	}
	memcpy(v->subtitle, strbuf_str(&sb), len);
	v->subtitle[len] = '\0';
	strbuf_free(&sb);
}

/* ------------------------------------------------------------ errors */

int vc_result_failed(struct ui *ui, const struct fetch_result *r)
{
	/* The core has said why on the message line already (app.c,
	 * apply_view_result, with the pane's name): saying it again here
	 * would replace that line with a poorer one. */
	return r->err.kind != API_OK;
}

int vc_text_long(const char *text, int width)
{
	return text && (strchr(text, '\n') || (int)utf8_width(text, strlen(text)) > width);
}
