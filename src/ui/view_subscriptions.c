/* view_subscriptions.c: the Subscriptions pane: the account's (or one customer's) subscriptions. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/view_common.h"

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

struct subscriptions {
	struct ui *ui;
	struct vc_list list;
	long long customer_id; /* 0: the whole account */
	char *query;
};

static struct subscriptions *priv(const struct view *v)
{
	return v->priv;
}

/* Builds the search; 0, or -1 for a word it does not know. */
static int query_form(long long customer_id, const char *query, struct api_form *f)
{
	static const long long all[] = { 1, 0, -3 };
	char *q = NULL;
	int rc = 0;

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
	return rc;
}

static long long customer_of(const void *row)
{
	return ((const struct m_subscription *)row)->customer_id;
}

static size_t subs_count(const struct view *v)
{
	return vc_list_count(&priv(v)->list);
}

static long long subs_row_id(const struct view *v, size_t row)
{
	return vc_list_id(&priv(v)->list, row);
}

static int subs_loaded(const struct view *v, size_t row)
{
	return vc_list_loaded(&priv(v)->list, row);
}

static const struct m_subscription *at(const struct view *v, size_t row)
{
	return vc_list_row(&priv(v)->list, row);
}

static void service_text(struct strbuf *out, const struct subscriptions *p,
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
	const struct subscriptions *p = priv(v);
	const struct m_subscription *s = at(v, row);

	if (!s) {
		if (col == COL_ID)
			strbuf_addf(out, "%lld", vc_list_id(&p->list, row));
		if (style)
			*style = VS_LOADING;
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
	const struct subscriptions *p = priv(v);
	const struct m_subscription *x, *y;
	struct strbuf sa = STRBUF_INIT, sb = STRBUF_INIT;
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
	if (!c && col != COL_ID && col != COL_CHARGE && col != COL_NEXT && col != COL_LAST) {
		subs_cell(v, a, col, &sa, NULL);
		subs_cell(v, b, col, &sb, NULL);
		c = vc_cmp_text(strbuf_str(&sa), strbuf_str(&sb));
	}
	strbuf_free(&sa);
	strbuf_free(&sb);
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
	const struct subscriptions *p = priv(v);
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

static void set_subtitle(struct view *v)
{
	const struct subscriptions *p = priv(v);
	struct strbuf sb = STRBUF_INIT;

	if (p->customer_id > 0)
		strbuf_addf(&sb, "%s #%lld", _("customer"), p->customer_id);
	if (p->query)
		strbuf_addf(&sb, "%s:sub %s", sb.len ? " " : "", p->query);
	vc_subtitle(v, "%s", strbuf_str(&sb));
	strbuf_free(&sb);
}

static int search(struct view *v, struct ui *ui, const char *query)
{
	struct subscriptions *p = priv(v);
	struct api_form f = API_FORM_INIT;

	if (query_form(p->customer_id, query, &f) < 0) {
		ui_error(ui, _("Subscriptions: unknown filter \"%s\" (active, frozen, lead, all, or an id)"),
		         query);
		api_form_free(&f);
		return -1;
	}
	free(p->query);
	p->query = query && *query ? xstrdup(query) : NULL;
	vc_list_search(&p->list, v, ui, &f, 0);
	api_form_free(&f);
	set_subtitle(v);
	return 0;
}

static void subs_open(struct view *v, struct ui *ui)
{
	struct subscriptions *p = priv(v);
	char *query = p->query ? xstrdup(p->query) : NULL;

	p->ui = ui;
	if (search(v, ui, query) < 0)
		search(v, ui, NULL);
	free(query);
}

static void subs_want(struct view *v, struct ui *ui, size_t first, size_t last)
{
	vc_list_want(&priv(v)->list, v, ui, first, last);
}

static int subs_result(struct view *v, struct ui *ui, struct fetch_result *r)
{
	return vc_list_result(&priv(v)->list, v, ui, r);
}

static void subs_enter(struct view *v, struct ui *ui, size_t row)
{
	long long id = vc_list_id(&priv(v)->list, row);

	if (id > 0)
		ui_push(ui, view_detail_new("subscription", id));
}

static void subs_refresh(struct view *v, struct ui *ui, int hard)
{
	vc_list_refresh(&priv(v)->list, v, ui, hard);
}

static int subs_command(struct view *v, struct ui *ui, const char *name, const char *args)
{
	if (strcmp(name, "sub") != 0 && strcmp(name, "subs") != 0 &&
	    strcmp(name, "subscription") != 0 && strcmp(name, "subscriptions") != 0)
		return 0;
	search(v, ui, args);
	return 1;
}

static void subs_destroy(struct view *v)
{
	struct subscriptions *p = priv(v);

	if (!p)
		return;
	vc_list_free(&p->list);
	free(p->query);
	free(p);
	v->priv = NULL;
}

static const struct view_ops subs_ops = {
	.name = "subscriptions",
	.title = N_("Subscriptions"),
	.columns = columns,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.count = subs_count,
	.row_id = subs_row_id,
	.loaded = subs_loaded,
	.cell = subs_cell,
	.compare = subs_compare,
	.match = subs_match,
	.preview = subs_preview,
	.open = subs_open,
	.want = subs_want,
	.result = subs_result,
	.enter = subs_enter,
	.refresh = subs_refresh,
	.command = subs_command,
	.destroy = subs_destroy,
};

struct view *view_subscriptions_new(long long customer_id, const char *query)
{
	struct subscriptions *p = xcalloc(1, sizeof(*p));

	vc_list_init(&p->list, "subscription", NULL);
	vc_list_name_customers(&p->list, customer_of);
	p->customer_id = customer_id > 0 ? customer_id : 0;
	p->query = query && *query ? xstrdup(query) : NULL;
	return ui_view_new(&subs_ops, p);
}
