/* test_form_base.c: the lead stage and add-on forms' bases: made from a record and read, a later knowledge taken by its date, what the form writes over compared. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "common/strbuf.h"
#include "ui/forms/form_base.h"

static void lead(struct strbuf *out, long long stage, int active, const char *updated,
                 const char *name)
{
	struct m_subscription s;

	memset(&s, 0, sizeof(s));
	s.id = 8;
	s.lead_stage_id = stage;
	s.active = active;
	s.lead_stage = (char *)name;
	snprintf(s.updated, sizeof(s.updated), "%s", updated);
	strbuf_reset(out);
	form_base_lead(&s, out);
}

static void test_base_text(void **state)
{
	struct strbuf b = STRBUF_INIT;

	(void)state;
	lead(&b, 2, -3, "2026-11-20 09:00:00", "Contacted");
	assert_string_equal(b.buf, "lead|2|-3|2026-11-20 09:00:00|Contacted");
	/* A customer's subscription has no stage worth keeping. */
	lead(&b, 2, 1, "2026-11-20 09:00:00", "Contacted");
	assert_string_equal(b.buf, "lead|0|1|2026-11-20 09:00:00|");
	strbuf_free(&b);
}

/* Whether what the form writes over changed from was to now. */
static int changed(const char *was, const char *now)
{
	struct form_lead a, b;

	assert_int_equal(form_base_lead_parse(was, &a), 0);
	assert_int_equal(form_base_lead_parse(now, &b), 0);
	return form_base_lead_changed(&a, &b);
}

static void test_parse(void **state)
{
	struct strbuf b = STRBUF_INIT;
	struct form_lead l;

	(void)state;
	lead(&b, 5, -3, "2026-11-20 09:05:00", "Quoted | final");
	assert_int_equal(form_base_lead_parse(b.buf, &l), 0);
	assert_int_equal((int)l.stage, 5);
	assert_int_equal(l.active, -3);
	assert_string_equal(l.updated, "2026-11-20 09:05:00");
	/* The name may hold the separator. */
	assert_string_equal(l.name, "Quoted | final");
	/* A stop's base, nothing, or a cut or broken text is no lead base. */
	assert_int_equal(form_base_lead_parse("stop|1|2026-11-20|08:00|09:00|0", &l), -1);
	assert_int_equal(form_base_lead_parse(NULL, &l), -1);
	assert_int_equal(form_base_lead_parse("lead|5|-3", &l), -1);
	assert_int_equal(form_base_lead_parse("lead|x|-3||", &l), -1);
	assert_int_equal(form_base_lead_parse("lead||-3||", &l), -1);
	strbuf_free(&b);
}

static void test_changes(void **state)
{
	struct strbuf was = STRBUF_INIT, now = STRBUF_INIT;

	(void)state;
	lead(&was, 2, -3, "2026-11-20 09:00:00", "Contacted");
	/* Another stage. */
	lead(&now, 5, -3, "2026-11-20 09:05:00", "Quoted");
	assert_int_equal(changed(was.buf, now.buf), 1);
	/* Won meanwhile: no longer a lead, whatever its stage says. */
	lead(&now, 2, 1, "2026-11-20 09:05:00", "Contacted");
	assert_int_equal(changed(was.buf, now.buf), 1);
	assert_int_equal(changed(now.buf, was.buf), 1);
	/* Updated, but not what the form writes over: the date, the name. */
	lead(&now, 2, -3, "2026-11-20 09:05:00", "Contacted (renamed)");
	assert_int_equal(changed(was.buf, now.buf), 0);
	/* Two subscriptions that are no leads, frozen or active. */
	lead(&was, 0, 1, "2026-11-20 09:00:00", "");
	lead(&now, 0, 0, "2026-11-20 09:05:00", "");
	assert_int_equal(changed(was.buf, now.buf), 0);
	strbuf_free(&was);
	strbuf_free(&now);
}

static void test_newer(void **state)
{
	struct strbuf known = STRBUF_INIT, row = STRBUF_INIT;

	(void)state;
	lead(&known, 2, -3, "2026-11-20 09:05:00", "Contacted");
	/* A written/ read-back older than the form's own read is not news. */
	lead(&row, 5, -3, "2026-11-20 09:00:00", "Quoted");
	assert_int_equal(form_base_newer(known.buf, row.buf), 0);
	lead(&row, 5, -3, "2026-11-20 09:05:00", "Quoted");
	assert_int_equal(form_base_newer(known.buf, row.buf), 1);
	lead(&row, 5, -3, "2026-11-20 10:00:00", "Quoted");
	assert_int_equal(form_base_newer(known.buf, row.buf), 1);
	/* No date on either side: taken, not guessed away. */
	lead(&row, 5, -3, "", "Quoted");
	assert_int_equal(form_base_newer(known.buf, row.buf), 1);
	/* Only two lead bases are ordered by their dates. */
	assert_int_equal(form_base_newer("stop|1|2026-11-20|08:00|09:00|0", row.buf), 1);
	strbuf_free(&known);
	strbuf_free(&row);
}

/* A ticket's items as the service answers them. */
static cJSON *items(const char *amount, const char *desc)
{
	char text[512];

	snprintf(text, sizeof(text),
	         "[{\"itemID\":\"6\",\"productID\":\"4\",\"quantity\":\"1\",\"amount\":\"9.00\","
	         "\"description\":\"other\"},"
	         "{\"itemID\":\"7\",\"productID\":\"4\",\"quantity\":\"2\",\"amount\":\"%s\","
	         "\"taxable\":\"1\",\"creditTo\":\"0\",\"unitID\":null,\"description\":\"%s\"}]",
	         amount, desc);
	return cJSON_Parse(text);
}

static void test_item(void **state)
{
	struct strbuf was = STRBUF_INIT, now = STRBUF_INIT, v = STRBUF_INIT;
	cJSON *a = items("4.50", "Snap | traps"), *b = items("77.00", "Snap | traps");
	unsigned fields;

	(void)state;
	form_base_item(a, "itemID", 7, &was);
	assert_string_equal(was.buf, "item|7|4|2|4.50|1|0||Snap | traps");
	/* Each value, the description whole. */
	assert_int_equal(form_base_item_value(was.buf, 2, &v), 0);
	assert_string_equal(v.buf, "4.50");
	strbuf_reset(&v);
	assert_int_equal(form_base_item_value(was.buf, 5, &v), 0);
	assert_string_equal(strbuf_str(&v), "");
	assert_int_equal(form_base_item_value(was.buf, 6, &v), 0);
	assert_string_equal(v.buf, "Snap | traps");
	assert_int_equal(form_base_item_value(was.buf, 7, &v), -1);
	/* The same item, read again: nothing; the amount changed: its bit. */
	form_base_item(a, "itemID", 7, &now);
	assert_int_equal(form_base_item_changed(was.buf, now.buf, &fields), 0);
	strbuf_reset(&now);
	form_base_item(b, "itemID", 7, &now);
	assert_int_equal(form_base_item_changed(was.buf, now.buf, &fields), 1);
	assert_int_equal(fields, 1u << 2);
	/* Removed meanwhile. */
	strbuf_reset(&now);
	form_base_item(b, "itemID", 8, &now);
	assert_string_equal(now.buf, "gone|8");
	strbuf_reset(&now);
	form_base_item(NULL, "itemID", 7, &now);
	assert_int_equal(form_base_item_changed(was.buf, now.buf, &fields), 2);
	/* Another item, or a lead's base: not compared. */
	strbuf_reset(&now);
	form_base_item(b, "itemID", 6, &now);
	assert_int_equal(form_base_item_changed(was.buf, now.buf, &fields), -1);
	assert_int_equal(form_base_item_changed(was.buf, "lead|2|-3||x", &fields), -1);
	/* No date orders an item's bases: a fresh read is taken. */
	assert_int_equal(form_base_newer(was.buf, now.buf), 1);
	cJSON_Delete(a);
	cJSON_Delete(b);
	strbuf_free(&was);
	strbuf_free(&now);
	strbuf_free(&v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_base_text),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_changes),
		cmocka_unit_test(test_newer),
		cmocka_unit_test(test_item),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
