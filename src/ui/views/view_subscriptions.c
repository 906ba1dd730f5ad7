/* view_subscriptions.c: the Subscriptions pane: the account's (or one customer's) subscriptions. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/views/view_common.h"

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

static const struct view_column columns[] = {
	[COL_ID] = { N_("ID"), 8, 6, VC_RIGHT },
	[COL_CUSTOMER] = { N_("Customer"), 20, 8, VC_FLEX },
	[COL_SERVICE] = { N_("Service"), 23, 8, 0 },
	[COL_STATUS] = { N_("Status"), 16, 6, 0 },
	[COL_CHARGE] = { N_("Charge"), 9, 8, VC_RIGHT },
	[COL_NEXT] = { N_("Next"), 10, 10, 0 },
	[COL_LAST] = { N_("Last done"), 10, 10, 0 },
};

static struct vc_pane *priv(const struct view *v)
{
	return v->priv;
}

static const char *const commands[] = { "sub", "subs", "subscription", "subscriptions", NULL };

/* The pane's query_form: 0, or -1 for a word it does not know. */
static int query_form(struct vc_pane *p, struct ui *ui, const char *query, struct api_form *f)
{
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

static long long customer_of(const void *row)
{
	return ((const struct m_subscription *)row)->customer_id;
}

static const struct m_subscription *at(const struct view *v, size_t row)
{
	return vc_list_row(&priv(v)->list, row);
}

static void service_text(struct strbuf *out, const struct vc_pane *p,
                         const struct m_subscription *s)
{
	if (s->service_type && *s->service_type)
		strbuf_adds(out, s->service_type);
	else
		vc_service_type(out, p->ui, s->service_type_id);
}

static void status_text(struct strbuf *out, const struct m_subscription *s,
                        enum view_style *style)
{
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

static void subs_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                      enum view_style *style)
{
	const struct vc_pane *p = priv(v);
	const struct m_subscription *s = at(v, row);

	if (!s) {
		vc_pane_loading(v, row, col == COL_ID ? "" : NULL, out, style);
		return;
	}
	switch (col) {
	case COL_ID:
		strbuf_addf(out, "%lld", s->id);
		break;
	case COL_CUSTOMER:
		vc_list_customer_name(&p->list, p->ui, s->customer_id, out);
		break;
	case COL_SERVICE:
		service_text(out, p, s);
		break;
	case COL_STATUS:
		status_text(out, s, style);
		break;
	case COL_CHARGE:
		vc_money(out, s->recurring_charge);
		break;
	case COL_NEXT:
		vc_date(out, s->next_service);
		break;
	case COL_LAST:
		vc_date(out, s->last_completed);
		break;
	}
}

static int subs_compare(const struct view *v, size_t a, size_t b, size_t col)
{
	const struct vc_pane *p = priv(v);
	const struct m_subscription *x, *y;
	int c = 0;

	if (vc_list_cmp_unloaded(&p->list, a, b, &c))
		return c;
	x = at(v, a);
	y = at(v, b);
	switch (col) {
	case COL_ID:
		break;
	case COL_CHARGE:
		c = vc_cmp_ll(x->recurring_charge, y->recurring_charge);
		break;
	case COL_NEXT:
		c = strcmp(x->next_service, y->next_service);
		break;
	case COL_LAST:
		c = strcmp(x->last_completed, y->last_completed);
		break;
	case COL_STATUS:
		c = vc_cmp_ll(y->active, x->active); /* active, frozen, leads */
		break;
	}
	/* Text columns, and leads of one status by their stage. */
	if (!c && col != COL_ID && col != COL_CHARGE && col != COL_NEXT && col != COL_LAST)
		c = vc_cmp_cells(v, a, b, col);
	return c ? c : vc_cmp_ll(x->id, y->id);
}

static int subs_match(const struct view *v, size_t row, const char *filter)
{
	return vc_match_cells(v, row, filter);
}

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

static void subs_preview(const struct view *v, size_t row, struct strbuf *out)
{
	const struct vc_pane *p = priv(v);
	const struct m_subscription *s = at(v, row);

	if (!s)
		return;
	strbuf_addf(out, "%s #%lld %s ", _("Subscription"), s->id, vc_dot());
	service_text(out, p, s);
	strbuf_addf(out, "\n%s: ", _("Customer"));
	if (vc_list_customer_name(&p->list, p->ui, s->customer_id, out))
		strbuf_addf(out, " (#%lld)", s->customer_id);
	strbuf_addf(out, "\n%s: ", _("Status"));
	status_text(out, s, NULL);
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

static const struct view_ops subs_ops = {
	.name = "subscriptions",
	.title = N_("Subscriptions"),
	.columns = columns,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.count = vc_pane_count,
	.row_id = vc_pane_row_id,
	.loaded = vc_pane_loaded,
	.cell = subs_cell,
	.compare = subs_compare,
	.match = subs_match,
	.preview = subs_preview,
	.open = vc_pane_open,
	.want = vc_pane_want,
	.result = vc_pane_result,
	.enter = vc_pane_enter,
	.refresh = vc_pane_refresh,
	.command = vc_pane_command,
	.destroy = vc_pane_destroy,
};

struct view *view_subscriptions_new(long long customer_id, const char *query)
{
	struct vc_pane *p = xcalloc(1, sizeof(*p));

	vc_pane_init(p, "subscription", customer_id, query, commands, query_form);
	vc_list_name_customers(&p->list, customer_of);
	return ui_view_new(&subs_ops, p);
}
