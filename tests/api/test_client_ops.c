/* test_client_ops.c: every operation of the table through the client library, on a sandbox. */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "api/ops.h"
#include "api/resolve.h"
#include "api/values.h"
#include "apitest.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "sbtest.h"

static struct sbt_server *srv;
static struct api_session *ses;
static long long *cust;
static size_t n_cust;
/* Operations exercised, "entity/action", to check none of the table's was
 * left out. */
static struct strbuf done_ops = STRBUF_INIT;

static void mark(const char *entity, const char *action)
{
	strbuf_addf(&done_ops, " %s/%s ", entity, action);
}

static int setup(void **state)
{
	static const char *const args[] = { SBT_DEFAULT_ARGS, NULL };
	struct api_error e = API_ERROR_INIT;
	const struct resource *r = res_find("customer");

	(void)state;
	api_global_init();
	srv = sbt_start(args);
	ses = apit_session();
	apit_ok(api_search_ids(ses, r, NULL, &cust, &n_cust, NULL, &e), &e);
	assert_true(n_cust >= 200);
	sbt_test_teardown(NULL);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(cust);
	api_session_free(ses);
	sbt_free(srv);
	strbuf_free(&done_ops);
	return sbt_test_teardown(NULL);
}

/* The record's primary key, asserting it decodes through the table with no
 * field the client cannot read: the sandbox and the client read the wire
 * with separate code, so each catches the other's misreading. */
static long long checked_id(const struct resource *r, const cJSON *rec)
{
	struct api_record d;
	long long id;

	if (api_record_decode(r, rec, &d) < 0)
		fail_msg("%s record without a readable %s", r->name, r->pk);
	for (size_t i = 0; i < r->n_fields; i++)
		if (d.values[i].state == API_V_BAD)
			fail_msg("%s.%s does not decode as its type", r->name, r->fields[i].name);
	id = d.id;
	api_record_free(&d);
	return id;
}

/* search (with includeData), get and by-id of every resource that has them. */
static void test_every_read(void **state)
{
	struct api_error e = API_ERROR_INIT;

	(void)state;
	for (size_t i = 0; i < res_count; i++) {
		const struct resource *r = &res_table[i];
		struct api_answer a = API_ANSWER_INIT, g = API_ANSWER_INIT, b = API_ANSWER_INIT;
		size_t n, k;

		if (!(r->ops & OP_SEARCH))
			continue;
		apit_ok(api_search_page(ses, r, NULL, 1, &a, &e), &e);
		mark(r->name, "search");
		n = a.n_ids;
		assert_int_equal(cJSON_GetArraySize(a.records), n < 1000 ? n : 1000);
		assert_int_equal(a.n_no_data, n > 1000 ? n - 1000 : 0);
		for (const cJSON *rec = a.records ? a.records->child : NULL; rec; rec = rec->next)
			checked_id(r, rec);
		if (n && (r->ops & OP_GET)) {
			k = n < 5 ? n : 5;
			apit_ok(api_get(ses, r, a.ids, k, NULL, &g, &e), &e);
			mark(r->name, "get");
			assert_int_equal(cJSON_GetArraySize(g.records), k);
			for (size_t j = 0; j < k; j++)
				assert_int_equal(checked_id(r, cJSON_GetArrayItem(g.records, (int)j)), a.ids[j]);
		}
		if (n && (r->ops & OP_BYID)) {
			apit_ok(api_byid(ses, r, a.ids[n - 1], NULL, &b, &e), &e);
			mark(r->name, "byid");
			assert_int_equal(checked_id(r, b.record), a.ids[n - 1]);
		}
		if (!n)
			print_message("# %s: no records generated, get and by-id not tried\n", r->name);
		api_answer_free(&a);
		api_answer_free(&g);
		api_answer_free(&b);
	}
}

static void test_query_objects(void **state)
{
	const struct resource *r = res_find("customer");
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct api_form f = API_FORM_INIT;
	long long in[3] = { cust[3], cust[7], cust[100] };

	(void)state;
	api_form_add_cmp_int(&f, "customerIDs", API_Q_GT, cust[n_cust - 10]);
	apit_ok(api_search_page(ses, r, &f, 0, &a, &e), &e);
	assert_int_equal(a.n_ids, 9);
	assert_int_equal(a.ids[0], cust[n_cust - 9]);
	api_answer_free(&a);
	api_form_free(&f);

	api_form_add_between_int(&f, "customerIDs", cust[10], cust[19]);
	apit_ok(api_search_page(ses, r, &f, 0, &a, &e), &e);
	assert_int_equal(a.n_ids, 10);
	api_answer_free(&a);
	api_form_free(&f);

	api_form_add_in_int(&f, "customerIDs", in, 3);
	apit_ok(api_search_page(ses, r, &f, 1, &a, &e), &e);
	assert_int_equal(a.n_ids, 3);
	assert_int_equal(cJSON_GetArraySize(a.records), 3);
	api_answer_free(&a);
	api_form_free(&f);

	/* A simple value and a query object on a text field. */
	apit_ok(api_get(ses, r, &cust[0], 1, NULL, &a, &e), &e);
	{
		const char *lname = NULL;
		char prefix[3] = { 0 };

		assert_int_equal(api_field_text(cJSON_GetArrayItem(a.records, 0), "lname", &lname),
		                 API_V_OK);
		memcpy(prefix, lname, 2);
		api_form_add_cmp_str(&f, "lname", API_Q_STARTSWITH, prefix);
		api_answer_free(&a);
		apit_ok(api_search_page(ses, r, &f, 1, &a, &e), &e);
		assert_true(a.n_ids >= 1);
		for (const cJSON *rec = a.records->child; rec; rec = rec->next) {
			const char *l = NULL;

			assert_int_equal(api_field_text(rec, "lname", &l), API_V_OK);
			assert_int_equal(strncmp(l, prefix, 2), 0);
		}
	}
	api_answer_free(&a);
	api_form_free(&f);
}

/* The customer filters live honours, through the
 * client's query objects: every text operator on each, and phone exact
 * over phone1 and phone2 (a CONTAINS finds nothing and is no error). */
static void test_customer_filters(void **state)
{
	static const char *const fields[] = { "fname", "lname", "email", "address", "city", "zip",
		"companyName" };
	static const enum api_qop ops[] = { API_Q_EQ, API_Q_STARTSWITH, API_Q_ENDSWITH,
		API_Q_CONTAINS, API_Q_LIKE, API_Q_NE };
	const struct resource *r = res_find("customer");
	struct api_answer rec = API_ANSWER_INIT, a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct api_form f = API_FORM_INIT;
	const char *phone = NULL;

	(void)state;
	apit_ok(api_get(ses, r, &cust[8], 1, NULL, &rec, &e), &e);
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		const char *v = NULL;
		char part[8] = { 0 };

		if (api_field_text(rec.records->child, fields[i], &v) != API_V_OK || strlen(v) < 4)
			continue;
		for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
			const char *want = v;

			/* A part for the operators that match parts. */
			if (ops[k] == API_Q_STARTSWITH || ops[k] == API_Q_CONTAINS || ops[k] == API_Q_LIKE) {
				memcpy(part, v, 3);
				want = ops[k] == API_Q_LIKE ? "%" : part;
			} else if (ops[k] == API_Q_ENDSWITH) {
				want = v + strlen(v) - 3;
			}
			api_form_add_cmp_str(&f, fields[i], ops[k], want);
			apit_ok(api_search_page(ses, r, &f, 0, &a, &e), &e);
			/* The customer is among them, except for != itself. */
			int found = 0;
			for (size_t j = 0; j < a.n_ids; j++)
				found |= a.ids[j] == cust[8];
			assert_int_equal(found, ops[k] != API_Q_NE);
			assert_int_equal(cJSON_GetArraySize(a.ignored), 0);
			api_answer_free(&a);
			api_form_free(&f);
		}
	}
	assert_int_equal(api_field_text(rec.records->child, "phone1", &phone), API_V_OK);
	api_form_add(&f, "phone", phone);
	apit_ok(api_search_page(ses, r, &f, 0, &a, &e), &e);
	assert_true(a.n_ids >= 1);
	api_answer_free(&a);
	api_form_free(&f);
	api_form_add_cmp_str(&f, "phone", API_Q_CONTAINS, phone);
	apit_ok(api_search_page(ses, r, &f, 0, &a, &e), &e);
	assert_int_equal(a.n_ids, 0);
	api_answer_free(&a);
	api_form_free(&f);
	api_answer_free(&rec);
}

/* create, then update, then read back: every resource whose table row has
 * both (creates that need a parent get one). */
static void write_and_check(const char *entity, const char *create_form[], const char *update_field,
                            const char *update_value)
{
	const struct resource *r = res_find(entity);
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct api_form f = API_FORM_INIT;
	long long id = 0;
	const char *got = NULL;

	assert_non_null(r);
	for (const char **p = create_form; *p; p += 2)
		api_form_add(&f, p[0], p[1]);
	apit_ok(api_create(ses, r, &f, &id, &a, &e), &e);
	mark(entity, "create");
	assert_true(id > 0);
	api_answer_free(&a);
	api_form_free(&f);
	api_form_add(&f, update_field, update_value);
	apit_ok(api_update(ses, r, id, &f, &a, &e), &e);
	mark(entity, "update");
	api_answer_free(&a);
	api_form_free(&f);
	apit_ok(api_byid(ses, r, id, NULL, &a, &e), &e);
	assert_int_equal(api_field_text(a.record, update_field, &got), API_V_OK);
	assert_string_equal(got, update_value);
	api_answer_free(&a);
}

static long long first_id(const char *entity, const char *filter, const char *value)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct api_form f = API_FORM_INIT;
	long long id;

	if (filter)
		api_form_add(&f, filter, value);
	apit_ok(api_search_page(ses, res_find(entity), &f, 0, &a, &e), &e);
	assert_true(a.n_ids > 0);
	id = a.ids[0];
	api_answer_free(&a);
	api_form_free(&f);
	return id;
}

static long long a_note_type(void)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	long long id = first_id("note", NULL, NULL), type = 0;

	apit_ok(api_byid(ses, res_find("note"), id, NULL, &a, &e), &e);
	assert_int_equal(api_field_int(a.record, "typeID", &type), API_V_OK);
	api_answer_free(&a);
	return type;
}

static void test_creates_and_updates(void **state)
{
	char c1[32], c2[32], svc[32], type[32], appt[32];

	(void)state;
	snprintf(c1, sizeof(c1), "%lld", cust[1]);
	snprintf(c2, sizeof(c2), "%lld", cust[2]);
	snprintf(svc, sizeof(svc), "%lld", first_id("serviceType", NULL, NULL));
	snprintf(type, sizeof(type), "%lld", a_note_type());
	snprintf(appt, sizeof(appt), "%lld", first_id("appointment", "date", SBT_TODAY));
	write_and_check("customer", (const char *[]){ "fname", "Ada", "lname", "Lovelace", "address",
	                "12 Analytical Way", "city", "Austin", "state", "TX", "zip", "78701", NULL },
	                "city", "London");
	write_and_check("note", (const char *[]){ "customerID", c1, "contactType", type, "notes",
	                "Gate code 4711 \xe2\x80\x94 dog", "showOnInvoice", "0", NULL },
	                "notes", "Gate code changed & dog gone");
	write_and_check("ticket", (const char *[]){ "customerID", c1, "date", SBT_TODAY,
	                "serviceCharge", "49.50", NULL }, "additionalNotes", "second visit");
	write_and_check("product", (const char *[]){ "officeID", "-1", "description", "Ant bait",
	                "amount", "12.25", "taxable", "1", "code", "BAIT-01", "category", "Baits",
	                "visible", "1", "salesVisible", "0", "recurring", "0", NULL },
	                "description", "Ant bait XL");
	write_and_check("subscription", (const char *[]){ "serviceID", svc, "customerID", c2,
	                "frequency", "90", NULL }, "frequency", "30");
	write_and_check("paymentProfile", (const char *[]){ "customerID", c2, "paymentMethod", "1",
	                "billingName", "Grace Hopper", NULL }, "billingCity", "Plano");
	write_and_check("employee", (const char *[]){ "fname", "Rosa", "lname", "Parks", "type", "1",
	                NULL }, "phone", "2145550199");
	write_and_check("appointmentReminder", (const char *[]){ "appointmentID", appt, "status", "1",
	                NULL }, "text", "Reply C to confirm");
}

static void test_update_only(void **state)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct api_form f = API_FORM_INIT;
	long long review = first_id("review", NULL, NULL), route = first_id("route", NULL, NULL);
	const char *got;

	(void)state;
	api_form_add(&f, "starRating", "2");
	api_form_add(&f, "feedback", "Tech was late");
	apit_ok(api_update(ses, res_find("review"), review, &f, &a, &e), &e);
	mark("review", "update");
	api_answer_free(&a);
	apit_ok(api_byid(ses, res_find("review"), review, NULL, &a, &e), &e);
	assert_int_equal(api_field_text(a.record, "feedback", &got), API_V_OK);
	assert_string_equal(got, "Tech was late");
	api_answer_free(&a);
	api_form_free(&f);

	api_form_add(&f, "date", "2026-11-21");
	apit_ok(api_update(ses, res_find("route"), route, &f, &a, &e), &e);
	mark("route", "update");
	api_answer_free(&a);
	api_form_free(&f);
}

/* Runs a special with the NAME=VALUE pairs of kv (JSON values after ":=");
 * returns the answer's write id (or 0). */
static long long special(const char *entity, const char *action, const char *const *kv,
                         struct api_answer *out)
{
	struct api_error e = API_ERROR_INIT;
	struct api_form f = API_FORM_INIT;
	long long id = 0;

	for (; kv && *kv; kv += 2) {
		if (kv[0][0] == ':') {
			cJSON *v = cJSON_Parse(kv[1]);

			assert_non_null(v);
			api_form_add_json(&f, kv[0] + 1, v);
			cJSON_Delete(v);
		} else if (kv[0][0] == '@') {
			api_form_add_file(&f, kv[0] + 1, kv[1]);
		} else {
			api_form_add(&f, kv[0], kv[1]);
		}
	}
	apit_ok(api_special(ses, res_find(entity), action, &f, out, &e), &e);
	mark(entity, action);
	api_answer_write_id(out, &id);
	api_form_free(&f);
	return id;
}

static void test_specials(void **state)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct api_form f = API_FORM_INIT;
	char c1[32], tid[32], item[32], sid[32], add[32], svc[32], emp[32], path[] = "/tmp/apitest.XXXXXX";
	long long id;
	int fd;

	(void)state;
	snprintf(c1, sizeof(c1), "%lld", cust[20]);
	snprintf(svc, sizeof(svc), "%lld", first_id("serviceType", NULL, NULL));
	snprintf(emp, sizeof(emp), "%lld", first_id("employee", NULL, NULL));

	/* Ticket add-ons. */
	api_form_add(&f, "customerID", c1);
	api_form_add(&f, "date", SBT_TODAY);
	api_form_add(&f, "serviceCharge", "80");
	apit_ok(api_create(ses, res_find("ticket"), &f, &id, &a, &e), &e);
	api_answer_free(&a);
	api_form_free(&f);
	snprintf(tid, sizeof(tid), "%lld", id);
	id = special("ticket", "createAddOn", (const char *[]){ "ticketID", tid, "amount", "12.5",
	             "taxable", "0", "description", "Bait", NULL }, &a);
	assert_true(id > 0);
	api_answer_free(&a);
	snprintf(item, sizeof(item), "%lld", id);
	special("ticket", "updateAddOn", (const char *[]){ "ticketID", tid, "itemID", item, "amount",
	        "20", NULL }, &a);
	api_answer_free(&a);
	special("ticket", "getAddOns", (const char *[]){ "ticketID", tid, NULL }, &a);
	assert_int_equal(cJSON_GetArraySize(a.records), 1);
	api_answer_free(&a);
	/* An array of objects travels in brackets (addons[0][amount]=...). */
	special("ticket", "setAddOns", (const char *[]){ "ticketID", tid, ":addons",
	        "[{\"description\":\"Trap\",\"amount\":3,\"quantity\":2,\"taxable\":0},"
	        "{\"description\":\"Lure\",\"amount\":1.5,\"taxable\":0}]", NULL }, &a);
	api_answer_free(&a);
	special("ticket", "getAddOns", (const char *[]){ "ticketID", tid, NULL }, &a);
	assert_int_equal(cJSON_GetArraySize(a.records), 2);
	api_answer_free(&a);
	/* An empty array (JSON text) removes them all. */
	special("ticket", "setAddOns", (const char *[]){ "ticketID", tid, ":addons", "[]", NULL }, &a);
	api_answer_free(&a);
	special("ticket", "getAddOns", (const char *[]){ "ticketID", tid, NULL }, &a);
	assert_int_equal(cJSON_GetArraySize(a.records), 0);
	api_answer_free(&a);

	/* Subscription initial add-ons and the lead stage. */
	api_form_add(&f, "serviceID", svc);
	api_form_add(&f, "customerID", c1);
	api_form_add(&f, "active", "1");
	apit_ok(api_create(ses, res_find("subscription"), &f, &id, &a, &e), &e);
	api_answer_free(&a);
	api_form_free(&f);
	snprintf(sid, sizeof(sid), "%lld", id);
	id = special("subscription", "createInitialAddOn", (const char *[]){ "subscriptionID", sid,
	             "amount", "35", "description", "Setup", NULL }, &a);
	/* result is the new add-on, the subscriptionID member its parent. */
	assert_true(a.have_member_id);
	assert_int_equal(a.member_id, atoll(sid));
	api_answer_free(&a);
	snprintf(add, sizeof(add), "%lld", id);
	special("subscription", "updateInitialAddOn", (const char *[]){ "subscriptionID", sid,
	        "addOnID", add, "amount", "35.5", NULL }, &a);
	api_answer_free(&a);
	special("subscription", "getInitialAddOns", (const char *[]){ "subscriptionID", sid, NULL }, &a);
	assert_int_equal(cJSON_GetArraySize(a.records), 1);
	api_answer_free(&a);
	special("subscription", "setInitialAddOns", (const char *[]){ "subscriptionID", sid,
	        ":addons", "[{\"amount\":10,\"description\":\"A\"},{\"amount\":20,\"description\":\"B\"}]",
	        NULL }, &a);
	api_answer_free(&a);
	special("subscription", "getInitialAddOns", (const char *[]){ "subscriptionID", sid, NULL }, &a);
	assert_int_equal(cJSON_GetArraySize(a.records), 2);
	api_answer_free(&a);
	special("subscription", "updateLeadStage", (const char *[]){ "subscriptionID", sid, "status",
	        "0", "stageID", "1", NULL }, &a);
	api_answer_free(&a);

	/* Payment profiles through the customer. */
	special("customer", "createPaymentProfile", (const char *[]){ "customerID", c1, "gateway", "A",
	        "CreditCardToken", "tok-A", "CreditCardTokenID", "tid-A", NULL }, &a);
	api_answer_free(&a);
	special("customer", "updatePaymentProfile", (const char *[]){ "customerID", c1, "billingCity",
	        "Plano", NULL }, &a);
	api_answer_free(&a);

	/* Reads with their own members. */
	special("review", "summary", (const char *[]){ ":officeIDs", "[1]", NULL }, &a);
	assert_non_null(cJSON_GetObjectItem(a.root, "average"));
	api_answer_free(&a);
	special("employee", "dealias", (const char *[]){ "employeeID", emp, NULL }, &a);
	api_answer_free(&a);
	/* route/create is the table's plain create, with its own fields. */
	api_form_add(&f, "date", "2027-03-15");
	api_form_add(&f, "templateID", "9001");
	api_form_add(&f, "assignedTech", emp);
	api_form_add(&f, "autoCreateGroup", "1");
	apit_ok(api_create(ses, res_find("route"), &f, &id, &a, &e), &e);
	mark("route", "create");
	assert_true(id > 0);
	api_answer_free(&a);
	api_form_free(&f);
	/* The deletes working clients call answer the id, as updates do. */
	{
		char rid[32], nid[32], type[32];

		snprintf(rid, sizeof(rid), "%lld", id);
		assert_int_equal(special("route", "delete", (const char *[]){ "routeID", rid, NULL }, &a),
		                 id);
		api_answer_free(&a);
		snprintf(type, sizeof(type), "%lld", a_note_type());
		api_form_add(&f, "customerID", c1);
		api_form_add(&f, "contactType", type);
		api_form_add(&f, "notes", "To be deleted");
		api_form_add(&f, "showOnInvoice", "0");
		apit_ok(api_create(ses, res_find("note"), &f, &id, &a, &e), &e);
		api_answer_free(&a);
		api_form_free(&f);
		snprintf(nid, sizeof(nid), "%lld", id);
		assert_int_equal(special("note", "delete", (const char *[]){ "customerID", c1, "contactID",
		                 nid, NULL }, &a), id);
		api_answer_free(&a);
	}

	/* Documents: base64 text, and a real multipart file. */
	id = special("document", "createEncoded", (const char *[]){ "customerID", c1, "filename",
	             "hello.txt", "encodedFile", "aGVsbG8gd29ybGQK", NULL }, &a);
	assert_true(id > 0);
	api_answer_free(&a);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "%PDF-1.4\n", 9), 9);
	close(fd);
	/* document/create: a create whose form carries a file (multipart). */
	api_form_add(&f, "customerID", c1);
	api_form_add(&f, "showTech", "1");
	api_form_add_file(&f, "uploadFile", path);
	apit_ok(api_create(ses, res_find("document"), &f, &id, &a, &e), &e);
	mark("document", "create");
	assert_true(id > 0);
	api_answer_free(&a);
	api_form_free(&f);
	api_form_add(&f, "showTech", "0");
	apit_ok(api_update(ses, res_find("document"), id, &f, &a, &e), &e);
	mark("document", "update");
	api_answer_free(&a);
	api_form_free(&f);
	apit_ok(api_byid(ses, res_find("document"), id, NULL, &a, &e), &e);
	{
		long long v = -1;

		assert_int_equal(api_field_int(a.record, "showTech", &v), API_V_OK);
		assert_int_equal(v, 0);
	}
	api_answer_free(&a);
	unlink(path);
}

static void test_refusals(void **state)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct api_form f = API_FORM_INIT;
	long before;

	(void)state;
	/* The server names the missing field; the answer is kept. */
	api_form_add_int(&f, "customerID", cust[0]);
	assert_int_equal(api_create(ses, res_find("note"), &f, NULL, &a, &e), -1);
	assert_int_equal(e.kind, API_ERR_API);
	assert_non_null(e.server_message);
	assert_non_null(a.root);
	assert_false(a.success);
	api_answer_free(&a);
	api_error_clear(&e);
	api_form_free(&f);
	/* An operation the table does not list costs no request. */
	before = api_session_requests(ses);
	assert_int_equal(api_create(ses, res_find("region"), NULL, NULL, &a, &e), -1);
	assert_int_equal(e.kind, API_ERR_USAGE);
	api_error_clear(&e);
	assert_int_equal(api_special(ses, res_find("customer"), "explode", NULL, &a, &e), -1);
	assert_int_equal(e.kind, API_ERR_USAGE);
	api_error_clear(&e);
	assert_int_equal(api_session_requests(ses), before);
	/* An unknown id is simply missing from a get. */
	{
		long long ghost = 999999999;

		apit_ok(api_get(ses, res_find("ticket"), &ghost, 1, NULL, &a, &e), &e);
		assert_int_equal(cJSON_GetArraySize(a.records), 0);
		api_answer_free(&a);
	}
}

static int count_batch(void *ctx, const cJSON *records)
{
	*(long *)ctx += cJSON_GetArraySize(records);
	return 0;
}

static void test_resolve_helpers(void **state)
{
	struct api_sink sink;
	struct api_resolve_stats st;
	struct api_error e = API_ERROR_INIT;
	long n = 0;
	long long *ids;
	size_t n_ids;

	(void)state;
	/* Earlier tests created customers: count them now. */
	apit_ok(api_search_ids(ses, res_find("customer"), NULL, &ids, &n_ids, NULL, &e), &e);
	assert_true(n_ids >= n_cust);
	sink.each = count_batch;
	sink.ctx = &n;
	sink.ignored = NULL;
	sink.cut = NULL;
	sink.each_raw = NULL; /* the tree path: each batch a cJSON array */
	apit_ok(api_get_all(ses, res_find("customer"), ids, n_ids, NULL, &sink, &st, &e), &e);
	assert_int_equal(n, (long)n_ids);
	assert_int_equal(st.gets, 1);
	assert_int_equal(st.pages, 0);
	n = 0;
	apit_ok(api_search_all(ses, res_find("customer"), NULL, &sink, &st, &e), &e);
	assert_int_equal(n, (long)n_ids);
	free(ids);
	assert_int_equal(st.pages, 1);
	assert_int_equal(st.gets, 0);
}

/* An open spot of today that the API may schedule on, on an unlocked route;
 * *spot and *route get its ids as text. */
static void open_spot(char spot[32], char route[32])
{
	struct api_answer a = API_ANSWER_INIT, g = API_ANSWER_INIT, rt = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct api_form f = API_FORM_INIT;

	api_form_add(&f, "date", SBT_TODAY);
	api_form_add(&f, "open", "1");
	api_form_add(&f, "apiCanSchedule", "1");
	apit_ok(api_search_page(ses, res_find("spot"), &f, 1, &a, &e), &e);
	api_form_free(&f);
	for (const cJSON *rec = a.records ? a.records->child : NULL; rec; rec = rec->next) {
		long long sid = 0, rid = 0;
		const char *locked = NULL;

		assert_int_equal(api_field_int(rec, "spotID", &sid), API_V_OK);
		assert_int_equal(api_field_int(rec, "routeID", &rid), API_V_OK);
		apit_ok(api_byid(ses, res_find("route"), rid, NULL, &rt, &e), &e);
		api_field_text(rt.record, "lockedRoute", &locked);
		if (locked && !strcmp(locked, "0")) {
			snprintf(spot, 32, "%lld", sid);
			snprintf(route, 32, "%lld", rid);
			api_answer_free(&rt);
			api_answer_free(&a);
			api_answer_free(&g);
			return;
		}
		api_answer_free(&rt);
	}
	fail_msg("no open spot of today on an unlocked route the API may schedule");
}

/* The live service's operations beyond the specification through the client: appointment
 * create/update/cancel/complete, the spot actions and task create. */
static void test_live_extras(void **state)
{
	struct api_answer a = API_ANSWER_INIT;
	struct api_error e = API_ERROR_INIT;
	struct api_form f = API_FORM_INIT;
	char c1[32], svc[32], spot[32], route[32], appt[32], other[32];
	const char *text = NULL;
	long long id = 0;

	(void)state;
	snprintf(c1, sizeof(c1), "%lld", cust[4]);
	snprintf(svc, sizeof(svc), "%lld", first_id("serviceType", NULL, NULL));
	open_spot(spot, route);
	/* Reserved, then released, then reserved again and taken. */
	special("spot", "reserve", (const char *[]){ "spotID", spot, "duration", "5", NULL }, &a);
	assert_int_equal(api_field_text(a.root, "result", &text), API_V_OK);
	assert_int_equal(strlen(text), 16);
	api_answer_free(&a);
	special("spot", "release", (const char *[]){ "spotID", spot, NULL }, &a);
	api_answer_free(&a);
	special("spot", "reserve", (const char *[]){ "spotID", spot, NULL }, &a);
	assert_int_equal(api_field_text(a.root, "result", &text), API_V_OK);
	api_form_add(&f, "customerID", c1);
	api_form_add(&f, "type", svc);
	api_form_add(&f, "spotID", spot);
	api_form_add(&f, "reservation", text);
	api_answer_free(&a);
	apit_ok(api_create(ses, res_find("appointment"), &f, &id, &a, &e), &e);
	mark("appointment", "create");
	api_answer_free(&a);
	api_form_free(&f);
	assert_true(id > 0);
	snprintf(appt, sizeof(appt), "%lld", id);
	api_form_add(&f, "callAhead", "30");
	apit_ok(api_update(ses, res_find("appointment"), id, &f, &a, &e), &e);
	mark("appointment", "update");
	api_answer_free(&a);
	api_form_free(&f);
	special("appointment", "complete", (const char *[]){ "appointmentID", appt, "status", "1",
	        "completionNotes", "Treated the perimeter", NULL }, &a);
	api_answer_free(&a);
	apit_ok(api_byid(ses, res_find("appointment"), id, NULL, &a, &e), &e);
	assert_int_equal(api_field_text(a.record, "statusText", &text), API_V_OK);
	assert_string_equal(text, "Completed");
	api_answer_free(&a);
	/* A second one on the same route, cancelled. */
	api_form_add(&f, "customerID", c1);
	api_form_add(&f, "type", svc);
	api_form_add(&f, "routeID", route);
	api_form_add(&f, "start", "18:00:00");
	api_form_add(&f, "duration", "20");
	apit_ok(api_create(ses, res_find("appointment"), &f, &id, &a, &e), &e);
	api_answer_free(&a);
	api_form_free(&f);
	snprintf(other, sizeof(other), "%lld", id);
	special("appointment", "cancel", (const char *[]){ "appointmentID", other, "cancelReason",
	        "Customer moved", "cancelledBy", "0", NULL }, &a);
	api_answer_free(&a);
	apit_ok(api_byid(ses, res_find("appointment"), id, NULL, &a, &e), &e);
	assert_int_equal(api_field_text(a.record, "status", &text), API_V_OK);
	assert_string_equal(text, "-1");
	api_answer_free(&a);
	special("spot", "block", (const char *[]){ "spotID", spot, "description", "Meeting", NULL }, &a);
	api_answer_free(&a);
	special("spot", "unblock", (const char *[]){ "spotID", spot, NULL }, &a);
	api_answer_free(&a);
	api_form_add(&f, "customerID", c1);
	api_form_add(&f, "description", "Call back about the renewal");
	api_form_add(&f, "dueDate", SBT_TODAY);
	apit_ok(api_create(ses, res_find("task"), &f, &id, &a, &e), &e);
	mark("task", "create");
	api_answer_free(&a);
	api_form_free(&f);
	assert_true(id > 0);
}

/* Every operation of every resource in the table was called above. */
static void test_nothing_left_out(void **state)
{
	struct strbuf want = STRBUF_INIT;

	(void)state;
	for (size_t i = 0; i < res_count; i++) {
		const struct resource *r = &res_table[i];
		static const struct { unsigned op; const char *name; } ops[] = {
			{ OP_SEARCH, "search" }, { OP_CREATE, "create" }, { OP_UPDATE, "update" },
		};

		for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
			strbuf_reset(&want);
			strbuf_addf(&want, " %s/%s ", r->name, ops[k].name);
			if ((r->ops & ops[k].op) && !strstr(done_ops.buf, want.buf))
				fail_msg("%s was never called", want.buf);
		}
		for (size_t k = 0; k < r->n_specials; k++) {
			strbuf_reset(&want);
			strbuf_addf(&want, " %s/%s ", r->name, r->specials[k].action);
			if (r->ops && !strstr(done_ops.buf, want.buf))
				fail_msg("%s was never called", want.buf);
		}
	}
	strbuf_free(&want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_every_read),
		SBT_TEST(test_query_objects),
		SBT_TEST(test_customer_filters),
		SBT_TEST(test_creates_and_updates),
		SBT_TEST(test_update_only),
		SBT_TEST(test_specials),
		SBT_TEST(test_refusals),
		SBT_TEST(test_resolve_helpers),
		SBT_TEST(test_live_extras),
		SBT_TEST(test_nothing_left_out),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
