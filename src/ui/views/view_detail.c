/* view_detail.c: one record (by-id): a customer as a dispatcher reads it, or every field, with drill-downs. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/values.h"
#include "common/resources.h"
#include "api/encode.h"
#include "common/strbuf.h"
#include "ui/views/detail_summary.h"
#include "ui/views/view_common.h"
#include "ui/views/views.h"

/*
 * A customer opens on its summary (detail_summary.c: name, address,
 * phones, balance and its age, red notes, open tickets, subscriptions,
 * next service); the toggle op (the `raw` action) shows the raw record
 * instead, and back.  The summary costs one read more than the record
 * alone, the get of the customer's tickets (which ones are open), and
 * none for the subscriptions (the by-id asks includeSubscriptions).
 *
 * The raw record's rows are, in order: actions ("→ Subscriptions (3)") that Enter follows,
 * a ticket's items, then every member of the record in wire order, fields
 * beyond the resource table included: a dispatcher sees all a record
 * carries.  The record is the raw JSON of the by-id answer, kept whole.
 * Row ids are fixed per kind and position, so the selection survives a
 * refresh of the same record.
 */

enum { COL_NAME, COL_VALUE };

static const struct view_column columns[] = {
	[COL_NAME] = { N_("Field"), 26, 12, 0 },
	[COL_VALUE] = { N_("Value"), 40, 10, VC_FLEX },
};

enum kind { DR_SUMMARY, DR_ACTION, DR_ITEM, DR_FIELD };
enum action { A_SUBSCRIPTIONS, A_TICKETS, A_NOTES, A_CUSTOMER };

struct drow {
	enum kind kind;
	enum action action;
	long long arg;        /* A_CUSTOMER: its id; A_SUBSCRIPTIONS/A_TICKETS: count, -1 unknown;
	                       * DR_SUMMARY: the line's index */
	const cJSON *item;    /* DR_FIELD: the member; DR_ITEM: the ticket item */
	long long id;         /* row_id */
};

struct detail {
	struct ui *ui;
	char *resource;
	long long id;
	cJSON *record;        /* owned, NULL until loaded */
	struct drow *rows;
	size_t n;
	int raw;              /* a customer shown as its raw record */
	struct ds_line *sum;  /* a customer's summary lines */
	size_t n_sum;
	struct ds_ticket *tickets; /* the customer's tickets, once read */
	size_t n_tickets;
	int tickets_known;    /* 1 read, 0 on its way, -1 the read failed */
};

/* The width past which a value is opened whole (view_text) on Enter: the
 * preview's column on an 80-column terminal. */
#define DETAIL_LONG 60

static int is_customer(const struct detail *p)
{
	return strcmp(p->resource, "customer") == 0;
}

/* Fields naming another record Enter can open. */
static const struct {
	const char *field, *resource;
} links[] = {
	{ "customerID", "customer" },
	{ "subscriptionID", "subscription" },
	{ "ticketID", "ticket" },
	{ "appointmentID", "appointment" },
	{ "routeID", "route" },
	{ "billToAccountID", "customer" },
};

static struct detail *priv(const struct view *v)
{
	return v->priv;
}

static void add_row(struct detail *p, struct drow r)
{
	p->rows = xrealloc(p->rows, (p->n + 1) * sizeof(*p->rows));
	p->rows[p->n++] = r;
}

static long long id_count(const cJSON *rec, const char *name)
{
	long long *ids = NULL;
	size_t n = 0;
	enum api_vstate s = api_field_ids(rec, name, &ids, &n);

	free(ids);
	if (s == API_V_OK)
		return (long long)n;
	return s == API_V_NULL || s == API_V_UNSET ? 0 : -1;
}

static void add_action(struct detail *p, enum action a, long long arg)
{
	struct drow r = { DR_ACTION, a, arg, NULL, -1 - (long long)a };

	add_row(p, r);
}

static void rebuild(struct detail *p)
{
	const cJSON *m, *items;
	long long other = 0, i = 0;

	free(p->rows);
	p->rows = NULL;
	p->n = 0;
	detail_summary_free(p->sum, p->n_sum);
	p->sum = NULL;
	p->n_sum = 0;
	if (!p->record)
		return;
	if (is_customer(p) && !p->raw) {
		p->n_sum = detail_summary(p->record, p->tickets, p->n_tickets, p->tickets_known,
		                          &p->sum);
		for (size_t k = 0; k < p->n_sum; k++) {
			struct drow r = { DR_SUMMARY, 0, (long long)k, NULL, -2000 - (long long)k };

			add_row(p, r);
		}
		return;
	}
	if (is_customer(p)) {
		add_action(p, A_SUBSCRIPTIONS, id_count(p->record, "subscriptionIDs"));
		add_action(p, A_TICKETS, id_count(p->record, "ticketIDs"));
		add_action(p, A_NOTES, -1);
	} else if (api_field_int(p->record, "customerID", &other) == API_V_OK && other > 0) {
		add_action(p, A_CUSTOMER, other);
	}
	items = cJSON_GetObjectItemCaseSensitive(p->record, "items");
	if (strcmp(p->resource, "ticket") == 0 && cJSON_IsArray(items)) {
		cJSON_ArrayForEach(m, items) {
			struct drow r = { DR_ITEM, 0, 0, m, -1000 - i++ };

			add_row(p, r);
		}
	}
	i = 0;
	cJSON_ArrayForEach(m, p->record) {
		struct drow r = { DR_FIELD, 0, 0, m, ++i };

		add_row(p, r);
	}
}

static size_t detail_count(const struct view *v)
{
	return priv(v)->n;
}

static long long detail_row_id(const struct view *v, size_t row)
{
	return row < priv(v)->n ? priv(v)->rows[row].id : 0;
}

static int detail_loaded(const struct view *v, size_t row)
{
	return 1;
}

static void action_text(struct strbuf *out, const struct drow *r)
{
	static const char *const names[] = {
		[A_SUBSCRIPTIONS] = N_("Subscriptions"),
		[A_TICKETS] = N_("Tickets"),
		[A_NOTES] = N_("Notes"),
		[A_CUSTOMER] = N_("Customer"),
	};

	strbuf_addf(out, "%s%s%s", vc_arrow(), *vc_arrow() ? " " : "", _(names[r->action]));
	if ((r->action == A_SUBSCRIPTIONS || r->action == A_TICKETS) && r->arg >= 0)
		strbuf_addf(out, " (%lld)", r->arg);
}

/* Compact text of any JSON value: strings as they are, null as nothing,
 * arrays and objects as one-line JSON. */
static void value_text(struct strbuf *out, const cJSON *item, int pretty)
{
	char *json;

	if (cJSON_IsArray(item) || cJSON_IsObject(item)) {
		json = pretty ? cJSON_Print(item) : cJSON_PrintUnformatted(item);
		if (json)
			strbuf_adds(out, json);
		free(json);
	} else if (cJSON_IsBool(item)) {
		strbuf_adds(out, cJSON_IsTrue(item) ? "true" : "false");
	} else {
		api_value_text(item, out);
	}
}

static void item_text(struct strbuf *out, const cJSON *item)
{
	const char *desc = NULL, *qty = NULL, *amount = NULL;

	if (!cJSON_IsObject(item)) {
		value_text(out, item, 0);
		return;
	}
	api_field_text(item, "description", &desc);
	api_field_text(item, "quantity", &qty);
	api_field_text(item, "amount", &amount);
	strbuf_addf(out, "%s x%s %s", desc ? desc : "", qty ? qty : "?", amount ? amount : "");
}

static int unset(const cJSON *item)
{
	return cJSON_IsNull(item) ||
	       (cJSON_IsString(item) && (!*item->valuestring ||
	                                 strncmp(item->valuestring, "0000-00-00", 10) == 0));
}

static void detail_cell(const struct view *v, size_t row, size_t col, struct strbuf *out,
                        enum view_style *style)
{
	const struct detail *p = priv(v);
	const struct drow *r;
	const char *id = NULL;

	if (row >= p->n)
		return;
	r = &p->rows[row];
	switch (r->kind) {
	case DR_SUMMARY: {
		const struct ds_line *d = &p->sum[r->arg];

		if (col == COL_NAME) {
			strbuf_adds(out, _(d->label));
		} else {
			strbuf_adds(out, d->value);
			if (style)
				*style = d->style;
		}
		break;
	}
	case DR_ACTION:
		if (col == COL_NAME)
			action_text(out, r);
		else if (r->action == A_CUSTOMER)
			strbuf_addf(out, "#%lld", r->arg);
		break;
	case DR_ITEM:
		if (col == COL_NAME) {
			api_field_text(r->item, "itemID", &id);
			strbuf_addf(out, "%s %s", _("item"), id ? id : "");
		} else {
			item_text(out, r->item);
		}
		break;
	case DR_FIELD:
		if (col == COL_NAME) {
			strbuf_adds(out, r->item->string ? r->item->string : "");
		} else {
			value_text(out, r->item, 0);
			if (style && unset(r->item))
				*style = VS_DIM;
		}
		break;
	}
}

/* 1 with *d set when s is a whole decimal number. */
static int number_of(const char *s, double *d)
{
	char *end;

	if (!*s)
		return 0;
	*d = strtod(s, &end);
	return *end == '\0';
}

static int detail_compare(const struct view *v, size_t a, size_t b, size_t col)
{
	const struct detail *p = priv(v);
	struct strbuf sa = STRBUF_INIT, sb = STRBUF_INIT;
	double da, db;
	int c;

	if (a >= p->n || b >= p->n)
		return vc_cmp_ll((long long)a, (long long)b);
	/* Actions stay on top, then items, whatever the column. */
	c = vc_cmp_ll(p->rows[a].kind, p->rows[b].kind);
	if (c)
		return c;
	detail_cell(v, a, col, &sa, NULL);
	detail_cell(v, b, col, &sb, NULL);
	if (number_of(strbuf_str(&sa), &da) && number_of(strbuf_str(&sb), &db))
		c = (da > db) - (da < db);
	else
		c = vc_cmp_text(strbuf_str(&sa), strbuf_str(&sb));
	strbuf_free(&sa);
	strbuf_free(&sb);
	return c ? c : vc_cmp_ll((long long)a, (long long)b);
}

static int detail_match(const struct view *v, size_t row, const char *filter)
{
	return vc_match_cells(v, row, filter);
}

static void detail_preview(const struct view *v, size_t row, struct strbuf *out)
{
	const struct detail *p = priv(v);
	const struct drow *r;

	if (row >= p->n)
		return;
	r = &p->rows[row];
	switch (r->kind) {
	case DR_SUMMARY:
		/* The hint first: the preview may cut a long value's end. */
		if (p->sum[r->arg].link == DS_NONE && vc_text_long(p->sum[r->arg].value, DETAIL_LONG))
			strbuf_addf(out, "%s: %s\n", _(p->sum[r->arg].label), _("Enter reads it whole."));
		else
			strbuf_addf(out, "%s:\n", _(p->sum[r->arg].label));
		strbuf_addf(out, "%s\n", p->sum[r->arg].value);
		if (p->sum[r->arg].link != DS_NONE)
			strbuf_addf(out, "%s\n", _("Enter opens it."));
		break;
	case DR_ACTION:
		action_text(out, r);
		strbuf_addf(out, "\n%s\n", _("Enter opens it."));
		break;
	case DR_ITEM:
		value_text(out, r->item, 1);
		strbuf_addc(out, '\n');
		break;
	case DR_FIELD: {
		struct strbuf text = STRBUF_INIT;

		value_text(&text, r->item, 1);
		strbuf_addf(out, "%s:", r->item->string ? r->item->string : "");
		if (vc_text_long(strbuf_str(&text), DETAIL_LONG))
			strbuf_addf(out, " %s", _("Enter reads it whole."));
		strbuf_addf(out, "\n%s\n", strbuf_str(&text));
		strbuf_free(&text);
		break;
	}
	}
}

/* What the header calls a record: the API's resource names ("customer",
 * "appointment") are wire words, in English and in the service's terms
 * (the console calls an appointment a stop and, in Spanish, a ticket an
 * invoice); a resource missing here shows its wire name. */
static const struct {
	const char *resource, *name;
} kinds[] = {
	{ "customer", N_("Customer") },
	{ "subscription", N_("Subscription") },
	{ "ticket", N_("Ticket") },
	{ "appointment", N_("Stop") },
	{ "route", N_("Route") },
	{ "note", N_("Note") },
	{ "employee", N_("Employee") },
};

static const char *kind_name(const char *resource)
{
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(kinds[i].resource, resource) == 0)
			return _(kinds[i].name);
	return resource;
}

/* A text member when present and not empty, else NULL. */
static const char *text_of(const cJSON *rec, const char *name)
{
	const char *t = NULL;

	return rec && api_field_text(rec, name, &t) == API_V_OK && *t ? t : NULL;
}

/* What names the record: a company, "Lname, Fname", a title ... */
static void record_name(const struct detail *p, struct strbuf *sb)
{
	static const char *const names[] = { "companyName", "title", "description",
	                                     "serviceType", "invoiceNumber" };
	const char *lname = text_of(p->record, "lname"), *fname = text_of(p->record, "fname");
	const char *name = text_of(p->record, names[0]);

	if (!name && lname)
		strbuf_addf(sb, "%s%s%s", lname, fname ? ", " : "", fname ? fname : "");
	for (size_t i = 1; !name && !sb->len && i < sizeof(names) / sizeof(names[0]); i++)
		name = text_of(p->record, names[i]);
	if (name)
		strbuf_adds(sb, name);
}

static void set_subtitle(struct view *v)
{
	const struct detail *p = priv(v);
	struct strbuf sb = STRBUF_INIT;

	record_name(p, &sb);
	if (sb.len)
		vc_subtitle(v, "%s #%lld %s %s", kind_name(p->resource), p->id,
		         vc_dot(), strbuf_str(&sb));
	else
		vc_subtitle(v, "%s #%lld", kind_name(p->resource), p->id);
	strbuf_free(&sb);
}

static void submit(struct view *v, struct ui *ui)
{
	struct detail *p = priv(v);
	const struct resource *res = res_find(p->resource);

	struct api_form extra = API_FORM_INIT;

	if (!res || !(res->ops & OP_BYID)) {
		ui_error(ui, _("%s records cannot be read one by one"), p->resource);
		return;
	}
	/* A customer's subscriptions come with it, for the summary. */
	if (is_customer(p))
		api_form_add(&extra, "includeSubscriptions", "1");
	ui_submit(ui, v, fetch_job_record(v->slot, p->resource, p->id, is_customer(p) ? &extra : NULL));
	api_form_free(&extra);
}

/* The customer's tickets, for the summary's open ones: one get. */
static void submit_tickets(struct view *v, struct ui *ui)
{
	struct detail *p = priv(v);
	long long *ids = NULL;
	size_t n = 0;

	p->tickets_known = 0;
	if (api_field_ids(p->record, "ticketIDs", &ids, &n) != API_V_OK || n == 0) {
		free(ids);
		free(p->tickets);
		p->tickets = NULL;
		p->n_tickets = 0;
		p->tickets_known = 1;
		return;
	}
	ui_submit(ui, v, fetch_job_rows(v->slot, "ticket", ids, n));
	free(ids);
}

/* The tickets' get landed: what the summary needs of each. */
static void take_tickets(struct detail *p, const struct fetch_result *r)
{
	free(p->tickets);
	p->tickets = xcalloc(r->n_rows ? r->n_rows : 1, sizeof(*p->tickets));
	p->n_tickets = 0;
	for (size_t i = 0; i < r->n_rows; i++) {
		const struct m_ticket *t = r->rows[i];
		struct ds_ticket *d = &p->tickets[p->n_tickets++];

		d->id = t->id;
		d->balance = t->balance;
		snprintf(d->date, sizeof(d->date), "%s",
		         strncmp(t->invoice_date, "0000-00-00", 10) ? t->invoice_date : "");
	}
	p->tickets_known = 1;
}

static void detail_open(struct view *v, struct ui *ui)
{
	priv(v)->ui = ui;
	set_subtitle(v);
	submit(v, ui);
}

static void detail_want(struct view *v, struct ui *ui, size_t first, size_t last)
{
	/* The record comes whole. */
}

static int detail_result(struct view *v, struct ui *ui, struct fetch_result *r)
{
	struct detail *p = priv(v);
	const struct resource *res = res_find(p->resource);

	p->ui = ui;
	if (r->kind == FETCH_REFRESH) {
		/* The record on screen changed: read it again (one by-id).  A
		 * note's create or delete logged against the customer left its
		 * record, tickets and subscriptions as they were. */
		for (size_t i = 0; res && res->class_id && i < r->n_changes; i++)
			if (r->changes[i].class_id == res->class_id && r->changes[i].id == p->id &&
			    !r->changes[i].note_id) {
				submit(v, ui);
				break;
			}
		return 0;
	}
	if (r->kind == FETCH_ROWS && is_customer(p) && r->resource &&
	    strcmp(r->resource, "ticket") == 0) {
		if (vc_result_failed(ui, r)) {
			p->tickets_known = -1;
			rebuild(p);
			return 1;
		}
		take_tickets(p, r);
		rebuild(p);
		return 1;
	}
	if (r->kind != FETCH_RECORD)
		return 0;
	if (vc_result_failed(ui, r))
		return 0;
	if (!cJSON_IsObject(r->record)) {
		ui_error(ui, _("%s #%lld: the answer carried no record"), p->resource, p->id);
		return 0;
	}
	cJSON_Delete(p->record);
	p->record = r->record;
	r->record = NULL;
	if (is_customer(p))
		submit_tickets(v, ui);
	rebuild(p);
	set_subtitle(v);
	return 1;
}

/* Enter on a long value: the whole of it, one line a row. */
static void read_whole(struct view *v, struct ui *ui, const char *label, const char *text)
{
	const struct detail *p = priv(v);
	char title[128];

	if (!vc_text_long(text, DETAIL_LONG))
		return;
	snprintf(title, sizeof(title), "%s · %s #%lld", label, p->resource, p->id);
	ui_open(ui, UI_VIEW_TEXT, &(struct ui_view_args){ 0, title, text });
}

static void enter_field(struct view *v, struct ui *ui, const struct drow *r)
{
	struct detail *p = priv(v);
	const struct resource *res = res_find(p->resource);
	struct strbuf text = STRBUF_INIT;
	long long id;

	if (!r->item->string || (res && strcmp(r->item->string, res->pk) == 0))
		return;
	for (size_t i = 0; i < sizeof(links) / sizeof(links[0]); i++)
		if (strcmp(r->item->string, links[i].field) == 0) {
			/* billToAccountID is often the customer itself. */
			if (api_field_int(p->record, links[i].field, &id) == API_V_OK && id > 0 &&
			    !(id == p->id && strcmp(links[i].resource, p->resource) == 0))
				ui_push(ui, view_detail_new(links[i].resource, id));
			return;
		}
	value_text(&text, r->item, 1);
	read_whole(v, ui, r->item->string, strbuf_str(&text));
	strbuf_free(&text);
}

static void detail_enter(struct view *v, struct ui *ui, size_t row)
{
	struct detail *p = priv(v);
	const struct drow *r;

	if (row >= p->n)
		return;
	r = &p->rows[row];
	if (r->kind == DR_FIELD) {
		enter_field(v, ui, r);
		return;
	}
	if (r->kind == DR_SUMMARY) {
		static const enum ui_view_kind to[] = {
			[DS_SUBSCRIPTIONS] = UI_VIEW_SUBSCRIPTIONS,
			[DS_TICKETS] = UI_VIEW_TICKETS,
			[DS_NOTES] = UI_VIEW_NOTES,
		};
		enum ds_link link = p->sum[r->arg].link;

		if (link != DS_NONE)
			ui_open(ui, to[link], &(struct ui_view_args){ p->id, NULL, NULL });
		else
			read_whole(v, ui, _(p->sum[r->arg].label), p->sum[r->arg].value);
		return;
	}
	if (r->kind != DR_ACTION)
		return;
	switch (r->action) {
	case A_SUBSCRIPTIONS:
		ui_open(ui, UI_VIEW_SUBSCRIPTIONS, &(struct ui_view_args){ p->id, NULL, NULL });
		break;
	case A_TICKETS:
		ui_open(ui, UI_VIEW_TICKETS, &(struct ui_view_args){ p->id, NULL, NULL });
		break;
	case A_NOTES:
		ui_open(ui, UI_VIEW_NOTES, &(struct ui_view_args){ p->id, NULL, NULL });
		break;
	case A_CUSTOMER:
		ui_push(ui, view_detail_new("customer", r->arg));
		break;
	}
}

static void detail_refresh(struct view *v, struct ui *ui, int hard)
{
	submit(v, ui);
}

static int detail_command(struct view *v, struct ui *ui, const char *name, const char *args)
{
	return 0;
}

/* A customer: the summary or the raw record. */
static int detail_toggle(struct view *v, struct ui *ui)
{
	struct detail *p = priv(v);

	if (!is_customer(p))
		return 0;
	p->raw = !p->raw;
	rebuild(p);
	ui_message(ui, "%s", p->raw ? _("The raw record") : _("The summary"));
	return 1;
}

static void detail_destroy(struct view *v)
{
	struct detail *p = priv(v);

	if (!p)
		return;
	cJSON_Delete(p->record);
	detail_summary_free(p->sum, p->n_sum);
	free(p->tickets);
	free(p->rows);
	free(p->resource);
	free(p);
	v->priv = NULL;
}

static const struct view_ops detail_ops = {
	.name = "detail",
	.title = N_("Detail"),
	.columns = columns,
	.n_columns = sizeof(columns) / sizeof(columns[0]),
	.count = detail_count,
	.row_id = detail_row_id,
	.loaded = detail_loaded,
	.cell = detail_cell,
	.compare = detail_compare,
	.match = detail_match,
	.preview = detail_preview,
	.open = detail_open,
	.want = detail_want,
	.result = detail_result,
	.enter = detail_enter,
	.refresh = detail_refresh,
	.command = detail_command,
	.toggle = detail_toggle,
	.destroy = detail_destroy,
};

struct view *view_detail_new(const char *resource, long long id)
{
	struct detail *p = xcalloc(1, sizeof(*p));

	p->resource = xstrdup(resource ? resource : "");
	p->id = id;
	return ui_view_new(&detail_ops, p);
}

int view_detail_record(const struct view *v, const char **resource, long long *id,
                       struct strbuf *name)
{
	const struct detail *p;

	if (!v || v->ops != &detail_ops)
		return -1;
	p = priv(v);
	*resource = p->resource;
	*id = p->id;
	if (name)
		record_name(p, name);
	return 0;
}
