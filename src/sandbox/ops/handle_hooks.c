/* handle_hooks.c: the rules of note, customer, payment profile, reminder, employee, route and subscription writes. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "common/dates.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/ops/handle_write.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/ops/request.h"
#include "sandbox/store/store.h"

/* ---- note ---- */

/* Fills employeeName from the employee named by obj's employeeID ("0" and
 * absent mean nobody). */
static int note_employee(struct write_op *op)
{
	const struct resource *er = res_find("employee");
	long long eid = strtoll(write_get(op->obj, "employeeID"), NULL, 10);
	struct strbuf name = STRBUF_INIT;
	cJSON *emp = NULL;

	if (!cJSON_GetObjectItemCaseSensitive(op->obj, "employeeID") || !er)
		return 0;
	if (eid > 0 && write_need(op->req, er, eid, &emp, op->ans))
		return -1;
	write_full_name(emp, &name);
	write_set(op->r, op->obj, "employeeName", strbuf_str(&name));
	strbuf_free(&name);
	cJSON_Delete(emp);
	return 0;
}

/* The note type's name.  Note types cannot be listed through the API and
 * their ids differ per account, so an account without a noteType table
 * (or with an empty one) calls every type "General". */
static int note_type(struct write_op *op)
{
	static const char *const names[] = { "name", "type", "description", "title" };
	const struct resource *tr = res_find("noteType");
	const char *tid = write_get(op->obj, "typeID");
	cJSON *rec = NULL;

	if (!cJSON_GetObjectItemCaseSensitive(op->obj, "typeID"))
		return 0;
	if (!tr || store_count(op->req->ctx->store, tr) <= 0) {
		write_set(op->r, op->obj, "type", "General");
		return 0;
	}
	if (write_load(op->req, tr, strtoll(tid, NULL, 10), &rec, op->ans) < 0)
		return -1;
	if (!rec) {
		ans_error(op->ans, 200, "Invalid value for contactType: no note type %s", tid);
		return -1;
	}
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (*write_get(rec, names[i])) {
			write_set(op->r, op->obj, "type", write_get(rec, names[i]));
			break;
		}
	cJSON_Delete(rec);
	return 0;
}

/* The cancellation reason's text beside its id, as generated notes carry
 * it ("" for none, or for an id the sandbox keeps no reasons to name). */
static int note_reason(struct write_op *op)
{
	const struct resource *rr = res_find("cancellationReason");
	long long id = strtoll(write_get(op->obj, "cancellationReasonID"), NULL, 10);
	cJSON *rec = NULL;

	if (!cJSON_GetObjectItemCaseSensitive(op->obj, "cancellationReasonID") || !rr)
		return 0;
	if (id > 0 && write_load(op->req, rr, id, &rec, op->ans) < 0)
		return -1;
	write_set(op->r, op->obj, "cancellationReason", write_get(rec, "reason"));
	cJSON_Delete(rec);
	return 0;
}

/* The customer's names copied onto the note, as live records carry them. */
static void note_customer_names(struct write_op *op, const cJSON *cust)
{
	struct strbuf name = STRBUF_INIT;

	write_full_name(cust, &name);
	write_set(op->r, op->obj, "customerName", strbuf_str(&name));
	write_set(op->r, op->obj, "customerSpouse", write_get(cust, "spouse"));
	write_set(op->r, op->obj, "companyName", write_get(cust, "companyName"));
	strbuf_free(&name);
}

/* A note's date may be sent as a bare day: it is stored as that day's
 * midnight, the way the record's other dates read. */
static void note_date(struct write_op *op)
{
	const char *d = write_get(op->obj, "date");
	int di = res_field_index(op->r, "date");
	char full[20];

	if (strlen(d) != 10 || di < 0 || op->r->fields[di].type != RT_DATETIME)
		return;
	snprintf(full, sizeof full, "%s 00:00:00", d);
	write_set(op->r, op->obj, "date", full);
}

static int note_before(struct write_op *op)
{
	const struct resource *cr = res_find("customer");
	const char *cid = write_get(op->obj, "customerID");

	note_date(op);
	if (op->is_create && op->owner_rec) {
		char now[20];
		int di = res_field_index(op->r, "date");

		note_customer_names(op, op->owner_rec);
		sb_timestamp(op->req->ctx, now);
		if (di >= 0 && op->r->fields[di].type == RT_DATE)
			now[10] = '\0';
		write_default(op->r, op->obj, "date", now);
		write_default(op->r, op->obj, "employeeName", "");
	} else if (!op->is_create && *cid && cr && strcmp(cid, write_get(op->old, "customerID"))) {
		/* Moved to another customer: it must exist, and lends its names. */
		cJSON *cust = NULL;
		if (write_need(op->req, cr, strtoll(cid, NULL, 10), &cust, op->ans))
			return -1;
		note_customer_names(op, cust);
		cJSON_Delete(cust);
	}
	if (note_employee(op) || note_type(op) || note_reason(op))
		return -1;
	return 0;
}

/* ---- customer ---- */

/* Customers of a generated account sit in its first office; "1" when the
 * sandbox keeps no office table. */
static int customer_before(struct write_op *op)
{
	const char *bill = write_get(op->obj, "billToAccountID");
	long long b = strtoll(bill, NULL, 10);
	cJSON *rec = NULL;

	if (b > 0 && (!op->old || b != op->id) && write_need(op->req, op->r, b, &rec, op->ans))
		return -1;
	cJSON_Delete(rec);
	if (op->is_create) {
		char office[24];
		write_key_office(op->req, office);
		write_default(op->r, op->obj, "officeID", office);
		write_default(op->r, op->obj, "status", "1");
		write_default(op->r, op->obj, "statusText", "Active");
		write_default(op->r, op->obj, "aPay", "No"); /* live's word for none */
		write_default(op->r, op->obj, "balance", "0.00");
		write_default(op->r, op->obj, "responsibleBalance", "0.00");
	}
	return 0;
}

/* A customer bills to itself unless another account was named. */
static int customer_after(struct write_op *op)
{
	char buf[24];
	cJSON *set;
	char *err = NULL;
	int rc;

	if (!op->is_create || strtoll(write_get(op->obj, "billToAccountID"), NULL, 10) > 0 ||
	    !write_stored(op->r, "billToAccountID"))
		return 0;
	snprintf(buf, sizeof buf, "%lld", op->id);
	set = cJSON_CreateObject();
	cJSON_AddStringToObject(set, "billToAccountID", buf);
	rc = store_update(op->req->ctx->store, op->r, op->id, set, &err);
	cJSON_Delete(set);
	return rc < 0 ? write_store_error(op->ans, err) : 0;
}

/* ---- payment profiles ---- */

/* Makes profile_id the customer's active payment profile (noted in
 * op->notes); previous profiles stay valid. */
int hooks_activate_profile(struct write_op *op, long long customer_id, long long profile_id)
{
	const struct resource *cr = res_find("customer");
	char buf[24], *err = NULL;
	cJSON *set;
	int rc;

	if (!cr || !write_stored(cr, "autoPayPaymentProfileID"))
		return 0;
	set = cJSON_CreateObject();
	snprintf(buf, sizeof buf, "%lld", profile_id);
	cJSON_AddStringToObject(set, "autoPayPaymentProfileID", buf);
	write_stamp(op->req, cr, set, 0);
	rc = store_update(op->req->ctx->store, cr, customer_id, set, &err);
	cJSON_Delete(set);
	if (rc < 0)
		return write_store_error(op->ans, err);
	if (op->notes)
		cJSON_AddStringToObject(op->notes, "autoPayPaymentProfileID", buf);
	return 0;
}

static int profile_before(struct write_op *op)
{
	if (op->is_create) {
		struct strbuf name = STRBUF_INIT;
		/* Previous profiles stay valid; the new one is valid too and
		 * becomes the customer's active one after the insert. */
		write_default(op->r, op->obj, "status", "1");
		write_full_name(op->owner_rec, &name);
		write_default(op->r, op->obj, "billingName", strbuf_str(&name));
		strbuf_free(&name);
	}
	return 0;
}

static int profile_after(struct write_op *op)
{
	if (!op->is_create)
		return 0;
	return hooks_activate_profile(op, op->owner_id, op->id);
}


const struct write_hooks hooks_note = { note_before, NULL, NULL };
const struct write_hooks hooks_customer = { customer_before, customer_after, NULL };
const struct write_hooks hooks_profile = { profile_before, profile_after, NULL };

static int changed(const struct write_op *op, const char *field)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(op->obj, field);
	return v && (!op->old || strcmp(write_get(op->old, field), write_get(op->obj, field)));
}

/* ---- appointmentReminder ---- */

/* appointmentID names the parent on create: it must exist, and the
 * reminder belongs to its office. */
static int reminder_before(struct write_op *op)
{
	const struct resource *ar = res_find("appointment");
	cJSON *a = NULL;

	if (!changed(op, "appointmentID") || !ar)
		return 0;
	if (write_need(op->req, ar, strtoll(write_get(op->obj, "appointmentID"), NULL, 10), &a,
	               op->ans))
		return -1;
	if (op->is_create)
		write_default(op->r, op->obj, "officeID", write_get(a, "officeID"));
	cJSON_Delete(a);
	return 0;
}

const struct write_hooks hooks_reminder = { reminder_before, NULL, NULL };

/* ---- employee ---- */

/*
 * The sandbox never logs an employee in, so the password is kept only as a
 * salted keyed hash in the hidden field (never the text sent, never served):
 * "sip24$SALT$HASH".  SipHash is not a password hash; nothing here needs to
 * resist an offline attack on a sandbox database, only to keep the text out
 * of it.
 */
static void hash_password(const char *pw, char out[64])
{
	unsigned char key[16];
	unsigned long long salt = 0, h;

	if (getrandom(&salt, sizeof salt, 0) != (ssize_t)sizeof salt)
		salt = (unsigned long long)(size_t)pw ^ 0x9e3779b97f4a7c15ULL;
	memcpy(key, "routedesk-emp-pw", 16);
	memcpy(key, &salt, sizeof salt);
	h = write_siphash24(key, pw, strlen(pw));
	snprintf(out, 64, "sip24$%016llx$%016llx", salt, h);
}

/* The master account of a roaming rep: a master points at itself; a rep
 * pointing at a non-master is moved to that one's master (as the
 * specification says). */
static int roaming_master(struct write_op *op, long long rep, long long *master)
{
	cJSON *e = NULL;
	long long up;
	int rc = write_load(op->req, op->r, rep, &e, op->ans);

	if (rc == 1)
		ans_error(op->ans, 200, "Invalid value for roamingRep: no employee %lld", rep);
	if (rc)
		return -1;
	up = strtoll(write_get(e, "roamingRep"), NULL, 10);
	cJSON_Delete(e);
	*master = up > 0 ? up : rep;
	return 0;
}

static int username_taken(struct write_op *op, const char *user, int *taken)
{
	long long *ids = NULL;
	size_t n = 0;

	*taken = 0;
	if (write_find(op->req, op->r, "username", RT_TEXT, user, &ids, &n, op->ans))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (ids[i] != op->id)
			*taken = 1;
	free(ids);
	return 0;
}

static int employee_before(struct write_op *op)
{
	const char *pw = req_string(op->req, "password");
	long long master_flag = 0, rep = strtoll(write_get(op->obj, "roamingRep"), NULL, 10);
	const char *user = write_get(op->obj, "username");
	int taken;

	if (op->is_create && req_int(op->req, "roamingMaster", &master_flag) == 0 &&
	    master_flag != 0 && master_flag != 1) {
		ans_error(op->ans, 200, "Invalid value for roamingMaster: must be 0 or 1");
		return -1;
	}
	if (master_flag == 1) {
		/* roamingMaster overrides roamingRep: the new account is its own
		 * master (set once its id is known). */
		write_set(op->r, op->obj, "roamingRep", "0");
		rep = 0;
	} else if (rep > 0) {
		long long m;
		char buf[24];
		if (roaming_master(op, rep, &m))
			return -1;
		snprintf(buf, sizeof buf, "%lld", m);
		write_set(op->r, op->obj, "roamingRep", buf);
	}
	if (master_flag == 1 || rep > 0) {
		/* A roaming account logs in on other offices: it needs both. */
		if (!*user && !(op->old && *write_get(op->old, "username"))) {
			ans_error(op->ans, 200, "Missing required parameter: username");
			return -1;
		}
		if ((!pw || !*pw) && !(op->old && *write_get(op->old, "password"))) {
			ans_error(op->ans, 200, "Missing required parameter: password");
			return -1;
		}
	}
	if (*user && changed(op, "username")) {
		if (username_taken(op, user, &taken))
			return -1;
		if (taken) {
			ans_error(op->ans, 200, "Invalid value for username: %s is already in use", user);
			return -1;
		}
	}
	if (pw && *pw) {
		char h[64];
		hash_password(pw, h);
		write_set(op->r, op->obj, "password", h);
	}
	if (op->is_create) {
		char office[24], initials[3] = { 0 };
		write_key_office(op->req, office);
		write_default(op->r, op->obj, "officeID", office);
		write_default(op->r, op->obj, "active", "1");
		write_default(op->r, op->obj, "type", "0");
		/* In no team and with no skill: still a list and an object keyed
		 * by id, as every other employee's, never null. */
		write_default(op->r, op->obj, "teamIDs", "[]");
		write_default(op->r, op->obj, "skills", "{}");
		initials[0] = write_get(op->obj, "fname")[0];
		initials[1] = write_get(op->obj, "lname")[0];
		/* Only plain ASCII letters make initials; a multi-byte first
		 * letter would be cut in half. */
		if ((initials[0] & 0x80) || (initials[1] & 0x80))
			initials[0] = '\0';
		write_default(op->r, op->obj, "initials", initials);
		op->data = xmalloc(1);
		*(char *)op->data = (char)master_flag;
	}
	return 0;
}

static int employee_after(struct write_op *op)
{
	char buf[24], *err = NULL;
	cJSON *set;
	int rc;

	if (!op->is_create || !op->data || !*(char *)op->data)
		return 0;
	snprintf(buf, sizeof buf, "%lld", op->id);
	set = cJSON_CreateObject();
	cJSON_AddStringToObject(set, "roamingRep", buf);
	rc = store_update(op->req->ctx->store, op->r, op->id, set, &err);
	cJSON_Delete(set);
	if (rc < 0)
		return write_store_error(op->ans, err);
	write_set(op->r, op->notes, "roamingRep", buf);
	return 0;
}

const struct write_hooks hooks_employee = { employee_before, employee_after, NULL };

/* ---- route ---- */

static int route_tech(struct write_op *op)
{
	const struct resource *er = res_find("employee");
	long long t = strtoll(write_get(op->obj, "assignedTech"), NULL, 10);
	cJSON *e = NULL;
	int rc;

	if (!changed(op, "assignedTech") || t <= 0 || !er)
		return 0;
	rc = write_load(op->req, er, t, &e, op->ans);
	cJSON_Delete(e);
	if (rc == 1)
		ans_error(op->ans, 200, "Invalid value for assignedTech: no employee %lld", t);
	return rc ? -1 : 0;
}

/*
 * The sandbox keeps no route templates, so a template is known by the routes
 * made from it: template N's group is the group of its latest route, and its
 * title that route's title.  autoCreateGroup 1 (also when absent: live's
 * default, as live) creates a missing group titled after the
 * template; 0 refuses the create.  A groupID names the group instead; it
 * must exist.
 */
static int route_group(struct write_op *op, long long tid, long long acg)
{
	const struct resource *gr = res_find("routeGroup");
	long long *ids = NULL, gid = 0;
	size_t n = 0;
	cJSON *last = NULL, *g = NULL;
	char tbuf[24], title[64], buf[24], *err = NULL;
	int rc = -1;

	snprintf(tbuf, sizeof tbuf, "%lld", tid);
	snprintf(title, sizeof title, "Template %lld", tid);
	if (!gr || write_find(op->req, op->r, "templateID", RT_INT, tbuf, &ids, &n, op->ans))
		return gr ? -1 : 0;
	if (n && write_load(op->req, op->r, ids[n - 1], &last, op->ans) < 0)
		goto out;
	if (last && *write_get(last, "title"))
		snprintf(title, sizeof title, "%s", write_get(last, "title"));
	gid = strtoll(write_get(last, "groupID"), NULL, 10);
	if (gid > 0 && write_load(op->req, gr, gid, &g, op->ans) < 0)
		goto out;
	if (!g) {
		cJSON *row;
		if (acg != 1) {
			ans_error(op->ans, 200, "Route group for template %lld does not exist", tid);
			goto out;
		}
		row = cJSON_CreateObject();
		cJSON_AddStringToObject(row, "title", title);
		if (*write_get(op->obj, "officeID"))
			cJSON_AddStringToObject(row, "officeID", write_get(op->obj, "officeID"));
		rc = store_insert(op->req->ctx->store, gr, row, &gid, &err);
		g = row;
		if (rc < 0) {
			write_store_error(op->ans, err);
			goto out;
		}
		rc = -1;
	}
	snprintf(buf, sizeof buf, "%lld", gid);
	write_set(op->r, op->obj, "groupID", buf);
	write_set(op->r, op->obj, "groupTitle", write_get(g, "title"));
	write_default(op->r, op->obj, "title", title);
	rc = 0;
out:
	free(ids);
	cJSON_Delete(last);
	cJSON_Delete(g);
	return rc;
}

/* The group a create names by groupID: it must exist. */
static int route_named_group(struct write_op *op, long long gid)
{
	const struct resource *gr = res_find("routeGroup");
	cJSON *g = NULL;

	if (!gr || write_load(op->req, gr, gid, &g, op->ans) < 0)
		return -1;
	if (!g) {
		ans_error(op->ans, 200, "Invalid value for groupID: no route group %lld", gid);
		return -1;
	}
	write_set(op->r, op->obj, "groupTitle", write_get(g, "title"));
	write_default(op->r, op->obj, "title", write_get(g, "title"));
	cJSON_Delete(g);
	return 0;
}

static int route_before(struct write_op *op)
{
	long long acg = 1, tid = strtoll(write_get(op->obj, "templateID"), NULL, 10);
	long long gid = strtoll(write_get(op->obj, "groupID"), NULL, 10);
	int rc = req_int(op->req, "autoCreateGroup", &acg);

	if (rc == 0 && acg != 0 && acg != 1) {
		ans_error(op->ans, 200, "Invalid value for autoCreateGroup: must be 0 or 1");
		return -1;
	}
	if (route_tech(op))
		return -1;
	/* On update autoCreateGroup has nothing to act on: the template, and so
	 * the group, cannot change. */
	if (!op->is_create)
		return 0;
	if (!cJSON_GetObjectItemCaseSensitive(op->obj, "date"))
		write_set(op->r, op->obj, "date", op->req->today);
	if (!cJSON_GetObjectItemCaseSensitive(op->obj, "officeID")) {
		char office[24];
		write_key_office(op->req, office);
		write_set(op->r, op->obj, "officeID", office);
	}
	if (gid > 0 ? route_named_group(op, gid) : tid > 0 && route_group(op, tid, acg))
		return -1;
	write_default(op->r, op->obj, "title", "Route");
	write_default(op->r, op->obj, "addedBy", "0");
	write_default(op->r, op->obj, "assignedTech", "0");
	write_default(op->r, op->obj, "lockedRoute", "0");
	/* A route the API made, the API may schedule on (not "0", the
	 * empty number every other field gets). */
	write_default(op->r, op->obj, "apiCanSchedule", "1");
	/* No team or type to schedule: empty lists, as on any route, not null. */
	write_default(op->r, op->obj, "scheduleTeams", "[]");
	write_default(op->r, op->obj, "scheduleTypes", "[]");
	return 0;
}

const struct write_hooks hooks_route = { route_before, NULL, NULL };

/* ---- subscription create/update and lead stages ---- */

/* activeText of a subscription.  The specification names 1 active and
 * 0 frozen; -3 is a lead, as updateLeadStage makes it. */
static const char *active_text(const char *a)
{
	if (!strcmp(a, "1"))
		return "Active";
	if (!strcmp(a, "-3"))
		return "Lead";
	return "Frozen";
}

static int subscription_before(struct write_op *op)
{
	const struct resource *cr = res_find("customer"), *st = res_find("serviceType");
	cJSON *rec = NULL;

	if (changed(op, "customerID") && !op->owner_rec && cr) {
		if (write_need(op->req, cr, strtoll(write_get(op->obj, "customerID"), NULL, 10), &rec,
		               op->ans))
			return -1;
		if (op->is_create)
			write_default(op->r, op->obj, "officeID", write_get(rec, "officeID"));
	}
	if (op->is_create) {
		const cJSON *c = rec ? rec : op->owner_rec;
		const char *bill = write_get(c, "billToAccountID");
		if (c)
			write_default(op->r, op->obj, "billToAccountID",
			              strtoll(bill, NULL, 10) > 0 ? bill : write_get(c, "customerID"));
		write_default(op->r, op->obj, "active", "1");
		/* Made by create, never a lead (active is 0 or 1). */
		leads_set_members(op, 0);
	}
	cJSON_Delete(rec);
	rec = NULL;
	if (changed(op, "serviceID") && st) {
		if (write_need(op->req, st, strtoll(write_get(op->obj, "serviceID"), NULL, 10), &rec,
		               op->ans))
			return -1;
		write_set(op->r, op->obj, "serviceType", write_get(rec, "description"));
		cJSON_Delete(rec);
	}
	if (changed(op, "active"))
		write_set(op->r, op->obj, "activeText", active_text(write_get(op->obj, "active")));
	/* The contract's value follows a new charge: the same number of
	 * services at the new price. */
	if (op->old && changed(op, "recurringCharge")) {
		long long was = write_cents(write_get(op->old, "recurringCharge"));
		long long now = write_cents(write_get(op->obj, "recurringCharge"));
		long long value = write_cents(write_get(op->old, "contractValue"));
		char buf[32];

		if (was > 0) {
			/* value / was services, at now cents each, rounded. */
			write_money((long long)((double)value / (double)was * (double)now + 0.5), buf);
			write_set(op->r, op->obj, "contractValue", buf);
		}
	}
	return 0;
}

const struct write_hooks hooks_subscription = { subscription_before, NULL, NULL };
