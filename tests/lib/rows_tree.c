/* rows_tree.c: a page's rows decoded from its whole cJSON tree, the reference m_rows_decode_text is held to. */
#include "config.h"

#include <stdlib.h>

#include "model/model.h"
#include "tests/lib/rows_tree.h"

void rows_take(void *ctx, void *row)
{
	struct rows_taken *t = ctx;
	cJSON *rec = m_row_encode(t->resource, row);
	char *s = cJSON_PrintUnformatted(rec);

	strbuf_addf(&t->text, "%s\n", s ? s : "?");
	t->n++;
	free(s);
	cJSON_Delete(rec);
	m_row_free(t->resource, row);
}

long rows_by_tree(const char *json, size_t len, struct rows_taken *t, size_t *skipped)
{
	const char *end = NULL;
	cJSON *page = cJSON_ParseWithLengthOpts(json, len, &end, 0);
	const cJSON *rec;
	long n = 0;

	*skipped = 0;
	while (page && end < json + len && (unsigned char)*end <= 32)
		end++;
	if (!cJSON_IsArray(page) || end != json + len) {
		cJSON_Delete(page);
		return -1;
	}
	cJSON_ArrayForEach(rec, page) {
		void *row = m_row_decode(t->resource, rec);

		n++;
		if (row)
			rows_take(t, row);
		else
			(*skipped)++;
	}
	cJSON_Delete(page);
	return n;
}
