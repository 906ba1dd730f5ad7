/* handle_addons.c: ticket add-ons and totals, and subscription initial add-ons. */
#include "config.h"

#include <math.h>
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
 * Ticket items and initial add-ons are the same shape under two parents, so
 * one set of functions serves both, parameterised by a struct item_kind.  The
 * item parameters are the internal tables' params in res_table (the
 * specification's createAddOn / createInitialAddOn inputs).
 */

struct item_kind {
	const char *parent;     /* "ticket" */
	const char *item;       /* internal table: "ticketItem" */
	const char *parent_key; /* "ticketID" */
	const char *item_key;   /* "itemID" */
	const char *list_field; /* parent's stored copy of its items, if any */
	int is_ticket;
};

static const struct item_kind ticket_kind = {
	"ticket", "ticketItem", "ticketID", "itemID", "items", 1,
};
static const struct item_kind initial_kind = {
	"subscription", "initialAddOn", "subscriptionID", "addOnID", "addOns", 0,
};

/* ---- ticket totals ---- */

/* Tax rates are stored as fractions ("0.082500"); a value above 1 can only
 * be a percentage someone typed, so it is read as one. */
static double tax_rate(const char *s)
{
	double r = strtod(s, NULL);
	if (!isfinite(r) || r < 0)
		return 0;
	return r > 1 ? r / 100 : r;
}

static int ticket_active(const cJSON *t)
{
	const cJSON *a = cJSON_GetObjectItemCaseSensitive(t, "active");
	if (!a)
		a = cJSON_GetObjectItemCaseSensitive(t, "status");
	return cJSON_IsString(a) && !strcmp(a->valuestring, "1");
}

/* Adds delta cents to a customer's balance.  Only the plain balance moves:
 * responsibility and aging follow payments, which the sandbox does not
 * model. */
static int customer_add(struct write_op *op, long long customer_id, long long delta)
{
	const struct resource *cr = res_find("customer");
	cJSON *c = NULL, *set;
	char m[32], *err = NULL;
	int rc;

	if (!delta || !cr || !write_stored(cr, "balance") || customer_id <= 0)
		return 0;
	if ((rc = write_load(op->req, cr, customer_id, &c, op->ans)) != 0)
		return rc < 0 ? -1 : 0;
	write_money(write_cents(write_get(c, "balance")) + delta, m);
	set = cJSON_CreateObject();
	cJSON_AddStringToObject(set, "balance", m);
	write_stamp(op->req, cr, set, 0);
	rc = store_update(op->req->ctx->store, cr, customer_id, set, &err);
	if (rc >= 0) {
		/* The customer changed, so the changelog says so, as --live's
		 * completed stops do: a client keeping balances from the
		 * changelog (the console's refresh) saw an add-on's never. */
		cJSON *notes = write_diff(cr, c, set);

		rc = write_log(op->req, cr->class_id, customer_id, 0, notes, op->ans);
		cJSON_Delete(notes);
		cJSON_Delete(set);
		cJSON_Delete(c);
		return rc;
	}
	cJSON_Delete(set);
	cJSON_Delete(c);
	return write_store_error(op->ans, err);
}

/* Adds the changes in more to notes; a create's notes take the plain new
 * values (from plain) instead of [old, new] pairs. */
static void merge_notes(cJSON *notes, cJSON *more, const cJSON *plain)
{
	cJSON *m;
	if (!notes) {
		cJSON_Delete(more);
		return;
	}
	if (plain) {
		cJSON_Delete(more);
		more = cJSON_Duplicate(plain, 1);
	}
	while ((m = more->child)) {
		cJSON_DetachItemViaPointer(more, m);
		cJSON_DeleteItemFromObjectCaseSensitive(notes, m->string);
		cJSON_AddItemToObject(notes, m->string, m);
	}
	cJSON_Delete(more);
}

/* Items of a parent as get returns them.  NULL with op->ans on failure. */
static cJSON *items_of(struct write_op *op, const struct item_kind *k, long long parent_id)
{
	const struct resource *ir = res_find(k->item);
	long long *ids = NULL;
	size_t n = 0;
	char buf[24], *err = NULL;
	cJSON *arr;

	if (!ir) {
		ans_error(op->ans, 501, "The sandbox keeps no %s table", k->item);
		return NULL;
	}
	snprintf(buf, sizeof buf, "%lld", parent_id);
	if (write_find(op->req, ir, k->parent_key, RT_INT, buf, &ids, &n, op->ans))
		return NULL;
	arr = cJSON_CreateArray();
	if (n && store_get(op->req->ctx->store, ir, ids, n, 1, arr, &err) < 0) {
		free(ids);
		cJSON_Delete(arr);
		write_store_error(op->ans, err);
		return NULL;
	}
	free(ids);
	return arr;
}

/*
 * Recomputes the ticket from its items: subTotal = serviceCharge + sum of
 * amount * quantity; taxAmount = (taxable items + the service charge when
 * serviceTaxable) * taxRate; total = subTotal + taxAmount; balance keeps what
 * was already paid (old total - old balance).  before is the ticket as it was
 * before this write (NULL on create): the customer's balance loses before's
 * share and gains the new one, so status and customer changes move it too.
 */
static int ticket_recompute(struct write_op *op, long long ticket_id, const cJSON *before)
{
	const struct resource *tr = res_find("ticket");
	cJSON *t = NULL, *items = NULL, *set = NULL, *it;
	long long sc, sub, base, tax, total, paid, bal;
	char m[32], *err = NULL;
	int rc = -1;

	if (write_need(op->req, tr, ticket_id, &t, op->ans))
		return -1;
	if (!(items = items_of(op, &ticket_kind, ticket_id)))
		goto out;
	sc = write_cents(write_get(t, "serviceCharge"));
	sub = sc;
	base = !strcmp(write_get(t, "serviceTaxable"), "1") ? sc : 0;
	cJSON_ArrayForEach(it, items) {
		long long q = strtoll(write_get(it, "quantity"), NULL, 10);
		long long line = write_cents(write_get(it, "amount")) * q;
		sub += line;
		if (!strcmp(write_get(it, "taxable"), "1"))
			base += line;
	}
	tax = llround((double)base * tax_rate(write_get(t, "taxRate")));
	total = sub + tax;
	paid = write_cents(write_get(t, "total")) - write_cents(write_get(t, "balance"));
	bal = total - paid;

	set = cJSON_CreateObject();
	write_money(sub, m), write_set(tr, set, "subTotal", m);
	write_money(tax, m), write_set(tr, set, "taxAmount", m);
	write_money(total, m), write_set(tr, set, "total", m);
	write_money(bal, m), write_set(tr, set, "balance", m);
	merge_notes(op->notes, write_diff(tr, t, set), op->is_create ? set : NULL);
	if (write_stored(tr, "items"))
		cJSON_AddItemToObject(set, "items", cJSON_Duplicate(items, 1));
	write_stamp(op->req, tr, set, 0);
	if (store_update(op->req->ctx->store, tr, ticket_id, set, &err) < 0) {
		write_store_error(op->ans, err);
		goto out;
	}
	{
		long long was = before && ticket_active(before)
		                        ? strtoll(write_get(before, "customerID"), NULL, 10)
		                        : 0,
		          is = ticket_active(t) ? strtoll(write_get(t, "customerID"), NULL, 10) : 0,
		          off = before ? -write_cents(write_get(before, "balance")) : 0;

		/* One customer's balance moves once, by the difference: one
		 * change in the changelog, not a fall and a rise. */
		if (was && was == is) {
			if (customer_add(op, is, off + bal))
				goto out;
		} else if ((was && customer_add(op, was, off)) || (is && customer_add(op, is, bal))) {
			goto out;
		}
	}
	rc = 0;
out:
	cJSON_Delete(t);
	cJSON_Delete(items);
	cJSON_Delete(set);
	return rc;
}

/* The parent of changed items is itself changed for clients that sync on
 * dateUpdated; one that keeps a stored copy of its items gets it refreshed
 * (a derived one is computed at read time). */
static int refresh_list(struct write_op *op, const struct item_kind *k, long long parent_id)
{
	const struct resource *pr = res_find(k->parent);
	cJSON *items, *set = cJSON_CreateObject();
	char *err = NULL;
	int rc;

	if (write_stored(pr, k->list_field)) {
		if (!(items = items_of(op, k, parent_id))) {
			cJSON_Delete(set);
			return -1;
		}
		cJSON_AddItemToObject(set, k->list_field, items);
	}
	write_stamp(op->req, pr, set, 0);
	rc = set->child ? store_update(op->req->ctx->store, pr, parent_id, set, &err) : 0;
	cJSON_Delete(set);
	return rc < 0 ? write_store_error(op->ans, err) : 0;
}

static int after_change(struct write_op *op, const struct item_kind *k, long long parent_id,
                        const cJSON *parent_before)
{
	if (k->is_ticket)
		return ticket_recompute(op, parent_id, parent_before);
	return refresh_list(op, k, parent_id);
}

/* ---- the add-on list of setAddOns and ticket create ---- */

static int is_off(const char *s)
{
	return !*s || !strcmp(s, "false") || !strcmp(s, "[]");
}

/* addons as sent: an array of objects (JSON body), an object of objects
 * (PHP brackets addons[0][amount]=, in arrival order), JSON text of either,
 * an array of JSON-text objects, or "" / "false" / false for none.  Returns
 * a new array of objects, or NULL with ans set.  *present is 0 when the
 * parameter was not sent at all. */
static cJSON *addons_list(struct sb_req *req, int *present, struct sb_answer *ans)
{
	const cJSON *v = req_param(req, "addons"), *e;
	cJSON *parsed = NULL, *out;

	*present = v != NULL;
	out = cJSON_CreateArray();
	if (!v || cJSON_IsFalse(v) || cJSON_IsNull(v))
		return out;
	if (cJSON_IsString(v)) {
		if (is_off(v->valuestring))
			return out;
		if (!(parsed = cJSON_Parse(v->valuestring)))
			goto bad;
		v = parsed;
	}
	if (!cJSON_IsArray(v) && !cJSON_IsObject(v))
		goto bad;
	cJSON_ArrayForEach(e, v) {
		cJSON *one = cJSON_IsString(e) ? cJSON_Parse(e->valuestring) : cJSON_Duplicate(e, 1);
		if (!cJSON_IsObject(one)) {
			cJSON_Delete(one);
			goto bad;
		}
		cJSON_AddItemToArray(out, one);
	}
	cJSON_Delete(parsed);
	return out;
bad:
	cJSON_Delete(parsed);
	cJSON_Delete(out);
	ans_error(ans, 200, "Invalid value for addons: must be an array of add-on objects");
	return NULL;
}

/* ---- one item ---- */

static int item_check(struct write_op *op, const cJSON *old, const cJSON *obj)
{
	const char *amount = cJSON_GetObjectItemCaseSensitive(obj, "amount")
	                             ? write_get(obj, "amount") : write_get(old, "amount");
	const char *taxable = cJSON_GetObjectItemCaseSensitive(obj, "taxable")
	                              ? write_get(obj, "taxable") : write_get(old, "taxable");
	if (write_cents(amount) < 0 && !strcmp(taxable, "1")) {
		ans_error(op->ans, 200, "A negative add-on cannot be taxable");
		return -1;
	}
	return 0;
}

/* obj restricted to the fields r stores, so a parameter the table has no
 * column for never reaches the store. */
static cJSON *only_fields(const struct resource *r, const cJSON *obj)
{
	cJSON *out = cJSON_CreateObject();
	const cJSON *v;
	cJSON_ArrayForEach(v, obj)
		if (write_stored(r, v->string))
			cJSON_AddItemToObject(out, v->string, cJSON_Duplicate(v, 1));
	return out;
}

static int item_insert(struct write_op *op, const struct item_kind *k, long long parent_id,
                       const cJSON *parent, cJSON *obj, long long *id)
{
	const struct resource *ir = res_find(k->item);
	char buf[24], *err = NULL;
	cJSON *row;
	int rc;

	snprintf(buf, sizeof buf, "%lld", parent_id);
	write_set(ir, obj, k->parent_key, buf);
	write_default(ir, obj, "quantity", "1");
	/* The initial ticket's serviceTaxable is not modelled: an initial
	 * add-on without taxable is untaxed, like a ticket item. */
	write_default(ir, obj, "taxable", "0");
	write_default(ir, obj, "description", "");
	if (!k->is_ticket && *write_get(parent, "soldBy"))
		write_default(ir, obj, "creditTo", write_get(parent, "soldBy"));
	if (*write_get(parent, "officeID"))
		write_default(ir, obj, "officeID", write_get(parent, "officeID"));
	write_stamp(op->req, ir, obj, 1);
	row = only_fields(ir, obj);
	rc = store_insert(op->req->ctx->store, ir, row, id, &err);
	cJSON_Delete(row);
	if (rc < 0)
		return write_store_error(op->ans, err);
	snprintf(buf, sizeof buf, "%lld", *id);
	write_set(ir, obj, k->item_key, buf);
	return 0;
}

/* Validates every add-on of list into a new array of field objects. */
static cJSON *collect_list(struct write_op *op, const struct item_kind *k, const cJSON *list)
{
	const struct resource *ir = res_find(k->item);
	cJSON *objs = cJSON_CreateArray();
	struct res_param *params = xcalloc(ir->n_params, sizeof *params);
	const cJSON *e;
	size_t n = 0;
	int i = 0;

	/* An add-on in a list has the create's parameters but its parent is
	 * the request's, not a member of each object. */
	for (size_t j = 0; j < ir->n_params; j++)
		if (strcmp(ir->params[j].name, k->parent_key))
			params[n++] = ir->params[j];

	cJSON_ArrayForEach(e, list) {
		char prefix[32];
		cJSON *obj = cJSON_CreateObject();
		snprintf(prefix, sizeof prefix, "addons[%d]", i++);
		cJSON_AddItemToArray(objs, obj);
		if (write_collect_params(op->req, e, prefix, k->item, params, n, RP_CREATE, obj,
		                         op->ans) ||
		    item_check(op, NULL, obj) ||
		    write_check_refs(op->req, k->item, params, n, obj, NULL, prefix, op->ans)) {
			cJSON_Delete(objs);
			free(params);
			return NULL;
		}
	}
	free(params);
	return objs;
}

static int insert_all(struct write_op *op, const struct item_kind *k, long long parent_id,
                      const cJSON *parent, cJSON *objs)
{
	cJSON *obj;
	cJSON_ArrayForEach(obj, objs) {
		long long id;
		if (item_insert(op, k, parent_id, parent, obj, &id))
			return -1;
	}
	return 0;
}

/* ---- the operations ---- */

/* Logs, commits and answers result (+ the parent's id member). */
static void finish(struct write_op *op, const struct item_kind *k, long long parent_id,
                   long long result)
{
	const struct resource *pr = res_find(k->parent);

	if (write_commit(op, pr->class_id, parent_id) == 0)
		write_answer_id(op->ans, result, pr->write_member, parent_id);
}

static void items_get(struct write_op *op, const struct item_kind *k)
{
	long long pid;
	cJSON *parent = NULL, *items;

	if (write_key(op->req, k->parent_key, &pid, op->ans) ||
	    write_need(op->req, op->r, pid, &parent, op->ans))
		return;
	cJSON_Delete(parent);
	if (!(items = items_of(op, k, pid)))
		return;
	op->ans->members = cJSON_CreateObject();
	cJSON_AddNumberToObject(op->ans->members, "count", cJSON_GetArraySize(items));
	cJSON_AddItemToObject(op->ans->members, "addOns", items);
	cJSON_AddStringToObject(op->ans->members, "propertyName", "addOns");
}

static void items_create(struct write_op *op, const struct item_kind *k)
{
	const struct resource *ir = res_find(k->item);
	long long pid, id;
	cJSON *parent = NULL;

	if (write_key(op->req, k->parent_key, &pid, op->ans) ||
	    write_collect_params(op->req, NULL, NULL, k->item, ir->params, ir->n_params,
	                         RP_CREATE, op->obj, op->ans) ||
	    item_check(op, NULL, op->obj) || write_begin(op))
		return;
	if (write_need(op->req, op->r, pid, &parent, op->ans) ||
	    write_check_refs(op->req, k->item, ir->params, ir->n_params, op->obj, NULL, NULL,
	                     op->ans) ||
	    item_insert(op, k, pid, parent, op->obj, &id)) {
		store_rollback(op->req->ctx->store);
		cJSON_Delete(parent);
		return;
	}
	op->notes = cJSON_CreateObject();
	cJSON_AddItemToObject(op->notes, "addOnCreated", cJSON_Duplicate(op->obj, 1));
	if (after_change(op, k, pid, parent)) {
		store_rollback(op->req->ctx->store);
		cJSON_Delete(parent);
		return;
	}
	cJSON_Delete(parent);
	finish(op, k, pid, id);
}

static void items_set(struct write_op *op, const struct item_kind *k)
{
	const struct resource *ir = res_find(k->item);
	long long pid;
	int present;
	cJSON *list = NULL, *objs = NULL, *parent = NULL, *old = NULL, *pair;
	char *err = NULL;

	if (write_key(op->req, k->parent_key, &pid, op->ans) ||
	    !(list = addons_list(op->req, &present, op->ans)))
		return;
	if (!present) {
		ans_error(op->ans, 200, "Missing required parameter: addons");
		goto out;
	}
	if (!(objs = collect_list(op, k, list)) || write_begin(op))
		goto out;
	if (write_need(op->req, op->r, pid, &parent, op->ans) || !(old = items_of(op, k, pid)))
		goto fail;
	if (store_delete_where(op->req->ctx->store, ir, k->parent_key, pid, NULL, &err) < 0) {
		write_store_error(op->ans, err);
		goto fail;
	}
	if (insert_all(op, k, pid, parent, objs))
		goto fail;
	op->notes = cJSON_CreateObject();
	pair = cJSON_AddArrayToObject(op->notes, "addOns");
	cJSON_AddItemToArray(pair, old);
	old = NULL;
	cJSON_AddItemToArray(pair, cJSON_Duplicate(objs, 1));
	if (after_change(op, k, pid, parent))
		goto fail;
	finish(op, k, pid, pid);
	goto out;
fail:
	store_rollback(op->req->ctx->store);
out:
	cJSON_Delete(list);
	cJSON_Delete(objs);
	cJSON_Delete(parent);
	cJSON_Delete(old);
}

static void items_update(struct write_op *op, const struct item_kind *k)
{
	const struct resource *ir = res_find(k->item);
	long long id, pid = 0, item_pid;
	cJSON *item = NULL, *parent = NULL, *row = NULL;
	char *err = NULL;
	int rc;

	if (write_key(op->req, k->item_key, &id, op->ans))
		return;
	rc = req_int(op->req, k->parent_key, &pid);
	if (rc < 0) {
		ans_error(op->ans, 200, "Invalid value for %s: must be an integer", k->parent_key);
		return;
	}
	if (write_collect_params(op->req, NULL, NULL, k->item, ir->params, ir->n_params,
	                         RP_UPDATE, op->obj, op->ans) ||
	    write_begin(op))
		return;
	if ((rc = write_load(op->req, ir, id, &item, op->ans)) != 0) {
		if (rc == 1)
			ans_error(op->ans, 200, "No add-on found with %s %lld", k->item_key, id);
		goto fail;
	}
	item_pid = strtoll(write_get(item, k->parent_key), NULL, 10);
	if (pid && pid != item_pid) {
		ans_error(op->ans, 200, "Add-on %lld does not belong to %s %lld", id, k->parent, pid);
		goto fail;
	}
	if (item_check(op, item, op->obj) ||
	    write_need(op->req, op->r, item_pid, &parent, op->ans) ||
	    write_check_refs(op->req, k->item, ir->params, ir->n_params, op->obj, item, NULL,
	                     op->ans))
		goto fail;
	op->notes = write_diff(ir, item, op->obj);
	if (op->notes->child) {
		char buf[24];
		write_stamp(op->req, ir, op->obj, 0);
		row = only_fields(ir, op->obj);
		if (store_update(op->req->ctx->store, ir, id, row, &err) < 0) {
			write_store_error(op->ans, err);
			goto fail;
		}
		snprintf(buf, sizeof buf, "%lld", id);
		cJSON_AddStringToObject(op->notes, k->item_key, buf);
		if (after_change(op, k, item_pid, parent))
			goto fail;
	}
	finish(op, k, item_pid, id);
	goto out;
fail:
	store_rollback(op->req->ctx->store);
out:
	cJSON_Delete(item);
	cJSON_Delete(parent);
	cJSON_Delete(row);
}

/* ---- ticket create/update ---- */

static int ticket_before(struct write_op *op)
{
	const struct resource *cr = res_find("customer");
	const char *cid = write_get(op->obj, "customerID");
	cJSON *c = NULL;

	if (!op->is_create) {
		/* A ticket moved to another customer: that customer must exist. */
		if (*cid && strcmp(cid, write_get(op->old, "customerID")) && cr &&
		    write_need(op->req, cr, strtoll(cid, NULL, 10), &c, op->ans))
			return -1;
		cJSON_Delete(c);
		return 0;
	}
	if (op->owner_rec) {
		const char *bill = write_get(op->owner_rec, "billToAccountID");
		write_default(op->r, op->obj, "billToAccountID",
		              strtoll(bill, NULL, 10) > 0 ? bill : write_get(op->owner_rec, "customerID"));
		write_default(op->r, op->obj, "taxRate", write_get(op->owner_rec, "taxRate"));
	}
	/* The specification leaves the default status open; an invoice made
	 * through the API counts toward the balance (active 1) unless told. */
	write_default(op->r, op->obj, "active", "1");
	/* "NA" is no template ("" is no value the service writes); a template
	 * invoice (active -1) recurs. */
	write_default(op->r, op->obj, "templateType",
	              strcmp(write_get(op->obj, "active"), "-1") ? "NA" : "R");
	write_default(op->r, op->obj, "serviceTaxable", "0");
	write_default(op->r, op->obj, "subTotal", "0.00");
	write_default(op->r, op->obj, "taxAmount", "0.00");
	write_default(op->r, op->obj, "total", "0.00");
	write_default(op->r, op->obj, "balance", "0.00");
	return 0;
}

static int ticket_after(struct write_op *op)
{
	cJSON *list, *objs, *t = NULL;
	int present, rc;

	if (!op->is_create)
		return op->notes->child ? ticket_recompute(op, op->id, op->old) : 0;
	if (!(list = addons_list(op->req, &present, op->ans)))
		return -1;
	objs = collect_list(op, &ticket_kind, list);
	cJSON_Delete(list);
	if (!objs)
		return -1;
	rc = write_need(op->req, op->r, op->id, &t, op->ans);
	if (!rc)
		rc = insert_all(op, &ticket_kind, op->id, t, objs);
	if (!rc && cJSON_GetArraySize(objs))
		cJSON_AddItemToObject(op->notes, "addons", cJSON_Duplicate(objs, 1));
	cJSON_Delete(objs);
	cJSON_Delete(t);
	return rc ? -1 : ticket_recompute(op, op->id, NULL);
}

const struct write_hooks addons_ticket_hooks = { ticket_before, ticket_after, NULL };

int addons_special(struct sb_req *req, struct sb_answer *ans)
{
	static const struct {
		const char *res, *action;
		const struct item_kind *kind;
		void (*fn)(struct write_op *, const struct item_kind *);
	} ops[] = {
		{ "ticket", "getAddOns", &ticket_kind, items_get },
		{ "ticket", "createAddOn", &ticket_kind, items_create },
		{ "ticket", "setAddOns", &ticket_kind, items_set },
		{ "ticket", "updateAddOn", &ticket_kind, items_update },
		{ "subscription", "getInitialAddOns", &initial_kind, items_get },
		{ "subscription", "createInitialAddOn", &initial_kind, items_create },
		{ "subscription", "setInitialAddOns", &initial_kind, items_set },
		{ "subscription", "updateInitialAddOn", &initial_kind, items_update },
	};
	struct write_op op;

	if (!req->res || !req->action)
		return 0;
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
		if (strcmp(ops[i].res, req->res->name) || strcmp(ops[i].action, req->action))
			continue;
		write_op_init(&op, req, ans);
		ops[i].fn(&op, ops[i].kind);
		write_op_done(&op);
		return 1;
	}
	return 0;
}
