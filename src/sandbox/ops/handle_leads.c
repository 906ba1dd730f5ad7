/* handle_leads.c: a subscription's lead members, and subscription/updateLeadStage that makes, moves and wins leads. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/resources.h"
#include "sandbox/ops/handle_write.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/ops/request.h"
#include "sandbox/store/store.h"

/* What an unset member of type t holds on a lead (as on the generated
 * ones): never null, which is kept for a subscription that is no lead. */
static const char *unset_value(enum res_type t)
{
	switch (t) {
	case RT_INT:
	case RT_BOOL:
		return "0";
	case RT_NUM:
		return "0.00";
	case RT_DATE:
		return "0000-00-00";
	case RT_DATETIME:
		return "0000-00-00 00:00:00";
	default:
		return "";
	}
}

void leads_set_members(struct write_op *op, int lead)
{
	for (size_t i = 0; i < op->r->n_fields; i++) {
		const struct res_field *f = &op->r->fields[i];
		const cJSON *was = cJSON_GetObjectItemCaseSensitive(op->old, f->name);

		if (strncmp(f->name, "lead", 4) != 0 || (f->flags & (RF_DERIVED | RF_HIDDEN)))
			continue;
		if (!lead)
			write_set(op->r, op->obj, f->name, NULL);
		else if (!cJSON_GetObjectItemCaseSensitive(op->obj, f->name) && !cJSON_IsString(was))
			write_set(op->r, op->obj, f->name, unset_value(f->type));
	}
}

/* The lead stage's name: leadStage tables name the column differently per
 * generator, so the first of these that has a value wins. */
static const char *stage_name(const cJSON *rec)
{
	static const char *const names[] = { "name", "title", "stage", "leadStage", "description" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (*write_get(rec, names[i]))
			return write_get(rec, names[i]);
	return "";
}

static int is_unset(const char *d)
{
	return !*d || !strncmp(d, "0000-00-00", 10);
}

/* The subscription named by subscriptionID, or else by subscriptionLink
 * (the id sent at import).  0 with op->id and op->old, or -1. */
static int lead_target(struct write_op *op)
{
	const char *link;
	long long *ids = NULL;
	size_t n = 0;
	int rc;

	if (req_param(op->req, "subscriptionID") || !(link = req_string(op->req, "subscriptionLink")))
		return write_key(op->req, "subscriptionID", &op->id, op->ans) ||
		       write_need(op->req, op->r, op->id, &op->old, op->ans) ? -1 : 0;
	if (!*link) {
		ans_error(op->ans, 200, "Missing required parameter: subscriptionID");
		return -1;
	}
	if (write_find(op->req, op->r, "subscriptionLink", RT_TEXT, link, &ids, &n, op->ans))
		return -1;
	if (!n) {
		free(ids);
		ans_error(op->ans, 200, "No subscription found with subscriptionLink %s", link);
		return -1;
	}
	op->id = ids[0];
	free(ids);
	rc = write_need(op->req, op->r, op->id, &op->old, op->ans);
	return rc ? -1 : 0;
}

/* leadStatus is an integer on the wire (res_table, and the generator's open
 * leads carry 1); the specification names no codes, so: 1 open, 2 won. */
#define LEAD_OPEN "1"
#define LEAD_WON "2"

/*
 * status 0 makes the subscription a lead at stageID (stageID required);
 * status 1 wins the lead: it becomes an active subscription.  Without status,
 * stageID moves a lead to another stage.  Winning a subscription that is not
 * a lead is refused rather than silently accepted.
 */
static void update_lead_stage(struct write_op *op)
{
	const struct resource *ls = res_find("leadStage");
	long long status = -1, stage = 0;
	int rs, rg;
	char now[20], buf[24], *err = NULL;
	cJSON *srec = NULL;

	const char *link;

	/* Consulted whatever fails first, so ignoredParams stays truthful. */
	req_use(op->req, "subscriptionID");
	req_use(op->req, "subscriptionLink");
	/* The record's key (or its link) is named first when missing or
	 * malformed, as every other write names its own. */
	if ((req_param(op->req, "subscriptionID") || !(link = req_string(op->req, "subscriptionLink")) ||
	     !*link) &&
	    write_key(op->req, "subscriptionID", &op->id, op->ans))
		return;
	rs = req_int(op->req, "status", &status);
	rg = req_int(op->req, "stageID", &stage);
	if (rs < 0 || (rs == 0 && status != 0 && status != 1)) {
		ans_error(op->ans, 200, "Invalid value for status: must be 0 (lead) or 1 (won)");
		return;
	}
	if (rg < 0) {
		ans_error(op->ans, 200, "Invalid value for stageID: must be an integer");
		return;
	}
	if (rs == 1 && rg == 1) {
		ans_error(op->ans, 200, "Missing required parameter: status");
		return;
	}
	if (rs == 0 && status == 0 && rg == 1) {
		ans_error(op->ans, 200, "Missing required parameter: stageID");
		return;
	}
	if (write_begin(op))
		return;
	if (lead_target(op))
		goto fail;
	if (rs == 0 && status == 1 && strcmp(write_get(op->old, "active"), "-3")) {
		ans_error(op->ans, 200, "Subscription %lld is not a lead", op->id);
		goto fail;
	}
	sb_timestamp(op->req->ctx, now);
	if (rg == 0) {
		if (ls && write_load(op->req, ls, stage, &srec, op->ans) != 0) {
			if (!op->ans->error)
				ans_error(op->ans, 200, "Invalid value for stageID: no lead stage %lld",
				          stage);
			goto fail;
		}
		snprintf(buf, sizeof buf, "%lld", stage);
		write_set(op->r, op->obj, "leadStageID", buf);
		write_set(op->r, op->obj, "leadStage", stage_name(srec));
	}
	if (rs == 0 && status == 1) {
		write_set(op->r, op->obj, "active", "1");
		write_set(op->r, op->obj, "activeText", "Active");
		write_set(op->r, op->obj, "leadStatus", LEAD_WON);
		write_set(op->r, op->obj, "leadDateClosed", now);
	} else if (rs == 0) {
		write_set(op->r, op->obj, "active", "-3");
		write_set(op->r, op->obj, "activeText", "Lead");
		write_set(op->r, op->obj, "leadStatus", LEAD_OPEN);
		/* Open: unset, as the service writes an unset date (not null). */
		write_set(op->r, op->obj, "leadDateClosed", "0000-00-00 00:00:00");
		if (is_unset(write_get(op->old, "leadDateAdded")))
			write_set(op->r, op->obj, "leadDateAdded", now);
		if (strtoll(write_get(op->old, "leadID"), NULL, 10) <= 0) {
			snprintf(buf, sizeof buf, "%lld", op->id);
			write_set(op->r, op->obj, "leadID", buf);
		}
	}
	if (rs == 0 && status == 0)
		leads_set_members(op, 1);
	op->notes = write_diff(op->r, op->old, op->obj);
	if (op->notes->child) {
		write_set(op->r, op->obj, "leadUpdated", now);
		write_stamp(op->req, op->r, op->obj, 0);
		if (store_update(op->req->ctx->store, op->r, op->id, op->obj, &err) < 0) {
			write_store_error(op->ans, err);
			goto fail;
		}
	}
	cJSON_Delete(srec);
	srec = NULL;
	if (write_commit(op, op->r->class_id, op->id) == 0)
		write_answer_id(op->ans, op->id, "subscriptionID", op->id);
	return;
fail:
	cJSON_Delete(srec);
	store_rollback(op->req->ctx->store);
}

int leads_special(struct sb_req *req, struct sb_answer *ans)
{
	struct write_op op;

	if (!req->res || !req->action || strcmp(req->res->name, "subscription") ||
	    strcmp(req->action, "updateLeadStage"))
		return 0;
	write_op_init(&op, req, ans);
	update_lead_stage(&op);
	write_op_done(&op);
	return 1;
}
