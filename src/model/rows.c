/* rows.c: which members of each resource the console keeps, and where (data only). */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "model/model.h"
#include "model/rows.h"

/* One member: M(wire name, storage, struct, member). */
#define M(n, st, T, m) { n, st, offsetof(T, m), 0, NULL }
#define LIST(a) (a), (sizeof(a) / sizeof((a)[0]))

#define R(n, st, m) M(n, st, struct m_route, m)
static const struct m_member route_members[] = {
	R("routeID", MS_LL, id),
	R("officeID", MS_LL, office_id),
	R("groupID", MS_LL, group_id),
	R("assignedTech", MS_LL, tech_id),
	R("date", MS_DATE, date),
	R("title", MS_TEXT, title),
	R("groupTitle", MS_TEXT, group_title),
	R("dayNotes", MS_TEXT_OPT, day_notes),
	R("dayAlert", MS_TEXT_OPT, day_alert),
	R("lockedRoute", MS_INT, locked),
	R("dateUpdated", MS_STAMP, updated),
};
#undef R

#define A(n, st, m) M(n, st, struct m_appt, m)
static const struct m_member appt_members[] = {
	A("appointmentID", MS_LL, id),
	A("routeID", MS_LL, route_id),
	A("customerID", MS_LL, customer_id),
	A("officeID", MS_LL, office_id),
	A("subscriptionID", MS_LL, subscription_id),
	A("type", MS_LL, service_type_id),
	A("ticketID", MS_LL, ticket_id),
	A("assignedTech", MS_LL, tech_id),
	A("servicedBy", MS_LL, serviced_by),
	A("status", MS_STATUS, status),
	A("sequence", MS_INT, sequence),
	A("duration", MS_INT, duration),
	A("callAhead", MS_INT, call_ahead),
	A("isInitial", MS_INT, is_initial),
	A("date", MS_DATE, date),
	A("start", MS_HHMM, start),
	A("end", MS_HHMM, end),
	A("timeIn", MS_HHMM, time_in),
	A("timeOut", MS_HHMM, time_out),
	A("timeWindow", MS_TEXT_OPT, time_window),
	A("notes", MS_TEXT_OPT, notes),
	A("officeNotes", MS_TEXT_OPT, office_notes),
	A("dateUpdated", MS_STAMP, updated),
};
#undef A

#define C(n, st, m) M(n, st, struct m_customer, m)
static const struct m_member customer_members[] = {
	C("customerID", MS_LL, id),
	C("officeID", MS_LL, office_id),
	C("fname", MS_TEXT, fname),
	C("lname", MS_TEXT, lname),
	C("companyName", MS_TEXT, company),
	C("address", MS_TEXT, address),
	C("city", MS_TEXT, city),
	C("state", MS_TEXT, state),
	C("zip", MS_TEXT, zip),
	C("phone1", MS_TEXT, phone),
	C("email", MS_TEXT, email),
	C("notes", MS_TEXT_OPT, red_notes),
	C("balance", MS_CENTS, balance),
	C("balanceAge", MS_INT, balance_age),
	C("status", MS_INT, status),
	C("commercialAccount", MS_INT, commercial),
	C("dateAdded", MS_DAY_OF, added),
	C("dateUpdated", MS_STAMP, updated),
};
#undef C

#define S(n, st, m) M(n, st, struct m_subscription, m)
static const struct m_member subscription_members[] = {
	S("subscriptionID", MS_LL, id),
	S("customerID", MS_LL, customer_id),
	S("officeID", MS_LL, office_id),
	S("serviceID", MS_LL, service_type_id),
	S("preferredTech", MS_LL, preferred_tech),
	S("active", MS_INT, active),
	S("serviceType", MS_TEXT, service_type),
	/* "CUSTOM" is a real schedule the service cannot express in days. */
	{ "frequency", MS_FREQ, offsetof(struct m_subscription, frequency),
	  offsetof(struct m_subscription, frequency_custom), NULL },
	S("recurringCharge", MS_CENTS, recurring_charge),
	S("contractValue", MS_CENTS, contract_value),
	S("nextService", MS_DATE, next_service),
	S("lastCompleted", MS_DATE, last_completed),
	S("leadStageID", MS_LL, lead_stage_id),
	S("leadStage", MS_TEXT_OPT, lead_stage),
	S("leadStatus", MS_TEXT_OPT, lead_status),
	S("leadValue", MS_CENTS, lead_value),
	S("dateUpdated", MS_STAMP, updated),
};
#undef S

#define I(n, st, m) M(n, st, struct m_item, m)
static const struct m_member item_members[] = {
	I("itemID", MS_LL, id),
	I("ticketID", MS_LL, ticket_id),
	I("productID", MS_LL, product_id),
	I("description", MS_TEXT, description),
	I("quantity", MS_INT, quantity),
	I("taxable", MS_INT, taxable),
	I("amount", MS_CENTS, amount),
};
#undef I

static const struct m_row_kind item_kind = {
	"ticketItem", sizeof(struct m_item), LIST(item_members)
};

#define T(n, st, m) M(n, st, struct m_ticket, m)
static const struct m_member ticket_members[] = {
	T("ticketID", MS_LL, id),
	T("customerID", MS_LL, customer_id),
	T("subscriptionID", MS_LL, subscription_id),
	T("appointmentID", MS_LL, appointment_id),
	T("serviceID", MS_LL, service_id),
	T("active", MS_INT, active),
	T("invoiceDate", MS_DATE, invoice_date),
	T("invoiceNumber", MS_TEXT, invoice_number),
	T("subTotal", MS_CENTS, subtotal),
	T("taxAmount", MS_CENTS, tax),
	T("total", MS_CENTS, total),
	T("balance", MS_CENTS, balance),
	T("dateUpdated", MS_STAMP, updated),
	{ "items", MS_ROWS, offsetof(struct m_ticket, items), offsetof(struct m_ticket, n_items),
	  &item_kind },
};
#undef T

#define N(n, st, m) M(n, st, struct m_note, m)
static const struct m_member note_members[] = {
	N("noteID", MS_LL, id),
	N("customerID", MS_LL, customer_id),
	N("employeeID", MS_LL, employee_id),
	N("typeID", MS_LL, type_id),
	N("referenceID", MS_LL, reference_id),
	N("type", MS_TEXT, type),
	N("notes", MS_TEXT, text),
	N("employeeName", MS_TEXT, employee_name),
	N("showTech", MS_INT, show_tech),
	N("showCustomer", MS_INT, show_customer),
	N("showOnInvoice", MS_INT, show_invoice),
	N("date", MS_STAMP, date),
	N("dateUpdated", MS_STAMP, updated),
};
#undef N

#define E(n, st, m) M(n, st, struct m_employee, m)
static const struct m_member employee_members[] = {
	E("employeeID", MS_LL, id),
	E("officeID", MS_LL, office_id),
	E("fname", MS_TEXT, fname),
	E("lname", MS_TEXT, lname),
	E("initials", MS_TEXT, initials),
	E("type", MS_INT, type),
	E("active", MS_INT, active),
};
#undef E

static const struct m_member service_type_members[] = {
	M("typeID", MS_LL, struct m_service_type, id),
	M("description", MS_TEXT, struct m_service_type, description),
	M("defaultCharge", MS_CENTS, struct m_service_type, default_charge),
};

#define P(n, st, m) M(n, st, struct m_product, m)
static const struct m_member product_members[] = {
	P("productID", MS_LL, id),
	P("description", MS_TEXT, description),
	P("code", MS_TEXT, code),
	P("amount", MS_CENTS, amount),
	P("taxable", MS_INT, taxable),
};
#undef P

#define KIND(var, res, T, members) \
	static const struct m_row_kind var = { res, sizeof(T), LIST(members) };
KIND(route_kind, "route", struct m_route, route_members)
KIND(appt_kind, "appointment", struct m_appt, appt_members)
KIND(customer_kind, "customer", struct m_customer, customer_members)
KIND(subscription_kind, "subscription", struct m_subscription, subscription_members)
KIND(ticket_kind, "ticket", struct m_ticket, ticket_members)
KIND(note_kind, "note", struct m_note, note_members)
KIND(employee_kind, "employee", struct m_employee, employee_members)
KIND(service_type_kind, "serviceType", struct m_service_type, service_type_members)
KIND(product_kind, "product", struct m_product, product_members)
#undef KIND

const struct m_row_kind *const m_row_kinds[] = {
	&route_kind, &appt_kind, &customer_kind, &subscription_kind, &ticket_kind,
	&note_kind, &employee_kind, &service_type_kind, &product_kind, &item_kind,
};
const size_t m_row_kinds_count = sizeof(m_row_kinds) / sizeof(m_row_kinds[0]);

const struct m_row_kind *m_row_kind_find(const char *resource)
{
	if (!resource)
		return NULL;
	for (size_t i = 0; i < m_row_kinds_count; i++)
		if (strcmp(m_row_kinds[i]->resource, resource) == 0)
			return m_row_kinds[i];
	return NULL;
}
