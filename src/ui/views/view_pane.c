/* view_pane.c: the one table-driven list pane: cells, order, filter and preview from a pane's def. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/views/view_pane.h"

static struct vc_pane *pane(const struct view *v)
{
	return v->priv;
}

struct vc_pane *vc_pane_new(const struct vc_pane_def *def, long long customer_id,
                            const char *query)
{
	struct vc_pane *p = xcalloc(1, sizeof(*p));

	p->def = def;
	vc_list_init(&p->list, def->resource, NULL);
	p->customer_id = customer_id > 0 ? customer_id : 0;
	p->list.scope_customer = p->customer_id;
	p->query = query && *query ? xstrdup(query) : NULL;
	for (size_t c = 0; c < def->n_columns; c++)
		if (def->fields[c].kind == VK_CUSTOMER)
			vc_list_name_customers(&p->list, def->fields[c].off);
	return p;
}

/* ------------------------------------------------------------ cells */

static const void *member(const void *row, size_t off)
{
	return (const char *)row + off;
}

static long long ll_at(const void *row, size_t off)
{
	return *(const long long *)member(row, off);
}

static const char *text_at(const void *row, size_t off)
{
	const char *s = *(const char *const *)member(row, off);

	return s ? s : "";
}

/* The first non-blank line: the preview has the rest. */
static void first_line(struct strbuf *out, const char *text)
{
	const char *nl;

	while (*text == '\n' || *text == '\r' || *text == ' ')
		text++;
	nl = strpbrk(text, "\r\n");
	strbuf_add(out, text, nl ? (size_t)(nl - text) : strlen(text));
}

void vc_pane_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                  enum view_style *style)
{
	const struct vc_pane *p = pane(v);
	const struct vc_field *f = &p->def->fields[col];
	const void *r = vc_list_row(&p->list, row);

	if (!r) {
		if (col == p->def->id_column)
			strbuf_addf(out, "%s%lld", p->def->id_prefix, vc_list_id(&p->list, row));
		if (style)
			*style = VS_LOADING;
		return;
	}
	switch (f->kind) {
	case VK_ID: strbuf_addf(out, "%lld", ll_at(r, f->off)); break;
	case VK_TEXT: strbuf_adds(out, text_at(r, f->off)); break;
	case VK_FIRST_LINE: first_line(out, text_at(r, f->off)); break;
	case VK_MONEY: vc_money(out, ll_at(r, f->off)); break;
	case VK_MONEY_DUE: vc_money_due(out, ll_at(r, f->off), style); break;
	case VK_DATE: vc_date(out, member(r, f->off)); break;
	case VK_CUSTOMER: vc_list_customer_name(&p->list, p->ui, ll_at(r, f->off), out); break;
	case VK_CUSTOM: f->text(p, r, out, style); break;
	}
}

/* ------------------------------------------------------------ order */

int vc_pane_compare(const struct view *v, size_t a, size_t b, size_t col)
{
	const struct vc_pane *p = pane(v);
	const struct vc_field *f = &p->def->fields[col];
	const void *x, *y;
	int c = 0;

	if (vc_list_cmp_unloaded(&p->list, a, b, &c))
		return c;
	x = vc_list_row(&p->list, a);
	y = vc_list_row(&p->list, b);
	if (f->cmp) {
		c = f->cmp(x, y);
	} else {
		switch (f->kind) {
		case VK_ID:
		case VK_MONEY:
		case VK_MONEY_DUE: c = vc_cmp_ll(ll_at(x, f->off), ll_at(y, f->off)); break;
		case VK_TEXT: c = vc_cmp_text(text_at(x, f->off), text_at(y, f->off)); break;
		case VK_DATE: c = strcmp(member(x, f->off), member(y, f->off)); break;
		case VK_FIRST_LINE:
		case VK_CUSTOMER:
		case VK_CUSTOM: break;
		}
	}
	/* What the order did not settle, the text shown does (a lead's
	 * stage after its status, a name), then the id. */
	if (!c && f->kind != VK_ID && f->kind != VK_MONEY && f->kind != VK_MONEY_DUE &&
	    f->kind != VK_DATE && f->kind != VK_TEXT)
		c = vc_cmp_cells(v, a, b, col);
	return c ? c : vc_cmp_ll(ll_at(x, 0), ll_at(y, 0));
}

/* ------------------------------------------------------------ filter */

int vc_pane_match(const struct view *v, size_t row, const char *filter)
{
	const struct vc_pane *p = pane(v);
	const void *r = vc_list_row(&p->list, row);

	if (vc_match_cells(v, row, filter))
		return 1;
	if (!r)
		return 0;
	/* Whole texts where a cell shows a part (a note's first line). */
	for (size_t c = 0; c < p->def->n_columns; c++)
		if (p->def->fields[c].kind == VK_FIRST_LINE &&
		    vc_contains(text_at(r, p->def->fields[c].off), filter))
			return 1;
	for (size_t i = 0; i < p->def->n_extra; i++)
		if (vc_contains(text_at(r, p->def->extra[i]), filter))
			return 1;
	return 0;
}

/* "Found by: surname, company" for a query of several searches. */
static void found_by(const struct vc_pane *p, size_t row, struct strbuf *out)
{
	unsigned mask = vc_list_found(&p->list, row);
	int first = 1;

	if (p->n_found_by < 2 || !mask)
		return;
	strbuf_addf(out, "%s: ", _("Found by"));
	for (size_t i = 0; i < p->n_found_by; i++)
		if ((mask & (1u << i)) && p->found_by[i]) {
			strbuf_addf(out, "%s%s", first ? "" : ", ", _(p->found_by[i]));
			first = 0;
		}
	strbuf_addc(out, '\n');
}

void vc_pane_preview(const struct view *v, size_t row, struct strbuf *out)
{
	const struct vc_pane *p = pane(v);
	const void *r = vc_list_row(&p->list, row);

	if (!r)
		return;
	if (p->def->preview)
		p->def->preview(p, r, out);
	found_by(p, row, out);
}

/* ------------------------------------------------------------ the rest */

static void pane_subtitle(struct view *v)
{
	const struct vc_pane *p = pane(v);
	struct strbuf sb = STRBUF_INIT;

	if (p->customer_id > 0)
		strbuf_addf(&sb, "%s #%lld", _("customer"), p->customer_id);
	if (p->query && p->def->commands)
		strbuf_addf(&sb, "%s:%s %s", sb.len ? " " : "", p->def->commands[0], p->query);
	vc_subtitle(v, "%s", strbuf_str(&sb));
	strbuf_free(&sb);
}

struct api_form *vc_query_add(struct vc_query *q, const char *found_by)
{
	struct api_form *f;

	if (q->n >= VC_QUERY_MAX)
		return NULL;
	f = &q->alts[q->n];
	api_form_init(f);
	api_form_copy(f, &q->base);
	q->found_by[q->n++] = found_by;
	return f;
}

static void query_free(struct vc_query *q)
{
	api_form_free(&q->base);
	for (size_t i = 0; i < q->n; i++)
		api_form_free(&q->alts[i]);
}

/* Runs query (NULL: none): customerIDs, query_form's filters, then the
 * list's search and the subtitle ("customer #ID :cmd query").  0, or -1
 * when query_form refused it. */
static int vc_pane_search(struct view *v, struct ui *ui, const char *query)
{
	struct vc_pane *p = pane(v);
	struct vc_query q;

	memset(&q, 0, sizeof(q));
	api_form_init(&q.base);
	if (p->customer_id > 0)
		api_form_add_int(&q.base, "customerIDs", p->customer_id);
	if (p->def->query_form && p->def->query_form(p, ui, query, &q) < 0) {
		query_free(&q);
		return -1;
	}
	if (!q.n)
		vc_query_add(&q, NULL);
	free(p->query);
	p->query = query && *query ? xstrdup(query) : NULL;
	p->n_found_by = q.n;
	memcpy(p->found_by, q.found_by, sizeof(p->found_by));
	p->list.first_found = q.first_found;
	vc_list_search_any(&p->list, v, ui, q.alts, q.n, 0);
	query_free(&q);
	pane_subtitle(v);
	return 0;
}

size_t vc_pane_count(const struct view *v)
{
	return vc_list_count(&pane(v)->list);
}

long long vc_pane_row_id(const struct view *v, size_t row)
{
	return vc_list_id(&pane(v)->list, row);
}

int vc_pane_loaded(const struct view *v, size_t row)
{
	return vc_list_loaded(&pane(v)->list, row);
}

void vc_pane_open(struct view *v, struct ui *ui)
{
	struct vc_pane *p = pane(v);
	char *query = p->query ? xstrdup(p->query) : NULL;

	p->ui = ui;
	if (vc_pane_search(v, ui, query) < 0) {
		/* A bad saved query still opens the pane, on every row. */
		vc_pane_search(v, ui, NULL);
	}
	free(query);
}

void vc_pane_want(struct view *v, struct ui *ui, size_t first, size_t last)
{
	vc_list_want(&pane(v)->list, v, ui, first, last);
}

size_t vc_pane_sorted(struct view *v, struct ui *ui, int on)
{
	return vc_list_set_whole(&pane(v)->list, v, ui, on);
}

int vc_pane_result(struct view *v, struct ui *ui, struct fetch_result *r)
{
	return vc_list_result(&pane(v)->list, v, ui, r);
}

void vc_pane_enter(struct view *v, struct ui *ui, size_t row)
{
	const struct vc_pane *p = pane(v);
	long long id = vc_list_id(&p->list, row);

	if (id > 0)
		ui_open(ui, UI_VIEW_DETAIL, &(struct ui_view_args){ id, p->list.resource, NULL });
}

void vc_pane_refresh(struct view *v, struct ui *ui, int hard)
{
	vc_list_refresh(&pane(v)->list, v, ui, hard);
}

int vc_pane_command(struct view *v, struct ui *ui, const char *name, const char *args)
{
	const char *const *c = pane(v)->def->commands;

	while (c && *c && strcmp(*c, name) != 0)
		c++;
	if (!c || !*c)
		return 0;
	/* The command may come before the open it replaces. */
	pane(v)->ui = ui;
	vc_pane_search(v, ui, args);
	return 1;
}

void vc_pane_destroy(struct view *v)
{
	struct vc_pane *p = pane(v);

	if (!p)
		return;
	vc_list_free(&p->list);
	free(p->query);
	free(p);
	v->priv = NULL;
}

