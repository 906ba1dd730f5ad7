/* resources_table.c: the rows of the resource table that drives the sandbox and the client (data only). */
#include "config.h"

#include <string.h>

#include "common/resources.h"

/*
 * Conventions of the rows below (the specification's, and the live service's):
 * - fields: read fields in wire order, the primary key first; live records
 *   carry more than the specification lists, and those extra fields are here
 *   so that the sandbox stores and serves them and the client shows them.
 * - params: write parameters; the parameter naming the record on update
 *   (update_key) is never listed, the owner of a create is (required).
 * - filters: the specification's search parameters, the id_name (paging with
 *   ">" needs it), dateStart/dateEnd on the main date, and
 *   dateUpdatedStart/dateUpdatedEnd where records carry dateUpdated.
 */

#define LIST(a) (a), (sizeof(a) / sizeof((a)[0]))

#define F(n, t) { n, t, 0 }
#define FX(n, t, fl) { n, t, fl }
#define FB(n, t) { n, t, RF_BYID }
/* Unset reads null (RF_NULL). */
#define FN(n, t) { n, t, RF_NULL }

#define P(n, f, t, fl) { n, f, t, fl }
/* A special operation: S without parameters of its own, SP with them. */
#define S(a, w) { a, w, NULL, 0 }
#define SP(a, w, p) { a, w, LIST(p) }

#define Q(n, f, t) { n, f, t, 0, NULL }
#define QX(n, f, t, fl) { n, f, t, fl, NULL }
/* A filter matching when any of the "|"-list of fields does. */
#define QANY(n, f, any, t, fl) { n, f, t, fl, any }
/* The two BETWEEN shorthands on a date field, and the ones on dateUpdated. */
#define QDATES(f, t) QX("dateStart", f, t, RQ_START), QX("dateEnd", f, t, RQ_END)
#define QUPDATED                                                        \
	Q("dateUpdated", "dateUpdated", RT_DATETIME),                   \
	QX("dateUpdatedStart", "dateUpdated", RT_DATETIME, RQ_START),   \
	QX("dateUpdatedEnd", "dateUpdated", RT_DATETIME, RQ_END)

#define OPS_ALL (OP_SEARCH | OP_GET | OP_BYID | OP_CREATE | OP_UPDATE)
#define OPS_READ (OP_SEARCH | OP_GET | OP_BYID)

/* ---------------------------------------------------------------- note */

static const struct res_field note_fields[] = {
	F("noteID", RT_INT),
	F("officeID", RT_INT),
	F("customerID", RT_INT),
	F("customerName", RT_TEXT),
	F("customerSpouse", RT_TEXT),
	F("companyName", RT_TEXT),
	F("employeeID", RT_INT),
	F("employeeName", RT_TEXT),
	F("date", RT_DATETIME),
	F("typeID", RT_INT),
	F("type", RT_TEXT),
	F("cancellationReasonID", RT_INT),
	F("cancellationReason", RT_TEXT),
	F("showOnInvoice", RT_INT),
	F("showCustomer", RT_INT),
	F("showTech", RT_INT),
	F("notes", RT_TEXT),
	F("referenceID", RT_INT),
	F("sendTo", RT_TEXT),
	F("dateAdded", RT_DATETIME),
	F("dateUpdated", RT_DATETIME),
};

static const struct res_param note_params[] = {
	/* An update may move a note to another customer (the live service). */
	P("customerID", "customerID", RT_INT, RP_BOTH | RP_REQUIRED),
	/* "YYYY-MM-DD" or with a time; today when a create leaves it out. */
	P("date", "date", RT_DATETIME, RP_BOTH),
	P("employeeID", "employeeID", RT_INT, RP_BOTH),
	/* The note type is "contactType" on the wire and typeID in the record. */
	P("contactType", "typeID", RT_INT, RP_BOTH | RP_REQUIRED),
	P("notes", "notes", RT_TEXT, RP_BOTH | RP_REQUIRED),
	P("sendTo", "sendTo", RT_TEXT, RP_BOTH),
	P("showOnInvoice", "showOnInvoice", RT_BOOL, RP_BOTH | RP_REQUIRED),
	P("cancellationReason", "cancellationReasonID", RT_INT, RP_BOTH),
	P("showTech", "showTech", RT_BOOL, RP_BOTH),
	P("showCustomer", "showCustomer", RT_BOOL, RP_BOTH),
	P("referenceID", "referenceID", RT_INT, RP_BOTH),
};

/* note/delete names the note by contactID, as every note write does, and
 * its customer, which must be the note's (the live service). */
static const struct res_param note_delete_params[] = {
	P("customerID", NULL, RT_INT, RP_UPDATE | RP_REQUIRED),
};

static const struct res_special note_specials[] = {
	SP("delete", 1, note_delete_params),
};

static const struct res_filter note_filters[] = {
	Q("noteIDs", "noteID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("customerIDs", "customerID", RT_INT),
	Q("typeIDs", "typeID", RT_INT),
	Q("employeeIDs", "employeeID", RT_INT),
	Q("date", "date", RT_DATETIME),
	QDATES("date", RT_DATETIME),
	Q("dateAdded", "dateAdded", RT_DATETIME),
	QX("content", "notes", RT_TEXT, RQ_CONTAINS),
	QUPDATED,
};

/* ------------------------------------------------------------ document */

static const struct res_field document_fields[] = {
	F("uploadID", RT_INT),
	F("officeID", RT_INT),
	F("customerID", RT_INT),
	F("dateAdded", RT_DATETIME),
	F("addedBy", RT_INT),
	F("description", RT_TEXT),
	F("showCustomer", RT_INT),
	F("showTech", RT_INT),
	F("appointmentID", RT_INT),
	F("prefix", RT_TEXT),
	F("dateUpdated", RT_DATETIME),
};

/* The file itself travels as the multipart part "uploadFile" (create) or as
 * encodedFile/filename (createEncoded, its special's own): the handlers
 * read those. */
static const struct res_param document_params[] = {
	P("customerID", "customerID", RT_INT, RP_CREATE | RP_REQUIRED),
	P("appointmentID", "appointmentID", RT_INT, RP_BOTH),
	P("showCustomer", "showCustomer", RT_BOOL, RP_BOTH),
	P("showTech", "showTech", RT_BOOL, RP_BOTH),
};

static const struct res_filter document_filters[] = {
	Q("documentIDs", "uploadID", RT_INT),
	Q("uploadIDs", "uploadID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("customerIDs", "customerID", RT_INT),
	Q("appointmentIDs", "appointmentID", RT_INT),
	Q("showCustomer", "showCustomer", RT_INT),
	Q("showTech", "showTech", RT_INT),
	Q("dateAdded", "dateAdded", RT_DATETIME),
	QDATES("dateAdded", RT_DATETIME),
	QUPDATED,
};

static const char *const document_flags[] = { "includeDocumentLink", NULL };

/* createEncoded's, as the specification lists them (customerID is
 * create's): its handler reads them, and a failed call must not name them
 * in ignoredParams, which says "not recognised". */
static const struct res_param document_encoded_params[] = {
	P("encodedFile", NULL, RT_TEXT, RP_CREATE | RP_REQUIRED),
	P("filename", NULL, RT_TEXT, RP_CREATE | RP_REQUIRED),
	P("appointmentID", "appointmentID", RT_INT, RP_CREATE),
	P("showCustomer", "showCustomer", RT_BOOL, RP_CREATE),
	P("showTech", "showTech", RT_BOOL, RP_CREATE),
};

static const struct res_special document_specials[] = {
	SP("createEncoded", 1, document_encoded_params),
};

/* -------------------------------------------------------------- region */

static const struct res_field region_fields[] = {
	F("regionID", RT_INT),
	F("officeID", RT_INT),
	F("description", RT_TEXT),
	F("created", RT_DATETIME),
	F("deleted", RT_DATETIME),
	F("points", RT_TEXT),
	F("type", RT_TEXT),
	F("active", RT_INT),
};

static const struct res_filter region_filters[] = {
	Q("regionIDs", "regionID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("description", "description", RT_TEXT),
	Q("created", "created", RT_DATETIME),
	Q("deleted", "deleted", RT_DATETIME),
	Q("type", "type", RT_TEXT),
	Q("active", "active", RT_INT),
};

/* ----------------------------------------------------------- changelog */

static const struct res_field changelog_fields[] = {
	F("changeID", RT_INT),
	F("officeID", RT_INT),
	F("classID", RT_INT),
	F("class", RT_TEXT),
	F("dateChanged", RT_DATETIME),
	F("employeeID", RT_INT),
	F("notes", RT_JSON),
	F("referenceID", RT_INT),
};

static const struct res_filter changelog_filters[] = {
	Q("changelogIDs", "changeID", RT_INT),
	Q("changeIDs", "changeID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("classID", "classID", RT_INT),
	Q("referenceID", "referenceID", RT_INT),
	Q("dateChanged", "dateChanged", RT_DATETIME),
	QDATES("dateChanged", RT_DATETIME),
};

/* -------------------------------------------------------------- ticket */

static const struct res_field ticket_fields[] = {
	F("ticketID", RT_INT),
	F("customerID", RT_INT),
	F("billToAccountID", RT_INT),
	F("officeID", RT_INT),
	F("dateCreated", RT_DATETIME),
	F("invoiceDate", RT_DATE),
	F("dateUpdated", RT_DATETIME),
	F("active", RT_INT),
	F("subTotal", RT_NUM),
	F("taxAmount", RT_NUM),
	F("total", RT_NUM),
	F("serviceCharge", RT_NUM),
	F("serviceTaxable", RT_INT),
	F("productionValue", RT_NUM),
	F("taxRate", RT_NUM),
	F("appointmentID", RT_INT),
	F("balance", RT_NUM),
	F("subscriptionID", RT_INT),
	F("serviceID", RT_INT),
	F("invoiceNumber", RT_TEXT),
	F("templateType", RT_TEXT),
	F("additionalNotes", RT_TEXT),
	FX("items", RT_JSON, RF_DERIVED),
};

static const struct res_param ticket_params[] = {
	P("customerID", "customerID", RT_INT, RP_BOTH | RP_REQUIRED),
	P("date", "invoiceDate", RT_DATE, RP_BOTH | RP_REQUIRED),
	P("serviceCharge", "serviceCharge", RT_NUM, RP_BOTH | RP_REQUIRED),
	P("serviceTaxable", "serviceTaxable", RT_INT, RP_BOTH),
	P("billToAccountID", "billToAccountID", RT_INT, RP_BOTH),
	P("additionalNotes", "additionalNotes", RT_TEXT, RP_BOTH),
	/* status on create is the record's active (-3 lead, -1 template ...). */
	P("status", "active", RT_INT, RP_CREATE),
	P("templateType", "templateType", RT_TEXT, RP_CREATE),
	P("addons", NULL, RT_JSON, RP_CREATE),
	P("subscriptionID", "subscriptionID", RT_INT, RP_UPDATE),
	P("serviceID", "serviceID", RT_INT, RP_UPDATE),
};

static const struct res_filter ticket_filters[] = {
	Q("ticketIDs", "ticketID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("customerIDs", "customerID", RT_INT),
	Q("status", "active", RT_INT),
	/* A recurring ticket template carries its subscription's id. */
	Q("recurringTemplateSubscriptionIDs", "subscriptionID", RT_INT),
	Q("dateCreated", "dateCreated", RT_DATETIME),
	Q("invoiceDate", "invoiceDate", RT_DATE),
	QDATES("invoiceDate", RT_DATE),
	QUPDATED,
};

static const struct res_default ticket_defaults[] = {
	{ "status", "active", "0,1" },
};

static const struct res_special ticket_specials[] = {
	/* A read for the quota: live counts any action starting with "get". */
	S("getAddOns", 0),
	S("createAddOn", 1),
	S("setAddOns", 1),
	S("updateAddOn", 1),
};

/* ------------------------------------------------------------- product */

static const struct res_field product_fields[] = {
	F("productID", RT_INT),
	F("officeID", RT_INT),
	F("description", RT_TEXT),
	F("glAccountID", RT_TEXT),
	F("amount", RT_NUM),
	F("taxable", RT_INT),
	F("code", RT_TEXT),
	F("category", RT_TEXT),
	F("visible", RT_INT),
	F("salesVisible", RT_INT),
	F("recurring", RT_INT),
	F("dateUpdated", RT_DATETIME),
};

static const struct res_param product_params[] = {
	P("officeID", "officeID", RT_INT, RP_BOTH),
	P("description", "description", RT_TEXT, RP_BOTH | RP_REQUIRED),
	P("amount", "amount", RT_NUM, RP_BOTH | RP_REQUIRED),
	P("taxable", "taxable", RT_INT, RP_BOTH | RP_REQUIRED),
	P("code", "code", RT_TEXT, RP_BOTH | RP_REQUIRED),
	P("category", "category", RT_TEXT, RP_BOTH | RP_REQUIRED),
	P("visible", "visible", RT_INT, RP_BOTH | RP_REQUIRED),
	P("salesVisible", "salesVisible", RT_INT, RP_BOTH | RP_REQUIRED),
	P("recurring", "recurring", RT_INT, RP_CREATE | RP_REQUIRED),
};

static const struct res_filter product_filters[] = {
	Q("productIDs", "productID", RT_INT),
	Q("productID", "productID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("visible", "visible", RT_INT),
	Q("salesVisible", "salesVisible", RT_INT),
	Q("code", "code", RT_TEXT),
	Q("category", "category", RT_TEXT),
	Q("description", "description", RT_TEXT),
	QUPDATED,
};

/* -------------------------------------------------------- subscription */

static const struct res_field subscription_fields[] = {
	F("subscriptionID", RT_INT),
	F("customerID", RT_INT),
	F("billToAccountID", RT_INT),
	F("officeID", RT_INT),
	F("dateAdded", RT_DATETIME),
	F("contractAdded", RT_DATETIME),
	F("active", RT_INT),
	F("activeText", RT_TEXT),
	F("initialQuote", RT_NUM),
	F("initialDiscount", RT_NUM),
	F("initialServiceTotal", RT_NUM),
	F("yifDiscount", RT_NUM),
	F("recurringCharge", RT_NUM),
	F("contractValue", RT_NUM),
	F("billingFrequency", RT_INT),
	/* May hold the text "CUSTOM" on a live account. */
	F("frequency", RT_INT),
	F("followupService", RT_INT),
	F("agreementLength", RT_INT),
	F("nextService", RT_DATE),
	F("lastCompleted", RT_DATE),
	F("serviceID", RT_INT),
	F("serviceType", RT_TEXT),
	F("soldBy", RT_INT),
	F("soldBy2", RT_INT),
	F("soldBy3", RT_INT),
	F("preferredTech", RT_INT),
	F("initialAppointmentID", RT_INT),
	F("initialStatus", RT_INT),
	F("initialStatusText", RT_TEXT),
	F("dateCancelled", RT_DATETIME),
	F("dateUpdated", RT_DATETIME),
	F("cxlNotes", RT_TEXT),
	F("subscriptionLink", RT_TEXT),
	FX("appointmentIDs", RT_IDLIST, RF_DERIVED),
	FX("completedAppointmentIDs", RT_IDLIST, RF_DERIVED),
	FX("addOns", RT_JSON, RF_DERIVED),
	F("leadID", RT_INT),
	F("leadDateAdded", RT_DATETIME),
	F("leadUpdated", RT_DATETIME),
	F("leadAddedBy", RT_INT),
	F("leadSourceID", RT_INT),
	F("leadSource", RT_TEXT),
	F("leadStatus", RT_INT),
	F("leadStageID", RT_INT),
	F("leadStage", RT_TEXT),
	F("leadAssignedTo", RT_INT),
	F("leadDateAssigned", RT_DATETIME),
	F("leadValue", RT_NUM),
	F("leadDateClosed", RT_DATETIME),
	F("leadLostReason", RT_INT),
	F("sourceID", RT_INT),
	F("source", RT_TEXT),
	F("annualRecurringServices", RT_INT),
	F("unitIDs", RT_JSON),
	F("regionID", RT_INT),
	F("initialInvoice", RT_TEXT),
	F("initialBillingDate", RT_DATE),
	F("renewalFrequency", RT_INT),
	F("renewalDate", RT_DATE),
	F("customDate", RT_DATE),
	F("vendorConnected", RT_INT),
	F("vendorSiteID", RT_TEXT),
	F("seasonalStart", RT_TEXT),
	F("seasonalEnd", RT_TEXT),
	F("nextBillingDate", RT_DATE),
	F("maxMonthlyCharge", RT_NUM),
	F("expirationDate", RT_DATE),
	F("lastAppointment", RT_INT),
	F("duration", RT_INT),
	F("preferredDays", RT_TEXT),
	F("preferredStart", RT_TIME),
	F("preferredEnd", RT_TIME),
	/* Minutes of call-ahead the customer asked for; subscription/update
	 * sets it (the live service). */
	F("callAhead", RT_INT),
	F("recurringTicket", RT_JSON),
	F("onHold", RT_INT),
};

static const struct res_param subscription_params[] = {
	P("serviceID", "serviceID", RT_INT, RP_BOTH | RP_REQUIRED),
	P("customerID", "customerID", RT_INT, RP_BOTH | RP_REQUIRED),
	P("subscriptionLink", "subscriptionLink", RT_TEXT, RP_BOTH),
	P("billToAccountID", "billToAccountID", RT_INT, RP_BOTH),
	P("active", "active", RT_INT, RP_BOTH),
	P("billingFrequency", "billingFrequency", RT_INT, RP_BOTH),
	P("frequency", "frequency", RT_INT, RP_BOTH),
	/* Days until the first recurring service: the record's followupService. */
	P("followupDelay", "followupService", RT_INT, RP_BOTH),
	P("agreementLength", "agreementLength", RT_INT, RP_CREATE),
	/* Live updates these too, each alone (a true partial update). */
	P("preferredTech", "preferredTech", RT_INT, RP_BOTH),
	P("callAhead", "callAhead", RT_INT, RP_BOTH),
	P("preferredDays", "preferredDays", RT_TEXT, RP_BOTH),
	P("preferredStart", "preferredStart", RT_TIME, RP_BOTH),
	P("preferredEnd", "preferredEnd", RT_TIME, RP_BOTH),
	P("nextService", "nextService", RT_DATE, RP_UPDATE),
	/* The recurring service's charge (the live service): the record's
	 * recurringCharge. */
	P("serviceCharge", "recurringCharge", RT_NUM, RP_UPDATE),
};

static const struct res_filter subscription_filters[] = {
	Q("subscriptionIDs", "subscriptionID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("customerIDs", "customerID", RT_INT),
	Q("billToAccountIDs", "billToAccountID", RT_INT),
	Q("serviceIDs", "serviceID", RT_INT),
	Q("active", "active", RT_INT),
	Q("leadStageIDs", "leadStageID", RT_INT),
	Q("dateAdded", "dateAdded", RT_DATETIME),
	QDATES("dateAdded", RT_DATETIME),
	Q("dateCancelled", "dateCancelled", RT_DATETIME),
	Q("nextService", "nextService", RT_DATE),
	QUPDATED,
};

/* Leads (active -3) appear only when the search names active. */
static const struct res_default subscription_defaults[] = {
	{ "active", "active", "0,1" },
};

static const char *const subscription_flags[] = { "includeCancellationReason", NULL };

static const struct res_special subscription_specials[] = {
	S("getInitialAddOns", 0), /* likewise a read */
	S("createInitialAddOn", 1),
	S("setInitialAddOns", 1),
	S("updateInitialAddOn", 1),
	S("updateLeadStage", 1),
};

/* ------------------------------------------------------------ customer */

/* In the order a live customer/get record carries them (101 members); the
 * unset values live sends as null are FN. */
static const struct res_field customer_fields[] = {
	F("customerID", RT_INT),
	F("billToAccountID", RT_INT),
	F("officeID", RT_INT),
	F("fname", RT_TEXT),
	F("lname", RT_TEXT),
	F("companyName", RT_TEXT),
	FN("spouse", RT_TEXT),
	F("commercialAccount", RT_INT),
	F("status", RT_INT),
	F("statusText", RT_TEXT),
	F("email", RT_TEXT),
	F("phone1", RT_TEXT),
	F("ext1", RT_TEXT),
	F("phone2", RT_TEXT),
	F("ext2", RT_TEXT),
	F("address", RT_TEXT),
	F("city", RT_TEXT),
	F("state", RT_TEXT),
	F("zip", RT_TEXT),
	F("billingCompanyName", RT_TEXT),
	F("billingFName", RT_TEXT),
	F("billingLName", RT_TEXT),
	F("billingCountryID", RT_TEXT),
	F("billingAddress", RT_TEXT),
	F("billingCity", RT_TEXT),
	F("billingState", RT_TEXT),
	F("billingZip", RT_TEXT),
	F("billingPhone", RT_TEXT),
	F("billingEmail", RT_TEXT),
	F("lat", RT_NUM),
	F("lng", RT_NUM),
	F("squareFeet", RT_INT),
	F("lotSize", RT_NUM),
	F("addedByID", RT_INT),
	F("dateAdded", RT_DATETIME),
	F("dateCancelled", RT_DATETIME),
	F("dateUpdated", RT_DATETIME),
	F("sourceID", RT_INT),
	FN("source", RT_TEXT),
	/* Live records say "No" here although the search filter takes 0/1/2. */
	F("aPay", RT_TEXT),
	F("preferredTechID", RT_INT),
	F("paidInFull", RT_INT),
	F("notes", RT_TEXT),
	FX("subscriptionIDs", RT_IDLIST, RF_DERIVED),
	F("balance", RT_NUM),
	F("balanceAge", RT_INT),
	F("responsibleBalance", RT_NUM),
	F("responsibleBalanceAge", RT_INT),
	F("customerLink", RT_TEXT),
	F("customerNumber", RT_TEXT),
	F("masterAccount", RT_INT),
	F("preferredBillingDate", RT_INT),
	FN("paymentHoldDate", RT_DATE),
	FN("mostRecentCreditCardLastFour", RT_TEXT),
	FN("mostRecentCreditCardExpirationDate", RT_TEXT),
	F("regionID", RT_INT),
	F("mapCode", RT_TEXT),
	F("mapPage", RT_TEXT),
	F("specialScheduling", RT_TEXT),
	F("taxRate", RT_NUM),
	F("stateTax", RT_NUM),
	F("cityTax", RT_NUM),
	F("countyTax", RT_NUM),
	F("districtTax", RT_NUM),
	F("districtTax1", RT_NUM),
	F("districtTax2", RT_NUM),
	F("districtTax3", RT_NUM),
	F("districtTax4", RT_NUM),
	F("districtTax5", RT_NUM),
	F("districtCode1", RT_TEXT),
	F("districtCode2", RT_TEXT),
	F("districtCode3", RT_TEXT),
	F("districtCode4", RT_TEXT),
	F("districtCode5", RT_TEXT),
	F("customTax", RT_NUM),
	F("zipTaxID", RT_INT),
	F("smsReminders", RT_INT),
	F("phoneReminders", RT_INT),
	F("emailReminders", RT_INT),
	F("customerSource", RT_TEXT),
	F("customerSourceID", RT_INT),
	F("customerSubSourceID", RT_INT),
	FN("customerSubSource", RT_TEXT),
	F("maxMonthlyCharge", RT_NUM),
	F("county", RT_TEXT),
	F("useStructures", RT_INT),
	F("isMultiUnit", RT_INT),
	F("autoPayPaymentProfileID", RT_INT),
	F("divisionID", RT_INT),
	F("subPropertyTypeID", RT_INT),
	FN("subPropertyType", RT_TEXT),
	F("agingDate", RT_DATE),
	F("responsibleAgingDate", RT_DATE),
	F("salesmanAPay", RT_INT),
	F("termiteMonitoring", RT_INT),
	F("pendingCancel", RT_INT),
	FX("appointmentIDs", RT_IDLIST, RF_DERIVED),
	FX("ticketIDs", RT_IDLIST, RF_DERIVED),
	FN("paymentIDs", RT_IDLIST),
	FN("unitIDs", RT_JSON),
	/* Live records end with it, always "0". */
	FX("purpleDragon", RT_INT, RF_ZERO),
};

static const struct res_param customer_params[] = {
	P("billToAccountID", "billToAccountID", RT_INT, RP_BOTH),
	P("fname", "fname", RT_TEXT, RP_BOTH),
	P("lname", "lname", RT_TEXT, RP_BOTH),
	P("spouse", "spouse", RT_TEXT, RP_BOTH),
	P("address", "address", RT_TEXT, RP_BOTH),
	P("city", "city", RT_TEXT, RP_BOTH),
	/* A 2-letter code: the handler checks the length. */
	P("state", "state", RT_TEXT, RP_BOTH),
	P("zip", "zip", RT_TEXT, RP_BOTH),
	/* The standing red notes; no note record is made. */
	P("notes", "notes", RT_TEXT, RP_BOTH),
};

static const struct res_filter customer_filters[] = {
	Q("customerIDs", "customerID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("active", "status", RT_INT),
	QX("aPay", "aPay", RT_TEXT, RQ_CODED),
	Q("dateAdded", "dateAdded", RT_DATETIME),
	QDATES("dateAdded", RT_DATETIME),
	Q("dateCancelled", "dateCancelled", RT_DATETIME),
	Q("status", "status", RT_INT),
	/* Live filters on these too, every operator. */
	Q("fname", "fname", RT_TEXT),
	Q("lname", "lname", RT_TEXT),
	Q("email", "email", RT_TEXT),
	Q("address", "address", RT_TEXT),
	Q("city", "city", RT_TEXT),
	Q("zip", "zip", RT_TEXT),
	Q("companyName", "companyName", RT_TEXT),
	/* An exact 10-digit match on the live service, over phone1 and phone2
	 * (and additional contacts, which the sandbox does not keep). */
	QANY("phone", "phone1", "phone1|phone2", RT_TEXT, RQ_PHONE),
	QUPDATED,
};

static const char *const customer_flags[] = {
	"includeCancellationReason", "includeSubscriptions", "includeCustomerFlag",
	"includeAdditionalContacts", "includePortalLogin", NULL,
};

/* customer/updatePaymentProfile, as the specification lists it (the
 * customer, and the profile when not the active one, are its keys). */
static const struct res_param customer_update_profile_params[] = {
	P("billingName", "billingName", RT_TEXT, RP_UPDATE),
	P("billingAddress1", "billingAddress1", RT_TEXT, RP_UPDATE),
	P("billingCity", "billingCity", RT_TEXT, RP_UPDATE),
	P("billingState", "billingState", RT_TEXT, RP_UPDATE),
	P("billingZip", "billingZip", RT_INT, RP_UPDATE),
	P("billingCountryID", "billingCountryID", RT_TEXT, RP_UPDATE),
};

static const struct res_special customer_specials[] = {
	S("createPaymentProfile", 1),
	SP("updatePaymentProfile", 1, customer_update_profile_params),
};

/* ------------------------------------------------------ paymentProfile */

static const struct res_field paymentProfile_fields[] = {
	F("paymentProfileID", RT_INT),
	F("customerID", RT_INT),
	F("officeID", RT_INT),
	F("createdBy", RT_INT),
	F("description", RT_TEXT),
	F("dateCreated", RT_DATETIME),
	F("status", RT_INT),
	F("statusNotes", RT_TEXT),
	F("dateUpdated", RT_DATETIME),
	FB("billingName", RT_TEXT),
	FB("billingAddress1", RT_TEXT),
	FB("billingAddress2", RT_TEXT),
	FB("billingCountryID", RT_TEXT),
	FB("billingCity", RT_TEXT),
	FB("billingState", RT_TEXT),
	FB("billingZip", RT_TEXT),
	FB("billingPhone", RT_TEXT),
	FB("billingEmail", RT_TEXT),
	FB("paymentMethod", RT_INT),
	FB("gateway", RT_TEXT),
	FB("merchantID", RT_TEXT),
	FB("merchantToken", RT_TEXT),
	FB("lastFour", RT_TEXT),
	FB("expMonth", RT_TEXT),
	FB("expYear", RT_TEXT),
	FB("cardType", RT_TEXT),
	FB("bankName", RT_TEXT),
	FB("accountNumber", RT_TEXT),
	FB("routingNumber", RT_TEXT),
	FB("checkType", RT_TEXT),
	FB("accountType", RT_TEXT),
	FB("failedAttempts", RT_INT),
	FB("sentFailureDate", RT_DATETIME),
	FB("lastAttemptDate", RT_DATETIME),
	FB("paymentHoldDate", RT_DATE),
	FB("retryPoints", RT_INT),
	FB("initialTransactionID", RT_TEXT),
	FB("lastDeclineType", RT_TEXT),
	/* update sends the billing name in two halves. */
	FB("billingFName", RT_TEXT),
	FB("billingLName", RT_TEXT),
};

static const struct res_param paymentProfile_params[] = {
	P("customerID", "customerID", RT_INT, RP_CREATE | RP_REQUIRED),
	P("paymentMethod", "paymentMethod", RT_INT, RP_CREATE | RP_REQUIRED),
	P("billingName", "billingName", RT_TEXT, RP_CREATE),
	P("billingFName", "billingFName", RT_TEXT, RP_UPDATE),
	P("billingLName", "billingLName", RT_TEXT, RP_UPDATE),
	P("billingAddress1", "billingAddress1", RT_TEXT, RP_BOTH),
	P("billingAddress2", "billingAddress2", RT_TEXT, RP_BOTH),
	P("billingCity", "billingCity", RT_TEXT, RP_BOTH),
	P("billingState", "billingState", RT_TEXT, RP_BOTH),
	P("billingZip", "billingZip", RT_INT, RP_BOTH),
	P("billingCountryID", "billingCountryID", RT_TEXT, RP_BOTH),
	P("gateway", "gateway", RT_TEXT, RP_CREATE),
};

static const struct res_filter paymentProfile_filters[] = {
	Q("paymentProfileIDs", "paymentProfileID", RT_INT),
	Q("customerIDs", "customerID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("status", "status", RT_INT),
	Q("paymentMethod", "paymentMethod", RT_INT),
	Q("dateCreated", "dateCreated", RT_DATETIME),
	QDATES("dateCreated", RT_DATETIME),
	QUPDATED,
};

/* -------------------------------------------------------------- review */

static const struct res_field review_fields[] = {
	F("feedbackID", RT_INT),
	F("officeID", RT_INT),
	F("customerID", RT_INT),
	F("appointmentID", RT_INT),
	F("date", RT_DATETIME),
	F("starRating", RT_INT),
	F("feedback", RT_TEXT),
	F("favorable", RT_INT),
	F("dateUpdated", RT_DATETIME),
};

static const struct res_param review_params[] = {
	P("appointmentID", "appointmentID", RT_INT, RP_UPDATE),
	P("customerID", "customerID", RT_INT, RP_UPDATE),
	/* 1 to 5: the handler checks the range. */
	P("starRating", "starRating", RT_INT, RP_UPDATE),
	P("feedback", "feedback", RT_TEXT, RP_UPDATE),
	P("time", "date", RT_DATETIME, RP_UPDATE),
};

static const struct res_filter review_filters[] = {
	Q("reviewIDs", "feedbackID", RT_INT),
	Q("feedbackIDs", "feedbackID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("customerIDs", "customerID", RT_INT),
	Q("appointmentIDs", "appointmentID", RT_INT),
	Q("starRating", "starRating", RT_INT),
	Q("favorable", "favorable", RT_INT),
	Q("date", "date", RT_DATETIME),
	QDATES("date", RT_DATETIME),
	QUPDATED,
};

static const char *const review_flags[] = {
	"includeCustomers", "pruneSensitiveInfo", "pruneProfanity", NULL,
};

static const struct res_special review_specials[] = {
	S("summary", 0),
};

/* ---------------------------------------------------------------- form */

static const struct res_field form_fields[] = {
	F("formID", RT_INT),
	F("officeID", RT_INT),
	F("customerID", RT_INT),
	F("dateSigned", RT_DATETIME),
	F("dateAdded", RT_DATETIME),
	F("unitID", RT_INT),
	F("employeeID", RT_INT),
	F("documentState", RT_INT),
	F("formTemplateID", RT_INT),
};

static const struct res_filter form_filters[] = {
	Q("formIDs", "formID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("customerID", "customerID", RT_INT),
	Q("unitID", "unitID", RT_INT),
	Q("employeeID", "employeeID", RT_INT),
	Q("documentState", "documentState", RT_INT),
	Q("dateSigned", "dateSigned", RT_DATETIME),
	Q("dateAdded", "dateAdded", RT_DATETIME),
};

/* ----------------------------------------------- genericFlagAssignment */

static const struct res_field genericFlagAssignment_fields[] = {
	F("genericFlagAssignmentID", RT_INT),
	F("genericFlagID", RT_INT),
	F("entityID", RT_INT),
	F("type", RT_TEXT),
};

static const struct res_filter genericFlagAssignment_filters[] = {
	Q("genericFlagAssignmentIDs", "genericFlagAssignmentID", RT_INT),
	Q("genericFlagIDs", "genericFlagID", RT_INT),
	Q("entityIDs", "entityID", RT_INT),
	Q("type", "type", RT_TEXT),
};

/* --------------------------------------------------------------- route */

static const struct res_field route_fields[] = {
	F("routeID", RT_INT),
	F("title", RT_TEXT),
	F("templateID", RT_INT),
	F("dateAdded", RT_DATETIME),
	F("addedBy", RT_INT),
	F("officeID", RT_INT),
	F("groupTitle", RT_TEXT),
	F("date", RT_DATE),
	F("groupID", RT_INT),
	F("dayNotes", RT_TEXT),
	F("dayAlert", RT_TEXT),
	F("dayID", RT_INT),
	F("additionalTechs", RT_IDLIST),
	/* "0" means no technician. */
	F("assignedTech", RT_INT),
	F("apiCanSchedule", RT_INT),
	F("scheduleTeams", RT_JSON),
	F("scheduleTypes", RT_JSON),
	F("averageLatitude", RT_NUM),
	F("averageLongitude", RT_NUM),
	F("averageDistance", RT_NUM),
	F("dateUpdated", RT_DATETIME),
	F("distanceScore", RT_NUM),
	F("lockedRoute", RT_INT),
};

static const struct res_param route_params[] = {
	P("date", "date", RT_DATE, RP_BOTH),
	P("templateID", "templateID", RT_INT, RP_CREATE),
	P("assignedTech", "assignedTech", RT_INT, RP_BOTH),
	/* Decides whether a missing group is created or the write refused. */
	P("autoCreateGroup", NULL, RT_INT, RP_BOTH),
	/* An existing group to put the route in (the live service). */
	P("groupID", "groupID", RT_INT, RP_CREATE),
};

/* route/delete (the live service): refused while visits remain on the
 * route, and on a locked route unless bypassLockedRoute=1. */
static const struct res_param route_delete_params[] = {
	P("bypassLockedRoute", NULL, RT_BOOL, RP_UPDATE),
};

static const struct res_special route_specials[] = {
	SP("delete", 1, route_delete_params),
};

static const struct res_filter route_filters[] = {
	Q("routeIDs", "routeID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("assignedTech", "assignedTech", RT_INT),
	Q("date", "date", RT_DATE),
	QDATES("date", RT_DATE),
	Q("lastUpdated", "dateUpdated", RT_DATETIME),
	QX("apiCanSchedule", "apiCanSchedule", RT_INT, RQ_BOOL),
	QUPDATED,
};

static const char *const route_flags[] = { "latitude", "longitude", "maxDistance", NULL };

/* ------------------------------------------------- appointmentReminder */

static const struct res_field appointmentReminder_fields[] = {
	F("reminderID", RT_INT),
	F("officeID", RT_INT),
	F("appointmentID", RT_INT),
	F("text", RT_TEXT),
	F("dateSent", RT_DATETIME),
	F("emailSent", RT_DATETIME),
	F("voiceSent", RT_DATETIME),
	F("status", RT_INT),
	F("response", RT_TEXT),
	F("responseTime", RT_DATETIME),
	F("sendTo", RT_TEXT),
	F("emailAddress", RT_TEXT),
	F("voiceNumber", RT_TEXT),
	F("dateUpdated", RT_DATETIME),
};

static const struct res_param appointmentReminder_params[] = {
	/* The appointment names the parent on create (the live service). */
	P("appointmentID", "appointmentID", RT_INT, RP_BOTH | RP_REQUIRED),
	P("status", "status", RT_INT, RP_BOTH | RP_REQUIRED),
	P("text", "text", RT_TEXT, RP_UPDATE),
	P("dateSent", "dateSent", RT_DATETIME, RP_UPDATE),
	P("emailSent", "emailSent", RT_DATETIME, RP_UPDATE),
	P("voiceSent", "voiceSent", RT_DATETIME, RP_BOTH),
	P("response", "response", RT_TEXT, RP_BOTH),
	P("responseTime", "responseTime", RT_DATETIME, RP_BOTH),
	P("sendTo", "sendTo", RT_TEXT, RP_CREATE),
	P("emailAddress", "emailAddress", RT_TEXT, RP_CREATE),
	P("voiceNumber", "voiceNumber", RT_TEXT, RP_CREATE),
};

static const struct res_filter appointmentReminder_filters[] = {
	Q("appointmentReminderIDs", "reminderID", RT_INT),
	Q("reminderIDs", "reminderID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("appointmentIDs", "appointmentID", RT_INT),
	Q("status", "status", RT_INT),
	Q("dateSent", "dateSent", RT_DATETIME),
	QDATES("dateSent", RT_DATETIME),
	QUPDATED,
};

/* --------------------------------------------------------- serviceType */

static const struct res_field serviceType_fields[] = {
	F("typeID", RT_INT),
	F("officeID", RT_INT),
	F("description", RT_TEXT),
	F("frequency", RT_INT),
	F("defaultCharge", RT_NUM),
	F("category", RT_TEXT),
	F("reservice", RT_INT),
	F("defaultLength", RT_INT),
};

static const struct res_filter serviceType_filters[] = {
	Q("serviceTypeIDs", "typeID", RT_INT),
	Q("typeIDs", "typeID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("reservice", "reservice", RT_INT),
	Q("description", "description", RT_TEXT),
	Q("category", "category", RT_TEXT),
};

/* ------------------------------------------------------------ employee */

static const struct res_field employee_fields[] = {
	F("employeeID", RT_INT),
	F("officeID", RT_INT),
	F("active", RT_INT),
	F("fname", RT_TEXT),
	F("lname", RT_TEXT),
	F("initials", RT_TEXT),
	F("nickname", RT_TEXT),
	F("type", RT_INT),
	FB("phone", RT_TEXT),
	FB("email", RT_TEXT),
	FB("username", RT_TEXT),
	FB("experience", RT_INT),
	FB("pic", RT_TEXT),
	FB("linkedEmployeeIDs", RT_IDLIST),
	FB("employeeLink", RT_TEXT),
	FB("licenseNumber", RT_TEXT),
	FB("supervisorID", RT_INT),
	FB("roamingRep", RT_INT),
	FB("teamIDs", RT_JSON),
	FB("primaryTeam", RT_INT),
	F("lastLogin", RT_DATETIME),
	F("startAddress", RT_TEXT),
	F("startLat", RT_NUM),
	F("startLng", RT_NUM),
	F("endAddress", RT_TEXT),
	F("endLat", RT_NUM),
	F("endLng", RT_NUM),
	F("dateUpdated", RT_DATETIME),
	F("skills", RT_JSON),
	FX("password", RT_TEXT, RF_HIDDEN),
};

static const struct res_param employee_params[] = {
	P("fname", "fname", RT_TEXT, RP_BOTH | RP_REQUIRED),
	P("lname", "lname", RT_TEXT, RP_BOTH | RP_REQUIRED),
	P("type", "type", RT_INT, RP_BOTH),
	P("phone", "phone", RT_TEXT, RP_BOTH),
	P("email", "email", RT_TEXT, RP_BOTH),
	P("username", "username", RT_TEXT, RP_BOTH),
	/* Never stored as sent: the handler hashes it into the hidden field. */
	P("password", NULL, RT_TEXT, RP_BOTH),
	P("roamingRep", "roamingRep", RT_INT, RP_BOTH),
	/* 1 makes a master account and overrides roamingRep. */
	P("roamingMaster", NULL, RT_INT, RP_CREATE),
	P("employeeLink", "employeeLink", RT_TEXT, RP_CREATE),
};

static const struct res_filter employee_filters[] = {
	Q("employeeIDs", "employeeID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("active", "active", RT_INT),
	Q("type", "type", RT_INT),
	Q("fname", "fname", RT_TEXT),
	Q("lname", "lname", RT_TEXT),
	Q("employeeLink", "employeeLink", RT_TEXT),
	Q("supervisorIDs", "supervisorID", RT_INT),
	QUPDATED,
};

static const struct res_default employee_defaults[] = {
	{ "active", "active", "1" },
};

static const struct res_special employee_specials[] = {
	S("dealias", 1),
};

/* --------------------------------------------------- timeClockCategory */

static const struct res_field timeClockCategory_fields[] = {
	F("clockCategoryID", RT_INT),
	F("officeID", RT_INT),
	F("visible", RT_INT),
	F("allowOnClockIn", RT_INT),
	F("systemReserved", RT_INT),
	F("paid", RT_INT),
	F("dateUpdated", RT_DATETIME),
	F("description", RT_TEXT),
};

static const struct res_filter timeClockCategory_filters[] = {
	Q("timeClockCategoryIDs", "clockCategoryID", RT_INT),
	Q("clockCategoryIDs", "clockCategoryID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("visible", "visible", RT_INT),
	Q("allowOnClockIn", "allowOnClockIn", RT_INT),
	Q("systemReserved", "systemReserved", RT_INT),
	Q("paid", "paid", RT_INT),
	QUPDATED,
};

/* ----------------------------------------------------------- timeClock */

static const struct res_field timeClock_fields[] = {
	F("entryID", RT_INT),
	F("employeeID", RT_INT),
	F("officeID", RT_INT),
	F("timeIn", RT_DATETIME),
	F("timeOut", RT_DATETIME),
	F("clockCategoryID", RT_INT),
	F("paid", RT_INT),
};

static const struct res_filter timeClock_filters[] = {
	Q("timeClockIDs", "entryID", RT_INT),
	Q("entryIDs", "entryID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("employeeIDs", "employeeID", RT_INT),
	Q("paid", "paid", RT_INT),
	Q("timeIn", "timeIn", RT_DATETIME),
	Q("timeOut", "timeOut", RT_DATETIME),
	QDATES("timeIn", RT_DATETIME),
};

/* --------------------------------------------------------- chemicalUse */

static const struct res_field chemicalUse_fields[] = {
	F("chemicalUseID", RT_INT),
	F("chemicalID", RT_INT),
	F("officeID", RT_INT),
	F("appointmentID", RT_INT),
	F("customerID", RT_INT),
	F("dateCreated", RT_DATETIME),
	F("createdBy", RT_TEXT),
	F("serviceID", RT_INT),
};

static const struct res_filter chemicalUse_filters[] = {
	Q("chemicalUseIDs", "chemicalUseID", RT_INT),
	Q("chemicalUseID", "chemicalUseID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("chemicalID", "chemicalID", RT_INT),
	Q("appointmentID", "appointmentID", RT_INT),
	Q("customerID", "customerID", RT_INT),
	Q("dateCreated", "dateCreated", RT_DATETIME),
	Q("createdBy", "createdBy", RT_TEXT),
};

/* ------------------------------------------------------------ chemical */

static const struct res_field chemical_fields[] = {
	F("chemicalID", RT_INT),
	F("officeID", RT_INT),
	F("name", RT_TEXT),
	F("manufacturer", RT_TEXT),
	F("label", RT_TEXT),
	F("ingredient1", RT_TEXT),
	F("ingredient2", RT_TEXT),
	F("ingredient3", RT_TEXT),
	F("percent1", RT_NUM),
};

static const struct res_filter chemical_filters[] = {
	Q("chemicalIDs", "chemicalID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("name", "name", RT_TEXT),
};

/* --------------------------------------------------- applicationMethod */

static const struct res_field applicationMethod_fields[] = {
	F("applicationMethodID", RT_INT),
	F("officeID", RT_INT),
	F("applicationMethod", RT_TEXT),
	F("visible", RT_INT),
	F("systemReserved", RT_INT),
};

static const struct res_filter applicationMethod_filters[] = {
	Q("applicationMethodIDs", "applicationMethodID", RT_INT),
	Q("applicationMethodID", "applicationMethodID", RT_INT),
	Q("methodIDs", "applicationMethodID", RT_INT),
	Q("methodID", "applicationMethodID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("visible", "visible", RT_INT),
};

/* The service spells its get parameter "applciationMethodIDs". */
static const char *const applicationMethod_alias[] = { "applicationMethodIDs", NULL };

/* --------------------------------------------------------- appointment */

static const struct res_field appointment_fields[] = {
	F("appointmentID", RT_INT),
	F("officeID", RT_INT),
	F("customerID", RT_INT),
	/* -1 when stand-alone. */
	F("subscriptionID", RT_INT),
	F("routeID", RT_INT),
	F("spotID", RT_INT),
	F("date", RT_DATE),
	F("start", RT_TIME),
	F("end", RT_TIME),
	F("timeWindow", RT_TEXT),
	F("duration", RT_INT),
	F("type", RT_INT),
	F("dateAdded", RT_DATETIME),
	F("employeeID", RT_INT),
	F("status", RT_INT),
	F("statusText", RT_TEXT),
	F("callAhead", RT_INT),
	F("isInitial", RT_INT),
	F("servicedBy", RT_INT),
	F("dateCompleted", RT_DATETIME),
	F("notes", RT_TEXT),
	F("officeNotes", RT_TEXT),
	F("timeIn", RT_DATETIME),
	F("timeOut", RT_DATETIME),
	F("ticketID", RT_INT),
	F("dateCancelled", RT_DATETIME),
	/* Often "0": the route's assignedTech applies then. */
	F("assignedTech", RT_INT),
	F("sequence", RT_INT),
	F("dateUpdated", RT_DATETIME),
	/* What appointment/create and /update call notes (the live service). */
	F("appointmentNotes", RT_TEXT),
	/* Filled by appointment/cancel. */
	F("cancelledBy", RT_INT),
	F("cancelReason", RT_TEXT),
};

/* appointment/create and /update (the live service): the route, spot and
 * times are checked against the route (locked, apiCanSchedule) and the
 * spot by the handler. */
static const struct res_param appointment_params[] = {
	P("customerID", "customerID", RT_INT, RP_CREATE | RP_REQUIRED),
	/* The service type id. */
	P("type", "type", RT_INT, RP_CREATE | RP_REQUIRED),
	P("spotID", "spotID", RT_INT, RP_BOTH),
	P("routeID", "routeID", RT_INT, RP_BOTH),
	P("start", "start", RT_TIME, RP_BOTH),
	P("end", "end", RT_TIME, RP_BOTH),
	P("duration", "duration", RT_INT, RP_BOTH),
	P("employeeID", "employeeID", RT_INT, RP_CREATE),
	P("notes", "appointmentNotes", RT_TEXT, RP_BOTH),
	P("subscriptionID", "subscriptionID", RT_INT, RP_CREATE),
	P("callAhead", "callAhead", RT_INT, RP_BOTH),
	P("rejectOccupiedSpots", NULL, RT_BOOL, RP_CREATE),
	P("rejectFixedOccupiedSpots", NULL, RT_BOOL, RP_CREATE),
	/* A spot/reserve token. */
	P("reservation", NULL, RT_TEXT, RP_CREATE),
	P("bypassLockedRoute", NULL, RT_BOOL, RP_BOTH),
};

static const struct res_param appointment_cancel_params[] = {
	P("cancelReason", "cancelReason", RT_TEXT, RP_UPDATE),
	P("cancelledBy", "cancelledBy", RT_INT, RP_UPDATE),
	P("bypassLockedRoute", NULL, RT_BOOL, RP_UPDATE),
};

static const struct res_param appointment_complete_params[] = {
	/* 1 completed, 2 no show. */
	P("status", "status", RT_INT, RP_UPDATE),
	P("completionNotes", "notes", RT_TEXT, RP_UPDATE),
	P("officeNotes", "officeNotes", RT_TEXT, RP_UPDATE),
	P("timeIn", "timeIn", RT_DATETIME, RP_UPDATE),
	P("timeOut", "timeOut", RT_DATETIME, RP_UPDATE),
	P("bypassLockedRoute", NULL, RT_BOOL, RP_UPDATE),
};

static const struct res_special appointment_specials[] = {
	SP("cancel", 1, appointment_cancel_params),
	SP("complete", 1, appointment_complete_params),
};

static const struct res_filter appointment_filters[] = {
	Q("appointmentIDs", "appointmentID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("customerIDs", "customerID", RT_INT),
	Q("routeIDs", "routeID", RT_INT),
	Q("subscriptionIDs", "subscriptionID", RT_INT),
	Q("date", "date", RT_DATE),
	QDATES("date", RT_DATE),
	Q("status", "status", RT_INT),
	QUPDATED,
};

static const struct res_default appointment_defaults[] = {
	{ "status", "status", "0,1" },
};

/* ------------------------------------------------------------------ spot */

/* The time slots of a route (the live service). */
static const struct res_field spot_fields[] = {
	F("spotID", RT_INT),
	F("officeID", RT_INT),
	F("routeID", RT_INT),
	F("date", RT_DATE),
	F("start", RT_TIME),
	F("end", RT_TIME),
	/* Minutes. */
	F("spotCapacity", RT_INT),
	F("description", RT_TEXT),
	/* "" or why the spot is blocked ("Lunch"). */
	F("blockReason", RT_TEXT),
	FN("currentAppointment", RT_INT),
	F("assignedTech", RT_INT),
	F("apiCanSchedule", RT_INT),
	F("open", RT_INT),
	F("reserved", RT_INT),
	F("reservationEnd", RT_DATETIME),
	F("appointmentIDs", RT_JSON),
	F("customerIDs", RT_JSON),
	F("dateUpdated", RT_DATETIME),
};

static const struct res_filter spot_filters[] = {
	Q("spotIDs", "spotID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("date", "date", RT_DATE),
	QDATES("date", RT_DATE),
	Q("routeID", "routeID", RT_INT),
	Q("routeIDs", "routeID", RT_INT),
	Q("apiCanSchedule", "apiCanSchedule", RT_INT),
	Q("assignedTech", "assignedTech", RT_INT),
	Q("reserved", "reserved", RT_INT),
	Q("open", "open", RT_INT),
	QUPDATED,
};

static const struct res_param spot_reserve_params[] = {
	/* Minutes the reservation holds (default 10). */
	P("duration", NULL, RT_INT, RP_UPDATE),
};

static const struct res_param spot_release_params[] = {
	P("reservation", NULL, RT_TEXT, RP_UPDATE),
};

static const struct res_param spot_block_params[] = {
	P("spotIDs", NULL, RT_IDLIST, RP_UPDATE),
	/* Default "Break". */
	P("description", "blockReason", RT_TEXT, RP_UPDATE),
};

static const struct res_param spot_unblock_params[] = {
	P("spotIDs", NULL, RT_IDLIST, RP_UPDATE),
};

static const struct res_special spot_specials[] = {
	SP("reserve", 1, spot_reserve_params),
	SP("release", 1, spot_release_params),
	SP("block", 1, spot_block_params),
	SP("unblock", 1, spot_unblock_params),
};

/* ------------------------------------------------------------------ task */

static const struct res_field task_fields[] = {
	F("taskID", RT_INT),
	F("officeID", RT_INT),
	F("customerID", RT_INT),
	/* Who it is assigned to. */
	F("employeeID", RT_INT),
	F("addedBy", RT_INT),
	F("dateAdded", RT_DATETIME),
	F("dueDate", RT_DATE),
	F("category", RT_TEXT),
	F("description", RT_TEXT),
	F("referenceID", RT_INT),
	F("completed", RT_INT),
	F("dateCompleted", RT_DATETIME),
	F("dateUpdated", RT_DATETIME),
};

static const struct res_param task_params[] = {
	P("customerID", "customerID", RT_INT, RP_CREATE),
	P("employeeID", "employeeID", RT_INT, RP_CREATE),
	P("addedBy", "addedBy", RT_INT, RP_CREATE),
	P("dueDate", "dueDate", RT_DATE, RP_CREATE),
	P("category", "category", RT_TEXT, RP_CREATE),
	P("description", "description", RT_TEXT, RP_CREATE | RP_REQUIRED),
	P("referenceID", "referenceID", RT_INT, RP_CREATE),
};

static const struct res_filter task_filters[] = {
	Q("taskIDs", "taskID", RT_INT),
	Q("officeIDs", "officeID", RT_INT),
	Q("customerIDs", "customerID", RT_INT),
	Q("employeeIDs", "employeeID", RT_INT),
	Q("completed", "completed", RT_INT),
	Q("dueDate", "dueDate", RT_DATE),
	QDATES("dueDate", RT_DATE),
	QUPDATED,
};

/* ---------------------------------------------------- lookups and flags */

/* The lookups working clients read (the live service); the generator
 * fills them, and the customer records' source ids point into
 * customerSource. */
static const struct res_field cancellationReason_fields[] = {
	F("reasonID", RT_INT), F("officeID", RT_INT), F("reason", RT_TEXT), F("visible", RT_INT),
};
static const struct res_filter cancellationReason_filters[] = {
	Q("reasonIDs", "reasonID", RT_INT), Q("officeIDs", "officeID", RT_INT),
	Q("visible", "visible", RT_INT),
};
static const struct res_field customerSource_fields[] = {
	F("sourceID", RT_INT), F("officeID", RT_INT), F("source", RT_TEXT), F("visible", RT_INT),
};
static const struct res_filter customerSource_filters[] = {
	Q("sourceIDs", "sourceID", RT_INT), Q("officeIDs", "officeID", RT_INT),
	Q("visible", "visible", RT_INT),
};
static const struct res_field appointmentRescheduleReason_fields[] = {
	F("rescheduleReasonID", RT_INT), F("officeID", RT_INT), F("reason", RT_TEXT),
	F("visible", RT_INT),
};
static const struct res_filter appointmentRescheduleReason_filters[] = {
	Q("rescheduleReasonIDs", "rescheduleReasonID", RT_INT), Q("officeIDs", "officeID", RT_INT),
	Q("visible", "visible", RT_INT),
};
static const struct res_field reserviceReason_fields[] = {
	F("reserviceReasonID", RT_INT), F("officeID", RT_INT), F("reason", RT_TEXT),
	F("visible", RT_INT),
};
static const struct res_filter reserviceReason_filters[] = {
	Q("reserviceReasonIDs", "reserviceReasonID", RT_INT), Q("officeIDs", "officeID", RT_INT),
	Q("visible", "visible", RT_INT),
};
/* A flag on a customer; get takes customerIDs and answers their flags, or
 * customerFlagIDs (the keys a search answers, which the client sends). */
static const char *const customerFlag_alias[] = { "customerFlagIDs", NULL };
static const struct res_field customerFlag_fields[] = {
	F("customerFlagID", RT_INT), F("customerID", RT_INT), F("officeID", RT_INT),
	F("flagID", RT_INT), F("code", RT_TEXT), F("description", RT_TEXT),
};
static const struct res_filter customerFlag_filters[] = {
	Q("customerFlagIDs", "customerFlagID", RT_INT), Q("customerIDs", "customerID", RT_INT),
	Q("officeIDs", "officeID", RT_INT), Q("flagIDs", "flagID", RT_INT),
};
static const struct res_filter office_filters[] = {
	Q("officeIDs", "officeID", RT_INT),
	Q("officeName", "officeName", RT_TEXT),
};

/* ----------------------------------------------------- internal tables */

/* Ticket items: the add-ons of ticket/getAddOns, createAddOn, setAddOns and
 * updateAddOn; the params serve those specials' validation. */
static const struct res_field ticketItem_fields[] = {
	F("itemID", RT_INT),
	F("ticketID", RT_INT),
	F("description", RT_TEXT),
	F("quantity", RT_INT),
	F("amount", RT_NUM),
	F("productID", RT_INT),
	F("serviceID", RT_INT),
	F("taxable", RT_INT),
	F("creditTo", RT_INT),
	F("unitID", RT_INT),
};

static const struct res_param ticketItem_params[] = {
	P("ticketID", "ticketID", RT_INT, RP_CREATE | RP_REQUIRED),
	P("amount", "amount", RT_NUM, RP_BOTH | RP_REQUIRED),
	P("taxable", "taxable", RT_INT, RP_BOTH | RP_REQUIRED),
	P("description", "description", RT_TEXT, RP_BOTH),
	P("quantity", "quantity", RT_INT, RP_BOTH),
	P("productID", "productID", RT_INT, RP_BOTH),
	P("serviceID", "serviceID", RT_INT, RP_BOTH),
	P("creditTo", "creditTo", RT_INT, RP_BOTH),
	P("unitID", "unitID", RT_INT, RP_BOTH),
};

/* Initial add-ons of a subscription (getInitialAddOns and friends). */
static const struct res_field initialAddOn_fields[] = {
	F("addOnID", RT_INT),
	F("subscriptionID", RT_INT),
	F("productID", RT_INT),
	F("serviceID", RT_INT),
	F("amount", RT_NUM),
	F("description", RT_TEXT),
	F("quantity", RT_INT),
	F("taxable", RT_INT),
	F("creditTo", RT_INT),
};

static const struct res_param initialAddOn_params[] = {
	P("subscriptionID", "subscriptionID", RT_INT, RP_CREATE | RP_REQUIRED),
	P("amount", "amount", RT_NUM, RP_BOTH | RP_REQUIRED),
	P("serviceID", "serviceID", RT_INT, RP_BOTH),
	P("quantity", "quantity", RT_INT, RP_BOTH),
	P("taxable", "taxable", RT_INT, RP_BOTH),
	P("creditTo", "creditTo", RT_INT, RP_BOTH),
	P("description", "description", RT_TEXT, RP_BOTH),
};

static const struct res_field leadStage_fields[] = {
	F("stageID", RT_INT),
	F("title", RT_TEXT),
	F("officeID", RT_INT),
};

static const struct res_field routeGroup_fields[] = {
	F("groupID", RT_INT),
	F("title", RT_TEXT),
	F("officeID", RT_INT),
};

/* The office location is the distance reference of route get. */
static const struct res_field office_fields[] = {
	F("officeID", RT_INT),
	F("officeName", RT_TEXT),
	F("address", RT_TEXT),
	F("city", RT_TEXT),
	F("state", RT_TEXT),
	F("zip", RT_TEXT),
	F("phone", RT_TEXT),
	F("email", RT_TEXT),
	F("timeZone", RT_TEXT),
	F("lat", RT_NUM),
	F("lng", RT_NUM),
};

/* Note types cannot be listed through the API; the sandbox keeps its own. */
static const struct res_field noteType_fields[] = {
	F("typeID", RT_INT),
	F("description", RT_TEXT),
};

/* ---------------------------------------------------------------- table */

/* After a designator the next initialiser fills the next member, so
 * ".fields = LIST(a)" sets fields and n_fields together. */
const struct resource res_table[] = {
	{
		.name = "note", .plural = "notes", .singular = "note",
		.pk = "noteID", .id_name = "noteIDs", .property = "noteIDs",
		.get_param = "noteIDs", .update_key = "contactID",
		.owner = "customerID", .class_id = 0,
		.ops = OPS_ALL, .in_spec = 1,
		.fields = LIST(note_fields), .params = LIST(note_params),
		.filters = LIST(note_filters), .specials = LIST(note_specials),
	},
	{
		.name = "document", .plural = "documents", .singular = "document",
		.pk = "uploadID", .id_name = "documentIDs", .property = "documentIDs",
		.get_param = "uploadIDs", .update_key = "uploadID",
		.write_member = "documentID", .owner = "customerID", .class_id = 42,
		.ops = OPS_ALL, .in_spec = 1,
		.fields = LIST(document_fields), .params = LIST(document_params),
		.filters = LIST(document_filters), .get_flags = document_flags,
		.specials = LIST(document_specials),
	},
	{
		.name = "region", .plural = "regions", .singular = "region",
		.pk = "regionID", .id_name = "regionIDs", .property = "regionIDs",
		.get_param = "regionIDs", .update_key = "regionID", .class_id = 24,
		.ops = OPS_READ, .in_spec = 1,
		.fields = LIST(region_fields), .filters = LIST(region_filters),
	},
	{
		.name = "changelog", .plural = "changelogs", .singular = "changelog",
		.pk = "changeID", .id_name = "changelogIDs", .property = "changelogIDs",
		.get_param = "changeIDs", .update_key = "changeID", .class_id = 0,
		.ops = OPS_READ, .in_spec = 1,
		.fields = LIST(changelog_fields), .filters = LIST(changelog_filters),
	},
	{
		.name = "ticket", .plural = "tickets", .singular = "ticket",
		.pk = "ticketID", .id_name = "ticketIDs", .property = "ticketIDs",
		.get_param = "ticketIDs", .update_key = "ticketID",
		.owner = "customerID", .class_id = 5,
		.ops = OPS_ALL, .in_spec = 1,
		.fields = LIST(ticket_fields), .params = LIST(ticket_params),
		.filters = LIST(ticket_filters), .defaults = LIST(ticket_defaults),
		.specials = LIST(ticket_specials),
	},
	{
		.name = "product", .plural = "products", .singular = "product",
		.pk = "productID", .id_name = "productIDs", .property = "productIDs",
		.get_param = "productIDs", .update_key = "productID", .class_id = 0,
		.ops = OPS_ALL, .in_spec = 1,
		.fields = LIST(product_fields), .params = LIST(product_params),
		.filters = LIST(product_filters),
	},
	{
		.name = "subscription", .plural = "subscriptions", .singular = "subscription",
		.pk = "subscriptionID", .id_name = "subscriptionIDs",
		.property = "subscriptionIDs", .get_param = "subscriptionIDs",
		.update_key = "subscriptionID", .write_member = "subscriptionID",
		.class_id = 7, .ops = OPS_ALL, .in_spec = 1,
		.fields = LIST(subscription_fields), .params = LIST(subscription_params),
		.filters = LIST(subscription_filters),
		.defaults = LIST(subscription_defaults), .get_flags = subscription_flags,
		.specials = LIST(subscription_specials),
	},
	{
		.name = "customer", .plural = "customers", .singular = "customer",
		.pk = "customerID", .id_name = "customerIDs", .property = "customerIDs",
		.get_param = "customerIDs", .update_key = "customerID", .class_id = 8,
		.ops = OPS_ALL, .in_spec = 1,
		.fields = LIST(customer_fields), .params = LIST(customer_params),
		.filters = LIST(customer_filters), .get_flags = customer_flags,
		.specials = LIST(customer_specials),
	},
	{
		.name = "paymentProfile", .plural = "paymentProfiles",
		.singular = "paymentProfile", .pk = "paymentProfileID",
		.id_name = "paymentProfileIDs", .property = "paymentProfileIDs",
		.get_param = "paymentProfileIDs", .update_key = "paymentProfileID",
		.write_member = "paymentProfileID", .owner = "customerID", .class_id = 6,
		.ops = OPS_ALL, .in_spec = 1,
		.fields = LIST(paymentProfile_fields),
		.params = LIST(paymentProfile_params),
		.filters = LIST(paymentProfile_filters),
	},
	{
		.name = "review", .plural = "reviews", .singular = "review",
		.pk = "feedbackID", .id_name = "reviewIDs", .property = "reviewIDs",
		.get_param = "feedbackIDs", .update_key = "feedbackID",
		.write_member = "reviewID", .class_id = 0,
		.ops = OP_SEARCH | OP_GET | OP_BYID | OP_UPDATE, .in_spec = 1,
		.fields = LIST(review_fields), .params = LIST(review_params),
		.filters = LIST(review_filters), .get_flags = review_flags,
		.specials = LIST(review_specials),
	},
	{
		.name = "form", .plural = "forms", .singular = "form",
		.pk = "formID", .id_name = "formIDs", .property = "formIDs",
		.get_param = "contractIDs", .update_key = "formID", .class_id = 0,
		.ops = OPS_READ, .in_spec = 1,
		.fields = LIST(form_fields), .filters = LIST(form_filters),
		.get_flags = document_flags,
	},
	{
		.name = "genericFlagAssignment", .plural = "genericFlagAssignments",
		.singular = "genericFlagAssignment", .pk = "genericFlagAssignmentID",
		.id_name = "genericFlagAssignmentIDs",
		.property = "genericFlagAssignmentIDs",
		.get_param = "genericFlagAssignmentIDs",
		.update_key = "genericFlagAssignmentID", .class_id = 0,
		.ops = OPS_READ, .in_spec = 1,
		.fields = LIST(genericFlagAssignment_fields),
		.filters = LIST(genericFlagAssignment_filters),
	},
	{
		.name = "route", .plural = "routes", .singular = "route",
		.pk = "routeID", .id_name = "routeIDs", .property = "routeIDs",
		.get_param = "routeIDs", .update_key = "routeID", .class_id = 3,
		.ops = OPS_ALL, .in_spec = 1,
		.fields = LIST(route_fields), .params = LIST(route_params),
		.filters = LIST(route_filters), .get_flags = route_flags,
		.specials = LIST(route_specials),
	},
	{
		.name = "appointmentReminder", .plural = "appointmentReminders",
		.singular = "appointmentReminder", .pk = "reminderID",
		.id_name = "appointmentReminderIDs",
		.property = "appointmentReminderIDs", .get_param = "reminderIDs",
		.update_key = "reminderID", .write_member = "appointmentReminderID",
		.class_id = 0, .ops = OPS_ALL, .in_spec = 1,
		.fields = LIST(appointmentReminder_fields),
		.params = LIST(appointmentReminder_params),
		.filters = LIST(appointmentReminder_filters),
	},
	{
		/* The one resource whose search answers under another name. */
		.name = "serviceType", .plural = "serviceTypes", .singular = "serviceType",
		.pk = "typeID", .id_name = "serviceTypeIDs", .property = "typeIDs",
		.get_param = "typeIDs", .update_key = "typeID", .class_id = 11,
		.ops = OPS_READ, .in_spec = 1,
		.fields = LIST(serviceType_fields), .filters = LIST(serviceType_filters),
	},
	{
		.name = "employee", .plural = "employees", .singular = "employee",
		.pk = "employeeID", .id_name = "employeeIDs", .property = "employeeIDs",
		.get_param = "employeeIDs", .update_key = "employeeID",
		.write_member = "employeeID", .class_id = 1,
		.ops = OPS_ALL, .in_spec = 1,
		.fields = LIST(employee_fields), .params = LIST(employee_params),
		.filters = LIST(employee_filters), .defaults = LIST(employee_defaults),
		.specials = LIST(employee_specials),
	},
	{
		.name = "timeClockCategory", .plural = "timeClockCategories",
		.singular = "timeClockCategory", .pk = "clockCategoryID",
		.id_name = "timeClockCategoryIDs", .property = "timeClockCategoryIDs",
		.get_param = "clockCategoryIDs", .update_key = "clockCategoryID",
		.class_id = 43, .ops = OPS_READ, .in_spec = 1,
		.fields = LIST(timeClockCategory_fields),
		.filters = LIST(timeClockCategory_filters),
	},
	{
		.name = "timeClock", .plural = "timeClocks", .singular = "timeClock",
		.pk = "entryID", .id_name = "timeClockIDs", .property = "timeClockIDs",
		.get_param = "entryIDs", .update_key = "entryID", .class_id = 54,
		.ops = OPS_READ, .in_spec = 1,
		.fields = LIST(timeClock_fields), .filters = LIST(timeClock_filters),
	},
	{
		.name = "chemicalUse", .plural = "chemicalUses", .singular = "chemicalUse",
		.pk = "chemicalUseID", .id_name = "chemicalUseIDs",
		.property = "chemicalUseIDs", .get_param = "chemicalUseIDs",
		.update_key = "chemicalUseID", .class_id = 0,
		.ops = OPS_READ, .in_spec = 1,
		.fields = LIST(chemicalUse_fields), .filters = LIST(chemicalUse_filters),
	},
	{
		.name = "chemical", .plural = "chemicals", .singular = "chemical",
		.pk = "chemicalID", .id_name = "chemicalIDs", .property = "chemicalIDs",
		.get_param = "chemicalIDs", .update_key = "chemicalID", .class_id = 35,
		.ops = OPS_READ, .in_spec = 1,
		.fields = LIST(chemical_fields), .filters = LIST(chemical_filters),
	},
	{
		.name = "applicationMethod", .plural = "applicationMethods",
		.singular = "applicationMethod", .pk = "applicationMethodID",
		.id_name = "applicationMethodIDs", .property = "applicationMethodIDs",
		.get_param = "applciationMethodIDs", .get_alias = applicationMethod_alias,
		.update_key = "applicationMethodID", .class_id = 0,
		.ops = OPS_READ, .in_spec = 1,
		.fields = LIST(applicationMethod_fields),
		.filters = LIST(applicationMethod_filters),
	},
	{
		.name = "appointment", .plural = "appointments", .singular = "appointment",
		.pk = "appointmentID", .id_name = "appointmentIDs",
		.property = "appointmentIDs", .get_param = "appointmentIDs",
		.update_key = "appointmentID", .owner = "customerID", .class_id = 4,
		.ops = OPS_ALL, .in_spec = 0,
		.fields = LIST(appointment_fields), .params = LIST(appointment_params),
		.filters = LIST(appointment_filters),
		.defaults = LIST(appointment_defaults), .specials = LIST(appointment_specials),
	},
	{
		.name = "spot", .plural = "spots", .singular = "spot",
		.pk = "spotID", .id_name = "spotIDs", .property = "spotIDs",
		.get_param = "spotIDs", .update_key = "spotID", .class_id = 0,
		.ops = OPS_READ, .in_spec = 0,
		.fields = LIST(spot_fields), .filters = LIST(spot_filters),
		.specials = LIST(spot_specials),
	},
	{
		.name = "task", .plural = "tasks", .singular = "task",
		.pk = "taskID", .id_name = "taskIDs", .property = "taskIDs",
		.get_param = "taskIDs", .update_key = "taskID", .class_id = 62,
		.ops = OPS_READ | OP_CREATE, .in_spec = 0,
		.fields = LIST(task_fields), .params = LIST(task_params),
		.filters = LIST(task_filters),
	},
	{
		.name = "cancellationReason", .plural = "cancellationReasons",
		.singular = "cancellationReason", .pk = "reasonID", .id_name = "reasonIDs",
		.property = "reasonIDs", .get_param = "reasonIDs", .update_key = "reasonID",
		.class_id = 18, .ops = OPS_READ, .in_spec = 0,
		.fields = LIST(cancellationReason_fields),
		.filters = LIST(cancellationReason_filters),
	},
	{
		.name = "customerSource", .plural = "customerSources",
		.singular = "customerSource", .pk = "sourceID", .id_name = "sourceIDs",
		.property = "sourceIDs", .get_param = "sourceIDs", .update_key = "sourceID",
		.class_id = 19, .ops = OPS_READ, .in_spec = 0,
		.fields = LIST(customerSource_fields), .filters = LIST(customerSource_filters),
	},
	{
		.name = "appointmentRescheduleReason", .plural = "appointmentRescheduleReasons",
		.singular = "appointmentRescheduleReason", .pk = "rescheduleReasonID",
		.id_name = "rescheduleReasonIDs", .property = "rescheduleReasonIDs",
		.get_param = "rescheduleReasonIDs", .update_key = "rescheduleReasonID",
		.class_id = 0, .ops = OPS_READ, .in_spec = 0,
		.fields = LIST(appointmentRescheduleReason_fields),
		.filters = LIST(appointmentRescheduleReason_filters),
	},
	{
		.name = "reserviceReason", .plural = "reserviceReasons",
		.singular = "reserviceReason", .pk = "reserviceReasonID",
		.id_name = "reserviceReasonIDs", .property = "reserviceReasonIDs",
		.get_param = "reserviceReasonIDs", .update_key = "reserviceReasonID",
		.class_id = 0, .ops = OPS_READ, .in_spec = 0,
		.fields = LIST(reserviceReason_fields), .filters = LIST(reserviceReason_filters),
	},
	{
		.name = "customerFlag", .plural = "customerFlags", .singular = "customerFlag",
		.pk = "customerFlagID", .id_name = "customerFlagIDs",
		.property = "customerFlagIDs", .get_param = "customerIDs", .get_by = "customerID",
		.get_alias = customerFlag_alias,
		.update_key = "customerFlagID", .class_id = 0, .ops = OPS_READ, .in_spec = 0,
		.fields = LIST(customerFlag_fields), .filters = LIST(customerFlag_filters),
	},
	{
		.name = "ticketItem", .plural = "addOns", .singular = "addOn",
		.pk = "itemID", .id_name = "itemIDs", .property = "itemIDs",
		.get_param = "itemIDs", .update_key = "itemID", .owner = "ticketID",
		.class_id = 0, .ops = 0, .in_spec = 0,
		.fields = LIST(ticketItem_fields), .params = LIST(ticketItem_params),
	},
	{
		.name = "initialAddOn", .plural = "addOns", .singular = "addOn",
		.pk = "addOnID", .id_name = "addOnIDs", .property = "addOnIDs",
		.get_param = "addOnIDs", .update_key = "addOnID",
		.owner = "subscriptionID", .class_id = 0, .ops = 0, .in_spec = 0,
		.fields = LIST(initialAddOn_fields), .params = LIST(initialAddOn_params),
	},
	{
		.name = "leadStage", .plural = "leadStages", .singular = "leadStage",
		.pk = "stageID", .id_name = "stageIDs", .property = "stageIDs",
		.get_param = "stageIDs", .update_key = "stageID", .class_id = 0,
		.ops = 0, .in_spec = 0, .fields = LIST(leadStage_fields),
	},
	{
		.name = "routeGroup", .plural = "routeGroups", .singular = "routeGroup",
		.pk = "groupID", .id_name = "groupIDs", .property = "groupIDs",
		.get_param = "groupIDs", .update_key = "groupID", .class_id = 0,
		.ops = 0, .in_spec = 0, .fields = LIST(routeGroup_fields),
	},
	{
		.name = "office", .plural = "offices", .singular = "office",
		.pk = "officeID", .id_name = "officeIDs", .property = "officeIDs",
		.get_param = "officeIDs", .update_key = "officeID", .class_id = 32,
		.ops = OPS_READ, .in_spec = 0, .fields = LIST(office_fields),
		.filters = LIST(office_filters),
	},
	{
		.name = "noteType", .plural = "noteTypes", .singular = "noteType",
		.pk = "typeID", .id_name = "typeIDs", .property = "typeIDs",
		.get_param = "typeIDs", .update_key = "typeID", .class_id = 0,
		.ops = 0, .in_spec = 0, .fields = LIST(noteType_fields),
	},
};

const size_t res_count = sizeof(res_table) / sizeof(res_table[0]);
