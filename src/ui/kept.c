/* kept.c: a console's start from the days its account kept on disk, and the day it keeps at exit. */
#include "config.h"

#include <stdio.h>
#include <time.h>

#include "common/strbuf.h"
#include "common/trace.h"
#include "fetch/share.h"
#include "ui/app.h"
#include "ui/base/warm.h"

/*
 * base/warm.c reads and writes the files; this is what the console does
 * with them.  A day kept lately is painted at once and brought up to date
 * by the changelog.  Any other start (another day, a day kept too long
 * ago) takes the technicians and service types of the newest kept day of
 * the account, so its first review spares those two searches (4 requests
 * where a first start ever makes 6).  Both ways the tables go to the
 * fetch thread with the review jobs (app_reload_review) until a review
 * lands: the thread has none of its own, and without them the first day
 * stepped to would search both again.
 */

/* The share whose days/ is used, else NULL: the user's own state
 * directory keeps the days of a console whose share's days/ cannot be. */
static const struct fetch_share *days_share(const struct ui *ui)
{
	return fetch_share_uses(ui->share, "days") ? ui->share : NULL;
}

void kept_save(struct ui *ui)
{
	struct warm_day d = { ui->review, ui->employees, ui->service_types, ui->last_change,
	                      time(NULL) - (time_t)(app_now() - ui->review_at), ui->reference_at };
	struct strbuf err = STRBUF_INIT;

	/* Only a day the ticks kept current to a changelog id. */
	if (!ui->review || !ui->have_baseline || ui->review_at <= 0)
		return;
	if (warm_save(days_share(ui), ui->acct.url, ui->acct.key, &d, &err) < 0)
		fprintf(stderr, "routedesk: %s\n", strbuf_str(&err));
	strbuf_free(&err);
}

/* The two tables of d become the console's, and the next review job's
 * when they are recent enough to stand for the service's. */
static void take_tables(struct ui *ui, struct warm_day *d, time_t now)
{
	ui->employees = d->employees;
	ui->service_types = d->service_types;
	d->employees = d->service_types = NULL;
	ui->reference_at = d->reference_saved;
	ui->reference_seed = d->reference_saved > 0 &&
	                     now - d->reference_saved <= WARM_REFERENCE_MAX_AGE &&
	                     d->reference_saved <= now + 60;
}

void kept_start(struct ui *ui)
{
	struct warm_day d;
	time_t now = time(NULL);

	if (warm_load(days_share(ui), ui->acct.url, ui->acct.key, ui->date, now, WARM_MAX_AGE, &d)) {
		/* The day itself: painted at once, with its age, and brought up
		 * to date by a refresh tick (the changelog since), not a review. */
		ui->review = d.review;
		d.review = NULL;
		take_tables(ui, &d, now);
		ui->last_change = d.last_change;
		ui->have_baseline = 1;
		ui->review_at = app_now() - (double)(now - d.saved);
		if (ui->review_at <= 0)
			ui->review_at = 1e-9; /* 0 means never loaded */
		trace_event("warm", "%s, %lld s old", ui->date, (long long)(now - d.saved));
	} else if (warm_reference(days_share(ui), ui->acct.url, ui->acct.key, now,
	                          WARM_REFERENCE_MAX_AGE, &d)) {
		take_tables(ui, &d, now);
		trace_event("reference", "%zu employees, %zu service types, %lld s old",
		            m_table_count(ui->employees), m_table_count(ui->service_types),
		            (long long)(now - d.reference_saved));
	}
	warm_day_free(&d);
}
