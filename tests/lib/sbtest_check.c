/* sbtest_check.c: reads and asserts routedesk-sandbox answers for tests; the customers world. */
#include "config.h"

#include <errno.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "sbtest.h"

/* ---------------------------------------------------------------- answers */

int sbt_matches(const char *re, const char *s)
{
	regex_t rx;
	int ok;

	assert_int_equal(regcomp(&rx, re, REG_EXTENDED | REG_NOSUB), 0);
	ok = regexec(&rx, s, 0, NULL, 0) == 0;
	regfree(&rx);
	return ok;
}

static void note_json(const cJSON *obj)
{
	char *text = cJSON_PrintUnformatted(obj);
	if (text) {
		size_t n = strlen(text);
		sbt_note("%.*s%s", (int)(n > 1500 ? 1500 : n), text, n > 1500 ? " ..." : "");
		free(text);
	}
}

cJSON *sbt_m_at(const cJSON *obj, const char *name, const char *file, int line)
{
	cJSON *m = obj ? cJSON_GetObjectItemCaseSensitive(obj, name) : NULL;

	if (!m) {
		sbt_note("no member \"%s\" in:", name);
		note_json(obj);
		_fail(file, line);
	}
	return m;
}

const char *sbt_s_at(const cJSON *obj, const char *name, const char *file, int line)
{
	cJSON *m = sbt_m_at(obj, name, file, line);

	if (!cJSON_IsString(m)) {
		sbt_note("member \"%s\" is not a JSON string in:", name);
		note_json(obj);
		_fail(file, line);
	}
	return m->valuestring;
}

long long sbt_i_at(const cJSON *obj, const char *name, const char *file, int line)
{
	const char *s = sbt_s_at(obj, name, file, line);
	char *end;

	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (!*s || *end || errno) {
		sbt_note("member \"%s\" is \"%s\", not an integer string", name, s);
		_fail(file, line);
	}
	return v;
}

double sbt_d_at(const cJSON *obj, const char *name, const char *file, int line)
{
	const char *s = sbt_s_at(obj, name, file, line);
	char *end;
	double v = strtod(s, &end);

	if (!*s || *end) {
		sbt_note("member \"%s\" is \"%s\", not a decimal string", name, s);
		_fail(file, line);
	}
	return v;
}

void sbt_ok_at(const struct sbt_resp *r, const char *file, int line)
{
	cJSON *success = r && r->json ? cJSON_GetObjectItemCaseSensitive(r->json, "success") : NULL;

	if (!r || r->status != 200 || !cJSON_IsTrue(success)) {
		sbt_note("expected HTTP 200 with success:true");
		sbt_dump(r);
		_fail(file, line);
	}
}

/* 1 when msg contains one of the '|'-separated alternatives of needle,
 * ignoring case. */
static int mentions(const char *msg, const char *needle)
{
	char *alts = xstrdup(needle), *save = NULL;
	int found = 0;

	for (char *a = strtok_r(alts, "|", &save); a && !found; a = strtok_r(NULL, "|", &save))
		found = strcasestr(msg, a) != NULL;
	free(alts);
	return found;
}

void sbt_err_at(const struct sbt_resp *r, long status, const char *needle,
                const char *file, int line)
{
	cJSON *success = r && r->json ? cJSON_GetObjectItemCaseSensitive(r->json, "success") : NULL;
	cJSON *msg = r && r->json ? cJSON_GetObjectItemCaseSensitive(r->json, "errorMessage") : NULL;

	if (!r || !r->json || !cJSON_IsFalse(success) || !cJSON_IsString(msg) ||
	    !*msg->valuestring) {
		sbt_note("expected a JSON answer with success:false and an errorMessage");
		sbt_dump(r);
		_fail(file, line);
	}
	if (status && r->status != status) {
		sbt_note("expected HTTP %ld", status);
		sbt_dump(r);
		_fail(file, line);
	}
	if (needle && !mentions(msg->valuestring, needle)) {
		sbt_note("errorMessage does not mention \"%s\"", needle);
		sbt_dump(r);
		_fail(file, line);
	}
}

void sbt_order_at(const cJSON *obj, const char *const *names, const char *file, int line)
{
	const cJSON *m = obj ? obj->child : NULL;
	size_t i = 0;

	if (!cJSON_IsObject(obj)) {
		sbt_note("not a JSON object");
		_fail(file, line);
	}
	for (; names[i]; i++) {
		const char *want = names[i];
		if (strcmp(want, "*") == 0) {
			const char *next = names[i + 1];
			if (!next)
				return;
			while (m && strcmp(m->string, next[0] == '?' ? next + 1 : next) != 0)
				m = m->next;
			continue;
		}
		int optional = want[0] == '?';
		if (optional)
			want++;
		if (m && strcmp(m->string, want) == 0) {
			m = m->next;
			continue;
		}
		if (optional)
			continue;
		sbt_note("member order: expected \"%s\" at this place, found \"%s\"", want,
		         m ? m->string : "(end of object)");
		struct strbuf sb = STRBUF_INIT;
		for (const cJSON *c = obj->child; c; c = c->next)
			strbuf_addf(&sb, "%s%s", c == obj->child ? "" : ", ", c->string);
		sbt_note("members: %s", strbuf_str(&sb));
		strbuf_free(&sb);
		_fail(file, line);
	}
	if (m) {
		sbt_note("member order: unexpected member \"%s\" after the expected ones", m->string);
		_fail(file, line);
	}
}

size_t sbt_ids_at(const struct sbt_resp *r, long long **ids, const char *file, int line)
{
	sbt_ok_at(r, file, line);
	const char *prop = sbt_s_at(r->json, "propertyName", file, line);
	cJSON *arr = sbt_m_at(r->json, prop, file, line);
	cJSON *count = sbt_m_at(r->json, "count", file, line);
	size_t n = 0;
	long long *out;

	if (!cJSON_IsArray(arr)) {
		sbt_note("\"%s\" is not an array", prop);
		_fail(file, line);
	}
	out = sbt_keep(xcalloc((size_t)cJSON_GetArraySize(arr) + 1, sizeof *out));
	for (cJSON *e = arr->child; e; e = e->next) {
		if (!cJSON_IsNumber(e) || e->valuedouble != (double)(long long)e->valuedouble) {
			sbt_note("search id %zu of \"%s\" is not a JSON integer", n, prop);
			_fail(file, line);
		}
		out[n] = (long long)e->valuedouble;
		if (n && out[n] <= out[n - 1]) {
			sbt_note("search ids not strictly ascending: %lld after %lld", out[n], out[n - 1]);
			_fail(file, line);
		}
		n++;
	}
	if (!cJSON_IsNumber(count) || (size_t)count->valuedouble != n) {
		sbt_note("count is not the JSON number %zu", n);
		_fail(file, line);
	}
	*ids = out;
	return n;
}

cJSON *sbt_records_at(const struct sbt_resp *r, const char *file, int line)
{
	sbt_ok_at(r, file, line);
	const char *prop = sbt_s_at(r->json, "propertyName", file, line);
	cJSON *arr = sbt_m_at(r->json, prop, file, line);

	if (!cJSON_IsArray(arr)) {
		sbt_note("\"%s\" is not an array", prop);
		_fail(file, line);
	}
	return arr;
}

void sbt_alive_at(const char *file, int line)
{
	struct sbt_resp *r = sbt_call("/customer/search", "customerIDs=%s", sbt_qo("<", "0"));
	sbt_ok_at(r, file, line);
}

/* ---------------------------------------------------------------- operations */

size_t sbt_search_at(const char *file, int line, const char *entity, long long **ids,
                     const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	struct sbt_resp *r = sbt_call(sbt_fmt("/%s/search", entity), "%s", strbuf_str(&sb));
	strbuf_free(&sb);
	return sbt_ids_at(r, ids, file, line);
}

long long sbt_last_change(void)
{
	long long *ids;
	size_t n = sbt_search("changelog", &ids, "");

	return n ? ids[n - 1] : 0;
}

struct sbt_server *sbt_cust_srv;
long long *sbt_cust_ids;
size_t sbt_n_cust;

int sbt_customers_setup(void **state)
{
	static const char *const args[] = { SBT_DEFAULT_ARGS, NULL };
	long long *ids;

	(void)state;
	sbt_cust_srv = sbt_start(args);
	sbt_n_cust = sbt_search("customer", &ids, "");
	assert_true(sbt_n_cust >= 200);
	sbt_cust_ids = malloc(sbt_n_cust * sizeof *ids);
	memcpy(sbt_cust_ids, ids, sbt_n_cust * sizeof *ids);
	sbt_test_teardown(NULL);
	return 0;
}

int sbt_customers_teardown(void **state)
{
	(void)state;
	free(sbt_cust_ids);
	sbt_cust_ids = NULL;
	sbt_n_cust = 0;
	sbt_free(sbt_cust_srv);
	sbt_cust_srv = NULL;
	return sbt_test_teardown(NULL);
}

cJSON *sbt_get_at(const char *entity, const char *param, const long long *ids, size_t n,
                  const char *file, int line)
{
	cJSON *all = sbt_keep_json(cJSON_CreateArray());

	for (size_t at = 0; at < n; at += 1000) {
		size_t k = n - at > 1000 ? 1000 : n - at;
		struct sbt_resp *r = sbt_call(sbt_fmt("/%s/get", entity), "%s=%s", param,
		                              sbt_enc(sbt_idlist(ids + at, k)));
		cJSON *recs = sbt_records_at(r, file, line);
		for (cJSON *e = recs->child; e; e = e->next)
			cJSON_AddItemToArray(all, cJSON_Duplicate(e, 1));
	}
	return all;
}

cJSON *sbt_byid_at(const char *entity, long long id, const char *file, int line)
{
	struct sbt_resp *r = sbt_call0(sbt_fmt("/%s/%lld", entity, id));
	sbt_ok_at(r, file, line);
	const char *prop = sbt_s_at(r->json, "propertyName", file, line);
	cJSON *rec = sbt_m_at(r->json, prop, file, line);
	if (!cJSON_IsObject(rec)) {
		sbt_dump(r);
		_fail(file, line);
	}
	return rec;
}

cJSON *sbt_find(const cJSON *array, const char *pk, long long id)
{
	for (cJSON *e = array ? array->child : NULL; e; e = e->next) {
		cJSON *v = cJSON_GetObjectItemCaseSensitive(e, pk);
		if (cJSON_IsString(v) && strtoll(v->valuestring, NULL, 10) == id)
			return e;
	}
	return NULL;
}

long long sbt_result_at(const struct sbt_resp *r, const char *file, int line)
{
	sbt_ok_at(r, file, line);
	return sbt_i_at(r->json, "result", file, line);
}

int sbt_has(const long long *ids, size_t n, long long id)
{
	for (size_t i = 0; i < n; i++)
		if (ids[i] == id)
			return 1;
	return 0;
}
