/* fuzz_rows.c: the console's large loads (m_rows_decode_text, a record at a time) against the page's whole tree over any bytes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "fuzz/fuzz.h"
#include "model/model.h"
#include "model/rows.h"
#include "tests/lib/rows_tree.h"

/*
 * The input's first byte picks a row kind (customer, route, ...), the rest
 * is a records array as a page's raw_records hold it.  The rows decoded
 * one record at a time must be the rows of the whole array parsed as one
 * tree, and the count and skips must agree; a page one path refuses the
 * other refuses too, having taken nothing (tests/lib/rows_tree.c is the
 * tree path, shared with test_model_stream).
 */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rows_taken a = { NULL, STRBUF_INIT, 0 }, b = { NULL, STRBUF_INIT, 0 };
	size_t skip_a = 0, skip_b = 0;
	long na, nb;

	if (size < 1)
		return 0;
	a.resource = b.resource = m_row_kinds[data[0] % m_row_kinds_count]->resource;
	data++;
	size--;
	na = m_rows_decode_text(a.resource, (const char *)data, size, rows_take, &a, &skip_a);
	nb = rows_by_tree((const char *)data, size, &b, &skip_b);
	FUZZ_ASSERT(na == nb);
	if (na >= 0) {
		FUZZ_ASSERT(skip_a == skip_b);
		FUZZ_ASSERT(a.n + skip_a == (size_t)na);
	} else {
		FUZZ_ASSERT(a.n == 0);
	}
	FUZZ_ASSERT(strcmp(strbuf_str(&a.text), strbuf_str(&b.text)) == 0);
	strbuf_free(&a.text);
	strbuf_free(&b.text);
	return 0;
}
