/* warm.h: a day's review kept on disk, so a console started on it paints at once. */
#ifndef ROUTEDESK_UI_WARM_H
#define ROUTEDESK_UI_WARM_H

#include <time.h>

#include "common/strbuf.h"
#include "fetch/share.h"
#include "model/model.h"

/*
 * At exit the console writes the day it showed (routes, stops, their
 * customers, the technicians and service types, and the changelog id it
 * was current to) to STATE/days/ACCOUNT-DATE.json, private to its owner
 * (0600, like drafts: it holds customers' names and addresses).  ACCOUNT
 * is a hash of the API's URL and key, and the URL is also inside, checked
 * on reading, so no day of one account is shown for another.  A console
 * started on that day within WARM_MAX_AGE paints it at once, marked with
 * its age, and asks the changelog what changed since: one read (and the
 * gets of what changed) where a cold review costs six (four with a kept
 * day's tables, below).  On an office share (sh) the day is the office's:
 * DIR/ACCOUNT/days/DATE.json, 0660, so a console starting on a day another
 * one showed starts warm too.
 */
#define WARM_MAX_AGE (2 * 3600)

/*
 * A console that starts on a day not kept (or kept too long ago) still
 * takes the technicians and service types from the account's newest kept
 * day of any date, when they were read from the service at most
 * WARM_REFERENCE_MAX_AGE before: its first review then spares those two
 * searches (fetch_job_set_reference).  A new id the day names still comes
 * (the fetch thread searches the table again); what the bound is for is
 * a rename or a technician gone inactive, which no id shows.  24 hours:
 * yesterday evening's tables serve this morning's first start (the common
 * cold start: a new day), and a console left open all day keeps the
 * tables of its first review that long already, never reading them again.
 * The stamp is when the tables were read, not when the file was written,
 * so a console seeded from a kept day passes the old stamp on and a chain
 * of starts never makes tables look younger than they are.
 */
#define WARM_REFERENCE_MAX_AGE (24 * 3600)

struct warm_day {
	struct m_review *review;
	struct m_table *employees, *service_types;
	long long last_change;
	time_t saved;                  /* when it was written (wall clock) */
	time_t reference_saved;        /* when the two tables were read, 0 unknown */
};

/* Writes the day for the account (url, key): 0, or -1 with err set. */
int warm_save(const struct fetch_share *sh, const char *url, const char *key,
              const struct warm_day *d, struct strbuf *err);
/* Reads the account's day date into *d when it was written at most
 * max_age seconds before now and is whole: 1, else 0 (nothing to free). */
int warm_load(const struct fetch_share *sh, const char *url, const char *key, const char *date,
              time_t now, long max_age, struct warm_day *d);
/* The employees and service types of the account's newest kept day (of
 * any date; the state directory's, or the share's when sh) that were read
 * from the service at most max_age seconds before now: 1 with
 * d->employees, d->service_types and d->reference_saved set (no review),
 * else 0 (nothing to free).  A file without the stamp is not used. */
int warm_reference(const struct fetch_share *sh, const char *url, const char *key, time_t now,
                   long max_age, struct warm_day *d);
/* Frees what a loaded day holds that was not taken (set to NULL). */
void warm_day_free(struct warm_day *d);

/*
 * Kept files past any use (a warm start takes a day of two hours, a cold
 * one the tables of one of a day, the customer index one of 12 hours)
 * are removed, whoever's they are, so that the state directory and the
 * share do not grow by a file a day for good.  A week, for a margin.
 */
#define WARM_PRUNE_AGE (7 * 24 * 3600)
/* Removes the regular files of the directory dir (relative to base, as
 * share_fs takes it) whose names end in suffix and that were modified
 * over max_age seconds before now; never a symlink's target. */
void warm_prune(int base, const char *dir, const char *suffix, time_t now, long max_age);

#endif
