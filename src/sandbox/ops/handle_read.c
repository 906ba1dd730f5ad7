/* handle_read.c: search, get and by-id for every resource of the table (their get flags: read_flags.c). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/store/query.h"
#include "sandbox/store/store.h"

/* The service resolves at most this many records per get or includeData. */
#define READ_MAX_RECORDS 1000
/* Default search cap when no configuration is at hand (unit tests). */
#define READ_DEFAULT_CAP 50000

struct store *read_store(const struct sb_req *req)
{
	return req->ctx ? req->ctx->store : NULL;
}

void read_storage_error(struct sb_answer *ans, char *err)
{
	ans_error(ans, 500, "Storage error: %s", err ? err : "unknown");
	free(err);
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* Sorts and drops repeats; returns the new count. */
static size_t sort_unique(long long *ids, size_t n)
{
	size_t out = 0;

	if (n == 0)
		return 0;
	qsort(ids, n, sizeof(*ids), cmp_ll);
	for (size_t i = 1; i < n; i++)
		if (ids[i] != ids[out])
			ids[++out] = ids[i];
	return out + 1;
}

static char *xasprintf_ll(long long v)
{
	char buf[24];

	snprintf(buf, sizeof buf, "%lld", v);
	return xstrdup(buf);
}

/* Records of r for ids, as get answers them, with the request's get flags
 * (includeSubscriptions, includeDocumentLink, ...) applied; appended to out.
 * 0, or -1 with ans set to an error. */
static int read_records(struct sb_req *req, const struct resource *r, const long long *ids,
                        size_t n, int byid, cJSON *out, struct sb_answer *ans)
{
	cJSON *recs = cJSON_CreateArray();
	char *err = NULL;
	int rc;

	if (n && store_get(read_store(req), r, ids, n, byid, recs, &err) != 0) {
		read_storage_error(ans, err);
		cJSON_Delete(recs);
		return -1;
	}
	rc = read_flags_apply(req, r, recs, ans);
	while (rc == 0 && recs->child)
		cJSON_AddItemToArray(out, cJSON_DetachItemViaPointer(recs, recs->child));
	cJSON_Delete(recs);
	return rc;
}

/* The records of ids as get answers them, when no get flag is on (the flags
 * edit records, so they keep read_records' cJSON path): printed by the store
 * as text and handed to envelope.c as a raw value, so a 1000-record answer
 * builds no cJSON tree.  byid: the one record's object, else an array.
 * *found gets the number of records.  NULL with ans set on error. */
static cJSON *read_raw(struct sb_req *req, const struct resource *r, const long long *ids,
                       size_t n, int byid, size_t *found, struct sb_answer *ans)
{
	struct strbuf sb = STRBUF_INIT;
	char *err = NULL;
	cJSON *raw;

	if (!byid)
		strbuf_addc(&sb, '[');
	if (store_get_text(read_store(req), r, ids, n, byid, &sb, found, &err) != 0) {
		read_storage_error(ans, err);
		strbuf_free(&sb);
		return NULL;
	}
	if (!byid)
		strbuf_addc(&sb, ']');
	raw = cJSON_CreateRaw(strbuf_str(&sb));
	strbuf_free(&sb);
	return raw;
}

/* The records of ids as get and includeData answer them: read_raw's text
 * when no get flag is on, else read_records' array.  NULL with ans set. */
static cJSON *read_array(struct sb_req *req, const struct resource *r, const long long *ids,
                         size_t n, size_t *found, struct sb_answer *ans)
{
	cJSON *recs;

	if (read_flags_none(req, r))
		return read_raw(req, r, ids, n, 0, found, ans);
	recs = cJSON_CreateArray();
	if (read_records(req, r, ids, n, 0, recs, ans) != 0) {
		cJSON_Delete(recs);
		return NULL;
	}
	*found = (size_t)cJSON_GetArraySize(recs);
	return recs;
}

/* ------------------------------------------------------------- handlers */

/* The ids as a raw JSON array: cJSON prints every number through
 * "%1.15g" and a sscanf round trip, which made a 50,000-id answer spend
 * most of its time in libc's float code. */
static cJSON *ids_array(const long long *ids, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	cJSON *raw;

	strbuf_addc(&sb, '[');
	for (size_t i = 0; i < n; i++) {
		char num[24];
		int len = snprintf(num, sizeof(num), i ? ",%lld" : "%lld", ids[i]);

		strbuf_add(&sb, num, (size_t)len);
	}
	strbuf_addc(&sb, ']');
	raw = cJSON_CreateRaw(strbuf_str(&sb));
	strbuf_free(&sb);
	return raw;
}

static size_t search_cap(const struct sb_req *req)
{
	if (req->ctx && req->ctx->cfg)
		return req->ctx->cfg->search_cap > 0 ? (size_t)req->ctx->cfg->search_cap : 0;
	return READ_DEFAULT_CAP;
}

/* Filters whose wire values are codes for the text the records carry: the
 * specification's aPay integers against the live service's "No", "CC" and
 * "ACH" (the text itself is accepted too); an ordering (aPay > 0)
 * compares the codes.  The resource table types filters but has no place
 * for codes, so they live here. */
static const char *const apay_codes[] = { "0", "No", "1", "CC", "2", "ACH", NULL };

static const struct {
	const char *resource, *filter;
	const char *const *pairs;
} value_codes[] = {
	{ "customer", "aPay", apay_codes },
};

static const char *const *codes_for(const struct resource *r, const char *filter)
{
	for (size_t i = 0; i < sizeof(value_codes) / sizeof(value_codes[0]); i++)
		if (strcmp(value_codes[i].resource, r->name) == 0 &&
		    strcmp(value_codes[i].filter, filter) == 0)
			return value_codes[i].pairs;
	return NULL;
}

/* Collects the conditions of every filter parameter of req, then the
 * defaults of those not given.  0, or -1 with ans set. */
static int build_query(struct sb_req *req, const struct resource *r, struct query *q,
                       struct sb_answer *ans)
{
	const char **given = xcalloc((size_t)cJSON_GetArraySize(req->params) + 1, sizeof(*given));
	size_t n_given = 0;
	int rc = 0;

	for (const cJSON *p = req->params->child; p && rc == 0; p = p->next) {
		const struct res_filter *f = res_filter_find(r, p->string);
		/* Paging by the id name works on every search, listed or not. */
		struct res_filter idf = { r->id_name, r->pk, RT_INT, 0, NULL };
		const char *const *codes;
		size_t before = q->n;
		char *err = NULL;
		if (!f && strcmp(p->string, r->id_name) == 0)
			f = &idf;
		if (!f)
			continue;
		req_use(req, p->string);
		switch (query_add_param(q, f, p, &err)) {
		case 1:
			given[n_given++] = p->string;
			if ((codes = codes_for(r, f->name)) != NULL)
				query_translate(q, before, codes);
			break;
		case -1:
			ans_error(ans, 200, "%s", err);
			rc = -1;
			break;
		}
		free(err);
	}
	for (size_t i = 0; rc == 0 && i < r->n_defaults; i++) {
		const struct res_default *d = &r->defaults[i];
		const struct res_field *fld = res_field_find(r, d->field);
		size_t j = 0;
		while (j < n_given && strcmp(given[j], d->param) != 0)
			j++;
		if (j == n_given)
			query_add_in(q, d->field, fld ? fld->type : RT_INT, d->in);
	}
	free(given);
	return rc;
}

void handle_search(struct sb_req *req, struct sb_answer *ans)
{
	const struct resource *r = req->res;
	struct query q;
	long long *ids = NULL;
	size_t n = 0, n_data;
	int include;
	char *err = NULL;
	char member[128];
	cJSON *m;

	/* Text where the specification types an integer (0 or 1) is refused,
	 * as a filter's is; read as 0 it answered ids without the records
	 * asked for, and no error said why. */
	switch (req_flag_checked(req, "includeData", &include)) {
	case -1:
		ans_error(ans, 200, "Invalid value for includeData: expected an integer");
		return;
	case -2:
		ans_error(ans, 200, "Invalid value for includeData: must be 0 or 1");
		return;
	}
	if (include && read_flags_check(req, r, ans))
		return;
	query_init(&q);
	if (build_query(req, r, &q, ans) != 0)
		goto out;
	if (store_search(read_store(req), r, q.conds, q.n, search_cap(req), &ids, &n, &err) != 0) {
		read_storage_error(ans, err);
		goto out;
	}
	m = cJSON_CreateObject();
	cJSON_AddNumberToObject(m, "count", (double)n);
	cJSON_AddItemToObject(m, r->property, ids_array(ids, n));
	cJSON_AddStringToObject(m, "propertyName", r->property);
	if (include) {
		cJSON *recs;
		size_t found;
		n_data = n < READ_MAX_RECORDS ? n : READ_MAX_RECORDS;
		snprintf(member, sizeof(member), "%sNoDataExported", r->property);
		/* An empty search has no id array at all: ids + 0 on NULL is
		 * undefined behaviour (UBSan stops the sandbox on it). */
		cJSON_AddItemToObject(m, member, ids_array(n > n_data ? ids + n_data : NULL, n - n_data));
		if (!(recs = read_array(req, r, ids, n_data, &found, ans))) {
			cJSON_Delete(m);
			goto out;
		}
		cJSON_AddItemToObject(m, r->plural, recs);
		cJSON_AddStringToObject(m, "propertyNameData", r->plural);
	}
	cJSON_Delete(ans->members);
	ans->members = m;
	ans->id_name = r->id_name;
out:
	free(ids);
	query_free(&q);
}

/* The first of get_param and its aliases that the request carries (all of
 * them count as consumed), or NULL. */
static const char *get_param_name(struct sb_req *req, const struct resource *r)
{
	const char *found = NULL;

	if (req_param(req, r->get_param))
		found = r->get_param;
	for (const char *const *a = r->get_alias; a && *a; a++)
		if (req_param(req, *a) && !found)
			found = *a;
	return found;
}

/* A get whose ids name r->get_by rather than the key (customerFlag/get
 * takes customerIDs): *ids becomes the keys of the records they name. */
static int by_field(struct sb_req *req, const struct resource *r, long long **ids, size_t *n,
                    struct sb_answer *ans)
{
	char **vals = xcalloc(*n + 1, sizeof(*vals));
	struct store_cond c = { r->get_by, SO_IN, RT_INT, NULL, *n };
	long long *keys = NULL;
	size_t n_keys = 0;
	char *err = NULL;
	int rc = 0;

	for (size_t i = 0; i < *n; i++)
		vals[i] = xasprintf_ll((*ids)[i]);
	c.values = (const char *const *)vals;
	if (*n && store_search(read_store(req), r, &c, 1, 0, &keys, &n_keys, &err) != 0) {
		read_storage_error(ans, err);
		rc = -1;
	}
	for (size_t i = 0; i < *n; i++)
		free(vals[i]);
	free(vals);
	free(*ids);
	*ids = keys;
	*n = rc == 0 ? n_keys : 0;
	return rc;
}

void handle_get(struct sb_req *req, struct sb_answer *ans)
{
	const struct resource *r = req->res;
	const char *name = get_param_name(req, r);
	long long *ids = NULL;
	size_t n = 0, found;
	cJSON *recs, *m;

	if (!name) {
		ans_error(ans, 200, "Missing required parameter: %s", r->get_param);
		return;
	}
	if (read_flags_check(req, r, ans))
		return;
	if (req_ids(req, name, &ids, &n) != 0) {
		ans_error(ans, 200, "Invalid value for %s: element %zu is not an integer id",
		          name, n);
		return;
	}
	if (n > READ_MAX_RECORDS) {
		ans_error(ans, 200, "Too many ids in %s: a maximum of %d ids can be requested "
		          "at once", name, READ_MAX_RECORDS);
		free(ids);
		return;
	}
	n = sort_unique(ids, n);
	if (r->get_by && !strcmp(name, r->get_param) && by_field(req, r, &ids, &n, ans) != 0) {
		free(ids);
		return;
	}
	if (!(recs = read_array(req, r, ids, n, &found, ans))) {
		free(ids);
		return;
	}
	m = cJSON_CreateObject();
	cJSON_AddNumberToObject(m, "count", (double)found);
	cJSON_AddItemToObject(m, r->plural, recs);
	cJSON_AddStringToObject(m, "propertyName", r->plural);
	cJSON_Delete(ans->members);
	ans->members = m;
	free(ids);
}

void handle_byid(struct sb_req *req, struct sb_answer *ans)
{
	const struct resource *r = req->res;
	long long id = req->path_id;
	cJSON *recs = NULL, *rec, *m;
	size_t found;

	if (read_flags_check(req, r, ans))
		return;
	if (read_flags_none(req, r)) {
		if (!(rec = read_raw(req, r, &id, 1, 1, &found, ans)))
			return;
	} else {
		recs = cJSON_CreateArray();
		if (read_records(req, r, &id, 1, 1, recs, ans) != 0) {
			cJSON_Delete(recs);
			return;
		}
		found = recs->child ? 1 : 0;
		rec = recs->child ? cJSON_DetachItemViaPointer(recs, recs->child) : NULL;
		cJSON_Delete(recs);
	}
	if (!found) {
		cJSON_Delete(rec);
		ans_error(ans, 200, "No %s found with id %lld", r->name, id);
		return;
	}
	m = cJSON_CreateObject();
	cJSON_AddNumberToObject(m, "count", 1);
	cJSON_AddItemToObject(m, r->singular, rec);
	cJSON_AddStringToObject(m, "propertyName", r->singular);
	cJSON_Delete(ans->members);
	ans->members = m;
}
