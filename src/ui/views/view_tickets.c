/* view_tickets.c: the Tickets pane: invoices of the account (or of one customer). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/views/view_common.h"

/*
 * `:ticket WHAT`:
 *   (nothing) or all   every ticket the service lists by default (status 0,1)
 *   open               tickets with a balance due
 *   12345              that ticket (ticketIDs)
 * The ticket search has no balance filter (resources_table.c, ticket_filters:
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

static struct vc_pane *priv(const struct view *v)
{
	return v->priv;
}

static const char *const commands[] = { "ticket", "tickets", NULL };

static int is_open(const void *row)
{
	return ((const struct m_ticket *)row)->balance > 0;
}

/* The pane's query_form, which also decides whether paid tickets are
 * hidden: 0, or -1 for a word it does not know. */
static int query_form(struct vc_pane *p, struct ui *ui, const char *query, struct api_form *f)
{
	char *q = vc_trimmed(query);
	int open_only = 0;
	int rc = 0;

	if (!q || !*q || strcmp(q, "all") == 0)
		;
	else if (strcmp(q, "open") == 0 || strcmp(q, "due") == 0)
		open_only = 1;
	else if (vc_all_digits(q) && strlen(q) < 19)
		api_form_add_int(f, "ticketIDs", strtoll(q, NULL, 10));
	else
		rc = -1;
	free(q);
	if (rc < 0) {
		ui_error(ui, _("Tickets: unknown filter \"%s\" (open, all, or an id)"), query);
		return -1;
	}
	vc_list_set_keep(&p->list, open_only ? is_open : NULL);
	return 0;
}

static long long customer_of(const void *row)
{
	return ((const struct m_ticket *)row)->customer_id;
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
	const struct vc_pane *p = priv(v);
	const struct m_ticket *t = at(v, row);

	if (!t) {
		vc_pane_loading(v, row, col == COL_ID ? "" : NULL, out, style);
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
		c = vc_cmp_cells(v, a, b, col);
	}
	return c ? c : vc_cmp_ll(x->id, y->id);
}

static int tickets_match(const struct view *v, size_t row, const char *filter)
{
	const struct m_ticket *t = at(v, row);

	return vc_match_cells(v, row, filter) || (t && vc_contains(t->invoice_number, filter));
}

static void tickets_preview(const struct view *v, size_t row, struct strbuf *out)
{
	const struct vc_pane *p = priv(v);
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

static const struct view_ops tickets_ops = {
	.name = "tickets",
	.title = N_("Tickets"),
	.columns = columns,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.count = vc_pane_count,
	.row_id = vc_pane_row_id,
	.loaded = vc_pane_loaded,
	.cell = tickets_cell,
	.compare = tickets_compare,
	.match = tickets_match,
	.preview = tickets_preview,
	.open = vc_pane_open,
	.want = vc_pane_want,
	.result = vc_pane_result,
	.enter = vc_pane_enter,
	.refresh = vc_pane_refresh,
	.command = vc_pane_command,
	.destroy = vc_pane_destroy,
};

struct view *view_tickets_new(long long customer_id, const char *query)
{
	struct vc_pane *p = xcalloc(1, sizeof(*p));

	vc_pane_init(p, "ticket", customer_id, query, commands, query_form);
	vc_list_name_customers(&p->list, customer_of);
	return ui_view_new(&tickets_ops, p);
}
