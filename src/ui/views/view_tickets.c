/* view_tickets.c: the Tickets pane: invoices of the account (or of one customer). */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/views/view_pane.h"
#include "ui/views/views.h"

/*
 * `:ticket WHAT`:
 *   (nothing) or all   every ticket the service lists by default (status 0,1)
 *   open               tickets with a balance due
 *   12345              that ticket (ticketIDs)
 * The ticket search has no balance filter (resources_table.c, ticket_filters:
 * ids, offices, customers, status, dates), so "open" is a local test:
 * the search is the same, and the list reads every ticket it found, a
 * chunk after another, saying what that costs, and shows the open ones
 * once all are read (vc_list_set_keep).  A test over the rows that
 * happened to be loaded counted 1/11147, then 96/10224, then 1/9423 for
 * an account with 1718 open tickets, and missed November's.
 */

enum { COL_ID, COL_DATE, COL_CUSTOMER, COL_TOTAL, COL_BALANCE, COL_STATUS };

/* The name stops at twice its width on a wide terminal (VC_CAP): at 200
 * columns it had 97, and the amounts stood 80 blanks away from it. */
static const struct view_column columns[] = {
	[COL_ID] = { N_("ID"), 8, 6, VC_RIGHT | VC_ID },
	[COL_DATE] = { N_("Invoice date"), 12, 10, 0 },
	[COL_CUSTOMER] = { N_("Customer"), 20, 8, VC_FLEX | VC_CAP },
	[COL_TOTAL] = { N_("Total"), 10, 8, VC_RIGHT },
	[COL_BALANCE] = { N_("Balance"), 10, 8, VC_RIGHT },
	[COL_STATUS] = { N_("Status"), 16, 4, 0 },
};

static const char *const commands[] = { "ticket", "tickets", NULL };

static int is_open(const void *row)
{
	return ((const struct m_ticket *)row)->balance > 0;
}

/* The pane's query_form, which also decides whether paid tickets are
 * hidden: 0, or -1 for a word it does not know. */
static int query_form(struct vc_pane *p, struct ui *ui, const char *query, struct vc_query *qs)
{
	struct api_form *f = vc_query_add(qs, NULL);
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

static void status_text(const struct vc_pane *p, const void *row, struct strbuf *out,
                        enum view_style *style)
{
	const struct m_ticket *t = row;

	(void)p;
	if (t->balance > 0) {
		strbuf_adds(out, C_("ticket status", "open"));
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

#define AT(m) offsetof(struct m_ticket, m)
static const struct vc_field fields[] = {
	[COL_ID] = { VK_ID, AT(id), NULL, NULL },
	[COL_DATE] = { VK_DATE, AT(invoice_date), NULL, NULL },
	[COL_CUSTOMER] = { VK_CUSTOMER, AT(customer_id), NULL, NULL },
	[COL_TOTAL] = { VK_MONEY, AT(total), NULL, NULL },
	[COL_BALANCE] = { VK_MONEY_DUE, AT(balance), NULL, NULL },
	[COL_STATUS] = { VK_CUSTOM, 0, status_text, NULL },
};
VC_PANE_CHECK(columns, fields);

/* The `/` filter also finds the invoice number. */
static const size_t extra[] = { AT(invoice_number) };
#undef AT

static void tickets_preview(const struct vc_pane *p, const void *row, struct strbuf *out)
{
	const struct m_ticket *t = row;

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
	status_text(p, t, out, NULL);
	strbuf_addc(out, '\n');
	if (t->subscription_id > 0)
		strbuf_addf(out, "%s #%lld\n", _("Subscription"), t->subscription_id);
	if (t->appointment_id > 0)
		strbuf_addf(out, "%s #%lld\n", _("Appointment"), t->appointment_id);
	/* One column (no LIST_PREVIEW_BREAK): the lines above are at their
	 * places already, and the items that a missing subscription moves up
	 * differ from one ticket to the next anyway. */
	for (size_t i = 0; i < t->n_items; i++) {
		const struct m_item *it = &t->items[i];

		strbuf_addf(out, "  %s x%d ", it->description ? it->description : "", it->quantity);
		vc_money(out, it->amount);
		strbuf_addc(out, '\n');
	}
}

static const struct vc_pane_def tickets_def = {
	.resource = "ticket",
	.columns = columns,
	.fields = fields,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.id_column = COL_ID,
	.id_prefix = "",
	.extra = extra,
	.n_extra = sizeof(extra) / sizeof(extra[0]),
	.commands = commands,
	.query_form = query_form,
	.preview = tickets_preview,
};

static const struct view_ops tickets_ops = VC_PANE_OPS("tickets", N_("Tickets"), columns);

struct view *view_tickets_new(long long customer_id, const char *query)
{
	return ui_view_new(&tickets_ops, vc_pane_new(&tickets_def, customer_id, query));
}
