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

/* Rows ra and rb in the order of c, ka and kb their cells' text when
 * the view has no compare of its own. */
static int rows_cmp(const struct sort_ctx *c, size_t ra, size_t rb, const char *ka,
                    const char *kb)
{
	int r;

	if (c->by_id) {
		long long x = c->v->ops->row_id(c->v, ra), y = c->v->ops->row_id(c->v, rb);

		r = x < y ? -1 : x > y;
	} else if (c->v->ops->compare) {
		r = c->v->ops->compare(c->v, ra, rb, c->col);
	} else if (c->numeric) {
		double x = list_number(ka), y = list_number(kb);

		r = x < y ? -1 : x > y;
	} else {
		r = strcasecmp(ka, kb);
	}
	if (c->desc)
		r = -r;
	/* Ties keep the view's order: the sort is stable. */
	return r ? r : (ra < rb ? -1 : ra > rb);
}

static int sort_cmp(const void *a, const void *b, void *arg)
{
	const struct sort_ctx *c = arg;
	size_t ra = *(const size_t *)a, rb = *(const size_t *)b;

	return rows_cmp(c, ra, rb, c->keys ? c->keys[ra] : NULL, c->keys ? c->keys[rb] : NULL);
}

int list_sort_compare(const struct view *v, size_t col, int desc, size_t a, size_t b)
{
	struct sort_ctx c = { v, col, desc, 0, 0, NULL };
	struct strbuf ka = STRBUF_INIT, kb = STRBUF_INIT;
	int r;

	c.by_id = (v->ops->columns[col].flags & VC_ID) != 0;
	c.numeric = (v->ops->columns[col].flags & VC_RIGHT) != 0;
	if (!c.by_id && !v->ops->compare) {
		list_cell_text(v, a, col, &ka, NULL);
		list_cell_text(v, b, col, &kb, NULL);
	}
	r = rows_cmp(&c, a, b, strbuf_str(&ka), strbuf_str(&kb));
	strbuf_free(&ka);
	strbuf_free(&kb);
	return r;
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
