/* view_list_names.c: the names of an id list's customers (a subscription's, a ticket's): from the day's review, else one get per chunk. */
#include "config.h"

#include <stdlib.h>

#include "common/strbuf.h"
#include "ui/views/view_common.h"

void vc_list_name_customers(struct vc_list *l, size_t off)
{
	l->names = 1;
	l->customer_off = off;
	if (!l->customers)
		l->customers = m_table_new(m_row_free_fn("customer"));
}

int vc_list_customer_name(const struct vc_list *l, const struct ui *ui, long long id,
                          struct strbuf *out)
{
	const struct m_review *rv = ui ? ui_review(ui) : NULL;
	const struct m_customer *c = rv ? m_table_get(rv->customers, id) : NULL;

	if (id == 0)
		return 0;
	if (!c)
		c = m_table_get(l->customers, id);
	if (c)
		vc_customer_name(out, c);
	else
		strbuf_addf(out, "#%lld", id);
	return c != NULL;
}

/* A customer row holding only the names (what the list shows). */
static struct m_customer *name_copy(const struct m_customer *c)
{
	struct m_customer *n = xcalloc(1, sizeof(*n));

	n->id = c->id;
	n->fname = xstrdup(c->fname ? c->fname : "");
	n->lname = xstrdup(c->lname ? c->lname : "");
	n->company = xstrdup(c->company ? c->company : "");
	return n;
}

size_t vc_list_names_wanted(struct vc_list *l, const struct ui *ui, long long **out)
{
	const struct m_review *rv = ui_review(ui);
	long long *ids = l->pending_names;
	size_t n = 0, k = 0;

	*out = NULL;
	l->pending_names = NULL;
	if (!ids)
		return 0;
	qsort(ids, l->n_pending_names, sizeof(*ids), vc_cmp_ids);
	for (size_t i = 0; i < l->n_pending_names; i++) {
		if (n && ids[n - 1] == ids[i])
			continue;
		ids[n++] = ids[i];
	}
	l->n_pending_names = 0;
	for (size_t i = 0; i < n; i++) {
		const struct m_customer *c = rv ? m_table_get(rv->customers, ids[i]) : NULL;

		/* The review goes with the day: keep a copy of the name. */
		if (c)
			m_table_put(l->customers, name_copy(c));
		else if (k < VC_CHUNK)
			ids[k++] = ids[i];
	}
	*out = ids;
	return k;
}

size_t vc_list_names_take(struct vc_list *l, struct fetch_result *r)
{
	size_t taken = 0;

	/* Partial answers still name who they can. */
	for (size_t i = 0; r->rows && i < r->n_rows; i++) {
		if (!r->rows[i])
			continue;
		m_table_put(l->customers, r->rows[i]);
		r->rows[i] = NULL;
		taken++;
	}
	return taken;
}
