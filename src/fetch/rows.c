/* rows.c: where a fetch job's decoded rows go, from a page's text one record at a time or from its tree. */
#include "config.h"

#include <stdlib.h>

#include "common/i18n.h"
#include "common/strbuf.h"
#include "fetch/jobs.h"
#include "fetch/lookup.h"
#include "model/model.h"

static void rows_put(void *ctx, void *row)
{
	struct fetch_rows *rs = ctx;

	if (rs->table) {
		m_table_put(rs->table, row);
		return;
	}
	if (rs->n == rs->cap) {
		rs->cap = rs->cap ? rs->cap * 2 : 64;
		rs->v = xrealloc(rs->v, rs->cap * sizeof(*rs->v));
	}
	rs->v[rs->n++] = row;
}

int fetch_rows_each(void *ctx, const cJSON *records)
{
	struct fetch_rows *rs = ctx;
	const cJSON *rec;

	cJSON_ArrayForEach(rec, records) {
		void *row = m_row_decode(rs->resource, rec);

		/* No row type, or no integer key: nothing a pane could show. */
		if (row)
			rows_put(rs, row);
	}
	return 0;
}

int fetch_rows_text(void *ctx, const char *json, size_t len, size_t n)
{
	struct fetch_rows *rs = ctx;

	(void)n;
	if (rs->keep)
		(void)lookup_take_text(rs->keep, json, len);
	if (m_rows_decode_text(rs->resource, json, len, rows_put, rs, NULL) < 0) {
		/* src/api checked this text with the reader that decodes it,
		 * so never seen; if it were, the batch is refused whole and
		 * the job fails (jobs.c names it), never half-read. */
		rs->bad = 1;
		return -1;
	}
	return 0;
}

int fetch_rows_answer(struct fetch_rows *rs, const struct api_answer *a)
{
	if (a->raw_records)
		return fetch_rows_text(rs, a->raw_records, a->raw_len, a->raw_n);
	return fetch_rows_each(rs, a->records);
}

struct api_sink fetch_rows_sink(struct fetch_rows *rs, int tree)
{
	struct api_sink sink = { fetch_rows_each, rs, NULL, NULL, tree ? NULL : fetch_rows_text };

	return sink;
}

int fetch_rows_error(const struct fetch_rows *rs, const char *op, struct api_error *err)
{
	if (!rs->bad)
		return 0;
	api_error_clear(err);
	api_error_set(err, API_ERR_DECODE, 0, NULL,
	              _("/%s/%s: the answer's records could not be read as JSON"), rs->resource,
	              op);
	return 1;
}
