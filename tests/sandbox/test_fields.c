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
	static const char *const order[] = { "customerID", "billToAccountID", "officeID", "fname",
		"lname", "companyName", "spouse", "commercialAccount", "status", "statusText", "email",
		"phone1", "ext1", "phone2", "ext2", "address", "city", "state", "zip",
		"billingCompanyName", "billingFName", "billingLName", "billingCountryID", "billingAddress",
		"billingCity", "billingState", "billingZip", "billingPhone", "billingEmail", "lat", "lng",
		"squareFeet", "lotSize", "addedByID", "dateAdded", "dateCancelled", "dateUpdated",
		"sourceID", "source", "aPay", "preferredTechID", "paidInFull", "notes", "subscriptionIDs",
		"balance", "balanceAge", "responsibleBalance", "responsibleBalanceAge", "customerLink",
		"customerNumber", "masterAccount", "preferredBillingDate", "paymentHoldDate",
		"mostRecentCreditCardLastFour", "mostRecentCreditCardExpirationDate", "regionID",
		"mapCode", "mapPage", "specialScheduling", "taxRate", "stateTax", "cityTax", "countyTax",
		"districtTax", "districtTax1", "districtTax2", "districtTax3", "districtTax4",
		"districtTax5", "districtCode1", "districtCode2", "districtCode3", "districtCode4",
		"districtCode5", "customTax", "zipTaxID", "smsReminders", "phoneReminders",
		"emailReminders", "customerSource", "customerSourceID", "customerSubSourceID",
		"customerSubSource", "maxMonthlyCharge", "county", "useStructures", "isMultiUnit",
		"autoPayPaymentProfileID", "divisionID", "subPropertyTypeID", "subPropertyType",
		"agingDate", "responsibleAgingDate", "salesmanAPay", "termiteMonitoring", "pendingCancel",
		"appointmentIDs", "ticketIDs", "paymentIDs", "unitIDs", NULL };
	long long *ids;
	assert_true(sbt_search("customer", &ids, "") > 0);
	cJSON *rec = cJSON_GetArrayItem(sbt_get("customer", "customerIDs", ids, 1), 0);
	sbt_order(rec, order);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		SBT_TEST(test_resource_fields),
		SBT_TEST(test_customer_member_order),
		SBT_TEST(test_customer_id_lists),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
