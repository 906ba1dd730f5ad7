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

long m_rows_decode_text(const char *resource, const char *json, size_t len,
                        void (*take)(void *ctx, void *row), void *ctx, size_t *skipped)
{
	const char *end = json + len, *p, *q;
	size_t n = 0, kept = 0;

	if (skipped)
		*skipped = 0;
	p = api_json_ws(json, end);
	if (p >= end || *p != '[')
		return -1;
	q = api_json_skip(p, end, 0, NULL);
	if (!q || api_json_ws(q, end) != end)
		return -1;
	p = api_json_ws(p + 1, end);
	if (p < end && *p == ']')
		return 0;
	for (;;) {
		const char *v = p, *v_end = api_json_skip(v, end, 1, NULL);
		cJSON *rec;
		void *row;

		/* Checked above, so these hold; kept as guards, never as a
		 * different reading of the text. */
		if (!v_end)
			return -1;
		rec = cJSON_ParseWithLength(v, (size_t)(v_end - v));
		row = rec ? m_row_decode(resource, rec) : NULL;
		cJSON_Delete(rec);
		n++;
		/* No row type, or no integer key: nothing a pane could show,
		 * skipped as the tree path skips it. */
		if (row) {
			take(ctx, row);
			kept++;
		}
		p = api_json_ws(v_end, end);
		if (p < end && *p == ',') {
			p = api_json_ws(p + 1, end);
			continue;
		}
		break;
	}
	if (skipped)
		*skipped = n - kept;
	return (long)n;
}
