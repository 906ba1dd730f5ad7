/* days.c: the reviews of days seen lately, kept and refreshed so that stepping back to one costs no reads. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ui/app.h"

/*
 * `[` `]` cost a whole review (3 reads and more) each, so a few quick
 * steps back and forth spent the minute's budget on days the console had
 * just shown.  A day left is kept here (the last DAYS_KEPT of them); the
 * refresh tick, whose changelog covers every day from the day before the
 * earliest one reviewed, moves its changed stops and routes into them as
 * into the day on screen, so a kept day is as fresh as the tick.  A kept
 * day is dropped (and fetched whole when next shown) when a refresh
 * brings it a stop whose customer it does not hold, or when the ticks
 * stopped reaching it (paused, failing) for longer than DAYS_MAX_AGE.
 */

#define DAYS_MAX_AGE (15 * 60.0)

static void drop(struct ui *ui, size_t i)
{
	m_review_free(ui->days[i].rv);
	memmove(&ui->days[i], &ui->days[i + 1], (ui->n_days - i - 1) * sizeof(ui->days[0]));
	ui->n_days--;
}

static int find(const struct ui *ui, const char *date)
{
	for (size_t i = 0; i < ui->n_days; i++)
		if (strcmp(ui->days[i].rv->date, date) == 0)
			return (int)i;
	return -1;
}

void days_keep(struct ui *ui, struct m_review *rv, double at)
{
	int i;

	if (!rv)
		return;
	if ((i = find(ui, rv->date)) >= 0)
		drop(ui, (size_t)i);
	if (ui->n_days == DAYS_KEPT)
		drop(ui, 0); /* the one left longest ago */
	ui->days[ui->n_days].rv = rv;
	ui->days[ui->n_days].at = at;
	ui->n_days++;
}

struct m_review *days_take(struct ui *ui, const char *date, double now, double *at)
{
	int i = find(ui, date);
	struct m_review *rv;

	if (i < 0)
		return NULL;
	if (now - ui->days[i].at > DAYS_MAX_AGE) {
		drop(ui, (size_t)i);
		return NULL;
	}
	rv = ui->days[i].rv;
	*at = ui->days[i].at;
	ui->days[i].rv = NULL;
	memmove(&ui->days[i], &ui->days[i + 1], (ui->n_days - (size_t)i - 1) * sizeof(ui->days[0]));
	ui->n_days--;
	return rv;
}

static const char *row_date(void *row, int is_appt)
{
	return is_appt ? ((struct m_appt *)row)->date : ((struct m_route *)row)->date;
}

void days_forget_moved(struct ui *ui, void **rows, size_t n, int is_appt)
{
	for (size_t d = 0; d < ui->n_days; d++) {
		struct m_review *rv = ui->days[d].rv;

		for (size_t i = 0; i < n; i++)
			if (strcmp(row_date(rows[i], is_appt), rv->date) != 0)
				m_table_remove(is_appt ? rv->appts : rv->routes, m_row_id(rows[i]));
	}
}

void days_forget_gone(struct ui *ui, const long long *ids, size_t n, int is_appt)
{
	for (size_t d = 0; d < ui->n_days; d++)
		for (size_t i = 0; i < n; i++)
			m_table_remove(is_appt ? ui->days[d].rv->appts : ui->days[d].rv->routes, ids[i]);
}

size_t days_take_rows(struct ui *ui, void **rows, size_t n, int is_appt, double now)
{
	size_t keep = 0;

	for (size_t i = 0; i < n; i++) {
		int d = find(ui, row_date(rows[i], is_appt));
		struct m_review *rv;

		if (d < 0) {
			rows[keep++] = rows[i];
			continue;
		}
		rv = ui->days[d].rv;
		/* A stop whose customer the day does not hold cannot be shown:
		 * the day is fetched whole when next stepped to. */
		if (is_appt && ((struct m_appt *)rows[i])->customer_id &&
		    !m_table_get(rv->customers, ((struct m_appt *)rows[i])->customer_id)) {
			drop(ui, (size_t)d);
			rows[keep++] = rows[i];
			continue;
		}
		m_table_put(is_appt ? rv->appts : rv->routes, rows[i]);
	}
	for (size_t d = 0; d < ui->n_days; d++)
		ui->days[d].at = now;
	return keep;
}

struct missing {
	const struct m_table *customers;
	long long *ids;
	size_t n;
};

static void add_missing(void *row, void *ctx)
{
	struct missing *m = ctx;
	long long cid = ((const struct m_appt *)row)->customer_id;

	if (!cid || m_table_get(m->customers, cid))
		return;
	for (size_t i = 0; i < m->n; i++)
		if (m->ids[i] == cid)
			return;
	m->ids = xrealloc(m->ids, (m->n + 1) * sizeof(*m->ids));
	m->ids[m->n++] = cid;
}

void days_read_customers(struct ui *ui, const long long *ids, size_t n)
{
	struct fetch_job *job;

	if (!n)
		return;
	job = fetch_job_rows(UI_SLOT_REVIEW_CUSTOMERS, "customer", ids, n);
	fetch_job_set_background(job);
	ui->customers_gen = ui_submit(ui, NULL, job);
}

/* Read when the day is looked at, not before: a day left is not read for
 * (see above), whatever it lacks. */
void days_read_missing(struct ui *ui)
{
	struct missing m = { ui->review->customers, NULL, 0 };

	m_table_each(ui->review->appts, add_missing, &m);
	days_read_customers(ui, m.ids, m.n);
	free(m.ids);
}

void days_free(struct ui *ui)
{
	while (ui->n_days)
		drop(ui, ui->n_days - 1);
}
