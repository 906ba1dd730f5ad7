/* job.c: building fetch jobs (each checked against the resource table) and freeing jobs and results. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/dates.h"
#include "common/i18n.h"
#include "common/resources.h"
#include "common/strbuf.h"
#include "fetch/fetch.h"
#include "fetch/jobs.h"
#include "fetch/lookup.h"
/* ---------------------------------------------------------------- jobs */

struct fetch_job *fetch_job_new(enum fetch_kind kind, int slot)
{
	struct fetch_job *j = xcalloc(1, sizeof(*j));

	j->kind = kind;
	j->slot = slot;
	api_form_init(&j->form);
	return j;
}

static void job_bad(struct fetch_job *j, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Marks the job as one that answers a usage error without a request. */
static void job_bad(struct fetch_job *j, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	if (j->bad)
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	j->bad = strbuf_detach(&sb, NULL);
}

/* The resource named name, when it has operation op. */
static const struct resource *job_resource(struct fetch_job *j, const char *name, unsigned op,
                                           const char *op_name)
{
	const struct resource *r = name ? res_find(name) : NULL;

	if (!r) {
		job_bad(j, _("unknown resource %s"), name ? name : _("(none)"));
		return NULL;
	}
	if (!(r->ops & op)) {
		job_bad(j, _("%s has no %s operation"), r->name, op_name);
		return NULL;
	}
	return r;
}

struct fetch_job *fetch_job_review(int slot, const char *date)
{
	struct fetch_job *j = fetch_job_new(FETCH_REVIEW, slot);
	struct rd_date d;

	if (!date || date_parse(date, &d) < 0)
		job_bad(j, _("not a date (YYYY-MM-DD): %s"), date ? date : _("(none)"));
	else
		j->date = xstrdup(date);
	return j;
}

struct fetch_job *fetch_job_list(int slot, const char *resource, const struct api_form *filters)
{
	struct fetch_job *j = fetch_job_new(FETCH_LIST, slot);

	j->res = job_resource(j, resource, OP_SEARCH, "search");
	if (filters)
		api_form_copy(&j->form, filters);
	return j;
}

struct fetch_job *fetch_job_list_any(int slot, const char *resource, const struct api_form *alts,
                                     size_t n)
{
	struct fetch_job *j = fetch_job_list(slot, resource, n ? &alts[0] : NULL);

	if (n > 8) {
		job_bad(j, _("%zu searches in one job (at most 8)"), n);
		return j;
	}
	if (n > 1) {
		j->alts = xcalloc(n - 1, sizeof(*j->alts));
		for (size_t i = 1; i < n; i++) {
			api_form_init(&j->alts[i - 1]);
			api_form_copy(&j->alts[i - 1], &alts[i]);
		}
		j->n_alts = n - 1;
	}
	return j;
}

struct fetch_job *fetch_job_rows(int slot, const char *resource, const long long *ids, size_t n)
{
	struct fetch_job *j = fetch_job_new(FETCH_ROWS, slot);

	j->res = job_resource(j, resource, OP_GET, "get");
	if (n && !ids) {
		job_bad(j, _("%zu ids asked for without a list"), n);
		return j;
	}
	if (n) {
		j->ids = xmalloc(n * sizeof(*ids));
		memcpy(j->ids, ids, n * sizeof(*ids));
		j->n_ids = n;
	}
	return j;
}

struct fetch_job *fetch_job_record(int slot, const char *resource, long long id,
                                   const struct api_form *extra)
{
	struct fetch_job *j = fetch_job_new(FETCH_RECORD, slot);

	j->res = job_resource(j, resource, OP_BYID, "by-id");
	j->id = id;
	if (id <= 0)
		job_bad(j, _("not a record id: %lld"), id);
	if (extra)
		api_form_copy(&j->form, extra);
	return j;
}

struct fetch_job *fetch_job_refresh(int slot, long long since_change)
{
	struct fetch_job *j = fetch_job_new(FETCH_REFRESH, slot);

	j->since = since_change < 0 ? 0 : since_change;
	j->background = 1;
	return j;
}

struct fetch_job *fetch_job_refresh_from(int slot, long long since_change, const char *date)
{
	struct fetch_job *j = fetch_job_refresh(slot, since_change);
	struct rd_date d;

	if (!date || date_parse(date, &d) < 0)
		job_bad(j, _("not a date (YYYY-MM-DD): %s"), date ? date : _("(none)"));
	else
		j->date = xstrdup(date);
	return j;
}

void fetch_job_set_share(struct fetch_job *job, struct fetch_share *sh, long stale_after)
{
	if (!job)
		return;
	job->share = sh;
	job->share_stale = stale_after;
}

void fetch_job_set_index(struct fetch_job *job, size_t max, struct fetch_share *sh,
                         const char *file, const char *url)
{
	if (!job)
		return;
	job->index_max = max;
	job->index_share = sh;
	job->index_file = file;
	job->index_url = url;
}

void fetch_job_set_first_found(struct fetch_job *job)
{
	if (job)
		job->first_found = 1;
}

void fetch_job_set_fresh(struct fetch_job *job)
{
	if (job)
		job->fresh = 1;
}

void fetch_job_set_background(struct fetch_job *job)
{
	if (job)
		job->background = 1;
}

static void add_id(void *row, void *ctx)
{
	struct fetch_job_ids *v = ctx;

	v->v[v->n++] = *(const long long *)row;
}

/* The ids of t's rows into v (set, even when t has none), or v unset. */
static void take_ids(struct fetch_job_ids *v, const struct m_table *t)
{
	free(v->v);
	memset(v, 0, sizeof(*v));
	if (!t)
		return;
	v->v = xmalloc((m_table_count(t) + 1) * sizeof(*v->v));
	v->set = 1;
	m_table_each(t, add_id, v);
}

void fetch_job_set_reference(struct fetch_job *job, const struct m_table *employees,
                             const struct m_table *service_types)
{
	if (!job || job->kind != FETCH_REVIEW)
		return;
	take_ids(&job->ref_employees, employees);
	take_ids(&job->ref_service_types, service_types);
}

struct fetch_job *fetch_job_write(int slot, const char *path, const struct api_form *form,
                                  const char *refetch)
{
	struct fetch_job *j = fetch_job_new(FETCH_WRITE, slot);
	const char *slash = path ? strchr(path, '/') : NULL;

	if (!path || !slash || slash == path || !slash[1] || path[0] == '/')
		job_bad(j, _("not an operation path (entity/action): %s"), path ? path : _("(none)"));
	else
		j->path = xstrdup(path);
	if (form)
		api_form_copy(&j->form, form);
	if (refetch)
		j->res = job_resource(j, refetch, OP_GET, "get");
	return j;
}

void fetch_job_free(struct fetch_job *job)
{
	if (!job)
		return;
	free(job->bad);
	free(job->date);
	free(job->path);
	api_form_free(&job->form);
	for (size_t i = 0; i < job->n_alts; i++)
		api_form_free(&job->alts[i]);
	free(job->alts);
	free(job->ids);
	free(job->ref_employees.v);
	free(job->ref_service_types.v);
	free(job);
}

/* ------------------------------------------------------------- results */

static void free_rows(const char *resource, void **rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		m_row_free(resource, rows[i]);
	free(rows);
}

void fetch_result_free(struct fetch_result *r)
{
	if (!r)
		return;
	api_error_clear(&r->err);
	m_review_free(r->review);
	m_table_free(r->employees);
	m_table_free(r->service_types);
	free(r->ids);
	free(r->found);
	if (r->resource)
		free_rows(r->resource, r->rows, r->n_rows);
	else
		free(r->rows);
	free_rows("appointment", r->appts, r->n_appts);
	free_rows("route", r->routes, r->n_routes);
	free_rows("customer", r->customers, r->n_customers);
	for (size_t i = 0; i < r->n_changes; i++)
		free(r->changes[i].notes);
	free(r->changes);
	free(r->gone_appts);
	free(r->gone_routes);
	for (size_t i = 0; i < r->n_written; i++)
		m_row_free(r->written[i].resource, r->written[i].row);
	free(r->written);
	cJSON_Delete(r->record);
	if (r->refetched && r->resource)
		m_row_free(r->resource, r->refetched);
	free(r);
}

static int has_id(const long long *ids, size_t n, long long id)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ids[mid] == id)
			return 1;
		if (ids[mid] < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

void fetch_result_add_change(struct fetch_result *r, int class_id, long long id, char *notes)
{
	struct fetch_change *c;
	size_t n = r->n_changes;

	/* Room for 8, then doubled at each power of two: the room follows
	 * from the count, so every appender shares it. */
	if (n == 0 || (n >= 8 && !(n & (n - 1))))
		r->changes = xrealloc(r->changes, (n ? 2 * n : 8) * sizeof(*r->changes));
	c = &r->changes[r->n_changes++];
	c->class_id = class_id;
	c->id = id;
	c->notes = notes;
	c->note_id = lookup_note_change(class_id, notes);
}

void fetch_result_join(struct fetch_result *into, struct fetch_result *from, unsigned bit)
{
	size_t n = into->n_ids + from->n_ids, i = 0, j = 0, k = 0;
	long long *ids = xmalloc((n ? n : 1) * sizeof(*ids));
	unsigned char *found = xmalloc(n ? n : 1);
	size_t n_rows = into->n_rows;

	/* Both id lists are ascending (a search answers them so): one merge. */
	while (i < into->n_ids || j < from->n_ids) {
		int take_a = j >= from->n_ids || (i < into->n_ids && into->ids[i] <= from->ids[j]);
		int take_b = i >= into->n_ids || (j < from->n_ids && from->ids[j] <= into->ids[i]);
		unsigned char f = 0;

		ids[k] = take_a ? into->ids[i] : from->ids[j];
		if (take_a)
			f |= into->found ? into->found[i] : 1u;
		if (take_b)
			f |= (unsigned char)(1u << bit);
		found[k++] = f;
		i += take_a;
		j += take_b;
	}
	/* Rows into already has stay; the others move over. */
	into->rows = xrealloc(into->rows, (into->n_rows + from->n_rows + 1) * sizeof(*into->rows));
	for (size_t r = 0; r < from->n_rows; r++) {
		void *row = from->rows[r];
		int dup = 0;

		if (!row)
			continue;
		for (size_t s = 0; s < n_rows && !dup; s++)
			dup = into->rows[s] && m_row_id(into->rows[s]) == m_row_id(row);
		if (dup || !has_id(ids, k, m_row_id(row)))
			m_row_free(from->resource, row);
		else
			into->rows[into->n_rows++] = row;
	}
	free(from->rows);
	from->rows = NULL;
	from->n_rows = 0;
	free(into->ids);
	free(into->found);
	into->ids = ids;
	into->found = found;
	into->n_ids = k;
}
