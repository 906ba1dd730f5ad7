/* envelope.c: wraps a handler's answer in the service's envelope, members in the live order. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/resources.h" /* handlers.h names enum res_type */
#include "common/strbuf.h"
#include "sandbox/ops/envelope.h"

/*
 * The order is the one captured from the live service:
 *   params, tokenUsage, tokenLimits, requestAPIKeyType, requestAction,
 *   endpoint, success, ignoredParams, [idName], processingTime, members...
 * and for an error the same head, success false, ignoredParams,
 * processingTime, errorMessage.
 *
 * requestAction is the path segment after the entity: "search", "get",
 * "setAddOns" ...; for a by-id request it is the id as it appeared in the
 * path ("10000"), since that is what occupies the action's place in
 * /customer/10000 and a client can tell the two apart by it.  For a request
 * whose path could not be split both endpoint and requestAction are "".
 *
 * params echoes "endpoint" and "action" first, then the request's
 * parameters in the order sent (the live service).
 *
 * params and the handler's members are added as cJSON references, so a
 * 1000-record answer is printed without being copied first.
 */

static cJSON *usage_object(const struct quota_usage *u)
{
	cJSON *o = cJSON_CreateObject();
	struct quota_usage zero = { 0, 0, 0, 0 };

	if (!u)
		u = &zero;
	cJSON_AddNumberToObject(o, "requestsReadToday", (double)u->read_today);
	cJSON_AddNumberToObject(o, "requestsWriteToday", (double)u->write_today);
	cJSON_AddNumberToObject(o, "requestsReadInLastMinute", (double)u->read_minute);
	cJSON_AddNumberToObject(o, "requestsWriteInLastMinute", (double)u->write_minute);
	return o;
}

static cJSON *limits_object(void)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddNumberToObject(o, "limitReadRequestsPerMinute", QUOTA_READ_PER_MINUTE);
	cJSON_AddNumberToObject(o, "limitReadRequestsPerDay", QUOTA_READ_PER_DAY);
	cJSON_AddNumberToObject(o, "limitWriteRequestsPerMinute", QUOTA_WRITE_PER_MINUTE);
	cJSON_AddNumberToObject(o, "limitWriteRequestsPerDay", QUOTA_WRITE_PER_DAY);
	return o;
}

/* The request's action as the envelope names it (requestAction, and
 * "action" in the params echo); the id of a by-id request. */
static const char *action_name(const struct sb_req *req, char id[32])
{
	if (req->action)
		return req->action;
	if (req->entity) {
		snprintf(id, 32, "%lld", req->path_id);
		return id;
	}
	return "";
}

/* params as live echoes them: "endpoint" and "action" first, then the
 * request's parameters in the order sent (references, not copies).  A
 * parameter itself named endpoint or action is not echoed twice. */
static cJSON *params_echo(const struct sb_req *req)
{
	cJSON *o = cJSON_CreateObject();
	char id[32];

	cJSON_AddStringToObject(o, "endpoint", req->entity ? req->entity : "");
	cJSON_AddStringToObject(o, "action", action_name(req, id));
	for (cJSON *p = req->params ? req->params->child : NULL; p; p = p->next)
		if (p->string && strcmp(p->string, "endpoint") && strcmp(p->string, "action"))
			cJSON_AddItemReferenceToObject(o, p->string, p);
	return o;
}

static void add_action(cJSON *root, const struct sb_req *req)
{
	char id[32];

	cJSON_AddStringToObject(root, "requestAction", action_name(req, id));
}

char *env_render(const struct sb_req *req, const struct sb_answer *ans,
                 const struct quota_usage *usage, long elapsed_ms, size_t *len)
{
	cJSON *root = cJSON_CreateObject();
	int ok = ans->error == NULL;
	char ms[48];
	char *text;

	cJSON_AddItemToObject(root, "params", params_echo(req));
	cJSON_AddItemToObject(root, "tokenUsage", usage_object(usage));
	cJSON_AddItemToObject(root, "tokenLimits", limits_object());
	cJSON_AddStringToObject(root, "requestAPIKeyType", "standard");
	add_action(root, req);
	cJSON_AddStringToObject(root, "endpoint", req->entity ? req->entity : "");
	cJSON_AddBoolToObject(root, "success", ok);
	cJSON_AddItemToObject(root, "ignoredParams", req_ignored(req, !ok));
	if (ok && ans->id_name)
		cJSON_AddStringToObject(root, "idName", ans->id_name);
	snprintf(ms, sizeof(ms), "%ld milliseconds", elapsed_ms < 0 ? 0L : elapsed_ms);
	cJSON_AddStringToObject(root, "processingTime", ms);
	if (!ok) {
		cJSON_AddStringToObject(root, "errorMessage", ans->error);
	} else if (ans->members) {
		for (cJSON *m = ans->members->child; m; m = m->next)
			if (m->string)
				cJSON_AddItemReferenceToObject(root, m->string, m);
	}

	text = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	if (!text) {
		/* cJSON's only failure here is allocation: abort as xmalloc does. */
		fputs("routedesk-sandbox: out of memory rendering an answer\n", stderr);
		abort();
	}
	if (len)
		*len = strlen(text);
	return text;
}
