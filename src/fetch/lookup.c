/* lookup.c: the customer index: records by id, the filters it answers, changes applied from the changelog's notes. */
#include "config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "api/jscan.h"
#include "api/values.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "fetch/lookup.h"

/* The operator of lookup_form_add_folded's pairs: no word the service
 * knows, so that one sent by mistake is refused, never answered. */
#define FOLDED_OP "routedesk:folded-startswith"

struct rec {
	long long id;
	char *text;  /* the record as the service sent it (or as a change made it) */
	size_t len;
	char **vals; /* per compared field: its text, or NULL (missing, null) */
};

struct lookup {
	const struct resource *res;
	const char **fields; /* the text fields its filters compare */
	size_t n_fields;
	struct rec *v;       /* ascending by id */
	size_t n, cap;
	long long *stale;    /* ascending, unique */
	size_t n_stale, cap_stale;
	long long upto;
	time_t built;
};

/* ------------------------------------------------------------- fields */

static int field_pos(const struct lookup *lk, const char *name, size_t len)
{
	for (size_t i = 0; i < lk->n_fields; i++)
		if (strlen(lk->fields[i]) == len && memcmp(lk->fields[i], name, len) == 0)
			return (int)i;
	return -1;
}

/* The fields named by "a|b|c" (or one name) that are not kept yet. */
static void keep_fields(struct lookup *lk, const char *names)
{
	const char *p = names;

	for (;;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);

		if (len && field_pos(lk, p, len) < 0) {
			lk->fields = xrealloc(lk->fields, (lk->n_fields + 1) * sizeof(*lk->fields));
			/* The table's strings are static; a part of "a|b" is cut. */
			lk->fields[lk->n_fields++] = bar ? xstrndup(p, len) : xstrdup(p);
		}
		if (!bar)
			break;
		p = bar + 1;
	}
}

struct lookup *lookup_new(const char *resource)
{
	const struct resource *r = resource ? res_find(resource) : NULL;
	struct lookup *lk;

	if (!r || !r->n_filters || !r->pk)
		return NULL;
	lk = xcalloc(1, sizeof(*lk));
	lk->res = r;
	for (size_t i = 0; i < r->n_filters; i++) {
		const struct res_filter *f = &r->filters[i];

		if (f->type == RT_TEXT && !(f->flags & (RQ_START | RQ_END)))
			keep_fields(lk, f->any ? f->any : f->field);
	}
	return lk;
}

static void rec_free(const struct lookup *lk, struct rec *r)
{
	free(r->text);
	for (size_t i = 0; r->vals && i < lk->n_fields; i++)
		free(r->vals[i]);
	free(r->vals);
}

void lookup_free(struct lookup *lk)
{
	if (!lk)
		return;
	for (size_t i = 0; i < lk->n; i++)
		rec_free(lk, &lk->v[i]);
	for (size_t i = 0; i < lk->n_fields; i++)
		free((char *)lk->fields[i]);
	free(lk->fields);
	free(lk->v);
	free(lk->stale);
	free(lk);
}

const char *lookup_resource(const struct lookup *lk)
{
	return lk->res->name;
}

size_t lookup_count(const struct lookup *lk)
{
	return lk->n;
}

long long lookup_upto(const struct lookup *lk)
{
	return lk->upto;
}

void lookup_set_upto(struct lookup *lk, long long upto)
{
	lk->upto = upto;
}

time_t lookup_built(const struct lookup *lk)
{
	return lk->built;
}

void lookup_set_built(struct lookup *lk, time_t when)
{
	lk->built = when;
}

int lookup_is_old(const struct lookup *lk, time_t now)
{
	return lk->built > now || now - lk->built > LOOKUP_MAX_AGE;
}

/* ---------------------------------------------------------- records */

/* Position of id, or where it would go (*found 0). */
static size_t find(const struct lookup *lk, long long id, int *found)
{
	size_t lo = 0, hi = lk->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (lk->v[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = lo < lk->n && lk->v[lo].id == id;
	return lo;
}

/* A compared field's value as the service's LIKE sees it: a string's
 * text, a number in decimal, a boolean as 1 or 0; null, missing and
 * containers are NULL (LIKE matches nothing). */
static char *value_text(const cJSON *v)
{
	struct strbuf sb = STRBUF_INIT;

	if (!cJSON_IsString(v) && !cJSON_IsNumber(v) && !cJSON_IsBool(v))
		return NULL;
	api_value_text(v, &sb);
	return strbuf_detach(&sb, NULL);
}

/* Puts rec (parsed from text[0..len)) in the index: 0, or -1 without an id. */
static int put(struct lookup *lk, const cJSON *rec, const char *text, size_t len)
{
	long long id = 0;
	struct rec r;
	size_t at;
	int found;

	if (api_field_int(rec, lk->res->pk, &id) != API_V_OK || id <= 0)
		return -1;
	r.id = id;
	r.text = xstrndup(text, len);
	r.len = len;
	r.vals = xcalloc(lk->n_fields ? lk->n_fields : 1, sizeof(*r.vals));
	for (size_t i = 0; i < lk->n_fields; i++)
		r.vals[i] = value_text(cJSON_GetObjectItemCaseSensitive(rec, lk->fields[i]));
	at = find(lk, id, &found);
	if (found) {
		rec_free(lk, &lk->v[at]);
	} else {
		if (lk->n == lk->cap) {
			lk->cap = lk->cap ? lk->cap * 2 : 256;
			lk->v = xrealloc(lk->v, lk->cap * sizeof(*lk->v));
		}
		memmove(lk->v + at + 1, lk->v + at, (lk->n - at) * sizeof(*lk->v));
		lk->n++;
	}
	lk->v[at] = r;
	lookup_clear_stale(lk, &id, 1);
	return 0;
}

static void take_one(void *ctx, const char *v, size_t len)
{
	struct lookup *lk = ctx;
	/* One record's tree at a time, never the page's. */
	cJSON *rec = cJSON_ParseWithLength(v, len);

	if (cJSON_IsObject(rec))
		(void)put(lk, rec, v, len);
	cJSON_Delete(rec);
}

int lookup_take_text(struct lookup *lk, const char *json, size_t len)
{
	return api_json_array_each(json, len, take_one, lk) < 0 ? -1 : 0;
}

void lookup_drop(struct lookup *lk, long long id)
{
	int found;
	size_t at = find(lk, id, &found);

	if (!found)
		return;
	rec_free(lk, &lk->v[at]);
	memmove(lk->v + at, lk->v + at + 1, (lk->n - at - 1) * sizeof(*lk->v));
	lk->n--;
}

/* ------------------------------------------------------------ stale */

static void mark_stale(struct lookup *lk, long long id)
{
	size_t lo = 0, hi = lk->n_stale;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (lk->stale[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < lk->n_stale && lk->stale[lo] == id)
		return;
	if (lk->n_stale == lk->cap_stale) {
		lk->cap_stale = lk->cap_stale ? lk->cap_stale * 2 : 16;
		lk->stale = xrealloc(lk->stale, lk->cap_stale * sizeof(*lk->stale));
	}
	memmove(lk->stale + lo + 1, lk->stale + lo, (lk->n_stale - lo) * sizeof(*lk->stale));
	lk->stale[lo] = id;
	lk->n_stale++;
}

static int cmp_id(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static int is_stale(const struct lookup *lk, long long id)
{
	return lk->n_stale &&
	       bsearch(&id, lk->stale, lk->n_stale, sizeof(*lk->stale), cmp_id) != NULL;
}

const long long *lookup_stale(const struct lookup *lk, size_t *n)
{
	*n = lk->n_stale;
	return lk->stale;
}

void lookup_clear_stale(struct lookup *lk, const long long *ids, size_t n)
{
	size_t keep = 0;

	if (!lk->n_stale || !n)
		return;
	for (size_t i = 0; i < lk->n_stale; i++) {
		int gone = 0;

		for (size_t k = 0; k < n && !gone; k++)
			gone = ids[k] == lk->stale[i];
		if (!gone)
			lk->stale[keep++] = lk->stale[i];
	}
	lk->n_stale = keep;
}

/* cJSON's type without its flag bits. */
static int json_type(const cJSON *v)
{
	int t = v->type & 0xFF;

	return t == cJSON_True ? cJSON_False : t;
}

/* The change's new values into the record: 1 when notes say them all
 * plainly (see lookup.h), else 0 (nothing changed). */
static int apply_notes(struct lookup *lk, size_t at, const char *notes)
{
	cJSON *n = notes ? cJSON_Parse(notes) : NULL;
	cJSON *rec = NULL, *m;
	char *text = NULL;
	int ok = cJSON_IsObject(n) && n->child;

	if (ok)
		rec = cJSON_ParseWithLength(lk->v[at].text, lk->v[at].len);
	ok = ok && cJSON_IsObject(rec);
	/* A write stamps dateUpdated after it lists what changed: notes that
	 * do not give it cannot rebuild the record (the sandbox's writes;
	 * --live's balance changes do give it). */
	if (ok && cJSON_GetObjectItemCaseSensitive(rec, "dateUpdated"))
		ok = cJSON_GetObjectItemCaseSensitive(n, "dateUpdated") != NULL;
	for (m = ok ? n->child : NULL; m && ok; m = m->next) {
		const cJSON *nv = cJSON_GetObjectItemCaseSensitive(m, "new");
		const cJSON *was = cJSON_GetObjectItemCaseSensitive(rec, m->string);

		ok = m->string && strcmp(m->string, lk->res->pk) != 0 &&
		     res_field_index(lk->res, m->string) >= 0 && nv && was &&
		     !cJSON_IsObject(nv) && !cJSON_IsArray(nv) && json_type(nv) == json_type(was);
		if (ok)
			cJSON_ReplaceItemInObjectCaseSensitive(rec, m->string, cJSON_Duplicate(nv, 1));
	}
	if (ok) {
		text = cJSON_PrintUnformatted(rec);
		if (!text)
			abort();
		ok = put(lk, rec, text, strlen(text)) == 0;
		cJSON_free(text);
	}
	cJSON_Delete(rec);
	cJSON_Delete(n);
	return ok;
}

int lookup_apply(struct lookup *lk, long long id, const char *notes)
{
	int found;
	size_t at = find(lk, id, &found);

	if (found && !is_stale(lk, id) && apply_notes(lk, at, notes))
		return 1;
	mark_stale(lk, id);
	return 0;
}

long long lookup_note_change(int class_id, const char *notes)
{
	const struct resource *c = res_find("customer"), *note = res_find("note");
	cJSON *n;
	const cJSON *id;
	long long v = 0;

	if (!notes || !c || !note || !c->class_id || class_id != c->class_id ||
	    res_field_index(c, note->pk) >= 0)
		return 0;
	n = cJSON_Parse(notes);
	id = cJSON_GetObjectItemCaseSensitive(n, note->pk);
	/* A delete's pair: the id it had. */
	if (cJSON_IsObject(id))
		id = cJSON_GetObjectItemCaseSensitive(id, "old");
	if (cJSON_IsString(id) && id->valuestring[0] >= '1' && id->valuestring[0] <= '9') {
		char *end;

		v = strtoll(id->valuestring, &end, 10);
		if (*end || v == LLONG_MAX)
			v = 0;
	}
	cJSON_Delete(n);
	return v;
}

/* ---------------------------------------------------------- answers */

/* One filter the index can evaluate. */
struct cond {
	enum { C_ID, C_PHONE, C_STARTS, C_ENDS, C_CONTAINS, C_LIKE, C_FOLDED, C_NONE } op;
	long long id;
	char *value;
	int fields[4];  /* positions in lk->fields */
	size_t n_fields;
};

static int ten_digits(const char *s)
{
	size_t n = 0;

	while (s[n] >= '0' && s[n] <= '9')
		n++;
	return n == 10 && s[n] == '\0';
}

/* The fields a filter compares, as positions. */
static int cond_fields(const struct lookup *lk, const struct res_filter *f, struct cond *c)
{
	const char *p = f->any ? f->any : f->field;

	for (;;) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		int pos = field_pos(lk, p, len);

		if (pos < 0 || c->n_fields == sizeof(c->fields) / sizeof(c->fields[0]))
			return -1;
		c->fields[c->n_fields++] = pos;
		if (!bar)
			return 0;
		p = bar + 1;
	}
}

/* A form pair as a condition: 0, or -1 when the index cannot answer it as
 * the service would. */
static int cond_parse(const struct lookup *lk, const struct api_pair *pr, struct cond *c)
{
	const struct res_filter *f = res_filter_find(lk->res, pr->name);
	cJSON *q, *op, *v;
	char *end;

	memset(c, 0, sizeof(*c));
	if (!f || pr->is_file)
		return -1;
	if (strcmp(f->field, lk->res->pk) == 0 && f->type == RT_INT) {
		/* One id, as `:cust 12345` asks it. */
		c->op = C_ID;
		c->id = strtoll(pr->value, &end, 10);
		return pr->value[0] >= '0' && pr->value[0] <= '9' && *end == '\0' ? 0 : -1;
	}
	if (f->type != RT_TEXT || cond_fields(lk, f, c) < 0)
		return -1;
	if (f->flags & RQ_PHONE) {
		/* The live service: exactly 10 digits, or nothing matches. */
		if (pr->value[0] == '{' || pr->value[0] == '[')
			return -1;
		c->op = ten_digits(pr->value) ? C_PHONE : C_NONE;
		c->value = xstrdup(pr->value);
		return 0;
	}
	if (pr->value[0] != '{')
		return -1; /* a plain value: equality, which the index does not answer */
	q = cJSON_Parse(pr->value);
	op = cJSON_GetObjectItemCaseSensitive(q, "operator");
	v = cJSON_GetObjectItemCaseSensitive(q, "value");
	if (cJSON_IsString(op) && cJSON_IsString(v)) {
		c->op = strcasecmp(op->valuestring, "STARTSWITH") == 0 ? C_STARTS :
		        strcasecmp(op->valuestring, "ENDSWITH") == 0   ? C_ENDS :
		        strcasecmp(op->valuestring, "CONTAINS") == 0   ? C_CONTAINS :
		        strcasecmp(op->valuestring, "LIKE") == 0       ? C_LIKE :
		        strcmp(op->valuestring, FOLDED_OP) == 0        ? C_FOLDED : C_NONE;
		if (c->op == C_FOLDED) {
			struct strbuf t = STRBUF_INIT;

			utf8_search_fold(&t, v->valuestring, strlen(v->valuestring), 0);
			c->value = strbuf_detach(&t, NULL);
		} else if (c->op != C_NONE) {
			c->value = xstrdup(v->valuestring);
		}
	}
	cJSON_Delete(q);
	return c->value ? 0 : -1;
}

void lookup_form_add_folded(struct api_form *f, const char *field, const char *text)
{
	cJSON *q = cJSON_CreateObject();
	char *t;

	cJSON_AddStringToObject(q, "operator", FOLDED_OP);
	cJSON_AddStringToObject(q, "value", text);
	t = cJSON_PrintUnformatted(q);
	if (!q || !t)
		abort();
	api_form_add(f, field, t);
	cJSON_free(t);
	cJSON_Delete(q);
}

int lookup_form_local(const struct api_form *f)
{
	for (size_t i = 0; f && i < f->n; i++)
		if (f->pairs[i].value && f->pairs[i].value[0] == '{' &&
		    strstr(f->pairs[i].value, FOLDED_OP))
			return 1;
	return 0;
}

/* hay, folded as a look-up compares it, starts with needle (folded
 * already): plainly ("muller" for Müller) or, for a German name, with
 * its umlauts as two letters ("mueller"). */
static int folded_starts(const char *hay, const char *needle)
{
	struct strbuf t = STRBUF_INIT;
	size_t n = strlen(needle);
	int yes;

	utf8_search_fold(&t, hay, strlen(hay), 0);
	yes = t.len >= n && memcmp(t.buf, needle, n) == 0;
	if (!yes) {
		strbuf_reset(&t);
		utf8_search_fold(&t, hay, strlen(hay), 1);
		yes = t.len >= n && memcmp(t.buf, needle, n) == 0;
	}
	strbuf_free(&t);
	return yes;
}

static int fold(int c)
{
	return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

/* s[0..n) equals the needle, ASCII letters without case (as LIKE). */
static int same_folded(const char *s, const char *needle, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (fold((unsigned char)s[i]) != fold((unsigned char)needle[i]))
			return 0;
	return 1;
}

/* Past one UTF-8 character of s (not at its end). */
static const char *next_char(const char *s)
{
	s++;
	while (((unsigned char)*s & 0xC0) == 0x80)
		s++;
	return s;
}

/* hay LIKE pat as the service (the sandbox's SQLite) reads it, without
 * ESCAPE: % any run of characters, _ one character, ASCII letters without
 * case, every other byte itself.  The last % is tried at each character
 * after it in turn (no recursion: a pattern of many % stays linear per
 * retry). */
static int like_matches(const char *s, const char *p)
{
	const char *star_p = NULL, *star_s = NULL;

	while (*s) {
		if (*p == '%') {
			while (*p == '%')
				p++;
			star_p = p;
			star_s = s;
		} else if (*p == '_') {
			p++;
			s = next_char(s);
		} else if (*p && fold((unsigned char)*p) == fold((unsigned char)*s)) {
			p++;
			s++;
		} else if (star_p) {
			star_s = next_char(star_s);
			s = star_s;
			p = star_p;
		} else {
			return 0;
		}
	}
	while (*p == '%')
		p++;
	return *p == '\0';
}

static int text_matches(const char *hay, const struct cond *c)
{
	size_t h = strlen(hay), n = strlen(c->value);

	if (c->op == C_LIKE)
		return like_matches(hay, c->value);
	if (c->op == C_FOLDED)
		return folded_starts(hay, c->value);
	if (n > h)
		return 0;
	switch (c->op) {
	case C_STARTS:
		return same_folded(hay, c->value, n);
	case C_ENDS:
		return same_folded(hay + h - n, c->value, n);
	case C_CONTAINS:
		for (size_t i = 0; i + n <= h; i++)
			if (same_folded(hay + i, c->value, n))
				return 1;
		return 0;
	case C_PHONE:
		return h == n && memcmp(hay, c->value, n) == 0;
	default:
		return 0;
	}
}

static int cond_matches(const struct cond *c, const struct rec *r)
{
	if (c->op == C_ID)
		return r->id == c->id;
	for (size_t i = 0; i < c->n_fields; i++) {
		const char *v = r->vals[c->fields[i]];

		if (v && text_matches(v, c))
			return 1;
	}
	return 0;
}

int lookup_answer(const struct lookup *lk, const struct api_form *form, long long **ids,
                  size_t *n)
{
	size_t nc = form ? form->n : 0, k = 0;
	struct cond *cs = xcalloc(nc ? nc : 1, sizeof(*cs));
	int rc = 0;

	*ids = NULL;
	*n = 0;
	for (size_t i = 0; i < nc && rc == 0; i++)
		rc = cond_parse(lk, &form->pairs[i], &cs[i]);
	if (rc == 0) {
		for (size_t i = 0; i < lk->n; i++) {
			int all = 1;

			for (size_t j = 0; j < nc && all; j++)
				all = cond_matches(&cs[j], &lk->v[i]);
			if (!all)
				continue;
			if (k == 0 || (k & (k - 1)) == 0)
				*ids = xrealloc(*ids, (k ? 2 * k : 1) * sizeof(**ids));
			(*ids)[k++] = lk->v[i].id;
		}
		*n = k;
	}
	for (size_t i = 0; i < nc; i++)
		free(cs[i].value);
	free(cs);
	return rc;
}

int lookup_has_all(const struct lookup *lk, const long long *ids, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int found;

		find(lk, ids[i], &found);
		if (!found || is_stale(lk, ids[i]))
			return 0;
	}
	return 1;
}

size_t lookup_rows_text(const struct lookup *lk, const long long *ids, size_t n,
                        struct strbuf *out)
{
	size_t k = 0;

	strbuf_addc(out, '[');
	for (size_t i = 0; i < n; i++) {
		int found;
		size_t at = find(lk, ids[i], &found);

		if (!found)
			continue;
		if (k++)
			strbuf_addc(out, ',');
		strbuf_add(out, lk->v[at].text, lk->v[at].len);
	}
	strbuf_addc(out, ']');
	return k;
}

/* ------------------------------------------------------------ files */

void lookup_save(const struct lookup *lk, const char *url, struct strbuf *out)
{
	cJSON *s = cJSON_CreateStringReference(url);
	char *u = cJSON_PrintUnformatted(s);

	cJSON_Delete(s);
	if (!u)
		abort();
	strbuf_addf(out, "{\"url\":%s,\"resource\":\"%s\",\"upto\":%lld,\"built\":%lld,\"records\":[",
	            u, lk->res->name, lk->upto, (long long)lk->built);
	cJSON_free(u);
	for (size_t i = 0; i < lk->n; i++) {
		if (i)
			strbuf_addc(out, ',');
		strbuf_add(out, lk->v[i].text, lk->v[i].len);
	}
	strbuf_adds(out, "]}");
}

int lookup_load(struct lookup *lk, const char *url, const char *text, size_t len)
{
	const char *end = text + len, *p = api_json_ws(text, end);
	const char *recs = NULL, *recs_end = NULL;
	struct strbuf key = STRBUF_INIT, val = STRBUF_INIT;
	int url_ok = 0, res_ok = 0, rc = -1;
	double upto = -1, built = -1;

	if (p >= end || *p != '{')
		return -1;
	p = api_json_ws(p + 1, end);
	/* The members read with the scanner: the records are checked and
	 * parsed one at a time by lookup_take_text, never as one tree. */
	while (p < end && *p == '"') {
		const char *v, *v_end;

		strbuf_reset(&key);
		p = api_json_string(p, end, &key);
		p = p ? api_json_ws(p, end) : NULL;
		if (!p || p >= end || *p != ':')
			goto out;
		v = api_json_ws(p + 1, end);
		v_end = api_json_skip(v, end, 1, NULL);
		if (!v_end)
			goto out;
		strbuf_reset(&val);
		if (strcmp(key.buf, "url") == 0)
			url_ok = *v == '"' && api_json_string(v, end, &val) && strcmp(val.buf, url) == 0;
		else if (strcmp(key.buf, "resource") == 0)
			res_ok = *v == '"' && api_json_string(v, end, &val) &&
			         strcmp(val.buf, lk->res->name) == 0;
		else if (strcmp(key.buf, "upto") == 0 && (*v == '-' || (*v >= '0' && *v <= '9')))
			(void)api_json_number(v, end, &upto);
		else if (strcmp(key.buf, "built") == 0 && (*v == '-' || (*v >= '0' && *v <= '9')))
			(void)api_json_number(v, end, &built);
		else if (strcmp(key.buf, "records") == 0 && *v == '[') {
			recs = v;
			recs_end = v_end;
		}
		p = api_json_ws(v_end, end);
		if (p < end && *p == ',')
			p = api_json_ws(p + 1, end);
	}
	if (p >= end || *p != '}' || !url_ok || !res_ok || upto < 0 || built < 0 || !recs)
		goto out;
	if (lookup_take_text(lk, recs, (size_t)(recs_end - recs)) < 0)
		goto out;
	lk->upto = (long long)upto;
	lk->built = (time_t)built;
	rc = 0;
out:
	strbuf_free(&key);
	strbuf_free(&val);
	return rc;
}
