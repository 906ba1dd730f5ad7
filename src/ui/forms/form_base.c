/* form_base.c: a record as a form took its values (form.base), as text: made from a row, compared with the record as now known. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/values.h"
#include "ui/forms/form_base.h"

/*
 * A stop's base is made and read in forms_stale.c, against the review that
 * holds the stop.  A subscription or a ticket has no such table: the lead
 * stage form and the add-on forms keep the record (the stage, the item
 * they update) as they read it, and what the console learns later (the
 * share's written/ read-back, a read after the changelog named it) is made
 * into the same text and compared here.  These are pure, for the tests.
 */

void form_base_lead(const struct m_subscription *s, struct strbuf *out)
{
	/* The stage's name last: it may hold a '|'. */
	strbuf_addf(out, "lead|%lld|%d|%s|%s", s->active == -3 ? s->lead_stage_id : 0LL, s->active,
	            s->updated, s->active == -3 && s->lead_stage ? s->lead_stage : "");
}

int form_base_next_part(const char **p, char *buf, size_t size)
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
	if (!text || form_base_next_part(&p, kind, sizeof(kind)) < 0 || strcmp(kind, "lead") != 0 ||
	    form_base_next_part(&p, num, sizeof(num)) < 0)
		return -1;
	b->stage = strtoll(num, &end, 10);
	if (*end || !*num || form_base_next_part(&p, num, sizeof(num)) < 0)
		return -1;
	b->active = (int)strtol(num, &end, 10);
	if (*end || !*num || form_base_next_part(&p, b->updated, sizeof(b->updated)) < 0 || !p)
		return -1;
	b->name = p;
	return 0;
}

int form_base_newer(const char *known, const char *row)
{
	struct form_lead k, r;

	if (form_base_lead_parse(known, &k) < 0 || form_base_lead_parse(row, &r) < 0)
		return 1;
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

/* ------------------------------------------------------ an add-on item */

const char *const form_base_item_fields[FORM_ITEM_FIELDS] = {
	"productID", "quantity", "amount", "taxable", "creditTo", "unitID", "description",
};

void form_base_item(const cJSON *items, const char *key, long long id, struct strbuf *out)
{
	const cJSON *it, *found = NULL, *arr = cJSON_IsArray(items) ? items : NULL;
	long long v;

	cJSON_ArrayForEach(it, arr)
		if (api_field_int(it, key, &v) == API_V_OK && v == id)
			found = it;
	if (!found) {
		strbuf_addf(out, "gone|%lld", id);
		return;
	}
	strbuf_addf(out, "item|%lld", id);
	for (int i = 0; i < FORM_ITEM_FIELDS; i++) {
		const cJSON *m = cJSON_GetObjectItemCaseSensitive(found, form_base_item_fields[i]);
		struct strbuf val = STRBUF_INIT;

		if (m && !cJSON_IsNull(m))
			api_value_text(m, &val);
		strbuf_addc(out, '|');
		/* Only the last may hold the separator: the others are
		 * numbers, and one that is not is cut at it. */
		if (i < FORM_ITEM_FIELDS - 1 && strchr(strbuf_str(&val), '|'))
			strbuf_addf(out, "%.*s", (int)(strchr(val.buf, '|') - val.buf), val.buf);
		else
			strbuf_adds(out, strbuf_str(&val));
		strbuf_free(&val);
	}
}

/* The kind ("item", "gone") and id of an item base, and where its
 * values begin (NULL for "gone"): 0, or -1. */
static int item_head(const char *base, char *kind, long long *id, const char **values)
{
	char num[24];
	const char *p = base;
	char *end;

	if (!base || form_base_next_part(&p, kind, 8) < 0 || (strcmp(kind, "item") && strcmp(kind, "gone")) ||
	    form_base_next_part(&p, num, sizeof(num)) < 0 || !*num)
		return -1;
	*id = strtoll(num, &end, 10);
	*values = p;
	return *end ? -1 : 0;
}

int form_base_item_value(const char *base, int i, struct strbuf *out)
{
	char kind[8];
	long long id;
	const char *p, *bar;

	if (i < 0 || i >= FORM_ITEM_FIELDS || item_head(base, kind, &id, &p) < 0 ||
	    strcmp(kind, "item") != 0)
		return -1;
	for (int k = 0; k < i; k++) {
		if (!p || !(bar = strchr(p, '|')))
			return -1;
		p = bar + 1;
	}
	if (!p)
		return -1;
	bar = i < FORM_ITEM_FIELDS - 1 ? strchr(p, '|') : NULL;
	if (i < FORM_ITEM_FIELDS - 1 && !bar)
		return -1;
	strbuf_addf(out, "%.*s", (int)(bar ? (size_t)(bar - p) : strlen(p)), p);
	return 0;
}

int form_base_item_changed(const char *was, const char *now, unsigned *fields)
{
	char kw[8], kn[8];
	long long iw, in;
	const char *pw, *pn;
	int rc = 0;

	*fields = 0;
	if (item_head(was, kw, &iw, &pw) < 0 || item_head(now, kn, &in, &pn) < 0 || iw != in)
		return -1;
	if (strcmp(kn, "gone") == 0)
		return strcmp(kw, "gone") == 0 ? 0 : 2;
	if (strcmp(kw, "gone") == 0)
		return -1;
	for (int i = 0; i < FORM_ITEM_FIELDS; i++) {
		struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

		if (form_base_item_value(was, i, &a) < 0 || form_base_item_value(now, i, &b) < 0)
			rc = -1;
		else if (strcmp(strbuf_str(&a), strbuf_str(&b)) != 0)
			*fields |= 1u << i;
		strbuf_free(&a);
		strbuf_free(&b);
	}
	if (rc < 0)
		return -1;
	return *fields ? 1 : 0;
}
