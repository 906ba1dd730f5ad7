/* read_flags.c: what get flags do to the records read (related records, links, pruning, route distances). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <time.h>

#include "common/dates.h"
#include "common/geo.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/ops/handle_write.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/store/store.h"

static int str_ll(const cJSON *v, long long *out)
{
	char *end;

	if (!cJSON_IsString(v) || !*v->valuestring)
		return -1;
	*out = strtoll(v->valuestring, &end, 10);
	return *end ? -1 : 0;
}

/* ------------------------------------------------------------ related */

/* One record of a related resource, keyed by the value it links on. */
struct link {
	long long key;
	size_t order;
	const cJSON *item;
};

static int cmp_link(const void *a, const void *b)
{
	const struct link *x = a, *y = b;

	if (x->key != y->key)
		return (x->key > y->key) - (x->key < y->key);
	return (x->order > y->order) - (x->order < y->order);
}

/* bsearch on the key alone (any match; the caller walks back to the first). */
static int cmp_link_key(const void *a, const void *b)
{
	const struct link *x = a, *y = b;

	return (x->key > y->key) - (x->key < y->key);
}

/*
 * Gives each record of recs, under member, the records of resource rel_name
 * whose rel_field equals the record's key_field, in one search for all of
 * recs (a get of 1000 customers with includeSubscriptions is two store calls,
 * not a thousand).  extra narrows the related records further.  single: the
 * first match as an object, or null; otherwise an array, maybe empty.
 */
static int attach_related(struct sb_req *req, cJSON *recs, const char *key_field,
                          const char *rel_name, const char *rel_field,
                          const struct store_cond *extra, size_t n_extra,
                          const char *member, int single, struct sb_answer *ans)
{
	const struct resource *rel = res_find(rel_name);
	size_t nrec = (size_t)cJSON_GetArraySize(recs), nk = 0, n_ids = 0, n_links = 0;
	const char **keys = xcalloc(nrec + 1, sizeof(*keys));
	struct store_cond conds[4];
	long long *ids = NULL;
	struct link *links = NULL;
	cJSON *found = cJSON_CreateArray();
	char *err = NULL;
	int rc = 0;

	for (const cJSON *rec = recs->child; rec; rec = rec->next) {
		const cJSON *k = cJSON_GetObjectItemCaseSensitive(rec, key_field);
		long long v;
		if (str_ll(k, &v) == 0)
			keys[nk++] = k->valuestring;
	}
	if (rel && nk && res_field_find(rel, rel_field) && n_extra < 4) {
		conds[0] = (struct store_cond){ rel_field, SO_IN, RT_INT, keys, nk };
		if (n_extra) /* memcpy from NULL is undefined even for 0 bytes */
			memcpy(conds + 1, extra, n_extra * sizeof(*extra));
		if (store_search(read_store(req), rel, conds, n_extra + 1, 0, &ids, &n_ids, &err) != 0 ||
		    store_get(read_store(req), rel, ids, n_ids, 0, found, &err) != 0) {
			read_storage_error(ans, err);
			rc = -1;
			goto out;
		}
	}
	links = xcalloc((size_t)cJSON_GetArraySize(found) + 1, sizeof(*links));
	for (const cJSON *it = found->child; it; it = it->next) {
		long long v;
		if (str_ll(cJSON_GetObjectItemCaseSensitive(it, rel_field), &v) == 0) {
			links[n_links] = (struct link){ v, n_links, it };
			n_links++;
		}
	}
	qsort(links, n_links, sizeof(*links), cmp_link);

	for (cJSON *rec = recs->child; rec; rec = rec->next) {
		cJSON *arr = single ? NULL : cJSON_CreateArray();
		cJSON *one = NULL;
		struct link probe = { 0, 0, NULL }, *hit = NULL;
		if (str_ll(cJSON_GetObjectItemCaseSensitive(rec, key_field), &probe.key) == 0 &&
		    n_links)
			hit = bsearch(&probe, links, n_links, sizeof(*links), cmp_link_key);
		if (hit) {
			while (hit > links && hit[-1].key == probe.key)
				hit--;
			for (; hit < links + n_links && hit->key == probe.key; hit++) {
				if (single) {
					one = cJSON_Duplicate(hit->item, 1);
					break;
				}
				cJSON_AddItemToArray(arr, cJSON_Duplicate(hit->item, 1));
			}
		}
		if (single)
			cJSON_AddItemToObject(rec, member, one ? one : cJSON_CreateNull());
		else
			cJSON_AddItemToObject(rec, member, arr);
	}
out:
	free(keys);
	free(ids);
	free(links);
	cJSON_Delete(found);
	return rc;
}

/* ------------------------------------------------------- get flag effects */

static void random_hex(char *out, size_t bytes)
{
	unsigned char buf[32];
	static const char hex[] = "0123456789abcdef";

	if (bytes > sizeof(buf))
		bytes = sizeof(buf);
	if (getrandom(buf, bytes, 0) != (ssize_t)bytes) {
		/* Only a portal token: unpredictability is nice, not essential. */
		for (size_t i = 0; i < bytes; i++)
			buf[i] = (unsigned char)rand();
	}
	for (size_t i = 0; i < bytes; i++) {
		out[2 * i] = hex[buf[i] >> 4];
		out[2 * i + 1] = hex[buf[i] & 15];
	}
	out[2 * bytes] = '\0';
}

/*
 * The specification gives portalLoginExpires in PST, the service's own
 * clock, where every other date is office-local: the sandbox's clock, on
 * the zone the sandbox runs in, is the office's.  So the expiry is that
 * clock's now plus three days, as an instant, read on Pacific time (PDT in
 * summer, as a server there reads it).
 */
static void portal_expiry(struct sb_req *req, char out[20])
{
	char now[20];
	struct rd_date d;
	int secs = 0;

	sb_timestamp(req->ctx, now);
	if (datetime_parse(now, &d, &secs) != 0)
		date_today(&d);
	date_pacific_from_instant(date_local_instant(&d, secs) + 3 * 86400LL, &d, &secs);
	date_format(&d, out);
	snprintf(out + 10, 10, " %02u:%02u:%02u", (unsigned)secs / 3600 % 24,
	         (unsigned)secs / 60 % 60, (unsigned)secs % 60);
}

/* The customer portal login: a link on the sandbox's own address with a
 * token of its own, valid three days from now (as the service promises). */
static void add_portal_login(struct sb_req *req, cJSON *recs)
{
	const char *base = req->in && req->in->base_url ? req->in->base_url
	                                                 : "http://127.0.0.1/api";
	size_t blen = strlen(base);
	char expires[20], token[65];

	if (blen >= 4 && strcmp(base + blen - 4, "/api") == 0)
		blen -= 4;
	portal_expiry(req, expires);

	for (cJSON *rec = recs->child; rec; rec = rec->next) {
		const cJSON *id = cJSON_GetObjectItemCaseSensitive(rec, "customerID");
		struct strbuf url = STRBUF_INIT;
		random_hex(token, 16);
		strbuf_add(&url, base, blen);
		strbuf_addf(&url, "/portal/login?customerID=%s&token=%s",
		            cJSON_IsString(id) ? id->valuestring : "0", token);
		cJSON_AddStringToObject(rec, "portalLogin", strbuf_str(&url));
		cJSON_AddStringToObject(rec, "portalLoginExpires", expires);
		strbuf_free(&url);
	}
}

static void add_document_links(struct sb_req *req, const struct resource *r, cJSON *recs)
{
	for (cJSON *rec = recs->child; rec; rec = rec->next) {
		long long id;
		char *url;
		if (str_ll(cJSON_GetObjectItemCaseSensitive(rec, r->pk), &id) != 0)
			continue;
		url = doc_link(req, r->name, id, NULL);
		cJSON_AddStringToObject(rec, "documentLink", url ? url : "");
		free(url);
	}
}

static int email_char(char c)
{
	return isalnum((unsigned char)c) || c == '.' || c == '_' || c == '%' || c == '+' ||
	       c == '-';
}

/* Masks e-mail addresses, and runs of 7 or more digits with the separators
 * people type in phone and card numbers, with '*'.  Bytes of UTF-8
 * sequences are never touched, so the text stays valid. */
static void mask_sensitive(char *s)
{
	size_t len = strlen(s);

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '@' && i > 0 && email_char(s[i - 1]) && email_char(s[i + 1])) {
			size_t a = i, b = i + 1;
			while (a > 0 && email_char(s[a - 1]))
				a--;
			while (b < len && email_char(s[b]))
				b++;
			if (memchr(s + i, '.', b - i)) {
				memset(s + a, '*', b - a);
				i = b;
			}
		}
	}
	for (size_t i = 0; i < len;) {
		size_t j = i, digits = 0, last = i;
		if (!isdigit((unsigned char)s[i]) && s[i] != '(' && s[i] != '+') {
			i++;
			continue;
		}
		while (j < len && (isdigit((unsigned char)s[j]) || strchr(" -.()+", s[j]))) {
			if (isdigit((unsigned char)s[j])) {
				digits++;
				last = j + 1;
			}
			j++;
		}
		if (digits >= 7)
			for (size_t k = i; k < last; k++)
				if (isdigit((unsigned char)s[k]))
					s[k] = '*';
		i = j > i ? j : i + 1;
	}
}

/* A short list, matched as word starts, case-insensitively; the first
 * letter stays so the reader can tell a word was there. */
static void mask_profanity(char *s)
{
	static const char *const words[] = {
		"fuck", "shit", "bitch", "bastard", "crap", "damn", "asshole", "dick", "piss",
	};
	size_t len = strlen(s);

	for (size_t i = 0; i < len; i++) {
		if (i > 0 && isalpha((unsigned char)s[i - 1]))
			continue;
		for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++) {
			size_t wl = strlen(words[w]), e = i + wl;
			if (strncasecmp(s + i, words[w], wl) != 0)
				continue;
			while (e < len && isalpha((unsigned char)s[e]))
				e++;
			memset(s + i + 1, '*', e - i - 1);
			i = e;
			break;
		}
	}
}

static void prune_feedback(cJSON *recs, int sensitive, int profanity)
{
	for (cJSON *rec = recs->child; rec; rec = rec->next) {
		cJSON *fb = cJSON_GetObjectItemCaseSensitive(rec, "feedback");
		/* Masking keeps the length, so the string is changed in place. */
		if (!cJSON_IsString(fb) || !fb->valuestring)
			continue;
		if (sensitive)
			mask_sensitive(fb->valuestring);
		if (profanity)
			mask_profanity(fb->valuestring);
	}
}

static void add_empty_arrays(cJSON *recs, const char *member)
{
	for (cJSON *rec = recs->child; rec; rec = rec->next)
		cJSON_AddItemToObject(rec, member, cJSON_CreateArray());
}

/* Applies one get flag that is on to the fresh records of r. */
static int apply_flag(struct sb_req *req, const struct resource *r, const char *flag,
                      cJSON *recs, struct sb_answer *ans)
{
	static const char *const zero[] = { "0" };
	static const char *const customer[] = { "customer" };
	const struct store_cond cancelled = { "cancellationReasonID", SO_GT, RT_INT, zero, 1 };
	const struct store_cond is_customer = { "type", SO_LIKE, RT_TEXT, customer, 1 };
	const struct resource *flags_res = res_find("genericFlagAssignment");
	int is_cust = strcmp(r->name, "customer") == 0;

	if (strcmp(flag, "includeSubscriptions") == 0 && is_cust)
		return attach_related(req, recs, "customerID", "subscription", "customerID",
		                      NULL, 0, "subscriptions", 0, ans);
	if (strcmp(flag, "includeCancellationReason") == 0)
		return attach_related(req, recs, r->pk, "note",
		                      is_cust ? "customerID" : "referenceID", &cancelled, 1,
		                      "cancellationNotes", 0, ans);
	if (strcmp(flag, "includeCustomerFlag") == 0 && is_cust)
		/* Flags are assigned to several kinds of entity; keep the customer ones. */
		return attach_related(req, recs, "customerID", "genericFlagAssignment", "entityID",
		                      &is_customer,
		                      flags_res && res_field_find(flags_res, "type") ? 1 : 0,
		                      "customerFlags", 0, ans);
	if (strcmp(flag, "includeAdditionalContacts") == 0 && is_cust) {
		add_empty_arrays(recs, "additionalContacts"); /* the sandbox has none */
		return 0;
	}
	if (strcmp(flag, "includePortalLogin") == 0 && is_cust) {
		add_portal_login(req, recs);
		return 0;
	}
	if (strcmp(flag, "includeDocumentLink") == 0) {
		add_document_links(req, r, recs);
		return 0;
	}
	if (strcmp(flag, "includeCustomers") == 0)
		return attach_related(req, recs, "customerID", "customer", "customerID", NULL, 0,
		                      "customer", 1, ans);
	return 0;
}

/* route/get's latitude, longitude and maxDistance are values, not 0/1
 * flags: present is on. */
static int is_value_flag(const char *f)
{
	return !strcmp(f, "latitude") || !strcmp(f, "longitude") || !strcmp(f, "maxDistance");
}

/* Whether flag f is read by this request.  A search with includeData may
 * use route/get's latitude and longitude, the two the specification names,
 * not maxDistance: dropping routes there left ids in the answer neither
 * resolved nor in NoDataExported.  Unread, it shows in ignoredParams. */
static int flag_read_here(const struct sb_req *req, const char *f)
{
	return strcmp(f, "maxDistance") != 0 || !req->action || strcmp(req->action, "search") != 0;
}

/* A decimal number within [lo, hi]: 0, or -1. */
static int parse_degrees(const char *v, double lo, double hi, double *out)
{
	char *end;

	if (!v || !*v)
		return -1;
	*out = strtod(v, &end);
	return *end || !(*out >= lo && *out <= hi) ? -1 : 0;
}

/* The office's location, where route/get measures from without latitude
 * and longitude.  0, or -1 when the office or its location is unknown. */
static int office_location(struct sb_req *req, long long office, double *lat, double *lng)
{
	const struct resource *o = res_find("office");
	cJSON *recs = cJSON_CreateArray();
	const cJSON *rec;
	char *err = NULL;
	int rc = -1;

	if (o && store_get(read_store(req), o, &office, 1, 0, recs, &err) == 0 && (rec = recs->child) &&
	    parse_degrees(write_get(rec, "lat"), -90, 90, lat) == 0 &&
	    parse_degrees(write_get(rec, "lng"), -180, 180, lng) == 0)
		rc = 0;
	free(err);
	cJSON_Delete(recs);
	return rc;
}

/*
 * route/get's maxDistance (the specification; a search does not read it):
 * only the routes whose average location lies within that many miles of the
 * reference, latitude and longitude when given (both), else the route's
 * office.  A reference
 * without maxDistance changes nothing the answer holds: the distance
 * members are the route's own (its stops' spread).  0, or -1 with ans.
 */
static int routes_within(struct sb_req *req, cJSON *recs, struct sb_answer *ans)
{
	const char *la = req_string(req, "latitude"), *lo = req_string(req, "longitude");
	long long max = 0;
	double lat = 0, lng = 0;
	int rc = flag_read_here(req, "maxDistance") ? req_int(req, "maxDistance", &max) : 1;
	cJSON *rec, *next;

	if ((la || lo) && (parse_degrees(la, -90, 90, &lat) < 0 ||
	                   parse_degrees(lo, -180, 180, &lng) < 0)) {
		ans_error(ans, 200, "Invalid value for latitude and longitude: give both, in decimal "
		          "degrees");
		return -1;
	}
	if (rc < 0 || (rc == 0 && max < 0)) {
		ans_error(ans, 200, "Invalid value for maxDistance: must be a whole number of miles");
		return -1;
	}
	if (rc == 1)
		return 0;
	for (rec = recs->child; rec; rec = next) {
		double rlat, rlng, olat = lat, olng = lng;

		next = rec->next;
		if (parse_degrees(write_get(rec, "averageLatitude"), -90, 90, &rlat) < 0 ||
		    parse_degrees(write_get(rec, "averageLongitude"), -180, 180, &rlng) < 0)
			continue; /* a route without stops has no average to measure */
		if (!la && office_location(req, strtoll(write_get(rec, "officeID"), NULL, 10), &olat,
		                           &olng) < 0)
			continue;
		if (geo_miles(olat, olng, rlat, rlng) > (double)max)
			cJSON_Delete(cJSON_DetachItemViaPointer(recs, rec));
	}
	return 0;
}

int read_flags_apply(struct sb_req *req, const struct resource *r, cJSON *recs,
                     struct sb_answer *ans)
{
	int sensitive = 0, profanity = 0, rc = 0;

	/* Every flag is read (so none shows up in ignoredParams), even when no
	 * record was found. */
	for (const char *const *f = r->get_flags; f && *f && rc == 0; f++) {
		int on = is_value_flag(*f) ? 0 : req_flag(req, *f);
		if (strcmp(*f, "pruneSensitiveInfo") == 0)
			sensitive = on;
		else if (strcmp(*f, "pruneProfanity") == 0)
			profanity = on;
		else if (on && recs->child)
			rc = apply_flag(req, r, *f, recs, ans);
	}
	if (rc == 0 && (sensitive || profanity))
		prune_feedback(recs, sensitive, profanity);
	if (rc == 0 && strcmp(r->name, "route") == 0)
		rc = routes_within(req, recs, ans);
	return rc;
}

int read_flags_check(struct sb_req *req, const struct resource *r, struct sb_answer *ans)
{
	for (const char *const *f = r->get_flags; f && *f; f++) {
		int on, rc;
		if (is_value_flag(*f) || (rc = req_flag_checked(req, *f, &on)) == 0)
			continue;
		ans_error(ans, 200, "Invalid value for %s: %s", *f,
		          rc == -2 ? "must be 0 or 1" : "expected an integer");
		return -1;
	}
	return 0;
}

/* 1 when the request turns on none of r's get flags.  Every flag is read
 * either way, so none shows up in ignoredParams. */
int read_flags_none(struct sb_req *req, const struct resource *r)
{
	int on = 0;

	for (const char *const *f = r->get_flags; f && *f; f++)
		if (flag_read_here(req, *f))
			on |= is_value_flag(*f) ? req_string(req, *f) != NULL : req_flag(req, *f);
	return !on;
}
