/* view_doubles.c: ui.h's services and the fetch job constructors as test doubles for the views. */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/strbuf.h"
#include "view_doubles.h"

/*
 * The views are linked with the tests instead of libui: these doubles
 * record what a view asked for (jobs, pushes, messages), so a test can
 * check what a view would have sent and what it shows.
 */

/* ------------------------------------------------------------ doubles */

static struct fetch_job *job_new(enum fetch_kind kind, int slot, const char *resource)
{
	struct fetch_job *j = xcalloc(1, sizeof(*j));

	j->kind = kind;
	j->slot = slot;
	j->resource = resource ? xstrdup(resource) : NULL;
	api_form_init(&j->form);
	return j;
}

struct fetch_job *fetch_job_review(int slot, const char *date)
{
	struct fetch_job *j = job_new(FETCH_REVIEW, slot, NULL);

	snprintf(j->date, sizeof(j->date), "%s", date);
	return j;
}

struct fetch_job *fetch_job_list(int slot, const char *resource, const struct api_form *filters)
{
	struct fetch_job *j = job_new(FETCH_LIST, slot, resource);

	if (filters)
		api_form_copy(&j->form, filters);
	return j;
}

struct fetch_job *fetch_job_list_any(int slot, const char *resource, const struct api_form *alts,
                                     size_t n)
{
	struct fetch_job *j = fetch_job_list(slot, resource, n ? &alts[0] : NULL);

	assert_true(n <= 8);
	for (size_t i = 1; i < n; i++) {
		api_form_init(&j->alts[i - 1]);
		api_form_copy(&j->alts[i - 1], &alts[i]);
	}
	j->n_alts = n ? n - 1 : 0;
	return j;
}

void fetch_job_set_first_found(struct fetch_job *job)
{
	job->first_found = 1;
}

void fetch_job_set_fresh(struct fetch_job *job)
{
	job->fresh = 1;
}

struct fetch_job *fetch_job_rows(int slot, const char *resource, const long long *ids, size_t n)
{
	struct fetch_job *j = job_new(FETCH_ROWS, slot, resource);

	j->ids = xmalloc((n ? n : 1) * sizeof(*ids));
	memcpy(j->ids, ids, n * sizeof(*ids));
	j->n = n;
	return j;
}

struct fetch_job *fetch_job_record(int slot, const char *resource, long long id,
                                   const struct api_form *extra)
{
	struct fetch_job *j = job_new(FETCH_RECORD, slot, resource);

	j->id = id;
	if (extra)
		api_form_copy(&j->form, extra);
	return j;
}

void fetch_job_free(struct fetch_job *job)
{
	if (!job)
		return;
	free(job->resource);
	api_form_free(&job->form);
	for (size_t i = 0; i < job->n_alts; i++)
		api_form_free(&job->alts[i]);
	free(job->ids);
	free(job);
}

unsigned long ui_submit(struct ui *ui, struct view *v, struct fetch_job *job)
{
	assert_true(ui->n_jobs < 64);
	assert_int_equal(job->slot, v->slot);
	ui->jobs[ui->n_jobs++] = job;
	v->waiting = ++ui->gen;
	return ui->gen;
}

void ui_push(struct ui *ui, struct view *v)
{
	assert_true(ui->n_pushed < 16);
	ui->pushed[ui->n_pushed++] = v;
}

/* As the console's: the view the loop's constructors make, pushed. */
void ui_open(struct ui *ui, enum ui_view_kind kind, const struct ui_view_args *args)
{
	struct view *v = views_make(kind, args);

	if (v)
		ui_push(ui, v);
}

struct view *ui_view_new(const struct view_ops *ops, void *priv)
{
	struct view *v = xcalloc(1, sizeof(*v));

	v->ops = ops;
	v->priv = priv;
	v->slot = FETCH_SLOT_VIEWS;
	return v;
}

void ui_message(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->error, sizeof(ui->error), fmt, ap);
	va_end(ap);
}

void ui_error(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->error, sizeof(ui->error), fmt, ap);
	va_end(ap);
	ui->n_errors++;
}

void ui_dirty(struct ui *ui, struct view *v)
{
}

void ui_refresh(struct ui *ui)
{
	ui->n_refreshes++;
}

const char *ui_date(const struct ui *ui)
{
	return ui->date;
}

const struct m_review *ui_review(const struct ui *ui)
{
	return ui->rv;
}

const struct m_employee *ui_employee(const struct ui *ui, long long id)
{
	return m_table_get(ui->employees, id);
}

const struct m_service_type *ui_service_type(const struct ui *ui, long long id)
{
	return m_table_get(ui->types, id);
}

int ui_readonly(const struct ui *ui)
{
	return 0;
}

int ui_minutes_now(const struct ui *ui)
{
	return ui->today ? ui->minutes : -1;
}

/* ------------------------------------------------------------ helpers */

void view_free(struct view *v)
{
	if (!v)
		return;
	v->ops->destroy(v);
	free(v);
}

void ui_clear(struct ui *ui)
{
	for (size_t i = 0; i < ui->n_jobs; i++)
		fetch_job_free(ui->jobs[i]);
	ui->n_jobs = 0;
	for (size_t i = 0; i < ui->n_pushed; i++)
		view_free(ui->pushed[i]);
	ui->n_pushed = 0;
	ui->error[0] = '\0';
	ui->n_errors = 0;
}

void ui_done(struct ui *ui)
{
	ui_clear(ui);
	m_review_free(ui->rv);
	m_table_free(ui->employees);
	m_table_free(ui->types);
}

struct fetch_job *last_job(struct ui *ui)
{
	assert_true(ui->n_jobs > 0);
	return ui->jobs[ui->n_jobs - 1];
}

/* The text of cell (row, col), in a static buffer; *style when asked. */
const char *cell(const struct view *v, size_t row, size_t col, enum view_style *style)
{
	static char buf[4][512];
	static int k;
	struct strbuf sb = STRBUF_INIT;
	enum view_style st = VS_NORMAL;

	v->ops->cell(v, row, col, &sb, &st);
	k = (k + 1) % 4;
	snprintf(buf[k], sizeof(buf[k]), "%s", strbuf_str(&sb));
	strbuf_free(&sb);
	if (style)
		*style = st;
	return buf[k];
}

char *preview(const struct view *v, size_t row)
{
	struct strbuf sb = STRBUF_INIT;

	v->ops->preview(v, row, &sb);
	/* The column break (a NUL, list.h) as a form feed, so the tests
	 * read the whole text as one C string. */
	for (size_t i = 0; i < sb.len; i++)
		if (sb.buf[i] == LIST_PREVIEW_BREAK)
			sb.buf[i] = '\f';
	return strbuf_detach(&sb, NULL);
}

struct m_customer *mk_customer(long long id, const char *fname, const char *lname,
                                      const char *company, long long balance)
{
	struct m_customer *c = xcalloc(1, sizeof(*c));

	c->id = id;
	c->fname = xstrdup(fname);
	c->lname = xstrdup(lname);
	c->company = xstrdup(company);
	c->address = xstrdup("1 Main St");
	c->city = xstrdup("Tucson");
	c->state = xstrdup("AZ");
	c->zip = xstrdup("85701");
	c->phone = xstrdup("5205550100");
	c->email = xstrdup("");
	c->balance = balance;
	c->balance_age = 45;
	c->status = 1;
	return c;
}

struct m_route *mk_route(long long id, const char *title, long long tech)
{
	struct m_route *r = xcalloc(1, sizeof(*r));

	r->id = id;
	r->tech_id = tech;
	strcpy(r->date, "2026-11-20");
	r->title = xstrdup(title);
	r->group_title = xstrdup("North");
	strcpy(r->updated, "2026-11-19 08:00:00");
	return r;
}

struct m_appt *mk_appt(long long id, long long route, long long cust, int seq,
                              int status, const char *start, const char *end)
{
	struct m_appt *a = xcalloc(1, sizeof(*a));

	a->id = id;
	a->route_id = route;
	a->customer_id = cust;
	a->subscription_id = -1;
	a->service_type_id = 3;
	a->sequence = seq;
	a->status = status;
	strcpy(a->date, "2026-11-20");
	snprintf(a->start, sizeof(a->start), "%s", start);
	snprintf(a->end, sizeof(a->end), "%s", end);
	strcpy(a->updated, "2026-11-19 09:00:00");
	return a;
}

/* A day: route 10 "Alpha" (tech 500, locked, alert) with three stops,
 * route 20 "Bravo" (nobody) with one; two customers owing money. */
void make_day(struct ui *ui)
{
	struct m_review *rv = m_review_new("2026-11-20");
	struct m_route *r1 = mk_route(10, "Alpha", 500), *r2 = mk_route(20, "Bravo", 0);
	struct m_appt *a;
	struct m_employee *e = xcalloc(1, sizeof(*e));
	struct m_service_type *t = xcalloc(1, sizeof(*t));

	memset(ui, 0, sizeof(*ui));
	strcpy(ui->date, "2026-11-20");
	r1->locked = 1;
	r1->day_alert = xstrdup("Gate code 4411");
	r2->day_notes = xstrdup("Trainee rides along");
	m_table_put(rv->routes, r1);
	m_table_put(rv->routes, r2);
	a = mk_appt(101, 10, 1001, 2, M_PENDING, "09:00", "09:30");
	a->time_window = xstrdup("AM");
	a->notes = xstrdup("Dog in yard");
	a->office_notes = xstrdup("Collect payment");
	a->subscription_id = 7001;
	a->ticket_id = 8001;
	a->call_ahead = 1;
	m_table_put(rv->appts, a);
	a = mk_appt(102, 10, 1002, 1, M_COMPLETED, "08:00", "08:45");
	strcpy(a->time_in, "08:05");
	strcpy(a->time_out, "08:40");
	m_table_put(rv->appts, a);
	m_table_put(rv->appts, mk_appt(103, 10, 1001, 3, M_NOSHOW, "10:00", "11:00"));
	m_table_put(rv->appts, mk_appt(201, 20, 1002, 1, M_CANCELLED, "13:00", "14:00"));
	m_table_put(rv->customers, mk_customer(1001, "Jane", "Doe", "", 12550));
	m_table_put(rv->customers, mk_customer(1002, "Bob", "Roe", "Acme Pest", 0));
	ui->rv = rv;

	ui->employees = m_table_new(m_row_free_fn("employee"));
	e->id = 500;
	e->fname = xstrdup("Ann");
	e->lname = xstrdup("Tech");
	e->initials = xstrdup("AT");
	e->type = 1;
	e->active = 1;
	m_table_put(ui->employees, e);
	ui->types = m_table_new(m_row_free_fn("serviceType"));
	t->id = 3;
	t->description = xstrdup("Quarterly Pest");
	m_table_put(ui->types, t);
}

/* A fake result of kind for v's last job; rows (owned) as given. */
struct fetch_result *fake_result(struct ui *ui, enum fetch_kind kind, const char *resource)
{
	struct fetch_result *r = xcalloc(1, sizeof(*r));

	r->kind = kind;
	r->slot = FETCH_SLOT_VIEWS;
	r->gen = ui->gen;
	r->resource = resource;
	return r;
}

void result_free(struct fetch_result *r)
{
	for (size_t i = 0; i < r->n_rows; i++)
		if (r->rows[i])
			m_row_free(r->resource, r->rows[i]);
	free(r->rows);
	free(r->ids);
	free(r->found);
	free(r->changes);
	for (size_t i = 0; i < r->n_written; i++)
		m_row_free(r->written[i].resource, r->written[i].row);
	free(r->written);
	cJSON_Delete(r->record);
	api_error_clear(&r->err);
	free(r);
}

/* ids first..first+n-1; rows for those of them in [lo, hi). */
struct fetch_result *customer_list(struct ui *ui, long long first, size_t n, size_t lo,
                                          size_t hi)
{
	struct fetch_result *r = fake_result(ui, FETCH_LIST, "customer");

	r->ids = xmalloc(n * sizeof(*r->ids));
	r->n_ids = n;
	for (size_t i = 0; i < n; i++)
		r->ids[i] = first + (long long)i;
	r->rows = xcalloc(hi - lo + 1, sizeof(*r->rows));
	for (size_t i = lo; i < hi; i++) {
		char name[32];

		snprintf(name, sizeof(name), "Name%zu", i);
		r->rows[r->n_rows++] = mk_customer(first + (long long)i, "Pat", name, "",
		                                   (long long)(i % 7) * 100);
	}
	return r;
}

const char *form_value(const struct fetch_job *j, const char *name)
{
	return api_form_get(&j->form, name);
}

const char *alt_value(const struct fetch_job *j, size_t i, const char *name)
{
	return api_form_get(i ? &j->alts[i - 1] : &j->form, name);
}
