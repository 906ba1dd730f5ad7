/* handle_spots.c: a route's time slots: reserve, release, block, unblock, and linking appointments to them. */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/dates.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/ops/handle_write.h"
#include "sandbox/ops/handlers.h"
#include "sandbox/ops/request.h"
#include "sandbox/store/store.h"

/*
 * Spots are the time slots of a route (the live service).  A reservation
 * token is not stored: it is a keyed hash of the spot and the end of its
 * reservation, so appointment/create can check it against the spot's
 * record, and it cannot be guessed from what spot/get shows.  Every write
 * leaves a changelog record of the spot's route (class Route).
 */

#define SPOT_CLASS_ROUTE 3
/* Minutes a reservation holds when spot/reserve names no duration. */
#define SPOT_RESERVE_DEFAULT 10

static unsigned char token_secret[16];
static pthread_once_t token_once = PTHREAD_ONCE_INIT;

static void token_init(void)
{
	write_secret_fill(token_secret, sizeof token_secret);
}

/* The token of a reservation of spot id ending at end. */
static void spot_token(long long id, const char *end, char out[17])
{
	char msg[64];
	int n = snprintf(msg, sizeof msg, "%lld|%s", id, end);

	pthread_once(&token_once, token_init);
	snprintf(out, 17, "%016llx", write_siphash24(token_secret, msg, (size_t)n));
}

/* now plus minutes, "YYYY-MM-DD HH:MM:SS". */
static void add_minutes(const char now[20], long minutes, char out[20])
{
	struct rd_date d;
	int secs = 0;
	long t;

	if (datetime_parse(now, &d, &secs) != 0) {
		snprintf(out, 20, "%s", now);
		return;
	}
	t = date_to_days(&d) * 86400L + secs + minutes * 60;
	date_from_days(t / 86400, &d);
	date_format(&d, out);
	snprintf(out + 10, 10, " %02u:%02u:%02u", (unsigned)(t % 86400 / 3600) % 24,
	         (unsigned)(t % 3600 / 60) % 60, (unsigned)(t % 60) % 60);
}

int spots_reservation_live(const struct sb_req *req, const cJSON *spot)
{
	char now[20];

	sb_timestamp(req->ctx, now);
	return !strcmp(write_get(spot, "reserved"), "1") &&
	       strcmp(write_get(spot, "reservationEnd"), now) > 0;
}

int spots_token_ok(const struct sb_req *req, const cJSON *spot, const char *token)
{
	char want[17];

	if (!spots_reservation_live(req, spot))
		return 0;
	spot_token(strtoll(write_get(spot, "spotID"), NULL, 10), write_get(spot, "reservationEnd"),
	           want);
	return !strcmp(want, token);
}

/* The spot's record with field set to value (a string), into obj. */
static void set(cJSON *obj, const char *field, const char *value)
{
	write_set(res_find("spot"), obj, field, value);
}

/* A JSON id array with id added or removed, as text. */
static char *id_list(const cJSON *old, long long id, int add)
{
	cJSON *arr = cJSON_IsArray(old) ? cJSON_Duplicate(old, 1) : cJSON_CreateArray();
	char buf[24], *text;
	int i = 0, found = -1;

	snprintf(buf, sizeof buf, "%lld", id);
	for (cJSON *e = arr->child; e; e = e->next, i++)
		if (cJSON_IsString(e) && !strcmp(e->valuestring, buf))
			found = i;
	if (add && found < 0)
		cJSON_AddItemToArray(arr, cJSON_CreateString(buf));
	else if (!add && found >= 0)
		cJSON_DeleteItemFromArray(arr, found);
	text = cJSON_PrintUnformatted(arr);
	cJSON_Delete(arr);
	return text;
}

/* Stores obj on spot id and logs the change against its route.  Part of
 * the caller's transaction.  0 or -1 with ans. */
static int spot_write(struct sb_req *req, struct sb_answer *ans, const cJSON *old, long long id,
                      cJSON *obj)
{
	const struct resource *r = res_find("spot");
	cJSON *notes = write_diff(r, old, obj);
	char *err = NULL;
	int rc = 0;

	if (notes->child) {
		write_stamp(req, r, obj, 0);
		if (store_update(req->ctx->store, r, id, obj, &err) < 0)
			rc = write_store_error(ans, err);
		else
			rc = write_log(req, SPOT_CLASS_ROUTE, strtoll(write_get(old, "routeID"), NULL, 10),
			               0, notes, ans);
	}
	cJSON_Delete(notes);
	return rc;
}

int spots_link(struct write_op *op, long long spot_id, long long appt_id, long long cust_id,
               int add)
{
	const struct resource *r = res_find("spot");
	cJSON *spot = NULL, *obj;
	char buf[24], *text;
	int rc;

	if (!r || spot_id <= 0)
		return 0;
	if (write_load(op->req, r, spot_id, &spot, op->ans) < 0)
		return -1;
	if (!spot)
		return 0; /* a spot id of a stop the sandbox has no slot for */
	obj = cJSON_CreateObject();
	text = id_list(cJSON_GetObjectItemCaseSensitive(spot, "appointmentIDs"), appt_id, add);
	cJSON_AddItemToObject(obj, "appointmentIDs", cJSON_Parse(text));
	free(text);
	text = id_list(cJSON_GetObjectItemCaseSensitive(spot, "customerIDs"), cust_id, add);
	cJSON_AddItemToObject(obj, "customerIDs", cJSON_Parse(text));
	free(text);
	snprintf(buf, sizeof buf, "%lld", appt_id);
	if (add) {
		set(obj, "currentAppointment", buf);
		set(obj, "open", "0");
		set(obj, "reserved", "0");
		set(obj, "reservationEnd", "0000-00-00 00:00:00");
	} else if (!strcmp(write_get(spot, "currentAppointment"), buf)) {
		set(obj, "currentAppointment", NULL);
		set(obj, "open", *write_get(spot, "blockReason") ? "0" : "1");
	}
	rc = spot_write(op->req, op->ans, spot, spot_id, obj);
	cJSON_Delete(obj);
	cJSON_Delete(spot);
	return rc;
}

/* The spots a block or unblock names: spotID, or spotIDs (any form).
 * 0 with *ids malloc'd, or -1 with ans. */
static int spot_ids(struct sb_req *req, long long **ids, size_t *n, struct sb_answer *ans)
{
	long long one;
	int rc = req_ids(req, "spotIDs", ids, n);

	if (rc < 0) {
		ans_error(ans, 200, "Invalid value for spotIDs: element %zu is not an integer id", *n);
		return -1;
	}
	if (rc == 0 && *n > 0)
		return 0;
	free(*ids);
	*ids = NULL;
	if (write_key(req, "spotID", &one, ans))
		return -1;
	*ids = xmalloc(sizeof **ids);
	(*ids)[0] = one;
	*n = 1;
	return 0;
}

/* spot/reserve: holds a spot for duration minutes; answers the token that
 * appointment/create takes as reservation. */
static void reserve(struct sb_req *req, struct sb_answer *ans)
{
	const struct resource *r = res_find("spot");
	long long id, minutes = SPOT_RESERVE_DEFAULT;
	cJSON *spot = NULL, *obj = NULL;
	char now[20], end[20], token[17], *err = NULL;
	int rc = req_int(req, "duration", &minutes);

	if (rc < 0 || (rc == 0 && (minutes < 1 || minutes > 24 * 60))) {
		ans_error(ans, 200, "Invalid value for duration: minutes from 1 to 1440");
		return;
	}
	if (rc == 1)
		minutes = SPOT_RESERVE_DEFAULT;
	if (write_key(req, "spotID", &id, ans) || store_begin(req->ctx->store, &err) < 0) {
		if (err)
			write_store_error(ans, err);
		return;
	}
	if (write_need(req, r, id, &spot, ans))
		goto fail;
	if (!strcmp(write_get(spot, "apiCanSchedule"), "0")) {
		ans_error(ans, 200, "Spot %lld cannot be scheduled through the API (apiCanSchedule "
		          "is 0): an administrator must allow it", id);
		goto fail;
	}
	if (*write_get(spot, "blockReason") || strcmp(write_get(spot, "open"), "1")) {
		ans_error(ans, 200, "Spot %lld is not open: it is blocked or taken", id);
		goto fail;
	}
	if (spots_reservation_live(req, spot)) {
		ans_error(ans, 200, "Spot %lld is already reserved until %s", id,
		          write_get(spot, "reservationEnd"));
		goto fail;
	}
	sb_timestamp(req->ctx, now);
	add_minutes(now, (long)minutes, end);
	obj = cJSON_CreateObject();
	set(obj, "reserved", "1");
	set(obj, "reservationEnd", end);
	if (spot_write(req, ans, spot, id, obj) || store_commit(req->ctx->store, &err) < 0) {
		if (err)
			write_store_error(ans, err);
		goto fail;
	}
	spot_token(id, end, token);
	cJSON_Delete(ans->members);
	ans->members = cJSON_CreateObject();
	cJSON_AddStringToObject(ans->members, "result", token);
	cJSON_AddStringToObject(ans->members, "spotID", write_get(spot, "spotID"));
	cJSON_AddStringToObject(ans->members, "reservationEnd", end);
	cJSON_Delete(spot);
	cJSON_Delete(obj);
	return;
fail:
	store_rollback(req->ctx->store);
	cJSON_Delete(spot);
	cJSON_Delete(obj);
}

/* release, block, unblock: one change on each named spot. */
enum spot_change { SC_RELEASE, SC_BLOCK, SC_UNBLOCK };

static void change(struct sb_req *req, struct sb_answer *ans, enum spot_change what)
{
	const struct resource *r = res_find("spot");
	const char *desc = what == SC_BLOCK ? req_string(req, "description") : NULL;
	long long *ids = NULL;
	size_t n = 0;
	char *err = NULL;

	if (what == SC_RELEASE) {
		long long one;
		req_use(req, "reservation");
		if (write_key(req, "spotID", &one, ans))
			return;
		ids = xmalloc(sizeof *ids);
		ids[0] = one;
		n = 1;
	} else if (spot_ids(req, &ids, &n, ans)) {
		return;
	}
	if (!desc || !*desc)
		desc = "Break";
	if (store_begin(req->ctx->store, &err) < 0) {
		write_store_error(ans, err);
		free(ids);
		return;
	}
	for (size_t i = 0; i < n; i++) {
		cJSON *spot = NULL, *obj;
		int rc;
		if (write_need(req, r, ids[i], &spot, ans))
			goto fail;
		obj = cJSON_CreateObject();
		if (what == SC_RELEASE) {
			set(obj, "reserved", "0");
			set(obj, "reservationEnd", "0000-00-00 00:00:00");
		} else if (what == SC_BLOCK) {
			set(obj, "blockReason", desc);
			set(obj, "open", "0");
		} else {
			set(obj, "blockReason", "");
			set(obj, "open", *write_get(spot, "currentAppointment") ? "0" : "1");
		}
		rc = spot_write(req, ans, spot, ids[i], obj);
		cJSON_Delete(obj);
		cJSON_Delete(spot);
		if (rc)
			goto fail;
	}
	if (store_commit(req->ctx->store, &err) < 0) {
		write_store_error(ans, err);
		goto fail;
	}
	cJSON_Delete(ans->members);
	ans->members = cJSON_CreateObject();
	cJSON_AddBoolToObject(ans->members, "result", 1);
	free(ids);
	return;
fail:
	store_rollback(req->ctx->store);
	free(ids);
}

int spots_special(struct sb_req *req, struct sb_answer *ans)
{
	if (!req->res || !req->action || strcmp(req->res->name, "spot"))
		return 0;
	if (!strcmp(req->action, "reserve"))
		reserve(req, ans);
	else if (!strcmp(req->action, "release"))
		change(req, ans, SC_RELEASE);
	else if (!strcmp(req->action, "block"))
		change(req, ans, SC_BLOCK);
	else if (!strcmp(req->action, "unblock"))
		change(req, ans, SC_UNBLOCK);
	else
		return 0;
	return 1;
}
