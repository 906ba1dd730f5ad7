/* view_subscriptions.c: the Subscriptions pane: the account's (or one customer's) subscriptions. */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/views/view_pane.h"
#include "ui/views/views.h"

/*
 * `:sub WHAT` filters on the server by `active`:
 *   (nothing)  the service's default: active and frozen (active IN 0,1)
 *   active     active=1;   frozen  active=0;   lead  active=-3
 *   all        active IN (1, 0, -3): leads appear only when active is given
 *   12345      that subscription (subscriptionIDs)
 * The customer column's names come from the day's review, else from one
 * customer get after each chunk of rows (vc_list_name_customers).
 */

enum { COL_ID, COL_CUSTOMER, COL_SERVICE, COL_STATUS, COL_CHARGE, COL_NEXT, COL_LAST };

/* At 80 columns "Last done" (the preview's "Last completed") goes before
 * the customer's name is cut: the next service is what a dispatcher plans
 * by (VC_DROP).  On a wide terminal the name stops at twice its width
 * (VC_CAP) and the service, cut at 23, takes a share (VC_GROW). */
static const struct view_column columns[] = {
	[COL_ID] = { N_("ID"), 8, 6, VC_RIGHT | VC_ID },
	[COL_CUSTOMER] = { N_("Customer"), 20, 8, VC_FLEX | VC_CAP },
	[COL_SERVICE] = { N_("Service"), 23, 8, VC_GROW },
	[COL_STATUS] = { N_("Status"), 16, 6, 0 },
	[COL_CHARGE] = { N_("Charge"), 9, 8, VC_RIGHT },
	[COL_NEXT] = { N_("Next"), 10, 10, 0 },
	[COL_LAST] = { N_("Last done"), 10, 10, VC_DROP(1) },
};

static const char *const commands[] = { "sub", "subs", "subscription", "subscriptions", NULL };

/* The pane's query_form: 0, or -1 for a word it does not know. */
static int query_form(struct vc_pane *p, struct ui *ui, const char *query, struct vc_query *qs)
{
	struct api_form *f = vc_query_add(qs, NULL);
	static const long long all[] = { 1, 0, -3 };
	char *q = vc_trimmed(query);
	int rc = 0;

	if (!q || !*q)
		;
	else if (strcmp(q, "active") == 0)
		api_form_add_int(f, "active", 1);
	else if (strcmp(q, "frozen") == 0 || strcmp(q, "inactive") == 0)
		api_form_add_int(f, "active", 0);
	else if (strcmp(q, "lead") == 0 || strcmp(q, "leads") == 0)
		api_form_add_int(f, "active", -3);
	else if (strcmp(q, "all") == 0)
		api_form_add_in_int(f, "active", all, 3);
	else if (vc_all_digits(q) && strlen(q) < 19)
		api_form_add_int(f, "subscriptionIDs", strtoll(q, NULL, 10));
	else
		rc = -1;
	free(q);
	if (rc < 0)
		ui_error(ui, _("Subscriptions: unknown filter \"%s\" (active, frozen, lead, all, or an id)"),
		         query);
	return rc;
}

static void service_text(const struct vc_pane *p, const void *row, struct strbuf *out,
                         enum view_style *style)
{
	const struct m_subscription *s = row;

	(void)style;
	if (s->service_type && *s->service_type)
		strbuf_adds(out, s->service_type);
	else
		vc_service_type(out, p->ui, s->service_type_id);
}

static void status_text(const struct vc_pane *p, const void *row, struct strbuf *out,
                        enum view_style *style)
{
	const struct m_subscription *s = row;

	(void)p;
	switch (s->active) {
	case 1:
		strbuf_adds(out, _("active"));
		break;
	case 0:
		strbuf_adds(out, _("frozen"));
		if (style)
			*style = VS_DIM;
		break;
	case -3:
		strbuf_adds(out, _("lead"));
		if (s->lead_stage && *s->lead_stage)
			strbuf_addf(out, ": %s", s->lead_stage);
		if (style)
			*style = VS_PENDING;
		break;
	default:
		strbuf_addf(out, "%s %d", _("status"), s->active);
	}
}

/* Active, frozen, then leads (the stage's text breaks the tie). */
static int status_cmp(const void *a, const void *b)
{
	return vc_cmp_ll(((const struct m_subscription *)b)->active,
	                 ((const struct m_subscription *)a)->active);
}

#define AT(m) offsetof(struct m_subscription, m)
static const struct vc_field fields[] = {
	[COL_ID] = { VK_ID, AT(id), NULL, NULL },
	[COL_CUSTOMER] = { VK_CUSTOMER, AT(customer_id), NULL, NULL },
	[COL_SERVICE] = { VK_CUSTOM, 0, service_text, NULL },
	[COL_STATUS] = { VK_CUSTOM, 0, status_text, status_cmp },
	[COL_CHARGE] = { VK_MONEY, AT(recurring_charge), NULL, NULL },
	[COL_NEXT] = { VK_DATE, AT(next_service), NULL, NULL },
	[COL_LAST] = { VK_DATE, AT(last_completed), NULL, NULL },
};
#undef AT
VC_PANE_CHECK(columns, fields);

static void frequency_text(struct strbuf *out, const struct m_subscription *s)
{
	if (s->frequency_custom)
		strbuf_adds(out, _("custom schedule"));
	else if (s->frequency == -1)
		strbuf_adds(out, _("one time"));
	else if (s->frequency == 0)
		strbuf_adds(out, _("as needed"));
	else
		strbuf_addf(out, ngettext("every %d day", "every %d days", s->frequency),
		            s->frequency);
}

static void subs_preview(const struct vc_pane *p, const void *row, struct strbuf *out)
{
	const struct m_subscription *s = row;

	strbuf_addf(out, "%s #%lld %s ", _("Subscription"), s->id, vc_dot());
	service_text(p, s, out, NULL);
	strbuf_addf(out, "\n%s: ", _("Customer"));
	if (vc_list_customer_name(&p->list, p->ui, s->customer_id, out))
		strbuf_addf(out, " (#%lld)", s->customer_id);
	strbuf_addf(out, "\n%s: ", _("Status"));
	status_text(p, s, out, NULL);
	if (s->active == -3) {
		strbuf_addf(out, " %s %s ", vc_dot(), _("value"));
		vc_money(out, s->lead_value);
	}
	strbuf_addf(out, "\n%s: ", _("Frequency"));
	frequency_text(out, s);
	strbuf_addf(out, "\n%s: ", _("Recurring charge"));
	vc_money(out, s->recurring_charge);
	strbuf_addf(out, " %s %s ", vc_dot(), _("contract value"));
	vc_money(out, s->contract_value);
	strbuf_addf(out, "\n%s: ", _("Next service"));
	vc_date(out, s->next_service);
	strbuf_addf(out, "\n%s: ", _("Last completed"));
	if (s->last_completed[0])
		vc_date(out, s->last_completed);
	else
		strbuf_adds(out, _("never"));
	strbuf_addc(out, '\n');
	if (s->preferred_tech > 0) {
		strbuf_addf(out, "%s: ", _("Preferred technician"));
		vc_employee_name(out, p->ui, s->preferred_tech);
		strbuf_addc(out, '\n');
	}
}

static const struct vc_pane_def subs_def = {
	.resource = "subscription",
	.columns = columns,
	.fields = fields,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.id_column = COL_ID,
	.id_prefix = "",
	.commands = commands,
	.query_form = query_form,
	.preview = subs_preview,
};

static const struct view_ops subs_ops = VC_PANE_OPS("subscriptions", N_("Subscriptions"), columns);

struct view *view_subscriptions_new(long long customer_id, const char *query)
{
	return ui_view_new(&subs_ops, vc_pane_new(&subs_def, customer_id, query));
}
