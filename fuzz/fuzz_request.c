/* fuzz_request.c: the sandbox's request parser (src/sandbox/ops/request.c) and its search filters (query.c). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "fuzz/fuzz.h"
#include "sandbox/http/body.h"
#include "sandbox/ops/request.h"
#include "sandbox/store/query.h"

/*
 * The input is a request as the HTTP layer hands it over, written as text:
 *
 *     PATH \n NAME=VALUE&NAME=VALUE... \n JSON BODY
 *
 * The pairs are %XX-decoded as libmicrohttpd would (so a value may hold any
 * byte, '&' and NUL included); an empty third part means no JSON body.
 * After req_parse, every accessor a handler uses is called, and every
 * search filter of the path's resource is turned into store conditions.
 */

/* s[0..len) %XX- and '+'-decoded into a malloc'd NUL-terminated copy,
 * as the sandbox decodes a form. */
static char *decode(const char *s, size_t len, size_t *out_len)
{
	char *out = xmalloc(len + 1);

	memcpy(out, s, len);
	*out_len = body_form_unescape(out, len);
	out[*out_len] = '\0';
	return out;
}

static void split_pairs(const char *s, size_t len, struct sb_pair **pairs, size_t *n)
{
	size_t cap = 0;

	*pairs = NULL;
	*n = 0;
	while (len) {
		const char *amp = memchr(s, '&', len);
		size_t plen = amp ? (size_t)(amp - s) : len;
		const char *eq = memchr(s, '=', plen);
		size_t nlen = eq ? (size_t)(eq - s) : plen, ignored;
		struct sb_pair *p;

		if (*n == cap) {
			cap = cap ? 2 * cap : 8;
			*pairs = xrealloc(*pairs, cap * sizeof(**pairs));
		}
		p = &(*pairs)[(*n)++];
		p->name = decode(s, nlen, &ignored);
		p->name_nul = strlen(p->name) != ignored;
		p->value = eq ? decode(eq + 1, plen - nlen - 1, &p->len) : decode("", 0, &p->len);
		s += plen;
		len -= plen;
		if (amp) {
			s++;
			len--;
		}
	}
}

/* What the handlers ask of a request. */
static void use_request(struct sb_req *req)
{
	static const char *const names[] = {
		"includeData", "page", "customerIDs", "ids", "noteIDs", "dateStart", "status", "amount",
	};
	long long v, *ids;
	size_t n;
	cJSON *ign;
	char *text;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		req_param(req, names[i]);
		req_string(req, names[i]);
		req_int(req, names[i], &v);
		req_flag(req, names[i]);
		if (req_ids(req, names[i], &ids, &n) == 0)
			free(ids);
	}
	if (req->res) {
		struct query q;

		query_init(&q);
		for (size_t i = 0; i < req->res->n_filters; i++) {
			const struct res_filter *f = &req->res->filters[i];
			char *err = NULL;

			if (query_add_param(&q, f, req_param(req, f->name), &err) < 0)
				FUZZ_ASSERT(err);
			free(err);
			if (req_ids(req, f->name, &ids, &n) == 0)
				free(ids);
		}
		for (size_t i = 0; i < req->res->n_defaults; i++)
			if (!req_param(req, req->res->defaults[i].param))
				query_add_in(&q, req->res->defaults[i].field, RT_INT, req->res->defaults[i].in);
		query_free(&q);
	}
	ign = req_ignored(req, 0);
	cJSON_Delete(ign);
	/* The envelope echoes the parameters whole. */
	text = cJSON_PrintUnformatted(req->params);
	cJSON_free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *nl1, *nl2 = NULL;
	struct sb_http_in in;
	struct sb_req req;
	char *path, *err = NULL;
	size_t rest;

	memset(&in, 0, sizeof(in));
	nl1 = memchr(s, '\n', size);
	path = xstrndup(s, nl1 ? (size_t)(nl1 - s) : size);
	if (nl1) {
		rest = size - (size_t)(nl1 + 1 - s);
		nl2 = memchr(nl1 + 1, '\n', rest);
		split_pairs(nl1 + 1, nl2 ? (size_t)(nl2 - nl1 - 1) : rest, &in.pairs, &in.n_pairs);
	}
	if (nl2 && (size_t)(nl2 + 1 - s) < size) {
		in.json_body = nl2 + 1;
		in.json_len = size - (size_t)(nl2 + 1 - s);
	}
	in.method = "POST";
	in.path = path;
	in.base_url = "http://127.0.0.1:1/api";
	if (req_parse(&req, NULL, &in, &err) == 0) {
		FUZZ_ASSERT(!err && cJSON_IsObject(req.params));
		use_request(&req);
	} else {
		FUZZ_ASSERT(err);
	}
	req_free(&req);
	free(err);
	for (size_t i = 0; i < in.n_pairs; i++) {
		free(in.pairs[i].name);
		free(in.pairs[i].value);
	}
	free(in.pairs);
	free(path);
	return 0;
}
