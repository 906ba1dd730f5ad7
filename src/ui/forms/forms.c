/* forms.c: the three write forms: a note, an invoice or initial add-on, a lead stage. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/values.h"
#include "common/i18n.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "ui/base/console.h"
#include "ui/forms/draft.h"
#include "ui/forms/forms.h"
#include "ui/forms/forms_int.h"
#include "ui/views/view_common.h"

/*
 * Each form is built from the resource table's write params (note for a
 * note, ticketItem and initialAddOn for add-ons); updateLeadStage has no
 * params in the table, so its three fields are declared here.  What a form
 * needs from the server is read when it opens, one read at a time and at
 * most a few: the target's record (its customer, its items, its stage),
 * the customer's notes (the note types the account uses, and the ids that
 * existed before a create, so a check after a lost answer can tell a new
 * note from an old one with the same text), once a session the product
 * list, and the lists forms_lists.c keeps (the lead stages and note types
 * the account's records name, which the API cannot list).
 */

static const char *const status_labels[] = {
	N_("convert to lead"),
	N_("won: convert to subscription"),
};

long long fk_field_ll(const struct form *f, const char *name)
{
	int i = form_find(f, name);
	long long v = 0;

	if (i < 0 || api_parse_ll(form_text(f, (size_t)i), &v) < 0)
		return 0;
	return v;
}

/* Sets a field the user has not touched (what a read brings never
 * overwrites what was typed or restored from a draft). */
static void set_default(struct form *f, const char *name, const char *text)
{
	int i = form_find(f, name);

	if (i >= 0 && !(f->fields[i].flags & FF_TOUCHED))
		form_set(f, (size_t)i, text, 1);
}

static void set_default_ll(struct form *f, const char *name, long long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%lld", v);
	set_default(f, name, buf);
}

static int need(int i, struct ui *ui, const char *what)
{
	if (i < 0)
		ui_error(ui, _("The resource table has no parameter for %s"), what);
	return i < 0;
}

struct employees_ctx {
	struct form *f;
	size_t field;
};

static void add_employee(void *row, void *ctx)
{
	const struct m_employee *e = row;
	struct employees_ctx *c = ctx;
	struct strbuf sb = STRBUF_INIT;

	if (!e->active)
		return;
	strbuf_addf(&sb, "%s %s", e->fname ? e->fname : "", e->lname ? e->lname : "");
	form_add_option(c->f, c->field, e->id, sb.buf);
	strbuf_free(&sb);
}

void fk_employee_options(struct ui *ui, struct form *f, int field)
{
	struct employees_ctx c = { f, (size_t)field };

	if (field >= 0 && ui->employees)
		m_table_each(ui->employees, add_employee, &c);
}

struct rows_ctx {
	const void **v;
	size_t n;
};

static void collect(void *row, void *ctx)
{
	struct rows_ctx *c = ctx;

	c->v = xrealloc(c->v, (c->n + 1) * sizeof(*c->v));
	c->v[c->n++] = row;
}

static int by_id(const void *a, const void *b)
{
	long long x = **(const long long *const *)a, y = **(const long long *const *)b;

	return x < y ? -1 : x > y;
}

static void product_options(struct forms *fs)
{
	struct rows_ctx c = { NULL, 0 };
	int i = form_find(fs->f, "productID");

	if (i < 0)
		i = form_find(fs->f, "product");
	if (i < 0 || !fs->products)
		return;
	fs->f->fields[i].loading = 0;
	form_add_option(fs->f, (size_t)i, 0, _("(none)"));
	/* m_table_each has no order: the list is by id, as the service keeps it. */
	m_table_each(fs->products, collect, &c);
	if (c.n)
		qsort(c.v, c.n, sizeof(*c.v), by_id);
	for (size_t k = 0; k < c.n; k++) {
		const struct m_product *p = c.v[k];
		struct strbuf sb = STRBUF_INIT;
		char amt[24];

		m_format_cents(p->amount, amt);
		strbuf_addf(&sb, "%s (%s%s)", p->description ? p->description : "", amt,
		            p->taxable ? _(", taxable") : "");
		form_add_option(fs->f, (size_t)i, p->id, sb.buf);
		strbuf_free(&sb);
	}
	free(c.v);
}

/* The record kind in words (the wire's names are for the preview only). */
static const char *kind_label(const char *resource)
{
	static const struct {
		const char *resource, *label;
	} labels[] = {
		{ "customer", N_("customer") }, { "appointment", N_("stop") },
		{ "subscription", N_("subscription") }, { "ticket", N_("ticket") },
		{ "note", N_("note") },
	};

	for (size_t i = 0; i < sizeof(labels) / sizeof(labels[0]); i++)
		if (strcmp(labels[i].resource, resource) == 0)
			return _(labels[i].label);
	return resource;
}

/* A draft's key (set_key: KIND-RESOURCE-ID) in words: "a note on customer
 * 10000".  The start said the file names ("note-edit-note-2032"), which
 * are no words of the dispatcher's. */
static void draft_words(struct strbuf *out, const char *key)
{
	static const struct {
		const char *kind, *words;
	} kinds[] = {
		{ "note-edit", N_("a note's edit") }, { "note", N_("a note") },
		{ "addon", N_("an add-on") }, { "lead", N_("a lead stage") },
		{ "move", N_("a move") }, { "cancel", N_("a cancellation") },
		{ "complete", N_("a completion") },
	};
	const char *id = strrchr(key, '-'), *res;
	size_t klen;

	for (size_t i = 0; id && i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		klen = strlen(kinds[i].kind);
		if (strncmp(key, kinds[i].kind, klen) || key[klen] != '-')
			continue;
		res = key + klen + 1;
		if (res >= id)
			break;
		{
			char *r = xstrndup(res, (size_t)(id - res));

			/* TRANSLATORS: a kept draft: "a note on customer 10000". */
			strbuf_addf(out, _("%s on %s %s"), _(kinds[i].words), kind_label(r), id + 1);
			free(r);
		}
		return;
	}
	strbuf_adds(out, key);
}

void forms_draft_names(const char *keys, struct strbuf *out)
{
	while (keys && *keys) {
		const char *end = strstr(keys, ", ");
		size_t n = end ? (size_t)(end - keys) : strlen(keys);
		char *key = xstrndup(keys, n);

		if (out->len)
			strbuf_adds(out, ", ");
		draft_words(out, key);
		free(key);
		keys += n + (end ? 2 : 0);
	}
}

/* The draft's key of a form of key_kind on t (malloc'd). */
static char *key_of(const char *key_kind, const struct target *t)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s-%s-%lld", key_kind, t->resource, t->id);
	return strbuf_detach(&sb, NULL);
}

static void set_key(struct forms *fs, const char *key_kind, const struct target *t)
{
	free(fs->draft_key);
	fs->draft_key = key_of(key_kind, t);
}

int fk_draft_kept(const char *key_kind, const struct target *t)
{
	char *key = key_of(key_kind, t);
	int kept = draft_exists(key);

	free(key);
	return kept;
}

static void set_subtitle(struct ui *ui, struct forms *fs, const struct target *t)
{
	struct strbuf sb = STRBUF_INIT;

	free(fs->subtitle);
	strbuf_addf(&sb, "%s %lld", kind_label(t->resource), t->id);
	if (t->customer_id > 0) {
		strbuf_adds(&sb, ui->ascii ? " - " : " \xc2\xb7 ");
		/* The day's review knows its stops' customers; one from the
		 * Customers pane or a detail came with its name. */
		if (t->who[0] && t->customer_id == t->id)
			strbuf_adds(&sb, t->who);
		else
			vc_customer_ref(&sb, ui, t->customer_id);
	}
	fs->subtitle = strbuf_detach(&sb, NULL);
}

void fk_key_and_subtitle(struct ui *ui, struct forms *fs, const char *key_kind,
                         const struct target *t)
{
	set_key(fs, key_kind, t);
	set_subtitle(ui, fs, t);
}

/* ---------------------------------------------------------------- note */

static const struct session_note *session_note(const struct forms *fs, long long id)
{
	for (size_t i = 0; i < fs->n_notes; i++)
		if (fs->notes[i].id == id)
			return &fs->notes[i];
	return NULL;
}

static struct form *build_note(struct ui *ui, struct forms *fs, const struct target *t)
{
	const struct resource *res = res_find("note");
	struct form *f = form_new("note/create", _("Add a note"));
	struct strbuf pref = STRBUF_INIT;
	int bad = 0, ty, rs;

	/* The text first: a dispatcher types the note at once after A, and
	 * the type (the last one used, by default) is a Tab away.  With the
	 * type first, "Gate code 1234" typed at once became type 141234. */
	bad |= need(form_add_param(f, res, "customerID", N_("Customer"), FT_FIXED, 1), ui, "customerID");
	bad |= need(form_add_param(f, res, "notes", N_("Text"), FT_LINES, 1), ui, "notes");
	bad |= need(ty = form_add_param(f, res, "contactType", N_("Note type"), FT_PICK, 1), ui, "contactType");
	bad |= need(form_add_param(f, res, "showOnInvoice", N_("Show on invoice"), -1, 1), ui, "showOnInvoice");
	bad |= need(form_add_param(f, res, "showTech", N_("Show to technician"), -1, 1), ui, "showTech");
	bad |= need(form_add_param(f, res, "showCustomer", N_("Show to customer"), -1, 1), ui, "showCustomer");
	bad |= need(rs = form_add_param(f, res, "referenceID", N_("Related subscription"), -1, 1), ui, "referenceID");
	bad |= need(form_add_param(f, res, "cancellationReason", N_("Cancellation reason"), -1, 1), ui,
	            "cancellationReason");
	if (bad) {
		form_free(f);
		return NULL;
	}
	if (t->customer_id > 0)
		form_setf(f, 0, 1, "%lld", t->customer_id);
	form_set_options(f, (size_t)ty, fs->types, fs->n_types);
	/* Until the customer's notes are in (their types come first). */
	f->fields[ty].loading = 1;
	/* The last type used is the likeliest next one. */
	if (draft_pref_get("note_type", &pref) == 0 && api_parse_ll(pref.buf, &(long long){ 0 }) == 0) {
		struct strbuf label = STRBUF_INIT;

		form_set(f, (size_t)ty, pref.buf, 1);
		if (draft_pref_get("note_type_label", &label) == 0) {
			long long id = 0;

			api_parse_ll(pref.buf, &id);
			form_add_option(f, (size_t)ty, id, label.buf);
		}
		strbuf_free(&label);
	}
	strbuf_free(&pref);
	if (t->subscription_id > 0)
		form_setf(f, (size_t)rs, 1, "%lld", t->subscription_id);
	fk_key_and_subtitle(ui, fs, "note", t);
	return f;
}

static struct form *build_note_edit(struct ui *ui, struct forms *fs, const struct target *t)
{
	const struct resource *res = res_find("note");
	const struct session_note *sn = session_note(fs, t->id);
	static const struct {
		const char *param, *label;
		int as;
	} fields[] = {
		{ "notes", N_("Text"), FT_LINES },
		{ "showOnInvoice", N_("Show on invoice"), -1 },
		{ "showTech", N_("Show to technician"), -1 },
		{ "showCustomer", N_("Show to customer"), -1 },
		{ "referenceID", N_("Related subscription"), -1 },
		{ "cancellationReason", N_("Cancellation reason"), -1 },
	};
	/* A note of an earlier session comes here only with its draft kept
	 * (forms_action): its fields are the draft's. */
	struct form *f = form_new("note/update", sn ? _("Edit a note of this session")
	                                            : _("Edit a note (its draft kept)"));
	int k;

	/* contactID names the note on update; the table lists params only. */
	k = form_add_field(f, res && res->update_key ? res->update_key : "contactID", N_("Note"),
	                   FT_FIXED, FF_REQUIRED);
	form_setf(f, (size_t)k, 1, "%lld", t->id);
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		k = form_add_param(f, res, fields[i].param, fields[i].label, fields[i].as, 0);
		if (need(k, ui, fields[i].param)) {
			form_free(f);
			return NULL;
		}
		if (sn && api_form_get(&sn->sent, fields[i].param))
			form_set(f, (size_t)k, api_form_get(&sn->sent, fields[i].param), 1);
	}
	/* Not required on update by the table, but an empty note means nothing. */
	f->fields[1].flags |= FF_REQUIRED;
	fk_key_and_subtitle(ui, fs, "note-edit", t);
	return f;
}

/* -------------------------------------------------------------- add-ons */

static struct form *build_addon(struct ui *ui, struct forms *fs, const struct target *t, int initial)
{
	const struct resource *res = res_find(initial ? "initialAddOn" : "ticketItem");
	struct form *f = form_new(initial ? "subscription/createInitialAddOn" : "ticket/createAddOn",
	                          initial ? _("Initial add-on of a subscription") : _("Invoice add-on"));
	const char *owner = initial ? "subscriptionID" : "ticketID";
	int k, bad = 0;

	bad |= need(k = form_add_param(f, res, owner, initial ? N_("Subscription") : N_("Ticket"),
	                               FT_FIXED, 1), ui, owner);
	if (k >= 0)
		form_setf(f, (size_t)k, 1, "%lld", t->id);
	/* The item to change: 0 adds a new one (update_key is not a param). */
	k = form_add_field(f, res && res->update_key ? res->update_key : "itemID",
	                   initial ? N_("Add-on") : N_("Item"), FT_PICK, FF_CHOICE | FF_OMIT0);
	form_set(f, (size_t)k, "0", 1);
	form_add_option(f, (size_t)k, 0, _("(a new one)"));
	f->fields[k].loading = 1;
	if (initial)
		k = form_add_field(f, "product", N_("Product"), FT_PICK, FF_NOSEND);
	else
		bad |= need(k = form_add_param(f, res, "productID", N_("Product"), FT_PICK, 1), ui, "productID");
	if (k >= 0) {
		f->fields[k].flags |= FF_OMIT0;
		f->fields[k].loading = !fs->products;
	}
	bad |= need(form_add_param(f, res, "description", N_("Description"), -1, 1), ui, "description");
	bad |= need(k = form_add_param(f, res, "quantity", N_("Quantity"), -1, 1), ui, "quantity");
	if (k >= 0) {
		f->fields[k].flags |= FF_MIN;
		f->fields[k].min = 1;
		form_set(f, (size_t)k, "1", 1);
	}
	bad |= need(form_add_param(f, res, "amount", N_("Amount"), -1, 1), ui, "amount");
	bad |= need(form_add_param(f, res, "taxable", N_("Taxable"), FT_BOOL, 1), ui, "taxable");
	bad |= need(k = form_add_param(f, res, "creditTo", N_("Credit to"), FT_PICK, 1), ui, "creditTo");
	if (k >= 0) {
		f->fields[k].flags |= FF_OMIT0;
		fk_employee_options(ui, f, k);
	}
	if (!initial)
		bad |= need(form_add_param(f, res, "unitID", N_("Unit"), -1, 1), ui, "unitID");
	if (bad) {
		form_free(f);
		return NULL;
	}
	f->rule = form_rule_negative_taxable;
	fs->f = f; /* product_options works on the open form */
	product_options(fs);
	fs->f = NULL;
	fk_key_and_subtitle(ui, fs, "addon", t);
	return f;
}

static void items_read(struct forms *fs)
{
	int k = form_find(fs->f, fk_item_key(fs));
	const cJSON *it;

	free(fs->known);
	fs->known = NULL;
	fs->n_known = 0;
	fs->have_known = 1;
	cJSON_ArrayForEach(it, fk_items(fs)) {
		struct strbuf sb = STRBUF_INIT;
		const char *desc = "", *amt = "";
		long long id;

		if (api_field_int(it, fk_item_key(fs), &id) != API_V_OK)
			continue;
		fs->known = xrealloc(fs->known, (fs->n_known + 1) * sizeof(*fs->known));
		fs->known[fs->n_known++] = id;
		api_field_text(it, "description", &desc);
		api_field_text(it, "amount", &amt);
		strbuf_addf(&sb, "%s %s", desc ? desc : "", amt ? amt : "");
		if (k >= 0)
			form_add_option(fs->f, (size_t)k, id, sb.buf);
		strbuf_free(&sb);
	}
	if (k >= 0)
		fs->f->fields[k].loading = 0;
}

/* The operation follows the item picker: 0 adds, an id updates. */
static void item_path(struct forms *fs)
{
	long long id = fk_field_ll(fs->f, fk_item_key(fs));

	if (fs->kind == KIND_ADDON)
		form_set_path(fs->f, id > 0 ? "ticket/updateAddOn" : "ticket/createAddOn");
	else
		form_set_path(fs->f, id > 0 ? "subscription/updateInitialAddOn"
		                            : "subscription/createInitialAddOn");
}

/* Picking an existing item fills the form with it; a new one keeps what
 * was typed. */
static void item_changed(struct forms *fs)
{
	static const char *const copy[] = { "productID", "description", "quantity", "amount",
	                                    "taxable", "creditTo", "unitID" };
	long long id = fk_field_ll(fs->f, fk_item_key(fs));
	const cJSON *it = id > 0 ? fk_find_item(fs, id) : NULL;

	item_path(fs);
	for (size_t i = 0; it && i < sizeof(copy) / sizeof(copy[0]); i++) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(it, copy[i]);
		int k = form_find(fs->f, copy[i]);
		struct strbuf sb = STRBUF_INIT;

		if (k < 0 || !v)
			continue;
		api_value_text(v, &sb);
		form_set(fs->f, (size_t)k, strbuf_str(&sb), 0);
		fs->f->fields[k].flags |= FF_TOUCHED;
		strbuf_free(&sb);
	}
}

static void product_changed(struct forms *fs, size_t i)
{
	long long id = fk_field_ll(fs->f, fs->f->fields[i].name);
	const struct m_product *p = id > 0 && fs->products ? m_table_get(fs->products, id) : NULL;
	char amt[24];
	int k;

	if (!p)
		return;
	m_format_cents(p->amount, amt);
	if ((k = form_find(fs->f, "description")) >= 0)
		form_set(fs->f, (size_t)k, p->description ? p->description : "", 0);
	if ((k = form_find(fs->f, "amount")) >= 0)
		form_set(fs->f, (size_t)k, amt, 0);
	if ((k = form_find(fs->f, "taxable")) >= 0)
		form_set(fs->f, (size_t)k, p->taxable ? "1" : "0", 0);
}

/* ----------------------------------------------------------- lead stage */

static int lead_rule(const struct form *f, struct strbuf *msg)
{
	int st = form_find(f, "status"), sg = form_find(f, "stageID");

	if (st < 0 || sg < 0 || strcmp(form_text(f, (size_t)st), "0") != 0 ||
	    *form_text(f, (size_t)sg))
		return -1;
	if (msg)
		strbuf_addf(msg, _("%s is required to make it a lead"), _(f->fields[sg].label));
	return sg;
}

static struct form *build_lead(struct ui *ui, struct forms *fs, const struct target *t)
{
	struct form *f = form_new("subscription/updateLeadStage", _("Lead stage"));
	int k = form_add_field(f, "subscriptionID", N_("Subscription"), FT_FIXED, FF_REQUIRED);

	form_setf(f, (size_t)k, 1, "%lld", t->id);
	k = form_add_field(f, "stageID", N_("Lead stage"), FT_PICK, 0);
	form_set_options(f, (size_t)k, fs->stages, fs->n_stages);
	/* The kept list, when there is one: it was searched once, and only
	 * the first form's read cleared this (every later one stayed
	 * loading for good). */
	f->fields[k].loading = !fl_have(fs, RD_STAGES);
	k = form_add_field(f, "status", N_("Status"), FT_PICK, FF_CHOICE | FF_REQUIRED);
	form_add_option(f, (size_t)k, 0, _(status_labels[0]));
	form_add_option(f, (size_t)k, 1, _(status_labels[1]));
	form_set(f, (size_t)k, "0", 1);
	f->rule = lead_rule;
	fk_key_and_subtitle(ui, fs, "lead", t);
	return f;
}

void fk_lead_effect(const struct forms *fs, struct strbuf *msg)
{
	long long active = 0;
	int known;

	if (!fs->f || fs->kind != KIND_LEAD || fk_field_ll(fs->f, "status") != 0)
		return;
	known = api_field_int(fs->record, "active", &active) == API_V_OK;
	if (known && active == -3)
		return;
	if (msg->len)
		strbuf_addc(msg, ' ');
	if (known)
		strbuf_addf(msg, _("Subscription %lld is NOT a lead: status 0 turns this customer's subscription into a lead."),
		            fs->t.id);
	else
		strbuf_addf(msg, _("Whether subscription %lld is a lead could not be read: status 0 makes it one."),
		            fs->t.id);
}

/* ---------------------------------------------------------------- build */

struct form *fk_build(struct ui *ui, struct forms *fs, enum fkind kind, const struct target *t)
{
	switch (kind) {
	case KIND_NOTE: return build_note(ui, fs, t);
	case KIND_NOTE_EDIT: return build_note_edit(ui, fs, t);
	case KIND_ADDON: return build_addon(ui, fs, t, 0);
	case KIND_INITIAL: return build_addon(ui, fs, t, 1);
	case KIND_LEAD: return build_lead(ui, fs, t);
	case KIND_MOVE:
	case KIND_CANCEL:
	case KIND_COMPLETE: return fd_build(ui, fs, kind, t);
	}
	return NULL;
}

static void read_notes(struct ui *ui, struct forms *fs)
{
	struct api_form q = API_FORM_INIT;

	api_form_add_int(&q, "customerIDs", fs->t.customer_id);
	forms_read(ui, fs, RD_NOTES, fetch_job_list(FETCH_SLOT_WRITE, "note", &q));
	api_form_free(&q);
}

void fk_opened(struct ui *ui, struct forms *fs)
{
	switch (fs->kind) {
	case KIND_NOTE:
		if (fs->t.customer_id > 0)
			read_notes(ui, fs);
		else
			forms_read(ui, fs, RD_RECORD,
			           fetch_job_record(FETCH_SLOT_WRITE, fs->t.resource, fs->t.id, NULL));
		fl_opened(ui, fs, RD_TYPES);
		break;
	case KIND_NOTE_EDIT:
	case KIND_MOVE:
	case KIND_CANCEL:
	case KIND_COMPLETE:
		/* Prefilled from the day's review: nothing to read. */
		break;
	case KIND_ADDON:
	case KIND_INITIAL:
		forms_read(ui, fs, RD_RECORD, fetch_job_record(FETCH_SLOT_WRITE, fs->t.resource, fs->t.id, NULL));
		if (!fs->products && !fs->products_asked) {
			fs->products_asked = 1;
			forms_read(ui, fs, RD_PRODUCTS, fetch_job_list(FETCH_SLOT_WRITE, "product", NULL));
		}
		break;
	case KIND_LEAD:
		forms_read(ui, fs, RD_RECORD, fetch_job_record(FETCH_SLOT_WRITE, "subscription", fs->t.id, NULL));
		fl_opened(ui, fs, RD_STAGES);
		break;
	}
}

static void clear_loading(struct form *f)
{
	for (size_t i = 0; f && i < f->n; i++)
		f->fields[i].loading = 0;
}

static void record_read(struct ui *ui, struct forms *fs, struct fetch_result *r)
{
	long long v;
	const char *s = NULL;

	cJSON_Delete(fs->record);
	fs->record = r->record;
	r->record = NULL;
	if (api_field_int(fs->record, "customerID", &v) == API_V_OK && v > 0 && !fs->t.customer_id) {
		fs->t.customer_id = v;
		set_subtitle(ui, fs, &fs->t);
	}
	switch (fs->kind) {
	case KIND_NOTE:
		set_default_ll(fs->f, "customerID", fs->t.customer_id);
		if (strcmp(fs->t.resource, "ticket") == 0 &&
		    api_field_int(fs->record, "subscriptionID", &v) == API_V_OK && v > 0)
			set_default_ll(fs->f, "referenceID", v);
		if (fs->t.customer_id > 0)
			read_notes(ui, fs);
		break;
	case KIND_ADDON:
	case KIND_INITIAL:
		items_read(fs);
		/* A draft may have been restored on an existing item. */
		item_path(fs);
		break;
	case KIND_LEAD:
		if (api_field_int(fs->record, "leadStageID", &v) == API_V_OK && v > 0) {
			api_field_text(fs->record, "leadStage", &s);
			fk_option_add(&fs->stages, &fs->n_stages, v, s);
			if (form_find(fs->f, "stageID") >= 0)
				form_add_option(fs->f, (size_t)form_find(fs->f, "stageID"), v, s);
			set_default_ll(fs->f, "stageID", v);
		}
		free(fs->notice);
		fs->notice = NULL;
		if (api_field_int(fs->record, "active", &v) == API_V_OK) {
			struct strbuf sb = STRBUF_INIT;

			if (v == -3)
				strbuf_addf(&sb, _("Now a lead at stage %s"), s && *s ? s : "?");
			else
				strbuf_adds(&sb, _("Now a subscription, not a lead"));
			fs->notice = strbuf_detach(&sb, NULL);
			/* The API lets status 0 make a paying customer's
			 * subscription a lead: allowed, but never by accident. */
			free(fs->record_alert);
			fs->record_alert = v == -3 ? NULL
			                           : xstrdup(_("NOT A LEAD: this is a customer's subscription; "
			                                       "Status 0 (convert to lead) would make it a lead"));
		}
		break;
	default:
		break;
	}
	fk_stale_record(ui, fs);
}

void fk_read_done(struct ui *ui, struct forms *fs, enum rkind kind, struct fetch_result *r)
{
	if (kind == RD_STAGES || kind == RD_TYPES)
		fl_done(fs, kind, r);
	if (r->err.kind != API_OK) {
		/* The core has not reported it (the slot is the forms'). */
		if (kind == RD_PRODUCTS)
			fs->products_asked = 0;
		if (fs->f && kind != RD_CHECK && fs->read_serial == fs->serial) {
			clear_loading(fs->f);
			ui_error(ui, _("Could not read what the form offers (%s); numbers may be typed"),
			         api_error_text(&r->err));
		}
		return;
	}
	switch (kind) {
	case RD_RECORD:
		if (fs->f)
			record_read(ui, fs, r);
		break;
	case RD_NOTES:
		if (fs->f && fs->read_serial == fs->serial) {
			free(fs->known);
			fs->known = NULL;
			fs->n_known = 0;
			if (r->n_ids) {
				fs->known = xmalloc(r->n_ids * sizeof(*fs->known));
				memcpy(fs->known, r->ids, r->n_ids * sizeof(*fs->known));
				fs->n_known = r->n_ids;
			}
			fs->have_known = 1;
		}
		/* The customer's types, and the account's when they are in. */
		fl_note_types(fs, r);
		fl_show(fs, RD_TYPES);
		break;
	case RD_PRODUCTS:
		if (!fs->products)
			fs->products = m_table_new(m_row_free_fn("product"));
		for (size_t i = 0; i < r->n_rows; i++)
			m_table_put(fs->products, r->rows[i]);
		r->n_rows = 0; /* the cache owns them now */
		if (fs->f && (fs->kind == KIND_ADDON || fs->kind == KIND_INITIAL))
			product_options(fs);
		break;
	case RD_STAGES:
	case RD_TYPES:
		/* fl_done took them. */
		break;
	case RD_CHECK:
	case RD_FRESH:
		break;
	}
}

void fk_changed(struct ui *ui, struct forms *fs, size_t i)
{
	const char *name = fs->f->fields[i].name;

	if (strcmp(name, "itemID") == 0 || strcmp(name, "addOnID") == 0) {
		item_changed(fs);
		fk_stale_item(ui, fs);
	} else if (strcmp(name, "productID") == 0 || strcmp(name, "product") == 0)
		product_changed(fs, i);
}

const char *fk_refetch(enum fkind kind)
{
	switch (kind) {
	case KIND_NOTE:
	case KIND_NOTE_EDIT:
		return "note";
	case KIND_ADDON:
		return "ticket";
	case KIND_INITIAL:
	case KIND_LEAD:
		return "subscription";
	case KIND_MOVE:
	case KIND_CANCEL:
	case KIND_COMPLETE:
		return "appointment";
	}
	return NULL;
}

void fk_record_text(const struct forms *fs, struct strbuf *out)
{
	long long item;

	switch (fs->kind) {
	case KIND_NOTE:
		if (fs->t.customer_id > 0)
			strbuf_addf(out, _("customer %lld"), fs->t.customer_id);
		else
			strbuf_addf(out, "%s %lld", kind_label(fs->t.resource), fs->t.id);
		break;
	case KIND_NOTE_EDIT:
		strbuf_addf(out, _("note %lld"), fs->t.id);
		break;
	case KIND_ADDON:
		item = fs->f ? fk_field_ll(fs->f, "itemID") : 0;
		if (item > 0)
			strbuf_addf(out, _("ticket %lld, item %lld"), fs->t.id, item);
		else
			strbuf_addf(out, _("ticket %lld"), fs->t.id);
		break;
	case KIND_INITIAL:
		item = fs->f ? fk_field_ll(fs->f, "addOnID") : 0;
		if (item > 0)
			strbuf_addf(out, _("subscription %lld, add-on %lld"), fs->t.id, item);
		else
			strbuf_addf(out, _("subscription %lld"), fs->t.id);
		break;
	case KIND_LEAD:
		strbuf_addf(out, _("subscription %lld"), fs->t.id);
		break;
	default:
		fd_record_text(fs, out);
		break;
	}
}

