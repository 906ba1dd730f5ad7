/* handle_record.c: record access for the write handlers: load, find, set, stamp, diff, log, answer. */
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

int write_store_error(struct sb_answer *ans, char *err)
{
	ans_error(ans, 500, "Storage error: %s", err ? err : "unknown");
	free(err);
	return -1;
}

int write_key(struct sb_req *req, const char *name, long long *id, struct sb_answer *ans)
{
	int rc = req_int(req, name, id);
	if (rc == 1) {
		ans_error(ans, 200, "Missing required parameter: %s", name);
		return -1;
	}
	if (rc < 0) {
		ans_error(ans, 200, "Invalid value for %s: must be an integer", name);
		return -1;
	}
	return 0;
}

int write_load(struct sb_req *req, const struct resource *r, long long id, cJSON **rec,
               struct sb_answer *ans)
{
	cJSON *arr = cJSON_CreateArray();
	char *err = NULL;

	*rec = NULL;
	if (store_get(req->ctx->store, r, &id, 1, 1, arr, &err) < 0) {
		cJSON_Delete(arr);
		return write_store_error(ans, err);
	}
	if (cJSON_GetArraySize(arr) > 0)
		*rec = cJSON_DetachItemFromArray(arr, 0);
	cJSON_Delete(arr);
	return *rec ? 0 : 1;
}

int write_need(struct sb_req *req, const struct resource *r, long long id, cJSON **rec,
               struct sb_answer *ans)
{
	int rc = write_load(req, r, id, rec, ans);
	if (rc == 1)
		ans_error(ans, 200, "No %s found with id %lld", r->name, id);
	return rc ? -1 : 0;
}

/*
 * The ids a write names besides its own record and what they name, for the
 * parameters no hook checks with rules of its own: appointment's routeID
 * and spotID (a spot names its route, and 0 is refused), note's
 * contactType (note types) and route's groupID are checked by their hooks,
 * stageID by updateLeadStage, and some hooks check a key below again as
 * they load its record, with the same words.  unitID (no unit is kept),
 * route's templateID (a template is known by its routes) and task's
 * referenceID (the record it names is not known) are not checked, nor
 * that a record named belongs to the write's customer: neither the
 * specification nor the behaviour notes say the service refuses them, and
 * the sandbox refuses only what they say it does (route/create's
 * autoCreateGroup=0 with no group for the template, in the route hook).
 *
 * A parameter named as the key of what it names is refused as a missing
 * record is anywhere ("No customer found with id N"); one named for its
 * role says which parameter was wrong, as the hooks' employee checks do
 * ("Invalid value for creditTo: no employee N").  The account's
 * configuration (offices, cancellation reasons) is checked only while the
 * sandbox keeps some: one started without generated data has none to
 * compare with, as note types.
 */
static const struct {
	const char *res;    /* the resource written, NULL for any */
	const char *param;  /* as sent */
	const char *target; /* the resource its id names */
	const char *word;   /* NULL: named as target's key; else target in words */
	int lookup;
} refs[] = {
	{ NULL, "customerID", "customer", NULL, 0 },
	{ NULL, "billToAccountID", "customer", NULL, 0 },
	{ NULL, "subscriptionID", "subscription", NULL, 0 },
	{ NULL, "appointmentID", "appointment", NULL, 0 },
	{ NULL, "ticketID", "ticket", NULL, 0 },
	{ NULL, "employeeID", "employee", NULL, 0 },
	{ NULL, "productID", "product", NULL, 0 },
	{ NULL, "serviceID", "serviceType", NULL, 0 },
	{ "appointment", "type", "serviceType", NULL, 0 },
	{ NULL, "officeID", "office", NULL, 1 },
	{ NULL, "creditTo", "employee", "employee", 0 },
	{ NULL, "preferredTech", "employee", "employee", 0 },
	{ NULL, "assignedTech", "employee", "employee", 0 },
	{ NULL, "roamingRep", "employee", "employee", 0 },
	{ NULL, "addedBy", "employee", "employee", 0 },
	{ NULL, "cancelledBy", "employee", "employee", 0 },
	{ "note", "referenceID", "subscription", "subscription", 0 },
	{ "note", "cancellationReason", "cancellationReason", "cancellation reason", 1 },
};

int write_check_ref(struct sb_req *req, const char *res_name, const char *param, long long id,
                    const char *prefix, struct sb_answer *ans)
{
	const struct resource *t;
	cJSON *rec = NULL;
	size_t i;
	int rc;

	if (id <= 0) /* "0" is nobody, subscriptionID "-1" stand-alone */
		return 0;
	for (i = 0; i < sizeof refs / sizeof *refs; i++)
		if ((!refs[i].res || !strcmp(refs[i].res, res_name)) && !strcmp(refs[i].param, param))
			break;
	if (i == sizeof refs / sizeof *refs || !(t = res_find(refs[i].target)))
		return 0;
	if (refs[i].lookup && store_count(req->ctx->store, t) <= 0)
		return 0;
	if ((rc = write_load(req, t, id, &rec, ans)) != 1) {
		cJSON_Delete(rec);
		return rc;
	}
	if (!refs[i].word)
		ans_error(ans, 200, "No %s found with id %lld", t->name, id);
	else
		ans_error(ans, 200, "Invalid value for %s%s%s%s: no %s %lld", prefix ? prefix : "",
		          prefix ? "[" : "", param, prefix ? "]" : "", refs[i].word, id);
	return -1;
}

int write_check_refs(struct sb_req *req, const char *res_name, const struct res_param *params,
                     size_t n, const cJSON *obj, const cJSON *old, const char *prefix,
                     struct sb_answer *ans)
{
	for (size_t i = 0; i < n; i++) {
		const struct res_param *p = &params[i];
		const cJSON *v = p->field ? cJSON_GetObjectItemCaseSensitive(obj, p->field) : NULL;

		if (p->type != RT_INT || !cJSON_IsString(v))
			continue;
		/* An update that sends the stored id again changes nothing. */
		if (old && !strcmp(v->valuestring, write_get(old, p->field)))
			continue;
		if (write_check_ref(req, res_name, p->name, strtoll(v->valuestring, NULL, 10), prefix,
		                    ans))
			return -1;
	}
	return 0;
}

int write_find(struct sb_req *req, const struct resource *r, const char *field,
               enum res_type type, const char *value, long long **ids, size_t *n,
               struct sb_answer *ans)
{
	const char *vals[1] = { value };
	struct store_cond c = { field, SO_EQ, type, vals, 1 };
	char *err = NULL;

	*ids = NULL, *n = 0;
	if (store_search(req->ctx->store, r, &c, 1, 0, ids, n, &err) < 0)
		return write_store_error(ans, err);
	return 0;
}

const struct resource *write_res_by_pk(const char *pk)
{
	/* Records of the specification first: an internal table could share a
	 * key name with the resource it belongs to. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < res_count; i++)
			if ((pass == 0) == (res_table[i].ops != 0) && res_table[i].pk &&
			    !strcmp(res_table[i].pk, pk))
				return &res_table[i];
	return NULL;
}

const char *write_get(const cJSON *rec, const char *field)
{
	const cJSON *v = rec ? cJSON_GetObjectItemCaseSensitive(rec, field) : NULL;
	return cJSON_IsString(v) ? v->valuestring : "";
}

int write_has(const struct resource *r, const char *field)
{
	return res_field_index(r, field) >= 0;
}

int write_stored(const struct resource *r, const char *field)
{
	int i = res_field_index(r, field);
	return i >= 0 && !(r->fields[i].flags & RF_DERIVED);
}

void write_set(const struct resource *r, cJSON *obj, const char *field, const char *value)
{
	if (!write_stored(r, field))
		return;
	cJSON_DeleteItemFromObjectCaseSensitive(obj, field);
	if (value)
		cJSON_AddStringToObject(obj, field, value);
	else
		cJSON_AddNullToObject(obj, field);
}

void write_default(const struct resource *r, cJSON *obj, const char *field, const char *value)
{
	if (!cJSON_GetObjectItemCaseSensitive(obj, field))
		write_set(r, obj, field, value);
}

void write_stamp(struct sb_req *req, const struct resource *r, cJSON *obj, int is_create)
{
	char now[20];
	sb_timestamp(req->ctx, now);
	write_set(r, obj, "dateUpdated", now);
	if (is_create) {
		write_default(r, obj, "dateAdded", now);
		write_default(r, obj, "dateCreated", now);
	}
}

static int is_hidden(const struct resource *r, const char *field)
{
	int i = res_field_index(r, field);
	return i >= 0 && (r->fields[i].flags & RF_HIDDEN);
}

cJSON *write_diff(const struct resource *r, const cJSON *old, const cJSON *obj)
{
	cJSON *notes = cJSON_CreateObject();
	const cJSON *v;

	cJSON_ArrayForEach(v, obj) {
		const cJSON *o = cJSON_GetObjectItemCaseSensitive(old, v->string);
		char *ot, *nt;
		int same;

		if (is_hidden(r, v->string)) {
			/* A changed password is recorded as changed, never shown. */
			cJSON_AddStringToObject(notes, v->string, "(changed)");
			continue;
		}
		ot = o && !cJSON_IsNull(o) ? (cJSON_IsString(o) ? xstrdup(o->valuestring)
		                                                : cJSON_PrintUnformatted(o))
		                           : NULL;
		nt = cJSON_IsNull(v) ? NULL
		                     : (cJSON_IsString(v) ? xstrdup(v->valuestring)
		                                          : cJSON_PrintUnformatted(v));
		same = (!ot && !nt) || (ot && nt && !strcmp(ot, nt));
		if (!same) {
			/* {"field":{"old":..,"new":..}}: the shape the generator and
			 * --live write too, so a client reads one shape. */
			cJSON *pair = cJSON_AddObjectToObject(notes, v->string);
			cJSON_AddItemToObject(pair, "old", ot ? cJSON_CreateString(ot) : cJSON_CreateNull());
			cJSON_AddItemToObject(pair, "new", nt ? cJSON_CreateString(nt) : cJSON_CreateNull());
		}
		free(ot), free(nt);
	}
	return notes;
}

int write_log(struct sb_req *req, int class_id, long long ref_id, long long employee_id,
              const cJSON *notes, struct sb_answer *ans)
{
	char *err = NULL;
	if (store_changelog(req->ctx->store, class_id, ref_id, employee_id, notes, &err) < 0)
		return write_store_error(ans, err);
	return 0;
}

void write_op_init(struct write_op *op, struct sb_req *req, struct sb_answer *ans)
{
	memset(op, 0, sizeof(*op));
	op->req = req, op->ans = ans, op->r = req->res;
	op->obj = cJSON_CreateObject();
}

void write_op_done(struct write_op *op)
{
	cJSON_Delete(op->obj);
	cJSON_Delete(op->old);
	cJSON_Delete(op->notes);
	op->obj = op->old = op->notes = NULL;
}

void write_answer_id(struct sb_answer *ans, long long id, const char *member, long long member_id)
{
	char buf[24];

	if (!ans->members)
		ans->members = cJSON_CreateObject();
	snprintf(buf, sizeof buf, "%lld", id);
	cJSON_AddStringToObject(ans->members, "result", buf);
	if (member) {
		snprintf(buf, sizeof buf, "%lld", member_id);
		cJSON_AddStringToObject(ans->members, member, buf);
	}
}


int write_begin(struct write_op *op)
{
	char *err = NULL;
	if (store_begin(op->req->ctx->store, &err) < 0)
		return write_store_error(op->ans, err);
	return 0;
}

int write_commit(struct write_op *op, int class_id, long long ref_id)
{
	char *err = NULL;

	if (class_id && op->notes && op->notes->child &&
	    write_log(op->req, class_id, ref_id, 0, op->notes, op->ans)) {
		store_rollback(op->req->ctx->store);
		return -1;
	}
	if (store_commit(op->req->ctx->store, &err) < 0) {
		store_rollback(op->req->ctx->store);
		return write_store_error(op->ans, err);
	}
	return 0;
}

void write_full_name(const cJSON *rec, struct strbuf *out)
{
	const char *f = write_get(rec, "fname"), *l = write_get(rec, "lname");
	strbuf_adds(out, f);
	if (*f && *l)
		strbuf_addc(out, ' ');
	strbuf_adds(out, l);
}

void write_key_office(struct sb_req *req, char out[24])
{
	const struct resource *o = res_find("office");
	long long *ids = NULL;
	size_t n = 0;

	snprintf(out, 24, "1");
	if (o && store_search(req->ctx->store, o, NULL, 0, 1, &ids, &n, NULL) == 0 && n)
		snprintf(out, 24, "%lld", ids[0]);
	free(ids);
}

long long write_cents(const char *s)
{
	long long ip = 0, frac = 0;
	int neg = 0, nd = 0;

	if (!s)
		return 0;
	if (*s == '-')
		neg = 1, s++;
	while (*s >= '0' && *s <= '9' && ip < 100000000000000LL)
		ip = ip * 10 + (*s++ - '0');
	if (*s == '.') {
		s++;
		/* Two decimals, rounded half away from zero on the third. */
		while (*s >= '0' && *s <= '9' && nd < 3) {
			if (nd < 2)
				frac = frac * 10 + (*s - '0');
			else if (*s >= '5')
				frac++;
			nd++, s++;
		}
	}
	if (nd == 1)
		frac *= 10;
	else if (nd == 0)
		frac = 0;
	return (neg ? -1 : 1) * (ip * 100 + frac);
}

void write_money(long long cents, char out[32])
{
	unsigned long long a = cents < 0 ? 0ULL - (unsigned long long)cents : (unsigned long long)cents;
	snprintf(out, 32, "%s%llu.%02llu", cents < 0 ? "-" : "", a / 100, a % 100);
}

