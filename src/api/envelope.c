/* envelope.c: the answer envelope, its usage counters and named payloads. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "api/envelope.h"
#include "api/jscan.h"
#include "api/values.h"
#include "common/i18n.h"
#include "common/strbuf.h"

static const cJSON *member(const cJSON *obj, const char *name)
{
	return cJSON_GetObjectItemCaseSensitive(obj, name);
}

/* A counter as a JSON number or a string of digits; 0 when absent or odd. */
static int counter(const cJSON *obj, const char *name, long *out)
{
	struct api_value v;

	if (api_value_decode(member(obj, name), RT_INT, &v) != API_V_OK || v.i < 0)
		return -1;
	*out = (long)v.i;
	return 0;
}

static void read_usage(struct api_answer *a)
{
	const cJSON *u = member(a->root, "tokenUsage");
	const cJSON *l = member(a->root, "tokenLimits");

	if (cJSON_IsObject(u) &&
	    counter(u, "requestsReadToday", &a->usage.read_today) == 0 &&
	    counter(u, "requestsWriteToday", &a->usage.write_today) == 0 &&
	    counter(u, "requestsReadInLastMinute", &a->usage.read_minute) == 0 &&
	    counter(u, "requestsWriteInLastMinute", &a->usage.write_minute) == 0)
		a->have_usage = 1;
	if (cJSON_IsObject(l) &&
	    counter(l, "limitReadRequestsPerMinute", &a->limits.read_minute) == 0 &&
	    counter(l, "limitReadRequestsPerDay", &a->limits.read_day) == 0 &&
	    counter(l, "limitWriteRequestsPerMinute", &a->limits.write_minute) == 0 &&
	    counter(l, "limitWriteRequestsPerDay", &a->limits.write_day) == 0)
		a->have_limits = 1;
}

/* Shows where a body went wrong without echoing it whole (it may be
 * megabytes, and an echoed request could carry a credential). */
static void snippet(struct strbuf *sb, const char *body, size_t len)
{
	size_t n = len < 40 ? len : 40;

	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)body[i];

		strbuf_addc(sb, c >= 0x20 && c < 0x7f ? (char)c : '.');
	}
	if (n < len)
		strbuf_adds(sb, "...");
}

int api_envelope_parse(const char *body, size_t len, long http_status,
                       struct api_answer *out, struct api_error *err)
{
	const cJSON *s, *e, *p, *ig;
	const char *end = NULL;

	memset(out, 0, sizeof(*out));
	out->http_status = http_status;
	if (!body || !len) {
		api_error_set(err, API_ERR_DECODE, http_status, NULL,
		              _("empty answer (HTTP %ld)"), http_status);
		return -1;
	}
	out->root = cJSON_ParseWithLengthOpts(body, len, &end, 0);
	/* Whitespace may follow the object; anything else means the answer
	 * is not what it seems (two answers glued, a proxy's trailer). */
	if (out->root && end) {
		size_t rest = len - (size_t)(end - body);

		for (; rest && (*end == ' ' || *end == '\n' || *end == '\r' || *end == '\t'); rest--)
			end++;
		if (rest) {
			cJSON_Delete(out->root);
			out->root = NULL;
		}
	}
	if (!out->root || !cJSON_IsObject(out->root)) {
		struct strbuf sb = STRBUF_INIT;

		snippet(&sb, body, len);
		api_error_set(err, API_ERR_DECODE, http_status, NULL,
		              _("answer is not a JSON object (HTTP %ld, %zu bytes: %s)"),
		              http_status, len, strbuf_str(&sb));
		strbuf_free(&sb);
		cJSON_Delete(out->root);
		out->root = NULL;
		return -1;
	}
	s = member(out->root, "success");
	if (!cJSON_IsBool(s)) {
		api_error_set(err, API_ERR_DECODE, http_status, NULL,
		              _("answer has no boolean \"success\" (HTTP %ld)"), http_status);
		cJSON_Delete(out->root);
		out->root = NULL;
		return -1;
	}
	out->success = cJSON_IsTrue(s);
	e = member(out->root, "errorMessage");
	if (cJSON_IsString(e))
		out->error_message = e->valuestring;
	p = member(out->root, "propertyName");
	if (cJSON_IsString(p) && *p->valuestring)
		out->property = p->valuestring;
	ig = member(out->root, "ignoredParams");
	if (cJSON_IsArray(ig))
		out->ignored = ig;
	read_usage(out);
	return 0;
}

void api_answer_free(struct api_answer *a)
{
	if (!a)
		return;
	cJSON_Delete(a->root);
	free(a->ids);
	free(a->no_data);
	memset(a, 0, sizeof(*a));
}

int api_is_quota_message(const char *message)
{
	return message && strstr(message, "maximum number of") &&
	       (strstr(message, "read requests") || strstr(message, "write requests"));
}

int api_is_minute_quota_message(const char *message)
{
	return api_is_quota_message(message) && strstr(message, "per minute");
}

int api_answer_check(const struct api_answer *a, struct api_error *err)
{
	const char *msg = a->error_message;

	if (a->success)
		return 0;
	if (api_is_quota_message(msg))
		api_error_set(err, API_ERR_QUOTA, a->http_status, msg, _("over quota: %s"), msg);
	else
		api_error_set(err, API_ERR_API, a->http_status, msg, "%s",
		              msg && *msg ? msg
		                          : _("the service answered success:false with no message"));
	return -1;
}

/* An array whose every element is an integer (number or digit string). */
static int id_array(const cJSON *arr, long long **ids, size_t *n)
{
	struct api_value v;

	*ids = NULL;
	*n = 0;
	if (!cJSON_IsArray(arr))
		return -1;
	if (api_value_decode(arr, RT_IDLIST, &v) != API_V_OK)
		return -1;
	*ids = v.ids;
	*n = v.n_ids;
	return 0;
}

static int need_property(struct api_answer *a, const char *what, struct api_error *err)
{
	if (a->property)
		return 0;
	api_error_set(err, API_ERR_DECODE, a->http_status, NULL,
	              /* TRANSLATORS: %s is an operation (search, get, by-id), in English. */
	              _("%s answer has no \"propertyName\" naming its payload"), what);
	return -1;
}

int api_answer_search(struct api_answer *a, int include_data, struct api_error *err)
{
	struct strbuf name = STRBUF_INIT;
	const cJSON *pd, *recs;
	int rc = -1;

	if (need_property(a, "search", err) < 0)
		return -1;
	/* Read from the text already (api_envelope_parse_raw), where the
	 * tree holds an empty array. */
	if (a->ids_from_text) {
		if (!cJSON_IsArray(member(a->root, a->property)))
			goto bad_ids;
	} else if (id_array(member(a->root, a->property), &a->ids, &a->n_ids) < 0) {
bad_ids:
		api_error_set(err, API_ERR_DECODE, a->http_status, NULL,
		              _("search answer's \"%s\" is not an array of ids"), a->property);
		return -1;
	}
	if (!include_data)
		return 0;
	strbuf_addf(&name, "%sNoDataExported", a->property);
	if (a->ids_from_text) {
		if (!cJSON_IsArray(member(a->root, name.buf)))
			goto bad_no_data;
	} else if (id_array(member(a->root, name.buf), &a->no_data, &a->n_no_data) < 0) {
bad_no_data:
		api_error_set(err, API_ERR_DECODE, a->http_status, NULL,
		              _("search answer has no array of ids \"%s\""), name.buf);
		goto out;
	}
	pd = member(a->root, "propertyNameData");
	if (!cJSON_IsString(pd) || !*pd->valuestring) {
		api_error_set(err, API_ERR_DECODE, a->http_status, NULL,
		              _("search answer has no \"propertyNameData\" naming its records"));
		goto out;
	}
	recs = member(a->root, pd->valuestring);
	if (!cJSON_IsArray(recs)) {
		api_error_set(err, API_ERR_DECODE, a->http_status, NULL,
		              _("search answer's \"%s\" is not an array of records"), pd->valuestring);
		goto out;
	}
	a->records = recs;
	rc = 0;
out:
	strbuf_free(&name);
	return rc;
}

int api_answer_get(struct api_answer *a, struct api_error *err)
{
	const cJSON *recs;

	if (need_property(a, "get", err) < 0)
		return -1;
	recs = member(a->root, a->property);
	if (!cJSON_IsArray(recs)) {
		api_error_set(err, API_ERR_DECODE, a->http_status, NULL,
		              _("get answer's \"%s\" is not an array of records"), a->property);
		return -1;
	}
	a->records = recs;
	return 0;
}

int api_answer_byid(struct api_answer *a, struct api_error *err)
{
	const cJSON *rec;

	if (need_property(a, "by-id", err) < 0)
		return -1;
	rec = member(a->root, a->property);
	if (!cJSON_IsObject(rec)) {
		api_error_set(err, API_ERR_DECODE, a->http_status, NULL,
		              _("by-id answer's \"%s\" is not a record"), a->property);
		return -1;
	}
	a->record = rec;
	return 0;
}

void api_answer_write(struct api_answer *a, const char *id_member)
{
	struct api_value v;

	if (api_value_decode(member(a->root, "result"), RT_INT, &v) == API_V_OK) {
		a->have_result = 1;
		a->result = v.i;
	}
	if (id_member &&
	    api_value_decode(member(a->root, id_member), RT_INT, &v) == API_V_OK) {
		a->have_member_id = 1;
		a->member_id = v.i;
	}
}

int api_answer_write_id(const struct api_answer *a, long long *id)
{
	if (a->have_result) {
		*id = a->result;
		return 1;
	}
	if (a->have_member_id) {
		*id = a->member_id;
		return 1;
	}
	return 0;
}

/* ------------------------------------------------- records left as text */

/* A top-level member: its decoded name and where its value lies. */
struct span {
	char *name;
	const char *v, *v_end;
	size_t n; /* elements, when an array */
};

/* The answer's top-level members in order, or -1 when the text is not one
 * object cJSON would read (the caller then parses it whole for its error). */
static int scan_members(const char *body, size_t len, struct span **out, size_t *n_out)
{
	const char *p = body, *end = body + len;
	struct strbuf name = STRBUF_INIT;
	struct span *v = NULL;
	size_t n = 0, cap = 0;

	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	p = api_json_ws(p, end);
	if (p >= end || *p != '{')
		goto bad;
	p = api_json_ws(p + 1, end);
	if (p < end && *p == '}')
		goto done;
	for (;;) {
		struct span sp = { NULL, NULL, NULL, 0 };

		strbuf_reset(&name);
		p = api_json_string(api_json_ws(p, end), end, &name);
		if (!p)
			goto bad;
		p = api_json_ws(p, end);
		if (p >= end || *p != ':')
			goto bad;
		sp.v = api_json_ws(p + 1, end);
		if (!(sp.v_end = api_json_skip(sp.v, end, 1, &sp.n)))
			goto bad;
		sp.name = xstrdup(strbuf_str(&name));
		if (n == cap) {
			cap = cap ? 2 * cap : 32;
			v = xrealloc(v, cap * sizeof(*v));
		}
		v[n++] = sp;
		p = api_json_ws(sp.v_end, end);
		if (p < end && *p == ',') {
			p++;
			continue;
		}
		break;
	}
	if (p >= end || *p != '}')
		goto bad;
done:
	strbuf_free(&name);
	*out = v;
	*n_out = n;
	return 0;
bad:
	strbuf_free(&name);
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	return -1;
}

/* The first member named name, as cJSON_GetObjectItemCaseSensitive. */
static const struct span *span_find(const struct span *v, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i].name, name) == 0)
			return &v[i];
	return NULL;
}

/* A search page's id list as plain whole numbers ([1,2,3], no sign, no
 * leading zero, at most 15 digits: what id_array reads the same from the
 * tree) into *ids; -1 for anything else, left to the tree. */
static int plain_ids(const struct span *sp, long long **ids, size_t *n_ids)
{
	const char *p = sp->v + 1, *end = sp->v_end - 1;
	size_t i = 0;

	*ids = xmalloc((sp->n ? sp->n : 1) * sizeof(**ids));
	p = api_json_ws(p, end);
	while (p < end) {
		const char *d = p;
		long long x = 0;

		/* Digits past the 15th are counted, not added: the id is
		 * refused below, and adding them would overflow x. */
		for (; p < end && *p >= '0' && *p <= '9'; p++)
			if (p - d < 15)
				x = x * 10 + (*p - '0');
		if (p == d || p - d > 15 || (*d == '0' && p - d > 1) || i == sp->n)
			goto bad;
		(*ids)[i++] = x;
		p = api_json_ws(p, end);
		if (p < end && *p != ',')
			goto bad;
		if (p < end)
			p = api_json_ws(p + 1, end);
	}
	if (i != sp->n)
		goto bad;
	*n_ids = i;
	return 0;
bad:
	free(*ids);
	*ids = NULL;
	return -1;
}

static int by_place(const void *a, const void *b)
{
	const struct span *x = *(const struct span *const *)a, *y = *(const struct span *const *)b;

	return x->v < y->v ? -1 : x->v > y->v;
}

/* Whether recs is a member the envelope reads for itself: blanked in the
 * skeleton, it would read as [] there (a search's id list named as its
 * records too, "ignoredParams" named as records).  Left to the tree. */
static int envelope_reads(const struct span *v, size_t n, const struct span *recs,
                          const struct span *ids, const struct span *nd)
{
	static const char *const own[] = { "success", "errorMessage", "propertyName",
		                           "propertyNameData", "ignoredParams", "tokenUsage",
		                           "tokenLimits" };

	if (recs == ids || recs == nd)
		return 1;
	for (size_t i = 0; i < sizeof(own) / sizeof(*own); i++)
		if (span_find(v, n, own[i]) == recs)
			return 1;
	return 0;
}

/* A search page's id lists (NULL when absent): the member propertyName
 * names, and that name with "NoDataExported". */
static void id_spans(const struct span *v, size_t n, const struct span **ids,
                     const struct span **nd)
{
	struct strbuf name = STRBUF_INIT;
	const struct span *pn = span_find(v, n, "propertyName");

	*ids = *nd = NULL;
	if (pn && *pn->v == '"' && api_json_string(pn->v, pn->v_end, &name) && name.len) {
		*ids = span_find(v, n, name.buf);
		strbuf_adds(&name, "NoDataExported");
		*nd = span_find(v, n, name.buf);
	}
	strbuf_free(&name);
}

/* A search page's two id lists read from the text when both are plain;
 * blank (up to 2) gets them, for the skeleton to leave out. */
static void text_ids(const struct span *ids, const struct span *nd, const struct span **blank,
                     size_t *n_blank, struct api_answer *out)
{
	if (!ids || !nd || ids == nd || *ids->v != '[' || *nd->v != '[')
		return;
	if (plain_ids(ids, &out->ids, &out->n_ids) < 0)
		return;
	if (plain_ids(nd, &out->no_data, &out->n_no_data) < 0) {
		free(out->ids);
		out->ids = NULL;
		out->n_ids = 0;
		return;
	}
	blank[(*n_blank)++] = ids;
	blank[(*n_blank)++] = nd;
}

int api_envelope_parse_raw(const char *body, size_t len, long http_status, enum api_raw which,
                           struct api_answer *out, struct api_error *err)
{
	struct span *v = NULL;
	const struct span *pn, *recs = NULL, *blank[3], *ids_sp = NULL, *nd_sp = NULL;
	struct strbuf sb = STRBUF_INIT;
	struct api_answer ids = API_ANSWER_INIT;
	size_t n = 0, n_blank = 0;
	const char *at = body;
	int rc;

	if (which == API_RAW_NONE || !body || scan_members(body, len, &v, &n) < 0)
		return api_envelope_parse(body, len, http_status, out, err);
	pn = span_find(v, n, which == API_RAW_DATA ? "propertyNameData" : "propertyName");
	if (pn && *pn->v == '"' && api_json_string(pn->v, pn->v_end, &sb) && sb.len)
		recs = span_find(v, n, sb.buf);
	if (which == API_RAW_DATA)
		id_spans(v, n, &ids_sp, &nd_sp);
	if (!recs || *recs->v != '[' || envelope_reads(v, n, recs, ids_sp, nd_sp)) {
		rc = api_envelope_parse(body, len, http_status, out, err);
		goto out;
	}
	blank[n_blank++] = recs;
	/* A full page's ids are 100,000 numbers: a tree node each. */
	text_ids(ids_sp, nd_sp, blank, &n_blank, &ids);
	qsort(blank, n_blank, sizeof(*blank), by_place);
	/* The same answer with those arrays emptied: the envelope and its
	 * shape checks see what they always saw, at a fraction of it. */
	strbuf_reset(&sb);
	for (size_t i = 0; i < n_blank; i++) {
		strbuf_add(&sb, at, (size_t)(blank[i]->v - at));
		strbuf_add(&sb, "[]", 2);
		at = blank[i]->v_end;
	}
	strbuf_add(&sb, at, len - (size_t)(at - body));
	rc = api_envelope_parse(sb.buf, sb.len, http_status, out, err);
	if (rc == 0) {
		out->raw_records = recs->v;
		out->raw_len = (size_t)(recs->v_end - recs->v);
		out->raw_n = recs->n;
		if (ids.ids) {
			out->ids = ids.ids;
			out->n_ids = ids.n_ids;
			out->no_data = ids.no_data;
			out->n_no_data = ids.n_no_data;
			out->ids_from_text = 1;
			ids.ids = ids.no_data = NULL;
		}
	}
	free(ids.ids);
	free(ids.no_data);
out:
	strbuf_free(&sb);
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	return rc;
}
