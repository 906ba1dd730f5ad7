/* handle_schedule.c: appointment create, update, cancel and complete, with the route's locks and the spots they take; task create. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/ops/handle_write.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/ops/request.h"
#include "sandbox/store/store.h"

/*
 * The live service's rules: a route with lockedRoute "1" refuses
 * appointment writes unless bypassLockedRoute=1; apiCanSchedule "0" on the
 * route or the spot refuses scheduling writes with a message saying an
 * administrator must allow it.  A cancel sets status -1, statusText
 * Cancelled, dateCancelled and cancelledBy; a complete (status 1 or 2)
 * creates the visit's invoice, a ticket carrying the appointmentID.  Each
 * write leaves a changelog record (Appointment, and Ticket for the invoice).
 */

#define CLASS_TICKET 5

static long long ll(const cJSON *rec, const char *field)
{
	return strtoll(write_get(rec, field), NULL, 10);
}

/* "HH:MM:SS" to seconds and back. */
static long secs_of(const char *t)
{
	int h = 0, m = 0, s = 0;

	if (sscanf(t, "%d:%d:%d", &h, &m, &s) < 2)
		return -1;
	return h * 3600L + m * 60L + s;
}

static void time_of(long secs, char out[9])
{
	if (secs < 0)
		secs = 0;
	if (secs > 86399)
		secs = 86399;
	snprintf(out, 9, "%02ld:%02ld:%02ld", secs / 3600, secs / 60 % 60, secs % 60);
}

/* The route's rules for an appointment write.  scheduling: a write that
 * places or removes a visit (apiCanSchedule applies).  0 or -1 with ans. */
static int route_allows(struct sb_req *req, struct sb_answer *ans, const cJSON *route,
                        const cJSON *spot, int scheduling)
{
	int bypass;

	if (write_flag(req, "bypassLockedRoute", &bypass, ans))
		return -1;
	if (!strcmp(write_get(route, "lockedRoute"), "1") && !bypass) {
		ans_error(ans, 200, "Route %s is locked: appointment writes are refused unless "
		          "bypassLockedRoute=1", write_get(route, "routeID"));
		return -1;
	}
	if (scheduling && (!strcmp(write_get(route, "apiCanSchedule"), "0") ||
	                   (spot && !strcmp(write_get(spot, "apiCanSchedule"), "0")))) {
		ans_error(ans, 200, "Scheduling through the API is not allowed on route %s "
		          "(apiCanSchedule is 0): an administrator must allow it first",
		          write_get(route, "routeID"));
		return -1;
	}
	return 0;
}

/* start, end and duration made consistent from what was sent and the spot. */
static void appt_times(struct write_op *op, const cJSON *spot)
{
	const cJSON *has_dur = cJSON_GetObjectItemCaseSensitive(op->obj, "duration");
	long start, end;
	char buf[24];

	if (spot) {
		write_default(op->r, op->obj, "start", write_get(spot, "start"));
		if (!has_dur)
			write_default(op->r, op->obj, "end", write_get(spot, "end"));
	}
	start = secs_of(*write_get(op->obj, "start") ? write_get(op->obj, "start")
	                                              : write_get(op->old, "start"));
	end = secs_of(*write_get(op->obj, "end") ? write_get(op->obj, "end")
	                                          : write_get(op->old, "end"));
	if (has_dur && !cJSON_GetObjectItemCaseSensitive(op->obj, "end") && start >= 0) {
		time_of(start + 60 * strtol(write_get(op->obj, "duration"), NULL, 10), buf);
		write_set(op->r, op->obj, "end", buf);
	} else if (!has_dur && start >= 0 && end > start) {
		snprintf(buf, sizeof buf, "%ld", (end - start) / 60);
		write_set(op->r, op->obj, "duration", buf);
	}
}

/* The spot a create or update takes: occupied, reserved and on which
 * route.  0 or -1 with ans. */
static int appt_spot_rules(struct write_op *op, const cJSON *spot)
{
	const char *token = req_string(op->req, "reservation");
	const char *cur = write_get(spot, "currentAppointment");
	int reject, fixed;

	if (write_flag(op->req, "rejectOccupiedSpots", &reject, op->ans) ||
	    write_flag(op->req, "rejectFixedOccupiedSpots", &fixed, op->ans))
		return -1;
	reject = reject || fixed;

	if (*cur && ll(spot, "currentAppointment") != op->id && reject) {
		ans_error(op->ans, 200, "Spot %s is occupied by appointment %s",
		          write_get(spot, "spotID"), cur);
		return -1;
	}
	if (token && *token && !spots_token_ok(op->req, spot, token)) {
		ans_error(op->ans, 200, "Invalid value for reservation: not a live reservation of "
		          "spot %s (expired, released or for another spot)", write_get(spot, "spotID"));
		return -1;
	}
	if ((!token || !*token) && spots_reservation_live(op->req, spot)) {
		ans_error(op->ans, 200, "Spot %s is reserved until %s: send the token of spot/reserve "
		          "as reservation", write_get(spot, "spotID"), write_get(spot, "reservationEnd"));
		return -1;
	}
	return 0;
}

/*
 * The sequence a visit takes on a route it joins (created on it, or moved
 * to it from another): one past the highest of the route's visits, so it
 * comes after the last stop.  Neither the specification nor the live notes
 * say what the service does.  The number a moved visit kept from its old
 * route tied it with, or slotted it among, the new route's stops by
 * chance, and a created one's 0 put it before the first; renumbering the
 * stops already there instead would move visits nobody touched.  0 with
 * *seq, or -1 with op->ans.
 */
static int route_next_sequence(struct write_op *op, long long route_id, long long *seq)
{
	cJSON *arr = cJSON_CreateArray(), *a;
	long long *ids = NULL;
	size_t n = 0;
	char buf[24], *err = NULL;

	*seq = 1;
	snprintf(buf, sizeof buf, "%lld", route_id);
	if (write_find(op->req, op->r, "routeID", RT_INT, buf, &ids, &n, op->ans)) {
		cJSON_Delete(arr);
		return -1;
	}
	if (n && store_get(op->req->ctx->store, op->r, ids, n, 1, arr, &err) < 0) {
		free(ids);
		cJSON_Delete(arr);
		return write_store_error(op->ans, err);
	}
	cJSON_ArrayForEach(a, arr)
		if (ll(a, "appointmentID") != op->id && ll(a, "sequence") >= *seq)
			*seq = ll(a, "sequence") + 1;
	free(ids);
	cJSON_Delete(arr);
	return 0;
}

static int appt_before(struct write_op *op)
{
	const struct resource *sr = res_find("spot"), *rr = res_find("route"),
	                      *st = res_find("serviceType");
	long long spot_id = ll(op->obj, "spotID"), route_id = ll(op->obj, "routeID");
	cJSON *spot = NULL, *route = NULL, *svc = NULL;
	int rc = -1;

	/* An update names the route a visit moves to; 0 (or less) names
	 * none, and taking it left a record of no route that kept its old
	 * route's spot and day.  Refused as any id of no route is. */
	if (op->old && !spot_id && route_id <= 0 && cJSON_GetObjectItemCaseSensitive(op->obj, "routeID")) {
		ans_error(op->ans, 200, "No route found with id %s", write_get(op->obj, "routeID"));
		goto out;
	}
	if (!route_id && op->old && !spot_id)
		route_id = ll(op->old, "routeID");
	if (spot_id > 0) {
		if (write_need(op->req, sr, spot_id, &spot, op->ans))
			goto out;
		if (route_id && cJSON_GetObjectItemCaseSensitive(op->obj, "routeID") &&
		    route_id != ll(spot, "routeID")) {
			ans_error(op->ans, 200, "Spot %lld is on route %s, not on route %lld", spot_id,
			          write_get(spot, "routeID"), route_id);
			goto out;
		}
		route_id = ll(spot, "routeID");
		write_set(op->r, op->obj, "routeID", write_get(spot, "routeID"));
	}
	/* Neither spot nor route is required (the live service): without
	 * them the visit is unrouted, routeID "0" as the column's unset value,
	 * the date unset and the office the customer's, with no route's rules
	 * to meet. */
	if (route_id != 0 && (write_need(op->req, rr, route_id, &route, op->ans) ||
	                      route_allows(op->req, op->ans, route, spot, 1)))
		goto out;
	/* Moving to another route leaves the old one's rules to be met too. */
	if (op->old && ll(op->old, "routeID") != route_id) {
		cJSON *was = NULL;
		int bad = write_load(op->req, rr, ll(op->old, "routeID"), &was, op->ans) < 0 ||
		          (was && route_allows(op->req, op->ans, was, NULL, 1));
		cJSON_Delete(was);
		if (bad)
			goto out;
		if (spot_id <= 0)
			write_set(op->r, op->obj, "spotID", "0");
	}
	if (spot && appt_spot_rules(op, spot))
		goto out;
	if (route && (!op->old || ll(op->old, "routeID") != route_id)) {
		long long seq;
		char buf[24];
		if (route_next_sequence(op, route_id, &seq))
			goto out;
		snprintf(buf, sizeof buf, "%lld", seq);
		write_set(op->r, op->obj, "sequence", buf);
	}
	if (cJSON_GetObjectItemCaseSensitive(op->obj, "type") &&
	    write_need(op->req, st, ll(op->obj, "type"), &svc, op->ans))
		goto out;
	if (route)
		write_set(op->r, op->obj, "date", write_get(route, "date"));
	if (op->is_create) {
		if (route)
			write_set(op->r, op->obj, "officeID", write_get(route, "officeID"));
		write_default(op->r, op->obj, "routeID", "0");
		write_default(op->r, op->obj, "status", "0");
		write_default(op->r, op->obj, "statusText", "Pending");
		write_default(op->r, op->obj, "subscriptionID", "-1");
		write_default(op->r, op->obj, "assignedTech", "0");
		/* What a generated record carries where nothing happened yet. */
		static const char *const zero[] = { "isInitial", "servicedBy", "ticketID", "sequence",
			"cancelledBy", NULL };
		static const char *const empty[] = { "notes", "officeNotes", "appointmentNotes",
			"cancelReason", NULL };
		for (size_t i = 0; zero[i]; i++)
			write_default(op->r, op->obj, zero[i], "0");
		for (size_t i = 0; empty[i]; i++)
			write_default(op->r, op->obj, empty[i], "");
		if (svc && !cJSON_GetObjectItemCaseSensitive(op->obj, "duration") &&
		    !cJSON_GetObjectItemCaseSensitive(op->obj, "end") && !spot)
			write_set(op->r, op->obj, "duration", write_get(svc, "defaultLength"));
	}
	appt_times(op, spot);
	if (op->is_create)
		write_default(op->r, op->obj, "timeWindow",
		              secs_of(write_get(op->obj, "start")) >= 12 * 3600 ? "PM" : "AM");
	rc = 0;
out:
	cJSON_Delete(spot);
	cJSON_Delete(route);
	cJSON_Delete(svc);
	return rc;
}

/* The spots follow: the new one is taken, a left one freed. */
static int appt_after(struct write_op *op)
{
	long long cust = op->old ? ll(op->old, "customerID") : ll(op->obj, "customerID");
	long long was = op->old ? ll(op->old, "spotID") : 0;
	const cJSON *now = cJSON_GetObjectItemCaseSensitive(op->obj, "spotID");
	long long spot = now ? ll(op->obj, "spotID") : was;

	if (was > 0 && was != spot && spots_link(op, was, op->id, cust, 0))
		return -1;
	if (spot > 0 && (spot != was || op->is_create) && spots_link(op, spot, op->id, cust, 1))
		return -1;
	return 0;
}

const struct write_hooks hooks_appointment = { appt_before, appt_after, NULL };

/* ---- cancel and complete ---- */

/* Loads the appointment named by appointmentID and its route, checking the
 * route's rules.  0 or -1 with ans (the transaction is the caller's). */
static int appt_load(struct write_op *op, cJSON **route, int scheduling)
{
	const struct resource *rr = res_find("route");

	*route = NULL;
	if (write_key(op->req, "appointmentID", &op->id, op->ans) || write_begin(op))
		return -1;
	if (write_need(op->req, op->r, op->id, &op->old, op->ans))
		return -1;
	if (ll(op->old, "routeID") > 0 &&
	    write_load(op->req, rr, ll(op->old, "routeID"), route, op->ans) < 0)
		return -1;
	if (*route && route_allows(op->req, op->ans, *route, NULL, scheduling))
		return -1;
	return 0;
}

/* Writes op->obj on the appointment and commits with its changelog. */
static int appt_store(struct write_op *op)
{
	char *err = NULL;

	op->notes = write_diff(op->r, op->old, op->obj);
	write_stamp(op->req, op->r, op->obj, 0);
	if (store_update(op->req->ctx->store, op->r, op->id, op->obj, &err) < 0)
		return write_store_error(op->ans, err);
	return write_commit(op, op->r->class_id, op->id);
}

static void cancel(struct write_op *op)
{
	const char *reason = req_string(op->req, "cancelReason");
	long long by = 0;
	cJSON *route = NULL;
	char now[20], buf[24];

	if (req_int(op->req, "cancelledBy", &by) < 0) {
		ans_error(op->ans, 200, "Invalid value for cancelledBy: must be an integer");
		return;
	}
	if (appt_load(op, &route, 1) ||
	    write_check_ref(op->req, op->r->name, "cancelledBy", by, NULL, op->ans))
		goto fail;
	if (!strcmp(write_get(op->old, "status"), "-1")) {
		ans_error(op->ans, 200, "Appointment %lld is already cancelled", op->id);
		goto fail;
	}
	if (!strcmp(write_get(op->old, "status"), "1")) {
		ans_error(op->ans, 200, "Appointment %lld is completed and cannot be cancelled", op->id);
		goto fail;
	}
	sb_timestamp(op->req->ctx, now);
	snprintf(buf, sizeof buf, "%lld", by);
	write_set(op->r, op->obj, "status", "-1");
	write_set(op->r, op->obj, "statusText", "Cancelled");
	write_set(op->r, op->obj, "dateCancelled", now);
	write_set(op->r, op->obj, "cancelledBy", buf);
	write_set(op->r, op->obj, "cancelReason", reason ? reason : "");
	if (spots_link(op, ll(op->old, "spotID"), op->id, ll(op->old, "customerID"), 0) ||
	    appt_store(op))
		goto fail;
	cJSON_Delete(op->ans->members);
	op->ans->members = cJSON_CreateObject();
	cJSON_AddNumberToObject(op->ans->members, "result", (double)op->id);
	cJSON_Delete(route);
	return;
fail:
	store_rollback(op->req->ctx->store);
	cJSON_Delete(route);
}

/* The visit's invoice: the service type's charge, or the subscription's
 * recurring charge when it has one.  0 with *id, or -1 with ans. */
static int visit_ticket(struct write_op *op, const char *now, long long *id)
{
	const struct resource *tr = res_find("ticket"), *cr = res_find("customer"),
	                      *st = res_find("serviceType"), *sr = res_find("subscription");
	cJSON *cust = NULL, *svc = NULL, *sub = NULL, *t = cJSON_CreateObject(), *notes;
	long long sub_id = ll(op->old, "subscriptionID");
	const char *charge = "0.00", *bill;
	char money[32], *err = NULL;
	int rc = -1;

	if (write_need(op->req, cr, ll(op->old, "customerID"), &cust, op->ans) ||
	    write_load(op->req, st, ll(op->old, "type"), &svc, op->ans) < 0 ||
	    (sub_id > 0 && write_load(op->req, sr, sub_id, &sub, op->ans) < 0))
		goto out;
	if (svc)
		charge = write_get(svc, "defaultCharge");
	if (sub && write_cents(write_get(sub, "recurringCharge")) > 0)
		charge = write_get(sub, "recurringCharge");
	write_money(write_cents(charge), money);
	bill = write_get(cust, "billToAccountID");
	write_set(tr, t, "customerID", write_get(op->old, "customerID"));
	write_set(tr, t, "billToAccountID", ll(cust, "billToAccountID") > 0 ? bill
	                                    : write_get(op->old, "customerID"));
	write_set(tr, t, "officeID", write_get(op->old, "officeID"));
	write_set(tr, t, "invoiceDate", write_get(op->old, "date"));
	write_set(tr, t, "active", "1");
	write_set(tr, t, "subTotal", money);
	write_set(tr, t, "taxAmount", "0.00");
	write_set(tr, t, "total", money);
	write_set(tr, t, "serviceCharge", money);
	write_set(tr, t, "serviceTaxable", "0");
	write_set(tr, t, "productionValue", money);
	write_set(tr, t, "taxRate", "0.000000");
	write_set(tr, t, "balance", money);
	write_set(tr, t, "appointmentID", write_get(op->old, "appointmentID"));
	write_set(tr, t, "subscriptionID", sub_id > 0 ? write_get(op->old, "subscriptionID") : "0");
	write_set(tr, t, "serviceID", write_get(op->old, "type"));
	write_set(tr, t, "invoiceNumber", "");
	write_set(tr, t, "templateType", "NA"); /* no template, as generated */
	write_set(tr, t, "additionalNotes", "");
	write_stamp(op->req, tr, t, 1);
	write_set(tr, t, "dateCreated", now);
	if (store_insert(op->req->ctx->store, tr, t, id, &err) < 0) {
		write_store_error(op->ans, err);
		goto out;
	}
	notes = cJSON_Duplicate(t, 1);
	rc = write_log(op->req, CLASS_TICKET, *id, 0, notes, op->ans);
	cJSON_Delete(notes);
out:
	cJSON_Delete(cust);
	cJSON_Delete(svc);
	cJSON_Delete(sub);
	cJSON_Delete(t);
	return rc;
}

static void complete(struct write_op *op)
{
	static const char *const times[] = { "timeIn", "timeOut" };
	const char *cnotes = req_string(op->req, "completionNotes");
	const char *onotes = req_string(op->req, "officeNotes");
	long long status = 0, ticket = 0;
	cJSON *route = NULL;
	char now[20], buf[24];
	int rs;

	/* The record's key is named first when missing or malformed, as every
	 * other write names its own (the live operation lists it first). */
	if (write_key(op->req, "appointmentID", &op->id, op->ans))
		return;
	rs = req_int(op->req, "status", &status);
	if (rs == 1) {
		ans_error(op->ans, 200, "Missing required parameter: status");
		return;
	}
	if (rs < 0 || (status != 1 && status != 2)) {
		ans_error(op->ans, 200, "Invalid value for status: must be 1 (completed) or 2 (no show)");
		return;
	}
	for (size_t i = 0; i < 2; i++) {
		const char *v = req_string(op->req, times[i]);
		if (v && *v && write_check_value(RT_DATETIME, v)) {
			ans_error(op->ans, 200, "Invalid value for %s: %s", times[i],
			          write_check_value(RT_DATETIME, v));
			return;
		}
	}
	if (appt_load(op, &route, 0))
		goto fail;
	if (strcmp(write_get(op->old, "status"), "0")) {
		ans_error(op->ans, 200, "Appointment %lld is not pending (status %s): only a pending "
		          "appointment can be completed", op->id, write_get(op->old, "status"));
		goto fail;
	}
	sb_timestamp(op->req->ctx, now);
	snprintf(buf, sizeof buf, "%lld", status);
	write_set(op->r, op->obj, "status", buf);
	write_set(op->r, op->obj, "statusText", status == 1 ? "Completed" : "No Show");
	write_set(op->r, op->obj, "dateCompleted", now);
	if (cnotes)
		write_set(op->r, op->obj, "notes", cnotes);
	if (onotes)
		write_set(op->r, op->obj, "officeNotes", onotes);
	for (size_t i = 0; i < 2; i++) {
		const char *v = req_string(op->req, times[i]);
		if (v && *v)
			write_set(op->r, op->obj, times[i], v);
	}
	write_set(op->r, op->obj, "servicedBy",
	          route && ll(route, "assignedTech") > 0 ? write_get(route, "assignedTech")
	                                                  : write_get(op->old, "employeeID"));
	if (visit_ticket(op, now, &ticket))
		goto fail;
	snprintf(buf, sizeof buf, "%lld", ticket);
	write_set(op->r, op->obj, "ticketID", buf);
	if (appt_store(op))
		goto fail;
	write_answer_id(op->ans, op->id, "ticketID", ticket);
	cJSON_Delete(route);
	return;
fail:
	store_rollback(op->req->ctx->store);
	cJSON_Delete(route);
}

/* ---- task ---- */

/* A new task is open, in its customer's office (else the first). */
static int task_before(struct write_op *op)
{
	const struct resource *cr = res_find("customer");
	long long cust = ll(op->obj, "customerID");
	cJSON *rec = NULL;

	if (!op->is_create)
		return 0;
	if (cust > 0) {
		if (write_need(op->req, cr, cust, &rec, op->ans))
			return -1;
		write_default(op->r, op->obj, "officeID", write_get(rec, "officeID"));
		cJSON_Delete(rec);
	}
	write_default(op->r, op->obj, "officeID", "1");
	write_default(op->r, op->obj, "completed", "0");
	return 0;
}

const struct write_hooks hooks_task = { task_before, NULL, NULL };

int schedule_special(struct sb_req *req, struct sb_answer *ans)
{
	struct write_op op;
	void (*fn)(struct write_op *) = NULL;

	if (!req->res || !req->action || strcmp(req->res->name, "appointment"))
		return 0;
	if (!strcmp(req->action, "cancel"))
		fn = cancel;
	else if (!strcmp(req->action, "complete"))
		fn = complete;
	else
		return 0;
	write_op_init(&op, req, ans);
	fn(&op);
	write_op_done(&op);
	return 1;
}
