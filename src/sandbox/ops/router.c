/* router.c: one request from parse to rendered answer: endpoint, credentials, quota, handler. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "common/utf8.h"
#include "sandbox/ops/envelope.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/ops/quota.h"
#include "sandbox/ops/request.h"
#include "sandbox/sandbox.h"
#include "sandbox/store/store.h"

static const char JSON_TYPE[] = "application/json; charset=utf-8";

/* What the path asks for, once the entity is known. */
enum route {
	ROUTE_NONE, /* no such action: 404 */
	ROUTE_SEARCH,
	ROUTE_GET,
	ROUTE_BYID,
	ROUTE_CREATE,
	ROUTE_UPDATE,
	ROUTE_SPECIAL,
};

void ans_error(struct sb_answer *ans, int http_status, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	free(ans->error);
	ans->error = strbuf_detach(&sb, NULL);
	ans->http_status = http_status;
	ans->id_name = NULL;
	cJSON_Delete(ans->members);
	ans->members = NULL;
}

void sb_timestamp(const struct sb_ctx *ctx, char out[20])
{
	store_clock(ctx ? ctx->store : NULL, out);
}

static long ms_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (long)((t1.tv_sec - t0->tv_sec) * 1000 + (t1.tv_nsec - t0->tv_nsec) / 1000000);
}

/* Compares without an early exit, so the time taken does not reveal how much
 * of a guessed key was right. */
static int secret_eq(const char *given, const char *want)
{
	size_t gl, wl;
	unsigned char diff;

	if (!given || !want)
		return 0;
	gl = strlen(given);
	wl = strlen(want);
	diff = gl != wl;
	for (size_t i = 0; i < wl; i++)
		diff |= (unsigned char)(want[i] ^ (i < gl ? given[i] : 0));
	return diff == 0;
}

static enum route classify(const struct sb_req *req, int *is_write)
{
	const struct resource *r = req->res;
	const struct res_special *sp;
	const char *a = req->action;

	*is_write = 0;
	if (!a)
		return (r->ops & OP_BYID) ? ROUTE_BYID : ROUTE_NONE;
	if (strcmp(a, "search") == 0 && (r->ops & OP_SEARCH))
		return ROUTE_SEARCH;
	if (strcmp(a, "get") == 0 && (r->ops & OP_GET))
		return ROUTE_GET;
	if (strcmp(a, "create") == 0 && (r->ops & OP_CREATE)) {
		*is_write = 1;
		return ROUTE_CREATE;
	}
	if (strcmp(a, "update") == 0 && (r->ops & OP_UPDATE)) {
		*is_write = 1;
		return ROUTE_UPDATE;
	}
	sp = res_special_find(r, a);
	if (sp) {
		*is_write = sp->is_write != 0;
		return ROUTE_SPECIAL;
	}
	return ROUTE_NONE;
}

/* "/api/x/y" made safe to quote in a JSON message. */
static char *printable_path(const char *path, size_t len)
{
	struct strbuf sb = STRBUF_INIT;

	if (!path)
		path = "";
	len = len ? len : strnlen(path, 200);
	utf8_escape_controls(&sb, path, len < 200 ? len : 200);
	return strbuf_detach(&sb, NULL);
}

static void unknown_endpoint(const struct sb_http_in *in, struct sb_answer *ans)
{
	char *p = printable_path(in->path, in->path_len);

	ans_error(ans, 404, "Unknown endpoint %s", p);
	free(p);
}

/* Hands a served file to the HTTP layer instead of JSON. */
static void reply_raw(struct sb_answer *ans, struct sb_reply *reply)
{
	const char *f = ans->raw_filename, *dot = f ? strrchr(f, '.') : NULL;

	reply->status = ans->http_status ? ans->http_status : 200;
	reply->body = ans->raw;
	reply->len = ans->raw_len;
	reply->content_type = "application/octet-stream";
	if (dot && strcasecmp(dot, ".pdf") == 0)
		reply->content_type = "application/pdf";
	else if (dot && strcasecmp(dot, ".png") == 0)
		reply->content_type = "image/png";
	else if (dot && (strcasecmp(dot, ".jpg") == 0 || strcasecmp(dot, ".jpeg") == 0))
		reply->content_type = "image/jpeg";
	else if (dot && strcasecmp(dot, ".txt") == 0)
		reply->content_type = "text/plain; charset=utf-8";
	reply->filename = ans->raw_filename;
	ans->raw = NULL;
	ans->raw_filename = NULL;
}

/* Runs the handler of an authenticated, counted request. */
static void route(struct sb_req *req, enum route rt, struct sb_answer *ans)
{
	switch (rt) {
	case ROUTE_SEARCH:
		handle_search(req, ans);
		break;
	case ROUTE_GET:
		handle_get(req, ans);
		break;
	case ROUTE_BYID:
		handle_byid(req, ans);
		break;
	case ROUTE_CREATE:
		handle_create(req, ans);
		break;
	case ROUTE_UPDATE:
		handle_update(req, ans);
		break;
	case ROUTE_SPECIAL:
		/* Listed in the table but not written: say so, never pretend. */
		if (!handle_special(req, ans))
			ans_error(ans, 501, "%s/%s is not implemented by the sandbox",
			          req->entity, req->action);
		break;
	case ROUTE_NONE:
		break;
	}
}

static int creds_ok(const struct sb_ctx *ctx, const struct sb_req *req)
{
	return ctx && ctx->cfg && secret_eq(req->key, ctx->cfg->key) &&
	       secret_eq(req->token, ctx->cfg->token);
}

void sb_dispatch(struct sb_ctx *ctx, const struct sb_http_in *in, struct sb_reply *reply)
{
	struct timespec t0;
	struct sb_req req;
	struct sb_answer ans;
	struct quota_usage usage = { 0, 0, 0, 0 };
	const char *quota_msg = NULL;
	enum route rt;
	int is_write;
	char *err = NULL;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	memset(&ans, 0, sizeof(ans));
	memset(reply, 0, sizeof(*reply));
	ans.http_status = 200;

	if (req_parse(&req, ctx, in, &err) != 0) {
		ans_error(&ans, 200, "%s", err ? err : "Malformed request");
		free(err);
		goto render;
	}
	if (in->refusal) {
		ans_error(&ans, in->refusal_status, "%s", in->refusal);
		if (creds_ok(ctx, &req) && ctx->quota)
			quota_peek(ctx->quota, req.key, time(NULL), &usage);
		goto render;
	}
	if (req.entity && strcmp(req.entity, "files") == 0) {
		handle_file(&req, &ans);
		if (ans.raw && !ans.error) {
			reply_raw(&ans, reply);
			goto done;
		}
		goto render;
	}
	rt = req.res ? classify(&req, &is_write) : ROUTE_NONE;
	if (rt == ROUTE_NONE) {
		unknown_endpoint(in, &ans);
		/* The envelope's usage is the account's, not nothing, for a
		 * caller who is known (an unknown path spends no request). */
		if (creds_ok(ctx, &req) && ctx->quota)
			quota_peek(ctx->quota, req.key, time(NULL), &usage);
		goto render;
	}
	if (!creds_ok(ctx, &req)) {
		ans_error(&ans, 401, "Authentication failed: invalid authenticationKey or "
		          "authenticationToken");
		goto render;
	}
	if (ctx->quota &&
	    quota_take(ctx->quota, req.key, is_write, time(NULL), &usage, &quota_msg) != 0) {
		quota_peek(ctx->quota, req.key, time(NULL), &usage);
		ans_error(&ans, 200, "%s", quota_msg ? quota_msg : "Quota exceeded");
		goto render;
	}
	route(&req, rt, &ans);

render:
	reply->status = ans.http_status ? ans.http_status : 200;
	reply->body = env_render(&req, &ans, &usage, ms_since(&t0), &reply->len);
	reply->content_type = JSON_TYPE;
done:
	free(ans.error);
	cJSON_Delete(ans.members);
	free(ans.raw);
	free(ans.raw_filename);
	req_free(&req);
}
