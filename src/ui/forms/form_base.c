/* form_base.c: a record as a form took its values (form.base), as text: made from a row, compared with the record as now known. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/forms/form_base.h"

/*
 * A stop's base is made and read in forms_stale.c, against the review that
 * holds the stop.  A subscription has no such table: the lead stage form
 * keeps the record as it read it, and what the console learns later (the
 * share's written/ read-back, a read after the changelog named it) is made
 * into the same text and compared here.  These are pure, for the tests.
 */

void form_base_lead(const struct m_subscription *s, struct strbuf *out)
{
	/* The stage's name last: it may hold a '|'. */
	strbuf_addf(out, "lead|%lld|%d|%s|%s", s->active == -3 ? s->lead_stage_id : 0LL, s->active,
	            s->updated, s->active == -3 && s->lead_stage ? s->lead_stage : "");
}

/* The next '|'-separated part of *p into buf (cut to size): 0, or -1 at
 * the end of the text. */
static int part(const char **p, char *buf, size_t size)
{
	const char *bar;
	size_t n;

	if (!*p)
		return -1;
	bar = strchr(*p, '|');
	n = bar ? (size_t)(bar - *p) : strlen(*p);
	snprintf(buf, size, "%.*s", (int)n, *p);
	*p = bar ? bar + 1 : NULL;
	return 0;
}

int form_base_lead_parse(const char *text, struct form_lead *b)
{
	char kind[8], num[24];
	const char *p = text;
	char *end;

	memset(b, 0, sizeof(*b));
	if (!text || part(&p, kind, sizeof(kind)) < 0 || strcmp(kind, "lead") != 0 ||
	    part(&p, num, sizeof(num)) < 0)
		return -1;
	b->stage = strtoll(num, &end, 10);
	if (*end || !*num || part(&p, num, sizeof(num)) < 0)
		return -1;
	b->active = (int)strtol(num, &end, 10);
	if (*end || !*num || part(&p, b->updated, sizeof(b->updated)) < 0 || !p)
		return -1;
	b->name = p;
	return 0;
}

int form_base_newer(const char *known, const char *row)
{
	struct form_lead k, r;

	if (form_base_lead_parse(known, &k) < 0 || form_base_lead_parse(row, &r) < 0)
		return 0;
	return !*k.updated || !*r.updated || strcmp(r.updated, k.updated) >= 0;
}

int form_base_lead_changed(const struct form_lead *was, const struct form_lead *now)
{
	/* A subscription that is no lead has no stage worth naming; the
	 * stage's name alone (renamed) is not what the form writes over. */
	if ((was->active == -3) != (now->active == -3))
		return 1;
	return was->active == -3 && was->stage != now->stage;
}
