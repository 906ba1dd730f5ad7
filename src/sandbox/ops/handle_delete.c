/* handle_delete.c: note/delete and route/delete, with the rules that keep other records from pointing at nothing. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/resources.h"
#include "sandbox/ops/handle_write.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/ops/request.h"
#include "sandbox/store/store.h"

/*
 * The deletes working clients call.  A delete answers as an update does
 * ("result": the id, a string) and leaves a changelog record whose notes
 * are every stored field of the record going to null, the {"old","new"}
 * shape of every other change, so a client reads one shape.
 */

/* Notes have no changelog class: their writes are logged against the
 * customer (handle_write.c's parent_class), and so is their delete. */
#define CLASS_CUSTOMER 8

/* {"field":{"old":..,"new":null}} for every stored field of rec. */
static cJSON *notes_deleted(const struct resource *r, const cJSON *rec)
{
	cJSON *gone = cJSON_CreateObject(), *notes;

	for (size_t i = 0; i < r->n_fields; i++)
		if (write_stored(r, r->fields[i].name) &&
		    cJSON_GetObjectItemCaseSensitive(rec, r->fields[i].name))
			cJSON_AddNullToObject(gone, r->fields[i].name);
	notes = write_diff(r, rec, gone);
	cJSON_Delete(gone);
	return notes;
}

/* Deletes the rows of r whose field is id; 0, or -1 with ans. */
static int delete_rows(struct sb_req *req, const struct resource *r, const char *field,
                       long long id, struct sb_answer *ans)
{
	char *err = NULL;

	if (store_delete_where(req->ctx->store, r, field, id, NULL, &err) < 0)
		return write_store_error(ans, err);
	return 0;
}

/* note/delete: customerID and contactID, both required, customerID named
 * first as the live description lists them.  The customer must be the
 * note's: a contactID alone could delete another customer's note by a typo. */
static void note_delete(struct write_op *op)
{
	long long cust, id;

	if (write_key(op->req, "customerID", &cust, op->ans) ||
	    write_key(op->req, "contactID", &id, op->ans) || write_begin(op))
		return;
	if (write_need(op->req, op->r, id, &op->old, op->ans))
		goto fail;
	if (strtoll(write_get(op->old, "customerID"), NULL, 10) != cust) {
		ans_error(op->ans, 200, "Note %lld does not belong to customer %lld: nothing was deleted",
		          id, cust);
		goto fail;
	}
	if (delete_rows(op->req, op->r, op->r->pk, id, op->ans))
		goto fail;
	op->notes = notes_deleted(op->r, op->old);
	if (write_commit(op, CLASS_CUSTOMER, cust))
		return;
	write_answer_id(op->ans, id, NULL, 0);
	return;
fail:
	store_rollback(op->req->ctx->store);
}

/* Appointments still on route id: pending (0), completed (1) or no show
 * (2).  Cancelled (-1) and rescheduled (-2) ones are no visit of the route
 * any more.  0 with *n, or -1 with ans. */
static int visits_on_route(struct sb_req *req, long long id, size_t *n, struct sb_answer *ans)
{
	char rid[24], *err = NULL;
	const char *rv[1] = { rid }, *sv[1] = { "0" };
	const struct store_cond conds[] = {
		{ "routeID", SO_EQ, RT_INT, rv, 1 },
		{ "status", SO_GE, RT_INT, sv, 1 },
	};
	long long *ids = NULL;

	snprintf(rid, sizeof rid, "%lld", id);
	if (store_search(req->ctx->store, res_find("appointment"), conds, 2, 0, &ids, n, &err) < 0)
		return write_store_error(ans, err);
	free(ids);
	return 0;
}

/*
 * route/delete: the route and its spots.  A route that still has visits is
 * refused, naming how many: deleting it would orphan them (an appointment
 * whose routeID names no route has no technician and no place in any day),
 * and moving or cancelling them is the dispatcher's decision, not one the
 * delete should take silently.  Cancelled and rescheduled appointments do
 * not hold the route, or "cancel them first" could never be followed; they
 * keep the old routeID as history, as a deleted record's id stays in the
 * records that named it.  A locked route is refused unless
 * bypassLockedRoute=1, as appointment writes are.
 */
static void route_delete(struct write_op *op)
{
	long long id;
	size_t n = 0;
	int bypass;

	if (write_key(op->req, "routeID", &id, op->ans) || write_begin(op))
		return;
	if (write_need(op->req, op->r, id, &op->old, op->ans))
		goto fail;
	if (write_flag(op->req, "bypassLockedRoute", &bypass, op->ans))
		goto fail;
	if (!strcmp(write_get(op->old, "lockedRoute"), "1") && !bypass) {
		ans_error(op->ans, 200, "Route %lld is locked: deleting it is refused unless "
		          "bypassLockedRoute=1", id);
		goto fail;
	}
	if (visits_on_route(op->req, id, &n, op->ans))
		goto fail;
	if (n) {
		const char *them = n == 1 ? "it" : "them";
		ans_error(op->ans, 200, "Route %lld still has %zu appointment%s: move or cancel %s "
		          "first (deleting the route would orphan %s)", id, n, n == 1 ? "" : "s", them,
		          them);
		goto fail;
	}
	if (delete_rows(op->req, res_find("spot"), "routeID", id, op->ans) ||
	    delete_rows(op->req, op->r, op->r->pk, id, op->ans))
		goto fail;
	op->notes = notes_deleted(op->r, op->old);
	if (write_commit(op, op->r->class_id, id))
		return;
	write_answer_id(op->ans, id, NULL, 0);
	return;
fail:
	store_rollback(op->req->ctx->store);
}

int delete_special(struct sb_req *req, struct sb_answer *ans)
{
	struct write_op op;
	void (*fn)(struct write_op *) = NULL;

	if (!req->res || !req->action || strcmp(req->action, "delete"))
		return 0;
	if (!strcmp(req->res->name, "note"))
		fn = note_delete;
	else if (!strcmp(req->res->name, "route"))
		fn = route_delete;
	else
		return 0;
	memset(&op, 0, sizeof op);
	op.req = req, op.ans = ans, op.r = req->res;
	fn(&op);
	cJSON_Delete(op.old);
	cJSON_Delete(op.notes);
	return 1;
}
