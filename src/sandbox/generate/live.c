/* live.c: --live: a thread that moves today's stops on and changes technicians. */
#include "config.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/generate/live.h"
#include "sandbox/store/store.h"

/*
 * Design: one thread waits on a condition variable with a timeout of
 * `seconds` (so live_stop wakes it at once) and then runs one tick in one
 * store transaction: a few of today's routes each see their first pending
 * stop (in `sequence` order) completed (with a ticket), missed, cancelled or
 * rescheduled, and every fifth tick a route loses its technician, gets
 * another one, or gets its own back.  Every change sets dateUpdated and
 * writes a changelog record, which is what the console's refresh and
 * notifications watch.  Only store.h is used, and a field is written only
 * when the resource table has it (and stores it), so the thread keeps
 * working whatever fields the table grows.
 */

#define ROUTES_PER_TICK 3
#define TECH_EVERY 5

#define CLASS_ROUTE 3
#define CLASS_APPOINTMENT 4
#define CLASS_TICKET 5

struct live {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int stop;
	struct store *store;
	int seconds;
	uint64_t rng;
	char today[11];
	unsigned long ticks;
	long long unassigned_route; /* route whose technician was taken off */
	char *unassigned_tech;      /* ... and who it was, to give back */
};

/* Resources used by a tick, looked up once per tick. */
struct res_set {
	const struct resource *route, *appt, *ticket, *sub, *stype, *customer, *employee;
};

static uint64_t
next_rand(struct live *l)
{
	uint64_t z = (l->rng += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static double
rand_unit(struct live *l)
{
	return (double)(next_rand(l) >> 11) * (1.0 / 9007199254740992.0);
}

static size_t
rand_below(struct live *l, size_t n)
{
	return n ? (size_t)(next_rand(l) % n) : 0;
}

/* A time of day (seconds since midnight) written as field f expects it. */
static void
format_time(const struct live *l, const struct res_field *f, long secs, char out[20])
{
	if (secs < 0)
		secs = 0;
	if (secs > 86399)
		secs = 86399;
	if (f && f->type == RT_TIME)
		snprintf(out, 20, "%02ld:%02ld:%02ld", secs / 3600, secs / 60 % 60, secs % 60);
	else if (f && f->type == RT_DATE)
		snprintf(out, 20, "%s", l->today);
	else
		snprintf(out, 20, "%.10s %02ld:%02ld:%02ld", l->today, secs / 3600, secs / 60 % 60, secs % 60);
}

/* The sandbox's time of day (store_clock_secs): a day generated as at
 * 12:51 goes on from there, whatever the wall clock says. */
static long
now_secs(const struct live *l)
{
	return store_clock_secs(l->store);
}

/* Sets field of r in obj when the table stores it. */
static void
put(cJSON *obj, const struct resource *r, const char *field, const char *value)
{
	const struct res_field *f = res_field_find(r, field);

	if (!f || (f->flags & RF_DERIVED) || cJSON_GetObjectItemCaseSensitive(obj, field))
		return;
	cJSON_AddStringToObject(obj, field, value);
}

static void
put_time(cJSON *obj, const struct live *l, const struct resource *r, const char *field, long secs)
{
	char buf[20];

	format_time(l, res_field_find(r, field), secs, buf);
	put(obj, r, field, buf);
}

static const char *
str_of(const cJSON *rec, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, name);

	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static long long
id_of(const cJSON *rec, const char *name)
{
	const char *s = str_of(rec, name);

	return s ? strtoll(s, NULL, 10) : 0;
}

/* One record of r, or NULL (an unknown id included: the record is then
 * simply left alone, as a failed read would have it).  Caller deletes. */
static cJSON *
get_one(struct store *s, const struct resource *r, long long id)
{
	cJSON *arr = cJSON_CreateArray(), *rec;
	char *err = NULL;

	if (!r || id <= 0 || store_get(s, r, &id, 1, 1, arr, &err) != 0) {
		if (err)
			fprintf(stderr, "routedesk-sandbox: live: reading %s %lld: %s\n", r->name, id, err);
		free(err);
		cJSON_Delete(arr);
		return NULL;
	}
	rec = cJSON_DetachItemFromArray(arr, 0);
	cJSON_Delete(arr);
	return rec;
}

/* An equality condition on field of r (its type from the table). */
static struct store_cond
cond_eq(const struct resource *r, const char *field, const char *const *value)
{
	const struct res_field *f = res_field_find(r, field);
	struct store_cond c;

	c.field = field;
	c.op = SO_EQ;
	c.type = f ? f->type : RT_TEXT;
	c.values = value;
	c.n_values = 1;
	return c;
}

/* Applies obj to record id of r and logs the change: notes hold, for every
 * field set, {"old": old, "new": new} (the shape every writer uses). */
static int
update_logged(struct store *s, const struct resource *r, long long id,
              const cJSON *old, cJSON *obj, char **err)
{
	cJSON *notes = cJSON_CreateObject(), *it;
	int rc;

	cJSON_ArrayForEach(it, obj) {
		cJSON *change = cJSON_AddObjectToObject(notes, it->string);
		const cJSON *was = old ? cJSON_GetObjectItemCaseSensitive(old, it->string) : NULL;

		cJSON_AddItemToObject(change, "old", was ? cJSON_Duplicate(was, 1) : cJSON_CreateNull());
		cJSON_AddItemToObject(change, "new", cJSON_Duplicate(it, 1));
	}
	rc = store_update(s, r, id, obj, err);
	if (rc == 0 && r->class_id > 0)
		rc = store_changelog(s, r->class_id, id, 0, notes, err);
	cJSON_Delete(notes);
	return rc < 0 ? -1 : 0;
}

/* What a completed stop is charged: the subscription's recurring charge, or
 * for a stand-alone stop the service type's default. */
static double
stop_charge(struct live *l, const struct res_set *rs, const cJSON *appt)
{
	double charge = 0.0;
	long long sub_id = id_of(appt, "subscriptionID");
	cJSON *rec;

	if (sub_id > 0 && (rec = get_one(l->store, rs->sub, sub_id))) {
		const char *v = str_of(rec, "recurringCharge");

		charge = v ? strtod(v, NULL) : 0.0;
		cJSON_Delete(rec);
	}
	if (charge <= 0.0 && (rec = get_one(l->store, rs->stype, id_of(appt, "type")))) {
		const char *v = str_of(rec, "defaultCharge");

		charge = v ? strtod(v, NULL) : 0.0;
		cJSON_Delete(rec);
	}
	return charge > 0.0 ? charge : 0.0;
}

/* The invoice of a completed stop, and its effect on the customer's balance
 * and the subscription's last completed date.  *ticket_id gets its id. */
static int
make_ticket(struct live *l, const struct res_set *rs, const cJSON *appt,
            const char *now, long long *ticket_id, char **err)
{
	const struct resource *t = rs->ticket;
	cJSON *obj, *notes, *cust;
	char amount[32], buf[32];
	const char *customer_id = str_of(appt, "customerID");
	const char *sub_id = str_of(appt, "subscriptionID");
	double charge = stop_charge(l, rs, appt);
	int rc;

	snprintf(amount, sizeof(amount), "%.2f", charge);
	cust = get_one(l->store, rs->customer, id_of(appt, "customerID"));
	obj = cJSON_CreateObject();
	put(obj, t, "customerID", customer_id ? customer_id : "0");
	put(obj, t, "billToAccountID", cust && str_of(cust, "billToAccountID") ?
	    str_of(cust, "billToAccountID") : (customer_id ? customer_id : "0"));
	put(obj, t, "officeID", str_of(appt, "officeID") ? str_of(appt, "officeID") : "1");
	put(obj, t, "dateCreated", now);
	put(obj, t, "invoiceDate", l->today);
	put(obj, t, "dateUpdated", now);
	put(obj, t, "active", "1");
	put(obj, t, "subscriptionID", sub_id ? sub_id : "-1");
	put(obj, t, "appointmentID", str_of(appt, "appointmentID"));
	put(obj, t, "serviceID", str_of(appt, "type") ? str_of(appt, "type") : "0");
	put(obj, t, "serviceCharge", amount);
	put(obj, t, "subTotal", amount);
	put(obj, t, "taxAmount", "0.00");
	put(obj, t, "total", amount);
	put(obj, t, "productionValue", amount);
	put(obj, t, "balance", amount);
	rc = store_insert(l->store, t, obj, ticket_id, err);
	cJSON_Delete(obj);
	if (rc == 0 && res_field_find(t, "invoiceNumber")) {
		obj = cJSON_CreateObject();
		snprintf(buf, sizeof(buf), "%lld", *ticket_id);
		put(obj, t, "invoiceNumber", buf);
		rc = store_update(l->store, t, *ticket_id, obj, err) < 0 ? -1 : 0;
		cJSON_Delete(obj);
	}
	if (rc == 0) {
		notes = cJSON_CreateObject();
		cJSON_AddStringToObject(notes, "action", "created");
		cJSON_AddStringToObject(notes, "appointmentID", str_of(appt, "appointmentID") ?
		                        str_of(appt, "appointmentID") : "0");
		cJSON_AddStringToObject(notes, "total", amount);
		rc = store_changelog(l->store, CLASS_TICKET, *ticket_id, 0, notes, err);
		cJSON_Delete(notes);
	}
	if (rc == 0 && cust && charge > 0.0 && str_of(cust, "balance")) {
		obj = cJSON_CreateObject();
		snprintf(buf, sizeof(buf), "%.2f", strtod(str_of(cust, "balance"), NULL) + charge);
		put(obj, rs->customer, "balance", buf);
		put(obj, rs->customer, "dateUpdated", now);
		if (cJSON_GetObjectItemCaseSensitive(obj, "balance"))
			rc = update_logged(l->store, rs->customer, id_of(cust, rs->customer->pk),
			                   cust, obj, err);
		cJSON_Delete(obj);
	}
	cJSON_Delete(cust);
	if (rc == 0 && id_of(appt, "subscriptionID") > 0) {
		cJSON *sub = get_one(l->store, rs->sub, id_of(appt, "subscriptionID"));

		if (sub) {
			obj = cJSON_CreateObject();
			put(obj, rs->sub, "lastCompleted", l->today);
			put(obj, rs->sub, "dateUpdated", now);
			if (cJSON_GetObjectItemCaseSensitive(obj, "lastCompleted"))
				rc = update_logged(l->store, rs->sub, id_of(sub, rs->sub->pk), sub, obj, err);
			cJSON_Delete(obj);
			cJSON_Delete(sub);
		}
	}
	return rc;
}

/* The route's first pending stop in sequence order, or NULL. */
static cJSON *
first_pending(struct live *l, const struct res_set *rs, long long route_id, char **err)
{
	char rid[32];
	const char *rv[1] = { rid }, *sv[1] = { "0" };
	struct store_cond conds[2];
	long long *ids = NULL;
	size_t n = 0, i;
	cJSON *arr, *rec, *best = NULL;
	long long best_seq = 0;

	snprintf(rid, sizeof(rid), "%lld", route_id);
	conds[0] = cond_eq(rs->appt, "routeID", rv);
	conds[1] = cond_eq(rs->appt, "status", sv);
	if (store_search(l->store, rs->appt, conds, 2, 0, &ids, &n, err) != 0)
		return NULL;
	if (n == 0) {
		free(ids);
		return NULL;
	}
	arr = cJSON_CreateArray();
	if (store_get(l->store, rs->appt, ids, n, 1, arr, err) != 0) {
		free(ids);
		cJSON_Delete(arr);
		return NULL;
	}
	free(ids);
	/* Ids ascend, so the first of equal sequences is the older stop. */
	cJSON_ArrayForEach(rec, arr) {
		long long seq = id_of(rec, "sequence");

		if (!best || seq < best_seq) {
			best = rec;
			best_seq = seq;
		}
	}
	for (i = 0, rec = arr->child; rec && rec != best; rec = rec->next)
		i++;
	best = best ? cJSON_DetachItemFromArray(arr, (int)i) : NULL;
	cJSON_Delete(arr);
	return best;
}

/* Moves the route's next stop on.  0, or -1 with *err. */
static int
advance_route(struct live *l, const struct res_set *rs, long long route_id, char **err)
{
	const struct resource *a = rs->appt;
	cJSON *appt, *obj, *route;
	char now[20], *e = NULL;
	double r = rand_unit(l);
	long secs = now_secs(l);
	int rc = 0;

	appt = first_pending(l, rs, route_id, &e);
	if (!appt) {
		if (e) {
			*err = e;
			return -1;
		}
		return 0;
	}
	format_time(l, NULL, secs, now);
	obj = cJSON_CreateObject();
	if (r < 0.70) {
		const char *dur = str_of(appt, "duration");
		long minutes = dur ? strtol(dur, NULL, 10) : 0;
		long long ticket_id = 0;
		char tid[32];

		if (minutes <= 0 || minutes > 480)
			minutes = 30;
		rc = make_ticket(l, rs, appt, now, &ticket_id, err);
		if (rc != 0) {
			cJSON_Delete(obj);
			cJSON_Delete(appt);
			return -1;
		}
		snprintf(tid, sizeof(tid), "%lld", ticket_id);
		put(obj, a, "status", "1");
		put(obj, a, "statusText", "Completed");
		put_time(obj, l, a, "dateCompleted", secs);
		put_time(obj, l, a, "timeIn", secs - minutes * 60);
		put_time(obj, l, a, "timeOut", secs);
		put(obj, a, "ticketID", tid);
		route = get_one(l->store, rs->route, route_id);
		if (route && str_of(route, "assignedTech") && strcmp(str_of(route, "assignedTech"), "0") != 0)
			put(obj, a, "servicedBy", str_of(route, "assignedTech"));
		cJSON_Delete(route);
	} else if (r < 0.80) {
		put(obj, a, "status", "2");
		put(obj, a, "statusText", "No Show");
	} else if (r < 0.90) {
		put(obj, a, "status", "-1");
		put(obj, a, "statusText", "Cancelled");
		put_time(obj, l, a, "dateCancelled", secs);
	} else {
		put(obj, a, "status", "-2");
		put(obj, a, "statusText", "Rescheduled");
	}
	put(obj, a, "dateUpdated", now);
	rc = update_logged(l->store, a, id_of(appt, a->pk), appt, obj, err);
	cJSON_Delete(obj);
	cJSON_Delete(appt);
	return rc;
}

/* Active technicians' ids.  *ids malloc'd. */
static int
technicians(struct live *l, const struct res_set *rs, long long **ids, size_t *n, char **err)
{
	const char *tv[1] = { "1" };
	struct store_cond conds[2];

	conds[0] = cond_eq(rs->employee, "type", tv);
	conds[1] = cond_eq(rs->employee, "active", tv);
	return store_search(l->store, rs->employee, conds, 2, 0, ids, n, err);
}

/* Takes a technician off a route, gives another one, or gives back the one
 * taken off last time. */
static int
change_tech(struct live *l, const struct res_set *rs, const long long *routes, size_t n_routes,
            char **err)
{
	long long route_id, *techs = NULL;
	size_t n_techs = 0, m = 0, i;
	cJSON *route, *obj;
	const char *old;
	char now[20], next[32];
	int rc;

	if (l->unassigned_route) {
		route_id = l->unassigned_route;
		snprintf(next, sizeof(next), "%s", l->unassigned_tech);
		free(l->unassigned_tech);
		l->unassigned_tech = NULL;
		l->unassigned_route = 0;
		route = get_one(l->store, rs->route, route_id);
		if (!route)
			return 0;
		old = str_of(route, "assignedTech");
		if (old && strcmp(old, "0") != 0) {
			/* Someone assigned it meanwhile (through the API): leave it. */
			cJSON_Delete(route);
			return 0;
		}
	} else {
		route_id = routes[rand_below(l, n_routes)];
		route = get_one(l->store, rs->route, route_id);
		if (!route)
			return 0;
		old = str_of(route, "assignedTech");
		if (!old)
			old = "0";
		if (strcmp(old, "0") != 0 && rand_unit(l) < 0.5) {
			l->unassigned_route = route_id;
			l->unassigned_tech = xstrdup(old);
			snprintf(next, sizeof(next), "0");
		} else {
			if (technicians(l, rs, &techs, &n_techs, err) != 0) {
				cJSON_Delete(route);
				return -1;
			}
			/* Anyone but the technician it has. */
			for (i = 0; i < n_techs; i++)
				if (techs[i] != strtoll(old, NULL, 10))
					techs[m++] = techs[i];
			if (m == 0) {
				free(techs);
				cJSON_Delete(route);
				return 0;
			}
			snprintf(next, sizeof(next), "%lld", techs[rand_below(l, m)]);
			free(techs);
		}
	}
	format_time(l, NULL, now_secs(l), now);
	obj = cJSON_CreateObject();
	put(obj, rs->route, "assignedTech", next);
	put(obj, rs->route, "dateUpdated", now);
	rc = update_logged(l->store, rs->route, route_id, route, obj, err);
	cJSON_Delete(obj);
	cJSON_Delete(route);
	return rc;
}

/* Today's routes.  *ids malloc'd. */
static int
todays_routes(struct live *l, const struct res_set *rs, long long **ids, size_t *n, char **err)
{
	const struct res_field *f = res_field_find(rs->route, "date");
	const char *day[2] = { l->today, l->today };
	struct store_cond c;

	/* BETWEEN a day and itself covers the whole day, whether the column
	 * holds a date or a date and time. */
	c.field = "date";
	c.op = SO_BETWEEN;
	c.type = f ? f->type : RT_DATE;
	c.values = day;
	c.n_values = 2;
	return store_search(l->store, rs->route, &c, 1, 0, ids, n, err);
}

static int
run_tick(struct live *l, const struct res_set *rs, char **err)
{
	long long *routes = NULL;
	size_t n = 0, i, k;
	int rc = 0;

	if (todays_routes(l, rs, &routes, &n, err) != 0)
		return -1;
	if (n == 0) {
		free(routes);
		return 0;
	}
	k = 1 + rand_below(l, ROUTES_PER_TICK);
	/* A partial shuffle picks k distinct routes. */
	for (i = 0; i < k && i < n && rc == 0; i++) {
		size_t j = i + rand_below(l, n - i);
		long long tmp = routes[i];

		routes[i] = routes[j];
		routes[j] = tmp;
		rc = advance_route(l, rs, routes[i], err);
	}
	if (rc == 0 && l->ticks % TECH_EVERY == 0)
		rc = change_tech(l, rs, routes, n, err);
	free(routes);
	return rc;
}

static void
tick(struct live *l)
{
	struct res_set rs;
	char *err = NULL;

	rs.route = res_find("route");
	rs.appt = res_find("appointment");
	rs.ticket = res_find("ticket");
	rs.sub = res_find("subscription");
	rs.stype = res_find("serviceType");
	rs.customer = res_find("customer");
	rs.employee = res_find("employee");
	if (!rs.route || !rs.appt || !rs.ticket || !rs.sub || !rs.stype || !rs.customer || !rs.employee) {
		fprintf(stderr, "routedesk-sandbox: live: the resource table lacks a resource it needs\n");
		return;
	}
	l->ticks++;
	if (store_begin(l->store, &err) != 0) {
		fprintf(stderr, "routedesk-sandbox: live: %s\n", err ? err : "cannot begin a transaction");
		free(err);
		return;
	}
	if (run_tick(l, &rs, &err) != 0) {
		store_rollback(l->store);
		fprintf(stderr, "routedesk-sandbox: live: %s\n", err ? err : "a tick failed");
		free(err);
		return;
	}
	if (store_commit(l->store, &err) != 0) {
		fprintf(stderr, "routedesk-sandbox: live: %s\n", err ? err : "cannot commit");
		free(err);
	}
}

static void *
live_main(void *arg)
{
	struct live *l = arg;
	struct timespec deadline;

	pthread_mutex_lock(&l->lock);
	while (!l->stop) {
		clock_gettime(CLOCK_MONOTONIC, &deadline);
		deadline.tv_sec += l->seconds;
		while (!l->stop && pthread_cond_timedwait(&l->cond, &l->lock, &deadline) != ETIMEDOUT)
			;
		if (l->stop)
			break;
		pthread_mutex_unlock(&l->lock);
		tick(l);
		pthread_mutex_lock(&l->lock);
	}
	pthread_mutex_unlock(&l->lock);
	return NULL;
}

struct live *
live_start(struct store *s, int seconds, unsigned long seed, const char *today)
{
	struct live *l;
	pthread_condattr_t attr;

	if (!s || seconds <= 0 || !today || strlen(today) != 10)
		return NULL;
	l = xcalloc(1, sizeof(*l));
	l->store = s;
	l->seconds = seconds;
	l->rng = (uint64_t)seed ^ UINT64_C(0x6C6976650000); /* "live" */
	memcpy(l->today, today, 11);
	pthread_mutex_init(&l->lock, NULL);
	/* A monotonic clock: setting the wall clock must not stall the day. */
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&l->cond, &attr);
	pthread_condattr_destroy(&attr);
	if (pthread_create(&l->thread, NULL, live_main, l) != 0) {
		pthread_cond_destroy(&l->cond);
		pthread_mutex_destroy(&l->lock);
		free(l);
		return NULL;
	}
	return l;
}

void
live_stop(struct live *l)
{
	if (!l)
		return;
	pthread_mutex_lock(&l->lock);
	l->stop = 1;
	pthread_cond_signal(&l->cond);
	pthread_mutex_unlock(&l->lock);
	pthread_join(l->thread, NULL);
	pthread_cond_destroy(&l->cond);
	pthread_mutex_destroy(&l->lock);
	free(l->unassigned_tech);
	free(l);
}
