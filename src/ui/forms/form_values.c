/* form_values.c: a write form's values: each field checked, the form's rules, the pairs sent and their preview. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/values.h"
#include "common/dates.h"
#include "common/i18n.h"
#include "model/model.h"
#include "ui/forms/form.h"

/* A value quoted in a message is cut here: the message must fit a line. */
#define QUOTE_MAX 24

/* ---------------------------------------------------------- validation */

static void quote(struct strbuf *out, const char *s)
{
	size_t len = strlen(s);

	if (len <= QUOTE_MAX) {
		strbuf_adds(out, s);
		return;
	}
	len = QUOTE_MAX;
	while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80)
		len--;
	strbuf_add(out, s, len);
	strbuf_adds(out, "...");
}

/* An amount as a dispatcher types it: an optional minus, digits, and at
 * most two decimals ("12", "12.5", "-3.75", ".5").  Cents in *out.  The
 * exponent the wire's amounts may carry (m_parse_cents reads "1e3") is
 * no way to type one: "1e3" in a form is a slip, not 1000.00. */
static int parse_amount(const char *s, long long *out)
{
	const char *dot = strchr(s, '.');

	if (*s == '+' || strpbrk(s, "eE") || (dot && strlen(dot + 1) > 2))
		return -1;
	return m_parse_cents(s, out);
}

int form_field_check(const struct form *f, size_t i, struct strbuf *msg)
{
	const struct form_field *fd;
	const char *t, *label;
	struct strbuf sb = STRBUF_INIT, q = STRBUF_INIT;
	long long v;
	int bad = 0;

	if (i >= f->n)
		return 0;
	fd = &f->fields[i];
	t = strbuf_str(&fd->text);
	label = _(fd->label);
	if (!*t) {
		if (fd->flags & FF_REQUIRED) {
			if (fd->type == FT_FIXED)
				strbuf_addf(&sb, _("%s: not known yet (still loading)"), label);
			else
				strbuf_addf(&sb, _("%s is required"), label);
			bad = 1;
		}
	} else {
		switch (fd->type) {
		case FT_INT:
		case FT_PICK:
		case FT_FIXED:
			if (fd->type == FT_FIXED && api_parse_ll(t, &v) < 0)
				break; /* a fixed text (rare) is whatever the form set */
			if (api_parse_ll(t, &v) < 0) {
				quote(&q, t);
				strbuf_addf(&sb, _("%s: '%s' is not a whole number"), label, q.buf);
				bad = 1;
			} else if ((fd->flags & FF_MIN) && v < fd->min) {
				strbuf_addf(&sb, _("%s must be at least %lld"), label, fd->min);
				bad = 1;
			} else if ((fd->flags & FF_CHOICE) && !form_option_label(f, i)) {
				strbuf_addf(&sb, _("%s: choose one of the listed values"), label);
				bad = 1;
			}
			break;
		case FT_MONEY:
			if (parse_amount(t, &v) < 0) {
				quote(&q, t);
				strbuf_addf(&sb, _("%s: '%s' is not an amount (like 12.50)"), label, q.buf);
				bad = 1;
			}
			break;
		case FT_TIME:
			if (time_parse(t, NULL) < 0) {
				quote(&q, t);
				strbuf_addf(&sb, _("%s: '%s' is not a time (like 09:30)"), label, q.buf);
				bad = 1;
			}
			break;
		case FT_BOOL:
			if (strcmp(t, "0") != 0 && strcmp(t, "1") != 0) {
				strbuf_addf(&sb, _("%s must be yes or no"), label);
				bad = 1;
			}
			break;
		case FT_TEXT:
			if (strchr(t, '\n')) {
				strbuf_addf(&sb, _("%s must be one line"), label);
				bad = 1;
			}
			break;
		case FT_LINES:
			break;
		}
	}
	if (bad && msg)
		strbuf_adds(msg, sb.buf);
	strbuf_free(&sb);
	strbuf_free(&q);
	return bad ? -1 : 0;
}

int form_validate(const struct form *f, int touched_only, struct strbuf *msg)
{
	int any_touched = 0;

	for (size_t i = 0; i < f->n; i++) {
		const struct form_field *fd = &f->fields[i];

		if (fd->flags & FF_TOUCHED)
			any_touched = 1;
		/* A fixed field still loading is no fault of what was typed. */
		if (touched_only && (!(fd->flags & FF_TOUCHED) || fd->type == FT_FIXED))
			continue;
		if (form_field_check(f, i, msg) < 0)
			return (int)i;
	}
	/* The rule speaks once the user has changed anything. */
	if (f->rule && (!touched_only || any_touched)) {
		int i = f->rule(f, msg);

		if (i >= 0)
			return i;
	}
	return -1;
}

int form_rule_negative_taxable(const struct form *f, struct strbuf *msg)
{
	int a = form_find(f, "amount"), t = form_find(f, "taxable");
	long long cents;

	if (a < 0 || t < 0)
		return -1;
	if (parse_amount(form_text(f, (size_t)a), &cents) < 0 || cents >= 0)
		return -1;
	if (strcmp(form_text(f, (size_t)t), "1") != 0)
		return -1;
	if (msg)
		strbuf_addf(msg, _("%s: a negative amount cannot be taxable"),
		            _(f->fields[t].label));
	return t;
}

/* ------------------------------------------------------------- preview */

void form_pairs(const struct form *f, struct api_form *out)
{
	for (size_t i = 0; i < f->n; i++) {
		const struct form_field *fd = &f->fields[i];
		const char *t = strbuf_str(&fd->text);
		long long v;
		int secs;
		char buf[32];

		if (fd->flags & FF_NOSEND)
			continue;
		switch (fd->type) {
		case FT_BOOL:
			api_form_add(out, fd->name, strcmp(t, "1") == 0 ? "1" : "0");
			break;
		case FT_MONEY:
			if (*t && parse_amount(t, &v) == 0) {
				m_format_cents(v, buf);
				api_form_add(out, fd->name, buf);
			}
			break;
		case FT_TIME:
			if (*t && time_parse(t, &secs) == 0) {
				time_format(secs, buf);
				api_form_addf(out, fd->name, "%s%s%s", fd->day, *fd->day ? " " : "", buf);
			}
			break;
		case FT_INT:
		case FT_PICK:
			if (*t && api_parse_ll(t, &v) == 0 && !(v == 0 && (fd->flags & FF_OMIT0)))
				api_form_add_int(out, fd->name, v);
			break;
		case FT_FIXED:
		case FT_TEXT:
		case FT_LINES:
			if (*t)
				api_form_add(out, fd->name, t);
			break;
		}
	}
}

void form_preview_text(const struct form *f, const struct api_form *pairs, struct strbuf *out)
{
	strbuf_adds(out, f->path);
	strbuf_addc(out, '\n');
	for (size_t i = 0; i < pairs->n; i++) {
		const char *v = pairs->pairs[i].value;
		size_t indent = 2 + strlen(pairs->pairs[i].name) + 1;

		strbuf_addf(out, "  %s=", pairs->pairs[i].name);
		for (; *v; v++) {
			strbuf_addc(out, *v);
			if (*v == '\n')
				for (size_t k = 0; k < indent; k++)
					strbuf_addc(out, ' ');
		}
		strbuf_addc(out, '\n');
	}
}
