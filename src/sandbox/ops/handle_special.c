/* handle_special.c: the special operations' dispatch, review summary, employee dealias and customer payment profiles. */
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

/* ---- review/summary ---- */

/* A list of strings sent as an array, JSON text, a comma list or one
 * value.  NULL when absent; an empty array matches nothing. */
static cJSON *text_list(struct sb_req *req, const char *name)
{
	const cJSON *v = req_param(req, name), *e;
	cJSON *out, *parsed = NULL;

	if (!v)
		return NULL;
	out = cJSON_CreateArray();
	if (cJSON_IsString(v) && v->valuestring[0] == '[' &&
	    (parsed = cJSON_Parse(v->valuestring)) && cJSON_IsArray(parsed))
		v = parsed;
	if (cJSON_IsArray(v)) {
		cJSON_ArrayForEach(e, v)
			if (cJSON_IsString(e))
				cJSON_AddItemToArray(out, cJSON_CreateString(e->valuestring));
			else if (cJSON_IsNumber(e)) {
				char num[32];
				snprintf(num, sizeof num, "%.0f", e->valuedouble);
				cJSON_AddItemToArray(out, cJSON_CreateString(num));
			}
	} else if (cJSON_IsString(v)) {
		const char *s = v->valuestring;
		while (*s) {
			size_t n = strcspn(s, ",");
			char *one = xstrndup(s, n);
			char *a = one, *z = one + strlen(one);
			while (*a == ' ')
				a++;
			while (z > a && z[-1] == ' ')
				*--z = '\0';
			if (*a)
				cJSON_AddItemToArray(out, cJSON_CreateString(a));
			free(one);
			s += n;
			if (*s == ',')
				s++;
		}
	}
	cJSON_Delete(parsed);
	return out;
}

static int in_list(const cJSON *list, const char *s, int fold)
{
	const cJSON *e;
	if (!list)
		return 1;
	cJSON_ArrayForEach(e, list)
		if (fold ? !strcasecmp(e->valuestring, s) : !strcmp(e->valuestring, s))
			return 1;
	return 0;
}

struct place {
	long long id;
	char *zip, *city;
};

static int cmp_place(const void *a, const void *b)
{
	long long x = ((const struct place *)a)->id, y = ((const struct place *)b)->id;
	return (x > y) - (x < y);
}

/* Adds one rating to bucket key of obj ({"num", "average" (a running sum
 * until finish_bucket), label: key}). */
static void bucket_add(cJSON *obj, const char *label, const char *key, int stars)
{
	cJSON *b = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!b) {
		b = cJSON_AddObjectToObject(obj, key);
		cJSON_AddNumberToObject(b, "num", 0);
		cJSON_AddNumberToObject(b, "average", 0);
		cJSON_AddStringToObject(b, label, key);
	}
	cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(b, "num"),
	                     cJSON_GetObjectItemCaseSensitive(b, "num")->valuedouble + 1);
	cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(b, "average"),
	                     cJSON_GetObjectItemCaseSensitive(b, "average")->valuedouble + stars);
}

static double avg2(double sum, double n)
{
	return n > 0 ? round(sum / n * 100) / 100 : 0;
}

static int cmp_member(const void *a, const void *b)
{
	return strcmp((*(cJSON *const *)a)->string, (*(cJSON *const *)b)->string);
}

/* Averages from the running sums, and the buckets in key order so that two
 * summaries of the same data read alike. */
static void finish_buckets(cJSON *obj)
{
	size_t n = (size_t)cJSON_GetArraySize(obj), k = 0;
	cJSON **v = xcalloc(n + 1, sizeof *v), *b;

	while ((b = obj->child))
		v[k++] = cJSON_DetachItemViaPointer(obj, b);
	qsort(v, k, sizeof *v, cmp_member);
	for (size_t i = 0; i < k; i++)
		cJSON_AddItemToArray(obj, v[i]);
	free(v);
	cJSON_ArrayForEach(b, obj) {
		cJSON *num = cJSON_GetObjectItemCaseSensitive(b, "num");
		cJSON *avg = cJSON_GetObjectItemCaseSensitive(b, "average");
		cJSON_SetNumberValue(avg, avg2(avg->valuedouble, num->valuedouble));
	}
}

/* One filter of ids (officeIDs, customerIDs) as an IN condition; the
 * values live in *vals (caller frees both). */
static int id_cond(struct sb_req *req, const char *name, const char *field,
                   struct store_cond *c, char ***vals, size_t *n_conds, struct sb_answer *ans)
{
	long long *ids = NULL;
	size_t n = 0;
	int rc = req_ids(req, name, &ids, &n);

	if (rc == 1)
		return 0;
	if (rc < 0) {
		ans_error(ans, 200, "Invalid value for %s: element %zu is not an id", name, n);
		return -1;
	}
	*vals = xcalloc(n ? n : 1, sizeof **vals);
	for (size_t i = 0; i < n; i++) {
		(*vals)[i] = xmalloc(24);
		snprintf((*vals)[i], 24, "%lld", ids[i]);
	}
	free(ids);
	c->field = field, c->op = SO_IN, c->type = RT_INT;
	c->values = (const char *const *)*vals, c->n_values = n;
	if (n == 0) {
		/* An empty list matches nothing, as IN () would. */
		(*vals)[0] = xstrdup("-1");
		c->n_values = 1;
	}
	(*n_conds)++;
	return 0;
}

static void free_vals(char **v, size_t n)
{
	for (size_t i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

static int time_cond(struct sb_req *req, const char *name, enum store_op op,
                     struct store_cond *c, const char **val, size_t *n_conds,
                     struct sb_answer *ans)
{
	const char *v = req_string(req, name);
	if (!v || !*v)
		return 0;
	if (write_check_value(RT_DATETIME, v)) {
		ans_error(ans, 200, "Invalid value for %s: %s", name, write_check_value(RT_DATETIME, v));
		return -1;
	}
	*val = v;
	c->field = "date", c->op = op, c->type = RT_DATETIME, c->values = val, c->n_values = 1;
	(*n_conds)++;
	return 0;
}

/*
 * Counts and mean star ratings of the reviews matching the filters, by star,
 * by the reviewed customer's zip and city, and overall.  officeIDs absent
 * means the office of the API key (the specification), the sandbox's first.
 */
static void review_summary(struct sb_req *req, struct sb_answer *ans)
{
	const struct resource *r = req->res, *cr = res_find("customer");
	struct store_cond conds[4];
	const char *tv[2];
	char **ov = NULL, **cv = NULL, *err = NULL;
	size_t n_conds = 0, n = 0, np = 0, no = 0, nc = 0;
	long long *ids = NULL, *cids = NULL;
	struct place *pl = NULL;
	cJSON *zips_f = text_list(req, "zipCodes"), *cities_f = text_list(req, "cities");
	cJSON *reviews = cJSON_CreateArray(), *stars, *zips, *cities, *rv;
	double sum = 0, count = 0;

	if (id_cond(req, "officeIDs", "officeID", &conds[n_conds], &ov, &n_conds, ans))
		goto out;
	if (!ov) {
		ov = xcalloc(1, sizeof *ov);
		ov[0] = xmalloc(24);
		write_key_office(req, ov[0]);
		conds[n_conds].field = "officeID", conds[n_conds].op = SO_IN;
		conds[n_conds].type = RT_INT;
		conds[n_conds].values = (const char *const *)ov, conds[n_conds].n_values = 1;
		n_conds++;
	}
	no = conds[n_conds - 1].n_values;
	if (id_cond(req, "customerIDs", "customerID", &conds[n_conds], &cv, &n_conds, ans))
		goto out;
	nc = cv ? conds[n_conds - 1].n_values : 0;
	if (time_cond(req, "startTime", SO_GE, &conds[n_conds], &tv[0], &n_conds, ans) ||
	    time_cond(req, "endTime", SO_LE, &conds[n_conds], &tv[1], &n_conds, ans))
		goto out;
	if (store_search(req->ctx->store, r, conds, n_conds, 0, &ids, &n, &err) < 0)
		goto store_err;
	for (size_t i = 0; i < n; i += 1000)
		if (store_get(req->ctx->store, r, ids + i, n - i < 1000 ? n - i : 1000, 0, reviews,
		              &err) < 0)
			goto store_err;
	/* The reviewed customers' zip and city, fetched once each. */
	cids = xcalloc((size_t)cJSON_GetArraySize(reviews) + 1, sizeof *cids);
	cJSON_ArrayForEach(rv, reviews)
		cids[np++] = strtoll(write_get(rv, "customerID"), NULL, 10);
	pl = xcalloc(np + 1, sizeof *pl);
	if (cr && np) {
		cJSON *custs = cJSON_CreateArray(), *c;
		size_t k = 0;
		for (size_t i = 0; i < np; i += 1000)
			if (store_get(req->ctx->store, cr, cids + i, np - i < 1000 ? np - i : 1000, 0,
			              custs, &err) < 0) {
				cJSON_Delete(custs);
				goto store_err;
			}
		cJSON_ArrayForEach(c, custs) {
			pl[k].id = strtoll(write_get(c, "customerID"), NULL, 10);
			pl[k].zip = xstrdup(write_get(c, "zip"));
			pl[k].city = xstrdup(write_get(c, "city"));
			k++;
		}
		cJSON_Delete(custs);
		np = k;
		qsort(pl, np, sizeof *pl, cmp_place);
	} else {
		np = 0;
	}
	ans->members = cJSON_CreateObject();
	stars = cJSON_AddObjectToObject(ans->members, "stars");
	for (int s = 1; s <= 5; s++) {
		char key[2] = { (char)('0' + s), 0 };
		cJSON_AddNumberToObject(stars, key, 0);
	}
	zips = cJSON_AddObjectToObject(ans->members, "zips");
	cities = cJSON_AddObjectToObject(ans->members, "cities");
	cJSON_ArrayForEach(rv, reviews) {
		struct place key = { strtoll(write_get(rv, "customerID"), NULL, 10), NULL, NULL };
		struct place *p = bsearch(&key, pl, np, sizeof *pl, cmp_place);
		const char *zip = p ? p->zip : "", *city = p ? p->city : "";
		long long st = strtoll(write_get(rv, "starRating"), NULL, 10);
		char sk[2] = { (char)('0' + st), 0 };

		if (st < 1 || st > 5 || !in_list(zips_f, zip, 0) || !in_list(cities_f, city, 1))
			continue;
		cJSON_SetNumberValue(cJSON_GetObjectItemCaseSensitive(stars, sk),
		                     cJSON_GetObjectItemCaseSensitive(stars, sk)->valuedouble + 1);
		if (*zip)
			bucket_add(zips, "zip", zip, (int)st);
		if (*city)
			bucket_add(cities, "city", city, (int)st);
		sum += (double)st, count++;
	}
	finish_buckets(zips);
	finish_buckets(cities);
	cJSON_AddNumberToObject(ans->members, "average", avg2(sum, count));
	goto out;
store_err:
	write_store_error(ans, err);
out:
	for (size_t i = 0; pl && pl[i].zip; i++)
		free(pl[i].zip), free(pl[i].city);
	free(pl);
	free(cids);
	free(ids);
	free_vals(ov, no);
	free_vals(cv, nc);
	cJSON_Delete(reviews);
	cJSON_Delete(zips_f);
	cJSON_Delete(cities_f);
}

/* ---- employee dealias ---- */

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
	int by_link = 0, both, has_active, rc;
	cJSON *base = NULL, *set = cJSON_CreateObject(), *e, *arr;
	size_t n = 0, k = 0;
	char buf[24];

	if (write_flag(op->req, "useBothKeys", &both, op->ans))
		goto out;
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

const char *special_processor_check(const char *gateway, const char *token,
                                    const char *token_id, char code[2])
{
	static const char *const need_token[] = {
		"Missing required parameter: CreditCardToken (required by processor A)",
		NULL,
		"Missing required parameter: CreditCardToken (required by processor C)",
	};
	static const char *const need_id[] = {
		"Missing required parameter: CreditCardTokenID (required by processor A)",
		"Missing required parameter: CreditCardTokenID (required by processor B)",
		NULL,
	};
	int k = 0;

	code[0] = 'A', code[1] = '\0';
	if (gateway && *gateway) {
		if (strlen(gateway) != 1 || !strchr("ABCabc", gateway[0]))
			return "Invalid value for gateway: must be A, B or C";
		code[0] = (char)(gateway[0] & ~32);
		k = code[0] - 'A';
	}
	if ((!token || !*token) && need_token[k])
		return need_token[k];
	if ((!token_id || !*token_id) && need_id[k])
		return need_id[k];
	return NULL;
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
	const char *gw = req_string(op->req, "gateway"), *tok, *tid, *why;
	long long cid, pid;
	char g[2], idbuf[24], *err = NULL;
	struct strbuf name = STRBUF_INIT;
	cJSON *c = NULL, *row;

	if (write_key(op->req, "customerID", &cid, op->ans))
		return;
	if (!(tok = text_param(op, "CreditCardToken")) || !(tid = text_param(op, "CreditCardTokenID")))
		return;
	if ((why = special_processor_check(gw, tok, tid, g))) {
		ans_error(op->ans, 200, "%s", why);
		return;
	}
	if (write_begin(op))
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
	write_full_name(c, &name);
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
	if (hooks_activate_profile(op, cid, pid))
		goto fail;
	if (write_commit(op, pr->class_id, pid)) {
		cJSON_Delete(c);
		return;
	}
	answer_profile(op, pr, pid);
	cJSON_Delete(c);
	return;
fail:
	store_rollback(op->req->ctx->store);
	cJSON_Delete(c);
}


/* The profile named by paymentProfileID, or else the customer's active one;
 * either way it must be the customer's. */
static void update_profile(struct write_op *op)
{
	const struct resource *pr = res_find("paymentProfile");
	/* Its parameters are the table's, as every other operation's. */
	const struct res_special *sp = res_special_find(op->r, "updatePaymentProfile");
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
	if (write_collect_params(op->req, NULL, NULL, pr->name, sp->params, sp->n_params,
	                         RP_UPDATE, op->obj, op->ans) ||
	    write_begin(op))
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
	if (write_commit(op, pr->class_id, pid))
		goto out;
	answer_profile(op, pr, pid);
	goto out;
fail:
	store_rollback(op->req->ctx->store);
out:
	cJSON_Delete(c);
	cJSON_Delete(p);
}

/* ---- dispatch ---- */

int handle_special(struct sb_req *req, struct sb_answer *ans)
{
	static const struct {
		const char *res, *action;
		void (*fn)(struct write_op *);
	} ops[] = {
		{ "customer", "createPaymentProfile", create_profile },
		{ "customer", "updatePaymentProfile", update_profile },
		{ "employee", "dealias", dealias },
	};

	if (!req->res || !req->action)
		return 0;
	if (addons_special(req, ans) || leads_special(req, ans) || schedule_special(req, ans) ||
	    spots_special(req, ans) || delete_special(req, ans))
		return 1;
	if (!strcmp(req->res->name, "document") && !strcmp(req->action, "createEncoded")) {
		write_run(req, ans, req->res, 1, &docs_encoded_hooks);
		return 1;
	}
	if (!strcmp(req->res->name, "review") && !strcmp(req->action, "summary")) {
		review_summary(req, ans);
		return 1;
	}
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
		struct write_op op;
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
	if (res_special_find(req->res, req->action)) {
		/* Listed in the table but not implemented here: say so rather
		 * than answer a success that did nothing. */
		ans_error(ans, 501, "%s/%s is not implemented by the sandbox", req->res->name,
		          req->action);
		return 1;
	}
	return 0;
}
