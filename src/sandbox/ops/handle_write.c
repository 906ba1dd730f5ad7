/* handle_write.c: generic create and update driven by the resource table, with validation and the changelog. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/dates.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "sandbox/ops/handle_write.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/ops/request.h"
#include "sandbox/store/store.h"

/* Longest text value a write accepts.  The specification gives no bound;
 * 64 KiB is far above any note a dispatcher types and keeps one write from
 * filling the database. */
#define WRITE_TEXT_MAX 65535

/* ---- value checks ---- */

static int is_digits(const char *s, size_t max)
{
	size_t n = 0;
	while (s[n] >= '0' && s[n] <= '9')
		n++;
	return n > 0 && n <= max && s[n] == '\0';
}

static int is_int(const char *s)
{
	/* 18 digits always fit a long long, so the value round-trips. */
	return is_digits(*s == '-' ? s + 1 : s, 18);
}

/* Decimal: [-]digits[.digits] or [-].digits; at most 12 integer digits so
 * that cents fit a long long. */
static int is_num(const char *s)
{
	size_t i = 0, a = 0, b = 0;
	if (s[i] == '-')
		i++;
	while (s[i] >= '0' && s[i] <= '9')
		i++, a++;
	if (s[i] == '.') {
		i++;
		while (s[i] >= '0' && s[i] <= '9')
			i++, b++;
	}
	return s[i] == '\0' && a + b > 0 && a <= 12;
}

static int is_bool(const char *s)
{
	return !strcmp(s, "0") || !strcmp(s, "1") || !strcasecmp(s, "true") ||
	       !strcasecmp(s, "false");
}

int write_flag(struct sb_req *req, const char *name, int *on, struct sb_answer *ans)
{
	const cJSON *v = req_param(req, name);
	const char *s = cJSON_IsString(v) ? v->valuestring : "";
	char buf[8];
	size_t len;

	*on = 0;
	if (!v)
		return 0;
	while (isspace((unsigned char)*s))
		s++;
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		len--;
	/* As a write's 0/1 fields are read: blank is as not sent. */
	if (cJSON_IsString(v) && len == 0)
		return 0;
	if (!cJSON_IsString(v) || len >= sizeof(buf)) {
		ans_error(ans, 200, "Invalid value for %s: must be 0 or 1", name);
		return -1;
	}
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (!is_bool(buf)) {
		ans_error(ans, 200, "Invalid value for %s: must be 0 or 1", name);
		return -1;
	}
	*on = !strcmp(buf, "1") || !strcasecmp(buf, "true");
	return 0;
}

static int two(const char *s, int max)
{
	if (s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9')
		return 0;
	return (s[0] - '0') * 10 + (s[1] - '0') <= max;
}

static int is_time(const char *s)
{
	return strlen(s) == 8 && two(s, 23) && s[2] == ':' && two(s + 3, 59) && s[5] == ':' &&
	       two(s + 6, 59);
}

static int is_idlist(const char *s)
{
	/* "1,2,3", spaces after commas tolerated; empty means no ids. */
	while (*s) {
		size_t n = 0;
		while (*s == ' ')
			s++;
		while (s[n] >= '0' && s[n] <= '9')
			n++;
		if (n == 0 || n > 18)
			return 0;
		s += n;
		if (*s == ',')
			s++;
		else if (*s)
			return 0;
	}
	return 1;
}

const char *write_check_value(enum res_type type, const char *v)
{
	struct rd_date d;

	if (!v)
		return "missing";
	switch (type) {
	case RT_INT:
		return is_int(v) ? NULL : "must be an integer";
	case RT_NUM:
		return is_num(v) ? NULL : "must be a number";
	case RT_BOOL:
		return is_bool(v) ? NULL : "must be 0 or 1";
	case RT_DATE:
		if (!strcmp(v, "0000-00-00") || date_parse(v, &d) == 0)
			return NULL;
		return "must be a date (YYYY-MM-DD)";
	case RT_DATETIME:
		/* A bare date is accepted and means midnight, as the service's
		 * date filters do. */
		if (!strcmp(v, "0000-00-00") || !strcmp(v, "0000-00-00 00:00:00") ||
		    datetime_parse(v, &d, NULL) == 0)
			return NULL;
		return "must be a date and time (YYYY-MM-DD HH:MM:SS)";
	case RT_TIME:
		return is_time(v) ? NULL : "must be a time (HH:MM:SS)";
	case RT_IDLIST:
		return is_idlist(v) ? NULL : "must be a comma-separated list of ids";
	case RT_JSON: {
		cJSON *j = cJSON_Parse(v);
		int ok = j && (cJSON_IsArray(j) || cJSON_IsObject(j));
		cJSON_Delete(j);
		return ok ? NULL : "must be a JSON array or object";
	}
	case RT_TEXT:
		if (!utf8_valid(v, strlen(v)))
			return "must be valid UTF-8 text";
		if (strlen(v) > WRITE_TEXT_MAX)
			return "is too long (at most 65535 bytes)";
		return NULL;
	}
	return "has an unknown type";
}

/* Counts code points: the product code bound is in characters. */
static size_t utf8_chars(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xC0) != 0x80)
			n++;
	return n;
}

/* Rules beyond the type that the specification states per field.  Runs on
 * the normalised value; may rewrite it in place (state codes to upper case).
 * The empty state is allowed so that an update can clear a wrong code. */
static const char *field_rule(const char *res, const char *param, char *v)
{
	long long n = strtoll(v, NULL, 10);

	if (!strcmp(res, "customer") && !strcmp(param, "state")) {
		if (!*v)
			return NULL;
		if (strlen(v) != 2 || !((v[0] | 32) >= 'a' && (v[0] | 32) <= 'z') ||
		    !((v[1] | 32) >= 'a' && (v[1] | 32) <= 'z'))
			return "must be a two-letter state code";
		v[0] = (char)(v[0] & ~32), v[1] = (char)(v[1] & ~32);
	} else if (!strcmp(res, "review") && !strcmp(param, "starRating")) {
		if (n < 1 || n > 5)
			return "must be 1 to 5";
	} else if (!strcmp(res, "product") && !strcmp(param, "code")) {
		if (utf8_chars(v) > 25)
			return "must be at most 25 characters";
	} else if (!strcmp(res, "appointmentReminder") && !strcmp(param, "status")) {
		if (n != -1 && n != 1 && n != 6 && n != 9)
			return "must be -1, 1, 6 or 9 (0 is not allowed on write)";
	} else if (!strcmp(res, "paymentProfile") && !strcmp(param, "paymentMethod")) {
		if (n != 1 && n != 2)
			return "must be 1 (card) or 2 (bank transfer)";
	} else if (!strcmp(res, "ticket") && !strcmp(param, "status")) {
		if (!is_int(v) || (n != 0 && n != 1 && n != -1 && n != -3))
			return "must be 0, 1, -1 or -3";
	} else if (!strcmp(res, "ticket") && !strcmp(param, "templateType")) {
		if (*v && strcmp(v, "R") && strcmp(v, "I") && strcmp(v, "NA"))
			return "must be R, I or NA";
	} else if (!strcmp(res, "subscription") && !strcmp(param, "active")) {
		/* A lead's -3 is updateLeadStage's to give, not a write's. */
		if (n != 0 && n != 1)
			return "must be 0 (frozen) or 1 (active)";
	} else if (!strcmp(res, "subscription") &&
	           (!strcmp(param, "frequency") || !strcmp(param, "billingFrequency"))) {
		/* The specification's -1 and 0 and, for frequency, days above 0;
		 * billingFrequency's range is given only as -1/0, so days are
		 * taken for it too rather than refuse what a service may send. */
		if (n < -1)
			return "must be -1 (one time), 0 (as needed) or a number of days";
	} else if (!strcmp(res, "employee") && !strcmp(param, "type")) {
		if (n < 0 || n > 2)
			return "must be 0, 1 or 2";
	} else if (!strcmp(param, "quantity")) {
		if (n < 0)
			return "must not be negative";
	} else if (!strcmp(param, "taxable")) {
		if (n != 0 && n != 1)
			return "must be 0 or 1";
	}
	return NULL;
}

/* Amount-like RT_NUM values are kept as "%.2f"; rates and coordinates
 * (taxRate, cityTax, lat, averageLatitude, startLng ...) keep the precision
 * they were sent with. */
static int is_money_field(const char *name)
{
	return !strstr(name, "Rate") && !strstr(name, "Tax") && !strstr(name, "Lat") &&
	       !strstr(name, "Lng") && !strstr(name, "Longitude") && strcmp(name, "lat") &&
	       strcmp(name, "lng") && strcmp(name, "latitude") && strcmp(name, "longitude");
}

/* A request value as text: strings as is, numbers and booleans printed;
 * arrays joined with commas when every element is a scalar (id lists).
 * NULL when it cannot be a scalar.  *buf holds any allocation. */
static const char *value_text(const cJSON *v, struct strbuf *buf)
{
	if (cJSON_IsString(v))
		return v->valuestring;
	if (cJSON_IsBool(v))
		return cJSON_IsTrue(v) ? "1" : "0";
	if (cJSON_IsNumber(v)) {
		/* The range check comes first: casting a double beyond long long
		 * is undefined. */
		if (v->valuedouble > -1e15 && v->valuedouble < 1e15 &&
		    v->valuedouble == (double)(long long)v->valuedouble)
			strbuf_addf(buf, "%lld", (long long)v->valuedouble);
		else
			strbuf_addf(buf, "%.15g", v->valuedouble);
		return strbuf_str(buf);
	}
	return NULL;
}

static const char *idlist_text(const cJSON *v, struct strbuf *buf)
{
	const cJSON *e;
	cJSON_ArrayForEach(e, v) {
		struct strbuf one = STRBUF_INIT;
		const char *t = value_text(e, &one);
		if (!t || !is_int(t)) {
			strbuf_free(&one);
			return NULL;
		}
		if (buf->len)
			strbuf_addc(buf, ',');
		strbuf_adds(buf, t);
		strbuf_free(&one);
	}
	return strbuf_str(buf);
}

/* Validates and normalises one value into obj[field]; NULL or the reason. */
static const char *put_value(const char *res, const struct res_param *p, const cJSON *v,
                             cJSON *obj)
{
	struct strbuf buf = STRBUF_INIT, norm = STRBUF_INIT;
	const char *why, *t;
	char *s;

	if (p->type == RT_JSON && (cJSON_IsArray(v) || cJSON_IsObject(v))) {
		if (p->field)
			cJSON_AddItemToObject(obj, p->field, cJSON_Duplicate(v, 1));
		return NULL;
	}
	/* "false" and "" unset a JSON list (ticket create's addons). */
	if (p->type == RT_JSON && cJSON_IsString(v) &&
	    (!*v->valuestring || !strcmp(v->valuestring, "false"))) {
		if (p->field)
			cJSON_AddItemToObject(obj, p->field, cJSON_CreateArray());
		return NULL;
	}
	if (p->type == RT_IDLIST && cJSON_IsArray(v))
		t = idlist_text(v, &buf);
	else
		t = value_text(v, &buf);
	if (!t) {
		strbuf_free(&buf);
		return "must be a single value";
	}
	if ((why = write_check_value(p->type, t))) {
		strbuf_free(&buf);
		return why;
	}
	/* Integers are kept as sent (validated): "02134" is a zip code to a
	 * text column even where the specification types it integer. */
	switch (p->type) {
	case RT_NUM:
		if (p->field && !is_money_field(p->field)) {
			strbuf_adds(&norm, t);
		} else {
			char m[32];
			write_money(write_cents(t), m);
			strbuf_adds(&norm, m);
		}
		break;
	case RT_BOOL:
		strbuf_adds(&norm, (!strcmp(t, "1") || !strcasecmp(t, "true")) ? "1" : "0");
		break;
	case RT_DATETIME:
		strbuf_adds(&norm, t);
		if (strlen(t) == 10)
			strbuf_adds(&norm, " 00:00:00");
		break;
	case RT_IDLIST:
		for (; *t; t++)
			if (*t != ' ')
				strbuf_addc(&norm, *t);
		break;
	default:
		strbuf_adds(&norm, t);
		break;
	}
	strbuf_free(&buf);
	s = strbuf_detach(&norm, NULL);
	if ((why = field_rule(res, p->name, s))) {
		free(s);
		return why;
	}
	if (p->field) {
		if (p->type == RT_JSON) {
			cJSON_AddItemToObject(obj, p->field, cJSON_Parse(s));
		} else {
			cJSON_DeleteItemFromObjectCaseSensitive(obj, p->field);
			cJSON_AddStringToObject(obj, p->field, s);
		}
	}
	free(s);
	return NULL;
}

/* A value counts as absent when it is missing, null, or an empty string. */
static int is_blank(const cJSON *v)
{
	return !v || cJSON_IsNull(v) || (cJSON_IsString(v) && !*v->valuestring);
}

/* The unset date of api-behaviour.md ("0000-00-00", "0000-00-00
 * 00:00:00") sent for a date parameter. */
static int is_unset_date(enum res_type type, const cJSON *v)
{
	return (type == RT_DATE || type == RT_DATETIME) && cJSON_IsString(v) &&
	       (!strcmp(v->valuestring, "0000-00-00") ||
	        !strcmp(v->valuestring, "0000-00-00 00:00:00"));
}

int write_collect_params(struct sb_req *req, const cJSON *src_obj, const char *prefix,
                         const char *res_name, const struct res_param *params, size_t n,
                         unsigned want, cJSON *obj, struct sb_answer *ans)
{
	for (size_t i = 0; i < n; i++) {
		const struct res_param *p = &params[i];
		const cJSON *v;
		const char *why;

		if (!(p->flags & want))
			continue;
		v = src_obj ? cJSON_GetObjectItemCaseSensitive(src_obj, p->name)
		            : req_param(req, p->name);
		/* Empty text is a value (it clears a field on update); an empty
		 * required parameter is reported missing on create. */
		if (!v || cJSON_IsNull(v) ||
		    (is_blank(v) && (want & RP_CREATE) && (p->flags & RP_REQUIRED))) {
			if ((want & RP_CREATE) && (p->flags & RP_REQUIRED)) {
				ans_error(ans, 200, "Missing required parameter: %s%s%s%s",
				          prefix ? prefix : "", prefix ? "[" : "", p->name,
				          prefix ? "]" : "");
				return -1;
			}
			continue;
		}
		/* The unset date is no value for a date a create requires (the
		 * specification's ticket/create date, "date the invoice
		 * applies"): taken, it made a ticket with no invoice date.  On
		 * update the parameter is not required, and is left alone. */
		if ((want & RP_CREATE) && (p->flags & RP_REQUIRED) && is_unset_date(p->type, v)) {
			ans_error(ans, 200, "Invalid value for %s%s%s%s: must be a date (YYYY-MM-DD), "
			          "not the unset date %s", prefix ? prefix : "", prefix ? "[" : "",
			          p->name, prefix ? "]" : "", v->valuestring);
			return -1;
		}
		if ((why = put_value(res_name, p, v, obj))) {
			ans_error(ans, 200, "Invalid value for %s%s%s%s: %s", prefix ? prefix : "",
			          prefix ? "[" : "", p->name, prefix ? "]" : "", why);
			return -1;
		}
	}
	return 0;
}

int write_collect(struct sb_req *req, const struct resource *r, int is_create, cJSON *obj,
                  struct sb_answer *ans)
{
	return write_collect_params(req, NULL, NULL, r->name, r->params, r->n_params,
	                            is_create ? RP_CREATE : RP_UPDATE, obj, ans);
}

/* ---- the generic write ---- */

/* The parent named by r->owner (customerID on note, ticket, document ...):
 * collected with the params when the table lists it, else read here. */
static int collect_owner(struct write_op *op)
{
	const char *have = write_get(op->obj, op->r->owner);
	char buf[24];

	if (*have) {
		op->owner_id = strtoll(have, NULL, 10);
		return 0;
	}
	if (write_key(op->req, op->r->owner, &op->owner_id, op->ans))
		return -1;
	snprintf(buf, sizeof buf, "%lld", op->owner_id);
	write_set(op->r, op->obj, op->r->owner, buf);
	return 0;
}

static int load_owner(struct write_op *op)
{
	const struct resource *o = write_res_by_pk(op->r->owner);

	if (!o || o == op->r)
		return 0;
	if (write_need(op->req, o, op->owner_id, &op->owner_rec, op->ans))
		return -1;
	/* A record belongs to its parent's office unless told otherwise. */
	if (*write_get(op->owner_rec, "officeID"))
		write_default(op->r, op->obj, "officeID", write_get(op->owner_rec, "officeID"));
	return 0;
}

/*
 * A resource without a changelog class of its own is logged against the
 * parent it is part of for the service's users: a note against its customer
 * (the owner), a review against the customer it is about, a reminder against
 * its appointment.  Products are the account's add-on catalogue, whose
 * changes the service logs as AddOnsAction (15).
 */
#define CLASS_ADDONS_ACTION 15
static void parent_class(struct write_op *op)
{
	static const struct {
		const char *res, *field;
	} parents[] = {
		{ "review", "customerID" },
		{ "appointmentReminder", "appointmentID" },
	};
	const char *pf = op->r->owner, *v;
	const struct resource *o;

	if (op->class_id)
		return;
	if (!strcmp(op->r->name, "product")) {
		op->class_id = CLASS_ADDONS_ACTION;
		return;
	}
	for (size_t i = 0; i < sizeof parents / sizeof *parents; i++)
		if (!strcmp(parents[i].res, op->r->name))
			pf = parents[i].field;
	if (!pf || !(o = write_res_by_pk(pf)) || !o->class_id)
		return;
	v = write_get(op->obj, pf);
	if (!*v)
		v = write_get(op->old, pf);
	if (strtoll(v, NULL, 10) <= 0)
		return;
	op->class_id = o->class_id;
	op->ref_id = strtoll(v, NULL, 10);
}

static cJSON *notes_created(const struct resource *r, const cJSON *obj)
{
	cJSON *notes = cJSON_Duplicate(obj, 1);
	for (size_t i = 0; i < r->n_fields; i++)
		if (r->fields[i].flags & RF_HIDDEN)
			cJSON_DeleteItemFromObjectCaseSensitive(notes, r->fields[i].name);
	return notes;
}

/* A created record carries every field, as live records do: a number or
 * flag not sent is "0", an amount "0.00", a rate or coordinate "0.000000"
 * (live's "taxRate":"0.000000", and the six decimals generated records
 * carry), text "" (as the live service: "0" means nobody in any employee
 * field).  Only the fields live sends as null when unset (RF_NULL) stay
 * null; dates keep the store's unset value; ids lists and JSON are the
 * hooks' or derived. */
static void param_defaults(struct write_op *op)
{
	for (size_t i = 0; i < op->r->n_fields; i++) {
		const struct res_field *f = &op->r->fields[i];
		const char *v = NULL;

		if (f->flags & (RF_DERIVED | RF_HIDDEN | RF_NULL) || strcmp(f->name, op->r->pk) == 0)
			continue;
		switch (f->type) {
		case RT_INT:
		case RT_BOOL:
			v = "0";
			break;
		case RT_NUM:
			v = is_money_field(f->name) ? "0.00" : "0.000000";
			break;
		case RT_TEXT:
			v = "";
			break;
		default:
			break;
		}
		if (v)
			write_default(op->r, op->obj, f->name, v);
	}
}

static long long obj_employee(const cJSON *obj)
{
	return strtoll(write_get(obj, "employeeID"), NULL, 10);
}

static int run_store(struct write_op *op)
{
	char *err = NULL;
	int rc;

	if (op->is_create) {
		char buf[24];
		op->notes = notes_created(op->r, op->obj);
		param_defaults(op);
		write_stamp(op->req, op->r, op->obj, 1);
		if (store_insert(op->req->ctx->store, op->r, op->obj, &op->id, &err) < 0)
			return write_store_error(op->ans, err);
		snprintf(buf, sizeof buf, "%lld", op->id);
		cJSON_AddStringToObject(op->notes, op->r->pk, buf);
		return 0;
	}
	op->notes = write_diff(op->r, op->old, op->obj);
	/* An update that changes nothing leaves dateUpdated alone, so clients
	 * syncing on dateUpdated are not sent the record again. */
	if (!op->notes->child)
		return 0;
	write_stamp(op->req, op->r, op->obj, 0);
	rc = store_update(op->req->ctx->store, op->r, op->id, op->obj, &err);
	if (rc < 0)
		return write_store_error(op->ans, err);
	if (rc == 1) {
		ans_error(op->ans, 200, "No %s found with id %lld", op->r->name, op->id);
		return -1;
	}
	return 0;
}

void write_run(struct sb_req *req, struct sb_answer *ans, const struct resource *r,
               int is_create, const struct write_hooks *h)
{
	struct write_op op;
	char *err = NULL;
	int began = 0;

	memset(&op, 0, sizeof op);
	op.req = req, op.ans = ans, op.r = r, op.is_create = is_create;
	op.obj = cJSON_CreateObject();
	if (!is_create) {
		if (!r->update_key) {
			ans_error(ans, 404, "%s/update is not supported", r->name);
			goto out;
		}
		if (write_key(req, r->update_key, &op.id, ans))
			goto out;
	}
	if (write_collect(req, r, is_create, op.obj, ans))
		goto out;
	if (is_create && r->owner && collect_owner(&op))
		goto out;
	if (store_begin(req->ctx->store, &err) < 0) {
		write_store_error(ans, err);
		goto out;
	}
	began = 1;
	op.class_id = r->class_id;
	if (!is_create) {
		if (write_need(req, r, op.id, &op.old, ans))
			goto out;
	} else if (r->owner && load_owner(&op)) {
		goto out;
	}
	if (write_check_refs(req, r->name, r->params, r->n_params, op.obj, op.old, NULL, ans))
		goto out;
	if (h && h->before && h->before(&op))
		goto out;
	parent_class(&op);
	if (run_store(&op))
		goto out;
	if (h && h->after && h->after(&op))
		goto out;
	if (op.class_id && op.notes && op.notes->child &&
	    write_log(req, op.class_id, op.ref_id ? op.ref_id : op.id, obj_employee(op.obj), op.notes,
	              ans))
		goto out;
	began = 0;
	if (store_commit(req->ctx->store, &err) < 0) {
		store_rollback(req->ctx->store);
		write_store_error(ans, err);
		goto out;
	}
	if (h && h->answer)
		h->answer(&op);
	else
		write_answer_id(ans, op.id, r->write_member, op.id);
out:
	if (began)
		store_rollback(req->ctx->store);
	cJSON_Delete(op.obj);
	cJSON_Delete(op.old);
	cJSON_Delete(op.owner_rec);
	cJSON_Delete(op.notes);
	free(op.data);
	free(op.name);
}

static const struct {
	const char *res;
	const struct write_hooks *hooks;
} hook_table[] = {
	{ "note", &hooks_note },
	{ "customer", &hooks_customer },
	{ "paymentProfile", &hooks_profile },
	{ "appointmentReminder", &hooks_reminder },
	{ "employee", &hooks_employee },
	{ "route", &hooks_route },
	{ "subscription", &hooks_subscription },
	{ "ticket", &addons_ticket_hooks },
	{ "document", &docs_upload_hooks },
	{ "appointment", &hooks_appointment },
	{ "task", &hooks_task },
};

static const struct write_hooks *hooks_of(const struct resource *r)
{
	for (size_t i = 0; i < sizeof hook_table / sizeof *hook_table; i++)
		if (!strcmp(hook_table[i].res, r->name))
			return hook_table[i].hooks;
	return NULL;
}

static void run(struct sb_req *req, struct sb_answer *ans, int is_create)
{
	const struct resource *r = req->res;
	unsigned op = is_create ? OP_CREATE : OP_UPDATE;

	if (!r || !(r->ops & op)) {
		ans_error(ans, 404, "Unknown action %s/%s", req->entity ? req->entity : "",
		          is_create ? "create" : "update");
		return;
	}
	write_run(req, ans, r, is_create, hooks_of(r));
}

void handle_create(struct sb_req *req, struct sb_answer *ans)
{
	run(req, ans, 1);
}

void handle_update(struct sb_req *req, struct sb_answer *ans)
{
	run(req, ans, 0);
}
