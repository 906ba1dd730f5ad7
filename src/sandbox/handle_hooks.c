/* handle_hooks.c: the rules of note, customer, payment profile, reminder, employee and route writes. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "common/dates.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/handle_write.h"
#include "sandbox/handlers.h"
#include "sandbox/request.h"
#include "sandbox/store.h"

/* ---- note ---- */

static void full_name(const cJSON *rec, struct strbuf *out)
{
	const char *f = write_get(rec, "fname"), *l = write_get(rec, "lname");
	strbuf_adds(out, f);
	if (*f && *l)
		strbuf_addc(out, ' ');
	strbuf_adds(out, l);
}

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
	full_name(emp, &name);
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

static int note_before(struct write_op *op)
{
	if (op->is_create && op->owner_rec) {
		struct strbuf name = STRBUF_INIT;
		char now[20];
		int di = res_field_index(op->r, "date");

		full_name(op->owner_rec, &name);
		write_set(op->r, op->obj, "customerName", strbuf_str(&name));
		write_set(op->r, op->obj, "customerSpouse", write_get(op->owner_rec, "spouse"));
		write_set(op->r, op->obj, "companyName", write_get(op->owner_rec, "companyName"));
		strbuf_free(&name);
		sb_timestamp(op->req->ctx, now);
		if (di >= 0 && op->r->fields[di].type == RT_DATE)
			now[10] = '\0';
		write_default(op->r, op->obj, "date", now);
		write_default(op->r, op->obj, "employeeName", "");
	}
	if (note_employee(op) || note_type(op))
		return -1;
	return 0;
}

/* ---- customer ---- */

/* Customers of a generated account sit in its first office; "1" when the
 * sandbox keeps no office table. */
static void first_office(struct write_op *op, char out[24])
{
	const struct resource *o = res_find("office");
	long long *ids = NULL;
	size_t n = 0;

	snprintf(out, 24, "1");
	if (o && store_search(op->req->ctx->store, o, NULL, 0, 1, &ids, &n, NULL) == 0 && n)
		snprintf(out, 24, "%lld", ids[0]);
	free(ids);
}

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
		first_office(op, office);
		write_default(op->r, op->obj, "officeID", office);
		write_default(op->r, op->obj, "status", "1");
		write_default(op->r, op->obj, "statusText", "Active");
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
static int activate_profile(struct write_op *op, long long customer_id, long long profile_id)
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
		full_name(op->owner_rec, &name);
		write_default(op->r, op->obj, "billingName", strbuf_str(&name));
		strbuf_free(&name);
	}
	return 0;
}

static int profile_after(struct write_op *op)
{
	if (!op->is_create)
		return 0;
	return activate_profile(op, op->owner_id, op->id);
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
		first_office(op, office);
		write_default(op->r, op->obj, "officeID", office);
		write_default(op->r, op->obj, "active", "1");
		write_default(op->r, op->obj, "type", "0");
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

/*
 * employee/dealias: the ids associated with one employee.  By employeeID
 * the roamingRep relationship (the master and every rep pointing at it); by
 * employeeLink the employeeLink relationship (every employee sharing the
 * link); useBothKeys 1 joins both.  active filters the answer.  It changes
 * nothing, so no changelog is written.
 */
static int add_matches(struct write_op *op, const char *field, enum res_type type,
                       const char *value, cJSON *set)
{
	long long *ids = NULL;
	size_t n = 0;
	char buf[24];

	if (!*value || write_find(op->req, op->r, field, type, value, &ids, &n, op->ans))
		return *value ? -1 : 0;
	for (size_t i = 0; i < n; i++) {
		snprintf(buf, sizeof buf, "%lld", ids[i]);
		if (!cJSON_GetObjectItemCaseSensitive(set, buf))
			cJSON_AddTrueToObject(set, buf);
	}
	free(ids);
	return 0;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return (x > y) - (x < y);
}

static void dealias(struct write_op *op)
{
	const char *link = req_string(op->req, "employeeLink");
	long long id = 0, active = 0, master, *ids = NULL;
	int by_link = 0, both = req_flag(op->req, "useBothKeys"), has_active, rc;
	cJSON *base = NULL, *set = cJSON_CreateObject(), *e, *arr;
	size_t n = 0, k = 0;
	char buf[24];

	has_active = req_int(op->req, "active", &active);
	if (has_active < 0) {
		ans_error(op->ans, 200, "Invalid value for active: must be an integer");
		goto out;
	}
	if (req_param(op->req, "employeeID") || !link || !*link) {
		if (write_key(op->req, "employeeID", &id, op->ans) ||
		    write_need(op->req, op->r, id, &base, op->ans))
			goto out;
	} else {
		by_link = 1;
		if (write_find(op->req, op->r, "employeeLink", RT_TEXT, link, &ids, &n, op->ans))
			goto out;
		if (!n) {
			ans_error(op->ans, 200, "No employee found with employeeLink %s", link);
			goto out;
		}
		id = ids[0];
		free(ids);
		ids = NULL;
		if (write_need(op->req, op->r, id, &base, op->ans))
			goto out;
	}
	snprintf(buf, sizeof buf, "%lld", id);
	cJSON_AddTrueToObject(set, buf);
	if (!by_link || both) {
		master = strtoll(write_get(base, "roamingRep"), NULL, 10);
		if (master <= 0)
			master = id;
		snprintf(buf, sizeof buf, "%lld", master);
		if (!cJSON_GetObjectItemCaseSensitive(set, buf))
			cJSON_AddTrueToObject(set, buf);
		if (add_matches(op, "roamingRep", RT_INT, buf, set))
			goto out;
	}
	if ((by_link || both) &&
	    add_matches(op, "employeeLink", RT_TEXT, write_get(base, "employeeLink"), set))
		goto out;
	ids = xcalloc((size_t)cJSON_GetArraySize(set), sizeof *ids);
	cJSON_ArrayForEach(e, set) {
		long long x = strtoll(e->string, NULL, 10);
		cJSON *rec = NULL;
		if (has_active == 0) {
			if ((rc = write_load(op->req, op->r, x, &rec, op->ans)) < 0)
				goto out;
			if (rc || strtoll(write_get(rec, "active"), NULL, 10) != active) {
				cJSON_Delete(rec);
				continue;
			}
			cJSON_Delete(rec);
		}
		ids[k++] = x;
	}
	qsort(ids, k, sizeof *ids, cmp_ll);
	write_answer_id(op->ans, id, "employeeID", id);
	arr = cJSON_AddArrayToObject(op->ans->members, "employeeIDs");
	for (size_t i = 0; i < k; i++) {
		snprintf(buf, sizeof buf, "%lld", ids[i]);
		cJSON_AddItemToArray(arr, cJSON_CreateString(buf));
	}
out:
	free(ids);
	cJSON_Delete(base);
	cJSON_Delete(set);
}

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
 * title that route's title.  autoCreateGroup 1 creates a missing group titled
 * after the template; 0 (also when absent, as the service reads a missing
 * integer) refuses the create.
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

static int route_before(struct write_op *op)
{
	long long acg = 0, tid = strtoll(write_get(op->obj, "templateID"), NULL, 10);
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
		first_office(op, office);
		write_set(op->r, op->obj, "officeID", office);
	}
	if (tid > 0 && route_group(op, tid, acg))
		return -1;
	write_default(op->r, op->obj, "title", "Route");
	write_default(op->r, op->obj, "addedBy", "0");
	write_default(op->r, op->obj, "assignedTech", "0");
	write_default(op->r, op->obj, "lockedRoute", "0");
	return 0;
}

const struct write_hooks hooks_route = { route_before, NULL, NULL };

/* ---- customer createPaymentProfile / updatePaymentProfile ---- */

/* The profile object of the specification: id, customerID, profileID (the
 * processor's token), paymentProfileID (the processor's token id),
 * createdBy, dateCreated, billingName, billingAddress1. */
static int answer_profile(struct write_op *op, const struct resource *pr, long long pid)
{
	static const char *const same[] = { "createdBy", "dateCreated", "billingName",
		                                   "billingAddress1" };
	cJSON *p = NULL, *o;
	char buf[24];

	if (write_need(op->req, pr, pid, &p, op->ans))
		return -1;
	write_answer_id(op->ans, pid, NULL, 0);
	o = cJSON_AddObjectToObject(op->ans->members, "paymentProfile");
	snprintf(buf, sizeof buf, "%lld", pid);
	cJSON_AddStringToObject(o, "id", buf);
	cJSON_AddStringToObject(o, "customerID", write_get(p, "customerID"));
	cJSON_AddStringToObject(o, "profileID", write_get(p, "merchantToken"));
	cJSON_AddStringToObject(o, "paymentProfileID", write_get(p, "merchantID"));
	for (size_t i = 0; i < sizeof same / sizeof *same; i++)
		cJSON_AddStringToObject(o, same[i], write_get(p, same[i]));
	cJSON_Delete(p);
	return 0;
}

static int commit_and_log(struct write_op *op, int class_id, long long ref)
{
	char *err = NULL;

	if (op->notes && op->notes->child &&
	    write_log(op->req, class_id, ref, 0, op->notes, op->ans))
		return -1;
	if (store_commit(op->req->ctx->store, &err) < 0) {
		write_store_error(op->ans, err);
		return -1;
	}
	return 0;
}

static int begin(struct write_op *op)
{
	char *err = NULL;
	if (store_begin(op->req->ctx->store, &err) < 0)
		return write_store_error(op->ans, err);
	return 0;
}

static const char *text_param(struct write_op *op, const char *name)
{
	const char *v = req_string(op->req, name);
	if (v && write_check_value(RT_TEXT, v)) {
		ans_error(op->ans, 200, "Invalid value for %s: %s", name,
		          write_check_value(RT_TEXT, v));
		return NULL;
	}
	return v ? v : "";
}

/*
 * The processor is named by the parameter "gateway": A, B or C (default A,
 * the one that needs both tokens, so an unnamed processor is held to the
 * strictest rule).  CreditCardToken is required for A and C, CreditCardTokenID
 * for A and B.  The tokens are the processor's, stored as merchantToken and
 * merchantID; they are not written to the changelog.
 */
static void create_profile(struct write_op *op)
{
	const struct resource *pr = res_find("paymentProfile");
	const char *gw = req_string(op->req, "gateway"), *tok, *tid;
	long long cid, pid;
	char g[2] = "A", idbuf[24], *err = NULL;
	struct strbuf name = STRBUF_INIT;
	cJSON *c = NULL, *row;

	if (write_key(op->req, "customerID", &cid, op->ans))
		return;
	if (gw && *gw) {
		if (strlen(gw) != 1 || !strchr("ABCabc", gw[0])) {
			ans_error(op->ans, 200, "Invalid value for gateway: must be A, B or C");
			return;
		}
		g[0] = (char)(gw[0] & ~32);
	}
	if (!(tok = text_param(op, "CreditCardToken")) || !(tid = text_param(op, "CreditCardTokenID")))
		return;
	if (!*tok && g[0] != 'B') {
		ans_error(op->ans, 200, "Missing required parameter: CreditCardToken (required by processor %s)", g);
		return;
	}
	if (!*tid && g[0] != 'C') {
		ans_error(op->ans, 200, "Missing required parameter: CreditCardTokenID (required by processor %s)", g);
		return;
	}
	if (begin(op))
		return;
	if (write_need(op->req, op->r, cid, &c, op->ans))
		goto fail;
	row = op->obj;
	write_set(pr, row, "customerID", write_get(c, "customerID"));
	write_set(pr, row, "officeID", write_get(c, "officeID"));
	write_set(pr, row, "createdBy", "0");
	write_set(pr, row, "status", "1");
	write_set(pr, row, "paymentMethod", "1");
	write_set(pr, row, "gateway", g);
	full_name(c, &name);
	write_set(pr, row, "billingName", strbuf_str(&name));
	strbuf_free(&name);
	write_set(pr, row, "billingAddress1", write_get(c, "address"));
	write_set(pr, row, "billingCity", write_get(c, "city"));
	write_set(pr, row, "billingState", write_get(c, "state"));
	write_set(pr, row, "billingZip", write_get(c, "zip"));
	write_set(pr, row, "billingEmail", write_get(c, "email"));
	write_set(pr, row, "billingPhone", write_get(c, "phone1"));
	write_stamp(op->req, pr, row, 1);
	op->notes = cJSON_Duplicate(row, 1);
	write_set(pr, row, "merchantToken", tok);
	write_set(pr, row, "merchantID", tid);
	if (store_insert(op->req->ctx->store, pr, row, &pid, &err) < 0) {
		write_store_error(op->ans, err);
		goto fail;
	}
	snprintf(idbuf, sizeof idbuf, "%lld", pid);
	cJSON_AddStringToObject(op->notes, "paymentProfileID", idbuf);
	if (activate_profile(op, cid, pid) || commit_and_log(op, pr->class_id, pid))
		goto fail;
	answer_profile(op, pr, pid);
	cJSON_Delete(c);
	return;
fail:
	store_rollback(op->req->ctx->store);
	cJSON_Delete(c);
}

static const struct res_param update_profile_params[] = {
	{ "billingName", "billingName", RT_TEXT, RP_UPDATE },
	{ "billingAddress1", "billingAddress1", RT_TEXT, RP_UPDATE },
	{ "billingCity", "billingCity", RT_TEXT, RP_UPDATE },
	{ "billingState", "billingState", RT_TEXT, RP_UPDATE },
	{ "billingZip", "billingZip", RT_INT, RP_UPDATE },
	{ "billingCountryID", "billingCountryID", RT_TEXT, RP_UPDATE },
};

/* The profile named by paymentProfileID, or else the customer's active one;
 * either way it must be the customer's. */
static void update_profile(struct write_op *op)
{
	const struct resource *pr = res_find("paymentProfile");
	long long cid, pid = 0;
	cJSON *c = NULL, *p = NULL;
	char *err = NULL;
	int rc;

	if (write_key(op->req, "customerID", &cid, op->ans))
		return;
	if ((rc = req_int(op->req, "paymentProfileID", &pid)) < 0) {
		ans_error(op->ans, 200, "Invalid value for paymentProfileID: must be an integer");
		return;
	}
	if (write_collect_params(op->req, NULL, NULL, pr->name, update_profile_params,
	                         sizeof update_profile_params / sizeof *update_profile_params,
	                         RP_UPDATE, op->obj, op->ans) ||
	    begin(op))
		return;
	if (write_need(op->req, op->r, cid, &c, op->ans))
		goto fail;
	if (rc == 1 && (pid = strtoll(write_get(c, "autoPayPaymentProfileID"), NULL, 10)) <= 0) {
		ans_error(op->ans, 200, "Customer %lld has no active payment profile", cid);
		goto fail;
	}
	if (write_need(op->req, pr, pid, &p, op->ans))
		goto fail;
	if (strtoll(write_get(p, "customerID"), NULL, 10) != cid) {
		ans_error(op->ans, 200, "Payment profile %lld does not belong to customer %lld", pid, cid);
		goto fail;
	}
	op->notes = write_diff(pr, p, op->obj);
	if (op->notes->child) {
		write_stamp(op->req, pr, op->obj, 0);
		if (store_update(op->req->ctx->store, pr, pid, op->obj, &err) < 0) {
			write_store_error(op->ans, err);
			goto fail;
		}
	}
	if (commit_and_log(op, pr->class_id, pid))
		goto fail;
	answer_profile(op, pr, pid);
	cJSON_Delete(c);
	cJSON_Delete(p);
	return;
fail:
	store_rollback(op->req->ctx->store);
	cJSON_Delete(c);
	cJSON_Delete(p);
}

int hooks_special(struct sb_req *req, struct sb_answer *ans)
{
	static const struct {
		const char *res, *action;
		void (*fn)(struct write_op *);
	} ops[] = {
		{ "customer", "createPaymentProfile", create_profile },
		{ "customer", "updatePaymentProfile", update_profile },
		{ "employee", "dealias", dealias },
	};
	struct write_op op;

	if (!req->res || !req->action)
		return 0;
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
		if (strcmp(ops[i].res, req->res->name) || strcmp(ops[i].action, req->action))
			continue;
		memset(&op, 0, sizeof op);
		op.req = req, op.ans = ans, op.r = req->res;
		op.obj = cJSON_CreateObject();
		ops[i].fn(&op);
		cJSON_Delete(op.obj);
		cJSON_Delete(op.notes);
		return 1;
	}
	return 0;
}
