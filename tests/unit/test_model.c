/* test_model.c: decoding API records into rows (real records, odd shapes, ownership). */
#include "config.h"

#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "common/strbuf.h"
#include "common/resources.h"
#include "model/model.h"
#include "model/rows.h"

static cJSON *fixtures;

static int load_fixtures(void **state)
{
	struct strbuf path = STRBUF_INIT, sb = STRBUF_INIT, err = STRBUF_INIT;

	(void)state;
	strbuf_addf(&path, "%s/records.json", MODEL_FIXTURES);
	if (strbuf_read_file(path.buf, 16 << 20, &sb, &err) < 0)
		fprintf(stderr, "%s\n", strbuf_str(&err));
	else
		fixtures = cJSON_Parse(strbuf_str(&sb));
	strbuf_free(&path);
	strbuf_free(&sb);
	strbuf_free(&err);
	return fixtures ? 0 : -1;
}

static int free_fixtures(void **state)
{
	(void)state;
	cJSON_Delete(fixtures);
	return 0;
}

/* A fixture record (borrowed from the fixture file, captured from the
 * sandbox's answers). */
static const cJSON *fx(const char *name)
{
	const cJSON *r = cJSON_GetObjectItemCaseSensitive(fixtures, name);

	if (!cJSON_IsObject(r))
		fail_msg("no fixture record %s", name);
	return r;
}

static cJSON *parse(const char *json)
{
	cJSON *v = cJSON_Parse(json);

	if (!v)
		fail_msg("bad test JSON: %s", json);
	return v;
}

/* ------------------------------------------------- real-looking records */

static void test_route_real(void **state)
{
	struct m_route r;

	(void)state;
	assert_int_equal(m_route_decode(fx("route"), &r), 0);
	assert_int_equal(r.id, 5488);
	assert_int_equal(r.office_id, 1);
	assert_int_equal(r.group_id, 1);
	assert_int_equal(r.tech_id, 0);
	assert_string_equal(r.date, "2026-11-20");
	assert_string_equal(r.title, "Route 01");
	assert_string_equal(r.group_title, "Residential");
	assert_string_equal(r.day_notes, "Bring extra bait stations for the commercial stops.");
	assert_string_equal(r.day_alert, "Road closure on Baseline, plan around it.");
	assert_int_equal(r.locked, 0);
	assert_string_equal(r.updated, "2026-11-20 08:00:00");
	m_route_free(&r);
}

static void test_appt_real(void **state)
{
	struct m_appt a;

	(void)state;
	assert_int_equal(m_appt_decode(fx("appointment_completed"), &a), 0);
	assert_int_equal(a.id, 16898);
	assert_int_equal(a.route_id, 5488);
	assert_int_equal(a.customer_id, 10404);
	assert_int_equal(a.office_id, 1);
	assert_int_equal(a.subscription_id, 505);
	assert_int_equal(a.service_type_id, 1);
	assert_int_equal(a.ticket_id, 25870);
	assert_int_equal(a.tech_id, 10006);
	assert_int_equal(a.serviced_by, 10006);
	assert_int_equal(a.status, M_COMPLETED);
	assert_int_equal(a.sequence, 1);
	assert_int_equal(a.duration, 25);
	assert_int_equal(a.call_ahead, 0);
	assert_int_equal(a.is_initial, 0);
	assert_string_equal(a.date, "2026-11-20");
	assert_string_equal(a.start, "07:46");
	assert_string_equal(a.end, "08:11");
	assert_string_equal(a.time_in, "07:55");
	assert_string_equal(a.time_out, "08:20");
	assert_string_equal(a.time_window, "AM");
	assert_null(a.notes); /* "" */
	assert_string_equal(a.office_notes, "Check the bait stations in the garage.");
	assert_string_equal(a.updated, "2026-11-20 08:20:00");
	m_appt_free(&a);

	/* A pending stop: zero check-in/out datetimes are unset, ticket "0". */
	assert_int_equal(m_appt_decode(fx("appointment_pending"), &a), 0);
	assert_int_equal(a.id, 16902);
	assert_int_equal(a.status, M_PENDING);
	assert_int_equal(a.tech_id, 0);
	assert_int_equal(a.ticket_id, 0);
	assert_int_equal(a.call_ahead, 1);
	assert_int_equal(a.sequence, 5);
	assert_string_equal(a.start, "10:09");
	assert_string_equal(a.end, "10:40");
	assert_string_equal(a.time_in, "");
	assert_string_equal(a.time_out, "");
	assert_null(a.office_notes);
	m_appt_free(&a);
}

static void test_customer_real(void **state)
{
	struct m_customer c;

	(void)state;
	assert_int_equal(m_customer_decode(fx("customer"), &c), 0);
	assert_int_equal(c.id, 10000);
	assert_int_equal(c.office_id, 1);
	assert_string_equal(c.fname, "Jos\xc3\xa9");
	assert_string_equal(c.lname, "\xc3\x85ngstr\xc3\xb6m");
	assert_string_equal(c.company, "");
	assert_string_equal(c.address, "6447 Juniper Ln");
	assert_string_equal(c.city, "Gilbert");
	assert_string_equal(c.state, "AZ");
	assert_string_equal(c.zip, "85249");
	assert_string_equal(c.phone, "4806251442");
	assert_string_equal(c.email, "joseangstrom@example.org");
	assert_string_equal(c.red_notes, "Beehive in the east eave, refer to removal partner.");
	assert_int_equal(c.balance, 51632);
	assert_int_equal(c.balance_age, 11);
	assert_int_equal(c.status, 1);
	assert_int_equal(c.commercial, 0);
	assert_string_equal(c.added, "2026-08-02");
	assert_string_equal(c.updated, "2026-08-02 14:06:41");
	m_customer_free(&c);
}

static void test_subscription_real(void **state)
{
	struct m_subscription s;

	(void)state;
	assert_int_equal(m_subscription_decode(fx("subscription"), &s), 0);
	assert_int_equal(s.id, 1);
	assert_int_equal(s.customer_id, 10000);
	assert_int_equal(s.service_type_id, 1);
	assert_int_equal(s.active, 1);
	assert_string_equal(s.service_type, "General Pest Control");
	assert_int_equal(s.frequency, 90);
	assert_int_equal(s.frequency_custom, 0);
	assert_int_equal(s.recurring_charge, 14400);
	assert_int_equal(s.contract_value, 115200);
	assert_string_equal(s.next_service, "2026-11-24");
	assert_string_equal(s.last_completed, "2026-11-20");
	assert_int_equal(s.lead_stage_id, 0);
	assert_null(s.lead_stage);
	assert_null(s.lead_status);
	assert_int_equal(s.lead_value, 0);
	m_subscription_free(&s);

	assert_int_equal(m_subscription_decode(fx("subscription_custom"), &s), 0);
	assert_int_equal(s.id, 26);
	assert_int_equal(s.office_id, 2);
	assert_int_equal(s.service_type_id, 16);
	assert_int_equal(s.frequency_custom, 1);
	assert_int_equal(s.frequency, 0);
	assert_int_equal(s.recurring_charge, 11400);
	assert_string_equal(s.updated, "2026-11-16 12:28:56");
	m_subscription_free(&s);

	/* A lead: zero dates unset, lead members set. */
	assert_int_equal(m_subscription_decode(fx("subscription_lead"), &s), 0);
	assert_int_equal(s.id, 5);
	assert_int_equal(s.active, -3);
	assert_int_equal(s.frequency, 30);
	assert_string_equal(s.next_service, "");
	assert_string_equal(s.last_completed, "");
	assert_int_equal(s.lead_stage_id, 2);
	assert_string_equal(s.lead_stage, "Contacted");
	assert_string_equal(s.lead_status, "1");
	assert_int_equal(s.lead_value, 184800);
	assert_string_equal(s.updated, "2026-08-31 11:53:26");
	m_subscription_free(&s);
}

static void test_ticket_real(void **state)
{
	struct m_ticket t;

	(void)state;
	assert_int_equal(m_ticket_decode(fx("ticket"), &t), 0);
	assert_int_equal(t.id, 20003);
	assert_int_equal(t.customer_id, 10249);
	assert_int_equal(t.subscription_id, 308);
	assert_int_equal(t.appointment_id, 10003);
	assert_int_equal(t.service_id, 2);
	assert_int_equal(t.active, 1);
	assert_string_equal(t.invoice_date, "2026-09-21");
	assert_string_equal(t.invoice_number, "20003");
	assert_int_equal(t.subtotal, 35200);
	assert_int_equal(t.tax, 69);
	assert_int_equal(t.total, 35269);
	assert_int_equal(t.balance, 0);
	assert_string_equal(t.updated, "2026-09-24 15:36:50");
	assert_int_equal(t.n_items, 3);
	assert_int_equal(t.items[0].id, 1);
	assert_int_equal(t.items[0].ticket_id, 20003);
	assert_int_equal(t.items[0].product_id, 5);
	assert_string_equal(t.items[0].description, "Attic dusting");
	assert_int_equal(t.items[0].quantity, 1);
	assert_int_equal(t.items[0].amount, 8500);
	assert_int_equal(t.items[0].taxable, 0);
	assert_int_equal(t.items[2].amount, 800);
	assert_int_equal(t.items[2].taxable, 1);
	assert_string_equal(t.items[2].description, "Mosquito dunks");
	m_ticket_free(&t);
}

static void test_small_records_real(void **state)
{
	struct m_note n;
	struct m_employee e;
	struct m_service_type st;
	struct m_product p;

	(void)state;
	assert_int_equal(m_note_decode(fx("note"), &n), 0);
	assert_int_equal(n.id, 1);
	assert_int_equal(n.customer_id, 10000);
	assert_int_equal(n.employee_id, 10003);
	assert_int_equal(n.type_id, 14);
	assert_int_equal(n.reference_id, 0);
	assert_string_equal(n.type, "Cancellation");
	/* Control characters are kept as sent: escaping is the UI's job. */
	assert_string_equal(n.text, "Called twice.\r\nNo answer.\tLeft a message with the gate code.");
	assert_string_equal(n.employee_name, "Mary Wright");
	assert_int_equal(n.show_tech, 0);
	assert_int_equal(n.show_customer, 0);
	assert_int_equal(n.show_invoice, 1);
	assert_string_equal(n.date, "2026-11-05 10:37:47");
	assert_string_equal(n.updated, "2026-11-05 10:37:47");
	m_note_free(&n);

	/* skills is an object the employee row does not keep: not an error. */
	assert_int_equal(m_employee_decode(fx("employee"), &e), 0);
	assert_int_equal(e.id, 10004);
	assert_int_equal(e.office_id, 1);
	assert_string_equal(e.fname, "Dagn\xc3\xbd");
	assert_string_equal(e.lname, "Beaumont");
	assert_string_equal(e.initials, "DB");
	assert_int_equal(e.type, 1);
	assert_int_equal(e.active, 1);
	m_employee_free(&e);

	assert_int_equal(m_service_type_decode(fx("serviceType"), &st), 0);
	assert_int_equal(st.id, 1);
	assert_string_equal(st.description, "General Pest Control");
	assert_int_equal(st.default_charge, 12900);
	m_service_type_free(&st);

	assert_int_equal(m_product_decode(fx("product"), &p), 0);
	assert_int_equal(p.id, 2);
	assert_string_equal(p.description, "Bait station (each)");
	assert_string_equal(p.code, "BAIT");
	assert_int_equal(p.amount, 1250);
	assert_int_equal(p.taxable, 1);
	m_product_free(&p);
}

/* ------------------------------------------------------------ odd shapes */

/* Every resource refuses what has no integer primary key, zeroing the row
 * (so a caller that frees it anyway frees nothing). */
static void test_refusals(void **state)
{
	static const char *const resources[] = {
		"route", "appointment", "customer", "subscription", "ticket",
		"note", "employee", "serviceType", "product",
	};
	static const char *const pks[] = {
		"routeID", "appointmentID", "customerID", "subscriptionID", "ticketID",
		"noteID", "employeeID", "typeID", "productID",
	};
	static const char *const shapes[] = {
		"[]", "[{\"routeID\":\"1\"}]", "\"10000\"", "null", "42", "true",
		"{}", "{\"title\":\"x\"}",
	};
	static const char *const bad_pk[] = { "null", "\"\"", "\"abc\"", "\"1,2\"", "1.5",
		"\"12 \"", "{}", "[1]", "true", "\"CUSTOM\"", "\"0000-00-00\"" };
	(void)state;
	for (size_t r = 0; r < sizeof(resources) / sizeof(resources[0]); r++) {
		assert_null(m_row_decode(resources[r], NULL));
		for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
			cJSON *v = parse(shapes[s]);

			assert_null(m_row_decode(resources[r], v));
			cJSON_Delete(v);
		}
		for (size_t b = 0; b < sizeof(bad_pk) / sizeof(bad_pk[0]); b++) {
			char json[128];
			cJSON *v;

			snprintf(json, sizeof(json), "{\"%s\":%s,\"officeID\":\"1\"}", pks[r], bad_pk[b]);
			v = parse(json);
			assert_null(m_row_decode(resources[r], v));
			cJSON_Delete(v);
		}
	}
	/* The typed decoders say -1 and leave a zeroed struct. */
	{
		struct m_customer c;
		struct m_ticket t;
		cJSON *v = parse("{\"fname\":\"Ann\",\"balance\":\"5.00\"}");

		memset(&c, 0xa5, sizeof(c));
		assert_int_equal(m_customer_decode(v, &c), -1);
		assert_null(c.fname);
		assert_int_equal(c.balance, 0);
		memset(&t, 0xa5, sizeof(t));
		assert_int_equal(m_ticket_decode(NULL, &t), -1);
		assert_null(t.items);
		assert_int_equal(t.n_items, 0);
		cJSON_Delete(v);
	}
	/* A resource with no row type, or none at all. */
	{
		cJSON *v = parse("{\"regionID\":\"1\"}");

		assert_null(m_row_decode("region", v));
		assert_null(m_row_decode(NULL, v));
		assert_null(m_row_free_fn("region"));
		assert_null(m_row_free_fn(NULL));
		cJSON_Delete(v);
	}
}

/* Nulls, missing members, empty strings and zero dates are unknown, not
 * bad, and unknown is 0, "" or NULL, never a made-up value. */
static void test_nulls_and_missing(void **state)
{
	struct m_appt a;
	struct m_customer c;
	struct m_subscription s;
	struct m_ticket t;
	cJSON *v;

	(void)state;
	v = parse("{\"appointmentID\":\"7\",\"routeID\":null,\"start\":\"\",\"end\":null,"
	          "\"timeIn\":\"0000-00-00 00:00:00\",\"timeOut\":\"0000-00-00\","
	          "\"date\":\"0000-00-00\",\"timeWindow\":\"\",\"notes\":null,"
	          "\"dateUpdated\":\"0000-00-00 00:00:00\",\"assignedTech\":\"\"}");
	assert_int_equal(m_appt_decode(v, &a), 0);
	assert_int_equal(a.id, 7);
	assert_int_equal(a.route_id, 0);
	assert_int_equal(a.tech_id, 0);
	assert_string_equal(a.start, "");
	assert_string_equal(a.end, "");
	assert_string_equal(a.time_in, "");
	assert_string_equal(a.time_out, "");
	assert_string_equal(a.date, "");
	assert_string_equal(a.updated, "");
	assert_null(a.time_window);
	assert_null(a.notes);
	assert_null(a.office_notes);
	/* A stop with no status is not "pending". */
	assert_int_not_equal(a.status, M_PENDING);
	assert_string_equal(m_status_name(a.status), "unknown");
	m_appt_free(&a);
	cJSON_Delete(v);

	/* Only the key: the names are "" (never NULL), red notes NULL. */
	v = parse("{\"customerID\":\"10\",\"fname\":null,\"notes\":\"\",\"balance\":null}");
	assert_int_equal(m_customer_decode(v, &c), 0);
	assert_int_equal(c.id, 10);
	assert_non_null(c.fname);
	assert_string_equal(c.fname, "");
	assert_string_equal(c.lname, "");
	assert_string_equal(c.company, "");
	assert_string_equal(c.email, "");
	assert_null(c.red_notes);
	assert_int_equal(c.balance, 0);
	assert_string_equal(c.added, "");
	m_customer_free(&c);
	cJSON_Delete(v);

	v = parse("{\"subscriptionID\":\"3\",\"leadStage\":null,\"leadStatus\":null,"
	          "\"leadValue\":null,\"serviceType\":null,\"frequency\":\"\"}");
	assert_int_equal(m_subscription_decode(v, &s), 0);
	assert_string_equal(s.service_type, "");
	assert_null(s.lead_stage);
	assert_null(s.lead_status);
	assert_int_equal(s.frequency, 0);
	assert_int_equal(s.frequency_custom, 0);
	m_subscription_free(&s);
	cJSON_Delete(v);

	v = parse("{\"ticketID\":\"9\",\"items\":null}");
	assert_int_equal(m_ticket_decode(v, &t), 0);
	assert_int_equal(t.n_items, 0);
	assert_null(t.items);
	assert_string_equal(t.invoice_number, "");
	m_ticket_free(&t);
	cJSON_Delete(v);
}

/* JSON numbers where strings are usual are the same values. */
static void test_numbers_for_strings(void **state)
{
	struct m_customer c;
	struct m_appt a;
	struct m_product p;
	cJSON *v;

	(void)state;
	v = parse("{\"customerID\":10001,\"officeID\":2,\"zip\":85249,\"balance\":516.32,"
	          "\"balanceAge\":11,\"status\":1,\"phone1\":4806251442}");
	assert_int_equal(m_customer_decode(v, &c), 0);
	assert_int_equal(c.id, 10001);
	assert_int_equal(c.office_id, 2);
	assert_string_equal(c.zip, "85249");
	assert_string_equal(c.phone, "4806251442");
	assert_int_equal(c.balance, 51632);
	assert_int_equal(c.balance_age, 11);
	assert_int_equal(c.status, 1);
	m_customer_free(&c);
	cJSON_Delete(v);

	v = parse("{\"appointmentID\":5,\"status\":-1,\"sequence\":3,\"subscriptionID\":-1}");
	assert_int_equal(m_appt_decode(v, &a), 0);
	assert_int_equal(a.status, M_CANCELLED);
	assert_int_equal(a.sequence, 3);
	assert_int_equal(a.subscription_id, -1);
	m_appt_free(&a);
	cJSON_Delete(v);

	/* A whole amount, a negative one, one beyond a cent (rounded), one
	 * beyond what cents can hold. */
	v = parse("{\"productID\":\"1\",\"amount\":45}");
	assert_int_equal(m_product_decode(v, &p), 0);
	assert_int_equal(p.amount, 4500);
	m_product_free(&p);
	cJSON_Delete(v);
	v = parse("{\"productID\":\"1\",\"amount\":-12.5}");
	assert_int_equal(m_product_decode(v, &p), 0);
	assert_int_equal(p.amount, -1250);
	m_product_free(&p);
	cJSON_Delete(v);
	v = parse("{\"productID\":\"1\",\"amount\":1e300}");
	assert_int_equal(m_product_decode(v, &p), 1);
	assert_int_equal(p.amount, 0);
	m_product_free(&p);
	cJSON_Delete(v);
}

/* Garbage is counted, field by field, and leaves the member unknown. */
static void test_garbage_counted(void **state)
{
	struct m_appt a;
	struct m_route r;
	struct m_subscription s;
	struct m_ticket t;
	cJSON *v;

	(void)state;
	v = parse("{\"appointmentID\":\"8\","
	          "\"routeID\":\"5488,5489\","    /* a comma list is not one id: 1 */
	          "\"customerID\":\"CUSTOM\","    /* 2 */
	          "\"status\":\"done\","          /* 3 */
	          "\"sequence\":\"99999999999\"," /* too big for an int: 4 */
	          "\"duration\":\"25.5\","        /* 5 */
	          "\"start\":\"25:00:00\","       /* 6 */
	          "\"end\":\"8am\","              /* 7 */
	          "\"timeIn\":\"2026-11-20 7:55\"," /* 8 */
	          "\"date\":\"2026-02-30\","      /* 9 */
	          "\"timeWindow\":true,"          /* 10 */
	          "\"notes\":{\"a\":1},"          /* 11 */
	          "\"officeNotes\":[\"x\"],"      /* 12 */
	          "\"dateUpdated\":\"yesterday\"," /* 13 */
	          "\"type\":\"\",\"ticketID\":null,\"callAhead\":\"1\"}");
	assert_int_equal(m_appt_decode(v, &a), 13);
	assert_int_equal(a.id, 8);
	assert_int_equal(a.route_id, 0);
	assert_int_equal(a.customer_id, 0);
	assert_string_equal(m_status_name(a.status), "unknown");
	assert_int_equal(a.sequence, 0);
	assert_int_equal(a.duration, 0);
	assert_string_equal(a.start, "");
	assert_string_equal(a.end, "");
	assert_string_equal(a.time_in, "");
	assert_string_equal(a.date, "");
	assert_null(a.time_window);
	assert_null(a.notes);
	assert_null(a.office_notes);
	assert_string_equal(a.updated, "");
	assert_int_equal(a.call_ahead, 1); /* the good fields still decode */
	m_appt_free(&a);
	cJSON_Delete(v);

	/* Times without seconds and check-in as a bare time are still times;
	 * a check-out that is only a day is not midnight. */
	v = parse("{\"appointmentID\":\"9\",\"start\":\"08:05\",\"timeIn\":\"08:07:59\","
	          "\"timeOut\":\"2026-11-20\"}");
	assert_int_equal(m_appt_decode(v, &a), 1);
	assert_string_equal(a.start, "08:05");
	assert_string_equal(a.time_in, "08:07");
	assert_string_equal(a.time_out, "");
	m_appt_free(&a);
	cJSON_Delete(v);

	v = parse("{\"routeID\":\"1\",\"title\":7,\"lockedRoute\":\"yes\",\"assignedTech\":\"0\","
	          "\"dayNotes\":\"\",\"dayAlert\":null,\"groupTitle\":false}");
	assert_int_equal(m_route_decode(v, &r), 2); /* lockedRoute, groupTitle */
	assert_string_equal(r.title, "7");
	assert_string_equal(r.group_title, "");
	assert_int_equal(r.locked, 0);
	assert_null(r.day_notes);
	assert_null(r.day_alert);
	m_route_free(&r);
	cJSON_Delete(v);

	v = parse("{\"subscriptionID\":\"2\",\"frequency\":\"often\",\"recurringCharge\":\"1e17\","
	          "\"contractValue\":\"12,50\",\"active\":\"CUSTOM\",\"nextService\":\"soon\"}");
	assert_int_equal(m_subscription_decode(v, &s), 5);
	assert_int_equal(s.frequency, 0);
	assert_int_equal(s.frequency_custom, 0);
	assert_int_equal(s.recurring_charge, 0);
	assert_int_equal(s.contract_value, 0);
	assert_int_equal(s.active, 0);
	assert_string_equal(s.next_service, "");
	m_subscription_free(&s);
	cJSON_Delete(v);

	/* Items: a string is not a list; a non-object is skipped and counted;
	 * an item's own bad fields count towards the ticket. */
	v = parse("{\"ticketID\":\"1\",\"items\":\"1,2\"}");
	assert_int_equal(m_ticket_decode(v, &t), 1);
	assert_int_equal(t.n_items, 0);
	m_ticket_free(&t);
	cJSON_Delete(v);
	v = parse("{\"ticketID\":\"1\",\"items\":[7,{\"itemID\":\"4\",\"amount\":\"-5\","
	          "\"description\":\"Refund\",\"quantity\":\"x\"},null,{}]}");
	assert_int_equal(m_ticket_decode(v, &t), 3); /* 7, quantity, null */
	assert_int_equal(t.n_items, 2);
	assert_int_equal(t.items[0].id, 4);
	assert_int_equal(t.items[0].amount, -500);
	assert_int_equal(t.items[0].quantity, 0);
	assert_string_equal(t.items[0].description, "Refund");
	assert_int_equal(t.items[1].id, 0);
	assert_string_equal(t.items[1].description, "");
	m_ticket_free(&t);
	cJSON_Delete(v);
}

/* m_row_decode/m_row_free and the table's free function own everything:
 * run under ASan or valgrind, a leak fails the suite. */
static void test_rows_by_name(void **state)
{
	static const struct {
		const char *resource, *fixture;
	} all[] = {
		{ "route", "route" }, { "appointment", "appointment_completed" },
		{ "customer", "customer" }, { "subscription", "subscription_lead" },
		{ "ticket", "ticket" }, { "note", "note" }, { "employee", "employee" },
		{ "serviceType", "serviceType" }, { "product", "product" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		void *row = m_row_decode(all[i].resource, fx(all[i].fixture));
		struct m_table *t;
		long long id;

		assert_non_null(row);
		memcpy(&id, row, sizeof(id));
		assert_true(id >= 1);
		m_row_free(all[i].resource, row);

		t = m_table_new(m_row_free_fn(all[i].resource));
		assert_non_null(m_row_free_fn(all[i].resource));
		m_table_put(t, m_row_decode(all[i].resource, fx(all[i].fixture)));
		/* Replacing frees the first copy. */
		m_table_put(t, m_row_decode(all[i].resource, fx(all[i].fixture)));
		assert_int_equal(m_table_count(t), 1);
		assert_non_null(m_table_get(t, id));
		m_table_free(t);
	}
	{
		struct m_ticket *tk = m_row_decode("ticket", fx("ticket"));

		assert_non_null(tk);
		assert_int_equal(tk->n_items, 3);
		assert_string_equal(tk->items[1].description, "Bee swarm removal");
		m_row_free("ticket", tk);
	}
	m_row_free("customer", NULL);
}

/* Every kind of row, decoded from a real record, encoded and decoded
 * again: the same row (compared through a second encoding, which has no
 * pointers in it). */
static void test_encode_round_trip(void **state)
{
	static const struct {
		const char *resource, *fixture;
	} all[] = {
		{ "route", "route" }, { "appointment", "appointment_completed" },
		{ "customer", "customer" }, { "subscription", "subscription_lead" },
		{ "ticket", "ticket" }, { "note", "note" }, { "employee", "employee" },
		{ "serviceType", "serviceType" }, { "product", "product" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		void *row = m_row_decode(all[i].resource, fx(all[i].fixture)), *again;
		cJSON *rec, *rec2;

		assert_non_null(row);
		rec = m_row_encode(all[i].resource, row);
		assert_non_null(rec);
		again = m_row_decode(all[i].resource, rec);
		assert_non_null(again);
		rec2 = m_row_encode(all[i].resource, again);
		if (!cJSON_Compare(rec, rec2, 1)) {
			char *a = cJSON_PrintUnformatted(rec), *b = cJSON_PrintUnformatted(rec2);

			fail_msg("%s: %s\nthen %s", all[i].resource, a, b);
		}
		/* Values kept as the service wrote them. */
		if (strcmp(all[i].resource, "ticket") == 0)
			assert_int_equal(((struct m_ticket *)again)->n_items,
			                 ((struct m_ticket *)row)->n_items);
		cJSON_Delete(rec);
		cJSON_Delete(rec2);
		m_row_free(all[i].resource, row);
		m_row_free(all[i].resource, again);
	}
	{
		struct m_subscription s;
		cJSON *rec;

		memset(&s, 0, sizeof(s));
		s.id = 5;
		s.frequency_custom = 1;
		s.recurring_charge = -5;
		rec = m_row_encode("subscription", &s);
		assert_string_equal(cJSON_GetObjectItem(rec, "frequency")->valuestring, "CUSTOM");
		assert_string_equal(cJSON_GetObjectItem(rec, "recurringCharge")->valuestring, "-0.05");
		cJSON_Delete(rec);
	}
	assert_null(m_row_encode("nothing", NULL));
}

/* The wire types a storage can read. */
static int storage_suits(enum m_store st, enum res_type t)
{
	switch (st) {
	case MS_LL: case MS_INT: case MS_STATUS: case MS_FREQ: return t == RT_INT;
	/* Text keeps a value as sent, a code ("leadStatus") included. */
	case MS_TEXT: case MS_TEXT_OPT: return t == RT_TEXT || t == RT_INT;
	case MS_DATE: return t == RT_DATE;
	case MS_STAMP: case MS_DAY_OF: return t == RT_DATETIME;
	case MS_HHMM: return t == RT_TIME || t == RT_DATETIME;
	case MS_CENTS: return t == RT_NUM;
	case MS_ROWS: return t == RT_JSON;
	}
	return 0;
}

/* Every member the model keeps is a field of its resource in the one
 * table, stored as its wire type allows, at its own place in the row:
 * the table drives the decoder, so a typo here is a field never shown. */
static void test_rows_match_resource_table(void **state)
{
	(void)state;
	assert_true(m_row_kinds_count >= 10);
	for (size_t i = 0; i < m_row_kinds_count; i++) {
		const struct m_row_kind *k = m_row_kinds[i];
		const struct resource *r = res_find(k->resource);

		assert_non_null(r);
		assert_ptr_equal(m_row_kind_find(k->resource), k);
		assert_true(k->n_members >= 2);
		assert_string_equal(k->members[0].name, r->pk);
		for (size_t j = 0; j < k->n_members; j++) {
			const struct m_member *m = &k->members[j];
			const struct res_field *f = res_field_find(r, m->name);

			if (!f || !storage_suits(m->store, f->type))
				fail_msg("%s.%s: %s", k->resource, m->name,
				         f ? "storage does not suit the wire type" : "not a field");
			assert_true(m->off < k->size);
			assert_true((m->store == MS_ROWS) == (m->sub != NULL));
			for (size_t o = 0; o < j; o++)
				assert_true(k->members[o].off != m->off);
		}
	}
	assert_null(m_row_kind_find("nothing"));
	assert_null(m_row_kind_find(NULL));
}

static void test_status_names(void **state)
{
	(void)state;
	assert_string_equal(m_status_name(M_PENDING), "pending");
	assert_string_equal(m_status_name(M_COMPLETED), "completed");
	assert_string_equal(m_status_name(M_NOSHOW), "no-show");
	assert_string_equal(m_status_name(M_CANCELLED), "cancelled");
	assert_string_equal(m_status_name(M_RESCHEDULED), "rescheduled");
	assert_string_equal(m_status_name(3), "unknown");
	assert_string_equal(m_status_name(-3), "unknown");
	assert_string_equal(m_status_name(INT_MIN), "unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_route_real),
		cmocka_unit_test(test_appt_real),
		cmocka_unit_test(test_customer_real),
		cmocka_unit_test(test_subscription_real),
		cmocka_unit_test(test_ticket_real),
		cmocka_unit_test(test_small_records_real),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_nulls_and_missing),
		cmocka_unit_test(test_numbers_for_strings),
		cmocka_unit_test(test_garbage_counted),
		cmocka_unit_test(test_rows_by_name),
		cmocka_unit_test(test_rows_match_resource_table),
		cmocka_unit_test(test_encode_round_trip),
		cmocka_unit_test(test_status_names),
	};

	return cmocka_run_group_tests(tests, load_fixtures, free_fixtures);
}
