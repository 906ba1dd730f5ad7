/* rows_tree.h: a page's rows decoded from its whole cJSON tree, the reference m_rows_decode_text is held to. */
#ifndef ROUTEDESK_ROWS_TREE_H
#define ROUTEDESK_ROWS_TREE_H

#include <stddef.h>

#include "common/strbuf.h"

/*
 * Shared by tests/unit/test_model_stream.c and fuzz/fuzz_rows.c.  Rows
 * are compared as text: each row's m_row_encode, unformatted, a line
 * each, which writes every member a row keeps.
 */
struct rows_taken {
	const char *resource;
	struct strbuf text;
	size_t n;
};

/* An m_rows_decode_text take callback: appends the row's line to ctx (a
 * struct rows_taken) and frees the row. */
void rows_take(void *ctx, void *row);

/* json[0..len) parsed whole as one tree, as fetch jobs once read a page,
 * each element decoded by m_row_decode and taken.  A page's records end at
 * their ']': bytes up to 32 may follow (cJSON's whitespace, which the
 * scanner allows too), nothing else.  The element count, or -1 when it is
 * not one array; *skipped counts elements that gave no row. */
long rows_by_tree(const char *json, size_t len, struct rows_taken *t, size_t *skipped);

#endif
