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
 * gets of what changed) where a cold review costs six.  On an office
 * share (sh) the day is the office's: DIR/ACCOUNT/days/DATE.json, 0660, so
 * a console starting on a day another one showed starts warm too.
 */
#define WARM_MAX_AGE (2 * 3600)

struct warm_day {
	struct m_review *review;
	struct m_table *employees, *service_types;
	long long last_change;
	time_t saved;                  /* when it was written (wall clock) */
};

/* Writes the day for the account (url, key): 0, or -1 with err set. */
int warm_save(const struct fetch_share *sh, const char *url, const char *key,
              const struct warm_day *d, struct strbuf *err);
/* Reads the account's day date into *d when it was written at most
 * max_age seconds before now and is whole: 1, else 0 (nothing to free). */
int warm_load(const struct fetch_share *sh, const char *url, const char *key, const char *date,
              time_t now, long max_age, struct warm_day *d);
/* Frees what a loaded day holds that was not taken (set to NULL). */
void warm_day_free(struct warm_day *d);

#endif
