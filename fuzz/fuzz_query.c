/* fuzz_query.c: search parameter values and query objects (src/sandbox/store/query.c) for every filter of the table. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "fuzz/fuzz.h"
#include "sandbox/store/query.h"

/*
 * The input is one parameter value as the request parser leaves it: the
 * first byte picks the filter (among every search filter of every
 * resource, so each type and RQ_ flag is reached), the rest is the value,
 * as JSON (an array or object, as brackets and JSON bodies give) when it
 * parses as such, else as the string a form field gives (which request.c
 * has already checked to be UTF-8, so other strings are dropped).
 */

static const struct res_filter *pick_filter(unsigned char b)
{
	size_t total = 0, k;

	for (size_t i = 0; i < res_count; i++)
		total += res_table[i].n_filters;
	if (total == 0)
		return NULL;
	k = b % total;
	for (size_t i = 0; i < res_count; i++) {
		if (k < res_table[i].n_filters)
			return &res_table[i].filters[k];
		k -= res_table[i].n_filters;
	}
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const pairs[] = { "0", "No", "1", "Yes", NULL };
	const struct res_filter *f;
	struct query q;
	cJSON *v;
	char *text, *err = NULL;
	enum store_op op;
	int rc;

	if (size == 0 || !(f = pick_filter(data[0])))
		return 0;
	text = fuzz_text(data + 1, size - 1);
	v = cJSON_Parse(text);
	if (!cJSON_IsArray(v) && !cJSON_IsObject(v)) {
		cJSON_Delete(v);
		v = utf8_valid(text, strlen(text)) ? cJSON_CreateString(text) : NULL;
	}
	query_init(&q);
	if (v) {
		rc = query_add_param(&q, f, v, &err);
		FUZZ_ASSERT(rc == -1 ? err != NULL : err == NULL);
		FUZZ_ASSERT(rc != 1 || q.n > 0);
		for (size_t i = 0; i < q.n; i++)
			/* SO_NONE (a phone given CONTAINS) matches nothing and takes no value. */
			FUZZ_ASSERT(q.conds[i].n_values > 0 || q.conds[i].op == SO_NONE);
		query_translate(&q, 0, pairs);
	}
	if (query_op_parse(text, &op) == 0)
		FUZZ_ASSERT(query_op_name(op) != NULL);
	query_add_in(&q, f->field, f->type, text);
	query_free(&q);
	free(err);
	cJSON_Delete(v);
	free(text);
	return 0;
}
