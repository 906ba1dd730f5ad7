/* forms_addon.c: the add-on forms' items and money: the effect on the ticket's balance a credit must confirm. */
#include "config.h"

#include <stdio.h>

#include "api/values.h"
#include "common/i18n.h"
#include "common/strbuf.h"
#include "model/model.h"
#include "ui/forms/forms.h"
#include "ui/forms/forms_int.h"

/* The items of the record: a ticket's "items", a subscription's "addOns". */
const cJSON *fk_items(const struct forms *fs)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(fs->record,
	                                                  fs->kind == KIND_ADDON ? "items" : "addOns");

	return cJSON_IsArray(a) ? a : NULL;
}

const char *fk_item_key(const struct forms *fs)
{
	return fs->kind == KIND_ADDON ? "itemID" : "addOnID";
}

const cJSON *fk_find_item(const struct forms *fs, long long id)
{
	const cJSON *it;
	long long v;

	cJSON_ArrayForEach(it, fk_items(fs))
		if (api_field_int(it, fk_item_key(fs), &v) == API_V_OK && v == id)
			return it;
	return NULL;
}

/* cents of a decimal member of rec, 0 when absent or not a number. */
static long long member_cents(const cJSON *rec, const char *name)
{
	const char *v = NULL;
	long long c = 0;

	if (rec && api_field_text(rec, name, &v) == API_V_OK && v && m_parse_cents(v, &c) == 0)
		return c;
	return 0;
}

void fk_addon_effect(const struct forms *fs, struct strbuf *msg)
{
	long long amount = 0, qty, item, total, before, after;
	int a, known;
	const cJSON *old;
	char money[24], bal[24];

	if (!fs->f || (fs->kind != KIND_ADDON && fs->kind != KIND_INITIAL))
		return;
	a = form_find(fs->f, "amount");
	if (a < 0 || m_parse_cents(form_text(fs->f, (size_t)a), &amount) < 0)
		return;
	qty = fk_field_ll(fs->f, "quantity");
	item = fk_field_ll(fs->f, fk_item_key(fs));
	old = item > 0 ? fk_find_item(fs, item) : NULL;
	total = amount * (qty > 0 ? qty : 1);
	/* A ticket's balance is in its record once read; a subscription's
	 * initial add-ons bill later and have none to name. */
	known = fs->kind == KIND_ADDON && fs->record &&
	        cJSON_GetObjectItemCaseSensitive(fs->record, "balance");
	before = known ? member_cents(fs->record, "balance") : 0;
	after = before + total;
	/* An update replaces the item's old line. */
	if (known && old) {
		long long q = 0;

		if (api_field_int(old, "quantity", &q) != API_V_OK || q < 1)
			q = 1;
		after -= member_cents(old, "amount") * q;
	}
	m_format_cents(total, money);
	m_format_cents(after, bal);
	if (total < 0 && known && after < 0)
		strbuf_addf(msg, _("This add-on of %s credits the ticket: its balance becomes %s, "
		                   "money owed to the customer."), money, bal);
	else if (total < 0 && known)
		strbuf_addf(msg, _("This add-on of %s credits the ticket: its balance becomes %s."),
		            money, bal);
	else if (total < 0 && fs->kind == KIND_ADDON)
		strbuf_addf(msg, _("This add-on of %s credits the ticket (its balance is not known yet)."),
		            money);
	else if (total < 0)
		strbuf_addf(msg, _("This add-on of %s is a credit: it lowers what the subscription bills."),
		            money);
	else if (known && after < 0 && before >= 0)
		strbuf_addf(msg, _("With this change the ticket's balance becomes %s, money owed to the "
		                   "customer."), bal);
}

