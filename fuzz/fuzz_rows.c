/* fuzz_rows.c: the console's large loads (m_rows_decode_text, a record at a time) against the page's whole tree over any bytes. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "fuzz/fuzz.h"
#include "model/model.h"
#include "model/rows.h"

/*
 * The input's first byte picks a row kind (customer, route, ...), the rest
 * is a records array as a page's raw_records hold it.  The rows decoded
 * one record at a time must be the rows of the whole array parsed as one
 * tree, and the count and skips must agree; a page one path refuses the
 * other refuses too, having taken nothing.  Rows are compared through
 * m_row_encode, which writes every member a row keeps.
 */

struct taken {
	const char *resource;
	struct strbuf text;
	size_t n;
};

static void take(void *ctx, void *row)
{
	struct taken *t = ctx;
	cJSON *rec = m_row_encode(t->resource, row);
	char *s = cJSON_PrintUnformatted(rec);

	strbuf_addf(&t->text, "%s\n", s ? s : "?");
	t->n++;
	free(s);
	cJSON_Delete(rec);
	m_row_free(t->resource, row);
}

/* The whole array as one tree, as fetch jobs once read a page.  A page's
 * records span ends at its ']'; bytes up to 32 after it are allowed, as
 * the scanner allows them (cJSON's whitespace), and nothing else. */
static long by_tree(const char *json, size_t len, struct taken *t, size_t *skipped)
{
	const char *end = NULL;
	cJSON *page = cJSON_ParseWithLengthOpts(json, len, &end, 0);
	const cJSON *rec;
	long n = 0;

	*skipped = 0;
	while (page && end < json + len && (unsigned char)*end <= 32)
		end++;
	if (page && end != json + len) {
		cJSON_Delete(page);
		page = NULL;
	}
	if (!cJSON_IsArray(page)) {
		cJSON_Delete(page);
		return -1;
	}
	cJSON_ArrayForEach(rec, page) {
		void *row = m_row_decode(t->resource, rec);

		n++;
		if (row)
			take(t, row);
		else
			(*skipped)++;
	}
	cJSON_Delete(page);
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct taken a = { NULL, STRBUF_INIT, 0 }, b = { NULL, STRBUF_INIT, 0 };
	size_t skip_a = 0, skip_b = 0;
	long na, nb;

	if (size < 1)
		return 0;
	a.resource = b.resource = m_row_kinds[data[0] % m_row_kinds_count]->resource;
	data++;
	size--;
	na = m_rows_decode_text(a.resource, (const char *)data, size, take, &a, &skip_a);
	nb = by_tree((const char *)data, size, &b, &skip_b);
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
