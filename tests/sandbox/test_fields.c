/* test_fields.c: records carry the fields the specification and the live service list, as strings. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/sbtest.h"

static struct sbt_server *srv;

static int setup(void **state)
{
	static const char *const args[] = { "--generate", "200", "--seed", SBT_SEED, "--today", SBT_TODAY,
		"--no-limits", NULL };
	(void)state;
	srv = sbt_start(args);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	sbt_free(srv);
	return sbt_test_teardown(NULL);
}

/* "a|b" accepts a member named a or b: the specification's field tables
 * name some members in the plural of its search parameters (officeIDs). */
static int has_field(const cJSON *rec, const char *spec)
{
	char buf[128];
	snprintf(buf, sizeof buf, "%s", spec);
	for (char *save = NULL, *f = strtok_r(buf, "|", &save); f; f = strtok_r(NULL, "|", &save))
		if (cJSON_HasObjectItem(rec, f))
			return 1;
	return 0;
}

static void check_fields(const char *what, const cJSON *rec, const char *const *fields)
{
	int missing = 0;
	for (size_t i = 0; fields[i]; i++)
		if (!has_field(rec, fields[i])) {
			sbt_note("%s lacks %s", what, fields[i]);
			missing = 1;
		}
	/* Values are strings or null; only lists and objects may be JSON. */
	for (const cJSON *m = rec->child; m; m = m->next)
		if (cJSON_IsNumber(m) || cJSON_IsBool(m)) {
			sbt_note("%s: %s is a JSON %s", what, m->string, cJSON_IsNumber(m) ? "number" : "boolean");
			missing = 1;
		}
	if (missing)
		fail();
}

static const char *const note_f[] = { "noteID", "officeID|officeIDs", "customerID", "customerName",
	"customerSpouse", "companyName", "employeeID", "employeeName", "date", "typeID", "type",
	"cancellationReasonID", "cancellationReason", "showCustomer", "showTech", "notes", "referenceID",
	"dateAdded", "dateUpdated", NULL };
static const char *const ticket_f[] = { "ticketID", "customerID", "billToAccountID", "officeID",
	"dateCreated", "invoiceDate", "dateUpdated", "active", "subTotal", "taxAmount", "total",
	"serviceCharge", "serviceTaxable", "productionValue", "taxRate", "appointmentID", "balance",
	"subscriptionID", "serviceID", "invoiceNumber", "templateType", "items", NULL };
static const char *const product_f[] = { "productID", "officeID", "description", "glAccountID",
	"amount", "taxable", "code", "category", "visible", "salesVisible", NULL };
static const char *const subscription_f[] = { "subscriptionID", "customerID", "billToAccountID",
	"officeID", "dateAdded", "contractAdded", "active", "activeText", NULL };
static const char *const subscription_byid_f[] = { "initialQuote", "initialDiscount",
	"initialServiceTotal", "yifDiscount", "recurringCharge", "contractValue", "billingFrequency",
	"frequency", "followupService", "agreementLength", "nextService", "lastCompleted", "serviceID",
	"serviceType", "soldBy", "soldBy2", "soldBy3", "preferredTech", "initialAppointmentID",
	"initialStatus", "initialStatusText", "dateCancelled", "dateUpdated", "cxlNotes",
	"subscriptionLink", "appointmentIDs", "completedAppointmentIDs", "addOns", "leadID",
	"leadDateAdded", "leadUpdated", "leadAddedBy", "leadSourceID", "leadSource", "leadStatus",
	"leadStageID", "leadStage", "leadAssignedTo", "leadDateAssigned", "leadValue", "leadDateClosed",
	"leadLostReason", "sourceID", "source", "annualRecurringServices", "unitIDs", "regionID",
	"initialInvoice", "initialBillingDate", "renewalFrequency", "renewalDate", "customDate",
	"vendorConnected", "vendorSiteID", "seasonalStart", "seasonalEnd", "nextBillingDate",
	"maxMonthlyCharge", "expirationDate", "lastAppointment", "duration", "preferredDays",
	"preferredStart", "preferredEnd", "recurringTicket", "onHold", NULL };
static const char *const profile_f[] = { "paymentProfileID", "customerID", "officeID", "createdBy",
	"description", "dateCreated", "status", "statusNotes", NULL };
static const char *const profile_byid_f[] = { "billingName", "billingAddress1", "billingAddress2",
	"billingCountryID", "billingCity", "billingState", "billingZip", "billingPhone", "billingEmail",
	"paymentMethod", "gateway", "merchantID", "merchantToken", "lastFour", "expMonth", "expYear",
	"cardType", "bankName", "accountNumber", "routingNumber", "checkType", "accountType",
	"failedAttempts", "sentFailureDate", "lastAttemptDate", "paymentHoldDate", "retryPoints",
	"initialTransactionID", "lastDeclineType", NULL };
static const char *const document_f[] = { "uploadID", "officeID", "customerID", "dateAdded", "addedBy",
	"description", "showCustomer", "showTech", "appointmentID", "prefix", NULL };
static const char *const employee_f[] = { "employeeID", "officeID", "active", "fname", "lname",
	"initials", "nickname", "type", NULL };
static const char *const employee_byid_f[] = { "phone", "email", "username", "experience", "pic",
	"linkedEmployeeIDs", "employeeLink", "licenseNumber", "supervisorID", "roamingRep", "teamIDs",
	"primaryTeam", "lastLogin", "skills", NULL };
static const char *const review_f[] = { "feedbackID", "officeID|officeIDs", "customerID",
	"appointmentID", "date", "starRating", "feedback", "favorable", NULL };
static const char *const reminder_f[] = { "reminderID", "officeID", "appointmentID", "text",
	"dateSent", "emailSent", "voiceSent", "status", "response", "responseTime", "sendTo",
	"emailAddress", "voiceNumber", "dateUpdated", NULL };
static const char *const route_f[] = { "routeID", "title", "templateID", "dateAdded", "addedBy",
	"officeID", "groupTitle", "date", "groupID", "dayNotes", "dayAlert", "dayID", "additionalTechs",
	"assignedTech", "apiCanSchedule", "scheduleTeams", "scheduleTypes", "averageLatitude",
	"averageLongitude", "averageDistance", "dateUpdated", "distanceScore", "lockedRoute", NULL };
static const char *const clockcat_f[] = { "clockCategoryID", "officeID", "visible", "allowOnClockIn",
	"systemReserved", "paid", "dateUpdated", "description", NULL };
static const char *const clock_f[] = { "entryID", "employeeID", "officeID", "timeIn", "timeOut",
	"clockCategoryID", "paid", NULL };
static const char *const form_f[] = { "formID", "customerID", "dateSigned", "dateAdded", "unitID",
	"employeeID", "documentState", "formTemplateID", NULL };
static const char *const servicetype_f[] = { "typeID", "officeID", "description", "frequency",
	"defaultCharge", "category", "reservice", "defaultLength", NULL };
static const char *const chemuse_f[] = { "chemicalUseID", "chemicalID", "officeID", "appointmentID",
	"customerID", "dateCreated", "createdBy", "serviceID", NULL };
static const char *const chemical_f[] = { "chemicalID", "name", "manufacturer", "label",
	"ingredient1", "ingredient2", "ingredient3", "percent1", NULL };
static const char *const region_f[] = { "regionID|regionIDs", "officeID|officeIDs", "description",
	"created", "deleted", "points", "type", "active", NULL };
static const char *const method_f[] = { "applicationMethodID", "officeID", "applicationMethod",
	"visible", "systemReserved", NULL };
static const char *const flag_f[] = { "genericFlagAssignmentID", "genericFlagID", "entityID", "type", NULL };
static const char *const changelog_f[] = { "changeID", "classID", "class", "dateChanged", "employeeID",
	"notes", "referenceID", NULL };
static const char *const appointment_f[] = { "appointmentID", "officeID", "customerID",
	"subscriptionID", "routeID", "spotID", "date", "start", "end", "timeWindow", "duration", "type",
	"dateAdded", "employeeID", "status", "statusText", "callAhead", "isInitial", "servicedBy",
	"dateCompleted", "notes", "officeNotes", "timeIn", "timeOut", "ticketID", "dateCancelled",
	"assignedTech", "sequence", "dateUpdated", NULL };

static const struct {
	const char *entity, *param;
	const char *const *fields, *const *byid_fields;
} tables[] = {
	{ "note", "noteIDs", note_f, NULL },
	{ "ticket", "ticketIDs", ticket_f, NULL },
	{ "product", "productIDs", product_f, NULL },
	{ "subscription", "subscriptionIDs", subscription_f, subscription_byid_f },
	{ "paymentProfile", "paymentProfileIDs", profile_f, profile_byid_f },
	{ "document", "uploadIDs", document_f, NULL },
	{ "employee", "employeeIDs", employee_f, employee_byid_f },
	{ "review", "feedbackIDs", review_f, NULL },
	{ "appointmentReminder", "reminderIDs", reminder_f, NULL },
	{ "route", "routeIDs", route_f, NULL },
	{ "timeClockCategory", "clockCategoryIDs", clockcat_f, NULL },
	{ "timeClock", "entryIDs", clock_f, NULL },
	{ "form", "contractIDs", form_f, NULL },
	{ "serviceType", "typeIDs", servicetype_f, NULL },
	{ "chemicalUse", "chemicalUseIDs", chemuse_f, NULL },
	{ "chemical", "chemicalIDs", chemical_f, NULL },
	{ "region", "regionIDs", region_f, NULL },
	{ "applicationMethod", "applciationMethodIDs", method_f, NULL },
	{ "genericFlagAssignment", "genericFlagAssignmentIDs", flag_f, NULL },
	{ "changelog", "changeIDs", changelog_f, NULL },
	{ "appointment", "appointmentIDs", appointment_f, NULL },
};

static void test_resource_fields(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++) {
		long long *ids;
		size_t n = sbt_search(tables[i].entity, &ids, "");
		assert_true(n > 0);
		cJSON *rec = cJSON_GetArrayItem(sbt_get(tables[i].entity, tables[i].param, ids, 1), 0);
		assert_non_null(rec);
		check_fields(sbt_fmt("%s get", tables[i].entity), rec, tables[i].fields);
		cJSON *b = sbt_byid(tables[i].entity, ids[0]);
		check_fields(sbt_fmt("%s by-id", tables[i].entity), b, tables[i].fields);
		if (tables[i].byid_fields)
			check_fields(sbt_fmt("%s by-id", tables[i].entity), b, tables[i].byid_fields);
	}
}

/* A live customer/get record carries exactly these, in this order. */
static void test_customer_member_order(void **state)
{
	(void)state;
	/* The member list of a live customer record, with live's values
	 * (tests/fixtures/api/customer_live.json, a live record). */
	FILE *fp = fopen(API_FIXTURES "/customer_live.json", "r");
	assert_non_null(fp);
	char *text = sbt_keep(calloc(1, 65536));
	size_t len = fread(text, 1, 65535, fp);
	fclose(fp);
	assert_true(len > 0);
	cJSON *live = sbt_keep_json(cJSON_Parse(text));
	assert_non_null(live);
	assert_int_equal(cJSON_GetArraySize(live), 101);
	const char **order = sbt_keep(calloc(102, sizeof *order));
	size_t k = 0;
	for (cJSON *m = live->child; m; m = m->next)
		order[k++] = m->string;
	long long *ids;
	assert_true(sbt_search("customer", &ids, "") > 0);
	cJSON *rec = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", ids, 1), 0);
	sbt_order(rec, order);
	assert_string_equal(sbt_s(rec, "purpleDragon"), "0");
	assert_string_equal(sbt_s(rec, "dateCancelled"), "0000-00-00 00:00:00");
	assert_true(strchr(sbt_s(rec, "taxRate"), '.') != NULL);
	/* Id lists: a comma string, null or an array. */
	static const char *const lists[] = { "subscriptionIDs", "appointmentIDs", "ticketIDs",
		"paymentIDs", "unitIDs", NULL };
	for (int i = 0; lists[i]; i++) {
		cJSON *v = sbt_m(rec, lists[i]);
		assert_true(cJSON_IsNull(v) || cJSON_IsString(v) || cJSON_IsArray(v));
	}
}

/* The customer's appointmentIDs list agrees with an appointment search. */
static void test_customer_id_lists(void **state)
{
	(void)state;
	long long *apps;
	size_t n = sbt_search("appointment", &apps, "date=%s", SBT_TODAY);
	assert_true(n > 0);
	cJSON *a = cJSON_GetArrayItem(sbt_get("appointment", "appointmentIDs", apps, 1), 0);
	long long cust = sbt_i(a, "customerID");
	cJSON *c = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", &cust, 1), 0);
	cJSON *list = sbt_m(c, "appointmentIDs");
	char *text = cJSON_IsString(list) ? list->valuestring : sbt_keep(cJSON_PrintUnformatted(list));
	if (!strstr(text, sbt_fmt("%lld", apps[0])))
		fail_msg("customer %lld appointmentIDs \"%s\" lacks today's %lld", cust, text, apps[0]);
}

/* Unset values read as live has them: null, never "", a zero date or [],
 * for the members live records carry (sub-source and sub-property
 * type when their id is "0"). */
static void test_customer_unset_values(void **state)
{
	(void)state;
	static const char *const nullable[] = { "spouse", "source", "paymentHoldDate",
		"mostRecentCreditCardLastFour", "mostRecentCreditCardExpirationDate",
		"customerSubSource", "subPropertyType", "ticketIDs", "paymentIDs", "unitIDs", NULL };
	long long *ids;
	size_t n = sbt_search("customer", &ids, "");
	cJSON *recs = sbt_get("customer", "customerIDs", ids, n > 200 ? 200 : n);
	int nulls = 0;
	for (cJSON *rec = recs->child; rec; rec = rec->next) {
		for (size_t i = 0; nullable[i]; i++) {
			cJSON *v = sbt_m(rec, nullable[i]);
			if (cJSON_IsNull(v)) {
				nulls++;
				continue;
			}
			if ((cJSON_IsString(v) && (!*v->valuestring || !strcmp(v->valuestring, "0000-00-00"))) ||
			    (cJSON_IsArray(v) && cJSON_GetArraySize(v) == 0))
				fail_msg("customer %s: %s is an unset value, not null", sbt_s(rec, "customerID"),
				         nullable[i]);
		}
		if (!strcmp(sbt_s(rec, "customerSubSourceID"), "0"))
			assert_true(cJSON_IsNull(sbt_m(rec, "customerSubSource")));
		if (!strcmp(sbt_s(rec, "subPropertyTypeID"), "0"))
			assert_true(cJSON_IsNull(sbt_m(rec, "subPropertyType")));
		assert_string_equal(sbt_s(rec, "purpleDragon"), "0");
	}
	assert_true(nulls > 0);
	/* A new customer too, and a write of "" makes null again. */
	long long id = sbt_result(sbt_call("/customer/create", "fname=Ann&lname=Null&spouse=Bo"));
	cJSON *c = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", &id, 1), 0);
	assert_true(cJSON_IsNull(sbt_m(c, "paymentHoldDate")));
	assert_true(cJSON_IsNull(sbt_m(c, "unitIDs")));
	assert_string_equal(sbt_s(c, "purpleDragon"), "0");
	sbt_result(sbt_call("/customer/update", "customerID=%lld&spouse=", id));
	c = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", &id, 1), 0);
	assert_true(cJSON_IsNull(sbt_m(c, "spouse")));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_resource_fields),
		SBT_TEST(test_customer_member_order),
		SBT_TEST(test_customer_id_lists),
		SBT_TEST(test_customer_unset_values),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
