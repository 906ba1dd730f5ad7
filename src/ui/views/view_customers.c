/* view_customers.c: the Customers pane: the account's customers, resolved as they scroll into view. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "ui/views/view_common.h"

/*
 * A `:cust` query goes to the server as a search filter, so it narrows the
 * id list itself (`/` narrows only what is loaded):
 *   (nothing)           every customer
 *   12345               customerIDs (an id of fewer than 10 digits)
 *   555-123-4567        phone: the service matches exactly 10 digits
 *   smith               lname STARTSWITH smith
 *   *mith               lname CONTAINS mith
 * resources_table.c lists lname and phone among the customer search filters; there
 * is no e-mail or first-name filter, so such a query is refused, not sent.
 */

enum { COL_ID, COL_NAME, COL_COMPANY, COL_CITY, COL_PHONE, COL_BALANCE, COL_STATUS };

static const struct view_column columns[] = {
	[COL_ID] = { N_("ID"), 8, 6, VC_RIGHT },
	[COL_NAME] = { N_("Name"), 22, 10, VC_FLEX },
	[COL_COMPANY] = { N_("Company"), 18, 8, 0 },
	[COL_CITY] = { N_("City"), 14, 6, 0 },
	[COL_PHONE] = { N_("Phone"), 12, 10, 0 },
	[COL_BALANCE] = { N_("Balance"), 10, 8, VC_RIGHT },
	[COL_STATUS] = { N_("Status"), 8, 8, 0 },
};

static struct vc_pane *priv(const struct view *v)
{
	return v->priv;
}

static const char *const commands[] = { "cust", "customer", "customers", NULL };

/* The digits of a phone number written with ( ) - . + and spaces, when
 * there are exactly 10 of them (a leading country code 1 dropped). */
static int phone_digits(const char *q, char out[11])
{
	size_t n = 0;

	for (; *q; q++) {
		if (*q >= '0' && *q <= '9') {
			if (n == 11)
				return 0;
			out[n++] = *q;
		} else if (!strchr("()-. +", *q)) {
			return 0;
		}
	}
	if (n == 11 && out[0] == '1') {
		memmove(out, out + 1, 10);
		n = 10;
	}
	out[n] = '\0';
	return n == 10;
}

/* The pane's query_form: 0, or -1 when the query cannot be sent. */
static int query_form(struct vc_pane *p, struct ui *ui, const char *query, struct api_form *f)
{
	const char *why = N_("nothing to search for");
	char digits[12];
	char *q = vc_trimmed(query);
	int rc = 0;

	if (!q || !*q) {
		;
	} else if (strchr(q, '@')) {
		/* customer/search has no e-mail filter (resources_table.c):
		 * sending it as a name would find nobody, silently. */
		why = N_("the service cannot search by e-mail; try a last name, a phone "
		         "number or an id");
		rc = -1;
	} else if (vc_all_digits(q) && strlen(q) < 10) {
		api_form_add_int(f, "customerIDs", strtoll(q, NULL, 10));
	} else if (phone_digits(q, digits)) {
		api_form_add(f, "phone", digits);
	} else if (q[0] == '*' && q[1]) {
		rc = api_form_add_cmp_str(f, "lname", API_Q_CONTAINS, q + 1);
	} else if (q[0] != '*') {
		rc = api_form_add_cmp_str(f, "lname", API_Q_STARTSWITH, q);
	} else {
		rc = -1;
	}
	free(q);
	if (rc < 0) {
		ui_error(ui, "%s: %s", _("Customer search"), _(why));
		return -1;
	}
	return 0;
}

static const struct m_customer *at(const struct view *v, size_t row)
{
	return vc_list_row(&priv(v)->list, row);
}

static void customers_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                           enum view_style *style)
{
	const struct m_customer *c = at(v, row);

	if (!c) {
		vc_pane_loading(v, row, col == COL_ID ? "" : NULL, out, style);
		return;
	}
	switch (col) {
	case COL_ID:
		strbuf_addf(out, "%lld", c->id);
		break;
	case COL_NAME:
		if (*c->lname && *c->fname)
			strbuf_addf(out, "%s, %s", c->lname, c->fname);
		else
			strbuf_adds(out, *c->lname ? c->lname : c->fname);
		break;
	case COL_COMPANY:
		strbuf_adds(out, c->company);
		break;
	case COL_CITY:
		if (c->city)
			strbuf_adds(out, c->city);
		break;
	case COL_PHONE:
		if (c->phone)
			strbuf_adds(out, c->phone);
		break;
	case COL_BALANCE:
		vc_money_due(out, c->balance, style);
		break;
	case COL_STATUS:
		strbuf_adds(out, c->status == 1 ? _("active") : _("inactive"));
		if (style && c->status != 1)
			*style = VS_DIM;
		break;
	}
}

static int customers_compare(const struct view *v, size_t a, size_t b, size_t col)
{
	const struct m_customer *x, *y;
	int c = 0;

	if (vc_list_cmp_unloaded(&priv(v)->list, a, b, &c))
		return c;
	x = at(v, a);
	y = at(v, b);
	switch (col) {
	case COL_ID:
		break;
	case COL_NAME:
		/* Both names folded before bytes break a tie: "Smith, Al"
		 * before "smith, Bo", whatever the case of the last names. */
		c = vc_cmp_text_folded(x->lname, y->lname);
		if (!c)
			c = vc_cmp_text_folded(x->fname, y->fname);
		if (!c)
			c = vc_cmp_text(x->lname, y->lname);
		if (!c)
			c = vc_cmp_text(x->fname, y->fname);
		break;
	case COL_COMPANY:
		c = vc_cmp_text(x->company, y->company);
		break;
	case COL_CITY:
		c = vc_cmp_text(x->city, y->city);
		break;
	case COL_PHONE:
		c = vc_cmp_text(x->phone, y->phone);
		break;
	case COL_BALANCE:
		c = vc_cmp_ll(x->balance, y->balance);
		break;
	case COL_STATUS:
		c = vc_cmp_ll(x->status, y->status);
		break;
	}
	return c ? c : vc_cmp_ll(x->id, y->id);
}

static int customers_match(const struct view *v, size_t row, const char *filter)
{
	const struct m_customer *c = at(v, row);

	if (vc_match_cells(v, row, filter))
		return 1;
	return c && (vc_contains(c->address, filter) || vc_contains(c->email, filter) ||
	             vc_contains(c->zip, filter));
}

static void customers_preview(const struct view *v, size_t row, struct strbuf *out)
{
	const struct m_customer *c = at(v, row);

	if (!c)
		return;
	vc_customer_name(out, c);
	strbuf_addf(out, " #%lld\n", c->id);
	if (*c->company && (*c->fname || *c->lname))
		strbuf_addf(out, "%s %s\n", c->fname, c->lname);
	if (c->address && *c->address)
		strbuf_addf(out, "%s\n", c->address);
	strbuf_addf(out, "%s %s %s\n", c->city ? c->city : "", c->state ? c->state : "",
	            c->zip ? c->zip : "");
	if (c->phone && *c->phone)
		strbuf_addf(out, "%s: %s\n", _("Phone"), c->phone);
	if (c->email && *c->email)
		strbuf_addf(out, "%s: %s\n", _("Email"), c->email);
	strbuf_addf(out, "%s: ", _("Balance"));
	vc_money(out, c->balance);
	if (c->balance > 0) {
		strbuf_adds(out, " (");
		strbuf_addf(out, ngettext("%d day", "%d days", c->balance_age), c->balance_age);
		strbuf_addc(out, ')');
	}
	strbuf_addf(out, "\n%s %s %s", c->status == 1 ? _("active") : _("inactive"), vc_dot(),
	            c->commercial ? _("commercial") : _("residential"));
	if (c->added[0])
		strbuf_addf(out, " %s %s %s", vc_dot(), _("since"), c->added);
	strbuf_addc(out, '\n');
	if (c->red_notes)
		strbuf_addf(out, "%s: %s\n", _("Customer notes"), c->red_notes);
}

static const struct view_ops customers_ops = {
	.name = "customers",
	.title = N_("Customers"),
	.columns = columns,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.count = vc_pane_count,
	.row_id = vc_pane_row_id,
	.loaded = vc_pane_loaded,
	.cell = customers_cell,
	.compare = customers_compare,
	.match = customers_match,
	.preview = customers_preview,
	.open = vc_pane_open,
	.want = vc_pane_want,
	.result = vc_pane_result,
	.enter = vc_pane_enter,
	.refresh = vc_pane_refresh,
	.command = vc_pane_command,
	.destroy = vc_pane_destroy,
};

struct view *view_customers_new(const char *query)
{
	struct vc_pane *p = xcalloc(1, sizeof(*p));

	vc_pane_init(p, "customer", 0, query, commands, query_form);
	return ui_view_new(&customers_ops, p);
}
