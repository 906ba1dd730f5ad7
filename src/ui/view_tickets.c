/* view_tickets.c: the Tickets pane: invoices of the account (or of one customer). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/view_common.h"

/*
 * `:ticket WHAT`:
 *   (nothing) or all   every ticket the service lists by default (status 0,1)
 *   open               tickets with a balance due
 *   12345              that ticket (ticketIDs)
 * The ticket search has no balance filter (resources.c, ticket_filters:
 * ids, offices, customers, status, dates), so "open" is a local test on
 * the loaded rows: the search is the same, paid tickets drop out of the
 * pane as their rows arrive, and rows not loaded yet stay as placeholders
 * until they scroll into view.
 */

enum { COL_ID, COL_DATE, COL_CUSTOMER, COL_TOTAL, COL_BALANCE, COL_STATUS };

static const struct view_column columns[] = {
	[COL_ID] = { N_("ID"), 8, 6, VC_RIGHT },
	[COL_DATE] = { N_("Invoice date"), 12, 10, 0 },
	[COL_CUSTOMER] = { N_("Customer"), 20, 8, VC_FLEX },
	[COL_TOTAL] = { N_("Total"), 10, 8, VC_RIGHT },
	[COL_BALANCE] = { N_("Balance"), 10, 8, VC_RIGHT },
	[COL_STATUS] = { N_("Status"), 16, 4, 0 },
};

struct tickets {
	struct ui *ui;
	struct vc_list list;
	long long customer_id;
	char *query;
};

static struct tickets *priv(const struct view *v)
{
	return v->priv;
}

static int is_open(const void *row)
{
	return ((const struct m_ticket *)row)->balance > 0;
}

/* Builds the search; *open_only says whether paid tickets are hidden.
 * 0, or -1 for a word it does not know. */
static int query_form(long long customer_id, const char *query, struct api_form *f,
                      int *open_only)
{
	char *q = NULL;
	int rc = 0;

	*open_only = 0;
	if (customer_id > 0)
		api_form_add_int(f, "customerIDs", customer_id);
	if (query) {
		size_t len;

		while (*query == ' ')
			query++;
		len = strlen(query);
		while (len && query[len - 1] == ' ')
			len--;
		q = xstrndup(query, len);
	}
	if (!q || !*q || strcmp(q, "all") == 0)
		;
	else if (strcmp(q, "open") == 0 || strcmp(q, "due") == 0)
		*open_only = 1;
	else if (vc_all_digits(q) && strlen(q) < 19)
		api_form_add_int(f, "ticketIDs", strtoll(q, NULL, 10));
	else
		rc = -1;
	free(q);
	return rc;
}

static long long customer_of(const void *row)
{
	return ((const struct m_ticket *)row)->customer_id;
}

static size_t tickets_count(const struct view *v)
{
	return vc_list_count(&priv(v)->list);
}

static long long tickets_row_id(const struct view *v, size_t row)
{
	return vc_list_id(&priv(v)->list, row);
}

static int tickets_loaded(const struct view *v, size_t row)
{
	return vc_list_loaded(&priv(v)->list, row);
}

static const struct m_ticket *at(const struct view *v, size_t row)
{
	return vc_list_row(&priv(v)->list, row);
}

static void status_text(struct strbuf *out, const struct m_ticket *t, enum view_style *style)
{
	if (t->balance > 0) {
		strbuf_adds(out, _("open"));
		if (style)
			*style = VS_MONEY_DUE;
	} else {
		strbuf_adds(out, _("paid"));
		if (style)
			*style = VS_DONE;
	}
	if (t->active == 0)
		strbuf_addf(out, " (%s)", _("pending"));
	else if (t->active == -1)
		strbuf_addf(out, " (%s)", _("template"));
}

static void tickets_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                         enum view_style *style)
{
	const struct tickets *p = priv(v);
	const struct m_ticket *t = at(v, row);

	if (!t) {
		if (col == COL_ID)
			strbuf_addf(out, "%lld", vc_list_id(&p->list, row));
		if (style)
			*style = VS_LOADING;
		return;
	}
	switch (col) {
	case COL_ID:
		strbuf_addf(out, "%lld", t->id);
		break;
	case COL_DATE:
		vc_date(out, t->invoice_date);
		break;
	case COL_CUSTOMER:
		vc_list_customer_name(&p->list, p->ui, t->customer_id, out);
		break;
	case COL_TOTAL:
		vc_money(out, t->total);
		break;
	case COL_BALANCE:
		vc_money_due(out, t->balance, style);
		break;
	case COL_STATUS:
		status_text(out, t, style);
		break;
	}
}

static int tickets_compare(const struct view *v, size_t a, size_t b, size_t col)
{
	const struct m_ticket *x, *y;
	struct strbuf sa = STRBUF_INIT, sb = STRBUF_INIT;
	int c = 0;

	if (vc_list_cmp_unloaded(&priv(v)->list, a, b, &c))
		return c;
	x = at(v, a);
	y = at(v, b);
	switch (col) {
	case COL_ID:
		break;
	case COL_DATE:
		c = strcmp(x->invoice_date, y->invoice_date);
		break;
	case COL_TOTAL:
		c = vc_cmp_ll(x->total, y->total);
		break;
	case COL_BALANCE:
		c = vc_cmp_ll(x->balance, y->balance);
		break;
	default:
		tickets_cell(v, a, col, &sa, NULL);
		tickets_cell(v, b, col, &sb, NULL);
		c = vc_cmp_text(strbuf_str(&sa), strbuf_str(&sb));
	}
	strbuf_free(&sa);
	strbuf_free(&sb);
	return c ? c : vc_cmp_ll(x->id, y->id);
}

static int tickets_match(const struct view *v, size_t row, const char *filter)
{
	const struct m_ticket *t = at(v, row);

	return vc_match_cells(v, row, filter) || (t && vc_contains(t->invoice_number, filter));
}

static void tickets_preview(const struct view *v, size_t row, struct strbuf *out)
{
	const struct tickets *p = priv(v);
	const struct m_ticket *t = at(v, row);

	if (!t)
		return;
	strbuf_addf(out, "%s #%lld", _("Ticket"), t->id);
	if (t->invoice_number && *t->invoice_number)
		strbuf_addf(out, " %s %s %s", vc_dot(), _("invoice"), t->invoice_number);
	if (t->invoice_date[0])
		strbuf_addf(out, " %s %s", vc_dot(), t->invoice_date);
	strbuf_addf(out, "\n%s: ", _("Customer"));
	if (vc_list_customer_name(&p->list, p->ui, t->customer_id, out))
		strbuf_addf(out, " (#%lld)", t->customer_id);
	strbuf_addf(out, "\n%s ", _("Subtotal"));
	vc_money(out, t->subtotal);
	strbuf_addf(out, " + %s ", _("tax"));
	vc_money(out, t->tax);
	strbuf_addf(out, " = %s ", _("total"));
	vc_money(out, t->total);
	strbuf_addf(out, " %s %s ", vc_dot(), _("balance"));
	vc_money(out, t->balance);
	strbuf_addf(out, "\n%s: ", _("Status"));
	status_text(out, t, NULL);
	strbuf_addc(out, '\n');
	if (t->subscription_id > 0)
		strbuf_addf(out, "%s #%lld\n", _("Subscription"), t->subscription_id);
	if (t->appointment_id > 0)
		strbuf_addf(out, "%s #%lld\n", _("Appointment"), t->appointment_id);
	for (size_t i = 0; i < t->n_items; i++) {
		const struct m_item *it = &t->items[i];

		strbuf_addf(out, "  %s x%d ", it->description ? it->description : "", it->quantity);
		vc_money(out, it->amount);
		strbuf_addc(out, '\n');
	}
}

static void set_subtitle(struct view *v)
{
	const struct tickets *p = priv(v);
	struct strbuf sb = STRBUF_INIT;

	if (p->customer_id > 0)
		strbuf_addf(&sb, "%s #%lld", _("customer"), p->customer_id);
	if (p->query)
		strbuf_addf(&sb, "%s:ticket %s", sb.len ? " " : "", p->query);
	vc_subtitle(v, "%s", strbuf_str(&sb));
	strbuf_free(&sb);
}

static int search(struct view *v, struct ui *ui, const char *query)
{
	struct tickets *p = priv(v);
	struct api_form f = API_FORM_INIT;
	int open_only;

	if (query_form(p->customer_id, query, &f, &open_only) < 0) {
		ui_error(ui, _("Tickets: unknown filter \"%s\" (open, all, or an id)"), query);
		api_form_free(&f);
		return -1;
	}
	free(p->query);
	p->query = query && *query ? xstrdup(query) : NULL;
	vc_list_set_keep(&p->list, open_only ? is_open : NULL);
	vc_list_search(&p->list, v, ui, &f, 0);
	api_form_free(&f);
	set_subtitle(v);
	return 0;
}

static void tickets_open(struct view *v, struct ui *ui)
{
	struct tickets *p = priv(v);
	char *query = p->query ? xstrdup(p->query) : NULL;

	p->ui = ui;
	if (search(v, ui, query) < 0)
		search(v, ui, NULL);
	free(query);
}

static void tickets_want(struct view *v, struct ui *ui, size_t first, size_t last)
{
	vc_list_want(&priv(v)->list, v, ui, first, last);
}

static int tickets_result(struct view *v, struct ui *ui, struct fetch_result *r)
{
	return vc_list_result(&priv(v)->list, v, ui, r);
}

static void tickets_enter(struct view *v, struct ui *ui, size_t row)
{
	long long id = vc_list_id(&priv(v)->list, row);

	if (id > 0)
		ui_push(ui, view_detail_new("ticket", id));
}

static void tickets_refresh(struct view *v, struct ui *ui, int hard)
{
	vc_list_refresh(&priv(v)->list, v, ui, hard);
}

static int tickets_command(struct view *v, struct ui *ui, const char *name, const char *args)
{
	if (strcmp(name, "ticket") != 0 && strcmp(name, "tickets") != 0)
		return 0;
	search(v, ui, args);
	return 1;
}

static void tickets_destroy(struct view *v)
{
	struct tickets *p = priv(v);

	if (!p)
		return;
	vc_list_free(&p->list);
	free(p->query);
	free(p);
	v->priv = NULL;
}

static const struct view_ops tickets_ops = {
	.name = "tickets",
	.title = N_("Tickets"),
	.columns = columns,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.count = tickets_count,
	.row_id = tickets_row_id,
	.loaded = tickets_loaded,
	.cell = tickets_cell,
	.compare = tickets_compare,
	.match = tickets_match,
	.preview = tickets_preview,
	.open = tickets_open,
	.want = tickets_want,
	.result = tickets_result,
	.enter = tickets_enter,
	.refresh = tickets_refresh,
	.command = tickets_command,
	.destroy = tickets_destroy,
};

struct view *view_tickets_new(long long customer_id, const char *query)
{
	struct tickets *p = xcalloc(1, sizeof(*p));

	vc_list_init(&p->list, "ticket", NULL);
	vc_list_name_customers(&p->list, customer_of);
	p->customer_id = customer_id > 0 ? customer_id : 0;
	p->query = query && *query ? xstrdup(query) : NULL;
	return ui_view_new(&tickets_ops, p);
}
