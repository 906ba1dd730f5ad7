/* stream.c: a page's records decoded into rows one at a time from its text, never as one tree. */
#include "config.h"

#include "api/jscan.h"
#include "model/model.h"

/*
 * A get or includeData page of 1000 customers is ~1.5 MB of text and, as
 * one cJSON tree, ~100 nodes a record: several times that again, all of it
 * alive until the last row is decoded (issue 12).  Here each element of the
 * records array is parsed alone (cJSON_ParseWithLength over its bytes: a
 * tree of one record), decoded by the same m_row_decode, and freed before
 * the next, so the rows are exactly the tree path's and the page's tree is
 * never built.  The whole array is checked first (api_json_skip reads what
 * cJSON reads), so a page is taken whole or not at all.
 */

struct decode {
	const char *resource;
	void (*take)(void *ctx, void *row);
	void *ctx;
	size_t kept;
};

static void decode_one(void *ctx, const char *v, size_t len)
{
	struct decode *d = ctx;
	cJSON *rec = cJSON_ParseWithLength(v, len);
	void *row = rec ? m_row_decode(d->resource, rec) : NULL;

	cJSON_Delete(rec);
	/* No row type, or no integer key: nothing a pane could show,
	 * skipped as the tree path skips it. */
	if (row) {
		d->take(d->ctx, row);
		d->kept++;
	}
}

long m_rows_decode_text(const char *resource, const char *json, size_t len,
                        void (*take)(void *ctx, void *row), void *ctx, size_t *skipped)
{
	struct decode d = { resource, take, ctx, 0 };
	long n = api_json_array_each(json, len, decode_one, &d);

	if (skipped)
		*skipped = n > 0 ? (size_t)n - d.kept : 0;
	return n;
}
