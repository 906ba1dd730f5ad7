/* list_sort.c: orders a list's rows by one column: by id, by the view's compare, by number or by text. */
#include "config.h"

#include <stdlib.h>
#include <strings.h>

#include "common/strbuf.h"
#include "ui/base/list.h"

struct sort_ctx {
	const struct view *v;
	size_t col;
	int desc, numeric, by_id;
	char **keys;   /* cell text by view row when the view has no compare */
};

static int sort_cmp(const void *a, const void *b, void *arg)
{
	const struct sort_ctx *c = arg;
	size_t ra = *(const size_t *)a, rb = *(const size_t *)b;
	int r;

	if (c->by_id) {
		long long x = c->v->ops->row_id(c->v, ra), y = c->v->ops->row_id(c->v, rb);

		r = x < y ? -1 : x > y;
	} else if (c->v->ops->compare) {
		r = c->v->ops->compare(c->v, ra, rb, c->col);
	} else if (c->numeric) {
		double x = list_number(c->keys[ra]), y = list_number(c->keys[rb]);

		r = x < y ? -1 : x > y;
	} else {
		r = strcasecmp(c->keys[ra], c->keys[rb]);
	}
	if (c->desc)
		r = -r;
	/* Ties keep the view's order: the sort is stable. */
	return r ? r : (ra < rb ? -1 : ra > rb);
}

void list_sort_rows(const struct view *v, size_t *index, size_t n, size_t total, size_t col,
                    int desc)
{
	struct sort_ctx c = { v, col, desc, 0, 0, NULL };
	struct strbuf sb = STRBUF_INIT;

	c.by_id = (v->ops->columns[c.col].flags & VC_ID) != 0;
	if (!c.by_id && !v->ops->compare) {
		/* One text per row, made once, not once per comparison. */
		c.numeric = (v->ops->columns[c.col].flags & VC_RIGHT) != 0;
		c.keys = xcalloc(total, sizeof(*c.keys));
		for (size_t i = 0; i < n; i++) {
			list_cell_text(v, index[i], c.col, &sb, NULL);
			c.keys[index[i]] = xstrdup(sb.buf);
		}
	}
	qsort_r(index, n, sizeof(*index), sort_cmp, &c);
	if (c.keys) {
		for (size_t i = 0; i < n; i++)
			free(c.keys[index[i]]);
		free(c.keys);
	}
	strbuf_free(&sb);
}
