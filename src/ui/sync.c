/* sync.c: the day's review and every fetch result: applying, refreshing, stepping days. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/i18n.h"
#include "common/dates.h"
#include "common/strbuf.h"
#include "ui/alerts.h"
#include "ui/app.h"
#include "ui/forms/forms.h"
#include "ui/loop.h"
#include "ui/base/list.h"

/*
 * Results reach the view whose slot they carry and whose `waiting`
 * generation they match; anything else is stale and dropped.  The core's
 * own slots: FETCH_SLOT_REVIEW (the day), FETCH_SLOT_REFRESH (the
 * auto-refresh tick) and UI_SLOT_REVIEW_CUSTOMERS (customers of stops a
 * refresh brought).  A review may also land on a view's slot (a view that
 * asked for the day itself): the core takes it all the same.
 */

/* Every view hears that the review changed (or went: ui_review() may then
 * be NULL), before anything draws from the old one. */
static void tell_view(struct ui *ui, struct frame *f, void *ctx)
{
	struct fetch_result *r = ctx;
	const char *name = f->v->ops->name ? f->v->ops->name : "";

	if (f->v->ops->result && f->v->ops->result(f->v, ui, r))
		list_changed(f->list);
	if (strcmp(name, "routes") == 0 || strcmp(name, "stops") == 0)
		list_changed(f->list);
}

static void announce_review(struct ui *ui, struct fetch_result *r)
{
	app_each_frame(ui, tell_view, r);
	app_mark(ui, DIRTY_ALL);
}

static void announce_review_changed(struct ui *ui, enum fetch_kind kind)
{
	struct fetch_result note;

	memset(&note, 0, sizeof(note));
	note.kind = kind;
	note.slot = kind == FETCH_REVIEW ? FETCH_SLOT_REVIEW : FETCH_SLOT_REFRESH;
	note.last_change = ui->last_change;
	announce_review(ui, &note);
}

static long share_stale(const struct ui *ui);

void app_reload_review(struct ui *ui)
{
	struct fetch_job *job = fetch_job_review(FETCH_SLOT_REVIEW, ui->date);

	/* Tables of a kept day (kept.c): the thread spares their searches. */
	if (ui->reference_seed)
		fetch_job_set_reference(job, ui->employees, ui->service_types);
	/* A ticking office's newest change spares the changelog baseline. */
	fetch_job_set_share(job, ui->share, share_stale(ui));
	ui->review_gen = ui_submit(ui, NULL, job);
}

void app_take_row(struct ui *ui, const char *resource, void *row)
{
	int appt = strcmp(resource, "appointment") == 0;
	struct m_review *rv = ui->review;
	const char *date;

	if (!row)
		return;
	if (!rv || (!appt && strcmp(resource, "route") != 0)) {
		m_row_free(resource, row);
		return;
	}
	date = appt ? ((struct m_appt *)row)->date : ((struct m_route *)row)->date;
	if (strcmp(date, ui->date) == 0) {
		m_table_put(appt ? rv->appts : rv->routes, row);
	} else {
		m_table_remove(appt ? rv->appts : rv->routes, *(long long *)row);
		m_row_free(resource, row);
	}
	announce_review_changed(ui, FETCH_REFRESH);
}

/* The Stops pane follows the day: its route of the old day is gone. */
static void follow_stops(struct ui *ui)
{
	if (!ui->stops_follow)
		return;
	ui->stops_follow = 0;
	if (ui->cur == PANE_STOPS) {
		app_reset_pane(ui, PANE_STOPS);
		ui->cur = PANE_ROUTES;
		app_show_pane(ui, PANE_ROUTES);
		app_show_pane(ui, PANE_STOPS);
	}
}

void app_set_date(struct ui *ui, const char *date)
{
	struct m_review *old = ui->review, *kept;
	double at = 0;

	if (strcmp(date, ui->date) == 0 && (ui->review || ui->review_gen))
		return;
	snprintf(ui->date, sizeof(ui->date), "%s", date);
	/* The old day's rows go at once: showing them under the new date,
	 * even for a moment, would mislead.  They are kept for a step back. */
	ui->review = NULL;
	/* The get of the last tick's new stops' customers is the day left's,
	 * its answer dropped (customers_gen no longer waits): withdrawn, not
	 * a read for a day nobody looks at.  Shown again, the day reads them. */
	if (ui->customers_gen)
		fetch_withdraw(ui->fetch, UI_SLOT_REVIEW_CUSTOMERS);
	ui->customers_gen = 0;
	announce_review_changed(ui, FETCH_REVIEW);
	days_keep(ui, old, ui->review_at);
	/* Drill-downs of the Routes pane belong to the old day. */
	if (ui->panes[PANE_ROUTES]) {
		int cur = ui->cur;

		ui->cur = PANE_ROUTES;
		while (app_pop(ui) == 0)
			;
		ui->cur = cur;
	}
	ui->stops_follow = ui->cur == PANE_STOPS;
	if (!ui->stops_follow)
		app_reset_pane(ui, PANE_STOPS);
	/* A day seen lately, kept fresh by the ticks: shown at once, no read
	 * (a review still on its way for another day is dropped when it
	 * lands: review_gen no longer waits for it). */
	kept = ui->have_baseline ? days_take(ui, date, app_now(), &at) : NULL;
	if (kept) {
		/* A review still on its way is for a day passed through
		 * (] ] onto a day held): its reads left would buy nothing. */
		if (ui->review_gen)
			fetch_withdraw(ui->fetch, FETCH_SLOT_REVIEW);
		ui->review_gen = 0;
		ui->review = kept;
		ui->review_at = at;
		ui->review_failed[0] = '\0';
		days_read_missing(ui);
		announce_review_changed(ui, FETCH_REVIEW);
		follow_stops(ui);
		app_mark(ui, DIRTY_ALL);
		return;
	}
	app_reload_review(ui);
	app_mark(ui, DIRTY_ALL);
}

static void fetch_failed(struct ui *ui, const struct fetch_result *r, const char *what)
{
	/* The service refused the credentials: no retry will cure it, and
	 * every pane must say so rather than wait. */
	if (r->err.http_status == 401) {
		ui->auth_failed = 1;
		ui_error(ui, _("Authentication failed: the service refused this account's key and "
		               "token (%s)"), api_error_text(&r->err));
	} else if (r->err.kind == API_ERR_NETWORK) {
		ui->offline = 1;
		ui->silent = r->err.reached;
		ui_error(ui, _("Network: %s failed (%s); retrying at the next refresh"), what,
		         api_error_text(&r->err));
	} else {
		ui_error(ui, "%s: %s", what, api_error_text(&r->err));
	}
	/* The body too: a pane that said "loading" must now say why not. */
	app_mark(ui, DIRTY_HEADER | DIRTY_BODY);
}

/* The failure's text for an empty pane: what failed and why, and the key
 * that tries again (from when, for a day's budget spent: r is refused,
 * unsent, until the service is asked again). */
static void note_failure(char *buf, size_t size, const struct fetch_result *r, const char *what)
{
	char at[6];

	if (r->err.kind != API_ERR_QUOTA || !r->err.not_before)
		snprintf(buf, size, _("%s failed: %s (r tries again)"), what, api_error_text(&r->err));
	else
		snprintf(buf, size, _("%s failed: %s (r tries again from %s)"), what,
		         api_error_text(&r->err), time_minute_after(r->err.not_before, at));
}

/* The service answers again: said once, and every pane whose last fetch
 * failed meanwhile (one opened while offline says "failed ... (r tries
 * again)") tries again at once, as r would, rather than waiting for a key
 * the dispatcher has no reason to press. */
static void back_online(struct ui *ui)
{
	ui->offline = 0;
	ui->silent = 0;
	ui_message(ui, "%s", _("Connection back"));
	for (int p = 0; p < PANE_COUNT; p++)
		for (struct frame *f = ui->panes[p]; f; f = f->below)
			if (f->v->failed[0] && !f->v->waiting && f->v->ops->refresh)
				f->v->ops->refresh(f->v, ui, 0);
	app_mark(ui, DIRTY_HEADER | DIRTY_BODY);
}

static void came_back(struct ui *ui)
{
	ui->auth_failed = 0;
	if (ui->offline)
		back_online(ui);
	app_mark(ui, DIRTY_HEADER | DIRTY_BODY);
}

/* A review landed (on the core's slot, or on a view's that asked for one):
 * the console keeps it and tells every view. */
static void take_review(struct ui *ui, struct fetch_result *r)
{
	struct m_review *old = ui->review;

	/* The thread has tables of its own now (taken from the job, or
	 * searched): the next jobs need not carry any. */
	if (r->outcome == FETCH_DONE)
		ui->reference_seed = 0;
	/* Both read afresh (a first review): as young as they get.  One table
	 * searched again for an id it lacked leaves the other's age. */
	if (r->employees && r->service_types)
		ui->reference_at = time(NULL);
	if (r->employees) {
		if (ui->employees)
			m_table_free(ui->employees);
		ui->employees = r->employees;
		r->employees = NULL;
	}
	if (r->service_types) {
		if (ui->service_types)
			m_table_free(ui->service_types);
		ui->service_types = r->service_types;
		r->service_types = NULL;
	}
	if (r->err.kind != API_OK || !r->review) {
		if (r->err.kind != API_ERR_CANCELLED) {
			fetch_failed(ui, r, _("the route review"));
			note_failure(ui->review_failed, sizeof(ui->review_failed), r,
			             _("the route review"));
		}
		return;
	}
	ui->review_failed[0] = '\0';
	/* A day stepped past while it was on its way. */
	if (strcmp(r->review->date, ui->date) != 0)
		return;
	ui->review = r->review;
	r->review = NULL;
	/* The fetch thread reads the changelog baseline with the first review
	 * only (0 afterwards); an empty changelog is a baseline of 0. */
	if (r->last_change > 0)
		ui->last_change = r->last_change;
	ui->have_baseline = 1;
	ui->review_at = app_now();
	came_back(ui);
	/* What changed on the day since the last look (nothing on a first
	 * load or another day), told before the old review goes. */
	alerts_review(ui->alerts, old, ui->review, ui->employees);
	announce_review(ui, r);
	m_review_free(old);
	follow_stops(ui);
}

static void apply_review(struct ui *ui, struct fetch_result *r)
{
	if (r->gen != ui->review_gen)
		return; /* superseded by a later day */
	ui->review_gen = 0;
	take_review(ui, r);
}

/* Moves the rows of the review's day into it; the others of a changed
 * record that left the day are removed.  Returns how many rows stay in
 * the result (compacted to the front). */
static size_t merge_rows(struct m_table *t, void **rows, size_t n, const char *date,
                         int is_appt, struct m_table *customers, long long **need, size_t *n_need)
{
	size_t keep = 0;

	for (size_t i = 0; i < n; i++) {
		const char *d = is_appt ? ((struct m_appt *)rows[i])->date : ((struct m_route *)rows[i])->date;
		long long id = *(long long *)rows[i];

		if (strcmp(d, date) == 0) {
			if (is_appt) {
				long long cid = ((struct m_appt *)rows[i])->customer_id;

				if (cid && !m_table_get(customers, cid)) {
					*need = xrealloc(*need, (*n_need + 1) * sizeof(**need));
					(*need)[(*n_need)++] = cid;
				}
			}
			m_table_put(t, rows[i]);
		} else {
			m_table_remove(t, id);
			rows[keep++] = rows[i];
		}
	}
	return keep;
}

/* Routes (or stops) the service no longer answers leave the day on
 * screen and every kept day; a route of the day on screen is said by
 * name, since its row just vanishes from Routes. */
static void forget_gone(struct ui *ui, const long long *ids, size_t n, int is_appt)
{
	struct m_review *rv = ui->review;
	const struct m_route *r;

	if (!n)
		return;
	if (rv && !is_appt && n == 1 && (r = m_table_get(rv->routes, ids[0])) && r->title &&
	    *r->title)
		ui_message(ui, _("%s: removed from the service"), r->title);
	else if (rv && !is_appt && (n > 1 || m_table_get(rv->routes, ids[0])))
		ui_message(ui, ngettext("%zu route removed from the service",
		                        "%zu routes removed from the service", n), n);
	for (size_t i = 0; rv && i < n; i++)
		m_table_remove(is_appt ? rv->appts : rv->routes, ids[i]);
	days_forget_gone(ui, ids, n, is_appt);
}

/* The dateUpdated of a stop or a route row ("" when unset). */
static const char *row_updated(int is_appt, const void *row)
{
	return is_appt ? ((const struct m_appt *)row)->updated : ((const struct m_route *)row)->updated;
}

/* Another console's write of a stop or a route, read back and put in the
 * share's written/ (fetch_share_read_written), joins the tick's rows: the
 * ticker may not tick again for a minute, and meanwhile a dispatch form
 * open on the stop here, whose stale guard (forms_stale.c) only knows the
 * review, let y write its old values over the other's move.  The newest
 * by dateUpdated wins, against the tick's row and the review's. */
static void take_written_rows(struct ui *ui, struct fetch_result *r)
{
	for (size_t i = 0; i < r->n_written; i++) {
		const char *res = r->written[i].resource;
		const void *row = r->written[i].row;
		int is_appt = strcmp(res, "appointment") == 0;
		void ***rows = is_appt ? &r->appts : &r->routes;
		size_t *n = is_appt ? &r->n_appts : &r->n_routes;
		const void *have = NULL;
		size_t at = *n;

		if (!row || (!is_appt && strcmp(res, "route") != 0))
			continue;
		for (size_t j = 0; j < *n && !have; j++) {
			if (m_row_id((*rows)[j]) == m_row_id(row)) {
				at = j;
				have = (*rows)[j];
			}
		}
		if (!have && ui->review)
			have = m_table_get(is_appt ? ui->review->appts : ui->review->routes, m_row_id(row));
		if (have && strcmp(row_updated(is_appt, have), row_updated(is_appt, row)) > 0)
			continue;
		if (at == *n) {
			*rows = xrealloc(*rows, (*n + 1) * sizeof(**rows));
			(*n)++;
		} else {
			m_row_free(res, (*rows)[at]);
		}
		(*rows)[at] = m_row_copy(res, row);
	}
}

static void apply_refresh(struct ui *ui, struct fetch_result *r)
{
	long long *need = NULL;
	size_t n_need = 0;

	if (r->gen != ui->refresh_gen)
		return;
	ui->refresh_gen = 0;
	if (r->err.kind != API_OK) {
		if (r->err.kind != API_ERR_CANCELLED)
			fetch_failed(ui, r, _("the refresh"));
		return;
	}
	came_back(ui);
	take_written_rows(ui, r);
	/* Kept days first lose the rows that moved to another day (maybe
	 * the one on screen, which takes its own next). */
	days_forget_moved(ui, r->appts, r->n_appts, 1);
	days_forget_moved(ui, r->routes, r->n_routes, 0);
	forget_gone(ui, r->gone_appts, r->n_gone_appts, 1);
	forget_gone(ui, r->gone_routes, r->n_gone_routes, 0);
	if (ui->review) {
		struct m_review *rv = ui->review;

		/* Merging replaces the old rows: compare them first. */
		alerts_refresh(ui->alerts, rv, r->appts, r->n_appts, r->routes, r->n_routes,
		               ui->employees);
		r->n_appts = merge_rows(rv->appts, r->appts, r->n_appts, ui->date, 1, rv->customers,
		                        &need, &n_need);
		r->n_routes = merge_rows(rv->routes, r->routes, r->n_routes, ui->date, 0, NULL, NULL, NULL);
		/* Customers whose record changed (a balance after a completed
		 * stop) come rebuilt from the changes' notes where those say
		 * it all (fetch/jobs.c, kept_customers), with no read; they are
		 * never fetched here, which would make every busy tick cost a
		 * third read, so one the notes do not rebuild catches up with
		 * the next review (R, another day).  New stops' customers are
		 * fetched, since a stop without its customer cannot be shown. */
		for (size_t i = 0; i < r->n_customers; i++) {
			if (r->customers[i] && m_table_get(rv->customers, *(long long *)r->customers[i])) {
				m_table_put(rv->customers, r->customers[i]);
				r->customers[i] = NULL;
			}
		}
	}
	r->n_appts = days_take_rows(ui, r->appts, r->n_appts, 1, app_now());
	r->n_routes = days_take_rows(ui, r->routes, r->n_routes, 0, app_now());
	if (r->last_change > ui->last_change)
		ui->last_change = r->last_change;
	ui->review_at = app_now();
	announce_review(ui, r);
	days_read_customers(ui, need, n_need);
	free(need);
}

static void apply_customers(struct ui *ui, struct fetch_result *r)
{
	if (r->gen != ui->customers_gen)
		return;
	ui->customers_gen = 0;
	if (r->err.kind != API_OK) {
		if (r->err.kind != API_ERR_CANCELLED)
			fetch_failed(ui, r, _("the customers of changed stops"));
		return;
	}
	if (!ui->review)
		return;
	for (size_t i = 0; i < r->n_rows; i++)
		m_table_put(ui->review->customers, r->rows[i]);
	r->n_rows = 0; /* the review owns them now */
	announce_review_changed(ui, FETCH_REFRESH);
}

static void apply_view_result(struct ui *ui, struct fetch_result *r)
{
	struct frame *f = app_frame_of_slot(ui, r->slot);
	struct view *v;

	/* A closed view, or an answer to a question asked again since. */
	if (!f || f->v->waiting != r->gen)
		return;
	v = f->v;
	v->waiting = 0;
	if (r->kind == FETCH_REVIEW) {
		take_review(ui, r);
		return;
	}
	if (r->err.kind == API_OK) {
		v->loaded_at = app_now();
		v->failed[0] = '\0';
	} else if (r->err.kind != API_ERR_CANCELLED) {
		const char *what = v->ops->title ? _(v->ops->title) : v->ops->name;

		fetch_failed(ui, r, what);
		note_failure(v->failed, sizeof(v->failed), r, what);
	} else {
		return;
	}
	if (r->err.kind == API_OK)
		came_back(ui);
	if (v->ops->result && v->ops->result(v, ui, r))
		list_changed(f->list);
	app_mark(ui, DIRTY_BODY | DIRTY_HEADER | DIRTY_STATUS);
}

/* ui->budget was just taken from an answer: its day figures are today's,
 * its minute's this minute's. */
static void budget_read_today(struct ui *ui)
{
	struct rd_date d;

	date_today(&d);
	date_format(&d, ui->budget_day);
	ui->budget_wall = (long long)time(NULL);
}

/* routedesk's share of the day left, read back from the counter (every
 * console of the share counts into it). */
static void share_left_again(struct ui *ui)
{
	long limit, left = -1, used;

	if (!ui->reads)
		return;
	limit = fetch_budget_limit(ui->reads, &ui->budget);
	if (limit >= 0) {
		/* Counter held by another console: the last figure stays
		 * until the next answer. */
		used = fetch_budget_used(ui->reads);
		left = used < 0 ? ui->reads_share_left : limit - used;
		if (left < 0 && used >= 0)
			left = 0;
	}
	if (left != ui->reads_share_left)
		app_mark(ui, DIRTY_HEADER);
	ui->reads_share_left = left;
}

/* Past midnight the day's figures start again: the service's, and
 * routedesk's share (a new day's counter). */
static void budget_follow_today(struct ui *ui)
{
	struct rd_date d;
	char now[11];

	date_today(&d);
	date_format(&d, now);
	if (loop_budget_new_day(&ui->budget, ui->budget_day, now)) {
		share_left_again(ui);
		app_mark(ui, DIRTY_HEADER);
	}
}

/* The day's read counter could not be kept (fetch_budget_trouble): said
 * once, so that whoever set up the share hears why read_share holds less
 * than it did. */
static void read_count_trouble(struct ui *ui)
{
	char why[400];

	if (ui->reads && !ui->reads_trouble_told &&
	    fetch_budget_trouble(ui->reads, why, sizeof(why))) {
		ui->reads_trouble_told = 1;
		ui_error(ui, "%s", why);
	}
}

static void apply_result(struct ui *ui, struct fetch_result *r)
{
	/* A newer job of its slot replaced it (whoever waits, waits for that
	 * one), or the program is quitting: nothing to show or tell. */
	if (r->outcome == FETCH_SUPERSEDED || (r->outcome == FETCH_CANCELLED && r->kind != FETCH_WRITE))
		return;
	/* The connection, the budget and failed writes, whatever the slot. */
	alerts_result(ui->alerts, r, app_now());
	read_count_trouble(ui);
	/* Any answer, a refusal included, is the service reached: offline
	 * ends here, not at the next read that happens to succeed. */
	if (ui->offline && r->err.kind != API_ERR_NETWORK && r->err.kind != API_ERR_CANCELLED &&
	    (r->err.kind == API_OK || r->err.http_status > 0))
		back_online(ui);
	/* A job that read nothing carries this session's last budget, which
	 * take_status has; the office ticker's (budget_shared) is newer. */
	if (r->budget.known && (r->requests > 0 || r->budget_shared)) {
		ui->budget = r->budget;
		budget_read_today(ui);
		app_mark(ui, DIRTY_HEADER);
	}
	switch (r->slot) {
	case FETCH_SLOT_REVIEW:
		apply_review(ui, r);
		forms_follow(ui, r);
		break;
	case FETCH_SLOT_REFRESH:
		apply_refresh(ui, r);
		forms_follow(ui, r);
		break;
	case UI_SLOT_REVIEW_CUSTOMERS:
		apply_customers(ui, r);
		break;
	case FETCH_SLOT_WRITE:
		/* The forms' writes and the reads they make. */
		forms_result(ui, r);
		break;
	default:
		apply_view_result(ui, r);
		break;
	}
}

/* Field by field: memcmp would compare the padding after `known` too,
 * which struct copies need not keep. */
static int same_budget(const struct api_budget *a, const struct api_budget *b)
{
	return a->known == b->known && a->usage.read_today == b->usage.read_today &&
	       a->usage.write_today == b->usage.write_today &&
	       a->usage.read_minute == b->usage.read_minute &&
	       a->usage.write_minute == b->usage.write_minute &&
	       a->limits.read_minute == b->limits.read_minute &&
	       a->limits.read_day == b->limits.read_day &&
	       a->limits.write_minute == b->limits.write_minute &&
	       a->limits.write_day == b->limits.write_day;
}

/* What the fetch thread waits for, and the budget of its latest answer
 * (published with every answer, not at the end of a job). */
static void take_status(struct ui *ui)
{
	struct fetch_status st;
	long shown = -1;

	fetch_status(ui->fetch, &st);
	/* Only a new answer of this session: the figure it left stays
	 * behind a newer one the office's ticker shared. */
	if (st.budget.known && !same_budget(&st.budget, &ui->session_budget)) {
		ui->session_budget = st.budget;
		ui->budget = st.budget;
		budget_read_today(ui);
		app_mark(ui, DIRTY_HEADER);
	}
	if (st.wait.kind != API_WAIT_NONE)
		shown = loop_seconds_left(st.wait.until_ms, app_now());
	if (st.wait.kind != ui->wait.kind || shown != ui->wait_shown)
		app_mark(ui, DIRTY_HEADER | DIRTY_BODY);
	ui->wait = st.wait;
	ui->wait_shown = shown;
}

void app_take_results(struct ui *ui)
{
	struct fetch_result *r;

	int any = 0;

	while ((r = fetch_take(ui->fetch))) {
		apply_result(ui, r);
		fetch_result_free(r);
		any = 1;
	}
	if (any)
		app_settle_row_wait(ui);
	take_status(ui);
	/* routedesk's share of the day: counted by every console of the
	 * share, so read back after each answer, not at every turn. */
	if (any)
		share_left_again(ui);
}

/* Seconds since the last key: this console's, or on a share the office's
 * (one busy dispatcher keeps every console's tick at its pace, and the
 * ticker's serves them all). */
static double idle_for(const struct ui *ui, double now)
{
	double idle = now - ui->last_key;
	time_t office = fetch_share_active(ui->share);

	if (office > 0 && (double)(time(NULL) - office) < idle)
		idle = (double)(time(NULL) - office);
	return idle;
}

/* How long a share's ticker may go without a tick before this console asks
 * for itself: two of the ticks the office's pace calls for, at least two
 * minutes. */
static long share_stale(const struct ui *ui)
{
	double interval = loop_refresh_interval(ui->config.refresh > 0 ? ui->config.refresh : 60,
	                                        ui->config.refresh_idle, idle_for(ui, app_now()));

	return interval * 2 > 120 ? (long)(interval * 2) : 120;
}

/* What the tick's pace depends on, now. */
static void plan_in(const struct ui *ui, double now, struct loop_plan_in *in)
{
	memset(in, 0, sizeof(*in));
	in->base = ui->config.refresh;
	in->idle_after = ui->config.refresh_idle;
	in->idle = idle_for(ui, now);
	in->closed = loop_closed_until(ui->office_open, ui->office_close, time(NULL));
	in->budget_known = ui->budget.known;
	if (in->budget_known) {
		in->reads_left_today = ui_reads_left_today(ui);
		/* A minute on, nothing known holds the next tick back: a
		 * read refused would say so. */
		in->reads_left_minute = loop_budget_minute_known(ui->budget_wall, (long long)time(NULL))
		                             ? ui->budget.reads_left_minute
		                             : ui->budget.limits.read_minute;
		in->reserve = ui->config.budget_reserve;
	}
}

void app_schedule_refresh(struct ui *ui)
{
	double now = app_now();
	struct loop_plan_in in;
	double interval;

	app_mark(ui, DIRTY_HEADER);
	plan_in(ui, now, &in);
	interval = loop_refresh_plan(&in, &ui->refresh_slow);
	/* Scripts refresh only when they say so (:refresh): reproducible. */
	if (interval <= 0 || ui->script) {
		ui->next_refresh = 0;
		ui->refresh_slow = 0;
		return;
	}
	ui->next_refresh = now + interval;
}

void app_refresh_explain(const struct ui *ui, struct strbuf *out)
{
	struct loop_plan_in in;

	loop_every_text(out, ui->config.refresh);
	if (!ui->refresh_slow || ui->next_refresh <= 0)
		return;
	plan_in(ui, app_now(), &in);
	strbuf_adds(out, ", ");
	if (ui->refresh_slow & LOOP_SLOW_CLOSED) {
		strbuf_adds(out, _("none until the opening"));
	} else {
		struct strbuf every = STRBUF_INIT;
		unsigned why;

		loop_every_text(&every, loop_refresh_plan(&in, &why));
		strbuf_addf(out, _("now %s"), strbuf_str(&every));
		strbuf_free(&every);
	}
	strbuf_adds(out, ": ");
	loop_slow_text(out, ui->refresh_slow, &in);
}

/* A console left on today all day moves on at midnight, and says so: the
 * night before's day would otherwise stay under review, its late stops
 * going back to plain pending as the Timeline's clock passed midnight.
 * 1 when it moved (its review is then on its way). */
static int follow_today(struct ui *ui)
{
	struct rd_date d;
	char now[11], was[11];

	date_today(&d);
	date_format(&d, now);
	if (!loop_day_moved(ui->date, ui->today_seen, now)) {
		memcpy(ui->today_seen, now, sizeof(now));
		return 0;
	}
	memcpy(was, ui->date, sizeof(was));
	memcpy(ui->today_seen, now, sizeof(now));
	app_set_date(ui, now);
	ui_message(ui, _("A new day: the review moved on to %s ([ goes back to %s)"), now, was);
	return 1;
}

void app_refresh_tick(struct ui *ui, int manual)
{
	if (!manual && ui->paused)
		return;
	if (follow_today(ui))
		return;
	budget_follow_today(ui);
	if (ui->budget.known && ui_reads_left_today(ui) <= ui->config.budget_reserve) {
		if (!ui->budget_paused)
			ui_error(ui,
			         ngettext("Only %ld read left today: auto-refresh paused (r still refreshes)",
			                  "Only %ld reads left today: auto-refresh paused (r still refreshes)",
			                  (unsigned long)ui_reads_left_today(ui)),
			         ui_reads_left_today(ui));
		ui->budget_paused = 1;
		app_mark(ui, DIRTY_HEADER);
		if (!manual)
			return;
	} else {
		ui->budget_paused = 0;
	}
	if (ui->review_gen || ui->refresh_gen)
		return;
	if (!ui->review || !ui->have_baseline) {
		app_reload_review(ui);
		return;
	}
	{
		struct fetch_job *job = fetch_job_refresh(FETCH_SLOT_REFRESH, ui->last_change);

		fetch_job_set_share(job, ui->share, share_stale(ui));
		ui->refresh_gen = ui_submit(ui, NULL, job);
	}
}

