/* test_generate.c: the sandbox's data generator over an in-memory store. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "common/dates.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "sandbox/generate/generate.h"
#include "sandbox/store/store.h"

#define TODAY "2026-11-20"
#define N_CUSTOMERS 200

static struct store *shared; /* generated once for the read-only tests */

static struct store *fresh(long n, unsigned long seed, const char *today)
{
	char *err = NULL;
	struct store *s = store_open(":memory:", &err);
	if (!s)
		fail_msg("store_open: %s", err ? err : "?");
	if (generate_company(s, n, seed, today, &err) != 0)
		fail_msg("generate_company: %s", err ? err : "?");
	return s;
}

static int group_setup(void **state)
{
	(void)state;
	shared = fresh(N_CUSTOMERS, 7, TODAY);
	return 0;
}

static int group_teardown(void **state)
{
	(void)state;
	store_close(shared);
	return 0;
}

/* Ids of r matching one condition (or all ids when field is NULL). */
static size_t ids_where(struct store *s, const struct resource *r, const char *field,
                        enum store_op op, enum res_type type, const char *value, long long **ids)
{
	const char *vals[1] = { value };
	struct store_cond c = { field, op, type, vals, 1 };
	char *err = NULL;
	size_t n = 0;
	if (store_search(s, r, field ? &c : NULL, field ? 1 : 0, 0, ids, &n, &err) != 0)
		fail_msg("store_search %s: %s", r->name, err ? err : "?");
	return n;
}

/* Records of r for ids (by-id form), as a cJSON array (caller deletes). */
static cJSON *records(struct store *s, const struct resource *r, const long long *ids, size_t n)
{
	cJSON *out = cJSON_CreateArray();
	char *err = NULL;
	for (size_t i = 0; i < n; i += 1000)
		if (store_get(s, r, ids + i, n - i > 1000 ? 1000 : n - i, 1, out, &err) != 0)
			fail_msg("store_get %s: %s", r->name, err ? err : "?");
	return out;
}

static const char *str(const cJSON *rec, const char *name)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(rec, name);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static void every_resource_has_records(void **state)
{
	(void)state;
	for (size_t i = 0; i < res_count; i++) {
		const struct resource *r = &res_table[i];
		if (!r->in_spec && strcmp(r->name, "appointment") != 0)
			continue;
		if (store_count(shared, r) <= 0)
			fail_msg("no %s records", r->name);
	}
	assert_int_equal(store_count(shared, res_find("customer")), N_CUSTOMERS);
	assert_int_equal(store_count(shared, res_find("office")), 2);
}

/* Digest: 50 customers, 50 appointments and every route, as JSON text. */
static char *digest(struct store *s)
{
	struct strbuf sb = STRBUF_INIT;
	const struct resource *cust = res_find("customer"), *appt = res_find("appointment");
	const struct resource *route = res_find("route");
	long long first[50], *ids = NULL;
	size_t n;
	cJSON *a;
	char *t;

	for (int i = 0; i < 50; i++)
		first[i] = 10000 + i;
	a = records(s, cust, first, 50);
	assert_int_equal(cJSON_GetArraySize(a), 50);
	t = cJSON_PrintUnformatted(a);
	strbuf_adds(&sb, t);
	free(t);
	cJSON_Delete(a);
	a = records(s, appt, first, 50);
	assert_int_equal(cJSON_GetArraySize(a), 50);
	t = cJSON_PrintUnformatted(a);
	strbuf_adds(&sb, t);
	free(t);
	cJSON_Delete(a);
	n = ids_where(s, route, NULL, SO_EQ, RT_INT, NULL, &ids);
	assert_true(n > 0);
	a = records(s, route, ids, n);
	t = cJSON_PrintUnformatted(a);
	strbuf_adds(&sb, t);
	free(t);
	cJSON_Delete(a);
	free(ids);
	return strbuf_detach(&sb, NULL);
}

static void deterministic_for_seed_and_today(void **state)
{
	struct store *a = fresh(N_CUSTOMERS, 42, TODAY), *b = fresh(N_CUSTOMERS, 42, TODAY);
	struct store *c = fresh(N_CUSTOMERS, 43, TODAY);
	char *da = digest(a), *db = digest(b), *dc = digest(c);
	(void)state;

	assert_true(strlen(da) > 10000);
	assert_string_equal(da, db);
	assert_true(strcmp(da, dc) != 0);
	for (size_t i = 0; i < res_count; i++)
		assert_int_equal(store_count(a, &res_table[i]), store_count(b, &res_table[i]));
	free(da);
	free(db);
	free(dc);
	store_close(a);
	store_close(b);
	store_close(c);
}

static void todays_routes_have_ordered_stops(void **state)
{
	const struct resource *route = res_find("route"), *appt = res_find("appointment");
	long long *rids = NULL;
	size_t nr = ids_where(shared, route, "date", SO_EQ, RT_DATE, TODAY, &rids);
	int pending = 0, done = 0, unassigned = 0;
	cJSON *routes = records(shared, route, rids, nr), *rt;
	(void)state;

	assert_true(nr >= 2);
	cJSON_ArrayForEach(rt, routes)
		unassigned += strcmp(str(rt, "assignedTech"), "0") == 0;
	assert_true(unassigned > 0);
	assert_true(unassigned < (int)nr);
	cJSON_Delete(routes);
	for (size_t i = 0; i < nr; i++) {
		char rid[24];
		long long *aids = NULL;
		size_t na;
		int seen[19] = { 0 };
		cJSON *recs, *rec;

		snprintf(rid, sizeof rid, "%lld", rids[i]);
		na = ids_where(shared, appt, "routeID", SO_EQ, RT_INT, rid, &aids);
		assert_in_range(na, 10, 18);
		recs = records(shared, appt, aids, na);
		cJSON_ArrayForEach(rec, recs) {
			int seq = atoi(str(rec, "sequence"));
			const char *st = str(rec, "status");
			assert_in_range(seq, 1, (int)na);
			assert_int_equal(seen[seq], 0);
			seen[seq] = 1;
			assert_string_equal(str(rec, "date"), TODAY);
			pending += strcmp(st, "0") == 0;
			done += strcmp(st, "1") == 0;
			assert_non_null(str(rec, "start"));
			assert_non_null(strstr("AM PM AT", str(rec, "timeWindow")));
		}
		cJSON_Delete(recs);
		free(aids);
	}
	/* today is half done */
	assert_true(pending > 0);
	assert_true(done > 0);
	free(rids);
}

static void past_has_all_five_statuses(void **state)
{
	static const char *const statuses[] = { "0", "1", "2", "-1", "-2" };
	static const char *const texts[] = { "Pending", "Completed", "No Show", "Cancelled", "Rescheduled" };
	const struct resource *appt = res_find("appointment");
	long long *all = NULL;
	size_t n = ids_where(shared, appt, "date", SO_LT, RT_DATE, TODAY, &all);
	size_t count[5] = { 0 };
	cJSON *recs = records(shared, appt, all, n), *rec;
	(void)state;

	assert_true(n > 100);
	cJSON_ArrayForEach(rec, recs) {
		for (int k = 0; k < 5; k++)
			if (strcmp(str(rec, "status"), statuses[k]) == 0) {
				count[k]++;
				assert_string_equal(str(rec, "statusText"), texts[k]);
			}
	}
	for (int k = 0; k < 5; k++)
		if (count[k] == 0)
			fail_msg("no past appointment with status %s", statuses[k]);
	/* mostly completed */
	assert_true(count[1] * 2 > n);
	cJSON_Delete(recs);
	free(all);

	/* and the future is all pending */
	n = ids_where(shared, appt, "date", SO_GT, RT_DATE, TODAY, &all);
	assert_true(n > 0);
	recs = records(shared, appt, all, n);
	cJSON_ArrayForEach(rec, recs)
		assert_string_equal(str(rec, "status"), "0");
	cJSON_Delete(recs);
	free(all);
}

static void leads_exist_at_stages(void **state)
{
	const struct resource *sub = res_find("subscription");
	long long *ids = NULL;
	size_t n = ids_where(shared, sub, "active", SO_EQ, RT_INT, "-3", &ids);
	cJSON *recs, *rec;
	(void)state;

	assert_true(n > 0);
	recs = records(shared, sub, ids, n);
	cJSON_ArrayForEach(rec, recs) {
		assert_non_null(str(rec, "leadStageID"));
		assert_non_null(str(rec, "leadStage"));
		assert_non_null(str(rec, "leadValue"));
	}
	cJSON_Delete(recs);
	free(ids);
	/* a subscription that never was a lead has null lead fields */
	n = ids_where(shared, sub, "active", SO_EQ, RT_INT, "1", &ids);
	assert_true(n > 0);
	recs = records(shared, sub, ids, 1);
	assert_true(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(recs, 0), "leadStageID")));
	cJSON_Delete(recs);
	free(ids);
}

static void names_are_accented_and_awkward(void **state)
{
	const struct resource *cust = res_find("customer");
	long long *ids = NULL;
	size_t n = ids_where(shared, cust, NULL, SO_EQ, RT_INT, NULL, &ids);
	cJSON *recs = records(shared, cust, ids, n), *rec;
	int accented = 0, escape = 0, apostrophe = 0, longname = 0;
	(void)state;

	cJSON_ArrayForEach(rec, recs) {
		const char *f = str(rec, "fname"), *l = str(rec, "lname"), *co = str(rec, "companyName");
		for (const char *p = f; *p; p++)
			accented |= (unsigned char)*p >= 0x80;
		for (const char *p = l; *p; p++)
			accented |= (unsigned char)*p >= 0x80;
		escape |= strstr(co, "\x1b[31mRED") != NULL;
		apostrophe |= strchr(l, '\'') != NULL;
		longname |= strlen(l) > 60;
		assert_string_equal(str(rec, "statusText"), strcmp(str(rec, "status"), "1") == 0 ? "Active" : "Inactive");
	}
	assert_true(accented);
	assert_true(escape);
	assert_true(apostrophe);
	assert_true(longname);
	cJSON_Delete(recs);
	free(ids);
}

/* Every date of every record is a date (or unset), and every dateUpdated is
 * set and not after today. */
static void dates_are_valid(void **state)
{
	(void)state;
	for (size_t i = 0; i < res_count; i++) {
		const struct resource *r = &res_table[i];
		long long *ids = NULL;
		size_t n = ids_where(shared, r, NULL, SO_EQ, RT_INT, NULL, &ids);
		cJSON *recs = records(shared, r, ids, n), *rec;
		cJSON_ArrayForEach(rec, recs) {
			for (size_t f = 0; f < r->n_fields; f++) {
				const struct res_field *fd = &r->fields[f];
				const char *v = str(rec, fd->name);
				if (fd->type != RT_DATE && fd->type != RT_DATETIME)
					continue;
				if (v && !date_valid_or_unset(v))
					fail_msg("%s.%s = \"%s\"", r->name, fd->name, v);
				if (v && fd->type == RT_DATE && strlen(v) != 10)
					fail_msg("%s.%s = \"%s\" is not a bare date", r->name, fd->name, v);
				if (v && (strcmp(fd->name, "dateAdded") == 0 || strcmp(fd->name, "dateCreated") == 0) &&
				    strncmp(v, TODAY, 10) > 0)
					fail_msg("%s.%s %s after today", r->name, fd->name, v);
				if (strcmp(fd->name, "dateUpdated") == 0) {
					if (!v || strncmp(v, "0000", 4) == 0)
						fail_msg("%s without dateUpdated", r->name);
					if (strncmp(v, TODAY, 10) > 0)
						fail_msg("%s.dateUpdated %s after today", r->name, v);
				}
			}
		}
		cJSON_Delete(recs);
		free(ids);
	}
}

static void meta_and_files_are_kept(void **state)
{
	char *seed = store_meta_get(shared, "seed"), *today = store_meta_get(shared, "today");
	char *gen = store_meta_get(shared, "generated"), *name = NULL, *err = NULL;
	void *data = NULL;
	size_t len = 0;
	(void)state;

	assert_string_equal(seed, "7");
	assert_string_equal(today, TODAY);
	assert_string_equal(gen, "200");
	assert_int_equal(store_file_get(shared, 1, &name, &data, &len, &err), 0);
	assert_true(len > 100);
	assert_memory_equal(data, "%PDF-", 5);
	assert_non_null(strstr(name, ".pdf"));
	free(seed);
	free(today);
	free(gen);
	free(name);
	free(data);
}

static void tickets_add_up(void **state)
{
	const struct resource *tk = res_find("ticket");
	long long *ids = NULL;
	size_t n = ids_where(shared, tk, NULL, SO_EQ, RT_INT, NULL, &ids);
	cJSON *recs = records(shared, tk, ids, n), *rec;
	int owing = 0, paid = 0, with_items = 0;
	(void)state;

	cJSON_ArrayForEach(rec, recs) {
		double sub = atof(str(rec, "subTotal")), tax = atof(str(rec, "taxAmount"));
		double total = atof(str(rec, "total")), bal = atof(str(rec, "balance"));
		double items = atof(str(rec, "serviceCharge"));
		const cJSON *it, *list = cJSON_GetObjectItemCaseSensitive(rec, "items");
		cJSON_ArrayForEach(it, list)
			items += atof(str(it, "amount")) * atoi(str(it, "quantity"));
		with_items += cJSON_GetArraySize(list) > 0;
		assert_true(sub + tax - total < 0.005 && total - sub - tax < 0.005);
		assert_true(items - sub < 0.005 && sub - items < 0.005);
		owing += bal > 0;
		paid += bal == 0;
	}
	assert_true(owing > 0);
	assert_true(paid > owing);
	assert_true(with_items > 0);
	cJSON_Delete(recs);
	free(ids);
}

/* The service numbers changes as they happen; a client asks "what changed
 * since change N", so ids must ascend with dateChanged. */
static void changelog_ids_follow_time(void **state)
{
	const struct resource *ch = res_find("changelog");
	long long *ids = NULL;
	size_t n = ids_where(shared, ch, NULL, SO_EQ, RT_INT, NULL, &ids);
	cJSON *recs = records(shared, ch, ids, n), *rec;
	const char *prev = "";
	size_t seen = 0;
	(void)state;

	assert_true(n > 20);
	cJSON_ArrayForEach(rec, recs) {
		const char *when = str(rec, "dateChanged");
		assert_non_null(when);
		if (strcmp(prev, when) > 0)
			fail_msg("changeID %s at %s comes after a change at %s",
			         str(rec, "changeID"), when, prev);
		prev = when;
		seen++;
	}
	assert_int_equal(seen, n);
	cJSON_Delete(recs);
	free(ids);
}

static void refuses_bad_input(void **state)
{
	char *err = NULL;
	struct store *s = store_open(":memory:", &err);
	(void)state;

	assert_int_equal(generate_company(s, 10, 1, "2026-13-40", &err), -1);
	assert_non_null(err);
	free(err);
	err = NULL;
	assert_int_equal(generate_company(s, 0, 1, TODAY, &err), -1);
	assert_non_null(err);
	free(err);
	err = NULL;
	/* a tiny company still works; a second run on the same store is refused */
	assert_int_equal(generate_company(s, 3, 1, TODAY, &err), 0);
	assert_int_equal(generate_company(s, 3, 1, TODAY, &err), -1);
	assert_non_null(strstr(err, "empty"));
	free(err);
	store_close(s);
}

/* A record is never updated before it was added: the generator once drew
 * the update's time of day apart from the add's, and about 6% of the
 * records added and updated on the same day read as updated first. */
static void updated_never_before_added(void **state)
{
	static const struct {
		const char *res, *added;
	} kinds[] = {
		{ "customer", "dateAdded" },
		{ "subscription", "dateAdded" },
		{ "ticket", "dateCreated" },
		{ "appointment", "dateAdded" },
	};
	size_t total = 0;
	(void)state;
	for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
		const struct resource *r = res_find(kinds[k].res);
		long long *ids = NULL;
		size_t n = ids_where(shared, r, NULL, SO_EQ, RT_INT, NULL, &ids), bad = 0;
		cJSON *recs = records(shared, r, ids, n), *rec;
		assert_true(n > 0);
		cJSON_ArrayForEach(rec, recs) {
			const char *a = str(rec, kinds[k].added), *u = str(rec, "dateUpdated");
			assert_non_null(a);
			assert_non_null(u);
			if (strcmp(u, a) < 0 && bad++ < 3)
				print_message("%s %s: dateUpdated %s before %s %s\n", r->name,
				              str(rec, r->pk), u, kinds[k].added, a);
		}
		if (bad)
			print_message("%zu of %zu %s records updated before they were added\n", bad, n,
			              r->name);
		total += bad;
		cJSON_Delete(recs);
		free(ids);
	}
	assert_int_equal(total, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_resource_has_records),
		cmocka_unit_test(deterministic_for_seed_and_today),
		cmocka_unit_test(todays_routes_have_ordered_stops),
		cmocka_unit_test(past_has_all_five_statuses),
		cmocka_unit_test(leads_exist_at_stages),
		cmocka_unit_test(names_are_accented_and_awkward),
		cmocka_unit_test(dates_are_valid),
		cmocka_unit_test(meta_and_files_are_kept),
		cmocka_unit_test(tickets_add_up),
		cmocka_unit_test(changelog_ids_follow_time),
		cmocka_unit_test(updated_never_before_added),
		cmocka_unit_test(refuses_bad_input),
	};
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
